/* The crossbar of gmc_icnt.h: configuration checks, latency, back-pressure
 * at both ends, round-robin, serialization, idle, counters, and seeded
 * random traffic checked for conservation and order and against a
 * loop-by-loop reference crossbar. */
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

static gmc_icnt_cfg_t small_cfg(void)
{
    gmc_icnt_cfg_t c = {4, 4, 4, 4, 3, 32};  /* 4x4, 4-packet buffers, latency 3, 32-byte flits */
    return c;
}

static gmc_icnt_t *make(const gmc_icnt_cfg_t *c)
{
    char err[256] = "";
    gmc_icnt_t *n = gmc_xbar_new(c, err, sizeof err);
    if (!n)
        fail_msg("%s", err);
    return n;
}

static gmc_pkt_t pkt(uint32_t src, uint32_t dst, uint16_t bytes, uint64_t tag)
{
    gmc_pkt_t p;
    memset(&p, 0, sizeof p);
    p.src = src;
    p.dst = dst;
    p.bytes = bytes;
    p.tag = tag;
    p.kind = GMC_PKT_READ;
    return p;
}

static int send(gmc_icnt_t *n, uint32_t src, uint32_t dst, uint16_t bytes, uint64_t tag)
{
    gmc_pkt_t p = pkt(src, dst, bytes, tag);
    return gmc_icnt_send(n, src, &p);
}

/* The tag at dst's head if ejectable now, else -1. */
static int64_t head_tag(const gmc_icnt_t *n, uint32_t dst)
{
    const gmc_pkt_t *p = gmc_icnt_peek(n, dst);
    return p ? (int64_t)p->tag : -1;
}

/* Ticks until dst has something ejectable (at most limit ticks); returns
 * the cycle it became ejectable, or UINT64_MAX. */
static uint64_t wait_for(gmc_icnt_t *n, uint32_t dst, unsigned limit)
{
    for (unsigned k = 0; k <= limit; k++) {
        if (gmc_icnt_peek(n, dst))
            return n->now;
        gmc_icnt_tick(n);
    }
    return UINT64_MAX;
}

/* ---- configuration ---- */

static void each_bad_cfg_field_is_rejected_with_one_line(void **st)
{
    struct { const char *field; gmc_icnt_cfg_t c; } bad[10];
    for (unsigned k = 0; k < 10; k++)
        bad[k].c = small_cfg();
    bad[0].field = "inputs";     bad[0].c.inputs = 0;
    bad[1].field = "inputs";     bad[1].c.inputs = 257;
    bad[2].field = "outputs";    bad[2].c.outputs = 0;
    bad[3].field = "outputs";    bad[3].c.outputs = 257;
    bad[4].field = "in_buf";     bad[4].c.in_buf = 0;
    bad[5].field = "out_buf";    bad[5].c.out_buf = 0;
    bad[6].field = "latency";    bad[6].c.latency = 0;
    bad[7].field = "flit_bytes"; bad[7].c.flit_bytes = 0;
    bad[8].field = "in_buf";     bad[8].c.in_buf = 1u << 20;
    bad[9].field = "out_buf";    bad[9].c.out_buf = 1u << 20;
    for (unsigned k = 0; k < 10; k++) {
        char err[256] = "";
        gmc_icnt_t *n = gmc_xbar_new(&bad[k].c, err, sizeof err);
        if (n)
            fail_msg("case %u (%s) accepted", k, bad[k].field);
        if (!strstr(err, bad[k].field) || !strstr(err, "expected") || !strstr(err, "found") ||
            strchr(err, '\n'))
            fail_msg("case %u: error does not name %s on one line: \"%s\"", k, bad[k].field, err);
    }
    char err[256] = "";
    assert_null(gmc_xbar_new(NULL, err, sizeof err));
    assert_non_null(strstr(err, "expected"));
}

static void largest_and_smallest_cfg_are_accepted(void **st)
{
    gmc_icnt_cfg_t c = {256, 256, 1, 1, 1, 1};
    gmc_icnt_t *n = make(&c);
    assert_true(gmc_icnt_idle(n));
    assert_int_equal(n->now, 0);
    gmc_icnt_free(n);
    gmc_icnt_cfg_t one = {1, 1, 1, 1, 1, 1};
    n = make(&one);
    gmc_icnt_free(n);
    gmc_icnt_free(NULL);
}

/* ---- latency ---- */

