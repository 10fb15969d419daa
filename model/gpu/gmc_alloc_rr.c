/* gmc_alloc_rr: separable input-first round-robin allocation (contract
 * in gmc_alloc.h).
 *
 * Stage 1, per input port: of its VCs whose head requests a ready output,
 * the first at or after the one past the VC last granted, wrapping.
 * Stage 2, per ready output: of the inputs whose stage-1 pick requests it,
 * the first at or after the one past the input it granted last, wrapping.
 * A pointer moves only when its choice is granted at the end: an input's
 * to the granted VC, an output's to the granted input.  Pointers start
 * at the last port, so ties first go to port 0, then rotate.
 *
 * With one VC (the GPU harness's networks: vcs 1) stage 1 has nothing to
 * choose: an input's one head requests one output, so an input is
 * granted at most once and stage 2 alone is the allocation -- the fast
 * path below, a few word operations per ready output. */
#include <stdio.h>
#include <stdlib.h>
#include "gpu/gmc_alloc.h"

#define NONE UINT32_MAX

typedef struct {
    uint32_t *last;      /* [outputs]: input port granted last */
    uint32_t  nwi;       /* words of an input mask */
    /* VCs > 1 only */
    uint8_t  *vc_last;   /* [inputs]: VC granted last */
    uint64_t *cand;      /* [inputs]: VCs requesting a ready output (scratch, zero between calls) */
    uint32_t *out_of;    /* [inputs * vcs]: the output requester r requests (scratch) */
    uint32_t *touched;   /* inputs with cand set in this call (scratch) */
    uint8_t  *pick;      /* [inputs]: the VC stage 1 picked (scratch) */
    uint64_t *want;      /* [outputs * nwi]: inputs whose pick requests o (scratch, zero between calls) */
    uint64_t *wanted;    /* [ceil(outputs / 64)]: outputs with a want (scratch, zero between calls) */
} rr_t;

/* In one word: the first set bit at or after start (< 64), wrapping
 * around; NONE if none. */
static inline uint32_t rr_pick1(uint64_t m, uint32_t start)
{
    uint64_t b = m & (~0ull << start);
    b = b ? b : m;
    return b ? (uint32_t)__builtin_ctzll(b) : NONE;
}

/* The first set bit at or after start, wrapping around; NONE if none. */
static uint32_t rr_pick(const uint64_t *m, uint32_t nw, uint32_t start)
{
    if (nw == 1)
        return rr_pick1(m[0], start & 63);
    uint32_t w0 = start >> 6;
    uint64_t bits = m[w0] & (~0ull << (start & 63));
    for (uint32_t w = w0;;) {
        if (bits)
            return w * 64 + (uint32_t)__builtin_ctzll(bits);
        if (++w == nw)
            break;
        bits = m[w];
    }
    /* Wrap: any bit at or after start was found above, so whole words do. */
    for (uint32_t w = 0; w <= w0; w++)
        if (m[w])
            return w * 64 + (uint32_t)__builtin_ctzll(m[w]);
    return NONE;
}

/* One VC: each ready output grants the next requesting input. */
static uint32_t allocate_one_vc(rr_t *r, const gmc_alloc_cfg_t *c, const gmc_alloc_in_t *in,
                                uint32_t *req, uint32_t *out)
{
    const uint32_t nwo = (c->outputs + 63) / 64, words = in->req_words, ni = c->inputs;
    uint32_t k = 0;
    if (r->nwi == 1 && nwo == 1) {   /* up to 64 ports (every preset): one word each, no loops */
        uint32_t *last = r->last;
        for (uint64_t bits = in->ready[0]; bits; bits &= bits - 1) {
            uint32_t o = (uint32_t)__builtin_ctzll(bits);
            uint32_t i = rr_pick1(in->req[(size_t)o * words], last[o] + 1 == ni ? 0 : last[o] + 1);
            if (i == NONE)
                continue;
            last[o] = i;
            req[k] = i;
            out[k] = o;
            k++;
        }
        return k;
    }
    for (uint32_t w = 0; w < nwo; w++)
        for (uint64_t bits = in->ready[w]; bits; bits &= bits - 1) {
            uint32_t o = w * 64 + (uint32_t)__builtin_ctzll(bits);
            uint32_t start = r->last[o] + 1 == ni ? 0 : r->last[o] + 1;
            uint32_t i = rr_pick(in->req + (size_t)o * words, r->nwi, start);
            if (i == NONE)
                continue;
            r->last[o] = i;
            req[k] = i;
            out[k] = o;
            k++;
        }
    return k;
}

