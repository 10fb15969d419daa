/* The networks of routers (gmc_noc.c: the mesh and the ring) and what
 * every topology must do at the GPU's size (Yuan et al. [MICRO'09]: 28 SMs
 * and 8 memory controllers, 36 nodes): the zero-load latency formula of
 * docs/interconnect.md, placement rules and their errors, saturation with
 * 1, 2 and 4 VCs under DVCA and SVCA without a deadlock (the watchdog
 * silent, every packet out once), a deadlock the watchdog does catch (the
 * ring without its dateline), SVCA's order against DVCA's reordering, the
 * hold grant in the routers' VC allocation, and idle ticks that change
 * nothing.  It prints the zero-load latency and saturation throughput of
 * each topology at that size (docs/interconnect.md quotes them). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "gpu/gmc_alloc.h"
#include "gpu/gmc_icnt.h"
#include "util/gmc_rng.h"
#include "test_util.h"
#include "test_icnt.h"

#define SMS    28
#define SLICES 8
#define NODES  (SMS + SLICES)
#define COLS   6

static const gmc_icnt_topo_t *topo(const char *name)
{
    const gmc_icnt_topo_t *t = NULL;
    char err[256];
    if (gmc_icnt_find(name, &t, err, sizeof err))
        fail_msg("%s", err);
    return t;
}

static uint32_t sm_node[SMS], slice_node[SLICES];

/* The GPU's request network (SMs -> slices; reply = 1: slices -> SMs) at
 * Yuan et al.'s size, placed as GPGPU-Sim places it. */
static gmc_icnt_cfg_t gpu_cfg(const gmc_icnt_topo_t *t, int reply, uint32_t vcs, uint32_t assign, uint32_t lat)
{
    char err[256];
    if (gmc_icnt_place(GMC_ICNT_PLACE_GPGPUSIM, SMS, SLICES, sm_node, slice_node, err, sizeof err))
        fail_msg("%s", err);
    gmc_icnt_cfg_t c;
    memset(&c, 0, sizeof c);
    c.inputs = reply ? SLICES : SMS;
    c.outputs = reply ? SMS : SLICES;
    c.in_buf = c.out_buf = 8;
    c.latency = lat;
    c.flit_bytes = !strcmp(t->name, "ring") ? 64 : 16;   /* Table 2: 16 B, 64 B for the ring */
    c.vcs = vcs;
    c.vc_assign = assign;
    c.nodes = NODES;
    c.in_node = reply ? slice_node : sm_node;
    c.out_node = reply ? sm_node : slice_node;
    return c;
}

static gmc_icnt_t *make(const gmc_icnt_topo_t *t, const gmc_icnt_cfg_t *c)
{
    char err[256] = "";
    gmc_icnt_t *n = gmc_icnt_new(t, c, err, sizeof err);
    if (!n)
        fail_msg("%s: %s", t->name, err);
    return n;
}

static gmc_pkt_t pkt(uint32_t src, uint32_t dst, uint16_t bytes, uint64_t addr)
{
    gmc_pkt_t p;
    memset(&p, 0, sizeof p);
    p.src = (uint16_t)src;
    p.dst = (uint16_t)dst;
    p.bytes = bytes;
    p.addr = addr;
    p.kind = GMC_PKT_READ;
    return p;
}

/* Links between two nodes' routers on the route (the mesh: XY, cols
 * columns; the ring: the shorter way round on `nodes`). */
static uint32_t hops(const gmc_icnt_topo_t *t, uint32_t a, uint32_t b, uint32_t cols, uint32_t nodes)
{
    if (!strcmp(t->name, "mesh")) {
        uint32_t ax = a % cols, ay = a / cols, bx = b % cols, by = b / cols;
        return (ax > bx ? ax - bx : bx - ax) + (ay > by ? ay - by : by - ay);
    }
    uint32_t cw = b >= a ? b - a : b + nodes - a;
    return cw < nodes - cw ? cw : nodes - cw;
}

/* docs/interconnect.md's zero-load latency: a router network's
 * (H + 1)(L + 2) + F - 1, the crossbar's max(L, F). */
