/* gmc_icnt: the registry of interconnect topologies and the checks every
 * topology's configuration passes (the contract is in gmc_icnt.h).  A new
 * topology is a file with its gmc_icnt_topo_t and a line here. */
#include <stdio.h>
#include <string.h>
#include "gpu/gmc_icnt.h"

static const gmc_icnt_topo_t *const topos[] = {&gmc_icnt_xbar, &gmc_icnt_mesh, &gmc_icnt_ring};
#define NTOPO (sizeof topos / sizeof topos[0])

const gmc_icnt_topo_t *gmc_icnt_topo_get(unsigned i)
{
    return i < NTOPO ? topos[i] : NULL;
}

int gmc_icnt_find(const char *name, const gmc_icnt_topo_t **topo, char *err, size_t n)
{
    for (unsigned i = 0; i < NTOPO; i++)
        if (!strcmp(name, topos[i]->name)) {
            *topo = topos[i];
            return 0;
        }
    size_t k = (size_t)snprintf(err, n, "icnt_topology: expected one of");
    for (unsigned i = 0; i < NTOPO && k < n; i++)
        k += (size_t)snprintf(err + k, n - k, "%s %s", i ? "," : "", topos[i]->name);
    if (k < n)
        snprintf(err + k, n - k, ", found '%s'", name);
    return -1;
}

/* One side's placement: every port at a node below nodes. */
static int placement_check(const char *field, const uint32_t *node, uint32_t ports, uint32_t nodes,
                           char *err, size_t n)
{
    if (!node)
        return 0;
    if (!nodes) {
        snprintf(err, n, "icnt nodes: expected the count of nodes %s places ports at, found 0", field);
        return -1;
    }
    for (uint32_t i = 0; i < ports; i++)
        if (node[i] >= nodes) {
            snprintf(err, n, "icnt %s[%u]: expected a node below nodes = %u, found %u", field, i, nodes,
                     node[i]);
            return -1;
        }
    return 0;
}

int gmc_icnt_cfg_check(const gmc_icnt_cfg_t *c, char *err, size_t n)
{
    if (!c)
        return snprintf(err, n, "icnt: expected a configuration, found none"), -1;
    if (c->inputs < 1)
        return snprintf(err, n, "icnt inputs: expected at least 1 port, found 0"), -1;
    if (c->outputs < 1)
        return snprintf(err, n, "icnt outputs: expected at least 1 port, found 0"), -1;
    if (c->in_buf < 1)
        return snprintf(err, n, "icnt in_buf: expected at least 1 packet, found 0"), -1;
    if (c->out_buf < 1)
        return snprintf(err, n, "icnt out_buf: expected at least 1 packet, found 0"), -1;
    if (c->latency < 1)
        return snprintf(err, n, "icnt latency: expected at least 1 cycle, found 0"), -1;
    if (c->flit_bytes < 1)
        return snprintf(err, n, "icnt flit_bytes: expected at least 1 byte, found 0"), -1;
    if (c->vcs < 1 || c->vcs > GMC_ICNT_MAX_VCS)
        return snprintf(err, n, "icnt vcs: expected 1..%u virtual channels, found %u", GMC_ICNT_MAX_VCS,
                        c->vcs), -1;
    if (c->vc_assign >= GMC_ICNT_VC_N)
        return snprintf(err, n, "icnt vc_assign: expected kind, dvca or svca (0..%u), found %u",
                        GMC_ICNT_VC_N - 1, c->vc_assign), -1;
    for (unsigned k = 0; k < GMC_PKT_KINDS; k++)
        if (c->vc_of[k] >= c->vcs)
            return snprintf(err, n, "icnt vc_of[%u]: expected a VC below vcs = %u, found %u", k, c->vcs,
                            c->vc_of[k]), -1;
    if ((c->hold.policy == GMC_ALLOC_HOLD_RMHG || c->hold.policy == GMC_ALLOC_HOLD_HMHG) && !c->locate)
        return snprintf(err, n, "icnt hold %s: expected a locate hook (the rows of the requests), found none",
                        gmc_alloc_hold_name(c->hold.policy)), -1;
    return placement_check("in_node", c->in_node, c->inputs, c->nodes, err, n) ||
                   placement_check("out_node", c->out_node, c->outputs, c->nodes, err, n)
               ? -1 : 0;
}

void gmc_icnt_set_src_used(gmc_icnt_t *n, const uint32_t *src_used)
{
    n->src_used = src_used;
    n->vc_by_kind = n->cfg.vc_assign == GMC_ICNT_VC_KIND || n->cfg.vcs == 1;   /* vc_of < vcs: all 0 then */
    for (unsigned k = 0; k < GMC_PKT_KINDS; k++)
        n->src_used_of[k] = src_used + (size_t)n->cfg.vc_of[k] * n->cfg.inputs;
}

gmc_icnt_t *gmc_icnt_new(const gmc_icnt_topo_t *topo, const gmc_icnt_cfg_t *cfg, char *err, size_t n)
{
    if (gmc_icnt_cfg_check(cfg, err, n))
        return NULL;
    return topo->make(cfg, err, n);
}

static const char *const vc_names[GMC_ICNT_VC_N] = {"kind", "dvca", "svca"};

const char *gmc_icnt_vc_assign_name(uint32_t mode) { return mode < GMC_ICNT_VC_N ? vc_names[mode] : NULL; }

int gmc_icnt_vc_assign_find(const char *name, uint32_t *mode, char *err, size_t n)
{
    for (uint32_t i = GMC_ICNT_VC_DVCA; i < GMC_ICNT_VC_N; i++)   /* "kind" is the tests' and programs' */
        if (!strcmp(name, vc_names[i])) {
            *mode = i;
            return 0;
        }
    snprintf(err, n, "icnt_vc_assign: expected one of dvca, svca, found '%s'", name);
    return -1;
}

int gmc_icnt_watchdog(const gmc_icnt_t *n, const char *topology, const char *what, uint64_t limit,
                      char *err, size_t len)
{
    if (!limit || n->quiet < limit)
        return 0;
    char waiting[512] = "";
    if (n->ops->stuck)
        n->ops->stuck(n, 4, waiting, sizeof waiting);
    snprintf(err, len, "icnt watchdog: the %s network (%s) moved no flit for %llu cycles (icnt_watchdog) "
             "at icnt cycle %llu with %llu packets in flight: a deadlock or a saturated sink; waiting: %s",
             what, topology, (unsigned long long)limit, (unsigned long long)n->now,
             (unsigned long long)n->in_net, waiting[0] ? waiting : "(none in a buffer)");
    return -1;
}

uint32_t gmc_icnt_mesh_cols(uint32_t nodes, uint32_t cols)
{
    if (cols)
        return cols;
    uint32_t c = 1;
    while ((uint64_t)c * c < nodes)   /* the square root, rounded up */
        c++;
    return c;
}
