/* gmc mem: trace mode of the memory controller (docs/memory.md "## Trace mode"). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "cli_outfile.h"
#include "mc/gmc_mc_pol.h"
#include "mc/gmc_mc.h"
#include "blocks/gmc_pcmwq.h"
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
        "  --integrity N       instead of a trace: the data check (docs/pcm.md): N random\n"
        "                      reads and writes to a hot set, every read checked against\n"
        "                      the newest write accepted before it; exit 1 on a violation\n"
        "  --integrity-seed S  its random seed (default 1)\n"
        "  --integrity-hot K   its hot set: K burst-aligned addresses (default 256)\n"
        "  --format F          gmc (default): <cycle> <R|W> <hex addr> [sm warp pc]\n"
        "                      dramsim3: <hex addr> <READ|WRITE> <cycle>\n"
        "                      ramulator: LD|ST <addr>  or  <hex addr> <R|W>  (no timing)\n"
        "  --preset NAME       DRAM device and its address map: gddr6-rtx2060s (default),\n"
        "                      gddr5-hynix, gddr3, pcm-thesis, pcm-nvmain-isscc12 (PCM;\n"
        "                      maps derived from the geometry)\n"
        "  --dram-cfg FILE     a DRAM config instead of a preset's device, told apart by\n"
        "                      content: gmc's own, a GPGPU-Sim gpgpusim.config, a\n"
        "                      -gpgpu_dram_timing_opt string, a DRAMsim3 .ini, an NVMain\n"
        "                      PCM config; what the\n"
        "                      file does not set comes from --preset (or the default)\n"
        "  --channel-dram L=SRC  the device of channels L (N, A-B, odd, even; ',' between):\n"
        "                      a preset, or a config file read over the run's device (its\n"
        "                      keys override); repeatable; one tck_ps for all channels\n"
        "  --verbose           list the options of --dram-cfg that were ignored\n");
    mem_hybrid_usage(f);
    fprintf(f,
        "  --sched S           scheduler (default frfcfs):\n");
    for (unsigned i = 0; gmc_sched_get(i); i++)
        fprintf(f, "                        %-11s %s\n", gmc_sched_get(i)->name,
                gmc_sched_get(i)->summary);
    fprintf(f,
        "  --channels N        controllers simulated (default: the device's); a request\n"
        "                      goes to its decoded channel modulo N\n"
        "  --rq N, --wq N      read / write queue entries per channel (default 64 / 32)\n"
        "  --wq-high N         start draining writes at N queued (default 7/8 of --wq)\n"
        "  --wq-low N          stop draining at N (default 1/2 of --wq)\n"
        "  --age-cap N         serve a request older than N cycles first in its bank\n"
        "                      (default 4096; 0 = off)\n");
    /* the controller's policies (docs/mc-policies.md), from their registries */
    fprintf(f, "  --write-policy P    when to drain writes (default %s):\n", gmc_mc_wpol_get(0)->name);
    for (unsigned i = 0; gmc_mc_wpol_get(i); i++)
        fprintf(f, "                        %-11s %s\n", gmc_mc_wpol_get(i)->name,
                gmc_mc_wpol_get(i)->summary);
    fprintf(f, "  --refresh-policy P  when refresh takes the channel (default %s):\n",
            gmc_mc_rfpol_get(0)->name);
    for (unsigned i = 0; gmc_mc_rfpol_get(i); i++)
        fprintf(f, "                        %-11s %s\n", gmc_mc_rfpol_get(i)->name,
                gmc_mc_rfpol_get(i)->summary);
    fprintf(f, "  --row-policy P      when an open row closes on its own (default %s):\n",
            gmc_mc_rowpol_get(0)->name);
    for (unsigned i = 0; gmc_mc_rowpol_get(i); i++)
        fprintf(f, "                        %-11s %s\n", gmc_mc_rowpol_get(i)->name,
                gmc_mc_rowpol_get(i)->summary);
    fprintf(f,
        "  --same-addr R       the same-address rule: none (default: a scheduler may serve\n"
        "                      a read before an older write to its location) or stall\n"
        "                      (refuse a request while an older one it must not overtake\n"
        "                      is queued; docs/pcm.md \"Data, checked end to end\")\n");
    fprintf(f,
        "  --row-timeout N     --row-policy timeout: idle cycles before a row closes\n"
        "                      (1..%u, default %u)\n"
        "  --pcmwq-entries N   --write-policy pcmwq: queue entries, 1..64 (default 8, NVMain FRFCFS-WQF)\n"
        "  --pcmwq-high N      ... drain from N entries (default: the entries)\n"
        "  --pcmwq-low N       ... down to N (default 0)\n"
        "  --pcmwq-per-channel ... one queue per channel (default: one per bank, each of those entries)\n"
        "  --pcmwq-intr M      ... none (default) or cancel: a read of its bank cancels a drained\n"
        "                      write during its pulse, which drains again later (pcm devices)\n"
        "  --pcmwq-max-intr N  ... cancellations of one drain before it runs to the end (0 = no limit)\n", GMC_MC_ROW_TIMEOUT_MAX, GMC_MC_ROW_TIMEOUT_DEFAULT);
    fprintf(f,
        "  --wmc-score R       warped-mc: when n_pending == 1 gives H and a row score:\n"
        "                      schedule (default; Algorithm 1) or receive (sec. 4.2)\n"
        "  --wmc-m R           warped-mc: M for a started warp's row hits (started,\n"
        "                      default) or any warp's with >= 2 pending (pending2)\n"
        "  --streak-reading L  how the row streak breakers read Yuan et al. sec. 5.2 where\n"
        "                      it is ambiguous: default, or any of older (search toward\n"
        "                      older requests), exclude-y (the request to the new row is\n"
        "                      no breaker), opener (compare with the request the old row\n"
        "                      was opened for) joined by ','\n"
        "  --no-refresh        never refresh, even if the device config enables it\n"
        "  --step-every-cycle  the slow reference: step every controller every cycle,\n"
        "                      no idle-cycle skipping (same results; for checking them)\n"
        "  --wrap              accepted, changes nothing: an address wider than the map\n"
        "                      is always folded to its width and counted (addr_folded)\n"
        "  --json              one JSON object instead of the text report\n"
        "  -o FILE             the report to FILE (written only if the run succeeds)\n"
        "  --per-request FILE  one line per request (written only if the run succeeds)\n"
        "  --map SPEC, --map-file FILE, --scheme S, --seed N, --matrix FILE, --rmp-bits L\n"
        "                      address map and BIM exactly as in gmc bim (gmc bim --help);\n"
        "                      the default map is the preset's\n");
}

