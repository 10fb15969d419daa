/* gmc_mem: the memory system as a component -- the public API a GPU
 * harness (or any C program) drives, in the style of Ramulator 2's
 * send() + tick(), with completions at data time and time that skips idle
 * cycles.  docs/embedding.md has a complete example and the rules below in
 * prose.  Nothing here exposes a controller's internals: the state is the
 * opaque gmc_memsys_t (defined in the internal gmc_memsys_impl.h, which
 * only the memory system's own sources, gmc mem's reports and tests
 * include).
 *
 * Time is the DRAM command clock, starting at cycle 0.  Each call to
 * gmc_memsys_tick processes the current cycle and moves to the next:
 *   1. completions whose last data beat is done by now are delivered, in
 *      (done, channel, issue) order, through the callback;
 *   2. every controller issues at most one command;
 *   3. now += 1.
 * A request sent at cycle now enters its channel's queue at now and may
 * have its first command issued in step 2 of the same cycle.
 * gmc_memsys_next_event says the earliest cycle at which a tick does
 * anything; gmc_memsys_advance jumps there, so idle time costs nothing and
 * changes nothing (make equiv checks it against ticking every cycle).
 *
 * Completion: a read completes when its last data beat is on the bus
 * (column command + tCL + tBURST); a write when its last data beat is
 * written (column command + tCWL + tBURST).  Neither completes at
 * acceptance.
 *
 * Callback rules: the gmc_mem_done_t is valid only during the call.  The
 * callback may call gmc_memsys_send (the request enters at the current
 * cycle, before this cycle's commands: a closed-loop source can refill in
 * the cycle its data arrived); it must not call gmc_memsys_tick,
 * gmc_memsys_advance, gmc_memsys_finish or gmc_memsys_free (they return
 * GMC_MEM_EBUSY). */
