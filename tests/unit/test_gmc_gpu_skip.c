/* The GPU harness's skipping: the same seed gives the same report, and
 * skipping idle DRAM cycles, idle SMs, slices and network ticks and
 * jumping idle stretches changes nothing against stepping everything
 * (docs/harness.md "Skipping, and how it is tested"); the watchdog, an
 * event the jump stops at, and warps without instructions as progress. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "gpu/gmc_gpu_impl.h"
#include "gpu/gmc_workload.h"
#include "test_gpu.h"

/* ---- determinism and skipping ---- */
static void same_seed_same_report(void **s)
{
    (void)s;
    tk_t t = {3, 1, 8 << 20, 11};
    char *a = run_json("pae-gddr5", &t, 64, 0, NULL);
    char *b = run_json("pae-gddr5", &t, 64, 0, NULL);
    assert_string_equal(a, b);
    t.seed = 12;
    char *c = run_json("pae-gddr5", &t, 64, 0, NULL);
    assert_string_not_equal(a, c);
    free(a); free(b); free(c);
}

/* Skipping the memory system's idle cycles changes nothing: the whole
 * report equals the one with the memory system ticked every DRAM cycle. */
static void skipping_idle_dram_cycles_changes_nothing(void **s)
{
    (void)s;
    const char *presets[] = {"rtx2060s", "pae-gddr5", "yuan-gddr3", "temp-jetc19"};
    unsigned runs = 0;
    for (int p = 0; p < 4; p++)
        for (uint32_t kind = 0; kind < 2; kind++) {
            tk_t t = {2, kind, 16 << 20, 5 + (uint64_t)p};
            char *a = run_json(presets[p], &t, 32, 0, NULL);
            char *b = run_json(presets[p], &t, 32, 1, NULL);
            assert_string_equal(a, b);
            free(a); free(b);
            runs++;
        }
    print_message("%u machine x kernel pairs: reports identical with and without skipping\n", runs);
}

static unsigned tiny_queues;   /* run_kernels: controller queues of 2, L2-to-DRAM queues of tiny_queues */
static uint64_t l2_waits;      /* run_kernels: slices that waited for controller room (summed) */
static uint64_t sm_stucks;     /* run_kernels: SM steps that left the SM stuck (summed) */

/* One machine, every kernel of a list run on it in order (statistics
 * accumulate), the JSON report; every_edge = 1 with every_cycle = 1 is
 * the slow reference: every SM, slice, network and controller stepped at
 * every edge.  *jumps gets the idle stretches the run skipped whole. */
static char *run_kernels(const char *preset, gmc_kernel_t **ks, unsigned nk, int slow, uint64_t *jumps)
{
    char err[512];
    gmc_gpu_cfg_t c;
    test_gpu_machine(&c, preset);
    if (tiny_queues) {   /* the slices' DRAM queues back up: they wait for room (l2_wait) */
        c.machine.mc_queue = 2;
        c.machine.l2_queue = tiny_queues;
    }
    test_gpu_defaults(&c);
    c.every_cycle = c.every_edge = slow;
    gmc_gpu_t *g = test_gpu_new(&c);
    for (unsigned i = 0; i < nk; i++)
        if (gmc_gpu_run(g, ks[i], err, sizeof err))
            fail_msg("%s", err);
    char *buf = test_gpu_report(g);
    if (jumps)
        *jumps = g->jumps;
    if (!slow)
        l2_waits += g->l2_waits, sm_stucks += g->sm_stucks;
    gmc_gpu_delete(g);
    return buf;
}

/* A latency-bound kernel: one warp per CTA, a long ALU chain between
 * scattered loads -- most of its time nothing moves but a sleeping warp
 * or a DRAM access, the case the time jump is for. */