static uint64_t zero_load(const gmc_icnt_topo_t *t, const gmc_icnt_cfg_t *c, uint32_t a, uint32_t b, uint32_t bytes)
{
    uint32_t f = (bytes + c->flit_bytes - 1) / c->flit_bytes;
    f += !f;
    if (!t->placed)
        return c->latency > f ? c->latency : f;
    uint32_t cols = gmc_icnt_mesh_cols(c->nodes, c->mesh_cols);
    return (uint64_t)(hops(t, a, b, cols, c->nodes) + 1) * (c->latency + 2) + f - 1;
}

/* ---- zero load ---- */

static void a_lone_packet_takes_the_zero_load_formula_exactly(void **st)
{
    static const char *names[] = {"xbar", "mesh", "ring"};
    static const uint16_t sizes[] = {8, 40, 136};
    unsigned checked = 0;
    for (unsigned ti = 0; ti < 3; ti++) {
        const gmc_icnt_topo_t *t = topo(names[ti]);
        for (uint32_t lat = 1; lat <= 4; lat += 3)
            for (int reply = 0; reply < 2; reply++) {
                gmc_icnt_cfg_t c = gpu_cfg(t, reply, t->min_vcs ? t->min_vcs : 1, GMC_ICNT_VC_DVCA, lat);
                gmc_icnt_t *n = make(t, &c);
                for (uint32_t s = 0; s < c.inputs; s++)
                    for (uint32_t d = 0; d < c.outputs; d++)
                        for (unsigned z = 0; z < 3; z++) {
                            gmc_pkt_t p = pkt(s, d, sizes[z], s * 100 + d);
                            uint64_t t0 = n->now;
                            assert_int_equal(gmc_icnt_send(n, s, &p), GMC_ICNT_OK);
                            uint64_t at = wait_for(n, d, 1000);
                            uint64_t want = zero_load(t, &c, c.in_node[s], c.out_node[d], sizes[z]);
                            if (at - t0 != want)
                                fail_msg("%s, L %u, %s %u -> %u (nodes %u -> %u), %u B: ejectable after %llu "
                                         "cycles, the formula says %llu", t->name, lat, reply ? "reply" : "request",
                                         s, d, c.in_node[s], c.out_node[d], sizes[z],
                                         (unsigned long long)(at - t0), (unsigned long long)want);
                            assert_int_equal(gmc_icnt_peek(n, d)->addr, s * 100 + d);
                            gmc_icnt_pop(n, d);
                            assert_true(gmc_icnt_idle(n));
                            checked++;
                        }
                gmc_icnt_free(n);
            }
    }
    print_message("    %u lone packets ejectable exactly at (H + 1)(L + 2) + F - 1 (routers), max(L, F) "
                  "(crossbar)\n", checked);
}

/* ---- placement ---- */

static void placement_rules_put_each_port_on_its_own_node(void **st)
{
    uint32_t sm[110], sl[11];
    char err[256];
    /* GPGPU-Sim's map for 28 + 8, and its SMs on the rest in order */
    assert_int_equal(gmc_icnt_place(GMC_ICNT_PLACE_GPGPUSIM, 28, 8, sm, sl, err, sizeof err), 0);
    static const uint32_t mem[8] = {3, 7, 10, 12, 23, 25, 28, 32};
    assert_memory_equal(sl, mem, sizeof mem);
    assert_int_equal(sm[0], 0);
    assert_int_equal(sm[3], 4);    /* node 3 is a memory node */
    assert_int_equal(sm[27], 35);
    /* spread: the middle of each of m equal stretches */
    assert_int_equal(gmc_icnt_place(GMC_ICNT_PLACE_SPREAD, 28, 8, sm, sl, err, sizeof err), 0);
    static const uint32_t spread[8] = {2, 6, 11, 15, 20, 24, 29, 33};
    assert_memory_equal(sl, spread, sizeof spread);
    assert_int_equal(gmc_icnt_place(GMC_ICNT_PLACE_ROW_MAJOR, 28, 8, sm, sl, err, sizeof err), 0);
    assert_int_equal(sm[27], 27);
    assert_int_equal(sl[0], 28);
    /* every rule, many sizes: c + m distinct nodes below c + m */
    unsigned placed = 0;
    for (uint32_t rule = 0; rule < GMC_ICNT_PLACE_N; rule++)
        for (uint32_t c = 1; c <= 110; c += 7)
            for (uint32_t m = 1; m <= 11; m++) {
                if (gmc_icnt_place(rule, c, m, sm, sl, err, sizeof err))
                    continue;   /* gpgpusim: not one of its maps */
                uint8_t used[121] = {0};
                for (uint32_t i = 0; i < c + m; i++) {
                    uint32_t node = i < c ? sm[i] : sl[i - c];
                    assert_true(node < c + m);
                    assert_false(used[node]);
                    used[node] = 1;
                }
                placed++;
            }
    assert_true(placed > 2 * 16 * 11);
    print_message("    %u placements, each a node per port\n", placed);
}

