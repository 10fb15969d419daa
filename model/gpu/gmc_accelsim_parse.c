/* gmc_accelsim_parse: a whole .traceg file into an as_kernel_t.
 *
 * The layout, as Accel-Sim's post-processing writes it (util/tracer_nvbit/
 * tracer_tool/traces-processing/post-traces-processing.cpp) and its parser
 * reads it (gpu-simulator/trace-parser/trace_parser.cc):
 *
 *   -kernel name = NAME            header: "-key = value" lines, before the
 *   -grid dim = (x,y,z)            first thread block; unknown keys are
 *   -block dim = (x,y,z)           ignored, '#' lines are comments
 *   ...
 *   #BEGIN_TB
 *   thread block = x,y,z
 *   [cluster id = .., cluster cta = .., cluster rank = ..]   (Hopper; ignored)
 *   warp = N
 *   insts = M
 *   M instruction lines (gmc_accelsim_inst.c)
 *   warp = ...
 *   #END_TB
 *
 * Which line layout a file uses is decided once per file: from
 * "-accelsim tracer version" when the header has it (below 3: thread block
 * and warp ids lead every line; 5: an immediate ends every line, and what
 * follows the addresses is not checked, as Accel-Sim does not); without
 * it, from the first instruction line: a decimal fourth field can only be
 * the old layout's warp id (in the new layout it is a register or the
 * opcode). */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "gpu/gmc_accelsim_impl.h"
#include "util/gmc_num.h"
#include "util/gmc_quote.h"
#include "util/gmc_text.h"

typedef struct {
    const char   *path;
    as_lines_t    lr;
    as_kernel_t  *kd;
    as_fstats_t  *fs;
    char         *err;
    size_t        n;
    const char   *line;     /* the current line */
    size_t        len;
    /* header */
    int           have_grid, have_block, header_done, layout_known;
    as_linectx_t  lc;
    /* the thread block being read */
    int           in_tb, have_tbid, have_insts;
    unsigned long tb_line, warp_line, insts_line;
    size_t        tb;       /* index into kd->tbs */
    uint32_t      warps_seen;
    long          warp;     /* -1: none yet */
    uint64_t      insts, count;
} ps_t;

