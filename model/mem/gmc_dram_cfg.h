/* gmc_dram_cfg: a memory device configuration as data (kind, organisation,
 * timing, power).
 *
 * One gmc_dram_cfg_t describes one device: the memory system gives it to
 * every channel, or to the channels its per-channel list names
 * (gmc_memsys_cfg_t.channel_dram, mc/gmc_mem.h); each channel keeps its own
 * gmc_dram_chan_t state.  The device's kind (mem/gmc_dev_kind.h, "dram"
 * unless a file says otherwise) decides which keys it reads, its timing
 * rules, its energy model and its checks.  All timing parameters are
 * integers in command-clock cycles (CK, period tck_ps); the engine never
 * converts.
 *
 * Text form ("config file"), one `key = value` per line:
 *     # comment to end of line            blank lines are ignored
 *     name     = gddr6-rtx2060s           optional, [A-Za-z0-9_.-]{1,31}
 *     kind     = dram                     optional (default dram), a registered kind
 *     channels = 16                       decimal integers only
 *     gpgpusim_timing = "nbk=16:CCD=4:..." GPGPU-Sim -gpgpu_dram_timing_opt
 * Keys are case-sensitive, exactly the names in GMC_DRAM_PARAMS below that
 * the kind reads.  A key may appear once; an explicit key overrides a value
 * that gpgpusim_timing supplied, wherever the two lines are.  Any error is
 * one line "FILE:LINE: expected ..., found '...'" and the call fails; a
 * legal but suspicious set (tRC < tRAS + tRP, tFAW < 4*tRRD_S, ...) loads
 * with one "FILE:LINE: warning: ..." line per finding.  docs/memory.md has the full
 * story, the GPGPU-Sim field mapping and every preset with its sources. */
#ifndef GMC_DRAM_CFG_H
#define GMC_DRAM_CFG_H
#include <stddef.h>
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif

#define GMC_DRAM_MAX_BANKS  64   /* banks per channel, every rank's (ranks * bank_groups *
                                    banks_per_group) */
#define GMC_DRAM_MAX_GROUPS 16   /* bank groups per channel, every rank's */
#define GMC_DRAM_MAX_RANKS  16

/* Which device kinds (mem/gmc_dev_kind.h) read a key: the table's `use`
 * column, an OR of one bit pair per kind at the kind's key_slot --
 * GMC_KEY_O(slot): the kind reads the key, optional (its default is in the
 * meaning text); GMC_KEY_R(slot): the kind requires it.  A config of a kind
 * sets only that kind's keys (the others stay 0), so a new kind takes the
 * next slot, marks the keys it shares and adds rows for its own. */
#define GMC_KEY_O(slot) (1u << (2 * (slot)))
#define GMC_KEY_R(slot) (3u << (2 * (slot)))   /* the O bit too: required is also read */
#define GMC_KEY_SLOT_DRAM 0
#define GMC_KD_O GMC_KEY_O(GMC_KEY_SLOT_DRAM)   /* "dram" reads it */
#define GMC_KD_R GMC_KEY_R(GMC_KEY_SLOT_DRAM)   /* "dram" requires it */
#define GMC_KEY_SLOT_PCM 1
#define GMC_KP_O GMC_KEY_O(GMC_KEY_SLOT_PCM)    /* "pcm" reads it */
#define GMC_KP_R GMC_KEY_R(GMC_KEY_SLOT_PCM)    /* "pcm" requires it */
#define GMC_KDP_R (GMC_KD_R | GMC_KP_R)         /* both require it */

/* X(key, min, max, use, unit, meaning).  use: the kinds that read the key
 * (above).  The key is also the C field name.  Timing keys are in
 * command-clock cycles (CK) unless the unit says otherwise. */
