/* gmc_color: TEMP [JETC'19]'s page coloring (sec. 2.2, Fig. 2(c); sec. 3):
 * each SM is bound to the banks of some colors, and a page goes, when an
 * SM first touches it, to a free physical page of one of that SM's colors.
 * docs/thread-batching.md "Page coloring".
 *
 * Colors.  A page's color is the part of its channel and bank (as the
 * memory system decodes them: BIM, map, hybrid placement) that is the same
 * for every byte of the page: the channel and bank bits that toggling a
 * page-offset bit never changes (found by decoding, over the first pages).
 * With the paper's Fig. 2(c) map every channel and bank bit is above the
 * page offset and a color is one bank; with a map that interleaves
 * channels or banks inside a page, a color is the group of banks a page
 * spans.  Only bits some address sets count (a map may name fewer bank
 * bits than the device has).  color = bank part x channel colors +
 * channel part.
 *
 * Binding.  With m = min(colors, SMs), SM s is bound to the colors c with
 * c mod m = s mod m (each SM its own colors when there are at least as
 * many colors as SMs; several SMs share a color otherwise).
 *
 * Allocation (first touch).  The harness translates each line access's
 * (virtual) page when its instruction is fetched, before the address goes
 * anywhere: a page seen before keeps its physical page; a new one takes
 * the next free page of the touching SM's next color (round robin over
 * its colors), scanning the physical pages in order for one of that color
 * (each color's cursor only moves forward: no page is handed out twice).
 * When every color of the SM is used up, the paper says nothing: gmc takes
 * the next color after the SM's, cyclically, that has a free page, and
 * counts a fallback.  With no free page at all the run fails.
 *
 * Local accesses (sec. 6.1.1: "local access denotes the memory access from
 * the SM associated with the banks"): the sectors an SM sends to the
 * memory partitions (L1 read misses, stores, atomics), local when the
 * color of their bank is one of the SM's.  temp_coloring = 2 counts them
 * with the pages as the workload gives them (no translation). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gpu/gmc_gpu_impl.h"
#include "util/gmc_u64map_impl.h"

#define COLOR_SAMPLE_PAGES 256   /* pages whose offsets are toggled to find the varying bits */

struct gmc_color {
    gmc_color_stats_t st;        /* mode (1 translate, 2 count only), colors, counts, by_color */
    unsigned  nsm, m;            /* m = min(colors, SMs) */
    uint32_t  ch_keep, bank_keep;   /* bits kept of channel and bank (pext) */
    int       ch_all, bank_all;  /* the whole value (not a power of two, constant in a page) */
    uint64_t  npages;            /* physical pages of the memory system's address space */
    uint64_t *cursor;            /* [colors]: the next physical page to test for this color */
    uint32_t *rr;                /* [nsm]: the SM's next color, as an index among its own */
    uint64_t *by_color;          /* [colors]: pages allocated (st.by_color) */
    gmc_u64map_t v2p;            /* virtual page -> physical page */
};

static uint32_t pext(uint32_t v, uint32_t keep)
{
    uint32_t out = 0;
    unsigned k = 0;
    for (; keep; keep &= keep - 1)
        out |= (v >> __builtin_ctz(keep) & 1u) << k++;
    return out;
}

static int pow2(uint32_t v) { return v && !(v & (v - 1)); }

uint32_t gmc_color_of(const gmc_color_t *c, uint32_t ch, uint32_t bank)
{
    const uint32_t cp = c->ch_all ? ch : pext(ch, c->ch_keep);
    const uint32_t bp = c->bank_all ? bank : pext(bank, c->bank_keep);
    return bp * c->st.ch_colors + cp;
}

static uint32_t color_at(const gmc_gpu_t *g, uint64_t addr)
{
    gmc_mem_loc_t l;
    gmc_memsys_locate(g->ms, addr, &l);
    return gmc_color_of(g->color, l.channel, l.bank);
}

/* The bits of the channel and the bank that vary inside a page, and the
 * colors.  A field whose size is not a power of two counts only when no
 * bit of it varies (then its whole value is the color part). */
static int colors_init(gmc_gpu_t *g, gmc_color_t *c, unsigned geo_bits, char *err, size_t n)
{
    const unsigned pb = GMC_TBATCH_PAGE_BITS;
    uint32_t ch_var = 0, bank_var = 0, banks = 0;
    for (unsigned ch = 0; ch < g->nch; ch++) {
        gmc_mem_channel_t ci;
        if (!gmc_memsys_channel_info(g->ms, ch, &ci) && ci.banks > banks)
            banks = ci.banks;
    }
    /* the bits an address can set at all (a map may name fewer bank bits
     * than the device has): each address bit's own */
    uint32_t ch_used = 0, bank_used = 0;
    gmc_mem_loc_t z;
    gmc_memsys_locate(g->ms, 0, &z);
    for (unsigned bit = 0; bit < geo_bits; bit++) {
        gmc_mem_loc_t b;
        gmc_memsys_locate(g->ms, 1ull << bit, &b);
        ch_used |= z.channel ^ b.channel;
        bank_used |= z.bank ^ b.bank;
    }
    const uint64_t sample = c->npages < COLOR_SAMPLE_PAGES ? c->npages : COLOR_SAMPLE_PAGES;
    for (uint64_t p = 0; p < sample; p++) {
        gmc_mem_loc_t a, b;
        gmc_memsys_locate(g->ms, p << pb, &a);
        for (unsigned bit = 0; bit < pb; bit++) {
            gmc_memsys_locate(g->ms, p << pb | 1ull << bit, &b);
            ch_var |= a.channel ^ b.channel;
            bank_var |= a.bank ^ b.bank;
        }
    }
    c->ch_all = !pow2(g->nch) && !ch_var;
    c->ch_keep = pow2(g->nch) ? (g->nch - 1) & ch_used & ~ch_var : 0;
    c->st.ch_colors = c->ch_all ? g->nch : 1u << __builtin_popcount(c->ch_keep);
    c->bank_all = !pow2(banks) && !bank_var;
    c->bank_keep = pow2(banks) ? (banks - 1) & bank_used & ~bank_var : 0;
    c->st.colors = c->st.ch_colors * (c->bank_all ? banks : 1u << __builtin_popcount(c->bank_keep));
    if (c->st.colors > (1u << 20))
        return snprintf(err, n, "temp_coloring: expected at most 2^20 colors, found %u", c->st.colors), -1;
    return 0;
}

