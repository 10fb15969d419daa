/* gmc_wl_impl: what the workload families (gmc_wl_*.c) share -- the
 * workload object, the compute knob, the array layout, the option parser.
 * Internal to model/gpu; users include gmc_workload.h.
 *
 * Every family writes its warp stream as a small state machine: each call
 * of next() emits exactly one instruction.  A state that emits a memory
 * instruction first calls gmc_wl_gap(), which emits the ALU instructions
 * that precede it (the workload's own count, or alu_per_mem) one per call
 * without advancing the state; so every ALU instruction sits in the gap
 * before a memory instruction and alu_per_mem = N gives exactly N ALU
 * instructions per memory instruction.  The gap counter is cursor word 5;
 * the families use words 0..4 and p. */
#ifndef GMC_WL_IMPL_H
#define GMC_WL_IMPL_H
#include <stddef.h>
#include <stdint.h>
#include "gpu/gmc_kernel.h"
#include "gpu/gmc_workload.h"

struct gmc_workload {
    unsigned       nkernels;
    gmc_kernel_t  *kernels;
    void          *data;                 /* the family's, shared by its kernels */
    void         (*data_free)(void *);
};

/* What a family's constructor gets: params already checked, the registry
 * name (a family may serve several), the options after ':' ("" if none). */
typedef struct {
    const char            *name;
    const char            *opts;
    gmc_workload_params_t  p;
} gmc_wl_args_t;

/* Each kernel's impl starts with this. */
typedef struct {
    int alu;     /* alu_per_mem: -1 = the workload's own counts */
} gmc_wl_common_t;

#define GMC_WL_GAP    5                          /* the cursor word of the gap counter */
#define GMC_WL_PC(s)  ((uint64_t)(s) << 16)      /* pc of static memory site s (>= 1) */
#define GMC_WL_FULL   0xffffffffu

/* Dependences (gmc_kernel.h, GMC_DEPS_REGS).  Every family states them
 * the same way, by what a memory instruction's gap computes:
 *   GMC_WL_ADDR  its address, from the thread's indices: integer
 *                instructions in a chain on R1; the access reads R1.
 *   GMC_WL_IND   its address from the value the warp loaded last (an
 *                index: col[k], row_ptr[v]): the same chain, its first
 *                instruction reading that load's register.
 *   GMC_WL_USE   a value from the warp's last load (a sum, an FMA, a
 *                compare): fp instructions in a chain on R2, the first
 *                reading that load's register; a store writes R2.
 * A load or shared-memory read of site s writes R(16 + s mod 16) (a loop
 * reuses it: the next iteration's load waits for the last one's data, as
 * compiled code does); a store reads R1 and its data: R2 after a USE
 * gap, else the last load's register.  Cursor word 5 keeps the gap count
 * (bits 0-31), the gap's kind (32-39) and the last load's register
 * (40-55). */
enum { GMC_WL_ADDR = 0, GMC_WL_IND, GMC_WL_USE };
/* bit 56 of cursor word 5: the gap just ended had instructions */
static inline int k_gap_empty_(const gmc_warp_cursor_t *c) { return !(c->u.w[GMC_WL_GAP] >> 56 & 1); }
#define GMC_WL_R_ADDR 1
#define GMC_WL_R_VAL  2
#define GMC_WL_LAST(c) ((uint16_t)((c)->u.w[GMC_WL_GAP] >> 40))

/* Emits one ALU instruction of the gap before memory site `site` and
 * returns 1, or returns 0 when the gap is complete (the caller emits the
 * memory instruction now).  `own` = the workload's own ALU count there;
 * `kind` what it computes (GMC_WL_ADDR, _IND, _USE). */
static inline int gmc_wl_gap(const gmc_wl_common_t *k, unsigned own, gmc_warp_cursor_t *c,
                             uint32_t mask, unsigned site, gmc_inst_t *in, unsigned kind)
{
    uint64_t want = k->alu < 0 ? own : (uint64_t)k->alu;
    uint64_t *g = &c->u.w[GMC_WL_GAP];
    const uint32_t n = (uint32_t)*g;
    *g = (*g & ~0xff00000000ull) | (uint64_t)kind << 32;
    if (n < want) {
        uint64_t left = want - n;
        ++*g;
        in->pc = GMC_WL_PC(site) - 8 * left;
        in->op = GMC_OP_ALU;
        in->mask = mask;
        in->width = 0;
        in->lat = 0;
        const uint16_t last = GMC_WL_LAST(c), r = kind == GMC_WL_USE ? GMC_WL_R_VAL : GMC_WL_R_ADDR;
        in->deps = GMC_DEPS_REGS;
        in->unit = kind == GMC_WL_USE ? GMC_UNIT_SP : GMC_UNIT_INT;
        in->ndst = 1;
        in->dst[0] = r;
        in->nsrc = 1;
        in->src[0] = n == 0 && kind != GMC_WL_ADDR && last ? last : r;
        return 1;
    }
    *g = (*g & ~(0xffffffffull | 1ull << 56)) | (uint64_t)(n > 0) << 56;
    return 0;
}

/* Fills the header of a memory (or BAR) instruction at site `site`, and
 * its registers (above; the gap before it said its kind). */
