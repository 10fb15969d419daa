/* A memory system for the unit tests (include after <cmocka.h>): its
 * configuration from a DRAM preset, and the system made from it.  Every
 * helper fails the test on an error. */
#ifndef GMC_TEST_MEM_H
#define GMC_TEST_MEM_H

#include <string.h>
#include "mc/gmc_mem.h"

/* c zeroed, then the preset's device and address map (or, for a device
 * without a map preset, the map derived from its geometry), channels
 * channels, refresh as the device says, default controllers.  Returns 0
 * when the map is the preset's, 1 when derived. */
static inline int test_memsys_cfg(gmc_memsys_cfg_t *c, const char *preset, unsigned channels)
{
    char err[256], warn[1024] = "";
    int derived = 0;
    memset(c, 0, sizeof *c);
    assert_true(gmc_dram_cfg_preset(preset, &c->dram, err, sizeof err, warn, sizeof warn) >= 0);
    if (gmc_addrmap_preset(preset, &c->map)) {
        char spec[256];
        assert_int_equal(gmc_memsys_default_map(&c->dram, spec, sizeof spec, err, sizeof err), 0);
        assert_int_equal(gmc_addrmap_parse(spec, "derived", &c->map, err, sizeof err), 0);
        derived = 1;
    }
    c->channels = channels;
    c->refresh = 1;
    gmc_mc_cfg_defaults(&c->mc);
    return derived;
}

static inline gmc_memsys_t *test_memsys_new(const gmc_memsys_cfg_t *c)
{
    char err[256];
    gmc_memsys_t *ms = gmc_memsys_new(c, err, sizeof err);
    if (!ms)
        fail_msg("%s", err);
    return ms;
}

#endif
