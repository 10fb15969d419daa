/* gmc_block: how an RTL-twinned block describes itself to the one
 * verification flow.
 *
 * A block (gmc_bim, gmc_bankarb, gmc_wmc, ...) fills one gmc_block_t with
 * its configurations (a configuration *name* such as
 * "sm5_w5_h0_p6_nb16_r64_s4_pt64" parses into the C cfg), its ports (from
 * its X-macro, with the widths a cfg gives), its RTL parameters, its
 * stimulus, its coverage counters and its lockstep property checks.  From
 * that one description come:
 *   - the vector writer and reader (gmc_block_vec_write / _vec_check);
 *   - the Icarus replay testbench (gmc_block_emit_tb, one per configuration);
 *   - the tool flags of a configuration (Verilator -G, iverilog -P, Yosys
 *     chparam) that the make rules ask `gmc block` for;
 *   - the Verilator lockstep harness (tb/lockstep_main.h, one generic main;
 *     the block's tb/lockstep_gmc_<blk>.cpp is an adapter of a few lines);
 *   - `gmc vectors <blk>`, the configuration as named options
 *     (vec_opts; model/cli/cmd_vectors.c has nothing per block).
 * docs/adding-a-block.md walks through a block.
 *
 * Everything here is verification scaffolding; the block itself is the
 * pure step function in model/blocks/ that the system harness calls. */
