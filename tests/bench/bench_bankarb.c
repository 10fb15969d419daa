/* C-model throughput of gmc_bankarb_step (part of `make bench-bankarb`).
 * usage: bench_bankarb [NB [TWO_LEVEL [STEPS]]]; prints Msteps/s, best of 3.
 * The stimulus is drawn beforehand (gmc_bankarb_stim_next, open loop) into a
 * ring of 4096 inputs so only the step itself is timed. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "blocks/gmc_bankarb.h"
#include "vec/gmc_vec_bankarb.h"

int main(int argc, char **argv)
{
    unsigned nb = argc > 1 ? (unsigned)atoi(argv[1]) : 16;
    unsigned tl = argc > 2 ? (unsigned)atoi(argv[2]) : 1;
    unsigned long steps = argc > 3 ? strtoul(argv[3], NULL, 0) : 50000000ul;
    gmc_bankarb_cfg_t c;
    char err[256];
    if (gmc_bankarb_cfg_init(&c, nb, tl, err, sizeof err)) {
        fprintf(stderr, "bench_bankarb: %s\n", err);
        return 2;
    }
    enum { RING = 4096 };
    static gmc_bankarb_in_t in[RING];
    gmc_bankarb_stim_t s;
    gmc_bankarb_stim_init(&s, 1, nb, 12);
    for (unsigned i = 0; i < RING; i++)
        gmc_bankarb_stim_next(&s, 0, &in[i]);
    double best = 0;
    uint64_t sink = 0;
    for (int rep = 0; rep < 3; rep++) {
        gmc_bankarb_state_t st[2];
        gmc_bankarb_reset(&c, &st[0]);
        gmc_bankarb_out_t o;
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        for (unsigned long k = 0; k < steps; k++) {
            gmc_bankarb_step(&c, &st[k & 1], &in[k & (RING - 1)], &st[(k + 1) & 1], &o);
            sink += o.gnt_idx;
        }
        clock_gettime(CLOCK_MONOTONIC, &t1);
        double sec = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
        double r = (double)steps / sec / 1e6;
        if (r > best)
            best = r;
    }
    printf("bench_bankarb: NB %u TWO_LEVEL %u: gmc_bankarb_step %.1f Msteps/s (%.2f ns; sink %llu)\n",
           nb, tl, best, 1e3 / best, (unsigned long long)(sink & 1));
    return 0;
}
