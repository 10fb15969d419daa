/* gmc sim's report: one JSON object (--json) or a short text summary, to
 * stdout or -o FILE (all or nothing). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "cli_outfile.h"
#include "cli_rowloc.h"
#include "sim_cli.h"

#define SIM_CMD "sim"

void sim_progress_kernel(const sim_opts_t *o, unsigned done, unsigned total)
{
    (void)o;
    if (cli_progress_on()) {   /* ends the kernel's bar line */
        char t[64];
        snprintf(t, sizeof t, "kernel %u/%u done", done, total);
        cli_progress_end(SIM_CMD, t);
    }
}

/* A bar of the running kernel's CTAs (cmd_sim installs it only when
 * stderr is a terminal). */
void sim_progress_bar(void *ctx, const char *kernel, uint32_t done, uint32_t total, uint64_t cycle)
{
    (void)ctx;
    char tail[80];
    snprintf(tail, sizeof tail, "%u/%u CTAs, cycle %llu", done, total, (unsigned long long)cycle);
    cli_progress_bar(SIM_CMD, kernel, done, total, tail);
}

/* JSON-escapes s into buf (paths may hold quotes or backslashes). */
static const char *esc(const char *s, char *buf, size_t n)
{
    size_t j = 0;
    for (; *s && j + 7 < n; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            buf[j++] = '\\', buf[j++] = (char)c;
        else if (c < 0x20)
            j += (size_t)snprintf(buf + j, n - j, "\\u%04x", c);
        else
            buf[j++] = (char)c;
    }
    buf[j] = 0;
    return buf;
}

void sim_note_traces(sim_opts_t *o, const gmc_accelsim_t *t)
{
    const gmc_accelsim_stats_t *s = gmc_accelsim_stats(t);
    o->trace_lines = s->instruction_lines;
    o->unknown_ops = s->unknown_ops;
    o->trace_version = s->trace_version;
    o->nregs_clamped = s->kernels_nregs_clamped;   /* each named on stderr as it loads */
}

/* TEMP's lines (docs/thread-batching.md), when a mechanism is on. */
static void temp_text(FILE *f, const gmc_gpu_t *g)
{
    gmc_gpu_temp_t t;
    gmc_gpu_temp(g, &t);
    if (t.batching)
        fprintf(f, "  thread batches (last kernel): stride %u%s, %llu pages of 4 KB: %llu in one batch, %llu in two "
                   "consecutive, %llu in more\n", t.stride, t.profiled ? " (profiled)" : " (given)",
                (unsigned long long)t.pages, (unsigned long long)t.one, (unsigned long long)t.two,
                (unsigned long long)t.more);
    if (t.coloring == 1)
        fprintf(f, "  page coloring: %u colors, %llu pages allocated at first touch, %llu past the SM's colors; ",
                t.colors, (unsigned long long)t.color_pages, (unsigned long long)t.fallbacks);
    else if (t.coloring)
        fprintf(f, "  page coloring (counted only, pages as given): %u colors; ", t.colors);
    if (t.coloring)
        fprintf(f, "local access ratio %.4f (%llu of %llu sectors in the sending SM's banks)\n",
                t.local + t.remote ? (double)t.local / (double)(t.local + t.remote) : 0.0,
                (unsigned long long)t.local, (unsigned long long)(t.local + t.remote));
}