/* "path:line: expected <what>, found <found>" */
static int perr_at(ps_t *p, unsigned long line, const char *found, const char *fmt, ...)
{
    char what[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    snprintf(p->err, p->n, "%s:%lu: expected %s, found %s", p->path, line, what, found);
    return -1;
}

/* ... found '<the current line>' */
#define PERR(p, ...) perr_line(p, __VA_ARGS__)
static int perr_line(ps_t *p, const char *fmt, ...)
{
    char what[256];
    gmc_quote_t q;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    snprintf(p->err, p->n, "%s:%lu: expected %s, found %s", p->path, p->lr.lines.line, what,
             gmc_quote(&q, p->line, p->len));
    return -1;
}

/* Splits "key = value" (both trimmed); 0, or -1 when there is no '='. */
static int split_kv(const char *s, size_t len, const char **k, size_t *kl, const char **v, size_t *vl)
{
    const char *eq = memchr(s, '=', len);
    if (!eq)
        return -1;
    *k = s;
    *kl = (size_t)(eq - s);
    *v = eq + 1;
    *vl = len - *kl - 1;
    gmc_text_trim(k, kl);
    gmc_text_trim(v, vl);
    return 0;
}

static int key_is(const char *k, size_t kl, const char *want)
{
    return strlen(want) == kl && memcmp(k, want, kl) == 0;
}

/* "a,b,c" (blanks allowed around the numbers), optionally in parentheses */
static int parse_triple(const char *s, size_t len, int parens, uint64_t max, uint64_t out[3])
{
    if (parens) {
        if (len < 2 || s[0] != '(' || s[len - 1] != ')')
            return -1;
        s++;
        len -= 2;
    }
    for (int i = 0; i < 3; i++) {
        const char *c = i < 2 ? memchr(s, ',', len) : NULL;
        if (i < 2 && !c)
            return -1;
        size_t l = c ? (size_t)(c - s) : len;
        const char *t = s;
        size_t tl = l;
        gmc_text_trim(&t, &tl);
        if (gmc_num_u64(t, tl, GMC_NUM_DEC, max, &out[i]))
            return -1;
        if (c) {
            s = c + 1;
            len -= l + 1;
        }
    }
    return 0;
}

static int header_line(ps_t *p)
{
    const char *k, *v;
    size_t kl, vl;
    as_kernel_t *kd = p->kd;
    uint64_t x, d[3];
    gmc_quote_t qv;
    if (split_kv(p->line + 1, p->len - 1, &k, &kl, &v, &vl) < 0)
        return PERR(p, "a header line '-key = value'");
    const char *q = gmc_quote(&qv, v, vl);
    if (key_is(k, kl, "kernel name")) {
        size_t l = vl < sizeof kd->name - 1 ? vl : sizeof kd->name - 1;
        memcpy(kd->name, v, l);
        kd->name[l] = 0;
    } else if (key_is(k, kl, "grid dim")) {
        if (parse_triple(v, vl, 1, UINT32_MAX, d) < 0 || !d[0] || !d[1] || !d[2] ||
            d[0] * d[1] > UINT32_MAX || d[0] * d[1] * d[2] > UINT32_MAX)
            return perr_at(p, p->lr.lines.line, q,
                           "-grid dim = (x,y,z) with each at least 1 and at most 2^32-1 blocks in all");
        for (int i = 0; i < 3; i++)
            kd->grid[i] = (uint32_t)d[i];
        p->have_grid = 1;
    } else if (key_is(k, kl, "block dim")) {
        if (parse_triple(v, vl, 1, 1024, d) < 0 || !d[0] || !d[1] || !d[2] || d[0] * d[1] * d[2] > 1024)
            return perr_at(p, p->lr.lines.line, q,
                           "-block dim = (x,y,z) with each at least 1 and at most 1024 threads in all");
        for (int i = 0; i < 3; i++)
            kd->block[i] = (uint32_t)d[i];
        p->have_block = 1;
    } else if (key_is(k, kl, "shmem")) {
        if (gmc_num_u64(v, vl, GMC_NUM_DEC, UINT32_MAX, &x))
            return perr_at(p, p->lr.lines.line, q, "-shmem = a decimal byte count below 2^32");
        kd->shmem = (uint32_t)x;
    } else if (key_is(k, kl, "nregs")) {
        if (gmc_num_u64(v, vl, GMC_NUM_DEC, UINT32_MAX, &x))
            return perr_at(p, p->lr.lines.line, q, "-nregs = a decimal register count below 2^32");
        kd->nregs_traced = (uint32_t)x;
        kd->nregs = x > GMC_ACCELSIM_MAX_NREGS ? GMC_ACCELSIM_MAX_NREGS : (uint32_t)x;
    } else if (key_is(k, kl, "accelsim tracer version")) {
        if (gmc_num_u64(v, vl, GMC_NUM_DEC, UINT32_MAX, &x))
            return perr_at(p, p->lr.lines.line, q, "-accelsim tracer version = a decimal number");
        kd->version = (unsigned)x;
        kd->has_version = 1;
    } else if (key_is(k, kl, "gmc implicit exit")) {   /* gmc_accelsim_write.c */
        if (gmc_num_u64(v, vl, GMC_NUM_DEC, 1, &x))
            return perr_at(p, p->lr.lines.line, q, "-gmc implicit exit = 0 or 1");
        kd->implicit_exit = (unsigned)x;
    } else if (key_is(k, kl, "enable lineinfo")) {
        if (gmc_num_u64(v, vl, GMC_NUM_DEC, 1, &x))
            return perr_at(p, p->lr.lines.line, q, "-enable lineinfo = 0 or 1");
        kd->lineinfo = (unsigned)x;
    } else if (key_is(k, kl, "shmem base_addr") || key_is(k, kl, "local mem base_addr")) {
        if (gmc_num_u64(v, vl, GMC_NUM_HEX, UINT64_MAX, &x))
            return perr_at(p, p->lr.lines.line, q, "-%.*s = a hex address", (int)kl, k);
        if (k[0] == 's')
            kd->shmem_base = x;
        else
            kd->local_base = x;
    } else if (key_is(k, kl, "kernel id") || key_is(k, kl, "binary version") ||
               key_is(k, kl, "cuda stream id")) {
        if (gmc_num_u64(v, vl, GMC_NUM_DEC, UINT64_MAX, &x))
            return perr_at(p, p->lr.lines.line, q, "-%.*s = a decimal number", (int)kl, k);
    }
    /* any other key (nvbit version, ...) is information only */
    return 0;
}

/* The header is complete at the first #BEGIN_TB (or at the end of a file
 * without thread blocks): check it and fix the line layout. */
static int close_header(ps_t *p, unsigned long line, const char *found)
{
    as_kernel_t *kd = p->kd;
    if (!p->have_grid)
        return perr_at(p, line, found, "-grid dim = (x,y,z) in the header before the first #BEGIN_TB");
    if (!p->have_block)
        return perr_at(p, line, found, "-block dim = (x,y,z) in the header before the first #BEGIN_TB");
    uint32_t threads = kd->block[0] * kd->block[1] * kd->block[2];
    kd->wpc = (threads + GMC_WARP_SIZE - 1) / GMC_WARP_SIZE;
    p->lc.lineinfo = kd->lineinfo != 0;
    if (kd->has_version) {
        p->layout_known = 1;
        p->lc.ids_front = kd->version < 3;
        p->lc.trailing = kd->version >= 5 ? AS_TRAIL_ANY : AS_TRAIL_NONE;
    } else {
        p->layout_known = kd->lineinfo != 0;   /* line numbers came with version 4: new layout */
        p->lc.ids_front = 0;
        p->lc.trailing = AS_TRAIL_NONE;
    }
    /* Accel-Sim's trace_driven.cc resolves generic LD/ST the same way: the
     * shared window is [shmem base, local mem base) */
    if (kd->shmem_base && kd->local_base && kd->shmem_base < kd->local_base) {
        p->lc.shmem_lo = kd->shmem_base;
        p->lc.shmem_hi = kd->local_base;
    }
    p->header_done = 1;
    return 0;
}

/* No header version: a decimal fourth field means ids lead the line. */
static void detect_layout(ps_t *p)
{
    as_cur_t c = {p->line, p->line + p->len};
    const char *t = NULL;
    size_t tl = 0;
    uint64_t v;
    int i = 0;
    while (i < 4 && as_tok(&c, &t, &tl))
        i++;
    p->lc.ids_front = i == 4 && gmc_num_u64(t, tl, GMC_NUM_DEC, UINT64_MAX, &v) == 0;
    p->layout_known = 1;
}

/* The warp being read is complete (a new warp, #END_TB). */
static int end_warp(ps_t *p)
{
    if (p->warp < 0)
        return 0;
    if (!p->have_insts)
        return PERR(p, "insts = N after warp = %ld (line %lu)", p->warp, p->warp_line);
    if (p->count != p->insts) {
        char f[32];
        snprintf(f, sizeof f, "%llu", (unsigned long long)p->count);
        return perr_at(p, p->lr.lines.line, f, "%llu instructions for warp %ld (insts at line %lu)",
                       (unsigned long long)p->insts, p->warp, p->insts_line);
    }
    as_kernel_t *kd = p->kd;
    as_warp_t *w = &kd->warps[kd->tbs[p->tb].warp0 + (uint32_t)p->warp];
    w->count = (uint32_t)p->count;
    if (kd->implicit_exit) {   /* the EXIT was added for Accel-Sim: the stream ends before it */
        if (p->count == 0 || !(kd->recs[kd->nrec - 1].mode & AS_MODE_EXITCAND))
            return perr_at(p, p->lr.lines.line, p->count ? "another instruction" : "none",
                           "EXIT or RET last in warp %ld (the header's -gmc implicit exit = 1)",
                           p->warp);
        kd->nrec--;   /* the warp's last record is the file's last */
        w->count--;
    }
    if (w->count > 0) {
        as_rec_t *last = &kd->recs[w->first + w->count - 1];
        if (last->mode & AS_MODE_EXITCAND) {   /* the warp's last: its EXIT */
            last->op = GMC_OP_EXIT;
            last->lat = 0;
            last->unit = GMC_UNIT_NONE;
            last->mode = AS_ADDR_NONE;
        }
    }
    p->warp = -1;
    return 0;
}

static int tb_key_line(ps_t *p, const char *k, size_t kl, const char *v, size_t vl)
{
    as_kernel_t *kd = p->kd;
    uint64_t x, d[3];
    if (key_is(k, kl, "thread block")) {
        if (p->have_tbid)
            return PERR(p, "one 'thread block =' line per #BEGIN_TB (line %lu)", p->tb_line);
        if (parse_triple(v, vl, 0, UINT32_MAX, d) < 0)
            return PERR(p, "thread block = x,y,z");
        if (d[0] >= kd->grid[0] || d[1] >= kd->grid[1] || d[2] >= kd->grid[2])
            return PERR(p, "a thread block inside the grid (%u,%u,%u)", kd->grid[0], kd->grid[1],
                        kd->grid[2]);
        if (as_grow((void **)&kd->tbs, &kd->captb, kd->ntb + 1, sizeof *kd->tbs) < 0 ||
            kd->nwarps + kd->wpc > UINT32_MAX ||
            as_grow((void **)&kd->warps, &kd->capwarps, kd->nwarps + kd->wpc, sizeof *kd->warps) < 0)
            return PERR(p, "memory for the thread block (out of memory)");
        p->tb = kd->ntb++;
        kd->tbs[p->tb].cta = (uint32_t)(d[0] + d[1] * kd->grid[0] + d[2] * kd->grid[0] * kd->grid[1]);
        kd->tbs[p->tb].warp0 = (uint32_t)kd->nwarps;
        kd->tbs[p->tb].line = p->lr.lines.line;
        memset(kd->warps + kd->nwarps, 0, kd->wpc * sizeof *kd->warps);
        kd->nwarps += kd->wpc;
        for (int i = 0; i < 3; i++)
            p->lc.tb[i] = (uint32_t)d[i];
        p->have_tbid = 1;
        return 0;
    }
    if (kl > 8 && memcmp(k, "cluster ", 8) == 0 &&
        (key_is(k + 8, kl - 8, "id") || key_is(k + 8, kl - 8, "cta") || key_is(k + 8, kl - 8, "rank")))
        return 0;   /* Hopper thread block clusters: not modelled */
    if (!p->have_tbid)
        return PERR(p, "'thread block = x,y,z' first after #BEGIN_TB (line %lu)", p->tb_line);
    if (key_is(k, kl, "warp")) {
        if (end_warp(p) < 0)
            return -1;
        if (gmc_num_u64(v, vl, GMC_NUM_DEC, UINT32_MAX, &x) || x >= kd->wpc)
            return PERR(p, "warp = a warp id below %u (block (%u,%u,%u))", kd->wpc, kd->block[0],
                        kd->block[1], kd->block[2]);
        if (p->warps_seen & (1u << x))
            return PERR(p, "each warp once per thread block");
        p->warps_seen |= 1u << x;
        p->warp = (long)x;
        p->warp_line = p->lr.lines.line;
        p->have_insts = 0;
        uint32_t threads = kd->block[0] * kd->block[1] * kd->block[2];
        uint32_t lanes = threads - (uint32_t)x * GMC_WARP_SIZE;
        p->lc.lanes = lanes >= GMC_WARP_SIZE ? 0xffffffffu : (1u << lanes) - 1;
        p->lc.warp = (uint32_t)x;
        return 0;
    }
    if (key_is(k, kl, "insts")) {
        if (p->warp < 0 || p->have_insts)
            return PERR(p, "'warp = N' before 'insts = N'");
        if (gmc_num_u64(v, vl, GMC_NUM_DEC, UINT32_MAX, &x))
            return PERR(p, "insts = a decimal count below 2^32");
        p->have_insts = 1;
        p->insts = x;
        p->count = 0;
        p->insts_line = p->lr.lines.line;
        kd->warps[kd->tbs[p->tb].warp0 + (uint32_t)p->warp].first = (uint32_t)kd->nrec;
        return 0;
    }
    return PERR(p, "'thread block =', 'warp =', 'insts =', an instruction or #END_TB");
}

static int inst_line(ps_t *p)
{
    if (p->warp < 0)
        return PERR(p, "'warp = N' and 'insts = N' before instructions");
    if (!p->have_insts)
        return PERR(p, "insts = N after warp = %ld (line %lu)", p->warp, p->warp_line);
    if (p->count == p->insts)
        return PERR(p, "'warp =' or #END_TB after the %llu instructions of warp %ld (insts at line %lu)",
                    (unsigned long long)p->insts, p->warp, p->insts_line);
    if (!p->layout_known)
        detect_layout(p);
    char msg[320];
    if (as_inst_parse(p->line, p->len, &p->lc, p->kd, p->fs, msg, sizeof msg) < 0) {
        snprintf(p->err, p->n, "%s:%lu: %s", p->path, p->lr.lines.line, msg);
        return -1;
    }
    if (p->count > 0)   /* only a warp's last EXIT/RET can be its exit */
        p->kd->recs[p->kd->nrec - 2].mode &= (uint8_t)~AS_MODE_EXITCAND;
    p->count++;
    return 0;
}

static int first_token_is(const char *s, size_t len, const char *w)
{
    as_cur_t c = {s, s + len};
    const char *t;
    size_t tl;
    return as_tok(&c, &t, &tl) && key_is(t, tl, w) && as_at_end(&c);
}

static int one_line(ps_t *p)
{
    const char *s = p->line;
    size_t len = p->len, at;
    int junk = as_junk_byte(s, len, &at);
    if (junk >= 0) {
        char f[48];
        snprintf(f, sizeof f, "byte 0x%02x at column %zu", junk, at + 1);
        return perr_at(p, p->lr.lines.line, f, "text");
    }
    const char *t = s;
    size_t tl = len;
    gmc_text_trim(&t, &tl);
    if (tl == 0)
        return 0;
    if (!p->in_tb) {
        if (t[0] == '-') {
            if (p->header_done)
                return PERR(p, "#BEGIN_TB (header lines come before the first thread block)");
            return header_line(p);
        }
        if (first_token_is(t, tl, "#BEGIN_TB")) {
            if (!p->header_done) {
                gmc_quote_t q;
                if (close_header(p, p->lr.lines.line, gmc_quote(&q, t, tl)) < 0)
                    return -1;
            }
            p->in_tb = 1;
            p->have_tbid = 0;
            p->tb_line = p->lr.lines.line;
            p->warp = -1;
            p->warps_seen = 0;
            return 0;
        }
        if (first_token_is(t, tl, "#END_TB"))
            return PERR(p, "#BEGIN_TB before #END_TB");
        if (t[0] == '#')
            return 0;   /* a comment, e.g. "#traces format = ..." */
        return PERR(p, "#BEGIN_TB");
    }
    if (t[0] == '#') {
        if (first_token_is(t, tl, "#END_TB")) {
            if (!p->have_tbid)
                return PERR(p, "'thread block = x,y,z' before #END_TB (block at line %lu)", p->tb_line);
            if (end_warp(p) < 0)
                return -1;
            p->in_tb = 0;
            return 0;
        }
        if (first_token_is(t, tl, "#BEGIN_TB"))
            return PERR(p, "#END_TB of the thread block at line %lu first", p->tb_line);
        return PERR(p, "'warp =', 'insts =', an instruction or #END_TB");
    }
    const char *k, *v;
    size_t kl, vl;
    if (split_kv(t, tl, &k, &kl, &v, &vl) == 0)
        return tb_key_line(p, k, kl, v, vl);
    return inst_line(p);
}

static int cmp_tb(const void *a, const void *b)
{
    const as_tb_t *x = a, *y = b;
    if (x->cta != y->cta)
        return x->cta < y->cta ? -1 : 1;
    return x->line < y->line ? -1 : x->line > y->line;
}

int as_parse_file(const char *path, as_kernel_t *kd, as_fstats_t *fs, char *err, size_t n)
{
    ps_t p;
    memset(&p, 0, sizeof p);
    p.path = path;
    p.kd = kd;
    p.fs = fs;
    p.err = err;
    p.n = n;
    p.warp = -1;
    const char *why;
    if (as_lines_open(&p.lr, path, &why) < 0) {
        snprintf(err, n, "%s:1: expected a readable trace file, found %s", path, why);
        return -1;
    }
    /* the name when the header has none: the file's, as Accel-Sim does */
    const char *base = strrchr(path, '/');
    snprintf(kd->name, sizeof kd->name, "%s", base ? base + 1 : path);
    int rc;
    gmc_diag_t d = {path, err, n, NULL, 0, 0};
    while ((rc = as_lines_next(&p.lr, &p.line, &p.len, &d)) == 1)
        if (one_line(&p) < 0)
            goto fail;
    if (rc < 0)
        goto fail;
    if (p.in_tb) {
        perr_at(&p, p.lr.lines.line + 1, "end of file", "#END_TB (thread block at line %lu)", p.tb_line);
        goto fail;
    }
    if (!p.header_done && close_header(&p, p.lr.lines.line + 1, "end of file") < 0)
        goto fail;
    as_lines_close(&p.lr);
    if (kd->ntb > 1)
        qsort(kd->tbs, kd->ntb, sizeof *kd->tbs, cmp_tb);
    for (size_t i = 1; i < kd->ntb; i++)
        if (kd->tbs[i].cta == kd->tbs[i - 1].cta) {
            uint32_t c = kd->tbs[i].cta, gx = kd->grid[0], gy = kd->grid[1];
            snprintf(err, n, "%s:%llu: expected each thread block once, found %u,%u,%u again "
                     "(first at line %llu)", path, (unsigned long long)kd->tbs[i].line, c % gx,
                     (c / gx) % gy, c / gx / gy, (unsigned long long)kd->tbs[i - 1].line);
            return -1;
        }
    return 0;
fail:
    as_lines_close(&p.lr);
    return -1;
}
