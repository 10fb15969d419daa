/* gmc_rng: the one seeded PRNG of gmc (xoshiro256** seeded by splitmix64).
 * Every random choice in gmc comes from one of these, seeded from a printed
 * seed, so the same seed gives the same bits on every machine. */
#ifndef GMC_RNG_H
#define GMC_RNG_H
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif

typedef struct { uint64_t s[4]; } gmc_rng_t;

void     gmc_rng_seed(gmc_rng_t *r, uint64_t seed);
uint64_t gmc_rng_u64(gmc_rng_t *r);
/* Uniform in [0, n) without modulo bias; n > 0. */
uint64_t gmc_rng_below(gmc_rng_t *r, uint64_t n);

#ifdef __cplusplus
}
#endif
#endif
