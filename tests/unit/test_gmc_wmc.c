/* The gmc_wmc block: WAT ids, WET counts, request priority, row scores and
 * the row-miss pick, the priority table behind bank priority, reset, cfg,
 * storage against gmc_overhead, and in-place stepping against a copy. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "analysis/gmc_overhead.h"
#include "blocks/gmc_wmc.h"
#include "util/gmc_rng.h"

static gmc_wmc_cfg_t C;
static gmc_wmc_state_t Q, Q2, D2;

static void setup_default(void)
{
    gmc_wmc_cfg_default(&C);
    char err[256];
    if (gmc_wmc_cfg_check(&C, err, sizeof err))
        fail_msg("%s", err);
    gmc_wmc_reset(&C, &Q);
}

/* The defaults with the given readings (SCORE_AT, M_RULE). */
static void setup_reading(unsigned at, unsigned m)
{
    gmc_wmc_cfg_default(&C);
    C.score_at = at, C.m_rule = m;
    char err[256];
    if (gmc_wmc_cfg_init(&C, err, sizeof err))
        fail_msg("%s", err);
    gmc_wmc_reset(&C, &Q);
}
/* Sec. 4.2's reading (score and H when a request is received, M for any
 * warp with >= 2 pending): the tests of the rules that do not depend on
 * the reading build their scores with enqueues. */
static void setup_receive(void) { setup_reading(GMC_WMC_AT_RECEIVE, GMC_WMC_M_PENDING2); }

static gmc_wmc_in_t idle(void)
{
    gmc_wmc_in_t in;
    memset(&in, 0, sizeof in);
    in.rst_n = 1;
    return in;
}

/* One cycle in place (d aliases q). */
static gmc_wmc_out_t cycle(const gmc_wmc_in_t *in)
{
    gmc_wmc_out_t o;
    gmc_wmc_step(&C, &Q, in, &Q, &o);
    return o;
}

static uint32_t enq(unsigned sm, unsigned warp, unsigned bank, unsigned row)
{
    gmc_wmc_in_t in = idle();
    in.enq = 1, in.enq_sm = (uint16_t)sm, in.enq_warp = (uint16_t)warp;
    in.enq_bank = (uint8_t)bank, in.enq_row = (uint8_t)row;
    return cycle(&in).enq_gwid;
}

static gmc_wmc_out_t svc(uint32_t gwid, unsigned bank, unsigned col)
{
    gmc_wmc_in_t in = idle();
    in.svc = 1, in.svc_gwid = gwid, in.svc_bank = (uint8_t)bank, in.svc_col = (uint8_t)col;
    return cycle(&in);
}

/* A service that names the warp's remaining request's slot (schedule). */
static gmc_wmc_out_t svc_r(uint32_t gwid, unsigned bank, unsigned col, unsigned rbank, unsigned rrow)
{
    gmc_wmc_in_t in = idle();
    in.svc = 1, in.svc_gwid = gwid, in.svc_bank = (uint8_t)bank, in.svc_col = (uint8_t)col;
    in.svc_rbank = (uint8_t)rbank, in.svc_rrow = (uint8_t)rrow;
    return cycle(&in);
}

static unsigned prio(uint32_t gwid, unsigned hit)
{
    gmc_wmc_in_t in = idle();
    in.pq_gwid = gwid, in.pq_hit = (uint8_t)hit;
    unsigned p = cycle(&in).pq_prio;
    assert_int_equal(p, gmc_wmc_prio(&C, &Q, gwid, hit));   /* port == helper */
    return p;
}

static void warp_id_concatenates_sm_and_warp(void **st)
{
    setup_default();
    assert_int_equal(C.gw, 10);
    assert_int_equal(enq(3, 7, 0, 0), 3 * 32 + 7);
    assert_int_equal(enq(31, 31, 0, 0), 1023);
    assert_int_equal(enq(32 + 1, 2, 0, 0), 1 * 32 + 2);    /* bits above SM_BITS dropped */
}

