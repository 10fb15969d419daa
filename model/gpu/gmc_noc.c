/* gmc_noc: an input-queued virtual-channel router, one per node, and the
 * network of them behind gmc_icnt_ops_t (contract in gmc_icnt.h; the
 * shapes in gmc_mesh.c and gmc_ring.c; docs/interconnect.md).
 *
 * Router: port 0 is the local one (the node's input port injects there,
 * its output port ejects there), the others are links to neighbours.
 * Each input port has V VCs; each VC a FIFO.  On the local port it is the
 * injection buffer: in_buf whole packets (the contract's src_used).  On a
 * link it holds D = in_buf x ceil(GMC_ICNT_PKT_MAX_BYTES / flit) flits --
 * in_buf of the GPU's largest packets -- and the upstream router's output
 * VC counts its free slots (credits).  A packet of b bytes is
 * ceil(b / flit) flits (at least 1).
 *
 * A cycle, at each router with a flit (tick; every router reads the state
 * the cycle started with, so the order routers are visited in does not
 * matter):
 *   SA  switch allocation: each input VC that holds an output VC, whose
 *       front flit is visible and whose output VC has a credit (an
 *       ejection has its slot already) requests its output port; the
 *       separable round-robin allocator (gmc_alloc_rr) grants at most one
 *       flit per input port and per output port.  A granted flit leaves:
 *       its credit goes back upstream (usable next cycle), it takes a
 *       credit of the output VC and is visible in the next router's input
 *       VC L = cfg.latency cycles after the next cycle (switch and link
 *       traversal), or in the ejection buffer then.  A tail frees the
 *       output VC (wormhole: an output VC is held from head to tail).
 *   VA  VC allocation, after SA (so an output VC a tail freed this cycle
 *       can be taken at once): each input VC whose front is a visible head
 *       without an output VC computes its route (dimension order, or the
 *       shorter way round: 0 cycles, with VA), and requests the route's
 *       output port when a VC the assignment allows there is free (the
 *       ejection: its one VC free and a slot in the ejection buffer, taken
 *       now).  The allocator of cfg.alloc with cfg.hold (gmc_alloc_hg for
 *       hold grant, Yuan et al. [MICRO'09] sec. 3.2: the hold is enforced
 *       here) grants at most one request per input and per output port;
 *       the grant takes the allowed VC (DVCA: the first free one).  One VC
 *       allocation per output port per cycle: what that simplifies is in
 *       docs/interconnect.md.
 * A head visible at cycle t is allocated a VC at t, switched at t + 1 and
 * visible at the next router at t + 2 + L: a hop is L + 2 cycles, and a
 * packet of F flits over H links (H + 1 routers) is ejectable
 * (H + 1)(L + 2) + F - 1 cycles after its send with no other traffic.
 * A packet sent at cycle t is visible at its router at t.
 *
 * Speed: a bit per input VC of each router that holds something, a bit
 * per router with any; a tick visits those routers only, and idle ones
 * cost nothing.  No malloc after new. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gpu/gmc_noc_impl.h"

#define NONE GMC_NOC_NONE
#define NOC_MAX_BUF 4096u   /* packets per injection, VC or ejection buffer */

/* Visible at cycle now (vis is a cycle modulo 2^32, never far ahead). */
static inline int visible(uint32_t vis, uint64_t now) { return (int32_t)(vis - (uint32_t)now) <= 0; }

static inline size_t q_at(const gmc_noc_t *n, uint32_t ivc, uint32_t k)
{
    uint32_t s = n->q_head[ivc] + k;
    return (size_t)ivc * n->cap + (s >= n->cap ? s - n->cap : s);
}

static inline void q_push(gmc_noc_t *n, uint32_t r, uint32_t b, uint32_t id, uint32_t vis)
{
    uint32_t ivc = r * n->P * n->V + b;
    size_t at = q_at(n, ivc, n->q_n[ivc]++);
    n->q_pk[at] = id;
    n->q_vis[at] = vis;
    n->busy[r] |= 1ull << b;
    n->active[r >> 6] |= 1ull << (r & 63);
}

static inline void q_pop(gmc_noc_t *n, uint32_t r, uint32_t b)
{
    uint32_t ivc = r * n->P * n->V + b;
    n->q_head[ivc] = n->q_head[ivc] + 1 == n->cap ? 0 : n->q_head[ivc] + 1;
    if (--n->q_n[ivc])
        return;
    n->q_head[ivc] = 0;
    n->busy[r] &= ~(1ull << b);
    if (!n->busy[r])
        n->active[r >> 6] &= ~(1ull << (r & 63));
}

