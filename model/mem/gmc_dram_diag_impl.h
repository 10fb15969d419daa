/* Internal to model/mem: the checks every DRAM-config reader (gmc's own
 * format, the GPGPU-Sim and DRAMsim3 imports) ends with, worded in the
 * reader's diagnostic context (util/gmc_diag.h).  Not part of the public API. */
#ifndef GMC_DRAM_DIAG_H
#define GMC_DRAM_DIAG_H
#include "gmc_dram_cfg.h"
#include "util/gmc_diag.h"
#ifdef __cplusplus
extern "C" {
#endif

/* Range and consistency checks; -1 with the error in d, else the number of
 * warnings d has given (its own count, so a reader's earlier warnings are
 * counted too).  line[p] is where parameter p was set (0 = not in the
 * text), for the place of each message; NULL: no places. */
int gmc_dram_cfg_validate(const gmc_dram_cfg_t *c, gmc_diag_t *d, const unsigned *line);

#ifdef __cplusplus
}
#endif
#endif
