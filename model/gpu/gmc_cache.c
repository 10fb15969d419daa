/* gmc_cache: tag state of a sectored set-associative LRU cache with MSHRs.
 *
 * Layout for the hot path (a tag check per coalesced access): the tags of
 * one set are contiguous, so a lookup is a short compare loop over `assoc`
 * words.  An invalid way holds the tag ~0, which no line address can equal
 * (line_bytes >= 32 clears the low bits), so the loop needs no valid test.
 * LRU is exact: each access stamps the line from a 64-bit counter; an
 * invalid way keeps stamp 0, so "invalid way first, lowest index, else the
 * oldest line" is a single minimum search.
 */
#include "gpu/gmc_cache.h"
#include "gpu/gmc_cache_mshr.h"
#include "gpu/gmc_bits.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NO_TAG (~0ull)
#define MAX_SIZE_BYTES (1u << 30)

struct gmc_cache {
    gmc_cache_cfg_t cfg;
    uint32_t sets, assoc, set_mask, nsec;
    uint32_t set_bits_hash;        /* log2(sets) when index_hash (and sets > 1), else 0 */
    unsigned line_shift, sector_shift;
    uint32_t all_sectors;          /* mask of the nsec sectors of a line */
    uint64_t offset_mask;          /* line_bytes - 1 */
    uint64_t clock;                /* LRU stamp source; 0 means never used */
    uint64_t *tag;                 /* sets * assoc, set-major */
    uint64_t *stamp;
    uint32_t *valid, *dirty;       /* sector masks; dirty is a subset of valid */
    gmc_mshr_t mshr;
    gmc_cache_stats_t st;
    /* Wide sets (assoc > HASH_ASSOC, e.g. a 512-way fully associative L1)
     * find a line through a hash of the line address instead of comparing
     * every way: chains of slot indices, NONE-terminated. */
    uint32_t *hbucket, *hnext;
    unsigned  hbits;
    /* ... and keep, per set, the valid ways in LRU order (a doubly linked
     * list, head = most recent) and the free ways in a bitmap, so a fill
     * finds its victim without scanning 512 stamps.  The order is exactly
     * the stamps' order: every stamp update is a move to the head. */
    uint32_t *lprev, *lnext, *lhead, *ltail;   /* slot indices, per set head/tail */
    uint64_t *freemap;                         /* per set, assoc / 64 words (rounded up) */
    unsigned  fwords;
};

#define HASH_ASSOC 16
#define NONE UINT32_MAX

static uint32_t hslot(const gmc_cache_t *c, uint64_t line)
{
    return (uint32_t)(((line >> c->line_shift) * 0x9e3779b97f4a7c15ull) >> (64 - c->hbits));
}

static void hash_link(gmc_cache_t *c, size_t i)
{
    uint32_t h = hslot(c, c->tag[i]);
    c->hnext[i] = c->hbucket[h];
    c->hbucket[h] = (uint32_t)i;
}

static void lru_remove(gmc_cache_t *c, size_t set, uint32_t i)
{
    if (c->lprev[i] != NONE) c->lnext[c->lprev[i]] = c->lnext[i]; else c->lhead[set] = c->lnext[i];
    if (c->lnext[i] != NONE) c->lprev[c->lnext[i]] = c->lprev[i]; else c->ltail[set] = c->lprev[i];
}

static void lru_push_head(gmc_cache_t *c, size_t set, uint32_t i)
{
    c->lprev[i] = NONE;
    c->lnext[i] = c->lhead[set];
    if (c->lhead[set] != NONE) c->lprev[c->lhead[set]] = i; else c->ltail[set] = i;
    c->lhead[set] = i;
}

/* The stamp update of a valid way (read hit, fill, write hit). */
static void lru_touch(gmc_cache_t *c, size_t i)
{
    if (c->lprev) {   /* the list is the order: no stamps */
        size_t set = i / c->assoc;
        if (c->lhead[set] != (uint32_t)i) {   /* already the most recent: nothing moves */
            lru_remove(c, set, (uint32_t)i);
            lru_push_head(c, set, (uint32_t)i);
        }
    } else {
        c->stamp[i] = ++c->clock;
    }
}

