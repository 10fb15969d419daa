/* Sweeps: OUT/merged.json from OUT/points/ID.json, in the points file's
 * order, so the bytes depend on the results alone (sweep.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "cli_outfile.h"
#include "sweep.h"

/* Names the points without a result (at most 10, then a count); 0 if none. */
static int check_missing(const gmc_sweep_t *s, const char *out)
{
    char *pdir = gmc_sweep_path(out, "points", NULL);
    size_t miss = 0, shown = 0;
    for (size_t k = 0; k < s->n; k++) {
        char *j = gmc_sweep_path(pdir, s->pts[k].id, ".json");
        struct stat sb;
        if (stat(j, &sb)) {
            if (!miss++)
                fprintf(stderr, "gmc sweep: %s: points without a result:", out);
            if (shown < 10)
                fprintf(stderr, "%s %s", shown++ ? "," : "", s->pts[k].id);
        }
        free(j);
    }
    if (miss) {
        if (miss > shown)
            fprintf(stderr, " and %zu more", miss - shown);
        fprintf(stderr, " (%zu of %zu missing: no %s/ID.json; why in %s/logs/ID.err)\n", miss,
                s->n, pdir, out);
    }
    free(pdir);
    return miss != 0;
}

int gmc_sweep_merge(const gmc_sweep_t *s, const char *out)
{
    if (check_missing(s, out) || gmc_sweep_args_check(s, out))
        return 1;
    char *path = gmc_sweep_path(out, "merged.json", NULL);
    cli_outfile_t o;
    if (cli_out_open(&o, "sweep", path)) {
        free(path);
        return 1;
    }
    fputs("{\"points\": {\n", o.f);
    for (size_t k = 0; k < s->n; k++) {
        char *pdir = gmc_sweep_path(out, "points", NULL);
        char *j = gmc_sweep_path(pdir, s->pts[k].id, ".json");
        free(pdir);
        size_t n, b, e;
        char *txt = gmc_sweep_slurp(j, &n);
        int bad = 0;
        if (!txt) {
            fprintf(stderr, "gmc sweep: %s: cannot read: %s\n", j, strerror(errno));
            bad = 1;
        } else if (!gmc_sweep_is_object(txt, n, &b, &e)) {
            if (b == e)
                fprintf(stderr, "gmc sweep: %s: expected one JSON object, found an empty file\n", j);
            else
                fprintf(stderr, "gmc sweep: %s: expected one JSON object ('{' ... '}'), found "
                        "'%c' ... '%c'\n", j, txt[b], txt[e - 1]);
            bad = 1;
        } else {
            /* the point's bytes as they are, blanks around them trimmed */
            fprintf(o.f, "  \"%s\": ", s->pts[k].id);
            fwrite(txt + b, 1, e - b, o.f);
            fputs(k + 1 < s->n ? ",\n" : "\n", o.f);
        }
        free(txt);
        free(j);
        if (bad) {
            cli_out_abort(&o);
            free(path);
            return 1;
        }
    }
    fputs("}}\n", o.f);
    int rc = cli_out_commit(&o) ? 1 : 0;
    free(path);
    return rc;
}
