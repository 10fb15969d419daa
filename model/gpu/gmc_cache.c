/* gmc_cache: tag state of a sectored set-associative LRU cache with MSHRs.
 *
 * Layout for the hot path (a tag check per coalesced access, and in a
 * streaming workload nearly every access lands in a set not touched for a
 * long time, so the number of host cache lines a set spans is the cost):
 *
 *   tag[]   per way, set-major: one set's tags are contiguous, so a lookup
 *           is a short compare loop.  An invalid way holds the tag ~0,
 *           which no line address can equal (line_bytes >= 32 clears the
 *           low bits), so the loop needs no valid test.
 *   fp      up to HASH_ASSOC ways: per set 16 bytes at the end of its meta
 *           block, one 8-bit fingerprint of each way's tag (fp_of; kept
 *           with every tag write).  With
 *           SSE2 a lookup compares the 16 at once and reads only the tags
 *           whose fingerprint matches: a miss (every access of a streaming
 *           workload at the L2) costs a load, a compare and a mask instead
 *           of 16 tag compares, and seldom touches the tags at all.  The
 *           full tag decides, so a stale or colliding fingerprint costs a
 *           compare, never a wrong answer.
 *   meta    per set, one block of mstride bytes (a power of two up to 64,
 *           else a multiple of 64, so a block never straddles more host
 *           lines than it must): the ways' valid masks, their dirty masks
 *           (one byte each when a line has at most 8 sectors, else four),
 *           then one LRU rank byte per way, then (up to HASH_ASSOC ways)
 *           the fingerprints.  A 16-way set of 4-sector lines is then one
 *           host line of meta and two of tags.  The fingerprints are not
 *           an array of their own: a lookup and a fill would then touch
 *           two different lines, and the L2 slices' host footprint would
 *           be larger.
 *
 * LRU is exact.  Up to HASH_ASSOC ways the ranks say it: the valid ways'
 * ranks are 0 (most recent) .. valid ways - 1, an invalid way's is
 * RANK_FREE; using a way (a hit, a fill) moves every valid way more
 * recent than it one rank down and gives it rank 0.  The victim is the
 * lowest-index invalid way, else the way of the highest rank.  (This
 * replaced 64-bit stamps per way: a 16-way set of an L2 slice went from
 * 384 bytes in four arrays to 192 in two.)
 */
#include "gpu/gmc_cache.h"
#include "gpu/gmc_cache_mshr_impl.h"
#include "gpu/gmc_bits_impl.h"
#include "util/gmc_alloc_impl.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#define NO_TAG (~0ull)
#define MAX_SIZE_BYTES (1u << 30)
#define RANK_FREE 0xffu

/* Field order is host cache lines (the struct is 64-byte aligned): the
 * first 64 bytes are what every lookup reads, the next 64 what a miss and
 * a fill add (the MSHRs, the meta block's shape), the third the counters
 * every call moves; the wide sets' lists after them.  64 caches are stepped
 * in turn, so each is cold when its SM or slice steps: every line a call
 * touches is a host cache miss. */
struct gmc_cache {
    /* line 0: lookup */
    uint64_t offset_mask;          /* line_bytes - 1 */
    uint64_t *tag;                 /* sets * assoc, set-major */
    uint8_t  *meta;                /* sets * mstride: valid, dirty, rank (see the top) */
    /* Wide sets (assoc > HASH_ASSOC, e.g. a 512-way fully associative L1)
     * find a line through a hash of the line address instead of comparing
     * every way: chains of slot indices (set * assoc + way), NONE-terminated. */
    uint32_t *hbucket, *hnext;
    uint32_t assoc, set_mask;
    uint8_t  set_bits_hash;        /* log2(sets) when index_hash (and sets > 1), else 0 */
    uint8_t  line_shift;
    uint8_t  hbits;
    uint16_t fp_off;               /* the fingerprints' offset in a meta block, 0: none (wide) */
    uint32_t all_sectors;          /* mask of the nsec sectors of a line */
    /* line 1: misses and fills */
    gmc_mshr_t mshr;
    uint32_t  mstride;             /* bytes of a meta block (at most 2 * 4 * assoc + 16) */
    uint32_t  dirty_off, rank_off; /* offsets in a meta block */
    int8_t    ashift;              /* log2(assoc) if a power of two, else -1 (no division per hit) */
    uint8_t   mbytes;              /* bytes of one sector mask: 1 (nsec <= 8) or 4 */
    /* line 2: the counters (the first eight are the ones every call moves) */
    _Alignas(64) gmc_cache_stats_t st;
    /* Wide sets also keep, per set, the valid ways in LRU order (a doubly
     * linked list, head = most recent) and the free ways in a bitmap, so a
     * fill finds its victim without scanning 512 ways (no ranks there). */
    uint32_t *lprev, *lnext, *lhead, *ltail;   /* slot indices, per set head/tail */
    uint64_t *freemap;                         /* per set, assoc / 64 words (rounded up) */
    /* what only setup reads */
    unsigned  fwords;
    gmc_cache_cfg_t cfg;
    uint32_t sets, nsec;
    unsigned sector_shift;
};

