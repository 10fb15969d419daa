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
#include <unistd.h>
#include "cli.h"
#include "mc/gmc_mem_load.h"
#include "mem/gmc_dram_import.h"
#include "util/gmc_diag.h"
#include "util/gmc_num.h"
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

/* The notes on how --dram-cfg was read (a foreign format: what was
 * ignored, what came from the preset). */
static void file_notes(mem_opts_t *o, const gmc_mem_device_t *d)
{
    const gmc_dram_import_t *info = &d->info;
    o->dram_fmt = gmc_dram_fmt_name(info->fmt);
    if (info->fmt == GMC_DRAM_FMT_GPGPUSIM || info->fmt == GMC_DRAM_FMT_DRAMSIM3 ||
        info->fmt == GMC_DRAM_FMT_NVMAIN)
        mem_note(o, "gmc mem: %s: read as %s; %s%s%u option%s that are not the memory system's "
                 "ignored%s", o->dram_cfg, o->dram_fmt, info->ranks_how,
                 info->ranks_how[0] ? "; " : "", info->n_ignored, info->n_ignored == 1 ? "" : "s",
                 info->n_ignored && !o->verbose ? " (--verbose lists them)" : "");
    if (o->verbose && info->n_ignored)
        mem_note(o, "gmc mem: %s: ignored: %s", o->dram_cfg, info->ignored);
    if (d->over_preset && info->defaults[0])
        mem_note(o, "gmc mem: %s: from preset %s (not set by the file): %s", o->dram_cfg,
                 o->dram_base, info->defaults);
}

/* The device and the map's origin as the library chooses them
 * (mc/gmc_mem_load.h); the CLI's own map options come first. */
int mem_resolve_dram(mem_opts_t *o, gmc_memsys_cfg_t *sc, char *warn, size_t wn)
{
    char err[512];
    static gmc_mem_device_t d;
    if (o->dram_cfg && cli_input_ok(MEM_CMD, o->dram_cfg))
        return 1;
    int rc = gmc_mem_device_load(o->sel.preset, o->dram_cfg, o->preset_given, &d, err, sizeof err,
                                 warn, wn);
    if (rc) {
        fprintf(stderr, "gmc mem: %s\n", err);
        return rc == -2 ? 2 : 1;
    }
    sc->dram = d.dram;
    if (o->dram_cfg) {
        if (d.over_preset)
            snprintf(o->dram_base, sizeof o->dram_base, "%s", o->sel.preset);
        file_notes(o, &d);
    }
    snprintf(o->dram_name, sizeof o->dram_name, "%s",
             sc->dram.name[0] ? sc->dram.name : o->dram_cfg ? o->dram_cfg : o->sel.preset);
    if (o->sel.map_spec || o->sel.map_file) {
        snprintf(o->map_source, sizeof o->map_source, "%s",
                 o->sel.map_file ? "--map-file" : "--map");
        return 0;
    }
    switch (d.map_origin) {
    case GMC_MAP_OF_FILE:
        snprintf(o->map_text, sizeof o->map_text, "%s", d.map_text);
        o->sel.map_spec = o->map_text;
        snprintf(o->map_source, sizeof o->map_source, "%s", o->dram_cfg);
        if (!o->sel.matrix_given)   /* applied in cmd_mem.c resolve() */
            o->ipoly = d.info.ipoly;
        break;
    case GMC_MAP_UNUSABLE:   /* the file's map cannot be honoured, or none derives */
        fprintf(stderr, "gmc mem: %s\n", d.map_err);
        return 1;
    case GMC_MAP_OF_PRESET:
        o->sel.preset = sc->dram.name;
        snprintf(o->map_source, sizeof o->map_source, "preset %s", sc->dram.name);
        break;
    case GMC_MAP_DERIVED:
        snprintf(o->map_text, sizeof o->map_text, "%s", d.map_text);
        o->sel.map_spec = o->map_text;
        snprintf(o->map_source, sizeof o->map_source, "derived from the geometry");
        break;
    }
    return 0;
}

/* ---- --channel-dram LIST=SRC: a device per channel ---- */

/* Marks the channels LIST names (numbers, ranges A-B, odd, even; ','
 * between) in mark[0..nch).  0, or the exit code after the usage error. */
static int channel_list(const char *opt, const char *s, size_t len, unsigned nch, uint8_t *mark)
{
    while (len) {
        const char *comma = memchr(s, ',', len);
        size_t n = comma ? (size_t)(comma - s) : len;
        uint64_t a, b;
        const char *dash = memchr(s, '-', n);
        if (n == 3 && !memcmp(s, "odd", 3)) {
            for (unsigned c = 1; c < nch; c += 2)
                mark[c] = 1;
        } else if (n == 4 && !memcmp(s, "even", 4)) {
            for (unsigned c = 0; c < nch; c += 2)
                mark[c] = 1;
        } else if (dash ? gmc_num_u64(s, (size_t)(dash - s), GMC_NUM_DEC, UINT32_MAX, &a) ||
                              gmc_num_u64(dash + 1, n - (size_t)(dash - s) - 1, GMC_NUM_DEC,
                                          UINT32_MAX, &b) || b < a
                        : gmc_num_u64(s, n, GMC_NUM_DEC, UINT32_MAX, &a)) {
            return cli_usage_error(MEM_CMD, "--channel-dram: expected channels as N, A-B, odd "
                                   "or even, ',' between, found '%.*s' in '%s'", (int)n, s, opt);
        } else {
            if (!dash)
                b = a;
            if (b >= nch)
                return cli_usage_error(MEM_CMD, "--channel-dram: expected channels 0..%u (the "
                                       "channels simulated), found %llu in '%s'", nch - 1,
                                       (unsigned long long)b, opt);
            for (uint64_t c = a; c <= b; c++)
                mark[c] = 1;
        }
        s += n + (comma != NULL);
        len -= n + (comma != NULL);
    }
    return 0;
}

