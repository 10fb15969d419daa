/* gmc icnt: one interconnect standalone under synthetic load -- latency
 * and accepted throughput against injection rate, and the row locality
 * before and after the network, for every topology and hold policy given
 * (analysis/gmc_netload.h runs each point; docs/icnt.md is the guide). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "icnt_cli.h"
#include "util/gmc_num.h"
#include "util/gmc_quote.h"

static void usage(FILE *f)
{
    fprintf(f,
        "usage: gmc icnt [--topology LIST] [--hold LIST] [--rates R] [--traffic T] [options]\n"
        "One interconnect under open-loop synthetic load: mean and p99 latency and accepted\n"
        "throughput against injection rate, the row locality before and after the network, and\n"
        "the saturation rate, for every topology and hold policy listed (docs/icnt.md).\n"
        "  --topology LIST     registered topologies, comma-separated (default xbar; `list` names them)\n"
        "  --alloc NAME        switch allocator: rr, hgalloc (default hgalloc: the paper's PIM)\n"
        "  --hold LIST         hold policies, comma-separated: none, hg, rmhg, hmhg (default none;\n"
        "                      a policy needs --alloc hgalloc)\n"
        "  --placement RULE    the inputs (as SMs) and outputs (as L2 slices) on a mesh's or ring's\n"
        "                      nodes: gpgpusim (default; 8+8, 28+8, 56+8, 110+11 only), spread,\n"
        "                      row-major (docs/interconnect.md)\n");
    icnt_fields_help(f);
    fprintf(f,
        "  --set KEY=VALUE     any of the network options above by name (repeatable)\n"
        "  --traffic T         uniform (destinations and rows at random) or rowstream (default: per\n"
        "                      input-output stream, runs of --locality requests to one bank and row)\n"
        "  --locality L        rowstream: mean requests to one (bank, row) per stream, >= 1 (default 4)\n"
        "  --dst-run D         rowstream: mean packets an input sends to one output before it picks\n"
        "                      another, >= 1 (default: the locality)\n"
        "  --banks N, --rows N DRAM banks and rows per bank the addresses span, powers of two\n"
        "                      (default 4 x 4096: Yuan et al.'s GDDR3)\n"
        "  --packet-bytes B    bytes per packet, 1..65535 (default 8: gmc's read request)\n"
        "  --rates R           injection rates in (0, 1] packets per input per cycle: a list\n"
        "                      (0.1,0.2) or LO:HI:STEP (default 0.02:0.4:0.02)\n"
        "  --warmup N          cycles before the measurement window (default 1000)\n"
        "  --cycles N          the measurement window, 1..10000000 cycles (default 10000)\n"
        "  --seed N            the traffic's random choices (default 1)\n"
        "  --json              the report as one JSON object\n"
        "  -o FILE             the report to FILE (written only if every run succeeds)\n"
        "  --csv FILE          one row per topology, policy and rate\n"
        "  --plot FILE.png     mean latency against injection rate, one curve per topology and\n"
        "                      policy (gnuplot)\n"
        "Saturation: %s.\n", ICNT_SAT_RULE);
}

static int list_topologies(void)
{
    for (unsigned i = 0; gmc_icnt_topo_get(i); i++)
        printf("%s\t%s\n", gmc_icnt_topo_get(i)->name, gmc_icnt_topo_get(i)->summary);
    return 0;
}

/* A comma-separated list: each item through one(ctx, item, k), at most
 * ICNT_MAX_LIST.  0 or the exit code. */
static int each_item(const char *opt, const char *list, unsigned *count,
                     int (*one)(icnt_opts_t *o, const char *item, unsigned k), icnt_opts_t *o)
{
    *count = 0;
    const char *s = list;
    for (;;) {
        const char *e = strchr(s, ',');
        size_t len = e ? (size_t)(e - s) : strlen(s);
        char item[64];
        gmc_quote_t q;
        if (!len || len >= sizeof item)
            return cli_usage_error(ICNT_CMD, "%s: expected a comma-separated list of names, found %s", opt,
                                   gmc_quote(&q, list, strlen(list)));
        if (*count == ICNT_MAX_LIST)
            return cli_usage_error(ICNT_CMD, "%s: expected at most %d names, found more", opt, ICNT_MAX_LIST);
        memcpy(item, s, len);
        item[len] = 0;
        int rc = one(o, item, (*count)++);
        if (rc)
            return rc;
        if (!e)
            return 0;
        s = e + 1;
    }
}

