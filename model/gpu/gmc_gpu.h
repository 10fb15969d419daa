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
#include "bim/gmc_gf2.h"
#include "mc/gmc_mc_cfg.h"
#include "mem/gmc_addrmap.h"
#include "mem/gmc_dram_cfg.h"
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
    const gmc_gf2_t      *bim;   /* a BIM on the address (gmc bim), NULL = identity */
    const gmc_addrmap_t  *map;   /* the address map, NULL = the machine's addr_map */
    const char           *map_name;   /* with map: what the report's machine_config.addr_map
                                         calls it ("gpgpusim-config", "--map", ...; NULL =
                                         "given"); without map the machine's addr_map */
    const gmc_dram_cfg_t *dram;  /* the DRAM device, NULL = the machine's dram preset
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
                                    steps at every edge of its clock, every network ticks, the
                                    dispatcher asks every SM, time never jumps; same results,
                                    slower */
    unsigned      step_every;    /* the slow reference of single components (GMC_GPU_STEP_*):
                                    each one named is stepped at every edge of its clock instead
                                    of at its next event or on input; same results, slower */
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
    /* A hybrid memory's write-aware placement (machine.hybrid_placement,
     * docs/pcm.md "Hybrid memory"): the pages (page numbers after the BIM)
     * that go to the second memory, strictly ascending, from a profile run;
     * none = every page in the first.  hybrid_profile = 1 makes a run the
     * profile run: its pages placed by bandwidth (bw-aware), each page's
     * DRAM requests counted, gmc_gpu_hybrid_pages gives the list after it. */
    const uint64_t *hybrid_pages;
    size_t          hybrid_npages;
    int             hybrid_profile;
    /* The data check (docs/pcm.md "Data, checked end to end"): versions
     * carried through the L2 and the memory system, every read at the L2
     * compared with the newest write (gmc_gpu_check_result).  0 = off (no
     * cost).  check_no_merge: a fill does not take a write that went
     * around its fetch (shows what that rule is for). */
    int             check_data, check_no_merge;
    /* optional: called about every 65536 core cycles of a kernel (a progress
     * bar; it must not call back into the GPU) */
    void        (*progress)(void *ctx, const char *kernel, uint32_t ctas_done, uint32_t ctas_total,
                            uint64_t cycle);
    void         *progress_ctx;
} gmc_gpu_cfg_t;

/* The components of the skip-ahead contract (docs/architecture.md
 * "Skipping idle time"), for gmc_gpu_cfg_t.step_every.  every_edge is
 * GMC_GPU_STEP_GPU, every_cycle GMC_GPU_STEP_MEM. */
enum {
    GMC_GPU_STEP_SM       = 1u << 0,   /* every SM at every core edge */
    GMC_GPU_STEP_L2       = 1u << 1,   /* every L2 slice at every L2 edge */
    GMC_GPU_STEP_ICNT     = 1u << 2,   /* both networks tick at every interconnect edge */
    GMC_GPU_STEP_DISPATCH = 1u << 3,   /* the dispatcher asks every SM (its reference mode) */
    GMC_GPU_STEP_JUMP     = 1u << 4,   /* no time jump over idle stretches */
    GMC_GPU_STEP_MEM      = 1u << 5,   /* the memory system ticked, each controller stepped,
                                          every DRAM cycle */
    GMC_GPU_STEP_GPU      = 0x1fu,     /* all but the memory system */
    GMC_GPU_STEP_ALL      = 0x3fu,
};
/* "sm,l2,icnt,dispatch,jump,mem" or "all" (any subset, comma-separated)
 * as GMC_GPU_STEP_* bits: 0, or -1 with err naming the unknown word. */
int gmc_gpu_step_parse(const char *list, unsigned *bits, char *err, size_t n);

/* The data check's counts (gmc_gpu_cfg_t.check_data): requests (sector
 * reads and writes the L2 performed), of those writes, reads checked (L2
 * hits and the waiters of fills), fills, fills that took a write that
 * went around their fetch, violations and the first one; failed: the
 * check ran out of memory (its counts are not to be trusted). */
typedef struct {
    uint64_t    requests, writes, reads_checked, l2_hits, fills, merged_fills, violations;
    uint64_t    first_addr, first_expected, first_got, first_cycle;   /* first_cycle: L2 cycles */
    const char *first_path;
    int         failed;
} gmc_gpu_check_t;
/* 0 and *r, or -1 (zeroed) when the check is off. */
int gmc_gpu_check_result(const gmc_gpu_t *g, gmc_gpu_check_t *r);

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

