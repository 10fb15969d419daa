/* gmc_vec: self-describing co-simulation vector files.
 *
 *   # gmc-vectors 1
 *   # block bim
 *   # param W 30            (one line per RTL parameter)
 *   # <key> <value>         (preset, scheme, seed, stim-seed, cycles, ...)
 *   # ports rst_ni:1:in valid_i:1:in addr_i:30:in valid_o:1:out addr_o:30:out
 *   1 0 2a3f 0 0            (one line per cycle: port values in hex, port order)
 *
 * A line holds the inputs applied during that cycle (while the clock is low)
 * and the outputs expected once they have settled, before the rising edge. */
#ifndef GMC_VEC_H
#define GMC_VEC_H
#include <stdint.h>
#include <stdio.h>
#include "blocks/gmc_bim.h"
#include "util/gmc_rng.h"
#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    const char *preset, *scheme;   /* provenance, printed in the header */
    uint64_t seed, stim_seed;
    unsigned cycles;
} gmc_vec_meta_t;

/* Constrained-random stimulus for gmc_bim, shared by the vector writer and
 * the Verilator lockstep harness so both see the same kinds of inputs:
 * reset held for cycles 0-1 and asserted alone 1 cycle in 256 afterwards;
 * valid 3 in 4; the address uniform, or (1 in 8) a walking one, all ones or
 * zero, so every matrix column is exercised on its own. */
void gmc_bim_stim(gmc_rng_t *r, uint64_t cycle, unsigned width, gmc_bim_in_t *in);

/* The description's cfg (what gmc_block_vec_write takes with gmc_block_find
 * ("bim")) of any matrix, with meta's preset, scheme and seed for the
 * header; meta's strings must outlive it.  NULL if out of memory; free()
 * it. */
void *gmc_vec_bim_block_cfg(const gmc_bim_cfg_t *cfg, const gmc_vec_meta_t *meta);

/* Writes a complete vector file for cfg.  Returns 0, or -1 on write error. */
int  gmc_vec_bim_write(FILE *f, const gmc_bim_cfg_t *cfg, const gmc_vec_meta_t *meta);

#ifdef __cplusplus
}
#endif
#endif
