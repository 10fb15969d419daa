/* The PAE [ISCA'18] schemes: which inputs may feed which outputs, invertibility,
 * determinism, and the XOR-tree cost arithmetic. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "bim/gmc_bim_scheme.h"

static void make(const char *preset, gmc_scheme_t s, uint64_t seed, gmc_addrmap_t *m, gmc_gf2_t *x)
{
    char err[256];
    assert_int_equal(gmc_addrmap_preset(preset, m), 0);
    if (gmc_bim_scheme_make(s, m, seed, NULL, x, err, sizeof err))
        fail_msg("%s", err);
}

static void every_scheme_is_invertible_and_leaves_block_bits_alone(void **st)
{
    for (unsigned p = 0; gmc_addrmap_preset_name(p); p++)
        for (int s = 0; s < GMC_SCHEME_N; s++)
            for (uint64_t seed = 0; seed < 40; seed++) {
                gmc_addrmap_t m;
                gmc_gf2_t x;
                make(gmc_addrmap_preset_name(p), (gmc_scheme_t)s, seed, &m, &x);
                assert_int_equal(gmc_gf2_first_dependent_row(&x), -1);
                uint64_t blk = m.fmask[GMC_F_BLOCK];
                for (unsigned i = 0; i < m.width; i++) {
                    if ((blk >> i) & 1)
                        assert_true(x.row[i] == 1ULL << i);   /* block out = block in */
                    else
                        assert_true((x.row[i] & blk) == 0);   /* no block input elsewhere */
                }
            }
}

static void same_seed_same_matrix_other_seed_other_matrix(void **st)
{
    gmc_scheme_t rnd[] = {GMC_SCHEME_PAE, GMC_SCHEME_FAE, GMC_SCHEME_ALL};
    for (unsigned k = 0; k < 3; k++) {
        gmc_addrmap_t m;
        gmc_gf2_t a, b, c;
        make("gddr5-hynix", rnd[k], 7, &m, &a);
        make("gddr5-hynix", rnd[k], 7, &m, &b);
        make("gddr5-hynix", rnd[k], 8, &m, &c);
        assert_true(gmc_gf2_equal(&a, &b));
        assert_false(gmc_gf2_equal(&a, &c));
    }
}

static void base_is_identity(void **st)
{
    gmc_addrmap_t m;
    gmc_gf2_t x;
    make("gddr6-rtx2060s", GMC_SCHEME_BASE, 1, &m, &x);
    assert_true(gmc_gf2_is_identity(&x));
}

static void pm_xors_each_channel_bank_bit_with_one_low_row_bit(void **st)
{
    gmc_addrmap_t m;
    gmc_gf2_t x;
    make("gddr5-hynix", GMC_SCHEME_PM, 1, &m, &x);
    uint64_t sel = m.fmask[GMC_F_CH] | m.fmask[GMC_F_BANK], used = 0;
    for (unsigned i = 0; i < m.width; i++) {
        if (!((sel >> i) & 1)) {
            assert_true(x.row[i] == 1ULL << i);
            continue;
        }
        uint64_t other = x.row[i] & ~(1ULL << i);
        assert_int_equal(__builtin_popcountll(x.row[i]), 2);
        assert_true(other & m.fmask[GMC_F_ROW]);
        used |= other;
    }
    /* gddr5: six ch/bank bits take the six lowest row bits, 18..23. */
    assert_true(used == 0x3fULL << 18);
    assert_int_equal(x.row[8], (1u << 8) | (1u << 18));
    assert_int_equal(x.row[17], (1u << 17) | (1u << 23));
}

static void rmp_moves_paper_bits_into_channel_bank_positions(void **st)
{
    gmc_addrmap_t m;
    gmc_gf2_t x;
    make("gddr5-hynix", GMC_SCHEME_RMP, 1, &m, &x);
    assert_true(gmc_gf2_is_permutation(&x));
    uint64_t sel = m.fmask[GMC_F_CH] | m.fmask[GMC_F_BANK], fed = 0;
    for (unsigned i = 0; i < m.width; i++)
        if ((sel >> i) & 1)
            fed |= x.row[i];
    /* "bits 8-11, 15, and 16" (PAE [ISCA'18] sec. IV-B). */
    assert_true(fed == ((0xfULL << 8) | (1ULL << 15) | (1ULL << 16)));
}

static void rmp_takes_user_bits_and_refuses_block_bits(void **st)
{
    gmc_addrmap_t m;
    gmc_gf2_t x;
    char err[256];
    gmc_scheme_opts_t o = {6, {20, 21, 22, 23, 24, 25}};
    assert_int_equal(gmc_addrmap_preset("gddr5-hynix", &m), 0);
    assert_int_equal(gmc_bim_scheme_make(GMC_SCHEME_RMP, &m, 1, &o, &x, err, sizeof err), 0);
    assert_true(gmc_gf2_is_permutation(&x));
    assert_true(x.row[8] == 1ULL << 20);
    o.rmp[0] = 3;   /* a block-offset bit */
    assert_int_equal(gmc_bim_scheme_make(GMC_SCHEME_RMP, &m, 1, &o, &x, err, sizeof err), -1);
    o.nrmp = 5;
    assert_int_equal(gmc_bim_scheme_make(GMC_SCHEME_RMP, &m, 1, &o, &x, err, sizeof err), -1);
}

