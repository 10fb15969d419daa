/* gmc_vec_wmc: stimulus and vector files for gmc_wmc (Warped-MC's tables).
 *
 *   # gmc-vectors 1
 *   # block wmc
 *   # param SM_BITS 5          (the eight RTL parameters, in the RTL's order)
 *   ...
 *   # param PT_BITS 64
 *   # stim-seed 1
 *   # cycles 512
 *   # ports rst_ni:1:in enq_i:1:in ... hi_o:16:out   (GMC_WMC_PORTS order)
 *   1 1 03 1c 0040a2f0 3 2a ...   (one line per cycle: port values in hex)
 *
 * A line holds the inputs applied during that cycle (while the clock is low)
 * and the outputs expected once they have settled, before the rising edge
 * (the format of model/vec/gmc_vec.h).
 *
 * The stimulus is shared by the vector writer and the Verilator lockstep
 * harness (tb/lockstep_gmc_wmc.cpp).  It is constrained so that the tables'
 * interesting paths come up often, not once in a blue moon:
 *   warps    a hot set of 6 warps (new set every phase), 1 in 16 events
 *            go to a random warp; each hot warp keeps a PC (a new PC 1 in 32
 *            enqueues: with PC_HASH_BITS > 0 that aliases a live entry).
 *   counts   a shadow of the WET (same saturating rules) steers services to
 *            warps with pending requests, so counts reach 1 and 0 often; 1 in
 *            32 services go to a warp with none (wet_unf_o).  Phase "flood"
 *            enqueues one warp without services until past saturation
 *            (wet_ovf_o).
 *   same     1 in 12 cycles the service is the enqueued warp (cancel);
 *   cycle    1 in 12 cycles open, svc and sch name one bank (PT order).
 *   banks    a hot set of 2 banks, 1 in 8 any index 0..2^BW-1 (also >= NB).
 *   rows     4 hot rows per phase; columns 4 hot columns.
 *   pick     mask of several hot/random slots; pref a masked slot 1 in 2
 *            (so sometimes among the best), else any slot.
 *   sch      prio H 1/2, M 1/4, L 1/8, 3 1/8.
 *   reset    rst_ni low in cycles 0 and 1, then 1..4 cycles long, one
 *            start in 2^reset_shift cycles (gmc_stim_reset_impl.h, the
 *            rule every block's stimulus shares). */
#ifndef GMC_VEC_WMC_H
#define GMC_VEC_WMC_H
#include <stdint.h>
#include <stdio.h>
#include "blocks/gmc_wmc.h"
#include "util/gmc_rng.h"
#ifdef __cplusplus
extern "C" {
#endif

enum { GMC_WMC_STIM_HOT = 6, GMC_WMC_STIM_ROWS = 4, GMC_WMC_STIM_COLS = 4 };
enum { GMC_WMC_PH_MIXED, GMC_WMC_PH_BUSY, GMC_WMC_PH_DRAIN, GMC_WMC_PH_FLOOD,
       GMC_WMC_NPHASES };

typedef struct {
    gmc_rng_t rng;
    gmc_wmc_cfg_t cfg;
    unsigned  reset_shift;
    unsigned  rst_left;
    unsigned  phase, left;                   /* current phase, cycles left */
    unsigned  enq_level, svc_level;          /* per phase, out of 16 */
    uint16_t  hot[GMC_WMC_STIM_HOT];         /* WET index {sm, warp} */
    uint32_t  pc[GMC_WMC_STIM_HOT];          /* each hot warp's current PC */
    uint8_t   bank[2];
    uint8_t   row[GMC_WMC_STIM_ROWS];
    uint8_t   col[GMC_WMC_STIM_COLS];
    uint16_t  shadow[1u << GMC_WMC_GW_MAX];  /* WET as the stimulus sees it */
    uint32_t  shadow_gwid[1u << GMC_WMC_GW_MAX];  /* the gwid it was enqueued with */
} gmc_wmc_stim_t;

/* cfg must have passed gmc_wmc_cfg_init. */
void gmc_wmc_stim_init(gmc_wmc_stim_t *s, const gmc_wmc_cfg_t *cfg, uint64_t seed,
                       unsigned reset_shift);
/* Next cycle's inputs (open loop: the shadow follows the C rules). */
void gmc_wmc_stim_next(gmc_wmc_stim_t *s, gmc_wmc_in_t *in);

/* Writes a complete vector file (reset_shift 8).  Returns 0, or -1 on write
 * error. */
int  gmc_vec_wmc_write(FILE *f, const gmc_wmc_cfg_t *cfg, uint64_t stim_seed, unsigned cycles);

#ifdef __cplusplus
}
#endif
#endif
