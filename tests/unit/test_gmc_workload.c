/* Unit tests of the synthetic GPU workloads (model/gpu/gmc_workload.h):
 * every stream ends, determinism, independence from warp interleaving,
 * the coalescing of each access pattern (computed here from the lane
 * addresses), divergence, the compute knob, bad params. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu/gmc_workload.h"
#include "test_util.h"

#define LINE   128u
#define SECTOR 32u
#define WARP_LIMIT 1000000ull    /* instructions: a warp past this never ends */

/* ------------------------------------------------------------ walking */

typedef struct {
    uint64_t n, op[GMC_OP_N], lanes, digest, mem_digest;
    uint64_t bad;                       /* malformed instructions */
    char     why[512];                  /* the first one */
    /* per op (LD, ST): full-mask instructions and their lines/sectors */
    uint64_t full[GMC_OP_N], lines_min[GMC_OP_N], lines_max[GMC_OP_N], lines_sum[GMC_OP_N];
    uint64_t sectors_sum[GMC_OP_N];
    uint64_t shrunk;                    /* LDs with a strict subset of the warp's first LD mask */
    int      gap;                       /* -1, or ALU instructions expected before each memory op */
    uint64_t gap_bad;
    uint64_t addr_min, addr_max;       /* LD, ST, ATOM lanes */
    uint64_t ld_min, ld_max;           /* LD lanes */
    /* dependences (gmc_kernel.h): instructions not stating their registers,
     * ALU ones with no unit, loads writing no register; instructions that
     * read a load's destination (registers 16..31, gmc_wl_impl.h) */
    uint64_t deps_serial, alu_no_unit, ld_no_dst, reads_load;
} stats_t;

static void stats_init(stats_t *s, int gap)
{
    memset(s, 0, sizeof *s);
    s->digest = s->mem_digest = TEST_FNV_OFFSET;
    s->gap = gap;
    s->addr_min = s->ld_min = UINT64_MAX;
    for (int o = 0; o < GMC_OP_N; o++)
        s->lines_min[o] = UINT64_MAX;
}

static int is_mem(unsigned op)
{
    return op == GMC_OP_LD || op == GMC_OP_ST || op == GMC_OP_ATOM || op == GMC_OP_SHMEM;
}

/* Distinct values of v[0..n) >> shift. */
static unsigned distinct(const uint64_t *v, unsigned n, unsigned shift)
{
    uint64_t a[32];
    for (unsigned i = 0; i < n; i++) {
        uint64_t x = v[i] >> shift;
        unsigned j = i;
        while (j > 0 && a[j - 1] > x) {
            a[j] = a[j - 1];
            j--;
        }
        a[j] = x;
    }
    unsigned d = 0;
    for (unsigned i = 0; i < n; i++)
        d += i == 0 || a[i] != a[i - 1];
    return d;
}

static uint64_t inst_digest(uint64_t h, const gmc_inst_t *in)
{
    h = test_fnv(h, in->pc);
    h = test_fnv(h, (uint64_t)in->op << 48 | (uint64_t)in->width << 40 | (uint64_t)in->lat << 32 |
               in->mask);
    if (in->op == GMC_OP_LD || in->op == GMC_OP_ST || in->op == GMC_OP_ATOM)
        for (unsigned l = 0; l < 32; l++)
            if (in->mask >> l & 1)
                h = test_fnv(h, gmc_inst_lane_addr(in, l));
    return h;
}

static void flag(stats_t *s, const char *what, uint32_t cta, uint32_t w)
{
    if (!s->bad++)
        snprintf(s->why, sizeof s->why, "%s (CTA %u warp %u, instruction %llu)", what, cta, w,
                 (unsigned long long)s->n);
}

typedef struct {      /* per-warp state of the checks */
    uint32_t exist, first_ld;
    unsigned alu_run;
} warp_chk_t;

