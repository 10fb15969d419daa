/* gmc_trace: reader for address traces, one request per line:
 *
 *     <kernel> <tb> <address>      # comment
 *
 * kernel and tb are non-negative decimal integers (up to 2^64-1), address
 * is hexadecimal with or without 0x.  Fields are separated by blanks
 * (space, tab; a trailing CR is accepted).  '#' starts a comment to the end
 * of the line; blank and comment-only lines are skipped.  Anything else is
 * an error of the form "src:line: expected ..., found '...'".  Lines may be
 * of any length (util/gmc_lines.h with GMC_LINES_ANY); a NUL byte is an
 * error at its line. */
#ifndef GMC_TRACE_H
#define GMC_TRACE_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "util/gmc_lines.h"
#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    uint64_t kernel;
    uint64_t tb;
    uint64_t addr;
} gmc_trace_rec_t;

/* Return codes of gmc_trace_next() and gmc_trace_parse_line(). */
enum {
    GMC_TRACE_REC    = 1,    /* a record was read */
    GMC_TRACE_END    = 0,    /* end of input / line holds no record */
    GMC_TRACE_ESYNTAX = -1,  /* malformed line */
    GMC_TRACE_EWIDE  = -2,   /* address has bits at or above the width */
    GMC_TRACE_EIO    = -3,   /* cannot open or read */
    GMC_TRACE_ENOMEM = -4
};

typedef struct {
    char          src[256];   /* name in messages (path, "<stdin>", ...) */
    gmc_lines_t   lines;      /* the input (util/gmc_lines.h) */
    unsigned long lineno;     /* lines read so far */
    unsigned      width;      /* address bits allowed, 1..64 (default 64) */
    int           wrap;       /* mask wider addresses instead of failing */
    uint64_t      records;    /* records returned so far */
} gmc_trace_t;

/* Opens a file ("-" = standard input).  Returns 0 or GMC_TRACE_EIO with
 * err = "path: cannot open: reason". */
int  gmc_trace_open(gmc_trace_t *t, const char *path, char *err, size_t n);
/* Reads from text[0..len-1] (not copied; keep it alive).  src names it. */
void gmc_trace_open_mem(gmc_trace_t *t, const char *text, size_t len,
                        const char *src);
/* Addresses must fit in width bits (1..64); with wrap they are masked. */
void gmc_trace_set_width(gmc_trace_t *t, unsigned width, int wrap);
/* Next record: GMC_TRACE_REC, GMC_TRACE_END at the end of input, or a
 * negative code with err = "src:line: expected ..., found '...'". */
int  gmc_trace_next(gmc_trace_t *t, gmc_trace_rec_t *r, char *err, size_t n);
void gmc_trace_close(gmc_trace_t *t);
/* The line number at which the input ended (for "found end of file"). */
unsigned long gmc_trace_eof_line(const gmc_trace_t *t);

/* Parses one line (without its '\n'; may contain NUL bytes).  at_eof says
 * the line was the unterminated end of the input, which only changes the
 * wording "end of line" to "end of file".  Returns GMC_TRACE_REC,
 * GMC_TRACE_END (blank/comment) or GMC_TRACE_ESYNTAX with
 * err = "expected ..., found '...'" (no location prefix). */
int  gmc_trace_parse_line(const char *s, size_t len, int at_eof,
                          gmc_trace_rec_t *r, char *err, size_t n);

/* Writes one record in the trace format ("kernel tb 0xaddr\n"). */
int  gmc_trace_write(FILE *f, const gmc_trace_rec_t *r);

#ifdef __cplusplus
}
#endif
#endif
