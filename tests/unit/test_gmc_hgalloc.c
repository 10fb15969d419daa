/* The gmc_hgalloc block: separable input-first round robin, pointers that
 * move only on a final grant, the hold-grant policies (HG, RMHG, HMHG) in
 * both readings of the paper, the hold limit, reset, the port view, and
 * the step against a loop-by-loop reference written from the spec. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "blocks/gmc_hgalloc.h"
#include "util/gmc_rng.h"

enum { NONE = GMC_HGALLOC_NONE, HG = GMC_HGALLOC_HG, RMHG = GMC_HGALLOC_RMHG, HMHG = GMC_HGALLOC_HMHG };

static gmc_hgalloc_cfg_t cfg_of(unsigned ni, unsigned no, unsigned pol, unsigned rb, unsigned bb,
                                unsigned k, unsigned lim, unsigned pb, unsigned force)
{
    gmc_hgalloc_cfg_t c;
    char err[256];
    if (gmc_hgalloc_cfg_init(&c, ni, no, pol, rb, bb, k, lim, pb, force, err, sizeof err))
        fail_msg("%s", err);
    return c;
}

/* A cycle's inputs: requests as (input, output) pairs; every output enabled
 * unless en says otherwise. */
typedef struct {
    gmc_hgalloc_in_t in;
} stim_t;

static void stim_clear(stim_t *s, const gmc_hgalloc_cfg_t *c)
{
    memset(s, 0, sizeof *s);
    s->in.rst_n = 1;
    s->in.en = c->omask;
}

static void want(stim_t *s, unsigned i, unsigned o, uint32_t row, unsigned bank)
{
    s->in.req[i] |= 1ull << o;
    s->in.row[i] = row;
    s->in.bank[i] = (uint8_t)bank;
}

static gmc_hgalloc_out_t step(const gmc_hgalloc_cfg_t *c, gmc_hgalloc_state_t *q, const stim_t *s)
{
    gmc_hgalloc_out_t o;
    gmc_hgalloc_step(c, q, &s->in, q, &o);
    return o;
}

/* The input output o granted, or -1. */
static int granted(const gmc_hgalloc_out_t *o, unsigned out)
{
    return (o->gnt >> out & 1) ? o->gnt_in[out] : -1;
}

/* ---- configuration ---- */

static void bad_parameters_are_refused_with_one_line(void **st)
{
    static const unsigned bad[][9] = {
        {0, 4, 1, 8, 2, 4, 0, 0, 1},  {65, 4, 1, 8, 2, 4, 0, 0, 1}, {4, 0, 1, 8, 2, 4, 0, 0, 1},
        {4, 65, 1, 8, 2, 4, 0, 0, 1}, {4, 4, 4, 8, 2, 4, 0, 0, 1},  {4, 4, 1, 0, 2, 4, 0, 0, 1},
        {4, 4, 1, 33, 2, 4, 0, 0, 1}, {4, 4, 1, 8, 0, 4, 0, 0, 1},  {4, 4, 1, 8, 6, 4, 0, 0, 1},
        {4, 4, 3, 8, 2, 0, 0, 0, 1},  {4, 4, 1, 8, 2, 4, 65536, 0, 1}, {4, 4, 1, 8, 2, 4, 0, 2, 1},
        {4, 4, 1, 8, 2, 4, 0, 0, 2},
    };
    for (unsigned k = 0; k < sizeof bad / sizeof *bad; k++) {
        const unsigned *v = bad[k];
        gmc_hgalloc_cfg_t c;
        char err[256] = "";
        assert_int_equal(gmc_hgalloc_cfg_init(&c, v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8],
                                              err, sizeof err), -1);
        assert_non_null(strstr(err, "expected"));
        assert_non_null(strstr(err, "found"));
        assert_null(strchr(err, '\n'));
    }
    gmc_hgalloc_cfg_t c = cfg_of(4, 4, HG, 8, 2, 4, 0, 0, 1);
    char err[256] = "";
    c.cw = 3;   /* a derived field that does not match */
    assert_int_equal(gmc_hgalloc_cfg_check(&c, err, sizeof err), -1);
    assert_non_null(strstr(err, "derived"));
}

