/* gmc_wl_spmv: y = A x with A in CSR, the scalar kernel (one thread per
 * row), A the adjacency matrix of a generated graph (gmc_wl_graph_impl.h):
 *     r = blockIdx.x*256 + threadIdx.x;
 *     if (r < n) {
 *         sum = 0;
 *         for (k = row_ptr[r]; k < row_ptr[r+1]; k++)
 *             sum += val[k] * x[col_idx[k]];
 *         y[r] = sum;
 *     }
 * The 32 lanes of a warp walk 32 different rows: col_idx[k] and val[k] are
 * uncoalesced (lanes a row length apart), x[col] is a gather, and a lane
 * whose row has ended drops out of the mask, so a warp runs as many loop
 * trips as its longest row (divergence; R-MAT hubs make that long).
 * Default: 65536 rows, 8 nonzeros per row on average (2 MB of col_idx).
 * Options: graph=rmat|uniform, deg=1..64. */
#include "gpu/gmc_wl_graph_impl.h"

#include <stdlib.h>

typedef struct {
    gmc_wl_common_t c;
    gmc_wl_graph_t  g;
    uint64_t row_ptr, col, val, x, y;
} spmv_t;

enum { SITE_RP0 = 1, SITE_RP1, SITE_COL, SITE_VAL, SITE_X, SITE_ST };
enum { PH_RP0, PH_RP1, PH_COL, PH_VAL, PH_X, PH_ST, PH_DONE };

/* Cursor (c->u.spmv): phase; row0, the row of lane 0; trip, the loop trip
 * j; longest, the longest row of the warp; lanes, the lanes with a row. */
static void warp_begin(gmc_kernel_t *k, uint32_t cta, uint32_t warp, gmc_warp_cursor_t *c)
{
    const spmv_t *s = k->impl;
    *c = (gmc_warp_cursor_t){.p = NULL};
    uint64_t r0 = ((uint64_t)cta * gmc_kernel_warps_per_cta(k) + warp) * GMC_WARP_SIZE;
    c->u.spmv.row0 = r0;
    uint32_t valid = r0 < s->g.n ? gmc_wl_lanes(s->g.n - r0) : 0, longest = 0;
    for (unsigned l = 0; l < 32; l++)
        if (valid >> l & 1) {
            uint32_t d = gmc_wl_graph_deg(&s->g, (uint32_t)(r0 + l));
            longest = d > longest ? d : longest;
        }
    c->u.spmv.longest = longest;
    c->u.spmv.lanes = valid;
    if (!valid)
        c->u.spmv.phase = PH_DONE;
}

/* The lanes whose row has more than j nonzeros. */
static uint32_t trip_mask(const spmv_t *s, const gmc_warp_cursor_t *c, uint64_t j)
{
    uint32_t valid = (uint32_t)c->u.spmv.lanes, m = 0;
    for (unsigned l = 0; l < 32; l++)
        if ((valid >> l & 1) && gmc_wl_graph_deg(&s->g, (uint32_t)(c->u.spmv.row0 + l)) > j)
            m |= 1u << l;
    return m;
}

