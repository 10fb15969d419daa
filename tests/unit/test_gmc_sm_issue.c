/* The SM's issue rules (gmc_sm.c, gmc_sm_sb.c): the register scoreboard
 * (dependent chains take their latencies, independent instructions and
 * loads issue back to back, a use waits for its load; BAR and EXIT wait
 * for the warp's loads), the functional units' throughput, latencies from
 * a trace.config, and a kernel that states no registers staying serial.
 * Each run is repeated with every component stepped every cycle: the
 * event-driven wake-ups must give the same cycles. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "gpu/gmc_gpu_impl.h"
#include "gpu/gmc_machine_gpgpusim.h"
#include "test_gpu.h"

/* ---- a kernel from a program: every warp runs the same instructions ---- */

typedef struct {
    uint8_t  op, unit, ndst, nsrc;
    uint16_t dst, src[2];
    uint32_t line;   /* LD/ST: the warp's line (a distinct 128 B line per warp and line) */
} pi_t;

typedef struct {
    const pi_t *p;
    unsigned    n, repeat;   /* the program, run `repeat` times, then EXIT */
    int         serial;      /* 1: state no registers (GMC_DEPS_SERIAL) */
} prog_t;

static int prog_next(gmc_kernel_t *k, gmc_warp_cursor_t *c, gmc_inst_t *in, char *err, size_t n)
{
    (void)err; (void)n;
    const prog_t *pr = k->impl;
    const uint64_t step = c->u.w[1]++, total = (uint64_t)pr->n * pr->repeat;
    if (step > total)
        return 0;
    in->mask = ~0u;
    in->pc = 0x100 + 16 * (step % (pr->n + 1));
    in->lat = 0;
    if (step == total) {
        in->op = GMC_OP_EXIT;
        return 1;
    }
    const pi_t *i = &pr->p[step % pr->n];
    in->op = i->op;
    in->unit = i->unit;
    in->deps = pr->serial ? GMC_DEPS_SERIAL : GMC_DEPS_REGS;
    in->ndst = i->ndst;
    in->nsrc = i->nsrc;
    in->dst[0] = i->dst;
    in->src[0] = i->src[0];
    in->src[1] = i->src[1];
    if (i->op == GMC_OP_LD || i->op == GMC_OP_ST) {
        in->width = 4;
        in->strided = 1;
        in->stride = 4;
        in->addr[0] = 0x10000000ull + (c->u.w[0] * 64 + i->line + step / pr->n * 16) * 128;
    }
    return 1;
}
static const gmc_kernel_ops_t prog_ops = {tk_begin, prog_next, NULL};

typedef struct { uint64_t cycles, instructions; } res_t;

/* Runs pr on `ctas` CTAs of `threads` threads on rtx2060s with the
 * settings (KEY=VALUE ..., NULL-ended), skipping idle time and stepping
 * every component every cycle: both must agree. */
static res_t run(const prog_t *pr, uint32_t ctas, uint32_t threads, const char *const *set)
{
    res_t r[2];
    for (int every = 0; every < 2; every++) {
        gmc_gpu_cfg_t c;
        char err[512];
        test_gpu_machine(&c, "rtx2060s");
        for (unsigned i = 0; set && set[i]; i++)
            if (gmc_machine_set(&c.machine, set[i], err, sizeof err))
                fail_msg("%s", err);
        test_gpu_defaults(&c);
        c.step_every = every ? GMC_GPU_STEP_ALL : 0;
        gmc_gpu_t *g = test_gpu_new(&c);
        tk_t t = {1, 0, 0, 1};
        gmc_kernel_t k;
        tk_make(&k, &t, ctas, threads);
        k.ops = &prog_ops;
        k.impl = (void *)pr;
        if (gmc_gpu_run(g, &k, err, sizeof err))
            fail_msg("%s", err);
        gmc_gpu_stats_t st;
        gmc_gpu_stats(g, &st);
        gmc_gpu_delete(g);
        r[every] = (res_t){st.cycles, st.instructions};
    }
    if (r[0].cycles != r[1].cycles || r[0].instructions != r[1].instructions)
        fail_msg("skipping: %llu cycles, stepping every cycle: %llu", (unsigned long long)r[0].cycles,
                 (unsigned long long)r[1].cycles);
    return r[0];
}

