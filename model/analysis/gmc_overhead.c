#include "gmc_overhead.h"
#include <stdio.h>
#include <string.h>
#include "blocks/gmc_hgalloc.h"
#include "util/gmc_num.h"

unsigned gmc_clog2(uint64_t x)
{
    unsigned b = 0;
    while (b < 64 && (1ULL << b) < x)
        b++;
    return b;
}

void gmc_wmc_params_default(gmc_wmc_params_t *p)
{
    /* Warped-MC [ICPP'23] sec. 5.5: "32 SMs and each SM runs up to 32 concurrent warps,
     * WAT creates a 10-bit warp ID"; "a maximum of 32 off-chip accesses ...
     * the size of a single WET entry is 6 bits"; "a per-row score as 4 bits
     * ... a single bank includes 64 rows"; "the size of a PT entry is 64 bits". */
    p->sms = 32;
    p->warps = 32;
    p->max_pending = 32;
    p->banks = 16;
    p->rows = 64;
    p->score_bits = 4;
    p->pt_bits = 64;
    p->pc_hash_bits = 0;
    /* Table 3 has no such bit; Algorithm 1's reading (H and M only once a
     * request of the warp was scheduled) needs it: docs/blocks/gmc_wmc.md. */
    p->started_bits = 1;
}

/* Each scheme's parameters, in its struct's order. */
static const gmc_overhead_range_t wmc_ranges[] = {
    {"sms", 1, 4096}, {"warps", 1, 4096}, {"max-pending", 1, 65535}, {"banks", 1, 1024},
    {"rows", 1, 1u << 20}, {"score-bits", 1, 32}, {"pt-bits", 1, 4096}, {"pc-hash-bits", 0, 32},
    {"started-bits", 0, 1}, {NULL, 0, 0},
};
static const gmc_overhead_range_t frfcfs_ranges[] = {
    {"mcs", 1, UINT32_MAX}, {"queue", 1, UINT32_MAX}, {"rows", 1, UINT64_MAX},
    {"banks", 1, UINT32_MAX}, {NULL, 0, 0},
};
/* The block's own ranges (blocks/gmc_pcmwq.h): every configuration priced
 * is one rtl/gmc_pcmwq.sv builds. */
static const gmc_overhead_range_t pcmwq_ranges[] = {
    {"entries", 1, GMC_PCMWQ_N_MAX}, {"addr-bits", 1, GMC_PCMWQ_A_MAX}, {"tag-bits", 1, GMC_PCMWQ_V_MAX},
    {"high", 1, GMC_PCMWQ_N_MAX},    {"low", 0, GMC_PCMWQ_N_MAX - 1},     {"intr", 0, 2},
    {"max-intr", 0, GMC_PCMWQ_K_MAX}, {NULL, 0, 0},
};

static const gmc_overhead_range_t icnt_ranges[] = {
    {"cores", 1, UINT32_MAX}, {"mcs", 1, UINT32_MAX}, {"queue", 1, UINT32_MAX}, {"rows", 1, UINT64_MAX},
    {"banks", 1, UINT32_MAX}, {NULL, 0, 0},
};

/* Thread batching's (gmc_overhead_temp.c), in gmc_ccws_params_t's,
 * gmc_tbas_params_t's and gmc_temp_params_t's order. */
static const gmc_overhead_range_t ccws_ranges[] = {
    {"warps", 1, 64}, {"vta", 1, 64}, {"k", 1, 1024}, {"addr-bits", 8, 64}, {"line-bytes", 1, 4096},
    {"counter-bits", 1, 64}, {NULL, 0, 0},
};
static const gmc_overhead_range_t tbas_ranges[] = {
    {"warps", 1, 64}, {"batches", 1, 64}, {"ctas", 1, 64}, {"batch-bits", 1, 32}, {NULL, 0, 0},
};
static const gmc_overhead_range_t temp_ranges[] = {
    {"sms", 1, 4096}, {"colors", 1, 1u << 20}, {"cta-bits", 1, 32}, {"ppn-bits", 1, 52}, {NULL, 0, 0},
};

