/* The gmc_bankarb block: two-level round robin, en gating, pointers, reset,
 * the starvation bounds, and the bit tricks against a loop-by-loop reference. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "blocks/gmc_bankarb.h"
#include "util/gmc_rng.h"
#include "vec/gmc_vec_bankarb.h"

static gmc_bankarb_cfg_t cfg_for(unsigned nb, unsigned two_level)
{
    gmc_bankarb_cfg_t c;
    char err[256];
    if (gmc_bankarb_cfg_init(&c, nb, two_level, err, sizeof err))
        fail_msg("%s", err);
    return c;
}

/* One cycle: q <- d; returns the outputs. */
static gmc_bankarb_out_t cycle(const gmc_bankarb_cfg_t *c, gmc_bankarb_state_t *q,
                               unsigned en, uint64_t req, uint64_t hi)
{
    gmc_bankarb_in_t in = {1, (uint8_t)en, req, hi};
    gmc_bankarb_state_t d;
    gmc_bankarb_out_t o;
    gmc_bankarb_step(c, q, &in, &d, &o);
    *q = d;
    return o;
}

static void high_pool_is_served_before_low_pool(void **st)
{
    gmc_bankarb_cfg_t c = cfg_for(16, 1);
    gmc_bankarb_state_t q;
    gmc_bankarb_reset(&c, &q);
    /* Bank 0 (low) sits at the low pointer; bank 9 is the only high requester. */
    gmc_bankarb_out_t o = cycle(&c, &q, 1, 0x0201, 0x0200);
    assert_int_equal(o.gnt, 0x0200);
    assert_int_equal(o.gnt_hi, 1);
    assert_int_equal(o.gnt_idx, 9);
    assert_int_equal(o.valid, 1);
    /* No high requester left: the low pool is scanned. */
    o = cycle(&c, &q, 1, 0x0001, 0x0200);
    assert_int_equal(o.gnt, 0x0001);
    assert_int_equal(o.gnt_hi, 0);
}

static void round_robin_skips_the_bank_just_served(void **st)
{
    for (unsigned tl = 0; tl <= 1; tl++) {
        gmc_bankarb_cfg_t c = cfg_for(8, tl);
        gmc_bankarb_state_t q;
        gmc_bankarb_reset(&c, &q);
        /* Banks 2 and 5 keep requesting: they alternate. */
        unsigned want[] = {2, 5, 2, 5, 2};
        for (unsigned k = 0; k < 5; k++) {
            gmc_bankarb_out_t o = cycle(&c, &q, 1, 0x24, 0);
            assert_int_equal(o.gnt_idx, want[k]);
        }
        /* Same in the high pool. */
        gmc_bankarb_reset(&c, &q);
        for (unsigned k = 0; k < 5; k++) {
            gmc_bankarb_out_t o = cycle(&c, &q, 1, 0x24, 0x24);
            assert_int_equal(o.gnt_idx, want[k]);
            assert_int_equal(o.gnt_hi, tl);
        }
    }
}

static void search_wraps_around_from_the_pointer(void **st)
{
    gmc_bankarb_cfg_t c = cfg_for(8, 1);
    gmc_bankarb_state_t q = {0, 6};
    /* Requesters 1 and 3, pointer 6: none at or after 6, so wrap to 1. */
    gmc_bankarb_out_t o = cycle(&c, &q, 1, 0x0a, 0);
    assert_int_equal(o.gnt_idx, 1);
    assert_int_equal(q.ptr_lo_q, 2);
    /* Pointer 3 is itself a requester: it is first. */
    q.ptr_lo_q = 3;
    o = cycle(&c, &q, 1, 0x0a | 0x80, 0);
    assert_int_equal(o.gnt_idx, 3);
}

static void non_power_of_two_pointer_wraps_at_nb(void **st)
{
    gmc_bankarb_cfg_t c = cfg_for(5, 1);
    gmc_bankarb_state_t q = {0, 4};
    gmc_bankarb_out_t o = cycle(&c, &q, 1, 0x10, 0);
    assert_int_equal(o.gnt_idx, 4);
    assert_int_equal(q.ptr_lo_q, 0);   /* not 5 */
    q.ptr_hi_q = 4;
    o = cycle(&c, &q, 1, 0x11, 0x11);
    assert_int_equal(o.gnt_idx, 4);
    assert_int_equal(q.ptr_hi_q, 0);
}

