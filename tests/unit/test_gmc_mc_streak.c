/* Row streak breakers (Yuan et al. [MICRO'09] sec. 5.2; gmc_mc_streak.c)
 * on hand-built controller queues, each reading of the paper, through a
 * whole memory system (bfifo against FR-FCFS), and the row locality at the
 * controllers against a slow recomputation from the accepted sequence. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "mc/gmc_mc.h"
#include "util/gmc_rng.h"
#include "test_mem.h"

static gmc_dram_t D;

/* A bfifo controller of one channel of the GDDR3 preset (no refresh),
 * with the streak readings `reading`. */
static void controller(gmc_mc_t *mc, unsigned reading)
{
    gmc_dram_cfg_t c;
    char err[256], warn[1024] = "";
    if (gmc_dram_cfg_preset("gddr3", &c, err, sizeof err, warn, sizeof warn) < 0)
        fail_msg("%s", err);
    c.refresh = 0;
    if (gmc_dram_init(&D, &c, err, sizeof err))
        fail_msg("%s", err);
    gmc_mc_cfg_t cfg;
    gmc_mc_cfg_defaults(&cfg);
    assert_int_equal(gmc_sched_find("bfifo", &cfg.sched, err, sizeof err), 0);
    cfg.streak_reading = (uint8_t)reading;
    assert_int_equal(gmc_mc_init(mc, &D, &cfg, 0, NULL, NULL, err, sizeof err), 0);
}

/* sm < 0: a request without warp ids (an L2 write-back). */
static uint32_t put(gmc_mc_t *mc, unsigned bank, uint32_t row, int sm, unsigned cta, int is_write)
{
    gmc_mc_req_t r;
    memset(&r, 0, sizeof r);
    r.bank = (uint8_t)bank;
    r.row = row;
    r.is_write = (uint8_t)is_write;
    if (sm >= 0) {
        r.flags = GMC_REQ_WARP;
        r.sm = (uint32_t)sm;
        r.cta = cta;
    }
    return gmc_mc_enqueue(mc, &r, 0);
}

/* Bank b last activated row x for a request of (sm, cta). */
static void opened(gmc_mc_t *mc, unsigned b, uint32_t x, uint32_t sm, uint16_t cta)
{
    mc->streak->bank[b] = (struct gmc_streak_bank){x, sm, cta, 1};
}

#define BIT(k) (1u << (k))
enum { X = 10, Y = 20, Z = 30 };

static void a_switch_without_a_request_to_the_old_row_strands_nothing(void **st)
{
    (void)st;
    gmc_mc_t mc;
    controller(&mc, 0);
    opened(&mc, 0, X, 0, 0);
    uint32_t y = put(&mc, 0, Y, 1, 0, 0);
    put(&mc, 0, Z, 2, 0, 0);
    put(&mc, 1, X, 0, 0, 0);   /* row X of another bank is not stranded */
    assert_int_equal(gmc_mc_streak_act(&mc, 0, y), 0);
    assert_int_equal(mc.streak->streaks, 1);
    assert_int_equal(mc.streak->stranded, 0);
    assert_int_equal(mc.streak->bank[0].row, Y);
    gmc_mc_free(&mc);
}

static void a_category_is_credited_once_however_many_breakers_it_has(void **st)
{
    (void)st;
    gmc_mc_t mc;
    controller(&mc, 0);
    opened(&mc, 0, X, 0, 0);
    uint32_t y = put(&mc, 0, Y, 1, 0, 0);
    put(&mc, 0, Z, 2, 0, 0);
    put(&mc, 0, Z, 3, 0, 0);
    put(&mc, 0, X, 0, 0, 0);   /* stranded, behind three breakers of other SMs */
    assert_int_equal(gmc_mc_streak_act(&mc, 0, y), GMC_BRK_STRANDED | BIT(GMC_BRK_OTHER_SM));
    assert_int_equal(mc.streak->stranded, 1);
    assert_int_equal(mc.streak->brk[GMC_BRK_OTHER_SM], 1);
    assert_int_equal(mc.streak->brk[GMC_BRK_SAME_CTA], 0);
    gmc_mc_free(&mc);
}

/* Relative to the stranded request (SM 4, CTA 2): Y of its SM and another
 * CTA, one of its CTA, a write-back, one of another SM -- every category,
 * each counted once; requests of other banks in between are no breakers. */
