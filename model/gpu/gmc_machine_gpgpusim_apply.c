/* The gpgpusim.config options that set machine keys, and how.  Option
 * meanings as registered in GPGPU-Sim v4 src/gpgpu-sim/gpu-sim.cc
 * (shader_core_config, memory_config and gpgpu_sim_config reg_options),
 * shader.h (shader_core_config::init), shader.cc (max_cta: the adaptive
 * L1/shared-memory carve-out), l2cache.cc (memory_sub_partition: the ROP
 * delay and the partition queues) and icnt_wrapper.cc / local_interconnect.cc
 * (the network).  docs/harness.md "GPGPU-Sim configuration files" tables
 * them with the semantic differences. */
#include <stdio.h>
#include <string.h>
#include "gpu/gmc_machine_gpgpusim_impl.h"
#include "util/gmc_num.h"
#include "util/gmc_quote.h"
#include "util/gmc_text.h"

/* The table is indexed by kind: gmc_gs_entries[K_x].kind == K_x. */
enum {
    K_CLUSTERS, K_CORES, K_PIPE, K_CTA, K_REGS, K_SHMEM, K_ADAPT, K_UNIFIED, K_SHMEM_OPT,
    K_NSCHED, K_SCHED, K_CLOCKS, K_DL1, K_DL2, K_SKIP_L1, K_NMEM, K_SUBPART, K_L1_LAT,
    K_SMEM_LAT, K_ROP, K_ROP3, K_DRAM_SCHED, K_QSIZE, K_PARTQ, K_NETMODE, K_ICNT_FILE,
    K_FLIT, K_INBUF, K_OUTBUF, K_IGNORE, K_NSP, K_NSFU, K_NINT, K_NDP, K_NTENSOR, K_SUBCORE,
    K_DRAM_LAT, K_LAUNCH, K_DRAM
};

#define M_ GMC_GS_MACHINE
#define D_ GMC_GS_DRAM
#define H_ GMC_GS_HIDE
#define Z_ GMC_GS_ZERO
const gmc_gs_entry_t gmc_gs_entries[] = {
    {"-gpgpu_n_clusters", K_CLUSTERS, M_},
    {"-gpgpu_n_cores_per_cluster", K_CORES, M_},
    {"-gpgpu_shader_core_pipeline", K_PIPE, M_},
    {"-gpgpu_shader_cta", K_CTA, M_},
    {"-gpgpu_shader_registers", K_REGS, M_},
    {"-gpgpu_shmem_size", K_SHMEM, M_},
    {"-gpgpu_adaptive_cache_config", K_ADAPT, M_},
    {"-gpgpu_unified_l1d_size", K_UNIFIED, M_},
    {"-gpgpu_shmem_option", K_SHMEM_OPT, M_},
    {"-gpgpu_num_sched_per_core", K_NSCHED, M_},
    {"-gpgpu_scheduler", K_SCHED, M_},
    {"-gpgpu_clock_domains", K_CLOCKS, M_ | D_},
    {"-gpgpu_cache:dl1", K_DL1, M_},
    {"-gpgpu_cache:dl2", K_DL2, M_},
    {"-gpgpu_gmem_skip_L1D", K_SKIP_L1, M_},
    {"-gpgpu_n_mem", K_NMEM, M_ | D_},
    {"-gpgpu_n_sub_partition_per_mchannel", K_SUBPART, M_ | D_},   /* D_: IPoly's index */
    {"-gpgpu_l1_latency", K_L1_LAT, M_},
    {"-gpgpu_smem_latency", K_SMEM_LAT, M_},
    {"-gpgpu_l2_rop_latency", K_ROP, M_ | H_},
    {"-rop_latency", K_ROP3, M_},   /* its name before GPGPU-Sim 4 */
    {"-gpgpu_dram_scheduler", K_DRAM_SCHED, M_ | H_},
    {"-gpgpu_frfcfs_dram_sched_queue_size", K_QSIZE, M_ | H_},
    {"-gpgpu_dram_partition_queues", K_PARTQ, M_ | H_},
    {"-network_mode", K_NETMODE, M_},
    {"-inter_config_file", K_ICNT_FILE, M_},
    {"-icnt_flit_size", K_FLIT, M_},
    {"-icnt_in_buffer_limit", K_INBUF, M_},
    {"-icnt_out_buffer_limit", K_OUTBUF, M_},
    {"-gpgpu_ignore_resources_limitation", K_IGNORE, M_},
    {"-gpgpu_num_sp_units", K_NSP, M_},
    {"-gpgpu_num_sfu_units", K_NSFU, M_},
    {"-gpgpu_num_int_units", K_NINT, M_},
    {"-gpgpu_num_dp_units", K_NDP, M_},
    {"-gpgpu_num_tensor_core_units", K_NTENSOR, M_},
    {"-gpgpu_sub_core_model", K_SUBCORE, M_},
    {"-dram_latency", K_DRAM_LAT, M_ | H_},   /* core cycles in both (l2cache.cc: gpu_sim_cycle) */
    {"-gpgpu_kernel_launch_latency", K_LAUNCH, M_},
    /* the DRAM importer's (model/mem/gmc_dram_import_gpgpusim.c): used, or
     * read and warned about there when not 0.  -gpgpu_mem_address_mask is
     * not here: it picks one of GPGPU-Sim's built-in maps, which gmc lacks,
     * so it is always ignored (the DRAM importer warns when no map is given). */
    {"-gpgpu_dram_timing_opt", K_DRAM, D_},
    {"-gpgpu_n_mem_per_ctrlr", K_DRAM, D_},
    {"-gpgpu_dram_buswidth", K_DRAM, D_},
    {"-gpgpu_dram_burst_length", K_DRAM, D_},
    {"-dram_data_command_freq_ratio", K_DRAM, D_},
    {"-gpgpu_mem_addr_mapping", K_DRAM, D_},
    {"-dram_dual_bus_interface", K_DRAM, D_ | Z_},
    {"-gpgpu_memory_partition_indexing", K_DRAM, D_ | Z_},
    {"-dram_bnkgrp_indexing_policy", K_DRAM, D_ | Z_},
    {"-dram_bnk_indexing_policy", K_DRAM, D_ | Z_},
};
const unsigned gmc_gs_nentries = sizeof gmc_gs_entries / sizeof gmc_gs_entries[0];
typedef char gmc_gs_table_fits_[sizeof gmc_gs_entries / sizeof gmc_gs_entries[0] <= GMC_GS_MAXENT
                                ? 1 : -1];

