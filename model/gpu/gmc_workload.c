/* gmc_workload: the registry of the synthetic workloads, the checks of
 * their params, and the workload object (see gmc_workload.h). */
#include "gpu/gmc_wl_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int (*ctor_t)(gmc_workload_t *, const gmc_wl_args_t *, char *, size_t);

typedef struct {
    gmc_workload_info_t info;
    ctor_t              ctor;
} entry_t;

/* Classes: the expected off-chip accesses per load warp on the Warped-MC
 * [ICPP'23] Table 2 machine (64 KB L1/SM, 4 MB L2); the reasoning for each
 * is in docs/harness.md (Workloads). */
static const entry_t reg[] = {
    {{"stream", "MOA", "b[i] = a[i]*s, grid-stride loop: 1 line per load warp, no reuse, 16 MB arrays"},
     gmc_wl_stream_new},
    {{"transpose", "MOA", "naive out[x][y] = in[y][x]: row-coalesced loads, each store warp 32 rows (PAE [ISCA'18] valley)"},
     gmc_wl_transpose_new},
    {{"transpose-read", "HOA", "naive out[y][x] = in[x][y]: each load warp reads a column, 32 lines"},
     gmc_wl_transpose_new},
    {{"stencil", "MOA", "2D 5-point Jacobi, 2 sweeps, one thread per point: each line read by 5 loads"},
     gmc_wl_stencil_new},
    {{"matmul", "LOA", "tiled SGEMM, 16x16 shared-memory tiles, BARs: 0.6 MB of matrices reused from L2"},
     gmc_wl_matmul_new},
    {{"spmv", "LOA", "CSR SpMV, one thread per row, R-MAT matrix: gather of x, lanes drop out as rows end"},
     gmc_wl_spmv_new},
    {{"bfs", "LOA", "level-synchronous top-down BFS on an R-MAT graph, one kernel per level"},
     gmc_wl_bfs_new},
    {{"kmeans", "MOA", "k-means membership: point-major features, lanes F*4 bytes apart (32 lines per load)"},
     gmc_wl_kmeans_new},
    {{"loa", "LOA", "Warped-MC LOA: coalesced re-reads of a 1 MB working set that stays in L2"},
     gmc_wl_synth_new},
    {{"moa", "MOA", "Warped-MC MOA: coalesced single pass over 32 MB, 1 line (4 sectors) per load warp"},
     gmc_wl_synth_new},
    {{"hoa", "HOA", "Warped-MC HOA: each load warp reads 32 random lines of a 64 MB footprint"},
     gmc_wl_synth_new},
};
#define NREG (sizeof reg / sizeof reg[0])

/* The validation kernels (docs/validation.md), the thesis's itermap
 * (gmc experiment pcm) and TEMP [JETC'19]'s two thread-data mappings
 * (gmc experiment temp): made like the above, but not in their list,
 * which the other experiments run. */
static const entry_t val_reg[] = {
    {{"val-vecadd", "-", "c[i] = a[i] + b[i], 16 K threads (n=): LDG, LDG, FADD, STG with their registers"},
     gmc_wl_val_new},
    {{"val-kmeans", "-", "k-means membership, kdd_cup shape: 34 features 136 B apart, 2 K points (n=)"},
     gmc_wl_val_new},
    {{"val-transpose", "-", "out[y][x] = in[x][y], 32x8 CTAs, n = 128 (n=): a column per load warp"},
     gmc_wl_val_new},
    {{"val-compute", "-", "LDG, 4 independent chains of 64 FFMA, STG; 4 K threads (n=)"},
     gmc_wl_val_new},
    {{"val-gather", "-", "y[i] = t[idx[i]], idx uniform over 16 MB, 4 K threads (n=)"},
     gmc_wl_val_new},
    {{"itermap", "-", "Carpenter [2012] sec. 3.3.2: y[i] = map^iters(x[i]), 2^20 threads in blocks of 1024, 3 + 3 x iters ALU per access (iters=)"},
     gmc_wl_itermap_new},
    {{"mapper", "-", "TEMP [JETC'19] Fig. 3-4 (Mars's Mapper): CTA c maps the 1 KB of records at c KB, 4 CTAs per 4 KB page, 4 MB"},
     gmc_wl_temp_new},
    {{"cenenergy", "-", "TEMP [JETC'19] Fig. 5-6 (CUTCP): 2 x 512 grid of 128x2 CTAs, CTAs 2y, 2y+1 update rows 2y, 2y+1 (4 KB each), 4 MB"},
     gmc_wl_temp_new},
};
#define NVAL (sizeof val_reg / sizeof val_reg[0])

