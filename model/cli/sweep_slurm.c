/* Sweeps as a Slurm job array: OUT/slurm/tasks.txt numbers the points to
 * run (so a task finds its line by SLURM_ARRAY_TASK_ID, comments and done
 * points already gone), OUT/slurm/sweep.sbatch runs one of them exactly as
 * the local runner does, and `sbatch --parsable` submits it (sweep.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include "cli.h"
#include "cli_outfile.h"
#include "sweep.h"

/* A word for bash: as it is when nothing in it is special to the shell,
 * else in single quotes, a quote inside as '\''. */
static void shq(FILE *f, const char *w)
{
    if (*w && strspn(w, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._/:=,+@%-") ==
                  strlen(w)) {
        fputs(w, f);
        return;
    }
    fputc('\'', f);
    for (; *w; w++)
        if (*w == '\'')
            fputs("'\\''", f);
        else
            fputc(*w, f);
    fputc('\'', f);
}

/* An #SBATCH line has no quoting, and % is a pattern there. */
static int sbatch_safe(const char *p)
{
    return !strpbrk(p, " \t\n\r%'\"\\$`");
}

static int write_file(const char *path, const void *data, size_t n)
{
    cli_outfile_t o;
    if (cli_out_open(&o, "sweep", path))
        return 1;
    fwrite(data, 1, n, o.f);
    return cli_out_commit(&o) ? 1 : 0;
}

static int write_tasks(const char *path, const gmc_sweep_t *s, const size_t *todo, size_t nt,
                       size_t ntasks)
{
    cli_outfile_t o;
    if (cli_out_open(&o, "sweep", path))
        return 1;
    /* TASK<TAB>ID<TAB>args quoted for the task's `eval set --`; point t is
     * task t mod ntasks (ntasks < nt only past --array-max) */
    for (size_t t = 0; t < nt; t++) {
        const gmc_sweep_point_t *p = &s->pts[todo[t]];
        fprintf(o.f, "%zu\t%s\t", t % ntasks, p->id);
        for (int a = 0; a < p->argc; a++) {
            if (a)
                fputc(' ', o.f);
            shq(o.f, p->argv[a]);
        }
        fputc('\n', o.f);
    }
    return cli_out_commit(&o) ? 1 : 0;
}

static int write_script(const char *path, const gmc_sweep_t *s, const gmc_sweep_slurm_opts_t *o,
                        const char *out, const char *cwd, size_t nt, size_t ntasks)
{
    cli_outfile_t f;
    if (cli_out_open(&f, "sweep", path))
        return 1;
    FILE *w = f.f;
    fprintf(w, "#!/bin/bash\n"
               "# gmc sweep: %zu points of %s as a Slurm job array of %zu tasks (written by\n"
               "# gmc sweep slurm).  Task K runs the lines \"K<TAB>ID<TAB>args\" of slurm/tasks.txt\n"
               "# with this gmc: stdout to points/ID.json (a temporary file moved there on exit 0\n"
               "# with a JSON object), stderr to logs/ID.err.\n"
               "# When the array is done: gmc sweep collect -o %s\n",
            nt, s->path, ntasks, out);
    fprintf(w, "#SBATCH --job-name=gmc-sweep\n#SBATCH --array=0-%zu", ntasks - 1);
    if (o->max_running)
        fprintf(w, "%%%u", o->max_running);
    fprintf(w, "\n#SBATCH --output=%s/slurm/logs/%%A_%%a.out\n"
               "#SBATCH --ntasks=1\n#SBATCH --cpus-per-task=1\n", out);
    if (o->partition)
        fprintf(w, "#SBATCH --partition=%s\n", o->partition);
    if (o->time)
        fprintf(w, "#SBATCH --time=%s\n", o->time);
    fputs("set -u\ngmc=", w);
    shq(w, o->gmc);
    /* OUT/gmc-build stamps this binary; one rebuilt while the array waits
     * would make points under the old stamp.  Its size and modification
     * time now, checked by every task (`stat -L -c '%s %Y'`, GNU). */
    struct stat gs;
    if (!stat(o->gmc, &gs))
        fprintf(w, "\nbuilt='%lld %lld'", (long long)gs.st_size, (long long)gs.st_mtime);
    else
        fputs("\nbuilt=", w);
    fputs("\nout=", w);
    shq(w, out);
    fputs("\n# relative paths in the points mean what they meant where the sweep was made\ncd ", w);
    shq(w, cwd);
    fputs(" || exit 1\n", w);
    fputs("# run_point ID ARGS...: the local runner's rules, in bash\n"
          "run_point() {\n"
          "  local id=$1 json log tmp rc first last why; shift\n"
          "  json=$out/points/$id.json log=$out/logs/$id.err\n"
          "  tmp=$(mktemp \"$json.tmp.XXXXXX\") || return 1\n"
          "  \"$gmc\" \"$@\" </dev/null >\"$tmp\" 2>\"$log\"\n"
          "  rc=$?\n"
          "  if [ $rc = 0 ]; then\n"
          "    # one JSON object: first non-blank '{', last '}'\n"
          "    first=$(tr -d ' \\t\\r\\n' <\"$tmp\" | head -c 1)\n"
          "    last=$(tr -d ' \\t\\r\\n' <\"$tmp\" | tail -c 1)\n"
          "    # chmod =rw, no who: 0666 less the umask, the mode of any new file\n"
          "    if [ \"$first$last\" = '{}' ] && chmod =rw \"$tmp\" && mv -f \"$tmp\" \"$json\"; then\n"
          "      echo \"gmc sweep: $id ok\"\n"
          "      return 0\n"
          "    fi\n"
          "    why='exit 0 but stdout is not one JSON object'\n"
          "  else\n"
          "    why=\"exit $rc\"\n"
          "  fi\n"
          "  rm -f \"$tmp\" \"$json\"\n"
          "  echo \"gmc sweep: point $id failed: $why\" >>\"$log\"\n"
          "  echo \"gmc sweep: point $id failed ($why), log $log\" >&2\n"
          "  return 1\n"
          "}\n"
          "task=${SLURM_ARRAY_TASK_ID:?gmc sweep: not a Slurm array task}\n"
          "mine=$(awk -F '\\t' -v t=\"$task\" '$1 == t' \"$out/slurm/tasks.txt\")\n"
          "[ -n \"$mine\" ] || { echo \"gmc sweep: task $task: no line in $out/slurm/tasks.txt\" >&2; exit 1; }\n"
          "now=$(stat -L -c '%s %Y' \"$gmc\" 2>/dev/null)\n"
          "if [ -n \"$built\" ] && [ \"$now\" != \"$built\" ]; then\n"
          "  why=\"$gmc changed after gmc sweep slurm (size and time '$now', then '$built'): run gmc sweep slurm again\"\n"
          "  while IFS=$'\\t' read -r _ id _; do\n"
          "    echo \"gmc sweep: point $id not run: $why\" >>\"$out/logs/$id.err\"\n"
          "    echo \"gmc sweep: point $id not run: $why\" >&2\n"
          "  done <<<\"$mine\"\n"
          "  exit 1\n"
          "fi\n"
          "rc=0\n"
          "while IFS=$'\\t' read -r _ id args; do\n"
          "  eval \"set -- $args\"   # gmc sweep quoted every argument\n"
          "  run_point \"$id\" \"$@\" || rc=1\n"
          "done <<<\"$mine\"\n"
          "exit $rc\n", w);
    return cli_out_commit(&f) ? 1 : 0;
}

/* Runs sbatch --parsable SCRIPT; the job id (before any ";cluster") into
 * id.  sbatch says itself what went wrong; returns 0 or 1. */
static int submit(const char *script, char *id, size_t idlen)
{
    const char *sb = getenv("SBATCH");
    if (!sb || !*sb)
        sb = "sbatch";
    int p[2];
    if (pipe(p)) {
        fprintf(stderr, "gmc sweep: pipe: %s\n", strerror(errno));
        return 1;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        close(p[0]);
        if (dup2(p[1], 1) < 0)
            _exit(126);
        execlp(sb, sb, "--parsable", script, (char *)NULL);
        dprintf(2, "gmc sweep: cannot run %s: %s (set SBATCH or PATH, or use --dry-run)\n", sb,
                strerror(errno));
        _exit(127);
    }
    close(p[1]);
    if (pid < 0) {
        close(p[0]);
        fprintf(stderr, "gmc sweep: cannot start %s: %s\n", sb, strerror(errno));
        return 1;
    }
    char buf[256];
    size_t n = 0;
    ssize_t r;
    while ((r = read(p[0], buf + n, sizeof buf - 1 - n)) > 0 || (r < 0 && errno == EINTR))
        if (r > 0)
            n += (size_t)r;
    buf[n] = 0;
    close(p[0]);
    int st;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
        ;
    if (!WIFEXITED(st) || WEXITSTATUS(st)) {
        if (!WIFEXITED(st) || WEXITSTATUS(st) != 127)
            fprintf(stderr, "gmc sweep: %s failed (%s %d); the script is %s\n", sb,
                    WIFEXITED(st) ? "exit" : "signal", WIFEXITED(st) ? WEXITSTATUS(st) : WTERMSIG(st),
                    script);
        return 1;
    }
    size_t k = strspn(buf, "0123456789");
    if (!k || k >= idlen) {
        fprintf(stderr, "gmc sweep: %s --parsable: expected a job id, found '%.40s'\n", sb, buf);
        return 1;
    }
    memcpy(id, buf, k);
    id[k] = 0;
    return 0;
}

int gmc_sweep_slurm(const gmc_sweep_t *s, const gmc_sweep_slurm_opts_t *o)
{
    if (gmc_sweep_mkdir(o->out))
        return 1;
    /* The tasks run elsewhere, maybe in another directory: absolute paths. */
    char *out = gmc_sweep_abs(o->out), *cwd = getcwd(NULL, 0);
    if (!out || !cwd) {
        fprintf(stderr, "gmc sweep: %s: %s\n", out ? "current directory" : o->out, strerror(errno));
        free(out);
        free(cwd);
        return 1;
    }
    int rc = 1;
    char *slurm = gmc_sweep_path(out, "slurm", NULL), *slogs = gmc_sweep_path(slurm, "logs", NULL);
    char *pdir = gmc_sweep_path(out, "points", NULL), *ldir = gmc_sweep_path(out, "logs", NULL);
    char *ptxt = gmc_sweep_path(slurm, "points.txt", NULL), *ttxt = gmc_sweep_path(slurm, "tasks.txt", NULL);
    char *script = gmc_sweep_path(slurm, "sweep.sbatch", NULL);
    char *jobf = gmc_sweep_path(slurm, "jobid", NULL), *merged = gmc_sweep_path(out, "merged.json", NULL);
    size_t *todo = malloc((s->n ? s->n : 1) * sizeof *todo), nt = 0;
    if (!todo) {
        fputs("gmc sweep: out of memory\n", stderr);
        goto done;
    }
    if (!sbatch_safe(out)) {
        fprintf(stderr, "gmc sweep: %s: expected a directory path without blanks, quotes, '\\', '$' "
                        "or '%%' (an #SBATCH --output line cannot hold them)\n", out);
        goto done;
    }
    if (gmc_sweep_mkdir(slurm) || gmc_sweep_mkdir(slogs) || gmc_sweep_mkdir(pdir) || gmc_sweep_mkdir(ldir) ||
        gmc_sweep_build_sync(s, out, o->gmc, o->force))
        goto done;
    for (size_t k = 0; k < s->n; k++) {
        char *j = gmc_sweep_path(pdir, s->pts[k].id, ".json");
        struct stat sb;
        if (o->force || stat(j, &sb))
            todo[nt++] = k;
        free(j);
    }
    /* collect reads points.txt: the copy is written even when nothing is left to run */
    if (write_file(ptxt, s->text, s->text_len))
        goto done;
    if (!nt) {
        printf("all %zu points are done; merge them with: gmc sweep collect -o %s\n", s->n, out);
        rc = 0;
        goto done;
    }
    unlink(merged);   /* it would describe an older set of results */
    /* Slurm refuses arrays past MaxArraySize (1001 by default): past
     * --array-max, a task runs several points in turn. */
    size_t ntasks = o->array_max && nt > o->array_max ? o->array_max : nt;
    if (write_tasks(ttxt, s, todo, nt, ntasks) || write_script(script, s, o, out, cwd, nt, ntasks))
        goto done;
    if (o->dry_run) {
        printf("wrote %s (%zu points to run as %zu array tasks, %zu done before)\n"
               "submit it with: sbatch %s\nwhen it is done: gmc sweep collect -o %s\n",
               script, nt, ntasks, s->n - nt, script, out);
        rc = 0;
        goto done;
    }
    char id[64];
    if (submit(script, id, sizeof id))
        goto done;
    char line[80];
    int l = snprintf(line, sizeof line, "%s\n", id);
    if (write_file(jobf, line, (size_t)l))
        goto done;
    printf("submitted job %s: %zu points as %zu array tasks (%zu done before); logs in %s\n"
           "when it is done (squeue -j %s lists nothing): gmc sweep collect -o %s\n",
           id, nt, ntasks, s->n - nt, slogs, id, out);
    rc = 0;
done:
    free(todo);
    free(out);
    free(cwd);
    free(slurm);
    free(slogs);
    free(pdir);
    free(ldir);
    free(ptxt);
    free(ttxt);
    free(script);
    free(jobf);
    free(merged);
    return rc;
}
