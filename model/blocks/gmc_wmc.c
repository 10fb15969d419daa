#include "gmc_wmc.h"
#include <stdio.h>
#include <string.h>

gmc_observe_fn gmc_wmc_observer;   /* NULL: no RTL in the loop (gmc_observe.h) */

static int pow2(unsigned x) { return x && !(x & (x - 1)); }

void gmc_wmc_cfg_default(gmc_wmc_cfg_t *c)
{
    /* Warped-MC [ICPP'23] sec. 5.5 / Table 3: 32 SMs x 32 warps -> 10-bit warp id;
     * WET 6 bits; RS 64 rows x 4 bits; PT 64 bits; 16 banks (GDDR6). */
    memset(c, 0, sizeof *c);
    c->sm_bits = 5;
    c->warp_bits = 5;
    c->pc_hash_bits = 0;
    c->pend_bits = 6;
    c->nb = 16;
    c->rows = 64;
    c->score_bits = 4;
    c->pt_bits = 64;
    c->score_at = GMC_WMC_AT_SCHEDULE;   /* Algorithm 1 (docs/blocks/gmc_wmc.md) */
    c->m_rule = GMC_WMC_M_STARTED;
    char err[8];
    (void)gmc_wmc_cfg_init(c, err, sizeof err);
}

static unsigned clog2_1(unsigned x)     /* clog2, at least 1 */
{
    unsigned b = 1;
    while ((1u << b) < x)
        b++;
    return b;
}

int gmc_wmc_cfg_init(gmc_wmc_cfg_t *c, char *err, size_t n)
{
    unsigned g = c->sm_bits + c->warp_bits;
    c->gw = g + c->pc_hash_bits;
    c->wet_entries = g <= GMC_WMC_GW_MAX ? 1u << g : 0;
    c->bw = c->nb <= GMC_WMC_NB_MAX ? clog2_1(c->nb) : 0;
    c->rb = c->rows <= GMC_WMC_ROWS_MAX ? clog2_1(c->rows) : 0;
    c->cb = c->pt_bits <= GMC_WMC_PT_MAX ? clog2_1(c->pt_bits) : 0;
    c->st_bits = c->score_at == GMC_WMC_AT_SCHEDULE || c->m_rule == GMC_WMC_M_STARTED;
    return gmc_wmc_cfg_check(c, err, n);
}

int gmc_wmc_cfg_check(const gmc_wmc_cfg_t *c, char *err, size_t n)
{
    const struct { const char *name; unsigned v, lo, hi; } f[] = {
        {"SM_BITS", c->sm_bits, 0, GMC_WMC_GW_MAX},
        {"WARP_BITS", c->warp_bits, 0, GMC_WMC_GW_MAX},
        {"SM_BITS + WARP_BITS", c->sm_bits + c->warp_bits, 1, GMC_WMC_GW_MAX},
        {"PC_HASH_BITS", c->pc_hash_bits, 0, GMC_WMC_HASH_MAX},
        {"PEND_BITS", c->pend_bits, 1, GMC_WMC_PEND_MAX},
        {"NB", c->nb, 1, GMC_WMC_NB_MAX},
        {"ROWS", c->rows, 1, GMC_WMC_ROWS_MAX},
        {"SCORE_BITS", c->score_bits, 1, GMC_WMC_SCORE_MAX},
        {"PT_BITS", c->pt_bits, 1, GMC_WMC_PT_MAX},
        {"SCORE_AT (0 schedule, 1 receive)", c->score_at, 0, 1},
        {"M_RULE (0 started, 1 pending2)", c->m_rule, 0, 1},
    };
    for (size_t i = 0; i < sizeof f / sizeof f[0]; i++)
        if (f[i].v < f[i].lo || f[i].v > f[i].hi) {
            snprintf(err, n, "wmc: %s must be %u..%u, found %u", f[i].name, f[i].lo, f[i].hi,
                     f[i].v);
            return -1;
        }
    if (!pow2(c->rows) || !pow2(c->pt_bits)) {
        snprintf(err, n, "wmc: ROWS and PT_BITS must be powers of 2, found %u and %u", c->rows,
                 c->pt_bits);
        return -1;
    }
    unsigned g = c->sm_bits + c->warp_bits;
    if (c->gw != g + c->pc_hash_bits || c->wet_entries != 1u << g || c->bw != clog2_1(c->nb) ||
        c->rb != clog2_1(c->rows) || c->cb != clog2_1(c->pt_bits) ||
        c->st_bits != (c->score_at == GMC_WMC_AT_SCHEDULE || c->m_rule == GMC_WMC_M_STARTED)) {
        snprintf(err, n, "wmc: derived fields do not match the parameters (use gmc_wmc_cfg_init)");
        return -1;
    }
    return 0;
}