static void placement_and_shape_errors_are_one_line_naming_the_field(void **st)
{
    uint32_t sm[32], sl[32];
    char err[256] = "";
    assert_int_equal(gmc_icnt_place(GMC_ICNT_PLACE_GPGPUSIM, 32, 32, sm, sl, err, sizeof err), -1);
    assert_non_null(strstr(err, "icnt_placement gpgpusim: expected"));
    assert_non_null(strstr(err, "found 32+32"));
    uint32_t rule;
    assert_int_equal(gmc_icnt_place_find("edges", &rule, err, sizeof err), -1);
    assert_string_equal(err, "icnt_placement: expected one of gpgpusim, spread, row-major, found 'edges'");
    assert_int_equal(gmc_icnt_vc_assign_find("kind", &rule, err, sizeof err), -1);   /* not a machine's */
    assert_string_equal(err, "icnt_vc_assign: expected one of dvca, svca, found 'kind'");
    struct { const char *topo, *want; uint32_t cols, vcs; int two_in, two_out; } bad[] = {
        {"mesh", "mesh in_node[1]: expected a node without another input port", 0, 1, 1, 0},
        {"ring", "ring in_node[1]: expected a node without another input port", 0, 2, 1, 0},
        {"mesh", "mesh out_node[1]: expected a node without another output port", 0, 1, 0, 1},
        {"ring", "ring out_node[1]: expected a node without another output port", 0, 2, 0, 1},
        {"mesh", "mesh mesh_cols: expected 0 (near-square) or 1..8 (the nodes), found 9", 9, 1, 0, 0},
        {"ring", "ring vcs: expected at least 2 virtual channels (its dateline needs two classes", 0, 1, 0, 0},
    };
    for (unsigned k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        uint32_t in[4] = {0, 1, 2, 3}, out[4] = {4, 5, 6, 7};
        if (bad[k].two_in)
            in[1] = 0;
        if (bad[k].two_out)
            out[1] = 4;
        gmc_icnt_cfg_t c;
        memset(&c, 0, sizeof c);
        c.inputs = c.outputs = 4;
        c.in_buf = c.out_buf = 2;
        c.latency = 1;
        c.flit_bytes = 16;
        c.vcs = bad[k].vcs;
        c.nodes = 8;
        c.mesh_cols = bad[k].cols;
        c.in_node = in;
        c.out_node = out;
        err[0] = 0;
        gmc_icnt_t *n = gmc_icnt_new(topo(bad[k].topo), &c, err, sizeof err);
        if (n || !strstr(err, bad[k].want) || strchr(err, '\n'))
            fail_msg("case %u: got \"%s\", want \"%s\"", k, err, bad[k].want);
    }
    /* the crossbar takes two ports on one node: its cost is the same between any two */
    uint32_t in[4] = {0, 0, 0, 0}, out[4] = {1, 1, 1, 1};
    gmc_icnt_cfg_t c;
    memset(&c, 0, sizeof c);
    c.inputs = c.outputs = 4;
    c.in_buf = c.out_buf = 2;
    c.latency = 1;
    c.flit_bytes = 16;
    c.vcs = 1;
    c.nodes = 2;
    c.in_node = in;
    c.out_node = out;
    gmc_icnt_free(make(topo("xbar"), &c));
}

/* ---- saturation ---- */

