/* gmc_accelsim_lines: the bounded line reader and the token/number helpers
 * of the Accel-Sim trace reader.  Every number is read as a whole token
 * with overflow checks, so "99999999999999999999" is an error, not a wrap. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include "gpu/gmc_accelsim_impl.h"

#define AS_CHUNK 65536

/* `xz -dc -- path` with its output on a pipe (no shell: any path is one
 * argument); its messages go nowhere (the exit status is what gmc reports). */
static FILE *xz_open(as_lines_t *r, const char *path)
{
    FILE *t = fopen(path, "rb");   /* a missing or unreadable file: errno as for a plain one */
    if (!t)
        return NULL;
    fclose(t);
    int fd[2];
    if (pipe(fd))
        return NULL;
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        close(fd[0]);
        close(fd[1]);
        return NULL;
    }
    if (pid == 0) {
        int null = open("/dev/null", O_WRONLY);
        if (dup2(fd[1], 1) < 0 || (null >= 0 && dup2(null, 2) < 0))
            _exit(126);
        close(fd[0]);
        close(fd[1]);
        execlp("xz", "xz", "-dc", "--", path, (char *)NULL);
        _exit(127);
    }
    close(fd[1]);
    FILE *f = fdopen(fd[0], "rb");
    if (!f) {
        close(fd[0]);
        waitpid(pid, NULL, 0);
        return NULL;
    }
    r->xz_pid = (long)pid;
    return f;
}

/* Waits for xz (once): its exit status into xz_exit. */
static void xz_reap(as_lines_t *r)
{
    if (!r->xz_pid)
        return;
    int st = 0;
    pid_t w;
    while ((w = waitpid((pid_t)r->xz_pid, &st, 0)) < 0 && errno == EINTR)
        ;
    r->xz_exit = w < 0 ? 126 : WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
    r->xz_pid = 0;
}

const char *as_lines_xz_expected(const as_lines_t *r)
{
    if (r->xz_exit == 127)
        return "the xz command to decompress it (Debian: apt-get install xz-utils), found none to run";
    return "an xz stream that xz -dc decompresses, found xz failing";
}

static int ends_xz(const char *path)
{
    size_t l = strlen(path);
    return l >= 3 && !strcmp(path + l - 3, ".xz");
}

int as_lines_open(as_lines_t *r, const char *path)
{
    memset(r, 0, sizeof *r);
    r->f = ends_xz(path) ? xz_open(r, path) : fopen(path, "rb");
    if (!r->f)
        return -1;
    r->cap = GMC_ACCELSIM_LINE_MAX + 1 + AS_CHUNK;
    r->buf = malloc(r->cap);
    if (!r->buf) {
        fclose(r->f);
        r->f = NULL;
        xz_reap(r);
        errno = ENOMEM;
        return -1;
    }
    return 0;
}

void as_lines_close(as_lines_t *r)
{
    if (r->f)
        fclose(r->f);   /* an xz still writing gets SIGPIPE and ends */
    xz_reap(r);
    free(r->buf);
    r->f = NULL;
    r->buf = NULL;
}

int as_lines_next(as_lines_t *r, const char **s, size_t *len)
{
    for (;;) {
        char *nl = r->hi > r->lo ? memchr(r->buf + r->lo, '\n', r->hi - r->lo) : NULL;
        size_t avail = r->hi - r->lo;
        if (nl || (r->eof && avail > 0)) {
            size_t l = nl ? (size_t)(nl - (r->buf + r->lo)) : avail;
            r->lineno++;
            if (l > GMC_ACCELSIM_LINE_MAX)
                return -1;
            *s = r->buf + r->lo;
            *len = l;
            r->lo += l + (nl ? 1 : 0);
            return 1;
        }
        if (r->eof)
            return 0;
        if (avail > GMC_ACCELSIM_LINE_MAX) {   /* no newline within the cap */
            r->lineno++;
            return -1;
        }
        memmove(r->buf, r->buf + r->lo, avail);
        r->lo = 0;
        r->hi = avail;
        size_t got = fread(r->buf + r->hi, 1, r->cap - r->hi, r->f);
        r->hi += got;
        if (got == 0) {
            if (ferror(r->f))
                return -2;
            r->eof = 1;
            if (r->xz_pid) {   /* the end of xz's output: did it decompress the whole file? */
                xz_reap(r);
                if (r->xz_exit)
                    return -3;
            }
        }
    }
}