static int num_opt(const char *name, int argc, char **argv, int *i, uint64_t *v)
{
    return cli_opt_u64(MEM_CMD, name, argc, argv, i, v);
}

static int str_opt(const char *name, int argc, char **argv, int *i, const char **v)
{
    return cli_opt_str(MEM_CMD, name, argc, argv, i, v);
}

static int wmc_opt(const char *name, int argc, char **argv, int *i, mem_opts_t *o)
{
    return cli_opt_wmc(MEM_CMD, name, argc, argv, i, &o->wmc_score_at, &o->wmc_m_rule);
}

/* The policy options (--write-policy, --refresh-policy, --row-policy,
 * --row-timeout), here rather than in mem_opts_t: only resolve() reads
 * them, and the report reads the controller's cfg. */
static struct {
    const char *wpol, *rfpol, *rowpol, *same_addr;
    uint64_t    row_timeout;
    int         have_row_timeout;
    uint64_t    pq[3];            /* --pcmwq-entries, --pcmwq-high, --pcmwq-low */
    int         have_pq[3];
    int         pq_per_channel;      /* --pcmwq-per-channel */
    const char *pq_intr;             /* --pcmwq-intr */
    uint64_t    pq_max_intr;         /* --pcmwq-max-intr */
    int         have_pq_max_intr;
} pol;

/* The run's trace source and served callback: the trace reader, the
 * warp-load accounting and, with --per-request, the per-request lines. */
typedef struct {
    gmc_memtrace_t *t;
    gmc_warplat_t  *wl;
    FILE           *per_request;
    uint64_t        records, no_warp;   /* for the note on warp-id schedulers */
    gmc_memsys_t   *ms;
    int             listening;          /* the completion callback is registered */
    mem_watch_t     watch;              /* folding, the implausible-run warning, progress */
} run_ctx_t;