typedef struct {
    uint64_t sent, popped, refused;
    uint64_t digest_sent, digest_popped;   /* a sum of a hash of every packet */
    uint64_t max_quiet;                    /* the watchdog's count, at its highest */
    uint64_t too_fast;                     /* ejected before the zero-load latency */
    uint64_t out_of_order;                 /* per (src, dst) */
    uint64_t window_popped, window;        /* packets popped in the measured window, its cycles */
    uint64_t holds;
    int      drained;
} sat_t;

/* Every input sends whenever it can (uniform destinations, or half of
 * them to one hot output), every output pops every cycle, for `cycles`;
 * then the network drains.  Throughput is measured over the second half. */
static sat_t saturate(const gmc_icnt_topo_t *t, const gmc_icnt_cfg_t *c, int hotspot, uint16_t bytes,
                      unsigned cycles, uint64_t seed)
{
    sat_t r;
    memset(&r, 0, sizeof r);
    gmc_icnt_t *n = make(t, c);
    gmc_rng_t g;
    gmc_rng_seed(&g, seed);
    uint64_t *next = calloc((size_t)c->inputs * c->outputs, sizeof *next);
    uint64_t *want = calloc((size_t)c->inputs * c->outputs, sizeof *want);
    for (unsigned k = 0; k < cycles + 100000u; k++) {
        const int sending = k < cycles;
        if (!sending && gmc_icnt_idle(n))
            break;
        for (uint32_t s = 0; sending && s < c->inputs; s++) {
            uint32_t d = hotspot && gmc_rng_below(&g, 2) ? 0 : (uint32_t)gmc_rng_below(&g, c->outputs);
            gmc_pkt_t p = pkt(s, d, bytes, (uint64_t)s << 32 | next[s * c->outputs + d]);
            p.pc = n->now;   /* its send cycle, for the latency check */
            if (gmc_icnt_send(n, s, &p) == GMC_ICNT_OK) {
                next[s * c->outputs + d]++;
                r.sent++;
                r.digest_sent += test_fnv(0, p.addr * 0x9e3779b97f4a7c15ull ^ d);
            } else {
                r.refused++;
            }
        }
        for (uint32_t d = 0; d < c->outputs; d++) {
            const gmc_pkt_t *p = gmc_icnt_peek(n, d);
            if (!p)
                continue;
            uint32_t s = p->src;
            if (n->now - p->pc < zero_load(t, c, c->in_node[s], c->out_node[d], p->bytes))
                r.too_fast++;
            if ((p->addr & 0xffffffffu) != want[s * c->outputs + d])
                r.out_of_order++;
            want[s * c->outputs + d] = (p->addr & 0xffffffffu) + 1;
            r.digest_popped += test_fnv(0, p->addr * 0x9e3779b97f4a7c15ull ^ d);
            r.popped++;
            if (sending && k >= cycles / 2)
                r.window_popped++;
            gmc_icnt_pop(n, d);
        }
        gmc_icnt_tick(n);
        if (n->quiet > r.max_quiet)
            r.max_quiet = n->quiet;
    }
    r.window = cycles - cycles / 2;
    r.drained = gmc_icnt_idle(n);
    r.holds = n->holds;
    gmc_icnt_free(n);
    free(next);
    free(want);
    return r;
}

