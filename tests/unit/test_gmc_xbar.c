/* The crossbar's own rules, past the contract every topology meets
 * (test_gmc_icnt.c): its limits, exact latency, back-pressure counts,
 * round robin over inputs and over an input's VCs, a blocked VC not
 * blocking another, serialization, counters, and seeded random traffic
 * against a loop-by-loop reference crossbar, with one VC and with more. */
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
#include "test_icnt.h"

/* inputs, outputs, in_buf, out_buf, latency, flit_bytes; one VC */
static gmc_icnt_cfg_t cfg6(uint32_t ni, uint32_t no, uint32_t ib, uint32_t ob, uint32_t lat, uint32_t flit)
{
    gmc_icnt_cfg_t c;
    memset(&c, 0, sizeof c);
    c.inputs = ni;
    c.outputs = no;
    c.in_buf = ib;
    c.out_buf = ob;
    c.latency = lat;
    c.flit_bytes = flit;
    c.vcs = 1;
    return c;
}

static gmc_icnt_cfg_t small_cfg(void)
{
    return cfg6(4, 4, 4, 4, 3, 32);  /* 4x4, 4-packet buffers, latency 3, 32-byte flits */
}

/* vcs VCs, packet kind k on VC k % vcs. */
static void with_vcs(gmc_icnt_cfg_t *c, uint32_t vcs)
{
    c->vcs = vcs;
    for (unsigned k = 0; k < GMC_PKT_KINDS; k++)
        c->vc_of[k] = (uint8_t)(k % vcs);
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

/* ---- configuration ---- */

static void the_crossbars_limits_are_rejected_with_one_line(void **st)
{
    struct { const char *field; gmc_icnt_cfg_t c; } bad[4];
    for (unsigned k = 0; k < 4; k++)
        bad[k].c = small_cfg();
    /* the ports' limit is the allocator's (the masks grow with the ports) */
    bad[0].field = "inputs and outputs"; bad[0].c.inputs = 65537;
    bad[1].field = "inputs and outputs"; bad[1].c.outputs = 65537;
    bad[2].field = "crossbar in_buf";  bad[2].c.in_buf = 1u << 20;
    bad[3].field = "crossbar out_buf"; bad[3].c.out_buf = 1u << 20;
    for (unsigned k = 0; k < 4; k++) {
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
    gmc_icnt_cfg_t c = cfg6(1024, 65536, 1, 1, 1, 1);   /* gmc sim's most SMs, most L2 slices */
    gmc_icnt_t *n = make(&c);
    assert_true(gmc_icnt_idle(n));
    assert_int_equal(n->now, 0);
    gmc_icnt_free(n);
    with_vcs(&c, GMC_ICNT_MAX_VCS);
    n = make(&c);
    gmc_icnt_free(n);
    gmc_icnt_cfg_t one = cfg6(1, 1, 1, 1, 1, 1);
    n = make(&one);
    gmc_icnt_free(n);
    gmc_icnt_free(NULL);
}

static void the_placement_is_not_kept_and_the_allocator_defaults_to_rr(void **st)
{
    static const uint32_t in[4] = {7, 6, 5, 4}, out[4] = {0, 1, 2, 3};
    gmc_icnt_cfg_t c = small_cfg();
    c.nodes = 8;
    c.in_node = in;
    c.out_node = out;
    gmc_icnt_t *n = make(&c);
    assert_null(n->cfg.in_node);   /* every port reaches every other in the same time */
    assert_null(n->cfg.out_node);
    assert_ptr_equal(n->cfg.alloc, &gmc_alloc_rr);
    /* the same timing as without a placement */
    assert_int_equal(send(n, 0, 3, 32, 1), GMC_ICNT_OK);
    assert_int_equal(wait_for(n, 3, 10), c.latency);
    gmc_icnt_free(n);
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
    assert_false(gmc_icnt_can_send_vc(n, 0, 0));
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

/* ---- virtual channels ---- */

static int send_kind(gmc_icnt_t *n, uint32_t src, uint32_t dst, uint8_t kind, uint64_t tag)
{
    gmc_pkt_t p = pkt(src, dst, 32, tag);
    p.kind = kind;
    return gmc_icnt_send(n, src, &p);
}

static void an_input_grants_its_vcs_round_robin(void **st)
{
    /* Input 0: three packets on VC 0 to output 0, three on VC 1 to output
     * 1.  One grant per input per cycle, VC 0 first, then alternating. */
    gmc_icnt_cfg_t c = small_cfg();
    c.latency = 1;
    with_vcs(&c, 2);
    gmc_icnt_t *n = make(&c);
    for (unsigned k = 0; k < 3; k++) {
        assert_int_equal(send_kind(n, 0, 0, GMC_PKT_READ, k), GMC_ICNT_OK);    /* VC 0 */
        assert_int_equal(send_kind(n, 0, 1, GMC_PKT_WRITE, k), GMC_ICNT_OK);   /* VC 1 */
    }
    uint64_t at0[3], at1[3];
    unsigned g0 = 0, g1 = 0;
    for (unsigned t = 0; t < 20; t++) {
        if (gmc_icnt_peek(n, 0)) {
            assert_int_equal(gmc_icnt_peek(n, 0)->tag, g0);
            at0[g0++] = n->now;
            gmc_icnt_pop(n, 0);
        }
        if (gmc_icnt_peek(n, 1)) {
            assert_int_equal(gmc_icnt_peek(n, 1)->tag, g1);
            at1[g1++] = n->now;
            gmc_icnt_pop(n, 1);
        }
        gmc_icnt_tick(n);
    }
    assert_int_equal(g0, 3);
    assert_int_equal(g1, 3);
    uint64_t w0[3] = {1, 3, 5}, w1[3] = {2, 4, 6};
    assert_memory_equal(at0, w0, sizeof w0);
    assert_memory_equal(at1, w1, sizeof w1);
    gmc_icnt_free(n);
}

static void a_blocked_vc_does_not_hold_up_another(void **st)
{
    /* Output 0's ejection buffer is full and nobody pops it: input 0's VC 0
     * head waits, and its VC 1 packets to output 1 still go through.  With
     * one VC they would all wait behind the head. */
    gmc_icnt_cfg_t c = small_cfg();
    c.out_buf = 1;
    c.latency = 1;
    with_vcs(&c, 2);
    gmc_icnt_t *n = make(&c);
    assert_int_equal(send_kind(n, 0, 0, GMC_PKT_READ, 0), GMC_ICNT_OK);
    assert_int_equal(send_kind(n, 0, 0, GMC_PKT_READ, 1), GMC_ICNT_OK);   /* blocked: no credit */
    for (unsigned k = 0; k < 3; k++)
        assert_int_equal(send_kind(n, 0, 1, GMC_PKT_WRITE, k), GMC_ICNT_OK);
    unsigned got = 0;
    for (unsigned t = 0; t < 20; t++) {
        if (gmc_icnt_peek(n, 1)) {
            assert_int_equal(gmc_icnt_peek(n, 1)->tag, got++);
            gmc_icnt_pop(n, 1);
        }
        gmc_icnt_tick(n);
    }
    assert_int_equal(got, 3);
    assert_int_equal(n->in_net, 2);   /* output 0's two: one ejectable, one waiting */
    assert_int_equal(gmc_icnt_peek(n, 0)->tag, 0);
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

/* ---- against a loop-by-loop reference ---- */

/* The same crossbar written the obvious way, on the heads as they were at
 * the start of the cycle: each input picks, from after the VC it was last
 * granted for, its first VC whose head's output may grant (not
 * serializing, a credit); each such output scans every input from after
 * the one it granted last for one that picked it; the winners' pointers
 * move.  FIFO q = vc * inputs + input. */
typedef struct {
    gmc_icnt_cfg_t c;
    uint64_t now;
    gmc_pkt_t *in, *out;
    uint64_t *arr;
    uint32_t *ih, *ic, *oh, *oc, *last, *vlast;
    uint64_t *busy;
} ref_t;

static void ref_init(ref_t *x, const gmc_icnt_cfg_t *c)
{
    memset(x, 0, sizeof *x);
    x->c = *c;
    size_t nq = (size_t)c->inputs * c->vcs;
    x->in = calloc(nq * c->in_buf, sizeof *x->in);
    x->out = calloc((size_t)c->outputs * c->out_buf, sizeof *x->out);
    x->arr = calloc((size_t)c->outputs * c->out_buf, sizeof *x->arr);
    x->ih = calloc(nq, sizeof *x->ih);
    x->ic = calloc(nq, sizeof *x->ic);
    x->oh = calloc(c->outputs, sizeof *x->oh);
    x->oc = calloc(c->outputs, sizeof *x->oc);
    x->last = calloc(c->outputs, sizeof *x->last);
    x->vlast = calloc(c->inputs, sizeof *x->vlast);
    x->busy = calloc(c->outputs, sizeof *x->busy);
    for (uint32_t o = 0; o < c->outputs; o++)
        x->last[o] = c->inputs - 1;
    for (uint32_t i = 0; i < c->inputs; i++)
        x->vlast[i] = c->vcs - 1;
}

static void ref_free(ref_t *x)
{
    free(x->in); free(x->out); free(x->arr); free(x->ih); free(x->ic);
    free(x->oh); free(x->oc); free(x->last); free(x->vlast); free(x->busy);
}

static int ref_send(ref_t *x, uint32_t s, const gmc_pkt_t *p)
{
    uint32_t q = x->c.vc_of[p->kind] * x->c.inputs + s;
    if (x->ic[q] == x->c.in_buf)
        return GMC_ICNT_FULL;
    gmc_pkt_t *d = &x->in[(size_t)q * x->c.in_buf + (x->ih[q] + x->ic[q]) % x->c.in_buf];
    *d = *p;
    d->sent = x->now;
    x->ic[q]++;
    return GMC_ICNT_OK;
}

static int ref_free_output(const ref_t *x, uint32_t o)
{
    return x->busy[o] <= x->now && x->oc[o] < x->c.out_buf;
}

static void ref_tick(ref_t *x)
{
    uint32_t ni = x->c.inputs, nv = x->c.vcs;
    int64_t *pick = malloc(ni * sizeof *pick);   /* the FIFO each input picked, or -1 */
    for (uint32_t i = 0; i < ni; i++) {
        pick[i] = -1;
        for (uint32_t k = 1; k <= nv; k++) {
            uint32_t v = (x->vlast[i] + k) % nv, q = v * ni + i;
            if (x->ic[q] && ref_free_output(x, x->in[(size_t)q * x->c.in_buf + x->ih[q]].dst)) {
                pick[i] = q;
                break;
            }
        }
    }
    for (uint32_t o = 0; o < x->c.outputs; o++) {
        if (!ref_free_output(x, o))
            continue;
        for (uint32_t k = 1; k <= ni; k++) {
            uint32_t i = (x->last[o] + k) % ni;
            if (pick[i] < 0)
                continue;
            uint32_t q = (uint32_t)pick[i];
            gmc_pkt_t *p = &x->in[(size_t)q * x->c.in_buf + x->ih[q]];
            if (p->dst != o)
                continue;
            uint32_t ser = (p->bytes + x->c.flit_bytes - 1) / x->c.flit_bytes;
            if (ser == 0)
                ser = 1;
            size_t at = (size_t)o * x->c.out_buf + (x->oh[o] + x->oc[o]) % x->c.out_buf;
            x->out[at] = *p;
            x->arr[at] = x->now + (ser > x->c.latency ? ser : x->c.latency);
            x->oc[o]++;
            x->busy[o] = x->now + ser;
            x->ih[q] = (x->ih[q] + 1) % x->c.in_buf;
            x->ic[q]--;
            x->last[o] = i;
            x->vlast[i] = q / ni;
            pick[i] = -1;   /* granted: one grant per input per cycle */
            break;
        }
    }
    free(pick);
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
    for (size_t q = 0; q < (size_t)x->c.inputs * x->c.vcs; q++)
        if (x->ic[q])
            return 0;
    for (uint32_t o = 0; o < x->c.outputs; o++)
        if (x->oc[o])
            return 0;
    return 1;
}

static void ejections_match_the_loop_reference_cycle_by_cycle(void **st)
{
    static const uint32_t cfgs[][7] = {   /* the six of cfg6, then vcs */
        {32, 32, 4, 4, 5, 32, 1}, {5, 9, 1, 3, 2, 8, 1}, {100, 70, 3, 2, 7, 32, 1},
        {256, 256, 2, 2, 3, 32, 1}, {65, 130, 2, 1, 1, 64, 1}, {300, 520, 2, 2, 3, 32, 1},
        {32, 32, 4, 4, 5, 32, 2}, {5, 9, 1, 3, 2, 8, 3}, {70, 100, 3, 2, 7, 32, 2},
        {16, 8, 2, 1, 1, 16, 5},
    };
    static const uint16_t sizes[] = {0, 8, 32, 40, 64, 136};
    uint64_t compared = 0, with_vcs_n = 0, with_hg = 0;
    /* each configuration with round robin, and the one-VC ones of at most 64
     * ports again with the hold-grant allocator without a policy: the same
     * reference (gmc_alloc_hg.c: it is round robin then) */
    for (unsigned kk = 0; kk < 2 * (sizeof cfgs / sizeof *cfgs); kk++) {
        const unsigned k = kk % (sizeof cfgs / sizeof *cfgs), hg = kk >= sizeof cfgs / sizeof *cfgs;
        if (hg && (cfgs[k][6] > 1 || cfgs[k][0] > 64 || cfgs[k][1] > 64))
            continue;
        gmc_icnt_cfg_t cc = cfg6(cfgs[k][0], cfgs[k][1], cfgs[k][2], cfgs[k][3], cfgs[k][4], cfgs[k][5]);
        with_vcs(&cc, cfgs[k][6]);
        cc.alloc = hg ? &gmc_alloc_hg : NULL;
        const gmc_icnt_cfg_t *c = &cc;
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
                p.kind = (uint8_t)gmc_rng_below(&g, GMC_PKT_KINDS);
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
                    with_vcs_n += c->vcs > 1;
                    with_hg += hg;
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
    assert_true(with_vcs_n > 10000 && with_hg > 10000);
    print_message("    %llu ejections identical to the reference (%llu with 2 to 5 VCs, %llu with the "
                  "hold-grant allocator)\n", (unsigned long long)compared, (unsigned long long)with_vcs_n,
                  (unsigned long long)with_hg);
}


/* ---- the hold-grant allocator in the crossbar ---- */

static gmc_icnt_cfg_t hold_cfg(uint32_t policy)
{
    gmc_icnt_cfg_t c = small_cfg();
    c.latency = 1;
    c.alloc = &gmc_alloc_hg;
    c.hold = (gmc_alloc_hold_t){policy, 4, 0, 12, 2};
    return c;
}

static void hold_grant_keeps_an_inputs_stream_together(void **st)
{
    gmc_icnt_cfg_t c = hold_cfg(GMC_ALLOC_HOLD_HG);
    gmc_icnt_t *n = make(&c);
    for (unsigned k = 0; k < 4; k++) {
        assert_int_equal(send(n, 1, 2, 32, k), GMC_ICNT_OK);
        assert_int_equal(send(n, 3, 2, 32, k), GMC_ICNT_OK);
    }
    uint32_t got[8];
    assert_int_equal(eject_order(n, 2, got, 8), 8);
    uint32_t want[8] = {1, 1, 1, 1, 3, 3, 3, 3};   /* round robin: 1 3 1 3 ... */
    assert_memory_equal(got, want, sizeof want);
    assert_int_equal(n->holds, 6);
    assert_int_equal(n->hold_ends, 0);
    gmc_icnt_free(n);
}

/* The locate hook of the HMHG test: row = addr >> 8, bank 0; counts calls. */
static unsigned locates;
static void row_of(const void *ctx, uint64_t addr, uint32_t *row, uint32_t *bank)
{
    (void)ctx;
    locates++;
    *row = (uint32_t)(addr >> 8);
    *bank = 0;
}

static void hmhg_holds_while_the_rows_hash_matches_and_locates_each_head_once(void **st)
{
    gmc_icnt_cfg_t c = hold_cfg(GMC_ALLOC_HOLD_HMHG);
    char err[256] = "";
    assert_null(gmc_xbar_new(&c, err, sizeof err) ? (void *)1 : NULL);   /* no locate hook */
    assert_string_equal(err, "icnt hold hmhg: expected a locate hook (the rows of the requests), found none");
    c.locate = row_of;
    gmc_icnt_t *n = make(&c);
    locates = 0;
    /* input 1: rows 5 5 6 6 (hash 5, 5, 6, 6); input 3: row 9 four times */
    static const uint32_t rows1[4] = {5, 5, 6, 6};
    for (unsigned k = 0; k < 4; k++) {
        gmc_pkt_t p = pkt(1, 2, 32, k);
        p.addr = (uint64_t)rows1[k] << 8;
        assert_int_equal(gmc_icnt_send(n, 1, &p), GMC_ICNT_OK);
        p = pkt(3, 2, 32, k);
        p.addr = 9u << 8;
        assert_int_equal(gmc_icnt_send(n, 3, &p), GMC_ICNT_OK);
    }
    uint32_t got[8];
    assert_int_equal(eject_order(n, 2, got, 8), 8);
    /* 1 (ordinary), 1 (hold: row 5 again); row 6 ends it: round robin
     * gives input 3, which holds for its row 9; then input 1 alone */
    uint32_t want[8] = {1, 1, 3, 3, 3, 3, 1, 1};
    assert_memory_equal(got, want, sizeof want);
    assert_int_equal(locates, 8);
    assert_int_equal(n->holds, 1 + 3 + 1);
    gmc_icnt_free(n);
}

int main(void)
{
    const struct CMUnitTest t[] = {
        cmocka_unit_test(the_crossbars_limits_are_rejected_with_one_line),
        cmocka_unit_test(largest_and_smallest_cfg_are_accepted),
        cmocka_unit_test(the_placement_is_not_kept_and_the_allocator_defaults_to_rr),
        cmocka_unit_test(packet_is_ejectable_exactly_latency_cycles_after_send),
        cmocka_unit_test(full_injection_fifo_refuses_and_keeps_nothing),
        cmocka_unit_test(full_ejection_fifo_stops_grants_until_popped),
        cmocka_unit_test(packets_in_flight_use_up_credits),
        cmocka_unit_test(two_inputs_to_one_output_alternate),
        cmocka_unit_test(round_robin_resumes_after_the_last_granted_input),
        cmocka_unit_test(one_output_grants_one_packet_per_cycle),
        cmocka_unit_test(different_outputs_proceed_in_parallel),
        cmocka_unit_test(input_is_granted_at_most_once_per_cycle),
        cmocka_unit_test(an_input_grants_its_vcs_round_robin),
        cmocka_unit_test(a_blocked_vc_does_not_hold_up_another),
        cmocka_unit_test(two_flit_packet_holds_its_output_two_cycles),
        cmocka_unit_test(serialization_overlaps_a_longer_latency),
        cmocka_unit_test(counters_sum_bytes_packets_and_pop_latency),
        cmocka_unit_test(ejections_match_the_loop_reference_cycle_by_cycle),
        cmocka_unit_test(hold_grant_keeps_an_inputs_stream_together),
        cmocka_unit_test(hmhg_holds_while_the_rows_hash_matches_and_locates_each_head_once),
    };
    return cmocka_run_group_tests_name("gmc_xbar", t, NULL, NULL);
}
