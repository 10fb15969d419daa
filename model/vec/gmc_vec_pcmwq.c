/* gmc_vec_pcmwq: the PCM write queue (model/blocks/gmc_pcmwq.h) as the one
 * verification flow sees it -- stimulus, configuration names, ports,
 * coverage and the properties checked in lockstep.
 *
 * Configuration name: n<ENTRIES>_a<ADDR_BITS>_v<VER_BITS>_h<HIGH_WM>_
 * l<LOW_WM>_i<INTR_MODE>_k<MAX_INTR>, e.g. n8_a12_v8_h6_l2_i1_k4 (8
 * entries, drain from 6 down to 2, write cancellation, at most 4 per
 * drain).
 *
 * Stimulus (the vector files' and the lockstep's), closed loop:
 *   - a writer that offers a write (an address from a small pool, the next
 *     version of a running counter) and offers it again every cycle until
 *     wr_acc_o takes it, so back-pressure never loses one;
 *   - reads from the same pool (mostly), so hits and coalescing happen;
 *   - a device: a started write completes (done_i) after 1..4 cycles, or
 *     8..40 (PCM's long writes: reads and writes arrive meanwhile);
 *     cancelled writes are forgotten, paused ones keep their remaining
 *     cycles and go on when resumed; done_i is also raised, rarely, while
 *     no write runs (the block must ignore it);
 *   - phases of 8..135 cycles: quiet (few writes, the device mostly idle:
 *     drains when idle), burst (writes most cycles, a slower device: the
 *     queue fills, drain mode, back-pressure), reads (reads most cycles, a
 *     busy device, long writes: interruptions), random (every rate drawn).
 *     The pool is 1..4N addresses (fewer: coalescing; more: a full queue).
 * Reset: gmc_stim_reset_impl.h's rule. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include "blocks/gmc_pcmwq.h"
#include "gmc_block.h"
#include "gmc_stim_reset_impl.h"
#include "util/gmc_rng.h"

#define RESET_LEN_AT 40
#define POOL_MAX     (4 * GMC_PCMWQ_N_MAX)

enum { PH_QUIET, PH_BURST, PH_READS, PH_RANDOM, NPHASES };

typedef struct {
    gmc_rng_t rng;
    gmc_pcmwq_cfg_t c;
    unsigned reset_shift, rst_left;
    unsigned phase, left;
    unsigned p_wr, p_rd, p_idle, p_rdy, p_iok, p_long;   /* rates in 64ths */
    unsigned npool;
    uint64_t pool[POOL_MAX];
    uint32_t vctr;                     /* the versions' running counter */
    gmc_pcmwq_in_t prev;               /* last cycle's inputs */
    unsigned w_pend;                   /* a write waits to be accepted */
    uint64_t w_addr;
    uint32_t w_ver;
    unsigned dev_run, dev_rem, dev_paused, dev_prem;   /* the device's write */
} stim_t;

static unsigned coin(gmc_rng_t *r, unsigned p) { return (unsigned)gmc_rng_below(r, 64) < p; }

static uint64_t draw_addr(stim_t *s)
{
    gmc_rng_t *r = &s->rng;
    return gmc_rng_below(r, 8) ? s->pool[gmc_rng_below(r, s->npool)] : gmc_rng_u64(r) & s->c.amask;
}

