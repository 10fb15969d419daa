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
#include "gpu/gmc_gpu.h"
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
    gmc_wsched_view_t v;
    gmc_wsched_t      s;
    gmc_machine_t     m;
} hand_t;

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
    h->m.ccws_vta = 2;
    h->m.ccws_k = 8;
    h->m.tbas_batches = 1;
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

/* ---- in a running GPU ---- */

/* A gather kernel over a footprint a few L1s wide (lines come back to a
 * warp after others evicted them) on pae-gddr5 (12 SMs, 16 KB L1). */
static char *run(const char *wsched, const char *dispatch, int every_edge, gmc_gpu_stats_t *st)
{
    gmc_gpu_cfg_t c;
    test_gpu_machine(&c, "pae-gddr5");
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

static void ccws_closes_the_loop_and_skips_exactly(void **st)
{
    (void)st;
    gmc_gpu_stats_t gto, ccws;
    closed_loop_and_reference("gto", "rr", &gto);
    closed_loop_and_reference("ccws", "rr", &ccws);
    assert_true(ccws.cycles != gto.cycles);   /* the throttle acted */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ccws_throttles_the_loads_of_warps_past_the_cutoff),
        cmocka_unit_test(ccws_victim_tags_keep_the_most_recent_victims),
        cmocka_unit_test(ccws_closes_the_loop_and_skips_exactly),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