static int one_topology(icnt_opts_t *o, const char *item, unsigned k)
{
    char err[256];
    if (gmc_icnt_find(item, &o->topo[k], err, sizeof err))
        return cli_usage_error(ICNT_CMD, "--topology: %s", err);
    return 0;
}

static int one_hold(icnt_opts_t *o, const char *item, unsigned k)
{
    char err[256];
    if (gmc_alloc_hold_find(item, &o->hold[k], err, sizeof err))
        return cli_usage_error(ICNT_CMD, "--hold: %s", err);
    return 0;
}

/* One rate of --rates: a decimal number in (0, 1]. */
static int rate_value(const char *s, size_t len, double *v)
{
    gmc_quote_t q;
    if (gmc_num_real(s, len, 1.0, v) || !(*v > 0))
        return cli_usage_error(ICNT_CMD, "--rates: expected rates in (0, 1] as decimal numbers, found %s",
                               gmc_quote(&q, s, len));
    return 0;
}

/* --rates: "a,b,c" or "LO:HI:STEP" (LO, LO + STEP, ... up to HI). */
static int parse_rates(icnt_opts_t *o, const char *s)
{
    o->rates_text = s;
    o->nrate = 0;
    const char *c1 = strchr(s, ':');
    if (c1) {
        const char *c2 = strchr(c1 + 1, ':');
        double lo, hi, step;
        gmc_quote_t q;
        if (!c2 || strchr(c2 + 1, ':'))
            return cli_usage_error(ICNT_CMD, "--rates: expected LO:HI:STEP, found %s", gmc_quote(&q, s, strlen(s)));
        int rc = rate_value(s, (size_t)(c1 - s), &lo);
        if (!rc)
            rc = rate_value(c1 + 1, (size_t)(c2 - c1 - 1), &hi);
        if (!rc)
            rc = rate_value(c2 + 1, strlen(c2 + 1), &step);
        if (rc)
            return rc;
        if (hi < lo)
            return cli_usage_error(ICNT_CMD, "--rates: expected LO <= HI, found %g:%g", lo, hi);
        const double n = floor((hi - lo) / step + 1e-9) + 1;
        if (n > ICNT_MAX_RATES)
            return cli_usage_error(ICNT_CMD, "--rates: expected at most %d rates, found %.0f", ICNT_MAX_RATES, n);
        for (unsigned k = 0; k < (unsigned)n; k++)   /* rounded so that 0.1 + 2 x 0.1 prints as 0.3 */
            o->rate[o->nrate++] = round((lo + k * step) * 1e9) / 1e9;
        return 0;
    }
    for (;;) {
        const char *e = strchr(s, ',');
        size_t len = e ? (size_t)(e - s) : strlen(s);
        if (o->nrate == ICNT_MAX_RATES)
            return cli_usage_error(ICNT_CMD, "--rates: expected at most %d rates, found more", ICNT_MAX_RATES);
        int rc = rate_value(s, len, &o->rate[o->nrate++]);
        if (rc)
            return rc;
        if (!e)
            return 0;
        s = e + 1;
    }
}

/* A number option of the traffic: an integer in lo..hi. */
static int u64_in(const char *opt, const char *s, uint64_t lo, uint64_t hi, uint64_t *v)
{
    gmc_quote_t q;
    int rc = gmc_num_u64_str(s, GMC_NUM_DEC, hi, v);
    if (rc || *v < lo)
        return cli_usage_error(ICNT_CMD, "%s: expected an integer in %llu..%llu, found %s%s", opt,
                               (unsigned long long)lo, (unsigned long long)hi, gmc_quote(&q, s, strlen(s)),
                               gmc_num_note(rc));
    return 0;
}