static void on_complete(void *ctx, const gmc_mem_done_t *r);

/* Completions cost a record each; nobody needs them until a request has a
 * load to account for (a warp id) or --per-request asks for lines, so the
 * callback is registered then -- before that request enters. */
static void listen(run_ctx_t *c)
{
    if (!c->listening) {
        gmc_memsys_on_complete(c->ms, on_complete, c);
        c->listening = 1;
    }
}

static int read_record(void *ctx, gmc_memtrace_rec_t *r, char *err, size_t n)
{
    run_ctx_t *c = ctx;
    int rc = gmc_memtrace_next(c->t, r, err, n);
    if (rc == 1) {
        mem_watch_record(&c->watch, r, gmc_memsys_now(c->ms));
        c->records++;
        c->no_warp += !r->has_warp;
        if (r->has_warp || c->wl->cur) {
            listen(c);
            gmc_warplat_read(c->wl, r);
        }
        else
            r->tag = 0;   /* no warp ids and no load open: nothing to track */
    }
    return rc;
}

static void on_complete(void *ctx, const gmc_mem_done_t *r)
{
    run_ctx_t *c = ctx;
    if (r->tag)
        gmc_warplat_served(c->wl, r);
    if (c->per_request)
        mem_per_request_line(c->per_request, r);
}

