/* Thread batching (docs/thread-batching.md): CCWS's throttle, by hand on
 * a view built here (every number below is worked out in its comment);
 * each mechanism in a running GPU: the closed loop (every load completes,
 * every warp exits, sectors are conserved) and the slow reference
 * (every_edge: every SM stepped every cycle, time never jumps) giving the
 * same report. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "gpu/gmc_gpu_impl.h"
#include "gpu/gmc_wsched.h"
#include "test_gpu.h"

/* ---- a hand-built view: 4 warps of one scheduler ---- */

typedef struct {
    uint8_t  op, ended;
    uint32_t cta, pending;
} rec_t;

typedef struct {
    rec_t             w[64];
    uint32_t          kcta[64];
    uint64_t          age[64], now;
    uint32_t          stride;
    gmc_wsched_view_t v;
    gmc_wsched_t      s;
    gmc_machine_t     m;
} hand_t;

static unsigned hand_batches = 1;   /* tbas_batches of the next hand_init */

static void hand_init(hand_t *h, const gmc_wsched_ops_t *ops, unsigned warps)
{
    memset(h, 0, sizeof *h);
    h->v.age = h->age;
    h->v.now = &h->now;
    h->v.warp = (const unsigned char *)h->w;
    h->v.warp_size = sizeof h->w[0];
    h->v.at_op = offsetof(rec_t, op);
    h->v.at_ended = offsetof(rec_t, ended);
    h->v.at_cta = offsetof(rec_t, cta);
    h->v.at_pending = offsetof(rec_t, pending);
    h->v.cta = (const unsigned char *)h->kcta;
    h->v.cta_size = sizeof h->kcta[0];
    h->v.at_kcta = 0;
    h->v.slots = 64;
    h->stride = 1;
    h->v.stride = &h->stride;
    for (unsigned w = 0; w < 64; w++) {
        h->w[w].cta = w;      /* CTA slot w, kernel CTA id w / 2 (set_ctas changes it) */
        h->kcta[w] = w / 2;
    }
    h->m.ccws_vta = 2;
    h->m.ccws_k = 8;
    h->m.tbas_batches = hand_batches;
    h->s.last = -1;
    h->s.count = 1;
    h->s.slots = ~0ull;
    h->s.view = &h->v;
    h->s.machine = &h->m;
    char err[256];
    if (ops->init && ops->init(&h->s, err, sizeof err))
        fail_msg("%s", err);
    for (unsigned w = 0; w < warps; w++) {
        h->age[w] = w;   /* slot w launched w-th: w0 the oldest */
        ops->launched(&h->s, (int)w, &h->v);
    }
}

static void set_ops(hand_t *h, const char *ops)   /* 'L' a load next, 'A' an ALU op */
{
    for (unsigned w = 0; ops[w]; w++)
        h->w[w].op = ops[w] == 'L' ? GMC_OP_LD : GMC_OP_ALU;
}

/* Warps 0..3 at score 100 (cutoff 4 x 100 = 400); 10 instructions issued.
 * Warp 1's line A is evicted and then missed: a VTA hit, LLDS = 1 hit / 10
 * issued x K 8 x cutoff 400 = 320, so warp 1 scores 420 and heads the
 * stack [0, 420); warp 0 (100, the oldest of the rest) starts at 420 >=
 * 400: throttled, as warps 2 and 3 behind it.  A cycle takes one point:
 * at cycle 20 warp 1 has 400 (warp 0 still starts at 400), at 21 it has
 * 399 and warp 0 may load again (starts at 399), warp 2 (at 499) not. */
