/* gmc_machine: a GPU's configuration -- SMs, caches, interconnect, clocks
 * and which memory system -- as data.  Presets ship as model/gpu/machines/
 * <name>.cfg (embedded at build time, like the DRAM presets); a user file
 * has the same `key = value  # source` form, or is a GPGPU-Sim
 * gpgpusim.config (gmc_machine_gpgpusim.c).  docs/harness.md tables every
 * key and every preset value with its source. */
#ifndef GMC_MACHINE_H
#define GMC_MACHINE_H
#include <stddef.h>
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif

/* X(key, min, max, unit, meaning): unsigned integer keys, all required in
 * a preset (a user file may leave keys out: they come from --machine's
 * base preset). */
#define GMC_MACHINE_PARAMS(X)                                                                  \
    X(sms,               1, 1024,     "-",     "streaming multiprocessors")                    \
    X(warps_per_sm,      1, 64,       "-",     "resident warps per SM")                        \
    X(threads_per_sm,    32, 4096,    "-",     "resident threads per SM")                      \
    X(ctas_per_sm,       1, 64,       "-",     "resident thread blocks (CTAs) per SM")         \
    X(regs_per_sm,       0, 1048576,  "regs",  "32-bit registers per SM (0 = no limit)")       \
    X(smem_per_sm,       0, 1048576,  "B",     "shared memory per SM")                         \
    X(ignore_limits,     0, 1,        "-",     "1: a CTA whose registers or shared memory exceed an empty SM's runs alone on each SM anyway") \
    X(schedulers_per_sm, 1, 8,        "-",     "warp schedulers per SM, one issue each per cycle") \
    X(core_mhz,          1, 10000,    "MHz",   "SM clock")                                     \
    X(icnt_mhz,          1, 10000,    "MHz",   "interconnect clock")                           \
    X(l2_mhz,            1, 10000,    "MHz",   "L2 clock")                                     \
    X(alu_lat,           1, 1000,     "core cycles", "latency of an ALU instruction of no unit class (GMC_UNIT_NONE)") \
    X(shmem_lat,         1, 1000,     "core cycles", "shared-memory access latency")          \
    X(sub_core_model,    0, 1,        "-",     "1: the functional units are split among the warp schedulers (scheduler k owns units k, k + schedulers_per_sm, ...); 0: shared by them") \
    X(int_units,       0, 64,       "-",     "integer, move, conversion units per SM (0: int runs on the sp units, dp on the sfu units, any other class is not limited)") \
    X(int_lat,         1, 1000,     "core cycles", "integer, move, conversion instruction: issue to its result") \
    X(int_ii,          1, 1000,     "core cycles", "integer, move, conversion unit: issue to its next issue (initiation interval)") \
    X(sp_units,        0, 64,       "-",     "fp32/fp16 units per SM (0: int runs on the sp units, dp on the sfu units, any other class is not limited)") \
    X(sp_lat,          1, 1000,     "core cycles", "fp32/fp16 instruction: issue to its result") \
    X(sp_ii,           1, 1000,     "core cycles", "fp32/fp16 unit: issue to its next issue (initiation interval)") \
    X(dp_units,        0, 64,       "-",     "fp64 units per SM (0: int runs on the sp units, dp on the sfu units, any other class is not limited)") \
    X(dp_lat,          1, 1000,     "core cycles", "fp64 instruction: issue to its result") \
    X(dp_ii,           1, 1000,     "core cycles", "fp64 unit: issue to its next issue (initiation interval)") \
    X(sfu_units,       0, 64,       "-",     "special-function units per SM (0: int runs on the sp units, dp on the sfu units, any other class is not limited)") \
    X(sfu_lat,         1, 1000,     "core cycles", "special-function instruction: issue to its result") \
    X(sfu_ii,          1, 1000,     "core cycles", "special-function unit: issue to its next issue (initiation interval)") \
    X(tensor_units,    0, 64,       "-",     "tensor-core units per SM (0: int runs on the sp units, dp on the sfu units, any other class is not limited)") \
    X(tensor_lat,      1, 1000,     "core cycles", "tensor-core instruction: issue to its result") \
    X(tensor_ii,       1, 1000,     "core cycles", "tensor-core unit: issue to its next issue (initiation interval)") \
    X(branch_units,    0, 64,       "-",     "branch units per SM (0: int runs on the sp units, dp on the sfu units, any other class is not limited)") \
    X(branch_lat,      1, 1000,     "core cycles", "branch instruction: issue to its result") \
    X(branch_ii,       1, 1000,     "core cycles", "branch unit: issue to its next issue (initiation interval)") \
    X(tex_units,       0, 64,       "-",     "texture units per SM (0: int runs on the sp units, dp on the sfu units, any other class is not limited)") \
    X(tex_lat,         1, 1000,     "core cycles", "texture instruction: issue to its result") \
    X(tex_ii,          1, 1000,     "core cycles", "texture unit: issue to its next issue (initiation interval)") \
    X(udp_units,       0, 64,       "-",     "uniform-datapath units per SM (0: int runs on the sp units, dp on the sfu units, any other class is not limited)") \
    X(udp_lat,         1, 1000,     "core cycles", "uniform-datapath instruction: issue to its result") \
    X(udp_ii,          1, 1000,     "core cycles", "uniform-datapath unit: issue to its next issue (initiation interval)") \
    X(loads_per_warp,    1, 16,       "-",     "load and atomic instructions a warp has in flight at once (one more waits to issue)") \
    X(regs_round,        1, 256,      "regs",  "registers per thread are rounded up to a multiple of this when CTAs are fitted on an SM (GPGPU-Sim: 4; 1 = none)") \
    X(kernel_launch_latency, 0, 100000000, "core cycles", "from a kernel's start to its first CTA's dispatch (GPGPU-Sim's -gpgpu_kernel_launch_latency)") \
    X(l1_size,           128, 16777216, "B",   "L1 data cache per SM")                         \
    X(l1_assoc,          1, 4096,     "ways",  "L1 associativity")                             \
    X(l1_mshr,           1, 4096,     "-",     "L1 MSHR entries (lines with misses outstanding)") \
    X(l1_merge,          1, 64,       "-",     "misses merged per L1 MSHR entry")              \
    X(l1_lat,            1, 1000,     "core cycles", "L1 hit latency")                        \
    X(l2_slices_per_ch,  1, 16,       "-",     "L2 slices (sub-partitions) per memory channel") \
    X(l2_slice_bank,     0, 1,        "-",     "slice within a channel: 0 a hash of the line address, 1 the bank's low bits (GPGPU-Sim's sub-partition; IPoly-hashed when the config says so)") \
    X(l2_slice_size,     128, 67108864, "B",   "L2 capacity per slice")                        \
    X(l2_assoc,          1, 4096,     "ways",  "L2 associativity")                             \
    X(l2_mshr,           1, 4096,     "-",     "L2 MSHR entries per slice")                    \
    X(l2_merge,          1, 64,       "-",     "misses merged per L2 MSHR entry")              \
    X(l2_lat,            1, 10000,    "L2 cycles", "request at the slice to its tag lookup (ROP delay; a hit is replied then)") \
    X(l2_queue,          1, 4096,     "-",     "L2-to-DRAM request queue per slice")           \
    X(icnt_in_buf,       1, 1024,     "packets", "interconnect injection buffer per port")     \
    X(icnt_out_buf,      1, 1024,     "packets", "interconnect ejection buffer per port")      \
    X(icnt_latency,      1, 1000,     "icnt cycles", "interconnect traversal")                 \
    X(icnt_flit,         4, 1024,     "B",     "interconnect channel width per cycle")         \
    X(icnt_hold_k,       1, 32,       "bits",  "row-hash width of icnt_hold = hmhg (HMHG-k)")  \
    X(icnt_hold_limit,   0, 65535,    "grants", "holds in a row per output under icnt_hold (0 = unlimited, the paper's)") \
    X(icnt_vcs,          1, 8,        "-",     "virtual channels per port of both networks (the ring needs 2)") \
    X(icnt_mesh_cols,    0, 1024,     "-",     "columns of icnt_topology = mesh (0 = near-square: ceil(sqrt(nodes)))") \
    X(icnt_watchdog,     0, 1000000000, "icnt cycles", "a run fails when a network holds packets and moves no flit this long (0 = never)") \
    X(dram_channels,     0, 4096,     "-",     "memory channels (0 = the DRAM preset's)")      \
    X(mc_queue,          1, 1024,     "-",     "memory-controller read queue per channel (writes: the same)") \
    X(mc_row_timeout,    0, 1048576,  "DRAM cycles", "idle cycles after which the timeout row policy closes a row (0 = 100; only with mc_row_policy = timeout)") \
    X(pcmwq_entries,     0, 64,       "writes", "entries of the pcmwq write policy's queue (0 = 8, NVMain's FRFCFS-WQF; only with a pcmwq write policy)") \
    X(pcmwq_high,        0, 64,       "writes", "pcmwq: drain mode from this many queued writes (0 = pcmwq_entries)") \
    X(pcmwq_low,         0, 63,       "writes", "pcmwq: drain mode down to this many (0 = empty)") \
    X(pcmwq_per_channel, 0, 1,        "-",     "pcmwq: 0 = a queue per bank, each of pcmwq_entries; 1 = one queue per channel") \
    X(pcmwq_cancel,      0, 1,        "-",     "pcmwq: 1 = a read of its bank cancels a drained write during its pulse (PCM devices; Qureshi et al. [HPCA'10])") \
    X(pcmwq_max_intr,    0, 255,      "-",     "pcmwq_cancel: cancellations of one drain before it runs to the end (0 = no limit)") \
    X(dram_latency,      0, 100000,   "core cycles", "fixed delay of every request from the L2 slice's DRAM queue to the memory controller (GPGPU-Sim's -dram_latency)") \
    X(hybrid_channels,   0, 4096,     "-",     "channels of the second memory after dram's (0 = hybrid_dram's; read only with hybrid_dram)") \
    X(hybrid_page,       0, 1073741824, "B",   "page of the hybrid placement, a power of two >= 256 (0 = 4096)") \
    X(hybrid_seed,       0, 4294967295, "-",  "seed of the ratio and bw-aware placements (which pages of each block)") \
    X(hybrid_wa_writes,  0, 4294967295, "writes", "write-aware: the most writes a page may have in the profile to go to the second memory") \
    X(dram_timing_scale, 1, 16,       "-",     "multiplies the device timings GPGPU-Sim's -gpgpu_dram_timing_opt scales in Carpenter [2012] sec. 3.3.2 (tCCD, tRRD, tRCD, tRAS, tRP, tRC, CL, WL, tCDLR, tWR) on every channel's device, GDDR and PCM (1 = as the preset)") \
    X(ccws_vta,          1, 64,       "tags",  "warp_sched = ccws: victim tags per warp (L1 lines its loads allocated and lost)") \
    X(ccws_k,            1, 1024,     "-",     "warp_sched = ccws: KThrottle, the lost-locality score a VTA hit adds per unit of VTA hits per issued instruction, in cutoffs") \
    X(temp_batch_stride, 0, 1048576,  "CTAs",  "thread batch: consecutive CTAs per batch (TEMP's thread-block stride; 0 = profile the kernel's pages before the run)") \
    X(tbas_batches,      1, 64,       "batches", "warp_sched = tbas: thread batches in the running set at once (the limit on active batches)") \
    X(temp_coloring,     0, 2,        "-",     "TEMP's page coloring: 0 off; 1 each page, at its first touch, in a bank bound to the touching SM; 2 pages as given, local accesses counted")


