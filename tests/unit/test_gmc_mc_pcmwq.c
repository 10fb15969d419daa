/* The pcmwq write policy (model/mc/gmc_mc_pol_pcmwq.c): the PCM write
 * queue block gmc_pcmwq in front of one controller.  Hand-computed cycles
 * on small streams (a write answered, a read hit, a coalesce, a drain at
 * the high watermark, back-pressure), and a randomized run that checks
 * every read after a write to its address: answered by the queue with the
 * newest version, or sent to the device only after that version's drain
 * completed (the count is printed), skipping ahead and every cycle alike.
 * Built a second time with the block's C fault -DGMC_FAULT_PCMWQ=1 (a
 * coalescing write leaves the queued version as it was: tests/tests.mk),
 * where the randomized check must find violations. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "mc/gmc_mc.h"
#include "test_util.h"

typedef struct { uint64_t t, addr; uint8_t w; } tr_t;
typedef struct { uint64_t id, addr, arrival, done, seq; uint32_t ver; uint8_t w, flags; } ev_t;

static ev_t lg[200000];
static unsigned nlog, nsend;
static gmc_dram_t D;

static void on_served(void *ctx, unsigned ch, const gmc_mc_req_t *r)
{
    (void)ctx, (void)ch;
    assert_true(nlog < sizeof lg / sizeof *lg);
    lg[nlog++] = (ev_t){r->id, r->addr, r->arrival, r->done, r->seq, r->ver, r->is_write, r->flags};
    nsend += !(r->flags & GMC_REQ_INTERNAL);
}

static const ev_t *by_id(uint64_t id)
{
    for (unsigned i = 0; i < nlog; i++)
        if (lg[i].id == id && !(lg[i].flags & GMC_REQ_INTERNAL))
            return &lg[i];
    fail_msg("request %llu was never served", (unsigned long long)id);
    return NULL;
}

static void setup(gmc_mc_t *mc, unsigned entries, unsigned high, unsigned low, unsigned wq)
{
    gmc_dram_cfg_t c;
    char err[256], warn[1024] = "";
    if (gmc_dram_cfg_preset("gddr6-rtx2060s", &c, err, sizeof err, warn, sizeof warn) < 0)
        fail_msg("%s", err);
    c.refresh = 0;
    if (gmc_dram_init(&D, &c, err, sizeof err))
        fail_msg("%s", err);
    gmc_mc_cfg_t cfg;
    gmc_mc_cfg_defaults(&cfg);
    cfg.wpol = &gmc_mc_wpol_pcmwq;
    cfg.rq = 16, cfg.wq = wq, cfg.wq_high = wq, cfg.wq_low = wq / 2 < wq ? wq / 2 : 0;
    cfg.pcmwq.entries = (uint8_t)entries, cfg.pcmwq.high = (uint8_t)high, cfg.pcmwq.low = (uint8_t)low;
    if (gmc_mc_init(mc, &D, &cfg, 0, NULL, NULL, err, sizeof err))
        fail_msg("%s", err);
    mc->served = on_served;
    nlog = nsend = 0;
}

/* Feeds tr (sorted by t) in order, a request waiting while its queue is
 * full (back-pressure); every cycle or skipping ahead; runs until every
 * request was answered and the queue is empty (drained when idle). */
static void drive(gmc_mc_t *mc, const tr_t *tr, unsigned n, int every)
{
    uint64_t t = 0, next = GMC_MC_NEVER;
    unsigned i = 0;
    for (;;) {
        while (i < n && tr[i].t <= t && gmc_mc_can_accept(mc, tr[i].w)) {
            gmc_mc_req_t r = {0};
            r.id = i;
            r.addr = tr[i].addr;
            r.bank = (uint8_t)(tr[i].addr % 16);
            r.row = (uint32_t)(tr[i].addr / 16 % 4);
            r.col = (uint32_t)(tr[i].addr / 64);
            r.is_write = tr[i].w;
            r.offered = tr[i].t;
            uint32_t q = gmc_mc_enqueue(mc, &r, t);
            next = every ? t : gmc_mc_wake(mc, q, t, next);
            i++;
        }
        if (every || next <= t)
            next = gmc_mc_step(mc, t);
        gmc_mc_pcmwq_report_t rep;
        assert_int_equal(gmc_mc_pcmwq_report(mc, t, &rep), 0);
        if (i == n && !gmc_mc_queued(mc) && !gmc_mc_held(mc) && !rep.left)
            break;
        uint64_t tn = every ? t + 1 : next;
        if (i < n) {
            uint64_t a = tr[i].t > t ? tr[i].t : t + 1;
            tn = a < tn ? a : tn;
        }
        assert_true(tn > t && tn != GMC_MC_NEVER);
        assert_true(tn < 50000000);
        t = tn;
    }
    gmc_mc_finish(mc);
    assert_int_equal(nsend, n);
}

