/* gmc_wl_kmeans: the membership step of k-means, one thread per point,
 * with the features point-major (point i's F features contiguous, as the
 * host reads them from the file), so lanes are F*4 bytes apart:
 *     i = blockIdx.x*256 + threadIdx.x;
 *     for (f = 0; f < F; f++) {
 *         x = feature[i*F + f];                  // strided gather
 *         for (c = 0; c < K; c++)                // centroids in constant
 *             d[c] += (x - centroid[c][f])^2;    // memory: 2 ALU each
 *     }
 *     membership[i] = argmin_c d[c];             // K compares, 1 store
 * With F = 34 (the KDD Cup features of the Rodinia inputs) the lanes are
 * 136 bytes apart: every load warp touches 32 lines, and the next 7
 * features of a lane are in the same sector.  Default 65536 points
 * (8.9 MB of features), K = 5: 2048 warps x 416 instructions = 852 K.
 * Options: f=1..256 (features), k=1..64 (clusters). */
#include "gpu/gmc_wl_impl.h"

#include <stdlib.h>

#define KMEANS_N  65536.0
#define KMEANS_F  34
#define KMEANS_K  5

typedef struct {
    gmc_wl_common_t c;
    uint64_t n, f, k, feat, memb;
} kmeans_t;

enum { SITE_LD = 1, SITE_ST };

/* Cursor (c->u.kmeans): feature f (F = the store, F+1 = done); p0, the
 * point of lane 0. */
static void warp_begin(gmc_kernel_t *k, uint32_t cta, uint32_t warp, gmc_warp_cursor_t *c)
{
    const kmeans_t *m = k->impl;
    *c = (gmc_warp_cursor_t){.p = NULL};
    c->u.kmeans.p0 = ((uint64_t)cta * gmc_kernel_warps_per_cta(k) + warp) * GMC_WARP_SIZE;
    if (c->u.kmeans.p0 >= m->n)
        c->u.kmeans.feature = m->f + 1;
}

static int next(gmc_kernel_t *k, gmc_warp_cursor_t *c, gmc_inst_t *in, char *err, size_t n)
{
    (void)err, (void)n;
    const kmeans_t *m = k->impl;
    uint64_t f = c->u.kmeans.feature, i0 = c->u.kmeans.p0;
    if (f > m->f)
        return 0;
    uint32_t mask = gmc_wl_lanes(m->n - i0);
    if (f < m->f) {
        /* the previous feature's 2K distance updates, the address */
        if (gmc_wl_gap(&m->c, f ? (unsigned)(2 * m->k + 1) : 2, c, mask, SITE_LD, in, GMC_WL_USE))
            return 1;
        gmc_wl_op(in, c, GMC_OP_LD, SITE_LD, mask, 4);
        gmc_wl_strided(in, m->feat + 4 * (i0 * m->f + f), 4 * (int64_t)m->f);
    } else {
        /* the last feature's updates, the argmin, the address */
        if (gmc_wl_gap(&m->c, (unsigned)(3 * m->k + 1), c, mask, SITE_ST, in, GMC_WL_USE))
            return 1;
        gmc_wl_op(in, c, GMC_OP_ST, SITE_ST, mask, 4);
        gmc_wl_strided(in, m->memb + 4 * i0, 4);
    }
    c->u.kmeans.feature++;
    return 1;
}

static const gmc_kernel_ops_t ops = {warp_begin, next, NULL};

int gmc_wl_kmeans_new(gmc_workload_t *w, const gmc_wl_args_t *a, char *err, size_t n)
{
    static const char *const keys[] = {"f", "k", NULL};
    long f = KMEANS_F, k = KMEANS_K;
    if (gmc_wl_opts_check(a->name, a->opts, keys, err, n) ||
        gmc_wl_opt_int(a->name, a->opts, "f", 1, 256, &f, err, n) ||
        gmc_wl_opt_int(a->name, a->opts, "k", 1, 64, &k, err, n) ||
        gmc_wl_kernels(w, 1, err, n))
        return -1;
    kmeans_t *m = gmc_wl_calloc(1, sizeof *m, a->name, err, n);
    if (!m)
        return -1;
    w->data = m;
    w->data_free = free;
    m->c.alu = a->p.alu_per_mem;
    m->n = gmc_wl_round(KMEANS_N * a->p.scale, 1);
    m->f = (uint64_t)f;
    m->k = (uint64_t)k;
    gmc_wl_layout_t lay;
    gmc_wl_layout_init(&lay);
    m->feat = gmc_wl_array(&lay, 4 * m->n * m->f);
    m->memb = gmc_wl_array(&lay, 4 * m->n);
    gmc_wl_kernel_set(&w->kernels[0], &ops, "kmeans", (uint32_t)((m->n + 255) / 256), 1, 256,
                      1, 32, 0, m);
    return 0;
}
