/* gmc vectors bankarb: co-simulation vectors for gmc_bankarb from the C model. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "cli_outfile.h"
#include "vec/gmc_vec_bankarb.h"

static void usage(FILE *f)
{
    fprintf(f,
        "usage: gmc vectors bankarb [--banks NB] [--two-level 0|1] [--cycles N] [--stim-seed N] -o FILE\n"
        "Writes a self-describing vector file (header: block, parameters, seed, ports)\n"
        "for the two-level bank arbiter from the C model; the generated testbench (gmc block tb bankarb) replays it.\n\n"
        "options:\n"
        "  --banks NB         NB parameter: banks, 1..%d (default 16)\n"
        "  --two-level 0|1    TWO_LEVEL parameter: 1 = Warped-MC high/low pools,\n"
        "                     0 = plain round robin (default 1)\n"
        "  --cycles N         cycles to write (default 1000)\n"
        "  --stim-seed N      seed of the random stimulus (default 1)\n"
        "  -o FILE            output file ('-' = stdout); written whole or not at all\n",
        GMC_BANKARB_NB_MAX);
}

int vectors_bankarb(int argc, char **argv)
{
    uint64_t nb = 16, two_level = 1, cycles = 1000, stim_seed = 1;
    const char *out = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        }
        uint64_t *slot = !strcmp(a, "--banks") ? &nb : !strcmp(a, "--two-level") ? &two_level
                       : !strcmp(a, "--cycles") ? &cycles : !strcmp(a, "--stim-seed") ? &stim_seed
                       : NULL;
        if (!slot && strcmp(a, "-o"))
            return cli_usage_error("vectors", "unknown option '%s' (gmc vectors bankarb --help)", a);
        if (i + 1 >= argc)
            return cli_usage_error("vectors", "%s: expected a value", a);
        const char *v = argv[++i];
        if (!slot)
            out = v;
        else if (cli_parse_u64(v, slot))
            return cli_usage_error("vectors", "%s: expected a number, found '%s'", a, v);
    }
    if (nb < 1 || nb > GMC_BANKARB_NB_MAX)
        return cli_usage_error("vectors", "--banks: expected 1..%d, found %llu", GMC_BANKARB_NB_MAX,
                               (unsigned long long)nb);
    if (two_level > 1)
        return cli_usage_error("vectors", "--two-level: expected 0 or 1, found %llu",
                               (unsigned long long)two_level);
    if (cycles < 1 || cycles > 100000000)
        return cli_usage_error("vectors", "--cycles: expected 1..100000000, found %llu",
                               (unsigned long long)cycles);
    if (!out)
        return cli_usage_error("vectors", "-o FILE is required");
    gmc_bankarb_cfg_t cfg;
    char err[256];
    if (gmc_bankarb_cfg_init(&cfg, (unsigned)nb, (unsigned)two_level, err, sizeof err)) {
        fprintf(stderr, "gmc vectors: %s\n", err);
        return 1;
    }
    /* All or nothing: a temporary file committed only after a clean write. */
    cli_outfile_t o;
    if (cli_out_open(&o, "vectors", out)) {
        return 1;
    }
    FILE *f = o.f;
    int wrc = gmc_vec_bankarb_write(f, &cfg, stim_seed, (unsigned)cycles);
    if (wrc) {
        fprintf(stderr, "gmc vectors: %s: write failed\n", out);
        cli_out_abort(&o);
        return 1;
    }
    return cli_out_commit(&o) ? 1 : 0;
}
