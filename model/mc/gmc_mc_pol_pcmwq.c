/* gmc_mc_pol: the pcmwq write policy -- the PCM write queue block
 * gmc_pcmwq (model/blocks/gmc_pcmwq.h, the C twin that co-simulation
 * checks against rtl/gmc_pcmwq.sv) in front of the device, stepped once
 * per controller cycle through the write-policy seam's hold/step/served
 * ops (gmc_mc_pol.h).  docs/pcm.md "Write queue" has the rules and the
 * report; docs/mc-policies.md lists the policy.
 *
 * Requests entering the controller wait in two FIFOs of the policy
 * (arrival order, pool indices), and each controller cycle offers the
 * oldest write to the block's write port and the oldest read to its read
 * port, in the order they entered: the read only if no held write is
 * older (a read sees every write that entered before it), the write only
 * if no held read but the one offered with it is older (a read sees no
 * write that entered after it; the block answers a cycle's read before
 * its write).  Outcomes:
 *   - a write accepted (appended or coalesced): it completes to its sender
 *     the next cycle, with the version the queue took (a counter);
 *   - a write refused (the queue is full): it stays held and is offered
 *     again next cycle; held writes count against the controller's write
 *     queue (mc->cap[1]), so senders are refused in turn: nothing drops;
 *   - a read hit: answered from the queue with the newest version, its
 *     data done a device read's data time later (tCL + tBURST: done[RD]);
 *   - a read miss: it enters the bank lists and goes to the device.
 * The block's drain request (oldest entry first, reads first outside drain
 * mode, watermarks, drains when no read waits) becomes an internal write
 * in the controller's write queue (GMC_REQ_INTERNAL: no sender), served by
 * the scheduler like any write; mode() serves writes while it is queued.
 * Its data done (WR + tCWL + tBURST) is the block's done: the entry leaves
 * (or drains again if a write coalesced into it meanwhile, the block's
 * W5).  The device takes a drain at once (dev_rdy = 1, unless the
 * same-address rule holds it) and has no read waiting when its bank's (or
 * the channel's) reads are none (dev_idle).  With write cancellation
 * (pcmwq.intr = GMC_PCMWQ_CANCEL) the write is done at its pulse's end
 * and a read of its bank may cancel it from its data done until then
 * (intr_ok; the device kind's cancel_write frees the bank); pausing
 * needs a pulse that resumes, which the engine's fixed WR latency is
 * not, and is refused. */
#include "mc/gmc_mc.h"
#include "mc/gmc_mc_impl.h"
#include "blocks/gmc_pcmwq.h"
#include <assert.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

/* One queue: the block's state and what the policy keeps beside it. */
typedef struct {
    gmc_pcmwq_state_t q;
    struct { uint32_t row, col; uint8_t bank; } loc[GMC_PCMWQ_N_MAX];   /* per slot: where its
                                        address lives (the block keeps addresses only) */
    int running;                     /* a drained write is at the device (the block's busy) */
    uint64_t done_at;                /* its completion (below), GMC_MC_NEVER until its WR issued */
    uint64_t issued, data_at;        /* its WR's cycle and its data done (write cancellation) */
    unsigned wbank;                  /* its bank */
} pqq_t;

typedef struct {
    gmc_pcmwq_cfg_t c;
    unsigned nq;                     /* queues: one per bank, or 1 (cfg.pcmwq.per_channel) */
    pqq_t *qs;
    gmc_pcmwq_stats_t ev;            /* the blocks' tally (events only; time below) */
    uint32_t *held[2];               /* held reads / writes, FIFOs of pool indices */
    unsigned hh[2], hn[2], hcap[2];
    uint32_t ver;                    /* the last version given to a write */
    unsigned queued, full;           /* entries queued in all queues; queues full */
    uint64_t cross;                  /* the earliest age-cap crossing of a request it linked
                                        (gmc_mc_wake registers a sender's; these skip it) */
    uint64_t t_last;                 /* the time integrals are taken up to here */
    uint64_t cycles, occ_sum, full_cycles;
} pq_t;

static pq_t *P(const gmc_mc_t *mc) { return mc->pol_priv[GMC_POL_WRITE]; }

