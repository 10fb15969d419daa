/* gmc_tracegen: built-in, deterministic address traces for `gmc entropy`.
 *
 *   fig2-rm    seed 003 Fig. 2: an 8x8 array, 8 TBs of 8 threads, thread i
 *              of TB r reads element r*8 + i (row-major thread-to-TB map).
 *   fig2-cm    the same array, thread i of TB c reads element i*8 + c
 *              (column-major map; TB-CM0 reads 0, 8, ..., 56).
 *              Element e is at address e << elem_shift, so the two least
 *              significant index bits land on address bits elem_shift and
 *              elem_shift+1 ("the two least significant of these bits
 *              select the DRAM channel").
 *   transpose  naive out[x][y] = in[y][x] of an n x n float matrix; 16x16
 *              thread TBs in a row-major grid (TB id = by * ceil(n/16) + bx,
 *              x = bx*16 + tx, y = by*16 + ty, threads outside the matrix
 *              idle); warp k of a TB holds threads ty*16+tx = 32k..32k+31.
 *              Each warp's accesses are coalesced into its unique 64-byte
 *              blocks (first-touch order); a TB issues its eight warps'
 *              reads, then their writes.  in starts at 0, out at the first
 *              4 KiB boundary after in.
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

/* Default transpose size 992 = 31 * 32: the row pitch 4N = 2^7 * 31 puts
 * the in-tile row bits, and so the entropy valley, on bits 7-10 -- the
 * gddr5-hynix channel bits 8-9 and bank bit 10 (docs/entropy.md). */
#define GMC_TRACEGEN_TRANSPOSE_N   992u
#define GMC_TRACEGEN_TRANSPOSE_MAX 65536u

typedef struct {
    uint64_t n;            /* transpose: matrix side, 1..TRANSPOSE_MAX */
    unsigned elem_shift;   /* fig2: log2 of the element size in bytes */
    unsigned block_shift;  /* transpose: log2 of the coalescing block (6) */
} gmc_tracegen_opts_t;

/* n = GMC_TRACEGEN_TRANSPOSE_N, elem_shift = 8 (256-byte elements: index
 * bits 0-1 on gddr5-hynix channel bits 8-9), block_shift = 6. */
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
