/* The interconnect contract of gmc_icnt.h, checked on every topology in
 * the registry (gmc_icnt_topo_get): a new topology is tested by
 * registering it.  Configuration errors, the latency bound, back-pressure
 * at both ends and per VC, idle and the inline hints (dst_at, src_used),
 * counters, placement, and seeded random traffic checked for
 * conservation, order per (src, dst, vc), exactness of the hints and
 * determinism.  The crossbar's own rules (exact latency, round robin,
 * serialization, a loop-by-loop reference) are in test_gmc_xbar.c. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "gpu/gmc_icnt.h"
#include "util/gmc_rng.h"
#include "test_util.h"
#include "test_icnt.h"

/* A packet delivered alone must arrive within this many cycles of its
 * earliest time (latency): a bound every topology of these sizes meets. */
#define SLACK 64

static unsigned ntopo(void)
{
    unsigned n = 0;
    while (gmc_icnt_topo_get(n))
        n++;
    return n;
}

static gmc_icnt_cfg_t small_cfg(void)
{
    gmc_icnt_cfg_t c;
    memset(&c, 0, sizeof c);
    c.inputs = c.outputs = 4;
    c.in_buf = c.out_buf = 4;
    c.latency = 3;
    c.flit_bytes = 32;
    c.vcs = 1;
    return c;
}

/* Two VCs: requests and replies of reads on VC 0, the rest on VC 1. */
static void two_vcs(gmc_icnt_cfg_t *c)
{
    c->vcs = 2;
    for (unsigned k = 0; k < GMC_PKT_KINDS; k++)
        c->vc_of[k] = k == GMC_PKT_READ || k == GMC_PKT_READ_REPLY ? 0 : 1;
}

static uint8_t kind_on_vc(const gmc_icnt_cfg_t *c, uint32_t vc)
{
    for (unsigned k = 0; k < GMC_PKT_KINDS; k++)
        if (c->vc_of[k] == vc)
            return (uint8_t)k;
    fail_msg("no packet kind maps to VC %u", vc);
    return 0;
}

/* c with at least the VCs t needs (the ring: two), as the caller's copy. */
static void fit(const gmc_icnt_topo_t *t, gmc_icnt_cfg_t *c)
{
    if (c->vcs < t->min_vcs)
        c->vcs = t->min_vcs;
}

static gmc_icnt_t *make(const gmc_icnt_topo_t *t, gmc_icnt_cfg_t *c)
{
    char err[256] = "";
    fit(t, c);
    gmc_icnt_t *n = gmc_icnt_new(t, c, err, sizeof err);
    if (!n)
        fail_msg("%s: %s", t->name, err);
    return n;
}

static gmc_pkt_t pkt(uint32_t src, uint32_t dst, uint16_t bytes, uint64_t tag, uint8_t kind)
{
    gmc_pkt_t p;
    memset(&p, 0, sizeof p);
    p.src = src;
    p.dst = dst;
    p.bytes = bytes;
    p.tag = tag;
    p.kind = kind;
    return p;
}

static int send(gmc_icnt_t *n, uint32_t src, uint32_t dst, uint64_t tag)
{
    gmc_pkt_t p = pkt(src, dst, 32, tag, GMC_PKT_READ);
    return gmc_icnt_send(n, src, &p);
}

/* ---- the registry ---- */

static void the_registry_has_unique_names_each_found_by_name(void **st)
{
    unsigned nt = ntopo();
    assert_true(nt >= 1);
    for (unsigned i = 0; i < nt; i++) {
        const gmc_icnt_topo_t *t = gmc_icnt_topo_get(i), *f = NULL;
        char err[256] = "";
        assert_non_null(t->make);
        assert_true(t->summary && t->summary[0]);
        assert_int_equal(gmc_icnt_find(t->name, &f, err, sizeof err), 0);
        assert_ptr_equal(f, t);
        for (unsigned j = 0; j < i; j++)
            assert_string_not_equal(gmc_icnt_topo_get(j)->name, t->name);
    }
    const gmc_icnt_topo_t *xb = NULL;
    char err[256] = "";
    assert_int_equal(gmc_icnt_find("xbar", &xb, err, sizeof err), 0);   /* the machines' default */
    print_message("    %u registered topolog%s under test\n", nt, nt == 1 ? "y" : "ies");
}

