/* gmc sim: the GPU system harness from the command line -- a machine
 * (preset, file, or GPGPU-Sim config), a workload (synthetic or an
 * Accel-Sim trace directory), and a report (text or JSON).
 * docs/harness.md is the guide; `gmc sim --help` the summary. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "bim_opts.h"
#include "cli.h"
#include "cli_outfile.h"
#include "gpu/gmc_accelsim.h"
#include "gpu/gmc_gpu.h"
#include "gpu/gmc_workload.h"
#include "mc/gmc_mem.h"
#include "mc/gmc_sched.h"
#include "sim_cli.h"

#define SIM_CMD "sim"

static void usage(FILE *f)
{
    fprintf(f,
        "usage: gmc sim [--machine NAME|FILE|DIR] (--workload NAME | --traces DIR) [options]\n"
        "Runs a workload on a GPU: SMs and warps in a closed loop, L1s, crossbars,\n"
        "L2 slices and gmc's memory controllers and DRAM (docs/harness.md).\n"
        "  --machine NAME|FILE|DIR  a preset (default " GMC_MACHINE_DEFAULT "; `list` names them), a file of\n"
        "                       `key = value` lines over the default preset, a GPGPU-Sim\n"
        "                       gpgpusim.config (options used and ignored are counted), or a\n"
        "                       directory holding one and Accel-Sim's trace.config\n"
        "  --set KEY=VALUE      override one machine key (repeatable; gmc sim --machine-keys)\n"
        "  --machine-keys       list the machine keys, one per line (units, ranges: docs/harness.md)\n"
        "  --workload NAME      a synthetic workload (`list` names them; classes: docs/harness.md)\n"
        "  --workload-info      name, expected class (LOA/MOA/HOA or -) and what, one workload per line\n"
        "  --scale X            workload size multiplier in (0, 64] (default 1)\n"
        "  --alu-per-mem N      ALU instructions between memory instructions (default: the workload's)\n"
        "  --traces DIR         an Accel-Sim SASS trace directory (kernelslist.g + kernel-N.traceg)\n"
        "  --export-traces DIR  write the workload as such a directory (tracer version 5) and\n"
        "                       run nothing: Accel-Sim runs it, --traces DIR gives the same report\n"
        "  --seed N             every random choice: workload data, BIM matrix (default 1)\n"
        "  --sched S            memory scheduler, as gmc mem --sched (default: the machine's)\n"
        "  --wmc-score schedule|receive, --wmc-m started|pending2  Warped-MC's readings\n"
        "  --streak-reading L   the row streak breakers' readings, as gmc mem --streak-reading\n"
        "  --warp-sched NAME   warp scheduler: lrr, gto, ccws, tbas (default: the machine's)\n"
        "  --scheme S, --map SPEC, --map-file F, --matrix F, --rmp-bits L  address map and BIM\n"
        "                       as in gmc bim (default: the machine's map, no BIM)\n"
        "  --no-refresh         DRAM refresh off\n"
        "  --max-cycles N       stop with an error if a kernel runs longer (core cycles)\n"
        "  --integrity          the data check (docs/pcm.md \"Data, checked end to end\"):\n"
        "                       versions carried through L2 and memory, every read at the\n"
        "                       L2 checked against the newest write; exit 1 on a violation\n"
        "                       (the workload hotrw makes loads and stores collide)\n"
        "  --integrity-no-merge the same, with fills that do not take a write that went\n"
        "                       around their fetch (shows what that rule is for)\n"
        "  --same-addr R        the controllers' same-address rule: none (default) or stall\n"
        "                       (as gmc mem --same-addr)\n"
        "  --step-every-cycle   the slow reference: every SM, slice, network and controller\n"
        "                       stepped at every edge of its clock, no idle stretch skipped\n"
        "                       (the same report, slower: how skipping is checked)\n"
        "  --step-every LIST    the same for some components only: sm, l2, icnt, dispatch,\n"
        "                       jump, mem, comma-separated, or all\n"
        "  --check              build the machine and check the workload or trace directory,\n"
        "                       run nothing: exit 0 silently, or the error a run would give\n"
        "  --verbose            with a gpgpusim.config: list the options used and ignored\n"
        "                       and the keys taken from the base machine\n"
        "  --json               the report as one JSON object\n"
        "  -o FILE              the report to FILE (written only if the run succeeds)\n"
        "  --csv FILE           also every field of the JSON report as name,value lines\n");
}

static int list_machines(void)
{
    for (unsigned i = 0; gmc_machine_preset_name(i); i++)
        printf("%s\n", gmc_machine_preset_name(i));
    return 0;
}

static int list_workloads(void)
{
    for (unsigned i = 0; i < gmc_workload_count(); i++)
        printf("%s\n", gmc_workload_info(i)->name);
    for (unsigned i = 0; i < gmc_workload_val_count(); i++)
        printf("%s\n", gmc_workload_val_info(i)->name);
    return 0;
}

static int workload_info(void)
{
    for (unsigned i = 0; i < gmc_workload_count() + gmc_workload_val_count(); i++) {
        const gmc_workload_info_t *w = i < gmc_workload_count() ? gmc_workload_info(i)
                                                                : gmc_workload_val_info(i - gmc_workload_count());
        printf("%s\t%s\t%s\n", w->name, w->klass, w->what);
    }
    return 0;
}

static int list_keys(void)
{
    for (unsigned i = 0; gmc_machine_param_name(i); i++)
        printf("%s\n", gmc_machine_param_name(i));
    for (unsigned i = 0; gmc_machine_name_key(i); i++)
        printf("%s\n", gmc_machine_name_key(i));
    return 0;
}

/* 0, a usage error's exit code (printed), or -1 after --help. */
static int parse_args(sim_opts_t *o, int argc, char **argv)
{
    memset(o, 0, sizeof *o);
    bim_sel_defaults(&o->sel);
    o->machine = GMC_MACHINE_DEFAULT;
    o->scale = 1.0;
    o->alu_per_mem = -1;
    o->seed = 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int rc = 0;
        if (!strcmp(a, "--preset") || !strcmp(a, "--seed")) {
            if (!strcmp(a, "--preset"))
                return cli_usage_error(SIM_CMD, "--preset: expected --machine (the DRAM and map come "
                                       "from it; --set dram=NAME, --map SPEC override them)");
            rc = cli_opt_u64(SIM_CMD, a, argc, argv, &i, &o->seed);
            if (rc)
                return rc;
            continue;
        }
        rc = bim_sel_option(&o->sel, SIM_CMD, argc, argv, &i);
        if (rc < 0)
            return 2;
        if (rc > 0) {
            o->bim_given = 1;
            continue;
        }
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            cli_stdout_note();
            return -1;   /* done: main checks that stdout took it */
        } else if (!strcmp(a, "--json")) {
            o->json = 1;
        } else if (!strcmp(a, "--verbose")) {
            o->verbose = 1;
        } else if (!strcmp(a, "--check")) {
            o->check = 1;
        } else if (!strcmp(a, "--integrity")) {
            o->integrity = 1;
        } else if (!strcmp(a, "--integrity-no-merge")) {
            o->integrity_no_merge = o->integrity = 1;
        } else if (!strcmp(a, "--same-addr")) {
            rc = cli_opt_str(SIM_CMD, a, argc, argv, &i, &o->same_addr);
        } else if (!strcmp(a, "--step-every-cycle")) {
            o->every_cycle = 1;
        } else if (!strcmp(a, "--step-every")) {
            const char *list = NULL;
            char err[256];
            if (!(rc = cli_opt_str(SIM_CMD, a, argc, argv, &i, &list)) &&
                gmc_gpu_step_parse(list, &o->step_every, err, sizeof err))
                return cli_usage_error(SIM_CMD, "--step-every: %s", err);
        } else if (!strcmp(a, "--no-refresh")) {
            o->no_refresh = 1;
        } else if (!strcmp(a, "--machine-keys")) {
            o->list_keys = 1;
        } else if (!strcmp(a, "--workload-info")) {
            o->list_info = 1;
        } else if (!strcmp(a, "--machine")) {
            rc = cli_opt_str(SIM_CMD, a, argc, argv, &i, &o->machine);
        } else if (!strcmp(a, "--set")) {
            const char *v;
            if (!(rc = cli_opt_str(SIM_CMD, a, argc, argv, &i, &v))) {
                if (o->nset == SIM_MAX_SET)
                    return cli_usage_error(SIM_CMD, "--set: expected at most %d, found more", SIM_MAX_SET);
                o->set[o->nset++] = v;
            }
        } else if (!strcmp(a, "--workload")) {
            rc = cli_opt_str(SIM_CMD, a, argc, argv, &i, &o->workload);
        } else if (!strcmp(a, "--export-traces")) {
            rc = cli_opt_str(SIM_CMD, a, argc, argv, &i, &o->export_dir);
        } else if (!strcmp(a, "--traces")) {
            rc = cli_opt_str(SIM_CMD, a, argc, argv, &i, &o->traces);
        } else if (!strcmp(a, "--sched")) {
            rc = cli_opt_str(SIM_CMD, a, argc, argv, &i, &o->sched);
        } else if (!strcmp(a, "--warp-sched")) {
            rc = cli_opt_str(SIM_CMD, a, argc, argv, &i, &o->warp_sched);
        } else if (!strcmp(a, "--wmc-score") || !strcmp(a, "--wmc-m")) {
            rc = cli_opt_wmc(SIM_CMD, a, argc, argv, &i, &o->wmc_score_at, &o->wmc_m_rule);
        } else if (!strcmp(a, "--streak-reading")) {
            rc = cli_opt_str(SIM_CMD, a, argc, argv, &i, &o->streak_reading);
        } else if (!strcmp(a, "--scale")) {
            const char *v;
            char *e;
            if (!(rc = cli_opt_str(SIM_CMD, a, argc, argv, &i, &v))) {
                o->scale = strtod(v, &e);
                if (*e || e == v || !(o->scale > 0) || o->scale > 64)
                    return cli_usage_error(SIM_CMD, "--scale: expected a number in (0, 64], found '%s'", v);
            }
        } else if (!strcmp(a, "--alu-per-mem")) {
            uint64_t v;
            if (!(rc = cli_opt_u64(SIM_CMD, a, argc, argv, &i, &v))) {
                if (v > 1000)
                    return cli_usage_error(SIM_CMD, "--alu-per-mem: expected 0..1000, found %llu",
                                           (unsigned long long)v);
                o->alu_per_mem = (int)v;
            }
        } else if (!strcmp(a, "--max-cycles")) {
            rc = cli_opt_u64(SIM_CMD, a, argc, argv, &i, &o->max_cycles);
        } else if (!strcmp(a, "-o")) {
            rc = cli_opt_str(SIM_CMD, a, argc, argv, &i, &o->out);
        } else if (!strcmp(a, "--csv")) {
            rc = cli_opt_str(SIM_CMD, a, argc, argv, &i, &o->csv);
        } else {
            return cli_usage_error(SIM_CMD, "unknown option '%s' (gmc sim --help lists them)", a);
        }
        if (rc)
            return rc;
    }
    o->sel.seed = o->seed;
    return 0;
}

