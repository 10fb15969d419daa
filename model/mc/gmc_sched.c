/* gmc_sched: fcfs, fcfs-strict, frfcfs, bfifo, divfirst, and the list of all schedulers
 * (warped-mc lives in gmc_sched_wmc.c, the warp table in gmc_warps.c). */
#include "mc/gmc_sched.h"
#include <stdio.h>
#include <string.h>
#include "mc/gmc_mc.h"

/* fcfs: GPGPU-Sim's FIFO scheduler (dram.cc, scheduler_fifo), the
 * baseline the papers measured against.  One queue in arrival order, reads
 * and writes together; the head moves into its bank's slot when that slot
 * is empty, and each bank works on its slot's request (PRE, ACT, column)
 * while the other banks work on theirs.  The slot frees when the column
 * command issues.  So the requests holding slots are the longest prefix of
 * the queue in which no bank appears twice: a request whose bank is busy
 * blocks everything behind it (head-of-line), and banks overlap up to
 * there.  (GPGPU-Sim moves one request per cycle into a slot; gmc moves
 * them at once -- docs/memory.md "Schedulers".) */
static uint32_t fcfs_pick(const gmc_mc_t *mc, unsigned bank)
{
    uint64_t seen = 0;
    for (uint32_t i = gmc_mc_oldest(mc); i != GMC_MC_NONE; i = gmc_mc_req(mc, i)->qnext) {
        const unsigned b = gmc_mc_req(mc, i)->bank;
        if (seen >> b & 1)
            return GMC_MC_NONE;   /* blocked behind a request of a busy bank */
        if (b == bank)
            return i;
        seen |= (uint64_t)1 << b;
    }
    return GMC_MC_NONE;
}

/* fcfs-strict: strictly arrival order across the channel.  Only the oldest
 * queued request may issue commands, so a request's commands wait until
 * every older request issued its column command (Yuan et al. [MICRO'09]'s
 * "naive FIFO" read literally; no bank overlap at all). */
static uint32_t fcfs_strict_pick(const gmc_mc_t *mc, unsigned bank)
{
    uint32_t r = gmc_mc_oldest(mc);
    return (r != GMC_MC_NONE && gmc_mc_req(mc, r)->bank == bank) ? r : GMC_MC_NONE;
}

/* frfcfs (Warped-MC [ICPP'23] sec. 2.2): "schedules the request with higher priority
 * if the row address of the request is equal to the address of the open
 * row ... If the controller cannot find any requests that can access the
 * data in the row buffer, the controller schedules the oldest request". */
static uint32_t frfcfs_pick(const gmc_mc_t *mc, unsigned bank)
{
    uint32_t head = gmc_mc_bank_head(mc, bank), open = gmc_mc_open_row(mc, bank);
    if (open != GMC_DRAM_CLOSED)
        for (uint32_t i = head; i != GMC_MC_NONE; i = gmc_mc_bnext(mc, i))
            if (gmc_mc_brow(mc, i) == open)
                return i;
    return head;
}

/* bfifo (Yuan et al. [MICRO'09] sec. 3.4): "a banked FIFO queue with one bank per DRAM
 * bank"; each bank serves its requests in arrival order. */
static uint32_t bfifo_pick(const gmc_mc_t *mc, unsigned bank)
{
    return gmc_mc_bank_head(mc, bank);
}

/* divfirst (Warped-MC [ICPP'23] sec. 5.2): "prioritizes urgent transactions first
 * without considering row-hit cases".  Urgent = fewest pending requests in
 * its warp (1 = the warp's last, slowest request); ties go to the oldest. */
static uint32_t divfirst_pick(const gmc_mc_t *mc, unsigned bank)
{
    uint32_t best = GMC_MC_NONE, best_n = UINT32_MAX;
    for (uint32_t i = gmc_mc_bank_head(mc, bank); i != GMC_MC_NONE; i = gmc_mc_bnext(mc, i)) {
        uint32_t n = gmc_mc_warp_pending(mc, gmc_mc_req(mc, i));
        if (n < best_n) {
            best = i;
            best_n = n;
            if (n <= 1)
                break;   /* nothing is more urgent; earlier ones are older */
        }
    }
    return best;
}

static const gmc_sched_ops_t frfcfs = {
    "frfcfs", "first-ready FCFS: per bank the oldest row hit, else the oldest; banks round robin",
    GMC_SCHED_CACHE, frfcfs_pick, NULL, NULL, NULL, NULL, NULL};
static const gmc_sched_ops_t fcfs = {
    "fcfs", "GPGPU-Sim's FIFO: one arrival order, the head enters its bank's slot when free; banks overlap",
    GMC_SCHED_ONE_QUEUE, fcfs_pick, NULL, NULL, NULL, NULL, NULL};
static const gmc_sched_ops_t fcfs_strict = {
    "fcfs-strict", "the whole channel strictly in arrival order, one request at a time",
    GMC_SCHED_IN_ORDER, fcfs_strict_pick, NULL, NULL, NULL, NULL, NULL};
static const gmc_sched_ops_t bfifo = {
    "bfifo", "banked FIFO (Yuan et al. [MICRO'09]): per bank in arrival order; banks round robin",
    GMC_SCHED_CACHE, bfifo_pick, NULL, NULL, NULL, NULL, NULL};
static const gmc_sched_ops_t divfirst = {
    "divfirst", "Div-First (Warped-MC [ICPP'23]): per bank a warp's last pending request first, no row hits",
    GMC_SCHED_WARPS, divfirst_pick, NULL, NULL, NULL, NULL, NULL};

static const gmc_sched_ops_t *const scheds[] = {&frfcfs, &fcfs, &bfifo, &divfirst,
                                                &gmc_sched_warped_mc, &fcfs_strict};
#define NSCHED (sizeof scheds / sizeof scheds[0])

const gmc_sched_ops_t *gmc_sched_get(unsigned i)
{
    return i < NSCHED ? scheds[i] : NULL;
}

int gmc_sched_find(const char *name, const gmc_sched_ops_t **ops, char *err, size_t n)
{
    for (unsigned i = 0; i < NSCHED; i++)
        if (!strcmp(name, scheds[i]->name)) {
            *ops = scheds[i];
            return 0;
        }
    size_t k = (size_t)snprintf(err, n, "--sched: expected one of");
    for (unsigned i = 0; i < NSCHED && k < n; i++)
        k += (size_t)snprintf(err + k, n - k, "%s %s", i ? "," : "", scheds[i]->name);
    if (k < n)
        snprintf(err + k, n - k, ", found '%s'", name);
    return -1;
}
