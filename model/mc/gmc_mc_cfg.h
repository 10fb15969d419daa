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
    /* The policies (gmc_mc_pol.h; docs/mc-policies.md).  NULL is the
     * default of each, so a zeroed struct with a scheduler still works. */
    const struct gmc_mc_wpol   *wpol;    /* write drain: gpgpusim */
    const struct gmc_mc_rfpol  *rfpol;   /* refresh: all-bank */
    const struct gmc_mc_rowpol *rowpol;  /* row: open */
    uint32_t row_timeout;        /* the timeout row policy's idle cycles, 1..2^20 */
} gmc_mc_cfg_t;

/* Defaults: rq 64, wq 32, watermarks 28/16 (GPGPU-Sim's -dram_write_queue_size
 * default "32:28:16"), age cap 4096, frfcfs, the default policies (GPGPU-Sim's
 * write drain, all-bank refresh, open page), row timeout 100 cycles. */
void gmc_mc_cfg_defaults(gmc_mc_cfg_t *c);
int  gmc_mc_cfg_check(const gmc_mc_cfg_t *c, char *err, size_t n);

#ifdef __cplusplus
}
#endif
#endif
