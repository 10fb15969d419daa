/* gmc experiment schedulers: every memory scheduler on every synthetic
 * workload, on the default machine: a table and a plot of IPC normalised
 * to FR-FCFS.  Then the in-order schedulers against FR-FCFS on Yuan et
 * al.'s machine (yuan-gddr3: 28 cores, 8 GDDR3 controllers), beside the
 * paper's "speedup over a FIFO scheduler when using FR-FCFS is 88.3%"
 * (sec. 2, Fig. 2), and on rtx2060s beside Warped-MC's FCFS number. */
#include <math.h>
#include <string.h>
#include "exp.h"
#include "exp_plot.h"
#include "gpu/gmc_workload.h"
#include "mc/gmc_sched.h"

/* the in-order schedulers of Yuan et al. [MICRO'09] (FIFO read as
 * GPGPU-Sim's and literally, banked FIFO) and FR-FCFS, on their machine */
static const char *const yuan_sc[] = {"frfcfs", "fcfs", "fcfs-strict", "bfifo"};
#define NYS (unsigned)(sizeof yuan_sc / sizeof yuan_sc[0])

/* The "same direction" noise band: the seeds change the random workloads
 * (graphs, hoa's addresses); across seeds 1 and 2 at scale 0.25 each
 * claim below moved by at most 0.9 points (a single workload's IPC ratio
 * by up to 4.2%, bfs under fcfs-strict on yuan-gddr3, but every claim is
 * a mean over six or more). */
#define NOISE_PCT 1.0
#define NOISE_WHY "across seeds 1 and 2 at scale 0.25 each claim here, a mean over six or more workloads, moves " \
                  "by at most 0.9 points"

static void points(exp_ctx_t *x)
{
    for (unsigned w = 0; w < gmc_workload_count(); w++)
        for (unsigned s = 0; gmc_sched_get(s); s++) {
            char id[96];
            snprintf(id, sizeof id, "%s.%s", gmc_workload_info(w)->name, gmc_sched_get(s)->name);
            exp_point(x, id, "--machine rtx2060s --workload %s --sched %s", gmc_workload_info(w)->name,
                      gmc_sched_get(s)->name);
        }
    for (unsigned w = 0; w < gmc_workload_count(); w++)
        for (unsigned s = 0; s < NYS; s++) {
            char id[96];
            snprintf(id, sizeof id, "yuan.%s.%s", gmc_workload_info(w)->name, yuan_sc[s]);
            exp_point(x, id, "--machine yuan-gddr3 --workload %s --sched %s", gmc_workload_info(w)->name,
                      yuan_sc[s]);
        }
}

static double get(const exp_ctx_t *x, unsigned w, const char *sched, const char *path)
{
    char id[96];
    snprintf(id, sizeof id, "%s.%s", gmc_workload_info(w)->name, sched);
    return exp_get(x, id, path);
}

/* A number of the point (workload w, scheduler sched) on one machine. */
typedef double (*getter_t)(const exp_ctx_t *, unsigned, const char *, const char *);

static double yget(const exp_ctx_t *x, unsigned w, const char *sched, const char *path)
{
    char id[96];
    snprintf(id, sizeof id, "yuan.%s.%s", gmc_workload_info(w)->name, sched);
    return exp_get(x, id, path);
}

/* Memory-limited: MOA or HOA as measured under FR-FCFS (at least one
 * off-chip request per load warp), on the machine whose numbers f reads. */
static int mem_limited(const exp_ctx_t *x, unsigned w, getter_t f)
{
    return f(x, w, "frfcfs", "offchip_per_load_warp") >= 1;
}

/* Yuan et al.'s own selection, sec. 4, on yuan-gddr3 under FR-FCFS: "the
 * total processor throughput of the application must be less than 75% of
 * the peak IPC ... the DRAM utilization ... must be over 20% ... the DRAM
 * efficiency ... must be less than 90%" (peak: one warp instruction per
 * warp scheduler per cycle; utilization: bus_efficiency; efficiency:
 * busy over pending time). */
