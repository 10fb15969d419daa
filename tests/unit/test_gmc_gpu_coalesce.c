/* The GPU harness's coalescer (gmc_coalesce, gmc_coalesce_lanes, the
 * strided form) on crafted and random warp instructions, and the popcount
 * it counts sectors with.  The other GPU harness tests: test_gmc_gpu.c
 * (conservation laws, statistics, channels and slices), test_gmc_gpu_cta.c
 * (CTA placement and limits), test_gmc_gpu_skip.c (skipping, determinism,
 * the watchdog). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "gpu/gmc_bits_impl.h"
#include "gpu/gmc_gpu_impl.h"
#include "test_util.h"

/* ---- coalescer ---- */
static gmc_inst_t lanes(uint64_t base, uint64_t stride, uint8_t width, uint32_t mask)
{
    gmc_inst_t in;
    memset(&in, 0, sizeof in);
    in.op = GMC_OP_LD;
    in.width = width;
    in.mask = mask;
    for (int l = 0; l < 32; l++)
        in.addr[l] = base + stride * (uint64_t)l;
    return in;
}

static void coalesced_4B_lanes_touch_one_line_four_sectors(void **s)
{
    (void)s;
    gmc_lsu_acc_t a[GMC_COALESCE_MAX];
    gmc_inst_t in = lanes(0x1000, 4, 4, ~0u);
    assert_int_equal(gmc_coalesce(&in, a), 1);
    assert_int_equal(a[0].line, 0x1000);
    assert_int_equal(a[0].sectors, 0xf);
}

static void stride_128_touches_32_lines_one_sector_each(void **s)
{
    (void)s;
    gmc_lsu_acc_t a[GMC_COALESCE_MAX];
    gmc_inst_t in = lanes(0x2020, 128, 4, ~0u);
    assert_int_equal(gmc_coalesce(&in, a), 32);
    for (int i = 0; i < 32; i++) {
        assert_int_equal(a[i].line, 0x2000 + 128 * (uint64_t)i);
        assert_int_equal(a[i].sectors, 0x2);
    }
}

static void inactive_lanes_touch_nothing(void **s)
{
    (void)s;
    gmc_lsu_acc_t a[GMC_COALESCE_MAX];
    gmc_inst_t in = lanes(0, 128, 4, 0x5);   /* lanes 0 and 2 */
    assert_int_equal(gmc_coalesce(&in, a), 2);
    assert_int_equal(a[1].line, 256);
    in.mask = 0;
    assert_int_equal(gmc_coalesce(&in, a), 0);
}

static void a_lane_crossing_a_line_touches_both(void **s)
{
    (void)s;
    gmc_lsu_acc_t a[GMC_COALESCE_MAX];
    gmc_inst_t in = lanes(0x7c, 0, 8, 1);   /* bytes 0x7c..0x83 */
    assert_int_equal(gmc_coalesce(&in, a), 2);
    assert_int_equal(a[0].line, 0);
    assert_int_equal(a[0].sectors, 0x8);
    assert_int_equal(a[1].line, 0x80);
    assert_int_equal(a[1].sectors, 0x1);
}

static void sixteen_byte_lanes_touch_four_lines(void **s)
{
    (void)s;
    gmc_lsu_acc_t a[GMC_COALESCE_MAX];
    gmc_inst_t in = lanes(0, 16, 16, ~0u);   /* 512 B */
    assert_int_equal(gmc_coalesce(&in, a), 4);
    for (int i = 0; i < 4; i++)
        assert_int_equal(a[i].sectors, 0xf);
}

/* Two coalescer outputs are the same accesses in the same order. */
static void assert_same_accesses(const gmc_lsu_acc_t *a, unsigned na, const gmc_lsu_acc_t *b, unsigned nb)
{
    assert_int_equal(na, nb);
    for (unsigned i = 0; i < na; i++) {
        assert_int_equal(a[i].line, b[i].line);
        assert_int_equal(a[i].sectors, b[i].sectors);
        assert_int_equal(a[i].op, b[i].op);
    }
}