const gmc_overhead_range_t *gmc_overhead_range(const char *scheme, const char *name)
{
    const gmc_overhead_range_t *r = !strcmp(scheme, "warped-mc") ? wmc_ranges
                                  : !strcmp(scheme, "frfcfs") ? frfcfs_ranges
                                  : !strcmp(scheme, "icnt") ? icnt_ranges
                                  : !strcmp(scheme, "pcmwq") ? pcmwq_ranges
                                  : !strcmp(scheme, "ccws") ? ccws_ranges
                                  : !strcmp(scheme, "tbas") ? tbas_ranges
                                  : !strcmp(scheme, "temp") ? temp_ranges : NULL;
    for (; r && r->name; r++)
        if (!strcmp(r->name, name))
            return r;
    return NULL;
}

/* v[i] against ranges r[i]: 0, or -1 with the first one outside. */
static int ranges_check(const gmc_overhead_range_t *r, const uint64_t *v, char *err, size_t n)
{
    for (size_t i = 0; r[i].name; i++)
        if (v[i] < r[i].lo || v[i] > r[i].hi) {
            snprintf(err, n, "--%s: expected %llu..%llu, found %llu", r[i].name,
                     (unsigned long long)r[i].lo, (unsigned long long)r[i].hi,
                     (unsigned long long)v[i]);
            return -1;
        }
    return 0;
}

int gmc_wmc_params_check(const gmc_wmc_params_t *p, char *err, size_t n)
{
    const uint64_t v[] = {p->sms, p->warps, p->max_pending, p->banks, p->rows, p->score_bits,
                          p->pt_bits, p->pc_hash_bits, p->started_bits};
    return ranges_check(wmc_ranges, v, err, n);
}

/* The block's parameters for these (gmc_wmc_rtl_cfg without its checks):
 * SM_BITS = clog2(sms), WARP_BITS = clog2(warps), PEND_BITS =
 * clog2(max_pending + 1); started_bits 1 is SCORE_AT schedule, M_RULE
 * started, 0 receive and pending2. */
static void block_params(const gmc_wmc_params_t *p, gmc_wmc_cfg_t *c)
{
    gmc_wmc_cfg_default(c);
    c->sm_bits = gmc_clog2(p->sms);
    c->warp_bits = gmc_clog2(p->warps);
    c->pc_hash_bits = p->pc_hash_bits;
    c->pend_bits = gmc_clog2((uint64_t)p->max_pending + 1);
    c->nb = p->banks;
    c->rows = p->rows;
    c->score_bits = p->score_bits;
    c->pt_bits = p->pt_bits;
    c->score_at = p->started_bits ? GMC_WMC_AT_SCHEDULE : GMC_WMC_AT_RECEIVE;
    c->m_rule = p->started_bits ? GMC_WMC_M_STARTED : GMC_WMC_M_PENDING2;
}

void gmc_wmc_cost(const gmc_wmc_params_t *p, gmc_wmc_cost_t *c)
{
    /* the widths are the block's (gmc_wmc_tables): one place for Table 3 */
    gmc_wmc_cfg_t cfg;
    gmc_wmc_table_t t[GMC_WMC_NTABLES];
    block_params(p, &cfg);
    gmc_wmc_tables(&cfg, t);
    c->gwid_bits = cfg.sm_bits + cfg.warp_bits;
    c->total_bits = 0;
    for (int i = 0; i < GMC_WMC_NTABLES; i++) {
        c->t[i] = (gmc_table_cost_t){t[i].name, t[i].entry_bits, t[i].entries,
                                     t[i].entry_bits * t[i].entries};
        c->total_bits += c->t[i].bits;
    }
    c->total_bytes = (c->total_bits + 7) / 8;
}

void gmc_frfcfs_params_default(gmc_frfcfs_params_t *p)
{
    /* Yuan et al. [MICRO'09] Table 1/2: 8 controllers, queue 32, GDDR3 4096 rows, 4 banks. */
    p->mcs = 8;
    p->queue = 32;
    p->rows = 4096;
    p->banks = 4;
}

/* M*Q*(log2 nR + log2 nB) and M*(nB*log2 nR + log2 nB), through the
 * checked arithmetic of util/gmc_num.h: 0, or -1 naming the count that
 * does not fit in 64 bits (c's field 0). */
