/* gmc experiment: points, a small JSON number reader, files and plots. */
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli.h"
#include "exp.h"

void exp_point(exp_ctx_t *x, const char *id, const char *fmt, ...)
{
    va_list ap;
    fprintf(x->points, "%s\tsim ", id);
    va_start(ap, fmt);
    vfprintf(x->points, fmt, ap);
    va_end(ap);
    for (unsigned i = 0; i < x->nset; i++)
        fprintf(x->points, " --set %s", x->set[i]);
    fprintf(x->points, " --seed %llu --scale %g --json\n", x->seed, x->scale);
}

const char *exp_cmd(const exp_ctx_t *x)
{
    return x->cmd;
}

void exp_md_overrides(const exp_ctx_t *x, FILE *md)
{
    if (!x->nset)
        return;
    fprintf(md, "**Machine changed by `--set`:");
    for (unsigned i = 0; i < x->nset; i++)
        fprintf(md, " %s", x->set[i]);
    fprintf(md, ".** Every run has these overrides; the paper's numbers below are for its own "
                "machine, so they are a reference, not a target.\n\n");
}

void exp_md_scale(const exp_ctx_t *x, FILE *md)
{
    fprintf(md, "Scale: these runs use `--scale %g`. %s\n\n", x->scale, x->def->scale_need);
    if (!x->def->scale_ok(x->scale))
        fprintf(md, "**Warning: `--scale %g` is not such a scale: the claims below may not hold at it.**\n\n",
                x->scale);
}

/* Skips one JSON value starting at p (object, array, string or scalar). */
static const char *skip_value(const char *p)
{
    if (*p == '"') {
        for (p++; *p && *p != '"'; p++)
            if (*p == '\\' && p[1])
                p++;
        return *p ? p + 1 : p;
    }
    if (*p == '{' || *p == '[') {
        int depth = 0;
        for (; *p; p++) {
            if (*p == '"') {
                p = skip_value(p) - 1;
            } else if (*p == '{' || *p == '[') {
                depth++;
            } else if (*p == '}' || *p == ']') {
                if (--depth == 0)
                    return p + 1;
            }
        }
        return p;
    }
    while (*p && *p != ',' && *p != '}' && *p != ']')
        p++;
    return p;
}

/* The value of key in the object starting at obj ('{'), or NULL. */
static const char *member(const char *obj, const char *key, size_t klen)
{
    const char *p = obj + 1;
    for (;;) {
        while (*p == ' ' || *p == '\n' || *p == '\t' || *p == '\r' || *p == ',')
            p++;
        if (*p != '"')
            return NULL;
        const char *k = p + 1;
        const char *ke = skip_value(p) - 1;
        p = ke + 1;
        while (*p == ' ' || *p == ':')
            p++;
        if ((size_t)(ke - k) == klen && !strncmp(k, key, klen))
            return p;
        p = skip_value(p);
    }
}

int exp_num(const char *json, const char *path, double *v)
{
    *v = 0;
    const char *p = json ? strchr(json, '{') : NULL;
    while (p && *path) {
        const char *dot = strchr(path, '.');
        size_t kl = dot ? (size_t)(dot - path) : strlen(path);
        if (*p != '{')
            return -1;
        p = member(p, path, kl);
        path += kl + (dot ? 1 : 0);
    }
    if (!p)
        return -1;
    char *e;
    double d = strtod(p, &e);
    if (e == p)
        return -1;
    *v = d;
    return 0;
}

/* What a report holds at path where a number was expected, for the
 * error: "none" (no such key), "null", or the value's first characters. */
static void found_at(const char *json, const char *path, char *buf, size_t n)
{
    snprintf(buf, n, "none");
    const char *p = json ? strchr(json, '{') : NULL;
    while (p && *path) {
        const char *dot = strchr(path, '.');
        size_t kl = dot ? (size_t)(dot - path) : strlen(path);
        if (*p != '{')
            return;
        p = member(p, path, kl);
        path += kl + (dot ? 1 : 0);
    }
    if (p) {
        size_t l = strcspn(p, ",}\n");
        snprintf(buf, n, "%.*s", (int)(l < 24 ? l : 24), p);
    }
}

double exp_get(const exp_ctx_t *x, const char *id, const char *path)
{
    size_t i = 0;
    while (i < x->npt && strcmp(x->pt[i].id, id))
        i++;
    const char *json = i < x->npt ? x->pt[i].json : NULL;
    double v;
    if (!exp_num(json, path, &v) && isfinite(v))
        return v;
    exp_miss_t *m = x->miss;
    if (m && !(i < x->npt && m->bad[i])) {
        if (!m->n++) {
            snprintf(m->id, sizeof m->id, "%s", id);
            snprintf(m->path, sizeof m->path, "%s", path);
            found_at(json, path, m->found, sizeof m->found);
        }
        if (i < x->npt)
            m->bad[i] = 1;
    }
    return NAN;
}

FILE *exp_open(const exp_ctx_t *x, const char *file)
{
    if (x->probe)
        return fopen("/dev/null", "w");
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", x->out, file);
    FILE *f = fopen(path, "w");
    if (!f)
        fprintf(stderr, "gmc experiment: %s: cannot write\n", path);
    return f;
}

int exp_plot(exp_ctx_t *x, const char *script)
{
    if (!x->gnuplot_ok || x->probe)
        return 0;
    char log[1024];
    snprintf(log, sizeof log, "%s/gnuplot.log", x->out);
    /* no shell: the -o folder's name is never read as code (a quote in it) */
    if (cli_gnuplot("gmc experiment", x->out, script, log)) {
        fprintf(stderr, "gmc experiment: no plots (%s/gnuplot.log has gnuplot's messages)\n", x->out);
        x->plot_failed = 1;
        return -1;
    }
    return 0;
}

int exp_report_line(const exp_ctx_t *x, const char *csv, const char *const *pngs)
{
    if (x->probe)
        return 0;
    printf("report: %s/summary.md  plots:", x->out);
    unsigned shown = 0;
    for (; *pngs; pngs++) {
        char p[1024];
        snprintf(p, sizeof p, "%s/%s", x->out, *pngs);
        if (!access(p, F_OK))
            printf(" %s", p), shown++;
    }
    printf("%s  data: %s/%s\n", shown ? "" : " none", x->out, csv);
    return x->plot_failed;
}

double exp_geomean(const double *v, int n, int *used)
{
    double s = 0;
    int k = 0;
    for (int i = 0; i < n; i++)
        if (v[i] > 0 && isfinite(v[i]))
            s += log(v[i]), k++;
    if (used)
        *used = k;
    return k ? exp(s / k) : NAN;
}
