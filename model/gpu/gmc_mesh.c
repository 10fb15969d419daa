/* gmc_mesh: the 2D mesh of routers (gmc_noc.c) with dimension-order
 * routing: X first, then Y (docs/interconnect.md).  Node n is router n at
 * column n % cols, row n / cols; cols = cfg.mesh_cols or ceil(sqrt(nodes)),
 * rows = ceil(nodes / cols) (routers past the last node have no port).
 * Ports: 0 local, 1 east (column + 1), 2 west, 3 south (row + 1), 4
 * north.  Dimension-order routes have no cycle of channel dependences, so
 * every VC may be used by every packet (no deadlock with any assignment). */
#include <stdio.h>
#include "gpu/gmc_noc_impl.h"

enum { LOCAL = 0, EAST, WEST, SOUTH, NORTH };

static int mesh_check(const gmc_icnt_cfg_t *c, uint32_t nodes, char *err, size_t n)
{
    if (c->mesh_cols > nodes)
        return snprintf(err, n, "mesh mesh_cols: expected 0 (near-square) or 1..%u (the nodes), found %u",
                        nodes, c->mesh_cols), -1;
    return 0;
}

static uint32_t mesh_routers(const gmc_icnt_cfg_t *c, uint32_t nodes, uint32_t *cols, uint32_t *rows)
{
    *cols = gmc_icnt_mesh_cols(nodes, c->mesh_cols);
    *rows = (nodes + *cols - 1) / *cols;
    return *cols * *rows;
}

static uint32_t mesh_next(const gmc_noc_t *n, uint32_t r, uint32_t p)
{
    const uint32_t x = r % n->cols, y = r / n->cols;
    switch (p) {
    case EAST:  return x + 1 < n->cols ? r + 1 : GMC_NOC_NONE;
    case WEST:  return x ? r - 1 : GMC_NOC_NONE;
    case SOUTH: return y + 1 < n->rows ? r + n->cols : GMC_NOC_NONE;
    default:    return y ? r - n->cols : GMC_NOC_NONE;
    }
}

static uint32_t mesh_back(uint32_t p) { return p == EAST ? WEST : p == WEST ? EAST : p == SOUTH ? NORTH : SOUTH; }

static uint32_t mesh_route(const gmc_noc_t *n, uint32_t r, uint32_t d)
{
    const uint32_t x = r % n->cols, y = r / n->cols, dx = d % n->cols, dy = d / n->cols;
    return dx > x ? EAST : dx < x ? WEST : dy > y ? SOUTH : dy < y ? NORTH : LOCAL;
}

static void mesh_vcs(const gmc_noc_t *n, uint32_t r, uint32_t o, const gmc_noc_pkt_t *k, uint32_t *first,
                     uint32_t *count, int *cross)
{
    (void)r, (void)o, (void)k;
    *first = 0;
    *count = n->V;
    *cross = 0;
}

static const gmc_noc_geo_t mesh_geo = {
    "mesh", 5, mesh_check, mesh_routers, mesh_next, mesh_back, mesh_route, mesh_vcs,
    {"local", "E", "W", "S", "N"},
};

static gmc_icnt_t *mesh_new(const gmc_icnt_cfg_t *cfg, char *err, size_t n)
{
    return gmc_noc_new(&mesh_geo, cfg, err, n);
}

const gmc_icnt_topo_t gmc_icnt_mesh = {
    "mesh", "2D mesh of input-queued VC routers, dimension-order (XY) routing, one node per port pair",
    mesh_new, 1, NULL, 1,
};
