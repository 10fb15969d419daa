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
 *   Rows: in->row / in->bank (NULL when the network has none) give each
 *   requester's head's DRAM row and bank, for allocators that hold grants
 *   by row (cfg.hold.policy RMHG, HMHG).  Counters: a->holds (grants that
 *   were holds) and a->hold_ends (holds a hold limit ended), kept by the
 *   allocators that hold grants, 0 in the others.
 *
 * The hold-grant allocator of Yuan et al. [MICRO'09] (gmc_alloc_hg.c) is an
 * RTL-twinned block, model/blocks/gmc_hgalloc.h: its allocate maps the
 * matrix onto the block's request ports, steps it and reads its grant
 * ports, so the crossbar and every router call the function co-simulation
 * checks, as the memory controller calls gmc_bankarb.  A new allocator is
 * a file with its ops table and a line in gmc_alloc.c's registry; the
 * allocator contract tests (tests/unit/test_gmc_alloc.c) run over every
 * registered one. */
#ifndef GMC_ALLOC_H
#define GMC_ALLOC_H
#include <stddef.h>
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif

/* Hold grant [Yuan, MICRO'09] (docs/blocks/gmc_hgalloc.md): which policy,
 * and what RMHG/HMHG compare.  All zero: no hold (every allocator). */
enum { GMC_ALLOC_HOLD_NONE = 0, GMC_ALLOC_HOLD_HG, GMC_ALLOC_HOLD_RMHG, GMC_ALLOC_HOLD_HMHG,
       GMC_ALLOC_HOLD_N };
typedef struct {
    uint32_t policy;        /* GMC_ALLOC_HOLD_* (the machine key icnt_hold) */
    uint32_t hash_bits;     /* HMHG's k (icnt_hold_k); 0 = 4 */
    uint32_t limit;         /* holds in a row per output, 0 = unlimited (icnt_hold_limit) */
    uint32_t row_bits;      /* width of the rows in gmc_alloc_in_t.row (RMHG, HMHG) */
    uint32_t bank_bits;     /* width of the banks in gmc_alloc_in_t.bank */
} gmc_alloc_hold_t;

typedef struct {
    uint32_t inputs;        /* input ports */
    uint32_t outputs;       /* output ports */
    uint32_t vcs;           /* requesters per input port */
    gmc_alloc_hold_t hold;  /* zero: none */
} gmc_alloc_cfg_t;

typedef struct {
    const uint64_t *req;        /* [outputs * req_words]: row o = the requesters of output o */
    uint32_t        req_words;  /* words per row: >= ceil(inputs * vcs / 64) */
    const uint64_t *ready;      /* [ceil(outputs / 64)]: outputs that may grant this cycle */
    const uint32_t *row;        /* [inputs * vcs]: each requester's head's DRAM row, or NULL */
    const uint8_t  *bank;       /* [inputs * vcs]: its bank, or NULL */
} gmc_alloc_in_t;

struct gmc_alloc_ops;

/* One allocator instance. */
typedef struct gmc_alloc {
    const struct gmc_alloc_ops *ops;
    gmc_alloc_cfg_t             cfg;
    void                       *priv;   /* the allocator's own state (init / free) */
    uint64_t                    holds;      /* grants that were holds */
    uint64_t                    hold_ends;  /* holds a hold limit ended */
} gmc_alloc_t;

typedef struct gmc_alloc_ops {
    const char *name;
    const char *summary;    /* one line for lists */
    uint32_t    max_ports;  /* most inputs and outputs it takes (0: 65536) */
    int         holds;      /* 1: it implements cfg.hold (else the policy must be none) */
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

/* The hold-grant allocator (gmc_alloc_hg.c): gmc_hgalloc_step, the
 * RTL-twinned block, per call.  Inputs are the ports; a port with several
 * VCs requests every output one of its VC heads targets, and a grant goes
 * to the first of those VCs round robin from after the one granted last.
 * Up to 64 inputs and outputs. */
extern const gmc_alloc_ops_t gmc_alloc_hg;

/* Sets a up for cfg with ops (checking the ports: 1..65536 inputs and
 * outputs, or the allocator's max_ports; 1..64 VCs; a hold policy only
 * for an allocator that holds) and calls its init: 0, or -1 with one line
 * in err. */
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
/* By name: 0, or -1 with "icnt allocator: expected one of rr, hgalloc,
 * found 'NAME'" in err. */
int gmc_alloc_find(const char *name, const gmc_alloc_ops_t **ops, char *err, size_t n);
/* A hold policy by name (none, hg, rmhg, hmhg): 0 and *policy, or -1 with
 * "icnt_hold: expected one of none, hg, rmhg, hmhg, found 'NAME'" in err. */
int gmc_alloc_hold_find(const char *name, uint32_t *policy, char *err, size_t n);
const char *gmc_alloc_hold_name(uint32_t policy);   /* NULL past the end */

#ifdef __cplusplus
}
#endif
#endif
