/* gmc_memsys: channels, address path and the trace-mode event loop. */
#include "mc/gmc_memsys.h"
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned log2_exact(uint64_t v)   /* v a power of two */
{
    unsigned k = 0;
    while (((uint64_t)1 << k) < v)
        k++;
    return k;
}
static int pow2(uint64_t v) { return v && !(v & (v - 1)); }

int gmc_memsys_default_map(const gmc_dram_cfg_t *c, char *spec, size_t sn, char *err, size_t n)
{
    uint64_t bb = gmc_dram_burst_bytes(c), nb = gmc_dram_banks(c);
    if (!pow2(bb) || !pow2(c->columns) || !pow2(c->channels) || !pow2(nb) || !pow2(c->rows)) {
        snprintf(err, n, "%s: expected power-of-two burst bytes, columns, channels, banks and "
                 "rows to derive an address map, found %llu, %u, %u, %llu, %u (give --map)",
                 c->name[0] ? c->name : "device", (unsigned long long)bb, c->columns,
                 c->channels, (unsigned long long)nb, c->rows);
        return -1;
    }
    unsigned blk = log2_exact(bb), col = log2_exact(c->columns), ch = log2_exact(c->channels);
    unsigned bk = log2_exact(nb), row = log2_exact(c->rows);
    unsigned lo = bb >= 256 ? 0 : log2_exact(256 / bb);
    lo = lo > col ? col : lo;
    unsigned hi = col - lo, p = blk + lo + ch + hi + bk + row;   /* total width */
    if (p > 64) {
        snprintf(err, n, "expected an address of at most 64 bits, found %u", p);
        return -1;
    }
    size_t k = 0;
#define PUT(name, w)                                                                          \
    do {                                                                                      \
        if (w) {                                                                              \
            k += (size_t)snprintf(spec + k, k < sn ? sn - k : 0, "%s%s[%u:%u]", k ? " " : "", \
                                  name, p - 1, p - (w));                                      \
            p -= (w);                                                                         \
        }                                                                                     \
    } while (0)
    PUT("Row", row);
    PUT("Bank", bk);
    PUT("Col", hi);
    PUT("Ch", ch);
    PUT("Col", lo);
    PUT("Block", blk);
#undef PUT
    return 0;
}

static int fits(const gmc_addrmap_t *m, gmc_field_t f, uint64_t count, const char *what,
                char *err, size_t n)
{
    unsigned w = m->fwidth[f];
    if (w < 64 && ((uint64_t)1 << w) <= count)
        return 0;
    snprintf(err, n, "map %s: expected at most %llu %s (the device's), found %u %s bits",
             m->name, (unsigned long long)count, what, w, gmc_field_name(f));
    return -1;
}

int gmc_memsys_init(gmc_memsys_t *ms, const gmc_memsys_cfg_t *cfg, char *err, size_t n)
{
    memset(ms, 0, sizeof *ms);
    gmc_dram_cfg_t dc = cfg->dram;
    if (!cfg->refresh)
        dc.refresh = 0;
    if (gmc_dram_init(&ms->d, &dc, err, n))
        return -1;
    ms->map = cfg->map;
    const gmc_addrmap_t *m = &ms->map;
    if (fits(m, GMC_F_BANK, ms->d.nbanks, "banks", err, n) ||
        fits(m, GMC_F_ROW, dc.rows, "rows", err, n) ||
        fits(m, GMC_F_COL, dc.columns, "columns", err, n) ||
        fits(m, GMC_F_CH, dc.channels, "channels", err, n))
        return -1;
    ms->amask = gmc_gf2_mask(m->width);
    ms->nch = cfg->channels ? cfg->channels : dc.channels;
    if (ms->nch > 4096) {
        snprintf(err, n, "--channels: expected 1..4096, found %u", ms->nch);
        return -1;
    }
    if (cfg->bim && !gmc_gf2_is_identity(cfg->bim)) {
        if (cfg->bim->n != m->width) {
            snprintf(err, n, "expected a BIM of width %u (the map's), found %u", m->width,
                     cfg->bim->n);
            return -1;
        }
        ms->bim = malloc(sizeof *ms->bim);
        if (!ms->bim || gmc_bim_cfg_init(ms->bim, cfg->bim, 0, err, n)) {
            if (!ms->bim)
                snprintf(err, n, "out of memory");
            gmc_memsys_free(ms);
            return -1;
        }
    }
    if (gmc_memstats_init(&ms->stats))
        goto oom;
    ms->mc = calloc(ms->nch, sizeof *ms->mc);
    ms->next = calloc(ms->nch, sizeof *ms->next);
    if (!ms->mc || !ms->next)
        goto oom;
    gmc_warps_t *w = NULL;
    if (cfg->mc.sched && (cfg->mc.sched->flags & GMC_SCHED_WARPS)) {
        if (gmc_warps_init(&ms->warps, ms->nch * (cfg->mc.rq + cfg->mc.wq)))
            goto oom;
        w = &ms->warps;
    }
    for (unsigned c = 0; c < ms->nch; c++) {
        if (gmc_mc_init(&ms->mc[c], &ms->d, &cfg->mc, c, w, &ms->stats, err, n)) {
            gmc_memsys_free(ms);
            return -1;
        }
        ms->next[c] = 0;   /* an idle channel still refreshes: its first step says when */
        ms->mc[c].no_shortcuts = cfg->every_cycle != 0;
        ms->mc[c].test_fault_wake = (cfg->test_fault & GMC_MEMSYS_FAULT_WAKE_HOOK) != 0;
    }
    ms->every_cycle = cfg->every_cycle != 0;
    ms->test_fault = cfg->test_fault;
    return 0;
oom:
    snprintf(err, n, "out of memory for %u channels", ms->nch);
    gmc_memsys_free(ms);
    return -1;
}

