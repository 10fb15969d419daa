/* gmc sim: the machine from --machine (a preset, a `key = value` file
 * over the default preset, or a GPGPU-Sim gpgpusim.config), --set
 * overrides, the schedulers, and the address map and its BIM (gmc bim). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "gpu/gmc_machine_gpgpusim.h"
#include "mc/gmc_mem.h"
#include "mc/gmc_sched.h"
#include "mem/gmc_dram_import.h"
#include "sim_cli.h"
#include "util/gmc_file.h"

#define SIM_CMD "sim"

static gmc_dram_cfg_t imported_dram;
static char imported_map[512];
static gmc_machine_import_t imported_info;   /* what the import found (its IPoly hash) */

static int load_machine(sim_opts_t *o, gmc_gpu_cfg_t *cfg)
{
    char err[1024];
    gmc_machine_t *m = &cfg->machine;
    for (unsigned i = 0; gmc_machine_preset_name(i); i++)
        if (!strcmp(o->machine, gmc_machine_preset_name(i))) {
            snprintf(o->machine_src, sizeof o->machine_src, "preset %s", o->machine);
            if (gmc_machine_preset(o->machine, m, err, sizeof err)) {
                fprintf(stderr, "gmc sim: %s\n", err);
                return 1;
            }
            return 0;
        }
    if (!strchr(o->machine, '/') && !strchr(o->machine, '.')) {
        const char *kind;   /* a FIFO is refused below, never waited on */
        FILE *f = gmc_file_open(o->machine, &kind);
        if (!f && !kind)
            return cli_usage_error(SIM_CMD, "--machine: expected a preset (gmc sim --machine list) or "
                                   "a file, found '%s'", o->machine);
        if (f)
            fclose(f);
    }
    if (cli_input_ok(SIM_CMD, o->machine))
        return 1;
    char *text;
    size_t len;
    if (gmc_dram_read_file(o->machine, &text, &len, err, sizeof err)) {
        fprintf(stderr, "gmc sim: %s\n", err);
        return 1;
    }
    gmc_machine_t base;
    if (gmc_machine_preset(GMC_MACHINE_DEFAULT, &base, err, sizeof err)) {
        free(text);
        fprintf(stderr, "gmc sim: %s\n", err);
        return 1;
    }
    int rc = 0;
    if (gmc_machine_is_gpgpusim(text, len)) {
        const gmc_machine_import_t *const info = &imported_info;
        char warn[2048] = "";
        /* --map or --map-file replaces the file's map, even one gmc cannot honour */
        const int own_map = o->sel.map_spec || o->sel.map_file;
        if (gmc_machine_gpgpusim(text, len, o->machine, &base, m, &imported_dram,
                                 own_map ? NULL : imported_map, sizeof imported_map, &imported_info,
                                 err, sizeof err, warn, sizeof warn) < 0) {
            fprintf(stderr, "gmc sim: %s\n", err);
            rc = 1;
        } else {
            if (warn[0])
                fprintf(stderr, "%s", warn);
            cfg->dram = &imported_dram;
            snprintf(o->machine_src, sizeof o->machine_src, "gpgpusim.config %s", o->machine);
            snprintf(o->import_note, sizeof o->import_note,
                     "used %u options: %s; ignored %u: %s; from the base machine %s: %s; DRAM: %s",
                     info->n_used, info->used, info->n_ignored, info->ignored, base.name,
                     info->defaults[0] ? info->defaults : "nothing", info->dram_note);
            fprintf(stderr, "gmc sim: %s: %s\n", o->machine, o->import_note);
        }
    } else {
        *m = base;
        m->set = 0;
        if (gmc_machine_parse(text, len, o->machine, m, err, sizeof err)) {
            fprintf(stderr, "gmc sim: %s\n", err);
            rc = 1;
        }
        snprintf(o->machine_src, sizeof o->machine_src, "file %s over preset %s", o->machine,
                 GMC_MACHINE_DEFAULT);
    }
    free(text);
    return rc;
}