static void an_unknown_topology_is_an_error_listing_every_known_one(void **st)
{
    const gmc_icnt_topo_t *t = NULL;
    char err[512] = "";
    assert_int_equal(gmc_icnt_find("mesh3d", &t, err, sizeof err), -1);
    assert_non_null(strstr(err, "icnt_topology: expected one of "));
    assert_non_null(strstr(err, "found 'mesh3d'"));
    assert_null(strchr(err, '\n'));
    for (unsigned i = 0; gmc_icnt_topo_get(i); i++)
        if (!strstr(err, gmc_icnt_topo_get(i)->name))
            fail_msg("\"%s\" does not list %s", err, gmc_icnt_topo_get(i)->name);
}

/* ---- configuration ---- */

static void each_bad_common_field_is_rejected_with_one_line(void **st)
{
    static const uint32_t far[4] = {0, 1, 2, 99};
    struct { const char *field; gmc_icnt_cfg_t c; } bad[12];
    for (unsigned k = 0; k < 12; k++)
        bad[k].c = small_cfg();
    bad[0].field = "inputs";     bad[0].c.inputs = 0;
    bad[1].field = "outputs";    bad[1].c.outputs = 0;
    bad[2].field = "in_buf";     bad[2].c.in_buf = 0;
    bad[3].field = "out_buf";    bad[3].c.out_buf = 0;
    bad[4].field = "latency";    bad[4].c.latency = 0;
    bad[5].field = "flit_bytes"; bad[5].c.flit_bytes = 0;
    bad[6].field = "vcs";        bad[6].c.vcs = 0;
    bad[7].field = "vcs";        bad[7].c.vcs = GMC_ICNT_MAX_VCS + 1;
    bad[8].field = "vc_of[3]";   bad[8].c.vc_of[3] = 1;   /* one VC: only VC 0 */
    bad[9].field = "in_node[3]"; bad[9].c.nodes = 8; bad[9].c.in_node = far;
    bad[10].field = "out_node[3]"; bad[10].c.nodes = 8; bad[10].c.out_node = far;
    bad[11].field = "nodes";     bad[11].c.in_node = far;
    unsigned checked = 0;
    for (unsigned i = 0; gmc_icnt_topo_get(i); i++) {
        const gmc_icnt_topo_t *t = gmc_icnt_topo_get(i);
        for (unsigned k = 0; k < 12; k++) {
            /* through the registry's entry point and through the topology's own */
            for (int direct = 0; direct < 2; direct++) {
                char err[256] = "";
                gmc_icnt_t *n = direct ? t->make(&bad[k].c, err, sizeof err)
                                       : gmc_icnt_new(t, &bad[k].c, err, sizeof err);
                if (n)
                    fail_msg("%s: case %u (%s) accepted", t->name, k, bad[k].field);
                char field[32];   /* "FIELD: expected ..., found ..." */
                snprintf(field, sizeof field, "%s: expected", bad[k].field);
                if (!strstr(err, field) || !strstr(err, "found") || strchr(err, '\n'))
                    fail_msg("%s: case %u: error does not name %s on one line: \"%s\"", t->name, k,
                             bad[k].field, err);
                checked++;
            }
        }
    }
    print_message("    %u bad configurations refused with one line\n", checked);
}

/* ---- latency and fields ---- */

