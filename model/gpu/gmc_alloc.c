/* gmc_alloc: setting up a switch allocator, and the registry of them
 * (the contract is in gmc_alloc.h). */
#include <stdio.h>
#include <string.h>
#include "gpu/gmc_alloc.h"

static const gmc_alloc_ops_t *const allocs[] = {&gmc_alloc_rr, &gmc_alloc_hg};
#define NALLOC (sizeof allocs / sizeof allocs[0])

int gmc_alloc_init(gmc_alloc_t *a, const gmc_alloc_ops_t *ops, const gmc_alloc_cfg_t *cfg,
                   char *err, size_t n)
{
    memset(a, 0, sizeof *a);
    const uint32_t most = ops->max_ports ? ops->max_ports : 65536;
    if (cfg->inputs < 1 || cfg->inputs > most || cfg->outputs < 1 || cfg->outputs > most) {
        snprintf(err, n, "icnt allocator %s: expected 1..%u inputs and outputs, found %u x %u",
                 ops->name, most, cfg->inputs, cfg->outputs);
        return -1;
    }
    if (cfg->hold.policy >= GMC_ALLOC_HOLD_N || (cfg->hold.policy && !ops->holds)) {
        snprintf(err, n, "icnt allocator %s: icnt_hold: expected %s, found %s", ops->name,
                 ops->holds ? "none, hg, rmhg or hmhg" : "none (it holds no grant; icnt_alloc = hgalloc does)",
                 gmc_alloc_hold_name(cfg->hold.policy) ? gmc_alloc_hold_name(cfg->hold.policy) : "?");
        return -1;
    }
    if (cfg->vcs < 1 || cfg->vcs > 64) {
        snprintf(err, n, "icnt allocator %s: vcs: expected 1..64, found %u", ops->name, cfg->vcs);
        return -1;
    }
    a->ops = ops;
    a->cfg = *cfg;
    if (ops->init && ops->init(a, err, n)) {
        a->ops = NULL;
        return -1;
    }
    return 0;
}

void gmc_alloc_free(gmc_alloc_t *a)
{
    if (a->ops && a->ops->free)
        a->ops->free(a);
    a->ops = NULL;
    a->priv = NULL;
}

const gmc_alloc_ops_t *gmc_alloc_get(unsigned i)
{
    return i < NALLOC ? allocs[i] : NULL;
}

int gmc_alloc_find(const char *name, const gmc_alloc_ops_t **ops, char *err, size_t n)
{
    for (unsigned i = 0; i < NALLOC; i++)
        if (!strcmp(name, allocs[i]->name)) {
            *ops = allocs[i];
            return 0;
        }
    size_t k = (size_t)snprintf(err, n, "icnt allocator: expected one of");
    for (unsigned i = 0; i < NALLOC && k < n; i++)
        k += (size_t)snprintf(err + k, n - k, "%s %s", i ? "," : "", allocs[i]->name);
    if (k < n)
        snprintf(err + k, n - k, ", found '%s'", name);
    return -1;
}

static const char *const hold_names[GMC_ALLOC_HOLD_N] = {"none", "hg", "rmhg", "hmhg"};

const char *gmc_alloc_hold_name(uint32_t policy)
{
    return policy < GMC_ALLOC_HOLD_N ? hold_names[policy] : NULL;
}

int gmc_alloc_hold_find(const char *name, uint32_t *policy, char *err, size_t n)
{
    for (uint32_t i = 0; i < GMC_ALLOC_HOLD_N; i++)
        if (!strcmp(name, hold_names[i])) {
            *policy = i;
            return 0;
        }
    snprintf(err, n, "icnt_hold: expected one of none, hg, rmhg, hmhg, found '%s'", name);
    return -1;
}
