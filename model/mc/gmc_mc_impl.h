/* gmc_mc internals shared by gmc_mc.c (queue, completions) and
 * gmc_mc_step.c (scheduling one cycle).  Not part of the API. */
#ifndef GMC_MC_IMPL_H
#define GMC_MC_IMPL_H
#include "mc/gmc_mc.h"

#define BIT(b) ((uint64_t)1 << (b))

/* ---- time integrals and completions ---- */

static inline void integrate(gmc_mc_t *mc, uint64_t t)
{
    if (t <= mc->stat_t)
        return;
    if (mc->outst_total) {
        uint64_t dt = t - mc->stat_t;
        mc->st.pending_cycles += dt;
        mc->st.blp_sum += dt * mc->busy_banks;
    }
    mc->stat_t = t;
}

static inline void outst_dec(gmc_mc_t *mc, unsigned b)
{
    if (--mc->outst[b] == 0)
        mc->busy_banks--;
    mc->outst_total--;
}

/* Retires, in time order, every request in flight whose data is done by t. */
static inline void complete_until(gmc_mc_t *mc, uint64_t t)
{
    if (mc->fl_next > t) {   /* nothing done by t: only the integrals move */
        if (t != GMC_MC_NEVER)
            integrate(mc, t);
        return;
    }
    for (;;) {
        int w = -1;
        uint64_t best = 0;
        for (int k = 0; k < 2; k++) {
            if (!mc->fl_n[k])
                continue;
            uint64_t dn = mc->fl_done[k][mc->fl_head[k]];
            if (dn <= t && (w < 0 || dn < best)) {
                w = k;
                best = dn;
            }
        }
        if (w < 0)
            break;
        integrate(mc, best);
        outst_dec(mc, mc->fl_bank[w][mc->fl_head[w]]);
        mc->fl_head[w] = (mc->fl_head[w] + 1) & mc->fl_mask;
        mc->fl_n[w]--;
    }
    uint64_t nx = GMC_MC_NEVER;
    for (int k = 0; k < 2; k++)
        if (mc->fl_n[k] && mc->fl_done[k][mc->fl_head[k]] < nx)
            nx = mc->fl_done[k][mc->fl_head[k]];
    mc->fl_next = nx;
    if (t != GMC_MC_NEVER)
        integrate(mc, t);
}

/* ---- the write policy, with its default inlined ---- */

/* gpgpusim's rules (gmc_mc_pol_write.c has the prose): here so that the
 * controller runs them inline, and its ops table calls the same code: the
 * default policy is asked at every step, look-ahead and entry, the
 * controller's hot path, so there it is not a call through the table. */
static inline unsigned gmc_mc_gpgpusim_mode(const gmc_mc_t *mc, uint32_t *st)
{
    const unsigned nr = mc->n[0], nw = mc->n[1];
    if (!mc->drain) {
        *st = nw >= mc->cfg.wq_high;
        return nw >= mc->cfg.wq_high || (nr == 0 && nw > 0);
    }
    if (nw >= mc->cfg.wq_high)
        *st = 1;
    return !(nw == 0 || (nr > 0 && (nw <= mc->cfg.wq_low || !*st)));
}

static inline void gmc_mc_gpgpusim_enqueue(gmc_mc_t *mc, uint32_t i)
{
    if (mc->req[i].is_write && mc->drain && mc->n[1] >= mc->cfg.wq_high)
        mc->wpol_st = 1;
}

static inline unsigned wpol_mode(const gmc_mc_t *mc, uint64_t now, uint32_t *st)
{
    if (mc->wpol_dflt == GMC_WPOL_INLINE)
        return gmc_mc_gpgpusim_mode(mc, st);
    return mc->wpol->mode(mc, now, st);
}

static inline void wpol_enqueue(gmc_mc_t *mc, uint32_t i)
{
    if (mc->wpol_dflt == GMC_WPOL_INLINE)
        gmc_mc_gpgpusim_enqueue(mc, i);
    else if (mc->wpol->on_enqueue)
        mc->wpol->on_enqueue(mc, i);
}

/* Records request i as served (its column command issued, data done at
 * `done`) and takes it out of the queue. */
void gmc_mc_serve_(gmc_mc_t *mc, uint32_t i, uint64_t done);

/* For a write policy that holds requests (gmc_mc_pol.h hold/step): */
/* held request i enters the bank lists at now, as if it entered then */
void gmc_mc_link_(gmc_mc_t *mc, uint32_t i, uint64_t now);
/* held request i is served without the device, its data done at `done`
 * (>= now, and per type never before an earlier one's: senders' completion
 * rings are in order); its slot is freed */
void gmc_mc_answer_(gmc_mc_t *mc, uint32_t i, uint64_t done);
/* a free slot for an internal request (the pool has one spare for it):
 * the caller fills id, addr, bank, row, col, is_write, flags with
 * GMC_REQ_INTERNAL, then gmc_mc_link_ */
uint32_t gmc_mc_take_(gmc_mc_t *mc, uint64_t now);

#endif
