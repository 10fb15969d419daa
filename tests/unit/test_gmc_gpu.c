/* The GPU harness's closed loop on small kernels (gpu_test_kernels.h):
 * every load completes and every warp exits, sectors are conserved from
 * the L1 to DRAM, atomics leave their sectors dirty; its statistics (the
 * histogram form of a distribution, load channels past 64 channels); an
 * address's L2 slice and its channel.  The rest of the harness:
 * test_gmc_gpu_coalesce.c (the coalescer), test_gmc_gpu_cta.c (CTA
 * placement and limits), test_gmc_gpu_skip.c (skipping, determinism, the
 * watchdog); the warp schedulers and the CTA dispatchers as plug-ins:
 * test_gmc_wsched.c, test_gmc_dispatch.c. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "gpu/gmc_bits_impl.h"
#include "gpu/gmc_gpu_impl.h"
#include "mem/gmc_dram_cfg.h"
#include "test_gpu.h"
#include "test_util.h"

/* ---- channels and slices ---- */
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

/* ---- statistics ---- */
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
        cmocka_unit_test(slice_of_agrees_with_the_memory_system_and_its_line),
        cmocka_unit_test(every_load_completes_and_every_warp_exits),
        cmocka_unit_test(sector_requests_are_conserved),
        cmocka_unit_test(atomics_leave_their_sectors_dirty),
        cmocka_unit_test(histogram_distribution_equals_the_sorted_samples),
        cmocka_unit_test(load_channels_are_exact_past_64_channels),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
