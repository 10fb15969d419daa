#include "gmc_vec_bankarb.h"
#include "gmc_stim_reset_impl.h"

/* The reset's length bits in the cycle's random word: above every start
 * mask (reset_shift is at most this). */
#define RESET_LEN_AT 40

/* A mask with each of the NB bits set with probability level/8-ish:
 * 0: none, 1: 1/8, 2: 1/4, 3: 1/2, 4: 3/4, 5: 7/8, 6: all. */
static uint64_t density(gmc_rng_t *r, unsigned level)
{
    switch (level) {
    case 0: return 0;
    case 1: return gmc_rng_u64(r) & gmc_rng_u64(r) & gmc_rng_u64(r);
    case 2: return gmc_rng_u64(r) & gmc_rng_u64(r);
    case 3: return gmc_rng_u64(r);
    case 4: return gmc_rng_u64(r) | gmc_rng_u64(r);
    case 5: return gmc_rng_u64(r) | gmc_rng_u64(r) | gmc_rng_u64(r);
    default: return ~(uint64_t)0;
    }
}

void gmc_bankarb_stim_init(gmc_bankarb_stim_t *s, uint64_t seed, unsigned nb,
                           unsigned reset_shift)
{
    gmc_rng_seed(&s->rng, seed);
    s->nb = nb;
    s->mask = nb >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << nb) - 1;
    s->reset_shift = reset_shift < 1 ? 1 : reset_shift > RESET_LEN_AT ? RESET_LEN_AT : reset_shift;
    s->rst_left = GMC_STIM_RESET_FIRST;
    s->phase = 0;
    s->left = 0;       /* choose a phase on the first call */
    s->hi_level = s->en_level = s->arr_level = 0;
    s->bank = 0;
    s->pending = 0;
    s->hi_sticky = 0;
}

void gmc_bankarb_stim_next(gmc_bankarb_stim_t *s, uint64_t last_gnt, gmc_bankarb_in_t *in)
{
    gmc_rng_t *r = &s->rng;
    uint64_t x = gmc_rng_u64(r);

    if (s->left == 0) {
        s->phase = (unsigned)gmc_rng_below(r, GMC_BANKARB_NPHASES);
        s->left = 8 + (unsigned)(x & 127);
        s->hi_level = (unsigned)gmc_rng_below(r, 7);
        unsigned e = (unsigned)((x >> 8) & 7);   /* en: 1/2 always, 3/8 rare gaps, 1/8 many */
        s->en_level = e < 4 ? 0 : e < 7 ? 1 : 2;
        s->arr_level = (x >> 11) & 1 ? 1 : 2;  /* held: arrivals 1/16 or 1/4 */
        s->bank = (unsigned)gmc_rng_below(r, s->nb);
        s->hi_sticky = density(r, s->hi_level) & s->mask;
        x = gmc_rng_u64(r);
    }
    s->left--;

    /* Reset: the initial one, then rare random ones. */
    in->rst_n = gmc_stim_reset(&s->rst_left, x, s->reset_shift, RESET_LEN_AT);

    unsigned g = (unsigned)((x >> 44) & 15);
    in->en = s->en_level == 0 ? 1 : s->en_level == 1 ? g != 0 : (g & 1);

    uint64_t req, hi;
    switch (s->phase) {
    case GMC_BANKARB_PH_SPARSE:
        req = density(r, 1);
        hi = density(r, s->hi_level);
        break;
    case GMC_BANKARB_PH_DENSE:
        req = density(r, 4);
        hi = density(r, s->hi_level);
        break;
    case GMC_BANKARB_PH_ALL:
        req = ~(uint64_t)0;
        hi = density(r, s->hi_level);
        break;
    case GMC_BANKARB_PH_SINGLE:
        if (((x >> 48) & 15) == 0)
            s->bank = (unsigned)gmc_rng_below(r, s->nb);
        req = (uint64_t)1 << s->bank;
        hi = density(r, s->hi_level);
        break;
    default: /* held */
        if (((x >> 52) & 7) == 0)
            s->hi_sticky ^= (uint64_t)1 << gmc_rng_below(r, s->nb);
        s->pending = ((s->pending & ~last_gnt) |
                      (s->arr_level == 1 ? density(r, 2) & density(r, 2) : density(r, 2))) & s->mask;
        req = s->pending;
        hi = s->hi_sticky;
        break;
    }
    in->req = req & s->mask;
    in->hi = hi & s->mask;
}

/* ------------------------------------------------------------ description
 * The block as the one verification flow sees it (model/vec/gmc_block.h).
 * Configuration name: nb<NB>_tl<TWO_LEVEL>. */
#include <stddef.h>
#include <string.h>
#include "gmc_block.h"

