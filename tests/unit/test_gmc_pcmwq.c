/* The gmc_pcmwq block: each rule of the header (W1-W7) on a hand-built
 * sequence, reset, the parameters' checks and cost, the tally, and the
 * step against a loop-by-loop reference written from the rules (a list in
 * arrival order, searched and shifted one entry at a time) on random
 * sequences. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "blocks/gmc_pcmwq.h"
#include "util/gmc_rng.h"

enum { NONE = GMC_PCMWQ_NONE, CANCEL = GMC_PCMWQ_CANCEL, PAUSE = GMC_PCMWQ_PAUSE };

static gmc_pcmwq_cfg_t cfg_of(unsigned n, unsigned high, unsigned low, unsigned mode, unsigned kmax)
{
    gmc_pcmwq_cfg_t c;
    char err[256];
    if (gmc_pcmwq_cfg_init(&c, n, 12, 8, high, low, mode, kmax, err, sizeof err))
        fail_msg("%s", err);
    return c;
}

/* A queue and the next cycle's inputs: out of reset, the device idle and
 * not taking drained writes unless a test says so. */
typedef struct {
    gmc_pcmwq_cfg_t c;
    gmc_pcmwq_state_t q;
    gmc_pcmwq_in_t in;
    gmc_pcmwq_out_t o;
} wq_t;

static void wq_init(wq_t *w, gmc_pcmwq_cfg_t c)
{
    memset(w, 0, sizeof *w);
    w->c = c;
    gmc_pcmwq_reset(&c, &w->q);
}

static void in_clear(wq_t *w)
{
    memset(&w->in, 0, sizeof w->in);
    w->in.rst_n = 1;
    w->in.dev_idle = 1;
}

/* One cycle with w->in; the inputs are cleared afterwards. */
static const gmc_pcmwq_out_t *cyc(wq_t *w)
{
    gmc_pcmwq_step(&w->c, &w->q, &w->in, &w->q, &w->o);
    in_clear(w);
    return &w->o;
}

static void wr(wq_t *w, uint64_t a, uint32_t v)
{
    w->in.wr_valid = 1;
    w->in.wr_addr = a;
    w->in.wr_ver = v;
}

static void rd(wq_t *w, uint64_t a)
{
    w->in.rd_valid = 1;
    w->in.rd_addr = a;
}

/* Writes (a, v) in a cycle with the device busy with reads (no drain). */
static void put(wq_t *w, uint64_t a, uint32_t v)
{
    in_clear(w);
    w->in.dev_idle = 0;
    wr(w, a, v);
    assert_true(cyc(w)->wr_acc);
}

/* The read's answer (hit, version) in a cycle that changes nothing else. */
static int ask(wq_t *w, uint64_t a, uint32_t *v)
{
    in_clear(w);
    w->in.dev_idle = 0;
    rd(w, a);
    const gmc_pcmwq_out_t *o = cyc(w);
    *v = o->rd_ver;
    return o->rd_hit;
}

/* Starts the head's drain (device idle and ready) and returns its address. */
static uint64_t start(wq_t *w)
{
    in_clear(w);
    w->in.dev_rdy = 1;
    const gmc_pcmwq_out_t *o = cyc(w);
    assert_true(o->drq);
    assert_false(o->drq_resume);
    return o->drq_addr;
}

static void finish(wq_t *w)
{
    in_clear(w);
    w->in.dev_idle = 0;
    w->in.done = 1;
    assert_true(cyc(w)->busy);
}

/* ---------------------------------------------------------------- W1, W2 */

static void write_is_queued_and_a_read_gets_its_version(void **s)
{
    (void)s;
    wq_t w;
    wq_init(&w, cfg_of(4, 4, 0, NONE, 0));
    in_clear(&w);
    put(&w, 0x12, 7);
    uint32_t v;
    assert_true(ask(&w, 0x12, &v));
    assert_int_equal(v, 7);
    assert_false(ask(&w, 0x13, &v));
    assert_int_equal(v, 0);
    assert_int_equal(w.o.occ, 1);
}

