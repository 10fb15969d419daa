/* gmc_netload (analysis/gmc_netload.h): the synthetic traffic (rates,
 * row runs, destinations, seeds), the open-loop measurement on the
 * crossbar (zero-load latency, latency rising with load, accepted at most
 * offered and at most the outputs' capacity, holding grants keeping row
 * runs together) and its errors (ranges, a network that never delivers). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "analysis/gmc_netload.h"
#include "gpu/gmc_alloc.h"
#include "gpu/gmc_icnt.h"
#include "test_near.h"

/* Yuan et al.'s network: 28 x 8, buffers of 8, latency 4, 16-byte flits,
 * one VC, the hold-grant allocator with hold policy `hold`. */
static gmc_icnt_cfg_t yuan_net(uint32_t hold)
{
    gmc_icnt_cfg_t c;
    memset(&c, 0, sizeof c);
    c.inputs = 28;
    c.outputs = 8;
    c.in_buf = 8;
    c.out_buf = 8;
    c.latency = 4;
    c.flit_bytes = 16;
    c.vcs = 1;
    c.alloc = &gmc_alloc_hg;
    c.hold.policy = hold;
    return c;
}

static gmc_netload_result_t run(gmc_icnt_cfg_t net, const gmc_netload_cfg_t *c)
{
    gmc_icnt_cfg_t nc;
    gmc_netload_net_cfg(&net, c, &nc);
    gmc_netload_result_t r;
    char err[256] = "";
    if (gmc_netload_run(&gmc_icnt_xbar, &nc, c, &r, err, sizeof err))
        fail_msg("%s", err);
    return r;
}

static gmc_netload_cfg_t load(uint32_t pattern, double rate)
{
    gmc_netload_cfg_t c;
    gmc_netload_cfg_default(&c);
    c.pattern = pattern;
    c.rate = rate;
    c.warmup = 500;
    c.cycles = 5000;
    return c;
}

static void zero_load_latency_is_the_crossbars_latency_or_the_serialization(void **s)
{
    (void)s;
    gmc_netload_cfg_t c = load(GMC_NETLOAD_UNIFORM, 0.1);
    gmc_icnt_cfg_t net = yuan_net(GMC_ALLOC_HOLD_NONE), nc;
    char err[256] = "";
    double lat = 0;
    gmc_netload_net_cfg(&net, &c, &nc);
    assert_int_equal(gmc_netload_zero_load(&gmc_icnt_xbar, &nc, &c, &lat, err, sizeof err), 0);
    assert_near(lat, 4, 0);                 /* max(latency 4, ceil(8 / 16) = 1) */
    c.bytes = 200;                          /* ceil(200 / 16) = 13 flits > latency */
    assert_int_equal(gmc_netload_zero_load(&gmc_icnt_xbar, &nc, &c, &lat, err, sizeof err), 0);
    assert_near(lat, 13, 0);
    nc.latency = 9;
    c.bytes = 8;
    assert_int_equal(gmc_netload_zero_load(&gmc_icnt_xbar, &nc, &c, &lat, err, sizeof err), 0);
    assert_near(lat, 9, 0);
}

static void offered_load_is_the_rate_and_a_light_load_sees_about_zero_load_latency(void **s)
{
    (void)s;
    gmc_netload_cfg_t c = load(GMC_NETLOAD_UNIFORM, 0.02);
    gmc_netload_result_t r = run(yuan_net(GMC_ALLOC_HOLD_NONE), &c);
    /* 28 x 5000 Bernoulli(0.02) draws: sd of the mean 0.0004 */
    assert_near(r.offered, 0.02, 0.0016);
    assert_near(r.accepted, r.offered, 0.002);
    assert_true(r.lat_mean >= 4 && r.lat_mean < 4.5);
    assert_true(r.lat_p99 >= 4 && r.lat_max >= r.lat_p99);
    assert_int_equal(r.packets, (uint64_t)(r.offered * 28 * 5000 + 0.5));
}

static void latency_rises_with_load_and_accepted_stays_below_the_outputs_capacity(void **s)
{
    (void)s;
    const double rates[] = {0.05, 0.15, 0.25, 0.5, 0.9};
    double last = 0;
    for (unsigned k = 0; k < sizeof rates / sizeof rates[0]; k++) {
        gmc_netload_cfg_t c = load(GMC_NETLOAD_UNIFORM, rates[k]);
        gmc_netload_result_t r = run(yuan_net(GMC_ALLOC_HOLD_NONE), &c);
        assert_true(r.lat_mean > last);
        last = r.lat_mean;
        assert_true(r.accepted <= r.offered + 0.01);
        assert_true(r.accepted <= 8.0 / 28 + 1e-9);   /* 8 outputs, one packet a cycle each */
        if (rates[k] >= 0.5) {   /* saturated: latency far above zero-load, accepted well short */
            assert_true(r.lat_mean > 100);
            assert_true(r.accepted < 0.6 * r.offered);
            assert_true(r.accepted > 0.2);
        }
    }
}

