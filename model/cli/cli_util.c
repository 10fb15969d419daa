/* Small helpers shared by the subcommands (declared in cli.h). */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"

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
    if (!s || !*s || *s == '-')
        return -1;
    char *end;
    errno = 0;
    unsigned long long x = strtoull(s, &end, 0);
    if (errno || *end)
        return -1;
    *v = x;
    return 0;
}

FILE *cli_open_out(const char *path, const char *cmd)
{
    if (!path || !strcmp(path, "-"))
        return stdout;
    FILE *f = fopen(path, "w");
    if (!f)
        fprintf(stderr, "gmc %s: %s: cannot write: %s\n", cmd, path, strerror(errno));
    return f;
}
