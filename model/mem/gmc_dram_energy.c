/* gmc_dram_energy: the "dram" kind's energy model -- per-command energies
 * from IDD currents and the background split (formulas and their sources
 * in gmc_dram_energy.h; gmc_dram_energy itself dispatches to a config's
 * kind, gmc_dev_kind.c). */
#include "gmc_dram_energy.h"
#include <string.h>

/* mV x mA x ps is 1e-6 pJ. */
#define PJ(mv, ma, ps) ((double)(mv) * (double)(ma) * (double)(ps) * 1e-6)

int gmc_dram_energy_per_cmd(const gmc_dram_cfg_t *d, double cmd_pj[GMC_DRAM_NCMD],
                            double bg_pj_per_cycle[2])
{
    memset(cmd_pj, 0, GMC_DRAM_NCMD * sizeof cmd_pj[0]);
    bg_pj_per_cycle[0] = bg_pj_per_cycle[1] = 0;
    if (!gmc_dram_has_power(d))
        return -1;
    double v = d->vdd_mv, t = d->tck_ps;
    /* charge (mA x CK) above standby; signed: the cfg check keeps it >= 0,
     * but a cfg built in code may not have been checked */
    double act = (double)d->idd0_ma * d->tRC -
                 ((double)d->idd3n_ma * d->tRAS + (double)d->idd2n_ma * ((double)d->tRC - d->tRAS));
    cmd_pj[GMC_DRAM_ACT] = PJ(v, act, t);
    cmd_pj[GMC_DRAM_RD] = PJ(v, ((double)d->idd4r_ma - d->idd3n_ma) * d->tBURST, t);
    cmd_pj[GMC_DRAM_WR] = PJ(v, ((double)d->idd4w_ma - d->idd3n_ma) * d->tBURST, t);
    cmd_pj[GMC_DRAM_REF] = PJ(v, ((double)d->idd5_ma - d->idd3n_ma) * d->tRFC, t);
    bg_pj_per_cycle[0] = PJ(v, d->idd3n_ma, t);
    bg_pj_per_cycle[1] = PJ(v, d->idd2n_ma, t);
    return 0;
}

int gmc_dram_energy_idd(const gmc_dram_cfg_t *d, const gmc_dram_stats_t *s, uint64_t cycles,
                        uint64_t active_cycles, gmc_dram_energy_t *e)
{
    double cmd[GMC_DRAM_NCMD], bg[2];
    memset(e, 0, sizeof *e);
    if (gmc_dram_energy_per_cmd(d, cmd, bg))
        return -1;
    /* every rank draws its own standby: `cycles` of each, active_cycles
     * summed over the ranks (gmc_dram_active_cycles) */
    const uint64_t rank_cycles = cycles * gmc_dram_ranks(d);
    uint64_t act = active_cycles < rank_cycles ? active_cycles : rank_cycles;
    e->act_pre = cmd[GMC_DRAM_ACT] * (double)s->cmds[GMC_DRAM_ACT];
    e->rd = cmd[GMC_DRAM_RD] * (double)s->cmds[GMC_DRAM_RD];
    e->wr = cmd[GMC_DRAM_WR] * (double)s->cmds[GMC_DRAM_WR];
    e->ref = cmd[GMC_DRAM_REF] * (double)s->cmds[GMC_DRAM_REF];
    e->bg_active = bg[0] * (double)act;
    e->bg_precharged = bg[1] * (double)(rank_cycles - act);
    e->total = e->act_pre + e->rd + e->wr + e->ref + e->bg_active + e->bg_precharged;
    return 0;
}
