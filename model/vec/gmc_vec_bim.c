#include "gmc_vec.h"
#include "bim/gmc_bim_verilog.h"

void gmc_bim_stim(gmc_rng_t *r, uint64_t cycle, unsigned width, gmc_bim_in_t *in)
{
    uint64_t x = gmc_rng_u64(r);
    uint64_t mask = gmc_gf2_mask(width);
    /* Not gmc_stim_reset: this generator keeps no state, so a reset is one
     * cycle long (1 in 256), and the committed golden files say so. */
    in->rst_n = cycle < 2 ? 0 : ((x & 0xff) != 0);
    in->valid = ((x >> 8) & 3) != 0;
    switch ((x >> 10) & 7) {
    case 0: {
        unsigned k = (unsigned)((x >> 13) % (width + 2u));
        in->addr = k < width ? 1ULL << k : (k == width ? mask : 0);
        break;
    }
    default:
        in->addr = gmc_rng_u64(r) & mask;
        break;
    }
}

/* ------------------------------------------------------------ description
 * The block as the one verification flow sees it (model/vec/gmc_block.h).
 * Configuration name: <preset>_<scheme>_s<seed>_r<REG_OUT>, e.g.
 * gddr5-hynix_pae_s7_r1: the matrix is the scheme's for the preset's map,
 * drawn from the seed (presets contain '-' but never '_').  The RTL top is
 * the wrapper `gmc bim --emit-verilog` writes for it. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "gmc_block.h"
#include "gmc_stim_reset_impl.h"
#include "mem/gmc_addrmap.h"
#include "bim/gmc_bim_scheme.h"

typedef struct {
    gmc_bim_cfg_t c;            /* first: the step's cfg */
    gmc_vec_meta_t meta;
    char preset[32], scheme[16];
} bim_blk_cfg_t;

static int blk_parse(const char *s, void *vc, char *err, size_t n)
{
    bim_blk_cfg_t *b = vc;
    memset(b, 0, sizeof *b);
    const char *u1 = strchr(s, '_'), *u2 = u1 ? strchr(u1 + 1, '_') : NULL;
    if (!u1 || !u2 || (size_t)(u1 - s) >= sizeof b->preset || (size_t)(u2 - u1 - 1) >= sizeof b->scheme) {
        snprintf(err, n, "configuration '%s': expected <preset>_<scheme>_s<seed>_r<0|1>", s);
        return -1;
    }
    memcpy(b->preset, s, (size_t)(u1 - s));
    memcpy(b->scheme, u1 + 1, (size_t)(u2 - u1 - 1));
    static const char *const tags[] = {"s", "r"};
    uint64_t v[2];
    if (gmc_block_parse_fields(u2 + 1, tags, 2, v, err, n))
        return -1;
    gmc_addrmap_t map;
    gmc_scheme_t scheme;
    gmc_gf2_t m;
    if (gmc_addrmap_preset(b->preset, &map)) {
        snprintf(err, n, "configuration '%s': expected a map preset, found '%s'", s, b->preset);
        return -1;
    }
    if (gmc_scheme_parse(b->scheme, &scheme)) {
        snprintf(err, n, "configuration '%s': expected a scheme, found '%s'", s, b->scheme);
        return -1;
    }
    if (v[1] > 1) {
        snprintf(err, n, "configuration '%s': expected REG_OUT 0 or 1, found %llu", s,
                 (unsigned long long)v[1]);
        return -1;
    }
    if (gmc_bim_scheme_make(scheme, &map, v[0], NULL, &m, err, n) ||
        gmc_bim_cfg_init(&b->c, &m, (unsigned)v[1], err, n))
        return -1;
    b->meta.preset = b->preset, b->meta.scheme = b->scheme, b->meta.seed = v[0];
    return 0;
}

static void blk_name(const void *vc, char *buf, size_t n)
{
    const bim_blk_cfg_t *b = vc;
    snprintf(buf, n, "%s_%s_s%llu_r%u", b->preset, b->scheme, (unsigned long long)b->meta.seed,
             b->c.reg_out);
}

