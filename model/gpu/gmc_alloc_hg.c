/* gmc_alloc_hg: the hold-grant allocator of Yuan et al. [MICRO'09] as a
 * switch allocator (contract in gmc_alloc.h): each call is one cycle of
 * the RTL-twinned block gmc_hgalloc (model/blocks/gmc_hgalloc.h), the
 * function co-simulation checks against rtl/gmc_hgalloc.sv.
 *
 * Mapping: the block's inputs are the input ports, its outputs the
 * outputs; en = the ready outputs; req[i] = the ready outputs that a head
 * of one of port i's VCs targets.  Rows (RMHG, HMHG): port i's row and
 * bank are those of the head of the VC it would send to the output it
 * holds (with one VC: its head's).  A grant (i, o) goes to the first VC
 * of port i whose head targets o, round robin from after the VC granted
 * last (with one VC: the port's only requester).  PER_BANK is the paper's
 * for each policy (RMHG per output and bank, HMHG per output) and
 * HOLD_FORCE sec. 3.4's (the holder's other requests are cleared).
 *
 * With one VC and policy none this is today's round robin exactly: each
 * input requests one output, stage 1 has nothing to choose, and stage 2 is
 * gmc_alloc_rr's per-output round robin with the same starting pointer.
 *
 * Speed: the request rows are built from the ready outputs' columns and
 * cleared after the step (only the ports that requested are touched); the
 * block's state is stepped in place. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "blocks/gmc_hgalloc.h"
#include "gpu/gmc_alloc.h"

typedef struct {
    gmc_hgalloc_cfg_t   c;
    gmc_hgalloc_state_t q;
    gmc_hgalloc_in_t    in;        /* req rows zero between calls */
    gmc_hgalloc_out_t   out;
    uint32_t            ni, nv, words;
    uint8_t             vc_last[GMC_HGALLOC_C_MAX];   /* VC granted last (vcs > 1) */
} hg_t;

/* The first VC of port i whose head requests output o, round robin from
 * after the VC granted last. */
static uint32_t pick_vc(const hg_t *h, const gmc_alloc_in_t *in, uint32_t i, uint32_t o)
{
    const uint64_t *col = in->req + (size_t)o * in->req_words;
    for (uint32_t k = 1; k <= h->nv; k++) {
        uint32_t v = (h->vc_last[i] + k) % h->nv, r = v * h->ni + i;
        if (col[r >> 6] >> (r & 63) & 1)
            return v;
    }
    return 0;   /* not reached: port i requests o */
}

static uint32_t hg_allocate(gmc_alloc_t *a, const gmc_alloc_in_t *in, uint32_t *req, uint32_t *out)
{
    hg_t *h = a->priv;
    const uint32_t ni = h->ni, nv = h->nv, words = in->req_words;
    uint64_t touched = 0;
    /* the request rows from the ready outputs' columns */
    for (uint64_t m = in->ready[0]; m; m &= m - 1) {
        uint32_t o = (uint32_t)__builtin_ctzll(m);
        const uint64_t *col = in->req + (size_t)o * words;
        if (nv == 1) {
            for (uint64_t b = col[0]; b; b &= b - 1) {
                uint32_t i = (uint32_t)__builtin_ctzll(b);
                h->in.req[i] |= 1ull << o;
                touched |= 1ull << i;
            }
            continue;
        }
        for (uint32_t w = 0; w < words; w++)
            for (uint64_t b = col[w]; b; b &= b - 1) {
                uint32_t r = w * 64 + (uint32_t)__builtin_ctzll(b), i = r % ni;
                if (r >= ni * nv)
                    break;
                h->in.req[i] |= 1ull << o;
                touched |= 1ull << i;
            }
    }
    h->in.en = in->ready[0];
    if (h->c.kw && in->row)
        for (uint64_t m = touched; m; m &= m - 1) {
            uint32_t i = (uint32_t)__builtin_ctzll(m), v = 0;
            if (nv > 1) {
                int held = gmc_hgalloc_held_out(&h->c, &h->q, i);
                uint64_t r = h->in.req[i];
                uint32_t o = held >= 0 && (r >> held & 1) ? (uint32_t)held : (uint32_t)__builtin_ctzll(r);
                v = pick_vc(h, in, i, o);
            }
            h->in.row[i] = in->row[v * ni + i];
            h->in.bank[i] = in->bank[v * ni + i];
        }
    gmc_hgalloc_step(&h->c, &h->q, &h->in, &h->q, &h->out);
    GMC_OBSERVE(gmc_hgalloc_observer, h, &h->c, &h->in, &h->out);
    uint32_t k = 0;
    for (uint64_t m = h->out.gnt; m; m &= m - 1) {
        uint32_t o = (uint32_t)__builtin_ctzll(m), i = h->out.gnt_in[o], v = 0;
        if (nv > 1) {
            v = pick_vc(h, in, i, o);
            h->vc_last[i] = (uint8_t)v;
        }
        req[k] = v * ni + i;
        out[k] = o;
        k++;
    }
    if (h->out.hold | h->out.lim) {
        a->holds += (uint64_t)__builtin_popcountll(h->out.hold);
        a->hold_ends += (uint64_t)__builtin_popcountll(h->out.lim);
    }
    for (uint64_t m = touched; m; m &= m - 1)
        h->in.req[__builtin_ctzll(m)] = 0;
    return k;
}