typedef enum {
#define GMC_MACHINE_P_ENUM_(k, lo, hi, unit, doc) GMC_MACHINE_P_##k,
    GMC_MACHINE_PARAMS(GMC_MACHINE_P_ENUM_)
#undef GMC_MACHINE_P_ENUM_
    GMC_MACHINE_NPARAM
} gmc_machine_param_t;
/* gmc_machine_t.set has a bit per key: GMC_MACHINE_SET_WORDS words of 64 */
#define GMC_MACHINE_SET_WORDS 2
typedef char gmc_machine_keys_fit_set_[GMC_MACHINE_NPARAM <= 64 * GMC_MACHINE_SET_WORDS ? 1 : -1];

/* The unit keys of class u (gmc_unit_t, 1 .. GMC_UNIT_N - 1): units, lat, ii. */
static inline gmc_machine_param_t gmc_machine_unit_key(unsigned u, unsigned which)
{
    return (gmc_machine_param_t)(GMC_MACHINE_P_int_units + 3 * (u - 1) + which);
}

/* The name keys, in `gmc sim --machine-keys` order (each a char[] field
 * of gmc_machine_t). */
#define GMC_MACHINE_NAME_KEYS(X) \
    X(name) X(warp_sched) X(dram) X(addr_map) X(mem_sched) X(cta_dispatch) X(icnt_topology) \
    X(icnt_alloc) X(icnt_hold) X(icnt_vc_assign) X(icnt_placement) X(mc_write_policy) \
    X(mc_refresh_policy) X(mc_row_policy) X(hybrid_dram) X(hybrid_placement) X(hybrid_share) \
    X(hybrid_mem_sched) X(hybrid_mc_write_policy)

