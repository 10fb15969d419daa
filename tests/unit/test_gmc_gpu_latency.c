/* The machine's fixed latencies as GPGPU-Sim applies them: dram_latency
 * (every request waits that many core cycles between the L2 slice's DRAM
 * queue and the controller), kernel_launch_latency (no CTA before it has
 * passed) and regs_round (registers per thread rounded up when CTAs are
 * fitted on an SM). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "gpu/gmc_gpu_impl.h"
#include "test_gpu.h"

/* One warp: a coalesced load of one line, then EXIT. */
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
    in->stride = 4;
    in->addr[0] = 0x10000000ull + 4096 * c->u.w[0];
    return 1;
}
static const gmc_kernel_ops_t one_load_ops = {tk_begin, one_load_next, NULL};

static uint64_t run_cycles(const char *key, uint32_t v)
{
    gmc_gpu_cfg_t c;
    test_gpu_machine(&c, "rtx2060s");
    char kv[64], err[512];
    snprintf(kv, sizeof kv, "%s=%u", key, v);
    assert_int_equal(gmc_machine_set(&c.machine, kv, err, sizeof err), 0);
    return test_gpu_cycles(&c, &one_load_ops, 1, 32);
}

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
        cmocka_unit_test(registers_are_rounded_up_to_regs_round_for_occupancy),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
