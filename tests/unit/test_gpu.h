/* A GPU for the unit tests (include after <cmocka.h>): a configuration
 * from a machine preset, the GPU made from it, its JSON report, and the
 * GPU harness tests' machines and runs (test_gmc_gpu*.c) on the test
 * kernels of gpu_test_kernels.h.  Every helper fails the test on an error. */
#ifndef GMC_TEST_GPU_H
#define GMC_TEST_GPU_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gpu/gmc_gpu.h"
#include "gpu_test_kernels.h"

/* c zeroed, then the preset's machine: change c->machine here, before
 * test_gpu_defaults (the controller's queues come from it). */
static inline void test_gpu_machine(gmc_gpu_cfg_t *c, const char *preset)
{
    char err[512];
    memset(c, 0, sizeof *c);
    assert_int_equal(gmc_machine_preset(preset, &c->machine, err, sizeof err), 0);
}

/* What the machine implies: controller, refresh, the watchdog. */
static inline void test_gpu_defaults(gmc_gpu_cfg_t *c)
{
    char err[512];
    assert_int_equal(gmc_gpu_cfg_defaults(c, err, sizeof err), 0);
}

/* The preset's machine and its defaults. */
static inline void test_gpu_cfg(gmc_gpu_cfg_t *c, const char *preset)
{
    test_gpu_machine(c, preset);
    test_gpu_defaults(c);
}

static inline gmc_gpu_t *test_gpu_new(const gmc_gpu_cfg_t *c)
{
    char err[512];
    gmc_gpu_t *g = gmc_gpu_new(c, err, sizeof err);
    if (!g)
        fail_msg("%s", err);
    return g;
}

/* g's JSON report as a string (the caller frees it).  Not inlined: gcc
 * then takes a pointer into the report for one into buf and warns that it
 * dangles (-Wdangling-pointer). */
static __attribute__((noinline, unused)) char *test_gpu_report(gmc_gpu_t *g)
{
    char *buf = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    assert_non_null(f);
    assert_int_equal(gmc_gpu_write_json(g, f, NULL), 0);
    assert_int_equal(fclose(f), 0);
    return buf;
}

/* ---- the GPU harness tests' machines (test_gmc_gpu*.c) ---- */

/* A preset's machine; l2_slice_size 0 keeps the preset's. */
static inline gmc_gpu_t *machine_with(const char *preset, int every_cycle, uint32_t ignore_limits,
                                      uint32_t l2_slice_size)
{
    gmc_gpu_cfg_t c;
    test_gpu_machine(&c, preset);
    c.machine.ignore_limits = ignore_limits;
    if (l2_slice_size)
        c.machine.l2_slice_size = l2_slice_size;
    test_gpu_defaults(&c);
    c.every_cycle = every_cycle;
    return test_gpu_new(&c);
}

static inline gmc_gpu_t *machine_limits(const char *preset, int every_cycle, uint32_t ignore_limits)
{
    return machine_with(preset, every_cycle, ignore_limits, 0);
}

static inline gmc_gpu_t *machine(const char *preset, int every_cycle)
{
    return machine_limits(preset, every_cycle, 0);
}

/* The cycles of a one-ALU-op test kernel (tk_t {1, 0, 0, 1}) of ctas CTAs
 * of threads threads, each warp's instructions from ops, on the machine c
 * (its defaults filled in here). */
static inline uint64_t test_gpu_cycles(gmc_gpu_cfg_t *c, const gmc_kernel_ops_t *ops, uint32_t ctas,
                                       uint32_t threads)
{
    test_gpu_defaults(c);
    gmc_gpu_t *g = test_gpu_new(c);
    tk_t t = {1, 0, 0, 1};
    gmc_kernel_t k;
    tk_make(&k, &t, ctas, threads);
    k.ops = ops;
    char err[512];
    if (gmc_gpu_run(g, &k, err, sizeof err))
        fail_msg("%s", err);
    gmc_gpu_stats_t st;
    gmc_gpu_stats(g, &st);
    gmc_gpu_delete(g);
    return st.cycles;
}

/* One test kernel of ctas CTAs of 256 threads on a preset's machine: its
 * JSON report (the caller frees it), its statistics in *st when st. */
static inline char *run_json(const char *preset, tk_t *t, uint32_t ctas, int every_cycle, gmc_gpu_stats_t *st)
{
    gmc_gpu_t *g = machine(preset, every_cycle);
    gmc_kernel_t k;
    tk_make(&k, t, ctas, 256);
    char err[512];
    if (gmc_gpu_run(g, &k, err, sizeof err))
        fail_msg("%s", err);
    char *buf = test_gpu_report(g);
    if (st)
        gmc_gpu_stats(g, st);
    gmc_gpu_delete(g);
    return buf;
}

#endif