/* ---- switch allocation ---- */

/* Input VC b of router r sends its front flit through output port o. */
static void sa_move(gmc_noc_t *n, uint32_t r, uint32_t b, uint32_t o)
{
    const uint32_t P = n->P, V = n->V, ivc = r * P * V + b, p = b % P, v = b / P;
    const uint32_t id = n->q_pk[q_at(n, ivc, 0)], ovc = n->q_ovc[ivc] - 1u;
    const gmc_noc_pkt_t *k = &n->pk[id];
    const int tail = ++n->q_sent[ivc] == k->flits;
    const uint32_t arrive = (uint32_t)n->base.now + 1 + n->L;
    if (p) {   /* a link's buffer holds flits: the slot goes back to the router upstream */
        n->cr[n->ncr++] = (n->nbr[r * P + p] * P + n->back[p]) * V + v;
        q_pop(n, r, b);
    } else if (tail) {   /* the injection buffer holds packets */
        n->inj[v * n->base.cfg.inputs + n->r_in[r]]--;
        q_pop(n, r, b);
    }
    if (tail) {
        n->q_sent[ivc] = 0;
        n->q_ovc[ivc] = 0;
        n->ov_owner[(r * P + o) * V + ovc] = NONE;
    }
    if (o) {
        n->ov_cred[(r * P + o) * V + ovc]--;
        q_push(n, n->nbr[r * P + o], ovc * P + n->back[o], id, arrive);
    } else if (tail) {   /* the packet's last reserved slot of the ejection buffer */
        const uint32_t d = n->r_out[r], ob = n->base.cfg.out_buf;
        uint32_t at = n->ej_head[d] + n->ej_n[d] - 1;
        at = at >= ob ? at - ob : at;
        n->ej_at[(size_t)d * ob + at] = n->base.now + 1 + n->L;
        if (n->ej_n[d] == 1)
            n->dst_at[d] = n->ej_at[(size_t)d * ob + at];
    }
    n->moved = 1;
}

static void sa_step(gmc_noc_t *n, uint32_t r, uint32_t *gin, uint32_t *gout)
{
    const uint32_t P = n->P, V = n->V, base = r * P * V;
    uint64_t req[GMC_NOC_MAX_PORTS] = {0}, ready = 0;
    for (uint64_t m = n->busy[r]; m; m &= m - 1) {
        const uint32_t b = (uint32_t)__builtin_ctzll(m), ivc = base + b;
        if (!n->q_ovc[ivc] || !visible(n->q_vis[q_at(n, ivc, 0)], n->base.now))
            continue;
        const uint32_t o = n->q_oport[ivc];
        if (o && !n->ov_cred[(r * P + o) * V + n->q_ovc[ivc] - 1u])
            continue;   /* no credit downstream */
        req[o] |= 1ull << b;
        ready |= 1ull << o;
    }
    if (!ready)
        return;
    const gmc_alloc_in_t in = {req, 1, &ready, NULL, NULL};
    uint32_t k = gmc_alloc_allocate(&n->sa[r], &in, gin, gout);
    for (uint32_t g = 0; g < k; g++)
        sa_move(n, r, gin[g], gout[g]);
}

/* ---- VC allocation ---- */

/* The output VC of port o (>= 1) at router r the assignment gives packet
 * k, free now; NONE if none.  *cross: the hop marks it crossed. */
static uint32_t va_pick(const gmc_noc_t *n, uint32_t r, uint32_t o, const gmc_noc_pkt_t *k, int *cross)
{
    uint32_t first, count;
    n->geo->vcs(n, r, o, k, &first, &count, cross);
    const uint32_t *own = &n->ov_owner[(r * n->P + o) * n->V];
    switch (n->base.cfg.vc_assign) {
    case GMC_ICNT_VC_DVCA:
        for (uint32_t v = first; v < first + count; v++)
            if (own[v] == NONE)
                return v;
        return NONE;
    case GMC_ICNT_VC_SVCA: {
        uint32_t v = first + k->p.dst % count;
        return own[v] == NONE ? v : NONE;
    }
    default: {
        uint32_t v = first + n->base.cfg.vc_of[k->p.kind] % count;
        return own[v] == NONE ? v : NONE;
    }
    }
}