static int next(gmc_kernel_t *k, gmc_warp_cursor_t *c, gmc_inst_t *in, char *err, size_t n)
{
    (void)err, (void)n;
    const spmv_t *s = k->impl;
    const uint64_t r0 = c->u.spmv.row0, j = c->u.spmv.trip;
    const uint32_t valid = (uint32_t)c->u.spmv.lanes;
    switch (c->u.spmv.phase) {
    case PH_RP0:
    case PH_RP1: {
        unsigned site = c->u.spmv.phase == PH_RP0 ? SITE_RP0 : SITE_RP1;
        if (gmc_wl_gap(&s->c, site == SITE_RP0 ? 2 : 0, c, valid, site, in, GMC_WL_ADDR))   /* row index */
            return 1;
        gmc_wl_op(in, c, GMC_OP_LD, site, valid, 4);
        gmc_wl_strided(in, s->row_ptr + 4 * (r0 + (site == SITE_RP1)), 4);
        c->u.spmv.phase = site == SITE_RP0 ? PH_RP1 : c->u.spmv.longest ? PH_COL : PH_ST;
        return 1;
    }
    case PH_COL:
    case PH_VAL:
    case PH_X: {
        static const unsigned site_of[] = {[PH_COL] = SITE_COL, [PH_VAL] = SITE_VAL,
                                           [PH_X] = SITE_X};
        unsigned ph = (unsigned)c->u.spmv.phase, site = site_of[ph];
        /* col: the previous trip's FMA, k++ and the compare; x: the address */
        unsigned own = ph == PH_COL ? (j ? 3 : 2) : ph == PH_X ? 1 : 0;
        uint32_t mask = trip_mask(s, c, j);
        if (gmc_wl_gap(&s->c, own, c, mask, site, in, ph == PH_VAL ? GMC_WL_ADDR : GMC_WL_IND))
            return 1;
        gmc_wl_op(in, c, GMC_OP_LD, site, mask, 4);
        for (unsigned l = 0; l < 32; l++) {
            uint64_t kk = (mask >> l & 1) ? s->g.row_ptr[r0 + l] + j : 0;
            in->addr[l] = ph == PH_COL ? s->col + 4 * kk
                        : ph == PH_VAL ? s->val + 4 * kk
                        : s->x + 4 * (uint64_t)((mask >> l & 1) ? s->g.col[kk] : 0);
        }
        if (ph != PH_X)
            c->u.spmv.phase++;
        else if (++c->u.spmv.trip < c->u.spmv.longest)
            c->u.spmv.phase = PH_COL;
        else
            c->u.spmv.phase = PH_ST;
        return 1;
    }
    case PH_ST:
        if (gmc_wl_gap(&s->c, c->u.spmv.longest ? 2 : 1, c, valid, SITE_ST, in, GMC_WL_USE))   /* last FMA; address */
            return 1;
        gmc_wl_op(in, c, GMC_OP_ST, SITE_ST, valid, 4);
        gmc_wl_strided(in, s->y + 4 * r0, 4);
        c->u.spmv.phase = PH_DONE;
        return 1;
    default:
        return 0;
    }
}

static const gmc_kernel_ops_t ops = {warp_begin, next, NULL};

static void spmv_free(void *p)
{
    spmv_t *s = p;
    if (s)
        gmc_wl_graph_free(&s->g);
    free(s);
}

int gmc_wl_spmv_new(gmc_workload_t *w, const gmc_wl_args_t *a, char *err, size_t n)
{
    static const char *const keys[] = {"graph", "deg", NULL};
    if (gmc_wl_opts_check(a->name, a->opts, keys, err, n) || gmc_wl_kernels(w, 1, err, n))
        return -1;
    spmv_t *s = gmc_wl_calloc(1, sizeof *s, a->name, err, n);
    if (!s)
        return -1;
    w->data = s;
    w->data_free = spmv_free;
    s->c.alu = a->p.alu_per_mem;
    if (gmc_wl_graph_new(&s->g, a, err, n))
        return -1;
    gmc_wl_layout_t lay;
    gmc_wl_layout_init(&lay);
    s->row_ptr = gmc_wl_array(&lay, 4 * ((uint64_t)s->g.n + 1));
    s->col = gmc_wl_array(&lay, 4 * s->g.nnz);
    s->val = gmc_wl_array(&lay, 4 * s->g.nnz);
    s->x = gmc_wl_array(&lay, 4 * (uint64_t)s->g.n);
    s->y = gmc_wl_array(&lay, 4 * (uint64_t)s->g.n);
    gmc_wl_kernel_set(&w->kernels[0], &ops, "spmv", (s->g.n + 255) / 256, 1, 256, 1, 32, 0, s);
    return 0;
}
