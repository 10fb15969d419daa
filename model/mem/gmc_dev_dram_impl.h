/* Internal to model/mem: the pieces of the "dram" device kind
 * (gmc_dev_dram.c) that live in files of their own.  Not part of the
 * public API: the kind is reached through mem/gmc_dev_kind.h. */
#ifndef GMC_DEV_DRAM_IMPL_H
#define GMC_DEV_DRAM_IMPL_H
#include "mem/gmc_dram_cfg.h"
#include "mem/gmc_dram_energy.h"
#include "util/gmc_diag.h"
#ifdef __cplusplus
extern "C" {
#endif

/* The kind's check (gmc_dev_kind.h's contract): gmc_dev_dram_check.c. */
int gmc_dev_dram_check(const gmc_dram_cfg_t *c, gmc_diag_t *d, const unsigned *line);

#ifdef __cplusplus
}
#endif
#endif
