/* gmc_bits: bit counting for the harness's hot paths.  __builtin_popcount
 * without -mpopcnt is a call into libgcc; this is a dozen inline
 * instructions (sector and lane masks are counted per request). */
#ifndef GMC_BITS_H
#define GMC_BITS_H
#include <stdint.h>

static inline unsigned gmc_popc32(uint32_t x)
{
    /* Most masks counted are a line's 4 sector bits: a 16-entry table of
     * nibbles in one constant (each call site nearly always takes the
     * same branch, so it predicts well). */
    if (x < 16)
        return (unsigned)(0x4332322132212110ull >> (4 * x)) & 15u;
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0fu;
    return (x * 0x01010101u) >> 24;
}

static inline unsigned gmc_popc64(uint64_t x)
{
    return gmc_popc32((uint32_t)x) + gmc_popc32((uint32_t)(x >> 32));
}

#endif