static void va_step(gmc_noc_t *n, uint32_t r, uint32_t *gin, uint32_t *gout)
{
    const uint32_t P = n->P, V = n->V, base = r * P * V, ob = n->base.cfg.out_buf;
    uint64_t req[GMC_NOC_MAX_PORTS] = {0}, ready = 0;
    uint8_t pick[GMC_NOC_MAX_PORTS * GMC_ICNT_MAX_VCS], cross[GMC_NOC_MAX_PORTS * GMC_ICNT_MAX_VCS];
    uint32_t row[GMC_NOC_MAX_PORTS * GMC_ICNT_MAX_VCS];
    uint8_t bank[GMC_NOC_MAX_PORTS * GMC_ICNT_MAX_VCS];
    for (uint64_t m = n->busy[r]; m; m &= m - 1) {
        const uint32_t b = (uint32_t)__builtin_ctzll(m), ivc = base + b;
        if (n->q_ovc[ivc])
            continue;   /* its packet has an output VC */
        const size_t at = q_at(n, ivc, 0);
        if (!visible(n->q_vis[at], n->base.now))
            continue;
        const gmc_noc_pkt_t *k = &n->pk[n->q_pk[at]];   /* a head: its VC holds no output VC */
        const uint32_t o = n->geo->route(n, r, k->dst_r);
        int c = 0;
        uint32_t v = 0;
        if (!o) {   /* eject: the one VC, and a slot */
            if (n->ov_owner[r * P * V] != NONE || n->ej_n[n->r_out[r]] == ob)
                continue;
        } else if ((v = va_pick(n, r, o, k, &c)) == NONE) {
            continue;
        }
        pick[b] = (uint8_t)v;
        cross[b] = (uint8_t)c;
        row[b] = k->row;
        bank[b] = k->bank;
        req[o] |= 1ull << b;
        ready |= 1ull << o;
    }
    if (!ready)
        return;
    gmc_alloc_t *a = &n->va[r];
    const uint64_t holds = a->holds, ends = a->hold_ends;
    const gmc_alloc_in_t in = {req, 1, &ready, n->rows_needed ? row : NULL, n->rows_needed ? bank : NULL};
    uint32_t k = gmc_alloc_allocate(a, &in, gin, gout);
    for (uint32_t g = 0; g < k; g++) {
        const uint32_t b = gin[g], o = gout[g], ivc = base + b, id = n->q_pk[q_at(n, ivc, 0)];
        n->ov_owner[(r * P + o) * V + pick[b]] = ivc;
        n->q_ovc[ivc] = (uint8_t)(pick[b] + 1);
        n->q_oport[ivc] = (uint8_t)o;
        if (cross[b])
            n->pk[id].crossed = 1;
        if (!o) {   /* the ejection slot, filled when the tail is in */
            const uint32_t d = n->r_out[r];
            uint32_t s = n->ej_head[d] + n->ej_n[d]++;
            s = s >= ob ? s - ob : s;
            n->ej_pk[(size_t)d * ob + s] = id;
            n->ej_at[(size_t)d * ob + s] = UINT64_MAX;
        }
    }
    n->base.holds += a->holds - holds;
    n->base.hold_ends += a->hold_ends - ends;
}

/* ---- the contract ---- */

static void noc_tick(gmc_icnt_t *b)
{
    gmc_noc_t *n = (gmc_noc_t *)b;
    uint32_t gin[GMC_NOC_MAX_PORTS], gout[GMC_NOC_MAX_PORTS];
    memcpy(n->snap, n->active, n->aw * sizeof *n->snap);
    for (uint32_t w = 0; w < n->aw; w++)
        for (uint64_t m = n->snap[w]; m; m &= m - 1) {
            const uint32_t r = w * 64 + (uint32_t)__builtin_ctzll(m);
            sa_step(n, r, gin, gout);
            va_step(n, r, gin, gout);
        }
    for (uint32_t i = 0; i < n->ncr; i++)   /* credits freed this cycle count from the next */
        n->ov_cred[n->cr[i]]++;
    n->ncr = 0;
    b->quiet = b->in_net && !n->moved ? b->quiet + 1 : 0;
    n->moved = 0;
    b->now++;
}

