/* Helpers the interconnect tests share (test_gmc_icnt.c runs the contract
 * over every registered topology, test_gmc_xbar.c the crossbar's own
 * rules). */
#ifndef TEST_ICNT_H
#define TEST_ICNT_H
#include <stdint.h>
#include "gpu/gmc_icnt.h"

/* Ticks until dst has something ejectable (at most limit ticks); the
 * cycle it became ejectable, or UINT64_MAX. */
static inline uint64_t wait_for(gmc_icnt_t *n, uint32_t dst, unsigned limit)
{
    for (unsigned k = 0; k <= limit; k++) {
        if (gmc_icnt_peek(n, dst))
            return n->now;
        gmc_icnt_tick(n);
    }
    return UINT64_MAX;
}

#endif