/* 0, a usage error's exit code (printed), or -1 after --help. */
static int parse_args(mem_opts_t *o, int argc, char **argv)
{
    memset(o, 0, sizeof *o);
    bim_sel_defaults(&o->sel);
    o->sel.preset = "gddr6-rtx2060s";
    o->sched = "frfcfs";
    o->rq = 64;
    o->wq = 32;
    o->age_cap = 4096;
    memset(&pol, 0, sizeof pol);
    const char *fmt = "gmc";
    int have_integrity = 0, have_hot = 0;
    o->integrity_seed = 1;
    o->integrity_hot = 256;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--preset"))
            o->preset_given = 1;
        int rc = bim_sel_option(&o->sel, MEM_CMD, argc, argv, &i);
        if (rc < 0)
            return 2;
        if (rc > 0)
            continue;
        if ((rc = mem_hybrid_option(o, argc, argv, &i)) < 0)
            return 2;
        if (rc > 0)
            continue;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            cli_stdout_note();
            return -1;   /* done: main checks that stdout took it */
        }
        if (!strcmp(a, "--json"))
            o->json = 1;
        else if (!strcmp(a, "--no-refresh"))
            o->no_refresh = 1;
        else if (!strcmp(a, "--step-every-cycle"))
            o->every_cycle = 1;
        else if (!strcmp(a, "--wrap"))
            o->wrap = 1;
        else if (!strcmp(a, "--verbose"))
            o->verbose = 1;
        else if (!strcmp(a, "-o"))
            rc = str_opt(a, argc, argv, &i, &o->out);
        else if (!strcmp(a, "--integrity"))
            rc = num_opt(a, argc, argv, &i, &o->integrity), have_integrity = 1;
        else if (!strcmp(a, "--integrity-seed"))
            rc = num_opt(a, argc, argv, &i, &o->integrity_seed);
        else if (!strcmp(a, "--integrity-hot"))
            rc = num_opt(a, argc, argv, &i, &o->integrity_hot), have_hot = 1;
        else if (!strcmp(a, "--trace"))
            rc = str_opt(a, argc, argv, &i, &o->trace);
        else if (!strcmp(a, "--format"))
            rc = str_opt(a, argc, argv, &i, &fmt);
        else if (!strcmp(a, "--per-request"))
            rc = str_opt(a, argc, argv, &i, &o->per_request);
        else if (!strcmp(a, "--dram-cfg"))
            rc = str_opt(a, argc, argv, &i, &o->dram_cfg);
        else if (!strcmp(a, "--channel-dram")) {
            if (o->n_channel_dram == MEM_MAX_CHANNEL_DRAM)
                return cli_usage_error(MEM_CMD, "--channel-dram: expected at most %d, found "
                                       "more", MEM_MAX_CHANNEL_DRAM);
            rc = str_opt(a, argc, argv, &i, &o->channel_dram[o->n_channel_dram++]);
        }
        else if (!strcmp(a, "--sched"))
            rc = str_opt(a, argc, argv, &i, &o->sched);
        else if (!strcmp(a, "--channels"))
            rc = num_opt(a, argc, argv, &i, &o->channels), o->have_channels = 1;
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
        else if (!strcmp(a, "--write-policy"))
            rc = str_opt(a, argc, argv, &i, &pol.wpol);
        else if (!strcmp(a, "--refresh-policy"))
            rc = str_opt(a, argc, argv, &i, &pol.rfpol);
        else if (!strcmp(a, "--row-policy"))
            rc = str_opt(a, argc, argv, &i, &pol.rowpol);
        else if (!strcmp(a, "--same-addr"))
            rc = str_opt(a, argc, argv, &i, &pol.same_addr);
        else if (!strcmp(a, "--streak-reading"))
            rc = str_opt(a, argc, argv, &i, &o->streak_reading);
        else if (!strcmp(a, "--pcmwq-entries"))
            rc = num_opt(a, argc, argv, &i, &pol.pq[0]), pol.have_pq[0] = 1;
        else if (!strcmp(a, "--pcmwq-high"))
            rc = num_opt(a, argc, argv, &i, &pol.pq[1]), pol.have_pq[1] = 1;
        else if (!strcmp(a, "--pcmwq-low"))
            rc = num_opt(a, argc, argv, &i, &pol.pq[2]), pol.have_pq[2] = 1;
        else if (!strcmp(a, "--pcmwq-per-channel"))
            rc = 0, pol.pq_per_channel = 1;
        else if (!strcmp(a, "--pcmwq-intr"))
            rc = str_opt(a, argc, argv, &i, &pol.pq_intr);
        else if (!strcmp(a, "--pcmwq-max-intr"))
            rc = num_opt(a, argc, argv, &i, &pol.pq_max_intr), pol.have_pq_max_intr = 1;
        else if (!strcmp(a, "--row-timeout"))
            rc = num_opt(a, argc, argv, &i, &pol.row_timeout), pol.have_row_timeout = 1;
        else
            return cli_usage_error(MEM_CMD, "unknown option '%s' (gmc mem --help lists them)", a);
        if (rc)
            return rc;
    }
    if (gmc_memtrace_fmt_parse(fmt, &o->fmt))
        return cli_usage_error(MEM_CMD, "--format: expected gmc, dramsim3 or ramulator, found '%s'",
                               fmt);
    if (have_integrity && o->trace)
        return cli_usage_error(MEM_CMD, "--integrity: expected no --trace with it (it makes its "
                               "own requests), found --trace %s", o->trace);
    if (have_integrity && (o->integrity < 1 || o->integrity > (1ull << 40)))
        return cli_usage_error(MEM_CMD, "--integrity: expected 1..2^40 requests, found %llu",
                               (unsigned long long)o->integrity);
    if ((have_hot || o->integrity_seed != 1) && !have_integrity)
        return cli_usage_error(MEM_CMD, "--integrity-seed/--integrity-hot: expected --integrity N "
                               "with them");
    if (o->integrity_hot < 2 || o->integrity_hot > (1u << 24))
        return cli_usage_error(MEM_CMD, "--integrity-hot: expected 2..%u addresses, found %llu",
                               1u << 24, (unsigned long long)o->integrity_hot);
    if (!o->trace && !have_integrity)
        return cli_usage_error(MEM_CMD, "expected --trace FILE (or --integrity N)");
    if (o->have_channels && (o->channels < 1 || o->channels > 4096))
        return cli_usage_error(MEM_CMD, "--channels: expected 1..4096, found %llu",
                               (unsigned long long)o->channels);
    if (o->rq < 1 || o->rq > (1u << 20) || o->wq < 1 || o->wq > (1u << 20))
        return cli_usage_error(MEM_CMD, "--rq/--wq: expected 1..%u, found %llu/%llu", 1u << 20,
                               (unsigned long long)o->rq, (unsigned long long)o->wq);
    if (!o->have_wq_high)
        o->wq_high = o->wq * 7 / 8 ? o->wq * 7 / 8 : 1;
    if (!o->have_wq_low)
        o->wq_low = o->wq / 2 < o->wq_high ? o->wq / 2 : o->wq_high - 1;
    if (pol.have_row_timeout && (pol.row_timeout < 1 || pol.row_timeout > GMC_MC_ROW_TIMEOUT_MAX))
        return cli_usage_error(MEM_CMD, "--row-timeout: expected 1..%u cycles, found %llu",
                               GMC_MC_ROW_TIMEOUT_MAX, (unsigned long long)pol.row_timeout);
    if (pol.have_row_timeout && (!pol.rowpol || strcmp(pol.rowpol, "timeout")))
        return cli_usage_error(MEM_CMD, "--row-timeout: expected --row-policy timeout with it, "
                               "found --row-policy %s", pol.rowpol ? pol.rowpol : "open (the default)");
    return 0;
}

