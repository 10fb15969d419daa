// lockstep_gmc_bim: Verilator lockstep of the BIM wrapper `gmc block top bim
// CONFIG` writes (rtl/gmc_bim.sv with the configuration's matrix) against its
// C twin gmc_bim_step.  The harness is tb/lockstep_main.h; configurations
// (preset, scheme, seed, RegOut) and stimulus come from the block
// description (model/vec/gmc_vec_bim.c), whose cfg starts with the
// gmc_bim_cfg_t the step takes.
#include "blocks/gmc_bim.h"
#define LS_NAME bim
#define LS_PORTS(X) GMC_BIM_PORTS(X, 1)  // widths: the description's
#include "lockstep_main.h"
