/* gmc_wl_bfs: level-synchronous top-down BFS on a generated graph
 * (gmc_wl_graph_impl.h), one kernel launch per level, one thread per vertex:
 *     v = blockIdx.x*256 + threadIdx.x;
 *     if (v < n && level[v] == cur)
 *         for (k = row_ptr[v]; k < row_ptr[v+1]; k++) {
 *             u = col_idx[k];
 *             if (level[u] == -1)
 *                 level[u] = cur + 1;
 *         }
 * The levels are computed on the host at new() from the vertex of highest
 * degree, so launch `cur` knows which vertices are in the frontier and
 * which neighbours are unvisited.  Unvisited means "level -1 when the
 * launch started": every frontier lane whose neighbour ends at cur+1
 * stores (the benign race of the real kernel, resolved as if all reads
 * came before all writes -- independent of the interleaving).  Launches
 * run for cur = 0 .. the last level, the last one finding nothing (the
 * host's loop stops when a launch changed nothing).
 * Options: graph=rmat|uniform, deg=1..64. */
#include "gpu/gmc_wl_graph_impl.h"

#include <stdio.h>
#include <stdlib.h>

typedef struct {
    gmc_wl_graph_t g;
    int32_t  *level;                 /* final BFS level, -1 unreached */
    uint64_t row_ptr, col, lvl;      /* device arrays */
    struct bfs_kernel *k;            /* one per level */
} bfs_t;

typedef struct bfs_kernel {
    gmc_wl_common_t c;
    const bfs_t    *d;
    int32_t         cur;
} bfs_kernel_t;

enum { SITE_LVL = 1, SITE_RP0, SITE_RP1, SITE_COL, SITE_NLV, SITE_ST };
enum { PH_LVL, PH_RP0, PH_RP1, PH_COL, PH_NLV, PH_ST, PH_DONE };

/* Cursor (c->u.bfs): phase; v0, the vertex of lane 0; trip, the edge trip
 * j; lanes, the lanes with a vertex (bits 0-31) and the frontier lanes
 * (bits 32-63); longest, the highest degree in the frontier. */
static void warp_begin(gmc_kernel_t *k, uint32_t cta, uint32_t warp, gmc_warp_cursor_t *c)
{
    const bfs_kernel_t *b = k->impl;
    const bfs_t *d = b->d;
    *c = (gmc_warp_cursor_t){.p = NULL};
    uint64_t v0 = ((uint64_t)cta * gmc_kernel_warps_per_cta(k) + warp) * GMC_WARP_SIZE;
    c->u.bfs.v0 = v0;
    uint32_t valid = v0 < d->g.n ? gmc_wl_lanes(d->g.n - v0) : 0, front = 0, longest = 0;
    for (unsigned l = 0; l < 32; l++)
        if ((valid >> l & 1) && d->level[v0 + l] == b->cur) {
            front |= 1u << l;
            uint32_t deg = gmc_wl_graph_deg(&d->g, (uint32_t)(v0 + l));
            longest = deg > longest ? deg : longest;
        }
    c->u.bfs.lanes = (uint64_t)front << 32 | valid;
    c->u.bfs.longest = longest;
    if (!valid)
        c->u.bfs.phase = PH_DONE;
}

/* Frontier lanes with more than j edges. */
static uint32_t trip_mask(const bfs_t *d, const gmc_warp_cursor_t *c, uint64_t j)
{
    uint32_t front = (uint32_t)(c->u.bfs.lanes >> 32), m = 0;
    for (unsigned l = 0; l < 32; l++)
        if ((front >> l & 1) && gmc_wl_graph_deg(&d->g, (uint32_t)(c->u.bfs.v0 + l)) > j)
            m |= 1u << l;
    return m;
}

/* Ends trip j: on to the next one, or done. */
static void trip_end(gmc_warp_cursor_t *c)
{
    c->u.bfs.phase = ++c->u.bfs.trip < c->u.bfs.longest ? PH_COL : PH_DONE;
}

