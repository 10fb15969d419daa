/* gmc_gpu_dist: distributions of the harness's samples (nearest-rank
 * percentiles), from a sample array or a histogram of small values. */
#include <stdlib.h>
#include <string.h>
#include "gpu/gmc_gpu_impl.h"

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* Sorts v[0..n) ascending: LSD radix sort, 8 bits a pass, skipping the
 * passes whose byte is the same in every key (the samples are mostly
 * small: one or two passes); qsort if the scratch cannot be had. */
static void sort_u32(uint32_t *v, size_t n)
{
    uint32_t *tmp = n > 1 ? malloc(n * sizeof *tmp) : NULL;
    if (!tmp) {
        if (n > 1)
            qsort(v, n, sizeof *v, cmp_u32);
        return;
    }
    uint32_t *src = v, *dst = tmp;
    for (unsigned sh = 0; sh < 32; sh += 8) {
        size_t cnt[256] = {0};
        for (size_t i = 0; i < n; i++)
            cnt[(src[i] >> sh) & 255]++;
        if (cnt[(src[0] >> sh) & 255] == n)
            continue;   /* one value of this byte: the pass would copy */
        size_t at = 0;
        for (unsigned b = 0; b < 256; b++) {
            size_t c = cnt[b];
            cnt[b] = at;
            at += c;
        }
        for (size_t i = 0; i < n; i++)
            dst[cnt[(src[i] >> sh) & 255]++] = src[i];
        uint32_t *t = src;
        src = dst;
        dst = t;
    }
    if (src != v)
        memcpy(v, src, n * sizeof *v);
    free(tmp);
}

/* Nearest-rank percentiles of the samples (sorted in place). */
void gmc_gpu_dist(gmc_samples_t *s, gmc_dist_t *d)
{
    memset(d, 0, sizeof *d);
    if (!s->n)
        return;
    sort_u32(s->v, s->n);
    double sum = 0;
    for (size_t i = 0; i < s->n; i++)
        sum += s->v[i];
    d->n = s->n;
    d->mean = sum / (double)s->n;
#define PCT(q) s->v[(size_t)(((q) * (double)s->n + 99.0) / 100.0) - 1]
    d->p25 = PCT(25);
    d->p50 = PCT(50);
    d->p75 = PCT(75);
    d->p95 = PCT(95);
    d->p99 = PCT(99);
#undef PCT
    d->max = s->v[s->n - 1];
}

/* The same from a histogram of small values (h[v] samples of value v):
 * no sample array, no sort (test_gmc_gpu checks it against gmc_gpu_dist). */
void gmc_gpu_hist_dist(const uint64_t *h, unsigned nv, gmc_dist_t *d)
{
    memset(d, 0, sizeof *d);
    double sum = 0;
    for (unsigned v = 0; v < nv; v++) {
        d->n += h[v];
        sum += (double)h[v] * v;
        if (h[v])
            d->max = v;
    }
    if (!d->n)
        return;
    d->mean = sum / (double)d->n;
    uint64_t *const pq[5] = {&d->p25, &d->p50, &d->p75, &d->p95, &d->p99};
    static const unsigned q[5] = {25, 50, 75, 95, 99};
    for (unsigned k = 0; k < 5; k++) {
        /* nearest rank, as dist's PCT: the ceil(q/100 x n)-th smallest */
        uint64_t rank = (uint64_t)(((double)q[k] * (double)d->n + 99.0) / 100.0), seen = 0;
        unsigned v = 0;
        while ((seen += h[v]) < rank)
            v++;
        *pq[k] = v;
    }
}
