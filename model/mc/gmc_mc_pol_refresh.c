/* gmc_mc_pol: refresh policies (contract in gmc_mc_pol.h). */
#include "mc/gmc_mc.h"

/* all-bank (the default): once refresh falls due (the engine's ref_due,
 * every tREFI), the channel serves nothing else: PREA if a bank is open,
 * then REF, each at its earliest legal cycle.  The REF moves ref_due on by
 * tREFI; a late controller owes several and issues them back to back.
 * ref_at = ref_hold = ref_due: it takes the channel exactly when due. */
static uint64_t all_bank_step(gmc_mc_t *mc, uint64_t now)
{
    const gmc_dram_cmd_t cmd = mc->ch.n_open ? GMC_DRAM_PREA : GMC_DRAM_REF;
    const uint64_t e = gmc_dram_earliest(mc->d, &mc->ch, cmd, 0);
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
