/* gmc_icnt: the interconnect between SMs and memory partitions, behind an
 * ops table so that a mesh, a ring, virtual channels and the hold-grant
 * allocator [Yuan, MICRO'09] can replace the crossbar without touching the
 * SMs or the L2.  Two instances run in a GPU: the request network (SM
 * ports -> L2 slice ports) and the reply network (slices -> SMs).
 * Topologies are registered by name (gmc_icnt_find; the machine key
 * icnt_topology); their switch allocation is a gmc_alloc_ops_t
 * (gpu/gmc_alloc.h) that the crossbar and, later, every mesh router call.
 *
 * Contract (every implementation):
 *   - Time is the interconnect clock; gmc_icnt_tick moves one cycle.
 *   - send(src, pkt) puts pkt into src's injection buffer for virtual
 *     channel cfg.vc_of[pkt->kind] at the current cycle: GMC_ICNT_OK, or
 *     GMC_ICNT_FULL (nothing kept: back-pressure; the caller retries on a
 *     later cycle).  pkt->dst must be < outputs.  Each VC of a port has
 *     its own buffer of in_buf packets: a full VC does not refuse packets
 *     of another.
 *   - A packet can be ejected (peek/pop at its dst) no earlier than
 *     latency cycles after it was sent, and stays in dst's ejection buffer
 *     until popped; a full ejection buffer stops traffic to it (credits),
 *     it never drops.
 *   - Order: packets from one src to one dst on one VC are ejected in
 *     send order (with one VC, all of a pair's packets).
 *   - Deterministic: no randomness; ties by port number, round-robin.
 *   - Placement: cfg.in_node / out_node say which network node each port
 *     attaches to (a mesh's router; NULL = port i at node i).  new()
 *     copies what it keeps: the caller's arrays may go after it returns.
 *     The crossbar's cost is the same between any two ports, so it
 *     accepts any valid placement and needs none.
 *   - idle() is 1 when nothing is buffered or in flight anywhere (a tick
 *     would change nothing but now): the GPU then skips the network's
 *     ticks (now += 1 instead).
 *   - Two fields of the base that the GPU reads inline, kept by every
 *     implementation: in_net, the packets sent and not yet popped (0 ==
 *     idle()), and dst_at[dst], the cycle from which peek(dst) returns a
 *     packet (UINT64_MAX while nothing is on its way to dst): an SM or
 *     slice with nothing ejectable (dst_at > now) and nothing of its own
 *     to do skips its cycle.  And src_used[vc * inputs + src]:
 *     can_send(src, vc) is 1 exactly when that entry is < cfg.in_buf (the
 *     fill of src's injection buffer for vc), so a blocked sender's retry
 *     costs a load, not a call; src_used_of[kind] is the row of the VC
 *     packets of that kind go on (a sender asks about its head packet).
 *     gmc_icnt_set_src_used sets both.
 *
 * A new topology: a file with its gmc_icnt_topo_t (and ops table), a line
 * in gmc_icnt.c's registry (then `icnt_topology = NAME` selects it); the
 * contract tests (tests/unit/test_gmc_icnt.c) run over every registered one.
 */
#ifndef GMC_ICNT_H
#define GMC_ICNT_H
#include <stddef.h>
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif

/* What travels: one 32-byte sector's request or reply (the GPU's unit of
 * memory traffic below L1). */
typedef enum {
    GMC_PKT_READ = 0,   /* SM -> L2: read one sector */
    GMC_PKT_WRITE,      /* SM -> L2: write (bytes of data on the wire) */
    GMC_PKT_ATOM,       /* SM -> L2: atomic, replied to like a read */
    GMC_PKT_READ_REPLY, /* L2 -> SM: the sector's data */
    GMC_PKT_ATOM_REPLY, /* L2 -> SM */
    GMC_PKT_KINDS
} gmc_pkt_kind_t;

