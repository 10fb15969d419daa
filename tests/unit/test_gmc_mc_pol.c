/* gmc_mc's policies (gmc_mc_pol.h): the registries, the defaults, and the
 * contract's skip-ahead answers, on one channel's controller fed crafted
 * queues (the style of test_gmc_mc.c).  Expected cycles are worked out
 * from the gddr6-rtx2060s preset's timing. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "blocks/gmc_wmc.h"
#include "mc/gmc_mc.h"
#include "test_util.h"

typedef struct { uint64_t t; unsigned bank; uint32_t row; uint8_t w; uint32_t warp; } tr_t;
typedef struct { uint64_t id, arrival, first, done, col; uint8_t cls, w; } served_t;

static served_t lg[8192];
static unsigned nlog;
static gmc_dram_t D;

static void on_served(void *ctx, unsigned ch, const gmc_mc_req_t *r)
{
    const gmc_dram_t *d = ctx;
    (void)ch;
    if (r->flags & GMC_REQ_INTERNAL)   /* a write policy's own (pcmwq's drains): no sender */
        return;
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

/* The preset's device with refresh every trefi cycles (tRFC trfc), or none
 * for trefi = 0. */
static void device(uint32_t trefi, uint32_t trfc)
{
    gmc_dram_cfg_t c;
    char err[256], warn[1024] = "";
    if (gmc_dram_cfg_preset("gddr6-rtx2060s", &c, err, sizeof err, warn, sizeof warn) < 0)
        fail_msg("%s", err);
    c.refresh = trefi != 0;
    if (trefi) {
        c.tREFI = trefi;
        c.tRFC = trfc;
    }
    if (gmc_dram_init(&D, &c, err, sizeof err))
        fail_msg("%s", err);
}

static gmc_warps_t W;   /* for the schedulers that read it */

static void controller(gmc_mc_t *mc, const gmc_mc_cfg_t *cfg)
{
    char err[256];
    gmc_warps_free(&W);
    assert_int_equal(gmc_warps_init(&W, cfg->rq + cfg->wq), 0);
    if (gmc_mc_init(mc, &D, cfg, 0, &W, NULL, err, sizeof err))
        fail_msg("%s", err);
    mc->served = on_served;
    mc->served_ctx = &D;
    nlog = 0;
}

/* Feeds tr (sorted by t) in order; a request whose queue is full waits
 * outside.  every = 1 steps every cycle instead of jumping to the next
 * cycle the controller asks for.  Stops when every request was served and
 * no row is left for the row policy to close. */
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
                r.sm = tr[i].warp % 4;
                r.warp = tr[i].warp;
            }
            uint32_t q = gmc_mc_enqueue(mc, &r, t);
            next = every ? t : gmc_mc_wake(mc, q, t, next);
            i++;
        }
        if (every || next <= t)
            next = gmc_mc_step(mc, t);
        if (i == n && !gmc_mc_queued(mc) && !gmc_mc_held(mc) && !(mc->rp_close && mc->ch.n_open))
            break;
        uint64_t tn = every ? t + 1 : next;
        if (i < n) {
            uint64_t a = tr[i].t > t ? tr[i].t : t + 1;
            tn = a < tn ? a : tn;
        }
        assert_true(tn > t && tn != GMC_MC_NEVER);
        assert_true(tn < 1000000);   /* every stream here is served long before */
        t = tn;
    }
    gmc_mc_finish(mc);
    assert_int_equal(nlog, n);
}

/* A random stream over few rows of 16 banks with idle gaps (so rows go
 * idle), a third writes. */
static unsigned random_stream(tr_t *tr, unsigned n, uint64_t seed)
{
    uint64_t x = seed, t = 0;
    for (unsigned i = 0; i < n; i++) {
        test_lcg(&x);
        t += (x >> 60) & 3;
        if ((x >> 40) % 97 == 0)
            t += 150 + (x >> 20) % 400;
        tr[i] = (tr_t){t, (unsigned)(x >> 33) % 16, (uint32_t)(x >> 20) % 4,
                       (uint8_t)((x >> 50) % 3 == 0), (uint32_t)(x >> 10) % 7};
    }
    return n;
}

/* Runs tr every cycle and skipping ahead under cfg; both must serve every
 * request at the same cycles and count the same. */
