/* gmc_dram_cfg: parameter table, validation and the config-file parser. */
#include "gmc_dram_cfg.h"
#include "gmc_dram_diag_impl.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define KIND_R 1
#define KIND_O 0

/* Sets of parameters travel as uint64_t bit masks (1 << gmc_dram_param_t). */
_Static_assert(GMC_DRAM_NPARAM <= 64, "a parameter set is a uint64_t bit mask");

static const gmc_dram_param_info_t info[GMC_DRAM_NPARAM] = {
#define INFO_(k, lo, hi, kind, unit, doc) {#k, unit, doc, lo, hi, KIND_##kind},
    GMC_DRAM_PARAMS(INFO_)
#undef INFO_
};

static const size_t offs[GMC_DRAM_NPARAM] = {
#define OFF_(k, lo, hi, kind, unit, doc) offsetof(gmc_dram_cfg_t, k),
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

#define LINE(p) (line ? line[GMC_DRAM_P_##p] : 0u)

/* Power data (gmc_dram_energy.h): all or nothing, and every per-command
 * energy of the DRAMPower formulas non-negative, i.e. each operating current
 * at least the standby current it is measured over. */
static int validate_power(const gmc_dram_cfg_t *c, gmc_diag_t *d, const unsigned *line)
{
    int first = -1, zero = -1;
    for (int p = GMC_DRAM_P_vdd_mv; p <= GMC_DRAM_P_idd5_ma; p++) {
        uint32_t v = gmc_dram_cfg_get(c, (gmc_dram_param_t)p);
        if (v && (first < 0 || (line && line[p] < line[first])))
            first = p;   /* the earliest line, for the warning */
        if (!v && zero < 0)
            zero = p;
    }
    if (first < 0)
        return 0;   /* no power data: energy is not reported */
    if (zero >= 0) {
        gmc_diag_warn(d, line ? line[first] : 0, "power data incomplete: %s = 0 "
                      "(unknown), so no energy is reported; set vdd_mv and idd0, idd2n, "
                      "idd3n, idd4r, idd4w, idd5 (_ma) together", info[zero].key);
        return 0;
    }
    static const struct { int p; const char *what; } above3n[] = {
        {GMC_DRAM_P_idd4r_ma, "a burst read"}, {GMC_DRAM_P_idd4w_ma, "a burst write"},
        {GMC_DRAM_P_idd5_ma, "a refresh"}};
    for (unsigned i = 0; i < 3; i++) {
        uint32_t v = gmc_dram_cfg_get(c, (gmc_dram_param_t)above3n[i].p);
        if (v < c->idd3n_ma) {
            gmc_diag_error(d, line ? line[above3n[i].p] : 0, "expected %s >= "
                           "idd3n_ma (%s draws more than active standby), found %u < %u",
                           info[above3n[i].p].key, above3n[i].what, v, c->idd3n_ma);
            return -1;
        }
    }
    int64_t charge = (int64_t)c->idd0_ma * c->tRC;
    int64_t standby = (int64_t)c->idd3n_ma * c->tRAS + (int64_t)c->idd2n_ma * ((int64_t)c->tRC - c->tRAS);
    if (charge < standby) {
        /* at the line of a current the text set (over a base, maybe not IDD0) */
        unsigned ln = LINE(idd0_ma) ? LINE(idd0_ma) : LINE(idd3n_ma) ? LINE(idd3n_ma) : LINE(idd2n_ma);
        gmc_diag_error(d, ln, "expected idd0_ma * tRC >= idd3n_ma * tRAS + "
                       "idd2n_ma * (tRC - tRAS) (an ACT-PRE pair costs energy), found "
                       "%lld < %lld", (long long)charge, (long long)standby);
        return -1;
    }
    return 0;
}

int gmc_dram_cfg_validate(const gmc_dram_cfg_t *c, gmc_diag_t *d, const unsigned *line)
{
    for (int p = 0; p < GMC_DRAM_NPARAM; p++) {
        uint32_t v = gmc_dram_cfg_get(c, (gmc_dram_param_t)p);
        if (v < info[p].min || v > info[p].max) {
            gmc_diag_error(d, line ? line[p] : 0, "expected %s in %u..%u, found '%u'",
                           info[p].key, info[p].min, info[p].max, v);
            return -1;
        }
    }
    if (gmc_dram_banks(c) > GMC_DRAM_MAX_BANKS) {
        gmc_diag_error(d, LINE(banks_per_group),
                       "expected bank_groups * banks_per_group <= %d, found '%u * %u'",
                       GMC_DRAM_MAX_BANKS, c->bank_groups, c->banks_per_group);
        return -1;
    }
    if (c->refresh && (!c->tRFC || c->tREFI <= c->tRFC)) {
        gmc_diag_error(d, LINE(tREFI), "expected 0 < tRFC < tREFI with refresh = 1, "
                       "found tRFC '%u', tREFI '%u'", c->tRFC, c->tREFI);
        return -1;
    }
    if (c->tRC < c->tRAS + c->tRP)
        gmc_diag_warn(d, LINE(tRC), "tRC = %u is less than tRAS + tRP = %u; the engine "
                      "enforces tRAS and tRP as well, so ACT to ACT in one bank via PRE "
                      "takes at least %u",
                      c->tRC, c->tRAS + c->tRP, c->tRAS + c->tRP);
    if (c->tFAW && c->tFAW < 4 * c->tRRD_S)
        gmc_diag_warn(d, LINE(tFAW),
                      "tFAW = %u is less than 4 * tRRD_S = %u, so the four-activate window "
                      "never binds", c->tFAW, 4 * c->tRRD_S);
    if (c->tRRD_L < c->tRRD_S)
        gmc_diag_warn(d, LINE(tRRD_L), "tRRD_L = %u is less than tRRD_S = %u; within a bank "
                      "group the engine applies tRRD_S", c->tRRD_L, c->tRRD_S);
    if (c->tCCD_L < c->tCCD_S)
        gmc_diag_warn(d, LINE(tCCD_L), "tCCD_L = %u is less than tCCD_S = %u; within a bank "
                      "group the engine applies tCCD_S", c->tCCD_L, c->tCCD_S);
    if (c->tWTR_L < c->tWTR_S)
        gmc_diag_warn(d, LINE(tWTR_L), "tWTR_L = %u is less than tWTR_S = %u; within a bank "
                      "group the engine applies tWTR_S", c->tWTR_L, c->tWTR_S);
    if (c->tCCD_S < c->tBURST)
        gmc_diag_warn(d, LINE(tCCD_S), "tCCD_S = %u is less than tBURST = %u; the data bus "
                      "spaces column commands tBURST apart", c->tCCD_S, c->tBURST);
    if ((uint64_t)c->tBURST * c->data_rate != c->burst_length)
        gmc_diag_warn(d, LINE(tBURST), "tBURST = %u but burst_length / data_rate = %u/%u",
                      c->tBURST, c->burst_length, c->data_rate);
    if (c->tRAS < c->tRCD)
        gmc_diag_warn(d, LINE(tRAS), "tRAS = %u is less than tRCD = %u; a row may close "
                      "before it can be read", c->tRAS, c->tRCD);
    return validate_power(c, d, line) ? -1 : d->nwarn;
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
    if (c->name[0])
        PUT("name = %s\n", c->name);
    for (int p = 0; p < GMC_DRAM_NPARAM; p++)
        PUT("%-15s = %u\n", info[p].key, gmc_dram_cfg_get(c, (gmc_dram_param_t)p));
#undef PUT
    return o;
}
