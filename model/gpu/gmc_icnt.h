/* gmc_icnt: the interconnect between SMs and memory partitions, behind an
 * ops table: the crossbar, a mesh and a ring (docs/interconnect.md), with
 * virtual channels and the hold-grant allocator [Yuan, MICRO'09], each
 * without touching the SMs or the L2.  Two instances run in a GPU: the request network (SM
 * ports -> L2 slice ports) and the reply network (slices -> SMs).
 * Topologies are registered by name (gmc_icnt_find; the machine key
 * icnt_topology); their switch allocation is a gmc_alloc_ops_t
 * (gpu/gmc_alloc.h) that the crossbar and, later, every mesh router call.
 *
 * Contract (every implementation):
 *   - Time is the interconnect clock; gmc_icnt_tick moves one cycle.
 *   - send(src, pkt) puts pkt into src's injection buffer for the
 *     virtual channel cfg.vc_assign gives it (gmc_icnt_inject_vc) at the
 *     current cycle: GMC_ICNT_OK, or GMC_ICNT_FULL (nothing kept:
 *     back-pressure; the caller retries on a later cycle).  pkt->dst must
 *     be < outputs.  Each VC of a port has its own buffer of in_buf
 *     packets: a full VC does not refuse packets of another.
 *   - VC assignment (cfg.vc_assign): GMC_ICNT_VC_KIND, a packet's kind
 *     picks its VC (cfg.vc_of) at injection and, in a network of routers,
 *     at every hop; GMC_ICNT_VC_DVCA, the first VC with room at injection
 *     and the first free output VC at every hop (Yuan et al. [MICRO'09]
 *     sec. 3.3's "dynamic" assignment); GMC_ICNT_VC_SVCA, every packet to
 *     output port m uses VC m mod vcs at injection and at every hop (their
 *     "static destination-based" assignment).  A topology that restricts
 *     VCs (the ring's dateline classes) chooses the same way within the
 *     class it allows.
 *   - A packet can be ejected (peek/pop at its dst) no earlier than
 *     latency cycles after it was sent, and stays in dst's ejection buffer
 *     until popped; a full ejection buffer stops traffic to it (credits),
 *     it never drops.
 *   - Order: packets from one src to one dst on one injection VC are
 *     ejected in send order (with one VC, all of a pair's packets) under
 *     KIND and SVCA assignment; under DVCA the crossbar keeps that order,
 *     but a network of routers may not (a pair's packets may take
 *     different VCs at a hop and pass each other: sec. 3.3's point).
 *   - Deterministic: no randomness; ties by port number, round-robin.
 *   - Placement: cfg.in_node / out_node say which network node each port
 *     attaches to (a mesh's router; NULL = port i at node i).  new()
 *     copies what it keeps: the caller's arrays may go after it returns.
 *     The crossbar's cost is the same between any two ports, so it
 *     accepts any valid placement and needs none; a mesh or ring takes at
 *     most one input and one output port per node (a router has one
 *     local port) and says so otherwise (gmc_icnt_topo_t.placed).
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
 *   - quiet: the ticks in a row in which packets were in the network and
 *     no flit crossed a switch and none was popped (0 after any tick that
 *     moved one, and while the network is empty): the saturation watchdog
 *     reads it (gmc_icnt_watchdog); stuck() describes a few packets that
 *     wait (node, VC, destination) for its message.
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
/* gmc_icnt_vc_for's answer under DVCA: any VC of the port with room */
#define GMC_ICNT_VC_ANY  GMC_ICNT_MAX_VCS
/* The largest packet the GPU sends (an 8-byte header and a 32-byte
 * sector): a router's VC buffer holds in_buf packets of this size, in
 * flits (gmc_noc_impl.h). */
#define GMC_ICNT_PKT_MAX_BYTES 40

/* How a packet's virtual channel is chosen (gmc_icnt_cfg_t.vc_assign). */
enum { GMC_ICNT_VC_KIND = 0, GMC_ICNT_VC_DVCA, GMC_ICNT_VC_SVCA, GMC_ICNT_VC_N };
/* Test-only switches (gmc_icnt_cfg_t.test_hooks): 0 in every real use. */
enum { GMC_ICNT_TEST_NO_DATELINE = 1 };   /* the ring ignores its dateline: it can deadlock */

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
    uint32_t vcs;         /* virtual channels per port, 1..GMC_ICNT_MAX_VCS (the GPU: icnt_vcs) */
    uint32_t vc_assign;   /* GMC_ICNT_VC_KIND (0), _DVCA or _SVCA (the GPU: icnt_vc_assign) */
    uint8_t  vc_of[GMC_PKT_KINDS];   /* KIND: packet kind -> its VC (< vcs) */
    uint32_t nodes;       /* network nodes the ports attach to (0 with no placement) */
    uint32_t mesh_cols;   /* a mesh's columns; 0 = near-square: ceil(sqrt(nodes)) */
    uint32_t test_hooks;  /* GMC_ICNT_TEST_*: 0 */
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
    /* Up to `most` packets that wait, "; "-separated, each as "node N VC v
     * -> dst d" (the crossbar: "input i VC v -> dst d"), into buf. */
    void             (*stuck)(const gmc_icnt_t *n, unsigned most, char *buf, size_t len);
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
    int                   vc_by_kind;         /* 1: a packet's injection VC is vc_of[kind] (KIND,
                                                 or one VC, where every assignment gives VC 0:
                                                 the senders' fast path; gmc_icnt_set_src_used) */
    /* counters, kept by every implementation */
    uint64_t              packets, bytes;     /* ejected */
    uint64_t              latency_sum;        /* sum over ejected packets of (pop cycle - sent) */
    uint64_t              full_refusals;      /* sends that got GMC_ICNT_FULL */
    uint64_t              holds;              /* switch grants that were holds (hold grant) */
    uint64_t              hold_ends;          /* holds a hold limit ended */
    uint64_t              quiet;              /* ticks in a row with packets and no flit moving */
};

