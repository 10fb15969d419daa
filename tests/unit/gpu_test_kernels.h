/* Small kernels for the GPU harness's unit tests, written here so the
 * tests do not depend on the workload library: `copy` (coalesced load,
 * ALU, store, `iters` times per warp), `gather` (each lane loads a
 * seeded random address in a footprint; a barrier every 2 loads) and
 * `atomics` (each lane an atomic on its own 32-byte sector, no sector
 * touched twice; a barrier after each). */
#ifndef GPU_TEST_KERNELS_H
#define GPU_TEST_KERNELS_H
#include <string.h>
#include "gpu/gmc_kernel.h"

typedef struct {
    uint32_t iters, kind;     /* 0 copy, 1 gather, 2 atomics */
    uint64_t footprint, seed;
} tk_t;

static inline uint64_t tk_mix(uint64_t x)
{
    x ^= x >> 33; x *= 0xff51afd7ed558ccdULL; x ^= x >> 33; x *= 0xc4ceb9fe1a85ec53ULL;
    return x ^ (x >> 33);
}

static inline void tk_begin(gmc_kernel_t *k, uint32_t cta, uint32_t warp, gmc_warp_cursor_t *c)
{
    memset(c, 0, sizeof *c);
    c->u.w[0] = (uint64_t)cta * gmc_kernel_warps_per_cta(k) + warp;   /* global warp */
}

/* w[1]: step; each iteration: LD, ALU, (ST | BAR) */
static inline int tk_next(gmc_kernel_t *k, gmc_warp_cursor_t *c, gmc_inst_t *in, char *err, size_t n)
{
    (void)err; (void)n;
    const tk_t *t = k->impl;
    uint64_t gw = c->u.w[0], step = c->u.w[1]++;
    uint64_t it = step / 3, ph = step % 3;
    if (it >= t->iters)
        return step == 3 * t->iters ? (in->op = GMC_OP_EXIT, in->mask = ~0u, in->pc = 0x900, 1) : 0;
    in->mask = ~0u;
    in->width = 4;
    in->lat = 0;
    in->pc = 0x100 + 16 * ph;
    if (ph == 0) {
        in->op = t->kind == 2 ? GMC_OP_ATOM : GMC_OP_LD;
        for (int l = 0; l < 32; l++) {
            uint64_t i = (gw * t->iters + it) * 32 + (uint64_t)l;
            in->addr[l] = t->kind == 0   ? 0x10000000ULL + 4 * i
                          : t->kind == 2 ? 0x60000000ULL + 32 * i
                                         : 0x20000000ULL + (tk_mix(t->seed ^ i) % t->footprint & ~3ULL);
        }
    } else if (ph == 1) {
        in->op = GMC_OP_ALU;
    } else if (t->kind == 0) {
        in->op = GMC_OP_ST;
        for (int l = 0; l < 32; l++)
            in->addr[l] = 0x40000000ULL + 4 * ((gw * t->iters + it) * 32 + (uint64_t)l);
    } else {
        in->op = GMC_OP_BAR;
    }
    return 1;
}

static const gmc_kernel_ops_t tk_ops = {tk_begin, tk_next, NULL};

static inline void tk_make(gmc_kernel_t *k, tk_t *t, uint32_t ctas, uint32_t threads)
{
    memset(k, 0, sizeof *k);
    k->ops = &tk_ops;
    strcpy(k->name, t->kind == 2 ? "atomics" : t->kind ? "gather" : "copy");
    k->grid[0] = ctas; k->grid[1] = k->grid[2] = 1;
    k->block[0] = threads; k->block[1] = k->block[2] = 1;
    k->regs_per_thread = 32;
    k->impl = t;
}
#endif
