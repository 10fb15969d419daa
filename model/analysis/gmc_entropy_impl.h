/* Internal to model/analysis/gmc_entropy*.c: the per-bit window pass that
 * gmc_entropy.c implements and the accumulator (gmc_entropy_acc.c) calls
 * once per (kernel, bit).  Not part of the public interface. */
#ifndef GMC_ENTROPY_IMPL_H
#define GMC_ENTROPY_IMPL_H
#include <stddef.h>
#include <stdint.h>
#include "analysis/gmc_entropy.h"
#ifdef __cplusplus
extern "C" {
#endif

/* Scratch for one (kernel, bit), sized for the largest kernel once and
 * reused for every bit. */
typedef struct {
    size_t     cap;     /* TBs */
    size_t    *slot;    /* paper: hash slots, class id + 1, 0 = empty */
    gmc_bvr_t *key;     /* paper: reduced BVR of each class */
    size_t    *id;      /* paper: class of TB i */
    size_t    *cnt;     /* paper: occurrences of each class in the window */
    double    *clnc;    /* paper: c ln c, c = 0..cap */
    double    *lnv;     /* paper: ln v, v = 0..cap */
    uint64_t  *q;       /* pooled: BVR numerators over a common scale */
} gmc_ewin_t;

int  gmc_ewin_init(gmc_ewin_t *s, size_t cap);   /* 0 or -1 (no memory) */
void gmc_ewin_free(gmc_ewin_t *s);

/* Mean window entropy (Eq. 2) of bvr[0..n-1] for 1 <= w <= n <= s->cap,
 * counts > 0 and ones <= count, metric m valid. */
double gmc_ewin_mean(gmc_ewin_t *s, gmc_entropy_metric_t m,
                     const gmc_bvr_t *bvr, size_t n, size_t w);

/* splitmix64-style mix of two keys, for the hash tables. */
static inline uint64_t gmc_entropy_mix2(uint64_t a, uint64_t b)
{
    uint64_t x = a * 0x9e3779b97f4a7c15ULL ^ (b + 0x632be59bd9b4e019ULL);
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    x ^= x >> 31;
    return x;
}

#ifdef __cplusplus
}
#endif
#endif
