/* gmc_dev_dram: the "dram" kind's checks and warnings (gmc_dev_kind.h's
 * `check`), after the parameter table's range checks: refresh timing, the
 * suspicious-but-legal findings docs/memory.md "Config files" tables, and
 * the power data of its energy model (gmc_dram_energy.h). */
#include "gmc_dev_dram_impl.h"
#include <stdint.h>

#define LINE(p) (line ? line[GMC_DRAM_P_##p] : 0u)

/* Whether to warn about the keys ps (to GMC_DRAM_NPARAM) and at which
 * line: the first the text set.  Over a base (line given) a finding about
 * keys the text set none of is the base's own: not the text's to answer
 * for, nor said under its name (the base preset says it when it runs). */
static int warn_at(const unsigned *line, unsigned *ln, const gmc_dram_param_t *ps)
{
    *ln = 0;
    for (unsigned i = 0; line && ps[i] != GMC_DRAM_NPARAM && !*ln; i++)
        *ln = line[ps[i]];
    return !line || *ln;
}
#define WARN_AT(...) warn_at(line, &ln, (const gmc_dram_param_t[]){__VA_ARGS__, GMC_DRAM_NPARAM})
#define P_(p) GMC_DRAM_P_##p

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
                      "idd3n, idd4r, idd4w, idd5 (_ma) together",
                      gmc_dram_param_info((gmc_dram_param_t)zero)->key);
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
                           gmc_dram_param_info((gmc_dram_param_t)above3n[i].p)->key,
                           above3n[i].what, v, c->idd3n_ma);
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

int gmc_dev_dram_check(const gmc_dram_cfg_t *c, gmc_diag_t *d, const unsigned *line)
{
    if (c->refresh && (!c->tRFC || c->tREFI <= c->tRFC)) {
        gmc_diag_error(d, LINE(tREFI), "expected 0 < tRFC < tREFI with refresh = 1, "
                       "found tRFC '%u', tREFI '%u'", c->tRFC, c->tREFI);
        return -1;
    }
    if (c->refresh && c->tREFI < gmc_dram_ranks(c)) {   /* the ranks take turns: tREFI / ranks apart */
        gmc_diag_error(d, LINE(tREFI), "expected tREFI >= ranks (%u ranks refresh in turn, "
                       "tREFI / ranks apart), found tREFI '%u'", gmc_dram_ranks(c), c->tREFI);
        return -1;
    }
    unsigned ln;
    if (c->tRC < c->tRAS + c->tRP && WARN_AT(P_(tRC), P_(tRAS), P_(tRP)))
        gmc_diag_warn(d, ln, "tRC = %u is less than tRAS + tRP = %u; the engine "
                      "enforces tRAS and tRP as well, so ACT to ACT in one bank via PRE "
                      "takes at least %u",
                      c->tRC, c->tRAS + c->tRP, c->tRAS + c->tRP);
    if (c->tFAW && c->tFAW < 4 * c->tRRD_S && WARN_AT(P_(tFAW), P_(tRRD_S)))
        gmc_diag_warn(d, ln,
                      "tFAW = %u is less than 4 * tRRD_S = %u, so the four-activate window "
                      "never binds", c->tFAW, 4 * c->tRRD_S);
    if (c->tRRD_L < c->tRRD_S && WARN_AT(P_(tRRD_L), P_(tRRD_S)))
        gmc_diag_warn(d, ln, "tRRD_L = %u is less than tRRD_S = %u; within a bank "
                      "group the engine applies tRRD_S", c->tRRD_L, c->tRRD_S);
    if (c->tCCD_L < c->tCCD_S && WARN_AT(P_(tCCD_L), P_(tCCD_S)))
        gmc_diag_warn(d, ln, "tCCD_L = %u is less than tCCD_S = %u; within a bank "
                      "group the engine applies tCCD_S", c->tCCD_L, c->tCCD_S);
    if (c->tWTR_L < c->tWTR_S && WARN_AT(P_(tWTR_L), P_(tWTR_S)))
        gmc_diag_warn(d, ln, "tWTR_L = %u is less than tWTR_S = %u; within a bank "
                      "group the engine applies tWTR_S", c->tWTR_L, c->tWTR_S);
    if (c->tCCD_S < c->tBURST && WARN_AT(P_(tCCD_S), P_(tBURST)))
        gmc_diag_warn(d, ln, "tCCD_S = %u is less than tBURST = %u; the data bus "
                      "spaces column commands tBURST apart", c->tCCD_S, c->tBURST);
    if ((uint64_t)c->tBURST * c->data_rate != c->burst_length &&
        WARN_AT(P_(tBURST), P_(burst_length), P_(data_rate)))
        gmc_diag_warn(d, ln, "tBURST = %u but burst_length / data_rate = %u/%u",
                      c->tBURST, c->burst_length, c->data_rate);
    if (c->tRAS < c->tRCD && WARN_AT(P_(tRAS), P_(tRCD)))
        gmc_diag_warn(d, ln, "tRAS = %u is less than tRCD = %u; a row may close "
                      "before it can be read", c->tRAS, c->tRCD);
    return validate_power(c, d, line);
}
