/* cli_rowloc: see cli_rowloc.h. */
#include "cli_rowloc.h"

void cli_streak_text(FILE *f, const gmc_mem_stats_t *s)
{
    fprintf(f, "%llu row switches, %.1f%% with a request to the old row still queued; breakers "
               "from another SM in %.1f%%, the same SM's other CTAs %.1f%%, the same CTA %.1f%%, "
               "no SM %.1f%%\n", (unsigned long long)s->row_streaks,
            100 * cli_per_streak(s->stranded, s), 100 * cli_per_streak(s->brk_other_sm, s),
            100 * cli_per_streak(s->brk_other_cta, s), 100 * cli_per_streak(s->brk_same_cta, s),
            100 * cli_per_streak(s->brk_no_sm, s));
}
