/* Small helpers shared by the subcommands (declared in cli.h). */
#include <errno.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cli.h"
#include "mc/gmc_sched.h"
#include "util/gmc_file.h"
#include "util/gmc_num.h"
#include "util/gmc_quote.h"

const char *cli_argv0 = "gmc";

int cli_usage_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "gmc %s: ", cmd);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return 2;
}

int cli_parse_u64(const char *s, uint64_t *v)
{
    return gmc_num_u64_str(s, GMC_NUM_0X, UINT64_MAX, v);
}

int cli_input_ok(const char *cmd, const char *path)
{
    const char *kind;
    FILE *f = path && strcmp(path, "-") ? gmc_file_open(path, &kind) : NULL;
    if (f)
        fclose(f);
    if (!path || !strcmp(path, "-") || f || !kind)
        return 0;
    fprintf(stderr, "gmc %s: %s: is %s, expected a regular file\n", cmd, path, kind);
    return 1;
}

int cli_out_dir_ok(const char *cmd, const char *opt, const char *path)
{
    /* the root itself: "/", "//", "/tmp/..", a link to it (same device and inode) */
    struct stat a, r;
    const int root = *path && !stat(path, &a) && !stat("/", &r) && a.st_dev == r.st_dev &&
                     a.st_ino == r.st_ino;
    if (!*path || root) {
        fprintf(stderr, "gmc %s: %s: expected a results directory, found '%s'%s\n", cmd, opt, path,
                *path ? " (the root directory)" : " (an empty path: an unset variable?)");
        return 0;
    }
    return 1;
}

int cli_mkdir_p(const char *cmd, const char *dir)
{
    /* each prefix in turn, so `-o results/new/run` just works */
    size_t l = strlen(dir);
    char *p = malloc(l + 1);
    if (!p) {
        fprintf(stderr, "gmc %s: %s: out of memory\n", cmd, dir);
        return -1;
    }
    memcpy(p, dir, l + 1);
    for (size_t i = 1; i <= l; i++) {
        if (p[i] != '/' && p[i] != 0)
            continue;
        char c = p[i];
        p[i] = 0;
        struct stat sb;
        if (mkdir(p, 0777) && !(errno == EEXIST && stat(p, &sb) == 0 && S_ISDIR(sb.st_mode))) {
            int e = errno == EEXIST ? ENOTDIR : errno;
            fprintf(stderr, "gmc %s: %s: cannot create directory: %s\n", cmd, p, strerror(e));
            free(p);
            return -1;
        }
        p[i] = c;
    }
    free(p);
    return 0;
}

static int same_file(const char *a, const char *b)
{
    struct stat x, y;
    if (!strcmp(a, b))
        return 1;
    if (!strcmp(a, "-") || !strcmp(b, "-"))
        return 0;
    return !stat(a, &x) && !stat(b, &y) && x.st_dev == y.st_dev && x.st_ino == y.st_ino &&
           S_ISREG(x.st_mode);
}

int cli_outputs_distinct(const char *cmd, const char *const *op)
{
    for (size_t i = 0; op[i]; i += 2)
        for (size_t j = i + 2; op[i + 1] && op[j]; j += 2)
            if (op[j + 1] && same_file(op[i + 1], op[j + 1])) {
                fprintf(stderr, "gmc %s: %s and %s name the same file '%s' (one would replace "
                        "the other)\n", cmd, op[i], op[j], op[j + 1]);
                return 0;
            }
    return 1;
}

/* The first failure recorded by cli_stdout_failed: its errno, or -1 when
 * the reason is not known (a write that failed before the last flush:
 * stdio keeps the error flag, not the errno). */
static int stdout_errno;
static int stdout_reported;  /* the one message is out */

/* Whether stdout is a pipe or socket whose reader has gone: the reason of
 * a write that failed before the last flush, which stdio does not keep
 * (poll says POLLERR then; a file or device says POLLOUT). */
static int reader_gone(void)
{
    struct pollfd p = {STDOUT_FILENO, POLLOUT, 0};
    return poll(&p, 1, 0) == 1 && (p.revents & POLLERR);
}

void cli_stdout_failed(int e)
{
    if (!stdout_errno)
        stdout_errno = e ? e : -1;
}

void cli_stdout_note(void)
{
    if (ferror(stdout))   /* errno is still the failed write's: nothing since has set it */
        cli_stdout_failed(errno);
}

int cli_stdout_check(const char *cmd)
{
    errno = 0;
    int bad = fflush(stdout) != 0;
    if (bad)
        cli_stdout_failed(errno);
    if (ferror(stdout))
        cli_stdout_failed(reader_gone() ? EPIPE : 0);
    if (!stdout_errno)
        return 0;
    if (stdout_errno == EPIPE)
        return CLI_EXIT_PIPE;
    if (!stdout_reported)
        fprintf(stderr, "gmc%s%s: writing standard output: %s\n", strcmp(cmd, "gmc") ? " " : "",
                strcmp(cmd, "gmc") ? cmd : "",
                stdout_errno > 0 ? strerror(stdout_errno) : "write error");
    stdout_reported = 1;
    return 1;
}

int cli_opt_u64(const char *cmd, const char *name, int argc, char **argv, int *i, uint64_t *v)
{
    if (*i + 1 >= argc)
        return cli_usage_error(cmd, "option %s needs a value", name);
    const char *s = argv[++*i];
    gmc_quote_t q;
    int rc = cli_parse_u64(s, v);
    if (rc)
        return cli_usage_error(cmd, "%s: expected a non-negative integer, found %s%s", name,
                               gmc_quote(&q, s, strlen(s)), gmc_num_note(rc));
    return 0;
}

int cli_opt_str(const char *cmd, const char *name, int argc, char **argv, int *i, const char **v)
{
    if (*i + 1 >= argc)
        return cli_usage_error(cmd, "option %s needs a value", name);
    *v = argv[++*i];
    return 0;
}

int cli_opt_wmc(const char *cmd, const char *name, int argc, char **argv, int *i,
                unsigned *score_at, unsigned *m_rule)
{
    const char *v = NULL;
    int rc = cli_opt_str(cmd, name, argc, argv, i, &v);
    if (rc)
        return rc;
    const int score = !strcmp(name, "--wmc-score");
    const char *(*nm)(unsigned) = score ? gmc_sched_wmc_score_at_name : gmc_sched_wmc_m_rule_name;
    for (unsigned k = 0; nm(k); k++)
        if (!strcmp(v, nm(k))) {
            *(score ? score_at : m_rule) = k;
            return 0;
        }
    return cli_usage_error(cmd, "%s: expected %s or %s, found '%s'", name, nm(0), nm(1), v);
}