static void same_every_cycle_and_skipping(const gmc_mc_cfg_t *cfg, const tr_t *tr, unsigned n)
{
    static served_t a[8192];
    gmc_mc_t mc;
    controller(&mc, cfg);
    drive(&mc, tr, n, 1);
    memcpy(a, lg, n * sizeof *a);
    const gmc_mc_stats_t st = mc.st;
    const gmc_dram_stats_t ds = mc.ch.st;
    gmc_mc_free(&mc);
    controller(&mc, cfg);
    drive(&mc, tr, n, 0);
    assert_memory_equal(a, lg, n * sizeof *a);
    assert_memory_equal(&st, &mc.st, sizeof st);
    assert_memory_equal(ds.cmds, mc.ch.st.cmds, sizeof ds.cmds);
    gmc_mc_free(&mc);
}

/* ---- registries and defaults ---- */

static void each_registry_starts_with_todays_default_and_finds_by_name(void **st)
{
    (void)st;
    gmc_mc_cfg_t c;
    gmc_mc_cfg_defaults(&c);
    assert_ptr_equal(c.wpol, &gmc_mc_wpol_gpgpusim);
    assert_ptr_equal(c.rfpol, &gmc_mc_rfpol_all_bank);
    assert_ptr_equal(c.rowpol, &gmc_mc_rowpol_open);
    assert_ptr_equal(gmc_mc_wpol_get(0), &gmc_mc_wpol_gpgpusim);
    assert_ptr_equal(gmc_mc_rfpol_get(0), &gmc_mc_rfpol_all_bank);
    assert_ptr_equal(gmc_mc_rowpol_get(0), &gmc_mc_rowpol_open);
    char err[256];
    for (unsigned i = 0; gmc_mc_wpol_get(i); i++) {
        const gmc_mc_wpol_t *w = NULL;
        assert_int_equal(gmc_mc_wpol_find(gmc_mc_wpol_get(i)->name, &w, err, sizeof err), 0);
        assert_ptr_equal(w, gmc_mc_wpol_get(i));
        assert_non_null(w->mode);
        assert_non_null(w->summary);
    }
    for (unsigned i = 0; gmc_mc_rfpol_get(i); i++) {
        const gmc_mc_rfpol_t *r = NULL;
        assert_int_equal(gmc_mc_rfpol_find(gmc_mc_rfpol_get(i)->name, &r, err, sizeof err), 0);
        assert_ptr_equal(r, gmc_mc_rfpol_get(i));
        assert_non_null(r->step);
        assert_non_null(r->summary);
    }
    for (unsigned i = 0; gmc_mc_rowpol_get(i); i++) {
        const gmc_mc_rowpol_t *r = NULL;
        assert_int_equal(gmc_mc_rowpol_find(gmc_mc_rowpol_get(i)->name, &r, err, sizeof err), 0);
        assert_ptr_equal(r, gmc_mc_rowpol_get(i));
        assert_non_null(r->summary);
    }
}

static void unknown_policy_names_are_refused_listing_the_known_ones(void **st)
{
    (void)st;
    char err[256];
    const gmc_mc_wpol_t *w = NULL;
    const gmc_mc_rfpol_t *f = NULL;
    const gmc_mc_rowpol_t *r = NULL;
    assert_int_equal(gmc_mc_wpol_find("lazy", &w, err, sizeof err), -1);
    assert_null(w);
    assert_non_null(strstr(err, "expected one of gpgpusim"));
    assert_non_null(strstr(err, "found 'lazy'"));
    assert_int_equal(gmc_mc_rfpol_find("per-bank", &f, err, sizeof err), -1);
    assert_null(f);
    assert_non_null(strstr(err, "all-bank"));
    assert_non_null(strstr(err, "found 'per-bank'"));
    assert_int_equal(gmc_mc_rowpol_find("ajar", &r, err, sizeof err), -1);
    assert_null(r);
    for (unsigned i = 0; gmc_mc_rowpol_get(i); i++)   /* every known name is listed */
        assert_non_null(strstr(err, gmc_mc_rowpol_get(i)->name));
    assert_non_null(strstr(err, "found 'ajar'"));
    /* a short buffer is cut, never overrun */
    char tiny[12];
    assert_int_equal(gmc_mc_rowpol_find("ajar", &r, tiny, sizeof tiny), -1);
    assert_int_equal(strlen(tiny), sizeof tiny - 1);
}

