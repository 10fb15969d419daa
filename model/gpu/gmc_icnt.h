/* gmc_icnt: the interconnect between SMs and memory partitions, behind an
 * ops table so that a mesh, a ring, virtual channels and the hold-grant
 * allocator [Yuan, MICRO'09] can replace the crossbar without touching the
 * SMs or the L2.  Two instances run in a GPU: the request network (SM
 * ports -> L2 slice ports) and the reply network (slices -> SMs).
 *
 * Contract (every implementation):
 *   - Time is the interconnect clock; gmc_icnt_tick moves one cycle.
 *   - send(src, pkt) puts pkt into src's injection buffer at the current
 *     cycle: GMC_ICNT_OK, or GMC_ICNT_FULL (nothing kept: back-pressure;
 *     the caller retries on a later cycle).  pkt->dst must be < outputs.
 *   - A packet can be ejected (peek/pop at its dst) no earlier than
 *     latency cycles after it was sent, and stays in dst's ejection buffer
 *     until popped; a full ejection buffer stops traffic to it (credits),
 *     it never drops.
 *   - Order: packets from one src to one dst are ejected in send order.
 *   - Deterministic: no randomness; ties by port number, round-robin.
 *   - idle() is 1 when nothing is buffered or in flight anywhere (a tick
 *     would change nothing but now): the GPU then skips the network's
 *     ticks (now += 1 instead).
 *   - Two fields of the base that the GPU reads inline, kept by every
 *     implementation: in_net, the packets sent and not yet popped (0 ==
 *     idle()), and dst_at[dst], the cycle from which peek(dst) returns a
 *     packet (UINT64_MAX while nothing is on its way to dst): an SM or
 *     slice with nothing ejectable (dst_at > now) and nothing of its own
 *     to do skips its cycle.  And src_used[src]: can_send(src) is 1
 *     exactly when src_used[src] < cfg.in_buf (the crossbar's injection
 *     FIFO fill), so a blocked sender's retry costs a load, not a call.
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
} gmc_pkt_kind_t;

typedef struct {
    uint64_t addr;        /* sector address */
    uint64_t pc;
    uint32_t tag;         /* the sender's (a read's L1 MSHR entry + 1, 0 for none; the reply
                             carries it back) */
    uint32_t sent;        /* stat: icnt cycle it was sent, modulo 2^32 (set by send; only
                             differences are used, and no packet waits 2^32 cycles) */
    uint16_t src, dst;    /* ports (dst: slice for requests, SM for replies; <= 65535) */
    uint16_t sm, warp;    /* the requesting warp (Warped-MC's identity; machines: <= 1024 SMs, 64 warps) */
    uint16_t bytes;       /* size on the wire: header plus data */
    uint8_t  kind;        /* gmc_pkt_kind_t */
    uint8_t  offchip;     /* reply: the sector came from DRAM (an L2 miss) */
    uint32_t dram_in_mc;  /* reply, if offchip: DRAM cycles from entering the controller to the
                             data (saturated at UINT32_MAX).  40 bytes in all: packets are
                             copied a few times per request, so their size is speed */
} gmc_pkt_t;

enum { GMC_ICNT_OK = 0, GMC_ICNT_FULL = 1 };

typedef struct {
    uint32_t inputs, outputs;
    uint32_t in_buf;      /* packets per injection buffer (>= 1) */
    uint32_t out_buf;     /* packets per ejection buffer (>= 1) */
    uint32_t latency;     /* cycles from send to earliest ejection (>= 1) */
    uint32_t flit_bytes;  /* a packet of b bytes holds its output ceil(b / flit_bytes) cycles */
} gmc_icnt_cfg_t;

typedef struct gmc_icnt gmc_icnt_t;

typedef struct {
    int              (*send)(gmc_icnt_t *n, uint32_t src, const gmc_pkt_t *p);
    void             (*tick)(gmc_icnt_t *n);
    const gmc_pkt_t *(*peek)(const gmc_icnt_t *n, uint32_t dst);
    void             (*pop)(gmc_icnt_t *n, uint32_t dst);
    int              (*idle)(const gmc_icnt_t *n);
    int              (*can_send)(const gmc_icnt_t *n, uint32_t src);
    void             (*free)(gmc_icnt_t *n);
} gmc_icnt_ops_t;

/* Every implementation's state starts with this. */
struct gmc_icnt {
    const gmc_icnt_ops_t *ops;
    gmc_icnt_cfg_t        cfg;
    uint64_t              now;
    uint64_t              in_net;             /* packets sent, not yet popped */
    const uint64_t       *dst_at;             /* [outputs]: peek(dst) != NULL from this cycle on */
    const uint32_t       *src_used;           /* [inputs]: can_send(src) == (src_used[src] < in_buf) */
    /* counters, kept by every implementation */
    uint64_t              packets, bytes;     /* ejected */
    uint64_t              latency_sum;        /* sum over ejected packets of (pop cycle - sent) */
    uint64_t              full_refusals;      /* sends that got GMC_ICNT_FULL */
};

/* The crossbar: per input a FIFO of in_buf packets; per output a
 * round-robin arbiter granting one input per cycle (an input is granted
 * by at most one output per cycle: input-first separable allocation), a
 * transfer of latency cycles, and an ejection FIFO of out_buf packets
 * whose free slots are the credits (a grant needs one). */
gmc_icnt_t *gmc_xbar_new(const gmc_icnt_cfg_t *cfg, char *err, size_t n);

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
static inline int gmc_icnt_can_send(const gmc_icnt_t *n, uint32_t src) { return n->src_used[src] < n->cfg.in_buf; }
static inline void gmc_icnt_free(gmc_icnt_t *n) { if (n) n->ops->free(n); }

#ifdef __cplusplus
}
#endif
#endif
