/* gmc_dram_import: format detection, the shared finishing of the foreign
 * formats, and the -gpgpu_dram_timing_opt-string-alone reader
 * (gmc_dram_import.h; docs/memory.md "Config files"). */
#include "gmc_dram_import_impl.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/gmc_file.h"
#include "gmc_dev_kind.h"

static const char *const fmt_names[GMC_DRAM_NFMT] = {"gmc", "gpgpusim-config", "gpgpusim-timing",
                                                    "dramsim3-ini", "nvmain"};

const char *gmc_dram_fmt_name(gmc_dram_fmt_t f)
{
    return (unsigned)f < GMC_DRAM_NFMT ? fmt_names[f] : "?";
}

/* ------------------------------------------------------------ helpers */

int gmc_dram_imp_uint(gmc_dram_imp_t *im, unsigned ln, const char *what, const char *s,
                      size_t len, uint64_t *v)
{
    gmc_text_trim(&s, &len);
    int rc = gmc_num_u64(s, len, GMC_NUM_DEC, UINT64_MAX, v);
    return rc ? gmc_diag_expected_num(&im->d, ln, what, s, len, rc) : 0;
}

int gmc_dram_imp_set(gmc_dram_imp_t *im, unsigned ln, gmc_dram_param_t p, uint64_t v,
                     const char *what)
{
    const gmc_dram_param_info_t *in = gmc_dram_param_info(p);
    if (v < in->min || v > in->max) {
        gmc_diag_error(&im->d, ln, "expected %s (gmc %s) in %u..%u, found '%llu'", what,
                       in->key, in->min, in->max, (unsigned long long)v);
        return -1;
    }
    gmc_dram_cfg_set(im->c, p, (uint32_t)v);
    im->line[p] = ln;
    im->info->set |= 1ull << p;
    return 0;
}


void gmc_dram_imp_ignore(gmc_dram_imp_t *im, const char *name, size_t len)
{
    im->info->n_ignored++;
    gmc_text_list_add(im->info->ignored, sizeof im->info->ignored, name, len);
}

/* ------------------------------------------------------------ detection */

gmc_dram_fmt_t gmc_dram_fmt_detect(const char *text, size_t len)
{
    gmc_lines_t r;
    gmc_diag_t quiet = {NULL, NULL, 0, NULL, 0, 0};   /* a NUL byte: the format's reader says */
    const char *s;
    size_t n;
    gmc_lines_text(&r, text, len, GMC_LINES_ANY);
    while (gmc_lines_next(&r, &s, &n, &quiet) == 1) {
        gmc_text_trim(&s, &n);
        if (!n || s[0] == '#' || s[0] == ';')
            continue;
        if (s[0] == '[')
            return GMC_DRAM_FMT_DRAMSIM3;
        if (s[0] == '-')
            return GMC_DRAM_FMT_GPGPUSIM;
        if (s[0] == '"' || (s[0] >= '0' && s[0] <= '9'))
            return GMC_DRAM_FMT_TIMING;
        if (n > 3 && !memcmp(s, "nbk", 3)) {
            size_t i = 3;
            while (i < n && gmc_text_blank(s[i]))
                i++;
            if (i < n && s[i] == '=')
                return GMC_DRAM_FMT_TIMING;
        }
        /* NVMain: `KEY value`, a blank and no '=' after the key */
        size_t k = 0;
        while (k < n && !gmc_text_blank(s[k]) && s[k] != '=')
            k++;
        size_t j = k;
        while (j < n && gmc_text_blank(s[j]))
            j++;
        if (k && j > k && j < n && s[j] != '=')
            return GMC_DRAM_FMT_NVMAIN;
        return GMC_DRAM_FMT_GMC;
    }
    return GMC_DRAM_FMT_GMC;   /* empty: gmc's reader says what is missing */
}

/* ------------------------------------------------------------ finishing */

/* The documented defaults of optional keys follow what the file set (as in
 * gmc's own format), then gmc's checks, then the list of base values used. */