static void account(stats_t *s, warp_chk_t *wc, const gmc_inst_t *in, uint32_t cta, uint32_t w)
{
    s->n++;
    s->digest = inst_digest(s->digest, in);
    if (in->op >= GMC_OP_N) {
        flag(s, "op out of range", cta, w);
        return;
    }
    s->op[in->op]++;
    s->lanes += (uint64_t)__builtin_popcount(in->mask);
    s->deps_serial += in->deps != GMC_DEPS_REGS;
    s->alu_no_unit += in->op == GMC_OP_ALU && in->unit == GMC_UNIT_NONE;
    s->ld_no_dst += (in->op == GMC_OP_LD || in->op == GMC_OP_SHMEM) && in->ndst != 1;
    for (unsigned j = 0; j < in->nsrc && j < GMC_INST_MAX_REGS; j++)
        if (in->src[j] >= 16 && in->src[j] < 32) {
            s->reads_load++;
            break;
        }
    if (!in->mask || (in->mask & ~wc->exist))
        flag(s, "mask empty or naming lanes the warp does not have", cta, w);
    if (in->op == GMC_OP_ALU) {
        wc->alu_run++;
        return;
    }
    s->mem_digest = inst_digest(s->mem_digest, in);
    if (is_mem(in->op)) {
        if (s->gap >= 0 && wc->alu_run != (unsigned)s->gap)
            s->gap_bad++;
        wc->alu_run = 0;
    }
    if (in->op != GMC_OP_LD && in->op != GMC_OP_ST && in->op != GMC_OP_ATOM)
        return;
    unsigned width = in->width ? in->width : 4;
    if (width > 16)
        flag(s, "width above 16", cta, w);
    uint64_t a[32];
    unsigned na = 0;
    for (unsigned l = 0; l < 32; l++)
        if (in->mask >> l & 1) {
            uint64_t x = gmc_inst_lane_addr(in, l);
            if (x % width)
                flag(s, "lane address not aligned to the width", cta, w);
            if (x / LINE != (x + width - 1) / LINE)
                flag(s, "lane access crosses a line", cta, w);
            if (x < GMC_WORKLOAD_BASE)
                flag(s, "address below GMC_WORKLOAD_BASE", cta, w);
            s->addr_min = x < s->addr_min ? x : s->addr_min;
            s->addr_max = x > s->addr_max ? x : s->addr_max;
            a[na++] = x;
            if (in->op == GMC_OP_LD) {
                s->ld_min = x < s->ld_min ? x : s->ld_min;
                s->ld_max = x > s->ld_max ? x : s->ld_max;
            }
        }
    if (in->op == GMC_OP_LD) {
        if (!wc->first_ld)
            wc->first_ld = in->mask;
        else if ((in->mask & wc->first_ld) == in->mask && in->mask != wc->first_ld)
            s->shrunk++;
    }
    if (in->mask == 0xffffffffu) {
        unsigned lines = distinct(a, na, 7), sectors = distinct(a, na, 5);
        s->full[in->op]++;
        s->lines_sum[in->op] += lines;
        s->sectors_sum[in->op] += sectors;
        s->lines_min[in->op] = lines < s->lines_min[in->op] ? lines : s->lines_min[in->op];
        s->lines_max[in->op] = lines > s->lines_max[in->op] ? lines : s->lines_max[in->op];
    }
}

static uint32_t exist_mask(const gmc_kernel_t *k, uint32_t w)
{
    uint32_t t = gmc_kernel_threads_per_cta(k) - 32 * w;
    return t >= 32 ? 0xffffffffu : (1u << t) - 1;
}

/* Runs every warp of every CTA of k to its end, CTA by CTA. */
static void walk_kernel(gmc_kernel_t *k, stats_t *s)
{
    uint32_t nw = gmc_kernel_warps_per_cta(k);
    gmc_warp_cursor_t *c = calloc(nw, sizeof *c);
    assert_non_null(c);
    gmc_inst_t in;
    char err[256];
    for (uint32_t cta = 0; cta < gmc_kernel_ctas(k) && !s->bad; cta++) {
        for (uint32_t w = 0; w < nw; w++)
            k->ops->warp_begin(k, cta, w, &c[w]);
        for (uint32_t w = 0; w < nw; w++) {
            warp_chk_t wc = {exist_mask(k, w), 0, 0};
            uint64_t i = 0;
            int r;
            while ((r = k->ops->next(k, &c[w], &in, err, sizeof err)) == 1) {
                account(s, &wc, &in, cta, w);
                if (++i > WARP_LIMIT) {
                    flag(s, "the warp does not end", cta, w);
                    break;
                }
            }
            if (r < 0)
                flag(s, err, cta, w);
            if (wc.alu_run)
                flag(s, "ALU after the last memory instruction", cta, w);
        }
    }
    free(c);
}

