/* Unit tests of the window-based entropy (PAE [ISCA'18] sec. III): the paper
 * and pooled metrics and the accumulator.  The trace reader is tested in
 * test_gmc_trace.c, the trace generators in test_gmc_tracegen.c. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>

#include "analysis/gmc_entropy.h"
#include "util/gmc_rng.h"
#include "test_near.h"

#define EPS 1e-12

static double window_hm(const uint64_t *ones, const uint64_t *count, size_t n,
                        size_t w, gmc_entropy_metric_t m)
{
    gmc_bvr_t b[64];
    for (size_t i = 0; i < n; i++)
        b[i] = (gmc_bvr_t){ones[i], count ? count[i] : 1};
    double h = -1.0;
    assert_int_equal(gmc_entropy_window(b, n, w, m, &h), 0);
    return h;
}

static double window_h(const uint64_t *ones, const uint64_t *count, size_t n,
                       size_t w)
{
    return window_hm(ones, count, n, w, GMC_ENTROPY_PAPER);
}

static double window_p(const uint64_t *ones, const uint64_t *count, size_t n,
                       size_t w)
{
    return window_hm(ones, count, n, w, GMC_ENTROPY_POOLED);
}

/* Binary entropy in bits, straight from the formula. */
static double h2_ref(double p)
{
    return p <= 0.0 || p >= 1.0 ? 0.0 : -(p * log2(p) + (1 - p) * log2(1 - p));
}

/* ------------------------------------------------------------ Eq. 1, 2 */

/* Footnote 1: "two TBs have a BVR of 0 and a single TB has a BVR of 1 ...
 * p1 = 2/3, p2 = 1/3, and H^W = 0.92". */
static void paper_footnote1_bvrs_0_0_1_give_0_918(void **st)
{
    (void)st;
    const uint64_t ones[] = {0, 0, 1};
    double h = window_h(ones, NULL, 3, 3);
    double want = -(2.0 / 3 * log2(2.0 / 3) + 1.0 / 3 * log2(1.0 / 3));
    assert_near(h, want, EPS);
    assert_near(h, 0.9182958340544896, 1e-12);
}

/* Figure 3: 8 TBs, half BVR 1, half 0.  "Window #1 contains two TBs with
 * BVR-value 0", "window #2 contains one TB with each BVR-value",
 * H* = 3/7 for w = 2 and 1 for w = 4.  The pattern 0,0,1,1,0,0,1,1 gives
 * exactly that: w = 2 windows 00,01,11,10,00,01,11 -> 3 of 7 are mixed;
 * every w = 4 window holds two 0s and two 1s. */
static const uint64_t fig3[] = {0, 0, 1, 1, 0, 0, 1, 1};

static void paper_fig3_window2_gives_3_over_7(void **st)
{
    (void)st;
    assert_near(window_h(fig3, NULL, 8, 2), 3.0 / 7.0, EPS);
}

static void paper_fig3_window4_gives_1(void **st)
{
    (void)st;
    assert_near(window_h(fig3, NULL, 8, 4), 1.0, EPS);
}

/* The alternative reading 0,1,0,1,... would give 1 for w = 2: not Fig. 3. */
static void paper_fig3_alternating_pattern_is_not_the_figure(void **st)
{
    (void)st;
    const uint64_t alt[] = {0, 1, 0, 1, 0, 1, 0, 1};
    assert_near(window_h(alt, NULL, 8, 2), 1.0, EPS);
}

static void eq1_three_equal_thirds_gives_1(void **st)
{
    (void)st;
    const uint64_t c[] = {1, 1, 1};
    assert_near(gmc_entropy_eq1(c, 3), 1.0, EPS);
    const uint64_t ones[] = {0, 1, 2}, cnt[] = {2, 2, 2};   /* 0, 1/2, 1 */
    assert_near(window_h(ones, cnt, 3, 3), 1.0, EPS);
}

/* Eq. 1 takes the log to base v, the number of distinct values: counts
 * 2,1,1 in a window of 4 give (1/2 ln 2 + 1/2 ln 4) / ln 3. */