static int blk_parse(const char *s, void *vc, char *err, size_t n)
{
    static const char *const tags[] = {"nb", "tl"};
    uint64_t v[2];
    if (gmc_block_parse_fields(s, tags, 2, v, err, n))
        return -1;
    return gmc_bankarb_cfg_init(vc, (unsigned)v[0], (unsigned)v[1], err, n);
}

static void blk_name(const void *vc, char *b, size_t n)
{
    const gmc_bankarb_cfg_t *c = vc;
    snprintf(b, n, "nb%u_tl%u", c->nb, c->two_level);
}

#define GMC_PORT_T_in  gmc_bankarb_in_t
#define GMC_PORT_T_out gmc_bankarb_out_t
static unsigned blk_ports(const void *vc, gmc_port_t *p)
{
    const gmc_bankarb_cfg_t *c = vc;
    unsigned k = 0;
    GMC_BANKARB_PORTS(GMC_PORT_ENTRY, c->nb)
    return k;
}

static unsigned blk_params(const void *vc, gmc_param_t *p)
{
    const gmc_bankarb_cfg_t *c = vc;
    p[0].key = "NB", p[0].rtl = "NumBanks";
    snprintf(p[0].value, sizeof p[0].value, "%u", c->nb);
    p[1].key = "TWO_LEVEL", p[1].rtl = "TwoLevel";
    snprintf(p[1].value, sizeof p[1].value, "%u", c->two_level);
    return 2;
}

static void blk_reset(const void *c, void *q) { gmc_bankarb_reset(c, q); }
static void blk_step(const void *c, const void *q, const void *in, void *d, void *out)
{
    gmc_bankarb_step(c, q, in, d, out);
}
/* Vector files are short: a reset every 2^8 cycles; lockstep 2^12. */
static void blk_stim_init(void *s, const void *vc, uint64_t seed, int use)
{
    const gmc_bankarb_cfg_t *c = vc;
    gmc_bankarb_stim_init(s, seed, c->nb, use == GMC_STIM_VECTORS ? 8 : 12);
}
/* Closed loop: the held phase keeps a bank requesting until granted. */
static void blk_stim_next(void *s, const void *prev, void *in)
{
    gmc_bankarb_stim_next(s, ((const gmc_bankarb_out_t *)prev)->gnt, in);
}

enum { CV_GRANTS, CV_HI_GRANTS, CV_N };
static const char *const cov_names[CV_N] = {"grants", "hi_grants"};
static void blk_cov_post(const void *vc, const void *vin, const void *vout, uint64_t *n)
{
    (void)vc, (void)vin;
    const gmc_bankarb_out_t *o = vout;
    n[CV_GRANTS] += o->valid;
    n[CV_HI_GRANTS] += o->gnt_hi;
}
static int blk_cov_required(const void *vc, unsigned k)
{
    return k != CV_HI_GRANTS || ((const gmc_bankarb_cfg_t *)vc)->two_level;
}

/* The properties `make formal-bankarb` proves, checked every cycle on the
 * outputs C and RTL agree on: grant one-hot or zero, only to requesters,
 * none without en_i, one whenever en_i and a requester, valid_o / gnt_idx_o
 * / gnt_hi_o consistent, no low-pool grant while a high-pool bank requests
 * (TWO_LEVEL = 1), and the starvation bounds: a bank requesting in the high
 * pool is granted within NB enabled cycles; a requesting bank within NB
 * enabled cycles in which it is in the low pool and no bank requests in the
 * high pool (TWO_LEVEL = 0: within NB enabled cycles). */
typedef struct {
    uint8_t  w_hi[64], w_lo[64];   /* per-bank wait counters */
    uint64_t wait_hi, wait_lo;     /* banks whose counter is non-zero */
    unsigned max_hi, max_lo;       /* the longest waits seen (reported) */
} chk_t;

static void chk_clear(uint64_t m, uint8_t *w)
{
    for (; m; m &= m - 1)
        w[__builtin_ctzll(m)] = 0;
}