static void storage_is_pointers_hold_bits_counters_and_keys(void **st)
{
    /* 28 x 8 (the paper's crossbar): pointers 28*3 + 8*5 = 124 bits. */
    gmc_hgalloc_cfg_t c = cfg_of(28, 8, NONE, 12, 2, 4, 0, 0, 1);
    assert_int_equal(gmc_hgalloc_state_bits(&c), 124);
    /* HG adds the C*M = 224 bits of Table 1. */
    c = cfg_of(28, 8, HG, 12, 2, 4, 0, 0, 1);
    assert_int_equal(gmc_hgalloc_state_bits(&c), 124 + 224);
    /* RMHG per bank: + log2(nR) * nB * M = 12 * 4 * 8 = 384 (608 - 224 in Table 1). */
    c = cfg_of(28, 8, RMHG, 12, 2, 4, 0, 1, 1);
    assert_int_equal(gmc_hgalloc_state_bits(&c), 124 + 224 + 384);
    /* HMHG4 per output: + 4 * M = 32 (Table 1's formula C*M + 4*M). */
    c = cfg_of(28, 8, HMHG, 12, 2, 4, 0, 0, 1);
    assert_int_equal(gmc_hgalloc_state_bits(&c), 124 + 224 + 32);
    /* A hold limit of 5 adds a 3-bit counter per output. */
    c = cfg_of(28, 8, HMHG, 12, 2, 4, 5, 0, 1);
    assert_int_equal(gmc_hgalloc_state_bits(&c), 124 + 224 + 32 + 24);
    /* One port on a side has no pointer there. */
    c = cfg_of(1, 1, NONE, 1, 1, 1, 0, 0, 1);
    assert_int_equal(gmc_hgalloc_state_bits(&c), 0);
}

/* ---- separable round robin ---- */

static void two_inputs_to_one_output_alternate_without_a_policy(void **st)
{
    gmc_hgalloc_cfg_t c = cfg_of(4, 2, NONE, 8, 1, 4, 0, 0, 1);
    gmc_hgalloc_state_t q;
    gmc_hgalloc_reset(&c, &q);
    stim_t s;
    stim_clear(&s, &c);
    want(&s, 1, 0, 0, 0);
    want(&s, 3, 0, 0, 0);
    const int expect[] = {1, 3, 1, 3, 1};
    for (unsigned k = 0; k < 5; k++) {
        gmc_hgalloc_out_t o = step(&c, &q, &s);
        assert_int_equal(granted(&o, 0), expect[k]);
        assert_int_equal(o.hold, 0);
    }
}

static void a_separable_allocator_grants_one_output_per_input(void **st)
{
    /* Fig. 7's shape: 3 inputs, 2 outputs.  Input 0 requests both, input 1
     * output 0: input 0 picks output 0 (its pointer), which grants input 0
     * (its pointer); output 1 is picked by nobody. */
    gmc_hgalloc_cfg_t c = cfg_of(3, 2, NONE, 8, 1, 4, 0, 0, 1);
    gmc_hgalloc_state_t q;
    gmc_hgalloc_reset(&c, &q);
    stim_t s;
    stim_clear(&s, &c);
    want(&s, 0, 0, 0, 0);
    want(&s, 0, 1, 0, 0);
    want(&s, 1, 0, 0, 0);
    gmc_hgalloc_out_t o = step(&c, &q, &s);
    assert_int_equal(o.gnt, 1);
    assert_int_equal(granted(&o, 0), 0);
    /* Next: input 0's pointer is past output 0, so it picks output 1;
     * output 0's pointer is past input 0, so input 1 gets it. */
    o = step(&c, &q, &s);
    assert_int_equal(o.gnt, 3);
    assert_int_equal(granted(&o, 0), 1);
    assert_int_equal(granted(&o, 1), 0);
}

