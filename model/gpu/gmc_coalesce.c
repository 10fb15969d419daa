/* gmc_coalesce: a warp's memory instruction -> line accesses, as Volta /
 * Turing L1s see them: one access per 128 B line the active lanes touch,
 * with the mask of the 32 B sectors their bytes fall in.  A lane whose
 * access crosses a line (misaligned) touches both lines. */
#include "gpu/gmc_gpu_impl.h"

#define LINE_BITS 7
#define SECTOR_BITS 5

/* Adds (line, sectors): ORs into line's access if there is one (the one
 * *last names first: neighbouring lanes mostly share a line), else
 * appends a new one.  Order of first touch either way.  *seen has bit
 * h(line) set for every line in out: a line whose bit is clear is new
 * without a look at the others (an uncoalesced instruction's 32 distinct
 * lines would cost a scan of up to 31 each). */
static unsigned add(gmc_lsu_acc_t *out, unsigned n, unsigned *last, uint64_t *seen, uint64_t line,
                    uint32_t sectors)
{
    if (n && out[*last].line == line) {
        out[*last].sectors |= sectors;
        return n;
    }
    const uint64_t bit = 1ull << (((line >> LINE_BITS) * 0x9e3779b97f4a7c15ull) >> 58);
    if (*seen & bit)
        for (unsigned i = 0; i < n; i++)   /* at most 64 lines */
            if (out[i].line == line) {
                out[i].sectors |= sectors;
                *last = i;
                return n;
            }
    *seen |= bit;
    out[n].line = line;
    out[n].sectors = sectors;
    *last = n;
    return n + 1;
}

/* The sectors s0..s1 of a line. */
static inline uint32_t sec_range(uint64_t lo, uint64_t hi)
{
    unsigned s0 = (unsigned)(lo >> SECTOR_BITS) & 3, s1 = (unsigned)(hi >> SECTOR_BITS) & 3;
    return (2u << s1) - (1u << s0);
}

/* The lines and sectors of [a0, a0 + 32 w) for w up to 32 bytes, in
 * ascending order: what the lane loop below finds for a unit-stride
 * instruction (every lane active, lane l at a0 + l * w), whose lanes
 * cover that range without gaps. */
static unsigned unit_range(uint64_t a0, uint64_t w, uint8_t op, gmc_lsu_acc_t *out)
{
    const uint64_t lmask = (1u << LINE_BITS) - 1, end = a0 + GMC_WARP_SIZE * w - 1;
    unsigned n = 0;
    for (uint64_t l = a0 & ~lmask; l <= end; l += lmask + 1, n++) {   /* at most 9 lines */
        out[n].line = l;
        out[n].sectors = sec_range(l > a0 ? l : a0, l + lmask < end ? l + lmask : end);
        out[n].op = op;
    }
    return n;
}

/* A listed instruction of the unit-stride form, or 0 (out untouched).
 * Coalesced kernels issue mostly such instructions, and checking 32
 * addresses costs a fraction of walking them lane by lane. */
static unsigned unit_stride(const gmc_inst_t *in, uint64_t w, gmc_lsu_acc_t *out)
{
    const uint64_t a0 = in->addr[0];
    if (in->mask != UINT32_MAX || w > 32)
        return 0;
    unsigned bad = 0;
    for (unsigned l = 1; l < GMC_WARP_SIZE; l++)   /* no early exit: it vectorizes */
        bad |= in->addr[l] != a0 + l * w;
    if (bad)
        return 0;
    return unit_range(a0, w, in->op, out);
}

/* The general case, lane by lane, either address form (also the
 * reference the shortcuts are tested against). */
unsigned gmc_coalesce_lanes(const gmc_inst_t *in, gmc_lsu_acc_t *out)
{
    unsigned n = 0, last = 0;
    uint64_t seen = 0;
    const uint64_t w = in->width ? in->width : 4;
    const uint64_t lmask = (1u << LINE_BITS) - 1;
    uint64_t sec_in = UINT64_MAX;   /* a sector (address >> SECTOR_BITS) that out[last] holds */
    for (uint32_t m = in->mask; m; m &= m - 1) {
        uint64_t a = gmc_inst_lane_addr(in, (unsigned)__builtin_ctz(m));
        uint64_t last_b = a + w - 1;
        if ((a >> SECTOR_BITS) == sec_in && (last_b >> SECTOR_BITS) == sec_in)
            continue;   /* within the previous lane's sector: adds nothing */
        if ((a & ~lmask) == (last_b & ~lmask)) {   /* within one line: the common case */
            n = add(out, n, &last, &seen, a & ~lmask, sec_range(a, last_b));
            sec_in = last_b >> SECTOR_BITS;
            continue;
        }
        sec_in = UINT64_MAX;
        uint64_t l0 = a >> LINE_BITS, l1 = last_b >> LINE_BITS;
        for (uint64_t l = l0; l <= l1; l++) {
            uint64_t lo = l == l0 ? a : l << LINE_BITS;
            uint64_t hi = l == l1 ? last_b : (l << LINE_BITS) + lmask;
            n = add(out, n, &last, &seen, l << LINE_BITS, sec_range(lo, hi));   /* n <= 64: each lane adds at most 2 */
        }
    }
    for (unsigned i = 0; i < n; i++)
        out[i].op = in->op;
    return n;
}

unsigned gmc_coalesce(const gmc_inst_t *in, gmc_lsu_acc_t *out)
{
    const uint64_t w = in->width ? in->width : 4;
    unsigned n;
    if (in->strided)   /* the kernel says which form: no check */
        n = in->mask == UINT32_MAX && in->stride > 0 && (uint64_t)in->stride == w && w <= 32
                ? unit_range(in->addr[0], w, in->op, out) : 0;
    else
        n = unit_stride(in, w, out);
    return n ? n : gmc_coalesce_lanes(in, out);
}
