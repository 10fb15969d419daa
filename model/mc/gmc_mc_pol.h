/* gmc_mc_pol: the controller's policies other than the scheduler -- write
 * drain, refresh and row -- as small ops tables with a written contract,
 * each kind with a registry by name (gmc_sched.h is the model).
 * docs/mc-policies.md has the prose, the rule each shipped policy follows
 * and how to add one (a new file plus a registry line).
 *
 * Shared rules (all three kinds):
 *   - An op reads the controller through gmc_mc.h's accessors, mc->cfg and
 *     its own state (mc->wpol_st, mc->pol_priv[]); it issues commands only
 *     where its contract says so (refresh); nothing allocates outside init.
 *   - init(mc, err, n) / fini(mc): set up / release the policy's own state
 *     (mc->pol_priv[GMC_POL_*]).  init returns 0, or -1 with one line in
 *     err.  NULL = none.  Called after the DRAM channel was reset.
 *   - Skip-ahead (gmc_mc_step returns the next cycle the controller could
 *     act; gmc_mc_wake on a request's entry): the controller asks a policy
 *     again whenever a request enters or a command issues, so a decision
 *     that depends on the queue and the banks alone needs nothing more.  A
 *     decision that changes with time alone must also say when it next
 *     changes (each kind's op below says how).  Answering "now + 1" there
 *     is always correct, only slower: the controller then steps every cycle.
 *     make equiv compares skip-ahead with stepping every cycle on random
 *     cases for every shipped policy.
 *
 * ---- write drain (gmc_mc_wpol_t): which type the bank lists serve ----
 *   mode(mc, now, st)
 *              0 serve reads, 1 drain writes, as the policy wants it at
 *              cycle now.  *st holds the policy's state word (mc->wpol_st)
 *              on entry; the op leaves there the state that goes with its
 *              answer.  The controller calls it at every step that looks at
 *              the banks (then keeps the answer and *st) and to ask whether
 *              the mode would change (its look-ahead of the next cycle,
 *              gmc_mc_wake: then discards both).  Pure: no stores but *st.
 *              Stable: asked again right after the controller switched to
 *              its answer, with nothing else changed, it gives the same
 *              answer (a rule needs hysteresis, as wq_low < wq_high gives)
 *              -- the controller asks at every step it takes, and stepping
 *              every cycle takes more of them than skipping ahead; a rule
 *              that flips back by itself would make the two differ.
 *              Not called for schedulers with one order for both types
 *              (GMC_SCHED_ONE_ORDER).  What a mode serves: the banks' queued
 *              requests of that type, plus any request a bank is committed
 *              to (it issued PRE or ACT for it; gmc_mc.h "Row commitment"),
 *              of either type.
 *   on_enqueue(mc, i)
 *              after request i entered the queue; the one place besides
 *              mode() to change *st (the look-ahead may skip the steps that
 *              would have seen the queue at this length).  NULL = none.
 *   next(mc, now)
 *              skip-ahead: the first cycle after now at which mode() may
 *              answer otherwise with no request entering and no command
 *              issuing (a drain timer), or GMC_MC_NEVER.  NULL = never:
 *              the answer depends on the queue alone.  For a policy with
 *              step (below): the first cycle after now its step must run.
 *   A policy that holds requests itself (a write queue in front of the
 *   device: gmc_mc_pol_pcmwq.c) has three more ops; all NULL otherwise,
 *   and then the controller never calls them (the defaults pay nothing):
 *   hold(mc, i, now)
 *              request i entered at now (its caller fields written, its
 *              pool slot taken) and is NOT in the bank lists: the policy
 *              keeps it.  Later, from step, it either answers it without
 *              the device (gmc_mc_answer_: a write accepted, a read hit)
 *              or hands it to the controller (gmc_mc_link_: the request
 *              enters the bank lists as if it entered then).  While it
 *              holds requests it lowers mc->cap[] so that queued + held
 *              stay within the queue's capacity (back-pressure: the sender
 *              is refused, nothing is dropped).  gmc_mc_wake then answers
 *              `now`: the controller is stepped at now.
 *   step(mc, now)
 *              called first at every controller step (after the
 *              completions up to now), before refresh and the banks; the
 *              policy's per-cycle state lives in mc->pol_priv[GMC_POL_WRITE].
 *              It may answer and link held requests and link internal
 *              requests of its own (GMC_REQ_INTERNAL: a drained write,
 *              served by the banks like any other, never reported to the
 *              sender).  Returns nonzero if it changed the queue.  The
 *              controller then asks next(mc, now) after the step's command
 *              issued: the step's answer is the earlier of the two.
 *   served(mc, i)
 *              the column command of internal request i issued (its data
 *              done at mc->req[i].done); called before it leaves the queue.
 *
 * ---- refresh (gmc_mc_rfpol_t): when refresh takes the channel ----
 *   The policy keeps two cycles in the controller, set by init and moved
 *   only by step:
 *     mc->ref_at    the first cycle it may take the channel.  From then on
 *                   every step calls step() before any request's command.
 *                   The skip-ahead's answer: a step is due there.
 *     mc->ref_hold  the first cycle it will surely take the channel, or
 *                   GMC_MC_NEVER when it cannot say.  An ACT whose column
 *                   command could not issue before ref_hold waits until
 *                   after the refresh (gmc_mc_step.c cmd_earliest), so the
 *                   refresh's precharge never closes a row unused.
 *   step(mc, now)
 *              called at every step with now >= mc->ref_at.  Either takes
 *              the channel: issues at most one command through
 *              gmc_mc_refresh_issue and returns the next cycle (> now) to
 *              step at; or passes: returns 0 after moving mc->ref_at past
 *              now, and the step goes on with the requests.  A policy that
 *              cannot say when it next acts sets ref_at = now + 1 and
 *              passes (asked every cycle; correct, only slower).
 *
 * ---- row (gmc_mc_rowpol_t): when an open row closes on its own ----
 *   A row opens for a request (ACT) and is closed for one (PRE, when a
 *   request of another row is picked) whatever the policy; the policy only
 *   adds precharges on no request's behalf.
 *   close_at(mc, bank, now)
 *              asked for a bank whose row is open, that is committed to no
 *              request, that the scheduler has no request for this cycle
 *              (none of the mode being served, or none it picks), and
 *              where no queued request of either type hits the open row:
 *              the controller never closes a row a queued request would
 *              hit (that would turn the hit into a miss, and the
 *              scheduler's on_issue has no event for a precharge on no
 *              request's behalf: Warped-MC's PT stays right because such a
 *              bank has no hit for it to mark).  Answer c <= now: precharge
 *              it now (a PRE at the engine's earliest cycle, through the
 *              bank arbiter like any command); c > now: not before c, ask
 *              again at c (the skip-ahead: the controller is stepped at c
 *              at the latest); GMC_MC_NEVER: keep it open until a request
 *              enters or a command issues.  Reads only that bank's state
 *              (gmc_mc_open_row, gmc_mc_last_use) and the time: the
 *              controller asks again for a bank when its own requests or
 *              commands change, not when another bank's do.
 *              NULL: the policy never closes a row (open page), and the
 *              controller skips all of this (no cost in its step).
 */