/* The policies by name into sc->mc (the defaults stay where none is given). */
static int resolve_policies(gmc_mc_cfg_t *mc)
{
    char err[512];
    if (pol.wpol && gmc_mc_wpol_find(pol.wpol, &mc->wpol, err, sizeof err))
        return cli_usage_error(MEM_CMD, "--write-policy: %s", err);
    if (pol.rfpol && gmc_mc_rfpol_find(pol.rfpol, &mc->rfpol, err, sizeof err))
        return cli_usage_error(MEM_CMD, "--refresh-policy: %s", err);
    if (pol.rowpol && gmc_mc_rowpol_find(pol.rowpol, &mc->rowpol, err, sizeof err))
        return cli_usage_error(MEM_CMD, "--row-policy: %s", err);
    if (pol.have_row_timeout)
        mc->row_timeout = (uint32_t)pol.row_timeout;
    if (pol.same_addr && !strcmp(pol.same_addr, "stall"))
        mc->same_addr = GMC_SAME_ADDR_STALL;
    else if (pol.same_addr && strcmp(pol.same_addr, "none"))
        return cli_usage_error(MEM_CMD, "--same-addr: expected none or stall, found '%s'",
                               pol.same_addr);
    static const char *const pqn[3] = {"--pcmwq-entries", "--pcmwq-high", "--pcmwq-low"};
    uint8_t *const pqf[3] = {&mc->pcmwq.entries, &mc->pcmwq.high, &mc->pcmwq.low};
    for (int k = 0; k < 3; k++) {
        if (!pol.have_pq[k])
            continue;
        if (mc->wpol != &gmc_mc_wpol_pcmwq)
            return cli_usage_error(MEM_CMD, "%s: expected --write-policy pcmwq with it", pqn[k]);
        if (pol.pq[k] > GMC_PCMWQ_N_MAX)
            return cli_usage_error(MEM_CMD, "%s: expected at most %u, found %llu", pqn[k],
                                   GMC_PCMWQ_N_MAX, (unsigned long long)pol.pq[k]);
        *pqf[k] = (uint8_t)pol.pq[k];
    }
    if (pol.pq_per_channel && mc->wpol != &gmc_mc_wpol_pcmwq)
        return cli_usage_error(MEM_CMD, "--pcmwq-per-channel: expected --write-policy pcmwq with it");
    mc->pcmwq.per_channel = (uint8_t)pol.pq_per_channel;
    if ((pol.pq_intr || pol.have_pq_max_intr) && mc->wpol != &gmc_mc_wpol_pcmwq)
        return cli_usage_error(MEM_CMD, "%s: expected --write-policy pcmwq with it",
                               pol.pq_intr ? "--pcmwq-intr" : "--pcmwq-max-intr");
    if (pol.pq_intr) {
        if (!strcmp(pol.pq_intr, "cancel"))
            mc->pcmwq.intr = GMC_PCMWQ_CANCEL;
        else if (strcmp(pol.pq_intr, "none"))
            return cli_usage_error(MEM_CMD, "--pcmwq-intr: expected none or cancel, found '%s'%s",
                                   pol.pq_intr, !strcmp(pol.pq_intr, "pause")
                                   ? " (pausing needs a device that resumes a write pulse where it "
                                     "stopped: docs/pcm.md)" : "");
    }
    if (pol.have_pq_max_intr) {
        if (pol.pq_max_intr > GMC_PCMWQ_K_MAX)
            return cli_usage_error(MEM_CMD, "--pcmwq-max-intr: expected at most %u, found %llu",
                                   GMC_PCMWQ_K_MAX, (unsigned long long)pol.pq_max_intr);
        if (mc->pcmwq.intr != GMC_PCMWQ_CANCEL)
            return cli_usage_error(MEM_CMD, "--pcmwq-max-intr: expected --pcmwq-intr cancel with it");
        mc->pcmwq_max_intr = (uint8_t)pol.pq_max_intr;
    }
    if (pol.have_pq[0] && !pol.have_pq[1])   /* NVMain's: drain from a full queue */
        mc->pcmwq.high = mc->pcmwq.entries;
    if (mc->wpol == &gmc_mc_wpol_pcmwq && gmc_mc_cfg_check(mc, err, sizeof err))
        return cli_usage_error(MEM_CMD, "%s", err);
    return 0;
}

