/* gmc mem: trace mode of the memory controller (docs/memory.md "## Trace mode"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "cli_outfile.h"
#include "mc/gmc_sched.h"
#include "mem_cli.h"
#include "mem/gmc_dram_cfg.h"

static void usage(FILE *f)
{
    fprintf(f,
        "usage: gmc mem --trace FILE [options]\n"
        "Runs a memory-request trace through one controller per DRAM channel and reports\n"
        "cycles, bandwidth, latency percentiles, row hits/misses/conflicts, BLP and DRAM\n"
        "efficiency.\n\n"
        "  --trace FILE        requests ('-' = stdin)\n"
        "  --format F          gmc (default): <cycle> <R|W> <hex addr> [sm warp pc]\n"
        "                      dramsim3: <hex addr> <READ|WRITE> <cycle>\n"
        "                      ramulator: LD|ST <addr>  or  <hex addr> <R|W>  (no timing)\n"
        "  --preset NAME       DRAM device and its address map: gddr6-rtx2060s (default),\n"
        "                      gddr5-hynix, gddr3 (map derived from its geometry)\n"
        "  --dram-cfg FILE     a DRAM config file instead of a preset's device\n"
        "  --sched S           scheduler (default frfcfs):\n");
    for (unsigned i = 0; gmc_sched_get(i); i++)
        fprintf(f, "                        %-9s %s\n", gmc_sched_get(i)->name,
                gmc_sched_get(i)->summary);
    fprintf(f,
        "  --channels N        controllers simulated (default: the device's); a request\n"
        "                      goes to its decoded channel modulo N\n"
        "  --rq N, --wq N      read / write queue entries per channel (default 64 / 32)\n"
        "  --wq-high N         start draining writes at N queued (default 7/8 of --wq)\n"
        "  --wq-low N          stop draining at N (default 1/2 of --wq)\n"
        "  --age-cap N         serve a request older than N cycles first in its bank\n"
        "                      (default 4096; 0 = off)\n"
        "  --wmc-score R       warped-mc: when n_pending == 1 gives H and a row score:\n"
        "                      schedule (default; Algorithm 1) or receive (sec. 4.2)\n"
        "  --wmc-m R           warped-mc: M for a started warp's row hits (started,\n"
        "                      default) or any warp's with >= 2 pending (pending2)\n"
        "  --no-refresh        never refresh, even if the device config enables it\n"
        "  --wrap              mask addresses wider than the map instead of failing\n"
        "  --json              one JSON object instead of the text report\n"
        "  --per-request FILE  one line per request (written only if the run succeeds)\n"
        "  --map SPEC, --map-file FILE, --scheme S, --seed N, --matrix FILE, --rmp-bits L\n"
        "                      address map and BIM exactly as in gmc bim (gmc bim --help);\n"
        "                      the default map is the preset's\n");
}

static int num_opt(const char *name, int argc, char **argv, int *i, uint64_t *v)
{
    if (*i + 1 >= argc)
        return cli_usage_error(MEM_CMD, "option %s needs a value", name);
    const char *s = argv[++*i];
    if (cli_parse_u64(s, v))
        return cli_usage_error(MEM_CMD, "%s: expected a non-negative integer, found '%s'", name, s);
    return 0;
}

static int str_opt(const char *name, int argc, char **argv, int *i, const char **v)
{
    if (*i + 1 >= argc)
        return cli_usage_error(MEM_CMD, "option %s needs a value", name);
    *v = argv[++*i];
    return 0;
}

/* --wmc-score schedule|receive, --wmc-m started|pending2: warped-mc's
 * readings of the paper (docs/blocks/gmc_wmc.md). */
static int wmc_opt(const char *name, int argc, char **argv, int *i, mem_opts_t *o)
{
    const char *v = NULL;
    int rc = str_opt(name, argc, argv, i, &v);
    if (rc)
        return rc;
    const int score = !strcmp(name, "--wmc-score");
    const char *(*nm)(unsigned) = score ? gmc_sched_wmc_score_at_name : gmc_sched_wmc_m_rule_name;
    for (unsigned k = 0; nm(k); k++)
        if (!strcmp(v, nm(k))) {
            *(score ? &o->wmc_score_at : &o->wmc_m_rule) = k;
            return 0;
        }
    return cli_usage_error(MEM_CMD, "%s: expected %s or %s, found '%s'", name, nm(0), nm(1), v);
}

/* The run's trace source and served callback: the trace reader, the
 * warp-load accounting and, with --per-request, the per-request lines. */
typedef struct {
    gmc_memtrace_t *t;
    gmc_warplat_t  *wl;
    FILE           *per_request;
} run_ctx_t;

static int read_record(void *ctx, gmc_memtrace_rec_t *r, char *err, size_t n)
{
    run_ctx_t *c = ctx;
    int rc = gmc_memtrace_next(c->t, r, err, n);
    if (rc == 1) {
        if (r->has_warp || c->wl->cur)
            gmc_warplat_read(c->wl, r);
        else
            r->tag = 0;   /* no warp ids and no load open: nothing to track */
    }
    return rc;
}

