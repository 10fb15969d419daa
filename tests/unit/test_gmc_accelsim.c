/* gmc_accelsim: the Accel-Sim SASS trace reader -- the sample traces of
 * tests/data/accelsim (new and old layouts) replay as the expected
 * instructions, and every malformed file gives its file:line error. */
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
#include "gpu/gmc_accelsim_impl.h"

#define DATA "tests/data/accelsim"

static gmc_accelsim_t *open_ok(const char *dir)
{
    char err[512] = "";
    gmc_accelsim_t *t = gmc_accelsim_open(dir, err, sizeof err);
    if (!t)
        fail_msg("%s", err);
    return t;
}

static void load_ok(gmc_accelsim_t *t, unsigned i, gmc_kernel_t *k)
{
    char err[512] = "";
    if (gmc_accelsim_load(t, i, k, err, sizeof err) != 0)
        fail_msg("%s", err);
}

/* All of one warp's instructions; returns how many. */
static int read_warp(gmc_kernel_t *k, uint32_t cta, uint32_t warp, gmc_inst_t *out, int max)
{
    gmc_warp_cursor_t c;
    char err[256];
    k->ops->warp_begin(k, cta, warp, &c);
    int n = 0, rc;
    while ((rc = k->ops->next(k, &c, &out[n < max ? n : max - 1], err, sizeof err)) == 1)
        n++;
    assert_int_equal(rc, 0);
    return n;
}

static void expect_inst(const gmc_inst_t *in, uint64_t pc, uint32_t mask, int op, int width, int lat)
{
    assert_int_equal(in->pc, pc);
    assert_int_equal(in->mask, mask);
    assert_int_equal(in->op, op);
    if (op == GMC_OP_LD || op == GMC_OP_ST || op == GMC_OP_ATOM)
        assert_int_equal(in->width, width);
    assert_int_equal(in->lat, lat);
}

/* Lines inside thread blocks whose first field is all hex digits (a PC, or
 * the decimal ids / line number that lead it): counted apart from the reader. */
static uint64_t count_inst_lines(const char *path)
{
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char line[8192], tok[64];
    int in_tb = 0;
    uint64_t n = 0;
    while (fgets(line, sizeof line, f)) {
        if (sscanf(line, "%63s", tok) != 1)
            continue;
        if (strcmp(tok, "#BEGIN_TB") == 0)
            in_tb = 1;
        else if (strcmp(tok, "#END_TB") == 0)
            in_tb = 0;
        else if (in_tb && strspn(tok, "0123456789abcdefABCDEF") == strlen(tok))
            n++;
    }
    fclose(f);
    return n;
}

/* ------------------------------------------------------------ the new layout */

/* -nregs = 21955 (an NVBit artifact, as in a real PyTorch trace): the
 * kernel gets 255, the traced count stays known and is listed once. */
static void a_register_count_no_sass_thread_has_is_clamped_and_listed(void **st)
{
    (void)st;
    gmc_accelsim_t *t = open_ok(DATA "/regs");
    gmc_kernel_t k;
    assert_int_equal(gmc_accelsim_nregs_traced(t, 0), 0);   /* not loaded */
    load_ok(t, 0, &k);
    assert_int_equal(k.regs_per_thread, GMC_ACCELSIM_MAX_NREGS);
    assert_int_equal(gmc_accelsim_nregs_traced(t, 0), 21955);
    load_ok(t, 0, &k);   /* loaded again: listed once */
    const gmc_accelsim_stats_t *s = gmc_accelsim_stats(t);
    assert_int_equal(s->kernels_nregs_clamped, 1);
    assert_int_equal(s->n_nregs_clamped, 1);
    assert_int_equal(s->nregs_clamped[0].index, 0);
    assert_int_equal(s->nregs_clamped[0].nregs, 21955);
    assert_string_equal(s->nregs_clamped[0].name, "_Z9pow_floatPfS_i");
    gmc_accelsim_close(t);
    t = open_ok(DATA "/new");   /* -nregs = 24: as it says, nothing listed */
    load_ok(t, 0, &k);
    assert_int_equal(k.regs_per_thread, 24);
    assert_int_equal(gmc_accelsim_nregs_traced(t, 0), 24);
    assert_int_equal(gmc_accelsim_stats(t)->kernels_nregs_clamped, 0);
    gmc_accelsim_close(t);
}

static void kernelslist_names_kernels_in_order_and_counts_other_lines(void **st)
{
    (void)st;
    gmc_accelsim_t *t = open_ok(DATA "/new");
    assert_int_equal(gmc_accelsim_nkernels(t), 2);
    assert_string_equal(gmc_accelsim_kernel_path(t, 0), DATA "/new/kernel-1.traceg");
    assert_string_equal(gmc_accelsim_kernel_path(t, 1), DATA "/new/kernel-2.traceg");
    assert_null(gmc_accelsim_kernel_path(t, 2));
    const gmc_accelsim_stats_t *s = gmc_accelsim_stats(t);
    assert_int_equal(s->kernels, 2);
    assert_int_equal(s->skipped_list_lines, 2);   /* the two MemcpyHtoD lines; the blank one is not counted */
    assert_int_equal(s->instruction_lines, 0);     /* nothing loaded yet */
    gmc_accelsim_close(t);
}

static void header_fills_name_grid_block_regs_and_shared_memory(void **st)
{
    (void)st;
    gmc_accelsim_t *t = open_ok(DATA "/new");
    gmc_kernel_t k;
    load_ok(t, 0, &k);
    assert_string_equal(k.name, "_Z6vecaddPfS_S_i");
    assert_true(k.grid[0] == 2 && k.grid[1] == 1 && k.grid[2] == 1);
    assert_true(k.block[0] == 64 && k.block[1] == 1 && k.block[2] == 1);
    assert_int_equal(k.regs_per_thread, 24);
    assert_int_equal(k.smem_per_cta, 2048);
    assert_non_null(k.ops);
    assert_int_equal(gmc_accelsim_stats(t)->trace_version, 5);
    load_ok(t, 1, &k);
    assert_string_equal(k.name, "_Z7stencilPKfPfi");
    assert_true(k.grid[0] == 1 && k.grid[1] == 2 && k.block[0] == 40);
    assert_int_equal(gmc_kernel_warps_per_cta(&k), 2);
    assert_int_equal(gmc_accelsim_stats(t)->trace_version, 4);
    gmc_accelsim_close(t);
}

