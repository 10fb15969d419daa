/* gmc_entropy: window-based address-bit entropy (seed 003 Eq. 1 and 2).
 * See gmc_entropy.h for the definition. */
#include "analysis/gmc_entropy.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ helpers */

static uint64_t gcd64(uint64_t a, uint64_t b)
{
    while (b) {
        uint64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

static gmc_bvr_t bvr_reduce(gmc_bvr_t r)
{
    uint64_t g = gcd64(r.ones, r.count);   /* count > 0, so g > 0 */
    r.ones /= g;
    r.count /= g;
    return r;
}

int gmc_bvr_equal(gmc_bvr_t a, gmc_bvr_t b)
{
    a = bvr_reduce(a);
    b = bvr_reduce(b);
    return a.ones == b.ones && a.count == b.count;
}

static uint64_t mix2(uint64_t a, uint64_t b)   /* splitmix64 finalizer */
{
    uint64_t x = a * 0x9e3779b97f4a7c15ULL ^ (b + 0x632be59bd9b4e019ULL);
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    x ^= x >> 31;
    return x;
}

static size_t pow2_at_least(size_t n)
{
    size_t p = 16;
    while (p < n)
        p <<= 1;
    return p;
}

double gmc_entropy_eq1(const uint64_t *c, size_t v)
{
    uint64_t sum = 0;
    size_t nz = 0;
    for (size_t j = 0; j < v; j++) {
        sum += c[j];
        nz += c[j] != 0;
    }
    if (nz < 2)
        return 0.0;
    double h = 0.0;
    for (size_t j = 0; j < v; j++) {
        if (!c[j])
            continue;
        double p = (double)c[j] / (double)sum;
        h -= p * log(p);
    }
    h /= log((double)nz);
    return h < 0.0 ? 0.0 : h > 1.0 ? 1.0 : h;
}

/* ------------------------------------------------- sliding windows */

/* Scratch for one (kernel, bit): class ids by hashing reduced BVRs, counts
 * per class, and the tables c*ln(c) and ln(v). Sized for the largest
 * kernel once, reused for every bit. */
typedef struct {
    size_t    cap;      /* TBs */
    size_t    nslot;    /* hash slots, power of two >= 2 cap */
    size_t   *slot;     /* class id + 1, 0 = empty */
    gmc_bvr_t *key;     /* reduced BVR of each class */
    size_t   *id;       /* class of TB i */
    size_t   *cnt;      /* occurrences of each class in the window */
    double   *clnc;     /* c ln c, c = 0..cap */
    double   *lnv;      /* ln v, v = 0..cap */
} scratch_t;

static void scratch_free(scratch_t *s)
{
    free(s->slot);
    free(s->key);
    free(s->id);
    free(s->cnt);
    free(s->clnc);
    free(s->lnv);
    memset(s, 0, sizeof *s);
}

static int scratch_init(scratch_t *s, size_t cap)
{
    memset(s, 0, sizeof *s);
    s->cap = cap;
    s->nslot = pow2_at_least(2 * cap);
    s->slot = calloc(s->nslot, sizeof *s->slot);
    s->key = malloc(cap * sizeof *s->key);
    s->id = malloc(cap * sizeof *s->id);
    s->cnt = calloc(cap, sizeof *s->cnt);
    s->clnc = malloc((cap + 1) * sizeof *s->clnc);
    s->lnv = malloc((cap + 1) * sizeof *s->lnv);
    if (!s->slot || !s->key || !s->id || !s->cnt || !s->clnc || !s->lnv) {
        scratch_free(s);
        return -1;
    }
    for (size_t c = 0; c <= cap; c++) {
        s->clnc[c] = c ? (double)c * log((double)c) : 0.0;
        s->lnv[c] = c ? log((double)c) : 0.0;
    }
    return 0;
}

/* Class ids for bvr[0..n-1]; returns the number of classes. */
static size_t classify(scratch_t *s, const gmc_bvr_t *bvr, size_t n)
{
    size_t nslot = pow2_at_least(2 * n), mask = nslot - 1, ncls = 0;
    memset(s->slot, 0, nslot * sizeof *s->slot);
    for (size_t i = 0; i < n; i++) {
        gmc_bvr_t r = bvr_reduce(bvr[i]);
        size_t h = (size_t)mix2(r.ones, r.count) & mask;
        for (;;) {
            size_t k = s->slot[h];
            if (!k) {
                s->key[ncls] = r;
                s->slot[h] = ++ncls;
                s->id[i] = ncls - 1;
                break;
            }
            if (s->key[k - 1].ones == r.ones && s->key[k - 1].count == r.count) {
                s->id[i] = k - 1;
                break;
            }
            h = (h + 1) & mask;
        }
    }
    return ncls;
}

/* Mean window entropy over the classified TBs (n >= w >= 1).
 * Keeps v (distinct classes) and S = sum c ln c up to date as the window
 * slides; H_i = (ln w - S/w) / ln v, which is Eq. 1 rewritten. */
static double slide(scratch_t *s, size_t n, size_t w, size_t ncls,
                    uint64_t *nwin)
{
    size_t v = 0;
    double S = 0.0, lnw = log((double)w), sum = 0.0;
    memset(s->cnt, 0, ncls * sizeof *s->cnt);
    for (size_t i = 0; i < n; i++) {
        size_t c = s->cnt[s->id[i]]++;
        S += s->clnc[c + 1] - s->clnc[c];
        v += c == 0;
        if (i >= w) {
            c = s->cnt[s->id[i - w]]--;
            S += s->clnc[c - 1] - s->clnc[c];
            v -= c == 1;
        }
        if (i + 1 >= w && v > 1) {
            double h = (lnw - S / (double)w) / s->lnv[v];
            sum += h < 0.0 ? 0.0 : h > 1.0 ? 1.0 : h;
        }
    }
    *nwin += n - w + 1;
    return sum / (double)(n - w + 1);
}

int gmc_entropy_window(const gmc_bvr_t *bvr, size_t n, size_t w, double *h)
{
    if (!n || !w)
        return -1;
    for (size_t i = 0; i < n; i++)
        if (!bvr[i].count || bvr[i].ones > bvr[i].count)
            return -1;
    if (w > n)
        w = n;
    scratch_t s;
    if (scratch_init(&s, n))
        return -1;
    uint64_t nwin = 0;
    size_t ncls = classify(&s, bvr, n);
    *h = slide(&s, n, w, ncls, &nwin);
    scratch_free(&s);
    return 0;
}

/* -------------------------------------------------------- accumulator */

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
        size_t h = (size_t)mix2(e->tb[i].kernel, e->tb[i].tb) & mask;
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
    size_t mask = e->nslot - 1, h = (size_t)mix2(kernel, tb) & mask;
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

unsigned gmc_entropy_bits(const gmc_entropy_t *e) { return e->bits; }
unsigned gmc_entropy_views(const gmc_entropy_t *e) { return e->views; }
uint64_t gmc_entropy_requests(const gmc_entropy_t *e) { return e->requests; }
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

int gmc_entropy_compute(const gmc_entropy_t *e, size_t w, unsigned view,
                        double *h, gmc_entropy_summary_t *s)
{
    if (!w || view >= e->views || !e->requests)
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
    scratch_t sc;
    gmc_bvr_t *bvr = malloc(maxn * sizeof *bvr);
    if (!bvr || scratch_init(&sc, maxn)) {
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
            size_t ncls = classify(&sc, bvr, n);
            uint64_t nwin = 0;
            h[b] += (double)weight * slide(&sc, n, wk, ncls, &nwin);
            if (b == 0)
                sum.windows += nwin;
        }
    }
    for (unsigned b = 0; b < e->bits; b++)
        h[b] /= (double)e->requests;
    scratch_free(&sc);
    free(bvr);
    free(ix);
    if (s)
        *s = sum;
    return 0;
}