static uint32_t allocate_vcs(rr_t *r, const gmc_alloc_cfg_t *c, const gmc_alloc_in_t *in,
                             uint32_t *req, uint32_t *out)
{
    const uint32_t ni = c->inputs, nv = c->vcs, nwo = (c->outputs + 63) / 64;
    const uint32_t words = in->req_words, nreq = ni * nv;
    uint32_t nt = 0;
    /* stage 1's candidates: per input, the VCs requesting a ready output */
    for (uint32_t w = 0; w < nwo; w++)
        for (uint64_t bits = in->ready[w]; bits; bits &= bits - 1) {
            uint32_t o = w * 64 + (uint32_t)__builtin_ctzll(bits);
            const uint64_t *row = in->req + (size_t)o * words;
            for (uint32_t rw = 0; rw < words; rw++)
                for (uint64_t rb = row[rw]; rb; rb &= rb - 1) {
                    uint32_t q = rw * 64 + (uint32_t)__builtin_ctzll(rb);
                    if (q >= nreq)
                        break;
                    uint32_t v = q / ni, i = q - v * ni;
                    if (!r->cand[i])
                        r->touched[nt++] = i;
                    r->cand[i] |= 1ull << v;
                    r->out_of[q] = o;
                }
        }
    /* stage 1: each input picks one VC */
    for (uint32_t t = 0; t < nt; t++) {
        uint32_t i = r->touched[t];
        uint32_t v = rr_pick1(r->cand[i], r->vc_last[i] + 1u == nv ? 0 : r->vc_last[i] + 1u);
        r->cand[i] = 0;
        r->pick[i] = (uint8_t)v;
        uint32_t o = r->out_of[v * ni + i];
        r->want[(size_t)o * r->nwi + (i >> 6)] |= 1ull << (i & 63);
        r->wanted[o >> 6] |= 1ull << (o & 63);
    }
    /* stage 2: each output grants one of the inputs that picked it */
    uint32_t k = 0;
    for (uint32_t w = 0; w < nwo; w++) {
        for (uint64_t bits = r->wanted[w]; bits; bits &= bits - 1) {
            uint32_t o = w * 64 + (uint32_t)__builtin_ctzll(bits);
            uint64_t *row = r->want + (size_t)o * r->nwi;
            uint32_t i = rr_pick(row, r->nwi, r->last[o] + 1 == ni ? 0 : r->last[o] + 1);
            for (uint32_t x = 0; x < r->nwi; x++)
                row[x] = 0;
            r->last[o] = i;
            r->vc_last[i] = r->pick[i];
            req[k] = r->pick[i] * ni + i;
            out[k] = o;
            k++;
        }
        r->wanted[w] = 0;
    }
    return k;
}

static uint32_t rr_allocate(gmc_alloc_t *a, const gmc_alloc_in_t *in, uint32_t *req, uint32_t *out)
{
    rr_t *r = a->priv;
    return a->cfg.vcs == 1 ? allocate_one_vc(r, &a->cfg, in, req, out)
                           : allocate_vcs(r, &a->cfg, in, req, out);
}

static void rr_free(gmc_alloc_t *a)
{
    rr_t *r = a->priv;
    if (!r)
        return;
    free(r->last);
    free(r->vc_last);
    free(r->cand);
    free(r->out_of);
    free(r->touched);
    free(r->pick);
    free(r->want);
    free(r->wanted);
    free(r);
    a->priv = NULL;
}

static int rr_init(gmc_alloc_t *a, char *err, size_t n)
{
    const gmc_alloc_cfg_t *c = &a->cfg;
    rr_t *r = calloc(1, sizeof *r);
    if (!r) {
        snprintf(err, n, "icnt allocator rr: out of memory");
        return -1;
    }
    a->priv = r;
    r->nwi = (c->inputs + 63) / 64;
    r->last = malloc(c->outputs * sizeof *r->last);
    int ok = r->last != NULL;
    if (ok)
        for (uint32_t o = 0; o < c->outputs; o++)
            r->last[o] = c->inputs - 1;   /* the first grant starts at input 0 */
    if (ok && c->vcs > 1) {
        r->vc_last = malloc(c->inputs);
        r->cand = calloc(c->inputs, sizeof *r->cand);
        r->out_of = calloc((size_t)c->inputs * c->vcs, sizeof *r->out_of);
        r->touched = calloc(c->inputs, sizeof *r->touched);
        r->pick = calloc(c->inputs, 1);
        r->want = calloc((size_t)c->outputs * r->nwi, sizeof *r->want);
        r->wanted = calloc((c->outputs + 63) / 64, sizeof *r->wanted);
        ok = r->vc_last && r->cand && r->out_of && r->touched && r->pick && r->want && r->wanted;
        if (ok)
            for (uint32_t i = 0; i < c->inputs; i++)
                r->vc_last[i] = (uint8_t)(c->vcs - 1);
    }
    if (!ok) {
        snprintf(err, n, "icnt allocator rr: out of memory for %u x %u ports, %u VCs", c->inputs,
                 c->outputs, c->vcs);
        rr_free(a);
        return -1;
    }
    return 0;
}

const gmc_alloc_ops_t gmc_alloc_rr = {
    "rr", "separable input-first round robin (per input over its VCs, per output over the inputs)",
    0, 0, rr_allocate, rr_init, rr_free,
};