/* The data check's kernel (docs/pcm.md "Data, checked end to end"): in
 * neither list, made by name like the others. */
static const entry_t chk_reg[] = {
    {{"hotrw", "-", "the data check's: a random load and store per trip, 8 sectors each, of an 8 MB footprint (lines=, kb=)"},
     gmc_wl_synth_new},
};
#define NCHK (sizeof chk_reg / sizeof chk_reg[0])
#define NALL (NREG + NVAL + NCHK)
/* entry i of reg, then val_reg, then chk_reg */
static const entry_t *entry_at(unsigned i)
{
    return i < NREG ? &reg[i] : i < NREG + NVAL ? &val_reg[i - NREG] : &chk_reg[i - NREG - NVAL];
}

unsigned gmc_workload_val_count(void) { return NVAL; }

const gmc_workload_info_t *gmc_workload_val_info(unsigned i)
{
    return i < NVAL ? &val_reg[i].info : NULL;
}

unsigned gmc_workload_count(void) { return NREG; }

const gmc_workload_info_t *gmc_workload_info(unsigned i)
{
    return i < NREG ? &reg[i].info : NULL;
}

size_t gmc_workload_list(char *buf, size_t n)
{
    size_t len = 0;
    for (unsigned i = 0; i < NREG; i++) {
        int r = snprintf(n > len ? buf + len : NULL, n > len ? n - len : 0, "%s\n",
                         reg[i].info.name);
        len += (size_t)r;
    }
    if (n && len == 0)
        buf[0] = 0;
    return len;
}

void gmc_workload_params_default(gmc_workload_params_t *p)
{
    p->seed = 1;
    p->scale = 1.0;
    p->alu_per_mem = -1;
}

static int check_params(const gmc_workload_params_t *p, char *err, size_t n)
{
    /* Written so that NaN fails too. */
    if (!(p->scale > 0.0 && p->scale <= GMC_WORKLOAD_SCALE_MAX)) {
        snprintf(err, n, "workload: expected scale in (0, %g], found %g",
                 GMC_WORKLOAD_SCALE_MAX, p->scale);
        return -1;
    }
    if (p->alu_per_mem < -1 || p->alu_per_mem > GMC_WORKLOAD_ALU_MAX) {
        snprintf(err, n, "workload: expected alu_per_mem -1 (the workload's own) or 0..%d, "
                 "found %d", GMC_WORKLOAD_ALU_MAX, p->alu_per_mem);
        return -1;
    }
    return 0;
}

static void unknown_name(const char *name, size_t len, char *err, size_t n)
{
    char list[384];
    size_t l = 0;
    for (unsigned i = 0; i < NALL && l < sizeof list; i++)
        l += (size_t)snprintf(list + l, sizeof list - l, "%s%s", i ? ", " : "", entry_at(i)->info.name);
    snprintf(err, n, "workload: expected one of %s, found '%.*s'", list, (int)len, name);
}

gmc_workload_t *gmc_workload_new(const char *name, const gmc_workload_params_t *p,
                                 char *err, size_t n)
{
    gmc_wl_args_t a;
    if (p)
        a.p = *p;
    else
        gmc_workload_params_default(&a.p);
    if (!name)
        name = "";
    const char *colon = strchr(name, ':');
    size_t len = colon ? (size_t)(colon - name) : strlen(name);
    const entry_t *e = NULL;
    for (unsigned i = 0; i < NALL; i++) {
        const entry_t *r = entry_at(i);
        if (strlen(r->info.name) == len && !strncmp(r->info.name, name, len))
            e = r;
    }
    if (!e) {
        unknown_name(name, len, err, n);
        return NULL;
    }
    if (check_params(&a.p, err, n))
        return NULL;
    a.name = e->info.name;
    a.opts = colon ? colon + 1 : "";
    gmc_workload_t *w = calloc(1, sizeof *w);
    if (!w) {
        snprintf(err, n, "workload %s: expected memory for the workload, found none", a.name);
        return NULL;
    }
    if (e->ctor(w, &a, err, n)) {
        gmc_workload_delete(w);
        return NULL;
    }
    return w;
}

unsigned gmc_workload_nkernels(const gmc_workload_t *w) { return w ? w->nkernels : 0; }

gmc_kernel_t *gmc_workload_kernel(gmc_workload_t *w, unsigned i)
{
    return w && i < w->nkernels ? &w->kernels[i] : NULL;
}

void gmc_workload_delete(gmc_workload_t *w)
{
    if (!w)
        return;
    if (w->data_free)
        w->data_free(w->data);
    free(w->kernels);
    free(w);
}