void gmc_memsys_free(gmc_memsys_t *ms)
{
    if (ms->mc)
        for (unsigned c = 0; c < ms->nch; c++)
            gmc_mc_free(&ms->mc[c]);
    free(ms->mc);
    free(ms->next);
    free(ms->bim);
    gmc_warps_free(&ms->warps);
    gmc_memstats_free(&ms->stats);
    memset(ms, 0, sizeof *ms);
}

void gmc_memsys_set_served(gmc_memsys_t *ms, gmc_mc_served_fn fn, void *ctx)
{
    for (unsigned c = 0; c < ms->nch; c++) {
        ms->mc[c].served = fn;
        ms->mc[c].served_ctx = ctx;
    }
}

void gmc_memsys_decode(const gmc_memsys_t *ms, uint64_t addr, unsigned *ch, gmc_mc_req_t *r)
{
    uint64_t a = addr & ms->amask;
    if (ms->bim)
        a = gmc_bim_map(ms->bim, a);
    gmc_dramaddr_t f;
    gmc_addrmap_decode(&ms->map, a, &f);
    *ch = (unsigned)(f.f[GMC_F_CH] % ms->nch);
    r->bank = (uint8_t)f.f[GMC_F_BANK];
    r->row = (uint32_t)f.f[GMC_F_ROW];
    r->col = (uint32_t)f.f[GMC_F_COL];
}

int gmc_memsys_trace_src(void *ctx, gmc_memtrace_rec_t *r, char *err, size_t n)
{
    return gmc_memtrace_next((gmc_memtrace_t *)ctx, r, err, n);
}

/* The staged request: the next one the source offered. */
typedef struct {
    gmc_memtrace_rec_t rec;
    gmc_mc_req_t       req;
    unsigned           ch;
    uint64_t           avail;   /* cycle it is offered */
    int                have;
} staged_t;

static int fetch(gmc_memsys_t *ms, staged_t *s, gmc_memsys_src_fn src, void *ctx, uint64_t now,
                 char *err, size_t n)
{
    s->have = src(ctx, &s->rec, err, n);
    if (s->have <= 0)
        return s->have;
    if (s->rec.has_time && s->rec.cycle >= GMC_MEMTRACE_MAX_CYCLE) {
        snprintf(err, n, "request %llu: expected a cycle below 2^48, found %llu",
                 (unsigned long long)ms->nreq, (unsigned long long)s->rec.cycle);
        return s->have = -1;
    }
    /* only the fields gmc_mc_enqueue reads (no memset: this runs per request) */
    gmc_memsys_decode(ms, s->rec.addr, &s->ch, &s->req);
    s->req.addr = s->rec.addr;
    s->req.is_write = s->rec.is_write;
    s->req.flags = s->rec.has_warp ? GMC_REQ_WARP : 0;
    s->req.sm = s->rec.sm;
    s->req.warp = s->rec.warp;
    s->req.pc = s->rec.pc;
    s->req.tag = s->rec.tag;
    s->avail = s->rec.has_time ? s->rec.cycle : now;
    return 1;
}

/* The shared warp table changed (a request entered or left somewhere):
 * every controller in [from, to) whose scheduler reads the table must step
 * no later than t, since its picks may have changed although none of its
 * own requests did.  (Warped-MC keeps its tables per controller: not one.) */
