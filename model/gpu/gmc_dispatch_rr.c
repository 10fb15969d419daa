/* gmc_dispatch_rr: GigaThread-like round robin (contract in
 * gmc_dispatch.h), in CTA order.  Each call asks every SM once, starting
 * at the pointer (one past the SM served last, by this call or an
 * earlier one): SM next, next + 1, ... mod nsm, launching the next CTA
 * where it fits.  So an SM gets at most one CTA per call (per core
 * cycle), and consecutive CTAs go to consecutive SMs.
 *
 * An SM the kernel's CTA did not fit is not asked again until one of its
 * CTAs ends (nofit): every CTA of a kernel needs the same, so asking would
 * give the same answer -- except in the reference mode, which asks every
 * SM every cycle. */
#include <stdio.h>
#include <stdlib.h>
#include "gpu/gmc_dispatch.h"

typedef struct {
    unsigned next;      /* the SM to ask first */
    unsigned nofit_n;   /* SMs with nofit set */
    unsigned sms;
    uint8_t  nofit[];   /* [sms]: the kernel's CTA did not fit, and none of its CTAs ended since */
} rr_t;

static int rr_init(gmc_dispatch_t *d, char *err, size_t n)
{
    unsigned sms = gmc_dispatch_sms(d);
    rr_t *r = calloc(1, sizeof *r + sms);
    if (!r) {
        snprintf(err, n, "cta_dispatch rr: out of memory for %u SMs", sms);
        return -1;
    }
    r->sms = sms;
    d->priv = r;
    return 0;
}

static void rr_free(gmc_dispatch_t *d)
{
    free(d->priv);
    d->priv = NULL;
}

/* The SM served last is not reset: a kernel's first CTA goes after the
 * previous kernel's last, as GigaThread's pointer would. */
static void rr_kernel_begin(gmc_dispatch_t *d)
{
    rr_t *r = d->priv;
    for (unsigned i = 0; i < r->sms; i++)
        r->nofit[i] = 0;
    r->nofit_n = 0;
}

static void rr_dispatch(gmc_dispatch_t *d)
{
    rr_t *r = d->priv;
    const int all = gmc_dispatch_reference(d);
    if (r->nofit_n == r->sms && !all)
        return;
    const unsigned nsm = r->sms, start = r->next;   /* the scan's start stays put as next moves */
    const uint32_t ctas = gmc_dispatch_ctas(d);
    for (unsigned i = 0; i < nsm && gmc_dispatch_next_cta(d) < ctas; i++) {
        unsigned s = (start + i) % nsm;
        if (r->nofit[s] && !all)
            continue;
        if (gmc_dispatch_fits(d, s)) {
            gmc_dispatch_launch(d, s, gmc_dispatch_take(d));
            r->next = (s + 1) % nsm;
        } else if (!r->nofit[s]) {
            r->nofit[s] = 1;
            r->nofit_n++;
        }
    }
}

static uint64_t rr_next_event(const gmc_dispatch_t *d)
{
    const rr_t *r = d->priv;
    return r->nofit_n < r->sms ? gmc_dispatch_now(d) : GMC_DISPATCH_NEVER;
}

static void rr_cta_end(gmc_dispatch_t *d, unsigned sm)
{
    rr_t *r = d->priv;
    if (r->nofit[sm]) {   /* room again: dispatch tries it */
        r->nofit[sm] = 0;
        r->nofit_n--;
    }
}

const gmc_dispatch_ops_t gmc_dispatch_rr = {
    "rr", "GigaThread-like round robin over the SMs, one CTA per SM per cycle, in CTA order",
    rr_dispatch, rr_next_event, rr_cta_end, rr_kernel_begin, rr_init, rr_free,
};
