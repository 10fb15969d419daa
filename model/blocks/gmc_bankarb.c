#include "gmc_bankarb.h"
#include <stdio.h>

gmc_observe_fn gmc_bankarb_observer;   /* NULL: no RTL in the loop (gmc_observe.h) */

/* Mutation checks (build switches, never in a normal build; make cosim-fault-bankarb, tb/gmc_bankarb.mk):
 *   -DGMC_FAULT_BANKARB (= 1)  a pool's pointer moves to the granted bank
 *                              instead of one past it, so a bank that keeps
 *                              requesting is served again and again -- the
 *                              same bug as the RTL's `GMC_FAULT_BANKARB;
 *   -DGMC_FAULT_BANKARB=2      the low pool wins over the high pool when its
 *                              candidate sits exactly at the low pointer. */
#if defined(GMC_FAULT_BANKARB) && GMC_FAULT_BANKARB + 0 == 2
#define FAULT_PRIORITY 1
#define FAULT_NO_SKIP  0
#elif defined(GMC_FAULT_BANKARB)
#define FAULT_PRIORITY 0
#define FAULT_NO_SKIP  1
#else
#define FAULT_PRIORITY 0
#define FAULT_NO_SKIP  0
#endif

int gmc_bankarb_cfg_check(const gmc_bankarb_cfg_t *c, char *err, size_t n)
{
    if (c->nb < 1 || c->nb > GMC_BANKARB_NB_MAX) {
        snprintf(err, n, "bankarb: NB must be 1..%d, found %u", GMC_BANKARB_NB_MAX, c->nb);
        return -1;
    }
    if (c->two_level > 1) {
        snprintf(err, n, "bankarb: TWO_LEVEL must be 0 or 1, found %u", c->two_level);
        return -1;
    }
    uint64_t mask = c->nb == 64 ? ~(uint64_t)0 : ((uint64_t)1 << c->nb) - 1;
    if (c->iw != (unsigned)GMC_BANKARB_IW(c->nb) || c->mask != mask) {
        snprintf(err, n, "bankarb: derived fields do not match NB = %u (use gmc_bankarb_cfg_init)",
                 c->nb);
        return -1;
    }
    return 0;
}

int gmc_bankarb_cfg_init(gmc_bankarb_cfg_t *c, unsigned nb, unsigned two_level,
                         char *err, size_t n)
{
    c->nb = nb;
    c->two_level = two_level;
    c->iw = nb <= GMC_BANKARB_NB_MAX ? (unsigned)GMC_BANKARB_IW(nb) : 0;
    c->mask = nb >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << nb) - 1;
    return gmc_bankarb_cfg_check(c, err, n);
}

void gmc_bankarb_reset(const gmc_bankarb_cfg_t *c, gmc_bankarb_state_t *q)
{
    (void)c;
    q->ptr_hi_q = 0;
    q->ptr_lo_q = 0;
}

unsigned gmc_bankarb_state_bits(const gmc_bankarb_cfg_t *c)
{
    unsigned lg = 0;
    while ((1u << lg) < c->nb)
        lg++;
    return (c->two_level ? 2u : 1u) * lg;
}

/* The first requester at or after ptr, wrapping around: the lowest of the
 * requesters at positions >= ptr if there are any, else the lowest of all
 * of them -- the RTL's masked/unmasked priority encoder (the RTL finds the
 * lowest set bit through a prefix OR, here it is x & -x).  A pointer >= NB
 * (possible only before the first reset) masks everything and so starts the
 * search at bank 0, as in the RTL. */
static inline uint64_t rr_first(uint64_t req, unsigned ptr)
{
    uint64_t up = req & (~(uint64_t)0 << ptr);  /* ptr <= 63: IW <= 6 */
    uint64_t s = up ? up : req;
    return s & (0 - s);
}

static inline unsigned idx_of(uint64_t onehot)
{
    return onehot ? (unsigned)__builtin_ctzll(onehot) : 0u;
}

void gmc_bankarb_step(const gmc_bankarb_cfg_t *c, const gmc_bankarb_state_t *q,
                      const gmc_bankarb_in_t *in, gmc_bankarb_state_t *d,
                      gmc_bankarb_out_t *out)
{
    const unsigned pmask = (1u << c->iw) - 1;
    /* Asynchronous reset: the pointers read 0 in this same cycle. */
    const unsigned rst = !in->rst_n;
    const unsigned ptr_hi = rst ? 0 : (q->ptr_hi_q & pmask);
    const unsigned ptr_lo = rst ? 0 : (q->ptr_lo_q & pmask);
    const uint64_t req = in->req & c->mask;
    const uint64_t hreq = c->two_level ? req & in->hi : 0;

    /* Two-level: the high pool first; the low pool only if no high-pool
     * bank requests (then every requester is in the low pool). */
    uint64_t g;
    unsigned from_hi;
    if (hreq) {
        g = rr_first(hreq, ptr_hi);
        from_hi = 1;
#if FAULT_PRIORITY
        uint64_t lreq = req & ~in->hi;
        if (lreq && ((lreq >> ptr_lo) & 1) && !((g >> ptr_hi) & 1)) {
            g = (uint64_t)1 << ptr_lo;
            from_hi = 0;
        }
#endif
    } else {
        g = rr_first(req, ptr_lo);
        from_hi = 0;
    }
    if (!in->en) {
        g = 0;
        from_hi = 0;
    }
    const unsigned idx = idx_of(g);
    out->gnt = g;
    out->gnt_hi = (uint8_t)from_hi;
    out->gnt_idx = (uint8_t)idx;
    out->valid = g != 0;

    /* Pointers: the granting pool's moves to one past the granted bank. */
    unsigned nxt = idx + 1 == c->nb ? 0 : idx + 1;
#if FAULT_NO_SKIP
    nxt = idx;
#endif
    d->ptr_hi_q = (uint8_t)ptr_hi;
    d->ptr_lo_q = (uint8_t)ptr_lo;
    if (g && !rst) {
        if (from_hi)
            d->ptr_hi_q = (uint8_t)nxt;
        else
            d->ptr_lo_q = (uint8_t)nxt;
    }
}
