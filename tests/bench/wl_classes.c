/* wl_classes: a timing-free estimate of the off-chip accesses per load
 * warp of a workload (the Warped-MC [ICPP'23] Table 1 metric: 32-byte
 * sectors that miss L1 and L2), on the Table 2 machine's caches: 32 SMs
 * with a 64 KB L1 each, a 4 MB L2, 128-byte lines of four sectors, LRU.
 * Its numbers are the "estimate" column of docs/harness.md (Workloads),
 * next to what the GPU model measures.
 *
 * Model: CTAs fill 4 slots per SM (1024 threads of 256-thread CTAs), new
 * CTAs take free slots in order; every live warp issues one instruction
 * per round.  No timing: a miss fills at once, so a second warp touching
 * a sector an earlier one missed counts as a hit (in a timed model it
 * merges into the first one's MSHR: no new DRAM request either).  Stores
 * are write-through: they drop the sectors from L1 and install them in
 * L2 (whole sectors written: no DRAM read).  L1 4-way, L2 16-way.
 *
 * Build and run (not part of `make test`):
 *   make build && cc -std=c11 -O2 -Imodel -o build/bench/wl_classes \
 *       tests/bench/wl_classes.c build/lib/libgmc.a -lm
 *   build/bench/wl_classes hoa [scale]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu/gmc_workload.h"

#define NSM         32
#define CTAS_PER_SM 4
#define MAX_WARPS   32

typedef struct { uint64_t tag, lru; uint32_t sec; } way_t;
typedef struct { unsigned sets, ways; way_t *w; uint64_t now; } cache_t;

static void cache_init(cache_t *c, unsigned bytes, unsigned ways)
{
    c->ways = ways;
    c->sets = bytes / 128 / ways;
    c->w = calloc((size_t)c->sets * ways, sizeof *c->w);
    c->now = 0;
    for (size_t i = 0; i < (size_t)c->sets * ways; i++)
        c->w[i].tag = ~0ull;
}

static way_t *cache_find(cache_t *c, uint64_t line)
{
    way_t *s = c->w + (line % c->sets) * c->ways;
    for (unsigned i = 0; i < c->ways; i++)
        if (s[i].tag == line)
            return &s[i];
    return NULL;
}

/* The sectors of sec present in line (touching it when any is). */
static uint32_t cache_hits(cache_t *c, uint64_t line, uint32_t sec)
{
    way_t *w = cache_find(c, line);
    if (!w || !(w->sec & sec))
        return 0;
    w->lru = ++c->now;
    return w->sec & sec;
}

static void cache_fill(cache_t *c, uint64_t line, uint32_t sec)
{
    way_t *w = cache_find(c, line);
    if (!w) {
        way_t *s = c->w + (line % c->sets) * c->ways;
        w = &s[0];
        for (unsigned i = 1; i < c->ways; i++)
            if (s[i].lru < w->lru)
                w = &s[i];
        w->tag = line;
        w->sec = 0;
    }
    w->sec |= sec;
    w->lru = ++c->now;
}

static void cache_drop(cache_t *c, uint64_t line, uint32_t sec)
{
    way_t *w = cache_find(c, line);
    if (w)
        w->sec &= ~sec;
}

typedef struct {
    cache_t  l1[NSM], l2;
    uint64_t load_warps, offchip, l2_sectors, hist[4];   /* 0, 1, 2-8, >8 */
} est_t;