static void hg_free(gmc_alloc_t *a)
{
    free(a->priv);
    a->priv = NULL;
}

static int hg_init(gmc_alloc_t *a, char *err, size_t n)
{
    const gmc_alloc_cfg_t *c = &a->cfg;
    const gmc_alloc_hold_t *hd = &c->hold;
    const int rows = hd->policy == GMC_ALLOC_HOLD_RMHG || hd->policy == GMC_ALLOC_HOLD_HMHG;
    if (rows && hd->policy == GMC_ALLOC_HOLD_RMHG && hd->bank_bits > GMC_HGALLOC_BANK_MAX) {
        snprintf(err, n, "icnt allocator hgalloc: icnt_hold rmhg: expected at most %u banks per channel, "
                 "found %u", 1u << GMC_HGALLOC_BANK_MAX, 1u << hd->bank_bits);
        return -1;
    }
    hg_t *h = calloc(1, sizeof *h);
    if (!h) {
        snprintf(err, n, "icnt allocator hgalloc: out of memory");
        return -1;
    }
    /* widths the block takes; rows and banks only matter to RMHG/HMHG */
    unsigned rb = hd->row_bits < 1 ? 1 : hd->row_bits > GMC_HGALLOC_ROW_MAX ? GMC_HGALLOC_ROW_MAX : hd->row_bits;
    unsigned bb = hd->bank_bits < 1 ? 1 : hd->bank_bits > GMC_HGALLOC_BANK_MAX ? GMC_HGALLOC_BANK_MAX : hd->bank_bits;
    char why[200];
    if (gmc_hgalloc_cfg_init(&h->c, c->inputs, c->outputs, hd->policy, rb, bb,
                             hd->hash_bits ? hd->hash_bits : 4, hd->limit,
                             gmc_hgalloc_default_per_bank(hd->policy), 1, why, sizeof why)) {
        snprintf(err, n, "icnt allocator hgalloc: %s", why);
        free(h);
        return -1;
    }
    h->ni = c->inputs;
    h->nv = c->vcs;
    h->in.rst_n = 1;
    gmc_hgalloc_reset(&h->c, &h->q);
    for (uint32_t i = 0; i < c->inputs; i++)
        h->vc_last[i] = (uint8_t)(c->vcs - 1);   /* the first grant goes to VC 0 */
    a->priv = h;
    return 0;
}

const gmc_alloc_ops_t gmc_alloc_hg = {
    "hgalloc", "the hold-grant allocator of Yuan et al. [MICRO'09] (separable input-first, PIM; "
    "gmc_hgalloc, the RTL-twinned block)",
    GMC_HGALLOC_C_MAX, 1, hg_allocate, hg_init, hg_free,
};
