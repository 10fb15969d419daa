/* warped-mc: Warped-MC [ICPP'23]'s Warped-MC scheduler (Algorithm 1, sec. 4) driving
 * the gmc_wmc tables block -- the same gmc_wmc_step() the co-simulation
 * checks against rtl/gmc_wmc.sv, one instance per controller.
 *
 *   request priority  pick among the bank's row hits: H (the warp's last
 *                     pending request here), then M (a warp with >= 2
 *                     pending), then requests without a warp id; the
 *                     oldest within a level (first-ready stays first).
 *   row priority      no row hit: gmc_wmc_pick over the bank's pending rows
 *                     (highest row score; ties to the oldest request's row)
 *                     and the oldest request of that row.
 *   bank priority     prio = hi_o of the bank: its PT holds an H request
 *                     that hits the open row (gmc_bankarb's high pool).
 *
 * Every table write is one gmc_wmc_step with the ports of one event valid
 * (a block cycle per event; docs/memory.md "Warped-MC" explains why that is
 * the block's own semantics).  The readings of the paper (SCORE_AT, M_RULE:
 * gmc_mc_cfg_t.wmc, `gmc mem --wmc-score / --wmc-m`) are the block's
 * parameters; "H" below is the block's: the warp's last pending request,
 * once a request of it was scheduled (schedule) or at once (receive).
 * Events:
 *   enqueue   enq (WET += 1; receive: RS += 1 if the warp has one request
 *             now).  If the request is H and hits its open row: sch(H) ->
 *             PT bit.  If its warp's one request before was H, that one
 *             drops to M: sch(M) clears its PT bit.  If it was L (M_RULE
 *             pending2, schedule: nothing of the warp scheduled yet), a row
 *             hit rises to M: no PT bit, but its bank -- maybe another, or
 *             of the other type -- is re-picked.
 *   ACT       open (RS slot and PT entry cleared), then sch(H) for every
 *             queued H request of the new row.
 *   RD / WR   svc (WET -= 1, started bit set, PT bit cleared), naming the
 *             warp's other request when it had two (schedule: RS += 1 on
 *             that request's row -- Algorithm 1 lines 11-14); clr of the
 *             served request's row slot if no queued request is left in it.
 *             If svc_last_o, the warp's remaining request is now H:
 *             sch(H) if it hits its row.  A warp that became started with
 *             >= 2 left (M_RULE started) changes the level of its row hits:
 *             their banks are re-picked.
 *   PRE       pre: the bank's PT entry cleared (no open row, no hit).
 *   PREA      (refresh; on_issue with GMC_MC_NONE) prea: every PT entry.
 * Requests without warp ids (DRAMsim3 / Ramulator traces) never touch the
 * tables: level L, no row score -- with only those, warped-mc picks as
 * FR-FCFS does.
 *
 * The warp's other request is found without a search: wx[e] is the XOR of
 * the pool indices of this controller's queued requests in WET entry e, so
 * when the entry counts one request, wx[e] is it (checked against the
 * request before use).
 *
 * The WET counter is sized for the queue: PEND_BITS = clog2(rq + wq + 1),
 * at least Table 3's 6.  The WET counts this controller's queued requests,
 * so it cannot saturate and stays exact -- a warp whose loads merge in one
 * entry (the same {sm, warp}, PC_HASH_BITS = 0) can pass Table 3's 32 and
 * 63 requests, and a saturated counter would lose increments, reach 1 and
 * 0 while requests remain and mislabel H until the warp drains.  rq + wq >
 * 255 (PEND_BITS > 8) is refused with one line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "blocks/gmc_wmc.h"
#include "mc/gmc_mc.h"
#include "mc/gmc_sched.h"

#define NO_GWID UINT32_MAX   /* request without a warp id */

typedef struct {
    gmc_wmc_cfg_t   c;
    gmc_wmc_state_t s;                       /* stepped in place */
    uint32_t        wx[1u << GMC_WMC_GW_MAX];
    /* Bookkeeping that only saves the pick a walk over the bank's queue
     * (make bench-mem): per request type and bank, */
    uint32_t        nwarp[2][GMC_DRAM_MAX_BANKS];  /* queued requests with warp ids */
    uint32_t        nh[2][GMC_DRAM_MAX_BANKS];     /* ... whose WET entry counts 1 (level H) */
    uint64_t        smask[2][GMC_DRAM_MAX_BANKS];  /* RS slots with queued requests */
    uint32_t        scnt[2][GMC_DRAM_MAX_BANKS][GMC_WMC_ROWS_MAX];  /* requests per slot */
    int             nh_exact;   /* 0 once a WET counter saturated: nh is then unknown */
    /* Warped-MC [ICPP'23] Fig. 10: how often its choice differed from what
     * FR-FCFS would have done at that command (statistics only) */
    uint64_t        col_cmds, req_adjusted;   /* column commands; served a hit other than the oldest */
    uint64_t        acts, row_adjusted;       /* activations; opened a row other than the oldest's */
} wmc_t;

