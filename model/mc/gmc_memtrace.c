/* gmc_memtrace: streaming readers for gmc, DRAMsim3 and Ramulator traces. */
#include "mc/gmc_memtrace.h"
#include <stdlib.h>
#include <string.h>
#include "util/gmc_num.h"

static const char *const fmt_names[GMC_MT_NFMT] = {"gmc", "dramsim3", "ramulator"};

int gmc_memtrace_fmt_parse(const char *name, gmc_memtrace_fmt_t *f)
{
    for (int i = 0; i < GMC_MT_NFMT; i++)
        if (!strcmp(name, fmt_names[i])) {
            *f = (gmc_memtrace_fmt_t)i;
            return 0;
        }
    return -1;
}

const char *gmc_memtrace_fmt_name(gmc_memtrace_fmt_t f)
{
    return (unsigned)f < GMC_MT_NFMT ? fmt_names[f] : "?";
}

/* ---- one line ----
 * A cursor over the line; the take_* helpers skip blanks, read one field
 * and advance past it, or leave the cursor at the field and return -1 so
 * that fail() can quote it. */

typedef struct {
    const char *p, *e;
    int         at_eof;
    char       *err;
    size_t      n;
} cur_t;

static inline int is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }
static inline int at_delim(const cur_t *c, const char *q)
{
    return q == c->e || is_blank(*q) || *q == '#';
}

static inline void skip_blanks(cur_t *c)
{
    while (c->p < c->e && is_blank(*c->p))
        c->p++;
    if (c->p < c->e && *c->p == '#')
        c->p = c->e;   /* a comment runs to the end of the line */
}

/* The field at the cursor (up to a blank, a '#' or the end of the line). */
static size_t field_len(const cur_t *c)
{
    const char *q = c->p;
    while (!at_delim(c, q))
        q++;
    return (size_t)(q - c->p);
}

static int fail(cur_t *c, const char *what)
{
    skip_blanks(c);
    gmc_diag_t d = {NULL, c->err, c->n, NULL, 0, 0};
    if (c->p == c->e)
        return gmc_diag_error(&d, 0, "expected %s, found end of %s", what,
                              c->at_eof ? "file" : "line");
    return gmc_diag_expected(&d, 0, what, c->p, field_len(c));
}

/* hex digit value, 16 = not a hex digit (a table: no branch on digit vs
 * letter), for fast_gmc only: every other field goes through gmc_num */
static const uint8_t hex_tab[256] = {
    16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
    16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
    16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
     0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 16, 16, 16, 16, 16, 16,
    16, 10, 11, 12, 13, 14, 15, 16, 16, 16, 16, 16, 16, 16, 16, 16,
    16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
    16, 10, 11, 12, 13, 14, 15, 16, 16, 16, 16, 16, 16, 16, 16, 16,
    16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
    16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
    16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
    16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
    16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
    16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
    16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
    16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
    16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
};

/* A number field of the syntax (util/gmc_num.h), at most max: advances
 * past it, or leaves the cursor at it for fail() (which then shows it). */
static inline int take_num(cur_t *c, unsigned syntax, uint64_t max, uint64_t *v)
{
    size_t used;
    uint64_t x;
    skip_blanks(c);
    if (gmc_num_u64_lead(c->p, (size_t)(c->e - c->p), syntax, max, &x, &used) ||
        !at_delim(c, c->p + used))
        return -1;
    *v = x;
    c->p += used;
    return 0;
}

/* cycle, sm, warp */
static inline int take_dec(cur_t *c, uint64_t *v) { return take_num(c, GMC_NUM_DEC, UINT64_MAX, v); }
/* addresses and PCs: hex, 0x optional */
static inline int take_hex(cur_t *c, uint64_t *v) { return take_num(c, GMC_NUM_HEX, UINT64_MAX, v); }

/* The next field if it equals one of the lower-case words w[0..nw): its
 * index, else -1 (cursor left at the field). */
static inline int take_word(cur_t *c, const char *const *w, int nw)
{
    skip_blanks(c);
    const char *b = c->p, *q = b;
    while (!at_delim(c, q))
        q++;
    size_t l = (size_t)(q - b);
    for (int k = 0; k < nw; k++) {
        size_t i = 0;
        while (i < l && w[k][i] && (b[i] | 0x20) == w[k][i])
            i++;
        if (i == l && !w[k][i]) {
            c->p = q;
            return k;
        }
    }
    return -1;
}

