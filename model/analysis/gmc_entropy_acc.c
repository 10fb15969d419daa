/* gmc_entropy accumulator: per-TB request and ones counters filled one
 * request at a time, then per kernel the TBs in id order are handed to the
 * window pass (gmc_entropy.c).  See gmc_entropy.h. */
#include "analysis/gmc_entropy.h"
#include "analysis/gmc_entropy_impl.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    uint64_t kernel, tb, count;
} tbrec_t;

struct gmc_entropy {
    unsigned  bits, views;
    uint64_t  requests;
    size_t    ntb, cap;
    tbrec_t  *tb;
    uint64_t *ones;     /* [tb][view][bit] */
    size_t   *slot;     /* TB index + 1, 0 = empty */
    size_t    nslot;
    size_t    last;     /* TB of the previous request + 1 (runs are common) */
};

gmc_entropy_t *gmc_entropy_new(unsigned bits, unsigned views)
{
    if (bits < 1 || bits > 64 || views < 1 || views > GMC_ENTROPY_MAX_VIEWS)
        return NULL;
    gmc_entropy_t *e = calloc(1, sizeof *e);
    if (!e)
        return NULL;
    e->bits = bits;
    e->views = views;
    e->nslot = 1024;
    e->slot = calloc(e->nslot, sizeof *e->slot);
    if (!e->slot) {
        free(e);
        return NULL;
    }
    return e;
}

void gmc_entropy_free(gmc_entropy_t *e)
{
    if (!e)
        return;
    free(e->tb);
    free(e->ones);
    free(e->slot);
    free(e);
}

static int rehash(gmc_entropy_t *e, size_t nslot)
{
    size_t *slot = calloc(nslot, sizeof *slot), mask = nslot - 1;
    if (!slot)
        return -1;
    for (size_t i = 0; i < e->ntb; i++) {
        size_t h = (size_t)gmc_entropy_mix2(e->tb[i].kernel, e->tb[i].tb) & mask;
        while (slot[h])
            h = (h + 1) & mask;
        slot[h] = i + 1;
    }
    free(e->slot);
    e->slot = slot;
    e->nslot = nslot;
    return 0;
}

static long find_or_add(gmc_entropy_t *e, uint64_t kernel, uint64_t tb)
{
    size_t mask = e->nslot - 1, h = (size_t)gmc_entropy_mix2(kernel, tb) & mask;
    for (;;) {
        size_t k = e->slot[h];
        if (!k)
            break;
        if (e->tb[k - 1].kernel == kernel && e->tb[k - 1].tb == tb)
            return (long)(k - 1);
        h = (h + 1) & mask;
    }
    if (e->ntb == e->cap) {
        size_t cap = e->cap ? 2 * e->cap : 256;
        size_t per = (size_t)e->views * e->bits;
        tbrec_t *t = realloc(e->tb, cap * sizeof *t);
        if (!t)
            return -1;
        e->tb = t;
        uint64_t *o = realloc(e->ones, cap * per * sizeof *o);
        if (!o)
            return -1;
        e->ones = o;
        e->cap = cap;
    }
    size_t i = e->ntb++;
    e->tb[i] = (tbrec_t){kernel, tb, 0};
    memset(e->ones + i * e->views * e->bits, 0,
           (size_t)e->views * e->bits * sizeof *e->ones);
    e->slot[h] = i + 1;
    if (2 * e->ntb > e->nslot && rehash(e, 2 * e->nslot)) {
        e->ntb--;   /* keep the table consistent; caller reports OOM */
        e->slot[h] = 0;
        return -1;
    }
    return (long)i;
}

int gmc_entropy_add(gmc_entropy_t *e, uint64_t kernel, uint64_t tb,
                    const uint64_t *addr)
{
    size_t i;
    if (e->last && e->tb[e->last - 1].kernel == kernel &&
        e->tb[e->last - 1].tb == tb) {
        i = e->last - 1;
    } else {
        long k = find_or_add(e, kernel, tb);
        if (k < 0)
            return -1;
        i = (size_t)k;
        e->last = i + 1;
    }
    e->tb[i].count++;
    e->requests++;
    uint64_t *o = e->ones + i * e->views * e->bits;
    for (unsigned v = 0; v < e->views; v++, o += e->bits) {
        uint64_t a = addr[v];
        for (unsigned b = 0; b < e->bits; b++)
            o[b] += (a >> b) & 1u;
    }
    return 0;
}

