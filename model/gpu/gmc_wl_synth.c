/* gmc_wl_synth: the load-warp classes of Warped-MC [ICPP'23] Table 1 --
 * off-chip accesses (32-byte sectors that miss L1 and L2) per load warp:
 * LOA < 1, MOA 2-8, HOA > 8 -- as three grid-stride loops that differ
 * only in where their loads go.  Each thread t of T = 65536 (256 CTAs of
 * 256: 8 per SM on 32 SMs) runs
 *     for (e = t; e < E; e += T) { sum += data[addr(e)]; }   // LD + 2 ALU
 *     out[t] = sum;                                           // ST + 1 ALU
 * The defaults land in their class on the Warped-MC [ICPP'23] Table 2
 * machine (64 KB L1 per SM, 4 MB L2, 128-byte lines of four 32-byte
 * sectors):
 *   loa  data[e mod W], W = 1 MB (ws=, in KB): coalesced, 1 line per load
 *        warp, 32 passes over a working set a quarter of the L2.  Only the
 *        first pass goes off-chip: 4 sectors per line once, over 32 load
 *        warps per line = 0.125 per load warp.  scale < 1 shrinks W (the
 *        32 passes, hence the class, stay), scale > 1 adds passes.
 *   moa  data[e mod 32 MB], coalesced, lines=1 (default: 4-byte lanes, one
 *        128-byte line = 4 sectors per load warp) or lines=2 (8-byte
 *        lanes, 2 lines = 8 sectors); one pass over 8x the L2 with no
 *        reuse, so every sector is a DRAM access: exactly 4 (or 8).
 *   hoa  lanes in lines= groups (32 default, 16..32), each group reads one
 *        sector of a random line of a 64 MB footprint (16x the L2): 32
 *        lines per load warp, an L2 hit with chance ~4/64, ~30 off-chip
 *        accesses per load warp (~15 with lines=16).  The random lines
 *        come from a counter-based hash keyed by gmc_rng(seed), since
 *        next() has no room for a generator state per warp.
 * Load warps at scale 1: loa and moa 262144 (786 K warp instructions),
 * hoa 131072 (393 K instructions, but 4 M sector requests: its memory
 * traffic, not its instruction count, sets the simulation time). */
#include "gpu/gmc_wl_impl.h"

#include <stdlib.h>
#include <string.h>

#include "util/gmc_rng.h"

#define SYNTH_CTAS      256u
#define LOA_WS_KB       1024       /* working set */
#define LOA_PASSES      32.0
#define MOA_BYTES       (32ull << 20)
#define MOA_LOADS       262144.0   /* load warps at scale 1 */
#define HOA_BYTES       (64ull << 20)
#define HOA_LOADS       131072.0

/* hotrw (the data check's workload, docs/pcm.md "Data, checked end to
 * end"): each thread loops  x = data[h1(e)]; data[h2(e)] = x;  -- a load
 * and a store warp per trip, each lines= groups of lanes on one random
 * sector of a kb= footprint (default 8 MB: past a 4 MB L2, so sectors
 * are evicted dirty, written back and read again while stores and loads
 * to the same sectors keep coming from every SM). */
#define RW_KB           8192
#define RW_LOADS        16384.0

typedef enum { LOA, MOA, HOA, HOTRW } kind_t;

typedef struct {
    gmc_wl_common_t c;
    kind_t   kind;
    uint64_t elems;      /* E: loop trips over all threads, a multiple of 32 */
    uint64_t threads;    /* T */
    uint64_t wrap;       /* loa, moa: elements of the footprint */
    unsigned width;      /* bytes per lane */
    unsigned lines;      /* hoa: lane groups = lines per load warp */
    uint64_t key;        /* hoa: hash key */
    uint64_t data, out;
} synth_t;

enum { SITE_LD = 1, SITE_ST };

