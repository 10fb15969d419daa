/* gmc_vec_hgalloc: the hold-grant allocator (model/blocks/gmc_hgalloc.h) as
 * the one verification flow sees it -- stimulus, configuration names,
 * ports, coverage and the properties checked in lockstep.
 *
 * Configuration name: c<C>_m<M>_p<POLICY>_r<ROW_BITS>_b<BANK_BITS>_
 * k<HASH_BITS>_l<HOLD_LIMIT>_pb<PER_BANK>_f<HOLD_FORCE>, e.g.
 * c4_m4_p3_r8_b2_k4_l3_pb0_f1 (HMHG4 over 4 x 4 ports, at most 3 holds in a
 * row).  The ports are the packed view (gmc_hgalloc_pin_t / _pout_t), so a
 * configuration's C*M, C*ROW_BITS, C*BANK_BITS and M*clog2(C) are at most
 * 64.
 *
 * Stimulus (the vector files' and the lockstep's): phases of 8..135 cycles,
 *   stream  each input sends a stream of heads to one output: closed loop,
 *           a head leaves when granted and the next goes to the same output
 *           (and mostly the same row and bank) with probability 7/8 or 1/2,
 *           else elsewhere or nowhere; idle inputs start streams;
 *   hot     the same, every stream to one of two outputs (holds, limits);
 *   multi   streams, each input also requesting 1..3 other outputs
 *           (HOLD_FORCE's two readings differ only here);
 *   random  fresh random request sets, rows and banks every cycle.
 * Rows come mostly from {0..3} (keys match and miss often), banks from the
 * BANK_BITS range.  en_i per phase: all enabled, each output off 1 cycle in
 * 8, or a sticky mask that changes 1 cycle in 4 (holds across disabled
 * cycles).  Reset: gmc_stim_reset_impl.h's rule. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include "blocks/gmc_hgalloc.h"
#include "gmc_block.h"
#include "gmc_stim_reset_impl.h"
#include "util/gmc_rng.h"

#define RESET_LEN_AT 40

enum { PH_STREAM, PH_HOT, PH_MULTI, PH_RANDOM, NPHASES };

typedef struct {
    gmc_rng_t rng;
    gmc_hgalloc_cfg_t c;
    unsigned reset_shift, rst_left;
    unsigned phase, left, en_level, keep8, hot;
    uint64_t en_sticky;
    uint64_t active;                 /* inputs with a head */
    uint8_t  tgt[GMC_HGALLOC_C_MAX];  /* its output */
    uint64_t extra[GMC_HGALLOC_C_MAX];/* multi: other outputs it also requests */
    uint32_t row[GMC_HGALLOC_C_MAX];
    uint8_t  bank[GMC_HGALLOC_C_MAX];
} stim_t;

static uint32_t draw_row(stim_t *s)
{
    gmc_rng_t *r = &s->rng;
    return gmc_rng_below(r, 8) ? (uint32_t)gmc_rng_below(r, 4) : (uint32_t)gmc_rng_u64(r);
}

/* A new head for input i: a fresh output, row and bank. */
static void new_stream(stim_t *s, unsigned i)
{
    gmc_rng_t *r = &s->rng;
    const unsigned m = s->c.no;
    s->tgt[i] = (uint8_t)(s->phase == PH_HOT ? (gmc_rng_below(r, 2) ? s->hot : 0) : gmc_rng_below(r, m));
    s->row[i] = draw_row(s);
    s->bank[i] = (uint8_t)gmc_rng_below(r, 1u << s->c.bank_bits);
    s->extra[i] = 0;
    if (s->phase == PH_MULTI)
        for (unsigned k = 1 + (unsigned)gmc_rng_below(r, 3); k; k--)
            s->extra[i] |= 1ull << gmc_rng_below(r, m);
    s->active |= 1ull << i;
}

static void stim_init(stim_t *s, const gmc_hgalloc_cfg_t *c, uint64_t seed, unsigned reset_shift)
{
    memset(s, 0, sizeof *s);
    gmc_rng_seed(&s->rng, seed);
    s->c = *c;
    s->reset_shift = reset_shift;
    s->rst_left = GMC_STIM_RESET_FIRST;
}