static uint64_t touch_warp_readers(gmc_memsys_t *ms, unsigned from, unsigned to, uint64_t t)
{
    uint64_t lowered = GMC_MC_NEVER;   /* t if a controller's next moved down to it */
    ms->warps_seen = ms->warps.changes;
    if (ms->test_fault & GMC_MEMSYS_FAULT_WARP_TOUCH)
        return lowered;
    for (unsigned c = from; c < to; c++)
        if (ms->mc[c].warps && ms->next[c] > t)
            ms->next[c] = lowered = t;
    return lowered;
}

int gmc_memsys_run(gmc_memsys_t *ms, gmc_memsys_src_fn src, void *ctx, char *err, size_t n)
{
    staged_t s;
    memset(&s, 0, sizeof s);
    uint64_t t = 0;
    if (fetch(ms, &s, src, ctx, 0, err, n) < 0)
        return -1;
    for (;;) {
        /* Offers due now enter while their queue has room. */
        while (s.have && s.avail <= t) {
            gmc_mc_t *mc = &ms->mc[s.ch];
            if (!gmc_mc_can_accept(mc, s.rec.is_write))
                break;
            s.req.id = ms->nreq++;
            s.req.trace_cycle = s.avail;
            uint32_t i = gmc_mc_enqueue(mc, &s.req, t);
            ms->next[s.ch] = gmc_mc_wake(mc, i, t, ms->next[s.ch]);
            if (fetch(ms, &s, src, ctx, t + 1, err, n) < 0)
                return -1;
        }
        uint64_t tn = GMC_MC_NEVER;
        unsigned queued = 0;
        if (ms->warps.changes != ms->warps_seen)   /* requests entered */
            (void)touch_warp_readers(ms, 0, ms->nch, t);
        for (unsigned c = 0; c < ms->nch; c++) {
            if (ms->next[c] <= t || ms->every_cycle) {
                ms->next[c] = gmc_mc_step(&ms->mc[c], t);
                if (ms->warps.changes != ms->warps_seen) {
                    /* the ones stepped before see it at t + 1, as they would
                     * stepping every cycle; the ones after, at t */
                    uint64_t e = touch_warp_readers(ms, 0, c, t + 1);
                    tn = e < tn ? e : tn;   /* already folded into tn: fold again */
                    touch_warp_readers(ms, c + 1, ms->nch, t);
                }
            }
            tn = ms->next[c] < tn ? ms->next[c] : tn;
            queued += gmc_mc_queued(&ms->mc[c]);
        }
        if (s.have) {
            uint64_t a = s.avail > t ? s.avail
                       : gmc_mc_can_accept(&ms->mc[s.ch], s.rec.is_write) ? t + 1 : GMC_MC_NEVER;
            tn = a < tn ? a : tn;
        } else if (!queued) {
            break;
        }
        if (ms->every_cycle)
            tn = t + 1;
        if (tn == GMC_MC_NEVER || tn <= t) {
            snprintf(err, n, "internal error: the event loop stalled at cycle %llu",
                     (unsigned long long)t);
            return -1;
        }
        t = tn;
    }
    if (gmc_memstats_merge(&ms->stats)) {
        snprintf(err, n, "out of memory for the latency histogram");
        return -1;
    }
    ms->cycles = 0;
    for (unsigned c = 0; c < ms->nch; c++) {
        gmc_mc_finish(&ms->mc[c]);
        if (ms->mc[c].st.last_done > ms->cycles)
            ms->cycles = ms->mc[c].st.last_done;
    }
    return 0;
}

void gmc_memsys_totals(const gmc_memsys_t *ms, gmc_memsys_totals_t *t)
{
    memset(t, 0, sizeof *t);
    for (unsigned c = 0; c < ms->nch; c++) {
        const gmc_mc_stats_t *s = &ms->mc[c].st;
        const gmc_dram_stats_t *d = &ms->mc[c].ch.st;
        t->mc.reads += s->reads;
        t->mc.writes += s->writes;
        for (int k = 0; k < GMC_NCLS; k++)
            t->mc.cls[k] += s->cls[k];
        t->mc.age_fired += s->age_fired;
        t->mc.drains += s->drains;
        t->mc.pending_cycles += s->pending_cycles;
        t->mc.blp_sum += s->blp_sum;
        t->mc.outside_sum += s->outside_sum;
        if (s->outside_max > t->mc.outside_max)
            t->mc.outside_max = s->outside_max;
        if (s->last_done > t->mc.last_done)
            t->mc.last_done = s->last_done;
        for (int k = 0; k < GMC_DRAM_NCMD; k++)
            t->dram.cmds[k] += d->cmds[k];
        t->dram.data_busy += d->data_busy;
        if (d->last_data_end > t->dram.last_data_end)
            t->dram.last_data_end = d->last_data_end;
    }
}
