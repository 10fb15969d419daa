/* Unit tests of the validation kernels (model/gpu/gmc_wl_val.c,
 * docs/validation.md): at both sizes of the table each gives its
 * warp-instruction count and its DRAM reads (the distinct 32-byte sectors
 * its loads touch: every one is a compulsory miss) exactly; the programs'
 * registers say the dependences the kernels have; sizes and options. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu/gmc_workload.h"

typedef struct {
    uint64_t insts, exits, ctas, threads_per_cta;
    uint64_t *sectors;   /* every load lane's sector, then sorted */
    size_t   nsec, cap;
    int      bad_reg;    /* a source no earlier instruction of its warp wrote */
    int      not_last_exit;
} walk_t;

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static void walk(const char *name, double scale, walk_t *s)
{
    memset(s, 0, sizeof *s);
    gmc_workload_params_t p = {1, scale, -1};
    char err[256];
    gmc_workload_t *w = gmc_workload_new(name, &p, err, sizeof err);
    if (!w)
        print_error("%s: %s\n", name, err);
    assert_non_null(w);
    assert_int_equal(gmc_workload_nkernels(w), 1);
    gmc_kernel_t *k = gmc_workload_kernel(w, 0);
    s->ctas = gmc_kernel_ctas(k);
    s->threads_per_cta = gmc_kernel_threads_per_cta(k);
    static gmc_inst_t in;
    for (uint32_t c = 0; c < gmc_kernel_ctas(k); c++)
        for (uint32_t wi = 0; wi < gmc_kernel_warps_per_cta(k); wi++) {
            gmc_warp_cursor_t cur;
            k->ops->warp_begin(k, c, wi, &cur);
            uint8_t written[GMC_REG_N] = {0};
            int ended = 0;
            while (k->ops->next(k, &cur, &in, err, sizeof err) == 1) {
                s->insts++;
                s->not_last_exit |= ended;
                assert_int_equal(in.deps, GMC_DEPS_REGS);
                assert_int_equal(in.mask, 0xffffffffu);
                for (unsigned i = 0; i < in.nsrc; i++)
                    s->bad_reg |= !written[in.src[i]];
                for (unsigned i = 0; i < in.ndst; i++)
                    written[in.dst[i]] = 1;
                if (in.op == GMC_OP_EXIT) {
                    s->exits++;
                    ended = 1;
                }
                if (in.op != GMC_OP_LD)
                    continue;
                if (s->nsec + 32 > s->cap) {
                    s->cap = 2 * s->cap + 1024;
                    s->sectors = realloc(s->sectors, s->cap * sizeof *s->sectors);
                    assert_non_null(s->sectors);
                }
                for (unsigned l = 0; l < 32; l++)
                    s->sectors[s->nsec++] = gmc_inst_lane_addr(&in, l) >> 5;
                in.strided = 0;
            }
        }
    qsort(s->sectors, s->nsec, sizeof *s->sectors, cmp_u64);
    size_t d = 0;
    for (size_t i = 0; i < s->nsec; i++)
        if (i == 0 || s->sectors[i] != s->sectors[d - 1])
            s->sectors[d++] = s->sectors[i];
    s->nsec = d;
    gmc_workload_delete(w);
}

/* The table: the kernel at each size, its warp instructions and
 * DRAM reads (sectors).  gather's reads depend on the index draw: below. */
static const struct {
    const char *name;
    uint64_t insts, sectors;
} table[] = {
    {"val-vecadd", 6656, 4096},      {"val-vecadd:n=262144", 106496, 65536},
    {"val-kmeans", 25216, 8704},     {"val-kmeans:n=12288", 151296, 52224},
    {"val-transpose", 4096, 2048},   {"val-transpose:n=384", 36864, 18432},
    {"val-compute", 34560, 512},     {"val-compute:n=131072", 1105920, 16384},
    {"val-gather", 1152, 0},         {"val-gather:n=65536", 18432, 0},
};

static void each_kernel_has_the_tables_instructions_and_dram_reads(void **state)
{
    (void)state;
    for (unsigned i = 0; i < sizeof table / sizeof table[0]; i++) {
        walk_t s;
        walk(table[i].name, 1.0, &s);
        printf("  %-22s %8llu warp instructions, %6zu sectors read, %llu CTAs of %llu\n",
               table[i].name, (unsigned long long)s.insts, s.nsec, (unsigned long long)s.ctas,
               (unsigned long long)s.threads_per_cta);
        assert_int_equal(s.insts, table[i].insts);
        if (table[i].sectors)
            assert_int_equal(s.nsec, table[i].sectors);
        assert_int_equal(s.threads_per_cta, 256);
        assert_int_equal(s.exits, s.ctas * 8);   /* one EXIT per warp, and it is the last */
        assert_false(s.not_last_exit);
        assert_false(s.bad_reg);
        free(s.sectors);
    }
}

/* gather: the idx array (4 bytes per thread) and the table's sectors its
 * uniform draw hits -- close to the table (4,586 and 70,585 there: the
 * draw was another one, and at 64 K Accel-Sim's L2 refetches some) */
static void gather_reads_idx_and_about_one_sector_per_thread(void **state)
{
    (void)state;
    walk_t s;
    walk("val-gather", 1.0, &s);
    assert_true(s.nsec > 512 + 4096 - 40 && s.nsec <= 512 + 4096);
    free(s.sectors);
}