/* The heads granted last cycle leave; the next ones come. */
static void advance(stim_t *s, const gmc_hgalloc_pout_t *prev)
{
    gmc_rng_t *r = &s->rng;
    const gmc_hgalloc_cfg_t *c = &s->c;
    for (uint64_t m = prev->gnt & c->omask; m; m &= m - 1) {
        unsigned o = (unsigned)__builtin_ctzll(m);
        unsigned i = (unsigned)((prev->gnt_in >> (o * c->iwi)) & ((1u << c->iwi) - 1));
        if (i >= c->ni || !(s->active >> i & 1))
            continue;
        if (gmc_rng_below(r, 8) < s->keep8) {          /* the stream goes on */
            if (gmc_rng_below(r, 8) == 0)
                s->row[i] = draw_row(s);
            if (gmc_rng_below(r, 8) == 0)
                s->bank[i] = (uint8_t)gmc_rng_below(r, 1u << c->bank_bits);
        } else if (gmc_rng_below(r, 4)) {
            new_stream(s, i);
        } else {
            s->active &= ~(1ull << i);
        }
    }
    for (unsigned i = 0; i < c->ni; i++)
        if (!(s->active >> i & 1) && gmc_rng_below(r, 8) == 0)
            new_stream(s, i);
}

static void stim_next(stim_t *s, const gmc_hgalloc_pout_t *prev, gmc_hgalloc_pin_t *pin)
{
    gmc_rng_t *r = &s->rng;
    const gmc_hgalloc_cfg_t *c = &s->c;
    uint64_t x = gmc_rng_u64(r);
    if (s->left == 0) {
        s->phase = (unsigned)gmc_rng_below(r, NPHASES);
        s->left = 8 + (unsigned)(x & 127);
        unsigned e = (unsigned)((x >> 8) & 7);
        s->en_level = e < 4 ? 0 : e < 6 ? 1 : 2;
        s->keep8 = (x >> 11) & 1 ? 7 : 4;
        s->hot = (unsigned)gmc_rng_below(r, c->no);
        s->en_sticky = c->omask;
        for (unsigned i = 0; i < c->ni; i++)
            if (s->active >> i & 1)
                new_stream(s, i);
        x = gmc_rng_u64(r);
    }
    s->left--;
    gmc_hgalloc_in_t in;
    memset(&in, 0, sizeof in);
    in.rst_n = gmc_stim_reset(&s->rst_left, x, s->reset_shift, RESET_LEN_AT);
    advance(s, prev);

    if (s->en_level == 0)
        in.en = c->omask;
    else if (s->en_level == 1)
        in.en = ~(gmc_rng_u64(r) & gmc_rng_u64(r) & gmc_rng_u64(r));
    else {
        if (gmc_rng_below(r, 4) == 0)
            s->en_sticky = gmc_rng_u64(r) | gmc_rng_u64(r);
        in.en = s->en_sticky;
    }
    for (unsigned i = 0; i < c->ni; i++) {
        if (s->phase == PH_RANDOM) {
            in.req[i] = gmc_rng_below(r, 2) ? gmc_rng_u64(r) & gmc_rng_u64(r) & gmc_rng_u64(r) : 0;
            in.row[i] = draw_row(s);
            in.bank[i] = (uint8_t)gmc_rng_below(r, 1u << c->bank_bits);
            continue;
        }
        if (s->active >> i & 1)
            in.req[i] = (1ull << s->tgt[i]) | s->extra[i];
        in.row[i] = s->row[i];
        in.bank[i] = s->bank[i];
    }
    gmc_hgalloc_in_pack(c, &in, pin);
}

/* ------------------------------------------------------------ description */