#ifndef GMC_MC_POL_H
#define GMC_MC_POL_H
#include <stddef.h>
#include <stdint.h>
#include "mc/gmc_mc_cfg.h"
#include "mem/gmc_dram.h"
#ifdef __cplusplus
extern "C" {
#endif

struct gmc_mc;

enum { GMC_POL_WRITE = 0, GMC_POL_REFRESH, GMC_POL_ROW, GMC_NPOL };

typedef struct gmc_mc_wpol {
    const char *name;       /* --write-policy NAME */
    const char *summary;    /* one line for --help */
    unsigned (*mode)(const struct gmc_mc *mc, uint64_t now, uint32_t *st);
    void     (*on_enqueue)(struct gmc_mc *mc, uint32_t req);
    uint64_t (*next)(const struct gmc_mc *mc, uint64_t now);
    int      (*init)(struct gmc_mc *mc, char *err, size_t n);
    void     (*fini)(struct gmc_mc *mc);
    /* a policy that holds requests (NULL for the others) */
    void     (*hold)(struct gmc_mc *mc, uint32_t req, uint64_t now);
    int      (*step)(struct gmc_mc *mc, uint64_t now);
    void     (*served)(struct gmc_mc *mc, uint32_t req);
} gmc_mc_wpol_t;

typedef struct gmc_mc_rfpol {
    const char *name;       /* --refresh-policy NAME */
    const char *summary;
    uint64_t (*step)(struct gmc_mc *mc, uint64_t now);
    int      (*init)(struct gmc_mc *mc, char *err, size_t n);
    void     (*fini)(struct gmc_mc *mc);
} gmc_mc_rfpol_t;

typedef struct gmc_mc_rowpol {
    const char *name;       /* --row-policy NAME */
    const char *summary;
    uint64_t (*close_at)(const struct gmc_mc *mc, unsigned bank, uint64_t now);
    int      (*init)(struct gmc_mc *mc, char *err, size_t n);
    void     (*fini)(struct gmc_mc *mc);
} gmc_mc_rowpol_t;

/* The shipped policies (the defaults are also index 0 of each registry). */
extern const gmc_mc_wpol_t   gmc_mc_wpol_gpgpusim;    /* default: reads first, watermarks */
extern const gmc_mc_wpol_t   gmc_mc_wpol_ramulator2;  /* counts requests until their ACT */
extern const gmc_mc_wpol_t   gmc_mc_wpol_pcmwq;       /* the PCM write queue block gmc_pcmwq */
extern const gmc_mc_rfpol_t  gmc_mc_rfpol_all_bank;   /* default: PREA + REF when due */
extern const gmc_mc_rowpol_t gmc_mc_rowpol_open;      /* default: open page */
extern const gmc_mc_rowpol_t gmc_mc_rowpol_close;     /* precharge after the last queued hit */
extern const gmc_mc_rowpol_t gmc_mc_rowpol_timeout;   /* precharge after row_timeout idle cycles */

/* The pcmwq policy's counts (gmc_mc_pcmwq_report_t, gmc_mc_cfg.h) with its
 * integrals up to `end`: 0, or -1 if mc's write policy is not pcmwq. */
int gmc_mc_pcmwq_report(const struct gmc_mc *mc, uint64_t end, gmc_mc_pcmwq_report_t *r);

/* Registries, in --help order (index 0 is the default); NULL past the end. */
const gmc_mc_wpol_t   *gmc_mc_wpol_get(unsigned i);
const gmc_mc_rfpol_t  *gmc_mc_rfpol_get(unsigned i);
const gmc_mc_rowpol_t *gmc_mc_rowpol_get(unsigned i);
/* By name: 0, or -1 with "expected one of A, B, found 'x'" in err (the
 * caller puts the option or key name in front). */
int gmc_mc_wpol_find(const char *name, const gmc_mc_wpol_t **ops, char *err, size_t n);
int gmc_mc_rfpol_find(const char *name, const gmc_mc_rfpol_t **ops, char *err, size_t n);
int gmc_mc_rowpol_find(const char *name, const gmc_mc_rowpol_t **ops, char *err, size_t n);

/* The timeout row policy's default idle cycles, and the most allowed. */
#define GMC_MC_ROW_TIMEOUT_DEFAULT 100u
#define GMC_MC_ROW_TIMEOUT_MAX     (1u << 20)

/* The pcmwq write policy's defaults: NVMain's FRFCFS-WQF controller
 * (MemControl/FRFCFS-WQF/FRFCFS-WQF.cpp, its constructor): writeQueueSize
 * 8, HighWaterMark = writeQueueSize, LowWaterMark 0; no interruption
 * (gmc's DRAM engine cannot stop an issued write: docs/pcm.md). */
#define GMC_MC_PCMWQ_ENTRIES 8u
#define GMC_MC_PCMWQ_HIGH    8u
#define GMC_MC_PCMWQ_LOW     0u

#ifdef __cplusplus
}
#endif
#endif
