/* The machine's fixed latencies as GPGPU-Sim applies them: dram_latency
 * (every request waits that many core cycles between the L2 slice's DRAM
 * queue and the controller), kernel_launch_latency (no CTA before it has
 * passed) and regs_round (registers per thread rounded up when CTAs are
 * fitted on an SM); dram_timing_scale (the device's timings multiplied,
 * as Carpenter's thesis sec. 3.3.2 made memory slower). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "gpu/gmc_gpu_impl.h"
#include "test_gpu.h"

/* One warp: a coalesced load of one line (lanes one_load_stride bytes
 * apart: 4, or 0 for one 32-byte sector), then EXIT. */
static int32_t one_load_stride = 4;
static int one_load_next(gmc_kernel_t *k, gmc_warp_cursor_t *c, gmc_inst_t *in, char *err, size_t n)
{
    (void)k; (void)err; (void)n;
    uint64_t step = c->u.w[1]++;
    if (step > 1)
        return 0;
    in->mask = ~0u;
    in->pc = 0x100 + 16 * step;
    in->op = step ? GMC_OP_EXIT : GMC_OP_LD;
    in->width = 4;
    in->strided = 1;
    in->stride = one_load_stride;
    in->addr[0] = 0x10000000ull + 4096 * c->u.w[0];
    return 1;
}
static const gmc_kernel_ops_t one_load_ops = {tk_begin, one_load_next, NULL};

static uint64_t run_cycles_on(const char *dram, const char *key, uint32_t v)
{
    gmc_gpu_cfg_t c;
    test_gpu_machine(&c, "rtx2060s");
    char kv[64], err[512];
    if (dram) {
        snprintf(kv, sizeof kv, "dram=%s", dram);
        assert_int_equal(gmc_machine_set(&c.machine, kv, err, sizeof err), 0);
        assert_int_equal(gmc_machine_set(&c.machine, "addr_map=derived", err, sizeof err), 0);
    }
    snprintf(kv, sizeof kv, "%s=%u", key, v);
    assert_int_equal(gmc_machine_set(&c.machine, kv, err, sizeof err), 0);
    return test_gpu_cycles(&c, &one_load_ops, 1, 32);
}

static uint64_t run_cycles(const char *key, uint32_t v) { return run_cycles_on(NULL, key, v); }

/* An idle machine: a lone load's round trip grows by dram_latency core
 * cycles (the L2 runs at the core clock on rtx2060s; the DRAM command
 * clock may round the arrival by a cycle). */
static void dram_latency_delays_every_dram_request(void **s)
{
    (void)s;
    const uint64_t c0 = run_cycles("dram_latency", 0), c100 = run_cycles("dram_latency", 100);
    print_message("    one load: %llu cycles, %llu with dram_latency 100\n", (unsigned long long)c0,
                  (unsigned long long)c100);
    assert_true(c100 >= c0 + 100 && c100 <= c0 + 101);
}

/* An idle machine: a lone one-sector load opens a row and reads it, tRCD
 * + tCL command clocks of the device; dram_timing_scale n makes them n times
 * longer, so the round trip grows by (n - 1)(tRCD + tCL) command clocks
 * in core cycles (rtx2060s: 1905 MHz core, the devices' 286 ps clock), to
 * within the two clocks' phase.  Scale 1 is the preset's run exactly.
 * GDDR6 and PCM (whose tRCD is the array read). */
