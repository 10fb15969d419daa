/* gmc_memstats: exact latency histogram and percentiles. */
#include "mc/gmc_memstats.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

int gmc_hist_init(gmc_hist_t *h)
{
    memset(h, 0, sizeof *h);
    h->bucket = calloc(GMC_HIST_BUCKETS, sizeof *h->bucket);
    return h->bucket ? 0 : -1;
}

void gmc_hist_free(gmc_hist_t *h)
{
    free(h->bucket);
    free(h->over);
    memset(h, 0, sizeof *h);
}

void gmc_hist_clear(gmc_hist_t *h)
{
    memset(h->bucket, 0, GMC_HIST_BUCKETS * sizeof *h->bucket);
    h->nover = 0;
    h->n = h->sum = h->max = 0;
    h->oom = 0;
    h->sorted = 0;
}

/* The rare path: a latency of 2^16 cycles or more, kept exactly.  Grows by
 * doubling, so its amortised cost is O(1) and most runs never come here. */
int gmc_hist_over_(gmc_hist_t *h, uint64_t v)
{
    if (h->nover == h->capover) {
        size_t cap = h->capover ? 2 * h->capover : 256;
        uint64_t *p = realloc(h->over, cap * sizeof *p);
        if (!p) {
            h->oom = 1;
            return -1;
        }
        h->over = p;
        h->capover = cap;
    }
    h->over[h->nover++] = v;
    h->sorted = 0;
    return 0;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

uint64_t gmc_hist_percentile(gmc_hist_t *h, double q)
{
    if (!h->n)
        return 0;
    double want = ceil(q / 100.0 * (double)h->n);
    uint64_t rank = want < 1 ? 1 : (uint64_t)want;   /* 1-based */
    if (rank > h->n)
        rank = h->n;
    uint64_t seen = 0;
    for (uint64_t v = 0; v < GMC_HIST_BUCKETS; v++) {
        seen += h->bucket[v];
        if (seen >= rank)
            return v;
    }
    if (!h->sorted) {
        qsort(h->over, h->nover, sizeof *h->over, cmp_u64);
        h->sorted = 1;
    }
    uint64_t k = rank - seen - 1;
    return k < h->nover ? h->over[k] : h->max;
}

void gmc_hist_summary(gmc_hist_t *h, gmc_lat_summary_t *s)
{
    s->n = h->n;
    s->mean = h->n ? (double)h->sum / (double)h->n : 0.0;
    s->p50 = gmc_hist_percentile(h, 50);
    s->p95 = gmc_hist_percentile(h, 95);
    s->p99 = gmc_hist_percentile(h, 99);
    s->max = h->max;
}

const char *gmc_cls_name(unsigned c)
{
    static const char *const names[GMC_NCLS] = {"hit", "miss", "conflict"};
    return c < GMC_NCLS ? names[c] : "?";
}

int gmc_memstats_init(gmc_memstats_t *s)
{
    memset(s, 0, sizeof *s);
    for (int i = 0; i < GMC_NLAT; i++)
        if (gmc_hist_init(&s->lat[i])) {
            gmc_memstats_free(s);
            return -1;
        }
    return 0;
}

void gmc_memstats_free(gmc_memstats_t *s)
{
    for (int i = 0; i < GMC_NLAT; i++)
        gmc_hist_free(&s->lat[i]);
}

int gmc_memstats_merge(gmc_memstats_t *s)
{
    gmc_hist_t *a = &s->lat[GMC_LAT_ALL];
    gmc_hist_clear(a);
    for (int k = GMC_LAT_READ; k <= GMC_LAT_WRITE; k++) {
        const gmc_hist_t *h = &s->lat[k];
        for (uint64_t v = 0; v < GMC_HIST_BUCKETS; v++)
            a->bucket[v] += h->bucket[v];
        for (size_t i = 0; i < h->nover; i++)
            if (gmc_hist_over_(a, h->over[i]))
                return -1;
        a->n += h->n;
        a->sum += h->sum;
        a->max = h->max > a->max ? h->max : a->max;
        a->oom |= h->oom;
    }
    return 0;
}
