/* Which gmc build, and which arguments, made a sweep's results (sweep.h,
 * gmc_sweep_build_sync).
 *
 * A point is skipped when its OUT/points/ID.json exists, so without this a
 * rebuilt gmc would keep the numbers of the old one and merge them as its
 * own: `make run` after a model change printed the old table.  OUT/gmc-build
 * holds a digest of the binary that made the points; a different binary
 * makes them again.  Likewise a point whose arguments changed (an edited
 * points file, an experiment run again into the same directory with
 * another --scale, --seed or --set) used to keep its old result under the
 * new command: OUT/point-args holds, per ID, a digest of the arguments
 * that made its JSON, and a point whose arguments differ runs again.
 * The digests are FNV-1a: they tell builds and commands apart, they are
 * no security measure. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cli_outfile.h"
#include "sweep.h"
#include "util/gmc_lines.h"
#include "util/gmc_num.h"

#define FNV_BASIS 14695981039346656037ull
#define FNV_PRIME 1099511628211ull

/* FNV-1a 64 of the running gmc, whose path is `path`; 0 (printed) if it
 * cannot be read.  /proc/self/exe first: it opens the running binary even
 * where its path does not (a directory above it closed to this user, as a
 * 0700 mktemp directory is to the unprivileged user of a test). */
static uint64_t file_digest(const char *path)
{
    FILE *f = fopen("/proc/self/exe", "rb");
    if (!f)
        f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "gmc sweep: warning: %s: %s; cannot tell which gmc build made the points "
                        "done before, so they are kept\n", path, strerror(errno));
        return 0;
    }
    uint64_t h = FNV_BASIS;
    unsigned char buf[65536];
    size_t r;
    while ((r = fread(buf, 1, sizeof buf, f)) > 0)
        for (size_t i = 0; i < r; i++)
            h = (h ^ buf[i]) * FNV_PRIME;
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        fprintf(stderr, "gmc sweep: warning: %s: read error; cannot tell which gmc build made the "
                        "points done before, so they are kept\n", path);
        return 0;
    }
    return h ? h : 1;
}

/* OUT/gmc-build's digest, 0 if there is none (or it is not one). */
static uint64_t stamp_read(const char *path)
{
    size_t n;
    char *t = gmc_sweep_slurp(path, &n);
    if (!t)
        return 0;
    uint64_t v;   /* 16 hex digits, then a newline or the end */
    int ok = strcspn(t, "\n") == 16 && !gmc_num_u64(t, 16, GMC_NUM_HEX, UINT64_MAX, &v);
    free(t);
    return ok ? v : 0;
}

/* FNV-1a 64 of a point's words after splitting, each with its NUL (so
 * "a b" and "ab" differ, and quoting that gives the same words does not). */
static uint64_t args_digest(const gmc_sweep_point_t *p)
{
    uint64_t h = FNV_BASIS;
    for (int i = 0; i < p->argc; i++)
        for (const unsigned char *c = (const unsigned char *)p->argv[i];; c++) {
            h = (h ^ *c) * FNV_PRIME;
            if (!*c)
                break;
        }
    return h;
}

typedef struct {
    const char *id;   /* into the file's text */
    uint64_t    h;
} arg_ent_t;

static int ent_cmp(const void *a, const void *b)
{
    return strcmp(((const arg_ent_t *)a)->id, ((const arg_ent_t *)b)->id);
}

/* OUT/point-args ("ID<TAB>16 hex digits" lines; gmc wrote it) into *e,
 * sorted by ID, pointing into *text (the caller frees both).  A missing
 * file is no entries; a line of another shape is skipped (its point then
 * counts as unrecorded and runs again). */
static size_t args_read(const char *path, char **text, arg_ent_t **e)
{
    size_t len, n = 0, cap = 0;
    *e = NULL;
    *text = gmc_sweep_slurp(path, &len);
    if (!*text)
        return 0;
    gmc_diag_t quiet = {NULL, NULL, 0, NULL, 0, 0};   /* a line gmc did not write: skipped */
    gmc_lines_t r;
    const char *l;
    size_t ll;
    gmc_lines_text(&r, *text, len, GMC_LINES_ANY);
    while (gmc_lines_next(&r, &l, &ll, &quiet) == 1) {
        char *tab = memchr(*text + (l - *text), '\t', ll);   /* writable: the caller's text */
        uint64_t v;
        if (!tab || tab == l || (size_t)(l + ll - tab) != 17 ||
            gmc_num_u64(tab + 1, 16, GMC_NUM_HEX, UINT64_MAX, &v))
            continue;
        *tab = 0;   /* the ID, a string in the text */
        if (n == cap) {
            arg_ent_t *g = realloc(*e, (cap = cap ? 2 * cap : 64) * sizeof *g);
            if (!g) {
                fputs("gmc sweep: out of memory\n", stderr);
                exit(1);
            }
            *e = g;
        }
        (*e)[n++] = (arg_ent_t){l, v};
    }
    qsort(*e, n, sizeof **e, ent_cmp);
    return n;
}

static const arg_ent_t *args_find(const arg_ent_t *e, size_t n, const char *id)
{
    arg_ent_t k = {id, 0};
    return n ? bsearch(&k, e, n, sizeof *e, ent_cmp) : NULL;
}