static void new_phase(stim_t *s)
{
    gmc_rng_t *r = &s->rng;
    const unsigned n = s->c.n;
    s->phase = (unsigned)gmc_rng_below(r, NPHASES);
    s->left = 8 + (unsigned)gmc_rng_below(r, 128);
    /* A drained write takes about 5 cycles on average (fewer than a
     * write in 8 is long), so a write every 2-3 cycles fills the queue and
     * one in 16 lets it empty. */
    static const unsigned rates[NPHASES - 1][6] = {
        /* wr  rd idle rdy iok long */
        {4, 16, 56, 48, 32, 8},      /* quiet */
        {24, 16, 16, 32, 32, 8},     /* burst */
        {8, 48, 12, 40, 48, 32},     /* reads */
    };
    if (s->phase == PH_RANDOM) {
        s->p_wr = (unsigned)gmc_rng_below(r, 33);
        s->p_rd = (unsigned)gmc_rng_below(r, 65);
        s->p_idle = (unsigned)gmc_rng_below(r, 65);
        s->p_rdy = (unsigned)gmc_rng_below(r, 65);
        s->p_iok = (unsigned)gmc_rng_below(r, 65);
        s->p_long = (unsigned)gmc_rng_below(r, 33);
    } else {
        const unsigned *p = rates[s->phase];
        s->p_wr = p[0], s->p_rd = p[1], s->p_idle = p[2], s->p_rdy = p[3], s->p_iok = p[4], s->p_long = p[5];
    }
    static const unsigned mul4[] = {0, 2, 4, 8, 16};   /* pool = N * mul4 / 4 */
    unsigned np = (unsigned)gmc_rng_below(r, 4) == 0 ? 1 + (unsigned)gmc_rng_below(r, 3)
                                                     : n * mul4[1 + gmc_rng_below(r, 4)] / 4;
    if (np < 1)
        np = 1;
    if (s->c.aw < 20 && np > (1u << s->c.aw))
        np = 1u << s->c.aw;
    s->npool = np;
    for (unsigned k = 0; k < np; k++)
        s->pool[k] = gmc_rng_u64(r) & s->c.amask;
}

static void stim_init(stim_t *s, const gmc_pcmwq_cfg_t *c, uint64_t seed, unsigned reset_shift)
{
    memset(s, 0, sizeof *s);
    gmc_rng_seed(&s->rng, seed);
    s->c = *c;
    s->reset_shift = reset_shift;
    s->rst_left = GMC_STIM_RESET_FIRST;
}

/* The device's view of last cycle: what the block did with its write. */
static void device_advance(stim_t *s, const gmc_pcmwq_out_t *po)
{
    const gmc_pcmwq_in_t *pi = &s->prev;
    if (!pi->rst_n) {
        s->dev_run = s->dev_paused = 0;
        return;
    }
    if (po->busy && pi->done) {
        s->dev_run = 0;
    } else if (po->intr) {
        s->dev_run = 0;
        if (s->c.mode == GMC_PCMWQ_PAUSE) {
            s->dev_paused = 1;
            s->dev_prem = s->dev_rem;
        }
    }
    if (po->drq && pi->dev_rdy) {
        s->dev_run = 1;
        if (po->drq_resume) {
            s->dev_rem = s->dev_prem;
            s->dev_paused = 0;
        } else {
            s->dev_rem = coin(&s->rng, s->p_long) ? 8 + (unsigned)gmc_rng_below(&s->rng, 33)
                                                    : 1 + (unsigned)gmc_rng_below(&s->rng, 4);
        }
    } else if (s->dev_run && s->dev_rem) {
        s->dev_rem--;
    }
}

static void stim_next(stim_t *s, const gmc_pcmwq_out_t *prev, gmc_pcmwq_in_t *in)
{
    gmc_rng_t *r = &s->rng;
    const gmc_pcmwq_cfg_t *c = &s->c;
    uint64_t x = gmc_rng_u64(r);
    if (s->left == 0)
        new_phase(s);
    s->left--;
    device_advance(s, prev);
    if (s->prev.wr_valid && prev->wr_acc)
        s->w_pend = 0;   /* taken last cycle */

    memset(in, 0, sizeof *in);
    in->rst_n = gmc_stim_reset(&s->rst_left, x, s->reset_shift, RESET_LEN_AT);
    if (!s->w_pend && coin(r, s->p_wr)) {
        s->w_pend = 1;
        s->w_addr = draw_addr(s);
        s->w_ver = ++s->vctr & c->vmask;
    }
    if (s->w_pend) {
        in->wr_valid = 1;
        in->wr_addr = s->w_addr;
        in->wr_ver = s->w_ver;
    }
    if (coin(r, s->p_rd)) {
        in->rd_valid = 1;
        in->rd_addr = draw_addr(s);
    }
    in->dev_idle = (uint8_t)coin(r, s->p_idle);
    in->dev_rdy = (uint8_t)coin(r, s->p_rdy);
    in->intr_ok = (uint8_t)coin(r, s->p_iok);
    in->done = (uint8_t)(s->dev_run ? s->dev_rem == 0 : gmc_rng_below(r, 64) == 0);
    s->prev = *in;
}

