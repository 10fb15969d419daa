/* Sweeps: many independent gmc runs ("points"), each one a gmc subcommand
 * whose stdout is one JSON object, run locally on J jobs or as a Slurm job
 * array, then merged into OUT/merged.json.  Used by `gmc sweep` and by the
 * experiments, which write a points file and call these.
 *
 * The points file: one point per line, `ID<TAB>subcommand args...`; the
 * args are split on blanks, a double-quoted part keeps its blanks (`\"` and
 * `\\` inside quotes); blank lines and lines starting with `#` are skipped.
 * IDs are [A-Za-z0-9._-]+ and unique: OUT/points/ID.json is the point's
 * result, OUT/logs/ID.err its stderr.
 *
 * Every function prints its own errors (one line, "gmc sweep: ...",
 * FILE:LINE where there is one) and returns 0 on success, 1 on bad input
 * or a failed point, 130 when interrupted. */
#ifndef GMC_SWEEP_H
#define GMC_SWEEP_H
#include <stddef.h>

typedef struct {
    char    *id;
    char   **argv;   /* the gmc subcommand and its args, NULL-terminated */
    int      argc;
    unsigned line;   /* in the points file, for messages */
} gmc_sweep_point_t;

typedef struct {
    char              *path;   /* the points file, as given */
    char              *text;   /* its bytes (OUT/slurm/points.txt is a copy) */
    size_t             text_len;
    gmc_sweep_point_t *pts;    /* in file order: the order of merged.json */
    size_t             n;
} gmc_sweep_t;

/* Reads and checks a points file.  known(name), when not NULL, says whether
 * a point's subcommand exists (`sweep` itself is always refused).  On error
 * prints "gmc sweep: FILE:LINE: expected ..., found ..." and returns 1 with
 * *s empty. */
int  gmc_sweep_load(gmc_sweep_t *s, const char *path, int (*known)(const char *cmd));
void gmc_sweep_free(gmc_sweep_t *s);

/* The gmc binary that points run: /proc/self/exe, else argv[0] made
 * absolute (searched in PATH when it has no '/').  Returns a malloc'd
 * absolute path, or NULL after printing why. */
char *gmc_sweep_self(const char *argv0);

typedef struct {
    const char *out;     /* OUT directory (created) */
    const char *gmc;     /* the binary the points run (gmc_sweep_self) */
    unsigned    jobs;    /* parallel points; 0 = the online CPUs */
    int         force;   /* rerun points whose OUT/points/ID.json exists */
    int         tty;     /* progress as a redrawn bar (else a line per point) */
    const double *cost;  /* NULL, or per point an estimate of its run time: the
                            points start longest first (ties in file order), so
                            that the run does not end on one long point */
} gmc_sweep_run_opts_t;

/* Runs the points not yet done, at most o->jobs at a time, then merges.
 * A failed point does not stop the others; the return is then 1, after one
 * line naming every failed ID and its log. */
int  gmc_sweep_run(const gmc_sweep_t *s, const gmc_sweep_run_opts_t *o);

/* OUT/merged.json = {"points": {"ID": <OUT/points/ID.json>, ...}} in the
 * points file's order (so byte-identical whatever the job count or the
 * order points finished), written all or nothing.  Every point must exist
 * (the missing ones are named) and be one JSON object (a light check: it
 * starts with '{' and ends with '}'). */
int  gmc_sweep_merge(const gmc_sweep_t *s, const char *out);

typedef struct {
    const char *out;
    const char *gmc;         /* absolute path of the binary the tasks run */
    const char *partition;   /* NULL: the cluster's default */
    const char *time;        /* NULL: the partition's default */
    unsigned    max_running; /* the array's %K throttle; 0 = none */
    size_t      array_max;   /* at most this many array tasks (0 = one per point);
                                past it a task runs several points */
    int         force;       /* include points that are done */
    int         dry_run;     /* write the script, do not submit */
} gmc_sweep_slurm_opts_t;

/* Writes OUT/slurm/{points.txt,tasks.txt,sweep.sbatch} for the points not
 * yet done and submits the script with `sbatch --parsable` ($SBATCH, else
 * sbatch in PATH); the job id goes to OUT/slurm/jobid and stdout. */
int  gmc_sweep_slurm(const gmc_sweep_t *s, const gmc_sweep_slurm_opts_t *o);

/* The points done before count only if this gmc binary made them with the
 * arguments the points file gives them now: OUT/gmc-build holds a digest
 * of the binary, OUT/point-args one of each point's arguments.  A point
 * done before under another binary (or none recorded) or other arguments
 * (or none recorded) loses its OUT/points/ID.json, and OUT/merged.json
 * goes, so it runs again (one line on stderr per reason, unless force);
 * then both records are written.  A binary that cannot be read passes the
 * build check (a warning).  0, or 1 after printing why.  (sweep_build.c) */
int   gmc_sweep_build_sync(const gmc_sweep_t *s, const char *out, const char *gmc, int force);
/* Whether every point's result was made with the arguments s gives it
 * (OUT/point-args): 0, or 1 after one line naming those that were not
 * (collect must not merge another command's results under this one). */
int   gmc_sweep_args_check(const gmc_sweep_t *s, const char *out);

/* Removes the temporary files (NAME.tmp.XXXXXX) a killed run left in OUT,
 * OUT/points and OUT/slurm under the names a sweep writes there, and says
 * how many on stderr; the count.  A resumed local run calls it first, so
 * it must not run while another sweep writes into OUT.  (sweep_clean.c) */
size_t gmc_sweep_clean_tmp(const char *out);

/* Shared by the pieces above (sweep.c). */
/* mkdir -p for one directory below an existing one; 0 or -1 (printed). */
int   gmc_sweep_mkdir(const char *dir);
/* malloc'd "a/b" (or "a/b.ext" with ext); exits on out of memory. */
char *gmc_sweep_path(const char *dir, const char *name, const char *ext);
/* malloc'd absolute form of path (the current directory prepended, no
 * symlinks resolved); NULL with errno. */
char *gmc_sweep_abs(const char *path);
/* Reads a whole file (NUL-terminated, *len without it); NULL with errno. */
char *gmc_sweep_slurp(const char *path, size_t *len);
/* Whether [p, p+n) looks like one JSON object: first non-blank '{', last
 * non-blank '}'.  Sets *b, *e to that span. */
int   gmc_sweep_is_object(const char *p, size_t n, size_t *b, size_t *e);

#endif
