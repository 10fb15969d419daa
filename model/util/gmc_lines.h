/* gmc_lines: the one line reader of gmc's readers -- of a file, a stream
 * (standard input, a pipe) or text already in memory -- that counts lines
 * and says, in the reader's diagnostic context (gmc_diag.h), what is wrong
 * with a line it cannot return:
 *
 *   src:N: expected a line of at most MAX bytes, found a longer one
 *   src:N: expected text, found byte 0x00 at column C
 *   src:N: expected a readable file, found a read error (REASON)
 *
 * A line is returned without its '\n' and without a '\r' before it (a file
 * written on Windows reads the same).  The last line counts even without a
 * '\n'; a text that ends with '\n' has no empty line after it.  A file is
 * streamed through one buffer, so a file of any size costs at most the
 * longest line allowed (plus a read chunk): each reader states its cap. */
#ifndef GMC_LINES_H
#define GMC_LINES_H
#include <stddef.h>
#include <stdio.h>
#include "util/gmc_diag.h"
#ifdef __cplusplus
extern "C" {
#endif

/* A cap for readers whose lines may be of any length: only memory bounds them. */
#define GMC_LINES_ANY ((size_t)1 << 40)

/* What the last -1 of gmc_lines_next was, for readers whose callers tell
 * bad text from a failing file. */
enum { GMC_LINES_ETEXT = 1,    /* a line too long or with a NUL byte */
       GMC_LINES_EREAD = 2,    /* the file could not be read */
       GMC_LINES_ENOMEM = 3 }; /* no memory for a long line */

typedef struct {
    unsigned long line;       /* the number of the line last returned (0 before the first) */
    int           ended_nl;   /* that line ended with '\n' (0: the input's unterminated end) */
    int           error;      /* GMC_LINES_E* of the last -1 (0: none) */
    /* the source: a stream (f, read through buf) or text in memory */
    size_t        max;        /* longest line accepted */
    FILE         *f;
    int           own;        /* gmc_lines_close closes f */
    char         *buf;
    size_t        cap, lo, hi;   /* buf[lo, hi) read but not returned */
    int           eof;
    const char   *text;
    size_t        len, pos;
    /* The first NUL byte at or after the unread bytes (an offset into buf
     * or text), SIZE_MAX if none: found once per chunk read, so a line is
     * checked for one by a compare, not a scan (traces have millions). */
    size_t        nul;
} gmc_lines_t;

/* Lines of text[0..len) (not copied: keep it alive until the last line is used). */
void gmc_lines_text(gmc_lines_t *r, const char *text, size_t len, size_t max);
/* Lines of the file at path ("-": standard input), a regular file or a
 * FIFO (gmc_file_open_stream).  0, or -1 with "path: cannot open: REASON"
 * or "path: is a directory, expected a regular file" in d (d->src is not
 * used here). */
int  gmc_lines_open(gmc_lines_t *r, const char *path, size_t max, gmc_diag_t *d);
/* Lines of an open stream, which gmc_lines_close leaves open.  0, or -1
 * with an out-of-memory error in d. */
int  gmc_lines_stream(gmc_lines_t *r, FILE *f, size_t max, gmc_diag_t *d);
/* The next line in (*s, *len), valid until the next call: 1; 0 at the end
 * of the input; -1 with the error in d (the line number is the line's). */
int  gmc_lines_next(gmc_lines_t *r, const char **s, size_t *len, gmc_diag_t *d);
/* The line at which the input ended, for "found end of file": the last
 * line if it had no '\n', else the one after it. */
unsigned long gmc_lines_eof_line(const gmc_lines_t *r);
void gmc_lines_close(gmc_lines_t *r);

#ifdef __cplusplus
}
#endif
#endif
