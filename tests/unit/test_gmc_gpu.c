/* The GPU harness: coalescer, dispatch, and the closed loop's invariants
 * on small kernels (tests/unit/gpu_test_kernels.h).  The warp schedulers and
 * the CTA dispatchers as plug-ins: test_gmc_wsched.c, test_gmc_dispatch.c. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "gpu/gmc_bits_impl.h"
#include "gpu/gmc_gpu_impl.h"
#include "gpu/gmc_workload.h"
#include "mem/gmc_dram_cfg.h"
#include "test_gpu.h"
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

/* gmc_gpu_slice_of's channel (its own copy of the channel runs, a mask
 * for a power-of-two channel count) against the memory system's decode,
 * and, where the GPU looks a line's slice up once (slice_by_line), every
 * sector of the line in that slice: every preset, random addresses. */
static void slice_of_agrees_with_the_memory_system_and_its_line(void **s)
{
    (void)s;
    uint64_t x = 0x511ce5ull;
    unsigned checked = 0, by_line = 0;
    for (unsigned p = 0; gmc_machine_preset_name(p); p++) {
        gmc_gpu_t *g = machine(gmc_machine_preset_name(p), 0);
        by_line += g->slice_by_line != 0;
        for (unsigned k = 0; k < 20000; k++, checked++) {
            test_lcg(&x);
            uint64_t a = (x >> 16) & 0xffffffffull;
            unsigned sl = gmc_gpu_slice_of(g, a);
            assert_int_equal(sl / g->spc, gmc_memsys_channel_of(g->ms, a));
            if (g->slice_by_line)
                assert_int_equal(sl, gmc_gpu_slice_of(g, a & ~127ull));
        }
        gmc_gpu_delete(g);
    }
    assert_true(by_line > 0);
    /* A map with a channel bit inside the line: not by line, and still right. */
    char err[512];
    gmc_addrmap_t map;
    assert_int_equal(gmc_addrmap_parse("Row[29:18] Bank[17:15] Col[14:11] Bank[10] Col[9:8] Ch[7:6] Block[5:0]",
                                       "test", &map, err, sizeof err), 0);
    gmc_gpu_cfg_t c;
    test_gpu_cfg(&c, "pae-gddr5");
    c.map = &map;
    gmc_gpu_t *g = test_gpu_new(&c);
    assert_false(g->slice_by_line);
    unsigned split = 0;
    for (unsigned k = 0; k < 20000; k++, checked++) {
        test_lcg(&x);
        uint64_t a = (x >> 16) & 0x3fffffffull;
        assert_int_equal(gmc_gpu_slice_of(g, a) / g->spc, gmc_memsys_channel_of(g->ms, a));
        split += gmc_gpu_slice_of(g, a) != gmc_gpu_slice_of(g, a & ~127ull);
    }
    assert_true(split > 0);   /* the test map does split lines */
    gmc_gpu_delete(g);
    printf("slice_of: %u addresses on every preset and a line-splitting map agree with the memory "
           "system (%u presets by line)\n", checked, by_line);
}

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

/* ---- closed loop ---- */
static void every_load_completes_and_every_warp_exits(void **s)
{
    (void)s;
    gmc_gpu_stats_t st;
    tk_t t = {6, 1, 32 << 20, 7};
    free(run_json("rtx2060s", &t, 128, 0, &st));
    uint64_t warps = 128 * 8;
    assert_int_equal(st.ctas, 128);
    assert_int_equal(st.load_warps, warps * 6);
    assert_int_equal(st.load_warp_time.n, warps * 6);   /* each completed exactly once */
    assert_int_equal(st.op_count[GMC_OP_EXIT], warps);
    assert_int_equal(st.instructions, warps * (6 * 3 + 1));
}

static void sector_requests_are_conserved(void **s)
{
    (void)s;
    for (uint32_t kind = 0; kind < 2; kind++) {
        tk_t t = {4, kind, 4 << 20, 3};
        gmc_gpu_t *g = machine("rtx2060s", 0);
        gmc_kernel_t k;
        tk_make(&k, &t, 96, 256);
        char err[512];
        assert_int_equal(gmc_gpu_run(g, &k, err, sizeof err), 0);
        gmc_gpu_stats_t st;
        gmc_gpu_stats(g, &st);
        /* every load sector is an L1 hit, merges into an L1 miss, or goes on */
        assert_int_equal(st.l1_read_sectors, st.l1_hit_sectors + g->l1_merged + g->l1_sent);
        /* every sector sent on is an L2 hit, an L2 merge, or a DRAM read */
        assert_int_equal(g->l1_sent, st.l2_hit_sectors + g->l2_merged + g->l2_sent);
        assert_int_equal(g->l2_sent, st.dram_reads);
        /* so: sectors the loads asked for = L1 hits + L2 hits + DRAM reads + merges */
        assert_int_equal(st.l1_read_sectors, st.l1_hit_sectors + st.l2_hit_sectors + st.dram_reads +
                                                 g->l1_merged + g->l2_merged);
        print_message("conservation (%s): %llu load sectors = %llu L1 hits + %llu L2 hits + %llu DRAM "
                      "reads + %llu + %llu merged\n", kind ? "gather" : "copy",
                      (unsigned long long)st.l1_read_sectors, (unsigned long long)st.l1_hit_sectors,
                      (unsigned long long)st.l2_hit_sectors, (unsigned long long)st.dram_reads,
                      (unsigned long long)g->l1_merged, (unsigned long long)g->l2_merged);
        gmc_gpu_delete(g);
    }
}

