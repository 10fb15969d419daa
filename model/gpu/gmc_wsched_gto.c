/* gmc_wsched_gto: greedy then oldest -- the slot issued last while it
 * stays a candidate, else the oldest candidate (contract in gmc_wsched.h).
 * No state of its own: s->last is the SM's. */
#include "gpu/gmc_wsched.h"

/* Lowest launch age wins; ties cannot happen: ages are unique. */
static int gto_pick(const gmc_wsched_t *s, uint64_t cand, const gmc_wsched_view_t *v)
{
    if (s->last >= 0 && (cand >> s->last & 1))
        return s->last;
    const uint64_t *age = v->age;
    int best = -1;
    for (uint64_t m = cand; m; m &= m - 1) {
        int w = __builtin_ctzll(m);
        if (best < 0 || age[w] < age[best])
            best = w;
    }
    return best;
}

const gmc_wsched_ops_t gmc_wsched_gto = {
    "gto", "greedy then oldest: the warp issued last while it is ready, else the oldest ready",
    gto_pick, NULL, NULL, NULL, NULL, NULL, NULL,
};
