/* gmc_u64map (gmc_u64map_impl.h). */
#include "util/gmc_u64map_impl.h"
#include <stdlib.h>
#include <string.h>

#define EMPTY UINT64_MAX

static size_t slot(uint64_t k, size_t mask)
{
    k ^= k >> 33;   /* splitmix64's finalizer: neighbouring addresses spread */
    k *= 0xff51afd7ed558ccdULL;
    k ^= k >> 33;
    return (size_t)k & mask;
}

void gmc_u64map_init(gmc_u64map_t *m) { memset(m, 0, sizeof *m); }

void gmc_u64map_free(gmc_u64map_t *m)
{
    free(m->k);
    free(m->v);
    gmc_u64map_init(m);
}

static int grow(gmc_u64map_t *m)
{
    const size_t cap = m->cap ? m->cap * 2 : 64;
    uint64_t *k = malloc(cap * sizeof *k), *v = malloc(cap * sizeof *v);
    if (!k || !v) {
        free(k);
        free(v);
        return -1;
    }
    memset(k, 0xff, cap * sizeof *k);
    for (size_t i = 0; i < m->cap; i++) {
        if (m->k[i] == EMPTY)
            continue;
        size_t j = slot(m->k[i], cap - 1);
        while (k[j] != EMPTY)
            j = (j + 1) & (cap - 1);
        k[j] = m->k[i];
        v[j] = m->v[i];
    }
    free(m->k);
    free(m->v);
    m->k = k;
    m->v = v;
    m->cap = cap;
    return 0;
}

int gmc_u64map_put(gmc_u64map_t *m, uint64_t key, uint64_t val)
{
    if ((m->n + 1) * 2 > m->cap && grow(m))
        return -1;
    size_t i = slot(key, m->cap - 1);
    while (m->k[i] != EMPTY && m->k[i] != key)
        i = (i + 1) & (m->cap - 1);
    m->n += m->k[i] == EMPTY;
    m->k[i] = key;
    m->v[i] = val;
    return 0;
}

int gmc_u64map_get(const gmc_u64map_t *m, uint64_t key, uint64_t *val)
{
    if (!m->cap)
        return 0;
    for (size_t i = slot(key, m->cap - 1); m->k[i] != EMPTY; i = (i + 1) & (m->cap - 1))
        if (m->k[i] == key) {
            *val = m->v[i];
            return 1;
        }
    return 0;
}

int gmc_u64map_del(gmc_u64map_t *m, uint64_t key, uint64_t *val)
{
    if (!m->cap)
        return 0;
    const size_t mask = m->cap - 1;
    size_t i = slot(key, mask);
    while (m->k[i] != key) {
        if (m->k[i] == EMPTY)
            return 0;
        i = (i + 1) & mask;
    }
    if (val)
        *val = m->v[i];
    /* backward shift: move up every later entry of the run whose home is
     * not between the hole and it, so lookups never stop short */
    for (size_t j = (i + 1) & mask; m->k[j] != EMPTY; j = (j + 1) & mask) {
        const size_t h = slot(m->k[j], mask);
        if (((j - h) & mask) >= ((j - i) & mask)) {
            m->k[i] = m->k[j];
            m->v[i] = m->v[j];
            i = j;
        }
    }
    m->k[i] = EMPTY;
    m->n--;
    return 1;
}