/* Which inputs may feed the channel/bank outputs, and that only they change. */
static void check_broad(gmc_scheme_t s, int col_inputs, int all_outputs)
{
    for (unsigned p = 0; gmc_addrmap_preset_name(p); p++)
        for (uint64_t seed = 1; seed < 30; seed++) {
            gmc_addrmap_t m;
            gmc_gf2_t x;
            make(gmc_addrmap_preset_name(p), s, seed, &m, &x);
            uint64_t sel = m.fmask[GMC_F_CH] | m.fmask[GMC_F_BANK];
            uint64_t page = sel | m.fmask[GMC_F_ROW];
            uint64_t allowed = col_inputs ? page | m.fmask[GMC_F_COL] : page;
            uint64_t outs = all_outputs ? allowed : sel;
            for (unsigned i = 0; i < m.width; i++) {
                if ((outs >> i) & 1)
                    assert_true((x.row[i] & ~allowed) == 0);
                else
                    assert_true(x.row[i] == 1ULL << i);
            }
            if (!all_outputs)   /* every new ch/bank bit gathers from outside ch/bank */
                for (unsigned i = 0; i < m.width; i++)
                    if ((sel >> i) & 1)
                        assert_true(x.row[i] & ~sel);
        }
}

static void pae_reads_only_page_bits_and_writes_only_channel_bank(void **st)
{
    check_broad(GMC_SCHEME_PAE, 0, 0);
}

static void fae_adds_column_inputs_and_writes_only_channel_bank(void **st)
{
    check_broad(GMC_SCHEME_FAE, 1, 0);
    /* and does use a column bit somewhere, for most seeds */
    unsigned with_col = 0;
    for (uint64_t seed = 1; seed < 30; seed++) {
        gmc_addrmap_t m;
        gmc_gf2_t x;
        make("gddr5-hynix", GMC_SCHEME_FAE, seed, &m, &x);
        uint64_t any = 0;
        for (unsigned i = 0; i < m.width; i++)
            if (((m.fmask[GMC_F_CH] | m.fmask[GMC_F_BANK]) >> i) & 1)
                any |= x.row[i];
        with_col += (any & m.fmask[GMC_F_COL]) != 0;
    }
    assert_int_equal(with_col, 29);
}

static void all_randomizes_every_non_block_output(void **st)
{
    check_broad(GMC_SCHEME_ALL, 1, 1);
    gmc_addrmap_t m;
    gmc_gf2_t x;
    make("gddr5-hynix", GMC_SCHEME_ALL, 3, &m, &x);
    unsigned changed = 0;
    for (unsigned i = 0; i < m.width; i++)
        changed += x.row[i] != 1ULL << i;
    assert_true(changed >= 20);   /* 24 non-block outputs, nearly all rewritten */
}

static void cost_counts_xor2_gates_and_depth(void **st)
{
    gmc_gf2_t x;
    gmc_bim_cost_t c;
    gmc_gf2_identity(&x, 30);
    gmc_bim_cost(&x, &c);
    assert_int_equal(c.total_xors, 0);
    assert_int_equal(c.max_depth, 0);
    assert_int_equal(c.wires_only, 30);
    assert_int_equal(gmc_bim_cost_cycles(&c, 6), 0);
    x.row[8] = 0x1f00;              /* 5 inputs: 4 gates, depth 3 */
    x.row[9] = (1u << 9) | 1u << 20; /* 2 inputs: 1 gate, depth 1 */
    gmc_bim_cost(&x, &c);
    assert_int_equal(c.inputs[8], 5);
    assert_int_equal(c.xors[8], 4);
    assert_int_equal(c.depth[8], 3);
    assert_int_equal(c.depth[9], 1);
    assert_int_equal(c.total_xors, 5);
    assert_int_equal(c.max_depth, 3);
    assert_int_equal(gmc_bim_cost_cycles(&c, 6), 1);
    assert_int_equal(gmc_bim_cost_cycles(&c, 2), 2);
    x.row[10] = ~0ULL & 0x3fffffff; /* 30 inputs: 29 gates, depth 5 */
    gmc_bim_cost(&x, &c);
    assert_int_equal(c.depth[10], 5);
    assert_int_equal(c.xors[10], 29);
}

static void scheme_names_parse_both_ways(void **st)
{
    for (int s = 0; s < GMC_SCHEME_N; s++) {
        gmc_scheme_t back;
        assert_int_equal(gmc_scheme_parse(gmc_scheme_name((gmc_scheme_t)s), &back), 0);
        assert_int_equal(back, s);
    }
    gmc_scheme_t z;
    assert_int_equal(gmc_scheme_parse("PAE", &z), -1);
}

int main(void)
{
    const struct CMUnitTest t[] = {
        cmocka_unit_test(every_scheme_is_invertible_and_leaves_block_bits_alone),
        cmocka_unit_test(same_seed_same_matrix_other_seed_other_matrix),
        cmocka_unit_test(base_is_identity),
        cmocka_unit_test(pm_xors_each_channel_bank_bit_with_one_low_row_bit),
        cmocka_unit_test(rmp_moves_paper_bits_into_channel_bank_positions),
        cmocka_unit_test(rmp_takes_user_bits_and_refuses_block_bits),
        cmocka_unit_test(pae_reads_only_page_bits_and_writes_only_channel_bank),
        cmocka_unit_test(fae_adds_column_inputs_and_writes_only_channel_bank),
        cmocka_unit_test(all_randomizes_every_non_block_output),
        cmocka_unit_test(cost_counts_xor2_gates_and_depth),
        cmocka_unit_test(scheme_names_parse_both_ways),
    };
    return cmocka_run_group_tests_name("gmc_bim_scheme", t, NULL, NULL);
}
