/* gmc_mc + gmc_sched: one channel's controller on crafted queues.  Every
 * expected cycle below is worked out by hand from the preset's timing. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "blocks/gmc_wmc.h"
#include "mc/gmc_test_fault_impl.h"
#include "mc/gmc_mc.h"
#include "test_util.h"

typedef struct { uint64_t t; unsigned bank; uint32_t row; uint8_t w; uint32_t warp; } tr_t;
typedef struct { uint64_t id, arrival, first, done, col; uint8_t cls, w; } served_t;

static served_t lg[4096];
static unsigned nlog;
static gmc_dram_t D;
static gmc_warps_t W;

static void on_served(void *ctx, unsigned ch, const gmc_mc_req_t *r)
{
    const gmc_dram_t *d = ctx;
    (void)ch;
    lg[nlog++] = (served_t){r->id, r->arrival, r->first_cmd, r->done,
                            r->done - d->done[r->is_write ? GMC_DRAM_WR : GMC_DRAM_RD], r->cls,
                            r->is_write};
}

static const served_t *by_id(uint64_t id)
{
    for (unsigned i = 0; i < nlog; i++)
        if (lg[i].id == id)
            return &lg[i];
    fail_msg("request %llu was never served", (unsigned long long)id);
    return NULL;
}

static unsigned pos_of(uint64_t id) { return (unsigned)(by_id(id) - lg); }

/* Device from a preset, with refresh (tREFI, tRFC) or, for trefi = 0,
 * without (the hand-worked cycles below assume none). */
static void device(const char *preset, uint32_t trefi, uint32_t trfc)
{
    gmc_dram_cfg_t c;
    char err[256], warn[1024] = "";
    if (gmc_dram_cfg_preset(preset, &c, err, sizeof err, warn, sizeof warn) < 0)
        fail_msg("%s", err);
    c.refresh = 0;
    if (trefi) {
        c.refresh = 1;
        c.tREFI = trefi;
        c.tRFC = trfc;
    }
    if (gmc_dram_init(&D, &c, err, sizeof err))
        fail_msg("%s", err);
}

/* Warped-MC's readings for the next controller() (0, 0: the defaults). */
static unsigned wmc_at, wmc_m;
static void readings(unsigned at, unsigned m) { wmc_at = at, wmc_m = m; }

static void controller(gmc_mc_t *mc, const char *sched, unsigned rq, uint64_t age_cap)
{
    gmc_mc_cfg_t cfg;
    char err[256];
    gmc_mc_cfg_defaults(&cfg);
    cfg.wmc.score_at = (uint8_t)wmc_at, cfg.wmc.m_rule = (uint8_t)wmc_m;
    assert_int_equal(gmc_sched_find(sched, &cfg.sched, err, sizeof err), 0);
    cfg.rq = rq;
    cfg.age_cap = age_cap;
    gmc_warps_free(&W);
    assert_int_equal(gmc_warps_init(&W, cfg.rq + cfg.wq), 0);
    assert_int_equal(gmc_mc_init(mc, &D, &cfg, 0, &W, NULL, err, sizeof err), 0);
    mc->served = on_served;
    mc->served_ctx = &D;
    nlog = 0;
}

/* Feeds tr (sorted by t) in order; a request whose queue is full waits
 * outside.  every = 1 steps every cycle instead of jumping to the next
 * cycle the controller asks for. */
static void drive(gmc_mc_t *mc, const tr_t *tr, unsigned n, int every)
{
    uint64_t t = 0, next = GMC_MC_NEVER;
    unsigned i = 0;
    for (;;) {
        while (i < n && tr[i].t <= t && gmc_mc_can_accept(mc, tr[i].w)) {
            gmc_mc_req_t r = {0};
            r.id = i;
            r.bank = (uint8_t)tr[i].bank;
            r.row = tr[i].row;
            r.is_write = tr[i].w;
            r.offered = tr[i].t;
            if (tr[i].warp) {
                r.flags = GMC_REQ_WARP;
                r.warp = tr[i].warp;
            }
            uint32_t q = gmc_mc_enqueue(mc, &r, t);
            next = every ? t : gmc_mc_wake(mc, q, t, next);
            i++;
        }
        if (every || next <= t)
            next = gmc_mc_step(mc, t);
        if (i == n && !gmc_mc_queued(mc))
            break;
        uint64_t tn = every ? t + 1 : next;
        if (i < n) {
            uint64_t a = tr[i].t > t ? tr[i].t : t + 1;
            tn = a < tn ? a : tn;
        }
        assert_true(tn > t && tn != GMC_MC_NEVER);
        t = tn;
    }
    gmc_mc_finish(mc);
    assert_int_equal(nlog, n);
}

