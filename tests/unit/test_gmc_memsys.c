/* gmc_memsys: address path, back-pressure, channels in parallel, and the
 * statistics (latency percentiles, BLP, DRAM efficiency). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "mc/gmc_memsys_impl.h"
#include "util/gmc_rng.h"
#include "test_util.h"
#include "test_mem.h"

typedef struct { const gmc_memtrace_rec_t *r; unsigned n, i; } arr_src_t;

static int arr_src(void *ctx, gmc_memtrace_rec_t *r, char *err, size_t n)
{
    arr_src_t *a = ctx;
    (void)err, (void)n;
    if (a->i == a->n)
        return 0;
    *r = a->r[a->i++];
    return 1;
}

static gmc_mc_req_t served[64];
static unsigned nserved;
static uint64_t digest;   /* of everything served, in order */
static void on_served(void *ctx, unsigned ch, const gmc_mc_req_t *r)
{
    (void)ctx;
    if (nserved < 64)
        served[nserved] = *r;
    nserved++;
    const uint64_t v[] = {ch, r->id, r->arrival, r->first_cmd, r->done, r->cls};
    for (unsigned k = 0; k < 6; k++)
        digest = test_fnv(digest, v[k]);
}

static void setup(gmc_memsys_t *ms, const char *preset, unsigned channels, unsigned rq)
{
    gmc_memsys_cfg_t c;
    char err[256];
    test_memsys_cfg(&c, preset, channels);
    c.mc.rq = rq;
    if (gmc_memsys_init(ms, &c, err, sizeof err))
        fail_msg("%s", err);
    gmc_memsys_set_served(ms, on_served, NULL);
    nserved = 0;
}

static void run(gmc_memsys_t *ms, const gmc_memtrace_rec_t *r, unsigned n)
{
    arr_src_t a = {r, n, 0};
    char err[256];
    if (gmc_memsys_run(ms, arr_src, &a, err, sizeof err))
        fail_msg("%s", err);
    assert_int_equal(nserved, n);
}

/* gddr6 map: Row[32:18] Bank[17:14] Col[13:12] Ch[11:8] Col[7:5] Block[4:0] */
#define G6(ch, bank, row) \
    (((uint64_t)(row) << 18) | ((uint64_t)(bank) << 14) | ((uint64_t)(ch) << 8))
#define RD_AT(t, a) {(t), (a), 0, 0, 0, 0, 1, 0, 0}

static void back_pressure_holds_requests_outside_a_full_queue(void **st)
{
    (void)st;
    gmc_memsys_t ms;
    setup(&ms, "gddr6-rtx2060s", 1, 2);
    const gmc_memtrace_rec_t r[] = {RD_AT(0, G6(0, 0, 1)), RD_AT(0, G6(0, 0, 1)),
                                    RD_AT(0, G6(0, 0, 1)), RD_AT(0, G6(0, 1, 1))};
    run(&ms, r, 4);
    const gmc_dram_cfg_t *c = &ms.dev[0].cfg;
    /* 0 and 1 enter at 0; 2 takes the slot 0 frees with its RD at tRCD,
     * from the next cycle; 3 (another bank) waits behind 2: one in-order
     * source. */
    assert_int_equal(served[0].arrival, 0);
    assert_int_equal(served[1].arrival, 0);
    assert_int_equal(served[2].offered, 0);
    assert_int_equal(served[2].arrival, c->tRCD + 1);
    assert_int_equal(served[3].arrival, c->tRCD + c->tCCD_L + 1);
    assert_int_equal(ms.mc[0].st.outside_max, c->tRCD + c->tCCD_L + 1);
    gmc_memsys_free(&ms);
}