typedef struct {
    uint64_t addr;        /* sector address */
    uint64_t pc;
    uint32_t tag;         /* the sender's, carried back in the reply (the SM: a read's L1 MSHR
                             entry + 1, 0 for none, and a read's or atomic's load record
                             in bits 17-26) */
    uint32_t sent;        /* stat: icnt cycle it was sent, modulo 2^32 (set by send; only
                             differences are used, and no packet waits 2^32 cycles) */
    uint16_t src, dst;    /* ports (dst: slice for requests, SM for replies; <= 65535) */
    uint16_t sm, warp;    /* the requesting warp (Warped-MC's identity; machines: <= 1024 SMs, 64 warps) */
    uint16_t bytes;       /* size on the wire: header plus data */
    uint8_t  kind;        /* gmc_pkt_kind_t */
    uint8_t  offchip;     /* reply: the sector came from DRAM (an L2 miss) */
    union {               /* a reply's, and in its place a request's (the kind says which) */
        uint32_t dram_in_mc;  /* reply, if offchip: DRAM cycles from entering the controller to
                                 the data (saturated at UINT32_MAX) */
        uint32_t loc;     /* request, behind a BIM or a modulus channel split: its DRAM row << 6 |
                             bank (GMC_PKT_LOC), located once by the SM for the row locality
                             before and after the network (gmc_sm.c).  40 bytes in all:
                             packets are copied a few times per request, so their size is speed */
    };
} gmc_pkt_t;
/* A request's loc: row < 2^24 and bank < 64 (the DRAM configs' limits). */
#define GMC_PKT_LOC(row, bank) ((uint32_t)(row) << 6 | (uint32_t)(bank))
#define GMC_PKT_LOC_BANK(loc)  ((loc) & 63u)
#define GMC_PKT_LOC_ROW(loc)   ((loc) >> 6)

enum { GMC_ICNT_OK = 0, GMC_ICNT_FULL = 1 };

#define GMC_ICNT_MAX_VCS 8

struct gmc_alloc_ops;
#include "gpu/gmc_alloc.h"   /* gmc_alloc_hold_t */

/* Where an address lands in DRAM: its row and bank (the GPU: the memory
 * system's decode).  For allocators that hold grants by row and, later,
 * row-locality statistics. */
typedef void (*gmc_icnt_locate_fn)(const void *ctx, uint64_t addr, uint32_t *row, uint32_t *bank);

typedef struct {
    uint32_t inputs, outputs;
    uint32_t in_buf;      /* packets per injection buffer, per VC (>= 1) */
    uint32_t out_buf;     /* packets per ejection buffer (>= 1) */
    uint32_t latency;     /* cycles from send to earliest ejection (>= 1) */
    uint32_t flit_bytes;  /* a packet of b bytes holds its output ceil(b / flit_bytes) cycles */
    uint32_t vcs;         /* virtual channels per injection port, 1..GMC_ICNT_MAX_VCS (the GPU: 1) */
    uint8_t  vc_of[GMC_PKT_KINDS];   /* packet kind -> the VC it is injected on (< vcs) */
    uint32_t nodes;       /* network nodes the ports attach to (0 with no placement) */
    const uint32_t *in_node;   /* [inputs]: input port i's node (< nodes); NULL = node i */
    const uint32_t *out_node;  /* [outputs]: output port o's node (< nodes); NULL = node o */
    const struct gmc_alloc_ops *alloc;   /* switch allocator; NULL = gmc_alloc_rr */
    gmc_alloc_hold_t hold;     /* the allocator's hold grant (zero: none; gmc_alloc_hg only) */
    gmc_icnt_locate_fn locate; /* a packet's row and bank, for hold.policy RMHG/HMHG (required
                                  then; NULL otherwise: not called) */
    const void *locate_ctx;
} gmc_icnt_cfg_t;

typedef struct gmc_icnt gmc_icnt_t;

typedef struct {
    int              (*send)(gmc_icnt_t *n, uint32_t src, const gmc_pkt_t *p);
    void             (*tick)(gmc_icnt_t *n);
    const gmc_pkt_t *(*peek)(const gmc_icnt_t *n, uint32_t dst);
    void             (*pop)(gmc_icnt_t *n, uint32_t dst);
    int              (*idle)(const gmc_icnt_t *n);
    int              (*can_send)(const gmc_icnt_t *n, uint32_t src, uint32_t vc);
    void             (*free)(gmc_icnt_t *n);
} gmc_icnt_ops_t;

/* Every implementation's state starts with this. */
struct gmc_icnt {
    const gmc_icnt_ops_t *ops;
    gmc_icnt_cfg_t        cfg;
    uint64_t              now;
    uint64_t              in_net;             /* packets sent, not yet popped */
    const uint64_t       *dst_at;             /* [outputs]: peek(dst) != NULL from this cycle on */
    const uint32_t       *src_used;           /* [vcs * inputs]: can_send(src, vc) ==
                                                 (src_used[vc * inputs + src] < in_buf) */
    const uint32_t       *src_used_of[GMC_PKT_KINDS];   /* src_used + vc_of[kind] * inputs: the
                                                 row of a kind's VC (gmc_icnt_set_src_used) */
    /* counters, kept by every implementation */
    uint64_t              packets, bytes;     /* ejected */
    uint64_t              latency_sum;        /* sum over ejected packets of (pop cycle - sent) */
    uint64_t              full_refusals;      /* sends that got GMC_ICNT_FULL */
    uint64_t              holds;              /* switch grants that were holds (hold grant) */
    uint64_t              hold_ends;          /* holds a hold limit ended */
};

