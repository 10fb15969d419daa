/* Warp schedulers (gmc_wsched.h): the registry, LRR and GTO's rules, and
 * the plug-in point in a running GPU -- a recording scheduler checks what
 * the view shows against what the SM then does (the op that issues, the
 * loads pending, each warp's CTA and launch age, the launch and exit
 * events, one init and one free per scheduler instance), and a CCWS-like
 * throttle that holds back loads (pick -1) runs to the same report with
 * the GPU's skipping and without it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "gpu/gmc_gpu.h"
#include "gpu/gmc_wsched.h"
#include "test_gpu.h"

/* ---- the registry ---- */

static void lrr_and_gto_are_registered_in_that_order(void **st)
{
    assert_ptr_equal(gmc_wsched_get(0), &gmc_wsched_lrr);
    assert_ptr_equal(gmc_wsched_get(1), &gmc_wsched_gto);
    assert_ptr_equal(gmc_wsched_get(2), &gmc_wsched_ccws);
    assert_ptr_equal(gmc_wsched_get(3), &gmc_wsched_tbas);
    for (unsigned i = 0; gmc_wsched_get(i); i++) {
        const gmc_wsched_ops_t *f = NULL;
        char err[256] = "";
        assert_int_equal(gmc_wsched_find(gmc_wsched_get(i)->name, &f, err, sizeof err), 0);
        assert_ptr_equal(f, gmc_wsched_get(i));
        assert_non_null(f->pick);
    }
}

static void an_unknown_scheduler_is_an_error_listing_the_known_ones(void **st)
{
    const gmc_wsched_ops_t *f = NULL;
    char err[256] = "";
    assert_int_equal(gmc_wsched_find("two_level", &f, err, sizeof err), -1);
    assert_string_equal(err, "warp_sched: expected one of lrr, gto, ccws, tbas, found 'two_level'");
    /* and a machine naming it is refused by the machine check */
    gmc_machine_t m;
    assert_int_equal(gmc_machine_preset("rtx2060s", &m, err, sizeof err), 0);
    snprintf(m.warp_sched, sizeof m.warp_sched, "owl");
    assert_int_equal(gmc_machine_check(&m, err, sizeof err), -1);
    assert_string_equal(err, "machine rtx2060s: warp_sched: expected one of lrr, gto, ccws, tbas, found 'owl'");
}

/* ---- LRR and GTO ---- */

static gmc_wsched_view_t ages_only(const uint64_t *age)
{
    gmc_wsched_view_t v;
    memset(&v, 0, sizeof v);
    v.age = age;
    v.slots = 64;
    return v;
}

static void lrr_rotates_after_the_last_issued(void **s)
{
    uint64_t age[64] = {0};
    gmc_wsched_view_t v = ages_only(age);
    gmc_wsched_t w = {-1, 0, 1, ~0ull, &v, NULL, NULL};
    assert_int_equal(gmc_wsched_lrr.pick(&w, 0x16, &v), 1);
    w.last = 1;
    assert_int_equal(gmc_wsched_lrr.pick(&w, 0x16, &v), 2);
    w.last = 4;
    assert_int_equal(gmc_wsched_lrr.pick(&w, 0x16, &v), 1);   /* wraps */
    w.last = 63;
    assert_int_equal(gmc_wsched_lrr.pick(&w, 0x16, &v), 1);
}

static void gto_keeps_the_last_then_takes_the_oldest(void **s)
{
    uint64_t age[64] = {0};
    age[1] = 9; age[2] = 3; age[4] = 5;
    gmc_wsched_view_t v = ages_only(age);
    gmc_wsched_t w = {-1, 0, 1, ~0ull, &v, NULL, NULL};
    assert_int_equal(gmc_wsched_gto.pick(&w, 0x16, &v), 2);   /* oldest */
    w.last = 4;
    assert_int_equal(gmc_wsched_gto.pick(&w, 0x16, &v), 4);   /* greedy */
    assert_int_equal(gmc_wsched_gto.pick(&w, 0x06, &v), 2);   /* 4 stalled: oldest */
}

/* ---- in a running GPU ---- */

static gmc_gpu_t *gpu(const char *preset, const gmc_wsched_ops_t *ws, int every_edge, char *err, size_t n)
{
    gmc_gpu_cfg_t c;
    test_gpu_cfg(&c, preset);
    c.wsched = ws;
    c.every_edge = every_edge;
    return gmc_gpu_new(&c, err, n);
}

