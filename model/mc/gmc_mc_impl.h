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

/* Records request i as served (its column command issued, data done at
 * `done`) and takes it out of the queue. */
void gmc_mc_serve_(gmc_mc_t *mc, uint32_t i, uint64_t done);

#endif