static int end_of_line(cur_t *c)
{
    skip_blanks(c);
    return c->p == c->e ? 1 : fail(c, "end of line");
}

static const char *const rw_words[] = {"r", "w"};
static const char *const dramsim3_words[] = {"read", "write"};
static const char *const ldst_words[] = {"ld", "st"};

static int parse_gmc(cur_t *c, gmc_memtrace_rec_t *r)
{
    if (take_dec(c, &r->cycle))
        return fail(c, "a decimal cycle");
    r->has_time = 1;
    int k = take_word(c, rw_words, 2);
    if (k < 0)
        return fail(c, "R or W");
    r->is_write = (uint8_t)k;
    if (take_hex(c, &r->addr))
        return fail(c, "a hex address");
    skip_blanks(c);
    if (c->p == c->e)
        return 1;
    uint64_t sm, warp;
    if (take_num(c, GMC_NUM_DEC, UINT32_MAX, &sm))
        return fail(c, "a decimal SM id below 2^32 or end of line");
    if (take_num(c, GMC_NUM_DEC, UINT32_MAX, &warp))
        return fail(c, "a decimal warp id below 2^32 (sm warp pc: all three or none)");
    if (take_hex(c, &r->pc))
        return fail(c, "a hex PC (sm warp pc: all three or none)");
    r->sm = (uint32_t)sm;
    r->warp = (uint32_t)warp;
    r->has_warp = 1;
    return end_of_line(c);
}

static int parse_dramsim3(cur_t *c, gmc_memtrace_rec_t *r)
{
    if (take_hex(c, &r->addr))
        return fail(c, "a hex address");
    int k = take_word(c, dramsim3_words, 2);
    if (k < 0)
        return fail(c, "READ or WRITE");
    r->is_write = (uint8_t)k;
    if (take_dec(c, &r->cycle))
        return fail(c, "a decimal cycle");
    r->has_time = 1;
    return end_of_line(c);
}

static int parse_ramulator(cur_t *c, gmc_memtrace_rec_t *r)
{
    int k = take_word(c, ldst_words, 2);
    if (k >= 0) {   /* Ramulator 2 LoadStoreTrace: LD|ST, then 0x-hex or decimal */
        r->is_write = (uint8_t)k;
        if (take_num(c, GMC_NUM_0X, UINT64_MAX, &r->addr))
            return fail(c, "an address (0x hex or decimal)");
        return end_of_line(c);
    }
    if (take_hex(c, &r->addr))   /* Ramulator DRAM trace: hex address, R|W */
        return fail(c, "LD, ST or a hex address");
    if ((k = take_word(c, rw_words, 2)) < 0)
        return fail(c, "R or W");
    r->is_write = (uint8_t)k;
    return end_of_line(c);
}

/* The common gmc line "<cycle> R|W <hex addr>" with single spaces and
 * nothing else, straight through; 0 for anything else (then the general
 * parser decides, errors included, so both always agree). */
static inline int fast_gmc(const char *s, size_t len, gmc_memtrace_rec_t *r)
{
    const char *p = s, *e = s + len;
    uint64_t c = 0;
    unsigned d;
    if (len < 5 || len > 40)
        return 0;
    while ((d = (unsigned)(unsigned char)*p - '0') < 10 && p < e - 4)
        c = c * 10 + d, p++;   /* at most 35 digits reach here: checked below */
    char k = (char)(p[1] | 0x20);
    if (p == s || p - s > 19 || p[0] != ' ' || (k != 'r' && k != 'w') || p[2] != ' ')
        return 0;
    uint8_t w = k == 'w';
    p += 3;
    if (e - p > 2 && p[0] == '0' && (p[1] | 0x20) == 'x')
        p += 2;
    if (p == e || e - p > 16)
        return 0;
    uint64_t a = 0;
    for (unsigned h; p < e; p++) {
        if ((h = hex_tab[(unsigned char)*p]) > 15)
            return 0;
        a = a << 4 | h;
    }
    *r = (gmc_memtrace_rec_t){.cycle = c, .addr = a, .is_write = w, .has_time = 1};
    return 1;
}