/* An atomic is performed at the L2: the sector it reads is left dirty, so
 * evicting it writes it back.  Each sector here gets one atomic, over a
 * footprint twelve times the L2's, so all but at most an L2's worth are
 * written back -- a sector's atomic is the first waiter that rides in its
 * DRAM request's tag (gmc_l2.c), and its atomic flag with it: drop the
 * flag and the sectors come back clean, and no write goes out. */
static void atomics_leave_their_sectors_dirty(void **s)
{
    (void)s;
    char err[512];
    gmc_gpu_t *g = machine_with("rtx2060s", 0, 0, 8192);   /* 32 slices of 64 lines: 8,192 sectors */
    tk_t t = {4, 2, 0, 0};
    gmc_kernel_t k;
    tk_make(&k, &t, 96, 256);
    assert_int_equal(gmc_gpu_run(g, &k, err, sizeof err), 0);
    gmc_gpu_stats_t st;
    gmc_gpu_stats(g, &st);
    const uint64_t sectors = 96 * 8 * 4 * 32, l2 = 32 * 8192 / 32;
    assert_int_equal(st.dram_reads, sectors);   /* no sector was touched before its atomic */
    assert_true(st.dram_writes >= sectors - l2);
    print_message("atomics: %llu sectors read from DRAM, %llu written back (an L2 holds %llu)\n",
                  (unsigned long long)st.dram_reads, (unsigned long long)st.dram_writes,
                  (unsigned long long)l2);
    gmc_gpu_delete(g);
}

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
    const char *presets[] = {"rtx2060s", "pae-gddr5", "yuan-gddr3"};
    unsigned runs = 0;
    for (int p = 0; p < 3; p++)
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

/* The histogram form of a distribution gives the sample form's numbers:
 * random histograms (sparse, dense, one value, empty) over 0..64. */
static void histogram_distribution_equals_the_sorted_samples(void **state)
{
    (void)state;
    uint64_t x = 12345, h[65];
    unsigned cases = 0;
    for (unsigned c = 0; c < 3000; c++) {
        memset(h, 0, sizeof h);
        gmc_samples_t s = {0};
        test_lcg(&x);
        unsigned kinds = (unsigned)(x >> 60), nvals = c % 4 == 0 ? 1 : 1 + (unsigned)(x >> 33) % 65;
        for (unsigned i = 0; c % 97 && i < nvals; i++) {
            test_lcg(&x);
            unsigned v = (unsigned)(x >> 40) % 65, k = 1 + (unsigned)(x >> 20) % (kinds & 1 ? 3 : 200);
            h[v] += k;
            for (unsigned j = 0; j < k; j++)
                gmc_gpu_sample(&s, v);
        }
        gmc_dist_t a, b;
        gmc_gpu_dist(&s, &a);
        gmc_gpu_hist_dist(h, 65, &b);
        assert_int_equal(a.n, b.n);
        assert_true(a.mean == b.mean || (a.mean - b.mean < 1e-9 && b.mean - a.mean < 1e-9));
        assert_int_equal(a.p25, b.p25);
        assert_int_equal(a.p50, b.p50);
        assert_int_equal(a.p75, b.p75);
        assert_int_equal(a.p95, b.p95);
        assert_int_equal(a.p99, b.p99);
        assert_int_equal(a.max, b.max);
        free(s.v);
        cases++;
    }
    printf("histogram distributions: %u random cases equal to the sorted samples'\n", cases);
}

/* load_warp_channels past 64 channels (an HBM-sized machine, 96 and 128
 * channels): every load of a gather kernel reads 32 lines no other load
 * reads, so all 32 sectors are DRAM reads and the channels a load's data
 * came from are the channels of its lines.  The histogram is checked bin
 * by bin against that count made from the lane addresses; a channel set
 * of one 64-bit word (channel mod 64) gets loads that span channels c and
 * c + 64 wrong. */
