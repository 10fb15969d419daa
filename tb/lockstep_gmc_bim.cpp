// lockstep_gmc_bim: Verilator lockstep of the BIM wrapper `gmc block top bim
// CONFIG` writes (rtl/gmc_bim.sv with the configuration's matrix) against
// its C twin gmc_bim_step (model/blocks/gmc_bim.c).  The harness is
// tb/lockstep_main.h; this adapter only names the block.  Configurations
// (preset, scheme, seed, REG_OUT), stimulus: model/vec/gmc_vec_bim.c.  The
// block description's cfg starts with the gmc_bim_cfg_t.
#include "blocks/gmc_bim.h"

#define LS_BLOCK gmc_block_bim
#define LS_IN    gmc_bim_in_t
#define LS_OUT   gmc_bim_out_t
#define LS_STEP(c, q, in, out)                                                          \
  gmc_bim_step((const gmc_bim_cfg_t *)(c), (const gmc_bim_state_t *)(q), in,            \
               (gmc_bim_state_t *)(q), out)
#define LS_PORTS(X) GMC_BIM_PORTS(X, 1)  // widths: the description's
#include "lockstep_main.h"