static void unloaded_latencies_equal_the_timing_arithmetic(void **st)
{
    (void)st;
    static const char *const presets[] = {"gddr6-rtx2060s", "gddr5-hynix", "gddr3", "ddr3-1866"};
    for (unsigned p = 0; p < 4; p++) {
        device(presets[p], 0, 0);
        const gmc_dram_cfg_t *c = &D.cfg;
        gmc_mc_t mc;
        controller(&mc, "frfcfs", 64, 4096);
        /* closed bank, then the open row, then another row, then a write hit */
        const tr_t tr[] = {{0, 3, 5, 0, 0}, {1000, 3, 5, 0, 0}, {2000, 3, 9, 0, 0},
                           {3000, 3, 9, 1, 0}};
        drive(&mc, tr, 4, 0);
        for (unsigned i = 0; i < 4; i++)
            assert_int_equal(by_id(i)->first, tr[i].t);   /* issued the cycle it arrives */
        assert_int_equal(by_id(0)->done - 0, c->tRCD + c->tCL + c->tBURST);
        assert_int_equal(by_id(0)->cls, GMC_CLS_MISS);
        assert_int_equal(by_id(1)->done - 1000, c->tCL + c->tBURST);
        assert_int_equal(by_id(1)->cls, GMC_CLS_HIT);
        assert_int_equal(by_id(2)->done - 2000, c->tRP + c->tRCD + c->tCL + c->tBURST);
        assert_int_equal(by_id(2)->cls, GMC_CLS_CONFLICT);
        assert_int_equal(by_id(3)->done - 3000, c->tCWL + c->tBURST);
        assert_int_equal(mc.st.cls[GMC_CLS_HIT] + mc.st.cls[GMC_CLS_MISS] +
                         mc.st.cls[GMC_CLS_CONFLICT], 4);
        gmc_mc_free(&mc);
    }
}

/* Bank 0 holds row 1; then an older request to row 2 and a younger hit. */
static const tr_t hit_vs_miss[] = {{0, 0, 1, 0, 0}, {1000, 0, 2, 0, 0}, {1000, 0, 1, 0, 0}};

static void frfcfs_takes_the_row_hit_over_an_older_miss(void **st)
{
    (void)st;
    device("gddr6-rtx2060s", 0, 0);
    gmc_mc_t mc;
    controller(&mc, "frfcfs", 64, 4096);
    drive(&mc, hit_vs_miss, 3, 0);
    assert_true(pos_of(2) < pos_of(1));
    assert_int_equal(by_id(2)->cls, GMC_CLS_HIT);
    assert_int_equal(by_id(2)->done - 1000, D.cfg.tCL + D.cfg.tBURST);
    assert_int_equal(by_id(1)->cls, GMC_CLS_CONFLICT);
    gmc_mc_free(&mc);
    /* the same queue in a banked FIFO: arrival order */
    controller(&mc, "bfifo", 64, 4096);
    drive(&mc, hit_vs_miss, 3, 0);
    assert_true(pos_of(1) < pos_of(2));
    gmc_mc_free(&mc);
}

/* fcfs is GPGPU-Sim's FIFO: A (bank 0) and B (bank 1) hold their banks'
 * slots and overlap; C (bank 0 again) waits for A's slot and D (bank 2)
 * waits behind C although its bank is idle (head-of-line blocking). */
static void fcfs_overlaps_banks_and_blocks_behind_a_busy_bank(void **st)
{
    (void)st;
    device("gddr6-rtx2060s", 0, 0);
    gmc_mc_t mc;
    controller(&mc, "fcfs", 64, 4096);
    const tr_t tr[] = {{0, 0, 1, 0, 0}, {0, 1, 1, 0, 0}, {0, 0, 2, 0, 0}, {0, 2, 7, 1, 0}};
    drive(&mc, tr, 4, 0);
    assert_int_equal(by_id(0)->first, 0);                /* ACT bank 0 at once */
    assert_true(by_id(1)->first < by_id(0)->col);        /* bank 1 overlaps */
    assert_true(by_id(2)->first > by_id(0)->col);        /* its slot frees at A's RD */
    assert_true(by_id(3)->first > by_id(0)->col);        /* blocked behind C */
    assert_true(by_id(3)->first < by_id(2)->col);        /* then overlaps with C */
    for (unsigned i = 0; i < 4; i++)   /* one activation each: row commitment */
        assert_int_not_equal(by_id(i)->cls, GMC_CLS_HIT);
    assert_int_equal(mc.ch.st.cmds[GMC_DRAM_ACT], 4);
    gmc_mc_free(&mc);
}

static void fcfs_strict_serves_in_arrival_order(void **st)
{
    (void)st;
    device("gddr6-rtx2060s", 0, 0);
    gmc_mc_t mc;
    controller(&mc, "fcfs-strict", 64, 4096);
    const tr_t tr[] = {{0, 0, 1, 0, 0}, {0, 1, 1, 0, 0}, {0, 0, 1, 0, 0}, {0, 2, 7, 1, 0}};
    drive(&mc, tr, 4, 0);
    for (unsigned i = 0; i < 4; i++)
        assert_int_equal(lg[i].id, i);
    /* each request's first command after the previous one's column command */
    for (unsigned i = 1; i < 4; i++)
        assert_true(by_id(i)->first > by_id(i - 1)->col);
    assert_int_equal(by_id(0)->col, D.cfg.tRCD);        /* ACT 0, RD at tRCD */
    assert_int_equal(by_id(1)->first, D.cfg.tRCD + 1);  /* its ACT waits for that RD */
    gmc_mc_free(&mc);
}

