/* Analytic overhead: the papers' own numbers come out of the formulas. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "analysis/gmc_overhead.h"

static void warped_mc_defaults_give_table3_1408_bytes(void **st)
{
    gmc_wmc_params_t p;
    gmc_wmc_cost_t c;
    gmc_wmc_params_default(&p);
    p.started_bits = 0;         /* Table 3 counts no started bit */
    gmc_wmc_cost(&p, &c);
    assert_int_equal(c.gwid_bits, 10);                 /* "a 10-bit warp ID" */
    assert_int_equal(c.t[1].entry_bits, 6);            /* WET: 6 bits x 1024 */
    assert_int_equal(c.t[1].entries, 1024);
    assert_int_equal(c.t[2].entry_bits, 256);          /* RS: 256 bits x 16 */
    assert_int_equal(c.t[2].entries, 16);
    assert_int_equal(c.t[3].bits, 64 * 16);            /* PT: 64 bits x 16 */
    assert_int_equal(c.t[0].bits, 0);                  /* WAT is wiring */
    assert_int_equal(c.total_bytes, 1408);             /* "1,408B" */
}

/* Algorithm 1's reading (the default) keeps a started bit per WET entry:
 * 7 x 1024 bits, 1536 B in all. */
static void warped_mc_started_bit_adds_one_bit_per_wet_entry(void **st)
{
    gmc_wmc_params_t p;
    gmc_wmc_cost_t c;
    gmc_wmc_params_default(&p);
    assert_int_equal(p.started_bits, 1);
    gmc_wmc_cost(&p, &c);
    assert_int_equal(c.t[1].entry_bits, 7);
    assert_int_equal(c.total_bits, 11264 + 1024);
    assert_int_equal(c.total_bytes, 1536);
}

static void warped_mc_scales_with_parameters(void **st)
{
    gmc_wmc_params_t p;
    gmc_wmc_cost_t c;
    gmc_wmc_params_default(&p);
    p.sms = 40;                 /* not a power of two: 6 SM bits */
    p.max_pending = 63;         /* counts 0..63: still 6 bits */
    p.pc_hash_bits = 4;
    p.started_bits = 0;
    gmc_wmc_cost(&p, &c);
    assert_int_equal(c.gwid_bits, 11);
    assert_int_equal(c.t[1].entry_bits, 6);
    assert_int_equal(c.t[1].entries, 2048);
    assert_int_equal(c.t[0].bits, 4 * 2048);
    p.max_pending = 64;         /* counts 0..64: 7 bits */
    gmc_wmc_cost(&p, &c);
    assert_int_equal(c.t[1].entry_bits, 7);
}

static void frfcfs_comparisons_match_seed002_table1(void **st)
{
    gmc_frfcfs_params_t p;
    gmc_frfcfs_cost_t c;
    gmc_frfcfs_params_default(&p);
    gmc_frfcfs_cost(&p, &c);
    assert_int_equal(c.frfcfs_bits, 3584);             /* Table 1: "3584 bits compared" */
    assert_int_equal(c.banked_fifo_bits, 8 * (4 * 12 + 2));
}

static void frfcfs_counts_past_64_bits_are_refused(void **st)
{
    gmc_frfcfs_params_t p = {UINT32_MAX, UINT32_MAX, UINT32_MAX, UINT32_MAX};
    char err[256];
    assert_int_equal(gmc_frfcfs_params_check(&p, err, sizeof err), -1);
    assert_non_null(strstr(err, "expected M*Q*(log2 nR + log2 nB) below 2^64, found more"));
    p = (gmc_frfcfs_params_t){8, 32, 0, 4};
    assert_int_equal(gmc_frfcfs_params_check(&p, err, sizeof err), -1);
    assert_string_equal(err, "--rows: expected 1..18446744073709551615, found 0");
    gmc_frfcfs_params_default(&p);
    assert_int_equal(gmc_frfcfs_params_check(&p, err, sizeof err), 0);
    assert_int_equal(gmc_overhead_range("warped-mc", "sms")->hi, 4096);
    assert_null(gmc_overhead_range("frfcfs", "sms"));
}

static void clog2_rounds_up(void **st)
{
    assert_int_equal(gmc_clog2(1), 0);
    assert_int_equal(gmc_clog2(2), 1);
    assert_int_equal(gmc_clog2(5), 3);
    assert_int_equal(gmc_clog2(4096), 12);
    assert_int_equal(gmc_clog2(4097), 13);
}

static void bad_parameters_are_refused(void **st)
{
    gmc_wmc_params_t p;
    char err[128];
    gmc_wmc_params_default(&p);
    p.banks = 0;
    assert_int_equal(gmc_wmc_params_check(&p, err, sizeof err), -1);
    assert_non_null(strstr(err, "--banks"));
}

int main(void)
{
    const struct CMUnitTest t[] = {
        cmocka_unit_test(warped_mc_defaults_give_table3_1408_bytes),
        cmocka_unit_test(warped_mc_started_bit_adds_one_bit_per_wet_entry),
        cmocka_unit_test(warped_mc_scales_with_parameters),
        cmocka_unit_test(frfcfs_comparisons_match_seed002_table1),
        cmocka_unit_test(frfcfs_counts_past_64_bits_are_refused),
        cmocka_unit_test(clog2_rounds_up),
        cmocka_unit_test(bad_parameters_are_refused),
    };
    return cmocka_run_group_tests_name("gmc_overhead", t, NULL, NULL);
}