#define HASH_ASSOC 16
#define NONE UINT32_MAX
_Static_assert(HASH_ASSOC <= 16, "a set's fingerprints are one 16-byte vector");
_Static_assert(offsetof(struct gmc_cache, all_sectors) + sizeof(uint32_t) <= 64,
               "the fields a lookup reads fit the struct's first host line");
_Static_assert(offsetof(struct gmc_cache, mbytes) < 128 && offsetof(struct gmc_cache, st) == 128 &&
                   offsetof(gmc_cache_stats_t, evictions) < 64,
               "a miss's and a fill's fields are the second host line, the counters every call moves the third");

/* The way's fingerprint: 8 well-mixed bits of the line number. */
static inline uint8_t fp_of(const gmc_cache_t *c, uint64_t line)
{
    return (uint8_t)(((line >> c->line_shift) * 0x9e3779b97f4a7c15ull) >> 56);
}

/* The meta block of set `set`. */
static inline uint8_t *meta_of(const gmc_cache_t *c, size_t set) { return c->meta + set * c->mstride; }

/* Every tag write goes through here (the fingerprint follows it). */
static inline void tag_put(gmc_cache_t *c, size_t slot, size_t set, uint32_t w, uint64_t line)
{
    c->tag[slot] = line;
    if (c->fp_off)
        meta_of(c, set)[c->fp_off + w] = fp_of(c, line);
}

/* A way's sector mask in a meta block's valid or dirty part. */
static inline uint32_t mask_get(const gmc_cache_t *c, const uint8_t *p, uint32_t w)
{
    if (c->mbytes == 1)
        return p[w];
    uint32_t v;
    memcpy(&v, p + 4 * (size_t)w, 4);
    return v;
}

static inline void mask_put(const gmc_cache_t *c, uint8_t *p, uint32_t w, uint32_t v)
{
    if (c->mbytes == 1)
        p[w] = (uint8_t)v;
    else
        memcpy(p + 4 * (size_t)w, &v, 4);
}

/* A way of the cache: its slot (set * assoc + way), set and way. */
typedef struct {
    size_t   slot, set;
    uint32_t w;
} way_t;

static inline way_t way_at(const gmc_cache_t *c, size_t slot)
{
    way_t x = {slot, c->ashift >= 0 ? slot >> c->ashift : slot / c->assoc, 0};
    x.w = (uint32_t)(slot - x.set * c->assoc);
    return x;
}

static inline uint32_t valid_of(const gmc_cache_t *c, way_t x) { return mask_get(c, meta_of(c, x.set), x.w); }
static inline uint32_t dirty_of(const gmc_cache_t *c, way_t x)
{
    return mask_get(c, meta_of(c, x.set) + c->dirty_off, x.w);
}
static inline void set_masks(gmc_cache_t *c, way_t x, uint32_t valid, uint32_t dirty)
{
    uint8_t *m = meta_of(c, x.set);
    mask_put(c, m, x.w, valid);
    mask_put(c, m + c->dirty_off, x.w, dirty);
}

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

