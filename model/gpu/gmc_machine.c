/* gmc_machine: machine config text (`key = value  # comment`), presets,
 * and the cross-key checks. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gpu/gmc_machine.h"
#include "mc/gmc_mc_pol.h"

static const struct { const char *key; uint32_t lo, hi; } params[GMC_MACHINE_NPARAM] = {
#define GMC_MACHINE_P_META_(k, lo, hi, unit, doc) {#k, lo, hi},
    GMC_MACHINE_PARAMS(GMC_MACHINE_P_META_)
#undef GMC_MACHINE_P_META_
};

const char *gmc_machine_param_name(unsigned i) { return i < GMC_MACHINE_NPARAM ? params[i].key : NULL; }

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
    m->set |= 1ULL << i;
}

/* String keys: name, the text's field and the values allowed (NULL = any
 * [A-Za-z0-9_.-] word; the memory system checks it when it is built). */
static char *str_field(gmc_machine_t *m, const char *key, size_t *cap)
{
#define S_(f) if (!strcmp(key, #f)) { *cap = sizeof m->f; return m->f; }
    S_(name) S_(warp_sched) S_(dram) S_(addr_map) S_(mem_sched)
    S_(mc_write_policy) S_(mc_refresh_policy) S_(mc_row_policy)
#undef S_
    return NULL;
}

int gmc_machine_set(gmc_machine_t *m, const char *kv, char *err, size_t n)
{
    const char *eq = strchr(kv, '=');
    if (!eq || eq == kv) {
        snprintf(err, n, "--set: expected KEY=VALUE, found '%s'", kv);
        return -1;
    }
    size_t len = strlen(kv) + 3;   /* "KEY = VALUE": the parser's line */
    char *line = malloc(len + 1);
    if (!line) {
        snprintf(err, n, "--set: out of memory");
        return -1;
    }
    snprintf(line, len + 1, "%.*s = %s", (int)(eq - kv), kv, eq + 1);
    int rc = gmc_machine_parse(line, strlen(line), "--set", m, err, n);
    free(line);
    return rc;
}

