// lockstep_gmc_pcmwq: Verilator lockstep of rtl/gmc_pcmwq.sv against its C
// twin gmc_pcmwq_step, with the queue's properties (back-pressure, newest
// version forwarded, oldest first, reads first, interruptions) checked every
// cycle.  The harness is tb/lockstep_main.h; configurations, stimulus and
// properties come from the block description (model/vec/gmc_vec_pcmwq.c).
#include "blocks/gmc_pcmwq.h"
#define LS_NAME pcmwq
#define LS_PORTS(X) GMC_PCMWQ_PORTS(X, 1, 1, 1)  // widths: the description's
#include "lockstep_main.h"