static void channels_run_in_parallel_and_fold_modulo_channels(void **st)
{
    (void)st;
    gmc_memsys_t ms;
    setup(&ms, "gddr6-rtx2060s", 0, 64);
    const gmc_memtrace_rec_t r[] = {RD_AT(0, G6(0, 0, 1)), RD_AT(0, G6(5, 0, 1))};
    run(&ms, r, 2);
    const gmc_dram_cfg_t *c = &ms.dev[0].cfg;
    uint64_t miss = c->tRCD + c->tCL + c->tBURST;
    assert_int_equal(served[0].done, miss);
    assert_int_equal(served[1].done, miss);   /* channel 5 works at the same time */
    assert_int_equal(ms.cycles, miss);
    gmc_memsys_free(&ms);
    setup(&ms, "gddr6-rtx2060s", 4, 64);      /* channel 5 folds onto 1 */
    gmc_mem_loc_t q;
    gmc_memsys_decode(&ms, G6(5, 3, 77), &q);
    assert_int_equal(q.channel, 1);
    assert_int_equal(q.bank, 3);
    assert_int_equal(q.row, 77);
    gmc_memsys_free(&ms);
}

/* n random addresses through gmc_memsys_decode and through the map's own
 * decode (gmc_addrmap_decode, the channel modulo the channels): the same
 * channel, bank, row and column, or the test fails naming the map. */
static unsigned decodes_match(const gmc_memsys_t *ms, gmc_rng_t *rng, const char *what, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        uint64_t a = gmc_rng_u64(rng);
        gmc_dramaddr_t f;
        gmc_addrmap_decode(&ms->map, a & ms->amask, &f);
        gmc_mem_loc_t q;
        gmc_memsys_decode(ms, a, &q);
        const unsigned ch = q.channel;
        if (ch != gmc_memsys_channel_of(ms, a))
            fail_msg("map %s, %u channels, address %#llx: channel_of %u, decode %u", what, ms->nch,
                     (unsigned long long)a, gmc_memsys_channel_of(ms, a), ch);
        if (ch != f.f[GMC_F_CH] % ms->nch || q.bank != f.f[GMC_F_BANK] ||
            q.row != f.f[GMC_F_ROW] || q.col != f.f[GMC_F_COL])
            fail_msg("map %s, %u channels, address %#llx: decoded ch %u bank %u row %u col %u",
                     what, ms->nch, (unsigned long long)a, ch, q.bank, q.row, q.col);
    }
    return n;
}

/* The geometry's masks as keys of the decode (gmc_mem.h): addresses that
 * agree on row_mask decode to the same channel, bank and row; where the
 * map makes the bank and the row bits of the address (no BIM, no modulus:
 * bank_row_mask is not 0), flipping an address bit under bank_row_mask
 * changes them and flipping any other bit does not. */
static unsigned masks_are_keys(const gmc_memsys_t *ms, gmc_rng_t *rng, const char *what, unsigned n)
{
    gmc_mem_geometry_t geo;
    gmc_memsys_geometry(ms, &geo);
    assert_true((geo.bank_row_mask == 0) == (ms->bim || ms->map.ch_mod));
    for (unsigned i = 0; i < n; i++) {
        const uint64_t a = gmc_rng_u64(rng) & ms->amask;
        const uint64_t b = a ^ (gmc_rng_u64(rng) & ~geo.row_mask & ms->amask);
        gmc_mem_loc_t p, q;
        gmc_memsys_decode(ms, a, &p);
        gmc_memsys_decode(ms, b, &q);
        if (p.channel != q.channel || p.bank != q.bank || p.row != q.row)
            fail_msg("map %s: %#llx and %#llx agree on row_mask %#llx but decode apart", what,
                     (unsigned long long)a, (unsigned long long)b, (unsigned long long)geo.row_mask);
        if (!geo.bank_row_mask)
            continue;
        const unsigned bit = (unsigned)gmc_rng_below(rng, ms->map.width);
        const uint64_t c = a ^ (1ull << bit);
        gmc_memsys_decode(ms, c, &q);
        const int same = p.bank == q.bank && p.row == q.row;
        if (same != !(geo.bank_row_mask >> bit & 1))
            fail_msg("map %s: bit %u of %#llx %s bank_row_mask %#llx but %s bank and row", what, bit,
                     (unsigned long long)a, same ? "under" : "outside",
                     (unsigned long long)geo.bank_row_mask, same ? "keeps" : "changes");
    }
    return n;
}

/* gmc_memsys_decode's packed form (fields laid end to end, one masked
 * shift per distance) against gmc_addrmap_decode, the map's definition:
 * random maps -- the preset's field widths scattered over its address
 * bits in random runs -- and random addresses, at the device's channel
 * count (a mask), at 6 (a modulus) and at 1; plus a Ch% map, which keeps
 * the map's own decode. */
