/* gmc_tbatch: TEMP [JETC'19]'s thread-batch formation (sec. 3.1) -- the
 * profiling pass that finds a kernel's thread-block stride from its pages
 * before the run, and the share of pages one batch, two consecutive
 * batches or more touch (Fig. 8).  docs/thread-batching.md "Thread
 * batches".
 *
 * The pass replays every warp's instruction stream (the kernel contract
 * makes it deterministic: same cursor, same instructions) and keeps, per
 * 4 KB page, the lowest and highest CTA id touching it.  With stride b a
 * page is touched by the batches min/b .. max/b, so its batch distance is
 * max/b - min/b: 0 one batch, 1 two consecutive, more otherwise; a page is
 * shared across batches when the distance is not 0.  The stride chosen is
 * the smallest b in 1 .. max_stride that leaves the fewest shared pages. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gpu/gmc_gpu_impl.h"

typedef struct {
    uint64_t *page;          /* key + 1 (0 = empty) */
    uint32_t *lo, *hi;
    size_t    cap, n;
} pagemap_t;

static int pm_grow(pagemap_t *m)
{
    pagemap_t o = *m;
    m->cap = o.cap ? 2 * o.cap : 4096;
    m->n = 0;
    m->page = calloc(m->cap, sizeof *m->page);
    m->lo = malloc(m->cap * sizeof *m->lo);
    m->hi = malloc(m->cap * sizeof *m->hi);
    if (!m->page || !m->lo || !m->hi)
        return -1;
    for (size_t i = 0; i < o.cap; i++)
        if (o.page[i]) {
            size_t j = (size_t)((o.page[i] * 0x9e3779b97f4a7c15ULL) >> 20) & (m->cap - 1);
            while (m->page[j])
                j = (j + 1) & (m->cap - 1);
            m->page[j] = o.page[i];
            m->lo[j] = o.lo[i];
            m->hi[j] = o.hi[i];
            m->n++;
        }
    free(o.page);
    free(o.lo);
    free(o.hi);
    return 0;
}

static int pm_touch(pagemap_t *m, uint64_t page, uint32_t cta)
{
    if (2 * (m->n + 1) > m->cap && pm_grow(m))
        return -1;
    const uint64_t key = page + 1;
    size_t j = (size_t)((key * 0x9e3779b97f4a7c15ULL) >> 20) & (m->cap - 1);
    while (m->page[j] && m->page[j] != key)
        j = (j + 1) & (m->cap - 1);
    if (!m->page[j]) {
        m->page[j] = key;
        m->lo[j] = m->hi[j] = cta;
        m->n++;
    } else {
        m->lo[j] = cta < m->lo[j] ? cta : m->lo[j];
        m->hi[j] = cta > m->hi[j] ? cta : m->hi[j];
    }
    return 0;
}

static void pm_free(pagemap_t *m)
{
    free(m->page);
    free(m->lo);
    free(m->hi);
}

/* The pages of each CTA (the lanes' addresses of its loads, stores and
 * atomics). */
static int replay(gmc_kernel_t *k, unsigned page_bits, pagemap_t *m, char *err, size_t n)
{
    const uint32_t ctas = gmc_kernel_ctas(k), wpc = gmc_kernel_warps_per_cta(k);
    gmc_inst_t in;
    for (uint32_t c = 0; c < ctas; c++) {
        for (uint32_t w = 0; w < wpc; w++) {
            gmc_warp_cursor_t cur;
            k->ops->warp_begin(k, c, w, &cur);
            for (;;) {
                memset(&in, 0, sizeof in);
                int r = k->ops->next(k, &cur, &in, err, n);
                if (r < 0)
                    return -1;
                if (!r || in.op == GMC_OP_EXIT)
                    break;
                if (in.op != GMC_OP_LD && in.op != GMC_OP_ST && in.op != GMC_OP_ATOM)
                    continue;
                uint64_t last = UINT64_MAX;
                for (unsigned l = 0; l < 32; l++)
                    if (in.mask >> l & 1) {
                        const uint64_t pg = gmc_inst_lane_addr(&in, l) >> page_bits;
                        if (pg != last && pm_touch(m, pg, c))
                            return snprintf(err, n, "thread batches: out of memory for the profile"), -1;
                        last = pg;
                    }
            }
        }
    }
    return 0;
}

int gmc_tbatch_profile(gmc_kernel_t *k, uint32_t max_stride, uint32_t stride, unsigned page_bits,
                       gmc_tbatch_t *out, char *err, size_t n)
{
    pagemap_t m = {0};
    memset(out, 0, sizeof *out);
    if (replay(k, page_bits, &m, err, n)) {
        pm_free(&m);
        return -1;
    }
    out->profiled = stride == 0;
    if (!stride) {
        uint64_t best = UINT64_MAX;
        for (uint32_t b = 1; b <= (max_stride ? max_stride : 1); b++) {
            uint64_t shared = 0;
            for (size_t i = 0; i < m.cap; i++)
                shared += m.page[i] && m.lo[i] / b != m.hi[i] / b;
            if (shared < best) {
                best = shared;
                stride = b;
            }
        }
    }
    out->stride = stride;
    for (size_t i = 0; i < m.cap; i++)
        if (m.page[i]) {
            const uint32_t d = m.hi[i] / stride - m.lo[i] / stride;
            out->pages++;
            out->one += d == 0;
            out->two += d == 1;
            out->more += d > 1;
        }
    pm_free(&m);
    return 0;
}
