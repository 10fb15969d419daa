/* gmc experiment NAME: a named sweep of gmc sim runs (exp_*.c) -> results/
 * NAME/: points/ID.json (one per run), merged.json, NAME.csv, *.png and
 * summary.md, run on all local cores or as a Slurm job array. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "cli.h"
#include "exp.h"
#include "gpu/gmc_machine.h"
#include "mc/gmc_sched.h"
#include "mem/gmc_addrmap.h"
#include "mem/gmc_dram_cfg.h"
#include "sweep.h"
#include "util/gmc_quote.h"

#define EXP_CMD "experiment"
#define EXP_MAX_SET 32

static const exp_def_t *const defs[] = {&exp_warped_mc, &exp_pae, &exp_schedulers, &exp_holdgrant, &exp_pcm, &exp_temp};
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
        "  --set KEY=VALUE  a machine key for every run, as gmc sim --set (repeatable;\n"
        "                gmc sim --machine-keys): an ablation; the summary says so\n"
        "  --force       rerun points already done (default: resume)\n"
        "  --slurm       submit the runs as a Slurm job array instead (sbatch); then\n"
        "  --collect     merge and summarize once the array is done\n"
        "  --partition P, --time T, --dry-run   for the Slurm script (with --slurm only)\n"
        "experiments:\n");
    for (size_t i = 0; i < NDEFS; i++)
        fprintf(f, "  %-12s %s\n", defs[i]->name, defs[i]->what);
}

/* --set KEY=VALUE: a machine key (checked against the default preset, so
 * a typo fails here, not in every point) and a value without blanks,
 * quotes or backslashes (the points file splits on blanks). */
static int set_ok(const char *a)
{
    const char *eq = strchr(a, '=');
    if (eq && eq != a && strpbrk(a, " \t\"\\'#"))   /* no '=': gmc_machine_set says so */
        return cli_usage_error(EXP_CMD, "--set: expected KEY=VALUE without blanks, quotes, '#' or "
                                        "backslashes, found '%s'", a);
    gmc_machine_t m;
    char err[512];
    if (gmc_machine_preset(GMC_MACHINE_DEFAULT, &m, err, sizeof err))
        return cli_usage_error(EXP_CMD, "%s", err);
    char label[GMC_QUOTE_SIZE + 16];
    gmc_machine_origin_t o;
    memset(&o, 0, sizeof o);
    gmc_machine_set_label(label, sizeof label, 0, a);
    if (gmc_machine_set_at(&m, a, label, &o, err, sizeof err))
        return cli_usage_error(EXP_CMD, "%s", err);
    /* the string keys name things that must exist (gmc sim checks them
     * only once the machine is built: every point would fail) */
    const gmc_sched_ops_t *ops;
    size_t kl = (size_t)(eq - a);
#define KEY(k) (kl == strlen(k) && !strncmp(a, k, kl))
    if (KEY("mem_sched") && gmc_sched_find(m.mem_sched, &ops, err, sizeof err))
        return cli_usage_error(EXP_CMD, "--set mem_sched: %s", strncmp(err, "--sched: ", 9) ? err : err + 9);
    /* the plug-ins' names, against their registries (gmc_machine_check
     * names the key: "machine M: warp_sched: expected one of ...") */
    if ((KEY("warp_sched") || KEY("cta_dispatch") || KEY("icnt_topology") || KEY("icnt_alloc") ||
         KEY("icnt_hold")) &&
        gmc_machine_check(&m, err, sizeof err)) {
        gmc_machine_blame(&m, &o, err, sizeof err);   /* "--set (KV): key: ..." */
        return cli_usage_error(EXP_CMD, "%s", err);
    }
    if (KEY("dram") && !gmc_dram_preset_text(m.dram))
        return cli_usage_error(EXP_CMD, "--set dram: expected a DRAM preset (gmc mem --help names them), found '%s'",
                               m.dram);
    if (KEY("addr_map") && m.addr_map[0] && strcmp(m.addr_map, "derived") && !gmc_addrmap_preset_spec(m.addr_map))
        return cli_usage_error(EXP_CMD, "--set addr_map: expected an address-map preset or derived, found '%s'",
                               m.addr_map);
#undef KEY
    return 0;
}

