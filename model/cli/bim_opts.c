#include "bim_opts.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bim/gmc_bim_ipoly.h"
#include "cli.h"
#include "util/gmc_file.h"
#include "util/gmc_lines.h"
#include "util/gmc_num.h"
#include "util/gmc_quote.h"
#include "util/gmc_text.h"

void bim_sel_defaults(bim_sel_t *s)
{
    memset(s, 0, sizeof *s);
    s->preset = "gddr5-hynix";
    s->scheme = "base";
    s->seed = 1;
}

void bim_sel_usage(FILE *f)
{
    fprintf(f,
        "map (one of):\n"
        "  --preset NAME      gddr5-hynix (default, PAE [ISCA'18] Fig. 4) or gddr6-rtx2060s\n"
        "  --map SPEC         e.g. \"Row[29:18] Bank[17:15] Col[14:11] Bank[10] Ch[9:8] Col[7:6] Block[5:0]\"\n"
        "  --map-file FILE    the same text in a file ('#' comments)\n"
        "matrix (one of):\n"
        "  --scheme S         base | pm | rmp | pae | fae | all   (default base)\n"
        "  --matrix FILE      'width N' then N hex rows, row i = inputs of output bit i\n"
        "  --seed N           seed of the random schemes (default 1)\n"
        "  --rmp-bits LIST    rmp: input bits for the channel/bank positions, e.g. 8,9,10,11,15,16\n");
}

static int need_value(const char *cmd, int argc, char **argv, int *i, const char **v)
{
    if (*i + 1 >= argc) {
        cli_usage_error(cmd, "option %s needs a value", argv[*i]);
        return -1;
    }
    *v = argv[++*i];
    return 0;
}

int bim_sel_option(bim_sel_t *s, const char *cmd, int argc, char **argv, int *i)
{
    const char *a = argv[*i], *v;
    const char **slot = NULL;
    if (!strcmp(a, "--preset"))          slot = &s->preset;
    else if (!strcmp(a, "--map-file"))   slot = &s->map_file;
    else if (!strcmp(a, "--map"))        slot = &s->map_spec;
    else if (!strcmp(a, "--scheme"))     slot = &s->scheme;
    else if (!strcmp(a, "--matrix"))     slot = &s->matrix_file;
    else if (!strcmp(a, "--rmp-bits"))   slot = &s->rmp_bits;
    else if (!strcmp(a, "--seed")) {
        if (need_value(cmd, argc, argv, i, &v))
            return -1;
        if (cli_parse_u64(v, &s->seed)) {
            cli_usage_error(cmd, "--seed: expected a non-negative integer, found '%s'", v);
            return -1;
        }
        return 1;
    } else
        return 0;
    if (need_value(cmd, argc, argv, i, &v))
        return -1;
    *slot = v;
    if (slot == &s->scheme || slot == &s->matrix_file)
        s->matrix_given = 1;
    return 1;
}

static int parse_rmp_bits(const char *txt, gmc_scheme_opts_t *o, const char *cmd)
{
    const char *p = txt;
    gmc_quote_t q;
    o->nrmp = 0;
    while (*p) {
        size_t n = strcspn(p, ",");
        uint64_t b;
        int rc = gmc_num_u64(p, n, GMC_NUM_DEC, 63, &b);
        if (rc || o->nrmp == 64) {
            cli_usage_error(cmd, "--rmp-bits: expected comma-separated bit numbers 0..63, found %s",
                            gmc_quote(&q, txt, strlen(txt)));
            return -1;
        }
        o->rmp[o->nrmp++] = (uint8_t)b;
        p += n + (p[n] == ',');
    }
    return 0;
}

int bim_sel_resolve(bim_sel_t *s, const char *cmd)
{
    char err[512];
    if (cli_input_ok(cmd, s->map_file) || cli_input_ok(cmd, s->matrix_file))
        return 1;
    if (s->map_file) {
        if (gmc_addrmap_load(s->map_file, &s->map, err, sizeof err)) {
            fprintf(stderr, "gmc %s: %s\n", cmd, err);
            return 1;
        }
    } else if (s->map_spec) {
        if (gmc_addrmap_parse(s->map_spec, "--map", &s->map, err, sizeof err)) {
            fprintf(stderr, "gmc %s: %s\n", cmd, err);
            return 1;
        }
    } else if (gmc_addrmap_preset(s->preset, &s->map)) {
        fprintf(stderr, "gmc %s: unknown preset '%s' (expected one of:", cmd, s->preset);
        for (unsigned i = 0; gmc_addrmap_preset_name(i); i++)
            fprintf(stderr, " %s", gmc_addrmap_preset_name(i));
        fprintf(stderr, ")\n");
        return 2;
    }
    if (s->matrix_file) {
        if (bim_matrix_load(s->matrix_file, &s->m, err, sizeof err)) {
            fprintf(stderr, "gmc %s: %s\n", cmd, err);
            return 1;
        }
        if (s->m.n != s->map.width) {
            fprintf(stderr, "gmc %s: %s: expected width %u (the map's), found %u\n", cmd,
                    s->matrix_file, s->map.width, s->m.n);
            return 1;
        }
        snprintf(s->label, sizeof s->label, "matrix %s", s->matrix_file);
        return 0;
    }
    gmc_scheme_t sc;
    if (gmc_scheme_parse(s->scheme, &sc)) {
        cli_usage_error(cmd, "--scheme: expected base, pm, rmp, pae, fae or all, found '%s'", s->scheme);
        return 2;
    }
    gmc_scheme_opts_t o = {0};
    if (s->rmp_bits && parse_rmp_bits(s->rmp_bits, &o, cmd))
        return 2;
    if (gmc_bim_scheme_make(sc, &s->map, s->seed, &o, &s->m, err, sizeof err)) {
        bim_error(cmd, err);
        return 1;
    }
    snprintf(s->label, sizeof s->label, "%s seed %llu", s->scheme, (unsigned long long)s->seed);
    return 0;
}