static gmc_workload_t *build(const char *name, uint64_t seed, double scale, int alu)
{
    gmc_workload_params_t p = {seed, scale, alu};
    char err[256] = "";
    gmc_workload_t *w = gmc_workload_new(name, &p, err, sizeof err);
    if (!w)
        print_error("%s: %s\n", name, err);
    assert_non_null(w);
    return w;
}

/* Builds and walks name; the stats over all its kernels. */
static void walk(const char *name, uint64_t seed, double scale, int alu, stats_t *s)
{
    gmc_workload_t *w = build(name, seed, scale, alu);
    stats_init(s, alu);
    assert_true(gmc_workload_nkernels(w) >= 1);
    for (unsigned i = 0; i < gmc_workload_nkernels(w); i++)
        walk_kernel(gmc_workload_kernel(w, i), s);
    gmc_workload_delete(w);
    if (s->bad)
        print_error("%s: %llu bad instructions, first: %s\n", name,
                    (unsigned long long)s->bad, s->why);
    assert_int_equal(s->bad, 0);
}

static double mean_lines(const stats_t *s, unsigned op)
{
    return s->full[op] ? (double)s->lines_sum[op] / (double)s->full[op] : 0.0;
}

static double mean_sectors(const stats_t *s, unsigned op)
{
    return s->full[op] ? (double)s->sectors_sum[op] / (double)s->full[op] : 0.0;
}

/* ------------------------------------------------------------ tests */

static void every_workload_builds_at_scale_0_1_and_its_streams_end(void **state)
{
    (void)state;
    printf("  %-15s %3s %9s %8s %8s %7s %7s %6s %6s %5s %6s\n", "workload", "k", "instr",
           "ALU", "LD", "ST", "SHMEM", "BAR", "LDlin", "LDsec", "ALU%");
    for (unsigned i = 0; i < gmc_workload_count(); i++) {
        const char *name = gmc_workload_info(i)->name;
        stats_t s;
        walk(name, 1, 0.1, -1, &s);
        gmc_workload_t *w = build(name, 1, 0.1, -1);
        printf("  %-15s %3u %9llu %8llu %8llu %7llu %7llu %6llu %6.1f %5.1f %5.1f%%\n", name,
               gmc_workload_nkernels(w), (unsigned long long)s.n,
               (unsigned long long)s.op[GMC_OP_ALU], (unsigned long long)s.op[GMC_OP_LD],
               (unsigned long long)s.op[GMC_OP_ST], (unsigned long long)s.op[GMC_OP_SHMEM],
               (unsigned long long)s.op[GMC_OP_BAR], mean_lines(&s, GMC_OP_LD),
               mean_sectors(&s, GMC_OP_LD), 100.0 * (double)s.op[GMC_OP_ALU] / (double)s.n);
        gmc_workload_delete(w);
        assert_true(s.op[GMC_OP_LD] > 0);
        assert_true(s.op[GMC_OP_ST] > 0);
        assert_int_equal(s.op[GMC_OP_EXIT], 0);   /* the end is next() returning 0 */
    }
}

/* Every workload states its registers (gmc_wl_impl.h): each instruction
 * is GMC_DEPS_REGS, each ALU instruction has a unit class, each load and
 * shared-memory read writes a register, and loaded values are read. */
