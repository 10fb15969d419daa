/* gmc_cache, rule by rule: cfg checks, masks, hits, LRU, victims, writes,
 * MSHR merging and limits, fully-associative and direct-mapped shapes,
 * counters, the dirty walk.  (tests/unit/test_gmc_cache_random.c runs random
 * sequences against a slow reference model.) */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "gpu/gmc_cache.h"
#include "gpu/gmc_cache_mshr_impl.h"
#include "util/gmc_rng.h"

#define LINE 128u

static gmc_cache_cfg_t cfg_of(uint32_t size, uint32_t line, uint32_t sector, uint32_t assoc,
                              uint32_t mshr, uint32_t merge)
{
    gmc_cache_cfg_t c = {size, line, sector, assoc, mshr, merge, 0};
    return c;
}

static gmc_cache_t *make(gmc_cache_cfg_t cfg)
{
    char err[256] = "";
    gmc_cache_t *c = gmc_cache_new(&cfg, err, sizeof err);
    if (!c)
        fail_msg("gmc_cache_new: %s", err);
    return c;
}

/* 2 sets x 2 ways of 128 B lines, 4 sectors; 4 MSHRs merging up to 3. */
static gmc_cache_t *small(void) { return make(cfg_of(512, LINE, 32, 2, 4, 3)); }

/* Line n of set s in a cache of `sets` sets. */
static uint64_t line_in(uint32_t sets, uint32_t s, uint32_t n) { return ((uint64_t)n * sets + s) * LINE; }

static void fill(gmc_cache_t *c, uint64_t line, uint32_t sectors, int dirty)
{
    uint64_t vl;
    uint32_t vd;
    gmc_cache_fill(c, line, sectors, dirty, &vl, &vd);
}

/* ---- configuration ---------------------------------------------------- */

static void expect_reject(gmc_cache_cfg_t cfg, const char *a, const char *b)
{
    char err[256] = "";
    gmc_cache_t *c = gmc_cache_new(&cfg, err, sizeof err);
    if (c) {
        gmc_cache_delete(c);
        fail_msg("accepted a cfg that should fail with \"%s\"", a);
    }
    if (!strstr(err, a) || !strstr(err, b))
        fail_msg("message \"%s\" lacks \"%s\" or \"%s\"", err, a, b);
    if (strchr(err, '\n'))
        fail_msg("message \"%s\" is not one line", err);
}

static void cfg_rejects_line_bytes_outside_powers_of_two_32_to_1024(void **st)
{
    expect_reject(cfg_of(4096, 96, 32, 2, 4, 4), "line_bytes", "found 96");
    expect_reject(cfg_of(4096, 16, 4, 2, 4, 4), "line_bytes", "found 16");
    expect_reject(cfg_of(1 << 16, 2048, 32, 2, 4, 4), "line_bytes", "found 2048");
}

static void cfg_rejects_sector_bytes_not_dividing_the_line(void **st)
{
    expect_reject(cfg_of(4096, 128, 48, 2, 4, 4), "sector_bytes", "found 48");
    expect_reject(cfg_of(4096, 128, 256, 2, 4, 4), "sector_bytes", "found 256");
    expect_reject(cfg_of(4096, 128, 2, 2, 4, 4), "sector_bytes", "found 2");
}

static void cfg_rejects_more_than_32_sectors_per_line(void **st)
{
    expect_reject(cfg_of(8192, 1024, 16, 2, 4, 4), "32 sectors", "found 64");
}

static void cfg_rejects_zero_assoc(void **st)
{
    expect_reject(cfg_of(4096, 128, 32, 0, 4, 4), "assoc", "found 0");
}

static void cfg_rejects_size_not_a_multiple_of_line_times_assoc(void **st)
{
    expect_reject(cfg_of(16384, 128, 32, 3, 4, 4), "assoc 3", "found 42.67");
}

static void cfg_rejects_a_set_count_not_a_power_of_two(void **st)
{
    expect_reject(cfg_of(3 * 128 * 2, 128, 32, 2, 4, 4), "assoc 2", "found 3");
}

static void cfg_rejects_size_smaller_than_one_set_or_above_1_gib(void **st)
{
    expect_reject(cfg_of(256, 128, 32, 4, 4, 4), "size_bytes", "found 256");
    expect_reject(cfg_of(0, 128, 32, 1, 4, 4), "size_bytes", "found 0");
    expect_reject(cfg_of(1u << 31, 128, 32, 1, 4, 4), "size_bytes", "found 2147483648");
}

