/* gmc_wsched_lrr: loose round robin -- the first candidate after the slot
 * issued last, wrapping (contract in gmc_wsched.h).  No state of its own:
 * s->last is the SM's. */
#include "gpu/gmc_wsched.h"

static int lrr_pick(const gmc_wsched_t *s, uint64_t cand, const gmc_wsched_view_t *v)
{
    (void)v;
    unsigned from = (unsigned)(s->last + 1) & 63;
    uint64_t hi = from ? cand & ~((1ULL << from) - 1) : cand;
    return __builtin_ctzll(hi ? hi : cand);
}

const gmc_wsched_ops_t gmc_wsched_lrr = {
    "lrr", "loose round robin: the first ready warp after the one issued last",
    lrr_pick, NULL, NULL, NULL, NULL, NULL, NULL,
};
