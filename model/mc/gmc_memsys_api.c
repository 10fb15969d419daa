/* gmc_memsys: the public API of gmc_mem.h -- send, tick, next_event,
 * advance and completions at data time (the rules are in gmc_mem.h). */
#include <assert.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include "mc/gmc_memsys_impl.h"
#include "mc/gmc_sched.h"
#include "mc/gmc_test_fault_impl.h"
#include "mem/gmc_dev_kind.h"

gmc_memsys_t *gmc_memsys_new(const gmc_memsys_cfg_t *cfg, char *err, size_t n)
{
    gmc_memsys_t *ms = malloc(sizeof *ms);
    if (!ms) {
        snprintf(err, n, "out of memory");
        return NULL;
    }
    if (gmc_memsys_init(ms, cfg, err, n)) {
        free(ms);
        return NULL;
    }
    return ms;
}

void gmc_memsys_delete(gmc_memsys_t *ms)
{
    if (!ms || ms->in_cb)
        return;
    gmc_memsys_free(ms);
    free(ms);
}

void gmc_memsys_on_complete(gmc_memsys_t *ms, gmc_mem_done_fn fn, void *ctx)
{
    ms->done_fn = fn;
    ms->done_ctx = ctx;
}

uint64_t gmc_memsys_now(const gmc_memsys_t *ms) { return ms->now; }
unsigned gmc_memsys_channels(const gmc_memsys_t *ms) { return ms->nch; }
uint32_t gmc_memsys_burst_bytes(const gmc_memsys_t *ms) { return ms->burst_min; }

/* Per channel, since each has its own open-bank intervals and its own
 * device (whose kind's model prices it); the sum is the system's (every
 * term is linear). */
int gmc_memsys_dram_energy(const gmc_memsys_t *ms, uint64_t until, gmc_dram_energy_t *e)
{
    return gmc_memsys_energy_range(ms, 0, ms->nch, until, e);
}

int gmc_memsys_energy_range(const gmc_memsys_t *ms, unsigned c0, unsigned c1, uint64_t until,
                            gmc_dram_energy_t *e)
{
    memset(e, 0, sizeof *e);
    for (unsigned c = c0; c < c1; c++) {
        const gmc_dram_chan_t *ch = &ms->mc[c].ch;
        gmc_dram_energy_t one;
        if (gmc_dram_energy(&ms->mc[c].d->cfg, &ch->st, until, gmc_dram_active_cycles(ch, until),
                            &one)) {
            memset(e, 0, sizeof *e);
            return -1;
        }
        e->act_pre += one.act_pre;
        e->rd += one.rd;
        e->wr += one.wr;
        e->ref += one.ref;
        e->bg_active += one.bg_active;
        e->bg_precharged += one.bg_precharged;
        e->total += one.total;
    }
    return 0;
}

unsigned gmc_memsys_queued(const gmc_memsys_t *ms)
{
    unsigned q = 0;
    for (unsigned c = 0; c < ms->nch; c++)
        q += gmc_mc_queued(&ms->mc[c]) + gmc_mc_held(&ms->mc[c]);
    return q;
}

uint64_t gmc_memsys_outstanding(const gmc_memsys_t *ms) { return ms->nreq - ms->ndone; }

int gmc_memsys_prepare(const gmc_memsys_t *ms, const gmc_mem_req_t *r, gmc_mem_prepared_t *p)
{
    gmc_memsys_decode(ms, r->addr, &p->loc);
    /* at most its channel's burst; burst_min first: with one device the
     * channel is never asked */
    if (r->size > ms->burst_min &&
        r->size > gmc_dram_burst_bytes(&ms->mc[p->loc.channel].d->cfg))
        return GMC_MEM_EINVAL;
    p->req = *r;
    p->offered = ms->now;
    return 0;
}

int gmc_memsys_can_accept(const gmc_memsys_t *ms, unsigned channel, int is_write)
{
    return channel < ms->nch && gmc_mc_can_accept(&ms->mc[channel], is_write);
}

/* p enters channel ch's controller mc, which has room.  Apart from the
 * refusal: a sender held back by a full queue retries often, and the
 * registers this path needs would make every retry save and restore them. */