static void hash_unlink(gmc_cache_t *c, size_t i)
{
    uint32_t *p = &c->hbucket[hslot(c, c->tag[i])];
    while (*p != (uint32_t)i)
        p = &c->hnext[*p];
    *p = c->hnext[i];
}

static int is_pow2(uint64_t x) { return x && !(x & (x - 1)); }

static unsigned log2u(uint64_t x)
{
    unsigned s = 0;
    while ((1ull << s) < x)
        s++;
    return s;
}

static unsigned popc(uint32_t x) { return gmc_popc32(x); }

/* One line per bad field: what is allowed, what was found. */
static int check_cfg(const gmc_cache_cfg_t *c, char *err, size_t n)
{
    if (!c)
        return snprintf(err, n, "gmc_cache: expected a configuration, found NULL"), -1;
    if (!is_pow2(c->line_bytes) || c->line_bytes < 32 || c->line_bytes > 1024)
        return snprintf(err, n, "gmc_cache: line_bytes: expected a power of two in 32..1024, found %u",
                        c->line_bytes), -1;
    if (!is_pow2(c->sector_bytes) || c->sector_bytes < 4 || c->sector_bytes > c->line_bytes)
        return snprintf(err, n,
                        "gmc_cache: sector_bytes: expected a power of two in 4..%u dividing line_bytes %u, "
                        "found %u", c->line_bytes, c->line_bytes, c->sector_bytes), -1;
    if (c->line_bytes / c->sector_bytes > 32)
        return snprintf(err, n,
                        "gmc_cache: sector_bytes %u: expected at most 32 sectors per line, found %u "
                        "(line_bytes %u)", c->sector_bytes, c->line_bytes / c->sector_bytes,
                        c->line_bytes), -1;
    if (c->assoc < 1)
        return snprintf(err, n, "gmc_cache: assoc: expected at least 1 way, found 0"), -1;
    uint64_t set_bytes = (uint64_t)c->line_bytes * c->assoc;
    if (c->size_bytes < set_bytes || c->size_bytes > MAX_SIZE_BYTES)
        return snprintf(err, n,
                        "gmc_cache: size_bytes: expected %llu (line_bytes*assoc) .. %u, found %u",
                        (unsigned long long)set_bytes, MAX_SIZE_BYTES, c->size_bytes), -1;
    if (c->size_bytes % set_bytes || !is_pow2(c->size_bytes / set_bytes)) {
        double sets = (double)c->size_bytes / (double)set_bytes;
        if (c->size_bytes % set_bytes)
            return snprintf(err, n,
                            "gmc_cache: assoc %u: expected sets = size_bytes/(line_bytes*assoc) = "
                            "%u/(%u*%u) to be a power of two, found %.2f", c->assoc, c->size_bytes,
                            c->line_bytes, c->assoc, sets), -1;
        return snprintf(err, n,
                        "gmc_cache: assoc %u: expected sets = size_bytes/(line_bytes*assoc) = "
                        "%u/(%u*%u) to be a power of two, found %llu", c->assoc, c->size_bytes,
                        c->line_bytes, c->assoc, (unsigned long long)(c->size_bytes / set_bytes)), -1;
    }
    if (c->mshr_entries < 1 || c->mshr_entries > GMC_MSHR_MAX_ENTRIES)
        return snprintf(err, n, "gmc_cache: mshr_entries: expected 1..%u, found %u",
                        GMC_MSHR_MAX_ENTRIES, c->mshr_entries), -1;
    if (c->mshr_merge < 1 || c->mshr_merge > GMC_MSHR_MAX_ENTRIES)
        return snprintf(err, n, "gmc_cache: mshr_merge: expected 1..%u, found %u",
                        GMC_MSHR_MAX_ENTRIES, c->mshr_merge), -1;
    return 0;
}

