/* gmc_memsys: the memory system's internals -- the devices, the address
 * path (BIM, then the address map), one gmc_mc controller per channel, the
 * completion queues behind gmc_mem.h's API, and trace mode (a request
 * stream fed through that API).  Internal: embedders, the GPU harness
 * included, use gmc_mem.h only (make test's boundary check); this header
 * is for the memory system's own sources, gmc mem's reports and tests.
 *
 * Devices: one gmc_dram_t per distinct device (cfg.dram, and the others of
 * cfg.channel_dram); each controller is given its channel's.  What depends
 * on the device is per channel: a request's burst, the timing, the energy,
 * the completion times.  The channels share one command clock (equal
 * tck_ps), since the clock and next_event are the memory system's.
 *
 * Address path: addr (masked to the map's width) -> BIM (gmc_bim_map, the
 * XOR-tree block; identity when no matrix is given) -> gmc_addrmap_decode
 * -> channel, bank, row, column.  The channel is the decoded channel modulo
 * the number of controllers simulated (cfg.channels), so --channels 1 sends
 * the whole stream to one controller.
 *
 * The clock (gmc_memsys_tick / next_event / advance): each channel keeps
 * the next cycle at which its controller could act (gmc_mc_step's answer,
 * lowered by gmc_mc_wake when a request enters); next_event is the minimum
 * of those and of the completion queues' heads, found by a linear scan of
 * the channels (16 for the largest preset; a heap would pay off only for
 * hundreds).  Nothing allocates after init.
 *
 * Trace mode: the request stream is one in-order source: the next request
 * is offered at its trace cycle (or, for untimed traces, one cycle after
 * the previous one entered); if its channel's queue is full it waits
 * outside, and so does everything behind it. */
