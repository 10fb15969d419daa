/* gmc_diag: the one diagnostic context of gmc's readers.  Every error is
 * one line "src:line: expected X, found Y" ("src: ..." when the line is 0,
 * the bare message when src is NULL -- a one-line parser whose caller adds
 * the place) written into the caller's buffer; every warning is a line
 * "src:line: warning: ..." to stderr or appended to the caller's buffer.
 * A reader keeps one gmc_diag_t for the input it reads and passes it to
 * the line reader (gmc_lines.h), so the place is worded the same way
 * whoever finds the fault. */
#ifndef GMC_DIAG_H
#define GMC_DIAG_H
#include <stddef.h>
#ifdef __cplusplus
extern "C" {
#endif

/* Longest warning line kept (longer ones are cut). */
#define GMC_DIAG_WARN_MAX 640

typedef struct {
    const char *src;    /* names the input (a path, "--set", "<stdin>"); NULL: no place */
    char       *err;    /* the error line goes to err[0..en) (nowhere when en is 0) */
    size_t      en;
    char       *warn;   /* warnings: NULL = stderr; else appended to warn[0..wn), */
    size_t      wn;     /* dropped when wn is 0 */
    int         nwarn;  /* warnings given so far */
} gmc_diag_t;

#if defined(__GNUC__)
#define GMC_DIAG_PRINTF_(a, b) __attribute__((format(printf, a, b)))
#else
#define GMC_DIAG_PRINTF_(a, b)
#endif

/* The error at line (0: none); returns -1, for `return gmc_diag_error(...)`. */
int  gmc_diag_error(gmc_diag_t *d, unsigned long line, const char *fmt, ...) GMC_DIAG_PRINTF_(3, 4);
/* A warning at line (0: none); counts it in d->nwarn. */
void gmc_diag_warn(gmc_diag_t *d, unsigned long line, const char *fmt, ...) GMC_DIAG_PRINTF_(3, 4);
/* "expected WHAT, found 'FOUND'" (gmc_quote.h), or "..., found nothing"
 * when len is 0; returns -1. */
int  gmc_diag_expected(gmc_diag_t *d, unsigned long line, const char *what, const char *found,
                       size_t len);
/* The same for a number that gmc_num_* refused with code rc: the quoted
 * text and gmc_num_note(rc) ("... found '99999999999999999999' (too large)"). */
int  gmc_diag_expected_num(gmc_diag_t *d, unsigned long line, const char *what, const char *found,
                           size_t len, int rc);

#ifdef __cplusplus
}
#endif
#endif
