#include "gmc_pcmwq.h"
#include <stdio.h>
#include <string.h>

gmc_observe_fn gmc_pcmwq_observer;   /* NULL: no RTL in the loop (gmc_observe.h) */

/* Mutation checks (build switches, never in a normal build; make
 * cosim-fault-pcmwq, tb/gmc_pcmwq.mk):
 *   -DGMC_FAULT_PCMWQ (= 1)  a coalescing write leaves the queued version
 *                            as it was, so a read hit forwards the first
 *                            queued version of its address, not the newest
 *                            -- the same bug as the RTL's `GMC_FAULT_PCMWQ;
 *   -DGMC_FAULT_PCMWQ=2      a completed drain frees its entry even when a
 *                            newer write coalesced into it during the drain
 *                            (W5's exception forgotten: that write is lost). */
#if defined(GMC_FAULT_PCMWQ) && GMC_FAULT_PCMWQ + 0 == 2
#define FAULT_STALE 0
#define FAULT_LOSE  1
#elif defined(GMC_FAULT_PCMWQ)
#define FAULT_STALE 1
#define FAULT_LOSE  0
#else
#define FAULT_STALE 0
#define FAULT_LOSE  0
#endif

static unsigned clog2(unsigned x)
{
    unsigned k = 0;
    while ((1u << k) < x)
        k++;
    return k;
}

static void derive(const gmc_pcmwq_cfg_t *c, unsigned *hw, unsigned *ow, unsigned *kw, unsigned *hyst,
                   uint64_t *amask, uint32_t *vmask)
{
    *hw = clog2(c->n);
    *ow = clog2(c->n + 1);
    *kw = c->mode != GMC_PCMWQ_NONE && c->kmax ? clog2(c->kmax + 1) : 0;
    *hyst = c->low + 1 < c->high;
    *amask = (1ull << c->aw) - 1;   /* aw <= 48 */
    *vmask = c->vw >= 32 ? ~0u : (1u << c->vw) - 1;
}

/* The parameters' ranges (HIGH_WM's and LOW_WM's depend on the others):
 * 0, or -1 with err. */
static int check_ranges(const gmc_pcmwq_cfg_t *c, char *err, size_t n)
{
    const unsigned hi_high = c->n >= 1 && c->n <= GMC_PCMWQ_N_MAX ? c->n : GMC_PCMWQ_N_MAX;
    const unsigned hi_low = c->high >= 1 && c->high <= hi_high ? c->high - 1 : hi_high - 1;
    const struct { const char *name; unsigned lo, hi, v; } lim[] = {
        {"ENTRIES", 1, GMC_PCMWQ_N_MAX, c->n},   {"ADDR_BITS", 1, GMC_PCMWQ_A_MAX, c->aw},
        {"VER_BITS", 1, GMC_PCMWQ_V_MAX, c->vw}, {"HIGH_WM", 1, hi_high, c->high},
        {"LOW_WM", 0, hi_low, c->low},           {"INTR_MODE", 0, 2, c->mode},
        {"MAX_INTR", 0, GMC_PCMWQ_K_MAX, c->kmax},
    };
    for (unsigned k = 0; k < sizeof lim / sizeof *lim; k++)
        if (lim[k].v < lim[k].lo || lim[k].v > lim[k].hi) {
            snprintf(err, n, "pcmwq: %s: expected %u..%u, found %u", lim[k].name, lim[k].lo, lim[k].hi,
                     lim[k].v);
            return -1;
        }
    return 0;
}

int gmc_pcmwq_cfg_check(const gmc_pcmwq_cfg_t *c, char *err, size_t n)
{
    if (check_ranges(c, err, n))
        return -1;
    unsigned hw, ow, kw, hyst;
    uint64_t am;
    uint32_t vm;
    derive(c, &hw, &ow, &kw, &hyst, &am, &vm);
    if (hw != c->hw || ow != c->ow || kw != c->kw || hyst != c->hyst || am != c->amask || vm != c->vmask) {
        snprintf(err, n, "pcmwq: derived fields do not match the parameters (use gmc_pcmwq_cfg_init)");
        return -1;
    }
    return 0;
}

int gmc_pcmwq_cfg_init(gmc_pcmwq_cfg_t *c, unsigned entries, unsigned addr_bits, unsigned ver_bits,
                       unsigned high, unsigned low, unsigned mode, unsigned kmax, char *err, size_t n)
{
    memset(c, 0, sizeof *c);
    c->n = entries;
    c->aw = addr_bits;
    c->vw = ver_bits;
    c->high = high;
    c->low = low;
    c->mode = mode;
    c->kmax = kmax;
    if (check_ranges(c, err, n))
        return -1;
    derive(c, &c->hw, &c->ow, &c->kw, &c->hyst, &c->amask, &c->vmask);
    return 0;
}

void gmc_pcmwq_reset(const gmc_pcmwq_cfg_t *c, gmc_pcmwq_state_t *q)
{
    (void)c;
    memset(q, 0, sizeof *q);
}

unsigned gmc_pcmwq_entry_bits(const gmc_pcmwq_cfg_t *c) { return c->n * (c->aw + c->vw); }

unsigned gmc_pcmwq_state_bits(const gmc_pcmwq_cfg_t *c)
{
    return gmc_pcmwq_entry_bits(c) + c->hw + c->ow + 2 + (c->mode == GMC_PCMWQ_PAUSE) + c->hyst + c->kw;
}

static inline unsigned slot_of(const gmc_pcmwq_cfg_t *c, unsigned head, unsigned k)
{
    unsigned s = head + k;
    return s >= c->n ? s - c->n : s;
}

