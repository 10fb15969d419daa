/* gmc sim: the machine from --machine (a preset, a `key = value` file
 * over the default preset, or a GPGPU-Sim gpgpusim.config), --set
 * overrides, the schedulers, and the address map and its BIM (gmc bim). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "cli.h"
#include "gpu/gmc_machine_gpgpusim.h"
#include "gpu/gmc_wsched.h"
#include "mc/gmc_mem.h"
#include "mc/gmc_sched.h"
#include "mem/gmc_dram_import.h"
#include "sim_cli.h"
#include "util/gmc_file.h"
#include "util/gmc_quote.h"

#define SIM_CMD "sim"

static gmc_dram_cfg_t imported_dram;
static char imported_map[512];
static gmc_machine_import_t imported_info;   /* what the import found (its IPoly hash) */
/* Where each key of the machine was given (a file's line, a --set, an
 * option), for errors found after the machine is read; the --set labels
 * it points to. */
static gmc_machine_origin_t origin;
static char set_label[SIM_MAX_SET][GMC_QUOTE_SIZE + 16];

int sim_machine_error(const sim_opts_t *o, const gmc_machine_t *m, char *err, size_t n, int dflt)
{
    int k = gmc_machine_blame(m, &origin, err, n);
    fprintf(stderr, "gmc sim: %s\n", err);
    if (k < 0)
        return dflt;
    return origin.src[k] == o->machine ? 1 : 2;   /* the file's line: bad input; else the command line */
}

/* What a GPGPU-Sim config gave, on stderr: one short line of counts, and
 * with --verbose the options used and ignored and the keys taken from the
 * base machine, a line each. */
static void import_note(const sim_opts_t *o, const char *path, const gmc_machine_import_t *info,
                        const char *base)
{
    unsigned nbase = 0;
    for (const char *p = info->defaults; *p; p++)
        nbase += (p == info->defaults || p[-1] == ' ') && *p != ' ';
    fprintf(stderr, "gmc sim: %s: %u GPGPU-Sim options used, %u ignored, %u machine keys from the "
            "base machine %s%s; DRAM: %s\n", path, info->n_used, info->n_ignored, nbase, base,
            o->verbose ? "" : " (--verbose lists them)", info->dram_note);
    if (!o->verbose)
        return;
    fprintf(stderr, "gmc sim: %s: used: %s\n", path, info->used[0] ? info->used : "none");
    fprintf(stderr, "gmc sim: %s: ignored: %s\n", path, info->ignored[0] ? info->ignored : "none");
    fprintf(stderr, "gmc sim: %s: from the base machine %s: %s\n", path, base,
            info->defaults[0] ? info->defaults : "nothing");
    if (info->dram_defaults[0])
        fprintf(stderr, "gmc sim: %s: DRAM from the preset: %s\n", path, info->dram_defaults);
}

/* Accel-Sim's trace.config over the imported machine m: its opcode
 * latencies, initiation intervals and specialized units. */
