/* A hybrid memory (mc/gmc_hybrid.h, docs/pcm.md "Hybrid memory"): each
 * page placement's page-to-memory mapping against a slow reference over
 * random pages, BW-AWARE's share from the bandwidths, the memory system's
 * decode (every address in its memory's channels, no two bursts at one
 * location), the write profile on crafted requests, and bad settings.
 *
 * The slow references walk every page of a block in its rotated order and
 * deal the positions to the memories with an accumulator (Bresenham's
 * line), numbering each memory's pages as they come; the model computes
 * one page's memory and number in closed form.  They share only the
 * definition of a block's rotation (the seed's splitmix64 below). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "mc/gmc_hybrid.h"
#include "mc/gmc_mem.h"
#include "util/gmc_rng.h"

/* the rotation's definition (gmc_hybrid.h: "a seeded rotation of the block") */
static uint64_t mix(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

/* The reference for block blk of b pages, a of them to memory 1: mem[i]
 * and local[i] of page blk * b + i. */
static void ref_block(uint64_t a, uint64_t b, uint64_t seed, uint64_t blk, unsigned *mem,
                      uint64_t *local)
{
    const uint64_t r = mix(seed ^ mix(blk)) % b;
    uint64_t acc = 0, n0 = 0, n1 = 0;
    for (uint64_t q = 0; q < b; q++) {   /* rotated position q holds page (q - r) mod b */
        const uint64_t i = (q + b - r) % b;
        acc += a;
        if (acc >= b) {
            acc -= b;
            mem[i] = 1;
            local[i] = blk * a + n1++;
        } else {
            mem[i] = 0;
            local[i] = blk * (b - a) + n0++;
        }
    }
    assert_int_equal(n1, a);   /* exactly a of every b pages */
}

static void place(gmc_hybrid_place_t *p, gmc_place_t how, uint32_t a, uint32_t b, uint64_t seed,
                  const uint64_t *pages, size_t np)
{
    gmc_hybrid_cfg_t c;
    memset(&c, 0, sizeof c);
    c.placement = how;
    c.page_bits = 12;
    c.share_num = a;
    c.share_den = b;
    c.seed = seed;
    c.pages = pages;
    c.npages = np;
    c.channels = 1;
    char err[256];
    if (gmc_hybrid_place_init(p, &c, &c.dram, 1, err, sizeof err))
        fail_msg("%s", err);
}

static void ratio_placement_is_the_reference_on_random_pages(void **st)
{
    (void)st;
    gmc_rng_t rng;
    gmc_rng_seed(&rng, 38);
    unsigned mem[64];
    uint64_t local[64];
    uint64_t checked = 0, configs = 0;
    for (int k = 0; k < 200; k++, configs++) {
        const uint32_t b = 1 + (uint32_t)gmc_rng_below(&rng, 64), a = (uint32_t)gmc_rng_below(&rng, b + 1);
        const uint64_t seed = gmc_rng_u64(&rng);
        gmc_hybrid_place_t p;
        place(&p, GMC_PLACE_RATIO, a, b, seed, NULL, 0);
        for (int j = 0; j < 500; j++, checked++) {
            /* random pages, low and high (a 48-bit address space of 4 KB pages) */
            const uint64_t page = j & 1 ? gmc_rng_below(&rng, 1ull << 36) : gmc_rng_below(&rng, 4096);
            const uint64_t blk = page / p.b;
            ref_block(p.a, p.b, seed, blk, mem, local);
            uint64_t l;
            const unsigned m = gmc_hybrid_page(&p, page, &l);
            if (m != mem[page % p.b] || l != local[page % p.b])
                fail_msg("share %u/%u seed %llu page %llu: model memory %u local %llu, reference "
                         "%u %llu", a, b, (unsigned long long)seed, (unsigned long long)page, m,
                         (unsigned long long)l, mem[page % p.b], (unsigned long long)local[page % p.b]);
        }
        /* and every page of the first blocks: each memory's numbers are 0, 1, 2, ... */
        const uint64_t span = 8ull * p.b;
        uint8_t *seen = calloc(span, 2);
        for (uint64_t page = 0; page < span; page++) {
            uint64_t l;
            const unsigned m = gmc_hybrid_page(&p, page, &l);
            assert_true(l < span);
            assert_int_equal(seen[m * span + l], 0);
            seen[m * span + l] = 1;
        }
        for (uint64_t l = 0; l < 8ull * p.a; l++)
            assert_int_equal(seen[span + l], 1);
        for (uint64_t l = 0; l < 8ull * (p.b - p.a); l++)
            assert_int_equal(seen[l], 1);
        free(seen);
        gmc_hybrid_place_free(&p);
    }
    printf("# ratio: %llu random pages over %llu random shares and seeds equal the reference\n",
           (unsigned long long)checked, (unsigned long long)configs);
}

static void write_aware_placement_is_the_reference_on_random_pages(void **st)
{
    (void)st;
    gmc_rng_t rng;
    gmc_rng_seed(&rng, 8);
    uint64_t checked = 0;
    for (int k = 0; k < 50; k++) {
        /* a random ascending list of pages below 4096 */
        uint64_t list[4096];
        size_t np = 0;
        const uint64_t keep = 1 + gmc_rng_below(&rng, 8);
        for (uint64_t pg = 0; pg < 4096; pg++)
            if (gmc_rng_below(&rng, 8) < keep)
                list[np++] = pg;
        gmc_hybrid_place_t p;
        place(&p, GMC_PLACE_WRITE_AWARE, 0, 1, 0, list, np);
        for (int j = 0; j < 1000; j++, checked++) {
            const uint64_t page = gmc_rng_below(&rng, 5000);
            uint64_t in = 0, below = 0;
            for (size_t i = 0; i < np; i++) {   /* linear: membership and rank */
                in |= list[i] == page;
                below += list[i] < page;
            }
            uint64_t l;
            const unsigned m = gmc_hybrid_page(&p, page, &l);
            assert_int_equal(m, in);
            assert_int_equal(l, in ? below : page - below);
        }
        gmc_hybrid_place_free(&p);
    }
    printf("# write-aware: %llu random pages over 50 random page lists equal the reference\n",
           (unsigned long long)checked);
}

static void rarely_written_pages_are_those_with_few_writes(void **st)
{
    (void)st;
    const gmc_hybrid_page_count_t c[] = {{9, 5, 0}, {3, 1, 2}, {7, 0, 1}, {1, 4, 0}, {5, 0, 9}};
    uint64_t *p;
    size_t n = gmc_hybrid_rarely_written(c, 5, 0, &p);
    assert_int_equal(n, 2);
    assert_int_equal(p[0], 1);
    assert_int_equal(p[1], 9);
    free(p);
    n = gmc_hybrid_rarely_written(c, 5, 2, &p);
    assert_int_equal(n, 4);
    assert_int_equal(p[0], 1);
    assert_int_equal(p[1], 3);
    assert_int_equal(p[2], 7);
    assert_int_equal(p[3], 9);
    free(p);
}

static void bw_aware_share_is_the_bandwidth_ratio(void **st)
{
    (void)st;
    gmc_dram_cfg_t g6, g5;
    char err[256], warn[2048];
    assert_true(gmc_dram_cfg_preset("gddr6-rtx2060s", &g6, err, sizeof err, warn, sizeof warn) >= 0);
    assert_true(gmc_dram_cfg_preset("gddr5-hynix", &g5, err, sizeof err, warn, sizeof warn) >= 0);
    uint32_t a, b;
    /* 8 x 16 bits x 4 = 512 against 4 x 64 x 4 = 1024 bits per command clock: 2/3 */
    gmc_hybrid_bw_share(&g6, 8, &g5, 4, &a, &b);
    assert_int_equal(a, 2);
    assert_int_equal(b, 3);
    gmc_hybrid_bw_share(&g6, 12, &g6, 4, &a, &b);   /* one device: the channel share */
    assert_int_equal(a, 1);
    assert_int_equal(b, 4);
    /* a denominator above GMC_HYBRID_DEN_MAX is rounded to it */
    gmc_hybrid_bw_share(&g6, 4093, &g6, 3, &a, &b);
    assert_true(b <= GMC_HYBRID_DEN_MAX);
    assert_int_equal(a * 4096 / b, 3);
    /* and over pages the placement gives exactly that share */
    gmc_hybrid_cfg_t c;
    memset(&c, 0, sizeof c);
    c.dram = g5;
    c.channels = 4;
    c.placement = GMC_PLACE_BW_AWARE;
    c.page_bits = 12;
    c.seed = 3;
    gmc_hybrid_place_t p;
    assert_int_equal(gmc_hybrid_place_init(&p, &c, &g6, 8, err, sizeof err), 0);
    uint64_t n1 = 0, l;
    for (uint64_t page = 0; page < 3 * 10000; page++)
        n1 += gmc_hybrid_page(&p, page, &l);
    assert_int_equal(n1, 2 * 10000);
    printf("# bw-aware, 8 GDDR6 x16 channels + 4 GDDR5 x64: %llu of 30000 pages to memory 1 "
           "(2/3, its bandwidth share)\n", (unsigned long long)n1);
    gmc_hybrid_place_free(&p);
}

static void bad_settings_are_refused(void **st)
{
    (void)st;
    char err[256];
    gmc_place_t p;
    assert_int_equal(gmc_place_parse("bw_aware", &p, err, sizeof err), -1);
    assert_string_equal(err, "expected channel, ratio, bw-aware or write-aware, found 'bw_aware'");
    uint32_t a, b;
    assert_int_equal(gmc_hybrid_share_parse("3/2", &a, &b, err, sizeof err), -1);
    assert_non_null(strstr(err, "found '3/2'"));
    assert_int_equal(gmc_hybrid_share_parse("0.", &a, &b, err, sizeof err), -1);
    assert_int_equal(gmc_hybrid_share_parse("1/0", &a, &b, err, sizeof err), -1);
    assert_int_equal(gmc_hybrid_share_parse("0.25", &a, &b, err, sizeof err), 0);
    assert_int_equal(a * 4, b);
    assert_int_equal(gmc_hybrid_share_parse("1/3", &a, &b, err, sizeof err), 0);
    assert_int_equal(a, 1);
    assert_int_equal(b, 3);
    const uint64_t desc[] = {5, 3};
    gmc_hybrid_cfg_t c;
    memset(&c, 0, sizeof c);
    c.placement = GMC_PLACE_WRITE_AWARE;
    c.page_bits = 12;
    c.pages = desc;
    c.npages = 2;
    gmc_hybrid_place_t pl;
    assert_int_equal(gmc_hybrid_place_init(&pl, &c, &c.dram, 1, err, sizeof err), -1);
    assert_string_equal(err, "hybrid write-aware pages: expected ascending pages, found 3 after 5");
    c.placement = GMC_PLACE_RATIO;
    c.page_bits = 7;
    assert_int_equal(gmc_hybrid_place_init(&pl, &c, &c.dram, 1, err, sizeof err), -1);
    assert_string_equal(err, "hybrid page: expected 2^8..2^30 bytes, found 2^7");
}

/* ---- the memory system's part ---- */

static gmc_memsys_t *hybrid_ms(gmc_place_t how, int profile, const uint64_t *pages, size_t np,
                               char *err, size_t en)
{
    static gmc_hybrid_cfg_t h;
    gmc_memsys_cfg_t c;
    memset(&c, 0, sizeof c);
    char warn[2048];
    assert_true(gmc_dram_cfg_preset("gddr6-rtx2060s", &c.dram, err, en, warn, sizeof warn) >= 0);
    memset(&h, 0, sizeof h);
    h.dram = c.dram;
    h.dram.tRCD = 60;   /* a slower second memory on the same clock */
    h.dram.tWR = 200;
    h.channels = 4;
    h.placement = how;
    h.page_bits = 12;
    h.share_num = 1;
    h.share_den = 3;
    h.seed = 5;
    h.pages = pages;
    h.npages = np;
    h.profile = profile;
    c.channels = 6;
    char spec[256];
    assert_int_equal(gmc_hybrid_default_map(&c.dram, 6, &h.dram, 4, spec, sizeof spec, err, en), 0);
    assert_int_equal(gmc_addrmap_parse(spec, "t", &c.map, err, en), 0);
    c.refresh = 1;
    gmc_mc_cfg_defaults(&c.mc);
    c.hybrid = &h;
    return gmc_memsys_new(&c, err, en);
}

static int cmp_loc(const void *x, const void *y)
{
    const gmc_mem_loc_t *a = x, *b = y;
    if (a->channel != b->channel)
        return a->channel < b->channel ? -1 : 1;
    if (a->bank != b->bank)
        return a->bank < b->bank ? -1 : 1;
    if (a->row != b->row)
        return a->row < b->row ? -1 : 1;
    return a->col < b->col ? -1 : a->col > b->col;
}

static void every_burst_has_its_own_place_in_its_memory(void **st)
{
    (void)st;
    static const gmc_place_t modes[] = {GMC_PLACE_CHANNEL, GMC_PLACE_RATIO, GMC_PLACE_BW_AWARE,
                                        GMC_PLACE_WRITE_AWARE};
    uint64_t list[512];
    for (int i = 0; i < 512; i++)
        list[i] = 3 * (uint64_t)i + 1;
    enum { N = 40000 };
    gmc_mem_loc_t *loc = malloc(N * sizeof *loc);
    uint64_t *addr = malloc(N * sizeof *addr);
    for (unsigned k = 0; k < 4; k++) {
        char err[256];
        gmc_memsys_t *ms = hybrid_ms(modes[k], 0, list, 512, err, sizeof err);
        if (!ms)
            fail_msg("%s", err);
        assert_int_equal(gmc_memsys_memories(ms), 2);
        unsigned f1, n1;
        assert_int_equal(gmc_memsys_memory_channels(ms, 1, &f1, &n1), 0);
        assert_int_equal(f1, 6);
        assert_int_equal(n1, 4);
        gmc_rng_t rng;
        gmc_rng_seed(&rng, k);
        /* distinct bursts in the first 64 MB (far below both memories' capacity) */
        for (unsigned i = 0; i < N; i++) {
            addr[i] = (i * 2654435761u % (1u << 21)) * 32;
            gmc_memsys_locate(ms, addr[i], &loc[i]);
            const unsigned mem = loc[i].channel >= 6;
            assert_true(loc[i].channel < 10);
            if (modes[k] == GMC_PLACE_WRITE_AWARE) {   /* the listed pages, and only they */
                const uint64_t pg = addr[i] >> 12;
                assert_int_equal(mem, pg % 3 == 1 && pg < 1536);
            }
        }
        qsort(loc, N, sizeof *loc, cmp_loc);
        for (unsigned i = 1; i < N; i++)
            if (!cmp_loc(&loc[i - 1], &loc[i]))
                fail_msg("%s: two bursts at channel %u bank %u row %u col %u", gmc_place_name(modes[k]),
                         loc[i].channel, loc[i].bank, loc[i].row, loc[i].col);
        gmc_memsys_delete(ms);
    }
    printf("# %d distinct bursts per placement, each at its own channel, bank, row and column\n", N);
    free(loc);
    free(addr);
}

static void the_profile_counts_each_pages_reads_and_writes(void **st)
{
    (void)st;
    char err[256];
    gmc_memsys_t *ms = hybrid_ms(GMC_PLACE_BW_AWARE, 1, NULL, 0, err, sizeof err);
    if (!ms)
        fail_msg("%s", err);
    /* page 2: 3 reads; page 7: 2 reads 4 writes; page 40: 1 write */
    const struct { uint64_t page; int w, n; } plan[] = {{2, 0, 3}, {7, 0, 2}, {7, 1, 4}, {40, 1, 1}};
    unsigned sent = 0;
    for (unsigned i = 0; i < 4; i++)
        for (int j = 0; j < plan[i].n; j++) {
            gmc_mem_req_t r;
            memset(&r, 0, sizeof r);
            r.addr = (plan[i].page << 12) + 64u * (unsigned)j;
            r.is_write = (uint8_t)plan[i].w;
            while (gmc_memsys_send(ms, &r) != GMC_MEM_ACCEPTED)
                gmc_memsys_tick(ms);
            sent++;
        }
    gmc_memsys_finish(ms);
    const gmc_hybrid_page_count_t *c;
    const size_t n = gmc_memsys_page_profile(ms, &c);
    assert_int_equal(n, 3);
    uint64_t got[64][2];
    memset(got, 0, sizeof got);
    for (size_t i = 0; i < n; i++) {
        assert_true(c[i].page < 64);
        got[c[i].page][0] = c[i].reads;
        got[c[i].page][1] = c[i].writes;
    }
    assert_int_equal(got[2][0], 3);
    assert_int_equal(got[2][1], 0);
    assert_int_equal(got[7][0], 2);
    assert_int_equal(got[7][1], 4);
    assert_int_equal(got[40][0], 0);
    assert_int_equal(got[40][1], 1);
    uint64_t *p;
    assert_int_equal(gmc_hybrid_rarely_written(c, n, 0, &p), 1);
    assert_int_equal(p[0], 2);
    free(p);
    /* the memories' reports add up to the system's */
    gmc_memsys_memory_report_t r[2];
    gmc_memsys_memory_report(ms, gmc_memsys_now(ms), r);
    assert_int_equal(r[0].reads + r[1].reads + r[0].writes + r[1].writes, sent);
    assert_true(r[0].access_share + r[1].access_share > 0.999999 &&
                r[0].access_share + r[1].access_share < 1.000001);
    gmc_memsys_delete(ms);
}

static void a_hybrid_memory_refuses_channel_dram_too(void **st)
{
    (void)st;
    gmc_hybrid_cfg_t h;
    gmc_memsys_cfg_t c;
    memset(&c, 0, sizeof c);
    memset(&h, 0, sizeof h);
    char err[256], warn[2048];
    assert_true(gmc_dram_cfg_preset("gddr6-rtx2060s", &c.dram, err, sizeof err, warn, sizeof warn) >= 0);
    h.dram = c.dram;
    h.channels = 2;
    const gmc_dram_cfg_t *per[16] = {0};
    c.channel_dram = per;
    assert_int_equal(gmc_addrmap_preset("gddr6-rtx2060s", &c.map), 0);
    gmc_mc_cfg_defaults(&c.mc);
    c.hybrid = &h;
    assert_null(gmc_memsys_new(&c, err, sizeof err));
    assert_string_equal(err, "hybrid memory: expected its devices alone, found channel_dram too");
    c.channel_dram = NULL;
    h.dram.tck_ps = 300;
    assert_null(gmc_memsys_new(&c, err, sizeof err));
    assert_non_null(strstr(err, "expected tck_ps = 286"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ratio_placement_is_the_reference_on_random_pages),
        cmocka_unit_test(write_aware_placement_is_the_reference_on_random_pages),
        cmocka_unit_test(rarely_written_pages_are_those_with_few_writes),
        cmocka_unit_test(bw_aware_share_is_the_bandwidth_ratio),
        cmocka_unit_test(bad_settings_are_refused),
        cmocka_unit_test(every_burst_has_its_own_place_in_its_memory),
        cmocka_unit_test(the_profile_counts_each_pages_reads_and_writes),
        cmocka_unit_test(a_hybrid_memory_refuses_channel_dram_too),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