static void ccws_throttles_the_loads_of_warps_past_the_cutoff(void **st)
{
    (void)st;
    hand_t h;
    hand_init(&h, &gmc_wsched_ccws, 4);
    set_ops(&h, "LALA");   /* w0 loads, w1 ALU, w2 loads, w3 ALU */
    const gmc_wsched_ops_t *c = &gmc_wsched_ccws;
    assert_int_equal(c->pick(&h.s, 0xf, &h.v), 0);   /* nothing lost yet: GTO, the oldest */
    for (int i = 0; i < 10; i++)
        c->issued(&h.s, 3, &h.v);
    c->l1(&h.s, 1, 0xA00, GMC_WSCHED_L1_EVICT, &h.v);
    c->l1(&h.s, 1, 0xA00, GMC_WSCHED_L1_MISS, &h.v);
    assert_int_equal(c->pick(&h.s, 0xf, &h.v), 1);    /* w0's load is held: w1, the oldest left */
    assert_int_equal(c->pick(&h.s, 0xd, &h.v), 3);    /* w1 not ready: w0, w2 load, held: w3 */
    assert_int_equal(c->pick(&h.s, 0x5, &h.v), -1);   /* only loads past the cutoff: none */
    h.now = 20;
    assert_int_equal(c->pick(&h.s, 0x5, &h.v), -1);   /* w1 at 400: w0 starts at the cutoff */
    h.now = 21;
    assert_int_equal(c->pick(&h.s, 0x5, &h.v), 0);    /* w1 at 399: w0 may load */
    assert_int_equal(c->pick(&h.s, 0x4, &h.v), -1);   /* w2 starts at 499 */
    h.now = 320;
    assert_int_equal(c->pick(&h.s, 0x4, &h.v), 2);    /* w1 back at 100: all fit */
    /* a second lost line of w1's: not found twice (the hit used it up) */
    h.now = 0;
    c->l1(&h.s, 1, 0xA00, GMC_WSCHED_L1_MISS, &h.v);
    h.now = 21;
    assert_int_equal(c->pick(&h.s, 0x5, &h.v), 0);
    c->free(&h.s);
}

/* ccws_vta = 2: the two most recent victims stay.  Warp 2 loses A, B, C:
 * A fell out (a miss on it finds nothing: every warp still loads), C is
 * there (LLDS 320 as above: warp 2 heads the stack, warp 0 is held). */
static void ccws_victim_tags_keep_the_most_recent_victims(void **st)
{
    (void)st;
    hand_t h;
    hand_init(&h, &gmc_wsched_ccws, 4);
    set_ops(&h, "LLLL");
    const gmc_wsched_ops_t *c = &gmc_wsched_ccws;
    for (int i = 0; i < 10; i++)
        c->issued(&h.s, 0, &h.v);
    c->l1(&h.s, 2, 0xA00, GMC_WSCHED_L1_EVICT, &h.v);
    c->l1(&h.s, 2, 0xB00, GMC_WSCHED_L1_EVICT, &h.v);
    c->l1(&h.s, 2, 0xC00, GMC_WSCHED_L1_EVICT, &h.v);
    c->l1(&h.s, 2, 0xA00, GMC_WSCHED_L1_MISS, &h.v);
    c->l1(&h.s, 0, 0xC00, GMC_WSCHED_L1_MISS, &h.v);   /* another warp's victim: not w0's loss */
    assert_int_equal(c->pick(&h.s, 0x1, &h.v), 0);
    c->l1(&h.s, 2, 0xC00, GMC_WSCHED_L1_MISS, &h.v);
    assert_int_equal(c->pick(&h.s, 0x1, &h.v), -1);
    assert_int_equal(c->pick(&h.s, 0xf, &h.v), 2);
    /* a warp that exits leaves the stack: 3 resident, cutoff 300; w2 at
     * 420 alone already covers it, so w0, w1, w3 are held */
    c->exited(&h.s, 3, &h.v);
    assert_int_equal(c->pick(&h.s, 0xb, &h.v), -1);
    c->free(&h.s);
}

/* TBAS, one batch running (tbas_batches = 1), stride 1, two warps per
 * CTA: warps 2b and 2b + 1 form batch b.  Each step gives the ready
 * warps, the pick worked out by Fig. 9(c)-(e)'s rules, and the issue. */