static uint64_t mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* Cursor (c->u.synth): phase, 0 = load, 1 = store, 2 = done; e0, the
 * element of lane 0; gwarp, the warp in the grid. */
static void warp_begin(gmc_kernel_t *k, uint32_t cta, uint32_t warp, gmc_warp_cursor_t *c)
{
    *c = (gmc_warp_cursor_t){.p = NULL};
    c->u.synth.gwarp = (uint64_t)cta * gmc_kernel_warps_per_cta(k) + warp;
    c->u.synth.e0 = c->u.synth.gwarp * GMC_WARP_SIZE;
}

static void hoa_addrs(const synth_t *s, uint64_t load, gmc_inst_t *in)
{
    const uint64_t nlines = s->kind == HOTRW ? s->wrap / 128 : HOA_BYTES / 128;
    unsigned l = 0;
    for (unsigned q = 0; q < s->lines; q++) {
        uint64_t h = mix(s->key + (load * 32 + q) * 0x9e3779b97f4a7c15ULL);
        uint64_t line = (h >> 8) % nlines, sector = h & 3;
        unsigned end = (q + 1) * 32 / s->lines;   /* group q: lanes [l, end) */
        for (unsigned w = 0; l < end; l++, w++)
            in->addr[l] = s->data + line * 128 + sector * 32 + 4 * w;
    }
}

static int next(gmc_kernel_t *k, gmc_warp_cursor_t *c, gmc_inst_t *in, char *err, size_t n)
{
    (void)err, (void)n;
    const synth_t *s = k->impl;
    uint64_t e0 = c->u.synth.e0;
    if (c->u.synth.phase == 0 && e0 >= s->elems)
        c->u.synth.phase = 1;
    if (c->u.synth.phase == 0) {
        if (gmc_wl_gap(&s->c, 2, c, GMC_WL_FULL, SITE_LD, in, GMC_WL_ADDR))   /* e += T, compare; add */
            return 1;
        gmc_wl_op(in, c, GMC_OP_LD, SITE_LD, GMC_WL_FULL, s->width);
        if (s->kind == HOTRW) {
            hoa_addrs(s, e0 / 32 * 2, in);
            c->u.synth.phase = 3;   /* its store next, same trip */
            return 1;
        } else if (s->kind == HOA) {
            hoa_addrs(s, e0 / 32, in);
        } else if (e0 % s->wrap + 32 <= s->wrap) {   /* no wrap inside the warp: base + stride */
            gmc_wl_strided(in, s->data + s->width * (e0 % s->wrap), s->width);
        } else {
            for (uint64_t l = 0, r = e0 % s->wrap; l < 32; l++) {   /* r = (e0 + l) % wrap, one division */
                in->addr[l] = s->data + s->width * r;
                r = r + 1 == s->wrap ? 0 : r + 1;
            }
        }
        c->u.synth.e0 = e0 + s->threads;
        return 1;
    }
    if (c->u.synth.phase == 3) {   /* hotrw's store of the trip */
        if (gmc_wl_gap(&s->c, 1, c, GMC_WL_FULL, SITE_ST, in, GMC_WL_ADDR))
            return 1;
        gmc_wl_op(in, c, GMC_OP_ST, SITE_ST, GMC_WL_FULL, 4);
        hoa_addrs(s, e0 / 32 * 2 + 1, in);
        c->u.synth.e0 = e0 + s->threads;
        c->u.synth.phase = 0;
        return 1;
    }
    if (c->u.synth.phase == 1) {
        if (gmc_wl_gap(&s->c, 1, c, GMC_WL_FULL, SITE_ST, in, GMC_WL_ADDR))   /* address */
            return 1;
        gmc_wl_op(in, c, GMC_OP_ST, SITE_ST, GMC_WL_FULL, 4);
        gmc_wl_strided(in, s->out + 4 * (c->u.synth.gwarp * 32), 4);
        c->u.synth.phase = 2;
        return 1;
    }
    return 0;
}