/* ------------------------------------------------------------ description */

static int blk_parse(const char *str, void *vc, char *err, size_t n)
{
    static const char *const tags[] = {"n", "a", "v", "h", "l", "i", "k"};
    uint64_t v[7];
    if (gmc_block_parse_fields(str, tags, 7, v, err, n))
        return -1;
    for (unsigned k = 0; k < 7; k++)
        if (v[k] > 65535)
            v[k] = 65536;   /* out of every range: the check names it */
    return gmc_pcmwq_cfg_init(vc, (unsigned)v[0], (unsigned)v[1], (unsigned)v[2], (unsigned)v[3],
                              (unsigned)v[4], (unsigned)v[5], (unsigned)v[6], err, n);
}

static void blk_name(const void *vc, char *b, size_t n)
{
    const gmc_pcmwq_cfg_t *c = vc;
    snprintf(b, n, "n%u_a%u_v%u_h%u_l%u_i%u_k%u", c->n, c->aw, c->vw, c->high, c->low, c->mode, c->kmax);
}

#define GMC_PORT_T_in  gmc_pcmwq_in_t
#define GMC_PORT_T_out gmc_pcmwq_out_t
static unsigned blk_ports(const void *vc, gmc_port_t *p)
{
    const gmc_pcmwq_cfg_t *c = vc;
    unsigned k = 0;
    GMC_PCMWQ_PORTS(GMC_PORT_ENTRY, c->aw, c->vw, c->ow)
    return k;
}

static unsigned blk_params(const void *vc, gmc_param_t *p)
{
    const gmc_pcmwq_cfg_t *c = vc;
    static const char *const key[] = {"ENTRIES", "ADDR_BITS", "VER_BITS", "HIGH_WM", "LOW_WM",
                                      "INTR_MODE", "MAX_INTR"};
    static const char *const rtl[] = {"Entries", "AddrBits", "VerBits", "HighWm", "LowWm",
                                      "IntrMode", "MaxIntr"};
    const unsigned v[] = {c->n, c->aw, c->vw, c->high, c->low, c->mode, c->kmax};
    for (unsigned k = 0; k < 7; k++) {
        p[k].key = key[k];
        p[k].rtl = rtl[k];
        snprintf(p[k].value, sizeof p[k].value, "%u", v[k]);
    }
    return 7;
}

static void blk_reset(const void *c, void *q) { gmc_pcmwq_reset(c, q); }
static void blk_step(const void *c, const void *q, const void *in, void *d, void *out)
{
    gmc_pcmwq_step(c, q, in, d, out);
}
/* Vector files are short: a reset every 2^8 cycles; lockstep 2^14. */
static void blk_stim_init(void *s, const void *vc, uint64_t seed, int use)
{
    stim_init(s, vc, seed, use == GMC_STIM_VECTORS ? 8 : 14);
}
static void blk_stim_next(void *s, const void *prev, void *in) { stim_next(s, prev, in); }

/* Coverage: writes accepted, coalesced and refused (full), read hits,
 * drains started (and of those, outside drain mode: the device was
 * otherwise idle) and completed, completions that keep their entry (a
 * write coalesced during the drain), interruptions, resumes, interruptions
 * the limit refused, and cycles in drain mode. */
