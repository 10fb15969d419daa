/* gmc_dram_import: a DRAM config in any format gmc reads, told apart by its
 * content (never by the file name):
 *   gmc              `key = value` lines (gmc_dram_cfg.h)
 *   gpgpusim-config  a whole GPGPU-Sim gpgpusim.config (`-option value` lines)
 *   gpgpusim-timing  a -gpgpu_dram_timing_opt string alone ("nbk=16:CCD=4:...")
 *   dramsim3-ini     a DRAMsim3 .ini ([dram_structure], [timing], [system], ...)
 *   nvmain           an NVMain config (`CLK 400`, `tRCD 48`, `tWP 60`, ...): kind pcm
 * The first line that is not blank or a comment decides: '[' starts an ini
 * section, '-' a GPGPU-Sim option, "nbk" / a quote / a digit a timing string,
 * a key, blanks and a value without '=' an NVMain config; anything else is
 * gmc's own format.
 *
 * The foreign formats do not say everything gmc needs (rows, tCK, refresh,
 * ...): those parameters come from a base config (the chosen preset) and are
 * listed in info->defaults.  gmc's own format takes a base only when the
 * caller passes one (gmc mem: --preset with --dram-cfg); without, it must be
 * complete, as always.  docs/memory.md "Config files" tables every option of
 * every format: used, ignored, or refused. */
#ifndef GMC_DRAM_IMPORT_H
#define GMC_DRAM_IMPORT_H
#include "gmc_dram_cfg.h"
#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    GMC_DRAM_FMT_GMC = 0,
    GMC_DRAM_FMT_GPGPUSIM,        /* whole gpgpusim.config */
    GMC_DRAM_FMT_TIMING,          /* -gpgpu_dram_timing_opt string alone */
    GMC_DRAM_FMT_DRAMSIM3,        /* DRAMsim3 .ini */
    GMC_DRAM_FMT_NVMAIN,          /* NVMain config (`KEY value`), a PCM device */
    GMC_DRAM_NFMT
} gmc_dram_fmt_t;

const char    *gmc_dram_fmt_name(gmc_dram_fmt_t f);   /* "gmc", "gpgpusim-config", ... */
gmc_dram_fmt_t gmc_dram_fmt_detect(const char *text, size_t len);

/* GPGPU-Sim's IPoly channel hash (-gpgpu_memory_partition_indexing 2) on
 * a file's map, for bim/gmc_bim_ipoly.h: `sets` (16, 32 or 64)
 * sub-partitions in all, the map's channel bits ch_at .. ch_at + ch_bits
 * - 1, 2^sub_bits sub-partitions per channel.  sets 0: none (or one gmc
 * cannot honour: a warning says why). */
typedef struct { unsigned sets, ch_at, ch_bits, sub_bits; } gmc_ipoly_t;

typedef struct {
    gmc_dram_fmt_t fmt;
    char     map[512];        /* the file's address map in gmc's form ("" = none) */
    char     map_err[320];    /* why the file's map cannot be used ("" = it can):
                                 "src:line: option: expected ..., found ..." */
    unsigned map_line;        /* that line (0 = none) */
    unsigned n_ignored;       /* options that are not the memory system's */
    char     ignored[2048];   /* their names, one blank between, cut with "..." */
    char     defaults[512];   /* parameters taken from the base, "" if none */
    char     ranks_how[160];  /* how the file's ranks were derived (DRAMsim3: "1 rank: channel_size
                                 8192 MB / 8192 MB a rank"), "" if it does not say */
    uint64_t set;             /* bits (1 << gmc_dram_param_t) the file set */
    gmc_ipoly_t ipoly;        /* the file's IPoly channel hash (above) */
} gmc_dram_import_t;

/* Reads len bytes of config text in any format; src names it in messages.
 * base: where the parameters the text does not give come from; required for
 * the foreign formats (an error names the missing base otherwise), optional
 * for gmc's.  Errors are one line "src:line: expected ..., found ...";
 * warnings go to warn as in gmc_dram_cfg.h.  Returns -1 or the number of
 * warnings. */
int gmc_dram_import(const char *text, size_t len, const char *src, const gmc_dram_cfg_t *base,
                    gmc_dram_cfg_t *c, gmc_dram_import_t *info, char *err, size_t en,
                    char *warn, size_t wn);
/* Reads the whole file (at most 1 MiB; a directory or unreadable file is an
 * error) into *text (malloc'd, NUL-terminated; the caller frees). */
int gmc_dram_read_file(const char *path, char **text, size_t *len, char *err, size_t en);

/* GPGPU-Sim's -gpgpu_mem_addr_mapping ("dramid@8;0000...RRRR.RBBBCCCC.BCCSSSSS")
 * as a gmc map for `channels` channels: D -> Ch, B -> Bank, R -> Row,
 * C -> Col, S -> Block; "dramid@N" inserts log2(channels) channel bits at
 * bit N.  Writes the map text to out; counts the bits of each field into
 * nbits[gmc_field_t].  -1 with "expected ..., found ..." (no file prefix) when
 * GPGPU-Sim's map cannot be a gmc map (non-power-of-two channels with
 * dramid@, an unused '0' bit below a used one, ...). */
int gmc_dram_gpgpusim_map(const char *s, size_t len, unsigned channels, char *out, size_t on,
                          unsigned nbits[5], char *err, size_t en);

#ifdef __cplusplus
}
#endif
#endif