static void a_lone_packet_arrives_no_earlier_than_latency_and_soon_after(void **st)
{
    unsigned packets = 0;
    for (unsigned i = 0; gmc_icnt_topo_get(i); i++) {
        const gmc_icnt_topo_t *t = gmc_icnt_topo_get(i);
        for (uint32_t lat = 1; lat <= 6; lat++)
            for (uint32_t dst = 0; dst < 4; dst++) {
                gmc_icnt_cfg_t c = small_cfg();
                c.latency = lat;
                gmc_icnt_t *n = make(t, &c);
                for (unsigned k = 0; k < 7; k++)   /* not at cycle 0: sent is the send cycle */
                    gmc_icnt_tick(n);
                assert_int_equal(send(n, 3 - dst, dst, 77), GMC_ICNT_OK);
                uint64_t at = wait_for(n, dst, lat + SLACK);
                if (at < 7 + lat || at == UINT64_MAX)
                    fail_msg("%s: latency %u: ejectable at %llu, expected %u .. %u", t->name, lat,
                             (unsigned long long)at, 7 + lat, 7 + lat + SLACK);
                const gmc_pkt_t *p = gmc_icnt_peek(n, dst);
                assert_int_equal(p->tag, 77);
                assert_int_equal(p->sent, 7);
                for (uint32_t d = 0; d < 4; d++)
                    if (d != dst)
                        assert_null(gmc_icnt_peek(n, d));
                gmc_icnt_free(n);
                packets++;
            }
    }
    print_message("    %u lone packets within [latency, latency + %u]\n", packets, SLACK);
}

static void send_sets_sent_and_keeps_the_other_fields(void **st)
{
    for (unsigned i = 0; gmc_icnt_topo_get(i); i++) {
        gmc_icnt_cfg_t c = small_cfg();
        gmc_icnt_t *n = make(gmc_icnt_topo_get(i), &c);
        gmc_icnt_tick(n);
        gmc_pkt_t p = pkt(3, 1, 40, 5, GMC_PKT_WRITE);
        p.addr = 0x1234560;
        p.pc = 0x88;
        p.sm = 9;
        p.warp = 17;
        p.sent = 999;
        p.offchip = 1;
        p.dram_in_mc = 1234;
        assert_int_equal(gmc_icnt_send(n, 0, &p), GMC_ICNT_OK);
        assert_int_equal(p.sent, 999);   /* the caller's copy is untouched */
        assert_int_not_equal(wait_for(n, 1, 100), UINT64_MAX);
        const gmc_pkt_t *q = gmc_icnt_peek(n, 1);
        assert_int_equal(q->sent, 1);
        p.sent = 1;
        assert_memory_equal(q, &p, sizeof p);
        gmc_icnt_free(n);
    }
}

/* ---- back-pressure ---- */

static void a_full_injection_buffer_refuses_and_keeps_nothing(void **st)
{
    for (unsigned i = 0; gmc_icnt_topo_get(i); i++) {
        const gmc_icnt_topo_t *t = gmc_icnt_topo_get(i);
        gmc_icnt_cfg_t c = small_cfg();
        c.in_buf = 2;
        c.out_buf = 1;   /* and nobody pops: the network fills behind the ejection buffer */
        gmc_icnt_t *n = make(t, &c);
        unsigned ok = 0;
        for (unsigned k = 0; k < 400 && gmc_icnt_can_send(n, 0); k++) {
            assert_int_equal(send(n, 0, 1, ok), GMC_ICNT_OK);
            ok++;
            gmc_icnt_tick(n);
        }
        assert_false(gmc_icnt_can_send(n, 0));
        assert_false(n->ops->can_send(n, 0, 0));
        assert_true(gmc_icnt_can_send(n, 1));      /* other inputs unaffected */
        uint64_t refused = n->full_refusals;
        assert_int_equal(send(n, 0, 2, 999), GMC_ICNT_FULL);
        assert_int_equal(n->full_refusals, refused + 1);
        assert_int_equal(n->in_net, ok);
        /* Drain: exactly the accepted packets come out, in order, none at 2. */
        unsigned got = 0;
        for (unsigned k = 0; k < 100 * (ok + 1) && !gmc_icnt_idle(n); k++) {
            assert_null(gmc_icnt_peek(n, 2));
            const gmc_pkt_t *p = gmc_icnt_peek(n, 1);
            if (p) {
                assert_int_equal(p->tag, got);
                got++;
                gmc_icnt_pop(n, 1);
            }
            gmc_icnt_tick(n);
        }
        assert_int_equal(got, ok);
        assert_true(gmc_icnt_idle(n));
        gmc_icnt_free(n);
    }
}

