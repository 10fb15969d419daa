/* cli_gnuplot: gnuplot run without a shell, so that no path (an -o folder
 * with a quote in its name) is ever read as shell code. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include "cli.h"
#include "cli_outfile.h"
#include "util/gmc_lines.h"

int cli_gnuplot(const char *who, const char *dir, const char *script, const char *log)
{
    int pfd[2];
    if (pipe(pfd)) {
        fprintf(stderr, "%s: pipe: %s\n", who, strerror(errno));
        return -1;
    }
    fcntl(pfd[1], F_SETFD, FD_CLOEXEC);
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        fprintf(stderr, "%s: fork: %s\n", who, strerror(errno));
        close(pfd[0]);
        close(pfd[1]);
        return -1;
    }
    if (pid == 0) {
        close(pfd[0]);
        int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (fd >= 0) {
            dup2(fd, 1);
            dup2(fd, 2);
            close(fd);
        }
        int e = 0;
        if (dir && chdir(dir))
            e = errno;
        else
            execlp("gnuplot", "gnuplot", script, (char *)NULL);
        e = e ? e : errno;
        ssize_t w = write(pfd[1], &e, sizeof e);
        (void)w;
        _exit(127);
    }
    close(pfd[1]);
    int e = 0;
    ssize_t got = read(pfd[0], &e, sizeof e);
    close(pfd[0]);
    int st = 0;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
        ;
    if (got == (ssize_t)sizeof e) {
        if (e == ENOENT && !(dir && access(dir, F_OK)))
            fprintf(stderr, "%s: gnuplot is not on PATH (install it: make deps, or "
                    "apt-get install gnuplot-nox)\n", who);
        else
            fprintf(stderr, "%s: cannot run gnuplot: %s\n", who, strerror(e));
        return -1;
    }
    if (!WIFEXITED(st) || WEXITSTATUS(st)) {
        /* gnuplot's first line of complaint, as it wrote it (cut at 300 bytes) */
        gmc_diag_t quiet = {NULL, NULL, 0, NULL, 0, 0};
        gmc_lines_t lr;
        const char *line = "";
        size_t ll = 0;
        int have = gmc_lines_open(&lr, log, 1u << 20, &quiet) == 0;
        if (have && gmc_lines_next(&lr, &line, &ll, &quiet) != 1)
            line = "", ll = 0;
        fprintf(stderr, "%s: gnuplot failed on %s (%s %d): %.*s\n", who, script,
                WIFEXITED(st) ? "exit" : "signal",
                WIFEXITED(st) ? WEXITSTATUS(st) : WTERMSIG(st), (int)(ll < 300 ? ll : 300), line);
        if (have)
            gmc_lines_close(&lr);
        return -1;
    }
    return 0;
}

void cli_gp_str(FILE *f, const char *s)
{
    fputc('\'', f);
    for (; *s; s++)
        if (*s == '\'')
            fputs("''", f);
        else if ((unsigned char)*s >= 0x20)
            fputc(*s, f);
    fputc('\'', f);
}

int cli_gnuplot_tmp(const char *who, const char *stem, cli_gp_write_fn write, const void *ctx)
{
    char dir[512];
    snprintf(dir, sizeof dir, "%s/gmc-%s-XXXXXX", cli_tmp_dir(), stem);
    if (!mkdtemp(dir)) {
        fprintf(stderr, "%s: cannot make a temporary directory in %s: %s\n", who, cli_tmp_dir(), strerror(errno));
        return -1;
    }
    char dat[600], gp[600], log[600];
    snprintf(dat, sizeof dat, "%s/%s.dat", dir, stem);
    snprintf(gp, sizeof gp, "%s/%s.gp", dir, stem);
    snprintf(log, sizeof log, "%s/gnuplot.log", dir);
    int rc = -1;
    FILE *d = fopen(dat, "w"), *s = fopen(gp, "w");
    if (!d || !s) {
        fprintf(stderr, "%s: cannot write in %s: %s\n", who, dir, strerror(errno));
        goto done;
    }
    write(d, s, dat, ctx);
    int bad = ferror(d) || ferror(s);
    bad |= fclose(d) != 0;
    bad |= fclose(s) != 0;
    d = s = NULL;
    if (bad) {
        fprintf(stderr, "%s: write error in %s\n", who, dir);
        goto done;
    }
    rc = cli_gnuplot(who, NULL, gp, log);
done:
    if (d)
        fclose(d);
    if (s)
        fclose(s);
    unlink(dat);
    unlink(gp);
    unlink(log);
    rmdir(dir);
    return rc;
}
