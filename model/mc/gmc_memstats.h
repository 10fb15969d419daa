/* gmc_memstats: what the memory controllers measure.
 *
 * Latency: an exact histogram, one counter per cycle up to
 * GMC_HIST_BUCKETS - 1, and every larger value kept exactly in an overflow
 * array (sorted once when a percentile is asked for).  So mean, percentiles
 * and max are exact without storing a value per request.  Percentiles are
 * nearest-rank: p_q is the smallest latency L such that at least
 * ceil(q/100 * n) requests took <= L cycles.
 *
 * Per channel: plain counters (requests, row hit / miss / conflict, age-cap
 * firings, ...) and two time integrals taken by the controller:
 *     pending_cycles  cycles with at least one request in the controller
 *                     (queued, or issued and waiting for its data)
 *     blp_sum         sum over those cycles of the number of banks holding
 *                     such a request
 * bank-level parallelism = blp_sum / pending_cycles; DRAM efficiency (seed
 * 002 sec. 1) = data-bus busy cycles / pending_cycles. */
#ifndef GMC_MEMSTATS_H
#define GMC_MEMSTATS_H
#include <stddef.h>
#include <stdint.h>
#include "mem/gmc_dram_cfg.h"
#ifdef __cplusplus
extern "C" {
#endif

#define GMC_HIST_BUCKETS (1u << 16)

typedef struct {
    uint64_t *bucket;             /* GMC_HIST_BUCKETS counters */
    uint64_t *over;               /* values >= GMC_HIST_BUCKETS, exact */
    size_t    nover, capover;
    uint64_t  n, sum, max;
    int       oom;                /* an overflow value could not be stored */
    int       sorted;
} gmc_hist_t;

int  gmc_hist_init(gmc_hist_t *h);   /* 0, or -1: out of memory */
void gmc_hist_free(gmc_hist_t *h);
void gmc_hist_clear(gmc_hist_t *h);
int  gmc_hist_over_(gmc_hist_t *h, uint64_t v);
static inline void gmc_hist_add(gmc_hist_t *h, uint64_t v)
{
    h->n++;
    h->sum += v;
    if (v > h->max)
        h->max = v;
    if (v < GMC_HIST_BUCKETS)
        h->bucket[v]++;
    else
        gmc_hist_over_(h, v);
}
/* Nearest-rank percentile, 0 < q <= 100; 0 for an empty histogram. */
uint64_t gmc_hist_percentile(gmc_hist_t *h, double q);

typedef struct {
    uint64_t n, p50, p95, p99, max;
    double   mean;
} gmc_lat_summary_t;
void gmc_hist_summary(gmc_hist_t *h, gmc_lat_summary_t *s);

enum { GMC_CLS_HIT = 0, GMC_CLS_MISS, GMC_CLS_CONFLICT, GMC_NCLS };
const char *gmc_cls_name(unsigned c);   /* "hit", "miss", "conflict" */

typedef struct {                  /* one channel's counters */
    uint64_t reads, writes;       /* requests served (column command issued) */
    uint64_t cls[GMC_NCLS];       /* classified at each request's first command */
    uint64_t age_fired;           /* requests the age cap served against the policy */
    uint64_t drains;              /* entries into write-drain mode */
    /* Bank arbitration (gmc_mc_step.c arbitrate): commands granted, and
     * of them those the scheduler's own priority (hi_i from its prio
     * hook, beyond the age cap's) sent to another bank than the arbiter
     * with the age cap's hi_i alone would have granted at that command.
     * The second is Warped-MC [ICPP'23] Fig. 10's "bank scheduling". */
    uint64_t arb_grants, arb_prio_moved;
    uint64_t pending_cycles;      /* see above */
    uint64_t blp_sum;
    uint64_t last_done;           /* latest data-done cycle */
    uint64_t outside_sum, outside_max;   /* arrival - trace cycle (back-pressure) */
} gmc_mc_stats_t;

/* Row streaks and their breakers, one channel's (Yuan et al. [MICRO'09]
 * sec. 5.2; gmc_mc_streak.c): counters, and per bank the row it last
 * activated with the request it did so for (the streak's opener). */
enum { GMC_BRK_OTHER_SM = 0, GMC_BRK_OTHER_CTA, GMC_BRK_SAME_CTA, GMC_BRK_NO_SM, GMC_BRK_N };
#define GMC_BRK_STRANDED (1u << GMC_BRK_N)   /* gmc_mc_streak_switch's answer: a stranded request */
typedef struct {
    uint64_t streaks;             /* row switches */
    uint64_t stranded;            /* of those, with a request to the old row still queued */
    uint64_t brk[GMC_BRK_N];      /* stranded events crediting each category (once each) */
    struct gmc_streak_bank {
        uint32_t row;             /* last activated, GMC_STREAK_NO_ROW before the first */
        uint32_t sm;
        uint16_t cta;
        uint8_t  has_sm;
    } bank[GMC_DRAM_MAX_BANKS];
} gmc_mc_streak_t;
#define GMC_STREAK_NO_ROW UINT32_MAX

/* Shared by every channel of a memory system. */
enum { GMC_LAT_ALL = 0, GMC_LAT_READ, GMC_LAT_WRITE, GMC_NLAT };
typedef struct {
    gmc_hist_t lat[GMC_NLAT];     /* arrival -> data done, cycles */
} gmc_memstats_t;

int  gmc_memstats_init(gmc_memstats_t *s);
void gmc_memstats_free(gmc_memstats_t *s);
/* The controllers fill READ and WRITE (one add per request); this makes
 * ALL their union.  0, or -1: out of memory for the overflow values. */
int  gmc_memstats_merge(gmc_memstats_t *s);

#ifdef __cplusplus
}
#endif
#endif
