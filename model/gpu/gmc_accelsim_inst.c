/* gmc_accelsim_inst: one Accel-Sim instruction line -> one packed record.
 *
 * The line, as Accel-Sim's tracer writes it (util/tracer_nvbit/tracer_tool/
 * tracer_tool.cu) and its parser reads it (gpu-simulator/trace-parser/
 * trace_parser.cc, inst_trace_t::parse_from_string):
 *
 *   [x y z warp] [line] PC mask ndst {Rn} OPCODE nsrc {Rn} width [mode addrs] [imm]
 *
 *   x y z warp  decimal; only in traces older than tracer version 3
 *   line        decimal source line; only with "-enable lineinfo = 1"
 *   PC          hex (the tracer prints %04x); mask hex (%08x, active and
 *               predicated-on lanes)
 *   width       decimal bytes per lane, 0 for a non-memory instruction;
 *               when > 0 an address mode follows:
 *     0  one hex address per active lane
 *     1  hex base, decimal stride: the k-th active lane reads base + k*stride
 *     2  hex base (the first active lane), then one decimal delta per further
 *        active lane, each from the previous active lane's address
 *   imm         decimal immediate; tracer version 5 writes one on every line
 *
 * Every count is checked: the addresses against the mask's popcount; after
 * them, nothing in versions below 5, and from version 5 on anything, read
 * as Accel-Sim's parser reads it: one immediate taken if it is a number (0
 * if missing), the rest of the line ignored.  (Its base-delta form reads a
 * delta per active lane, one more than there are further lanes, so a v5
 * line's immediate goes there; the addresses are the same.) */
#include <stdarg.h>
#include <string.h>
#include "gpu/gmc_accelsim_impl.h"
#include "util/gmc_num.h"
#include "util/gmc_quote.h"

/* "expected <what>, found '<token>'" (or "found end of line" when t == NULL) */
static int fail(char *msg, size_t n, const char *t, size_t tl, const char *fmt, ...)
{
    char what[192];
    gmc_quote_t q;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    snprintf(msg, n, "expected %s, found %s", what, t ? gmc_quote(&q, t, tl) : "end of line");
    return -1;
}

/* R<n> (0..255) or UR<n> (0..63) as gmc_kernel.h numbers it: 1 with *r
 * the number, or GMC_REG_N for RZ (R255) and URZ (UR63), which are no
 * registers; 0 if the token is neither. */
static int reg_num(const char *t, size_t tl, unsigned *r)
{
    size_t i = 0;
    unsigned base = 0, zero = 255;
    if (tl >= 2 && t[0] == 'U' && t[1] == 'R') {
        i = 2;
        base = GMC_REG_UR;
        zero = 63;
    } else if (tl >= 1 && t[0] == 'R') {
        i = 1;
    } else {
        return 0;
    }
    if (i == tl || tl - i > 3)
        return 0;
    unsigned v = 0;
    for (; i < tl; i++) {
        if (t[i] < '0' || t[i] > '9')
            return 0;
        v = v * 10 + (unsigned)(t[i] - '0');
    }
    if (v > zero)
        return 0;
    *r = v == zero ? GMC_REG_N : base + v;
    return 1;
}

/* Appends register r to the kernel's pool (RZ/URZ, GMC_REG_N, are not
 * kept); 0 or -1 (out of memory). */
static int keep_reg(as_kernel_t *kd, unsigned r, uint8_t *count)
{
    if (r >= GMC_REG_N)
        return 0;
    if (kd->nregs_ >= UINT32_MAX ||
        as_grow((void **)&kd->regs, &kd->capregs, kd->nregs_ + 1, sizeof *kd->regs) < 0)
        return -1;
    kd->regs[kd->nregs_++] = (uint16_t)r;
    ++*count;
    return 0;
}