static void packet_is_ejectable_exactly_latency_cycles_after_send(void **st)
{
    for (uint32_t lat = 1; lat <= 6; lat++) {
        gmc_icnt_cfg_t c = small_cfg();
        c.latency = lat;
        gmc_icnt_t *n = make(&c);
        for (unsigned k = 0; k < 7; k++)   /* not at cycle 0: sent is the send cycle */
            gmc_icnt_tick(n);
        assert_int_equal(send(n, 1, 2, 32, 77), GMC_ICNT_OK);
        for (uint32_t k = 0; k < lat; k++) {
            assert_null(gmc_icnt_peek(n, 2));
            gmc_icnt_pop(n, 2);   /* in flight, not ejectable: a no-op */
            assert_int_equal(n->packets, 0);
            assert_int_equal(n->in_net, 1);
            gmc_icnt_tick(n);
        }
        const gmc_pkt_t *p = gmc_icnt_peek(n, 2);
        assert_non_null(p);
        assert_int_equal(p->tag, 77);
        assert_int_equal(p->sent, 7);
        assert_int_equal(n->now, 7 + lat);
        /* The other outputs got nothing. */
        assert_null(gmc_icnt_peek(n, 0));
        assert_null(gmc_icnt_peek(n, 3));
        gmc_icnt_free(n);
    }
}

static void send_sets_sent_and_keeps_the_other_fields(void **st)
{
    gmc_icnt_cfg_t c = small_cfg();
    gmc_icnt_t *n = make(&c);
    gmc_icnt_tick(n);
    gmc_pkt_t p = pkt(3, 1, 40, 5);
    p.addr = 0x1234560;
    p.pc = 0x88;
    p.sm = 9;
    p.warp = 17;
    p.kind = GMC_PKT_WRITE;
    p.sent = 999;
    assert_int_equal(gmc_icnt_send(n, 0, &p), GMC_ICNT_OK);
    assert_int_equal(p.sent, 999);   /* the caller's copy is untouched */
    assert_int_not_equal(wait_for(n, 1, 10), UINT64_MAX);
    const gmc_pkt_t *q = gmc_icnt_peek(n, 1);
    assert_int_equal(q->sent, 1);
    p.sent = 1;
    assert_memory_equal(q, &p, sizeof p);
    gmc_icnt_free(n);
}

/* ---- back-pressure ---- */

static void full_injection_fifo_refuses_and_keeps_nothing(void **st)
{
    gmc_icnt_cfg_t c = small_cfg();
    c.in_buf = 2;
    gmc_icnt_t *n = make(&c);
    assert_int_equal(send(n, 0, 1, 32, 10), GMC_ICNT_OK);
    assert_true(gmc_icnt_can_send(n, 0));
    assert_int_equal(send(n, 0, 1, 32, 11), GMC_ICNT_OK);
    assert_false(gmc_icnt_can_send(n, 0));
    assert_true(gmc_icnt_can_send(n, 1));      /* other inputs unaffected */
    assert_int_equal(send(n, 0, 2, 32, 12), GMC_ICNT_FULL);
    assert_int_equal(n->full_refusals, 1);
    /* Drain: exactly the two accepted packets come out. */
    unsigned got = 0;
    for (unsigned k = 0; k < 50; k++) {
        for (uint32_t d = 0; d < 4; d++) {
            const gmc_pkt_t *p = gmc_icnt_peek(n, d);
            if (p) {
                assert_int_equal(d, 1);
                assert_int_equal(p->tag, 10 + got);
                got++;
                gmc_icnt_pop(n, d);
            }
        }
        gmc_icnt_tick(n);
    }
    assert_int_equal(got, 2);
    assert_true(gmc_icnt_idle(n));
    assert_int_equal(n->packets, 2);
    gmc_icnt_free(n);
}

