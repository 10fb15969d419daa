/* gmc_hgalloc_bits: the C model's analytic storage of gmc_hgalloc, for the
 * synthesis report (synth/synth_hgalloc.mk).
 * usage: gmc_hgalloc_bits C M POLICY ROW_BITS BANK_BITS HASH_BITS HOLD_LIMIT PER_BANK HOLD_FORCE
 * Prints "<total> <pointer bits> <hold bits> <counter bits> <key bits>";
 * the total is gmc_hgalloc_state_bits(). */
#include <stdio.h>
#include <stdlib.h>
#include "blocks/gmc_hgalloc.h"

int main(int argc, char **argv)
{
    gmc_hgalloc_cfg_t c;
    char err[256];
    unsigned v[9];
    if (argc != 10) {
        fprintf(stderr, "usage: gmc_hgalloc_bits C M POLICY ROW_BITS BANK_BITS HASH_BITS HOLD_LIMIT "
                        "PER_BANK HOLD_FORCE\n");
        return 2;
    }
    for (int k = 0; k < 9; k++)
        v[k] = (unsigned)strtoul(argv[k + 1], NULL, 10);
    if (gmc_hgalloc_cfg_init(&c, v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], err, sizeof err)) {
        fprintf(stderr, "gmc_hgalloc_bits: %s\n", err);
        return 2;
    }
    gmc_hgalloc_cfg_t none = c;
    none.policy = GMC_HGALLOC_NONE;
    unsigned ptr = gmc_hgalloc_state_bits(&none);
    unsigned hold = c.policy ? c.ni * c.no : 0, cnt = c.policy ? c.no * c.cw : 0;
    unsigned key = c.no * c.ne * c.kw;
    printf("%u %u %u %u %u\n", gmc_hgalloc_state_bits(&c), ptr, hold, cnt, key);
    return 0;
}