/* ------------------------------------------------------------ helpers */

static const struct { const char *key; uint32_t lo, hi; } range[GMC_MACHINE_NPARAM] = {
#define GMC_GS_RANGE_(k, lo, hi, unit, doc) {#k, lo, hi},
    GMC_MACHINE_PARAMS(GMC_GS_RANGE_)
#undef GMC_GS_RANGE_
};

static const char *oname(const gmc_gs_opt_t *o) { return gmc_gs_entries[o->ent].name; }

/* Key k (GMC_MACHINE_NKEYS numbering) was set by option o. */
static void given(gmc_gs_t *g, unsigned k, const gmc_gs_opt_t *o)
{
    gmc_machine_origin_set(g->origin, k, g->d.src, oname(o), o->ln);
    g->used[o->ent] = 1;
}

/* Sets key k from option o, in gmc's range. */
static int set_key(gmc_gs_t *g, unsigned k, uint64_t v, const gmc_gs_opt_t *o)
{
    if (v < range[k].lo || v > range[k].hi)
        return gmc_diag_error(&g->d, o->ln, "%s: expected %s in %u..%u, found %llu", oname(o),
                              range[k].key, range[k].lo, range[k].hi, (unsigned long long)v);
    gmc_machine_t *m = g->m;
    switch (k) {
#define GMC_GS_SET_(key, lo, hi, unit, doc) case GMC_MACHINE_P_##key: m->key = (uint32_t)v; break;
        GMC_MACHINE_PARAMS(GMC_GS_SET_)
#undef GMC_GS_SET_
    }
    gmc_machine_key_set(m, k);
    given(g, k, o);
    return 0;
}

/* "option: expected WHAT, found 'v'" plus what gmc_num said (rc, 0: nothing). */
static int bad_rc(gmc_gs_t *g, const gmc_gs_opt_t *o, const char *what, const char *v, int rc)
{
    gmc_quote_t q;
    return gmc_diag_error(&g->d, o->ln, "%s: expected %s, found %s%s", oname(o), what,
                          gmc_quote(&q, v, strlen(v)), gmc_num_note(rc));
}