static int is_opcode(const char *t, size_t tl)
{
    if (tl == 0 || tl > 63 || t[0] < 'A' || t[0] > 'Z')
        return 0;
    for (size_t i = 1; i < tl; i++) {
        char ch = t[i];
        if (!((ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_' || ch == '.'))
            return 0;
    }
    return 1;
}

static void count_unknown(as_fstats_t *fs, const char *op, size_t len)
{
    size_t bl = as_opcode_base_len(op, len);
    char name[32];
    if (bl > sizeof name - 1)
        bl = sizeof name - 1;
    memcpy(name, op, bl);
    name[bl] = 0;
    fs->unknown_ops++;
    for (unsigned i = 0; i < fs->n_names; i++)
        if (strcmp(fs->names[i].name, name) == 0) {
            fs->names[i].count++;
            return;
        }
    if (fs->n_names < GMC_ACCELSIM_UNKNOWN_NAMES) {
        memcpy(fs->names[fs->n_names].name, name, bl + 1);
        fs->names[fs->n_names].count = 1;
        fs->n_names++;
    }
}

/* Keeps k >= 1 lane addresses in the most compact form that gives them back
 * exactly (see AS_ADDR_* in gmc_accelsim_impl.h). */
static int store_addrs(as_kernel_t *kd, as_rec_t *r, const uint64_t *a, unsigned k)
{
    r->base = a[0];
    int64_t d = k > 1 ? (int64_t)(a[1] - a[0]) : 0;
    int ok = d >= INT32_MIN && d <= INT32_MAX;
    for (unsigned i = 2; i < k && ok; i++)
        ok = (int64_t)(a[i] - a[i - 1]) == d;
    if (ok) {
        r->mode = AS_ADDR_STRIDE;
        r->aux = (uint32_t)(int32_t)d;
        return 0;
    }
    ok = 1;
    for (unsigned i = 1; i < k && ok; i++) {
        int64_t o = (int64_t)(a[i] - a[0]);
        ok = o >= INT32_MIN && o <= INT32_MAX;
    }
    if (ok) {
        if (kd->noff32 + (k - 1) > UINT32_MAX ||
            as_grow((void **)&kd->off32, &kd->capoff32, kd->noff32 + k - 1, sizeof *kd->off32) < 0)
            return -1;
        r->mode = AS_ADDR_OFF32;
        r->aux = (uint32_t)kd->noff32;
        for (unsigned i = 1; i < k; i++)
            kd->off32[kd->noff32++] = (int32_t)(int64_t)(a[i] - a[0]);
        return 0;
    }
    if (kd->nabs64 + (k - 1) > UINT32_MAX ||
        as_grow((void **)&kd->abs64, &kd->capabs64, kd->nabs64 + k - 1, sizeof *kd->abs64) < 0)
        return -1;
    r->mode = AS_ADDR_ABS64;
    r->aux = (uint32_t)kd->nabs64;
    for (unsigned i = 1; i < k; i++)
        kd->abs64[kd->nabs64++] = a[i];
    return 0;
}

int as_inst_parse(const char *s, size_t len, const as_linectx_t *lc, as_kernel_t *kd,
                  as_fstats_t *fs, char *msg, size_t n)
{
    as_cur_t c = {s, s + len};
    const char *t = NULL;
    size_t tl = 0;
    uint64_t v;
#define NEXT() (as_tok(&c, &t, &tl) ? 1 : (t = NULL, tl = 0, 0))

    if (lc->ids_front) {   /* checked: they must name the block and warp the line is filed under */
        for (int i = 0; i < 4; i++) {
            uint32_t want = i < 3 ? lc->tb[i] : lc->warp;
            if (!NEXT() || gmc_num_u64(t, tl, GMC_NUM_DEC, UINT32_MAX, &v) || v != want)
                return fail(msg, n, t, tl,
                            "'%u %u %u %u' (thread block, warp) at the front of the line "
                            "(trace version < 3)", lc->tb[0], lc->tb[1], lc->tb[2], lc->warp);
        }
    }
    if (lc->lineinfo && (!NEXT() || gmc_num_u64(t, tl, GMC_NUM_DEC, UINT32_MAX, &v)))
        return fail(msg, n, t, tl, "a decimal source line number (-enable lineinfo = 1)");

    as_rec_t r;
    memset(&r, 0, sizeof r);
    /* the registers go to the pool as they are read; a line that fails
     * leaves them there, unreferenced (the kernel's load fails whole) */
    if (kd->nregs_ > UINT32_MAX)
        return snprintf(msg, n, "expected at most 2^32 registers listed in a kernel, found more"), -1;
    r.regs = (uint32_t)kd->nregs_;
    unsigned reg;
    if (!NEXT() || gmc_num_u64(t, tl, GMC_NUM_HEX, UINT32_MAX, &v))
        return fail(msg, n, t, tl, "a hex PC below 2^32");
    r.pc = (uint32_t)v;
    if (!NEXT() || gmc_num_u64(t, tl, GMC_NUM_HEX, UINT32_MAX, &v))
        return fail(msg, n, t, tl, "a hex active mask of 32 bits");
    r.mask = (uint32_t)v;
    if (r.mask & ~lc->lanes)
        return fail(msg, n, t, tl, "an active mask within the warp's lanes %08x", lc->lanes);

    if (!NEXT() || gmc_num_u64(t, tl, GMC_NUM_DEC, 16, &v))
        return fail(msg, n, t, tl, "a destination register count 0..16");
    unsigned ndst = (unsigned)v;
    for (unsigned i = 0; i < ndst; i++) {
        if (!NEXT() || !reg_num(t, tl, &reg))
            return fail(msg, n, t, tl, "destination register %u of %u (R0..R255 or UR0..UR63)", i + 1,
                        ndst);
        if (keep_reg(kd, reg, &r.ndst))
            return snprintf(msg, n, "expected memory for the registers, found none (out of memory)"), -1;
    }

    if (!NEXT() || !is_opcode(t, tl))
        return fail(msg, n, t, tl, "an opcode (like LDG.E.64)");
    const char *op = t;
    size_t opl = tl;
    as_opinfo_t oi = as_opcode_lookup(op, opl);

    if (!NEXT() || gmc_num_u64(t, tl, GMC_NUM_DEC, 16, &v))
        return fail(msg, n, t, tl, "a source register count 0..16");
    unsigned nsrc = (unsigned)v;
    for (unsigned i = 0; i < nsrc; i++) {
        if (!NEXT() || !reg_num(t, tl, &reg))
            return fail(msg, n, t, tl, "source register %u of %u (R0..R255 or UR0..UR63)", i + 1, nsrc);
        if (keep_reg(kd, reg, &r.nsrc))
            return snprintf(msg, n, "expected memory for the registers, found none (out of memory)"), -1;
    }

    int mem = oi.op == GMC_OP_LD || oi.op == GMC_OP_ST || oi.op == GMC_OP_ATOM;
    if (!NEXT() || gmc_num_u64(t, tl, GMC_NUM_DEC, 255, &v))
        return fail(msg, n, t, tl, "a decimal memory width 0..255");
    unsigned width = (unsigned)v;
    if (mem && width == 0)
        return fail(msg, n, t, tl, "a memory width > 0 and addresses for %.*s", (int)opl, op);

    uint64_t a[GMC_WARP_SIZE];
    unsigned k = (unsigned)__builtin_popcount(r.mask), mode = 0;
    if (width > 0) {
        if (!NEXT() || gmc_num_u64(t, tl, GMC_NUM_DEC, 2, &v))
            return fail(msg, n, t, tl, "an address mode 0 (list), 1 (base, stride) or 2 (base, deltas)");
        mode = (unsigned)v;
        if (mode == 0) {
            for (unsigned i = 0; i < k; i++)
                if (!NEXT() || gmc_num_u64(t, tl, GMC_NUM_HEX, UINT64_MAX, &a[i]))
                    return fail(msg, n, t, tl, "hex address %u of %u (mask %08x)", i + 1, k, r.mask);
        } else {
            uint64_t base;
            if (!NEXT() || gmc_num_u64(t, tl, GMC_NUM_HEX, UINT64_MAX, &base))
                return fail(msg, n, t, tl, "a hex base address");
            if (mode == 1) {
                int64_t stride;
                if (!NEXT() || gmc_num_i64(t, tl, INT32_MIN, INT32_MAX, &stride))
                    return fail(msg, n, t, tl, "a decimal stride (32-bit)");
                for (unsigned i = 0; i < k; i++)
                    a[i] = base + (uint64_t)stride * i;
            } else {
                a[0] = base;
                for (unsigned i = 1; i < k; i++) {
                    int64_t d;
                    if (!NEXT() || gmc_num_i64(t, tl, INT64_MIN, INT64_MAX, &d))
                        return fail(msg, n, t, tl, "decimal delta %u of %u (mask %08x)", i, k - 1, r.mask);
                    a[i] = a[i - 1] + (uint64_t)d;
                }
            }
        }
    }

    /* what may follow the addresses: from version 5 on, whatever it is
     * (Accel-Sim reads one integer into the immediate, 0 when it is
     * missing or no number, and never looks further) */
    if (lc->trailing == AS_TRAIL_NONE && NEXT()) {
        if (width == 0)
            return fail(msg, n, t, tl, "end of line after memory width 0");
        if (mode == 1)
            return fail(msg, n, t, tl, "end of line after base and stride");
        return fail(msg, n, t, tl, "end of line after the %u %s of mask %08x",
                    mode == 0 ? k : (k ? k - 1 : 0), mode == 0 ? "addresses" : "deltas", r.mask);
    }
#undef NEXT

    /* the record */
    fs->lines++;
    if (!oi.known)
        count_unknown(fs, op, opl);
    r.op = oi.op;
    r.lat = oi.lat;
    r.unit = oi.unit;
    if ((oi.flags & AS_OPF_GENERIC) && k > 0 && a[0] >= lc->shmem_lo && a[0] < lc->shmem_hi) {
        r.op = GMC_OP_SHMEM;   /* a generic access to the shared window (by its first lane, as Accel-Sim) */
        mem = 0;
    }
    if (oi.flags & AS_OPF_EXIT) {   /* an EXIT only if it ends the warp: fixed up there */
        r.op = GMC_OP_ALU;
        r.lat = 0;   /* the branch unit's latency */
        r.unit = GMC_UNIT_BRANCH;
        r.mode = AS_MODE_EXITCAND;
    }
    if (kd->nrec >= UINT32_MAX)
        return snprintf(msg, n, "expected at most 4294967295 instructions in a kernel, found more"), -1;
    if (mem) {
        r.width = (uint8_t)as_opcode_width(op, opl);
        if (k > 0 && store_addrs(kd, &r, a, k) < 0)
            return snprintf(msg, n, "expected memory for the addresses, found none (out of memory)"), -1;
    }
    if (as_grow((void **)&kd->recs, &kd->caprec, kd->nrec + 1, sizeof *kd->recs) < 0)
        return snprintf(msg, n, "expected memory for the instructions, found none (out of memory)"), -1;
    kd->recs[kd->nrec++] = r;
    return 0;
}
