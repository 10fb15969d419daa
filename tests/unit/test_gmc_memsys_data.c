/* The data check of the memory system (gmc_memsys_data_*, docs/pcm.md
 * "Data, checked end to end"): versions carried to the device's data and
 * back, the minimal reproducer of the same-address finding, the rule that
 * fixes it, and the sparse map under it against a slow reference. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>
#include "test_mem.h"
#include "mc/gmc_sched.h"
#include "util/gmc_rng.h"
#include "util/gmc_u64map_impl.h"

typedef struct {
    gmc_memsys_t *ms;
    uint64_t      got[8];
    int           path[8];
    unsigned      n;
} reads_t;

static void on_read(void *ctx, const gmc_mem_done_t *d)
{
    reads_t *r = ctx;
    if (d->is_write || r->n == 8)
        return;
    r->path[r->n] = gmc_memsys_data_read(r->ms, d, &r->got[r->n]);
    r->n++;
}

/* One channel of the default GDDR6, scheduler sched, rule same_addr; the
 * check on. */
static gmc_memsys_t *make(const char *sched, int same_addr, reads_t *r)
{
    gmc_memsys_cfg_t c;
    char err[256];
    test_memsys_cfg(&c, "gddr6-rtx2060s", 1);
    assert_int_equal(gmc_sched_find(sched, &c.mc.sched, err, sizeof err), 0);
    c.mc.same_addr = (uint8_t)same_addr;
    c.refresh = 0;
    gmc_memsys_t *ms = test_memsys_new(&c);
    assert_int_equal(gmc_memsys_data_on(ms, err, sizeof err), 0);
    memset(r, 0, sizeof *r);
    r->ms = ms;
    gmc_memsys_on_complete(ms, on_read, r);
    return ms;
}

/* Sends a write of version ver (is_write) or a read to addr at now,
 * ticking until it is accepted. */
static void put(gmc_memsys_t *ms, uint64_t addr, int is_write, uint64_t ver)
{
    gmc_mem_req_t q = {.addr = addr, .size = 32, .is_write = (uint8_t)is_write};
    gmc_mem_prepared_t p;
    assert_int_equal(gmc_memsys_prepare(ms, &q, &p), 0);
    while (gmc_memsys_data_send(ms, &p, ver) != GMC_MEM_ACCEPTED)
        assert_int_equal(gmc_memsys_tick(ms), 0);
}

/* The finding, smallest: a write to A, then a read of A, both queued.
 * FR-FCFS serves reads first (writes wait for the drain watermark), so
 * the read reaches the device before the older write: it returns the
 * data from before the write. */
static void frfcfs_serves_a_read_before_an_older_write_to_its_address(void **st)
{
    (void)st;
    reads_t r;
    gmc_memsys_t *ms = make("frfcfs", GMC_SAME_ADDR_NONE, &r);
    put(ms, 0x1000, 1, 1);
    put(ms, 0x1000, 0, 0);
    assert_int_equal(gmc_memsys_finish(ms), 0);
    assert_int_equal(r.n, 1);
    assert_int_equal(r.path[0], GMC_MEM_DATA_DEVICE);
    assert_int_equal(r.got[0], 0);   /* the newest write before it was version 1 */
    gmc_memsys_delete(ms);
}

static void the_same_address_rule_makes_the_read_wait_for_the_write(void **st)
{
    (void)st;
    static const char *const sched[] = {"frfcfs", "fcfs", "bfifo", "divfirst", "warped-mc", "fcfs-strict"};
    for (unsigned i = 0; i < 6; i++) {
        reads_t r;
        gmc_memsys_t *ms = make(sched[i], GMC_SAME_ADDR_STALL, &r);
        put(ms, 0x1000, 1, 1);
        put(ms, 0x1000, 0, 0);
        put(ms, 0x1000, 1, 2);   /* and a write after the read waits for it */
        put(ms, 0x1000, 0, 0);
        assert_int_equal(gmc_memsys_finish(ms), 0);
        assert_int_equal(r.n, 2);
        assert_int_equal(r.got[0], 1);
        assert_int_equal(r.got[1], 2);
        gmc_memsys_delete(ms);
    }
}