static void every_category_against_the_stranded_request(void **st)
{
    (void)st;
    gmc_mc_t mc;
    controller(&mc, 0);
    opened(&mc, 0, X, 9, 0);
    uint32_t y = put(&mc, 0, Y, 4, 1, 0);
    put(&mc, 3, Z, 7, 0, 0);    /* another bank */
    put(&mc, 0, Z, 4, 2, 0);
    put(&mc, 0, Z, -1, 0, 1);   /* a write-back: queued writes count too */
    put(&mc, 0, Y, 5, 2, 0);
    put(&mc, 0, X, 4, 2, 0);
    unsigned all = BIT(GMC_BRK_OTHER_SM) | BIT(GMC_BRK_OTHER_CTA) | BIT(GMC_BRK_SAME_CTA) |
                   BIT(GMC_BRK_NO_SM);
    assert_int_equal(gmc_mc_streak_act(&mc, 0, y), GMC_BRK_STRANDED | all);
    for (unsigned k = 0; k < GMC_BRK_N; k++)
        assert_int_equal(mc.streak->brk[k], 1);
    gmc_mc_free(&mc);
}

/* The nearest request to X ends the breakers: one of another SM behind it
 * is not one. */
static void the_nearest_stranded_request_bounds_the_breakers(void **st)
{
    (void)st;
    gmc_mc_t mc;
    controller(&mc, 0);
    opened(&mc, 0, X, 0, 0);
    uint32_t y = put(&mc, 0, Y, 0, 3, 0);
    put(&mc, 0, X, 0, 3, 0);
    put(&mc, 0, Z, 8, 0, 0);
    put(&mc, 0, X, 0, 3, 0);
    assert_int_equal(gmc_mc_streak_act(&mc, 0, y), GMC_BRK_STRANDED | BIT(GMC_BRK_SAME_CTA));
    assert_int_equal(mc.streak->brk[GMC_BRK_OTHER_SM], 0);
    gmc_mc_free(&mc);
}

/* The pending request to Y breaks the streak when nothing else does; read
 * "between" strictly (GMC_STREAK_EXCLUDE_Y), the event has no breaker. */
static void the_request_to_y_is_a_breaker_unless_excluded(void **st)
{
    (void)st;
    gmc_mc_t mc;
    controller(&mc, 0);
    opened(&mc, 0, X, 0, 0);
    uint32_t y = put(&mc, 0, Y, 1, 0, 0);
    put(&mc, 0, X, 0, 0, 0);
    assert_int_equal(gmc_mc_streak_act(&mc, 0, y), GMC_BRK_STRANDED | BIT(GMC_BRK_OTHER_SM));
    gmc_mc_free(&mc);
    controller(&mc, GMC_STREAK_EXCLUDE_Y);
    opened(&mc, 0, X, 0, 0);
    y = put(&mc, 0, Y, 1, 0, 0);
    put(&mc, 0, X, 0, 0, 0);
    assert_int_equal(gmc_mc_streak_act(&mc, 0, y), GMC_BRK_STRANDED);
    assert_int_equal(mc.streak->stranded, 1);
    for (unsigned k = 0; k < GMC_BRK_N; k++)
        assert_int_equal(mc.streak->brk[k], 0);
    gmc_mc_free(&mc);
}

/* "Backwards" read as toward older requests: a request to X that arrived
 * before Y's is found (a reordering scheduler can leave one), and none
 * after it. */
static void the_older_reading_searches_toward_older_requests(void **st)
{
    (void)st;
    gmc_mc_t mc;
    for (unsigned older = 0; older < 2; older++) {
        controller(&mc, older ? GMC_STREAK_OLDER : 0);
        opened(&mc, 0, X, 0, 0);
        put(&mc, 0, X, 6, 0, 0);
        put(&mc, 0, Z, 7, 0, 0);
        uint32_t y = put(&mc, 0, Y, 6, 0, 0);
        assert_int_equal(gmc_mc_streak_act(&mc, 0, y),
                         older ? GMC_BRK_STRANDED | BIT(GMC_BRK_OTHER_SM) | BIT(GMC_BRK_SAME_CTA) : 0);
        gmc_mc_free(&mc);
    }
}

/* Compared with the request row X was opened for (GMC_STREAK_OPENER), not
 * with the stranded request. */