static inline void gmc_wl_op(gmc_inst_t *in, gmc_warp_cursor_t *c, gmc_op_t op, unsigned site,
                             uint32_t mask, unsigned width)
{
    in->pc = GMC_WL_PC(site);
    in->op = (uint8_t)op;
    in->mask = mask;
    in->width = (uint8_t)width;
    in->lat = 0;
    in->strided = 0;
    in->deps = GMC_DEPS_REGS;
    in->ndst = in->nsrc = 0;
    if (op == GMC_OP_BAR)
        return;
    uint64_t *g = &c->u.w[GMC_WL_GAP];
    const unsigned kind = (unsigned)(*g >> 32) & 0xff;
    const uint16_t last = GMC_WL_LAST(c);
    /* the address: R1, or the index itself when no instruction came between */
    in->src[in->nsrc++] = kind == GMC_WL_IND && last && k_gap_empty_(c) ? last : GMC_WL_R_ADDR;
    if (op == GMC_OP_ST) {
        const uint16_t data = kind == GMC_WL_USE ? GMC_WL_R_VAL : last;
        if (data)
            in->src[in->nsrc++] = data;
        return;
    }
    const uint16_t d = (uint16_t)(16 + site % 16);
    in->ndst = 1;
    in->dst[0] = d;
    *g = (*g & ~(0xffffull << 40)) | (uint64_t)d << 40;
}

/* The addresses of a memory instruction whose lane l reads base + l *
 * stride (gmc_kernel.h: the strided form). */
static inline void gmc_wl_strided(gmc_inst_t *in, uint64_t base, int64_t stride)
{
    if (stride != (int32_t)stride) {   /* does not fit the field: list them */
        for (unsigned l = 0; l < GMC_WARP_SIZE; l++)
            in->addr[l] = base + (uint64_t)((int64_t)l * stride);
        return;
    }
    in->addr[0] = base;
    in->stride = (int32_t)stride;
    in->strided = 1;
}

/* Lanes l < n (n may exceed 32). */
static inline uint32_t gmc_wl_lanes(uint64_t n)
{
    return n >= 32 ? GMC_WL_FULL : (uint32_t)((1ull << n) - 1);
}

/* The array layout: a bump allocator of 2 MiB-aligned bases. */
typedef struct { uint64_t next; } gmc_wl_layout_t;
static inline void gmc_wl_layout_init(gmc_wl_layout_t *l) { l->next = GMC_WORKLOAD_BASE; }
static inline uint64_t gmc_wl_array(gmc_wl_layout_t *l, uint64_t bytes)
{
    uint64_t base = l->next;
    l->next += (bytes + GMC_WORKLOAD_ALIGN - 1) / GMC_WORKLOAD_ALIGN * GMC_WORKLOAD_ALIGN;
    if (bytes == 0)
        l->next += GMC_WORKLOAD_ALIGN;
    return base;
}

/* Allocates w->kernels (n, zeroed); -1 with err on failure. */
int  gmc_wl_kernels(gmc_workload_t *w, unsigned n, char *err, size_t en);
/* Sets a kernel's public fields. */
void gmc_wl_kernel_set(gmc_kernel_t *k, const gmc_kernel_ops_t *ops, const char *name,
                       uint32_t gx, uint32_t gy, uint32_t bx, uint32_t by,
                       uint32_t regs, uint32_t smem, void *impl);

/* Options "key=value,key=value".  gmc_wl_opts_check: every key is in
 * keys (NULL-terminated), each given once, with a value.  gmc_wl_opt_int:
 * *v = the value of key if given (else unchanged), checked in [lo, hi].
 * gmc_wl_opt_word: *v = the index in words (NULL-terminated) of key's
 * value if given.  All: 0, or -1 with one line in err. */
int gmc_wl_opts_check(const char *wl, const char *opts, const char *const *keys,
                      char *err, size_t n);
int gmc_wl_opt_int(const char *wl, const char *opts, const char *key, long lo, long hi,
                   long *v, char *err, size_t n);
int gmc_wl_opt_word(const char *wl, const char *opts, const char *key,
                    const char *const *words, int *v, char *err, size_t n);

/* calloc, or NULL with "workload <wl>: expected memory ..." in err. */
void *gmc_wl_calloc(size_t count, size_t size, const char *wl, char *err, size_t n);

/* Rounds x (> 0) to the nearest multiple of m, at least m. */
uint64_t gmc_wl_round(double x, uint64_t m);

/* The families: fill w (kernels, data); 0, or -1 with err (w is then
 * deleted by the caller, which frees whatever was set). */
int gmc_wl_stream_new(gmc_workload_t *w, const gmc_wl_args_t *a, char *err, size_t n);
int gmc_wl_transpose_new(gmc_workload_t *w, const gmc_wl_args_t *a, char *err, size_t n);
int gmc_wl_stencil_new(gmc_workload_t *w, const gmc_wl_args_t *a, char *err, size_t n);
int gmc_wl_matmul_new(gmc_workload_t *w, const gmc_wl_args_t *a, char *err, size_t n);
int gmc_wl_spmv_new(gmc_workload_t *w, const gmc_wl_args_t *a, char *err, size_t n);
int gmc_wl_bfs_new(gmc_workload_t *w, const gmc_wl_args_t *a, char *err, size_t n);
int gmc_wl_kmeans_new(gmc_workload_t *w, const gmc_wl_args_t *a, char *err, size_t n);
int gmc_wl_val_new(gmc_workload_t *w, const gmc_wl_args_t *a, char *err, size_t n);
int gmc_wl_synth_new(gmc_workload_t *w, const gmc_wl_args_t *a, char *err, size_t n);
int gmc_wl_itermap_new(gmc_workload_t *w, const gmc_wl_args_t *a, char *err, size_t n);
int gmc_wl_temp_new(gmc_workload_t *w, const gmc_wl_args_t *a, char *err, size_t n);

#endif
