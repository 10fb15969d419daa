/* gmc_gf2: square binary matrices over GF(2), up to 64 x 64.
 *
 * Convention (the one used everywhere in gmc): row[i] is the bitmask of the
 * input address bits that are XORed together to form output bit i, so
 * out_i = parity(row[i] & in).  This is the BIM of PAE [ISCA'18] section IV-A
 * (BIM x a_in = a_out) stored row by row. */
#ifndef GMC_GF2_H
#define GMC_GF2_H
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif

#define GMC_GF2_MAX 64u

typedef struct {
    unsigned n;                   /* rows = columns = address bits, 1..64 */
    uint64_t row[GMC_GF2_MAX];    /* row[i] bit j: input j feeds output i */
} gmc_gf2_t;

/* Mask of the low n bits (n = 64 gives all ones). */
static inline uint64_t gmc_gf2_mask(unsigned n)
{
    return n >= 64 ? ~0ULL : ((1ULL << n) - 1);
}

void     gmc_gf2_identity(gmc_gf2_t *m, unsigned n);
/* Definition of the product, one parity per output bit.  Used for algebra
 * and as the reference in tests; the hardware twin is gmc_bim_map(). */
uint64_t gmc_gf2_apply(const gmc_gf2_t *m, uint64_t x);
unsigned gmc_gf2_rank(const gmc_gf2_t *m);
/* Index of the first row that is a combination of earlier rows, or -1 if
 * the matrix is invertible.  Names the culprit in error messages. */
int      gmc_gf2_first_dependent_row(const gmc_gf2_t *m);
/* Gauss-Jordan inverse.  Returns 0, or -1 (inv untouched) if singular. */
int      gmc_gf2_inverse(const gmc_gf2_t *m, gmc_gf2_t *inv);
/* c = a * b: applying c equals applying b, then a.  Sizes must match. */
void     gmc_gf2_mul(const gmc_gf2_t *a, const gmc_gf2_t *b, gmc_gf2_t *c);
int      gmc_gf2_equal(const gmc_gf2_t *a, const gmc_gf2_t *b);
int      gmc_gf2_is_identity(const gmc_gf2_t *m);
/* A permutation matrix: exactly one 1 in every row and every column. */
int      gmc_gf2_is_permutation(const gmc_gf2_t *m);

#ifdef __cplusplus
}
#endif
#endif
