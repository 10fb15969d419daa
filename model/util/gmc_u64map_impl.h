/* gmc_u64map: a map from 64-bit keys to 64-bit values -- open addressing,
 * linear probing, deletion by backward shift (no tombstones), grown at
 * half full.  For the data check (docs/pcm.md "Data, checked end to
 * end"): sparse per-address versions and per-request side tables, which
 * only a check run allocates.  Keys are any value but UINT64_MAX. */
#ifndef GMC_U64MAP_IMPL_H
#define GMC_U64MAP_IMPL_H
#include <stddef.h>
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    uint64_t *k, *v;   /* k[i] == UINT64_MAX: empty */
    size_t    cap, n;  /* cap a power of two (0 before the first put) */
} gmc_u64map_t;

void gmc_u64map_init(gmc_u64map_t *m);
void gmc_u64map_free(gmc_u64map_t *m);
/* 0, or -1 out of memory (the map unchanged). */
int  gmc_u64map_put(gmc_u64map_t *m, uint64_t key, uint64_t val);
/* 1 and *val if present, else 0 (*val untouched). */
int  gmc_u64map_get(const gmc_u64map_t *m, uint64_t key, uint64_t *val);
/* 1 if it was there (and *val, if val), else 0. */
int  gmc_u64map_del(gmc_u64map_t *m, uint64_t key, uint64_t *val);

#ifdef __cplusplus
}
#endif
#endif
