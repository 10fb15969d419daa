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

/* Copies the temporary file into path ("-": stdout): 0, or the errno of
 * the first failure (EIO when there is none to give). */
static int copy_into(const char *from, const char *path)
{
    FILE *in = fopen(from, "rb");
    int e = in ? 0 : errno;
    int to_stdout = !strcmp(path, "-");
    FILE *out = e ? NULL : to_stdout ? stdout : fopen(path, "wb");
    if (!e && !out)
        e = errno;
    if (!e) {
        char buf[65536];
        size_t n;
        while (!e && (n = fread(buf, 1, sizeof buf, in)) > 0)
            if (fwrite(buf, 1, n, out) != n)
                e = errno ? errno : EIO;
        if (!e && ferror(in))
            e = EIO;
        if (!e && fflush(out))
            e = errno ? errno : EIO;
        if (!e && ferror(out))
            e = EIO;
    }
    if (in)
        fclose(in);
    if (out && !to_stdout && fclose(out) && !e)
        e = errno ? errno : EIO;
    return e;
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
    int e = 0;
    if (o->f) {
        errno = 0;
        int bad = ferror(o->f) != 0;
        if (fclose(o->f))
            bad = 1;
        o->f = NULL;
        if (bad)
            e = errno ? errno : EIO;
    }
    errno = 0;
    if (!e)
        e = o->copy ? copy_into(o->tmp, o->path) : rename(o->tmp, o->path) ? errno : 0;
    if (e == EPIPE || (e && !strcmp(o->path, "-"))) {
        /* a reader that went away (-o /dev/stdout | head -1): main exits
         * 141 quietly, as for stdout; stdout's other errors are said once
         * by main's cli_stdout_check */
        cli_stdout_failed(e);
    } else if (e) {
        fprintf(stderr, "gmc %s: %s: cannot write: %s\n", o->cmd, o->path, strerror(e));
    }
    if (e || o->copy)
        unlink(o->tmp);
    live_drop(o->tmp);
    free(o->tmp);
    o->tmp = NULL;
    return e ? -1 : 0;
}

int cli_outs_open(cli_outfile_t *o, size_t n, const char *cmd, const char *const *paths)
{
    memset(o, 0, n * sizeof *o);
    for (size_t i = 0; i < n; i++)
        if (paths[i] && cli_out_open(&o[i], cmd, paths[i])) {
            cli_outs_abort(o, i);
            return -1;
        }
    return 0;
}

int cli_outs_commit(cli_outfile_t *o, size_t n)
{
    /* the copies first: they are what fails (a full device, a reader gone),
     * and then no regular file has been replaced yet */
    for (int pass = 1; pass >= 0; pass--)
        for (size_t i = 0; i < n; i++)
            if (o[i].tmp && o[i].copy == pass && cli_out_commit(&o[i])) {
                cli_outs_abort(o, n);
                return -1;
            }
    return 0;
}

void cli_outs_abort(cli_outfile_t *o, size_t n)
{
    for (size_t i = 0; i < n; i++)
        cli_out_abort(&o[i]);
}
