/* gmc_rowloc: see gmc_rowloc.h. */
#include "analysis/gmc_rowloc.h"
#include <stdlib.h>
#include <string.h>

int gmc_rowloc_init(gmc_rowloc_t *r, uint32_t streams)
{
    memset(r, 0, sizeof *r);
    uint32_t n = streams ? streams : 1;
    r->bank = calloc(n, sizeof *r->bank);
    r->row = calloc(n, sizeof *r->row);
    r->reqs = calloc(n, sizeof *r->reqs);
    r->runs = calloc(n, sizeof *r->runs);
    if (!r->bank || !r->row || !r->reqs || !r->runs) {
        gmc_rowloc_free(r);
        return -1;
    }
    r->streams = streams;
    return 0;
}

void gmc_rowloc_free(gmc_rowloc_t *r)
{
    free(r->bank);
    free(r->row);
    free(r->reqs);
    free(r->runs);
    memset(r, 0, sizeof *r);
}

void gmc_rowloc_reset(gmc_rowloc_t *r)
{
    if (!r->streams)
        return;
    memset(r->reqs, 0, r->streams * sizeof *r->reqs);
    memset(r->runs, 0, r->streams * sizeof *r->runs);
}

double gmc_rowloc_stream(const gmc_rowloc_t *r, uint32_t s)
{
    return r->runs[s] ? (double)r->reqs[s] / (double)r->runs[s] : 0.0;
}

double gmc_rowloc_pooled(const gmc_rowloc_t *r, uint32_t first, uint32_t count)
{
    uint64_t q = 0, u = 0;
    for (uint32_t s = first; s < first + count; s++) {
        q += r->reqs[s];
        u += r->runs[s];
    }
    return u ? (double)q / (double)u : 0.0;
}

double gmc_rowloc_hmean(const gmc_rowloc_t *r, uint32_t first, uint32_t count)
{
    double inv = 0.0;
    uint32_t k = 0;
    for (uint32_t s = first; s < first + count; s++)
        if (r->runs[s]) {
            inv += (double)r->runs[s] / (double)r->reqs[s];
            k++;
        }
    return k ? (double)k / inv : 0.0;
}