static int finish(gmc_dram_imp_t *im, unsigned last)
{
    gmc_dram_cfg_t *c = im->c;
    uint64_t *set = &im->info->set;
    const uint64_t reads = gmc_dev_kind_keys(gmc_dev_kind_of(c));
    static const struct { gmc_dram_param_t dst, src; } follow[] = {
        {GMC_DRAM_P_tRRD_L, GMC_DRAM_P_tRRD_S},
        {GMC_DRAM_P_tCCD_L, GMC_DRAM_P_tCCD_S},
        {GMC_DRAM_P_tWTR_L, GMC_DRAM_P_tWTR_S},
    };
    for (size_t i = 0; i < sizeof follow / sizeof follow[0]; i++)
        if (!(*set >> follow[i].dst & 1) && (*set >> follow[i].src & 1) &&
            (reads >> follow[i].dst & 1)) {
            gmc_dram_cfg_set(c, follow[i].dst, gmc_dram_cfg_get(c, follow[i].src));
            im->line[follow[i].dst] = im->line[follow[i].src];
            *set |= 1ull << follow[i].dst;
        }
    uint64_t burst = 1ull << GMC_DRAM_P_burst_length | 1ull << GMC_DRAM_P_data_rate;
    if (!(*set >> GMC_DRAM_P_tBURST & 1) && (*set & burst)) {
        unsigned ln = im->line[GMC_DRAM_P_burst_length] ? im->line[GMC_DRAM_P_burst_length]
                                                        : im->line[GMC_DRAM_P_data_rate];
        if (c->burst_length % c->data_rate || c->burst_length < c->data_rate) {
            gmc_diag_error(&im->d, ln, "expected a burst length that is a multiple of the "
                           "data beats per clock %u, found burst length '%u'", c->data_rate,
                           c->burst_length);
            return -1;
        }
        c->tBURST = c->burst_length / c->data_rate;
        im->line[GMC_DRAM_P_tBURST] = ln;
        *set |= 1ull << GMC_DRAM_P_tBURST;
    }
    if (c->refresh && (!c->tRFC || c->tREFI <= c->tRFC) && !(*set >> GMC_DRAM_P_tREFI & 1))
        im->line[GMC_DRAM_P_tREFI] = last;
    if (!(*set >> GMC_DRAM_P_ranks & 1) && (reads >> GMC_DRAM_P_ranks & 1)) {   /* a format without ranks: one, never the base's */
        c->ranks = 1;
        *set |= 1ull << GMC_DRAM_P_ranks;
    }
    for (int p = 0; p < GMC_DRAM_NPARAM; p++)
        if (!(*set >> p & 1) && !gmc_dram_param_is_power(p) && (reads >> p & 1))   /* not from the base: below */
            gmc_text_list_add(im->info->defaults, sizeof im->info->defaults,
                     gmc_dram_param_info((gmc_dram_param_t)p)->key,
                     strlen(gmc_dram_param_info((gmc_dram_param_t)p)->key));
    return gmc_dram_cfg_validate(c, &im->d, im->line);
}

/* ------------------------------------------------------------ timing string alone */

/* The string may span lines and carry '#' comments; errors name the line of
 * its first field. */
static int import_timing(gmc_dram_imp_t *im, const char *text, size_t len)
{
    char *buf = malloc(len + 1);
    if (!buf) {
        gmc_diag_error(&im->d, 0, "expected memory for the file, found none");
        return -1;
    }
    size_t o = 0, n;
    unsigned first = 0;
    const char *l;
    gmc_lines_t r;
    int got;
    gmc_lines_text(&r, text, len, GMC_LINES_ANY);
    while ((got = gmc_lines_next(&r, &l, &n, &im->d)) == 1) {
        const char *hash = memchr(l, '#', n);
        n = hash ? (size_t)(hash - l) : n;
        const char *s = l;
        size_t t = n;
        gmc_text_trim(&s, &t);
        if (t && !first)
            first = (unsigned)r.line;
        memcpy(buf + o, l, n);
        o += n;
        buf[o++] = '\n';
    }
    if (got < 0) {
        free(buf);
        return -1;
    }
    buf[o] = 0;
    gmc_dram_cfg_t g = *im->c;
    uint64_t set = 0;
    char e[256];
    int rc = gmc_dram_cfg_gpgpusim(buf, o, &g, &set, e, sizeof e);
    free(buf);
    if (rc) {
        gmc_diag_error(&im->d, first ? first : 1, "%s", e);
        return -1;
    }
    *im->c = g;
    im->info->set |= set;
    for (int p = 0; p < GMC_DRAM_NPARAM; p++)
        if (set >> p & 1)
            im->line[p] = first;
    return finish(im, r.line ? (unsigned)r.line : 1);
}