static void every_workload_states_its_dependences(void **state)
{
    (void)state;
    for (unsigned i = 0; i < gmc_workload_count(); i++) {
        const char *name = gmc_workload_info(i)->name;
        stats_t s;
        walk(name, 1, 0.05, -1, &s);
        if (s.deps_serial || s.alu_no_unit || s.ld_no_dst || !s.reads_load)
            fail_msg("%s: %llu instructions without registers, %llu ALU without a unit, %llu loads "
                     "without a destination, %llu reading a load's", name,
                     (unsigned long long)s.deps_serial, (unsigned long long)s.alu_no_unit,
                     (unsigned long long)s.ld_no_dst, (unsigned long long)s.reads_load);
    }
}

static void a_tiny_scale_still_gives_every_workload_a_warp_that_ends(void **state)
{
    (void)state;
    for (unsigned i = 0; i < gmc_workload_count(); i++) {
        stats_t s;
        walk(gmc_workload_info(i)->name, 1, 1e-6, -1, &s);
        assert_true(s.op[GMC_OP_LD] > 0);
    }
}

static void default_sizes_run_about_half_to_two_million_warp_instructions(void **state)
{
    (void)state;
    for (unsigned i = 0; i < gmc_workload_count(); i++) {
        const char *name = gmc_workload_info(i)->name;
        stats_t s;
        walk(name, 1, 1.0, -1, &s);
        printf("  %-15s %9llu warp instructions, addresses 0x%llx..0x%llx\n", name,
               (unsigned long long)s.n, (unsigned long long)s.addr_min,
               (unsigned long long)s.addr_max);
        /* hoa stops at 0.39 M: its 4 M sector requests are what cost (gmc_wl_synth.c) */
        assert_true(s.n >= 350000 && s.n <= 2000000);
        assert_true(s.addr_max < (1ull << 30));   /* inside the 1 GB of the GDDR5 map */
    }
}

static void same_seed_gives_identical_streams(void **state)
{
    (void)state;
    for (unsigned i = 0; i < gmc_workload_count(); i++) {
        const char *name = gmc_workload_info(i)->name;
        stats_t a, b;
        walk(name, 7, 0.1, -1, &a);
        walk(name, 7, 0.1, -1, &b);
        assert_int_equal(a.n, b.n);
        assert_int_equal(a.digest, b.digest);
    }
}

static void another_seed_changes_the_graphs_and_random_lines_only(void **state)
{
    (void)state;
    static const char *const random[] = {"spmv", "bfs", "hoa", "spmv:graph=uniform"};
    for (unsigned i = 0; i < sizeof random / sizeof *random; i++) {
        stats_t a, b;
        walk(random[i], 7, 0.1, -1, &a);
        walk(random[i], 8, 0.1, -1, &b);
        assert_int_not_equal(a.digest, b.digest);
    }
    static const char *const fixed[] = {"stream", "transpose", "matmul", "kmeans", "moa"};
    for (unsigned i = 0; i < sizeof fixed / sizeof *fixed; i++) {
        stats_t a, b;
        walk(fixed[i], 7, 0.1, -1, &a);
        walk(fixed[i], 8, 0.1, -1, &b);
        assert_int_equal(a.digest, b.digest);
    }
}

/* Each warp's digest, warps run one at a time (rr = 0) or one instruction
 * per warp in turn with the CTAs placed last-first (rr = 1); the sum over
 * warps does not depend on the order. */