static void hash_unlink(gmc_cache_t *c, size_t i)
{
    uint32_t *p = &c->hbucket[hslot(c, c->tag[i])];
    while (*p != (uint32_t)i)
        p = &c->hnext[*p];
    *p = c->hnext[i];
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

#ifdef __SSE2__
/* Lanes where a > b as unsigned bytes (-1, else 0): SSE2 compares signed,
 * so both sides get their top bit flipped first. */
static inline __m128i gt_u8(__m128i a, __m128i b)
{
    const __m128i top = _mm_set1_epi8((char)0x80);
    return _mm_cmpgt_epi8(_mm_xor_si128(a, top), _mm_xor_si128(b, top));
}
#endif

/* Ranks: way x becomes the most recent.  Every valid way more recent than
 * it moves one down (an invalid way's RANK_FREE is never below x's). */
static inline void rank_use(gmc_cache_t *c, way_t x)
{
    uint8_t *rk = meta_of(c, x.set) + c->rank_off;
    const uint8_t r = rk[x.w];
#ifdef __SSE2__
    /* true lanes are -1: subtracting them adds one */
    const __m128i v = _mm_loadu_si128((const __m128i *)rk);
    _mm_storeu_si128((__m128i *)rk, _mm_sub_epi8(v, gt_u8(_mm_set1_epi8((char)r), v)));
#else
    const uint32_t n = c->assoc;   /* a local: rk may alias c as far as the compiler knows */
    for (uint32_t w = 0; w < n; w++)
        rk[w] = (uint8_t)(rk[w] + (rk[w] < r));
#endif
    rk[x.w] = 0;
}

/* Way x becomes invalid: the ways older than it move one up. */
static inline void rank_free(gmc_cache_t *c, way_t x)
{
    uint8_t *rk = meta_of(c, x.set) + c->rank_off;
    const uint8_t r = rk[x.w];
#ifdef __SSE2__
    const __m128i v = _mm_loadu_si128((const __m128i *)rk);
    const __m128i gt = _mm_andnot_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8((char)RANK_FREE)),
                                        gt_u8(v, _mm_set1_epi8((char)r)));
    _mm_storeu_si128((__m128i *)rk, _mm_add_epi8(v, gt));
#else
    const uint32_t n = c->assoc;
    for (uint32_t w = 0; w < n; w++)
        rk[w] = (uint8_t)(rk[w] - (rk[w] > r && rk[w] != RANK_FREE));
#endif
    rk[x.w] = RANK_FREE;
}

