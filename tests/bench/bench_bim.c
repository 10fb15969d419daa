/* Throughput of the one BIM implementation (gmc_bim_map, gmc_bim_step) and,
 * for comparison, the one-parity-per-row definition.  `make bench` runs it. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "bim/gmc_bim_scheme.h"
#include "blocks/gmc_bim.h"
#include "util/gmc_rng.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 50000000L;
    gmc_addrmap_t map;
    gmc_gf2_t m;
    char err[256];
    gmc_bim_cfg_t *c = malloc(sizeof *c);
    gmc_addrmap_preset("gddr5-hynix", &map);
    if (!c || gmc_bim_scheme_make(GMC_SCHEME_ALL, &map, 7, NULL, &m, err, sizeof err) ||
        gmc_bim_cfg_init(c, &m, 1, err, sizeof err)) {
        fprintf(stderr, "bench_bim: setup failed: %s\n", err);
        return 1;
    }
    uint64_t acc = 0, a = 0x12345;
    double t0 = now();
    for (long i = 0; i < n; i++) {
        acc ^= gmc_bim_map(c, a);
        a = a * 6364136223846793005ULL + 1442695040888963407ULL;   /* cheap LCG */
    }
    double t_map = now() - t0;
    t0 = now();
    long nref = n / 10;
    for (long i = 0; i < nref; i++) {
        acc ^= gmc_gf2_apply(&m, a);
        a = a * 6364136223846793005ULL + 1442695040888963407ULL;
    }
    double t_ref = now() - t0;
    gmc_bim_state_t q, d;
    gmc_bim_out_t o;
    gmc_bim_in_t in = {1, 1, 0};
    gmc_bim_reset(c, &q);
    t0 = now();
    for (long i = 0; i < n; i++) {
        in.addr = a & 0x3fffffff;
        gmc_bim_step(c, &q, &in, &d, &o);
        q = d;
        acc ^= o.addr;
        a = a * 6364136223846793005ULL + 1442695040888963407ULL;
    }
    double t_step = now() - t0;
    gmc_bim_cost_t cost;
    gmc_bim_cost(&m, &cost);
    printf("C model, gddr5-hynix ALL seed 7 (%u XOR2 gates), one core:\n", cost.total_xors);
    printf("  gmc_bim_map   %8.1f M addresses/s  (%.2f ns each)\n", n / t_map / 1e6, 1e9 * t_map / n);
    printf("  gmc_bim_step  %8.1f M cycles/s     (%.2f ns each, REG_OUT=1)\n", n / t_step / 1e6, 1e9 * t_step / n);
    printf("  gmc_gf2_apply %8.1f M addresses/s  (definition, parity per row)\n", nref / t_ref / 1e6);
    printf("  (checksum %llx)\n", (unsigned long long)acc);
    free(c);
    return 0;
}
