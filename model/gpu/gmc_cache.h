/* gmc_cache: a sectored set-associative cache with MSHRs -- the tag state
 * of the SM's L1 data cache and of the L2 slices (the latencies, queues and
 * who-is-waiting bookkeeping live in gmc_sm.c and gmc_l2.c).
 *
 * Lines of line_bytes (128) hold line_bytes/sector_bytes (4) sectors of
 * sector_bytes (32), each valid and dirty on its own, as Volta/Turing L1
 * and L2 do.  Replacement is LRU over lines.  Allocation is on fill: a
 * miss reserves nothing in the tag array (its MSHR remembers it); when the
 * data comes back, gmc_cache_fill installs the sector, evicting the LRU
 * line of the set if the line is not present.
 *
 * MSHRs: one entry per line with a miss outstanding; an entry records
 * which of its sectors are requested.  A second miss to a requested
 * sector merges (no new request goes out); a miss to another sector of a
 * line with an entry adds that sector to the entry (a new request goes
 * out, no new entry).  Entries are freed when every requested sector has
 * been filled.  The caller keeps its waiters per (entry, sector), using
 * the entry index gmc_cache_miss returns (0 .. mshr_entries-1).
 *
 * Time-free and deterministic: no clock, no randomness.
 */
#ifndef GMC_CACHE_H
#define GMC_CACHE_H
#include <stddef.h>
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    uint32_t size_bytes;     /* total data capacity */
    uint32_t line_bytes;     /* power of two, 32..1024 (128) */
    uint32_t sector_bytes;   /* power of two dividing line_bytes, >= 4 (32); at most 32 sectors per line */
    uint32_t assoc;          /* ways; sets = size / (line * assoc), must be a power of two >= 1 */
    uint32_t mshr_entries;   /* lines with misses outstanding (>= 1) */
    uint32_t mshr_merge;     /* most merged misses per entry, counting the first (>= 1) */
    uint32_t index_hash;     /* 0: set = line number mod sets; 1: the line number XOR-folded
                                (two higher set-index-wide slices) first -- an L2 slice needs
                                it, since the bits that chose its channel are constant in it */
} gmc_cache_cfg_t;

typedef struct gmc_cache gmc_cache_t;

/* Checks cfg (one line in err naming the bad field, its value and what is
 * allowed) and allocates.  NULL on error. */
gmc_cache_t *gmc_cache_new(const gmc_cache_cfg_t *cfg, char *err, size_t n);
void         gmc_cache_delete(gmc_cache_t *c);
void         gmc_cache_reset(gmc_cache_t *c);     /* all invalid, no MSHR, counters zero */

/* The line address (addr with the offset bits cleared) and the sector mask
 * of the bytes [addr, addr + bytes) within that line (bytes >= 1; the
 * range must not cross the line: the coalescer splits by line). */
uint64_t gmc_cache_line(const gmc_cache_t *c, uint64_t addr);
uint32_t gmc_cache_sectors(const gmc_cache_t *c, uint64_t addr, uint32_t bytes);

/* In the calls below, `line` may carry offset bits (they are ignored) and
 * sector bits beyond the line's sectors are ignored.  Every access that
 * finds the line (a read hit with touch, a fill, a write hit) makes it the
 * most recently used. */

/* Reads: the subset of sectors (of line) that are valid now.  Updates LRU
 * when any sector hits (touch != 0). */
uint32_t gmc_cache_read_hits(gmc_cache_t *c, uint64_t line, uint32_t sectors, int touch);

/* Misses.  For the sectors that did not hit, in one call:
 *   returns GMC_CACHE_MISS_OK with *entry set and *send = the sectors that
 *     need a new request below (those not already requested in the entry);
 *     the others merged.  The merge count rises by one per call.
 *   returns GMC_CACHE_MISS_FULL (nothing changed) if a new entry is needed
 *     and none is free, or the entry's merge count is at mshr_merge. */
enum { GMC_CACHE_MISS_OK = 0, GMC_CACHE_MISS_FULL = 1 };
/* With sectors == 0 nothing is tracked: OK, *send = 0, *entry = the line's
 * entry or GMC_CACHE_NO_ENTRY.  Every call counts in miss_calls, each
 * refusal in mshr_full. */
#define GMC_CACHE_NO_ENTRY 0xffffffffu
int gmc_cache_miss(gmc_cache_t *c, uint64_t line, uint32_t sectors, uint32_t *entry, uint32_t *send);

/* Would gmc_cache_miss succeed?  (Same rule, changes nothing.)  1 if it
 * would return GMC_CACHE_MISS_OK for a non-empty sector mask, 0 if it
 * would return GMC_CACHE_MISS_FULL. */
