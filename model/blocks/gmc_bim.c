#include "gmc_bim.h"
#include <stdio.h>
#include <string.h>

gmc_observe_fn gmc_bim_observer;   /* NULL: no RTL in the loop (gmc_observe.h) */

int gmc_bim_cfg_check(const gmc_bim_cfg_t *c, char *err, size_t n)
{
    if (c->width < 1 || c->width > 64) {
        snprintf(err, n, "bim: W must be 1..64, found %u", c->width);
        return -1;
    }
    if (c->reg_out > 1) {
        snprintf(err, n, "bim: REG_OUT must be 0 or 1, found %u", c->reg_out);
        return -1;
    }
    if (c->m.n != c->width) {
        snprintf(err, n, "bim: matrix is %ux%u but W is %u", c->m.n, c->m.n,
                 c->width);
        return -1;
    }
    for (unsigned i = 0; i < c->width; i++)
        if (c->m.row[i] & ~gmc_gf2_mask(c->width)) {
            snprintf(err, n, "bim: row %u uses input bits above W-1 = %u", i,
                     c->width - 1);
            return -1;
        }
    int dep = gmc_gf2_first_dependent_row(&c->m);
    if (dep >= 0) {
        snprintf(err, n,
                 "bim: matrix is not invertible (rank %u of %u; row %d is a "
                 "combination of earlier rows)",
                 gmc_gf2_rank(&c->m), c->width, dep);
        return -1;
    }
    return 0;
}

int gmc_bim_cfg_init(gmc_bim_cfg_t *c, const gmc_gf2_t *m, unsigned reg_out,
                     char *err, size_t n)
{
    memset(c, 0, sizeof *c);
    c->width = m->n;
    c->reg_out = reg_out;
    c->m = *m;
    int rc = gmc_bim_cfg_check(c, err, n);
    if (rc)
        return rc;
    gmc_gf2_t eff = c->m;
#ifdef GMC_FAULT_BIM
    /* Mutation check (build switch, never in a normal build): one flipped
     * matrix bit in the C model must make co-simulation fail. */
    eff.row[0] ^= 1ULL << (c->width - 1);
#endif
    /* Column j of M is the set of outputs input bit j feeds. */
    uint64_t col[64] = {0};
    for (unsigned i = 0; i < c->width; i++)
        for (unsigned j = 0; j < c->width; j++)
            if ((eff.row[i] >> j) & 1)
                col[j] |= 1ULL << i;
    for (unsigned k = 0; k < 8; k++)
        for (unsigned v = 0; v < 256; v++) {
            uint64_t acc = 0;
            for (unsigned b = 0; b < 8; b++)
                if (((v >> b) & 1) && 8 * k + b < 64)
                    acc ^= col[8 * k + b];
            c->lut[k][v] = acc;
        }
    return 0;
}

void gmc_bim_reset(const gmc_bim_cfg_t *c, gmc_bim_state_t *q)
{
    (void)c;
    q->valid_q = 0;
    q->addr_q = 0;
}

void gmc_bim_step(const gmc_bim_cfg_t *c, const gmc_bim_state_t *q,
                  const gmc_bim_in_t *in, gmc_bim_state_t *d,
                  gmc_bim_out_t *out)
{
    uint64_t a = in->addr & gmc_gf2_mask(c->width);
    if (!c->reg_out) {
        out->valid = in->valid & 1;
        out->addr = gmc_bim_map(c, a);
        *d = *q;
        return;
    }
    /* Asynchronous reset: the flops read 0 while rst_n is low (M x 0 = 0). */
    if (!in->rst_n) {
        out->valid = 0;
        out->addr = 0;
        d->valid_q = 0;
        d->addr_q = 0;
        return;
    }
    /* As in the RTL, the register holds the input address and the tree
     * follows it: the ports see M x addr delayed by one cycle either way. */
    out->valid = q->valid_q;
    out->addr = gmc_bim_map(c, q->addr_q);
    d->valid_q = in->valid & 1;
    d->addr_q = a;
}

void gmc_bim_observe(const void *inst, const gmc_bim_cfg_t *c, uint64_t a, uint64_t m)
{
    const gmc_bim_in_t in = {.rst_n = 1, .valid = 1, .addr = a};
    const gmc_bim_out_t out = {.valid = 1, .addr = m};
    gmc_bim_observer(inst, c, &in, &out, 0);
}
