/* gmc_accelsim_write (gmc sim --export-traces): a kernel written as an
 * Accel-Sim .traceg and read back by gmc_accelsim_load gives the same
 * instructions -- every op, unit class, width, address form (strided,
 * listed, partial and gapped masks, a negative stride, no lane), the
 * registers (or, for a warp that states none, the R1 chain), the end of a
 * warp with and without EXIT, a partial warp -- and the kernels a trace
 * cannot express are refused with one line. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include "gpu/gmc_accelsim.h"

/* ------------------------------------------------------------ test kernels */

typedef int (*gen_t)(uint32_t cta, uint32_t warp, unsigned i, gmc_inst_t *in);

typedef struct { gen_t gen; } tk_t;

static void tk_begin(gmc_kernel_t *k, uint32_t cta, uint32_t warp, gmc_warp_cursor_t *c)
{
    (void)k;
    memset(c, 0, sizeof *c);
    c->u.w[0] = cta;
    c->u.w[1] = warp;
}

static int tk_next(gmc_kernel_t *k, gmc_warp_cursor_t *c, gmc_inst_t *in, char *err, size_t n)
{
    (void)err, (void)n;
    const tk_t *t = k->impl;
    return t->gen((uint32_t)c->u.w[0], (uint32_t)c->u.w[1], (unsigned)c->u.w[2]++, in);
}

static const gmc_kernel_ops_t tk_ops = {tk_begin, tk_next, NULL};

static gmc_kernel_t make(tk_t *t, gen_t g)
{
    t->gen = g;
    gmc_kernel_t k;
    memset(&k, 0, sizeof k);
    k.ops = &tk_ops;
    snprintf(k.name, sizeof k.name, "tk");
    k.grid[0] = 3, k.grid[1] = 2, k.grid[2] = 1;
    k.block[0] = 48, k.block[1] = 1, k.block[2] = 1;   /* warp 1 has 16 lanes */
    k.regs_per_thread = 24;
    k.smem_per_cta = 1024;
    k.impl = t;
    return k;
}

static uint32_t lanes(uint32_t warp) { return warp ? 0xffffu : 0xffffffffu; }

static void regs(gmc_inst_t *in, unsigned d, unsigned s0, unsigned s1)
{
    in->deps = GMC_DEPS_REGS;
    in->ndst = d != 0xffff;
    in->dst[0] = (uint16_t)d;
    in->nsrc = 0;
    if (s0 != 0xffff)
        in->src[in->nsrc++] = (uint16_t)s0;
    if (s1 != 0xffff)
        in->src[in->nsrc++] = (uint16_t)s1;
}

#define NO 0xffff

/* Every form, registers listed, an EXIT at the end. */
static int gen_regs(uint32_t cta, uint32_t warp, unsigned i, gmc_inst_t *in)
{
    uint32_t m = lanes(warp);
    uint64_t t0 = 0x7f0000000000ull + (cta * 48 + warp * 32) * 64ull;
    in->pc = 16 * i;
    in->mask = m;
    in->lat = 0;
    in->width = 0;
    in->op = GMC_OP_ALU;
    static const uint8_t units[] = {GMC_UNIT_INT, GMC_UNIT_SP, GMC_UNIT_DP, GMC_UNIT_SFU,
                                    GMC_UNIT_TENSOR, GMC_UNIT_BRANCH, GMC_UNIT_TEX, GMC_UNIT_UDP,
                                    GMC_UNIT_NONE};
    if (i < 9) {
        in->unit = units[i];
        regs(in, i == 7 ? GMC_REG_UR + 3 : 4 + i, i ? 3 + i : NO, i > 1 ? 2 + i : NO);
        return 1;
    }
    regs(in, 20, 4, NO);
    in->op = GMC_OP_LD;
    switch (i) {
    case 9:   /* bytes */
        in->width = 1, in->stride = 1, in->strided = 1, in->addr[0] = t0;
        return 1;
    case 10:   /* halves, a negative stride */
        in->width = 2, in->stride = -2, in->strided = 1, in->addr[0] = t0 + 4096;
        return 1;
    case 11:   /* 8 bytes, listed far apart (off 32 bits) */
        in->width = 8;
        for (unsigned l = 0; l < 32; l++)
            in->addr[l] = 0x7f0000000000ull + (uint64_t)(l * 7919u % 32) * 0x100000000ull + 8 * l;
        return 1;
    case 12:   /* 16 bytes, a gapped mask: base and deltas */
        in->width = 16, in->mask = m & 0x0f0f0f0fu, in->stride = 16, in->strided = 1, in->addr[0] = t0;
        return 1;
    case 13:   /* a store of one lane */
        in->op = GMC_OP_ST, in->width = 4, in->mask = 1u << (cta % 16);
        regs(in, NO, 20, 4);
        in->addr[cta % 16] = t0 + 100;
        return 1;
    case 14:
        in->op = GMC_OP_ATOM, in->width = 8, in->stride = 8, in->strided = 1, in->addr[0] = t0;
        return 1;
    case 15:   /* LDS */
        in->op = GMC_OP_SHMEM;
        return 1;
    case 16:   /* STS */
        in->op = GMC_OP_SHMEM;
        regs(in, NO, 20, NO);
        return 1;
    case 17:
        in->op = GMC_OP_BAR;
        regs(in, NO, NO, NO);
        return 1;
    case 18:   /* no lane active */
        in->mask = 0, in->width = 4;
        return 1;
    case 19:
        in->op = GMC_OP_EXIT;
        regs(in, NO, NO, NO);
        return 1;
    default:
        return 0;
    }
}

