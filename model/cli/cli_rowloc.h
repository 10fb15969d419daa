/* The row streak figures of gmc mem's and gmc sim's reports (Yuan et al.
 * [MICRO'09] sec. 5.2), one wording for both. */
#ifndef GMC_CLI_ROWLOC_H
#define GMC_CLI_ROWLOC_H
#include <stdint.h>
#include <stdio.h>
#include "mc/gmc_mem.h"

/* A count per row streak (0 without streaks). */
static inline double cli_per_streak(uint64_t k, const gmc_mem_stats_t *s)
{
    return s->row_streaks ? (double)k / (double)s->row_streaks : 0.0;
}
/* The rest of a text line after its label: the row switches, the share
 * with a stranded request, and each breaker category's share, all per
 * streak. */
void cli_streak_text(FILE *f, const gmc_mem_stats_t *s);

#endif