static void full_ejection_fifo_stops_grants_until_popped(void **st)
{
    gmc_icnt_cfg_t c = small_cfg();
    c.in_buf = 8;
    c.out_buf = 2;
    c.latency = 3;
    gmc_icnt_t *n = make(&c);
    for (unsigned k = 0; k < 5; k++)
        assert_int_equal(send(n, 0, 1, 32, k), GMC_ICNT_OK);
    /* Two credits: two packets granted, three stay in the input FIFO. */
    for (unsigned k = 0; k < 40; k++)
        gmc_icnt_tick(n);
    assert_false(gmc_icnt_idle(n));
    assert_int_equal(head_tag(n, 1), 0);
    gmc_icnt_pop(n, 1);
    assert_int_equal(head_tag(n, 1), 1);
    gmc_icnt_pop(n, 1);
    /* Nothing was in flight: the next one is granted only now. */
    assert_null(gmc_icnt_peek(n, 1));
    uint64_t freed = n->now;
    assert_int_equal(wait_for(n, 1, 10), freed + c.latency);
    /* The rest follow, in order, nothing dropped. */
    for (unsigned k = 2; k < 5; k++) {
        assert_int_not_equal(wait_for(n, 1, 10), UINT64_MAX);
        assert_int_equal(head_tag(n, 1), k);
        gmc_icnt_pop(n, 1);
    }
    assert_int_equal(wait_for(n, 1, 10), UINT64_MAX);
    assert_true(gmc_icnt_idle(n));
    assert_int_equal(n->packets, 5);
    gmc_icnt_free(n);
}

static void packets_in_flight_use_up_credits(void **st)
{
    /* One ejection slot and latency 4: one packet at a time, a new grant
     * only when the previous one is popped. */
    gmc_icnt_cfg_t c = small_cfg();
    c.out_buf = 1;
    c.latency = 4;
    gmc_icnt_t *n = make(&c);
    assert_int_equal(send(n, 0, 0, 32, 1), GMC_ICNT_OK);
    assert_int_equal(send(n, 1, 0, 32, 2), GMC_ICNT_OK);
    assert_int_equal(wait_for(n, 0, 10), 4);
    gmc_icnt_pop(n, 0);
    assert_int_equal(wait_for(n, 0, 10), 8);
    assert_int_equal(head_tag(n, 0), 2);
    gmc_icnt_free(n);
}

/* ---- arbitration ---- */

/* The srcs of the packets ejected at dst, one pop per cycle, until idle. */
static unsigned eject_order(gmc_icnt_t *n, uint32_t dst, uint32_t *src, unsigned max)
{
    unsigned k = 0;
    for (unsigned t = 0; t < 200 && !gmc_icnt_idle(n); t++) {
        const gmc_pkt_t *p = gmc_icnt_peek(n, dst);
        if (p && k < max) {
            src[k++] = p->src;
            gmc_icnt_pop(n, dst);
        }
        gmc_icnt_tick(n);
    }
    return k;
}

static void two_inputs_to_one_output_alternate(void **st)
{
    gmc_icnt_cfg_t c = small_cfg();
    c.latency = 1;
    gmc_icnt_t *n = make(&c);
    for (unsigned k = 0; k < 4; k++) {
        assert_int_equal(send(n, 1, 2, 32, k), GMC_ICNT_OK);
        assert_int_equal(send(n, 3, 2, 32, k), GMC_ICNT_OK);
    }
    uint32_t got[8];
    assert_int_equal(eject_order(n, 2, got, 8), 8);
    uint32_t want[8] = {1, 3, 1, 3, 1, 3, 1, 3};
    assert_memory_equal(got, want, sizeof want);
    gmc_icnt_free(n);
}

static void round_robin_resumes_after_the_last_granted_input(void **st)
{
    gmc_icnt_cfg_t c = small_cfg();
    c.latency = 1;
    gmc_icnt_t *n = make(&c);
    /* Input 2 alone first: the pointer moves to 2. */
    assert_int_equal(send(n, 2, 0, 32, 0), GMC_ICNT_OK);
    gmc_icnt_tick(n);
    /* Now 0, 1 and 3 request: 3 is next after 2, then wrap to 0, 1. */
    for (uint32_t s = 0; s < 4; s++)
        if (s != 2)
            assert_int_equal(send(n, s, 0, 32, 0), GMC_ICNT_OK);
    uint32_t got[4];
    assert_int_equal(eject_order(n, 0, got, 4), 4);
    uint32_t want[4] = {2, 3, 0, 1};
    assert_memory_equal(got, want, sizeof want);
    gmc_icnt_free(n);
}

static void one_output_grants_one_packet_per_cycle(void **st)
{
    gmc_icnt_cfg_t c = small_cfg();
    gmc_icnt_t *n = make(&c);
    for (uint32_t s = 0; s < 4; s++)
        assert_int_equal(send(n, s, 0, 32, s), GMC_ICNT_OK);
    /* Arrivals at cycles 3, 4, 5, 6: one per cycle, inputs in port order. */
    for (uint32_t s = 0; s < 4; s++) {
        assert_int_equal(wait_for(n, 0, 10), c.latency + s);
        assert_int_equal(head_tag(n, 0), s);
        gmc_icnt_pop(n, 0);
    }
    gmc_icnt_free(n);
}

