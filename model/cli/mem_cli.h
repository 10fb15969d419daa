/* Pieces of `gmc mem` shared by its files:
 *   cmd_mem.c     options and the flow of one run
 *   mem_dram.c    the DRAM device and the address map (preset, --dram-cfg in any format),
 *                 the per-channel devices (--channel-dram)
 *   mem_report.c  the text and JSON reports, the per-request lines
 * docs/memory.md ("## Trace mode") describes the command. */
#ifndef GMC_CLI_MEM_H
#define GMC_CLI_MEM_H
#include <stdint.h>
#include <stdio.h>
#include "bim_opts.h"
#include "mc/gmc_memsys_impl.h"
#include "mc/gmc_memtrace.h"
#include "mc/gmc_warplat.h"

#define MEM_CMD "mem"

typedef struct {
    const char *trace, *per_request, *dram_cfg, *sched, *out;
    gmc_memtrace_fmt_t fmt;
    int         json, no_refresh, wrap, verbose, every_cycle;
    int         preset_given;   /* --preset on the command line: the base of --dram-cfg */
    uint64_t    channels, rq, wq, wq_high, wq_low, age_cap;
    int         have_channels, have_wq_high, have_wq_low;
    unsigned    wmc_score_at, wmc_m_rule;   /* --wmc-score, --wmc-m (gmc_mc_cfg_t.wmc) */
#define MEM_MAX_CHANNEL_DRAM 8
    const char *channel_dram[MEM_MAX_CHANNEL_DRAM];   /* --channel-dram LIST=SRC, in order */
    unsigned    n_channel_dram;
    bim_sel_t   sel;
    /* resolved */
    char        dram_name[64];
    const char *dram_fmt;       /* gmc_dram_fmt_name of --dram-cfg, NULL for a preset */
    char        dram_base[64];  /* preset the --dram-cfg file overrides, "" if none */
    char        map_source[320];/* where the map came from, for the report */
    char        notes[4096];    /* stderr lines printed after a successful run */
    char        map_text[512];
    gmc_ipoly_t ipoly;      /* the --dram-cfg file's IPoly hash on its map (sets 0: none) */
    const char *warnings;   /* the device config's warning lines, "" if none */
    gmc_warplat_t *warplat; /* per-warp-load latency of the run */
} mem_opts_t;

/* mem_dram.c: the DRAM device into sc->dram and the map choice into
 * o->sel / o->map_source; 0, or the exit code after one error line. */
int  mem_resolve_dram(mem_opts_t *o, gmc_memsys_cfg_t *sc, char *warn, size_t wn);
/* mem_dram.c: --channel-dram into sc->channel_dram (after mem_resolve_dram
 * and the channel count); 0, or the exit code after one error line. */
int  mem_resolve_channel_dram(mem_opts_t *o, gmc_memsys_cfg_t *sc, char *warn, size_t wn);
/* Appends a line to o->notes (printed on stderr after the run). */
void mem_note(mem_opts_t *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

void mem_report_text(FILE *f, const mem_opts_t *o, gmc_memsys_t *ms);
void mem_report_json(FILE *f, const mem_opts_t *o, gmc_memsys_t *ms);
/* --per-request: header line, then one line per request as it completes
 * (data done). */
void mem_per_request_header(FILE *f);
void mem_per_request_line(FILE *f, const gmc_mem_done_t *r);

#endif
