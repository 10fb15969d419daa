/* gmc_cache against a slow reference: seeded random reads, misses, fills,
 * writes and invalidations on several cache shapes, every result compared
 * step by step.  The reference keeps a flat list of resident lines with
 * LRU timestamps and an MSHR list scanned linearly -- no sets-by-ways
 * arrays, no hash, no stamp-0 trick -- so it shares none of the fast
 * model's shortcuts. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "gpu/gmc_cache.h"
#include "util/gmc_rng.h"

#define MAXL 4096   /* resident lines in the reference */
#define MAXM 512    /* MSHRs in the reference */

typedef struct { uint64_t line, stamp; uint32_t valid, dirty; } ref_line_t;
typedef struct { int used; uint64_t line; uint32_t req, merges; } ref_mshr_t;

typedef struct {
    gmc_cache_cfg_t cfg;
    uint32_t sets, all;
    int n;                      /* resident lines */
    ref_line_t l[MAXL];
    ref_mshr_t m[MAXM];
    uint64_t now;
    gmc_cache_stats_t st;
} ref_t;

static unsigned pop(uint32_t x)
{
    unsigned n = 0;
    for (; x; x >>= 1)
        n += x & 1;
    return n;
}

/* index_hash: the line number XOR its two next set-index-wide slices (the
 * header's rule, written out here the slow way) */
static uint32_t set_of(const ref_t *r, uint64_t line)
{
    uint64_t x = line / r->cfg.line_bytes;
    if (r->cfg.index_hash && r->sets > 1) {
        unsigned b = 0;
        while ((1u << b) < r->sets)
            b++;
        x = x ^ (x >> b) ^ (x >> (2 * b));
    }
    return (uint32_t)(x % r->sets);
}

static int ref_find(const ref_t *r, uint64_t line)
{
    for (int i = 0; i < r->n; i++)
        if (r->l[i].line == line)
            return i;
    return -1;
}

static int ref_mshr(const ref_t *r, uint64_t line)
{
    for (uint32_t i = 0; i < r->cfg.mshr_entries; i++)
        if (r->m[i].used && r->m[i].line == line)
            return (int)i;
    return -1;
}

static void ref_drop(ref_t *r, int i) { r->l[i] = r->l[--r->n]; }

static uint32_t ref_read(ref_t *r, uint64_t line, uint32_t s, int touch)
{
    int i = ref_find(r, line);
    uint32_t hit = i < 0 ? 0 : r->l[i].valid & s;
    if (touch) {
        r->st.read_sectors += pop(s);
        r->st.read_hit_sectors += pop(hit);
        if (hit)
            r->l[i].stamp = ++r->now;
    }
    return hit;
}

static int ref_miss_ok(const ref_t *r, uint64_t line)
{
    int e = ref_mshr(r, line);
    if (e >= 0)
        return r->m[e].merges < r->cfg.mshr_merge;
    for (uint32_t i = 0; i < r->cfg.mshr_entries; i++)
        if (!r->m[i].used)
            return 1;
    return 0;
}

static int ref_miss(ref_t *r, uint64_t line, uint32_t s, uint32_t *entry, uint32_t *send)
{
    r->st.miss_calls++;
    int e = ref_mshr(r, line);
    if (!s) {
        *entry = e < 0 ? GMC_CACHE_NO_ENTRY : (uint32_t)e;
        *send = 0;
        return GMC_CACHE_MISS_OK;
    }
    if (!ref_miss_ok(r, line)) {
        r->st.mshr_full++;
        return GMC_CACHE_MISS_FULL;
    }
    if (e < 0) {
        for (e = 0; r->m[e].used; e++)
            ;
        r->m[e] = (ref_mshr_t){1, line, 0, 0};
    }
    *entry = (uint32_t)e;
    *send = s & ~r->m[e].req;
    r->st.merged_sectors += pop(s & r->m[e].req);
    r->st.sent_sectors += pop(*send);
    r->m[e].req |= s;
    r->m[e].merges++;
    return GMC_CACHE_MISS_OK;
}

static int ref_fill(ref_t *r, uint64_t line, uint32_t s, int dirty, uint64_t *vl, uint32_t *vd)
{
    *vl = 0;
    *vd = 0;
    r->st.fills++;
    if (s) {
        int i = ref_find(r, line);
        if (i < 0) {
            uint32_t set = set_of(r, line), in_set = 0;
            int old = -1;
            for (int k = 0; k < r->n; k++)
                if (set_of(r, r->l[k].line) == set) {
                    in_set++;
                    if (old < 0 || r->l[k].stamp < r->l[old].stamp)
                        old = k;
                }
            if (in_set == r->cfg.assoc) {
                *vl = r->l[old].line;
                *vd = r->l[old].dirty;
                r->st.evictions++;
                r->st.dirty_evicted_sectors += pop(*vd);
                ref_drop(r, old);
            }
            i = r->n++;
            r->l[i] = (ref_line_t){line, 0, 0, 0};
        }
        r->l[i].valid |= s;
        if (dirty)
            r->l[i].dirty |= s;
        r->l[i].stamp = ++r->now;
    }
    int e = ref_mshr(r, line);
    if (e >= 0) {
        r->m[e].req &= ~s;
        if (!r->m[e].req)
            r->m[e].used = 0;
    }
    return e;
}

