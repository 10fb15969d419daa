/* embed_closed_loop: gmc's memory system driven from C, cycle by cycle.
 *
 * A closed-loop source keeps WINDOW requests in flight: each completion
 * frees a slot and the source refills it (from the completion callback, as
 * a GPU's load/store unit would refill its MSHRs).  The program skips idle
 * cycles with next_event/advance and prints the read and write latency.
 * docs/embedding.md walks through it; `make test` builds and runs it.
 *
 * Build (from the repository root, after `make build`):
 *   cc -std=c11 -Imodel examples/embed_closed_loop.c build/lib/libgmc.a -lm */
#include <inttypes.h>
#include <stdio.h>
#include "mc/gmc_mem.h"

enum { WINDOW = 48, TOTAL = 20000 };

typedef struct {
    gmc_memsys_t *ms;
    uint64_t rng, sent, done[2], lat_sum[2], lat_max[2];
    gmc_mem_req_t blocked;   /* refused for back-pressure: sent again later */
    int has_blocked;
} source_t;

/* The next request: 32-byte sectors of random 128-byte lines, 1 in 4 a write. */
static gmc_mem_req_t next_request(source_t *s)
{
    s->rng = s->rng * 6364136223846793005ull + 1442695040888963407ull;
    gmc_mem_req_t r = {.addr = ((s->rng >> 24) & ~127ull) | (((s->rng >> 8) & 3) << 5),
                       .size = 32, .tag = s->sent, .is_write = (s->rng >> 60) % 4 == 0};
    return r;
}

static void offer(source_t *s)
{
    while (s->sent < TOTAL && s->sent - s->done[0] - s->done[1] < WINDOW) {
        gmc_mem_req_t r = s->has_blocked ? s->blocked : next_request(s);
        if (gmc_memsys_send(s->ms, &r) != GMC_MEM_ACCEPTED) {
            s->blocked = r;   /* the queue is full: keep it, try next cycle */
            s->has_blocked = 1;
            return;
        }
        s->has_blocked = 0;
        s->sent++;
    }
}

/* Completion callback: data done.  It may send (gmc_mem.h's rules). */
static void on_done(void *ctx, const gmc_mem_done_t *d)
{
    source_t *s = ctx;
    uint64_t lat = d->done - d->arrival;
    s->done[d->is_write]++;
    s->lat_sum[d->is_write] += lat;
    if (lat > s->lat_max[d->is_write])
        s->lat_max[d->is_write] = lat;
    offer(s);   /* closed loop: a freed slot is refilled at once */
}

int main(void)
{
    gmc_memsys_cfg_t cfg = {0};
    char err[256], warn[1024] = "";
    if (gmc_dram_cfg_preset("gddr6-rtx2060s", &cfg.dram, err, sizeof err, warn, sizeof warn) < 0 ||
        gmc_addrmap_preset("gddr6-rtx2060s", &cfg.map)) {
        fprintf(stderr, "embed: %s\n", err);
        return 1;
    }
    cfg.refresh = 1;
    gmc_mc_cfg_defaults(&cfg.mc);   /* FR-FCFS, 64/32 queues per channel */
    gmc_memsys_t *ms = gmc_memsys_new(&cfg, err, sizeof err);
    if (!ms) {
        fprintf(stderr, "embed: %s\n", err);
        return 1;
    }
    source_t s = {.ms = ms, .rng = 42};
    gmc_memsys_on_complete(ms, on_done, &s);
    uint64_t ticks = 0;
    while (s.done[0] + s.done[1] < TOTAL) {
        offer(&s);
        uint64_t t = gmc_memsys_next_event(ms);
        if (s.has_blocked && t > gmc_memsys_now(ms) + 1)
            t = gmc_memsys_now(ms) + 1;   /* a blocked request retries next cycle */
        if (t > gmc_memsys_now(ms) && gmc_memsys_advance(ms, t))
            return fprintf(stderr, "embed: advance refused\n"), 1;
        gmc_memsys_tick(ms);
        ticks++;
    }
    printf("%" PRIu64 " requests over %u channels in %" PRIu64 " DRAM cycles (%" PRIu64
           " ticks, the idle ones skipped)\n", s.sent, gmc_memsys_channels(ms),
           gmc_memsys_now(ms), ticks);
    for (int w = 0; w < 2; w++)
        printf("%-6s %6" PRIu64 " done, latency mean %.1f max %" PRIu64 " cycles\n",
               w ? "writes" : "reads", s.done[w],
               s.done[w] ? (double)s.lat_sum[w] / (double)s.done[w] : 0.0, s.lat_max[w]);
    gmc_memsys_delete(ms);
    return 0;
}