/* What the recording scheduler saw (all instances). */
static struct {
    unsigned inits, frees;
    uint64_t op_issued[GMC_OP_N];        /* by the op the view showed for the picked slot */
    uint64_t launched, exited;
    uint64_t cand_pending;               /* candidates with a load pending: must be 0 */
    uint64_t waiting_seen;               /* resident non-candidates with a load pending */
    uint64_t kcta_changed;               /* a warp's kernel CTA differed at exit from launch */
    uint64_t age_not_rising;             /* a launch's age not above the SM's previous */
    uint64_t warps_of_cta[256];          /* launches per kernel CTA id */
    uint64_t bad_slot;                   /* an event for a slot the instance does not own */
} rec;

typedef struct {
    uint64_t resident;    /* slots with a warp (launched, not exited) */
    int      picked;      /* the last pick (issued confirms it) */
    gmc_op_t picked_op;
    uint32_t kcta[64];
    uint64_t last_age;    /* of this scheduler's latest launch */
} rec_t;

static int rec_init(gmc_wsched_t *s, char *err, size_t n)
{
    if (s->count < 1 || s->index >= s->count || !s->view || !s->slots) {
        snprintf(err, n, "recording scheduler: instance not set up");
        return -1;
    }
    s->priv = calloc(1, sizeof(rec_t));
    rec.inits++;
    return 0;
}

static void rec_free(gmc_wsched_t *s)
{
    free(s->priv);
    s->priv = NULL;
    rec.frees++;
}

/* LRR's choice, recording what the view shows (the scratch in priv is
 * the test's bookkeeping, not scheduling state). */
static int rec_pick(const gmc_wsched_t *s, uint64_t cand, const gmc_wsched_view_t *v)
{
    rec_t *r = s->priv;
    for (uint64_t m = cand; m; m &= m - 1)
        rec.cand_pending += gmc_wsched_pending(v, (unsigned)__builtin_ctzll(m)) != 0;
    for (uint64_t m = r->resident & ~cand; m; m &= m - 1)
        rec.waiting_seen += gmc_wsched_pending(v, (unsigned)__builtin_ctzll(m)) != 0;
    int w = gmc_wsched_lrr.pick(s, cand, v);
    r->picked = w;
    r->picked_op = gmc_wsched_next_op(v, (unsigned)w);
    return w;
}

static void rec_issued(gmc_wsched_t *s, int w, const gmc_wsched_view_t *v)
{
    rec_t *r = s->priv;
    assert_int_equal(w, r->picked);
    assert_int_equal(s->last, w);
    rec.op_issued[r->picked_op]++;
}

static void rec_launched(gmc_wsched_t *s, int w, const gmc_wsched_view_t *v)
{
    rec_t *r = s->priv;
    rec.bad_slot += !(s->slots >> w & 1) || (r->resident >> w & 1);
    r->resident |= 1ull << w;
    uint32_t k = gmc_wsched_kcta(v, (unsigned)w);
    r->kcta[w] = k;
    rec.warps_of_cta[k < 256 ? k : 255]++;
    rec.age_not_rising += r->last_age && gmc_wsched_age(v, (unsigned)w) <= r->last_age;
    r->last_age = gmc_wsched_age(v, (unsigned)w);
    rec.launched++;
}

static void rec_exited(gmc_wsched_t *s, int w, const gmc_wsched_view_t *v)
{
    rec_t *r = s->priv;
    rec.bad_slot += !(r->resident >> w & 1);
    r->resident &= ~(1ull << w);
    rec.kcta_changed += gmc_wsched_kcta(v, (unsigned)w) != r->kcta[w];
    rec.exited++;
}

static const gmc_wsched_ops_t recording = {
    "recording", "LRR that records what the view shows", rec_pick, rec_issued, rec_launched,
    rec_exited, rec_init, rec_free, NULL,
};

/* A kernel whose stream ends without an EXIT: ALU, LD, ALU, then nothing
 * (the view must show the end as an exit). */
static void noexit_begin(gmc_kernel_t *k, uint32_t cta, uint32_t warp, gmc_warp_cursor_t *c)
{
    memset(c, 0, sizeof *c);
    c->u.w[0] = (uint64_t)cta * gmc_kernel_warps_per_cta(k) + warp;
}

static int noexit_next(gmc_kernel_t *k, gmc_warp_cursor_t *c, gmc_inst_t *in, char *err, size_t n)
{
    uint64_t step = c->u.w[1]++;
    if (step >= 3)
        return 0;
    in->mask = ~0u;
    in->width = 4;
    in->lat = 0;
    in->pc = 0x100 + 16 * step;
    in->op = step == 1 ? GMC_OP_LD : GMC_OP_ALU;
    for (int l = 0; l < 32; l++)
        in->addr[l] = 0x10000000ULL + 4 * (c->u.w[0] * 32 + (uint64_t)l);
    return 1;
}