/* The DRAM device and the map (mem_dram.c), the BIM, the controller.  warn
 * collects the device's warnings for the report. */
static int resolve(mem_opts_t *o, gmc_memsys_cfg_t *sc, char *warn, size_t wn)
{
    char err[512];
    int rc = mem_resolve_dram(o, sc, warn, wn);
    if (rc)
        return rc;
    /* fewer controllers than channels folds channels together (documented);
     * more would be controllers without a channel */
    if (o->have_channels && o->channels > sc->dram.channels)
        return cli_usage_error(MEM_CMD, "--channels: expected 1..%u (the channels of %s), found %llu",
                               sc->dram.channels, o->dram_name, (unsigned long long)o->channels);
    if ((rc = mem_resolve_channel_dram(o, sc, warn, wn)) ||
        (rc = mem_resolve_hybrid(o, sc, warn, wn)))
        return rc;
    if ((rc = bim_sel_resolve(&o->sel, MEM_CMD)))
        return rc;
    if (o->ipoly.sets && bim_sel_ipoly(&o->sel, &o->ipoly, err, sizeof err)) {
        fprintf(stderr, "gmc mem: %s: %s\n", o->dram_cfg, err);
        return 1;
    }
    gmc_addrmap_format(&o->sel.map, o->map_text, sizeof o->map_text);
    sc->map = o->sel.map;
    sc->bim = &o->sel.m;
    sc->channels = (unsigned)o->channels;
    sc->refresh = !o->no_refresh;
    sc->every_cycle = o->every_cycle;
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
    if ((rc = resolve_policies(&sc->mc)))
        return rc;
    if (o->streak_reading &&
        gmc_streak_reading_parse(o->streak_reading, &sc->mc.streak_reading, err, sizeof err))
        return cli_usage_error(MEM_CMD, "--streak-reading: %s", err);
    if (gmc_mc_cfg_check(&sc->mc, err, sizeof err)) {
        cli_usage_error(MEM_CMD, "%s", err);
        return 2;
    }
    return mem_resolve_hybrid_mc(o, sc);
}

