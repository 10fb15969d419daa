/* gmc vectors <block>: a vector file from the C model, the configuration
 * given as named options.  Everything per block comes from its description
 * (model/vec/gmc_block.h: vec_about, vec_opts), the table `gmc block` uses:
 * the options spell the configuration name, and the file is the one
 * `gmc block vectors <block> <name>` writes.  A block whose configuration
 * is more than a name (BIM's map and matrix from files) adds a source,
 * cli_vec_source_t, listed below. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "vec/gmc_block.h"

static const cli_vec_source_t *const sources[] = {&vectors_bim_matrix};
#define NSOURCES (sizeof sources / sizeof sources[0])

#define CYCLES_MAX 100000000   /* --cycles: at most this (already gigabytes of text) */

static const cli_vec_source_t *source_of(const gmc_block_t *b)
{
    for (size_t i = 0; i < NSOURCES; i++)
        if (!strcmp(sources[i]->block, b->name))
            return sources[i];
    return NULL;
}

static void usage_all(FILE *f)
{
    fprintf(f, "usage: gmc vectors <block> [options] -o FILE   (gmc vectors <block> --help)\nblocks:");
    for (unsigned i = 0; gmc_blocks[i]; i++)
        fprintf(f, " %s", gmc_blocks[i]->name);
    fputc('\n', f);
}

/* The ranges of the values v[] of b's options: 0, or 2 after printing the
 * first one out of range (ranges, then sums, then powers of 2). */
static int check_opts(const gmc_block_t *b, const uint64_t *v)
{
    const gmc_block_opt_t *o = b->vec_opts;
    for (unsigned i = 0; o[i].opt; i++)
        if (v[i] < o[i].lo || v[i] > o[i].hi) {
            if (o[i].lo == 0 && o[i].hi == 1)
                return cli_usage_error("vectors", "%s: expected 0 or 1, found %llu", o[i].opt,
                                       (unsigned long long)v[i]);
            return cli_usage_error("vectors", "%s: expected %llu..%llu, found %llu", o[i].opt,
                                   (unsigned long long)o[i].lo, (unsigned long long)o[i].hi,
                                   (unsigned long long)v[i]);
        }
    for (unsigned i = 0; o[i].opt; i++)
        if (o[i].sum_max && v[i] + v[i + 1] > o[i].sum_max)
            return cli_usage_error("vectors", "%s + %s: expected at most %llu, found %llu", o[i].opt,
                                   o[i + 1].opt, (unsigned long long)o[i].sum_max,
                                   (unsigned long long)(v[i] + v[i + 1]));
    for (unsigned i = 0; o[i].opt; i++)
        if (o[i].pow2 && (v[i] & (v[i] - 1)))
            return cli_usage_error("vectors", "%s: expected a power of 2, found %llu", o[i].opt,
                                   (unsigned long long)v[i]);
    return 0;
}

/* The configuration the options name, as the description parses it. */
static void *cfg_from_name(const gmc_block_t *b, const uint64_t *v, int *rc)
{
    char name[256], err[256];
    if (gmc_block_opts_name(b, v, name, sizeof name)) {
        fprintf(stderr, "gmc vectors: %s: the options name too long a configuration\n", b->name);
        *rc = 1;
        return NULL;
    }
    void *cfg = gmc_block_cfg_new(b, name, err, sizeof err);
    if (!cfg) {
        fprintf(stderr, "gmc vectors: %s\n", err);
        *rc = 1;
    }
    return cfg;
}

#define OPTS_MAX 32

static int vectors_block(const gmc_block_t *b, int argc, char **argv)
{
    const cli_vec_source_t *src = source_of(b);
    const gmc_block_opt_t *opts = b->vec_opts;
    uint64_t v[OPTS_MAX], cycles = 1000, stim_seed = 1;
    unsigned nopts = 0;
    for (; opts[nopts].opt; nopts++) {
        if (nopts == OPTS_MAX) {
            fprintf(stderr, "gmc vectors: %s: more than %d options\n", b->name, OPTS_MAX);
            return 1;
        }
        v[nopts] = opts[nopts].def;
    }
    const char *out = NULL;
    void *st = src ? calloc(1, src->state_size) : NULL;
    int rc = 2;
    if (src) {
        if (!st) {
            fprintf(stderr, "gmc vectors: out of memory\n");
            return 1;
        }
        src->init(st);
    }
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            vectors_usage(stdout, b, src, CYCLES_MAX);
            free(st);
            return 0;
        }
        if (src) {
            int r = src->option(st, argc, argv, &i);
            if (r < 0)
                goto done;
            if (r)
                continue;
        }
        uint64_t *slot = !strcmp(a, "--cycles") ? &cycles : !strcmp(a, "--stim-seed") ? &stim_seed : NULL;
        for (unsigned k = 0; k < nopts && !slot; k++)
            if (!strcmp(a, opts[k].opt))
                slot = &v[k];
        if (!slot && strcmp(a, "-o")) {
            cli_usage_error("vectors", "unknown option '%s' (gmc vectors %s --help)", a, b->name);
            goto done;
        }
        if (i + 1 >= argc) {
            cli_usage_error("vectors", "%s: expected a value", a);
            goto done;
        }
        const char *val = argv[++i];
        if (!slot) {
            out = val;
        } else if (cli_parse_u64(val, slot)) {
            cli_usage_error("vectors", "%s: expected a number, found '%s'", a, val);
            goto done;
        }
    }
    if (check_opts(b, v))
        goto done;
    if (cycles < 1 || cycles > CYCLES_MAX) {
        cli_usage_error("vectors", "--cycles: expected 1..%d, found %llu", CYCLES_MAX,
                        (unsigned long long)cycles);
        goto done;
    }
    if (!out) {
        cli_usage_error("vectors", "-o FILE is required");
        goto done;
    }
    void *cfg = src ? src->cfg(st, b, v, &rc) : cfg_from_name(b, v, &rc);
    if (cfg) {
        rc = cli_block_vectors_write("vectors", out, b, cfg, stim_seed, cycles);
        free(cfg);
    }
done:
    free(st);
    return rc;
}

int cmd_vectors(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        usage_all(argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    const gmc_block_t *b = gmc_block_find(argv[1]);
    if (!b) {
        fprintf(stderr, "gmc vectors: unknown block '%s'\n", argv[1]);
        usage_all(stderr);
        return 2;
    }
    return vectors_block(b, argc - 1, argv + 1);
}