static void new_layout_instructions_expand_every_address_mode(void **st)
{
    (void)st;
    gmc_accelsim_t *t = open_ok(DATA "/new");
    gmc_kernel_t k;
    load_ok(t, 0, &k);
    gmc_inst_t in[16];
    assert_int_equal(read_warp(&k, 0, 0, in, 16), 8);

    expect_inst(&in[0], 0x00, 0xffffffff, GMC_OP_ALU, 0, 0);          /* S2R: the int unit's latency */
    expect_inst(&in[1], 0x10, 0xffffffff, GMC_OP_LD, 4, 0);           /* LDG.E, mode 1 */
    for (int l = 0; l < 32; l++)
        assert_int_equal(in[1].addr[l], 0x7f0000000000ull + 4u * l);
    expect_inst(&in[2], 0x20, 0x0000ffff, GMC_OP_LD, 8, 0);           /* LDG.E.64, mode 0 */
    for (int l = 0; l < 16; l++)
        assert_int_equal(in[2].addr[l], 0x7f0000001000ull + 8u * l * l);
    expect_inst(&in[3], 0x30, 0x80000101, GMC_OP_ST, 4, 0);           /* STG.E, mode 2 */
    assert_int_equal(in[3].addr[0], 0x7f0000002000ull);
    assert_int_equal(in[3].addr[8], 0x7f0000002400ull);                /* +1024 */
    assert_int_equal(in[3].addr[31], 0x7f0000002200ull);               /* -512 */
    expect_inst(&in[4], 0x40, 0xffffffff, GMC_OP_BAR, 0, 0);
    expect_inst(&in[5], 0x50, 0xffffffff, GMC_OP_SHMEM, 0, 0);        /* LDS: no traffic */
    expect_inst(&in[6], 0x60, 0xffffffff, GMC_OP_ALU, 0, 0);          /* FOOBAR: unknown */
    expect_inst(&in[7], 0x70, 0xffffffff, GMC_OP_EXIT, 0, 0);

    assert_int_equal(read_warp(&k, 0, 1, in, 16), 4);
    expect_inst(&in[1], 0x10, 0xffffffff, GMC_OP_SHMEM, 0, 0);        /* generic LD in the shared window */
    expect_inst(&in[2], 0x20, 0xffffffff, GMC_OP_ST, 4, 0);           /* generic ST outside it */
    for (int l = 0; l < 32; l++)
        assert_int_equal(in[2].addr[l], 0x7f0000004000ull + 4u * l);
    expect_inst(&in[3], 0x30, 0xffffffff, GMC_OP_EXIT, 0, 0);
    gmc_accelsim_close(t);
}

static void ctas_are_ordered_by_linear_id_not_by_file_order(void **st)
{
    (void)st;
    gmc_accelsim_t *t = open_ok(DATA "/new");
    gmc_kernel_t k;
    load_ok(t, 0, &k);
    gmc_inst_t in[16];
    /* thread block 1,0,0 comes first in the file */
    assert_int_equal(read_warp(&k, 1, 0, in, 16), 5);
    expect_inst(&in[1], 0x10, 0x0000000f, GMC_OP_ATOM, 4, 0);         /* ATOMG, mode 2 */
    assert_int_equal(in[1].addr[0], 0x7f0000003000ull);
    assert_int_equal(in[1].addr[1], 0x7f0000003008ull);
    assert_int_equal(in[1].addr[2], 0x7f0000002ff8ull);
    assert_int_equal(in[1].addr[3], 0x7f0000003ff8ull);
    expect_inst(&in[2], 0x20, 0xffffffff, GMC_OP_ALU, 0, 0);          /* MUFU */
    assert_int_equal(in[2].unit, GMC_UNIT_SFU);
    expect_inst(&in[3], 0x30, 0xffffffff, GMC_OP_ALU, 0, 0);          /* HMMA */
    assert_int_equal(in[3].unit, GMC_UNIT_TENSOR);
    expect_inst(&in[4], 0x40, 0xffffffff, GMC_OP_EXIT, 0, 0);
    /* a warp the trace does not list runs nothing */
    assert_int_equal(read_warp(&k, 1, 1, in, 16), 0);
    gmc_accelsim_close(t);
}

static void lineinfo_partial_warps_and_far_addresses_parse(void **st)
{
    (void)st;
    gmc_accelsim_t *t = open_ok(DATA "/new");
    gmc_kernel_t k;
    load_ok(t, 1, &k);
    gmc_inst_t in[16];
    /* thread block 0,1,0 of grid (1,2,1) is CTA 1; CTA 0 is not in the file */
    assert_int_equal(read_warp(&k, 0, 0, in, 16), 0);
    assert_int_equal(read_warp(&k, 1, 1, in, 16), 4);
    expect_inst(&in[1], 0x10, 0x000000ff, GMC_OP_LD, 8, 0);           /* LDL.64, 8 lanes of 40 threads */
    for (int l = 0; l < 8; l++)
        assert_int_equal(in[1].addr[l], 0x7f2002000010ull + 16u * l);
    expect_inst(&in[2], 0x20, 0x00000081, GMC_OP_ST, 4, 0);           /* STL, lanes 0 and 7 */
    assert_int_equal(in[2].addr[0], 0x00007f0000000000ull);
    assert_int_equal(in[2].addr[7], 0x0000100000000000ull);
    expect_inst(&in[3], 0x30, 0x000000ff, GMC_OP_EXIT, 0, 0);         /* RET as the last: the exit */

    assert_int_equal(read_warp(&k, 1, 0, in, 16), 6);
    expect_inst(&in[1], 0x10, 0xffffffff, GMC_OP_ALU, 0, 0);          /* DFMA */
    assert_int_equal(in[1].unit, GMC_UNIT_DP);
    expect_inst(&in[2], 0x20, 0xffffffff, GMC_OP_ALU, 0, 0);          /* RET not last: a branch */
    assert_int_equal(in[2].unit, GMC_UNIT_BRANCH);
    expect_inst(&in[3], 0x30, 0x0000ffff, GMC_OP_ATOM, 4, 0);         /* RED, stride 0 */
    for (int l = 0; l < 16; l++)
        assert_int_equal(in[3].addr[l], 0x7f0000005000ull);
    expect_inst(&in[4], 0x40, 0xffffffff, GMC_OP_LD, 1, 0);           /* LDG.E.U8, 31 deltas of 1 */
    for (int l = 0; l < 32; l++)
        assert_int_equal(in[4].addr[l], 0x7f0000006000ull + l);
    expect_inst(&in[5], 0x50, 0xffffffff, GMC_OP_ALU, 0, 0);          /* unknown, and no EXIT: the stream just ends */
    gmc_accelsim_close(t);
}