static void cfg_rejects_zero_or_huge_mshr_entries(void **st)
{
    expect_reject(cfg_of(4096, 128, 32, 2, 0, 4), "mshr_entries", "found 0");
    expect_reject(cfg_of(4096, 128, 32, 2, 100000, 4), "mshr_entries", "found 100000");
}

static void cfg_rejects_zero_mshr_merge(void **st)
{
    expect_reject(cfg_of(4096, 128, 32, 2, 4, 0), "mshr_merge", "found 0");
}

static void cfg_rejects_null_without_crashing(void **st)
{
    char err[128] = "";
    assert_null(gmc_cache_new(NULL, err, sizeof err));
    assert_non_null(strstr(err, "found NULL"));
}

static void cfg_accepts_volta_like_l1_and_l2_slices(void **st)
{
    /* L1: 128 KB, 256 MSHRs [Warped-MC, ICPP'23]; L2 slice: 192 MSHRs. */
    gmc_cache_delete(make(cfg_of(128 * 1024, 128, 32, 4, 256, 8)));
    gmc_cache_delete(make(cfg_of(256 * 1024, 128, 32, 16, 192, 8)));
}

/* ---- masks ------------------------------------------------------------ */

static void line_address_clears_the_offset_bits(void **st)
{
    gmc_cache_t *c = small();
    assert_int_equal(gmc_cache_line(c, 0x12345), 0x12300);
    assert_int_equal(gmc_cache_line(c, 0x12380), 0x12380);
    assert_int_equal(gmc_cache_line(c, 0xffffffffffffffffull), 0xffffffffffffff80ull);
    gmc_cache_delete(c);
}

static void sector_mask_covers_every_touched_sector(void **st)
{
    gmc_cache_t *c = small();
    assert_int_equal(gmc_cache_sectors(c, 0x1000, 4), 0x1);
    assert_int_equal(gmc_cache_sectors(c, 0x101f, 1), 0x1);
    assert_int_equal(gmc_cache_sectors(c, 0x101f, 2), 0x3);   /* straddles sectors 0 and 1 */
    assert_int_equal(gmc_cache_sectors(c, 0x1040, 32), 0x4);
    assert_int_equal(gmc_cache_sectors(c, 0x1000, 128), 0xf);
    assert_int_equal(gmc_cache_sectors(c, 0x1024, 64), 0xe);
    gmc_cache_delete(c);
}

static void sector_mask_stops_at_the_line_end(void **st)
{
    gmc_cache_t *c = small();
    assert_int_equal(gmc_cache_sectors(c, 0x1070, 64), 0x8);
    assert_int_equal(gmc_cache_sectors(c, 0x1000, 0), 0);
    gmc_cache_delete(c);
}

static void sector_mask_of_a_32_sector_line_is_full_width(void **st)
{
    gmc_cache_t *c = make(cfg_of(4096, 1024, 32, 2, 4, 4));
    assert_int_equal(gmc_cache_sectors(c, 0x400, 1024), 0xffffffffu);
    assert_int_equal(gmc_cache_sectors(c, 0x7e0, 32), 0x80000000u);
    gmc_cache_delete(c);
}

/* ---- hits, fills, LRU --------------------------------------------------- */

static void cold_miss_then_fill_then_hit(void **st)
{
    gmc_cache_t *c = small();
    uint64_t l = 0x4000;
    uint32_t e, send;
    assert_int_equal(gmc_cache_read_hits(c, l, 0x1, 1), 0);
    assert_int_equal(gmc_cache_miss(c, l, 0x1, &e, &send), GMC_CACHE_MISS_OK);
    assert_int_equal(e, 0);
    assert_int_equal(send, 0x1);
    assert_int_equal(gmc_cache_read_hits(c, l, 0x1, 1), 0);   /* allocate on fill */
    uint64_t vl = 7;
    uint32_t vd = 7;
    assert_int_equal(gmc_cache_fill(c, l, 0x1, 0, &vl, &vd), 0);
    assert_int_equal(vd, 0);
    assert_int_equal(vl, 0);
    assert_int_equal(gmc_cache_read_hits(c, l, 0x1, 1), 0x1);
    gmc_cache_delete(c);
}

static void only_filled_sectors_of_a_line_hit(void **st)
{
    gmc_cache_t *c = small();
    fill(c, 0x4000, 0x5, 0);
    assert_int_equal(gmc_cache_read_hits(c, 0x4000, 0xf, 1), 0x5);
    assert_int_equal(gmc_cache_read_hits(c, 0x4000, 0x2, 1), 0);
    fill(c, 0x4000, 0x2, 0);                 /* present: ORed in */
    assert_int_equal(gmc_cache_read_hits(c, 0x4000, 0xf, 1), 0x7);
    gmc_cache_delete(c);
}