/* A mean run length: a decimal number >= 1. */
static int run_length(const char *opt, const char *s, double *v)
{
    gmc_quote_t q;
    if (gmc_num_real(s, strlen(s), 1e9, v) || *v < 1)
        return cli_usage_error(ICNT_CMD, "%s: expected a mean run length in [1, 1e9], found %s", opt,
                               gmc_quote(&q, s, strlen(s)));
    return 0;
}

/* 0, the exit code of a usage error (printed), or -1 after --help / list. */
/* The ports on the network's nodes, by the rule, as the GPU places SMs and
 * slices: when a listed topology is a mesh or ring, or --placement was
 * given (the crossbar takes any placement and needs none, so a crossbar
 * of counts no GPGPU-Sim map has runs without one): 0 or the exit code. */
static int place(icnt_opts_t *o, int given)
{
    gmc_icnt_cfg_t *c = &o->net;
    int placed = given;
    for (unsigned t = 0; t < o->ntopo; t++)
        placed |= o->topo[t]->placed;
    if (!placed)
        return 0;
    o->in_node = calloc(c->inputs, sizeof *o->in_node);
    o->out_node = calloc(c->outputs, sizeof *o->out_node);
    if (!o->in_node || !o->out_node) {
        fprintf(stderr, "gmc icnt: out of memory\n");
        return 1;
    }
    char err[256];
    if (gmc_icnt_place(o->placement, c->inputs, c->outputs, o->in_node, o->out_node, err, sizeof err))
        return cli_usage_error(ICNT_CMD, "--placement %s: %s", gmc_icnt_place_name(o->placement), err);
    c->nodes = c->inputs + c->outputs;
    if (c->mesh_cols > c->nodes)
        return cli_usage_error(ICNT_CMD, "--mesh-cols: expected 0 (near-square) or 1..%u (the %u inputs + %u "
                               "outputs), found %u", c->nodes, c->inputs, c->outputs, c->mesh_cols);
    c->in_node = o->in_node;
    c->out_node = o->out_node;
    return 0;
}