static void fcfs_keeps_the_order_without_the_rule(void **st)
{
    (void)st;
    reads_t r;
    gmc_memsys_t *ms = make("fcfs", GMC_SAME_ADDR_NONE, &r);
    put(ms, 0x1000, 1, 7);
    put(ms, 0x1000, 0, 0);
    assert_int_equal(gmc_memsys_finish(ms), 0);
    assert_int_equal(r.got[0], 7);
    gmc_memsys_delete(ms);
}

static void data_lives_at_the_device_location(void **st)
{
    (void)st;
    reads_t r;
    gmc_memsys_t *ms = make("frfcfs", GMC_SAME_ADDR_STALL, &r);
    put(ms, 0x1000, 1, 5);
    put(ms, 0x1000 + 4, 0, 0);   /* the same burst: the same location */
    put(ms, 0x2000, 0, 0);       /* another: never written */
    assert_int_equal(gmc_memsys_finish(ms), 0);
    assert_int_equal(r.n, 2);
    assert_int_equal(r.got[0], 5);
    assert_int_equal(r.got[1], 0);
    gmc_memsys_delete(ms);
}

static void without_the_check_there_is_nothing_to_read(void **st)
{
    (void)st;
    gmc_memsys_cfg_t c;
    char err[256];
    test_memsys_cfg(&c, "gddr6-rtx2060s", 1);
    gmc_memsys_t *ms = test_memsys_new(&c);
    gmc_mem_done_t d = {.is_write = 0};
    uint64_t v;
    assert_int_equal(gmc_memsys_data_read(ms, &d, &v), -1);
    gmc_mem_req_t q = {.addr = 0, .size = 32};
    assert_int_equal(gmc_memsys_send(ms, &q), GMC_MEM_ACCEPTED);
    assert_int_equal(gmc_memsys_data_on(ms, err, sizeof err), -1);   /* too late */
    gmc_memsys_delete(ms);
}

/* gmc_u64map against an array: 200,000 random puts, gets and deletes of
 * keys from a small range (long probe runs, deletions inside them). */
static void the_map_agrees_with_a_slow_reference(void **st)
{
    (void)st;
    enum { K = 4096, OPS = 200000 };
    static uint64_t ref[K];
    static uint8_t has[K];
    memset(has, 0, sizeof has);
    gmc_u64map_t m;
    gmc_u64map_init(&m);
    gmc_rng_t r;
    gmc_rng_seed(&r, 38);
    size_t n = 0;
    for (unsigned i = 0; i < OPS; i++) {
        const uint64_t k = gmc_rng_below(&r, K), key = k * 0x1000 + 7, op = gmc_rng_below(&r, 3);
        uint64_t v = 0;
        if (op == 0) {
            const uint64_t val = gmc_rng_u64(&r);
            assert_int_equal(gmc_u64map_put(&m, key, val), 0);
            n += !has[k];
            ref[k] = val;
            has[k] = 1;
        } else if (op == 1) {
            assert_int_equal(gmc_u64map_get(&m, key, &v), has[k]);
            if (has[k])
                assert_true(v == ref[k]);
        } else {
            assert_int_equal(gmc_u64map_del(&m, key, &v), has[k]);
            if (has[k])
                assert_true(v == ref[k]);
            n -= has[k];
            has[k] = 0;
        }
        assert_int_equal(m.n, n);
    }
    for (unsigned k = 0; k < K; k++) {
        uint64_t v = 0;
        assert_int_equal(gmc_u64map_get(&m, k * 0x1000 + 7, &v), has[k]);
    }
    gmc_u64map_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(frfcfs_serves_a_read_before_an_older_write_to_its_address),
        cmocka_unit_test(the_same_address_rule_makes_the_read_wait_for_the_write),
        cmocka_unit_test(fcfs_keeps_the_order_without_the_rule),
        cmocka_unit_test(data_lives_at_the_device_location),
        cmocka_unit_test(without_the_check_there_is_nothing_to_read),
        cmocka_unit_test(the_map_agrees_with_a_slow_reference),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