static void pc_hash_enters_above_the_warp_bits_and_tags_the_entry(void **st)
{
    setup_default();
    C.pc_hash_bits = 4;
    char err[256];
    assert_int_equal(gmc_wmc_cfg_init(&C, err, sizeof err), 0);
    gmc_wmc_reset(&C, &Q);
    gmc_wmc_in_t in = idle();
    in.enq = 1, in.enq_sm = 1, in.enq_warp = 2, in.enq_pc = 0x00000031;  /* fold: 1^3 = 2 */
    gmc_wmc_out_t o = cycle(&in);
    assert_int_equal(o.enq_gwid, 2u << 10 | 1 << 5 | 2);
    assert_int_equal(o.enq_alias, 0);
    assert_int_equal(Q.wat_q[34], 2);
    in.enq_pc = 0x00000032;                 /* another load of the same warp */
    o = cycle(&in);
    assert_int_equal(o.enq_alias, 1);
    assert_int_equal(Q.wet_q[34], 2);       /* counts merge in the one WET entry */
    assert_int_equal(Q.wat_q[34], 2);       /* the tag of the opening load stays */
}

static void wet_counts_enqueue_and_service(void **st)
{
    setup_default();
    uint32_t g = enq(1, 1, 0, 0);
    enq(1, 1, 0, 0);
    enq(1, 1, 0, 0);
    assert_int_equal(Q.wet_q[g], 3);
    gmc_wmc_out_t o = svc(g, 0, 0);
    assert_int_equal(Q.wet_q[g], 2);
    assert_int_equal(o.svc_last, 0);
    o = svc(g, 0, 0);
    assert_int_equal(o.svc_last, 1);        /* one request of the warp left */
    o = svc(g, 0, 0);
    assert_int_equal(Q.wet_q[g], 0);
    assert_int_equal(o.wet_unf, 0);
}

static void wet_saturates_and_flags_overflow_and_underflow(void **st)
{
    setup_default();
    uint32_t g = 0;
    for (int i = 0; i < 63; i++)
        g = enq(0, 5, 0, 0);
    assert_int_equal(Q.wet_q[g], 63);
    gmc_wmc_in_t in = idle();
    in.enq = 1, in.enq_warp = 5;
    assert_int_equal(cycle(&in).wet_ovf, 1);
    assert_int_equal(Q.wet_q[g], 63);
    gmc_wmc_out_t o = svc(9, 0, 0);         /* warp 9 has nothing pending */
    assert_int_equal(o.wet_unf, 1);
    assert_int_equal(Q.wet_q[9], 0);
}

static void enqueue_and_service_of_one_warp_in_one_cycle_cancel(void **st)
{
    setup_receive();
    uint32_t g = enq(2, 2, 0, 0);
    gmc_wmc_in_t in = idle();
    in.enq = 1, in.enq_sm = 2, in.enq_warp = 2, in.enq_bank = 3, in.enq_row = 9;
    in.svc = 1, in.svc_gwid = g;
    gmc_wmc_out_t o = cycle(&in);
    assert_int_equal(Q.wet_q[g], 1);
    assert_int_equal(o.svc_last, 1);
    assert_int_equal(Q.rs_q[3][9], 1);      /* the new request is now the last one */
}

static void last_pending_request_of_a_warp_is_high_priority(void **st)
{
    setup_receive();
    uint32_t g = enq(4, 4, 0, 0);
    assert_int_equal(prio(g, 0), GMC_WMC_PRIO_H);
    assert_int_equal(prio(g, 1), GMC_WMC_PRIO_H);
    enq(4, 4, 0, 0);
    svc(g, 0, 0);
    assert_int_equal(prio(g, 0), GMC_WMC_PRIO_H);
}

static void second_request_that_hits_the_open_row_is_medium(void **st)
{
    setup_reading(GMC_WMC_AT_RECEIVE, GMC_WMC_M_PENDING2);
    uint32_t g = enq(4, 4, 0, 0);
    enq(4, 4, 0, 0);
    assert_int_equal(prio(g, 1), GMC_WMC_PRIO_M);
    assert_int_equal(prio(g, 0), GMC_WMC_PRIO_L);
    assert_int_equal(prio(77, 1), GMC_WMC_PRIO_L);  /* unknown warp: n_pending 0 */
}

