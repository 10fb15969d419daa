/* gmc_entropy: the window entropies of PAE [ISCA'18] Eq. 1 and 2 (the "paper"
 * metric) and the "pooled" variant.  See gmc_entropy.h for the definitions;
 * the accumulator that feeds them is gmc_entropy_acc.c. */
#include "analysis/gmc_entropy.h"
#include "analysis/gmc_entropy_impl.h"

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

static const char *const metric_names[GMC_ENTROPY_NMETRICS] = {"paper", "pooled"};

const char *gmc_entropy_metric_name(gmc_entropy_metric_t m)
{
    return (unsigned)m < GMC_ENTROPY_NMETRICS ? metric_names[m] : "?";
}

int gmc_entropy_metric_parse(const char *name, gmc_entropy_metric_t *m)
{
    for (unsigned i = 0; i < GMC_ENTROPY_NMETRICS; i++)
        if (!strcmp(name, metric_names[i])) {
            *m = (gmc_entropy_metric_t)i;
            return 0;
        }
    return -1;
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

double gmc_entropy_h2(uint64_t ones, uint64_t total)
{
    if (!ones || ones >= total)
        return 0.0;
    /* Both probabilities from integers, so p0 + p1 = 1 to rounding and
     * ones = total / 2 gives exactly 1. */
    double p1 = (double)ones / (double)total;
    double p0 = (double)(total - ones) / (double)total;
    double h = -(p1 * log2(p1) + p0 * log2(p0));
    return h > 1.0 ? 1.0 : h;
}

/* Neumaier-compensated sum: the mean over hundreds of thousands of
 * windows keeps full double precision. */
typedef struct {
    double s, c;
} ksum_t;

static void ksum_add(ksum_t *k, double x)
{
    double t = k->s + x;
    if (fabs(k->s) >= fabs(x))
        k->c += (k->s - t) + x;
    else
        k->c += (x - t) + k->s;
    k->s = t;
}

/* ------------------------------------------------------------ scratch */

void gmc_ewin_free(gmc_ewin_t *s)
{
    free(s->slot);
    free(s->key);
    free(s->id);
    free(s->cnt);
    free(s->clnc);
    free(s->lnv);
    free(s->q);
    memset(s, 0, sizeof *s);
}

int gmc_ewin_init(gmc_ewin_t *s, size_t cap)
{
    memset(s, 0, sizeof *s);
    s->cap = cap;
    s->slot = calloc(pow2_at_least(2 * cap), sizeof *s->slot);
    s->key = malloc(cap * sizeof *s->key);
    s->id = malloc(cap * sizeof *s->id);
    s->cnt = calloc(cap, sizeof *s->cnt);
    s->clnc = malloc((cap + 1) * sizeof *s->clnc);
    s->lnv = malloc((cap + 1) * sizeof *s->lnv);
    s->q = malloc(cap * sizeof *s->q);
    if (!s->slot || !s->key || !s->id || !s->cnt || !s->clnc || !s->lnv ||
        !s->q) {
        gmc_ewin_free(s);
        return -1;
    }
    for (size_t c = 0; c <= cap; c++) {
        s->clnc[c] = c ? (double)c * log((double)c) : 0.0;
        s->lnv[c] = c ? log((double)c) : 0.0;
    }
    return 0;
}

/* ------------------------------------------------ paper: Eq. 1, log_v */

/* Class ids for bvr[0..n-1] by hashing the reduced fractions; returns the
 * number of classes. */
static size_t classify(gmc_ewin_t *s, const gmc_bvr_t *bvr, size_t n)
{
    size_t nslot = pow2_at_least(2 * n), mask = nslot - 1, ncls = 0;
    memset(s->slot, 0, nslot * sizeof *s->slot);
    for (size_t i = 0; i < n; i++) {
        gmc_bvr_t r = bvr_reduce(bvr[i]);
        size_t h = (size_t)gmc_entropy_mix2(r.ones, r.count) & mask;
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
static double slide_paper(gmc_ewin_t *s, size_t n, size_t w, size_t ncls)
{
    size_t v = 0;
    double S = 0.0, lnw = log((double)w);
    ksum_t sum = {0, 0};
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
            ksum_add(&sum, h < 0.0 ? 0.0 : h > 1.0 ? 1.0 : h);
        }
    }
    return (sum.s + sum.c) / (double)(n - w + 1);
}

/* ------------------------------------- pooled: H2 of the mean BVR */

/* Puts bvr[0..n-1] over one denominator D, q[i] / D = BVR_i, such that a
 * window's sum of w numerators fits in 64 bits.  D is the least common
 * multiple of the counts when w * lcm fits (exact: equal counts give
 * D = the count, q = ones); otherwise 2^F with F = min(52, 63 - bit length
 * of w), each BVR rounded once (error <= 2^-(F+1) per TB). */
static uint64_t pooled_numerators(const gmc_bvr_t *bvr, size_t n, size_t w,
                                  uint64_t *q)
{
    uint64_t lcm = 1, lim = UINT64_MAX / w;
    size_t i;
    for (i = 0; i < n; i++) {
        uint64_t c = bvr[i].count;
        if (lcm % c == 0)
            continue;
        uint64_t f = c / gcd64(lcm, c);
        if (lcm > lim / f)
            break;
        lcm *= f;
    }
    if (i == n) {
        for (i = 0; i < n; i++)
            q[i] = bvr[i].ones * (lcm / bvr[i].count);
        return lcm;
    }
    unsigned F = 52;
    while (F > 0 && (uint64_t)w >> (63 - F))
        F--;
    double scale = ldexp(1.0, (int)F);
    for (i = 0; i < n; i++)
        q[i] = (uint64_t)llround((double)bvr[i].ones /
                                 (double)bvr[i].count * scale);
    return (uint64_t)1 << F;
}

/* Integer sliding sum of the numerators: exact, so no drift however long
 * the kernel.  Consecutive windows often have the same sum (a valley), so
 * the last entropy is reused. */
static double slide_pooled(const uint64_t *q, size_t n, size_t w,
                           uint64_t den)
{
    uint64_t S = 0, T = (uint64_t)w * den, last = UINT64_MAX;
    double h = 0.0;
    ksum_t sum = {0, 0};
    for (size_t i = 0; i < n; i++) {
        if (i >= w)
            S -= q[i - w];
        S += q[i];
        if (i + 1 >= w) {
            if (S != last) {
                h = gmc_entropy_h2(S, T);
                last = S;
            }
            ksum_add(&sum, h);
        }
    }
    return (sum.s + sum.c) / (double)(n - w + 1);
}

/* ------------------------------------------------------------ Eq. 2 */

double gmc_ewin_mean(gmc_ewin_t *s, gmc_entropy_metric_t m,
                     const gmc_bvr_t *bvr, size_t n, size_t w)
{
    if (m == GMC_ENTROPY_POOLED) {
        uint64_t den = pooled_numerators(bvr, n, w, s->q);
        return slide_pooled(s->q, n, w, den);
    }
    return slide_paper(s, n, w, classify(s, bvr, n));
}

int gmc_entropy_window(const gmc_bvr_t *bvr, size_t n, size_t w,
                       gmc_entropy_metric_t m, double *h)
{
    if (!n || !w || (unsigned)m >= GMC_ENTROPY_NMETRICS)
        return -1;
    for (size_t i = 0; i < n; i++)
        if (!bvr[i].count || bvr[i].ones > bvr[i].count)
            return -1;
    if (w > n)
        w = n;
    gmc_ewin_t s;
    if (gmc_ewin_init(&s, n))
        return -1;
    *h = gmc_ewin_mean(&s, m, bvr, n, w);
    gmc_ewin_free(&s);
    return 0;
}
