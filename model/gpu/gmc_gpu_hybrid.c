/* gmc_gpu_hybrid: the machine's hybrid memory (docs/pcm.md "Hybrid
 * memory") as the memory system takes it (mc/gmc_hybrid.h), and the
 * write-aware profile run's page list. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gpu/gmc_gpu_impl.h"
#include "mc/gmc_mc_pol.h"
#include "mc/gmc_sched.h"

/* "" and the word given mean "not set" (as gmc_machine_check_hybrid reads them). */
static int unset(const char *v, const char *word) { return !v[0] || !strcmp(v, word); }

int gmc_gpu_hybrid_cfg(const gmc_gpu_cfg_t *cfg, const gmc_dram_cfg_t *d0, unsigned n0,
                       gmc_hybrid_cfg_t *hc, gmc_mc_cfg_t *mc1, gmc_addrmap_t *map, char *err,
                       size_t n)
{
    const gmc_machine_t *m = &cfg->machine;
    if (unset(m->hybrid_dram, "none"))
        return 0;
    char why[512], warn[1024];
    memset(hc, 0, sizeof *hc);
    if (gmc_dram_cfg_preset(m->hybrid_dram, &hc->dram, why, sizeof why, warn, sizeof warn) < 0) {
        snprintf(err, n, "machine %s: hybrid_dram: %s", m->name, why);
        return -1;
    }
    if (m->dram_timing_scale > 1 && gmc_dram_cfg_scale_timing(&hc->dram, m->dram_timing_scale, why, sizeof why)) {
        snprintf(err, n, "machine %s: dram_timing_scale: hybrid_dram %s: %s", m->name, m->hybrid_dram, why);
        return -1;
    }
    hc->channels = m->hybrid_channels ? m->hybrid_channels : hc->dram.channels;
    hc->placement = GMC_PLACE_BW_AWARE;
    if (m->hybrid_placement[0] && gmc_place_parse(m->hybrid_placement, &hc->placement, why, sizeof why))
        return snprintf(err, n, "machine %s: hybrid_placement: %s", m->name, why), -1;
    hc->page_bits = (unsigned)__builtin_ctz(m->hybrid_page ? m->hybrid_page : 4096);
    hc->seed = m->hybrid_seed;
    if (hc->placement == GMC_PLACE_RATIO &&
        gmc_hybrid_share_parse(m->hybrid_share[0] ? m->hybrid_share : "", &hc->share_num,
                               &hc->share_den, why, sizeof why))
        return snprintf(err, n, "machine %s: hybrid_share: %s", m->name, why), -1;
    if (hc->placement == GMC_PLACE_WRITE_AWARE) {
        hc->pages = cfg->hybrid_pages;
        hc->npages = cfg->hybrid_npages;
    }
    if (cfg->hybrid_profile) {   /* the profile run: by bandwidth, counting */
        hc->placement = GMC_PLACE_BW_AWARE;
        hc->pages = NULL;
        hc->npages = 0;
        hc->profile = 1;
    }
    /* the second memory's controller: the first's, its own scheduler and write policy */
    *mc1 = cfg->mc;
    if (!unset(m->hybrid_mem_sched, "same") && gmc_sched_find(m->hybrid_mem_sched, &mc1->sched, why, sizeof why))
        return snprintf(err, n, "machine %s: hybrid_mem_sched: %s", m->name, why), -1;
    if (!unset(m->hybrid_mc_write_policy, "same") &&
        gmc_mc_wpol_find(m->hybrid_mc_write_policy, &mc1->wpol, why, sizeof why))
        return snprintf(err, n, "machine %s: hybrid_mc_write_policy: %s", m->name, why), -1;
    hc->mc = mc1;
    /* the whole system's map spans both memories' channels: derived (the
     * page placements derive each memory's own), or the cfg's */
    if (cfg->map) {
        *map = *cfg->map;
    } else if (!unset(m->addr_map, "derived")) {
        return snprintf(err, n, "machine %s: addr_map: expected derived with hybrid_dram (the maps "
                        "are derived from both memories' devices), found '%s'", m->name,
                        m->addr_map), -1;
    } else {
        char spec[256];
        if (gmc_hybrid_default_map(d0, n0, &hc->dram, hc->channels, spec, sizeof spec, why, sizeof why) ||
            gmc_addrmap_parse(spec, "derived hybrid map", map, why, sizeof why))
            return snprintf(err, n, "machine %s: hybrid_dram: %s", m->name, why), -1;
    }
    return 1;
}

size_t gmc_gpu_hybrid_pages(gmc_gpu_t *g, uint64_t **pages, size_t *seen)
{
    *pages = NULL;
    *seen = 0;
    const gmc_hybrid_page_count_t *c;
    const size_t np = gmc_memsys_page_profile(g->ms, &c);
    *seen = np;
    return np ? gmc_hybrid_rarely_written(c, np, g->m->hybrid_wa_writes, pages) : 0;
}