static void outputs_read_the_tables_before_this_cycles_writes(void **st)
{
    setup_default();
    gmc_wmc_in_t in = idle();
    in.enq = 1, in.enq_sm = 0, in.enq_warp = 6;
    in.pq_gwid = 6, in.pq_hit = 1;
    gmc_wmc_out_t o = cycle(&in);
    assert_int_equal(o.pq_pend, 0);          /* the enqueue lands at the edge */
    assert_int_equal(o.pq_prio, GMC_WMC_PRIO_L);
    in = idle();
    in.sch = 1, in.sch_bank = 2, in.sch_prio = GMC_WMC_PRIO_H;
    assert_int_equal(cycle(&in).hi, 0);
    assert_int_equal(cycle(&in).hi, 1u << 2);
}

static void first_request_of_a_warp_raises_its_row_score(void **st)
{
    setup_receive();
    enq(1, 1, 5, 12);
    assert_int_equal(Q.rs_q[5][12], 1);
    enq(1, 1, 5, 12);                        /* the warp now has two pending */
    assert_int_equal(Q.rs_q[5][12], 1);
    enq(1, 2, 5, 12);                        /* another warp's only request */
    assert_int_equal(Q.rs_q[5][12], 2);
}

static void row_score_saturates_at_15(void **st)
{
    setup_receive();
    for (unsigned w = 0; w < 20; w++)
        enq(0, w, 1, 3);
    assert_int_equal(Q.rs_q[1][3], 15);
}

static void row_slot_is_row_mod_rows(void **st)
{
    setup_receive();
    gmc_wmc_in_t in = idle();
    in.enq = 1, in.enq_bank = 0, in.enq_row = 64 + 7;   /* aliases slot 7 */
    cycle(&in);
    assert_int_equal(Q.rs_q[0][7], 1);
}

static void row_miss_picks_highest_score_pending_row(void **st)
{
    setup_receive();
    enq(0, 0, 2, 10);
    enq(0, 1, 2, 20);
    enq(0, 2, 2, 20);
    gmc_wmc_in_t in = idle();
    in.pick = 1, in.pick_bank = 2;
    in.pick_mask = (1ull << 10) | (1ull << 20) | (1ull << 40);
    gmc_wmc_out_t o = cycle(&in);
    assert_int_equal(o.pick_valid, 1);
    assert_int_equal(o.pick_slot, 20);
    assert_int_equal(o.pick_score, 2);
    in.pick_mask = (1ull << 10) | (1ull << 40);         /* 20 not pending */
    assert_int_equal(cycle(&in).pick_slot, 10);
    in.pick_mask = 0;
    assert_int_equal(cycle(&in).pick_valid, 0);
    in.pick_mask = (1ull << 10);
    in.pick_bank = 3;                                   /* scores are per bank */
    assert_int_equal(cycle(&in).pick_score, 0);
}

static void row_miss_tie_goes_to_the_fcfs_row_else_the_lowest_slot(void **st)
{
    setup_receive();
    enq(0, 0, 0, 5);
    enq(0, 1, 0, 9);
    gmc_wmc_in_t in = idle();
    in.pick = 1, in.pick_mask = (1ull << 5) | (1ull << 9) | (1ull << 30);
    in.pick_pref = 9;
    assert_int_equal(cycle(&in).pick_slot, 9);
    in.pick_pref = 30;                                  /* pref not among the best */
    assert_int_equal(cycle(&in).pick_slot, 5);
    assert_int_equal(gmc_wmc_pick(&C, &Q, 0, in.pick_mask, 30), 5);
}

static void opening_a_row_clears_its_score(void **st)
{
    setup_receive();
    enq(0, 0, 4, 8);
    enq(0, 1, 4, 9);
    gmc_wmc_in_t in = idle();
    in.open = 1, in.open_bank = 4, in.open_row = 8;
    cycle(&in);
    assert_int_equal(Q.rs_q[4][8], 0);
    assert_int_equal(Q.rs_q[4][9], 1);
    /* Clear wins over a same-cycle increment of the same slot. */
    in.enq = 1, in.enq_warp = 3, in.enq_bank = 4, in.enq_row = 8;
    cycle(&in);
    assert_int_equal(Q.rs_q[4][8], 0);
    assert_int_equal(Q.wet_q[3], 1);
}