static void on_served(void *ctx, unsigned ch, const gmc_mc_req_t *r)
{
    run_ctx_t *c = ctx;
    if (r->tag)
        gmc_warplat_served(c->wl, r);
    if (c->per_request)
        mem_per_request_line(c->per_request, ch, r);
}

static int parse_args(mem_opts_t *o, int argc, char **argv)
{
    memset(o, 0, sizeof *o);
    bim_sel_defaults(&o->sel);
    o->sel.preset = "gddr6-rtx2060s";
    o->sched = "frfcfs";
    o->rq = 64;
    o->wq = 32;
    o->age_cap = 4096;
    const char *fmt = "gmc";
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int rc = bim_sel_option(&o->sel, MEM_CMD, argc, argv, &i);
        if (rc < 0)
            return 2;
        if (rc > 0)
            continue;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            exit(0);
        }
        if (!strcmp(a, "--json"))
            o->json = 1;
        else if (!strcmp(a, "--no-refresh"))
            o->no_refresh = 1;
        else if (!strcmp(a, "--wrap"))
            o->wrap = 1;
        else if (!strcmp(a, "--trace"))
            rc = str_opt(a, argc, argv, &i, &o->trace);
        else if (!strcmp(a, "--format"))
            rc = str_opt(a, argc, argv, &i, &fmt);
        else if (!strcmp(a, "--per-request"))
            rc = str_opt(a, argc, argv, &i, &o->per_request);
        else if (!strcmp(a, "--dram-cfg"))
            rc = str_opt(a, argc, argv, &i, &o->dram_cfg);
        else if (!strcmp(a, "--sched"))
            rc = str_opt(a, argc, argv, &i, &o->sched);
        else if (!strcmp(a, "--channels"))
            rc = num_opt(a, argc, argv, &i, &o->channels);
        else if (!strcmp(a, "--rq"))
            rc = num_opt(a, argc, argv, &i, &o->rq);
        else if (!strcmp(a, "--wq"))
            rc = num_opt(a, argc, argv, &i, &o->wq);
        else if (!strcmp(a, "--wq-high"))
            rc = num_opt(a, argc, argv, &i, &o->wq_high), o->have_wq_high = 1;
        else if (!strcmp(a, "--wq-low"))
            rc = num_opt(a, argc, argv, &i, &o->wq_low), o->have_wq_low = 1;
        else if (!strcmp(a, "--age-cap"))
            rc = num_opt(a, argc, argv, &i, &o->age_cap);
        else if (!strcmp(a, "--wmc-score") || !strcmp(a, "--wmc-m"))
            rc = wmc_opt(a, argc, argv, &i, o);
        else
            return cli_usage_error(MEM_CMD, "unknown option '%s' (gmc mem --help lists them)", a);
        if (rc)
            return rc;
    }
    if (gmc_memtrace_fmt_parse(fmt, &o->fmt))
        return cli_usage_error(MEM_CMD, "--format: expected gmc, dramsim3 or ramulator, found '%s'",
                               fmt);
    if (!o->trace)
        return cli_usage_error(MEM_CMD, "expected --trace FILE");
    if (o->channels > 4096)
        return cli_usage_error(MEM_CMD, "--channels: expected 1..4096, found %llu",
                               (unsigned long long)o->channels);
    if (o->rq < 1 || o->rq > (1u << 20) || o->wq < 1 || o->wq > (1u << 20))
        return cli_usage_error(MEM_CMD, "--rq/--wq: expected 1..%u, found %llu/%llu", 1u << 20,
                               (unsigned long long)o->rq, (unsigned long long)o->wq);
    if (!o->have_wq_high)
        o->wq_high = o->wq * 7 / 8 ? o->wq * 7 / 8 : 1;
    if (!o->have_wq_low)
        o->wq_low = o->wq / 2 < o->wq_high ? o->wq / 2 : o->wq_high - 1;
    return 0;
}

/* The DRAM device: --dram-cfg FILE or the preset; then the map: --map,
 * --map-file, the map preset of the same name, or one derived from the
 * geometry.  warn collects the device's warnings for the report. */