static void tbas_promotes_the_successor_first_then_the_oldest(void **st)
{
    (void)st;
    hand_t h;
    hand_init(&h, &gmc_wsched_tbas, 8);
    const gmc_wsched_ops_t *t = &gmc_wsched_tbas;
    struct { uint64_t cand; int pick; const char *why; } seq[] = {
        {0xff, 0, "none running, none demoted: the oldest batch 0, its oldest warp"},
        {0xfe, 1, "batch 0 runs: its ready warp 1 before any other"},
        {0xfc, 2, "batch 0 not ready: demoted; the oldest pending batch 1"},
        {0xf1, 0, "batch 1 not ready, demoted 0's successor 1 is not pending: the oldest, 0"},
        {0xf0, 4, "demoted 1's successor 2"},
        {0x44, 2, "demoted 0's successor 1 (also the oldest)"},
        {0x41, 6, "demoted 2's successor 3 before the older batch 0"},
        {0x41, 6, "batch 3 runs while it is ready (greedy)"},
    };
    for (unsigned i = 0; i < sizeof seq / sizeof seq[0]; i++) {
        const int w = t->pick(&h.s, seq[i].cand, &h.v);
        if (w != seq[i].pick)
            fail_msg("step %u (%s): picked %d, expected %d", i, seq[i].why, w, seq[i].pick);
        h.s.last = w;
        t->issued(&h.s, w, &h.v);
    }
    /* batch 3's warps exit: it counts as demoted; its successor 4 has no
     * warps here, so the oldest ready batch, 0, comes next */
    t->exited(&h.s, 6, &h.v);
    t->exited(&h.s, 7, &h.v);
    h.s.last = -1;
    assert_int_equal(t->pick(&h.s, 0x05, &h.v), 0);
    t->free(&h.s);
}

/* tbas_batches = 2: two batches run at once; a third is promoted only
 * when neither has a ready warp, and the one promoted first is demoted. */
static void tbas_limits_the_running_batches(void **st)
{
    (void)st;
    hand_t h;
    hand_batches = 2;
    hand_init(&h, &gmc_wsched_tbas, 8);
    hand_batches = 1;
    const gmc_wsched_ops_t *t = &gmc_wsched_tbas;
    const struct { uint64_t cand; int pick; } seq[] = {
        {0xff, 0},   /* none running: the oldest batch 0 */
        {0xfc, 2},   /* batch 0 not ready: batch 1 joins (room for two) */
        {0x31, 0},   /* both run: batch 0's warp 0 before pending batch 2 */
        {0x30, 4},   /* neither ready: batch 2 in, batch 0 (promoted first) out */
        {0x0d, 2},   /* batch 1 still runs: its warp before demoted batch 0 */
        {0x01, 0},   /* none of 1, 2 ready: 0 back in, 1 out */
    };
    for (unsigned i = 0; i < sizeof seq / sizeof seq[0]; i++) {
        const int w = t->pick(&h.s, seq[i].cand, &h.v);
        if (w != seq[i].pick)
            fail_msg("step %u: picked %d, expected %d", i, w, seq[i].pick);
        h.s.last = w;
        t->issued(&h.s, w, &h.v);
    }
    t->free(&h.s);
}

/* ---- in a running GPU ---- */

/* A gather kernel over a footprint a few L1s wide (lines come back to a
 * warp after others evicted them) on pae-gddr5 (12 SMs, 16 KB L1). */
static unsigned run_coloring;   /* temp_coloring of the next run */

