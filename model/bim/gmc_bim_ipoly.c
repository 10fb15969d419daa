/* gmc_bim_ipoly: GPGPU-Sim's IPoly partition hash as a BIM (gmc_bim_ipoly.h). */
#include "bim/gmc_bim_ipoly.h"
#include <stdio.h>

#define B(i) (1ull << (i))

/* Per sub-partition index bit j, the bits of h XORed into it: GPGPU-Sim's
 * hashing.cc equations for 16, 32 and 64 sub-partitions, as masks.  Read by
 * column they are x^i mod P for P = x^4 + x + 1, x^5 + x^2 + 1 and
 * x^6 + x + 1 (tests/unit/test_gmc_bim_ipoly.c checks that, which is what makes
 * every run of 2^k consecutive strides conflict-free). */
static const uint64_t feed16[4] = {
    B(11) | B(10) | B(9) | B(8) | B(6) | B(4) | B(3) | B(0),
    B(12) | B(8) | B(7) | B(6) | B(5) | B(3) | B(1) | B(0),
    B(9) | B(8) | B(7) | B(6) | B(4) | B(2) | B(1),
    B(10) | B(9) | B(8) | B(7) | B(5) | B(3) | B(2),
};
static const uint64_t feed32[5] = {
    B(13) | B(12) | B(11) | B(10) | B(9) | B(6) | B(5) | B(3) | B(0),
    B(14) | B(13) | B(12) | B(11) | B(10) | B(7) | B(6) | B(4) | B(1),
    B(14) | B(10) | B(9) | B(8) | B(7) | B(6) | B(3) | B(2) | B(0),
    B(11) | B(10) | B(9) | B(8) | B(7) | B(4) | B(3) | B(1),
    B(12) | B(11) | B(10) | B(9) | B(8) | B(5) | B(4) | B(2),
};
static const uint64_t feed64[6] = {
    B(18) | B(17) | B(16) | B(15) | B(12) | B(10) | B(6) | B(5) | B(0),
    B(15) | B(13) | B(12) | B(11) | B(10) | B(7) | B(5) | B(1) | B(0),
    B(16) | B(14) | B(13) | B(12) | B(11) | B(8) | B(6) | B(2) | B(1),
    B(17) | B(15) | B(14) | B(13) | B(12) | B(9) | B(7) | B(3) | B(2),
    B(18) | B(16) | B(15) | B(14) | B(13) | B(10) | B(8) | B(4) | B(3),
    B(17) | B(16) | B(15) | B(14) | B(11) | B(9) | B(5) | B(4),
};

uint64_t gmc_ipoly_feed(unsigned sets, unsigned j)
{
    switch (sets) {
    case 16: return j < 4 ? feed16[j] : 0;
    case 32: return j < 5 ? feed32[j] : 0;
    case 64: return j < 6 ? feed64[j] : 0;
    default: return 0;
    }
}

int gmc_bim_ipoly(unsigned width, unsigned chip_at, unsigned ch_bits, unsigned sub_bits,
                  gmc_gf2_t *out, char *err, size_t n)
{
    const unsigned sets = 1u << (ch_bits + sub_bits < 31 ? ch_bits + sub_bits : 31);
    if (sets != 16 && sets != 32 && sets != 64) {
        snprintf(err, n, "IPoly: expected 16, 32 or 64 sub-partitions in all (channels x "
                 "sub-partitions per channel), found %u", sets);
        return -1;
    }
    if (width < 1 || width > GMC_GF2_MAX || chip_at + ch_bits > width) {
        snprintf(err, n, "IPoly: expected the channel bits %u..%u inside a %u-bit address",
                 chip_at, chip_at + ch_bits - 1, width);
        return -1;
    }
    gmc_gf2_identity(out, width);
    const unsigned h_at = chip_at + ch_bits + sub_bits;   /* h = addr >> h_at */
    const uint64_t keep = gmc_gf2_mask(width);
    for (unsigned k = 0; k < ch_bits; k++) {
        uint64_t f = gmc_ipoly_feed(sets, sub_bits + k);   /* channel bit k = index bit S + k */
        uint64_t in = h_at < 64 ? (f << h_at) & keep : 0;
        out->row[chip_at + k] |= in;
    }
    return 0;
}