static void bfifo_serves_each_bank_in_order_but_banks_in_parallel(void **st)
{
    (void)st;
    device("gddr6-rtx2060s", 0, 0);
    gmc_mc_t mc;
    controller(&mc, "bfifo", 64, 4096);
    /* bank 0: rows 1, 2, 1; bank 1: row 1 */
    const tr_t tr[] = {{0, 0, 1, 0, 0}, {0, 0, 2, 0, 0}, {0, 0, 1, 0, 0}, {0, 1, 1, 0, 0}};
    drive(&mc, tr, 4, 0);
    assert_true(pos_of(0) < pos_of(1) && pos_of(1) < pos_of(2));
    assert_int_equal(by_id(2)->cls, GMC_CLS_CONFLICT);    /* no reordering for the hit */
    assert_true(by_id(3)->first < by_id(0)->col);          /* bank 1 opens meanwhile */
    assert_int_equal(by_id(3)->first, D.cfg.tRRD_S);       /* ACT, ACT tRRD apart */
    gmc_mc_free(&mc);
}

static void divfirst_takes_the_last_request_of_a_warp_ignoring_row_hits(void **st)
{
    (void)st;
    device("gddr6-rtx2060s", 0, 0);
    gmc_mc_t mc;
    /* bank 0 holds row 1; warp 7 has two hits pending, warp 9 one conflict */
    const tr_t tr[] = {{0, 0, 1, 0, 0}, {1000, 0, 1, 0, 7}, {1000, 0, 1, 0, 7},
                       {1000, 0, 2, 0, 9}};
    controller(&mc, "divfirst", 64, 4096);
    drive(&mc, tr, 4, 0);
    assert_int_equal(lg[1].id, 3);
    assert_int_equal(by_id(3)->cls, GMC_CLS_CONFLICT);
    assert_true(pos_of(1) < pos_of(2));   /* ties: oldest */
    assert_int_equal(W.live, 0);          /* every warp entry released */
    gmc_mc_free(&mc);
    controller(&mc, "frfcfs", 64, 4096);  /* FR-FCFS serves the hits first */
    drive(&mc, tr, 4, 0);
    assert_int_equal(lg[3].id, 3);
    gmc_mc_free(&mc);
}

/* Bank 0 holds row 1; a request to row 2 arrives at 100 and a hit to row 1
 * every cycle from 100 to 399, so FR-FCFS alone keeps serving hits. */
static unsigned starve(tr_t *tr)
{
    unsigned n = 0;
    tr[n++] = (tr_t){0, 0, 1, 0, 0};
    tr[n++] = (tr_t){100, 0, 2, 0, 0};
    for (uint64_t t = 100; t < 400; t++)
        tr[n++] = (tr_t){t, 0, 1, 0, 0};
    return n;
}

static void age_cap_overrides_row_hits_and_is_counted(void **st)
{
    (void)st;
    static tr_t tr[400];
    unsigned n = starve(tr);
    device("gddr6-rtx2060s", 0, 0);
    gmc_mc_t mc;
    controller(&mc, "frfcfs", 16, 0);
    drive(&mc, tr, n, 0);
    const served_t *b = by_id(1);
    assert_true(b->first > 400);   /* without the cap: after the whole stream */
    assert_int_equal(mc.st.age_fired, 0);
    gmc_mc_free(&mc);
    controller(&mc, "frfcfs", 16, 200);
    drive(&mc, tr, n, 0);
    b = by_id(1);
    assert_true(b->first - b->arrival > 200);
    assert_true(b->first - b->arrival <= 200 + D.cfg.tRTP + D.cfg.tCCD_L);
    assert_int_equal(b->cls, GMC_CLS_CONFLICT);
    assert_int_equal(mc.st.age_fired, 1);
    gmc_mc_free(&mc);
}

static void refresh_blocks_its_bank_and_is_issued_when_due(void **st)
{
    (void)st;
    /* bank 0 left open at row 1; at 1000 refresh is due and a read to
     * bank 1 arrives: PREA at 1000, REF at 1000 + tRP, the read's ACT at
     * REF + tRFC. */
    const tr_t tr[] = {{0, 0, 1, 0, 0}, {1000, 1, 1, 0, 0}};
    device("gddr6-rtx2060s", 1000, 100);
    gmc_mc_t mc;
    controller(&mc, "frfcfs", 64, 4096);
    drive(&mc, tr, 2, 0);
    assert_int_equal(by_id(1)->first, 1000 + D.cfg.tRP + 100);
    assert_int_equal(by_id(1)->cls, GMC_CLS_MISS);
    assert_int_equal(mc.ch.st.cmds[GMC_DRAM_PREA], 1);
    assert_int_equal(mc.ch.st.cmds[GMC_DRAM_REF], 1);
    assert_int_equal(mc.ch.ref_due, 2000);
    gmc_mc_free(&mc);
    device("gddr6-rtx2060s", 0, 0);   /* no refresh: served on arrival */
    controller(&mc, "frfcfs", 64, 4096);
    drive(&mc, tr, 2, 0);
    assert_int_equal(by_id(1)->first, 1000);
    assert_int_equal(mc.ch.st.cmds[GMC_DRAM_REF], 0);
    gmc_mc_free(&mc);
}

/* An ACT whose column command could not issue before refresh falls due
 * waits for the refresh (gmc_mc_step.c cmd_earliest): refresh due at 1000,
 * tRCD 20.  A read arriving at 979 opens its row at once and reads at 999;
 * one arriving at 980 would read at 1000, when refresh takes the channel,
 * so its ACT waits: REF at 1000, ACT at 1000 + tRFC.  With the rule off
 * (the test fault), the ACT at 980 is closed unused by the refresh's PREA
 * at 980 + tRAS and issued again after the REF: two ACTs, the same read. */
