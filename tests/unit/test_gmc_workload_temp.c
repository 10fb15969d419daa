/* Unit tests of TEMP [JETC'19]'s two thread-data mappings
 * (model/gpu/gmc_wl_temp.c): every warp's instruction stream against a
 * per-thread reference of the kernel (which element thread t of CTA c
 * touches in its k-th pass), every element loaded and stored exactly
 * once, the CTAs that share each 4 KB page, and the thread-batch
 * profile's stride on each (4 for mapper, Fig. 4; 2 for cenenergy, Fig.
 * 6(c)). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu/gmc_gpu_impl.h"
#include "gpu/gmc_workload.h"

/* The reference, per thread: the float index thread t of CTA c updates in
 * pass k (mapper: c*256 + t + 128k; cenenergy: CTA (x, y) = (c % 2, c / 2),
 * thread (tx, ty) = (t % 128, t / 128), row 2y + ty, column x*512 + tx + 128k). */
static uint64_t ref(int cen, uint64_t c, uint64_t t, uint64_t k)
{
    if (!cen)
        return c * 256 + t + 128 * k;
    return (2 * (c / 2) + t / 128) * 1024 + (c % 2) * 512 + t % 128 + 128 * k;
}

typedef struct {
    uint64_t ctas, warps, insts, alu, ld, st, bad, elems;
    char     why[200];
} walk_t;

static void bad(walk_t *s, const char *what, uint64_t cta, uint64_t w, unsigned i)
{
    if (!s->bad++)
        snprintf(s->why, sizeof s->why, "%s (CTA %llu warp %llu instruction %u)", what,
                 (unsigned long long)cta, (unsigned long long)w, i);
}

static void walk(const char *name, double scale, walk_t *s)
{
    memset(s, 0, sizeof *s);
    const int cen = name[0] == 'c';
    char err[256];
    gmc_workload_params_t p = {1, scale, -1};
    gmc_workload_t *wl = gmc_workload_new(name, &p, err, sizeof err);
    if (!wl)
        fail_msg("%s: %s", name, err);
    gmc_kernel_t *k = gmc_workload_kernel(wl, 0);
    assert_int_equal(gmc_kernel_threads_per_cta(k), cen ? 256 : 128);
    assert_int_equal(k->grid[0], cen ? 2 : gmc_kernel_ctas(k));
    s->ctas = gmc_kernel_ctas(k);
    s->elems = s->ctas * (cen ? 1024 : 256);
    const unsigned passes = cen ? 4 : 2, gap = cen ? 16 : 4;
    const unsigned per_pass = 2 + 1 + gap + 1;
    uint8_t *loads = calloc(s->elems, 1), *stores = calloc(s->elems, 1);
    uint64_t in = 0, out = 0;
    for (uint64_t c = 0; c < s->ctas; c++)
        for (uint32_t w = 0; w < gmc_kernel_warps_per_cta(k); w++, s->warps++) {
            gmc_warp_cursor_t cur;
            gmc_inst_t ins;
            k->ops->warp_begin(k, (uint32_t)c, w, &cur);
            unsigned i = 0;
            int r;
            while ((r = k->ops->next(k, &cur, &ins, err, sizeof err)) == 1 && i < 1000) {
                const unsigned pass = i / per_pass, at = i % per_pass;
                const unsigned want = at < 2 ? GMC_OP_ALU : at == 2 ? GMC_OP_LD
                                    : at < 3 + gap ? GMC_OP_ALU : GMC_OP_ST;
                if (ins.op != want)
                    bad(s, "instruction out of the kernel's order", c, w, i);
                if (ins.mask != 0xffffffffu)
                    bad(s, "a lane inactive", c, w, i);
                if (ins.op == GMC_OP_ALU)
                    s->alu++;
                if (ins.op == GMC_OP_LD || ins.op == GMC_OP_ST) {
                    uint64_t *base = ins.op == GMC_OP_LD ? &in : &out;
                    if (c == 0 && w == 0 && pass == 0)
                        *base = gmc_inst_lane_addr(&ins, 0) - 4 * ref(cen, 0, 0, 0);
                    for (unsigned l = 0; l < 32; l++) {
                        const uint64_t e = ref(cen, c, 32 * w + l, pass);
                        if (gmc_inst_lane_addr(&ins, l) != *base + 4 * e || e >= s->elems) {
                            bad(s, "a lane's address is not the reference thread's", c, w, i);
                            continue;
                        }
                        (ins.op == GMC_OP_LD ? loads : stores)[e]++;
                    }
                    ins.op == GMC_OP_LD ? s->ld++ : s->st++;
                }
                i++;
            }
            if (r != 0 || i != passes * per_pass)
                bad(s, "a warp of the wrong length", c, w, i);
            s->insts += i;
        }
    for (uint64_t e = 0; e < s->elems; e++)
        if (loads[e] != 1 || stores[e] != 1)
            bad(s, "an element not loaded and stored exactly once", e, 0, 0);
    if (!cen && out - in < 4 * s->elems)
        bad(s, "mapper's key and out arrays overlap", 0, 0, 0);
    if (cen && out != in)
        bad(s, "cenenergy updates energygrid in place", 0, 0, 0);
    free(loads);
    free(stores);
    gmc_workload_delete(wl);
}