static void the_opener_reading_compares_with_the_streaks_first_request(void **st)
{
    (void)st;
    gmc_mc_t mc;
    for (unsigned op = 0; op < 2; op++) {
        controller(&mc, op ? GMC_STREAK_OPENER : 0);
        opened(&mc, 0, X, 7, 1);
        uint32_t y = put(&mc, 0, Y, 7, 1, 0);
        put(&mc, 0, X, 0, 0, 0);
        assert_int_equal(gmc_mc_streak_act(&mc, 0, y),
                         GMC_BRK_STRANDED | BIT(op ? GMC_BRK_SAME_CTA : GMC_BRK_OTHER_SM));
        gmc_mc_free(&mc);
    }
}

/* Each bank keeps its own last row: a bank's first ACT and an ACT of the
 * row it last had are no switches. */
static void banks_keep_their_own_rows(void **st)
{
    (void)st;
    gmc_mc_t mc;
    controller(&mc, 0);
    uint32_t a = put(&mc, 0, X, 0, 0, 0), b = put(&mc, 1, Y, 0, 0, 0);
    uint32_t c = put(&mc, 0, X, 0, 0, 0), d = put(&mc, 1, Z, 0, 0, 0);
    assert_int_equal(gmc_mc_streak_act(&mc, 0, a), 0);
    assert_int_equal(gmc_mc_streak_act(&mc, 1, b), 0);
    assert_int_equal(gmc_mc_streak_act(&mc, 0, c), 0);   /* X again (after a refresh, say) */
    assert_int_equal(mc.streak->streaks, 0);
    assert_int_equal(gmc_mc_streak_act(&mc, 1, d), 0);   /* Y -> Z: a switch, nothing stranded */
    assert_int_equal(mc.streak->streaks, 1);
    assert_int_equal(mc.streak->bank[0].row, X);
    assert_int_equal(mc.streak->bank[1].row, Z);
    gmc_mc_free(&mc);
}

static void a_bad_reading_is_refused(void **st)
{
    (void)st;
    uint8_t v = 0;
    char err[256];
    assert_int_equal(gmc_streak_reading_parse("older,opener", &v, err, sizeof err), 0);
    assert_int_equal(v, GMC_STREAK_OLDER | GMC_STREAK_OPENER);
    assert_int_equal(gmc_streak_reading_parse("default", &v, err, sizeof err), 0);
    assert_int_equal(v, 0);
    assert_int_equal(gmc_streak_reading_parse("older,newer", &v, err, sizeof err), -1);
    assert_string_equal(err, "expected default or a list of older, exclude-y, opener, found 'newer'");
    gmc_mc_cfg_t cfg;
    gmc_mc_cfg_defaults(&cfg);
    cfg.streak_reading = 8;
    assert_int_equal(gmc_mc_cfg_check(&cfg, err, sizeof err), -1);
    assert_string_equal(err, "streak reading: expected GMC_STREAK_* bits (at most 7), found 8");
}

/* ---- through a memory system ---- */

/* The address of (bank, row) on channel 0 of the system's map. */
static uint64_t addr_of(const gmc_memsys_cfg_t *c, unsigned bank, uint32_t row)
{
    gmc_dramaddr_t f;
    memset(&f, 0, sizeof f);
    f.f[GMC_F_BANK] = bank;
    f.f[GMC_F_ROW] = row;
    return gmc_addrmap_encode(&c->map, &f);
}

/* Three reads to one bank at cycle 0: row 1 (SM 0), row 2 (SM 1), row 1
 * (SM 0).  Banked FIFO serves them in order: the switch to row 2 strands
 * the third, its breaker is of another SM; the switch back strands
 * nothing.  FR-FCFS serves the row hit first and strands nothing. */
static void bfifo_strands_what_frfcfs_serves_first(void **st)
{
    (void)st;
    static const char *const sched[] = {"bfifo", "frfcfs"};
    for (unsigned k = 0; k < 2; k++) {
        gmc_memsys_cfg_t c;
        test_memsys_cfg(&c, "gddr3", 1);
        c.refresh = 0;
        char err[256];
        assert_int_equal(gmc_sched_find(sched[k], &c.mc.sched, err, sizeof err), 0);
        gmc_memsys_t *ms = test_memsys_new(&c);
        const uint32_t rows[] = {1, 2, 1};
        for (unsigned i = 0; i < 3; i++) {
            gmc_mem_req_t r = {.addr = addr_of(&c, 3, rows[i]), .sm = i == 1, .has_warp = 1};
            assert_int_equal(gmc_memsys_send(ms, &r), GMC_MEM_ACCEPTED);
        }
        assert_int_equal(gmc_memsys_finish(ms), 0);
        gmc_mem_stats_t s;
        gmc_memsys_stats(ms, &s);
        assert_int_equal(s.entered, 3);
        assert_int_equal(s.row_runs, 3);
        assert_int_equal(s.row_streaks, k == 0 ? 2 : 1);
        assert_int_equal(s.stranded, k == 0 ? 1 : 0);
        assert_int_equal(s.brk_other_sm, k == 0 ? 1 : 0);
        assert_int_equal(s.brk_same_cta + s.brk_other_cta + s.brk_no_sm, 0);
        gmc_memsys_delete(ms);
    }
}