static const gmc_kernel_ops_t noexit_ops = {noexit_begin, noexit_next, NULL};

static void the_view_shows_what_the_sm_then_does(void **st)
{
    memset(&rec, 0, sizeof rec);
    char err[512];
    gmc_gpu_t *g = gpu("pae-gddr5", &recording, 0, err, sizeof err);   /* 12 SMs x 2 schedulers */
    if (!g)
        fail_msg("%s", err);
    assert_int_equal(rec.inits, 12 * 2);
    tk_t t = {5, 1, 8 << 20, 11};   /* gather: LD, ALU, BAR, 5 times, then EXIT */
    gmc_kernel_t k;
    tk_make(&k, &t, 60, 256);
    if (gmc_gpu_run(g, &k, err, sizeof err))
        fail_msg("%s", err);
    gmc_kernel_t ne;
    memset(&ne, 0, sizeof ne);
    ne.ops = &noexit_ops;
    strcpy(ne.name, "noexit");
    ne.grid[0] = 30; ne.grid[1] = ne.grid[2] = 1;
    ne.block[0] = 128; ne.block[1] = ne.block[2] = 1;
    ne.regs_per_thread = 16;
    if (gmc_gpu_run(g, &ne, err, sizeof err))
        fail_msg("%s", err);
    gmc_gpu_stats_t s;
    gmc_gpu_stats(g, &s);
    const uint64_t warps = 60 * 8 + 30 * 4;
    /* every op that issued is the op the view showed when it was picked */
    for (unsigned op = 0; op < GMC_OP_N; op++)
        if (op != GMC_OP_EXIT && rec.op_issued[op] != s.op_count[op])
            fail_msg("op %u: the view showed %llu at issue, the SM counted %llu", op,
                     (unsigned long long)rec.op_issued[op], (unsigned long long)s.op_count[op]);
    /* exits: the EXITs issued plus the ends of noexit's streams */
    assert_int_equal(rec.op_issued[GMC_OP_EXIT], s.op_count[GMC_OP_EXIT] + 30 * 4);
    assert_int_equal(s.op_count[GMC_OP_EXIT], 60 * 8);
    assert_int_equal(rec.launched, warps);
    assert_int_equal(rec.exited, warps);
    assert_int_equal(rec.cand_pending, 0);          /* a ready warp waits for no load */
    assert_true(rec.waiting_seen > 1000);          /* and waiting ones were seen waiting */
    assert_int_equal(rec.kcta_changed, 0);
    assert_int_equal(rec.age_not_rising, 0);
    assert_int_equal(rec.bad_slot, 0);
    for (unsigned c = 0; c < 60; c++)              /* each CTA's warps, once each (both kernels) */
        assert_int_equal(rec.warps_of_cta[c], c < 30 ? 8 + 4 : 8);
    gmc_gpu_delete(g);
    assert_int_equal(rec.frees, 12 * 2);
    print_message("    %llu issues, %llu launches and exits, %llu waiting loads seen through the view\n",
                  (unsigned long long)(s.instructions), (unsigned long long)warps,
                  (unsigned long long)rec.waiting_seen);
}

/* CCWS-like: a scheduler lets at most `cap` of its warps have loads in
 * flight; a candidate about to load waits while that many do, and when
 * every candidate waits the scheduler issues none (-1). */
static unsigned cap = 1;
static uint64_t over_cap, declined;

static int throttle_pick(const gmc_wsched_t *s, uint64_t cand, const gmc_wsched_view_t *v)
{
    unsigned loading = 0;
    for (uint64_t m = s->slots & ~cand; m; m &= m - 1)
        loading += gmc_wsched_pending(v, (unsigned)__builtin_ctzll(m)) != 0;
    over_cap += loading > cap;
    if (loading >= cap)
        for (uint64_t m = cand; m; m &= m - 1) {
            unsigned w = (unsigned)__builtin_ctzll(m);
            gmc_op_t op = gmc_wsched_next_op(v, w);
            if (op == GMC_OP_LD || op == GMC_OP_ATOM)
                cand &= ~(1ull << w);
        }
    if (!cand) {
        declined++;
        return -1;
    }
    return gmc_wsched_gto.pick(s, cand, v);
}

static const gmc_wsched_ops_t throttle = {
    "throttle", "GTO with at most `cap` warps loading", throttle_pick, NULL, NULL, NULL, NULL, NULL, NULL,
};

