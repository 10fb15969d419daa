/* gmc_gpu: the GPU system harness -- SMs and warps (closed loop), L1s, a
 * request and a reply network, L2 slices and gmc's memory system through
 * its push API (mc/gmc_mem.h).  One gmc_gpu_t is one machine; kernels run
 * on it one after the other and its statistics accumulate over them.
 * docs/harness.md describes the model, the clocks and every statistic. */
#ifndef GMC_GPU_H
#define GMC_GPU_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "gpu/gmc_kernel.h"
#include "gpu/gmc_machine.h"
#include "mc/gmc_mc_cfg.h"
#ifdef __cplusplus
extern "C" {
#endif

typedef struct gmc_gpu gmc_gpu_t;
struct gmc_wsched_ops;
struct gmc_dispatch_ops;
struct gmc_icnt_topo;

typedef struct {
    gmc_machine_t machine;
    gmc_mc_cfg_t  mc;            /* memory-controller settings (scheduler, queues, Warped-MC readings);
                                    gmc_gpu_cfg_defaults fills it from the machine */
    const void   *bim;           /* const gmc_gf2_t *: step 1's BIM on the address, NULL = identity */
    const void   *map;           /* const gmc_addrmap_t *: the address map, NULL = the machine's addr_map */
    const void   *dram;          /* const gmc_dram_cfg_t *: the DRAM device, NULL = the machine's dram preset
                                    (a GPGPU-Sim config brings its own timing) */
    /* GPGPU-Sim's IPoly hash (-gpgpu_memory_partition_indexing 2) as the
     * GPGPU-Sim config gave it (mem/gmc_dram_import.h's gmc_ipoly_t: sets 0
     * = none): with machine.l2_slice_bank it picks the sub-partition, the L2
     * slice, as the BIM it comes with picks the channel */
    unsigned      ipoly_sets, ipoly_ch_at, ipoly_ch_bits, ipoly_sub_bits;
    int           refresh;       /* DRAM refresh on (default 1) */
    int           every_cycle;   /* the slow reference: tick the memory system every DRAM cycle
                                    (no skipping of idle cycles); same results, slower */
    int           every_edge;    /* the slow reference of the GPU side: every SM and L2 slice
                                    steps at every edge of its clock, every network ticks, time
                                    never jumps (no skipping of idle parts or idle stretches;
                                    docs/harness.md "Speed"); same results, slower */
    uint64_t      max_cycles;    /* watchdog: a kernel running longer (core cycles) is an error; 0 = none */
    uint64_t      stall_cycles;  /* watchdog: no instruction issued and no memory progress for this long
                                    while warps wait = an error (a warp waits forever); default 10^6 */
    /* The plug-ins, as ops tables: NULL = the machine's by name (warp_sched,
     * cta_dispatch, icnt_topology); set, a policy outside the registries
     * (an experiment's, a test's).  Contracts: gpu/gmc_wsched.h,
     * gpu/gmc_dispatch.h, gpu/gmc_icnt.h. */
    const struct gmc_wsched_ops   *wsched;
    const struct gmc_dispatch_ops *dispatch;
    const struct gmc_icnt_topo    *icnt;
    /* optional: called about every 65536 core cycles of a kernel (a progress
     * bar; it must not call back into the GPU) */
    void        (*progress)(void *ctx, const char *kernel, uint32_t ctas_done, uint32_t ctas_total,
                            uint64_t cycle);
    void         *progress_ctx;
} gmc_gpu_cfg_t;

/* Fills cfg->mc from the machine (scheduler by name, queue sizes). */
int gmc_gpu_cfg_defaults(gmc_gpu_cfg_t *cfg, char *err, size_t n);

gmc_gpu_t *gmc_gpu_new(const gmc_gpu_cfg_t *cfg, char *err, size_t n);
void       gmc_gpu_delete(gmc_gpu_t *g);

/* Runs one kernel to completion (every CTA dispatched, every warp exited,
 * every store drained to L2).  0, or -1 with one line in err (a kernel
 * error, a CTA that fits no SM, a watchdog). */
int gmc_gpu_run(gmc_gpu_t *g, gmc_kernel_t *k, char *err, size_t n);
/* What gmc_gpu_run refuses before its first cycle (an empty grid or block,
 * a CTA no SM can hold): 0, or -1 with the same one line in err. */
int gmc_gpu_check_kernel(const gmc_gpu_t *g, const gmc_kernel_t *k, char *err, size_t n);

/* Results so far (over every kernel run). */
typedef struct {
    uint64_t n;
    double   mean;
    uint64_t p25, p50, p75, p95, p99, max;
} gmc_dist_t;

typedef struct {
    uint64_t kernels, ctas;
    uint64_t kernels_over_limits; /* run one CTA per SM by ignore_limits */
    uint64_t cycles;              /* core cycles */
    uint64_t instructions;        /* warp instructions issued (EXIT included) */
    uint64_t thread_instructions; /* active lanes summed */
    uint64_t op_count[GMC_OP_N];
    uint64_t load_warps;          /* LD instructions (ATOM counted apart) */
    uint64_t load_warps_offchip;  /* loads with >= 1 request served by DRAM */
    uint64_t load_warps_multi;    /* loads with >= 2 */
    uint64_t offchip_requests;    /* sector requests of loads that went to DRAM */
    uint64_t sm_requests;         /* sector requests leaving the SMs' load/store units */
    uint64_t l1_read_sectors, l1_hit_sectors;
    uint64_t l2_read_sectors, l2_hit_sectors, l2_write_sectors;
    uint64_t dram_reads, dram_writes;
    uint64_t icnt_packets, icnt_latency_sum;   /* both networks, icnt cycles */
    gmc_dist_t load_warp_time;    /* core cycles, issue to last data back, every load */
    gmc_dist_t divergence;        /* core cycles, loads with >= 2 off-chip requests */
    gmc_dist_t div_in_mc;         /* the part inside the memory controller, same loads */
    double     in_mc_fraction;    /* sum(in-MC) / sum(divergence) */
    gmc_dist_t load_warp_channels;/* memory channels each of those loads' off-chip sectors came
                                     from (exact up to 64 channels, else counted modulo 64) */
} gmc_gpu_stats_t;

/* Computes the summary (sorts the samples: call at the end). */
void gmc_gpu_stats(gmc_gpu_t *g, gmc_gpu_stats_t *s);
/* Kernels so far that ran one CTA per SM by ignore_limits (cheap: no
 * distributions computed). */
uint64_t gmc_gpu_kernels_over_limits(const gmc_gpu_t *g);

/* The whole report as one JSON object / as CSV (name,value lines). */
int gmc_gpu_write_json(gmc_gpu_t *g, FILE *f, const char *extra_fields);
const struct gmc_memsys *gmc_gpu_memsys(const gmc_gpu_t *g);

#ifdef __cplusplus
}
#endif
#endif
