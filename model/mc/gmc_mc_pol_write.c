/* gmc_mc_pol: write-drain policies (contract in gmc_mc_pol.h; the rules
 * with their sources in docs/mc-policies.md). */
#include "mc/gmc_mc.h"
#include "mc/gmc_mc_impl.h"

/* gpgpusim (the default): GPGPU-Sim's reads-first rule with its
 * -dram_write_queue_size watermarks.  Reads are served; the controller
 * drains writes once wq_high writes are queued, until wq_low are left,
 * and also whenever no read is queued -- a drain begun that way ends as
 * soon as a read arrives, unless wq_high was reached meanwhile.  A write
 * counts as queued until its WR issues.  The state word: the drain has
 * reached wq_high. */
static unsigned gpgpusim_mode(const gmc_mc_t *mc, uint64_t now, uint32_t *st)
{
    (void)now;
    return gmc_mc_gpgpusim_mode(mc, st);   /* gmc_mc_impl.h: the controller inlines it */
}

/* A drain that reaches wq_high runs down to wq_low.  It is recorded when
 * the write enters: the step that would see it may be skipped (the
 * controller's look-ahead), and by the next step that asks, the writes may
 * be below wq_high again. */
static void gpgpusim_enqueue(gmc_mc_t *mc, uint32_t i)
{
    gmc_mc_gpgpusim_enqueue(mc, i);
}

const gmc_mc_wpol_t gmc_mc_wpol_gpgpusim = {
    "gpgpusim",
    "reads first; drain writes from wq_high queued down to wq_low, and while no read is queued",
    gpgpusim_mode, gpgpusim_enqueue, NULL, NULL, NULL};