static int frfcfs_counts(const gmc_frfcfs_params_t *p, gmc_frfcfs_cost_t *c, const char **what)
{
    uint64_t lr = gmc_clog2(p->rows), lb = gmc_clog2(p->banks), x, y;
    c->frfcfs_bits = c->banked_fifo_bits = 0;
    *what = NULL;
    if (gmc_num_mul(p->mcs, p->queue, &x) || gmc_num_mul(x, lr + lb, &c->frfcfs_bits))
        *what = "M*Q*(log2 nR + log2 nB)";
    if (gmc_num_mul(p->banks, lr, &y) || gmc_num_add(y, lb, &y) ||
        gmc_num_mul(p->mcs, y, &c->banked_fifo_bits))
        *what = *what ? *what : "M*(nB*log2 nR + log2 nB)";
    return *what ? -1 : 0;
}

int gmc_frfcfs_params_check(const gmc_frfcfs_params_t *p, char *err, size_t n)
{
    const uint64_t v[] = {p->mcs, p->queue, p->rows, p->banks};
    if (ranges_check(frfcfs_ranges, v, err, n))
        return -1;
    gmc_frfcfs_cost_t c;
    const char *what;
    if (frfcfs_counts(p, &c, &what)) {
        snprintf(err, n, "expected %s below 2^64, found more (M=%u Q=%u nR=%llu nB=%u)", what,
                 p->mcs, p->queue, (unsigned long long)p->rows, p->banks);
        return -1;
    }
    return 0;
}

void gmc_frfcfs_cost(const gmc_frfcfs_params_t *p, gmc_frfcfs_cost_t *c)
{
    const char *what;
    (void)frfcfs_counts(p, c, &what);
}

int gmc_wmc_rtl_cfg(const gmc_wmc_params_t *p, gmc_wmc_cfg_t *c, char *err, size_t n)
{
    block_params(p, c);
    return gmc_wmc_cfg_init(c, err, n);
}

uint64_t gmc_wmc_rtl_flops(const gmc_wmc_cfg_t *c)
{
    /* rtl/gmc_wmc.sv: WetLaneBits = (G > 3) ? 3 : G - 1, G = SM_BITS + WARP_BITS. */
    unsigned g = c->sm_bits + c->warp_bits, lane_bits = g > 3 ? 3 : g - 1;
    return ((uint64_t)1 << (g - lane_bits)) + 2 * (uint64_t)c->nb;
}

uint64_t gmc_wmc_rtl_memory_bits(const gmc_wmc_cfg_t *c)
{
    return gmc_wmc_storage_bits(c) - (c->pt_bits == 1 ? (uint64_t)c->nb : 0);
}

/* ---- the hold-grant interconnect ---- */

static const char *const icnt_topo_names[GMC_ICNT_COST_TOPOS] = {"xbar", "mesh", "ring"};

void gmc_icnt_cost_params_default(gmc_icnt_cost_params_t *p)
{
    /* Yuan et al. [MICRO'09] sec. 3.4: "28 shader cores, 8 memory controllers, and each
     * DRAM chip having 4096 rows and 4 banks"; HMHG4; Table 2's queue of 32. */
    p->topology = GMC_ICNT_COST_XBAR;
    p->policy = GMC_ICNT_COST_HG;
    p->hash_bits = 4;
    p->cores = 28;
    gmc_frfcfs_params_default(&p->mem);
}

int gmc_icnt_cost_topology_find(const char *name, unsigned *topology, char *err, size_t n)
{
    for (unsigned i = 0; i < GMC_ICNT_COST_TOPOS; i++)
        if (!strcmp(name, icnt_topo_names[i])) {
            *topology = i;
            return 0;
        }
    snprintf(err, n, "expected one of xbar, mesh, ring, found '%s'", name);
    return -1;
}

const char *gmc_icnt_cost_topology_name(unsigned topology)
{
    return topology < GMC_ICNT_COST_TOPOS ? icnt_topo_names[topology] : NULL;
}