static char *throttled_run(const gmc_wsched_ops_t *ws, int every_edge, uint64_t *cycles)
{
    char err[512];
    gmc_gpu_t *g = gpu("rtx2060s", ws, every_edge, err, sizeof err);
    if (!g)
        fail_msg("%s", err);
    tk_t t = {6, 1, 16 << 20, 3};
    gmc_kernel_t k;
    tk_make(&k, &t, 96, 256);
    if (gmc_gpu_run(g, &k, err, sizeof err))
        fail_msg("%s", err);
    char *r = test_gpu_report(g);
    gmc_gpu_stats_t s;
    gmc_gpu_stats(g, &s);
    *cycles = s.cycles;
    gmc_gpu_delete(g);
    return r;
}

static void a_throttle_that_holds_back_loads_runs_the_same_skipping_or_not(void **st)
{
    over_cap = declined = 0;
    uint64_t c_skip, c_all, c_free;
    char *a = throttled_run(&throttle, 0, &c_skip);
    assert_int_equal(over_cap, 0);     /* never more than cap warps of a scheduler loading */
    assert_true(declined > 100);       /* and it did hold warps back */
    char *b = throttled_run(&throttle, 1, &c_all);
    assert_int_equal(c_skip, c_all);
    assert_string_equal(a, b);         /* the skipping saw the declines: the same report */
    cap = 64;
    char *c = throttled_run(&throttle, 0, &c_free);
    cap = 1;
    assert_true(c_free != c_skip);     /* the throttle changed the run */
    print_message("    throttled to 1 loading warp per scheduler: %llu cycles (%llu unthrottled), "
                  "%llu picks declined\n", (unsigned long long)c_skip, (unsigned long long)c_free,
                  (unsigned long long)declined);
    free(a);
    free(b);
    free(c);
}

static int bad_pick(const gmc_wsched_t *s, uint64_t cand, const gmc_wsched_view_t *v)
{
    return __builtin_ctzll(~cand);   /* a slot that is not a candidate */
}

static void a_pick_that_is_not_a_candidate_fails_the_run_with_one_line(void **st)
{
    static const gmc_wsched_ops_t bad = {"bad", "picks a non-candidate", bad_pick, NULL, NULL, NULL,
                                         NULL, NULL, NULL};
    char err[512];
    gmc_gpu_t *g = gpu("pae-gddr5", &bad, 0, err, sizeof err);
    tk_t t = {1, 0, 1 << 20, 1};
    gmc_kernel_t k;
    tk_make(&k, &t, 4, 64);
    assert_int_equal(gmc_gpu_run(g, &k, err, sizeof err), -1);
    assert_non_null(strstr(err, "warp scheduler bad: pick returned slot"));
    assert_non_null(strstr(err, "expected one of the candidates"));
    gmc_gpu_delete(g);
}

static int fail_init(gmc_wsched_t *s, char *err, size_t n)
{
    if (s->index == 1) {   /* the second instance fails: the first is freed */
        snprintf(err, n, "failing scheduler: no state for instance %u", s->index);
        return -1;
    }
    rec.inits++;
    return 0;
}

static void fail_free(gmc_wsched_t *s) { rec.frees++; }

static void a_failing_init_is_an_error_and_frees_what_was_set_up(void **st)
{
    static const gmc_wsched_ops_t failing = {"failing", "init fails", NULL, NULL, NULL, NULL,
                                             fail_init, fail_free, NULL};
    memset(&rec, 0, sizeof rec);
    char err[512] = "";
    assert_null(gpu("pae-gddr5", &failing, 0, err, sizeof err));
    assert_string_equal(err, "failing scheduler: no state for instance 1");
    assert_int_equal(rec.inits, 1);
    assert_int_equal(rec.frees, 1);
}

int main(void)
{
    const struct CMUnitTest t[] = {
        cmocka_unit_test(lrr_and_gto_are_registered_in_that_order),
        cmocka_unit_test(an_unknown_scheduler_is_an_error_listing_the_known_ones),
        cmocka_unit_test(lrr_rotates_after_the_last_issued),
        cmocka_unit_test(gto_keeps_the_last_then_takes_the_oldest),
        cmocka_unit_test(the_view_shows_what_the_sm_then_does),
        cmocka_unit_test(a_throttle_that_holds_back_loads_runs_the_same_skipping_or_not),
        cmocka_unit_test(a_pick_that_is_not_a_candidate_fails_the_run_with_one_line),
        cmocka_unit_test(a_failing_init_is_an_error_and_frees_what_was_set_up),
    };
    return cmocka_run_group_tests_name("gmc_wsched", t, NULL, NULL);
}