static void eq1_log_base_is_the_number_of_distinct_values(void **st)
{
    (void)st;
    const uint64_t c[] = {2, 1, 1};
    double want = 1.5 * log(2.0) / log(3.0);
    assert_near(gmc_entropy_eq1(c, 3), want, EPS);
    const uint64_t ones[] = {0, 0, 1, 2}, cnt[] = {2, 2, 2, 2};
    assert_near(window_h(ones, cnt, 4, 4), want, EPS);
}

static void eq1_one_distinct_value_gives_0(void **st)
{
    (void)st;
    const uint64_t c[] = {5, 0};
    assert_near(gmc_entropy_eq1(c, 2), 0.0, 0.0);
    const uint64_t ones[] = {1, 1, 1, 1};
    assert_near(window_h(ones, NULL, 4, 2), 0.0, 0.0);
}

/* A bit that is 1 in exactly half the requests of every TB has one BVR
 * value (1/2) in every window, hence H* = 0 (the literal Eq. 1/2). */
static void half_ones_in_every_tb_gives_0(void **st)
{
    (void)st;
    const uint64_t ones[] = {1, 2, 4, 8}, cnt[] = {2, 4, 8, 16};
    assert_near(window_h(ones, cnt, 4, 4), 0.0, 0.0);
}

/* BVRs are compared as exact fractions: 1/2 = 2/4 = 50/100, but
 * 1/3 != 333333333/1000000000 even though they agree to 9 digits. */
static void bvrs_compare_as_exact_fractions(void **st)
{
    (void)st;
    assert_true(gmc_bvr_equal((gmc_bvr_t){1, 2}, (gmc_bvr_t){50, 100}));
    assert_false(gmc_bvr_equal((gmc_bvr_t){1, 3},
                               (gmc_bvr_t){333333333, 1000000000}));
    const uint64_t o1[] = {1, 2, 50}, c1[] = {2, 4, 100};
    assert_near(window_h(o1, c1, 3, 3), 0.0, 0.0);
    const uint64_t o2[] = {1, 333333333}, c2[] = {3, 1000000000};
    assert_near(window_h(o2, c2, 2, 2), 1.0, EPS);
}

/* n < w: one window of all n TBs with p = count / n (gmc's choice). */
static void fewer_tbs_than_window_use_one_window_of_all(void **st)
{
    (void)st;
    const uint64_t ones[] = {0, 0, 1};
    assert_near(window_h(ones, NULL, 3, 12), 0.9182958340544896, EPS);
}

static void window_of_one_tb_gives_0(void **st)
{
    (void)st;
    assert_near(window_h(fig3, NULL, 8, 1), 0.0, 0.0);
}

static void window_zero_or_no_tbs_is_rejected(void **st)
{
    (void)st;
    gmc_bvr_t b = {0, 1};
    double h;
    for (int m = 0; m < GMC_ENTROPY_NMETRICS; m++) {
        b = (gmc_bvr_t){0, 1};
        assert_int_equal(gmc_entropy_window(&b, 1, 0, m, &h), -1);
        assert_int_equal(gmc_entropy_window(&b, 0, 1, m, &h), -1);
        b.count = 0;
        assert_int_equal(gmc_entropy_window(&b, 1, 1, m, &h), -1);
        b = (gmc_bvr_t){2, 1};
        assert_int_equal(gmc_entropy_window(&b, 1, 1, m, &h), -1);
    }
    b = (gmc_bvr_t){0, 1};
    assert_int_equal(gmc_entropy_window(&b, 1, 1, GMC_ENTROPY_NMETRICS, &h), -1);
}

/* Reference: every window recounted from scratch with Eq. 1. */
static double brute(const gmc_bvr_t *b, size_t n, size_t w)
{
    if (w > n)
        w = n;
    double sum = 0.0;
    for (size_t i = 0; i + w <= n; i++) {
        uint64_t c[64] = {0};
        gmc_bvr_t val[64];
        size_t v = 0;
        for (size_t k = i; k < i + w; k++) {
            size_t j = 0;
            while (j < v && !gmc_bvr_equal(val[j], b[k]))
                j++;
            if (j == v)
                val[v++] = b[k];
            c[j]++;
        }
        sum += gmc_entropy_eq1(c, v);
    }
    return sum / (double)(n - w + 1);
}

