/* C-model throughput of any block's step (part of `make bench-<b>`).
 * usage: bench_block BLK CONFIG [STEPS]; prints "... Msteps/s", best of 3.
 * The stimulus (the description's GMC_STIM_LOCKSTEP generator, seed 1) is
 * drawn beforehand into a ring of 4096 inputs so only the step is timed; the
 * step is called through the block description, stepped in place as the
 * system harness calls it (one indirect call per step: ~1 ns of the time). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "vec/gmc_block.h"

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: bench_block BLK CONFIG [STEPS]\n");
        return 2;
    }
    const gmc_block_t *b = gmc_block_find(argv[1]);
    char err[256];
    void *cfg = b ? gmc_block_cfg_new(b, argv[2], err, sizeof err) : NULL;
    if (!cfg) {
        fprintf(stderr, "bench_block: %s\n", b ? err : "unknown block");
        return 2;
    }
    unsigned long steps = argc > 3 ? strtoul(argv[3], NULL, 0) : 20000000ul;
    enum { RING = 4096 };
    char *in = calloc(RING, b->in_size), *out = calloc(1, b->out_size);
    void *st = calloc(1, b->stim_size), *q = calloc(1, b->state_size);
    if (!in || !out || !st || !q)
        return 2;
    b->stim_init(st, cfg, 1, GMC_STIM_LOCKSTEP);
    for (unsigned i = 0; i < RING; i++)
        b->stim_next(st, out, in + (size_t)i * b->in_size);
    double best = 0;
    uint64_t sink = 0;
    for (int rep = 0; rep < 3; rep++) {
        b->reset(cfg, q);
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        for (unsigned long k = 0; k < steps; k++) {
            b->step(cfg, q, in + (size_t)(k & (RING - 1)) * b->in_size, q, out);
            sink += (unsigned char)out[0];
        }
        clock_gettime(CLOCK_MONOTONIC, &t1);
        double sec = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
        double r = (double)steps / sec / 1e6;
        if (r > best)
            best = r;
    }
    printf("bench_block: %s %s: step %.1f Msteps/s (%.2f ns; sink %llu)\n", b->name, argv[2], best,
           1e3 / best, (unsigned long long)(sink & 1));
    free(in), free(out), free(st), free(q), free(cfg);
    return 0;
}
