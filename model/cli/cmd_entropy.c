/* gmc entropy: window-based address-bit entropy of a trace (PAE [ISCA'18]
 * sec. III), raw and after a BIM address mapping.  This file holds the
 * options and the flow of a run; entropy_cli.h lists the other pieces.
 * docs/entropy.md. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "entropy_cli.h"

#define CMD ENTROPY_CMD

static void usage(FILE *f)
{
    fprintf(f,
        "usage: gmc entropy (--trace FILE | --gen NAME) [options]\n"
        "Window-based entropy of every address bit (PAE [ISCA'18] sec. III, Eq. 1-2):\n"
        "per kernel, per TB the bit value ratio (BVR) of each bit; TBs sorted by\n"
        "id; windows of W consecutive TBs; H* = mean over windows of the window\n"
        "entropy; kernels averaged weighted by their request counts.\n\n"
        "input (one of):\n"
        "  --trace FILE       lines '<kernel> <tb> <hex address>', '#' comments; '-' = stdin\n"
        "  --gen NAME         built-in trace:");
    for (unsigned i = 0; gmc_tracegen_name(i); i++)
        fprintf(f, " %s", gmc_tracegen_name(i));
    fprintf(f, "\n");
    for (unsigned i = 0; gmc_tracegen_name(i); i++)
        fprintf(f, "                       %-10s %s\n", gmc_tracegen_name(i),
                gmc_tracegen_summary(i));
    fprintf(f,
        "  --n N              transpose: matrix side (default %u)\n"
        "  --batch B          transpose: matrices, batch index fastest (default %u)\n"
        "  --tb WxH           transpose: threads per TB along x and y (default %ux%u)\n"
        "  --gen-out FILE     also write the generated trace to FILE (trace format)\n"
        "analysis:\n"
        "  --metric M         window entropy (default paper):\n"
        "                       paper   PAE [ISCA'18] Eq. 1 over the window's distinct BVR\n"
        "                               values, log base v (the literal definition)\n"
        "                       pooled  binary entropy of the mean of the window's BVRs\n"
        "                               (also counts variation inside a TB)\n"
        "  --window W         TBs per window (default %u = SMs of PAE [ISCA'18] Table I)\n"
        "  --bits N           address bits to analyse, 1..64 (default: the map's width)\n"
        "  --wrap             mask addresses to the width instead of rejecting them\n"
        "  --kernel K         analyse only kernel K\n",
        GMC_TRACEGEN_TRANSPOSE_N, GMC_TRACEGEN_TRANSPOSE_BATCH,
        GMC_TRACEGEN_TRANSPOSE_TBX, GMC_TRACEGEN_TRANSPOSE_TBY,
        GMC_ENTROPY_DEFAULT_WINDOW);
    bim_sel_usage(f);
    fprintf(f,
        "  (with --scheme or --matrix the mapped addresses are analysed too)\n"
        "output:\n"
        "  --json             one JSON object on stdout instead of the table\n"
        "  -o FILE            table/JSON to FILE instead of stdout\n"
        "  --csv FILE         bit,field,entropy[,mapped]\n"
        "  --png FILE         bar chart via gnuplot (MSB left, block bits omitted,\n"
        "                     channel/bank bits shaded, raw and mapped side by side)\n"
        "  -h, --help         this text\n"
        "exit: 0 ok, 1 bad input (one line 'gmc entropy: FILE:LINE: ...'), 2 usage\n");
}

/* ------------------------------------------------------------ options */

static int value(int argc, char **argv, int *i, const char **v)
{
    if (*i + 1 >= argc)
        return cli_usage_error(CMD, "option %s needs a value", argv[*i]);
    *v = argv[++*i];
    return 0;
}

static int number(int argc, char **argv, int *i, uint64_t *x, uint64_t lo,
                  uint64_t hi, const char *what)
{
    const char *v = NULL;
    if (value(argc, argv, i, &v))
        return 2;
    if (cli_parse_u64(v, x) || *x < lo || *x > hi)
        return cli_usage_error(CMD, "%s: expected %s (%" PRIu64 "..%" PRIu64
                               "), found '%s'", argv[*i - 1], what, lo, hi, v);
    return 0;
}

/* --tb WxH: two decimal numbers >= 1 whose product is at most TB_MAX. */
static int tb_shape(int argc, char **argv, int *i, entropy_opts_t *o)
{
    const char *v = NULL;
    if (value(argc, argv, i, &v))
        return 2;
    const char *x = strchr(v, 'x');
    uint64_t w = 0, h = 0;
    char a[32] = "";
    if (x && (size_t)(x - v) < sizeof a) {
        memcpy(a, v, (size_t)(x - v));
        a[x - v] = 0;
    }
    if (!x || cli_parse_u64(a, &w) || cli_parse_u64(x + 1, &h) || !w || !h ||
        w > GMC_TRACEGEN_TB_MAX || h > GMC_TRACEGEN_TB_MAX ||
        w * h > GMC_TRACEGEN_TB_MAX)
        return cli_usage_error(CMD, "--tb: expected WxH with 1 to %u threads "
                               "(e.g. 16x16), found '%s'", GMC_TRACEGEN_TB_MAX, v);
    o->tb_x = (unsigned)w;
    o->tb_y = (unsigned)h;
    o->have_tb = 1;
    return 0;
}