static int yuan_criteria(const exp_ctx_t *x, unsigned w, getter_t f)
{
    double peak = f(x, w, "frfcfs", "machine_config.sms") * f(x, w, "frfcfs", "machine_config.schedulers_per_sm");
    return f(x, w, "frfcfs", "ipc") < 0.75 * peak && f(x, w, "frfcfs", "dram.bus_efficiency") > 0.20 &&
           f(x, w, "frfcfs", "dram.efficiency") < 0.90;
}

typedef int (*select_t)(const exp_ctx_t *, unsigned, getter_t);

/* Harmonic mean of the IPC under sched over the selected workloads (Yuan
 * et al.'s Fig. 2 "HM"); *n gets their count. */
static double hm_ipc(const exp_ctx_t *x, const char *sched, int *n, getter_t f, select_t sel)
{
    double inv = 0;
    *n = 0;
    for (unsigned w = 0; w < gmc_workload_count(); w++)
        if (sel(x, w, f)) {
            inv += 1 / f(x, w, sched, "ipc");
            (*n)++;
        }
    return *n ? *n / inv : NAN;
}

/* The headline table: the papers' FIFO numbers beside gmc's. */
static void headline(const exp_ctx_t *x, FILE *md)
{
    int n, same, n3 = 0, nc;   /* same: the same workloads as n */
    double fr = hm_ipc(x, "frfcfs", &n, yget, mem_limited), fifo = hm_ipc(x, "fcfs", &same, yget, mem_limited);
    double strict = hm_ipc(x, "fcfs-strict", &same, yget, mem_limited);
    double bf = hm_ipc(x, "bfifo", &same, yget, mem_limited);
    double frc = hm_ipc(x, "frfcfs", &nc, yget, yuan_criteria), fifoc = hm_ipc(x, "fcfs", &same, yget, yuan_criteria);
    double strictc = hm_ipc(x, "fcfs-strict", &same, yget, yuan_criteria);
    char names[512] = "";
    for (unsigned w = 0; w < gmc_workload_count(); w++)
        if (yuan_criteria(x, w, yget)) {
            size_t l = strlen(names);
            snprintf(names + l, sizeof names - l, "%s%s", l ? ", " : "", gmc_workload_info(w)->name);
        }
    double geo[64];
    for (unsigned w = 0; w < gmc_workload_count() && n3 < 64; w++)
        if (mem_limited(x, w, get))
            geo[n3++] = get(x, w, "fcfs", "ipc") / get(x, w, "frfcfs", "ipc");
    int used;   /* the geomean's count, as the table says it */
    double g = exp_geomean(geo, n3, &used);
    char vb[64];
#define UP(a, b) (100.0 * ((a) / (b) - 1.0))
#define DIR(paper, gmc) exp_verdict(vb, sizeof vb, (paper), (gmc), NOISE_PCT)
    fprintf(md, "| claim | paper | gmc | same direction |\n|---|---|---|---|\n");
    fprintf(md, "| FR-FCFS's speedup over FIFO, memory-limited workloads, harmonic-mean IPC (Yuan [MICRO'09] "
                "sec. 2, Fig. 2; machine yuan-gddr3) | +88.3%% | %+.1f%% (FIFO as GPGPU-Sim's `fcfs`; %d MOA/HOA "
                "workloads) | %s |\n", UP(fr, fifo), n, DIR(88.3, UP(fr, fifo)));
    fprintf(md, "| the same, FIFO read literally (`fcfs-strict`: the whole channel in order) | +88.3%% | %+.1f%% "
                "| %s |\n", UP(fr, strict), DIR(88.3, UP(fr, strict)));
    if (nc)
        fprintf(md, "| the same over the workloads Yuan et al.'s sec. 4 criteria select (under FR-FCFS: IPC below "
                    "75%% of the peak, DRAM utilization above 20%%, DRAM efficiency below 90%%) | +88.3%% | "
                    "%+.1f%% (`fcfs`) / %+.1f%% (`fcfs-strict`): %s | %s |\n", UP(frc, fifoc), UP(frc, strictc),
                names, DIR(88.3, UP(frc, fifoc)));
    else
        fprintf(md, "| the same over the workloads Yuan et al.'s sec. 4 criteria select | +88.3%% | none selected | - |\n");
    fprintf(md, "| FR-FCFS's speedup over banked FIFO, the same workloads (`bfifo`; the paper gives no number "
                "in its text) | - | +%.1f%% | - |\n", UP(fr, bf));
    fprintf(md, "| FCFS IPC over FR-FCFS, MOA+HOA, geomean (Warped-MC [ICPP'23] sec. 5.2; machine rtx2060s) "
                "| -43.2%% | %+.1f%% (%d workloads) | %s |\n\n", 100 * (g - 1), used, DIR(-43.2, 100 * (g - 1)));
    exp_md_verdict_note(md, NOISE_PCT, NOISE_WHY);
#undef DIR
#undef UP
}