static void instruction_lines_equal_the_lines_in_the_files(void **st)
{
    (void)st;
    gmc_accelsim_t *t = open_ok(DATA "/new");
    gmc_kernel_t k;
    uint64_t want = 0;
    for (unsigned i = 0; i < 2; i++) {
        load_ok(t, i, &k);
        want += count_inst_lines(gmc_accelsim_kernel_path(t, i));
    }
    assert_int_equal(want, 27);
    assert_int_equal(gmc_accelsim_stats(t)->instruction_lines, want);
    gmc_accelsim_close(t);
}

static void unknown_opcodes_are_counted_and_named_not_errors(void **st)
{
    (void)st;
    gmc_accelsim_t *t = open_ok(DATA "/new");
    gmc_kernel_t k;
    load_ok(t, 0, &k);
    load_ok(t, 1, &k);
    const gmc_accelsim_stats_t *s = gmc_accelsim_stats(t);
    assert_int_equal(s->unknown_ops, 2);
    assert_int_equal(s->n_unknown_names, 2);
    assert_string_equal(s->unknown[0].name, "FOOBAR");   /* the base name, before the '.' */
    assert_int_equal(s->unknown[0].count, 1);
    assert_string_equal(s->unknown[1].name, "BAZQUX");
    assert_int_equal(s->unknown[1].count, 1);
    gmc_accelsim_close(t);
}

static void a_kernel_is_counted_once_however_often_it_is_loaded(void **st)
{
    (void)st;
    gmc_accelsim_t *t = open_ok(DATA "/new");
    gmc_kernel_t k;
    gmc_inst_t a[16], b[16];
    memset(a, 0, sizeof a);   /* lanes a record leaves alone must compare equal */
    memset(b, 0, sizeof b);
    load_ok(t, 0, &k);
    int na = read_warp(&k, 0, 0, a, 16);
    load_ok(t, 0, &k);
    gmc_accelsim_unload(t, 0);
    load_ok(t, 0, &k);
    int nb = read_warp(&k, 0, 0, b, 16);
    assert_int_equal(na, nb);
    assert_memory_equal(a, b, sizeof a[0] * (size_t)na);
    assert_int_equal(gmc_accelsim_stats(t)->instruction_lines, 17);
    gmc_accelsim_close(t);
}

static void interleaved_cursors_replay_the_same_stream(void **st)
{
    (void)st;
    gmc_accelsim_t *t = open_ok(DATA "/new");
    gmc_kernel_t k;
    load_ok(t, 0, &k);
    gmc_warp_cursor_t c1, c2;
    gmc_inst_t x, y;
    char err[64];
    k.ops->warp_begin(&k, 0, 0, &c1);
    k.ops->warp_begin(&k, 0, 0, &c2);
    for (int i = 0; i < 8; i++) {
        memset(&x, 0, sizeof x);
        memset(&y, 0, sizeof y);
        assert_int_equal(k.ops->next(&k, &c1, &x, err, sizeof err), 1);
        gmc_warp_cursor_t other;
        k.ops->warp_begin(&k, 1, 0, &other);   /* another warp in between */
        assert_int_equal(k.ops->next(&k, &other, &y, err, sizeof err), 1);
        memset(&y, 0, sizeof y);
        assert_int_equal(k.ops->next(&k, &c2, &y, err, sizeof err), 1);
        assert_memory_equal(&x, &y, sizeof x);
    }
    assert_int_equal(k.ops->next(&k, &c1, &x, err, sizeof err), 0);
    gmc_accelsim_close(t);
}

/* ------------------------------------------------------------ the old layout */

static void old_layout_reads_ids_at_the_front_of_each_line(void **st)
{
    (void)st;
    gmc_accelsim_t *t = open_ok(DATA "/old");
    gmc_kernel_t k;
    load_ok(t, 0, &k);
    const gmc_accelsim_stats_t *s = gmc_accelsim_stats(t);
    assert_int_equal(s->trace_version, 0);
    assert_int_equal(s->skipped_list_lines, 1);
    assert_int_equal(s->instruction_lines, count_inst_lines(DATA "/old/kernel-1.traceg"));
    assert_int_equal(s->instruction_lines, 7);
    gmc_inst_t in[8];
    /* thread block 1,1,0 of grid (2,2,1): CTA 1 + 1*2 = 3 */
    assert_int_equal(read_warp(&k, 3, 0, in, 8), 5);
    expect_inst(&in[1], 0x10, 0xffffffff, GMC_OP_LD, 4, 0);
    for (int l = 0; l < 32; l++)
        assert_int_equal(in[1].addr[l], 0x7f0000010000ull + 4u * l);
    expect_inst(&in[2], 0x20, 0x00000003, GMC_OP_ST, 4, 0);
    assert_int_equal(in[2].addr[0], 0x7f0000020000ull);
    assert_int_equal(in[2].addr[1], 0x7f0000020080ull);
    expect_inst(&in[3], 0x30, 0x0000000e, GMC_OP_ST, 8, 0);
    assert_int_equal(in[3].addr[1], 0x7f0000030000ull);
    assert_int_equal(in[3].addr[2], 0x7f000002fff8ull);
    assert_int_equal(in[3].addr[3], 0x7f0000030010ull);
    expect_inst(&in[4], 0x40, 0xffffffff, GMC_OP_EXIT, 0, 0);
    assert_int_equal(read_warp(&k, 0, 0, in, 8), 2);
    assert_int_equal(read_warp(&k, 1, 0, in, 8), 0);
    assert_int_equal(read_warp(&k, 2, 0, in, 8), 0);
    gmc_accelsim_close(t);
}

