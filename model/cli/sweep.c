/* Sweeps: the points file and the helpers the runners share (sweep.h). */
#include "sweep.h"
#include "cli.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "util/gmc_diag.h"
#include "util/gmc_lines.h"
#include "util/gmc_quote.h"

static void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) {
        fputs("gmc sweep: out of memory\n", stderr);
        exit(1);
    }
    return p;
}

char *gmc_sweep_path(const char *dir, const char *name, const char *ext)
{
    size_t l = strlen(dir) + strlen(name) + (ext ? strlen(ext) : 0) + 2;
    char *p = xmalloc(l);
    snprintf(p, l, "%s/%s%s", dir, name, ext ? ext : "");
    return p;
}

char *gmc_sweep_slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0;
    char *b = xmalloc(cap);
    size_t r;
    while ((r = fread(b + n, 1, cap - n - 1, f)) > 0) {
        n += r;
        if (cap - n - 1 == 0) {
            char *nb = realloc(b, cap *= 2);
            if (!nb) {
                free(b);
                fclose(f);
                errno = ENOMEM;
                return NULL;
            }
            b = nb;
        }
    }
    int e = ferror(f) ? (errno ? errno : EIO) : 0;
    fclose(f);
    if (e) {
        free(b);
        errno = e;
        return NULL;
    }
    b[n] = 0;
    *len = n;
    return b;
}

static int blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

int gmc_sweep_is_object(const char *p, size_t n, size_t *b, size_t *e)
{
    size_t i = 0, j = n;
    while (i < n && blank(p[i]))
        i++;
    while (j > i && blank(p[j - 1]))
        j--;
    *b = i;
    *e = j;
    return j - i >= 2 && p[i] == '{' && p[j - 1] == '}';
}

int gmc_sweep_mkdir(const char *dir)
{
    return cli_mkdir_p("sweep", dir);
}

char *gmc_sweep_abs(const char *path)
{
    if (path[0] == '/') {
        char *p = xmalloc(strlen(path) + 1);
        return strcpy(p, path);
    }
    char *cwd = getcwd(NULL, 0);   /* POSIX leaves NULL open; glibc allocates */
    if (!cwd)
        return NULL;
    /* "./x" -> "cwd/x": the tasks' paths read better without the dot */
    while (path[0] == '.' && path[1] == '/')
        for (path += 2; *path == '/'; path++)
            ;
    char *p = gmc_sweep_path(cwd, path, NULL);
    free(cwd);
    return p;
}

char *gmc_sweep_self(const char *argv0)
{
    /* The running binary itself, so a sweep never mixes two gmc builds. */
    char buf[4096];
    ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
    if (n > 0 && (size_t)n < sizeof buf - 1) {
        buf[n] = 0;
        if (buf[0] == '/' && access(buf, X_OK) == 0) {
            char *p = xmalloc((size_t)n + 1);
            memcpy(p, buf, (size_t)n + 1);
            return p;
        }
    }
    if (argv0 && strchr(argv0, '/')) {
        if (access(argv0, X_OK) == 0) {
            char *r = gmc_sweep_abs(argv0);
            if (r)
                return r;
        }
    } else if (argv0 && *argv0) {   /* run from PATH */
        const char *path = getenv("PATH");
        while (path && *path) {
            size_t k = strcspn(path, ":");
            size_t l = k + strlen(argv0) + 2;
            char *c = xmalloc(l);
            snprintf(c, l, "%.*s/%s", (int)(k ? k : 1), k ? path : ".", argv0);
            char *r = access(c, X_OK) == 0 ? gmc_sweep_abs(c) : NULL;
            free(c);
            if (r)
                return r;
            path += k + (path[k] == ':');
        }
    }
    fprintf(stderr, "gmc sweep: cannot find the gmc binary (/proc/self/exe, argv[0] '%s')\n",
            argv0 ? argv0 : "");
    return NULL;
}

/* ---------------------------------------------------------- points file */


static int id_char(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
           c == '.' || c == '_' || c == '-';
}

/* Splits the command part of a line in place into p->argv.  Words are
 * separated by blanks; "..." keeps blanks, with \" and \\ inside.  Returns
 * 0, or -1 with the error in d. */
static int split_args(char *s, gmc_sweep_point_t *p, gmc_diag_t *d, unsigned line)
{
    size_t cap = 8;
    p->argv = xmalloc(cap * sizeof *p->argv);
    p->argc = 0;
    char *r = s;
    for (;;) {
        while (*r == ' ' || *r == '\t')
            r++;
        if (!*r)
            break;
        char *w = r, *o = r;   /* the word is rewritten in place at o */
        int quoted = 0;
        while (*r && (quoted || (*r != ' ' && *r != '\t'))) {
            if (*r == '"') {
                quoted = !quoted;
                r++;
            } else if (quoted && *r == '\\' && (r[1] == '"' || r[1] == '\\')) {
                *o++ = r[1];
                r += 2;
            } else {
                *o++ = *r++;
            }
        }
        if (quoted)
            return gmc_diag_error(d, line, "expected a closing double quote, found the end of the line");
        int end = !*r;
        *o = 0;
        if ((size_t)p->argc + 2 > cap) {
            char **n = realloc(p->argv, (cap *= 2) * sizeof *n);
            if (!n)
                return gmc_diag_error(d, line, "out of memory");
            p->argv = n;
        }
        p->argv[p->argc++] = w;
        if (end)
            break;
        r++;
    }
    p->argv[p->argc] = NULL;
    return 0;
}