static __attribute__((noinline)) int accept(gmc_memsys_t *ms, gmc_mc_t *mc, unsigned ch,
                                            const gmc_mem_prepared_t *p)
{
    uint32_t i = gmc_mc_enqueue_prepared(mc, p, ms->nreq++, ms->now);
    gmc_rowloc_add(&ms->rowloc, ch, p->loc.bank, p->loc.row);   /* row locality at the controller */
    uint64_t nx = ms->next[ch] = gmc_mc_wake(mc, i, ms->now, ms->next[ch]);
    if (nx < ms->next_min)
        ms->next_min = nx;
    return GMC_MEM_ACCEPTED;
}

/* The same-address rule refuses p while an older request it must not
 * overtake is queued; that one's column command frees a slot of its type,
 * so both queues of the channel ask for the room event that wakes the
 * sender. */
static __attribute__((noinline, cold)) int same_addr_waits(gmc_memsys_t *ms, const gmc_mc_t *mc,
                                                          unsigned ch, const gmc_mem_prepared_t *p)
{
    if (!gmc_mc_same_addr_queued(mc, p->loc.bank, p->loc.row, p->loc.col, p->req.is_write))
        return 0;
    ms->cq[ch * 2].refused = ms->cq[ch * 2 + 1].refused = 1;
    return 1;
}

int gmc_memsys_send_prepared(gmc_memsys_t *ms, const gmc_mem_prepared_t *p)
{
    const unsigned ch = p->loc.channel;
    gmc_mc_t *mc = &ms->mc[ch];
    if (!gmc_mc_can_accept(mc, p->req.is_write)) {
        ms->cq[ch * 2 + (p->req.is_write != 0)].refused = 1;   /* a room event when a slot frees */
        return GMC_MEM_FULL;
    }
    if (__builtin_expect(mc->cfg.same_addr, 0) && same_addr_waits(ms, mc, ch, p))
        return GMC_MEM_FULL;
    return accept(ms, mc, ch, p);
}

int gmc_memsys_send(gmc_memsys_t *ms, const gmc_mem_req_t *r)
{
    gmc_mem_prepared_t p;
    if (gmc_memsys_prepare(ms, r, &p))
        return GMC_MEM_EINVAL;
    return gmc_memsys_send_prepared(ms, &p);
}

void gmc_memsys_on_room(gmc_memsys_t *ms, gmc_mem_room_fn fn, void *ctx)
{
    ms->room_fn = fn;
    ms->room_ctx = ctx;
}

/* The room events of this tick (on_column listed them), after every
 * controller stepped: a callback that sends enters at now,
 * the next cycle, as a send between two ticks does. */
static void room_events(gmc_memsys_t *ms)
{
    const unsigned n = ms->room_n;
    ms->room_n = 0;
    if (!ms->room_fn)
        return;
    ms->in_cb = 1;
    for (unsigned i = 0; i < n; i++)
        ms->room_fn(ms->room_ctx, ms->room_due[i] / 2, (int)(ms->room_due[i] & 1));
    ms->in_cb = 0;
}

/* Delivers every completion done by t, in done order (ties: lower
 * channel, then reads), and leaves next_done exact.  One pass over the
 * non-empty queues (cq_live, in queue order) finds those with a head done
 * by t (the others only bound next_done); the picks then look at those
 * alone: only a delivered queue's head changes (a callback may only send,
 * and a send enqueues -- completions are pushed by commands, never by
 * sends). */
static void deliver(gmc_memsys_t *ms, uint64_t t)
{
    const unsigned nw = (ms->nch * 2 + 63) / 64;
    uint64_t rest = GMC_MEM_NEVER;   /* the earliest head after t */
    unsigned *dk = ms->cq_due, nd = 0;   /* queues with a head done by t, in queue order */
    for (unsigned w = 0; w < nw; w++)
        for (uint64_t m = ms->cq_live[w]; m; m &= m - 1) {
            const unsigned k = 64 * w + (unsigned)__builtin_ctzll(m);
            const uint64_t h = ms->cq_hd[k];
            if (h <= t)
                dk[nd++] = k;
            else if (h < rest)
                rest = h;
        }
    while (nd) {
        unsigned bi = 0;
        for (unsigned i = 1; i < nd; i++)   /* strict: the lower queue wins a tie */
            if (ms->cq_hd[dk[i]] < ms->cq_hd[dk[bi]])
                bi = i;
        unsigned k = dk[bi];
        gmc_memsys_cq_t *q = &ms->cq[k];
        /* The slot itself, no copy (see above). */
        ms->ndone++;
        if (ms->done_fn) {
            ms->in_cb = 1;
            ms->done_fn(ms->done_ctx, &q->d[q->head]);
            ms->in_cb = 0;
        }
        /* empty: start over at the front, whose host lines are warm */
        q->head = --q->n ? (q->head + 1) & q->wrap : 0;
        if (!q->n)
            ms->cq_live[k / 64] &= ~(1ull << (k % 64));
        uint64_t h = ms->cq_hd[k] = q->n ? q->d[q->head].done : GMC_MEM_NEVER;
        if (h > t) {   /* done with this queue for now */
            if (h < rest)
                rest = h;
            for (unsigned i = bi; i + 1 < nd; i++)
                dk[i] = dk[i + 1];
            nd--;
        }
    }
    ms->next_done = rest;
}

