/* All-or-nothing output files (see cli_outfile.h). */
#include "cli_outfile.h"
#include "cli.h"
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

const char *cli_tmp_dir(void)
{
    const char *t = getenv("TMPDIR");
    return t && *t ? t : "/tmp";
}

/* The temporary files not yet committed or aborted: an interrupt
 * (SIGINT, SIGTERM, SIGHUP) removes them before the process dies as the
 * signal says, so that no FILE.tmp.XXXXXX is left behind.  A command's
 * outputs (gmc sim --export-traces: a file per kernel); past the table's
 * size a file is simply not cleaned up on a signal. */
#define LIVE_MAX 256
static char *volatile live[LIVE_MAX];

static void on_signal(int sig)
{
    for (unsigned i = 0; i < LIVE_MAX; i++)
        if (live[i])
            unlink(live[i]);   /* async-signal-safe */
    signal(sig, SIG_DFL);
    raise(sig);
}

static void live_add(char *tmp)
{
    static int installed;
    if (!installed) {
        installed = 1;
        static const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
        for (unsigned k = 0; k < sizeof sigs / sizeof sigs[0]; k++) {
            struct sigaction old, sa;
            memset(&sa, 0, sizeof sa);
            sa.sa_handler = on_signal;
            sigemptyset(&sa.sa_mask);
            /* a signal the caller ignores (nohup, a background job) stays ignored */
            if (!sigaction(sigs[k], NULL, &old) && old.sa_handler == SIG_DFL)
                sigaction(sigs[k], &sa, NULL);
        }
    }
    for (unsigned i = 0; i < LIVE_MAX; i++)
        if (!live[i]) {
            live[i] = tmp;
            return;
        }
}

static void live_drop(const char *tmp)
{
    for (unsigned i = 0; i < LIVE_MAX; i++)
        if (live[i] == tmp)
            live[i] = NULL;
}

int cli_out_open(cli_outfile_t *o, const char *cmd, const char *path)
{
    memset(o, 0, sizeof *o);
    o->cmd = cmd;
    o->path = path;
    struct stat sb;
    o->copy = !strcmp(path, "-") || (stat(path, &sb) == 0 && !S_ISREG(sb.st_mode)) ||
              (lstat(path, &sb) == 0 && S_ISLNK(sb.st_mode));
    size_t l = (o->copy ? strlen(cli_tmp_dir()) : strlen(path)) + 32;
    if (!(o->tmp = malloc(l))) {
        fprintf(stderr, "gmc %s: %s: out of memory\n", cmd, path);
        return -1;
    }
    if (o->copy)
        snprintf(o->tmp, l, "%s/gmc-%s-XXXXXX", cli_tmp_dir(), cmd);
    else
        snprintf(o->tmp, l, "%s.tmp.XXXXXX", path);
    int fd = mkstemp(o->tmp);
    if (fd >= 0) {   /* mkstemp creates 0600; give the file the usual umask mode */
        mode_t um = umask(022);
        umask(um);
        if (fchmod(fd, 0666 & ~um)) { /* 0600 is acceptable */ }
    }
    if (fd < 0 || !(o->f = fdopen(fd, "w"))) {
        fprintf(stderr, "gmc %s: %s: cannot write: %s\n", cmd, path, strerror(errno));
        if (fd >= 0) {
            close(fd);
            unlink(o->tmp);
        }
        free(o->tmp);
        o->tmp = NULL;
        return -1;
    }
    live_add(o->tmp);
    return 0;
}

void cli_out_abort(cli_outfile_t *o)
{
    if (o->f)
        fclose(o->f);
    o->f = NULL;
    if (o->tmp) {
        unlink(o->tmp);
        live_drop(o->tmp);
    }
    free(o->tmp);
    o->tmp = NULL;
}

static int copy_into(const char *from, const char *path)
{
    FILE *in = fopen(from, "rb");
    int to_stdout = !strcmp(path, "-");
    FILE *out = to_stdout ? stdout : fopen(path, "wb");
    int rc = -1;
    if (in && out) {
        char buf[65536];
        size_t n;
        rc = 0;
        while ((n = fread(buf, 1, sizeof buf, in)) > 0)
            if (fwrite(buf, 1, n, out) != n) {
                rc = -1;
                break;
            }
        if (ferror(in) || ferror(out) || fflush(out))
            rc = -1;
        if (rc && to_stdout)   /* main's cli_stdout_check says why, once */
            cli_stdout_failed(errno);
    }
    if (in)
        fclose(in);
    if (out && !to_stdout && fclose(out))
        rc = -1;
    return rc;
}

int cli_out_close(cli_outfile_t *o)
{
    if (!o->f)
        return 0;
    int bad = ferror(o->f) != 0;
    if (fclose(o->f))
        bad = 1;
    o->f = NULL;
    if (bad)
        fprintf(stderr, "gmc %s: %s: cannot write: %s\n", o->cmd, o->path,
                errno ? strerror(errno) : "write error");
    return bad ? -1 : 0;
}

int cli_out_commit(cli_outfile_t *o)
{
    if (!o->tmp)
        return 0;
    int bad = 0;
    if (o->f) {
        bad = ferror(o->f) != 0;
        if (fclose(o->f))
            bad = 1;
        o->f = NULL;
    }
    if (!bad && (o->copy ? copy_into(o->tmp, o->path) : rename(o->tmp, o->path)))
        bad = 1;
    if (bad) {
        if (strcmp(o->path, "-"))   /* stdout: cli_stdout_check reports it */
            fprintf(stderr, "gmc %s: %s: cannot write: %s\n", o->cmd, o->path,
                    errno ? strerror(errno) : "write error");
        unlink(o->tmp);
    } else if (o->copy) {
        unlink(o->tmp);
    }
    live_drop(o->tmp);
    free(o->tmp);
    o->tmp = NULL;
    return bad ? -1 : 0;
}