static void fill_of_a_present_line_evicts_nothing(void **st)
{
    gmc_cache_t *c = small();
    fill(c, line_in(2, 0, 0), 0x1, 1);
    fill(c, line_in(2, 0, 1), 0x1, 0);
    uint64_t vl = 9;
    uint32_t vd = 9;
    gmc_cache_fill(c, line_in(2, 0, 0), 0x8, 0, &vl, &vd);
    assert_int_equal(vd, 0);
    assert_int_equal(vl, 0);
    assert_int_equal(gmc_cache_stats(c)->evictions, 0);
    assert_int_equal(gmc_cache_read_hits(c, line_in(2, 0, 1), 0x1, 0), 0x1);
    gmc_cache_delete(c);
}

static void lru_line_of_the_set_is_evicted(void **st)
{
    gmc_cache_t *c = small();
    uint64_t a = line_in(2, 1, 0), b = line_in(2, 1, 1), x = line_in(2, 1, 2);
    fill(c, a, 0xf, 0);
    fill(c, b, 0xf, 0);
    uint64_t vl;
    uint32_t vd;
    gmc_cache_fill(c, x, 0xf, 0, &vl, &vd);  /* a is older */
    assert_int_equal(vl, a);
    assert_int_equal(gmc_cache_read_hits(c, a, 0xf, 0), 0);
    assert_int_equal(gmc_cache_read_hits(c, b, 0xf, 0), 0xf);
    gmc_cache_delete(c);
}

static void a_touching_read_changes_the_victim(void **st)
{
    gmc_cache_t *c = small();
    uint64_t a = line_in(2, 1, 0), b = line_in(2, 1, 1), x = line_in(2, 1, 2);
    fill(c, a, 0xf, 0);
    fill(c, b, 0xf, 0);
    gmc_cache_read_hits(c, a, 0x1, 1);        /* a is now the most recent */
    uint64_t vl;
    uint32_t vd;
    gmc_cache_fill(c, x, 0xf, 0, &vl, &vd);
    assert_int_equal(vl, b);
    gmc_cache_delete(c);
}

static void a_read_without_touch_leaves_the_victim(void **st)
{
    gmc_cache_t *c = small();
    uint64_t a = line_in(2, 1, 0), b = line_in(2, 1, 1), x = line_in(2, 1, 2);
    fill(c, a, 0xf, 0);
    fill(c, b, 0xf, 0);
    gmc_cache_read_hits(c, a, 0x1, 0);
    uint64_t vl;
    uint32_t vd;
    gmc_cache_fill(c, x, 0xf, 0, &vl, &vd);
    assert_int_equal(vl, a);
    gmc_cache_delete(c);
}

static void dirty_victim_is_reported_with_its_line_address(void **st)
{
    gmc_cache_t *c = small();
    uint64_t a = line_in(2, 0, 5), b = line_in(2, 0, 6), x = line_in(2, 0, 7);
    fill(c, a, 0xf, 0);
    gmc_cache_write_hit(c, a, 0x6);
    fill(c, b, 0xf, 0);
    uint64_t vl = 0;
    uint32_t vd = 0;
    gmc_cache_fill(c, x, 0x1, 0, &vl, &vd);
    assert_int_equal(vl, a);
    assert_int_equal(vd, 0x6);
    assert_int_equal(gmc_cache_stats(c)->dirty_evicted_sectors, 2);
    gmc_cache_delete(c);
}

static void clean_victim_reports_no_dirty_sectors(void **st)
{
    gmc_cache_t *c = small();
    fill(c, line_in(2, 0, 0), 0xf, 0);
    fill(c, line_in(2, 0, 1), 0xf, 0);
    uint64_t vl;
    uint32_t vd = 5;
    gmc_cache_fill(c, line_in(2, 0, 2), 0xf, 0, &vl, &vd);
    assert_int_equal(vd, 0);
    assert_int_equal(gmc_cache_stats(c)->evictions, 1);
    gmc_cache_delete(c);
}

/* ---- writes and invalidation ------------------------------------------- */