static int bad(gmc_gs_t *g, const gmc_gs_opt_t *o, const char *what, const char *v)
{
    return bad_rc(g, o, what, v, 0);
}

/* The options' integers: decimal, below 2^32 (so that products of two,
 * as clusters x cores, cannot wrap); set_key checks gmc's range. */
static int uint_of(const char *s, uint64_t *x)
{
    return gmc_num_u64_str(s, GMC_NUM_DEC, UINT32_MAX, x);
}

static int opt_uint(gmc_gs_t *g, const gmc_gs_opt_t *o, uint64_t *x)
{
    char v[64];
    if (gmc_gs_value(g, o, v, sizeof v))
        return -1;
    int rc = uint_of(v, x);
    return rc ? bad_rc(g, o, "a decimal integer", v, rc) : 0;
}

/* A number of MHz ("1365", "700.0"), rounded to an integer. */
static int mhz(const char *s, uint64_t *v)
{
    double x;
    if (gmc_num_real(s, strlen(s), 1e12, &x))
        return -1;
    *v = (uint64_t)(x + 0.5);
    return 0;
}

static int pow2(uint64_t x) { return x && !(x & (x - 1)); }

/* ------------------------------------------------------------ the SM */

static int clocks(gmc_gs_t *g)
{
    const gmc_gs_opt_t *o = g->last[K_CLOCKS];
    if (!o)
        return 0;
    char v[128], *f[4];
    if (gmc_gs_value(g, o, v, sizeof v))
        return -1;
    char keep[128];
    snprintf(keep, sizeof keep, "%s", v);
    unsigned n = 0;
    f[n++] = v;
    for (char *p = v; *p && n <= 4; p++)
        if (*p == ':')
            *p = 0, f[n < 4 ? n : 3] = p + 1, n++;
    uint64_t x[3];
    if (n != 4 || mhz(f[0], &x[0]) || mhz(f[1], &x[1]) || mhz(f[2], &x[2]))
        return bad(g, o, "<core>:<interconnect>:<L2>:<DRAM> clocks in MHz", keep);
    /* the DRAM clock is the DRAM importer's */
    return set_key(g, GMC_MACHINE_P_core_mhz, x[0], o) || set_key(g, GMC_MACHINE_P_icnt_mhz, x[1], o) ||
           set_key(g, GMC_MACHINE_P_l2_mhz, x[2], o) ? -1 : 0;
}

static int sms(gmc_gs_t *g)
{
    const gmc_gs_opt_t *cl = g->last[K_CLUSTERS], *co = g->last[K_CORES];
    if (!cl && !co)
        return 0;
    /* GPGPU-Sim's defaults for the one not given: 10 clusters, 3 cores each */
    uint64_t a = 10, b = 3;
    if ((cl && opt_uint(g, cl, &a)) || (co && opt_uint(g, co, &b)))
        return -1;
    if (!cl || !co)
        gmc_diag_warn(&g->d, (cl ? cl : co)->ln, "%s not given: GPGPU-Sim's default %s is used, %llu SMs",
                      cl ? "-gpgpu_n_cores_per_cluster" : "-gpgpu_n_clusters", cl ? "3" : "10",
                      (unsigned long long)(a * b));
    const gmc_gs_opt_t *at = !co || (cl && cl->ln > co->ln) ? cl : co;
    if (set_key(g, GMC_MACHINE_P_sms, a * b, at))
        return -1;
    if (cl)
        g->used[cl->ent] = 1;
    if (co)
        g->used[co->ent] = 1;
    return 0;
}

static int pipeline(gmc_gs_t *g)
{
    const gmc_gs_opt_t *o = g->last[K_PIPE];
    if (!o)
        return 0;
    char v[64];
    if (gmc_gs_value(g, o, v, sizeof v))
        return -1;
    char *c = strchr(v, ':');
    uint64_t t, w;
    if (!c)
        return bad(g, o, "<threads>:<warp size>", v);
    *c = 0;
    int bt = uint_of(v, &t), bw = uint_of(c + 1, &w);
    *c = ':';
    if (bt || bw)
        return bad(g, o, "<threads>:<warp size>", v);
    if (w != 32)
        return bad(g, o, "<threads>:32 (gmc's warps are 32 threads)", v);
    if (t % 32)
        return bad(g, o, "a multiple of 32 threads (GPGPU-Sim requires whole warps)", v);
    return set_key(g, GMC_MACHINE_P_threads_per_sm, t, o) ||
           set_key(g, GMC_MACHINE_P_warps_per_sm, t / 32, o) ? -1 : 0;
}

