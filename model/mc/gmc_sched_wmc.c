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
 * Every table write is one gmc_wmc_step with one event port valid (a block
 * cycle per event; docs/memory.md "Warped-MC" explains why that is the
 * block's own semantics).  Events:
 *   enqueue   enq (WET += 1, RS += 1 if the warp has one request now).  If
 *             the request is H and hits its open row: sch(H) -> PT bit.  If
 *             its warp had exactly one request before, that one drops to M:
 *             sch(M) clears its PT bit.
 *   ACT       open (RS slot and PT entry cleared), then sch(H) for every
 *             queued H request of the new row.
 *   RD / WR   svc (WET -= 1, PT bit cleared).  If svc_last_o, the warp's
 *             one remaining request is now H: sch(H) if it hits its row.
 *   PRE       nothing (the PT entry is cleared by the next ACT).
 * Requests without warp ids (DRAMsim3 / Ramulator traces) never touch the
 * tables: level L, no row score -- with only those, warped-mc picks as
 * FR-FCFS does.
 *
 * The warp's other request is found without a search: wx[e] is the XOR of
 * the pool indices of this controller's queued requests in WET entry e, so
 * when the entry counts one request, wx[e] is it (checked against the
 * request before use; a saturated counter makes it unusable, then the
 * promotion is skipped). */
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

/* The one queued request of WET entry e, or GMC_MC_NONE. */
static uint32_t only_request(const gmc_mc_t *mc, const wmc_t *w, unsigned e, uint32_t gwid)
{
    uint32_t j = w->wx[e];
    if (j >= mc->cfg.rq + mc->cfg.wq)
        return GMC_MC_NONE;
    const gmc_mc_req_t *r = gmc_mc_req(mc, j);
    return (r->flags & GMC_REQ_QUEUED) && r->gwid != NO_GWID && entry(w, r->gwid) == e &&
                   (r->gwid == gwid || w->c.pc_hash_bits)
               ? j
               : GMC_MC_NONE;
}

static void slot_count(wmc_t *w, const gmc_mc_req_t *r, int up)
{
    const unsigned t = r->is_write, b = r->bank, sl = gmc_wmc_row_slot(&w->c, r->row);
    if (up ? w->scnt[t][b][sl]++ == 0 : --w->scnt[t][b][sl] == 0)
        w->smask[t][b] ^= (uint64_t)1 << sl;
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
    gmc_wmc_out_t o = tick(w, (gmc_wmc_in_t){.enq = 1, .enq_sm = (uint16_t)r->sm,
                                             .enq_warp = (uint16_t)r->warp,
                                             .enq_pc = (uint32_t)r->pc, .enq_bank = r->bank,
                                             .enq_row = (uint8_t)gmc_wmc_row_slot(&w->c, r->row)});
    r->gwid = o.enq_gwid;
    w->nwarp[r->is_write][r->bank]++;
    unsigned e = entry(w, r->gwid), n = w->s.wet_q[e];
    uint32_t prev = n == 2 ? only_request(mc, w, e, r->gwid) : GMC_MC_NONE;
    w->wx[e] ^= i;
    if (o.wet_ovf || (n == 2 && prev == GMC_MC_NONE))
        w->nh_exact = 0;
    if (n == 1)
        w->nh[r->is_write][r->bank]++;
    if (prev != GMC_MC_NONE)
        w->nh[gmc_mc_req(mc, prev)->is_write][gmc_mc_req(mc, prev)->bank]--;
    if (n == 1 && hits(mc, r))
        tick(w, (gmc_wmc_in_t){.sch = 1, .sch_bank = r->bank, .sch_col = (uint8_t)r->col,
                               .sch_prio = GMC_WMC_PRIO_H});
    if (prev != GMC_MC_NONE)   /* it was its warp's last request: H -> M */
        relevel(mc, w, prev, GMC_WMC_PRIO_M);
}

static void wmc_issue(gmc_mc_t *mc, uint32_t i, gmc_dram_cmd_t cmd)
{
    wmc_t *w = mc->priv;
    const gmc_mc_req_t *r = gmc_mc_req(mc, i);
    if (cmd == GMC_DRAM_ACT) {
        const unsigned slot = gmc_wmc_row_slot(&w->c, r->row);
        /* open clears the slot's score and the bank's PT entry; when both
         * are already zero that block cycle changes nothing: skip it. */
        if (w->s.rs_q[r->bank][slot] || w->s.pt_q[r->bank])
            tick(w, (gmc_wmc_in_t){.open = 1, .open_bank = r->bank, .open_row = (uint8_t)slot});
        if (!w->nwarp[gmc_mc_mode(mc)][r->bank])
            return;   /* no request with a warp id: none is H */
        for (uint32_t j = gmc_mc_bank_head(mc, r->bank); j != GMC_MC_NONE; j = gmc_mc_req(mc, j)->bnext) {
            const gmc_mc_req_t *q = gmc_mc_req(mc, j);
            if (q->row == r->row && level(w, q, 1) == GMC_WMC_PRIO_H)
                tick(w, (gmc_wmc_in_t){.sch = 1, .sch_bank = q->bank, .sch_col = (uint8_t)q->col,
                                       .sch_prio = GMC_WMC_PRIO_H});
        }
        return;
    }
    if (cmd != GMC_DRAM_RD && cmd != GMC_DRAM_WR)
        return;
    slot_count(w, r, 0);
    if (r->gwid == NO_GWID)
        return;
    if (w->s.wet_q[entry(w, r->gwid)] == 1)   /* it was H */
        w->nh[r->is_write][r->bank]--;
    gmc_wmc_out_t o = tick(w, (gmc_wmc_in_t){.svc = 1, .svc_gwid = r->gwid, .svc_bank = r->bank,
                                             .svc_col = (uint8_t)r->col});
    unsigned e = entry(w, r->gwid);
    w->wx[e] ^= i;
    w->nwarp[r->is_write][r->bank]--;
    if (o.wet_unf)
        w->nh_exact = 0;
    if (o.svc_last) {   /* the warp's remaining request is its last: -> H */
        uint32_t j = only_request(mc, w, e, r->gwid);
        if (j == GMC_MC_NONE) {
            w->nh_exact = 0;
        } else {
            w->nh[gmc_mc_req(mc, j)->is_write][gmc_mc_req(mc, j)->bank]++;
            relevel(mc, w, j, GMC_WMC_PRIO_H);
        }
    }
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
        for (uint32_t i = head; i != GMC_MC_NONE; i = gmc_mc_req(mc, i)->bnext) {
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
    for (uint32_t i = head; i != GMC_MC_NONE; i = gmc_mc_req(mc, i)->bnext)
        if ((int)gmc_wmc_row_slot(&w->c, gmc_mc_req(mc, i)->row) == slot)
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
    w->c.nb = mc->nbanks;   /* the device's banks; everything else is Table 3 */
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

const gmc_sched_ops_t gmc_sched_warped_mc = {
    "warped-mc",
    "Warped-MC (Warped-MC [ICPP'23]): H/M row hits, row scores on misses, H banks first (gmc_wmc)",
    GMC_SCHED_CACHE | GMC_SCHED_PRIO,
    wmc_pick, wmc_prio, wmc_enqueue, wmc_issue, wmc_init, wmc_fini};