/* The queue of bank b. */
static inline unsigned qof(const pq_t *p, unsigned b) { return p->nq > 1 ? b : 0; }

/* Held + queued stay within the controller's queues (gmc_mc_can_accept):
 * reads n[0] + held < rq; writes: held < wq (n[1] are the internal drains,
 * less `leaving` when one is being served). */
static void caps(gmc_mc_t *mc, pq_t *p, unsigned leaving)
{
    mc->cap[0] = mc->cfg.rq - p->hn[0];
    mc->cap[1] = mc->n[1] - leaving + mc->cfg.wq - p->hn[1];
}

static void integrate_to(pq_t *p, uint64_t t)
{
    if (t <= p->t_last)
        return;
    const uint64_t dt = t - p->t_last;
    p->cycles += dt;
    p->occ_sum += p->queued * dt;
    p->full_cycles += p->full * dt;
    p->t_last = t;
}

static unsigned pq_internal(const gmc_mc_cfg_t *c, unsigned nbanks)
{
    return c->pcmwq.per_channel ? 1 : nbanks;   /* a drained write per queue */
}

static int pq_init(gmc_mc_t *mc, char *err, size_t n)
{
    pq_t *p = calloc(1, sizeof *p);
    if (!p)
        return snprintf(err, n, "out of memory"), -1;
    mc->pol_priv[GMC_POL_WRITE] = p;
    p->nq = pq_internal(&mc->cfg, mc->nbanks);
    p->qs = calloc(p->nq, sizeof *p->qs);
    if (!p->qs)
        return snprintf(err, n, "out of memory"), -1;
    const unsigned cap[2] = {mc->cfg.rq, mc->cfg.wq};
    for (int w = 0; w < 2; w++) {
        p->hcap[w] = cap[w];
        p->held[w] = calloc(cap[w], sizeof *p->held[w]);
        if (!p->held[w])
            return snprintf(err, n, "out of memory"), -1;
    }
    /* 48-bit addresses (the block's widest; gmc's request addresses are
     * below 2^48) and 32-bit versions */
    if (gmc_pcmwq_cfg_init(&p->c, mc->cfg.pcmwq.entries, GMC_PCMWQ_A_MAX, GMC_PCMWQ_V_MAX,
                           mc->cfg.pcmwq.high, mc->cfg.pcmwq.low, mc->cfg.pcmwq.intr,
                           mc->cfg.pcmwq_max_intr, err, n))
        return -1;
    for (unsigned k = 0; k < p->nq; k++) {
        gmc_pcmwq_reset(&p->c, &p->qs[k].q);
        p->qs[k].done_at = GMC_MC_NEVER;
    }
    p->cross = GMC_MC_NEVER;
    caps(mc, p, 0);
    return 0;
}

static void pq_fini(gmc_mc_t *mc)
{
    pq_t *p = P(mc);
    if (!p)
        return;
    free(p->held[0]);
    free(p->held[1]);
    free(p->qs);
    free(p);
    mc->pol_priv[GMC_POL_WRITE] = NULL;
}

static void pq_hold(gmc_mc_t *mc, uint32_t i, uint64_t now)
{
    pq_t *p = P(mc);
    const unsigned w = mc->req[i].is_write;
    (void)now;
    assert(p->hn[w] < p->hcap[w]);
    p->held[w][(p->hh[w] + p->hn[w]++) % p->hcap[w]] = i;
    caps(mc, p, 0);
}

static uint32_t pop(pq_t *p, unsigned w)
{
    const uint32_t i = p->held[w][p->hh[w]];
    p->hh[w] = (p->hh[w] + 1) % p->hcap[w];
    p->hn[w]--;
    return i;
}

/* Request i enters the bank lists at now.  Its age-cap crossing is an
 * event the controller's skip-ahead must see (gmc_mc_wake computes it for
 * a request that enters by itself): kept until it passes. */
static void link(gmc_mc_t *mc, pq_t *p, uint32_t i, uint64_t now)
{
    gmc_mc_link_(mc, i, now);
    if (p->cross <= now)
        p->cross = GMC_MC_NEVER;
    if (mc->cfg.age_cap && now + mc->cfg.age_cap + 1 < p->cross)
        p->cross = now + mc->cfg.age_cap + 1;
}

