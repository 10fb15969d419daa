/* gmc_quote: how a reader shows the text it found in a message
 * ("expected X, found 'text'"), the same way in every reader: the text in
 * single quotes, printable ASCII as it is, every other byte -- and the
 * quote and the backslash themselves, so that what is shown is never
 * ambiguous -- as \xNN, and at most GMC_QUOTE_SHOWN bytes of it followed
 * by "..." when it is longer (a line of a megabyte stays one short line). */
#ifndef GMC_QUOTE_H
#define GMC_QUOTE_H
#include <stddef.h>
#ifdef __cplusplus
extern "C" {
#endif

/* Bytes of the found text shown before "...". */
#define GMC_QUOTE_SHOWN 40
/* Room for any quoted text: two quotes, each byte as \xNN, "...", NUL. */
#define GMC_QUOTE_SIZE (2 + 4 * GMC_QUOTE_SHOWN + 3 + 1)

/* The caller's room for one quoted text (so that a message can quote two). */
typedef struct { char s[GMC_QUOTE_SIZE]; } gmc_quote_t;

/* s[0..len) quoted into q; returns q->s, for use right in a printf
 * argument list: gmc_diag_error(d, ln, "expected a key, found %s",
 * gmc_quote(&q, s, n)). */
const char *gmc_quote(gmc_quote_t *q, const char *s, size_t len);
/* The escape rule alone, for text shown without quotes (a list of names
 * found in a file): 1 if byte c is shown as it is, 0 if as \xNN. */
int gmc_quote_plain(unsigned char c);

#ifdef __cplusplus
}
#endif
#endif
