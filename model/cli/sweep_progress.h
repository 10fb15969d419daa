/* Progress of a local sweep on stderr: a bar redrawn in place on a
 * terminal, else one line per finished point ("[3/12] ID ok 1.2 s"), which
 * is what a log file or a CI job wants. */
#ifndef GMC_SWEEP_PROGRESS_H
#define GMC_SWEEP_PROGRESS_H
#include <stddef.h>
#include <stdio.h>

typedef struct {
    FILE  *f;
    int    tty;
    size_t total;    /* points to run */
    size_t done;     /* finished, ok or not */
    size_t failed;
    int    drawn;    /* a bar is on the screen (tty) */
} sweep_progress_t;

void sweep_progress_start(sweep_progress_t *p, FILE *f, int tty, size_t total);
/* One point finished: ok, or failed for `why` (e.g. "exit 2") with its log. */
void sweep_progress_point(sweep_progress_t *p, const char *id, int ok, const char *why,
                          double secs, const char *log);
/* Leaves the terminal on a fresh line. */
void sweep_progress_end(sweep_progress_t *p);

#endif