/* No read waits for queue k's device: its bank's reads (a queue per
 * bank) or the channel's. */
static inline int dev_idle(const gmc_mc_t *mc, const pq_t *p, unsigned k)
{
    return p->nq > 1 ? !((mc->nonempty[0] >> k) & 1) : mc->n[0] == 0;
}

/* Queue x (not running, not empty) would start a drain now (the block's
 * W4 with nothing offered): in drain mode, or when no read waits. */
static int drain_wanted(const gmc_mc_t *mc, const pq_t *p, const pqq_t *x, unsigned k)
{
    const unsigned cnt = x->q.cnt_q;
    const unsigned dm = p->c.hyst && x->q.dmode_q ? cnt > p->c.low : cnt >= p->c.high;
    return dm || dev_idle(mc, p, k);
}

/* Write cancellation (pcmwq.intr = GMC_PCMWQ_CANCEL): the device lets a
 * read of the bank stop queue x's running write (the block's intr_ok)
 * from its last data beat until its pulse ends, when a read of that bank
 * is queued. */
static inline int intr_ok(const gmc_mc_t *mc, const pqq_t *x, uint64_t now)
{
    return mc->cfg.pcmwq.intr == GMC_PCMWQ_CANCEL && x->running && x->done_at != GMC_MC_NEVER &&
           now >= x->data_at && now < x->done_at && ((mc->nonempty[0] >> x->wbank) & 1);
}

/* Whether queue k's block must step at now with nothing offered to it:
 * its drained write completes, a read may cancel it, or it would start
 * one.  Otherwise such a step changes no state that any output reads (no
 * port valid, done = 0, no interruption, drq = 0; the drain-mode flop is
 * recomputed from the occupancy), so it is skipped, and the blocks of a
 * queue per bank cost only when they act. */
static int must_step(const gmc_mc_t *mc, const pq_t *p, const pqq_t *x, unsigned k, uint64_t now)
{
    if (x->running)
        return x->done_at <= now || intr_ok(mc, x, now);
    return x->q.cnt_q && drain_wanted(mc, p, x, k);
}

/* One cycle of queue k's block, offered write wi and read ri (or
 * GMC_MC_NONE).  Returns nonzero if it linked a request. */