static inline const wmc_t *W(const gmc_mc_t *mc) { return (const wmc_t *)mc->priv; }

static gmc_wmc_out_t tick(wmc_t *w, gmc_wmc_in_t in)
{
    gmc_wmc_out_t o;
    in.rst_n = 1;
    gmc_wmc_step(&w->c, &w->s, &in, &w->s, &o);
    return o;
}

static inline unsigned entry(const wmc_t *w, uint32_t gwid) { return gwid & (w->c.wet_entries - 1); }

static inline int hits(const gmc_mc_t *mc, const gmc_mc_req_t *r)
{
    return gmc_mc_open_row(mc, r->bank) == r->row;
}

/* Request level for the pick: H / M / L (row hits only ask). */
static inline unsigned level(const wmc_t *w, const gmc_mc_req_t *r, unsigned hit)
{
    return r->gwid == NO_GWID ? GMC_WMC_PRIO_L : gmc_wmc_prio(&w->c, &w->s, r->gwid, hit);
}

/* Request j's level changed.  Only a row hit's level matters to the pick
 * (and to PT); a miss is picked by row score alone. */
static void relevel(gmc_mc_t *mc, wmc_t *w, uint32_t j, unsigned lvl)
{
    const gmc_mc_req_t *r = gmc_mc_req(mc, j);
    if (!hits(mc, r))
        return;
    tick(w, (gmc_wmc_in_t){.sch = 1, .sch_bank = r->bank, .sch_col = (uint8_t)r->col,
                           .sch_prio = (uint8_t)lvl});
    gmc_mc_sched_changed(mc, r->bank);
}

/* The one queued request of WET entry e (of warp gwid, GMC_MC_NONE = any),
 * or GMC_MC_NONE. */
static uint32_t only_request(const gmc_mc_t *mc, const wmc_t *w, unsigned e, uint32_t gwid)
{
    uint32_t j = w->wx[e];
    if (j >= gmc_mc_pool_n(mc))   /* pcmwq's internal write has the last index */
        return GMC_MC_NONE;
    const gmc_mc_req_t *r = gmc_mc_req(mc, j);
    return (r->flags & GMC_REQ_QUEUED) && r->gwid != NO_GWID && entry(w, r->gwid) == e &&
                   (r->gwid == gwid || gwid == GMC_MC_NONE || w->c.pc_hash_bits)
               ? j
               : GMC_MC_NONE;
}

/* Counts r in (up) or out of its row slot.  Returns 1 when the slot has
 * no queued request left (of either type). */
static int slot_count(wmc_t *w, const gmc_mc_req_t *r, int up)
{
    const unsigned t = r->is_write, b = r->bank, sl = gmc_wmc_row_slot(&w->c, r->row);
    if (up ? w->scnt[t][b][sl]++ == 0 : --w->scnt[t][b][sl] == 0)
        w->smask[t][b] ^= (uint64_t)1 << sl;
    return !up && !w->scnt[0][b][sl] && !w->scnt[1][b][sl];
}

/* The request of WET entry e is H (its warp's last, by the reading). */
static inline int entry_h(const wmc_t *w, unsigned e)
{
    return gmc_wmc_prio_of(&w->c, w->s.wet_q[e], w->s.wst_q[e], 0) == GMC_WMC_PRIO_H;
}

/* The level of WET entry e's queued row hits (but `served`'s) changed,
 * L -> M: a warp just became started with >= 2 requests left (M_RULE
 * started), or got its second one (pending2, when its one request could not
 * be found); their banks' picks may change. */
static void warp_hits_changed(gmc_mc_t *mc, const wmc_t *w, unsigned e, uint32_t served)
{
    for (uint32_t j = gmc_mc_oldest(mc); j != GMC_MC_NONE; j = gmc_mc_req(mc, j)->qnext) {
        const gmc_mc_req_t *q = gmc_mc_req(mc, j);
        if (j != served && q->gwid != NO_GWID && entry(w, q->gwid) == e && hits(mc, q))
            gmc_mc_sched_changed(mc, q->bank);
    }
}

