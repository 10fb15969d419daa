/* gmc experiment schedulers: every memory scheduler on every synthetic
 * workload, on the default machine: a table and a plot of IPC normalised
 * to FR-FCFS. */
#include <math.h>
#include <string.h>
#include "exp.h"
#include "gpu/gmc_workload.h"
#include "mc/gmc_sched.h"

static void points(exp_ctx_t *x)
{
    for (unsigned w = 0; w < gmc_workload_count(); w++)
        for (unsigned s = 0; gmc_sched_get(s); s++) {
            char id[96];
            snprintf(id, sizeof id, "%s.%s", gmc_workload_info(w)->name, gmc_sched_get(s)->name);
            exp_point(x, id, "--machine rtx2060s --workload %s --sched %s", gmc_workload_info(w)->name,
                      gmc_sched_get(s)->name);
        }
}

static double get(const exp_ctx_t *x, unsigned w, const char *sched, const char *path)
{
    char id[96];
    snprintf(id, sizeof id, "%s.%s", gmc_workload_info(w)->name, sched);
    return exp_get(x, id, path);
}

static int summarize(exp_ctx_t *x)
{
    FILE *csv = exp_open(x, "schedulers.csv"), *dat = exp_open(x, "ipc.dat"), *md = exp_open(x, "summary.md");
    if (!csv || !dat || !md)
        return 1;
    fprintf(csv, "workload,sched,ipc,ipc_norm,cycles,lwt_mean,lwt_p99,div_mean,row_hit_rate,bank_parallelism\n");
    fprintf(dat, "workload");
    fprintf(md, "# Experiment schedulers\n\n`%s`: every memory "
            "scheduler on every workload, machine rtx2060s. IPC normalised to FR-FCFS (mean load-warp time in "
            "core cycles in parentheses).\n\n", exp_cmd(x));
    exp_md_overrides(x, md);
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
    printf("\nschedulers (rtx2060s, scale %g%s): IPC normalised to FR-FCFS\n%-15s", x->scale, x->setnote, "workload");
    for (unsigned s = 0; s < ns; s++)
        printf(" %11s", gmc_sched_get(s)->name);
    printf("\n");
    for (unsigned w = 0; w < gmc_workload_count(); w++) {
        const char *wn = gmc_workload_info(w)->name;
        double base = get(x, w, "frfcfs", "ipc");
        fprintf(dat, "%s", wn);
        fprintf(md, "| %s |", wn);
        printf("%-15s", wn);
        for (unsigned s = 0; s < ns; s++) {
            const char *sn = gmc_sched_get(s)->name;
            double ipc = get(x, w, sn, "ipc");
            fprintf(csv, "%s,%s,%.4f,%.4f,%.0f,%.1f,%.0f,%.1f,%.4f,%.3f\n", wn, sn, ipc, ipc / base,
                    get(x, w, sn, "cycles"), get(x, w, sn, "load_warp_time.mean"),
                    get(x, w, sn, "load_warp_time.p99"), get(x, w, sn, "divergence.mean"),
                    get(x, w, sn, "dram.row_hit_rate"), get(x, w, sn, "dram.bank_parallelism"));
            fprintf(dat, " %.4f", ipc / base);
            fprintf(md, " %.3f (%.0f) |", ipc / base, get(x, w, sn, "load_warp_time.mean"));
            printf(" %11.3f", ipc / base);
        }
        fprintf(dat, "\n");
        fprintf(md, "\n");
        printf("\n");
    }
    fprintf(md, "\nPlot: ipc.png; every number: schedulers.csv and points/.\n");
    int bad = fclose(csv) | fclose(dat) | fclose(md);
    FILE *gp = exp_open(x, "plots.gp");
    if (!gp)
        return 1;
    fprintf(gp,
        "set terminal pngcairo size 1400,500 noenhanced\nset output 'ipc.png'\n"
        "set title 'IPC normalised to FR-FCFS, every memory scheduler'\n"
        "set style data histograms\nset style histogram clustered gap 1\nset style fill solid 0.8 border -1\n"
        "set key outside right\nset grid ytics\nset xtics rotate by -30\nset yrange [0:*]\n"
        "plot for [i=2:%u] 'ipc.dat' using i:xtic(1) title columnheader(i)\n", ns + 1);
    fclose(gp);
    exp_plot(x, "plots.gp");
    printf("report: %s/summary.md  plot: %s/ipc.png  data: %s/schedulers.csv\n", x->out, x->out, x->out);
    return bad ? 1 : 0;
}

const exp_def_t exp_schedulers = {"schedulers", "every memory scheduler on every workload: a table and a plot",
                                  points, summarize};