static int step_queue(gmc_mc_t *mc, pq_t *p, unsigned k, uint32_t wi, uint32_t ri, uint64_t now)
{
    pqq_t *x = &p->qs[k];
    gmc_pcmwq_in_t in = {0};
    in.rst_n = 1;
    if (wi != GMC_MC_NONE) {
        in.wr_valid = 1;
        in.wr_addr = mc->req[wi].addr;
        in.wr_ver = p->ver + 1;
    }
    if (ri != GMC_MC_NONE) {
        in.rd_valid = 1;
        in.rd_addr = mc->req[ri].addr;
    }
    /* The same-address rule (gmc_mc_cfg_t.same_addr): the oldest entry is
     * not drained while a read of its place waits at the device (it missed
     * the queue before this write came): the drain would overtake it. */
    in.dev_rdy = !(mc->cfg.same_addr && x->q.cnt_q &&
                   gmc_mc_same_addr_queued(mc, x->loc[x->q.head_q].bank, x->loc[x->q.head_q].row,
                                           x->loc[x->q.head_q].col, 1));
    in.dev_idle = (uint8_t)dev_idle(mc, p, k);
    in.intr_ok = (uint8_t)intr_ok(mc, x, now);
    in.done = x->running && x->done_at <= now;
    const unsigned s_new = (x->q.head_q + x->q.cnt_q) % p->c.n, head = x->q.head_q;
    p->queued -= x->q.cnt_q;
    p->full -= x->q.cnt_q == p->c.n;
    gmc_pcmwq_out_t o;
    gmc_pcmwq_step(&p->c, &x->q, &in, &x->q, &o);
    GMC_OBSERVE(gmc_pcmwq_observer, x, &p->c, &in, &o);   /* one block per queue */
    gmc_pcmwq_tally(&p->c, &in, &o, &p->ev);
    p->queued += x->q.cnt_q;
    p->full += x->q.cnt_q == p->c.n;
    int changed = 0;
    if (ri != GMC_MC_NONE) {
        pop(p, 0);
        if (o.rd_hit) {
            mc->req[ri].ver = o.rd_ver;
            gmc_mc_answer_(mc, ri, now + mc->d->done[GMC_DRAM_RD]);
        } else {
            link(mc, p, ri, now);
            changed = 1;
        }
    }
    if (o.wr_acc) {
        pop(p, 1);
        gmc_mc_req_t *r = &mc->req[wi];
        r->ver = ++p->ver;
        if (!o.wr_coal) {
            x->loc[s_new].row = r->row;
            x->loc[s_new].col = r->col;
            x->loc[s_new].bank = r->bank;
        }
        gmc_mc_answer_(mc, wi, now + 1);
    }
    if (in.done) {
        x->running = 0;
        x->done_at = GMC_MC_NEVER;
    }
    if (o.intr) {   /* cancelled: the bank is free at once; the entry drains again later */
        const int rc = gmc_dram_cancel_write(mc->d, &mc->ch, x->wbank, x->issued, now);
        assert(rc == 0);   /* gmc_mc_init refused a device that cannot */
        (void)rc;
        x->running = 0;
        x->done_at = GMC_MC_NEVER;
        /* the bank's earliest cycles came down: its cached pick's bound is
         * no bound now, and the probe is dropped (changed) */
        mc->dirty |= (uint64_t)1 << x->wbank;
        mc->lb[x->wbank] = 0;
        changed = 1;
    }
    if (o.drq && in.dev_rdy) {   /* a start: the oldest entry goes to the device */
        const uint32_t j = gmc_mc_take_(mc, now);
        gmc_mc_req_t *r = &mc->req[j];
        r->id = UINT64_MAX;
        r->addr = o.drq_addr;
        r->bank = x->loc[head].bank;
        r->row = x->loc[head].row;
        r->col = x->loc[head].col;
        r->is_write = 1;
        r->offered = now;
        r->flags = GMC_REQ_INTERNAL;
        r->ver = o.drq_ver;
        r->seq = mc->seq++;
        link(mc, p, j, now);
        x->running = 1;
        changed = 1;
    }
    return changed;
}

/* One cycle: the oldest held write and read are offered to their queues
 * (the order rules above), and every queue that must acts. */
static int pq_step(gmc_mc_t *mc, uint64_t now)
{
    pq_t *p = P(mc);
    integrate_to(p, now);
    uint32_t wi = p->hn[1] ? p->held[1][p->hh[1]] : GMC_MC_NONE;
    uint32_t ri = p->hn[0] ? p->held[0][p->hh[0]] : GMC_MC_NONE;
    if (ri != GMC_MC_NONE && wi != GMC_MC_NONE && mc->req[wi].seq < mc->req[ri].seq)
        ri = GMC_MC_NONE;   /* an older write first */
    /* and every older read before a write: the block answers this cycle's
     * read before this cycle's write, but a read behind it would see it */
    if (wi != GMC_MC_NONE && p->hn[0] >= 2 &&
        mc->req[p->held[0][(p->hh[0] + 1) % p->hcap[0]]].seq < mc->req[wi].seq)
        wi = GMC_MC_NONE;
    const unsigned qw = wi != GMC_MC_NONE ? qof(p, mc->req[wi].bank) : UINT_MAX;
    const unsigned qr = ri != GMC_MC_NONE ? qof(p, mc->req[ri].bank) : UINT_MAX;
    int changed = 0;
    for (unsigned k = 0; k < p->nq; k++)
        if (k == qw || k == qr || must_step(mc, p, &p->qs[k], k, now))
            changed |= step_queue(mc, p, k, k == qw ? wi : GMC_MC_NONE, k == qr ? ri : GMC_MC_NONE, now);
    caps(mc, p, 0);
    return changed;
}

/* The drained write's WR issued.  It completes at its data done; with
 * write cancellation, at the end of its pulse (the bank may close then:
 * until then a read may still cancel it). */