gmc_cache_t *gmc_cache_new(const gmc_cache_cfg_t *cfg, char *err, size_t n)
{
    char scratch[1];
    if (!err || !n)
        err = scratch, n = sizeof scratch;
    if (check_cfg(cfg, err, n))
        return NULL;
    gmc_cache_t *c = calloc(1, sizeof *c);
    if (!c) {
        snprintf(err, n, "gmc_cache: out of memory");
        return NULL;
    }
    c->cfg = *cfg;
    c->assoc = cfg->assoc;
    c->sets = cfg->size_bytes / (cfg->line_bytes * cfg->assoc);
    c->set_mask = c->sets - 1;
    if (cfg->index_hash)
        c->set_bits_hash = (uint32_t)__builtin_ctz(c->sets);
    c->nsec = cfg->line_bytes / cfg->sector_bytes;
    c->line_shift = log2u(cfg->line_bytes);
    c->sector_shift = log2u(cfg->sector_bytes);
    c->all_sectors = (uint32_t)((1ull << c->nsec) - 1);
    c->offset_mask = cfg->line_bytes - 1;
    size_t lines = (size_t)c->sets * c->assoc;
    c->tag = malloc(lines * sizeof *c->tag);
    c->stamp = malloc(lines * sizeof *c->stamp);
    c->valid = malloc(lines * sizeof *c->valid);
    c->dirty = malloc(lines * sizeof *c->dirty);
    if (c->assoc > HASH_ASSOC) {
        c->hbits = log2u(2 * lines);
        c->hbucket = malloc(((size_t)1 << c->hbits) * sizeof *c->hbucket);
        c->hnext = malloc(lines * sizeof *c->hnext);
        c->fwords = (c->assoc + 63) / 64;
        c->lprev = malloc(lines * sizeof *c->lprev);
        c->lnext = malloc(lines * sizeof *c->lnext);
        c->lhead = malloc(c->sets * sizeof *c->lhead);
        c->ltail = malloc(c->sets * sizeof *c->ltail);
        c->freemap = malloc((size_t)c->sets * c->fwords * sizeof *c->freemap);
        if (!c->hbucket || !c->hnext || !c->lprev || !c->lnext || !c->lhead || !c->ltail || !c->freemap)
            c->tag = NULL;   /* reported below */
    }
    if (!c->tag || !c->stamp || !c->valid || !c->dirty ||
        gmc_mshr_init(&c->mshr, cfg->mshr_entries, c->line_shift)) {
        snprintf(err, n, "gmc_cache: out of memory for %zu lines and %u MSHRs", lines, cfg->mshr_entries);
        gmc_cache_delete(c);
        return NULL;
    }
    gmc_cache_reset(c);
    return c;
}

void gmc_cache_delete(gmc_cache_t *c)
{
    if (!c)
        return;
    free(c->tag);
    free(c->hbucket);
    free(c->hnext);
    free(c->lprev);
    free(c->lnext);
    free(c->lhead);
    free(c->ltail);
    free(c->freemap);
    free(c->stamp);
    free(c->valid);
    free(c->dirty);
    if (c->mshr.e)
        gmc_mshr_free(&c->mshr);
    free(c);
}

/* A fresh cache: tags, LRU clock, MSHRs and counters. */
void gmc_cache_reset(gmc_cache_t *c)
{
    size_t lines = (size_t)c->sets * c->assoc;
    for (size_t i = 0; i < lines; i++)
        c->tag[i] = NO_TAG;
    if (c->hbucket) {
        memset(c->hbucket, 0xff, ((size_t)1 << c->hbits) * sizeof *c->hbucket);
        memset(c->lhead, 0xff, c->sets * sizeof *c->lhead);
        memset(c->ltail, 0xff, c->sets * sizeof *c->ltail);
        for (size_t set = 0; set < c->sets; set++)
            for (unsigned w = 0; w < c->fwords; w++) {
                unsigned left = c->assoc - 64 * w;
                c->freemap[set * c->fwords + w] = left >= 64 ? ~0ull : (1ull << left) - 1;
            }
    }
    memset(c->stamp, 0, lines * sizeof *c->stamp);
    memset(c->valid, 0, lines * sizeof *c->valid);
    memset(c->dirty, 0, lines * sizeof *c->dirty);
    c->clock = 0;
    gmc_mshr_clear(&c->mshr);
    memset(&c->st, 0, sizeof c->st);
}

uint64_t gmc_cache_line(const gmc_cache_t *c, uint64_t addr) { return addr & ~c->offset_mask; }