static void packed_decode_equals_the_maps_definition(void **st)
{
    (void)st;
    gmc_rng_t rng;
    gmc_rng_seed(&rng, 11);
    unsigned maps = 0, packed = 0, checked = 0, keyed = 0;
    for (unsigned round = 0; round < 400; round++) {
        gmc_memsys_cfg_t c;
        char err[256], spec[1024];
        test_memsys_cfg(&c, round % 2 ? "gddr5-hynix" : "gddr6-rtx2060s", round % 3 ? 0 : round % 4 ? 6 : 1);
        const gmc_addrmap_t *pm = &c.map;
        uint8_t field[64];
        for (unsigned b = 0; b < pm->width; b++)
            field[b] = pm->field[b];
        if (round % 7)   /* else the preset's own map */
            for (unsigned b = pm->width - 1; b > 0; b--) {   /* Fisher-Yates */
                unsigned j = (unsigned)gmc_rng_below(&rng, b + 1);
                uint8_t t = field[b];
                field[b] = field[j];
                field[j] = t;
            }
        size_t k = 0;
        static const char *const nm[] = {"Block", "Col", "Ch", "Bank", "Row"};
        for (int hi = (int)pm->width - 1; hi >= 0;) {
            int lo = hi;
            while (lo > 0 && field[lo - 1] == field[hi])
                lo--;
            k += (size_t)snprintf(spec + k, sizeof spec - k, "%s[%d:%d] ", nm[field[hi]], hi, lo);
            hi = lo - 1;
        }
        if (gmc_addrmap_parse(spec, "random", &c.map, err, sizeof err))
            continue;   /* more than GMC_ADDRMAP_MAX_SLICES runs */
        gmc_memsys_t ms;
        if (gmc_memsys_init(&ms, &c, err, sizeof err))
            fail_msg("%s: %s (width %u)", spec, err, pm->width);
        maps++;
        packed += ms.pk_n > 0;
        checked += decodes_match(&ms, &rng, spec, 2000);
        keyed += masks_are_keys(&ms, &rng, spec, 500);
        gmc_memsys_free(&ms);
        /* the same map behind a random BIM (rows XORed into other rows:
         * invertible): row_mask through the matrix, no bank_row_mask */
        gmc_gf2_t m;
        gmc_gf2_identity(&m, c.map.width);
        for (unsigned k = 0; k < 8; k++) {
            unsigned i = (unsigned)gmc_rng_below(&rng, m.n), j = (unsigned)gmc_rng_below(&rng, m.n);
            if (i != j)
                m.row[i] ^= m.row[j];
        }
        c.bim = &m;
        if (gmc_memsys_init(&ms, &c, err, sizeof err))
            fail_msg("%s with a BIM: %s", spec, err);
        keyed += masks_are_keys(&ms, &rng, spec, 500);
        gmc_memsys_free(&ms);
    }
    /* a Ch% map: the packed form does not apply, the map's decode runs */
    gmc_memsys_cfg_t c;
    char err[256];
    test_memsys_cfg(&c, "gddr5-hynix", 3);
    assert_int_equal(gmc_addrmap_parse("Row[27:16] Bank[15:12] Col[11:9] Ch%4@9 Col[8:6] Block[5:0]",
                                       "modulo", &c.map, err, sizeof err), 0);
    gmc_memsys_t ms;
    if (gmc_memsys_init(&ms, &c, err, sizeof err))
        fail_msg("%s", err);
    assert_int_equal(ms.pk_n, 0);
    checked += decodes_match(&ms, &rng, "the Ch% map", 2000);
    keyed += masks_are_keys(&ms, &rng, "the Ch% map", 2000);
    gmc_memsys_free(&ms);
    print_message("packed decode: %u random maps (%u packed), %u addresses compared; row_mask and "
                  "bank_row_mask as keys: %u addresses (half behind a random BIM)\n", maps, packed,
                  checked, keyed);
    assert_true(maps >= 300 && packed == maps);
}