static void a_full_vc_does_not_refuse_another_vc(void **st)
{
    unsigned tested = 0;
    for (unsigned i = 0; gmc_icnt_topo_get(i); i++) {
        const gmc_icnt_topo_t *t = gmc_icnt_topo_get(i);
        gmc_icnt_cfg_t c = small_cfg();
        c.in_buf = 2;
        two_vcs(&c);
        char err[256] = "";
        gmc_icnt_t *n = gmc_icnt_new(t, &c, err, sizeof err);
        if (!n) {   /* a topology may have one VC: it must say so */
            assert_non_null(strstr(err, "vcs"));
            print_message("    %s: one VC only (%s)\n", t->name, err);
            continue;
        }
        uint8_t k0 = kind_on_vc(&c, 0), k1 = kind_on_vc(&c, 1);
        gmc_pkt_t a = pkt(0, 1, 32, 0, k0), b = pkt(0, 2, 32, 1, k1);
        assert_int_equal(gmc_icnt_send(n, 0, &a), GMC_ICNT_OK);
        assert_int_equal(gmc_icnt_send(n, 0, &a), GMC_ICNT_OK);
        /* VC 0 of input 0 is full, VC 1 is not, and the inline answers say so */
        assert_false(gmc_icnt_can_send_vc(n, 0, 0));
        assert_false(gmc_icnt_can_send_kind(n, 0, k0));
        assert_false(n->ops->can_send(n, 0, 0));
        assert_true(gmc_icnt_can_send_vc(n, 0, 1));
        assert_true(gmc_icnt_can_send_pkt(n, 0, &b));
        assert_true(n->ops->can_send(n, 0, 1));
        assert_int_equal(gmc_icnt_send(n, 0, &a), GMC_ICNT_FULL);
        assert_int_equal(gmc_icnt_send(n, 0, &b), GMC_ICNT_OK);
        assert_int_equal(n->in_net, 3);
        gmc_icnt_free(n);
        tested++;
    }
    print_message("    %u topolog%s with two VCs\n", tested, tested == 1 ? "y" : "ies");
}

static void a_full_ejection_buffer_stops_traffic_and_drops_nothing(void **st)
{
    for (unsigned i = 0; gmc_icnt_topo_get(i); i++) {
        gmc_icnt_cfg_t c = small_cfg();
        c.in_buf = 8;
        c.out_buf = 2;
        gmc_icnt_t *n = make(gmc_icnt_topo_get(i), &c);
        for (unsigned k = 0; k < 5; k++)
            assert_int_equal(send(n, 0, 1, k), GMC_ICNT_OK);
        for (unsigned k = 0; k < 200; k++)
            gmc_icnt_tick(n);
        assert_int_equal(n->in_net, 5);   /* nothing dropped while nobody pops */
        for (unsigned k = 0; k < 5; k++) {
            assert_int_not_equal(wait_for(n, 1, 200), UINT64_MAX);
            assert_int_equal(gmc_icnt_peek(n, 1)->tag, k);
            gmc_icnt_pop(n, 1);
        }
        assert_int_equal(wait_for(n, 1, 200), UINT64_MAX);
        assert_true(gmc_icnt_idle(n));
        assert_int_equal(n->packets, 5);
        gmc_icnt_free(n);
    }
}

/* ---- idle and counters ---- */

