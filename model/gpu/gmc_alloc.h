/* gmc_alloc: switch allocators, pluggable through an ops table -- which
 * waiting packet crosses the switch to which output this cycle.  The
 * crossbar (gmc_xbar.c) calls one per tick; a mesh router would call one
 * per router per cycle.
 *
 * Requesters: an input port has cfg.vcs virtual channels, each with one
 * head packet; requester r = vc * inputs + input (with one VC, r is the
 * input).  Each requester requests at most one output (its head's).
 *
 * The contract (every allocator):
 *
 *   allocate(a, in, req, out)
 *                    The requests matrix in, the grants out.  in->req is
 *                    the matrix by output: row o (in->req + o *
 *                    in->req_words) has bit r set when requester r requests
 *                    output o.  in->ready has bit o set for the outputs that
 *                    may take a packet this cycle (a credit, not busy);
 *                    requests to other outputs are not granted.  Writes
 *                    grant k as (req[k], out[k]) and returns the number of
 *                    grants: at most one per output, at most one per input
 *                    port (over its VCs), each one a request of the
 *                    matrix to a ready output.  req and out hold `outputs`
 *                    entries.  Deterministic; no allocation, no I/O.  Its
 *                    own state (round-robin pointers, a hold-grant's held
 *                    input) changes only for final grants: an arbiter whose
 *                    choice lost at the next stage keeps its pointer.
 *                    The caller applies every grant before the next call
 *                    (the matrix then has the next heads).
 *   init(a, err, n) / free(a)
 *                    Set up / release the allocator's own state in a->priv
 *                    for a->cfg's ports.  init returns 0, or -1 with one
 *                    line in err.  NULL = none.
 *
 * The hold-grant allocator of Yuan et al. [MICRO'09] is to come as an
 * RTL-twinned block (model/blocks/, in gmc_bankarb.h's style: cfg, in and
 * out ports, flops, a pure step): its ops table's allocate maps the
 * matrix onto the block's request ports, steps it, commits its state and
 * reads its grant ports, and the crossbar and every mesh router call it
 * as the memory controller calls gmc_bankarb.  A new allocator is a file
 * with its ops table and a line in gmc_alloc.c's registry; the allocator
 * contract tests (tests/unit/test_gmc_alloc.c) run over every registered one. */
#ifndef GMC_ALLOC_H
#define GMC_ALLOC_H
#include <stddef.h>
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    uint32_t inputs;        /* input ports */
    uint32_t outputs;       /* output ports */
    uint32_t vcs;           /* requesters per input port */
} gmc_alloc_cfg_t;

typedef struct {
    const uint64_t *req;        /* [outputs * req_words]: row o = the requesters of output o */
    uint32_t        req_words;  /* words per row: >= ceil(inputs * vcs / 64) */
    const uint64_t *ready;      /* [ceil(outputs / 64)]: outputs that may grant this cycle */
} gmc_alloc_in_t;

struct gmc_alloc_ops;

/* One allocator instance. */
typedef struct gmc_alloc {
    const struct gmc_alloc_ops *ops;
    gmc_alloc_cfg_t             cfg;
    void                       *priv;   /* the allocator's own state (init / free) */
} gmc_alloc_t;

typedef struct gmc_alloc_ops {
    const char *name;
    const char *summary;    /* one line for lists */
    uint32_t (*allocate)(gmc_alloc_t *a, const gmc_alloc_in_t *in, uint32_t *req, uint32_t *out);
    int      (*init)(gmc_alloc_t *a, char *err, size_t n);
    void     (*free)(gmc_alloc_t *a);
} gmc_alloc_ops_t;

/* Separable input-first round robin (gmc_alloc_rr.c): each input port
 * picks one of its requesting VCs whose output is ready, round robin from
 * after the VC it was last granted for; each ready output grants one of
 * the inputs that picked it, round robin from after the input it granted
 * last; both pointers move only on a grant.  With one VC the input stage
 * has nothing to choose. */
extern const gmc_alloc_ops_t gmc_alloc_rr;

/* Sets a up for cfg with ops (checking the ports: 1..65536 inputs and
 * outputs, 1..64 VCs) and calls its init: 0, or -1 with one line in err. */
int  gmc_alloc_init(gmc_alloc_t *a, const gmc_alloc_ops_t *ops, const gmc_alloc_cfg_t *cfg,
                    char *err, size_t n);
void gmc_alloc_free(gmc_alloc_t *a);   /* after a successful gmc_alloc_init only */
static inline uint32_t gmc_alloc_allocate(gmc_alloc_t *a, const gmc_alloc_in_t *in, uint32_t *req,
                                          uint32_t *out)
{
    return a->ops->allocate(a, in, req, out);
}

/* The shipped allocators, registry order; NULL past the end. */
const gmc_alloc_ops_t *gmc_alloc_get(unsigned i);
/* By name: 0, or -1 with "icnt allocator: expected one of rr, found
 * 'NAME'" in err. */
int gmc_alloc_find(const char *name, const gmc_alloc_ops_t **ops, char *err, size_t n);

#ifdef __cplusplus
}
#endif
#endif