static void latency_percentiles_blp_and_efficiency_follow_their_definitions(void **st)
{
    (void)st;
    gmc_memsys_t ms;
    setup(&ms, "gddr5-hynix", 1, 64);
    /* Two banks opened at once, one request each; far later one hit. */
    /* gddr5: Row[29:18] Bank[17:15] Col[14:11] Bank[10] Ch[9:8] Col[7:6] Block[5:0] */
    const gmc_memtrace_rec_t r[] = {RD_AT(0, 0), RD_AT(0, (uint64_t)1 << 15),
                                    RD_AT(1000, (uint64_t)1 << 11)};
    run(&ms, r, 3);
    const gmc_dram_cfg_t *c = &ms.dev[0].cfg;
    uint64_t miss = c->tRCD + c->tCL + c->tBURST, hit = c->tCL + c->tBURST;
    /* the second bank's ACT waits tRRD behind the first's */
    uint64_t l1 = served[1].done - served[1].arrival;
    assert_int_equal(served[0].done, miss);
    assert_int_equal(l1, miss + c->tRRD_L);
    gmc_hist_t *h = &ms.stats.lat[GMC_LAT_ALL];
    assert_int_equal(h->n, 3);
    assert_int_equal(gmc_hist_percentile(h, 50), miss);      /* nearest rank 2 of 3 */
    assert_int_equal(gmc_hist_percentile(h, 1), hit);
    assert_int_equal(gmc_hist_percentile(h, 99), l1);
    assert_int_equal(h->max, l1);
    gmc_memsys_totals_t t;
    gmc_memsys_totals(&ms, &t);
    /* pending: [0, l1) with two banks busy until the first finishes, then
     * [1000, 1000 + hit) with one */
    assert_int_equal(t.mc.pending_cycles, l1 + hit);
    assert_int_equal(t.mc.blp_sum, 2 * miss + (l1 - miss) + hit);
    assert_int_equal(t.dram.data_busy, 3 * c->tBURST);
    assert_int_equal(t.mc.cls[GMC_CLS_HIT], 1);
    assert_int_equal(t.mc.cls[GMC_CLS_MISS], 2);
    gmc_memsys_free(&ms);
}

static void histogram_percentiles_stay_exact_past_the_buckets(void **st)
{
    (void)st;
    gmc_hist_t h;
    assert_int_equal(gmc_hist_init(&h), 0);
    for (uint64_t v = 1; v <= 100; v++)
        gmc_hist_add(&h, v < 90 ? v : GMC_HIST_BUCKETS + 1000 - v);   /* 11 overflow values */
    assert_int_equal(gmc_hist_percentile(&h, 50), 50);
    assert_int_equal(gmc_hist_percentile(&h, 89), 89);                      /* last bucket */
    assert_int_equal(gmc_hist_percentile(&h, 90), GMC_HIST_BUCKETS + 900);   /* first overflow */
    assert_int_equal(gmc_hist_percentile(&h, 91), GMC_HIST_BUCKETS + 901);
    assert_int_equal(gmc_hist_percentile(&h, 100), GMC_HIST_BUCKETS + 910);
    assert_int_equal(h.max, GMC_HIST_BUCKETS + 910);
    gmc_hist_free(&h);
}

static void gddr3_gets_a_map_derived_from_its_geometry(void **st)
{
    (void)st;
    gmc_dram_cfg_t c;
    char err[256], spec[256], warn[512] = "";
    assert_true(gmc_dram_cfg_preset("gddr3", &c, err, sizeof err, warn, sizeof warn) >= 0);
    assert_int_equal(gmc_memsys_default_map(&c, spec, sizeof spec, err, sizeof err), 0);
    assert_string_equal(spec, "Row[29:18] Bank[17:16] Col[15:11] Ch[10:8] Col[7:5] Block[4:0]");
    gmc_memsys_t ms;
    setup(&ms, "gddr3", 0, 64);
    assert_int_equal(ms.nch, 8);
    gmc_memsys_free(&ms);
    c.rows = 3000;   /* not a power of two */
    assert_int_equal(gmc_memsys_default_map(&c, spec, sizeof spec, err, sizeof err), -1);
    assert_non_null(strstr(err, "give --map"));
}