static void wmc_enqueue(gmc_mc_t *mc, uint32_t i)
{
    wmc_t *w = mc->priv;
    gmc_mc_req_t *r = &mc->req[i];
    slot_count(w, r, 1);
    if (!(r->flags & GMC_REQ_WARP)) {
        r->gwid = NO_GWID;
        return;
    }
    const unsigned e = entry(w, gmc_wmc_gwid(&w->c, r->sm, r->warp, (uint32_t)r->pc));
    /* Its warp's one queued request, if that one is H: it drops to M. */
    const uint32_t prev = entry_h(w, e) ? only_request(mc, w, e, GMC_MC_NONE) : GMC_MC_NONE;
    if (entry_h(w, e) && prev == GMC_MC_NONE)
        w->nh_exact = 0;
    /* M_RULE pending2: a warp's one request that is not H (L: nothing of
     * the warp scheduled yet) becomes M with this second one -- a row hit's
     * level rises L -> M, in a bank that may be another (or of the other
     * type), and no PT bit changes: only its bank's pick does. */
    const int to_m = w->c.m_rule == GMC_WMC_M_PENDING2 && !entry_h(w, e) && w->s.wet_q[e] == 1;
    const uint32_t prev_l = to_m ? only_request(mc, w, e, GMC_MC_NONE) : GMC_MC_NONE;
    gmc_wmc_out_t o = tick(w, (gmc_wmc_in_t){.enq = 1, .enq_sm = (uint16_t)r->sm,
                                             .enq_warp = (uint16_t)r->warp,
                                             .enq_pc = (uint32_t)r->pc, .enq_bank = r->bank,
                                             .enq_row = (uint8_t)gmc_wmc_row_slot(&w->c, r->row)});
    r->gwid = o.enq_gwid;
    w->nwarp[r->is_write][r->bank]++;
    w->wx[e] ^= i;
    if (o.wet_ovf)
        w->nh_exact = 0;
    const int h = entry_h(w, e);   /* receive: a first arrival is H */
    if (h)
        w->nh[r->is_write][r->bank]++;
    if (prev != GMC_MC_NONE)
        w->nh[gmc_mc_req(mc, prev)->is_write][gmc_mc_req(mc, prev)->bank]--;
    if (h && hits(mc, r))
        tick(w, (gmc_wmc_in_t){.sch = 1, .sch_bank = r->bank, .sch_col = (uint8_t)r->col,
                               .sch_prio = GMC_WMC_PRIO_H});
    if (prev != GMC_MC_NONE)   /* it was its warp's last request: H -> M */
        relevel(mc, w, prev, GMC_WMC_PRIO_M);
    if (prev_l != GMC_MC_NONE && hits(mc, gmc_mc_req(mc, prev_l)))   /* L -> M */
        gmc_mc_sched_changed(mc, gmc_mc_req(mc, prev_l)->bank);
    else if (to_m && prev_l == GMC_MC_NONE)
        warp_hits_changed(mc, w, e, i);
}

/* RD / WR: the request leaves the queue (svc), its slot may empty (clr). */
static void wmc_served(gmc_mc_t *mc, wmc_t *w, uint32_t i)
{
    const gmc_mc_req_t *r = gmc_mc_req(mc, i);
    const unsigned slot = gmc_wmc_row_slot(&w->c, r->row);
    gmc_wmc_in_t in = {0};
    /* No queued request left in the slot: its score is stale, clear it. */
    if (slot_count(w, r, 0) && w->s.rs_q[r->bank][slot])
        in.clr = 1, in.clr_bank = r->bank, in.clr_row = (uint8_t)slot;
    if (r->gwid == NO_GWID) {
        if (in.clr)
            tick(w, in);
        return;
    }
    const unsigned e = entry(w, r->gwid), n = w->s.wet_q[e], started = w->s.wst_q[e];
    if (entry_h(w, e))   /* it was H */
        w->nh[r->is_write][r->bank]--;
    w->wx[e] ^= i;
    /* The warp's other request when it had two: it will be the last. */
    const uint32_t j = n == 2 ? only_request(mc, w, e, r->gwid) : GMC_MC_NONE;
    const gmc_mc_req_t *q = j != GMC_MC_NONE ? gmc_mc_req(mc, j) : r;
    in.svc = 1, in.svc_gwid = r->gwid, in.svc_bank = r->bank, in.svc_col = (uint8_t)r->col;
    in.svc_rbank = q->bank, in.svc_rrow = (uint8_t)gmc_wmc_row_slot(&w->c, q->row);
    gmc_wmc_out_t o = tick(w, in);
    w->nwarp[r->is_write][r->bank]--;
    if (o.wet_unf)
        w->nh_exact = 0;
    if (o.svc_last) {   /* the warp's remaining request is its last: -> H */
        if (j == GMC_MC_NONE) {
            w->nh_exact = 0;
        } else {
            w->nh[q->is_write][q->bank]++;
            relevel(mc, w, j, GMC_WMC_PRIO_H);
            if (w->c.score_at == GMC_WMC_AT_SCHEDULE && q->bank != r->bank)
                gmc_mc_sched_changed(mc, q->bank);   /* its row score rose */
        }
    }
    if (w->c.m_rule == GMC_WMC_M_STARTED && !started && w->s.wet_q[e] >= 2)
        warp_hits_changed(mc, w, e, i);
}