static void bank_priority_follows_pt(void **st)
{
    setup_default();
    gmc_wmc_in_t in = idle();
    in.sch = 1, in.sch_bank = 7, in.sch_col = 3, in.sch_prio = GMC_WMC_PRIO_H;
    cycle(&in);
    in.sch_bank = 9, in.sch_col = 4, in.sch_prio = GMC_WMC_PRIO_M;   /* M: low pool */
    cycle(&in);
    assert_int_equal(Q.pt_q[7], 1ull << 3);
    assert_int_equal(Q.pt_q[9], 0);
    in = idle();
    assert_int_equal(cycle(&in).hi, 1u << 7);
    svc(0, 7, 3);                                       /* the H request served */
    assert_int_equal(cycle(&in).hi, 0);
    /* An open clears the bank's entry; a later sch in the same cycle wins. */
    in.sch = 1, in.sch_bank = 1, in.sch_col = 0, in.sch_prio = GMC_WMC_PRIO_H;
    cycle(&in);
    in.sch_col = 1, in.open = 1, in.open_bank = 1;
    cycle(&in);
    assert_int_equal(Q.pt_q[1], 1ull << 1);
    in = idle();
    in.sch = 1, in.sch_bank = 1, in.sch_col = 1, in.sch_prio = GMC_WMC_PRIO_L;
    cycle(&in);                                         /* re-driven lower: cleared */
    assert_int_equal(cycle(&in).hi, 0);
}

static void reset_clears_every_table(void **st)
{
    setup_default();
    C.pc_hash_bits = 3;
    char err[256];
    assert_int_equal(gmc_wmc_cfg_init(&C, err, sizeof err), 0);
    gmc_wmc_in_t in = idle();
    in.enq = 1, in.enq_pc = 5, in.enq_warp = 1, in.enq_bank = 1, in.enq_row = 1;
    in.sch = 1, in.sch_bank = 1, in.sch_prio = GMC_WMC_PRIO_H;
    cycle(&in);
    assert_int_not_equal(Q.wet_q[1] | Q.wat_q[1] | Q.rs_q[1][1] | (Q.pt_q[1] != 0), 0);
    gmc_wmc_state_t *z = calloc(1, sizeof *z);
    /* rst_n = 0: outputs read empty tables in the same cycle, d is cleared. */
    in.rst_n = 0, in.pq_gwid = in.enq_warp | 5u << 10, in.pick = 1, in.pick_bank = 1;
    in.pick_mask = 2;
    gmc_wmc_out_t o = cycle(&in);
    assert_int_equal(o.pq_pend, 0);
    assert_int_equal(o.hi, 0);
    assert_int_equal(o.pick_score, 0);
    assert_int_equal(memcmp(&Q, z, sizeof Q), 0);
    in = idle();
    in.enq = 1, in.enq_warp = 1;
    cycle(&in);
    gmc_wmc_reset(&C, &Q);
    assert_int_equal(memcmp(&Q, z, sizeof Q), 0);
    free(z);
}

static void cfg_check_refuses_bad_widths(void **st)
{
    char err[256];
    const struct { unsigned *f; unsigned v; } bad[] = {
        {&C.sm_bits, 8},  {&C.pc_hash_bits, 17}, {&C.pend_bits, 0}, {&C.pend_bits, 9},
        {&C.nb, 0},       {&C.nb, 65},           {&C.rows, 48},     {&C.rows, 128},
        {&C.score_bits, 0}, {&C.score_bits, 9},  {&C.pt_bits, 96},  {&C.pt_bits, 0},
        {&C.score_at, 2},   {&C.m_rule, 2},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        gmc_wmc_cfg_default(&C);
        *bad[i].f = bad[i].v;
        assert_int_not_equal(gmc_wmc_cfg_init(&C, err, sizeof err), 0);
        assert_non_null(strstr(err, "wmc: "));
    }
    gmc_wmc_cfg_default(&C);
    C.sm_bits = 0, C.warp_bits = 0;
    assert_int_not_equal(gmc_wmc_cfg_init(&C, err, sizeof err), 0);
    gmc_wmc_cfg_default(&C);
    C.rb = 5;                                   /* derived field tampered */
    assert_int_not_equal(gmc_wmc_cfg_check(&C, err, sizeof err), 0);
    gmc_wmc_cfg_default(&C);
    C.m_rule = GMC_WMC_M_PENDING2, C.score_at = GMC_WMC_AT_RECEIVE;   /* st_bits stale */
    assert_int_not_equal(gmc_wmc_cfg_check(&C, err, sizeof err), 0);
    gmc_wmc_cfg_default(&C);
    assert_int_equal(gmc_wmc_cfg_check(&C, err, sizeof err), 0);
}