int gmc_machine_parse(const char *text, size_t len, const char *src, gmc_machine_t *m,
                      char *err, size_t n)
{
    unsigned line = 0;
    const char *p = text, *end = text + len;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *le = nl ? nl : end;
        line++;
        char buf[512];
        size_t l = (size_t)(le - p);
        if (l >= sizeof buf) {
            snprintf(err, n, "%s:%u: expected a line of at most %zu bytes, found %zu", src, line,
                     sizeof buf - 1, l);
            return -1;
        }
        memcpy(buf, p, l);
        buf[l] = 0;
        p = nl ? nl + 1 : end;
        char *h = strchr(buf, '#');
        if (h)
            *h = 0;
        char *s = buf;
        while (isspace((unsigned char)*s))
            s++;
        if (!*s)
            continue;
        char *eq = strchr(s, '=');
        if (!eq) {
            snprintf(err, n, "%s:%u: expected `key = value`, found '%s'", src, line, s);
            return -1;
        }
        char *k = s, *ke = eq;
        while (ke > k && isspace((unsigned char)ke[-1]))
            ke--;
        *ke = 0;
        char *v = eq + 1;
        while (isspace((unsigned char)*v))
            v++;
        char *ve = v + strlen(v);
        while (ve > v && isspace((unsigned char)ve[-1]))
            ve--;
        *ve = 0;
        if (!*v) {
            snprintf(err, n, "%s:%u: expected a value for %s, found none", src, line, k);
            return -1;
        }
        size_t cap;
        char *sf = str_field(m, k, &cap);
        if (sf) {
            for (const char *c = v; *c; c++)
                if (!isalnum((unsigned char)*c) && !strchr("_.-", *c)) {
                    snprintf(err, n, "%s:%u: %s: expected a name of [A-Za-z0-9_.-], found '%s'", src,
                             line, k, v);
                    return -1;
                }
            if (strlen(v) >= cap) {
                snprintf(err, n, "%s:%u: %s: expected at most %zu characters, found '%s'", src, line,
                         k, cap - 1, v);
                return -1;
            }
            snprintf(sf, cap, "%s", v);
            continue;
        }
        if (!strcmp(k, "mc_row_timeout")) {   /* the one numeric key outside params[] */
            char *e;
            errno = 0;
            unsigned long long x = strtoull(v, &e, 0);
            if (*e || errno || v[0] == '-' || x < 1 || x > GMC_MC_ROW_TIMEOUT_MAX) {
                snprintf(err, n, "%s:%u: %s: expected an integer in 1..%u, found '%s'", src, line,
                         k, GMC_MC_ROW_TIMEOUT_MAX, v);
                return -1;
            }
            m->mc_row_timeout = (uint32_t)x;
            continue;
        }
        unsigned i;
        for (i = 0; i < GMC_MACHINE_NPARAM; i++)
            if (!strcmp(k, params[i].key))
                break;
        if (i == GMC_MACHINE_NPARAM) {
            snprintf(err, n, "%s:%u: expected a machine key (gmc sim --machine-keys), found '%s'",
                     src, line, k);
            return -1;
        }
        char *e;
        errno = 0;
        unsigned long long x = strtoull(v, &e, 0);
        if (*e || errno || v[0] == '-' || x < params[i].lo || x > params[i].hi) {
            snprintf(err, n, "%s:%u: %s: expected an integer in %u..%u, found '%s'", src, line, k,
                     params[i].lo, params[i].hi, v);
            return -1;
        }
        set_param(m, i, (uint32_t)x);
    }
    return 0;
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
            if (m->set != (1ULL << GMC_MACHINE_NPARAM) - 1) {
                for (unsigned k = 0; k < GMC_MACHINE_NPARAM; k++)
                    if (!(m->set >> k & 1)) {
                        snprintf(err, n, "%s: expected every key, found no %s",
                                 gmc_machine_preset_srcs[i].path, params[k].key);
                        return -1;
                    }
            }
            m->set = 0;
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
    if (strcmp(m->warp_sched, "lrr") && strcmp(m->warp_sched, "gto")) {
        snprintf(err, n, "machine %s: warp_sched: expected lrr or gto, found '%s'", m->name,
                 m->warp_sched);
        return -1;
    }
    if (!m->dram[0] || !m->mem_sched[0]) {
        snprintf(err, n, "machine %s: expected dram and mem_sched, found %s empty", m->name,
                 m->dram[0] ? "mem_sched" : "dram");
        return -1;
    }
    if (m->threads_per_sm < m->warps_per_sm * 32u && m->threads_per_sm % 32) {
        snprintf(err, n, "machine %s: threads_per_sm: expected a multiple of 32, found %u", m->name,
                 m->threads_per_sm);
        return -1;
    }
    /* 128 B lines of 32 B sectors, as Volta/Turing (the coalescer's unit) */
    struct { const char *what; uint32_t size, assoc; } c[2] = {
        {"l1", m->l1_size, m->l1_assoc}, {"l2_slice", m->l2_slice_size, m->l2_assoc}};
    for (int i = 0; i < 2; i++)
        if (c[i].size % (128u * c[i].assoc) || !pow2(c[i].size / (128u * c[i].assoc))) {
            snprintf(err, n, "machine %s: %s_size %u with %u ways: expected size / (128 B x ways) "
                     "to be a power of two, found %.2f sets", m->name, c[i].what, c[i].size,
                     c[i].assoc, c[i].size / (128.0 * c[i].assoc));
            return -1;
        }
    if (!pow2(m->l2_slices_per_ch)) {
        snprintf(err, n, "machine %s: l2_slices_per_ch: expected a power of two, found %u", m->name,
                 m->l2_slices_per_ch);
        return -1;
    }
    return gmc_machine_check_mc_policies(m, err, n);
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
    if (m->mc_row_timeout > GMC_MC_ROW_TIMEOUT_MAX)
        return snprintf(err, n, "machine %s: mc_row_timeout: expected 1..%u, found %u", m->name,
                        GMC_MC_ROW_TIMEOUT_MAX, m->mc_row_timeout), -1;
    if (m->mc_row_timeout && r != &gmc_mc_rowpol_timeout)
        return snprintf(err, n, "machine %s: mc_row_timeout: expected mc_row_policy = timeout with "
                        "it, found %s", m->name, r->name), -1;
    return 0;
}
