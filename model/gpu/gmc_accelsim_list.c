/* gmc_accelsim_list: the trace directory -- kernelslist.g, loading and
 * unloading kernels, the stats.
 *
 * kernelslist.g, as Accel-Sim's parser reads it (trace_parser.cc,
 * parse_commandlist_file): a line starting "kernel" names a kernel trace
 * file relative to the directory; "MemcpyHtoD,0x<addr>,<bytes>" and any
 * other line is not a kernel (gmc skips and counts them); blank lines are
 * ignored.  A list that names no kernel is an error (Accel-Sim would run
 * nothing and say nothing). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "gpu/gmc_accelsim_impl.h"
#include "util/gmc_quote.h"

#define AS_PATH_MAX 4096

typedef struct {
    char        *path;
    as_kernel_t *kd;        /* NULL until loaded */
    int          counted;   /* its lines are in the stats */
} as_entry_t;

struct gmc_accelsim {
    as_entry_t          *k;
    size_t               nk, capk;
    gmc_accelsim_stats_t st;
};

static int ends_with(const char *s, size_t len, const char *suf)
{
    size_t l = strlen(suf);
    return len >= l && memcmp(s + len - l, suf, l) == 0;
}

static int list_line(gmc_accelsim_t *t, const char *dir, const char *lp, const char *s, size_t len,
                     unsigned long line, char *err, size_t n)
{
    gmc_quote_t q;
    size_t at;
    int junk = as_junk_byte(s, len, &at);
    if (junk >= 0) {
        snprintf(err, n, "%s:%lu: expected text, found byte 0x%02x at column %zu", lp, line, junk, at + 1);
        return -1;
    }
    while (len && (*s == ' ' || *s == '\t' || *s == '\r'))
        s++, len--;
    while (len && (s[len - 1] == ' ' || s[len - 1] == '\t' || s[len - 1] == '\r'))
        len--;
    if (len == 0)
        return 0;
    if (len < 6 || memcmp(s, "kernel", 6) != 0) {
        t->st.skipped_list_lines++;   /* MemcpyHtoD and the like */
        return 0;
    }
    gmc_quote(&q, s, len);
    if (!ends_with(s, len, ".traceg") && !ends_with(s, len, ".traceg.xz")) {
        snprintf(err, n, "%s:%lu: expected a .traceg or .traceg.xz file name, found %s", lp, line, q.s);
        return -1;
    }
    size_t dl = strlen(dir);
    if (dl + 1 + len + 1 > AS_PATH_MAX) {
        snprintf(err, n, "%s:%lu: expected a path of at most %d bytes, found %s", lp, line, AS_PATH_MAX, q.s);
        return -1;
    }
    if (as_grow((void **)&t->k, &t->capk, t->nk + 1, sizeof *t->k) < 0 ||
        !(t->k[t->nk].path = malloc(dl + 1 + len + 1))) {
        snprintf(err, n, "%s:%lu: expected memory for the kernel list, found none", lp, line);
        return -1;
    }
    as_entry_t *e = &t->k[t->nk++];
    e->kd = NULL;
    e->counted = 0;
    memcpy(e->path, dir, dl);
    e->path[dl] = '/';
    memcpy(e->path + dl + 1, s, len);
    e->path[dl + 1 + len] = 0;
    const char *why;
    if (as_file_readable(e->path, &why) < 0) {
        snprintf(err, n, "%s:%lu: expected a readable trace file, found %s (%s)", lp, line, q.s, why);
        return -1;
    }
    return 0;
}

gmc_accelsim_t *gmc_accelsim_open(const char *dir, char *err, size_t n)
{
    char lp[AS_PATH_MAX];
    if (strlen(dir) + sizeof "/kernelslist.g" > sizeof lp) {
        snprintf(err, n, "%.64s...: expected a directory path of at most %d bytes, found a longer one", dir,
                 AS_PATH_MAX - (int)sizeof "/kernelslist.g");
        return NULL;
    }
    snprintf(lp, sizeof lp, "%s/kernelslist.g", dir);
    gmc_accelsim_t *t = calloc(1, sizeof *t);
    if (!t) {
        snprintf(err, n, "%s: expected memory, found none", lp);
        return NULL;
    }
    as_lines_t r;
    const char *why;
    if (as_lines_open(&r, lp, &why) < 0) {
        snprintf(err, n, "%s: expected a readable kernel list, found %s", lp, why);
        free(t);
        return NULL;
    }
    const char *s;
    size_t len;
    int rc;
    gmc_diag_t d = {lp, err, n, NULL, 0, 0};
    while ((rc = as_lines_next(&r, &s, &len, &d)) == 1)
        if (list_line(t, dir, lp, s, len, r.lines.line, err, n) < 0)
            goto fail;
    if (rc < 0)
        goto fail;
    if (!t->nk) {   /* a run of nothing is no run: an empty or cut list, or the wrong file */
        if (t->st.skipped_list_lines)
            snprintf(err, n, "%s: expected a line naming a kernel trace (kernel-N.traceg), found none "
                     "in %lu lines (%llu of them not kernels, such as MemcpyHtoD)", lp, r.lines.line,
                     (unsigned long long)t->st.skipped_list_lines);
        else
            snprintf(err, n, "%s: expected a line naming a kernel trace (kernel-N.traceg), found %s", lp,
                     r.lines.line ? "only blank lines" : "an empty file");
        goto fail;
    }
    as_lines_close(&r);
    t->st.kernels = t->nk;
    return t;
fail:
    as_lines_close(&r);
    gmc_accelsim_close(t);
    return NULL;
}

