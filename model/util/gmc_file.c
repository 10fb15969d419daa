/* gmc_file: input files opened only when regular, small ones read whole
 * (gmc_file.h). */
#include "util/gmc_file.h"
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *kind_of(mode_t m)
{
    return S_ISDIR(m) ? "a directory" : S_ISFIFO(m) ? "a FIFO" : S_ISCHR(m) ? "a character device"
         : S_ISBLK(m) ? "a block device" : S_ISSOCK(m) ? "a socket" : "a special file";
}

/* *kind for a path that is not a regular file (returns 1), else 0. */
static int not_regular(const struct stat *sb, const char **kind)
{
    if (S_ISREG(sb->st_mode))
        return 0;
    *kind = kind_of(sb->st_mode);
    errno = 0;
    return 1;
}

FILE *gmc_file_open(const char *path, const char **kind)
{
    struct stat sb;
    *kind = NULL;
    /* looked at before opening: opening a device may do something */
    if (stat(path, &sb) == 0 && not_regular(&sb, kind))
        return NULL;
    /* O_NONBLOCK: should the name be a FIFO by now, the open returns at
     * once instead of waiting for a writer; fstat then checks what was
     * opened */
    int fd = open(path, O_RDONLY | O_NONBLOCK);
    if (fd < 0)
        return NULL;
    int fl, e = 0;
    if (fstat(fd, &sb))
        e = errno;
    else if (!not_regular(&sb, kind) &&
             ((fl = fcntl(fd, F_GETFL)) < 0 || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) < 0))
        e = errno;
    FILE *f = !e && !*kind ? fdopen(fd, "rb") : NULL;
    if (!f) {
        e = *kind ? 0 : e ? e : errno;
        close(fd);
        errno = e;
    }
    return f;
}

/* A FIFO opened without waiting (fd, O_NONBLOCK), made a blocking stream
 * once a writer is there: Linux's poll reports nothing on a FIFO no
 * writer has opened yet, then data or the writer's close. */
static FILE *fifo_stream(int fd, gmc_diag_t *at)
{
    struct pollfd p = {fd, POLLIN, 0};
    int r, fl;
    while ((r = poll(&p, 1, 1000)) < 0 && errno == EINTR)
        ;
    if (r == 0) {
        gmc_diag_warn(at, 0, "a FIFO with no writer yet: waiting for one");
        while ((r = poll(&p, 1, -1)) < 0 && errno == EINTR)
            ;
    }
    FILE *f = NULL;
    if (r < 0 || (fl = fcntl(fd, F_GETFL)) < 0 || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) < 0 ||
        !(f = fdopen(fd, "rb"))) {
        gmc_diag_error(at, 0, "cannot open: %s", strerror(errno));
        close(fd);
    }
    return f;
}

FILE *gmc_file_open_stream(const char *path, gmc_diag_t *d)
{
    gmc_diag_t at = *d;
    struct stat sb;
    at.src = path;
    if (stat(path, &sb) || !S_ISFIFO(sb.st_mode))
        return gmc_file_open_diag(path, d);
    int fd = open(path, O_RDONLY | O_NONBLOCK);
    if (fd < 0) {
        gmc_diag_error(&at, 0, "cannot open: %s", strerror(errno));
        return NULL;
    }
    if (fstat(fd, &sb) || !S_ISFIFO(sb.st_mode)) {   /* replaced since: the strict check */
        close(fd);
        return gmc_file_open_diag(path, d);
    }
    return fifo_stream(fd, &at);
}

FILE *gmc_file_open_diag(const char *path, gmc_diag_t *d)
{
    gmc_diag_t at = *d;
    const char *kind;
    at.src = path;
    FILE *f = gmc_file_open(path, &kind);
    if (!f && kind)
        gmc_diag_error(&at, 0, "is %s, expected a regular file", kind);
    else if (!f)
        gmc_diag_error(&at, 0, "cannot open: %s", strerror(errno));
    return f;
}

int gmc_file_read(const char *path, size_t max, const char *what, char **text, size_t *len,
                  gmc_diag_t *d)
{
    gmc_diag_t at = *d;
    at.src = path;
    *text = NULL;
    FILE *f = gmc_file_open_diag(path, d);
    if (!f)
        return -1;
    char *buf = malloc(max + 1);
    errno = 0;
    size_t got = buf ? fread(buf, 1, max + 1, f) : 0;
    int rerr = ferror(f) ? (errno ? errno : EIO) : 0;
    fclose(f);
    if (!buf)
        return gmc_diag_error(&at, 0, "expected memory for the file, found none");
    if (rerr || got > max) {
        free(buf);
        if (rerr)
            return gmc_diag_error(&at, 0, "expected a readable file, found a read error (%s)",
                                  strerror(rerr));
        if (max % (1u << 20) == 0)
            return gmc_diag_error(&at, 0, "expected %s of at most %zu MiB, found more", what,
                                  max >> 20);
        if (max % 1024 == 0)
            return gmc_diag_error(&at, 0, "expected %s of at most %zu KiB, found more", what,
                                  max >> 10);
        return gmc_diag_error(&at, 0, "expected %s of at most %zu bytes, found more", what, max);
    }
    buf[got] = 0;
    *text = buf;
    *len = got;
    return 0;
}