/* Writes OUT/point-args: this sweep's points, then the other IDs the old
 * file recorded (their JSONs stay valid for a later sweep that has them).
 * All or nothing. */
static int args_write(const gmc_sweep_t *s, const char *path, const arg_ent_t *old, size_t nold)
{
    cli_outfile_t o;
    if (cli_out_open(&o, "sweep", path))
        return 1;
    arg_ent_t *cur = malloc((s->n ? s->n : 1) * sizeof *cur);   /* this sweep's IDs, sorted */
    if (!cur) {
        cli_out_abort(&o);
        fputs("gmc sweep: out of memory\n", stderr);
        return 1;
    }
    for (size_t k = 0; k < s->n; k++) {
        cur[k] = (arg_ent_t){s->pts[k].id, args_digest(&s->pts[k])};
        fprintf(o.f, "%s\t%016" PRIx64 "\n", cur[k].id, cur[k].h);
    }
    qsort(cur, s->n, sizeof *cur, ent_cmp);
    for (size_t i = 0; i < nold; i++)
        if (!args_find(cur, s->n, old[i].id))
            fprintf(o.f, "%s\t%016" PRIx64 "\n", old[i].id, old[i].h);
    free(cur);
    return cli_out_commit(&o) ? 1 : 0;
}

int gmc_sweep_args_check(const gmc_sweep_t *s, const char *out)
{
    char *apath = gmc_sweep_path(out, "point-args", NULL), *atext;
    arg_ent_t *rec;
    const size_t nrec = args_read(apath, &atext, &rec);
    size_t bad = 0, shown = 0;
    for (size_t k = 0; k < s->n; k++) {
        const arg_ent_t *e = args_find(rec, nrec, s->pts[k].id);
        if (e && e->h == args_digest(&s->pts[k]))
            continue;
        if (!bad++)
            fprintf(stderr, "gmc sweep: %s: points whose result was not made with the arguments %s gives them:",
                    out, s->path);
        if (shown < 10)
            fprintf(stderr, "%s %s", shown++ ? "," : "", s->pts[k].id);
    }
    if (bad) {
        if (bad > shown)
            fprintf(stderr, " and %zu more", bad - shown);
        fprintf(stderr, " (%zu of %zu; %s records them): run or submit %s again\n", bad, s->n, apath, s->path);
    }
    free(rec);
    free(atext);
    free(apath);
    return bad != 0;
}

static void say_rerun(size_t n, const char *why)
{
    fprintf(stderr, "gmc sweep: the %zu point%s done before %s %s: running %s again\n", n,
            n == 1 ? "" : "s", n == 1 ? "was" : "were", why, n == 1 ? "it" : "them");
}

int gmc_sweep_build_sync(const gmc_sweep_t *s, const char *out, const char *gmc, int force)
{
    const uint64_t now = file_digest(gmc);   /* 0: unreadable, every build counts as this one */
    char *stamp = gmc_sweep_path(out, "gmc-build", NULL), *pdir = gmc_sweep_path(out, "points", NULL);
    char *apath = gmc_sweep_path(out, "point-args", NULL), *atext;
    const uint64_t was = now ? stamp_read(stamp) : 0;
    const int rebuilt = now && was != now;
    arg_ent_t *old;
    const size_t nold = args_read(apath, &atext, &old);
    size_t by_build = 0, by_args = 0;
    int rc = 0;
    for (size_t k = 0; k < s->n; k++) {
        const arg_ent_t *e = rebuilt ? NULL : args_find(old, nold, s->pts[k].id);
        if (e && e->h == args_digest(&s->pts[k]))
            continue;
        char *j = gmc_sweep_path(pdir, s->pts[k].id, ".json");
        struct stat sb;
        if (!stat(j, &sb)) {
            /* made by another build or with other arguments: gone before
             * the records change, so no JSON is ever kept under records
             * that did not make it (an interrupted rerun leaves them
             * missing, not stale) */
            if (unlink(j) && errno != ENOENT) {
                fprintf(stderr, "gmc sweep: %s: %s\n", j, strerror(errno));
                rc = 1;
            }
            if (rebuilt)
                by_build++;
            else
                by_args++;
        }
        free(j);
    }
    if (by_build && !force) {
        char w[32] = "none", why[1200];
        if (was)
            snprintf(w, sizeof w, "%016" PRIx64, was);
        snprintf(why, sizeof why, "made by another gmc build (%s: %s, this gmc: %016" PRIx64 ")", stamp, w, now);
        say_rerun(by_build, why);
    }
    if (by_args && !force) {
        char why[1200];
        snprintf(why, sizeof why, "made with other arguments than %s gives them now (%s)", s->path, apath);
        say_rerun(by_args, why);
    }
    if (!rc && (by_build || by_args)) {
        char *m = gmc_sweep_path(out, "merged.json", NULL);
        unlink(m);   /* it describes the old results */
        free(m);
    }
    if (!rc)
        rc = args_write(s, apath, rebuilt ? NULL : old, rebuilt ? 0 : nold);
    if (!rc && rebuilt) {
        cli_outfile_t o;
        if (cli_out_open(&o, "sweep", stamp))
            rc = 1;
        else {
            fprintf(o.f, "%016" PRIx64 "\n", now);
            rc = cli_out_commit(&o) ? 1 : 0;
        }
    }
    free(old);
    free(atext);
    free(apath);
    free(stamp);
    free(pdir);
    return rc;
}