static void an_input_whose_pick_lost_keeps_its_pointer(void **st)
{
    gmc_hgalloc_cfg_t c = cfg_of(2, 2, NONE, 8, 1, 4, 0, 0, 1);
    gmc_hgalloc_state_t q;
    gmc_hgalloc_reset(&c, &q);
    q.optr_q[0] = 1;   /* output 0 prefers input 1 */
    stim_t s;
    stim_clear(&s, &c);
    want(&s, 0, 0, 0, 0);
    want(&s, 0, 1, 0, 0);
    want(&s, 1, 0, 0, 0);
    gmc_hgalloc_out_t o = step(&c, &q, &s);
    assert_int_equal(granted(&o, 0), 1);   /* input 0 picked output 0 and lost */
    assert_int_equal(o.gnt, 1);            /* output 1 was picked by nobody */
    assert_int_equal(q.iptr_q[0], 0);      /* so input 0 still prefers output 0 */
    assert_int_equal(q.optr_q[0], 0);      /* output 0 moved past input 1 */
    o = step(&c, &q, &s);
    assert_int_equal(granted(&o, 0), 0);
}

static void a_disabled_output_grants_nothing_and_keeps_its_pointer(void **st)
{
    gmc_hgalloc_cfg_t c = cfg_of(2, 2, NONE, 8, 1, 4, 0, 0, 1);
    gmc_hgalloc_state_t q;
    gmc_hgalloc_reset(&c, &q);
    stim_t s;
    stim_clear(&s, &c);
    want(&s, 0, 0, 0, 0);
    want(&s, 0, 1, 0, 0);
    s.in.en = 2;
    gmc_hgalloc_out_t o = step(&c, &q, &s);
    assert_int_equal(o.gnt, 2);            /* input 0 picks the enabled output */
    assert_int_equal(granted(&o, 1), 0);
    assert_int_equal(q.optr_q[0], 0);
}

/* ---- hold grant ---- */

/* Inputs 0 and 1 stream to output 0; input 0 got it first. */
static void hg_the_holder_keeps_its_output_while_it_requests(void **st)
{
    gmc_hgalloc_cfg_t c = cfg_of(4, 2, HG, 8, 1, 4, 0, 0, 1);
    gmc_hgalloc_state_t q;
    gmc_hgalloc_reset(&c, &q);
    stim_t s;
    stim_clear(&s, &c);
    want(&s, 0, 0, 0, 0);
    want(&s, 1, 0, 0, 0);
    gmc_hgalloc_out_t o = step(&c, &q, &s);
    assert_int_equal(granted(&o, 0), 0);
    assert_int_equal(o.hold, 0);   /* the first grant is an ordinary one */
    for (unsigned k = 0; k < 20; k++) {
        o = step(&c, &q, &s);
        assert_int_equal(granted(&o, 0), 0);
        assert_int_equal(o.hold, 1);
    }
    assert_int_equal(gmc_hgalloc_held_out(&c, &q, 0), 0);
    /* Input 0 pauses one cycle: its hold ends, and input 1 is next. */
    s.in.req[0] = 0;
    o = step(&c, &q, &s);
    assert_int_equal(granted(&o, 0), 1);
    assert_int_equal(o.hold, 0);
    s.in.req[0] = 1;
    o = step(&c, &q, &s);
    assert_int_equal(granted(&o, 0), 1);   /* now input 1 holds */
    assert_int_equal(o.hold, 1);
}

static void hg_a_hold_survives_cycles_its_output_is_disabled(void **st)
{
    gmc_hgalloc_cfg_t c = cfg_of(4, 2, HG, 8, 1, 4, 0, 0, 1);
    gmc_hgalloc_state_t q;
    gmc_hgalloc_reset(&c, &q);
    stim_t s;
    stim_clear(&s, &c);
    want(&s, 2, 0, 0, 0);
    step(&c, &q, &s);   /* input 2 granted output 0 */
    want(&s, 1, 0, 0, 0);
    s.in.en = 0;        /* output 0 busy (serializing, no credit) for a while */
    for (unsigned k = 0; k < 5; k++) {
        gmc_hgalloc_out_t o = step(&c, &q, &s);
        assert_int_equal(o.gnt, 0);
    }
    s.in.en = c.omask;
    gmc_hgalloc_out_t o = step(&c, &q, &s);
    assert_int_equal(granted(&o, 0), 2);   /* round robin would give it to input 1... */
    q.held_q[2] = 0;                       /* ...as it does without the hold */
    q.optr_q[0] = 3;
    o = step(&c, &q, &s);
    assert_int_equal(granted(&o, 0), 1);
}

