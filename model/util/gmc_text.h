/* gmc_text: small text helpers the readers share -- trimming a field and
 * building the one-line lists their reports print ("ignored: -a -b ..."). */
#ifndef GMC_TEXT_H
#define GMC_TEXT_H
#include <stddef.h>
#ifdef __cplusplus
extern "C" {
#endif

/* A blank of gmc's text formats: space, tab, CR, LF, FF, VT. */
int  gmc_text_blank(char ch);
/* Trims blanks at both ends of [*s, *s + *n). */
void gmc_text_trim(const char **s, size_t *n);
/* Appends a word to a blank-separated list in list[0..n), ending it with
 * "..." (and taking no more) when the next word would not fit.  A byte
 * gmc_quote would escape is written as \xNN: the words come from files. */
void gmc_text_list_add(char *list, size_t n, const char *w, size_t wl);

#ifdef __cplusplus
}
#endif
#endif