static void different_outputs_proceed_in_parallel(void **st)
{
    gmc_icnt_cfg_t c = small_cfg();
    gmc_icnt_t *n = make(&c);
    for (uint32_t s = 0; s < 4; s++)
        assert_int_equal(send(n, s, 3 - s, 32, s), GMC_ICNT_OK);
    for (unsigned k = 0; k < c.latency; k++)
        gmc_icnt_tick(n);
    for (uint32_t s = 0; s < 4; s++)
        assert_int_equal(head_tag(n, 3 - s), s);
    gmc_icnt_free(n);
}

static void input_is_granted_at_most_once_per_cycle(void **st)
{
    /* Input 0 holds packets to outputs 0 and 1: the second leaves only on
     * the next cycle, even though output 1 is free. */
    gmc_icnt_cfg_t c = small_cfg();
    c.latency = 1;
    gmc_icnt_t *n = make(&c);
    assert_int_equal(send(n, 0, 0, 32, 0), GMC_ICNT_OK);
    assert_int_equal(send(n, 0, 1, 32, 1), GMC_ICNT_OK);
    assert_int_equal(wait_for(n, 0, 10), 1);
    assert_null(gmc_icnt_peek(n, 1));
    assert_int_equal(wait_for(n, 1, 10), 2);
    gmc_icnt_free(n);
}

/* ---- serialization ---- */

static void two_flit_packet_holds_its_output_two_cycles(void **st)
{
    gmc_icnt_cfg_t c = small_cfg();
    c.latency = 1;
    gmc_icnt_t *n = make(&c);
    assert_int_equal(send(n, 0, 0, 64, 0), GMC_ICNT_OK);   /* 2 flits */
    assert_int_equal(send(n, 1, 0, 32, 1), GMC_ICNT_OK);   /* 1 flit, waits */
    assert_int_equal(send(n, 2, 1, 32, 2), GMC_ICNT_OK);   /* other output: free */
    gmc_icnt_tick(n);
    assert_int_equal(head_tag(n, 1), 2);
    assert_null(gmc_icnt_peek(n, 0));       /* tail not there yet (latency 1 < 2 flits) */
    gmc_icnt_tick(n);
    assert_int_equal(head_tag(n, 0), 0);    /* grant + 2 */
    gmc_icnt_pop(n, 0);
    gmc_icnt_tick(n);
    assert_int_equal(head_tag(n, 0), 1);    /* granted at 2, arrives at 3 */
    gmc_icnt_free(n);
}

static void serialization_overlaps_a_longer_latency(void **st)
{
    /* Latency 5, 2-flit packets: each arrives 5 cycles after its grant,
     * grants 2 cycles apart. */
    gmc_icnt_cfg_t c = small_cfg();
    c.latency = 5;
    gmc_icnt_t *n = make(&c);
    assert_int_equal(send(n, 0, 0, 33, 0), GMC_ICNT_OK);   /* 33 bytes: 2 flits */
    assert_int_equal(send(n, 1, 0, 64, 1), GMC_ICNT_OK);
    assert_int_equal(wait_for(n, 0, 20), 5);
    gmc_icnt_pop(n, 0);
    assert_int_equal(wait_for(n, 0, 20), 7);
    gmc_icnt_free(n);
}

/* ---- idle and counters ---- */

static void idle_is_true_only_when_nothing_is_anywhere(void **st)
{
    gmc_icnt_cfg_t c = small_cfg();
    gmc_icnt_t *n = make(&c);
    assert_true(gmc_icnt_idle(n));
    gmc_icnt_tick(n);
    assert_true(gmc_icnt_idle(n));
    assert_int_equal(send(n, 0, 1, 32, 0), GMC_ICNT_OK);
    assert_false(gmc_icnt_idle(n));        /* in the injection FIFO */
    gmc_icnt_tick(n);
    assert_null(gmc_icnt_peek(n, 1));
    assert_false(gmc_icnt_idle(n));        /* in flight */
    assert_int_not_equal(wait_for(n, 1, 10), UINT64_MAX);
    for (unsigned k = 0; k < 5; k++)
        gmc_icnt_tick(n);
    assert_false(gmc_icnt_idle(n));        /* waiting in the ejection FIFO */
    gmc_icnt_pop(n, 1);
    assert_true(gmc_icnt_idle(n));
    gmc_icnt_pop(n, 1);                    /* nothing there: a no-op */
    assert_true(gmc_icnt_idle(n));
    assert_int_equal(n->packets, 1);
    gmc_icnt_free(n);
}