static void write_to_a_queued_address_coalesces_in_place(void **s)
{
    (void)s;
    wq_t w;
    wq_init(&w, cfg_of(4, 4, 0, NONE, 0));
    in_clear(&w);
    put(&w, 1, 10);
    put(&w, 2, 20);
    in_clear(&w);
    w.in.dev_idle = 0;
    wr(&w, 1, 11);
    const gmc_pcmwq_out_t *o = cyc(&w);
    assert_true(o->wr_acc && o->wr_coal);
    uint32_t v;
    assert_true(ask(&w, 1, &v));
    assert_int_equal(v, 11);
    assert_int_equal(w.o.occ, 2);               /* no new entry */
    assert_int_equal(start(&w), 1);             /* it kept its place: still the oldest */
    assert_int_equal(w.o.drq_ver, 11);          /* with the newest version */
}

static void full_queue_refuses_a_new_address_but_takes_a_queued_one(void **s)
{
    (void)s;
    wq_t w;
    wq_init(&w, cfg_of(3, 3, 0, NONE, 0));
    in_clear(&w);
    for (unsigned a = 0; a < 3; a++)
        put(&w, a, a);
    in_clear(&w);
    w.in.dev_idle = 0;
    wr(&w, 9, 1);
    assert_false(cyc(&w)->wr_acc);              /* back-pressure */
    assert_int_equal(w.o.occ, 3);
    wr(&w, 2, 5);
    w.in.dev_idle = 0;
    assert_true(cyc(&w)->wr_coal);              /* a coalescing write needs no room */
    uint32_t v;
    assert_false(ask(&w, 9, &v));               /* the refused write is not queued ... */
    assert_true(ask(&w, 2, &v));
    assert_int_equal(v, 5);
}

static void slot_freed_by_a_completion_is_free_the_next_cycle(void **s)
{
    (void)s;
    wq_t w;
    wq_init(&w, cfg_of(2, 2, 0, NONE, 0));
    in_clear(&w);
    put(&w, 1, 1);
    put(&w, 2, 2);
    assert_int_equal(start(&w), 1);
    in_clear(&w);
    w.in.dev_idle = 0;
    w.in.done = 1;
    wr(&w, 3, 3);
    assert_false(cyc(&w)->wr_acc);              /* full in this cycle */
    assert_int_equal(w.o.occ, 2);
    w.in.dev_idle = 0;
    wr(&w, 3, 3);
    assert_true(cyc(&w)->wr_acc);               /* ... free in the next */
    assert_int_equal(w.o.occ, 1);
}

static void read_in_the_cycle_of_a_write_sees_the_queue_before_it(void **s)
{
    (void)s;
    wq_t w;
    wq_init(&w, cfg_of(4, 4, 0, NONE, 0));
    in_clear(&w);
    put(&w, 5, 1);
    w.in.dev_idle = 0;
    wr(&w, 5, 2);
    rd(&w, 5);
    assert_int_equal(cyc(&w)->rd_ver, 1);
    w.in.dev_idle = 0;
    wr(&w, 6, 2);
    rd(&w, 6);
    assert_false(cyc(&w)->rd_hit);
    uint32_t v;
    assert_true(ask(&w, 5, &v));
    assert_int_equal(v, 2);
}

/* ---------------------------------------------------------------- W3, W4 */

static void drains_oldest_first(void **s)
{
    (void)s;
    wq_t w;
    wq_init(&w, cfg_of(8, 8, 0, NONE, 0));
    in_clear(&w);
    const uint64_t order[] = {7, 3, 5, 1};
    for (unsigned k = 0; k < 4; k++)
        put(&w, order[k], k);
    put(&w, 3, 9);   /* coalescing does not move 3 */
    for (unsigned k = 0; k < 4; k++) {
        assert_int_equal(start(&w), order[k]);
        finish(&w);
    }
    const gmc_pcmwq_out_t *o = cyc(&w);
    assert_int_equal(o->occ, 0);
    assert_false(o->drq);
}