static void sliding_window_matches_recounting_every_window(void **st)
{
    (void)st;
    gmc_rng_t r;
    gmc_rng_seed(&r, 42);
    for (int rep = 0; rep < 300; rep++) {
        size_t n = 1 + gmc_rng_below(&r, 60), w = 1 + gmc_rng_below(&r, 20);
        uint64_t den = 1 + gmc_rng_below(&r, 4);
        gmc_bvr_t b[64];
        for (size_t i = 0; i < n; i++) {
            uint64_t d = den * (1 + gmc_rng_below(&r, 2));   /* k/den = 2k/2den */
            b[i] = (gmc_bvr_t){gmc_rng_below(&r, d + 1), d};
        }
        double h;
        assert_int_equal(gmc_entropy_window(b, n, w, GMC_ENTROPY_PAPER, &h), 0);
        assert_near(h, brute(b, n, w), 1e-12);
        assert_true(h >= 0.0 && h <= 1.0);
    }
}

/* --------------------------------------------------- pooled metric */

static void metric_names_round_trip(void **st)
{
    (void)st;
    gmc_entropy_metric_t m = GMC_ENTROPY_NMETRICS;
    assert_int_equal(gmc_entropy_metric_parse("paper", &m), 0);
    assert_int_equal(m, GMC_ENTROPY_PAPER);
    assert_int_equal(gmc_entropy_metric_parse("pooled", &m), 0);
    assert_int_equal(m, GMC_ENTROPY_POOLED);
    assert_int_equal(gmc_entropy_metric_parse("Pooled", &m), -1);
    assert_int_equal(gmc_entropy_metric_parse("", &m), -1);
    assert_string_equal(gmc_entropy_metric_name(GMC_ENTROPY_PAPER), "paper");
    assert_string_equal(gmc_entropy_metric_name(GMC_ENTROPY_POOLED), "pooled");
}

static void h2_is_the_binary_entropy_in_bits(void **st)
{
    (void)st;
    assert_near(gmc_entropy_h2(1, 2), 1.0, 0.0);             /* exactly 1 */
    assert_near(gmc_entropy_h2(500, 1000), 1.0, 0.0);
    assert_near(gmc_entropy_h2(0, 7), 0.0, 0.0);
    assert_near(gmc_entropy_h2(7, 7), 0.0, 0.0);
    assert_near(gmc_entropy_h2(0, 0), 0.0, 0.0);
    assert_near(gmc_entropy_h2(1, 4), 0.8112781244591328, 1e-15);
    assert_near(gmc_entropy_h2(3, 4), gmc_entropy_h2(1, 4), 0.0);
}

/* Both worked examples of the paper use BVRs of 0 and 1 only; there the
 * mean BVR is count/w and pooled is Eq. 1 with v = 2: the same numbers. */
static void pooled_equals_paper_on_footnote1(void **st)
{
    (void)st;
    const uint64_t ones[] = {0, 0, 1};
    assert_near(window_p(ones, NULL, 3, 3), 0.9182958340544896, 1e-12);
    assert_near(window_p(ones, NULL, 3, 3), window_h(ones, NULL, 3, 3), 1e-12);
}

static void pooled_equals_paper_on_fig3(void **st)
{
    (void)st;
    assert_near(window_p(fig3, NULL, 8, 2), 3.0 / 7.0, EPS);
    assert_near(window_p(fig3, NULL, 8, 4), 1.0, EPS);
}

/* Any 0/1 BVR pattern: pooled = paper (randomized). */
static void pooled_equals_paper_whenever_bvrs_are_0_or_1(void **st)
{
    (void)st;
    gmc_rng_t r;
    gmc_rng_seed(&r, 7);
    for (int rep = 0; rep < 200; rep++) {
        size_t n = 1 + gmc_rng_below(&r, 60), w = 1 + gmc_rng_below(&r, 20);
        uint64_t ones[64], cnt[64];
        for (size_t i = 0; i < n; i++) {
            cnt[i] = 1 + gmc_rng_below(&r, 5);
            ones[i] = gmc_rng_below(&r, 2) ? cnt[i] : 0;
        }
        assert_near(window_p(ones, cnt, n, w), window_h(ones, cnt, n, w), 1e-12);
    }
}

