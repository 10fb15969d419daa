/* gmc_wsched_ccws: cache-conscious wavefront scheduling (Rogers,
 * O'Connor and Aamodt, MICRO 2012), the baseline warp scheduler of TEMP
 * [JETC'19] (contract in gmc_wsched.h; docs/thread-batching.md "CCWS").
 *
 * Lost intra-warp locality is detected per warp: each warp slot has a
 * victim tag array (VTA) of ccws_vta line tags, fed by the L1 evictions of
 * lines that warp's loads allocated (the l1 hook's GMC_WSCHED_L1_EVICT);
 * an L1 miss of the warp that finds its line in its own VTA is a VTA hit
 * (the entry is used up).  Each warp has a lost-locality score (LLS): BASE
 * at launch, raised on a VTA hit by
 *
 *     LLDS = VTA hits / instructions issued x ccws_k x cutoff,
 *     cutoff = resident warps x BASE,
 *
 * and lowered by one per core cycle back to BASE.  The warps sorted by
 * score (highest first; equal scores oldest first) stack their scores; a
 * warp whose stack position starts at or above the cutoff may not issue a
 * load (the throttle: with every score at BASE all fit).  Among the rest,
 * greedy then oldest (CCWS is built on GTO).
 *
 * What gmc simplifies: one LLS pool per warp scheduler (an SM with
 * several schedulers has several), a fully associative LRU VTA, decay
 * computed from the cycle of the last change (exact: the score is a
 * function of time, so skipping idle cycles changes nothing). */
#include <stdio.h>
#include <stdlib.h>
#include "gpu/gmc_wsched.h"

#define BASE 100u   /* the base locality score */

typedef struct {
    uint32_t  vta_n, k;
    uint64_t  resident;          /* slots holding a warp */
    uint64_t  hot;               /* slots whose score was above BASE when last changed */
    uint64_t  vta_hits, issued;  /* the LLDS ratio's counts, this scheduler's */
    uint64_t  score[64], at[64]; /* the score as of core cycle at[w] */
    uint8_t   vta_len[64];
    uint64_t *vta;               /* [64 * vta_n]: slot w's tags at w * vta_n, most recent first */
} ccws_t;

/* Slot w's score at core cycle now: one less per cycle since at[w], not
 * below BASE. */
static uint64_t score_at(const ccws_t *c, unsigned w, uint64_t now)
{
    const uint64_t d = now - c->at[w], sc = c->score[w];
    return sc > BASE + d ? sc - d : BASE;
}

/* The resident warps that may issue a load now (the cutoff test). */
static uint64_t allowed(const ccws_t *c, uint64_t mine, const gmc_wsched_view_t *v)
{
    const uint64_t act = c->resident & mine, now = *v->now;
    if (!(c->hot & act))
        return act;   /* every score at BASE: the stack is exactly the cutoff */
    unsigned ord[64], n = 0;
    uint64_t sc[64];
    for (uint64_t m = act; m; m &= m - 1) {   /* insertion sort: score down, then age up */
        const unsigned w = (unsigned)__builtin_ctzll(m);
        const uint64_t s = score_at(c, w, now);
        unsigned i = n++;
        while (i && (sc[i - 1] < s || (sc[i - 1] == s && v->age[ord[i - 1]] > v->age[w]))) {
            sc[i] = sc[i - 1];
            ord[i] = ord[i - 1];
            i--;
        }
        sc[i] = s;
        ord[i] = w;
    }
    const uint64_t cutoff = (uint64_t)n * BASE;
    uint64_t ok = 0, pos = 0;
    for (unsigned i = 0; i < n && pos < cutoff; i++) {
        ok |= 1ULL << ord[i];
        pos += sc[i];
    }
    return ok;
}