static char *run(const char *wsched, const char *dispatch, int every_edge, gmc_gpu_stats_t *st)
{
    gmc_gpu_cfg_t c;
    test_gpu_machine(&c, "pae-gddr5");
    c.machine.temp_coloring = run_coloring;
    snprintf(c.machine.warp_sched, sizeof c.machine.warp_sched, "%s", wsched);
    snprintf(c.machine.cta_dispatch, sizeof c.machine.cta_dispatch, "%s", dispatch);
    test_gpu_defaults(&c);
    c.every_edge = every_edge;
    gmc_gpu_t *g = test_gpu_new(&c);
    tk_t t = {8, 1, 96 << 10, 5};
    gmc_kernel_t k;
    tk_make(&k, &t, 72, 256);
    char err[512];
    if (gmc_gpu_run(g, &k, err, sizeof err))
        fail_msg("%s", err);
    char *r = test_gpu_report(g);
    gmc_gpu_stats(g, st);
    gmc_gpu_delete(g);
    return r;
}

/* The closed loop and the slow reference with one mechanism on. */
static void closed_loop_and_reference(const char *wsched, const char *dispatch, gmc_gpu_stats_t *out)
{
    gmc_gpu_stats_t a, b;
    char *fast = run(wsched, dispatch, 0, &a);
    char *slow = run(wsched, dispatch, 1, &b);
    const uint64_t warps = 72 * 8;
    assert_int_equal(a.ctas, 72);
    assert_int_equal(a.load_warps, warps * 8);
    assert_int_equal(a.load_warp_time.n, warps * 8);   /* each load completed once */
    assert_int_equal(a.op_count[GMC_OP_EXIT], warps);
    assert_int_equal(a.l1_read_sectors, a.l1_hit_sectors + a.l2_hit_sectors + a.dram_reads +
                                            a.l1_merged + a.l2_merged);
    assert_int_equal(a.cycles, b.cycles);
    assert_string_equal(fast, slow);
    print_message("    %s / %s: %llu cycles, L1 hit rate %.3f, same report stepping every edge\n",
                  wsched, dispatch, (unsigned long long)a.cycles,
                  (double)a.l1_hit_sectors / (double)a.l1_read_sectors);
    free(fast);
    free(slow);
    *out = a;
}

/* ---- thread-batch formation on the paper's two mappings ---- */

/* One warp per CTA.  mapper (Fig. 3-4): CTA c reads the 1 KB at c KB, so
 * four consecutive CTAs share a 4 KB page.  cenenergy (Fig. 5-6): a 2 x
 * rows grid of 2D blocks, CTA c = (x = c % 2, y = c / 2) reads half (x) of
 * the two pages 2y and 2y + 1: CTAs 2y and 2y + 1 share both pages. */
typedef struct { int cen; } map_t;

static void map_begin(gmc_kernel_t *k, uint32_t cta, uint32_t warp, gmc_warp_cursor_t *c)
{
    memset(c, 0, sizeof *c);
    c->u.w[0] = cta;
}

static int map_next(gmc_kernel_t *k, gmc_warp_cursor_t *c, gmc_inst_t *in, char *err, size_t n)
{
    const map_t *m = k->impl;
    const uint64_t cta = c->u.w[0], step = c->u.w[1]++;
    if (step >= (m->cen ? 2 : 8))
        return 0;
    in->op = GMC_OP_LD;
    in->mask = ~0u;
    in->width = 4;
    uint64_t base = m->cen ? (2 * (cta / 2) + step) * 4096 + (cta % 2) * 2048 : cta * 1024 + step * 128;
    for (unsigned l = 0; l < 32; l++)
        in->addr[l] = base + 4 * l;
    return 1;
}

static const gmc_kernel_ops_t map_ops = {map_begin, map_next, NULL};

static gmc_kernel_t map_kernel(map_t *m, uint32_t ctas)
{
    gmc_kernel_t k;
    memset(&k, 0, sizeof k);
    k.ops = &map_ops;
    k.impl = m;
    snprintf(k.name, sizeof k.name, "%s", m->cen ? "cenenergy" : "mapper");
    k.grid[0] = ctas;
    k.grid[1] = k.grid[2] = 1;
    k.block[0] = 32;
    k.block[1] = k.block[2] = 1;
    return k;
}