static void rowstream_runs_have_the_mean_locality_before_the_network(void **s)
{
    (void)s;
    const double locs[] = {1, 4, 16};
    for (unsigned k = 0; k < 3; k++) {
        gmc_netload_cfg_t c = load(GMC_NETLOAD_ROWSTREAM, 0.2);
        c.locality = locs[k];
        c.cycles = 20000;
        gmc_netload_result_t r = run(yuan_net(GMC_ALLOC_HOLD_NONE), &c);
        /* P ~ 112000 packets in P / L geometric runs, plus one run per
         * stream cut by the window's end (224 streams): P / (P / L + 224),
         * which is L within 0.1 for L = 4 and 15.5 for L = 16 */
        const double p = (double)r.packets, want = p / (p / locs[k] + 28 * 8 * (1 - 1 / locs[k]));
        assert_near(r.loc_before, want, 0.03 * want);
    }
    gmc_netload_cfg_t u = load(GMC_NETLOAD_UNIFORM, 0.2);
    gmc_netload_result_t r = run(yuan_net(GMC_ALLOC_HOLD_NONE), &u);
    assert_near(r.loc_before, 1, 0.001);   /* 16384 places: a repeat is rare */
}

static void hold_grant_keeps_row_runs_together_through_the_network(void **s)
{
    (void)s;
    gmc_netload_cfg_t c = load(GMC_NETLOAD_ROWSTREAM, 0.25);
    c.locality = 8;
    c.dst_run = 8;
    gmc_netload_result_t rr = run(yuan_net(GMC_ALLOC_HOLD_NONE), &c);
    gmc_netload_result_t hg = run(yuan_net(GMC_ALLOC_HOLD_HG), &c);
    gmc_netload_result_t hm = run(yuan_net(GMC_ALLOC_HOLD_HMHG), &c);
    /* the same packets enter every network */
    assert_near(rr.loc_before, hg.loc_before, 0);
    assert_int_equal(rr.packets, hg.packets);
    assert_true(rr.loc_after < 0.5 * rr.loc_before);   /* round robin interleaves the streams */
    assert_true(hg.loc_after > 1.5 * rr.loc_after);
    assert_true(hm.loc_after > 1.5 * rr.loc_after);
    assert_true(hg.holds > 0 && hm.holds > 0);
    assert_int_equal(rr.holds, 0);
}

static void a_seed_gives_the_same_run_and_another_seed_another(void **s)
{
    (void)s;
    gmc_netload_cfg_t c = load(GMC_NETLOAD_ROWSTREAM, 0.2);
    gmc_netload_result_t a = run(yuan_net(GMC_ALLOC_HOLD_HG), &c);
    gmc_netload_result_t b = run(yuan_net(GMC_ALLOC_HOLD_HG), &c);
    assert_memory_equal(&a, &b, sizeof a);
    c.seed = 2;
    gmc_netload_result_t d = run(yuan_net(GMC_ALLOC_HOLD_HG), &c);
    assert_true(d.packets != a.packets || d.lat_mean != a.lat_mean);
}

static void bad_configurations_name_the_field(void **s)
{
    (void)s;
    char err[256];
    gmc_netload_cfg_t c;
    gmc_netload_cfg_default(&c); c.rate = 0;
    assert_int_equal(gmc_netload_cfg_check(&c, err, sizeof err), -1);
    assert_non_null(strstr(err, "rate: expected a rate in (0, 1]"));
    gmc_netload_cfg_default(&c); c.rate = 1.5;
    assert_int_equal(gmc_netload_cfg_check(&c, err, sizeof err), -1);
    gmc_netload_cfg_default(&c); c.locality = 0.5;
    assert_int_equal(gmc_netload_cfg_check(&c, err, sizeof err), -1);
    assert_non_null(strstr(err, "locality"));
    gmc_netload_cfg_default(&c); c.banks = 3;
    assert_int_equal(gmc_netload_cfg_check(&c, err, sizeof err), -1);
    assert_non_null(strstr(err, "banks: expected a power of two"));
    gmc_netload_cfg_default(&c); c.rows = 1;
    assert_int_equal(gmc_netload_cfg_check(&c, err, sizeof err), -1);
    gmc_netload_cfg_default(&c); c.cycles = 0;
    assert_int_equal(gmc_netload_cfg_check(&c, err, sizeof err), -1);
    uint32_t p;
    assert_int_equal(gmc_netload_pattern_find("bogus", &p, err, sizeof err), -1);
    assert_string_equal(err, "expected one of uniform, rowstream, found 'bogus'");
    assert_int_equal(gmc_netload_pattern_find("uniform", &p, err, sizeof err), 0);
    assert_int_equal(p, GMC_NETLOAD_UNIFORM);
}