/* The literal metric's blind spot: 1 in half the requests of every TB is
 * perfectly balanced, yet paper says 0; pooled says 1. */
static void pooled_half_ones_in_every_tb_gives_1(void **st)
{
    (void)st;
    const uint64_t ones[] = {1, 2, 4, 8}, cnt[] = {2, 4, 8, 16};
    assert_near(window_h(ones, cnt, 4, 4), 0.0, 0.0);
    assert_near(window_p(ones, cnt, 4, 4), 1.0, 0.0);
}

/* Two TBs with BVRs 0.1 and 0.2 (the bit is mostly 0): paper says 1
 * (two distinct values), pooled says H2(0.15) = 0.6098. */
static void pooled_bvrs_0_1_and_0_2_give_h2_of_0_15(void **st)
{
    (void)st;
    const uint64_t ones[] = {1, 2}, cnt[] = {10, 10};
    assert_near(window_h(ones, cnt, 2, 2), 1.0, EPS);
    assert_near(window_p(ones, cnt, 2, 2), h2_ref(0.15), 1e-12);
    assert_near(window_p(ones, cnt, 2, 2), 0.6098403047164005, 1e-12);
    const uint64_t o2[] = {1, 1}, c2[] = {10, 5};        /* 1/10, 1/5 */
    assert_near(window_p(o2, c2, 2, 2), h2_ref(0.15), 1e-12);
}

/* Each TB weighs the same, whatever its request count: BVRs 1/3 (of 3)
 * and 2/3 (of 3000000) average to exactly 1/2. */
static void pooled_weights_tbs_equally_and_exactly(void **st)
{
    (void)st;
    const uint64_t ones[] = {1, 2000000}, cnt[] = {3, 3000000};
    assert_near(window_p(ones, cnt, 2, 2), 1.0, 0.0);
    const uint64_t o2[] = {0, 3}, c2[] = {1, 4};         /* 0, 3/4: p = 3/8 */
    assert_near(window_p(o2, c2, 2, 2), h2_ref(3.0 / 8.0), 1e-15);
}

/* Equal request counts keep the integer numerators: a BVR of 1 / 2^60
 * survives (a 52-bit fixed point would round it to 0 and give H = 0). */
static void pooled_equal_counts_are_exact_even_for_tiny_ratios(void **st)
{
    (void)st;
    const uint64_t c = 1ULL << 60;
    const uint64_t ones[] = {1, 0}, cnt[] = {c, c};
    double want = h2_ref(ldexp(1.0, -61));           /* about 2.7e-17 */
    assert_true(want > 0.0);
    assert_near(window_p(ones, cnt, 2, 2), want, 1e-12 * want);
}

/* Request counts whose lcm overflows 64 bits (two primes near 2^32 and a
 * third): the fixed-point path, still within 1e-12 of the formula. */
static void pooled_fixed_point_path_matches_the_formula(void **st)
{
    (void)st;
    const uint64_t cnt[] = {4294967291ULL, 4294967279ULL, 4294967231ULL};
    const uint64_t ones[] = {1, 4294967278ULL, 2147483615ULL};
    double p = (1.0 / 4294967291.0 + 4294967278.0 / 4294967279.0 +
                2147483615.0 / 4294967231.0) / 3.0;
    assert_near(window_p(ones, cnt, 3, 3), h2_ref(p), 1e-12);
}

/* Reference: every window's mean BVR summed from scratch. */
static double brute_pooled(const gmc_bvr_t *b, size_t n, size_t w)
{
    if (w > n)
        w = n;
    double sum = 0.0;
    for (size_t i = 0; i + w <= n; i++) {
        long double p = 0;
        for (size_t k = i; k < i + w; k++)
            p += (long double)b[k].ones / (long double)b[k].count;
        sum += h2_ref((double)(p / (long double)w));
    }
    return sum / (double)(n - w + 1);
}