int sim_resolve(sim_opts_t *o, gmc_gpu_cfg_t *cfg)
{
    char err[1024];
    memset(cfg, 0, sizeof *cfg);
    int rc = load_machine(o, cfg);
    if (rc)
        return rc;
    gmc_machine_t *m = &cfg->machine;
    for (unsigned i = 0; i < o->nset; i++) {
        if (gmc_machine_set(m, o->set[i], err, sizeof err))
            return cli_usage_error(SIM_CMD, "%s", err);
        /* the report's machine_source names the overrides too */
        size_t l = strlen(o->machine_src);
        if (l < sizeof o->machine_src)
            snprintf(o->machine_src + l, sizeof o->machine_src - l, " --set %s", o->set[i]);
    }
    if (o->sched)
        snprintf(m->mem_sched, sizeof m->mem_sched, "%s", o->sched);
    if (o->warp_sched)
        snprintf(m->warp_sched, sizeof m->warp_sched, "%s", o->warp_sched);
    if (gmc_machine_check(m, err, sizeof err))
        return cli_usage_error(SIM_CMD, "%s", err);
    if (gmc_gpu_cfg_defaults(cfg, err, sizeof err)) {
        /* err is "--sched: expected ...": right for --sched, but the name
         * may come from the machine (file, --set mem_sched=): say so, as
         * gmc_machine_check does for warp_sched */
        if (o->sched)
            return cli_usage_error(SIM_CMD, "%s", err);
        const char *e = strncmp(err, "--sched: ", 9) ? err : err + 9;
        return cli_usage_error(SIM_CMD, "machine %s: mem_sched: %s", m->name, e);
    }
    cfg->mc.wmc.score_at = (uint8_t)o->wmc_score_at;
    cfg->mc.wmc.m_rule = (uint8_t)o->wmc_m_rule;
    if (gmc_mc_cfg_check(&cfg->mc, err, sizeof err))
        return cli_usage_error(SIM_CMD, "%s", err);
    cfg->refresh = !o->no_refresh;
    cfg->max_cycles = o->max_cycles;
    if (imported_map[0] && !o->sel.map_spec && !o->sel.map_file)
        o->sel.map_spec = imported_map;
    if (o->bim_given || imported_map[0]) {
        /* the map the BIM works on: --map/--map-file, else the machine's */
        static char spec[256];
        if (!o->sel.map_spec && !o->sel.map_file) {
            if (m->addr_map[0] && strcmp(m->addr_map, "derived")) {
                o->sel.preset = m->addr_map;
            } else {   /* derived from the device: the imported one, else the preset */
                gmc_dram_cfg_t d;
                char warn[512];
                if (cfg->dram)
                    d = *(const gmc_dram_cfg_t *)cfg->dram;
                if ((!cfg->dram && gmc_dram_cfg_preset(m->dram, &d, err, sizeof err, warn, sizeof warn) < 0) ||
                    gmc_memsys_default_map(&d, spec, sizeof spec, err, sizeof err)) {
                    fprintf(stderr, "gmc sim: %s\n", err);
                    return 1;
                }
                o->sel.map_spec = spec;
            }
        }
        if ((rc = bim_sel_resolve(&o->sel, SIM_CMD)))
            return rc;
        /* the file's IPoly hash, on the file's map, unless a BIM was asked for */
        const gmc_machine_import_t *ip = &imported_info;
        if (ip->ipoly.sets && !o->sel.matrix_given && o->sel.map_spec == imported_map) {
            if (bim_sel_ipoly(&o->sel, &ip->ipoly, err, sizeof err)) {
                fprintf(stderr, "gmc sim: %s: %s\n", o->machine, err);
                return 1;
            }
            o->bim_ipoly = 1;
            /* and the sub-partition (L2 slice) when the slice follows the bank */
            cfg->ipoly_sets = ip->ipoly.sets;
            cfg->ipoly_ch_at = ip->ipoly.ch_at;
            cfg->ipoly_ch_bits = ip->ipoly.ch_bits;
            cfg->ipoly_sub_bits = ip->ipoly.sub_bits;
        }
        cfg->map = &o->sel.map;
        cfg->bim = &o->sel.m;
    }
    return 0;
}
