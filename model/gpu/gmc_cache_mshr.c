/* gmc_cache_mshr: entries by index, a free bitmap, a line -> index hash. */
#include "gpu/gmc_cache_mshr_impl.h"

#include <stdlib.h>
#include <string.h>

/* Fibonacci hashing of the line number: consecutive lines (the common
 * pattern of a streaming warp) spread over the whole table. */
static uint32_t home_of(const gmc_mshr_t *m, uint64_t line)
{
    return (uint32_t)(((line >> m->line_shift) * 0x9E3779B97F4A7C15ull) >> m->hash_shift);
}

int gmc_mshr_init(gmc_mshr_t *m, uint32_t n, unsigned line_shift)
{
    memset(m, 0, sizeof *m);
    unsigned bits = 2;                       /* at least 4 slots */
    while ((1u << bits) < 2 * n)
        bits++;
    m->n = n;
    m->words = (n + 63) / 64;
    m->slot_mask = (1u << bits) - 1;
    m->hash_shift = 64 - bits;
    m->line_shift = line_shift;
    m->e = calloc(n, sizeof *m->e);
    m->free_bits = calloc(m->words, sizeof *m->free_bits);
    m->slot = calloc((size_t)m->slot_mask + 1, sizeof *m->slot);
    if (!m->e || !m->free_bits || !m->slot) {
        gmc_mshr_free(m);
        return -1;
    }
    gmc_mshr_clear(m);
    return 0;
}

void gmc_mshr_free(gmc_mshr_t *m)
{
    free(m->e);
    free(m->free_bits);
    free(m->slot);
    memset(m, 0, sizeof *m);
}

void gmc_mshr_clear(gmc_mshr_t *m)
{
    memset(m->e, 0, (size_t)m->n * sizeof *m->e);
    memset(m->slot, 0, ((size_t)m->slot_mask + 1) * sizeof *m->slot);
    for (uint32_t w = 0; w < m->words; w++) {
        uint32_t left = m->n - 64 * w;
        m->free_bits[w] = left >= 64 ? ~0ull : (1ull << left) - 1;
    }
    m->used = 0;
}

int gmc_mshr_lookup(const gmc_mshr_t *m, uint64_t line)
{
    for (uint32_t s = home_of(m, line);; s = (s + 1) & m->slot_mask) {
        uint32_t v = m->slot[s];
        if (v == 0)
            return -1;
        if (m->e[v - 1].line == line)
            return (int)(v - 1);
    }
}

int gmc_mshr_alloc(gmc_mshr_t *m, uint64_t line)
{
    for (uint32_t w = 0; w < m->words; w++) {
        uint64_t f = m->free_bits[w];
        if (!f)
            continue;
        uint32_t i = 64 * w + (uint32_t)__builtin_ctzll(f);
        m->free_bits[w] = f & (f - 1);
        m->e[i].line = line;
        m->e[i].req = 0;
        m->e[i].merges = 0;
        m->e[i].way = 0;
        m->e[i].user = 0;
        /* The table is at most half full, so an empty slot is near. */
        uint32_t s = home_of(m, line);
        while (m->slot[s])
            s = (s + 1) & m->slot_mask;
        m->slot[s] = i + 1;
        m->used++;
        return (int)i;
    }
    return -1;
}

/* Backward-shift deletion: after emptying slot `hole`, move up any later
 * entry of the probe run whose home does not lie cyclically in (hole, s],
 * so every remaining entry stays reachable from its home. */
void gmc_mshr_release(gmc_mshr_t *m, uint32_t i)
{
    uint32_t hole = home_of(m, m->e[i].line);
    while (m->slot[hole] != i + 1)
        hole = (hole + 1) & m->slot_mask;
    for (uint32_t s = (hole + 1) & m->slot_mask; m->slot[s]; s = (s + 1) & m->slot_mask) {
        uint32_t home = home_of(m, m->e[m->slot[s] - 1].line);
        int stays = hole <= s ? (home > hole && home <= s) : (home > hole || home <= s);
        if (!stays) {
            m->slot[hole] = m->slot[s];
            hole = s;
        }
    }
    m->slot[hole] = 0;
    m->free_bits[i / 64] |= 1ull << (i % 64);
    m->e[i].req = 0;
    m->e[i].merges = 0;
    m->used--;
}