static void write_hit_on_an_absent_line_returns_0_and_changes_nothing(void **st)
{
    gmc_cache_t *c = small();
    fill(c, line_in(2, 0, 0), 0xf, 0);
    assert_int_equal(gmc_cache_write_hit(c, line_in(2, 0, 1), 0x3), 0);
    assert_int_equal(gmc_cache_read_hits(c, line_in(2, 0, 1), 0xf, 0), 0);
    assert_int_equal(gmc_cache_mshr_used(c), 0);
    /* The set still has its free way: the next line evicts nothing. */
    uint64_t vl;
    uint32_t vd;
    gmc_cache_fill(c, line_in(2, 0, 2), 0xf, 0, &vl, &vd);
    assert_int_equal(gmc_cache_stats(c)->evictions, 0);
    gmc_cache_delete(c);
}

static void write_hit_makes_the_written_sectors_valid_and_dirty(void **st)
{
    gmc_cache_t *c = small();
    fill(c, 0x4000, 0x1, 0);
    assert_int_equal(gmc_cache_write_hit(c, 0x4000, 0x4), 1);
    assert_int_equal(gmc_cache_read_hits(c, 0x4000, 0xf, 0), 0x5);
    gmc_cache_delete(c);
}

static void invalidate_drops_only_the_given_sectors(void **st)
{
    gmc_cache_t *c = small();
    fill(c, 0x4000, 0xf, 1);
    gmc_cache_invalidate(c, 0x4000, 0x6);
    assert_int_equal(gmc_cache_read_hits(c, 0x4000, 0xf, 0), 0x9);
    gmc_cache_invalidate(c, 0x8000, 0xf);    /* absent: nothing */
    gmc_cache_delete(c);
}

static void invalidating_every_sector_frees_the_way(void **st)
{
    gmc_cache_t *c = small();
    uint64_t a = line_in(2, 0, 0), b = line_in(2, 0, 1);
    fill(c, a, 0xf, 1);
    fill(c, b, 0xf, 0);
    gmc_cache_invalidate(c, b, 0xf);
    uint64_t vl;
    uint32_t vd;
    gmc_cache_fill(c, line_in(2, 0, 2), 0x1, 0, &vl, &vd);
    assert_int_equal(gmc_cache_stats(c)->evictions, 0);
    assert_int_equal(gmc_cache_read_hits(c, a, 0xf, 0), 0xf);
    gmc_cache_delete(c);
}

static void a_write_hit_makes_the_line_most_recent(void **st)
{
    gmc_cache_t *c = small();
    uint64_t a = line_in(2, 1, 0), b = line_in(2, 1, 1);
    fill(c, a, 0xf, 0);
    fill(c, b, 0xf, 0);
    gmc_cache_write_hit(c, a, 0x1);
    uint64_t vl;
    uint32_t vd;
    gmc_cache_fill(c, line_in(2, 1, 2), 0xf, 0, &vl, &vd);
    assert_int_equal(vl, b);
    gmc_cache_delete(c);
}

static void a_fully_invalidated_line_is_absent_to_writes(void **st)
{
    gmc_cache_t *c = small();
    fill(c, 0x4000, 0x3, 0);
    gmc_cache_invalidate(c, 0x4000, 0x3);
    assert_int_equal(gmc_cache_write_hit(c, 0x4000, 0x1), 0);
    gmc_cache_delete(c);
}

/* ---- MSHRs -------------------------------------------------------------- */

static void second_miss_to_a_requested_sector_sends_nothing(void **st)
{
    gmc_cache_t *c = small();
    uint32_t e1, e2, s1, s2;
    gmc_cache_miss(c, 0x4000, 0x2, &e1, &s1);
    assert_int_equal(gmc_cache_miss(c, 0x4000, 0x2, &e2, &s2), GMC_CACHE_MISS_OK);
    assert_int_equal(e2, e1);
    assert_int_equal(s2, 0);
    assert_int_equal(gmc_cache_mshr_used(c), 1);
    assert_int_equal(gmc_cache_stats(c)->merged_sectors, 1);
    gmc_cache_delete(c);
}

static void miss_to_another_sector_sends_only_that_sector_in_the_same_entry(void **st)
{
    gmc_cache_t *c = small();
    uint32_t e1, e2, s1, s2;
    gmc_cache_miss(c, 0x4000, 0x3, &e1, &s1);
    assert_int_equal(gmc_cache_miss(c, 0x4000, 0x6, &e2, &s2), GMC_CACHE_MISS_OK);
    assert_int_equal(e2, e1);
    assert_int_equal(s2, 0x4);
    assert_int_equal(gmc_cache_mshr_used(c), 1);
    gmc_cache_delete(c);
}