static void counters_sum_bytes_packets_and_pop_latency(void **st)
{
    gmc_icnt_cfg_t c = small_cfg();
    gmc_icnt_t *n = make(&c);
    gmc_icnt_tick(n);
    gmc_icnt_tick(n);
    assert_int_equal(send(n, 0, 1, 40, 0), GMC_ICNT_OK);   /* sent at 2 */
    assert_int_equal(send(n, 2, 3, 136, 1), GMC_ICNT_OK);  /* sent at 2; 5 flits */
    for (unsigned k = 0; k < 10; k++)
        gmc_icnt_tick(n);
    gmc_icnt_pop(n, 1);                    /* popped at 12: 10 cycles */
    gmc_icnt_tick(n);
    gmc_icnt_tick(n);
    gmc_icnt_pop(n, 3);                    /* popped at 14: 12 cycles */
    assert_int_equal(n->packets, 2);
    assert_int_equal(n->bytes, 176);
    assert_int_equal(n->latency_sum, 22);
    assert_int_equal(n->full_refusals, 0);
    gmc_icnt_free(n);
}

/* ---- random traffic: conservation and order ---- */

typedef struct {
    uint64_t sent_ok, popped, refused;
    uint64_t unknown_or_twice;   /* popped a tag never sent or already popped */
    uint64_t early;              /* popped before sent + latency */
    uint64_t wrong_sent;         /* the packet's sent is not its send cycle */
    uint64_t out_of_order;       /* per (src, dst) not in send order */
    uint64_t missing;            /* sent OK, never popped after the drain */
    uint64_t counter_mismatch;   /* packets, bytes, latency_sum, full_refusals */
    int      drained;            /* idle at the end */
} traffic_result_t;

/* Seeded random sends (a hot output at times, to force back-pressure) and
 * random pops, then a drain.  Each packet's addr is its send number, its
 * tag its pair's sequence number. */
static traffic_result_t random_traffic(const gmc_icnt_cfg_t *c, uint64_t seed, unsigned cycles)
{
    traffic_result_t r;
    memset(&r, 0, sizeof r);
    gmc_icnt_t *n = make(c);
    gmc_rng_t g;
    gmc_rng_seed(&g, seed);
    size_t pairs = (size_t)c->inputs * c->outputs, cap = (size_t)cycles * c->inputs;
    uint64_t *next_seq = calloc(pairs, sizeof *next_seq);
    uint64_t *want_seq = calloc(pairs, sizeof *want_seq);
    uint64_t *sent_at = calloc(cap, sizeof *sent_at);
    uint8_t *popped = calloc(cap, 1);
    uint64_t bytes = 0, lat = 0;
    static const uint16_t sizes[] = {8, 32, 40, 64, 136};
    for (unsigned t = 0; t < cycles + 100000u; t++) {
        int sending = t < cycles;
        if (!sending && gmc_icnt_idle(n))
            break;
        uint32_t hot = (uint32_t)gmc_rng_below(&g, c->outputs);
        int hotspot = (t / 500) % 3 == 1;
        for (uint32_t s = 0; sending && s < c->inputs; s++) {
            if (gmc_rng_below(&g, 100) >= 40)
                continue;
            uint32_t d = hotspot && gmc_rng_below(&g, 2) ? hot : (uint32_t)gmc_rng_below(&g, c->outputs);
            gmc_pkt_t p = pkt(s, d, sizes[gmc_rng_below(&g, 5)], next_seq[(size_t)s * c->outputs + d]);
            p.addr = r.sent_ok + r.refused;
            /* the implementation's own answer, and the inline one from src_used */
            int can = n->ops->can_send(n, s);
            if (gmc_icnt_can_send(n, s) != can)
                r.counter_mismatch++;
            int rc = gmc_icnt_send(n, s, &p);
            if (rc == GMC_ICNT_OK) {
                if (!can)
                    r.counter_mismatch++;
                sent_at[p.addr] = n->now;
                next_seq[(size_t)s * c->outputs + d]++;
                r.sent_ok++;
            } else {
                if (can)
                    r.counter_mismatch++;
                popped[p.addr] = 2;   /* never sent: must never come out */
                r.refused++;
            }
        }
        for (uint32_t d = 0; d < c->outputs; d++) {
            if (sending && gmc_rng_below(&g, 100) >= 60)
                continue;
            const gmc_pkt_t *p = gmc_icnt_peek(n, d);
            if (!p)
                continue;
            if (p->addr >= cap || popped[p->addr]) {
                r.unknown_or_twice++;
            } else {
                popped[p->addr] = 1;
                if (n->now < sent_at[p->addr] + c->latency)
                    r.early++;
                if (p->sent != sent_at[p->addr])
                    r.wrong_sent++;
                if (p->dst != d || p->tag != want_seq[(size_t)p->src * c->outputs + d])
                    r.out_of_order++;
                else
                    want_seq[(size_t)p->src * c->outputs + d]++;
            }
            bytes += p->bytes;
            lat += n->now - p->sent;
            r.popped++;
            gmc_icnt_pop(n, d);
        }
        gmc_icnt_tick(n);
    }
    r.drained = gmc_icnt_idle(n);
    for (uint64_t k = 0; k < r.sent_ok + r.refused; k++)
        if (!popped[k])
            r.missing++;
    if (n->packets != r.popped || n->bytes != bytes || n->latency_sum != lat ||
        n->full_refusals != r.refused)
        r.counter_mismatch++;
    gmc_icnt_free(n);
    free(next_seq);
    free(want_seq);
    free(sent_at);
    free(popped);
    return r;
}

