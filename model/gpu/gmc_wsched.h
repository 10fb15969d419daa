/* gmc_wsched: warp schedulers, pluggable through an ops table.  Each SM
 * has schedulers_per_sm of them; scheduler k owns the warp slots w with
 * w % schedulers_per_sm == k and issues at most one of them per cycle.
 *
 * The contract (every scheduler):
 *
 *   pick(s, cand, v)  Which of the candidate slots (bits of cand: warps of
 *                    s->slots that are ready and whose instruction fits
 *                    the load/store unit; never 0 when called) issues
 *                    this cycle: a slot whose bit is set in cand, or -1 to
 *                    issue none this cycle (a throttle: CCWS-like policies
 *                    hold back warps whose next operation is a load).
 *                    The SM may call pick again in the same cycle with
 *                    fewer candidates (the pick met a full load/store
 *                    unit), so pick changes nothing: no allocation, no
 *                    I/O, no state.  Cost: it runs every cycle for every
 *                    scheduler with candidates -- keep it to a few mask
 *                    operations, and read the view only for what it needs.
 *   issued(s, w, v)  Slot w issued (after the SM set s->last = w).  NULL
 *                    = nothing to learn (lrr and gto read s->last only).
 *   launched(s, w, v) / exited(s, w, v)
 *                    Slot w, one of s->slots, received a warp (its CTA was
 *                    launched; the view already shows it) / its warp
 *                    exited (the view still shows it).  What a thread-
 *                    batch-aware policy (TBAS-like: a running set and a
 *                    pending set of CTA groups) keeps its sets by.  NULL =
 *                    none.
 *   l1(s, w, line, ev, v)
 *                    The SM's L1 data cache saw an event of slot w's
 *                    (one of s->slots): GMC_WSCHED_L1_MISS, a load of w
 *                    missed line `line` (some sector was not valid; once
 *                    per line access, at the load/store unit, MSHR merges
 *                    included); GMC_WSCHED_L1_EVICT, line `line`, which a
 *                    fill for a load of w allocated, was evicted by another
 *                    fill (w may have exited since: the SM remembers the
 *                    slot, not the warp).  What a CCWS-like policy feeds
 *                    its per-warp victim tags by.  NULL = none, and the SM
 *                    then keeps no owner per L1 line: the default path
 *                    pays one test per L1 miss and per fill.
 *   init(s, err, n) / free(s)
 *                    Set up / release the scheduler's own state in
 *                    s->priv, once per scheduler instance (the SM calls
 *                    them at build and teardown; s->index, s->count,
 *                    s->slots and s->view are filled before init).  init
 *                    returns 0, or -1 with one line in err.  NULL = no
 *                    state of its own.
 *
 * The view (gmc_wsched_view_t) reads the SM's own records of each warp in
 * place -- a pointer, built once per SM, not arrays filled per pick -- so
 * a scheduler that reads nothing of it pays nothing.  Read it only through
 * the accessors below, only for resident warps (a slot that launched and
 * has not exited), and never write through it.  A scheduler never issues,
 * never touches the L1, and sees time only through v->now.
 *
 * A new scheduler: a file with its ops table, a line in gmc_wsched.c's
 * registry (then `warp_sched = NAME` and `gmc sim --warp-sched NAME`
 * select it), tests in tests/unit/test_gmc_wsched.c. */