static int plain(gmc_gs_t *g, int kind, unsigned key)
{
    const gmc_gs_opt_t *o = g->last[kind];
    uint64_t x;
    if (!o)
        return 0;
    return opt_uint(g, o, &x) || set_key(g, key, x, o) ? -1 : 0;
}

static int scheduler(gmc_gs_t *g)
{
    const gmc_gs_opt_t *o = g->last[K_SCHED];
    if (!o)
        return 0;
    char v[64];
    if (gmc_gs_value(g, o, v, sizeof v))
        return -1;
    /* the literal, not v: its length is known to fit warp_sched (v's is
     * not, and GCC 12 at -O1/-Og/-Os says so: -Wformat-truncation) */
    const char *name = !strcmp(v, "lrr") ? "lrr" : !strcmp(v, "gto") ? "gto" : NULL;
    if (name) {
        snprintf(g->m->warp_sched, sizeof g->m->warp_sched, "%s", name);
        given(g, GMC_MACHINE_K_warp_sched, o);
        return 0;
    }
    gmc_quote_t q;
    gmc_diag_warn(&g->d, o->ln, "-gpgpu_scheduler %s: gmc's warp schedulers are lrr and gto; the "
                  "base machine's %s is kept", gmc_quote(&q, v, strlen(v)), g->m->warp_sched);
    return 0;
}

/* ------------------------------------------------------------ caches */

/* gmc's lines are 128 B: a cache of other lines keeps its capacity, in the
 * most ways (at most its own) that leave a power-of-two number of sets. */
static int line128(gmc_gs_t *g, const gmc_gs_opt_t *o, uint32_t line, uint64_t *size,
                   uint64_t *assoc)
{
    if (line == 128)
        return 0;
    uint64_t a = *assoc;
    while (a && (*size % (128 * a) || !pow2(*size / (128 * a))))
        a--;
    if (!a)
        return gmc_diag_error(&g->d, o->ln, "%s: expected a capacity of a power-of-two number of "
                              "128-byte lines (gmc's line), found %llu B", oname(o),
                              (unsigned long long)*size);
    gmc_diag_warn(&g->d, o->ln, "%s has %u-byte lines; gmc's are 128 B (4 sectors of 32 B): its %llu B "
                  "are kept, as %llu sets of %llu ways", oname(o), line,
                  (unsigned long long)*size, (unsigned long long)(*size / (128 * a)),
                  (unsigned long long)a);
    *assoc = a;
    return 0;
}

/* GPGPU-Sim's adaptive unified L1 (shader.cc max_cta): the dl1 string is
 * the L1 at its smallest; the unified size over that is how many times its
 * ways it may grow; per kernel it takes the smallest -gpgpu_shmem_option
 * carve-out that holds the CTAs' shared memory and keeps the rest as L1
 * ways.  gmc's L1 is fixed: the carve-out of a kernel needing the smallest
 * option (typically a kernel without shared memory). */
