// lockstep_gmc_bankarb: Verilator lockstep of rtl/gmc_bankarb.sv against its
// C twin gmc_bankarb_step (model/blocks/gmc_bankarb.c), with the arbiter's
// properties (one-hot grant, priority, starvation bounds) checked every
// cycle.  The harness is tb/lockstep_main.h; this adapter only names the
// block.  Configurations, stimulus, properties: model/vec/gmc_vec_bankarb.c.
#include "blocks/gmc_bankarb.h"

#define LS_BLOCK gmc_block_bankarb
#define LS_IN    gmc_bankarb_in_t
#define LS_OUT   gmc_bankarb_out_t
#define LS_STEP(c, q, in, out)                                                          \
  gmc_bankarb_step((const gmc_bankarb_cfg_t *)(c), (const gmc_bankarb_state_t *)(q), in, \
                   (gmc_bankarb_state_t *)(q), out)
#define LS_PORTS(X) GMC_BANKARB_PORTS(X, 1)  // widths: the description's
#include "lockstep_main.h"
