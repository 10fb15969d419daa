/* util/gmc_ring_impl.h: a ring that grows inside its allocation keeps FIFO
 * order and its capacity, however full it was when it grew. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>
#include "util/gmc_ring_impl.h"
#include "util/gmc_rng.h"

#define CAP 64u

/* Random pushes and pops (bursts, so that the ring fills at every head
 * position and grows from each) against a plain array of every value
 * pushed: each pop must return the oldest value not yet popped. */
static void random_pushes_and_pops_keep_fifo_order(void **st)
{
    gmc_rng_t r;
    gmc_rng_seed(&r, 7);
    unsigned widened = 0, wrapped = 0, pops = 0;
    for (int run = 0; run < 400; run++) {
        uint32_t buf[CAP], ref[4096];
        unsigned start = 1u << gmc_rng_below(&r, 4);   /* 1 .. 8 slots at first */
        unsigned wrap = start - 1, head = 0, n = 0, pushed = 0, popped = 0;
        while (pushed < 4096) {
            unsigned burst = 1 + (unsigned)gmc_rng_below(&r, CAP);
            int push = gmc_rng_below(&r, 2) == 0;
            for (unsigned k = 0; k < burst; k++) {
                if (push && n < CAP && pushed < 4096) {
                    if (n > wrap) {
                        assert_true(2 * (wrap + 1) <= CAP);
                        gmc_ring_widen(buf, sizeof *buf, &wrap, head, n);
                        widened++;
                    }
                    wrapped += head + n > wrap;   /* this entry lands at the front */
                    buf[(head + n++) & wrap] = ref[pushed] = (uint32_t)gmc_rng_u64(&r);
                    pushed++;
                } else if (!push && n) {
                    assert_int_equal(buf[head], ref[popped]);
                    popped++;
                    pops++;
                    head = --n ? (head + 1) & wrap : 0;
                }
            }
        }
        for (; n; n--, popped++, pops++) {
            assert_int_equal(buf[head], ref[popped]);
            head = (head + 1) & wrap;
        }
        assert_int_equal(popped, pushed);
    }
    printf("  ring: %u pops checked, %u widenings, %u pushes wrapped to the front\n", pops, widened,
           wrapped);
    assert_true(widened > 1000 && wrapped > 10000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(random_pushes_and_pops_keep_fifo_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