static void outside_drain_mode_drains_only_when_no_read_needs_the_device(void **s)
{
    (void)s;
    wq_t w;
    wq_init(&w, cfg_of(4, 4, 0, NONE, 0));
    in_clear(&w);
    put(&w, 1, 1);
    in_clear(&w);
    w.in.dev_idle = 0;                          /* a read waits */
    assert_false(cyc(&w)->drq);
    rd(&w, 2);                                  /* a read that misses the queue */
    assert_false(cyc(&w)->drq);
    rd(&w, 1);                                  /* a hit needs no device */
    assert_true(cyc(&w)->drq);
    assert_true(cyc(&w)->drq);                  /* idle */
}

static void drain_mode_enters_at_high_and_leaves_at_low(void **s)
{
    (void)s;
    wq_t w;
    wq_init(&w, cfg_of(6, 4, 1, NONE, 0));
    in_clear(&w);
    for (unsigned a = 0; a < 3; a++)
        put(&w, a, a);
    w.in.dev_idle = 0;
    assert_false(cyc(&w)->dmode);               /* 3 < HIGH_WM */
    put(&w, 3, 3);
    w.in.dev_idle = 0;
    const gmc_pcmwq_out_t *o = cyc(&w);
    assert_true(o->dmode);                      /* 4 = HIGH_WM */
    assert_true(o->drq);                        /* writes drain though a read waits */
    for (unsigned k = 0; k < 3; k++) {          /* 4 -> 1, a read waiting all along */
        w.in.dev_idle = 0;
        w.in.dev_rdy = 1;
        assert_true(cyc(&w)->dmode);
        w.in.dev_idle = 0;
        w.in.done = 1;
        cyc(&w);
    }
    w.in.dev_idle = 0;
    o = cyc(&w);
    assert_int_equal(o->occ, 1);
    assert_false(o->dmode);                     /* 1 = LOW_WM: left */
    assert_false(o->drq);                       /* reads first again */
    put(&w, 9, 9);
    put(&w, 8, 8);
    w.in.dev_idle = 0;
    assert_false(cyc(&w)->dmode);               /* 3: below HIGH_WM, not yet back */
}

/* ---------------------------------------------------------------- W5 */

static void completion_frees_the_head_and_done_without_a_write_is_ignored(void **s)
{
    (void)s;
    wq_t w;
    wq_init(&w, cfg_of(4, 4, 0, NONE, 0));
    in_clear(&w);
    put(&w, 1, 1);
    put(&w, 2, 2);
    in_clear(&w);
    w.in.dev_idle = 0;
    w.in.done = 1;                              /* nothing runs: ignored */
    assert_false(cyc(&w)->busy);
    w.in.dev_idle = 0;
    assert_int_equal(cyc(&w)->occ, 2);
    assert_int_equal(start(&w), 1);
    w.in.dev_idle = 0;
    assert_true(cyc(&w)->busy);
    assert_false(w.o.drq);                      /* one drained write at a time */
    finish(&w);
    uint32_t v;
    assert_false(ask(&w, 1, &v));
    assert_int_equal(w.o.occ, 1);
}

static void write_during_the_drain_keeps_the_entry_for_another(void **s)
{
    (void)s;
    /* Written while running, in the start cycle, in the completion cycle. */
    for (unsigned when = 0; when < 3; when++) {
        wq_t w;
        wq_init(&w, cfg_of(4, 4, 0, NONE, 0));
        in_clear(&w);
        put(&w, 1, 1);
        put(&w, 2, 2);
        in_clear(&w);
        w.in.dev_rdy = 1;
        if (when == 1)
            wr(&w, 1, 5);
        assert_int_equal(cyc(&w)->drq_ver, 1);  /* the device gets version 1 */
        if (when == 0)
            put(&w, 1, 5);
        w.in.dev_idle = 0;
        w.in.done = 1;
        if (when == 2)
            wr(&w, 1, 5);
        cyc(&w);
        uint32_t v;
        assert_true(ask(&w, 1, &v));            /* still queued, newest version */
        assert_int_equal(v, 5);
        assert_int_equal(w.o.occ, 2);
        assert_int_equal(start(&w), 1);         /* still the oldest: drains again */
        assert_int_equal(w.o.drq_ver, 5);
        finish(&w);
        assert_false(ask(&w, 1, &v));
    }
}