/* The shared warp table changed (a request entered or left somewhere):
 * every controller in [from, to) whose scheduler reads the table must step
 * no later than t, since its picks may have changed although none of its
 * own requests did.  (Warped-MC keeps its tables per controller: not one.)
 * Returns t if some controller's next moved down to it. */
static uint64_t touch_warp_readers(gmc_memsys_t *ms, unsigned from, unsigned to, uint64_t t)
{
    uint64_t lowered = GMC_MC_NEVER;
    ms->warps_seen = ms->warps.changes;
    if (gmc_test_fault(GMC_FAULT_WARP_TOUCH))
        return lowered;
    for (unsigned c = from; c < to; c++)
        if (ms->mc[c].warps && ms->next[c] > t)
            ms->next[c] = lowered = t;
    if (lowered < ms->next_min)
        ms->next_min = lowered;
    return lowered;
}

static int tick(gmc_memsys_t *ms);

int gmc_memsys_tick(gmc_memsys_t *ms)
{
    if (ms->in_cb)
        return GMC_MEM_EBUSY;
    tick(ms);
    if (ms->room_n)
        room_events(ms);
    return 0;
}

static int tick(gmc_memsys_t *ms)
{
    const uint64_t t = ms->now;
    if (ms->next_done <= t)
        deliver(ms, t);   /* its callbacks may send: those enter at t */
    if (ms->warps.changes != ms->warps_seen)   /* requests entered */
        (void)touch_warp_readers(ms, 0, ms->nch, t);
    ms->now = t + 1;
    if (ms->next_min > t && !ms->every_cycle)
        return 0;   /* no controller has anything to do at t */
    uint64_t lo = GMC_MEM_NEVER;
    if (!ms->warp_readers && !ms->every_cycle) {
        /* No controller's step changes another's next (nothing shared is
         * read): the due ones are found without a branch per channel (which
         * is due is data), then stepped in channel order. */
        for (unsigned base = 0; base < ms->nch; base += 64) {
            const unsigned end = ms->nch - base < 64 ? ms->nch : base + 64;
            uint64_t due = 0;
            for (unsigned c = base; c < end; c++) {
                const uint64_t x = ms->next[c], le = x <= t;
                due |= le << (c - base);
                const uint64_t y = x | (0 - le);   /* a due one's next is made below */
                lo = y < lo ? y : lo;
            }
            for (; due; due &= due - 1) {
                const unsigned c = base + (unsigned)__builtin_ctzll(due);
                const uint64_t x = ms->next[c] = gmc_mc_step(&ms->mc[c], t);
                lo = x < lo ? x : lo;
            }
        }
        ms->next_min = lo;
        return 0;
    }
    for (unsigned c = 0; c < ms->nch; c++) {
        if (ms->next[c] <= t || ms->every_cycle) {
            ms->next[c] = gmc_mc_step(&ms->mc[c], t);
            if (ms->warps.changes != ms->warps_seen) {
                /* the ones stepped before see it at t + 1, as they would
                 * stepping every cycle; the ones after, at t */
                uint64_t e = touch_warp_readers(ms, 0, c, t + 1);
                lo = e < lo ? e : lo;
                touch_warp_readers(ms, c + 1, ms->nch, t);
            }
        }
        lo = ms->next[c] < lo ? ms->next[c] : lo;
    }
    ms->next_min = lo;
    return 0;
}

uint64_t gmc_memsys_next_event(const gmc_memsys_t *ms)
{
    if (ms->every_cycle)
        return ms->now;
    uint64_t tn = ms->next_min < ms->next_done || ms->lazy_done ? ms->next_min : ms->next_done;
    return tn < ms->now ? ms->now : tn;
}

