#include "gmc_vec_wmc.h"
#include <string.h>
#include "gmc_stim_reset_impl.h"

/* The reset's length bits in the cycle's random word: above every start
 * mask (reset_shift is at most this). */
#define RESET_LEN_AT 40

static unsigned below(gmc_wmc_stim_t *s, unsigned n) { return (unsigned)gmc_rng_below(&s->rng, n); }
static unsigned one_in(gmc_wmc_stim_t *s, unsigned n) { return below(s, n) == 0; }

static void new_phase(gmc_wmc_stim_t *s)
{
    const gmc_wmc_cfg_t *c = &s->cfg;
    s->phase = below(s, GMC_WMC_NPHASES);
    s->left = 16 + below(s, 128);
    switch (s->phase) {
    case GMC_WMC_PH_MIXED: s->enq_level = 8, s->svc_level = 8; break;
    case GMC_WMC_PH_BUSY:  s->enq_level = 12, s->svc_level = 6; break;
    case GMC_WMC_PH_DRAIN: s->enq_level = 3, s->svc_level = 13; break;
    default: {           /* flood: one warp past saturation */
        unsigned pmax = (1u << c->pend_bits) - 1;
        s->enq_level = 15, s->svc_level = 2;
        s->left = pmax + pmax / 4 + 16 + below(s, 32);
        break;
    }
    }
    for (unsigned i = 0; i < GMC_WMC_STIM_HOT; i++) {
        s->hot[i] = (uint16_t)below(s, c->wet_entries);
        s->pc[i] = (uint32_t)gmc_rng_u64(&s->rng);
    }
    for (unsigned i = 0; i < 2; i++)
        s->bank[i] = (uint8_t)below(s, c->nb);
    for (unsigned i = 0; i < GMC_WMC_STIM_ROWS; i++)
        s->row[i] = (uint8_t)below(s, c->rows);
    for (unsigned i = 0; i < GMC_WMC_STIM_COLS; i++)
        s->col[i] = (uint8_t)below(s, c->pt_bits);
}

void gmc_wmc_stim_init(gmc_wmc_stim_t *s, const gmc_wmc_cfg_t *cfg, uint64_t seed,
                       unsigned reset_shift)
{
    memset(s, 0, sizeof *s);
    gmc_rng_seed(&s->rng, seed);
    s->cfg = *cfg;
    s->reset_shift = reset_shift < 1 ? 1 : reset_shift > RESET_LEN_AT ? RESET_LEN_AT : reset_shift;
    s->rst_left = GMC_STIM_RESET_FIRST;
    for (unsigned i = 0; i < cfg->wet_entries; i++)
        s->shadow_gwid[i] = i;
    s->left = 0;       /* choose a phase on the first call */
}

/* A bank: one of the two hot ones, 1 in 8 any BW-bit index (also >= NB). */
static unsigned pick_bank(gmc_wmc_stim_t *s)
{
    return one_in(s, 8) ? below(s, 1u << s->cfg.bw) : s->bank[below(s, 2)];
}
static unsigned pick_row(gmc_wmc_stim_t *s)
{
    return one_in(s, 8) ? below(s, 1u << s->cfg.rb) : s->row[below(s, GMC_WMC_STIM_ROWS)];
}
static unsigned pick_col(gmc_wmc_stim_t *s)
{
    return one_in(s, 8) ? below(s, 1u << s->cfg.cb) : s->col[below(s, GMC_WMC_STIM_COLS)];
}

/* A hot warp with pending requests (first from a random start), or -1. */
static int pending_hot(gmc_wmc_stim_t *s, unsigned from)
{
    unsigned k0 = below(s, GMC_WMC_STIM_HOT);
    for (unsigned j = 0; j < GMC_WMC_STIM_HOT; j++) {
        unsigned k = (k0 + j) % GMC_WMC_STIM_HOT;
        if (k >= from && s->shadow[s->hot[k]])
            return (int)k;
    }
    return -1;
}