/* The counters, one table per component: X(member, key, doc) is one
 * uint64_t member of gmc_gpu_stats_t and one value of the report (JSON and
 * CSV, gmc_gpu_report.c) under key, in the component's place: the SM's at
 * the top level, L1's and L2's in "l1" and "l2", the networks' at the top
 * level.  A counter added here is in the struct, the JSON and the CSV. */
#define GMC_GPU_SM_COUNTERS(X)                                                                  \
    X(kernels,             "kernels",             "kernels run")                                \
    X(kernels_over_limits, "kernels_over_limits", "kernels run one CTA per SM by ignore_limits") \
    X(ctas,                "ctas",                "thread blocks run")                          \
    X(cycles,              "cycles",              "core cycles")                                \
    X(instructions,        "instructions",        "warp instructions issued (EXIT included)")   \
    X(thread_instructions, "thread_instructions", "active lanes summed over them")              \
    X(load_warps,          "load_warps",          "LD instructions (ATOM counted apart)")       \
    X(load_warps_offchip,  "load_warps_offchip",  "loads with a sector served by DRAM")         \
    X(load_warps_multi,    "load_warps_multi_offchip", "loads with two or more")                \
    X(offchip_requests,    "offchip_requests",    "sector requests of loads served by DRAM")    \
    X(sm_requests,         "sm_requests",         "sector requests leaving the load/store units")
#define GMC_GPU_L1_COUNTERS(X)                                                                  \
    X(l1_read_sectors,     "read_sectors",        "sectors read through L1")                    \
    X(l1_hit_sectors,      "hit_sectors",         "of those, hits")                             \
    X(l1_merged,           "merged",              "misses merged into a waiting MSHR entry")    \
    X(l1_sent,             "sent",                "misses sent to L2")
#define GMC_GPU_L2_COUNTERS(X)                                                                  \
    X(l2_read_sectors,     "read_sectors",        "sectors read at L2")                         \
    X(l2_hit_sectors,      "hit_sectors",         "of those, hits")                             \
    X(l2_merged,           "merged",              "misses merged into a waiting MSHR entry")    \
    X(l2_sent,             "sent",                "read misses sent to the memory system")      \
    X(l2_write_sectors,    "write_sectors",       "sectors written at L2")                      \
    X(l2_writebacks,       "writebacks",          "dirty sectors written back to memory")       \
    X(dram_reads,          "dram_reads",          "reads the memory system completed")          \
    X(dram_writes,         "dram_writes",         "writes the memory system completed")         \
    X(dram_addr_folded,    "dram_addr_folded",    "requests to it whose address had bits above the map's width (folded: modulo 2^width)")
#define GMC_GPU_ICNT_COUNTERS(X)                                                                \
    X(icnt_packets,        "icnt_packets",        "packets through both networks")              \
    X(icnt_latency_sum,    "icnt_latency_sum",    "their send-to-pop latencies summed (icnt cycles)") \
    X(icnt_holds,          "icnt_holds",          "switch grants that were holds (icnt_hold)")  \
    X(icnt_hold_ends,      "icnt_hold_ends",      "holds icnt_hold_limit ended")

/* A distribution of samples: nearest-rank percentiles. */
typedef struct {
    uint64_t n;
    double   mean;
    uint64_t p25, p50, p75, p95, p99, max;
} gmc_dist_t;

