/* gmc_dram_cfg: lookup of the presets embedded from model/mem/presets/<name>.cfg. */
#include "gmc_dram_cfg.h"
#include <stdio.h>
#include <string.h>

const char *gmc_dram_preset_name(unsigned i)
{
    return i < gmc_dram_n_preset_srcs ? gmc_dram_preset_srcs[i].name : NULL;
}

static const gmc_dram_preset_src_t *find(const char *name)
{
    for (unsigned i = 0; name && i < gmc_dram_n_preset_srcs; i++)
        if (!strcmp(name, gmc_dram_preset_srcs[i].name))
            return &gmc_dram_preset_srcs[i];
    return NULL;
}

const char *gmc_dram_preset_text(const char *name)
{
    const gmc_dram_preset_src_t *p = find(name);
    return p ? p->text : NULL;
}

int gmc_dram_cfg_preset(const char *name, gmc_dram_cfg_t *c, char *err, size_t en,
                        char *warn, size_t wn)
{
    const gmc_dram_preset_src_t *p = find(name);
    if (!p) {
        int k = snprintf(err, en, "expected a DRAM preset (");
        for (unsigned i = 0; i < gmc_dram_n_preset_srcs && k >= 0 && (size_t)k < en; i++)
            k += snprintf(err + k, en - (size_t)k, "%s%s", i ? ", " : "",
                          gmc_dram_preset_srcs[i].name);
        if (k >= 0 && (size_t)k < en)
            snprintf(err + k, en - (size_t)k, "), found '%.40s'", name ? name : "(null)");
        return -1;
    }
    /* its messages name the preset, not the repository file it was built from */
    char src[64];
    snprintf(src, sizeof src, "preset %s", p->name);
    int rc = gmc_dram_cfg_parse(p->text, strlen(p->text), src, c, err, en, warn, wn);
    if (rc >= 0 && !c->name[0])
        snprintf(c->name, sizeof c->name, "%s", p->name);
    return rc;
}