/* Every key in one numbering: the numeric keys (gmc_machine_param_t),
 * then the name keys in GMC_MACHINE_NAME_KEYS order (GMC_MACHINE_K_name,
 * GMC_MACHINE_K_warp_sched, ...). */
enum {
    GMC_MACHINE_K_BEFORE_NAMES_ = GMC_MACHINE_NPARAM - 1,
#define GMC_MACHINE_K_ENUM_(f) GMC_MACHINE_K_##f,
    GMC_MACHINE_NAME_KEYS(GMC_MACHINE_K_ENUM_)
#undef GMC_MACHINE_K_ENUM_
    GMC_MACHINE_NKEYS
};

typedef struct {
    char name[48];
    char warp_sched[16];   /* a registered name (gpu/gmc_wsched.h: lrr, gto, ccws, tbas) */
    char dram[48];         /* DRAM preset (model/mem/presets) */
    char addr_map[48];     /* address-map preset (gmc_addrmap_preset), "derived" or "" = derived
                              from the DRAM geometry (gmc_memsys_default_map) */
    char mem_sched[16];    /* memory scheduler (gmc mem --sched) */
    char cta_dispatch[16]; /* CTA dispatcher (gpu/gmc_dispatch.h); "" = GMC_MACHINE_CTA_DISPATCH */
    char icnt_topology[16];/* interconnect topology (gpu/gmc_icnt.h); "" = GMC_MACHINE_ICNT_TOPOLOGY */
    char icnt_alloc[16];   /* switch allocator (gpu/gmc_alloc.h); "" = GMC_MACHINE_ICNT_ALLOC */
    char icnt_hold[16];    /* the request network's hold grant (none, hg, rmhg, hmhg); "" = none */
    char icnt_vc_assign[16];  /* dvca, svca (gpu/gmc_icnt.h); "" = GMC_MACHINE_ICNT_VC_ASSIGN */
    char icnt_placement[16];  /* SMs and slices on a mesh or ring (gmc_icnt_place); "" = GMC_MACHINE_ICNT_PLACEMENT */
    /* The memory controller's policies (gmc mem --write-policy,
     * --refresh-policy, --row-policy; docs/mc-policies.md); "" = the
     * default (mc_row_timeout is a numeric key). */
    char mc_write_policy[16];
    char mc_refresh_policy[16];
    char mc_row_policy[16];
    /* A hybrid memory (docs/pcm.md "Hybrid memory"): a second memory of
     * DRAM preset hybrid_dram ("none" or "" = none) on hybrid_channels
     * channels after dram's; hybrid_placement channel, ratio (hybrid_share
     * "A/B" of the pages to the second memory), bw-aware or write-aware;
     * its controller's scheduler and write policy ("same" or "" = the
     * first memory's mem_sched and mc_write_policy). */
    char hybrid_dram[48];
    char hybrid_placement[16];
    char hybrid_share[16];
    char hybrid_mem_sched[16];
    char hybrid_mc_write_policy[16];
#define GMC_MACHINE_P_FIELD_(k, lo, hi, unit, doc) uint32_t k;
    GMC_MACHINE_PARAMS(GMC_MACHINE_P_FIELD_)
#undef GMC_MACHINE_P_FIELD_
    uint64_t set[GMC_MACHINE_SET_WORDS];   /* bit GMC_MACHINE_P_x: given by the file (not the
                                             base); gmc_machine_key_set / _is_set */
} gmc_machine_t;