/* A topology: how to build a network of that shape. */
typedef struct gmc_icnt_topo {
    const char *name;       /* icnt_topology = NAME */
    const char *summary;    /* one line for lists */
    /* Builds one network; cfg passed gmc_icnt_cfg_check.  NULL with one
     * line in err (naming the field and what the topology expected). */
    gmc_icnt_t *(*make)(const gmc_icnt_cfg_t *cfg, char *err, size_t n);
    uint32_t    min_vcs;    /* fewest VCs it runs with (0: 1) */
    const char *vcs_why;    /* why, for errors ("its dateline needs two classes") */
    int         placed;     /* 1: where ports sit matters (cfg.in_node, out_node) */
} gmc_icnt_topo_t;

/* The crossbar (gmc_xbar.c): per input and VC a FIFO of in_buf packets;
 * each cycle a separable input-first allocation (cfg.alloc) of the heads
 * to the outputs, one grant per input and per output; a transfer of
 * latency cycles, and per output an ejection FIFO of out_buf packets whose
 * free slots are the credits (a grant needs one). */
extern const gmc_icnt_topo_t gmc_icnt_xbar;
gmc_icnt_t *gmc_xbar_new(const gmc_icnt_cfg_t *cfg, char *err, size_t n);

/* The 2D mesh (gmc_mesh.c) and the bidirectional ring (gmc_ring.c): a
 * router per node, input-queued with VCs, credits and wormhole flow
 * control (gmc_noc.c, docs/interconnect.md).  The mesh routes X first,
 * then Y; the ring the shorter way round, with two VC classes split by a
 * dateline (at least two VCs). */
extern const gmc_icnt_topo_t gmc_icnt_mesh;
extern const gmc_icnt_topo_t gmc_icnt_ring;

/* The registered topologies, registry order; NULL past the end. */
const gmc_icnt_topo_t *gmc_icnt_topo_get(unsigned i);
/* By name: 0, or -1 with "icnt_topology: expected one of xbar, found
 * 'NAME'" in err. */
int gmc_icnt_find(const char *name, const gmc_icnt_topo_t **topo, char *err, size_t n);
/* The fields every topology reads (ports, buffers, latency, flit, vcs and
 * vc_of, placement): 0, or -1 with one line naming the field. */
int gmc_icnt_cfg_check(const gmc_icnt_cfg_t *cfg, char *err, size_t n);
/* An implementation's new() names its injection-buffer fills
 * ([vcs * inputs], VC-major): sets n->src_used, n->src_used_of and
 * n->vc_by_kind from n->cfg. */
void gmc_icnt_set_src_used(gmc_icnt_t *n, const uint32_t *src_used);
/* gmc_icnt_cfg_check, then the topology's make. */
gmc_icnt_t *gmc_icnt_new(const gmc_icnt_topo_t *topo, const gmc_icnt_cfg_t *cfg, char *err, size_t n);
/* A VC assignment by name ("dvca", "svca"; "kind" is not a machine's):
 * 0 and *mode, or -1 with "icnt_vc_assign: expected one of dvca, svca,
 * found 'NAME'" in err. */
int gmc_icnt_vc_assign_find(const char *name, uint32_t *mode, char *err, size_t n);
const char *gmc_icnt_vc_assign_name(uint32_t mode);   /* "kind", "dvca", "svca"; NULL past */
/* The saturation watchdog: 0 while n->quiet < limit (or limit 0), else -1
 * with one line in err: "icnt watchdog: the WHAT network (TOPOLOGY) moved
 * no flit for LIMIT cycles (icnt_watchdog) at icnt cycle C with P packets
 * in flight; waiting: ..." (a few of them, from stuck()). */
int gmc_icnt_watchdog(const gmc_icnt_t *n, const char *topology, const char *what, uint64_t limit,
                      char *err, size_t len);