/* ------------------------------------------------------------ entry points */

int gmc_dram_import(const char *text, size_t len, const char *src, const gmc_dram_cfg_t *base,
                    gmc_dram_cfg_t *c, gmc_dram_import_t *info, char *err, size_t en,
                    char *warn, size_t wn)
{
    gmc_dram_import_t mine;   /* the caller's, or this call's own when it wants none */
    if (!info)
        info = &mine;
    memset(info, 0, sizeof *info);
    src = src ? src : "config";
    info->fmt = gmc_dram_fmt_detect(text, len);
    if (info->fmt == GMC_DRAM_FMT_GMC)
        return gmc_dram_cfg_parse_over(text, len, src, base, c, &info->set, err, en, warn, wn);
    gmc_dram_imp_t im;
    memset(&im, 0, sizeof im);
    im.d = (gmc_diag_t){src, err, en, warn, wn, 0};
    im.info = info;
    im.c = c;
    if (!base) {
        gmc_diag_error(&im.d, 0, "expected a base preset for the parameters a %s file does "
                       "not give, found none", gmc_dram_fmt_name(info->fmt));
        return -1;
    }
    if (info->fmt == GMC_DRAM_FMT_NVMAIN) {   /* a PCM device: the base's keys of kind pcm only */
        const uint64_t pk = gmc_dev_kind_keys(&gmc_dev_kind_pcm);
        *c = *base;
        c->name[0] = 0;
        for (int p = 0; p < GMC_DRAM_NPARAM; p++)
            if (!(pk >> p & 1) || (gmc_dev_kind_of(base) != &gmc_dev_kind_pcm &&
                                   !(gmc_dev_kind_keys(gmc_dev_kind_of(base)) >> p & 1)))
                gmc_dram_cfg_set(c, (gmc_dram_param_t)p, 0);
        c->kind = &gmc_dev_kind_pcm;
        if (gmc_dram_import_nvmain(&im, text, len) < 0)
            return -1;
        unsigned last = 1;
        for (size_t i = 0; i < len; i++)
            last += text[i] == '\n' && i + 1 < len;
        return finish(&im, last);
    }
    if (gmc_dev_kind_of(base) != &gmc_dev_kind_dram) {   /* these formats describe DRAM */
        gmc_diag_error(&im.d, 0, "expected a base config of kind dram for a %s file, found "
                       "kind %s", gmc_dram_fmt_name(info->fmt), gmc_dev_kind_of(base)->name);
        return -1;
    }
    *c = *base;
    c->name[0] = 0;
    c->kind = &gmc_dev_kind_dram;
    /* The base's power data describe the base's own device at its own clock:
     * a foreign file describes another device, so it has power data only if
     * it gives them itself (DRAMsim3 [power]); otherwise no energy is
     * reported rather than another device's. */
    for (int p = GMC_DRAM_P_vdd_mv; p <= GMC_DRAM_P_idd5_ma; p++)
        gmc_dram_cfg_set(c, (gmc_dram_param_t)p, 0);
    int rc;
    switch (info->fmt) {
    case GMC_DRAM_FMT_TIMING:   rc = import_timing(&im, text, len); break;
    case GMC_DRAM_FMT_GPGPUSIM: rc = gmc_dram_import_gpgpusim(&im, text, len); break;
    default:                    rc = gmc_dram_import_dramsim3(&im, text, len); break;
    }
    if (rc < 0 || info->fmt == GMC_DRAM_FMT_TIMING)
        return rc;
    unsigned last = 1;
    for (size_t i = 0; i < len; i++)
        last += text[i] == '\n' && i + 1 < len;
    return finish(&im, last);
}

int gmc_dram_read_file(const char *path, char **text, size_t *len, char *err, size_t en)
{
    gmc_diag_t d = {path, err, en, NULL, 0, 0};
    return gmc_file_read(path, 1u << 20, "a config file", text, len, &d);
}
