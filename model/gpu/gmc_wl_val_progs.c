/* gmc_wl_val_progs: the five validation kernels (docs/validation.md) as
 * the SASS a compiler makes of them for Turing -- per warp, in program
 * order, with the registers each instruction writes and reads, so that a
 * scoreboard sees the true dependences (a predicate is no register:
 * neither gmc nor Accel-Sim's traces track them).  Every CTA has 256
 * threads (transpose 32x8), every mask is full (the sizes are multiples
 * of the CTA), the arrays are VAL_APART apart in one 4 GB window.
 *
 * Names below are the SASS each line stands for; the unit is the class
 * Accel-Sim's Turing opcode map gives it (MOV, S2R, IMAD, ISETP, SEL: the
 * integer units; FADD, FFMA, FSETP, FSEL: the fp32 units). */
#include "gpu/gmc_wl_val_impl.h"

#define N VAL_NOREG
#define ALU(v, unit, d, s0, s1) val_emit(v, GMC_OP_ALU, unit, d, N, s0, s1, N, 0, 0)
#define INT GMC_UNIT_INT
#define SP  GMC_UNIT_SP

/* lane l of the warp reads element t0 + l of a 4-byte array */
static void addr_linear(const val_t *v, const gmc_warp_cursor_t *c, const val_op_t *o, gmc_inst_t *in)
{
    (void)v;
    gmc_wl_strided(in, VAL_ARRAY(o->arr) + 4 * c->u.val.t0, 4);
}

/* S2R R0 = tid; S2R R1 = ctaid; IMAD R0 = R1 * 256 + R0: the thread's index */
static void index3(val_t *v)
{
    ALU(v, INT, 0, N, N);
    ALU(v, INT, 1, N, N);
    ALU(v, INT, 0, 1, 0);
}

/* c[i] = a[i] + b[i]: 13 per warp (the table: MOV, 2 S2R, IMAD,
 * ISETP, 2 IMAD.WIDE, LDG, LDG, IMAD.WIDE, FADD, STG, EXIT).  The two
 * loads are independent; the FADD waits for both. */
void val_vecadd(val_t *v)
{
    ALU(v, INT, 1, N, N);        /* MOV R1, c[0x28] (the stack pointer) */
    ALU(v, INT, 6, N, N);        /* S2R R6, SR_CTAID.X */
    ALU(v, INT, 3, N, N);        /* S2R R3, SR_TID.X */
    ALU(v, INT, 6, 6, 3);        /* IMAD R6, R6, c[ntid], R3 */
    ALU(v, INT, N, 6, N);        /* ISETP.GE.AND P0, R6, c[n] */
    ALU(v, INT, 2, 6, N);        /* IMAD.WIDE R2, R6, 4, c[a] */
    ALU(v, INT, 4, 6, N);        /* IMAD.WIDE R4, R6, 4, c[b] */
    val_emit(v, GMC_OP_LD, GMC_UNIT_NONE, 2, N, 2, N, N, 0, 0);   /* LDG R2, [R2] */
    val_emit(v, GMC_OP_LD, GMC_UNIT_NONE, 5, N, 4, N, N, 1, 0);   /* LDG R5, [R4] */
    ALU(v, INT, 6, 6, N);        /* IMAD.WIDE R6, R6, 4, c[c] */
    ALU(v, SP, 9, 2, 5);         /* FADD R9, R2, R5 */
    val_emit(v, GMC_OP_ST, GMC_UNIT_NONE, N, N, 6, 9, N, 2, 0);   /* STG [R6], R9 */
    val_emit(v, GMC_OP_EXIT, GMC_UNIT_NONE, N, N, N, N, N, 0, 0);
    v->addr = addr_linear;
}

