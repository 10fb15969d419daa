/* gmc_lines: the one line reader (gmc_lines.h). */
#include "util/gmc_lines.h"
#include "util/gmc_file.h"
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Bytes read from a stream at a time; the buffer holds one line more. */
#define CHUNK 65536

static void init(gmc_lines_t *r, size_t max)
{
    memset(r, 0, sizeof *r);
    r->max = max;
    r->ended_nl = 1;
    r->nul = SIZE_MAX;
}

/* The first NUL of b[from, to), as an offset, or SIZE_MAX. */
static size_t find_nul(const char *b, size_t from, size_t to)
{
    const char *z = to > from ? memchr(b + from, '\0', to - from) : NULL;
    return z ? (size_t)(z - b) : SIZE_MAX;
}

void gmc_lines_text(gmc_lines_t *r, const char *text, size_t len, size_t max)
{
    init(r, max);
    r->text = text;
    r->len = len;
    r->nul = find_nul(text, 0, len);
}

int gmc_lines_stream(gmc_lines_t *r, FILE *f, size_t max, gmc_diag_t *d)
{
    init(r, max);
    r->f = f;
    /* Room for one chunk at first; a longer line grows it (up to max + a chunk). */
    r->cap = 2 * CHUNK;
    if (!(r->buf = malloc(r->cap))) {
        r->f = NULL;
        return gmc_diag_error(d, 0, "expected memory to read the file, found none");
    }
    return 0;
}

int gmc_lines_open(gmc_lines_t *r, const char *path, size_t max, gmc_diag_t *d)
{
    int in = !strcmp(path, "-");
    FILE *f = in ? stdin : gmc_file_open_stream(path, d);   /* a FIFO too: a stream */
    if (!f)
        return -1;
    if (gmc_lines_stream(r, f, max, d)) {
        if (!in)
            fclose(f);
        return -1;
    }
    r->own = !in;
    return 0;
}

void gmc_lines_close(gmc_lines_t *r)
{
    if (r->f && r->own)
        fclose(r->f);
    free(r->buf);
    r->f = NULL;
    r->buf = NULL;
}

unsigned long gmc_lines_eof_line(const gmc_lines_t *r)
{
    return r->line + (r->ended_nl ? 1 : 0);
}

/* One wording whether or not the line's end was seen (a stream stops
 * reading a line once it is over the cap). */
static int too_long(gmc_lines_t *r, gmc_diag_t *d)
{
    r->error = GMC_LINES_ETEXT;
    return gmc_diag_error(d, r->line, "expected a line of at most %zu bytes, found a longer one",
                          r->max);
}

static int has_nul(gmc_lines_t *r, size_t col, gmc_diag_t *d)
{
    r->error = GMC_LINES_ETEXT;
    return gmc_diag_error(d, r->line, "expected text, found byte 0x00 at column %zu", col + 1);
}

/* The line at offset at of base, l bytes (nl: it ended with '\n'), of
 * the end bytes read: checked and returned. */
static inline int give(gmc_lines_t *r, const char *base, size_t at, size_t l, int nl, size_t end,
                       const char **s, size_t *len, gmc_diag_t *d)
{
    r->line++;
    r->ended_nl = nl;
    if (l > r->max)
        return too_long(r, d);
    if (r->nul < at + l) {   /* the first NUL at or after the line's start is in it */
        const size_t col = r->nul - at;
        r->nul = find_nul(base, at + l, end);   /* a caller reading on meets the next one */
        return has_nul(r, col, d);
    }
    const char *b = base + at;
    if (l && b[l - 1] == '\r')
        l--;
    *s = b;
    *len = l;
    return 1;
}

/* Makes room after buf[hi]: moves the unread bytes to the front, and grows
 * the buffer when a line longer than it is still being read. */
static int room(gmc_lines_t *r, gmc_diag_t *d)
{
    size_t avail = r->hi - r->lo;
    memmove(r->buf, r->buf + r->lo, avail);
    if (r->nul != SIZE_MAX)   /* the unread bytes' NUL moves with them */
        r->nul -= r->lo;
    r->lo = 0;
    r->hi = avail;
    if (r->cap - r->hi >= CHUNK)
        return 0;
    size_t cap = r->cap * 2;
    char *b = cap > r->cap ? realloc(r->buf, cap) : NULL;
    if (!b) {
        r->error = GMC_LINES_ENOMEM;
        return gmc_diag_error(d, r->line + 1, "expected memory for a line of %zu bytes and more, "
                              "found none", avail);
    }
    r->buf = b;
    r->cap = cap;
    return 0;
}

int gmc_lines_next(gmc_lines_t *r, const char **s, size_t *len, gmc_diag_t *d)
{
    if (!r->f && !r->buf) {   /* text in memory */
        if (r->pos >= r->len)
            return 0;
        const size_t at = r->pos;
        const char *b = r->text + at, *nl = memchr(b, '\n', r->len - at);
        size_t l = nl ? (size_t)(nl - b) : r->len - at;
        r->pos += l + (nl != NULL);
        return give(r, r->text, at, l, nl != NULL, r->len, s, len, d);
    }
    if (!r->f)   /* closed */
        return 0;
    for (;;) {
        const char *b = r->buf + r->lo;
        const char *nl = r->hi > r->lo ? memchr(b, '\n', r->hi - r->lo) : NULL;
        if (nl || (r->eof && r->hi > r->lo)) {
            const size_t at = r->lo;
            size_t l = nl ? (size_t)(nl - b) : r->hi - r->lo;
            r->lo += l + (nl != NULL);
            return give(r, r->buf, at, l, nl != NULL, r->hi, s, len, d);
        }
        if (r->eof)
            return 0;
        if (r->hi - r->lo > r->max) {   /* no '\n' within the cap: say so without reading on */
            r->line++;
            return too_long(r, d);
        }
        if (room(r, d))
            return -1;
        errno = 0;
        size_t got = fread(r->buf + r->hi, 1, r->cap - r->hi, r->f);
        if (r->nul == SIZE_MAX)
            r->nul = find_nul(r->buf, r->hi, r->hi + got);
        r->hi += got;
        if (!got) {
            if (ferror(r->f)) {
                r->error = GMC_LINES_EREAD;
                return gmc_diag_error(d, r->line + 1, "expected a readable file, found a read "
                                      "error (%s)", strerror(errno ? errno : EIO));
            }
            r->eof = 1;
        }
    }
}
