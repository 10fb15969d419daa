/* gmc_gpgpusim_opts: the `-name value` reader both gpgpusim.config
 * importers use (gmc_gpgpusim_opts.h has the rules). */
#include "mem/gmc_gpgpusim_opts.h"
#include <string.h>
#include "util/gmc_text.h"

void gmc_gs_toks_init(gmc_gs_toks_t *k, const char *text, size_t len)
{
    k->text = text;
    gmc_lines_text(&k->lines, text, len, GMC_LINES_ANY);
}

int gmc_gs_tok_next(gmc_gs_toks_t *k, gmc_gs_tok_t *t, gmc_diag_t *d)
{
    const char *s;
    size_t n;
    int got;
    while ((got = gmc_lines_next(&k->lines, &s, &n, d)) == 1) {
        size_t b = (size_t)(s - k->text), end = b + n;
        unsigned ln = (unsigned)k->lines.line;
        const char *hash = memchr(s, '#', n);
        if (hash && !memchr(s, '"', (size_t)(hash - s)))
            n = (size_t)(hash - s);
        gmc_text_trim(&s, &n);
        if (!n)
            continue;
        *t = (gmc_gs_tok_t){s, n, NULL, 0, ln, b, end};
        if (s[0] != '-' || n < 2)
            return GMC_GS_TOK_NOT_OPTION;
        size_t kl = 0;
        while (kl < n && !gmc_text_blank(s[kl]))
            kl++;
        const char *v = s + kl;
        size_t vl = n - kl;
        gmc_text_trim(&v, &vl);
        t->nl = kl;
        if (vl && v[0] == '"' && !memchr(v + 1, '"', vl - 1)) {
            const char *l, *close = NULL;
            size_t ll;
            while (!close) {
                if ((got = gmc_lines_next(&k->lines, &l, &ll, d)) != 1)
                    return got < 0 ? GMC_GS_TOK_ERROR : GMC_GS_TOK_UNCLOSED;
                close = memchr(l, '"', ll);
            }
            vl = (size_t)(close + 1 - v);
            t->e = (size_t)(l - k->text) + ll;
        }
        t->v = v;
        t->vl = vl;
        return GMC_GS_TOK_OPTION;
    }
    return got < 0 ? GMC_GS_TOK_ERROR : GMC_GS_TOK_END;
}