static int adaptive(gmc_gs_t *g, uint64_t *size, uint64_t *assoc)
{
    const gmc_gs_opt_t *a = g->last[K_ADAPT], *u = g->last[K_UNIFIED], *so = g->last[K_SHMEM_OPT];
    uint64_t on = 0, orig = *size;
    if (!a)
        return 0;
    if (opt_uint(g, a, &on))
        return -1;
    g->used[a->ent] = 1;   /* 0: a fixed L1, as gmc's */
    if (!on)
        return 0;
    uint64_t unified = 4 * orig;   /* GPGPU-Sim's default multiplier (MAX_DEFAULT_CACHE_SIZE_MULTIBLIER) */
    if (u) {
        uint64_t kb;
        if (opt_uint(g, u, &kb))
            return -1;
        if (kb) {
            if (kb > (1u << 20) || (kb * 1024) % orig)
                return gmc_diag_error(&g->d, u->ln, "%s: expected a multiple of the -gpgpu_cache:dl1 "
                                      "size (%llu B) in KB, found %llu", oname(u),
                                      (unsigned long long)orig, (unsigned long long)kb);
            unified = kb * 1024;
            g->used[u->ent] = 1;
        }
    }
    uint64_t least = 0;   /* GPGPU-Sim's default option list is "0" */
    if (so) {
        char v[256], *p, *save = NULL;
        if (gmc_gs_value(g, so, v, sizeof v))
            return -1;
        char keep[256];
        snprintf(keep, sizeof keep, "%s", v);
        least = UINT64_MAX;
        for (p = strtok_r(v, ",", &save); p; p = strtok_r(NULL, ",", &save)) {
            uint64_t kb;
            if (uint_of(p, &kb))
                return bad(g, so, "a comma-separated list of shared-memory sizes in KB", keep);
            least = kb * 1024 < least ? kb * 1024 : least;
        }
        if (least == UINT64_MAX)
            return bad(g, so, "a comma-separated list of shared-memory sizes in KB", keep);
        g->used[so->ent] = 1;
    }
    if (least >= unified)
        return gmc_diag_error(&g->d, so ? so->ln : a->ln, "%s: expected a shared-memory carve-out below "
                              "the unified %llu KB, found %llu KB", so ? oname(so) : oname(a),
                              (unsigned long long)(unified / 1024), (unsigned long long)(least / 1024));
    uint64_t max_assoc = unified / orig * *assoc;
    uint64_t ways = (2 * max_assoc * (unified - least) + unified) / (2 * unified);   /* rounded */
    if (!ways)
        ways = 1;
    *size = orig / *assoc * ways;
    *assoc = ways;
    char which[80] = "a kernel without shared memory";
    if (least)
        snprintf(which, sizeof which, "a kernel whose CTAs need at most %llu KB of it",
                 (unsigned long long)(least / 1024));
    gmc_diag_warn(&g->d, a->ln, "the L1 is fixed at %llu KB (%llu ways): GPGPU-Sim re-divides "
                  "the %llu KB of unified L1 and shared memory per kernel; gmc takes %s "
                  "(--set l1_size=... for another)", (unsigned long long)(*size / 1024),
                  (unsigned long long)ways, (unsigned long long)(unified / 1024), which);
    return 0;
}

/* -gpgpu_cache:dl1 or :dl2 into the L1 or L2-slice keys. */
static int cache(gmc_gs_t *g, int kind, int l1)
{
    const gmc_gs_opt_t *o = g->last[kind];
    if (!o)
        return 0;
    char v[256], e[320];
    gmc_gs_cache_t c;
    if (gmc_gs_value(g, o, v, sizeof v))
        return -1;
    if (gmc_gs_cache_parse(v, &c, e, sizeof e))
        return gmc_diag_error(&g->d, o->ln, "%s: %s", oname(o), e);
    gmc_machine_t *m = g->m;
    if (c.none) {
        gmc_diag_warn(&g->d, o->ln, "%s %s: GPGPU-Sim has no %s; gmc always models one: the base "
                      "machine's (%u B, %u ways) is kept", oname(o), v, l1 ? "L1 data cache" : "L2",
                      l1 ? m->l1_size : m->l2_slice_size, l1 ? m->l1_assoc : m->l2_assoc);
        return 0;
    }
    uint64_t size = (uint64_t)c.sets * c.line * c.assoc, assoc = c.assoc;
    if ((l1 && adaptive(g, &size, &assoc)) || line128(g, o, c.line, &size, &assoc))
        return -1;
    if (set_key(g, l1 ? GMC_MACHINE_P_l1_size : GMC_MACHINE_P_l2_slice_size, size, o) ||
        set_key(g, l1 ? GMC_MACHINE_P_l1_assoc : GMC_MACHINE_P_l2_assoc, assoc, o))
        return -1;
    if (c.mshr_type == 'F' || c.mshr_type == 'T') {
        gmc_diag_warn(&g->d, o->ln, "%s: MSHR type %c is a texture FIFO; gmc's MSHRs are associative: "
                      "the base machine's %u entries, %u merged, are kept", oname(o), c.mshr_type,
                      l1 ? m->l1_mshr : m->l2_mshr, l1 ? m->l1_merge : m->l2_merge);
        return 0;
    }
    return set_key(g, l1 ? GMC_MACHINE_P_l1_mshr : GMC_MACHINE_P_l2_mshr, c.mshr, o) ||
           set_key(g, l1 ? GMC_MACHINE_P_l1_merge : GMC_MACHINE_P_l2_merge, c.merge, o) ? -1 : 0;
}

