/* gmc_machine_gpgpusim: a GPU machine (gmc_machine.h) from a whole GPGPU-Sim
 * gpgpusim.config -- the SMs, caches, clocks, interconnect and memory
 * controller from its shader/cache/partition options, the DRAM from the
 * same file through gmc_dram_import (model/mem/gmc_dram_import.h).
 *
 * What the file does not say comes from a base machine (gmc sim: the
 * default preset) and is listed in info->defaults; options gmc has no
 * counterpart for are listed in info->ignored; where GPGPU-Sim means
 * something gmc cannot model (a per-kernel L1/shared-memory carve-out, a
 * BookSim network file, ...) a warning says what gmc does instead.
 * docs/harness.md "GPGPU-Sim configuration files" tables every option. */
#ifndef GMC_MACHINE_GPGPUSIM_H
#define GMC_MACHINE_GPGPUSIM_H
#include <stddef.h>
#include "gpu/gmc_machine.h"
#include "mem/gmc_dram_cfg.h"
#include "mem/gmc_dram_import.h"
#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    unsigned n_used, n_ignored;   /* distinct option names */
    char used[2048];              /* option names used, one blank between, cut with "..." */
    char ignored[2048];           /* option names ignored */
    char defaults[1024];          /* machine keys the file did not give (taken from the base machine) */
    char dram_note[512];          /* what the DRAM importer said: format, base preset, map */
    char dram_defaults[1024];     /* the DRAM parameters taken from the base preset */
    gmc_ipoly_t ipoly;            /* the file's IPoly channel hash (gmc_dram_import.h) */
    gmc_machine_origin_t origin;  /* the line and option that set each key (src: the src
                                     given, which must outlive it; NULL: the base) */
} gmc_machine_import_t;

/* Reads a gpgpusim.config (text, len; src names it in errors) over *base:
 * fills *m (a machine named after the file's basename without extension;
 * "gpgpusim.config" takes its directory's name), *dram (via gmc_dram_import
 * with the base machine's DRAM preset as its base), map (gmc map text from
 * -gpgpu_mem_addr_mapping, "" if none: then the caller derives one).
 * m->dram is "imported" and m->addr_map "" (the caller uses *dram and map).
 * A -gpgpu_mem_addr_mapping gmc cannot honour is an error, as GPGPU-Sim
 * stops on it, unless map is NULL: map may be NULL and info NULL when the
 * caller does not want them (it has a map of its own).
 * Returns -1 with one error line "src:line: -option: expected ..., found
 * ..." in err, else the number of warnings written to warn (lines
 * "src:line: warning: ..."; warn NULL: stderr; wn 0: discarded). */
int gmc_machine_gpgpusim(const char *text, size_t len, const char *src, const gmc_machine_t *base,
                         gmc_machine_t *m, gmc_dram_cfg_t *dram, char *map, size_t mapn,
                         gmc_machine_import_t *info, char *err, size_t en, char *warn, size_t wn);

/* Reads Accel-Sim's trace.config (text, len; src names it in errors) over
 * *m: the opcode latencies and initiation intervals per unit class
 * (-trace_opcode_latency_initiation_{int,sp,dp,sfu,tensor,spec_op_N}) and
 * the specialized units' counts (-specialized_unit_N; N = 1 branch, 2 tex,
 * 3 tensor, 4 udp).  ignored (may be NULL) gets the option names it does
 * not read.  0, or -1 with "src:line: -option: expected ..., found ..." in
 * err. */
int gmc_machine_trace_config(const char *text, size_t len, const char *src, gmc_machine_t *m,
                             char *ignored, size_t in, char *err, size_t en);

/* 1 if text looks like a gpgpusim.config (the first line that is not
 * blank or a '#' comment starts with '-'), else 0. */
int gmc_machine_is_gpgpusim(const char *text, size_t len);

#ifdef __cplusplus
}
#endif
#endif
