/* gmc_accelsim_ops: the gmc_kernel ops of a loaded Accel-Sim kernel.
 * The cursor holds the warp's [next, end) record indices and the kernel;
 * next() copies one 32-byte record out and expands its lane addresses --
 * no allocation, no parsing, O(active lanes). */
#include <stdlib.h>
#include <string.h>
#include "gpu/gmc_accelsim_impl.h"

/* the memory budget docs/harness.md (Accel-Sim traces) states */
_Static_assert(sizeof(as_rec_t) == 32, "an instruction record is 32 bytes");

static int cmp_cta(const void *key, const void *elem)
{
    uint32_t c = *(const uint32_t *)key, e = ((const as_tb_t *)elem)->cta;
    return c < e ? -1 : c > e;
}

/* A CTA or warp the trace has no instructions for gets an empty stream. */
static void as_warp_begin(gmc_kernel_t *k, uint32_t cta, uint32_t warp, gmc_warp_cursor_t *c)
{
    const as_kernel_t *kd = k->impl;
    memset(c, 0, sizeof *c);
    c->p = kd;
    const as_tb_t *tb = kd->ntb ? bsearch(&cta, kd->tbs, kd->ntb, sizeof *kd->tbs, cmp_cta) : NULL;
    if (!tb || warp >= kd->wpc)
        return;
    const as_warp_t *w = &kd->warps[tb->warp0 + warp];
    c->u.trace.next = w->first;
    c->u.trace.end = (uint64_t)w->first + w->count;
}

static int as_next(gmc_kernel_t *k, gmc_warp_cursor_t *c, gmc_inst_t *in, char *err, size_t n)
{
    (void)k;
    (void)err;
    (void)n;
    if (c->u.trace.next >= c->u.trace.end)
        return 0;
    const as_kernel_t *kd = c->p;
    const as_rec_t *r = &kd->recs[c->u.trace.next++];
    in->pc = r->pc;
    in->mask = r->mask;
    in->op = r->op;
    in->width = r->width;
    in->lat = r->lat;
    in->strided = 0;   /* every form of the trace is listed lane by lane (below) */
    in->deps = GMC_DEPS_REGS;   /* a trace line lists its registers, even none */
    in->unit = r->unit;
    in->ndst = r->ndst;
    in->nsrc = r->nsrc;
    const uint16_t *rg = kd->regs + r->regs;
    memcpy(in->dst, rg, r->ndst * sizeof *rg);
    memcpy(in->src, rg + r->ndst, r->nsrc * sizeof *rg);
    uint32_t m = r->mask;
    uint64_t a = r->base;
    switch (r->mode) {
    case AS_ADDR_STRIDE: {
        uint64_t stride = (uint64_t)(int64_t)(int32_t)r->aux;
        for (; m; m &= m - 1, a += stride)
            in->addr[__builtin_ctz(m)] = a;
        break;
    }
    case AS_ADDR_OFF32: {
        const int32_t *o = kd->off32 + r->aux;
        in->addr[__builtin_ctz(m)] = a;
        for (m &= m - 1; m; m &= m - 1)
            in->addr[__builtin_ctz(m)] = a + (uint64_t)(int64_t)*o++;
        break;
    }
    case AS_ADDR_ABS64: {
        const uint64_t *o = kd->abs64 + r->aux;
        in->addr[__builtin_ctz(m)] = a;
        for (m &= m - 1; m; m &= m - 1)
            in->addr[__builtin_ctz(m)] = *o++;
        break;
    }
    default:
        break;
    }
    return 1;
}

/* cta_end stays NULL: the whole file is in memory until unload. */
const gmc_kernel_ops_t as_kernel_ops = {as_warp_begin, as_next, NULL};

void as_kernel_free(as_kernel_t *kd)
{
    free(kd->recs);
    free(kd->off32);
    free(kd->abs64);
    free(kd->regs);
    free(kd->warps);
    free(kd->tbs);
    memset(kd, 0, sizeof *kd);
}
