/* gmc_wl_stencil: 2D 5-point Jacobi on an N x N float grid, one thread per
 * point, 32x8 blocks (warp w of a block: 32 consecutive x of row
 * y = blockIdx.y*8 + w), two sweeps that ping-pong between the grids:
 *     c = in[y][x];
 *     if (0 < x < N-1 && 0 < y < N-1)
 *         out[y][x] = 0.25f*(in[y][x-1] + in[y][x+1] + in[y-1][x] + in[y+1][x]);
 *     else
 *         out[y][x] = c;                      // the boundary is copied
 * The left and right loads straddle two lines, up and down read the rows
 * the neighbouring warps read as their centre: each line is loaded about
 * five times.  Default N = 1024 (4 MB per grid): 2 x 32768 warps of 6
 * memory and 11 ALU instructions = 1.1 M warp instructions. */
#include "gpu/gmc_wl_impl.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define STENCIL_N       1024.0   /* side at scale 1; grows with sqrt(scale) */
#define STENCIL_SWEEPS  2

typedef struct {
    gmc_wl_common_t c;
    uint64_t n, in, out;
} sweep_t;

enum { SITE_C = 1, SITE_L, SITE_R, SITE_U, SITE_D, SITE_ST };
#define PH_DONE 6

/* Cursor (c->u.stencil): phase 0..5 = centre, left, right, up, down,
 * store; x0, the x of lane 0; y; inside, the lanes inside the grid;
 * interior, the interior lanes. */
static void warp_begin(gmc_kernel_t *k, uint32_t cta, uint32_t warp, gmc_warp_cursor_t *c)
{
    const sweep_t *s = k->impl;
    *c = (gmc_warp_cursor_t){.p = NULL};
    uint64_t x0 = (uint64_t)(cta % k->grid[0]) * 32;
    uint64_t y = (uint64_t)(cta / k->grid[0]) * 8 + warp;
    c->u.stencil.x0 = x0;
    c->u.stencil.y = y;
    uint32_t in = 0, inner = 0;
    for (unsigned l = 0; l < 32; l++) {
        uint64_t x = x0 + l;
        if (x < s->n && y < s->n) {
            in |= 1u << l;
            if (x > 0 && x < s->n - 1 && y > 0 && y < s->n - 1)
                inner |= 1u << l;
        }
    }
    c->u.stencil.inside = in;
    c->u.stencil.interior = inner;
    if (!in)
        c->u.stencil.phase = PH_DONE;
}

static int next(gmc_kernel_t *k, gmc_warp_cursor_t *c, gmc_inst_t *in, char *err, size_t n)
{
    (void)err, (void)n;
    static const int dx[5] = {0, -1, 1, 0, 0}, dy[5] = {0, 0, 0, -1, 1};
    static const unsigned own[5] = {3, 1, 1, 1, 1};   /* 2D index + bounds; neighbour address */
    const sweep_t *s = k->impl;
    uint32_t all = (uint32_t)c->u.stencil.inside, inner = (uint32_t)c->u.stencil.interior;
    /* The neighbour loads are skipped when no lane is inside. */
    if (c->u.stencil.phase >= 1 && c->u.stencil.phase <= 4 && !inner)
        c->u.stencil.phase = 5;
    if (c->u.stencil.phase >= PH_DONE)
        return 0;
    unsigned ph = (unsigned)c->u.stencil.phase;
    uint64_t x0 = c->u.stencil.x0, y = c->u.stencil.y;
    if (ph == 5) {
        /* 4 adds and the multiply, or just the copy */
        if (gmc_wl_gap(&s->c, inner ? 4 : 1, c, all, SITE_ST, in, GMC_WL_USE))
            return 1;
        gmc_wl_op(in, c, GMC_OP_ST, SITE_ST, all, 4);
        gmc_wl_strided(in, s->out + 4 * (y * s->n + x0), 4);
        c->u.stencil.phase = PH_DONE;
        return 1;
    }
    uint32_t mask = ph == 0 ? all : inner;
    if (gmc_wl_gap(&s->c, own[ph], c, mask, SITE_C + ph, in, GMC_WL_ADDR))
        return 1;
    gmc_wl_op(in, c, GMC_OP_LD, SITE_C + ph, mask, 4);
    /* A neighbour load runs only on interior lanes, so 0 < y < N-1 there;
     * lanes outside `mask` get an address too (ignored), kept >= 0. */
    uint64_t yy = (uint64_t)((int64_t)y + dy[ph]);
    for (unsigned l = 0; l < 32; l++) {
        int64_t x = (int64_t)(x0 + l) + dx[ph];
        in->addr[l] = s->in + 4 * (yy * s->n + (uint64_t)(x < 0 ? 0 : x));
    }
    c->u.stencil.phase++;
    return 1;
}

static const gmc_kernel_ops_t ops = {warp_begin, next, NULL};

int gmc_wl_stencil_new(gmc_workload_t *w, const gmc_wl_args_t *a, char *err, size_t n)
{
    static const char *const keys[] = {NULL};
    if (gmc_wl_opts_check(a->name, a->opts, keys, err, n) ||
        gmc_wl_kernels(w, STENCIL_SWEEPS, err, n))
        return -1;
    sweep_t *s = gmc_wl_calloc(STENCIL_SWEEPS, sizeof *s, a->name, err, n);
    if (!s)
        return -1;
    w->data = s;
    w->data_free = free;
    uint64_t side = gmc_wl_round(STENCIL_N * sqrt(a->p.scale), 32);
    gmc_wl_layout_t lay;
    gmc_wl_layout_init(&lay);
    uint64_t grid[2] = {gmc_wl_array(&lay, 4 * side * side), gmc_wl_array(&lay, 4 * side * side)};
    for (unsigned i = 0; i < STENCIL_SWEEPS; i++) {
        s[i].c.alu = a->p.alu_per_mem;
        s[i].n = side;
        s[i].in = grid[i % 2];
        s[i].out = grid[(i + 1) % 2];
        char name[32];
        snprintf(name, sizeof name, "stencil.%u", i);
        gmc_wl_kernel_set(&w->kernels[i], &ops, name, (uint32_t)(side / 32),
                          (uint32_t)(side / 8), 32, 8, 32, 0, &s[i]);
    }
    return 0;
}
