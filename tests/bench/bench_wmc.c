/* C-model throughput of gmc_wmc_step, stepped in place (part of `make bench-wmc`).
 * usage: bench_wmc [SM WARP HASH PEND NB ROWS SCORE PT [STEPS]]; prints Msteps/s,
 * best of 3.  The stimulus is drawn beforehand (gmc_wmc_stim_next) into a ring
 * of 4096 inputs so only the step itself is timed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "blocks/gmc_wmc.h"
#include "vec/gmc_vec_wmc.h"

int main(int argc, char **argv)
{
    gmc_wmc_cfg_t c;
    gmc_wmc_cfg_default(&c);
    unsigned *p[] = {&c.sm_bits, &c.warp_bits, &c.pc_hash_bits, &c.pend_bits,
                     &c.nb, &c.rows, &c.score_bits, &c.pt_bits};
    for (int i = 0; i < 8 && i + 1 < argc; i++)
        *p[i] = (unsigned)atoi(argv[i + 1]);
    unsigned long steps = argc > 9 ? strtoul(argv[9], NULL, 0) : 20000000ul;
    char err[256];
    if (gmc_wmc_cfg_init(&c, err, sizeof err)) {
        fprintf(stderr, "bench_wmc: %s\n", err);
        return 2;
    }
    enum { RING = 4096 };
    static gmc_wmc_in_t in[RING];
    static gmc_wmc_stim_t s;
    static gmc_wmc_state_t st;
    gmc_wmc_stim_init(&s, &c, 1, 12);
    for (unsigned i = 0; i < RING; i++)
        gmc_wmc_stim_next(&s, &in[i]);
    double best = 0;
    uint64_t sink = 0;
    for (int rep = 0; rep < 3; rep++) {
        gmc_wmc_reset(&c, &st);
        gmc_wmc_out_t o;
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        for (unsigned long k = 0; k < steps; k++) {
            gmc_wmc_step(&c, &st, &in[k & (RING - 1)], &st, &o);
            sink += o.pick_slot + o.pq_prio;
        }
        clock_gettime(CLOCK_MONOTONIC, &t1);
        double sec = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
        double r = (double)steps / sec / 1e6;
        if (r > best)
            best = r;
    }
    printf("bench_wmc: %u %u %u %u %u %u %u %u: gmc_wmc_step %.1f Msteps/s (%.2f ns; sink %llu)\n",
           c.sm_bits, c.warp_bits, c.pc_hash_bits, c.pend_bits, c.nb, c.rows, c.score_bits,
           c.pt_bits, best, 1e3 / best, (unsigned long long)(sink & 1));
    return 0;
}
