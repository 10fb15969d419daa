/* gmc_mc: one channel's memory controller (see gmc_mc.h for the rules). */
#include "mc/gmc_mc.h"
#include "mc/gmc_mc_impl.h"
#include "util/gmc_alloc_impl.h"
#include "blocks/gmc_pcmwq.h"
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <stddef.h>
#include <string.h>

_Static_assert(sizeof(gmc_mc_req_t) == 128 && offsetof(gmc_mc_req_t, id) == 64,
               "a queue entry is two host lines: scheduling's, then bookkeeping (gmc_mc.h)");

void gmc_mc_cfg_defaults(gmc_mc_cfg_t *c)
{
    memset(c, 0, sizeof *c);
    c->rq = 64;
    c->wq = 32;
    c->wq_high = 28;
    c->wq_low = 16;
    c->age_cap = 4096;
    c->sched = gmc_sched_get(0);
    c->wpol = gmc_mc_wpol_get(0);
    c->rfpol = gmc_mc_rfpol_get(0);
    c->rowpol = gmc_mc_rowpol_get(0);
    c->row_timeout = GMC_MC_ROW_TIMEOUT_DEFAULT;
    c->pcmwq.entries = GMC_MC_PCMWQ_ENTRIES;
    c->pcmwq.high = GMC_MC_PCMWQ_HIGH;
    c->pcmwq.low = GMC_MC_PCMWQ_LOW;
}

int gmc_mc_cfg_check(const gmc_mc_cfg_t *c, char *err, size_t n)
{
    if (!c->sched)
        return snprintf(err, n, "expected a scheduler, found none"), -1;
    if (c->rq < 1 || c->rq > (1u << 20))
        return snprintf(err, n, "--rq: expected 1..%u, found %u", 1u << 20, c->rq), -1;
    if (c->wq < 1 || c->wq > (1u << 20))
        return snprintf(err, n, "--wq: expected 1..%u, found %u", 1u << 20, c->wq), -1;
    if (c->wq_high < 1 || c->wq_high > c->wq)
        return snprintf(err, n, "--wq-high: expected 1..%u (the write queue), found %u", c->wq,
                        c->wq_high), -1;
    if (c->age_cap > ((uint64_t)1 << 40))
        return snprintf(err, n, "--age-cap: expected at most 2^40 cycles, found %llu",
                        (unsigned long long)c->age_cap), -1;
    if (c->streak_reading > GMC_STREAK_ALL)
        return snprintf(err, n, "streak reading: expected GMC_STREAK_* bits (at most %u), found %u",
                        GMC_STREAK_ALL, c->streak_reading), -1;
    if (c->wq_low >= c->wq_high)
        return snprintf(err, n, "--wq-low: expected less than --wq-high (%u), found %u",
                        c->wq_high, c->wq_low), -1;
    if (c->wpol == &gmc_mc_wpol_pcmwq) {
        if (c->pcmwq.entries < 1 || c->pcmwq.entries > GMC_PCMWQ_N_MAX)
            return snprintf(err, n, "--pcmwq-entries: expected 1..%u, found %u", GMC_PCMWQ_N_MAX,
                            c->pcmwq.entries), -1;
        if (c->pcmwq.high < 1 || c->pcmwq.high > c->pcmwq.entries)
            return snprintf(err, n, "--pcmwq-high: expected 1..%u (the entries), found %u",
                            c->pcmwq.entries, c->pcmwq.high), -1;
        if (c->pcmwq.low >= c->pcmwq.high)
            return snprintf(err, n, "--pcmwq-low: expected less than --pcmwq-high (%u), found %u",
                            c->pcmwq.high, c->pcmwq.low), -1;
        if (c->pcmwq.intr != GMC_PCMWQ_NONE && c->pcmwq.intr != GMC_PCMWQ_CANCEL)
            return snprintf(err, n, "--pcmwq-intr: expected none or cancel (pausing needs a device "
                            "that resumes a write pulse where it stopped: docs/pcm.md), found %u",
                            c->pcmwq.intr), -1;
    }
    return 0;
}

uint32_t gmc_mc_pool_n(const gmc_mc_t *mc)
{
    return mc->cfg.rq + mc->cfg.wq +
           (mc->wpol_dflt == GMC_WPOL_HOLDS ? mc->wpol->internal(&mc->cfg, mc->nbanks) : 0);
}

