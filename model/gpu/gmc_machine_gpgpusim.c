/* gmc_machine_gpgpusim: the reader of a whole gpgpusim.config -- its
 * `-name value` lines, the DRAM part handed to gmc_dram_import, the
 * final gmc_machine_check and the used / ignored / defaults lists
 * (gmc_machine_gpgpusim.h).  The machine options themselves are applied in
 * gmc_machine_gpgpusim_apply.c.
 *
 * The lines are split into options by model/mem's gmc_gpgpusim_opts, the
 * reader the DRAM importer uses too, so both read a file alike. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gpu/gmc_machine_gpgpusim_impl.h"
#include "mem/gmc_dram_import.h"
#include "mem/gmc_gpgpusim_opts.h"
#include "util/gmc_diag.h"
#include "util/gmc_lines.h"
#include "util/gmc_quote.h"
#include "util/gmc_text.h"

/* ------------------------------------------------------------ helpers */

int gmc_gs_value(gmc_gs_t *g, const gmc_gs_opt_t *o, char *out, size_t n)
{
    size_t k = 0;
    for (size_t i = 0; i < o->vl; i++) {
        char ch = o->v[i];
        if (ch == '"' || ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n' || ch == '\f' ||
            ch == '\v')
            continue;
        if (k + 1 >= n) {
            gmc_quote_t q;
            return gmc_diag_error(&g->d, o->ln, "%.*s: expected a value of at most %zu "
                                  "characters, found %s", (int)o->nl, o->name, n - 1,
                                  gmc_quote(&q, o->v, o->vl));
        }
        out[k++] = ch;
    }
    out[k] = 0;
    if (!k)
        return gmc_diag_error(&g->d, o->ln, "%.*s: expected a value, found none", (int)o->nl, o->name);
    return 0;
}

/* ------------------------------------------------------------ detection */

int gmc_machine_is_gpgpusim(const char *text, size_t len)
{
    gmc_lines_t r;
    gmc_diag_t quiet = {NULL, NULL, 0, NULL, 0, 0};   /* a NUL byte: the reader of the format says */
    const char *s;
    size_t n;
    gmc_lines_text(&r, text, len, GMC_LINES_ANY);
    while (gmc_lines_next(&r, &s, &n, &quiet) == 1) {
        gmc_text_trim(&s, &n);
        if (!n || s[0] == '#')
            continue;
        return s[0] == '-';
    }
    return 0;
}

/* ------------------------------------------------------------ the lines */

static int find_entry(const char *s, size_t n)
{
    for (unsigned i = 0; i < gmc_gs_nentries; i++)
        if (strlen(gmc_gs_entries[i].name) == n && !memcmp(gmc_gs_entries[i].name, s, n))
            return (int)i;
    return -1;
}

/* Splits the text into options (gmc_gs_tok_next, the DRAM importer's
 * reader too); *opts is malloc'd (the caller frees). */
static int tokenize(gmc_gs_t *g, const char *text, size_t len, gmc_gs_opt_t **opts, unsigned *nopt)
{
    unsigned cap = 1;
    for (size_t i = 0; i < len; i++)
        cap += text[i] == '\n';
    gmc_gs_opt_t *o = malloc(cap * sizeof *o);
    if (!o)
        return gmc_diag_error(&g->d, 0, "expected memory for the file, found none");
    *opts = o;
    *nopt = 0;
    gmc_gs_toks_t toks;
    gmc_gs_tok_t t;
    int r;
    gmc_gs_toks_init(&toks, text, len);
    while ((r = gmc_gs_tok_next(&toks, &t, &g->d)) != GMC_GS_TOK_END) {
        if (r == GMC_GS_TOK_ERROR)
            return -1;
        if (r == GMC_GS_TOK_NOT_OPTION)
            return gmc_diag_expected(&g->d, t.ln, "a GPGPU-Sim option '-name value'", t.name, t.nl);
        if (r == GMC_GS_TOK_UNCLOSED)
            return gmc_diag_error(&g->d, t.ln, "%.*s: expected a closing '\"', found end of file",
                                  (int)t.nl, t.name);
        o[*nopt] = (gmc_gs_opt_t){t.name, t.v, t.nl, t.vl, t.ln, t.b, t.e, find_entry(t.name, t.nl)};
        (*nopt)++;
    }
    return 0;
}

/* ------------------------------------------------------------ the machine's name */

/* The file's basename without its extension; "gpgpusim.config" (every
 * GPGPU-Sim config's name) takes its directory's name instead. */
