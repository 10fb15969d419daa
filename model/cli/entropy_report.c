/* gmc entropy: the results as a table, JSON or CSV. */
#include <inttypes.h>
#include <string.h>
#include "entropy_cli.h"

void entropy_field(const entropy_result_t *r, unsigned b, char *buf, size_t n)
{
    if (b >= r->map->width)
        snprintf(buf, n, "-");
    else
        snprintf(buf, n, "%s%u", gmc_field_name((gmc_field_t)r->map->field[b]),
                 r->map->fbit[b]);
}

int entropy_is_field(const entropy_result_t *r, unsigned b, gmc_field_t f)
{
    return b < r->map->width && ((r->map->fmask[f] >> b) & 1);
}

const char *entropy_metric_text(gmc_entropy_metric_t m)
{
    return m == GMC_ENTROPY_POOLED
        ? "binary entropy of the mean BVR of the window's TBs"
        : "PAE [ISCA'18] Eq. 1 over the window's distinct BVR values, log base v";
}

/* ------------------------------------------------------------ JSON */

static void json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

static void json_bits(FILE *f, const entropy_result_t *r, gmc_field_t fl)
{
    int first = 1;
    fputc('[', f);
    for (unsigned b = 0; b < r->bits; b++)
        if (entropy_is_field(r, b, fl)) {
            fprintf(f, "%s%u", first ? "" : ", ", b);
            first = 0;
        }
    fputc(']', f);
}

static void json_array(FILE *f, const double *h, unsigned bits)
{
    fputc('[', f);
    for (unsigned b = 0; b < bits; b++)
        fprintf(f, "%s%.6f", b ? ", " : "", h[b]);
    fputc(']', f);
}

void entropy_write_json(FILE *f, const entropy_result_t *r)
{
    const entropy_opts_t *o = r->o;
    fprintf(f, "{\n  \"source\": ");
    json_str(f, r->source);
    fprintf(f, ",\n  \"%s\": ", o->trace ? "trace" : "gen");
    json_str(f, o->trace ? o->trace : o->gen);
    if (o->gen && !strcmp(o->gen, "transpose"))
        fprintf(f, ",\n  \"n\": %" PRIu64 ",\n  \"batch\": %" PRIu64
                   ",\n  \"tb\": [%u, %u]", o->n, o->batch, o->tb_x, o->tb_y);
    fprintf(f, ",\n  \"map\": ");
    json_str(f, r->map->name);
    fprintf(f, ",\n  \"metric\": ");
    json_str(f, gmc_entropy_metric_name(o->metric));
    fprintf(f, ",\n  \"bits\": %u,\n  \"window\": %" PRIu64 ",\n  \"kernels\": %zu,\n"
               "  \"tbs\": %zu,\n  \"requests\": %" PRIu64 ",\n  \"windows\": %" PRIu64
               ",\n  \"short_kernels\": %zu,\n",
            r->bits, o->window, r->sum.kernels, r->sum.tbs, r->sum.requests,
            r->sum.windows, r->sum.short_kernels);
    if (o->have_kernel)
        fprintf(f, "  \"kernel\": %" PRIu64 ",\n", o->kernel);
    fprintf(f, "  \"channel_bits\": ");
    json_bits(f, r, GMC_F_CH);
    fprintf(f, ",\n  \"bank_bits\": ");
    json_bits(f, r, GMC_F_BANK);
    fprintf(f, ",\n  \"fields\": [");
    for (unsigned b = 0; b < r->bits; b++) {
        char fl[24];
        entropy_field(r, b, fl, sizeof fl);
        fprintf(f, "%s", b ? ", " : "");
        json_str(f, fl);
    }
    fprintf(f, "],\n  \"entropy\": ");
    json_array(f, r->h[0], r->bits);
    if (r->h[1]) {
        fprintf(f, ",\n  \"mapped\": {\"scheme\": ");
        if (o->sel.matrix_file) {
            fprintf(f, "\"matrix\", \"matrix\": ");
            json_str(f, o->sel.matrix_file);
        } else {
            json_str(f, o->sel.scheme);
            fprintf(f, ", \"seed\": %" PRIu64, o->sel.seed);
        }
        fprintf(f, ", \"entropy\": ");
        json_array(f, r->h[1], r->bits);
        fprintf(f, "}");
    }
    fprintf(f, "\n}\n");
}

/* ------------------------------------------------------ table, CSV */

void entropy_write_table(FILE *f, const entropy_result_t *r)
{
    const entropy_opts_t *o = r->o;
    fprintf(f, "# gmc entropy: %s\n", r->source);
    fprintf(f, "# map %s (%u bits), %u bits analysed, window %" PRIu64 "\n",
            r->map->name, r->map->width, r->bits, o->window);
    fprintf(f, "# metric %s: %s\n", gmc_entropy_metric_name(o->metric),
            entropy_metric_text(o->metric));
    fprintf(f, "# %zu kernel%s, %zu TBs, %" PRIu64 " requests, %" PRIu64
               " window%s\n", r->sum.kernels, r->sum.kernels == 1 ? "" : "s",
            r->sum.tbs, r->sum.requests, r->sum.windows,
            r->sum.windows == 1 ? "" : "s");
    if (r->sum.short_kernels)
        fprintf(f, "# note: %zu kernel%s fewer than %" PRIu64 " TBs; %s one "
                   "window of all its TBs\n", r->sum.short_kernels,
                r->sum.short_kernels == 1 ? " has" : "s have", o->window,
                r->sum.short_kernels == 1 ? "it uses" : "each uses");
    if (r->h[1])
        fprintf(f, "# mapped: %s\n", o->sel.label);
    fprintf(f, "%4s  %-8s %8s%s\n", "bit", "field", "entropy",
            r->h[1] ? "   mapped" : "");
    for (unsigned b = r->bits; b-- > 0;) {
        char fl[24];
        entropy_field(r, b, fl, sizeof fl);
        fprintf(f, "%4u  %-8s %8.4f", b, fl, r->h[0][b]);
        if (r->h[1])
            fprintf(f, " %8.4f", r->h[1][b]);
        fputc('\n', f);
    }
}

void entropy_write_csv(FILE *f, const entropy_result_t *r)
{
    fprintf(f, "bit,field,entropy%s\n", r->h[1] ? ",mapped" : "");
    for (unsigned b = 0; b < r->bits; b++) {
        char fl[24];
        entropy_field(r, b, fl, sizeof fl);
        fprintf(f, "%u,%s,%.6f", b, fl, r->h[0][b]);
        if (r->h[1])
            fprintf(f, ",%.6f", r->h[1][b]);
        fputc('\n', f);
    }
}