static void mapper_ctas_read_consecutive_kilobytes(void **st)
{
    (void)st;
    walk_t s;
    walk("mapper", 0.01, &s);   /* 10486 records rounded to 41 CTAs of 256 */
    if (s.bad)
        fail_msg("%s", s.why);
    assert_int_equal(s.ctas, 41);
    assert_int_equal(s.warps, 41 * 4);
    assert_int_equal(s.ld, 41 * 4 * 2);               /* two passes of 128 threads */
    assert_int_equal(s.st, s.ld);
    assert_int_equal(s.alu, s.ld * (2 + 4));          /* address 2, hash 4 */
    print_message("mapper: %llu warps, %llu instructions, every lane as the reference thread\n",
                  (unsigned long long)s.warps, (unsigned long long)s.insts);
}

static void cenenergy_ctas_pair_up_on_two_rows(void **st)
{
    (void)st;
    walk_t s;
    walk("cenenergy", 0.02, &s);   /* 20.48 rows rounded to 20: a 2 x 10 grid */
    if (s.bad)
        fail_msg("%s", s.why);
    assert_int_equal(s.ctas, 20);
    assert_int_equal(s.warps, 20 * 8);
    assert_int_equal(s.ld, 20 * 8 * 4);               /* four points per thread */
    assert_int_equal(s.alu, s.ld * (2 + 16));         /* address 2, atoms 16 */
    print_message("cenenergy: %llu warps, %llu instructions, every lane as the reference thread\n",
                  (unsigned long long)s.warps, (unsigned long long)s.insts);
}

/* The pages each CTA touches, and the stride the profile picks from them. */
static void the_profile_finds_the_papers_strides(void **st)
{
    (void)st;
    static const struct { const char *name; double scale; uint32_t stride; uint64_t pages; } want[] = {
        {"mapper", 0.01, 4, 2 * 11},      /* 41 KB per array: 11 pages each, the last part-filled */
        {"cenenergy", 0.02, 2, 20},       /* one page per row */
    };
    for (unsigned i = 0; i < 2; i++) {
        char err[256];
        gmc_workload_params_t p = {1, want[i].scale, -1};
        gmc_workload_t *wl = gmc_workload_new(want[i].name, &p, err, sizeof err);
        assert_non_null(wl);
        gmc_tbatch_t tb;
        assert_int_equal(gmc_tbatch_profile(gmc_workload_kernel(wl, 0), 8, 0, GMC_TBATCH_PAGE_BITS, &tb,
                                            err, sizeof err), 0);
        assert_int_equal(tb.stride, want[i].stride);
        assert_int_equal(tb.pages, want[i].pages);
        assert_int_equal(tb.one, want[i].pages);   /* no page shared across batches */
        /* one CTA less per batch: every page shared by two consecutive batches */
        assert_int_equal(gmc_tbatch_profile(gmc_workload_kernel(wl, 0), 8, want[i].stride - 1,
                                            GMC_TBATCH_PAGE_BITS, &tb, err, sizeof err), 0);
        assert_int_equal(tb.one, i == 0 ? 2 : 0);  /* mapper: only each array's last page (CTA 40 alone) */
        gmc_workload_delete(wl);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(mapper_ctas_read_consecutive_kilobytes),
        cmocka_unit_test(cenenergy_ctas_pair_up_on_two_rows),
        cmocka_unit_test(the_profile_finds_the_papers_strides),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