/* A valid way was used (read hit, fill, write hit). */
static void lru_touch(gmc_cache_t *c, way_t x)
{
    if (c->lprev) {   /* the list is the order */
        if (c->lhead[x.set] != (uint32_t)x.slot) {   /* already the most recent: nothing moves */
            lru_remove(c, x.set, (uint32_t)x.slot);
            lru_push_head(c, x.set, (uint32_t)x.slot);
        }
    } else {
        rank_use(c, x);
    }
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
    gmc_cache_t *c = gmc_zalloc64(1, sizeof *c);
    if (!c) {
        snprintf(err, n, "gmc_cache: out of memory");
        return NULL;
    }
    c->cfg = *cfg;
    c->assoc = cfg->assoc;
    c->sets = cfg->size_bytes / (cfg->line_bytes * cfg->assoc);
    c->set_mask = c->sets - 1;
    if (cfg->index_hash)
        c->set_bits_hash = (uint8_t)__builtin_ctz(c->sets);
    c->nsec = cfg->line_bytes / cfg->sector_bytes;
    c->line_shift = (uint8_t)log2u(cfg->line_bytes);
    c->sector_shift = log2u(cfg->sector_bytes);
    c->all_sectors = (uint32_t)((1ull << c->nsec) - 1);
    c->offset_mask = cfg->line_bytes - 1;
    c->ashift = is_pow2(c->assoc) ? (int)log2u(c->assoc) : -1;
    c->mbytes = c->nsec <= 8 ? 1 : 4;
    c->dirty_off = c->mbytes * c->assoc;
    c->rank_off = 2 * c->dirty_off;
    /* ranks: 16 bytes however few the ways, so that rank_use and rank_free
     * update them as one vector (the bytes past assoc belong to no way);
     * then the fingerprints, 16 bytes at a 16-byte offset (one aligned
     * vector load; the block is at least 32 bytes, so it is aligned too) */
    size_t need = c->rank_off;
    if (c->assoc <= HASH_ASSOC) {
        c->fp_off = (uint16_t)((c->rank_off + 16 + 15) / 16 * 16);
        need = (size_t)c->fp_off + 16;
    }
    c->mstride = 8;
    while (c->mstride < need && c->mstride < 64)
        c->mstride *= 2;
    if (c->mstride < need)
        c->mstride = (need + 63) / 64 * 64;
    size_t lines = (size_t)c->sets * c->assoc;
    c->tag = aligned_alloc(64, (lines * sizeof *c->tag + 63) / 64 * 64);
    c->meta = aligned_alloc(64, (c->sets * c->mstride + 63) / 64 * 64);
    if (c->assoc > HASH_ASSOC) {
        c->hbits = (uint8_t)log2u(2 * lines);
        c->hbucket = malloc(((size_t)1 << c->hbits) * sizeof *c->hbucket);
        c->hnext = malloc(lines * sizeof *c->hnext);
        c->fwords = (c->assoc + 63) / 64;
        c->lprev = malloc(lines * sizeof *c->lprev);
        c->lnext = malloc(lines * sizeof *c->lnext);
        c->lhead = malloc(c->sets * sizeof *c->lhead);
        c->ltail = malloc(c->sets * sizeof *c->ltail);
        c->freemap = malloc((size_t)c->sets * c->fwords * sizeof *c->freemap);
        if (!c->hbucket || !c->hnext || !c->lprev || !c->lnext || !c->lhead || !c->ltail || !c->freemap) {
            free(c->tag);
            c->tag = NULL;   /* reported below */
        }
    }
    if (!c->tag || !c->meta || gmc_mshr_init(&c->mshr, cfg->mshr_entries, c->line_shift)) {
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
    free(c->meta);
    free(c->hbucket);
    free(c->hnext);
    free(c->lprev);
    free(c->lnext);
    free(c->lhead);
    free(c->ltail);
    free(c->freemap);
    if (c->mshr.e)
        gmc_mshr_free(&c->mshr);
    free(c);
}

/* A fresh cache: tags, LRU order, MSHRs and counters. */
void gmc_cache_reset(gmc_cache_t *c)
{
    size_t lines = (size_t)c->sets * c->assoc;
    for (size_t i = 0; i < lines; i++)
        c->tag[i] = NO_TAG;
    memset(c->meta, 0, c->sets * c->mstride);   /* fingerprints: any value, the tags decide */
    if (c->hbucket) {
        memset(c->hbucket, 0xff, ((size_t)1 << c->hbits) * sizeof *c->hbucket);
        memset(c->lhead, 0xff, c->sets * sizeof *c->lhead);
        memset(c->ltail, 0xff, c->sets * sizeof *c->ltail);
        for (size_t set = 0; set < c->sets; set++)
            for (unsigned w = 0; w < c->fwords; w++) {
                unsigned left = c->assoc - 64 * w;
                c->freemap[set * c->fwords + w] = left >= 64 ? ~0ull : (1ull << left) - 1;
            }
    } else {
        for (size_t set = 0; set < c->sets; set++)
            memset(meta_of(c, set) + c->rank_off, RANK_FREE, c->assoc);
    }
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

static size_t set_of(const gmc_cache_t *c, uint64_t line)
{
    uint64_t x = line >> c->line_shift;
    if (c->set_bits_hash)
        x ^= (x >> c->set_bits_hash) ^ (x >> 2 * c->set_bits_hash);
    return (size_t)(x & c->set_mask);
}

/* line's way: 1 with *x set, or 0 with x->set = line's set.  Offset bits of line are ignored; once they are
 * cleared nothing can match an invalid way's ~0. */
static int find_way(const gmc_cache_t *c, uint64_t line, way_t *x)
{
    line &= ~c->offset_mask;
    if (c->hbucket) {
        for (uint32_t i = c->hbucket[hslot(c, line)]; i != NONE; i = c->hnext[i])
            if (c->tag[i] == line) {
                *x = way_at(c, i);
                return 1;
            }
        x->set = set_of(c, line);
        return 0;
    }
    x->set = set_of(c, line);
    size_t b = x->set * c->assoc;
    const uint64_t *t = c->tag + b;
#ifdef __SSE2__
    const __m128i f = _mm_load_si128((const __m128i *)(meta_of(c, x->set) + c->fp_off));
    uint32_t m = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(f, _mm_set1_epi8((char)fp_of(c, line))));
    for (; m; m &= m - 1) {
        uint32_t w = (uint32_t)__builtin_ctz(m);
        if (w < c->assoc && t[w] == line) {   /* bytes past assoc belong to no way */
            x->slot = b + w;
            x->w = w;
            return 1;
        }
    }
#else
    for (uint32_t w = 0; w < c->assoc; w++)
        if (t[w] == line) {
            x->slot = b + w;
            x->w = w;
            return 1;
        }
#endif
    return 0;
}

uint32_t gmc_cache_read_hits(gmc_cache_t *c, uint64_t line, uint32_t sectors, int touch)
{
    sectors &= c->all_sectors;
    way_t x;
    uint32_t hit = find_way(c, line, &x) ? valid_of(c, x) & sectors : 0;
    if (touch) {
        c->st.read_sectors += popc(sectors);
        c->st.read_hit_sectors += popc(hit);
        if (hit)
            lru_touch(c, x);
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
    return gmc_cache_miss_at(c, line, gmc_mshr_lookup(&c->mshr, line & ~c->offset_mask), sectors,
                             entry, send);
}

int gmc_cache_miss_at(gmc_cache_t *c, uint64_t line, int e, uint32_t sectors, uint32_t *entry,
                      uint32_t *send)
{
    sectors &= c->all_sectors;
    line &= ~c->offset_mask;
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

int gmc_cache_miss_ok_at(const gmc_cache_t *c, int e) { return !miss_refused(c, e); }

int gmc_cache_mshr_find(const gmc_cache_t *c, uint64_t line)
{
    return gmc_mshr_lookup(&c->mshr, line & ~c->offset_mask);
}

/* The way a fill of a line not present takes in x->set: the lowest-index
 * invalid way, else the least recently used (taken off the LRU list in a
 * wide set). */
static void victim(gmc_cache_t *c, way_t *x)
{
    if (c->lprev) {   /* the free bitmap, else the LRU list's tail */
        uint64_t *fm = c->freemap + x->set * c->fwords;
        unsigned w = 0;
        while (w < c->fwords && !fm[w])
            w++;
        if (w < c->fwords) {
            x->w = 64 * w + (unsigned)__builtin_ctzll(fm[w]);
            fm[w] &= fm[w] - 1;
        } else {
            x->w = (uint32_t)(c->ltail[x->set] - x->set * c->assoc);
            lru_remove(c, x->set, c->ltail[x->set]);
        }
    } else {
        const uint8_t *m = meta_of(c, x->set), *rk = m + c->rank_off;
        const uint32_t n = c->assoc;
        uint32_t w = 0;
        while (w < n && mask_get(c, m, w))
            w++;
        if (w == n) {   /* all valid: the ranks are 0 .. assoc - 1 */
            w = 0;
            while (rk[w] != n - 1)
                w++;
        }
        x->w = w;
    }
    x->slot = x->set * c->assoc + x->w;
}

/* gmc_cache_fill with the line's MSHR entry e already known (-2: look it up). */
/* Inlined into each caller, so that the callers without a slot drop its
 * test: out of line, the added argument cost 4 instructions per fill. */
static inline __attribute__((always_inline)) int fill(gmc_cache_t *c, uint64_t line, uint32_t sectors,
                                                     int dirty, int e, uint64_t *victim_line,
                                                     uint32_t *victim_dirty, int32_t *slot)
{
    uint64_t vline = 0;
    uint32_t vdirty = 0;
    sectors &= c->all_sectors;
    line &= ~c->offset_mask;
    c->st.fills++;
    if (sectors) {
        way_t x;
        uint32_t valid = 0, dmask = 0;
        /* A sectored line is filled sector by sector: after the first, the
         * entry's way hint finds it with one tag compare (a line is in at
         * most one way, so a matching tag is the way find_way returns). */
        const uint32_t hint = e >= 0 ? c->mshr.e[e].way : 0;
        if ((hint && c->tag[hint - 1] == line && (x = way_at(c, hint - 1), 1)) ||
            find_way(c, line, &x)) {
            valid = valid_of(c, x);
            dmask = dirty_of(c, x);
            lru_touch(c, x);
        } else {
            victim(c, &x);
            if (valid_of(c, x)) {
                vline = c->tag[x.slot];
                vdirty = dirty_of(c, x);
                c->st.evictions++;
                c->st.dirty_evicted_sectors += popc(vdirty);
                if (c->hbucket)
                    hash_unlink(c, x.slot);
            }
            tag_put(c, x.slot, x.set, x.w, line);
            if (slot)
                *slot = (int32_t)x.slot;
            if (c->hbucket) {
                hash_link(c, x.slot);
                lru_push_head(c, x.set, (uint32_t)x.slot);
            } else {
                rank_use(c, x);
            }
        }
        set_masks(c, x, valid | sectors, dirty ? dmask | sectors : dmask);
        if (e >= 0)
            c->mshr.e[e].way = (uint32_t)x.slot + 1;
    }
    if (victim_line)
        *victim_line = vline;
    if (victim_dirty)
        *victim_dirty = vdirty;
    if (e == -2)
        e = gmc_mshr_lookup(&c->mshr, line);
    if (e >= 0) {
        c->mshr.e[e].req &= ~sectors;
        if (!c->mshr.e[e].req)
            gmc_mshr_release(&c->mshr, (uint32_t)e);
    }
    return e;
}

int gmc_cache_fill(gmc_cache_t *c, uint64_t line, uint32_t sectors, int dirty,
                   uint64_t *victim_line, uint32_t *victim_dirty)
{
    return fill(c, line, sectors, dirty, -2, victim_line, victim_dirty, NULL);
}

int gmc_cache_fill_entry(gmc_cache_t *c, uint64_t line, uint32_t sectors, int dirty, int entry,
                         uint64_t *victim_line, uint32_t *victim_dirty)
{
    return fill(c, line, sectors, dirty, entry < 0 ? -1 : entry, victim_line, victim_dirty, NULL);
}

int gmc_cache_fill_slot(gmc_cache_t *c, uint64_t line, uint32_t sectors, int entry,
                        uint64_t *victim_line, int *evicted, int32_t *slot)
{
    const uint64_t ev = c->st.evictions;
    *slot = -1;
    int r = fill(c, line, sectors, 0, entry < 0 ? -1 : entry, victim_line, NULL, slot);
    *evicted = c->st.evictions != ev;
    return r;
}

uint32_t gmc_cache_slots(const gmc_cache_t *c)
{
    return c->sets * c->assoc;
}

int gmc_cache_write_hit(gmc_cache_t *c, uint64_t line, uint32_t sectors)
{
    sectors &= c->all_sectors;
    way_t x;
    c->st.write_sectors += popc(sectors);
    if (!find_way(c, line, &x))
        return 0;
    c->st.write_hit_sectors += popc(sectors);
    set_masks(c, x, valid_of(c, x) | sectors, dirty_of(c, x) | sectors);
    lru_touch(c, x);
    return 1;
}

void gmc_cache_invalidate(gmc_cache_t *c, uint64_t line, uint32_t sectors)
{
    way_t x;
    if (!find_way(c, line, &x))
        return;
    uint32_t valid = valid_of(c, x) & ~sectors;
    set_masks(c, x, valid, dirty_of(c, x) & ~sectors);
    if (!valid) {                         /* the way is free again */
        if (c->hbucket) {
            hash_unlink(c, x.slot);
            lru_remove(c, x.set, (uint32_t)x.slot);
            c->freemap[x.set * c->fwords + x.w / 64] |= 1ull << (x.w % 64);
        } else {
            rank_free(c, x);
        }
        tag_put(c, x.slot, x.set, x.w, NO_TAG);
    }
}

const gmc_cache_stats_t *gmc_cache_stats(const gmc_cache_t *c) { return &c->st; }

uint32_t gmc_cache_mshr_used(const gmc_cache_t *c) { return c->mshr.used; }

uint32_t *gmc_cache_mshr_user(gmc_cache_t *c, uint32_t entry) { return &c->mshr.e[entry].user; }

void gmc_cache_for_dirty(const gmc_cache_t *c, void (*fn)(void *ctx, uint64_t line, uint32_t dirty),
                         void *ctx)
{
    for (size_t set = 0; set < c->sets; set++)
        for (uint32_t w = 0; w < c->assoc; w++) {
            way_t x = {set * c->assoc + w, set, w};
            uint32_t d = dirty_of(c, x);
            if (d)
                fn(ctx, c->tag[x.slot], d);
        }
}
