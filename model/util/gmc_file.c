/* gmc_file: a small input file read whole (gmc_file.h). */
#include "util/gmc_file.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int gmc_file_read(const char *path, size_t max, const char *what, char **text, size_t *len,
                  gmc_diag_t *d)
{
    gmc_diag_t at = *d;
    struct stat sb;
    at.src = path;
    *text = NULL;
    if (stat(path, &sb) == 0 && S_ISDIR(sb.st_mode))
        return gmc_diag_error(&at, 0, "is a directory, expected a regular file");
    FILE *f = fopen(path, "rb");
    if (!f)
        return gmc_diag_error(&at, 0, "cannot open: %s", strerror(errno));
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