int gmc_icnt_cost_policy_find(const char *name, unsigned *policy, unsigned *k, char *err, size_t n)
{
    static const char *const names[] = {"none", "hg", "rmhg", "hmhg"};
    *k = 4;
    for (unsigned i = 0; i < 4; i++)
        if (!strcmp(name, names[i])) {
            *policy = i;
            return 0;
        }
    uint64_t v;
    if (!strncmp(name, "hmhg", 4) && !gmc_num_u64_str(name + 4, GMC_NUM_DEC, 32, &v) && v >= 1) {
        *policy = GMC_ICNT_COST_HMHG;
        *k = (unsigned)v;
        return 0;
    }
    snprintf(err, n, "expected one of none, hg, rmhg, hmhg, hmhgK (K = 1..32 hash bits), found '%s'", name);
    return -1;
}

void gmc_icnt_cost_policy_label(const gmc_icnt_cost_params_t *p, char *buf, size_t n)
{
    static const char *const labels[] = {"none", "HG", "RMHG"};
    if (p->policy == GMC_ICNT_COST_HMHG)
        snprintf(buf, n, "HMHG%u", p->hash_bits);
    else
        snprintf(buf, n, "%s", p->policy < 3 ? labels[p->policy] : "?");
}

/* Table 1's formulas in checked arithmetic: 0, or -1 when a count does
 * not fit in 64 bits (c's counts then 0 where they did not). */
static int icnt_counts(const gmc_icnt_cost_params_t *p, gmc_icnt_cost_t *c)
{
    memset(c, 0, sizeof *c);
    const uint64_t C = p->cores, M = p->mem.mcs, lr = gmc_clog2(p->mem.rows), nb = p->mem.banks;
    int bad = 0;
    if (p->topology == GMC_ICNT_COST_XBAR) {
        c->routers = 1;
        bad |= gmc_num_mul(C, M, &c->pairs);
        c->outputs = M;
    } else {
        bad |= gmc_num_add(C, M, &c->routers);
        c->pairs = p->topology == GMC_ICNT_COST_MESH ? 20 : 12;
        c->outputs = p->topology == GMC_ICNT_COST_MESH ? 5 : 3;
    }
    if (p->policy != GMC_ICNT_COST_NONE)
        bad |= gmc_num_mul(c->routers, c->pairs, &c->hold_bits);
    uint64_t x;
    if (p->policy == GMC_ICNT_COST_RMHG) {
        /* a row per destination (bank of a controller) per router; one compared per output */
        bad |= gmc_num_mul(c->routers, lr, &x) || gmc_num_mul(x, nb, &x) || gmc_num_mul(x, M, &c->key_stored);
        bad |= gmc_num_mul(c->routers, lr, &x) || gmc_num_mul(x, c->outputs, &c->key_compared);
    } else if (p->policy == GMC_ICNT_COST_HMHG) {
        /* a k-bit hash per output per router, stored and compared */
        bad |= gmc_num_mul(c->routers, p->hash_bits, &x) || gmc_num_mul(x, c->outputs, &c->key_stored);
        c->key_compared = c->key_stored;
    }
    bad |= gmc_num_add(c->hold_bits, c->key_stored, &c->bits_stored);
    bad |= gmc_num_add(c->hold_bits, c->key_compared, &c->bits_compared);
    const char *what;
    bad |= frfcfs_counts(&p->mem, &c->sched, &what) != 0;
    return bad ? -1 : 0;
}

int gmc_icnt_cost_check(const gmc_icnt_cost_params_t *p, char *err, size_t n)
{
    const uint64_t v[] = {p->cores, p->mem.mcs, p->mem.queue, p->mem.rows, p->mem.banks};
    if (ranges_check(icnt_ranges, v, err, n))
        return -1;
    if (p->topology >= GMC_ICNT_COST_TOPOS || p->policy > GMC_ICNT_COST_HMHG)
        return snprintf(err, n, "expected a topology and a hold policy, found %u and %u", p->topology,
                        p->policy), -1;
    if (p->policy == GMC_ICNT_COST_HMHG && (p->hash_bits < 1 || p->hash_bits > 32))
        return snprintf(err, n, "hmhgK: expected K in 1..32 hash bits, found %u", p->hash_bits), -1;
    gmc_icnt_cost_t c;
    if (icnt_counts(p, &c))
        return snprintf(err, n, "expected the bit counts below 2^64, found more (C=%u M=%u Q=%u nR=%llu nB=%u)",
                        p->cores, p->mem.mcs, p->mem.queue, (unsigned long long)p->mem.rows, p->mem.banks), -1;
    return 0;
}

