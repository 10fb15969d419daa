/* gmc sweep: run a points file locally or as a Slurm job array, and merge
 * the results (sweep.h; docs/cli.md "Sweeps: local and Slurm"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli.h"
#include "sweep.h"

#define CMD "sweep"

static void usage(FILE *f)
{
    fprintf(f,
        "usage: gmc sweep run POINTS -o OUT [-j N] [--force]\n"
        "       gmc sweep slurm POINTS -o OUT [--partition P] [--time T] [-j K]\n"
        "                       [--array-max N] [--force] [--dry-run]\n"
        "       gmc sweep collect -o OUT [POINTS]\n"
        "POINTS: one point per line, ID<TAB>gmc-subcommand args... (args split on blanks,\n"
        "\"double quotes\" keep blanks; '#' starts a comment line); IDs [A-Za-z0-9._-]+,\n"
        "unique.  Each point's stdout must be one JSON object.\n\n"
        "run      runs the points not done yet (no OUT/points/ID.json made by this gmc with\n"
        "         the point's arguments as they are now: OUT/gmc-build, OUT/point-args), N at\n"
        "         a time (default: the online CPUs); stdout to OUT/points/ID.json (only\n"
        "         when the point exits 0), stderr to OUT/logs/ID.err; then writes\n"
        "         OUT/merged.json = {\"points\": {\"ID\": ..., ...}} in POINTS order.  A failed\n"
        "         point does not stop the others; the sweep then exits 1 naming them.\n"
        "slurm    writes OUT/slurm/sweep.sbatch, a job array over the points not done yet\n"
        "         (OUT/slurm/tasks.txt; -j K: at most K tasks at once; --array-max N: at\n"
        "         most N tasks, default 1000, a task then runs several points), and submits\n"
        "         it with sbatch --parsable ($SBATCH or PATH); --dry-run only writes it\n"
        "collect  checks that every point of POINTS (default OUT/slurm/points.txt) has its\n"
        "         result, made with the arguments POINTS gives it (OUT/point-args), names the\n"
        "         others, and writes OUT/merged.json like run\n"
        "--force  runs every point again, done or not\n");
}

/* Slurm time formats: minutes, M:S, H:M:S, D-H, D-H:M, D-H:M:S, or none. */
static int time_ok(const char *t)
{
    if (!strcmp(t, "UNLIMITED") || !strcmp(t, "INFINITE"))
        return 1;
    return *t && strspn(t, "0123456789:-") == strlen(t) && *t != ':' && *t != '-';
}

static int partition_ok(const char *p)
{
    return *p && strspn(p, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-,") ==
                     strlen(p);
}

static int num(const char *opt, const char *s, unsigned max, unsigned *v)
{
    uint64_t x;
    if (cli_parse_u64(s, &x) || x < 1 || x > max)
        return cli_usage_error(CMD, "%s: expected 1..%u, found '%s'", opt, max, s);
    *v = (unsigned)x;
    return 0;
}

int cmd_sweep(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    const char *mode = argv[1];
    int run = !strcmp(mode, "run"), slurm = !strcmp(mode, "slurm"), collect = !strcmp(mode, "collect");
    if (!run && !slurm && !collect)
        return cli_usage_error(CMD, "expected run, slurm or collect, found '%s' (see gmc sweep --help)",
                               mode);
    const char *points = NULL, *out = NULL, *partition = NULL, *time = NULL;
    unsigned jobs = 0, array_max = 1000;
    int force = 0, dry = 0;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        int has = i + 1 < argc;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            cli_stdout_note();
            return 0;
        } else if (!strcmp(a, "-o") && has) {
            out = argv[++i];
            if (!cli_out_dir_ok(CMD, "-o", out))   /* at once: nothing may be written into "" or / */
                return 2;
        } else if (!strncmp(a, "-j", 2) && (a[2] || has) && !collect) {   /* -j N or -jN */
            if (num("-j", a[2] ? a + 2 : argv[++i], 4096, &jobs))
                return 2;
        } else if (!strcmp(a, "--force") && !collect) {
            force = 1;
        } else if (!strcmp(a, "--dry-run") && slurm) {
            dry = 1;
        } else if (!strcmp(a, "--array-max") && has && slurm) {
            if (num("--array-max", argv[++i], 1000000, &array_max))
                return 2;
        } else if (!strcmp(a, "--partition") && has && slurm) {
            partition = argv[++i];
            if (!partition_ok(partition))
                return cli_usage_error(CMD, "--partition: expected a name of [A-Za-z0-9._-,], found '%s'",
                                       partition);
        } else if (!strcmp(a, "--time") && has && slurm) {
            time = argv[++i];
            if (!time_ok(time))
                return cli_usage_error(CMD, "--time: expected a Slurm time (minutes, H:M:S, D-H:M, "
                                            "UNLIMITED), found '%s'", time);
        } else if (a[0] == '-' && a[1]) {
            return cli_usage_error(CMD, "unknown option or missing value for gmc sweep %s: '%s' "
                                        "(see gmc sweep --help)", mode, a);
        } else if (!points) {
            points = a;
        } else {
            return cli_usage_error(CMD, "expected one points file, found '%s' and '%s'", points, a);
        }
    }
    if (!out)
        return cli_usage_error(CMD, "%s: expected -o OUT (the results directory)", mode);
    char *dflt = NULL;
    if (!points) {
        if (!collect)
            return cli_usage_error(CMD, "%s: expected a points file (ID<TAB>command lines)", mode);
        points = dflt = gmc_sweep_path(out, "slurm/points.txt", NULL);
    }
    if (cli_input_ok(CMD, points)) {
        free(dflt);
        return 1;
    }
    gmc_sweep_t s;
    int rc = gmc_sweep_load(&s, points, cli_command_known);
    free(dflt);
    if (rc)
        return rc;
    char *self = collect ? NULL : gmc_sweep_self(cli_argv0);
    if (!collect && !self) {
        gmc_sweep_free(&s);
        return 1;
    }
    if (run) {
        gmc_sweep_run_opts_t o = {.out = out, .gmc = self, .jobs = jobs, .force = force,
                                  .tty = isatty(2)};
        rc = gmc_sweep_run(&s, &o);
    } else if (slurm) {
        gmc_sweep_slurm_opts_t o = {.out = out, .gmc = self, .partition = partition, .time = time,
                                    .max_running = jobs, .array_max = array_max, .force = force,
                                    .dry_run = dry};
        rc = gmc_sweep_slurm(&s, &o);
    } else {
        rc = gmc_sweep_merge(&s, out);
    }
    if (!rc && !slurm)
        printf("%s/merged.json: %zu points\n", out, s.n);
    free(self);
    gmc_sweep_free(&s);
    return rc;
}