void bim_error(const char *cmd, const char *err)
{
    /* the library's errors start "bim: " (its block), which "gmc bim: " says */
    fprintf(stderr, "gmc %s: %s\n", cmd, strncmp(err, "bim: ", 5) ? err : err + 5);
}

/* ---- matrix files ---- */

/* Lines of a matrix file: "width 64" or a 64-bit row with its comment. */
#define MATRIX_LINE_MAX 4096

int bim_matrix_load(const char *path, gmc_gf2_t *m, char *err, size_t n)
{
    gmc_diag_t d = {path, err, n, NULL, 0, 0};
    FILE *f = gmc_file_open_diag(path, &d);   /* a FIFO or a device: refused, never waited on */
    if (!f)
        return -1;
    int rc = bim_matrix_read(f, path, m, err, n);
    fclose(f);
    return rc;
}

int bim_matrix_read(FILE *f, const char *path, gmc_gf2_t *m, char *err, size_t n)
{
    gmc_diag_t d = {path, err, n, NULL, 0, 0};
    gmc_lines_t r;
    gmc_quote_t q;
    unsigned width = 0, rows = 0;
    unsigned long row_line[64];
    const char *p;
    size_t l;
    int got, rc = -1;
    memset(m, 0, sizeof *m);
    if (gmc_lines_stream(&r, f, MATRIX_LINE_MAX, &d))
        return -1;
    while ((got = gmc_lines_next(&r, &p, &l, &d)) == 1) {
        const char *hash = memchr(p, '#', l);
        if (hash)
            l = (size_t)(hash - p);
        gmc_text_trim(&p, &l);
        if (!l)
            continue;
        if (!width) {
            uint64_t w;
            if (l < 6 || memcmp(p, "width", 5) || !gmc_text_blank(p[5])) {
                gmc_diag_error(&d, r.line, "expected 'width N', found %s", gmc_quote(&q, p, l));
                goto out;
            }
            const char *v = p + 5;
            size_t vl = l - 5;
            gmc_text_trim(&v, &vl);
            if (gmc_num_u64(v, vl, GMC_NUM_DEC, 64, &w) || w < 1) {
                gmc_diag_error(&d, r.line, "expected a width of 1..64, found %s", gmc_quote(&q, v, vl));
                goto out;
            }
            width = (unsigned)w;
            m->n = width;
            continue;
        }
        if (rows == width) {
            gmc_diag_error(&d, r.line, "expected end of file after %u rows, found %s", width,
                           gmc_quote(&q, p, l));
            goto out;
        }
        uint64_t v;
        int nrc = gmc_num_u64(p, l, GMC_NUM_HEX, UINT64_MAX, &v);
        if (nrc == GMC_NUM_BIG || nrc == GMC_NUM_TRAIL) {
            gmc_diag_error(&d, r.line, "expected a hex row mask of at most 64 bits, found %s",
                           gmc_quote(&q, p, l));
            goto out;
        }
        if (nrc) {
            gmc_diag_error(&d, r.line, "expected a hex row mask, found %s", gmc_quote(&q, p, l));
            goto out;
        }
        if (v & ~gmc_gf2_mask(width)) {
            gmc_diag_error(&d, r.line, "expected a mask below bit %u (width %u), found 0x%llx",
                           width, width, (unsigned long long)v);
            goto out;
        }
        row_line[rows] = r.line;
        m->row[rows++] = v;
    }
    if (got < 0)
        goto out;
    if (!width) {
        gmc_diag_error(&d, gmc_lines_eof_line(&r), "expected 'width N', found end of file");
        goto out;
    }
    if (rows < width) {
        gmc_diag_error(&d, gmc_lines_eof_line(&r), "expected %u rows, found %u (file truncated?)",
                       width, rows);
        goto out;
    }
    int dep = gmc_gf2_first_dependent_row(m);
    if (dep >= 0) {
        gmc_diag_error(&d, row_line[dep], "expected an invertible matrix, found row %d dependent "
                       "on the rows above it (rank %u of %u)", dep, gmc_gf2_rank(m), width);
        goto out;
    }
    rc = 0;
out:
    gmc_lines_close(&r);
    return rc;
}

void bim_matrix_write(FILE *f, const gmc_gf2_t *m, const char *comment)
{
    fprintf(f, "# gmc bim matrix%s%s\n# row i = hex mask of the input bits XORed into output bit i\n",
            comment ? ": " : "", comment ? comment : "");
    fprintf(f, "width %u\n", m->n);
    for (unsigned i = 0; i < m->n; i++)
        fprintf(f, "0x%0*llx  # out %u\n", (int)((m->n + 3) / 4), (unsigned long long)m->row[i], i);
}

int bim_sel_ipoly(bim_sel_t *s, const gmc_ipoly_t *ip, char *err, size_t n)
{
    if (gmc_bim_ipoly(s->map.width, ip->ch_at, ip->ch_bits, ip->sub_bits, &s->m, err, n))
        return -1;
    snprintf(s->label, sizeof s->label, "ipoly %u (-gpgpu_memory_partition_indexing 2)", ip->sets);
    return 0;
}
