/* gmc_warplat: per-warp-load latency and divergence (see gmc_warplat.h). */
#include "mc/gmc_warplat.h"
#include <stdlib.h>
#include <string.h>

#define NONE UINT32_MAX

int gmc_warplat_init(gmc_warplat_t *w, uint64_t inflight)
{
    memset(w, 0, sizeof *w);
    if (inflight > (1u << 30))
        return -1;
    w->cap = (uint32_t)inflight + 1;   /* + the open load */
    w->ld = calloc(w->cap, sizeof *w->ld);
    if (!w->ld || gmc_hist_init(&w->div) || gmc_hist_init(&w->time)) {
        gmc_warplat_free(w);
        return -1;
    }
    for (uint32_t i = 0; i < w->cap; i++)
        w->ld[i].next_free = i + 1 < w->cap ? i + 1 : NONE;
    return 0;
}

void gmc_warplat_free(gmc_warplat_t *w)
{
    free(w->ld);
    gmc_hist_free(&w->div);
    gmc_hist_free(&w->time);
    memset(w, 0, sizeof *w);
}

static void finish(gmc_warplat_t *w, uint32_t i)
{
    gmc_load_t *l = &w->ld[i];
    if (l->n >= 2) {
        w->multi++;
        gmc_hist_add(&w->div, l->max_lat - l->min_lat);
        gmc_hist_add(&w->time, l->last_done - l->first_arrival);
    } else {
        w->single++;
    }
    l->next_free = w->free_head;
    w->free_head = i;
}

static void close_cur(gmc_warplat_t *w)
{
    if (!w->cur)
        return;
    uint32_t i = w->cur - 1;
    w->ld[i].open = 0;
    if (!w->ld[i].pending)
        finish(w, i);
    w->cur = 0;
}

void gmc_warplat_read(gmc_warplat_t *w, gmc_memtrace_rec_t *r)
{
    r->tag = 0;
    if (!r->has_warp) {
        close_cur(w);
        return;
    }
    if (!w->cur || r->sm != w->sm || r->warp != w->warp || r->pc != w->pc) {
        close_cur(w);
        uint32_t i = w->free_head;
        if (i == NONE || i >= w->cap) {   /* cannot happen when inflight was right */
            w->overflow = 1;
            return;
        }
        w->free_head = w->ld[i].next_free;
        w->ld[i] = (gmc_load_t){UINT64_MAX, 0, UINT64_MAX, 0, 0, 0, NONE, 1};
        w->cur = i + 1;
        w->sm = r->sm;
        w->warp = r->warp;
        w->pc = r->pc;
    }
    gmc_load_t *l = &w->ld[w->cur - 1];
    l->pending++;
    l->n++;
    r->tag = w->cur;
}

void gmc_warplat_served(gmc_warplat_t *w, const gmc_mem_done_t *r)
{
    if (!r->tag || r->tag > w->cap)
        return;
    uint32_t i = r->tag - 1;
    gmc_load_t *l = &w->ld[i];
    uint64_t lat = r->done - r->arrival;
    if (r->arrival < l->first_arrival)
        l->first_arrival = r->arrival;
    if (r->done > l->last_done)
        l->last_done = r->done;
    if (lat < l->min_lat)
        l->min_lat = lat;
    if (lat > l->max_lat)
        l->max_lat = lat;
    if (!--l->pending && !l->open)
        finish(w, i);
}

void gmc_warplat_end(gmc_warplat_t *w) { close_cur(w); }