static void an_act_refresh_would_close_unused_waits_for_the_refresh(void **st)
{
    (void)st;
    device("gddr6-rtx2060s", 1000, 100);
    const unsigned trcd = D.cfg.tRCD, tras = D.cfg.tRAS, trp = D.cfg.tRP;
    assert_int_equal(trcd, 20);
    for (int every = 0; every <= 1; every++) {
        gmc_mc_t mc;
        const tr_t early[] = {{1000 - trcd - 1, 1, 1, 0, 0}}, late[] = {{1000 - trcd, 1, 1, 0, 0}};
        controller(&mc, "frfcfs", 64, 4096);
        drive(&mc, early, 1, every);
        assert_int_equal(by_id(0)->first, 1000 - trcd - 1);
        assert_int_equal(by_id(0)->col, 999);
        assert_int_equal(mc.ch.st.cmds[GMC_DRAM_ACT], 1);
        gmc_mc_free(&mc);
        controller(&mc, "frfcfs", 64, 4096);
        drive(&mc, late, 1, every);
        assert_int_equal(by_id(0)->first, 1000 + 100);
        assert_int_equal(by_id(0)->col, 1000 + 100 + trcd);
        assert_int_equal(mc.ch.st.cmds[GMC_DRAM_ACT], 1);
        assert_int_equal(mc.ch.st.cmds[GMC_DRAM_PREA], 0);
        gmc_mc_free(&mc);
        controller(&mc, "frfcfs", 64, 4096);
        gmc_test_faults = GMC_FAULT_REFRESH_ACT;
        drive(&mc, late, 1, every);
        gmc_test_faults = 0;
        assert_int_equal(by_id(0)->first, 1000 - trcd);
        assert_int_equal(mc.ch.st.cmds[GMC_DRAM_ACT], 2);
        assert_int_equal(mc.ch.st.cmds[GMC_DRAM_PREA], 1);
        assert_int_equal(by_id(0)->col, 1000 - trcd + tras + trp + 100 + trcd);
        gmc_mc_free(&mc);
    }
}

static void writes_drain_above_the_watermark(void **st)
{
    (void)st;
    device("gddr6-rtx2060s", 0, 0);
    static tr_t tr[32];
    for (int nw = 5; nw <= 6; nw++) {   /* watermarks 6 / 2 */
        unsigned n = 0;
        for (unsigned i = 0; i < 20; i++)
            tr[n++] = (tr_t){0, i % 16, 1 + i / 16, 0, 0};
        for (int i = 0; i < nw; i++)
            tr[n++] = (tr_t){0, (unsigned)i, 3, 1, 0};
        gmc_mc_t mc;
        gmc_mc_cfg_t cfg;
        char err[256];
        gmc_mc_cfg_defaults(&cfg);
        cfg.wq = 8;
        cfg.wq_high = 6;
        cfg.wq_low = 2;
        assert_int_equal(gmc_mc_init(&mc, &D, &cfg, 0, NULL, NULL, err, sizeof err), 0);
        mc.served = on_served;
        mc.served_ctx = &D;
        nlog = 0;
        drive(&mc, tr, n, 0);
        if (nw == 5) {   /* below the mark: every read first, then the writes */
            for (unsigned i = 0; i < n; i++)
                assert_int_equal(lg[i].w, i >= 20);
            assert_int_equal(mc.st.drains, 1);
        } else {
            /* At the mark the drain runs from 6 writes down to 2, but by
             * then the last two writes' rows are open (all six banks were
             * activated at once): row commitment serves them before the
             * reads, so all six writes go first, in one drain. */
            for (unsigned i = 0; i < n; i++)
                assert_int_equal(lg[i].w, i < 6);
            assert_int_equal(mc.st.drains, 1);
            assert_int_equal(mc.ch.st.cmds[GMC_DRAM_ACT], 6 + 20);   /* none wasted */
        }
        gmc_mc_free(&mc);
    }
}

static void skipping_idle_cycles_changes_nothing(void **st)
{
    (void)st;
    static tr_t tr[3000];
    static served_t a[3000];
    uint64_t x = 12345, t = 0;
    for (unsigned i = 0; i < 3000; i++) {
        test_lcg(&x);
        t += (x >> 60) & 3;   /* bursts of arrivals, some idle gaps */
        tr[i] = (tr_t){t + ((x >> 40) % 200 == 0 ? 500 : 0), (unsigned)(x >> 33) % 16,
                       (uint32_t)(x >> 20) % 8, (uint8_t)((x >> 50) % 4 == 0),
                       (uint32_t)(x >> 10) % 5};
        t = tr[i].t;
    }
    for (unsigned s = 0; gmc_sched_get(s / 2); s++) {   /* each scheduler, refresh off/on */
        device("gddr5-hynix", s & 1 ? 700 : 0, s & 1 ? 60 : 0);
        const char *name = gmc_sched_get(s / 2)->name;
        gmc_mc_t mc;
        controller(&mc, name, 16, 300);
        drive(&mc, tr, 3000, 1);
        memcpy(a, lg, sizeof a);
        gmc_mc_stats_t every = mc.st;
        gmc_mc_free(&mc);
        controller(&mc, name, 16, 300);
        drive(&mc, tr, 3000, 0);
        assert_memory_equal(a, lg, sizeof a);
        assert_memory_equal(&every, &mc.st, sizeof every);
        /* the run must exercise the cap and the drain, or it proves little */
        if (!(gmc_sched_get(s / 2)->flags & GMC_SCHED_ONE_ORDER))
            assert_true(mc.st.age_fired > 0 && mc.st.drains > 0);
        assert_true((mc.ch.st.cmds[GMC_DRAM_REF] > 0) == (s & 1));
        gmc_mc_free(&mc);
    }
}