static int write_text(FILE *f, gmc_gpu_t *g, const sim_opts_t *o)
{
    gmc_gpu_stats_t s;
    gmc_gpu_stats(g, &s);
    fprintf(f, "gmc sim: %s on %s (%s), seed %llu\n", o->traces ? o->traces : o->workload,
            o->machine_src, o->sched ? o->sched : "machine's scheduler", (unsigned long long)o->seed);
    fprintf(f, "  cycles %llu, warp instructions %llu, IPC %.3f (thread IPC %.2f)\n",
            (unsigned long long)s.cycles, (unsigned long long)s.instructions,
            s.cycles ? (double)s.instructions / (double)s.cycles : 0,
            s.cycles ? (double)s.thread_instructions / (double)s.cycles : 0);
    fprintf(f, "  load warps %llu, off-chip requests per load warp %.2f\n",
            (unsigned long long)s.load_warps,
            s.load_warps ? (double)s.offchip_requests / (double)s.load_warps : 0);
    fprintf(f, "  load-warp time (core cycles): mean %.1f p50 %llu p95 %llu p99 %llu max %llu\n",
            s.load_warp_time.mean, (unsigned long long)s.load_warp_time.p50,
            (unsigned long long)s.load_warp_time.p95, (unsigned long long)s.load_warp_time.p99,
            (unsigned long long)s.load_warp_time.max);
    fprintf(f, "  divergence (loads with >= 2 off-chip requests, %llu): mean %.1f p99 %llu, "
            "%.0f%% inside the memory controller\n", (unsigned long long)s.divergence.n,
            s.divergence.mean, (unsigned long long)s.divergence.p99, 100 * s.in_mc_fraction);
    fprintf(f, "  L1 hit rate %.3f, L2 hit rate %.3f\n",
            s.l1_read_sectors ? (double)s.l1_hit_sectors / (double)s.l1_read_sectors : 0,
            s.l2_read_sectors ? (double)s.l2_hit_sectors / (double)s.l2_read_sectors : 0);
    fprintf(f, "  row locality (requests per run to one bank and row): %.2f entering the request network, "
               "%.2f leaving it, %.2f entering the DRAM queues\n", s.rl_pre, s.rl_post, s.rl_at_mc);
    gmc_mem_stats_t m = {.row_streaks = s.row_streaks, .stranded = s.stranded, .brk_other_sm = s.brk_other_sm,
                         .brk_other_cta = s.brk_other_cta, .brk_same_cta = s.brk_same_cta,
                         .brk_no_sm = s.brk_no_sm};
    fprintf(f, "  row streaks: ");
    cli_streak_text(f, &m);
    fprintf(f, "  DRAM efficiency %.3f (data bus busy while requests are pending), memory latency %.1f core "
               "cycles (L1 miss to reply, %llu off-chip reads)\n", s.dram_eff, s.mem_lat_mean,
            (unsigned long long)s.mem_lat_n);
    temp_text(f, g);
    fprintf(f, "  (--json for everything: row-buffer hit rate, parallelism, bandwidth, NoC latency)\n");
    return ferror(f) ? -1 : 0;
}

/* The run's fields, as JSON members (gmc_gpu_write_json's extra_fields):
 * what ran, on what, with which seed, BIM and options.  The JSON and the
 * CSV both have them. */
static void run_fields(const sim_opts_t *o, char *extra, size_t size)
{
    char e1[600], e2[600], e3[200];
    /* the BIM is part of the run: name it (the label of --scheme/--matrix) */
    int n = snprintf(extra, size, "  \"gmc\": \"sim\",\n  \"%s\": \"%s\",\n  \"machine_source\": \"%s\",\n"
                     "  \"seed\": %llu,\n  \"bim\": \"%s\",\n  \"refresh\": %s,\n",
                     o->traces ? "traces" : "workload",
                     esc(o->traces ? o->traces : o->workload, e1, sizeof e1),
                     esc(o->machine_src, e2, sizeof e2), (unsigned long long)o->seed,
                     o->bim_given || o->bim_ipoly ? esc(o->sel.label, e3, sizeof e3) : "none",
                     o->no_refresh ? "false" : "true");
    if (n < 0 || (size_t)n >= size)
        return;
    uint8_t rd = 0;   /* parsed before the run: the reading is valid */
    char rdn[32];
    if (o->streak_reading && !gmc_streak_reading_parse(o->streak_reading, &rd, rdn, sizeof rdn) && rd)
        n += snprintf(extra + n, size - (size_t)n, "  \"streak_reading\": \"%s\",\n",
                      gmc_streak_reading_name(rd, rdn, sizeof rdn));
    if ((size_t)n >= size)
        return;
    if (o->traces)
        snprintf(extra + n, size - (size_t)n,
                 "  \"trace_instruction_lines\": %llu,\n  \"unknown_ops\": %llu,\n  \"trace_version\": %u,\n"
                 "  \"nregs_clamped\": %u,\n",
                 (unsigned long long)o->trace_lines, (unsigned long long)o->unknown_ops, o->trace_version,
                 o->nregs_clamped);
    else
        snprintf(extra + n, size - (size_t)n, "  \"scale\": %g,\n  \"alu_per_mem\": %d,\n",
                 o->scale, o->alu_per_mem);
}

