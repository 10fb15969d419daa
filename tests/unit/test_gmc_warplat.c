/* gmc_warplat: warp loads, their divergence and load time. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "mc/gmc_warplat.h"

static gmc_memtrace_rec_t rec(uint32_t sm, uint32_t warp, uint64_t pc)
{
    gmc_memtrace_rec_t r;
    memset(&r, 0, sizeof r);
    r.has_warp = 1;
    r.sm = sm;
    r.warp = warp;
    r.pc = pc;
    return r;
}

static void serve(gmc_warplat_t *w, uint32_t tag, uint64_t arrival, uint64_t done)
{
    gmc_mem_done_t q;
    memset(&q, 0, sizeof q);
    q.tag = tag;
    q.arrival = arrival;
    q.done = done;
    gmc_warplat_served(w, &q);
}

/* Three requests of one load: latencies 10, 50, 30 -> divergence 40; first
 * arrival 0, last done 55 -> load time 55. */
static void divergence_is_longest_minus_shortest_latency(void **st)
{
    (void)st;
    gmc_warplat_t w;
    assert_int_equal(gmc_warplat_init(&w, 8), 0);
    gmc_memtrace_rec_t r[3];
    for (int i = 0; i < 3; i++) {
        r[i] = rec(1, 2, 0x40);
        gmc_warplat_read(&w, &r[i]);
        assert_int_equal(r[i].tag, r[0].tag);
    }
    gmc_warplat_end(&w);
    serve(&w, r[0].tag, 0, 10);
    serve(&w, r[1].tag, 5, 55);
    assert_int_equal(w.multi, 0);   /* one request still pending */
    serve(&w, r[2].tag, 2, 32);
    assert_int_equal(w.multi, 1);
    assert_int_equal(w.div.max, 40);
    assert_int_equal(w.time.max, 55);
    gmc_warplat_free(&w);
}

/* A load is a run of one (sm, warp, pc): a different key, or a record
 * without warp ids, starts another; a single request is not measured. */
static void a_load_is_a_run_of_one_sm_warp_pc(void **st)
{
    (void)st;
    gmc_warplat_t w;
    assert_int_equal(gmc_warplat_init(&w, 16), 0);
    gmc_memtrace_rec_t r[6] = {rec(1, 2, 0x40), rec(1, 2, 0x40), rec(1, 2, 0x48),
                               rec(1, 3, 0x48), rec(0, 0, 0), rec(1, 3, 0x48)};
    r[4].has_warp = 0;
    for (int i = 0; i < 6; i++)
        gmc_warplat_read(&w, &r[i]);
    gmc_warplat_end(&w);
    assert_int_equal(r[0].tag, r[1].tag);
    assert_true(r[2].tag != r[1].tag && r[3].tag != r[2].tag);
    assert_int_equal(r[4].tag, 0);
    assert_true(r[5].tag != 0);
    for (int i = 0; i < 6; i++)
        serve(&w, r[i].tag, 0, 10 + (uint64_t)i);
    assert_int_equal(w.multi, 1);
    assert_int_equal(w.single, 3);
    assert_int_equal(w.div.max, 1);
    gmc_warplat_free(&w);
}

/* One request of an early load is served last while 10000 later loads
 * come and go: the pool recycles loads, never runs out. */
static void loads_finish_out_of_order_without_running_out(void **st)
{
    (void)st;
    gmc_warplat_t w;
    assert_int_equal(gmc_warplat_init(&w, 4), 0);
    gmc_memtrace_rec_t a = rec(0, 0, 1), b = rec(0, 0, 1);
    gmc_warplat_read(&w, &a);
    gmc_warplat_read(&w, &b);
    serve(&w, a.tag, 0, 5);
    for (uint32_t k = 1; k <= 10000; k++) {
        gmc_memtrace_rec_t x = rec(0, k % 7 + 1, k), y = x;
        gmc_warplat_read(&w, &x);
        gmc_warplat_read(&w, &y);
        serve(&w, x.tag, k, k + 3);
        serve(&w, y.tag, k, k + 9);
    }
    gmc_warplat_end(&w);
    serve(&w, b.tag, 0, 20000);
    assert_int_equal(w.overflow, 0);
    assert_int_equal(w.multi, 10001);
    assert_int_equal(w.div.max, 20000 - 5);
    gmc_warplat_free(&w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(divergence_is_longest_minus_shortest_latency),
        cmocka_unit_test(a_load_is_a_run_of_one_sm_warp_pc),
        cmocka_unit_test(loads_finish_out_of_order_without_running_out),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