static inline void gmc_machine_key_set(gmc_machine_t *m, unsigned k)
{
    m->set[k / 64] |= 1ull << (k % 64);
}
static inline int gmc_machine_key_is_set(const gmc_machine_t *m, unsigned k)
{
    return (int)(m->set[k / 64] >> (k % 64) & 1);
}
static inline void gmc_machine_keys_clear(gmc_machine_t *m)
{
    for (unsigned w = 0; w < GMC_MACHINE_SET_WORDS; w++)
        m->set[w] = 0;
}

/* The default machine: Warped-MC [ICPP'23] Table 2 (RTX 2060 Super-like). */
#define GMC_MACHINE_DEFAULT "rtx2060s"
/* The plug-ins a machine that names none gets (a machine file or a
 * program's gmc_machine_t from before those keys). */
#define GMC_MACHINE_CTA_DISPATCH  "rr"
#define GMC_MACHINE_ICNT_TOPOLOGY "xbar"
#define GMC_MACHINE_ICNT_ALLOC    "rr"
#define GMC_MACHINE_ICNT_HOLD     "none"
#define GMC_MACHINE_ICNT_VC_ASSIGN "dvca"
#define GMC_MACHINE_ICNT_PLACEMENT "spread"

/* Where the keys of a machine were given, so that an error found later
 * (a whole-machine check, the GPU's construction) names the user's line
 * rather than the machine: per key (GMC_MACHINE_NKEYS numbering) the input
 * that gave it last (src: a path, "--set #2 (sms=8)"; NULL: the base
 * preset), the option there when it is not the key itself (a GPGPU-Sim
 * option; else NULL) and the line (0: none).  The strings are the
 * caller's: they must outlive the struct's use. */
