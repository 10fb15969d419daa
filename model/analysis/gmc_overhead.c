#include "gmc_overhead.h"
#include <stdio.h>

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

int gmc_wmc_params_check(const gmc_wmc_params_t *p, char *err, size_t n)
{
    const struct { const char *name; unsigned v, lo, hi; } f[] = {
        {"sms", p->sms, 1, 4096},        {"warps", p->warps, 1, 4096},
        {"max-pending", p->max_pending, 1, 65535}, {"banks", p->banks, 1, 1024},
        {"rows", p->rows, 1, 1u << 20},   {"score-bits", p->score_bits, 1, 32},
        {"pt-bits", p->pt_bits, 1, 4096}, {"pc-hash-bits", p->pc_hash_bits, 0, 32},
        {"started-bits", p->started_bits, 0, 1},
    };
    for (size_t i = 0; i < sizeof f / sizeof f[0]; i++)
        if (f[i].v < f[i].lo || f[i].v > f[i].hi) {
            snprintf(err, n, "--%s: expected %u..%u, found %u", f[i].name, f[i].lo, f[i].hi, f[i].v);
            return -1;
        }
    return 0;
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

void gmc_frfcfs_cost(const gmc_frfcfs_params_t *p, gmc_frfcfs_cost_t *c)
{
    uint64_t lr = gmc_clog2(p->rows), lb = gmc_clog2(p->banks);
    c->frfcfs_bits = (uint64_t)p->mcs * p->queue * (lr + lb);
    c->banked_fifo_bits = (uint64_t)p->mcs * ((uint64_t)p->banks * lr + lb);
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