#ifndef GMC_WSCHED_H
#define GMC_WSCHED_H
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "gpu/gmc_kernel.h"
#include "gpu/gmc_machine.h"
#ifdef __cplusplus
extern "C" {
#endif

/* Read-only view of an SM's warps, filled once by the SM (gmc_sm.c):
 * where each record lives and where in it each field is.  Fields are
 * read with the accessors; their types are fixed (the SM asserts them). */
typedef struct gmc_wsched_view {
    const uint64_t      *age;        /* [slot]: launch order (lower = launched earlier; unique) */
    const uint64_t      *now;        /* the core cycle being stepped */
    const unsigned char *warp;       /* slot w's record at warp + w * warp_size */
    const unsigned char *cta;        /* CTA slot c's record at cta + c * cta_size */
    uint32_t             warp_size, cta_size;
    uint16_t             at_op;      /* uint8_t: the fetched next instruction's gmc_op_t */
    uint16_t             at_ended;   /* uint8_t: the stream ended (the next issue is an exit) */
    uint16_t             at_cta;     /* uint32_t: the warp's CTA slot on this SM */
    uint16_t             at_pending; /* uint32_t: sectors (or the atomic) its load still waits for */
    uint16_t             at_kcta;    /* uint32_t, in the CTA record: the kernel's CTA id */
    unsigned             sm;         /* the SM's id */
    unsigned             slots;      /* warp slots of the SM (warps_per_sm) */
    const uint32_t      *stride;     /* the running kernel's CTAs per thread batch (1 without batching) */
} gmc_wsched_view_t;

static inline uint32_t gmc_wsched_u32_(const unsigned char *p)
{
    uint32_t x;
    memcpy(&x, p, sizeof x);
    return x;
}

/* Slot w's next operation: GMC_OP_ALU .. GMC_OP_EXIT, from the fetched
 * instruction's head (an op the SM does not know issues as ALU; a stream
 * that ended is an exit). */
static inline gmc_op_t gmc_wsched_next_op(const gmc_wsched_view_t *v, unsigned w)
{
    const unsigned char *r = v->warp + (size_t)w * v->warp_size;
    uint8_t op = r[v->at_op];
    return r[v->at_ended] ? GMC_OP_EXIT : op < GMC_OP_N ? (gmc_op_t)op : GMC_OP_ALU;
}
/* Sectors slot w's load or atomic still waits for (0: none outstanding). */
static inline uint32_t gmc_wsched_pending(const gmc_wsched_view_t *v, unsigned w)
{
    return gmc_wsched_u32_(v->warp + (size_t)w * v->warp_size + v->at_pending);
}
/* Slot w's CTA: its slot on this SM (0 .. ctas_per_sm - 1) and its id in
 * the kernel's grid (consecutive ids were launched consecutively). */
static inline uint32_t gmc_wsched_cta_slot(const gmc_wsched_view_t *v, unsigned w)
{
    return gmc_wsched_u32_(v->warp + (size_t)w * v->warp_size + v->at_cta);
}
static inline uint32_t gmc_wsched_kcta(const gmc_wsched_view_t *v, unsigned w)
{
    return gmc_wsched_u32_(v->cta + (size_t)gmc_wsched_cta_slot(v, w) * v->cta_size + v->at_kcta);
}
/* Slot w's thread batch: its kernel CTA id / the batch stride
 * (docs/thread-batching.md; consecutive batches are consecutive ids). */
static inline uint32_t gmc_wsched_batch(const gmc_wsched_view_t *v, unsigned w)
{
    return gmc_wsched_kcta(v, w) / *v->stride;
}
/* Slot w's launch age (GTO's "oldest" is the lowest). */
static inline uint64_t gmc_wsched_age(const gmc_wsched_view_t *v, unsigned w) { return v->age[w]; }

/* One scheduler instance (the SM holds schedulers_per_sm of them). */
typedef struct gmc_wsched {
    int                      last;    /* slot issued last, -1 before any (kept by the SM) */
    unsigned                 index;   /* k: this scheduler's number on its SM */
    unsigned                 count;   /* schedulers_per_sm */
    uint64_t                 slots;   /* the warp slots it owns */
    const gmc_wsched_view_t *view;    /* its SM's warps */
    const gmc_machine_t     *machine; /* the machine's keys, read-only (a policy's parameters) */
    void                    *priv;    /* the scheduler's own state (init / free) */
} gmc_wsched_t;

/* The L1 events of the l1 hook. */
enum { GMC_WSCHED_L1_MISS = 0, GMC_WSCHED_L1_EVICT = 1 };

typedef struct gmc_wsched_ops {
    const char *name;       /* warp_sched = NAME, --warp-sched NAME */
    const char *summary;    /* one line for lists */
    int  (*pick)(const gmc_wsched_t *s, uint64_t cand, const gmc_wsched_view_t *v);
    void (*issued)(gmc_wsched_t *s, int w, const gmc_wsched_view_t *v);
    void (*launched)(gmc_wsched_t *s, int w, const gmc_wsched_view_t *v);
    void (*exited)(gmc_wsched_t *s, int w, const gmc_wsched_view_t *v);
    int  (*init)(gmc_wsched_t *s, char *err, size_t n);
    void (*free)(gmc_wsched_t *s);
    void (*l1)(gmc_wsched_t *s, int w, uint64_t line, int ev, const gmc_wsched_view_t *v);   /* last: optional */
} gmc_wsched_ops_t;

extern const gmc_wsched_ops_t gmc_wsched_lrr;   /* loose round robin (gmc_wsched_lrr.c) */
extern const gmc_wsched_ops_t gmc_wsched_gto;   /* greedy then oldest (gmc_wsched_gto.c) */
extern const gmc_wsched_ops_t gmc_wsched_ccws;  /* cache-conscious wavefront scheduling (gmc_wsched_ccws.c) */
extern const gmc_wsched_ops_t gmc_wsched_tbas;  /* TEMP's thread-batch-aware scheduling (gmc_wsched_tbas.c) */

/* The shipped schedulers, registry order; NULL past the end. */
const gmc_wsched_ops_t *gmc_wsched_get(unsigned i);
/* By name: 0, or -1 with "warp_sched: expected one of lrr, gto, ccws, tbas, found
 * 'NAME'" in err. */
int gmc_wsched_find(const char *name, const gmc_wsched_ops_t **ops, char *err, size_t n);

#ifdef __cplusplus
}
#endif
#endif