static int parse(icnt_opts_t *o, int argc, char **argv)
{
    memset(o, 0, sizeof *o);
    icnt_fields_default(&o->net);
    o->alloc = &gmc_alloc_hg;
    o->topo[0] = &gmc_icnt_xbar;
    o->ntopo = 1;
    o->hold[0] = GMC_ALLOC_HOLD_NONE;
    o->nhold = 1;
    gmc_netload_cfg_default(&o->load);
    int rc = parse_rates(o, "0.02:0.4:0.02"), given_loc = 0, placement_given = 0;
    for (int i = 1; i < argc && !rc; i++) {
        const char *a = argv[i], *v = NULL;
        uint64_t u;
        char err[256];
        if ((rc = icnt_field_option(&o->net, argc, argv, &i)))
            rc = rc == 1 ? 0 : rc;
        else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            cli_stdout_note();
            return -1;
        } else if (!strcmp(a, "--json"))
            o->json = 1;
        else if (i + 1 >= argc)
            return cli_usage_error(ICNT_CMD, "%s: unknown option, or one that needs a value (gmc icnt --help "
                                   "lists them)", a);
        else if (v = argv[++i], !strcmp(a, "--topology")) {
            if (!strcmp(v, "list"))
                return list_topologies(), -1;
            rc = each_item(a, v, &o->ntopo, one_topology, o);
        } else if (!strcmp(a, "--hold"))
            rc = each_item(a, v, &o->nhold, one_hold, o);
        else if (!strcmp(a, "--alloc")) {
            if (gmc_alloc_find(v, &o->alloc, err, sizeof err))
                rc = cli_usage_error(ICNT_CMD, "--alloc: %s", err);
        } else if (!strcmp(a, "--placement")) {
            if (gmc_icnt_place_find(v, &o->placement, err, sizeof err))
                rc = cli_usage_error(ICNT_CMD, "--placement: %s", err);
            placement_given = 1;
        } else if (!strcmp(a, "--set"))
            rc = icnt_field_set(&o->net, v);
        else if (!strcmp(a, "--traffic")) {
            if (gmc_netload_pattern_find(v, &o->load.pattern, err, sizeof err))
                rc = cli_usage_error(ICNT_CMD, "--traffic: %s", err);
        } else if (!strcmp(a, "--locality"))
            rc = run_length(a, v, &o->load.locality), given_loc = 1;
        else if (!strcmp(a, "--dst-run"))
            rc = run_length(a, v, &o->load.dst_run), o->dst_run_given = 1;
        else if (!strcmp(a, "--banks")) {
            if (!(rc = u64_in(a, v, 1, 32, &u)) && (u & (u - 1)))
                rc = cli_usage_error(ICNT_CMD, "--banks: expected a power of two in 1..32, found %s", v);
            o->load.banks = (uint32_t)u;
        } else if (!strcmp(a, "--rows")) {
            if (!(rc = u64_in(a, v, 2, 1ull << 32, &u)) && (u & (u - 1)))
                rc = cli_usage_error(ICNT_CMD, "--rows: expected a power of two in 2..4294967296, found %s", v);
            o->load.rows = u;
        } else if (!strcmp(a, "--packet-bytes")) {
            if (!(rc = u64_in(a, v, 1, 65535, &u)))
                o->load.bytes = (uint32_t)u;
        } else if (!strcmp(a, "--rates"))
            rc = parse_rates(o, v);
        else if (!strcmp(a, "--warmup"))
            rc = u64_in(a, v, 0, 10000000, &o->load.warmup);
        else if (!strcmp(a, "--cycles"))
            rc = u64_in(a, v, 1, 10000000, &o->load.cycles);
        else if (!strcmp(a, "--seed"))
            rc = u64_in(a, v, 0, UINT64_MAX, &o->load.seed);
        else if (!strcmp(a, "-o"))
            o->out = v;
        else if (!strcmp(a, "--csv"))
            o->csv = v;
        else if (!strcmp(a, "--plot"))
            o->plot = v;
        else
            return cli_usage_error(ICNT_CMD, "unknown option '%s' (gmc icnt --help lists them)", a);
    }
    if (rc)
        return rc;
    if (o->load.pattern == GMC_NETLOAD_UNIFORM && (given_loc || o->dst_run_given))
        return cli_usage_error(ICNT_CMD, "%s: expected --traffic rowstream (uniform traffic has no row runs)",
                               given_loc ? "--locality" : "--dst-run");
    if (!o->dst_run_given)
        o->load.dst_run = o->load.locality;
    for (unsigned h = 0; h < o->nhold; h++)
        if (o->hold[h] != GMC_ALLOC_HOLD_NONE && !o->alloc->holds)
            return cli_usage_error(ICNT_CMD, "--hold %s: expected an allocator that holds grants (--alloc "
                                   "hgalloc), found --alloc %s", gmc_alloc_hold_name(o->hold[h]), o->alloc->name);
    const char *const outs[] = {"-o", o->out, "--csv", o->csv, "--plot", o->plot, NULL};
    if (!cli_outputs_distinct(ICNT_CMD, outs))
        return 2;
    o->net.alloc = o->alloc;
    return place(o, placement_given);
}

void icnt_saturation(const icnt_opts_t *o, icnt_curve_t *c)
{
    c->sat = -1;
    c->sat_by = NULL;
    for (unsigned k = 0; k < o->nrate; k++) {
        const gmc_netload_result_t *p = &c->pt[k];
        const int by_lat = p->lat_mean > ICNT_SAT_LATENCY * c->zero_load;
        const int by_thr = p->accepted < ICNT_SAT_ACCEPTED * p->offered;
        if (by_lat || by_thr) {
            c->sat = (int)k;
            c->sat_by = by_lat && by_thr ? "latency and throughput" : by_lat ? "latency" : "throughput";
            return;
        }
    }
}

/* Every curve's network, built once and probed for its zero-load latency
 * before any run, so that a configuration a network refuses is a usage
 * error before anything runs.  0 or the exit code. */