#define GMC_DRAM_PARAMS(X)                                                                              \
    /* organisation */                                                                                  \
    X(channels,        1, 4096,     GMC_KDP_R, "-",    "independent channels; one controller each")      \
    X(ranks,           1, 16,       GMC_KD_O, "-",    "ranks per channel, on its buses (default 1)")    \
    X(bank_groups,     1, 16,       GMC_KDP_R, "-",    "bank groups per rank (1 = no bank groups)")      \
    X(banks_per_group, 1, 64,       GMC_KDP_R, "-",    "banks in each bank group; total <= 64")          \
    X(rows,            1, 16777216, GMC_KDP_R, "-",    "rows per bank")                                  \
    X(columns,         1, 65536,    GMC_KDP_R, "-",    "column addresses per row, one RD/WR burst each") \
    X(burst_length,    1, 64,       GMC_KDP_R, "beats", "data beats per RD/WR burst (BL)")               \
    X(bus_width,       1, 1024,     GMC_KDP_R, "bits", "data bus width of one channel")                  \
    X(data_rate,       1, 16,       GMC_KDP_R, "beats/CK", "data beats per command clock (2 DDR, 4 QDR)") \
    X(tck_ps,          1, 1000000,  GMC_KDP_R, "ps",   "command clock period tCK")                       \
    /* timing, CK cycles */                                                                             \
    X(tCL,    1, 1000,     GMC_KDP_R, "CK", "RD to first read data beat (CAS latency)")                  \
    X(tCWL,   0, 1000,     GMC_KDP_R, "CK", "WR to first write data beat (write latency WL)")            \
    X(tRCD,   1, 1000,     GMC_KDP_R, "CK", "ACT to RD or WR, same bank")                                \
    X(tRP,    1, 1000,     GMC_KDP_R, "CK", "PRE to ACT, same bank (PREA: any bank)")                    \
    X(tRAS,   1, 10000,    GMC_KD_R, "CK", "ACT to PRE, same bank")                                     \
    X(tRC,    1, 10000,    GMC_KD_R, "CK", "ACT to ACT, same bank")                                     \
    X(tRRD_S, 1, 1000,     GMC_KDP_R, "CK", "ACT to ACT, any two banks")                                 \
    X(tRRD_L, 1, 1000,     GMC_KD_O, "CK", "ACT to ACT, same bank group (default tRRD_S)")              \
    X(tCCD_S, 1, 1000,     GMC_KDP_R, "CK", "RD to RD / WR to WR, any two banks")                        \
    X(tCCD_L, 1, 1000,     GMC_KD_O, "CK", "RD to RD / WR to WR, same bank group (default tCCD_S)")     \
    X(tWR,    1, 1000,     GMC_KD_R, "CK", "end of write data to PRE, same bank (write recovery)")      \
    X(tWTR_S, 0, 1000,     GMC_KDP_R, "CK", "end of write data to RD, any bank")                         \
    X(tWTR_L, 0, 1000,     GMC_KD_O, "CK", "end of write data to RD, same bank group (default tWTR_S)") \
    X(tRTP,   1, 1000,     GMC_KDP_R, "CK", "RD to PRE, same bank")                                      \
    X(tFAW,   0, 100000,   GMC_KD_R | GMC_KP_O, "CK", "window holding at most 4 ACTs per rank (0 = none)")         \
    X(tBURST, 1, 1000,     GMC_KD_O | GMC_KP_O, "CK", "data bus time of one burst (default burst_length/data_rate)") \
    X(tRTRS,  0, 1000,     GMC_KDP_R, "CK", "idle data-bus cycles between read and write data, or two ranks' data") \
    X(tRFC,   0, 1000000,  GMC_KD_O, "CK", "REF to any command (required when refresh = 1)")            \
    X(tREFI,  0, 100000000, GMC_KD_O, "CK", "average REF interval (required when refresh = 1)")         \
    X(refresh, 0, 1,       GMC_KD_O, "0/1", "1 = the engine asks for a REF every tREFI (default 0)")    \
    /* power data per rank (device currents x devices per rank; gmc_dram_energy.h) */                   \
    X(vdd_mv,   0, 5000,    GMC_KD_O, "mV", "core supply VDD (0 = unknown: no energy report)")          \
    X(idd0_ma,  0, 1000000, GMC_KD_O, "mA", "IDD0, one bank ACT-PRE at tRC (0 = unknown)")              \
    X(idd2n_ma, 0, 1000000, GMC_KD_O, "mA", "IDD2N, precharge standby, all banks closed (0 = unknown)") \
    X(idd3n_ma, 0, 1000000, GMC_KD_O, "mA", "IDD3N, active standby, a bank open (0 = unknown)")         \
    X(idd4r_ma, 0, 1000000, GMC_KD_O, "mA", "IDD4R, burst read (0 = unknown)")                          \
    X(idd4w_ma, 0, 1000000, GMC_KD_O, "mA", "IDD4W, burst write (0 = unknown)")                         \
    X(idd5_ma,  0, 1000000, GMC_KD_O, "mA", "IDD5, all-bank refresh at tRFC (0 = unknown)")       \
    /* phase-change memory ("pcm" kind, mem/gmc_dev_pcm.c; docs/pcm.md) */                             \
    X(tWP,      1, 100000,  GMC_KP_R, "CK", "write pulse: cell write time after the last data beat")  \
    X(erd_fj_bit, 0, 100000000, GMC_KP_O, "fJ/bit", "array read energy per bit read (0 = unknown)")   \
    X(ewr_fj_bit, 0, 100000000, GMC_KP_O, "fJ/bit", "cell write energy per bit written (0 = unknown)") \
    X(endurance, 0, 4000000000u, GMC_KP_O, "writes", "writes a cell endures (0 = unknown: no lifetime)")

