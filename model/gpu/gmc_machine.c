/* gmc_machine: machine config text (`key = value  # comment`), presets,
 * and the cross-key checks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gpu/gmc_machine.h"
#include "gpu/gmc_kernel.h"
#include "gpu/gmc_alloc.h"
#include "gpu/gmc_dispatch.h"
#include "gpu/gmc_icnt.h"
#include "gpu/gmc_wsched.h"
#include "util/gmc_lines.h"
#include "util/gmc_num.h"
#include "util/gmc_quote.h"
#include "util/gmc_text.h"
#include "mc/gmc_mc_pol.h"
#include "mc/gmc_sched.h"
#include "mc/gmc_hybrid.h"
#include "mem/gmc_dram_cfg.h"

_Static_assert(GMC_MACHINE_P_udp_ii == GMC_MACHINE_P_int_units + 3 * (GMC_UNIT_N - 1) - 1,
               "the unit keys are three per gmc_unit_t class, in its order (gmc_machine_unit_key)");

static const struct { const char *key; uint32_t lo, hi; } params[GMC_MACHINE_NPARAM] = {
#define GMC_MACHINE_P_META_(k, lo, hi, unit, doc) {#k, lo, hi},
    GMC_MACHINE_PARAMS(GMC_MACHINE_P_META_)
#undef GMC_MACHINE_P_META_
};

const char *gmc_machine_param_name(unsigned i) { return i < GMC_MACHINE_NPARAM ? params[i].key : NULL; }

const char *gmc_machine_name_key(unsigned i)
{
    static const char *const keys[] = {
#define K_(f) #f,
        GMC_MACHINE_NAME_KEYS(K_)
#undef K_
    };
    return i < sizeof keys / sizeof keys[0] ? keys[i] : NULL;
}

const char *gmc_machine_key_name(unsigned k)
{
    return k < GMC_MACHINE_NPARAM ? params[k].key : gmc_machine_name_key(k - GMC_MACHINE_NPARAM);
}

uint32_t gmc_machine_get(const gmc_machine_t *m, unsigned i)
{
    switch (i) {
#define GMC_MACHINE_P_GET_(k, lo, hi, unit, doc) case GMC_MACHINE_P_##k: return m->k;
        GMC_MACHINE_PARAMS(GMC_MACHINE_P_GET_)
#undef GMC_MACHINE_P_GET_
    }
    return 0;
}

static void set_param(gmc_machine_t *m, unsigned i, uint32_t v)
{
    switch (i) {
#define GMC_MACHINE_P_SET_(k, lo, hi, unit, doc) case GMC_MACHINE_P_##k: m->k = v; break;
        GMC_MACHINE_PARAMS(GMC_MACHINE_P_SET_)
#undef GMC_MACHINE_P_SET_
    }
    gmc_machine_key_set(m, i);
}

/* String keys (any [A-Za-z0-9_.-] word; gmc_machine_check and the GPU's
 * construction check the names): the text's field and its capacity, and
 * the key's number (GMC_MACHINE_NKEYS numbering). */
static char *str_field(gmc_machine_t *m, const char *key, size_t *cap, unsigned *k)
{
    *k = GMC_MACHINE_NPARAM;
#define S_(f) if (!strcmp(key, #f)) { *cap = sizeof m->f; return m->f; } ++*k;
    GMC_MACHINE_NAME_KEYS(S_)
#undef S_
    return NULL;
}

void gmc_machine_set_label(char *out, size_t n, unsigned i, const char *kv)
{
    gmc_quote_t q;
    gmc_quote(&q, kv, strlen(kv));
    size_t l = strlen(q.s);
    q.s[0] = '(';        /* 'KV' as (KV): the quoting's escapes, no quotes */
    q.s[l - 1] = ')';
    if (i)
        snprintf(out, n, "--set #%u %s", i, q.s);
    else
        snprintf(out, n, "--set %s", q.s);
}

static int parse_text(const char *text, size_t len, gmc_diag_t *d, int numbered, gmc_machine_t *m,
                      gmc_machine_origin_t *o);