void gmc_wmc_stim_next(gmc_wmc_stim_t *s, gmc_wmc_in_t *in)
{
    const gmc_wmc_cfg_t *c = &s->cfg;
    const uint32_t gmask = (1u << c->gw) - 1;
    memset(in, 0, sizeof *in);

    if (s->left == 0)
        new_phase(s);
    s->left--;

    /* Reset: the initial one, then rare random ones. */
    uint64_t x = gmc_rng_u64(&s->rng);
    in->rst_n = gmc_stim_reset(&s->rst_left, x, s->reset_shift, RESET_LEN_AT);

    /* enq: a hot warp (flood: the first), 1 in 16 any warp. */
    unsigned ei = 0;
    if (below(s, 16) < s->enq_level) {
        uint32_t pc;
        if (one_in(s, 16)) {
            ei = below(s, c->wet_entries);
            pc = (uint32_t)gmc_rng_u64(&s->rng);
        } else {
            unsigned k = s->phase == GMC_WMC_PH_FLOOD ? 0 : below(s, GMC_WMC_STIM_HOT);
            if (one_in(s, 32))
                s->pc[k] = (uint32_t)gmc_rng_u64(&s->rng);
            ei = s->hot[k];
            pc = s->pc[k];
        }
        in->enq = 1;
        in->enq_sm = (uint16_t)(ei >> c->warp_bits);
        in->enq_warp = (uint16_t)(ei & ((1u << c->warp_bits) - 1));
        in->enq_pc = pc;
        in->enq_bank = (uint8_t)pick_bank(s);
        in->enq_row = (uint8_t)pick_row(s);
    }

    /* svc: mostly a warp with pending requests; 1 in 32 any hot warp (a zero
     * count underflows); 1 in 12 the warp enqueued this cycle. */
    unsigned si = 0;
    int svc = 0;
    if (in->enq && one_in(s, 12)) {
        si = ei, svc = 1;
    } else if (below(s, 16) < s->svc_level) {
        if (one_in(s, 32)) {
            si = s->hot[below(s, GMC_WMC_STIM_HOT)], svc = 1;
        } else {
            int k = pending_hot(s, s->phase == GMC_WMC_PH_FLOOD ? 1 : 0);
            if (k >= 0)
                si = s->hot[k], svc = 1;
        }
    }
    if (svc) {
        in->svc = 1;
        in->svc_gwid = si == ei && in->enq ? gmc_wmc_gwid(c, in->enq_sm, in->enq_warp, in->enq_pc)
                                           : s->shadow_gwid[si];
        in->svc_bank = (uint8_t)pick_bank(s);
        in->svc_col = (uint8_t)pick_col(s);
        in->svc_rbank = (uint8_t)pick_bank(s);   /* the remaining request's slot */
        in->svc_rrow = (uint8_t)pick_row(s);
    }

    /* clr: 1 in 6 cycles, a hot slot (so it meets increments and opens). */
    if (one_in(s, 6)) {
        in->clr = 1;
        in->clr_bank = (uint8_t)pick_bank(s);
        in->clr_row = (uint8_t)pick_row(s);
    }

    /* pq: a hot warp's id 3 in 4, else any id. */
    in->pq_gwid = one_in(s, 4) ? (uint32_t)gmc_rng_u64(&s->rng) & gmask
                               : s->shadow_gwid[s->hot[below(s, GMC_WMC_STIM_HOT)]];
    in->pq_hit = (uint8_t)below(s, 2);

    /* sch: half the cycles; prio H 1/2, M 1/4, L 1/8, 3 1/8. */
    if (one_in(s, 2)) {
        static const uint8_t prio[8] = {2, 2, 2, 2, 1, 1, 0, 3};
        in->sch = 1;
        in->sch_bank = (uint8_t)pick_bank(s);
        in->sch_col = (uint8_t)pick_col(s);
        in->sch_prio = prio[below(s, 8)];
    }

    /* pick: half the cycles; hot rows 3 in 4 each, plus sparse random slots. */
    if (one_in(s, 2)) {
        uint64_t m = 0;
        for (unsigned i = 0; i < GMC_WMC_STIM_ROWS; i++)
            if (below(s, 4))
                m |= (uint64_t)1 << s->row[i];
        if (one_in(s, 4))
            m |= gmc_rng_u64(&s->rng) & gmc_rng_u64(&s->rng) & gmc_rng_u64(&s->rng);
        if (c->rows < 64)
            m &= ((uint64_t)1 << c->rows) - 1;
        in->pick = 1;
        in->pick_bank = (uint8_t)pick_bank(s);
        in->pick_mask = m;
        if (m && one_in(s, 2)) {    /* a masked slot */
            unsigned n = (unsigned)__builtin_popcountll(m), j = below(s, n);
            for (; j; j--)
                m &= m - 1;
            in->pick_pref = (uint8_t)__builtin_ctzll(m);
        } else {
            in->pick_pref = (uint8_t)below(s, 1u << c->rb);
        }
    }

    /* open: 1 in 8 cycles. */
    if (one_in(s, 8)) {
        in->open = 1;
        in->open_bank = (uint8_t)pick_bank(s);
        in->open_row = (uint8_t)pick_row(s);
    }

    /* pre: 1 in 10 cycles; prea: 1 in 64. */
    if (one_in(s, 10)) {
        in->pre = 1;
        in->pre_bank = (uint8_t)pick_bank(s);
    }
    in->prea = (uint8_t)one_in(s, 64);

    /* 1 in 12: open, svc and sch in one bank. */
    if (one_in(s, 12)) {
        unsigned b = s->bank[below(s, 2)];
        in->open = 1;
        in->open_bank = (uint8_t)b;
        in->open_row = (uint8_t)pick_row(s);
        in->sch = 1;
        in->sch_bank = (uint8_t)b;
        in->sch_col = (uint8_t)pick_col(s);
        in->sch_prio = 2;
        if (in->svc)
            in->svc_bank = (uint8_t)b;
    }

    /* The shadow WET, by the model's rules. */
    if (!in->rst_n) {
        memset(s->shadow, 0, sizeof s->shadow[0] * c->wet_entries);
        return;
    }
    const unsigned pmax = (1u << c->pend_bits) - 1;
    if (in->enq)
        s->shadow_gwid[ei] = gmc_wmc_gwid(c, in->enq_sm, in->enq_warp, in->enq_pc) & gmask;
    if (in->enq && in->svc && ei == si)
        return;
    if (in->enq && s->shadow[ei] < pmax)
        s->shadow[ei]++;
    if (in->svc && s->shadow[si])
        s->shadow[si]--;
}

