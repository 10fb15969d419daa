/* gmc_rowloc: see gmc_rowloc.h. */
#include "analysis/gmc_rowloc.h"
#include <stdlib.h>
#include <string.h>

int gmc_rowloc_init(gmc_rowloc_t *r, uint32_t streams)
{
    memset(r, 0, sizeof *r);
    if (!(r->s = malloc((streams ? streams : 1) * sizeof *r->s)))
        return -1;
    r->streams = streams;
    gmc_rowloc_reset(r);
    return 0;
}

void gmc_rowloc_free(gmc_rowloc_t *r)
{
    free(r->s);
    memset(r, 0, sizeof *r);
}

void gmc_rowloc_reset(gmc_rowloc_t *r)
{
    for (uint32_t s = 0; s < r->streams; s++)
        r->s[s] = (gmc_rowloc_stream_t){GMC_ROWLOC_NONE, 0, 0};
}

double gmc_rowloc_stream(const gmc_rowloc_t *r, uint32_t s)
{
    return r->s[s].runs ? (double)r->s[s].reqs / (double)r->s[s].runs : 0.0;
}

double gmc_rowloc_pooled(const gmc_rowloc_t *r, uint32_t first, uint32_t count)
{
    uint64_t q = 0, u = 0;
    for (uint32_t s = first; s < first + count; s++) {
        q += r->s[s].reqs;
        u += r->s[s].runs;
    }
    return u ? (double)q / (double)u : 0.0;
}

double gmc_rowloc_hmean(const gmc_rowloc_t *r, uint32_t first, uint32_t count)
{
    double inv = 0.0;
    uint32_t k = 0;
    for (uint32_t s = first; s < first + count; s++)
        if (r->s[s].runs) {
            inv += (double)r->s[s].runs / (double)r->s[s].reqs;
            k++;
        }
    return k ? (double)k / inv : 0.0;
}