int cmd_mem(int argc, char **argv)
{
    static mem_opts_t o;
    static gmc_memsys_cfg_t sc;
    static char warn[2048];
    int rc = parse_args(&o, argc, argv);
    if (rc)
        return rc < 0 ? 0 : rc;
    const char *const outs[] = {"-o", o.out, "--per-request", o.per_request, NULL};
    if (!cli_outputs_distinct("mem", outs))
        return 2;
    warn[0] = 0;
    o.warnings = warn;
    if ((rc = resolve(&o, &sc, warn, sizeof warn)))
        return rc;
    if (o.integrity)
        return mem_integrity_run(&o, &sc);
    if ((rc = mem_hybrid_profile(&o, &sc)))
        return rc;
    char err[512];
    gmc_memsys_t ms;
    if (gmc_memsys_init(&ms, &sc, err, sizeof err)) {
        fprintf(stderr, "gmc mem: %s\n", err);
        return 1;
    }
    gmc_memtrace_t t;   /* a regular file, '-' or a FIFO (a stream); the reader refuses the rest */
    if (gmc_memtrace_open(&t, o.trace, o.fmt, err, sizeof err)) {
        fprintf(stderr, "gmc mem: %s\n", err);
        gmc_memsys_free(&ms);
        return 1;
    }
    gmc_warplat_t wl;
    /* read but not completed: every queue entry, every completion in flight,
     * the staged record, the open load */
    if (gmc_warplat_init(&wl, (uint64_t)ms.nch * (sc.mc.rq + sc.mc.wq + 2 * (ms.cq_mask + 1)) + 2)) {
        fprintf(stderr, "gmc mem: out of memory\n");
        gmc_memtrace_close(&t);
        gmc_memsys_free(&ms);
        return 1;
    }
    o.warplat = &wl;
    run_ctx_t run = {&t, &wl, NULL, 0, 0, &ms, 0, {0}};
    mem_watch_init(&run.watch, &t, sc.map.width, ms.dev[0].cfg.tck_ps);
    /* every output, the report on stdout included, opened (as a temporary)
     * before the run and committed together after it: all or none */
    enum { OUT_PR, OUT_REP, NOUT };
    const char *paths[NOUT] = {o.per_request, o.out ? o.out : "-"};
    cli_outfile_t of[NOUT];
    if (cli_outs_open(of, NOUT, MEM_CMD, paths)) {
        gmc_warplat_free(&wl);
        gmc_memtrace_close(&t);
        gmc_memsys_free(&ms);
        return 1;
    }
    if (o.per_request) {
        mem_per_request_header(of[OUT_PR].f);
        run.per_request = of[OUT_PR].f;
        listen(&run);
    }
    rc = gmc_memsys_run(&ms, read_record, &run, err, sizeof err);
    mem_watch_end(&run.watch);
    o.addr_folded = run.watch.folded;
    gmc_memtrace_close(&t);
    gmc_warplat_end(&wl);
    if (!rc && wl.overflow) {   /* the ring sizing above is wrong: a bug, not bad input */
        snprintf(err, sizeof err, "internal error: warp-load ring overflow");
        rc = -1;
    }
    if (rc) {
        fprintf(stderr, "gmc mem: %s\n", err);
        cli_outs_abort(of, NOUT);
        gmc_warplat_free(&wl);
        gmc_memsys_free(&ms);
        return 1;
    }
    if (o.json)
        mem_report_json(of[OUT_REP].f, &o, &ms);
    else
        mem_report_text(of[OUT_REP].f, &o, &ms);
    gmc_warplat_free(&wl);
    gmc_memsys_free(&ms);
    if (cli_outs_commit(of, NOUT))
        return 1;
    /* divfirst and warped-mc rank requests by their warp: without warp ids
     * they are bfifo and frfcfs (docs/memory.md "Schedulers") */
    const char *fallback = !strcmp(sc.mc.sched->name, "divfirst") ? "bfifo"
                         : !strcmp(sc.mc.sched->name, "warped-mc") ? "frfcfs" : NULL;
    if (run.watch.folded)
        mem_note(&o, "gmc mem: %s: %llu of %llu requests had address bits above the map's %u bits: "
                 "folded (the address modulo 2^%u), as gmc sim folds a GPU's", o.trace,
                 (unsigned long long)run.watch.folded, (unsigned long long)run.records, sc.map.width,
                 sc.map.width);
    if (fallback && run.no_warp)
        mem_note(&o, "gmc mem: %s: %llu of %llu requests carry no warp ids; %s orders those as "
                 "%s does%s", o.trace, (unsigned long long)run.no_warp,
                 (unsigned long long)run.records, sc.mc.sched->name, fallback,
                 run.no_warp == run.records ? " (the whole run)" : "");
    /* an output error is the one line; otherwise the device's warnings and
     * the notes, on stderr after the report (docs/memory.md "Config files") */
    if ((rc = cli_stdout_check(MEM_CMD)))
        return rc;
    fputs(o.warnings, stderr);
    fputs(o.notes, stderr);
    return 0;
}
