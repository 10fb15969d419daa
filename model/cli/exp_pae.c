/* gmc experiment pae: the address-mapping schemes of PAE [ISCA'18] --
 * BASE (the Hynix map), PM, RMP, PAE, FAE and ALL, as BIMs (gmc bim) -- on
 * the paper's Table I machine (12 SMs, 4 GDDR5 channels).  Shows speedup
 * over BASE (Fig. 11/12), row-buffer hit rate, activations, bank
 * parallelism and DRAM power (Figs. 11, 16). */
#include <math.h>
#include <string.h>
#include "exp.h"
#include "exp_plot.h"
#include "gpu/gmc_workload.h"

static const char *const wl[] = {"transpose", "transpose-read", "stencil", "matmul", "stream", "spmv", "bfs", "kmeans"};
#define NWL (int)(sizeof wl / sizeof wl[0])
static const char *const scheme[] = {"base", "pm", "rmp", "pae", "fae", "all"};
#define NS (int)(sizeof scheme / sizeof scheme[0])
/* PAE [ISCA'18] Fig. 11 / sec. VI-A: average speedup over BASE and DRAM power change */
static const double paper_speedup[NS] = {1.0, 1.16, 1.21, 1.52, 1.56, 1.54};
static const double paper_power[NS] = {0, 8, 16, 3, 35, 45};

/* The "same direction" noise band: the seed draws the BIMs, and across
 * seeds 1-3 at scale 0.25 a scheme's geomean speedup moved by up to 3
 * points (PM, RMP, PAE, FAE) and 7 (ALL); with 5% no verdict changes
 * from seed to seed (RMP's +2.6% stays within noise). */
#define NOISE_PCT 5.0
#define NOISE_WHY "across seeds 1-3 at scale 0.25, which draw the BIMs, a scheme's geomean speedup moves by up to 3 " \
                  "points, ALL's by 7"

static void points(exp_ctx_t *x)
{
    for (int w = 0; w < NWL; w++)
        for (int s = 0; s < NS; s++) {
            char id[96];
            snprintf(id, sizeof id, "%s.%s", wl[w], scheme[s]);
            exp_point(x, id, "--machine pae-gddr5 --workload %s --scheme %s", wl[w], scheme[s]);
        }
}

static double get(const exp_ctx_t *x, int w, int s, const char *path)
{
    char id[96];
    snprintf(id, sizeof id, "%s.%s", wl[w], scheme[s]);
    return exp_get(x, id, path);
}