static void storage_matches_gmc_wmc_cost(void **st)
{
    const unsigned v[][6] = {   /* sm_bits warp_bits hash nb rows pt_bits */
        {5, 5, 0, 16, 64, 64}, {5, 5, 4, 16, 64, 64}, {3, 6, 0, 4, 32, 16}, {6, 4, 2, 64, 64, 64},
    };
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        gmc_wmc_cfg_default(&C);
        C.sm_bits = v[i][0], C.warp_bits = v[i][1], C.pc_hash_bits = v[i][2];
        C.nb = v[i][3], C.rows = v[i][4], C.pt_bits = v[i][5];
        char err[256];
        assert_int_equal(gmc_wmc_cfg_init(&C, err, sizeof err), 0);
        gmc_wmc_params_t p;
        gmc_wmc_params_default(&p);
        p.sms = 1u << C.sm_bits, p.warps = 1u << C.warp_bits, p.pc_hash_bits = C.pc_hash_bits;
        p.banks = C.nb, p.rows = C.rows, p.pt_bits = C.pt_bits;
        gmc_wmc_cost_t k;
        gmc_wmc_cost(&p, &k);
        assert_int_equal(gmc_wmc_storage_bits(&C), k.total_bits);
        assert_int_equal(C.gw, k.gwid_bits + C.pc_hash_bits);
        if (i == 0)   /* Table 3 + one started bit per WET entry */
            assert_int_equal(gmc_wmc_storage_bits(&C), 11264 + 1024);
        /* Sec. 4.2's reading needs no started bit: Table 3's count. */
        C.score_at = GMC_WMC_AT_RECEIVE, C.m_rule = GMC_WMC_M_PENDING2;
        assert_int_equal(gmc_wmc_cfg_init(&C, err, sizeof err), 0);
        p.started_bits = 0;
        gmc_wmc_cost(&p, &k);
        assert_int_equal(gmc_wmc_storage_bits(&C), k.total_bits);
        if (i == 0)
            assert_int_equal(gmc_wmc_storage_bits(&C), 11264);
        /* Either reading alone needs it. */
        C.score_at = GMC_WMC_AT_SCHEDULE;
        assert_int_equal(gmc_wmc_cfg_init(&C, err, sizeof err), 0);
        assert_int_equal(C.st_bits, 1);
        C.score_at = GMC_WMC_AT_RECEIVE, C.m_rule = GMC_WMC_M_STARTED;
        assert_int_equal(gmc_wmc_cfg_init(&C, err, sizeof err), 0);
        assert_int_equal(C.st_bits, 1);
    }
}

#define COUNT_PORT(dir, f, w, r) +1
#define SUM_WIDTH(dir, f, w, r) +(w)
static void port_list_widths_follow_the_parameters(void **st)
{
    setup_default();
    enum { N = 0 GMC_WMC_PORTS(COUNT_PORT, 5, 5, 10, 16, 64, 6, 6, 6, 4) };
    enum { W = 0 GMC_WMC_PORTS(SUM_WIDTH, 5, 5, 10, 16, 64, 6, 6, 6, 4) };
    assert_int_equal(N, 43);
    /* 32 inputs: 1+1+5+5+32+4+6 +1+10+4+6+4+6 +1+4+6 +10+1 +1+4+6+2 +1+4+64+6
     * +1+4+6 +1+4+1 = 212; 11 outputs: 10+1+1+1+1+6+2+1+6+4+16 = 49. */
    assert_int_equal(W, 212 + 49);
    assert_int_equal(C.bw, 4);
    assert_int_equal(C.rb, 6);
    assert_int_equal(C.cb, 6);
}