static void wmc_issue(gmc_mc_t *mc, uint32_t i, gmc_dram_cmd_t cmd)
{
    wmc_t *w = mc->priv;
    if (cmd == GMC_DRAM_PREA) {   /* refresh (i = GMC_MC_NONE): no row open in its rank */
        if (mc->d->ranks > 1) {   /* the other ranks' rows stay open: a PRE per closed bank */
            for (unsigned b = 0; b < w->c.nb; b++)
                if (w->s.pt_q[b] && gmc_mc_open_row(mc, b) == GMC_DRAM_CLOSED)
                    tick(w, (gmc_wmc_in_t){.pre = 1, .pre_bank = b});
            return;
        }
        for (unsigned b = 0; b < w->c.nb; b++)
            if (w->s.pt_q[b]) {
                tick(w, (gmc_wmc_in_t){.prea = 1});
                break;
            }
        return;
    }
    const gmc_mc_req_t *r = gmc_mc_req(mc, i);
    if (cmd == GMC_DRAM_PRE) {    /* the bank's row closed: none of its H requests hits */
        if (w->s.pt_q[r->bank])
            tick(w, (gmc_wmc_in_t){.pre = 1, .pre_bank = r->bank});
        return;
    }
    if (cmd == GMC_DRAM_ACT) {
        const unsigned slot = gmc_wmc_row_slot(&w->c, r->row);
        /* FR-FCFS opens the row of the bank's oldest request of r's type (a
         * committed request may be of the other type than the mode's) */
        w->acts++;
        w->row_adjusted += gmc_mc_req(mc, mc->head[r->is_write][r->bank])->row != r->row;
        /* open clears the slot's score and the bank's PT entry; when both
         * are already zero that block cycle changes nothing: skip it. */
        if (w->s.rs_q[r->bank][slot] || w->s.pt_q[r->bank])
            tick(w, (gmc_wmc_in_t){.open = 1, .open_bank = r->bank, .open_row = (uint8_t)slot});
        if (!w->nwarp[gmc_mc_mode(mc)][r->bank])
            return;   /* no request with a warp id: none is H */
        for (uint32_t j = gmc_mc_bank_head(mc, r->bank); j != GMC_MC_NONE; j = gmc_mc_bnext(mc, j)) {
            const gmc_mc_req_t *q = gmc_mc_req(mc, j);
            if (q->row == r->row && level(w, q, 1) == GMC_WMC_PRIO_H)
                tick(w, (gmc_wmc_in_t){.sch = 1, .sch_bank = q->bank, .sch_col = (uint8_t)q->col,
                                       .sch_prio = GMC_WMC_PRIO_H});
        }
        return;
    }
    if (cmd == GMC_DRAM_RD || cmd == GMC_DRAM_WR) {
        /* FR-FCFS serves the bank's oldest request to the open row (i's row) */
        uint32_t j = mc->head[r->is_write][r->bank];
        while (j != GMC_MC_NONE && gmc_mc_brow(mc, j) != r->row)
            j = gmc_mc_bnext(mc, j);
        w->col_cmds++;
        w->req_adjusted += j != i;
        wmc_served(mc, w, i);
    }
}

void gmc_sched_wmc_breakdown(const gmc_mc_t *mc, uint64_t out[GMC_WMC_BREAKDOWN])
{
    const wmc_t *w = W(mc);
    out[0] = w->col_cmds;
    out[1] = w->req_adjusted;
    out[2] = w->acts;
    out[3] = w->row_adjusted;
    out[4] = mc->st.arb_grants;       /* counted by the controller's arbitration */
    out[5] = mc->st.arb_prio_moved;
}