static void full_mshr_refuses_a_new_line_and_changes_nothing(void **st)
{
    gmc_cache_t *c = small();                 /* 4 entries */
    uint32_t e, s;
    for (uint32_t i = 0; i < 4; i++)
        gmc_cache_miss(c, 0x1000 * (i + 1), 0x1, &e, &s);
    assert_int_equal(gmc_cache_miss_ok(c, 0x9000), 0);
    e = s = 77;
    assert_int_equal(gmc_cache_miss(c, 0x9000, 0x1, &e, &s), GMC_CACHE_MISS_FULL);
    assert_int_equal(e, 77);
    assert_int_equal(s, 77);
    assert_int_equal(gmc_cache_mshr_used(c), 4);
    assert_int_equal(gmc_cache_mshr_find(c, 0x9000), -1);
    assert_int_equal(gmc_cache_stats(c)->mshr_full, 1);
    /* A line with an entry can still merge. */
    assert_int_equal(gmc_cache_miss_ok(c, 0x2000), 1);
    assert_int_equal(gmc_cache_miss(c, 0x2000, 0x2, &e, &s), GMC_CACHE_MISS_OK);
    assert_int_equal(e, 1);
    gmc_cache_delete(c);
}

static void merge_count_at_mshr_merge_refuses(void **st)
{
    gmc_cache_t *c = small();                 /* merge limit 3 */
    uint32_t e, s;
    for (int i = 0; i < 3; i++)
        assert_int_equal(gmc_cache_miss(c, 0x4000, 0x1u << i, &e, &s), GMC_CACHE_MISS_OK);
    assert_int_equal(gmc_cache_miss_ok(c, 0x4000), 0);
    assert_int_equal(gmc_cache_miss(c, 0x4000, 0x8, &e, &s), GMC_CACHE_MISS_FULL);
    /* The refused sector was not added: filling the three frees the entry. */
    assert_int_equal(gmc_cache_fill(c, 0x4000, 0x7, 0, NULL, NULL), 0);
    assert_int_equal(gmc_cache_mshr_find(c, 0x4000), -1);
    gmc_cache_delete(c);
}

static void entry_is_freed_when_every_requested_sector_is_filled(void **st)
{
    gmc_cache_t *c = small();
    uint32_t e, s;
    gmc_cache_miss(c, 0x4000, 0x5, &e, &s);
    assert_int_equal(gmc_cache_fill(c, 0x4000, 0x1, 0, NULL, NULL), 0);
    assert_int_equal(gmc_cache_mshr_find(c, 0x4000), 0);
    assert_int_equal(gmc_cache_fill(c, 0x4000, 0x4, 0, NULL, NULL), 0);
    assert_int_equal(gmc_cache_mshr_find(c, 0x4000), -1);
    assert_int_equal(gmc_cache_mshr_used(c), 0);
    gmc_cache_delete(c);
}

/* The caller's word of an entry keeps what was put there until the entry
 * is freed, and a reused entry starts at 0 (the SM and the L2 keep there
 * which sectors have waiters: a stale bit would send a fill down a list
 * that is not there). */
static void an_entrys_user_word_lives_as_long_as_the_entry(void **st)
{
    gmc_cache_t *c = small();
    uint32_t e, s;
    gmc_cache_miss(c, 0x4000, 0x5, &e, &s);
    assert_int_equal(*gmc_cache_mshr_user(c, e), 0);
    *gmc_cache_mshr_user(c, e) = 0x5;
    gmc_cache_miss(c, 0x4000, 0x2, &e, &s);   /* another sector of the line: the same entry */
    assert_int_equal(*gmc_cache_mshr_user(c, e), 0x5);
    gmc_cache_fill(c, 0x4000, 0x1, 0, NULL, NULL);
    assert_int_equal(*gmc_cache_mshr_user(c, e), 0x5);   /* still in use: sectors 1, 2 */
    gmc_cache_fill(c, 0x4000, 0x6, 0, NULL, NULL);        /* freed */
    uint32_t e2;
    gmc_cache_miss(c, 0x9000, 0x1, &e2, &s);
    assert_int_equal(e2, e);                               /* reused ... */
    assert_int_equal(*gmc_cache_mshr_user(c, e2), 0);      /* ... from 0 */
    gmc_cache_delete(c);
}

