/* Rings that grow inside their allocation.
 *
 * A ring is allocated at its full capacity (a power of two), but its
 * indexes wrap at wrap + 1 slots, a power of two that starts small and
 * doubles when the ring is full.  A ring that is never empty under a
 * steady load (so never restarts at its first slot) then cycles through
 * only as many slots as it ever held at once, and those stay in the host's
 * caches; wrapping at the capacity it cycled through all of them.  Where
 * an entry sits is all that changes: the order (head .. head + n - 1) and
 * the capacity are the same. */
#ifndef GMC_RING_H
#define GMC_RING_H

#include <stddef.h>
#include <string.h>

/* The ring (esz-byte entries at buf, head, n entries, all wrap + 1 slots
 * full) wraps at twice the slots from now on: the entries that had
 * wrapped to the front move up past the old end, so head .. head + n - 1
 * stay in order.  The caller checks that 2 (wrap + 1) slots are allocated. */
static inline void gmc_ring_widen(void *buf, size_t esz, unsigned *wrap, unsigned head, unsigned n)
{
    unsigned s = *wrap + 1;
    unsigned front = head + n > s ? head + n - s : 0;
    memcpy((char *)buf + (size_t)s * esz, buf, (size_t)front * esz);
    *wrap = 2 * s - 1;
}

#endif
