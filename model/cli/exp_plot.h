/* gmc experiment: the gnuplot scripts' shared parts.  Every y range is
 * fitted to the values plotted, so the differences a summary discusses
 * (a few percent) show, and nothing is cut at the frame. */
#ifndef GMC_EXP_PLOT_H
#define GMC_EXP_PLOT_H
#include <stddef.h>
#include <stdio.h>

/* The y range [*lo, *hi] of v[0..n) (NaN and infinities skipped) and of
 * `from` (the bars' base, or NaN for none), widened by 8% of the span (at
 * least `pad`): the top always, the bottom where a value lies below
 * `from`. */
void exp_plot_range(const double *v, size_t n, double from, double pad, double *lo, double *hi);

/* Clustered bars of the ratios in columns 2..ncol of dat (a header row
 * names the series, column 1 the groups) drawn as the change in percent,
 * 100 * (ratio - 1), up or down from a zero line; ratio[0..n) are the
 * same numbers, for the fitted y range.  Writes one PNG's part of a
 * gnuplot script. */
void exp_plot_gain_bars(FILE *gp, const char *png, unsigned width, const char *title, const char *ylabel,
                        const char *dat, unsigned ncol, const double *ratio, size_t n);

/* Clustered bars of the shares (0..1) in columns 2..ncol of dat, drawn in
 * percent from zero; share[0..n) are the same numbers, for the range. */
void exp_plot_share_bars(FILE *gp, const char *png, unsigned width, const char *title, const char *ylabel,
                         const char *dat, unsigned ncol, const double *share, size_t n);

#endif