static const char *blk_check(void *vk, const void *vc, const void *vin, const void *vout)
{
    chk_t *k = vk;
    const gmc_bankarb_cfg_t *c = vc;
    const gmc_bankarb_in_t *in = vin;
    const gmc_bankarb_out_t *o = vout;
    const uint64_t req = in->req & c->mask;
    const uint64_t hreq = c->two_level ? req & in->hi : 0;
    const uint64_t g = o->gnt;
    if (g & (g - 1)) return "p_onehot (gnt_o has more than one bit)";
    if (g & ~req) return "p_req_only (grant to a bank that does not request)";
    if (!in->en && g) return "p_en (grant while en_i = 0)";
    if (in->en && req && !g) return "p_work (en_i and a requester, but no grant)";
    if (o->valid != (g != 0)) return "p_valid (valid_o != |gnt_o)";
    if (g ? !((g >> o->gnt_idx) & 1) : o->gnt_idx != 0)
        return "p_idx (gnt_idx_o does not name the granted bank)";
    if (o->gnt_hi && !(g & in->hi)) return "p_hi_flag (gnt_hi_o on a low-pool grant)";
    if (c->two_level) {
        if (in->en && hreq && (!o->gnt_hi || (g & ~in->hi)))
            return "p_priority (low-pool grant while a high-pool bank requests)";
        if (g && !hreq && o->gnt_hi) return "p_hi_only_if_hi";
    } else if (o->gnt_hi) {
        return "p_plain_no_hi (gnt_hi_o with TWO_LEVEL = 0)";
    }
    /* Bounds.  Banks whose wait ends (reset, grant, leaving) are cleared as
     * a group; only counting banks are visited one by one. */
    if (!in->rst_n) {
        chk_clear(k->wait_hi, k->w_hi);
        chk_clear(k->wait_lo, k->w_lo);
        k->wait_hi = k->wait_lo = 0;
        return NULL;
    }
    const uint64_t taken = in->en ? g : 0;
    chk_clear(k->wait_hi & ~(hreq & ~taken), k->w_hi);
    k->wait_hi &= hreq & ~taken;
    chk_clear(k->wait_lo & ~(req & ~taken), k->w_lo);
    k->wait_lo &= req & ~taken;
    if (in->en) {
        for (uint64_t m = hreq & ~taken; m; m &= m - 1) {
            unsigned b = (unsigned)__builtin_ctzll(m);
            if (++k->w_hi[b] > c->nb - 1)
                return "p_bound_hi (high-pool bank not granted within NB enabled cycles)";
            if (k->w_hi[b] > k->max_hi) k->max_hi = k->w_hi[b];
        }
        k->wait_hi |= hreq & ~taken;
        if (!hreq) {   /* TWO_LEVEL = 0 always; else no bank requests high */
            for (uint64_t m = req & ~taken; m; m &= m - 1) {
                unsigned b = (unsigned)__builtin_ctzll(m);
                if (++k->w_lo[b] > c->nb - 1)
                    return "p_bound_lo (low-pool bank not granted within NB counted cycles)";
                if (k->w_lo[b] > k->max_lo) k->max_lo = k->w_lo[b];
            }
            k->wait_lo |= req & ~taken;
        }
    }
    return NULL;
}

static void blk_report(const void *vk, const void *vc, FILE *f)
{
    const chk_t *k = vk;
    fprintf(f, "longest waits: high %u, low %u of bound %u\n", k->max_hi, k->max_lo,
            ((const gmc_bankarb_cfg_t *)vc)->nb - 1);
}

static const gmc_block_opt_t vec_opts[] = {
    {"--banks", "NB", "nb", 16, 1, GMC_BANKARB_NB_MAX, 0, 0, "NB parameter (NumBanks): banks"},
    {"--two-level", "0|1", "tl", 1, 0, 1, 0, 0,
     "TWO_LEVEL parameter (TwoLevel): 1 = Warped-MC high/low pools, 0 = plain round robin"},
    {0},
};

const gmc_block_t gmc_block_bankarb = {
    .name = "bankarb",
    .module = "gmc_bankarb",
    .config_help = "nb<NB>_tl<TWO_LEVEL>, e.g. nb16_tl1 (Warped-MC's two-level arbiter over 16 banks)",
    .fault_help = "RTL and C (=1): a pool's pointer moves to the granted bank instead of one "
                  "past it; C (=2): the low pool wins when its candidate sits at the low pointer; "
                  "RTL and C=1 together: only the starvation property can catch it",
    .vec_about = "the two-level bank arbiter",
    .vec_opts = vec_opts,
    GMC_BLOCK_STD(bankarb),
    .cfg_size = sizeof(gmc_bankarb_cfg_t),
    .stim_size = sizeof(gmc_bankarb_stim_t),
    .chk_size = sizeof(chk_t),
    .ncov = CV_N,
    .cov_min_cycles = 1000,
    .cov_names = cov_names,
    .cov_post = blk_cov_post,
    .cov_required = blk_cov_required,
    .check = blk_check,
    .report = blk_report,
};

/* The vector file: the one writer, driven by this description. */
int gmc_vec_bankarb_write(FILE *f, const gmc_bankarb_cfg_t *cfg, uint64_t stim_seed,
                          unsigned cycles)
{
    return gmc_block_vec_write(f, &gmc_block_bankarb, cfg, stim_seed, cycles);
}
