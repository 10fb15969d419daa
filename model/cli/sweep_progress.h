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
    size_t done;     /* finished: ok, failed or interrupted */
    size_t failed;
    size_t interrupted;
    int    drawn;    /* a bar is on the screen (tty) */
} sweep_progress_t;

/* How a point ended: its result kept, a failure (its log says why), or
 * stopped by an interrupt (Ctrl-C, SIGTERM: not the point's fault; the
 * same command runs it again). */
typedef enum { SWEEP_POINT_OK, SWEEP_POINT_FAILED, SWEEP_POINT_INTERRUPTED } sweep_point_end_t;

void sweep_progress_start(sweep_progress_t *p, FILE *f, int tty, size_t total);
/* One point ended: ok, failed for `why` (e.g. "exit 2") with its log, or
 * interrupted (`why`: by which signal). */
void sweep_progress_point(sweep_progress_t *p, const char *id, sweep_point_end_t end, const char *why,
                          double secs, const char *log);
/* Leaves the terminal on a fresh line. */
void sweep_progress_end(sweep_progress_t *p);

#endif