/* The workload: synthetic kernels or an Accel-Sim directory, run kernel
 * by kernel.  Returns 0, or 1 after printing the error. */
/* The trace directory's kernel list, or NULL after one error line. */
static gmc_accelsim_t *open_traces(const char *dir)
{
    char err[1024];
    struct stat st;
    if (stat(dir, &st) || !S_ISDIR(st.st_mode)) {
        fprintf(stderr, "gmc sim: %s: expected an Accel-Sim trace directory, found %s\n", dir,
                stat(dir, &st) ? "nothing there" : "a file");
        return NULL;
    }
    gmc_accelsim_t *t = gmc_accelsim_open(dir, err, sizeof err);
    if (!t)
        fprintf(stderr, "gmc sim: %s\n", err);
    return t;
}

/* More threads than this in one kernel make an implausible run: a trace
 * lists every thread block, so 2^31 threads are 2^26 warps of text; a
 * corrupted -grid dim digit gives such a grid, whose CTAs the trace does
 * not list run (slowly) without instructions. */
#define SIM_PLAUSIBLE_THREADS (1ull << 31)

/* What a trace kernel's header says that gmc runs otherwise, or that
 * implies an implausible run, before it runs: one warning line each. */
static void warn_kernel(const gmc_accelsim_t *t, unsigned i, const gmc_kernel_t *k)
{
    const uint64_t ctas = gmc_kernel_ctas(k), threads = ctas * gmc_kernel_threads_per_cta(k);
    if (threads > SIM_PLAUSIBLE_THREADS)
        fprintf(stderr, "gmc sim: warning: %s: kernel %s: grid (%u,%u,%u) of blocks (%u,%u,%u) is %llu "
                "threads in %llu CTAs, more than 2^31: an implausible launch (a corrupted -grid dim?); "
                "every CTA is simulated, those the trace does not list without instructions\n",
                gmc_accelsim_kernel_path(t, i), k->name, k->grid[0], k->grid[1], k->grid[2], k->block[0],
                k->block[1], k->block[2], (unsigned long long)threads, (unsigned long long)ctas);
    const uint32_t traced = gmc_accelsim_nregs_traced(t, i);
    if (traced > k->regs_per_thread)
        fprintf(stderr, "gmc sim: warning: %s: kernel %s: -nregs = %u is more than the %u registers a "
                "SASS thread has (an NVBit tracer artifact): it runs with %u registers per thread\n",
                gmc_accelsim_kernel_path(t, i), k->name, traced, GMC_ACCELSIM_MAX_NREGS,
                k->regs_per_thread);
}

