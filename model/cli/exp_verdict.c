/* gmc experiment: the "same direction" column -- gmc's change beside the
 * paper's, with a noise band and a size comparison (exp.h). */
#include <math.h>
#include <stdio.h>
#include "exp.h"

/* Within this factor of the paper's change (either way), the sizes are
 * called similar; beyond it, the factor is the verdict. */
#define EXP_SIMILAR 2.0

const char *exp_verdict(char *buf, size_t n, double paper_pct, double gmc_pct, double noise_pct)
{
    if (!isfinite(paper_pct) || !isfinite(gmc_pct) || paper_pct == 0)
        snprintf(buf, n, "-");
    else if (fabs(gmc_pct) < noise_pct)
        snprintf(buf, n, "within noise");
    else if ((gmc_pct > 0) != (paper_pct > 0))
        snprintf(buf, n, "**opposite**");
    else {
        double r = fabs(gmc_pct / paper_pct), f = r >= 1 ? r : 1 / r;
        if (f <= EXP_SIMILAR)
            snprintf(buf, n, "yes, similar size (%.2fx)", r);
        else
            snprintf(buf, n, f < 10 ? "yes, %.1fx %s" : "yes, %.0fx %s", f, r >= 1 ? "larger" : "smaller");
    }
    return buf;
}

void exp_md_verdict_note(FILE *md, double noise_pct, const char *why)
{
    fprintf(md, "Same direction: a change of gmc's below %g%% either way is *within noise* (%s); otherwise "
                "its sign against the paper's, and its size beside the paper's change: similar within %gx "
                "either way, else how many times larger or smaller.\n\n", noise_pct, why, EXP_SIMILAR);
}