static int blk_parse(const char *str, void *vc, char *err, size_t n)
{
    static const char *const tags[] = {"c", "m", "p", "r", "b", "k", "l", "pb", "f"};
    uint64_t v[9];
    if (gmc_block_parse_fields(str, tags, 9, v, err, n))
        return -1;
    for (unsigned k = 0; k < 9; k++)
        if (v[k] > 65535)
            v[k] = 65536;   /* out of every range: the check names it */
    gmc_hgalloc_cfg_t *c = vc;
    if (gmc_hgalloc_cfg_init(c, (unsigned)v[0], (unsigned)v[1], (unsigned)v[2], (unsigned)v[3],
                             (unsigned)v[4], (unsigned)v[5], (unsigned)v[6], (unsigned)v[7],
                             (unsigned)v[8], err, n))
        return -1;
    if (!gmc_hgalloc_ports_fit(c)) {
        snprintf(err, n, "configuration '%s': expected ports of at most 64 bits (C*M, C*ROW_BITS, "
                 "C*BANK_BITS, M*clog2(C)), found req_i %u, row_i %u, bank_i %u, gnt_in_o %u bits",
                 str, c->ni * c->no, c->ni * c->row_bits, c->ni * c->bank_bits, c->no * c->iwi);
        return -1;
    }
    return 0;
}

static void blk_name(const void *vc, char *b, size_t n)
{
    const gmc_hgalloc_cfg_t *c = vc;
    snprintf(b, n, "c%u_m%u_p%u_r%u_b%u_k%u_l%u_pb%u_f%u", c->ni, c->no, c->policy, c->row_bits,
             c->bank_bits, c->hash_bits, c->limit, c->per_bank, c->force);
}

#define GMC_PORT_T_in  gmc_hgalloc_pin_t
#define GMC_PORT_T_out gmc_hgalloc_pout_t
static unsigned blk_ports(const void *vc, gmc_port_t *p)
{
    const gmc_hgalloc_cfg_t *c = vc;
    unsigned k = 0;
    GMC_HGALLOC_PORTS(GMC_PORT_ENTRY, c->ni, c->no, c->row_bits, c->bank_bits, c->iwi)
    return k;
}

static unsigned blk_params(const void *vc, gmc_param_t *p)
{
    const gmc_hgalloc_cfg_t *c = vc;
    static const char *const key[] = {"NUM_IN", "NUM_OUT", "POLICY", "ROW_BITS", "BANK_BITS",
                                      "HASH_BITS", "HOLD_LIMIT", "PER_BANK", "HOLD_FORCE"};
    static const char *const rtl[] = {"NumIn", "NumOut", "Policy", "RowBits", "BankBits",
                                      "HashBits", "HoldLimit", "PerBank", "HoldForce"};
    const unsigned v[] = {c->ni, c->no, c->policy, c->row_bits, c->bank_bits,
                          c->hash_bits, c->limit, c->per_bank, c->force};
    for (unsigned k = 0; k < 9; k++) {
        p[k].key = key[k];
        p[k].rtl = rtl[k];
        snprintf(p[k].value, sizeof p[k].value, "%u", v[k]);
    }
    return 9;
}

static void blk_reset(const void *c, void *q) { gmc_hgalloc_reset(c, q); }
static void blk_step(const void *c, const void *q, const void *in, void *d, void *out)
{
    if (d != q)
        memcpy(d, q, sizeof(gmc_hgalloc_state_t));
    gmc_hgalloc_pstep(c, d, in, out);
}
/* Vector files are short: a reset every 2^8 cycles; lockstep 2^12. */
static void blk_stim_init(void *s, const void *vc, uint64_t seed, int use)
{
    stim_init(s, vc, seed, use == GMC_STIM_VECTORS ? 8 : 12);
}
static void blk_stim_next(void *s, const void *prev, void *in) { stim_next(s, prev, in); }

/* Coverage: grants, cycles with two or more, holds, holds the limit ended,
 * and holds a key mismatch ended (the holder requests its output, its key
 * differs from the stored one). */
enum { CV_GRANTS, CV_MULTI, CV_HOLDS, CV_LIMITS, CV_KEY_MISS, CV_N };
static const char *const cov_names[CV_N] = {"grants", "multi_grants", "holds", "limit_ends", "key_misses"};

