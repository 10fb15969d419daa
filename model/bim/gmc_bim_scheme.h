/* gmc_bim_scheme: the address-mapping schemes of PAE [ISCA'18] (sections IV, VI)
 * as BIM generators, and the cost of the XOR tree a matrix implies. */
#ifndef GMC_BIM_SCHEME_H
#define GMC_BIM_SCHEME_H
#include <stddef.h>
#include <stdint.h>
#include "mem/gmc_addrmap.h"
#include "gmc_gf2.h"
#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    GMC_SCHEME_BASE = 0,  /* the map as is (identity BIM) */
    GMC_SCHEME_PM,        /* each ch/bank bit ^= one low row bit */
    GMC_SCHEME_RMP,       /* high-entropy bits moved into ch/bank positions */
    GMC_SCHEME_PAE,       /* ch/bank = XOR of random page bits (row,bank,ch) */
    GMC_SCHEME_FAE,       /* PAE plus column bits as inputs */
    GMC_SCHEME_ALL,       /* every non-block output bit randomized */
    GMC_SCHEME_N
} gmc_scheme_t;

const char *gmc_scheme_name(gmc_scheme_t s);          /* "base", "pm", ... */
int         gmc_scheme_parse(const char *name, gmc_scheme_t *s);  /* 0 / -1 */

typedef struct {
    /* RMP only: the input bits to move into the channel and bank positions,
     * highest entropy first.  0 bits = the map's default (PAE [ISCA'18]'s
     * published choice for gddr5-hynix; see docs/blocks/gmc_bim.md). */
    unsigned nrmp;
    uint8_t  rmp[64];
} gmc_scheme_opts_t;

/* Builds the scheme's BIM for map m.  Random schemes draw from a PRNG seeded
 * with seed: same seed, same matrix.  The result is invertible and never
 * reads or writes block-offset bits.  Returns 0 or -1 with err set. */
int gmc_bim_scheme_make(gmc_scheme_t s, const gmc_addrmap_t *m, uint64_t seed,
                        const gmc_scheme_opts_t *opt, gmc_gf2_t *out,
                        char *err, size_t n);

typedef struct {
    unsigned width;
    unsigned inputs[64];    /* ones in row i */
    unsigned xors[64];      /* two-input XOR gates for output i: inputs-1 */
    unsigned depth[64];     /* ceil(log2(inputs)) levels of XOR */
    unsigned total_xors;
    unsigned max_depth;
    unsigned wires_only;    /* outputs that are a single input (no gate) */
} gmc_bim_cost_t;

void gmc_bim_cost(const gmc_gf2_t *m, gmc_bim_cost_t *c);
/* Added latency at levels_per_cycle XOR levels per clock: 0 when the tree is
 * wires only, else ceil(max_depth / levels_per_cycle). */
unsigned gmc_bim_cost_cycles(const gmc_bim_cost_t *c, unsigned levels_per_cycle);

#ifdef __cplusplus
}
#endif
#endif