typedef struct {
    const char *src[GMC_MACHINE_NKEYS];
    const char *opt[GMC_MACHINE_NKEYS];
    unsigned    line[GMC_MACHINE_NKEYS];
    unsigned    seq[GMC_MACHINE_NKEYS];   /* the order they were given in (1, 2, ...) */
    unsigned    nseq;
} gmc_machine_origin_t;
/* Records that key k was given by src (opt, line) just now. */
void gmc_machine_origin_set(gmc_machine_origin_t *o, unsigned k, const char *src, const char *opt,
                            unsigned line);

/* Parses `key = value` text over *m (keys not given keep their value).
 * src names the text in errors ("file:line: ..."). */
int gmc_machine_parse(const char *text, size_t len, const char *src, gmc_machine_t *m,
                      char *err, size_t n);
/* The same, recording in *o (if not NULL) the line of every key set. */
int gmc_machine_parse_at(const char *text, size_t len, const char *src, gmc_machine_t *m,
                         gmc_machine_origin_t *o, char *err, size_t n);
/* One `KEY=VALUE` override over *m, as `gmc sim --set` and `gmc experiment
 * --set` take it: 0, or -1 with "--set: expected KEY=VALUE, found ..." or
 * "--set: KEY: expected ..." in err. */
int gmc_machine_set(gmc_machine_t *m, const char *kv, char *err, size_t n);
/* The same, src naming the override in errors and in *o (if not NULL),
 * with no line: "--set #2 (sms=8): sms: expected ...". */
