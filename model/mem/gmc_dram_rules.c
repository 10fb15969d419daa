/* gmc_dram: a timing rule's value and expression, and a kind's rule table
 * as Markdown (the tables themselves are the kinds' data: gmc_dev_dram.c).
 * Conventions and sources: docs/memory.md "Device model". */
#include "gmc_dram.h"
#include <stdio.h>
#include <string.h>
#include "gmc_dev_kind.h"

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

size_t gmc_dram_rules_markdown(const gmc_dev_kind_t *kind, const gmc_dram_cfg_t *const *cfgs,
                               unsigned np, char *buf, size_t n)
{
    const gmc_dram_rule_t *rules = kind->rules;
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
    for (unsigned r = 0; r < kind->nrules; r++) {
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