/* The holder also requests output 1.  Sec. 3.4 (HOLD_FORCE 1) clears its
 * other requests, so it takes output 0 again; sec. 3.2 (HOLD_FORCE 0) only
 * gives it top priority at output 0, and its own arbiter may pick output 1. */
static void hold_force_clears_the_holders_other_requests_and_priority_does_not(void **st)
{
    for (unsigned force = 0; force <= 1; force++) {
        gmc_hgalloc_cfg_t c = cfg_of(2, 2, HG, 8, 1, 4, 0, 0, force);
        gmc_hgalloc_state_t q;
        gmc_hgalloc_reset(&c, &q);
        stim_t s;
        stim_clear(&s, &c);
        want(&s, 0, 0, 0, 0);
        step(&c, &q, &s);                  /* input 0 holds output 0; its pointer now at output 1 */
        want(&s, 0, 1, 0, 0);
        want(&s, 1, 0, 0, 0);
        gmc_hgalloc_out_t o = step(&c, &q, &s);
        if (force) {
            assert_int_equal(granted(&o, 0), 0);
            assert_int_equal(o.gnt, 1);    /* input 1's only request, output 0, was cleared */
            assert_int_equal(o.hold, 1);
        } else {
            assert_int_equal(granted(&o, 1), 0);   /* input 0 picked output 1 */
            assert_int_equal(granted(&o, 0), 1);   /* so output 0 goes to input 1 */
            assert_int_equal(o.hold, 0);
        }
    }
}

/* Sec. 3.2's wording, read with HOLD_FORCE 0: an output prefers its holder
 * among the inputs that picked it, even against its pointer. */
static void hold_priority_beats_the_output_pointer(void **st)
{
    gmc_hgalloc_cfg_t c = cfg_of(3, 1, HG, 8, 1, 4, 0, 0, 0);
    gmc_hgalloc_state_t q;
    gmc_hgalloc_reset(&c, &q);
    stim_t s;
    stim_clear(&s, &c);
    want(&s, 2, 0, 0, 0);
    want(&s, 1, 0, 0, 0);
    q.optr_q[0] = 2;
    gmc_hgalloc_out_t o = step(&c, &q, &s);
    assert_int_equal(granted(&o, 0), 2);   /* pointer at 2 */
    o = step(&c, &q, &s);                  /* pointer at 0 would give input 1... */
    assert_int_equal(granted(&o, 0), 2);   /* ...the holder wins */
    assert_int_equal(o.hold, 1);
}

static void rmhg_holds_only_while_the_row_matches_the_banks_last_row(void **st)
{
    gmc_hgalloc_cfg_t c = cfg_of(2, 1, RMHG, 12, 2, 4, 0, 1, 1);
    gmc_hgalloc_state_t q;
    gmc_hgalloc_reset(&c, &q);
    stim_t s;
    stim_clear(&s, &c);
    want(&s, 0, 0, 0x123, 1);
    want(&s, 1, 0, 0x777, 2);
    gmc_hgalloc_out_t o = step(&c, &q, &s);
    assert_int_equal(granted(&o, 0), 0);   /* stores row 0x123 for bank 1 */
    o = step(&c, &q, &s);
    assert_int_equal(granted(&o, 0), 0);
    assert_int_equal(o.hold, 1);
    /* The holder's next request goes to another row of bank 1: no hold, input 1's turn. */
    s.in.row[0] = 0x124;
    o = step(&c, &q, &s);
    assert_int_equal(granted(&o, 0), 1);
    assert_int_equal(o.hold, 0);
    assert_int_equal(o.lim, 0);
    /* Input 1 (bank 2, row 0x777) holds; then moves to bank 1's row 0x123,
     * which output 0 last granted for bank 1: it still holds. */
    o = step(&c, &q, &s);
    assert_int_equal(o.hold, 1);
    s.in.row[1] = 0x123;
    s.in.bank[1] = 1;
    o = step(&c, &q, &s);
    assert_int_equal(granted(&o, 0), 1);
    assert_int_equal(o.hold, 1);
    /* PER_BANK 0 (sec. 3.2: "the previously requested row"): only the last
     * grant's row counts, so the same move ends the hold. */
    c = cfg_of(2, 1, RMHG, 12, 2, 4, 0, 0, 1);
    gmc_hgalloc_reset(&c, &q);
    stim_clear(&s, &c);
    want(&s, 0, 0, 0x123, 1);
    want(&s, 1, 0, 0x777, 2);
    step(&c, &q, &s);                      /* input 0, row 0x123 */
    s.in.row[0] = 0x124;
    o = step(&c, &q, &s);                  /* input 1, row 0x777 */
    assert_int_equal(granted(&o, 0), 1);
    s.in.row[1] = 0x123;
    o = step(&c, &q, &s);
    assert_int_equal(granted(&o, 0), 0);   /* 0x123 != 0x777: no hold, round robin */
}

