/* gmc_diag: the wording of readers' errors and warnings (gmc_diag.h). */
#include "util/gmc_diag.h"
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "util/gmc_num.h"
#include "util/gmc_quote.h"

/* "src:line: " or "src: " or nothing, then prefix2, into out[0..n); its
 * length, or -1 when it does not fit. */
static int head(char *out, size_t n, const char *src, unsigned long line, const char *prefix2)
{
    int k = !src ? snprintf(out, n, "%s", prefix2)
          : line ? snprintf(out, n, "%s:%lu: %s", src, line, prefix2)
                 : snprintf(out, n, "%s: %s", src, prefix2);
    return k < 0 || (size_t)k >= n ? -1 : k;
}

int gmc_diag_error(gmc_diag_t *d, unsigned long line, const char *fmt, ...)
{
    if (!d->en)
        return -1;
    int k = head(d->err, d->en, d->src, line, "");
    if (k >= 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(d->err + k, d->en - (size_t)k, fmt, ap);
        va_end(ap);
    }
    return -1;
}

void gmc_diag_warn(gmc_diag_t *d, unsigned long line, const char *fmt, ...)
{
    char msg[GMC_DIAG_WARN_MAX];
    int k = head(msg, sizeof msg, d->src, line, "warning: ");
    if (k >= 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg + k, sizeof msg - (size_t)k, fmt, ap);
        va_end(ap);
    }
    d->nwarn++;
    if (!d->warn) {
        fprintf(stderr, "%s\n", msg);
    } else if (d->wn) {
        size_t used = strnlen(d->warn, d->wn - 1);
        snprintf(d->warn + used, d->wn - used, "%s\n", msg);
    }
}

int gmc_diag_expected(gmc_diag_t *d, unsigned long line, const char *what, const char *found,
                      size_t len)
{
    gmc_quote_t q;
    if (!len)
        return gmc_diag_error(d, line, "expected %s, found nothing", what);
    return gmc_diag_error(d, line, "expected %s, found %s", what, gmc_quote(&q, found, len));
}

int gmc_diag_expected_num(gmc_diag_t *d, unsigned long line, const char *what, const char *found,
                          size_t len, int rc)
{
    gmc_quote_t q;
    if (!len)
        return gmc_diag_error(d, line, "expected %s, found nothing", what);
    return gmc_diag_error(d, line, "expected %s, found %s%s", what, gmc_quote(&q, found, len),
                          gmc_num_note(rc));
}