/* A network that takes packets and never delivers them: the run's
 * watchdog must stop it. */
typedef struct { gmc_icnt_t base; uint32_t used; } sink_t;
static int sink_send(gmc_icnt_t *n, uint32_t src, const gmc_pkt_t *p)
{
    (void)src, (void)p;
    sink_t *k = (sink_t *)n;
    if (k->used == n->cfg.in_buf)
        return GMC_ICNT_FULL;
    k->used++;
    n->in_net++;
    return GMC_ICNT_OK;
}
static void sink_tick(gmc_icnt_t *n) { n->now++; }
static const gmc_pkt_t *sink_peek(const gmc_icnt_t *n, uint32_t d) { (void)n, (void)d; return NULL; }
static void sink_pop(gmc_icnt_t *n, uint32_t d) { (void)n, (void)d; }
static int sink_idle(const gmc_icnt_t *n) { return !n->in_net; }
static int sink_can(const gmc_icnt_t *n, uint32_t s, uint32_t v) { (void)s, (void)v; return ((const sink_t *)n)->used < n->cfg.in_buf; }
static void sink_free(gmc_icnt_t *n) { free(n); }
static const gmc_icnt_ops_t sink_ops = {sink_send, sink_tick, sink_peek, sink_pop, sink_idle, sink_can, sink_free, NULL};
static const uint64_t never_at[64] = {UINT64_MAX, UINT64_MAX, UINT64_MAX, UINT64_MAX,
                                      UINT64_MAX, UINT64_MAX, UINT64_MAX, UINT64_MAX};
static uint32_t sink_used_row[64 * GMC_ICNT_MAX_VCS];
static gmc_icnt_t *sink_make(const gmc_icnt_cfg_t *c, char *err, size_t n)
{
    (void)err, (void)n;
    sink_t *k = calloc(1, sizeof *k);
    k->base.ops = &sink_ops;
    k->base.cfg = *c;
    k->base.dst_at = never_at;
    gmc_icnt_set_src_used(&k->base, sink_used_row);   /* always room: send decides */
    return &k->base;
}
static const gmc_icnt_topo_t sink_topo = {"sink", "never delivers", sink_make, 0, NULL, 0};

static void a_network_that_never_delivers_is_stopped_by_the_watchdog(void **s)
{
    (void)s;
    gmc_netload_cfg_t c = load(GMC_NETLOAD_UNIFORM, 0.5);
    c.stall = 300;
    gmc_icnt_cfg_t net = yuan_net(GMC_ALLOC_HOLD_NONE), nc;
    gmc_netload_net_cfg(&net, &c, &nc);
    gmc_netload_result_t r;
    char err[256] = "";
    assert_int_equal(gmc_netload_run(&sink_topo, &nc, &c, &r, err, sizeof err), -1);
    assert_non_null(strstr(err, "no packet left the network for 300 cycles"));
    double lat;
    assert_int_equal(gmc_netload_zero_load(&sink_topo, &nc, &c, &lat, err, sizeof err), -1);
    assert_non_null(strstr(err, "did not arrive in 300 cycles"));
}

static void a_backlog_past_the_limit_is_an_error_not_a_swamp(void **s)
{
    (void)s;
    gmc_netload_cfg_t c = load(GMC_NETLOAD_UNIFORM, 1.0);
    c.max_backlog = 5000;
    gmc_icnt_cfg_t net = yuan_net(GMC_ALLOC_HOLD_NONE), nc;
    gmc_netload_net_cfg(&net, &c, &nc);
    gmc_netload_result_t r;
    char err[256] = "";
    assert_int_equal(gmc_netload_run(&gmc_icnt_xbar, &nc, &c, &r, err, sizeof err), -1);
    assert_non_null(strstr(err, "the source queues hold more than 5000 packets"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(zero_load_latency_is_the_crossbars_latency_or_the_serialization),
        cmocka_unit_test(offered_load_is_the_rate_and_a_light_load_sees_about_zero_load_latency),
        cmocka_unit_test(latency_rises_with_load_and_accepted_stays_below_the_outputs_capacity),
        cmocka_unit_test(rowstream_runs_have_the_mean_locality_before_the_network),
        cmocka_unit_test(hold_grant_keeps_row_runs_together_through_the_network),
        cmocka_unit_test(a_seed_gives_the_same_run_and_another_seed_another),
        cmocka_unit_test(bad_configurations_name_the_field),
        cmocka_unit_test(a_network_that_never_delivers_is_stopped_by_the_watchdog),
        cmocka_unit_test(a_backlog_past_the_limit_is_an_error_not_a_swamp),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
