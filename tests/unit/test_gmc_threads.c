/* Two instances at once: the library keeps no scratch of its own inside a
 * call (no function-level static), so an embedder with two of anything --
 * interleaved in one thread, or in two threads -- gets from each exactly
 * what it would get alone.
 *
 * Interleaved: a writer's stream runs the other job inside the writer's
 * first write (a stream with a callback), which is exactly when a shared
 * static would be overwritten; deterministic.  Threads: two jobs, many
 * rounds each, every result compared with the job alone (the imports have
 * no callback to interleave at; a race shows in some rounds, and always
 * under -fsanitize=thread). */
#define _GNU_SOURCE   /* fopencookie */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <cmocka.h>
#include "bim/gmc_bim_scheme.h"
#include "bim/gmc_bim_verilog.h"
#include "gpu/gmc_machine.h"
#include "gpu/gmc_machine_gpgpusim.h"
#include "mem/gmc_addrmap.h"
#include "mem/gmc_dram_import.h"
#include "vec/gmc_block.h"
#include "vec/gmc_vec.h"

#define ROUNDS 300

/* A job writes its result into f; 0 or -1. */
typedef int (*job_fn)(FILE *f, const void *arg);
typedef struct { job_fn fn; const void *arg; } job_t;

/* The job's result alone, malloc'd, in *len bytes (NULL when it failed: a
 * job that fails proves nothing). */
static char *alone(const job_t *j, size_t *len)
{
    char *text = NULL;
    FILE *f = open_memstream(&text, len);
    if (!f)
        return NULL;
    int rc = j->fn(f, j->arg);
    if (fclose(f) || rc) {
        free(text);
        return NULL;
    }
    return text;
}

static int same(const char *a, size_t al, const char *b, size_t bl)
{
    return a && b && al == bl && !memcmp(a, b, al);
}

/* ------------------------------------------------------------ interleaved */

/* A stream that keeps what is written and, at its first write, runs
 * another job to the end (its result kept too). */
typedef struct {
    char       *buf;
    size_t      len, cap;
    const job_t *other;
    char       *other_out;
    size_t      other_len;
} sink_t;

static ssize_t sink_write(void *c, const char *b, size_t n)
{
    sink_t *s = c;
    if (s->len + n > s->cap) {
        size_t cap = (s->len + n) * 2;
        char *nb = realloc(s->buf, cap);
        if (!nb)
            return -1;
        s->buf = nb, s->cap = cap;
    }
    memcpy(s->buf + s->len, b, n);
    s->len += n;
    if (s->other) {
        const job_t *o = s->other;
        s->other = NULL;
        s->other_out = alone(o, &s->other_len);
    }
    return (ssize_t)n;
}

/* a, with b run inside a's first write; both must give their results alone. */
static void interleaved(const job_t *a, const job_t *b)
{
    size_t al, bl;
    char *wa = alone(a, &al), *wb = alone(b, &bl);
    assert_true(wa && wb);
    assert_false(same(wa, al, wb, bl));
    sink_t s = {NULL, 0, 0, b, NULL, 0};
    FILE *f = fopencookie(&s, "w", (cookie_io_functions_t){NULL, sink_write, NULL, NULL});
    assert_non_null(f);
    setvbuf(f, NULL, _IONBF, 0);   /* every fprintf is a write: b runs inside a's first */
    int rc = a->fn(f, a->arg);
    assert_int_equal(fclose(f), 0);
    assert_int_equal(rc, 0);
    if (!same(s.buf, s.len, wa, al))
        fail_msg("the first job's output changed when the second ran inside it");
    if (!same(s.other_out, s.other_len, wb, bl))
        fail_msg("the second job's output changed when it ran inside the first");
    free(wa), free(wb), free(s.buf), free(s.other_out);
}

/* ------------------------------------------------------------ two threads */

static pthread_barrier_t start;   /* both threads begin together */

typedef struct {
    const job_t *job;
    const char  *want;
    size_t       want_len;
    int          bad;    /* rounds whose result differed */
} worker_t;