int gmc_machine_set_at(gmc_machine_t *m, const char *kv, const char *src, gmc_machine_origin_t *o,
                       char *err, size_t n)
{
    gmc_diag_t d = {src, err, n, NULL, 0, 0};
    const char *eq = strchr(kv, '=');
    if (!eq || eq == kv)
        return gmc_diag_expected(&d, 0, "KEY=VALUE", kv, strlen(kv));
    size_t len = strlen(kv) + 3;   /* "KEY = VALUE": the parser's line */
    char *line = malloc(len + 1);
    if (!line)
        return gmc_diag_error(&d, 0, "expected memory for the line, found none");
    snprintf(line, len + 1, "%.*s = %s", (int)(eq - kv), kv, eq + 1);
    int rc = parse_text(line, strlen(line), &d, 0, m, o);
    free(line);
    return rc;
}

int gmc_machine_set(gmc_machine_t *m, const char *kv, char *err, size_t n)
{
    return gmc_machine_set_at(m, kv, "--set", NULL, err, n);
}

/* Longest line of a machine file (its comments included). */
#define LINE_MAX_ 511

static int name_char(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
           c == '_' || c == '.' || c == '-';
}

void gmc_machine_origin_set(gmc_machine_origin_t *o, unsigned k, const char *src, const char *opt,
                            unsigned line)
{
    if (!o || k >= GMC_MACHINE_NKEYS)
        return;
    o->src[k] = src;
    o->opt[k] = opt;
    o->line[k] = line;
    o->seq[k] = ++o->nseq;
}

/* Key k was given at line ln of d's input. */
static void given(gmc_machine_origin_t *o, unsigned k, const gmc_diag_t *d, unsigned long ln)
{
    gmc_machine_origin_set(o, k, d->src, NULL, (unsigned)ln);
}

/* One `key = value` line (the comment cut, not blank) over *m. */
static int parse_line(gmc_diag_t *d, unsigned long ln, const char *s, size_t n, gmc_machine_t *m,
                      gmc_machine_origin_t *o)
{
    gmc_quote_t q;
    const char *eq = memchr(s, '=', n);
    if (!eq)
        return gmc_diag_expected(d, ln, "`key = value`", s, n);
    const char *k = s, *v = eq + 1;
    size_t kl = (size_t)(eq - s), vl = n - kl - 1;
    gmc_text_trim(&k, &kl);
    gmc_text_trim(&v, &vl);
    if (!vl)
        return gmc_diag_error(d, ln, "expected a value for %.*s, found none", (int)kl, k);
    char key[64];
    snprintf(key, sizeof key, "%.*s", (int)(kl < sizeof key ? kl : sizeof key - 1), k);
    size_t cap;
    unsigned sk;
    char *sf = kl < sizeof key ? str_field(m, key, &cap, &sk) : NULL;
    if (sf) {
        for (size_t i = 0; i < vl; i++)
            if (!name_char(v[i]))
                return gmc_diag_error(d, ln, "%s: expected a name of [A-Za-z0-9_.-], found %s", key,
                                      gmc_quote(&q, v, vl));
        if (vl >= cap)
            return gmc_diag_error(d, ln, "%s: expected at most %zu characters, found %s", key,
                                  cap - 1, gmc_quote(&q, v, vl));
        memcpy(sf, v, vl);
        sf[vl] = 0;
        given(o, sk, d, ln);
        return 0;
    }
    unsigned i = 0;
    while (i < GMC_MACHINE_NPARAM && !(strlen(params[i].key) == kl && !memcmp(params[i].key, k, kl)))
        i++;
    if (i == GMC_MACHINE_NPARAM)
        return gmc_diag_expected(d, ln, "a machine key (gmc sim --machine-keys)", k, kl);
    /* decimal ("010" is ten), or hex after 0x; the range as the message says */
    uint64_t x = 0;
    int rc = gmc_num_u64(v, vl, GMC_NUM_0X, params[i].hi, &x);
    if (rc || x < params[i].lo)
        return gmc_diag_error(d, ln, "%s: expected an integer in %u..%u, found %s", key,
                              params[i].lo, params[i].hi, gmc_quote(&q, v, vl));
    set_param(m, i, (uint32_t)x);
    given(o, i, d, ln);
    return 0;
}