/* The dependences the table's kernels have, read from the registers. */
static void vecadd_loads_are_independent_and_the_fadd_reads_both(void **state)
{
    (void)state;
    gmc_workload_params_t p = {1, 1.0, -1};
    char err[256];
    gmc_workload_t *w = gmc_workload_new("val-vecadd", &p, err, sizeof err);
    gmc_kernel_t *k = gmc_workload_kernel(w, 0);
    gmc_warp_cursor_t cur;
    k->ops->warp_begin(k, 0, 0, &cur);
    gmc_inst_t prog[13];
    for (unsigned i = 0; i < 13; i++)
        assert_int_equal(k->ops->next(k, &cur, &prog[i], err, sizeof err), 1);
    assert_int_equal(k->ops->next(k, &cur, &prog[12], err, sizeof err), 0);
    const gmc_inst_t *l1 = &prog[7], *l2 = &prog[8], *fadd = &prog[10], *st = &prog[11];
    assert_int_equal(l1->op, GMC_OP_LD);
    assert_int_equal(l2->op, GMC_OP_LD);
    assert_int_equal(fadd->unit, GMC_UNIT_SP);
    assert_int_equal(st->op, GMC_OP_ST);
    for (unsigned i = 0; i < l2->nsrc; i++)
        assert_int_not_equal(l2->src[i], l1->dst[0]);   /* the second load does not wait for the first */
    int reads1 = 0, reads2 = 0;
    for (unsigned i = 0; i < fadd->nsrc; i++) {
        reads1 |= fadd->src[i] == l1->dst[0];
        reads2 |= fadd->src[i] == l2->dst[0];
    }
    assert_true(reads1 && reads2);
    for (unsigned i = 0; i < 7; i++)
        assert_int_equal(prog[i].unit, GMC_UNIT_INT);
    /* a, b and c 64 MB apart */
    assert_int_equal(l2->addr[0] - l1->addr[0], 64ull << 20);
    gmc_workload_delete(w);
}

static void compute_chains_are_independent_of_each_other(void **state)
{
    (void)state;
    gmc_workload_params_t p = {1, 1.0, -1};
    char err[256];
    gmc_workload_t *w = gmc_workload_new("val-compute", &p, err, sizeof err);
    gmc_kernel_t *k = gmc_workload_kernel(w, 0);
    gmc_warp_cursor_t cur;
    k->ops->warp_begin(k, 0, 0, &cur);
    gmc_inst_t in;
    unsigned ffma = 0;
    while (k->ops->next(k, &cur, &in, err, sizeof err) == 1) {
        if (in.unit != GMC_UNIT_SP || in.ndst != 1 || ffma >= 256)
            continue;
        /* FFMA j of a round writes chain j's register and reads it and the load */
        assert_int_equal(in.dst[0], 8 + ffma % 4);
        assert_int_equal(in.src[0], 8 + ffma % 4);
        ffma++;
    }
    assert_int_equal(ffma, 256);
    gmc_workload_delete(w);
}

static void scale_and_n_set_the_size_and_bad_ones_are_refused(void **state)
{
    (void)state;
    walk_t s;
    walk("val-vecadd", 16.0, &s);   /* 16 K x 16 = the table's second size */
    assert_int_equal(s.insts, 106496);
    free(s.sectors);
    walk("val-transpose", 9.0, &s);   /* the side grows with sqrt(scale): 384 */
    assert_int_equal(s.insts, 36864);
    free(s.sectors);
    walk("val-vecadd:n=1000", 1.0, &s);   /* rounded to whole CTAs */
    assert_int_equal(s.ctas, 4);
    free(s.sectors);
    static const char *const bad[][2] = {
        {"val-vecadd:n=0", "1.."},
        {"val-vecadd:x=1", "found 'x=1'"},
        {"val-kmeans:n=600000", "493447"},
        {"val-transpose:n=5000", "4096"},
    };
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        gmc_workload_params_t p = {1, 1.0, -1};
        char err[256] = "";
        gmc_workload_t *w = gmc_workload_new(bad[i][0], &p, err, sizeof err);
        if (w || !strstr(err, bad[i][1]))
            print_error("%s: '%s'\n", bad[i][0], err);
        assert_null(w);
        assert_non_null(strstr(err, bad[i][1]));
    }
    gmc_workload_params_t p = {1, 64.0, -1};
    char err[256] = "";
    assert_null(gmc_workload_new("val-kmeans:n=12288", &p, err, sizeof err));   /* 786 K points */
    assert_non_null(strstr(err, "64 MB apart"));
    p.scale = 1.0;
    p.alu_per_mem = 3;
    assert_null(gmc_workload_new("val-vecadd", &p, err, sizeof err));
    assert_non_null(strstr(err, "alu_per_mem"));
}

static void the_validation_list_is_apart_from_the_experiments_list(void **state)
{
    (void)state;
    /* the five validation kernels, then itermap (gmc experiment pcm's kernel),
     * then TEMP [JETC'19]'s mapper and cenenergy (gmc experiment temp's) */
    assert_int_equal(gmc_workload_val_count(), 8);
    for (unsigned i = 0; i < gmc_workload_val_count(); i++) {
        const char *name = gmc_workload_val_info(i)->name;
        if (i < 5)
            assert_int_equal(strncmp(name, "val-", 4), 0);
        else
            assert_string_equal(name, i == 5 ? "itermap" : i == 6 ? "mapper" : "cenenergy");
        for (unsigned j = 0; j < gmc_workload_count(); j++)
            assert_string_not_equal(name, gmc_workload_info(j)->name);
    }
    assert_null(gmc_workload_val_info(8));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(each_kernel_has_the_tables_instructions_and_dram_reads),
        cmocka_unit_test(gather_reads_idx_and_about_one_sector_per_thread),
        cmocka_unit_test(vecadd_loads_are_independent_and_the_fadd_reads_both),
        cmocka_unit_test(compute_chains_are_independent_of_each_other),
        cmocka_unit_test(scale_and_n_set_the_size_and_bad_ones_are_refused),
        cmocka_unit_test(the_validation_list_is_apart_from_the_experiments_list),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
