#include "gmc_vec_bankarb.h"

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
    s->reset_shift = reset_shift < 1 ? 1 : reset_shift > 40 ? 40 : reset_shift;
    s->rst_left = 2;   /* the initial reset: cycles 0 and 1 */
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
    if (s->rst_left) {
        s->rst_left--;
        in->rst_n = 0;
    } else if ((x & (((uint64_t)1 << s->reset_shift) - 1)) == 0) {
        s->rst_left = (unsigned)((x >> 40) & 3);   /* 1..4 cycles in all */
        in->rst_n = 0;
    } else {
        in->rst_n = 1;
    }

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

static unsigned hexdigits(unsigned w) { return (w + 3) / 4; }

int gmc_vec_bankarb_write(FILE *f, const gmc_bankarb_cfg_t *cfg, uint64_t stim_seed,
                          unsigned cycles)
{
    unsigned NB = cfg->nb;
    fprintf(f, "# gmc-vectors 1\n# block bankarb\n# param NB %u\n# param TWO_LEVEL %u\n", NB,
            cfg->two_level);
    fprintf(f, "# stim-seed %llu\n# cycles %u\n", (unsigned long long)stim_seed, cycles);
    fprintf(f, "# ports");
#define HDR(dir, field, width, port) fprintf(f, " %s:%u:%s", #port, (unsigned)(width), #dir);
    GMC_BANKARB_PORTS(HDR, NB)
#undef HDR
    fputc('\n', f);

    gmc_bankarb_stim_t st;
    gmc_bankarb_stim_init(&st, stim_seed, NB, 8);
    gmc_bankarb_state_t q, d;
    gmc_bankarb_reset(cfg, &q);
    uint64_t last_gnt = 0;
    for (unsigned c = 0; c < cycles; c++) {
        gmc_bankarb_in_t in;
        gmc_bankarb_out_t out;
        gmc_bankarb_stim_next(&st, last_gnt, &in);
        gmc_bankarb_step(cfg, &q, &in, &d, &out);
        const char *sep = "";
#define ROW(dir, field, width, port)                                                        \
        fprintf(f, "%s%0*llx", sep, (int)hexdigits(width), (unsigned long long)dir.field); \
        sep = " ";
        GMC_BANKARB_PORTS(ROW, NB)
#undef ROW
        fputc('\n', f);
        q = d;
        last_gnt = out.gnt;
    }
    return ferror(f) ? -1 : 0;
}