int gmc_memsys_advance(gmc_memsys_t *ms, uint64_t t)
{
    if (ms->in_cb)
        return GMC_MEM_EBUSY;
    if (t < ms->now || t > gmc_memsys_next_event(ms))
        return -1;
    ms->now = t;
    return 0;
}

/* Until nothing is queued the controllers step as usual; then the
 * completions still in flight are delivered at their done cycles without
 * stepping the controllers again (only refresh could happen, and it
 * touches no accepted request), so trace mode ends where it always did. */
int gmc_memsys_finish(gmc_memsys_t *ms)
{
    if (ms->in_cb)
        return GMC_MEM_EBUSY;
    while (gmc_memsys_queued(ms)) {
        uint64_t tn = gmc_memsys_next_event(ms);
        if (tn > ms->now)
            ms->now = tn;
        gmc_memsys_tick(ms);
    }
    while (ms->next_done != GMC_MEM_NEVER) {
        if (ms->next_done > ms->now)
            ms->now = ms->next_done;
        deliver(ms, ms->now);
    }
    return 0;
}

unsigned gmc_memsys_channel_of(const gmc_memsys_t *ms, uint64_t addr)
{
    if (ms->ch_nruns) {   /* gmc_memsys_decode's channel field alone */
        const uint64_t a = addr & ms->amask;
        uint64_t f = 0;
        for (unsigned i = 0; i < ms->ch_nruns; i++)
            f |= ((a >> ms->ch_run[i].lsb) & ms->ch_run[i].mask) << ms->ch_run[i].dst;
        const unsigned nch = ms->nch, nm = ms->nch_mask;
        return nm ? (unsigned)(f & nm) : nch == 1 ? 0 : (unsigned)(f % nch);
    }
    gmc_mem_loc_t l;
    gmc_memsys_decode(ms, addr, &l);
    return l.channel;
}

void gmc_memsys_locate(const gmc_memsys_t *ms, uint64_t addr, gmc_mem_loc_t *loc)
{
    gmc_memsys_decode(ms, addr, loc);
}

/* The address bits an address's channel, bank and row depend on: the
 * map's bits of those fields (with a modulus channel split, every bit from
 * ch_at up too), through the BIM's inputs that feed them. */
static uint64_t map_row_bits(const gmc_addrmap_t *m)
{
    uint64_t out = m->fmask[GMC_F_CH] | m->fmask[GMC_F_BANK] | m->fmask[GMC_F_ROW];
    if (m->ch_mod)
        out |= ~0ull << m->ch_at;
    return out;
}

static uint64_t row_mask(const gmc_memsys_t *ms)
{
    uint64_t out = map_row_bits(&ms->map);
    if (ms->hy_page) {   /* the page number decides the memory and the local page; inside a
                            page, each memory's map */
        const uint64_t in_page = ((uint64_t)1 << ms->hy.page_bits) - 1;
        out = ~in_page | ((map_row_bits(&ms->hy_map[0]) | map_row_bits(&ms->hy_map[1])) & in_page);
    }
    out &= ms->amask;
    uint64_t in = out;
    if (ms->bim) {   /* row[o]: the inputs of output bit o */
        in = 0;
        for (uint64_t b = out; b; b &= b - 1)
            in |= ms->bim->m.row[__builtin_ctzll(b)];
    }
    return in & ms->amask;
}

void gmc_memsys_geometry(const gmc_memsys_t *ms, gmc_mem_geometry_t *g)
{
    memset(g, 0, sizeof *g);
    g->channels = ms->nch;
    g->addr_bits = ms->map.width;
    if (ms->ch_nruns) {
        unsigned lo = 64;
        for (unsigned i = 0; i < ms->ch_nruns; i++)
            lo = ms->ch_run[i].lsb < lo ? ms->ch_run[i].lsb : lo;
        g->channel_granule_bits = lo < 64 ? lo : 0;
    }
    g->row_mask = row_mask(ms);
    if (!ms->bim && !ms->map.ch_mod && !ms->hy_page)
        g->bank_row_mask = (ms->map.fmask[GMC_F_BANK] | ms->map.fmask[GMC_F_ROW]) & ms->amask;
}

