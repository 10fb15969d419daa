/* gmc_wl_temp: the two thread-data mappings of TEMP [JETC'19] sec. 3.1,
 * the kernels whose thread batches the paper draws.
 *
 * mapper (Fig. 3-4, Mars's Mapper): a 1D grid of 1D blocks; consecutive
 * CTAs read consecutive linear ranges of inputKeys, CTA c the records
 * [c R, (c + 1) R) with R = 256 floats (1 KB), its 128 threads striding
 * through them (recordBase .. terminate in Fig. 3), and write one
 * intermediate key per record:
 *     for (i = c * 256 + threadIdx.x; i < (c + 1) * 256; i += 128)
 *         out[i] = map(key[i]);            // 4 ALU: the map's hash
 * Four consecutive CTAs share each 4 KB page: the profile's stride is 4.
 *
 * cenenergy (Fig. 5-6, CUTCP): a 2D grid of 2D blocks over energygrid, a
 * row of 1024 floats (4 KB: one page, as Fig. 6(c) draws it); CTA (x, y)
 * of a grid 2 wide holds 128 x 2 threads and updates the half x of rows
 * 2y and 2y + 1, each thread 4 points 128 apart (xindex, yindex from the
 * thread's indices):
 *     energygrid[r][x * 512 + tx + 128 k] += energy(...);   // 16 ALU: the atoms
 * so CTAs 2y and 2y + 1 share both pages and nothing else: stride 2
 * ("Each matrix row is accessed by two thread blocks while each thread
 * block accesses two rows").  Both kernels' loads and stores are
 * coalesced, one 128-byte line per warp instruction.
 * Scale multiplies the records (mapper, 2^20 at 1) and the rows
 * (cenenergy, 1024 at 1), in whole CTAs. */
#include "gpu/gmc_wl_impl.h"

#include <stdlib.h>

#define MAPPER_N      1048576.0   /* records (floats) at scale 1: 4 MB */
#define MAPPER_CTA    256u        /* records per CTA: 1 KB */
#define MAPPER_BLOCK  128u        /* threads per CTA */
#define MAPPER_HASH   4u          /* ALU instructions of the map per record */
#define CEN_ROWS      1024.0      /* energygrid rows at scale 1 */
#define CEN_ROW       1024u       /* floats per row: one 4 KB page */
#define CEN_BX        128u        /* block x: threads along a row */
#define CEN_BY        2u          /* block y: rows per CTA */
#define CEN_PTS       4u          /* points per thread, CEN_BX apart */
#define CEN_ATOMS     16u         /* ALU instructions of the energy sum per point */
#define ADDR_ALU      2u          /* ALU instructions of each access's address */

typedef struct {
    gmc_wl_common_t c;
    int      cen;                 /* 0 mapper, 1 cenenergy */
    uint64_t n;                   /* mapper: records; cenenergy: rows */
    uint64_t in, out;             /* mapper: key, out; cenenergy: energygrid (both) */
} temp_t;

enum { SITE_LD = 1, SITE_ST };

/* Cursor (c->u.w): 0 the CTA, 1 the warp, 2 the pass k, 3 phase (0 load
 * next, 1 store next). */
static void warp_begin(gmc_kernel_t *k, uint32_t cta, uint32_t warp, gmc_warp_cursor_t *c)
{
    (void)k;
    *c = (gmc_warp_cursor_t){.p = NULL};
    c->u.w[0] = cta;
    c->u.w[1] = warp;
}

/* The float index of lane 0 in pass k of warp w of CTA cta. */
static uint64_t element(const gmc_kernel_t *k, const temp_t *s, uint64_t cta, uint64_t w, uint64_t pass)
{
    if (!s->cen)
        return cta * MAPPER_CTA + pass * MAPPER_BLOCK + w * GMC_WARP_SIZE;
    const uint64_t x = cta % k->grid[0], y = cta / k->grid[0];
    const uint64_t ty = w / (CEN_BX / GMC_WARP_SIZE), tx0 = (w % (CEN_BX / GMC_WARP_SIZE)) * GMC_WARP_SIZE;
    return (2 * y + ty) * CEN_ROW + x * (CEN_ROW / 2) + pass * CEN_BX + tx0;
}

static int next(gmc_kernel_t *k, gmc_warp_cursor_t *c, gmc_inst_t *in, char *err, size_t n)
{
    (void)err, (void)n;
    const temp_t *s = k->impl;
    const uint64_t passes = s->cen ? CEN_PTS : MAPPER_CTA / MAPPER_BLOCK;
    if (c->u.w[2] >= passes)
        return 0;
    const uint64_t e = element(k, s, c->u.w[0], c->u.w[1], c->u.w[2]);
    if (c->u.w[3] == 0) {
        if (gmc_wl_gap(&s->c, ADDR_ALU, c, GMC_WL_FULL, SITE_LD, in, GMC_WL_ADDR))
            return 1;
        gmc_wl_op(in, c, GMC_OP_LD, SITE_LD, GMC_WL_FULL, 4);
        gmc_wl_strided(in, s->in + 4 * e, 4);
        c->u.w[3] = 1;
        return 1;
    }
    if (gmc_wl_gap(&s->c, s->cen ? CEN_ATOMS : MAPPER_HASH, c, GMC_WL_FULL, SITE_ST, in, GMC_WL_USE))
        return 1;
    gmc_wl_op(in, c, GMC_OP_ST, SITE_ST, GMC_WL_FULL, 4);
    gmc_wl_strided(in, s->out + 4 * e, 4);
    c->u.w[3] = 0;
    c->u.w[2]++;
    return 1;
}

static const gmc_kernel_ops_t ops = {warp_begin, next, NULL};

int gmc_wl_temp_new(gmc_workload_t *w, const gmc_wl_args_t *a, char *err, size_t n)
{
    static const char *const keys[] = {NULL};
    if (gmc_wl_opts_check(a->name, a->opts, keys, err, n) || gmc_wl_kernels(w, 1, err, n))
        return -1;
    temp_t *s = gmc_wl_calloc(1, sizeof *s, a->name, err, n);
    if (!s)
        return -1;
    w->data = s;
    w->data_free = free;
    s->c.alu = a->p.alu_per_mem;
    s->cen = a->name[0] == 'c';
    gmc_wl_layout_t lay;
    gmc_wl_layout_init(&lay);
    if (!s->cen) {
        s->n = gmc_wl_round(MAPPER_N * a->p.scale, MAPPER_CTA);
        s->in = gmc_wl_array(&lay, 4 * s->n);
        s->out = gmc_wl_array(&lay, 4 * s->n);
        gmc_wl_kernel_set(&w->kernels[0], &ops, "mapper", (uint32_t)(s->n / MAPPER_CTA), 1, MAPPER_BLOCK, 1,
                          16, 0, s);
    } else {
        s->n = gmc_wl_round(CEN_ROWS * a->p.scale, CEN_BY);
        s->in = s->out = gmc_wl_array(&lay, 4 * CEN_ROW * s->n);
        gmc_wl_kernel_set(&w->kernels[0], &ops, "cenenergy", 2, (uint32_t)(s->n / CEN_BY), CEN_BX, CEN_BY,
                          24, 0, s);
    }
    return 0;
}