/* No registers (GMC_DEPS_SERIAL, unit NONE), no EXIT; CTA 1's warp 1 empty. */
static int gen_serial(uint32_t cta, uint32_t warp, unsigned i, gmc_inst_t *in)
{
    static const uint8_t ops[] = {GMC_OP_ALU, GMC_OP_LD, GMC_OP_ALU, GMC_OP_ST, GMC_OP_ATOM,
                                  GMC_OP_SHMEM, GMC_OP_BAR, GMC_OP_ALU};
    if (i >= sizeof ops || (cta == 1 && warp == 1))
        return 0;
    in->pc = 0x10000 + 8 * i;
    in->mask = lanes(warp);
    in->op = ops[i];
    in->lat = 0;
    in->width = in->op == GMC_OP_LD || in->op == GMC_OP_ST || in->op == GMC_OP_ATOM ? 4 : 0;
    in->stride = 4, in->strided = 1, in->addr[0] = 0x200000 + 4096ull * (cta * 2 + warp);
    return 1;
}

/* ------------------------------------------------------------ write, read back */

typedef struct { char dir[64], file[96]; } tmp_t;

static void tmp_make(tmp_t *d)
{
    strcpy(d->dir, "/tmp/gmc_aswrite_XXXXXX");
    assert_non_null(mkdtemp(d->dir));
    char p[96];
    snprintf(p, sizeof p, "%s/kernelslist.g", d->dir);
    FILE *f = fopen(p, "w");
    assert_non_null(f);
    fputs("kernel-1.traceg\n", f);
    fclose(f);
    snprintf(d->file, sizeof d->file, "%s/kernel-1.traceg", d->dir);
}

static void tmp_remove(tmp_t *d)
{
    char p[96];
    snprintf(p, sizeof p, "%s/kernelslist.g", d->dir);
    unlink(p);
    unlink(d->file);
    rmdir(d->dir);
}

/* Writes k; 0 with *lines, or -1 with err. */
static int write_k(tmp_t *d, gmc_kernel_t *k, uint64_t *lines, char *err, size_t n)
{
    FILE *f = fopen(d->file, "w");
    assert_non_null(f);
    int rc = gmc_accelsim_write(f, k, 1, lines, err, n);
    assert_int_equal(fclose(f), 0);
    return rc;
}

/* The stream as the SM takes it (the fields it clears before each next). */
static int sm_next(gmc_kernel_t *k, gmc_warp_cursor_t *c, gmc_inst_t *in)
{
    char err[64];
    in->strided = 0;
    in->deps = GMC_DEPS_SERIAL;
    in->unit = GMC_UNIT_NONE;
    in->ndst = in->nsrc = 0;
    return k->ops->next(k, c, in, err, sizeof err);
}

static void same_inst(const gmc_inst_t *a, const gmc_inst_t *b, int serial)
{
    assert_int_equal(a->pc, b->pc);
    assert_int_equal(a->mask, b->mask);
    assert_int_equal(a->op, b->op);
    assert_int_equal(b->deps, GMC_DEPS_REGS);
    if (a->op == GMC_OP_LD || a->op == GMC_OP_ST || a->op == GMC_OP_ATOM) {
        assert_int_equal(a->width ? a->width : 4, b->width);
        for (unsigned l = 0; l < 32; l++)
            if (a->mask >> l & 1)
                assert_int_equal(gmc_inst_lane_addr(a, l), gmc_inst_lane_addr(b, l));
    }
    if (a->op == GMC_OP_ALU) {
        assert_int_equal(a->unit, b->unit);
        if (a->unit == GMC_UNIT_NONE)
            assert_int_equal(b->lat, 0);   /* NOP: the machine's alu_lat */
    }
    if (a->op == GMC_OP_BAR || a->op == GMC_OP_EXIT) {
        assert_int_equal(b->ndst + b->nsrc, 0);
        return;
    }
    if (serial) {   /* the chain: writes R1 (what writes) and reads it */
        int writes = a->op != GMC_OP_ST;
        assert_int_equal(b->ndst, writes);
        if (writes)
            assert_int_equal(b->dst[0], 1);
        assert_int_equal(b->nsrc, 1);
        assert_int_equal(b->src[0], 1);
        return;
    }
    assert_int_equal(a->ndst, b->ndst);
    assert_int_equal(a->nsrc, b->nsrc);
    assert_memory_equal(a->dst, b->dst, a->ndst * sizeof *a->dst);
    assert_memory_equal(a->src, b->src, a->nsrc * sizeof *a->src);
}