static uint64_t warp_digest_sum(gmc_kernel_t *k, int rr)
{
    uint32_t nw = gmc_kernel_warps_per_cta(k), nc = gmc_kernel_ctas(k);
    uint64_t total = (uint64_t)nw * nc, sum = 0;
    gmc_warp_cursor_t *c = calloc(total, sizeof *c);
    uint64_t *h = calloc(total, sizeof *h);
    char *live = calloc(total, 1);
    assert_true(c && h && live);
    for (uint32_t i = 0; i < nc; i++) {
        uint32_t cta = rr ? nc - 1 - i : i;
        for (uint32_t w = 0; w < nw; w++) {
            k->ops->warp_begin(k, cta, w, &c[(uint64_t)cta * nw + w]);
            h[(uint64_t)cta * nw + w] = TEST_FNV_OFFSET;
            live[(uint64_t)cta * nw + w] = 1;
        }
    }
    gmc_inst_t in;
    char err[256];
    for (uint64_t left = total; left;) {
        for (uint64_t j = 0; j < total; j++) {
            uint64_t x = rr ? total - 1 - j : j;
            while (live[x]) {
                int r = k->ops->next(k, &c[x], &in, err, sizeof err);
                assert_true(r >= 0);
                if (r == 0) {
                    live[x] = 0;
                    left--;
                    break;
                }
                h[x] = inst_digest(h[x], &in);
                if (rr)
                    break;
            }
        }
    }
    for (uint64_t x = 0; x < total; x++)
        sum += h[x] * (2 * x + 1);   /* tied to the warp: a swap between warps shows */
    free(c);
    free(h);
    free(live);
    return sum;
}

static void streams_do_not_depend_on_warp_interleaving(void **state)
{
    (void)state;
    for (unsigned i = 0; i < gmc_workload_count(); i++) {
        const char *name = gmc_workload_info(i)->name;
        gmc_workload_t *w = build(name, 3, 0.05, -1);
        for (unsigned k = 0; k < gmc_workload_nkernels(w); k++) {
            gmc_kernel_t *kk = gmc_workload_kernel(w, k);
            assert_int_equal(warp_digest_sum(kk, 0), warp_digest_sum(kk, 1));
        }
        gmc_workload_delete(w);
    }
}

static void stream_full_warp_loads_and_stores_touch_one_line_of_four_sectors(void **state)
{
    (void)state;
    stats_t s;
    walk("stream", 1, 0.1, -1, &s);
    assert_true(s.full[GMC_OP_LD] > 0);
    assert_int_equal(s.lines_min[GMC_OP_LD], 1);
    assert_int_equal(s.lines_max[GMC_OP_LD], 1);
    assert_int_equal(s.sectors_sum[GMC_OP_LD], 4 * s.full[GMC_OP_LD]);
    assert_int_equal(s.lines_max[GMC_OP_ST], 1);
}

static void transpose_reads_rows_and_writes_32_rows_per_warp(void **state)
{
    (void)state;
    stats_t s;
    walk("transpose", 1, 0.1, -1, &s);
    assert_int_equal(s.lines_max[GMC_OP_LD], 1);
    assert_int_equal(s.lines_min[GMC_OP_ST], 32);
    assert_int_equal(s.sectors_sum[GMC_OP_ST], 32 * s.full[GMC_OP_ST]);
}

static void transpose_read_loads_touch_32_lines_and_stores_one(void **state)
{
    (void)state;
    stats_t s;
    walk("transpose-read", 1, 0.1, -1, &s);
    assert_int_equal(s.lines_min[GMC_OP_LD], 32);
    assert_int_equal(s.lines_max[GMC_OP_ST], 1);
}

static void kmeans_loads_touch_more_than_8_lines(void **state)
{
    (void)state;
    stats_t s;
    walk("kmeans", 1, 0.1, -1, &s);
    printf("  kmeans: %.1f lines per full load warp\n", mean_lines(&s, GMC_OP_LD));
    assert_true(s.lines_min[GMC_OP_LD] > 8);
    /* one point's features are contiguous: f=1 gives a coalesced load */
    walk("kmeans:f=1", 1, 0.1, -1, &s);
    assert_int_equal(s.lines_max[GMC_OP_LD], 1);
}

static void hoa_loads_touch_more_than_8_lines(void **state)
{
    (void)state;
    stats_t s;
    walk("hoa", 1, 0.1, -1, &s);
    printf("  hoa: %.2f lines, %.2f sectors per load warp\n", mean_lines(&s, GMC_OP_LD),
           mean_sectors(&s, GMC_OP_LD));
    assert_true(s.lines_min[GMC_OP_LD] > 8);
    assert_true(mean_lines(&s, GMC_OP_LD) > 31.9);
    walk("hoa:lines=16", 1, 0.1, -1, &s);
    assert_true(s.lines_min[GMC_OP_LD] > 8 && s.lines_max[GMC_OP_LD] <= 16);
    assert_true(s.sectors_sum[GMC_OP_LD] <= 16 * s.full[GMC_OP_LD]);
}