static int prepare(const icnt_opts_t *o, icnt_curve_t *cv)
{
    unsigned k = 0;
    for (unsigned t = 0; t < o->ntopo; t++)
        for (unsigned h = 0; h < o->nhold; h++, k++) {
            gmc_icnt_cfg_t net = o->net, nc;
            net.hold.policy = o->hold[h];
            gmc_netload_net_cfg(&net, &o->load, &nc);
            cv[k].topo = o->topo[t];
            cv[k].hold = o->hold[h];
            char err[512];
            if (gmc_netload_check(&nc, &o->load, err, sizeof err))
                return cli_usage_error(ICNT_CMD, "%s", err);
            if (gmc_netload_zero_load(o->topo[t], &nc, &o->load, &cv[k].zero_load, err, sizeof err))
                return cli_usage_error(ICNT_CMD, "%s with --hold %s: %s", o->topo[t]->name,
                                       gmc_alloc_hold_name(o->hold[h]), err);
        }
    return 0;
}

/* Every point of every curve: 0, or 1 after the error. */
static int run_all(const icnt_opts_t *o, icnt_curve_t *cv, unsigned ncurve)
{
    const uint64_t total = (uint64_t)ncurve * o->nrate;
    uint64_t done = 0;
    for (unsigned k = 0; k < ncurve; k++) {
        gmc_icnt_cfg_t net = o->net, nc;
        net.hold.policy = cv[k].hold;
        gmc_netload_net_cfg(&net, &o->load, &nc);
        for (unsigned r = 0; r < o->nrate; r++) {
            gmc_netload_cfg_t load = o->load;
            load.rate = o->rate[r];
            char err[512], lbl[64];
            icnt_curve_label(&cv[k], lbl, sizeof lbl);
            if (cli_progress_on())
                cli_progress_bar(ICNT_CMD, lbl, done, total, "");
            if (gmc_netload_run(cv[k].topo, &nc, &load, &cv[k].pt[r], err, sizeof err)) {
                if (cli_progress_on())
                    cli_progress_end(ICNT_CMD, "");
                fprintf(stderr, "gmc icnt: %s at rate %g: %s\n", lbl, o->rate[r], err);
                return 1;
            }
            done++;
        }
        icnt_saturation(o, &cv[k]);
    }
    if (cli_progress_on())
        cli_progress_end(ICNT_CMD, "done");
    return 0;
}

enum { OUT_REPORT, OUT_CSV, OUT_PLOT, NOUT };

int cmd_icnt(int argc, char **argv)
{
    static icnt_opts_t o;
    int rc = parse(&o, argc, argv);
    if (rc)
        return rc < 0 ? 0 : rc;
    const unsigned ncurve = o.ntopo * o.nhold;
    icnt_curve_t *cv = calloc(ncurve, sizeof *cv);
    if (!cv) {
        fprintf(stderr, "gmc icnt: out of memory\n");
        return 1;
    }
    if ((rc = prepare(&o, cv))) {
        free(cv);
        return rc;
    }
    cli_outfile_t of[NOUT];
    const char *paths[NOUT] = {o.out ? o.out : "-", o.csv, o.plot};
    if (cli_outs_open(of, NOUT, ICNT_CMD, paths)) {
        free(cv);
        return 1;
    }
    if ((rc = run_all(&o, cv, ncurve)))
        goto fail;
    const icnt_result_t res = {&o, cv, ncurve};
    if (o.csv)
        icnt_write_csv(of[OUT_CSV].f, &res);
    if (o.plot && (cli_out_close(&of[OUT_PLOT]) || icnt_write_png(&res, &of[OUT_PLOT])))
        goto fail;
    if (o.json)
        icnt_write_json(of[OUT_REPORT].f, &res);
    else
        icnt_write_text(of[OUT_REPORT].f, &res);
    free(cv);
    rc = cli_outs_commit(of, NOUT) ? 1 : 0;
    goto done;
fail:
    cli_outs_abort(of, NOUT);
    free(cv);
    rc = 1;
done:
    free(o.in_node);
    free(o.out_node);
    return rc;
}