void gmc_wmc_reset(const gmc_wmc_cfg_t *c, gmc_wmc_state_t *q)
{
    (void)c;
    memset(q, 0, sizeof *q);
}

void gmc_wmc_tables(const gmc_wmc_cfg_t *c, gmc_wmc_table_t t[GMC_WMC_NTABLES])
{
    unsigned g = c->sm_bits + c->warp_bits;
    uint64_t e = g < 64 ? (uint64_t)1 << g : 0;   /* WET entries: one per global warp id */
    /* A WET entry is n_pending plus, when a reading needs it, the started bit
     * (st_bits, derived the same way by gmc_wmc_cfg_init). */
    unsigned st = c->score_at == GMC_WMC_AT_SCHEDULE || c->m_rule == GMC_WMC_M_STARTED;
    t[0] = (gmc_wmc_table_t){"wat", c->pc_hash_bits, c->pc_hash_bits ? e : 0};
    t[1] = (gmc_wmc_table_t){"wet", (uint64_t)c->pend_bits + st, e};
    t[2] = (gmc_wmc_table_t){"rs", (uint64_t)c->rows * c->score_bits, c->nb};
    t[3] = (gmc_wmc_table_t){"pt", c->pt_bits, c->nb};
}

uint64_t gmc_wmc_storage_bits(const gmc_wmc_cfg_t *c)
{
    gmc_wmc_table_t t[GMC_WMC_NTABLES];
    uint64_t bits = 0;
    gmc_wmc_tables(c, t);
    for (int i = 0; i < GMC_WMC_NTABLES; i++)
        bits += t[i].entry_bits * t[i].entries;
    return bits;
}

/* XOR-fold of the 32-bit PC into PC_HASH_BITS bits. */
static uint32_t pc_hash(unsigned h, uint32_t pc)
{
    if (!h)
        return 0;
    uint32_t m = (1u << h) - 1, x = 0;
    for (unsigned i = 0; i < GMC_WMC_PC_BITS; i += h)
        x ^= (pc >> i) & m;
    return x;
}

uint32_t gmc_wmc_gwid(const gmc_wmc_cfg_t *c, unsigned sm, unsigned warp, uint32_t pc)
{
    uint32_t smm = (1u << c->sm_bits) - 1, wm = (1u << c->warp_bits) - 1;
    return pc_hash(c->pc_hash_bits, pc) << (c->sm_bits + c->warp_bits) |
           (sm & smm) << c->warp_bits | (warp & wm);
}

/* Highest score among mask; ties: pref if among the best, else lowest. */
static int pick_in(const gmc_wmc_cfg_t *c, const uint8_t *rs, uint64_t mask, unsigned pref)
{
    if (c->rows < 64)
        mask &= ((uint64_t)1 << c->rows) - 1;
    if (!mask)
        return -1;
    pref &= c->rows - 1;
    int best = -1;
    unsigned bs = 0;
    for (uint64_t m = mask; m; m &= m - 1) {
        unsigned s = (unsigned)__builtin_ctzll(m);
        if (best < 0 || rs[s] > bs) {
            best = (int)s;
            bs = rs[s];
        }
    }
    if (((mask >> pref) & 1) && rs[pref] == bs)
        best = (int)pref;
    return best;
}

int gmc_wmc_pick(const gmc_wmc_cfg_t *c, const gmc_wmc_state_t *q, unsigned bank,
                 uint64_t mask, unsigned pref)
{
    if (bank >= c->nb)
        return -1;
    return pick_in(c, q->rs_q[bank], mask, pref);
}

static const uint8_t zero_rs[GMC_WMC_ROWS_MAX];

/* The RS write of one cycle: the increment first, then the two clears (open,
 * clr), so a clear wins over an increment of the same slot. */
static void rs_write(const gmc_wmc_cfg_t *c, gmc_wmc_state_t *d, unsigned inc, unsigned ib,
                     unsigned ir, unsigned inc_val, unsigned open, unsigned ob, unsigned orow,
                     unsigned clr, unsigned kb, unsigned kr)
{
    (void)c;
#ifndef GMC_FAULT_WMC
    if (inc)
        d->rs_q[ib][ir] = (uint8_t)inc_val;
    if (open)
        d->rs_q[ob][orow] = 0;
#else
    /* Mutation check only (make cosim-fault-wmc, tb/gmc_wmc.mk): the increment wins over the
     * open's clear of the same slot. */
    if (open)
        d->rs_q[ob][orow] = 0;
    if (inc)
        d->rs_q[ib][ir] = (uint8_t)inc_val;
#endif
    if (clr)
        d->rs_q[kb][kr] = 0;
}

