/* gmc_wl_transpose: the naive (no shared memory) float transpose of an
 * n x n matrix, one thread per element, 32x8 blocks, so warp w of a block
 * holds 32 consecutive x of row y = blockIdx.y*8 + w:
 *   transpose       out[x][y] = in[y][x]   loads read 32 consecutive floats
 *                   of a row (1 line); each store warp writes a column: 32
 *                   rows n*4 bytes apart, the entropy-valley case of PAE
 *                   [ISCA'18].
 *   transpose-read  out[y][x] = in[x][y]   the loads read the column (32
 *                   lines per load warp), the stores are coalesced.
 * Default n = 2048 (16 MB per matrix): 131072 warps of LD, ST and 4 ALU =
 * 786 K warp instructions. */
#include "gpu/gmc_wl_impl.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define TRANSPOSE_N 2048.0   /* side at scale 1; the side grows with sqrt(scale) */

typedef struct {
    gmc_wl_common_t c;
    uint64_t n, in, out;
    int      read_cm;        /* transpose-read: the loads go down a column */
} transpose_t;

enum { SITE_LD = 1, SITE_ST };

/* Cursor (c->u.transpose): phase, 0 = load next, 1 = store next, 2 =
 * done; x0, the x of lane 0; y. */
static void warp_begin(gmc_kernel_t *k, uint32_t cta, uint32_t warp, gmc_warp_cursor_t *c)
{
    *c = (gmc_warp_cursor_t){.p = NULL};
    c->u.transpose.x0 = (uint64_t)(cta % k->grid[0]) * 32;
    c->u.transpose.y = (uint64_t)(cta / k->grid[0]) * 8 + warp;
}

static int next(gmc_kernel_t *k, gmc_warp_cursor_t *c, gmc_inst_t *in, char *err, size_t n)
{
    (void)err, (void)n;
    const transpose_t *t = k->impl;
    uint64_t x0 = c->u.transpose.x0, y = c->u.transpose.y;
    if (c->u.transpose.phase >= 2 || y >= t->n || x0 >= t->n)
        return 0;
    uint32_t mask = gmc_wl_lanes(t->n - x0);
    /* Row-major: element (row y, column x) of lane l is at (y*n + x)*4;
     * column-major: at (x*n + y)*4. */
    int load = c->u.transpose.phase == 0;
    int col = load ? t->read_cm : !t->read_cm;
    uint64_t base = load ? t->in : t->out;
    unsigned site = load ? SITE_LD : SITE_ST;
    if (gmc_wl_gap(&t->c, load ? 3 : 1, c, mask, site, in, GMC_WL_ADDR))  /* 2D index; address */
        return 1;
    gmc_wl_op(in, c, load ? GMC_OP_LD : GMC_OP_ST, site, mask, 4);
    gmc_wl_strided(in, base + 4 * (col ? x0 * t->n + y : y * t->n + x0),
                   col ? 4 * (int64_t)t->n : 4);   /* lane l: x = x0 + l */
    c->u.transpose.phase++;
    return 1;
}

static const gmc_kernel_ops_t ops = {warp_begin, next, NULL};

int gmc_wl_transpose_new(gmc_workload_t *w, const gmc_wl_args_t *a, char *err, size_t n)
{
    static const char *const keys[] = {NULL};
    if (gmc_wl_opts_check(a->name, a->opts, keys, err, n) || gmc_wl_kernels(w, 1, err, n))
        return -1;
    transpose_t *t = gmc_wl_calloc(1, sizeof *t, a->name, err, n);
    if (!t)
        return -1;
    w->data = t;
    w->data_free = free;
    t->c.alu = a->p.alu_per_mem;
    t->read_cm = !strcmp(a->name, "transpose-read");
    t->n = gmc_wl_round(TRANSPOSE_N * sqrt(a->p.scale), 32);
    gmc_wl_layout_t lay;
    gmc_wl_layout_init(&lay);
    t->in = gmc_wl_array(&lay, 4 * t->n * t->n);
    t->out = gmc_wl_array(&lay, 4 * t->n * t->n);
    gmc_wl_kernel_set(&w->kernels[0], &ops, a->name, (uint32_t)(t->n / 32),
                      (uint32_t)(t->n / 8), 32, 8, 32, 0, t);
    return 0;
}