#define GMC_PORT_T_in  gmc_bim_in_t
#define GMC_PORT_T_out gmc_bim_out_t
static unsigned blk_ports(const void *vc, gmc_port_t *p)
{
    const bim_blk_cfg_t *b = vc;
    unsigned k = 0;
    GMC_BIM_PORTS(GMC_PORT_ENTRY, b->c.width)
    return k;
}

static unsigned blk_params(const void *vc, gmc_param_t *p)
{
    const bim_blk_cfg_t *b = vc;
    p[0].key = "W", p[0].rtl = "Width";
    snprintf(p[0].value, sizeof p[0].value, "%u", b->c.width);
    p[1].key = "REG_OUT", p[1].rtl = "RegOut";
    snprintf(p[1].value, sizeof p[1].value, "%u", b->c.reg_out);
    p[2].key = "M", p[2].rtl = "Matrix";
    gmc_bim_verilog_param(&b->c.m, p[2].value, sizeof p[2].value);
    return 3;
}

static int blk_meta(const void *vc, FILE *f)
{
    const bim_blk_cfg_t *b = vc;
    fprintf(f, "# preset %s\n# scheme %s\n# seed %llu\n", b->meta.preset, b->meta.scheme,
            (unsigned long long)b->meta.seed);
    return ferror(f) ? -1 : 0;
}

/* The wrapper module, named after preset and scheme; the RTL fault flips
 * matrix bit (row 0, input W-1) in it, as `gmc bim --inject-fault` does. */
static int blk_emit_top(const void *vc, int fault, const char *dir, char *top, size_t tn,
                        char *err, size_t en)
{
    const bim_blk_cfg_t *b = vc;
    snprintf(top, tn, "gmc_bim_%s_%s", b->preset, b->scheme);
    for (char *q = top; *q; q++)
        if (*q == '-')
            *q = '_';
    if (!dir)
        return 0;
    char path[512], prov[160];
    snprintf(path, sizeof path, "%s/%s.sv", dir, top);
    snprintf(prov, sizeof prov, "map %s, scheme %s seed %llu%s", b->preset, b->scheme,
             (unsigned long long)b->meta.seed, fault ? ", FAULT INJECTED" : "");
    gmc_gf2_t m = b->c.m;
    if (fault)
        m.row[0] ^= 1ULL << (m.n - 1);
    FILE *f = fopen(path, "w");
    if (!f) {
        snprintf(err, en, "%s: cannot write", path);
        return -1;
    }
    gmc_bim_verilog_wrapper(f, &m, top, b->c.reg_out, prov);
    if (ferror(f) | fclose(f)) {
        snprintf(err, en, "%s: write failed", path);
        return -1;
    }
    return 0;
}

static int blk_comb_only(const void *vc) { return !((const bim_blk_cfg_t *)vc)->c.reg_out; }
static void blk_reset(const void *c, void *q) { gmc_bim_reset(c, q); }
static void blk_step(const void *c, const void *q, const void *in, void *d, void *out)
{
    gmc_bim_step(c, q, in, d, out);
}

/* Two generators: the vector files' (gmc_bim_stim: uniform, 1 in 8 a
 * walking one, all ones or zero; rare resets) and the lockstep's, which
 * adds what exercises an XOR tree column by column over long runs: GPU-like
 * strided streams, walking zero, back-to-back repeats; valid ~75 %, a reset
 * 1 in 2^16 cycles. */
typedef struct {
    gmc_rng_t rng;
    int use;
    uint64_t cycle, mask, stream, stride, prev_addr;
    unsigned width, rst_left;
} bim_stim_t;

static void blk_stim_init(void *vs, const void *vc, uint64_t seed, int use)
{
    bim_stim_t *s = vs;
    memset(s, 0, sizeof *s);
    gmc_rng_seed(&s->rng, seed);
    s->use = use;
    s->width = ((const bim_blk_cfg_t *)vc)->c.width;
    s->mask = gmc_gf2_mask(s->width);
    s->stride = 128;
    s->rst_left = GMC_STIM_RESET_FIRST;   /* lockstep; the vector files' is gmc_bim_stim's */
}

