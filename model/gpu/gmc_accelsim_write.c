/* gmc_accelsim_write: a gmc kernel as an Accel-Sim tracer-version-5
 * .traceg (gmc sim --export-traces), in the layout Accel-Sim's trace
 * parser reads (gpu-simulator/trace-parser/trace_parser.cc:
 * parse_kernel_info for the header, get_next_threadblock_traces and
 * inst_trace_t::parse_from_string for the rest) and gmc's reader reads
 * back to the same instructions (docs/harness-inputs.md, "Writing
 * traces").
 *
 * Each instruction becomes one line, "PC mask ndst {Rn} OPCODE nsrc {Rn}
 * width [mode addresses] 0", with an opcode that both readers put in the
 * instruction's op and unit class:
 *   ALU by unit: NOP (none), IMAD (int), FFMA (sp), DFMA (dp), MUFU.EX2
 *   (sfu), HMMA.1688.F32 (tensor), BRA (branch), TEX (tex), UMOV (udp);
 *   LDG.E, STG.E, ATOMG.E.ADD with the width as a bit-count modifier
 *   (.U8, .U16, .64, .128: both readers take the width from it); shared
 *   memory LDS (writes a register) or STS, with conflict-free addresses in
 *   the shared window; BAR.SYNC; EXIT.
 * Registers: an instruction with GMC_DEPS_REGS lists its own (R<n>,
 * UR<n>); a warp of GMC_DEPS_SERIAL instructions is written as one chain
 * through R1 -- each instruction that writes reads R1 and writes it, a
 * store or STS reads it -- so that each waits for the one before, which
 * is what serial means (gmc_kernel.h).  Addresses: base and stride (mode
 * 1) when the active lanes are one run at a constant stride, else base
 * and deltas (mode 2): Accel-Sim's base-stride form fills only the first
 * run of active lanes.
 *
 * A warp whose stream ends without EXIT (gmc's synthetic workloads) gets
 * an EXIT line, which Accel-Sim needs to retire it; the header then says
 * "-gmc implicit exit = 1" (Accel-Sim ignores unknown keys) and gmc reads
 * that EXIT as the stream's end, not as an instruction. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gpu/gmc_accelsim.h"

#define SHMEM_BASE 0x00007f1000000000ull   /* the window the header names (as NVBit's) */
#define LOCAL_BASE 0x00007f1002000000ull
#define CHAIN_REG  1                      /* serial warps: R1 */

typedef struct {          /* a growing text buffer: one warp's lines */
    char  *p;
    size_t len, cap;
    int    oom;
} buf_t;

static void put(buf_t *b, const char *fmt, ...)
{
    if (b->oom)
        return;
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int r = vsnprintf(b->p + b->len, b->cap - b->len, fmt, ap);
        va_end(ap);
        if (r < 0) {
            b->oom = 1;
            return;
        }
        if ((size_t)r < b->cap - b->len) {
            b->len += (size_t)r;
            return;
        }
        size_t cap = 2 * b->cap + (size_t)r + 4096;
        char *q = realloc(b->p, cap);
        if (!q) {
            b->oom = 1;
            return;
        }
        b->p = q;
        b->cap = cap;
    }
}

typedef struct {
    gmc_kernel_t *k;
    unsigned      id;
    char         *err;
    size_t        n;
    uint32_t      cta, warp;
} wctx_t;