static int load_trace_config(sim_opts_t *o, const char *path, gmc_machine_t *m)
{
    char err[1024], ignored[1024];
    char *text = NULL;
    size_t len;
    if (gmc_dram_read_file(path, &text, &len, err, sizeof err) ||
        gmc_machine_trace_config(text, len, path, m, ignored, sizeof ignored, err, sizeof err)) {
        free(text);
        fprintf(stderr, "gmc sim: %s\n", err);
        return 1;
    }
    free(text);
    size_t l = strlen(o->machine_src);
    snprintf(o->machine_src + l, sizeof o->machine_src - l, " + trace.config %s", path);
    fprintf(stderr, "gmc sim: %s: opcode latencies and units read; ignored: %s\n", path,
            ignored[0] ? ignored : "nothing");
    return 0;
}

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
    /* a directory: Accel-Sim's layout, its gpgpusim.config and, when it is
     * there, the trace.config beside it */
    static char cfg_path[4200], trace_path[4200];
    const char *path = o->machine;
    struct stat sb;
    trace_path[0] = 0;
    if (!stat(o->machine, &sb) && S_ISDIR(sb.st_mode)) {
        snprintf(cfg_path, sizeof cfg_path, "%s/gpgpusim.config", o->machine);
        snprintf(trace_path, sizeof trace_path, "%s/trace.config", o->machine);
        if (stat(cfg_path, &sb))
            return cli_usage_error(SIM_CMD, "--machine %s: expected a directory holding gpgpusim.config "
                                   "(and trace.config), found no %s", o->machine, cfg_path);
        if (stat(trace_path, &sb))
            trace_path[0] = 0;
        path = cfg_path;
    } else if (!strchr(o->machine, '/') && !strchr(o->machine, '.')) {
        const char *kind;   /* a FIFO is refused below, never waited on */
        FILE *f = gmc_file_open(o->machine, &kind);
        gmc_quote_t q;
        if (!f && !kind)
            return cli_usage_error(SIM_CMD, "--machine: expected a preset (gmc sim --machine list), "
                                   "a file or a directory, found %s",
                                   gmc_quote(&q, o->machine, strlen(o->machine)));
        if (f)
            fclose(f);
    }
    if (cli_input_ok(SIM_CMD, path))
        return 1;
    char *text;
    size_t len;
    if (gmc_dram_read_file(path, &text, &len, err, sizeof err)) {
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
        if (gmc_machine_gpgpusim(text, len, path, &base, m, &imported_dram,
                                 own_map ? NULL : imported_map, sizeof imported_map, &imported_info,
                                 err, sizeof err, warn, sizeof warn) < 0) {
            fprintf(stderr, "gmc sim: %s\n", err);
            rc = 1;
        } else {
            if (warn[0])
                fprintf(stderr, "%s", warn);
            cfg->dram = &imported_dram;
            origin = info->origin;
            snprintf(o->machine_src, sizeof o->machine_src, "gpgpusim.config %.280s", path);
            import_note(o, path, info, base.name);
            if (trace_path[0] && load_trace_config(o, trace_path, m))
                rc = 1;
        }
    } else {
        *m = base;
        gmc_machine_keys_clear(m);
        if (gmc_machine_parse_at(text, len, o->machine, m, &origin, err, sizeof err)) {
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
        gmc_machine_set_label(set_label[i], sizeof set_label[i], i + 1, o->set[i]);
        if (gmc_machine_set_at(m, o->set[i], set_label[i], &origin, err, sizeof err))
            return cli_usage_error(SIM_CMD, "%s", err);
        /* the report's machine_source names the overrides too */
        size_t l = strlen(o->machine_src);
        if (l < sizeof o->machine_src)
            snprintf(o->machine_src + l, sizeof o->machine_src - l, " --set %s", o->set[i]);
    }
    /* the options' names are checked as options, so their errors name them */
    const gmc_sched_ops_t *so;
    const gmc_wsched_ops_t *wo;
    if (o->sched && gmc_sched_find(o->sched, &so, err, sizeof err))
        return cli_usage_error(SIM_CMD, "%s", err);   /* "--sched: expected ..." */
    if (o->warp_sched && gmc_wsched_find(o->warp_sched, &wo, err, sizeof err))
        return cli_usage_error(SIM_CMD, "--warp-sched: %s",
                               strncmp(err, "warp_sched: ", 12) ? err : err + 12);
    if (o->sched) {
        snprintf(m->mem_sched, sizeof m->mem_sched, "%s", o->sched);
        gmc_machine_origin_set(&origin, GMC_MACHINE_K_mem_sched, "--sched", NULL, 0);
    }
    if (o->warp_sched) {
        snprintf(m->warp_sched, sizeof m->warp_sched, "%s", o->warp_sched);
        gmc_machine_origin_set(&origin, GMC_MACHINE_K_warp_sched, "--warp-sched", NULL, 0);
    }
    if (gmc_machine_check(m, err, sizeof err) || gmc_gpu_cfg_defaults(cfg, err, sizeof err))
        return sim_machine_error(o, m, err, sizeof err, 2);
    cfg->mc.wmc.score_at = (uint8_t)o->wmc_score_at;
    cfg->mc.wmc.m_rule = (uint8_t)o->wmc_m_rule;
    if (o->streak_reading &&
        gmc_streak_reading_parse(o->streak_reading, &cfg->mc.streak_reading, err, sizeof err))
        return cli_usage_error(SIM_CMD, "--streak-reading: %s", err);
    if (o->same_addr && !strcmp(o->same_addr, "stall"))
        cfg->mc.same_addr = GMC_SAME_ADDR_STALL;
    else if (o->same_addr && strcmp(o->same_addr, "none"))
        return cli_usage_error(SIM_CMD, "--same-addr: expected none or stall, found '%s'", o->same_addr);
    cfg->check_data = o->integrity;
    cfg->check_no_merge = o->integrity_no_merge;
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
        /* the report names the map that ran (machine_config.addr_map) */
        cfg->map_name = o->sel.map_spec == imported_map ? "gpgpusim-config"
                        : o->sel.map_file                ? "--map-file"
                        : !o->sel.map_spec               ? o->sel.preset
                        : o->sel.map_spec == spec        ? "derived"
                                                         : "--map";
        cfg->bim = &o->sel.m;
    }
    return 0;
}