static int sleepy_next(gmc_kernel_t *k, gmc_warp_cursor_t *c, gmc_inst_t *in, char *err, size_t n)
{
    (void)err; (void)n;
    const tk_t *t = k->impl;
    uint64_t step = c->u.w[1]++;
    if (step >= 2 * t->iters)
        return step == 2 * t->iters ? (in->op = GMC_OP_EXIT, in->mask = ~0u, 1) : 0;
    memset(in, 0, sizeof *in);
    in->mask = 0xff;
    in->pc = 0x200 + 16 * (step & 1);
    if (step & 1) {
        in->op = GMC_OP_ALU;
        in->lat = 300 + (uint32_t)(tk_mix(t->seed ^ step ^ c->u.w[0]) % 700);
    } else {
        in->op = GMC_OP_LD;
        in->width = 4;
        for (int l = 0; l < 8; l++)
            in->addr[l] = 0x30000000ULL + (tk_mix(t->seed ^ (c->u.w[0] << 20) ^ (step << 5) ^ (uint64_t)l) %
                                           t->footprint & ~3ULL);
    }
    return 1;
}

/* Skipping idle SMs, slices and network ticks and jumping over idle
 * stretches (the GPU side, cfg.every_edge off) together with the memory
 * system's own skipping changes nothing: the whole report equals the
 * slow reference's, over machines and kernels -- the test kernels, a
 * latency-bound one, several kernels on one machine, and workloads. */
static void skipping_idle_parts_and_jumping_idle_stretches_change_nothing(void **s)
{
    (void)s;
    const char *presets[] = {"rtx2060s", "pae-gddr5", "yuan-gddr3"};
    static const gmc_kernel_ops_t sleepy_ops = {tk_begin, sleepy_next, NULL};
    unsigned runs = 0;
    uint64_t jumped = 0;
    l2_waits = sm_stucks = 0;
    /* p 3..5: the presets with tiny queues; 6..8 with L2-to-DRAM queues of
     * 1..3, shorter than a write's four possible write-backs */
    for (int p = 0; p < 9; p++) {
        tiny_queues = p < 3 ? 0 : p < 6 ? 4 : (unsigned)p - 5;
        tk_t tc = {2, 0, 16 << 20, 3 + (uint64_t)p}, tg = {2, 1, 16 << 20, 7 + (uint64_t)p};
        tk_t tz = {6, 0, 64 << 20, 9 + (uint64_t)p};
        gmc_kernel_t kc, kg, kz;
        tk_make(&kc, &tc, 48, 256);
        tk_make(&kg, &tg, 32, 128);
        tk_make(&kz, &tz, 40, 32);
        kz.ops = &sleepy_ops;
        gmc_kernel_t *lists[][3] = {{&kc}, {&kg}, {&kz}, {&kz, &kc, &kg}};
        unsigned lens[] = {1, 1, 1, 3};
        for (unsigned i = 0; i < 4; i++) {
            uint64_t j = 0;
            char *a = run_kernels(presets[p % 3], lists[i], lens[i], 0, &j);
            char *b = run_kernels(presets[p % 3], lists[i], lens[i], 1, NULL);
            assert_string_equal(a, b);
            free(a); free(b);
            jumped += j;
            runs++;
        }
    }
    tiny_queues = 0;
    /* workloads: several kernels (bfs: one per level), atomics (kmeans) */
    /* hoa and transpose: SMs stuck on a full load/store unit and network */
    const char *wls[] = {"bfs", "spmv", "kmeans", "stencil", "hoa", "transpose"};
    gmc_workload_params_t wp;
    gmc_workload_params_default(&wp);
    wp.scale = 0.02;
    for (unsigned i = 0; i < sizeof wls / sizeof *wls; i++) {
        char err[512];
        gmc_workload_t *w = gmc_workload_new(wls[i], &wp, err, sizeof err);
        if (!w)
            fail_msg("%s", err);
        gmc_kernel_t *ks[64];
        unsigned nk = gmc_workload_nkernels(w);
        assert_true(nk <= 64);
        for (unsigned k = 0; k < nk; k++)
            ks[k] = gmc_workload_kernel(w, k);
        const char *preset = presets[i % 3];
        uint64_t j = 0;
        char *a = run_kernels(preset, ks, nk, 0, &j);
        gmc_workload_delete(w);
        w = gmc_workload_new(wls[i], &wp, err, sizeof err);   /* the streams start over */
        for (unsigned k = 0; k < nk; k++)
            ks[k] = gmc_workload_kernel(w, k);
        char *b = run_kernels(preset, ks, nk, 1, NULL);
        gmc_workload_delete(w);
        assert_string_equal(a, b);
        free(a); free(b);
        jumped += j;
        runs++;
    }
    assert_true(jumped > 0);     /* the jump was exercised */
    assert_true(l2_waits > 0);   /* slices left unstepped while waiting for controller room */
    assert_true(sm_stucks > 0);  /* SMs left unstepped while stuck */
    print_message("%u machine x kernel runs: reports identical with and without GPU-side skipping "
                  "(%llu idle stretches jumped, %llu waits of a slice for controller room, %llu stuck "
                  "SM steps)\n", runs, (unsigned long long)jumped, (unsigned long long)l2_waits,
                  (unsigned long long)sm_stucks);
}

