/* gmc_dispatch: what a CTA dispatcher may ask and do, on the GPU's state,
 * and the registry of dispatchers (the contract is in gmc_dispatch.h). */
#include <stdio.h>
#include <string.h>
#include "gpu/gmc_gpu_impl.h"

void gmc_dispatch_bind(gmc_dispatch_t *d, gmc_gpu_t *g, const gmc_dispatch_ops_t *ops)
{
    d->ops = ops;
    d->priv = NULL;
    d->gpu = g;
    d->sms_ = g->nsm;
    d->reference_ = (g->step & GMC_GPU_STEP_DISPATCH) != 0;
    d->now_ = &g->core_cyc;
    d->next_cta_ = &g->next_cta;
    d->ctas_ = &g->ctas_total;
    d->launched_ = &g->ctas_launched;
    d->stride_ = &g->batch_stride;
}

uint32_t gmc_dispatch_take(gmc_dispatch_t *d)
{
    gmc_gpu_t *g = d->gpu;
    return g->next_cta < g->ctas_total ? g->next_cta++ : g->ctas_total;
}

int gmc_dispatch_fits(const gmc_dispatch_t *d, unsigned sm)
{
    const gmc_gpu_t *g = d->gpu;
    return sm < g->nsm && gmc_sm_fits(g, &g->sm[sm], g->k);
}

void gmc_dispatch_launch(gmc_dispatch_t *d, unsigned sm, uint32_t cta)
{
    gmc_gpu_t *g = d->gpu;
    if (cta >= g->next_cta || !gmc_dispatch_fits(d, sm)) {
        gmc_gpu_fail(g, "CTA dispatch %s: launch of CTA %u on SM %u: expected a taken CTA id (< %u) "
                     "on an SM it fits, found %s", d->ops->name, cta, sm, g->next_cta,
                     cta >= g->next_cta ? "an id not taken" : sm >= g->nsm ? "no such SM" : "a full SM");
        return;
    }
    gmc_sm_launch(g, &g->sm[sm], cta);
    g->ctas_launched++;
}

static const gmc_dispatch_ops_t *const dispatchers[] = {&gmc_dispatch_rr, &gmc_dispatch_serial};
#define NDISPATCH (sizeof dispatchers / sizeof dispatchers[0])

const gmc_dispatch_ops_t *gmc_dispatch_get(unsigned i)
{
    return i < NDISPATCH ? dispatchers[i] : NULL;
}

int gmc_dispatch_find(const char *name, const gmc_dispatch_ops_t **ops, char *err, size_t n)
{
    for (unsigned i = 0; i < NDISPATCH; i++)
        if (!strcmp(name, dispatchers[i]->name)) {
            *ops = dispatchers[i];
            return 0;
        }
    size_t k = (size_t)snprintf(err, n, "cta_dispatch: expected one of");
    for (unsigned i = 0; i < NDISPATCH && k < n; i++)
        k += (size_t)snprintf(err + k, n - k, "%s %s", i ? "," : "", dispatchers[i]->name);
    if (k < n)
        snprintf(err + k, n - k, ", found '%s'", name);
    return -1;
}
