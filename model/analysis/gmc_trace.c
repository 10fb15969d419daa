/* gmc_trace: address-trace reader with one-line, located errors. */
#include "analysis/gmc_trace.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "util/gmc_num.h"
#include "util/gmc_quote.h"

static int is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

typedef struct {
    const char *s;
    size_t len, pos;
    int at_eof;
} cursor_t;

/* Next field: skips blanks, returns its length (0 at end of line or at a
 * '#' comment) and sets *tok. */
static size_t next_field(cursor_t *c, const char **tok)
{
    while (c->pos < c->len && is_blank(c->s[c->pos]))
        c->pos++;
    size_t b = c->pos;
    while (c->pos < c->len && !is_blank(c->s[c->pos]) && c->s[c->pos] != '#')
        c->pos++;
    *tok = c->s + b;
    return c->pos - b;
}

static int fail(const cursor_t *c, const char *tok, size_t len,
                const char *what, char *err, size_t n)
{
    gmc_quote_t q;
    if (!len)
        snprintf(err, n, "expected %s, found end of %s", what,
                 c->at_eof ? "file" : "line");
    else
        snprintf(err, n, "expected %s, found %s", what, gmc_quote(&q, tok, len));
    return GMC_TRACE_ESYNTAX;
}

int gmc_trace_parse_line(const char *s, size_t len, int at_eof,
                         gmc_trace_rec_t *r, char *err, size_t n)
{
    cursor_t c = {s, len, 0, at_eof};
    const char *tok;
    size_t tl = next_field(&c, &tok);
    if (!tl)
        return GMC_TRACE_END;   /* blank or comment-only */

    int rc = gmc_num_u64(tok, tl, GMC_NUM_DEC, UINT64_MAX, &r->kernel);
    if (rc == GMC_NUM_BIG)
        return fail(&c, tok, tl, "a kernel id below 2^64", err, n);
    if (rc)
        return fail(&c, tok, tl, "a kernel id (decimal integer) as field 1 "
                    "of '<kernel> <tb> <hex address>'", err, n);

    tl = next_field(&c, &tok);
    rc = gmc_num_u64(tok, tl, GMC_NUM_DEC, UINT64_MAX, &r->tb);
    if (rc == GMC_NUM_BIG)
        return fail(&c, tok, tl, "a thread-block id below 2^64", err, n);
    if (rc)
        return fail(&c, tok, tl, "a thread-block id (decimal integer) as "
                    "field 2 of '<kernel> <tb> <hex address>'", err, n);

    tl = next_field(&c, &tok);
    rc = gmc_num_u64(tok, tl, GMC_NUM_HEX, UINT64_MAX, &r->addr);
    if (rc == GMC_NUM_BIG)
        return fail(&c, tok, tl, "a hex address of at most 64 bits", err, n);
    if (rc)
        return fail(&c, tok, tl, "a hex address (with or without 0x) as "
                    "field 3 of '<kernel> <tb> <hex address>'", err, n);

    tl = next_field(&c, &tok);
    if (tl)
        return fail(&c, tok, tl, "end of line or '#' after the address",
                    err, n);
    return GMC_TRACE_REC;
}

/* Lines of an address trace: bounded by memory only (1 MB lines are read). */
#define TRACE_LINE_MAX GMC_LINES_ANY

int gmc_trace_open(gmc_trace_t *t, const char *path, char *err, size_t n)
{
    gmc_diag_t d = {path, err, n, NULL, 0, 0};
    memset(t, 0, sizeof *t);
    t->width = 64;
    snprintf(t->src, sizeof t->src, "%s", strcmp(path, "-") ? path : "<stdin>");
    return gmc_lines_open(&t->lines, path, TRACE_LINE_MAX, &d) ? GMC_TRACE_EIO : 0;
}

void gmc_trace_open_mem(gmc_trace_t *t, const char *text, size_t len,
                        const char *src)
{
    memset(t, 0, sizeof *t);
    t->width = 64;
    snprintf(t->src, sizeof t->src, "%s", src ? src : "<memory>");
    gmc_lines_text(&t->lines, text, len, TRACE_LINE_MAX);
}

void gmc_trace_set_width(gmc_trace_t *t, unsigned width, int wrap)
{
    t->width = width < 1 ? 1 : width > 64 ? 64 : width;
    t->wrap = wrap;
}

int gmc_trace_next(gmc_trace_t *t, gmc_trace_rec_t *r, char *err, size_t n)
{
    gmc_diag_t d = {t->src, err, n, NULL, 0, 0};
    for (;;) {
        const char *s;
        size_t len;
        int got = gmc_lines_next(&t->lines, &s, &len, &d);
        t->lineno = t->lines.line;
        if (got == 0)
            return GMC_TRACE_END;
        if (got < 0)
            return t->lines.error == GMC_LINES_ETEXT ? GMC_TRACE_ESYNTAX
                 : t->lines.error == GMC_LINES_ENOMEM ? GMC_TRACE_ENOMEM : GMC_TRACE_EIO;
        char msg[400];
        int rc = gmc_trace_parse_line(s, len, !t->lines.ended_nl, r, msg, sizeof msg);
        if (rc == GMC_TRACE_END)
            continue;
        if (rc < 0)
            return gmc_diag_error(&d, t->lineno, "%s", msg), rc;
        if (t->width < 64 && (r->addr >> t->width)) {
            if (!t->wrap) {
                gmc_diag_error(&d, t->lineno, "expected an address below 0x%" PRIx64 " (%u "
                               "address bits), found '0x%" PRIx64 "'", (uint64_t)1 << t->width,
                               t->width, r->addr);
                return GMC_TRACE_EWIDE;
            }
            r->addr &= ((uint64_t)1 << t->width) - 1;
        }
        t->records++;
        return GMC_TRACE_REC;
    }
}

unsigned long gmc_trace_eof_line(const gmc_trace_t *t)
{
    return gmc_lines_eof_line(&t->lines);
}

void gmc_trace_close(gmc_trace_t *t)
{
    gmc_lines_close(&t->lines);
}

int gmc_trace_write(FILE *f, const gmc_trace_rec_t *r)
{
    return fprintf(f, "%" PRIu64 " %" PRIu64 " 0x%" PRIx64 "\n", r->kernel,
                   r->tb, r->addr) < 0 ? -1 : 0;
}