static int run_workload(sim_opts_t *o, gmc_gpu_t *g)
{
    char err[1024];
    if (o->traces) {
        gmc_accelsim_t *t = open_traces(o->traces);
        if (!t)
            return 1;
        int rc = 0;
        for (unsigned i = 0; i < gmc_accelsim_nkernels(t) && !rc; i++) {
            gmc_kernel_t k;
            if (gmc_accelsim_load(t, i, &k, err, sizeof err)) {
                fprintf(stderr, "gmc sim: %s\n", err);   /* names its file and line */
                rc = 1;
            } else {
                warn_kernel(t, i, &k);
                if (gmc_gpu_run(g, &k, err, sizeof err)) {
                    /* the kernel's name may be cut (gmc_kernel_t's 48 bytes): name its file too */
                    fprintf(stderr, "gmc sim: %s: %s\n", gmc_accelsim_kernel_path(t, i), err);
                    rc = 1;
                }
            }
            gmc_accelsim_unload(t, i);
            sim_progress_kernel(o, i + 1, gmc_accelsim_nkernels(t));
        }
        const gmc_accelsim_stats_t *s = gmc_accelsim_stats(t);
        if (s->ctas_unlisted)
            fprintf(stderr, "gmc sim: note: %llu thread block(s) of the grids of %u kernel(s) are not in the "
                    "trace (no #BEGIN_TB): they run as CTAs without instructions\n",
                    (unsigned long long)s->ctas_unlisted, s->kernels_unlisted);
        sim_note_traces(o, t);
        if (s->unknown_ops && !rc) {
            fprintf(stderr, "gmc sim: note: %llu instructions had an opcode without a latency entry "
                    "(ALU with the machine's alu_lat):", (unsigned long long)s->unknown_ops);
            for (unsigned i = 0; i < s->n_unknown_names; i++)
                fprintf(stderr, " %s x%llu", s->unknown[i].name, (unsigned long long)s->unknown[i].count);
            fprintf(stderr, "\n");
        }
        gmc_accelsim_close(t);
        return rc;
    }
    gmc_workload_params_t p = {o->seed, o->scale, o->alu_per_mem};
    gmc_workload_t *w = gmc_workload_new(o->workload, &p, err, sizeof err);
    if (!w) {
        cli_usage_error(SIM_CMD, "%s", err);
        return 2;
    }
    int rc = 0;
    for (unsigned i = 0; i < gmc_workload_nkernels(w) && !rc; i++) {
        if (gmc_gpu_run(g, gmc_workload_kernel(w, i), err, sizeof err)) {
            fprintf(stderr, "gmc sim: %s\n", err);
            rc = 1;
        }
        sim_progress_kernel(o, i + 1, gmc_workload_nkernels(w));
    }
    gmc_workload_delete(w);
    return rc;
}

