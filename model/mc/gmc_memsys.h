/* gmc_memsys: a whole DRAM memory system for trace mode: the device, the
 * address path (BIM, then the address map), one gmc_mc controller per
 * channel, and the event loop that feeds a request stream through them.
 *
 * Address path: addr (masked to the map's width) -> BIM (gmc_bim_map, the
 * XOR-tree block; identity when no matrix is given) -> gmc_addrmap_decode
 * -> channel, bank, row, column.  The channel is the decoded channel modulo
 * the number of controllers simulated (cfg.channels), so --channels 1 sends
 * the whole stream to one controller.
 *
 * Event loop: time is the DRAM command clock.  The request stream is one
 * in-order source: the next request is offered at its trace cycle (or, for
 * untimed traces, one cycle after the previous one entered); if its
 * channel's queue is full it waits outside, and so does everything behind
 * it.  Each channel keeps the next cycle at which its controller could act
 * (gmc_mc_step's answer, reset to `now` when a request enters); the loop
 * jumps to the minimum of those and of the next offer, found by a linear
 * scan of the channels (16 for the largest preset; a heap would pay off only
 * for hundreds).  Nothing allocates inside the loop. */
#ifndef GMC_MEMSYS_H
#define GMC_MEMSYS_H
#include <stddef.h>
#include <stdint.h>
#include "mem/gmc_addrmap.h"
#include "bim/gmc_gf2.h"
#include "blocks/gmc_bim.h"
#include "mc/gmc_mc.h"
#include "mc/gmc_memtrace.h"
#include "mem/gmc_dram.h"
#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    gmc_dram_cfg_t   dram;
    gmc_addrmap_t    map;
    const gmc_gf2_t *bim;        /* NULL = identity */
    unsigned         channels;   /* controllers simulated; 0 = dram.channels */
    int              refresh;    /* 0 = no refresh even if the device asks for it */
    gmc_mc_cfg_t     mc;
    int              every_cycle; /* the slow reference: step every channel every cycle,
                                     no probe, no wake shortcut (same results, slower) */
    unsigned         test_fault;  /* tests only: GMC_MEMSYS_FAULT_* re-creates a fixed
                                     skip-ahead bug, so the equivalence test shows it
                                     can fail; 0 in every real run */
} gmc_memsys_cfg_t;

enum {
    GMC_MEMSYS_FAULT_WARP_TOUCH = 1,   /* other channels miss warp-table changes */
    GMC_MEMSYS_FAULT_WAKE_HOOK  = 2,   /* wake ignores what on_enqueue changed */
};

typedef struct {
    gmc_dram_t       d;
    gmc_addrmap_t    map;
    gmc_bim_cfg_t   *bim;        /* NULL = identity */
    uint64_t         amask;      /* the map's width */
    unsigned         nch;
    gmc_mc_t        *mc;
    uint64_t        *next;       /* per channel: next cycle worth a step */
    gmc_warps_t      warps;
    uint64_t         warps_seen;  /* warps.changes the controllers were told of */
    gmc_memstats_t   stats;
    int              every_cycle; /* cfg.every_cycle */
    unsigned         test_fault;  /* cfg.test_fault */
    uint64_t         nreq;       /* requests entered */
    uint64_t         cycles;     /* after run: last data-done cycle */
} gmc_memsys_t;

/* Totals over the channels. */
typedef struct {
    gmc_mc_stats_t   mc;         /* sums (outside_max, last_done: maxima) */
    gmc_dram_stats_t dram;       /* sums (last_data_end: maximum) */
} gmc_memsys_totals_t;

/* Validates everything (map against geometry included).  0, or -1 with one
 * line in err. */
int  gmc_memsys_init(gmc_memsys_t *ms, const gmc_memsys_cfg_t *cfg, char *err, size_t n);
void gmc_memsys_free(gmc_memsys_t *ms);

/* Address path for one address: channel (already folded), bank, row, col. */
void gmc_memsys_decode(const gmc_memsys_t *ms, uint64_t addr, unsigned *ch, gmc_mc_req_t *r);

/* A request source: 1 = *r filled, 0 = end, -1 = error (err set). */
typedef int (*gmc_memsys_src_fn)(void *ctx, gmc_memtrace_rec_t *r, char *err, size_t n);
/* Runs the stream to its end, requests in flight included.  0, or -1 with
 * err (a source error is passed through unchanged). */
int  gmc_memsys_run(gmc_memsys_t *ms, gmc_memsys_src_fn src, void *ctx, char *err, size_t n);
/* gmc_memtrace_next as a source (ctx = gmc_memtrace_t *). */
int  gmc_memsys_trace_src(void *ctx, gmc_memtrace_rec_t *r, char *err, size_t n);

void gmc_memsys_set_served(gmc_memsys_t *ms, gmc_mc_served_fn fn, void *ctx);
void gmc_memsys_totals(const gmc_memsys_t *ms, gmc_memsys_totals_t *t);

/* A map for a device without a shipped map preset, from its geometry (all
 * powers of two): Row | Bank | Col(high) | Ch | Col(low) | Block, with the
 * low column bits making a 256-byte channel interleave like the shipped
 * GDDR5/GDDR6 maps.  Writes the map text; 0, or -1 with err. */
int  gmc_memsys_default_map(const gmc_dram_cfg_t *c, char *spec, size_t sn, char *err, size_t n);

#ifdef __cplusplus
}
#endif
#endif