int gmc_mc_init(gmc_mc_t *mc, const gmc_dram_t *d, const gmc_mc_cfg_t *cfg, unsigned id,
                gmc_warps_t *warps, gmc_memstats_t *lat, char *err, size_t n)
{
    memset(mc, 0, sizeof *mc);
    if (gmc_mc_cfg_check(cfg, err, n))
        return -1;
    if ((cfg->sched->flags & GMC_SCHED_WARPS) && !warps)
        return snprintf(err, n, "scheduler %s: expected a warp table", cfg->sched->name), -1;
    if (cfg->wpol == &gmc_mc_wpol_pcmwq && cfg->pcmwq.intr == GMC_PCMWQ_CANCEL && !gmc_dram_can_cancel(d))
        return snprintf(err, n, "pcmwq write cancellation: expected a device whose writes can be cancelled "
                        "(kind pcm), found %s", d->cfg.name[0] ? d->cfg.name : "an unnamed device"), -1;
    mc->d = d;
    mc->cfg = *cfg;
    mc->sched = cfg->sched;
    /* NULL policies are the defaults (gmc_mc_cfg.h) */
    mc->wpol = mc->cfg.wpol = cfg->wpol ? cfg->wpol : gmc_mc_wpol_get(0);
    mc->rfpol = mc->cfg.rfpol = cfg->rfpol ? cfg->rfpol : gmc_mc_rfpol_get(0);
    mc->rowpol = mc->cfg.rowpol = cfg->rowpol ? cfg->rowpol : gmc_mc_rowpol_get(0);
    mc->rp_close = mc->rowpol->close_at != NULL;
    mc->wpol_dflt = mc->wpol == &gmc_mc_wpol_gpgpusim ? GMC_WPOL_INLINE
                    : mc->wpol->hold                  ? GMC_WPOL_HOLDS
                                                      : GMC_WPOL_TABLE;
    mc->pol_scan = mc->rp_close || mc->wpol->next != NULL;
    mc->id = id;
    mc->nbanks = d->nbanks;
    mc->warps = (cfg->sched->flags & GMC_SCHED_WARPS) ? warps : NULL;
    mc->lat = lat;
    mc->cap[0] = cfg->rq;
    mc->cap[1] = cfg->wq;
    /* a policy that holds requests links internal requests of its own
     * (gmc_mc_take_) besides the queues' */
    uint32_t cap = gmc_mc_pool_n(mc);
    /* In flight per type: each column command issues on its own cycle and
     * stays in flight done[cmd] cycles, and the ring is emptied up to `now`
     * before every push, so done[cmd] entries suffice. */
    uint32_t fl = d->done[GMC_DRAM_RD] > d->done[GMC_DRAM_WR] ? d->done[GMC_DRAM_RD]
                                                               : d->done[GMC_DRAM_WR];
    uint32_t ring = 2;
    if (mc->wpol_dflt == GMC_WPOL_HOLDS)   /* its drained write besides the senders' */
        fl *= 2;
    while (ring < fl + 1)
        ring <<= 1;
    mc->req = gmc_zalloc64(cap, sizeof *mc->req);   /* an entry: two whole host lines */
    mc->blink = calloc(cap, sizeof *mc->blink);
    mc->last_use = calloc(GMC_DRAM_MAX_BANKS, sizeof *mc->last_use);
    mc->streak = calloc(1, sizeof *mc->streak);
    for (int w = 0; w < 2; w++) {
        mc->fl_done[w] = calloc(ring, sizeof *mc->fl_done[w]);
        mc->fl_bank[w] = calloc(ring, 1);
    }
    if (!mc->req || !mc->blink || !mc->last_use || !mc->streak || !mc->fl_done[0] || !mc->fl_done[1] ||
        !mc->fl_bank[0] || !mc->fl_bank[1]) {
        gmc_mc_free(mc);
        return snprintf(err, n, "out of memory for %u queue entries", cap), -1;
    }
    mc->fl_mask = ring - 1;
    mc->fl_next = GMC_MC_NEVER;
    for (uint32_t i = 0; i < cap; i++)
        mc->req[i].qnext = i + 1 < cap ? i + 1 : GMC_MC_NONE;
    mc->free_head = 0;
    for (int w = 0; w < 2; w++)
        for (unsigned b = 0; b < GMC_DRAM_MAX_BANKS; b++)
            mc->head[w][b] = mc->tail[w][b] = GMC_MC_NONE;
    mc->q_head = mc->q_tail = GMC_MC_NONE;
    for (unsigned b = 0; b < GMC_DRAM_MAX_BANKS; b++) {
        mc->commit[b] = GMC_MC_NONE;
        mc->streak->bank[b].row = GMC_STREAK_NO_ROW;
    }
    mc->dirty = ~(uint64_t)0;
    /* Two pools only when something can raise hi_i; with hi_i = 0 the
     * two-level arbiter grants exactly as the plain round robin. */
    unsigned two = cfg->age_cap != 0 || (cfg->sched->flags & GMC_SCHED_PRIO);
    if (gmc_bankarb_cfg_init(&mc->acfg, mc->nbanks, two, err, n)) {
        gmc_mc_free(mc);
        return -1;
    }
    gmc_bankarb_reset(&mc->acfg, &mc->aq);
    gmc_dram_chan_reset(d, &mc->ch);
    if (cfg->sched->init && cfg->sched->init(mc, err, n)) {
        gmc_mc_free(mc);
        return -1;
    }
    /* each policy's init, in GMC_POL_* order; on a failure the ones before
     * are released by gmc_mc_free (a fini must accept a NULL pol_priv) */
    int (*const init[GMC_NPOL])(gmc_mc_t *, char *, size_t) = {mc->wpol->init, mc->rfpol->init,
                                                               mc->rowpol->init};
    for (unsigned k = 0; k < GMC_NPOL; k++)
        if (init[k] && init[k](mc, err, n)) {
            gmc_mc_free(mc);
            return -1;
        }
    return 0;
}

