/* GF(2) matrix algebra: the rules every BIM relies on. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include "bim/gmc_gf2.h"
#include "util/gmc_rng.h"

static void random_matrix(gmc_rng_t *r, unsigned n, gmc_gf2_t *m)
{
    m->n = n;
    for (unsigned i = 0; i < n; i++)
        m->row[i] = gmc_rng_u64(r) & gmc_gf2_mask(n);
}

static void inverse_round_trips_on_random_invertible_matrices(void **st)
{
    gmc_rng_t r;
    gmc_rng_seed(&r, 11);
    unsigned invertible = 0;
    for (int t = 0; t < 3000; t++) {
        unsigned n = 1 + (unsigned)gmc_rng_below(&r, 64);
        gmc_gf2_t m, inv, p, id;
        random_matrix(&r, n, &m);
        if (gmc_gf2_inverse(&m, &inv)) {
            assert_true(gmc_gf2_rank(&m) < n);
            assert_true(gmc_gf2_first_dependent_row(&m) >= 0);
            continue;
        }
        invertible++;
        assert_int_equal(gmc_gf2_rank(&m), n);
        assert_int_equal(gmc_gf2_first_dependent_row(&m), -1);
        gmc_gf2_identity(&id, n);
        gmc_gf2_mul(&inv, &m, &p);
        assert_true(gmc_gf2_equal(&p, &id));
        gmc_gf2_mul(&m, &inv, &p);
        assert_true(gmc_gf2_equal(&p, &id));
        for (int k = 0; k < 8; k++) {
            uint64_t x = gmc_rng_u64(&r) & gmc_gf2_mask(n);
            assert_true(gmc_gf2_apply(&inv, gmc_gf2_apply(&m, x)) == x);
        }
    }
    /* About 29% of random square matrices over GF(2) are invertible; make
     * sure the test exercised both branches a lot. */
    assert_in_range(invertible, 500, 1500);
}

static void product_applies_right_factor_first(void **st)
{
    gmc_rng_t r;
    gmc_rng_seed(&r, 5);
    for (int t = 0; t < 200; t++) {
        gmc_gf2_t a, b, c;
        random_matrix(&r, 40, &a);
        random_matrix(&r, 40, &b);
        gmc_gf2_mul(&a, &b, &c);
        uint64_t x = gmc_rng_u64(&r) & gmc_gf2_mask(40);
        assert_true(gmc_gf2_apply(&c, x) == gmc_gf2_apply(&a, gmc_gf2_apply(&b, x)));
    }
}

static void duplicate_row_is_named_as_first_dependent(void **st)
{
    gmc_gf2_t m, inv;
    gmc_gf2_identity(&m, 8);
    m.row[5] = m.row[1] ^ m.row[3];
    assert_int_equal(gmc_gf2_first_dependent_row(&m), 5);
    assert_int_equal(gmc_gf2_rank(&m), 7);
    assert_int_equal(gmc_gf2_inverse(&m, &inv), -1);
}

static void zero_row_makes_matrix_singular(void **st)
{
    gmc_gf2_t m;
    gmc_gf2_identity(&m, 64);
    m.row[0] = 0;
    assert_int_equal(gmc_gf2_first_dependent_row(&m), 0);
}

static void full_64_bit_identity_is_its_own_inverse(void **st)
{
    gmc_gf2_t m, inv;
    gmc_gf2_identity(&m, 64);
    assert_int_equal(gmc_gf2_inverse(&m, &inv), 0);
    assert_true(gmc_gf2_is_identity(&inv));
    assert_true(gmc_gf2_is_permutation(&m));
    assert_true(gmc_gf2_apply(&m, ~0ULL) == ~0ULL);
    assert_true(gmc_gf2_mask(64) == ~0ULL);
    assert_true(gmc_gf2_mask(30) == 0x3fffffffULL);
}

static void permutation_check_rejects_xor_rows(void **st)
{
    gmc_gf2_t m;
    gmc_gf2_identity(&m, 10);
    m.row[2] |= 1u << 7;
    assert_false(gmc_gf2_is_permutation(&m));
    gmc_gf2_identity(&m, 10);
    m.row[2] = 1u << 3;
    m.row[3] = 1u << 2;
    assert_true(gmc_gf2_is_permutation(&m));
    assert_false(gmc_gf2_is_identity(&m));
}

int main(void)
{
    const struct CMUnitTest t[] = {
        cmocka_unit_test(inverse_round_trips_on_random_invertible_matrices),
        cmocka_unit_test(product_applies_right_factor_first),
        cmocka_unit_test(duplicate_row_is_named_as_first_dependent),
        cmocka_unit_test(zero_row_makes_matrix_singular),
        cmocka_unit_test(full_64_bit_identity_is_its_own_inverse),
        cmocka_unit_test(permutation_check_rejects_xor_rows),
    };
    return cmocka_run_group_tests_name("gmc_gf2", t, NULL, NULL);
}