static int metric(int argc, char **argv, int *i, entropy_opts_t *o)
{
    const char *v = NULL;
    if (value(argc, argv, i, &v))
        return 2;
    if (gmc_entropy_metric_parse(v, &o->metric))
        return cli_usage_error(CMD, "--metric: expected paper or pooled, "
                               "found '%s'", v);
    return 0;
}

static int option(entropy_opts_t *o, int argc, char **argv, int *i)
{
    const char *a = argv[*i];
    if (!strcmp(a, "--trace"))    return value(argc, argv, i, &o->trace);
    if (!strcmp(a, "--gen"))      return value(argc, argv, i, &o->gen);
    if (!strcmp(a, "--gen-out"))  return value(argc, argv, i, &o->gen_out);
    if (!strcmp(a, "--csv"))      return value(argc, argv, i, &o->csv);
    if (!strcmp(a, "--png"))      return value(argc, argv, i, &o->png);
    if (!strcmp(a, "-o"))         return value(argc, argv, i, &o->out);
    if (!strcmp(a, "--metric"))   return metric(argc, argv, i, o);
    if (!strcmp(a, "--tb"))       return tb_shape(argc, argv, i, o);
    if (!strcmp(a, "--json"))     return o->json = 1, 0;
    if (!strcmp(a, "--wrap"))     return o->wrap = 1, 0;
    if (!strcmp(a, "--window"))
        return number(argc, argv, i, &o->window, 1, UINT32_MAX,
                      "a window of at least one TB");
    if (!strcmp(a, "--bits"))
        return o->have_bits = 1,
               number(argc, argv, i, &o->bits, 1, 64, "an address width");
    if (!strcmp(a, "--n"))
        return o->have_n = 1,
               number(argc, argv, i, &o->n, 1, GMC_TRACEGEN_TRANSPOSE_MAX,
                      "a matrix side");
    if (!strcmp(a, "--batch"))
        return o->have_batch = 1,
               number(argc, argv, i, &o->batch, 1, GMC_TRACEGEN_TRANSPOSE_MAX,
                      "a number of matrices");
    if (!strcmp(a, "--kernel"))
        return o->have_kernel = 1,
               number(argc, argv, i, &o->kernel, 0, UINT64_MAX, "a kernel id");
    return cli_usage_error(CMD, "unknown option '%s' (gmc entropy --help)", a);
}

/* 0 = run, 2 = usage error (printed), -1 = --help printed. */
static int parse(entropy_opts_t *o, int argc, char **argv)
{
    memset(o, 0, sizeof *o);
    bim_sel_defaults(&o->sel);
    o->window = GMC_ENTROPY_DEFAULT_WINDOW;
    o->n = GMC_TRACEGEN_TRANSPOSE_N;
    o->batch = GMC_TRACEGEN_TRANSPOSE_BATCH;
    o->tb_x = GMC_TRACEGEN_TRANSPOSE_TBX;
    o->tb_y = GMC_TRACEGEN_TRANSPOSE_TBY;
    o->metric = GMC_ENTROPY_PAPER;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            cli_stdout_note();
            return -1;
        }
        int is_matrix = !strcmp(a, "--scheme") || !strcmp(a, "--matrix");
        int r = bim_sel_option(&o->sel, CMD, argc, argv, &i);
        if (r < 0)
            return 2;
        if (r > 0) {
            o->mapped |= is_matrix;
            continue;
        }
        if (option(o, argc, argv, &i))
            return 2;
    }
    if (!o->trace == !o->gen)
        return cli_usage_error(CMD, "expected exactly one of --trace FILE or --gen NAME");
    if (o->gen && gmc_tracegen_find(o->gen) < 0) {
        fprintf(stderr, "gmc entropy: --gen: expected one of");
        for (unsigned i = 0; gmc_tracegen_name(i); i++)
            fprintf(stderr, " %s", gmc_tracegen_name(i));
        fprintf(stderr, ", found '%s'\n", o->gen);
        return 2;
    }
    const char *tr_opt = o->have_n ? "--n" : o->have_batch ? "--batch"
                       : o->have_tb ? "--tb" : NULL;
    if (o->trace && (o->gen_out || tr_opt))
        return cli_usage_error(CMD, "%s needs --gen", o->gen_out ? "--gen-out" : tr_opt);
    if (tr_opt && strcmp(o->gen, "transpose"))
        return cli_usage_error(CMD, "%s applies to --gen transpose only", tr_opt);
    const char *const outs[] = {"-o", o->out, "--csv", o->csv, "--png", o->png, "--gen-out", o->gen_out, NULL};
    if (!cli_outputs_distinct("entropy", outs))
        return 2;
    return 0;
}

