/* Sweeps run locally: the points not yet done, J at a time, each a child
 * gmc with stdout in a temporary file renamed to OUT/points/ID.json only
 * when it exits 0 with a JSON object, then the merge (sweep.h). */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "sweep.h"
#include "sweep_progress.h"

typedef struct {
    pid_t  pid;    /* 0: free */
    size_t k;      /* the point */
    char  *tmp;    /* its stdout, renamed to json on success */
    char  *json;
    char  *log;
    double t0;
} slot_t;

static volatile sig_atomic_t stop_sig;
static void on_stop(int sig) { stop_sig = sig; }
static void on_child(int sig) { (void)sig; }   /* only wakes sigsuspend */

static int by_index(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return (x > y) - (x < y);
}

/* The cost estimates by_cost sorts by (qsort has no context argument). */
static const double *sort_cost;

/* Longest first; equal estimates in points-file order. */
static int by_cost(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    if (sort_cost[x] != sort_cost[y])
        return sort_cost[x] < sort_cost[y] ? 1 : -1;
    return by_index(a, b);
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static char *log_path(const char *out, const char *id)
{
    char *d = gmc_sweep_path(out, "logs", NULL);
    char *p = gmc_sweep_path(d, id, ".err");
    free(d);
    return p;
}

static char *json_path(const char *out, const char *id)
{
    char *d = gmc_sweep_path(out, "points", NULL);
    char *p = gmc_sweep_path(d, id, ".json");
    free(d);
    return p;
}

/* Starts point k in slot sl.  The parent opens the files, so an unwritable
 * OUT is its one clear message rather than a silent child failure. */
static int spawn(slot_t *sl, const gmc_sweep_t *s, size_t k, const gmc_sweep_run_opts_t *o,
                 const sigset_t *child_mask)
{
    const gmc_sweep_point_t *pt = &s->pts[k];
    sl->k = k;
    sl->json = json_path(o->out, pt->id);
    sl->log = log_path(o->out, pt->id);
    size_t tl = strlen(sl->json) + sizeof ".tmp.XXXXXX";
    if (!(sl->tmp = malloc(tl))) {
        fputs("gmc sweep: out of memory\n", stderr);
        return -1;
    }
    snprintf(sl->tmp, tl, "%s.tmp.XXXXXX", sl->json);
    int out = mkstemp(sl->tmp);
    if (out < 0) {
        fprintf(stderr, "gmc sweep: %s: cannot write: %s\n", sl->json, strerror(errno));
        return -1;
    }
    int err = open(sl->log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (err < 0) {
        fprintf(stderr, "gmc sweep: %s: cannot write: %s\n", sl->log, strerror(errno));
        close(out);
        unlink(sl->tmp);
        return -1;
    }
    fcntl(out, F_SETFD, FD_CLOEXEC);   /* the other children must not hold it */
    mode_t um = umask(022);            /* mkstemp's 0600 -> the usual mode */
    umask(um);
    if (fchmod(out, 0666 & ~um)) { /* 0600 is acceptable */ }
    char **argv = malloc(((size_t)pt->argc + 2) * sizeof *argv);
    if (!argv) {
        fputs("gmc sweep: out of memory\n", stderr);
        close(out);
        close(err);
        unlink(sl->tmp);
        return -1;
    }
    argv[0] = (char *)o->gmc;
    memcpy(argv + 1, pt->argv, ((size_t)pt->argc + 1) * sizeof *argv);
    fflush(NULL);
    sl->t0 = now();
    pid_t pid = fork();
    if (pid == 0) {
        sigprocmask(SIG_SETMASK, child_mask, NULL);
        int in = open("/dev/null", O_RDONLY);
        if (in < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0)
            _exit(126);
        execv(o->gmc, argv);
        dprintf(2, "gmc sweep: cannot run %s: %s\n", o->gmc, strerror(errno));
        _exit(127);
    }
    int e = errno;
    free(argv);
    close(out);
    close(err);
    if (pid < 0) {
        fprintf(stderr, "gmc sweep: cannot start point %s: %s\n", pt->id, strerror(e));
        unlink(sl->tmp);
        return -1;
    }
    sl->pid = pid;
    return 0;
}

static void slot_free(slot_t *sl)
{
    free(sl->tmp);
    free(sl->json);
    free(sl->log);
    memset(sl, 0, sizeof *sl);
}

/* The last non-blank line of a point's log (its error, as a rule) into
 * buf, cut to n - 1 bytes; "" if none or unreadable. */
static void last_line(const char *path, char *buf, size_t n)
{
    size_t len;
    char *t = gmc_sweep_slurp(path, &len);
    buf[0] = 0;
    if (!t)
        return;
    while (len && (t[len - 1] == '\n' || t[len - 1] == '\r' || t[len - 1] == ' '))
        len--;
    size_t b = len;
    while (b && t[b - 1] != '\n')
        b--;
    snprintf(buf, n, "%.*s", (int)(len - b), t + b);
    free(t);
}

/* Whether a child that did not deliver was stopped rather than failed:
 * killed by an interrupt (the terminal's Ctrl-C reaches every point with
 * the sweep, SIGTERM a batch system's stop) or ended while the sweep was
 * being stopped.  Such a point is not wrong, only not done: the same
 * command runs it again. */
static int stopped(int st)
{
    if (stop_sig)
        return 1;
    if (!WIFSIGNALED(st))
        return 0;
    int sig = WTERMSIG(st);
    return sig == SIGINT || sig == SIGTERM || sig == SIGHUP;
}

/* A child ended: keep its output or say why not (also in its log).
 * Returns how it ended. */
static sweep_point_end_t finish(slot_t *sl, int st, const gmc_sweep_t *s, sweep_progress_t *pr)
{
    char why[96] = "", said[400] = "", shown[512];
    if (WIFSIGNALED(st))
        snprintf(why, sizeof why, "killed by signal %d", WTERMSIG(st));
    else if (WEXITSTATUS(st))
        snprintf(why, sizeof why, "exit %d", WEXITSTATUS(st));
    else {
        size_t n, b, e;
        char *txt = gmc_sweep_slurp(sl->tmp, &n);
        if (!txt)
            snprintf(why, sizeof why, "cannot read its output: %s", strerror(errno));
        else if (!gmc_sweep_is_object(txt, n, &b, &e))
            snprintf(why, sizeof why, "exit 0 but stdout is not one JSON object");
        else if (rename(sl->tmp, sl->json))
            snprintf(why, sizeof why, "cannot rename its output: %s", strerror(errno));
        free(txt);
    }
    sweep_point_end_t end = !why[0] ? SWEEP_POINT_OK : stopped(st) ? SWEEP_POINT_INTERRUPTED : SWEEP_POINT_FAILED;
    if (end != SWEEP_POINT_OK) {
        if (end == SWEEP_POINT_FAILED)
            last_line(sl->log, said, sizeof said);   /* what the point said, before the line below */
        unlink(sl->tmp);
        unlink(sl->json);   /* a --force rerun that failed leaves no stale result */
        FILE *f = fopen(sl->log, "a");
        if (f) {
            fprintf(f, "gmc sweep: point %s %s: %s\n", s->pts[sl->k].id,
                    end == SWEEP_POINT_FAILED ? "failed" : "interrupted", why);
            fclose(f);
        }
    }
    snprintf(shown, sizeof shown, "%s%s%s", why, said[0] ? ": " : "", said);
    sweep_progress_point(pr, s->pts[sl->k].id, end, shown, now() - sl->t0, sl->log);
    return end;
}

int gmc_sweep_run(const gmc_sweep_t *s, const gmc_sweep_run_opts_t *o)
{
    char *pdir = gmc_sweep_path(o->out, "points", NULL), *ldir = gmc_sweep_path(o->out, "logs", NULL);
    int bad = gmc_sweep_mkdir(o->out) || gmc_sweep_mkdir(pdir) || gmc_sweep_mkdir(ldir);
    free(pdir);
    free(ldir);
    if (bad)
        return 1;
    gmc_sweep_clean_tmp(o->out);   /* a SIGKILLed run's leftovers: nothing else removes them */
    if (gmc_sweep_build_sync(s, o->out, o->gmc, o->force))
        return 1;
    /* Resume: a point whose json exists is done (it is only ever renamed
     * into place whole, and by this gmc build: gmc_sweep_build_sync). */
    size_t *todo = malloc((s->n ? s->n : 1) * sizeof *todo), nt = 0;
    if (!todo) {
        fputs("gmc sweep: out of memory\n", stderr);
        return 1;
    }
    for (size_t k = 0; k < s->n; k++) {
        char *j = json_path(o->out, s->pts[k].id);
        struct stat sb;
        if (o->force || stat(j, &sb))
            todo[nt++] = k;
        free(j);
    }
    if (o->cost) {   /* longest first: the last points to finish are short ones */
        sort_cost = o->cost;
        qsort(todo, nt, sizeof *todo, by_cost);
        sort_cost = NULL;
    }
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    size_t jobs = o->jobs ? o->jobs : (cpus > 0 ? (size_t)cpus : 1);
    if (jobs > nt)
        jobs = nt ? nt : 1;
    if (nt) {   /* merged.json must never describe an older set of results */
        char *m = gmc_sweep_path(o->out, "merged.json", NULL);
        unlink(m);
        free(m);
        fprintf(stderr, "gmc sweep: %zu points, %zu done before, %zu to run on %zu job%s\n", s->n,
                s->n - nt, nt, jobs, jobs > 1 ? "s" : "");
    } else {
        fprintf(stderr, "gmc sweep: %zu points, all done before (--force runs them again)\n", s->n);
    }
    slot_t *slots = calloc(jobs, sizeof *slots);
    size_t *failed = malloc((nt ? nt : 1) * sizeof *failed), nf = 0;
    if (!slots || !failed) {
        fputs("gmc sweep: out of memory\n", stderr);
        free(todo);
        free(slots);
        free(failed);
        return 1;
    }

    /* SIGCHLD, SIGINT and SIGTERM are blocked except inside sigsuspend, so
     * no child's end or interrupt is missed between a check and the wait. */
    struct sigaction sa, old_int, old_term, old_chld;
    memset(&sa, 0, sizeof sa);
    sigemptyset(&sa.sa_mask);
    sa.sa_handler = on_stop;
    stop_sig = 0;
    sigaction(SIGINT, &sa, &old_int);
    sigaction(SIGTERM, &sa, &old_term);
    sa.sa_handler = on_child;
    sigaction(SIGCHLD, &sa, &old_chld);
    sigset_t block, old_mask, wait_mask;
    sigemptyset(&block);
    sigaddset(&block, SIGCHLD);
    sigaddset(&block, SIGINT);
    sigaddset(&block, SIGTERM);
    sigprocmask(SIG_BLOCK, &block, &old_mask);
    wait_mask = old_mask;
    sigdelset(&wait_mask, SIGCHLD);
    sigdelset(&wait_mask, SIGINT);
    sigdelset(&wait_mask, SIGTERM);

    sweep_progress_t pr;
    sweep_progress_start(&pr, stderr, o->tty, nt);
    size_t next = 0, running = 0;
    int broken = 0;   /* cannot start points (OUT unwritable): stop starting */
    for (;;) {
        int st;
        pid_t pid;
        while ((pid = waitpid(-1, &st, WNOHANG)) > 0)
            for (size_t i = 0; i < jobs; i++)
                if (slots[i].pid == pid) {
                    if (finish(&slots[i], st, s, &pr) == SWEEP_POINT_FAILED)
                        failed[nf++] = slots[i].k;
                    slot_free(&slots[i]);
                    running--;
                }
        if (stop_sig)
            break;
        for (size_t i = 0; i < jobs && next < nt && !broken; i++)
            if (!slots[i].pid) {
                if (spawn(&slots[i], s, todo[next], o, &old_mask)) {
                    slot_free(&slots[i]);
                    broken = 1;
                    break;
                }
                next++;
                running++;
            }
        if (!running)
            break;
        sigsuspend(&wait_mask);
    }
    if (stop_sig) {   /* stop the points still running: each is reported interrupted, its temp goes */
        for (size_t i = 0; i < jobs; i++)
            if (slots[i].pid) {
                kill(slots[i].pid, SIGTERM);
                int st = 0;
                while (waitpid(slots[i].pid, &st, 0) < 0 && errno == EINTR)
                    ;
                if (finish(&slots[i], st, s, &pr) == SWEEP_POINT_FAILED)
                    failed[nf++] = slots[i].k;
                slot_free(&slots[i]);
            }
    }
    sweep_progress_end(&pr);
    sigprocmask(SIG_SETMASK, &old_mask, NULL);
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
    sigaction(SIGCHLD, &old_chld, NULL);

    int rc = broken || nf ? 1 : 0;
    if (nf) {
        /* one line: every failed ID with its log, in points-file order */
        qsort(failed, nf, sizeof *failed, by_index);
        fprintf(stderr, "gmc sweep: %zu of %zu points failed:", nf, s->n);
        for (size_t i = 0; i < nf; i++) {
            char *l = log_path(o->out, s->pts[failed[i]].id);
            fprintf(stderr, "%s %s (log %s)", i ? "," : "", s->pts[failed[i]].id, l);
            free(l);
        }
        fputc('\n', stderr);
    }
    if (stop_sig || pr.interrupted) {   /* last: what to do next */
        fprintf(stderr, "gmc sweep: interrupted (%zu point%s stopped); the same command resumes\n",
                pr.interrupted, pr.interrupted == 1 ? "" : "s");
        rc = 130;
    }
    free(todo);
    free(slots);
    free(failed);
    return rc ? rc : gmc_sweep_merge(s, o->out);
}
