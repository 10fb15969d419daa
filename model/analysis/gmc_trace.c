/* gmc_trace: address-trace reader with one-line, located errors. */
#include "analysis/gmc_trace.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static int is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* Copies a token for a message: printable ASCII as is, other bytes as
 * \xNN, cut after 40 characters with "...". */
static void quote(const char *s, size_t len, char *out, size_t n)
{
    size_t o = 0;
    if (!n)
        return;
    for (size_t i = 0; i < len && o + 8 < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (i == 40) {
            memcpy(out + o, "...", 3);
            o += 3;
            break;
        }
        if (c >= 0x20 && c < 0x7f && c != '\\') {
            out[o++] = (char)c;
        } else {
            static const char hx[] = "0123456789abcdef";
            out[o++] = '\\';
            out[o++] = 'x';
            out[o++] = hx[c >> 4];
            out[o++] = hx[c & 15];
        }
    }
    out[o] = '\0';
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
    if (!len) {
        snprintf(err, n, "expected %s, found end of %s", what,
                 c->at_eof ? "file" : "line");
    } else {
        char q[200];
        quote(tok, len, q, sizeof q);
        snprintf(err, n, "expected %s, found '%s'", what, q);
    }
    return GMC_TRACE_ESYNTAX;
}

static int parse_dec(const char *s, size_t len, uint64_t *v)
{
    uint64_t x = 0;
    if (!len)
        return -1;
    for (size_t i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        unsigned d = (unsigned)(s[i] - '0');
        if (x > (UINT64_MAX - d) / 10)
            return -2;
        x = x * 10 + d;
    }
    *v = x;
    return 0;
}