static void no_grant_without_en(void **st)
{
    gmc_bankarb_cfg_t c = cfg_for(16, 1);
    gmc_bankarb_state_t q = {3, 7};
    gmc_bankarb_out_t o = cycle(&c, &q, 0, 0xffff, 0x00f0);
    assert_int_equal(o.gnt, 0);
    assert_int_equal(o.valid, 0);
    assert_int_equal(o.gnt_hi, 0);
    assert_int_equal(o.gnt_idx, 0);
    assert_int_equal(q.ptr_hi_q, 3);   /* nothing taken, nothing moves */
    assert_int_equal(q.ptr_lo_q, 7);
}

static void plain_mode_ignores_priority(void **st)
{
    gmc_bankarb_cfg_t c = cfg_for(16, 0);
    gmc_bankarb_state_t q;
    gmc_bankarb_reset(&c, &q);
    gmc_bankarb_out_t o = cycle(&c, &q, 1, 0x0201, 0x0200);
    assert_int_equal(o.gnt_idx, 0);    /* bank 0 at the pointer, hi ignored */
    assert_int_equal(o.gnt_hi, 0);
    o = cycle(&c, &q, 1, 0x0201, 0x0200);
    assert_int_equal(o.gnt_idx, 9);
    assert_int_equal(o.gnt_hi, 0);     /* one pool: never marked high */
    assert_int_equal(q.ptr_hi_q, 0);   /* only one pointer is used */
    assert_int_equal(q.ptr_lo_q, 10);
}

static void pointer_advances_only_on_grant(void **st)
{
    gmc_bankarb_cfg_t c = cfg_for(16, 1);
    gmc_bankarb_state_t q;
    gmc_bankarb_reset(&c, &q);
    cycle(&c, &q, 1, 0, 0xffff);             /* nobody requests */
    assert_int_equal(q.ptr_hi_q, 0);
    assert_int_equal(q.ptr_lo_q, 0);
    cycle(&c, &q, 1, 0x0010, 0x0010);        /* high grant to 4: only ptr_hi */
    assert_int_equal(q.ptr_hi_q, 5);
    assert_int_equal(q.ptr_lo_q, 0);
    cycle(&c, &q, 1, 0x0100, 0x0000);        /* low grant to 8: only ptr_lo */
    assert_int_equal(q.ptr_hi_q, 5);
    assert_int_equal(q.ptr_lo_q, 9);
    cycle(&c, &q, 0, 0x0100, 0x0000);        /* en = 0: nothing */
    assert_int_equal(q.ptr_lo_q, 9);
}

static void reset_returns_pointers_to_zero(void **st)
{
    gmc_bankarb_cfg_t c = cfg_for(16, 1);
    gmc_bankarb_state_t q = {11, 13}, d;
    gmc_bankarb_out_t o;
    /* Asynchronous: the pointers read 0 in the reset cycle itself, so the
     * grant is what a fresh arbiter gives (bank 2 before 14), and they do
     * not move. */
    gmc_bankarb_in_t in = {0, 1, (1u << 2) | (1u << 14), 0};
    gmc_bankarb_step(&c, &q, &in, &d, &o);
    assert_int_equal(o.gnt_idx, 2);
    assert_int_equal(d.ptr_hi_q, 0);
    assert_int_equal(d.ptr_lo_q, 0);
    gmc_bankarb_reset(&c, &q);
    assert_int_equal(q.ptr_hi_q, 0);
    assert_int_equal(q.ptr_lo_q, 0);
}

static void single_bank_is_granted_whenever_it_requests(void **st)
{
    gmc_bankarb_cfg_t c = cfg_for(1, 1);
    gmc_bankarb_state_t q;
    gmc_bankarb_reset(&c, &q);
    for (unsigned k = 0; k < 4; k++) {
        gmc_bankarb_out_t o = cycle(&c, &q, 1, 1, k & 1);
        assert_int_equal(o.gnt, 1);
        assert_int_equal(o.gnt_hi, k & 1);
        assert_int_equal(o.gnt_idx, 0);
    }
    assert_int_equal(gmc_bankarb_state_bits(&c), 0);
}