/* ---------------------------------------------------------------- W6 */

/* A queue of {1, 2} whose head's write runs. */
static void running(wq_t *w, unsigned mode, unsigned kmax)
{
    wq_init(w, cfg_of(4, 4, 0, mode, kmax));
    in_clear(w);
    put(w, 1, 1);
    put(w, 2, 2);
    assert_int_equal(start(w), 1);
}

/* A cycle in which a read needs the device and the device allows it. */
static const gmc_pcmwq_out_t *read_arrives(wq_t *w)
{
    w->in.dev_idle = 0;
    w->in.intr_ok = 1;
    return cyc(w);
}

static void cancel_keeps_the_entry_and_restarts_it_with_the_newest_version(void **s)
{
    (void)s;
    wq_t w;
    running(&w, CANCEL, 0);
    put(&w, 1, 7);                              /* written during the drain */
    const gmc_pcmwq_out_t *o = read_arrives(&w);
    assert_true(o->intr && o->busy);
    w.in.dev_idle = 0;
    assert_false(cyc(&w)->busy);                /* abandoned */
    assert_int_equal(w.o.occ, 2);
    assert_int_equal(start(&w), 1);             /* again, from the start */
    assert_int_equal(w.o.drq_ver, 7);
    finish(&w);                                 /* and this time it leaves */
    uint32_t v;
    assert_false(ask(&w, 1, &v));
}

static void pause_resumes_the_same_write(void **s)
{
    (void)s;
    wq_t w;
    running(&w, PAUSE, 0);
    assert_true(read_arrives(&w)->intr);
    w.in.dev_idle = 0;
    const gmc_pcmwq_out_t *o = cyc(&w);
    assert_false(o->busy);
    assert_false(o->drq);                       /* the read goes first */
    w.in.dev_rdy = 1;
    o = cyc(&w);
    assert_true(o->drq && o->drq_resume);
    assert_int_equal(o->drq_addr, 1);
    w.in.dev_idle = 0;
    assert_true(cyc(&w)->busy);
    finish(&w);
    assert_int_equal(w.o.occ, 2);
    w.in.dev_idle = 0;
    assert_int_equal(cyc(&w)->occ, 1);
}

static void no_interruption_without_a_mode_permission_read_or_outside_drain_mode(void **s)
{
    (void)s;
    wq_t w;
    running(&w, NONE, 0);
    assert_false(read_arrives(&w)->intr);       /* INTR_MODE none */
    running(&w, CANCEL, 0);
    w.in.dev_idle = 0;
    assert_false(cyc(&w)->intr);                /* intr_ok = 0 */
    w.in.intr_ok = 1;
    assert_false(cyc(&w)->intr);                /* no read needs the device */
    w.in.intr_ok = 1;
    rd(&w, 2);
    assert_false(cyc(&w)->intr);                /* a hit does not */
    w.in.intr_ok = 1;
    rd(&w, 3);
    assert_true(cyc(&w)->intr);                 /* a miss does */
    /* In drain mode the write is not interrupted. */
    wq_init(&w, cfg_of(4, 2, 0, CANCEL, 0));
    in_clear(&w);
    put(&w, 1, 1);
    put(&w, 2, 2);
    assert_int_equal(start(&w), 1);
    const gmc_pcmwq_out_t *o = read_arrives(&w);
    assert_true(o->dmode);
    assert_false(o->intr);
    /* done wins over an interruption in the same cycle. */
    running(&w, CANCEL, 0);
    w.in.done = 1;
    o = read_arrives(&w);
    assert_false(o->intr);
    assert_int_equal(cyc(&w)->occ, 1);
}