typedef enum {
#define GMC_DRAM_P_ENUM_(k, lo, hi, use, unit, doc) GMC_DRAM_P_##k,
    GMC_DRAM_PARAMS(GMC_DRAM_P_ENUM_)
#undef GMC_DRAM_P_ENUM_
    GMC_DRAM_NPARAM
} gmc_dram_param_t;

typedef struct gmc_dev_kind gmc_dev_kind_t;   /* mem/gmc_dev_kind.h */

typedef struct {
    char name[32];          /* preset or file name; "" if unnamed */
    /* The device kind (mem/gmc_dev_kind.h): NULL is "dram" (a cfg built in
     * code); the readers set it (a file's `kind = NAME`, "dram" if none). */
    const gmc_dev_kind_t *kind;
#define GMC_DRAM_P_FIELD_(k, lo, hi, use, unit, doc) uint32_t k;
    GMC_DRAM_PARAMS(GMC_DRAM_P_FIELD_)
#undef GMC_DRAM_P_FIELD_
} gmc_dram_cfg_t;

/* Parameter metadata, indexed by gmc_dram_param_t. */
typedef struct {
    const char *key, *unit, *doc;
    uint32_t    min, max;
    uint32_t    use;        /* the kinds that read it (GMC_KEY_O / GMC_KEY_R bits) */
} gmc_dram_param_info_t;
const gmc_dram_param_info_t *gmc_dram_param_info(gmc_dram_param_t p);
uint32_t gmc_dram_cfg_get(const gmc_dram_cfg_t *c, gmc_dram_param_t p);
void     gmc_dram_cfg_set(gmc_dram_cfg_t *c, gmc_dram_param_t p, uint32_t v);
int      gmc_dram_param_find(const char *key, size_t len);   /* -1 if unknown */

/* Diagnostics.  err gets the one error line (no newline).  warn == NULL
 * prints each warning line to stderr; otherwise lines ("...\n") are appended
 * to the NUL-terminated buffer warn (initialise it to ""), truncated at wn.
 * Return: -1 on error (cfg undefined), else the number of warnings. */

/* Parses len bytes of config text; src names it in messages (a path). */
int gmc_dram_cfg_parse(const char *text, size_t len, const char *src, gmc_dram_cfg_t *c,
                       char *err, size_t en, char *warn, size_t wn);
/* The same over a base: base == NULL is gmc_dram_cfg_parse; otherwise every
 * parameter starts at base's value (name cleared), the text's keys override it
 * and no key is required; a derived default (tRRD_L from tRRD_S, tBURST from
 * burst_length / data_rate, ...) follows a key the text sets.  A text whose
 * `kind =` is not the base's kind reads as if alone (the base's values are
 * another kind's).  *set (may be NULL) gets the bits (1 << gmc_dram_param_t)
 * of the parameters the text set. */
int gmc_dram_cfg_parse_over(const char *text, size_t len, const char *src,
                            const gmc_dram_cfg_t *base, gmc_dram_cfg_t *c, uint64_t *set,
                            char *err, size_t en, char *warn, size_t wn);
/* Reads and parses a file (at most 1 MiB). */
int gmc_dram_cfg_load(const char *path, gmc_dram_cfg_t *c, char *err, size_t en,
                      char *warn, size_t wn);
/* Validates a cfg built in code (src names it in messages; no line numbers). */
int gmc_dram_cfg_check(const gmc_dram_cfg_t *c, const char *src, char *err, size_t en,
                       char *warn, size_t wn);
/* Writes c as config text that parses back to the same cfg.  Returns the
 * length it needed (like snprintf). */
size_t gmc_dram_cfg_format(const gmc_dram_cfg_t *c, char *buf, size_t n);