static void csv_row(const exp_ctx_t *x, FILE *csv, const char *machine, unsigned w, const char *sn, getter_t f)
{
    double ipc = f(x, w, sn, "ipc");
    fprintf(csv, "%s,%s,%s,%.4f,%.4f,%.0f,%.1f,%.0f,%.1f,%.4f,%.3f,%.0f\n", machine, gmc_workload_info(w)->name, sn,
            ipc, ipc / f(x, w, "frfcfs", "ipc"), f(x, w, sn, "cycles"), f(x, w, sn, "load_warp_time.mean"),
            f(x, w, sn, "load_warp_time.p99"), f(x, w, sn, "divergence.mean"), f(x, w, sn, "dram.row_hit_rate"),
            f(x, w, sn, "dram.bank_parallelism"), f(x, w, sn, "dram.activations"));
}

static int summarize(exp_ctx_t *x)
{
    FILE *csv = exp_open(x, "schedulers.csv"), *dat = exp_open(x, "ipc.dat"), *md = exp_open(x, "summary.md");
    if (!csv || !dat || !md)
        return 1;
    fprintf(csv, "machine,workload,sched,ipc,ipc_norm,cycles,lwt_mean,lwt_p99,div_mean,row_hit_rate,"
                 "bank_parallelism,activations\n");
    fprintf(dat, "workload");
    fprintf(md, "# Experiment schedulers\n\n`%s`: every memory "
            "scheduler on every workload, machine rtx2060s. IPC normalised to FR-FCFS (mean load-warp time in "
            "core cycles in parentheses).\n\n", exp_cmd(x));
    exp_md_overrides(x, md);
    exp_md_scale(x, md);
    headline(x, md);
    fprintf(md, "| workload |");
    unsigned ns = 0;
    for (unsigned s = 0; gmc_sched_get(s); s++, ns++) {
        fprintf(dat, " %s", gmc_sched_get(s)->name);
        fprintf(md, " %s |", gmc_sched_get(s)->name);
    }
    fprintf(dat, "\n");
    fprintf(md, "\n|---|");
    for (unsigned s = 0; s < ns; s++)
        fprintf(md, "---|");
    fprintf(md, "\n");
    fprintf(x->term, "\nschedulers (rtx2060s, scale %g%s): IPC normalised to FR-FCFS\n%-15s", x->scale, x->setnote, "workload");
    for (unsigned s = 0; s < ns; s++)
        fprintf(x->term, " %11s", gmc_sched_get(s)->name);
    fprintf(x->term, "\n");
    for (unsigned w = 0; w < gmc_workload_count(); w++) {
        const char *wn = gmc_workload_info(w)->name;
        double base = get(x, w, "frfcfs", "ipc");
        fprintf(dat, "%s", wn);
        fprintf(md, "| %s |", wn);
        fprintf(x->term, "%-15s", wn);
        for (unsigned s = 0; s < ns; s++) {
            const char *sn = gmc_sched_get(s)->name;
            double ipc = get(x, w, sn, "ipc");
            csv_row(x, csv, "rtx2060s", w, sn, get);
            fprintf(dat, " %.4f", ipc / base);
            fprintf(md, " %.3f (%.0f) |", ipc / base, get(x, w, sn, "load_warp_time.mean"));
            fprintf(x->term, " %11.3f", ipc / base);
        }
        fprintf(dat, "\n");
        fprintf(md, "\n");
        fprintf(x->term, "\n");
    }
    fprintf(md, "\n## The in-order schedulers on Yuan et al.'s machine\n\n"
                "Machine yuan-gddr3 (Yuan [MICRO'09] Table 2: 28 cores, 8 GDDR3 controllers, queues of 32), "
                "IPC normalised to FR-FCFS; class, row-buffer hit rate and bank parallelism under FR-FCFS, and "
                "how many activations FIFO (`fcfs`) issues for each of FR-FCFS's.\n\n"
                "| workload | class | FR-FCFS row hits | FR-FCFS bank parallelism | fcfs ACTs / FR-FCFS ACTs |");
    for (unsigned s = 1; s < NYS; s++)
        fprintf(md, " %s |", yuan_sc[s]);
    fprintf(md, "\n|---|---|---|---|---|");
    for (unsigned s = 1; s < NYS; s++)
        fprintf(md, "---|");
    fprintf(md, "\n");
    for (unsigned w = 0; w < gmc_workload_count(); w++) {
        double o = yget(x, w, "frfcfs", "offchip_per_load_warp"), base = yget(x, w, "frfcfs", "ipc");
        fprintf(md, "| %s | %s | %.3f | %.2f | %.2f |", gmc_workload_info(w)->name,
                o < 1 ? "LOA" : o <= 8 ? "MOA" : "HOA", yget(x, w, "frfcfs", "dram.row_hit_rate"),
                yget(x, w, "frfcfs", "dram.bank_parallelism"),
                yget(x, w, "fcfs", "dram.activations") / yget(x, w, "frfcfs", "dram.activations"));
        for (unsigned s = 1; s < NYS; s++)
            fprintf(md, " %.3f |", yget(x, w, yuan_sc[s], "ipc") / base);
        fprintf(md, "\n");
        for (unsigned s = 0; s < NYS; s++)
            csv_row(x, csv, "yuan-gddr3", w, yuan_sc[s], yget);
    }
    fprintf(md, "\nThe activation ratio separates two losses: row streaks that FR-FCFS keeps and FIFO breaks "
                "(ratio well above 1: more activations, each a tRC of its bank), and in-order issue itself, a "
                "request for a busy bank holding up those behind it (ratio near 1, IPC still down). "
                "docs/experiments.md compares this with the paper.\n");
    fprintf(md, "\nPlot: ipc.png; every number: schedulers.csv and points/.\n");
    int bad = fclose(csv) | fclose(dat) | fclose(md);
    FILE *gp = exp_open(x, "plots.gp");
    if (!gp)
        return 1;
    double ratio[64 * 16];
    size_t nr = 0;
    for (unsigned w = 0; w < gmc_workload_count(); w++)
        for (unsigned s = 0; s < ns && nr < sizeof ratio / sizeof ratio[0]; s++)
            ratio[nr++] = get(x, w, gmc_sched_get(s)->name, "ipc") / get(x, w, "frfcfs", "ipc");
    exp_plot_gain_bars(gp, "ipc.png", 1400, "IPC gain over FR-FCFS, every memory scheduler",
                       "IPC gain over FR-FCFS (%)", "ipc.dat", ns + 1, ratio, nr);
    fclose(gp);
    exp_plot(x, "plots.gp");
    static const char *const pngs[] = {"ipc.png", NULL};
    return exp_report_line(x, "schedulers.csv", pngs) || bad ? 1 : 0;
}

/* Measured (seed 1) at 0.1, 0.25 and 0.5: every claim keeps its
 * direction; the sizes move with the scale. */
static int scale_ok(double scale)
{
    return scale >= 0.1;
}

const exp_def_t exp_schedulers = {
    "schedulers", "every memory scheduler on every workload (a table and a plot); FIFO against FR-FCFS on Yuan "
    "[MICRO'09]'s machine", points, summarize, scale_ok,
    "The directions below need `--scale` 0.1 or more: measured at 0.1, 0.25 and 0.5, each claim keeps its "
    "direction, but the sizes move with the scale -- FR-FCFS over FIFO +111%, +166%, +96%; FCFS against "
    "FR-FCFS on rtx2060s -17%, -31%, -29% -- so compare sizes at one scale only."};
