/* gmc_dram_cfg: the parameter table, the table's validation, the formatter. */
#include "gmc_dram_cfg.h"
#include "gmc_dram_diag_impl.h"
#include "gmc_dev_kind.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Sets of parameters travel as uint64_t bit masks (1 << gmc_dram_param_t). */
_Static_assert(GMC_DRAM_NPARAM <= 64, "a parameter set is a uint64_t bit mask");

static const gmc_dram_param_info_t info[GMC_DRAM_NPARAM] = {
#define INFO_(k, lo, hi, use, unit, doc) {#k, unit, doc, lo, hi, use},
    GMC_DRAM_PARAMS(INFO_)
#undef INFO_
};

static const size_t offs[GMC_DRAM_NPARAM] = {
#define OFF_(k, lo, hi, use, unit, doc) offsetof(gmc_dram_cfg_t, k),
    GMC_DRAM_PARAMS(OFF_)
#undef OFF_
};

const gmc_dram_param_info_t *gmc_dram_param_info(gmc_dram_param_t p)
{
    return (unsigned)p < GMC_DRAM_NPARAM ? &info[p] : NULL;
}

uint32_t gmc_dram_cfg_get(const gmc_dram_cfg_t *c, gmc_dram_param_t p)
{
    uint32_t v;
    memcpy(&v, (const char *)c + offs[p], sizeof v);
    return v;
}

void gmc_dram_cfg_set(gmc_dram_cfg_t *c, gmc_dram_param_t p, uint32_t v)
{
    memcpy((char *)c + offs[p], &v, sizeof v);
}

int gmc_dram_param_find(const char *key, size_t len)
{
    for (int p = 0; p < GMC_DRAM_NPARAM; p++)
        if (strlen(info[p].key) == len && !memcmp(info[p].key, key, len))
            return p;
    return -1;
}

/* ------------------------------------------------------------- validation */

/* The table's part: the kind's keys in range, the others 0; then the
 * kind's own checks and warnings (gmc_dev_kind.h). */
int gmc_dram_cfg_validate(const gmc_dram_cfg_t *c, gmc_diag_t *d, const unsigned *line)
{
    const gmc_dev_kind_t *k = gmc_dev_kind_of(c);
    const uint64_t keys = gmc_dev_kind_keys(k);
    for (int p = 0; p < GMC_DRAM_NPARAM; p++) {
        uint32_t v = gmc_dram_cfg_get(c, (gmc_dram_param_t)p);
        if (!(keys >> p & 1)) {   /* another kind's key: a config of this kind leaves it 0 */
            if (v) {
                gmc_diag_error(d, line ? line[p] : 0, "expected %s = 0 (kind %s does not read "
                               "it), found '%u'", info[p].key, k->name, v);
                return -1;
            }
            continue;
        }
        if (v < info[p].min || v > info[p].max) {
            gmc_diag_error(d, line ? line[p] : 0, "expected %s in %u..%u, found '%u'",
                           info[p].key, info[p].min, info[p].max, v);
            return -1;
        }
    }
    /* the engine's limits, every kind's (the controller's bank masks are 64 bits) */
    if (gmc_dram_banks(c) > GMC_DRAM_MAX_BANKS) {
        if (gmc_dram_ranks(c) == 1)
            gmc_diag_error(d, line ? line[GMC_DRAM_P_banks_per_group] : 0,
                           "expected bank_groups * banks_per_group <= %d, found '%u * %u'",
                           GMC_DRAM_MAX_BANKS, c->bank_groups, c->banks_per_group);
        else
            gmc_diag_error(d, line ? line[GMC_DRAM_P_ranks] : 0, "expected ranks * bank_groups "
                           "* banks_per_group <= %d (banks of a channel), found '%u * %u * %u'",
                           GMC_DRAM_MAX_BANKS, c->ranks, c->bank_groups, c->banks_per_group);
        return -1;
    }
    if (gmc_dram_ranks(c) * c->bank_groups > GMC_DRAM_MAX_GROUPS) {
        gmc_diag_error(d, line ? line[GMC_DRAM_P_ranks] : 0, "expected ranks * bank_groups <= %d "
                       "(bank groups of a channel), found '%u * %u'", GMC_DRAM_MAX_GROUPS,
                       c->ranks, c->bank_groups);
        return -1;
    }
    return k->check(c, d, line) ? -1 : d->nwarn;
}

int gmc_dram_cfg_check(const gmc_dram_cfg_t *c, const char *src, char *err, size_t en,
                       char *warn, size_t wn)
{
    gmc_diag_t d = {src ? src : "cfg", err, en, warn, wn, 0};
    return gmc_dram_cfg_validate(c, &d, NULL);
}

size_t gmc_dram_cfg_format(const gmc_dram_cfg_t *c, char *buf, size_t n)
{
    size_t o = 0;
    int k;
#define PUT(...)                                                           \
    do {                                                                   \
        k = snprintf(o < n ? buf + o : NULL, o < n ? n - o : 0, __VA_ARGS__); \
        o += k > 0 ? (size_t)k : 0;                                        \
    } while (0)
    const gmc_dev_kind_t *kd = gmc_dev_kind_of(c);
    const uint64_t keys = gmc_dev_kind_keys(kd);
    if (c->name[0])
        PUT("name = %s\n", c->name);
    if (kd != &gmc_dev_kind_dram)   /* dram is the default: its configs read as they did */
        PUT("kind = %s\n", kd->name);
    for (int p = 0; p < GMC_DRAM_NPARAM; p++)
        if (keys >> p & 1)
            PUT("%-15s = %u\n", info[p].key, gmc_dram_cfg_get(c, (gmc_dram_param_t)p));
#undef PUT
    return o;
}