static void est_access(est_t *e, int sm, const gmc_inst_t *in)
{
    uint64_t line[32];
    uint32_t sec[32];
    int nl = 0;
    for (int l = 0; l < 32; l++)
        if (in->mask >> l & 1) {
            uint64_t a = gmc_inst_lane_addr(in, (unsigned)l), ln = a >> 7;
            int j = 0;
            while (j < nl && line[j] != ln)
                j++;
            if (j == nl) {
                line[nl] = ln;
                sec[nl++] = 0;
            }
            sec[j] |= 1u << ((a >> 5) & 3);
        }
    if (in->op == GMC_OP_ST) {
        for (int j = 0; j < nl; j++) {
            cache_drop(&e->l1[sm], line[j], sec[j]);
            cache_fill(&e->l2, line[j], sec[j]);
        }
        return;
    }
    uint64_t off = 0;
    for (int j = 0; j < nl; j++) {
        uint32_t m1 = sec[j] & ~cache_hits(&e->l1[sm], line[j], sec[j]);
        if (!m1)
            continue;
        e->l2_sectors += (uint64_t)__builtin_popcount(m1);
        uint32_t m2 = m1 & ~cache_hits(&e->l2, line[j], m1);
        off += (uint64_t)__builtin_popcount(m2);
        if (m2)
            cache_fill(&e->l2, line[j], m2);
        cache_fill(&e->l1[sm], line[j], m1);
    }
    e->load_warps++;
    e->offchip += off;
    e->hist[off == 0 ? 0 : off == 1 ? 1 : off <= 8 ? 2 : 3]++;
}

typedef struct {
    int      live, left;
    uint32_t cta;
    char     done[MAX_WARPS];
    gmc_warp_cursor_t c[MAX_WARPS];
} slot_t;

static int run_kernel(est_t *e, gmc_kernel_t *k)
{
    uint32_t nw = gmc_kernel_warps_per_cta(k), nc = gmc_kernel_ctas(k), next_cta = 0;
    if (nw > MAX_WARPS)
        return -1;
    slot_t *sl = calloc(NSM * CTAS_PER_SM, sizeof *sl);
    char err[256];
    for (int any = 1; any;) {
        any = 0;
        for (int s = 0; s < NSM * CTAS_PER_SM; s++) {
            slot_t *x = &sl[s];
            if (!x->live && next_cta < nc) {
                x->live = 1;
                x->cta = next_cta++;
                x->left = (int)nw;
                memset(x->done, 0, sizeof x->done);
                for (uint32_t w = 0; w < nw; w++)
                    k->ops->warp_begin(k, x->cta, w, &x->c[w]);
            }
            if (!x->live)
                continue;
            any = 1;
            for (uint32_t w = 0; w < nw; w++) {
                gmc_inst_t in;
                if (x->done[w])
                    continue;
                int r = k->ops->next(k, &x->c[w], &in, err, sizeof err);
                if (r < 0) {
                    fprintf(stderr, "%s\n", err);
                    free(sl);
                    return -1;
                }
                if (r == 0) {
                    x->done[w] = 1;
                    x->live = --x->left > 0;
                } else if (in.op == GMC_OP_LD || in.op == GMC_OP_ST) {
                    est_access(e, s % NSM, &in);
                }
            }
        }
    }
    free(sl);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: wl_classes <workload[:options]> [scale]\n");
        return 2;
    }
    gmc_workload_params_t p;
    gmc_workload_params_default(&p);
    if (argc > 2)
        p.scale = atof(argv[2]);
    char err[256];
    gmc_workload_t *wl = gmc_workload_new(argv[1], &p, err, sizeof err);
    if (!wl) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }
    static est_t e;
    for (int i = 0; i < NSM; i++)
        cache_init(&e.l1[i], 64 << 10, 4);
    cache_init(&e.l2, 4 << 20, 16);
    for (unsigned i = 0; i < gmc_workload_nkernels(wl); i++)
        if (run_kernel(&e, gmc_workload_kernel(wl, i)))
            return 1;
    double n = (double)e.load_warps;
    printf("%-20s %8llu load warps, off-chip %6.2f and L2 sectors %5.2f per load warp;"
           " load warps with 0: %.2f, 1: %.2f, 2-8: %.2f, >8: %.2f\n",
           argv[1], (unsigned long long)e.load_warps, (double)e.offchip / n,
           (double)e.l2_sectors / n, (double)e.hist[0] / n, (double)e.hist[1] / n,
           (double)e.hist[2] / n, (double)e.hist[3] / n);
    gmc_workload_delete(wl);
    return 0;
}
