/* gmc entropy --png: the bar chart of PAE [ISCA'18] Fig. 5/10 through gnuplot
 * (MSB left, block-offset bits omitted, channel/bank bits shaded, raw and
 * mapped bars side by side). */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "entropy_cli.h"

/* The canvas width in pixels: 26 per bar plus the axes' 160, and wide
 * enough for the longest title line, which gnuplot would otherwise cut at
 * the canvas's edges (sans 10 in pngcairo and gd's default font are about
 * 7 px a character; 8 leaves room). */
static unsigned png_width(unsigned nbars, size_t title_chars)
{
    unsigned bars = 160 + nbars * 26;
    size_t title = 60 + 8 * title_chars;
    return title > bars ? (unsigned)(title < 20000 ? title : 20000) : bars;
}

typedef struct {
    const entropy_result_t *r;
    const cli_outfile_t    *png;
} plot_ctx_t;

/* The data (a row per bit shown) and the script that reads it. */
static void write_plot(FILE *d, FILE *s, const char *dat, const void *ctx)
{
    const entropy_result_t *r = ((const plot_ctx_t *)ctx)->r;
    const cli_outfile_t *png = ((const plot_ctx_t *)ctx)->png;
    const entropy_opts_t *o = r->o;
    /* Bits shown: MSB down to the lowest non-block bit (PAE [ISCA'18] Fig. 5). */
    unsigned lo = 0;
    while (lo + 1 < r->bits && entropy_is_field(r, lo, GMC_F_BLOCK))
        lo++;
    fprintf(d, "# idx bit field entropy mapped\n");
    unsigned idx = 0;
    for (unsigned b = r->bits; b-- > lo; idx++) {
        char fl[24];
        entropy_field(r, b, fl, sizeof fl);
        fprintf(d, "%u %u %s %.6f %.6f\n", idx, b, fl, r->h[0][b],
                r->h[1] ? r->h[1][b] : 0.0);
    }
    unsigned nshown = idx;
    /* Two title lines: 'source' . "\n" . 'map, window, metric'. */
    char title[300];
    snprintf(title, sizeof title, "map %s, window %" PRIu64 ", metric %s (%s)",
             r->map->name, o->window, gmc_entropy_metric_name(o->metric),
             entropy_metric_text(o->metric));
    size_t tl = strlen(title) > strlen(r->source) ? strlen(title) : strlen(r->source);
    unsigned width = png_width(nshown, tl);
    fprintf(s, "if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {\n"
               "  set terminal pngcairo size %u,420 font 'sans,10'\n"
               "} else {\n  set terminal png size %u,420\n}\n",
            width, width);
    fprintf(s, "set output ");
    cli_gp_str(s, png->tmp);
    fprintf(s, "\nset title ");
    cli_gp_str(s, r->source);
    fprintf(s, " . \"\\n\" . ");
    cli_gp_str(s, title);
    fprintf(s, " noenhanced\n"
               "set style data histograms\n"
               "set style histogram clustered gap 1\n"
               "set style fill solid 1.0 border -1\n"
               "set boxwidth 0.9\n"
               "set yrange [0:1.14]\n"
               "set ytics 0, 0.2, 1\n"
               "set xrange [-0.5:%u.5]\n"
               "set ylabel 'window-based entropy H* (%s)'\n"
               "set xlabel 'address bit (MSB left; gray = channel/bank bits)'\n"
               "set key above noenhanced\n"
               "set grid ytics\n"
               "set xtics nomirror\n",
            nshown - 1, gmc_entropy_metric_name(o->metric));
    idx = 0;
    for (unsigned b = r->bits; b-- > lo; idx++)
        if (entropy_is_field(r, b, GMC_F_CH) || entropy_is_field(r, b, GMC_F_BANK))
            fprintf(s, "set object rect from %f, graph 0 to %f, graph 1 behind "
                       "fillcolor rgb '#dddddd' fillstyle solid 1.0 noborder\n",
                    idx - 0.5, idx + 0.5);
    /* Name each run of channel or bank bits above its bars. */
    idx = 0;
    for (unsigned b = r->bits; b-- > lo; idx++) {
        gmc_field_t fl = entropy_is_field(r, b, GMC_F_CH) ? GMC_F_CH : GMC_F_BANK;
        if (!entropy_is_field(r, b, fl) ||
            (b + 1 < r->bits && entropy_is_field(r, b + 1, fl)))
            continue;                      /* not the first (MSB) bit of a run */
        unsigned len = 1;
        while (len <= b - lo && entropy_is_field(r, b - len, fl))
            len++;
        fprintf(s, "set label '%s' at %f, 1.09 center font ',8'\n",
                fl == GMC_F_CH ? "ch" : "bank", idx + (len - 1) / 2.0);
    }
    fprintf(s, "plot ");
    cli_gp_str(s, dat);
    fprintf(s, " using 4:xtic(2) title 'raw addresses' linecolor rgb '#4477aa'");
    if (r->h[1]) {
        char lbl[200];
        snprintf(lbl, sizeof lbl, "mapped: %s", o->sel.label);
        fprintf(s, ", '' using 5 title ");
        cli_gp_str(s, lbl);
        fprintf(s, " linecolor rgb '#ee6677'");
    }
    fprintf(s, "\nset output\n");
}

/* Draws the chart into png->tmp (already created by cli_out_open). */
int entropy_write_png(const entropy_result_t *r, cli_outfile_t *png)
{
    const plot_ctx_t c = {r, png};
    return cli_gnuplot_tmp("gmc entropy: --png", "entropy", write_plot, &c);
}
