/* gmc_wsched_tbas: TEMP [JETC'19]'s thread-batch-aware scheduling (sec. 4,
 * Fig. 9(c)-(e); contract in gmc_wsched.h; docs/thread-batching.md
 * "TBAS").  A warp's thread batch is its kernel CTA id / the batch stride
 * (gmc_wsched_batch).
 *
 * The running set holds up to tbas_batches batches (the limit on active
 * batches); the others with resident warps are pending.  pick takes the
 * running set's candidates first, greedy then oldest.  When the running
 * set has none (its batches lack ready warps), a pending batch is
 * promoted: the successor of the batch demoted last if it has a ready
 * warp (Fig. 9(d)), else the oldest batch with one -- the lowest id,
 * since consecutive ids launch in order (Fig. 9(e)); its oldest ready warp
 * issues.  issued commits it: the batch joins the running set, and if the
 * set was full the batch promoted longest ago is demoted.  A batch whose
 * last warp exits leaves the running set and counts as demoted (its
 * successor comes next). */
#include <stdio.h>
#include <stdlib.h>
#include "gpu/gmc_wsched.h"

typedef struct {
    unsigned limit, nrun;
    uint32_t run[64];          /* the running set, least recently promoted first */
    uint32_t demoted;          /* the batch demoted last (valid with has_demoted) */
    int      has_demoted;
    uint64_t resident;         /* slots holding a warp */
} tbas_t;

static int running(const tbas_t *t, uint32_t b)
{
    for (unsigned i = 0; i < t->nrun; i++)
        if (t->run[i] == b)
            return 1;
    return 0;
}

/* Greedy then oldest over a non-empty mask. */
static int gto(const gmc_wsched_t *s, uint64_t m, const gmc_wsched_view_t *v)
{
    if (s->last >= 0 && (m >> s->last & 1))
        return s->last;
    int best = -1;
    for (; m; m &= m - 1) {
        int w = __builtin_ctzll(m);
        if (best < 0 || v->age[w] < v->age[best])
            best = w;
    }
    return best;
}

static int tbas_pick(const gmc_wsched_t *s, uint64_t cand, const gmc_wsched_view_t *v)
{
    const tbas_t *t = s->priv;
    uint64_t rc = 0, succ = 0, old = 0;
    uint32_t oldest = UINT32_MAX;
    for (uint64_t m = cand; m; m &= m - 1) {
        const unsigned w = (unsigned)__builtin_ctzll(m);
        const uint32_t b = gmc_wsched_batch(v, w);
        if (running(t, b))
            rc |= 1ULL << w;
        else if (t->has_demoted && b == t->demoted + 1)
            succ |= 1ULL << w;
        if (b < oldest) {
            oldest = b;
            old = 0;
        }
        if (b == oldest)
            old |= 1ULL << w;
    }
    return gto(s, rc ? rc : succ ? succ : old, v);
}

static void tbas_issued(gmc_wsched_t *s, int w, const gmc_wsched_view_t *v)
{
    tbas_t *t = s->priv;
    const uint32_t b = gmc_wsched_batch(v, (unsigned)w);
    if (running(t, b))
        return;
    if (t->nrun == t->limit) {   /* demote the batch promoted longest ago */
        t->demoted = t->run[0];
        t->has_demoted = 1;
        for (unsigned i = 1; i < t->nrun; i++)
            t->run[i - 1] = t->run[i];
        t->nrun--;
    }
    t->run[t->nrun++] = b;
}

static void tbas_launched(gmc_wsched_t *s, int w, const gmc_wsched_view_t *v)
{
    (void)v;
    ((tbas_t *)s->priv)->resident |= 1ULL << w;
}

static void tbas_exited(gmc_wsched_t *s, int w, const gmc_wsched_view_t *v)
{
    tbas_t *t = s->priv;
    t->resident &= ~(1ULL << w);
    const uint32_t b = gmc_wsched_batch(v, (unsigned)w);
    for (uint64_t m = t->resident; m; m &= m - 1)
        if (gmc_wsched_batch(v, (unsigned)__builtin_ctzll(m)) == b)
            return;   /* the batch still has warps here */
    for (unsigned i = 0; i < t->nrun; i++)
        if (t->run[i] == b) {
            for (unsigned j = i + 1; j < t->nrun; j++)
                t->run[j - 1] = t->run[j];
            t->nrun--;
            t->demoted = b;
            t->has_demoted = 1;
            break;
        }
}

static int tbas_init(gmc_wsched_t *s, char *err, size_t n)
{
    tbas_t *t = calloc(1, sizeof *t);
    if (!t) {
        snprintf(err, n, "warp_sched tbas: out of memory");
        return -1;
    }
    t->limit = s->machine->tbas_batches;
    s->priv = t;
    return 0;
}

static void tbas_free(gmc_wsched_t *s)
{
    free(s->priv);
    s->priv = NULL;
}

const gmc_wsched_ops_t gmc_wsched_tbas = {
    "tbas", "thread-batch-aware: a running set of thread batches, successor-first then oldest-first promotion",
    tbas_pick, tbas_issued, tbas_launched, tbas_exited, tbas_init, tbas_free, NULL,
};