static void dram_timing_scale_multiplies_the_devices_read_latency(void **s)
{
    (void)s;
    static const char *const dev[] = {"gddr6-rtx2060s", "pcm-thesis"};
    one_load_stride = 0;   /* one burst: no tCCD between a line's sectors */
    for (unsigned d = 0; d < 2; d++) {
        gmc_dram_cfg_t cfg;
        char err[256], warn[1024] = "";
        assert_true(gmc_dram_cfg_preset(dev[d], &cfg, err, sizeof err, warn, sizeof warn) >= 0);
        const uint64_t c1 = run_cycles_on(dev[d], "dram_timing_scale", 1);
        assert_int_equal(c1, run_cycles_on(dev[d], "dram_latency", 0));   /* 1 changes nothing */
        for (unsigned n = 2; n <= (d ? 5u : 16u); n += d ? 3 : 7) {
            const uint64_t cn = run_cycles_on(dev[d], "dram_timing_scale", n);
            const double want = (double)(n - 1) * (cfg.tRCD + cfg.tCL) * cfg.tck_ps * 1905 / 1e6;
            print_message("    %s: one load %llu cycles, %llu with dram_timing_scale %u (+%.1f expected: "
                          "(%u - 1) x (tRCD %u + tCL %u) x %u ps)\n", dev[d], (unsigned long long)c1,
                          (unsigned long long)cn, n, want, n, cfg.tRCD, cfg.tCL, cfg.tck_ps);
            assert_true((double)cn >= (double)c1 + want - 2 && (double)cn <= (double)c1 + want + 2);
        }
    }
    one_load_stride = 4;
    /* a timing the scale takes past its key's range: the machine is refused, saying which */
    gmc_gpu_cfg_t c;
    test_gpu_machine(&c, "rtx2060s");
    char err[512];
    assert_int_equal(gmc_machine_set(&c.machine, "dram=pcm-thesis", err, sizeof err), 0);
    assert_int_equal(gmc_machine_set(&c.machine, "addr_map=derived", err, sizeof err), 0);
    assert_int_equal(gmc_machine_set(&c.machine, "dram_timing_scale=6", err, sizeof err), 0);
    test_gpu_defaults(&c);
    assert_null(gmc_gpu_new(&c, err, sizeof err));
    assert_string_equal(err, "machine rtx2060s: dram_timing_scale: dram pcm-thesis: tRCD x 6: expected at most "
                             "1000, found 1008");
}

static void kernel_launch_latency_comes_before_the_first_cta(void **s)
{
    (void)s;
    const uint64_t c0 = run_cycles("kernel_launch_latency", 0),
                   c5k = run_cycles("kernel_launch_latency", 5000);
    print_message("    one load: %llu cycles, %llu with kernel_launch_latency 5000\n", (unsigned long long)c0,
                  (unsigned long long)c5k);
    assert_true(c5k >= c0 + 5000 && c5k <= c0 + 5001);   /* the DRAM clock's phase: a cycle */
}

/* 64-thread CTAs of 73 registers per thread on a 65,536-register SM: 14
 * fit as they are (4,672 each), 13 when 73 is rounded up to 76 (4,864). */
static unsigned ctas_that_fit(uint32_t round)
{
    gmc_gpu_cfg_t c;
    test_gpu_machine(&c, "rtx2060s");
    c.machine.regs_round = round;
    test_gpu_defaults(&c);
    gmc_gpu_t *g = test_gpu_new(&c);
    tk_t t = {1, 0, 0, 1};
    gmc_kernel_t k;
    tk_make(&k, &t, 100, 64);
    k.regs_per_thread = 73;
    g->k = &k;
    g->ctas_total = 100;
    unsigned n = 0;
    while (gmc_sm_fits(g, &g->sm[0], &k))
        gmc_sm_launch(g, &g->sm[0], n++);
    g->k = NULL;
    gmc_gpu_delete(g);
    return n;
}

static void registers_are_rounded_up_to_regs_round_for_occupancy(void **s)
{
    (void)s;
    assert_int_equal(ctas_that_fit(1), 14);
    assert_int_equal(ctas_that_fit(4), 13);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(dram_latency_delays_every_dram_request),
        cmocka_unit_test(kernel_launch_latency_comes_before_the_first_cta),
        cmocka_unit_test(dram_timing_scale_multiplies_the_devices_read_latency),
        cmocka_unit_test(registers_are_rounded_up_to_regs_round_for_occupancy),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