/* Appends the lines of w that warn does not hold yet (a preset given to the
 * run and to some channels warns once). */
static void add_warnings(char *warn, size_t wn, const char *w)
{
    while (*w) {
        const char *e = strchr(w, '\n');
        size_t l = e ? (size_t)(e - w) + 1 : strlen(w), u = strlen(warn);
        char line[GMC_DIAG_WARN_MAX + 2];
        snprintf(line, sizeof line, "%.*s", (int)(l < sizeof line - 1 ? l : sizeof line - 1), w);
        if (!strstr(warn, line) && u + strlen(line) < wn)
            memcpy(warn + u, line, strlen(line) + 1);
        w += l;
    }
}

int mem_channel_device(mem_opts_t *o, const char *opt, const char *src, const gmc_dram_cfg_t *run,
                       gmc_dram_cfg_t *c, char *warn, size_t wn)
{
    char err[512], w[2048] = "";
    if (gmc_dram_preset_text(src)) {
        if (gmc_dram_cfg_preset(src, c, err, sizeof err, w, sizeof w) < 0) {
            fprintf(stderr, "gmc mem: %s\n", err);
            return 1;
        }
        add_warnings(warn, wn, w);
        return 0;
    }
    char *text;
    size_t len;
    if (!strpbrk(src, "./") && access(src, F_OK)) {   /* a name, not a path: a preset was meant */
        fprintf(stderr, "gmc mem: %s: expected a preset (", opt);
        for (unsigned i = 0; gmc_dram_preset_name(i); i++)
            fprintf(stderr, "%s%s", i ? ", " : "", gmc_dram_preset_name(i));
        fprintf(stderr, ") or a config file, found '%s'\n", src);
        return 2;
    }
    if (cli_input_ok(MEM_CMD, src))
        return 1;
    if (gmc_dram_read_file(src, &text, &len, err, sizeof err)) {
        fprintf(stderr, "gmc mem: %s\n", err);
        return 1;
    }
    static gmc_dram_import_t info;
    int rc = gmc_dram_import(text, len, src, run, c, &info, err, sizeof err, w, sizeof w);
    free(text);
    if (rc < 0) {
        fprintf(stderr, "gmc mem: %s\n", err);
        return 1;
    }
    add_warnings(warn, wn, w);
    if (info.fmt != GMC_DRAM_FMT_GMC && info.n_ignored)
        mem_note(o, "gmc mem: %s: read as %s; %u option%s that are not the memory system's "
                 "ignored", src, gmc_dram_fmt_name(info.fmt), info.n_ignored,
                 info.n_ignored == 1 ? "" : "s");
    if (!c->name[0]) {   /* the report names the device: the file's name, as a config name */
        const char *b = strrchr(src, '/');
        b = b ? b + 1 : src;
        size_t n = 0;
        for (; b[n] && b[n] != '.' && n < sizeof c->name - 1; n++) {
            char ch = b[n];
            int ok = (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') ||
                     (ch >= '0' && ch <= '9') || ch == '_' || ch == '-';
            c->name[n] = ok ? ch : '_';
        }
        c->name[n] = 0;
    }
    return 0;
}

int mem_resolve_channel_dram(mem_opts_t *o, gmc_memsys_cfg_t *sc, char *warn, size_t wn)
{
    static gmc_dram_cfg_t dev[MEM_MAX_CHANNEL_DRAM];
    static const gmc_dram_cfg_t *per[4096];
    static uint8_t mark[4096];
    static unsigned by[4096];   /* the option that named each channel, + 1 */
    const unsigned nch = o->have_channels ? (unsigned)o->channels : sc->dram.channels;
    if (!o->n_channel_dram)
        return 0;
    memset(per, 0, sizeof per);
    memset(by, 0, sizeof by);
    for (unsigned i = 0; i < o->n_channel_dram; i++) {
        const char *opt = o->channel_dram[i], *eq = strchr(opt, '=');
        if (!eq || eq == opt || !eq[1])
            return cli_usage_error(MEM_CMD, "--channel-dram: expected CHANNELS=PRESET|FILE "
                                   "(e.g. odd=slow.cfg), found '%s'", opt);
        memset(mark, 0, nch);
        int rc = channel_list(opt, opt, (size_t)(eq - opt), nch, mark);
        if (rc)
            return rc;
        if ((rc = mem_channel_device(o, "--channel-dram", eq + 1, &sc->dram, &dev[i], warn, wn)))
            return rc;
        for (unsigned c = 0; c < nch; c++)
            if (mark[c]) {
                if (by[c])
                    return cli_usage_error(MEM_CMD, "--channel-dram: expected each channel "
                                           "once, found channel %u in '%s' and '%s'", c,
                                           o->channel_dram[by[c] - 1], opt);
                by[c] = i + 1;
                per[c] = &dev[i];
            }
    }
    sc->channel_dram = per;
    return 0;
}