void gmc_wmc_step(const gmc_wmc_cfg_t *c, const gmc_wmc_state_t *q,
                  const gmc_wmc_in_t *in, gmc_wmc_state_t *d, gmc_wmc_out_t *out)
{
    const unsigned rst = !in->rst_n;
    const uint32_t wmask = c->wet_entries - 1;
    const unsigned pmax = (1u << c->pend_bits) - 1;
    const unsigned smax = (1u << c->score_bits) - 1;
    const unsigned rmask = c->rows - 1, cmask = c->pt_bits - 1;
    const uint32_t gmask = c->gw >= 32 ? ~0u : (1u << c->gw) - 1;
    const unsigned g = c->sm_bits + c->warp_bits;
    const unsigned at_recv = c->score_at == GMC_WMC_AT_RECEIVE;

    /* ---- read phase: everything from q (zero while in reset) ---- */
    /* WAT: wires plus a tag read. */
    const uint32_t egw = gmc_wmc_gwid(c, in->enq_sm, in->enq_warp, in->enq_pc);
    const uint32_t ei = egw & wmask, etag = egw >> g;
    const uint32_t si = in->svc_gwid & wmask;
    const unsigned enq = in->enq & 1 && !rst, svc = in->svc & 1 && !rst;
    const unsigned ne = rst ? 0 : q->wet_q[ei], ns = rst ? 0 : q->wet_q[si];
    const unsigned ste = !rst && c->st_bits && q->wst_q[ei];

    /* WET next value(s): one entry, or two when enq and svc differ. */
    unsigned ve = ne, vs = ns, ovf = 0, unf = 0;
    if (enq && svc && ei == si) {
        ve = vs = ne;                   /* +1 -1: no change, no flag */
    } else {
        if (enq) {
            ovf = ne == pmax;
            ve = ovf ? ne : ne + 1;
        }
        if (svc) {
            unf = ns == 0;
            vs = unf ? 0 : ns - 1;
        }
    }
    /* Started bits: a scheduled request starts its warp; an entry whose
     * count reaches 0 is a new warp again (so enq opening an entry reads 0). */
    const unsigned ste_n = c->st_bits && ve != 0 && (ste || (svc && si == ei));
    const unsigned sts_n = c->st_bits && vs != 0;
    out->enq_gwid = egw & gmask;
    out->enq_alias = enq && c->pc_hash_bits && ne != 0 && q->wat_q[ei] != etag;
    out->wet_ovf = (uint8_t)ovf;
    out->wet_unf = (uint8_t)unf;
    out->svc_last = svc && vs == 1;

    /* Priority query. */
    const uint32_t pi = in->pq_gwid & wmask;
    const unsigned np = rst ? 0 : q->wet_q[pi];
    out->pq_pend = (uint8_t)np;
    out->pq_prio = (uint8_t)gmc_wmc_prio_of(c, np, !rst && q->wst_q[pi], in->pq_hit & 1);

    /* Row-miss pick. */
    const unsigned pb = in->pick_bank;
    int ps = -1;
    if ((in->pick & 1) && pb < c->nb)
        ps = pick_in(c, rst ? zero_rs : q->rs_q[pb], in->pick_mask, in->pick_pref);
    out->pick_valid = ps >= 0;
    out->pick_slot = ps >= 0 ? (uint8_t)ps : 0;
    out->pick_score = ps >= 0 && !rst ? q->rs_q[pb][ps] : 0;

    /* Bank priority: hi[b] = PT[b] != 0. */
    uint64_t hi = 0;
    if (!rst)
        for (unsigned b = 0; b < c->nb; b++)
            hi |= (uint64_t)gmc_wmc_hi(c, q, b) << b;
    out->hi = hi;

    /* RS: +1 (saturating) when a warp is left with one pending request --
     * on the enqueued row when it is received (receive), on the remaining
     * request's row when one of its warp is scheduled (schedule); the
     * opened row's and the emptied (clr) slot's scores are cleared. */
    const unsigned ib = at_recv ? in->enq_bank : in->svc_rbank;
    const unsigned ir = (at_recv ? in->enq_row : in->svc_rrow) & rmask;
    const unsigned ob = in->open_bank, orow = in->open_row & rmask;
    const unsigned kb = in->clr_bank, kr = in->clr_row & rmask;
    const unsigned open = (in->open & 1) && ob < c->nb && !rst;
    const unsigned clr = (in->clr & 1) && kb < c->nb && !rst;
    const unsigned rs_inc = ib < c->nb && (at_recv ? enq && ve == 1 : svc && vs == 1);
    const unsigned rs_old = rs_inc ? q->rs_q[ib][ir] : 0;

    /* PT: pre / prea clear entries, open clears the bank's entry, svc clears
     * a bit, sch writes a bit (that order; the later wins). */
    const unsigned prea = (in->prea & 1) && !rst;
    const unsigned pre = (in->pre & 1) && in->pre_bank < c->nb && !rst;
    const unsigned sb = in->svc_bank, hb = in->sch_bank;
    const unsigned svc_pt = svc && sb < c->nb, sch = (in->sch & 1) && hb < c->nb && !rst;
    const uint64_t sbit = (uint64_t)1 << (in->svc_col & cmask);
    const uint64_t hbit = (uint64_t)1 << (in->sch_col & cmask);
    const unsigned hset = (in->sch_prio & 3) == GMC_WMC_PRIO_H;
    uint64_t pt_ob = 0, pt_sb = 0, pt_hb = 0;
#define PT_NEXT(b, v)                                                       \
    do {                                                                    \
        v = (open && ob == (b)) || prea || (pre && in->pre_bank == (b)) ? 0 \
                                                                : q->pt_q[b]; \
        if (svc_pt && sb == (b)) v &= ~sbit;                                \
        if (sch && hb == (b)) v = hset ? v | hbit : v & ~hbit;              \
    } while (0)
    if (open)
        PT_NEXT(ob, pt_ob);
    if (svc_pt)
        PT_NEXT(sb, pt_sb);
    if (sch)
        PT_NEXT(hb, pt_hb);
#undef PT_NEXT

    /* ---- write phase: only the entries that change (d may alias q) ---- */
    if (rst) {
        memset(d, 0, sizeof *d);
        return;
    }
    if (svc) {
        d->wet_q[si] = (uint8_t)vs;
        d->wst_q[si] = (uint8_t)sts_n;
    }
    if (enq) {
        d->wet_q[ei] = (uint8_t)ve;
        d->wst_q[ei] = (uint8_t)ste_n;
        if (c->pc_hash_bits && ne == 0)
            d->wat_q[ei] = (uint16_t)etag;
    }
    rs_write(c, d, rs_inc, ib, ir, rs_old == smax ? smax : rs_old + 1, open, ob, orow, clr, kb, kr);
    if (prea)
        memset(d->pt_q, 0, sizeof d->pt_q[0] * c->nb);
    else if (pre)
        d->pt_q[in->pre_bank] = 0;
    if (open)
        d->pt_q[ob] = pt_ob;
    if (svc_pt)
        d->pt_q[sb] = pt_sb;
    if (sch)
        d->pt_q[hb] = pt_hb;
}