enum { CV_ACC, CV_COAL, CV_REFUSED, CV_HITS, CV_STARTS, CV_IDLE_STARTS, CV_DONE, CV_KEPT, CV_INTR, CV_RESUME,
       CV_FORCED, CV_DMODE, CV_N };
static const char *const cov_names[CV_N] = {"accepted", "coalesced", "refused", "hits", "starts",
                                            "idle_starts", "completions", "kept", "interrupts", "resumes",
                                            "forced", "drain_mode"};

static void blk_cov_pre(const void *vc, const void *vq, const void *vin, uint64_t *n)
{
    const gmc_pcmwq_cfg_t *c = vc;
    const gmc_pcmwq_state_t *q = vq;
    const gmc_pcmwq_in_t *in = vin;
    if (!in->rst_n || !q->busy_q || q->paused_q)
        return;
    n[CV_KEPT] += in->done && q->redo_q;
    n[CV_FORCED] += c->kw && q->icnt_q == c->kmax && !in->dev_idle && in->intr_ok && !in->done;
}

static void blk_cov_post(const void *vc, const void *vin, const void *vout, uint64_t *n)
{
    (void)vc;
    const gmc_pcmwq_in_t *in = vin;
    const gmc_pcmwq_out_t *o = vout;
    if (!in->rst_n)
        return;
    n[CV_ACC] += o->wr_acc;
    n[CV_COAL] += o->wr_coal;
    n[CV_REFUSED] += in->wr_valid && !o->wr_acc;
    n[CV_HITS] += o->rd_hit;
    n[CV_STARTS] += o->drq && in->dev_rdy && !o->drq_resume;
    n[CV_IDLE_STARTS] += o->drq && in->dev_rdy && !o->drq_resume && !o->dmode;
    n[CV_RESUME] += o->drq && in->dev_rdy && o->drq_resume;
    n[CV_DONE] += o->busy && in->done;
    n[CV_INTR] += o->intr;
    n[CV_DMODE] += o->dmode;
}

static int blk_cov_required(const void *vc, unsigned k)
{
    const gmc_pcmwq_cfg_t *c = vc;
    /* The most entries the queue can hold: distinct addresses. */
    const unsigned most = c->aw >= 7 || (1u << c->aw) >= c->n ? c->n : 1u << c->aw;
    switch (k) {
    case CV_REFUSED: return most == c->n;
    case CV_DMODE:   return most >= c->high;
    case CV_INTR:    return c->mode != GMC_PCMWQ_NONE;
    case CV_RESUME:  return c->mode == GMC_PCMWQ_PAUSE;
    case CV_FORCED:  return c->kw != 0;
    default:         return 1;
    }
}

/* ------------------------------------------------------------ properties
 * Checked every cycle on the outputs C and RTL agree on, against a mirror
 * of the queue kept from the ports alone (its entries in arrival order,
 * the drained write's state), so a bug both sides share is caught too:
 *   p_accept  a write is refused only when N entries are queued and none
 *             has its address; it coalesces exactly when one has (W1);
 *   p_hit     a read hits exactly the queued addresses and returns the
 *             newest accepted version (W2);
 *   p_occ     occ_o is the mirror's count, at most N;
 *   p_order   a drain request names the oldest entry with its newest
 *             version (a resume: the paused write), nothing else (W3);
 *   p_drain   drq_o exactly when entries wait, no write runs and (drain
 *             mode or no read needs the device) (W4: reads first);
 *   p_mode    drain mode's hysteresis on the occupancy (W4);
 *   p_busy    busy_o exactly while a started or resumed write has neither
 *             completed nor been interrupted;
 *   p_intr    intr_o exactly when W6 allows, at most MAX_INTR per drain;
 *   p_keep    (through the mirror) an entry leaves only at its drain's
 *             completion, and stays if it was written during the drain. */
typedef struct {
    int      init;
    unsigned cnt, busy, paused, redo, icnt, dm;
    uint64_t addr[GMC_PCMWQ_N_MAX];
    uint32_t ver[GMC_PCMWQ_N_MAX];
    unsigned max_icnt, max_occ;
    uint64_t kept;
} chk_t;

