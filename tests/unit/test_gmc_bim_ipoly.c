/* GPGPU-Sim's IPoly partition hash as a BIM: the equations are the
 * polynomial ones they claim to be, and the matrix gives the channel that
 * GPGPU-Sim's per-bit formula gives. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "bim/gmc_bim_ipoly.h"
#include "util/gmc_rng.h"

/* Column i (which index bits h bit i feeds) of the `sets` equations. */
static unsigned column(unsigned sets, unsigned bits, unsigned i)
{
    unsigned c = 0;
    for (unsigned j = 0; j < bits; j++)
        c |= (unsigned)((gmc_ipoly_feed(sets, j) >> i) & 1) << j;
    return c;
}

/* IPoly's columns are x^i mod P for an irreducible P of degree log2 sets
 * (Rau [ISCA'91]): each column is the previous times x, reduced by P.  Any
 * log2 sets consecutive columns are then independent, so 2^k strides of a
 * power of two never meet in one sub-partition.  A typo in a table breaks
 * the recurrence. */
static void the_equations_are_powers_of_x_modulo_the_polynomial(void **st)
{
    (void)st;
    static const struct { unsigned sets, bits, poly, top; } p[] = {
        {16, 4, 0x13, 12}, {32, 5, 0x25, 14}, {64, 6, 0x43, 18},   /* x^4+x+1, x^5+x^2+1, x^6+x+1 */
    };
    unsigned checked = 0;
    for (unsigned k = 0; k < 3; k++) {
        for (unsigned i = 0; i < p[k].top; i++) {
            unsigned c = column(p[k].sets, p[k].bits, i) << 1;
            if (c >> p[k].bits)
                c ^= p[k].poly;
            if (c != column(p[k].sets, p[k].bits, i + 1))
                fail_msg("%u sets: column %u is not x times column %u", p[k].sets, i + 1, i);
            checked++;
        }
        assert_int_equal(column(p[k].sets, p[k].bits, p[k].top + 1), 0);   /* nothing above */
        assert_int_equal(gmc_ipoly_feed(p[k].sets, p[k].bits), 0);
    }
    assert_int_equal(gmc_ipoly_feed(8, 0), 0);
    print_message("%u column steps follow their polynomials\n", checked);
}

/* GPGPU-Sim's formula per bit: sub-partition index s = chip * S + bank low
 * bits, bit j of s XOR the parity of feed_j & h, channel = s / S.  Only
 * the chip bits reach the channel, so the bank bits play no part here. */
static unsigned ref_channel(uint64_t a, unsigned chip_at, unsigned cb, unsigned sb)
{
    unsigned sets = 1u << (cb + sb), chip = (unsigned)((a >> chip_at) & ((1u << cb) - 1));
    uint64_t h = a >> (chip_at + cb + sb);
    for (unsigned k = 0; k < cb; k++)
        chip ^= (unsigned)__builtin_parityll(gmc_ipoly_feed(sets, sb + k) & h) << k;
    return chip;
}

static void the_matrix_gives_gpgpusims_channel(void **st)
{
    (void)st;
    gmc_rng_t r;
    gmc_rng_seed(&r, 0x1b0);
    unsigned shapes = 0, addrs = 0;
    for (unsigned cb = 1; cb <= 6; cb++)
        for (unsigned sb = 0; sb <= 2; sb++) {
            unsigned sets = 1u << (cb + sb);
            if (sets != 16 && sets != 32 && sets != 64)
                continue;
            for (unsigned chip_at = 5; chip_at <= 13; chip_at += 4) {
                const unsigned width = 34;
                gmc_gf2_t m;
                char err[256];
                if (gmc_bim_ipoly(width, chip_at, cb, sb, &m, err, sizeof err))
                    fail_msg("%s", err);
                assert_true(gmc_gf2_first_dependent_row(&m) < 0);   /* invertible */
                for (unsigned i = 0; i < width; i++)   /* only the channel rows move */
                    if (i < chip_at || i >= chip_at + cb)
                        assert_true(m.row[i] == 1ull << i);
                for (int t = 0; t < 5000; t++) {
                    uint64_t a = gmc_rng_u64(&r) & gmc_gf2_mask(width);
                    uint64_t x = gmc_gf2_apply(&m, a);
                    assert_int_equal((unsigned)((x >> chip_at) & ((1u << cb) - 1)),
                                     ref_channel(a, chip_at, cb, sb));
                    assert_true((x & ~(((1ull << cb) - 1) << chip_at)) ==
                                (a & ~(((1ull << cb) - 1) << chip_at)));
                    addrs++;
                }
                shapes++;
            }
        }
    print_message("%u shapes, %u addresses: the matrix's channel is GPGPU-Sim's formula's\n",
                  shapes, addrs);
    assert_true(shapes >= 9);
}

static void unsupported_counts_are_refused(void **st)
{
    (void)st;
    gmc_gf2_t m;
    char err[256];
    assert_int_equal(gmc_bim_ipoly(34, 8, 3, 0, &m, err, sizeof err), -1);
    assert_non_null(strstr(err, "expected 16, 32 or 64 sub-partitions in all (channels x "
                                "sub-partitions per channel), found 8"));
    assert_int_equal(gmc_bim_ipoly(10, 8, 4, 1, &m, err, sizeof err), -1);
    assert_non_null(strstr(err, "expected the channel bits 8..11 inside a 10-bit address"));
}

int main(void)
{
    const struct CMUnitTest t[] = {
        cmocka_unit_test(the_equations_are_powers_of_x_modulo_the_polynomial),
        cmocka_unit_test(the_matrix_gives_gpgpusims_channel),
        cmocka_unit_test(unsupported_counts_are_refused),
    };
    return cmocka_run_group_tests_name("gmc_bim_ipoly", t, NULL, NULL);
}