unsigned gmc_accelsim_nkernels(const gmc_accelsim_t *t) { return (unsigned)t->nk; }

const char *gmc_accelsim_kernel_path(const gmc_accelsim_t *t, unsigned i)
{
    return i < t->nk ? t->k[i].path : NULL;
}

static void fill_kernel(const as_kernel_t *kd, gmc_kernel_t *k)
{
    memset(k, 0, sizeof *k);
    k->ops = &as_kernel_ops;
    memcpy(k->name, kd->name, sizeof k->name);
    memcpy(k->grid, kd->grid, sizeof k->grid);
    memcpy(k->block, kd->block, sizeof k->block);
    k->regs_per_thread = kd->nregs;
    k->smem_per_cta = kd->shmem;
    k->impl = (void *)kd;
}

static void merge_stats(gmc_accelsim_stats_t *st, const as_fstats_t *fs)
{
    st->instruction_lines += fs->lines;
    st->unknown_ops += fs->unknown_ops;
    for (unsigned i = 0; i < fs->n_names; i++) {
        unsigned j = 0;
        while (j < st->n_unknown_names && strcmp(st->unknown[j].name, fs->names[i].name) != 0)
            j++;
        if (j == st->n_unknown_names) {
            if (j == GMC_ACCELSIM_UNKNOWN_NAMES)
                continue;
            memcpy(st->unknown[j].name, fs->names[i].name, sizeof st->unknown[j].name);
            st->unknown[j].count = 0;
            st->n_unknown_names++;
        }
        st->unknown[j].count += fs->names[i].count;
    }
}

static void shrink(void **p, size_t *cap, size_t n, size_t sz)
{
    if (n && n < *cap) {
        void *q = realloc(*p, n * sz);
        if (q) {
            *p = q;
            *cap = n;
        }
    }
}

static void note_clamped(gmc_accelsim_stats_t *st, unsigned i, const as_kernel_t *kd)
{
    if (st->n_nregs_clamped < GMC_ACCELSIM_CLAMPED_NAMES) {
        unsigned j = st->n_nregs_clamped++;
        st->nregs_clamped[j].index = i;
        st->nregs_clamped[j].nregs = kd->nregs_traced;
        memcpy(st->nregs_clamped[j].name, kd->name, sizeof st->nregs_clamped[j].name);
    }
    st->kernels_nregs_clamped++;
}

int gmc_accelsim_load(gmc_accelsim_t *t, unsigned i, gmc_kernel_t *k, char *err, size_t n)
{
    if (i >= t->nk) {
        snprintf(err, n, "expected a kernel index below %zu, found %u", t->nk, i);
        return -1;
    }
    as_entry_t *e = &t->k[i];
    if (e->kd) {
        fill_kernel(e->kd, k);
        return 0;
    }
    as_kernel_t *kd = calloc(1, sizeof *kd);
    as_fstats_t *fs = calloc(1, sizeof *fs);
    if (!kd || !fs) {
        snprintf(err, n, "%s: expected memory for the kernel, found none", e->path);
        free(kd);
        free(fs);
        return -1;
    }
    if (as_parse_file(e->path, kd, fs, err, n) < 0) {
        as_kernel_free(kd);
        free(kd);
        free(fs);
        return -1;
    }
    /* the parse grew the arrays by doubling: give back the slack */
    shrink((void **)&kd->recs, &kd->caprec, kd->nrec, sizeof *kd->recs);
    shrink((void **)&kd->off32, &kd->capoff32, kd->noff32, sizeof *kd->off32);
    shrink((void **)&kd->abs64, &kd->capabs64, kd->nabs64, sizeof *kd->abs64);
    e->kd = kd;
    if (!e->counted) {
        merge_stats(&t->st, fs);
        const uint64_t grid = (uint64_t)kd->grid[0] * kd->grid[1] * kd->grid[2];
        if (kd->ntb < grid) {
            t->st.ctas_unlisted += grid - kd->ntb;
            t->st.kernels_unlisted++;
        }
        if (kd->nregs_traced > kd->nregs)
            note_clamped(&t->st, i, kd);
        e->counted = 1;
    }
    t->st.trace_version = kd->has_version ? kd->version : 0;
    free(fs);
    fill_kernel(kd, k);
    return 0;
}

void gmc_accelsim_unload(gmc_accelsim_t *t, unsigned i)
{
    if (!t || i >= t->nk || !t->k[i].kd)
        return;
    as_kernel_free(t->k[i].kd);
    free(t->k[i].kd);
    t->k[i].kd = NULL;
}

uint32_t gmc_accelsim_nregs_traced(const gmc_accelsim_t *t, unsigned i)
{
    return i < t->nk && t->k[i].kd ? t->k[i].kd->nregs_traced : 0;
}

const gmc_accelsim_stats_t *gmc_accelsim_stats(const gmc_accelsim_t *t) { return &t->st; }

void gmc_accelsim_close(gmc_accelsim_t *t)
{
    if (!t)
        return;
    for (size_t i = 0; i < t->nk; i++) {
        gmc_accelsim_unload(t, (unsigned)i);
        free(t->k[i].path);
    }
    free(t->k);
    free(t);
}
