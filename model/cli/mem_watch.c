/* gmc mem's look at each request as the trace gives it (mem_cli.h): the
 * address folded to the map's width and counted, as gmc sim's memory
 * system folds a GPU's; one warning when a timestamp implies an
 * implausible run; the progress bar on a terminal, gmc sim's. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include "cli.h"
#include "mem_cli.h"

void mem_watch_init(mem_watch_t *w, gmc_memtrace_t *t, unsigned width, uint32_t tck_ps)
{
    memset(w, 0, sizeof *w);
    w->t = t;
    w->amask = width >= 64 ? UINT64_MAX : ((uint64_t)1 << width) - 1;
    w->tck_ps = tck_ps;
    struct stat sb;
    if (cli_progress_on()) {
        w->progress = 1;
        if (t->lines.f && !fstat(fileno(t->lines.f), &sb) && S_ISREG(sb.st_mode))
            w->size = (uint64_t)sb.st_size;   /* standard input from a pipe: 0, no bar */
    }
}

static void draw(mem_watch_t *w, uint64_t now)
{
    const char *name = strrchr(w->t->src, '/');
    char tail[96];
    off_t at = w->size ? ftello(w->t->lines.f) : 0;
    snprintf(tail, sizeof tail, "%" PRIu64 " requests, cycle %" PRIu64, w->records, now);
    cli_progress_bar(MEM_CMD, name ? name + 1 : w->t->src, at > 0 ? (uint64_t)at : 0, w->size, tail);
    w->bar = 1;
}

void mem_watch_record(mem_watch_t *w, gmc_memtrace_rec_t *r, uint64_t now)
{
    w->records++;
    if (r->addr & ~w->amask) {   /* the bits no map field reads, as DRAMsim3 and GPGPU-Sim drop them */
        r->addr &= w->amask;
        w->folded++;
    }
    if (r->has_time && r->cycle > MEM_PLAUSIBLE_CYCLES && !w->warned) {
        w->warned = 1;
        fprintf(stderr, "%sgmc mem: warning: %s:%lu: cycle %" PRIu64 " implies a run of more than 10^10 "
                "DRAM cycles (%.3g s at tCK %u ps): a trace in picoseconds or nanoseconds? gmc's "
                "cycles are the DRAM command clock's; the run goes on\n", w->bar ? "\n" : "",
                w->t->src, w->t->lineno, r->cycle, (double)r->cycle * w->tck_ps * 1e-12, w->tck_ps);
        w->bar = 0;
    }
    if (w->progress && !(w->records & 0xffff))
        draw(w, now);
}

void mem_watch_end(mem_watch_t *w)
{
    if (w->bar) {
        char t[64];
        snprintf(t, sizeof t, "%" PRIu64 " requests read", w->records);
        cli_progress_end(MEM_CMD, t);
    }
}