static void bits_above_nb_are_ignored(void **st)
{
    gmc_bankarb_cfg_t c = cfg_for(5, 1);
    gmc_bankarb_state_t q;
    gmc_bankarb_reset(&c, &q);
    gmc_bankarb_out_t o = cycle(&c, &q, 1, 0xffe0 | 0x04, 0xffff);
    assert_int_equal(o.gnt, 0x04);
    o = cycle(&c, &q, 1, 0xffe0, 0xffff);
    assert_int_equal(o.valid, 0);
}

static void out_of_range_pointer_searches_from_bank_zero(void **st)
{
    /* NB 5 has 3-bit pointers; 5..7 exist only before the first reset. */
    gmc_bankarb_cfg_t c = cfg_for(5, 1);
    gmc_bankarb_state_t q = {7, 6};
    gmc_bankarb_out_t o = cycle(&c, &q, 1, 0x12, 0);
    assert_int_equal(o.gnt_idx, 1);
    assert_int_equal(q.ptr_lo_q, 2);
}

/* Loop-by-loop definition: scan NB banks from ptr. */
static int ref_first(uint64_t req, unsigned ptr, unsigned nb, unsigned pbits)
{
    ptr &= (1u << pbits) - 1;
    if (ptr >= nb)
        ptr = 0;   /* all masked: the search starts at bank 0 */
    for (unsigned k = 0; k < nb; k++) {
        unsigned b = (ptr + k) % nb;
        if ((req >> b) & 1)
            return (int)b;
    }
    return -1;
}

static void grant_matches_loop_reference_for_every_nb(void **st)
{
    gmc_rng_t r;
    gmc_rng_seed(&r, 5);
    for (unsigned nb = 1; nb <= 64; nb++)
        for (unsigned tl = 0; tl <= 1; tl++) {
            gmc_bankarb_cfg_t c = cfg_for(nb, tl);
            for (int k = 0; k < 2000; k++) {
                gmc_bankarb_state_t q = {(uint8_t)gmc_rng_below(&r, 1u << c.iw),
                                         (uint8_t)gmc_rng_below(&r, 1u << c.iw)}, d;
                uint64_t x = gmc_rng_u64(&r);
                gmc_bankarb_in_t in = {1, (uint8_t)((x & 7) != 0),
                                       gmc_rng_u64(&r) & (k & 1 ? gmc_rng_u64(&r) : ~0ull),
                                       gmc_rng_u64(&r) & gmc_rng_u64(&r)};
                gmc_bankarb_out_t o;
                gmc_bankarb_step(&c, &q, &in, &d, &o);
                uint64_t req = in.req & c.mask, hreq = tl ? req & in.hi : 0;
                int g = hreq ? ref_first(hreq, q.ptr_hi_q, nb, c.iw)
                             : ref_first(req, q.ptr_lo_q, nb, c.iw);
                if (!in.en)
                    g = -1;
                assert_int_equal(o.gnt, g < 0 ? 0 : 1ull << g);
                assert_int_equal(o.gnt_idx, g < 0 ? 0 : g);
                assert_int_equal(o.valid, g >= 0);
                assert_int_equal(o.gnt_hi, g >= 0 && hreq != 0);
                /* the granting pool's pointer moves to one past g */
                unsigned pm = (1u << c.iw) - 1, nxt = g < 0 ? 0 : ((unsigned)g + 1) % nb;
                assert_int_equal(d.ptr_hi_q, g >= 0 && hreq ? nxt : q.ptr_hi_q & pm);
                assert_int_equal(d.ptr_lo_q, g >= 0 && !hreq ? nxt : q.ptr_lo_q & pm);
            }
        }
}

