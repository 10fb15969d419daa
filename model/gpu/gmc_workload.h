/* gmc_workload: synthetic GPU workloads -- kernels (gmc_kernel.h) whose
 * threads compute their addresses the way the real kernels' threads do:
 * stream, transpose, transpose-read, stencil, matmul, spmv, bfs, kmeans,
 * and the load-warp classes loa, moa, hoa of Warped-MC [ICPP'23] Table 1.
 * docs/harness.md (Workloads) describes each one (what it mimics, its
 * address pattern, default size, expected class and why).
 *
 * A workload is one or more kernels run in order (bfs: one per level,
 * stencil: one per sweep).  Everything that is random (the graphs, the
 * hoa addresses) comes from params.seed; the instruction streams are a
 * function of (name, params) alone.
 *
 * Names may carry options after a colon, comma separated:
 *     "hoa:lines=16"   "spmv:graph=uniform,deg=4"   "kmeans:f=16,k=8"
 * (the options of each workload: docs/harness.md, Workloads).
 *
 * Arrays sit at distinct 2 MiB-aligned addresses from GMC_WORKLOAD_BASE,
 * as large cudaMalloc allocations do. */
#ifndef GMC_WORKLOAD_H
#define GMC_WORKLOAD_H
#include <stddef.h>
#include <stdint.h>
#include "gpu/gmc_kernel.h"
#ifdef __cplusplus
extern "C" {
#endif

#define GMC_WORKLOAD_BASE       0x200000ull   /* the first array */
#define GMC_WORKLOAD_ALIGN      0x200000ull   /* every array starts on 2 MiB */
#define GMC_WORKLOAD_SCALE_MAX  64.0          /* larger graphs no longer fit a test machine */
#define GMC_WORKLOAD_ALU_MAX    1000

typedef struct {
    uint64_t seed;        /* graphs, random patterns */
    double   scale;       /* problem size multiplier, (0, GMC_WORKLOAD_SCALE_MAX];
                             1.0 = the default size (about 0.5-2 M warp
                             instructions: a simulation takes seconds) */
    int      alu_per_mem; /* compute-intensity knob: ALU instructions before
                             every memory instruction (LD, ST, ATOM, SHMEM),
                             replacing the workload's own; -1 = the
                             workload's own (its default), 0..GMC_WORKLOAD_ALU_MAX */
} gmc_workload_params_t;

/* seed 1, scale 1.0, alu_per_mem -1. */
void gmc_workload_params_default(gmc_workload_params_t *p);

typedef struct gmc_workload gmc_workload_t;   /* one or more kernels run in order */

/* Builds workload `name` (with options after ':').  p NULL = the defaults.
 * NULL with one line in err ("expected ..., found ...") for an unknown
 * name or option or bad params. */
gmc_workload_t *gmc_workload_new(const char *name, const gmc_workload_params_t *p,
                                 char *err, size_t n);
unsigned        gmc_workload_nkernels(const gmc_workload_t *w);
/* Kernel i (0 .. nkernels-1) or NULL.  Kernels are owned by w. */
gmc_kernel_t   *gmc_workload_kernel(gmc_workload_t *w, unsigned i);
void            gmc_workload_delete(gmc_workload_t *w);

/* The list: name, expected class ("LOA", "MOA", "HOA" of Warped-MC
 * [ICPP'23] Table 1, or "-" when it depends on the data) and one line of
 * what it is. */
typedef struct { const char *name, *klass, *what; } gmc_workload_info_t;
unsigned gmc_workload_count(void);
const gmc_workload_info_t *gmc_workload_info(unsigned i);   /* NULL past the end */
/* The validation kernels (val-vecadd, val-kmeans, val-transpose,
 * val-compute, val-gather: docs/validation.md) and itermap (the thesis
 * kernel of `gmc experiment pcm`), built by gmc_workload_new like the
 * above but not in the list above, which the other experiments run. */
unsigned gmc_workload_val_count(void);
const gmc_workload_info_t *gmc_workload_val_info(unsigned i);   /* NULL past the end */
/* The names, one per line, into buf (snprintf-like: returns the length
 * the full list needs, writes at most n bytes, NUL-terminated when n > 0). */
size_t gmc_workload_list(char *buf, size_t n);

#ifdef __cplusplus
}
#endif
#endif
