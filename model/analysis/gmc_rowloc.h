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

/* One stream: its current run's (bank, row) as one key, and its counts.
 * One record, so that an add is a few instructions on one host line (the
 * GPU harness adds three times per request). */
typedef struct {
    uint64_t key;           /* the current run's (bank, row) (gmc_rowloc_add_key); GMC_ROWLOC_NONE:
                               none yet */
    uint64_t reqs;          /* requests added */
    uint64_t runs;          /* runs begun (the first request begins one) */
} gmc_rowloc_stream_t;
#define GMC_ROWLOC_NONE UINT64_MAX   /* no (bank, row) of 32-bit fields has this key but
                                        (UINT32_MAX, UINT32_MAX), which callers do not pass */

typedef struct {
    uint32_t             streams;
    gmc_rowloc_stream_t *s;   /* [streams] */
} gmc_rowloc_t;

/* 0, or -1 when out of memory (r is then empty: gmc_rowloc_free is safe). */
int  gmc_rowloc_init(gmc_rowloc_t *r, uint32_t streams);
void gmc_rowloc_free(gmc_rowloc_t *r);
/* Forget every run and count (the same streams). */
void gmc_rowloc_reset(gmc_rowloc_t *r);

/* n >= 1 requests of stream s (< streams) in a row to the (bank, row)
 * named by key: any 64-bit value that two requests of the stream share
 * exactly when their bank and row are the same -- bank << 32 | row, or an
 * address's bank and row bits (gmc_mem_geometry_t.bank_row_mask) -- but
 * GMC_ROWLOC_NONE. */
static inline void gmc_rowloc_add_key(gmc_rowloc_t *r, uint32_t s, uint64_t key, uint32_t n)
{
    gmc_rowloc_stream_t *t = &r->s[s];
    t->runs += t->key != key;
    t->key = key;
    t->reqs += n;
}

/* n >= 1 requests of stream s (< streams) in a row to (bank, row). */
static inline void gmc_rowloc_add_n(gmc_rowloc_t *r, uint32_t s, uint32_t bank, uint32_t row, uint32_t n)
{
    gmc_rowloc_add_key(r, s, (uint64_t)bank << 32 | row, n);
}

/* One request of stream s (< streams) to (bank, row). */
static inline void gmc_rowloc_add(gmc_rowloc_t *r, uint32_t s, uint32_t bank, uint32_t row)
{
    gmc_rowloc_add_n(r, s, bank, row, 1);
}

/* Stream s's requests and runs so far. */
static inline uint64_t gmc_rowloc_reqs(const gmc_rowloc_t *r, uint32_t s) { return r->s[s].reqs; }
static inline uint64_t gmc_rowloc_runs(const gmc_rowloc_t *r, uint32_t s) { return r->s[s].runs; }

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