static int skip_l1(gmc_gs_t *g)
{
    const gmc_gs_opt_t *o = g->last[K_SKIP_L1];
    uint64_t x;
    if (!o)
        return 0;
    if (opt_uint(g, o, &x))
        return -1;
    if (!x)
        g->used[o->ent] = 1;   /* global loads through L1: gmc's behaviour */
    else
        gmc_diag_warn(&g->d, o->ln, "-gpgpu_gmem_skip_L1D %llu (global accesses bypass L1) is not "
                      "modelled: gmc's global loads go through L1", (unsigned long long)x);
    return 0;
}

/* ------------------------------------------------------------ memory partitions */

/* The ROP delay every L2 request waits before its lookup: GPGPU-Sim counts
 * it in core cycles (l2cache.cc adds it to gpu_sim_cycle, the core clock's
 * count); gmc's l2_lat is in L2 cycles. */
static int rop(gmc_gs_t *g)
{
    const gmc_gs_opt_t *a = g->last[K_ROP], *b = g->last[K_ROP3];
    const gmc_gs_opt_t *o = a && (!b || a->ln > b->ln) ? a : b;
    uint64_t x;
    if (!o)
        return 0;
    if (opt_uint(g, o, &x))
        return -1;
    uint64_t core = g->m->core_mhz, l2 = g->m->l2_mhz;
    uint64_t v = (x * l2 + core / 2) / core;
    return set_key(g, GMC_MACHINE_P_l2_lat, v ? v : 1, o);
}

static int dram_sched(gmc_gs_t *g)
{
    const gmc_gs_opt_t *o = g->last[K_DRAM_SCHED];
    uint64_t x;
    if (!o)
        return 0;
    if (opt_uint(g, o, &x))
        return -1;
    if (x > 1) {
        char v[24];
        snprintf(v, sizeof v, "%llu", (unsigned long long)x);
        return bad(g, o, "0 (FIFO) or 1 (FR-FCFS)", v);
    }
    snprintf(g->m->mem_sched, sizeof g->m->mem_sched, "%s", x ? "frfcfs" : "fcfs");
    given(g, GMC_MACHINE_K_mem_sched, o);
    return 0;
}

static int queues(gmc_gs_t *g)
{
    const gmc_gs_opt_t *o = g->last[K_QSIZE];
    uint64_t x;
    if (o) {
        if (opt_uint(g, o, &x))
            return -1;
        if (!x) {
            gmc_diag_warn(&g->d, o->ln, "-gpgpu_frfcfs_dram_sched_queue_size 0 is unlimited in "
                          "GPGPU-Sim; gmc's queue is finite: 64 (gmc mem's default)");
            x = 64;
        }
        if (set_key(g, GMC_MACHINE_P_mc_queue, x, o))
            return -1;
    }
    /* <icnt-to-L2>:<L2-to-DRAM>:<DRAM-to-L2>:<L2-to-icnt>, per sub-partition */
    if (!(o = g->last[K_PARTQ]))
        return 0;
    char v[96], keep[96], *f[5];
    if (gmc_gs_value(g, o, v, sizeof v))
        return -1;
    snprintf(keep, sizeof keep, "%s", v);
    unsigned n = 0;
    f[n++] = v;
    for (char *p = v; *p && n < 5; p++)
        if (*p == ':')
            *p = 0, f[n++] = p + 1;
    uint64_t q[4];
    for (unsigned i = 0; i < 4; i++)
        if (n != 4 || uint_of(f[i], &q[i]))
            return bad(g, o, "<icnt-to-L2>:<L2-to-DRAM>:<DRAM-to-L2>:<L2-to-icnt> queue sizes", keep);
    if (!q[1]) {
        gmc_diag_warn(&g->d, o->ln, "-gpgpu_dram_partition_queues: an unlimited L2-to-DRAM queue (0); "
                      "gmc's is finite: the base machine's %u is kept", g->m->l2_queue);
        return 0;
    }
    return set_key(g, GMC_MACHINE_P_l2_queue, q[1], o);
}

/* ------------------------------------------------------------ the interconnect */