static void hmhg_hashes_by_folding_the_row_into_k_bit_chunks(void **st)
{
    gmc_hgalloc_cfg_t c = cfg_of(2, 1, HMHG, 12, 2, 4, 0, 0, 1);
    assert_int_equal(gmc_hgalloc_key(&c, 0xabc), 0xa ^ 0xb ^ 0xc);
    assert_int_equal(gmc_hgalloc_key(&c, 0xfabc), 0xa ^ 0xb ^ 0xc);   /* bits above ROW_BITS ignored */
    c = cfg_of(2, 1, HMHG, 10, 2, 4, 0, 0, 1);
    assert_int_equal(gmc_hgalloc_key(&c, 0x3ff), 0xf ^ 0xf ^ 0x3);      /* last chunk zero-padded */
    c = cfg_of(2, 1, HMHG, 6, 2, 8, 0, 0, 1);
    assert_int_equal(gmc_hgalloc_key(&c, 0x2a), 0x2a);                  /* k >= ROW_BITS: the row */
    c = cfg_of(2, 1, RMHG, 12, 2, 4, 0, 1, 1);
    assert_int_equal(gmc_hgalloc_key(&c, 0xabc), 0xabc);
    /* Two rows with one hash keep the hold; HMHG compares hashes only. */
    c = cfg_of(2, 1, HMHG, 12, 2, 4, 0, 0, 1);
    gmc_hgalloc_state_t q;
    gmc_hgalloc_reset(&c, &q);
    stim_t s;
    stim_clear(&s, &c);
    want(&s, 0, 0, 0x123, 0);
    want(&s, 1, 0, 0x555, 0);
    step(&c, &q, &s);
    s.in.row[0] = 0x132;                   /* 1^3^2 == 1^2^3 */
    gmc_hgalloc_out_t o = step(&c, &q, &s);
    assert_int_equal(granted(&o, 0), 0);
    assert_int_equal(o.hold, 1);
    s.in.row[0] = 0x133;
    o = step(&c, &q, &s);
    assert_int_equal(granted(&o, 0), 1);
}

static void a_hold_limit_of_l_gives_one_grant_and_l_holds_then_the_next_input(void **st)
{
    gmc_hgalloc_cfg_t c = cfg_of(3, 1, HG, 8, 1, 4, 2, 0, 1);
    gmc_hgalloc_state_t q;
    gmc_hgalloc_reset(&c, &q);
    stim_t s;
    stim_clear(&s, &c);
    want(&s, 0, 0, 0, 0);
    want(&s, 1, 0, 0, 0);
    want(&s, 2, 0, 0, 0);
    /* grants: 0 (ordinary), 0, 0 (holds), then the limit: 1, 1, 1, 2, ... */
    const int who[] = {0, 0, 0, 1, 1, 1, 2, 2, 2, 0};
    const int held[] = {0, 1, 1, 0, 1, 1, 0, 1, 1, 0};
    const int ended[] = {0, 0, 0, 1, 0, 0, 1, 0, 0, 1};
    for (unsigned k = 0; k < 10; k++) {
        gmc_hgalloc_out_t o = step(&c, &q, &s);
        assert_int_equal(granted(&o, 0), who[k]);
        assert_int_equal(o.hold, (uint64_t)held[k]);
        assert_int_equal(o.lim, (uint64_t)ended[k]);
    }
    /* Alone, input 0 (granted by round robin above) holds twice, then the
     * limit makes its grant an ordinary one, and it holds anew. */
    s.in.req[1] = s.in.req[2] = 0;
    gmc_hgalloc_out_t o = step(&c, &q, &s);
    assert_int_equal(o.hold, 1);
    o = step(&c, &q, &s);
    assert_int_equal(o.hold, 1);
    o = step(&c, &q, &s);
    assert_int_equal(o.lim, 1);
    assert_int_equal(granted(&o, 0), 0);
    assert_int_equal(o.hold, 0);
    o = step(&c, &q, &s);
    assert_int_equal(o.hold, 1);
}