/* The queue position (0 = oldest) of the entry with address a, or -1:
 * W1's and W2's associative search. */
static int find(const gmc_pcmwq_cfg_t *c, const gmc_pcmwq_state_t *q, unsigned head, unsigned cnt,
                uint64_t a)
{
    for (unsigned k = 0; k < cnt; k++)
        if (q->addr_q[slot_of(c, head, k)] == a)
            return (int)k;
    return -1;
}

void gmc_pcmwq_step(const gmc_pcmwq_cfg_t *c, const gmc_pcmwq_state_t *q, const gmc_pcmwq_in_t *in,
                    gmc_pcmwq_state_t *d, gmc_pcmwq_out_t *out)
{
    const int rst = !in->rst_n;
    /* The control state as this cycle reads it (0 in reset); the entries
     * always read from q. */
    const unsigned head = rst ? 0 : q->head_q, cnt = rst ? 0 : q->cnt_q;
    const unsigned busy = rst ? 0 : q->busy_q, paused = rst ? 0 : q->paused_q;
    const unsigned redo = rst ? 0 : q->redo_q, dmq = rst ? 0 : q->dmode_q, icnt = rst ? 0 : q->icnt_q;
    const uint64_t wa = in->wr_addr & c->amask, ra = in->rd_addr & c->amask;
    const uint32_t wv = in->wr_ver & c->vmask;

    /* W1, W2: the searches. */
    const int wk = in->wr_valid ? find(c, q, head, cnt, wa) : -1;
    const int rk = in->rd_valid ? find(c, q, head, cnt, ra) : -1;
    const unsigned coal = wk >= 0, alloc = in->wr_valid && wk < 0 && cnt < c->n;
    out->wr_acc = (uint8_t)(coal | alloc);
    out->wr_coal = (uint8_t)coal;
    out->rd_hit = rk >= 0;
    out->rd_ver = rk >= 0 ? q->ver_q[slot_of(c, head, (unsigned)rk)] : 0;

    /* W4: the mode and the drain request (W3: the head). */
    const unsigned rdev = !in->dev_idle || (in->rd_valid && rk < 0);
    const unsigned dm = c->hyst && dmq ? cnt > c->low : cnt >= c->high;
    const unsigned running = busy && !paused;
    const unsigned drq = cnt && !running && (dm || !rdev);
    out->drq = (uint8_t)drq;
    out->drq_resume = (uint8_t)(drq && paused);
    out->drq_addr = drq ? q->addr_q[head] : 0;
    out->drq_ver = drq ? q->ver_q[head] : 0;
    out->busy = (uint8_t)running;
    out->occ = (uint8_t)cnt;
    out->dmode = (uint8_t)dm;

    /* W5, W6: completion and interruption of the running write. */
    const unsigned done = running && in->done;
    const unsigned intr = c->mode != GMC_PCMWQ_NONE && running && !in->done && !dm && rdev && in->intr_ok &&
                          (!c->kmax || icnt < c->kmax);
    out->intr = (uint8_t)intr;

    /* The entries (no reset: written as the RTL writes them). */
    if (alloc) {
        unsigned s = slot_of(c, head, cnt);
        d->addr_q[s] = wa;
        d->ver_q[s] = wv;
    }
#if !FAULT_STALE
    if (coal)
        d->ver_q[slot_of(c, head, (unsigned)wk)] = wv;
#endif
    if (rst) {
        d->head_q = d->cnt_q = d->busy_q = d->paused_q = d->redo_q = d->dmode_q = d->icnt_q = 0;
        return;
    }

    /* The control state, after every read of q (d may be q). */
    const unsigned start = drq && in->dev_rdy && !paused, resume = drq && in->dev_rdy && paused;
    const unsigned coal_head = wk == 0 && (busy || start);   /* written while its drain is on (W5) */
#if FAULT_LOSE
    const unsigned freed = done;
#else
    const unsigned freed = done && !redo && !coal_head;
#endif
    const unsigned cancel = intr && c->mode == GMC_PCMWQ_CANCEL;
    d->cnt_q = (uint8_t)(cnt + alloc - freed);
    d->head_q = (uint8_t)(freed ? slot_of(c, head, 1) : head);
    d->busy_q = (uint8_t)(done || cancel ? 0 : start ? 1 : busy);
    d->paused_q = (uint8_t)(c->mode == GMC_PCMWQ_PAUSE && (intr || (paused && !resume)));
    d->redo_q = (uint8_t)(done || cancel ? 0 : start ? coal_head : busy && (redo || coal_head));
    d->dmode_q = (uint8_t)(c->hyst && dm);
    if (c->kw)
        d->icnt_q = (uint8_t)(done ? 0 : icnt + intr);
}

void gmc_pcmwq_tally(const gmc_pcmwq_cfg_t *c, const gmc_pcmwq_in_t *in, const gmc_pcmwq_out_t *o,
                     gmc_pcmwq_stats_t *s)
{
    if (!in->rst_n)
        return;
    s->cycles++;
    s->writes += in->wr_valid;
    s->accepted += o->wr_acc;
    s->coalesced += o->wr_coal;
    s->refused += in->wr_valid && !o->wr_acc;
    s->reads += in->rd_valid;
    s->hits += o->rd_hit;
    s->starts += o->drq && in->dev_rdy && !o->drq_resume;
    s->resumes += o->drq && in->dev_rdy && o->drq_resume;
    s->completions += o->busy && in->done;
    s->interrupts += o->intr;
    s->full_cycles += o->occ == c->n;
    s->drain_cycles += o->dmode;
}