/* Bank 0 holds row 1; at 1000 a request without warp id, warp 7's two and
 * warp 9's one (the youngest) all hit it.  FR-FCFS serves them in age
 * order; Warped-MC serves warp 9's (its last request: H), then warp 7's in
 * age order (M), then the one without a warp (L). */
/* Commands that went through the bank arbiter: all but REF and PREA. */
static uint64_t arbitrated_cmds(const gmc_mc_t *mc)
{
    const uint64_t *c = mc->ch.st.cmds;
    return c[GMC_DRAM_ACT] + c[GMC_DRAM_PRE] + c[GMC_DRAM_RD] + c[GMC_DRAM_WR];
}

static void warped_mc_takes_a_warps_last_request_first(void **st)
{
    (void)st;
    readings(GMC_WMC_AT_RECEIVE, GMC_WMC_M_PENDING2);   /* sec. 4.2 */
    device("gddr6-rtx2060s", 0, 0);
    gmc_mc_t mc;
    const tr_t tr[] = {{0, 0, 1, 0, 0},    {1000, 0, 1, 0, 0}, {1000, 0, 1, 0, 7},
                       {1000, 0, 1, 0, 7}, {1000, 0, 1, 0, 9}};
    controller(&mc, "warped-mc", 64, 4096);
    drive(&mc, tr, 5, 0);
    assert_int_equal(lg[1].id, 4);   /* H */
    assert_int_equal(lg[2].id, 2);   /* M, oldest first */
    assert_int_equal(lg[3].id, 3);
    assert_int_equal(lg[4].id, 1);   /* no warp id: L, after every M */
    assert_int_equal(by_id(4)->cls, GMC_CLS_HIT);
    gmc_mc_free(&mc);
    controller(&mc, "frfcfs", 64, 4096);
    drive(&mc, tr, 5, 0);
    for (unsigned k = 0; k < 5; k++)
        assert_int_equal(lg[k].id, k);
    gmc_mc_free(&mc);
    /* Algorithm 1's reading: no request of warps 7 and 9 was scheduled yet,
     * so none is H or M: age order, as FR-FCFS. */
    readings(0, 0);
    controller(&mc, "warped-mc", 64, 4096);
    drive(&mc, tr, 5, 0);
    for (unsigned k = 0; k < 5; k++)
        assert_int_equal(lg[k].id, k);
    gmc_mc_free(&mc);
}

/* Bank 0 closed; row 2 holds the oldest request (warp 7, whose second
 * request does not score) and row 3 the first requests of warps 9 and 11:
 * scores 1 and 2.  Warped-MC opens row 3; FR-FCFS the oldest's row 2.
 * Opening a row clears its score. */
static void warped_mc_opens_the_highest_score_row_on_a_miss(void **st)
{
    (void)st;
    readings(GMC_WMC_AT_RECEIVE, GMC_WMC_M_PENDING2);   /* sec. 4.2 */
    device("gddr6-rtx2060s", 0, 0);
    gmc_mc_t mc;
    const tr_t tr[] = {{0, 0, 2, 0, 7}, {0, 0, 2, 0, 7}, {0, 0, 3, 0, 9}, {0, 0, 3, 0, 11}};
    controller(&mc, "warped-mc", 64, 4096);
    drive(&mc, tr, 4, 0);
    assert_int_equal(lg[0].id, 2);
    assert_int_equal(lg[1].id, 3);
    assert_int_equal(lg[2].id, 0);
    assert_int_equal(by_id(2)->cls, GMC_CLS_MISS);
    assert_int_equal(by_id(0)->cls, GMC_CLS_CONFLICT);
    gmc_mc_free(&mc);
    controller(&mc, "frfcfs", 64, 4096);
    drive(&mc, tr, 4, 0);
    assert_int_equal(lg[0].id, 0);
    gmc_mc_free(&mc);
    /* Row 3 scores 2 and is opened (its score -> 0), then row 4 replaces
     * it.  At 2000 row 3 gets one scoring request (1) and row 5 two (2):
     * row 5 goes first -- had the open not cleared row 3, it would be 3. */
    const tr_t again[] = {{0, 0, 3, 0, 9},     {0, 0, 3, 0, 11},    {1000, 0, 4, 0, 0},
                          {2000, 0, 3, 0, 9},  {2000, 0, 5, 0, 13}, {2000, 0, 5, 0, 15}};
    controller(&mc, "warped-mc", 64, 4096);
    drive(&mc, again, 6, 0);
    assert_int_equal(lg[3].id, 4);
    assert_int_equal(lg[4].id, 5);
    gmc_mc_free(&mc);
}