int gmc_color_init(gmc_gpu_t *g, char *err, size_t n)
{
    const unsigned mode = g->m->temp_coloring;
    if (!mode)
        return 0;
    gmc_mem_geometry_t geo;
    gmc_memsys_geometry(g->ms, &geo);
    if (geo.addr_bits <= GMC_TBATCH_PAGE_BITS)
        return snprintf(err, n, "machine %s: temp_coloring: expected an address map wider than a "
                        "4 KB page, found %u bits", g->m->name, geo.addr_bits), -1;
    gmc_color_t *c = calloc(1, sizeof *c);
    if (!c)
        return snprintf(err, n, "temp_coloring: out of memory"), -1;
    g->color = c;
    c->st.mode = mode;
    c->nsm = g->nsm;
    c->npages = geo.addr_bits - GMC_TBATCH_PAGE_BITS >= 63 ? UINT64_MAX
                : 1ull << (geo.addr_bits - GMC_TBATCH_PAGE_BITS);
    gmc_u64map_init(&c->v2p);
    if (colors_init(g, c, geo.addr_bits, err, n))
        return -1;
    c->m = c->st.colors < c->nsm ? c->st.colors : c->nsm;
    c->cursor = calloc(c->st.colors, sizeof *c->cursor);
    c->st.by_color = c->by_color = calloc(c->st.colors, sizeof *c->by_color);
    c->rr = calloc(c->nsm, sizeof *c->rr);
    if (!c->cursor || !c->by_color || !c->rr)
        return snprintf(err, n, "temp_coloring: out of memory for %u colors", c->st.colors), -1;
    return 0;
}

void gmc_color_free(gmc_gpu_t *g)
{
    gmc_color_t *c = g->color;
    if (!c)
        return;
    gmc_u64map_free(&c->v2p);
    free(c->cursor);
    free(c->by_color);
    free(c->rr);
    free(c);
    g->color = NULL;
}

/* The next free physical page of color k, or UINT64_MAX when it has none. */
static uint64_t take(gmc_gpu_t *g, gmc_color_t *c, uint32_t k)
{
    while (c->cursor[k] < c->npages) {
        const uint64_t p = c->cursor[k]++;
        if (color_at(g, p << GMC_TBATCH_PAGE_BITS) == k)
            return p;
    }
    return UINT64_MAX;
}

/* A physical page for a page SM sm touches first. */
static uint64_t allocate(gmc_gpu_t *g, gmc_color_t *c, unsigned sm)
{
    const uint32_t first = sm % c->m, own = (c->st.colors - first + c->m - 1) / c->m;
    for (uint32_t i = 0; i < own; i++) {
        const uint32_t k = first + (c->rr[sm] % own) * c->m;
        c->rr[sm] = (c->rr[sm] + 1) % own;
        const uint64_t p = take(g, c, k);
        if (p != UINT64_MAX) {
            c->by_color[k]++;
            return p;
        }
    }
    const uint32_t last = first + (own - 1) * c->m;
    for (uint32_t i = 1; i <= c->st.colors; i++) {   /* the paper's silence: the next color with room */
        const uint32_t k = (last + i) % c->st.colors;
        const uint64_t p = take(g, c, k);
        if (p != UINT64_MAX) {
            c->by_color[k]++;
            c->st.fallbacks++;
            return p;
        }
    }
    return UINT64_MAX;
}

void gmc_color_translate(gmc_gpu_t *g, unsigned sm, gmc_lsu_acc_t *acc, unsigned n)
{
    gmc_color_t *c = g->color;
    if (c->st.mode != 1)
        return;
    const unsigned pb = GMC_TBATCH_PAGE_BITS;
    uint64_t vlast = UINT64_MAX, plast = 0;
    for (unsigned i = 0; i < n; i++) {
        const uint64_t v = acc[i].line >> pb;
        if (v != vlast) {
            if (!gmc_u64map_get(&c->v2p, v, &plast)) {
                plast = allocate(g, c, sm);
                if (plast == UINT64_MAX) {
                    gmc_gpu_fail(g, "temp_coloring: out of physical pages (%llu of 4 KB)",
                                 (unsigned long long)c->npages);
                    return;
                }
                if (gmc_u64map_put(&c->v2p, v, plast)) {
                    gmc_gpu_fail(g, "temp_coloring: out of memory for the page table");
                    return;
                }
                c->st.pages++;
            }
            vlast = v;
        }
        acc[i].line = plast << pb | (acc[i].line & ((1ull << pb) - 1));
    }
}

void gmc_color_count(gmc_gpu_t *g, unsigned sm, uint64_t line, uint32_t sectors)
{
    gmc_color_t *c = g->color;
    const uint64_t k = (uint64_t)__builtin_popcount(sectors);
    if (color_at(g, line) % c->m == sm % c->m)
        c->st.local += k;
    else
        c->st.remote += k;
}

void gmc_color_stats(const gmc_gpu_t *g, gmc_color_stats_t *s)
{
    if (g->color)
        *s = g->color->st;
    else
        memset(s, 0, sizeof *s);
}