/* ------------------------------------------------------------ the run */

/* Writes the table or JSON to f. */
static void report(FILE *f, const entropy_result_t *res)
{
    if (res->o->json)
        entropy_write_json(f, res);
    else
        entropy_write_table(f, res);
}

/* The outputs: every one (the report on stdout included) a temporary
 * file opened before the run and committed together after it, so that
 * an error leaves each as it was (cli_outfile.h). */
enum { OUT_GEN, OUT_CSV, OUT_PNG, OUT_REPORT, NOUT };

/* Writes the outputs opened in of and commits them all: 0, or 1 with the
 * error printed and every one aborted. */
static int write_outputs(const entropy_opts_t *o, const entropy_result_t *res, cli_outfile_t *of)
{
    if (o->csv)
        entropy_write_csv(of[OUT_CSV].f, res);
    if (o->png && (cli_out_close(&of[OUT_PNG]) || entropy_write_png(res, &of[OUT_PNG])))
        goto fail;
    report(of[OUT_REPORT].f, res);
    if (cli_outs_commit(of, NOUT))
        return 1;
    return 0;
fail:
    cli_outs_abort(of, NOUT);
    return 1;
}

int cmd_entropy(int argc, char **argv)
{
    entropy_opts_t o;
    int rc = parse(&o, argc, argv);
    if (rc)
        return rc < 0 ? 0 : rc;
    rc = bim_sel_resolve(&o.sel, CMD);
    if (rc)
        return rc;
    const gmc_addrmap_t *map = &o.sel.map;
    if (map->ch_mod)   /* the report names each address bit's field: there is none above N */
        return cli_usage_error(CMD, "the map takes the channel modulo %u (Ch%%%u@%u): the "
                               "entropy of each field bit needs a map of address bits (a "
                               "power-of-two channel count)", map->ch_mod, map->ch_mod, map->ch_at);
    unsigned bits = o.have_bits ? (unsigned)o.bits : map->width;
    if (o.mapped && bits != map->width)
        return cli_usage_error(CMD, "--bits %u differs from the map's width %u; "
                               "a --scheme/--matrix maps exactly the map's %u bits",
                               bits, map->width, map->width);

    gmc_bim_cfg_t *bim = NULL;
    gmc_entropy_t *acc = NULL;
    double *h = NULL;
    cli_outfile_t of[NOUT];
    const char *paths[NOUT] = {o.trace ? NULL : o.gen_out, o.csv, o.png,
                               o.out ? o.out : "-"};
    entropy_sink_t sk;
    memset(&sk, 0, sizeof sk);
    entropy_result_t res;
    memset(&res, 0, sizeof res);
    char err[1024];
    if (cli_outs_open(of, NOUT, CMD, paths))
        return 1;
    rc = 1;

    if (o.mapped) {
        bim = malloc(sizeof *bim);
        if (!bim || gmc_bim_cfg_init(bim, &o.sel.m, 0, err, sizeof err)) {
            fprintf(stderr, "gmc entropy: %s\n", bim ? err : "out of memory");
            goto out;
        }
    }
    acc = gmc_entropy_new(bits, o.mapped ? 2 : 1);
    h = malloc(2 * 64 * sizeof *h);
    if (!acc || !h) {
        fprintf(stderr, "gmc entropy: out of memory\n");
        goto out;
    }
    sk.acc = acc;
    sk.bim = bim;
    sk.width = bits;
    sk.wrap = o.wrap;
    sk.have_kernel = o.have_kernel;
    sk.kernel = o.kernel;
    res.o = &o;
    res.map = map;
    res.bits = bits;

    if (o.trace) {
        if (entropy_read_trace(&o, &sk, res.source, sizeof res.source))
            goto out;
    } else {
        if (entropy_run_gen(&o, map, &sk, of[OUT_GEN].f, res.source, sizeof res.source))
            goto out;
    }
    if (o.have_kernel) {
        size_t l = strlen(res.source);
        snprintf(res.source + l, sizeof res.source - l, ", kernel %" PRIu64, o.kernel);
    }

    if (gmc_entropy_compute(acc, o.window, o.metric, 0, h, &res.sum) ||
        (o.mapped && gmc_entropy_compute(acc, o.window, o.metric, 1, h + 64, NULL))) {
        fprintf(stderr, "gmc entropy: out of memory computing the entropy\n");
        goto out;
    }
    res.h[0] = h;
    res.h[1] = o.mapped ? h + 64 : NULL;
    rc = write_outputs(&o, &res, of);
out:
    cli_outs_abort(of, NOUT);   /* committed ones are no longer there to abort */
    gmc_entropy_free(acc);
    free(bim);
    free(h);
    return rc;
}
