/* gmc mem: the DRAM device and the address map of a run.
 *
 * Device: the preset, or --dram-cfg FILE in any format gmc_dram_import
 * reads (told apart by content).  A foreign format (GPGPU-Sim, DRAMsim3)
 * says less than gmc needs, so the preset is its base: --preset P, or the
 * default preset.  A gmc-format file is complete on its own; with an
 * explicit --preset it too is read over the preset (its keys override).
 * Map: --map / --map-file, else the file's own map (GPGPU-Sim's
 * -gpgpu_mem_addr_mapping, DRAMsim3's address_mapping), else the map preset
 * of the device's name, else one derived from the geometry.
 * docs/memory.md "Config files", docs/cli.md "gmc mem". */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "mem/gmc_dram_import.h"
#include "mem_cli.h"

void mem_note(mem_opts_t *o, const char *fmt, ...)
{
    size_t u = strlen(o->notes);
    if (u + 2 >= sizeof o->notes)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(o->notes + u, sizeof o->notes - u - 1, fmt, ap);
    va_end(ap);
    u = strlen(o->notes);
    o->notes[u] = '\n';
    o->notes[u + 1] = 0;
}

static int unknown_preset(const char *name)
{
    fprintf(stderr, "gmc mem: unknown preset '%s' (expected one of:", name);
    for (unsigned i = 0; gmc_dram_preset_name(i); i++)
        fprintf(stderr, " %s", gmc_dram_preset_name(i));
    fprintf(stderr, ")\n");
    return 2;
}

/* --dram-cfg FILE over the base preset; fills the import info. */
static int load_file(mem_opts_t *o, gmc_memsys_cfg_t *sc, gmc_dram_import_t *info, char *warn,
                     size_t wn)
{
    char err[512];
    char *text;
    size_t len;
    if (cli_input_ok(MEM_CMD, o->dram_cfg))
        return 1;
    if (gmc_dram_read_file(o->dram_cfg, &text, &len, err, sizeof err)) {
        fprintf(stderr, "gmc mem: %s\n", err);
        return 1;
    }
    gmc_dram_fmt_t fmt = gmc_dram_fmt_detect(text, len);
    static gmc_dram_cfg_t base;
    int use_base = fmt != GMC_DRAM_FMT_GMC || o->preset_given;
    if (use_base) {
        if (!gmc_dram_preset_text(o->sel.preset)) {
            free(text);
            return unknown_preset(o->sel.preset);
        }
        /* the base's own warnings do not matter: the result is checked whole */
        char none[1] = "";
        if (gmc_dram_cfg_preset(o->sel.preset, &base, err, sizeof err, none, 0) < 0) {
            free(text);
            fprintf(stderr, "gmc mem: %s\n", err);
            return 1;
        }
        snprintf(o->dram_base, sizeof o->dram_base, "%s", o->sel.preset);
    }
    int rc = gmc_dram_import(text, len, o->dram_cfg, use_base ? &base : NULL, &sc->dram, info,
                             err, sizeof err, warn, wn);
    free(text);
    if (rc < 0) {
        fprintf(stderr, "gmc mem: %s\n", err);
        return 1;
    }
    o->dram_fmt = gmc_dram_fmt_name(info->fmt);
    if (info->fmt == GMC_DRAM_FMT_GPGPUSIM || info->fmt == GMC_DRAM_FMT_DRAMSIM3)
        mem_note(o, "gmc mem: %s: read as %s; %u option%s that are not the memory system's "
                 "ignored%s", o->dram_cfg, o->dram_fmt, info->n_ignored,
                 info->n_ignored == 1 ? "" : "s",
                 info->n_ignored && !o->verbose ? " (--verbose lists them)" : "");
    if (o->verbose && info->n_ignored)
        mem_note(o, "gmc mem: %s: ignored: %s", o->dram_cfg, info->ignored);
    if (use_base && info->defaults[0])
        mem_note(o, "gmc mem: %s: from preset %s (not set by the file): %s", o->dram_cfg,
                 o->dram_base, info->defaults);
    return 0;
}

int mem_resolve_dram(mem_opts_t *o, gmc_memsys_cfg_t *sc, char *warn, size_t wn)
{
    char err[512];
    static gmc_dram_import_t info;
    memset(&info, 0, sizeof info);
    int rc;
    if (o->dram_cfg) {
        if ((rc = load_file(o, sc, &info, warn, wn)))
            return rc;
    } else if (!gmc_dram_preset_text(o->sel.preset)) {
        return unknown_preset(o->sel.preset);
    } else if (gmc_dram_cfg_preset(o->sel.preset, &sc->dram, err, sizeof err, warn, wn) < 0) {
        fprintf(stderr, "gmc mem: %s\n", err);
        return 1;
    }
    snprintf(o->dram_name, sizeof o->dram_name, "%s",
             sc->dram.name[0] ? sc->dram.name : o->dram_cfg ? o->dram_cfg : o->sel.preset);
    if (o->sel.map_spec || o->sel.map_file) {
        snprintf(o->map_source, sizeof o->map_source, "%s",
                 o->sel.map_file ? "--map-file" : "--map");
    } else if (info.map[0]) {
        snprintf(o->map_text, sizeof o->map_text, "%s", info.map);
        o->sel.map_spec = o->map_text;
        snprintf(o->map_source, sizeof o->map_source, "%s", o->dram_cfg);
        if (!o->sel.matrix_given)   /* applied in cmd_mem.c resolve() */
            o->ipoly = info.ipoly;
    } else if (info.map_err[0]) {   /* the file's map matters and cannot be honoured */
        fprintf(stderr, "gmc mem: %s\n", info.map_err);
        return 1;
    } else if (sc->dram.name[0] && gmc_addrmap_preset_spec(sc->dram.name)) {
        o->sel.preset = sc->dram.name;
        snprintf(o->map_source, sizeof o->map_source, "preset %s", sc->dram.name);
    } else {
        if (gmc_memsys_default_map(&sc->dram, o->map_text, sizeof o->map_text, err, sizeof err)) {
            fprintf(stderr, "gmc mem: %s\n", err);
            return 1;
        }
        o->sel.map_spec = o->map_text;
        snprintf(o->map_source, sizeof o->map_source, "derived from the geometry");
    }
    return 0;
}