static int ref_write(ref_t *r, uint64_t line, uint32_t s)
{
    r->st.write_sectors += pop(s);
    int i = ref_find(r, line);
    if (i < 0)
        return 0;
    r->st.write_hit_sectors += pop(s);
    r->l[i].valid |= s;
    r->l[i].dirty |= s;
    r->l[i].stamp = ++r->now;
    return 1;
}

static void ref_invalidate(ref_t *r, uint64_t line, uint32_t s)
{
    int i = ref_find(r, line);
    if (i < 0)
        return;
    r->l[i].valid &= ~s;
    r->l[i].dirty &= ~s;
    if (!r->l[i].valid)
        ref_drop(r, i);
}

static uint32_t ref_used(const ref_t *r)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < r->cfg.mshr_entries; i++)
        n += (uint32_t)r->m[i].used;
    return n;
}

/* ---- the comparison ---------------------------------------------------- */

typedef struct { uint64_t line; uint32_t dirty; } dl_t;
typedef struct { dl_t d[MAXL]; int n; } dlist_t;

static void collect(void *ctx, uint64_t line, uint32_t dirty)
{
    dlist_t *l = ctx;
    if (l->n < MAXL)
        l->d[l->n] = (dl_t){line, dirty};
    l->n++;
}

static int by_line(const void *a, const void *b)
{
    uint64_t x = ((const dl_t *)a)->line, y = ((const dl_t *)b)->line;
    return x < y ? -1 : x > y;
}

static unsigned long step;
static const char *what;