int gmc_memsys_channel_info(const gmc_memsys_t *ms, unsigned ch, gmc_mem_channel_t *c)
{
    memset(c, 0, sizeof *c);
    if (ch >= ms->nch)
        return -1;
    const gmc_mc_t *mc = &ms->mc[ch];
    c->device = mc->d->cfg.name;
    c->kind = mc->d->cfg.kind->name;   /* resolved by gmc_dram_init */
    c->banks = mc->d->nbanks;
    c->rows = mc->d->cfg.rows;
    c->columns = mc->d->cfg.columns;
    c->burst_bytes = (uint32_t)gmc_dram_burst_bytes(&mc->d->cfg);
    c->tck_ps = mc->d->cfg.tck_ps;
    c->read_queue = mc->cap[0];
    c->write_queue = mc->cap[1];
    return 0;
}

/* s from controller totals t, channels [c0, c1) (all of them, or one). */
static void stats_fill(const gmc_memsys_t *ms, const gmc_memsys_totals_t *t, unsigned c0, unsigned c1,
                       gmc_mem_stats_t *s)
{
    memset(s, 0, sizeof *s);
    s->reads = t->mc.reads;
    s->writes = t->mc.writes;
    s->row_hits = t->mc.cls[GMC_CLS_HIT];
    s->row_misses = t->mc.cls[GMC_CLS_MISS];
    s->row_conflicts = t->mc.cls[GMC_CLS_CONFLICT];
    s->act = t->dram.cmds[GMC_DRAM_ACT];
    s->pre = t->dram.cmds[GMC_DRAM_PRE] + t->dram.cmds[GMC_DRAM_PREA];
    s->rd = t->dram.cmds[GMC_DRAM_RD];
    s->wr = t->dram.cmds[GMC_DRAM_WR];
    s->ref = t->dram.cmds[GMC_DRAM_REF];
    s->data_busy = t->dram.data_busy;
    s->pending_cycles = t->mc.pending_cycles;
    s->blp_sum = t->mc.blp_sum;
    s->cycles = ms->now;
    for (unsigned c = c0; c < c1; c++) {
        s->entered += gmc_rowloc_reqs(&ms->rowloc, c);
        s->row_runs += gmc_rowloc_runs(&ms->rowloc, c);
        const gmc_mc_streak_t *k = ms->mc[c].streak;
        s->row_streaks += k->streaks;
        s->stranded += k->stranded;
        s->brk_other_sm += k->brk[GMC_BRK_OTHER_SM];
        s->brk_other_cta += k->brk[GMC_BRK_OTHER_CTA];
        s->brk_same_cta += k->brk[GMC_BRK_SAME_CTA];
        s->brk_no_sm += k->brk[GMC_BRK_NO_SM];
        if (ms->mc[c].sched == &gmc_sched_warped_mc) {
            uint64_t b[GMC_WMC_BREAKDOWN];
            gmc_sched_wmc_breakdown(&ms->mc[c], b);
            s->wmc_col_cmds += b[0];
            s->wmc_req_adjusted += b[1];
            s->wmc_acts += b[2];
            s->wmc_row_adjusted += b[3];
            s->wmc_grants += b[4];
            s->wmc_bank_adjusted += b[5];
        }
    }
}

void gmc_memsys_row_locality(const gmc_memsys_t *ms, double *pooled, double *hmean)
{
    *pooled = gmc_rowloc_pooled(&ms->rowloc, 0, ms->nch);
    *hmean = gmc_rowloc_hmean(&ms->rowloc, 0, ms->nch);
}

int gmc_memsys_channel_stats(gmc_memsys_t *ms, unsigned ch, gmc_mem_stats_t *s)
{
    if (ch >= ms->nch) {
        memset(s, 0, sizeof *s);
        return -1;
    }
    gmc_mc_settle(&ms->mc[ch], ms->now);
    gmc_memsys_totals_t t;
    memset(&t, 0, sizeof t);
    t.mc = ms->mc[ch].st;
    t.dram = ms->mc[ch].ch.st;
    stats_fill(ms, &t, ch, ch + 1, s);
    return 0;
}

void gmc_memsys_stats(gmc_memsys_t *ms, gmc_mem_stats_t *s)
{
    for (unsigned c = 0; c < ms->nch; c++)
        gmc_mc_settle(&ms->mc[c], ms->now);
    gmc_memsys_totals_t t;
    gmc_memsys_totals(ms, &t);
    stats_fill(ms, &t, 0, ms->nch, s);
}
