/* gmc_wl_graph: the graphs of the spmv and bfs workloads, generated from
 * the seed and stored as CSR (internal to model/gpu).
 *
 *   rmat     R-MAT (a, b, c, d) = (0.57, 0.19, 0.19, 0.05), the Graph500
 *            parameters: a power-law degree distribution.  Vertex labels
 *            are then permuted at random (as Graph500 does), so the hubs
 *            are spread over the id range instead of piling up at 0.
 *   uniform  both endpoints uniform (Erdos-Renyi-like): degrees ~ Poisson.
 *
 * Undirected and simple: each drawn pair {u, v}, u != v, is stored in both
 * directions, duplicates removed; pairs are drawn until n*deg/2 distinct
 * ones exist, so the average degree is deg.  Rows are sorted by column. */
#ifndef GMC_WL_GRAPH_H
#define GMC_WL_GRAPH_H
#include <stddef.h>
#include <stdint.h>
#include "gpu/gmc_wl_impl.h"

typedef struct {
    uint32_t  n;          /* vertices */
    uint64_t  nnz;        /* stored (directed) edges */
    uint32_t *row_ptr;    /* n + 1 */
    uint32_t *col;        /* nnz */
} gmc_wl_graph_t;

#define GMC_WL_GRAPH_N    65536.0   /* vertices at scale 1 */
#define GMC_WL_GRAPH_DEG  8         /* average degree */

/* Reads the options graph=rmat|uniform and deg=1..64 of a and builds the
 * graph of a->p.scale * GMC_WL_GRAPH_N vertices.  0, or -1 with err. */
int  gmc_wl_graph_new(gmc_wl_graph_t *g, const gmc_wl_args_t *a, char *err, size_t n);
void gmc_wl_graph_free(gmc_wl_graph_t *g);

static inline uint32_t gmc_wl_graph_deg(const gmc_wl_graph_t *g, uint32_t v)
{
    return g->row_ptr[v + 1] - g->row_ptr[v];
}

#endif
