/* gmc_overhead_temp: the state CCWS, TBAS and TEMP (serial dispatch and
 * page coloring) keep, as gmc models them (TEMP [JETC'19]; docs/
 * thread-batching.md "What the mechanisms store"). */
#include <stdio.h>
#include <string.h>
#include "analysis/gmc_overhead.h"

#define CCWS_BASE 100u   /* gmc_wsched_ccws.c's base score */

void gmc_ccws_params_default(gmc_ccws_params_t *p) { *p = (gmc_ccws_params_t){48, 16, 8, 32, 128, 16}; }
void gmc_tbas_params_default(gmc_tbas_params_t *p) { *p = (gmc_tbas_params_t){48, 1, 8, 16}; }
void gmc_temp_params_default(gmc_temp_params_t *p) { *p = (gmc_temp_params_t){8, 32, 16, 20}; }

/* v[i] against the scheme's ranges, in order. */
static int check(const char *scheme, const char *const *names, const uint64_t *v, char *err, size_t n)
{
    for (size_t i = 0; names[i]; i++) {
        const gmc_overhead_range_t *r = gmc_overhead_range(scheme, names[i]);
        if (v[i] < r->lo || v[i] > r->hi)
            return snprintf(err, n, "--%s: expected %llu..%llu, found %llu", names[i], (unsigned long long)r->lo,
                            (unsigned long long)r->hi, (unsigned long long)v[i]), -1;
    }
    return 0;
}

int gmc_ccws_params_check(const gmc_ccws_params_t *p, char *err, size_t n)
{
    static const char *const names[] = {"warps", "vta", "k", "addr-bits", "line-bytes", "counter-bits", NULL};
    const uint64_t v[] = {p->warps, p->vta, p->k, p->addr_bits, p->line_bytes, p->counter_bits};
    if (check("ccws", names, v, err, n))
        return -1;
    if (p->line_bytes & (p->line_bytes - 1) || gmc_clog2(p->line_bytes) >= p->addr_bits)
        return snprintf(err, n, "--line-bytes: expected a power of two below 2^addr-bits, found %u",
                        p->line_bytes), -1;
    return 0;
}

int gmc_tbas_params_check(const gmc_tbas_params_t *p, char *err, size_t n)
{
    static const char *const names[] = {"warps", "batches", "ctas", "batch-bits", NULL};
    const uint64_t v[] = {p->warps, p->batches, p->ctas, p->batch_bits};
    return check("tbas", names, v, err, n);
}

int gmc_temp_params_check(const gmc_temp_params_t *p, char *err, size_t n)
{
    static const char *const names[] = {"sms", "colors", "cta-bits", "ppn-bits", NULL};
    const uint64_t v[] = {p->sms, p->colors, p->cta_bits, p->ppn_bits};
    return check("temp", names, v, err, n);
}

static void part(gmc_parts_cost_t *c, const char *name, uint64_t entries, uint64_t entry_bits)
{
    c->t[c->n++] = (gmc_table_cost_t){name, entry_bits, entries, entries * entry_bits};
    c->total_bits += entries * entry_bits;
    c->total_bytes = (c->total_bits + 7) / 8;
}

/* A score is at most the base plus one LLDS at a VTA hit per instruction:
 * 100 + k x warps x 100 (gmc_wsched_ccws.c); a VTA tag is the line
 * address above the line offset. */
void gmc_ccws_cost(const gmc_ccws_params_t *p, gmc_parts_cost_t *c)
{
    memset(c, 0, sizeof *c);
    c->scheme = "ccws";
    const unsigned tag = p->addr_bits - gmc_clog2(p->line_bytes);
    part(c, "vta", (uint64_t)p->warps * p->vta, tag + 1 + gmc_clog2(p->vta));
    part(c, "scores", p->warps, gmc_clog2(CCWS_BASE + (uint64_t)p->k * p->warps * CCWS_BASE + 1));
    part(c, "llds_counts", 2, p->counter_bits);
}

/* Each set entry is a batch id and a valid bit; a warp names its batch
 * among the SM's (at most one per CTA slot). */
void gmc_tbas_cost(const gmc_tbas_params_t *p, gmc_parts_cost_t *c)
{
    memset(c, 0, sizeof *c);
    c->scheme = "tbas";
    part(c, "running", p->batches, p->batch_bits + 1);
    part(c, "pending", p->ctas, p->batch_bits + 1);
    part(c, "warp_batch", p->warps, gmc_clog2(p->ctas));
    part(c, "demoted", 1, p->batch_bits + 1);
}

/* Head and tail per SM (sec. 3.2's "two extra registers"); per color its
 * SM and its next free page; per SM the next of its colors. */
void gmc_temp_cost(const gmc_temp_params_t *p, gmc_parts_cost_t *c)
{
    memset(c, 0, sizeof *c);
    c->scheme = "temp";
    part(c, "dispatch_queues", 2ull * p->sms, p->cta_bits);
    part(c, "color_sm", p->colors, gmc_clog2(p->sms));
    part(c, "color_next_page", p->colors, p->ppn_bits);
    part(c, "sm_next_color", p->sms, gmc_clog2((p->colors + p->sms - 1) / p->sms));
}

int gmc_parts_cost(const char *scheme, const void *p, gmc_parts_cost_t *c, char *err, size_t n)
{
    if (!strcmp(scheme, "ccws")) {
        if (gmc_ccws_params_check(p, err, n))
            return -1;
        gmc_ccws_cost(p, c);
    } else if (!strcmp(scheme, "tbas")) {
        if (gmc_tbas_params_check(p, err, n))
            return -1;
        gmc_tbas_cost(p, c);
    } else if (!strcmp(scheme, "temp")) {
        if (gmc_temp_params_check(p, err, n))
            return -1;
        gmc_temp_cost(p, c);
    } else
        return snprintf(err, n, "expected ccws, tbas or temp, found '%s'", scheme), -1;
    return 0;
}
