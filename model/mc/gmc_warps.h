/* gmc_warps: the warp table, pending requests per global warp, shared by
 * the schedulers (gmc_sched.h) and the channels (gmc_mc.h). */
#ifndef GMC_WARPS_H
#define GMC_WARPS_H
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif

/* A global warp is (SM id, warp id in the SM, PC of the load), Warped-MC [ICPP'23]
 * sec. 4.2: "A warp alias table (WAT) creates a global warp ID ... by
 * combining a hashed PC of a load, a warp ID in an SM, and an SM ID".  One
 * table serves every channel ("WAT and WET are global hardware components
 * shared by memory controllers").  Fixed capacity, chained hashing over a
 * free list: no allocation after init.  An entry lives while its warp has
 * pending requests; entry indices are stable while it lives. */
typedef struct {
    uint64_t pc;
    uint32_t sm, warp;
    uint32_t n_pending;
    uint32_t next;          /* hash chain / free list */
} gmc_warp_ent_t;

typedef struct {
    gmc_warp_ent_t *e;
    uint32_t       *bucket;
    uint32_t        cap, mask, free_head, live;
    uint64_t        changes;   /* bumped by every add and drop: a controller that
                                  reads the table must look again (gmc_memsys) */
} gmc_warps_t;

int      gmc_warps_init(gmc_warps_t *w, uint32_t cap);   /* 0, or -1: out of memory */
void     gmc_warps_free(gmc_warps_t *w);
/* Counts one more pending request of (sm, warp, pc); returns its entry, or
 * GMC_WARPS_NONE when the table is full (cannot happen when cap is at least
 * the number of requests that can be queued at once). */
uint32_t gmc_warps_add(gmc_warps_t *w, uint32_t sm, uint32_t warp, uint64_t pc);
/* One pending request of entry i left the queue; frees it at zero. */
void     gmc_warps_drop(gmc_warps_t *w, uint32_t i);
#define GMC_WARPS_NONE UINT32_MAX

#ifdef __cplusplus
}
#endif
#endif
