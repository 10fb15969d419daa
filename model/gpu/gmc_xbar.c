/* gmc_xbar: the crossbar behind gmc_icnt_ops_t (contract in gmc_icnt.h).
 *
 * Per input and VC a FIFO of in_buf packets (requester r = vc * inputs +
 * input: with one VC, the input); per output one ring of out_buf slots
 * that holds both the packets in flight to it and those waiting in its
 * ejection FIFO, so the free slots of that ring are exactly the credits
 * (ejection slots minus packets in flight).  Each cycle (tick):
 *
 *   1. allocation, by the allocator of cfg.alloc (gmc_alloc.h; round
 *      robin unless told, or the hold-grant allocator of Yuan et al.
 *      [MICRO'09], gmc_alloc_hg): each requester requests the output of
 *      its head packet; the outputs that are not serializing a previous
 *      packet and have a credit are ready; the allocator grants at most
 *      one requester per output and per input.  With round robin (or the
 *      hold-grant allocator without a hold policy) and one VC: each ready
 *      output grants one requesting input, round-robin starting after the
 *      last input it granted.  A hold policy by row (cfg.hold RMHG/HMHG)
 *      gets each head's DRAM row and bank from cfg.locate, called once per
 *      packet when it becomes its FIFO's head.
 *   2. the granted packets leave their input FIFOs.  A packet of b bytes
 *      holds its output ser = ceil(b / flit_bytes) cycles (at least 1) and
 *      becomes ejectable at grant + max(latency, ser): the latency covers
 *      the head's trip and the serialization overlaps it, so a packet
 *      longer than the pipe arrives when its tail does.
 *   3. now += 1.
 *
 * A packet sent at cycle t (before that cycle's tick) can be granted at t,
 * so it is ejectable at t + latency at the earliest.  Arrivals at one
 * output are in grant order, strictly increasing: the next grant comes
 * ser_a cycles later at least and ser_a + max(L, ser_b) > max(L, ser_a).
 * With FIFO inputs this keeps every (src, dst, vc) in send order.
 *
 * Placement (cfg.in_node, out_node) is checked by gmc_icnt_cfg_check and
 * not kept: every input reaches every output in the same time.  VCs
 * (cfg.vc_assign): a packet goes into the FIFO of the VC its kind (KIND),
 * its destination (SVCA) or the first room (DVCA) gives; the crossbar has
 * no hops, so that choice is the only one.
 *
 * Speed: a bit mask per output of the requesters whose head targets it
 * (the allocator's requests matrix), and a mask of the outputs with any
 * requester, are updated on send and grant; a tick visits only the
 * outputs with requesters (idle: a few word tests) and calls the
 * allocator once.  Masks are words of 64 bits, as many as the ports need
 * (the allocator's limit, 65536 ports, is the crossbar's).  No malloc
 * after new.
 * A ring that empties starts over at its first slot: a lightly loaded
 * port then reuses a few warm slots instead of cycling through all of
 * them (host cache misses, not behaviour).
 *
 * Programming errors, asserted (not configuration errors): src >= inputs,
 * p->dst >= outputs, dst >= outputs, vc >= vcs.  pop with nothing ejectable is a
 * no-op.  send copies *p, sets the copy's sent to now and leaves the other
 * fields (src included) as the caller set them.
 */
#include "gpu/gmc_icnt.h"
#include "gpu/gmc_alloc.h"
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Packets are copied into both rings: keep them small (gmc_icnt.h). */
_Static_assert(sizeof(gmc_pkt_t) == 40, "gmc_pkt_t grew: every request copies it several times");

#define XBAR_MAX_BUF   65536u