/* The machine keys a point can also choose with a gmc sim option: an
 * experiment that passes the option in its points sets the key per point,
 * and gmc sim lets the option win over --set. */
static const struct { const char *key, *opt; } per_point[] = {
    {"mem_sched", "--sched"},
    {"warp_sched", "--warp-sched"},
};

/* Whether a point of the points file text sets key (the kl bytes of kv)
 * with a --set of its own: in each line, before the user's --set
 * overrides, which exp_point appends last, just before --seed.  The
 * user's, added after, would win and turn the experiment's axis into a
 * constant. */
static int point_sets_key(const char *text, const char *kv, size_t kl, const char *const *set, unsigned nset)
{
    char word[80];
    if (kl >= 64)
        return 0;   /* no machine key is that long: gmc sim refuses it */
    snprintf(word, sizeof word, " --set %.*s=", (int)kl, kv);
    size_t users = 0;   /* the length of " --set S1 --set S2 ..." */
    for (unsigned i = 0; i < nset; i++)
        users += 7 + strlen(set[i]);
    for (const char *line = text; *line; ) {
        const char *eol = strchr(line, '\n'), *seed = strstr(line, " --seed ");
        if (!eol)
            eol = line + strlen(line);
        const char *own_end = seed && seed < eol ? seed : eol;
        if ((size_t)(own_end - line) >= users)
            own_end -= users;
        for (const char *p = line; (p = strstr(p, word)) && p < own_end; p++)
            if (p + strlen(word) <= own_end)
                return 1;
        line = *eol ? eol + 1 : eol;
    }
    return 0;
}

/* A --set of a key that experiment d's points (text: its points file)
 * choose themselves would change nothing, while the summary says in bold
 * that the machine changed: refused, exit 2.  0 if none. */
static int set_per_point(const exp_def_t *d, const char *text, const char *const *set, unsigned nset)
{
    for (unsigned i = 0; i < nset; i++) {
        size_t kl = strcspn(set[i], "=");
        for (size_t k = 0; k < sizeof per_point / sizeof per_point[0]; k++) {
            if (kl != strlen(per_point[k].key) || strncmp(set[i], per_point[k].key, kl))
                continue;
            char word[32];
            snprintf(word, sizeof word, " %s ", per_point[k].opt);
            if (strstr(text, word))
                return cli_usage_error(EXP_CMD, "--set: expected a machine key that %s does not choose per "
                                       "point, found %s, which each of its points sets with %s (--set %s would "
                                       "change nothing)", d->name, per_point[k].key, per_point[k].opt, set[i]);
        }
        if (point_sets_key(text, set[i], kl, set, nset))
            return cli_usage_error(EXP_CMD, "--set: expected a machine key that %s does not choose per point, "
                                   "found %.*s, which its points set themselves (--set %s would replace the "
                                   "experiment's own values)", d->name, (int)kl, set[i], set[i]);
    }
    return 0;
}

/* Whether points a and b run the same machine and workload: the same
 * arguments but for the memory scheduler's (--sched, --wmc-score,
 * --wmc-m), which no check before the first cycle depends on beyond its
 * name, and gmc_sched_find knows every name an experiment writes. */
static int same_config(const gmc_sweep_point_t *a, const gmc_sweep_point_t *b)
{
    if (a->argc != b->argc)
        return 0;
    for (int i = 0; i < a->argc; i++)
        if (strcmp(a->argv[i], b->argv[i]) &&
            !(i > 0 && (!strcmp(a->argv[i - 1], "--sched") || !strcmp(a->argv[i - 1], "--wmc-score") ||
                        !strcmp(a->argv[i - 1], "--wmc-m"))))
            return 0;
    return 1;
}

/* Before any point runs: each machine and workload of the points is built
 * once by `gmc sim --check`, in a child, so that a --set that breaks a
 * rule across keys (l2_slice_size against l2_assoc, say) or leaves a
 * workload's CTA no SM to run on, which gmc sim finds only once the
 * machine is built, fails here with gmc sim's message instead of in every
 * point.
 * 0, or gmc sim's exit code after its message and one line naming the
 * point. */
