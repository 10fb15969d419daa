/* gmc sim's options and the pieces of the command (cmd_sim.c parses and
 * runs, sim_machine.c builds the machine, sim_report.c writes the report). */
#ifndef GMC_SIM_CLI_H
#define GMC_SIM_CLI_H
#include <stdint.h>
#include "bim_opts.h"
#include "gpu/gmc_accelsim.h"
#include "gpu/gmc_gpu.h"

#define SIM_MAX_SET 64

typedef struct {
    const char *machine, *workload, *traces, *sched, *warp_sched, *out, *csv;
    const char *export_dir;    /* --export-traces DIR (sim_export.c) */
    const char *set[SIM_MAX_SET];
    unsigned    nset;
    double      scale;
    int         alu_per_mem;
    uint64_t    seed, max_cycles;
    unsigned    wmc_score_at, wmc_m_rule;
    const char *streak_reading;   /* --streak-reading (gmc_mc_cfg_t.streak_reading), NULL: default */
    int         json, no_refresh, list_keys, list_info, bim_given;
    int         verbose;       /* --verbose: a GPGPU-Sim config's options used and ignored, listed */
    int         check;         /* --check: build everything, run nothing (gmc experiment's preflight) */
    int         integrity;     /* --integrity: the data check (gmc_gpu_cfg_t.check_data) */
    int         integrity_no_merge;   /* --integrity-no-merge (gmc_gpu_cfg_t.check_no_merge) */
    const char *same_addr;     /* --same-addr none|stall (gmc_mc_cfg_t.same_addr), NULL: none */
    int         every_cycle;   /* --step-every-cycle: the slow reference (nothing skipped) */
    unsigned    step_every;    /* --step-every LIST: single components' slow references */
    int         bim_ipoly;     /* the GPGPU-Sim file's IPoly hash is the BIM (sim_machine.c) */
    bim_sel_t   sel;
    /* results of the run, for the report */
    char        machine_src[300];     /* "preset rtx2060s", "file F ...", "gpgpusim.config F", then " --set K=V" per override */
    uint64_t    trace_lines, unknown_ops;
    unsigned    trace_version;
    unsigned    nregs_clamped;        /* kernels whose -nregs was above 255: run with 255 */
} sim_opts_t;

/* sim_report.c: --integrity's verdict after the report: 0, or 1 after
 * the first violation (or a check that lost track) on stderr. */
int  sim_integrity_verdict(gmc_gpu_t *g);

/* The machine, the memory-controller settings, the map and BIM: 0, or the
 * exit code after one error line. */
int  sim_resolve(sim_opts_t *o, gmc_gpu_cfg_t *cfg);
/* An error about machine m in err (gmc_machine_check, gmc_gpu_new), printed
 * at the line or option that gave the key it names (gmc_machine_blame):
 * returns 1 for a machine file's line, 2 for the command line, dflt when
 * no key of the user's is to blame. */
int  sim_machine_error(const sim_opts_t *o, const gmc_machine_t *m, char *err, size_t n, int dflt);
/* The trace directory's numbers for the report, from its stats. */
void sim_note_traces(sim_opts_t *o, const gmc_accelsim_t *t);
/* The report (text or JSON) to stdout or -o: 0 or 1. */
int  sim_report(sim_opts_t *o, gmc_gpu_t *g);
/* --export-traces: the workload as an Accel-Sim trace directory, nothing
 * run: 0, or the exit code after one error line. */
int  sim_export(const sim_opts_t *o);
void sim_progress_kernel(const sim_opts_t *o, unsigned done, unsigned total);
void sim_progress_bar(void *ctx, const char *kernel, uint32_t done, uint32_t total, uint64_t cycle);

#endif