/* A channel count that is not a power of two: the derived map takes the
 * channel modulo the count where the channel bits would be, so 256 B
 * stripes go to the channels in turn; the memory system refuses a map
 * whose modulo exceeds the device's channels. */
static void six_channels_get_the_channel_modulo_6_in_the_derived_map(void **st)
{
    (void)st;
    gmc_memsys_cfg_t c;
    char err[256], spec[256], warn[512] = "";
    memset(&c, 0, sizeof c);
    assert_true(gmc_dram_cfg_preset("gddr3", &c.dram, err, sizeof err, warn, sizeof warn) >= 0);
    c.dram.channels = 6;
    assert_int_equal(gmc_memsys_default_map(&c.dram, spec, sizeof spec, err, sizeof err), 0);
    assert_string_equal(spec, "Row[26:15] Bank[14:13] Col[12:8] Ch%6@8 Col[7:5] Block[4:0]");
    assert_int_equal(gmc_addrmap_parse(spec, "derived", &c.map, err, sizeof err), 0);
    gmc_mc_cfg_defaults(&c.mc);
    gmc_memsys_t ms;
    if (gmc_memsys_init(&ms, &c, err, sizeof err))
        fail_msg("%s", err);
    unsigned per[6] = {0};
    for (uint64_t a = 0; a < 600 * 256; a += 256) {
        unsigned ch = gmc_memsys_channel_of(&ms, a);
        assert_int_equal(ch, (a / 256) % 6);
        per[ch]++;
    }
    for (unsigned i = 0; i < 6; i++)
        assert_int_equal(per[i], 100);
    gmc_memsys_free(&ms);
    c.dram.channels = 4;   /* a map for 6 channels on a 4-channel device */
    assert_int_equal(gmc_memsys_init(&ms, &c, err, sizeof err), -1);
    assert_non_null(strstr(err, "expected at most 4 channels (the device's), found Ch%6@8"));
}

static void a_map_wider_than_the_device_is_refused(void **st)
{
    (void)st;
    gmc_memsys_cfg_t c;
    char err[256], warn[512] = "";
    gmc_memsys_t ms;
    memset(&c, 0, sizeof c);
    assert_true(gmc_dram_cfg_preset("gddr3", &c.dram, err, sizeof err, warn, sizeof warn) >= 0);
    assert_int_equal(gmc_addrmap_preset("gddr5-hynix", &c.map), 0);   /* 16 banks, gddr3 has 4 */
    gmc_mc_cfg_defaults(&c.mc);
    assert_int_equal(gmc_memsys_init(&ms, &c, err, sizeof err), -1);
    assert_non_null(strstr(err, "expected at most 4 banks"));
}

/* The probe (gmc_mc_step scanning cycle now + 1 after an issue) and
 * gmc_mc_wake are shortcuts: with them off every result must be the same. */
static void probing_and_waking_change_no_result(void **st)
{
    (void)st;
    static gmc_memtrace_rec_t r[6000];
    uint64_t x = 99, t = 0;
    for (unsigned i = 0; i < 6000; i++) {
        test_lcg(&x);
        t += (x >> 61) & 3;
        uint64_t a = (x >> 7) & 1 ? (x >> 20) & ~31ull : (uint64_t)(i * 32) & 0xfffff;
        r[i] = (gmc_memtrace_rec_t){t, a & ((1ull << 33) - 1), 0x100, (x >> 3) & 3, (x >> 5) & 7,
                                    (x >> 9) % 4 == 0, 1, 1, 0};
    }
    for (unsigned k = 0; gmc_sched_get(k / 2); k++) {   /* each scheduler, 1 or 2 channels */
        uint64_t d[2];
        for (int slow = 0; slow < 2; slow++) {
            gmc_memsys_t ms;
            gmc_memsys_cfg_t c;
            char err[256], warn[1024] = "";
            memset(&c, 0, sizeof c);
            assert_true(gmc_dram_cfg_preset("gddr6-rtx2060s", &c.dram, err, sizeof err, warn,
                                            sizeof warn) >= 0);
            assert_int_equal(gmc_addrmap_preset("gddr6-rtx2060s", &c.map), 0);
            c.dram.refresh = 1, c.dram.tRFC = 60, c.dram.tREFI = 700;
            c.refresh = 1;
            c.channels = 1 + (k & 1);
            gmc_mc_cfg_defaults(&c.mc);
            c.mc.sched = gmc_sched_get(k / 2);
            c.mc.rq = 12, c.mc.wq = 8, c.mc.wq_high = 6, c.mc.wq_low = 2, c.mc.age_cap = 400;
            assert_int_equal(gmc_memsys_init(&ms, &c, err, sizeof err), 0);
            gmc_memsys_set_served(&ms, on_served, NULL);
            for (unsigned ch = 0; ch < ms.nch; ch++)
                ms.mc[ch].no_shortcuts = slow;
            nserved = 0;
            digest = 14695981039346656037ull;
            arr_src_t a = {r, 6000, 0};
            assert_int_equal(gmc_memsys_run(&ms, arr_src, &a, err, sizeof err), 0);
            assert_int_equal(nserved, 6000);
            gmc_memsys_totals_t tot;
            gmc_memsys_totals(&ms, &tot);
            d[slow] = digest ^ tot.mc.blp_sum ^ (tot.mc.pending_cycles << 7) ^ tot.mc.age_fired ^
                      (tot.mc.drains << 3) ^ (tot.dram.cmds[GMC_DRAM_REF] << 11);
            gmc_memsys_free(&ms);
        }
        assert_int_equal(d[0], d[1]);
    }
}