/* ------------------------------------------------------------ description
 * The block as the one verification flow sees it (model/vec/gmc_block.h).
 * Configuration name: sm<SM_BITS>_w<WARP_BITS>_h<PC_HASH_BITS>_p<PEND_BITS>_
 * nb<NB>_r<ROWS>_s<SCORE_BITS>_pt<PT_BITS>. */
#include <stddef.h>
#include "gmc_block.h"

static int blk_parse(const char *s, void *vc, char *err, size_t n)
{
    static const char *const tags[] = {"sm", "w", "h", "p", "nb", "r", "s", "pt", "a", "m"};
    uint64_t v[10] = {0};
    /* The readings' fields are optional: without them, a0_m0 (the defaults). */
    if (gmc_block_parse_fields(s, tags, strstr(s, "_a") ? 10 : 8, v, err, n))
        return -1;
    gmc_wmc_cfg_t *c = vc;
    memset(c, 0, sizeof *c);
    c->score_at = (unsigned)v[8], c->m_rule = (unsigned)v[9];
    c->sm_bits = (unsigned)v[0], c->warp_bits = (unsigned)v[1], c->pc_hash_bits = (unsigned)v[2];
    c->pend_bits = (unsigned)v[3], c->nb = (unsigned)v[4], c->rows = (unsigned)v[5];
    c->score_bits = (unsigned)v[6], c->pt_bits = (unsigned)v[7];
    if (!c->sm_bits || !c->warp_bits) {   /* the RTL has no zero-width ports */
        snprintf(err, n, "configuration '%s': expected SM_BITS and WARP_BITS >= 1, found %u and %u",
                 s, c->sm_bits, c->warp_bits);
        return -1;
    }
    return gmc_wmc_cfg_init(c, err, n);
}

static void blk_name(const void *vc, char *b, size_t n)
{
    const gmc_wmc_cfg_t *c = vc;
    int k = snprintf(b, n, "sm%u_w%u_h%u_p%u_nb%u_r%u_s%u_pt%u", c->sm_bits, c->warp_bits,
                     c->pc_hash_bits, c->pend_bits, c->nb, c->rows, c->score_bits, c->pt_bits);
    if ((c->score_at || c->m_rule) && k > 0 && (size_t)k < n)   /* a0_m0 stays implicit */
        snprintf(b + k, n - (size_t)k, "_a%u_m%u", c->score_at, c->m_rule);
}

