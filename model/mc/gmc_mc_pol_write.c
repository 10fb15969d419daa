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
    "reads first; drain writes at wq_high down to wq_low, and while no read is queued",
    gpgpusim_mode, gpgpusim_enqueue, NULL, NULL, NULL, NULL, NULL, NULL};

/* ramulator2: Ramulator 2's GenericDRAMController (set_write_mode and its
 * buffers).  A request leaves its read or write buffer when the command
 * issued for it opens a row (ACT) and waits in the "active buffer", which
 * is served in either mode; so the counts below are the queued requests
 * no ACT was issued for yet (gmc_mc_activated).  In read mode it switches
 * to writes when the write count passes the high watermark or no read is
 * left; in write mode back to reads when the write count is below the low
 * watermark and a read is there -- whatever started the drain.
 * How gmc reads it (docs/mc-policies.md):
 *   - gmc's integer watermarks stand for Ramulator's fractions of the
 *     buffer: entry at >= wq_high, exit at <= wq_low;
 *   - gmc's committed requests (gmc_mc.h "Row commitment") are its active
 *     buffer, served in either mode; Ramulator also serves that buffer
 *     first, gmc's bank arbiter takes them in its round robin;
 *   - an activated write keeps its write-queue entry until its WR (the
 *     queue's capacity is the controller's, not the policy's), where
 *     Ramulator frees the slot at the ACT;
 *   - with no write waiting either, Ramulator switches to write mode and
 *     back at the next read; gmc stays in read mode (the same commands
 *     issue, and stats.drains counts real drains). */
static unsigned ramulator2_mode(const gmc_mc_t *mc, uint64_t now, uint32_t *st)
{
    (void)now, (void)st;
    const unsigned nr = gmc_mc_queued_n(mc, 0) - gmc_mc_activated(mc, 0);
    const unsigned nw = gmc_mc_queued_n(mc, 1) - gmc_mc_activated(mc, 1);
    if (!gmc_mc_mode(mc))
        return nw >= mc->cfg.wq_high || (nr == 0 && nw > 0);
    return !(nr > 0 && nw <= mc->cfg.wq_low);
}

const gmc_mc_wpol_t gmc_mc_wpol_ramulator2 = {
    "ramulator2",
    "Ramulator 2: a request counts only until its ACT; a drain runs down to wq_low",
    ramulator2_mode, NULL, NULL, NULL, NULL, NULL, NULL, NULL};