static void chk_clear(chk_t *k)
{
    k->cnt = k->busy = k->paused = k->redo = k->icnt = k->dm = 0;
    k->init = 1;
}

static int chk_find(const chk_t *k, uint64_t a)
{
    for (unsigned i = 0; i < k->cnt; i++)
        if (k->addr[i] == a)
            return (int)i;
    return -1;
}

static const char *blk_check(void *vk, const void *vc, const void *vin, const void *vout)
{
    chk_t *k = vk;
    const gmc_pcmwq_cfg_t *c = vc;
    const gmc_pcmwq_in_t *in = vin;
    const gmc_pcmwq_out_t *o = vout;
    if (!k->init || !in->rst_n)
        chk_clear(k);   /* the state reads as reset in a reset cycle */
    const uint64_t wa = in->wr_addr & c->amask, ra = in->rd_addr & c->amask;
    const int wk = in->wr_valid ? chk_find(k, wa) : -1, rk = in->rd_valid ? chk_find(k, ra) : -1;
    if (o->wr_coal != (wk >= 0) || o->wr_acc != (in->wr_valid && (wk >= 0 || k->cnt < c->n)))
        return "p_accept (a write refused with room or a match, accepted into a full queue, or wr_coal_o wrong)";
    if (o->rd_hit != (rk >= 0) || o->rd_ver != (rk >= 0 ? k->ver[rk] : 0))
        return "p_hit (a read hit that is not a queued address, a miss on one, or not its newest version)";
    if (o->occ != k->cnt || k->cnt > c->n)
        return "p_occ (occ_o is not the entries queued, or more than N)";
    const unsigned dm = k->dm ? k->cnt > c->low : k->cnt >= c->high;
    if (o->dmode != dm)
        return "p_mode (drain mode is not: entered at HIGH_WM, left at LOW_WM)";
    const unsigned running = k->busy && !k->paused;
    const unsigned rdev = !in->dev_idle || (in->rd_valid && rk < 0);
    if (o->drq != (k->cnt && !running && (dm || !rdev)))
        return "p_drain (a drain request while a read needs the device outside drain mode, while a write "
               "runs or with an empty queue; or none when one is due)";
    if (o->drq ? o->drq_addr != k->addr[0] || o->drq_ver != k->ver[0] || o->drq_resume != k->paused
               : o->drq_addr || o->drq_ver || o->drq_resume)
        return "p_order (the drain request is not the oldest entry with its newest version)";
    if (o->busy != running)
        return "p_busy (busy_o is not: a started write neither completed nor interrupted)";
    const unsigned intr = c->mode != GMC_PCMWQ_NONE && running && !in->done && !dm && rdev && in->intr_ok &&
                          (!c->kmax || k->icnt < c->kmax);
    if (o->intr != intr)
        return "p_intr (an interruption W6 does not allow, or a missing one)";
    if (!in->rst_n)
        return NULL;

    /* The mirror's next state: writes first (a write that coalesces into
     * the drained entry in the cycle it completes keeps it queued). */
    const unsigned done = running && in->done;
    const unsigned start = o->drq && in->dev_rdy && !o->drq_resume, resume = o->drq && in->dev_rdy && o->drq_resume;
    const unsigned coal_head = wk == 0 && (k->busy || start);
    if (wk >= 0) {
        k->ver[wk] = in->wr_ver & c->vmask;
    } else if (o->wr_acc) {
        k->addr[k->cnt] = wa;
        k->ver[k->cnt++] = in->wr_ver & c->vmask;
    }
    if (done) {
        if (k->redo || coal_head) {
            k->kept++;
        } else {
            memmove(k->addr, k->addr + 1, (k->cnt - 1) * sizeof *k->addr);
            memmove(k->ver, k->ver + 1, (k->cnt - 1) * sizeof *k->ver);
            k->cnt--;
        }
        k->busy = k->redo = k->icnt = 0;
    } else if (intr) {
        if (++k->icnt > k->max_icnt)
            k->max_icnt = k->icnt;
        if (c->mode == GMC_PCMWQ_CANCEL)
            k->busy = k->redo = 0;
        else
            k->paused = 1, k->redo |= coal_head;
    } else if (start) {
        k->busy = 1;
        k->redo = coal_head;
    } else if (k->busy) {
        k->paused &= !resume;
        k->redo |= coal_head;
    }
    if (c->kmax && k->icnt > c->kmax)
        return "p_intr (more than MAX_INTR interruptions of one drain)";
    if (k->cnt > k->max_occ)
        k->max_occ = k->cnt;
    k->dm = dm;
    return NULL;
}

