/* gmc_warplat: per-warp-load latency and latency divergence in trace mode.
 *
 * Warped-MC [ICPP'23] sec. 3.1 defines "memory latency divergence as a gap between the
 * shortest and the longest turnaround times of the off-chip memory requests
 * generated from a single warp", and a load warp's time is set by its
 * slowest request.  A trace does not mark loads, so a *load* here is a
 * maximal run of consecutive trace records with warp ids and the same (SM,
 * warp, PC) -- what a coalescer emits for one warp instruction.  Records
 * without warp ids belong to no load.
 *
 * For every load with at least two requests (the paper's Fig. 4 looks at
 * "the load warps that generate multiple off-chip accesses"):
 *   divergence = max - min of its requests' latencies (data done - arrival)
 *   load time  = last data done - first arrival
 * both kept in exact histograms (gmc_hist_t).
 *
 * Feed it the records in trace order (gmc_warplat_read, which tags each
 * record with its load: gmc_memsys carries the tag into the request) and
 * every served request (gmc_warplat_served, from the controllers' served
 * callback); then gmc_warplat_end.  Fixed memory: a pool of loads sized for
 * the requests that can be read but not yet served at once (each load in
 * the pool holds one of them, or is the one still open). */
#ifndef GMC_WARPLAT_H
#define GMC_WARPLAT_H
#include <stddef.h>
#include <stdint.h>
#include "mc/gmc_mem.h"
#include "mc/gmc_memstats.h"
#include "mc/gmc_memtrace.h"
#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    uint64_t first_arrival, last_done, min_lat, max_lat;
    uint32_t pending, n;
    uint32_t next_free;          /* free list */
    uint8_t  open;               /* more requests may still join */
} gmc_load_t;

typedef struct {
    gmc_load_t *ld;              /* the pool; request tag = index + 1 */
    uint32_t    cap, free_head;
    uint32_t    cur;             /* tag of the open load, 0 = none */
    uint32_t    sm, warp;        /* its key */
    uint64_t    pc;
    uint64_t    multi;           /* finished loads with >= 2 requests */
    uint64_t    single;          /* finished loads of one request */
    int         overflow;        /* the pool ran out: a sizing bug */
    gmc_hist_t  div, time;       /* over the multi-request loads */
} gmc_warplat_t;

/* inflight: the most requests read but not yet served at any time
 * (channels x (rq + wq) + a few staged).  0, or -1: out of memory. */
int  gmc_warplat_init(gmc_warplat_t *w, uint64_t inflight);
void gmc_warplat_free(gmc_warplat_t *w);
void gmc_warplat_read(gmc_warplat_t *w, gmc_memtrace_rec_t *r);   /* sets r->tag */
void gmc_warplat_served(gmc_warplat_t *w, const gmc_mem_done_t *r);
void gmc_warplat_end(gmc_warplat_t *w);

#ifdef __cplusplus
}
#endif
#endif