static int ccws_pick(const gmc_wsched_t *s, uint64_t cand, const gmc_wsched_view_t *v)
{
    const ccws_t *c = s->priv;
    const uint64_t ok = allowed(c, s->slots, v);
    for (uint64_t m = cand & ~ok; m; m &= m - 1) {
        const unsigned w = (unsigned)__builtin_ctzll(m);
        if (gmc_wsched_next_op(v, w) == GMC_OP_LD)
            cand &= ~(1ULL << w);   /* throttled: no loads */
    }
    if (!cand)
        return -1;
    if (s->last >= 0 && (cand >> s->last & 1))
        return s->last;
    int best = -1;
    for (uint64_t m = cand; m; m &= m - 1) {
        int w = __builtin_ctzll(m);
        if (best < 0 || v->age[w] < v->age[best])
            best = w;
    }
    return best;
}

static void ccws_issued(gmc_wsched_t *s, int w, const gmc_wsched_view_t *v)
{
    (void)w;
    (void)v;
    ((ccws_t *)s->priv)->issued++;
}

static void ccws_launched(gmc_wsched_t *s, int w, const gmc_wsched_view_t *v)
{
    ccws_t *c = s->priv;
    c->resident |= 1ULL << w;
    c->hot &= ~(1ULL << w);
    c->score[w] = BASE;
    c->at[w] = *v->now;
    c->vta_len[w] = 0;
}

static void ccws_exited(gmc_wsched_t *s, int w, const gmc_wsched_view_t *v)
{
    (void)v;
    ccws_t *c = s->priv;
    c->resident &= ~(1ULL << w);
    c->hot &= ~(1ULL << w);
}

static void ccws_l1(gmc_wsched_t *s, int w, uint64_t line, int ev, const gmc_wsched_view_t *v)
{
    ccws_t *c = s->priv;
    uint64_t *t = c->vta + (size_t)w * c->vta_n;
    unsigned n = c->vta_len[w], i = 0;
    while (i < n && t[i] != line)
        i++;
    if (ev == GMC_WSCHED_L1_EVICT) {   /* insert at the front; the least recent falls out */
        if (i == n)
            i = n < c->vta_n ? n++ : n - 1;
        for (; i; i--)
            t[i] = t[i - 1];
        t[0] = line;
        c->vta_len[w] = (uint8_t)n;
        return;
    }
    if (i == n || !(c->resident >> w & 1))
        return;   /* not lost locality */
    for (; i + 1 < n; i++)   /* used up */
        t[i] = t[i + 1];
    c->vta_len[w] = (uint8_t)(n - 1);
    c->vta_hits++;
    const uint64_t cutoff = (uint64_t)__builtin_popcountll(c->resident & s->slots) * BASE;
    const uint64_t llds = c->vta_hits * c->k * cutoff / (c->issued ? c->issued : 1);
    const uint64_t now = *v->now;
    c->score[w] = score_at(c, (unsigned)w, now) + llds;
    c->at[w] = now;
    if (c->score[w] > BASE)
        c->hot |= 1ULL << w;
}

static int ccws_init(gmc_wsched_t *s, char *err, size_t n)
{
    const uint32_t vn = s->machine->ccws_vta;
    ccws_t *c = calloc(1, sizeof *c);
    if (c)
        c->vta = calloc((size_t)64 * (vn ? vn : 1), sizeof *c->vta);
    if (!c || !c->vta) {
        free(c);
        snprintf(err, n, "warp_sched ccws: out of memory for the victim tag arrays");
        return -1;
    }
    c->vta_n = vn;
    c->k = s->machine->ccws_k;
    s->priv = c;
    return 0;
}

static void ccws_free(gmc_wsched_t *s)
{
    ccws_t *c = s->priv;
    if (c)
        free(c->vta);
    free(c);
    s->priv = NULL;
}

const gmc_wsched_ops_t gmc_wsched_ccws = {
    "ccws", "cache-conscious wavefront scheduling: GTO, with loads throttled by per-warp lost-locality scores",
    ccws_pick, ccws_issued, ccws_launched, ccws_exited, ccws_init, ccws_free, ccws_l1,
};
