/* gmc_dev_kind: the registry of device kinds, their key sets, and the
 * calls that dispatch to a config's kind (gmc_dev_kind.h). */
#include "gmc_dev_kind.h"
#include <stdio.h>
#include <string.h>

/* A new kind is one line here (and its own files). */
static const gmc_dev_kind_t *const kinds[] = {
    &gmc_dev_kind_dram,
    &gmc_dev_kind_pcm,
};
#define NKINDS (sizeof kinds / sizeof kinds[0])

const gmc_dev_kind_t *gmc_dev_kind_get(unsigned i) { return i < NKINDS ? kinds[i] : NULL; }

size_t gmc_dev_kind_names(char *buf, size_t n)
{
    size_t o = 0;
    if (n)
        buf[0] = 0;
    for (unsigned i = 0; i < NKINDS; i++) {
        int k = snprintf(o < n ? buf + o : NULL, o < n ? n - o : 0, "%s%s", i ? ", " : "",
                         kinds[i]->name);
        o += k > 0 ? (size_t)k : 0;
    }
    return o;
}

const gmc_dev_kind_t *gmc_dev_kind_find(const char *name, char *err, size_t en)
{
    for (unsigned i = 0; name && i < NKINDS; i++)
        if (!strcmp(name, kinds[i]->name))
            return kinds[i];
    char names[160];
    gmc_dev_kind_names(names, sizeof names);
    if (en)
        snprintf(err, en, "expected a device kind (%s), found '%.40s'", names,
                 name ? name : "(null)");
    return NULL;
}

const gmc_dev_kind_t *gmc_dev_kind_of(const gmc_dram_cfg_t *c)
{
    return c->kind ? c->kind : &gmc_dev_kind_dram;
}

static uint64_t keys_with(const gmc_dev_kind_t *k, uint32_t bit)
{
    uint64_t m = 0;
    for (int p = 0; p < GMC_DRAM_NPARAM; p++)
        if (gmc_dram_param_info((gmc_dram_param_t)p)->use >> (2 * k->key_slot) & bit)
            m |= 1ull << p;
    return m;
}

uint64_t gmc_dev_kind_keys(const gmc_dev_kind_t *k) { return keys_with(k, 1); }
uint64_t gmc_dev_kind_required(const gmc_dev_kind_t *k) { return keys_with(k, 2); }

/* mem/gmc_dram_energy.h: each kind has its own model. */
int gmc_dram_energy(const gmc_dram_cfg_t *d, const gmc_dram_stats_t *s, uint64_t cycles,
                    uint64_t active_cycles, gmc_dram_energy_t *e)
{
    return gmc_dev_kind_of(d)->energy(d, s, cycles, active_cycles, e);
}