static void every_topology_saturates_without_deadlock_and_loses_nothing(void **st)
{
    static const char *names[] = {"xbar", "mesh", "ring"};
    static const uint32_t vcs[] = {1, 2, 4};
    unsigned runs = 0;
    uint64_t packets = 0, quiet = 0;
    for (unsigned ti = 0; ti < 3; ti++) {
        const gmc_icnt_topo_t *t = topo(names[ti]);
        for (unsigned vi = 0; vi < 3; vi++) {
            if (vcs[vi] < t->min_vcs)
                continue;   /* the ring needs 2 (its own error) */
            for (uint32_t assign = GMC_ICNT_VC_DVCA; assign <= GMC_ICNT_VC_SVCA; assign++)
                for (int reply = 0; reply < 2; reply++)
                    for (int hot = 0; hot < 2; hot++) {
                        gmc_icnt_cfg_t c = gpu_cfg(t, reply, vcs[vi], assign, 1);
                        sat_t r = saturate(t, &c, hot, reply ? 40 : 8, 4000, 77 + runs);
                        if (!r.drained || r.popped != r.sent || r.digest_popped != r.digest_sent ||
                            r.max_quiet >= 64 || r.too_fast || r.refused == 0 ||
                            (assign == GMC_ICNT_VC_SVCA && r.out_of_order))
                            fail_msg("%s, %u VCs, %s, %s, %s: drained %d, sent %llu, popped %llu, digests %s, "
                                     "longest quiet %llu, %llu faster than zero load, %llu refused, %llu out of "
                                     "order", t->name, vcs[vi], gmc_icnt_vc_assign_name(assign),
                                     reply ? "reply" : "request", hot ? "hotspot" : "uniform", r.drained,
                                     (unsigned long long)r.sent, (unsigned long long)r.popped,
                                     r.digest_popped == r.digest_sent ? "equal" : "differ",
                                     (unsigned long long)r.max_quiet, (unsigned long long)r.too_fast,
                                     (unsigned long long)r.refused, (unsigned long long)r.out_of_order);
                        runs++;
                        packets += r.popped;
                        quiet = r.max_quiet > quiet ? r.max_quiet : quiet;
                    }
        }
    }
    assert_int_equal(runs, (3 + 3 + 2) * 2 * 2 * 2);
    print_message("    %u saturated runs (xbar, mesh: 1/2/4 VCs; ring: 2/4; DVCA, SVCA; requests, replies; "
                  "uniform, hotspot): %llu packets, each out once, none faster than zero load, SVCA in order; "
                  "no flit still for more than %llu cycles\n", runs, (unsigned long long)packets,
                  (unsigned long long)quiet);
}

/* 36 ports on a 36-node ring, port i at node i, uniform: without its
 * dateline (a test hook) the ring's channels form a cycle and it
 * deadlocks; the watchdog says so.  With it, the same traffic drains. */
static gmc_icnt_cfg_t ring36(int no_dateline)
{
    gmc_icnt_cfg_t c;
    memset(&c, 0, sizeof c);
    c.inputs = c.outputs = 36;
    c.in_buf = c.out_buf = 2;
    c.latency = 1;
    c.flit_bytes = 16;
    c.vcs = 2;
    c.vc_assign = GMC_ICNT_VC_DVCA;
    c.test_hooks = no_dateline ? GMC_ICNT_TEST_NO_DATELINE : 0;
    return c;
}

static uint64_t ring_run(gmc_icnt_t *n, unsigned cycles, uint64_t seed)
{
    gmc_rng_t g;
    gmc_rng_seed(&g, seed);
    uint64_t most = 0;
    for (unsigned k = 0; k < cycles; k++) {
        for (uint32_t s = 0; s < 36; s++) {
            uint32_t d = (s + 12 + (uint32_t)gmc_rng_below(&g, 12)) % 36;   /* far: 12 .. 23 hops away */
            gmc_pkt_t p = pkt(s, d, 40, k);
            gmc_icnt_send(n, s, &p);
        }
        for (uint32_t d = 0; d < 36; d++)
            if (gmc_icnt_peek(n, d))
                gmc_icnt_pop(n, d);
        gmc_icnt_tick(n);
        most = n->quiet > most ? n->quiet : most;
    }
    return most;
}

static void the_watchdog_catches_a_ring_without_its_dateline(void **st)
{
    const gmc_icnt_topo_t *t = topo("ring");
    gmc_icnt_cfg_t c = ring36(1);
    gmc_icnt_t *n = make(t, &c);
    uint64_t most = ring_run(n, 20000, 5);
    char err[1024] = "";
    assert_true(most >= 1000);
    assert_int_equal(gmc_icnt_watchdog(n, "ring", "request", 1000, err, sizeof err), -1);
    assert_non_null(strstr(err, "icnt watchdog: the request network (ring) moved no flit for 1000 cycles "
                                "(icnt_watchdog) at icnt cycle 20000 with "));
    assert_non_null(strstr(err, "waiting: node "));
    assert_non_null(strstr(err, " VC 0 -> dst "));
    assert_null(strchr(err, '\n'));
    assert_int_equal(gmc_icnt_watchdog(n, "ring", "request", 0, err, sizeof err), 0);   /* off */
    print_message("    no dateline: deadlocked, quiet %llu cycles: %.160s...\n", (unsigned long long)n->quiet, err);
    gmc_icnt_free(n);
    c = ring36(0);
    n = make(t, &c);
    most = ring_run(n, 20000, 5);
    assert_true(most < 64);
    assert_int_equal(gmc_icnt_watchdog(n, "ring", "request", 1000, err, sizeof err), 0);
    print_message("    with the dateline: the same traffic, no flit still for more than %llu cycles\n",
                  (unsigned long long)most);
    gmc_icnt_free(n);
}