/* GPGPU-Sim's -gpgpu_dram_timing_opt, named ("nbk=16:CCD=4:...", fields in
 * any order, ':' or ';' between them, optional surrounding quotes) or legacy
 * positional ("4:2:8:12:21:13:34:9:4:5:13[:nbkgrp:CCDL:RTPL]").  Writes the
 * gmc parameters it maps (docs/memory.md "GPGPU-Sim timing strings") into c
 * and their bits (1 << gmc_dram_param_t) into *set.  Returns 0, or -1 with
 * "expected ..., found '...'" (no file prefix) in err. */
int gmc_dram_cfg_gpgpusim(const char *s, size_t len, gmc_dram_cfg_t *c, uint64_t *set,
                          char *err, size_t en);

/* Multiplies by n the timings GPGPU-Sim 3.0's -gpgpu_dram_timing_opt
 * carries, as Carpenter's thesis (sec. 3.3.2) scaled memory latency:
 * tCCD -> tCCD_S, tCCD_L; tRRD -> tRRD_S, tRRD_L; tRCD; tRAS; tRP; tRC;
 * CL -> tCL; WL -> tCWL; tCDLR -> tWTR_S, tWTR_L (GPGPU-Sim's write to read
 * is WL + BL/2 + tCDLR: tCDLR counts from the last write data, as tWTR
 * does); tWR.  The rest (tRTP, tFAW, tBURST, tRTRS, refresh, a PCM's tWP)
 * stay.  Keys the device's kind does not read are 0 and stay 0.  0, or -1
 * with "KEY x n: expected at most MAX, found V" in err (c unchanged).
 * gmc_dram_cfg_scaled_keys: the keys it scales; returns their count. */
int    gmc_dram_cfg_scale_timing(gmc_dram_cfg_t *c, unsigned n, char *err, size_t en);
size_t gmc_dram_cfg_scaled_keys(const gmc_dram_param_t **keys);

/* Shipped presets (model/mem/presets/<name>.cfg, embedded at build time). */
int         gmc_dram_cfg_preset(const char *name, gmc_dram_cfg_t *c, char *err, size_t en,
                                char *warn, size_t wn);   /* -1: unknown name */
const char *gmc_dram_preset_name(unsigned i);   /* NULL past the end */
const char *gmc_dram_preset_text(const char *name);   /* the .cfg text, NULL if unknown */

/* Embedded preset sources; defined by the generated build/gen/gmc_dram_presets.c. */
typedef struct { const char *name, *path, *text; } gmc_dram_preset_src_t;
extern const gmc_dram_preset_src_t gmc_dram_preset_srcs[];
extern const unsigned gmc_dram_n_preset_srcs;

/* The power keys (vdd_mv .. idd5_ma, last in the table): optional data for
 * gmc_dram_energy; a config either has all of them (energy reported) or
 * some are 0 (unknown: no energy, a warning when only some are set). */
static inline int gmc_dram_param_is_power(int p)
{
    return p >= GMC_DRAM_P_vdd_mv && p <= GMC_DRAM_P_idd5_ma;
}
static inline int gmc_dram_has_power(const gmc_dram_cfg_t *c)
{
    return c->vdd_mv && c->idd0_ma && c->idd2n_ma && c->idd3n_ma && c->idd4r_ma &&
           c->idd4w_ma && c->idd5_ma;
}

/* Derived quantities.  A channel's banks are numbered rank by rank:
 * bank = rank * gmc_dram_rank_banks + group * banks_per_group + bank in group.
 * ranks 0 (a kind that does not read the key) is one rank. */
static inline uint32_t gmc_dram_ranks(const gmc_dram_cfg_t *c)
{
    return c->ranks ? c->ranks : 1;
}
static inline uint32_t gmc_dram_rank_banks(const gmc_dram_cfg_t *c)
{
    return c->bank_groups * c->banks_per_group;
}
static inline uint32_t gmc_dram_banks(const gmc_dram_cfg_t *c)   /* every rank's */
{
    return gmc_dram_ranks(c) * gmc_dram_rank_banks(c);
}
static inline uint32_t gmc_dram_burst_bytes(const gmc_dram_cfg_t *c)
{
    return c->burst_length * c->bus_width / 8;
}
static inline uint64_t gmc_dram_cycles_to_ps(const gmc_dram_cfg_t *c, uint64_t cycles)
{
    return cycles * c->tck_ps;
}

#ifdef __cplusplus
}
#endif
#endif
