/* gmc sim --workload W --export-traces DIR: the workload's kernels as an
 * Accel-Sim trace directory (kernelslist.g and kernel-N.traceg, tracer
 * version 5: gmc_accelsim_write), which Accel-Sim runs and gmc sim
 * --traces DIR reads back to the same report.  Nothing is simulated.
 *
 * All or nothing: each name the export will use must be a regular file or
 * free; every kernel file is written to a temporary beside its name
 * (cli_outfile) and closed; only when all were written are they renamed
 * into place, kernelslist.g last.  A DIR the command created is removed
 * again when the export fails. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cli.h"
#include "cli_outfile.h"
#include "gpu/gmc_accelsim.h"
#include "gpu/gmc_workload.h"
#include "sim_cli.h"

#define SIM_CMD "sim"

static char *path_in(const char *dir, const char *name)
{
    size_t l = strlen(dir) + strlen(name) + 2;
    char *p = malloc(l);
    if (p)
        snprintf(p, l, "%s/%s", dir, name);
    return p;
}

/* Each file the export will put in DIR is a regular file or nothing (a
 * directory or device there would fail its commit after others were
 * made): 0, or -1 after one line. */
static int places_free(const char *dir, unsigned nk)
{
    for (unsigned i = 0; i <= nk; i++) {
        char name[32];
        if (i < nk)
            snprintf(name, sizeof name, "kernel-%u.traceg", i + 1);
        else
            snprintf(name, sizeof name, "kernelslist.g");
        char *p = path_in(dir, name);
        struct stat sb;
        int bad = !p || (lstat(p, &sb) == 0 && !S_ISREG(sb.st_mode));
        if (bad)
            fprintf(stderr, "gmc sim: %s: expected a regular file or nothing there, found %s\n",
                    p ? p : dir, p ? (S_ISDIR(sb.st_mode) ? "a directory" : "another kind of file")
                                   : "no memory");
        free(p);
        if (bad)
            return -1;
    }
    return 0;
}

/* Writes kernel i of w into its temporary (opened in *of, closed after). */
static int write_kernel(gmc_workload_t *w, unsigned i, const char *dir, cli_outfile_t *of,
                        uint64_t *lines)
{
    char name[32], err[512];
    snprintf(name, sizeof name, "kernel-%u.traceg", i + 1);
    char *path = path_in(dir, name);
    if (!path || cli_out_open(of, SIM_CMD, path)) {
        if (!path)
            fprintf(stderr, "gmc sim: %s: out of memory\n", dir);
        free(path);
        of->path = NULL;
        return -1;
    }   /* of->path is path until the commit or the abort: the caller frees it */
    if (gmc_accelsim_write(of->f, gmc_workload_kernel(w, i), i + 1, lines, err, sizeof err)) {
        fprintf(stderr, "gmc sim: --export-traces: %s\n", err);
        return -1;
    }
    return cli_out_close(of);
}

int sim_export(const sim_opts_t *o)
{
    if (o->traces)
        return cli_usage_error(SIM_CMD, "--export-traces: expected --workload NAME (a trace "
                               "directory is one already), found --traces");
    if (o->out || o->csv || o->json)
        return cli_usage_error(SIM_CMD, "--export-traces: expected no report option (-o, --csv, "
                               "--json: the export runs nothing), found one");
    if (!cli_out_dir_ok(SIM_CMD, "--export-traces", o->export_dir))
        return 2;
    char err[1024];
    gmc_workload_params_t p = {o->seed, o->scale, o->alu_per_mem};
    gmc_workload_t *w = gmc_workload_new(o->workload, &p, err, sizeof err);
    if (!w)
        return cli_usage_error(SIM_CMD, "%s", err);
    struct stat sb;
    const int existed = stat(o->export_dir, &sb) == 0;
    if (cli_mkdir_p(SIM_CMD, o->export_dir)) {
        gmc_workload_delete(w);
        return 1;
    }
    unsigned nk = gmc_workload_nkernels(w), done = 0;
    if (places_free(o->export_dir, nk)) {
        gmc_workload_delete(w);
        if (!existed)
            rmdir(o->export_dir);
        return 1;
    }
    cli_outfile_t *of = calloc(nk + 1, sizeof *of);
    uint64_t lines = 0;
    int rc = of ? 0 : -1;
    if (!of)
        fprintf(stderr, "gmc sim: %s: out of memory\n", o->export_dir);
    for (; !rc && done < nk; done++) {
        uint64_t l = 0;
        rc = write_kernel(w, done, o->export_dir, &of[done], &l);
        lines += l;
    }
    char *list = rc ? NULL : path_in(o->export_dir, "kernelslist.g");
    if (!rc && (!list || cli_out_open(&of[nk], SIM_CMD, list)))
        rc = -1;
    if (!rc) {
        for (unsigned i = 0; i < nk; i++)
            fprintf(of[nk].f, "kernel-%u.traceg\n", i + 1);
        for (unsigned i = 0; i <= nk && !rc; i++)   /* the kernels, then the list naming them */
            rc = cli_out_commit(&of[i]);
    }
    for (unsigned i = 0; of && i <= nk; i++) {
        if (rc)
            cli_out_abort(&of[i]);   /* nothing if not open or already committed */
        if (i < nk)
            free((char *)of[i].path);
    }
    free(list);
    free(of);
    gmc_workload_delete(w);
    if (rc) {
        if (!existed)
            rmdir(o->export_dir);   /* only if empty: a partial commit stays (a write error) */
        return 1;
    }
    printf("%s: kernelslist.g and %u kernel file%s (kernel-1.traceg%s), %llu instruction lines\n",
           o->export_dir, nk, nk == 1 ? "" : "s", nk == 1 ? "" : " ..", (unsigned long long)lines);
    return 0;
}