/* ------------------------------------------------------------ generated traces */

typedef struct { char dir[64]; } tmpdir_t;

static void put(const tmpdir_t *d, const char *name, const char *text, size_t len)
{
    char p[128];
    snprintf(p, sizeof p, "%s/%s", d->dir, name);
    FILE *f = fopen(p, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, len, f), len);
    fclose(f);
}

static void tmp_make(tmpdir_t *d)
{
    strcpy(d->dir, "/tmp/gmc_accelsim_XXXXXX");
    assert_non_null(mkdtemp(d->dir));
    const char *list = "kernel-1.traceg\n";
    put(d, "kernelslist.g", list, strlen(list));
}

static void tmp_remove(tmpdir_t *d)
{
    char p[128];
    snprintf(p, sizeof p, "%s/kernelslist.g", d->dir);
    unlink(p);
    snprintf(p, sizeof p, "%s/kernel-1.traceg", d->dir);
    unlink(p);
    rmdir(d->dir);
}

/* Loads text as kernel-1.traceg: 0 or -1 with err. */
static int load_text(const tmpdir_t *d, const char *text, size_t len, gmc_accelsim_t **tp, gmc_kernel_t *k,
                     char *err, size_t n)
{
    put(d, "kernel-1.traceg", text, len);
    *tp = gmc_accelsim_open(d->dir, err, n);
    assert_non_null(*tp);
    return gmc_accelsim_load(*tp, 0, k, err, n);
}

static const char *HDR_NOVERSION = "-grid dim = (2,1,1)\n-block dim = (32,1,1)\n\n";

static void without_a_version_header_the_fourth_field_decides_the_layout(void **st)
{
    (void)st;
    tmpdir_t d;
    tmp_make(&d);
    char text[1024], err[256];
    gmc_accelsim_t *t;
    gmc_kernel_t k;
    gmc_inst_t in[4];
    /* new layout, no version line: the fourth field is a register */
    snprintf(text, sizeof text, "%s#BEGIN_TB\nthread block = 1,0,0\nwarp = 0\ninsts = 2\n"
             "0000 ffffffff 1 R1 LDG.E 1 R2 4 1 0x1000 8\n0010 ffffffff 0 EXIT 0 0\n#END_TB\n", HDR_NOVERSION);
    assert_int_equal(load_text(&d, text, strlen(text), &t, &k, err, sizeof err), 0);
    assert_int_equal(read_warp(&k, 1, 0, in, 4), 2);
    assert_int_equal(in[0].addr[31], 0x1000 + 8 * 31);
    assert_int_equal(gmc_accelsim_stats(t)->trace_version, 0);
    gmc_accelsim_close(t);
    /* an explicit version 2 means the ids lead the line */
    snprintf(text, sizeof text, "-accelsim tracer version = 2\n%s#BEGIN_TB\nthread block = 1,0,0\nwarp = 0\n"
             "insts = 1\n1 0 0 0 0000 ffffffff 0 EXIT 0 0\n#END_TB\n", HDR_NOVERSION);
    assert_int_equal(load_text(&d, text, strlen(text), &t, &k, err, sizeof err), 0);
    assert_int_equal(read_warp(&k, 1, 0, in, 4), 1);
    assert_int_equal(in[0].op, GMC_OP_EXIT);
    assert_int_equal(gmc_accelsim_stats(t)->trace_version, 2);
    gmc_accelsim_close(t);
    /* and version 3 without them: an old-layout line is then an error */
    snprintf(text, sizeof text, "-accelsim tracer version = 3\n%s#BEGIN_TB\nthread block = 1,0,0\nwarp = 0\n"
             "insts = 1\n1 0 0 0 0000 ffffffff 0 EXIT 0 0\n#END_TB\n", HDR_NOVERSION);
    assert_int_equal(load_text(&d, text, strlen(text), &t, &k, err, sizeof err), -1);
    assert_non_null(strstr(err, "kernel-1.traceg:9: expected an opcode (like LDG.E.64), found '0'"));
    gmc_accelsim_close(t);
    tmp_remove(&d);
}

/* Registers: destinations then sources as listed, R<n> as n and UR<n> as
 * 256 + n, RZ and URZ dropped; the opcode's unit class; every trace
 * instruction states its registers (GMC_DEPS_REGS), even none. */
static void registers_and_unit_classes_come_from_the_line(void **st)
{
    (void)st;
    tmpdir_t d;
    tmp_make(&d);
    char text[1024], err[256];
    gmc_accelsim_t *t;
    gmc_kernel_t k;
    gmc_inst_t in[6];
    snprintf(text, sizeof text, "%s#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 5\n"
             "0000 ffffffff 2 R4 UR7 IMAD.WIDE 3 R2 R255 UR63 0\n"
             "0010 ffffffff 1 R8 LDG.E 1 R4 4 1 0x1000 4\n"
             "0020 ffffffff 1 R9 FFMA 3 R8 R8 R255 0\n"
             "0030 ffffffff 0 BRA 0 0\n"
             "0040 ffffffff 0 EXIT 0 0\n#END_TB\n", HDR_NOVERSION);
    assert_int_equal(load_text(&d, text, strlen(text), &t, &k, err, sizeof err), 0);
    assert_int_equal(read_warp(&k, 0, 0, in, 6), 5);
    for (int i = 0; i < 5; i++)
        assert_int_equal(in[i].deps, GMC_DEPS_REGS);
    assert_int_equal(in[0].ndst, 2);
    assert_int_equal(in[0].dst[0], 4);
    assert_int_equal(in[0].dst[1], GMC_REG_UR + 7);
    assert_int_equal(in[0].nsrc, 1);                 /* RZ and URZ are no registers */
    assert_int_equal(in[0].src[0], 2);
    assert_int_equal(in[0].unit, GMC_UNIT_INT);
    assert_int_equal(in[1].ndst, 1);
    assert_int_equal(in[1].dst[0], 8);
    assert_int_equal(in[1].src[0], 4);
    assert_int_equal(in[1].unit, GMC_UNIT_NONE);     /* a load: the load/store unit */
    assert_int_equal(in[2].nsrc, 2);
    assert_int_equal(in[2].unit, GMC_UNIT_SP);
    assert_int_equal(in[3].ndst + in[3].nsrc, 0);
    assert_int_equal(in[3].unit, GMC_UNIT_BRANCH);
    assert_int_equal(in[4].op, GMC_OP_EXIT);
    gmc_accelsim_close(t);
    /* a register number past R255 is an error, not a silent wrap */
    snprintf(text, sizeof text, "%s#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 1\n"
             "0000 ffffffff 1 R256 MOV 0 0\n#END_TB\n", HDR_NOVERSION);
    assert_int_equal(load_text(&d, text, strlen(text), &t, &k, err, sizeof err), -1);
    assert_non_null(strstr(err, "kernel-1.traceg:8: expected destination register 1 of 1 (R0..R255 or "
                                "UR0..UR63), found 'R256'"));
    gmc_accelsim_close(t);
    tmp_remove(&d);
}