typedef struct {
    gmc_icnt_t  base;            /* first: the ops see a gmc_icnt_t */
    uint32_t    nwi;             /* words of a requester mask */
    uint32_t    nwo;             /* words of the output mask */
    /* requesters (input x VC): ring r is inq[r * in_buf ..] */
    gmc_pkt_t  *inq;
    uint32_t   *in_head, *in_count;
    /* outputs: ring o is outq[o * out_buf ..] (in flight, then ejectable) */
    gmc_pkt_t  *outq;
    uint64_t   *arrive;          /* per slot: cycle the packet is ejectable */
    uint32_t   *out_head, *out_count;
    uint64_t   *busy_until;      /* output serializing until this cycle */
    uint64_t   *head_at;         /* base.dst_at: the arrival of each output's head, or UINT64_MAX */
    uint64_t   *req;             /* req[o * nwi ..]: requesters whose head targets o */
    uint64_t   *active;          /* [nwo]: outputs with a requester */
    uint64_t   *ready;           /* [nwo]: this tick, active outputs that may grant (scratch) */
    uint64_t    queued, held;    /* packets in input FIFOs; in output rings */
    uint32_t   *gin, *gout;      /* one cycle's grants: requester, output (scratch) */
    int         flit_shift;      /* log2(flit_bytes) if a power of two, else -1 */
    gmc_alloc_t alloc;           /* the switch allocator (cfg.alloc) */
    uint32_t   *head_row;        /* [requesters]: the head's DRAM row (hold by row only, else NULL) */
    uint8_t    *head_bank;       /* [requesters]: its bank */
    uint32_t    kind_at[GMC_PKT_KINDS];   /* a kind's first requester: vc_of[kind] * inputs */
    int         popped;          /* a packet was popped since the last tick (the watchdog's quiet) */
} xbar_t;

static inline void bit_set(uint64_t *m, uint32_t i) { m[i >> 6] |= 1ull << (i & 63); }
static inline void bit_clr(uint64_t *m, uint32_t i) { m[i >> 6] &= ~(1ull << (i & 63)); }

static inline int any_bit(const uint64_t *m, uint32_t nw)
{
    for (uint32_t w = 0; w < nw; w++)
        if (m[w])
            return 1;
    return 0;
}

static inline uint32_t ser_cycles(const xbar_t *x, uint32_t bytes)
{
    uint32_t f = x->base.cfg.flit_bytes;
    uint32_t s = x->flit_shift >= 0 ? (bytes + f - 1) >> x->flit_shift : (bytes + f - 1) / f;
    return s ? s : 1;
}

static inline const gmc_pkt_t *in_head_pkt(const xbar_t *x, uint32_t i)
{
    return &x->inq[(size_t)i * x->base.cfg.in_buf + x->in_head[i]];
}

/* Requester i's head now targets its dst: i requests that output. */
static inline void request(xbar_t *x, uint32_t i)
{
    const gmc_pkt_t *p = in_head_pkt(x, i);
    uint32_t o = p->dst;
    bit_set(&x->req[(size_t)o * x->nwi], i);
    bit_set(x->active, o);
    if (x->head_row) {
        uint32_t row, bank;
        x->base.cfg.locate(x->base.cfg.locate_ctx, p->addr, &row, &bank);
        x->head_row[i] = row;
        x->head_bank[i] = (uint8_t)bank;
    }
}

static int xbar_send(gmc_icnt_t *n, uint32_t src, const gmc_pkt_t *p)
{
    xbar_t *x = (xbar_t *)n;
    const gmc_icnt_cfg_t *c = &n->cfg;
    assert(src < c->inputs && "gmc_icnt_send: src is not an input port");
    assert(p->dst < c->outputs && "gmc_icnt_send: dst is not an output port");
    /* the VC by kind (a table), by destination (SVCA) or the first with room (DVCA) */
    const uint32_t r = src + (n->vc_by_kind ? x->kind_at[p->kind] : gmc_icnt_inject_vc(n, src, p) * c->inputs);
    if (x->in_count[r] == c->in_buf) {
        n->full_refusals++;
        return GMC_ICNT_FULL;
    }
    uint32_t slot = x->in_head[r] + x->in_count[r];   /* < 2 in_buf */
    slot = slot >= c->in_buf ? slot - c->in_buf : slot;
    gmc_pkt_t *q = &x->inq[(size_t)r * c->in_buf + slot];
    *q = *p;
    q->sent = (uint32_t)n->now;
    if (x->in_count[r]++ == 0)
        request(x, r);
    x->queued++;
    n->in_net++;
    return GMC_ICNT_OK;
}

