/* gmc experiment: an estimate of each point's run time, so that the
 * longest points start first and the run does not end on one long point
 * while the other cores idle (exp.h).
 *
 * The estimate is the workload's memory traffic: the 128-byte lines its
 * warps' loads and stores touch, counted by walking every warp's
 * instruction stream (the kernels' own, through gmc_kernel.h) without
 * simulating.  It ranks the experiments' slowest points first (hoa and
 * the transposes touch about a million lines at scale 0.25, stream 66
 * thousand); it knows nothing of the machine or the scheduler, whose
 * points keep the points file's order among themselves.  Above scale
 * 0.25 it is counted at 0.25 (the ranking is what matters, and the walk
 * grows with the scale). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "exp.h"
#include "gpu/gmc_workload.h"

#define COST_SCALE_MAX 0.25

/* Distinct 128-byte lines among the active lanes of one instruction. */
static unsigned lines_of(const gmc_inst_t *in)
{
    uint64_t seen[GMC_WARP_SIZE];
    unsigned n = 0;
    for (unsigned l = 0; l < GMC_WARP_SIZE; l++) {
        if (!(in->mask >> l & 1))
            continue;
        uint64_t a = gmc_inst_lane_addr(in, l) >> 7;
        unsigned j = 0;
        while (j < n && seen[j] != a)
            j++;
        if (j == n)
            seen[n++] = a;
    }
    return n;
}

/* The lines workload name touches at scale and seed; 0 if it cannot be
 * built (the point's own run says why). */
static double workload_lines(const char *name, double scale, uint64_t seed)
{
    gmc_workload_params_t p;
    gmc_workload_params_default(&p);
    p.scale = scale < COST_SCALE_MAX ? scale : COST_SCALE_MAX;
    p.seed = seed;
    char err[256];
    gmc_workload_t *w = gmc_workload_new(name, &p, err, sizeof err);
    if (!w)
        return 0;
    double lines = 0;
    for (unsigned k = 0; k < gmc_workload_nkernels(w); k++) {
        gmc_kernel_t *kn = gmc_workload_kernel(w, k);
        uint32_t ctas = gmc_kernel_ctas(kn), wpc = gmc_kernel_warps_per_cta(kn);
        for (uint32_t c = 0; c < ctas; c++) {
            for (uint32_t wp = 0; wp < wpc; wp++) {
                gmc_warp_cursor_t cur;
                gmc_inst_t in;
                kn->ops->warp_begin(kn, c, wp, &cur);
                for (;;) {
                    in.strided = 0;   /* as the SM does before each next */
                    if (kn->ops->next(kn, &cur, &in, err, sizeof err) <= 0)
                        break;
                    if (in.op == GMC_OP_LD || in.op == GMC_OP_ST || in.op == GMC_OP_ATOM)
                        lines += lines_of(&in);
                }
            }
            if (kn->ops->cta_end)
                kn->ops->cta_end(kn, c);
        }
    }
    gmc_workload_delete(w);
    return lines;
}

/* The value after option opt in point p, or NULL. */
static const char *arg_of(const gmc_sweep_point_t *p, const char *opt)
{
    for (int i = 0; i + 1 < p->argc; i++)
        if (!strcmp(p->argv[i], opt))
            return p->argv[i + 1];
    return NULL;
}

/* Whether two optional strings are equal (both absent counts). */
static int same(const char *a, const char *b)
{
    return a && b ? !strcmp(a, b) : a == b;
}

double *exp_point_costs(const gmc_sweep_t *s)
{
    double *cost = calloc(s->n ? s->n : 1, sizeof *cost);
    if (!cost)
        return NULL;
    for (size_t i = 0; i < s->n; i++) {
        const gmc_sweep_point_t *p = &s->pts[i];
        const char *wl = arg_of(p, "--workload"), *sc = arg_of(p, "--scale"), *sd = arg_of(p, "--seed");
        if (!wl)
            continue;
        size_t j = 0;   /* the same workload, scale and seed before: counted once */
        while (j < i && !(same(wl, arg_of(&s->pts[j], "--workload")) && same(sc, arg_of(&s->pts[j], "--scale")) &&
                          same(sd, arg_of(&s->pts[j], "--seed"))))
            j++;
        cost[i] = j < i ? cost[j] : workload_lines(wl, sc ? strtod(sc, NULL) : 1.0, sd ? strtoull(sd, NULL, 10) : 1);
    }
    return cost;
}
