/* gmc icnt: one interconnect standalone under synthetic load
 * (analysis/gmc_netload.h), the parts shared by cmd_icnt.c (options, the
 * runs), icnt_fields.c (the network's numeric options), icnt_report.c
 * (text, JSON, CSV) and icnt_plot.c (the latency plot). */
#ifndef GMC_ICNT_CLI_H
#define GMC_ICNT_CLI_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "analysis/gmc_netload.h"
#include "cli_outfile.h"
#include "gpu/gmc_alloc.h"
#include "gpu/gmc_icnt.h"

#define ICNT_CMD "icnt"
#define ICNT_MAX_LIST 16      /* topologies, hold policies */
#define ICNT_MAX_RATES 200

/* ---- the network's numeric options (icnt_fields.c) ----
 * One line of the table per field of gmc_icnt_cfg_t that a user sets: its
 * option --NAME (also --set NAME=VALUE), the field, its range and default
 * (Yuan et al. [MICRO'09]'s network) and the help.  A field given by name
 * (an enumeration) has name_of: the names of its values lo, lo + 1, ...,
 * NULL past the end. */
typedef struct {
    const char *name;
    size_t      off;          /* offsetof(gmc_icnt_cfg_t, field): a uint32_t */
    uint32_t    lo, hi, def;
    const char *what;         /* what it is, with its unit */
    const char *src;          /* where the default comes from, or NULL */
    const char *(*name_of)(uint32_t v);
} icnt_field_t;

const icnt_field_t *icnt_field_get(unsigned i);   /* NULL past the end */
/* Every field at its default; the rest of cfg zero, one VC. */
void icnt_fields_default(gmc_icnt_cfg_t *cfg);
/* argv[*i] is --NAME of a field: its value (argv[*i + 1]) into cfg, *i
 * advanced.  1 if it was one, 0 if not, or the usage error's exit code
 * (printed). */
int  icnt_field_option(gmc_icnt_cfg_t *cfg, int argc, char **argv, int *i);
/* --set NAME=VALUE (NAME with '-' or '_'): 0 or the exit code (printed). */
int  icnt_field_set(gmc_icnt_cfg_t *cfg, const char *kv);
uint32_t icnt_field_value(const gmc_icnt_cfg_t *cfg, const icnt_field_t *f);
/* --help's lines for the fields. */
void icnt_fields_help(FILE *f);

/* ---- the command ---- */
typedef struct {
    gmc_icnt_cfg_t  net;            /* the fields; alloc; hold.hash_bits, hold.limit; placement */
    uint32_t        placement;      /* GMC_ICNT_PLACE_*: inputs as the SMs, outputs as the slices */
    uint32_t       *in_node, *out_node;   /* its nodes (net.in_node, out_node) */
    const gmc_alloc_ops_t *alloc;
    const gmc_icnt_topo_t *topo[ICNT_MAX_LIST];
    unsigned        ntopo;
    uint32_t        hold[ICNT_MAX_LIST];
    unsigned        nhold;
    double          rate[ICNT_MAX_RATES];
    unsigned        nrate;
    const char     *rates_text;     /* as given */
    int             dst_run_given;
    gmc_netload_cfg_t load;         /* rate set per point */
    int             json;
    const char     *out, *csv, *plot;
} icnt_opts_t;

/* One curve: a topology and a hold policy over the rates. */
typedef struct {
    const gmc_icnt_topo_t *topo;
    uint32_t        hold;
    double          zero_load;      /* cycles */
    gmc_netload_result_t pt[ICNT_MAX_RATES];
    int             sat;            /* index of the first saturated rate, or -1 */
    const char     *sat_by;         /* "latency" or "throughput" */
} icnt_curve_t;

typedef struct {
    const icnt_opts_t *o;
    icnt_curve_t      *curve;
    unsigned           ncurve;
} icnt_result_t;

/* The saturation rule, said once for every output. */
#define ICNT_SAT_LATENCY  3.0    /* mean latency above 3 x zero-load */
#define ICNT_SAT_ACCEPTED 0.95   /* or accepted below 95% of offered */
#define ICNT_SAT_RULE "the first rate at which the mean latency passes 3 x the zero-load latency or " \
                      "the accepted throughput falls below 95% of the offered"
/* c->sat and c->sat_by from c->pt over o->nrate rates. */
void icnt_saturation(const icnt_opts_t *o, icnt_curve_t *c);

void icnt_write_text(FILE *f, const icnt_result_t *r);
void icnt_write_json(FILE *f, const icnt_result_t *r);
void icnt_write_csv(FILE *f, const icnt_result_t *r);
/* The latency-against-rate plot into png->tmp (opened and closed by the
 * caller): 0, or -1 after one error line. */
int  icnt_write_png(const icnt_result_t *r, cli_outfile_t *png);
/* "xbar/none": a curve's label. */
void icnt_curve_label(const icnt_curve_t *c, char *buf, size_t n);

#endif
