/* gmc_dram_import: format detection, the shared finishing of the foreign
 * formats, and the -gpgpu_dram_timing_opt-string-alone reader
 * (gmc_dram_import.h; docs/memory.md "Config files"). */
#include "gmc_dram_import_impl.h"
#include "mem/gmc_gpgpusim_opts.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char *const fmt_names[GMC_DRAM_NFMT] = {"gmc", "gpgpusim-config", "gpgpusim-timing",
                                                    "dramsim3-ini"};

const char *gmc_dram_fmt_name(gmc_dram_fmt_t f)
{
    return (unsigned)f < GMC_DRAM_NFMT ? fmt_names[f] : "?";
}

/* ------------------------------------------------------------ helpers */


int gmc_dram_imp_line(const char *text, size_t len, size_t *pos, unsigned *ln, gmc_dram_line_t *l)
{
    if (*pos >= len && !(len == 0 && *ln == 0))
        return 0;
    const char *b = text + *pos, *nl = memchr(b, '\n', len - *pos);
    l->s = b;
    l->len = nl ? (size_t)(nl - b) : len - *pos;
    l->ln = ++*ln;
    *pos += l->len + 1;
    return 1;
}

int gmc_dram_imp_uint(const char *s, size_t len, uint64_t *v)
{
    uint64_t x = 0;
    if (!len || len > 12)
        return -1;
    for (size_t i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        x = x * 10 + (uint64_t)(s[i] - '0');
    }
    *v = x;
    return 0;
}

int gmc_dram_imp_real(const char *s, size_t len, double *v)
{
    double x = 0, scale = 0;
    size_t digits = 0;
    if (!len || len > 24)
        return -1;
    for (size_t i = 0; i < len; i++) {
        if (s[i] == '.' && scale == 0) {
            scale = 1;
        } else if (s[i] >= '0' && s[i] <= '9') {
            x = x * 10 + (s[i] - '0');
            if (scale)
                scale *= 10;
            digits++;
        } else {
            return -1;
        }
    }
    if (!digits)
        return -1;
    *v = scale ? x / scale : x;
    return 0;
}

int gmc_dram_imp_expected(gmc_dram_imp_t *im, unsigned ln, const char *what, const char *s,
                          size_t len)
{
    char q[64];
    gmc_dram_diag_quote(s, len, q, sizeof q);
    gmc_dram_diag_error(&im->d, ln, "expected %s, found '%s'", what, q);
    return -1;
}