static void idle_is_true_only_when_nothing_is_anywhere(void **st)
{
    for (unsigned i = 0; gmc_icnt_topo_get(i); i++) {
        gmc_icnt_cfg_t c = small_cfg();
        gmc_icnt_t *n = make(gmc_icnt_topo_get(i), &c);
        assert_true(gmc_icnt_idle(n));
        assert_int_equal(n->now, 0);
        gmc_icnt_tick(n);
        assert_true(gmc_icnt_idle(n));
        assert_int_equal(n->now, 1);
        assert_int_equal(send(n, 0, 1, 0), GMC_ICNT_OK);
        assert_false(gmc_icnt_idle(n));        /* in the injection buffer */
        gmc_icnt_tick(n);
        assert_false(gmc_icnt_idle(n));        /* in flight (latency 3) */
        assert_int_not_equal(wait_for(n, 1, 100), UINT64_MAX);
        for (unsigned k = 0; k < 5; k++)
            gmc_icnt_tick(n);
        assert_false(gmc_icnt_idle(n));        /* waiting in the ejection buffer */
        assert_int_equal(n->in_net, 1);
        gmc_icnt_pop(n, 1);
        assert_true(gmc_icnt_idle(n));
        assert_int_equal(n->in_net, 0);
        gmc_icnt_pop(n, 1);                    /* nothing there: a no-op */
        assert_true(gmc_icnt_idle(n));
        assert_int_equal(n->packets, 1);
        gmc_icnt_free(n);
        gmc_icnt_free(NULL);
    }
}

/* ---- placement ---- */

static void a_placement_is_copied_and_traffic_flows(void **st)
{
    for (unsigned i = 0; gmc_icnt_topo_get(i); i++) {
        gmc_icnt_cfg_t c = small_cfg();
        /* inputs on nodes 0..3, outputs on nodes 4..7; the caller's arrays go after new */
        uint32_t *in = malloc(4 * sizeof *in), *out = malloc(4 * sizeof *out);
        for (uint32_t k = 0; k < 4; k++) {
            in[k] = k;
            out[k] = 4 + k;
        }
        c.nodes = 8;
        c.in_node = in;
        c.out_node = out;
        gmc_icnt_t *n = make(gmc_icnt_topo_get(i), &c);
        memset(in, 0xff, 4 * sizeof *in);
        memset(out, 0xff, 4 * sizeof *out);
        free(in);
        free(out);
        for (uint32_t s = 0; s < 4; s++)
            for (uint32_t d = 0; d < 4; d++)
                assert_int_equal(send(n, s, d, s * 4 + d), GMC_ICNT_OK);
        unsigned got = 0;
        for (unsigned k = 0; k < 2000 && !gmc_icnt_idle(n); k++) {
            for (uint32_t d = 0; d < 4; d++)
                if (gmc_icnt_peek(n, d)) {
                    assert_int_equal(gmc_icnt_peek(n, d)->dst, d);
                    gmc_icnt_pop(n, d);
                    got++;
                }
            gmc_icnt_tick(n);
        }
        assert_int_equal(got, 16);
        gmc_icnt_free(n);
    }
}

/* ---- random traffic ---- */

typedef struct {
    uint64_t sent_ok, popped, refused;
    uint64_t unknown_or_twice;   /* popped a packet never sent or already popped */
    uint64_t early;              /* popped before sent + latency */
    uint64_t wrong_sent;         /* the packet's sent is not its send cycle */
    uint64_t out_of_order;       /* per (src, dst, injection vc) not in send order */
    uint64_t passed;             /* of those, packets ejected before an earlier one of their lane */
    uint64_t missing;            /* sent OK, never popped after the drain */
    uint64_t hint_mismatch;      /* can_send / src_used / dst_at / in_net against the truth */
    uint64_t counter_mismatch;   /* packets, bytes, latency_sum, full_refusals */
    uint64_t digest;             /* of the ejection sequence (src, dst, tag, cycle) */
    int      drained;            /* idle at the end */
} traffic_t;

/* Seeded random sends of every kind (a hot output at times, to force
 * back-pressure) and random pops, then a drain.  A packet's addr is its
 * send number, its tag its (src, dst, vc)'s sequence number. */
