/* gmc_bankarb_bits: the C model's analytic storage of gmc_bankarb, for the
 * synthesis report (synth/synth_bankarb.mk).  usage: gmc_bankarb_bits NB TWO_LEVEL
 * Prints "<state bits> <pointer width IW>" from gmc_bankarb_state_bits(). */
#include <stdio.h>
#include <stdlib.h>
#include "blocks/gmc_bankarb.h"

int main(int argc, char **argv)
{
    gmc_bankarb_cfg_t c;
    char err[256];
    if (argc != 3) {
        fprintf(stderr, "usage: gmc_bankarb_bits NB TWO_LEVEL\n");
        return 2;
    }
    if (gmc_bankarb_cfg_init(&c, (unsigned)atoi(argv[1]), (unsigned)atoi(argv[2]), err, sizeof err)) {
        fprintf(stderr, "gmc_bankarb_bits: %s\n", err);
        return 2;
    }
    printf("%u %u\n", gmc_bankarb_state_bits(&c), c.iw);
    return 0;
}