size_t   gmc_entropy_tbs(const gmc_entropy_t *e) { return e->ntb; }

typedef struct {
    uint64_t kernel, tb;
    size_t   i;
} tbkey_t;

static int by_kernel_tb(const void *a, const void *b)
{
    const tbkey_t *x = a, *y = b;
    if (x->kernel != y->kernel)
        return x->kernel < y->kernel ? -1 : 1;
    if (x->tb != y->tb)
        return x->tb < y->tb ? -1 : 1;
    return 0;
}

/* TBs sorted by (kernel, tb); NULL when out of memory. */
static tbkey_t *sorted_tbs(const gmc_entropy_t *e)
{
    tbkey_t *k = malloc((e->ntb ? e->ntb : 1) * sizeof *k);
    if (!k)
        return NULL;
    for (size_t i = 0; i < e->ntb; i++)
        k[i] = (tbkey_t){e->tb[i].kernel, e->tb[i].tb, i};
    qsort(k, e->ntb, sizeof *k, by_kernel_tb);
    return k;
}

size_t gmc_entropy_kernels(const gmc_entropy_t *e)
{
    tbkey_t *ix = sorted_tbs(e);
    size_t k = 0;
    if (!ix)
        return 0;
    for (size_t i = 0; i < e->ntb; i++)
        k += i == 0 || ix[i].kernel != ix[i - 1].kernel;
    free(ix);
    return k;
}

int gmc_entropy_compute(const gmc_entropy_t *e, size_t w,
                        gmc_entropy_metric_t m, unsigned view, double *h,
                        gmc_entropy_summary_t *s)
{
    if (!w || view >= e->views || !e->requests ||
        (unsigned)m >= GMC_ENTROPY_NMETRICS)
        return -1;
    tbkey_t *ix = sorted_tbs(e);
    if (!ix)
        return -1;
    size_t maxn = 0;
    for (size_t g0 = 0, g1; g0 < e->ntb; g0 = g1) {
        for (g1 = g0 + 1; g1 < e->ntb &&
             ix[g1].kernel == ix[g0].kernel; g1++)
            ;
        if (g1 - g0 > maxn)
            maxn = g1 - g0;
    }
    gmc_ewin_t sc;
    gmc_bvr_t *bvr = malloc(maxn * sizeof *bvr);
    if (!bvr || gmc_ewin_init(&sc, maxn)) {
        free(bvr);
        free(ix);
        return -1;
    }
    gmc_entropy_summary_t sum = {.window = w, .tbs = e->ntb,
                                 .requests = e->requests};
    for (unsigned b = 0; b < e->bits; b++)
        h[b] = 0.0;
    size_t per = (size_t)e->views * e->bits;
    for (size_t g0 = 0, g1; g0 < e->ntb; g0 = g1) {
        uint64_t weight = 0;
        for (g1 = g0; g1 < e->ntb &&
             ix[g1].kernel == ix[g0].kernel; g1++)
            weight += e->tb[ix[g1].i].count;
        size_t n = g1 - g0, wk = w < n ? w : n;
        sum.kernels++;
        sum.short_kernels += n < w;
        for (unsigned b = 0; b < e->bits; b++) {
            for (size_t i = 0; i < n; i++) {
                size_t t = ix[g0 + i].i;
                bvr[i].ones = e->ones[t * per + (size_t)view * e->bits + b];
                bvr[i].count = e->tb[t].count;
            }
            h[b] += (double)weight * gmc_ewin_mean(&sc, m, bvr, n, wk);
        }
        sum.windows += n - wk + 1;
    }
    for (unsigned b = 0; b < e->bits; b++)
        h[b] /= (double)e->requests;
    gmc_ewin_free(&sc);
    free(bvr);
    free(ix);
    if (s)
        *s = sum;
    return 0;
}