static void reset_reads_as_zero_in_the_same_cycle_and_clears_the_state(void **st)
{
    gmc_hgalloc_cfg_t c = cfg_of(4, 4, RMHG, 8, 2, 4, 3, 1, 1);
    gmc_hgalloc_state_t q;
    gmc_hgalloc_reset(&c, &q);
    for (unsigned i = 0; i < 4; i++) {
        q.iptr_q[i] = 3;
        q.optr_q[i] = 3;
        q.cnt_q[i] = 1;
    }
    q.held_q[3] = 1;
    stim_t s;
    stim_clear(&s, &c);
    want(&s, 3, 0, 0, 0);
    want(&s, 0, 0, 0, 0);
    s.in.rst_n = 0;
    gmc_hgalloc_out_t o = step(&c, &q, &s);
    assert_int_equal(granted(&o, 0), 0);   /* pointers read 0: input 0 first; no hold */
    assert_int_equal(o.hold, 0);
    gmc_hgalloc_state_t z;
    gmc_hgalloc_reset(&c, &z);
    assert_memory_equal(&q, &z, sizeof q);
}

/* ---- the port view ---- */

static void the_port_view_packs_by_port_index(void **st)
{
    gmc_hgalloc_cfg_t c = cfg_of(3, 4, HMHG, 6, 2, 4, 0, 0, 1);
    assert_true(gmc_hgalloc_ports_fit(&c));
    gmc_hgalloc_in_t in, back;
    memset(&in, 0, sizeof in);
    in.rst_n = 1;
    in.en = 0xb;
    in.req[0] = 0x1;
    in.req[1] = 0x6;
    in.req[2] = 0x8;
    in.row[1] = 0x3f;
    in.bank[2] = 3;
    gmc_hgalloc_pin_t p;
    gmc_hgalloc_in_pack(&c, &in, &p);
    assert_int_equal(p.req, 0x861);
    assert_int_equal(p.row, 0x3f << 6);
    assert_int_equal(p.bank, 3 << 4);
    gmc_hgalloc_in_unpack(&c, &p, &back);
    assert_memory_equal(&in, &back, sizeof in);
    gmc_hgalloc_out_t o;
    memset(&o, 0, sizeof o);
    o.gnt_in[1] = 2;
    o.gnt_in[3] = 1;
    gmc_hgalloc_pout_t po;
    gmc_hgalloc_out_pack(&c, &o, &po);
    assert_int_equal(po.gnt_in, (2u << 2) | (1u << 6));
    c = cfg_of(9, 8, HG, 8, 1, 4, 0, 0, 1);
    assert_false(gmc_hgalloc_ports_fit(&c));   /* req_i would be 72 bits */
}

/* ---- against a reference written from the spec, loop by loop ---- */

typedef struct {
    unsigned iptr[64], optr[64], cnt[64];
    uint8_t  held[64][64];
    uint32_t key[64][32];
} ref_t;

static int rbit(const gmc_hgalloc_in_t *in, unsigned i, unsigned o) { return (int)(in->req[i] >> o & 1); }