#define ALU(u, d, s0, s1, ns) {GMC_OP_ALU, (u), 1, (ns), (d), {(s0), (s1)}, 0}
#define LD(d, line, s0, ns)   {GMC_OP_LD, 0, 1, (ns), (d), {(s0), 0}, (line)}

static const char *const slow_sp[] = {"sp_lat=8", "sp_ii=1", "sms=1", NULL};

/* ---- the scoreboard ---- */

/* 64 FFMAs, each reading the one before: 64 x 8 cycles; 64 independent
 * ones (8 registers in turn, no sources): one per initiation interval. */
static void a_dependent_chain_takes_its_latencies_independent_ones_pipeline(void **s)
{
    (void)s;
    static const pi_t chain[] = {ALU(GMC_UNIT_SP, 1, 1, 0, 1)};
    static pi_t indep[8];
    for (unsigned i = 0; i < 8; i++)
        indep[i] = (pi_t)ALU(GMC_UNIT_SP, (uint16_t)(10 + i), 0, 0, 0);
    const prog_t pc = {chain, 1, 64, 0}, pi = {indep, 8, 8, 0};
    const res_t rc = run(&pc, 1, 32, slow_sp), ri = run(&pi, 1, 32, slow_sp);
    print_message("    64 dependent FFMAs (latency 8): %llu cycles; 64 independent: %llu\n",
                  (unsigned long long)rc.cycles, (unsigned long long)ri.cycles);
    assert_true(rc.cycles >= 64 * 8 && rc.cycles <= 64 * 8 + 40);
    assert_true(ri.cycles >= 64 && ri.cycles <= 64 + 40);
}

/* Two loads of different lines: independent, their round trips overlap;
 * the second reading the first's register (an address), one after the
 * other. */
static void independent_loads_overlap_a_dependent_one_waits(void **s)
{
    (void)s;
    static const pi_t two[] = {LD(1, 0, 0, 0), LD(2, 1, 0, 0)};
    static const pi_t dep[] = {LD(1, 0, 0, 0), LD(2, 1, 1, 1)};
    const prog_t p2 = {two, 2, 1, 0}, pd = {dep, 2, 1, 0};
    static const char *const one_sm[] = {"sms=1", NULL};
    const res_t r2 = run(&p2, 1, 32, one_sm), rd = run(&pd, 1, 32, one_sm);
    print_message("    two independent loads: %llu cycles; the second dependent: %llu\n",
                  (unsigned long long)r2.cycles, (unsigned long long)rd.cycles);
    assert_true(r2.cycles * 10 < rd.cycles * 7);   /* one round trip, not two */
}

/* A load, then a use of its value and 200 independent FFMAs (400 cycles
 * at the sp units' interval 2): the use holds what follows until the data
 * is back; an FADD that does not read it does not. */
static void a_use_waits_for_its_load_others_do_not(void **s)
{
    (void)s;
    static pi_t use[202], free_[202];
    use[0] = free_[0] = (pi_t)LD(1, 0, 0, 0);
    use[1] = (pi_t)ALU(GMC_UNIT_SP, 2, 1, 0, 1);
    free_[1] = (pi_t)ALU(GMC_UNIT_SP, 2, 3, 0, 1);
    for (unsigned i = 2; i < 202; i++)
        use[i] = free_[i] = (pi_t)ALU(GMC_UNIT_SP, (uint16_t)(10 + i % 8), 0, 0, 0);
    const prog_t pu = {use, 202, 1, 0}, pf = {free_, 202, 1, 0};
    static const char *const one_sm[] = {"sms=1", NULL};
    const res_t ru = run(&pu, 1, 32, one_sm), rf = run(&pf, 1, 32, one_sm);
    print_message("    load + use + 200 FFMAs: %llu cycles; no use: %llu\n", (unsigned long long)ru.cycles,
                  (unsigned long long)rf.cycles);
    assert_true(ru.cycles > rf.cycles + 100);
    assert_true(rf.cycles <= 2 * 201 + 40);   /* the load's round trip hidden */
}