static int hexval(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

static int parse_hex(const char *s, size_t len, uint64_t *v)
{
    if (len >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        s += 2;
        len -= 2;
    }
    if (!len)
        return -1;
    uint64_t x = 0;
    for (size_t i = 0; i < len; i++) {
        int d = hexval(s[i]);
        if (d < 0)
            return -1;
        if (x >> 60)
            return -2;
        x = x << 4 | (unsigned)d;
    }
    *v = x;
    return 0;
}

int gmc_trace_parse_line(const char *s, size_t len, int at_eof,
                         gmc_trace_rec_t *r, char *err, size_t n)
{
    cursor_t c = {s, len, 0, at_eof};
    const char *tok;
    size_t tl = next_field(&c, &tok);
    if (!tl)
        return GMC_TRACE_END;   /* blank or comment-only */

    int rc = parse_dec(tok, tl, &r->kernel);
    if (rc == -1)
        return fail(&c, tok, tl, "a kernel id (decimal integer) as field 1 "
                    "of '<kernel> <tb> <hex address>'", err, n);
    if (rc == -2)
        return fail(&c, tok, tl, "a kernel id below 2^64", err, n);

    tl = next_field(&c, &tok);
    rc = parse_dec(tok, tl, &r->tb);
    if (rc == -1)
        return fail(&c, tok, tl, "a thread-block id (decimal integer) as "
                    "field 2 of '<kernel> <tb> <hex address>'", err, n);
    if (rc == -2)
        return fail(&c, tok, tl, "a thread-block id below 2^64", err, n);

    tl = next_field(&c, &tok);
    rc = parse_hex(tok, tl, &r->addr);
    if (rc == -1)
        return fail(&c, tok, tl, "a hex address (with or without 0x) as "
                    "field 3 of '<kernel> <tb> <hex address>'", err, n);
    if (rc == -2)
        return fail(&c, tok, tl, "a hex address of at most 64 bits", err, n);

    tl = next_field(&c, &tok);
    if (tl)
        return fail(&c, tok, tl, "end of line or '#' after the address",
                    err, n);
    return GMC_TRACE_REC;
}

int gmc_trace_open(gmc_trace_t *t, const char *path, char *err, size_t n)
{
    memset(t, 0, sizeof *t);
    t->width = 64;
    t->last_nl = 1;
    if (!strcmp(path, "-")) {
        snprintf(t->src, sizeof t->src, "<stdin>");
        t->f = stdin;
        return 0;
    }
    snprintf(t->src, sizeof t->src, "%s", path);
    t->f = fopen(path, "r");
    if (!t->f) {
        snprintf(err, n, "%s: cannot open: %s", path, strerror(errno));
        return GMC_TRACE_EIO;
    }
    t->own = 1;
    return 0;
}

void gmc_trace_open_mem(gmc_trace_t *t, const char *text, size_t len,
                        const char *src)
{
    memset(t, 0, sizeof *t);
    t->width = 64;
    t->last_nl = 1;
    t->mem = text;
    t->memlen = len;
    snprintf(t->src, sizeof t->src, "%s", src ? src : "<memory>");
}

void gmc_trace_set_width(gmc_trace_t *t, unsigned width, int wrap)
{
    t->width = width < 1 ? 1 : width > 64 ? 64 : width;
    t->wrap = wrap;
}

/* One raw line: 1 with (*s, *len) set, 0 at the end, -1 on a read error. */
static int read_line(gmc_trace_t *t, const char **s, size_t *len)
{
    if (!t->f) {
        if (t->mempos >= t->memlen)
            return 0;
        const char *b = t->mem + t->mempos;
        const char *nl = memchr(b, '\n', t->memlen - t->mempos);
        size_t l = nl ? (size_t)(nl - b) : t->memlen - t->mempos;
        t->mempos += l + (nl != NULL);
        t->last_nl = nl != NULL;
        *s = b;
        *len = l;
        return 1;
    }
    errno = 0;
    ssize_t got = getline(&t->line, &t->cap, t->f);
    if (got < 0)
        return ferror(t->f) || errno == ENOMEM ? -1 : 0;
    size_t l = (size_t)got;
    t->last_nl = l && t->line[l - 1] == '\n';
    if (t->last_nl)
        l--;
    *s = t->line;
    *len = l;
    return 1;
}

int gmc_trace_next(gmc_trace_t *t, gmc_trace_rec_t *r, char *err, size_t n)
{
    for (;;) {
        const char *s;
        size_t len;
        int got = read_line(t, &s, &len);
        if (got == 0)
            return GMC_TRACE_END;
        if (got < 0) {
            if (errno == ENOMEM) {
                snprintf(err, n, "%s:%lu: out of memory reading a line",
                         t->src, t->lineno + 1);
                return GMC_TRACE_ENOMEM;
            }
            snprintf(err, n, "%s:%lu: read error: %s", t->src,
                     t->lineno + 1, strerror(errno ? errno : EIO));
            return GMC_TRACE_EIO;
        }
        t->lineno++;
        char msg[400];
        int rc = gmc_trace_parse_line(s, len, !t->last_nl, r, msg, sizeof msg);
        if (rc == GMC_TRACE_END)
            continue;
        if (rc < 0) {
            snprintf(err, n, "%s:%lu: %s", t->src, t->lineno, msg);
            return rc;
        }
        if (t->width < 64 && (r->addr >> t->width)) {
            if (!t->wrap) {
                snprintf(err, n, "%s:%lu: expected an address below 0x%" PRIx64
                         " (%u address bits), found '0x%" PRIx64 "'", t->src,
                         t->lineno, (uint64_t)1 << t->width, t->width, r->addr);
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
    return t->lineno + (t->last_nl ? 1 : 0);
}

void gmc_trace_close(gmc_trace_t *t)
{
    if (t->own && t->f)
        fclose(t->f);
    free(t->line);
    t->line = NULL;
    t->f = NULL;
    t->own = 0;
}

int gmc_trace_write(FILE *f, const gmc_trace_rec_t *r)
{
    return fprintf(f, "%" PRIu64 " %" PRIu64 " 0x%" PRIx64 "\n", r->kernel,
                   r->tb, r->addr) < 0 ? -1 : 0;
}