static void ref_step(const gmc_hgalloc_cfg_t *c, ref_t *r, const gmc_hgalloc_in_t *in, gmc_hgalloc_out_t *out)
{
    const unsigned C = c->ni, M = c->no;
    if (!in->rst_n)
        memset(r, 0, sizeof *r);   /* asynchronous reset: the state reads as reset now */
    int ok[64] = {0}, lim[64] = {0};   /* per output: the holder keeps it / the limit stopped it */
    int pair[64][64];                  /* hcpair(i, o) */
    memset(pair, 0, sizeof pair);
    if (c->policy)
        for (unsigned o = 0; o < M; o++) {
            int holder = -1;
            for (unsigned i = 0; i < C; i++)
                if (r->held[i][o])
                    holder = (int)i;
            if (holder < 0 || !(in->en >> o & 1) || !rbit(in, (unsigned)holder, o))
                continue;
            int match = 1;
            if (c->kw) {
                unsigned e = c->per_bank ? in->bank[holder] : 0;
                match = gmc_hgalloc_key(c, in->row[holder]) == r->key[o][e];
            }
            int below = !c->limit || r->cnt[o] < c->limit;
            ok[o] = match && below;
            lim[o] = match && !below;
            pair[holder][o] = ok[o];
        }
    int pick[64];
    for (unsigned i = 0; i < C; i++) {
        pick[i] = -1;
        int own = 0;
        for (unsigned o = 0; o < M; o++)
            own |= pair[i][o];
        for (unsigned k = 0; k < M && pick[i] < 0; k++) {
            unsigned o = (r->iptr[i] + k) % M;
            if (!(in->en >> o & 1) || !rbit(in, i, o))
                continue;
            if (c->force && (own ? !pair[i][o] : ok[o]))
                continue;   /* sec. 3.4: only the hold, or nothing held by another */
            pick[i] = (int)o;
        }
    }
    memset(out, 0, sizeof *out);
    int gi[64];
    for (unsigned o = 0; o < M; o++) {
        gi[o] = -1;
        int pref = 0;   /* HOLD_FORCE 0: the holder among the candidates */
        for (unsigned i = 0; i < C; i++)
            pref |= pick[i] == (int)o && pair[i][o];
        for (unsigned k = 0; k < C && gi[o] < 0; k++) {
            unsigned i = (r->optr[o] + k) % C;
            if (pick[i] == (int)o && (!pref || pair[i][o] || c->force))
                gi[o] = (int)i;
        }
        if (gi[o] >= 0) {
            out->gnt |= 1ull << o;
            out->gnt_in[o] = (uint8_t)gi[o];
            if (pair[gi[o]][o])
                out->hold |= 1ull << o;
        }
        if (lim[o])
            out->lim |= 1ull << o;
    }
    if (!in->rst_n) {
        memset(r, 0, sizeof *r);
        return;
    }
    for (unsigned o = 0; o < M; o++) {
        if (gi[o] < 0)
            continue;
        unsigned i = (unsigned)gi[o];
        r->iptr[i] = (o + 1) % M;
        r->optr[o] = (i + 1) % C;
        if (c->policy && c->cw)
            r->cnt[o] = (out->hold >> o & 1) ? r->cnt[o] + 1 : 0;
        if (c->kw)
            r->key[o][c->per_bank ? in->bank[i] : 0] = gmc_hgalloc_key(c, in->row[i]);
    }
    if (c->policy)
        for (unsigned i = 0; i < C; i++) {
            int g = 0;
            for (unsigned o = 0; o < M; o++)
                g |= gi[o] == (int)i;
            for (unsigned o = 0; o < M; o++)
                r->held[i][o] = (in->en >> o & 1) ? gi[o] == (int)i : r->held[i][o] && !g;
        }
}

