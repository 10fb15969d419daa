/* gmc_coalesce: a warp's memory instruction -> line accesses, as Volta /
 * Turing L1s see them: one access per 128 B line the active lanes touch,
 * with the mask of the 32 B sectors their bytes fall in.  A lane whose
 * access crosses a line (misaligned) touches both lines. */
#include "gpu/gmc_gpu_impl.h"

#define LINE_BITS 7
#define SECTOR_BITS 5

static unsigned add(gmc_lsu_acc_t *out, unsigned n, uint64_t line, uint32_t sectors)
{
    for (unsigned i = 0; i < n; i++)   /* at most 32 lines: a short scan beats hashing */
        if (out[i].line == line) {
            out[i].sectors |= sectors;
            return n;
        }
    out[n].line = line;
    out[n].sectors = sectors;
    return n + 1;
}

unsigned gmc_coalesce(const gmc_inst_t *in, gmc_lsu_acc_t *out)
{
    unsigned n = 0;
    uint64_t w = in->width ? in->width : 4;
    for (uint32_t m = in->mask; m; m &= m - 1) {
        uint64_t a = in->addr[__builtin_ctz(m)];
        uint64_t last = a + w - 1;
        uint64_t l0 = a >> LINE_BITS, l1 = last >> LINE_BITS;
        for (uint64_t l = l0; l <= l1; l++) {
            uint64_t lo = l == l0 ? a : l << LINE_BITS;
            uint64_t hi = l == l1 ? last : (l << LINE_BITS) + (1u << LINE_BITS) - 1;
            unsigned s0 = (unsigned)(lo >> SECTOR_BITS) & 3, s1 = (unsigned)(hi >> SECTOR_BITS) & 3;
            uint32_t sec = ((1u << (s1 + 1)) - 1) & ~((1u << s0) - 1);
            n = add(out, n, l << LINE_BITS, sec);   /* n <= 64: each lane adds at most 2 */
        }
    }
    for (unsigned i = 0; i < n; i++)
        out[i].op = in->op;
    return n;
}
