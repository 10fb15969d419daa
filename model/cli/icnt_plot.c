/* gmc icnt --plot: the standard network plot, mean latency against
 * injection rate, one curve per topology and hold policy, through
 * gnuplot.  The y axis is logarithmic: past saturation the latency grows
 * by orders of magnitude, and a linear axis would flatten every curve
 * below it into the floor. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "exp_plot.h"
#include "icnt_cli.h"

/* The script for the data file dat into png. */
static void script(FILE *s, const icnt_result_t *r, const char *dat, const char *png)
{
    const icnt_opts_t *o = r->o;
    double lo = INFINITY, hi = 0;
    for (unsigned k = 0; k < r->ncurve; k++)
        for (unsigned i = 0; i < o->nrate; i++) {
            double v = r->curve[k].pt[i].lat_mean;
            lo = v > 0 && v < lo ? v : lo;
            hi = v > hi ? v : hi;
        }
    if (!(lo < INFINITY))
        lo = hi = 1;
    double xlo, xhi;
    exp_plot_range(o->rate, o->nrate, NAN, 0.01, &xlo, &xhi);
    char title[256];
    snprintf(title, sizeof title, "gmc icnt: %s traffic, %u x %u ports, seed %llu",
             gmc_netload_pattern_name(o->load.pattern), o->net.inputs, o->net.outputs,
             (unsigned long long)o->load.seed);
    fprintf(s, "if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {\n"
               "  set terminal pngcairo size 900,560 font 'sans,10' noenhanced\n"
               "} else {\n  set terminal png size 900,560 noenhanced\n}\nset output ");
    cli_gp_str(s, png);
    fprintf(s, "\nset title ");
    cli_gp_str(s, title);
    fprintf(s, "\nset xlabel 'injection rate (packets per input per cycle)'\n"
               "set ylabel 'mean latency (cycles, log scale)'\n"
               "set logscale y\nset yrange [%.6g:%.6g]\nset xrange [%.6g:%.6g]\n"
               "set grid xtics ytics mytics\nset key top left\nplot ",
            lo / 1.25, hi * 1.25, xlo, xhi);
    for (unsigned k = 0; k < r->ncurve; k++) {
        char lbl[64];
        icnt_curve_label(&r->curve[k], lbl, sizeof lbl);
        fprintf(s, "%s", k ? ", " : "");
        cli_gp_str(s, dat);
        fprintf(s, " index %u using 1:2 with linespoints title ", k);
        cli_gp_str(s, lbl);
    }
    fprintf(s, "\nset output\n");
}

typedef struct {
    const icnt_result_t *r;
    const char          *png;
} plot_ctx_t;

/* The data (one block per curve, gnuplot's index, two blank lines apart)
 * and the script that reads it. */
static void write_plot(FILE *d, FILE *s, const char *dat, const void *ctx)
{
    const plot_ctx_t *c = ctx;
    const icnt_result_t *r = c->r;
    for (unsigned k = 0; k < r->ncurve; k++) {
        fprintf(d, "# %s/%s: rate latency_mean\n", r->curve[k].topo->name, gmc_alloc_hold_name(r->curve[k].hold));
        for (unsigned i = 0; i < r->o->nrate; i++)
            fprintf(d, "%g %.4f\n", r->o->rate[i], r->curve[k].pt[i].lat_mean);
        fprintf(d, "\n\n");
    }
    script(s, r, dat, c->png);
}

int icnt_write_png(const icnt_result_t *r, cli_outfile_t *png)
{
    const plot_ctx_t c = {r, png->tmp};
    return cli_gnuplot_tmp("gmc icnt: --plot", "icnt", write_plot, &c);
}
