/* gmc_gpgpusim_opts: the `-name value` reader both gpgpusim.config
 * importers use (gmc_gpgpusim_opts.h has the rules). */
#include "mem/gmc_gpgpusim_opts.h"
#include "gmc_dram_import_impl.h"
#include <stdio.h>
#include <string.h>

static int blank(char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n' || ch == '\f' || ch == '\v';
}

void gmc_text_trim(const char **s, size_t *n)
{
    while (*n && blank(**s))
        (*s)++, (*n)--;
    while (*n && blank((*s)[*n - 1]))
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

/* The line at *pos (gmc_dram_imp_line): [*s, *s + *n), the offset of its
 * end in *end. */
static int next_line(const char *text, size_t len, size_t *pos, unsigned *ln, const char **s,
                     size_t *n, size_t *end)
{
    gmc_dram_line_t l;
    if (!gmc_dram_imp_line(text, len, pos, ln, &l))
        return 0;
    *s = l.s;
    *n = l.len;
    *end = (size_t)(l.s - text) + l.len;
    return 1;
}

int gmc_gs_tok_next(const char *text, size_t len, size_t *pos, unsigned *ln, gmc_gs_tok_t *t)
{
    const char *s;
    size_t n, end;
    for (;;) {
        size_t b = *pos;
        if (!next_line(text, len, pos, ln, &s, &n, &end))
            return GMC_GS_TOK_END;
        const char *hash = memchr(s, '#', n);
        if (hash && !memchr(s, '"', (size_t)(hash - s)))
            n = (size_t)(hash - s);
        gmc_text_trim(&s, &n);
        if (!n)
            continue;
        *t = (gmc_gs_tok_t){s, n, NULL, 0, *ln, b, end};
        if (s[0] != '-' || n < 2)
            return GMC_GS_TOK_NOT_OPTION;
        size_t k = 0;
        while (k < n && !blank(s[k]))
            k++;
        const char *v = s + k;
        size_t vl = n - k;
        gmc_text_trim(&v, &vl);
        t->nl = k;
        if (vl && v[0] == '"' && !memchr(v + 1, '"', vl - 1)) {
            const char *l, *close = NULL;
            size_t ll;
            while (!close) {
                if (!next_line(text, len, pos, ln, &l, &ll, &end))
                    return GMC_GS_TOK_UNCLOSED;
                close = memchr(l, '"', ll);
            }
            vl = (size_t)(close + 1 - v);
            t->e = end;
        }
        t->v = v;
        t->vl = vl;
        return GMC_GS_TOK_OPTION;
    }
}
