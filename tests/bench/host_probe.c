/* host_probe: what this host gives a memory-bound program right now, for
 * `make bench-gpu` to print beside its rates.
 *
 * gmc sim spends a third or more of its time waiting for host memory
 * (docs/harness.md "Speed": its state is megabytes, each simulated request
 * touches some 150 host lines no level-one cache still holds), and on a
 * shared VM the latency of the host's caches and memory moves from hour to
 * hour with the neighbours.  A rate printed without them cannot be
 * compared with another.
 *
 * Prints one line: nanoseconds per step of a dependent multiply-add chain
 * (the core's clock) and per load of a dependent pointer chase through a
 * random cyclic permutation of 64-byte lines, at working sets from 16 KB
 * (level one) to 64 MB (memory).  Usage: host_probe [SCALE] (steps x SCALE,
 * default 1: about a second). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* ns per load of a chase over `bytes`, or -1 when out of memory. */
static double chase(size_t bytes, size_t steps)
{
    size_t n = bytes / 64;
    size_t *a = aligned_alloc(64, n * 64), *perm = malloc(n * sizeof *perm);
    if (!a || !perm) {
        free(a);
        free(perm);
        return -1;
    }
    for (size_t i = 0; i < n; i++)
        perm[i] = i;
    uint64_t s = 88172645463325252ull;   /* xorshift64, fixed: the same walk every run */
    for (size_t i = n - 1; i > 0; i--) {
        s ^= s << 13, s ^= s >> 7, s ^= s << 17;
        size_t j = (size_t)(s % (i + 1)), t = perm[i];
        perm[i] = perm[j], perm[j] = t;
    }
    for (size_t i = 0; i < n; i++)   /* line perm[i] points to line perm[i + 1] */
        a[perm[i] * 8] = perm[(i + 1) % n] * 8;
    volatile size_t sink;
    size_t p = 0;
    for (size_t i = 0; i < n; i++)   /* warm: every line once */
        p = a[p];
    double t0 = now();
    for (size_t i = 0; i < steps; i++)
        p = a[p];
    double t1 = now();
    sink = p;
    (void)sink;
    free(a);
    free(perm);
    return (t1 - t0) / (double)steps * 1e9;
}

int main(int argc, char **argv)
{
    double scale = argc > 1 ? atof(argv[1]) : 1.0;
    if (!(scale > 0 && scale <= 100)) {
        fprintf(stderr, "host_probe: SCALE: expected a number in (0, 100], found %s\n", argv[1]);
        return 2;
    }
    volatile uint64_t sink;
    uint64_t x = 1;
    const long alu = (long)(1e8 * scale);
    double t0 = now();
    for (long i = 0; i < alu; i++)
        x = x * 6364136223846793005ull + 1442695040888963407ull;
    double alu_ns = (now() - t0) / (double)alu * 1e9;
    sink = x;
    (void)sink;
    static const struct { size_t kb; const char *name; } ws[] = {
        {16, "16 KB"}, {256, "256 KB"}, {1536, "1.5 MB"}, {6144, "6 MB"}, {65536, "64 MB"}};
    /* Every working set first, then the line: nothing half-printed. */
    enum { NWS = sizeof ws / sizeof ws[0] };
    double ns[NWS];
    for (size_t i = 0; i < NWS; i++) {
        size_t steps = (size_t)((ws[i].kb >= 4096 ? 1e6 : 4e6) * scale);
        ns[i] = chase(ws[i].kb << 10, steps ? steps : 1);
        if (ns[i] < 0) {
            fprintf(stderr, "host_probe: out of memory for a %s working set\n", ws[i].name);
            return 1;
        }
    }
    printf("# host now: %.2f ns per dependent multiply-add; dependent loads", alu_ns);
    for (size_t i = 0; i < NWS; i++)
        printf("%s %s %.1f ns", i ? "," : ":", ws[i].name, ns[i]);
    if (printf("\n") < 0 || fflush(stdout) != 0 || ferror(stdout)) {
        perror("host_probe: stdout");
        return 1;
    }
    return 0;
}
