/* gmc icnt: the network's numeric options, one table line per field of
 * gmc_icnt_cfg_t (icnt_cli.h).  A new field of the configuration (a
 * topology's VC assignment, a placement) is one more line here: its
 * option, --set, the range check, the help and the report follow. */
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "icnt_cli.h"
#include "util/gmc_num.h"
#include "util/gmc_quote.h"

#define F(field) offsetof(gmc_icnt_cfg_t, field)

/* Defaults: Yuan et al. [MICRO'09] Table 2 and gmc's yuan-gddr3 machine
 * (model/gpu/machines/yuan-gddr3.cfg), whose network this is. */
static const icnt_field_t fields[] = {
    {"inputs",     F(inputs),         1, 4096, 28, "input ports", "Table 2's shader cores", NULL},
    {"outputs",    F(outputs),        1, 4096, 8, "output ports", "Table 2's DRAM controllers", NULL},
    {"in-buf",     F(in_buf),         1, 65536, 8, "packets per injection buffer and VC", "Table 2's VC buffer", NULL},
    {"out-buf",    F(out_buf),        1, 65536, 8, "packets per ejection buffer", "as in-buf", NULL},
    {"latency",    F(latency),        1, 1000, 4, "cycles from send to the earliest ejection",
                                                  "yuan-gddr3's, a gmc estimate", NULL},
    {"flit",       F(flit_bytes),     1, 1024, 16, "bytes a port moves per cycle", "Table 2's flit", NULL},
    {"vcs",        F(vcs),            1, GMC_ICNT_MAX_VCS, 1, "virtual channels per port", NULL, NULL},
    /* from lo: the machine's names (dvca, svca); "kind", a GPU's VC per
     * packet kind, means nothing to traffic of one kind */
    {"vc-assign",  F(vc_assign),      GMC_ICNT_VC_DVCA, GMC_ICNT_VC_N - 1, GMC_ICNT_VC_DVCA,
                                      "how a packet's VC is chosen: dvca (the first with room) or svca "
                                      "(destination mod vcs)", "sec. 3.3", gmc_icnt_vc_assign_name},
    {"mesh-cols",  F(mesh_cols),      0, 65536, 0, "a mesh's columns, 0 = near-square", NULL, NULL},
    {"hold-k",     F(hold.hash_bits), 1, 32, 4, "HMHG's row-hash bits", "HMHG4, sec. 3.4", NULL},
    {"hold-limit", F(hold.limit),     0, 65535, 0, "holds in a row per output, 0 = unlimited", "the paper's",
                                                   NULL},
};
#define NFIELD (sizeof fields / sizeof fields[0])

const icnt_field_t *icnt_field_get(unsigned i)
{
    return i < NFIELD ? &fields[i] : NULL;
}

static uint32_t *slot(gmc_icnt_cfg_t *cfg, const icnt_field_t *f)
{
    return (uint32_t *)((char *)cfg + f->off);
}

uint32_t icnt_field_value(const gmc_icnt_cfg_t *cfg, const icnt_field_t *f)
{
    return *(const uint32_t *)((const char *)cfg + f->off);
}

void icnt_fields_default(gmc_icnt_cfg_t *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    for (unsigned i = 0; i < NFIELD; i++)
        *slot(cfg, &fields[i]) = fields[i].def;
}

/* NAME with '_' read as '-': the field, or NULL. */
static const icnt_field_t *find(const char *name, size_t len)
{
    for (unsigned i = 0; i < NFIELD; i++) {
        const char *a = fields[i].name;
        size_t k = 0;
        while (k < len && a[k] && (a[k] == name[k] || (a[k] == '-' && name[k] == '_')))
            k++;
        if (k == len && !a[k])
            return &fields[i];
    }
    return NULL;
}

/* value s of field f (opt names it in errors): 0, or 2 after the error. */
static int assign(gmc_icnt_cfg_t *cfg, const icnt_field_t *f, const char *opt, const char *s)
{
    gmc_quote_t q;
    if (f->name_of) {
        for (uint32_t v = f->lo; f->name_of(v); v++)
            if (!strcmp(s, f->name_of(v))) {
                *slot(cfg, f) = v;
                return 0;
            }
        char names[256];
        size_t k = 0;
        for (uint32_t v = f->lo; f->name_of(v) && k < sizeof names; v++)
            k += (size_t)snprintf(names + k, sizeof names - k, "%s%s", v > f->lo ? ", " : "", f->name_of(v));
        return cli_usage_error(ICNT_CMD, "%s: expected one of %s, found %s", opt, names,
                               gmc_quote(&q, s, strlen(s)));
    }
    uint64_t v;
    int rc = gmc_num_u64_str(s, GMC_NUM_DEC, f->hi, &v);
    if (rc || v < f->lo)
        return cli_usage_error(ICNT_CMD, "%s: expected an integer in %u..%u, found %s%s", opt, f->lo, f->hi,
                               gmc_quote(&q, s, strlen(s)), gmc_num_note(rc));
    *slot(cfg, f) = (uint32_t)v;
    return 0;
}

int icnt_field_option(gmc_icnt_cfg_t *cfg, int argc, char **argv, int *i)
{
    const char *a = argv[*i];
    if (strncmp(a, "--", 2))
        return 0;
    const icnt_field_t *f = find(a + 2, strlen(a + 2));
    if (!f)
        return 0;
    if (*i + 1 >= argc)
        return cli_usage_error(ICNT_CMD, "option %s needs a value", a);
    int rc = assign(cfg, f, a, argv[++*i]);
    return rc ? rc : 1;
}

int icnt_field_set(gmc_icnt_cfg_t *cfg, const char *kv)
{
    gmc_quote_t q;
    const char *eq = strchr(kv, '=');
    if (!eq || eq == kv)
        return cli_usage_error(ICNT_CMD, "--set: expected KEY=VALUE, found %s", gmc_quote(&q, kv, strlen(kv)));
    const icnt_field_t *f = find(kv, (size_t)(eq - kv));
    if (!f) {
        char names[512];
        size_t k = 0;
        for (unsigned i = 0; i < NFIELD && k < sizeof names; i++)
            k += (size_t)snprintf(names + k, sizeof names - k, "%s%s", i ? ", " : "", fields[i].name);
        return cli_usage_error(ICNT_CMD, "--set: expected a key of %s, found %s", names,
                               gmc_quote(&q, kv, (size_t)(eq - kv)));
    }
    char opt[64];
    snprintf(opt, sizeof opt, "--set %s", f->name);
    return assign(cfg, f, opt, eq + 1);
}

void icnt_fields_help(FILE *f)
{
    for (unsigned i = 0; i < NFIELD; i++) {
        const icnt_field_t *d = &fields[i];
        char opt[40], range[32], def[96];
        snprintf(opt, sizeof opt, "--%s %s", d->name, d->name_of ? "NAME" : "N");
        if (d->name_of)
            snprintf(range, sizeof range, "a name");
        else
            snprintf(range, sizeof range, "%u..%u", d->lo, d->hi);
        if (d->name_of)
            snprintf(def, sizeof def, "%s", d->name_of(d->def));
        else
            snprintf(def, sizeof def, "%u", d->def);
        fprintf(f, "  %-19s %s, %s (default %s%s%s)\n", opt, d->what, range, def, d->src ? ": " : "",
                d->src ? d->src : "");
    }
}
