/* gmc_icnt_place: where a GPU's SMs and L2 slices sit on a network of
 * routers (the rules are in gmc_icnt.h; docs/interconnect.md shows them
 * on the 6 x 6 mesh).  Node numbers are row-major on a mesh and ring
 * order on a ring, so one rule serves both. */
#include <stdio.h>
#include <string.h>
#include "gpu/gmc_icnt.h"

static const char *const rule_names[GMC_ICNT_PLACE_N] = {"gpgpusim", "spread", "row-major"};

const char *gmc_icnt_place_name(uint32_t rule) { return rule < GMC_ICNT_PLACE_N ? rule_names[rule] : NULL; }

int gmc_icnt_place_find(const char *name, uint32_t *rule, char *err, size_t n)
{
    for (uint32_t i = 0; i < GMC_ICNT_PLACE_N; i++)
        if (!strcmp(name, rule_names[i])) {
            *rule = i;
            return 0;
        }
    snprintf(err, n, "icnt_placement: expected one of gpgpusim, spread, row-major, found '%s'", name);
    return -1;
}

/* GPGPU-Sim's preset memory-node maps (src/intersim2/
 * interconnect_interface.cpp, _CreateNodeMap with use_map = 1): per
 * (SMs, memory ports), the nodes of the memory ports, row-major on its
 * square mesh ("good for 28 SMs and 8 memory ports" is 6 x 6). */
static const struct { uint32_t c, m; uint32_t node[11]; } gpgpusim_maps[] = {
    {8, 8, {1, 3, 4, 6, 9, 11, 12, 14}},
    {28, 8, {3, 7, 10, 12, 23, 25, 28, 32}},
    {56, 8, {3, 15, 17, 29, 36, 47, 49, 61}},
    {110, 11, {12, 20, 25, 28, 57, 60, 63, 92, 95, 100, 108}},
};

/* The SMs on the nodes the slices leave, in order. */
static void sms_fill(uint32_t c, uint32_t m, uint32_t *sm_node, const uint32_t *slice_node)
{
    uint32_t next = 0;
    for (uint32_t i = 0; i < c; i++) {
        for (int taken = 1; taken;) {
            taken = 0;
            for (uint32_t k = 0; k < m; k++)
                if (slice_node[k] == next) {
                    taken = 1;
                    next++;
                    break;
                }
        }
        sm_node[i] = next++;
    }
}

int gmc_icnt_place(uint32_t rule, uint32_t c, uint32_t m, uint32_t *sm_node, uint32_t *slice_node,
                   char *err, size_t n)
{
    const uint64_t nodes = (uint64_t)c + m;
    if (!c || !m)
        return snprintf(err, n, "icnt_placement: expected at least one SM and one L2 slice, found %u and %u",
                        c, m), -1;
    switch (rule) {
    case GMC_ICNT_PLACE_GPGPUSIM:
        for (unsigned t = 0; t < sizeof gpgpusim_maps / sizeof gpgpusim_maps[0]; t++)
            if (gpgpusim_maps[t].c == c && gpgpusim_maps[t].m == m) {
                memcpy(slice_node, gpgpusim_maps[t].node, m * sizeof *slice_node);
                sms_fill(c, m, sm_node, slice_node);
                return 0;
            }
        return snprintf(err, n, "icnt_placement gpgpusim: expected the SMs + L2 slices of one of "
                        "GPGPU-Sim's maps (8+8, 28+8, 56+8, 110+11), found %u+%u (spread places any)",
                        c, m), -1;
    case GMC_ICNT_PLACE_SPREAD:
        for (uint32_t k = 0; k < m; k++)   /* the middle of the k-th of m equal stretches */
            slice_node[k] = (uint32_t)((2 * (uint64_t)k + 1) * nodes / (2 * (uint64_t)m));
        sms_fill(c, m, sm_node, slice_node);
        return 0;
    case GMC_ICNT_PLACE_ROW_MAJOR:
        for (uint32_t i = 0; i < c; i++)
            sm_node[i] = i;
        for (uint32_t k = 0; k < m; k++)
            slice_node[k] = c + k;
        return 0;
    }
    return snprintf(err, n, "icnt_placement: expected a rule below %u, found %u", GMC_ICNT_PLACE_N, rule), -1;
}