#define GMC_PORT_T_in  gmc_wmc_in_t
#define GMC_PORT_T_out gmc_wmc_out_t
static unsigned blk_ports(const void *vc, gmc_port_t *p)
{
    const gmc_wmc_cfg_t *c = vc;
    unsigned k = 0;
    GMC_WMC_PORTS(GMC_PORT_ENTRY, c->sm_bits, c->warp_bits, c->gw, c->nb, c->rows, c->rb, c->cb,
                  c->pend_bits, c->score_bits)
    return k;
}

static unsigned blk_params(const void *vc, gmc_param_t *p)
{
    const gmc_wmc_cfg_t *c = vc;
    const struct { const char *key, *rtl; unsigned v; } t[] = {
        {"SM_BITS", "SmBits", c->sm_bits},         {"WARP_BITS", "WarpBits", c->warp_bits},
        {"PC_HASH_BITS", "PcHashBits", c->pc_hash_bits}, {"PEND_BITS", "PendBits", c->pend_bits},
        {"NB", "NumBanks", c->nb},                        {"ROWS", "Rows", c->rows},
        {"SCORE_BITS", "ScoreBits", c->score_bits}, {"PT_BITS", "PtBits", c->pt_bits},
        {"SCORE_AT", "ScoreAt", c->score_at},      {"M_RULE", "MRule", c->m_rule},
    };
    for (unsigned i = 0; i < 10; i++) {
        p[i].key = t[i].key, p[i].rtl = t[i].rtl;
        snprintf(p[i].value, sizeof p[i].value, "%u", t[i].v);
    }
    return 10;
}

static void blk_reset(const void *c, void *q) { gmc_wmc_reset(c, q); }
static void blk_step(const void *c, const void *q, const void *in, void *d, void *out)
{
    gmc_wmc_step(c, q, in, d, out);
}
/* Vector files are short: a reset every 2^8 cycles; lockstep 2^12. */
static void blk_stim_init(void *s, const void *c, uint64_t seed, int use)
{
    gmc_wmc_stim_init(s, c, seed, use == GMC_STIM_VECTORS ? 8 : 12);
}
static void blk_stim_next(void *s, const void *prev, void *in)
{
    (void)prev;
    gmc_wmc_stim_next(s, in);
}

/* Coverage: what the run exercised; the lockstep fails if a required one
 * stayed 0, so a harness that exercised nothing cannot pass. */
enum {
    CV_PRIO_L, CV_PRIO_M, CV_PRIO_H, CV_OVF, CV_UNF, CV_ALIAS, CV_SVC_LAST, CV_CANCEL,
    CV_RS_CLEAR_WINS, CV_PT_TRIPLE, CV_PICK, CV_PICK_TIE, CV_PICK_TIE_PREF, CV_PICK_SAT,
    CV_HI_CHANGE, CV_RESET, CV_SVC_INC, CV_CLR_SCORE, CV_PRE_PT, CV_STARTED_DIFF, CV_N
};
static const char *const cov_names[CV_N] = {
    "prio_L", "prio_M", "prio_H", "ovf", "unf", "alias", "svc_last", "enq_svc_cancel",
    "rs_clear_wins", "pt_open_svc_sch", "picks", "pick_ties", "pick_ties_to_pref", "pick_saturated",
    "hi_changes", "resets", "svc_score_inc", "clr_of_a_score", "pre_clears_pt",
    "started_decides"};