/* Random requests into a 4-channel system: each channel's entered and
 * row_runs equal a slow count of the runs in the order the sends were
 * accepted (each accepted request located again), and the totals are the
 * channels' sums. */
static void locality_at_the_controllers_matches_the_accepted_sequence(void **st)
{
    (void)st;
    const uint64_t seed = 34;
    gmc_rng_t g;
    gmc_rng_seed(&g, seed);
    gmc_memsys_cfg_t c;
    test_memsys_cfg(&c, "gddr3", 4);
    gmc_memsys_t *ms = test_memsys_new(&c);
    enum { N = 20000, CH = 4 };
    uint64_t runs[CH] = {0}, reqs[CH] = {0};
    uint32_t lb[CH], lr[CH];
    uint64_t base = 0;
    unsigned sent = 0;
    while (sent < N) {
        /* short bursts to a few rows, so that runs are of every length */
        if (gmc_rng_below(&g, 4) == 0)
            base = gmc_rng_u64(&g) & ~0xfffull;
        gmc_mem_req_t r = {.addr = base + 32 * gmc_rng_below(&g, 128), .is_write = gmc_rng_below(&g, 5) == 0};
        if (gmc_memsys_send(ms, &r) == GMC_MEM_ACCEPTED) {
            gmc_mem_loc_t l;
            gmc_memsys_locate(ms, r.addr, &l);
            if (!reqs[l.channel] || lb[l.channel] != l.bank || lr[l.channel] != l.row)
                runs[l.channel]++;
            lb[l.channel] = l.bank, lr[l.channel] = l.row;
            reqs[l.channel]++;
            sent++;
        }
        assert_int_equal(gmc_memsys_tick(ms), 0);
    }
    assert_int_equal(gmc_memsys_finish(ms), 0);
    gmc_mem_stats_t s, t;
    memset(&t, 0, sizeof t);
    for (unsigned ch = 0; ch < CH; ch++) {
        assert_int_equal(gmc_memsys_channel_stats(ms, ch, &s), 0);
        assert_int_equal(s.entered, reqs[ch]);
        assert_int_equal(s.row_runs, runs[ch]);
        assert_true(s.row_runs < s.entered);   /* some runs are longer than one */
        t.entered += s.entered, t.row_runs += s.row_runs, t.data_busy += s.data_busy;
    }
    assert_int_equal(gmc_memsys_channel_stats(ms, CH, &s), -1);
    gmc_memsys_stats(ms, &s);
    assert_int_equal(s.entered, N);
    assert_int_equal(s.row_runs, t.row_runs);
    assert_int_equal(s.data_busy, t.data_busy);
    print_message("row locality at the controllers: seed %llu, %u requests on %u channels compared "
                  "(%llu runs, %.3f per run)\n", (unsigned long long)seed, (unsigned)N, (unsigned)CH,
                  (unsigned long long)t.row_runs, (double)N / (double)t.row_runs);
    gmc_memsys_delete(ms);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_switch_without_a_request_to_the_old_row_strands_nothing),
        cmocka_unit_test(a_category_is_credited_once_however_many_breakers_it_has),
        cmocka_unit_test(every_category_against_the_stranded_request),
        cmocka_unit_test(the_nearest_stranded_request_bounds_the_breakers),
        cmocka_unit_test(the_request_to_y_is_a_breaker_unless_excluded),
        cmocka_unit_test(the_older_reading_searches_toward_older_requests),
        cmocka_unit_test(the_opener_reading_compares_with_the_streaks_first_request),
        cmocka_unit_test(banks_keep_their_own_rows),
        cmocka_unit_test(a_bad_reading_is_refused),
        cmocka_unit_test(bfifo_strands_what_frfcfs_serves_first),
        cmocka_unit_test(locality_at_the_controllers_matches_the_accepted_sequence),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