/* EXIT waits for the warp's loads: with one CTA slot, the second CTA
 * starts only when the first's load is back. */
static void exit_waits_for_the_warps_loads(void **s)
{
    (void)s;
    static const pi_t ld[] = {LD(1, 0, 0, 0)};
    const prog_t p = {ld, 1, 1, 0};
    static const char *const one_slot[] = {"sms=1", "ctas_per_sm=1", NULL};
    const res_t r1 = run(&p, 1, 32, one_slot), r2 = run(&p, 2, 32, one_slot);
    print_message("    a load then EXIT: %llu cycles; two CTAs on one slot: %llu\n",
                  (unsigned long long)r1.cycles, (unsigned long long)r2.cycles);
    assert_true(r2.cycles * 10 > r1.cycles * 18);
}

/* BAR waits for the warp's loads too: a load, BAR, 200 FFMAs take the
 * round trip plus 400 cycles, not the longer of the two. */
static void a_barrier_waits_for_the_warps_loads(void **s)
{
    (void)s;
    static pi_t p[202];
    p[0] = (pi_t)LD(1, 0, 0, 0);
    p[1] = (pi_t){GMC_OP_BAR, 0, 0, 0, 0, {0, 0}, 0};
    for (unsigned i = 2; i < 202; i++)
        p[i] = (pi_t)ALU(GMC_UNIT_SP, (uint16_t)(10 + i % 8), 0, 0, 0);
    static pi_t q[201];
    q[0] = p[0];
    for (unsigned i = 1; i < 201; i++)
        q[i] = p[i + 1];
    const prog_t pb = {p, 202, 1, 0}, pq = {q, 201, 1, 0};
    static const char *const one_sm[] = {"sms=1", NULL};
    const res_t rb = run(&pb, 1, 32, one_sm), rq = run(&pq, 1, 32, one_sm);
    print_message("    load, BAR, 200 FFMAs: %llu cycles; without the BAR: %llu\n",
                  (unsigned long long)rb.cycles, (unsigned long long)rq.cycles);
    assert_true(rb.cycles > rq.cycles + 100);
}

/* A kernel that states no registers is serial: each instruction waits for
 * the one before (ALU: its latency; a load: its data), as the SM always
 * did for such kernels. */
static void a_kernel_without_registers_stays_serial(void **s)
{
    (void)s;
    static pi_t indep[8];
    for (unsigned i = 0; i < 8; i++)
        indep[i] = (pi_t)ALU(GMC_UNIT_SP, (uint16_t)(10 + i), 0, 0, 0);
    const prog_t ps = {indep, 8, 8, 1};
    const res_t r = run(&ps, 1, 32, slow_sp);
    assert_true(r.cycles >= 64 * 8);
}

/* ---- the functional units ---- */

/* FFMAs only, 32 warps of independent ones on one SM: 4 sp units taking
 * one every 2 cycles cap the SM at 2 instructions per cycle (its 4
 * schedulers could issue 4). */
static void an_ffma_kernel_is_capped_by_the_sp_units(void **s)
{
    (void)s;
    static pi_t f[8];
    for (unsigned i = 0; i < 8; i++)
        f[i] = (pi_t)ALU(GMC_UNIT_SP, (uint16_t)(10 + i), 0, 0, 0);
    const prog_t p = {f, 8, 64, 0};
    static const char *const one_sm[] = {"sms=1", NULL};
    const res_t r = run(&p, 1, 1024, one_sm);
    const double ipc = (double)r.instructions / (double)r.cycles;
    print_message("    32 warps x 512 FFMAs: IPC %.3f (4 sp units, interval 2: at most 2)\n", ipc);
    assert_true(ipc <= 2.01 && ipc > 1.8);   /* + 0.003: the 32 EXITs need no unit */
    static const char *const more[] = {"sms=1", "sp_units=8", NULL};   /* 2 per scheduler */
    const res_t r8 = run(&p, 1, 1024, more);
    const double ipc8 = (double)r8.instructions / (double)r8.cycles;
    assert_true(ipc8 > 3.5 && ipc8 <= 4.0);   /* the schedulers' issue limit now */
}

