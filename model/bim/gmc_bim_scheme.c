/* The schemes of PAE [ISCA'18] as BIM generators.  The sentences each one rests
 * on, and the choices gmc made where the paper is silent, are in
 * docs/blocks/gmc_bim.md ("Schemes"). */
#include "gmc_bim_scheme.h"
#include <stdio.h>
#include <string.h>
#include "util/gmc_rng.h"

static const char *const names[GMC_SCHEME_N] = {"base", "pm", "rmp", "pae", "fae", "all"};

const char *gmc_scheme_name(gmc_scheme_t s)
{
    return (unsigned)s < GMC_SCHEME_N ? names[s] : "?";
}

int gmc_scheme_parse(const char *name, gmc_scheme_t *s)
{
    for (unsigned i = 0; i < GMC_SCHEME_N; i++)
        if (!strcmp(name, names[i])) {
            *s = (gmc_scheme_t)i;
            return 0;
        }
    return -1;
}

/* Address bit positions set in mask, ascending. */
static unsigned positions(uint64_t mask, uint8_t *pos)
{
    unsigned k = 0;
    while (mask) {
        pos[k++] = (uint8_t)__builtin_ctzll(mask);
        mask &= mask - 1;
    }
    return k;
}

/* Spreads the low k bits of v onto the address positions pos[0..k). */
static uint64_t scatter(uint64_t v, const uint8_t *pos, unsigned k)
{
    uint64_t r = 0;
    for (unsigned i = 0; i < k; i++)
        if ((v >> i) & 1)
            r |= 1ULL << pos[i];
    return r;
}

/* A uniformly random invertible k x k matrix (rejection sampling: a random
 * GF(2) matrix is invertible with probability > 0.28, so 1000 draws fail
 * with probability < 1e-140). */
static int random_invertible(gmc_rng_t *rng, unsigned k, gmc_gf2_t *a)
{
    for (int tries = 0; tries < 1000; tries++) {
        memset(a, 0, sizeof *a);
        a->n = k;
        for (unsigned i = 0; i < k; i++)
            a->row[i] = gmc_rng_u64(rng) & gmc_gf2_mask(k);
        if (gmc_gf2_rank(a) == k)
            return 0;
    }
    return -1;
}

/* PAE/FAE/ALL: outputs at `outs` = A (random invertible over `outs`) plus,
 * for each output, a random non-empty subset of the `extra` inputs.  Every
 * other output bit passes through.  The matrix is block triangular
 * [[A, B], [0, I]], so it is invertible because A is. */
static int broad(gmc_rng_t *rng, const gmc_addrmap_t *m, uint64_t outs, uint64_t extra,
                 gmc_gf2_t *out, char *err, size_t n)
{
    uint8_t pos[64];
    unsigned k = positions(outs, pos);
    gmc_gf2_t a;
    if (random_invertible(rng, k, &a)) {
        snprintf(err, n, "bim: no invertible %ux%u matrix found (PRNG broken?)", k, k);
        return -1;
    }
    gmc_gf2_identity(out, m->width);
    for (unsigned i = 0; i < k; i++) {
        uint64_t b = 0;
        if (extra)
            do { b = gmc_rng_u64(rng) & extra; } while (!b);
        out->row[pos[i]] = scatter(a.row[i], pos, k) | b;
    }
    return 0;
}

static int make_pm(const gmc_addrmap_t *m, gmc_gf2_t *out, char *err, size_t n)
{
    uint8_t s[64], r[64];
    unsigned ns = positions(m->fmask[GMC_F_CH] | m->fmask[GMC_F_BANK], s);
    unsigned nr = positions(m->fmask[GMC_F_ROW], r);
    if (nr < ns) {
        snprintf(err, n, "bim: pm needs a row bit per channel/bank bit (%u), map has %u", ns, nr);
        return -1;
    }
    gmc_gf2_identity(out, m->width);
    /* Lowest channel/bank bit with the lowest row bit, and so on upwards. */
    for (unsigned k = 0; k < ns; k++)
        out->row[s[k]] |= 1ULL << r[k];
    return 0;
}

/* PAE [ISCA'18] sec. IV-B: "we allocate the 6 bits with the highest average
 * entropy to bank and channel selection (i.e., bits 8-11, 15, and 16)". */
static const uint8_t rmp_gddr5_paper[] = {8, 9, 10, 11, 15, 16};