/* Random traffic: stepping in place equals stepping into a separate copy,
 * and the WET always equals a plain per-warp count of enqueues - services. */
static void in_place_one_reading(unsigned at, unsigned m)
{
    setup_reading(at, m);
    gmc_wmc_reset(&C, &Q2);
    gmc_rng_t r;
    gmc_rng_seed(&r, 42);   /* the counts stay below 63 with this seed */
    static int count[1024];
    memset(count, 0, sizeof count);
    for (int t = 0; t < 20000; t++) {
        uint64_t x = gmc_rng_u64(&r), y = gmc_rng_u64(&r);
        gmc_wmc_in_t in = idle();
        in.rst_n = t == 9000 ? 0 : 1;
        in.enq = x & 1, in.enq_sm = (x >> 1) & 3, in.enq_warp = (x >> 3) & 3;
        in.enq_bank = (x >> 5) & 15, in.enq_row = (x >> 9) & 7;
        uint32_t sg = (uint32_t)((y & 3) << 5 | ((y >> 2) & 3));
        in.svc = ((x >> 12) & 1) && count[sg] > 0, in.svc_gwid = sg;
        in.svc_bank = (x >> 13) & 15, in.svc_col = (x >> 17) & 63;
        in.pq_gwid = (uint32_t)(y >> 8) & 1023, in.pq_hit = (y >> 20) & 1;
        in.sch = (x >> 23) & 1, in.sch_bank = (x >> 24) & 15, in.sch_col = (x >> 28) & 63;
        in.sch_prio = (x >> 34) % 3, in.pick = 1, in.pick_bank = (x >> 36) & 15;
        in.pick_mask = y, in.pick_pref = (y >> 40) & 63;
        in.open = (x >> 46) & 1, in.open_bank = (x >> 47) & 15, in.open_row = (x >> 51) & 7;
        in.svc_rbank = (y >> 46) & 15, in.svc_rrow = (y >> 50) & 7;
        in.clr = (x >> 54) & 1, in.clr_bank = (y >> 53) & 15, in.clr_row = (y >> 57) & 7;
        in.pre = (x >> 55) & 1, in.pre_bank = (x >> 56) & 15, in.prea = (x >> 60) == 0;
        gmc_wmc_out_t o1, o2;
        memset(&o1, 0, sizeof o1);          /* padding bytes compare equal */
        memset(&o2, 0, sizeof o2);
        gmc_wmc_step(&C, &Q, &in, &Q, &o1);
        memcpy(&D2, &Q2, sizeof D2);
        gmc_wmc_step(&C, &Q2, &in, &D2, &o2);
        memcpy(&Q2, &D2, sizeof Q2);
        assert_memory_equal(&o1, &o2, sizeof o1);
        if (!in.rst_n) {
            memset(count, 0, sizeof count);
            continue;
        }
        uint32_t eg = (uint32_t)in.enq_sm << 5 | in.enq_warp;
        count[eg] += in.enq;
        count[sg] -= in.svc;
        assert_int_equal(Q.wet_q[eg], count[eg]);
        assert_int_equal(Q.wet_q[sg], count[sg]);
        /* A drained entry is a new warp: its started bit is 0. */
        assert_true(Q.wet_q[eg] || !Q.wst_q[eg]);
        assert_true(Q.wet_q[sg] || !Q.wst_q[sg]);
        assert_true(C.st_bits || !(Q.wst_q[eg] | Q.wst_q[sg]));
    }
    assert_memory_equal(&Q, &Q2, sizeof Q);
}

static void in_place_step_equals_step_into_a_copy(void **st)
{
    for (unsigned at = 0; at < 2; at++)
        for (unsigned m = 0; m < 2; m++)
            in_place_one_reading(at, m);
}

/* ---- the readings (docs/blocks/gmc_wmc.md "Choices the paper leaves open") ---- */

/* Algorithm 1 lines 11-14: the row of the request a warp is left with when
 * one of its requests is scheduled gets the +1, not the first arrival's. */