static void round_trip(gen_t g, int serial)
{
    tmp_t d;
    tmp_make(&d);
    tk_t t;
    gmc_kernel_t k = make(&t, g);
    char err[512] = "";
    uint64_t lines;
    if (write_k(&d, &k, &lines, err, sizeof err))
        fail_msg("%s", err);
    gmc_accelsim_t *tr = gmc_accelsim_open(d.dir, err, sizeof err);
    assert_non_null(tr);
    gmc_kernel_t b;
    if (gmc_accelsim_load(tr, 0, &b, err, sizeof err))
        fail_msg("%s", err);
    assert_memory_equal(b.grid, k.grid, sizeof k.grid);
    assert_memory_equal(b.block, k.block, sizeof k.block);
    assert_int_equal(b.regs_per_thread, 24);
    assert_int_equal(b.smem_per_cta, 1024);
    assert_string_equal(b.name, "tk");
    assert_int_equal(gmc_accelsim_stats(tr)->instruction_lines, lines);
    assert_int_equal(gmc_accelsim_stats(tr)->unknown_ops, 0);
    uint64_t n = 0;
    for (uint32_t c = 0; c < 6; c++)
        for (uint32_t w = 0; w < 2; w++) {
            gmc_warp_cursor_t ca, cb;
            k.ops->warp_begin(&k, c, w, &ca);
            b.ops->warp_begin(&b, c, w, &cb);
            gmc_inst_t ia, ib;
            memset(&ia, 0, sizeof ia);
            int ra, rb;
            while ((ra = sm_next(&k, &ca, &ia)) == 1) {
                rb = sm_next(&b, &cb, &ib);
                assert_int_equal(rb, 1);
                same_inst(&ia, &ib, serial);
                n++;
                if (ia.op == GMC_OP_EXIT)
                    break;
            }
            assert_int_equal(sm_next(&b, &cb, &ib), 0);   /* and nothing more */
        }
    assert_true(n > 80);
    gmc_accelsim_close(tr);
    tmp_remove(&d);
}

static void a_kernel_with_registers_reads_back_the_same(void **st)
{
    (void)st;
    round_trip(gen_regs, 0);
}

static void a_kernel_without_registers_or_exit_reads_back_the_same(void **st)
{
    (void)st;
    round_trip(gen_serial, 1);
}

/* The text: the header Accel-Sim's parser needs before the first '#'
 * line, the gmc key only when a warp ended without EXIT, base-stride for
 * one run of lanes, base-delta for a gapped mask, the immediate. */
