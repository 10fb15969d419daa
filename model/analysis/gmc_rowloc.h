/* gmc_rowloc: row access locality of request streams, as Yuan et al.
 * [MICRO'09] measure it (Figs. 1 and 6): the mean length of the runs of
 * consecutive requests of a stream that go to the same row of the same
 * bank.  A request to another bank or another row ends the run, so a
 * stream that alternates between two open rows has locality 1.
 *
 * A stream is whatever the caller numbers: the requests leaving one core
 * for one controller (the paper's pre-interconnect locality: stream =
 * core x controllers + controller), or the requests arriving at one
 * controller (post-interconnect: stream = controller).  Both the GPU
 * harness and `gmc icnt` use it, so the two report the same measure.
 *
 * No allocation after init; add is O(1). */
#ifndef GMC_ROWLOC_H
#define GMC_ROWLOC_H
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    uint32_t  streams;
    uint32_t *bank, *row;   /* [streams]: the current run's bank and row */
    uint64_t *reqs;         /* [streams]: requests added */
    uint64_t *runs;         /* [streams]: runs begun (the first request begins one) */
} gmc_rowloc_t;

/* 0, or -1 when out of memory (r is then empty: gmc_rowloc_free is safe). */
int  gmc_rowloc_init(gmc_rowloc_t *r, uint32_t streams);
void gmc_rowloc_free(gmc_rowloc_t *r);
/* Forget every run and count (the same streams). */
void gmc_rowloc_reset(gmc_rowloc_t *r);

/* One request of stream s (< streams) to (bank, row). */
static inline void gmc_rowloc_add(gmc_rowloc_t *r, uint32_t s, uint32_t bank, uint32_t row)
{
    if (!r->reqs[s] || r->bank[s] != bank || r->row[s] != row) {
        r->runs[s]++;
        r->bank[s] = bank;
        r->row[s] = row;
    }
    r->reqs[s]++;
}

/* Stream s's locality: requests / runs (0 with no request). */
double gmc_rowloc_stream(const gmc_rowloc_t *r, uint32_t s);
/* Over streams [first, first + count): all their requests over all their
 * runs, i.e. the mean run length of the pooled runs (0 with none). */
double gmc_rowloc_pooled(const gmc_rowloc_t *r, uint32_t first, uint32_t count);
/* The harmonic mean over the streams of [first, first + count) that have
 * requests, of their localities (the paper's averages are harmonic); 0
 * when none has. */
double gmc_rowloc_hmean(const gmc_rowloc_t *r, uint32_t first, uint32_t count);

#ifdef __cplusplus
}
#endif
#endif