static int noc_send(gmc_icnt_t *b, uint32_t src, const gmc_pkt_t *p)
{
    gmc_noc_t *n = (gmc_noc_t *)b;
    const gmc_icnt_cfg_t *c = &b->cfg;
    assert(src < c->inputs && "gmc_icnt_send: src is not an input port");
    assert(p->dst < c->outputs && "gmc_icnt_send: dst is not an output port");
    const uint32_t v = gmc_icnt_inject_vc(b, src, p);
    if (n->inj[v * c->inputs + src] == c->in_buf) {
        b->full_refusals++;
        return GMC_ICNT_FULL;
    }
    const uint32_t id = n->pk_free;
    assert(id != NONE && "gmc_noc: the packet pool covers every buffer");
    gmc_noc_pkt_t *k = &n->pk[id];
    n->pk_free = k->next_free;
    k->p = *p;
    k->p.sent = (uint32_t)b->now;
    k->flits = (p->bytes + c->flit_bytes - 1) / c->flit_bytes;
    k->flits += !k->flits;
    k->dst_r = n->out_r[p->dst];
    k->crossed = 0;
    if (n->rows_needed) {
        uint32_t row, bank;
        c->locate(c->locate_ctx, p->addr, &row, &bank);
        k->row = row;
        k->bank = (uint8_t)bank;
    }
    n->inj[v * c->inputs + src]++;
    q_push(n, n->in_r[src], v * n->P, id, (uint32_t)b->now);
    b->in_net++;
    return GMC_ICNT_OK;
}

static const gmc_pkt_t *noc_peek(const gmc_icnt_t *b, uint32_t dst)
{
    const gmc_noc_t *n = (const gmc_noc_t *)b;
    assert(dst < b->cfg.outputs && "gmc_icnt_peek: dst is not an output port");
    if (n->dst_at[dst] > b->now)
        return NULL;
    return &n->pk[n->ej_pk[(size_t)dst * b->cfg.out_buf + n->ej_head[dst]]].p;
}

static void noc_pop(gmc_icnt_t *b, uint32_t dst)
{
    gmc_noc_t *n = (gmc_noc_t *)b;
    if (n->dst_at[dst] > b->now)
        return;   /* nothing ejectable */
    const uint32_t ob = b->cfg.out_buf;
    const uint32_t id = n->ej_pk[(size_t)dst * ob + n->ej_head[dst]];
    gmc_noc_pkt_t *k = &n->pk[id];
    b->packets++;
    b->bytes += k->p.bytes;
    b->latency_sum += (uint32_t)((uint32_t)b->now - k->p.sent);
    k->next_free = n->pk_free;
    n->pk_free = id;
    n->ej_head[dst] = n->ej_head[dst] + 1 == ob ? 0 : n->ej_head[dst] + 1;
    if (--n->ej_n[dst]) {
        n->dst_at[dst] = n->ej_at[(size_t)dst * ob + n->ej_head[dst]];
    } else {
        n->ej_head[dst] = 0;
        n->dst_at[dst] = UINT64_MAX;
    }
    b->in_net--;
    n->moved = 1;
}

static int noc_idle(const gmc_icnt_t *b) { return b->in_net == 0; }

static int noc_can_send(const gmc_icnt_t *b, uint32_t src, uint32_t vc)
{
    const gmc_noc_t *n = (const gmc_noc_t *)b;
    assert(src < b->cfg.inputs && "gmc_icnt_can_send: src is not an input port");
    assert(vc < b->cfg.vcs && "gmc_icnt_can_send: vc is not a virtual channel");
    return n->inj[vc * b->cfg.inputs + src] < b->cfg.in_buf;
}

static void noc_stuck(const gmc_icnt_t *b, unsigned most, char *buf, size_t len)
{
    const gmc_noc_t *n = (const gmc_noc_t *)b;
    size_t k = 0;
    unsigned shown = 0;
    buf[0] = 0;
    for (uint32_t r = 0; r < n->R && shown < most; r++)
        for (uint64_t m = n->busy[r]; m && shown < most && k < len; m &= m - 1) {
            const uint32_t bb = (uint32_t)__builtin_ctzll(m), ivc = r * n->P * n->V + bb;
            const gmc_noc_pkt_t *p = &n->pk[n->q_pk[q_at(n, ivc, 0)]];
            k += (size_t)snprintf(buf + k, len - k, "%snode %u %s VC %u -> dst %u (node %u)", shown ? "; " : "",
                                  r, n->geo->port_names[bb % n->P], bb / n->P, p->p.dst, p->dst_r);
            shown++;
        }
    for (uint32_t d = 0; d < b->cfg.outputs && shown < most && k < len; d++)
        if (n->ej_n[d]) {
            k += (size_t)snprintf(buf + k, len - k, "%sdst %u (node %u): %u not popped",
                                  shown ? "; " : "", d, n->out_r[d], n->ej_n[d]);
            shown++;
        }
}

