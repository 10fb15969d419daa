/* gmc entropy: all-or-nothing output files (see entropy_cli.h).
 * Never rename a temporary file over something that is not a regular
 * file: an earlier version replaced the /dev/stdout symlink that way. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>
#include "entropy_cli.h"

const char *entropy_tmp_dir(void)
{
    const char *t = getenv("TMPDIR");
    return t && *t ? t : "/tmp";
}

int out_open(outfile_t *o, const char *path)
{
    memset(o, 0, sizeof *o);
    o->path = path;
    struct stat sb;
    /* A symlink is written through (copied into), never replaced. */
    o->copy = !strcmp(path, "-") || (stat(path, &sb) == 0 && !S_ISREG(sb.st_mode)) ||
              (lstat(path, &sb) == 0 && S_ISLNK(sb.st_mode));
    size_t l = o->copy ? strlen(entropy_tmp_dir()) + 24 : strlen(path) + 16;
    o->tmp = malloc(l);
    if (!o->tmp) {
        fprintf(stderr, "gmc entropy: %s: out of memory\n", path);
        return -1;
    }
    if (o->copy)
        snprintf(o->tmp, l, "%s/gmc-entropy-XXXXXX", entropy_tmp_dir());
    else
        snprintf(o->tmp, l, "%s.tmp.XXXXXX", path);
    int fd = mkstemp(o->tmp);
    if (fd >= 0) {               /* mkstemp makes 0600; honour the umask */
        mode_t um = umask(022);
        umask(um);
        int ignored = fchmod(fd, 0666 & ~um);   /* 0600 is fine too */
        (void)ignored;
    }
    if (fd < 0 || !(o->f = fdopen(fd, "w"))) {
        fprintf(stderr, "gmc entropy: %s: cannot write: %s\n", path, strerror(errno));
        if (fd >= 0) {
            close(fd);
            unlink(o->tmp);
        }
        free(o->tmp);
        o->tmp = NULL;
        return -1;
    }
    return 0;
}

/* Closes the temporary file (reporting write errors); does not commit. */
int out_close(outfile_t *o)
{
    if (!o->f)
        return 0;
    int bad = ferror(o->f);
    if (fclose(o->f))
        bad = 1;
    o->f = NULL;
    if (bad) {
        fprintf(stderr, "gmc entropy: %s: write error: %s\n", o->path, strerror(errno));
        return -1;
    }
    return 0;
}

void out_abort(outfile_t *o)
{
    if (o->f)
        fclose(o->f);
    o->f = NULL;
    if (o->tmp)
        unlink(o->tmp);
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
        while ((n = fread(buf, 1, sizeof buf, in)) > 0)
            if (fwrite(buf, 1, n, out) != n)
                break;
        rc = ferror(in) || ferror(out) || fflush(out) ? -1 : 0;
    }
    int e = errno;
    if (in)
        fclose(in);
    if (out && !to_stdout && fclose(out))
        rc = -1;
    if (rc)
        fprintf(stderr, "gmc entropy: %s: cannot write: %s\n", path, strerror(e));
    return rc;
}

int out_commit(outfile_t *o)
{
    if (!o->tmp)
        return 0;
    if (out_close(o))
        return -1;
    if (o->copy) {
        if (copy_into(o->tmp, o->path))
            return -1;
        unlink(o->tmp);
    } else if (rename(o->tmp, o->path)) {
        fprintf(stderr, "gmc entropy: %s: cannot write: %s\n", o->path,
                strerror(errno));
        return -1;
    }
    free(o->tmp);
    o->tmp = NULL;
    return 0;
}