static void blk_cov_pre(const void *vc, const void *vq, const void *vin, uint64_t *n)
{
    const gmc_hgalloc_cfg_t *c = vc;
    const gmc_hgalloc_state_t *q = vq;
    if (!c->kw)
        return;
    gmc_hgalloc_in_t in;
    gmc_hgalloc_in_unpack(c, vin, &in);
    if (!in.rst_n)
        return;
    for (unsigned i = 0; i < c->ni; i++) {
        int o = gmc_hgalloc_held_out(c, q, i);
        if (o < 0 || !(in.req[i] & in.en & (1ull << o)))
            continue;
        unsigned e = c->per_bank ? in.bank[i] : 0;
        n[CV_KEY_MISS] += gmc_hgalloc_key(c, in.row[i]) != q->key_q[(unsigned)o * c->ne + e];
    }
}

static void blk_cov_post(const void *vc, const void *vin, const void *vout, uint64_t *n)
{
    (void)vc, (void)vin;
    const gmc_hgalloc_pout_t *o = vout;
    unsigned g = (unsigned)__builtin_popcountll(o->gnt);
    n[CV_GRANTS] += g;
    n[CV_MULTI] += g >= 2;
    n[CV_HOLDS] += (uint64_t)__builtin_popcountll(o->hold);
    n[CV_LIMITS] += (uint64_t)__builtin_popcountll(o->lim);
}

static int blk_cov_required(const void *vc, unsigned k)
{
    const gmc_hgalloc_cfg_t *c = vc;
    switch (k) {
    case CV_MULTI:    return c->ni > 1 && c->no > 1;
    case CV_HOLDS:    return c->policy != GMC_HGALLOC_NONE;
    case CV_LIMITS:   return c->policy != GMC_HGALLOC_NONE && c->limit;
    case CV_KEY_MISS: return c->kw != 0;
    default:          return 1;
    }
}

/* ------------------------------------------------------------ properties
 * Checked every cycle on the outputs C and RTL agree on, from the ports
 * alone (a mirror of the hold state kept from the grants), so a bug both
 * sides share is caught too:
 *   p_one_per_input  no input granted two outputs;
 *   p_req_only       a grant is a request to an enabled output;
 *   p_idx            gnt_in_o is 0 where nothing is granted;
 *   p_work           a request to an enabled output gives some grant;
 *   p_hold           hold_o is exactly "the output's last grantee requests
 *                    it again, its key matches, the limit allows" and is
 *                    then granted (HOLD_FORCE = 0: when it requests only
 *                    that output); lim_o exactly "... but the limit";
 *   p_limit          at most HOLD_LIMIT holds in a row at an output;
 *   p_bound          an input that requests exactly one output o, in
 *                    every cycle o is enabled, is granted within B such
 *                    cycles: B = (C-1)*(L+1) + 1 with a limit L, C with
 *                    no policy (rtl/gmc_hgalloc.sv proves it and that it is
 *                    tight; no bound without a limit, the paper's case). */
typedef struct {
    int8_t   holder[GMC_HGALLOC_M_MAX];   /* last grantee per output, -1 none */
    uint32_t run[GMC_HGALLOC_M_MAX];      /* holds in a row */
    uint32_t key[GMC_HGALLOC_M_MAX << GMC_HGALLOC_BANK_MAX];
    int8_t   wt[GMC_HGALLOC_C_MAX];       /* the output an input waits for, -1 */
    uint32_t w[GMC_HGALLOC_C_MAX];        /* counted cycles it has waited */
    uint32_t max_w, max_run;
    int      init;
} chk_t;

static void chk_clear(chk_t *k)
{
    memset(k->holder, -1, sizeof k->holder);
    memset(k->run, 0, sizeof k->run);
    memset(k->key, 0, sizeof k->key);
    memset(k->wt, -1, sizeof k->wt);
    memset(k->w, 0, sizeof k->w);
    k->init = 1;
}

static unsigned bound_of(const gmc_hgalloc_cfg_t *c)
{
    return !c->policy ? c->ni : c->limit ? (c->ni - 1) * (c->limit + 1) + 1 : 0;
}

