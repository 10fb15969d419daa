/* Which gmc build made a sweep's results (sweep.h, gmc_sweep_build_sync).
 *
 * A point is skipped when its OUT/points/ID.json exists, so without this a
 * rebuilt gmc would keep the numbers of the old one and merge them as its
 * own: `make run` after a model change printed the old table.  OUT/gmc-build
 * holds a digest of the binary that made the points; a different binary
 * makes them again.  The digest is FNV-1a over the file's bytes: it tells
 * builds apart, it is no security measure. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cli_outfile.h"
#include "sweep.h"

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
    uint64_t h = 14695981039346656037ull;
    unsigned char buf[65536];
    size_t r;
    while ((r = fread(buf, 1, sizeof buf, f)) > 0)
        for (size_t i = 0; i < r; i++)
            h = (h ^ buf[i]) * 1099511628211ull;
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
    char *e;
    errno = 0;
    unsigned long long v = strtoull(t, &e, 16);
    int ok = e == t + 16 && (*e == '\n' || !*e) && !errno;
    free(t);
    return ok ? (uint64_t)v : 0;
}

int gmc_sweep_build_sync(const gmc_sweep_t *s, const char *out, const char *gmc, int force)
{
    const uint64_t now = file_digest(gmc);
    if (!now)
        return 0;
    char *stamp = gmc_sweep_path(out, "gmc-build", NULL), *pdir = gmc_sweep_path(out, "points", NULL);
    const uint64_t was = stamp_read(stamp);
    int rc = 0;
    if (was != now) {
        size_t done = 0;
        for (size_t k = 0; k < s->n; k++) {
            char *j = gmc_sweep_path(pdir, s->pts[k].id, ".json");
            struct stat sb;
            if (!stat(j, &sb)) {
                /* made by another build: gone before the stamp changes, so
                 * no JSON under a stamp is ever another build's (an
                 * interrupted rerun leaves them missing, not stale) */
                if (unlink(j) && errno != ENOENT) {
                    fprintf(stderr, "gmc sweep: %s: %s\n", j, strerror(errno));
                    rc = 1;
                }
                done++;
            }
            free(j);
        }
        if (done && !force) {
            char w[32] = "none";
            if (was)
                snprintf(w, sizeof w, "%016" PRIx64, was);
            fprintf(stderr, "gmc sweep: the %zu point%s done before %s made by another gmc build "
                            "(%s: %s, this gmc: %016" PRIx64 "): running %s again\n",
                    done, done == 1 ? "" : "s", done == 1 ? "was" : "were", stamp, w, now,
                    done == 1 ? "it" : "them");
        }
        if (!rc) {
            char *m = gmc_sweep_path(out, "merged.json", NULL);
            unlink(m);   /* it describes the other build's results */
            free(m);
            cli_outfile_t o;
            if (cli_out_open(&o, "sweep", stamp))
                rc = 1;
            else {
                fprintf(o.f, "%016" PRIx64 "\n", now);
                rc = cli_out_commit(&o) ? 1 : 0;
            }
        }
    }
    free(stamp);
    free(pdir);
    return rc;
}