static void the_file_has_accelsims_header_and_line_forms(void **st)
{
    (void)st;
    tmp_t d;
    tmp_make(&d);
    tk_t t;
    gmc_kernel_t k = make(&t, gen_regs);
    char err[256];
    uint64_t lines;
    assert_int_equal(write_k(&d, &k, &lines, err, sizeof err), 0);
    assert_int_equal(lines, 6 * 2 * 20);
    FILE *f = fopen(d.file, "r");
    char text[65536];
    size_t len = fread(text, 1, sizeof text - 1, f);
    text[len] = 0;
    fclose(f);
    static const char *const want[] = {
        "-kernel name = tk\n-kernel id = 1\n-grid dim = (3,2,1)\n-block dim = (48,1,1)\n-shmem = 1024\n"
        "-nregs = 24\n-binary version = 75\n",
        "-accelsim tracer version = 5\n-enable lineinfo = 0\n\n#traces format = ",
        "#BEGIN_TB\n\nthread block = 1,1,0\n\nwarp = 0\ninsts = 20\n",
        "0000 0000ffff 1 R4 IMAD 0 0 0\n",
        "0070 0000ffff 1 UR3 UMOV 2 R10 R9 0 0\n",
        "0090 0000ffff 1 R20 LDG.E.U8 1 R4 1 1 0x7f0000000800 1 0\n",
        "00a0 0000ffff 1 R20 LDG.E.U16 1 R4 2 1 0x7f0000001800 -2 0\n",
        "00c0 00000f0f 1 R20 LDG.E.128 1 R4 16 2 0x7f0000000800 16 16 16 80 16 16 16 0\n",
        "00e0 0000ffff 1 R20 ATOMG.E.ADD.64 1 R4 8 1 ",
        "00f0 0000ffff 1 R20 LDS 1 R4 4 1 0x7f1000000000 4 0\n",
        "0100 0000ffff 0 STS 1 R20 4 1 0x7f1000000000 4 0\n",
        "0110 0000ffff 0 BAR.SYNC 0 0 0\n0120 00000000 1 R20 LDG.E 1 R4 4 1 0x0 0 0\n0130 0000ffff 0 EXIT 0 0 0\n",
    };
    for (unsigned i = 0; i < sizeof want / sizeof want[0]; i++)
        if (!strstr(text, want[i]))
            fail_msg("missing:\n%s", want[i]);
    assert_null(strstr(text, "-gmc implicit exit"));
    k = make(&t, gen_serial);
    assert_int_equal(write_k(&d, &k, &lines, err, sizeof err), 0);
    f = fopen(d.file, "r");
    len = fread(text, 1, sizeof text - 1, f);
    text[len] = 0;
    fclose(f);
    char *key = strstr(text, "-gmc implicit exit = 1\n"), *hash = strchr(text, '#');
    assert_true(key && hash && key < hash);
    assert_non_null(strstr(text, "10000 ffffffff 1 R1 NOP 1 R1 0 0\n"));
    assert_non_null(strstr(text, "thread block = 1,0,0\n\nwarp = 0\ninsts = 9\n"));
    assert_non_null(strstr(text, "warp = 1\ninsts = 1\n0000 0000ffff 0 EXIT 0 0 0\n"));   /* the empty warp */
    tmp_remove(&d);
}

/* ------------------------------------------------------------ refused */

static int gen_lat(uint32_t cta, uint32_t warp, unsigned i, gmc_inst_t *in)
{
    if (gen_serial(cta, warp, i, in) != 1)
        return 0;
    in->lat = 7;
    return 1;
}

static int gen_rz(uint32_t cta, uint32_t warp, unsigned i, gmc_inst_t *in)
{
    if (gen_regs(cta, warp, i, in) != 1)
        return 0;
    if (i == 2)
        in->src[0] = 255;
    return 1;
}

static int gen_mixed(uint32_t cta, uint32_t warp, unsigned i, gmc_inst_t *in)
{
    if (i == 1)
        return gen_regs(cta, warp, i, in);
    return gen_serial(cta, warp, i, in);
}

static int gen_ends(uint32_t cta, uint32_t warp, unsigned i, gmc_inst_t *in)
{
    if (cta == 2 && warp == 0 && i == 3) {
        in->op = GMC_OP_EXIT;
        return 1;
    }
    return gen_serial(cta, warp, i, in);
}

static void what_a_trace_cannot_say_is_refused_with_one_line(void **st)
{
    (void)st;
    static const struct { gen_t g; const char *msg; } bad[] = {
        {gen_lat, "kernel 1 (tk), CTA 0, warp 0: expected latency 0 (the machine's for the unit: a trace "
                  "line has no latency), found 7"},
        {gen_rz, "kernel 1 (tk), CTA 0, warp 0: expected registers R0..R254 and UR0..UR62 (R255 and UR63 "
                 "are RZ and URZ in a trace), found another"},
        {gen_mixed, "kernel 1 (tk), CTA 0, warp 0: expected every instruction of a warp to list its "
                    "registers or none (gmc_kernel.h deps), found both"},
        {gen_ends, "kernel 1 (tk), CTA 2, warp 0: expected every warp to end without EXIT, as the kernel's "
                   "first did, found one with"},
    };
    tmp_t d;
    tmp_make(&d);
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        tk_t t;
        gmc_kernel_t k = make(&t, bad[i].g);
        char err[512] = "";
        uint64_t lines;
        assert_int_equal(write_k(&d, &k, &lines, err, sizeof err), -1);
        if (strcmp(err, bad[i].msg))
            fail_msg("\n got  %s\n want %s", err, bad[i].msg);
    }
    tmp_remove(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_kernel_with_registers_reads_back_the_same),
        cmocka_unit_test(a_kernel_without_registers_or_exit_reads_back_the_same),
        cmocka_unit_test(the_file_has_accelsims_header_and_line_forms),
        cmocka_unit_test(what_a_trace_cannot_say_is_refused_with_one_line),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