int gmc_machine_set_at(gmc_machine_t *m, const char *kv, const char *src, gmc_machine_origin_t *o,
                       char *err, size_t n);
/* The name of override i (1, 2, ...) in errors: "--set #2 (KV)", KV shown
 * as gmc_quote shows text; i 0: "--set (KV)". */
void gmc_machine_set_label(char *out, size_t n, unsigned i, const char *kv);
/* An error about m in err, "machine NAME: KEY...", as gmc_machine_check
 * and gmc_gpu_new word them, said instead at the place *o gives for the
 * key, of KEY and the other keys the message names, that was given last
 * (the change that broke the rule): "SRC:LINE: [OPT: ]KEY..." or "SRC:
 * ...".  Returns that key's number, or -1 (err unchanged) when no key of
 * the message was given: the machine's own values are at fault. */
int gmc_machine_blame(const gmc_machine_t *m, const gmc_machine_origin_t *o, char *err, size_t n);
/* Loads a shipped preset by name. */
int gmc_machine_preset(const char *name, gmc_machine_t *m, char *err, size_t n);
const char *gmc_machine_preset_name(unsigned i);   /* NULL past the end */
/* Checks the whole machine (ranges, power-of-two geometry, cross-key rules,
 * the plug-ins' names against their registries). */
int gmc_machine_check(const gmc_machine_t *m, char *err, size_t n);
/* Of those, the switch allocator's keys: icnt_alloc and icnt_hold known
 * names, a hold policy only with an allocator that holds.  0 and, if not
 * NULL, the allocator and policy (GMC_ALLOC_HOLD_*), or -1 with
 * "icnt_alloc: ..." / "icnt_hold: ..." in err. */
struct gmc_alloc_ops;
int gmc_machine_check_icnt_alloc(const gmc_machine_t *m, const struct gmc_alloc_ops **ops,
                                 uint32_t *hold, char *err, size_t n);
/* Of those, the networks' VC and placement keys: icnt_vc_assign and
 * icnt_placement known names, icnt_vcs at least what icnt_topology needs.
 * 0 and, if not NULL, the assignment (GMC_ICNT_VC_*) and placement rule
 * (GMC_ICNT_PLACE_*), or -1 with "icnt_...: ..." in err. */
int gmc_machine_check_icnt_vcs(const gmc_machine_t *m, uint32_t *vc_assign, uint32_t *placement,
                               char *err, size_t n);
/* Of those, the controller policies' keys: known names (the error lists
 * them), mc_row_timeout only with mc_row_policy = timeout. */
int gmc_machine_check_mc_policies(const gmc_machine_t *m, char *err, size_t n);
/* The hybrid-memory keys: the page size, the names (hybrid_dram a DRAM
 * preset or none, the placement, the share, the second memory's scheduler
 * and write policy).  0, or -1 with "machine NAME: KEY: expected ..." */
int gmc_machine_check_hybrid(const gmc_machine_t *m, char *err, size_t n);
/* Key metadata, for docs and reports: the numeric keys, the name keys
 * (NULL past the end). */
const char *gmc_machine_param_name(unsigned i);
const char *gmc_machine_name_key(unsigned i);
/* Either, in the GMC_MACHINE_NKEYS numbering. */
const char *gmc_machine_key_name(unsigned k);
uint32_t    gmc_machine_get(const gmc_machine_t *m, unsigned i);

typedef struct { const char *name, *path, *text; } gmc_machine_preset_src_t;
extern const gmc_machine_preset_src_t gmc_machine_preset_srcs[];
extern const unsigned gmc_machine_n_preset_srcs;

#ifdef __cplusplus
}
#endif
#endif