/* Tracer version 5: after the addresses Accel-Sim's parser reads one
 * integer into the immediate (0 when it is missing or no number) and
 * ignores the rest of the line, so a line without its immediate, or with
 * fields after it, gives the same instruction as the line as written. */
static void a_v5_line_without_its_immediate_or_with_more_reads_as_accelsim_reads_it(void **st)
{
    (void)st;
    tmpdir_t d;
    tmp_make(&d);
    static const char *const tails[] = {" 7", "", " 7 extra 99", " x", " -3 0x1 R2"};
    for (unsigned i = 0; i < sizeof tails / sizeof tails[0]; i++) {
        char text[1024], err[256];
        gmc_accelsim_t *t;
        gmc_kernel_t k;
        gmc_inst_t in[4];
        snprintf(text, sizeof text, "-accelsim tracer version = 5\n%s#BEGIN_TB\nthread block = 0,0,0\n"
                 "warp = 0\ninsts = 3\n"
                 "0000 ffffffff 1 R1 S2R 0 0%s\n"
                 "0010 0000000b 1 R2 LDG.E 1 R4 4 2 0x1000 8 -4%s\n"
                 "0020 ffffffff 0 EXIT 0 0%s\n#END_TB\n", HDR_NOVERSION, tails[i], tails[i], tails[i]);
        if (load_text(&d, text, strlen(text), &t, &k, err, sizeof err))
            fail_msg("tail '%s': %s", tails[i], err);
        assert_int_equal(read_warp(&k, 0, 0, in, 4), 3);
        assert_int_equal(in[0].unit, GMC_UNIT_INT);
        expect_inst(&in[1], 0x10, 0xb, GMC_OP_LD, 4, 0);
        assert_int_equal(in[1].addr[0], 0x1000);
        assert_int_equal(in[1].addr[1], 0x1008);
        assert_int_equal(in[1].addr[3], 0x1004);
        assert_int_equal(in[2].op, GMC_OP_EXIT);
        assert_int_equal(gmc_accelsim_stats(t)->instruction_lines, 3);
        gmc_accelsim_close(t);
    }
    tmp_remove(&d);
}

/* "-gmc implicit exit = 1" (gmc_accelsim_write.c): each warp's last EXIT
 * was added for Accel-Sim and ends the stream instead of being one of its
 * instructions; a warp that does not end with EXIT or RET is then an
 * error.  The key means nothing to Accel-Sim (an unknown header key). */
static void the_implicit_exit_header_drops_each_warps_last_exit(void **st)
{
    (void)st;
    tmpdir_t d;
    tmp_make(&d);
    char text[1024], err[256];
    gmc_accelsim_t *t;
    gmc_kernel_t k;
    gmc_inst_t in[4];
    snprintf(text, sizeof text, "-gmc implicit exit = 1\n%s#BEGIN_TB\nthread block = 0,0,0\n"
             "warp = 0\ninsts = 2\n0000 ffffffff 1 R1 NOP 1 R1 0\n0000 ffffffff 0 EXIT 0 0\n"
             "#END_TB\n#BEGIN_TB\nthread block = 1,0,0\nwarp = 0\ninsts = 1\n0000 ffffffff 0 EXIT 0 0\n"
             "#END_TB\n", HDR_NOVERSION);
    assert_int_equal(load_text(&d, text, strlen(text), &t, &k, err, sizeof err), 0);
    assert_int_equal(read_warp(&k, 0, 0, in, 4), 1);
    assert_int_equal(in[0].op, GMC_OP_ALU);
    assert_int_equal(read_warp(&k, 1, 0, in, 4), 0);   /* a warp that only exits */
    assert_int_equal(gmc_accelsim_stats(t)->instruction_lines, 3);
    gmc_accelsim_close(t);
    snprintf(text, sizeof text, "-gmc implicit exit = 1\n%s#BEGIN_TB\nthread block = 0,0,0\n"
             "warp = 0\ninsts = 1\n0000 ffffffff 1 R1 NOP 1 R1 0\n#END_TB\n", HDR_NOVERSION);
    assert_int_equal(load_text(&d, text, strlen(text), &t, &k, err, sizeof err), -1);
    assert_non_null(strstr(err, "kernel-1.traceg:10: expected EXIT or RET last in warp 0 (the header's "
                                "-gmc implicit exit = 1), found another instruction"));
    gmc_accelsim_close(t);
    snprintf(text, sizeof text, "-gmc implicit exit = 2\n%s", HDR_NOVERSION);
    assert_int_equal(load_text(&d, text, strlen(text), &t, &k, err, sizeof err), -1);
    assert_non_null(strstr(err, "kernel-1.traceg:1: expected -gmc implicit exit = 0 or 1, found '2'"));
    gmc_accelsim_close(t);
    tmp_remove(&d);
}

