/* Pieces of `gmc mem` shared by its files:
 *   cmd_mem.c     options and the flow of one run
 *   mem_report.c  the text and JSON reports, the per-request lines
 * docs/memory.md ("## Trace mode") describes the command. */
#ifndef GMC_CLI_MEM_H
#define GMC_CLI_MEM_H
#include <stdint.h>
#include <stdio.h>
#include "bim_opts.h"
#include "mc/gmc_memsys.h"
#include "mc/gmc_memtrace.h"
#include "mc/gmc_warplat.h"

#define MEM_CMD "mem"

typedef struct {
    const char *trace, *per_request, *dram_cfg, *sched;
    gmc_memtrace_fmt_t fmt;
    int         json, no_refresh, wrap, every_cycle;
    uint64_t    channels, rq, wq, wq_high, wq_low, age_cap;
    int         have_wq_high, have_wq_low;
    bim_sel_t   sel;
    /* resolved */
    char        dram_name[64];
    char        map_text[512];
    const char *warnings;   /* the device config's warning lines, "" if none */
    gmc_warplat_t *warplat; /* per-warp-load latency of the run */
} mem_opts_t;

void mem_report_text(FILE *f, const mem_opts_t *o, gmc_memsys_t *ms);
void mem_report_json(FILE *f, const mem_opts_t *o, gmc_memsys_t *ms);
/* --per-request: header line, then one line per request as it completes
 * (data done). */
void mem_per_request_header(FILE *f);
void mem_per_request_line(FILE *f, const gmc_mem_done_t *r);

#endif
