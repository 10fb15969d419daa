/* gmc_text: trimming and one-line lists (gmc_text.h). */
#include "util/gmc_text.h"
#include <stdio.h>
#include <string.h>
#include "util/gmc_quote.h"

int gmc_text_blank(char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n' || ch == '\f' || ch == '\v';
}

void gmc_text_trim(const char **s, size_t *n)
{
    while (*n && gmc_text_blank(**s))
        (*s)++, (*n)--;
    while (*n && gmc_text_blank((*s)[*n - 1]))
        (*n)--;
}

void gmc_text_list_add(char *list, size_t n, const char *w, size_t wl)
{
    static const char hex[] = "0123456789abcdef";
    size_t used = strlen(list), el = 0;
    if (used >= 3 && !strcmp(list + used - 3, "..."))
        return;
    for (size_t i = 0; i < wl; i++)
        el += gmc_quote_plain((unsigned char)w[i]) ? 1 : 4;
    if (used + 1 + el + 4 >= n) {
        snprintf(list + used, n - used, "%s...", used ? " " : "");
        return;
    }
    char *o = list + used;
    if (used)
        *o++ = ' ';
    for (size_t i = 0; i < wl; i++) {
        unsigned char c = (unsigned char)w[i];
        if (gmc_quote_plain(c)) {
            *o++ = (char)c;
        } else {
            *o++ = '\\', *o++ = 'x', *o++ = hex[c >> 4], *o++ = hex[c & 15];
        }
    }
    *o = 0;
}
