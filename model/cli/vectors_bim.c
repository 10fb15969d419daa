/* gmc vectors bim: co-simulation vectors for gmc_bim from the C model. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bim_opts.h"
#include "cli.h"
#include "cli_outfile.h"
#include "vec/gmc_vec.h"

static void usage(FILE *f)
{
    fprintf(f,
        "usage: gmc vectors bim [map] [matrix] [--reg-out 0|1] [--cycles N] [--stim-seed N] -o FILE\n"
        "Writes a self-describing vector file (header: block, parameters, seeds, ports)\n"
        "from the C model; rtl/ testbenches replay it.\n\n");
    bim_sel_usage(f);
    fprintf(f,
        "vector options:\n"
        "  --reg-out 0|1      REG_OUT parameter (default 0)\n"
        "  --cycles N         cycles to write (default 1000)\n"
        "  --stim-seed N      seed of the random stimulus (default 1)\n"
        "  -o FILE            output file ('-' = stdout); written whole or not at all\n");
}

int vectors_bim(int argc, char **argv)
{
    bim_sel_t s;
    bim_sel_defaults(&s);
    uint64_t reg_out = 0, cycles = 1000, stim_seed = 1;
    const char *out = NULL;
    for (int i = 1; i < argc; i++) {
        int r = bim_sel_option(&s, "vectors", argc, argv, &i);
        if (r < 0)
            return 2;
        if (r)
            continue;
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        }
        if (i + 1 >= argc)
            return cli_usage_error("vectors", "unknown option or missing value: '%s'", a);
        const char *v = argv[++i];
        uint64_t *slot = !strcmp(a, "--reg-out") ? &reg_out : !strcmp(a, "--cycles") ? &cycles
                       : !strcmp(a, "--stim-seed") ? &stim_seed : NULL;
        if (!strcmp(a, "-o"))
            out = v;
        else if (!slot)
            return cli_usage_error("vectors", "unknown option '%s'", a);
        else if (cli_parse_u64(v, slot))
            return cli_usage_error("vectors", "%s: expected a number, found '%s'", a, v);
    }
    if (reg_out > 1)
        return cli_usage_error("vectors", "--reg-out: expected 0 or 1, found %llu", (unsigned long long)reg_out);
    if (cycles < 1 || cycles > 100000000)
        return cli_usage_error("vectors", "--cycles: expected 1..100000000, found %llu", (unsigned long long)cycles);
    if (!out)
        return cli_usage_error("vectors", "-o FILE is required");
    int rc = bim_sel_resolve(&s, "vectors");
    if (rc)
        return rc;
    gmc_bim_cfg_t *cfg = malloc(sizeof *cfg);
    char err[256];
    if (!cfg || gmc_bim_cfg_init(cfg, &s.m, (unsigned)reg_out, err, sizeof err)) {
        fprintf(stderr, "gmc vectors: %s\n", cfg ? err : "out of memory");
        free(cfg);
        return 1;
    }
    gmc_vec_meta_t meta = {s.map.name, s.matrix_file ? s.matrix_file : s.scheme, s.seed,
                           stim_seed, (unsigned)cycles};
    /* All or nothing: a temporary file committed only after a clean write. */
    cli_outfile_t o;
    if (cli_out_open(&o, "vectors", out)) {
        free(cfg);
        return 1;
    }
    FILE *f = o.f;
    int wrc = gmc_vec_bim_write(f, cfg, &meta);
    free(cfg);
    if (wrc) {
        fprintf(stderr, "gmc vectors: %s: write failed\n", out);
        cli_out_abort(&o);
        return 1;
    }
    return cli_out_commit(&o) ? 1 : 0;
}