/* NULL policies are the defaults: a cfg without them runs as one with
 * them spelled out, request by request. */
static void null_policies_are_the_defaults(void **st)
{
    (void)st;
    static tr_t tr[3000];
    static served_t a[3000];
    const unsigned n = random_stream(tr, 3000, 11);
    device(900, 100);
    gmc_mc_cfg_t c;
    gmc_mc_cfg_defaults(&c);
    c.wq = 8, c.wq_high = 6, c.wq_low = 2, c.age_cap = 300;
    gmc_mc_t mc;
    controller(&mc, &c);
    drive(&mc, tr, n, 0);
    memcpy(a, lg, sizeof a);
    gmc_mc_free(&mc);
    c.wpol = NULL, c.rfpol = NULL, c.rowpol = NULL;
    controller(&mc, &c);
    assert_ptr_equal(mc.wpol, &gmc_mc_wpol_gpgpusim);
    assert_ptr_equal(mc.cfg.rowpol, &gmc_mc_rowpol_open);
    drive(&mc, tr, n, 0);
    assert_memory_equal(a, lg, sizeof a);
    assert_true(mc.st.drains > 0 && mc.ch.st.cmds[GMC_DRAM_REF] > 0);
    gmc_mc_free(&mc);
}

/* ---- the contract's skip-ahead answers, with policies defined here ---- */

/* A write policy whose answer changes with time alone: writes are drained
 * during [1000, 1600) and only then (reads otherwise, whatever the
 * queue).  Its next() says when the answer changes; without it, skipping
 * ahead would miss the window's edges. */
static unsigned window_mode(const gmc_mc_t *mc, uint64_t now, uint32_t *st)
{
    (void)mc, (void)st;
    return now >= 1000 && now < 1600;
}
static uint64_t window_next(const gmc_mc_t *mc, uint64_t now)
{
    (void)mc;
    return now < 1000 ? 1000 : now < 1600 ? 1600 : GMC_MC_NEVER;
}
static const gmc_mc_wpol_t window = {"window", "drain writes in [1000, 1600)", window_mode, NULL,
                                     window_next, NULL, NULL, NULL, NULL, NULL};

static void a_write_policy_with_a_timer_is_asked_again_when_it_says(void **st)
{
    (void)st;
    device(0, 0);
    /* writes at 0..47 (a bank each, round robin), then reads from 100 on
     * until 1300: the writes wait for the window, the reads never stop */
    static tr_t tr[1400];
    unsigned n = 0;
    for (unsigned i = 0; i < 48; i++)
        tr[n++] = (tr_t){i, i % 16, 7, 1, 0};
    for (uint64_t t = 100; t < 1300; t++)
        tr[n++] = (tr_t){t, (unsigned)(t % 16), 3, 0, 0};
    gmc_mc_cfg_t c;
    gmc_mc_cfg_defaults(&c);
    c.wq = 128, c.wq_high = 128, c.wq_low = 0, c.rq = 64, c.age_cap = 0;
    c.wpol = &window;
    same_every_cycle_and_skipping(&c, tr, n);
    gmc_mc_t mc;
    controller(&mc, &c);
    drive(&mc, tr, n, 0);
    for (unsigned i = 0; i < 48; i++) {   /* every write inside the window */
        assert_true(by_id(i)->first >= 1000);
        assert_true(by_id(i)->col < 1600);
    }
    assert_int_equal(mc.st.drains, 1);
    gmc_mc_free(&mc);
}

/* A refresh policy that never refreshes and cannot say when it next acts:
 * it asks to be asked every cycle (ref_at = now + 1) and passes.  The run
 * must be the run without refresh, and the same skipping ahead. */
static uint64_t never_step(gmc_mc_t *mc, uint64_t now)
{
    mc->ref_at = now + 1;
    return 0;
}
static int never_init(gmc_mc_t *mc, char *err, size_t n)
{
    (void)err, (void)n;
    mc->ref_at = 0;
    mc->ref_hold = GMC_MC_NEVER;
    return 0;
}
static const gmc_mc_rfpol_t never = {"never", "asks every cycle, never refreshes", never_step,
                                     never_init, NULL};