/* ---- VCs: SVCA keeps a pair's order, DVCA does not ---- */

static void dvca_reorders_a_pairs_packets_in_routers_and_svca_does_not(void **st)
{
    static const char *names[] = {"mesh", "ring"};
    for (unsigned ti = 0; ti < 2; ti++) {
        const gmc_icnt_topo_t *t = topo(names[ti]);
        gmc_icnt_cfg_t d = gpu_cfg(t, 1, 4, GMC_ICNT_VC_DVCA, 1), s = gpu_cfg(t, 1, 4, GMC_ICNT_VC_SVCA, 1);
        d.flit_bytes = s.flit_bytes = 16;   /* several flits a packet: VCs interleave */
        sat_t rd = saturate(t, &d, 0, 40, 4000, 9), rs = saturate(t, &s, 0, 40, 4000, 9);
        assert_true(rd.out_of_order > 0);
        assert_int_equal(rs.out_of_order, 0);
        print_message("    %s, 4 VCs, replies: DVCA ejected %llu of %llu packets before an earlier one of their "
                      "(src, dst); SVCA none of %llu\n", t->name, (unsigned long long)rd.out_of_order,
                      (unsigned long long)rd.popped, (unsigned long long)rs.popped);
    }
}

/* ---- hold grant in VC allocation ---- */

static void the_routers_hold_grants_in_vc_allocation_with_the_hold_grant_allocator(void **st)
{
    static const char *names[] = {"mesh", "ring"};
    for (unsigned ti = 0; ti < 2; ti++) {
        const gmc_icnt_topo_t *t = topo(names[ti]);
        gmc_icnt_cfg_t c = gpu_cfg(t, 0, t->min_vcs, GMC_ICNT_VC_SVCA, 1);
        c.alloc = &gmc_alloc_hg;
        sat_t none = saturate(t, &c, 0, 8, 3000, 3);
        c.hold.policy = GMC_ALLOC_HOLD_HG;
        sat_t hg = saturate(t, &c, 0, 8, 3000, 3);
        assert_int_equal(none.holds, 0);
        assert_true(hg.holds > 1000);
        assert_int_equal(hg.popped, hg.sent);
        print_message("    %s: hgalloc with HG holds %llu VC allocations (none without a policy)\n", t->name,
                      (unsigned long long)hg.holds);
    }
}

/* ---- idle ticks ---- */

/* Bursts with idle gaps: ticking through a gap and skipping it (now += 1,
 * as the GPU does while in_net == 0) eject the same packets at the same
 * cycles. */
static uint64_t bursts(const gmc_icnt_topo_t *t, const gmc_icnt_cfg_t *c, int skip)
{
    gmc_icnt_t *n = make(t, c);
    gmc_rng_t g;
    gmc_rng_seed(&g, 11);
    uint64_t digest = 0;
    for (unsigned k = 0; k < 6000; k++) {
        if ((k / 300) % 2 == 0)
            for (uint32_t s = 0; s < c->inputs; s++)
                if (gmc_rng_below(&g, 4) == 0) {
                    gmc_pkt_t p = pkt(s, (uint32_t)gmc_rng_below(&g, c->outputs), 40, k * 64 + s);
                    gmc_icnt_send(n, s, &p);
                }
        for (uint32_t d = 0; d < c->outputs; d++)
            if (gmc_icnt_peek(n, d)) {
                digest = test_fnv(digest, gmc_icnt_peek(n, d)->addr ^ n->now << 24);
                gmc_icnt_pop(n, d);
            }
        if (skip && gmc_icnt_idle(n))
            n->now++;
        else
            gmc_icnt_tick(n);
    }
    gmc_icnt_free(n);
    return digest;
}

