/* gmc_kernel: what an SM executes -- the instruction a warp issues and the
 * kernel that supplies each warp's instruction stream.  Two kinds of
 * kernel implement it: the synthetic workloads (gmc_workload.h), which
 * generate per-thread addresses as real kernels do, and Accel-Sim SASS
 * traces (gmc_accelsim.h).  The SM model (gmc_sm.h) only sees this.
 *
 * Contract:
 *   - A kernel has a grid of CTAs (thread blocks) of block[0]*block[1]*
 *     block[2] threads; warp w of a CTA holds threads 32w .. 32w+31 (the
 *     last warp may be partial: its mask says which lanes exist).
 *   - warp_begin is called once when a CTA is placed on an SM, per warp,
 *     in warp order; it fills the warp's cursor (opaque to the SM).
 *   - next fills *in with the warp's next instruction and returns 1, 0 at
 *     the end of the warp's stream (an implicit EXIT), or -1 with one line
 *     in err (file:line for traces).  It is called in issue order for one
 *     warp, and warps interleave freely: all per-warp state lives in the
 *     cursor.  It must be deterministic: same kernel, same cursor, same
 *     instructions (results must not depend on issue interleaving).
 *   - For LD/ST/ATOM, addr[i] is lane i's byte address when bit i of mask
 *     is set (other entries are ignored); width is bytes per lane.  Or,
 *     with strided set, lane i's address is addr[0] + i * stride (addr[0]
 *     even when lane 0 is inactive; addr[1..31] unused): the kernel states
 *     the pattern instead of writing 32 addresses, and the coalescer need
 *     not check it (gmc_inst_lane_addr reads either form).  The SM clears
 *     strided before each next.
 *   - Dependences (deps, dst, src): with deps = GMC_DEPS_SERIAL (0, what
 *     a kernel that never sets the field gives) the instruction depends
 *     on everything before it in its warp: it issues once every earlier
 *     instruction of the warp is complete (an ALU or shared-memory
 *     instruction its latency after issue, a store the next cycle, a load
 *     or atomic when all its data is back, a barrier when released).
 *     With deps = GMC_DEPS_REGS the kernel lists the instruction's
 *     registers: ndst destinations dst[] and nsrc sources src[] (each at
 *     most GMC_INST_MAX_REGS; register numbers below GMC_REG_N), and the
 *     instruction issues when none of them has a write pending (RAW and
 *     WAW, as GPGPU-Sim's scoreboard; no WAR, issue is in order).  A
 *     destination's write is pending until the instruction's latency
 *     passed (ALU, shared memory) or its data is back (load, atomic); a
 *     store writes no register.  So independent instructions and loads
 *     issue back to back, and only the instructions that read a load's
 *     destinations wait for it.  BAR and EXIT wait for every earlier
 *     instruction of the warp whatever deps says (its loads back, its ALU
 *     results written).  The SM clears deps, ndst, nsrc and unit before
 *     each next.
 *   - unit (gmc_unit_t): the functional unit an ALU instruction issues to
 *     (the machine's count, latency and initiation interval of that
 *     class); GMC_UNIT_NONE: no unit limit.  lat, when not 0, overrides
 *     the latency.
 */
#ifndef GMC_KERNEL_H
#define GMC_KERNEL_H
#include <stddef.h>
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    GMC_OP_ALU = 0,   /* any non-memory instruction: its result is written lat cycles later */
    GMC_OP_LD,        /* global/local load through L1: its destinations wait for all its data */
    GMC_OP_ST,        /* global/local store: write-through, nothing waits for it */
    GMC_OP_ATOM,      /* atomic/reduction: performed at L2, its destinations wait for the reply */
    GMC_OP_SHMEM,     /* shared-memory access: on-SM, a fixed latency */
    GMC_OP_BAR,       /* CTA-wide barrier */
    GMC_OP_EXIT,      /* the warp is done */
    GMC_OP_N
} gmc_op_t;

#define GMC_WARP_SIZE 32

/* Register numbers (gmc_inst_t.dst, src): SASS's R<n> is n (0..254) and
 * UR<n> is GMC_REG_UR + n (0..62); RZ (R255) and URZ (UR63) are not
 * registers (never listed: reading them waits for nothing, writing them
 * writes nothing).  A synthetic kernel may use any number below
 * GMC_REG_N.  Predicates are not tracked (Accel-Sim's traces do not list
 * them). */
#define GMC_REG_UR 256
#define GMC_REG_N  320
#define GMC_INST_MAX_REGS 16   /* destinations, and sources, per instruction */

enum { GMC_DEPS_SERIAL = 0,   /* depends on every earlier instruction of its warp */
       GMC_DEPS_REGS = 1 };   /* depends only on its listed registers */

/* Functional-unit classes (Accel-Sim's execution-unit classes, its
 * specialized units 1, 2 and 4 as BRANCH, TEX and UDP). */