static void a_refresh_policy_that_passes_is_asked_every_cycle_and_changes_nothing(void **st)
{
    (void)st;
    static tr_t tr[2000];
    static served_t a[2000];
    const unsigned n = random_stream(tr, 2000, 5);
    gmc_mc_cfg_t c;
    gmc_mc_cfg_defaults(&c);
    c.wq = 8, c.wq_high = 6, c.wq_low = 2;
    device(0, 0);
    gmc_mc_t mc;
    controller(&mc, &c);
    drive(&mc, tr, n, 0);
    memcpy(a, lg, sizeof a);
    gmc_mc_free(&mc);
    device(700, 100);   /* refresh due every 700 cycles: the policy ignores it */
    c.rfpol = &never;
    same_every_cycle_and_skipping(&c, tr, n);
    controller(&mc, &c);
    drive(&mc, tr, n, 0);
    assert_memory_equal(a, lg, sizeof a);
    assert_int_equal(mc.ch.st.cmds[GMC_DRAM_REF], 0);
    gmc_mc_free(&mc);
}


/* ---- row policies ---- */

static void policies(gmc_mc_cfg_t *c, const char *row, uint32_t timeout)
{
    char err[256];
    gmc_mc_cfg_defaults(c);
    if (gmc_mc_rowpol_find(row, &c->rowpol, err, sizeof err))
        fail_msg("%s", err);
    c->row_timeout = timeout;
}

/* Steps every cycle from 0 to end, entering tr (sorted) on time, and
 * records the cycles at which bank 0's row closed (at most 16). */
static unsigned bank0_closes(gmc_mc_t *mc, const tr_t *tr, unsigned n, uint64_t end,
                             uint64_t *at)
{
    unsigned k = 0, i = 0;
    for (uint64_t t = 0; t < end; t++) {
        while (i < n && tr[i].t <= t) {
            gmc_mc_req_t r = {0};
            r.id = i, r.bank = (uint8_t)tr[i].bank, r.row = tr[i].row, r.is_write = tr[i].w;
            gmc_mc_enqueue(mc, &r, t);
            i++;
        }
        const int open = gmc_mc_open_row(mc, 0) != GMC_DRAM_CLOSED;
        gmc_mc_step(mc, t);
        if (open && gmc_mc_open_row(mc, 0) == GMC_DRAM_CLOSED && k < 16)
            at[k++] = t;
    }
    gmc_mc_finish(mc);
    return k;
}

/* Bank 0, row 1, a read every 200 cycles: each is served before the next
 * arrives.  Open page: one miss, then hits.  Close page: the row closes
 * after every read (no queued request hits it), so every read is a miss
 * that activates: activations = requests, no hit. */
static void close_page_has_no_row_hits_where_open_page_hits(void **st)
{
    (void)st;
    device(0, 0);
    tr_t tr[20];
    for (unsigned i = 0; i < 20; i++)
        tr[i] = (tr_t){200 * i, 0, 1, (uint8_t)(i % 4 == 3), 0};
    gmc_mc_cfg_t c;
    gmc_mc_t mc;
    policies(&c, "open", 0);
    controller(&mc, &c);
    drive(&mc, tr, 20, 0);
    assert_int_equal(mc.st.cls[GMC_CLS_HIT], 19);
    assert_int_equal(mc.ch.st.cmds[GMC_DRAM_ACT], 1);
    assert_int_equal(mc.ch.st.cmds[GMC_DRAM_PRE], 0);
    gmc_mc_free(&mc);
    policies(&c, "close", 0);
    controller(&mc, &c);
    drive(&mc, tr, 20, 0);
    assert_int_equal(mc.st.cls[GMC_CLS_HIT], 0);
    assert_int_equal(mc.st.cls[GMC_CLS_MISS], 20);
    assert_int_equal(mc.ch.st.cmds[GMC_DRAM_ACT], 20);
    assert_int_equal(mc.ch.st.cmds[GMC_DRAM_PRE], 20);   /* the last one too */
    assert_int_equal(mc.pol_pre, 20);
    for (unsigned i = 0; i < 20; i++) {   /* a closed bank: ACT on arrival, no PRE wait */
        const served_t *r = by_id(i);
        assert_int_equal(r->first, 200 * i);
        assert_int_equal(r->done - r->first, D.cfg.tRCD + (r->w ? D.cfg.tCWL : D.cfg.tCL) + D.cfg.tBURST);
    }
    gmc_mc_free(&mc);
    same_every_cycle_and_skipping(&c, tr, 20);
}