/* Placement of a GPU's ports on a network of c + m nodes: c SMs (the
 * request network's inputs, the reply network's outputs) and m L2 slices
 * (the other side); node numbers row-major on a mesh of `cols` columns
 * (0: near-square), in ring order on a ring (docs/interconnect.md):
 *   GMC_ICNT_PLACE_GPGPUSIM  GPGPU-Sim's preset memory-node maps (its
 *                            intersim2 _CreateNodeMap, use_map = 1) for
 *                            8+8, 28+8, 56+8 and 110+11, SMs on the other
 *                            nodes in order; other counts are an error;
 *   GMC_ICNT_PLACE_SPREAD    slice k at node floor((2k + 1)(c + m) / 2m),
 *                            SMs on the other nodes in order;
 *   GMC_ICNT_PLACE_ROW_MAJOR SMs at 0 .. c-1, slices at c .. c+m-1. */
enum { GMC_ICNT_PLACE_GPGPUSIM = 0, GMC_ICNT_PLACE_SPREAD, GMC_ICNT_PLACE_ROW_MAJOR, GMC_ICNT_PLACE_N };
int gmc_icnt_place_find(const char *name, uint32_t *rule, char *err, size_t n);
const char *gmc_icnt_place_name(uint32_t rule);   /* NULL past the end */
/* Fills sm_node[c] and slice_node[m]: 0, or -1 with one line in err. */
int gmc_icnt_place(uint32_t rule, uint32_t c, uint32_t m, uint32_t *sm_node, uint32_t *slice_node,
                   char *err, size_t n);
/* A mesh's columns for `nodes` nodes: cols, or ceil(sqrt(nodes)) for 0. */
uint32_t gmc_icnt_mesh_cols(uint32_t nodes, uint32_t cols);

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
/* The VC a packet of this kind is injected on (KIND assignment). */
static inline uint32_t gmc_icnt_vc_of(const gmc_icnt_t *n, unsigned kind) { return n->cfg.vc_of[kind]; }
/* Room from src for a packet of this kind (gmc_pkt_kind_t), on its VC
 * (KIND assignment). */
static inline int gmc_icnt_can_send_kind(const gmc_icnt_t *n, uint32_t src, unsigned kind)
{
    return n->src_used_of[kind][src] < n->cfg.in_buf;
}
/* What decides a packet's injection VC: the VC (KIND, SVCA), or
 * GMC_ICNT_VC_ANY (DVCA: any VC with room takes it).  A sender that waits
 * for room keeps this, not the packet (gmc_gpu.c's sm_wait). */
static inline uint32_t gmc_icnt_vc_for(const gmc_icnt_t *n, const gmc_pkt_t *p)
{
    if (n->vc_by_kind)
        return n->cfg.vc_of[p->kind];
    return n->cfg.vc_assign == GMC_ICNT_VC_SVCA ? p->dst % n->cfg.vcs : GMC_ICNT_VC_ANY;
}
/* Room from src on vc, or on any VC for GMC_ICNT_VC_ANY: exact, inline. */
static inline int gmc_icnt_can_send_on(const gmc_icnt_t *n, uint32_t src, uint32_t vc)
{
    if (vc < GMC_ICNT_VC_ANY)
        return gmc_icnt_can_send_vc(n, src, vc);
    for (uint32_t v = 0; v < n->cfg.vcs; v++)
        if (gmc_icnt_can_send_vc(n, src, v))
            return 1;
    return 0;
}
/* Room from src for this packet: what send() would answer. */
static inline int gmc_icnt_can_send_pkt(const gmc_icnt_t *n, uint32_t src, const gmc_pkt_t *p)
{
    if (n->vc_by_kind)
        return gmc_icnt_can_send_kind(n, src, p->kind);
    return gmc_icnt_can_send_on(n, src, gmc_icnt_vc_for(n, p));
}
/* The VC send() puts the packet on (for implementations): vc_for's, or
 * under DVCA the first VC with room (VC 0 when none has: then full). */
static inline uint32_t gmc_icnt_inject_vc(const gmc_icnt_t *n, uint32_t src, const gmc_pkt_t *p)
{
    uint32_t vc = gmc_icnt_vc_for(n, p);
    if (vc < GMC_ICNT_VC_ANY)
        return vc;
    for (uint32_t v = 0; v < n->cfg.vcs; v++)
        if (gmc_icnt_can_send_vc(n, src, v))
            return v;
    return 0;
}
/* Room on VC 0: the whole answer for a sender whose packets' kinds all map
 * to VC 0 (gmc_l2.c's replies, while the GPU's networks have one VC). */
static inline int gmc_icnt_can_send(const gmc_icnt_t *n, uint32_t src) { return gmc_icnt_can_send_vc(n, src, 0); }
static inline void gmc_icnt_free(gmc_icnt_t *n) { if (n) n->ops->free(n); }

#ifdef __cplusplus
}
#endif
#endif