static traffic_t random_traffic(const gmc_icnt_topo_t *t, const gmc_icnt_cfg_t *cfg, uint64_t seed,
                                unsigned cycles)
{
    traffic_t r;
    memset(&r, 0, sizeof r);
    gmc_icnt_cfg_t cc = *cfg;
    const gmc_icnt_cfg_t *c = &cc;
    gmc_icnt_t *n = make(t, &cc);
    uint8_t *vc_of_send = calloc((size_t)cycles * c->inputs, 1);   /* the injection VC of each send */
    gmc_rng_t g;
    gmc_rng_seed(&g, seed);
    size_t lanes = (size_t)c->inputs * c->outputs * c->vcs, cap = (size_t)cycles * c->inputs;
    uint64_t *next_seq = calloc(lanes, sizeof *next_seq);
    uint64_t *want_seq = calloc(lanes, sizeof *want_seq);
    uint64_t *sent_at = calloc(cap, sizeof *sent_at);
    uint8_t *popped = calloc(cap, 1);
    uint64_t bytes = 0, lat = 0;
    static const uint16_t sizes[] = {8, 32, 40, 64, 136};
#define LANE(s, d, v) (((size_t)(v) * c->inputs + (s)) * c->outputs + (d))
    for (unsigned tk = 0; tk < cycles + 200000u; tk++) {
        int sending = tk < cycles;
        if (!sending && gmc_icnt_idle(n))
            break;
        uint32_t hot = (uint32_t)gmc_rng_below(&g, c->outputs);
        int hotspot = (tk / 500) % 3 == 1;
        for (uint32_t s = 0; sending && s < c->inputs; s++) {
            if (gmc_rng_below(&g, 100) >= 40)
                continue;
            uint32_t d = hotspot && gmc_rng_below(&g, 2) ? hot : (uint32_t)gmc_rng_below(&g, c->outputs);
            uint8_t kind = (uint8_t)gmc_rng_below(&g, GMC_PKT_KINDS);
            gmc_pkt_t p = pkt(s, d, sizes[gmc_rng_below(&g, 5)], 0, kind);
            /* the VC the assignment gives it: by kind, by destination, or
             * (DVCA) the first with room, as the implementation says */
            uint32_t v = gmc_icnt_inject_vc(n, s, &p), want = gmc_icnt_vc_for(n, &p);
            if (c->vc_assign == GMC_ICNT_VC_KIND ? want != c->vc_of[kind]
                : c->vc_assign == GMC_ICNT_VC_SVCA ? want != d % c->vcs
                : want != (c->vcs == 1 ? 0 : GMC_ICNT_VC_ANY))   /* one VC: VC 0, whatever the assignment */
                r.hint_mismatch++;
            p.tag = (uint32_t)next_seq[LANE(s, d, v)];
            p.addr = r.sent_ok + r.refused;
            /* the implementation's answer and the inline ones */
            int can = n->ops->can_send(n, s, v), any = 0;
            for (uint32_t u = 0; u < c->vcs; u++)
                any |= n->ops->can_send(n, s, u);
            if (gmc_icnt_can_send_vc(n, s, v) != can || gmc_icnt_can_send_on(n, s, want) != can ||
                gmc_icnt_can_send_pkt(n, s, &p) != can || (v == 0 && gmc_icnt_can_send(n, s) != can) ||
                (c->vc_assign == GMC_ICNT_VC_DVCA && can != any))
                r.hint_mismatch++;
            int rc = gmc_icnt_send(n, s, &p);
            if (rc == GMC_ICNT_OK) {
                if (!can)
                    r.hint_mismatch++;
                sent_at[p.addr] = n->now;
                vc_of_send[p.addr] = (uint8_t)v;
                next_seq[LANE(s, d, v)]++;
                r.sent_ok++;
            } else {
                if (can)
                    r.hint_mismatch++;
                popped[p.addr] = 2;   /* never sent: must never come out */
                r.refused++;
            }
        }
        for (uint32_t d = 0; d < c->outputs; d++) {
            /* the inline hint the GPU skips by: dst_at <= now exactly when peek finds one */
            const gmc_pkt_t *p = n->ops->peek(n, d);
            if ((n->dst_at[d] <= n->now) != (p != NULL) || gmc_icnt_peek(n, d) != p)
                r.hint_mismatch++;
            if (!p || (sending && gmc_rng_below(&g, 100) >= 60))
                continue;
            if (p->addr >= cap || popped[p->addr]) {
                r.unknown_or_twice++;
            } else {
                popped[p->addr] = 1;
                if (n->now < sent_at[p->addr] + c->latency)
                    r.early++;
                if (p->sent != sent_at[p->addr])
                    r.wrong_sent++;
                size_t lane = LANE(p->src, d, vc_of_send[p->addr]);
                if (p->dst != d)
                    r.out_of_order++;
                else if (p->tag != want_seq[lane])   /* a later packet of the lane first */
                    r.out_of_order++, r.passed++;
                want_seq[lane] = p->tag + 1;
            }
            r.digest = test_fnv(r.digest, (p->addr * 0x9e3779b97f4a7c15ull) ^ (n->now << 20) ^ d);
            bytes += p->bytes;
            lat += n->now - p->sent;
            r.popped++;
            gmc_icnt_pop(n, d);
        }
        if ((n->in_net == 0) != (gmc_icnt_idle(n) != 0))
            r.hint_mismatch++;
        gmc_icnt_tick(n);
    }
#undef LANE
    r.drained = gmc_icnt_idle(n);
    for (uint64_t k = 0; k < r.sent_ok + r.refused; k++)
        if (!popped[k])
            r.missing++;
    if (n->packets != r.popped || n->bytes != bytes || n->latency_sum != lat ||
        n->full_refusals != r.refused)
        r.counter_mismatch++;
    gmc_icnt_free(n);
    free(vc_of_send);
    free(next_seq);
    free(want_seq);
    free(sent_at);
    free(popped);
    return r;
}