static void profile(gmc_kernel_t *k, uint32_t most, uint32_t stride, uint64_t want_stride,
                    uint64_t pages, uint64_t one, uint64_t two, uint64_t more)
{
    gmc_tbatch_t tb;
    char err[256];
    if (gmc_tbatch_profile(k, most, stride, GMC_TBATCH_PAGE_BITS, &tb, err, sizeof err))
        fail_msg("%s", err);
    assert_int_equal(tb.stride, want_stride);
    assert_int_equal(tb.profiled, stride == 0);
    assert_int_equal(tb.pages, pages);
    assert_int_equal(tb.one, one);
    assert_int_equal(tb.two, two);
    assert_int_equal(tb.more, more);
}

static void batch_formation_finds_the_strides_of_both_mappings(void **st)
{
    (void)st;
    map_t mapper = {0}, cen = {1};
    gmc_kernel_t k = map_kernel(&mapper, 64);       /* 64 KB: 16 pages of 4 CTAs */
    profile(&k, 8, 0, 4, 16, 16, 0, 0);             /* stride 4: no page shared */
    profile(&k, 8, 2, 2, 16, 0, 16, 0);             /* given 2: each page in two batches */
    profile(&k, 8, 1, 1, 16, 0, 0, 16);             /* given 1: four batches apart by 3 */
    profile(&k, 3, 0, 1, 16, 0, 0, 16);             /* at most 3: each shares all 16 pages: the smallest */
    k = map_kernel(&cen, 32);                        /* 16 rows of CTAs, 32 pages */
    profile(&k, 8, 0, 2, 32, 32, 0, 0);             /* stride 2, Fig. 6(c) */
    profile(&k, 1, 0, 1, 32, 0, 32, 0);             /* stride 1: every page in two consecutive */
}

/* ---- serial dispatch: which SM each CTA runs on ---- */

static int where[256];

static void where_launched(gmc_wsched_t *s, int w, const gmc_wsched_view_t *v)
{
    where[gmc_wsched_kcta(v, (unsigned)w)] = (int)v->sm;
}

static int gto_pick(const gmc_wsched_t *s, uint64_t cand, const gmc_wsched_view_t *v)
{
    return gmc_wsched_gto.pick(s, cand, v);
}

static const gmc_wsched_ops_t where_ops = {"where", "GTO that records each CTA's SM", gto_pick, NULL,
                                           where_launched, NULL, NULL, NULL, NULL};

static void serial_runs(uint32_t stride, const int *first)
{
    gmc_gpu_cfg_t c;
    test_gpu_machine(&c, "pae-gddr5");   /* 12 SMs */
    snprintf(c.machine.cta_dispatch, sizeof c.machine.cta_dispatch, "serial");
    c.machine.temp_batch_stride = stride;
    test_gpu_defaults(&c);
    c.wsched = &where_ops;
    gmc_gpu_t *g = test_gpu_new(&c);
    tk_t t = {2, 0, 8 << 20, 1};
    gmc_kernel_t k;
    tk_make(&k, &t, 72, 256);
    memset(where, -1, sizeof where);
    char err[512];
    if (gmc_gpu_run(g, &k, err, sizeof err))
        fail_msg("%s", err);
    for (unsigned sm = 0; sm < 12; sm++)
        for (int cta = first[sm]; cta < first[sm + 1]; cta++)
            if (where[cta] != (int)sm)
                fail_msg("stride %u: CTA %d ran on SM %d, expected %u", stride, cta, where[cta], sm);
    gmc_gpu_delete(g);
}

/* 72 CTAs on 12 SMs.  Stride 2: 36 batches, 3 per SM, CTAs 6i .. 6i + 5
 * on SM i.  Stride 5: 15 batches (the last of 2 CTAs); SM i takes batches
 * floor(15i / 12) .. floor(15(i + 1) / 12) - 1: SMs 3, 7 and 11 two each. */