static void blk_report(const void *vk, const void *vc, FILE *f)
{
    const chk_t *k = vk;
    const gmc_pcmwq_cfg_t *c = vc;
    fprintf(f, "most entries queued: %u of %u; most interruptions of one drain: %u (limit %u%s); "
            "completions that kept their entry: %llu\n", k->max_occ, c->n, k->max_icnt, c->kmax,
            c->kmax ? "" : ", none", (unsigned long long)k->kept);
}

static const gmc_block_opt_t vec_opts[] = {
    {"--entries", "N", "n", 8, 1, GMC_PCMWQ_N_MAX, 0, 0, "ENTRIES parameter (Entries): queue entries"},
    {"--addr-bits", "A", "a", 12, 1, GMC_PCMWQ_A_MAX, 0, 0, "ADDR_BITS parameter (AddrBits): address width"},
    {"--ver-bits", "V", "v", 8, 1, GMC_PCMWQ_V_MAX, 0, 0, "VER_BITS parameter (VerBits): data version width"},
    {"--high", "H", "h", 6, 1, GMC_PCMWQ_N_MAX, 0, 0, "HIGH_WM parameter (HighWm): drain mode from H entries, H <= N"},
    {"--low", "L", "l", 2, 0, GMC_PCMWQ_N_MAX - 1, 0, 0, "LOW_WM parameter (LowWm): drain mode down to L entries, L < H"},
    {"--intr", "0..2", "i", 1, 0, 2, 0, 0,
     "INTR_MODE parameter (IntrMode): a read during a drained write: 0 waits, 1 cancels it, 2 pauses it"},
    {"--max-intr", "K", "k", 4, 0, GMC_PCMWQ_K_MAX, 0, 0,
     "MAX_INTR parameter (MaxIntr): interruptions per drain, 0 = no limit"},
    {0},
};

const gmc_block_t gmc_block_pcmwq = {
    .name = "pcmwq",
    .module = "gmc_pcmwq",
    .config_help = "n<ENTRIES>_a<ADDR_BITS>_v<VER_BITS>_h<HIGH_WM>_l<LOW_WM>_i<INTR_MODE>_k<MAX_INTR>, e.g. "
                   "n8_a12_v8_h6_l2_i1_k4 (8 entries, drain from 6 down to 2, write cancellation, at most "
                   "4 per drain)",
    .fault_help = "RTL and C (=1): a coalescing write leaves the queued version as it was (a read hit "
                  "forwards the first queued version, not the newest); C (=2): a completed drain frees its "
                  "entry though a newer write coalesced into it meanwhile; RTL and C=1 together: only the "
                  "properties (p_hit) can catch it",
    .vec_about = "the PCM write queue",
    .vec_opts = vec_opts,
    GMC_BLOCK_STD(pcmwq),
    .cfg_size = sizeof(gmc_pcmwq_cfg_t),
    .stim_size = sizeof(stim_t),
    .chk_size = sizeof(chk_t),
    .ncov = CV_N,
    .cov_min_cycles = 1000,
    .cov_names = cov_names,
    .cov_pre = blk_cov_pre,
    .cov_post = blk_cov_post,
    .cov_required = blk_cov_required,
    .check = blk_check,
    .report = blk_report,
};
