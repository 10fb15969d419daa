/* gmc_mc_pol: refresh policies (contract in gmc_mc_pol.h). */
#include "mc/gmc_mc.h"

/* all-bank (the default): once refresh falls due (the engine's ref_due,
 * every tREFI; with several ranks, each rank's in turn, tREFI / ranks
 * apart), the channel serves nothing else: PREA if a bank of the rank due is
 * open, then its REF, each at its earliest legal cycle.  The REF moves
 * ref_due on; a late controller owes several and issues them back to back.
 * (Other ranks wait only until the REF issues: its tRFC binds its own rank.)
 * ref_at = ref_hold = ref_due: it takes the channel exactly when due. */
static uint64_t all_bank_step(gmc_mc_t *mc, uint64_t now)
{
    const unsigned b = gmc_dram_refresh_bank(mc->d, &mc->ch);
    const gmc_dram_cmd_t cmd = gmc_dram_rank_open(mc->d, &mc->ch, b) ? GMC_DRAM_PREA : GMC_DRAM_REF;
    const uint64_t e = gmc_dram_earliest(mc->d, &mc->ch, cmd, b);
    if (e > now)
        return e;
    gmc_mc_refresh_issue(mc, cmd, now);
    mc->ref_at = mc->ref_hold = mc->ch.ref_due;
    return now + 1;
}

static int all_bank_init(gmc_mc_t *mc, char *err, size_t n)
{
    (void)err, (void)n;
    mc->ref_at = mc->ref_hold = mc->ch.ref_due;   /* UINT64_MAX with refresh off */
    return 0;
}

const gmc_mc_rfpol_t gmc_mc_rfpol_all_bank = {
    "all-bank", "when REF falls due: PREA if a row is open, then REF, nothing else meanwhile",
    all_bank_step, all_bank_init, NULL};
