/* gmc_dram_energy: a device's energy for one channel from its command counts
 * and its time, by the model of the device's kind (mem/gmc_dev_kind.h).
 * The "dram" kind's is DRAMPower-style (the model of Chandrasekar et al.
 * that DRAMPower implements, after Micron's TN-41-01 power calculation
 * note):
 *
 *   per ACT   (IDD0 tRC - (IDD3N tRAS + IDD2N (tRC - tRAS))) VDD tCK
 *             the ACT-PRE pair's charge above standby, charged at the ACT
 *             (DRAMPower splits it into (IDD0 - IDD3N) tRAS at the ACT and
 *             (IDD0 - IDD2N)(tRC - tRAS) at the PRE; a PREA closing k banks
 *             then counts k precharges, which counting ACTs does by itself)
 *   per RD    (IDD4R - IDD3N) VDD tBURST tCK
 *   per WR    (IDD4W - IDD3N) VDD tBURST tCK
 *   per REF   (IDD5 - IDD3N) VDD tRFC tCK
 *   background  IDD3N VDD tCK per rank and cycle with >= 1 of its banks open
 *               (active_cycles, summed over the ranks)
 *               IDD2N VDD tCK per rank and cycle with every bank of the rank
 *               closed (the rest of ranks x cycles)
 *
 * Times are the cfg's CK cycles (tRC, tRAS, tBURST, tRFC) at tck_ps; the
 * currents are the cfg's power keys, per rank (the devices of one rank: a
 * command draws on its rank's devices; one rank is the whole channel;
 * gmc_dram_cfg.h).  Units:
 * mV x mA x ps = 1e-6 pJ.  Not modelled: I/O and termination power,
 * power-down and self-refresh, DBI, per-bank refresh, VPP / VDDQ rails.
 * docs/memory.md "Energy" has the formulas, the per-preset table and the
 * sources. */
#ifndef GMC_DRAM_ENERGY_H
#define GMC_DRAM_ENERGY_H
#include <stdint.h>
#include "mem/gmc_dram.h"
#ifdef __cplusplus
extern "C" {
#endif

/* Picojoules.  act_pre: ACT-PRE pairs; rd, wr: bursts; ref: refreshes;
 * bg_active / bg_precharged: background with a bank open / all closed;
 * total: their sum. */
typedef struct {
    double act_pre, rd, wr, ref, bg_active, bg_precharged, total;
} gmc_dram_energy_t;

/* Energy of one channel (or of several of one device, with summed counts
 * and cycles: every term is linear) over `cycles` CK cycles in which its
 * ranks had a bank open `active_cycles` rank-cycles (gmc_dram_active_cycles;
 * clamped to ranks x cycles), by the cfg's kind's model.  Returns 0, or -1 with *e zeroed when
 * the cfg has no power data for it. */
int gmc_dram_energy(const gmc_dram_cfg_t *d, const gmc_dram_stats_t *s, uint64_t cycles,
                    uint64_t active_cycles, gmc_dram_energy_t *e);
/* The "dram" kind's model above (-1 without gmc_dram_has_power). */
int gmc_dram_energy_idd(const gmc_dram_cfg_t *d, const gmc_dram_stats_t *s, uint64_t cycles,
                        uint64_t active_cycles, gmc_dram_energy_t *e);

/* Energy of one command of each kind (pJ; gmc_dram_cmd_t index, PRE and
 * PREA 0 since the ACT carries the pair), and background power (pJ per CK
 * cycle) with a bank open [0] and all closed [1].  -1 without power data. */
int gmc_dram_energy_per_cmd(const gmc_dram_cfg_t *d, double cmd_pj[GMC_DRAM_NCMD],
                            double bg_pj_per_cycle[2]);

#ifdef __cplusplus
}
#endif
#endif