int gmc_cache_miss_ok(const gmc_cache_t *c, uint64_t line);

/* The entry for line, or -1.  */
int gmc_cache_mshr_find(const gmc_cache_t *c, uint64_t line);

/* gmc_cache_miss_ok and gmc_cache_miss with the line's entry e already
 * looked up (gmc_cache_mshr_find, no miss or fill since): a caller that
 * asks first and then misses pays one MSHR lookup, not two. */
int gmc_cache_miss_ok_at(const gmc_cache_t *c, int e);
int gmc_cache_miss_at(gmc_cache_t *c, uint64_t line, int e, uint32_t sectors, uint32_t *entry,
                      uint32_t *send);

/* Data for sectors of line came back: installs them valid (and dirty if
 * dirty != 0), evicting the set's LRU line first if line is not present.
 * An evicted line's dirty sectors are returned in *victim_dirty with its
 * line address in *victim_line (0 sectors if none: clean victim, or no
 * eviction).  Clears those sectors from the line's MSHR entry if it has
 * one; frees the entry when none is left requested.  Returns the entry
 * index that was filled, or -1 if line had no entry (a write-allocate
 * without a miss, or a prefetch). */
int gmc_cache_fill(gmc_cache_t *c, uint64_t line, uint32_t sectors, int dirty,
                   uint64_t *victim_line, uint32_t *victim_dirty);
/* The same for a caller that knows line's MSHR entry (what
 * gmc_cache_mshr_find would return now, -1 for none): no lookup.  The
 * entry of a miss stays the line's until its last requested sector is
 * filled, so a request can carry it to its reply. */
int gmc_cache_fill_entry(gmc_cache_t *c, uint64_t line, uint32_t sectors, int dirty, int entry,
                         uint64_t *victim_line, uint32_t *victim_dirty);

/* gmc_cache_fill_entry (clean) for a caller that keeps something per line
 * (the SM keeps which warp allocated each L1 line for a warp scheduler
 * that wants L1 evictions, gmc_wsched.h's l1 hook): *slot = the slot
 * (0 .. gmc_cache_slots - 1) the line took if this fill allocated it,
 * else -1; *evicted = 1 if a valid line (*victim_line) left that slot. */
int gmc_cache_fill_slot(gmc_cache_t *c, uint64_t line, uint32_t sectors, int entry,
                        uint64_t *victim_line, int *evicted, int32_t *slot);
uint32_t gmc_cache_slots(const gmc_cache_t *c);   /* sets x ways */

/* Writes.  Write-back (L2): if the line is present, the written sectors
 * become valid and dirty (a full-sector write needs no fetch) and 1 is
 * returned; if not, 0 is returned and nothing changes (the caller fills
 * with dirty = 1 to write-allocate).  Write-through no-allocate (L1):
 * gmc_cache_invalidate drops the sectors instead. */
int  gmc_cache_write_hit(gmc_cache_t *c, uint64_t line, uint32_t sectors);
void gmc_cache_invalidate(gmc_cache_t *c, uint64_t line, uint32_t sectors);

/* Counters (plain integers, updated by the calls above; gmc_cache_reset
 * zeroes them).  fills counts gmc_cache_fill calls, evictions the valid
 * lines evicted (clean or dirty); write_hit_sectors are the sectors of
 * gmc_cache_write_hit calls that found their line. */
typedef struct {
    uint64_t read_sectors, read_hit_sectors;   /* by gmc_cache_read_hits with touch */
    uint64_t miss_calls, mshr_full, merged_sectors, sent_sectors;
    uint64_t fills, evictions, dirty_evicted_sectors;
    uint64_t write_sectors, write_hit_sectors;
} gmc_cache_stats_t;
const gmc_cache_stats_t *gmc_cache_stats(const gmc_cache_t *c);
uint32_t gmc_cache_mshr_used(const gmc_cache_t *c);

/* A word of the caller's in MSHR entry `entry` (in use), 0 when the entry
 * was allocated.  The SM and the L2 keep there which sectors have waiters
 * in their pools, so that a fill -- which reads the entry anyway -- looks
 * at their wait lists only then. */
uint32_t *gmc_cache_mshr_user(gmc_cache_t *c, uint32_t entry);

/* All lines with dirty sectors, for a final write-back count (calls fn per
 * line, in set then way order). */
void gmc_cache_for_dirty(const gmc_cache_t *c, void (*fn)(void *ctx, uint64_t line, uint32_t dirty),
                         void *ctx);

#ifdef __cplusplus
}
#endif
#endif