/* Banks 1 and 2 hold row 1 (bank 2 granted last, so round robin starts at
 * bank 3).  At 1000: warp 7's hit in bank 1 (M: its other request misses in
 * bank 3) and warp 9's hit in bank 2 (H: PT marks bank 2).  FR-FCFS's round
 * robin serves bank 3's ACT and bank 1 first; Warped-MC's arbiter serves the
 * high-priority bank 2 first. */
static void warped_mc_bank_arbiter_serves_the_high_priority_bank_first(void **st)
{
    (void)st;
    readings(GMC_WMC_AT_RECEIVE, GMC_WMC_M_PENDING2);   /* sec. 4.2 */
    device("gddr6-rtx2060s", 0, 0);
    gmc_mc_t mc;
    const tr_t tr[] = {{0, 1, 1, 0, 0},    {0, 2, 1, 0, 0},    {1000, 1, 1, 0, 7},
                       {1000, 3, 9, 0, 7}, {1000, 2, 1, 0, 9}};
    controller(&mc, "frfcfs", 64, 4096);
    drive(&mc, tr, 5, 0);
    assert_true(by_id(3)->first < by_id(2)->col && by_id(2)->col < by_id(4)->col);
    gmc_mc_free(&mc);
    assert_int_equal(mc.st.arb_prio_moved, 0);
    assert_int_equal(mc.st.arb_grants, arbitrated_cmds(&mc));
    gmc_mc_free(&mc);
    controller(&mc, "warped-mc", 64, 4096);
    drive(&mc, tr, 5, 0);
    assert_int_equal(by_id(4)->col, 1000);   /* RD at once */
    assert_true(by_id(4)->col < by_id(3)->first && by_id(4)->col < by_id(2)->col);
    /* Fig. 10's bank scheduling: that RD is the one grant the high pool
     * moved (round robin would have taken bank 3's ACT) */
    uint64_t b[GMC_WMC_BREAKDOWN];
    gmc_sched_wmc_breakdown(&mc, b);
    assert_int_equal(b[4], arbitrated_cmds(&mc));
    assert_int_equal(b[5], 1);
    gmc_mc_free(&mc);
}

/* Bank 0 holds row 1.  At 1000 warp 9 queues eight hits there (M), then
 * warp 7 one hit there (M: its other request needs an ACT in bank 5).  When
 * bank 5's read is served, warp 7's hit is its last request (H) and is the
 * very next read of bank 0, ahead of warp 9's remaining ones. */
static void warped_mc_promotes_a_warps_remaining_request_when_the_other_is_served(void **st)
{
    (void)st;
    readings(GMC_WMC_AT_RECEIVE, GMC_WMC_M_PENDING2);   /* sec. 4.2 */
    device("gddr6-rtx2060s", 0, 0);
    gmc_mc_t mc;
    tr_t tr[12];
    unsigned n = 0;
    tr[n++] = (tr_t){0, 0, 1, 0, 0};
    for (unsigned k = 0; k < 8; k++)
        tr[n++] = (tr_t){1000, 0, 1, 0, 9};
    const unsigned a = n;
    tr[n++] = (tr_t){1000, 0, 1, 0, 7};
    tr[n++] = (tr_t){1000, 5, 1, 0, 7};
    controller(&mc, "warped-mc", 64, 4096);
    drive(&mc, tr, n, 0);
    const served_t *hit = by_id(a), *other = by_id(a + 1);
    assert_true(other->col < hit->col);
    unsigned before = 0, after = 0;   /* warp 9's reads around the promotion */
    for (unsigned k = 1; k < a; k++) {
        before += by_id(k)->col < other->col;
        after += by_id(k)->col > other->col && by_id(k)->col < hit->col;
    }
    assert_true(before > 0 && before < 8);   /* the promotion happened mid-stream */
    assert_int_equal(after, 0);
    gmc_mc_free(&mc);
}

/* Bank 0 holds row 1.  At 1000: C (no warp id) on row 2, then warp 7's A
 * on row 1 (a hit) and B on row 3.  A is served first (first-ready).
 * schedule (Algorithm 1 lines 11-14): that leaves warp 7 one request, B,
 * and B's row gets the score: row 3 opens before C's row 2.  receive: the
 * score went to A's row at its arrival (the first, not the slowest), rows
 * 2 and 3 tie at 0 and the oldest, C, goes first. */
static void warped_mc_schedule_scores_the_row_a_warp_is_left_with(void **st)
{
    (void)st;
    device("gddr6-rtx2060s", 0, 0);
    gmc_mc_t mc;
    const tr_t tr[] = {{0, 0, 1, 0, 0}, {1000, 0, 2, 0, 0}, {1000, 0, 1, 0, 7}, {1000, 0, 3, 0, 7}};
    readings(GMC_WMC_AT_SCHEDULE, GMC_WMC_M_STARTED);
    controller(&mc, "warped-mc", 64, 4096);
    drive(&mc, tr, 4, 0);
    assert_int_equal(lg[1].id, 2);
    assert_int_equal(lg[2].id, 3);   /* B before C */
    assert_int_equal(lg[3].id, 1);
    gmc_mc_free(&mc);
    readings(GMC_WMC_AT_RECEIVE, GMC_WMC_M_STARTED);
    controller(&mc, "warped-mc", 64, 4096);
    drive(&mc, tr, 4, 0);
    assert_int_equal(lg[1].id, 2);
    assert_int_equal(lg[2].id, 1);   /* C before B */
    assert_int_equal(lg[3].id, 3);
    gmc_mc_free(&mc);
    readings(0, 0);
}