static int make_rmp(const gmc_addrmap_t *m, const gmc_scheme_opts_t *opt, gmc_gf2_t *out,
                    char *err, size_t n)
{
    uint8_t s[64], src[64];
    uint64_t sel = m->fmask[GMC_F_CH] | m->fmask[GMC_F_BANK];
    unsigned ns = positions(sel, s), nsrc = 0;
    if (opt && opt->nrmp) {
        nsrc = opt->nrmp;
        memcpy(src, opt->rmp, nsrc);
    } else if (!strcmp(m->name, "gddr5-hynix")) {
        nsrc = sizeof rmp_gddr5_paper;
        memcpy(src, rmp_gddr5_paper, nsrc);
    } else {
        /* No published profile: the ns lowest non-block bits, the bits that
         * change most often in CPU-like streams (PAE [ISCA'18] sec. I). */
        uint8_t nb[64];
        unsigned k = positions(gmc_gf2_mask(m->width) & ~m->fmask[GMC_F_BLOCK], nb);
        nsrc = ns < k ? ns : k;
        memcpy(src, nb, nsrc);
    }
    if (nsrc != ns) {
        snprintf(err, n, "bim: rmp needs %u source bits (one per channel/bank bit), got %u", ns, nsrc);
        return -1;
    }
    uint64_t srcmask = 0;
    for (unsigned i = 0; i < nsrc; i++) {
        if (src[i] >= m->width || ((m->fmask[GMC_F_BLOCK] >> src[i]) & 1) ||
            ((srcmask >> src[i]) & 1)) {
            snprintf(err, n, "bim: rmp source bit %u must be distinct, below %u and not a "
                     "block-offset bit", src[i], m->width);
            return -1;
        }
        srcmask |= 1ULL << src[i];
    }
    /* Minimal permutation: sources already at a channel/bank position stay;
     * each other source swaps with the lowest channel/bank position not
     * already fed by a source. */
    gmc_gf2_identity(out, m->width);
    uint64_t free_pos = sel & ~srcmask;
    uint8_t fp[64];
    unsigned j = 0;
    positions(free_pos, fp);
    for (unsigned i = 0; i < nsrc; i++) {
        unsigned b = src[i];
        if ((sel >> b) & 1)
            continue;
        unsigned p = fp[j++];
        out->row[p] = 1ULL << b;   /* output p now carries input b */
        out->row[b] = 1ULL << p;   /* and the displaced bit takes b's place */
    }
    return 0;
}

int gmc_bim_scheme_make(gmc_scheme_t s, const gmc_addrmap_t *m, uint64_t seed,
                        const gmc_scheme_opts_t *opt, gmc_gf2_t *out, char *err, size_t n)
{
    uint64_t chbank = m->fmask[GMC_F_CH] | m->fmask[GMC_F_BANK];
    uint64_t rows = m->fmask[GMC_F_ROW], cols = m->fmask[GMC_F_COL];
    gmc_rng_t rng;
    /* Mix the scheme into the seed so PAE and FAE with one seed differ. */
    gmc_rng_seed(&rng, seed ^ (0x9e3779b97f4a7c15ULL * (uint64_t)(s + 1)));
    if (m->ch_mod && s != GMC_SCHEME_BASE) {
        /* its slices name bits of the rest address, not of the one the matrix maps */
        snprintf(err, n, "bim: scheme %s needs a map of address bits, found a channel modulo "
                 "%u (Ch%%%u@%u; give --matrix, or a power-of-two channel count)",
                 gmc_scheme_name(s), m->ch_mod, m->ch_mod, m->ch_at);
        return -1;
    }
    if (!chbank && s != GMC_SCHEME_BASE && s != GMC_SCHEME_ALL) {
        snprintf(err, n, "bim: scheme %s needs channel or bank bits in the map", gmc_scheme_name(s));
        return -1;
    }
    int rc;
    switch (s) {
    case GMC_SCHEME_BASE: gmc_gf2_identity(out, m->width); rc = 0; break;
    case GMC_SCHEME_PM:   rc = make_pm(m, out, err, n); break;
    case GMC_SCHEME_RMP:  rc = make_rmp(m, opt, out, err, n); break;
    case GMC_SCHEME_PAE:  rc = broad(&rng, m, chbank, rows, out, err, n); break;
    case GMC_SCHEME_FAE:  rc = broad(&rng, m, chbank, rows | cols, out, err, n); break;
    case GMC_SCHEME_ALL:  rc = broad(&rng, m, chbank | rows | cols, 0, out, err, n); break;
    default:
        snprintf(err, n, "bim: unknown scheme %d", (int)s);
        return -1;
    }
    if (rc)
        return rc;
    if (gmc_gf2_first_dependent_row(out) >= 0) {   /* cannot happen: checked anyway */
        snprintf(err, n, "bim: internal error: scheme %s gave a singular matrix", gmc_scheme_name(s));
        return -1;
    }
    return 0;
}

void gmc_bim_cost(const gmc_gf2_t *m, gmc_bim_cost_t *c)
{
    memset(c, 0, sizeof *c);
    c->width = m->n;
    for (unsigned i = 0; i < m->n; i++) {
        unsigned k = (unsigned)__builtin_popcountll(m->row[i]);
        unsigned d = 0;
        while ((1u << d) < k)
            d++;
        c->inputs[i] = k;
        c->xors[i] = k ? k - 1 : 0;
        c->depth[i] = d;
        c->total_xors += c->xors[i];
        if (d > c->max_depth)
            c->max_depth = d;
        if (k == 1)
            c->wires_only++;
    }
}

unsigned gmc_bim_cost_cycles(const gmc_bim_cost_t *c, unsigned levels_per_cycle)
{
    if (!c->max_depth)
        return 0;
    if (!levels_per_cycle)
        levels_per_cycle = 1;
    return (c->max_depth + levels_per_cycle - 1) / levels_per_cycle;
}