/* Results so far (over every kernel run). */
typedef struct {
#define GMC_GPU_COUNTER_FIELD_(name, key, doc) uint64_t name;
    GMC_GPU_SM_COUNTERS(GMC_GPU_COUNTER_FIELD_)
    GMC_GPU_L1_COUNTERS(GMC_GPU_COUNTER_FIELD_)
    GMC_GPU_L2_COUNTERS(GMC_GPU_COUNTER_FIELD_)
    GMC_GPU_ICNT_COUNTERS(GMC_GPU_COUNTER_FIELD_)
#undef GMC_GPU_COUNTER_FIELD_
    uint64_t   op_count[GMC_OP_N]; /* warp instructions by kind (gmc_kernel.h) */
    gmc_dist_t load_warp_time;    /* core cycles, issue to last data back, every load */
    gmc_dist_t divergence;        /* core cycles, loads with >= 2 off-chip requests */
    gmc_dist_t div_in_mc;         /* the part inside the memory controller, same loads */
    double     in_mc_fraction;    /* sum(in-MC) / sum(divergence) */
    gmc_dist_t load_warp_channels;/* memory channels each of those loads' off-chip sectors came
                                     from (exact up to 64 channels, else counted modulo 64) */
    /* Yuan et al. [MICRO'09]'s measures (docs/harness.md "Row locality").
     * Row locality, the mean run of requests to one bank and row in a
     * stream: requests entering the request network per (SM, L2 slice),
     * leaving it per slice, entering the DRAM queues per channel; pooled
     * over the streams (requests / runs) and the harmonic mean of the
     * streams' own. */
    double     rl_pre, rl_post, rl_at_mc;
    double     rl_pre_hmean, rl_post_hmean, rl_at_mc_hmean;
    /* Row streaks and their breakers (sec. 5.2), the memory system's
     * (gmc_mem_stats_t): row switches, those with a stranded request, and
     * the stranded events whose breakers include one of another SM, of
     * the same SM and another CTA, of the same CTA, without an SM */
    uint64_t   row_streaks, stranded, brk_other_sm, brk_other_cta, brk_same_cta, brk_no_sm;
    /* DRAM efficiency (sec. 1): data-bus busy cycles / cycles with a
     * request pending, pooled over the channels and their mean */
    double     dram_eff, dram_eff_mean;
    /* Memory latency (Fig. 9(a)) as GPGPU-Sim's averagemflatency: core
     * cycles from a read request's making at the L1 miss to its reply
     * leaving the reply network, over the reads served by DRAM */
    uint64_t   mem_lat_n;
    double     mem_lat_mean;
} gmc_gpu_stats_t;

/* Computes the summary (sorts the samples: call at the end). */
void gmc_gpu_stats(gmc_gpu_t *g, gmc_gpu_stats_t *s);
/* Kernels so far that ran one CTA per SM by ignore_limits (cheap: no
 * distributions computed). */
uint64_t gmc_gpu_kernels_over_limits(const gmc_gpu_t *g);
/* Requests to the memory system so far whose address had bits above its
 * map's width (dram_addr_folded; the same cheap way). */
uint64_t gmc_gpu_addr_folded(const gmc_gpu_t *g);

/* The whole report (the statistics, the memory system's, energy, costs,
 * the machine as run) as one JSON object, extra_fields (the caller's JSON
 * members, each line "  \"key\": value,\n", or NULL) first; or as CSV, a
 * "name,value" header and one line per value, extra_fields' first, nested
 * names joined with '.' (l1.hit_rate).  Both come from the same rows.  0,
 * or -1 on an output error or extra_fields not of that form. */
int gmc_gpu_write_json(gmc_gpu_t *g, FILE *f, const char *extra_fields);
int gmc_gpu_write_csv(gmc_gpu_t *g, FILE *f, const char *extra_fields);
const struct gmc_memsys *gmc_gpu_memsys(const gmc_gpu_t *g);
/* After a profile run (gmc_gpu_cfg_t.hybrid_profile): the pages with at
 * most machine.hybrid_wa_writes DRAM writes, ascending, in *pages
 * (malloc'd, the caller frees; NULL when none), and in *seen the pages the
 * run touched.  Their number; 0 after any other run. */
size_t gmc_gpu_hybrid_pages(gmc_gpu_t *g, uint64_t **pages, size_t *seen);
/* TEMP's thread batches of the last kernel and page coloring
 * (docs/thread-batching.md; the JSON's thread_batches and page_coloring
 * groups), for a text report: batching 0 when no mechanism formed
 * batches, coloring 0 when temp_coloring is. */
typedef struct {
    int      batching, profiled;
    uint32_t stride;
    uint64_t pages, one, two, more;     /* 4 KB pages by the batches touching them */
    unsigned coloring;                  /* temp_coloring */
    uint32_t colors;
    uint64_t color_pages, fallbacks;    /* pages allocated (coloring 1), and past the SM's colors */
    uint64_t local, remote;             /* sectors the SMs sent to their own banks, to others' */
} gmc_gpu_temp_t;
void gmc_gpu_temp(const gmc_gpu_t *g, gmc_gpu_temp_t *t);

#ifdef __cplusplus
}
#endif
#endif
