/* gmc_alloc: zeroed arrays that start on a 64-byte host cache line.
 * The structures laid out in host lines (gmc_mc_t, its queue entries, the
 * SMs with their warps, the L2 slices, a cache) rely on it: calloc's
 * 16-byte alignment would let their fields straddle lines. */
#ifndef GMC_ALLOC_IMPL_H
#define GMC_ALLOC_IMPL_H
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* n elements of size bytes, zeroed, 64-byte aligned (the size rounded up
 * to whole lines, as aligned_alloc requires); NULL when out of memory or
 * when n * size overflows.  Freed with free(). */
static inline void *gmc_zalloc64(size_t n, size_t size)
{
    if (size && n > (SIZE_MAX - 63) / size)
        return NULL;
    size_t bytes = (n * size + 63) / 64 * 64;
    if (!bytes)
        bytes = 64;
    void *p = aligned_alloc(64, bytes);
    if (p)
        memset(p, 0, bytes);
    return p;
}

#endif
