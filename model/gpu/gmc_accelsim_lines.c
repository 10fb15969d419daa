/* gmc_accelsim_lines: the Accel-Sim trace reader's lines (util's line
 * reader, fed by xz for .xz traces) and tokens.  Numbers and quoting are
 * util's (gmc_num.h, gmc_quote.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include "gpu/gmc_accelsim_impl.h"
#include "util/gmc_file.h"

/* `xz -dc -- path` with its output on a pipe (no shell: any path is one
 * argument); its messages go nowhere (the exit status is what gmc reports). */
static FILE *xz_open(as_lines_t *r, const char *path)
{
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

static int ends_xz(const char *path)
{
    size_t l = strlen(path);
    return l >= 3 && !strcmp(path + l - 3, ".xz");
}

int as_file_readable(const char *path, const char **why)
{
    FILE *f = gmc_file_open(path, why);   /* a FIFO or a device: refused, never waited on */
    if (f) {
        fclose(f);
        return 0;
    }
    if (!*why)
        *why = strerror(errno);
    return -1;
}

int as_lines_open(as_lines_t *r, const char *path, const char **why)
{
    memset(r, 0, sizeof *r);
    FILE *f = NULL;
    if (ends_xz(path)) {   /* xz opens it: the same check first (a missing file: errno as for a plain one) */
        if (as_file_readable(path, why) == 0 && !(f = xz_open(r, path)))
            *why = strerror(errno);
    } else if (!(f = gmc_file_open(path, why)) && !*why) {
        *why = strerror(errno);
    }
    if (!f)
        return -1;
    gmc_diag_t quiet = {NULL, NULL, 0, NULL, 0, 0};
    if (gmc_lines_stream(&r->lines, f, GMC_ACCELSIM_LINE_MAX, &quiet)) {
        fclose(f);
        xz_reap(r);
        *why = strerror(ENOMEM);
        return -1;
    }
    r->lines.own = 1;   /* gmc_lines_close closes it (an xz still writing gets SIGPIPE) */
    return 0;
}

void as_lines_close(as_lines_t *r)
{
    gmc_lines_close(&r->lines);
    xz_reap(r);
}

int as_lines_next(as_lines_t *r, const char **s, size_t *len, gmc_diag_t *d)
{
    int got = gmc_lines_next(&r->lines, s, len, d);
    if (got || !r->xz_pid)
        return got;
    xz_reap(r);   /* the end of xz's output: did it decompress the whole file? */
    if (!r->xz_exit)
        return 0;
    if (r->xz_exit == 127)
        return gmc_diag_error(d, r->lines.line + 1, "expected the xz command to decompress it "
                              "(Debian: apt-get install xz-utils), found none to run (exit %d)",
                              r->xz_exit);
    return gmc_diag_error(d, r->lines.line + 1, "expected an xz stream that xz -dc decompresses, "
                          "found xz failing (exit %d)", r->xz_exit);
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