static int resolve(mem_opts_t *o, gmc_memsys_cfg_t *sc, char *warn, size_t wn)
{
    char err[512];
    int rc = o->dram_cfg
        ? gmc_dram_cfg_load(o->dram_cfg, &sc->dram, err, sizeof err, warn, wn)
        : gmc_dram_cfg_preset(o->sel.preset, &sc->dram, err, sizeof err, warn, wn);
    if (rc < 0) {
        if (!o->dram_cfg && !gmc_dram_preset_text(o->sel.preset)) {
            fprintf(stderr, "gmc mem: unknown preset '%s' (expected one of:", o->sel.preset);
            for (unsigned i = 0; gmc_dram_preset_name(i); i++)
                fprintf(stderr, " %s", gmc_dram_preset_name(i));
            fprintf(stderr, ")\n");
            return 2;
        }
        fprintf(stderr, "gmc mem: %s\n", err);
        return 1;
    }
    snprintf(o->dram_name, sizeof o->dram_name, "%s",
             sc->dram.name[0] ? sc->dram.name : o->dram_cfg ? o->dram_cfg : o->sel.preset);
    if (!o->sel.map_spec && !o->sel.map_file) {
        if (sc->dram.name[0] && gmc_addrmap_preset_spec(sc->dram.name)) {
            o->sel.preset = sc->dram.name;
        } else {
            if (gmc_memsys_default_map(&sc->dram, o->map_text, sizeof o->map_text, err,
                                       sizeof err)) {
                fprintf(stderr, "gmc mem: %s\n", err);
                return 1;
            }
            o->sel.map_spec = o->map_text;
        }
    }
    if ((rc = bim_sel_resolve(&o->sel, MEM_CMD)))
        return rc;
    gmc_addrmap_format(&o->sel.map, o->map_text, sizeof o->map_text);
    sc->map = o->sel.map;
    sc->bim = &o->sel.m;
    sc->channels = (unsigned)o->channels;
    sc->refresh = !o->no_refresh;
    gmc_mc_cfg_defaults(&sc->mc);
    sc->mc.rq = (unsigned)o->rq;
    sc->mc.wq = (unsigned)o->wq;
    sc->mc.wq_high = (unsigned)o->wq_high;
    sc->mc.wq_low = (unsigned)o->wq_low;
    sc->mc.age_cap = o->age_cap;
    sc->mc.wmc.score_at = (uint8_t)o->wmc_score_at;
    sc->mc.wmc.m_rule = (uint8_t)o->wmc_m_rule;
    if (gmc_sched_find(o->sched, &sc->mc.sched, err, sizeof err)) {
        cli_usage_error(MEM_CMD, "%s", err);
        return 2;
    }
    if (gmc_mc_cfg_check(&sc->mc, err, sizeof err)) {
        cli_usage_error(MEM_CMD, "%s", err);
        return 2;
    }
    return 0;
}

int cmd_mem(int argc, char **argv)
{
    static mem_opts_t o;
    static gmc_memsys_cfg_t sc;
    static char warn[2048];
    int rc = parse_args(&o, argc, argv);
    if (rc)
        return rc;
    warn[0] = 0;
    o.warnings = warn;
    if ((rc = resolve(&o, &sc, warn, sizeof warn)))
        return rc;
    char err[512];
    gmc_memsys_t ms;
    if (gmc_memsys_init(&ms, &sc, err, sizeof err)) {
        fprintf(stderr, "gmc mem: %s\n", err);
        return 1;
    }
    gmc_memtrace_t t;
    if (gmc_memtrace_open(&t, o.trace, o.fmt, err, sizeof err)) {
        fprintf(stderr, "gmc mem: %s\n", err);
        gmc_memsys_free(&ms);
        return 1;
    }
    gmc_memtrace_set_width(&t, sc.map.width, o.wrap);
    gmc_warplat_t wl;
    /* read but not served: every queue entry, the staged record, the open load */
    if (gmc_warplat_init(&wl, (uint64_t)ms.nch * (sc.mc.rq + sc.mc.wq) + 2)) {
        fprintf(stderr, "gmc mem: out of memory\n");
        gmc_memtrace_close(&t);
        gmc_memsys_free(&ms);
        return 1;
    }
    o.warplat = &wl;
    run_ctx_t run = {&t, &wl, NULL};
    cli_outfile_t pr = {0};
    if (o.per_request) {
        if (cli_out_open(&pr, MEM_CMD, o.per_request)) {
            gmc_warplat_free(&wl);
            gmc_memtrace_close(&t);
            gmc_memsys_free(&ms);
            return 1;
        }
        mem_per_request_header(pr.f);
        run.per_request = pr.f;
    }
    gmc_memsys_set_served(&ms, on_served, &run);
    rc = gmc_memsys_run(&ms, read_record, &run, err, sizeof err);
    gmc_memtrace_close(&t);
    gmc_warplat_end(&wl);
    if (!rc && wl.overflow) {   /* the ring sizing above is wrong: a bug, not bad input */
        snprintf(err, sizeof err, "internal error: warp-load ring overflow");
        rc = -1;
    }
    if (rc) {
        fprintf(stderr, "gmc mem: %s\n", err);
        if (o.per_request)
            cli_out_abort(&pr);
        gmc_warplat_free(&wl);
        gmc_memsys_free(&ms);
        return 1;
    }
    if (o.per_request && cli_out_commit(&pr)) {
        gmc_warplat_free(&wl);
        gmc_memsys_free(&ms);
        return 1;
    }
    if (o.json)
        mem_report_json(stdout, &o, &ms);
    else
        mem_report_text(stdout, &o, &ms);
    gmc_warplat_free(&wl);
    gmc_memsys_free(&ms);
    return fflush(stdout) ? 1 : 0;
}
