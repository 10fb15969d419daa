/* gmc_wl_graph: R-MAT and uniform graph generation into CSR (see
 * gmc_wl_graph_impl.h).  Every random choice comes from gmc_rng seeded with the
 * workload's seed. */
#include "gpu/gmc_wl_graph_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/gmc_rng.h"

#define MAX_ROUNDS 32   /* draw rounds to reach the distinct-edge target */

/* Uniform double in [0, 1). */
static double unit(gmc_rng_t *r) { return (double)(gmc_rng_u64(r) >> 11) * 0x1p-53; }

/* One R-MAT pair on [0, 2^bits)^2: at each level pick a quadrant. */
static void rmat_pair(gmc_rng_t *r, unsigned bits, uint32_t *u, uint32_t *v)
{
    uint32_t a = 0, b = 0;
    for (unsigned i = 0; i < bits; i++) {
        double x = unit(r);
        a <<= 1;
        b <<= 1;
        if (x < 0.57)
            ;
        else if (x < 0.57 + 0.19)
            b |= 1;
        else if (x < 0.57 + 0.19 + 0.19)
            a |= 1;
        else
            a |= 1, b |= 1;
    }
    *u = a;
    *v = b;
}

/* LSD radix sort of keys below 2^bits, 11-bit digits (tmp: n entries). */
static void radix_sort(uint64_t *k, uint64_t *tmp, size_t n, unsigned bits)
{
    size_t cnt[1 << 11];
    for (unsigned sh = 0; sh < bits; sh += 11) {
        memset(cnt, 0, sizeof cnt);
        for (size_t i = 0; i < n; i++)
            cnt[(k[i] >> sh) & 0x7ff]++;
        size_t sum = 0;
        for (size_t d = 0; d < (1 << 11); d++) {
            size_t c = cnt[d];
            cnt[d] = sum;
            sum += c;
        }
        for (size_t i = 0; i < n; i++)
            tmp[cnt[(k[i] >> sh) & 0x7ff]++] = k[i];
        memcpy(k, tmp, n * sizeof *k);
    }
}

static size_t unique(uint64_t *k, size_t n)
{
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (m == 0 || k[m - 1] != k[i])
            k[m++] = k[i];
    return m;
}

int gmc_wl_graph_new(gmc_wl_graph_t *g, const gmc_wl_args_t *a, char *err, size_t en)
{
    static const char *const kinds[] = {"rmat", "uniform", NULL};
    int uniform = 0;
    long deg = GMC_WL_GRAPH_DEG;
    if (gmc_wl_opt_word(a->name, a->opts, "graph", kinds, &uniform, err, en) ||
        gmc_wl_opt_int(a->name, a->opts, "deg", 1, 64, &deg, err, en))
        return -1;
    memset(g, 0, sizeof *g);
    uint64_t n = gmc_wl_round(GMC_WL_GRAPH_N * a->p.scale, 1);
    if (n < 64)
        n = 64;   /* room for deg distinct neighbours */
    unsigned bits = 0;
    while ((1ull << bits) < n)
        bits++;
    const size_t target = (size_t)(n * (uint64_t)deg);   /* both directions */
    uint64_t *k = gmc_wl_calloc(target + 2, sizeof *k, a->name, err, en);
    uint64_t *tmp = gmc_wl_calloc(target + 2, sizeof *tmp, a->name, err, en);
    uint32_t *perm = gmc_wl_calloc(n, sizeof *perm, a->name, err, en);
    g->row_ptr = gmc_wl_calloc(n + 1, sizeof *g->row_ptr, a->name, err, en);
    if (!k || !tmp || !perm || !g->row_ptr) {
        free(k), free(tmp), free(perm);
        gmc_wl_graph_free(g);
        return -1;
    }
    gmc_rng_t r;
    gmc_rng_seed(&r, a->p.seed);
    /* Graph500's label permutation (Fisher-Yates). */
    for (uint64_t i = 0; i < n; i++)
        perm[i] = (uint32_t)i;
    for (uint64_t i = n - 1; i > 0; i--) {
        uint64_t j = gmc_rng_below(&r, i + 1);
        uint32_t t = perm[i];
        perm[i] = perm[j];
        perm[j] = t;
    }
    size_t m = 0;
    for (unsigned round = 0; m < target && round < MAX_ROUNDS; round++) {
        while (m + 2 <= target) {
            uint32_t u, v;
            if (uniform) {
                u = (uint32_t)gmc_rng_below(&r, n);
                v = (uint32_t)gmc_rng_below(&r, n);
            } else {
                rmat_pair(&r, bits, &u, &v);
                if (u >= n || v >= n)
                    continue;
                u = perm[u];
                v = perm[v];
            }
            if (u == v)
                continue;
            /* key = row << bits | column: sorted keys are CSR order */
            k[m++] = (uint64_t)u << bits | v;
            k[m++] = (uint64_t)v << bits | u;
        }
        radix_sort(k, tmp, m, 2 * bits);
        m = unique(k, m);
    }
    free(tmp);
    free(perm);
    g->n = (uint32_t)n;
    g->nnz = m;
    g->col = gmc_wl_calloc(m, sizeof *g->col, a->name, err, en);
    if (!g->col) {
        free(k);
        gmc_wl_graph_free(g);
        return -1;
    }
    for (size_t i = 0; i < m; i++) {
        g->row_ptr[(k[i] >> bits) + 1]++;
        g->col[i] = (uint32_t)(k[i] & ((1ull << bits) - 1));
    }
    for (uint64_t v = 0; v < n; v++)
        g->row_ptr[v + 1] += g->row_ptr[v];
    free(k);
    return 0;
}

void gmc_wl_graph_free(gmc_wl_graph_t *g)
{
    free(g->row_ptr);
    free(g->col);
    g->row_ptr = NULL;
    g->col = NULL;
}
