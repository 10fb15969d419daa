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
#include "mc/gmc_mc.h"

typedef struct { uint64_t t; unsigned bank; uint32_t row; uint8_t w; } tr_t;
typedef struct { uint64_t id, arrival, first, done, col; uint8_t cls, w; } served_t;

static served_t lg[8192];
static unsigned nlog;
static gmc_dram_t D;

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

static void controller(gmc_mc_t *mc, const gmc_mc_cfg_t *cfg)
{
    char err[256];
    if (gmc_mc_init(mc, &D, cfg, 0, NULL, NULL, err, sizeof err))
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
            r.trace_cycle = tr[i].t;
            uint32_t q = gmc_mc_enqueue(mc, &r, t);
            next = every ? t : gmc_mc_wake(mc, q, t, next);
            i++;
        }
        if (every || next <= t)
            next = gmc_mc_step(mc, t);
        if (i == n && !gmc_mc_queued(mc) && !(mc->rp_close && mc->ch.n_open))
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
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        t += (x >> 60) & 3;
        if ((x >> 40) % 97 == 0)
            t += 150 + (x >> 20) % 400;
        tr[i] = (tr_t){t, (unsigned)(x >> 33) % 16, (uint32_t)(x >> 20) % 4,
                       (uint8_t)((x >> 50) % 3 == 0)};
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
                                     window_next, NULL, NULL};

static void a_write_policy_with_a_timer_is_asked_again_when_it_says(void **st)
{
    (void)st;
    device(0, 0);
    /* writes at 0..47 (a bank each, round robin), then reads from 100 on
     * until 1300: the writes wait for the window, the reads never stop */
    static tr_t tr[1400];
    unsigned n = 0;
    for (unsigned i = 0; i < 48; i++)
        tr[n++] = (tr_t){i, i % 16, 7, 1};
    for (uint64_t t = 100; t < 1300; t++)
        tr[n++] = (tr_t){t, (unsigned)(t % 16), 3, 0};
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(each_registry_starts_with_todays_default_and_finds_by_name),
        cmocka_unit_test(unknown_policy_names_are_refused_listing_the_known_ones),
        cmocka_unit_test(null_policies_are_the_defaults),
        cmocka_unit_test(a_write_policy_with_a_timer_is_asked_again_when_it_says),
        cmocka_unit_test(a_refresh_policy_that_passes_is_asked_every_cycle_and_changes_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