/* --integrity: the data check's group, a JSON member (after the run's
 * fields) or a text line */
static int integrity_fields(gmc_gpu_t *g, const sim_opts_t *o, char *buf, size_t size, int json)
{
    gmc_gpu_check_t r;
    if (gmc_gpu_check_result(g, &r))
        return snprintf(buf, size, "%s", "");
    const char *sa = o->same_addr ? o->same_addr : "none";
    if (json)
        return snprintf(buf, size, "  \"integrity\": {\"requests\": %llu, \"writes\": %llu, "
                        "\"reads_checked\": %llu, \"l2_hits\": %llu, \"fills\": %llu, "
                        "\"merged_fills\": %llu, \"violations\": %llu, \"same_addr\": \"%s\", "
                        "\"merge\": %s},\n", (unsigned long long)r.requests,
                        (unsigned long long)r.writes, (unsigned long long)r.reads_checked,
                        (unsigned long long)r.l2_hits, (unsigned long long)r.fills,
                        (unsigned long long)r.merged_fills, (unsigned long long)r.violations, sa,
                        o->integrity_no_merge ? "false" : "true");
    return snprintf(buf, size, "data check at L2: %llu requests (%llu writes), reads checked %llu "
                    "(%llu L2 hits, the rest on %llu fills, %llu of which took a write that went "
                    "around their fetch), violations %llu; same-address rule %s\n",
                    (unsigned long long)r.requests, (unsigned long long)r.writes,
                    (unsigned long long)r.reads_checked, (unsigned long long)r.l2_hits,
                    (unsigned long long)r.fills, (unsigned long long)r.merged_fills,
                    (unsigned long long)r.violations, sa);
}

int sim_integrity_verdict(gmc_gpu_t *g)
{
    gmc_gpu_check_t r;
    if (gmc_gpu_check_result(g, &r))
        return 0;
    if (r.failed) {
        fprintf(stderr, "gmc sim: data check: out of memory: its counts are not to be trusted\n");
        return 1;
    }
    if (!r.violations)
        return 0;
    fprintf(stderr, "gmc sim: data check: %llu violations; the first: a read of 0x%llx at L2 cycle "
            "%llu (from %s) expected version %llu, found %llu\n", (unsigned long long)r.violations,
            (unsigned long long)r.first_addr, (unsigned long long)r.first_cycle, r.first_path,
            (unsigned long long)r.first_expected, (unsigned long long)r.first_got);
    return 1;
}

int sim_report(sim_opts_t *o, gmc_gpu_t *g)
{
    /* every output, the report on stdout included, opened (as a
     * temporary) before any is written, and committed only when all were
     * written: all of them or none (cli_outfile.h) */
    enum { OUT_REPORT, OUT_CSV, NOUT };
    const char *paths[NOUT] = {o->out ? o->out : "-", o->csv};
    cli_outfile_t of[NOUT];
    if (cli_outs_open(of, NOUT, SIM_CMD, paths))
        return 1;
    FILE *f = of[OUT_REPORT].f;
    char extra[2048];
    run_fields(o, extra, sizeof extra);
    if (o->csv && gmc_gpu_write_csv(g, of[OUT_CSV].f, extra)) {
        cli_outs_abort(of, NOUT);
        fprintf(stderr, "gmc sim: %s: the CSV report failed\n", o->csv);
        return 1;
    }
    char ig[600];
    integrity_fields(g, o, ig, sizeof ig, o->json);
    char extra_json[2048 + 600];
    snprintf(extra_json, sizeof extra_json, "%s%s", extra, ig);
    int rc = o->json ? gmc_gpu_write_json(g, f, extra_json) : write_text(f, g, o);
    if (!rc && !o->json && ig[0] && fputs(ig, f) < 0)
        rc = -1;
    if (rc) {
        cli_outs_abort(of, NOUT);
        fprintf(stderr, "gmc sim: %s: cannot write\n", o->out ? o->out : "standard output");
        return 1;
    }
    return cli_outs_commit(of, NOUT) ? 1 : 0;
}