#ifndef GMC_MEMSYS_H
#define GMC_MEMSYS_H
#include <stddef.h>
#include <stdint.h>
#include "analysis/gmc_rowloc.h"
#include "blocks/gmc_bim.h"
#include "mc/gmc_hybrid.h"
#include "mc/gmc_mc.h"
#include "mc/gmc_mem.h"
#include "mc/gmc_memtrace.h"
#include "mem/gmc_dram.h"
#ifdef __cplusplus
extern "C" {
#endif

/* Completions waiting for their data: per channel and type a ring in issue
 * order, which is done order (on one channel every read takes the same
 * time, so does every write).  cq_mask + 1 slots are allocated, the most
 * any channel's device keeps in flight (32 on the RTX 2060 Super-like
 * GDDR6: tCL + tBURST = 24 cycles in flight); the ring wraps at
 * wrap + 1 of them, 16 at first, grown when full (util/gmc_ring_impl.h).  A
 * busy channel's ring seldom empties, and cycling through all its 96-byte
 * slots made these writes the GPU harness's largest source of host cache
 * misses (docs/harness.md "Speed"). */
typedef struct {
    gmc_mem_done_t *d;
    unsigned        head, n, wrap;
    unsigned        refused;   /* the controller queue of this channel and type refused a
                                  send since it last had room (gmc_memsys_on_room): kept
                                  here, on the line the column command's completion
                                  touches anyway */
} gmc_memsys_cq_t;

/* A row's writes (wear): key (channel << 40 | bank << 32 | row) + 1, 0 = empty. */
typedef struct {
    uint64_t key, writes;
} gmc_memsys_wear_row_t;
typedef struct gmc_memsys_data gmc_memsys_data_t;

struct gmc_memsys {
    /* The devices: dev[0] is cfg.dram's, then each other distinct device of
     * cfg.channel_dram, ndev in all; a channel's controller points at its
     * own (mc[c].d), so nothing per command asks which device it is. */
    gmc_dram_t      *dev;
    unsigned         ndev;
    uint32_t         burst_min;  /* the smallest burst of the channels (gmc_memsys_burst_bytes) */
    gmc_addrmap_t    map;
    gmc_bim_cfg_t   *bim;        /* NULL = identity */
    uint64_t         amask;      /* the map's width */
    /* The map's decode as a few masked shifts (gmc_memsys_decode): every
     * field's bits packed into one word at pk_base[field], the slices that
     * move by the same distance merged into one term.  pk_n == 0: the map
     * does not pack into 64 bits or splits by a modulus; gmc_addrmap_decode
     * then. */
    unsigned         pk_n;
    uint64_t         pk_mask[GMC_ADDRMAP_MAX_SLICES];
    uint8_t          pk_left[GMC_ADDRMAP_MAX_SLICES], pk_right[GMC_ADDRMAP_MAX_SLICES];
    uint8_t          pk_base[GMC_F_N];
    uint64_t         pk_fmask[GMC_F_N];
    unsigned         nch_mask;   /* nch - 1 if a power of two, else 0 (a modulus then) */
    unsigned         nch;
    gmc_mc_t        *mc;
    uint64_t        *next;       /* per channel: next cycle worth a step */
    uint64_t         next_min;   /* <= every next[c] (their minimum after a tick) */
    uint64_t         next_done;  /* the earliest completion waiting, or GMC_MEM_NEVER */
    gmc_warps_t      warps;
    uint64_t         warps_seen;  /* warps.changes the controllers were told of */
    int              warp_readers; /* the controllers' scheduler reads the shared warp table */
    int              every_cycle; /* cfg.every_cycle */
    gmc_memstats_t   stats;
    uint64_t         now;        /* the API's clock (gmc_mem.h) */
    uint64_t         nreq;       /* requests entered */
    uint64_t         ndone;      /* completions delivered */
    uint64_t         cycles;     /* after run: last data-done cycle */
    gmc_memsys_cq_t *cq;         /* [channel * 2 + is_write] */
    uint64_t        *cq_hd;      /* [channel * 2 + is_write]: done of the queue's head,
                                    GMC_MEM_NEVER if empty (one compact array to scan) */
    unsigned        *cq_due;     /* [channel * 2]: deliver's scratch */
    uint64_t        *cq_live;    /* bit k: queue k is not empty (deliver looks at those alone) */
    uint32_t         cq_mask;
    gmc_mem_done_fn  done_fn;
    void            *done_ctx;
    int              in_cb;      /* inside done_fn */
    int              col_hook;   /* a column command may have more to do than complete:
                                    wear to count, or an internal request (a write policy
                                    that holds requests) to skip.  Beside done_fn, which
                                    the same code reads */
    int              lazy_done;  /* trace mode: completions need no tick of their own; they
                                    are delivered, still in done order, at the next tick
                                    (the callback only records: it sends nothing) */
    gmc_mc_served_fn served;     /* tests: at the column command (gmc_memsys_set_served) */
    void            *served_ctx;
    /* room events (gmc_memsys_on_room): cq[k].refused, queue k (channel *
     * 2 + is_write) refused a send since it last had room; room_due[0..
     * room_n), the queues a column command freed a slot in during this
     * tick, in the order it did (channel order: at most one command per
     * channel and cycle) */
    gmc_mem_room_fn  room_fn;
    void            *room_ctx;
    unsigned        *room_due, room_n;
    /* the channel without the full decode (gmc_memsys_channel_of): the
     * map's channel bit runs, when there is no BIM and no modulus split */
    unsigned         ch_nruns;
    struct gmc_memsys_ch_run { uint8_t lsb, dst; uint64_t mask; } ch_run[8];
    /* Row locality at the controllers: stream c = the requests channel c
     * accepted, in order (gmc_mem.h's entered, row_runs) */
    gmc_rowloc_t     rowloc;
    /* A hybrid memory (gmc_hybrid.h; hy_n0 == nch when there is none):
     * memory 0 is channels [0, hy_n0), memory 1 the rest.  hy_page: the
     * page modes, decoded by gmc_memsys_decode's slow branch (pk_n is 0
     * then) through memory m's own map hy_map[m] of width hy_mask[m]. */
    unsigned           hy_n0;
    int                hy_page;
    gmc_hybrid_place_t hy;
    gmc_addrmap_t      hy_map[2];
    uint64_t           hy_mask[2];
    /* the write profile (gmc_hybrid_cfg_t.profile): an open-addressing
     * table of prof_cap (a power of two) slots, key page + 1 (0 = empty),
     * counted at each column command through the served hook, which then
     * passes on to prof_served (gmc_memsys_set_served's) */
    gmc_hybrid_page_count_t *prof;
    size_t             prof_cap, prof_n;
    int                prof_on;
    gmc_mc_served_fn   prof_served;
    void              *prof_served_ctx;
    /* Wear (gmc_memsys_wear.c): writes per row of the channels whose device
     * wears (wear_ch[c]; NULL when none does), an open-addressing table of
     * wear_cap (a power of two) slots (col_hook above: set with them). */
    uint8_t           *wear_ch;
    gmc_memsys_wear_row_t *wear;
    size_t             wear_cap, wear_n;
    /* the data check (gmc_memsys_data.c): NULL unless gmc_memsys_data_on */
    gmc_memsys_data_t *data;
};

/* Wear: 0, or -1 with err (out of memory); counts each write's row
 * (gmc_memsys_wear_note, from the served hook); frees. */
int  gmc_memsys_wear_init(gmc_memsys_t *ms, char *err, size_t n);
void gmc_memsys_wear_note(gmc_memsys_t *ms, unsigned ch, const gmc_mc_req_t *r);
void gmc_memsys_wear_free(gmc_memsys_t *ms);

/* Totals over the channels. */
typedef struct {
    gmc_mc_stats_t   mc;         /* sums (outside_max, last_done: maxima) */
    gmc_dram_stats_t dram;       /* sums (last_data_end: maximum; active_cycles: closed intervals only) */
} gmc_memsys_totals_t;

/* In place (gmc_memsys_new is this on the heap).  0, or -1 with one line
 * in err. */
int  gmc_memsys_init(gmc_memsys_t *ms, const gmc_memsys_cfg_t *cfg, char *err, size_t n);
void gmc_memsys_free(gmc_memsys_t *ms);

/* gmc_memsys_hybrid.c.  cfg with a hybrid memory as the one-memory cfg
 * *out the init builds on (channels of both, memory 1's devices through
 * channel_dram, *dev its array: the caller frees it): 0, or -1 with err. */
int  gmc_memsys_hybrid_cfg(const gmc_memsys_cfg_t *cfg, gmc_memsys_cfg_t *out,
                           const gmc_dram_cfg_t ***dev, char *err, size_t n);
/* The placement, the memories' maps and the profile, once the controllers
 * are up: 0, or -1 with err. */
int  gmc_memsys_hybrid_init(gmc_memsys_t *ms, const gmc_memsys_cfg_t *cfg, char *err, size_t n);
/* Page modes: a (after the BIM) -> its memory's channel, bank, row, col. */
void gmc_memsys_hybrid_decode(const gmc_memsys_t *ms, uint64_t a, gmc_mem_loc_t *r);

/* Address path for one address: channel (already folded), bank, row, col. */
void gmc_memsys_decode(const gmc_memsys_t *ms, uint64_t addr, gmc_mem_loc_t *loc);
/* Requests queued (entered, column command not yet issued). */
unsigned gmc_memsys_queued(const gmc_memsys_t *ms);

/* A request source: 1 = *r filled, 0 = end, -1 = error (err set). */
typedef int (*gmc_memsys_src_fn)(void *ctx, gmc_memtrace_rec_t *r, char *err, size_t n);
/* Trace mode: runs the stream to its end through the API above, requests
 * in flight included, then closes the statistics.  0, or -1 with err (a
 * source error is passed through unchanged). */
int  gmc_memsys_run(gmc_memsys_t *ms, gmc_memsys_src_fn src, void *ctx, char *err, size_t n);

/* gmc_memsys_data.c: frees the data check's tables (gmc_memsys_free);
 * data_hook: with the check on, fn becomes the hook it passes on to
 * (1), else 0 and nothing changes. */
void gmc_memsys_data_free(gmc_memsys_t *ms);
/* The data at request r's column command (with the check on). */
void gmc_memsys_data_column(gmc_memsys_t *ms, unsigned ch, const gmc_mc_req_t *r);
int  gmc_memsys_data_hook(gmc_memsys_t *ms, gmc_mc_served_fn fn, void *ctx);

/* Tests and tools: called at each request's column command (done known),
 * before the completion is queued. */
void gmc_memsys_set_served(gmc_memsys_t *ms, gmc_mc_served_fn fn, void *ctx);
void gmc_memsys_totals(const gmc_memsys_t *ms, gmc_memsys_totals_t *t);
/* gmc_memsys_dram_energy over channels [c0, c1). */
int  gmc_memsys_energy_range(const gmc_memsys_t *ms, unsigned c0, unsigned c1, uint64_t until,
                             gmc_dram_energy_t *e);
/* The same over channels [c0, c1). */
void gmc_memsys_totals_range(const gmc_memsys_t *ms, unsigned c0, unsigned c1, gmc_memsys_totals_t *t);

#ifdef __cplusplus
}
#endif
#endif
