/* gmc_wl_itermap: the kernel of tunable computational intensity of
 * Carpenter's thesis (sec. 3.3.2, Fig. 3.9): 2^20 threads in blocks of
 * 1,024, each loading one float, applying an iterative map `iters` times
 * and storing the result:
 *     i = blockIdx.x * 1024 + threadIdx.x;
 *     float v = x[i];
 *     for (k = 0; k < iters; k++) v = map(v);   // 6 arithmetic operations
 *     y[i] = v;
 * Two global accesses per thread, both coalesced (one 128-byte line per
 * warp instruction).  The thesis's static count is 6 + 6 x iters
 * arithmetic operations per thread, intensity (6 + 6 x iters) / 2 =
 * 3 + 3 x iters per access ([6, 9, 15, 27, 51, 99, 195] for 1 .. 64).
 * gmc emits exactly those counts per warp: 6 integer instructions before
 * the load (the thread's index and the two arrays' addresses from it, a
 * compiler hoists the store's), then a dependent chain of 6 x iters fp32
 * instructions on the loaded value before the store.  The thesis does not
 * publish which 6 operations its map is; only the counts matter here.
 * Options: iters=N (0..1024, default 1).  Scale multiplies the threads
 * (rounded to whole blocks of 1024, at least one). */
#include "gpu/gmc_wl_impl.h"

#include <stdlib.h>

#define ITERMAP_THREADS 1048576.0   /* 2^20 at scale 1 (thesis sec. 3.3.2) */
#define ITERMAP_BLOCK   1024u       /* threads per block (thesis: 2^10) */
#define ITERMAP_FIXED   6u          /* arithmetic operations per thread outside the map */
#define ITERMAP_PER_IT  6u          /* arithmetic operations per iteration of the map */
#define ITERMAP_REGS    16u         /* a few live values; fits the FX 5800's 16 K registers per 1,024 threads */

typedef struct {
    gmc_wl_common_t c;
    uint64_t threads, x, y;
    unsigned iters;
} itermap_t;

enum { SITE_LD = 1, SITE_ST };

/* Cursor (c->u.stream): store, 0 = load next, 1 = store next, 2 = done;
 * e0, the element of lane 0. */
static void warp_begin(gmc_kernel_t *k, uint32_t cta, uint32_t warp, gmc_warp_cursor_t *c)
{
    *c = (gmc_warp_cursor_t){.p = NULL};
    c->u.stream.e0 = ((uint64_t)cta * gmc_kernel_warps_per_cta(k) + warp) * GMC_WARP_SIZE;
}

static int next(gmc_kernel_t *k, gmc_warp_cursor_t *c, gmc_inst_t *in, char *err, size_t n)
{
    (void)err, (void)n;
    const itermap_t *s = k->impl;
    const uint64_t i = c->u.stream.e0;
    if (c->u.stream.store == 2 || i >= s->threads)
        return 0;
    if (c->u.stream.store == 0) {
        if (gmc_wl_gap(&s->c, ITERMAP_FIXED, c, GMC_WL_FULL, SITE_LD, in, GMC_WL_ADDR))
            return 1;
        gmc_wl_op(in, c, GMC_OP_LD, SITE_LD, GMC_WL_FULL, 4);
        gmc_wl_strided(in, s->x + 4 * i, 4);
        c->u.stream.store = 1;
        return 1;
    }
    /* iters = 0: no map, the store writes the loaded value (a USE gap's
     * store would read the map's register, which nothing wrote) */
    if (gmc_wl_gap(&s->c, ITERMAP_PER_IT * s->iters, c, GMC_WL_FULL, SITE_ST, in,
                   s->iters ? GMC_WL_USE : GMC_WL_ADDR))
        return 1;
    gmc_wl_op(in, c, GMC_OP_ST, SITE_ST, GMC_WL_FULL, 4);
    gmc_wl_strided(in, s->y + 4 * i, 4);
    c->u.stream.store = 2;
    return 1;
}

static const gmc_kernel_ops_t ops = {warp_begin, next, NULL};

int gmc_wl_itermap_new(gmc_workload_t *w, const gmc_wl_args_t *a, char *err, size_t n)
{
    static const char *const keys[] = {"iters", NULL};
    long iters = 1;
    if (gmc_wl_opts_check(a->name, a->opts, keys, err, n) ||
        gmc_wl_opt_int(a->name, a->opts, "iters", 0, 1024, &iters, err, n) || gmc_wl_kernels(w, 1, err, n))
        return -1;
    itermap_t *s = gmc_wl_calloc(1, sizeof *s, a->name, err, n);
    if (!s)
        return -1;
    w->data = s;
    w->data_free = free;
    s->c.alu = a->p.alu_per_mem;
    s->iters = (unsigned)iters;
    s->threads = gmc_wl_round(ITERMAP_THREADS * a->p.scale, ITERMAP_BLOCK);
    gmc_wl_layout_t lay;
    gmc_wl_layout_init(&lay);
    s->x = gmc_wl_array(&lay, 4 * s->threads);
    s->y = gmc_wl_array(&lay, 4 * s->threads);
    gmc_wl_kernel_set(&w->kernels[0], &ops, "itermap", (uint32_t)(s->threads / ITERMAP_BLOCK), 1, ITERMAP_BLOCK,
                      1, ITERMAP_REGS, 0, s);
    return 0;
}