/* The close policy's rule: a row closes once no queued request, read or
 * write, hits it; then at the engine's earliest PRE.  Four reads of bank
 * 0, row 1, at 0: one ACT, three hits, one PRE at max(ACT + tRAS, last
 * RD + tRTP).  A write to that row queued during the reads (read mode)
 * keeps it open until the write is served. */
static void close_page_keeps_a_row_open_while_a_queued_request_hits_it(void **st)
{
    (void)st;
    device(0, 0);
    gmc_mc_cfg_t c;
    gmc_mc_t mc;
    uint64_t at[16];
    policies(&c, "close", 0);
    const tr_t four[] = {{0, 0, 1, 0, 0}, {0, 0, 1, 0, 0}, {0, 0, 1, 0, 0}, {0, 0, 1, 0, 0}};
    controller(&mc, &c);
    assert_int_equal(bank0_closes(&mc, four, 4, 400, at), 1);
    assert_int_equal(mc.st.cls[GMC_CLS_HIT], 3);
    assert_int_equal(mc.ch.st.cmds[GMC_DRAM_ACT], 1);
    /* ACT 0, RD 20, 24, 28, 32 (tCCD 4): PRE at max(0 + tRAS, 32 + tRTP) */
    const uint64_t last_rd = D.cfg.tRCD + 3 * D.cfg.tCCD_L;
    const uint64_t pre = D.cfg.tRAS > last_rd + D.cfg.tRTP ? D.cfg.tRAS : last_rd + D.cfg.tRTP;
    assert_int_equal(at[0], pre);
    gmc_mc_free(&mc);
    /* a read of bank 0 at 0, a write to its row at 10, and reads of bank 5
     * arriving twice as fast as they can be served from 1 to 199, so the
     * mode stays reads until about 400: the write waits, and its row
     * stays open for it -- the write is a hit, one ACT in bank 0 */
    static tr_t mixed[102];
    unsigned n = 0, wi = 0;
    mixed[n++] = (tr_t){0, 0, 1, 0, 0};
    for (uint64_t t = 1; t < 200; t += 2) {
        if (t == 11)
            mixed[wi = n++] = (tr_t){10, 0, 1, 1, 0};
        mixed[n++] = (tr_t){t, 5, 1, 0, 0};
    }
    controller(&mc, &c);
    assert_int_equal(bank0_closes(&mc, mixed, n, 1000, at), 1);
    assert_true(at[0] > 300);   /* not at the read's earliest PRE, tRAS */
    gmc_mc_free(&mc);
    controller(&mc, &c);
    drive(&mc, mixed, n, 0);
    assert_int_equal(by_id(wi)->w, 1);
    assert_true(by_id(wi)->first > 300);
    assert_int_equal(by_id(wi)->cls, GMC_CLS_HIT);
    assert_int_equal(mc.ch.st.cmds[GMC_DRAM_ACT], 2);
    gmc_mc_free(&mc);
    same_every_cycle_and_skipping(&c, mixed, n);
}

/* timeout N: the row closes N cycles after the bank's last command for a
 * request (here its RD at tRCD), exactly; a hit entering by then keeps it
 * open (served, the clock starts again), one entering after is a miss. */
