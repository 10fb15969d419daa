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
    "open", "open page: a row stays open until a request for another row needs it",
    NULL, NULL, NULL};

/* close: precharge as soon as the last queued request for the row has
 * been served -- gem5's close_adaptive ("closes it only if there are no
 * row hits in the queue"), asked at every step rather than once at the
 * column command, and over both queues: a hit that enters before the PRE
 * issues keeps the row open. */
static uint64_t close_close_at(const gmc_mc_t *mc, unsigned bank, uint64_t now)
{
    (void)mc, (void)bank, (void)now;
    return 0;
}

const gmc_mc_rowpol_t gmc_mc_rowpol_close = {
    "close", "close page: precharge once no queued request (read or write) hits the row",
    close_close_at, NULL, NULL};

/* timeout: precharge a row cfg.row_timeout cycles after the bank's last
 * command for a request, unless a queued request hits it by then (the
 * controller's rule: then it is served and the clock starts again). */
static uint64_t timeout_close_at(const gmc_mc_t *mc, unsigned bank, uint64_t now)
{
    (void)now;
    return gmc_mc_last_use(mc, bank) + mc->cfg.row_timeout;
}

static int timeout_init(gmc_mc_t *mc, char *err, size_t n)
{
    if (mc->cfg.row_timeout < 1 || mc->cfg.row_timeout > GMC_MC_ROW_TIMEOUT_MAX)
        return snprintf(err, n, "--row-timeout: expected 1..%u cycles, found %u",
                        GMC_MC_ROW_TIMEOUT_MAX, mc->cfg.row_timeout), -1;
    return 0;
}

const gmc_mc_rowpol_t gmc_mc_rowpol_timeout = {
    "timeout", "precharge a row idle for --row-timeout cycles unless a queued request hits it",
    timeout_close_at, timeout_init, NULL};