static int slow_next(gmc_kernel_t *k, gmc_warp_cursor_t *c, gmc_inst_t *in, char *err, size_t n)
{
    (void)k; (void)err; (void)n;
    if (c->u.w[1]++ > 3)
        return 0;
    memset(in, 0, sizeof *in);
    in->op = GMC_OP_ALU;
    in->mask = 1;
    in->lat = 5000;
    return 1;
}

/* pae-gddr5 with a watchdog of 1000 core cycles (c may be changed and
 * given to gmc_gpu_new again). */
static gmc_gpu_t *watchdog_machine(gmc_gpu_cfg_t *c)
{
    test_gpu_cfg(c, "pae-gddr5");
    c->stall_cycles = 1000;
    return test_gpu_new(c);
}

static void the_watchdog_stops_a_run_that_makes_no_progress(void **s)
{
    (void)s;
    char err[512];
    gmc_gpu_cfg_t c;
    gmc_gpu_t *g = watchdog_machine(&c);
    static const gmc_kernel_ops_t ops = {tk_begin, slow_next, NULL};
    tk_t t = {1, 0, 0, 1};
    gmc_kernel_t k;
    tk_make(&k, &t, 1, 32);
    k.ops = &ops;
    assert_int_equal(gmc_gpu_run(g, &k, err, sizeof err), -1);
    assert_non_null(strstr(err, "watchdog"));
    uint64_t jumps = g->jumps;
    gmc_gpu_delete(g);
    /* the same cycle in the message when every edge is stepped: the
     * watchdog is an event the time jump stops at */
    char err2[512];
    c.every_edge = c.every_cycle = 1;
    g = gmc_gpu_new(&c, err2, sizeof err2);
    assert_int_equal(gmc_gpu_run(g, &k, err2, sizeof err2), -1);
    assert_string_equal(err, err2);
    assert_true(jumps > 0);
    gmc_gpu_delete(g);
}

/* A warp with no instructions (a CTA an Accel-Sim trace does not list)
 * exits at once: that is progress, so a grid of many of them runs to its
 * end however long it takes, and the watchdog stays for real hangs. */
static int empty_next(gmc_kernel_t *k, gmc_warp_cursor_t *c, gmc_inst_t *in, char *err, size_t n)
{
    (void)k; (void)c; (void)in; (void)err; (void)n;
    return 0;
}

static void warps_without_instructions_are_progress(void **s)
{
    (void)s;
    char err[512];
    gmc_gpu_cfg_t c;
    gmc_gpu_t *g = watchdog_machine(&c);
    static const gmc_kernel_ops_t ops = {tk_begin, empty_next, NULL};
    tk_t t = {1, 0, 0, 1};
    gmc_kernel_t k;
    tk_make(&k, &t, 200000, 64);   /* 12 SMs: far more than 1000 cycles of empty CTAs */
    k.ops = &ops;
    if (gmc_gpu_run(g, &k, err, sizeof err))
        fail_msg("%s", err);
    gmc_gpu_stats_t st;
    gmc_gpu_stats(g, &st);
    assert_int_equal(st.ctas, 200000);
    assert_true(st.cycles > 10 * c.stall_cycles);
    gmc_gpu_delete(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(same_seed_same_report),
        cmocka_unit_test(skipping_idle_dram_cycles_changes_nothing),
        cmocka_unit_test(skipping_idle_parts_and_jumping_idle_stretches_change_nothing),
        cmocka_unit_test(the_watchdog_stops_a_run_that_makes_no_progress),
        cmocka_unit_test(warps_without_instructions_are_progress),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
