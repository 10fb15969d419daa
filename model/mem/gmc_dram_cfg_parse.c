/* gmc_dram_cfg: the `key = value` config-file reader (format in gmc_dram_cfg.h). */
#include "gmc_dram_cfg.h"
#include "gmc_dram_diag_impl.h"
#include "gmc_dram_import.h"
#include "gmc_dev_kind.h"
#include <stdlib.h>
#include <string.h>
#include "util/gmc_lines.h"
#include "util/gmc_num.h"
#include "util/gmc_quote.h"

/* FROM_BASE: the value came from the base cfg (a preset under --preset); the
 * file's keys override it, and the documented defaults of optional keys follow
 * the file's keys, not the base. */
enum { FROM_NONE = 0, FROM_BASE, FROM_GPGPUSIM, FROM_KEY };

typedef struct {
    gmc_diag_t d;
    unsigned line[GMC_DRAM_NPARAM];   /* where each parameter was set */
    uint8_t  from[GMC_DRAM_NPARAM];
    unsigned name_line, gpgpusim_line;
    const gmc_dev_kind_t *kind;       /* the text's `kind =`, else the base's, else dram */
    const gmc_dev_kind_t *base_kind;  /* the base's (NULL without a base) */
    unsigned kind_line;
} parser_t;

static int is_ws(char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\f' || ch == '\v';
}
static int is_key0(char ch)
{
    return (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') || ch == '_';
}
static int is_key(char ch) { return is_key0(ch) || (ch >= '0' && ch <= '9'); }
static int is_name(char ch) { return is_key(ch) || ch == '.' || ch == '-'; }

/* Checks one `key = value` for parameter p and sets it. */
static int set_param(parser_t *ps, gmc_dram_cfg_t *c, unsigned ln, int p, const char *v, size_t vl)
{
    const gmc_dram_param_info_t *in = gmc_dram_param_info((gmc_dram_param_t)p);
    gmc_quote_t q;
    if (ps->from[p] == FROM_KEY) {
        gmc_diag_error(&ps->d, ln, "expected each key once, found a second '%s' (first on "
                       "line %u)", in->key, ps->line[p]);
        return -1;
    }
    uint64_t x = 0;
    int rc = gmc_num_u64(v, vl, GMC_NUM_DEC, in->max, &x);
    if (rc || x < in->min) {
        /* the expected form and range say what is wrong: no gmc_num_note */
        gmc_diag_error(&ps->d, ln, "expected %s as a decimal integer in %u..%u, found %s",
                       in->key, in->min, in->max, gmc_quote(&q, v, vl));
        return -1;
    }
    gmc_dram_cfg_set(c, (gmc_dram_param_t)p, (uint32_t)x);
    ps->line[p] = ln;
    ps->from[p] = FROM_KEY;
    return 0;
}

/* `kind = NAME`: a registered device kind (gmc_dev_kind.h). */
static int set_kind(parser_t *ps, unsigned ln, const char *v, size_t vl)
{
    gmc_quote_t q;
    char name[32], names[160];
    if (ps->kind_line) {
        gmc_diag_error(&ps->d, ln, "expected each key once, found a second 'kind' (first on "
                       "line %u)", ps->kind_line);
        return -1;
    }
    const gmc_dev_kind_t *k = NULL;
    if (vl && vl < sizeof name) {
        memcpy(name, v, vl);
        name[vl] = 0;
        k = gmc_dev_kind_find(name, NULL, 0);
    }
    if (!k) {
        gmc_dev_kind_names(names, sizeof names);
        gmc_diag_error(&ps->d, ln, "expected a device kind (%s), found %s", names,
                       vl ? gmc_quote(&q, v, vl) : "nothing");
        return -1;
    }
    ps->kind = k;
    ps->kind_line = ln;
    return 0;
}

static int do_line(parser_t *ps, gmc_dram_cfg_t *c, unsigned ln, const char *s, size_t len)
{
    gmc_quote_t q;
    const char *hash = memchr(s, '#', len);
    if (hash)
        len = (size_t)(hash - s);
    while (len && is_ws(*s))
        s++, len--;
    while (len && is_ws(s[len - 1]))
        len--;
    if (!len)
        return 0;
    size_t kl = 0;
    if (is_key0(s[0]))
        while (kl < len && is_key(s[kl]))
            kl++;
    if (!kl) {
        gmc_diag_error(&ps->d, ln, "expected a key (e.g. tCL = 20), found %s", gmc_quote(&q, s, len));
        return -1;
    }
    const char *k = s, *v = s + kl;
    size_t vl = len - kl;
    while (vl && is_ws(*v))
        v++, vl--;
    if (!vl || *v != '=') {
        gmc_diag_error(&ps->d, ln, "expected '=' after '%.*s', found %s", (int)kl, k,
                       vl ? gmc_quote(&q, v, vl) : "nothing");
        return -1;
    }
    v++, vl--;
    while (vl && is_ws(*v))
        v++, vl--;
    if (kl == 4 && !memcmp(k, "name", 4)) {
        size_t i = 0;
        while (i < vl && is_name(v[i]))
            i++;
        if (ps->name_line) {
            gmc_diag_error(&ps->d, ln, "expected each key once, found a second 'name' "
                           "(first on line %u)", ps->name_line);
            return -1;
        }
        if (!vl || i != vl || vl >= sizeof c->name) {
            gmc_diag_error(&ps->d, ln, "expected a name of 1..%zu characters from "
                           "[A-Za-z0-9_.-], found %s", sizeof c->name - 1,
                           vl ? gmc_quote(&q, v, vl) : "nothing");
            return -1;
        }
        memcpy(c->name, v, vl);
        c->name[vl] = 0;
        ps->name_line = ln;
        return 0;
    }
    if (kl == 4 && !memcmp(k, "kind", 4))
        return set_kind(ps, ln, v, vl);
    if (kl == 15 && !memcmp(k, "gpgpusim_timing", 15)) {
        if (ps->gpgpusim_line) {
            gmc_diag_error(&ps->d, ln, "expected each key once, found a second "
                           "'gpgpusim_timing' (first on line %u)", ps->gpgpusim_line);
            return -1;
        }
        gmc_dram_cfg_t g = *c;
        uint64_t set = 0;
        char e[200];
        if (gmc_dram_cfg_gpgpusim(v, vl, &g, &set, e, sizeof e)) {
            gmc_diag_error(&ps->d, ln, "%s", e);
            return -1;
        }
        for (int p = 0; p < GMC_DRAM_NPARAM; p++)
            if ((set >> p & 1) && ps->from[p] != FROM_KEY) {
                gmc_dram_cfg_set(c, (gmc_dram_param_t)p, gmc_dram_cfg_get(&g, (gmc_dram_param_t)p));
                ps->from[p] = FROM_GPGPUSIM;
                ps->line[p] = ln;
            }
        ps->gpgpusim_line = ln;
        return 0;
    }
    int p = gmc_dram_param_find(k, kl);
    if (p < 0) {
        gmc_diag_error(&ps->d, ln, "expected a parameter name (name, kind, gpgpusim_timing, "
                       "channels, ..., tCL, ...; see docs/memory.md), found %s", gmc_quote(&q, k, kl));
        return -1;
    }
    return set_param(ps, c, ln, p, v, vl);
}

/* Only the kind's keys, defaults for its optional keys, then the
 * required-key check. */
static int finish(parser_t *ps, gmc_dram_cfg_t *c, unsigned last)
{
    const gmc_dev_kind_t *kd = ps->kind ? ps->kind : &gmc_dev_kind_dram;
    const uint64_t keys = gmc_dev_kind_keys(kd), req = gmc_dev_kind_required(kd);
    c->kind = kd;
    if (ps->base_kind && kd != ps->base_kind)   /* another kind's base says nothing of this one */
        for (int p = 0; p < GMC_DRAM_NPARAM; p++)
            if (ps->from[p] == FROM_BASE) {
                gmc_dram_cfg_set(c, (gmc_dram_param_t)p, 0);
                ps->from[p] = FROM_NONE;
            }
    for (int p = 0; p < GMC_DRAM_NPARAM; p++)
        if (ps->from[p] > FROM_BASE && !(keys >> p & 1)) {
            gmc_diag_error(&ps->d, ps->line[p], "expected a key of kind %s, found '%s' (a key "
                           "kind %s does not read)", kd->name,
                           gmc_dram_param_info((gmc_dram_param_t)p)->key, kd->name);
            return -1;
        }
#define READS(p) (keys >> GMC_DRAM_P_##p & 1)
#define DEFAULT_FROM(dst, srcp)                                                  \
    if (READS(dst) && READS(srcp) &&                                             \
        ps->from[GMC_DRAM_P_##dst] <= FROM_BASE && ps->from[GMC_DRAM_P_##srcp] > FROM_BASE) { \
        c->dst = c->srcp;                                             \
        ps->line[GMC_DRAM_P_##dst] = ps->line[GMC_DRAM_P_##srcp];     \
        ps->from[GMC_DRAM_P_##dst] = ps->from[GMC_DRAM_P_##srcp];     \
    }
    DEFAULT_FROM(tRRD_L, tRRD_S)
    DEFAULT_FROM(tCCD_L, tCCD_S)
    DEFAULT_FROM(tWTR_L, tWTR_S)
#undef DEFAULT_FROM
    if (READS(ranks) && !ps->from[GMC_DRAM_P_ranks])
        c->ranks = 1;
    int bl = GMC_DRAM_P_burst_length, dr = GMC_DRAM_P_data_rate, tb = GMC_DRAM_P_tBURST;
    if (READS(tBURST) && ps->from[tb] <= FROM_BASE && ps->from[bl] && ps->from[dr] &&
        (ps->from[bl] > FROM_BASE || ps->from[dr] > FROM_BASE)) {
        if (c->burst_length % c->data_rate || c->burst_length < c->data_rate) {
            gmc_diag_error(&ps->d, ps->line[bl], "expected an explicit tBURST (burst_length "
                           "%u is not a multiple of data_rate %u), found none",
                           c->burst_length, c->data_rate);
            return -1;
        }
        c->tBURST = c->burst_length / c->data_rate;
        ps->line[tb] = ps->line[bl];
        ps->from[tb] = FROM_KEY;
    }
    int refresh = READS(refresh) && ps->from[GMC_DRAM_P_refresh] && c->refresh;
#undef READS
    for (int p = 0; p < GMC_DRAM_NPARAM; p++) {
        const gmc_dram_param_info_t *in = gmc_dram_param_info((gmc_dram_param_t)p);
        const int required = req >> p & 1;
        int need = required || (refresh && (p == GMC_DRAM_P_tRFC || p == GMC_DRAM_P_tREFI));
        if (need && !ps->from[p]) {
            gmc_diag_error(&ps->d, last, "expected the %s key '%s' (%s), found end of file",
                           required ? "required" : "refresh", in->key, in->doc);
            return -1;
        }
    }
    return 0;
}

int gmc_dram_cfg_parse(const char *text, size_t len, const char *src, gmc_dram_cfg_t *c,
                       char *err, size_t en, char *warn, size_t wn)
{
    return gmc_dram_cfg_parse_over(text, len, src, NULL, c, NULL, err, en, warn, wn);
}

int gmc_dram_cfg_parse_over(const char *text, size_t len, const char *src,
                            const gmc_dram_cfg_t *base, gmc_dram_cfg_t *c, uint64_t *set,
                            char *err, size_t en, char *warn, size_t wn)
{
    parser_t ps;
    memset(&ps, 0, sizeof ps);
    ps.d = (gmc_diag_t){src ? src : "config", err, en, warn, wn, 0};
    memset(c, 0, sizeof *c);
    if (base) {
        *c = *base;
        c->name[0] = 0;   /* the file names itself or stays unnamed */
        memset(ps.from, FROM_BASE, sizeof ps.from);
        ps.kind = ps.base_kind = gmc_dev_kind_of(base);
    }
    gmc_lines_t r;
    const char *s;
    size_t n;
    int got;
    gmc_lines_text(&r, text, len, GMC_LINES_ANY);
    while ((got = gmc_lines_next(&r, &s, &n, &ps.d)) == 1)
        if (do_line(&ps, c, (unsigned)r.line, s, n))
            return -1;
    if (got < 0 || finish(&ps, c, r.line ? (unsigned)r.line : 1))
        return -1;
    if (set) {
        *set = 0;
        for (int p = 0; p < GMC_DRAM_NPARAM; p++)
            if (ps.from[p] > FROM_BASE)
                *set |= 1ull << p;
    }
    return gmc_dram_cfg_validate(c, &ps.d, ps.line);
}

int gmc_dram_cfg_load(const char *path, gmc_dram_cfg_t *c, char *err, size_t en,
                      char *warn, size_t wn)
{
    char *text;
    size_t len;
    if (gmc_dram_read_file(path, &text, &len, err, en))
        return -1;
    int rc = gmc_dram_cfg_parse(text, len, path, c, err, en, warn, wn);
    free(text);
    return rc;
}