static void timeout_closes_a_row_exactly_n_idle_cycles_after_its_last_use(void **st)
{
    (void)st;
    device(0, 0);
    gmc_mc_cfg_t c;
    gmc_mc_t mc;
    uint64_t at[16];
    const uint64_t rd = D.cfg.tRCD;   /* one read at 0: ACT 0, RD tRCD */
    const tr_t one[] = {{0, 0, 1, 0, 0}};
    for (uint32_t n = 100; n <= 400; n += 300) {
        policies(&c, "timeout", n);
        controller(&mc, &c);
        assert_int_equal(bank0_closes(&mc, one, 1, 1000, at), 1);
        assert_int_equal(at[0], rd + n);
        assert_int_equal(mc.pol_pre, 1);
        gmc_mc_free(&mc);
        /* a second read of the row entering at rd + n hits (it is queued
         * when the step at rd + n asks); at rd + n + 1 it misses */
        const tr_t hit[] = {{0, 0, 1, 0, 0}, {rd + n, 0, 1, 0, 0}};
        const tr_t miss[] = {{0, 0, 1, 0, 0}, {rd + n + 1, 0, 1, 0, 0}};
        controller(&mc, &c);
        drive(&mc, hit, 2, 0);
        assert_int_equal(by_id(1)->cls, GMC_CLS_HIT);
        assert_int_equal(by_id(1)->first, rd + n);
        gmc_mc_free(&mc);
        controller(&mc, &c);
        assert_int_equal(bank0_closes(&mc, hit, 2, 2000, at), 1);
        assert_int_equal(at[0], rd + n + n);   /* counted from the second RD */
        gmc_mc_free(&mc);
        controller(&mc, &c);
        drive(&mc, miss, 2, 0);
        assert_int_equal(by_id(1)->cls, GMC_CLS_MISS);
        gmc_mc_free(&mc);
        same_every_cycle_and_skipping(&c, hit, 2);
        same_every_cycle_and_skipping(&c, miss, 2);
    }
    /* a timeout shorter than the engine allows: the earliest legal PRE,
     * max(ACT + tRAS, RD + tRTP), as close page */
    policies(&c, "timeout", 1);
    controller(&mc, &c);
    assert_int_equal(bank0_closes(&mc, one, 1, 1000, at), 1);
    assert_int_equal(at[0], D.cfg.tRAS);
    gmc_mc_free(&mc);
}

static void timeout_must_be_1_to_2_to_the_20(void **st)
{
    (void)st;
    device(0, 0);
    gmc_mc_cfg_t c;
    gmc_mc_t mc;
    char err[256];
    policies(&c, "timeout", 0);
    assert_int_equal(gmc_mc_init(&mc, &D, &c, 0, NULL, NULL, err, sizeof err), -1);
    assert_non_null(strstr(err, "--row-timeout: expected 1..1048576 cycles, found 0"));
    c.row_timeout = GMC_MC_ROW_TIMEOUT_MAX + 1;
    assert_int_equal(gmc_mc_init(&mc, &D, &c, 0, NULL, NULL, err, sizeof err), -1);
    c.row_timeout = GMC_MC_ROW_TIMEOUT_MAX;
    assert_int_equal(gmc_mc_init(&mc, &D, &c, 0, NULL, NULL, err, sizeof err), 0);
    gmc_mc_free(&mc);
    policies(&c, "close", 0);   /* the others ignore it */
    assert_int_equal(gmc_mc_init(&mc, &D, &c, 0, NULL, NULL, err, sizeof err), 0);
    gmc_mc_free(&mc);
}

/* Random streams, every scheduler, refresh off and on, each row policy
 * with each write policy: the same requests at the same cycles stepping
 * every cycle and skipping ahead; without refresh every activation serves
 * a miss or a conflict (row commitment holds under the policies'
 * precharges too). */
static void policies_skip_ahead_as_stepping_every_cycle(void **st)
{
    (void)st;
    static tr_t tr[2500];
    unsigned runs = 0, nw = 0, nr = 0;
    while (gmc_mc_wpol_get(nw))
        nw++;
    while (gmc_mc_rowpol_get(nr))
        nr++;
    for (unsigned s = 0; gmc_sched_get(s); s++)
        for (unsigned w = 0; w < nw; w++)   /* every registered pair */
            for (unsigned q = 0; q < nr; q++)
                for (unsigned ref = 0; ref < 2; ref++) {
                    const unsigned n = random_stream(tr, 2500, 100 + 7 * s + 3 * (3 * w + q) + ref);
                    device(ref ? 700 : 0, ref ? 60 : 0);
                    gmc_mc_cfg_t c;
                    gmc_mc_cfg_defaults(&c);
                    c.wpol = gmc_mc_wpol_get(w);
                    c.rowpol = gmc_mc_rowpol_get(q);
                    c.row_timeout = 30 + 40 * ref;
                    c.sched = gmc_sched_get(s);
                    c.rq = 16, c.wq = 8, c.wq_high = 6, c.wq_low = 2, c.age_cap = 200;
                    same_every_cycle_and_skipping(&c, tr, n);
                    gmc_mc_t mc;
                    controller(&mc, &c);
                    drive(&mc, tr, n, 0);
                    if (!ref)
                        assert_int_equal(mc.ch.st.cmds[GMC_DRAM_ACT],
                                         mc.st.cls[GMC_CLS_MISS] + mc.st.cls[GMC_CLS_CONFLICT]);
                    if (c.rowpol->close_at)   /* the policy closed rows */
                        assert_true(mc.pol_pre > 0);
                    else
                        assert_int_equal(mc.pol_pre, 0);
                    gmc_mc_free(&mc);
                    runs++;
                }
    assert_true(nw >= 2 && nr >= 3);
    assert_int_equal(runs, 12 * nw * nr);
}

