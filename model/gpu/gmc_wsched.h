/* gmc_wsched: warp schedulers, pluggable through an ops table.  Each SM
 * has schedulers_per_sm of them; scheduler k owns the warp slots w with
 * w % schedulers_per_sm == k and issues at most one of them per cycle.
 *
 * Contract: pick(s, ready, age) returns a slot whose bit is set in ready
 * (never 0 when called: the SM calls it only with candidates), using only
 * its own state, the mask and the warps' launch ages; issued(s, w) says
 * which slot actually issued (the SM may skip a pick that meets a full
 * load/store unit and pick again with that bit cleared).  A throttle
 * (CCWS-like) or a thread-batch-aware policy (TEMP [JETC'19]) is another
 * ops table with its own state. */
#ifndef GMC_WSCHED_H
#define GMC_WSCHED_H
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    int      last;           /* slot issued last, -1 before any */
} gmc_wsched_t;

typedef struct {
    const char *name;
    int  (*pick)(const gmc_wsched_t *s, uint64_t ready, const uint64_t *age);
    void (*issued)(gmc_wsched_t *s, int w);
} gmc_wsched_ops_t;

extern const gmc_wsched_ops_t gmc_wsched_lrr;   /* loose round robin */
extern const gmc_wsched_ops_t gmc_wsched_gto;   /* greedy then oldest */
const gmc_wsched_ops_t *gmc_wsched_find(const char *name);

#ifdef __cplusplus
}
#endif
#endif
