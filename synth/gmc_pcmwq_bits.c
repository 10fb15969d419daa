/* gmc_pcmwq_bits: the C model's analytic storage of gmc_pcmwq, for the
 * synthesis report (synth/synth_pcmwq.mk).
 * usage: gmc_pcmwq_bits ENTRIES ADDR_BITS VER_BITS HIGH_WM LOW_WM INTR_MODE MAX_INTR
 * Prints "<total> <entry bits> <control bits>"; the total is
 * gmc_pcmwq_state_bits() (what `gmc overhead pcmwq` calls total_bits). */
#include <stdio.h>
#include <stdlib.h>
#include "blocks/gmc_pcmwq.h"

int main(int argc, char **argv)
{
    gmc_pcmwq_cfg_t c;
    char err[256];
    unsigned v[7];
    if (argc != 8) {
        fprintf(stderr, "usage: gmc_pcmwq_bits ENTRIES ADDR_BITS VER_BITS HIGH_WM LOW_WM INTR_MODE MAX_INTR\n");
        return 2;
    }
    for (int k = 0; k < 7; k++)
        v[k] = (unsigned)strtoul(argv[k + 1], NULL, 10);
    if (gmc_pcmwq_cfg_init(&c, v[0], v[1], v[2], v[3], v[4], v[5], v[6], err, sizeof err)) {
        fprintf(stderr, "gmc_pcmwq_bits: %s\n", err);
        return 2;
    }
    unsigned total = gmc_pcmwq_state_bits(&c), entries = gmc_pcmwq_entry_bits(&c);
    printf("%u %u %u\n", total, entries, total - entries);
    return 0;
}
