/* gmc_mc: one DRAM channel's memory controller.
 *
 * A read queue and a write queue of fixed capacity (one request pool, no
 * allocation after init), per-bank pending lists in arrival order, a
 * scheduler behind a gmc_sched_ops_t, the bank arbiter block gmc_bankarb,
 * and the DRAM timing engine gmc_dram for one channel.
 *
 * Each command-clock cycle the controller issues at most one command (one
 * shared command bus):
 *   1. refresh due (the refresh policy's ref_at, gmc_mc_pol.h): the refresh
 *      policy's step; the default (all-bank) issues nothing but PREA (if a
 *      bank is open) and REF, each at its earliest legal cycle;
 *   2. otherwise every bank with queued requests of the current mode asks
 *      the scheduler which request it serves next (the age cap overrides);
 *      that request's next command is ACT (bank closed), PRE (other row
 *      open) or RD/WR (its row open).  An open bank with no such request
 *      asks the row policy whether to close its row (a PRE on no request's
 *      behalf; never with open page, the default).  Banks whose command is
 *      legal now request the arbiter (req_i); aged or prio banks are hi_i.
 *      The granted bank's command issues.
 * Row commitment: once a bank issues PRE or ACT for a request, that
 * request is served before the bank issues another PRE or ACT, whatever
 * the scheduler, the write-drain mode or the age cap say (row hits of the
 * open row may still go first).  So every activation serves the request it
 * was made for, and without refresh activations equal row misses plus
 * conflicts (docs/memory.md "Row commitment").
 * A request leaves the queue when its column command issues; it completes
 * (data done) tCL/tCWL + tBURST later.  Its latency is data done minus the
 * cycle it entered the queue.  A request entering at cycle t can have its
 * first command issued at t.
 *
 * Write policy (gmc_mc_pol.h): which type the bank lists serve, reads or
 * writes (draining).  The default (gpgpusim): reads first; the controller
 * drains writes once the write queue holds wq_high requests, until it is
 * down to wq_low, and also whenever no read is queued (leaving as soon as
 * a read arrives unless wq_high was reached).  ONE_ORDER schedulers ignore
 * it.
 *
 * Age cap: a queued request older than age_cap cycles (now - arrival >
 * age_cap) is served first in its bank whatever the policy says (the
 * oldest such in the bank, read or write) and puts the bank in the high
 * pool; a request served this way against the policy's own choice counts
 * once in stats.age_fired.
 *
 * Time only moves forward; gmc_mc_step returns the next cycle at which the
 * controller could do something, so callers skip idle cycles. */