static const gmc_icnt_cfg_t traffic_cfgs[] = {
    {32, 32, 4, 4, 5, 32},      /* the GPU's request network */
    {8, 3, 2, 1, 1, 16},        /* many inputs, few outputs, tight buffers */
    {100, 70, 3, 2, 7, 32},     /* masks of more than one word */
};

static void every_packet_sent_is_popped_exactly_once(void **st)
{
    uint64_t checked = 0, refused = 0;
    for (unsigned k = 0; k < sizeof traffic_cfgs / sizeof *traffic_cfgs; k++) {
        traffic_result_t r = random_traffic(&traffic_cfgs[k], 1000 + k, 6000);
        assert_true(r.drained);
        assert_int_equal(r.unknown_or_twice, 0);
        assert_int_equal(r.missing, 0);
        assert_int_equal(r.popped, r.sent_ok);
        assert_true(r.refused > 0);          /* back-pressure was exercised */
        checked += r.popped;
        refused += r.refused;
    }
    print_message("    %llu packets popped exactly once (%llu sends refused)\n",
                  (unsigned long long)checked, (unsigned long long)refused);
}

static void no_packet_is_popped_before_sent_plus_latency(void **st)
{
    for (unsigned k = 0; k < sizeof traffic_cfgs / sizeof *traffic_cfgs; k++) {
        traffic_result_t r = random_traffic(&traffic_cfgs[k], 2000 + k, 6000);
        assert_true(r.popped > 1000);
        assert_int_equal(r.early, 0);
        assert_int_equal(r.wrong_sent, 0);
    }
}

static void each_src_dst_pair_is_popped_in_send_order(void **st)
{
    for (unsigned k = 0; k < sizeof traffic_cfgs / sizeof *traffic_cfgs; k++) {
        traffic_result_t r = random_traffic(&traffic_cfgs[k], 3000 + k, 6000);
        assert_true(r.popped > 1000);
        assert_int_equal(r.out_of_order, 0);
    }
}

static void counters_and_can_send_agree_with_random_traffic(void **st)
{
    for (unsigned k = 0; k < sizeof traffic_cfgs / sizeof *traffic_cfgs; k++) {
        traffic_result_t r = random_traffic(&traffic_cfgs[k], 4000 + k, 6000);
        assert_int_equal(r.counter_mismatch, 0);
    }
}

/* ---- against a loop-by-loop reference ---- */

/* The same crossbar written the obvious way: every output scans every
 * input from after its last grant, on the heads as they were at the start
 * of the cycle. */
typedef struct {
    gmc_icnt_cfg_t c;
    uint64_t now;
    gmc_pkt_t *in, *out;
    uint64_t *arr;
    uint32_t *ih, *ic, *oh, *oc, *last;
    uint64_t *busy;
} ref_t;