static void pooled_sliding_window_matches_recounting_every_window(void **st)
{
    (void)st;
    gmc_rng_t r;
    gmc_rng_seed(&r, 43);
    for (int rep = 0; rep < 300; rep++) {
        size_t n = 1 + gmc_rng_below(&r, 60), w = 1 + gmc_rng_below(&r, 20);
        int big = rep % 3 == 0;     /* counts whose lcm overflows */
        gmc_bvr_t b[64];
        for (size_t i = 0; i < n; i++) {
            uint64_t d = big ? (1ULL << 40) + gmc_rng_below(&r, 1ULL << 30)
                             : 1 + gmc_rng_below(&r, 12);
            b[i] = (gmc_bvr_t){gmc_rng_below(&r, d + 1), d};
        }
        double h;
        assert_int_equal(gmc_entropy_window(b, n, w, GMC_ENTROPY_POOLED, &h), 0);
        assert_near(h, brute_pooled(b, n, w), 1e-9);
        assert_true(h >= 0.0 && h <= 1.0);
    }
}

/* 200000 TBs: the integer sliding sum has no drift.  Near p = 0 the
 * entropy is steep, so a drifting floating-point sum would show: every
 * window of the long kernel must give what the two windows of a 13-TB
 * kernel give.  Exact path: BVRs 1/7 and 0/14 alternate (mean 1/14).
 * Fixed-point path: 1/c1 and 0/c2 with c1, c2 primes near 2^32. */
static double pooled_periodic(gmc_bvr_t even, gmc_bvr_t odd, size_t n)
{
    gmc_bvr_t *b = malloc(n * sizeof *b);
    assert_non_null(b);
    for (size_t i = 0; i < n; i++)
        b[i] = i % 2 ? odd : even;
    double h = -1.0;
    assert_int_equal(gmc_entropy_window(b, n, 12, GMC_ENTROPY_POOLED, &h), 0);
    free(b);
    return h;
}

static void pooled_long_kernels_do_not_drift(void **st)
{
    (void)st;
    gmc_bvr_t e1 = {1, 7}, o1 = {0, 14};
    double longk = pooled_periodic(e1, o1, 200000);
    assert_near(longk, pooled_periodic(e1, o1, 13), 1e-15);
    assert_near(longk, h2_ref(1.0 / 14.0), 1e-12);
    const uint64_t c1 = 4294967291ULL, c2 = 4294967279ULL;
    gmc_bvr_t e2 = {1, c1}, o2 = {0, c2};
    longk = pooled_periodic(e2, o2, 200000);
    assert_near(longk, pooled_periodic(e2, o2, 13), 1e-15 * longk);
    double want = h2_ref(0.5 / (double)c1);          /* about 8.0e-9 */
    assert_near(longk, want, 1e-6 * want);
}

/* ------------------------------------------------------- accumulator */

static void add1(gmc_entropy_t *e, uint64_t k, uint64_t tb, uint64_t a)
{
    assert_int_equal(gmc_entropy_add(e, k, tb, &a), 0);
}

/* Kernel 0: TBs with bit 0 = 0 and 1, one request each -> H* = 1.
 * Kernel 1: two TBs of three requests with bit 0 = 0 -> H* = 0.
 * Weighted by requests: (2 * 1 + 6 * 0) / 8 = 0.25. */
static void kernels_are_weighted_by_request_count(void **st)
{
    (void)st;
    gmc_entropy_t *e = gmc_entropy_new(1, 1);
    assert_non_null(e);
    add1(e, 0, 0, 0);
    add1(e, 0, 1, 1);
    for (int i = 0; i < 3; i++) {
        add1(e, 1, 0, 0);
        add1(e, 1, 1, 0);
    }
    double h;
    gmc_entropy_summary_t s;
    assert_int_equal(gmc_entropy_compute(e, 2, GMC_ENTROPY_PAPER, 0, &h, &s), 0);
    assert_near(h, 0.25, EPS);
    assert_int_equal(s.kernels, 2);
    assert_int_equal(s.tbs, 4);
    assert_int_equal(s.requests, 8);
    assert_int_equal(s.windows, 2);
    assert_int_equal(gmc_entropy_kernels(e), 2);
    gmc_entropy_free(e);
}

/* TBs sort by numeric id, not by first appearance, and requests of one TB
 * may be interleaved with others: Fig. 3's pattern fed backwards and
 * interleaved still gives 3/7. */