static void schedule_reading_scores_the_remaining_request_not_the_first_arrival(void **st)
{
    setup_default();
    assert_int_equal(C.score_at, GMC_WMC_AT_SCHEDULE);
    uint32_t g = enq(1, 1, 2, 5);           /* A, first arrival */
    enq(1, 1, 2, 9);                        /* B */
    assert_int_equal(Q.rs_q[2][5], 0);      /* receive would have given slot 5 a point */
    gmc_wmc_out_t o = svc_r(g, 2, 0, 2, 9); /* A scheduled; B remains */
    assert_int_equal(o.svc_last, 1);
    assert_int_equal(Q.rs_q[2][9], 1);
    assert_int_equal(Q.rs_q[2][5], 0);
    svc_r(g, 2, 0, 2, 9);                   /* B scheduled: nothing remains */
    assert_int_equal(Q.rs_q[2][9], 1);
    /* The same traffic under receive: the first arrival's row, at once. */
    setup_reading(GMC_WMC_AT_RECEIVE, GMC_WMC_M_STARTED);
    g = enq(1, 1, 2, 5);
    assert_int_equal(Q.rs_q[2][5], 1);
    enq(1, 1, 2, 9);
    svc_r(g, 2, 0, 2, 9);
    assert_int_equal(Q.rs_q[2][9], 0);
}

/* Algorithm 1 lines 5-8: H once scheduling leaves the warp one request; a
 * just-received single request is not H (it does not starve the bank's
 * other hits until its sibling arrives). */
static void schedule_reading_gives_h_only_after_a_request_of_the_warp_was_scheduled(void **st)
{
    setup_default();
    uint32_t g = enq(4, 4, 0, 0);
    assert_int_equal(prio(g, 1), GMC_WMC_PRIO_L);
    assert_int_equal(prio(g, 0), GMC_WMC_PRIO_L);
    enq(4, 4, 0, 0);
    svc(g, 0, 0);
    assert_int_equal(Q.wst_q[g], 1);
    assert_int_equal(prio(g, 0), GMC_WMC_PRIO_H);
    assert_int_equal(prio(g, 1), GMC_WMC_PRIO_H);
    /* receive: the first arrival is H at once. */
    setup_reading(GMC_WMC_AT_RECEIVE, GMC_WMC_M_STARTED);
    g = enq(4, 4, 0, 0);
    assert_int_equal(prio(g, 0), GMC_WMC_PRIO_H);
}

/* Sec. 4.1 "multiple pending requests left in the warp after scheduling a
 * request": M for a started warp only (started), or any (pending2). */
static void started_rule_gives_m_only_to_a_warp_with_a_scheduled_request(void **st)
{
    setup_default();
    assert_int_equal(C.m_rule, GMC_WMC_M_STARTED);
    uint32_t g = enq(3, 3, 0, 0);
    enq(3, 3, 0, 0);
    enq(3, 3, 0, 0);
    assert_int_equal(prio(g, 1), GMC_WMC_PRIO_L);
    svc(g, 0, 0);                           /* started, two left */
    assert_int_equal(prio(g, 1), GMC_WMC_PRIO_M);
    assert_int_equal(prio(g, 0), GMC_WMC_PRIO_L);
    setup_reading(GMC_WMC_AT_SCHEDULE, GMC_WMC_M_PENDING2);
    g = enq(3, 3, 0, 0);
    enq(3, 3, 0, 0);
    assert_int_equal(prio(g, 1), GMC_WMC_PRIO_M);
}

/* A warp whose requests were all served is a new warp: its next load's
 * first request is not H (schedule) and its started bit is 0. */
static void started_bit_clears_when_the_warp_drains(void **st)
{
    setup_default();
    uint32_t g = enq(0, 9, 0, 0);
    enq(0, 9, 0, 0);
    svc(g, 0, 0);
    svc(g, 0, 0);
    assert_int_equal(Q.wet_q[g], 0);
    assert_int_equal(Q.wst_q[g], 0);
    enq(0, 9, 0, 0);
    assert_int_equal(prio(g, 1), GMC_WMC_PRIO_L);
}

/* clr: a slot whose last queued request was served loses its score (no
 * stale urgency for a row nobody waits for); a clear wins over an increment
 * of the same slot in the same cycle. */
