/* gmc_hgalloc_ports: the block's ports as the RTL has them, one packed
 * vector each (gmc_hgalloc.h, GMC_HGALLOC_PORTS), for the verification
 * flow; the system harness calls gmc_hgalloc_step on the per-input arrays
 * directly.  Packing is by port index: element k of a port lives in bits
 * [k*W +: W] (req_i[i*M +: M] is input i's row of requests). */
#include "gmc_hgalloc.h"
#include <string.h>

static inline uint64_t lowmask(unsigned w) { return w >= 64 ? ~0ull : (1ull << w) - 1; }

int gmc_hgalloc_ports_fit(const gmc_hgalloc_cfg_t *c)
{
    return c->ni * c->no <= 64 && c->ni * c->row_bits <= 64 && c->ni * c->bank_bits <= 64 &&
           c->no * c->iwi <= 64;
}

static uint64_t pack(unsigned n, unsigned w, const void *src, unsigned size)
{
    uint64_t v = 0, m = lowmask(w);
    for (unsigned k = 0; k < n; k++) {
        uint64_t x = size == 8 ? ((const uint64_t *)src)[k]
                   : size == 4 ? ((const uint32_t *)src)[k] : ((const uint8_t *)src)[k];
        v |= (x & m) << (k * w);
    }
    return v;
}

void gmc_hgalloc_in_pack(const gmc_hgalloc_cfg_t *c, const gmc_hgalloc_in_t *in, gmc_hgalloc_pin_t *p)
{
    p->rst_n = in->rst_n;
    p->en = in->en & c->omask;
    p->req = pack(c->ni, c->no, in->req, 8);
    p->row = pack(c->ni, c->row_bits, in->row, 4);
    p->bank = pack(c->ni, c->bank_bits, in->bank, 1);
}

void gmc_hgalloc_in_unpack(const gmc_hgalloc_cfg_t *c, const gmc_hgalloc_pin_t *p, gmc_hgalloc_in_t *in)
{
    memset(in, 0, sizeof *in);
    in->rst_n = p->rst_n & 1;
    in->en = p->en & c->omask;
    for (unsigned i = 0; i < c->ni; i++) {
        in->req[i] = (p->req >> (i * c->no)) & c->omask;
        in->row[i] = (uint32_t)((p->row >> (i * c->row_bits)) & lowmask(c->row_bits));
        in->bank[i] = (uint8_t)((p->bank >> (i * c->bank_bits)) & lowmask(c->bank_bits));
    }
}

void gmc_hgalloc_out_pack(const gmc_hgalloc_cfg_t *c, const gmc_hgalloc_out_t *o, gmc_hgalloc_pout_t *p)
{
    p->gnt = o->gnt;
    p->hold = o->hold;
    p->lim = o->lim;
    p->gnt_in = pack(c->no, c->iwi, o->gnt_in, 1);
}

void gmc_hgalloc_pstep(const gmc_hgalloc_cfg_t *c, gmc_hgalloc_state_t *q, const gmc_hgalloc_pin_t *in,
                       gmc_hgalloc_pout_t *out)
{
    gmc_hgalloc_in_t i;
    gmc_hgalloc_out_t o;
    gmc_hgalloc_in_unpack(c, in, &i);
    gmc_hgalloc_step(c, q, &i, q, &o);
    gmc_hgalloc_out_pack(c, &o, out);
}
