// lockstep_gmc_wmc: Verilator lockstep of rtl/gmc_wmc.sv against its C twin
// gmc_wmc_step.  The harness is tb/lockstep_main.h; configurations, stimulus
// and coverage come from the block description (model/vec/gmc_vec_wmc.c).
#include "blocks/gmc_wmc.h"
#define LS_NAME wmc
#define LS_PORTS(X) GMC_WMC_PORTS(X, 1, 1, 1, 1, 1, 1, 1, 1, 1)  // widths: the description's
#include "lockstep_main.h"