static void interruptions_are_limited_per_drain(void **s)
{
    (void)s;
    wq_t w;
    running(&w, CANCEL, 2);
    for (unsigned k = 0; k < 2; k++) {
        assert_true(read_arrives(&w)->intr);
        assert_int_equal(start(&w), 1);
    }
    assert_false(read_arrives(&w)->intr);       /* the third: forced */
    finish(&w);                                 /* 1 leaves; 2's drain counts afresh */
    assert_int_equal(start(&w), 2);
    assert_true(read_arrives(&w)->intr);
}

/* ---------------------------------------------------------------- reset, parameters, cost, tally */

static void reset_empties_the_queue_and_changes_nothing_while_held(void **s)
{
    (void)s;
    wq_t w;
    running(&w, PAUSE, 0);
    read_arrives(&w);                           /* paused */
    w.in.rst_n = 0;
    wr(&w, 3, 3);
    const gmc_pcmwq_out_t *o = cyc(&w);
    assert_int_equal(o->occ, 0);                /* reads as reset in the same cycle */
    assert_false(o->busy || o->drq || o->dmode);
    assert_int_equal(w.q.cnt_q, 0);
    assert_int_equal(w.q.busy_q + w.q.paused_q + w.q.head_q, 0);
    in_clear(&w);
    w.in.dev_idle = 0;
    assert_int_equal(cyc(&w)->occ, 0);          /* the write in reset took no effect */
}

static void parameters_are_checked(void **s)
{
    (void)s;
    gmc_pcmwq_cfg_t c;
    char err[256];
    assert_int_equal(gmc_pcmwq_cfg_init(&c, 0, 8, 8, 1, 0, 0, 0, err, sizeof err), -1);
    assert_string_equal(err, "pcmwq: ENTRIES: expected 1..64, found 0");
    assert_int_equal(gmc_pcmwq_cfg_init(&c, 8, 49, 8, 1, 0, 0, 0, err, sizeof err), -1);
    assert_string_equal(err, "pcmwq: ADDR_BITS: expected 1..48, found 49");
    assert_int_equal(gmc_pcmwq_cfg_init(&c, 8, 8, 8, 9, 0, 0, 0, err, sizeof err), -1);
    assert_string_equal(err, "pcmwq: HIGH_WM: expected 1..8, found 9");
    assert_int_equal(gmc_pcmwq_cfg_init(&c, 8, 8, 8, 4, 4, 0, 0, err, sizeof err), -1);
    assert_string_equal(err, "pcmwq: LOW_WM: expected 0..3, found 4");
    assert_int_equal(gmc_pcmwq_cfg_init(&c, 8, 8, 8, 4, 0, 3, 0, err, sizeof err), -1);
    assert_string_equal(err, "pcmwq: INTR_MODE: expected 0..2, found 3");
    assert_int_equal(gmc_pcmwq_cfg_init(&c, 8, 8, 8, 4, 0, 1, 256, err, sizeof err), -1);
    assert_string_equal(err, "pcmwq: MAX_INTR: expected 0..255, found 256");
    assert_int_equal(gmc_pcmwq_cfg_init(&c, 8, 8, 8, 4, 0, 1, 4, err, sizeof err), 0);
    assert_int_equal(gmc_pcmwq_cfg_check(&c, err, sizeof err), 0);
    c.kw = 1;
    assert_int_equal(gmc_pcmwq_cfg_check(&c, err, sizeof err), -1);
}

static void state_bits_count_every_flop(void **s)
{
    (void)s;
    gmc_pcmwq_cfg_t c;
    char err[256];
    /* 8 x (12 + 8) + head 3 + count 4 + busy, redo + drain-mode flop + counter clog2(5) = 3 */
    assert_int_equal(gmc_pcmwq_cfg_init(&c, 8, 12, 8, 6, 2, CANCEL, 4, err, sizeof err), 0);
    assert_int_equal(gmc_pcmwq_entry_bits(&c), 160);
    assert_int_equal(gmc_pcmwq_state_bits(&c), 160 + 3 + 4 + 2 + 1 + 3);
    /* PAUSE adds its flag; LOW_WM + 1 = HIGH_WM needs no drain-mode flop; no limit, no counter */
    assert_int_equal(gmc_pcmwq_cfg_init(&c, 5, 6, 4, 4, 3, PAUSE, 0, err, sizeof err), 0);
    assert_int_equal(gmc_pcmwq_state_bits(&c), 50 + 3 + 3 + 2 + 1);
    /* one entry: no head pointer */
    assert_int_equal(gmc_pcmwq_cfg_init(&c, 1, 4, 3, 1, 0, NONE, 7, err, sizeof err), 0);
    assert_int_equal(gmc_pcmwq_state_bits(&c), 7 + 0 + 1 + 2);
}