/* k-means membership, Rodinia's kdd_cup shape: point i's 34 features at
 * feature[i*34 + f] (lanes 136 bytes apart), 5 centroids in constant
 * memory.  394 per warp: the index (3), 34 x (LDG + 5 x (FADD, FFMA))
 * (the first feature's FFMA an FMUL),
 * 15 to pick the nearest (MOV, MOV, 4 x (FSETP, FSEL, SEL), IMAD.WIDE),
 * STG, EXIT.  Each feature's distance updates read its load, so in order
 * the warp waits for every load in turn, as the compiled loop does. */
static void addr_kmeans(const val_t *v, const gmc_warp_cursor_t *c, const val_op_t *o, gmc_inst_t *in)
{
    (void)v;
    if (o->op == GMC_OP_LD)
        gmc_wl_strided(in, VAL_ARRAY(0) + 4 * (c->u.val.t0 * VAL_KMEANS_F + o->arg),
                       4 * VAL_KMEANS_F);
    else
        gmc_wl_strided(in, VAL_ARRAY(1) + 4 * c->u.val.t0, 4);
}

void val_kmeans(val_t *v)
{
    index3(v);
    for (unsigned f = 0; f < VAL_KMEANS_F; f++) {
        unsigned x = 2 + (f & 1);
        val_emit(v, GMC_OP_LD, GMC_UNIT_NONE, x, N, 0, N, N, 0, f);   /* LDG Rx, [R0 + 4f] */
        for (unsigned k = 0; k < VAL_KMEANS_K; k++) {
            ALU(v, SP, 10 + k, x, N);                 /* FADD Rd, Rx, -c[k][f] */
            if (f == 0)
                ALU(v, SP, 20 + k, 10 + k, N);        /* FMUL Racc, Rd, Rd */
            else
                ALU(v, SP, 20 + k, 10 + k, 20 + k);   /* FFMA Racc, Rd, Rd, Racc */
        }
    }
    ALU(v, INT, 30, 20, N);                           /* MOV R30 (best), R20 */
    ALU(v, INT, 31, N, N);                            /* MOV R31 (index), 0 */
    for (unsigned k = 1; k < VAL_KMEANS_K; k++) {
        ALU(v, SP, N, 20 + k, 30);                    /* FSETP.LT P0, Racc, R30 */
        ALU(v, SP, 30, 20 + k, 30);                   /* FSEL R30, Racc, R30, P0 */
        ALU(v, INT, 31, 31, N);                       /* SEL R31, k, R31, P0 */
    }
    ALU(v, INT, 4, 0, N);                             /* IMAD.WIDE R4, R0, 4, c[membership] */
    val_emit(v, GMC_OP_ST, GMC_UNIT_NONE, N, N, 4, 31, N, 1, 0);   /* STG [R4], R31 */
    val_emit(v, GMC_OP_EXIT, GMC_UNIT_NONE, N, N, N, N, N, 0, 0);
    v->addr = addr_kmeans;
}

/* transpose-read, out[y][x] = in[x][y] on an n x n float matrix, 32x8
 * CTAs, so a warp is 32 consecutive x of one y: the load reads a column
 * (lanes n*4 bytes apart), the store a row.  8 per warp: the index (3),
 * IMAD.WIDE, LDG, IMAD.WIDE, STG, EXIT. */
static void addr_transpose(const val_t *v, const gmc_warp_cursor_t *c, const val_op_t *o,
                           gmc_inst_t *in)
{
    uint64_t x0 = c->u.val.x0, y = c->u.val.y;
    if (o->op == GMC_OP_LD)
        gmc_wl_strided(in, VAL_ARRAY(0) + 4 * (x0 * v->n + y), 4 * (int64_t)v->n);
    else
        gmc_wl_strided(in, VAL_ARRAY(1) + 4 * (y * v->n + x0), 4);
}