static void blk_cov_pre(const void *vc, const void *vq, const void *vin, uint64_t *n)
{
    const gmc_wmc_cfg_t *c = vc;
    const gmc_wmc_state_t *q = vq;
    const gmc_wmc_in_t *in = vin;
    if (!in->rst_n)
        return;
    const uint32_t wm = c->wet_entries - 1;
    /* The WET index {sm, warp}: the gwid without its PC-hash bits. */
    const uint32_t ei = (((uint32_t)in->enq_sm << c->warp_bits) | in->enq_warp) & wm;
    if (in->enq && in->svc && ei == (in->svc_gwid & wm))
        n[CV_CANCEL]++;
    const uint32_t si = in->svc_gwid & wm, pi = in->pq_gwid & wm;
    const unsigned ib = c->score_at ? in->enq_bank : in->svc_rbank;
    const unsigned ir = (c->score_at ? in->enq_row : in->svc_rrow) & (c->rows - 1);
    const unsigned inc = c->score_at ? in->enq && q->wet_q[ei] == 0 && !(in->svc && si == ei)
                                     : in->svc && q->wet_q[si] == 2 && !(in->enq && si == ei);
    if (inc && in->open && ib == in->open_bank && ib < c->nb &&
        ((ir ^ in->open_row) & (c->rows - 1)) == 0)
        n[CV_RS_CLEAR_WINS]++;
    if (!c->score_at && inc && ib < c->nb)
        n[CV_SVC_INC]++;
    if (in->clr && in->clr_bank < c->nb && q->rs_q[in->clr_bank][in->clr_row & (c->rows - 1)])
        n[CV_CLR_SCORE]++;
    if ((in->prea && q->pt_q[0]) || (in->pre && in->pre_bank < c->nb && q->pt_q[in->pre_bank]))
        n[CV_PRE_PT]++;
    /* The started bit decides the answer: count 1 not started (schedule: L,
     * not H) or count >= 2 with a hit not started (started: L, not M). */
    if (c->st_bits && !q->wst_q[pi] &&
        ((q->wet_q[pi] == 1 && !c->score_at) || (q->wet_q[pi] >= 2 && in->pq_hit && !c->m_rule)))
        n[CV_STARTED_DIFF]++;
    if (in->open && in->svc && in->sch && in->open_bank == in->svc_bank &&
        in->svc_bank == in->sch_bank && in->open_bank < c->nb)
        n[CV_PT_TRIPLE]++;
    if (in->pick && in->pick_bank < c->nb) {
        uint64_t m = in->pick_mask & (c->rows >= 64 ? ~0ull : (1ull << c->rows) - 1);
        if (m) {
            unsigned best = 0, cnt = 0, lowest = 0;
            for (uint64_t k = m; k; k &= k - 1) {
                unsigned s = (unsigned)__builtin_ctzll(k), v = q->rs_q[in->pick_bank][s];
                if (!cnt || v > best)
                    best = v, cnt = 1, lowest = s;
                else if (v == best)
                    cnt++;
            }
            unsigned pref = in->pick_pref & (c->rows - 1);
            if (cnt > 1) {
                n[CV_PICK_TIE]++;
                if (pref != lowest && ((m >> pref) & 1) && q->rs_q[in->pick_bank][pref] == best)
                    n[CV_PICK_TIE_PREF]++;
            }
        }
    }
}

static void blk_cov_post(const void *vc, const void *vin, const void *vout, uint64_t *n)
{
    const gmc_wmc_cfg_t *c = vc;
    const gmc_wmc_in_t *in = vin;
    const gmc_wmc_out_t *o = vout;
    if (!in->rst_n) {
        n[CV_RESET]++;
    } else {
        n[CV_PRIO_L + o->pq_prio]++;
        n[CV_OVF] += o->wet_ovf;
        n[CV_UNF] += o->wet_unf;
        n[CV_ALIAS] += o->enq_alias;
        n[CV_SVC_LAST] += o->svc_last;
        n[CV_PICK] += o->pick_valid;
        n[CV_PICK_SAT] += o->pick_valid && o->pick_score == (1u << c->score_bits) - 1;
    }
    /* hi_o changes: counted against the previous cycle's hi, kept in the
     * spare counter slot past CV_N. */
    if (o->hi != n[CV_N])
        n[CV_HI_CHANGE]++;
    n[CV_N] = o->hi;
}

/* What the configuration can show at all: alias needs PC_HASH_BITS > 0, an
 * M answer a count of 2 (PEND_BITS > 1), a tie two slots (ROWS > 1), an
 * increment at schedule a count of 2 (PEND_BITS > 1); a
 * saturated score needs 2^SCORE_BITS - 1 first requests to one slot between
 * two opens: required only up to SCORE_BITS = 3. */