static void ref_init(ref_t *x, const gmc_icnt_cfg_t *c)
{
    memset(x, 0, sizeof *x);
    x->c = *c;
    x->in = calloc((size_t)c->inputs * c->in_buf, sizeof *x->in);
    x->out = calloc((size_t)c->outputs * c->out_buf, sizeof *x->out);
    x->arr = calloc((size_t)c->outputs * c->out_buf, sizeof *x->arr);
    x->ih = calloc(c->inputs, sizeof *x->ih);
    x->ic = calloc(c->inputs, sizeof *x->ic);
    x->oh = calloc(c->outputs, sizeof *x->oh);
    x->oc = calloc(c->outputs, sizeof *x->oc);
    x->last = calloc(c->outputs, sizeof *x->last);
    x->busy = calloc(c->outputs, sizeof *x->busy);
    for (uint32_t o = 0; o < c->outputs; o++)
        x->last[o] = c->inputs - 1;
}

static void ref_free(ref_t *x)
{
    free(x->in); free(x->out); free(x->arr); free(x->ih); free(x->ic);
    free(x->oh); free(x->oc); free(x->last); free(x->busy);
}

static int ref_send(ref_t *x, uint32_t s, const gmc_pkt_t *p)
{
    if (x->ic[s] == x->c.in_buf)
        return GMC_ICNT_FULL;
    gmc_pkt_t *q = &x->in[(size_t)s * x->c.in_buf + (x->ih[s] + x->ic[s]) % x->c.in_buf];
    *q = *p;
    q->sent = x->now;
    x->ic[s]++;
    return GMC_ICNT_OK;
}

static void ref_tick(ref_t *x)
{
    uint32_t ni = x->c.inputs;
    int64_t *head = malloc(ni * sizeof *head);
    for (uint32_t i = 0; i < ni; i++)
        head[i] = x->ic[i] ? (int64_t)x->in[(size_t)i * x->c.in_buf + x->ih[i]].dst : -1;
    for (uint32_t o = 0; o < x->c.outputs; o++) {
        if (x->busy[o] > x->now || x->oc[o] == x->c.out_buf)
            continue;
        for (uint32_t k = 1; k <= ni; k++) {
            uint32_t i = (x->last[o] + k) % ni;
            if (head[i] != (int64_t)o)
                continue;
            gmc_pkt_t *p = &x->in[(size_t)i * x->c.in_buf + x->ih[i]];
            uint32_t ser = (p->bytes + x->c.flit_bytes - 1) / x->c.flit_bytes;
            if (ser == 0)
                ser = 1;
            size_t at = (size_t)o * x->c.out_buf + (x->oh[o] + x->oc[o]) % x->c.out_buf;
            x->out[at] = *p;
            x->arr[at] = x->now + (ser > x->c.latency ? ser : x->c.latency);
            x->oc[o]++;
            x->busy[o] = x->now + ser;
            x->ih[i] = (x->ih[i] + 1) % x->c.in_buf;
            x->ic[i]--;
            x->last[o] = i;
            break;
        }
    }
    free(head);
    x->now++;
}

static const gmc_pkt_t *ref_peek(const ref_t *x, uint32_t o)
{
    size_t at = (size_t)o * x->c.out_buf + x->oh[o];
    return x->oc[o] && x->arr[at] <= x->now ? &x->out[at] : NULL;
}

static void ref_pop(ref_t *x, uint32_t o)
{
    x->oh[o] = (x->oh[o] + 1) % x->c.out_buf;
    x->oc[o]--;
}

static int ref_idle(const ref_t *x)
{
    for (uint32_t i = 0; i < x->c.inputs; i++)
        if (x->ic[i])
            return 0;
    for (uint32_t o = 0; o < x->c.outputs; o++)
        if (x->oc[o])
            return 0;
    return 1;
}

