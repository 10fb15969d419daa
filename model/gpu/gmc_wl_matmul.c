/* gmc_wl_matmul: tiled SGEMM C = A * B on N x N row-major floats, 16x16
 * blocks, two 16x16 shared-memory tiles (the CUDA Programming Guide
 * kernel).  Thread (tx, ty) of block (bx, by), row = by*16 + ty,
 * col = bx*16 + tx:
 *     for (t = 0; t < N/16; t++) {
 *         As[ty][tx] = A[row][t*16 + tx];   // LD + SHMEM store
 *         Bs[ty][tx] = B[t*16 + ty][col];   // LD + SHMEM store
 *         __syncthreads();                   // BAR
 *         for (k = 0; k < 16; k++)
 *             sum += As[ty][k] * Bs[k][tx];  // 2 SHMEM loads + FMA
 *         __syncthreads();                   // BAR
 *     }
 *     C[row][col] = sum;
 * Warp w holds rows ty = 2w, 2w+1: each global load touches 2 half-lines
 * (4 sectors).  The FMA of step k sits before the SHMEM load of step k+1
 * (the last one before the next tile's A load).  Default N = 224 (0.6 MB
 * for the three matrices, well inside the L2): 1568 warps x 14 tiles x 57
 * instructions = 1.25 M warp instructions. */
#include "gpu/gmc_wl_impl.h"

#include <math.h>
#include <stdlib.h>

#define MATMUL_N  224.0   /* side at scale 1; the work grows with N^3, so N with cbrt(scale) */
#define TILE      16u

typedef struct {
    gmc_wl_common_t c;
    uint64_t n, a, b, cc;
} matmul_t;

enum { SITE_LDA = 1, SITE_STSA, SITE_LDB, SITE_STSB, SITE_BAR1, SITE_LDSA, SITE_LDSB,
       SITE_BAR2, SITE_ST };
/* Steps of one tile: 0 LD A, 1 SHMEM, 2 LD B, 3 SHMEM, 4 BAR, 5..36 the 16
 * (SHMEM A, SHMEM B) pairs, 37 BAR. */
#define STEP_PAIRS 5
#define STEP_BAR2  (STEP_PAIRS + 2 * TILE)
#define STEPS      (STEP_BAR2 + 1)

/* Cursor (c->u.matmul): step; tile t (N/16 = the final store, N/16 + 1 =
 * done); bx, by; warp. */
static void warp_begin(gmc_kernel_t *k, uint32_t cta, uint32_t warp, gmc_warp_cursor_t *c)
{
    *c = (gmc_warp_cursor_t){.p = NULL};
    c->u.matmul.bx = cta % k->grid[0];
    c->u.matmul.by = cta / k->grid[0];
    c->u.matmul.warp = warp;
}

/* The global address of lane l's element for the A load, B load or C store. */
static void addrs(const matmul_t *m, const gmc_warp_cursor_t *c, unsigned site, gmc_inst_t *in)
{
    uint64_t t = c->u.matmul.tile;
    for (unsigned l = 0; l < 32; l++) {
        uint64_t tid = c->u.matmul.warp * 32 + l, tx = tid % TILE, ty = tid / TILE;
        uint64_t row = c->u.matmul.by * TILE + ty, col = c->u.matmul.bx * TILE + tx;
        in->addr[l] = site == SITE_LDA ? m->a + 4 * (row * m->n + t * TILE + tx)
                    : site == SITE_LDB ? m->b + 4 * ((t * TILE + ty) * m->n + col)
                    : m->cc + 4 * (row * m->n + col);
    }
}

static int next(gmc_kernel_t *k, gmc_warp_cursor_t *c, gmc_inst_t *in, char *err, size_t n)
{
    (void)err, (void)n;
    const matmul_t *m = k->impl;
    const uint64_t tiles = m->n / TILE;
    const gmc_wl_common_t *g = &m->c;
    uint64_t t = c->u.matmul.tile, st = c->u.matmul.step;
    if (t > tiles)
        return 0;
    if (t == tiles) {
        if (gmc_wl_gap(g, 2, c, GMC_WL_FULL, SITE_ST, in, GMC_WL_USE))   /* last FMA, address */
            return 1;
        gmc_wl_op(in, c, GMC_OP_ST, SITE_ST, GMC_WL_FULL, 4);
        addrs(m, c, SITE_ST, in);
        c->u.matmul.tile++;
        return 1;
    }
    if (st == 0 || st == 2) {
        unsigned site = st == 0 ? SITE_LDA : SITE_LDB;
        /* A: the previous tile's last FMA (t > 0) and 2 address ops; B: 1 */
        unsigned own = st == 2 ? 1 : t ? 3 : 2;
        if (gmc_wl_gap(g, own, c, GMC_WL_FULL, site, in, GMC_WL_ADDR))
            return 1;
        gmc_wl_op(in, c, GMC_OP_LD, site, GMC_WL_FULL, 4);
        addrs(m, c, site, in);
    } else if (st == 1 || st == 3 || st >= STEP_PAIRS) {
        unsigned site = st == 1 ? SITE_STSA : st == 3 ? SITE_STSB
                      : (st - STEP_PAIRS) % 2 ? SITE_LDSB : SITE_LDSA;
        /* the FMA of the previous k before As[ty][k], k > 0 */
        unsigned own = site == SITE_LDSA && st > STEP_PAIRS ? 1 : 0;
        if (st == STEP_BAR2) {
            gmc_wl_op(in, c, GMC_OP_BAR, SITE_BAR2, GMC_WL_FULL, 0);
        } else {
            if (gmc_wl_gap(g, own, c, GMC_WL_FULL, site, in, GMC_WL_USE))
                return 1;
            gmc_wl_op(in, c, GMC_OP_SHMEM, site, GMC_WL_FULL, 4);
        }
    } else {
        gmc_wl_op(in, c, GMC_OP_BAR, SITE_BAR1, GMC_WL_FULL, 0);
    }
    if (++c->u.matmul.step == STEPS) {
        c->u.matmul.step = 0;
        c->u.matmul.tile++;
    }
    return 1;
}

static const gmc_kernel_ops_t ops = {warp_begin, next, NULL};

int gmc_wl_matmul_new(gmc_workload_t *w, const gmc_wl_args_t *a, char *err, size_t n)
{
    static const char *const keys[] = {NULL};
    if (gmc_wl_opts_check(a->name, a->opts, keys, err, n) || gmc_wl_kernels(w, 1, err, n))
        return -1;
    matmul_t *m = gmc_wl_calloc(1, sizeof *m, a->name, err, n);
    if (!m)
        return -1;
    w->data = m;
    w->data_free = free;
    m->c.alu = a->p.alu_per_mem;
    m->n = gmc_wl_round(MATMUL_N * cbrt(a->p.scale), TILE);
    gmc_wl_layout_t lay;
    gmc_wl_layout_init(&lay);
    m->a = gmc_wl_array(&lay, 4 * m->n * m->n);
    m->b = gmc_wl_array(&lay, 4 * m->n * m->n);
    m->cc = gmc_wl_array(&lay, 4 * m->n * m->n);
    uint32_t g = (uint32_t)(m->n / TILE);
    gmc_wl_kernel_set(&w->kernels[0], &ops, "matmul", g, g, TILE, TILE, 32,
                      2 * TILE * TILE * 4, m);
    return 0;
}
