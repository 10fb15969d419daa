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

/* mem_hybrid.c's options (--hybrid SRC and the placement) */
typedef struct {
    const char *dram, *placement, *share, *sched, *wpol, *rowpol;
    uint64_t    channels, page_size, seed, wa_writes;   /* in mem_hybrid_option's order */
    unsigned    given;      /* MEM_HY_* bits: the numeric options given */
    size_t      profiled;   /* write-aware: the pages the first pass saw */
    const gmc_hybrid_cfg_t *cfg;   /* resolved, NULL without --hybrid */
} mem_hybrid_opts_t;
enum { MEM_HY_CHANNELS = 1, MEM_HY_PAGE = 2, MEM_HY_SEED = 4, MEM_HY_WA = 8 };

typedef struct {
    const char *trace, *per_request, *dram_cfg, *sched, *out;
    const char *streak_reading;   /* --streak-reading (gmc_mc_cfg_t.streak_reading), NULL: default */
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
    mem_hybrid_opts_t hy;
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
    uint64_t    addr_folded;/* requests folded to the map's width (mem_watch_t) */
    uint64_t    integrity, integrity_seed, integrity_hot;   /* --integrity N: the data check */
} mem_opts_t;

/* mem_watch.c: each request as the trace gives it, before it enters.
 * An address with bits above the map's width is folded (those bits
 * dropped: the address modulo 2^width, as gmc sim's memory system takes a
 * GPU's) and counted; the first timestamp above MEM_PLAUSIBLE_CYCLES
 * gets one warning on stderr at once (a trace in picoseconds?) and the run
 * goes on; on a terminal, a progress bar every 65536 requests. */
#define MEM_PLAUSIBLE_CYCLES 10000000000ull   /* 10^10 DRAM command-clock cycles */
typedef struct {
    gmc_memtrace_t *t;
    uint64_t        amask;     /* 2^width - 1 */
    uint32_t        tck_ps;
    uint64_t        records;
    uint64_t        folded;    /* requests whose address had bits above the width */
    int             warned;    /* the implausible-run warning is out */
    int             progress;  /* stderr is a terminal */
    uint64_t        size;      /* the trace file's bytes (0: a stream: no bar) */
    int             bar;       /* a bar line is on the terminal */
} mem_watch_t;
void mem_watch_init(mem_watch_t *w, gmc_memtrace_t *t, unsigned width, uint32_t tck_ps);
void mem_watch_record(mem_watch_t *w, gmc_memtrace_rec_t *r, uint64_t now);
void mem_watch_end(mem_watch_t *w);   /* ends the bar line, if any */

/* mem_dram.c: the DRAM device into sc->dram and the map choice into
 * o->sel / o->map_source; 0, or the exit code after one error line. */
int  mem_resolve_dram(mem_opts_t *o, gmc_memsys_cfg_t *sc, char *warn, size_t wn);
/* mem_dram.c: --channel-dram into sc->channel_dram (after mem_resolve_dram
 * and the channel count); 0, or the exit code after one error line. */
int  mem_resolve_channel_dram(mem_opts_t *o, gmc_memsys_cfg_t *sc, char *warn, size_t wn);
/* mem_dram.c: one device SRC (a preset, else a file in any format over
 * the run's device `run`) into *c; opt names the option in errors.  0, or
 * the exit code after one error line. */
int  mem_channel_device(mem_opts_t *o, const char *opt, const char *src, const gmc_dram_cfg_t *run,
                        gmc_dram_cfg_t *c, char *warn, size_t wn);

/* mem_hybrid.c: --hybrid and its options.  _option consumes argv[*i] if
 * it is one (1), else 0, or -1 after a usage error; _resolve the second
 * memory's device, the placement and the map (before the BIM), _mc its
 * controller from the first's (once sc->mc is complete), _profile the
 * write-aware first pass (after both); each 0, or the exit code after
 * one error line.  _text and _json: the report's lines per memory. */
int  mem_hybrid_option(mem_opts_t *o, int argc, char **argv, int *i);
void mem_hybrid_usage(FILE *f);
int  mem_resolve_hybrid(mem_opts_t *o, gmc_memsys_cfg_t *sc, char *warn, size_t wn);
int  mem_resolve_hybrid_mc(mem_opts_t *o, gmc_memsys_cfg_t *sc);
int  mem_hybrid_profile(mem_opts_t *o, gmc_memsys_cfg_t *sc);
void mem_hybrid_text(FILE *f, const mem_opts_t *o, gmc_memsys_t *ms);
void mem_hybrid_json(FILE *f, const mem_opts_t *o, gmc_memsys_t *ms);

/* Appends a line to o->notes (printed on stderr after the run). */
void mem_note(mem_opts_t *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* mem_integrity.c: gmc mem --integrity N (resolved sc): the report, 0,
 * or 1 after the first violation or an error on stderr. */
int  mem_integrity_run(mem_opts_t *o, const gmc_memsys_cfg_t *sc);

void mem_report_text(FILE *f, const mem_opts_t *o, gmc_memsys_t *ms);
void mem_report_json(FILE *f, const mem_opts_t *o, gmc_memsys_t *ms);
/* --per-request: header line, then one line per request as it completes
 * (data done). */
void mem_per_request_header(FILE *f);
void mem_per_request_line(FILE *f, const gmc_mem_done_t *r);

#endif
