/* gmc_ring: the bidirectional ring of routers (gmc_noc.c), each with three
 * ports -- 0 local, 1 clockwise (to node r + 1), 2 counter-clockwise (to
 * r - 1) -- routing the shorter way round (clockwise on a tie).  Deadlock
 * avoidance by a dateline (Dally and Towles): the VCs are two classes,
 * class 0 = VCs 0 .. ceil(V/2) - 1 and class 1 = the rest; a packet
 * travels in class 0 until it takes the link from node N - 1 to node 0
 * (clockwise) or from 0 to N - 1 (counter-clockwise), and in class 1 from
 * that link on.  No route is longer than half the ring, so none crosses
 * twice and neither class's channels form a cycle.  Within its class a
 * packet's VC is chosen by the assignment (DVCA: the first free one; SVCA:
 * the class's first + dst mod its size).  It needs two VCs. */
#include <stdio.h>
#include "gpu/gmc_noc_impl.h"

enum { LOCAL = 0, CW, CCW };

static int ring_check(const gmc_icnt_cfg_t *c, uint32_t nodes, char *err, size_t n)
{
    (void)nodes;
    if (c->vcs < 2)
        return snprintf(err, n, "ring vcs: expected at least 2 virtual channels (its dateline needs two "
                        "classes to avoid deadlock), found %u", c->vcs), -1;
    return 0;
}

static uint32_t ring_routers(const gmc_icnt_cfg_t *c, uint32_t nodes, uint32_t *cols, uint32_t *rows)
{
    (void)c;
    *cols = nodes;
    *rows = 1;
    return nodes;
}

static uint32_t ring_next(const gmc_noc_t *n, uint32_t r, uint32_t p)
{
    return p == CW ? (r + 1 == n->R ? 0 : r + 1) : (r ? r - 1 : n->R - 1);
}

static uint32_t ring_back(uint32_t p) { return p == CW ? CCW : CW; }

static uint32_t ring_route(const gmc_noc_t *n, uint32_t r, uint32_t d)
{
    if (r == d)
        return LOCAL;
    const uint32_t cw = d > r ? d - r : d + n->R - r;
    return cw <= n->R - cw ? CW : CCW;
}

static void ring_vcs(const gmc_noc_t *n, uint32_t r, uint32_t o, const gmc_noc_pkt_t *k, uint32_t *first,
                     uint32_t *count, int *cross)
{
    const uint32_t c0 = n->V - n->V / 2;   /* class 0's VCs */
    const int dateline = (o == CW && r + 1 == n->R) || (o == CCW && r == 0);
    if (n->base.cfg.test_hooks & GMC_ICNT_TEST_NO_DATELINE) {   /* a test's deadlock: one class */
        *first = 0;
        *count = c0;
        *cross = 0;
        return;
    }
    const int cls = k->crossed || dateline;
    *first = cls ? c0 : 0;
    *count = cls ? n->V - c0 : c0;
    *cross = dateline;
}

static const gmc_noc_geo_t ring_geo = {
    "ring", 3, ring_check, ring_routers, ring_next, ring_back, ring_route, ring_vcs,
    {"local", "cw", "ccw"},
};

static gmc_icnt_t *ring_new(const gmc_icnt_cfg_t *cfg, char *err, size_t n)
{
    return gmc_noc_new(&ring_geo, cfg, err, n);
}

const gmc_icnt_topo_t gmc_icnt_ring = {
    "ring", "bidirectional ring of input-queued VC routers, shorter way round, dateline VC classes",
    ring_new, 2, "its dateline needs two VC classes to avoid deadlock", 1,
};
