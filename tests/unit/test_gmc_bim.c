/* The gmc_bim block: the XOR tree equals the matrix, REG_OUT timing, reset. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "blocks/gmc_bim.h"
#include "util/gmc_rng.h"

static gmc_bim_cfg_t *cfg_for(const gmc_gf2_t *m, unsigned reg_out)
{
    gmc_bim_cfg_t *c = malloc(sizeof *c);
    char err[256];
    assert_non_null(c);
    if (gmc_bim_cfg_init(c, m, reg_out, err, sizeof err))
        fail_msg("%s", err);
    return c;
}

static void random_invertible(gmc_rng_t *r, unsigned n, gmc_gf2_t *m)
{
    do {
        m->n = n;
        for (unsigned i = 0; i < n; i++)
            m->row[i] = gmc_rng_u64(r) & gmc_gf2_mask(n);
    } while (gmc_gf2_rank(m) != n);
}

static void lookup_tree_equals_matrix_definition(void **st)
{
    gmc_rng_t r;
    gmc_rng_seed(&r, 21);
    for (unsigned n = 1; n <= 64; n++) {
        gmc_gf2_t m;
        random_invertible(&r, n, &m);
        gmc_bim_cfg_t *c = cfg_for(&m, 0);
        for (int k = 0; k < 300; k++) {
            uint64_t a = gmc_rng_u64(&r) & gmc_gf2_mask(n);
            assert_true(gmc_bim_map(c, a) == gmc_gf2_apply(&m, a));
        }
        free(c);
    }
}

static void combinational_output_follows_input_same_cycle(void **st)
{
    gmc_gf2_t m;
    gmc_gf2_identity(&m, 30);
    m.row[8] |= 1u << 20;
    gmc_bim_cfg_t *c = cfg_for(&m, 0);
    gmc_bim_state_t q, d;
    gmc_bim_out_t o;
    gmc_bim_reset(c, &q);
    gmc_bim_in_t in = {1, 1, 1u << 20};
    gmc_bim_step(c, &q, &in, &d, &o);
    assert_int_equal(o.valid, 1);
    assert_int_equal(o.addr, (1u << 20) | (1u << 8));
    free(c);
}

static void registered_output_appears_one_cycle_later(void **st)
{
    gmc_gf2_t m;
    gmc_gf2_identity(&m, 30);
    m.row[9] |= 1u << 21;
    gmc_bim_cfg_t *c = cfg_for(&m, 1);
    gmc_bim_state_t q, d;
    gmc_bim_out_t o;
    gmc_bim_reset(c, &q);
    gmc_bim_in_t in = {1, 1, 1u << 21};
    gmc_bim_step(c, &q, &in, &d, &o);
    assert_int_equal(o.valid, 0);      /* nothing yet */
    assert_int_equal(o.addr, 0);
    q = d;
    in.valid = 0;
    in.addr = 5;
    gmc_bim_step(c, &q, &in, &d, &o);
    assert_int_equal(o.valid, 1);
    assert_int_equal(o.addr, (1u << 21) | (1u << 9));
    q = d;
    gmc_bim_step(c, &q, &in, &d, &o);
    assert_int_equal(o.valid, 0);
    assert_int_equal(o.addr, 5);
    free(c);
}

static void async_reset_clears_registered_outputs_in_the_same_cycle(void **st)
{
    gmc_gf2_t m;
    gmc_gf2_identity(&m, 16);
    gmc_bim_cfg_t *c = cfg_for(&m, 1);
    gmc_bim_state_t q = {1, 0xabcd}, d;
    gmc_bim_out_t o;
    gmc_bim_in_t in = {0, 1, 0x1234};
    gmc_bim_step(c, &q, &in, &d, &o);
    assert_int_equal(o.valid, 0);
    assert_int_equal(o.addr, 0);
    assert_int_equal(d.valid_q, 0);
    assert_int_equal(d.addr_q, 0);
    free(c);
}

static void config_check_refuses_singular_or_oversized(void **st)
{
    gmc_bim_cfg_t *c = malloc(sizeof *c);
    char err[256];
    gmc_gf2_t m;
    gmc_gf2_identity(&m, 30);
    m.row[12] = m.row[11];
    assert_int_equal(gmc_bim_cfg_init(c, &m, 0, err, sizeof err), -1);
    assert_non_null(strstr(err, "not invertible"));
    gmc_gf2_identity(&m, 30);
    m.row[3] |= 1ULL << 31;   /* input above W-1 */
    assert_int_equal(gmc_bim_cfg_init(c, &m, 0, err, sizeof err), -1);
    gmc_gf2_identity(&m, 30);
    assert_int_equal(gmc_bim_cfg_init(c, &m, 2, err, sizeof err), -1);
    free(c);
}

int main(void)
{
    const struct CMUnitTest t[] = {
        cmocka_unit_test(lookup_tree_equals_matrix_definition),
        cmocka_unit_test(combinational_output_follows_input_same_cycle),
        cmocka_unit_test(registered_output_appears_one_cycle_later),
        cmocka_unit_test(async_reset_clears_registered_outputs_in_the_same_cycle),
        cmocka_unit_test(config_check_refuses_singular_or_oversized),
    };
    return cmocka_run_group_tests_name("gmc_bim", t, NULL, NULL);
}
