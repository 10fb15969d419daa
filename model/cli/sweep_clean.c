/* Sweeps: the temporary files a killed run left in OUT (sweep.h).
 *
 * Every file a sweep writes goes first to NAME.tmp.XXXXXX beside it (a
 * point's stdout in the runner and the Slurm script, merged.json,
 * gmc-build, point-args and the slurm/ files through cli_outfile.c) and is
 * renamed into place whole.  Ctrl-C and SIGTERM remove them; a SIGKILL (an
 * OOM killer, a batch system's hard stop) cannot, and nothing else ever
 * would: a resumed run removes them.  Only that pattern, and only under
 * the names a sweep writes, is touched, so a user's own file in OUT stays. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "sweep.h"

/* Whether name is BASE.tmp.XXXXXX (mkstemp's six letters or digits); sets
 * *base_len. */
static int tmp_name(const char *name, size_t *base_len)
{
    static const char suffix[] = ".tmp.";
    size_t l = strlen(name), sl = sizeof suffix - 1;
    if (l < sl + 6 + 1)
        return 0;
    for (size_t i = l - 6; i < l; i++) {
        char c = name[i];
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')))
            return 0;
    }
    if (memcmp(name + l - 6 - sl, suffix, sl))
        return 0;
    *base_len = l - 6 - sl;
    return 1;
}

/* A point's result, ID.json, with ID in the points file's alphabet. */
static int point_json(const char *base, size_t n)
{
    if (n <= 5 || memcmp(base + n - 5, ".json", 5))
        return 0;
    for (size_t i = 0; i < n - 5; i++) {
        char c = base[i];
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' ||
              c == '_' || c == '-'))
            return 0;
    }
    return 1;
}

static int one_of(const char *base, size_t n, const char *const *names)
{
    for (; *names; names++)
        if (strlen(*names) == n && !memcmp(base, *names, n))
            return 1;
    return 0;
}

/* Removes dir's stale temporaries whose base is one of names (NULL: a
 * point's ID.json); adds to *removed, keeps the first in first. */
static void clean_dir(const char *dir, const char *const *names, size_t *removed, char **first)
{
    DIR *d = opendir(dir);
    if (!d)
        return;   /* not there yet: nothing left in it */
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t n;
        if (!tmp_name(e->d_name, &n) || !(names ? one_of(e->d_name, n, names) : point_json(e->d_name, n)))
            continue;
        char *p = gmc_sweep_path(dir, e->d_name, NULL);
        struct stat sb;
        if (!lstat(p, &sb) && S_ISREG(sb.st_mode)) {
            if (unlink(p))
                fprintf(stderr, "gmc sweep: warning: %s: cannot remove: %s\n", p, strerror(errno));
            else if (!(*removed)++) {
                *first = p;
                continue;
            }
        }
        free(p);
    }
    closedir(d);
}

size_t gmc_sweep_clean_tmp(const char *out)
{
    static const char *const top[] = {"merged.json", "gmc-build", "point-args", NULL};
    static const char *const slurm[] = {"points.txt", "tasks.txt", "sweep.sbatch", "jobid", NULL};
    size_t removed = 0;
    char *first = NULL;
    char *pdir = gmc_sweep_path(out, "points", NULL), *sdir = gmc_sweep_path(out, "slurm", NULL);
    clean_dir(out, top, &removed, &first);
    clean_dir(pdir, NULL, &removed, &first);
    clean_dir(sdir, slurm, &removed, &first);
    if (removed)
        fprintf(stderr, "gmc sweep: removed %zu temporary file%s an interrupted run left (%s%s)\n", removed,
                removed == 1 ? "" : "s", first, removed > 1 ? ", ..." : "");
    free(first);
    free(pdir);
    free(sdir);
    return removed;
}
