/* gmc_noc: the input-queued virtual-channel router network that the mesh
 * (gmc_mesh.c) and the ring (gmc_ring.c) are built from (gmc_noc.c).  A
 * topology gives the shape -- ports per router, neighbours, the route and
 * which VCs a packet may take on a link -- and the engine does the rest:
 * buffers, credits, wormhole, the pipeline, ejection and the contract of
 * gpu/gmc_icnt.h.  docs/interconnect.md describes the router. */
#ifndef GMC_NOC_IMPL_H
#define GMC_NOC_IMPL_H
#include <stddef.h>
#include <stdint.h>
#include "gpu/gmc_alloc.h"
#include "gpu/gmc_icnt.h"

#define GMC_NOC_NONE    UINT32_MAX
#define GMC_NOC_MAX_PORTS 5   /* the mesh's: local, east, west, south, north */

/* A packet in the network, with what the routers keep of it. */
typedef struct {
    gmc_pkt_t p;
    uint32_t  flits;       /* ceil(bytes / flit_bytes), at least 1 */
    uint32_t  dst_r;       /* the router of its output port */
    uint32_t  row;         /* its DRAM row and bank (hold by row only) */
    uint8_t   bank;
    uint8_t   crossed;     /* the ring: it crossed the dateline (VC class 1 from then on) */
    uint32_t  next_free;   /* the pool's free list */
} gmc_noc_pkt_t;

typedef struct gmc_noc gmc_noc_t;

/* The shape of a network. */
typedef struct {
    const char *name;      /* "mesh", "ring": errors and messages */
    uint32_t    ports;     /* per router, port 0 the local one (<= GMC_NOC_MAX_PORTS) */
    /* the shape's own limits on cfg for `nodes` nodes (NULL: none): 0, or
     * -1 with one line in err naming the field */
    int       (*check)(const gmc_icnt_cfg_t *c, uint32_t nodes, char *err, size_t n);
    /* the routers of a network of `nodes` nodes, as *cols x *rows (the
     * ring: nodes x 1) */
    uint32_t  (*routers)(const gmc_icnt_cfg_t *c, uint32_t nodes, uint32_t *cols, uint32_t *rows);
    /* the router behind port p (>= 1) of router r, or GMC_NOC_NONE */
    uint32_t  (*next)(const gmc_noc_t *n, uint32_t r, uint32_t p);
    /* the input port of next(r, p) that r's output port p feeds */
    uint32_t  (*back)(uint32_t p);
    /* the output port at router r toward router d (0: the local port, r == d) */
    uint32_t  (*route)(const gmc_noc_t *n, uint32_t r, uint32_t d);
    /* the VCs a packet may take on output port o (>= 1) of router r:
     * [*first, *first + *count); and whether the hop marks it crossed */
    void      (*vcs)(const gmc_noc_t *n, uint32_t r, uint32_t o, const gmc_noc_pkt_t *k, uint32_t *first,
                     uint32_t *count, int *cross);
    const char *port_names[GMC_NOC_MAX_PORTS];   /* "local", "E", ...: messages */
} gmc_noc_geo_t;

struct gmc_noc {
    gmc_icnt_t           base;        /* first: the ops see a gmc_icnt_t */
    const gmc_noc_geo_t *geo;
    uint32_t             R, P, V;     /* routers, ports per router, VCs */
    uint32_t             D;           /* flits per VC buffer of a link's input port */
    uint32_t             cap;         /* entries per input-VC ring: max(D, in_buf) */
    uint32_t             L;           /* cycles of switch and link traversal (cfg.latency) */
    uint32_t             cols, rows;  /* the mesh's (the ring: R, 1) */
    /* ports and routers */
    uint32_t            *in_r, *out_r;   /* [inputs], [outputs]: a port's router */
    uint32_t            *r_in, *r_out;   /* [R]: the input / output port at a router, or NONE */
    uint32_t            *nbr;            /* [R * P]: next(r, p) */
    uint8_t              back[GMC_NOC_MAX_PORTS];
    /* packets */
    gmc_noc_pkt_t       *pk;
    uint32_t             npk, pk_free;
    /* input VCs: ivc = r * P * V + b, b = v * P + p (the allocators'
     * requester numbering); each a ring of cap entries: a flit (link
     * ports) or a whole packet (the local port, the injection buffer) */
    uint32_t            *q_pk, *q_vis;   /* [R * P * V * cap]: the entry's packet, cycle it is visible */
    uint32_t            *q_head, *q_n;   /* [R * P * V] */
    uint32_t            *q_sent;         /* flits of the front packet sent on */
    uint8_t             *q_ovc;          /* its output VC + 1 (0: VC allocation pending) */
    uint8_t             *q_oport;        /* its output port */
    uint64_t            *busy;           /* [R]: bit b = input VC b has entries */
    uint64_t            *active;         /* [ceil(R / 64)]: routers with a busy bit */
    uint64_t            *snap;           /* the same, at a tick's start (scratch) */
    uint32_t             aw;             /* words of active */
    /* output VCs: ov = (r * P + o) * V + v */
    uint32_t            *ov_owner;       /* the input VC that holds it, or NONE */
    uint32_t            *ov_cred;        /* free flit slots downstream (link ports) */
    uint32_t            *cr;             /* credits to return at the tick's end (scratch) */
    uint32_t             ncr;
    /* ejection: per output port a FIFO of out_buf packets */
    uint32_t            *ej_pk, *ej_head, *ej_n;
    uint64_t            *ej_at;          /* cycle the packet's tail is in (UINT64_MAX: not yet) */
    uint64_t            *dst_at;         /* base.dst_at */
    uint32_t            *inj;            /* [V * inputs]: packets in each injection buffer (src_used) */
    /* allocators, one of each per router */
    gmc_alloc_t         *va, *sa;
    int                  rows_needed;    /* hold by row: locate each packet */
    int                  moved;          /* a flit crossed a switch, or a packet was popped */
};

/* Builds a network of geo's shape for cfg (passed gmc_icnt_cfg_check), or
 * NULL with one line in err. */
gmc_icnt_t *gmc_noc_new(const gmc_noc_geo_t *geo, const gmc_icnt_cfg_t *cfg, char *err, size_t n);

#endif