static int preflight(const gmc_sweep_t *s, const char *pf)
{
    for (size_t i = 0; i < s->n; i++) {
        const gmc_sweep_point_t *p = &s->pts[i];
        int seen = 0;
        for (size_t j = 0; j < i && !seen; j++)
            seen = same_config(&s->pts[j], p);
        if (seen || strcmp(p->argv[0], "sim"))
            continue;
        fflush(NULL);
        pid_t pid = fork();
        if (pid < 0) {
            perror("gmc experiment: fork");
            return 1;
        }
        if (pid == 0) {
            char **av = malloc(((size_t)p->argc + 2) * sizeof *av);
            if (!av)
                _exit(1);
            memcpy(av, p->argv, (size_t)p->argc * sizeof *av);
            av[p->argc] = "--check";
            av[p->argc + 1] = NULL;
            _exit(cmd_sim(p->argc + 1, av));
        }
        int st = 0;
        pid_t w;
        while ((w = waitpid(pid, &st, 0)) < 0 && errno == EINTR)
            ;
        int rc = w < 0 ? 1 : WIFEXITED(st) ? WEXITSTATUS(st) : 1;
        if (w < 0)
            perror("gmc experiment: waitpid");
        if (rc) {
            fprintf(stderr, "gmc experiment: %s:%u: point %s would fail so (gmc sim --check); no point was run\n",
                    pf, p->line, p->id);
            return rc;
        }
    }
    return 0;
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

/* The summary: a probe first (exp.h), so that a number a point's report
 * lacks is one error naming the point and the number, before any file is
 * written; then the real thing. */
static int summarize(const exp_def_t *d, exp_ctx_t *x)
{
    exp_miss_t miss;
    memset(&miss, 0, sizeof miss);
    miss.bad = calloc(x->npt ? x->npt : 1, 1);
    x->probe = 1;
    x->term = fopen("/dev/null", "w");
    if (!miss.bad || !x->term) {
        perror("gmc experiment");
        free(miss.bad);
        return 1;
    }
    x->miss = &miss;
    d->summarize(x);
    fclose(x->term);
    free(miss.bad);
    x->miss = NULL;
    x->probe = 0;
    x->term = stdout;
    if (miss.n) {
        fprintf(stderr, "gmc experiment: %s/points/%s.json: expected a number at %s, found %s", x->out, miss.id,
                miss.path, miss.found);
        if (miss.n > 1)
            fprintf(stderr, " (and %u more points lack numbers)", miss.n - 1);
        fprintf(stderr, "; nothing summarized: remove the file (or use --force) to run the point again\n");
        return 1;
    }
    x->gnuplot_ok = !system("command -v gnuplot >/dev/null 2>&1");
    if (!x->gnuplot_ok)
        fprintf(stderr, "gmc experiment: note: no gnuplot (make deps installs it): no plots\n");
    int rc = d->summarize(x);
    if (!d->scale_ok(x->scale))   /* beside the report line, as in the summary's first lines */
        fprintf(stderr, "gmc experiment: warning: --scale %g: the %s experiment's claims were measured to hold at "
                        "other scales (%s/summary.md says which)\n", x->scale, d->name, x->out);
    return rc;
}

int cmd_experiment(int argc, char **argv)
{
    const char *name = NULL, *out = NULL, *partition = NULL, *timelim = NULL;
    uint64_t jobs = 0, seed = 1;
    const char *set[EXP_MAX_SET];
    unsigned nset = 0;
    double scale = 0.25;
    int slurm = 0, collect = 0, force = 0, dry = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int rc = 0;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            cli_stdout_note();
            return 0;
        } else if (!strcmp(a, "--list")) {
            for (size_t k = 0; k < NDEFS; k++)
                printf("%s\n", defs[k]->name);
            return 0;
        } else if (!strcmp(a, "-o")) {
            /* checked at once: nothing may be written into "" or / */
            if (!(rc = cli_opt_str(EXP_CMD, a, argc, argv, &i, &out)) && !cli_out_dir_ok(EXP_CMD, "-o", out))
                return 2;
        } else if (!strcmp(a, "-j")) {
            /* the range gmc sweep takes (its runner is the one that uses it) */
            if (!(rc = cli_opt_u64(EXP_CMD, a, argc, argv, &i, &jobs)) && (jobs < 1 || jobs > 4096))
                return cli_usage_error(EXP_CMD, "-j: expected 1..4096, found '%s'", argv[i]);
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
        } else if (!strcmp(a, "--set")) {
            const char *v;
            if (!(rc = cli_opt_str(EXP_CMD, a, argc, argv, &i, &v))) {
                if (nset == EXP_MAX_SET)
                    return cli_usage_error(EXP_CMD, "--set: expected at most %d, found more", EXP_MAX_SET);
                if ((rc = set_ok(v)))
                    return rc;
                set[nset++] = v;
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
    /* the Slurm script's options do nothing without it: --dry-run alone
     * would run the whole experiment locally */
    const char *sopt = dry ? "--dry-run" : partition ? "--partition" : timelim ? "--time" : NULL;
    if (sopt && !slurm)
        return cli_usage_error(EXP_CMD, "%s: expected it with --slurm (it is for the Slurm script), found it "
                                        "without", sopt);
    static char outbuf[1024];
    if (!out) {
        snprintf(outbuf, sizeof outbuf, "results/%s", name);
        out = outbuf;
    }
    int rc0 = 0;
    exp_ctx_t x;
    memset(&x, 0, sizeof x);
    x.def = d;
    x.name = name;
    x.out = out;
    x.scale = scale;
    x.seed = (unsigned long long)seed;
    x.set = set;
    x.nset = nset;
    /* the command that makes these results, for the summary and --collect */
    int cl = snprintf(x.cmd, sizeof x.cmd, "gmc experiment %s --scale %g --seed %llu", name, scale, x.seed);
    for (unsigned k = 0; k < nset; k++) {
        if (cl > 0 && (size_t)cl < sizeof x.cmd)
            cl += snprintf(x.cmd + cl, sizeof x.cmd - (size_t)cl, " --set %s", set[k]);
        size_t sl = strlen(x.setnote);
        snprintf(x.setnote + sl, sizeof x.setnote - sl, "%s%s", k ? " " : ", --set ", set[k]);
    }
    /* the points, made in memory first: a --set they override is refused
     * before anything is written */
    char *ptext = NULL;
    size_t plen = 0;
    if (!(x.points = open_memstream(&ptext, &plen))) {
        perror("gmc experiment");
        return 1;
    }
    fprintf(x.points, "# %s\n", x.cmd);
    d->points(&x);
    if (fclose(x.points) || (rc0 = set_per_point(d, ptext, set, nset))) {
        free(ptext);
        return rc0 ? rc0 : 1;
    }
    if ((out == outbuf && gmc_sweep_mkdir("results")) || gmc_sweep_mkdir(out)) {
        free(ptext);
        return 1;
    }
    /* the points file: written afresh (it is a pure function of the options) */
    char *pf = gmc_sweep_path(out, "points.txt", NULL);
    FILE *pfile = fopen(pf, "w");
    int werr = !pfile || fwrite(ptext, 1, plen, pfile) != plen;
    if ((pfile && fclose(pfile)) || werr) {
        fprintf(stderr, "gmc experiment: %s: cannot write\n", pf);
        free(pf);
        free(ptext);
        return 1;
    }
    free(ptext);
    gmc_sweep_t s;
    int rc = gmc_sweep_load(&s, pf, NULL);
    if (!rc && !collect && (rc = preflight(&s, pf)))
        gmc_sweep_free(&s);
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
            printf("when the array is done: %s --collect%s%s\n", x.cmd,
                   out == outbuf ? "" : " -o ", out == outbuf ? "" : out);
    } else {
        if (!collect) {
            double *cost = exp_point_costs(&s);   /* NULL: the file's order, which is as correct */
            gmc_sweep_run_opts_t ro = {out, self, (unsigned)jobs, force, isatty(2), cost};
            rc = gmc_sweep_run(&s, &ro);
            free(cost);
        } else {
            rc = gmc_sweep_merge(&s, out);
        }
        if (!rc)
            rc = load_points(&x, &s);
        if (!rc)
            rc = summarize(d, &x);
    }
    for (size_t i = 0; i < x.npt; i++)
        free(x.pt[i].json);
    free(x.pt);
    free(self);
    gmc_sweep_free(&s);
    return rc;
}
