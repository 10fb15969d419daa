/* gmc experiment: named sweeps of gmc sim that write results/NAME/ --
 * the points' JSON (through the sweep runner, locally or on Slurm), a CSV,
 * plots (gnuplot) and a Markdown summary that puts the paper's number
 * beside gmc's.  docs/experiments.md lists them with their results. */
#ifndef GMC_EXP_H
#define GMC_EXP_H
#include <stdio.h>
#include "sweep.h"

/* One point's report, loaded for the summary. */
typedef struct {
    char  id[96];
    char *json;          /* the point's JSON text (malloc'd) */
} exp_point_t;

/* The first number a summary asked for and a point's report lacked. */
typedef struct {
    unsigned n;          /* how many points lacked one or more */
    unsigned char *bad;  /* per point (x->pt order): it lacked one */
    char     id[96];     /* the first: its point ... */
    char     path[96];   /* ... its dotted path ... */
    char     found[40];  /* ... and what was there ("none", "null", ...) */
} exp_miss_t;

struct exp_def;

typedef struct exp_ctx {
    const struct exp_def *def;
    const char *name, *out;
    double      scale;
    unsigned long long seed;
    FILE       *points;       /* while writing the points file */
    exp_point_t *pt;          /* after the run: every point, in file order */
    size_t       npt;
    FILE       *md;           /* the summary being written (OUT/summary.md) */
    int          gnuplot_ok;
    int          plot_failed;  /* exp_plot failed: the run fails, no plot is listed */
    const char *const *set;   /* --set KEY=VALUE machine overrides, added to every point */
    unsigned     nset;
    char         cmd[1024];   /* the command that makes these results (exp_cmd) */
    char         setnote[768];/* ", --set K=V ..." for the stdout tables, or "" */
    /* The summary is made twice: first as a probe (probe = 1: files and
     * term go to /dev/null, no plot, no report line) that records in miss
     * every number a point lacks, then, if none is missing, for real.  A
     * missing number is an error before anything is written, never a nan
     * in a table or a geomean of fewer values than it says. */
    int          probe;
    FILE        *term;        /* the terminal table: stdout, or /dev/null in the probe */
    exp_miss_t  *miss;
} exp_ctx_t;

typedef struct exp_def {
    const char *name, *what;
    void (*points)(exp_ctx_t *x);            /* exp_point() per point */
    int  (*summarize)(exp_ctx_t *x);         /* CSV, plots, summary.md, stdout table */
    /* The --scale values at which the claims that reproduce at the default
     * scale were measured to hold: scale_ok says whether a scale is one,
     * scale_need says which, in a sentence with the measurement behind it
     * (in the summary; a run at another scale is warned on stderr too). */
    int  (*scale_ok)(double scale);
    const char *scale_need;
} exp_def_t;

extern const exp_def_t exp_warped_mc, exp_pae, exp_schedulers, exp_holdgrant, exp_pcm, exp_temp;

/* Adds a point: ID and the gmc sim arguments after `sim` (printf-style);
 * the --set overrides, --seed, --scale and --json are appended. */
void exp_point(exp_ctx_t *x, const char *id, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* A number at a dotted path ("ipc", "load_warp_time.p99") of a JSON
 * object; 0 if found, -1 if not (then *v = 0). */
int    exp_num(const char *json, const char *path, double *v);
/* The number at path of point id; NaN if the report lacks it, which is
 * recorded in x->miss (the run then fails before writing anything). */
double exp_get(const exp_ctx_t *x, const char *id, const char *path);
/* Opens OUT/<file> for writing (all or nothing is not needed: the whole
 * summary is rewritten each run); NULL after printing why. */
FILE  *exp_open(const exp_ctx_t *x, const char *file);
/* Runs gnuplot on OUT/<script> (in OUT), if gnuplot exists; 0 or -1. */
int    exp_plot(exp_ctx_t *x, const char *script);
/* The last line: "report: OUT/summary.md  plots: ...  data: OUT/CSV", the
 * plots (NULL-terminated names) only those that exist; 1 if a plot
 * failed (the experiment's exit status), else 0. */
int    exp_report_line(const exp_ctx_t *x, const char *csv, const char *const *pngs);
/* The geometric mean of the positive, finite values of v[0..n); *used
 * gets their count, which is what a summary must say it averaged. */
double exp_geomean(const double *v, int n, int *used);
/* An estimate of each point's run time (its workload's memory traffic,
 * exp_cost.c), for gmc_sweep_run_opts_t.cost: malloc'd, one per point of
 * s, 0 for a point without --workload; NULL when out of memory. */
double *exp_point_costs(const gmc_sweep_t *s);
/* The "same direction" cell: gmc's change (percent) against the paper's:
 * "within noise" when |gmc| < noise_pct, "**opposite**" for the other
 * sign, else "yes, similar size (0.97x)" within 2x of the paper's or
 * "yes, 33x smaller" / "yes, 2.9x larger"; "-" without a paper number.
 * (exp_verdict.c) */
const char *exp_verdict(char *buf, size_t n, double paper_pct, double gmc_pct, double noise_pct);
/* The line under a claims table that says what the column means: the
 * noise band and why it is that wide. */
void   exp_md_verdict_note(FILE *md, double noise_pct, const char *why);
/* The summary's paragraph on scale: which --scale its claims need, and a
 * bold warning when this run's is not one. */
void   exp_md_scale(const exp_ctx_t *x, FILE *md);
/* "gmc experiment NAME --scale X --seed N [--set K=V]..." (x->cmd). */
const char *exp_cmd(const exp_ctx_t *x);
/* The summary's line on the --set overrides, if any: the paper's numbers
 * are for its machine, these runs changed it. */
void   exp_md_overrides(const exp_ctx_t *x, FILE *md);

#endif