void gmc_icnt_cost(const gmc_icnt_cost_params_t *p, gmc_icnt_cost_t *c)
{
    (void)icnt_counts(p, c);
}

int gmc_icnt_cost_table1(const gmc_icnt_cost_params_t *p, uint64_t *stored, uint64_t *compared)
{
    /* Table 1's right-most column as printed ("Total"), for C 28, M 8, nR 4096, nB 4 */
    static const struct { unsigned topo, policy, k; uint64_t stored, compared; } rows[] = {
        {GMC_ICNT_COST_XBAR, GMC_ICNT_COST_HG, 0, 224, 224},
        {GMC_ICNT_COST_MESH, GMC_ICNT_COST_HG, 0, 720, 720},
        {GMC_ICNT_COST_XBAR, GMC_ICNT_COST_RMHG, 0, 608, 320},
        {GMC_ICNT_COST_MESH, GMC_ICNT_COST_RMHG, 0, 14544, 2880},
        {GMC_ICNT_COST_XBAR, GMC_ICNT_COST_HMHG, 4, 320, 320},
        {GMC_ICNT_COST_MESH, GMC_ICNT_COST_HMHG, 4, 1440, 1440},
    };
    if (p->cores != 28 || p->mem.mcs != 8 || p->mem.rows != 4096 || p->mem.banks != 4)
        return 0;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        if (rows[i].topo == p->topology && rows[i].policy == p->policy &&
            (p->policy != GMC_ICNT_COST_HMHG || rows[i].k == p->hash_bits)) {
            *stored = rows[i].stored;
            *compared = rows[i].compared;
            return 1;
        }
    return 0;
}

/* Yosys 0.23 generic synthesis cells of rtl/gmc_hgalloc.sv (`synth
 * -flatten`, flip-flops included), as measured by `make synth-hgalloc
 * HG_SY_CFGS="..."` (docs/blocks/gmc_hgalloc.md, docs/icnt.md): the
 * paper's crossbar and a mesh's and a ring's router. */
static const struct { const char *cfg; int64_t cells; } measured_cells[] = {
    {"c28_m8_p0_r12_b2_k4_l0_pb0_f1", 6727},  {"c28_m8_p1_r12_b2_k4_l0_pb0_f1", 9358},
    {"c28_m8_p2_r12_b2_k4_l0_pb1_f1", 24931}, {"c28_m8_p3_r12_b2_k4_l0_pb0_f1", 13430},
    {"c5_m5_p0_r12_b2_k4_l0_pb0_f1", 494},    {"c5_m5_p1_r12_b2_k4_l0_pb0_f1", 785},
    {"c5_m5_p2_r12_b2_k4_l0_pb1_f1", 4136},   {"c5_m5_p3_r12_b2_k4_l0_pb0_f1", 1285},
    {"c3_m3_p0_r12_b2_k4_l0_pb0_f1", 136},    {"c3_m3_p1_r12_b2_k4_l0_pb0_f1", 233},
    {"c3_m3_p2_r12_b2_k4_l0_pb1_f1", 1737},   {"c3_m3_p3_r12_b2_k4_l0_pb0_f1", 443},
};

