/* All-or-nothing output files for any subcommand.
 *
 * Output goes to a temporary file first.  Commit renames it over a regular
 * file, or copies it into anything else ("-" = stdout, /dev/stdout, a FIFO,
 * a symlink is written through): nothing reaches the destination unless the
 * whole run succeeded, and a device or symlink is never replaced.  Errors
 * are printed as one line "gmc CMD: PATH: cannot write: why". */
#ifndef GMC_CLI_OUTFILE_H
#define GMC_CLI_OUTFILE_H
#include <stdio.h>

typedef struct {
    const char *cmd;    /* subcommand name for messages */
    const char *path;   /* as given */
    char       *tmp;
    int         copy;   /* destination is not a regular file: copy into it */
    FILE       *f;      /* write here */
} cli_outfile_t;

int  cli_out_open(cli_outfile_t *o, const char *cmd, const char *path);   /* 0 or -1 */
/* Closes the temporary file (reporting a write error) without committing:
 * for writers that fill o->tmp by another route (gnuplot).  Then commit or
 * abort as usual. */
int  cli_out_close(cli_outfile_t *o);                                    /* 0 or -1 */
int  cli_out_commit(cli_outfile_t *o);                                   /* 0 or -1 */
void cli_out_abort(cli_outfile_t *o);                                    /* removes the temp */

/* A command's outputs, all or none: cli_outs_open opens o[i] for each
 * paths[i] that is not NULL (o[i] stays zeroed otherwise), every one
 * before anything is written; on a failure it aborts those opened and
 * returns -1.  cli_outs_commit commits them together: first the copies
 * (stdout, a device, a pipe, a symlink: what may fail, a full device or a
 * reader gone), then the renames over regular files; after a failure it
 * aborts the rest, so a failed copy leaves every regular file as it was
 * (two copies cannot be undone: the first may be out).  0 or -1, the
 * error printed.  A reader gone (EPIPE) is no message: main exits 141. */
int  cli_outs_open(cli_outfile_t *o, size_t n, const char *cmd, const char *const *paths);
int  cli_outs_commit(cli_outfile_t *o, size_t n);
void cli_outs_abort(cli_outfile_t *o, size_t n);                          /* every one */
const char *cli_tmp_dir(void);                                           /* $TMPDIR or /tmp */

#endif