static void serial_dispatch_gives_each_sm_a_run_of_whole_batches(void **st)
{
    (void)st;
    const int two[13] = {0, 6, 12, 18, 24, 30, 36, 42, 48, 54, 60, 66, 72};
    const int five[13] = {0, 5, 10, 15, 25, 30, 35, 40, 50, 55, 60, 65, 72};
    serial_runs(2, two);
    serial_runs(5, five);
}

static void ccws_closes_the_loop_and_skips_exactly(void **st)
{
    (void)st;
    gmc_gpu_stats_t gto, ccws;
    closed_loop_and_reference("gto", "rr", &gto);
    closed_loop_and_reference("ccws", "rr", &ccws);
    assert_true(ccws.cycles != gto.cycles);   /* the throttle acted */
}

static void tbas_closes_the_loop_and_skips_exactly(void **st)
{
    (void)st;
    gmc_gpu_stats_t gto, tbas;
    closed_loop_and_reference("gto", "serial", &gto);
    closed_loop_and_reference("tbas", "serial", &tbas);
    closed_loop_and_reference("tbas", "rr", &tbas);
    assert_true(tbas.cycles != gto.cycles);
}

static void serial_dispatch_closes_the_loop_and_skips_exactly(void **st)
{
    (void)st;
    gmc_gpu_stats_t rr, serial;
    closed_loop_and_reference("gto", "rr", &rr);
    closed_loop_and_reference("gto", "serial", &serial);
    assert_true(serial.cycles != rr.cycles);
}

/* ---- page coloring ---- */

/* The mapper kernel (CTA c reads the 1 KB at c KB in 8 loads of 4
 * sectors) on 2 SMs of pae-gddr5 with one channel and the map below: two
 * bank bits right above the 4 KB page (the paper's Fig. 2(c): color bits
 * above the page offset), so physical page P is in bank P mod 4, one color
 * per bank; SM 0 is bound to colors 0 and 2, SM 1 to 1 and 3.  Serial
 * dispatch with the given stride.  Returns the report's coloring. */
static int color_run(unsigned mode, uint32_t ctas, uint32_t stride, const char *map_text,
                     gmc_color_stats_t *cs, uint64_t *by, char *err, size_t n)
{
    gmc_gpu_cfg_t c;
    gmc_addrmap_t map;
    test_gpu_machine(&c, "pae-gddr5");
    c.machine.sms = 2;
    c.machine.dram_channels = 1;
    c.machine.temp_coloring = mode;
    c.machine.temp_batch_stride = stride;
    snprintf(c.machine.cta_dispatch, sizeof c.machine.cta_dispatch, "serial");
    if (gmc_addrmap_parse(map_text, "test", &map, err, n))
        fail_msg("%s", err);
    c.map = &map;
    test_gpu_defaults(&c);
    gmc_gpu_t *g = test_gpu_new(&c);
    map_t mapper = {0};
    gmc_kernel_t k = map_kernel(&mapper, ctas);
    const int r = gmc_gpu_run(g, &k, err, n);
    gmc_color_stats(g, cs);
    for (uint32_t i = 0; i < cs->colors && i < 4; i++)
        by[i] = cs->by_color ? cs->by_color[i] : 0;
    gmc_gpu_delete(g);
    return r;
}

#define MAP_32_PAGES "Row[16:14] Bank[13:12] Col[11:6] Block[5:0]"   /* 8 pages a color */
#define MAP_8_PAGES  "Row[14] Bank[13:12] Col[11:6] Block[5:0]"      /* 2 pages a color */

/* 32 CTAs, 8 pages, stride 4: SM 0 runs CTAs 0-15 (pages 0-3), SM 1 CTAs
 * 16-31 (pages 4-7).  Colored: each SM's four pages go two to each of its
 * colors, and all 32 x 8 x 4 = 1024 sectors are local.  Not colored
 * (temp_coloring = 2): page v is in bank v mod 4, so SM 0 is local on pages
 * 0 and 2, SM 1 on 5 and 7: exactly half, 512 sectors. */