/* The allocator's ready outputs: those with a requester that are not
 * serializing and have a credit.  Returns whether there is any. */
static int xbar_ready(xbar_t *x)
{
    const uint64_t now = x->base.now;
    const uint32_t ob = x->base.cfg.out_buf;
    uint64_t any = 0;
    for (uint32_t w = 0; w < x->nwo; w++) {
        uint64_t r = x->active[w];
        for (uint64_t bits = r; bits; bits &= bits - 1) {
            uint32_t o = w * 64 + (uint32_t)__builtin_ctzll(bits);
            if (x->busy_until[o] > now || x->out_count[o] == ob)
                r &= ~(1ull << (o & 63));   /* serializing, or no credit */
        }
        x->ready[w] = r;
        any |= r;
    }
    return any != 0;
}

/* Moves requester i's head packet to output o (granted this cycle). */
static void xbar_transfer(xbar_t *x, uint32_t i, uint32_t o)
{
    const gmc_icnt_cfg_t *c = &x->base.cfg;
    const gmc_pkt_t *p = in_head_pkt(x, i);
    uint32_t ser = ser_cycles(x, p->bytes);
    uint32_t slot = x->out_head[o] + x->out_count[o];   /* < 2 out_buf */
    slot = slot >= c->out_buf ? slot - c->out_buf : slot;
    size_t at = (size_t)o * c->out_buf + slot;
    x->outq[at] = *p;
    x->arrive[at] = x->base.now + (c->latency > ser ? c->latency : ser);
    if (!x->out_count[o]++)
        x->head_at[o] = x->arrive[at];   /* arrivals at an output rise: the head's is the first */
    x->busy_until[o] = x->base.now + ser;
    x->held++;

    uint64_t *r = &x->req[(size_t)o * x->nwi];
    bit_clr(r, i);
    if (!any_bit(r, x->nwi))
        bit_clr(x->active, o);
    x->queued--;
    if (--x->in_count[i]) {
        x->in_head[i] = x->in_head[i] + 1 == c->in_buf ? 0 : x->in_head[i] + 1;
        request(x, i);
    } else {
        x->in_head[i] = 0;   /* empty: start over at the front, whose host lines are warm */
    }
}

static void xbar_tick(gmc_icnt_t *n)
{
    xbar_t *x = (xbar_t *)n;
    uint32_t k = 0;
    if (x->queued && xbar_ready(x)) {
        const gmc_alloc_in_t in = {x->req, x->nwi, x->ready, x->head_row, x->head_bank};
        k = gmc_alloc_allocate(&x->alloc, &in, x->gin, x->gout);
        for (uint32_t g = 0; g < k; g++)
            xbar_transfer(x, x->gin[g], x->gout[g]);
        n->holds = x->alloc.holds;
        n->hold_ends = x->alloc.hold_ends;
    }
    n->quiet = (k | x->popped) || !n->in_net ? 0 : n->quiet + 1;
    x->popped = 0;
    n->now++;
}

static const gmc_pkt_t *xbar_peek(const gmc_icnt_t *n, uint32_t dst)
{
    const xbar_t *x = (const xbar_t *)n;
    assert(dst < n->cfg.outputs && "gmc_icnt_peek: dst is not an output port");
    if (!x->out_count[dst])
        return NULL;
    size_t at = (size_t)dst * n->cfg.out_buf + x->out_head[dst];
    return x->arrive[at] <= n->now ? &x->outq[at] : NULL;
}