static void *work(void *p)
{
    worker_t *w = p;
    pthread_barrier_wait(&start);
    for (int i = 0; i < ROUNDS; i++) {
        size_t len;
        char *got = alone(w->job, &len);
        w->bad += !same(got, len, w->want, w->want_len);
        free(got);
    }
    return NULL;
}

static void threads(const job_t *a, const job_t *b)
{
    worker_t w[2] = {{a, NULL, 0, 0}, {b, NULL, 0, 0}};
    for (int i = 0; i < 2; i++)
        assert_non_null(w[i].want = alone(w[i].job, &w[i].want_len));
    assert_false(same(w[0].want, w[0].want_len, w[1].want, w[1].want_len));
    pthread_t t[2];
    assert_int_equal(pthread_barrier_init(&start, NULL, 2), 0);
    for (int i = 0; i < 2; i++)
        assert_int_equal(pthread_create(&t[i], NULL, work, &w[i]), 0);
    for (int i = 0; i < 2; i++)
        assert_int_equal(pthread_join(t[i], NULL), 0);
    pthread_barrier_destroy(&start);
    for (int i = 0; i < 2; i++) {
        if (w[i].bad)
            fail_msg("job %d: %d of %d rounds differed from its result alone", i, w[i].bad, ROUNDS);
        free((char *)w[i].want);
    }
}

/* ------------------------------------------------------------ the jobs */

typedef struct { gmc_bim_cfg_t cfg; gmc_vec_meta_t meta; } bim_arg_t;

static void bim_arg(bim_arg_t *j, const char *scheme, uint64_t seed)
{
    gmc_addrmap_t m;
    gmc_scheme_t s;
    gmc_gf2_t mat;
    char err[256];
    assert_int_equal(gmc_addrmap_preset("gddr5-hynix", &m), 0);
    assert_int_equal(gmc_scheme_parse(scheme, &s), 0);
    assert_int_equal(gmc_bim_scheme_make(s, &m, seed, NULL, &mat, err, sizeof err), 0);
    assert_int_equal(gmc_bim_cfg_init(&j->cfg, &mat, 1, err, sizeof err), 0);
    j->meta = (gmc_vec_meta_t){"gddr5-hynix", scheme, seed, 5, 300};
}

static int bim_vectors(FILE *f, const void *arg)
{
    const bim_arg_t *j = arg;
    return gmc_vec_bim_write(f, &j->cfg, &j->meta);
}

static int bim_wrapper(FILE *f, const void *arg)
{
    const bim_arg_t *j = arg;
    gmc_bim_verilog_wrapper(f, &j->cfg.m, "bim_top", 1, j->meta.scheme);
    return 0;
}

typedef struct { const gmc_block_t *b; void *cfg; } block_arg_t;

static int block_vectors(FILE *f, const void *arg)
{
    const block_arg_t *j = arg;
    return gmc_block_vec_write(f, j->b, j->cfg, 3, 40);
}

static int block_tb(FILE *f, const void *arg)
{
    const block_arg_t *j = arg;
    return gmc_block_emit_tb(f, j->b, j->cfg, "top");
}

typedef struct { const char *text; const gmc_dram_cfg_t *base; } dram_arg_t;

/* The imported config (bytes) of a gmc_dram_import without an info. */
static int dram_import(FILE *f, const void *arg)
{
    const dram_arg_t *j = arg;
    gmc_dram_cfg_t c;
    char err[512];
    memset(&c, 0, sizeof c);
    if (gmc_dram_import(j->text, strlen(j->text), "t", j->base, &c, NULL, err, sizeof err, err,
                        0) < 0)
        return -1;
    return fwrite(&c, sizeof c, 1, f) == 1 ? 0 : -1;
}

typedef struct { const char *path; const gmc_machine_t *base; } machine_arg_t;

/* The machine and DRAM (bytes) of a gmc_machine_gpgpusim without an info. */
static int machine_import(FILE *f, const void *arg)
{
    const machine_arg_t *j = arg;
    gmc_machine_t m;
    gmc_dram_cfg_t dram;
    char *text, err[512];
    size_t tl;
    memset(&m, 0, sizeof m);
    memset(&dram, 0, sizeof dram);
    if (gmc_dram_read_file(j->path, &text, &tl, err, sizeof err))
        return -1;
    int rc = gmc_machine_gpgpusim(text, tl, j->path, j->base, &m, &dram, NULL, 0, NULL, err,
                                  sizeof err, err, 0);
    free(text);
    if (rc < 0)
        return -1;
    return fwrite(&m, sizeof m, 1, f) == 1 && fwrite(&dram, sizeof dram, 1, f) == 1 ? 0 : -1;
}

