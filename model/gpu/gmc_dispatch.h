/* gmc_dispatch: CTA (thread-block) dispatch, pluggable through an ops
 * table: which SM each CTA of the running kernel starts on, and when.
 *
 * The contract (every dispatcher):
 *
 *   dispatch(d)      Runs at core edges while the kernel has CTAs not yet
 *                    launched (not necessarily at every edge: see
 *                    next_event).  It starts CTAs with the calls below:
 *                    gmc_dispatch_fits says whether the kernel's CTA fits
 *                    an SM now (every CTA of a kernel needs the same warps,
 *                    threads, registers and shared memory), gmc_dispatch_take
 *                    hands out the next CTA id in grid order,
 *                    gmc_dispatch_launch starts a taken CTA on an SM it
 *                    fits.  A CTA's warps may issue from the next core
 *                    cycle.  Every id must be taken and launched once;
 *                    ids may be taken ahead and launched later, in any
 *                    order.
 *   next_event(d)    The earliest core cycle (gmc_dispatch_now's count) at
 *                    which a dispatch call could launch something, given
 *                    what the dispatcher knows now; GMC_DISPATCH_NEVER:
 *                    not before an SM's CTA ends (cta_end).  The GPU skips
 *                    idle time up to that answer, so a later cycle than
 *                    the truth changes results; answering
 *                    gmc_dispatch_now(d) ("the coming cycle") is always
 *                    correct, only slower.  Asked between core edges, any
 *                    number of times: pure.  NULL = always the coming
 *                    cycle.
 *   cta_end(d, sm)   A CTA on SM sm finished (its room is free again).
 *                    NULL = none.
 *   kernel_begin(d)  A kernel starts (gmc_dispatch_ctas(d) is its grid);
 *                    per-kernel state is reset here.  NULL = none.
 *   init(d, err, n) / free(d)
 *                    Set up / release the dispatcher's own state in
 *                    d->priv, once per GPU.  init returns 0, or -1 with one
 *                    line in err.  NULL = none.
 *
 * A dispatcher's choices depend only on what these calls tell it (runs
 * reproduce).  gmc_dispatch_reference(d) is 1 in the GPU's slow reference
 * mode (GMC_GPU_STEP_DISPATCH; every_edge includes it): a dispatcher that
 * skips asking SMs it knows are full must ask every SM then, so that the
 * comparison of the two modes tests its skipping (tests/cli/sim.sh,
 * sim_skip_components.sh, sim_random_machines).
 *
 * TEMP [JETC'19]'s serial per-SM dispatch queues fit this interface: init
 * allocates one queue per SM (gmc_dispatch_sms); kernel_begin (or a
 * dispatch call that finds the queues short) fills them with consecutive
 * ids from gmc_dispatch_take -- a run of ctas / sms ids per SM, so that
 * neighbouring CTAs, which share data, run on one SM and the SMs get equal
 * shares; dispatch launches each SM's queue head while it fits, in the
 * queue's order (gmc_dispatch_launch with that id); cta_end marks the SM
 * as worth asking again; next_event answers GMC_DISPATCH_NEVER while every
 * SM with a non-empty queue is known to be full, else the coming cycle.
 * Work stealing between queues, if wanted, is a dispatch-time choice of
 * which queue's head to launch.  It is a new file and a registry line.
 *
 * A new dispatcher: a file with its ops table, a line in gmc_dispatch.c's
 * registry (then `cta_dispatch = NAME` selects it), tests in
 * tests/unit/test_gmc_dispatch.c. */
#ifndef GMC_DISPATCH_H
#define GMC_DISPATCH_H
#include <stddef.h>
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif

#define GMC_DISPATCH_NEVER UINT64_MAX

struct gmc_gpu;
struct gmc_dispatch_ops;

/* A GPU's dispatcher: its ops, its own state, and the GPU it serves
 * (opaque: reached only through the calls below; the fields after gpu
 * are the GPU's, read by the inline calls, never written). */
typedef struct gmc_dispatch {
    const struct gmc_dispatch_ops *ops;
    void                          *priv;   /* the dispatcher's own state (init / free) */
    struct gmc_gpu                *gpu;
    unsigned                       sms_;
    int                            reference_;
    const uint64_t                *now_;
    const uint32_t                *next_cta_, *ctas_, *launched_;
    const uint32_t                *stride_;
} gmc_dispatch_t;

typedef struct gmc_dispatch_ops {
    const char *name;       /* cta_dispatch = NAME */
    const char *summary;    /* one line for lists */
    void     (*dispatch)(gmc_dispatch_t *d);
    uint64_t (*next_event)(const gmc_dispatch_t *d);
    void     (*cta_end)(gmc_dispatch_t *d, unsigned sm);
    void     (*kernel_begin)(gmc_dispatch_t *d);
    int      (*init)(gmc_dispatch_t *d, char *err, size_t n);
    void     (*free)(gmc_dispatch_t *d);
} gmc_dispatch_ops_t;

/* What a dispatcher may ask and do (the last three in gmc_dispatch.c). */
static inline unsigned gmc_dispatch_sms(const gmc_dispatch_t *d) { return d->sms_; }   /* SMs 0 .. sms-1 */
static inline uint32_t gmc_dispatch_ctas(const gmc_dispatch_t *d) { return *d->ctas_; }  /* the kernel's */
/* The id gmc_dispatch_take hands out next; gmc_dispatch_ctas(d) when
 * every id was taken. */
static inline uint32_t gmc_dispatch_next_cta(const gmc_dispatch_t *d) { return *d->next_cta_; }
static inline uint32_t gmc_dispatch_launched(const gmc_dispatch_t *d) { return *d->launched_; }
static inline uint64_t gmc_dispatch_now(const gmc_dispatch_t *d) { return *d->now_; }   /* the core
                                                                 cycle running or about to run */
static inline int gmc_dispatch_reference(const gmc_dispatch_t *d) { return d->reference_; }
/* The running kernel's thread batch: CTAs per batch (temp_batch_stride, or
 * the profile's when 0; docs/thread-batching.md), valid from kernel_begin;
 * 1 unless a thread-batch mechanism is on. */
static inline uint32_t gmc_dispatch_batch_stride(const gmc_dispatch_t *d) { return *d->stride_; }
uint32_t gmc_dispatch_take(gmc_dispatch_t *d);                      /* next_cta, then one past it */
int      gmc_dispatch_fits(const gmc_dispatch_t *d, unsigned sm);   /* the kernel's CTA fits SM sm now */
/* Starts taken CTA `cta` on SM `sm`, which it must fit (a programming
 * error otherwise: the run fails with one line). */
void     gmc_dispatch_launch(gmc_dispatch_t *d, unsigned sm, uint32_t cta);

/* GigaThread-like round robin (gmc_dispatch_rr.c). */
extern const gmc_dispatch_ops_t gmc_dispatch_rr;
/* TEMP [JETC'19]'s serial dispatch: a queue of consecutive CTAs per SM (gmc_dispatch_serial.c). */
extern const gmc_dispatch_ops_t gmc_dispatch_serial;

/* The shipped dispatchers, registry order; NULL past the end. */
const gmc_dispatch_ops_t *gmc_dispatch_get(unsigned i);
/* By name: 0, or -1 with "cta_dispatch: expected one of rr, serial, found
 * 'NAME'" in err. */
int gmc_dispatch_find(const char *name, const gmc_dispatch_ops_t **ops, char *err, size_t n);

#ifdef __cplusplus
}
#endif
#endif