static void pq_served(gmc_mc_t *mc, uint32_t i)
{
    pq_t *p = P(mc);
    const gmc_mc_req_t *r = &mc->req[i];
    pqq_t *x = &p->qs[qof(p, r->bank)];
    x->data_at = r->done;
    x->issued = r->done - mc->d->done[GMC_DRAM_WR];
    x->wbank = r->bank;
    x->done_at = mc->cfg.pcmwq.intr == GMC_PCMWQ_CANCEL
                     ? x->issued + mc->d->lat[GMC_DRAM_WR][GMC_DRAM_SAME_BANK][GMC_DRAM_PRE]
                     : r->done;
    caps(mc, p, 1);
}

static uint64_t pq_wants(const gmc_mc_t *mc, const pq_t *p, uint64_t now);

static uint64_t pq_next(const gmc_mc_t *mc, uint64_t now)
{
    const pq_t *p = P(mc);
    const uint64_t w = pq_wants(mc, p, now);
    return p->cross > now && p->cross < w ? p->cross : w;   /* a past one is done */
}

/* When a block must step again, for its own sake: held requests to offer,
 * a drained write's completion, or a drain to start (must_step); a queue
 * that would start none changes only when a read leaves (a command) or a
 * request enters, and each steps the controller. */
static uint64_t pq_wants(const gmc_mc_t *mc, const pq_t *p, uint64_t now)
{
    if (p->hn[0] || p->hn[1])
        return now + 1;
    uint64_t w = GMC_MC_NEVER;
    for (unsigned k = 0; k < p->nq && w > now + 1; k++) {
        const pqq_t *x = &p->qs[k];
        if (x->running) {
            uint64_t t = x->done_at > now ? x->done_at : now + 1;
            /* a read of its bank waits: it may cancel the write from its data done */
            if (mc->cfg.pcmwq.intr == GMC_PCMWQ_CANCEL && x->done_at != GMC_MC_NEVER &&
                ((mc->nonempty[0] >> x->wbank) & 1) && x->data_at < t)
                t = x->data_at > now ? x->data_at : now + 1;
            w = t < w ? t : w;
        } else if (x->q.cnt_q && drain_wanted(mc, p, x, k))
            w = now + 1;
    }
    return w;
}

/* Serve writes while a drained write is queued (its block decided when).
 * Serving them only when no read is queued or their queue is in drain
 * mode was measured too: on a PCM stream (docs/pcm.md) it changed IPC by
 * 0.2%, so the simpler rule stays. */
static unsigned pq_mode(const gmc_mc_t *mc, uint64_t now, uint32_t *st)
{
    (void)now, (void)st;
    return mc->n[1] > 0;
}

const gmc_mc_wpol_t gmc_mc_wpol_pcmwq = {
    "pcmwq",
    "the PCM write queue block gmc_pcmwq: writes complete into it, reads hit it, drains oldest first",
    pq_mode, NULL, pq_next, pq_init, pq_fini, pq_hold, pq_step, pq_served, pq_internal};

int gmc_mc_pcmwq_report(const gmc_mc_t *mc, uint64_t end, gmc_mc_pcmwq_report_t *r)
{
    const pq_t *p = mc->wpol == &gmc_mc_wpol_pcmwq ? P(mc) : NULL;
    if (!p)
        return -1;
    pq_t t = *p;
    integrate_to(&t, end);
    r->entries = t.c.n;
    r->queues = t.nq;
    r->cancel = mc->cfg.pcmwq.intr == GMC_PCMWQ_CANCEL;
    r->max_intr = mc->cfg.pcmwq_max_intr;
    r->interrupts = t.ev.interrupts;
    r->high = mc->cfg.pcmwq.high;
    r->low = mc->cfg.pcmwq.low;
    r->accepted = t.ev.accepted;
    r->coalesced = t.ev.coalesced;
    r->reads = t.ev.reads;
    r->hits = t.ev.hits;
    r->drains = t.ev.starts;
    r->completions = t.ev.completions;
    r->full_cycles = t.full_cycles;
    r->cycles = t.cycles;
    r->occ_sum = t.occ_sum;
    r->left = t.queued;
    return 0;
}
