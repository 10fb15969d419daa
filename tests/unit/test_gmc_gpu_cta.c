/* The GPU harness's CTA placement on SMs: round robin, a CTA that fits no
 * SM, and ignore_limits (an oversized CTA alone on an SM), on the test
 * kernels (gpu_test_kernels.h).  The CTA dispatchers as plug-ins:
 * test_gmc_dispatch.c. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "gpu/gmc_gpu_impl.h"
#include "test_gpu.h"

/* ---- dispatch ---- */
static void ctas_go_round_robin_over_the_sms(void **s)
{
    (void)s;
    gmc_gpu_t *g = machine("pae-gddr5", 0);
    tk_t t = {1, 0, 0, 1};
    gmc_kernel_t k;
    tk_make(&k, &t, 30, 256);
    g->k = &k;
    g->ctas_total = 30;
    g->next_cta = 0;
    for (unsigned i = 0; i < g->nsm; i++)
        assert_true(gmc_sm_fits(g, &g->sm[i], &k));
    /* one dispatch round: CTA i on SM i */
    for (unsigned i = 0; i < g->nsm && g->next_cta < 30; i++)
        if (gmc_sm_fits(g, &g->sm[i], &k))
            gmc_sm_launch(g, &g->sm[i], g->next_cta++);
    for (unsigned i = 0; i < g->nsm; i++) {
        assert_int_equal(g->sm[i].nctas, 1);
        assert_int_equal(g->sm[i].cta[0].kcta, i);
    }
    g->k = NULL;
    gmc_gpu_delete(g);
}

/* A pure-ALU kernel: each warp 64 ALU instructions, then EXIT. */
static int alu_next(gmc_kernel_t *k, gmc_warp_cursor_t *c, gmc_inst_t *in, char *err, size_t n)
{
    (void)k; (void)err; (void)n;
    uint64_t step = c->u.w[1]++;
    if (step > 64)
        return 0;
    in->mask = ~0u;
    in->pc = 0x100 + 16 * step;
    in->op = step == 64 ? GMC_OP_EXIT : GMC_OP_ALU;
    in->lat = 0;
    return 1;
}
static const gmc_kernel_ops_t alu_ops = {tk_begin, alu_next, NULL};

static uint64_t alu_cycles(uint32_t sms, uint32_t ctas)
{
    gmc_gpu_cfg_t c;
    test_gpu_machine(&c, "rtx2060s");
    c.machine.sms = sms;
    return test_gpu_cycles(&c, &alu_ops, ctas, 256);
}

/* 34 CTAs on 35 SMs run one per SM: as fast as on 48 SMs.  Dispatch had
 * put them on 12 SMs, several per SM in one cycle, and taken twice as
 * long (521 cycles against 261). */
static void a_grid_smaller_than_the_sms_runs_one_cta_per_sm(void **s)
{
    (void)s;
    const uint64_t c35 = alu_cycles(35, 34), c48 = alu_cycles(48, 34);
    print_message("    34 CTAs: %llu cycles on 35 SMs, %llu on 48\n", (unsigned long long)c35,
                  (unsigned long long)c48);
    assert_int_equal(c35, c48);
}

/* ---- limits ---- */
static void a_cta_that_fits_no_sm_is_an_error(void **s)
{
    (void)s;
    gmc_gpu_t *g = machine("pae-gddr5", 0);
    tk_t t = {1, 0, 0, 1};
    gmc_kernel_t k;
    tk_make(&k, &t, 4, 256);
    k.smem_per_cta = 1 << 20;
    char err[512];
    assert_int_equal(gmc_gpu_run(g, &k, err, sizeof err), -1);
    assert_non_null(strstr(err, "fits no SM"));
    assert_non_null(strstr(err, "--set ignore_limits=1"));   /* shared memory: waivable */
    gmc_gpu_delete(g);
    /* warp slots are not waivable, and the hint is not given for them */
    g = machine_limits("pae-gddr5", 0, 1);
    tk_make(&k, &t, 4, 32 * 64);
    k.regs_per_thread = 1;   /* registers within the SM's; 64 warps are not */
    assert_int_equal(gmc_gpu_run(g, &k, err, sizeof err), -1);
    assert_non_null(strstr(err, "fits no SM"));
    assert_null(strstr(err, "ignore_limits"));
    gmc_gpu_delete(g);
}

/* ignore_limits (GPGPU-Sim's -gpgpu_ignore_resources_limitation): a CTA
 * needing more registers than an SM has runs alone on each SM; one that
 * fits is not affected. */
static void ignore_limits_runs_one_oversized_cta_per_sm(void **s)
{
    (void)s;
    gmc_gpu_t *g = machine_limits("pae-gddr5", 0, 1);
    tk_t t = {2, 0, 0, 1};
    gmc_kernel_t k;
    tk_make(&k, &t, 30, 256);
    k.regs_per_thread = 21955;   /* as a real PyTorch trace of Accel-Sim's repository says */
    g->k = &k;
    assert_true(gmc_sm_fits(g, &g->sm[0], &k));
    gmc_sm_launch(g, &g->sm[0], 0);
    assert_false(gmc_sm_fits(g, &g->sm[0], &k));   /* never a second one */
    assert_true(gmc_sm_fits(g, &g->sm[1], &k));
    g->k = NULL;
    gmc_gpu_delete(g);

    g = machine_limits("pae-gddr5", 0, 1);
    char err[512];
    assert_int_equal(gmc_gpu_run(g, &k, err, sizeof err), 0);
    gmc_gpu_stats_t st;
    gmc_gpu_stats(g, &st);
    assert_int_equal(st.ctas, 30);
    assert_int_equal(st.kernels_over_limits, 1);
    assert_int_equal(gmc_gpu_kernels_over_limits(g), 1);
    assert_int_equal(st.instructions, 30 * 8 * (2 * 3 + 1));
    /* a kernel that fits runs as it would without the key: same report */
    k.regs_per_thread = 16;
    gmc_gpu_delete(g);
    g = machine_limits("pae-gddr5", 0, 1);
    assert_int_equal(gmc_gpu_run(g, &k, err, sizeof err), 0);
    char *a = test_gpu_report(g);
    gmc_gpu_delete(g);
    g = machine_limits("pae-gddr5", 0, 0);
    assert_int_equal(gmc_gpu_run(g, &k, err, sizeof err), 0);
    char *b = test_gpu_report(g);
    /* the same but for the key itself, which machine_config reports */
    char *k1 = strstr(a, "\"ignore_limits\": 1,"), *k0 = strstr(b, "\"ignore_limits\": 0,");
    assert_non_null(k1);
    assert_non_null(k0);
    k1[strlen("\"ignore_limits\": ")] = '0';
    assert_string_equal(a, b);
    free(a);
    free(b);
    gmc_gpu_delete(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ctas_go_round_robin_over_the_sms),
        cmocka_unit_test(a_grid_smaller_than_the_sms_runs_one_cta_per_sm),
        cmocka_unit_test(a_cta_that_fits_no_sm_is_an_error),
        cmocka_unit_test(ignore_limits_runs_one_oversized_cta_per_sm),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