/* ------------------------------------------------------------ tests */

static void bim_vectors_of_two_matrices_interleave_and_run_in_two_threads(void **st)
{
    (void)st;
    bim_arg_t *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    assert_true(a && b);
    bim_arg(a, "pae", 1);
    bim_arg(b, "all", 2);
    const job_t ja = {bim_vectors, a}, jb = {bim_vectors, b};
    interleaved(&ja, &jb);
    threads(&ja, &jb);
    const job_t wa = {bim_wrapper, a}, wb = {bim_wrapper, b};
    threads(&wa, &wb);
    free(a);
    free(b);
}

static void block_files_of_two_blocks_interleave_and_run_in_two_threads(void **st)
{
    (void)st;
    char err[256];
    block_arg_t a = {gmc_block_find("bankarb"), NULL}, b = {gmc_block_find("wmc"), NULL};
    assert_non_null(a.cfg = gmc_block_cfg_new(a.b, "nb5_tl1", err, sizeof err));
    assert_non_null(b.cfg = gmc_block_cfg_new(b.b, "sm2_w2_h0_p3_nb2_r4_s2_pt4", err, sizeof err));
    const job_t va = {block_vectors, &a}, vb = {block_vectors, &b};
    const job_t ta = {block_tb, &a}, tb = {block_tb, &b};
    interleaved(&va, &vb);
    interleaved(&ta, &tb);
    threads(&va, &vb);
    threads(&ta, &tb);
    free(a.cfg);
    free(b.cfg);
}

static void dram_imports_of_two_formats_run_in_two_threads(void **st)
{
    (void)st;
    static gmc_dram_cfg_t base;
    char err[512], warn[8];
    assert_true(gmc_dram_cfg_preset("gddr5-hynix", &base, err, sizeof err, warn, 0) >= 0);
    /* two formats: the import picks its reader by what it records of the file */
    const dram_arg_t ds3 = {"[dram_structure]\nprotocol = GDDR5\nbankgroups = 4\n"
                            "banks_per_group = 4\nrows = 4096\ncolumns = 512\nBL = 8\n"
                            "[timing]\ntCK = 0.5\nCL = 20\nCWL = 6\ntRCD = 20\ntRP = 20\n"
                            "tRAS = 50\ntRRD_S = 10\ntWTR_S = 9\ntCCD_S = 4\n[system]\n"
                            "channels = 8\nbus_width = 32\n", &base};
    const dram_arg_t gs = {"nbk=16:CCD=2:RRD=6:RCD=12:RAS=28:RP=12:RC=40:CL=12:WL=4:CDLR=5:"
                           "WR=12:nbkgrp=4:CCDL=3:RTPL=2\n", &base};
    const job_t a = {dram_import, &ds3}, b = {dram_import, &gs};
    threads(&a, &b);
}

static void gpgpusim_machine_imports_run_in_two_threads(void **st)
{
    (void)st;
    static gmc_machine_t base;
    char err[512];
    assert_int_equal(gmc_machine_preset(GMC_MACHINE_DEFAULT, &base, err, sizeof err), 0);
    const machine_arg_t ma = {"tests/data/gpgpusim/rtx2060-super.config", &base};
    const machine_arg_t mb = {"tests/data/gpgpusim/titanv.config", &base};
    const job_t a = {machine_import, &ma}, b = {machine_import, &mb};
    threads(&a, &b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(bim_vectors_of_two_matrices_interleave_and_run_in_two_threads),
        cmocka_unit_test(block_files_of_two_blocks_interleave_and_run_in_two_threads),
        cmocka_unit_test(dram_imports_of_two_formats_run_in_two_threads),
        cmocka_unit_test(gpgpusim_machine_imports_run_in_two_threads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