void gmc_mc_free(gmc_mc_t *mc)
{
    if (mc->sched && mc->sched->fini)
        mc->sched->fini(mc);
    mc->priv = NULL;
    if (mc->wpol && mc->wpol->fini)
        mc->wpol->fini(mc);
    if (mc->rfpol && mc->rfpol->fini)
        mc->rfpol->fini(mc);
    if (mc->rowpol && mc->rowpol->fini)
        mc->rowpol->fini(mc);
    for (unsigned k = 0; k < GMC_NPOL; k++)
        mc->pol_priv[k] = NULL;
    free(mc->req);
    free(mc->blink);
    free(mc->last_use);
    free(mc->streak);
    for (int w = 0; w < 2; w++) {
        free(mc->fl_done[w]);
        free(mc->fl_bank[w]);
    }
    mc->req = NULL;
    mc->blink = NULL;
    mc->last_use = NULL;
    mc->streak = NULL;
    mc->fl_done[0] = mc->fl_done[1] = NULL;
    mc->fl_bank[0] = mc->fl_bank[1] = NULL;
}

void gmc_mc_finish(gmc_mc_t *mc) { complete_until(mc, GMC_MC_NEVER); }

void gmc_mc_settle(gmc_mc_t *mc, uint64_t t)
{
    complete_until(mc, t);
    integrate(mc, t);
}

/* ---- queue ---- */

/* A free pool slot for a request of that type entering at now (the
 * caller then writes the fields enqueue() reads). */
static uint32_t slot_take(gmc_mc_t *mc, int is_write, uint64_t now)
{
    complete_until(mc, now);
    mc->probe_held = mc->probe_valid;   /* gmc_mc_wake may patch and revive it */
    mc->probe_valid = 0;
    uint32_t i = mc->free_head;
    assert(i != GMC_MC_NONE && gmc_mc_can_accept(mc, is_write));
    (void)is_write;
    mc->free_head = mc->req[i].qnext;
    return i;
}

/* Request i's caller fields are written: the rest, and into the lists. */
static uint32_t enqueue(gmc_mc_t *mc, uint32_t i, uint64_t now)
{
    gmc_mc_req_t *q = &mc->req[i];
    unsigned w = q->is_write, b = q->bank;
    q->arrival = now;
    q->seq = mc->seq++;
    q->flags = (q->flags & (GMC_REQ_WARP | GMC_REQ_INTERNAL)) | GMC_REQ_QUEUED;
    q->cls = 0;
    q->prio = 0;
    q->gwid = 0;
    q->first_cmd = q->done = 0;
    /* bank list of its type, then the channel list */
    mc->blink[i] = (struct gmc_mc_link){GMC_MC_NONE, q->row};
    q->bprev = mc->tail[w][b];
    if (q->bprev == GMC_MC_NONE)
        mc->head[w][b] = i;
    else
        mc->blink[q->bprev].next = i;
    mc->tail[w][b] = i;
    q->qnext = GMC_MC_NONE;
    q->qprev = mc->q_tail;
    if (q->qprev == GMC_MC_NONE)
        mc->q_head = i;
    else
        mc->req[q->qprev].qnext = i;
    mc->q_tail = i;
    mc->nonempty[w] |= BIT(b);
    mc->n[w]++;
    wpol_enqueue(mc, i);
    mc->dirty |= BIT(b);
    if (mc->outst[b]++ == 0)
        mc->busy_banks++;
    mc->outst_total++;
    q->widx = GMC_WARPS_NONE;
    if (mc->warps && (q->flags & GMC_REQ_WARP))
        q->widx = gmc_warps_add(mc->warps, q->sm, q->warp, q->pc);
    uint64_t outside = now > q->offered ? now - q->offered : 0;
    mc->st.outside_sum += outside;
    if (outside > mc->st.outside_max)
        mc->st.outside_max = outside;
    if (mc->sched->on_enqueue)
        mc->sched->on_enqueue(mc, i);
    return i;
}