static const gmc_kernel_ops_t ops = {warp_begin, next, NULL};

int gmc_wl_synth_new(gmc_workload_t *w, const gmc_wl_args_t *a, char *err, size_t n)
{
    static const char *const loa_keys[] = {"ws", NULL}, *const lines_keys[] = {"lines", NULL},
                             *const rw_keys[] = {"lines", "kb", NULL};
    const kind_t kind = !strcmp(a->name, "loa")   ? LOA
                        : !strcmp(a->name, "moa") ? MOA
                        : !strcmp(a->name, "hoa") ? HOA
                                                  : HOTRW;
    const double scale = a->p.scale;
    long ws = LOA_WS_KB, lines = kind == MOA ? 1 : kind == HOTRW ? 8 : 32, kb = RW_KB;
    if (gmc_wl_opts_check(a->name, a->opts,
                          kind == LOA ? loa_keys : kind == HOTRW ? rw_keys : lines_keys, err, n) ||
        (kind == HOTRW && (gmc_wl_opt_int(a->name, a->opts, "lines", 1, 32, &lines, err, n) ||
                           gmc_wl_opt_int(a->name, a->opts, "kb", 4, 1 << 20, &kb, err, n))) ||
        (kind == LOA && gmc_wl_opt_int(a->name, a->opts, "ws", 4, 1 << 20, &ws, err, n)) ||
        (kind == MOA && gmc_wl_opt_int(a->name, a->opts, "lines", 1, 2, &lines, err, n)) ||
        (kind == HOA && gmc_wl_opt_int(a->name, a->opts, "lines", 16, 32, &lines, err, n)) ||
        gmc_wl_kernels(w, 1, err, n))
        return -1;
    synth_t *s = gmc_wl_calloc(1, sizeof *s, a->name, err, n);
    if (!s)
        return -1;
    w->data = s;
    w->data_free = free;
    s->c.alu = a->p.alu_per_mem;
    s->kind = kind;
    s->width = kind == MOA && lines == 2 ? 8 : 4;
    s->lines = (unsigned)lines;
    gmc_wl_layout_t lay;
    gmc_wl_layout_init(&lay);
    uint64_t footprint;
    if (kind == LOA) {
        s->wrap = gmc_wl_round((double)ws * 256 * (scale < 1 ? scale : 1), 32);
        s->elems = gmc_wl_round((double)s->wrap * LOA_PASSES * (scale > 1 ? scale : 1), 32);
        footprint = 4 * s->wrap;
    } else if (kind == MOA) {
        s->wrap = MOA_BYTES / s->width;
        s->elems = gmc_wl_round(MOA_LOADS * scale * 32, 32);
        footprint = MOA_BYTES;
    } else if (kind == HOTRW) {
        s->wrap = (uint64_t)kb << 10;   /* the footprint's bytes */
        s->elems = gmc_wl_round(RW_LOADS * scale * 32, 32);
        footprint = s->wrap;
        gmc_rng_t r;
        gmc_rng_seed(&r, a->p.seed);
        s->key = gmc_rng_u64(&r);
    } else {
        s->wrap = 0;
        s->elems = gmc_wl_round(HOA_LOADS * scale * 32, 32);
        footprint = HOA_BYTES;
        gmc_rng_t r;
        gmc_rng_seed(&r, a->p.seed);
        s->key = gmc_rng_u64(&r);
    }
    uint64_t ctas = (s->elems + 255) / 256;
    if (ctas > SYNTH_CTAS)
        ctas = SYNTH_CTAS;
    s->threads = ctas * 256;
    s->data = gmc_wl_array(&lay, footprint);
    s->out = gmc_wl_array(&lay, 4 * s->threads);
    gmc_wl_kernel_set(&w->kernels[0], &ops, a->name, (uint32_t)ctas, 1, 256, 1, 32, 0, s);
    return 0;
}
