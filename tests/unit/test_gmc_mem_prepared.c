/* The public memory-system API's embedder half (mc/gmc_mem.h): prepared
 * requests, can_accept, room events, locate / channel_of, geometry.  Only
 * gmc_mem.h's functions are used, as an embedder (the GPU harness) uses
 * them.
 *
 * The main check: S sources, each a FIFO of random requests, feed a memory
 * system with small queues two ways -- (A) every source retries its head
 * with gmc_memsys_send at every cycle; (B) every source prepares its head
 * once, and after a refusal sleeps until the room event of that head's
 * queue.  Every completion (tag, cycles, place, class) must be the same,
 * in the same order: the room event comes exactly when a retry at every
 * cycle would first have been accepted. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "mc/gmc_mem.h"
#include "util/gmc_rng.h"
#include "test_util.h"
#include "test_mem.h"

enum { SRC = 6, FIFO = 64 };

static gmc_memsys_t *make(unsigned channels, unsigned q, const char *preset)
{
    gmc_memsys_cfg_t c;
    assert_int_equal(test_memsys_cfg(&c, preset, channels), 0);   /* the preset's map */
    c.mc.rq = c.mc.wq = q;
    c.mc.wq_high = q > 1 ? q - 1 : 1;
    c.mc.wq_low = c.mc.wq_high / 2;
    return test_memsys_new(&c);
}

typedef struct {
    gmc_mem_req_t      r[FIFO];
    gmc_mem_prepared_t p;          /* (B) the head, prepared */
    unsigned           head, n;
    int                prepared, asleep;
} src_t;

typedef struct {
    gmc_memsys_t *ms;
    src_t         s[SRC];
    uint64_t      digest, done, events, refusals, spells_open;
    uint8_t       waiting[2 * 64];   /* (B) per queue: a source sleeps on it */
} run_t;

static void on_done(void *ctx, const gmc_mem_done_t *d)
{
    run_t *u = ctx;
    const uint64_t v[] = {d->tag, d->arrival, d->first_cmd, d->done, d->channel, d->bank,
                          d->row, d->col, d->cls, d->is_write, d->id};
    for (unsigned i = 0; i < sizeof v / sizeof v[0]; i++)
        u->digest = test_fnv(u->digest, v[i]);
    assert_true(d->offered <= d->arrival);
    u->done++;
}

static void on_room(void *ctx, unsigned ch, int is_write)
{
    run_t *u = ctx;
    const unsigned k = ch * 2 + (unsigned)is_write;
    assert_true(u->waiting[k]);   /* only a queue that refused has an event */
    u->waiting[k] = 0;
    u->events++;
    for (unsigned i = 0; i < SRC; i++)
        if (u->s[i].asleep && u->s[i].p.loc.channel == ch && u->s[i].p.req.is_write == is_write)
            u->s[i].asleep = 0;
    /* a tick from a room callback is refused, as from a completion */
    assert_int_equal(gmc_memsys_tick(u->ms), GMC_MEM_EBUSY);
}

/* One source's turn at the current cycle: send its head while accepted. */
static void feed(run_t *u, src_t *s, int prepared)
{
    while (s->n) {
        const gmc_mem_req_t *r = &s->r[s->head];
        int rc;
        if (!prepared) {
            rc = gmc_memsys_send(u->ms, r);
        } else {
            if (s->asleep)
                return;
            if (!s->prepared) {
                assert_int_equal(gmc_memsys_prepare(u->ms, r, &s->p), 0);
                gmc_mem_loc_t l;
                gmc_memsys_locate(u->ms, r->addr, &l);
                assert_memory_equal(&l, &s->p.loc, sizeof l);
                assert_int_equal(gmc_memsys_channel_of(u->ms, r->addr), l.channel);
                s->prepared = 1;
            }
            /* awake, it may still find the queue full: an earlier source took the room */
            const int room = gmc_memsys_can_accept(u->ms, s->p.loc.channel, r->is_write);
            rc = gmc_memsys_send_prepared(u->ms, &s->p);
            assert_int_equal(rc == GMC_MEM_ACCEPTED, room);
        }
        if (rc == GMC_MEM_FULL) {
            u->refusals++;
            if (prepared) {
                assert_int_equal(gmc_memsys_can_accept(u->ms, s->p.loc.channel, r->is_write), 0);
                s->asleep = 1;
                u->waiting[s->p.loc.channel * 2 + r->is_write] = 1;
            }
            return;
        }
        assert_int_equal(rc, GMC_MEM_ACCEPTED);
        s->prepared = 0;
        s->head = (s->head + 1) % FIFO;
        s->n--;
    }
}

/* One run of `cycles` cycles of random traffic (the same for both ways:
 * the generator does not look at the memory system), then drained. */
