/* gmc_tracegen: built-in traces (see gmc_tracegen.h for their definition). */
#include "analysis/gmc_tracegen.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

typedef struct {
    const char *name;
    const char *summary;
} gen_t;

static const gen_t gens[] = {
    {"fig2-rm",   "PAE [ISCA'18] Fig. 2, 8x8 array, row-major thread-to-TB map"},
    {"fig2-cm",   "PAE [ISCA'18] Fig. 2, 8x8 array, column-major thread-to-TB map"},
    {"transpose", "naive float transpose of --batch B matrices n x n (--n), batch fastest"},
};
#define NGENS (sizeof gens / sizeof gens[0])

void gmc_tracegen_opts_default(gmc_tracegen_opts_t *o)
{
    o->n = GMC_TRACEGEN_TRANSPOSE_N;
    o->batch = GMC_TRACEGEN_TRANSPOSE_BATCH;
    o->tb_x = GMC_TRACEGEN_TRANSPOSE_TBX;
    o->tb_y = GMC_TRACEGEN_TRANSPOSE_TBY;
    o->elem_shift = 8;
    o->block_shift = 6;
}

const char *gmc_tracegen_name(unsigned i)
{
    return i < NGENS ? gens[i].name : NULL;
}

const char *gmc_tracegen_summary(unsigned i)
{
    return i < NGENS ? gens[i].summary : NULL;
}

int gmc_tracegen_find(const char *name)
{
    for (unsigned i = 0; i < NGENS; i++)
        if (!strcmp(name, gens[i].name))
            return (int)i;
    return -1;
}

static int fig2(int column_major, const gmc_tracegen_opts_t *o,
                gmc_tracegen_sink_t sink, void *ctx)
{
    for (uint64_t tb = 0; tb < 8; tb++)
        for (uint64_t i = 0; i < 8; i++) {
            uint64_t e = column_major ? i * 8 + tb : tb * 8 + i;
            gmc_trace_rec_t r = {0, tb, e << o->elem_shift};
            int rc = sink(ctx, &r);
            if (rc)
                return rc;
        }
    return 0;
}

/* Emits the unique blocks of one warp's 32 addresses, first touch first. */
static int warp_blocks(const uint64_t *a, unsigned na, uint64_t tb,
                       gmc_tracegen_sink_t sink, void *ctx)
{
    for (unsigned i = 0; i < na; i++) {
        unsigned j = 0;
        while (j < i && a[j] != a[i])
            j++;
        if (j < i)
            continue;
        gmc_trace_rec_t r = {0, tb, a[i]};
        int rc = sink(ctx, &r);
        if (rc)
            return rc;
    }
    return 0;
}

/* The requests of TB (b, bx, by): its warps' reads, then their writes. */
static int transpose_tb(const gmc_tracegen_opts_t *o, uint64_t tb, uint64_t b,
                        uint64_t bx, uint64_t by, uint64_t stride,
                        gmc_tracegen_sink_t sink, void *ctx)
{
    const uint64_t n = o->n, es = 4, tw = o->tb_x, th = o->tb_y;
    const uint64_t nthr = tw * th, nwarp = (nthr + 31) / 32;
    const uint64_t in = b * stride, out = (o->batch + b) * stride;
    const uint64_t bmask = ~(((uint64_t)1 << o->block_shift) - 1);
    for (int write = 0; write <= 1; write++)
        for (uint64_t w = 0; w < nwarp; w++) {
            uint64_t a[32];
            unsigned na = 0;
            for (uint64_t t = 32 * w; t < 32 * w + 32 && t < nthr; t++) {
                uint64_t x = bx * tw + t % tw, y = by * th + t / tw;
                if (x >= n || y >= n)
                    continue;
                uint64_t addr = write ? out + (x * n + y) * es
                                      : in + (y * n + x) * es;
                a[na++] = addr & bmask;
            }
            int rc = warp_blocks(a, na, tb, sink, ctx);
            if (rc)
                return rc;
        }
    return 0;
}

static int transpose(const gmc_tracegen_opts_t *o, gmc_tracegen_sink_t sink,
                     void *ctx)
{
    const uint64_t n = o->n, nb = o->batch;
    const uint64_t gx = (n + o->tb_x - 1) / o->tb_x;
    const uint64_t gy = (n + o->tb_y - 1) / o->tb_y;
    const uint64_t stride = (n * n * 4 + 4095) / 4096 * 4096;
    for (uint64_t by = 0; by < gy; by++)
        for (uint64_t bx = 0; bx < gx; bx++)
            for (uint64_t b = 0; b < nb; b++) {
                int rc = transpose_tb(o, (by * gx + bx) * nb + b, b, bx, by,
                                      stride, sink, ctx);
                if (rc)
                    return rc;
            }
    return 0;
}

int gmc_tracegen_run(const char *name, const gmc_tracegen_opts_t *o,
                     gmc_tracegen_sink_t sink, void *ctx, char *err, size_t n)
{
    int g = gmc_tracegen_find(name);
    if (g < 0) {
        char list[128] = "";
        for (unsigned i = 0; i < NGENS; i++) {
            strcat(list, i ? ", " : "");
            strcat(list, gens[i].name);
        }
        snprintf(err, n, "expected a generator (%s), found '%s'", list, name);
        return -1;
    }
    if (g == 2) {
        if (o->n < 1 || o->n > GMC_TRACEGEN_TRANSPOSE_MAX) {
            snprintf(err, n, "expected --n between 1 and %u, found '%" PRIu64
                     "'", GMC_TRACEGEN_TRANSPOSE_MAX, o->n);
            return -1;
        }
        if (o->batch < 1 || o->batch > GMC_TRACEGEN_TRANSPOSE_MAX) {
            snprintf(err, n, "expected --batch between 1 and %u, found '%"
                     PRIu64 "'", GMC_TRACEGEN_TRANSPOSE_MAX, o->batch);
            return -1;
        }
        if (o->tb_x < 1 || o->tb_y < 1 ||
            (uint64_t)o->tb_x * o->tb_y > GMC_TRACEGEN_TB_MAX) {
            snprintf(err, n, "expected a TB of 1 to %u threads, found %ux%u",
                     GMC_TRACEGEN_TB_MAX, o->tb_x, o->tb_y);
            return -1;
        }
        if (o->block_shift > 16) {
            snprintf(err, n, "expected a block of at most 64 KiB, found "
                     "2^%u bytes", o->block_shift);
            return -1;
        }
        return transpose(o, sink, ctx);
    }
    if (o->elem_shift > 57) {
        snprintf(err, n, "expected an element size below 2^58 bytes, found "
                 "2^%u", o->elem_shift);
        return -1;
    }
    return fig2(g == 1, o, sink, ctx);
}
