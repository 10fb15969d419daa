/* gmc_sched: memory-request schedulers as small ops tables.  The warp
 * table (Warped-MC [ICPP'23]'s warp entry table, n_pending per global warp) that the
 * warp-aware ones read is in gmc_warps.h, included here.
 *
 * The contract (docs/memory.md "## Schedulers" has the prose and the
 * sentences each policy rests on):
 *
 *   pick(mc, bank)   Which queued request bank `bank` serves next, or
 *                    GMC_MC_NONE.  Called only for banks with queued
 *                    requests of the controller's current mode (reads, or
 *                    writes while draining; IN_ORDER schedulers: only the
 *                    bank of the oldest queued request).  Reads controller
 *                    state through the accessors in gmc_mc.h; modifies
 *                    nothing; no allocation, no I/O.  Cost O(requests of
 *                    that bank).  The controller turns the pick into the
 *                    bank's next command (ACT / PRE / RD / WR) and offers
 *                    the bank to the gmc_bankarb arbiter when that command
 *                    is legal this cycle.  The age cap overrides pick.
 *   prio(mc, bank, req)
 *                    1 puts the bank in the arbiter's high-priority pool
 *                    (hi_i) for this cycle.  NULL = never.
 *   on_enqueue(mc, req)      after req entered the queue.   NULL = none.
 *   on_issue(mc, req, cmd)   after a command was issued on req's behalf;
 *                    for RD/WR req leaves the queue when the hook returns.
 *                    Also called with req = GMC_MC_NONE and cmd =
 *                    GMC_DRAM_PREA for a refresh's precharge-all, which
 *                    is on no request's behalf (Warped-MC's PT must learn
 *                    that every row of the rank closed: every row, with
 *                    one rank).  NULL = none.
 *   init(mc, err, n) / fini(mc)
 *                    set up / release the scheduler's own per-controller
 *                    state in mc->priv (Warped-MC's tables).  init returns
 *                    0, or -1 with one line in err.  NULL = none.
 *   An event hook that changes the pick of a bank other than the request's
 *   own, or the prio of a bank other than the request's own, must say so
 *   with gmc_mc_sched_changed(mc, b) (the controller then re-picks that
 *   bank and drops its look-ahead); the request's own bank, pick and prio,
 *   the controller looks at again itself (gmc_mc_wake, the step after an
 *   issue), also when the request is of the other type.
 *   flags            GMC_SCHED_IN_ORDER: one order for the whole channel
 *                    (reads and writes together, the drain policy does not
 *                    apply); GMC_SCHED_CACHE: pick depends only on the
 *                    bank's queued requests of the current mode and its open
 *                    row, so the controller may reuse it until one of those
 *                    changes; GMC_SCHED_WARPS: reads the warp table;
 *                    GMC_SCHED_PRIO: uses prio (two-level arbitration);
 *                    GMC_SCHED_ONE_QUEUE: reads and writes in one arrival
 *                    order like IN_ORDER (no drain policy, no age cap), but
 *                    pick is asked for every bank with queued requests of
 *                    either type and may depend on the whole queue.
 *
 * A scheduler never issues commands, never sees time except through the
 * requests' arrival cycles, and never touches the DRAM state. */
#ifndef GMC_SCHED_H
#define GMC_SCHED_H
#include <stddef.h>
#include <stdint.h>
#include "mem/gmc_dram.h"
#include "mc/gmc_warps.h"
#ifdef __cplusplus
extern "C" {
#endif

struct gmc_mc;

enum {
    GMC_SCHED_IN_ORDER = 1u << 0,
    GMC_SCHED_CACHE    = 1u << 1,
    GMC_SCHED_WARPS    = 1u << 2,
    GMC_SCHED_PRIO     = 1u << 3,
    GMC_SCHED_ONE_QUEUE = 1u << 4,
};
/* No write-drain mode and no age cap: reads and writes in one arrival order. */
#define GMC_SCHED_ONE_ORDER (GMC_SCHED_IN_ORDER | GMC_SCHED_ONE_QUEUE)

typedef struct gmc_sched_ops {
    const char *name;       /* --sched NAME */
    const char *summary;    /* one line for --help */
    unsigned    flags;
    uint32_t (*pick)(const struct gmc_mc *mc, unsigned bank);
    int      (*prio)(const struct gmc_mc *mc, unsigned bank, uint32_t req);
    void     (*on_enqueue)(struct gmc_mc *mc, uint32_t req);
    void     (*on_issue)(struct gmc_mc *mc, uint32_t req, gmc_dram_cmd_t cmd);
    int      (*init)(struct gmc_mc *mc, char *err, size_t n);
    void     (*fini)(struct gmc_mc *mc);
} gmc_sched_ops_t;

/* Warped-MC (Warped-MC [ICPP'23] sec. 4), model/mc/gmc_sched_wmc.c. */
extern const gmc_sched_ops_t gmc_sched_warped_mc;
/* Its readings by name (gmc_mc_cfg_t.wmc): score_at 0 "schedule", 1
 * "receive"; m_rule 0 "started", 1 "pending2".  NULL for other values. */
const char *gmc_sched_wmc_score_at_name(unsigned v);
/* Read-only view of a warped-mc controller's gmc_wmc instance (tests,
 * reports): its gmc_wmc_state_t, and its gmc_wmc_cfg_t in *cfg (void:
 * gmc_sched.h does not include the block's header). */
const void *gmc_sched_wmc_tables(const struct gmc_mc *mc, const void **cfg);
/* Warped-MC [ICPP'23] Fig. 10's breakdown for one warped-mc controller:
 * out[0] column commands, out[1] of them serving a row hit other than the
 * bank's oldest (FR-FCFS's pick), out[2] activations, out[3] of them
 * opening a row other than the bank's oldest request's, out[4] commands
 * the bank arbiter granted, out[5] of them granted to another bank than
 * the round robin without Warped-MC's bank priority would have
 * (GMC_WMC_BREAKDOWN values in all). */
#define GMC_WMC_BREAKDOWN 6
void gmc_sched_wmc_breakdown(const struct gmc_mc *mc, uint64_t out[GMC_WMC_BREAKDOWN]);
const char *gmc_sched_wmc_m_rule_name(unsigned v);

/* The shipped schedulers, in --help order; NULL past the end. */
const gmc_sched_ops_t *gmc_sched_get(unsigned i);
/* By name.  Returns 0, or -1 with one line in err (listing the known ones). */
int gmc_sched_find(const char *name, const gmc_sched_ops_t **ops, char *err, size_t n);

#ifdef __cplusplus
}
#endif
#endif
