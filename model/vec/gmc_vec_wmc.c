#include "gmc_vec_wmc.h"
#include <string.h>

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
    s->reset_shift = reset_shift < 1 ? 1 : reset_shift > 40 ? 40 : reset_shift;
    s->rst_left = 2;   /* the initial reset: cycles 0 and 1 */
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
    if (s->rst_left) {
        s->rst_left--;
        in->rst_n = 0;
    } else if ((x & (((uint64_t)1 << s->reset_shift) - 1)) == 0) {
        s->rst_left = (unsigned)((x >> 40) & 3);   /* 1..4 cycles in all */
        in->rst_n = 0;
    } else {
        in->rst_n = 1;
    }

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

static unsigned hexdigits(unsigned w) { return (w + 3) / 4; }

int gmc_vec_wmc_write(FILE *f, const gmc_wmc_cfg_t *cfg, uint64_t stim_seed, unsigned cycles)
{
    const gmc_wmc_cfg_t *c = cfg;
    fprintf(f, "# gmc-vectors 1\n# block wmc\n");
    fprintf(f, "# param SM_BITS %u\n# param WARP_BITS %u\n# param PC_HASH_BITS %u\n"
               "# param PEND_BITS %u\n# param NB %u\n# param ROWS %u\n# param SCORE_BITS %u\n"
               "# param PT_BITS %u\n",
            c->sm_bits, c->warp_bits, c->pc_hash_bits, c->pend_bits, c->nb, c->rows,
            c->score_bits, c->pt_bits);
    fprintf(f, "# stim-seed %llu\n# cycles %u\n", (unsigned long long)stim_seed, cycles);
    fprintf(f, "# ports");
#define HDR(dir, field, width, port) fprintf(f, " %s:%u:%s", #port, (unsigned)(width), #dir);
    GMC_WMC_PORTS(HDR, c->sm_bits, c->warp_bits, c->gw, c->nb, c->rows, c->rb, c->cb,
                  c->pend_bits, c->score_bits)
#undef HDR
    fputc('\n', f);

    static gmc_wmc_stim_t st;    /* ~25 KB each: not on the stack */
    static gmc_wmc_state_t q;
    gmc_wmc_stim_init(&st, cfg, stim_seed, 8);
    gmc_wmc_reset(cfg, &q);
    for (unsigned k = 0; k < cycles; k++) {
        gmc_wmc_in_t in;
        gmc_wmc_out_t out;
        gmc_wmc_stim_next(&st, &in);
        gmc_wmc_step(cfg, &q, &in, &q, &out);   /* in place, as intended */
        const char *sep = "";
#define ROW(dir, field, width, port)                                                        \
        fprintf(f, "%s%0*llx", sep, (int)hexdigits(width), (unsigned long long)dir.field); \
        sep = " ";
        GMC_WMC_PORTS(ROW, c->sm_bits, c->warp_bits, c->gw, c->nb, c->rows, c->rb, c->cb,
                      c->pend_bits, c->score_bits)
#undef ROW
        fputc('\n', f);
    }
    return ferror(f) ? -1 : 0;
}