/* A topology: how to build a network of that shape. */
typedef struct gmc_icnt_topo {
    const char *name;       /* icnt_topology = NAME */
    const char *summary;    /* one line for lists */
    /* Builds one network; cfg passed gmc_icnt_cfg_check.  NULL with one
     * line in err (naming the field and what the topology expected). */
    gmc_icnt_t *(*make)(const gmc_icnt_cfg_t *cfg, char *err, size_t n);
} gmc_icnt_topo_t;

/* The crossbar (gmc_xbar.c): per input and VC a FIFO of in_buf packets;
 * each cycle a separable input-first allocation (cfg.alloc) of the heads
 * to the outputs, one grant per input and per output; a transfer of
 * latency cycles, and per output an ejection FIFO of out_buf packets whose
 * free slots are the credits (a grant needs one). */
extern const gmc_icnt_topo_t gmc_icnt_xbar;
gmc_icnt_t *gmc_xbar_new(const gmc_icnt_cfg_t *cfg, char *err, size_t n);

/* The registered topologies, registry order; NULL past the end. */
const gmc_icnt_topo_t *gmc_icnt_topo_get(unsigned i);
/* By name: 0, or -1 with "icnt_topology: expected one of xbar, found
 * 'NAME'" in err. */
int gmc_icnt_find(const char *name, const gmc_icnt_topo_t **topo, char *err, size_t n);
/* The fields every topology reads (ports, buffers, latency, flit, vcs and
 * vc_of, placement): 0, or -1 with one line naming the field. */
int gmc_icnt_cfg_check(const gmc_icnt_cfg_t *cfg, char *err, size_t n);
/* An implementation's new() names its injection-buffer fills
 * ([vcs * inputs], VC-major): sets n->src_used and n->src_used_of from
 * n->cfg. */
void gmc_icnt_set_src_used(gmc_icnt_t *n, const uint32_t *src_used);
/* gmc_icnt_cfg_check, then the topology's make. */
gmc_icnt_t *gmc_icnt_new(const gmc_icnt_topo_t *topo, const gmc_icnt_cfg_t *cfg, char *err, size_t n);

static inline int gmc_icnt_send(gmc_icnt_t *n, uint32_t src, const gmc_pkt_t *p) { return n->ops->send(n, src, p); }
static inline void gmc_icnt_tick(gmc_icnt_t *n) { n->ops->tick(n); }
/* dst_at is exact by the contract: nothing ejectable needs no call */
static inline const gmc_pkt_t *gmc_icnt_peek(const gmc_icnt_t *n, uint32_t dst)
{
    return n->dst_at[dst] > n->now ? NULL : n->ops->peek(n, dst);
}
static inline void gmc_icnt_pop(gmc_icnt_t *n, uint32_t dst) { n->ops->pop(n, dst); }
static inline int gmc_icnt_idle(const gmc_icnt_t *n) { return n->ops->idle(n); }
/* src_used is exact by the contract, as dst_at */
static inline int gmc_icnt_can_send_vc(const gmc_icnt_t *n, uint32_t src, uint32_t vc)
{
    return n->src_used[vc * n->cfg.inputs + src] < n->cfg.in_buf;
}
/* The VC a packet of this kind is injected on. */
static inline uint32_t gmc_icnt_vc_of(const gmc_icnt_t *n, unsigned kind) { return n->cfg.vc_of[kind]; }
/* Room from src for a packet of this kind (gmc_pkt_kind_t), on its VC. */
static inline int gmc_icnt_can_send_kind(const gmc_icnt_t *n, uint32_t src, unsigned kind)
{
    return n->src_used_of[kind][src] < n->cfg.in_buf;
}
static inline int gmc_icnt_can_send_pkt(const gmc_icnt_t *n, uint32_t src, const gmc_pkt_t *p)
{
    return gmc_icnt_can_send_kind(n, src, p->kind);
}
/* Room on VC 0: the whole answer for a sender whose packets' kinds all map
 * to VC 0 (gmc_l2.c's replies, while the GPU's networks have one VC). */
static inline int gmc_icnt_can_send(const gmc_icnt_t *n, uint32_t src) { return gmc_icnt_can_send_vc(n, src, 0); }
static inline void gmc_icnt_free(gmc_icnt_t *n) { if (n) n->ops->free(n); }

#ifdef __cplusplus
}
#endif
#endif