static const char *blk_check(void *vk, const void *vc, const void *vin, const void *vout)
{
    chk_t *k = vk;
    const gmc_hgalloc_cfg_t *c = vc;
    const gmc_hgalloc_pout_t *po = vout;
    gmc_hgalloc_in_t in;
    gmc_hgalloc_in_unpack(c, vin, &in);
    if (!k->init || !in.rst_n)
        chk_clear(k);   /* the state reads as reset in a reset cycle */
    const unsigned iwm = (1u << c->iwi) - 1;
    uint64_t used = 0;
    int any = 0;
    for (unsigned i = 0; i < c->ni; i++)
        any |= (in.req[i] & in.en) != 0;
    if (any && !po->gnt)
        return "p_work (a request to an enabled output, but no grant)";
    for (unsigned o = 0; o < c->no; o++) {
        unsigned gi = (unsigned)(po->gnt_in >> (o * c->iwi)) & iwm;
        int g = (int)(po->gnt >> o & 1);
        if (!g) {
            if (gi)
                return "p_idx (gnt_in_o not 0 where nothing is granted)";
        } else {
            if (gi >= c->ni || !(in.req[gi] >> o & 1) || !(in.en >> o & 1))
                return "p_req_only (a grant that is not a request to an enabled output)";
            if (used >> gi & 1)
                return "p_one_per_input (an input granted two outputs)";
            used |= 1ull << gi;
        }
        /* The hold rules, from the mirror. */
        int h = k->holder[o], hreq = h >= 0 && (in.req[h] & in.en) >> o & 1;
        int match = 1;
        if (hreq && c->kw)
            match = gmc_hgalloc_key(c, in.row[h]) ==
                    k->key[o * c->ne + (c->per_bank ? in.bank[h] : 0)];
        int below = !c->limit || k->run[o] < c->limit;
        int ok = c->policy && hreq && match && below;
        int lim = c->policy && hreq && match && !below;
        if ((int)(po->lim >> o & 1) != lim)
            return "p_hold (lim_o is not: the holder requests, its key matches, the limit stops it)";
        if ((po->hold >> o & 1) && !(ok && g && (int)gi == h))
            return "p_hold (hold_o on a grant that is not the holder's eligible hold)";
        if (ok && (c->force || (in.req[h] & in.en) == 1ull << o) && !((po->hold >> o & 1) && (int)gi == h))
            return "p_hold (an eligible hold was not granted)";
    }
    if (!in.rst_n)
        return NULL;
    /* The bound. */
    const unsigned bnd = bound_of(c);
    for (unsigned i = 0; i < c->ni; i++) {
        uint64_t r = in.req[i] & in.en;
        if (used >> i & 1) {
            k->w[i] = 0;
            k->wt[i] = -1;
        } else if (k->wt[i] >= 0 && (in.req[i] >> k->wt[i] & 1) && !(in.en >> k->wt[i] & 1)) {
            /* its output is disabled: nothing moves there */
        } else if (r && !(r & (r - 1))) {
            int o = __builtin_ctzll(r);
            k->w[i] = k->wt[i] == o ? k->w[i] + 1 : 1;
            k->wt[i] = (int8_t)o;
            if (k->w[i] > k->max_w)
                k->max_w = k->w[i];
            if (bnd && k->w[i] >= bnd)
                return "p_bound (an input requesting one output was not granted within the bound)";
        } else {
            k->w[i] = 0;
            k->wt[i] = -1;
        }
    }
    /* The mirror's next state. */
    for (unsigned o = 0; o < c->no; o++) {
        if (po->gnt >> o & 1) {
            unsigned gi = (unsigned)(po->gnt_in >> (o * c->iwi)) & iwm;
            k->run[o] = (po->hold >> o & 1) ? k->run[o] + 1 : 0;
            if (k->run[o] > k->max_run)
                k->max_run = k->run[o];
            if (c->limit && k->run[o] > c->limit)
                return "p_limit (more than HOLD_LIMIT holds in a row)";
            if (c->kw)
                k->key[o * c->ne + (c->per_bank ? in.bank[gi] : 0)] = gmc_hgalloc_key(c, in.row[gi]);
        }
        if (in.en >> o & 1)
            k->holder[o] = (po->gnt >> o & 1) ? (int8_t)((po->gnt_in >> (o * c->iwi)) & iwm) : -1;
        else if (k->holder[o] >= 0 && (used >> k->holder[o] & 1))
            k->holder[o] = -1;
    }
    return NULL;
}

