/* gmc_hybrid: page placement across the two memories of a hybrid memory
 * system (gmc_hybrid.h).  The memory system's own part (channels, devices,
 * maps, statistics) is in gmc_memsys.c; this file is the pure mapping,
 * which tests/unit/test_gmc_hybrid.c checks against a slow reference. */
#include "mc/gmc_hybrid.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mc/gmc_mem.h"
#include "util/gmc_num.h"

static const char *const place_names[GMC_PLACE_N] = {"channel", "ratio", "bw-aware", "write-aware"};

const char *gmc_place_name(gmc_place_t p)
{
    return (unsigned)p < GMC_PLACE_N ? place_names[p] : "?";
}

int gmc_place_parse(const char *s, gmc_place_t *p, char *err, size_t n)
{
    for (unsigned i = 0; i < GMC_PLACE_N; i++)
        if (!strcmp(s, place_names[i])) {
            *p = (gmc_place_t)i;
            return 0;
        }
    snprintf(err, n, "expected channel, ratio, bw-aware or write-aware, found '%s'", s);
    return -1;
}

int gmc_hybrid_share_parse(const char *s, uint32_t *a, uint32_t *b, char *err, size_t n)
{
    const char *sl = strchr(s, '/'), *dot = strchr(s, '.');
    uint64_t x = 0, y = 0;
    int bad;
    if (sl) {          /* A/B */
        bad = gmc_num_u64(s, (size_t)(sl - s), GMC_NUM_DEC, GMC_HYBRID_DEN_MAX, &x) ||
              gmc_num_u64(sl + 1, strlen(sl + 1), GMC_NUM_DEC, GMC_HYBRID_DEN_MAX, &y);
    } else if (dot) {  /* 0.D, 0.DD, 0.DDD or 1.0: a machine key's form (no '/' in a name) */
        const size_t k = strlen(dot + 1);
        bad = k < 1 || k > 3 || gmc_num_u64(s, (size_t)(dot - s), GMC_NUM_DEC, 1, &x) ||
              gmc_num_u64(dot + 1, k, GMC_NUM_DEC, 999, &y);
        if (!bad) {
            const uint64_t d = k == 1 ? 10 : k == 2 ? 100 : 1000;
            x = x * d + y;
            y = d;
        }
    } else {
        bad = 1;
    }
    if (bad || !y || x > y) {
        snprintf(err, n, "expected A/B or a decimal 0..1 (0.25), memory 1's share of the pages "
                 "(A <= B, 1 <= B <= %d), found '%s'", GMC_HYBRID_DEN_MAX, s);
        return -1;
    }
    *a = (uint32_t)x;
    *b = (uint32_t)y;
    return 0;
}

static uint64_t gcd(uint64_t x, uint64_t y)
{
    while (y) {
        uint64_t t = x % y;
        x = y;
        y = t;
    }
    return x;
}

void gmc_hybrid_bw_share(const gmc_dram_cfg_t *d0, unsigned n0, const gmc_dram_cfg_t *d1,
                         unsigned n1, uint32_t *a, uint32_t *b)
{
    const uint64_t w0 = (uint64_t)n0 * d0->bus_width * d0->data_rate;
    const uint64_t w1 = (uint64_t)n1 * d1->bus_width * d1->data_rate;
    uint64_t x = w1, y = w0 + w1, g = gcd(x, y);
    if (g) {
        x /= g;
        y /= g;
    }
    if (y > GMC_HYBRID_DEN_MAX) {   /* nearest k / GMC_HYBRID_DEN_MAX, reduced again */
        x = (x * GMC_HYBRID_DEN_MAX + y / 2) / y;
        y = GMC_HYBRID_DEN_MAX;
        g = gcd(x, y);
        x /= g ? g : 1;
        y /= g ? g : 1;
    }
    *a = (uint32_t)x;
    *b = (uint32_t)(y ? y : 1);
}