static void ejections_match_the_loop_reference_cycle_by_cycle(void **st)
{
    static const gmc_icnt_cfg_t cfgs[] = {
        {32, 32, 4, 4, 5, 32}, {5, 9, 1, 3, 2, 8}, {100, 70, 3, 2, 7, 32},
        {256, 256, 2, 2, 3, 32}, {65, 130, 2, 1, 1, 64},
    };
    static const uint16_t sizes[] = {0, 8, 32, 40, 64, 136};
    uint64_t compared = 0;
    for (unsigned k = 0; k < sizeof cfgs / sizeof *cfgs; k++) {
        const gmc_icnt_cfg_t *c = &cfgs[k];
        gmc_icnt_t *n = make(c);
        ref_t r;
        ref_init(&r, c);
        gmc_rng_t g;
        gmc_rng_seed(&g, 5000 + k);
        uint64_t id = 0;
        for (unsigned t = 0; t < 3000; t++) {
            uint32_t hot = (uint32_t)gmc_rng_below(&g, c->outputs);
            for (uint32_t s = 0; s < c->inputs; s++) {
                if (gmc_rng_below(&g, 100) >= 35)
                    continue;
                uint32_t d = gmc_rng_below(&g, 3) ? (uint32_t)gmc_rng_below(&g, c->outputs) : hot;
                gmc_pkt_t p = pkt(s, d, sizes[gmc_rng_below(&g, 6)], id++);
                int a = gmc_icnt_send(n, s, &p), b = ref_send(&r, s, &p);
                if (a != b)
                    fail_msg("cfg %u cycle %u: send from %u returned %d, reference %d", k, t, s, a, b);
            }
            for (uint32_t d = 0; d < c->outputs; d++) {
                /* the implementation's own peek: gmc_icnt_peek answers from dst_at
                 * without calling it, and dst_at is checked against it below */
                const gmc_pkt_t *p = n->ops->peek(n, d), *q = ref_peek(&r, d);
                if (!p != !q || (p && p->tag != q->tag))
                    fail_msg("cfg %u cycle %u output %u: ejectable %lld, reference %lld", k, t, d,
                             p ? (long long)p->tag : -1LL, q ? (long long)q->tag : -1LL);
                /* the inline hint the GPU skips by: dst_at <= now exactly when peek finds one */
                if ((n->dst_at[d] <= n->now) != (p != NULL))
                    fail_msg("cfg %u cycle %u output %u: dst_at %llu at now %llu, peek %s", k, t, d,
                             (unsigned long long)n->dst_at[d], (unsigned long long)n->now,
                             p ? "a packet" : "none");
                if (gmc_icnt_peek(n, d) != p)
                    fail_msg("cfg %u cycle %u output %u: gmc_icnt_peek differs from the ops' peek", k, t, d);
                if (p && gmc_rng_below(&g, 100) < 70) {
                    gmc_icnt_pop(n, d);
                    ref_pop(&r, d);
                    compared++;
                }
            }
            if (gmc_icnt_idle(n) != ref_idle(&r) || (n->in_net == 0) != ref_idle(&r))
                fail_msg("cfg %u cycle %u: idle %d, in_net %llu, reference idle %d", k, t,
                         gmc_icnt_idle(n), (unsigned long long)n->in_net, ref_idle(&r));
            gmc_icnt_tick(n);
            ref_tick(&r);
        }
        ref_free(&r);
        gmc_icnt_free(n);
    }
    print_message("    %llu ejections identical to the reference\n", (unsigned long long)compared);
}

int main(void)
{
    const struct CMUnitTest t[] = {
        cmocka_unit_test(each_bad_cfg_field_is_rejected_with_one_line),
        cmocka_unit_test(largest_and_smallest_cfg_are_accepted),
        cmocka_unit_test(packet_is_ejectable_exactly_latency_cycles_after_send),
        cmocka_unit_test(send_sets_sent_and_keeps_the_other_fields),
        cmocka_unit_test(full_injection_fifo_refuses_and_keeps_nothing),
        cmocka_unit_test(full_ejection_fifo_stops_grants_until_popped),
        cmocka_unit_test(packets_in_flight_use_up_credits),
        cmocka_unit_test(two_inputs_to_one_output_alternate),
        cmocka_unit_test(round_robin_resumes_after_the_last_granted_input),
        cmocka_unit_test(one_output_grants_one_packet_per_cycle),
        cmocka_unit_test(different_outputs_proceed_in_parallel),
        cmocka_unit_test(input_is_granted_at_most_once_per_cycle),
        cmocka_unit_test(two_flit_packet_holds_its_output_two_cycles),
        cmocka_unit_test(serialization_overlaps_a_longer_latency),
        cmocka_unit_test(idle_is_true_only_when_nothing_is_anywhere),
        cmocka_unit_test(counters_sum_bytes_packets_and_pop_latency),
        cmocka_unit_test(every_packet_sent_is_popped_exactly_once),
        cmocka_unit_test(no_packet_is_popped_before_sent_plus_latency),
        cmocka_unit_test(each_src_dst_pair_is_popped_in_send_order),
        cmocka_unit_test(counters_and_can_send_agree_with_random_traffic),
        cmocka_unit_test(ejections_match_the_loop_reference_cycle_by_cycle),
    };
    return cmocka_run_group_tests_name("gmc_xbar", t, NULL, NULL);
}