/* Drives the shared stimulus and checks both bounds on every bank. */
static void check_bounds(unsigned nb, unsigned tl, unsigned cycles, unsigned *max_hi,
                         unsigned *max_lo)
{
    gmc_bankarb_cfg_t c = cfg_for(nb, tl);
    gmc_bankarb_stim_t s;
    gmc_bankarb_stim_init(&s, 77 + nb, nb, 10);
    gmc_bankarb_state_t q, d;
    gmc_bankarb_reset(&c, &q);
    unsigned whi[64] = {0}, wlo[64] = {0};
    uint64_t last = 0;
    *max_hi = *max_lo = 0;
    for (unsigned t = 0; t < cycles; t++) {
        gmc_bankarb_in_t in;
        gmc_bankarb_out_t o;
        gmc_bankarb_stim_next(&s, last, &in);
        gmc_bankarb_step(&c, &q, &in, &d, &o);
        uint64_t req = in.req & c.mask, hreq = tl ? req & in.hi : 0;
        for (unsigned b = 0; b < nb; b++) {
            int r = (req >> b) & 1, h = (hreq >> b) & 1, g = (o.gnt >> b) & 1;
            if (!in.rst_n || !h || (in.en && g)) whi[b] = 0;
            else if (in.en) whi[b]++;
            if (!in.rst_n || !r || (in.en && g)) wlo[b] = 0;
            else if (in.en && (!tl || (!h && !hreq))) wlo[b]++;
            assert_true(whi[b] <= nb - 1);
            assert_true(wlo[b] <= nb - 1);
            if (whi[b] > *max_hi) *max_hi = whi[b];
            if (wlo[b] > *max_lo) *max_lo = wlo[b];
        }
        q = d;
        last = o.gnt;
    }
}

static void every_high_requester_granted_within_nb(void **st)
{
    unsigned mh, ml;
    unsigned nbs[] = {2, 5, 16, 64};
    for (unsigned i = 0; i < 4; i++) {
        check_bounds(nbs[i], 1, 200000, &mh, &ml);
        assert_true(mh >= 1);   /* the stimulus makes high banks wait */
    }
    /* Tight: all banks high, the pointer just past bank 3. */
    gmc_bankarb_cfg_t c = cfg_for(16, 1);
    gmc_bankarb_state_t q = {4, 0};
    unsigned k = 0;
    while (!(cycle(&c, &q, 1, 0xffff, 0xffff).gnt & (1u << 3)))
        k++;
    assert_int_equal(k, 15);   /* granted in its 16th enabled cycle */
}

static void low_requester_granted_within_nb_cycles_without_high_requests(void **st)
{
    unsigned mh, ml;
    unsigned nbs[] = {2, 5, 16, 64};
    for (unsigned i = 0; i < 4; i++)
        for (unsigned tl = 0; tl <= 1; tl++) {
            check_bounds(nbs[i], tl, 200000, &mh, &ml);
            assert_true(ml >= 1);
        }
    /* High-pool traffic does not disturb the low pool's rotation (one
     * pointer per pool): low banks 2 and 5 request, 2 is served, then the
     * high pool serves bank 6 many times; the low pool continues with 5.
     * (A pointer shared by both pools would stand at 7 and serve 2 again.) */
    gmc_bankarb_cfg_t c = cfg_for(8, 1);
    gmc_bankarb_state_t q = {0, 2};
    assert_int_equal(cycle(&c, &q, 1, 0x24, 0).gnt_idx, 2);
    for (int k = 0; k < 20; k++)
        assert_int_equal(cycle(&c, &q, 1, 0x64, 0x40).gnt_idx, 6);
    assert_int_equal(cycle(&c, &q, 1, 0x24, 0).gnt_idx, 5);
}

static void starved_low_bank_waits_while_high_banks_request(void **st)
{
    /* The bound counts only cycles without high requesters: with strict
     * priority a low bank waits as long as the high pool keeps requesting
     * (the controller's age cap, promoting old requests, bounds that). */
    gmc_bankarb_cfg_t c = cfg_for(4, 1);
    gmc_bankarb_state_t q;
    gmc_bankarb_reset(&c, &q);
    for (int k = 0; k < 1000; k++)
        assert_int_equal(cycle(&c, &q, 1, 0x3, 0x2).gnt_idx, 1);
    assert_int_equal(cycle(&c, &q, 1, 0x3, 0x0).gnt_idx, 0);
}