static int fail(const wctx_t *c, const char *fmt, ...)
{
    char what[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    snprintf(c->err, c->n, "kernel %u (%s), CTA %u, warp %u: %s", c->id, c->k->name, c->cta,
             c->warp, what);
    return -1;
}

/* The width as the opcode's bit-count modifier ("" for 4 bytes). */
static const char *width_mod(unsigned w, char *buf, size_t n)
{
    if (w == 0 || w == 4)
        return "";
    if (w == 1 || w == 2)
        snprintf(buf, n, ".U%u", 8 * w);
    else
        snprintf(buf, n, ".%u", 8 * w);
    return buf;
}

static const char *alu_opcode(unsigned unit)
{
    static const char *const name[GMC_UNIT_N] = {
        [GMC_UNIT_NONE] = "NOP", [GMC_UNIT_INT] = "IMAD", [GMC_UNIT_SP] = "FFMA",
        [GMC_UNIT_DP] = "DFMA", [GMC_UNIT_SFU] = "MUFU.EX2", [GMC_UNIT_TENSOR] = "HMMA.1688.F32",
        [GMC_UNIT_BRANCH] = "BRA", [GMC_UNIT_TEX] = "TEX", [GMC_UNIT_UDP] = "UMOV",
    };
    return unit < GMC_UNIT_N ? name[unit] : NULL;
}

/* " R<n>" or " UR<n>" for each register; -1 for RZ/URZ or past them. */
static int put_regs(buf_t *b, const uint16_t *r, unsigned nr)
{
    put(b, " %u", nr);
    for (unsigned i = 0; i < nr; i++) {
        if (r[i] < 255)
            put(b, " R%u", r[i]);
        else if (r[i] >= GMC_REG_UR && r[i] < GMC_REG_UR + 63)
            put(b, " UR%u", r[i] - GMC_REG_UR);
        else
            return -1;
    }
    return 0;
}

/* The address fields of a memory instruction: mode 1 or 2 (see the top). */
static void put_addrs(buf_t *b, const gmc_inst_t *in, int shared)
{
    uint64_t a[GMC_WARP_SIZE];
    unsigned k = 0;
    for (uint32_t m = in->mask; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        a[k++] = shared ? SHMEM_BASE + 4ull * l : gmc_inst_lane_addr(in, l);
    }
    if (k == 0) {
        put(b, " 1 0x0 0");
        return;
    }
    uint32_t run = in->mask >> __builtin_ctz(in->mask);
    int stride_ok = (run & (run + 1)) == 0;   /* one run of active lanes */
    int64_t d = k > 1 ? (int64_t)(a[1] - a[0]) : 0;
    stride_ok = stride_ok && d >= INT32_MIN && d <= INT32_MAX;
    for (unsigned i = 2; i < k && stride_ok; i++)
        stride_ok = (int64_t)(a[i] - a[i - 1]) == d;
    if (stride_ok) {
        put(b, " 1 0x%llx %lld", (unsigned long long)a[0], (long long)d);
        return;
    }
    put(b, " 2 0x%llx", (unsigned long long)a[0]);
    for (unsigned i = 1; i < k; i++)
        put(b, " %lld", (long long)(int64_t)(a[i] - a[i - 1]));
}

/* One instruction line.  serial: the warp's instructions state no registers. */
static int put_inst(buf_t *b, const wctx_t *c, const gmc_inst_t *in, int serial)
{
    static const uint16_t chain[1] = {CHAIN_REG};
    char wb[16];
    const char *opc, *mod = "";
    int writes = 0, mem = 0, shared = 0;
    switch (in->op) {
    case GMC_OP_ALU:
        if (in->lat)
            return fail(c, "expected latency 0 (the machine's for the unit: a trace line has no "
                        "latency), found %u", in->lat);
        if (!(opc = alu_opcode(in->unit)))
            return fail(c, "expected a unit class below %u, found %u", GMC_UNIT_N, in->unit);
        writes = 1;
        break;
    case GMC_OP_LD:
        opc = "LDG.E", mod = width_mod(in->width, wb, sizeof wb), writes = mem = 1;
        break;
    case GMC_OP_ST:
        opc = "STG.E", mod = width_mod(in->width, wb, sizeof wb), mem = 1;
        break;
    case GMC_OP_ATOM:
        opc = "ATOMG.E.ADD", mod = width_mod(in->width, wb, sizeof wb), writes = mem = 1;
        break;
    case GMC_OP_SHMEM:
        writes = serial || in->ndst > 0;
        opc = writes ? "LDS" : "STS", mem = shared = 1;
        break;
    case GMC_OP_BAR:
        opc = "BAR.SYNC";
        break;
    case GMC_OP_EXIT:
        opc = "EXIT";
        break;
    default:
        return fail(c, "expected an op of gmc_kernel.h, found %u", in->op);
    }
    if (in->pc > UINT32_MAX)
        return fail(c, "expected a PC below 2^32, found 0x%llx", (unsigned long long)in->pc);
    put(b, "%04llx %08x", (unsigned long long)in->pc, in->mask);
    int bar = in->op == GMC_OP_BAR || in->op == GMC_OP_EXIT;
    int bad = 0;
    if (serial) {
        bad |= put_regs(b, chain, writes && !bar);
        put(b, " %s%s", opc, mod);
        bad |= put_regs(b, chain, !bar);
    } else {
        bad |= put_regs(b, in->dst, in->ndst);
        put(b, " %s%s", opc, mod);
        bad |= put_regs(b, in->src, in->nsrc);
    }
    if (bad)
        return fail(c, "expected registers R0..R254 and UR0..UR62 (R255 and UR63 are RZ and URZ "
                    "in a trace), found another");
    if (mem) {
        unsigned w = shared ? 4 : in->width ? in->width : 4;
        put(b, " %u", w);
        put_addrs(b, in, shared);
    } else {
        put(b, " 0");
    }
    put(b, " 0\n");   /* the immediate */
    return 0;
}

/* One warp's lines into b; *count the instruction lines, *ended_exit 1
 * when the stream's last instruction was an EXIT (the SM stops there). */
static int warp_lines(buf_t *b, wctx_t *c, uint64_t *count, int *ended_exit)
{
    gmc_kernel_t *k = c->k;
    gmc_warp_cursor_t cur;
    k->ops->warp_begin(k, c->cta, c->warp, &cur);
    gmc_inst_t in;
    memset(&in, 0, sizeof in);
    int mode = -1;   /* the warp's deps: unknown yet */
    *count = 0;
    *ended_exit = 0;
    for (;;) {
        /* what the SM clears before each next (gmc_kernel.h) */
        in.strided = 0;
        in.deps = GMC_DEPS_SERIAL;
        in.unit = GMC_UNIT_NONE;
        in.ndst = in.nsrc = 0;
        char e[256];
        int r = k->ops->next(k, &cur, &in, e, sizeof e);
        if (r < 0)
            return fail(c, "%s", e);
        if (r == 0)
            return 0;
        if (in.op != GMC_OP_BAR && in.op != GMC_OP_EXIT) {
            if (mode >= 0 && mode != in.deps)
                return fail(c, "expected every instruction of a warp to list its registers or "
                            "none (gmc_kernel.h deps), found both");
            mode = in.deps;
        }
        if (put_inst(b, c, &in, in.deps == GMC_DEPS_SERIAL))
            return -1;
        ++*count;
        if (in.op == GMC_OP_EXIT) {
            *ended_exit = 1;
            return 0;
        }
    }
}

/* The lanes of warp w of a CTA of t threads. */
static uint32_t warp_lanes(uint32_t t, uint32_t w)
{
    uint32_t left = t - 32 * w;
    return left >= 32 ? 0xffffffffu : (1u << left) - 1;
}

static void header(FILE *f, const gmc_kernel_t *k, unsigned id, int implicit)
{
    fprintf(f, "-kernel name = %s\n-kernel id = %u\n", k->name, id);
    fprintf(f, "-grid dim = (%u,%u,%u)\n-block dim = (%u,%u,%u)\n", k->grid[0], k->grid[1],
            k->grid[2], k->block[0], k->block[1], k->block[2]);
    fprintf(f, "-shmem = %u\n-nregs = %u\n-binary version = 75\n-cuda stream id = 0\n",
            k->smem_per_cta, k->regs_per_thread);
    fprintf(f, "-shmem base_addr = 0x%016llx\n-local mem base_addr = 0x%016llx\n",
            SHMEM_BASE, LOCAL_BASE);
    fprintf(f, "-accelsim tracer version = 5\n-enable lineinfo = 0\n");
    if (implicit)
        fprintf(f, "-gmc implicit exit = 1\n");
    fprintf(f, "\n#traces format = [line_num] PC mask dest_num [reg_dests] opcode src_num "
            "[reg_srcs] mem_width [adrrescompress?] [mem_addresses] immediate\n\n");
}

int gmc_accelsim_write(FILE *f, gmc_kernel_t *k, unsigned id, uint64_t *lines, char *err, size_t n)
{
    wctx_t c = {k, id, err, n, 0, 0};
    buf_t b = {0};
    const uint32_t ctas = gmc_kernel_ctas(k), wpc = gmc_kernel_warps_per_cta(k);
    const uint32_t tpc = gmc_kernel_threads_per_cta(k);
    int implicit = -1, rc = 0;
    *lines = 0;
    for (c.cta = 0; c.cta < ctas && !rc; c.cta++) {
        uint32_t x = c.cta % k->grid[0], y = c.cta / k->grid[0] % k->grid[1];
        uint32_t z = c.cta / k->grid[0] / k->grid[1];
        if (implicit >= 0)
            fprintf(f, "#BEGIN_TB\n\nthread block = %u,%u,%u\n\n", x, y, z);
        for (c.warp = 0; c.warp < wpc && !rc; c.warp++) {
            uint64_t cnt;
            int exit_seen;
            b.len = 0;
            if ((rc = warp_lines(&b, &c, &cnt, &exit_seen)))
                break;
            if (implicit < 0) {   /* the first warp says how this kernel's warps end */
                implicit = !exit_seen;
                header(f, k, id, implicit);
                fprintf(f, "#BEGIN_TB\n\nthread block = %u,%u,%u\n\n", x, y, z);
            } else if (implicit == exit_seen) {
                rc = fail(&c, "expected every warp to end %s EXIT, as the kernel's first did, "
                          "found one %s", implicit ? "without" : "with", implicit ? "with" : "without");
                break;
            }
            if (implicit) {
                put(&b, "%04x %08x 0 EXIT 0 0 0\n", 0u, warp_lanes(tpc, c.warp));
                cnt++;
            }
            if (b.oom) {
                rc = fail(&c, "expected memory for the warp's lines, found none");
                break;
            }
            fprintf(f, "warp = %u\ninsts = %llu\n", c.warp, (unsigned long long)cnt);
            fwrite(b.p, 1, b.len, f);
            fprintf(f, "\n");
            *lines += cnt;
        }
        if (!rc)
            fprintf(f, "#END_TB\n\n");
        if (k->ops->cta_end)
            k->ops->cta_end(k, c.cta);
    }
    free(b.p);
    return rc;
}