static uint32_t wmc_pick(const gmc_mc_t *mc, unsigned bank)
{
    const wmc_t *w = W(mc);
    const unsigned mode = gmc_mc_mode(mc);
    const uint32_t head = gmc_mc_bank_head(mc, bank), open = gmc_mc_open_row(mc, bank);
    const uint64_t mask = w->smask[mode][bank];   /* pending row slots */
    if (head == GMC_MC_NONE)
        return GMC_MC_NONE;
    /* Row hits, if the open row's slot has requests: H returns at once; with
     * no H in the bank the first M does; without warp ids the first hit (L). */
    if (open != GMC_DRAM_CLOSED && (mask >> gmc_wmc_row_slot(&w->c, open) & 1)) {
        const int all_l = !w->nwarp[mode][bank];
        const int no_h = w->nh_exact && !w->nh[mode][bank];
        uint32_t best = GMC_MC_NONE;
        unsigned best_lvl = 0;
        for (uint32_t i = head; i != GMC_MC_NONE; i = gmc_mc_bnext(mc, i)) {
            const gmc_mc_req_t *r = gmc_mc_req(mc, i);
            if (r->row != open)
                continue;
            if (all_l)
                return i;
            unsigned l = level(w, r, 1);
            if (l == GMC_WMC_PRIO_H || (l == GMC_WMC_PRIO_M && no_h))
                return i;
            if (best == GMC_MC_NONE || l > best_lvl) {
                best = i;
                best_lvl = l;
            }
        }
        if (best != GMC_MC_NONE)
            return best;
    }
    /* Row miss: the highest-score pending row, its oldest request.  With
     * every score zero the block's tie rule gives the oldest's row. */
    static const uint8_t zero[GMC_WMC_ROWS_MAX];
    if (!memcmp(w->s.rs_q[bank], zero, sizeof zero))   /* slots >= rows stay 0 */
        return head;
    int slot = gmc_wmc_pick(&w->c, &w->s, bank, mask,
                            gmc_wmc_row_slot(&w->c, gmc_mc_req(mc, head)->row));
    for (uint32_t i = head; i != GMC_MC_NONE; i = gmc_mc_bnext(mc, i))
        if ((int)gmc_wmc_row_slot(&w->c, gmc_mc_brow(mc, i)) == slot)
            return i;
    return head;   /* unreachable: slot came from the mask */
}

static int wmc_prio(const gmc_mc_t *mc, unsigned bank, uint32_t req)
{
    (void)req;
    const wmc_t *w = W(mc);
    return (int)gmc_wmc_hi(&w->c, &w->s, bank);
}

static int wmc_init(gmc_mc_t *mc, char *err, size_t n)
{
    wmc_t *w = calloc(1, sizeof *w);
    if (!w)
        return snprintf(err, n, "warped-mc: out of memory for the tables"), -1;
    gmc_wmc_cfg_default(&w->c);
    /* The device's banks, the readings asked for, a WET counter that
     * cannot saturate (file comment); everything else is Table 3. */
    const unsigned queue = mc->cfg.rq + mc->cfg.wq;
    if (queue > 255) {
        free(w);
        return snprintf(err, n, "warped-mc: rq + wq = %u, at most 255 (the WET counter, "
                        "PEND_BITS <= 8, must count a whole queue)", queue), -1;
    }
    w->c.nb = mc->nbanks;
    w->c.score_at = mc->cfg.wmc.score_at;
    w->c.m_rule = mc->cfg.wmc.m_rule;
    while ((1u << w->c.pend_bits) - 1 < queue)
        w->c.pend_bits++;
    if (gmc_wmc_cfg_init(&w->c, err, n)) {
        free(w);
        return -1;
    }
    gmc_wmc_reset(&w->c, &w->s);
    w->nh_exact = 1;
    mc->priv = w;
    return 0;
}

static void wmc_fini(gmc_mc_t *mc)
{
    free(mc->priv);
    mc->priv = NULL;
}

const void *gmc_sched_wmc_tables(const gmc_mc_t *mc, const void **cfg)
{
    const wmc_t *w = W(mc);
    *cfg = &w->c;
    return &w->s;
}

const char *gmc_sched_wmc_score_at_name(unsigned v)
{
    return v == GMC_WMC_AT_SCHEDULE ? "schedule" : v == GMC_WMC_AT_RECEIVE ? "receive" : NULL;
}

const char *gmc_sched_wmc_m_rule_name(unsigned v)
{
    return v == GMC_WMC_M_STARTED ? "started" : v == GMC_WMC_M_PENDING2 ? "pending2" : NULL;
}

const gmc_sched_ops_t gmc_sched_warped_mc = {
    "warped-mc",
    "Warped-MC (Warped-MC [ICPP'23]): H/M row hits, row scores on misses, H banks first (gmc_wmc)",
    GMC_SCHED_CACHE | GMC_SCHED_PRIO,
    wmc_pick, wmc_prio, wmc_enqueue, wmc_issue, wmc_init, wmc_fini};
