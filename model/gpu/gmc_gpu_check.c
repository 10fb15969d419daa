/* gmc_gpu_check: the data check of the GPU harness (gmc_gpu_cfg_t.
 * check_data; docs/pcm.md "Data, checked end to end").  The point of
 * coherence is the L2 slice (a sector lives in one slice; the L1s are
 * write-through and not coherent, and are not checked).  Order: an access
 * is performed at the slice when its lookup takes it (a write, a read
 * hit) or, for a read miss, when its fill is installed (every waiter takes
 * the data then).  A write gets version ++newest[sector]; every read must
 * return newest[sector] at the moment it is performed.
 *
 * The versions travel as data would: the L2's copy of each sector holds
 * one (l2v: written by a write, a fill, an atomic); a write-back carries
 * its sector's (in the DRAM request's tag); the memory system carries it
 * to its device's data and back to a read (gmc_memsys_data_*).
 *
 * A write performed while a fetch of its sector is in flight -- into the
 * line, when the line is there for its other sectors, or around the cache
 * to DRAM, when it is not (gmc_l2.c) -- is newer than the data that fetch
 * brings: the fill installs the newer of the two (a sectored cache's fill
 * writes only what was not written since the miss: `merge`).  gmc's L2
 * moves no data, so its timing is that of this rule; without it
 * (check_no_merge) the fill would put older data over a newer write. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gpu/gmc_gpu_impl.h"
#include "util/gmc_u64map_impl.h"

struct gmc_gpu_check {
    gmc_u64map_t    newest;    /* sector -> the newest version written (absent: 0) */
    gmc_u64map_t    l2v;       /* sector -> the version the L2's copy holds */
    gmc_u64map_t    inflight;  /* sector -> fetches of it in flight */
    gmc_u64map_t    around;    /* sector -> the newest write that went around its fetch */
    gmc_gpu_check_t r;
    int             oom;
};

static uint64_t get0(const gmc_u64map_t *m, uint64_t k)
{
    uint64_t v = 0;
    gmc_u64map_get(m, k, &v);
    return v;
}

static void put(gmc_gpu_check_state_t *c, gmc_u64map_t *m, uint64_t k, uint64_t v)
{
    c->oom |= gmc_u64map_put(m, k, v) != 0;
}

static uint64_t sector(uint64_t addr) { return addr & ~31ULL; }

int gmc_gpu_check_init(gmc_gpu_t *g, char *err, size_t n)
{
    if (!g->cfg.check_data)
        return 0;
    gmc_gpu_check_state_t *c = calloc(1, sizeof *c);
    if (!c)
        return snprintf(err, n, "out of memory"), -1;
    g->chk = c;
    return gmc_memsys_data_on(g->ms, err, n);
}

void gmc_gpu_check_free(gmc_gpu_t *g)
{
    gmc_gpu_check_state_t *c = g->chk;
    if (!c)
        return;
    gmc_u64map_free(&c->newest);
    gmc_u64map_free(&c->l2v);
    gmc_u64map_free(&c->inflight);
    gmc_u64map_free(&c->around);
    free(c);
    g->chk = NULL;
}

static void compare(gmc_gpu_t *g, uint64_t addr, uint64_t got, const char *path)
{
    gmc_gpu_check_state_t *c = g->chk;
    const uint64_t exp = get0(&c->newest, sector(addr));
    c->r.reads_checked++;
    if (got == exp)
        return;
    if (!c->r.violations++) {
        c->r.first_addr = addr;
        c->r.first_expected = exp;
        c->r.first_got = got;
        c->r.first_cycle = g->l2_cyc;
        c->r.first_path = path;
    }
}

uint64_t gmc_gpu_check_write(gmc_gpu_t *g, uint64_t addr, int around)
{
    gmc_gpu_check_state_t *c = g->chk;
    const uint64_t s = sector(addr), v = get0(&c->newest, s) + 1;
    put(c, &c->newest, s, v);
    c->r.writes++;
    c->r.requests++;
    if (!around)
        put(c, &c->l2v, s, v);
    if (get0(&c->inflight, s))   /* the fetch in flight must not bring older data over it */
        put(c, &c->around, s, v);
    return v;
}

void gmc_gpu_check_hit(gmc_gpu_t *g, uint64_t addr, int atom)
{
    gmc_gpu_check_state_t *c = g->chk;
    c->r.requests++;
    c->r.l2_hits++;
    compare(g, addr, get0(&c->l2v, sector(addr)), "an L2 hit");
    if (atom)
        gmc_gpu_check_write(g, addr, 0), c->r.requests--;   /* one request, read and write */
}

void gmc_gpu_check_miss(gmc_gpu_t *g, uint64_t addr, int sent)
{
    gmc_gpu_check_state_t *c = g->chk;
    c->r.requests++;
    if (sent)
        put(c, &c->inflight, sector(addr), get0(&c->inflight, sector(addr)) + 1);
}

uint64_t gmc_gpu_check_fill(gmc_gpu_t *g, const gmc_mem_done_t *d)
{
    gmc_gpu_check_state_t *c = g->chk;
    const uint64_t s = sector(d->addr);
    uint64_t got = 0, k = get0(&c->inflight, s), w = 0;
    const int path = gmc_memsys_data_read(g->ms, d, &got);
    if (path < 0)
        c->oom = 1;
    if (k > 1)
        put(c, &c->inflight, s, k - 1);
    else
        gmc_u64map_del(&c->inflight, s, NULL);
    if (gmc_u64map_del(&c->around, s, &w) && w > got && !g->cfg.check_no_merge) {
        got = w;
        c->r.merged_fills++;
    }
    put(c, &c->l2v, s, got);
    c->r.fills++;
    return got;
}

void gmc_gpu_check_waiter(gmc_gpu_t *g, uint64_t addr, uint64_t got, int atom)
{
    compare(g, addr, got, "a DRAM fill");
    if (atom)
        gmc_gpu_check_write(g, addr, 0), g->chk->r.requests--;
}

uint64_t gmc_gpu_check_l2v(const gmc_gpu_t *g, uint64_t addr)
{
#ifdef GMC_FAULT_L2VER   /* test hook: a write-back carries no version (the dirty data lost) */
    (void)g, (void)addr;
    return 0;
#else
    return get0(&g->chk->l2v, sector(addr));
#endif
}

int gmc_gpu_check_result(const gmc_gpu_t *g, gmc_gpu_check_t *r)
{
    if (!g->chk) {
        memset(r, 0, sizeof *r);
        return -1;
    }
    *r = g->chk->r;
    r->failed = g->chk->oom || gmc_memsys_data_failed(g->ms);
    return 0;
}