/* Bank 0 holds row 1.  At 1000 warp 5's single request D, then warp 7's E
 * and F, all hits.  pending2: E and F are M (>= 2 pending) and go before
 * the older D (L under schedule: nothing of warp 5 was scheduled).
 * started: warp 7 has nothing scheduled yet, so E and F are L too: age
 * order. */
static void warped_mc_started_rule_gives_m_only_after_a_request_was_scheduled(void **st)
{
    (void)st;
    device("gddr6-rtx2060s", 0, 0);
    gmc_mc_t mc;
    const tr_t tr[] = {{0, 0, 1, 0, 0}, {1000, 0, 1, 0, 5}, {1000, 0, 1, 0, 7}, {1000, 0, 1, 0, 7}};
    readings(GMC_WMC_AT_SCHEDULE, GMC_WMC_M_PENDING2);
    controller(&mc, "warped-mc", 64, 4096);
    drive(&mc, tr, 4, 0);
    assert_int_equal(lg[1].id, 2);
    assert_int_equal(lg[2].id, 3);
    assert_int_equal(lg[3].id, 1);
    gmc_mc_free(&mc);
    readings(GMC_WMC_AT_SCHEDULE, GMC_WMC_M_STARTED);
    controller(&mc, "warped-mc", 64, 4096);
    drive(&mc, tr, 4, 0);
    for (unsigned k = 0; k < 4; k++)
        assert_int_equal(lg[k].id, k);
    gmc_mc_free(&mc);
    readings(0, 0);
}

/* The PT of a warped-mc controller, bank b. */
static uint64_t pt_of(const gmc_mc_t *mc, unsigned b)
{
    const void *c;
    const gmc_wmc_state_t *q = gmc_sched_wmc_tables(mc, &c);
    return q->pt_q[b];
}

/* A row closed by a precharge is hit by nobody: the bank's PT entry (its
 * place in the arbiter's high pool) goes.  Bank 0 opens row 1 (X); warp 9's
 * only request Y then hits it (receive: H, PT bit set).  A PRE of bank 0
 * clears the entry (on_issue), and so does a refresh's PREA, which reaches
 * the scheduler from gmc_mc_refresh_issue with GMC_MC_NONE. */
static void warped_mc_precharge_and_refresh_clear_the_pt(void **st)
{
    (void)st;
    device("gddr6-rtx2060s", 3000, 200);
    gmc_mc_t mc;
    readings(GMC_WMC_AT_RECEIVE, GMC_WMC_M_STARTED);
    controller(&mc, "warped-mc", 64, 0);
    gmc_mc_req_t x = {0}, y = {0};
    x.id = 0, x.bank = 0, x.row = 1;
    uint32_t xi = gmc_mc_enqueue(&mc, &x, 0);
    uint64_t t = 0;
    while (nlog < 1)
        t = gmc_mc_step(&mc, t);
    (void)xi;
    assert_int_equal(gmc_mc_open_row(&mc, 0), 1);
    y.id = 1, y.bank = 0, y.row = 1, y.flags = GMC_REQ_WARP, y.warp = 9;
    uint32_t yi = gmc_mc_enqueue(&mc, &y, t);
    assert_int_not_equal(pt_of(&mc, 0), 0);
    mc.sched->on_issue(&mc, yi, GMC_DRAM_PRE);
    assert_int_equal(pt_of(&mc, 0), 0);
    assert_int_equal(mc.sched->prio(&mc, 0, yi), 0);
    /* Again, and let refresh come: nothing is served while the refresh is
     * due, and its PREA clears the entry. */
    gmc_mc_free(&mc);
    controller(&mc, "warped-mc", 64, 0);
    x.id = 0;
    gmc_mc_enqueue(&mc, &x, 0);
    t = 0;
    while (nlog < 1)
        t = gmc_mc_step(&mc, t);
    t = mc.ch.ref_due > t ? mc.ch.ref_due : t;   /* refresh due now */
    yi = gmc_mc_enqueue(&mc, &y, t);
    assert_int_not_equal(pt_of(&mc, 0), 0);
    gmc_mc_step(&mc, t);                          /* PREA (bank 0 is open) */
    assert_int_equal(mc.ch.n_open, 0);
    assert_int_equal(nlog, 1);
    assert_int_equal(pt_of(&mc, 0), 0);
    gmc_mc_free(&mc);
    readings(0, 0);
}

/* One warp with 70 requests queued in one channel (its loads merge in one
 * WET entry): Table 3's 6-bit counter would stop at 63 and then reach 1
 * with 8 requests left.  The controller sizes the counter for its queue
 * (rq + wq = 96: 7 bits), so the count is exact all the way down; a queue
 * the widest counter cannot count (rq + wq > 255) is refused. */