static void tally_counts_what_the_ports_show(void **s)
{
    (void)s;
    wq_t w;
    gmc_pcmwq_stats_t st;
    memset(&st, 0, sizeof st);
    wq_init(&w, cfg_of(2, 2, 0, CANCEL, 0));
#define T() gmc_pcmwq_tally(&w.c, &in, cyc(&w), &st)
    gmc_pcmwq_in_t in;
    in_clear(&w);
    w.in.dev_idle = 0;
    wr(&w, 1, 1);
    in = w.in;
    T();                                        /* accepted */
    w.in.dev_idle = 0;
    wr(&w, 1, 2);
    rd(&w, 1);
    in = w.in;
    T();                                        /* coalesced, hit */
    w.in.dev_idle = 0;
    wr(&w, 2, 1);
    in = w.in;
    T();                                        /* accepted: full */
    w.in.dev_idle = 0;
    wr(&w, 3, 1);
    in = w.in;
    T();                                        /* refused; full cycle; drain mode */
    w.in.dev_rdy = 1;
    in = w.in;
    T();                                        /* start */
    w.in.done = 1;
    in = w.in;
    T();                                        /* completion */
    w.in.rst_n = 0;
    wr(&w, 4, 4);
    in = w.in;
    T();                                        /* reset: nothing */
#undef T
    assert_int_equal(st.cycles, 6);
    assert_int_equal(st.writes, 4);
    assert_int_equal(st.accepted, 3);
    assert_int_equal(st.coalesced, 1);
    assert_int_equal(st.refused, 1);
    assert_int_equal(st.reads, 1);
    assert_int_equal(st.hits, 1);
    assert_int_equal(st.starts, 1);
    assert_int_equal(st.completions, 1);
    assert_int_equal(st.interrupts, 0);
    assert_int_equal(st.full_cycles, 3);
    assert_int_equal(st.drain_cycles, 3);
}

/* ---------------------------------------------------------------- the reference
 * The rules once more, the slow way: the entries in a list in arrival
 * order (0 the oldest), searched one by one, the head removed by shifting
 * the rest down. */
typedef struct {
    unsigned cnt, busy, paused, redo, dm, icnt;
    uint64_t addr[GMC_PCMWQ_N_MAX];
    uint32_t ver[GMC_PCMWQ_N_MAX];
} ref_t;

static int ref_find(const ref_t *r, uint64_t a)
{
    for (unsigned k = 0; k < r->cnt; k++)
        if (r->addr[k] == a)
            return (int)k;
    return -1;
}

