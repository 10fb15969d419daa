/* gmc_mem_load: the device and the map of a memory system from a preset
 * and/or a config file, as gmc mem chooses them (gmc_mem_load.h). */
#include "mc/gmc_mem_load.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bim/gmc_bim_ipoly.h"

/* err: "unknown preset 'x' (expected one of: a b c)"; -2. */
static int unknown_preset(const char *name, char *err, size_t n)
{
    size_t k = (size_t)snprintf(err, n, "unknown preset '%s' (expected one of:", name);
    for (unsigned i = 0; gmc_dram_preset_name(i) && k < n; i++)
        k += (size_t)snprintf(err + k, n - k, " %s", gmc_dram_preset_name(i));
    if (k < n)
        snprintf(err + k, n - k, ")");
    return -2;
}

/* file over the preset (or alone): the device and the import info. */
static int load_file(const char *preset, const char *file, int over_preset, gmc_mem_device_t *d,
                     char *err, size_t n, char *warn, size_t wn)
{
    char *text;
    size_t len;
    if (gmc_dram_read_file(file, &text, &len, err, n))
        return -1;
    static gmc_dram_cfg_t base;   /* large; the library is not re-entrant here (as gmc mem) */
    d->over_preset = gmc_dram_fmt_detect(text, len) != GMC_DRAM_FMT_GMC || over_preset;
    if (d->over_preset) {
        if (!gmc_dram_preset_text(preset)) {
            free(text);
            return unknown_preset(preset, err, n);
        }
        /* the base's own warnings do not matter: the result is checked whole */
        char none[1] = "";
        if (gmc_dram_cfg_preset(preset, &base, err, n, none, 0) < 0) {
            free(text);
            return -1;
        }
    }
    int rc = gmc_dram_import(text, len, file, d->over_preset ? &base : NULL, &d->dram, &d->info,
                             err, n, warn, wn);
    free(text);
    return rc < 0 ? -1 : 0;
}

int gmc_mem_device_load(const char *preset, const char *file, int over_preset,
                        gmc_mem_device_t *d, char *err, size_t n, char *warn, size_t wn)
{
    memset(d, 0, sizeof *d);
    if (!preset)
        preset = GMC_MEM_DEFAULT_PRESET;
    int rc;
    if (file) {
        if ((rc = load_file(preset, file, over_preset, d, err, n, warn, wn)))
            return rc;
    } else if (!gmc_dram_preset_text(preset)) {
        return unknown_preset(preset, err, n);
    } else if (gmc_dram_cfg_preset(preset, &d->dram, err, n, warn, wn) < 0) {
        return -1;
    }
    if (d->info.map[0]) {
        d->map_origin = GMC_MAP_OF_FILE;
        snprintf(d->map_text, sizeof d->map_text, "%s", d->info.map);
    } else if (d->info.map_err[0]) {
        d->map_origin = GMC_MAP_UNUSABLE;
        snprintf(d->map_err, sizeof d->map_err, "%s", d->info.map_err);
    } else if (d->dram.name[0] && gmc_addrmap_preset_spec(d->dram.name)) {
        d->map_origin = GMC_MAP_OF_PRESET;
        snprintf(d->map_text, sizeof d->map_text, "%s", d->dram.name);
    } else {
        d->map_origin = GMC_MAP_DERIVED;
        if (gmc_memsys_default_map(&d->dram, d->map_text, sizeof d->map_text, d->map_err,
                                   sizeof d->map_err))
            d->map_origin = GMC_MAP_UNUSABLE;
    }
    return 0;
}

int gmc_memsys_cfg_load(const char *preset, const char *file, gmc_memsys_cfg_t *cfg,
                        gmc_gf2_t *bim, char *err, size_t n, char *warn, size_t wn)
{
    static gmc_mem_device_t d;
    memset(cfg, 0, sizeof *cfg);
    int rc = gmc_mem_device_load(preset, file, 0, &d, err, n, warn, wn);
    if (rc)
        return rc;
    cfg->dram = d.dram;
    switch (d.map_origin) {
    case GMC_MAP_UNUSABLE:
        snprintf(err, n, "%s", d.map_err);
        return -1;
    case GMC_MAP_OF_PRESET:
        if (gmc_addrmap_preset(d.map_text, &cfg->map)) {
            snprintf(err, n, "internal error: map preset '%s' vanished", d.map_text);
            return -1;
        }
        break;
    default:
        if (gmc_addrmap_parse(d.map_text, file ? file : preset, &cfg->map, err, n))
            return -1;
    }
    if (d.map_origin == GMC_MAP_OF_FILE && d.info.ipoly.sets) {
        /* GPGPU-Sim's IPoly channel hash on the file's map, as gmc mem applies it */
        const gmc_ipoly_t *ip = &d.info.ipoly;
        char why[400];
        if (gmc_bim_ipoly(cfg->map.width, ip->ch_at, ip->ch_bits, ip->sub_bits, bim, why,
                          sizeof why)) {
            snprintf(err, n, "%s: %s", file, why);
            return -1;
        }
        cfg->bim = bim;
    }
    cfg->refresh = 1;
    cfg->channels = cfg->dram.channels;
    gmc_mc_cfg_defaults(&cfg->mc);
    return 0;
}
