/* gmc_mc_pol: row policies (contract in gmc_mc_pol.h; the rules with
 * their sources in docs/mc-policies.md).  The controller asks close_at
 * only for an open bank with no request committed to it, none the
 * scheduler serves now, and no queued request (either type) hitting the
 * open row. */
#include <stdio.h>
#include "mc/gmc_mc.h"

/* open (the default): a row stays open until a request of another row
 * needs the bank (or refresh closes it). */
const gmc_mc_rowpol_t gmc_mc_rowpol_open = {
    "open", "open page: a row stays open until a request for another row needs its bank",
    NULL, NULL, NULL};