static int by_id(const void *a, const void *b)
{
    const gmc_sweep_point_t *x = *(const gmc_sweep_point_t *const *)a;
    const gmc_sweep_point_t *y = *(const gmc_sweep_point_t *const *)b;
    int c = strcmp(x->id, y->id);
    return c ? c : (x->line > y->line) - (x->line < y->line);
}

/* The first (in file order) repeated ID as an error in d (-1); 0 if they are unique. */
static int check_unique(const gmc_sweep_t *s, gmc_diag_t *d)
{
    if (s->n < 2)
        return 0;
    const gmc_sweep_point_t **v = xmalloc(s->n * sizeof *v);
    for (size_t i = 0; i < s->n; i++)
        v[i] = &s->pts[i];
    qsort(v, s->n, sizeof *v, by_id);
    const gmc_sweep_point_t *dup = NULL, *first = NULL;
    for (size_t i = 1; i < s->n; i++)
        /* v[i] is the second of its group of equal IDs (sorted by line) */
        if (!strcmp(v[i]->id, v[i - 1]->id) && (i < 2 || strcmp(v[i - 2]->id, v[i]->id)) &&
            (!dup || v[i]->line < dup->line)) {
            dup = v[i];
            first = v[i - 1];
        }
    free(v);
    if (!dup)
        return 0;
    gmc_quote_t q;
    return gmc_diag_error(d, dup->line, "expected a new ID, found %s again (first on line %u)",
                           gmc_quote(&q, dup->id, strlen(dup->id)), first->line);
}

void gmc_sweep_free(gmc_sweep_t *s)
{
    for (size_t i = 0; i < s->n; i++) {
        free(s->pts[i].id);
        free(s->pts[i].argv);
    }
    free(s->pts);
    free(s->path);
    free(s->text);
    memset(s, 0, sizeof *s);
}

int gmc_sweep_load(gmc_sweep_t *s, const char *path, int (*known)(const char *cmd))
{
    memset(s, 0, sizeof *s);
    size_t len;
    char *text = gmc_sweep_slurp(path, &len);
    if (!text) {
        fprintf(stderr, "gmc sweep: %s: cannot read: %s\n", path, strerror(errno));
        return 1;
    }
    s->path = xmalloc(strlen(path) + 1);
    strcpy(s->path, path);
    s->text = text;
    s->text_len = len;
    /* The lines are parsed in a copy: each point's id and argv point into
     * one malloc'd line, owned by the id. */
    size_t cap = 0;
    char err[1024];
    gmc_diag_t d = {path, err, sizeof err, NULL, 0, 0};
    gmc_quote_t q;
    gmc_lines_t r;
    const char *p;
    size_t l;
    int got;
    gmc_lines_text(&r, text, len, GMC_LINES_ANY);
    while ((got = gmc_lines_next(&r, &p, &l, &d)) == 1) {
        const unsigned line = (unsigned)r.line;
        size_t k = 0;
        while (k < l && (p[k] == ' ' || p[k] == '\t'))
            k++;
        if (k == l || p[k] == '#')
            continue;
        char *buf = xmalloc(l + 1);
        memcpy(buf, p, l);
        buf[l] = 0;
        char *tab = strchr(buf, '\t');
        size_t idl = tab ? (size_t)(tab - buf) : l;
        size_t bad_at = 0;
        while (bad_at < idl && id_char(buf[bad_at]))
            bad_at++;
        if (!tab || bad_at < idl || !idl) {
            if (!tab && bad_at < idl && (buf[bad_at] == ' '))
                gmc_diag_error(&d, line, "expected ID<TAB>command, found no tab (a blank after "
                               "%s)", gmc_quote(&q, buf, bad_at));
            else if (!tab)
                gmc_diag_error(&d, line, "expected ID<TAB>command, found no tab");
            else
                gmc_diag_error(&d, line, "expected an ID of [A-Za-z0-9._-], found %s",
                               gmc_quote(&q, buf, idl));
            free(buf);
            goto bad;
        }
        *tab = 0;
        if (s->n == cap) {
            gmc_sweep_point_t *n = realloc(s->pts, (cap = cap ? 2 * cap : 64) * sizeof *n);
            if (!n) {
                free(buf);
                gmc_diag_error(&d, line, "out of memory");
                goto bad;
            }
            s->pts = n;
        }
        gmc_sweep_point_t *pt = &s->pts[s->n++];
        memset(pt, 0, sizeof *pt);
        pt->id = buf;
        pt->line = line;
        if (split_args(tab + 1, pt, &d, line))
            goto bad;
        if (!pt->argc) {
            gmc_diag_error(&d, line, "expected a gmc command after the tab, found nothing");
            goto bad;
        }
        if (!strcmp(pt->argv[0], "sweep")) {
            gmc_diag_error(&d, line, "expected a gmc command other than sweep (a point cannot be "
                           "a sweep), found 'sweep'");
            goto bad;
        }
        if (known && !known(pt->argv[0])) {
            gmc_diag_error(&d, line, "expected a gmc command (gmc help lists them), found %s",
                           gmc_quote(&q, pt->argv[0], strlen(pt->argv[0])));
            goto bad;
        }
    }
    if (got < 0)
        goto bad;
    if (!s->n) {
        gmc_diag_error(&d, 0, "expected at least one point (ID<TAB>command), found none");
        goto bad;
    }
    if (check_unique(s, &d))
        goto bad;
    return 0;
bad:
    fprintf(stderr, "gmc sweep: %s\n", err);
    gmc_sweep_free(s);
    return 1;
}
