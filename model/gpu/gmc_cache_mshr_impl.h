/* gmc_cache_mshr: the MSHR table of gmc_cache (internal to model/gpu).
 *
 * Entries are indexed 0 .. n-1 (the caller keeps its waiters by index), so
 * they live in a plain array; a free entry is taken at the lowest index
 * (deterministic), found through a bitmap of free entries.  Lookup by line
 * goes through a linear-probing hash of line -> index, twice as large as
 * the table, with backward-shift deletion (no tombstones to age): an L1
 * with 256 MSHRs [Warped-MC, ICPP'23] is looked up on every miss, and a
 * linear scan of 256 entries there would cost more than the tag check.
 */
#ifndef GMC_CACHE_MSHR_H
#define GMC_CACHE_MSHR_H
#include <stdint.h>

#define GMC_MSHR_MAX_ENTRIES 65536u

typedef struct {
    uint64_t line;      /* line address; meaningful while the entry is used */
    uint32_t req;       /* sectors requested and not yet filled */
    uint32_t merges;    /* miss calls merged into this entry, counting the first */
    uint32_t way;       /* the cache's own: slot + 1 where a fill put the line, 0 = none
                           yet (a hint: the fill checks the tag there) */
    uint32_t user;      /* the caller's (gmc_cache_mshr_user), 0 when allocated; in what
                           was the entry's padding */
} gmc_mshr_entry_t;

typedef struct {
    gmc_mshr_entry_t *e;     /* n entries */
    uint64_t *free_bits;     /* bit i set: entry i is free */
    uint32_t *slot;          /* hash slots: entry index + 1, 0 = empty */
    uint32_t n, words, used;
    uint32_t slot_mask;      /* slots - 1 (slots a power of two >= 2n) */
    unsigned hash_shift;     /* 64 - log2(slots) */
    unsigned line_shift;     /* log2(line bytes): the hash ignores offset bits */
} gmc_mshr_t;

/* 0 on success, -1 when out of memory.  n in 1..GMC_MSHR_MAX_ENTRIES. */
int  gmc_mshr_init(gmc_mshr_t *m, uint32_t n, unsigned line_shift);
void gmc_mshr_free(gmc_mshr_t *m);
void gmc_mshr_clear(gmc_mshr_t *m);

/* Index of line's entry, or -1. */
int gmc_mshr_lookup(const gmc_mshr_t *m, uint64_t line);

/* Takes the lowest free entry for line (which must have none): its index,
 * or -1 when every entry is used. */
int gmc_mshr_alloc(gmc_mshr_t *m, uint64_t line);

/* Returns entry i (used) to the free pool. */
void gmc_mshr_release(gmc_mshr_t *m, uint32_t i);

#endif