/* A write policy that holds requests takes request i (gmc_mc_pol.h hold):
 * it is in no list until the policy links it. */
static __attribute__((noinline, cold)) uint32_t hold(gmc_mc_t *mc, uint32_t i, uint64_t now)
{
    gmc_mc_req_t *q = &mc->req[i];
    q->arrival = now;
    q->seq = mc->seq++;
    q->flags &= GMC_REQ_WARP;
    q->ver = 0;
    mc->wpol->hold(mc, i, now);
    return i;
}

void gmc_mc_link_(gmc_mc_t *mc, uint32_t i, uint64_t now)
{
    complete_until(mc, now);
    mc->probe_valid = mc->probe_held = 0;
    const uint64_t seq = mc->req[i].seq;
    enqueue(mc, i, now);
    mc->req[i].seq = seq;   /* its order of entry is the sender's */
    mc->seq--;
}

uint32_t gmc_mc_take_(gmc_mc_t *mc, uint64_t now)
{
    complete_until(mc, now);
    uint32_t i = mc->free_head;
    assert(i != GMC_MC_NONE);
    mc->free_head = mc->req[i].qnext;
    return i;
}

/* A sender's request is done at `done`: the counts and the latency. */
static inline __attribute__((always_inline)) void count_done(gmc_mc_t *mc, const gmc_mc_req_t *q,
                                                              unsigned w, uint64_t done)
{
    if (w)
        mc->st.writes++;
    else
        mc->st.reads++;
    if (done > mc->st.last_done)
        mc->st.last_done = done;
    if (mc->lat)   /* GMC_LAT_ALL is their sum, made by gmc_memstats_merge */
        gmc_hist_add(&mc->lat->lat[w ? GMC_LAT_WRITE : GMC_LAT_READ], done - q->arrival);
}

void gmc_mc_answer_(gmc_mc_t *mc, uint32_t i, uint64_t done)
{
    gmc_mc_req_t *q = &mc->req[i];
    const unsigned w = q->is_write;
    q->done = done;
    q->flags |= GMC_REQ_ANSWERED;
    count_done(mc, q, w, done);
    uint64_t outside = q->arrival > q->offered ? q->arrival - q->offered : 0;
    mc->st.outside_sum += outside;
    if (outside > mc->st.outside_max)
        mc->st.outside_max = outside;
    if (mc->served)
        mc->served(mc->served_ctx, mc->id, q);
    q->qnext = mc->free_head;
    mc->free_head = i;
}

uint32_t gmc_mc_enqueue(gmc_mc_t *mc, const gmc_mc_req_t *r, uint64_t now)
{
    uint32_t i = slot_take(mc, r->is_write, now);
    gmc_mc_req_t *q = &mc->req[i];
    q->id = r->id;
    q->addr = r->addr;
    q->bank = r->bank;
    q->row = r->row;
    q->col = r->col;
    q->is_write = r->is_write != 0;
    q->offered = r->offered;
    q->flags = r->flags;
    q->sm = r->sm;
    q->warp = r->warp;
    q->pc = r->pc;
    q->tag = r->tag;
    q->cta = r->cta;
    if (__builtin_expect(mc->wpol_dflt == GMC_WPOL_HOLDS, 0))
        return hold(mc, i, now);
    return enqueue(mc, i, now);
}

