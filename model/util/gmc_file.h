/* gmc_file: a whole small input file (a config, a map, a list of sweep
 * points) read into memory with a cap, for the readers that parse text in
 * memory (with gmc_lines_text).  Its errors are worded as the line
 * reader's: "path: is a directory, expected a regular file", "path: cannot
 * open: REASON", "path: expected WHAT of at most 1 MiB, found more". */
#ifndef GMC_FILE_H
#define GMC_FILE_H
#include <stddef.h>
#include "util/gmc_diag.h"
#ifdef __cplusplus
extern "C" {
#endif

/* Reads path into *text (malloc'd, NUL-terminated; the caller frees it)
 * and its length into *len: 0, or -1 with the error in d (*text NULL).
 * what names the file in the size error ("a config file"). */
int gmc_file_read(const char *path, size_t max, const char *what, char **text, size_t *len,
                  gmc_diag_t *d);

#ifdef __cplusplus
}
#endif
#endif