uint32_t gmc_cache_sectors(const gmc_cache_t *c, uint64_t addr, uint32_t bytes)
{
    if (bytes == 0)
        return 0;
    uint64_t off = addr & c->offset_mask;
    uint64_t end = off + bytes - 1;
    if (end > c->offset_mask)             /* crosses the line: clipped to it */
        end = c->offset_mask;
    unsigned first = (unsigned)(off >> c->sector_shift), last = (unsigned)(end >> c->sector_shift);
    return (uint32_t)((2ull << last) - (1ull << first));
}

static size_t set_base(const gmc_cache_t *c, uint64_t line)
{
    uint64_t x = line >> c->line_shift;
    if (c->set_bits_hash)
        x ^= (x >> c->set_bits_hash) ^ (x >> 2 * c->set_bits_hash);
    return (size_t)(x & c->set_mask) * c->assoc;
}

/* Index of line's way, or -1.  Offset bits of line are ignored; once they
 * are cleared nothing can match an invalid way's ~0. */
static long find_way(const gmc_cache_t *c, uint64_t line)
{
    line &= ~c->offset_mask;
    if (c->hbucket) {
        for (uint32_t i = c->hbucket[hslot(c, line)]; i != NONE; i = c->hnext[i])
            if (c->tag[i] == line)
                return (long)i;
        return -1;
    }
    size_t b = set_base(c, line);
    const uint64_t *t = c->tag + b;
    for (uint32_t w = 0; w < c->assoc; w++)
        if (t[w] == line)
            return (long)(b + w);
    return -1;
}

uint32_t gmc_cache_read_hits(gmc_cache_t *c, uint64_t line, uint32_t sectors, int touch)
{
    sectors &= c->all_sectors;
    long i = find_way(c, line);
    uint32_t hit = i < 0 ? 0 : c->valid[i] & sectors;
    if (touch) {
        c->st.read_sectors += popc(sectors);
        c->st.read_hit_sectors += popc(hit);
        if (hit)
            lru_touch(c, (size_t)i);
    }
    return hit;
}

/* The rule both gmc_cache_miss and gmc_cache_miss_ok apply. */
static int miss_refused(const gmc_cache_t *c, int e)
{
    if (e < 0)
        return c->mshr.used == c->mshr.n;
    return c->mshr.e[e].merges >= c->cfg.mshr_merge;
}

int gmc_cache_miss(gmc_cache_t *c, uint64_t line, uint32_t sectors, uint32_t *entry, uint32_t *send)
{
    sectors &= c->all_sectors;
    line &= ~c->offset_mask;
    int e = gmc_mshr_lookup(&c->mshr, line);
    c->st.miss_calls++;
    if (sectors == 0) {                   /* nothing missed: nothing to track */
        *entry = e < 0 ? GMC_CACHE_NO_ENTRY : (uint32_t)e;
        *send = 0;
        return GMC_CACHE_MISS_OK;
    }
    if (miss_refused(c, e)) {
        c->st.mshr_full++;
        return GMC_CACHE_MISS_FULL;
    }
    if (e < 0)
        e = gmc_mshr_alloc(&c->mshr, line);
    gmc_mshr_entry_t *m = &c->mshr.e[e];
    uint32_t fresh = sectors & ~m->req;
    m->req |= sectors;
    m->merges++;
    c->st.merged_sectors += popc(sectors & ~fresh);
    c->st.sent_sectors += popc(fresh);
    *entry = (uint32_t)e;
    *send = fresh;
    return GMC_CACHE_MISS_OK;
}

int gmc_cache_miss_ok(const gmc_cache_t *c, uint64_t line)
{
    return !miss_refused(c, gmc_mshr_lookup(&c->mshr, line & ~c->offset_mask));
}

int gmc_cache_mshr_find(const gmc_cache_t *c, uint64_t line)
{
    return gmc_mshr_lookup(&c->mshr, line & ~c->offset_mask);
}