static void tbs_sort_by_id_whatever_the_file_order(void **st)
{
    (void)st;
    gmc_entropy_t *e = gmc_entropy_new(1, 1);
    const uint64_t ids[8] = {3, 5, 10, 11, 20, 21, 100, 1000};
    for (int rep = 0; rep < 2; rep++)
        for (int i = 7; i >= 0; i--)
            add1(e, 7, ids[i], fig3[i]);
    double h;
    assert_int_equal(gmc_entropy_compute(e, 2, GMC_ENTROPY_PAPER, 0, &h, NULL), 0);
    assert_near(h, 3.0 / 7.0, EPS);
    gmc_entropy_free(e);
}

/* BVR = fraction of the TB's requests with the bit set: TBs 0 (1 of 2)
 * and 1 (2 of 4) share BVR 1/2; TB 2 (1 of 3) differs. */
static void bvr_is_the_fraction_of_the_tbs_requests(void **st)
{
    (void)st;
    gmc_entropy_t *e = gmc_entropy_new(2, 1);
    add1(e, 0, 0, 1); add1(e, 0, 0, 0);
    add1(e, 0, 1, 1); add1(e, 0, 1, 1); add1(e, 0, 1, 0); add1(e, 0, 1, 0);
    double h[2];
    assert_int_equal(gmc_entropy_compute(e, 2, GMC_ENTROPY_PAPER, 0, h, NULL), 0);
    assert_near(h[0], 0.0, 0.0);
    add1(e, 0, 2, 1); add1(e, 0, 2, 0); add1(e, 0, 2, 0);
    assert_int_equal(gmc_entropy_compute(e, 2, GMC_ENTROPY_PAPER, 0, h, NULL), 0);
    assert_near(h[0], 0.5, EPS);     /* windows {0,1}: 0, {1,2}: 1 */
    assert_near(h[1], 0.0, 0.0);
    gmc_entropy_free(e);
}

static void views_are_independent(void **st)
{
    (void)st;
    gmc_entropy_t *e = gmc_entropy_new(1, 2);
    for (uint64_t tb = 0; tb < 8; tb++) {
        uint64_t a[2] = {0, fig3[tb]};
        assert_int_equal(gmc_entropy_add(e, 0, tb, a), 0);
    }
    double h0, h1;
    assert_int_equal(gmc_entropy_compute(e, 4, GMC_ENTROPY_PAPER, 0, &h0, NULL), 0);
    assert_int_equal(gmc_entropy_compute(e, 4, GMC_ENTROPY_PAPER, 1, &h1, NULL), 0);
    assert_near(h0, 0.0, 0.0);
    assert_near(h1, 1.0, EPS);
    assert_int_equal(gmc_entropy_compute(e, 4, GMC_ENTROPY_PAPER, 2, &h1, NULL), -1);
    gmc_entropy_free(e);
}

static void compute_rejects_empty_input_and_window_0(void **st)
{
    (void)st;
    double h;
    gmc_entropy_t *e = gmc_entropy_new(8, 1);
    assert_int_equal(gmc_entropy_compute(e, 12, GMC_ENTROPY_PAPER, 0, &h, NULL), -1);
    add1(e, 0, 0, 1);
    assert_int_equal(gmc_entropy_compute(e, 0, GMC_ENTROPY_PAPER, 0, &h, NULL), -1);
    gmc_entropy_free(e);
    assert_null(gmc_entropy_new(0, 1));
    assert_null(gmc_entropy_new(65, 1));
    assert_null(gmc_entropy_new(8, 0));
}

/* The accumulator under pooled: BVRs 1/2 and 2/4 are one value for paper
 * (0) and a mean of 1/2 for pooled (1); kernel weighting as before. */
