/* gmc_mc_cfg: one controller's settings (queues, write drain, age cap,
 * scheduler, policies).  Apart from gmc_mc.h so that the public
 * memory-system API (gmc_mem.h) can carry it without the controller's
 * internals. */
#ifndef GMC_MC_CFG_H
#define GMC_MC_CFG_H
#include <stddef.h>
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif

struct gmc_sched_ops;   /* gmc_sched.h: gmc_sched_get / gmc_sched_find give one */
struct gmc_mc_wpol;     /* gmc_mc_pol.h: write drain, refresh and row policies */
struct gmc_mc_rfpol;
struct gmc_mc_rowpol;

typedef struct {
    unsigned rq, wq;             /* queue capacities, >= 1 */
    unsigned wq_high, wq_low;    /* drain watermarks, wq_low < wq_high <= wq */
    uint64_t age_cap;            /* cycles, 0 = off */
    const struct gmc_sched_ops *sched;
    /* Warped-MC's readings of the paper (gmc_wmc's SCORE_AT / M_RULE,
     * docs/blocks/gmc_wmc.md): GMC_WMC_AT_SCHEDULE / _RECEIVE and
     * GMC_WMC_M_STARTED / _PENDING2.  0 and 0 are Algorithm 1's reading and
     * the defaults, so gmc_mc_cfg_defaults' zeroing gives them; warped-mc's
     * init refuses other values.  Other schedulers ignore them. */
    struct { uint8_t score_at, m_rule; } wmc;
    /* How the row streak breakers (Yuan et al. [MICRO'09] sec. 5.2) read
     * the paper where it is ambiguous: GMC_STREAK_* bits, 0 = gmc's
     * reading (docs/memory.md "Row streak breakers" has both readings of
     * each).  A statistic only: it changes no scheduling. */
    uint8_t streak_reading;
    /* The same-address rule (docs/pcm.md "Data, checked end to end"):
     * 0 = none (every scheduler but fcfs may serve a read before an older
     * write to its location, or a write before an older read or write);
     * GMC_SAME_ADDR_STALL = a request is refused (back-pressure) while a
     * request it must not overtake -- to its location (channel, bank, row,
     * column), of the other type, or a write for a write -- is queued. */
    uint8_t same_addr;
    /* The pcmwq write policy's MAX_INTR (gmc_pcmwq.h: interruptions of one
     * drain before it runs to the end; 0 = no limit), with pcmwq.intr =
     * GMC_PCMWQ_CANCEL.  Here, not in pcmwq: in the padding before the
     * pointers, so the struct keeps its size. */
    uint8_t pcmwq_max_intr;
    /* The policies (gmc_mc_pol.h; docs/mc-policies.md).  NULL is the
     * default of each, so a zeroed struct with a scheduler still works. */
    const struct gmc_mc_wpol   *wpol;    /* write drain: gpgpusim */
    const struct gmc_mc_rfpol  *rfpol;   /* refresh: all-bank */
    const struct gmc_mc_rowpol *rowpol;  /* row: open */
    uint32_t row_timeout;        /* the timeout row policy's idle cycles, 1..2^20 */
    /* The pcmwq write policy's block parameters (gmc_pcmwq.h): ENTRIES
     * 1..64, HIGH_WM 1..entries, LOW_WM < HIGH_WM, INTR_MODE (only 0,
     * none: docs/pcm.md "The write queue"); per_channel 0: a queue per
     * bank, each with those parameters (Qureshi et al. [HPCA'10]: a write
     * occupies its bank), 1: one queue per channel.  Others ignore them. */
    /* (intr and per_channel share a byte: one more would make gmc_mc_t a
     * size whose array stride costs extra instructions at every request) */
    struct { uint8_t entries, high, low, intr : 4, per_channel : 1; } pcmwq;
} gmc_mc_cfg_t;

enum { GMC_SAME_ADDR_NONE = 0, GMC_SAME_ADDR_STALL = 1 };
/* The pcmwq write policy's counts for a report (docs/pcm.md "The write
 * queue"), time integrals taken up to a given cycle: entries and the
 * watermarks (high, low); writes accepted (of those, coalesced), reads
 * offered (of those, hits: answered from the queue); drains: drained
 * writes started at the device (completions: of those, completed);
 * full_cycles: cycles with every entry queued; occ_sum / cycles: the mean
 * occupancy of a channel's queues together; left: entries queued at the
 * end.  With a queue per bank the counts are over a channel's queues
 * (full_cycles: queue-cycles).  Summed over channels, the counts add and
 * cycles counts channel-cycles. */
typedef struct {
    unsigned entries, high, low, queues;   /* queues: per channel (1, or its banks) */
    unsigned cancel, max_intr;             /* write cancellation on (1), its limit per drain */
    uint64_t interrupts;                   /* drained writes cancelled by a read */
    uint64_t accepted, coalesced, reads, hits, drains, completions, full_cycles, cycles, occ_sum, left;
} gmc_mc_pcmwq_report_t;

/* streak_reading bits.  Without any: search the bank's queued requests
 * from the pending request to the new row Y toward younger ones for the
 * nearest to the old row X; the breakers are the requests between the two
 * and the one to Y itself; each is compared with the stranded request. */
enum {
    GMC_STREAK_OLDER     = 1u << 0,   /* search toward older requests ("backwards" in time) */
    GMC_STREAK_EXCLUDE_Y = 1u << 1,   /* the request to Y is not a breaker ("between" strictly) */
    GMC_STREAK_OPENER    = 1u << 2,   /* compare the breakers with the request row X was opened
                                         for, not with the stranded request */
    GMC_STREAK_ALL       = 7u,
};
/* "older,exclude-y,opener" (any subset, comma-separated; "default" = none)
 * as GMC_STREAK_* bits: 0, or -1 with err naming the unknown word. */
int gmc_streak_reading_parse(const char *list, uint8_t *bits, char *err, size_t n);
/* The bits as that list ("default" for none); buf holds it (32 bytes do). */
const char *gmc_streak_reading_name(unsigned bits, char *buf, size_t n);

/* Defaults: rq 64, wq 32, watermarks 28/16 (GPGPU-Sim's -dram_write_queue_size
 * default "32:28:16"), age cap 4096, frfcfs, the default policies (GPGPU-Sim's
 * write drain, all-bank refresh, open page), row timeout 100 cycles. */
void gmc_mc_cfg_defaults(gmc_mc_cfg_t *c);
int  gmc_mc_cfg_check(const gmc_mc_cfg_t *c, char *err, size_t n);

#ifdef __cplusplus
}
#endif
#endif