static void blk_stim_next(void *vs, const void *prev, void *vin)
{
    (void)prev;
    bim_stim_t *s = vs;
    gmc_bim_in_t *in = vin;
    if (s->use == GMC_STIM_VECTORS) {
        gmc_bim_stim(&s->rng, s->cycle++, s->width, in);
        return;
    }
    uint64_t r = gmc_rng_u64(&s->rng);
    in->rst_n = gmc_stim_reset(&s->rst_left, r, 16, 16);   /* r's bits 0..17; the rest use 20.. */
    in->valid = ((r >> 20) & 3) != 0;
    unsigned mode = (unsigned)((r >> 22) & 31);
    unsigned bit = (unsigned)((((r >> 32) & 0xffff) * s->width) >> 16);
    uint64_t a;
    if (mode < 20) {
        a = gmc_rng_u64(&s->rng);
    } else if (mode < 26) {   /* strided stream; a new stream now and then */
        if (mode == 20) {
            s->stream = gmc_rng_u64(&s->rng);
            s->stride = (r >> 48) & 1 ? (uint64_t)1 << ((((r >> 50) & 0x3fff) * s->width) >> 14)
                                      : ((r >> 40) | 1);
        }
        s->stream += s->stride;
        a = s->stream;
    } else if (mode == 26) {
        a = (uint64_t)1 << bit;
    } else if (mode == 27) {
        a = ~((uint64_t)1 << bit);
    } else if (mode == 28) {
        a = (r >> 54) & 1 ? ~(uint64_t)0 : 0;
    } else {
        a = s->prev_addr;
    }
    a &= s->mask;
    in->addr = a;
    s->prev_addr = a;
}

enum { CV_VALID, CV_N };
static const char *const cov_names[CV_N] = {"valid_outputs"};
static void blk_cov_post(const void *vc, const void *vin, const void *vout, uint64_t *n)
{
    (void)vc, (void)vin;
    n[CV_VALID] += ((const gmc_bim_out_t *)vout)->valid;
}

/* REG_OUT only: BIM's map and matrix are `gmc bim`'s options (a map or a
 * matrix may come from a file, which no configuration name spells), so
 * `gmc vectors bim` builds the cfg from those (model/cli/vectors_bim_matrix.c)
 * rather than from a name. */
static const gmc_block_opt_t vec_opts[] = {
    {"--reg-out", "0|1", "r", 0, 0, 1, 0, 0,
     "REG_OUT parameter (RegOut): 0 = combinational, 1 = one register stage"},
    {0},
};

const gmc_block_t gmc_block_bim = {
    .name = "bim",
    .module = "gmc_bim",
    .config_help = "<preset>_<scheme>_s<seed>_r<REG_OUT>, e.g. gddr5-hynix_pae_s7_r1",
    .fault_help = "RTL: the emitted wrapper's matrix has bit (row 0, input W-1) flipped; "
                  "C: gmc_bim_map ignores that same matrix bit",
    .vec_about = "the BIM (rtl/gmc_bim.sv with a matrix, in the wrapper that gmc bim --emit-verilog writes)",
    .vec_opts = vec_opts,
    GMC_BLOCK_STD(bim),
    .cfg_size = sizeof(bim_blk_cfg_t),
    .stim_size = sizeof(bim_stim_t),
    .vec_meta = blk_meta,
    .emit_top = blk_emit_top,
    .comb_only = blk_comb_only,
    .ncov = CV_N,
    .cov_min_cycles = 100,
    .cov_names = cov_names,
    .cov_post = blk_cov_post,
};

void *gmc_vec_bim_block_cfg(const gmc_bim_cfg_t *cfg, const gmc_vec_meta_t *meta)
{
    /* 16 KiB of lookup tables: on the heap (not the stack) */
    bim_blk_cfg_t *b = calloc(1, sizeof *b);
    if (!b)
        return NULL;
    b->c = *cfg;
    b->meta = *meta;
    return b;
}

/* The vector file of any matrix: the one writer, driven by this
 * description. */
int gmc_vec_bim_write(FILE *f, const gmc_bim_cfg_t *cfg, const gmc_vec_meta_t *meta)
{
    void *b = gmc_vec_bim_block_cfg(cfg, meta);
    if (!b)
        return -1;
    int rc = gmc_block_vec_write(f, &gmc_block_bim, b, meta->stim_seed, meta->cycles);
    free(b);
    return rc;
}
