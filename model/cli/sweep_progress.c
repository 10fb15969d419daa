/* Progress lines of a local sweep (sweep_progress.h). */
#include "sweep_progress.h"

#define BAR 30

void sweep_progress_start(sweep_progress_t *p, FILE *f, int tty, size_t total)
{
    p->f = f;
    p->tty = tty;
    p->total = total;
    p->done = p->failed = p->interrupted = 0;
    p->drawn = 0;
}

static void bar(sweep_progress_t *p, const char *id)
{
    size_t fill = p->total ? p->done * BAR / p->total : BAR;
    fputs("\r[", p->f);
    for (size_t i = 0; i < BAR; i++)
        fputc(i < fill ? '#' : '.', p->f);
    fprintf(p->f, "] %zu/%zu", p->done, p->total);
    if (p->failed)
        fprintf(p->f, ", %zu failed", p->failed);
    if (p->interrupted)
        fprintf(p->f, ", %zu interrupted", p->interrupted);
    fprintf(p->f, "  %s\033[K", id);   /* erase what a longer line left */
    fflush(p->f);
    p->drawn = 1;
}

void sweep_progress_point(sweep_progress_t *p, const char *id, sweep_point_end_t end, const char *why,
                          double secs, const char *log)
{
    p->done++;
    p->failed += end == SWEEP_POINT_FAILED;
    p->interrupted += end == SWEEP_POINT_INTERRUPTED;
    if (p->tty) {
        /* a failure or an interrupted point stays on the screen, above the bar */
        if (end == SWEEP_POINT_FAILED)
            fprintf(p->f, "\r%s FAILED (%s), log %s\033[K\n", id, why, log);
        else if (end == SWEEP_POINT_INTERRUPTED)
            fprintf(p->f, "\r%s interrupted (%s)\033[K\n", id, why);
        bar(p, id);
        return;
    }
    if (end == SWEEP_POINT_OK)
        fprintf(p->f, "[%zu/%zu] %s ok %.1f s\n", p->done, p->total, id, secs);
    else if (end == SWEEP_POINT_INTERRUPTED)
        fprintf(p->f, "[%zu/%zu] %s interrupted (%s) %.1f s\n", p->done, p->total, id, why, secs);
    else
        fprintf(p->f, "[%zu/%zu] %s FAILED (%s) %.1f s, log %s\n", p->done, p->total, id, why,
                secs, log);
    fflush(p->f);
}

void sweep_progress_end(sweep_progress_t *p)
{
    if (p->tty && p->drawn)
        fputc('\n', p->f);
    p->drawn = 0;
    fflush(p->f);
}