static void load_channels_are_exact_past_64_channels(void **state)
{
    (void)state;
    const unsigned chans[] = {96, 128};
    unsigned loads_checked = 0, differ_mod64 = 0;
    for (unsigned ci = 0; ci < 2; ci++) {
        char err[512], warn[512];
        gmc_dram_cfg_t d;
        assert_true(gmc_dram_cfg_preset("gddr6-rtx2060s", &d, err, sizeof err, warn, sizeof warn) >= 0);
        d.channels = chans[ci];
        gmc_gpu_cfg_t c;
        test_gpu_machine(&c, "rtx2060s");
        snprintf(c.machine.addr_map, sizeof c.machine.addr_map, "derived");
        c.machine.dram_channels = 0;   /* the device's */
        c.dram = &d;
        test_gpu_defaults(&c);
        gmc_gpu_t *g = test_gpu_new(&c);
        assert_int_equal(g->nch, chans[ci]);
        tk_t t = {2, 1, 1ull << 36, 40 + ci};
        const uint32_t ctas = 64, threads = 256;
        gmc_kernel_t k;
        tk_make(&k, &t, ctas, threads);
        assert_int_equal(gmc_gpu_run(g, &k, err, sizeof err), 0);
        gmc_gpu_stats_t st;
        gmc_gpu_stats(g, &st);
        /* the premise: no sector hit or merged anywhere */
        assert_int_equal(st.l1_hit_sectors + st.l2_hit_sectors + g->l1_merged + g->l2_merged, 0);
        uint64_t *ref = calloc(g->nch + 1, sizeof *ref);
        assert_non_null(ref);
        gmc_warp_cursor_t cur;
        gmc_inst_t in;
        for (uint64_t gw = 0; gw < (uint64_t)ctas * threads / 32; gw++) {
            tk_begin(&k, (uint32_t)(gw / (threads / 32)), (uint32_t)(gw % (threads / 32)), &cur);
            while (tk_next(&k, &cur, &in, err, sizeof err) && in.op != GMC_OP_EXIT) {
                if (in.op != GMC_OP_LD)
                    continue;
                uint64_t set[4] = {0}, m64 = 0;
                for (int l = 0; l < 32; l++) {
                    unsigned ch = gmc_memsys_channel_of(g->ms, in.addr[l]);
                    set[ch / 64] |= 1ull << (ch % 64);
                    m64 |= 1ull << (ch % 64);
                }
                unsigned n = gmc_popc64(set[0]) + gmc_popc64(set[1]) + gmc_popc64(set[2]) + gmc_popc64(set[3]);
                ref[n]++;
                differ_mod64 += gmc_popc64(m64) != n;
                loads_checked++;
            }
        }
        for (unsigned v = 0; v <= g->nch; v++)
            if (ref[v] != g->chan_hist[v])
                fail_msg("%u channels: loads over %u channels: %llu, expected %llu", chans[ci], v,
                         (unsigned long long)g->chan_hist[v], (unsigned long long)ref[v]);
        free(ref);
        gmc_gpu_delete(g);
    }
    assert_true(differ_mod64 > 0);   /* the case would catch a channel set mod 64 */
    printf("load channels past 64 channels: %u loads, histogram exact (%u of them span channels c and c + 64)\n",
           loads_checked, differ_mod64);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(coalesced_4B_lanes_touch_one_line_four_sectors),
        cmocka_unit_test(unit_stride_shortcut_equals_the_lane_loop),
        cmocka_unit_test(the_lane_loop_equals_its_definition_byte_by_byte),
        cmocka_unit_test(popc32_counts_every_mask),
        cmocka_unit_test(strided_form_coalesces_as_its_listed_lanes),
        cmocka_unit_test(slice_of_agrees_with_the_memory_system_and_its_line),
        cmocka_unit_test(stride_128_touches_32_lines_one_sector_each),
        cmocka_unit_test(inactive_lanes_touch_nothing),
        cmocka_unit_test(a_lane_crossing_a_line_touches_both),
        cmocka_unit_test(sixteen_byte_lanes_touch_four_lines),
        cmocka_unit_test(ctas_go_round_robin_over_the_sms),
        cmocka_unit_test(every_load_completes_and_every_warp_exits),
        cmocka_unit_test(sector_requests_are_conserved),
        cmocka_unit_test(atomics_leave_their_sectors_dirty),
        cmocka_unit_test(same_seed_same_report),
        cmocka_unit_test(skipping_idle_dram_cycles_changes_nothing),
        cmocka_unit_test(skipping_idle_parts_and_jumping_idle_stretches_change_nothing),
        cmocka_unit_test(the_watchdog_stops_a_run_that_makes_no_progress),
        cmocka_unit_test(warps_without_instructions_are_progress),
        cmocka_unit_test(a_cta_that_fits_no_sm_is_an_error),
        cmocka_unit_test(ignore_limits_runs_one_oversized_cta_per_sm),
        cmocka_unit_test(histogram_distribution_equals_the_sorted_samples),
        cmocka_unit_test(load_channels_are_exact_past_64_channels),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
