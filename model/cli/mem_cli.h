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
    int         json, no_refresh, wrap;
    uint64_t    channels, rq, wq, wq_high, wq_low, age_cap;
    int         have_wq_high, have_wq_low;
    unsigned    wmc_score_at, wmc_m_rule;   /* --wmc-score, --wmc-m (gmc_mc_cfg_t.wmc) */
    bim_sel_t   sel;
    /* resolved */
    char        dram_name[64];
    char        map_text[512];
    const char *warnings;   /* the device config's warning lines, "" if none */
    gmc_warplat_t *warplat; /* per-warp-load latency of the run */
} mem_opts_t;

void mem_report_text(FILE *f, const mem_opts_t *o, gmc_memsys_t *ms);
void mem_report_json(FILE *f, const mem_opts_t *o, gmc_memsys_t *ms);
/* --per-request: header line, then one line per request as it is served
 * (gmc_mc_served_fn; ctx = FILE *). */
void mem_per_request_header(FILE *f);
void mem_per_request_line(void *ctx, unsigned ch, const gmc_mc_req_t *r);

#endif