static void coloring_puts_each_page_in_its_sms_banks(void **st)
{
    (void)st;
    gmc_color_stats_t cs;
    uint64_t by[4];
    char err[512];
    if (color_run(1, 32, 4, MAP_32_PAGES, &cs, by, err, sizeof err))
        fail_msg("%s", err);
    assert_int_equal(cs.colors, 4);
    assert_int_equal(cs.pages, 8);
    assert_int_equal(cs.fallbacks, 0);
    for (unsigned i = 0; i < 4; i++)
        assert_int_equal(by[i], 2);
    assert_int_equal(cs.local, 1024);
    assert_int_equal(cs.remote, 0);
    if (color_run(2, 32, 4, MAP_32_PAGES, &cs, by, err, sizeof err))
        fail_msg("%s", err);
    assert_int_equal(cs.pages, 0);
    assert_int_equal(cs.local, 512);
    assert_int_equal(cs.remote, 512);
}

/* 28 CTAs (7 pages), stride 20: SM 0 runs pages 0-4, SM 1 pages 5-6, on
 * 2 physical pages a color.  SM 0's fifth page finds colors 0 and 2 full
 * and falls back to the next color, 3 (one fallback, its 4 x 32 sectors
 * remote); SM 1 takes colors 1 and 3, whatever the order of the first
 * touches.  12 pages do not fit in 8: the run fails and says why. */
static void coloring_falls_back_when_the_colors_fill(void **st)
{
    (void)st;
    gmc_color_stats_t cs;
    uint64_t by[4];
    char err[512];
    if (color_run(1, 28, 20, MAP_8_PAGES, &cs, by, err, sizeof err))
        fail_msg("%s", err);
    assert_int_equal(cs.pages, 7);
    assert_int_equal(cs.fallbacks, 1);
    assert_int_equal(by[0], 2);
    assert_int_equal(by[1], 1);
    assert_int_equal(by[2], 2);
    assert_int_equal(by[3], 2);
    assert_int_equal(cs.local, 28 * 32 - 4 * 32);
    assert_int_equal(cs.remote, 4 * 32);
    assert_int_not_equal(color_run(1, 48, 4, MAP_8_PAGES, &cs, by, err, sizeof err), 0);
    assert_non_null(strstr(err, "temp_coloring: out of physical pages (8 of 4 KB)"));
}

/* Colored pages in the running GPU (the gather kernel: pages shared by
 * many CTAs), with serial dispatch, TBAS and rr. */
static void coloring_closes_the_loop_and_skips_exactly(void **st)
{
    (void)st;
    gmc_gpu_stats_t plain, colored;
    closed_loop_and_reference("gto", "serial", &plain);
    run_coloring = 1;
    closed_loop_and_reference("gto", "serial", &colored);
    closed_loop_and_reference("tbas", "serial", &colored);
    closed_loop_and_reference("gto", "rr", &colored);
    run_coloring = 0;
    assert_true(colored.cycles != plain.cycles);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ccws_throttles_the_loads_of_warps_past_the_cutoff),
        cmocka_unit_test(ccws_victim_tags_keep_the_most_recent_victims),
        cmocka_unit_test(ccws_closes_the_loop_and_skips_exactly),
        cmocka_unit_test(batch_formation_finds_the_strides_of_both_mappings),
        cmocka_unit_test(serial_dispatch_gives_each_sm_a_run_of_whole_batches),
        cmocka_unit_test(serial_dispatch_closes_the_loop_and_skips_exactly),
        cmocka_unit_test(tbas_promotes_the_successor_first_then_the_oldest),
        cmocka_unit_test(tbas_limits_the_running_batches),
        cmocka_unit_test(tbas_closes_the_loop_and_skips_exactly),
        cmocka_unit_test(coloring_puts_each_page_in_its_sms_banks),
        cmocka_unit_test(coloring_falls_back_when_the_colors_fill),
        cmocka_unit_test(coloring_closes_the_loop_and_skips_exactly),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
