/* gmc experiment: the gnuplot scripts' shared parts (exp_plot.h). */
#include <math.h>
#include "exp_plot.h"

void exp_plot_range(const double *v, size_t n, double from, double pad, double *lo, double *hi)
{
    double mn = INFINITY, mx = -INFINITY;
    for (size_t i = 0; i < n; i++)
        if (isfinite(v[i])) {
            mn = v[i] < mn ? v[i] : mn;
            mx = v[i] > mx ? v[i] : mx;
        }
    if (!isnan(from)) {
        mn = from < mn ? from : mn;
        mx = from > mx ? from : mx;
    }
    if (mn > mx)           /* nothing to plot: any range will do */
        mn = mx = isnan(from) ? 0 : from;
    double m = 0.08 * (mx - mn);
    m = m > pad ? m : pad;
    /* the bars' base stays the frame's bottom edge when nothing lies below
     * it; the top always has a margin (above the base too, when every bar
     * hangs below it), so no bar or whisker touches the frame */
    *lo = !isnan(from) && mn >= from ? mn : mn - m;
    *hi = mx + m;
    if (*lo == *hi)
        *lo -= pad, *hi += pad;
}

void exp_plot_gain_bars(FILE *gp, const char *png, unsigned width, const char *title, const char *ylabel,
                        const char *dat, unsigned ncol, const double *ratio, size_t n)
{
    /* fitted on the ratios around 1: the same range, percent being linear */
    double lo, hi;
    exp_plot_range(ratio, n, 1.0, 0.005, &lo, &hi);
    fprintf(gp,
        "set terminal pngcairo size %u,500 noenhanced\nset output '%s'\nset title '%s'\n"
        "set style data histograms\nset style histogram clustered gap 1\nset style fill solid 0.8 border -1\n"
        "set key outside right\nset grid ytics\nset xtics rotate by -30\nset xzeroaxis lt -1\n"
        "set ylabel '%s'\nset yrange [%.3f:%.3f]\n"
        "plot for [i=2:%u] '%s' using (100*(column(i)-1)):xtic(1) title columnheader(i)\n",
        width, png, title, ylabel, 100 * (lo - 1), 100 * (hi - 1), ncol, dat);
}

void exp_plot_share_bars(FILE *gp, const char *png, unsigned width, const char *title, const char *ylabel,
                         const char *dat, unsigned ncol, const double *share, size_t n)
{
    double lo, hi;
    exp_plot_range(share, n, 0.0, 0.005, &lo, &hi);
    fprintf(gp,
        "set terminal pngcairo size %u,500 noenhanced\nset output '%s'\nset title '%s'\n"
        "set style data histograms\nset style histogram clustered gap 1\nset style fill solid 0.8 border -1\n"
        "set key outside right\nset grid ytics\nset xtics rotate by -30\nset xzeroaxis lt -1\n"
        "set ylabel '%s'\nset yrange [%.3f:%.3f]\n"
        "plot for [i=2:%u] '%s' using (100*column(i)):xtic(1) title columnheader(i)\n",
        width, png, title, ylabel, 100 * lo, 100 * hi, ncol, dat);
}