static int next(gmc_kernel_t *k, gmc_warp_cursor_t *c, gmc_inst_t *in, char *err, size_t n)
{
    (void)err, (void)n;
    const bfs_kernel_t *b = k->impl;
    const bfs_t *d = b->d;
    const uint64_t v0 = c->u.bfs.v0;
    const uint32_t valid = (uint32_t)c->u.bfs.lanes, front = (uint32_t)(c->u.bfs.lanes >> 32);
    for (;;) {
        const uint64_t j = c->u.bfs.trip;   /* a skipped store moves to the next trip */
        switch (c->u.bfs.phase) {
        case PH_LVL:
            if (gmc_wl_gap(&b->c, 2, c, valid, SITE_LVL, in, GMC_WL_ADDR))   /* vertex index, bound */
                return 1;
            gmc_wl_op(in, c, GMC_OP_LD, SITE_LVL, valid, 4);
            gmc_wl_strided(in, d->lvl + 4 * v0, 4);
            c->u.bfs.phase = front && c->u.bfs.longest ? PH_RP0 : PH_DONE;
            return 1;
        case PH_RP0:
        case PH_RP1: {
            unsigned site = c->u.bfs.phase == PH_RP0 ? SITE_RP0 : SITE_RP1;
            if (gmc_wl_gap(&b->c, site == SITE_RP0 ? 1 : 0, c, front, site, in,
                           site == SITE_RP0 ? GMC_WL_IND : GMC_WL_ADDR))   /* == cur */
                return 1;
            gmc_wl_op(in, c, GMC_OP_LD, site, front, 4);
            gmc_wl_strided(in, d->row_ptr + 4 * (v0 + (site == SITE_RP1)), 4);
            c->u.bfs.phase++;
            return 1;
        }
        case PH_COL:
        case PH_NLV: {
            int col = c->u.bfs.phase == PH_COL;
            unsigned site = col ? SITE_COL : SITE_NLV;
            uint32_t mask = trip_mask(d, c, j);
            if (gmc_wl_gap(&b->c, col ? 2 : 1, c, mask, site, in, GMC_WL_IND))   /* k++, compare; address */
                return 1;
            gmc_wl_op(in, c, GMC_OP_LD, site, mask, 4);
            for (unsigned l = 0; l < 32; l++) {
                uint64_t kk = (mask >> l & 1) ? d->g.row_ptr[v0 + l] + j : 0;
                in->addr[l] = col ? d->col + 4 * kk
                                  : d->lvl + 4 * (uint64_t)((mask >> l & 1) ? d->g.col[kk] : 0);
            }
            c->u.bfs.phase++;
            return 1;
        }
        case PH_ST: {
            /* the lanes whose neighbour was unvisited when the launch began */
            uint32_t mask = trip_mask(d, c, j), st = 0;
            for (unsigned l = 0; l < 32; l++)
                if ((mask >> l & 1) &&
                    d->level[d->g.col[d->g.row_ptr[v0 + l] + j]] == b->cur + 1)
                    st |= 1u << l;
            if (!st) {
                trip_end(c);
                continue;
            }
            if (gmc_wl_gap(&b->c, 1, c, st, SITE_ST, in, GMC_WL_USE))   /* == -1 */
                return 1;
            gmc_wl_op(in, c, GMC_OP_ST, SITE_ST, st, 4);
            for (unsigned l = 0; l < 32; l++)
                in->addr[l] = (st >> l & 1)
                    ? d->lvl + 4 * (uint64_t)d->g.col[d->g.row_ptr[v0 + l] + j] : d->lvl;
            trip_end(c);
            return 1;
        }
        default:
            return 0;
        }
    }
}

static const gmc_kernel_ops_t ops = {warp_begin, next, NULL};

static void bfs_free(void *p)
{
    bfs_t *d = p;
    if (!d)
        return;
    gmc_wl_graph_free(&d->g);
    free(d->level);
    free(d->k);
    free(d);
}

/* Host BFS from src into d->level; returns the last level. */
static int32_t levels(bfs_t *d, uint32_t src, uint32_t *queue)
{
    for (uint32_t v = 0; v < d->g.n; v++)
        d->level[v] = -1;
    size_t head = 0, tail = 0;
    d->level[src] = 0;
    queue[tail++] = src;
    int32_t last = 0;
    while (head < tail) {
        uint32_t v = queue[head++];
        last = d->level[v];
        for (uint32_t e = d->g.row_ptr[v]; e < d->g.row_ptr[v + 1]; e++)
            if (d->level[d->g.col[e]] < 0) {
                d->level[d->g.col[e]] = d->level[v] + 1;
                queue[tail++] = d->g.col[e];
            }
    }
    return last;
}

int gmc_wl_bfs_new(gmc_workload_t *w, const gmc_wl_args_t *a, char *err, size_t n)
{
    static const char *const keys[] = {"graph", "deg", NULL};
    if (gmc_wl_opts_check(a->name, a->opts, keys, err, n))
        return -1;
    bfs_t *d = gmc_wl_calloc(1, sizeof *d, a->name, err, n);
    if (!d)
        return -1;
    w->data = d;
    w->data_free = bfs_free;
    if (gmc_wl_graph_new(&d->g, a, err, n))
        return -1;
    d->level = gmc_wl_calloc(d->g.n, sizeof *d->level, a->name, err, n);
    uint32_t *queue = gmc_wl_calloc(d->g.n, sizeof *queue, a->name, err, n);
    if (!d->level || !queue) {
        free(queue);
        return -1;
    }
    uint32_t src = 0;
    for (uint32_t v = 1; v < d->g.n; v++)
        if (gmc_wl_graph_deg(&d->g, v) > gmc_wl_graph_deg(&d->g, src))
            src = v;
    int32_t last = levels(d, src, queue);
    free(queue);
    unsigned nk = (unsigned)last + 1;
    d->k = gmc_wl_calloc(nk, sizeof *d->k, a->name, err, n);
    if (!d->k || gmc_wl_kernels(w, nk, err, n))
        return -1;
    gmc_wl_layout_t lay;
    gmc_wl_layout_init(&lay);
    d->row_ptr = gmc_wl_array(&lay, 4 * ((uint64_t)d->g.n + 1));
    d->col = gmc_wl_array(&lay, 4 * d->g.nnz);
    d->lvl = gmc_wl_array(&lay, 4 * (uint64_t)d->g.n);
    for (unsigned i = 0; i < nk; i++) {
        d->k[i].c.alu = a->p.alu_per_mem;
        d->k[i].d = d;
        d->k[i].cur = (int32_t)i;
        char name[32];
        snprintf(name, sizeof name, "bfs.%u", i);
        gmc_wl_kernel_set(&w->kernels[i], &ops, name, (d->g.n + 255) / 256, 1, 256, 1, 32, 0,
                          &d->k[i]);
    }
    return 0;
}