static void warped_mc_wet_counter_counts_a_whole_queue(void **st)
{
    (void)st;
    device("gddr6-rtx2060s", 0, 0);
    gmc_mc_t mc;
    controller(&mc, "warped-mc", 64, 4096);
    const void *vc;
    const gmc_wmc_state_t *q = gmc_sched_wmc_tables(&mc, &vc);
    const gmc_wmc_cfg_t *c = vc;
    assert_int_equal(c->pend_bits, 7);
    for (unsigned k = 0; k < 70; k++) {
        gmc_mc_req_t r = {0};
        r.id = k, r.bank = (uint8_t)(k % 16), r.row = k % 3, r.is_write = k >= 60;
        r.flags = GMC_REQ_WARP, r.warp = 3;
        gmc_mc_enqueue(&mc, &r, 0);
    }
    const uint32_t e = gmc_wmc_gwid(c, 0, 3, 0);
    assert_int_equal(q->wet_q[e], 70);
    uint64_t t = 0;
    while (gmc_mc_queued(&mc)) {
        t = gmc_mc_step(&mc, t);
        assert_int_equal(q->wet_q[e], gmc_mc_queued(&mc));
    }
    gmc_mc_finish(&mc);
    gmc_mc_free(&mc);
    gmc_mc_cfg_t cfg;
    char err[256];
    gmc_mc_cfg_defaults(&cfg);
    assert_int_equal(gmc_sched_find("warped-mc", &cfg.sched, err, sizeof err), 0);
    cfg.rq = 240, cfg.wq = 32;
    assert_int_equal(gmc_mc_init(&mc, &D, &cfg, 0, &W, NULL, err, sizeof err), -1);
    assert_non_null(strstr(err, "rq + wq = 272"));
}

/* Without warp ids Warped-MC has nothing to go on: every request is level
 * L, no row scores, no high banks -- exactly FR-FCFS. */
static void warped_mc_without_warp_ids_is_frfcfs(void **st)
{
    (void)st;
    static tr_t tr[2000];
    static served_t a[2000];
    uint64_t x = 777, t = 0;
    for (unsigned i = 0; i < 2000; i++) {
        test_lcg(&x);
        t += (x >> 61) & 3;
        tr[i] = (tr_t){t, (unsigned)(x >> 33) % 16, (uint32_t)(x >> 20) % 6,
                       (uint8_t)((x >> 50) % 5 == 0), 0};
    }
    device("gddr6-rtx2060s", 0, 0);
    gmc_mc_t mc;
    controller(&mc, "frfcfs", 16, 300);
    drive(&mc, tr, 2000, 0);
    memcpy(a, lg, sizeof a);
    gmc_mc_free(&mc);
    uint64_t grants = mc.st.arb_grants;
    assert_int_equal(grants, arbitrated_cmds(&mc));
    gmc_mc_free(&mc);
    controller(&mc, "warped-mc", 16, 300);
    drive(&mc, tr, 2000, 0);
    assert_memory_equal(a, lg, sizeof a);
    /* the age cap (300) put banks in the high pool; that is not
     * Warped-MC's bank scheduling and is not counted */
    assert_true(mc.st.age_fired > 0);
    assert_int_equal(mc.st.arb_grants, grants);
    assert_int_equal(mc.st.arb_prio_moved, 0);
}

static void unknown_scheduler_is_refused_listing_the_known_ones(void **st)
{
    (void)st;
    const gmc_sched_ops_t *ops = NULL;
    char err[256];
    assert_int_equal(gmc_sched_find("warped-mc", &ops, err, sizeof err), 0);
    assert_string_equal(ops->name, "warped-mc");
    ops = NULL;
    assert_int_equal(gmc_sched_find("nope", &ops, err, sizeof err), -1);
    assert_non_null(strstr(err, "found 'nope'"));
    assert_non_null(strstr(err, "warped-mc"));
    assert_null(ops);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(unloaded_latencies_equal_the_timing_arithmetic),
        cmocka_unit_test(frfcfs_takes_the_row_hit_over_an_older_miss),
        cmocka_unit_test(fcfs_overlaps_banks_and_blocks_behind_a_busy_bank),
        cmocka_unit_test(fcfs_strict_serves_in_arrival_order),
        cmocka_unit_test(bfifo_serves_each_bank_in_order_but_banks_in_parallel),
        cmocka_unit_test(divfirst_takes_the_last_request_of_a_warp_ignoring_row_hits),
        cmocka_unit_test(age_cap_overrides_row_hits_and_is_counted),
        cmocka_unit_test(refresh_blocks_its_bank_and_is_issued_when_due),
        cmocka_unit_test(an_act_refresh_would_close_unused_waits_for_the_refresh),
        cmocka_unit_test(writes_drain_above_the_watermark),
        cmocka_unit_test(skipping_idle_cycles_changes_nothing),
        cmocka_unit_test(warped_mc_takes_a_warps_last_request_first),
        cmocka_unit_test(warped_mc_opens_the_highest_score_row_on_a_miss),
        cmocka_unit_test(warped_mc_bank_arbiter_serves_the_high_priority_bank_first),
        cmocka_unit_test(warped_mc_promotes_a_warps_remaining_request_when_the_other_is_served),
        cmocka_unit_test(warped_mc_without_warp_ids_is_frfcfs),
        cmocka_unit_test(warped_mc_schedule_scores_the_row_a_warp_is_left_with),
        cmocka_unit_test(warped_mc_started_rule_gives_m_only_after_a_request_was_scheduled),
        cmocka_unit_test(warped_mc_precharge_and_refresh_clear_the_pt),
        cmocka_unit_test(warped_mc_wet_counter_counts_a_whole_queue),
        cmocka_unit_test(unknown_scheduler_is_refused_listing_the_known_ones),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    gmc_warps_free(&W);
    return rc;
}
