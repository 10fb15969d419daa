/* The reset that every block's constrained-random stimulus drives (the
 * vector files' and the lockstep's), one rule so the blocks' files agree on
 * what a reset looks like:
 *   - rst_ni low in cycles 0 and 1 (*left starts at GMC_STIM_RESET_FIRST):
 *     the RTL and the C twin start from reset;
 *   - afterwards a reset starts when the low `shift` bits of the cycle's
 *     random word x are all zero (one start in 2^shift cycles: short vector
 *     files want them often, long lockstep runs rarely) and lasts 1..4
 *     cycles, from x's two bits at len_at (above the shift bits, so the
 *     length does not depend on the start).
 * Returns rst_ni for this cycle. */
#ifndef GMC_STIM_RESET_IMPL_H
#define GMC_STIM_RESET_IMPL_H
#include <stdint.h>

#define GMC_STIM_RESET_FIRST 2

static inline uint8_t gmc_stim_reset(unsigned *left, uint64_t x, unsigned shift, unsigned len_at)
{
    if (*left) {
        (*left)--;
        return 0;
    }
    if ((x & (((uint64_t)1 << shift) - 1)) == 0) {
        *left = (unsigned)((x >> len_at) & 3);   /* the cycles after this one */
        return 0;
    }
    return 1;
}

#endif
