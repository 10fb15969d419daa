/* gmc experiment: named sweeps of gmc sim that write results/NAME/ --
 * the points' JSON (through the sweep runner, locally or on Slurm), a CSV,
 * plots (gnuplot) and a Markdown summary that puts the paper's number
 * beside gmc's.  docs/experiments.md lists them with their results. */
#ifndef GMC_EXP_H
#define GMC_EXP_H
#include <stdio.h>

/* One point's report, loaded for the summary. */
typedef struct {
    char  id[96];
    char *json;          /* the point's JSON text (malloc'd) */
} exp_point_t;

typedef struct exp_ctx {
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
} exp_ctx_t;

typedef struct {
    const char *name, *what;
    void (*points)(exp_ctx_t *x);            /* exp_point() per point */
    int  (*summarize)(exp_ctx_t *x);         /* CSV, plots, summary.md, stdout table */
} exp_def_t;

extern const exp_def_t exp_warped_mc, exp_pae, exp_schedulers;

/* Adds a point: ID and the gmc sim arguments after `sim` (printf-style);
 * the --set overrides, --seed, --scale and --json are appended. */
void exp_point(exp_ctx_t *x, const char *id, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* The point's JSON, or NULL. */
const char *exp_json(const exp_ctx_t *x, const char *id);
/* A number at a dotted path ("ipc", "load_warp_time.p99") of a JSON
 * object; 0 if found, -1 if not (then *v = 0). */
int    exp_num(const char *json, const char *path, double *v);
double exp_get(const exp_ctx_t *x, const char *id, const char *path);   /* NaN if absent */
/* Opens OUT/<file> for writing (all or nothing is not needed: the whole
 * summary is rewritten each run); NULL after printing why. */
FILE  *exp_open(const exp_ctx_t *x, const char *file);
/* Runs gnuplot on OUT/<script> (in OUT), if gnuplot exists; 0 or -1. */
int    exp_plot(exp_ctx_t *x, const char *script);
/* The last line: "report: OUT/summary.md  plots: ...  data: OUT/CSV", the
 * plots (NULL-terminated names) only those that exist; 1 if a plot
 * failed (the experiment's exit status), else 0. */
int    exp_report_line(const exp_ctx_t *x, const char *csv, const char *const *pngs);
double exp_geomean(const double *v, int n);
/* "gmc experiment NAME --scale X --seed N [--set K=V]..." (x->cmd). */
const char *exp_cmd(const exp_ctx_t *x);
/* The summary's line on the --set overrides, if any: the paper's numbers
 * are for its machine, these runs changed it. */
void   exp_md_overrides(const exp_ctx_t *x, FILE *md);

#endif
