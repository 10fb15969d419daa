/* Pieces of `gmc entropy` shared by its files:
 *   cmd_entropy.c     options and the flow of one run
 *   entropy_input.c   trace / generator requests into the accumulator
 *   entropy_report.c  table, JSON, CSV
 *   entropy_plot.c    PNG through gnuplot
 * docs/entropy.md describes the command. */
#ifndef GMC_CLI_ENTROPY_H
#define GMC_CLI_ENTROPY_H
#include <stdint.h>
#include <stdio.h>
#include "cli_outfile.h"
#include "analysis/gmc_entropy.h"
#include "analysis/gmc_trace.h"
#include "analysis/gmc_tracegen.h"
#include "bim_opts.h"
#include "blocks/gmc_bim.h"

#define ENTROPY_CMD "entropy"

typedef struct {
    const char *trace, *gen, *gen_out, *csv, *png, *out;
    uint64_t    window, bits, n, batch, kernel;
    unsigned    tb_x, tb_y;
    int         have_bits, have_n, have_batch, have_tb, have_kernel;
    int         wrap, json, mapped;
    gmc_entropy_metric_t metric;
    bim_sel_t   sel;
} entropy_opts_t;

/* ------------------------------------------------ entropy_input.c */

typedef struct {
    gmc_entropy_t       *acc;
    const gmc_bim_cfg_t *bim;      /* NULL: raw only */
    unsigned             width;
    int                  wrap;
    int                  have_kernel;
    uint64_t             kernel;
    FILE                *gen_out;
    const char          *gen;
    uint64_t             nrec, kept;
    char                 err[1024];
} entropy_sink_t;

/* Reads --trace into s->acc; fills source ("trace FILE").  0 or 1 (error
 * printed). */
int entropy_read_trace(const entropy_opts_t *o, entropy_sink_t *s,
                       char *source, size_t n);
/* Runs --gen into s->acc (and --gen-out, already open as gen_out with its
 * header to be written here); fills source.  0 or 1 (error printed). */
int entropy_run_gen(const entropy_opts_t *o, const gmc_addrmap_t *map,
                    entropy_sink_t *s, FILE *gen_out, char *source, size_t n);

/* ------------------------------------------------ entropy_report.c */

typedef struct {
    const entropy_opts_t *o;
    const gmc_addrmap_t  *map;
    unsigned              bits;
    const double         *h[2];      /* raw, mapped (NULL if none) */
    gmc_entropy_summary_t sum;
    char                  source[600];
} entropy_result_t;

/* "ch1", "bank0", "row11", ... or "-" past the map's width. */
void entropy_field(const entropy_result_t *r, unsigned b, char *buf, size_t n);
int  entropy_is_field(const entropy_result_t *r, unsigned b, gmc_field_t f);
/* One line defining the metric, for headers ("Eq. 1 over ..."). */
const char *entropy_metric_text(gmc_entropy_metric_t m);

void entropy_write_table(FILE *f, const entropy_result_t *r);
void entropy_write_json(FILE *f, const entropy_result_t *r);
void entropy_write_csv(FILE *f, const entropy_result_t *r);

/* ------------------------------------------------ entropy_plot.c */

/* Draws the bar chart into png->tmp (created by cli_out_open) with gnuplot.
 * 0 or -1 (one error line printed). */
int entropy_write_png(const entropy_result_t *r, cli_outfile_t *png);

#endif
