#include "gmc_hgalloc.h"
#include <stdio.h>
#include <string.h>

gmc_observe_fn gmc_hgalloc_observer;   /* NULL: no RTL in the loop (gmc_observe.h) */

/* Mutation checks (build switches, never in a normal build; make
 * cosim-fault-hgalloc, tb/gmc_hgalloc.mk):
 *   -DGMC_FAULT_HGALLOC (= 1)  the hold limit lets one hold too many
 *                              (cnt <= L instead of cnt < L) -- the same
 *                              bug as the RTL's `GMC_FAULT_HGALLOC;
 *   -DGMC_FAULT_HGALLOC=2      an arbitration that grants the holder
 *                              nothing keeps its hold bit (a hold survives
 *                              a cycle in which the holder did not
 *                              request its output). */
#if defined(GMC_FAULT_HGALLOC) && GMC_FAULT_HGALLOC + 0 == 2
#define FAULT_LIMIT 0
#define FAULT_KEEP  1
#elif defined(GMC_FAULT_HGALLOC)
#define FAULT_LIMIT 1
#define FAULT_KEEP  0
#else
#define FAULT_LIMIT 0
#define FAULT_KEEP  0
#endif

static unsigned clog2(unsigned x)
{
    unsigned k = 0;
    while ((1u << k) < x)
        k++;
    return k;
}

unsigned gmc_hgalloc_default_per_bank(unsigned policy) { return policy == GMC_HGALLOC_RMHG; }

static void derive(const gmc_hgalloc_cfg_t *c, unsigned *iwi, unsigned *iwo, unsigned *cw, unsigned *kw,
                   unsigned *ne, uint64_t *omask)
{
    *iwi = (unsigned)GMC_HGALLOC_IW(c->ni);
    *iwo = (unsigned)GMC_HGALLOC_IW(c->no);
    *cw = c->policy && c->limit ? clog2(c->limit + 1) : 0;
    *kw = c->policy == GMC_HGALLOC_RMHG ? c->row_bits : c->policy == GMC_HGALLOC_HMHG ? c->hash_bits : 0;
    *ne = !*kw ? 0 : c->per_bank ? 1u << c->bank_bits : 1;
    *omask = c->no >= 64 ? ~0ull : (1ull << c->no) - 1;
}

/* The parameters' ranges: 0, or -1 with err. */
static int check_ranges(const gmc_hgalloc_cfg_t *c, char *err, size_t n)
{
    static const struct { const char *name; unsigned lo, hi; } lim[] = {
        {"NUM_IN", 1, GMC_HGALLOC_C_MAX},      {"NUM_OUT", 1, GMC_HGALLOC_M_MAX},
        {"POLICY", 0, 3},                      {"ROW_BITS", 1, GMC_HGALLOC_ROW_MAX},
        {"BANK_BITS", 1, GMC_HGALLOC_BANK_MAX}, {"HASH_BITS", 1, 32},
        {"HOLD_LIMIT", 0, GMC_HGALLOC_LIMIT_MAX}, {"PER_BANK", 0, 1}, {"HOLD_FORCE", 0, 1},
    };
    const unsigned v[] = {c->ni, c->no, c->policy, c->row_bits, c->bank_bits,
                          c->hash_bits, c->limit, c->per_bank, c->force};
    for (unsigned k = 0; k < sizeof v / sizeof *v; k++)
        if (v[k] < lim[k].lo || v[k] > lim[k].hi) {
            snprintf(err, n, "hgalloc: %s: expected %u..%u, found %u", lim[k].name, lim[k].lo,
                     lim[k].hi, v[k]);
            return -1;
        }
    return 0;
}

int gmc_hgalloc_cfg_check(const gmc_hgalloc_cfg_t *c, char *err, size_t n)
{
    if (check_ranges(c, err, n))
        return -1;
    unsigned iwi, iwo, cw, kw, ne;
    uint64_t omask;
    derive(c, &iwi, &iwo, &cw, &kw, &ne, &omask);
    if (iwi != c->iwi || iwo != c->iwo || cw != c->cw || kw != c->kw || ne != c->ne ||
        omask != c->omask) {
        snprintf(err, n, "hgalloc: derived fields do not match the parameters (use gmc_hgalloc_cfg_init)");
        return -1;
    }
    return 0;
}

