/* analysis/gmc_rowloc.h: run lengths of same-bank-same-row requests, per
 * stream, pooled and harmonic; against a slow reference on random
 * streams. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>
#include "analysis/gmc_rowloc.h"
#include "util/gmc_rng.h"

static void runs_break_on_another_bank_or_row(void **st)
{
    (void)st;
    gmc_rowloc_t r;
    assert_int_equal(gmc_rowloc_init(&r, 2), 0);
    assert_true(gmc_rowloc_stream(&r, 0) == 0.0);
    /* stream 0: (0,5) (0,5) (1,5) (1,5) (1,5) (0,5): runs 2, 3, 1 -> 6/3 */
    const uint32_t b[] = {0, 0, 1, 1, 1, 0};
    for (unsigned i = 0; i < 6; i++)
        gmc_rowloc_add(&r, 0, b[i], 5);
    assert_true(gmc_rowloc_stream(&r, 0) == 2.0);
    /* stream 1: rows 7 7 8 7: runs 2, 1, 1 -> 4/3; row 0 bank 0 first is a run too */
    gmc_rowloc_add(&r, 1, 0, 7);
    gmc_rowloc_add(&r, 1, 0, 7);
    gmc_rowloc_add(&r, 1, 0, 8);
    gmc_rowloc_add(&r, 1, 0, 7);
    assert_true(gmc_rowloc_stream(&r, 1) == 4.0 / 3.0);
    assert_true(gmc_rowloc_pooled(&r, 0, 2) == 10.0 / 6.0);
    assert_true(gmc_rowloc_hmean(&r, 0, 2) == 2.0 / (1.0 / 2.0 + 3.0 / 4.0));
    gmc_rowloc_reset(&r);
    assert_true(gmc_rowloc_pooled(&r, 0, 2) == 0.0);
    gmc_rowloc_add(&r, 1, 0, 0);   /* (0, 0) after a reset begins a run */
    assert_int_equal(gmc_rowloc_runs(&r, 1), 1);
    gmc_rowloc_free(&r);
    gmc_rowloc_free(&r);   /* twice is safe */
}

/* A stream made of runs of known lengths has exactly that mean. */
static void random_runs_match_their_construction(void **st)
{
    (void)st;
    uint64_t seed = 20261129;
    printf("# seed %llu\n", (unsigned long long)seed);
    gmc_rng_t g;
    gmc_rng_seed(&g, seed);
    enum { S = 16 };
    gmc_rowloc_t r;
    assert_int_equal(gmc_rowloc_init(&r, S), 0);
    uint64_t want_reqs[S] = {0}, want_runs[S] = {0};
    uint32_t last_row[S];
    for (unsigned s = 0; s < S; s++)
        last_row[s] = UINT32_MAX;
    unsigned cases = 0;
    for (unsigned k = 0; k < 20000; k++) {
        uint32_t s = (uint32_t)gmc_rng_below(&g, S);
        uint32_t len = 1 + (uint32_t)gmc_rng_below(&g, 6);
        uint32_t row = (uint32_t)gmc_rng_below(&g, 1000);
        if (row == last_row[s])
            row = (row + 1) % 1000;    /* a new run must differ from the last */
        last_row[s] = row;
        for (uint32_t i = 0; i < len; i++)
            gmc_rowloc_add(&r, s, 3, row);
        want_reqs[s] += len;
        want_runs[s]++;
        cases++;
    }
    for (unsigned s = 0; s < S; s++) {
        assert_int_equal(gmc_rowloc_reqs(&r, s), want_reqs[s]);
        assert_int_equal(gmc_rowloc_runs(&r, s), want_runs[s]);
    }
    printf("# %u runs over %d streams compared\n", cases, S);
    gmc_rowloc_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(runs_break_on_another_bank_or_row),
        cmocka_unit_test(random_runs_match_their_construction),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