static void xbar_pop(gmc_icnt_t *n, uint32_t dst)
{
    xbar_t *x = (xbar_t *)n;
    if (x->head_at[dst] > n->now)
        return;   /* nothing ejectable (head_at is the head's arrival) */
    const gmc_pkt_t *p = &x->outq[(size_t)dst * n->cfg.out_buf + x->out_head[dst]];
    n->packets++;
    n->bytes += p->bytes;
    n->latency_sum += (uint32_t)((uint32_t)n->now - p->sent);
    if (--x->out_count[dst]) {
        x->out_head[dst] = x->out_head[dst] + 1 == n->cfg.out_buf ? 0 : x->out_head[dst] + 1;
        x->head_at[dst] = x->arrive[(size_t)dst * n->cfg.out_buf + x->out_head[dst]];
    } else {
        x->out_head[dst] = 0;   /* empty: start over at the front */
        x->head_at[dst] = UINT64_MAX;
    }
    x->held--;
    n->in_net--;
    x->popped = 1;
}

static int xbar_idle(const gmc_icnt_t *n)
{
    return n->in_net == 0;   /* = queued + held */
}

static int xbar_can_send(const gmc_icnt_t *n, uint32_t src, uint32_t vc)
{
    const xbar_t *x = (const xbar_t *)n;
    assert(src < n->cfg.inputs && "gmc_icnt_can_send: src is not an input port");
    assert(vc < n->cfg.vcs && "gmc_icnt_can_send: vc is not a virtual channel");
    return x->in_count[vc * n->cfg.inputs + src] < n->cfg.in_buf;
}

static void xbar_free(gmc_icnt_t *n)
{
    xbar_t *x = (xbar_t *)n;
    free(x->inq);
    free(x->in_head);
    free(x->in_count);
    free(x->outq);
    free(x->arrive);
    free(x->out_head);
    free(x->out_count);
    free(x->busy_until);
    free(x->head_at);
    free(x->req);
    free(x->active);
    free(x->ready);
    free(x->gin);
    free(x->gout);
    free(x->head_row);
    free(x->head_bank);
    if (x->alloc.ops)
        gmc_alloc_free(&x->alloc);
    free(x);
}

/* The heads of the first non-empty input FIFOs, then outputs whose
 * ejection buffer is not popped. */
static void xbar_stuck(const gmc_icnt_t *n, unsigned most, char *buf, size_t len)
{
    const xbar_t *x = (const xbar_t *)n;
    const uint32_t ni = n->cfg.inputs, nr = ni * n->cfg.vcs;
    size_t k = 0;
    unsigned shown = 0;
    buf[0] = 0;
    for (uint32_t r = 0; r < nr && shown < most && k < len; r++)
        if (x->in_count[r]) {
            k += (size_t)snprintf(buf + k, len - k, "%sinput %u VC %u -> dst %u", shown ? "; " : "", r % ni,
                                  r / ni, in_head_pkt(x, r)->dst);
            shown++;
        }
    for (uint32_t o = 0; o < n->cfg.outputs && shown < most && k < len; o++)
        if (x->out_count[o]) {
            k += (size_t)snprintf(buf + k, len - k, "%sdst %u: %u not popped", shown ? "; " : "", o,
                                  x->out_count[o]);
            shown++;
        }
}

static const gmc_icnt_ops_t xbar_ops = {
    xbar_send, xbar_tick, xbar_peek, xbar_pop, xbar_idle, xbar_can_send, xbar_free, xbar_stuck,
};

/* The crossbar's own limits, past gmc_icnt_cfg_check's (the ports': the
 * allocator's, gmc_alloc_init). */
static int xbar_cfg_check(const gmc_icnt_cfg_t *c, char *err, size_t n)
{
    if (c->in_buf > XBAR_MAX_BUF)
        return snprintf(err, n, "crossbar in_buf: expected 1..%u packets, found %u", XBAR_MAX_BUF, c->in_buf), -1;
    if (c->out_buf > XBAR_MAX_BUF)
        return snprintf(err, n, "crossbar out_buf: expected 1..%u packets, found %u", XBAR_MAX_BUF, c->out_buf), -1;
    return 0;
}