/* Row commitment (gmc_mc.h): without it, on a 50/50 read/write stream the
 * write drain and the read mode close each other's fresh rows; with it each
 * activation serves the request it was made for, so without refresh
 * activations == row misses + conflicts. */
static void mixed_reads_and_writes_waste_no_activation(void **st)
{
    (void)st;
    static gmc_memtrace_rec_t r[4000];
    uint64_t x = 7;
    for (unsigned i = 0; i < 4000; i++) {
        test_lcg(&x);
        r[i] = (gmc_memtrace_rec_t){i / 2, (x >> 20) & ((1ull << 33) - 32), 0x100, (x >> 3) & 3,
                                    (x >> 5) & 7, i & 1, 1, 1, 0};
    }
    for (unsigned k = 0; gmc_sched_get(k / 2); k++) {
        gmc_memsys_t ms;
        gmc_memsys_cfg_t c;
        char err[256];
        test_memsys_cfg(&c, "gddr6-rtx2060s", 1 + (k & 1));
        c.refresh = 0;
        c.mc.sched = gmc_sched_get(k / 2);
        assert_int_equal(gmc_memsys_init(&ms, &c, err, sizeof err), 0);
        arr_src_t a = {r, 4000, 0};
        assert_int_equal(gmc_memsys_run(&ms, arr_src, &a, err, sizeof err), 0);
        gmc_memsys_totals_t tot;
        gmc_memsys_totals(&ms, &tot);
        assert_true(tot.dram.cmds[GMC_DRAM_ACT] > 3000);   /* random rows: mostly conflicts */
        assert_int_equal(tot.dram.cmds[GMC_DRAM_ACT],
                         tot.mc.cls[GMC_CLS_MISS] + tot.mc.cls[GMC_CLS_CONFLICT]);
        if (!(c.mc.sched->flags & GMC_SCHED_ONE_ORDER))   /* the modes really alternated */
            assert_true(tot.mc.drains > 10);
        gmc_memsys_free(&ms);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(back_pressure_holds_requests_outside_a_full_queue),
        cmocka_unit_test(channels_run_in_parallel_and_fold_modulo_channels),
        cmocka_unit_test(latency_percentiles_blp_and_efficiency_follow_their_definitions),
        cmocka_unit_test(histogram_percentiles_stay_exact_past_the_buckets),
        cmocka_unit_test(gddr3_gets_a_map_derived_from_its_geometry),
        cmocka_unit_test(six_channels_get_the_channel_modulo_6_in_the_derived_map),
        cmocka_unit_test(a_map_wider_than_the_device_is_refused),
        cmocka_unit_test(packed_decode_equals_the_maps_definition),
        cmocka_unit_test(probing_and_waking_change_no_result),
        cmocka_unit_test(mixed_reads_and_writes_waste_no_activation),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
