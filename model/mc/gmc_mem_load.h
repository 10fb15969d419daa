/* gmc_mem_load: a memory system's device and address map from a preset
 * name and/or a DRAM config file, chosen exactly as `gmc mem` chooses them
 * (gmc mem calls these; so does the SystemC target, systemc/), so an
 * embedder configured by the same names gets the same memory system.
 *
 * Device: the preset, or FILE in any format gmc_dram_import reads (gmc's
 * own, a GPGPU-Sim gpgpusim.config or -gpgpu_dram_timing_opt string, a
 * DRAMsim3 .ini, an NVMain PCM config; told apart by content).  A foreign
 * format says less than gmc needs, so it is read over the preset; a
 * gmc-format file is complete on its own and is read over the preset only
 * when over_preset says so.
 * Map: the file's own (GPGPU-Sim's -gpgpu_mem_addr_mapping, DRAMsim3's
 * address_mapping), else the map preset of the device's name, else one
 * derived from the geometry (gmc_memsys_default_map).
 * docs/embedding.md "Configuring from presets and files". */
#ifndef GMC_MEM_LOAD_H
#define GMC_MEM_LOAD_H
#include <stddef.h>
#include "bim/gmc_gf2.h"
#include "mc/gmc_mem.h"
#include "mem/gmc_dram_import.h"
#ifdef __cplusplus
extern "C" {
#endif

/* The default preset of gmc mem and of gmc_mem_device_load (NULL preset). */
#define GMC_MEM_DEFAULT_PRESET "gddr6-rtx2060s"

typedef enum {
    GMC_MAP_OF_FILE,     /* the file's own map: map_text */
    GMC_MAP_OF_PRESET,   /* the map preset named by the device's name: map_text is that name */
    GMC_MAP_DERIVED,     /* derived from the geometry: map_text */
    GMC_MAP_UNUSABLE,    /* no map: the file gives one that cannot be honoured, or the
                            geometry gives none; map_err says why (an error unless the
                            caller gives its own map) */
} gmc_map_origin_t;

typedef struct {
    gmc_dram_cfg_t    dram;
    gmc_dram_import_t info;          /* with a file: how it was read; zeroed for a preset */
    int               over_preset;   /* the file was read over the preset */
    gmc_map_origin_t  map_origin;
    char              map_text[512]; /* see gmc_map_origin_t */
    char              map_err[512];  /* GMC_MAP_UNUSABLE: one line */
} gmc_mem_device_t;

/* The device of preset (NULL: GMC_MEM_DEFAULT_PRESET) or of file (NULL:
 * none) over it, and where its map comes from.  Warnings (the device's,
 * as gmc_dram_cfg.h words them) are appended to warn.  0; -1 with one
 * line in err; -2 for an unknown preset, err naming the presets there are. */
int gmc_mem_device_load(const char *preset, const char *file, int over_preset,
                        gmc_mem_device_t *d, char *err, size_t n, char *warn, size_t wn);

/* A complete gmc_memsys_cfg_t as `gmc mem --preset P [--dram-cfg FILE]`
 * builds it with no other option: the device and map above (parsed), the
 * file's IPoly channel hash as the BIM (into *bim, then cfg->bim = bim;
 * cfg->bim = NULL without one), the controller's defaults
 * (gmc_mc_cfg_defaults: FR-FCFS, 64/32 queue entries), refresh on, the
 * device's channel count.  The caller may change any field before
 * gmc_memsys_new.  0, or -1/-2 with err as above. */
int gmc_memsys_cfg_load(const char *preset, const char *file, gmc_memsys_cfg_t *cfg,
                        gmc_gf2_t *bim, char *err, size_t n, char *warn, size_t wn);

#ifdef __cplusplus
}
#endif
#endif
