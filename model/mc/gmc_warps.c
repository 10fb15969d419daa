/* gmc_warps: the warp table (gmc_warps.h). */
#include "mc/gmc_warps.h"
#include <stdlib.h>
#include <string.h>

static inline uint64_t mix(uint32_t sm, uint32_t warp, uint64_t pc)
{
    uint64_t x = pc ^ ((uint64_t)sm << 32 | warp) * 0x9e3779b97f4a7c15ull;
    x ^= x >> 31;
    x *= 0xbf58476d1ce4e5b9ull;
    return x ^ (x >> 29);
}

int gmc_warps_init(gmc_warps_t *w, uint32_t cap)
{
    memset(w, 0, sizeof *w);
    uint32_t nb = 16;
    while (nb < 2 * (uint64_t)cap && nb < (1u << 30))
        nb <<= 1;
    w->e = calloc(cap ? cap : 1, sizeof *w->e);
    w->bucket = malloc(nb * sizeof *w->bucket);
    if (!w->e || !w->bucket) {
        gmc_warps_free(w);
        return -1;
    }
    w->cap = cap;
    w->mask = nb - 1;
    for (uint32_t i = 0; i < nb; i++)
        w->bucket[i] = GMC_WARPS_NONE;
    for (uint32_t i = 0; i < cap; i++)
        w->e[i].next = i + 1 < cap ? i + 1 : GMC_WARPS_NONE;
    w->free_head = cap ? 0 : GMC_WARPS_NONE;
    return 0;
}

void gmc_warps_free(gmc_warps_t *w)
{
    free(w->e);
    free(w->bucket);
    memset(w, 0, sizeof *w);
}

uint32_t gmc_warps_add(gmc_warps_t *w, uint32_t sm, uint32_t warp, uint64_t pc)
{
    uint32_t *slot = &w->bucket[mix(sm, warp, pc) & w->mask];
    w->changes++;
    for (uint32_t i = *slot; i != GMC_WARPS_NONE; i = w->e[i].next)
        if (w->e[i].sm == sm && w->e[i].warp == warp && w->e[i].pc == pc) {
            w->e[i].n_pending++;
            return i;
        }
    uint32_t i = w->free_head;
    if (i == GMC_WARPS_NONE)
        return GMC_WARPS_NONE;
    w->free_head = w->e[i].next;
    w->e[i] = (gmc_warp_ent_t){pc, sm, warp, 1, *slot};
    *slot = i;
    w->live++;
    return i;
}

void gmc_warps_drop(gmc_warps_t *w, uint32_t i)
{
    gmc_warp_ent_t *e = &w->e[i];
    w->changes++;
    if (--e->n_pending)
        return;
    uint32_t *p = &w->bucket[mix(e->sm, e->warp, e->pc) & w->mask];
    while (*p != i)
        p = &w->e[*p].next;
    *p = e->next;
    e->next = w->free_head;
    w->free_head = i;
    w->live--;
}
