/* gmc_vec_bankarb: stimulus and vector files for gmc_bankarb.
 *
 *   # gmc-vectors 1
 *   # block bankarb
 *   # param NB 16
 *   # param TWO_LEVEL 1
 *   # stim-seed 1
 *   # cycles 512
 *   # ports rst_ni:1:in en_i:1:in req_i:16:in hi_i:16:in gnt_o:16:out gnt_hi_o:1:out gnt_idx_o:4:out valid_o:1:out
 *   1 1 8a01 0800 0800 1 b 1     (one line per cycle: port values in hex, port order)
 *
 * A line holds the inputs applied during that cycle (while the clock is low)
 * and the outputs expected once they have settled, before the rising edge
 * (the format of model/vec/gmc_vec.h). */
#ifndef GMC_VEC_BANKARB_H
#define GMC_VEC_BANKARB_H
#include <stdint.h>
#include <stdio.h>
#include "blocks/gmc_bankarb.h"
#include "util/gmc_rng.h"
#ifdef __cplusplus
extern "C" {
#endif

/* Constrained-random stimulus, shared by the vector writer and the Verilator
 * lockstep harness so both see the same kinds of inputs.  Phases of 8..135
 * cycles, each with its own request shape and high-pool density:
 *   sparse  req bits 1 in 8, fresh every cycle
 *   dense   req bits 3 in 4, fresh every cycle
 *   all     every bank requests
 *   single  one bank requests (it moves 1 cycle in 16)
 *   held    a bank keeps requesting until it is granted (closed loop: the
 *           previous cycle's grant is an input), arrivals 1 in 16 or 1 in 4
 *           per bank and cycle, pool membership sticky (one bank changes
 *           pool 1 cycle in 8): the case the starvation bounds speak of.
 * hi density per phase: none, 1/8, 1/4, 1/2, 3/4, 7/8 or all (also on banks
 * that do not request, which the arbiter must ignore).  en_i per phase:
 * always 1, 0 one cycle in 16, or 0 one cycle in 2.  Reset: rst_ni low in
 * cycles 0 and 1, then 1..4 cycles long, one start in 2^reset_shift cycles
 * (gmc_stim_reset_impl.h, the rule every block's stimulus shares). */
typedef struct {
    gmc_rng_t rng;
    uint64_t  mask;           /* NB low bits */
    unsigned  nb;
    unsigned  reset_shift;
    unsigned  rst_left;       /* cycles of reset still to drive */
    unsigned  phase, left;    /* current phase, cycles left in it */
    unsigned  hi_level, en_level, arr_level;
    unsigned  bank;           /* the single phase's bank */
    uint64_t  pending;        /* held phase: banks still requesting */
    uint64_t  hi_sticky;      /* held phase: pool membership */
} gmc_bankarb_stim_t;

enum { GMC_BANKARB_PH_SPARSE, GMC_BANKARB_PH_DENSE, GMC_BANKARB_PH_ALL,
       GMC_BANKARB_PH_SINGLE, GMC_BANKARB_PH_HELD, GMC_BANKARB_NPHASES };

void gmc_bankarb_stim_init(gmc_bankarb_stim_t *s, uint64_t seed, unsigned nb,
                           unsigned reset_shift);
/* Next cycle's inputs; last_gnt = gnt_o of the cycle before (0 at first). */
void gmc_bankarb_stim_next(gmc_bankarb_stim_t *s, uint64_t last_gnt, gmc_bankarb_in_t *in);

/* Writes a complete vector file (reset_shift 8).  Returns 0, or -1 on write
 * error. */
int  gmc_vec_bankarb_write(FILE *f, const gmc_bankarb_cfg_t *cfg, uint64_t stim_seed,
                           unsigned cycles);

#ifdef __cplusplus
}
#endif
#endif
