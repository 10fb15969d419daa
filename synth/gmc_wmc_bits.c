/* gmc_wmc_bits: the C model's analytic storage of gmc_wmc, for the synthesis
 * report (synth/synth_wmc.mk).
 * usage: gmc_wmc_bits SM_BITS WARP_BITS PC_HASH_BITS PEND_BITS NB ROWS SCORE_BITS PT_BITS
 *                     SCORE_AT M_RULE
 * Prints "<storage bits> <WAT bits> <WET bits> <RS bits> <PT bits>" from
 * gmc_wmc_storage_bits() and its four terms. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "blocks/gmc_wmc.h"

int main(int argc, char **argv)
{
    gmc_wmc_cfg_t c;
    char err[256];
    if (argc != 11) {
        fprintf(stderr, "usage: gmc_wmc_bits SM_BITS WARP_BITS PC_HASH_BITS PEND_BITS NB ROWS "
                        "SCORE_BITS PT_BITS SCORE_AT M_RULE\n");
        return 2;
    }
    memset(&c, 0, sizeof c);
    unsigned *p[] = {&c.sm_bits, &c.warp_bits, &c.pc_hash_bits, &c.pend_bits,
                     &c.nb, &c.rows, &c.score_bits, &c.pt_bits, &c.score_at, &c.m_rule};
    for (int i = 0; i < 10; i++)
        *p[i] = (unsigned)atoi(argv[i + 1]);
    if (gmc_wmc_cfg_init(&c, err, sizeof err)) {
        fprintf(stderr, "gmc_wmc_bits: %s\n", err);
        return 2;
    }
    unsigned long long e = c.wet_entries;
    printf("%llu %llu %llu %llu %llu\n", (unsigned long long)gmc_wmc_storage_bits(&c),
           c.pc_hash_bits * e, (c.pend_bits + c.st_bits) * e, (unsigned long long)c.nb * c.rows * c.score_bits,
           (unsigned long long)c.nb * c.pt_bits);
    return 0;
}