static void skipping_an_idle_networks_ticks_changes_nothing(void **st)
{
    static const char *names[] = {"xbar", "mesh", "ring"};
    for (unsigned ti = 0; ti < 3; ti++) {
        const gmc_icnt_topo_t *t = topo(names[ti]);
        for (uint32_t v = t->min_vcs ? t->min_vcs : 1; v <= 4; v *= 2) {
            gmc_icnt_cfg_t c = gpu_cfg(t, 0, v, GMC_ICNT_VC_DVCA, 2);
            assert_int_equal(bursts(t, &c, 0), bursts(t, &c, 1));
        }
    }
}

/* ---- what each topology measures at the GPU's size ---- */

static void zero_load_latency_and_saturation_throughput_at_28_plus_8(void **st)
{
    static const char *names[] = {"xbar", "mesh", "ring"};
    for (unsigned ti = 0; ti < 3; ti++) {
        const gmc_icnt_topo_t *t = topo(names[ti]);
        for (int reply = 0; reply < 2; reply++) {
            uint32_t v = t->min_vcs ? t->min_vcs : 1;
            gmc_icnt_cfg_t c = gpu_cfg(t, reply, v, GMC_ICNT_VC_DVCA, 1);
            uint16_t bytes = reply ? 40 : 8;
            double zl = 0;
            for (uint32_t s = 0; s < c.inputs; s++)
                for (uint32_t d = 0; d < c.outputs; d++)
                    zl += (double)zero_load(t, &c, c.in_node[s], c.out_node[d], bytes);
            zl /= (double)(c.inputs * c.outputs);
            sat_t r = saturate(t, &c, 0, bytes, 8000, 21);
            double tput = (double)r.window_popped / (double)r.window;
            print_message("    %s %s (%u B, %u B flits, %u VC%s, icnt_latency 1): zero-load %.2f cycles (mean over "
                          "pairs), saturation %.2f packets/cycle (%.3f per input, %.1f%% of the %u outputs' "
                          "ejection)\n", t->name, reply ? "replies" : "requests", bytes, c.flit_bytes, v,
                          v > 1 ? "s" : "", zl, tput, tput / c.inputs,
                          100.0 * tput * ((bytes + c.flit_bytes - 1) / c.flit_bytes) / c.outputs, c.outputs);
            assert_true(tput > 0.5);
        }
    }
    /* the ring's requests with more VCs, each destination on its own (SVCA) */
    const gmc_icnt_topo_t *t = topo("ring");
    gmc_icnt_cfg_t c = gpu_cfg(t, 0, 8, GMC_ICNT_VC_SVCA, 1);
    sat_t r = saturate(t, &c, 0, 8, 8000, 21);
    print_message("    ring requests with 8 VCs, SVCA: saturation %.2f packets/cycle\n",
                  (double)r.window_popped / (double)r.window);
}

int main(void)
{
    const struct CMUnitTest t[] = {
        cmocka_unit_test(a_lone_packet_takes_the_zero_load_formula_exactly),
        cmocka_unit_test(placement_rules_put_each_port_on_its_own_node),
        cmocka_unit_test(placement_and_shape_errors_are_one_line_naming_the_field),
        cmocka_unit_test(every_topology_saturates_without_deadlock_and_loses_nothing),
        cmocka_unit_test(the_watchdog_catches_a_ring_without_its_dateline),
        cmocka_unit_test(dvca_reorders_a_pairs_packets_in_routers_and_svca_does_not),
        cmocka_unit_test(the_routers_hold_grants_in_vc_allocation_with_the_hold_grant_allocator),
        cmocka_unit_test(skipping_an_idle_networks_ticks_changes_nothing),
        cmocka_unit_test(zero_load_latency_and_saturation_throughput_at_28_plus_8),
    };
    return cmocka_run_group_tests_name("gmc_icnt: routers, saturation, the watchdog (28 + 8 ports)", t, NULL, NULL);
}
