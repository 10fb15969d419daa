// lockstep_gmc_wmc: Verilator lockstep of rtl/gmc_wmc.sv against its C twin
// gmc_wmc_step (model/blocks/gmc_wmc.c).  The harness is tb/lockstep_main.h;
// this adapter only names the block.  Configurations, stimulus, coverage:
// model/vec/gmc_vec_wmc.c.
#include "blocks/gmc_wmc.h"

#define LS_BLOCK gmc_block_wmc
#define LS_IN    gmc_wmc_in_t
#define LS_OUT   gmc_wmc_out_t
#define LS_STEP(c, q, in, out)                                                          \
  gmc_wmc_step((const gmc_wmc_cfg_t *)(c), (const gmc_wmc_state_t *)(q), in,            \
               (gmc_wmc_state_t *)(q), out)
#define LS_PORTS(X) GMC_WMC_PORTS(X, 1, 1, 1, 1, 1, 1, 1, 1, 1)  // widths: the description's
#include "lockstep_main.h"