static void clr_clears_an_emptied_slot_and_wins_over_an_increment(void **st)
{
    setup_receive();
    enq(0, 1, 1, 3);
    enq(0, 2, 1, 4);
    assert_int_equal(Q.rs_q[1][3], 1);
    gmc_wmc_in_t in = idle();
    in.clr = 1, in.clr_bank = 1, in.clr_row = 3;
    cycle(&in);
    assert_int_equal(Q.rs_q[1][3], 0);
    assert_int_equal(Q.rs_q[1][4], 1);
    in.enq = 1, in.enq_warp = 5, in.enq_bank = 1, in.enq_row = 3;
    cycle(&in);
    assert_int_equal(Q.rs_q[1][3], 0);
    assert_int_equal(Q.wet_q[5], 1);
}

/* pre / prea: a precharged bank has no open row, so no H request hits it:
 * its PT entry (every entry) is cleared; a same-cycle sch still lands. */
static void precharge_clears_the_banks_pt_entry(void **st)
{
    setup_default();
    gmc_wmc_in_t in = idle();
    in.sch = 1, in.sch_bank = 2, in.sch_col = 1, in.sch_prio = GMC_WMC_PRIO_H;
    cycle(&in);
    in.sch_bank = 5;
    cycle(&in);
    in = idle();
    assert_int_equal(cycle(&in).hi, (1u << 2) | (1u << 5));
    in.pre = 1, in.pre_bank = 2;
    cycle(&in);
    assert_int_equal(Q.pt_q[2], 0);
    in = idle();
    assert_int_equal(cycle(&in).hi, 1u << 5);
    in.prea = 1;
    in.sch = 1, in.sch_bank = 7, in.sch_col = 2, in.sch_prio = GMC_WMC_PRIO_H;
    cycle(&in);
    assert_int_equal(Q.pt_q[5], 0);
    assert_int_equal(Q.pt_q[7], 1ull << 2);   /* cleared first, then sch */
}

int main(void)
{
    const struct CMUnitTest t[] = {
        cmocka_unit_test(warp_id_concatenates_sm_and_warp),
        cmocka_unit_test(pc_hash_enters_above_the_warp_bits_and_tags_the_entry),
        cmocka_unit_test(wet_counts_enqueue_and_service),
        cmocka_unit_test(wet_saturates_and_flags_overflow_and_underflow),
        cmocka_unit_test(enqueue_and_service_of_one_warp_in_one_cycle_cancel),
        cmocka_unit_test(last_pending_request_of_a_warp_is_high_priority),
        cmocka_unit_test(second_request_that_hits_the_open_row_is_medium),
        cmocka_unit_test(outputs_read_the_tables_before_this_cycles_writes),
        cmocka_unit_test(first_request_of_a_warp_raises_its_row_score),
        cmocka_unit_test(row_score_saturates_at_15),
        cmocka_unit_test(row_slot_is_row_mod_rows),
        cmocka_unit_test(row_miss_picks_highest_score_pending_row),
        cmocka_unit_test(row_miss_tie_goes_to_the_fcfs_row_else_the_lowest_slot),
        cmocka_unit_test(opening_a_row_clears_its_score),
        cmocka_unit_test(bank_priority_follows_pt),
        cmocka_unit_test(reset_clears_every_table),
        cmocka_unit_test(cfg_check_refuses_bad_widths),
        cmocka_unit_test(storage_matches_gmc_wmc_cost),
        cmocka_unit_test(port_list_widths_follow_the_parameters),
        cmocka_unit_test(in_place_step_equals_step_into_a_copy),
        cmocka_unit_test(schedule_reading_scores_the_remaining_request_not_the_first_arrival),
        cmocka_unit_test(schedule_reading_gives_h_only_after_a_request_of_the_warp_was_scheduled),
        cmocka_unit_test(started_rule_gives_m_only_to_a_warp_with_a_scheduled_request),
        cmocka_unit_test(started_bit_clears_when_the_warp_drains),
        cmocka_unit_test(clr_clears_an_emptied_slot_and_wins_over_an_increment),
        cmocka_unit_test(precharge_clears_the_banks_pt_entry),
    };
    return cmocka_run_group_tests_name("gmc_wmc", t, NULL, NULL);
}