/* Warped-MC's PT marks a bank whose open row a queued H request hits; the
 * row policies never close such a row, so their precharges need no
 * scheduler event: after every step, each PT bit is a bank whose open row
 * a queued request hits. */
static void warped_mc_pt_stays_right_under_the_closing_policies(void **st)
{
    (void)st;
    static tr_t tr[3000];
    device(0, 0);
    for (unsigned p = 1; p < 3; p++) {
        const unsigned n = random_stream(tr, 3000, 77 + p);
        for (unsigned j = 0; j < n; j++)   /* many warps: most requests are a warp's last (H) */
            tr[j].warp = 1 + j % 1000;
        gmc_mc_cfg_t c;
        policies(&c, p == 1 ? "close" : "timeout", 200);
        assert_int_equal(gmc_sched_find("warped-mc", &c.sched, (char[256]){0}, 256), 0);
        c.wmc.score_at = GMC_WMC_AT_RECEIVE;   /* PT bits set on arrival too */
        gmc_mc_t mc;
        controller(&mc, &c);
        unsigned i = 0, checked = 0, marked = 0;
        for (uint64_t t = 0; i < n || gmc_mc_queued(&mc); t++) {
            while (i < n && tr[i].t <= t && gmc_mc_can_accept(&mc, tr[i].w)) {
                gmc_mc_req_t r = {0};
                r.id = i, r.bank = (uint8_t)tr[i].bank, r.row = tr[i].row, r.is_write = tr[i].w;
                if (tr[i].warp)
                    r.flags = GMC_REQ_WARP, r.sm = tr[i].warp % 4, r.warp = tr[i].warp;
                gmc_mc_enqueue(&mc, &r, t);
                i++;
            }
            gmc_mc_step(&mc, t);
            const void *vc;
            const gmc_wmc_state_t *q = gmc_sched_wmc_tables(&mc, &vc);
            for (unsigned b = 0; b < 16; b++) {
                if (!q->pt_q[b])
                    continue;
                marked++;
                const uint32_t open = gmc_mc_open_row(&mc, b);
                assert_int_not_equal(open, GMC_DRAM_CLOSED);
                int hit = 0;
                for (int w = 0; w < 2; w++)
                    for (uint32_t j = mc.head[w][b]; j != GMC_MC_NONE; j = gmc_mc_bnext(&mc, j))
                        hit |= gmc_mc_brow(&mc, j) == open;
                assert_true(hit);
            }
            checked++;
            assert_true(t < 1000000);
        }
        gmc_mc_finish(&mc);
        assert_true(marked > 0 && mc.pol_pre > 0);   /* the check saw both at work */
        (void)checked;
        gmc_mc_free(&mc);
    }
}

/* ---- write policies ---- */

static void write_policy(gmc_mc_cfg_t *c, const char *name)
{
    char err[256];
    if (gmc_mc_wpol_find(name, &c->wpol, err, sizeof err))
        fail_msg("%s", err);
}

/* 20 reads over 16 banks and 6 writes to banks 0..5, all at 0; watermarks
 * 6 / 2.  gpgpusim: the drain runs until 2 writes are queued, and the two
 * left were activated meanwhile (row commitment serves them): six writes,
 * then the reads, one drain.  ramulator2: a write counts only until its
 * ACT, so after four ACTs (tRRD apart) the count is 2 and the reads go on;
 * the four activated writes are served in read mode, the last two only
 * when no read is left (a second drain). */