/* The lines of text over *m; numbered 0: the text is one override with no
 * line of its own (--set), said as "SRC: ..." */
static int parse_text(const char *text, size_t len, gmc_diag_t *d, int numbered, gmc_machine_t *m,
                      gmc_machine_origin_t *o)
{
    gmc_lines_t r;
    const char *s;
    size_t l;
    int got;
    gmc_lines_text(&r, text, len, LINE_MAX_);
    while ((got = gmc_lines_next(&r, &s, &l, d)) == 1) {
        const char *h = memchr(s, '#', l);
        if (h)
            l = (size_t)(h - s);
        gmc_text_trim(&s, &l);
        if (l && parse_line(d, numbered ? r.line : 0, s, l, m, o))
            return -1;
    }
    return got;
}

int gmc_machine_parse_at(const char *text, size_t len, const char *src, gmc_machine_t *m,
                         gmc_machine_origin_t *o, char *err, size_t n)
{
    gmc_diag_t d = {src, err, n, NULL, 0, 0};
    return parse_text(text, len, &d, 1, m, o);
}

int gmc_machine_parse(const char *text, size_t len, const char *src, gmc_machine_t *m,
                      char *err, size_t n)
{
    return gmc_machine_parse_at(text, len, src, m, NULL, err, n);
}

/* The key whose name starts s, followed by ':' or ' ' (the longest), or -1. */
static int key_at(const char *s)
{
    int best = -1;
    size_t bl = 0;
    for (unsigned k = 0; k < GMC_MACHINE_NKEYS; k++) {
        const char *name = gmc_machine_key_name(k);
        size_t kl = strlen(name);
        if (kl > bl && !strncmp(s, name, kl) && (s[kl] == ':' || s[kl] == ' '))
            best = (int)k, bl = kl;
    }
    return best;
}