static void noc_free(gmc_icnt_t *b)
{
    gmc_noc_t *n = (gmc_noc_t *)b;
    if (n->va)
        for (uint32_t r = 0; r < n->R; r++)
            if (n->va[r].ops)
                gmc_alloc_free(&n->va[r]);
    if (n->sa)
        for (uint32_t r = 0; r < n->R; r++)
            if (n->sa[r].ops)
                gmc_alloc_free(&n->sa[r]);
    void *all[] = {n->in_r, n->out_r, n->r_in, n->r_out, n->nbr, n->pk, n->q_pk, n->q_vis, n->q_head,
                   n->q_n, n->q_sent, n->q_ovc, n->q_oport, n->busy, n->active, n->snap, n->ov_owner,
                   n->ov_cred, n->cr, n->ej_pk, n->ej_head, n->ej_n, n->ej_at, n->dst_at, n->inj, n->va,
                   n->sa};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        free(all[i]);
    free(n);
}

static const gmc_icnt_ops_t noc_ops = {
    noc_send, noc_tick, noc_peek, noc_pop, noc_idle, noc_can_send, noc_free, noc_stuck,
};

/* ---- construction ---- */

/* Which router each port sits at, and which port each router has: at most
 * one input and one output port per router (one local port). */
static int place(gmc_noc_t *n, const gmc_icnt_cfg_t *c, char *err, size_t len)
{
    const char *side[2] = {"in_node", "out_node"};
    const uint32_t *node[2] = {c->in_node, c->out_node}, ports[2] = {c->inputs, c->outputs};
    uint32_t *pr[2] = {n->in_r, n->out_r}, *rp[2] = {n->r_in, n->r_out};
    for (int s = 0; s < 2; s++)
        for (uint32_t i = 0; i < ports[s]; i++) {
            uint32_t r = node[s] ? node[s][i] : i;
            if (rp[s][r] != NONE) {
                snprintf(err, len, "%s %s[%u]: expected a node without another %s port (a router has one "
                         "local port), found node %u, where %s port %u is", n->geo->name, side[s], i,
                         s ? "output" : "input", r, s ? "output" : "input", rp[s][r]);
                return -1;
            }
            pr[s][i] = r;
            rp[s][r] = i;
        }
    return 0;
}