/* Output bits of the reads (gmc_observe.h): outputs in GMC_WMC_PORTS order. */
#define OUT_PQ   (3u << 5)   /* pq_pend, pq_prio */
#define OUT_PICK (7u << 7)   /* pick_valid, pick_slot, pick_score */

void gmc_wmc_observe_pick(const void *inst, const gmc_wmc_cfg_t *c, const gmc_wmc_state_t *q,
                          unsigned bank, uint64_t mask, unsigned pref, int slot)
{
    gmc_wmc_in_t in = {.rst_n = 1, .pick = 1, .pick_bank = (uint8_t)bank, .pick_mask = mask,
                       .pick_pref = (uint8_t)pref};
    gmc_wmc_out_t o = {.pick_valid = slot >= 0, .pick_slot = slot >= 0 ? (uint8_t)slot : 0,
                       .pick_score = slot >= 0 ? q->rs_q[bank][slot] : 0};
    gmc_wmc_observer(inst, c, &in, &o, OUT_PICK);
}

void gmc_wmc_observe_prio(const void *inst, const gmc_wmc_cfg_t *c, const gmc_wmc_state_t *q,
                          uint32_t gwid, unsigned hit, unsigned prio)
{
    const uint32_t e = gwid & (c->wet_entries - 1);
    gmc_wmc_in_t in = {.rst_n = 1, .pq_gwid = e, .pq_hit = (uint8_t)(hit & 1)};
    gmc_wmc_out_t o = {.pq_pend = (uint8_t)q->wet_q[e], .pq_prio = (uint8_t)prio};
    gmc_wmc_observer(inst, c, &in, &o, OUT_PQ);
}
