/* gmc vectors wmc: co-simulation vectors for gmc_wmc from the C model. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "cli_outfile.h"
#include "vec/gmc_vec_wmc.h"

static void usage(FILE *f)
{
    fprintf(f,
        "usage: gmc vectors wmc [--sm-bits N] [--warp-bits N] [--pc-hash-bits N] [--pend-bits N]\n"
        "                       [--banks NB] [--rows N] [--score-bits N] [--pt-bits N]\n"
        "                       [--score-at 0|1] [--m-rule 0|1]\n"
        "                       [--cycles N] [--stim-seed N] -o FILE\n"
        "Writes a self-describing vector file (header: block, parameters, seed, ports)\n"
        "for Warped-MC's tables (WAT/WET/RS/PT) from the C model; the generated testbench (gmc block tb wmc) replays it.\n\n"
        "options (RTL parameters; defaults = Warped-MC [ICPP'23] Table 3):\n"
        "  --sm-bits N        SM_BITS, 1..11 (default 5)\n"
        "  --warp-bits N      WARP_BITS, 1..11; SM_BITS + WARP_BITS <= %d (default 5)\n"
        "  --pc-hash-bits N   PC_HASH_BITS, 0..%d (default 0: no PC in the warp id)\n"
        "  --pend-bits N      PEND_BITS, WET entry width, 1..%d (default 6)\n"
        "  --banks NB         NB, banks, 1..%d (default 16)\n"
        "  --rows N           ROWS, row-score slots per bank, power of 2, 1..%d (default 64)\n"
        "  --score-bits N     SCORE_BITS, 1..%d (default 4)\n"
        "  --pt-bits N        PT_BITS, PT entry width, power of 2, 1..%d (default 64)\n"
        "  --score-at N       SCORE_AT, 0 = schedule (Algorithm 1, default), 1 = receive\n"
        "  --m-rule N         M_RULE, 0 = started (default), 1 = pending2\n"
        "  --cycles N         cycles to write (default 1000)\n"
        "  --stim-seed N      seed of the random stimulus (default 1)\n"
        "  -o FILE            output file ('-' = stdout); written whole or not at all\n",
        GMC_WMC_GW_MAX, GMC_WMC_HASH_MAX, GMC_WMC_PEND_MAX, GMC_WMC_NB_MAX, GMC_WMC_ROWS_MAX,
        GMC_WMC_SCORE_MAX, GMC_WMC_PT_MAX);
}

static int pow2(uint64_t x) { return x && !(x & (x - 1)); }

int vectors_wmc(int argc, char **argv)
{
    uint64_t smb = 5, wb = 5, hb = 0, pb = 6, nb = 16, rows = 64, sb = 4, ptb = 64, at = 0, mr = 0;
    uint64_t cycles = 1000, stim_seed = 1;
    const char *out = NULL;
    const struct { const char *opt; uint64_t *v; } opts[] = {
        {"--sm-bits", &smb},   {"--warp-bits", &wb},   {"--pc-hash-bits", &hb},
        {"--pend-bits", &pb},  {"--banks", &nb},       {"--rows", &rows},
        {"--score-bits", &sb}, {"--pt-bits", &ptb},    {"--cycles", &cycles},
        {"--stim-seed", &stim_seed}, {"--score-at", &at}, {"--m-rule", &mr},
    };
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        }
        uint64_t *slot = NULL;
        for (size_t k = 0; k < sizeof opts / sizeof opts[0]; k++)
            if (!strcmp(a, opts[k].opt))
                slot = opts[k].v;
        if (!slot && strcmp(a, "-o"))
            return cli_usage_error("vectors", "unknown option '%s' (gmc vectors wmc --help)", a);
        if (i + 1 >= argc)
            return cli_usage_error("vectors", "%s: expected a value", a);
        const char *v = argv[++i];
        if (!slot)
            out = v;
        else if (cli_parse_u64(v, slot))
            return cli_usage_error("vectors", "%s: expected a number, found '%s'", a, v);
    }
    /* Ranges (the RTL has no zero-width ports, so SM_BITS, WARP_BITS >= 1). */
    const struct { const char *opt; uint64_t v, lo, hi; } r[] = {
        {"--sm-bits", smb, 1, GMC_WMC_GW_MAX - 1},
        {"--warp-bits", wb, 1, GMC_WMC_GW_MAX - 1},
        {"--pc-hash-bits", hb, 0, GMC_WMC_HASH_MAX},
        {"--pend-bits", pb, 1, GMC_WMC_PEND_MAX},
        {"--banks", nb, 1, GMC_WMC_NB_MAX},
        {"--rows", rows, 1, GMC_WMC_ROWS_MAX},
        {"--score-bits", sb, 1, GMC_WMC_SCORE_MAX},
        {"--pt-bits", ptb, 1, GMC_WMC_PT_MAX},
        {"--cycles", cycles, 1, 100000000},
        {"--score-at", at, 0, 1},
        {"--m-rule", mr, 0, 1},
    };
    for (size_t k = 0; k < sizeof r / sizeof r[0]; k++)
        if (r[k].v < r[k].lo || r[k].v > r[k].hi)
            return cli_usage_error("vectors", "%s: expected %llu..%llu, found %llu", r[k].opt,
                                   (unsigned long long)r[k].lo, (unsigned long long)r[k].hi,
                                   (unsigned long long)r[k].v);
    if (smb + wb > GMC_WMC_GW_MAX)
        return cli_usage_error("vectors", "--sm-bits + --warp-bits: expected at most %d, found %llu",
                               GMC_WMC_GW_MAX, (unsigned long long)(smb + wb));
    if (!pow2(rows))
        return cli_usage_error("vectors", "--rows: expected a power of 2, found %llu",
                               (unsigned long long)rows);
    if (!pow2(ptb))
        return cli_usage_error("vectors", "--pt-bits: expected a power of 2, found %llu",
                               (unsigned long long)ptb);
    if (!out)
        return cli_usage_error("vectors", "-o FILE is required");
    gmc_wmc_cfg_t cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.sm_bits = (unsigned)smb, cfg.warp_bits = (unsigned)wb, cfg.pc_hash_bits = (unsigned)hb;
    cfg.pend_bits = (unsigned)pb, cfg.nb = (unsigned)nb, cfg.rows = (unsigned)rows;
    cfg.score_bits = (unsigned)sb, cfg.pt_bits = (unsigned)ptb;
    cfg.score_at = (unsigned)at, cfg.m_rule = (unsigned)mr;
    char err[256];
    if (gmc_wmc_cfg_init(&cfg, err, sizeof err)) {
        fprintf(stderr, "gmc vectors: %s\n", err);
        return 1;
    }
    /* All or nothing: a temporary file committed only after a clean write. */
    cli_outfile_t o;
    if (cli_out_open(&o, "vectors", out))
        return 1;
    if (gmc_vec_wmc_write(o.f, &cfg, stim_seed, (unsigned)cycles)) {
        fprintf(stderr, "gmc vectors: %s: write failed\n", out);
        cli_out_abort(&o);
        return 1;
    }
    return cli_out_commit(&o) ? 1 : 0;
}
