/* gmc_wsched: LRR and GTO (the contract is in gmc_wsched.h). */
#include <string.h>
#include "gpu/gmc_wsched.h"

/* LRR: the first ready slot after the one issued last, wrapping. */
static int lrr_pick(const gmc_wsched_t *s, uint64_t ready, const uint64_t *age)
{
    (void)age;
    unsigned from = (unsigned)(s->last + 1) & 63;
    uint64_t hi = from ? ready & ~((1ULL << from) - 1) : ready;
    return __builtin_ctzll(hi ? hi : ready);
}

/* GTO: the slot issued last while it stays ready, else the oldest ready
 * (lowest launch age; ties cannot happen: ages are unique). */
static int gto_pick(const gmc_wsched_t *s, uint64_t ready, const uint64_t *age)
{
    if (s->last >= 0 && (ready >> s->last & 1))
        return s->last;
    int best = -1;
    for (uint64_t m = ready; m; m &= m - 1) {
        int w = __builtin_ctzll(m);
        if (best < 0 || age[w] < age[best])
            best = w;
    }
    return best;
}

static void issued(gmc_wsched_t *s, int w) { s->last = w; }

const gmc_wsched_ops_t gmc_wsched_lrr = {"lrr", lrr_pick, issued};
const gmc_wsched_ops_t gmc_wsched_gto = {"gto", gto_pick, issued};

const gmc_wsched_ops_t *gmc_wsched_find(const char *name)
{
    if (!strcmp(name, "lrr"))
        return &gmc_wsched_lrr;
    if (!strcmp(name, "gto"))
        return &gmc_wsched_gto;
    return NULL;
}