/* A write is answered the cycle after it enters; a read of its address
 * hits at once (data done[RD] later) with its version; a second write to
 * the address coalesces (no new entry) and the next read gets the newer
 * version; with no read waiting the entry drains, once. */
__attribute__((unused)) static void hit_and_coalesce(void **st)
{
    (void)st;
    gmc_mc_t mc;
    setup(&mc, 4, 4, 0, 8);
    const tr_t tr[] = {{0, 0x40, 1}, {1, 0x40, 0}, {2, 0x40, 1}, {3, 0x40, 0}};
    drive(&mc, tr, 4, 0);
    assert_int_equal(by_id(0)->done, 1);
    assert_int_equal(by_id(0)->ver, 1);
    assert_int_equal(by_id(1)->done, 1 + D.done[GMC_DRAM_RD]);
    assert_true(by_id(1)->flags & GMC_REQ_ANSWERED);
    assert_int_equal(by_id(1)->ver, 1);
    assert_int_equal(by_id(2)->ver, 2);
    assert_int_equal(by_id(3)->ver, 2);
    assert_int_equal(by_id(3)->done, 3 + D.done[GMC_DRAM_RD]);
    gmc_mc_pcmwq_report_t r;
    gmc_mc_pcmwq_report(&mc, 0, &r);
    assert_int_equal(r.accepted, 2);
    assert_int_equal(r.coalesced, 1);
    assert_int_equal(r.hits, 2);
    /* idle at cycle 1 (the read hit): the drain starts, version 1 at the
     * device; the coalesce at 2 makes it drain again with version 2 */
    assert_int_equal(r.drains, 2);
    assert_int_equal(r.completions, 2);
    unsigned k = 0;
    for (unsigned i = 0; i < nlog; i++)
        if (lg[i].flags & GMC_REQ_INTERNAL)
            assert_int_equal(lg[i].ver, ++k);
    assert_int_equal(k, 2);
    gmc_mc_free(&mc);
}

/* Reads keep the device busy (a stream to other addresses): no idle
 * drain, so the first drained write starts when the 4th write makes the
 * occupancy the high watermark (4), and the drain runs down to 0. */
__attribute__((unused)) static void drain_at_the_watermark(void **st)
{
    (void)st;
    gmc_mc_t mc;
    setup(&mc, 4, 4, 0, 8);
    tr_t tr[64];
    unsigned n = 0;
    for (unsigned k = 0; k < 40; k++)   /* a read every 2 cycles, all misses */
        tr[n++] = (tr_t){2 * k, 0x1000 + 16 * (k % 8), 0};
    for (unsigned k = 0; k < 4; k++)    /* writes at 11, 21, 31, 41 */
        tr[n++] = (tr_t){11 + 10 * k, 0x200 + k, 1};
    for (unsigned a = 0; a < n; a++)    /* sort by time (stable) */
        for (unsigned b = a + 1; b < n; b++)
            if (tr[b].t < tr[a].t) {
                tr_t x = tr[a];
                tr[a] = tr[b], tr[b] = x;
            }
    drive(&mc, tr, n, 0);
    uint64_t first = UINT64_MAX, wr4 = 0;
    unsigned drained = 0;
    for (unsigned i = 0; i < nlog; i++) {
        if (lg[i].flags & GMC_REQ_INTERNAL) {
            drained++;
            first = lg[i].arrival < first ? lg[i].arrival : first;
        } else if (lg[i].w) {
            wr4 = lg[i].arrival > wr4 ? lg[i].arrival : wr4;
        }
    }
    assert_int_equal(drained, 4);
    assert_int_equal(wr4, 41);    /* the 4th write, answered at its entry cycle */
    assert_int_equal(first, 42);  /* occupancy 4 from cycle 42: drain mode, the oldest starts */
    gmc_mc_free(&mc);
}

/* Two entries and a write queue of 2: six writes to distinct addresses
 * at cycle 0 while reads wait; the queue fills, senders are refused
 * (can_accept), nothing is dropped: all six are answered, in order. */
__attribute__((unused)) static void back_pressure(void **st)
{
    (void)st;
    gmc_mc_t mc;
    setup(&mc, 2, 2, 0, 2);
    tr_t tr[16];
    unsigned n = 0;
    for (unsigned k = 0; k < 6; k++)
        tr[n++] = (tr_t){0, 0x300 + k, 1};
    for (unsigned k = 0; k < 6; k++)
        tr[n++] = (tr_t){1, 0x2000 + 16 * k, 0};
    drive(&mc, tr, n, 0);
    gmc_mc_pcmwq_report_t r;
    gmc_mc_pcmwq_report(&mc, 0, &r);
    assert_int_equal(r.accepted, 6);
    assert_int_equal(r.drains, 6);
    assert_true(r.full_cycles > 0);
    for (unsigned k = 1; k < 6; k++)
        assert_true(by_id(k)->done > by_id(k - 1)->done);
    gmc_mc_free(&mc);
}

