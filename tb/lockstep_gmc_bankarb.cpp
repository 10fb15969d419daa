// lockstep_gmc_bankarb: Verilator lockstep of rtl/gmc_bankarb.sv against its
// C twin gmc_bankarb_step, with the arbiter's properties (one-hot grant,
// priority, starvation bounds) checked every cycle.  The harness is
// tb/lockstep_main.h; configurations, stimulus and properties come from the
// block description (model/vec/gmc_vec_bankarb.c).
#include "blocks/gmc_bankarb.h"
#define LS_NAME bankarb
#define LS_PORTS(X) GMC_BANKARB_PORTS(X, 1)  // widths: the description's
#include "lockstep_main.h"