/* Integer instructions run on the sp units when the machine has no int
 * units (GPGPU-Sim's rule), sharing their throughput with FFMAs. */
static void without_int_units_integer_instructions_share_the_sp_units(void **s)
{
    (void)s;
    static pi_t f[8];
    for (unsigned i = 0; i < 8; i++)
        f[i] = (pi_t)ALU(i % 2 ? GMC_UNIT_INT : GMC_UNIT_SP, (uint16_t)(10 + i), 0, 0, 0);
    const prog_t p = {f, 8, 64, 0};
    static const char *const with[] = {"sms=1", NULL}, *const without[] = {"sms=1", "int_units=0", NULL};
    const res_t a = run(&p, 1, 1024, with), b = run(&p, 1, 1024, without);
    const double ia = (double)a.instructions / (double)a.cycles, ib = (double)b.instructions / (double)b.cycles;
    print_message("    half FFMA, half IMAD: IPC %.3f with int units, %.3f without\n", ia, ib);
    assert_true(ia > 3.5 && ib <= 2.01);
}

/* Latencies from an Accel-Sim trace.config: a dependent chain takes the
 * file's sp latency. */
static void a_trace_configs_latency_sets_a_chains_time(void **s)
{
    (void)s;
    static const pi_t chain[] = {ALU(GMC_UNIT_SP, 1, 1, 0, 1)};
    const prog_t pc = {chain, 1, 64, 0};
    uint64_t cyc[2];
    for (int i = 0; i < 2; i++) {
        gmc_gpu_cfg_t c;
        char err[512];
        test_gpu_machine(&c, "rtx2060s");
        c.machine.sms = 1;
        const char *tc = i ? "-trace_opcode_latency_initiation_sp 12,2\n" : "-trace_opcode_latency_initiation_sp 4,2\n";
        assert_int_equal(gmc_machine_trace_config(tc, strlen(tc), "trace.config", &c.machine, NULL, 0, err,
                                                  sizeof err), 0);
        test_gpu_defaults(&c);
        gmc_gpu_t *g = test_gpu_new(&c);
        tk_t t = {1, 0, 0, 1};
        gmc_kernel_t k;
        tk_make(&k, &t, 1, 32);
        k.ops = &prog_ops;
        k.impl = (void *)&pc;
        if (gmc_gpu_run(g, &k, err, sizeof err))
            fail_msg("%s", err);
        gmc_gpu_stats_t st;
        gmc_gpu_stats(g, &st);
        cyc[i] = st.cycles;
        gmc_gpu_delete(g);
    }
    print_message("    64 dependent FFMAs: %llu cycles at latency 4, %llu at 12\n", (unsigned long long)cyc[0],
                  (unsigned long long)cyc[1]);
    assert_int_equal(cyc[1] - cyc[0], 64 * 8);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_dependent_chain_takes_its_latencies_independent_ones_pipeline),
        cmocka_unit_test(independent_loads_overlap_a_dependent_one_waits),
        cmocka_unit_test(a_use_waits_for_its_load_others_do_not),
        cmocka_unit_test(exit_waits_for_the_warps_loads),
        cmocka_unit_test(a_barrier_waits_for_the_warps_loads),
        cmocka_unit_test(a_kernel_without_registers_stays_serial),
        cmocka_unit_test(an_ffma_kernel_is_capped_by_the_sp_units),
        cmocka_unit_test(without_int_units_integer_instructions_share_the_sp_units),
        cmocka_unit_test(a_trace_configs_latency_sets_a_chains_time),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