static void cfg_check_rejects_bad_parameters(void **st)
{
    gmc_bankarb_cfg_t c;
    char err[256];
    assert_int_equal(gmc_bankarb_cfg_init(&c, 0, 1, err, sizeof err), -1);
    assert_non_null(strstr(err, "NB must be 1..64"));
    assert_int_equal(gmc_bankarb_cfg_init(&c, 65, 1, err, sizeof err), -1);
    assert_int_equal(gmc_bankarb_cfg_init(&c, 16, 2, err, sizeof err), -1);
    assert_non_null(strstr(err, "TWO_LEVEL"));
    assert_int_equal(gmc_bankarb_cfg_init(&c, 16, 1, err, sizeof err), 0);
    c.iw = 3;
    assert_int_equal(gmc_bankarb_cfg_check(&c, err, sizeof err), -1);
}

static void storage_is_one_pointer_per_pool(void **st)
{
    gmc_bankarb_cfg_t c = cfg_for(16, 1);
    assert_int_equal(gmc_bankarb_state_bits(&c), 8);
    c = cfg_for(16, 0);
    assert_int_equal(gmc_bankarb_state_bits(&c), 4);
    c = cfg_for(5, 1);
    assert_int_equal(gmc_bankarb_state_bits(&c), 6);
    c = cfg_for(64, 1);
    assert_int_equal(gmc_bankarb_state_bits(&c), 12);
}

static void vector_file_is_a_function_of_its_parameters(void **st)
{
    gmc_bankarb_cfg_t c = cfg_for(5, 1);
    char *a = NULL, *b = NULL, *x = NULL;
    size_t na = 0, nb = 0, nx = 0;
    FILE *fa = open_memstream(&a, &na), *fb = open_memstream(&b, &nb),
         *fx = open_memstream(&x, &nx);
    assert_int_equal(gmc_vec_bankarb_write(fa, &c, 3, 300), 0);
    assert_int_equal(gmc_vec_bankarb_write(fb, &c, 3, 300), 0);
    assert_int_equal(gmc_vec_bankarb_write(fx, &c, 4, 300), 0);
    fclose(fa);
    fclose(fb);
    fclose(fx);
    assert_true(na == nb && !memcmp(a, b, na));
    assert_true(na != nx || memcmp(a, x, na));
    assert_non_null(strstr(a, "# ports rst_ni:1:in en_i:1:in req_i:5:in hi_i:5:in gnt_o:5:out "
                              "gnt_hi_o:1:out gnt_idx_o:3:out valid_o:1:out\n"));
    free(a);
    free(b);
    free(x);
}

int main(void)
{
    const struct CMUnitTest t[] = {
        cmocka_unit_test(high_pool_is_served_before_low_pool),
        cmocka_unit_test(round_robin_skips_the_bank_just_served),
        cmocka_unit_test(search_wraps_around_from_the_pointer),
        cmocka_unit_test(non_power_of_two_pointer_wraps_at_nb),
        cmocka_unit_test(no_grant_without_en),
        cmocka_unit_test(plain_mode_ignores_priority),
        cmocka_unit_test(pointer_advances_only_on_grant),
        cmocka_unit_test(reset_returns_pointers_to_zero),
        cmocka_unit_test(single_bank_is_granted_whenever_it_requests),
        cmocka_unit_test(bits_above_nb_are_ignored),
        cmocka_unit_test(out_of_range_pointer_searches_from_bank_zero),
        cmocka_unit_test(grant_matches_loop_reference_for_every_nb),
        cmocka_unit_test(every_high_requester_granted_within_nb),
        cmocka_unit_test(low_requester_granted_within_nb_cycles_without_high_requests),
        cmocka_unit_test(starved_low_bank_waits_while_high_banks_request),
        cmocka_unit_test(cfg_check_rejects_bad_parameters),
        cmocka_unit_test(storage_is_one_pointer_per_pool),
        cmocka_unit_test(vector_file_is_a_function_of_its_parameters),
    };
    return cmocka_run_group_tests_name("gmc_bankarb", t, NULL, NULL);
}