int gmc_hgalloc_cfg_init(gmc_hgalloc_cfg_t *c, unsigned ni, unsigned no, unsigned policy,
                         unsigned row_bits, unsigned bank_bits, unsigned hash_bits, unsigned limit,
                         unsigned per_bank, unsigned force, char *err, size_t n)
{
    memset(c, 0, sizeof *c);
    c->ni = ni;
    c->no = no;
    c->policy = policy;
    c->row_bits = row_bits;
    c->bank_bits = bank_bits;
    c->hash_bits = hash_bits;
    c->limit = limit;
    c->per_bank = per_bank;
    c->force = force;
    if (check_ranges(c, err, n))
        return -1;
    derive(c, &c->iwi, &c->iwo, &c->cw, &c->kw, &c->ne, &c->omask);
    return 0;
}

void gmc_hgalloc_reset(const gmc_hgalloc_cfg_t *c, gmc_hgalloc_state_t *q)
{
    (void)c;
    memset(q, 0, sizeof *q);
}

unsigned gmc_hgalloc_state_bits(const gmc_hgalloc_cfg_t *c)
{
    unsigned b = c->ni * clog2(c->no) + c->no * clog2(c->ni);
    if (c->policy)
        b += c->ni * c->no + c->no * c->cw + c->no * c->ne * c->kw;
    return b;
}

uint32_t gmc_hgalloc_key(const gmc_hgalloc_cfg_t *c, uint32_t row)
{
    if (c->row_bits < 32)
        row &= (1u << c->row_bits) - 1;
    if (c->policy != GMC_HGALLOC_HMHG || c->hash_bits >= c->row_bits)
        return row;
    const uint32_t km = (1u << c->hash_bits) - 1;
    uint32_t h = 0;
    for (unsigned s = 0; s < c->row_bits; s += c->hash_bits)
        h ^= (row >> s) & km;
    return h;
}

int gmc_hgalloc_held_out(const gmc_hgalloc_cfg_t *c, const gmc_hgalloc_state_t *q, unsigned i)
{
    uint64_t h = i < c->ni ? q->held_q[i] & c->omask : 0;
    return h ? __builtin_ctzll(h) : -1;
}

/* The first set bit of m at or after position ptr, wrapping around (the
 * RTL's masked/unmasked priority encoder); one-hot, 0 if m is 0.  A
 * pointer at or past the width masks everything and so starts at 0, as in
 * the RTL. */
static inline uint64_t rr_first(uint64_t m, unsigned ptr)
{
    uint64_t up = m & (~0ull << ptr);   /* ptr <= 63 */
    uint64_t s = up ? up : m;
    return s & (0 - s);
}

static inline unsigned next_of(unsigned x, unsigned n) { return x + 1 == n ? 0 : x + 1; }

/* Per output, what its holder (the input whose hold bit is set) brings
 * this cycle.  Computed as the RTL's one-hot muxes are: ORs over the
 * column, so a column with several bits (never after a reset) still gives
 * one defined answer. */
typedef struct {
    uint64_t col[GMC_HGALLOC_M_MAX];   /* the column of hold bits */
    uint32_t key[GMC_HGALLOC_M_MAX];   /* OR of those inputs' keys */
    uint8_t  bank[GMC_HGALLOC_M_MAX];  /* OR of their banks */
} holders_t;

