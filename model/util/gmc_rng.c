#include "gmc_rng.h"

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

void gmc_rng_seed(gmc_rng_t *r, uint64_t seed)
{
    uint64_t x = seed;
    for (int i = 0; i < 4; i++)
        r->s[i] = splitmix64(&x);
}

static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t gmc_rng_u64(gmc_rng_t *r)
{
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

uint64_t gmc_rng_below(gmc_rng_t *r, uint64_t n)
{
    /* Rejection sampling: discard the top partial range so every value in
     * [0, n) is equally likely: redraw while x >= lim = 2^64 - 1 -
     * (2^64 - 1) % n.  Since lim >= 2^64 - n, a draw below 2^64 - n is kept
     * without computing lim, and for a power of 2 lim = 2^64 - n and
     * x % n = x & (n - 1): the same values as the plain loop with fewer
     * divisions (the stimulus generators call this ~20 times a cycle). */
    uint64_t x = gmc_rng_u64(r);
    if ((n & (n - 1)) == 0) {
        while (x >= (uint64_t)0 - n)
            x = gmc_rng_u64(r);
        return x & (n - 1);
    }
    if (x >= (uint64_t)0 - n) {
        uint64_t lim = UINT64_MAX - (UINT64_MAX % n);
        while (x >= lim)
            x = gmc_rng_u64(r);
    }
    return x % n;
}
