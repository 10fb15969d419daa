/* gmc_dram: the timing-constraint table (data) and its printers.
 * Conventions and sources: docs/memory.md "Device model". */
#include "gmc_dram.h"
#include <stdio.h>
#include <string.h>

#define P(k) GMC_DRAM_P_##k
/* R(scope, prev, next, why, terms...): terms are +param / -param pairs. */
#define R(sc, pv, nx, why, s0, p0, s1, p1, s2, p2, s3, p3) \
    {GMC_DRAM_##sc, pv, nx, 0, {s0, s1, s2, s3}, {p0, p1, p2, p3}, 0, why}
#define ONE(sc, pv, nx, p, why)       R(sc, pv, nx, why, 1, P(p), 0, 0, 0, 0, 0, 0)
#define TWO(sc, pv, nx, a, b, why)    R(sc, pv, nx, why, 1, P(a), 1, P(b), 0, 0, 0, 0)

enum { ACT = GMC_DRAM_ACT, PRE = GMC_DRAM_PRE, PREA = GMC_DRAM_PREA, RD = GMC_DRAM_RD,
       WR = GMC_DRAM_WR, REF = GMC_DRAM_REF, ANY = GMC_DRAM_ANY_CMD };

static const gmc_dram_rule_t rules[] = {
    /* one bank: row cycle */
    ONE(SAME_BANK, ACT, ACT, tRC, "row cycle"),
    ONE(SAME_BANK, ACT, RD, tRCD, "row to column (read)"),
    ONE(SAME_BANK, ACT, WR, tRCD, "row to column (write)"),
    ONE(SAME_BANK, ACT, PRE, tRAS, "row active time"),
    ONE(SAME_BANK, PRE, ACT, tRP, "precharge"),
    ONE(SAME_BANK, RD, PRE, tRTP, "read to precharge"),
    R(SAME_BANK, WR, PRE, "write recovery after the last data beat",
      1, P(tCWL), 1, P(tBURST), 1, P(tWR), 0, 0),
    /* same bank group (the bank itself included) */
    ONE(SAME_GROUP, ACT, ACT, tRRD_L, "activate to activate, same group"),
    ONE(SAME_GROUP, RD, RD, tCCD_L, "column to column, same group"),
    ONE(SAME_GROUP, WR, WR, tCCD_L, "column to column, same group"),
    R(SAME_GROUP, WR, RD, "write to read after the last data beat, same group",
      1, P(tCWL), 1, P(tBURST), 1, P(tWTR_L), 0, 0),
    /* every bank of the channel */
    ONE(CHANNEL, ACT, ACT, tRRD_S, "activate to activate"),
    {GMC_DRAM_CHANNEL, ACT, ACT, 4, {1}, {P(tFAW)}, 0, "at most 4 ACTs in any tFAW window"},
    ONE(CHANNEL, RD, RD, tCCD_S, "column to column"),
    ONE(CHANNEL, RD, RD, tBURST, "data bus busy with the burst"),
    ONE(CHANNEL, WR, WR, tCCD_S, "column to column"),
    ONE(CHANNEL, WR, WR, tBURST, "data bus busy with the burst"),
    R(CHANNEL, RD, WR, "read data, bus turnaround, then write data",
      1, P(tCL), 1, P(tBURST), 1, P(tRTRS), -1, P(tCWL)),
    R(CHANNEL, WR, RD, "write to read after the last data beat",
      1, P(tCWL), 1, P(tBURST), 1, P(tWTR_S), 0, 0),
    ONE(CHANNEL, ACT, PREA, tRAS, "row active time (PREA closes every bank)"),
    ONE(CHANNEL, RD, PREA, tRTP, "read to precharge (PREA closes every bank)"),
    R(CHANNEL, WR, PREA, "write recovery (PREA closes every bank)",
      1, P(tCWL), 1, P(tBURST), 1, P(tWR), 0, 0),
    ONE(CHANNEL, PREA, ACT, tRP, "precharge (all banks)"),
    ONE(CHANNEL, PRE, REF, tRP, "precharge before refresh"),
    ONE(CHANNEL, PREA, REF, tRP, "precharge before refresh"),
    ONE(CHANNEL, REF, ACT, tRFC, "refresh cycle"),
    ONE(CHANNEL, REF, PREA, tRFC, "refresh cycle"),
    ONE(CHANNEL, REF, REF, tRFC, "refresh cycle"),
    {GMC_DRAM_CHANNEL, ANY, ANY, 0, {0}, {0}, 1, "one command per cycle on the command bus"},
};
#define NRULES (sizeof rules / sizeof rules[0])

unsigned gmc_dram_nrules(void) { return NRULES; }

const gmc_dram_rule_t *gmc_dram_rule(unsigned i) { return i < NRULES ? &rules[i] : NULL; }

int64_t gmc_dram_rule_value(const gmc_dram_rule_t *r, const gmc_dram_cfg_t *c)
{
    int64_t v = r->konst;
    for (int i = 0; i < GMC_DRAM_NTERM && r->sign[i]; i++)
        v += r->sign[i] * (int64_t)gmc_dram_cfg_get(c, (gmc_dram_param_t)r->param[i]);
    return v;
}

size_t gmc_dram_rule_expr(const gmc_dram_rule_t *r, char *buf, size_t n)
{
    size_t o = 0;
    int k;
    for (int i = 0; i < GMC_DRAM_NTERM && r->sign[i]; i++) {
        const char *key = gmc_dram_param_info((gmc_dram_param_t)r->param[i])->key;
        k = snprintf(o < n ? buf + o : NULL, o < n ? n - o : 0, "%s%s",
                     i ? (r->sign[i] > 0 ? " + " : " - ") : (r->sign[i] > 0 ? "" : "-"), key);
        o += k > 0 ? (size_t)k : 0;
    }
    if (r->konst || !r->sign[0]) {
        k = snprintf(o < n ? buf + o : NULL, o < n ? n - o : 0, "%s%d", r->sign[0] ? " + " : "",
                     r->konst);
        o += k > 0 ? (size_t)k : 0;
    }
    return o;
}

static const char *cmd_or_any(unsigned c)
{
    return c == GMC_DRAM_ANY_CMD ? "any" : gmc_dram_cmd_name((gmc_dram_cmd_t)c);
}

size_t gmc_dram_rules_markdown(const gmc_dram_cfg_t *const *cfgs, unsigned np, char *buf,
                               size_t n)
{
    size_t o = 0;
    int k;
#define PUT(...)                                                              \
    do {                                                                      \
        k = snprintf(o < n ? buf + o : NULL, o < n ? n - o : 0, __VA_ARGS__); \
        o += k > 0 ? (size_t)k : 0;                                           \
    } while (0)
    PUT("| scope | previous | next | latency (CK) |");
    for (unsigned i = 0; i < np; i++)
        PUT(" %s |", cfgs[i]->name);
    PUT(" why |\n|---|---|---|---|");
    for (unsigned i = 0; i < np; i++)
        PUT("---:|");
    PUT("---|\n");
    for (unsigned r = 0; r < NRULES; r++) {
        char e[96];
        gmc_dram_rule_expr(&rules[r], e, sizeof e);
        PUT("| %s | %s | %s | %s%s |", gmc_dram_scope_name((gmc_dram_scope_t)rules[r].scope),
            cmd_or_any(rules[r].prev), cmd_or_any(rules[r].next), e,
            rules[r].window ? " after the 4th-previous ACT" : "");
        for (unsigned i = 0; i < np; i++)
            PUT(" %lld |", (long long)gmc_dram_rule_value(&rules[r], cfgs[i]));
        PUT(" %s |\n", rules[r].why);
    }
#undef PUT
    return o;
}