int gmc_cache_fill(gmc_cache_t *c, uint64_t line, uint32_t sectors, int dirty,
                   uint64_t *victim_line, uint32_t *victim_dirty)
{
    uint64_t vline = 0;
    uint32_t vdirty = 0;
    sectors &= c->all_sectors;
    line &= ~c->offset_mask;
    c->st.fills++;
    if (sectors) {
        long i = find_way(c, line);
        int fresh = i < 0;
        if (i < 0) {
            /* Victim: stamp 0 (invalid) wins at its lowest index, else the
             * oldest stamp; stamps of valid lines are all distinct. */
            size_t b = set_base(c, line);
            if (c->lprev) {   /* the same rule from the free bitmap and the LRU list */
                size_t set = b / c->assoc;
                uint64_t *fm = c->freemap + set * c->fwords;
                unsigned w = 0;
                while (w < c->fwords && !fm[w])
                    w++;
                if (w < c->fwords) {
                    i = (long)(b + 64 * w + (unsigned)__builtin_ctzll(fm[w]));
                    fm[w] &= fm[w] - 1;
                } else {
                    i = (long)c->ltail[set];
                    lru_remove(c, set, (uint32_t)i);
                }
            } else {
                i = (long)b;
                for (uint32_t w = 1; w < c->assoc; w++)
                    if (c->stamp[b + w] < c->stamp[i])
                        i = (long)(b + w);
            }
            if (c->valid[i]) {
                vline = c->tag[i];
                vdirty = c->dirty[i];
                c->st.evictions++;
                c->st.dirty_evicted_sectors += popc(vdirty);
            }
            if (c->hbucket && c->tag[i] != NO_TAG)
                hash_unlink(c, (size_t)i);
            c->tag[i] = line;
            if (c->hbucket)
                hash_link(c, (size_t)i);
            c->valid[i] = 0;
            c->dirty[i] = 0;
        }
        c->valid[i] |= sectors;
        if (dirty)
            c->dirty[i] |= sectors;
        if (fresh) {
            if (c->lprev)
                lru_push_head(c, (size_t)i / c->assoc, (uint32_t)i);
            else
                c->stamp[i] = ++c->clock;
        } else {
            lru_touch(c, (size_t)i);
        }
    }
    if (victim_line)
        *victim_line = vline;
    if (victim_dirty)
        *victim_dirty = vdirty;
    int e = gmc_mshr_lookup(&c->mshr, line);
    if (e >= 0) {
        c->mshr.e[e].req &= ~sectors;
        if (!c->mshr.e[e].req)
            gmc_mshr_release(&c->mshr, (uint32_t)e);
    }
    return e;
}

int gmc_cache_write_hit(gmc_cache_t *c, uint64_t line, uint32_t sectors)
{
    sectors &= c->all_sectors;
    long i = find_way(c, line);
    c->st.write_sectors += popc(sectors);
    if (i < 0)
        return 0;
    c->st.write_hit_sectors += popc(sectors);
    c->valid[i] |= sectors;
    c->dirty[i] |= sectors;
    lru_touch(c, (size_t)i);
    return 1;
}

void gmc_cache_invalidate(gmc_cache_t *c, uint64_t line, uint32_t sectors)
{
    long i = find_way(c, line);
    if (i < 0)
        return;
    c->valid[i] &= ~sectors;
    c->dirty[i] &= ~sectors;
    if (!c->valid[i]) {                   /* the way is free again */
        if (c->hbucket) {
            size_t set = (size_t)i / c->assoc, w = (size_t)i % c->assoc;
            hash_unlink(c, (size_t)i);
            lru_remove(c, set, (uint32_t)i);
            c->freemap[set * c->fwords + w / 64] |= 1ull << (w % 64);
        }
        c->tag[i] = NO_TAG;
        c->stamp[i] = 0;
    }
}

const gmc_cache_stats_t *gmc_cache_stats(const gmc_cache_t *c) { return &c->st; }

uint32_t gmc_cache_mshr_used(const gmc_cache_t *c) { return c->mshr.used; }

void gmc_cache_for_dirty(const gmc_cache_t *c, void (*fn)(void *ctx, uint64_t line, uint32_t dirty),
                         void *ctx)
{
    size_t lines = (size_t)c->sets * c->assoc;
    for (size_t i = 0; i < lines; i++)
        if (c->dirty[i])
            fn(ctx, c->tag[i], c->dirty[i]);
}
