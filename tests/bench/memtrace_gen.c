/* Deterministic request traces for `make bench-mem` (gmc trace format).
 *     memtrace_gen random|stream N SEED [FILE]
 * random: reads to uniformly random 32-byte-aligned addresses below 2^33
 *         (the gddr6-rtx2060s map's width);
 * stream: reads to consecutive 32-byte blocks from a random base.
 * Request i is offered at cycle i, faster than one channel can serve, so
 * the controller's queue stays full and the run measures the model. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/gmc_rng.h"

int main(int argc, char **argv)
{
    if (argc < 4 || (strcmp(argv[1], "random") && strcmp(argv[1], "stream"))) {
        fprintf(stderr, "usage: memtrace_gen random|stream N SEED [FILE]\n");
        return 2;
    }
    unsigned long long n = strtoull(argv[2], NULL, 0), seed = strtoull(argv[3], NULL, 0);
    FILE *f = argc > 4 ? fopen(argv[4], "w") : stdout;
    if (!f) {
        perror(argv[4]);
        return 1;
    }
    static char buf[1 << 20];
    setvbuf(f, buf, _IOFBF, sizeof buf);
    gmc_rng_t r;
    gmc_rng_seed(&r, seed);
    int rnd = !strcmp(argv[1], "random");
    const unsigned long long mask = ((1ull << 33) - 1) & ~31ull;
    unsigned long long base = gmc_rng_u64(&r) & mask;
    fprintf(f, "# memtrace_gen %s %llu seed %llu\n", argv[1], n, seed);
    for (unsigned long long i = 0; i < n; i++) {
        unsigned long long a = rnd ? gmc_rng_u64(&r) & mask : (base + 32 * i) & mask;
        fprintf(f, "%llu R 0x%llx\n", i, a);
    }
    if (fflush(f) || (f != stdout && fclose(f))) {
        perror("memtrace_gen");
        return 1;
    }
    return 0;
}