static void blk_report(const void *vk, const void *vc, FILE *f)
{
    const chk_t *k = vk;
    const gmc_hgalloc_cfg_t *c = vc;
    unsigned b = bound_of(c);
    if (b)
        fprintf(f, "longest wait of a one-output requester: %u of bound %u; longest hold run %u\n",
                k->max_w, b - 1, k->max_run);
    else
        fprintf(f, "longest wait of a one-output requester: %u (no bound: holds unlimited); longest "
                "hold run %u\n", k->max_w, k->max_run);
}

static const gmc_block_opt_t vec_opts[] = {
    {"--inputs", "C", "c", 4, 1, GMC_HGALLOC_C_MAX, 0, 0, "NUM_IN parameter (NumIn): inputs"},
    {"--outputs", "M", "m", 4, 1, GMC_HGALLOC_M_MAX, 0, 0, "NUM_OUT parameter (NumOut): outputs"},
    {"--policy", "0..3", "p", 1, 0, 3, 0, 0, "POLICY parameter (Policy): 0 none, 1 HG, 2 RMHG, 3 HMHG"},
    {"--row-bits", "R", "r", 8, 1, GMC_HGALLOC_ROW_MAX, 0, 0, "ROW_BITS parameter (RowBits): row width"},
    {"--bank-bits", "B", "b", 2, 1, GMC_HGALLOC_BANK_MAX, 0, 0, "BANK_BITS parameter (BankBits): bank width"},
    {"--hash-bits", "K", "k", 4, 1, 32, 0, 0, "HASH_BITS parameter (HashBits): HMHG's hash width"},
    {"--hold-limit", "L", "l", 0, 0, GMC_HGALLOC_LIMIT_MAX, 0, 0,
     "HOLD_LIMIT parameter (HoldLimit): holds in a row, 0 = unlimited"},
    {"--per-bank", "0|1", "pb", 0, 0, 1, 0, 0, "PER_BANK parameter (PerBank): 1 = a key per output and bank"},
    {"--force", "0|1", "f", 1, 0, 1, 0, 0,
     "HOLD_FORCE parameter (HoldForce): 1 = sec. 3.4's masking, 0 = sec. 3.2's priority"},
    {0},
};

const gmc_block_t gmc_block_hgalloc = {
    .name = "hgalloc",
    .module = "gmc_hgalloc",
    .config_help = "c<C>_m<M>_p<POLICY>_r<ROW_BITS>_b<BANK_BITS>_k<HASH_BITS>_l<HOLD_LIMIT>_pb<PER_BANK>_f"
                   "<HOLD_FORCE>, e.g. c4_m4_p3_r8_b2_k4_l3_pb0_f1 (HMHG4, 4 x 4 ports, at most 3 holds "
                   "in a row)",
    .fault_help = "RTL and C (=1): the hold limit lets one hold too many; C (=2): an output that "
                  "arbitrates and grants nobody keeps its hold; RTL and C=1 together: only the "
                  "properties (p_hold, p_limit) can catch it",
    .vec_about = "the hold-grant allocator",
    .vec_opts = vec_opts,
    .state_size = sizeof(gmc_hgalloc_state_t),
    .in_size = sizeof(gmc_hgalloc_pin_t),
    .out_size = sizeof(gmc_hgalloc_pout_t),
    .parse = blk_parse,
    .name_of = blk_name,
    .ports = blk_ports,
    .params = blk_params,
    .reset = blk_reset,
    .step = blk_step,
    .stim_init = blk_stim_init,
    .stim_next = blk_stim_next,
    .cfg_size = sizeof(gmc_hgalloc_cfg_t),
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