int gmc_icnt_cost_rtl(const gmc_icnt_cost_params_t *p, gmc_icnt_cost_rtl_t *r, char *err, size_t n)
{
    memset(r, 0, sizeof *r);
    gmc_icnt_cost_t c;
    gmc_icnt_cost(p, &c);
    const unsigned xbar = p->topology == GMC_ICNT_COST_XBAR;
    r->ni = xbar ? p->cores : (unsigned)c.outputs;
    r->no = xbar ? p->mem.mcs : (unsigned)c.outputs;
    r->instances = c.routers;
    const unsigned rb = gmc_clog2(p->mem.rows), bb0 = gmc_clog2(p->mem.banks), bb = bb0 ? bb0 : 1;
    const unsigned pb = gmc_hgalloc_default_per_bank(p->policy);
    if (r->ni > GMC_HGALLOC_C_MAX || r->no > GMC_HGALLOC_M_MAX || rb > GMC_HGALLOC_ROW_MAX ||
        bb > GMC_HGALLOC_BANK_MAX)
        return snprintf(err, n, "gmc_hgalloc takes 1..%u inputs and outputs, rows of 1..%u bits and 1..%u "
                        "banks; this router is %u x %u with %u-bit rows and %llu banks", GMC_HGALLOC_C_MAX,
                        GMC_HGALLOC_ROW_MAX, 1u << GMC_HGALLOC_BANK_MAX, r->ni, r->no, rb,
                        (unsigned long long)p->mem.banks), -1;
    gmc_hgalloc_cfg_t cfg;
    char why[200];
    if (gmc_hgalloc_cfg_init(&cfg, r->ni, r->no, p->policy, rb ? rb : 1, bb, p->hash_bits, 0, pb, 1, why,
                             sizeof why))
        return snprintf(err, n, "gmc_hgalloc: %s", why), -1;
    snprintf(r->name, sizeof r->name, "c%u_m%u_p%u_r%u_b%u_k%u_l0_pb%u_f1", r->ni, r->no, p->policy,
             rb ? rb : 1, bb, p->hash_bits, pb);
    r->flip_flops = gmc_hgalloc_state_bits(&cfg);
    r->cells = -1;
    for (size_t i = 0; i < sizeof measured_cells / sizeof measured_cells[0]; i++)
        if (!strcmp(measured_cells[i].cfg, r->name))
            r->cells = measured_cells[i].cells;
    return 0;
}

void gmc_pcmwq_params_default(gmc_pcmwq_params_t *p)
{
    p->entries = 0;         /* required */
    p->addr_bits = 32;
    p->tag_bits = 16;
    p->high = 0;            /* = entries */
    p->low = 0;
    p->intr = GMC_PCMWQ_NONE;
    p->max_intr = 4;
}

int gmc_pcmwq_params_check(const gmc_pcmwq_params_t *p, char *err, size_t n)
{
    if (!p->entries) {
        snprintf(err, n, "pcmwq: expected --entries N, found none");
        return -1;
    }
    const unsigned high = p->high ? p->high : p->entries;
    const uint64_t v[] = {p->entries, p->addr_bits, p->tag_bits, high, p->low, p->intr, p->max_intr};
    if (ranges_check(pcmwq_ranges, v, err, n))
        return -1;
    if (high > p->entries) {
        snprintf(err, n, "--high: expected 1..%u (at most --entries), found %u", p->entries, high);
        return -1;
    }
    if (p->low >= high) {
        snprintf(err, n, "--low: expected 0..%u (below --high), found %u", high - 1, p->low);
        return -1;
    }
    return 0;
}

void gmc_pcmwq_cost(const gmc_pcmwq_params_t *p, gmc_pcmwq_cost_t *c)
{
    char err[160];
    memset(c, 0, sizeof *c);
    if (gmc_pcmwq_cfg_init(&c->cfg, p->entries, p->addr_bits, p->tag_bits, p->high ? p->high : p->entries,
                           p->low, p->intr, p->max_intr, err, sizeof err))
        return;   /* gmc_pcmwq_params_check said so first */
    /* The widths are the block's (its cfg and gmc_pcmwq_state_bits): one
     * place for what the RTL stores. */
    c->entry_bits = gmc_pcmwq_entry_bits(&c->cfg);
    c->head_bits = c->cfg.hw;
    c->count_bits = c->cfg.ow;
    c->counter_bits = c->cfg.kw;
    c->total_bits = gmc_pcmwq_state_bits(&c->cfg);
    c->flag_bits = c->total_bits - c->entry_bits - c->head_bits - c->count_bits - c->counter_bits;
    c->total_bytes = (c->total_bits + 7) / 8;
    c->comparators = 2 * (uint64_t)p->entries;
    c->bits_compared = c->comparators * p->addr_bits;
}