#ifndef GMC_BLOCK_H
#define GMC_BLOCK_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#ifdef __cplusplus
extern "C" {
#endif

#define GMC_BLOCK_PORTS_MAX  64
#define GMC_BLOCK_PARAMS_MAX 16
#define GMC_BLOCK_COV_MAX    32

enum { GMC_PORT_IN = 0, GMC_PORT_OUT = 1 };

/* One port: its RTL name, direction, width (<= 64 bits) and where its
 * value lives in the block's in/out struct (size 1, 2, 4 or 8 bytes). */
typedef struct {
    const char *rtl;
    uint8_t     dir;
    uint8_t     size;
    uint16_t    off;
    unsigned    width;
} gmc_port_t;

/* One RTL parameter of a configuration.  key is the name the vector-file
 * header uses ("# param KEY VALUE"); rtl is the RTL parameter it sets; value
 * is the text both take (a decimal number, or a Verilog literal such as
 * BIM's matrix).  The key stays what the committed golden vectors say. */
typedef struct {
    const char *key;
    const char *rtl;
    char        value[1200];
} gmc_param_t;

/* One option of `gmc vectors <blk>`: a number field of the configuration
 * name given by name on the command line (`--banks 16` for nb16), with its
 * default and range, so that the front end needs nothing per block.  The
 * options in table order spell the configuration name
 * "<tag0><v0>_<tag1><v1>_..." that parse() reads (gmc_block_opts_name). */
typedef struct {
    const char *opt;      /* "--banks" */
    const char *arg;      /* the value's name in --help: "NB", "0|1" */
    const char *tag;      /* "nb": the configuration-name field it fills */
    uint64_t    def, lo, hi;
    int         pow2;     /* the value must also be a power of 2 */
    uint64_t    sum_max;  /* non-zero: this value plus the next option's is at most this */
    const char *help;     /* "NB, banks" ("1..64 (default 16)" is added) */
} gmc_block_opt_t;

/* What the stimulus is for: the vector writer (short files: frequent
 * resets) or the lockstep harness (long runs). */
enum { GMC_STIM_VECTORS = 0, GMC_STIM_LOCKSTEP = 1 };

typedef struct gmc_block {
    const char *name;        /* "wmc": `gmc vectors wmc`, vectors/wmc/, # block wmc */
    const char *module;      /* "gmc_wmc": rtl/<module>.sv, the RTL twin */
    const char *config_help; /* how a configuration name is spelled */
    const char *fault_help;  /* what GMC_FAULT_<BLK> does in the RTL and in C */
    /* `gmc vectors <blk>`: what the file exercises ("the two-level bank
     * arbiter"), for --help; and the options, ending with {NULL}. */
    const char *vec_about;
    const gmc_block_opt_t *vec_opts;
    size_t cfg_size, state_size, in_size, out_size, stim_size, chk_size;

    /* name -> cfg; 0, or -1 with err "expected ..., found ...". */
    int      (*parse)(const char *config, void *cfg, char *err, size_t n);
    /* The configuration's name again (parse(name(cfg)) == cfg). */
    void     (*name_of)(const void *cfg, char *buf, size_t n);
    unsigned (*ports)(const void *cfg, gmc_port_t *p);    /* in port order */
    unsigned (*params)(const void *cfg, gmc_param_t *p);  /* in RTL order */
    /* Header lines between the params and "# stim-seed" (provenance, e.g.
     * BIM's preset/scheme/seed); NULL for none.  Returns 0 or -1. */
    int      (*vec_meta)(const void *cfg, FILE *f);
    /* The RTL top module of a configuration and any generated source it
     * needs (BIM: the wrapper `gmc bim --emit-verilog` writes), with the RTL
     * fault injected when fault != 0 and the block injects it there.  NULL:
     * the top is rtl/<module>.sv with params() and the fault is the Verilog
     * define GMC_FAULT_<BLK>.  dir NULL: the top's name only. */
    int      (*emit_top)(const void *cfg, int fault, const char *dir, char *top, size_t n,
                         char *err, size_t en);
    /* 1: outputs are combinational from inputs only (no clocked state in
     * this configuration), so one eval() per cycle is the whole cycle. */
    int      (*comb_only)(const void *cfg);

    void (*reset)(const void *cfg, void *q);
    /* One cycle, in place (d == q is the intended call for every block). */
    void (*step)(const void *cfg, const void *q, const void *in, void *d, void *out);
    void (*stim_init)(void *s, const void *cfg, uint64_t seed, int use);
    /* prev_out: the outputs of the cycle before (zeroed at first) for
     * closed-loop stimulus. */
    void (*stim_next)(void *s, const void *prev_out, void *in);

    /* Lockstep coverage: counters that must not stay 0 (unless
     * cov_required says the configuration cannot show them); pre sees the
     * state before the step, post the outputs.  Any may be NULL.  The
     * counter array has GMC_BLOCK_COV_MAX slots, zeroed at start; slots
     * past ncov are the block's own scratch. */
    unsigned ncov;
    uint64_t cov_min_cycles;   /* runs shorter than this skip the coverage check */
    const char *const *cov_names;
    void (*cov_pre)(const void *cfg, const void *q, const void *in, uint64_t *n);
    void (*cov_post)(const void *cfg, const void *in, const void *out, uint64_t *n);
    int  (*cov_required)(const void *cfg, unsigned k);
    /* Properties checked every cycle on the outputs both sides agree on (so
     * a bug shared by C and RTL is caught too): the first violated one's
     * description, or NULL.  chk is chk_size bytes, zeroed at start. */
    const char *(*check)(void *chk, const void *cfg, const void *in, const void *out);
    /* One line of extra results after a pass (may be NULL). */
    void (*report)(const void *chk, const void *cfg, FILE *f);
} gmc_block_t;

/* The entries every description fills the same way: the in/out/state sizes
 * of the C twin gmc_<b>_*_t and the description's own blk_* functions (each
 * model/vec/gmc_vec_<b>.c names them so).  cfg_size and stim_size stay
 * explicit: a description may wrap the twin's cfg (BIM) or its stimulus. */
#define GMC_BLOCK_STD(b)                                                       \
    .state_size = sizeof(gmc_##b##_state_t), .in_size = sizeof(gmc_##b##_in_t), \
    .out_size = sizeof(gmc_##b##_out_t), .parse = blk_parse, .name_of = blk_name, \
    .ports = blk_ports, .params = blk_params, .reset = blk_reset, .step = blk_step, \
    .stim_init = blk_stim_init, .stim_next = blk_stim_next

/* Every block, NULL-terminated; and lookup by name (NULL if unknown). */
extern const gmc_block_t *const gmc_blocks[];
const gmc_block_t *gmc_block_find(const char *name);

/* Parses "<tag0><n0>_<tag1><n1>_..." (e.g. "nb16_tl1") into v[0..n-1];
 * 0, or -1 with "configuration ...: expected ..., found ..." in err. */
int gmc_block_parse_fields(const char *config, const char *const *tags, unsigned n,
                           uint64_t *v, char *err, size_t en);

/* The configuration name that the values v[] of b->vec_opts (in table
 * order) spell: "<tag0><v0>_<tag1><v1>_...".  0, or -1 if it does not fit
 * in n bytes. */
int gmc_block_opts_name(const gmc_block_t *b, const uint64_t *v, char *name, size_t n);

/* An X-macro entry X(dir, field, width, rtl) as a gmc_port_t, for blocks
 * whose in/out structs are IN_T / OUT_T: define GMC_PORT_T_in and
 * GMC_PORT_T_out to them, then expand GMC_PORT_ENTRY in a ports() body. */
#define GMC_PORT_DIR_in  GMC_PORT_IN
#define GMC_PORT_DIR_out GMC_PORT_OUT
#define GMC_PORT_ENTRY(D_, F_, W_, R_)                                                \
    p[k].rtl = #R_; p[k].dir = GMC_PORT_DIR_##D_;                                     \
    p[k].size = (uint8_t)sizeof(((GMC_PORT_T_##D_ *)0)->F_);                          \
    p[k].off = (uint16_t)offsetof(GMC_PORT_T_##D_, F_); p[k].width = (W_); k++;

/* A port's value in an in/out struct, and a store into one. */
uint64_t gmc_port_get(const gmc_port_t *p, const void *s);
void     gmc_port_set(const gmc_port_t *p, void *s, uint64_t v);

/* Allocates cfg (zeroed) and parses a configuration name into it; NULL with
 * err on failure.  free() it. */
void *gmc_block_cfg_new(const gmc_block_t *b, const char *config, char *err, size_t n);

/* Writes a complete vector file: header (block, params, meta, stim-seed,
 * cycles, ports) and one line per cycle from the C model driven by the
 * block's GMC_STIM_VECTORS stimulus.  0, or -1 on a write error. */
int gmc_block_vec_write(FILE *f, const gmc_block_t *b, const void *cfg, uint64_t stim_seed,
                        uint64_t cycles);

/* Reads a vector file and replays it through the C model: the header must
 * name this block and configuration, every line must parse, every output
 * must match.  Returns 0 and *cycles, or -1 with "path:line: ..." in err. */
int gmc_block_vec_check(FILE *f, const char *path, const gmc_block_t *b, const void *cfg,
                        uint64_t *cycles, char *err, size_t n);

/* Writes the Icarus replay testbench of one configuration: module tb,
 * instantiating `top` (with params() unless the block emits its own top),
 * checking the file's header against the configuration and every output
 * of every line.  0, or -1 on a write error. */
int gmc_block_emit_tb(FILE *f, const gmc_block_t *b, const void *cfg, const char *top);

#ifdef __cplusplus
}
#endif
#endif
