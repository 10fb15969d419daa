/* gmc_wl_val_impl: the validation kernels (docs/validation.md) -- small
 * CUDA kernels written out as the SASS a compiler makes of them, one fixed
 * program per warp with its registers (GMC_DEPS_REGS) and unit classes,
 * so that they run the same in gmc and, exported (gmc sim --export-traces),
 * in Accel-Sim.  gmc_wl_val.c runs a program; gmc_wl_val_progs.c writes the
 * five programs and their address rules.  Internal to model/gpu. */
#ifndef GMC_WL_VAL_IMPL_H
#define GMC_WL_VAL_IMPL_H
#include <stddef.h>
#include <stdint.h>
#include "gpu/gmc_wl_impl.h"

#define VAL_PROG_MAX 400                       /* k-means: 394 instructions */
#define VAL_NOREG    0xff
#define VAL_WINDOW   0x7f0000000000ull         /* the arrays' 4 GB window, as cudaMalloc's */
#define VAL_APART    (64ull << 20)             /* arrays 64 MB apart */
#define VAL_ARRAY(i) (VAL_WINDOW + (uint64_t)(i) * VAL_APART)

/* One instruction of the program: its op and unit, up to 2 destination
 * and 3 source registers (VAL_NOREG: none), and for a memory instruction
 * the array it reaches and an argument of the address rule (k-means: the
 * feature). */
typedef struct {
    uint8_t  op, unit;
    uint8_t  dst[2], src[3];
    uint8_t  arr;
    uint16_t arg;
} val_op_t;

typedef struct val val_t;
/* Fills the lane addresses of memory instruction o for the warp of
 * cursor c. */
typedef void (*val_addr_t)(const val_t *v, const gmc_warp_cursor_t *c, const val_op_t *o,
                           gmc_inst_t *in);

struct val {
    val_op_t   prog[VAL_PROG_MAX];
    unsigned   nprog;
    uint64_t   n;            /* threads (points; transpose: the matrix side) */
    uint32_t  *idx;          /* gather: idx[], the element of t each thread reads */
    val_addr_t addr;
};

/* Cursor (c->u.val): pc, the next program index; t0, the first thread of
 * the warp (1D kernels); x0, y (transpose). */

/* Appends one instruction; d0, d1, s0..s2 are register numbers or VAL_NOREG. */
void val_emit(val_t *v, gmc_op_t op, gmc_unit_t unit, unsigned d0, unsigned d1, unsigned s0,
              unsigned s1, unsigned s2, unsigned arr, unsigned arg);

/* The programs (gmc_wl_val_progs.c): set v->prog, v->addr (v->n and
 * v->idx are set). */
void val_vecadd(val_t *v);
void val_kmeans(val_t *v);
void val_transpose(val_t *v);
void val_compute(val_t *v);
void val_gather(val_t *v);

#define VAL_KMEANS_F 34   /* the KDD Cup features */
#define VAL_KMEANS_K 5    /* clusters */
#define VAL_GATHER_T (16ull << 20)   /* gather's table: 16 MB of floats */

#endif
