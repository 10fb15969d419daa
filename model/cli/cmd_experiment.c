/* gmc experiment NAME: a named sweep of gmc sim runs (exp_*.c) -> results/
 * NAME/: points/ID.json (one per run), merged.json, NAME.csv, *.png and
 * summary.md, run on all local cores or as a Slurm job array. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli.h"
#include "exp.h"
#include "sweep.h"

#define EXP_CMD "experiment"

static const exp_def_t *const defs[] = {&exp_warped_mc, &exp_pae, &exp_schedulers};
#define NDEFS (sizeof defs / sizeof defs[0])

static void usage(FILE *f)
{
    fprintf(f,
        "usage: gmc experiment NAME [options]     gmc experiment --list\n"
        "Runs a named experiment (a sweep of gmc sim) and writes results/NAME/:\n"
        "points/ID.json, merged.json, NAME.csv, plots (PNG, gnuplot) and summary.md,\n"
        "which puts the paper's number beside gmc's (docs/experiments.md).\n"
        "  -o DIR        results directory (default results/NAME)\n"
        "  -j N          parallel runs (default: the online CPUs); results do not depend on it\n"
        "  --scale X     workload size multiplier for every run (default 0.25)\n"
        "  --seed N      every random choice (default 1)\n"
        "  --force       rerun points already done (default: resume)\n"
        "  --slurm       submit the runs as a Slurm job array instead (sbatch); then\n"
        "  --collect     merge and summarize once the array is done\n"
        "  --partition P, --time T, --dry-run   passed to the Slurm script\n"
        "experiments:\n");
    for (size_t i = 0; i < NDEFS; i++)
        fprintf(f, "  %-12s %s\n", defs[i]->name, defs[i]->what);
}

static int load_points(exp_ctx_t *x, const gmc_sweep_t *s)
{
    x->pt = calloc(s->n, sizeof *x->pt);
    x->npt = s->n;
    for (size_t i = 0; i < s->n; i++) {
        snprintf(x->pt[i].id, sizeof x->pt[i].id, "%s", s->pts[i].id);
        char *p = gmc_sweep_path(x->out, "points", NULL);
        char *path = gmc_sweep_path(p, s->pts[i].id, ".json");
        free(p);
        size_t len;
        x->pt[i].json = gmc_sweep_slurp(path, &len);
        if (!x->pt[i].json) {
            fprintf(stderr, "gmc experiment: %s: cannot read (run the experiment first)\n", path);
            free(path);
            return 1;
        }
        free(path);
    }
    return 0;
}

int cmd_experiment(int argc, char **argv)
{
    const char *name = NULL, *out = NULL, *partition = NULL, *timelim = NULL;
    uint64_t jobs = 0, seed = 1;
    double scale = 0.25;
    int slurm = 0, collect = 0, force = 0, dry = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int rc = 0;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        } else if (!strcmp(a, "--list")) {
            for (size_t k = 0; k < NDEFS; k++)
                printf("%s\n", defs[k]->name);
            return 0;
        } else if (!strcmp(a, "-o")) {
            rc = cli_opt_str(EXP_CMD, a, argc, argv, &i, &out);
        } else if (!strcmp(a, "-j")) {
            rc = cli_opt_u64(EXP_CMD, a, argc, argv, &i, &jobs);
        } else if (!strcmp(a, "--seed")) {
            rc = cli_opt_u64(EXP_CMD, a, argc, argv, &i, &seed);
        } else if (!strcmp(a, "--scale")) {
            const char *v;
            char *e;
            if (!(rc = cli_opt_str(EXP_CMD, a, argc, argv, &i, &v))) {
                scale = strtod(v, &e);
                if (*e || e == v || !(scale > 0) || scale > 64)
                    return cli_usage_error(EXP_CMD, "--scale: expected a number in (0, 64], found '%s'", v);
            }
        } else if (!strcmp(a, "--slurm")) {
            slurm = 1;
        } else if (!strcmp(a, "--collect")) {
            collect = 1;
        } else if (!strcmp(a, "--force")) {
            force = 1;
        } else if (!strcmp(a, "--dry-run")) {
            dry = 1;
        } else if (!strcmp(a, "--partition")) {
            rc = cli_opt_str(EXP_CMD, a, argc, argv, &i, &partition);
        } else if (!strcmp(a, "--time")) {
            rc = cli_opt_str(EXP_CMD, a, argc, argv, &i, &timelim);
        } else if (a[0] == '-') {
            return cli_usage_error(EXP_CMD, "unknown option '%s' (gmc experiment --help lists them)", a);
        } else if (name) {
            return cli_usage_error(EXP_CMD, "expected one experiment name, found '%s' and '%s'", name, a);
        } else {
            name = a;
        }
        if (rc)
            return rc;
    }
    if (!name)
        return cli_usage_error(EXP_CMD, "expected an experiment name (gmc experiment --list)");
    const exp_def_t *d = NULL;
    for (size_t k = 0; k < NDEFS; k++)
        if (!strcmp(defs[k]->name, name))
            d = defs[k];
    if (!d)
        return cli_usage_error(EXP_CMD, "expected an experiment (gmc experiment --list), found '%s'", name);
    if (slurm && collect)
        return cli_usage_error(EXP_CMD, "expected --slurm (submit) or --collect (after), found both");
    static char outbuf[1024];
    if (!out) {
        snprintf(outbuf, sizeof outbuf, "results/%s", name);
        out = outbuf;
        if (gmc_sweep_mkdir("results"))
            return 1;
    }
    if (gmc_sweep_mkdir(out))
        return 1;
    exp_ctx_t x;
    memset(&x, 0, sizeof x);
    x.name = name;
    x.out = out;
    x.scale = scale;
    x.seed = (unsigned long long)seed;
    /* the points file: written afresh (it is a pure function of the options) */
    char *pf = gmc_sweep_path(out, "points.txt", NULL);
    if (!(x.points = fopen(pf, "w"))) {
        fprintf(stderr, "gmc experiment: %s: cannot write\n", pf);
        free(pf);
        return 1;
    }
    fprintf(x.points, "# gmc experiment %s --scale %g --seed %llu\n", name, scale, x.seed);
    d->points(&x);
    if (fclose(x.points)) {
        fprintf(stderr, "gmc experiment: %s: cannot write\n", pf);
        free(pf);
        return 1;
    }
    gmc_sweep_t s;
    int rc = gmc_sweep_load(&s, pf, NULL);
    free(pf);
    if (rc)
        return rc;
    char *self = gmc_sweep_self(argv[0]);
    if (!self) {
        gmc_sweep_free(&s);
        return 1;
    }
    if (slurm) {
        gmc_sweep_slurm_opts_t so = {out, self, partition, timelim, 0, 0, force, dry};
        rc = gmc_sweep_slurm(&s, &so);
        if (!rc)
            printf("when the array is done: gmc experiment %s --collect%s%s --scale %g --seed %llu\n", name,
                   out == outbuf ? "" : " -o ", out == outbuf ? "" : out, scale, x.seed);
    } else {
        if (!collect) {
            gmc_sweep_run_opts_t ro = {out, self, (unsigned)jobs, force, isatty(2)};
            rc = gmc_sweep_run(&s, &ro);
        } else {
            rc = gmc_sweep_merge(&s, out);
        }
        if (!rc)
            rc = load_points(&x, &s);
        if (!rc) {
            x.gnuplot_ok = !system("command -v gnuplot >/dev/null 2>&1");
            if (!x.gnuplot_ok)
                fprintf(stderr, "gmc experiment: note: no gnuplot (make deps installs it): no plots\n");
            rc = d->summarize(&x);
        }
    }
    for (size_t i = 0; i < x.npt; i++)
        free(x.pt[i].json);
    free(x.pt);
    free(self);
    gmc_sweep_free(&s);
    return rc;
}