static void name_from(const char *src, char *out, size_t n)
{
    const char *b = strrchr(src, '/'), *dir = NULL;
    size_t dl = 0;
    if (b) {
        const char *d = b;
        while (d > src && d[-1] != '/')
            d--;
        dir = d, dl = (size_t)(b - d);
        b++;
    } else {
        b = src;
    }
    size_t bl = strlen(b);
    const char *dot = strrchr(b, '.');
    if (dot && dot > b)
        bl = (size_t)(dot - b);
    if (bl == 8 && !memcmp(b, "gpgpusim", 8) && dl)
        b = dir, bl = dl;
    if (!bl)
        b = "gpgpusim", bl = 8;
    size_t k = 0;
    for (size_t i = 0; i < bl && k + 1 < n; i++) {
        char ch = b[i];
        int ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
                 ch == '_' || ch == '.' || ch == '-';
        out[k++] = ok ? ch : '_';
    }
    out[k] = 0;
}

/* ------------------------------------------------------------ the DRAM part */

/* gmc_dram_import over the base machine's DRAM preset, on a copy of the
 * text without the controller/L2 options the machine reads (so that the
 * DRAM importer's "not read" warning names only options nobody reads). */
static int import_dram(gmc_gs_t *g, const char *text, size_t len, const gmc_gs_opt_t *o,
                       unsigned nopt, const gmc_machine_t *base, gmc_dram_cfg_t *dram, char *map,
                       size_t mapn, int want_map, gmc_machine_import_t *info)
{
    gmc_dram_cfg_t bd;
    char e[512], dw[1];
    if (gmc_dram_cfg_preset(base->dram, &bd, e, sizeof e, dw, 0) < 0)
        return gmc_diag_error(&g->d, 0, "expected the base machine %s's DRAM preset, found: %s",
                              base->name, e);
    char *copy = malloc(len + 1);
    if (!copy)
        return gmc_diag_error(&g->d, 0, "expected memory for the file, found none");
    memcpy(copy, text, len);
    copy[len] = 0;
    for (unsigned i = 0; i < nopt; i++)
        if (o[i].ent >= 0 && (gmc_gs_entries[o[i].ent].flags & GMC_GS_HIDE))
            for (size_t k = o[i].b; k < o[i].e; k++)
                if (copy[k] != '\n')
                    copy[k] = ' ';
    gmc_dram_import_t di;
    int dn = gmc_dram_import(copy, len, g->d.src, &bd, dram, &di, g->d.err, g->d.en, g->d.warn,
                             g->d.wn);
    free(copy);
    if (dn < 0)
        return -1;
    g->d.nwarn += dn;
    map[0] = 0;
    if (di.map[0]) {
        if (strlen(di.map) >= mapn)
            return gmc_diag_error(&g->d, 0, "expected room for a map of %zu characters, found %zu",
                                  strlen(di.map), mapn ? mapn - 1 : 0);
        snprintf(map, mapn, "%s", di.map);
    } else if (di.map_err[0] && want_map) {
        /* map_err is "src:line: -gpgpu_mem_addr_mapping: expected ..."; a map
         * the caller wants and gmc cannot honour stops the import, as
         * GPGPU-Sim stops on it (a caller with its own map passes none) */
        char at[320];
        const char *rest = di.map_err;
        int k = snprintf(at, sizeof at, "%s:%u: ", g->d.src, di.map_line);
        if (k > 0 && !strncmp(rest, at, (size_t)k))
            rest += k;
        return gmc_diag_error(&g->d, di.map_line, "%s (gmc sim --map SPEC replaces the file's map)",
                              rest);
    }
    info->ipoly = di.ipoly;
    snprintf(info->dram_note, sizeof info->dram_note, "%s over DRAM preset %s; map: %s%s",
             gmc_dram_fmt_name(di.fmt), base->dram,
             map[0] ? "-gpgpu_mem_addr_mapping" : di.map_err[0] ? "unusable, derived" : "none given, derived",
             di.ipoly.sets ? " with its IPoly channel hash as a BIM" : "");
    snprintf(info->dram_defaults, sizeof info->dram_defaults, "%s", di.defaults);
    return 0;
}

/* ------------------------------------------------------------ the final check */

/* gmc_machine_check, its error ("machine NAME: key...") said at the line
 * and option that set the key (gmc_machine_blame). */
static int check(gmc_gs_t *g)
{
    char e[512];
    if (!gmc_machine_check(g->m, e, sizeof e))
        return 0;
    if (gmc_machine_blame(g->m, g->origin, e, sizeof e) >= 0) {   /* "SRC:LINE: OPT: ..." */
        snprintf(g->d.err, g->d.en, "%s", e);
        return -1;
    }
    char pre[80];
    snprintf(pre, sizeof pre, "machine %s: ", g->m->name);
    const char *rest = strncmp(e, pre, strlen(pre)) ? e : e + strlen(pre);
    return gmc_diag_error(&g->d, 0, "with the base machine's values: %s", rest);
}

/* ------------------------------------------------------------ entry point */

