/* gmc_text: trimming and one-line lists (gmc_text.h). */
#include "util/gmc_text.h"
#include <stdio.h>
#include <string.h>

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
    size_t used = strlen(list);
    if (used >= 3 && !strcmp(list + used - 3, "..."))
        return;
    if (used + 1 + wl + 4 >= n) {
        snprintf(list + used, n - used, "%s...", used ? " " : "");
        return;
    }
    snprintf(list + used, n - used, "%s%.*s", used ? " " : "", (int)wl, w);
}
