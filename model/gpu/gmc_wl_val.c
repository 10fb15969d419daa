/* gmc_wl_val: the validation kernels as workloads -- val-vecadd,
 * val-kmeans, val-transpose, val-compute, val-gather (docs/validation.md
 * has the table they reproduce).  Each is one fixed program per warp
 * (gmc_wl_val_progs.c) that this file plays: the instruction at the
 * cursor's pc, its registers and unit (GMC_DEPS_REGS), its lane addresses
 * by the kernel's rule.
 *
 * Size: the option n= (threads; k-means: points; transpose: the matrix
 * side), default the table's small size, times --scale (the transpose
 * side by its square root, so the work grows with scale), rounded to
 * whole CTAs so every mask is full.  No array may pass the next one,
 * 64 MB on.  alu_per_mem is refused: the programs are the point. */
#include "gpu/gmc_wl_val_impl.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/gmc_rng.h"

void val_emit(val_t *v, gmc_op_t op, gmc_unit_t unit, unsigned d0, unsigned d1, unsigned s0,
              unsigned s1, unsigned s2, unsigned arr, unsigned arg)
{
    if (v->nprog >= VAL_PROG_MAX)   /* the programs are fixed: a unit test runs them all */
        abort();
    val_op_t *o = &v->prog[v->nprog++];
    o->op = (uint8_t)op;
    o->unit = (uint8_t)unit;
    o->dst[0] = (uint8_t)d0;
    o->dst[1] = (uint8_t)d1;
    o->src[0] = (uint8_t)s0;
    o->src[1] = (uint8_t)s1;
    o->src[2] = (uint8_t)s2;
    o->arr = (uint8_t)arr;
    o->arg = (uint16_t)arg;
}

static void warp_begin(gmc_kernel_t *k, uint32_t cta, uint32_t warp, gmc_warp_cursor_t *c)
{
    *c = (gmc_warp_cursor_t){.p = NULL};
    c->u.val.t0 = ((uint64_t)cta * gmc_kernel_warps_per_cta(k) + warp) * GMC_WARP_SIZE;
    c->u.val.x0 = (uint64_t)(cta % k->grid[0]) * 32;   /* 2D (transpose): 32x8 CTAs */
    c->u.val.y = (uint64_t)(cta / k->grid[0]) * 8 + warp;
}

static unsigned regs(const uint8_t *r, unsigned max, uint16_t *out)
{
    unsigned n = 0;
    for (unsigned i = 0; i < max; i++)
        if (r[i] != VAL_NOREG)
            out[n++] = r[i];
    return n;
}

static int next(gmc_kernel_t *k, gmc_warp_cursor_t *c, gmc_inst_t *in, char *err, size_t n)
{
    (void)err, (void)n;
    const val_t *v = k->impl;
    if (c->u.val.pc >= v->nprog)
        return 0;
    const val_op_t *o = &v->prog[c->u.val.pc];
    in->pc = 16 * c->u.val.pc++;   /* a Turing instruction is 16 bytes */
    in->mask = GMC_WL_FULL;
    in->op = o->op;
    in->lat = 0;
    in->strided = 0;
    in->deps = GMC_DEPS_REGS;
    in->unit = o->unit;
    in->ndst = (uint8_t)regs(o->dst, 2, in->dst);
    in->nsrc = (uint8_t)regs(o->src, 3, in->src);
    in->width = o->op == GMC_OP_LD || o->op == GMC_OP_ST ? 4 : 0;
    if (in->width)
        v->addr(v, c, o, in);
    return 1;
}

static const gmc_kernel_ops_t ops = {warp_begin, next, NULL};

static void val_free(void *p)
{
    val_t *v = p;
    if (v)
        free(v->idx);
    free(v);
}

typedef struct {
    const char *name;
    double      n;          /* at scale 1: the small size */
    uint64_t    unit;       /* n is rounded to a multiple */
    uint64_t    bytes_per;  /* the largest array's bytes per n (transpose: per n^2) */
    uint32_t    regs;       /* registers per thread, as nvcc gives such a kernel */
    void      (*prog)(val_t *);
} kind_t;

static const kind_t kinds[] = {
    {"val-vecadd", 16384, 256, 4, 16, val_vecadd},
    {"val-kmeans", 2048, 256, 4 * VAL_KMEANS_F, 32, val_kmeans},
    {"val-transpose", 128, 32, 4, 16, val_transpose},
    {"val-compute", 4096, 256, 4, 32, val_compute},
    {"val-gather", 4096, 256, 4, 16, val_gather},
};

/* The gather's indices: uniform over the table's floats, from the seed. */
static int gather_idx(val_t *v, uint64_t seed, const char *wl, char *err, size_t n)
{
    v->idx = gmc_wl_calloc(v->n, sizeof *v->idx, wl, err, n);
    if (!v->idx)
        return -1;
    gmc_rng_t r;
    gmc_rng_seed(&r, seed);
    for (uint64_t i = 0; i < v->n; i++)
        v->idx[i] = (uint32_t)gmc_rng_below(&r, VAL_GATHER_T / 4);
    return 0;
}

int gmc_wl_val_new(gmc_workload_t *w, const gmc_wl_args_t *a, char *err, size_t n)
{
    const kind_t *kd = NULL;
    for (unsigned i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (!strcmp(kinds[i].name, a->name))
            kd = &kinds[i];
    const int side = kd->unit == 32;   /* transpose: n is the side */
    /* the largest n whose largest array stays within VAL_APART */
    const long most = side ? (long)sqrt((double)(VAL_APART / kd->bytes_per))
                           : (long)(VAL_APART / kd->bytes_per);
    static const char *const keys[] = {"n", NULL};
    long nv = (long)kd->n;
    if (gmc_wl_opts_check(a->name, a->opts, keys, err, n) ||
        gmc_wl_opt_int(a->name, a->opts, "n", 1, most, &nv, err, n))
        return -1;
    if (a->p.alu_per_mem >= 0) {
        snprintf(err, n, "workload %s: expected alu_per_mem -1 (a validation kernel's program is "
                 "fixed), found %d", a->name, a->p.alu_per_mem);
        return -1;
    }
    uint64_t size = gmc_wl_round((double)nv * (side ? sqrt(a->p.scale) : a->p.scale), kd->unit);
    if (size > (uint64_t)most / kd->unit * kd->unit) {
        snprintf(err, n, "workload %s: expected n times the scale at most %ld (the arrays are "
                 "64 MB apart), found %llu", a->name, most, (unsigned long long)size);
        return -1;
    }
    if (gmc_wl_kernels(w, 1, err, n))
        return -1;
    val_t *v = gmc_wl_calloc(1, sizeof *v, a->name, err, n);
    if (!v)
        return -1;
    w->data = v;
    w->data_free = val_free;
    v->n = size;
    if (kd->prog == val_gather && gather_idx(v, a->p.seed, a->name, err, n))
        return -1;
    kd->prog(v);
    const char *kname = a->name + 4;   /* the kernel: the name without "val-" */
    if (side)
        gmc_wl_kernel_set(&w->kernels[0], &ops, kname, (uint32_t)(size / 32), (uint32_t)(size / 8),
                          32, 8, kd->regs, 0, v);
    else
        gmc_wl_kernel_set(&w->kernels[0], &ops, kname, (uint32_t)(size / 256), 1, 256, 1,
                          kd->regs, 0, v);
    return 0;
}
