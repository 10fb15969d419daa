#include "gmc_gf2.h"
#include <string.h>

void gmc_gf2_identity(gmc_gf2_t *m, unsigned n)
{
    memset(m, 0, sizeof *m);
    m->n = n;
    for (unsigned i = 0; i < n; i++)
        m->row[i] = 1ULL << i;
}

uint64_t gmc_gf2_apply(const gmc_gf2_t *m, uint64_t x)
{
    uint64_t y = 0;
    for (unsigned i = 0; i < m->n; i++)
        y |= (uint64_t)__builtin_parityll(m->row[i] & x) << i;
    return y;
}

/* Row-reduce a copy in place; returns the rank.  If first_dep is non-null it
 * receives the first row index that reduced to zero (or -1).  Rows are
 * processed in order, so "first dependent" means dependent on earlier rows. */
static unsigned reduce(const gmc_gf2_t *m, int *first_dep)
{
    uint64_t basis[GMC_GF2_MAX];   /* basis[b]: vector whose top set bit is b */
    memset(basis, 0, sizeof basis);
    unsigned rank = 0;
    if (first_dep)
        *first_dep = -1;
    for (unsigned i = 0; i < m->n; i++) {
        uint64_t v = m->row[i] & gmc_gf2_mask(m->n);
        while (v) {
            unsigned b = 63u - (unsigned)__builtin_clzll(v);
            if (!basis[b]) {
                basis[b] = v;
                rank++;
                break;
            }
            v ^= basis[b];
        }
        if (!v && first_dep && *first_dep < 0)
            *first_dep = (int)i;
    }
    return rank;
}

unsigned gmc_gf2_rank(const gmc_gf2_t *m) { return reduce(m, NULL); }

int gmc_gf2_first_dependent_row(const gmc_gf2_t *m)
{
    int dep;
    reduce(m, &dep);
    return dep;
}

int gmc_gf2_inverse(const gmc_gf2_t *m, gmc_gf2_t *inv)
{
    unsigned n = m->n;
    uint64_t a[GMC_GF2_MAX], b[GMC_GF2_MAX];
    for (unsigned i = 0; i < n; i++) {
        a[i] = m->row[i] & gmc_gf2_mask(n);
        b[i] = 1ULL << i;
    }
    for (unsigned c = 0; c < n; c++) {
        unsigned p = c;
        while (p < n && !((a[p] >> c) & 1))
            p++;
        if (p == n)
            return -1;
        uint64_t t = a[p]; a[p] = a[c]; a[c] = t;
        t = b[p]; b[p] = b[c]; b[c] = t;
        for (unsigned r = 0; r < n; r++)
            if (r != c && ((a[r] >> c) & 1)) {
                a[r] ^= a[c];
                b[r] ^= b[c];
            }
    }
    memset(inv, 0, sizeof *inv);
    inv->n = n;
    memcpy(inv->row, b, n * sizeof b[0]);
    return 0;
}

void gmc_gf2_mul(const gmc_gf2_t *a, const gmc_gf2_t *b, gmc_gf2_t *c)
{
    /* Row i of a*b is the XOR of the rows of b selected by row i of a. */
    gmc_gf2_t r;
    memset(&r, 0, sizeof r);
    r.n = a->n;
    for (unsigned i = 0; i < a->n; i++) {
        uint64_t sel = a->row[i], acc = 0;
        while (sel) {
            unsigned j = (unsigned)__builtin_ctzll(sel);
            sel &= sel - 1;
            acc ^= b->row[j];
        }
        r.row[i] = acc;
    }
    *c = r;
}

int gmc_gf2_equal(const gmc_gf2_t *a, const gmc_gf2_t *b)
{
    if (a->n != b->n)
        return 0;
    for (unsigned i = 0; i < a->n; i++)
        if (a->row[i] != b->row[i])
            return 0;
    return 1;
}

int gmc_gf2_is_identity(const gmc_gf2_t *m)
{
    for (unsigned i = 0; i < m->n; i++)
        if (m->row[i] != (1ULL << i))
            return 0;
    return 1;
}

int gmc_gf2_is_permutation(const gmc_gf2_t *m)
{
    uint64_t cols = 0;
    for (unsigned i = 0; i < m->n; i++) {
        if (__builtin_popcountll(m->row[i]) != 1 || (cols & m->row[i]))
            return 0;
        cols |= m->row[i];
    }
    return cols == gmc_gf2_mask(m->n);
}