typedef enum {
    GMC_UNIT_NONE = 0,   /* no unit: limited only by issue; latency lat or alu_lat */
    GMC_UNIT_INT,        /* integer, moves, conversions, predicates */
    GMC_UNIT_SP,         /* fp32 / fp16 */
    GMC_UNIT_DP,         /* fp64 */
    GMC_UNIT_SFU,        /* special functions (MUFU) */
    GMC_UNIT_TENSOR,     /* matrix multiply-accumulate */
    GMC_UNIT_BRANCH,     /* branches, calls, EXIT/RET that do not end the warp */
    GMC_UNIT_TEX,        /* texture */
    GMC_UNIT_UDP,        /* uniform datapath (Turing and later) */
    GMC_UNIT_N
} gmc_unit_t;

typedef struct {
    uint64_t pc;
    uint32_t mask;           /* active lanes */
    uint8_t  op;             /* gmc_op_t */
    uint8_t  width;          /* LD/ST/ATOM: bytes per lane (1..16; 0 = 4) */
    uint16_t lat;            /* ALU/SHMEM: cycles until its result is written (its
                                destinations' write pending); 0 = the machine's
                                latency for its unit, else for the op */
    int32_t  stride;         /* with strided: bytes from lane to lane */
    uint8_t  strided;        /* 0: addr[] per lane; 1: addr[0] + lane * stride */
    uint8_t  deps;           /* GMC_DEPS_SERIAL or GMC_DEPS_REGS (the contract above) */
    uint8_t  unit;           /* gmc_unit_t of an ALU instruction */
    uint8_t  ndst, nsrc;     /* with GMC_DEPS_REGS: registers in dst[] and src[] */
    uint16_t dst[GMC_INST_MAX_REGS], src[GMC_INST_MAX_REGS];
    uint64_t addr[GMC_WARP_SIZE];
} gmc_inst_t;

/* Lane l's address, either form. */
static inline uint64_t gmc_inst_lane_addr(const gmc_inst_t *in, unsigned l)
{
    return in->strided ? in->addr[0] + (uint64_t)((int64_t)l * in->stride) : in->addr[l];
}

/* Rewrites a strided instruction as a list of 32 addresses. */
static inline void gmc_inst_expand(gmc_inst_t *in)
{
    if (!in->strided)
        return;
    for (unsigned l = GMC_WARP_SIZE; l-- > 0;)   /* downwards: addr[0] is read by each */
        in->addr[l] = gmc_inst_lane_addr(in, l);
    in->strided = 0;
}

/* Per-warp stream state, the kernel's own (the SM copies it, never reads
 * it).  Each kernel names the words it keeps: its member of the union
 * (words 0-4; the synthetic workloads keep a gap counter in word 5,
 * gmc_wl_impl.h).  A new kernel adds its member, or uses w. */
typedef struct {
    union {
        uint64_t w[6];
        struct { uint64_t next, end; } trace;   /* Accel-Sim: the warp's records [next, end) */
        struct { uint64_t phase, v0, trip, lanes, longest; } bfs;
        struct { uint64_t feature, p0; } kmeans;
        struct { uint64_t step, tile, bx, by, warp; } matmul;
        struct { uint64_t phase, row0, trip, longest, lanes; } spmv;
        struct { uint64_t phase, x0, y, inside, interior; } stencil;
        struct { uint64_t store, e0; } stream;
        struct { uint64_t phase, e0, gwarp; } synth;
        struct { uint64_t phase, x0, y; } transpose;
        struct { uint64_t pc, t0, x0, y; } val;   /* the validation kernels (gmc_wl_val.c) */
    } u;
    const void *p;
} gmc_warp_cursor_t;

typedef struct gmc_kernel gmc_kernel_t;
typedef struct {
    void (*warp_begin)(gmc_kernel_t *k, uint32_t cta, uint32_t warp, gmc_warp_cursor_t *c);
    int  (*next)(gmc_kernel_t *k, gmc_warp_cursor_t *c, gmc_inst_t *in, char *err, size_t n);
    /* optional: the CTA's warps have all exited (a trace may free its data) */
    void (*cta_end)(gmc_kernel_t *k, uint32_t cta);
} gmc_kernel_ops_t;

struct gmc_kernel {
    const gmc_kernel_ops_t *ops;
    char     name[64];
    uint32_t grid[3], block[3];
    uint32_t regs_per_thread;   /* 0 = unknown (no register limit applied) */
    uint32_t smem_per_cta;      /* bytes */
    void    *impl;              /* the implementation's */
};

static inline uint32_t gmc_kernel_ctas(const gmc_kernel_t *k)
{
    return k->grid[0] * k->grid[1] * k->grid[2];
}
static inline uint32_t gmc_kernel_threads_per_cta(const gmc_kernel_t *k)
{
    return k->block[0] * k->block[1] * k->block[2];
}
static inline uint32_t gmc_kernel_warps_per_cta(const gmc_kernel_t *k)
{
    return (gmc_kernel_threads_per_cta(k) + GMC_WARP_SIZE - 1) / GMC_WARP_SIZE;
}

#ifdef __cplusplus
}
#endif
#endif