static void ramulator2_counts_a_write_only_until_its_act(void **st)
{
    (void)st;
    device(0, 0);
    tr_t tr[26];
    unsigned n = 0;
    for (unsigned i = 0; i < 20; i++)
        tr[n++] = (tr_t){0, i % 16, 1 + i / 16, 0, 0};
    for (unsigned i = 0; i < 6; i++)
        tr[n++] = (tr_t){0, i, 3, 1, 0};
    gmc_mc_cfg_t c;
    gmc_mc_cfg_defaults(&c);
    c.wq = 8, c.wq_high = 6, c.wq_low = 2;
    gmc_mc_t mc;
    controller(&mc, &c);
    drive(&mc, tr, n, 0);
    for (unsigned k = 0; k < n; k++)
        assert_int_equal(lg[k].w, k < 6);
    assert_int_equal(mc.st.drains, 1);
    gmc_mc_free(&mc);
    write_policy(&c, "ramulator2");
    controller(&mc, &c);
    drive(&mc, tr, n, 0);
    for (unsigned k = 0; k < n; k++)   /* four writes, the reads, two writes */
        assert_int_equal(lg[k].w, k < 4 || k >= n - 2);
    assert_int_equal(mc.st.drains, 2);
    /* the reads' first ACT is the next one after the fourth write's, tRRD
     * later: the drain ended with that ACT, not with a WR */
    uint64_t first_read = UINT64_MAX;
    for (unsigned k = 0; k < 20; k++)
        first_read = by_id(k)->first < first_read ? by_id(k)->first : first_read;
    assert_int_equal(first_read, by_id(23)->first + D.cfg.tRRD_S);
    gmc_mc_free(&mc);
    same_every_cycle_and_skipping(&c, tr, n);
}

/* Ten writes to bank 0, each to another row (a PRE and an ACT apiece),
 * at 0 and no read: both policies drain.  A read of bank 5 enters at 50.
 * gpgpusim leaves the drain at once (wq_high was not reached): the read's
 * ACT issues at 50.  ramulator2 drains until at most wq_low = 2 writes
 * have no ACT yet: the read waits until the eighth write's ACT, and goes
 * before the ninth write. */
static void ramulator2_drains_down_to_wq_low_whatever_started_the_drain(void **st)
{
    (void)st;
    device(0, 0);
    tr_t tr[11];
    unsigned n = 0;
    for (unsigned i = 0; i < 10; i++)
        tr[n++] = (tr_t){0, 0, 1 + i, 1, 0};
    tr[n++] = (tr_t){50, 5, 1, 0, 0};
    gmc_mc_cfg_t c;
    gmc_mc_cfg_defaults(&c);
    c.wq_low = 2;
    gmc_mc_t mc;
    controller(&mc, &c);
    drive(&mc, tr, n, 0);
    assert_int_equal(by_id(10)->first, 50);
    gmc_mc_free(&mc);
    write_policy(&c, "ramulator2");
    controller(&mc, &c);
    drive(&mc, tr, n, 0);
    const served_t *r = by_id(10);
    assert_true(r->first > by_id(7)->first + D.cfg.tRP);   /* after the eighth write's ACT */
    assert_true(r->first < by_id(8)->first);
    assert_int_equal(mc.st.drains, 2);
    gmc_mc_free(&mc);
    same_every_cycle_and_skipping(&c, tr, n);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(each_registry_starts_with_todays_default_and_finds_by_name),
        cmocka_unit_test(unknown_policy_names_are_refused_listing_the_known_ones),
        cmocka_unit_test(null_policies_are_the_defaults),
        cmocka_unit_test(a_write_policy_with_a_timer_is_asked_again_when_it_says),
        cmocka_unit_test(a_refresh_policy_that_passes_is_asked_every_cycle_and_changes_nothing),
        cmocka_unit_test(close_page_has_no_row_hits_where_open_page_hits),
        cmocka_unit_test(close_page_keeps_a_row_open_while_a_queued_request_hits_it),
        cmocka_unit_test(timeout_closes_a_row_exactly_n_idle_cycles_after_its_last_use),
        cmocka_unit_test(timeout_must_be_1_to_2_to_the_20),
        cmocka_unit_test(policies_skip_ahead_as_stepping_every_cycle),
        cmocka_unit_test(warped_mc_pt_stays_right_under_the_closing_policies),
        cmocka_unit_test(ramulator2_counts_a_write_only_until_its_act),
        cmocka_unit_test(ramulator2_drains_down_to_wq_low_whatever_started_the_drain),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    gmc_warps_free(&W);
    return rc;
}