/* --check: what a run would refuse before its first cycle, without
 * running -- the workload made as the run makes it (name, options, data)
 * and each of its kernels against the machine (a CTA no SM holds), or the
 * trace directory's kernel list (the kernels are not parsed).  0 or the
 * exit code after one error line. */
static int check_workload(const sim_opts_t *o, const gmc_gpu_t *g)
{
    if (o->traces) {
        gmc_accelsim_t *t = open_traces(o->traces);
        const int rc = t ? 0 : 1;
        gmc_accelsim_close(t);   /* NULL is fine */
        return rc;
    }
    char err[1024];
    gmc_workload_params_t p = {o->seed, o->scale, o->alu_per_mem};
    gmc_workload_t *w = gmc_workload_new(o->workload, &p, err, sizeof err);
    if (!w)
        return cli_usage_error(SIM_CMD, "%s", err);
    int rc = 0;
    for (unsigned i = 0; i < gmc_workload_nkernels(w) && !rc; i++)
        if (gmc_gpu_check_kernel(g, gmc_workload_kernel(w, i), err, sizeof err)) {
            fprintf(stderr, "gmc sim: %s\n", err);   /* as the run says it */
            rc = 1;
        }
    gmc_workload_delete(w);
    return rc;
}

/* A hybrid memory's write-aware placement takes its pages from a first
 * run of the same workload (an oracle: the run's own future writes,
 * docs/pcm.md "Hybrid memory"): that run places pages by bandwidth and
 * counts each page's DRAM reads and writes.  0 or the exit code. */