static int blk_cov_required(const void *vc, unsigned k)
{
    const gmc_wmc_cfg_t *c = vc;
    if (k == CV_ALIAS) return c->pc_hash_bits > 0;
    if (k == CV_PRIO_M) return c->pend_bits > 1;
    if (k == CV_PICK_TIE || k == CV_PICK_TIE_PREF) return c->rows > 1;
    if (k == CV_PICK_SAT) return c->score_bits <= 3;
    /* At schedule the increment needs a count of 2 before a service. */
    if (k == CV_SVC_INC) return c->score_at == GMC_WMC_AT_SCHEDULE && c->pend_bits > 1;
    if (k == CV_RS_CLEAR_WINS) return c->score_at == GMC_WMC_AT_RECEIVE || c->pend_bits > 1;
    if (k == CV_STARTED_DIFF) return c->st_bits && (c->score_at == GMC_WMC_AT_SCHEDULE ||
                                                    c->pend_bits > 1);
    return 1;
}

/* The options' defaults are Warped-MC [ICPP'23] Table 3's widths. */
static const gmc_block_opt_t vec_opts[] = {
    {"--sm-bits", "N", "sm", 5, 1, GMC_WMC_GW_MAX - 1, 0, GMC_WMC_GW_MAX, "SM_BITS"},
    {"--warp-bits", "N", "w", 5, 1, GMC_WMC_GW_MAX - 1, 0, 0, "WARP_BITS"},
    {"--pc-hash-bits", "N", "h", 0, 0, GMC_WMC_HASH_MAX, 0, 0, "PC_HASH_BITS (0: no PC in the warp id)"},
    {"--pend-bits", "N", "p", 6, 1, GMC_WMC_PEND_MAX, 0, 0, "PEND_BITS, WET entry width"},
    {"--banks", "NB", "nb", 16, 1, GMC_WMC_NB_MAX, 0, 0, "NB, banks"},
    {"--rows", "N", "r", 64, 1, GMC_WMC_ROWS_MAX, 1, 0, "ROWS, row-score slots per bank"},
    {"--score-bits", "N", "s", 4, 1, GMC_WMC_SCORE_MAX, 0, 0, "SCORE_BITS"},
    {"--pt-bits", "N", "pt", 64, 1, GMC_WMC_PT_MAX, 1, 0, "PT_BITS, PT entry width"},
    {"--score-at", "0|1", "a", 0, 0, 1, 0, 0, "SCORE_AT, 0 = schedule (Algorithm 1), 1 = receive"},
    {"--m-rule", "0|1", "m", 0, 0, 1, 0, 0, "M_RULE, 0 = started, 1 = pending2"},
    {0},
};

const gmc_block_t gmc_block_wmc = {
    .name = "wmc",
    .module = "gmc_wmc",
    .config_help = "sm<SM_BITS>_w<WARP_BITS>_h<PC_HASH_BITS>_p<PEND_BITS>_nb<NB>_r<ROWS>_s<SCORE_BITS>_pt<PT_BITS>"
                   "[_a<SCORE_AT>_m<M_RULE>], e.g. sm5_w5_h0_p6_nb16_r64_s4_pt64 (Warped-MC [ICPP'23] "
                   "Table 3; a0_m0 = Algorithm 1's reading, the default)",
    .fault_help = "RTL: the row-miss pick's tie rule loses the FCFS preference; "
                  "C: the RS increment wins over the open's clear of the same slot",
    .vec_about = "Warped-MC's tables (WAT/WET/RS/PT; defaults: Warped-MC [ICPP'23] Table 3)",
    .vec_opts = vec_opts,
    GMC_BLOCK_STD(wmc),
    .cfg_size = sizeof(gmc_wmc_cfg_t),
    .stim_size = sizeof(gmc_wmc_stim_t),
    .ncov = CV_N,
    .cov_min_cycles = 100000,
    .cov_names = cov_names,
    .cov_pre = blk_cov_pre,
    .cov_post = blk_cov_post,
    .cov_required = blk_cov_required,
};

/* The vector file: the one writer, driven by this description. */
int gmc_vec_wmc_write(FILE *f, const gmc_wmc_cfg_t *cfg, uint64_t stim_seed, unsigned cycles)
{
    return gmc_block_vec_write(f, &gmc_block_wmc, cfg, stim_seed, cycles);
}