/* The lane loop against the definition, byte by byte: every byte of every
 * active lane, in lane order, names its line (first touch appends it) and
 * sector.  Random gathers over a few lines (repeats, and lines whose
 * filter bits collide: the loop's scan is then taken) and over many
 * (nearly all new: the scan skipped); widths 1..32, random masks. */
static unsigned coalesce_bytes(const gmc_inst_t *in, gmc_lsu_acc_t *out)
{
    unsigned n = 0;
    const uint64_t w = in->width ? in->width : 4;
    for (unsigned l = 0; l < 32; l++) {
        if (!(in->mask >> l & 1))
            continue;
        for (uint64_t b = in->addr[l]; b < in->addr[l] + w; b++) {
            unsigned i = 0;
            while (i < n && out[i].line != (b & ~127ull))
                i++;
            if (i == n) {
                out[n].line = b & ~127ull;
                out[n].sectors = 0;
                out[n++].op = in->op;
            }
            out[i].sectors |= 1u << ((b >> 5) & 3);
        }
    }
    return n;
}

static void the_lane_loop_equals_its_definition_byte_by_byte(void **s)
{
    (void)s;
    uint64_t seed = 0xc0a1e5cebull, x = seed;
    unsigned cases = 100000, repeats = 0;
    for (unsigned k = 0; k < cases; k++) {
        test_lcg(&x);
        uint64_t r = x >> 11;
        gmc_inst_t in = lanes(0, 0, (uint8_t)(r % 33), (uint32_t)(x >> 3) | (k % 3 ? UINT32_MAX : 0));
        const uint64_t span = (r >> 6) % 2 ? 1024 : 1ull << 30;   /* a few lines or many */
        for (int l = 0; l < 32; l++) {
            test_lcg(&x);
            in.addr[l] = (x >> 20) % span;
        }
        gmc_lsu_acc_t a[GMC_COALESCE_MAX], b[GMC_COALESCE_MAX];
        unsigned na = gmc_coalesce_lanes(&in, a), nb = coalesce_bytes(&in, b);
        assert_same_accesses(a, na, b, nb);
        repeats += span == 1024;
    }
    printf("coalescer: %u random gathers (seed 0x%llx, %u over 8 lines) equal their byte-by-byte definition\n",
           cases, (unsigned long long)seed, repeats);
}

/* gmc_coalesce's unit-stride shortcut against the lane-by-lane loop:
 * random instructions, half of them unit-stride (any base, widths 1..32),
 * the rest near misses (one lane moved, one lane off, stride w + 1) and
 * random gathers; every access compared. */
static void unit_stride_shortcut_equals_the_lane_loop(void **s)
{
    (void)s;
    uint64_t seed = 0x5eed0c0a1e5ceull, x = seed;
    unsigned cases = 200000, shortcut = 0;
    for (unsigned k = 0; k < cases; k++) {
        test_lcg(&x);
        uint64_t r = x >> 11;
        uint8_t w = (uint8_t)(1 + (r % 32));
        uint64_t base = (r >> 8) % 100000;
        gmc_inst_t in = lanes(base, w, w, ~0u);
        switch ((r >> 30) % 8) {
        case 0: in.addr[(r >> 40) % 32] += 1 + (r >> 50) % 200; break;
        case 1: in.mask &= ~(1u << ((r >> 40) % 32)); break;
        case 2: in = lanes(base, w + 1u, w, ~0u); break;
        case 3:
            for (int l = 0; l < 32; l++)
                in.addr[l] = (x >> (l % 40)) % 4096;
            break;
        default: break;   /* unit stride */
        }
        if (k % 7 == 0)
            in.width = 0;   /* the 4-byte default */
        gmc_lsu_acc_t a[GMC_COALESCE_MAX], b[GMC_COALESCE_MAX];
        unsigned na = gmc_coalesce(&in, a), nb = gmc_coalesce_lanes(&in, b);
        assert_same_accesses(a, na, b, nb);
        shortcut += (r >> 30) % 8 >= 4;
    }
    printf("coalescer: %u random instructions (seed 0x%llx, %u unit-stride) equal lane by lane\n",
           cases, (unsigned long long)seed, shortcut);
}