static int summarize(exp_ctx_t *x)
{
    FILE *csv = exp_open(x, "pae.csv");
    if (!csv)
        return 1;
    fprintf(csv, "workload,scheme,cycles,speedup,ipc,row_hit_rate,activations,bank_parallelism,"
                 "channel_parallelism,dram_power_w,dram_energy_nj\n");
    for (int w = 0; w < NWL; w++)
        for (int s = 0; s < NS; s++)
            fprintf(csv, "%s,%s,%.0f,%.4f,%.4f,%.4f,%.0f,%.3f,%.3f,%.4f,%.1f\n", wl[w], scheme[s],
                    get(x, w, s, "cycles"), get(x, w, 0, "cycles") / get(x, w, s, "cycles"),
                    get(x, w, s, "ipc"), get(x, w, s, "dram.row_hit_rate"), get(x, w, s, "dram.activations"),
                    get(x, w, s, "dram.bank_parallelism"), get(x, w, s, "dram.channel_parallelism"),
                    get(x, w, s, "dram_power_w"), get(x, w, s, "dram_energy_nj.total"));
    if (fclose(csv))
        return 1;
    FILE *dat = exp_open(x, "speedup.dat");
    if (!dat)
        return 1;
    fprintf(dat, "workload");
    for (int s = 0; s < NS; s++)
        fprintf(dat, " %s", scheme[s]);
    fprintf(dat, "\n");
    double sp[NS][NWL], pw[NS][NWL];
    for (int w = 0; w < NWL; w++) {
        fprintf(dat, "%s", wl[w]);
        for (int s = 0; s < NS; s++) {
            sp[s][w] = get(x, w, 0, "cycles") / get(x, w, s, "cycles");
            pw[s][w] = get(x, w, s, "dram_power_w") / get(x, w, 0, "dram_power_w");
            fprintf(dat, " %.4f", sp[s][w]);
        }
        fprintf(dat, "\n");
    }
    fclose(dat);
    FILE *gp = exp_open(x, "plots.gp");
    if (!gp)
        return 1;
    exp_plot_gain_bars(gp, "speedup.png", 1200, "speedup over BASE (PAE [ISCA18] Fig. 12 style)",
                       "speedup over BASE (%)", "speedup.dat", NS + 1, &sp[0][0], NS * NWL);
    fclose(gp);
    exp_plot(x, "plots.gp");
    FILE *md = exp_open(x, "summary.md");
    if (!md)
        return 1;
    fprintf(md, "# Experiment pae\n\n`%s`: machine pae-gddr5 (PAE [ISCA'18] "
        "Table I), %d workloads x %d address maps (BIM seed %llu); points/ has every run, pae.csv the table.\n\n",
        exp_cmd(x), NWL, NS, x->seed);
    exp_md_overrides(x, md);
    exp_md_scale(x, md);
    fprintf(md, "| scheme | paper speedup over BASE | gmc speedup (geomean) | same direction | paper DRAM power | gmc DRAM power (geomean) |\n"
        "|---|---|---|---|---|---|\n");
    fprintf(x->term, "\npae (pae-gddr5, scale %g%s): speedup over BASE, geomean of %d workloads\n", x->scale, x->setnote, NWL);
    for (int s = 1; s < NS; s++) {
        int ns, np;
        double g = exp_geomean(sp[s], NWL, &ns), p = exp_geomean(pw[s], NWL, &np);
        char vb[64], gn[32] = "", pn[32] = "";
        if (ns < NWL)   /* say what the geomean is of, if not every workload */
            snprintf(gn, sizeof gn, " (of %d)", ns);
        if (np < NWL)
            snprintf(pn, sizeof pn, " (of %d)", np);
        fprintf(md, "| %s | %.2fx | %.2fx%s | %s | %+.0f%% | %+.1f%%%s |\n", scheme[s], paper_speedup[s], g, gn,
                exp_verdict(vb, sizeof vb, 100 * (paper_speedup[s] - 1), 100 * (g - 1), NOISE_PCT),
                paper_power[s], 100 * (p - 1), pn);
        fprintf(x->term, "  %-4s %.2fx (paper %.2fx), DRAM power %+.1f%% (paper %+.0f%%)\n", scheme[s], g,
               paper_speedup[s], 100 * (p - 1), paper_power[s]);
    }
    fprintf(md, "\n");
    exp_md_verdict_note(md, NOISE_PCT, NOISE_WHY);
    fprintf(md, "## Per workload: speedup, row-buffer hit rate, activations, bank parallelism\n\n"
                "| workload | scheme | speedup | row hit | ACTs | BLP | DRAM W |\n|---|---|---|---|---|---|---|\n");
    for (int w = 0; w < NWL; w++)
        for (int s = 0; s < NS; s++)
            fprintf(md, "| %s | %s | %.3f | %.3f | %.0f | %.2f | %.3f |\n", wl[w], scheme[s], sp[s][w],
                    get(x, w, s, "dram.row_hit_rate"), get(x, w, s, "dram.activations"),
                    get(x, w, s, "dram.bank_parallelism"), get(x, w, s, "dram_power_w"));
    fprintf(md, "\n## Why it may differ from the paper\n\n"
        "- Workloads: gmc's synthetic kernels, not the paper's 16 benchmarks (MT, LU, ...); the paper's largest "
        "gains come from two benchmarks with severe entropy valleys (up to 7.5x).\n"
        "- One BIM per scheme (seed %llu); the paper reports the best of three.\n"
        "- DRAM power: gmc's GDDR5 currents are estimates (docs/memory.md \"Energy\"); the paper used GPUWattch. "
        "gmc reports DRAM power only, not system power or performance per Watt.\n"
        "- The paper charges one cycle for the address transformation; gmc charges none.\n", x->seed);
    if (fclose(md))
        return 1;
    static const char *const pngs[] = {"speedup.png", NULL};
    return exp_report_line(x, "pae.csv", pngs);
}

/* PAE's gains come from the transposes' entropy valley, which a column
 * stride of a power of two opens: measured (seed 1), PAE's geomean
 * speedup is 1.51x at scale 0.25 and 1.52x at 1 (sides 1024, 2048), 1.33x
 * at 0.0625 (512; the same verdict), and 1.03-1.23x at 0.05, 0.1, 0.15,
 * 0.2, 0.3 and 0.5, whose sides are not powers of two.  The side is the
 * transpose's own (gmc_workload), not a copy of its formula. */
static int scale_ok(double scale)
{
    gmc_workload_params_t p;
    gmc_workload_params_default(&p);
    p.scale = scale;
    char err[256];
    gmc_workload_t *w = gmc_workload_new("transpose", &p, err, sizeof err);
    if (!w)
        return 0;
    const gmc_kernel_t *k = gmc_workload_kernel(w, 0);
    uint64_t side = k ? 32ull * k->grid[0] : 0;   /* 32 columns per CTA */
    gmc_workload_delete(w);
    return side >= 512 && !(side & (side - 1));
}

const exp_def_t exp_pae = {
    "pae", "PAE [ISCA'18]: BASE, PM, RMP, PAE, FAE, ALL address maps on the 12-SM GDDR5 machine: speedup, row "
    "hits, activations, parallelism, DRAM power", points, summarize, scale_ok,
    "PAE's headline needs a `--scale` at which the transposes' side (2048 x sqrt(scale), rounded to 32) is a "
    "power of two, 512 or more: 0.0625, 0.25, 1 (measured) or 4, 16; their column stride then opens the "
    "entropy valley that the BIMs close.  Measured: PAE's geomean speedup is 1.51x at 0.25, 1.52x at 1 and "
    "1.33x at 0.0625, but 1.03x-1.23x at 0.05, 0.1, 0.15, 0.2, 0.3 and 0.5, whose sides are not powers of two."};
