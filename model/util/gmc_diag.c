/* gmc_diag: the wording of readers' errors and warnings (gmc_diag.h). */
#include "util/gmc_diag.h"
#include <stdio.h>
#include <string.h>

/* "src:line: " or "src: ", then prefix2, into out[0..n); its length, or -1. */
static int head(char *out, size_t n, const char *src, unsigned line, const char *prefix2)
{
    int k = line ? snprintf(out, n, "%s:%u: %s", src, line, prefix2)
                 : snprintf(out, n, "%s: %s", src, prefix2);
    return k < 0 || (size_t)k >= n ? -1 : k;
}

void gmc_diag_verror(char *err, size_t en, const char *src, unsigned line, const char *fmt,
                     va_list ap)
{
    if (!en)
        return;
    int k = head(err, en, src, line, "");
    if (k >= 0)
        vsnprintf(err + k, en - (size_t)k, fmt, ap);
}

void gmc_diag_vwarn(char *warn, size_t wn, const char *src, unsigned line, const char *fmt,
                    va_list ap)
{
    char msg[GMC_DIAG_WARN_MAX];
    int k = head(msg, sizeof msg, src, line, "warning: ");
    if (k >= 0)
        vsnprintf(msg + k, sizeof msg - (size_t)k, fmt, ap);
    if (!warn) {
        fprintf(stderr, "%s\n", msg);
    } else if (wn) {
        size_t used = strnlen(warn, wn - 1);
        snprintf(warn + used, wn - used, "%s\n", msg);
    }
}
