/* Deterministic request traces for `make bench-mem` (gmc trace format).
 *     memtrace_gen random|stream|warps N SEED [FILE]
 * random: reads to uniformly random 32-byte-aligned addresses below 2^33
 *         (the gddr6-rtx2060s map's width);
 * stream: reads to consecutive 32-byte blocks from a random base;
 * warps:  GPU-like loads with warp ids: each load of a random warp (32 SMs
 *         x 32 warps, one of 16 PCs) is 1..32 back-to-back requests from a
 *         random base, 32 B, 128 B, 2 KB or 64 KB apart (coalesced, strided,
 *         row-crossing, bank-crossing), so warps split over rows and banks.
 * Request i is offered at cycle i, faster than one channel can serve, so
 * the controller's queue stays full and the run measures the model. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/gmc_rng.h"

int main(int argc, char **argv)
{
    if (argc < 4 || (strcmp(argv[1], "random") && strcmp(argv[1], "stream") &&
                      strcmp(argv[1], "warps"))) {
        fprintf(stderr, "usage: memtrace_gen random|stream|warps N SEED [FILE]\n");
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
    if (!strcmp(argv[1], "warps")) {
        static const unsigned sizes[] = {1, 2, 4, 8, 8, 16, 32, 32};
        static const unsigned long long strides[] = {32, 128, 2048, 65536};
        for (unsigned long long i = 0; i < n;) {
            uint64_t x = gmc_rng_u64(&r);
            unsigned sm = x & 31, warp = (x >> 5) & 31, k = sizes[(x >> 10) & 7];
            unsigned long long pc = 0x100 + 8 * ((x >> 13) & 15), stride = strides[(x >> 17) & 3];
            unsigned long long b = gmc_rng_u64(&r) & mask;
            for (unsigned j = 0; j < k && i < n; j++, i++)
                fprintf(f, "%llu R 0x%llx %u %u 0x%llx\n", i, (b + stride * j) & mask, sm, warp, pc);
        }
    }
    for (unsigned long long i = 0; i < n && strcmp(argv[1], "warps"); i++) {
        unsigned long long a = rnd ? gmc_rng_u64(&r) & mask : (base + 32 * i) & mask;
        fprintf(f, "%llu R 0x%llx\n", i, a);
    }
    if (fflush(f) || (f != stdout && fclose(f))) {
        perror("memtrace_gen");
        return 1;
    }
    return 0;
}