gmc_icnt_t *gmc_xbar_new(const gmc_icnt_cfg_t *cfg, char *err, size_t n)
{
    if (!cfg) {
        snprintf(err, n, "crossbar: expected a configuration, found none");
        return NULL;
    }
    if (gmc_icnt_cfg_check(cfg, err, n) || xbar_cfg_check(cfg, err, n))
        return NULL;
    xbar_t *x = calloc(1, sizeof *x);
    if (!x) {
        snprintf(err, n, "crossbar: out of memory");
        return NULL;
    }
    x->base.ops = &xbar_ops;
    x->base.cfg = *cfg;
    x->base.cfg.in_node = x->base.cfg.out_node = NULL;   /* not kept: the caller's */
    x->base.cfg.alloc = cfg->alloc ? cfg->alloc : &gmc_alloc_rr;
    uint32_t ni = cfg->inputs, no = cfg->outputs, nr = ni * cfg->vcs;
    x->nwi = (nr + 63) / 64;
    x->nwo = (no + 63) / 64;
    /* the allocator first: its limits on the ports are the crossbar's */
    const gmc_alloc_cfg_t ac = {ni, no, cfg->vcs, cfg->hold};
    if (gmc_alloc_init(&x->alloc, x->base.cfg.alloc, &ac, err, n)) {
        xbar_free(&x->base);
        return NULL;
    }
    x->inq = calloc((size_t)nr * cfg->in_buf, sizeof *x->inq);
    x->in_head = calloc(nr, sizeof *x->in_head);
    x->in_count = calloc(nr, sizeof *x->in_count);
    x->outq = calloc((size_t)no * cfg->out_buf, sizeof *x->outq);
    x->arrive = calloc((size_t)no * cfg->out_buf, sizeof *x->arrive);
    x->out_head = calloc(no, sizeof *x->out_head);
    x->out_count = calloc(no, sizeof *x->out_count);
    x->busy_until = calloc(no, sizeof *x->busy_until);
    x->head_at = malloc(no * sizeof *x->head_at);
    if (x->head_at)
        for (uint32_t o = 0; o < no; o++)
            x->head_at[o] = UINT64_MAX;
    x->req = calloc((size_t)no * x->nwi, sizeof *x->req);
    x->active = calloc(x->nwo, sizeof *x->active);
    x->ready = calloc(x->nwo, sizeof *x->ready);
    x->gin = calloc(no, sizeof *x->gin);    /* at most one grant per output */
    x->gout = calloc(no, sizeof *x->gout);
    const int rows = cfg->hold.policy == GMC_ALLOC_HOLD_RMHG || cfg->hold.policy == GMC_ALLOC_HOLD_HMHG;
    if (rows) {
        x->head_row = calloc(nr, sizeof *x->head_row);
        x->head_bank = calloc(nr, sizeof *x->head_bank);
    }
    if ((rows && (!x->head_row || !x->head_bank)) || !x->inq || !x->in_head || !x->in_count || !x->outq || !x->arrive || !x->out_head ||
        !x->out_count || !x->busy_until || !x->head_at || !x->req || !x->active || !x->ready ||
        !x->gin || !x->gout) {
        snprintf(err, n, "crossbar: out of memory for %u x %u ports", ni, no);
        xbar_free(&x->base);
        return NULL;
    }
    x->base.dst_at = x->head_at;
    gmc_icnt_set_src_used(&x->base, x->in_count);
    for (unsigned k = 0; k < GMC_PKT_KINDS; k++)
        x->kind_at[k] = cfg->vc_of[k] * ni;
    x->flit_shift = (cfg->flit_bytes & (cfg->flit_bytes - 1)) ? -1 : __builtin_ctz(cfg->flit_bytes);
    return &x->base;
}

const gmc_icnt_topo_t gmc_icnt_xbar = {
    "xbar", "crossbar: every input to every output, one grant per input and output per cycle",
    gmc_xbar_new, 1, NULL, 0,
};