/* NOP occupies no functional unit: GMC_UNIT_NONE, the machine's alu_lat
 * (lat 0) -- how a synthetic workload's unit-less ALU instruction is
 * exported. */
static void nop_takes_no_unit_and_the_machines_alu_latency(void **st)
{
    (void)st;
    as_opinfo_t o = as_opcode_lookup("NOP", 3);
    assert_int_equal(o.known, 1);
    assert_int_equal(o.op, GMC_OP_ALU);
    assert_int_equal(o.unit, GMC_UNIT_NONE);
    assert_int_equal(o.lat, 0);
}

static void an_overlong_line_is_refused_with_the_cap(void **st)
{
    (void)st;
    tmpdir_t d;
    tmp_make(&d);
    size_t big = GMC_ACCELSIM_LINE_MAX + 100;
    char *text = malloc(big + 256), err[256];
    assert_non_null(text);
    int h = snprintf(text, 256, "%s#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 1\n", HDR_NOVERSION);
    memset(text + h, '7', big);
    memcpy(text + h + big, "\n#END_TB\n", 9);
    gmc_accelsim_t *t;
    gmc_kernel_t k;
    assert_int_equal(load_text(&d, text, (size_t)h + big + 9, &t, &k, err, sizeof err), -1);
    assert_non_null(strstr(err, "kernel-1.traceg:8: expected a line of at most 65536 bytes, found a longer one"));
    gmc_accelsim_close(t);
    /* in kernelslist.g too */
    memset(text, 'k', big);
    put(&d, "kernelslist.g", text, big);
    assert_null(gmc_accelsim_open(d.dir, err, sizeof err));
    assert_non_null(strstr(err, "kernelslist.g:1: expected a line of at most 65536 bytes"));
    free(text);
    tmp_remove(&d);
}

/* Every prefix of a valid file, and a deterministic set of one-byte
 * corruptions, loads or fails with a located message -- never a crash. */
static void truncated_and_corrupted_files_fail_cleanly(void **st)
{
    (void)st;
    FILE *f = fopen(DATA "/new/kernel-1.traceg", "rb");
    assert_non_null(f);
    char good[4096], text[4096], err[512];
    size_t len = fread(good, 1, sizeof good, f);
    fclose(f);
    tmpdir_t d;
    tmp_make(&d);
    char prefix[96];
    snprintf(prefix, sizeof prefix, "%s/kernel-1.traceg:", d.dir);
    unsigned ok = 0, failed = 0;
    uint32_t x = 12345;
    for (size_t i = 0; i < len + 400; i++) {
        size_t l = len;
        memcpy(text, good, len);
        if (i < len) {
            l = i;   /* truncated after i bytes */
        } else {     /* one byte replaced at a pseudo-random place */
            x = x * 1103515245u + 12345u;
            text[(x >> 8) % len] = (char)(x >> 24);
        }
        gmc_accelsim_t *t;
        gmc_kernel_t k;
        if (load_text(&d, text, l, &t, &k, err, sizeof err) == 0) {
            ok++;
            gmc_inst_t in[16];
            for (uint32_t c = 0; c < gmc_kernel_ctas(&k); c++)
                for (uint32_t w = 0; w < gmc_kernel_warps_per_cta(&k); w++)
                    read_warp(&k, c, w, in, 16);
        } else {
            failed++;
            assert_memory_equal(err, prefix, strlen(prefix));
            assert_non_null(strstr(err, ": expected "));
        }
        gmc_accelsim_close(t);
    }
    assert_true(ok > 0 && failed > len / 2);
    tmp_remove(&d);
}

/* ------------------------------------------------------------ malformed files */

static const struct {
    const char *file, *msg;
} BAD[] = {
    {"kernel-addr-extra.traceg", ":9: expected end of line after the 2 addresses of mask 00000003, found '0x7f0000000008'"},
    {"kernel-addr-missing.traceg", ":9: expected hex address 4 of 4 (mask 0000000f), found end of line"},
    {"kernel-addr-mode.traceg", ":9: expected an address mode 0 (list), 1 (base, stride) or 2 (base, deltas), found '3'"},
    {"kernel-delta-extra.traceg", ":9: expected end of line after the 2 deltas of mask 00000007, found '4'"},
    {"kernel-grid-huge.traceg", ":2: expected -grid dim = (x,y,z) with each at least 1 and at most 2^32-1 blocks in all, "
                                "found '(99999999999999999999,1,1)'"},
    {"kernel-grid-zero.traceg", ":2: expected -grid dim = (x,y,z) with each at least 1 and at most 2^32-1 blocks in all, "
                                "found '(4,0,1)'"},
    {"kernel-hex-addr.traceg", ":9: expected hex address 1 of 1 (mask 00000001), found '0x7f00zz'"},
    {"kernel-hex-pc.traceg", ":9: expected a hex PC below 2^32, found '00g0'"},
    {"kernel-insts-long.traceg", ":10: expected 'warp =' or #END_TB after the 1 instructions of warp 0 (insts at line 8), "
                                 "found '0010 ffffffff 0 EXIT 0 0'"},
    {"kernel-insts-short.traceg", ":11: expected 3 instructions for warp 0 (insts at line 8), found 2"},
    {"kernel-junk.traceg", ":9: expected text, found byte 0x00 at column 3"},
    {"kernel-ld-no-width.traceg", ":9: expected a memory width > 0 and addresses for LDG.E, found '0'"},
    {"kernel-mask-lanes.traceg", ":9: expected an active mask within the warp's lanes 000000ff, found '000001ff'"},
    {"kernel-no-block.traceg", ":5: expected -block dim = (x,y,z) in the header before the first #BEGIN_TB, "
                               "found '#BEGIN_TB'"},
    {"kernel-no-warp.traceg", ":7: expected 'warp = N' and 'insts = N' before instructions, found '0000 ffffffff 0 EXIT 0 0'"},
    {"kernel-old-ids.traceg", ":10: expected '1 0 0 0' (thread block, warp) at the front of the line (trace version < 3), "
                              "found '1'"},
    {"kernel-tb-outside.traceg", ":6: expected a thread block inside the grid (2,1,1), found 'thread block = 2,0,0'"},
    {"kernel-tb-twice.traceg", ":12: expected each thread block once, found 1,0,0 again (first at line 6)"},
    {"kernel-truncated.traceg", ":10: expected #END_TB (thread block at line 5), found end of file"},
    {"kernel-warp-id.traceg", ":7: expected warp = a warp id below 2 (block (64,1,1)), found 'warp = 2'"},
};

