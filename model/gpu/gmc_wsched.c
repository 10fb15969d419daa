/* gmc_wsched: the registry of warp schedulers (the contract is in
 * gmc_wsched.h).  A new scheduler is a file with its ops table and a line
 * here. */
#include <stdio.h>
#include <string.h>
#include "gpu/gmc_wsched.h"

static const gmc_wsched_ops_t *const wscheds[] = {&gmc_wsched_lrr, &gmc_wsched_gto, &gmc_wsched_ccws, &gmc_wsched_tbas};
#define NWSCHED (sizeof wscheds / sizeof wscheds[0])

const gmc_wsched_ops_t *gmc_wsched_get(unsigned i)
{
    return i < NWSCHED ? wscheds[i] : NULL;
}

int gmc_wsched_find(const char *name, const gmc_wsched_ops_t **ops, char *err, size_t n)
{
    for (unsigned i = 0; i < NWSCHED; i++)
        if (!strcmp(name, wscheds[i]->name)) {
            *ops = wscheds[i];
            return 0;
        }
    size_t k = (size_t)snprintf(err, n, "warp_sched: expected one of");
    for (unsigned i = 0; i < NWSCHED && k < n; i++)
        k += (size_t)snprintf(err + k, n - k, "%s %s", i ? "," : "", wscheds[i]->name);
    if (k < n)
        snprintf(err + k, n - k, ", found '%s'", name);
    return -1;
}