int gmc_dram_imp_set(gmc_dram_imp_t *im, unsigned ln, gmc_dram_param_t p, uint64_t v,
                     const char *what)
{
    const gmc_dram_param_info_t *in = gmc_dram_param_info(p);
    if (v < in->min || v > in->max) {
        gmc_dram_diag_error(&im->d, ln, "expected %s (gmc %s) in %u..%u, found '%llu'", what,
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
    size_t pos = 0;
    unsigned ln = 0;
    gmc_dram_line_t l;
    while (gmc_dram_imp_line(text, len, &pos, &ln, &l)) {
        const char *s = l.s;
        size_t n = l.len;
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
            while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\f' || s[i] == '\v'))
                i++;
            if (i < n && s[i] == '=')
                return GMC_DRAM_FMT_TIMING;
        }
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
    static const struct { gmc_dram_param_t dst, src; } follow[] = {
        {GMC_DRAM_P_tRRD_L, GMC_DRAM_P_tRRD_S},
        {GMC_DRAM_P_tCCD_L, GMC_DRAM_P_tCCD_S},
        {GMC_DRAM_P_tWTR_L, GMC_DRAM_P_tWTR_S},
    };
    for (size_t i = 0; i < sizeof follow / sizeof follow[0]; i++)
        if (!(*set >> follow[i].dst & 1) && (*set >> follow[i].src & 1)) {
            gmc_dram_cfg_set(c, follow[i].dst, gmc_dram_cfg_get(c, follow[i].src));
            im->line[follow[i].dst] = im->line[follow[i].src];
            *set |= 1ull << follow[i].dst;
        }
    uint64_t burst = 1ull << GMC_DRAM_P_burst_length | 1ull << GMC_DRAM_P_data_rate;
    if (!(*set >> GMC_DRAM_P_tBURST & 1) && (*set & burst)) {
        unsigned ln = im->line[GMC_DRAM_P_burst_length] ? im->line[GMC_DRAM_P_burst_length]
                                                        : im->line[GMC_DRAM_P_data_rate];
        if (c->burst_length % c->data_rate || c->burst_length < c->data_rate) {
            gmc_dram_diag_error(&im->d, ln, "expected a burst length that is a multiple of the "
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
    for (int p = 0; p < GMC_DRAM_NPARAM; p++)
        if (!(*set >> p & 1) && !gmc_dram_param_is_power(p))   /* not from the base: below */
            gmc_text_list_add(im->info->defaults, sizeof im->info->defaults,
                     gmc_dram_param_info((gmc_dram_param_t)p)->key,
                     strlen(gmc_dram_param_info((gmc_dram_param_t)p)->key));
    im->d.line = im->line;
    return gmc_dram_cfg_validate(c, &im->d);
}

/* ------------------------------------------------------------ timing string alone */

/* The string may span lines and carry '#' comments; errors name the line of
 * its first field. */
static int import_timing(gmc_dram_imp_t *im, const char *text, size_t len)
{
    char *buf = malloc(len + 1);
    if (!buf) {
        gmc_dram_diag_error(&im->d, 0, "expected memory for the file, found none");
        return -1;
    }
    size_t pos = 0, o = 0;
    unsigned ln = 0, first = 0;
    gmc_dram_line_t l;
    while (gmc_dram_imp_line(text, len, &pos, &ln, &l)) {
        const char *hash = memchr(l.s, '#', l.len);
        size_t n = hash ? (size_t)(hash - l.s) : l.len;
        const char *s = l.s;
        size_t t = n;
        gmc_text_trim(&s, &t);
        if (t && !first)
            first = l.ln;
        memcpy(buf + o, l.s, n);
        o += n;
        buf[o++] = '\n';
    }
    buf[o] = 0;
    gmc_dram_cfg_t g = *im->c;
    uint64_t set = 0;
    char e[256];
    int rc = gmc_dram_cfg_gpgpusim(buf, o, &g, &set, e, sizeof e);
    free(buf);
    if (rc) {
        gmc_dram_diag_error(&im->d, first ? first : 1, "%s", e);
        return -1;
    }
    *im->c = g;
    im->info->set |= set;
    for (int p = 0; p < GMC_DRAM_NPARAM; p++)
        if (set >> p & 1)
            im->line[p] = first;
    return finish(im, ln ? ln : 1);
}

/* ------------------------------------------------------------ entry points */

int gmc_dram_import(const char *text, size_t len, const char *src, const gmc_dram_cfg_t *base,
                    gmc_dram_cfg_t *c, gmc_dram_import_t *info, char *err, size_t en,
                    char *warn, size_t wn)
{
    static gmc_dram_import_t dummy;
    if (!info)
        info = &dummy;
    memset(info, 0, sizeof *info);
    src = src ? src : "config";
    info->fmt = gmc_dram_fmt_detect(text, len);
    if (info->fmt == GMC_DRAM_FMT_GMC)
        return gmc_dram_cfg_parse_over(text, len, src, base, c, &info->set, err, en, warn, wn);
    gmc_dram_imp_t im;
    memset(&im, 0, sizeof im);
    im.d = (gmc_dram_diag_t){src, NULL, err, en, warn, wn, 0};
    im.info = info;
    im.c = c;
    if (memchr(text, '\0', len)) {
        gmc_dram_diag_error(&im.d, 0, "expected text, found a NUL byte");
        return -1;
    }
    if (!base) {
        gmc_dram_diag_error(&im.d, 0, "expected a base preset for the parameters a %s file does "
                            "not give, found none", gmc_dram_fmt_name(info->fmt));
        return -1;
    }
    *c = *base;
    c->name[0] = 0;
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
    enum { MAX = 1 << 20 };
    struct stat sb;
    *text = NULL;
    if (stat(path, &sb) == 0 && S_ISDIR(sb.st_mode)) {
        snprintf(err, en, "%s: is a directory, expected a regular file", path);
        return -1;
    }
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, en, "%s: cannot read: %s", path, strerror(errno));
        return -1;
    }
    char *buf = malloc(MAX + 1);
    size_t got = buf ? fread(buf, 1, MAX + 1, f) : 0;
    int rerr = ferror(f) ? errno : 0;
    fclose(f);
    if (!buf)
        snprintf(err, en, "%s: expected memory for the file, found none", path);
    else if (rerr)
        snprintf(err, en, "%s: cannot read: %s", path, strerror(rerr));
    else if (got > MAX)
        snprintf(err, en, "%s: expected a config file of at most 1 MiB, found more", path);
    else {
        buf[got] = 0;
        *text = buf;
        *len = got;
        return 0;
    }
    free(buf);
    return -1;
}

int gmc_dram_import_load(const char *path, const gmc_dram_cfg_t *base, gmc_dram_cfg_t *c,
                         gmc_dram_import_t *info, char *err, size_t en, char *warn, size_t wn)
{
    char *text;
    size_t len;
    if (gmc_dram_read_file(path, &text, &len, err, en))
        return -1;
    int rc = gmc_dram_import(text, len, path, base, c, info, err, en, warn, wn);
    free(text);
    return rc;
}