static uint64_t run(int prepared, uint64_t seed, unsigned channels, unsigned q, unsigned cycles,
                    uint64_t *refusals, uint64_t *events)
{
    run_t *u = calloc(1, sizeof *u);
    assert_non_null(u);
    u->ms = make(channels, q, "gddr6-rtx2060s");
    u->digest = 1469598103934665603ull;
    gmc_memsys_on_complete(u->ms, on_done, u);
    if (prepared)
        gmc_memsys_on_room(u->ms, on_room, u);
    gmc_rng_t g;
    gmc_rng_seed(&g, seed);
    uint64_t tag = 0;
    for (unsigned t = 0; t < cycles || gmc_memsys_outstanding(u->ms); t++) {
        for (unsigned i = 0; i < SRC && t < cycles; i++) {
            src_t *s = &u->s[i];
            if (s->n < FIFO && gmc_rng_below(&g, 4) == 0) {
                /* a few rows of few banks: hits, conflicts and full queues */
                uint64_t a = gmc_rng_below(&g, 1ull << 30) & ~31ull;
                if (gmc_rng_below(&g, 2))
                    a &= 0x3f0fffull;
                s->r[(s->head + s->n++) % FIFO] = (gmc_mem_req_t){
                    .addr = a, .tag = tag++, .is_write = gmc_rng_below(&g, 3) == 0};
            }
        }
        for (unsigned i = 0; i < SRC; i++)
            feed(u, &u->s[i], prepared);
        assert_int_equal(gmc_memsys_tick(u->ms), 0);
        unsigned left = 0;
        for (unsigned i = 0; i < SRC; i++)
            left += u->s[i].n;
        if (t >= cycles && !left)
            break;
        if (t > 100 * cycles)
            fail_msg("seed %llu: %u requests never sent (a source sleeps for ever)",
                     (unsigned long long)seed, left);
    }
    assert_int_equal(gmc_memsys_finish(u->ms), 0);
    assert_int_equal(u->done, tag);   /* every request completed once */
    uint64_t h = u->digest ^ gmc_memsys_now(u->ms);
    *refusals = u->refusals;
    *events = u->events;
    gmc_memsys_delete(u->ms);
    free(u);
    return h;
}

static void sleeping_until_room_equals_retrying_every_cycle(void **st)
{
    (void)st;
    unsigned cases = 0;
    uint64_t refused = 0, events = 0, reqs = 0;
    const unsigned chans[] = {1, 2, 4}, qs[] = {1, 2, 4, 8};
    for (uint64_t seed = 1; seed <= 48; seed++) {
        const unsigned ch = chans[seed % 3], q = qs[(seed / 3) % 4];
        uint64_t ra, ea, rb, eb;
        const uint64_t a = run(0, seed, ch, q, 5000, &ra, &ea);
        const uint64_t b = run(1, seed, ch, q, 5000, &rb, &eb);
        if (a != b)
            fail_msg("seed %llu, %u channels, queues of %u: the completions differ",
                     (unsigned long long)seed, ch, q);
        assert_int_equal(ea, 0);    /* no room callback registered: none called */
        assert_true(eb > 0 && eb <= rb);   /* one event per refusal spell at most */
        refused += rb;
        events += eb;
        reqs += 1;
        cases++;
    }
    (void)reqs;
    assert_true(refused > 1000);   /* the queues were full often: the check meant something */
    printf("# %u random cases, same completions both ways; %llu refusals, %llu room events\n",
           cases, (unsigned long long)refused, (unsigned long long)events);
}

static void geometry_and_channel_info_say_the_device(void **st)
{
    (void)st;
    gmc_memsys_t *ms = make(4, 8, "gddr6-rtx2060s");
    gmc_dram_cfg_t d;
    char err[256], warn[1024];
    assert_true(gmc_dram_cfg_preset("gddr6-rtx2060s", &d, err, sizeof err, warn, sizeof warn) >= 0);
    gmc_mem_geometry_t g;
    gmc_memsys_geometry(ms, &g);
    assert_int_equal(g.channels, 4);
    assert_int_equal(g.channels, gmc_memsys_channels(ms));
    assert_true(g.addr_bits > 20 && g.addr_bits <= 64);
    /* every address of a granule block goes to one channel */
    assert_true(g.channel_granule_bits >= 5);
    for (uint64_t a = 0; a < 1u << 20; a += 4096 + 32) {
        const uint64_t base = a & ~((1ull << g.channel_granule_bits) - 1);
        assert_int_equal(gmc_memsys_channel_of(ms, a), gmc_memsys_channel_of(ms, base));
    }
    /* and the granule is the largest such: the next bit moves some address */
    unsigned moved = 0;
    for (uint64_t a = 0; a < 1u << 20; a += 4096)
        moved += gmc_memsys_channel_of(ms, a) !=
                 gmc_memsys_channel_of(ms, a ^ (1ull << g.channel_granule_bits));
    assert_true(moved > 0);
    gmc_mem_channel_t c;
    for (unsigned ch = 0; ch < 4; ch++) {
        assert_int_equal(gmc_memsys_channel_info(ms, ch, &c), 0);
        assert_string_equal(c.kind, "dram");
        assert_string_equal(c.device, d.name);
        assert_int_equal(c.rows, d.rows);
        assert_int_equal(c.columns, d.columns);
        assert_int_equal(c.banks, d.bank_groups * d.banks_per_group);
        assert_int_equal(c.burst_bytes, gmc_memsys_burst_bytes(ms));
        assert_int_equal(c.tck_ps, d.tck_ps);
        assert_int_equal(c.read_queue, 8);
        assert_int_equal(c.write_queue, 8);
    }
    assert_int_equal(gmc_memsys_channel_info(ms, 4, &c), -1);
    assert_int_equal(gmc_memsys_can_accept(ms, 4, 0), 0);   /* no such channel */
    /* a request larger than a burst cannot be prepared */
    gmc_mem_prepared_t p;
    gmc_mem_req_t r = {.addr = 64, .size = gmc_memsys_burst_bytes(ms) + 1};
    assert_int_equal(gmc_memsys_prepare(ms, &r, &p), GMC_MEM_EINVAL);
    r.size = gmc_memsys_burst_bytes(ms);
    assert_int_equal(gmc_memsys_prepare(ms, &r, &p), 0);
    assert_int_equal(p.offered, gmc_memsys_now(ms));
    gmc_memsys_delete(ms);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sleeping_until_room_equals_retrying_every_cycle),
        cmocka_unit_test(geometry_and_channel_info_say_the_device),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