static void freed_entries_are_reused_lowest_index_first(void **st)
{
    gmc_cache_t *c = small();
    uint32_t e, s;
    for (uint32_t i = 0; i < 4; i++)
        gmc_cache_miss(c, 0x1000 * (i + 1), 0x1, &e, &s);
    gmc_cache_fill(c, 0x4000, 0x1, 0, NULL, NULL);   /* frees 3 */
    gmc_cache_fill(c, 0x2000, 0x1, 0, NULL, NULL);   /* frees 1 */
    gmc_cache_miss(c, 0xa000, 0x1, &e, &s);
    assert_int_equal(e, 1);
    gmc_cache_miss(c, 0xb000, 0x1, &e, &s);
    assert_int_equal(e, 3);
    gmc_cache_delete(c);
}

static void fill_of_a_line_without_entry_returns_minus_1(void **st)
{
    gmc_cache_t *c = small();
    uint32_t e, s;
    gmc_cache_miss(c, 0x4000, 0x1, &e, &s);
    assert_int_equal(gmc_cache_fill(c, 0x8000, 0x1, 1, NULL, NULL), -1);
    assert_int_equal(gmc_cache_mshr_used(c), 1);
    gmc_cache_delete(c);
}

static void miss_of_no_sectors_tracks_nothing(void **st)
{
    gmc_cache_t *c = small();
    uint32_t e, s;
    assert_int_equal(gmc_cache_miss(c, 0x4000, 0, &e, &s), GMC_CACHE_MISS_OK);
    assert_int_equal(e, GMC_CACHE_NO_ENTRY);
    assert_int_equal(s, 0);
    assert_int_equal(gmc_cache_mshr_used(c), 0);
    gmc_cache_delete(c);
}

static void many_mshrs_are_found_after_frees_in_any_order(void **st)
{
    gmc_cache_t *c = make(cfg_of(128 * 1024, 128, 32, 4, 256, 8));
    uint32_t e, s;
    for (uint32_t i = 0; i < 256; i++) {
        assert_int_equal(gmc_cache_miss(c, (uint64_t)i * 0x80, 0x1, &e, &s), GMC_CACHE_MISS_OK);
        assert_int_equal(e, i);
    }
    /* Free every third entry; the rest must stay reachable. */
    for (uint32_t i = 0; i < 256; i += 3)
        gmc_cache_fill(c, (uint64_t)i * 0x80, 0x1, 0, NULL, NULL);
    for (uint32_t i = 0; i < 256; i++)
        assert_int_equal(gmc_cache_mshr_find(c, (uint64_t)i * 0x80), i % 3 ? (int)i : -1);
    gmc_cache_delete(c);
}

/* ---- shapes ------------------------------------------------------------- */

static void fully_associative_fills_every_way_before_evicting(void **st)
{
    gmc_cache_t *c = make(cfg_of(1024, 128, 32, 8, 4, 4));   /* one set */
    for (uint32_t i = 0; i < 8; i++)
        fill(c, 0x100000ull * (i + 1), 0x1, 0);
    assert_int_equal(gmc_cache_stats(c)->evictions, 0);
    gmc_cache_read_hits(c, 0x100000, 0x1, 1);
    uint64_t vl;
    uint32_t vd;
    gmc_cache_fill(c, 0x999980, 0x1, 0, &vl, &vd);
    assert_int_equal(vl, 0x200000);
    gmc_cache_delete(c);
}

static void direct_mapped_conflict_evicts_at_once(void **st)
{
    gmc_cache_t *c = make(cfg_of(1024, 128, 32, 1, 4, 4));   /* 8 sets */
    fill(c, line_in(8, 3, 0), 0x1, 1);
    fill(c, line_in(8, 4, 0), 0x1, 0);      /* another set: no conflict */
    uint64_t vl;
    uint32_t vd;
    gmc_cache_fill(c, line_in(8, 3, 1), 0x2, 0, &vl, &vd);
    assert_int_equal(vl, line_in(8, 3, 0));
    assert_int_equal(vd, 0x1);
    assert_int_equal(gmc_cache_read_hits(c, line_in(8, 4, 0), 0x1, 0), 0x1);
    gmc_cache_delete(c);
}

/* ---- counters, dirty walk, reset --------------------------------------- */

