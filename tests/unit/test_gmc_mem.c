/* The public memory-system API (mc/gmc_mem.h): completions at data time,
 * back-pressure, callbacks that send, idle skipping == ticking every cycle.
 * Only gmc_mem.h's functions are used, as an embedder would. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "mc/gmc_mem.h"
#include "mc/gmc_memstats.h"
#include "test_util.h"
#include "test_mem.h"

static gmc_dram_cfg_t DC;

static gmc_memsys_t *make(unsigned channels, unsigned rq, int refresh)
{
    gmc_memsys_cfg_t c;
    assert_int_equal(test_memsys_cfg(&c, "gddr6-rtx2060s", channels), 0);   /* the preset's map */
    c.refresh = refresh;
    c.mc.rq = rq;
    DC = c.dram;
    return test_memsys_new(&c);
}

typedef struct {
    gmc_memsys_t  *ms;
    gmc_mem_done_t d[64];
    uint64_t       at[64];   /* gmc_memsys_now at delivery */
    unsigned       n;
} log_t;

static void record(void *ctx, const gmc_mem_done_t *d)
{
    log_t *l = ctx;
    if (l->n < 64) {
        l->d[l->n] = *d;
        l->at[l->n] = gmc_memsys_now(l->ms);
    }
    l->n++;
}

/* One read and one write to closed banks: ACT at 0, column command at tRCD,
 * data done tCL + tBURST (read) / tCWL + tBURST (write) later; each is
 * delivered in the tick of that very cycle, not before. */
static void reads_and_writes_complete_when_their_data_is_done(void **st)
{
    (void)st;
    gmc_memsys_t *ms = make(1, 64, 0);
    log_t l = {.ms = ms};
    gmc_memsys_on_complete(ms, record, &l);
    gmc_mem_req_t r = {.addr = 0, .tag = 11};
    assert_int_equal(gmc_memsys_send(ms, &r), GMC_MEM_ACCEPTED);
    r = (gmc_mem_req_t){.addr = 1ull << 14, .tag = 22, .is_write = 1};   /* another bank */
    assert_int_equal(gmc_memsys_send(ms, &r), GMC_MEM_ACCEPTED);
    assert_int_equal(gmc_memsys_outstanding(ms), 2);
    assert_int_equal(gmc_memsys_finish(ms), 0);
    assert_int_equal(l.n, 2);
    for (unsigned i = 0; i < 2; i++) {
        const gmc_mem_done_t *d = &l.d[i];
        uint64_t col = d->tag == 11 ? DC.tRCD : d->first_cmd + DC.tRCD;
        uint64_t lat = d->is_write ? DC.tCWL + DC.tBURST : DC.tCL + DC.tBURST;
        assert_int_equal(d->cls, GMC_CLS_MISS);
        assert_int_equal(d->is_write, d->tag == 22);
        assert_true(d->done >= col + lat);
        assert_int_equal(l.at[i], d->done);   /* delivered in the cycle it is done */
    }
    assert_int_equal(l.d[0].tag, 11);        /* the read issued first */
    assert_int_equal(l.d[0].done, DC.tRCD + DC.tCL + DC.tBURST);
    assert_int_equal(gmc_memsys_outstanding(ms), 0);
    gmc_memsys_delete(ms);
}

/* A full queue refuses (nothing kept); the request is accepted once a
 * column command freed an entry, and every accepted one completes. */
static void a_full_queue_pushes_back_and_loses_nothing(void **st)
{
    (void)st;
    gmc_memsys_t *ms = make(1, 4, 0);
    log_t l = {.ms = ms};
    gmc_memsys_on_complete(ms, record, &l);
    unsigned sent = 0, refused = 0;
    for (unsigned i = 0; i < 6; i++) {
        gmc_mem_req_t r = {.addr = (uint64_t)i << 18, .tag = i};   /* rows of bank 0 */
        int rc = gmc_memsys_send(ms, &r);
        sent += rc == GMC_MEM_ACCEPTED;
        refused += rc == GMC_MEM_FULL;
    }
    assert_int_equal(sent, 4);
    assert_int_equal(refused, 2);
    gmc_mem_req_t r = {.addr = 5ull << 18, .tag = 5};
    while (gmc_memsys_send(ms, &r) == GMC_MEM_FULL)
        assert_int_equal(gmc_memsys_tick(ms), 0);
    assert_true(gmc_memsys_now(ms) > 0);
    gmc_memsys_finish(ms);
    assert_int_equal(l.n, 5);
    r.size = gmc_memsys_burst_bytes(ms) + 1;
    assert_int_equal(gmc_memsys_send(ms, &r), GMC_MEM_EINVAL);
    gmc_memsys_delete(ms);
}

/* A closed-loop source: each completion sends the next request from the
 * callback (allowed); tick and advance from a callback are refused. */
typedef struct {
    gmc_memsys_t *ms;
    uint64_t      x, sent, done, digest, limit;
    int           busy_rc;
} loop_t;

static void refill(void *ctx, const gmc_mem_done_t *d)
{
    loop_t *l = ctx;
    l->done++;
    l->digest = test_fnv(l->digest, d->tag * 31 + d->done);
    l->busy_rc = gmc_memsys_tick(l->ms);
    if (l->sent < l->limit) {
        test_lcg(&l->x);
        gmc_mem_req_t r = {.addr = (l->x >> 20) & ((1ull << 33) - 32), .tag = l->sent,
                           .is_write = (l->x >> 7) % 4 == 0};
        if (gmc_memsys_send(l->ms, &r) == GMC_MEM_ACCEPTED)
            l->sent++;
    }
}

static uint64_t closed_loop(int skip, unsigned channels)
{
    gmc_memsys_t *ms = make(channels, 64, 1);
    loop_t l = {.ms = ms, .x = 5, .digest = 1469598103934665603ull, .limit = 3000};
    gmc_memsys_on_complete(ms, refill, &l);
    for (; l.sent < 32; l.sent++) {   /* 32 requests in flight, then one per completion */
        gmc_mem_req_t r = {.addr = l.sent << 12, .tag = l.sent};
        assert_int_equal(gmc_memsys_send(ms, &r), GMC_MEM_ACCEPTED);
    }
    while (gmc_memsys_outstanding(ms)) {
        uint64_t t = gmc_memsys_next_event(ms);
        assert_true(t != GMC_MEM_NEVER);
        if (skip && t > gmc_memsys_now(ms))
            assert_int_equal(gmc_memsys_advance(ms, t), 0);
        assert_int_equal(gmc_memsys_tick(ms), 0);
    }
    assert_int_equal(l.busy_rc, GMC_MEM_EBUSY);
    assert_int_equal(l.done, l.sent);
    assert_int_equal(l.sent, 3000);
    assert_int_equal(gmc_memsys_advance(ms, gmc_memsys_now(ms) - 1), -1);   /* no going back */
    uint64_t h = l.digest ^ gmc_memsys_now(ms);
    gmc_memsys_delete(ms);
    return h;
}

static void skipping_to_the_next_event_equals_ticking_every_cycle(void **st)
{
    (void)st;
    for (unsigned ch = 1; ch <= 16; ch *= 4)
        assert_int_equal(closed_loop(1, ch), closed_loop(0, ch));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(reads_and_writes_complete_when_their_data_is_done),
        cmocka_unit_test(a_full_queue_pushes_back_and_loses_nothing),
        cmocka_unit_test(skipping_to_the_next_event_equals_ticking_every_cycle),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
