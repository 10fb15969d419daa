// lockstep_gmc_hgalloc: Verilator lockstep of rtl/gmc_hgalloc.sv against its
// C twin gmc_hgalloc_step, through the block's port view (every RTL port one
// packed vector: gmc_hgalloc_pstep unpacks, steps and packs).  The harness
// is tb/lockstep_main.h; configurations, stimulus, coverage and properties
// come from the block description (model/vec/gmc_vec_hgalloc.c).
#include "blocks/gmc_hgalloc.h"
#define LS_BLOCK gmc_block_hgalloc
#define LS_IN    gmc_hgalloc_pin_t
#define LS_OUT   gmc_hgalloc_pout_t
#define LS_STEP(c, q, in, out) \
  gmc_hgalloc_pstep((const gmc_hgalloc_cfg_t *)(c), (gmc_hgalloc_state_t *)(q), in, out)
#define LS_PORTS(X) GMC_HGALLOC_PORTS(X, 1, 1, 1, 1, 1)  // widths: the description's
#include "lockstep_main.h"