#ifndef GMC_MEM_H
#define GMC_MEM_H
#include <stddef.h>
#include <stdint.h>
#include "bim/gmc_gf2.h"
#include "mc/gmc_hybrid.h"
#include "mc/gmc_mc_cfg.h"
#include "mem/gmc_addrmap.h"
#include "mem/gmc_dram_cfg.h"
#include "mem/gmc_dram_energy.h"
#ifdef __cplusplus
extern "C" {
#endif

typedef struct gmc_memsys gmc_memsys_t;

typedef struct {
    gmc_dram_cfg_t   dram;        /* the device of every channel, unless channel_dram says */
    /* Per-channel devices (a hybrid memory): NULL = dram on every channel;
     * else channel_dram[c] is channel c's device for each channel simulated
     * (`channels`, or dram.channels when 0), a NULL entry meaning dram.  The
     * devices may differ in kind, geometry, timing, burst and power, not in
     * tck_ps: the channels share one command clock (an error says so).  The map must fit every device's
     * banks, rows and columns; dram gives the channel count and the map's
     * channel field (a channel device's `channels` is not read).  The
     * configs are copied: they need not outlive gmc_memsys_new. */
    const gmc_dram_cfg_t *const *channel_dram;
    gmc_addrmap_t    map;
    const gmc_gf2_t *bim;         /* NULL = identity (the BIM, gmc bim) */
    unsigned         channels;    /* controllers simulated; 0 = dram.channels */
    int              refresh;     /* 0 = no refresh even if the device asks for it */
    gmc_mc_cfg_t     mc;
    int              every_cycle; /* the slow reference: step every channel every cycle,
                                     no probe, no wake shortcut (same results, slower) */
    int              no_lat_hist; /* 1 = keep no latency histogram (ms->stats stays empty):
                                     the GPU harness reports none, and its 2^16 buckets per
                                     type, hit at random per request, cost host cache */
    /* A hybrid memory (mc/gmc_hybrid.h, docs/pcm.md "Hybrid memory"):
     * NULL = one memory.  Else memory 0 is dram on `channels` channels (0 =
     * dram.channels) with mc, memory 1 hybrid->dram on the next
     * hybrid->channels with hybrid->mc; channel_dram must be NULL.  The
     * map is the whole system's (channels of both): the channel placement
     * decodes by it, and the page modes derive each memory's own map from
     * its device (gmc_memsys_default_map).  Copied by gmc_memsys_new. */
    const gmc_hybrid_cfg_t *hybrid;
} gmc_memsys_cfg_t;

#define GMC_MEM_NEVER UINT64_MAX

/* What the caller gives.  addr goes through the BIM and the address map
 * (masked to the map's width); size is the bytes asked for, at most one
 * burst of the channel it goes to (gmc_memsys_burst_bytes is a bound good
 * for every channel; 0 = one burst): a larger access is the caller's to
 * split, as an L2 splits a line into sectors. */
typedef struct {
    uint64_t addr;
    uint64_t tag;         /* the caller's, returned in the completion */
    uint64_t pc;          /* with has_warp: the load's PC (Warped-MC's global warp id) */
    uint32_t size;
    uint32_t sm, warp;    /* with has_warp */
    uint8_t  is_write;
    uint8_t  has_warp;
    /* With has_warp: the thread block (CTA) of the requesting warp, as a
     * number that differs between the CTAs resident on one SM at the same
     * time (the GPU harness gives the CTA's slot on its SM).  Only compared
     * for equality between requests of one sm that are queued together:
     * the row streak breakers' "same core, different CTA" (Yuan et al.
     * [MICRO'09] sec. 5.2; gmc_mem_stats_t).  0 when the source has no CTAs
     * (gmc mem's traces).  In the struct's padding: it stays 40 bytes. */
    uint16_t cta;
} gmc_mem_req_t;

/* What the callback gets. */
typedef struct {
    uint64_t tag, addr, pc;
    uint64_t id;          /* order of acceptance, from 0 */
    uint64_t offered;     /* cycle it was first offered: = arrival for gmc_memsys_send;
                             trace mode: the trace's cycle (back-pressure shows here) */
    uint64_t arrival;     /* cycle it was accepted */
    uint64_t first_cmd;   /* cycle of its first command */
    uint64_t done;        /* cycle its last data beat is done (= now at delivery) */
    uint32_t channel, bank, row, col;
    uint32_t sm, warp;
    uint8_t  is_write, has_warp;
    uint8_t  cls;         /* 0 hit, 1 miss, 2 conflict at its first command (GMC_CLS_*, mc/gmc_memstats.h) */
} gmc_mem_done_t;

typedef void (*gmc_mem_done_fn)(void *ctx, const gmc_mem_done_t *d);

enum {
    GMC_MEM_ACCEPTED = 0,
    GMC_MEM_FULL     = 1,    /* its channel's queue of its type is full: nothing
                                was kept; send it again later (back-pressure) */
    GMC_MEM_EINVAL   = -1,   /* size larger than its channel's burst */
    GMC_MEM_EBUSY    = -2,   /* called from a completion callback where not allowed */
};

/* Where an address goes: its channel (the decoded channel folded onto
 * the controllers simulated) and its place in that channel's device. */
typedef struct {
    uint32_t channel, bank, row, col;
} gmc_mem_loc_t;

/* A request decoded once (gmc_memsys_prepare), to be sent later, as often
 * as it is refused (gmc_memsys_send_prepared): a source that holds
 * requests back while the memory system is full -- an L2's miss queue --
 * decodes each request once, however long it waits.  The caller may read
 * every field; it may change only offered. */
typedef struct {
    gmc_mem_req_t req;
    gmc_mem_loc_t loc;
    uint64_t      offered;   /* the cycle it was first offered (gmc_mem_done_t.offered,
                                the controllers' outside-wait statistics); prepare
                                sets it to now */
} gmc_mem_prepared_t;

/* A queue that refused a send has room again: called at the end of the
 * tick in which a command freed a slot in it (every controller has
 * stepped; now is already the next cycle), once per refusal spell of that
 * queue, with the queue's channel and type.  It may send (the request
 * enters at now); it must not tick.  A source waiting for
 * room may sleep until then; the send it then makes is accepted unless
 * another send took the room first (gmc_memsys_can_accept tells). */
typedef void (*gmc_mem_room_fn)(void *ctx, unsigned channel, int is_write);

/* The memory system's shape, for placing requests and for reports. */
typedef struct {
    unsigned channels;          /* controllers simulated */
    unsigned addr_bits;         /* the address map's width: addr is masked to it */
    /* Every address of an aligned block of 2^channel_granule_bits bytes
     * goes to the same channel (a lower bound: 0 when a BIM or a modulus
     * channel split makes it hard to say). */
    unsigned channel_granule_bits;
    /* The address bits an address's channel, bank and row depend on
     * (through the BIM and the map; with a modulus channel split, every bit
     * from its start up): addresses equal on them have the same three, so
     * a source may locate one address for all its neighbours (a line whose
     * offset bits are none of these). */
    uint64_t row_mask;
    /* When the bank and the row are bits of the address (no BIM, no
     * modulus channel split): those bits.  Two addresses of one channel
     * then have the same bank and row exactly when they agree on them: a
     * key that costs an AND, not a decode.  0 otherwise (locate then). */
    uint64_t bank_row_mask;
} gmc_mem_geometry_t;

/* One channel's device (gmc_memsys_cfg_t.channel_dram, else dram). */
typedef struct {
    const char *device;         /* the device config's name ("" if unnamed) */
    const char *kind;           /* its kind's name (mem/gmc_dev_kind.h): "dram" */
    unsigned    banks, rows, columns;
    uint32_t    burst_bytes;    /* the most one request to this channel moves */
    uint32_t    tck_ps;         /* the command clock's period */
    unsigned    read_queue, write_queue;   /* the controller's capacities */
} gmc_mem_channel_t;

/* A map for a device without a shipped map preset, from its geometry (all
 * powers of two): Row | Bank | Col(high) | Ch | Col(low) | Block, with the
 * low column bits making a 256-byte channel interleave like the shipped
 * GDDR5/GDDR6 maps.  Writes the map text (gmc_addrmap_parse reads it);
 * 0, or -1 with err. */
int gmc_memsys_default_map(const gmc_dram_cfg_t *c, char *spec, size_t sn, char *err, size_t n);

/* Validates everything (the map against every device's geometry, one
 * command clock over the devices included).
 * Returns a new memory system at cycle 0, or NULL with one line in err. */
gmc_memsys_t *gmc_memsys_new(const gmc_memsys_cfg_t *cfg, char *err, size_t n);
void          gmc_memsys_delete(gmc_memsys_t *ms);

/* Registered once, before the requests it should see are sent.  Without a
 * callback no completion record is kept: a request counts as completed
 * (gmc_memsys_outstanding) when its column command issues. */
void     gmc_memsys_on_complete(gmc_memsys_t *ms, gmc_mem_done_fn fn, void *ctx);
/* GMC_MEM_ACCEPTED, GMC_MEM_FULL or GMC_MEM_EINVAL. */
int      gmc_memsys_send(gmc_memsys_t *ms, const gmc_mem_req_t *r);
/* One cycle (see above).  0, or GMC_MEM_EBUSY inside a callback. */
int      gmc_memsys_tick(gmc_memsys_t *ms);
uint64_t gmc_memsys_now(const gmc_memsys_t *ms);
/* The earliest cycle >= now at which a tick does anything: a command could
 * issue, a refresh falls due, a completion is delivered.  GMC_MEM_NEVER
 * when nothing is queued or in flight and refresh is off.  A send can
 * make it earlier (then it is now). */
uint64_t gmc_memsys_next_event(const gmc_memsys_t *ms);
/* Moves now to t without ticking: t must be <= gmc_memsys_next_event (the
 * skipped cycles would have done nothing).  0, -1 if t is out of range, or
 * GMC_MEM_EBUSY inside a callback. */
int      gmc_memsys_advance(gmc_memsys_t *ms, uint64_t t);
/* Requests accepted and not yet completed. */
uint64_t gmc_memsys_outstanding(const gmc_memsys_t *ms);
/* Ticks, skipping idle cycles, until every accepted request completed. */
int      gmc_memsys_finish(gmc_memsys_t *ms);
/* The smallest burst over the channels: the most a request may carry
 * wherever it goes (with one device, the device's burst).  A channel with a
 * larger burst takes up to its own (gmc_memsys_channel_info). */
uint32_t gmc_memsys_burst_bytes(const gmc_memsys_t *ms);
unsigned gmc_memsys_channels(const gmc_memsys_t *ms);
/* The channel an address goes to (through the BIM and the map): a GPU
 * places its L2 slices by it.  Without a BIM it reads the map's channel
 * bits alone (no full decode). */
unsigned gmc_memsys_channel_of(const gmc_memsys_t *ms, uint64_t addr);
/* The whole decode of an address (BIM, map, channel fold). */
void     gmc_memsys_locate(const gmc_memsys_t *ms, uint64_t addr, gmc_mem_loc_t *loc);
void     gmc_memsys_geometry(const gmc_memsys_t *ms, gmc_mem_geometry_t *g);
/* 0, or -1 if ch >= channels. */
int      gmc_memsys_channel_info(const gmc_memsys_t *ms, unsigned ch, gmc_mem_channel_t *c);

/* gmc_memsys_send in two halves.  prepare decodes r into *p (no state
 * changes): 0, or GMC_MEM_EINVAL (size larger than the burst of the
 * channel it decodes to; p unusable).
 * send_prepared enters it at now: GMC_MEM_ACCEPTED, GMC_MEM_FULL (nothing
 * kept; p may be sent again) or GMC_MEM_EBUSY.  The pair behaves exactly
 * as gmc_memsys_send, except that offered is p->offered. */
int      gmc_memsys_prepare(const gmc_memsys_t *ms, const gmc_mem_req_t *r, gmc_mem_prepared_t *p);
int      gmc_memsys_send_prepared(gmc_memsys_t *ms, const gmc_mem_prepared_t *p);
/* Whether a send to that channel and type would be accepted now. */
int      gmc_memsys_can_accept(const gmc_memsys_t *ms, unsigned channel, int is_write);
/* Registered like on_complete; NULL turns it off. */
void     gmc_memsys_on_room(gmc_memsys_t *ms, gmc_mem_room_fn fn, void *ctx);

/* The data check (docs/pcm.md "Data, checked end to end"): the memory
 * system carries a version per write to its device's data and gives each
 * read the version it found, so a caller can check that every read
 * returns the newest write before it.  Off unless turned on; a run that
 * never turns it on pays nothing.  Versions are the caller's (0 = data
 * never written). */
enum {
    GMC_MEM_DATA_DEVICE = 0,   /* a read's data came from the device */
    GMC_MEM_DATA_WQ     = 1,   /* ... was forwarded by the controller's write queue (pcmwq) */
};
/* Turns the check on; before the first request.  0, or -1 with err. */
int gmc_memsys_data_on(gmc_memsys_t *ms, char *err, size_t n);
/* gmc_memsys_send_prepared for a write carrying version ver (a read's ver
 * is not read).  With the check off, the plain send. */
int gmc_memsys_data_send(gmc_memsys_t *ms, const gmc_mem_prepared_t *p, uint64_t ver);
/* In the completion callback of a read: its data's version in *ver and
 * where it came from (GMC_MEM_DATA_*); -1 for a write, with the check off,
 * or when the check ran out of memory (gmc_memsys_data_failed).  Asked
 * once per read: the record is dropped then. */
int gmc_memsys_data_read(gmc_memsys_t *ms, const gmc_mem_done_t *d, uint64_t *ver);
int gmc_memsys_data_failed(const gmc_memsys_t *ms);

/* Totals over the channels, for reports: one counter table, X(member,
 * doc), one uint64_t member of gmc_mem_stats_t each. */
#define GMC_MEM_COUNTERS(X)                                                                    \
    X(reads,          "reads served")                                                          \
    X(writes,         "writes served")                                                         \
    X(row_hits,       "requests whose first command found their row open")                    \
    X(row_misses,     "... found their bank closed")                                           \
    X(row_conflicts,  "... found another row open")                                            \
    X(act,            "ACT commands")                                                          \
    X(pre,            "PRE and PREA commands")                                                 \
    X(rd,             "RD commands")                                                           \
    X(wr,             "WR commands")                                                           \
    X(ref,            "REF commands")                                                          \
    X(data_busy,      "data-bus cycles, summed over channels")                                 \
    X(pending_cycles, "per channel, cycles with a request queued, summed")                     \
    X(blp_sum,        "per channel, sum over those cycles of the banks busy")                  \
    X(cycles,         "now")                                                                   \
    /* Row locality at the controllers (Yuan et al. [MICRO'09] Figs. 1, 6): per channel, the     \
     * requests in the order they entered its queue, in runs to one bank and row                 \
     * (analysis/gmc_rowloc.h); locality = entered / row_runs */                                 \
    X(entered,        "requests accepted into a controller queue")                             \
    X(row_runs,       "runs of consecutive accepted requests of a channel to one bank and row") \
    /* Row streaks and their breakers (Yuan et al. [MICRO'09] sec. 5.2, Fig. 10; every         \
     * scheduler; docs/memory.md "Row streak breakers") */                                       \
    X(row_streaks,    "row switches: a bank activating a row other than the one it last had")  \
    X(stranded,       "of those, with a request to the old row still queued in the bank")      \
    X(brk_other_sm,   "stranded events whose breakers include a request of another SM")        \
    X(brk_other_cta,  "... of the stranded request's SM, another CTA")                         \
    X(brk_same_cta,   "... of the stranded request's CTA")                                     \
    X(brk_no_sm,      "... without an SM (L2 write-backs, requests without warp ids)")         \
    /* warped-mc only (0 otherwise), Warped-MC [ICPP'23] Fig. 10: commands where its choice \
     * differed from FR-FCFS's (gmc_sched_wmc_breakdown) */                                  \
    X(wmc_col_cmds,      "column commands")                                                    \
    X(wmc_req_adjusted,  "of those, for another request than FR-FCFS's")                       \
    X(wmc_acts,          "activations")                                                        \
    X(wmc_row_adjusted,  "of those, of another row")                                           \
    X(wmc_grants,        "commands the bank arbiter granted")                                  \
    X(wmc_bank_adjusted, "of those, to another bank")

typedef struct {
#define GMC_MEM_COUNTER_FIELD_(name, doc) uint64_t name;
    GMC_MEM_COUNTERS(GMC_MEM_COUNTER_FIELD_)
#undef GMC_MEM_COUNTER_FIELD_
} gmc_mem_stats_t;
/* Settles every controller's integrals at now first (so the numbers do not
 * depend on skipped idle cycles), hence not const. */
void gmc_memsys_stats(gmc_memsys_t *ms, gmc_mem_stats_t *s);
/* The same counters for channel ch alone (cycles: now): per-channel DRAM
 * efficiency, row locality.  0, or -1 (s zeroed) if ch >= channels. */
int  gmc_memsys_channel_stats(gmc_memsys_t *ms, unsigned ch, gmc_mem_stats_t *s);
/* Row locality at the controllers (Yuan et al. [MICRO'09] Figs. 1, 6):
 * the mean run of requests to one bank and row in the order each channel
 * accepted them, pooled over the channels (entered / row_runs) and the
 * harmonic mean of the channels' own (those that accepted any); 0 without
 * requests. */
void gmc_memsys_row_locality(const gmc_memsys_t *ms, double *pooled, double *hmean);

/* A hybrid memory's two memories (gmc_memsys_cfg_t.hybrid); one memory
 * (m = 0, every channel) without.  The memories there are (1 or 2). */
unsigned gmc_memsys_memories(const gmc_memsys_t *ms);
/* Memory m's channels [*first, *first + *count): 0, or -1 if m is not one. */
int      gmc_memsys_memory_channels(const gmc_memsys_t *ms, unsigned m, unsigned *first,
                                    unsigned *count);
/* gmc_memsys_stats over memory m's channels (cycles: now): 0, or -1
 * (zeroed) if m is not one. */
int      gmc_memsys_memory_stats(gmc_memsys_t *ms, unsigned m, gmc_mem_stats_t *s);
/* The pcmwq write policy's counts (gmc_mc_pcmwq_report_t) summed over
 * memory m's channels, integrals up to now: 0, or -1 (zeroed) if m is not
 * a memory or its controllers do not run pcmwq. */
int      gmc_memsys_memory_pcmwq(const gmc_memsys_t *ms, unsigned m, gmc_mc_pcmwq_report_t *r);
/* Adds r's counts to t (the parameters are r's: the same in both). */
void     gmc_mc_pcmwq_report_add(gmc_mc_pcmwq_report_t *t, const gmc_mc_pcmwq_report_t *r);
/* Wear (docs/pcm.md "Wear"): writes per row on the channels whose device
 * wears out (its kind's `wears`: PCM), counted at each write's column
 * command (a write queue's drains included).  Lifetimes assume the run's
 * writes repeat for ever: lifetime_s until the first row reaches its
 * device's endurance (the least endurance / writes over the rows written,
 * times the run's seconds); leveled_lifetime_s with every write spread
 * evenly over all rows of those channels (perfect wear leveling).  Both 0
 * when the endurance is unknown (0) or nothing was written. */
typedef struct {
    unsigned channels;          /* channels counted */
    uint64_t writes;            /* their WR commands */
    uint64_t rows, rows_written;   /* their rows; of those, written */
    uint64_t max_row_writes;    /* the most-written row's writes (ties: lowest channel, bank, row) */
    unsigned max_ch, max_bank;
    uint32_t max_row;
    uint32_t endurance;         /* of the row that wears out first (0 = unknown) */
    double   seconds;           /* the run: until x tCK */
    double   lifetime_s, leveled_lifetime_s;
} gmc_mem_wear_t;
/* At until (pass gmc_memsys_now): 0, or -1 (zeroed) when no channel's
 * device wears. */
int      gmc_memsys_wear(const gmc_memsys_t *ms, uint64_t until, gmc_mem_wear_t *w);
/* gmc_memsys_dram_energy over memory m's channels. */
int      gmc_memsys_memory_energy(const gmc_memsys_t *ms, unsigned m, uint64_t until,
                                  gmc_dram_energy_t *e);
/* What a report says of each memory: its channels and device, the
 * controller's scheduler and write policy, the requests it served and the
 * bytes its data bus moved (a burst each), their shares of the system's,
 * the row-hit rate, energy (pJ; has_energy 0 when its device has no power
 * data). */
typedef struct {
    unsigned    first, channels;
    const char *device, *kind, *sched, *write_policy, *row_policy;
    uint64_t    reads, writes, bytes, row_hits;
    double      row_hit_rate, access_share, byte_share;
    int         has_energy;
    double      energy_pj;
} gmc_memsys_memory_report_t;
/* r[0 .. gmc_memsys_memories) at until (pass gmc_memsys_now). */
void     gmc_memsys_memory_report(gmc_memsys_t *ms, uint64_t until, gmc_memsys_memory_report_t *r);

/* With gmc_hybrid_cfg_t.profile, at the end of a run: the pages (after
 * the BIM, of hybrid->page_bits bytes) that requests went to, with their
 * reads and writes counted at their column commands, in no order, in *c
 * (owned by ms, valid until gmc_memsys_delete); counting stops.  Their
 * number (0 without a profile). */
size_t   gmc_memsys_page_profile(gmc_memsys_t *ms, const gmc_hybrid_page_count_t **c);

/* Energy of every channel over cycles 0..until (pass gmc_memsys_now; a
 * bank still open counts as open up to until), each by its own device's
 * kind's model -- "dram": DRAMPower-style command and background energies
 * (mem/gmc_dram_energy.h, docs/memory.md "Energy") -- summed.  0, or -1
 * with *e zeroed when some channel's device config has no power data. */
int      gmc_memsys_dram_energy(const gmc_memsys_t *ms, uint64_t until, gmc_dram_energy_t *e);

#ifdef __cplusplus
}
#endif
#endif