static void ref_step(const gmc_pcmwq_cfg_t *c, ref_t *r, const gmc_pcmwq_in_t *in, gmc_pcmwq_out_t *o)
{
    if (!in->rst_n)
        memset(r, 0, sizeof *r);
    memset(o, 0, sizeof *o);
    const uint64_t wa = in->wr_addr & c->amask, ra = in->rd_addr & c->amask;
    const int wk = in->wr_valid ? ref_find(r, wa) : -1;
    const int rk = in->rd_valid ? ref_find(r, ra) : -1;
    /* W1 */
    o->wr_coal = wk >= 0;
    o->wr_acc = in->wr_valid && (wk >= 0 || r->cnt < c->n);
    /* W2 */
    if (rk >= 0) {
        o->rd_hit = 1;
        o->rd_ver = r->ver[rk];
    }
    /* W4 */
    int read_needs_device = 0;
    if (!in->dev_idle)
        read_needs_device = 1;
    if (in->rd_valid && rk < 0)
        read_needs_device = 1;
    int dm;
    if (r->dm)
        dm = r->cnt > c->low;
    else
        dm = r->cnt >= c->high;
    o->dmode = (uint8_t)dm;
    o->occ = (uint8_t)r->cnt;
    int runs = r->busy && !r->paused;
    o->busy = (uint8_t)runs;
    /* W3 */
    if (r->cnt > 0 && !runs && (dm || !read_needs_device)) {
        o->drq = 1;
        o->drq_resume = (uint8_t)r->paused;
        o->drq_addr = r->addr[0];
        o->drq_ver = r->ver[0];
    }
    /* W6 */
    if (c->mode != NONE && runs && !in->done && !dm && read_needs_device && in->intr_ok &&
        (c->kmax == 0 || r->icnt < c->kmax))
        o->intr = 1;
    if (!in->rst_n)
        return;
    /* The next state. */
    int started = o->drq && in->dev_rdy && !o->drq_resume;
    int resumed = o->drq && in->dev_rdy && o->drq_resume;
    int head_written = wk == 0 && (r->busy || started);
    if (wk >= 0) {
        r->ver[wk] = in->wr_ver & c->vmask;
    } else if (o->wr_acc) {
        r->addr[r->cnt] = wa;
        r->ver[r->cnt] = in->wr_ver & c->vmask;
        r->cnt++;
    }
    r->dm = (unsigned)dm;
    if (runs && in->done) {                     /* W5 */
        if (!r->redo && !head_written) {
            for (unsigned k = 1; k < r->cnt; k++) {
                r->addr[k - 1] = r->addr[k];
                r->ver[k - 1] = r->ver[k];
            }
            r->cnt--;
        }
        r->busy = 0;
        r->redo = 0;
        r->icnt = 0;
    } else if (o->intr) {
        r->icnt++;
        if (c->mode == CANCEL) {
            r->busy = 0;
            r->redo = 0;
        } else {
            r->paused = 1;
            if (head_written)
                r->redo = 1;
        }
    } else if (started) {
        r->busy = 1;
        r->redo = (unsigned)head_written;
    } else if (resumed) {
        r->paused = 0;
        if (head_written)
            r->redo = 1;
    } else if (r->busy && head_written) {
        r->redo = 1;
    }
}