#ifndef GMC_MC_H
#define GMC_MC_H
#include <stddef.h>
#include <stdint.h>
#include "blocks/gmc_bankarb.h"
#include "mc/gmc_mc_cfg.h"
#include "mc/gmc_mem.h"
#include "mc/gmc_mc_pol.h"
#include "mc/gmc_memstats.h"
#include "mc/gmc_sched.h"
#include "mem/gmc_dram.h"
#ifdef __cplusplus
extern "C" {
#endif

#define GMC_MC_NONE   UINT32_MAX
enum { GMC_WPOL_TABLE = 0, GMC_WPOL_INLINE = 1, GMC_WPOL_HOLDS = 2 };   /* gmc_mc_t.wpol_dflt */
#define GMC_MC_NEVER  UINT64_MAX

/* Request flags */
enum {
    GMC_REQ_WARP    = 1u << 0,   /* sm/warp/pc are valid */
    GMC_REQ_STARTED = 1u << 1,   /* a command was issued on its behalf */
    GMC_REQ_AGED    = 1u << 2,   /* the age cap served it against the policy */
    GMC_REQ_QUEUED  = 1u << 3,   /* in the queue (set by enqueue, cleared when served) */
    GMC_REQ_ACTIVE  = 1u << 4,   /* an ACT was issued for it (gmc_mc_activated) */
    GMC_REQ_INTERNAL = 1u << 5,  /* the write policy's own (a drained write): no sender */
    GMC_REQ_ANSWERED = 1u << 6,  /* served by the write policy without the device */
};

/* 128 bytes, in an array aligned to 64 (gmc_mc_init): the first 64 are
 * what scheduling reads and writes (the lists' links, row, bank, type,
 * the first command), one host line; the second is bookkeeping, written
 * when the request enters and read when it is served.  A queue entry waits
 * many cycles between touches, so each touch of a line is a host cache
 * miss; at 120 bytes unaligned an entry had spanned two or three lines. */
typedef struct {
    uint32_t bprev;              /* bank list of its type, arrival order (next: gmc_mc_bnext) */
    uint32_t row;
    uint32_t widx;               /* warp table entry or GMC_WARPS_NONE */
    uint32_t gwid;               /* free for schedulers (Warped-MC: gmc_wmc's enq_gwid_o) */
    uint64_t arrival;            /* cycle it entered the queue */
    uint64_t seq;                /* order of entry into this controller */
    uint32_t qnext, qprev;       /* channel list (both types), arrival order */
    uint8_t  bank, is_write, flags, cls;
    uint8_t  prio;               /* free for schedulers (Warped-MC levels) */
    uint32_t col;
    uint64_t first_cmd;
    /* bookkeeping (the second host line) */
    uint64_t id, addr;
    uint64_t offered;            /* the cycle it was first offered (gmc_mem_prepared_t.offered;
                                    trace mode: the trace's timestamp): the outside wait */
    uint64_t done;
    uint64_t pc;
    uint32_t sm, warp;
    uint64_t tag;                /* the caller's (gmc_mem_req_t.tag); not read here */
    uint32_t cta;                /* with GMC_REQ_WARP (gmc_mem_req_t.cta): row streak breakers */
    uint32_t ver;                /* data version, with a write queue (pcmwq): a write's as the
                                    queue took it, an answered read's as the queue gave it */
} gmc_mc_req_t;


/* Called when a request's column command issues (done is known then). */
typedef void (*gmc_mc_served_fn)(void *ctx, unsigned channel, const gmc_mc_req_t *r);

/* 64-byte alignment in C11 and, for C++ users of this header, in C++. */
#ifdef __cplusplus
#define GMC_MC_ALIGN64 alignas(64)
#else
#define GMC_MC_ALIGN64 _Alignas(64)
#endif

typedef struct gmc_mc {
    /* hot: the scalars a step, an enqueue and a completion read, together
     * at the front (the bank arrays and the DRAM state below are kilobytes) */
    const gmc_dram_t   *d;
    const gmc_sched_ops_t *sched;
    const gmc_mc_wpol_t *wpol;        /* the policies (gmc_mc_pol.h) */
    const gmc_mc_rowpol_t *rowpol;
    gmc_mc_req_t       *req;          /* pool of gmc_mc_pool_n */
    /* Per bank, the cycle of its last command for a request (the timeout
     * row policy's idle clock; gmc_mc_last_use).  Its own allocation: in
     * the struct, its 512 bytes would make the controllers' array stride
     * (ms->mc[c]) a constant the compiler multiplies by with shifts and
     * adds, extra instructions at every entry and step. */
    uint64_t           *last_use;
    /* Per request slot, its bank list's next and its row: what FR-FCFS's
     * walk of a bank reads, 8 bytes a request instead of a 128-byte line
     * each (the walk costs its loads' cache misses far more than its
     * instructions).  The row is a copy of req[i].row, fixed at entry. */
    struct gmc_mc_link { uint32_t next, row; } *blink;
    unsigned            n[2];         /* queued reads / writes */
    unsigned            cap[2];       /* cfg.rq, cfg.wq */
    uint32_t            free_head;
    uint32_t            q_head, q_tail;
    unsigned            drain;        /* 0 reads, 1 draining writes */
    uint32_t            wpol_st;      /* the write policy's state word (gpgpusim: the drain
                                         reached wq_high) */
    uint64_t            ref_at, ref_hold; /* the refresh policy's (gmc_mc_pol.h): it may take
                                             the channel from ref_at, surely from ref_hold */
    uint64_t            nonempty[2];  /* banks with queued reads / writes */
    uint64_t            seq;          /* next request's seq */
    uint64_t            dirty;        /* cached picks (GMC_SCHED_CACHE) to redo */
    uint64_t            commit_mask;  /* banks committed to a request (commit[]) */
    /* the last scan of the banks (gmc_mc_step.c) */
    uint64_t            scan_ready, scan_hi, scan_aged, scan_first;
    uint64_t            scan_pol;     /* of those, the row policy's precharges (mc->pol_scan) */
    int                 probe_valid;  /* the scan is of cycle probe_t, nothing changed since */
    int                 probe_held;   /* a request entered; gmc_mc_wake decides */
    int                 no_shortcuts; /* tests: no probe, gmc_mc_wake says `now` (same results) */
    int                 pol_scan;     /* the row policy closes rows or the write policy has a
                                         timer: the scan's extra work (0: none, the default) */
    int                 rp_close;     /* the row policy closes rows (rowpol->close_at) */
    int                 wpol_dflt;    /* GMC_WPOL_INLINE: wpol is gpgpusim, run inline
                                         (gmc_mc_impl.h); GMC_WPOL_HOLDS: it holds requests */
    uint64_t            probe_t, probe_next;
    uint64_t            act_ref, act_lim; /* gmc_mc_step.c act_check_from: act_lim worked out
                                             for ref_hold == act_ref (0: not yet) */
    int                 sched_wide;   /* an event hook changed another bank's pick or prio */
    /* in flight: (done, bank) rings, one per type, each sorted by done */
    uint32_t            fl_head[2], fl_n[2], fl_mask;
    uint64_t            fl_next;      /* the earliest done in flight (min of the heads), or
                                         GMC_MC_NEVER: most calls retire nothing */
    uint64_t           *fl_done[2];
    uint8_t            *fl_bank[2];
    unsigned            outst_total, busy_banks;
    uint64_t            stat_t;       /* integrals taken up to here */
    gmc_warps_t        *warps;        /* shared; NULL unless the scheduler reads it */
    void               *priv;         /* the scheduler's own state (ops->init) */
    const gmc_mc_rfpol_t *rfpol;
    void               *pol_priv[GMC_NPOL]; /* the policies' own state (their init) */
    uint64_t            pol_pre;      /* precharges the row policy issued (on no request's
                                         behalf; in ch.st.cmds[GMC_DRAM_PRE] too) */
    gmc_memstats_t     *lat;          /* shared histograms; may be NULL */
    gmc_mc_served_fn    served;
    void               *served_ctx;
    gmc_mc_stats_t      st;           /* 100 bytes, counted per request */
    unsigned            id;           /* channel number */
    unsigned            nbanks;
    gmc_mc_cfg_t        cfg;
    /* bank arbiter block */
    gmc_bankarb_cfg_t   acfg;
    gmc_bankarb_state_t aq;
    /* Row streaks and their breakers (gmc_mc_streak.c), touched only at an
     * ACT: its own allocation, so this struct keeps its size */
    gmc_mc_streak_t    *streak;
    /* per bank: each array starts a host line (so does the struct, in
     * gmc_memsys's aligned array), so up to 16 banks' uint32_t entries are
     * one line, not two: at calloc's 16-byte alignment and 7600 bytes a
     * channel, three channels in four had had every such array straddle */
    GMC_MC_ALIGN64 uint32_t head[2][GMC_DRAM_MAX_BANKS];
    uint32_t            tail[2][GMC_DRAM_MAX_BANKS];
    uint32_t            pick[GMC_DRAM_MAX_BANKS];
    uint16_t            pcmd[GMC_DRAM_MAX_BANKS];   /* not uint8_t: char stores alias all */
    uint64_t            lb[GMC_DRAM_MAX_BANKS];     /* lower bound of the pick's earliest cycle */
    /* Row commitment: the request a bank issued PRE or ACT for is served
     * before the bank issues any other PRE or ACT (gmc_mc_step.c). */
    uint32_t            commit[GMC_DRAM_MAX_BANKS];
    uint32_t            sel[GMC_DRAM_MAX_BANKS];
    uint16_t            scmd[GMC_DRAM_MAX_BANKS];
    /* outstanding = queued + in flight, per bank */
    uint32_t            outst[GMC_DRAM_MAX_BANKS];
    gmc_dram_chan_t     ch;
} gmc_mc_t;

/* Allocates the pool and rings.  warps: shared warp table (required when
 * cfg->sched has GMC_SCHED_WARPS), lat: shared histograms or NULL. */
int  gmc_mc_init(gmc_mc_t *mc, const gmc_dram_t *d, const gmc_mc_cfg_t *cfg, unsigned id,
                 gmc_warps_t *warps, gmc_memstats_t *lat, char *err, size_t n);
void gmc_mc_free(gmc_mc_t *mc);

static inline int gmc_mc_can_accept(const gmc_mc_t *mc, int is_write)
{
    return mc->n[is_write != 0] < mc->cap[is_write != 0];
}
static inline unsigned gmc_mc_queued(const gmc_mc_t *mc) { return mc->n[0] + mc->n[1]; }
/* The same-address rule (gmc_mc_cfg_t.same_addr): 1 if a request to
 * bank, row, col of that type must wait -- a queued write to the place
 * (for a read or a write) or a queued read (for a write) -- else 0.  A
 * walk of the queue: only runs that turned the rule on call it. */
int gmc_mc_same_addr_queued(const gmc_mc_t *mc, unsigned bank, uint32_t row, uint32_t col,
                            int is_write);
/* The request pool's size: pool indices are below it.  rq + wq, and the
 * internal requests of a policy that holds requests (its `internal` op). */
uint32_t gmc_mc_pool_n(const gmc_mc_t *mc);
/* Requests a write policy holds outside the queues (gmc_mc_pol.h hold):
 * what it lowered the capacities by (its own internal write aside). */
static inline unsigned gmc_mc_held(const gmc_mc_t *mc)
{
    if (mc->wpol_dflt != GMC_WPOL_HOLDS)
        return 0;
    return (mc->cfg.rq - mc->cap[0]) + (mc->cfg.wq + mc->n[1] - mc->cap[1]);
}

/* Enters a request at cycle now (>= every earlier call's now).  r supplies
 * id, addr, bank, row, col, is_write, offered and, with GMC_REQ_WARP in
 * flags, sm, warp, pc.  The queue must have room (gmc_mc_can_accept).
 * Returns the pool index. */
uint32_t gmc_mc_enqueue(gmc_mc_t *mc, const gmc_mc_req_t *r, uint64_t now);
/* The same from the memory system's prepared request (gmc_mem.h), with
 * its id: the fields go straight into the queue entry. */
uint32_t gmc_mc_enqueue_prepared(gmc_mc_t *mc, const gmc_mem_prepared_t *p, uint64_t id, uint64_t now);
/* Call right after gmc_mc_enqueue(mc, ..., now) returned i: given `next`,
 * the cycle the controller last asked to be stepped at, returns the cycle
 * it must be stepped at now (<= next; now if the new request may be served
 * at once).  Setting next = now instead is always correct, only slower. */
uint64_t gmc_mc_wake(gmc_mc_t *mc, uint32_t i, uint64_t now, uint64_t next);
/* Issues at most one command at cycle now.  Returns the next cycle (> now)
 * at which a step could issue something or refresh falls due, or
 * GMC_MC_NEVER when nothing is queued and refresh is off.  New requests
 * (gmc_mc_enqueue) can make an earlier cycle useful. */
uint64_t gmc_mc_step(gmc_mc_t *mc, uint64_t now);
/* Row streak breakers (Yuan et al. [MICRO'09] sec. 5.2), as the
 * controller calls it at each ACT for request i in bank b: a row switch is
 * an ACT of a row other than the bank's last activated one, x.  Counts the
 * streak; searches the bank's queued requests (both types, arrival order)
 * from i for the nearest to row x (cfg.streak_reading says which way); if
 * there is one, counts it stranded and credits once each category of the
 * breakers between them (GMC_BRK_*), compared with the stranded request.
 * Returns the categories credited as bits, with GMC_BRK_STRANDED; 0 when
 * nothing was stranded or the row did not switch.  Changes no scheduling. */
unsigned gmc_mc_streak_act(gmc_mc_t *mc, unsigned b, uint32_t i);

/* Retires every request in flight (their completions end the integrals). */
void gmc_mc_finish(gmc_mc_t *mc);
/* Retires what is done by t and takes the time integrals up to t (a step
 * at t would do the same first): statistics read mid-run then do not
 * depend on when the controller last stepped. */
void gmc_mc_settle(gmc_mc_t *mc, uint64_t t);

/* For a scheduler's event hooks: bank b's pick or prio may have changed
 * although none of its requests did (see gmc_sched.h). */
static inline void gmc_mc_sched_changed(gmc_mc_t *mc, unsigned b)
{
    mc->dirty |= (uint64_t)1 << b;
    mc->sched_wide = 1;
}

/* ---- read-only accessors for schedulers ---- */
static inline const gmc_mc_req_t *gmc_mc_req(const gmc_mc_t *mc, uint32_t i) { return &mc->req[i]; }
/* The next request of i's bank list (same type, arrival order), or GMC_MC_NONE. */
static inline uint32_t gmc_mc_bnext(const gmc_mc_t *mc, uint32_t i) { return mc->blink[i].next; }
/* Request i's row, from the compact list (= gmc_mc_req(mc, i)->row). */
static inline uint32_t gmc_mc_brow(const gmc_mc_t *mc, uint32_t i) { return mc->blink[i].row; }
/* The oldest queued request of the channel (either type), or GMC_MC_NONE. */
static inline uint32_t gmc_mc_oldest(const gmc_mc_t *mc) { return mc->q_head; }
/* Type of request the bank lists are served from now: 0 reads, 1 writes. */
static inline unsigned gmc_mc_mode(const gmc_mc_t *mc) { return mc->drain; }
static inline uint32_t gmc_mc_bank_head(const gmc_mc_t *mc, unsigned bank)
{
    return mc->head[mc->drain][bank];
}
static inline uint32_t gmc_mc_open_row(const gmc_mc_t *mc, unsigned bank)
{
    return mc->ch.open_row[bank];   /* GMC_DRAM_CLOSED when precharged */
}
/* Queued requests of a type (0 reads, 1 writes). */
static inline unsigned gmc_mc_queued_n(const gmc_mc_t *mc, unsigned w) { return mc->n[w]; }
/* Of those, the ones an ACT was issued for (Ramulator 2's "active buffer";
 * write policies).  Each is its bank's committed request (row commitment:
 * after its ACT a bank issues no other PRE or ACT before serving it), so
 * the committed banks are all there is to look at: O(banks), and nothing
 * to keep up to date in the step. */
static inline unsigned gmc_mc_activated(const gmc_mc_t *mc, unsigned w)
{
    unsigned k = 0;
    for (uint64_t m = mc->commit_mask; m; m &= m - 1) {
        const gmc_mc_req_t *q = &mc->req[mc->commit[__builtin_ctzll(m)]];
        k += q->is_write == w && (q->flags & GMC_REQ_ACTIVE);
    }
    return k;
}
/* The cycle of bank b's last command for a request (ACT, PRE, RD, WR), 0
 * before the first (row policies). */
static inline uint64_t gmc_mc_last_use(const gmc_mc_t *mc, unsigned b) { return mc->last_use[b]; }
/* Refresh policies: issues cmd (GMC_DRAM_PREA or GMC_DRAM_REF) at cycle now
 * to the rank whose refresh is due (gmc_dram_refresh_bank), which must be
 * legal, on no request's behalf, and tells the scheduler (on_issue with
 * GMC_MC_NONE for PREA) and the cached picks. */
void gmc_mc_refresh_issue(gmc_mc_t *mc, gmc_dram_cmd_t cmd, uint64_t now);

/* Pending requests of the request's warp, all channels; 1 without warp ids. */
static inline uint32_t gmc_mc_warp_pending(const gmc_mc_t *mc, const gmc_mc_req_t *r)
{
    return (r->widx != GMC_WARPS_NONE && mc->warps) ? mc->warps->e[r->widx].n_pending : 1;
}

#ifdef __cplusplus
}
#endif
#endif
