/* gmc_wl_stream: b[i] = a[i] * s with a grid-stride loop (the STREAM
 * "scale" kernel):
 *     for (i = blockIdx.x*256 + threadIdx.x; i < n; i += gridDim.x*256)
 *         b[i] = a[i] * s;
 * Each warp load and store covers 32 consecutive floats: one 128-byte line.
 * Default n = 4 Mi floats (16 MB per array, 4x the L2): 131072 warp
 * iterations of LD, ST and 3 ALU = 655 K warp instructions. */
#include "gpu/gmc_wl_impl.h"

#include <stdlib.h>

#define STREAM_N     4194304.0   /* floats at scale 1 */
#define STREAM_CTAS  256u        /* the grid: 8 CTAs of 256 on each of 32 SMs */

typedef struct {
    gmc_wl_common_t c;
    uint64_t n, a, b, threads;
} stream_t;

enum { SITE_LD = 1, SITE_ST };

/* Cursor (c->u.stream): store, 0 = load next, 1 = store next; e0, the
 * element of lane 0. */
static void warp_begin(gmc_kernel_t *k, uint32_t cta, uint32_t warp, gmc_warp_cursor_t *c)
{
    *c = (gmc_warp_cursor_t){.p = NULL};
    c->u.stream.e0 = ((uint64_t)cta * gmc_kernel_warps_per_cta(k) + warp) * GMC_WARP_SIZE;
}

static int next(gmc_kernel_t *k, gmc_warp_cursor_t *c, gmc_inst_t *in, char *err, size_t n)
{
    (void)err, (void)n;
    const stream_t *s = k->impl;
    uint64_t i = c->u.stream.e0;
    if (i >= s->n)
        return 0;
    uint32_t mask = gmc_wl_lanes(s->n - i);
    if (c->u.stream.store == 0) {
        if (gmc_wl_gap(&s->c, 2, c, mask, SITE_LD, in, GMC_WL_ADDR))   /* index, bound check */
            return 1;
        gmc_wl_op(in, c, GMC_OP_LD, SITE_LD, mask, 4);
        gmc_wl_strided(in, s->a + 4 * i, 4);
        c->u.stream.store = 1;
        return 1;
    }
    if (gmc_wl_gap(&s->c, 1, c, mask, SITE_ST, in, GMC_WL_USE))       /* the multiply */
        return 1;
    gmc_wl_op(in, c, GMC_OP_ST, SITE_ST, mask, 4);
    gmc_wl_strided(in, s->b + 4 * i, 4);
    c->u.stream.store = 0;
    c->u.stream.e0 = i + s->threads;
    return 1;
}

static const gmc_kernel_ops_t ops = {warp_begin, next, NULL};

int gmc_wl_stream_new(gmc_workload_t *w, const gmc_wl_args_t *a, char *err, size_t n)
{
    static const char *const keys[] = {NULL};
    if (gmc_wl_opts_check(a->name, a->opts, keys, err, n) || gmc_wl_kernels(w, 1, err, n))
        return -1;
    stream_t *s = gmc_wl_calloc(1, sizeof *s, a->name, err, n);
    if (!s)
        return -1;
    w->data = s;
    w->data_free = free;
    s->c.alu = a->p.alu_per_mem;
    s->n = gmc_wl_round(STREAM_N * a->p.scale, 1);
    uint64_t ctas = (s->n + 255) / 256;
    if (ctas > STREAM_CTAS)
        ctas = STREAM_CTAS;
    s->threads = ctas * 256;
    gmc_wl_layout_t lay;
    gmc_wl_layout_init(&lay);
    s->a = gmc_wl_array(&lay, 4 * s->n);
    s->b = gmc_wl_array(&lay, 4 * s->n);
    gmc_wl_kernel_set(&w->kernels[0], &ops, "stream", (uint32_t)ctas, 1, 256, 1, 32, 0, s);
    return 0;
}
