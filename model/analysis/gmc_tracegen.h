/* gmc_tracegen: built-in, deterministic address traces for `gmc entropy`.
 *
 *   fig2-rm    PAE [ISCA'18] Fig. 2: an 8x8 array, 8 TBs of 8 threads, thread i
 *              of TB r reads element r*8 + i (row-major thread-to-TB map).
 *   fig2-cm    the same array, thread i of TB c reads element i*8 + c
 *              (column-major map; TB-CM0 reads 0, 8, ..., 56).
 *              Element e is at address e << elem_shift, so the two least
 *              significant index bits land on address bits elem_shift and
 *              elem_shift+1 ("the two least significant of these bits
 *              select the DRAM channel").
 *   transpose  naive out[x][y] = in[y][x] on a batch of B n x n float
 *              matrices (B = 1: one matrix).  TBs of tb_x x tb_y threads
 *              (default 16x16) tile each matrix; x = bx*tb_x + tx,
 *              y = by*tb_y + ty, threads outside the matrix idle; thread
 *              t = ty*tb_x + tx, warp k = threads 32k..32k+31.  The batch
 *              index is the fastest-varying TB index (it sits on
 *              blockIdx.x, where a large batch has to go):
 *                  TB id = (by * ceil(n/tb_x) + bx) * B + b,
 *              so the B TBs that work on the same tile of different
 *              matrices are consecutive.  Each warp's accesses are
 *              coalesced into its unique 2^block_shift-byte blocks
 *              (first-touch order); a TB issues its warps' reads, then
 *              their writes.  Matrix b of in starts at b*S, S = 4n^2
 *              rounded up to 4 KiB; out starts at B*S.
 *
 * One kernel (id 0).  No randomness. */
#ifndef GMC_TRACEGEN_H
#define GMC_TRACEGEN_H
#include <stddef.h>
#include <stdint.h>
#include "analysis/gmc_trace.h"
#ifdef __cplusplus
extern "C" {
#endif

/* Default transpose: 16 matrices of 512 x 512, 16x16-thread TBs.  The row
 * pitch 2 KiB puts the tile column index on bits 6-10 (gddr5-hynix column
 * bits 6-7, channel bits 8-9, bank bit 10), and the 16 consecutive TBs of
 * one tile -- more than the window of 12 -- all use the same column bits,
 * so those bits are constant across a window: a genuine valley (in bits
 * 8-10 over 99.5% of the windows have at most 15% or at least 85% ones:
 * tests/unit/test_gmc_tracegen.c checks >= 99%, docs/entropy.md shows the
 * command).  The matrix index sits on row bits 20-23, where PAE finds the
 * entropy to lift the valley (docs/entropy.md). */
#define GMC_TRACEGEN_TRANSPOSE_N     512u
#define GMC_TRACEGEN_TRANSPOSE_BATCH 16u
#define GMC_TRACEGEN_TRANSPOSE_MAX   65536u   /* n and batch */
#define GMC_TRACEGEN_TRANSPOSE_TBX   16u
#define GMC_TRACEGEN_TRANSPOSE_TBY   16u
#define GMC_TRACEGEN_TB_MAX          1024u    /* threads per TB */

typedef struct {
    uint64_t n;            /* transpose: matrix side, 1..TRANSPOSE_MAX */
    uint64_t batch;        /* transpose: matrices, 1..TRANSPOSE_MAX */
    unsigned tb_x, tb_y;   /* transpose: TB shape, tb_x * tb_y <= TB_MAX */
    unsigned elem_shift;   /* fig2: log2 of the element size in bytes */
    unsigned block_shift;  /* transpose: log2 of the coalescing block (6) */
} gmc_tracegen_opts_t;

/* n, batch, tb_x, tb_y = the GMC_TRACEGEN_TRANSPOSE_* defaults,
 * elem_shift = 8 (256-byte elements: index bits 0-1 on gddr5-hynix channel
 * bits 8-9), block_shift = 6. */
void gmc_tracegen_opts_default(gmc_tracegen_opts_t *o);

/* Receives each request in order; a nonzero return stops the generator
 * and is passed back by gmc_tracegen_run(). */
typedef int (*gmc_tracegen_sink_t)(void *ctx, const gmc_trace_rec_t *r);

const char *gmc_tracegen_name(unsigned i);      /* NULL past the end */
const char *gmc_tracegen_summary(unsigned i);
int         gmc_tracegen_find(const char *name); /* index or -1 */

/* Generates trace `name`.  Returns 0, -1 with err set for an unknown name
 * or bad options, or the sink's nonzero return value. */
int gmc_tracegen_run(const char *name, const gmc_tracegen_opts_t *o,
                     gmc_tracegen_sink_t sink, void *ctx, char *err, size_t n);

#ifdef __cplusplus
}
#endif
#endif