static void moa_loads_touch_one_line_or_two_with_lines_2(void **state)
{
    (void)state;
    stats_t s;
    walk("moa", 1, 0.1, -1, &s);
    assert_int_equal(s.lines_min[GMC_OP_LD], 1);
    assert_int_equal(s.lines_max[GMC_OP_LD], 1);
    assert_int_equal(s.sectors_sum[GMC_OP_LD], 4 * s.full[GMC_OP_LD]);
    walk("moa:lines=2", 1, 0.1, -1, &s);
    assert_int_equal(s.lines_min[GMC_OP_LD], 2);
    assert_int_equal(s.lines_max[GMC_OP_LD], 2);
}

static void loa_rereads_a_working_set_of_1_MB_32_times(void **state)
{
    (void)state;
    stats_t s;
    walk("loa", 1, 1.0, -1, &s);
    assert_int_equal(s.lines_max[GMC_OP_LD], 1);
    assert_int_equal(s.ld_max + 4 - s.ld_min, 1u << 20);
    assert_int_equal(s.op[GMC_OP_LD], (1u << 20) / LINE * 32);
    /* below scale 1 the working set shrinks, the 32 passes stay */
    walk("loa", 1, 0.25, -1, &s);
    assert_int_equal(s.ld_max + 4 - s.ld_min, 1u << 18);
    assert_int_equal(s.op[GMC_OP_LD], (1u << 18) / LINE * 32);
}

static void spmv_and_bfs_masks_shrink(void **state)
{
    (void)state;
    static const char *const names[] = {"spmv", "bfs", "spmv:graph=uniform"};
    for (unsigned i = 0; i < 3; i++) {
        stats_t s;
        walk(names[i], 1, 0.1, -1, &s);
        printf("  %s: %llu of %llu loads run with fewer lanes than the warp's first\n",
               names[i], (unsigned long long)s.shrunk, (unsigned long long)s.op[GMC_OP_LD]);
        assert_true(s.shrunk > 0);
        assert_true(s.lanes < 32 * s.n);
    }
}

static void matmul_has_bars_and_shmem_ops(void **state)
{
    (void)state;
    gmc_workload_t *w = build("matmul", 1, 0.1, -1);
    gmc_kernel_t *k = gmc_workload_kernel(w, 0);
    assert_int_equal(gmc_kernel_threads_per_cta(k), 256);
    assert_int_equal(k->block[0], 16);
    assert_int_equal(k->smem_per_cta, 2 * 16 * 16 * 4);
    stats_t s;
    stats_init(&s, -1);
    walk_kernel(k, &s);
    uint64_t warps = (uint64_t)gmc_kernel_ctas(k) * 8, tiles = k->grid[0];
    gmc_workload_delete(w);
    /* per tile and warp: 2 BARs, 2 SHMEM stores, 16 x 2 SHMEM loads, 2 LDs */
    assert_int_equal(s.op[GMC_OP_BAR], warps * tiles * 2);
    assert_int_equal(s.op[GMC_OP_SHMEM], warps * tiles * 34);
    assert_int_equal(s.op[GMC_OP_LD], warps * tiles * 2);
    /* 16x16 tiles: a warp's load is two half-lines */
    assert_int_equal(s.sectors_sum[GMC_OP_LD], 4 * s.full[GMC_OP_LD]);
}