static void accumulator_pooled_counts_variation_inside_tbs(void **st)
{
    (void)st;
    gmc_entropy_t *e = gmc_entropy_new(1, 1);
    add1(e, 0, 0, 1); add1(e, 0, 0, 0);
    add1(e, 0, 1, 1); add1(e, 0, 1, 1); add1(e, 0, 1, 0); add1(e, 0, 1, 0);
    add1(e, 1, 0, 0); add1(e, 1, 1, 0);                    /* kernel 1: 0 */
    double hp, hq;
    gmc_entropy_summary_t s;
    assert_int_equal(gmc_entropy_compute(e, 2, GMC_ENTROPY_PAPER, 0, &hp, NULL), 0);
    assert_int_equal(gmc_entropy_compute(e, 2, GMC_ENTROPY_POOLED, 0, &hq, &s), 0);
    assert_near(hp, 0.0, 0.0);
    assert_near(hq, 6.0 / 8.0, EPS);            /* (6 * 1 + 2 * 0) / 8 */
    assert_int_equal(s.kernels, 2);
    assert_int_equal(s.windows, 2);
    assert_int_equal(gmc_entropy_compute(e, 2, GMC_ENTROPY_NMETRICS, 0, &hq, NULL), -1);
    gmc_entropy_free(e);
}

/* Many TBs force the TB table to grow and rehash; counts must survive. */
static void many_tbs_survive_table_growth(void **st)
{
    (void)st;
    gmc_entropy_t *e = gmc_entropy_new(1, 1);
    for (uint64_t tb = 0; tb < 20000; tb++)
        add1(e, 0, (tb * 7919) % 20000, ((tb * 7919) % 20000) & 1);
    double h;
    assert_int_equal(gmc_entropy_compute(e, 2, GMC_ENTROPY_PAPER, 0, &h, NULL), 0);
    assert_near(h, 1.0, EPS);   /* 0,1,0,1,... every window mixed */
    assert_int_equal(gmc_entropy_tbs(e), 20000);
    gmc_entropy_free(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(paper_footnote1_bvrs_0_0_1_give_0_918),
        cmocka_unit_test(paper_fig3_window2_gives_3_over_7),
        cmocka_unit_test(paper_fig3_window4_gives_1),
        cmocka_unit_test(paper_fig3_alternating_pattern_is_not_the_figure),
        cmocka_unit_test(eq1_three_equal_thirds_gives_1),
        cmocka_unit_test(eq1_log_base_is_the_number_of_distinct_values),
        cmocka_unit_test(eq1_one_distinct_value_gives_0),
        cmocka_unit_test(half_ones_in_every_tb_gives_0),
        cmocka_unit_test(bvrs_compare_as_exact_fractions),
        cmocka_unit_test(fewer_tbs_than_window_use_one_window_of_all),
        cmocka_unit_test(window_of_one_tb_gives_0),
        cmocka_unit_test(window_zero_or_no_tbs_is_rejected),
        cmocka_unit_test(sliding_window_matches_recounting_every_window),
        cmocka_unit_test(metric_names_round_trip),
        cmocka_unit_test(h2_is_the_binary_entropy_in_bits),
        cmocka_unit_test(pooled_equals_paper_on_footnote1),
        cmocka_unit_test(pooled_equals_paper_on_fig3),
        cmocka_unit_test(pooled_equals_paper_whenever_bvrs_are_0_or_1),
        cmocka_unit_test(pooled_half_ones_in_every_tb_gives_1),
        cmocka_unit_test(pooled_bvrs_0_1_and_0_2_give_h2_of_0_15),
        cmocka_unit_test(pooled_weights_tbs_equally_and_exactly),
        cmocka_unit_test(pooled_equal_counts_are_exact_even_for_tiny_ratios),
        cmocka_unit_test(pooled_fixed_point_path_matches_the_formula),
        cmocka_unit_test(pooled_sliding_window_matches_recounting_every_window),
        cmocka_unit_test(pooled_long_kernels_do_not_drift),
        cmocka_unit_test(kernels_are_weighted_by_request_count),
        cmocka_unit_test(tbs_sort_by_id_whatever_the_file_order),
        cmocka_unit_test(bvr_is_the_fraction_of_the_tbs_requests),
        cmocka_unit_test(views_are_independent),
        cmocka_unit_test(compute_rejects_empty_input_and_window_0),
        cmocka_unit_test(accumulator_pooled_counts_variation_inside_tbs),
        cmocka_unit_test(many_tbs_survive_table_growth),
    };
    return cmocka_run_group_tests_name("gmc_entropy", tests, NULL, NULL);
}