static void counters_follow_the_calls(void **st)
{
    gmc_cache_t *c = small();
    uint32_t e, s;
    gmc_cache_read_hits(c, 0x4000, 0x3, 1);           /* 2 read, 0 hit */
    gmc_cache_read_hits(c, 0x4000, 0x3, 0);           /* not counted */
    gmc_cache_miss(c, 0x4000, 0x3, &e, &s);           /* 2 sent */
    gmc_cache_miss(c, 0x4000, 0x6, &e, &s);           /* 1 merged, 1 sent */
    gmc_cache_fill(c, 0x4000, 0x7, 0, NULL, NULL);
    gmc_cache_read_hits(c, 0x4000, 0xf, 1);           /* 4 read, 3 hit */
    gmc_cache_write_hit(c, 0x4000, 0x8);              /* 1 written, 1 hit */
    gmc_cache_write_hit(c, 0x8000, 0x3);              /* 2 written, 0 hit */
    const gmc_cache_stats_t *t = gmc_cache_stats(c);
    assert_int_equal(t->read_sectors, 6);
    assert_int_equal(t->read_hit_sectors, 3);
    assert_int_equal(t->miss_calls, 2);
    assert_int_equal(t->mshr_full, 0);
    assert_int_equal(t->sent_sectors, 3);
    assert_int_equal(t->merged_sectors, 1);
    assert_int_equal(t->fills, 1);
    assert_int_equal(t->write_sectors, 3);
    assert_int_equal(t->write_hit_sectors, 1);
    gmc_cache_delete(c);
}

typedef struct { uint64_t line[8]; uint32_t dirty[8]; int n; } seen_t;

static void note_dirty(void *ctx, uint64_t line, uint32_t dirty)
{
    seen_t *s = ctx;
    if (s->n < 8) {
        s->line[s->n] = line;
        s->dirty[s->n] = dirty;
    }
    s->n++;
}

static void dirty_walk_visits_each_dirty_line_once_in_set_order(void **st)
{
    gmc_cache_t *c = small();
    fill(c, line_in(2, 1, 0), 0x3, 1);
    fill(c, line_in(2, 0, 0), 0xf, 0);     /* clean */
    fill(c, line_in(2, 0, 1), 0x1, 1);
    gmc_cache_write_hit(c, line_in(2, 0, 1), 0x8);
    seen_t s = {{0}, {0}, 0};
    gmc_cache_for_dirty(c, note_dirty, &s);
    assert_int_equal(s.n, 2);
    assert_int_equal(s.line[0], line_in(2, 0, 1));
    assert_int_equal(s.dirty[0], 0x9);
    assert_int_equal(s.line[1], line_in(2, 1, 0));
    assert_int_equal(s.dirty[1], 0x3);
    gmc_cache_delete(c);
}

static void reset_empties_tags_mshrs_and_counters(void **st)
{
    gmc_cache_t *c = small();
    uint32_t e, s;
    fill(c, 0x4000, 0xf, 1);
    gmc_cache_miss(c, 0x8000, 0x1, &e, &s);
    gmc_cache_reset(c);
    assert_int_equal(gmc_cache_read_hits(c, 0x4000, 0xf, 0), 0);
    assert_int_equal(gmc_cache_mshr_used(c), 0);
    assert_int_equal(gmc_cache_mshr_find(c, 0x8000), -1);
    assert_int_equal(gmc_cache_stats(c)->fills, 0);
    gmc_cache_miss(c, 0xc000, 0x1, &e, &s);
    assert_int_equal(e, 0);
    gmc_cache_delete(c);
}

/* The MSHR table's line -> entry hash (linear probing, backward-shift
 * deletion) against a plain map, under random allocs and releases, from one
 * entry to 20,000.  Lines are drawn from a small range so that the table
 * fills and probe runs are long. */
static void mshr_table_matches_a_plain_map(void **st)
{
    (void)st;
    const uint32_t sizes[] = {1, 3, 64, 256, 16384, 20000};
    unsigned long ops = 0;
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        const uint32_t n = sizes[k];
        gmc_mshr_t m;
        assert_int_equal(gmc_mshr_init(&m, n, 7), 0);
        const uint64_t range = 3 * (uint64_t)n + 8;
        uint64_t *line = calloc(n, sizeof *line);    /* entry -> line, 0: free */
        int *owner = malloc((range + 1) * sizeof *owner);   /* line number -> entry, -1 */
        assert_true(line && owner);
        for (uint64_t i = 0; i <= range; i++)
            owner[i] = -1;
        gmc_rng_t g;
        gmc_rng_seed(&g, 4242 + k);
        for (unsigned step = 0; step < 40000; step++, ops++) {
            const uint64_t ln = 1 + gmc_rng_below(&g, range), l = ln << 7;
            const int ref = owner[ln];
            assert_int_equal(gmc_mshr_lookup(&m, l), ref);
            if (ref >= 0 && gmc_rng_below(&g, 2)) {
                gmc_mshr_release(&m, (uint32_t)ref);
                line[ref] = 0;
                owner[ln] = -1;
            } else if (ref < 0) {
                int lo = -1;
                for (uint32_t i = 0; i < n && lo < 0; i++)
                    if (!line[i]) lo = (int)i;
                assert_int_equal(gmc_mshr_alloc(&m, l), lo);   /* lowest free, or -1 when full */
                if (lo >= 0) line[lo] = l, owner[ln] = lo;
            }
        }
        free(owner);
        for (uint32_t i = 0; i < n; i++)   /* every live entry still reachable */
            if (line[i])
                assert_int_equal(gmc_mshr_lookup(&m, line[i]), (int)i);
        free(line);
        gmc_mshr_free(&m);
    }
    print_message("gmc_mshr: %lu random operations compared with a plain map\n", ops);
}