static void every_malformed_file_gives_its_file_line_error(void **st)
{
    (void)st;
    gmc_accelsim_t *t = open_ok(DATA "/bad");
    size_t nbad = sizeof BAD / sizeof BAD[0];
    assert_int_equal(gmc_accelsim_nkernels(t), nbad);
    for (unsigned i = 0; i < nbad; i++) {
        char err[512] = "", want[512];
        gmc_kernel_t k, k0;
        memset(&k, 0x5a, sizeof k);
        memset(&k0, 0x5a, sizeof k0);
        assert_string_equal(gmc_accelsim_kernel_path(t, i) + strlen(DATA "/bad/"), BAD[i].file);
        if (gmc_accelsim_load(t, i, &k, err, sizeof err) != -1)
            fail_msg("%s loaded", BAD[i].file);
        snprintf(want, sizeof want, "%s/bad/%s%s", DATA, BAD[i].file, BAD[i].msg);
        if (strcmp(err, want) != 0)
            fail_msg("%s:\n got  %s\n want %s", BAD[i].file, err, want);
        assert_null(strchr(err, '\n'));
        assert_memory_equal(&k, &k0, sizeof k);   /* *k untouched */
    }
    /* nothing half-built: no instruction of a failed file is in the stats */
    assert_int_equal(gmc_accelsim_stats(t)->instruction_lines, 0);
    assert_int_equal(gmc_accelsim_stats(t)->unknown_ops, 0);
    gmc_accelsim_close(t);
}

static void a_missing_kernelslist_is_an_error(void **st)
{
    (void)st;
    char err[512];
    assert_null(gmc_accelsim_open(DATA "/none", err, sizeof err));
    assert_non_null(strstr(err, DATA "/none/kernelslist.g: expected a readable kernel list, found "));
}

/* A list that names no kernel would run nothing and exit 0: an error. */
static void a_kernelslist_naming_no_kernel_is_an_error(void **st)
{
    (void)st;
    tmpdir_t d;
    char err[512];
    tmp_make(&d);
    const char *const lists[] = {"", "\n\n", "MemcpyHtoD,0x00007f0000000000,64\n\n"};
    const char *const found[] = {"found an empty file", "found only blank lines",
                                 "found none in 2 lines (1 of them not kernels, such as MemcpyHtoD)"};
    for (unsigned i = 0; i < 3; i++) {
        put(&d, "kernelslist.g", lists[i], strlen(lists[i]));
        assert_null(gmc_accelsim_open(d.dir, err, sizeof err));
        assert_non_null(strstr(err, "/kernelslist.g: expected a line naming a kernel trace (kernel-N.traceg), "));
        assert_non_null(strstr(err, found[i]));
    }
    tmp_remove(&d);
}

static void a_listed_file_that_is_missing_is_an_error(void **st)
{
    (void)st;
    char err[512];
    assert_null(gmc_accelsim_open(DATA "/bad_missing", err, sizeof err));
    assert_non_null(strstr(err, DATA "/bad_missing/kernelslist.g:2: expected a readable trace file, "
                                "found 'kernel-1.traceg' (No such file or directory)"));
}

/* A .traceg.xz is read through xz -dc (tests/cli/sim.sh runs a compressed
 * copy of new/ and gets the plain copy's report); one that is no xz
 * stream is an error at its first line, and nothing stays loaded. */
static void a_corrupt_compressed_trace_is_an_error(void **st)
{
    (void)st;
    char err[512];
    gmc_accelsim_t *t = open_ok(DATA "/bad_xz");
    assert_string_equal(gmc_accelsim_kernel_path(t, 0), DATA "/bad_xz/kernel-1.traceg.xz");
    gmc_kernel_t k;
    assert_int_equal(gmc_accelsim_load(t, 0, &k, err, sizeof err), -1);
    assert_string_equal(err, DATA "/bad_xz/kernel-1.traceg.xz:1: expected an xz stream that xz -dc "
                             "decompresses, found xz failing (exit 1)");
    assert_int_equal(gmc_accelsim_stats(t)->instruction_lines, 0);
    gmc_accelsim_close(t);
}

static void a_kernel_list_names_traces_by_suffix(void **st)
{
    (void)st;
    char err[512], dir[] = "/tmp/gmc_as_suffix_XXXXXX", path[64];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/kernelslist.g", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("kernel-1.trace.gz\n", f);
    fclose(f);
    assert_null(gmc_accelsim_open(dir, err, sizeof err));
    assert_non_null(strstr(err, "/kernelslist.g:1: expected a .traceg or .traceg.xz file name, found "
                                "'kernel-1.trace.gz'"));
    unlink(path);
    rmdir(dir);
}

static void a_kernel_index_out_of_range_is_an_error(void **st)
{
    (void)st;
    gmc_accelsim_t *t = open_ok(DATA "/old");
    gmc_kernel_t k;
    char err[128];
    assert_int_equal(gmc_accelsim_load(t, 1, &k, err, sizeof err), -1);
    assert_string_equal(err, "expected a kernel index below 1, found 1");
    gmc_accelsim_unload(t, 7);   /* harmless */
    gmc_accelsim_close(t);
    gmc_accelsim_close(NULL);
}

/* ------------------------------------------------------------ the opcode table */

static void opcode_table_is_sorted_for_its_binary_search(void **st)
{
    (void)st;
    assert_true(as_opcode_table_sorted());
}

