/* gmc_entropy: window-based address-bit entropy (PAE [ISCA'18] section III-A).
 *
 * For every thread block (TB) and address bit the Bit Value Ratio (BVR) is
 * the fraction of the TB's requests that have the bit set.  TBs are sorted
 * by id and slid over in windows of w consecutive TBs.  Two window
 * entropies H_i are offered (docs/entropy.md explains both):
 *
 *   paper   the literal Eq. 1: the window has v distinct BVR values
 *           occurring c_1..c_v times, p_j = c_j / w, and
 *               H_i = - sum_j p_j log_v p_j          (H_i = 0 when v = 1).
 *           Only differences *between* TBs count: a bit that is 1 in half
 *           the requests of every TB has one BVR value and scores 0.
 *   pooled  p = the mean of the window's w BVRs (each TB weighted equally,
 *           as p^BVR = count / w weights them) and
 *               H_i = - p log2 p - (1 - p) log2 (1 - p).
 *           Equals paper whenever every BVR is 0 or 1 (both worked
 *           examples of the paper); also counts variation inside a TB.
 *
 * The bit's entropy in a kernel of n TBs is the mean over the n-w+1
 * windows (Eq. 2).  A kernel with n < w TBs has one window of all n TBs.
 * The application's entropy is the mean over kernels weighted by each
 * kernel's number of requests.
 *
 * paper: BVRs are exact reduced fractions, so "distinct" means exactly
 * distinct.  pooled: window sums are exact integers -- BVRs are put over
 * the least common multiple L of the TBs' request counts (exact; equal
 * counts give L = the count) when w * L fits in 64 bits, otherwise each BVR
 * is rounded once to a fixed-point fraction with at least 31 bits; the
 * sliding sum never drifts either way.
 * No I/O here: the trace reader (gmc_trace.h) and the CLI feed requests in. */
#ifndef GMC_ENTROPY_H
#define GMC_ENTROPY_H
#include <stddef.h>
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif

/* Window size of PAE [ISCA'18]: the number of SMs in its Table I. */
#define GMC_ENTROPY_DEFAULT_WINDOW 12u
/* Address views analysed in one pass (e.g. raw and BIM-mapped). */
#define GMC_ENTROPY_MAX_VIEWS 4u

/* A BVR ones / count.  Compare with gmc_bvr_equal(), which reduces. */
typedef struct {
    uint64_t ones;
    uint64_t count;   /* > 0 */
} gmc_bvr_t;

/* Exact equality of two ratios (count > 0). */
int gmc_bvr_equal(gmc_bvr_t a, gmc_bvr_t b);

typedef enum {
    GMC_ENTROPY_PAPER = 0,   /* Eq. 1 over the distinct BVR values, log_v */
    GMC_ENTROPY_POOLED,      /* binary entropy of the window's mean BVR */
    GMC_ENTROPY_NMETRICS
} gmc_entropy_metric_t;

const char *gmc_entropy_metric_name(gmc_entropy_metric_t m); /* "paper", ... */
int         gmc_entropy_metric_parse(const char *name, gmc_entropy_metric_t *m);

/* Binary entropy in bits of ones out of total: 0 when ones is 0 or total
 * (or total is 0), 1 when ones = total / 2. */
double gmc_entropy_h2(uint64_t ones, uint64_t total);

/* Eq. 1 for occurrence counts c[0..v-1] (zeros are skipped): p_j = c_j/sum,
 * logarithm to the base of the number of nonzero counts.  0 when fewer than
 * two counts are nonzero. */
double gmc_entropy_eq1(const uint64_t *c, size_t v);

/* Eq. 2 for one address bit of one kernel: bvr[0..n-1] in TB-id order,
 * window w, window entropy by metric m.  If n < w one window of all n TBs
 * is used.  Returns 0 with *h set, or -1 if n == 0, w == 0, a BVR has
 * count 0 or ones > count, m is unknown or memory runs out. */
int gmc_entropy_window(const gmc_bvr_t *bvr, size_t n, size_t w,
                       gmc_entropy_metric_t m, double *h);

/* ---------------------------------------------------------------------
 * Accumulator: one pass over the requests, per-TB counters only
 * (count + ones per bit per view), no per-request storage. */
typedef struct gmc_entropy gmc_entropy_t;

/* bits: address bits analysed (1..64), views: 1..GMC_ENTROPY_MAX_VIEWS.
 * NULL on bad arguments or out of memory. */
gmc_entropy_t *gmc_entropy_new(unsigned bits, unsigned views);
void           gmc_entropy_free(gmc_entropy_t *e);

/* One request of TB tb of kernel kernel; addr[v] is its address in view v
 * (bits at or above `bits` are ignored).  Requests of different TBs and
 * kernels may come in any order.  Returns 0, or -1 when out of memory. */
int gmc_entropy_add(gmc_entropy_t *e, uint64_t kernel, uint64_t tb,
                    const uint64_t *addr);

size_t   gmc_entropy_tbs(const gmc_entropy_t *e);
size_t   gmc_entropy_kernels(const gmc_entropy_t *e);

typedef struct {
    size_t   window;        /* w asked for */
    size_t   kernels;
    size_t   tbs;
    uint64_t requests;
    size_t   short_kernels; /* kernels with fewer TBs than w (one window) */
    uint64_t windows;       /* windows evaluated, summed over kernels */
} gmc_entropy_summary_t;

/* Request-weighted mean over kernels of H* per bit for one view, window
 * entropy by metric m: h[0..bits-1], bit 0 first.  s (optional) receives
 * the counts.  Returns 0, or -1 if w == 0, view is out of range, m is
 * unknown, there are no requests or memory runs out. */
int gmc_entropy_compute(const gmc_entropy_t *e, size_t w,
                        gmc_entropy_metric_t m, unsigned view, double *h,
                        gmc_entropy_summary_t *s);

#ifdef __cplusplus
}
#endif
#endif