static void step_equals_the_loop_by_loop_reference_on_random_sequences(void **s)
{
    (void)s;
    static const unsigned cfgs[][7] = {
        /* n  aw vw high low mode kmax */
        {8, 12, 8, 6, 2, CANCEL, 4}, {8, 3, 2, 8, 0, NONE, 0},  {4, 2, 2, 3, 1, PAUSE, 2},
        {5, 6, 4, 4, 3, PAUSE, 0},   {1, 4, 3, 1, 0, CANCEL, 1}, {16, 5, 5, 12, 4, CANCEL, 0},
        {64, 8, 6, 48, 16, PAUSE, 3}, {3, 1, 1, 2, 0, PAUSE, 1},
    };
    const uint64_t seed = 20240601;
    unsigned long long cycles = 0, hits = 0, coal = 0, intr = 0, refused = 0, kept = 0;
    print_message("    seed %llu\n", (unsigned long long)seed);
    for (unsigned k = 0; k < sizeof cfgs / sizeof *cfgs; k++) {
        const unsigned *p = cfgs[k];
        gmc_pcmwq_cfg_t c;
        char err[256];
        assert_int_equal(gmc_pcmwq_cfg_init(&c, p[0], p[1], p[2], p[3], p[4], p[5], p[6], err, sizeof err), 0);
        gmc_rng_t g;
        gmc_rng_seed(&g, seed + k);
        gmc_pcmwq_state_t q, q2;
        gmc_pcmwq_reset(&c, &q);
        q2 = q;
        ref_t r;
        memset(&r, 0, sizeof r);
        const unsigned pool = 2 * c.n < (1u << c.aw) ? 2 * c.n : 1u << c.aw;
        for (unsigned t = 0; t < 100000; t++) {
            gmc_pcmwq_in_t in;
            memset(&in, 0, sizeof in);
            const uint64_t x = gmc_rng_u64(&g);
            in.rst_n = (x & 1023) != 0;
            in.wr_valid = (x >> 10 & 3) != 0;
            in.wr_addr = gmc_rng_below(&g, pool) | (x >> 63 ? 0 : gmc_rng_u64(&g) << c.aw);  /* bits above A ignored */
            in.wr_ver = (uint32_t)gmc_rng_u64(&g);
            in.rd_valid = (x >> 12 & 1) != 0;
            in.rd_addr = gmc_rng_below(&g, pool);
            in.dev_rdy = (x >> 13 & 1) != 0;
            in.dev_idle = (x >> 14 & 1) != 0;
            in.intr_ok = (x >> 16 & 1) != 0;
            in.done = (x >> 17 & 3) == 0;
            gmc_pcmwq_out_t o, o2, ro;
            memset(&o, 0, sizeof o);            /* padding too: compared with memcmp */
            memset(&o2, 0, sizeof o2);
            const unsigned redo = q.busy_q && !q.paused_q && in.done && q.redo_q && in.rst_n;
            gmc_pcmwq_step(&c, &q, &in, &q, &o);
            gmc_pcmwq_state_t d = q2;           /* d != q: must already equal q */
            gmc_pcmwq_step(&c, &q2, &in, &d, &o2);
            q2 = d;
            ref_step(&c, &r, &in, &ro);
            if (memcmp(&o, &ro, sizeof o) || memcmp(&o, &o2, sizeof o))
                fail_msg("configuration %u cycle %u: the step differs from the reference", k, t);
            hits += o.rd_hit;
            coal += o.wr_coal;
            intr += o.intr;
            refused += in.rst_n && in.wr_valid && !o.wr_acc;
            kept += redo;
            cycles++;
        }
        assert_memory_equal(&q, &q2, sizeof q);
    }
    print_message("    %llu cycles in 8 configurations: %llu hits, %llu coalesced, %llu refused, %llu "
                  "interruptions, %llu completions kept their entry; equal to the reference\n",
                  cycles, hits, coal, refused, intr, kept);
    assert_true(hits && coal && intr && refused && kept);
}

int main(void)
{
    const struct CMUnitTest t[] = {
        cmocka_unit_test(write_is_queued_and_a_read_gets_its_version),
        cmocka_unit_test(write_to_a_queued_address_coalesces_in_place),
        cmocka_unit_test(full_queue_refuses_a_new_address_but_takes_a_queued_one),
        cmocka_unit_test(slot_freed_by_a_completion_is_free_the_next_cycle),
        cmocka_unit_test(read_in_the_cycle_of_a_write_sees_the_queue_before_it),
        cmocka_unit_test(drains_oldest_first),
        cmocka_unit_test(outside_drain_mode_drains_only_when_no_read_needs_the_device),
        cmocka_unit_test(drain_mode_enters_at_high_and_leaves_at_low),
        cmocka_unit_test(completion_frees_the_head_and_done_without_a_write_is_ignored),
        cmocka_unit_test(write_during_the_drain_keeps_the_entry_for_another),
        cmocka_unit_test(cancel_keeps_the_entry_and_restarts_it_with_the_newest_version),
        cmocka_unit_test(pause_resumes_the_same_write),
        cmocka_unit_test(no_interruption_without_a_mode_permission_read_or_outside_drain_mode),
        cmocka_unit_test(interruptions_are_limited_per_drain),
        cmocka_unit_test(reset_empties_the_queue_and_changes_nothing_while_held),
        cmocka_unit_test(parameters_are_checked),
        cmocka_unit_test(state_bits_count_every_flop),
        cmocka_unit_test(tally_counts_what_the_ports_show),
        cmocka_unit_test(step_equals_the_loop_by_loop_reference_on_random_sequences),
    };
    return cmocka_run_group_tests_name("gmc_pcmwq", t, NULL, NULL);
}