static int word_char(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'; }

/* Whether s names key k as a word (`name` never: it is a word of the
 * messages too). */
static int names_key(const char *s, unsigned k)
{
    const char *name = gmc_machine_key_name(k);
    size_t kl = strlen(name);
    if (!strcmp(name, "name"))
        return 0;
    for (const char *p = strstr(s, name); p; p = strstr(p + 1, name))
        if ((p == s || !word_char(p[-1])) && !word_char(p[kl]))
            return 1;
    return 0;
}

int gmc_machine_blame(const gmc_machine_t *m, const gmc_machine_origin_t *o, char *err, size_t n)
{
    char pre[80];
    int pl = snprintf(pre, sizeof pre, "machine %s: ", m->name);
    if (!o || pl < 0 || strncmp(err, pre, (size_t)pl))
        return -1;
    const char *rest = err + pl;
    int first = key_at(rest), k = -1;
    for (unsigned j = 0; j < GMC_MACHINE_NKEYS; j++)
        if (o->src[j] && ((int)j == first || names_key(rest, j)) && (k < 0 || o->seq[j] > o->seq[k]))
            k = (int)j;
    if (k < 0)
        return -1;
    char msg[1024];
    snprintf(msg, sizeof msg, "%s", rest);
    gmc_diag_t d = {o->src[k], err, n, NULL, 0, 0};
    if (o->opt[k])
        gmc_diag_error(&d, o->line[k], "%s: %s", o->opt[k], msg);
    else
        gmc_diag_error(&d, o->line[k], "%s", msg);
    return k;
}

const char *gmc_machine_preset_name(unsigned i)
{
    return i < gmc_machine_n_preset_srcs ? gmc_machine_preset_srcs[i].name : NULL;
}

int gmc_machine_preset(const char *name, gmc_machine_t *m, char *err, size_t n)
{
    for (unsigned i = 0; i < gmc_machine_n_preset_srcs; i++)
        if (!strcmp(gmc_machine_preset_srcs[i].name, name)) {
            memset(m, 0, sizeof *m);
            const char *t = gmc_machine_preset_srcs[i].text;
            if (gmc_machine_parse(t, strlen(t), gmc_machine_preset_srcs[i].path, m, err, n))
                return -1;
            for (unsigned k = 0; k < GMC_MACHINE_NPARAM; k++)   /* a preset gives every key */
                if (!gmc_machine_key_is_set(m, k)) {
                    snprintf(err, n, "%s: expected every key, found no %s",
                             gmc_machine_preset_srcs[i].path, params[k].key);
                    return -1;
                }
            gmc_machine_keys_clear(m);
            return gmc_machine_check(m, err, n);
        }
    snprintf(err, n, "expected a machine preset (gmc sim --machine list), found '%s'", name);
    return -1;
}

static int pow2(uint64_t x) { return x && !(x & (x - 1)); }

int gmc_machine_check(const gmc_machine_t *m, char *err, size_t n)
{
    for (unsigned i = 0; i < GMC_MACHINE_NPARAM; i++) {
        uint32_t v = gmc_machine_get(m, i);
        if (v < params[i].lo || v > params[i].hi) {
            snprintf(err, n, "machine %s: %s: expected %u..%u, found %u", m->name, params[i].key,
                     params[i].lo, params[i].hi, v);
            return -1;
        }
    }
    /* the plug-ins by name: each registry's error lists the names it knows */
    const gmc_wsched_ops_t *ws;
    const gmc_dispatch_ops_t *dp;
    const gmc_icnt_topo_t *tp;
    char why[512];
    if (gmc_wsched_find(m->warp_sched, &ws, why, sizeof why) ||
        gmc_dispatch_find(m->cta_dispatch[0] ? m->cta_dispatch : GMC_MACHINE_CTA_DISPATCH, &dp, why,
                          sizeof why) ||
        gmc_icnt_find(m->icnt_topology[0] ? m->icnt_topology : GMC_MACHINE_ICNT_TOPOLOGY, &tp, why,
                      sizeof why) ||
        gmc_machine_check_icnt_alloc(m, NULL, NULL, why, sizeof why) ||
        gmc_machine_check_icnt_vcs(m, NULL, NULL, why, sizeof why)) {
        snprintf(err, n, "machine %s: %s", m->name, why);
        return -1;
    }
    if (!m->dram[0] || !m->mem_sched[0]) {
        snprintf(err, n, "machine %s: expected dram and mem_sched, found %s empty", m->name,
                 m->dram[0] ? "mem_sched" : "dram");
        return -1;
    }
    /* the memory scheduler by name too (its registry words it for --sched) */
    const gmc_sched_ops_t *so;
    if (gmc_sched_find(m->mem_sched, &so, why, sizeof why)) {
        const char *e = strncmp(why, "--sched: ", 9) ? why : why + 9;
        snprintf(err, n, "machine %s: mem_sched: %s", m->name, e);
        return -1;
    }
    if (m->threads_per_sm < m->warps_per_sm * 32u && m->threads_per_sm % 32) {
        snprintf(err, n, "machine %s: threads_per_sm: expected a multiple of 32, found %u", m->name,
                 m->threads_per_sm);
        return -1;
    }
    /* 128 B lines of 32 B sectors, as Volta/Turing (the coalescer's unit) */
    struct { const char *size_key, *assoc_key; uint32_t size, assoc; } c[2] = {
        {"l1_size", "l1_assoc", m->l1_size, m->l1_assoc},
        {"l2_slice_size", "l2_assoc", m->l2_slice_size, m->l2_assoc}};
    for (int i = 0; i < 2; i++)
        if (c[i].size % (128u * c[i].assoc) || !pow2(c[i].size / (128u * c[i].assoc))) {
            snprintf(err, n, "machine %s: %s %u with %s %u: expected size / (128 B x ways) "
                     "to be a power of two, found %.2f sets", m->name, c[i].size_key, c[i].size,
                     c[i].assoc_key, c[i].assoc, c[i].size / (128.0 * c[i].assoc));
            return -1;
        }
    if (!pow2(m->l2_slices_per_ch)) {
        snprintf(err, n, "machine %s: l2_slices_per_ch: expected a power of two, found %u", m->name,
                 m->l2_slices_per_ch);
        return -1;
    }
    /* split among the schedulers, a class's units must give each one */
    for (unsigned u = 1; m->sub_core_model && u < GMC_UNIT_N; u++) {
        const unsigned k = gmc_machine_unit_key(u, 0);
        const uint32_t units = gmc_machine_get(m, k);
        if (units && units < m->schedulers_per_sm) {
            snprintf(err, n, "machine %s: %s: expected 0 or at least schedulers_per_sm (%u) with "
                     "sub_core_model = 1 (each scheduler needs a unit of its own), found %u", m->name,
                     params[k].key, m->schedulers_per_sm, units);
            return -1;
        }
    }
    return gmc_machine_check_mc_policies(m, err, n) || gmc_machine_check_hybrid(m, err, n) ? -1 : 0;
}

/* "" and the word given mean "not set" (hybrid_dram none, the others same). */
static int unset(const char *v, const char *word) { return !v[0] || !strcmp(v, word); }

int gmc_machine_check_hybrid(const gmc_machine_t *m, char *err, size_t n)
{
    char e[256];
    const gmc_sched_ops_t *so;
    const gmc_mc_wpol_t *w;
    gmc_place_t p = GMC_PLACE_BW_AWARE;
    uint32_t a, b;
    if (m->hybrid_page && (m->hybrid_page < 256 || !pow2(m->hybrid_page)))
        return snprintf(err, n, "machine %s: hybrid_page: expected 0 or a power of two >= 256, "
                        "found %u", m->name, m->hybrid_page), -1;
    if (!unset(m->hybrid_dram, "none") && !gmc_dram_preset_text(m->hybrid_dram)) {
        size_t k = (size_t)snprintf(err, n, "machine %s: hybrid_dram: expected none or a DRAM "
                                    "preset (", m->name);
        for (unsigned i = 0; gmc_dram_preset_name(i) && k < n; i++)
            k += (size_t)snprintf(err + k, n - k, "%s%s", i ? ", " : "", gmc_dram_preset_name(i));
        if (k < n)
            snprintf(err + k, n - k, "), found '%s'", m->hybrid_dram);
        return -1;
    }
    if (m->hybrid_placement[0] && gmc_place_parse(m->hybrid_placement, &p, e, sizeof e))
        return snprintf(err, n, "machine %s: hybrid_placement: %s", m->name, e), -1;
    if (m->hybrid_share[0] && gmc_hybrid_share_parse(m->hybrid_share, &a, &b, e, sizeof e))
        return snprintf(err, n, "machine %s: hybrid_share: %s", m->name, e), -1;
    if (!unset(m->hybrid_mem_sched, "same") && gmc_sched_find(m->hybrid_mem_sched, &so, e, sizeof e)) {
        const char *x = strncmp(e, "--sched: ", 9) ? e : e + 9;
        return snprintf(err, n, "machine %s: hybrid_mem_sched: %s", m->name, x), -1;
    }
    if (!unset(m->hybrid_mc_write_policy, "same") &&
        gmc_mc_wpol_find(m->hybrid_mc_write_policy, &w, e, sizeof e))
        return snprintf(err, n, "machine %s: hybrid_mc_write_policy: %s", m->name, e), -1;
    return 0;
}

int gmc_machine_check_icnt_alloc(const gmc_machine_t *m, const struct gmc_alloc_ops **ops,
                                 uint32_t *hold, char *err, size_t n)
{
    const gmc_alloc_ops_t *a;
    uint32_t h;
    char e[256];
    if (gmc_alloc_find(m->icnt_alloc[0] ? m->icnt_alloc : GMC_MACHINE_ICNT_ALLOC, &a, e, sizeof e)) {
        const char *w = strncmp(e, "icnt allocator: ", 16) ? e : e + 16;
        return snprintf(err, n, "icnt_alloc: %s", w), -1;
    }
    if (gmc_alloc_hold_find(m->icnt_hold[0] ? m->icnt_hold : GMC_MACHINE_ICNT_HOLD, &h, err, n))
        return -1;
    if (h && !a->holds)
        return snprintf(err, n, "icnt_hold: expected none with icnt_alloc = %s (it holds no grant; "
                        "hgalloc does), found %s", a->name, gmc_alloc_hold_name(h)), -1;
    if (ops)
        *ops = a;
    if (hold)
        *hold = h;
    return 0;
}

int gmc_machine_check_icnt_vcs(const gmc_machine_t *m, uint32_t *vc_assign, uint32_t *placement,
                               char *err, size_t n)
{
    const gmc_icnt_topo_t *tp;
    uint32_t a, p;
    if (gmc_icnt_find(m->icnt_topology[0] ? m->icnt_topology : GMC_MACHINE_ICNT_TOPOLOGY, &tp, err, n) ||
        gmc_icnt_vc_assign_find(m->icnt_vc_assign[0] ? m->icnt_vc_assign : GMC_MACHINE_ICNT_VC_ASSIGN, &a,
                                err, n) ||
        gmc_icnt_place_find(m->icnt_placement[0] ? m->icnt_placement : GMC_MACHINE_ICNT_PLACEMENT, &p, err, n))
        return -1;
    if (m->icnt_vcs < tp->min_vcs)
        return snprintf(err, n, "icnt_vcs: expected at least %u with icnt_topology = %s (%s), found %u",
                        tp->min_vcs, tp->name, tp->vcs_why ? tp->vcs_why : "its minimum", m->icnt_vcs), -1;
    if (vc_assign)
        *vc_assign = a;
    if (placement)
        *placement = p;
    return 0;
}

int gmc_machine_check_mc_policies(const gmc_machine_t *m, char *err, size_t n)
{
    char e[256];
    const gmc_mc_wpol_t *w;
    const gmc_mc_rfpol_t *f;
    const gmc_mc_rowpol_t *r = gmc_mc_rowpol_get(0);
    if (m->mc_write_policy[0] && gmc_mc_wpol_find(m->mc_write_policy, &w, e, sizeof e))
        return snprintf(err, n, "machine %s: mc_write_policy: %s", m->name, e), -1;
    if (m->mc_refresh_policy[0] && gmc_mc_rfpol_find(m->mc_refresh_policy, &f, e, sizeof e))
        return snprintf(err, n, "machine %s: mc_refresh_policy: %s", m->name, e), -1;
    if (m->mc_row_policy[0] && gmc_mc_rowpol_find(m->mc_row_policy, &r, e, sizeof e))
        return snprintf(err, n, "machine %s: mc_row_policy: %s", m->name, e), -1;
    if (m->mc_row_timeout && r != &gmc_mc_rowpol_timeout)
        return snprintf(err, n, "machine %s: mc_row_timeout: expected mc_row_policy = timeout with "
                        "it, found %s", m->name, r->name), -1;
    /* the pcmwq keys: read by either memory's pcmwq write policy */
    const int pq = !strcmp(m->mc_write_policy, "pcmwq") || !strcmp(m->hybrid_mc_write_policy, "pcmwq");
    const char *pk = m->pcmwq_entries ? "pcmwq_entries" : m->pcmwq_high ? "pcmwq_high"
                   : m->pcmwq_low    ? "pcmwq_low"     : m->pcmwq_per_channel ? "pcmwq_per_channel"
                   : m->pcmwq_cancel ? "pcmwq_cancel"  : m->pcmwq_max_intr ? "pcmwq_max_intr" : NULL;
    if (pk && !pq)
        return snprintf(err, n, "machine %s: %s: expected mc_write_policy or hybrid_mc_write_policy "
                        "= pcmwq with it, found %s", m->name, pk,
                        m->mc_write_policy[0] ? m->mc_write_policy : "gpgpusim"), -1;
    const unsigned pe = m->pcmwq_entries ? (unsigned)m->pcmwq_entries : GMC_MC_PCMWQ_ENTRIES;
    const unsigned ph = m->pcmwq_high ? (unsigned)m->pcmwq_high : pe;
    if (ph > pe)
        return snprintf(err, n, "machine %s: pcmwq_high: expected at most pcmwq_entries (%u), found %u",
                        m->name, pe, ph), -1;
    if (m->pcmwq_max_intr && !m->pcmwq_cancel)
        return snprintf(err, n, "machine %s: pcmwq_max_intr: expected pcmwq_cancel = 1 with it, found 0",
                        m->name), -1;
    if (m->pcmwq_low >= ph)
        return snprintf(err, n, "machine %s: pcmwq_low: expected less than pcmwq_high (%u), found %u",
                        m->name, ph, (unsigned)m->pcmwq_low), -1;
    return 0;
}