static void the_step_matches_a_loop_by_loop_reference(void **st)
{
    static const unsigned shapes[][2] = {{3, 2}, {4, 4}, {8, 8}, {28, 8}, {32, 32}, {64, 64}, {1, 5}, {5, 1}};
    uint64_t grants = 0, holds = 0, ends = 0;
    for (unsigned s = 0; s < sizeof shapes / sizeof *shapes; s++)
        for (unsigned pol = 0; pol < 4; pol++)
            for (unsigned v = 0; v < 4; v++) {
                unsigned force = v & 1, pb = v >> 1, lim = (s + pol + v) % 3;
                gmc_hgalloc_cfg_t c = cfg_of(shapes[s][0], shapes[s][1], pol, 6, 2, 3, lim, pb, force);
                gmc_hgalloc_state_t q;
                gmc_hgalloc_reset(&c, &q);
                static ref_t r;
                memset(&r, 0, sizeof r);
                gmc_rng_t g;
                gmc_rng_seed(&g, 1000 + s * 16 + pol * 4 + v);
                gmc_hgalloc_in_t in;
                memset(&in, 0, sizeof in);
                for (unsigned t = 0; t < 3000; t++) {
                    /* Streams: an input keeps its request set and row for a while. */
                    in.rst_n = gmc_rng_below(&g, 500) != 0;
                    in.en = gmc_rng_u64(&g) | gmc_rng_u64(&g);
                    for (unsigned i = 0; i < c.ni; i++) {
                        if (gmc_rng_below(&g, 8) == 0)
                            in.req[i] = gmc_rng_below(&g, 3) ? 1ull << gmc_rng_below(&g, c.no)
                                                             : gmc_rng_u64(&g) & gmc_rng_u64(&g);
                        if (gmc_rng_below(&g, 6) == 0)
                            in.row[i] = (uint32_t)gmc_rng_below(&g, 4);
                        if (gmc_rng_below(&g, 6) == 0)
                            in.bank[i] = (uint8_t)gmc_rng_below(&g, 4);
                    }
                    gmc_hgalloc_out_t a, b;
                    gmc_hgalloc_step(&c, &q, &in, &q, &a);
                    ref_step(&c, &r, &in, &b);
                    if (a.gnt != b.gnt || a.hold != b.hold || a.lim != b.lim ||
                        memcmp(a.gnt_in, b.gnt_in, c.no))
                        fail_msg("%ux%u policy %u force %u per_bank %u limit %u, cycle %u: gnt %llx/%llx "
                                 "hold %llx/%llx lim %llx/%llx", c.ni, c.no, pol, force, pb, lim, t,
                                 (unsigned long long)a.gnt, (unsigned long long)b.gnt,
                                 (unsigned long long)a.hold, (unsigned long long)b.hold,
                                 (unsigned long long)a.lim, (unsigned long long)b.lim);
                    grants += (uint64_t)__builtin_popcountll(a.gnt);
                    holds += (uint64_t)__builtin_popcountll(a.hold);
                    ends += (uint64_t)__builtin_popcountll(a.lim);
                }
            }
    assert_true(holds > 10000 && ends > 1000);
    print_message("    %llu grants, %llu holds, %llu holds ended by the limit, equal to the reference\n",
                  (unsigned long long)grants, (unsigned long long)holds, (unsigned long long)ends);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(bad_parameters_are_refused_with_one_line),
        cmocka_unit_test(storage_is_pointers_hold_bits_counters_and_keys),
        cmocka_unit_test(two_inputs_to_one_output_alternate_without_a_policy),
        cmocka_unit_test(a_separable_allocator_grants_one_output_per_input),
        cmocka_unit_test(an_input_whose_pick_lost_keeps_its_pointer),
        cmocka_unit_test(a_disabled_output_grants_nothing_and_keeps_its_pointer),
        cmocka_unit_test(hg_the_holder_keeps_its_output_while_it_requests),
        cmocka_unit_test(hg_a_hold_survives_cycles_its_output_is_disabled),
        cmocka_unit_test(hold_force_clears_the_holders_other_requests_and_priority_does_not),
        cmocka_unit_test(hold_priority_beats_the_output_pointer),
        cmocka_unit_test(rmhg_holds_only_while_the_row_matches_the_banks_last_row),
        cmocka_unit_test(hmhg_hashes_by_folding_the_row_into_k_bit_chunks),
        cmocka_unit_test(a_hold_limit_of_l_gives_one_grant_and_l_holds_then_the_next_input),
        cmocka_unit_test(reset_reads_as_zero_in_the_same_cycle_and_clears_the_state),
        cmocka_unit_test(the_port_view_packs_by_port_index),
        cmocka_unit_test(the_step_matches_a_loop_by_loop_reference),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