gmc_icnt_t *gmc_noc_new(const gmc_noc_geo_t *geo, const gmc_icnt_cfg_t *cfg, char *err, size_t len)
{
    if (!cfg) {
        snprintf(err, len, "%s: expected a configuration, found none", geo->name);
        return NULL;
    }
    if (gmc_icnt_cfg_check(cfg, err, len))
        return NULL;
    if (cfg->in_buf > NOC_MAX_BUF || cfg->out_buf > NOC_MAX_BUF)   /* the buffers' sizes fit 32 bits */
        return snprintf(err, len, "%s %s: expected 1..%u packets, found %u", geo->name,
                        cfg->in_buf > NOC_MAX_BUF ? "in_buf" : "out_buf", NOC_MAX_BUF,
                        cfg->in_buf > NOC_MAX_BUF ? cfg->in_buf : cfg->out_buf), NULL;
    const uint32_t nodes = cfg->in_node || cfg->out_node ? cfg->nodes
                           : cfg->inputs > cfg->outputs ? cfg->inputs : cfg->outputs;
    if (geo->check && geo->check(cfg, nodes, err, len))
        return NULL;
    gmc_noc_t *n = calloc(1, sizeof *n);
    if (!n) {
        snprintf(err, len, "%s: out of memory", geo->name);
        return NULL;
    }
    n->base.ops = &noc_ops;
    n->base.cfg = *cfg;
    n->base.cfg.in_node = n->base.cfg.out_node = NULL;   /* the caller's: kept as in_r, out_r */
    n->base.cfg.alloc = cfg->alloc ? cfg->alloc : &gmc_alloc_rr;
    n->geo = geo;
    n->R = geo->routers(cfg, nodes, &n->cols, &n->rows);
    n->P = geo->ports;
    n->V = cfg->vcs;
    n->L = cfg->latency;
    n->D = cfg->in_buf * ((GMC_ICNT_PKT_MAX_BYTES + cfg->flit_bytes - 1) / cfg->flit_bytes);
    n->cap = n->D > cfg->in_buf ? n->D : cfg->in_buf;
    for (uint32_t p = 0; p < n->P; p++)
        n->back[p] = (uint8_t)(p ? geo->back(p) : 0);
    const uint32_t R = n->R, P = n->P, V = n->V, nq = R * P * V;
    n->aw = (R + 63) / 64;
    /* every packet is in an injection buffer, has a flit in a link's
     * buffer or a slot in an ejection buffer */
    const uint64_t npk = (uint64_t)cfg->inputs * V * cfg->in_buf + (uint64_t)R * (P - 1) * V * n->D +
                         (uint64_t)cfg->outputs * cfg->out_buf;
    if (npk >= NONE) {
        snprintf(err, len, "%s: expected buffers for fewer than 2^32 packets, found %llu (%u routers)", geo->name,
                 (unsigned long long)npk, R);
        noc_free(&n->base);
        return NULL;
    }
    n->npk = (uint32_t)npk;
#define ALLOC(f, k) (n->f = calloc((size_t)(k), sizeof *n->f))
    int ok = ALLOC(in_r, cfg->inputs) && ALLOC(out_r, cfg->outputs) && ALLOC(r_in, R) && ALLOC(r_out, R) &&
             ALLOC(nbr, R * P) && ALLOC(pk, n->npk) && ALLOC(q_pk, (size_t)nq * n->cap) &&
             ALLOC(q_vis, (size_t)nq * n->cap) && ALLOC(q_head, nq) && ALLOC(q_n, nq) && ALLOC(q_sent, nq) &&
             ALLOC(q_ovc, nq) && ALLOC(q_oport, nq) && ALLOC(busy, R) && ALLOC(active, n->aw) &&
             ALLOC(snap, n->aw) && ALLOC(ov_owner, nq) && ALLOC(ov_cred, nq) && ALLOC(cr, R * P) &&
             ALLOC(ej_pk, (size_t)cfg->outputs * cfg->out_buf) && ALLOC(ej_head, cfg->outputs) &&
             ALLOC(ej_n, cfg->outputs) && ALLOC(ej_at, (size_t)cfg->outputs * cfg->out_buf) &&
             ALLOC(dst_at, cfg->outputs) && ALLOC(inj, V * cfg->inputs) && ALLOC(va, R) && ALLOC(sa, R);
#undef ALLOC
    if (!ok) {
        snprintf(err, len, "%s: out of memory for %u routers", geo->name, R);
        noc_free(&n->base);
        return NULL;
    }
    for (uint32_t r = 0; r < R; r++)
        n->r_in[r] = n->r_out[r] = NONE;
    if (place(n, cfg, err, len)) {
        noc_free(&n->base);
        return NULL;
    }
    for (uint32_t r = 0; r < R; r++)
        for (uint32_t p = 0; p < P; p++)
            n->nbr[r * P + p] = p ? geo->next(n, r, p) : r;
    for (uint32_t i = 0; i < nq; i++) {
        n->ov_owner[i] = NONE;
        n->ov_cred[i] = n->D;
    }
    for (uint32_t d = 0; d < cfg->outputs; d++)
        n->dst_at[d] = UINT64_MAX;
    for (uint32_t k = 0; k < n->npk; k++)
        n->pk[k].next_free = k + 1 < n->npk ? k + 1 : NONE;
    n->pk_free = 0;
    n->rows_needed = cfg->hold.policy == GMC_ALLOC_HOLD_RMHG || cfg->hold.policy == GMC_ALLOC_HOLD_HMHG;
    /* per router: VC allocation by cfg.alloc (the hold grant), switch allocation by round robin */
    const gmc_alloc_cfg_t va = {P, P, V, cfg->hold}, sa = {P, P, V, {0, 0, 0, 0, 0}};
    for (uint32_t r = 0; r < R; r++)
        if (gmc_alloc_init(&n->va[r], n->base.cfg.alloc, &va, err, len) ||
            gmc_alloc_init(&n->sa[r], &gmc_alloc_rr, &sa, err, len)) {
            noc_free(&n->base);
            return NULL;
        }
    n->base.dst_at = n->dst_at;
    gmc_icnt_set_src_used(&n->base, n->inj);
    return &n->base;
}