/* -network_mode 2 is GPGPU-Sim's local crossbar (local_interconnect.cc):
 * packet buffers of -icnt_in/out_buffer_limit, one packet per port per
 * cycle (every packet is one 40-byte flit, LOCAL_INCT_FLIT_SIZE), which is
 * gmc's crossbar with 40-byte flits (gmc's largest packet, a sector and its
 * header).  Mode 1 (GPGPU-Sim's default) is BookSim with the network of
 * -inter_config_file, which gmc does not read. */
static int network(gmc_gs_t *g)
{
    const gmc_gs_opt_t *nm = g->last[K_NETMODE], *fl = g->last[K_FLIT], *cf = g->last[K_ICNT_FILE];
    uint64_t mode = 1, flit = 0;
    if (nm && opt_uint(g, nm, &mode))
        return -1;
    if (fl && opt_uint(g, fl, &flit))
        return -1;
    if (mode == 2) {
        if (set_key(g, GMC_MACHINE_P_icnt_flit, 40, nm))
            return -1;
        if (fl && flit == 40)
            g->used[fl->ent] = 1;
        else if (fl)
            gmc_diag_warn(&g->d, fl->ln, "-icnt_flit_size %llu: GPGPU-Sim's local crossbar moves one "
                          "packet per cycle whatever it says (it counts flits for statistics); "
                          "icnt_flit is 40", (unsigned long long)flit);
        return plain(g, K_INBUF, GMC_MACHINE_P_icnt_in_buf) ||
               plain(g, K_OUTBUF, GMC_MACHINE_P_icnt_out_buf) ? -1 : 0;
    }
    if (mode != 1) {
        char v[24];
        snprintf(v, sizeof v, "%llu", (unsigned long long)mode);
        return bad(g, nm, "1 (BookSim) or 2 (local crossbar)", v);
    }
    if (nm || cf) {
        char file[128] = "not given", shown[4 * sizeof file] = "";
        if (cf && gmc_gs_value(g, cf, file, sizeof file))
            return -1;
        gmc_text_list_add(shown, sizeof shown, file, strlen(file));   /* its bytes escaped */
        gmc_diag_warn(&g->d, (nm ? nm : cf)->ln, "-network_mode 1 is BookSim with the network of "
                      "-inter_config_file (%s), which gmc does not read: gmc's crossbar keeps the "
                      "base machine's buffers and latency%s", shown,
                      fl ? "; its flit is -icnt_flit_size" : " and flit");
    }
    return fl ? set_key(g, GMC_MACHINE_P_icnt_flit, flit, fl) : 0;
}

/* ------------------------------------------------------------ all */

int gmc_gs_apply(gmc_gs_t *g)
{
    if (clocks(g) || sms(g) || pipeline(g) ||
        plain(g, K_CTA, GMC_MACHINE_P_ctas_per_sm) || plain(g, K_REGS, GMC_MACHINE_P_regs_per_sm) ||
        plain(g, K_SHMEM, GMC_MACHINE_P_smem_per_sm) || plain(g, K_IGNORE, GMC_MACHINE_P_ignore_limits) ||
        plain(g, K_NSCHED, GMC_MACHINE_P_schedulers_per_sm) || scheduler(g) || skip_l1(g) ||
        cache(g, K_DL1, 1) || cache(g, K_DL2, 0) || plain(g, K_NMEM, GMC_MACHINE_P_dram_channels) ||
        plain(g, K_SUBPART, GMC_MACHINE_P_l2_slices_per_ch) ||
        plain(g, K_L1_LAT, GMC_MACHINE_P_l1_lat) || plain(g, K_SMEM_LAT, GMC_MACHINE_P_shmem_lat) ||
        rop(g) || dram_sched(g) || queues(g) || network(g) ||
        plain(g, K_NSP, GMC_MACHINE_P_sp_units) || plain(g, K_NSFU, GMC_MACHINE_P_sfu_units) ||
        plain(g, K_NINT, GMC_MACHINE_P_int_units) || plain(g, K_NDP, GMC_MACHINE_P_dp_units) ||
        plain(g, K_NTENSOR, GMC_MACHINE_P_tensor_units) ||
        plain(g, K_SUBCORE, GMC_MACHINE_P_sub_core_model) ||
        plain(g, K_DRAM_LAT, GMC_MACHINE_P_dram_latency) ||
        plain(g, K_LAUNCH, GMC_MACHINE_P_kernel_launch_latency))
        return -1;
    return 0;
}