/* The random check: returns the violations; counts the reads checked. */
static unsigned raw_check(unsigned *hits, unsigned *dev)
{
    unsigned bad = 0;
    for (unsigned i = 0; i < nlog; i++) {
        const ev_t *r = &lg[i];
        if (r->w || (r->flags & GMC_REQ_INTERNAL))
            continue;
        /* when the queue looked at r: an answered read's data is done
         * done[RD] later, a missed one entered the bank lists then
         * (arrival) */
        const uint64_t look = (r->flags & GMC_REQ_ANSWERED) ? r->done - D.done[GMC_DRAM_RD] : r->arrival;
        /* the newest write to r's address that entered the controller
         * before r (seq: the order of entry) */
        uint32_t newest = 0;
        for (unsigned j = 0; j < nlog; j++)
            if (lg[j].w && !(lg[j].flags & GMC_REQ_INTERNAL) && lg[j].addr == r->addr &&
                lg[j].seq < r->seq && lg[j].ver > newest)
                newest = lg[j].ver;
        if (r->flags & GMC_REQ_ANSWERED) {
            ++*hits;
            if (r->ver != newest && getenv("PQDBG"))
                fprintf(stderr, "hit id %llu addr %llx arr %llu ver %u newest %u\n", (unsigned long long)r->id,
                        (unsigned long long)r->addr, (unsigned long long)look, r->ver, newest);
            bad += r->ver != newest;
        } else {
            ++*dev;
            int drained = newest == 0;   /* no write before it */
            for (unsigned j = 0; j < nlog && !drained; j++)
                drained = (lg[j].flags & GMC_REQ_INTERNAL) && lg[j].addr == r->addr &&
                          lg[j].ver >= newest && lg[j].done < look;
            if (!drained && getenv("PQDBG"))
                fprintf(stderr, "dev id %llu addr %llx arr %llu newest %u\n", (unsigned long long)r->id,
                        (unsigned long long)r->addr, (unsigned long long)look, newest);
            bad += !drained;
        }
    }
    return bad;
}

static void random_reads_see_the_newest_write(void **st)
{
    (void)st;
    static tr_t tr[6000];
    unsigned total = 0, bad = 0, hits = 0, dev = 0;
    for (uint64_t seed = 1; seed <= 8; seed++) {
        uint64_t x = seed * 0x9e3779b97f4a7c15ull, t = 0;
        const unsigned n = 3000, pool = 4 + (unsigned)(seed % 4) * 8;
        for (unsigned i = 0; i < n; i++) {
            test_lcg(&x);
            t += (x >> 60) % 4;
            if ((x >> 40) % 61 == 0)
                t += 200;
            tr[i] = (tr_t){t, 0x40 + (x >> 20) % pool, (uint8_t)((x >> 50) % 5 < 2)};
        }
        uint64_t fast_done = 0;
        for (int every = 0; every < 2; every++) {
            gmc_mc_t mc;
            setup(&mc, 1 + (unsigned)(seed % 8), 1 + (unsigned)(seed % 8), 0, 1 + (unsigned)(seed % 5));
            drive(&mc, tr, n, every);
            bad += raw_check(&hits, &dev);
            total += n;
            uint64_t h = 0;
            for (unsigned i = 0; i < nlog; i++)
                h = h * 1000003 + lg[i].done * 31 + lg[i].id + lg[i].ver;
            if (!every)
                fast_done = h;
            else
                assert_true(h == fast_done);   /* skip-ahead == every cycle */
            gmc_mc_free(&mc);
        }
    }
    printf("pcmwq random: %u requests, %u reads answered by the queue, %u from the device, "
           "%u violations\n", total, hits, dev, bad);
#ifdef GMC_FAULT_PCMWQ
    assert_true(bad > 0);   /* the block's forwarding fault must be seen */
#else
    assert_int_equal(bad, 0);
#endif
}

int main(void)
{
    const struct CMUnitTest tests[] = {
#ifndef GMC_FAULT_PCMWQ
        cmocka_unit_test(hit_and_coalesce),
        cmocka_unit_test(drain_at_the_watermark),
        cmocka_unit_test(back_pressure),
#endif
        cmocka_unit_test(random_reads_see_the_newest_write),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