int main(void)
{
    const struct CMUnitTest t[] = {
        cmocka_unit_test(cfg_rejects_line_bytes_outside_powers_of_two_32_to_1024),
        cmocka_unit_test(cfg_rejects_sector_bytes_not_dividing_the_line),
        cmocka_unit_test(cfg_rejects_more_than_32_sectors_per_line),
        cmocka_unit_test(cfg_rejects_zero_assoc),
        cmocka_unit_test(cfg_rejects_size_not_a_multiple_of_line_times_assoc),
        cmocka_unit_test(cfg_rejects_a_set_count_not_a_power_of_two),
        cmocka_unit_test(cfg_rejects_size_smaller_than_one_set_or_above_1_gib),
        cmocka_unit_test(cfg_rejects_zero_or_huge_mshr_entries),
        cmocka_unit_test(cfg_rejects_zero_mshr_merge),
        cmocka_unit_test(cfg_rejects_null_without_crashing),
        cmocka_unit_test(cfg_accepts_volta_like_l1_and_l2_slices),
        cmocka_unit_test(line_address_clears_the_offset_bits),
        cmocka_unit_test(sector_mask_covers_every_touched_sector),
        cmocka_unit_test(sector_mask_stops_at_the_line_end),
        cmocka_unit_test(sector_mask_of_a_32_sector_line_is_full_width),
        cmocka_unit_test(cold_miss_then_fill_then_hit),
        cmocka_unit_test(only_filled_sectors_of_a_line_hit),
        cmocka_unit_test(fill_of_a_present_line_evicts_nothing),
        cmocka_unit_test(lru_line_of_the_set_is_evicted),
        cmocka_unit_test(a_touching_read_changes_the_victim),
        cmocka_unit_test(a_read_without_touch_leaves_the_victim),
        cmocka_unit_test(dirty_victim_is_reported_with_its_line_address),
        cmocka_unit_test(clean_victim_reports_no_dirty_sectors),
        cmocka_unit_test(write_hit_on_an_absent_line_returns_0_and_changes_nothing),
        cmocka_unit_test(write_hit_makes_the_written_sectors_valid_and_dirty),
        cmocka_unit_test(invalidate_drops_only_the_given_sectors),
        cmocka_unit_test(invalidating_every_sector_frees_the_way),
        cmocka_unit_test(a_write_hit_makes_the_line_most_recent),
        cmocka_unit_test(a_fully_invalidated_line_is_absent_to_writes),
        cmocka_unit_test(second_miss_to_a_requested_sector_sends_nothing),
        cmocka_unit_test(miss_to_another_sector_sends_only_that_sector_in_the_same_entry),
        cmocka_unit_test(full_mshr_refuses_a_new_line_and_changes_nothing),
        cmocka_unit_test(merge_count_at_mshr_merge_refuses),
        cmocka_unit_test(entry_is_freed_when_every_requested_sector_is_filled),
        cmocka_unit_test(an_entrys_user_word_lives_as_long_as_the_entry),
        cmocka_unit_test(freed_entries_are_reused_lowest_index_first),
        cmocka_unit_test(fill_of_a_line_without_entry_returns_minus_1),
        cmocka_unit_test(miss_of_no_sectors_tracks_nothing),
        cmocka_unit_test(many_mshrs_are_found_after_frees_in_any_order),
        cmocka_unit_test(fully_associative_fills_every_way_before_evicting),
        cmocka_unit_test(direct_mapped_conflict_evicts_at_once),
        cmocka_unit_test(counters_follow_the_calls),
        cmocka_unit_test(dirty_walk_visits_each_dirty_line_once_in_set_order),
        cmocka_unit_test(reset_empties_tags_mshrs_and_counters),
        cmocka_unit_test(mshr_table_matches_a_plain_map),
    };
    return cmocka_run_group_tests_name("gmc_cache", t, NULL, NULL);
}