static void opcodes_map_by_base_name(void **st)
{
    (void)st;
    static const struct { const char *op; int gop, unit, flags; } M[] = {  /* lat: always 0, the unit's */
        {"LDG.E.64", GMC_OP_LD, 0, 0},        {"LDL", GMC_OP_LD, 0, 0},
        {"LD.E", GMC_OP_LD, 0, AS_OPF_GENERIC}, {"LDGSTS.E.BYPASS.128", GMC_OP_LD, 0, AS_OPF_GENERIC},
        {"STG.E", GMC_OP_ST, 0, 0},           {"STL.128", GMC_OP_ST, 0, 0},
        {"ST.E", GMC_OP_ST, 0, AS_OPF_GENERIC}, {"ATOM.E.ADD", GMC_OP_ATOM, 0, 0},
        {"ATOMG.E.EXCH", GMC_OP_ATOM, 0, 0},  {"RED.E.ADD", GMC_OP_ATOM, 0, 0},
        {"LDS.U.128", GMC_OP_SHMEM, 0, 0},    {"STS", GMC_OP_SHMEM, 0, 0},
        {"ATOMS.ADD", GMC_OP_SHMEM, 0, 0},    {"LDSM.16.M88.4", GMC_OP_SHMEM, 0, 0},
        {"BAR.SYNC.DEFER_BLOCKING", GMC_OP_BAR, 0, 0}, {"EXIT", GMC_OP_EXIT, 0, AS_OPF_EXIT},
        {"RET.REL.NODEC", GMC_OP_EXIT, 0, AS_OPF_EXIT}, {"IMAD.MOV.U32", GMC_OP_ALU, GMC_UNIT_INT, 0},
        {"FFMA", GMC_OP_ALU, GMC_UNIT_SP, 0},           {"DFMA", GMC_OP_ALU, GMC_UNIT_DP, 0},
        {"MUFU.RSQ", GMC_OP_ALU, GMC_UNIT_SFU, 0},      {"HMMA.1688.F32", GMC_OP_ALU, GMC_UNIT_TENSOR, 0},
        {"TEX.SCR.B.LL", GMC_OP_ALU, GMC_UNIT_TEX, 0}, {"BRA", GMC_OP_ALU, GMC_UNIT_BRANCH, 0},
        {"ULDC.64", GMC_OP_ALU, GMC_UNIT_UDP, 0},
    };
    for (size_t i = 0; i < sizeof M / sizeof M[0]; i++) {
        as_opinfo_t oi = as_opcode_lookup(M[i].op, strlen(M[i].op));
        if (!oi.known || oi.op != M[i].gop || oi.lat || oi.unit != M[i].unit || oi.flags != M[i].flags)
            fail_msg("%s: known %d op %d lat %d unit %d flags %d", M[i].op, oi.known, oi.op, oi.lat, oi.unit,
                     oi.flags);
    }
    as_opinfo_t u = as_opcode_lookup("LDGX.E", 6);   /* a prefix of nothing: unknown */
    assert_int_equal(u.known, 0);
    assert_int_equal(u.op, GMC_OP_ALU);
    assert_int_equal(u.lat, 0);
    assert_int_equal(as_opcode_lookup("LD", 2).known, 1);
    assert_int_equal(as_opcode_lookup("L", 1).known, 0);
}

static void memory_width_comes_from_the_opcode(void **st)
{
    (void)st;
    static const struct { const char *op; unsigned w; } W[] = {
        {"LDG.E", 4}, {"LDG.E.64", 8}, {"LDG.E.128.CONSTANT.SYS", 16}, {"LDG.E.U8", 1},
        {"LDG.E.U16", 2}, {"LDG.E.S16", 2}, {"STG.E.SYS", 4}, {"LDG.E.ENL2.256", 16},
        {"ATOMG.E.ADD.F32.FTZ.RN", 4},
    };
    for (size_t i = 0; i < sizeof W / sizeof W[0]; i++)
        if (as_opcode_width(W[i].op, strlen(W[i].op)) != W[i].w)
            fail_msg("%s: %u, want %u", W[i].op, as_opcode_width(W[i].op, strlen(W[i].op)), W[i].w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(kernelslist_names_kernels_in_order_and_counts_other_lines),
        cmocka_unit_test(header_fills_name_grid_block_regs_and_shared_memory),
        cmocka_unit_test(a_register_count_no_sass_thread_has_is_clamped_and_listed),
        cmocka_unit_test(new_layout_instructions_expand_every_address_mode),
        cmocka_unit_test(ctas_are_ordered_by_linear_id_not_by_file_order),
        cmocka_unit_test(lineinfo_partial_warps_and_far_addresses_parse),
        cmocka_unit_test(instruction_lines_equal_the_lines_in_the_files),
        cmocka_unit_test(unknown_opcodes_are_counted_and_named_not_errors),
        cmocka_unit_test(a_kernel_is_counted_once_however_often_it_is_loaded),
        cmocka_unit_test(interleaved_cursors_replay_the_same_stream),
        cmocka_unit_test(old_layout_reads_ids_at_the_front_of_each_line),
        cmocka_unit_test(without_a_version_header_the_fourth_field_decides_the_layout),
        cmocka_unit_test(registers_and_unit_classes_come_from_the_line),
        cmocka_unit_test(a_v5_line_without_its_immediate_or_with_more_reads_as_accelsim_reads_it),
        cmocka_unit_test(the_implicit_exit_header_drops_each_warps_last_exit),
        cmocka_unit_test(nop_takes_no_unit_and_the_machines_alu_latency),
        cmocka_unit_test(an_overlong_line_is_refused_with_the_cap),
        cmocka_unit_test(truncated_and_corrupted_files_fail_cleanly),
        cmocka_unit_test(every_malformed_file_gives_its_file_line_error),
        cmocka_unit_test(a_missing_kernelslist_is_an_error),
        cmocka_unit_test(a_kernelslist_naming_no_kernel_is_an_error),
        cmocka_unit_test(a_listed_file_that_is_missing_is_an_error),
        cmocka_unit_test(a_corrupt_compressed_trace_is_an_error),
        cmocka_unit_test(a_kernel_list_names_traces_by_suffix),
        cmocka_unit_test(a_kernel_index_out_of_range_is_an_error),
        cmocka_unit_test(opcode_table_is_sorted_for_its_binary_search),
        cmocka_unit_test(opcodes_map_by_base_name),
        cmocka_unit_test(memory_width_comes_from_the_opcode),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