static void lists(gmc_gs_t *g, const gmc_gs_opt_t *o, unsigned nopt, gmc_machine_import_t *info)
{
    for (unsigned i = 0; i < nopt; i++) {
        int dup = 0;
        for (unsigned j = 0; j < i && !dup; j++)
            dup = o[j].nl == o[i].nl && !memcmp(o[j].name, o[i].name, o[i].nl);
        if (dup)
            continue;
        int e = o[i].ent, used = 0;
        if (e >= 0 && (gmc_gs_entries[e].flags & GMC_GS_ZERO)) {
            const char *v = o[i].v;
            size_t vl = o[i].vl;
            gmc_text_trim(&v, &vl);
            static const char ip[] = "-gpgpu_memory_partition_indexing";
            used = (vl == 1 && v[0] == '0') ||   /* or IPoly, applied as a BIM (import_dram) */
                   (info->ipoly.sets && o[i].nl == sizeof ip - 1 && !memcmp(o[i].name, ip, o[i].nl));
        } else if (e >= 0) {
            used = g->used[e] || (gmc_gs_entries[e].flags & GMC_GS_DRAM);
        }
        if (used) {
            info->n_used++;
            gmc_text_list_add(info->used, sizeof info->used, o[i].name, o[i].nl);
        } else {
            info->n_ignored++;
            gmc_text_list_add(info->ignored, sizeof info->ignored, o[i].name, o[i].nl);
        }
    }
    for (unsigned k = 0; k < GMC_MACHINE_NPARAM; k++)
        if (!gmc_machine_key_is_set(g->m, k)) {
            const char *n = gmc_machine_param_name(k);
            gmc_text_list_add(info->defaults, sizeof info->defaults, n, strlen(n));
        }
    static const unsigned names[] = {GMC_MACHINE_K_warp_sched, GMC_MACHINE_K_mem_sched};
    for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!g->origin->src[names[i]]) {
            const char *n = gmc_machine_key_name(names[i]);
            gmc_text_list_add(info->defaults, sizeof info->defaults, n, strlen(n));
        }
}

int gmc_machine_gpgpusim(const char *text, size_t len, const char *src, const gmc_machine_t *base,
                         gmc_machine_t *m, gmc_dram_cfg_t *dram, char *map, size_t mapn,
                         gmc_machine_import_t *info, char *err, size_t en, char *warn, size_t wn)
{
    gmc_machine_import_t mine;   /* this call's own when the caller wants none */
    if (!info)
        info = &mine;
    memset(info, 0, sizeof *info);
    gmc_gs_t g;
    memset(&g, 0, sizeof g);
    g.d = (gmc_diag_t){src ? src : "config", err, en, warn, wn, 0};
    g.m = m;
    g.origin = &info->origin;
    char nomap[sizeof ((gmc_dram_import_t *)0)->map];
    const int want_map = map && mapn;   /* else the caller has its own: a bad one does not matter */
    if (!want_map)
        map = nomap, mapn = sizeof nomap;
    if (!base)
        return gmc_diag_error(&g.d, 0, "expected a base machine for the keys the file does not "
                              "give, found none");
    *m = *base;
    gmc_machine_keys_clear(m);
    name_from(g.d.src, m->name, sizeof m->name);
    snprintf(m->dram, sizeof m->dram, "imported");
    m->addr_map[0] = 0;

    gmc_gs_opt_t *o = NULL;
    unsigned nopt = 0;
    int rc = tokenize(&g, text, len, &o, &nopt);
    for (unsigned i = 0; rc == 0 && i < nopt; i++) {
        int e = o[i].ent;
        if (e < 0)
            continue;
        const gmc_gs_entry_t *en_ = &gmc_gs_entries[e];
        if (!o[i].vl)
            rc = gmc_diag_error(&g.d, o[i].ln, "%s: expected a value, found none", en_->name);
        /* repeats: the last one counts, as in GPGPU-Sim (the DRAM importer
         * says so for the options it reads) */
        else if (g.last[e] && !(en_->flags & GMC_GS_DRAM))
            gmc_diag_warn(&g.d, o[i].ln, "%s given again (first on line %u); the last one counts, "
                          "as in GPGPU-Sim", en_->name, g.last[e]->ln);
        g.last[e] = &o[i];
    }
    if (rc == 0)
        rc = gmc_gs_apply(&g);
    if (rc == 0) {
        /* GPGPU-Sim picks a channel's sub-partition (gmc's L2 slice) by the
         * bank's low bits, IPoly-hashed under -gpgpu_memory_partition_indexing
         * 2 (addrdec.cc): every GPGPU-Sim config does, so the file sets it */
        g.m->l2_slice_bank = 1;
        gmc_machine_key_set(g.m, GMC_MACHINE_P_l2_slice_bank);
        /* and rounds registers per thread up to a multiple of 4 when it
         * fits CTAs (shader.cc max_cta / occupy_shader_resource_1block) */
        g.m->regs_round = 4;
        gmc_machine_key_set(g.m, GMC_MACHINE_P_regs_round);
    }
    if (rc == 0)
        rc = import_dram(&g, text, len, o, nopt, base, dram, map, mapn, want_map, info);
    if (rc == 0)
        rc = check(&g);
    if (rc == 0)
        lists(&g, o, nopt, info);
    free(o);
    return rc < 0 ? -1 : g.d.nwarn;
}