void gmc_hgalloc_step(const gmc_hgalloc_cfg_t *c, const gmc_hgalloc_state_t *q,
                      const gmc_hgalloc_in_t *in, gmc_hgalloc_state_t *d, gmc_hgalloc_out_t *out)
{
    static const gmc_hgalloc_state_t zero;
    const int rst = !in->rst_n;
    if (rst)
        q = &zero;   /* asynchronous reset: the state reads as reset this cycle */
    const unsigned ni = c->ni, no = c->no;
    const uint64_t en = in->en & c->omask;
    const int pol = c->policy != GMC_HGALLOC_NONE;

    /* 1. Holds: per output o with a holder that requests o, whether its
     *    key matches (RMHG/HMHG) and the limit allows (hok), or only the
     *    limit stops it (lim). */
    uint64_t hok = 0, lim = 0, holder_in = 0;   /* holder_in: inputs with a hold bit */
    holders_t h;
    if (pol) {
        uint64_t hreq = 0, seen = 0;
        const uint32_t bmask = (1u << c->bank_bits) - 1;
        for (unsigned i = 0; i < ni; i++) {
            uint64_t hb = q->held_q[i] & c->omask;
            if (!hb)
                continue;
            holder_in |= 1ull << i;
            hreq |= hb & in->req[i] & en;
            const uint32_t k = c->kw ? gmc_hgalloc_key(c, in->row[i]) : 0;
            const uint8_t b = (uint8_t)(in->bank[i] & bmask);
            for (uint64_t m = hb; m; m &= m - 1) {
                unsigned o = (unsigned)__builtin_ctzll(m);
                if (!(seen >> o & 1)) {
                    seen |= 1ull << o;
                    h.col[o] = 0;
                    h.key[o] = 0;
                    h.bank[o] = 0;
                }
                h.col[o] |= 1ull << i;
                h.key[o] |= k;
                h.bank[o] |= b;
            }
        }
        for (uint64_t m = hreq; m; m &= m - 1) {
            unsigned o = (unsigned)__builtin_ctzll(m);
            int match = 1;
            if (c->kw)
                match = h.key[o] == q->key_q[o * c->ne + (c->per_bank ? h.bank[o] : 0)];
#if FAULT_LIMIT
            int below = !c->limit || q->cnt_q[o] <= c->limit;
#else
            int below = !c->limit || q->cnt_q[o] < c->limit;
#endif
            if (match && below)
                hok |= 1ull << o;
            else if (match)
                lim |= 1ull << o;
        }
    }

    /* 2. Stage 1: each input picks one enabled output it requests (after
     *    sec. 3.4's masking when HOLD_FORCE = 1). */
    uint64_t want[GMC_HGALLOC_M_MAX], wanted = 0;
    for (unsigned i = 0; i < ni; i++) {
        uint64_t r = in->req[i] & en;
        if (!r)
            continue;
        if (hok && c->force) {
            uint64_t hp = q->held_q[i] & r & hok;   /* i's own eligible hold */
            r = hp ? hp : r & ~hok;
            if (!r)
                continue;
        }
        unsigned o = (unsigned)__builtin_ctzll(rr_first(r, q->iptr_q[i]));
        if (!(wanted >> o & 1)) {
            wanted |= 1ull << o;
            want[o] = 0;
        }
        want[o] |= 1ull << i;
    }

    /* 3. Stage 2: each output grants one of the inputs that picked it (the
     *    holder first when HOLD_FORCE = 0). */
    uint8_t gin[GMC_HGALLOC_M_MAX];
    uint64_t hold = 0, granted_in = 0;
    memset(out->gnt_in, 0, no);
    for (uint64_t m = wanted; m; m &= m - 1) {
        unsigned o = (unsigned)__builtin_ctzll(m);
        uint64_t cand = want[o];
        if (hok >> o & 1) {
            uint64_t hc = cand & h.col[o];
            if (hc && !c->force)
                cand = hc;
        }
        unsigned i = (unsigned)__builtin_ctzll(rr_first(cand, q->optr_q[o]));
        gin[o] = (uint8_t)i;
        out->gnt_in[o] = (uint8_t)i;
        granted_in |= 1ull << i;
        if ((hok >> o & 1) && (h.col[o] >> i & 1))
            hold |= 1ull << o;
    }
    out->gnt = wanted;
    out->hold = hold;
    out->lim = lim;

    /* 4. The state, after every read of q (d may be q). */
    if (rst) {
        gmc_hgalloc_reset(c, d);
        return;
    }
    for (uint64_t m = wanted; m; m &= m - 1) {
        unsigned o = (unsigned)__builtin_ctzll(m), i = gin[o];
        d->iptr_q[i] = (uint8_t)next_of(o, no);
        d->optr_q[o] = (uint8_t)next_of(i, ni);
    }
    if (!pol)
        return;
    /* Hold bits: an arbitrating output's column becomes its grant; a
     * granted input's other bits clear. */
    for (uint64_t m = holder_in | granted_in; m; m &= m - 1) {
        unsigned i = (unsigned)__builtin_ctzll(m);
#if FAULT_KEEP
        uint64_t keep = q->held_q[i] & (~en | ~wanted);
#else
        uint64_t keep = q->held_q[i] & ~en;
#endif
        d->held_q[i] = (granted_in >> i & 1) ? 0 : keep;
    }
    for (uint64_t m = wanted; m; m &= m - 1) {
        unsigned o = (unsigned)__builtin_ctzll(m), i = gin[o];
        d->held_q[i] |= 1ull << o;
        if (c->cw)
            d->cnt_q[o] = (uint16_t)((hold >> o & 1) ? d->cnt_q[o] + 1 : 0);
        if (c->kw) {
            unsigned e = c->per_bank ? (in->bank[i] & ((1u << c->bank_bits) - 1)) : 0;
            d->key_q[o * c->ne + e] = gmc_hgalloc_key(c, in->row[i]);
        }
    }
}