static void alu_per_mem_puts_exactly_n_alu_before_each_memory_op(void **state)
{
    (void)state;
    static const int ns[] = {0, 5};
    for (unsigned i = 0; i < gmc_workload_count(); i++) {
        const char *name = gmc_workload_info(i)->name;
        stats_t own, s;
        walk(name, 1, 0.05, -1, &own);
        for (unsigned j = 0; j < 2; j++) {
            walk(name, 1, 0.05, ns[j], &s);
            uint64_t mem = s.op[GMC_OP_LD] + s.op[GMC_OP_ST] + s.op[GMC_OP_ATOM] +
                           s.op[GMC_OP_SHMEM];
            assert_int_equal(s.gap_bad, 0);
            assert_int_equal(s.op[GMC_OP_ALU], (uint64_t)ns[j] * mem);
            /* the knob changes the ALU instructions only */
            assert_int_equal(s.mem_digest, own.mem_digest);
        }
        printf("  %-15s ALU share: own %.3f, alu_per_mem 5 %.3f\n", name,
               (double)own.op[GMC_OP_ALU] / (double)own.n, (double)s.op[GMC_OP_ALU] / (double)s.n);
    }
}

static void expect_rejected(const char *name, double scale, int alu, const char *needle)
{
    gmc_workload_params_t p = {1, scale, alu};
    char err[256] = "";
    gmc_workload_t *w = gmc_workload_new(name, &p, err, sizeof err);
    if (w || !strstr(err, needle))
        print_error("'%s' scale %g alu %d: '%s'\n", name ? name : "(null)", scale, alu, err);
    assert_null(w);
    assert_non_null(strstr(err, "expected"));
    assert_non_null(strstr(err, "found"));
    assert_null(strchr(err, '\n'));
    assert_non_null(strstr(err, needle));
}

static void bad_params_are_rejected_with_one_clear_line(void **state)
{
    (void)state;
    expect_rejected("streem", 1, -1, "found 'streem'");
    expect_rejected("", 1, -1, "found ''");
    expect_rejected(NULL, 1, -1, "expected one of");
    expect_rejected("stream", 0, -1, "scale");
    expect_rejected("stream", -2, -1, "scale");
    expect_rejected("stream", NAN, -1, "scale");
    expect_rejected("stream", 1e9, -1, "scale");
    expect_rejected("bfs", GMC_WORKLOAD_SCALE_MAX * 1.01, -1, "scale");
    expect_rejected("stream", 1, 1001, "alu_per_mem");
    expect_rejected("stream", 1, -2, "alu_per_mem");
    expect_rejected("stream:lines=2", 1, -1, "expected no options");
    expect_rejected("hoa:lines=8", 1, -1, "16..32");
    expect_rejected("hoa:line=16", 1, -1, "found 'line=16'");
    expect_rejected("stream:x", 1, -1, "found 'x'");
    expect_rejected("moa:lines=3", 1, -1, "1..2");
    expect_rejected("moa:lines=1x", 1, -1, "found '1x'");
    expect_rejected("moa:lines", 1, -1, "lines=<value>");
    expect_rejected("moa:lines=1,lines=2", 1, -1, "once");
    expect_rejected("spmv:graph=grid", 1, -1, "rmat or uniform");
    expect_rejected("bfs:deg=0", 1, -1, "1..64");
    expect_rejected("kmeans:k=65", 1, -1, "1..64");
    expect_rejected("loa:ws=2", 1, -1, "ws=");
}

static void the_list_names_every_workload_once_with_a_class(void **state)
{
    (void)state;
    char buf[1024];
    size_t len = gmc_workload_list(buf, sizeof buf);
    assert_int_equal(len, strlen(buf));
    assert_int_equal(gmc_workload_list(NULL, 0), len);
    unsigned lines = 0;
    for (size_t i = 0; i < len; i++)
        lines += buf[i] == '\n';
    assert_int_equal(lines, gmc_workload_count());
    static const char *const want[] = {"stream", "transpose", "transpose-read", "stencil",
                                       "matmul", "spmv", "bfs", "kmeans", "loa", "moa", "hoa"};
    assert_int_equal(gmc_workload_count(), sizeof want / sizeof *want);
    for (unsigned i = 0; i < gmc_workload_count(); i++) {
        const gmc_workload_info_t *in = gmc_workload_info(i);
        assert_string_equal(in->name, want[i]);
        assert_true(!strcmp(in->klass, "LOA") || !strcmp(in->klass, "MOA") ||
                    !strcmp(in->klass, "HOA") || !strcmp(in->klass, "-"));
        assert_true(strlen(in->what) > 10);
    }
    assert_null(gmc_workload_info(gmc_workload_count()));
    assert_string_equal(gmc_workload_info(8)->klass, "LOA");
    assert_string_equal(gmc_workload_info(9)->klass, "MOA");
    assert_string_equal(gmc_workload_info(10)->klass, "HOA");
}