#define SAME(got, want)                                                                   \
    do {                                                                                  \
        unsigned long long g_ = (got), w_ = (want);                                       \
        if (g_ != w_)                                                                     \
            fail_msg("step %lu (%s): %s = %llu, reference %llu", step, what, #got, g_, w_); \
    } while (0)

static void same_dirty_lines(const gmc_cache_t *c, const ref_t *r)
{
    static dlist_t got, want;
    got.n = want.n = 0;
    gmc_cache_for_dirty(c, collect, &got);
    for (int i = 0; i < r->n; i++)
        if (r->l[i].dirty)
            collect(&want, r->l[i].line, r->l[i].dirty);
    SAME(got.n, want.n);
    qsort(got.d, (size_t)got.n, sizeof got.d[0], by_line);
    qsort(want.d, (size_t)want.n, sizeof want.d[0], by_line);
    for (int i = 0; i < got.n; i++) {
        SAME(got.d[i].line, want.d[i].line);
        SAME(got.d[i].dirty, want.d[i].dirty);
    }
}

static void same_stats(const gmc_cache_stats_t *a, const gmc_cache_stats_t *b)
{
    SAME(a->read_sectors, b->read_sectors);
    SAME(a->read_hit_sectors, b->read_hit_sectors);
    SAME(a->miss_calls, b->miss_calls);
    SAME(a->mshr_full, b->mshr_full);
    SAME(a->merged_sectors, b->merged_sectors);
    SAME(a->sent_sectors, b->sent_sectors);
    SAME(a->fills, b->fills);
    SAME(a->evictions, b->evictions);
    SAME(a->dirty_evicted_sectors, b->dirty_evicted_sectors);
    SAME(a->write_sectors, b->write_sectors);
    SAME(a->write_hit_sectors, b->write_hit_sectors);
}

/* A line from a pool that keeps `busy` sets busy with `tags` lines each,
 * some of them high in the 64-bit address space. */
static uint64_t pick_line(gmc_rng_t *g, const ref_t *r, uint32_t busy, uint32_t tags)
{
    uint64_t set = gmc_rng_below(g, busy < r->sets ? busy : r->sets), tag = gmc_rng_below(g, tags);
    if (tag & 1)
        tag += 1ull << 30;
    return (tag * r->sets + set) * r->cfg.line_bytes;
}

/* Mostly non-empty; the empty mask is a legal corner too. */
static uint32_t pick_sectors(gmc_rng_t *g, uint32_t all)
{
    if (gmc_rng_below(g, 50) == 0)
        return 0;
    uint32_t s;
    do
        s = (uint32_t)gmc_rng_u64(g) & all;
    while (!s);
    return s;
}

static unsigned long run(gmc_cache_cfg_t cfg, uint32_t busy, uint32_t tags, uint64_t seed, unsigned long ops)
{
    static ref_t r;
    memset(&r, 0, sizeof r);
    r.cfg = cfg;
    r.sets = cfg.size_bytes / (cfg.line_bytes * cfg.assoc);
    uint32_t nsec = cfg.line_bytes / cfg.sector_bytes;
    r.all = nsec == 32 ? 0xffffffffu : (1u << nsec) - 1;
    assert_true(r.sets * cfg.assoc <= MAXL && cfg.mshr_entries <= MAXM);
    char err[256];
    gmc_cache_t *c = gmc_cache_new(&cfg, err, sizeof err);
    if (!c)
        fail_msg("%s", err);
    gmc_rng_t g;
    gmc_rng_seed(&g, seed);
    for (step = 0; step < ops; step++) {
        uint64_t line = pick_line(&g, &r, busy, tags);
        uint32_t s = pick_sectors(&g, r.all);
        unsigned op = (unsigned)gmc_rng_below(&g, 100);
        if (op < 25) {
            what = "read";
            int touch = (int)gmc_rng_below(&g, 4) != 0;
            SAME(gmc_cache_read_hits(c, line, s, touch), ref_read(&r, line, s, touch));
        } else if (op < 50) {
            what = "miss";
            uint32_t e1 = 1234, e2 = 1234, s1 = 5678, s2 = 5678;
            SAME(gmc_cache_miss_ok(c, line), ref_miss_ok(&r, line));
            SAME(gmc_cache_miss(c, line, s, &e1, &s1), ref_miss(&r, line, s, &e2, &s2));
            SAME(e1, e2);
            SAME(s1, s2);
        } else if (op < 80) {
            what = "fill";
            /* Mostly data for an outstanding miss: part or all of it,
             * half of the time with its entry (gmc_cache_fill_entry, as
             * the harness fills: the entry's way hint is then used). */
            int entry = -1;
            if (op < 72 && ref_used(&r)) {
                uint32_t e = (uint32_t)gmc_rng_below(&g, cfg.mshr_entries);
                while (!r.m[e].used)
                    e = (e + 1) % cfg.mshr_entries;
                line = r.m[e].line;
                s = gmc_rng_below(&g, 2) ? r.m[e].req : r.m[e].req & (uint32_t)gmc_rng_u64(&g);
                if (gmc_rng_below(&g, 2))
                    entry = (int)e;
            }
            int dirty = gmc_rng_below(&g, 4) == 0;
            uint64_t vl1 = 1, vl2 = 2;
            uint32_t vd1 = 3, vd2 = 4;
            int got = entry >= 0 ? gmc_cache_fill_entry(c, line, s, dirty, entry, &vl1, &vd1)
                                 : gmc_cache_fill(c, line, s, dirty, &vl1, &vd1);
            SAME(got, ref_fill(&r, line, s, dirty, &vl2, &vd2));
            SAME(vl1, vl2);
            SAME(vd1, vd2);
        } else if (op < 92) {
            what = "write";
            SAME(gmc_cache_write_hit(c, line, s), ref_write(&r, line, s));
        } else if (op < 97) {
            what = "invalidate";
            gmc_cache_invalidate(c, line, s);
            ref_invalidate(&r, line, s);
        } else {
            what = "find";
            SAME(gmc_cache_mshr_find(c, line), ref_mshr(&r, line));
        }
        SAME(gmc_cache_mshr_used(c), ref_used(&r));
        if (step % 256 == 0)
            same_dirty_lines(c, &r);
    }
    what = "end";
    same_dirty_lines(c, &r);
    same_stats(gmc_cache_stats(c), &r.st);
    gmc_cache_delete(c);
    return ops;
}

static void random_sequences_match_the_reference_model(void **st)
{
    const struct { gmc_cache_cfg_t cfg; uint32_t busy, tags; } shape[] = {
        {{1024, 128, 32, 2, 4, 3, 0}, 4, 6},        /* 4 sets x 2 ways, few MSHRs */
        {{1024, 128, 32, 8, 8, 2, 0}, 1, 20},       /* fully associative */
        {{2048, 128, 32, 1, 3, 4, 0}, 4, 3},        /* direct-mapped */
        {{16384, 1024, 32, 4, 6, 5, 0}, 4, 10},     /* 32 sectors per line */
        {{2048, 64, 4, 2, 5, 2, 0}, 4, 8},          /* 16 sectors of 4 B */
        {{65536, 128, 32, 4, 256, 8, 0}, 128, 8},   /* L1-like: 256 MSHRs, hashed */
        {{8192, 128, 32, 2, 16, 4, 1}, 32, 64},     /* index_hash: XOR-folded sets */
        {{8192, 128, 32, 64, 16, 4, 0}, 1, 160},    /* 64 ways, fully associative: the line hash */
        {{16384, 128, 32, 32, 8, 2, 1}, 4, 100},    /* 32 ways x 4 sets, line hash and index_hash */
    };
    unsigned long total = 0;
    for (size_t k = 0; k < sizeof shape / sizeof shape[0]; k++)
        for (uint64_t seed = 1; seed <= 3; seed++)
            total += run(shape[k].cfg, shape[k].busy, shape[k].tags, seed * 7919 + k, 20000);
    print_message("gmc_cache: %lu random operations compared with the reference model\n", total);
}

int main(void)
{
    const struct CMUnitTest t[] = {
        cmocka_unit_test(random_sequences_match_the_reference_model),
    };
    return cmocka_run_group_tests_name("gmc_cache_random", t, NULL, NULL);
}
