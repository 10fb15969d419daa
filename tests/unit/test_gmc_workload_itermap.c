/* Unit tests of itermap (model/gpu/gmc_wl_itermap.c), the kernel of
 * Carpenter's thesis sec. 3.3.2: every warp's instruction stream checked
 * instruction by instruction against the kernel's definition (6 integer
 * instructions, the load, 6 x iters dependent fp32 instructions, the
 * store), the loads' and stores' lanes coalesced into one line of 4
 * sectors with every element read and written once, the thesis's
 * intensities [6, 9, 15, 27, 51, 99, 195] exactly, sizes and options. */
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
    uint64_t warps, ctas, alu, ld, st, ld_sectors, st_sectors;
    uint64_t bad;
    char     why[256];
} walk_t;

static void bad(walk_t *s, const char *what, uint64_t warp, unsigned i)
{
    if (!s->bad++)
        snprintf(s->why, sizeof s->why, "%s (warp %llu, instruction %u)", what, (unsigned long long)warp, i);
}

/* The sectors (32 B) and lines (128 B) of a full warp's 4-byte lanes. */
static void lanes(const gmc_inst_t *in, unsigned *sectors, unsigned *lines, uint64_t *first)
{
    uint64_t s0 = UINT64_MAX, s1 = 0;
    for (unsigned l = 0; l < 32; l++) {
        uint64_t a = gmc_inst_lane_addr(in, l);
        if (a != gmc_inst_lane_addr(in, 0) + 4 * l)   /* lane l reads element i + l */
            s0 = 0;
        s1 = a > s1 ? a : s1;
    }
    *first = gmc_inst_lane_addr(in, 0);
    if (s0 == 0) {
        *sectors = *lines = 0;
        return;
    }
    *sectors = (unsigned)(s1 / 32 - *first / 32 + 1);
    *lines = (unsigned)(s1 / 128 - *first / 128 + 1);
}

/* Walks every warp of itermap:iters=it at scale, checking each instruction
 * against the definition. */
static void walk(unsigned it, double scale, walk_t *s)
{
    memset(s, 0, sizeof *s);
    char name[64], err[256];
    snprintf(name, sizeof name, "itermap:iters=%u", it);
    gmc_workload_params_t p = {1, scale, -1};
    gmc_workload_t *w = gmc_workload_new(name, &p, err, sizeof err);
    if (!w)
        print_error("%s: %s\n", name, err);
    assert_non_null(w);
    assert_int_equal(gmc_workload_nkernels(w), 1);
    gmc_kernel_t *k = gmc_workload_kernel(w, 0);
    assert_int_equal(gmc_kernel_threads_per_cta(k), 1024);
    s->ctas = gmc_kernel_ctas(k);
    uint64_t x = 0, y = 0;   /* the arrays' bases: warp 0's load and store */
    for (uint32_t cta = 0; cta < s->ctas; cta++)
        for (uint32_t wi = 0; wi < gmc_kernel_warps_per_cta(k); wi++) {
            const uint64_t gw = (uint64_t)cta * 32 + wi;
            gmc_warp_cursor_t c;
            gmc_inst_t in;
            k->ops->warp_begin(k, cta, wi, &c);
            unsigned i = 0;
            uint16_t last = 0;   /* the register the previous instruction wrote */
            int r;
            while ((r = k->ops->next(k, &c, &in, err, sizeof err)) == 1) {
                const unsigned want_op = i < 6 ? GMC_OP_ALU : i == 6 ? GMC_OP_LD
                                       : i < 7 + 6 * it ? GMC_OP_ALU : i == 7 + 6 * it ? GMC_OP_ST : GMC_OP_N;
                if (in.op != want_op)
                    bad(s, "instruction out of the kernel's order", gw, i);
                if (in.mask != 0xffffffffu)
                    bad(s, "a lane inactive", gw, i);
                if (in.op == GMC_OP_ALU) {
                    s->alu++;
                    /* the address part is integer, the map fp32 and a chain on the loaded value */
                    if (in.unit != (i < 6 ? GMC_UNIT_INT : GMC_UNIT_SP) || in.deps != GMC_DEPS_REGS)
                        bad(s, "an ALU instruction of the wrong unit", gw, i);
                    if (i > 6 && (in.nsrc != 1 || in.src[0] != last))
                        bad(s, "a map instruction not reading the one before it", gw, i);
                } else if (in.op == GMC_OP_LD || in.op == GMC_OP_ST) {
                    unsigned sec, lines;
                    uint64_t a;
                    lanes(&in, &sec, &lines, &a);
                    if (lines != 1 || sec != 4)
                        bad(s, "a warp access not coalesced into one line of 4 sectors", gw, i);
                    if (gw == 0)
                        *(in.op == GMC_OP_LD ? &x : &y) = a;
                    if (a != (in.op == GMC_OP_LD ? x : y) + 128 * gw)
                        bad(s, "warp w does not access elements 32w .. 32w + 31", gw, i);
                    if (in.op == GMC_OP_LD)
                        s->ld++, s->ld_sectors += sec;
                    else
                        s->st++, s->st_sectors += sec;
                    if (in.op == GMC_OP_ST && in.nsrc >= 2 && in.src[1] != last)
                        bad(s, "the store does not write the map's result", gw, i);
                }
                last = in.ndst ? in.dst[0] : last;
                i++;
                if (i > 8 + 6 * it)
                    break;
            }
            if (r < 0 || i != 8 + 6 * it)
                bad(s, "a warp of the wrong length", gw, i);
            s->warps++;
        }
    if (y <= x || y - x < 4 * 32 * s->warps)
        bad(s, "the arrays overlap", 0, 0);
    gmc_workload_delete(w);
    if (s->bad)
        print_error("%s scale %g: %llu bad, first: %s\n", name, scale, (unsigned long long)s->bad, s->why);
    assert_int_equal(s->bad, 0);
}