/* The GPU's request network, many inputs to few outputs with tight
 * buffers, masks of more than one word, and two VCs. */
static gmc_icnt_cfg_t traffic_cfg(unsigned k)
{
    static const uint32_t v[][6] = {
        {32, 32, 4, 4, 5, 32}, {8, 3, 2, 1, 1, 16}, {100, 70, 3, 2, 7, 32}, {12, 7, 2, 2, 3, 32},
    };
    gmc_icnt_cfg_t c;
    memset(&c, 0, sizeof c);
    c.inputs = v[k][0];
    c.outputs = v[k][1];
    c.in_buf = v[k][2];
    c.out_buf = v[k][3];
    c.latency = v[k][4];
    c.flit_bytes = v[k][5];
    c.vcs = 1;
    if (k == 3)
        two_vcs(&c);
    return c;
}

/* The traffic cases: the four shapes with VCs by kind, then shapes 0, 1
 * and 3 with 1, 2 and 4 VCs assigned DVCA and SVCA. */
#define NTRAFFIC (4 + 3 * 3 * 2)
static gmc_icnt_cfg_t traffic_case(unsigned k)
{
    if (k < 4)
        return traffic_cfg(k);
    static const unsigned shape[3] = {0, 1, 3}, vcs[3] = {1, 2, 4};
    k -= 4;
    gmc_icnt_cfg_t c = traffic_cfg(shape[k / 6]);
    c.vcs = vcs[k / 2 % 3];
    memset(c.vc_of, 0, sizeof c.vc_of);
    c.vc_assign = k % 2 ? GMC_ICNT_VC_SVCA : GMC_ICNT_VC_DVCA;
    return c;
}

/* Whether t keeps a (src, dst, injection VC)'s order under c: always but
 * for DVCA through routers, where a pair's packets may take different VCs
 * at a hop (Yuan et al. [MICRO'09] sec. 3.3). */
static int keeps_order(const gmc_icnt_topo_t *t, const gmc_icnt_cfg_t *c)
{
    return !(t->placed && c->vc_assign == GMC_ICNT_VC_DVCA);
}

