/* gmc_file: input files -- opened only when they are regular files, and a
 * whole small one (a config, a map, a list of sweep points) read into
 * memory with a cap, for the readers that parse text in memory (with
 * gmc_lines_text).  Every reader of a named input opens it here, so each
 * refuses a directory, a FIFO, a device or a socket the same way: a FIFO
 * without a writer would block a plain fopen for ever, and a device such
 * as /dev/zero never ends.  Only the stream readers take a FIFO, and say
 * when it keeps them waiting.  Errors are worded as the line reader's:
 * "path: is a FIFO, expected a regular file", "path: cannot open: REASON",
 * "path: expected WHAT of at most 1 MiB, found more". */
#ifndef GMC_FILE_H
#define GMC_FILE_H
#include <stddef.h>
#include <stdio.h>
#include "util/gmc_diag.h"
#ifdef __cplusplus
extern "C" {
#endif

/* path opened for reading ("rb") if it is a regular file (symbolic links
 * followed), without waiting: the stream; else NULL, with *kind saying
 * what path is ("a directory", "a FIFO", "a character device", "a block
 * device", "a socket") and errno 0, or with *kind NULL and errno saying
 * why it cannot be opened. */
FILE *gmc_file_open(const char *path, const char **kind);

/* gmc_file_open with its refusal worded in d (d->src is not used): "path:
 * is a FIFO, expected a regular file" or "path: cannot open: REASON". */
FILE *gmc_file_open_diag(const char *path, gmc_diag_t *d);

/* For the readers that take a stream ('-' for standard input: gmc mem
 * --trace, gmc entropy --trace): a regular file, or a FIFO read as a
 * stream (`--trace <(xz -dc t.xz)`; a sweep point fed later).  A FIFO
 * with no writer after a second gets one warning line, "path: warning: a
 * FIFO with no writer yet: waiting for one", instead of a silent wait.
 * Anything else is refused as gmc_file_open_diag refuses it. */
FILE *gmc_file_open_stream(const char *path, gmc_diag_t *d);

/* Reads path into *text (malloc'd, NUL-terminated; the caller frees it)
 * and its length into *len: 0, or -1 with the error in d (*text NULL).
 * what names the file in the size error ("a config file"). */
int gmc_file_read(const char *path, size_t max, const char *what, char **text, size_t *len,
                  gmc_diag_t *d);

#ifdef __cplusplus
}
#endif
#endif
