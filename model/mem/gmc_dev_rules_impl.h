/* gmc_dev_rules_impl.h: the shorthand a device kind's file writes its
 * timing rules in (gmc_dram_rule_t, mem/gmc_dram.h), shared by every kind
 * (gmc_dev_dram.c, gmc_dev_pcm.c).  Include it in a kind's .c file only:
 * the names are short on purpose, for tables that read like the datasheet.
 *   P(k)                      the parameter key k (GMC_DRAM_P_k)
 *   R(scope, prev, next, why, terms...)
 *                             a rule whose latency is the sum of four
 *                             signed terms, +1/-1 times a parameter (0, 0:
 *                             none)
 *   ONE / TWO                 a rule of one parameter, of two added
 *   ACT, PRE, ... ANY         the shared commands */
#ifndef GMC_DEV_RULES_IMPL_H
#define GMC_DEV_RULES_IMPL_H
#include "mem/gmc_dram.h"

#define P(k) GMC_DRAM_P_##k
#define R(sc, pv, nx, why, s0, p0, s1, p1, s2, p2, s3, p3) \
    {GMC_DRAM_##sc, pv, nx, 0, {s0, s1, s2, s3}, {p0, p1, p2, p3}, 0, why}
#define ONE(sc, pv, nx, p, why)       R(sc, pv, nx, why, 1, P(p), 0, 0, 0, 0, 0, 0)
#define TWO(sc, pv, nx, a, b, why)    R(sc, pv, nx, why, 1, P(a), 1, P(b), 0, 0, 0, 0)

enum { ACT = GMC_DRAM_ACT, PRE = GMC_DRAM_PRE, PREA = GMC_DRAM_PREA, RD = GMC_DRAM_RD,
       WR = GMC_DRAM_WR, REF = GMC_DRAM_REF, ANY = GMC_DRAM_ANY_CMD };

#endif