/* gmc_popc32's nibble table (x < 16) and its SWAR count against the
 * compiler's: every 16-bit value, then random 32-bit ones. */
static void popc32_counts_every_mask(void **s)
{
    (void)s;
    uint64_t x = 0x9e3779b97f4a7c15ull;
    unsigned n = 0;
    for (uint32_t v = 0; v < 65536; v++, n++)
        assert_int_equal(gmc_popc32(v), __builtin_popcount(v));
    for (unsigned k = 0; k < 200000; k++, n++) {
        test_lcg(&x);
        uint32_t v = (uint32_t)(x >> 32);
        assert_int_equal(gmc_popc32(v), __builtin_popcount(v));
    }
    printf("gmc_popc32: %u masks equal __builtin_popcount\n", n);
}

/* The strided form (gmc_kernel.h) against the same lanes listed: random
 * bases, strides (negative, zero, line-sized and beyond, the unit ones
 * the coalescer takes without a check) and masks, widths 1..16 and the
 * default; every access compared with the lane loop on the listed copy. */
static void strided_form_coalesces_as_its_listed_lanes(void **s)
{
    (void)s;
    uint64_t seed = 0x57a1de5ull, x = seed;
    unsigned cases = 200000, unit = 0;
    for (unsigned k = 0; k < cases; k++) {
        test_lcg(&x);
        uint64_t r = x >> 11;
        uint8_t w = (uint8_t)(1 + (r % 16));
        int64_t st;
        switch ((r >> 8) % 6) {
        case 0: st = -(int64_t)(1 + (r >> 12) % 300); break;
        case 1: st = (int64_t)((r >> 12) % 5000); break;
        case 2: st = 128 * (int64_t)((r >> 12) % 5); break;
        default: st = w; break;   /* unit stride */
        }
        gmc_inst_t in;
        memset(&in, 0, sizeof in);
        in.op = (r >> 20) & 1 ? GMC_OP_ST : GMC_OP_LD;
        in.width = k % 7 == 0 ? 0 : w;   /* 0: the 4-byte default */
        in.mask = (r >> 24) % 4 ? ~0u : (uint32_t)(x >> 5);
        in.addr[0] = 0x100000 + (r >> 30) % 100000;
        in.stride = (int32_t)st;
        in.strided = 1;
        gmc_inst_t list = in;
        gmc_inst_expand(&list);
        assert_int_equal(list.strided, 0);
        for (unsigned l = 0; l < 32; l++)
            assert_int_equal(list.addr[l], in.addr[0] + (uint64_t)((int64_t)l * st));
        gmc_lsu_acc_t a[GMC_COALESCE_MAX], b[GMC_COALESCE_MAX];
        unsigned na = gmc_coalesce(&in, a), nb = gmc_coalesce_lanes(&list, b);
        assert_same_accesses(a, na, b, nb);
        unit += in.mask == ~0u && st == (in.width ? in.width : 4);
    }
    printf("coalescer: %u random strided instructions (seed 0x%llx, %u unit-stride) equal their listed lanes\n",
           cases, (unsigned long long)seed, unit);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(coalesced_4B_lanes_touch_one_line_four_sectors),
        cmocka_unit_test(unit_stride_shortcut_equals_the_lane_loop),
        cmocka_unit_test(the_lane_loop_equals_its_definition_byte_by_byte),
        cmocka_unit_test(popc32_counts_every_mask),
        cmocka_unit_test(strided_form_coalesces_as_its_listed_lanes),
        cmocka_unit_test(stride_128_touches_32_lines_one_sector_each),
        cmocka_unit_test(inactive_lanes_touch_nothing),
        cmocka_unit_test(a_lane_crossing_a_line_touches_both),
        cmocka_unit_test(sixteen_byte_lanes_touch_four_lines),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