static inline int is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

int as_tok(as_cur_t *c, const char **t, size_t *len)
{
    while (c->p < c->e && is_blank(*c->p))
        c->p++;
    if (c->p == c->e)
        return 0;
    const char *b = c->p;
    while (c->p < c->e && !is_blank(*c->p))
        c->p++;
    *t = b;
    *len = (size_t)(c->p - b);
    return 1;
}

int as_at_end(as_cur_t *c)
{
    while (c->p < c->e && is_blank(*c->p))
        c->p++;
    return c->p == c->e;
}

void as_quote(char *out, size_t n, const char *t, size_t len)
{
    size_t k = 0, i = 0;
    if (n < 8) {
        if (n)
            out[0] = 0;
        return;
    }
    out[k++] = '\'';
    for (; i < len && i < 40 && k + 8 < n; i++) {
        unsigned char ch = (unsigned char)t[i];
        if (ch >= 0x20 && ch < 0x7f && ch != '\'')
            out[k++] = (char)ch;
        else
            k += (size_t)snprintf(out + k, n - k, "\\x%02x", ch);
    }
    if (i < len && k + 5 < n) {
        memcpy(out + k, "...", 3);
        k += 3;
    }
    out[k++] = '\'';
    out[k] = 0;
}

int as_junk_byte(const char *s, size_t len, size_t *at)
{
    for (size_t i = 0; i < len; i++) {
        unsigned char ch = (unsigned char)s[i];
        if ((ch < 0x20 && ch != '\t' && ch != '\r') || ch == 0x7f) {
            *at = i;
            return ch;
        }
    }
    return -1;
}

int as_dec_u64(const char *t, size_t len, uint64_t max, uint64_t *v)
{
    if (len == 0)
        return -1;
    uint64_t x = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned d = (unsigned char)t[i] - '0';
        if (d > 9)
            return -1;
        if (d > max || x > (max - d) / 10)
            return -1;
        x = x * 10 + d;
    }
    *v = x;
    return 0;
}

int as_dec_i64(const char *t, size_t len, int64_t *v)
{
    int neg = len > 0 && (t[0] == '-' || t[0] == '+');
    int minus = neg && t[0] == '-';
    uint64_t x;
    if (as_dec_u64(t + neg, len - (size_t)neg, minus ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX,
                   &x) < 0)
        return -1;
    *v = minus ? (int64_t)(0 - x) : (int64_t)x;
    return 0;
}

int as_hex_u64(const char *t, size_t len, int allow_0x, uint64_t max, uint64_t *v)
{
    if (allow_0x && len > 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X')) {
        t += 2;
        len -= 2;
    }
    if (len == 0)
        return -1;
    uint64_t x = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char ch = (unsigned char)t[i];
        unsigned d;
        if (ch >= '0' && ch <= '9')
            d = ch - '0';
        else if (ch >= 'a' && ch <= 'f')
            d = ch - 'a' + 10;
        else if (ch >= 'A' && ch <= 'F')
            d = ch - 'A' + 10;
        else
            return -1;
        if (d > max || x > (max >> 4) || (x << 4) > max - d)
            return -1;
        x = (x << 4) | d;
    }
    *v = x;
    return 0;
}

int as_grow(void **p, size_t *cap, size_t need, size_t sz)
{
    if (need <= *cap)
        return 0;
    size_t c = *cap ? *cap : 16;
    while (c < need) {
        if (c > (SIZE_MAX / 2) / sz)
            return -1;
        c *= 2;
    }
    void *q = realloc(*p, c * sz);
    if (!q)
        return -1;
    *p = q;
    *cap = c;
    return 0;
}
