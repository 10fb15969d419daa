/* gmc_sm_sb: a warp's scoreboard and an SM's functional units
 * (gmc_gpu_impl.h), the parts of issue that decide when an instruction
 * may go.
 *
 * The scoreboard is GPGPU-Sim's (src/gpgpu-sim/scoreboard.cc): an
 * instruction collides with the warp's pending writes when one of its
 * destination or source registers has one (RAW and WAW; no WAR: issue is
 * in order); its destinations are pending from its issue until its result
 * is written.  gmc keeps, with each pending register, the cycle it is
 * written, so a warp that waits for an ALU result sleeps until then (an
 * event, not a poll), and one that waits for a load sleeps until the load
 * completes (GMC_W_MEM; gmc_sm.c's completion re-checks it).
 *
 * The units are GPGPU-Sim's functional units as its scheduler sees them
 * (shader.cc, scheduler_unit::cycle and pipelined_simd_unit): a unit takes
 * an instruction when its initiation interval since the last one has
 * passed; with sub_core_model each scheduler issues only to its own units
 * (register_set::has_free(sub_core_model, reg_id)). */
#include <stdlib.h>
#include "gpu/gmc_gpu_impl.h"

/* Does the fetched instruction read or write register r?  rmask, a bit
 * per register number mod 64, answers most "no"s at once. */
static inline int uses(const gmc_warp_t *w, uint16_t r)
{
    if (!(w->rmask >> (r & 63) & 1))
        return 0;
    const unsigned n = (unsigned)w->ndst + w->nsrc;
    for (unsigned j = 0; j < n; j++)
        if (w->reg[j] == r)
            return 1;
    return 0;
}

/* The k-th smallest (k >= 1) cycle among the entries live after now. */
static uint64_t kth_end(const gmc_warp_t *w, uint64_t now, unsigned k)
{
    uint64_t last = now, v = 0;
    unsigned taken = 0;
    while (taken < k) {   /* k is small and rare (a full table): selection by passes */
        v = UINT64_MAX;
        unsigned cnt = 0;
        for (unsigned i = 0; i < w->sb_n; i++)
            if (w->sb_at[i] > last && w->sb_at[i] < v)
                v = w->sb_at[i];
        if (v == UINT64_MAX)
            return GMC_SB_LOAD;
        for (unsigned i = 0; i < w->sb_n; i++)
            cnt += w->sb_at[i] == v;
        taken += cnt;
        last = v;
    }
    return v;
}

uint64_t gmc_sb_wait(const gmc_gpu_t *g, gmc_warp_t *w, uint64_t now)
{
    const uint8_t op = w->in.op;
    /* everything before it: a GMC_DEPS_SERIAL instruction, and BAR and
     * EXIT (a barrier and the warp's end wait for its loads and results,
     * as GPGPU-Sim's warp is done only with no instruction in its
     * pipeline) */
    if (w->ended || w->deps != GMC_DEPS_REGS || op == GMC_OP_BAR || op == GMC_OP_EXIT)
        return w->nld ? GMC_SB_LOAD : w->done_at;
    if ((op == GMC_OP_LD || op == GMC_OP_ATOM) && w->nld >= g->m->loads_per_warp)
        return GMC_SB_LOAD;   /* its load slots are taken: the next completion frees one */
    uint64_t t = 0;
    unsigned live = 0;
    for (unsigned i = 0; i < w->sb_n; i++) {
        const uint64_t at = w->sb_at[i];
        if (at <= now)
            continue;   /* written: a free entry (gmc_sb_issue reuses it) */
        live++;
        if (at > t && uses(w, w->sb_reg[i]))
            t = at;
    }
    if (live + (unsigned)w->ndst > GMC_SB_MAX) {   /* the table is full: room first */
        const uint64_t r = kth_end(w, now, live + w->ndst - GMC_SB_MAX);
        t = r > t ? r : t;
    }
    return t;
}

/* Its destinations are pending until `at`: each takes the entry of the
 * same register (written by now: WAW made the instruction wait), else a
 * written one, else a new one (gmc_sb_wait left room). */
void gmc_sb_issue(gmc_warp_t *w, uint64_t now, uint64_t at)
{
    if (w->deps != GMC_DEPS_REGS)
        return;
    for (unsigned j = 0; j < w->ndst; j++) {
        const uint16_t r = w->reg[j];
        unsigned i = 0, fr = GMC_SB_MAX;
        for (; i < w->sb_n && w->sb_reg[i] != r; i++)
            if (fr == GMC_SB_MAX && w->sb_at[i] <= now)
                fr = i;
        if (i == w->sb_n)
            i = fr < GMC_SB_MAX ? fr : w->sb_n < GMC_SB_MAX ? w->sb_n++ : GMC_SB_MAX;
        if (i < GMC_SB_MAX) {
            w->sb_reg[i] = r;
            w->sb_at[i] = at;
        }
    }
}

void gmc_sb_release(gmc_warp_t *w, const gmc_ld_t *l, uint64_t at)
{
    for (unsigned j = 0; j < l->ndst; j++)
        for (unsigned i = 0; i < w->sb_n; i++)
            if (w->sb_reg[i] == l->dst[j] && w->sb_at[i] == GMC_SB_LOAD) {
                w->sb_at[i] = at;
                break;
            }
}

/* ------------------------------------------------------------ units */

int gmc_units_init(const gmc_gpu_t *g, gmc_sm_t *s)
{
    const gmc_machine_t *m = g->m;
    const unsigned groups = m->sub_core_model ? m->schedulers_per_sm : 1;
    unsigned total = 0;
    for (unsigned k = 0; k < groups; k++)
        for (unsigned c = 1; c < GMC_UNIT_N; c++) {
            const unsigned u = gmc_machine_get(m, gmc_machine_unit_key(c, 0));
            /* scheduler k owns units k, k + groups, ... (gmc_machine_check:
             * at least one each) */
            const unsigned cnt = u / groups + (k < u % groups);
            s->uoff[k][c] = (uint16_t)total;
            s->ucnt[k][c] = (uint8_t)cnt;
            total += cnt;
        }
    s->ufree = calloc(total ? total : 1, sizeof *s->ufree);
    return s->ufree ? 0 : -1;
}

int gmc_unit_take(const gmc_gpu_t *g, gmc_sm_t *s, unsigned group, unsigned unit, uint64_t now)
{
    const unsigned c = g->umap[unit];
    uint64_t *f = s->ufree + s->uoff[group][c];
    const unsigned n = s->ucnt[group][c];
    unsigned j = 0;
    while (j < n && f[j] > now)
        j++;
    if (j == n)
        return 0;
    f[j] = now + g->uii[unit];
    uint64_t mn = f[0];
    for (unsigned i = 1; i < n; i++)
        mn = f[i] < mn ? f[i] : mn;
    s->umin[group][c] = mn;
    return 1;
}