static void arrays_start_on_distinct_2_MiB_boundaries(void **state)
{
    (void)state;
    gmc_workload_t *w = build("stream", 1, 0.1, -1);
    gmc_kernel_t *k = gmc_workload_kernel(w, 0);
    gmc_warp_cursor_t c;
    gmc_inst_t in;
    char err[64];
    uint64_t a = 0, b = 0;
    k->ops->warp_begin(k, 0, 0, &c);
    while (k->ops->next(k, &c, &in, err, sizeof err) == 1 && !b) {
        if (in.op == GMC_OP_LD && !a)
            a = in.addr[0];
        if (in.op == GMC_OP_ST)
            b = in.addr[0];
    }
    gmc_workload_delete(w);
    assert_int_equal(a % GMC_WORKLOAD_ALIGN, 0);
    assert_int_equal(b % GMC_WORKLOAD_ALIGN, 0);
    assert_true(b >= a + 4 * 419430);   /* a[] (0.1 x 4 Mi floats) lies below b[] */
}

static void bfs_runs_one_kernel_per_level_and_the_last_stores_nothing(void **state)
{
    (void)state;
    gmc_workload_t *w = build("bfs", 1, 0.1, -1);
    unsigned nk = gmc_workload_nkernels(w);
    printf("  bfs: %u levels\n", nk);
    assert_true(nk >= 3);
    /* level 0: one frontier lane (the source) loads its row pointers */
    stats_t s;
    stats_init(&s, -1);
    walk_kernel(gmc_workload_kernel(w, 0), &s);
    assert_true(s.op[GMC_OP_ST] > 0);
    stats_init(&s, -1);
    walk_kernel(gmc_workload_kernel(w, nk - 1), &s);
    assert_int_equal(s.op[GMC_OP_ST], 0);
    gmc_workload_delete(w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_workload_builds_at_scale_0_1_and_its_streams_end),
        cmocka_unit_test(every_workload_states_its_dependences),
        cmocka_unit_test(a_tiny_scale_still_gives_every_workload_a_warp_that_ends),
        cmocka_unit_test(default_sizes_run_about_half_to_two_million_warp_instructions),
        cmocka_unit_test(same_seed_gives_identical_streams),
        cmocka_unit_test(another_seed_changes_the_graphs_and_random_lines_only),
        cmocka_unit_test(streams_do_not_depend_on_warp_interleaving),
        cmocka_unit_test(stream_full_warp_loads_and_stores_touch_one_line_of_four_sectors),
        cmocka_unit_test(transpose_reads_rows_and_writes_32_rows_per_warp),
        cmocka_unit_test(transpose_read_loads_touch_32_lines_and_stores_one),
        cmocka_unit_test(kmeans_loads_touch_more_than_8_lines),
        cmocka_unit_test(hoa_loads_touch_more_than_8_lines),
        cmocka_unit_test(moa_loads_touch_one_line_or_two_with_lines_2),
        cmocka_unit_test(loa_rereads_a_working_set_of_1_MB_32_times),
        cmocka_unit_test(spmv_and_bfs_masks_shrink),
        cmocka_unit_test(matmul_has_bars_and_shmem_ops),
        cmocka_unit_test(alu_per_mem_puts_exactly_n_alu_before_each_memory_op),
        cmocka_unit_test(bad_params_are_rejected_with_one_clear_line),
        cmocka_unit_test(the_list_names_every_workload_once_with_a_class),
        cmocka_unit_test(arrays_start_on_distinct_2_MiB_boundaries),
        cmocka_unit_test(bfs_runs_one_kernel_per_level_and_the_last_stores_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