static int write_aware_profile(sim_opts_t *o, gmc_gpu_cfg_t *cfg)
{
    static uint64_t *pages;
    const gmc_machine_t *m = &cfg->machine;
    if (!m->hybrid_dram[0] || !strcmp(m->hybrid_dram, "none") || strcmp(m->hybrid_placement, "write-aware"))
        return 0;
    gmc_gpu_cfg_t c = *cfg;
    c.hybrid_profile = 1;
    char err[1024];
    gmc_gpu_t *g = gmc_gpu_new(&c, err, sizeof err);
    if (!g)
        return sim_machine_error(o, &c.machine, err, sizeof err, 1);
    int rc = run_workload(o, g);
    size_t seen;
    free(pages);
    pages = NULL;
    if (!rc) {
        cfg->hybrid_npages = gmc_gpu_hybrid_pages(g, &pages, &seen);
        cfg->hybrid_pages = pages;
    }
    gmc_gpu_delete(g);
    return rc;
}

int cmd_sim(int argc, char **argv)
{
    static sim_opts_t o;
    int rc = parse_args(&o, argc, argv);
    if (rc)
        return rc < 0 ? 0 : rc;
    if (o.list_keys)
        return list_keys();
    if (o.list_info)
        return workload_info();
    if (!strcmp(o.machine, "list"))
        return list_machines();
    if (o.workload && !strcmp(o.workload, "list"))
        return list_workloads();
    if (!!o.workload == !!o.traces)
        return cli_usage_error(SIM_CMD, "expected one of --workload NAME or --traces DIR, found %s",
                               o.workload ? "both" : "neither");
    if (o.export_dir)
        return sim_export(&o);
    const char *const outs[] = {"-o", o.out, "--csv", o.csv, NULL};
    if (!cli_outputs_distinct(SIM_CMD, outs))   /* before the run: one would replace the other */
        return 2;
    static gmc_gpu_cfg_t cfg;
    if ((rc = sim_resolve(&o, &cfg)))
        return rc;
    if (cli_progress_on())   /* long runs show a bar; logs and sweeps get none */
        cfg.progress = sim_progress_bar;
    cfg.every_cycle = cfg.every_edge = o.every_cycle;
    cfg.step_every = o.step_every;
    if (!o.check && (rc = write_aware_profile(&o, &cfg)))
        return rc;
    char err[1024];
    gmc_gpu_t *g = gmc_gpu_new(&cfg, err, sizeof err);
    if (!g)   /* a machine's error names the key, said where it was given */
        return sim_machine_error(&o, &cfg.machine, err, sizeof err, 1);
    if (o.check) {
        rc = check_workload(&o, g);
        gmc_gpu_delete(g);
        return rc;
    }
    if ((rc = run_workload(&o, g))) {
        gmc_gpu_delete(g);
        return rc;
    }
    if (gmc_gpu_kernels_over_limits(g))
        fprintf(stderr, "gmc sim: note: %llu kernel(s) needed more registers or shared memory per CTA "
                "than an SM has and ran one CTA per SM (ignore_limits)\n",
                (unsigned long long)gmc_gpu_kernels_over_limits(g));
    if (gmc_gpu_addr_folded(g)) {   /* a trace's virtual addresses: always */
        gmc_mem_geometry_t geo;
        gmc_memsys_geometry(gmc_gpu_memsys(g), &geo);
        fprintf(stderr, "gmc sim: note: %llu requests to the memory system had address bits above its "
                "map's %u bits: folded (the address modulo 2^%u), as gmc mem folds a trace's\n",
                (unsigned long long)gmc_gpu_addr_folded(g), geo.addr_bits, geo.addr_bits);
    }
    rc = sim_report(&o, g);
    if (!rc && o.integrity)
        rc = sim_integrity_verdict(g);
    gmc_gpu_delete(g);
    return rc;
}