int gmc_memtrace_parse_line(gmc_memtrace_fmt_t fmt, const char *s, size_t len, int at_eof,
                            gmc_memtrace_rec_t *r, char *err, size_t n)
{
    if (fmt == GMC_MT_GMC && fast_gmc(s, len, r))
        return 1;
    cur_t c = {s, s + len, at_eof, err, n};
    memset(r, 0, sizeof *r);
    skip_blanks(&c);
    if (c.p == c.e)
        return 0;
    switch (fmt) {
    case GMC_MT_GMC:       return parse_gmc(&c, r);
    case GMC_MT_DRAMSIM3:  return parse_dramsim3(&c, r);
    case GMC_MT_RAMULATOR: return parse_ramulator(&c, r);
    default:
        snprintf(err, n, "expected a trace format, found %d", (int)fmt);
        return -1;
    }
}

/* ---- streams ---- */

static void init_common(gmc_memtrace_t *t, const char *src, gmc_memtrace_fmt_t fmt)
{
    memset(t, 0, sizeof *t);
    snprintf(t->src, sizeof t->src, "%s", src);
    t->fmt = fmt;
    t->width = 64;
}

int gmc_memtrace_open(gmc_memtrace_t *t, const char *path, gmc_memtrace_fmt_t fmt, char *err,
                      size_t n)
{
    gmc_diag_t d = {path, err, n, NULL, 0, 0};
    init_common(t, strcmp(path, "-") ? path : "<stdin>", fmt);
    return gmc_lines_open(&t->lines, path, GMC_MEMTRACE_MAX_LINE, &d);
}

void gmc_memtrace_open_mem(gmc_memtrace_t *t, const char *text, size_t len, const char *src,
                           gmc_memtrace_fmt_t fmt)
{
    init_common(t, src ? src : "<memory>", fmt);
    gmc_lines_text(&t->lines, text, len, GMC_MEMTRACE_MAX_LINE);
}

void gmc_memtrace_set_width(gmc_memtrace_t *t, unsigned width, int wrap)
{
    t->width = width < 1 ? 1 : width > 64 ? 64 : width;
    t->wrap = wrap;
}

void gmc_memtrace_close(gmc_memtrace_t *t)
{
    gmc_lines_close(&t->lines);
}

int gmc_memtrace_next(gmc_memtrace_t *t, gmc_memtrace_rec_t *r, char *err, size_t n)
{
    const char *s;
    size_t len;
    int rc;
    char msg[160];
    gmc_diag_t d = {t->src, err, n, NULL, 0, 0};
    while ((rc = gmc_lines_next(&t->lines, &s, &len, &d)) == 1) {
        t->lineno = t->lines.line;
        rc = gmc_memtrace_parse_line(t->fmt, s, len, !t->lines.ended_nl, r, msg, sizeof msg);
        if (rc < 0)
            return gmc_diag_error(&d, t->lineno, "%s", msg);
        if (!rc)
            continue;
        if (t->width < 64 && (r->addr >> t->width)) {
            if (!t->wrap)
                return gmc_diag_error(&d, t->lineno, "expected an address below 2^%u, found "
                                      "'0x%llx'", t->width, (unsigned long long)r->addr);
            r->addr &= ((uint64_t)1 << t->width) - 1;
        }
        if (r->has_time) {
            if (r->cycle >= GMC_MEMTRACE_MAX_CYCLE)
                return gmc_diag_error(&d, t->lineno, "expected a cycle below 2^48, found '%llu'",
                                      (unsigned long long)r->cycle);
            if (t->records && r->cycle < t->last_cycle)
                return gmc_diag_error(&d, t->lineno, "expected a cycle >= %llu (the previous "
                                      "request's), found '%llu'",
                                      (unsigned long long)t->last_cycle,
                                      (unsigned long long)r->cycle);
            t->last_cycle = r->cycle;
        }
        t->records++;
        return 1;
    }
    return rc;
}

int gmc_memtrace_write(FILE *f, const gmc_memtrace_rec_t *r)
{
    if (r->has_warp)
        return fprintf(f, "%llu %c 0x%llx %u %u 0x%llx\n", (unsigned long long)r->cycle,
                       r->is_write ? 'W' : 'R', (unsigned long long)r->addr, r->sm, r->warp,
                       (unsigned long long)r->pc) < 0 ? -1 : 0;
    return fprintf(f, "%llu %c 0x%llx\n", (unsigned long long)r->cycle, r->is_write ? 'W' : 'R',
                   (unsigned long long)r->addr) < 0 ? -1 : 0;
}