static void every_warp_is_the_thesis_kernel_and_the_intensities_are_the_thesis(void **state)
{
    (void)state;
    /* sec. 3.3.2: 1, 2, 4, ..., 64 iterations -> intensity 6, 9, 15, 27, 51, 99, 195 */
    static const unsigned iters[] = {1, 2, 4, 8, 16, 32, 64}, thesis[] = {6, 9, 15, 27, 51, 99, 195};
    unsigned long long checked = 0;
    for (unsigned t = 0; t < 7; t++) {
        walk_t s;
        walk(iters[t], 0.0625, &s);   /* 64 blocks: every warp of each checked */
        assert_int_equal(s.ctas, 64);
        assert_int_equal(s.warps, 64 * 32);
        assert_int_equal(s.ld, s.warps);          /* one load and one store per thread */
        assert_int_equal(s.st, s.warps);
        assert_int_equal(s.ld_sectors, 4 * s.warps);
        assert_int_equal(s.st_sectors, 4 * s.warps);
        assert_int_equal(s.alu, s.warps * (6 + 6ull * iters[t]));
        assert_int_equal(s.alu % (s.ld + s.st), 0);
        assert_int_equal(s.alu / (s.ld + s.st), thesis[t]);
        printf("itermap iters=%-2u: %llu warps, %llu ALU / (%llu LD + %llu ST) = intensity %llu (thesis %u)\n",
               iters[t], (unsigned long long)s.warps, (unsigned long long)s.alu, (unsigned long long)s.ld,
               (unsigned long long)s.st, (unsigned long long)(s.alu / (s.ld + s.st)), thesis[t]);
        checked += s.warps;
    }
    printf("%llu warps checked instruction by instruction\n", checked);
}

static void size_is_2_to_the_20_threads_times_scale_in_whole_blocks(void **state)
{
    (void)state;
    static const struct { double scale; uint64_t ctas; } c[] = {
        {1.0, 1024}, {0.25, 256}, {0.02, 20}, {0.0001, 1}, {2.0, 2048}};
    for (unsigned i = 0; i < sizeof c / sizeof c[0]; i++) {
        gmc_workload_params_t p = {1, c[i].scale, -1};
        char err[256];
        gmc_workload_t *w = gmc_workload_new("itermap", &p, err, sizeof err);
        assert_non_null(w);
        assert_int_equal(gmc_kernel_ctas(gmc_workload_kernel(w, 0)), c[i].ctas);
        gmc_workload_delete(w);
    }
    walk_t s;
    walk(0, 0.02, &s);   /* iters=0: the fixed 6 only, intensity 3 */
    assert_int_equal(s.alu, 6 * s.warps);
}

static void bad_options_are_one_line(void **state)
{
    (void)state;
    static const struct { const char *name, *needle; } c[] = {
        {"itermap:iters=1025", "iters"}, {"itermap:iters=-1", "iters"}, {"itermap:its=4", "its"},
        {"itermap:iters=x", "iters"}};
    for (unsigned i = 0; i < sizeof c / sizeof c[0]; i++) {
        char err[256] = "";
        assert_null(gmc_workload_new(c[i].name, NULL, err, sizeof err));
        if (!strstr(err, c[i].needle) || !strstr(err, "expected") || strchr(err, '\n'))
            print_error("%s: %s\n", c[i].name, err);
        assert_non_null(strstr(err, c[i].needle));
        assert_non_null(strstr(err, "expected"));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_warp_is_the_thesis_kernel_and_the_intensities_are_the_thesis),
        cmocka_unit_test(size_is_2_to_the_20_threads_times_scale_in_whole_blocks),
        cmocka_unit_test(bad_options_are_one_line),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