void val_transpose(val_t *v)
{
    ALU(v, INT, 0, N, N);        /* S2R R0, SR_TID */
    ALU(v, INT, 1, N, N);        /* S2R R1, SR_CTAID */
    ALU(v, INT, 2, 1, 0);        /* IMAD R2: x and y */
    ALU(v, INT, 4, 2, N);        /* IMAD.WIDE R4, in + (x*n + y)*4 */
    val_emit(v, GMC_OP_LD, GMC_UNIT_NONE, 6, N, 4, N, N, 0, 0);   /* LDG R6, [R4] */
    ALU(v, INT, 8, 2, N);        /* IMAD.WIDE R8, out + (y*n + x)*4 */
    val_emit(v, GMC_OP_ST, GMC_UNIT_NONE, N, N, 8, 6, N, 1, 0);   /* STG [R8], R6 */
    val_emit(v, GMC_OP_EXIT, GMC_UNIT_NONE, N, N, N, N, N, 0, 0);
    v->addr = addr_transpose;
}

/* compute: y[i] = f(x[i]) with 4 independent chains of 64 FFMA.  270 per
 * warp: the index (3), IMAD.WIDE, LDG, 4 MOV, 64 x 4 FFMA (the chains
 * interleaved, as unrolled code issues them), 3 FADD, STG, EXIT. */
void val_compute(val_t *v)
{
    index3(v);
    ALU(v, INT, 2, 0, N);                             /* IMAD.WIDE R2, R0, 4, c[x] */
    val_emit(v, GMC_OP_LD, GMC_UNIT_NONE, 4, N, 2, N, N, 0, 0);   /* LDG R4, [R2] */
    for (unsigned j = 0; j < 4; j++)
        ALU(v, INT, 8 + j, 4, N);                     /* MOV Rj, R4 */
    for (unsigned i = 0; i < 64; i++)
        for (unsigned j = 0; j < 4; j++)
            ALU(v, SP, 8 + j, 8 + j, 4);              /* FFMA Rj, Rj, R4, c */
    ALU(v, SP, 8, 8, 9);                              /* FADD R8, R8, R9 */
    ALU(v, SP, 10, 10, 11);                           /* FADD R10, R10, R11 */
    ALU(v, SP, 8, 8, 10);                             /* FADD R8, R8, R10 */
    val_emit(v, GMC_OP_ST, GMC_UNIT_NONE, N, N, 2, 8, N, 1, 0);   /* STG [R2 + (y - x)], R8 */
    val_emit(v, GMC_OP_EXIT, GMC_UNIT_NONE, N, N, N, N, N, 0, 0);
    v->addr = addr_linear;
}

/* gather: y[i] = t[idx[i]], idx uniform over the 16 MB table.  9 per
 * warp: the index (3), IMAD.WIDE, LDG idx, IMAD.WIDE, LDG t, STG, EXIT;
 * the second load waits for the first (its address is the first's data). */
static void addr_gather(const val_t *v, const gmc_warp_cursor_t *c, const val_op_t *o, gmc_inst_t *in)
{
    if (o->arr != 1) {
        gmc_wl_strided(in, VAL_ARRAY(o->arr) + 4 * c->u.val.t0, 4);
        return;
    }
    in->strided = 0;
    for (unsigned l = 0; l < GMC_WARP_SIZE; l++)
        in->addr[l] = VAL_ARRAY(1) + 4ull * v->idx[c->u.val.t0 + l];
}

void val_gather(val_t *v)
{
    index3(v);
    ALU(v, INT, 2, 0, N);                             /* IMAD.WIDE R2, R0, 4, c[idx] */
    val_emit(v, GMC_OP_LD, GMC_UNIT_NONE, 4, N, 2, N, N, 0, 0);   /* LDG R4, [R2] */
    ALU(v, INT, 6, 4, N);                             /* IMAD.WIDE R6, R4, 4, c[t] */
    val_emit(v, GMC_OP_LD, GMC_UNIT_NONE, 8, N, 6, N, N, 1, 0);   /* LDG R8, [R6] */
    val_emit(v, GMC_OP_ST, GMC_UNIT_NONE, N, N, 2, 8, N, 2, 0);   /* STG [R2 + (y - idx)], R8 */
    val_emit(v, GMC_OP_EXIT, GMC_UNIT_NONE, N, N, N, N, N, 0, 0);
    v->addr = addr_gather;
}