uint32_t gmc_mc_enqueue_prepared(gmc_mc_t *mc, const gmc_mem_prepared_t *p, uint64_t id, uint64_t now)
{
    uint32_t i = slot_take(mc, p->req.is_write, now);
    gmc_mc_req_t *q = &mc->req[i];
    q->id = id;
    q->addr = p->req.addr;
    q->bank = (uint8_t)p->loc.bank;
    q->row = p->loc.row;
    q->col = p->loc.col;
    q->is_write = p->req.is_write != 0;
    q->offered = p->offered;
    q->flags = p->req.has_warp ? GMC_REQ_WARP : 0;
    q->sm = p->req.sm;
    q->warp = p->req.warp;
    q->pc = p->req.pc;
    q->tag = p->req.tag;
    q->cta = p->req.cta;
    if (__builtin_expect(mc->wpol_dflt == GMC_WPOL_HOLDS, 0))
        return hold(mc, i, now);
    return enqueue(mc, i, now);
}

static void dequeue(gmc_mc_t *mc, uint32_t i)
{
    gmc_mc_req_t *q = &mc->req[i];
    unsigned w = q->is_write, b = q->bank;
    const uint32_t bnext = mc->blink[i].next;
    if (q->bprev == GMC_MC_NONE)
        mc->head[w][b] = bnext;
    else
        mc->blink[q->bprev].next = bnext;
    if (bnext == GMC_MC_NONE)
        mc->tail[w][b] = q->bprev;
    else
        mc->req[bnext].bprev = q->bprev;
    if (mc->head[w][b] == GMC_MC_NONE)
        mc->nonempty[w] &= ~BIT(b);
    if (q->qprev == GMC_MC_NONE)
        mc->q_head = q->qnext;
    else
        mc->req[q->qprev].qnext = q->qnext;
    if (q->qnext == GMC_MC_NONE)
        mc->q_tail = q->qprev;
    else
        mc->req[q->qnext].qprev = q->qprev;
    mc->n[w]--;
    q->flags &= ~GMC_REQ_QUEUED;
    if (q->widx != GMC_WARPS_NONE)
        gmc_warps_drop(mc->warps, q->widx);
    q->qnext = mc->free_head;
    mc->free_head = i;
}

int gmc_mc_same_addr_queued(const gmc_mc_t *mc, unsigned bank, uint32_t row, uint32_t col,
                            int is_write)
{
    for (uint32_t i = mc->q_head; i != GMC_MC_NONE; i = mc->req[i].qnext) {
        const gmc_mc_req_t *q = &mc->req[i];
        if (q->bank == bank && q->row == row && q->col == col && (is_write || q->is_write))
            return 1;
    }
    return 0;
}

void gmc_mc_serve_(gmc_mc_t *mc, uint32_t i, uint64_t done)
{
    gmc_mc_req_t *q = &mc->req[i];
    unsigned w = q->is_write;
    q->done = done;
    /* An internal request (the write policy's drained write) is in flight
     * like any (its bank busy until its data is done), counted as a device
     * command only, reported to the policy; `served` sees it flagged
     * GMC_REQ_INTERNAL (senders skip it, tests read it). */
    if (__builtin_expect(q->flags & GMC_REQ_INTERNAL, 0)) {
        mc->wpol->served(mc, i);
    } else {
        count_done(mc, q, w, done);
    }
    assert(mc->fl_n[w] <= mc->fl_mask);
    uint32_t slot = (mc->fl_head[w] + mc->fl_n[w]++) & mc->fl_mask;
    mc->fl_done[w][slot] = done;
    if (done < mc->fl_next)   /* a ring's tail is its latest: only an empty ring's new head can be earlier */
        mc->fl_next = done;
    mc->fl_bank[w][slot] = q->bank;
    if (mc->served)
        mc->served(mc->served_ctx, mc->id, q);
    dequeue(mc, i);
}

/* ---- refresh commands (for refresh policies, gmc_mc_pol.h) ---- */

void gmc_mc_refresh_issue(gmc_mc_t *mc, gmc_dram_cmd_t cmd, uint64_t now)
{
    assert(cmd == GMC_DRAM_PREA || cmd == GMC_DRAM_REF);
    GMC_DRAM_ISSUE_CHECKED(mc->d, &mc->ch, cmd, gmc_dram_refresh_bank(mc->d, &mc->ch), 0, now,
                           NULL);
    mc->dirty = ~(uint64_t)0;
    /* Every row closed: a scheduler that tracks open rows must know (gmc_sched.h). */
    if (cmd == GMC_DRAM_PREA && mc->sched->on_issue)
        mc->sched->on_issue(mc, GMC_MC_NONE, GMC_DRAM_PREA);
}