int gmc_hybrid_place_init(gmc_hybrid_place_t *p, const gmc_hybrid_cfg_t *cfg,
                          const gmc_dram_cfg_t *d0, unsigned n0, char *err, size_t n)
{
    memset(p, 0, sizeof *p);
    p->placement = cfg->placement;
    p->page_bits = cfg->page_bits;
    p->seed = cfg->seed;
    if ((unsigned)cfg->placement >= GMC_PLACE_N) {
        snprintf(err, n, "hybrid placement: expected 0..%d, found %d", GMC_PLACE_N - 1,
                 (int)cfg->placement);
        return -1;
    }
    if (cfg->placement == GMC_PLACE_CHANNEL)
        return 0;
    if (cfg->page_bits < GMC_HYBRID_PAGE_MIN_BITS || cfg->page_bits > GMC_HYBRID_PAGE_MAX_BITS) {
        snprintf(err, n, "hybrid page: expected 2^%d..2^%d bytes, found 2^%u",
                 GMC_HYBRID_PAGE_MIN_BITS, GMC_HYBRID_PAGE_MAX_BITS, cfg->page_bits);
        return -1;
    }
    if (cfg->placement == GMC_PLACE_RATIO) {
        if (!cfg->share_den || cfg->share_num > cfg->share_den ||
            cfg->share_den > GMC_HYBRID_DEN_MAX) {
            snprintf(err, n, "hybrid ratio: expected a share a/b with a <= b, 1 <= b <= %d, "
                     "found %u/%u", GMC_HYBRID_DEN_MAX, cfg->share_num, cfg->share_den);
            return -1;
        }
        uint64_t g = gcd(cfg->share_num, cfg->share_den);
        p->a = (uint32_t)(cfg->share_num / g);
        p->b = (uint32_t)(cfg->share_den / g);
    } else if (cfg->placement == GMC_PLACE_BW_AWARE) {
        gmc_hybrid_bw_share(d0, n0, &cfg->dram, cfg->channels, &p->a, &p->b);
    } else {
        for (size_t i = 1; i < cfg->npages; i++)
            if (cfg->pages[i] <= cfg->pages[i - 1]) {
                snprintf(err, n, "hybrid write-aware pages: expected ascending pages, found "
                         "%llu after %llu", (unsigned long long)cfg->pages[i],
                         (unsigned long long)cfg->pages[i - 1]);
                return -1;
            }
        if (cfg->npages) {
            if (!(p->pages = malloc(cfg->npages * sizeof *p->pages))) {
                snprintf(err, n, "out of memory for %zu pages", cfg->npages);
                return -1;
            }
            memcpy(p->pages, cfg->pages, cfg->npages * sizeof *p->pages);
        }
        p->npages = cfg->npages;
    }
    return 0;
}

void gmc_hybrid_place_free(gmc_hybrid_place_t *p)
{
    free(p->pages);
    memset(p, 0, sizeof *p);
}

/* splitmix64's finaliser: a block's rotation from the seed */
static uint64_t mix(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

/* The listed pages below `page` (binary search). */
static size_t rank_below(const uint64_t *v, size_t n, uint64_t page)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (v[mid] < page)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

unsigned gmc_hybrid_page(const gmc_hybrid_place_t *p, uint64_t page, uint64_t *local)
{
    if (p->placement == GMC_PLACE_WRITE_AWARE) {
        const size_t r = rank_below(p->pages, p->npages, page);
        if (r < p->npages && p->pages[r] == page) {
            *local = r;
            return 1;
        }
        *local = page - r;
        return 0;
    }
    /* ratio, bw-aware: block k of b pages, rotated by the seed; position q
     * in it holds a page of memory 1 when floor((q+1)a/b) > floor(qa/b),
     * and floor(qa/b) of the block's memory-1 pages come before it */
    const uint64_t a = p->a, b = p->b, blk = page / b;
    const uint64_t q = (page % b + mix(p->seed ^ mix(blk)) % b) % b;
    const uint64_t before = q * a / b;
    if ((q + 1) * a / b > before) {
        *local = blk * a + before;
        return 1;
    }
    *local = blk * (b - a) + (q - before);
    return 0;
}

static int by_page(const void *x, const void *y)
{
    const uint64_t u = *(const uint64_t *)x, v = *(const uint64_t *)y;
    return u < v ? -1 : u > v;
}

size_t gmc_hybrid_rarely_written(const gmc_hybrid_page_count_t *c, size_t n, uint64_t max_writes,
                                 uint64_t **out)
{
    *out = NULL;
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        k += c[i].writes <= max_writes;
    if (!k || !(*out = malloc(k * sizeof **out)))
        return 0;
    k = 0;
    for (size_t i = 0; i < n; i++)
        if (c[i].writes <= max_writes)
            (*out)[k++] = c[i].page;
    qsort(*out, k, sizeof **out, by_page);
    return k;
}

int gmc_hybrid_default_map(const gmc_dram_cfg_t *d0, unsigned n0, const gmc_dram_cfg_t *d1,
                           unsigned n1, char *spec, size_t sn, char *err, size_t n)
{
    gmc_dram_cfg_t g = gmc_dram_banks(d1) < gmc_dram_banks(d0) ? *d1 : *d0;
    g.rows = d0->rows < d1->rows ? d0->rows : d1->rows;
    g.columns = d0->columns < d1->columns ? d0->columns : d1->columns;
    g.channels = n0 + n1;
    return gmc_memsys_default_map(&g, spec, sn, err, n);
}