static void every_packet_sent_is_popped_exactly_once_in_order(void **st)
{
    for (unsigned i = 0; gmc_icnt_topo_get(i); i++) {
        const gmc_icnt_topo_t *t = gmc_icnt_topo_get(i);
        uint64_t checked = 0, refused = 0, passed = 0;
        for (unsigned k = 0; k < NTRAFFIC; k++) {
            gmc_icnt_cfg_t c = traffic_case(k);
            traffic_t r = random_traffic(t, &c, 1000 + k, 6000);
            passed += r.passed;
            if (!r.drained || r.unknown_or_twice || r.missing || r.popped != r.sent_ok ||
                (r.out_of_order && keeps_order(t, &c)) || r.out_of_order != r.passed || r.early ||
                r.wrong_sent)
                fail_msg("%s, cfg %u: drained %d, unknown/twice %llu, missing %llu, popped %llu of "
                         "%llu, out of order %llu, early %llu, wrong sent %llu", t->name, k, r.drained,
                         (unsigned long long)r.unknown_or_twice, (unsigned long long)r.missing,
                         (unsigned long long)r.popped, (unsigned long long)r.sent_ok,
                         (unsigned long long)r.out_of_order, (unsigned long long)r.early,
                         (unsigned long long)r.wrong_sent);
            assert_true(r.popped > 1000);
            assert_true(r.refused > 0);   /* back-pressure was exercised */
            checked += r.popped;
            refused += r.refused;
        }
        print_message("    %s: %llu packets popped exactly once, in order per (src, dst, vc) but for "
                      "DVCA through routers (%llu passed an earlier one there), none early (%llu sends "
                      "refused)\n", t->name, (unsigned long long)checked, (unsigned long long)passed,
                      (unsigned long long)refused);
    }
}

static void hints_and_counters_agree_with_random_traffic(void **st)
{
    for (unsigned i = 0; gmc_icnt_topo_get(i); i++)
        for (unsigned k = 0; k < NTRAFFIC; k++) {
            gmc_icnt_cfg_t c = traffic_case(k);
            traffic_t r = random_traffic(gmc_icnt_topo_get(i), &c, 4000 + k, 6000);
            if (r.hint_mismatch || r.counter_mismatch)
                fail_msg("%s, cfg %u: %llu hint and %llu counter mismatches", gmc_icnt_topo_get(i)->name,
                         k, (unsigned long long)r.hint_mismatch, (unsigned long long)r.counter_mismatch);
        }
}

static void the_same_traffic_gives_the_same_ejections(void **st)
{
    for (unsigned i = 0; gmc_icnt_topo_get(i); i++)
        for (unsigned k = 0; k < NTRAFFIC; k++) {
            gmc_icnt_cfg_t c = traffic_case(k);
            traffic_t a = random_traffic(gmc_icnt_topo_get(i), &c, 7000 + k, 3000);
            traffic_t b = random_traffic(gmc_icnt_topo_get(i), &c, 7000 + k, 3000);
            assert_true(a.popped > 1000);
            assert_int_equal(a.popped, b.popped);
            assert_int_equal(a.digest, b.digest);
        }
}

int main(void)
{
    const struct CMUnitTest t[] = {
        cmocka_unit_test(the_registry_has_unique_names_each_found_by_name),
        cmocka_unit_test(an_unknown_topology_is_an_error_listing_every_known_one),
        cmocka_unit_test(each_bad_common_field_is_rejected_with_one_line),
        cmocka_unit_test(a_lone_packet_arrives_no_earlier_than_latency_and_soon_after),
        cmocka_unit_test(send_sets_sent_and_keeps_the_other_fields),
        cmocka_unit_test(a_full_injection_buffer_refuses_and_keeps_nothing),
        cmocka_unit_test(a_full_vc_does_not_refuse_another_vc),
        cmocka_unit_test(a_full_ejection_buffer_stops_traffic_and_drops_nothing),
        cmocka_unit_test(idle_is_true_only_when_nothing_is_anywhere),
        cmocka_unit_test(a_placement_is_copied_and_traffic_flows),
        cmocka_unit_test(every_packet_sent_is_popped_exactly_once_in_order),
        cmocka_unit_test(hints_and_counters_agree_with_random_traffic),
        cmocka_unit_test(the_same_traffic_gives_the_same_ejections),
    };
    return cmocka_run_group_tests_name("gmc_icnt (every registered topology)", t, NULL, NULL);
}
