/* Switch allocators (gmc_alloc.h): the contract on every registered
 * allocator -- seeded random requests matrices, one VC and several, each
 * call's grants checked (requested, to a ready output, one per output and
 * per input port, none missed when one was possible) and two instances
 * compared for determinism -- then round robin's own rules: the order of
 * its grants, pointers that move only on a final grant, no starvation;
 * then the hold-grant allocator's: round robin's grants exactly with one VC
 * and no policy, holds and their counters, rows by requester. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "gpu/gmc_alloc.h"
#include "util/gmc_rng.h"

#define MAXO 200
#define MAXW 8   /* words of a row: up to 512 requesters */

typedef struct {
    gmc_alloc_cfg_t c;
    uint32_t        words;
    uint64_t        req[MAXO * MAXW];
    uint64_t        ready[(MAXO + 63) / 64];
} matrix_t;

static void matrix_init(matrix_t *m, uint32_t ni, uint32_t no, uint32_t vcs)
{
    memset(m, 0, sizeof *m);
    m->c.inputs = ni;
    m->c.outputs = no;
    m->c.vcs = vcs;
    m->words = (ni * vcs + 63) / 64;
    assert_true(no <= MAXO && m->words <= MAXW);
}

static void request(matrix_t *m, uint32_t r, uint32_t o)
{
    m->req[(size_t)o * m->words + r / 64] |= 1ull << (r % 64);
}

static void ready(matrix_t *m, uint32_t o) { m->ready[o / 64] |= 1ull << (o % 64); }

static int requests(const matrix_t *m, uint32_t r, uint32_t o)
{
    return m->req[(size_t)o * m->words + r / 64] >> (r % 64) & 1;
}

static int is_ready(const matrix_t *m, uint32_t o) { return m->ready[o / 64] >> (o % 64) & 1; }

/* Random heads: each requester requests one random output with p% chance
 * (a hot output at times); each output ready with 70% chance. */
static void matrix_random(matrix_t *m, gmc_rng_t *g, unsigned p)
{
    memset(m->req, 0, sizeof m->req);
    memset(m->ready, 0, sizeof m->ready);
    uint32_t hot = (uint32_t)gmc_rng_below(g, m->c.outputs);
    for (uint32_t r = 0; r < m->c.inputs * m->c.vcs; r++)
        if (gmc_rng_below(g, 100) < p)
            request(m, r, gmc_rng_below(g, 3) ? (uint32_t)gmc_rng_below(g, m->c.outputs) : hot);
    for (uint32_t o = 0; o < m->c.outputs; o++)
        if (gmc_rng_below(g, 100) < 70)
            ready(m, o);
}

static void make(gmc_alloc_t *a, const gmc_alloc_ops_t *ops, const gmc_alloc_cfg_t *c)
{
    char err[256] = "";
    if (gmc_alloc_init(a, ops, c, err, sizeof err))
        fail_msg("%s: %s", ops->name, err);
}

static uint32_t run(gmc_alloc_t *a, const matrix_t *m, uint32_t *req, uint32_t *out)
{
    const gmc_alloc_in_t in = {m->req, m->words, m->ready, NULL, NULL};
    return gmc_alloc_allocate(a, &in, req, out);
}

/* Whether ops takes a shape of these ports (its max_ports). */
static int fits(const gmc_alloc_ops_t *ops, uint32_t ni, uint32_t no)
{
    uint32_t most = ops->max_ports ? ops->max_ports : 65536;
    return ni <= most && no <= most;
}

/* ---- the registry and set-up ---- */

static void the_registry_finds_each_allocator_and_lists_them_on_error(void **st)
{
    unsigned n = 0;
    for (; gmc_alloc_get(n); n++) {
        const gmc_alloc_ops_t *ops = gmc_alloc_get(n), *f = NULL;
        char err[256] = "";
        assert_non_null(ops->allocate);
        assert_int_equal(gmc_alloc_find(ops->name, &f, err, sizeof err), 0);
        assert_ptr_equal(f, ops);
    }
    assert_true(n >= 1);
    const gmc_alloc_ops_t *f = NULL;
    char err[256] = "";
    assert_int_equal(gmc_alloc_find("rr", &f, err, sizeof err), 0);
    assert_ptr_equal(f, &gmc_alloc_rr);
    assert_int_equal(gmc_alloc_find("hgalloc", &f, err, sizeof err), 0);
    assert_ptr_equal(f, &gmc_alloc_hg);
    assert_int_equal(gmc_alloc_find("hold-grant", &f, err, sizeof err), -1);
    assert_non_null(strstr(err, "expected one of rr, hgalloc"));
    assert_non_null(strstr(err, "found 'hold-grant'"));
    print_message("    %u registered allocator%s under test\n", n, n == 1 ? "" : "s");
}

static void bad_ports_are_refused_with_one_line(void **st)
{
    static const gmc_alloc_cfg_t bad[] = {
        {0, 4, 1, {0}}, {4, 0, 1, {0}}, {4, 4, 0, {0}}, {4, 4, 65, {0}}, {70000, 4, 1, {0}},
        {4, 4, 1, {GMC_ALLOC_HOLD_N, 4, 0, 8, 2}},
    };
    for (unsigned i = 0; gmc_alloc_get(i); i++)
        for (unsigned k = 0; k < sizeof bad / sizeof *bad; k++) {
            gmc_alloc_t a;
            char err[256] = "";
            assert_int_equal(gmc_alloc_init(&a, gmc_alloc_get(i), &bad[k], err, sizeof err), -1);
            assert_non_null(strstr(err, "expected"));
            assert_non_null(strstr(err, "found"));
            assert_null(strchr(err, '\n'));
            assert_null(a.ops);
        }
}

/* ---- the contract, every allocator ---- */

static const uint32_t shapes[][3] = {   /* inputs, outputs, vcs */
    {32, 32, 1}, {8, 3, 1}, {100, 70, 1}, {5, 9, 3}, {32, 32, 2}, {70, 100, 4}, {64, 64, 8}, {1, 1, 1},
};
#define NSHAPES (sizeof shapes / sizeof *shapes)

static void every_grant_is_a_request_to_a_ready_output_one_per_port(void **st)
{
    for (unsigned i = 0; gmc_alloc_get(i); i++) {
        const gmc_alloc_ops_t *ops = gmc_alloc_get(i);
        uint64_t calls = 0, grants = 0;
        for (unsigned s = 0; s < NSHAPES; s++) {
            if (!fits(ops, shapes[s][0], shapes[s][1]))
                continue;
            matrix_t m;
            matrix_init(&m, shapes[s][0], shapes[s][1], shapes[s][2]);
            gmc_alloc_t a;
            make(&a, ops, &m.c);
            gmc_rng_t g;
            gmc_rng_seed(&g, 100 + s);
            uint32_t req[MAXO], out[MAXO];
            uint8_t in_used[512], out_used[MAXO];
            for (unsigned t = 0; t < 3000; t++) {
                matrix_random(&m, &g, (unsigned)(10 + t % 80));
                uint32_t k = run(&a, &m, req, out);
                memset(in_used, 0, sizeof in_used);
                memset(out_used, 0, sizeof out_used);
                int possible = 0;   /* some request to a ready output */
                for (uint32_t o = 0; o < m.c.outputs && !possible; o++)
                    for (uint32_t r = 0; r < m.c.inputs * m.c.vcs && is_ready(&m, o); r++)
                        possible |= requests(&m, r, o);
                if (possible && !k)
                    fail_msg("%s, shape %u, call %u: nothing granted though a request could be", ops->name,
                             s, t);
                if (k > m.c.outputs)
                    fail_msg("%s: %u grants for %u outputs", ops->name, k, m.c.outputs);
                for (uint32_t j = 0; j < k; j++) {
                    uint32_t r = req[j], o = out[j], port = r % m.c.inputs;
                    if (r >= m.c.inputs * m.c.vcs || o >= m.c.outputs || !requests(&m, r, o) ||
                        !is_ready(&m, o) || in_used[port]++ || out_used[o]++)
                        fail_msg("%s, shape %u, call %u: grant %u (requester %u, output %u) is not a "
                                 "request to a ready output once per port", ops->name, s, t, j, r, o);
                }
                calls++;
                grants += k;
            }
            gmc_alloc_free(&a);
        }
        print_message("    %s: %llu calls, %llu grants, each a request to a ready output, one per input "
                      "and output\n", ops->name, (unsigned long long)calls, (unsigned long long)grants);
    }
}

static void the_same_requests_give_the_same_grants(void **st)
{
    for (unsigned i = 0; gmc_alloc_get(i); i++)
        for (unsigned s = 0; s < NSHAPES; s++) {
            if (!fits(gmc_alloc_get(i), shapes[s][0], shapes[s][1]))
                continue;
            matrix_t m;
            matrix_init(&m, shapes[s][0], shapes[s][1], shapes[s][2]);
            gmc_alloc_t a, b;
            make(&a, gmc_alloc_get(i), &m.c);
            make(&b, gmc_alloc_get(i), &m.c);
            gmc_rng_t g;
            gmc_rng_seed(&g, 200 + s);
            for (unsigned t = 0; t < 1000; t++) {
                matrix_random(&m, &g, 50);
                uint32_t ra[MAXO], oa[MAXO], rb[MAXO], ob[MAXO];
                uint32_t ka = run(&a, &m, ra, oa), kb = run(&b, &m, rb, ob);
                assert_int_equal(ka, kb);
                assert_memory_equal(ra, rb, ka * sizeof *ra);
                assert_memory_equal(oa, ob, ka * sizeof *oa);
            }
            gmc_alloc_free(&a);
            gmc_alloc_free(&b);
        }
}

/* ---- round robin ---- */

static void rr_two_inputs_to_one_output_alternate(void **st)
{
    matrix_t m;
    matrix_init(&m, 4, 2, 1);
    gmc_alloc_t a;
    make(&a, &gmc_alloc_rr, &m.c);
    request(&m, 1, 0);
    request(&m, 3, 0);
    ready(&m, 0);
    uint32_t req[4], out[4], got[6];
    for (unsigned t = 0; t < 6; t++) {
        assert_int_equal(run(&a, &m, req, out), 1);
        assert_int_equal(out[0], 0);
        got[t] = req[0];
    }
    uint32_t want[6] = {1, 3, 1, 3, 1, 3};
    assert_memory_equal(got, want, sizeof want);
    gmc_alloc_free(&a);
}

static void rr_an_output_that_cannot_grant_keeps_its_pointer(void **st)
{
    matrix_t m;
    matrix_init(&m, 4, 1, 1);
    gmc_alloc_t a;
    make(&a, &gmc_alloc_rr, &m.c);
    uint32_t req[1], out[1];
    request(&m, 2, 0);
    ready(&m, 0);
    assert_int_equal(run(&a, &m, req, out), 1);   /* grants 2: the pointer is at 2 */
    assert_int_equal(req[0], 2);
    for (uint32_t r = 0; r < 4; r++)
        request(&m, r, 0);
    m.ready[0] = 0;   /* not ready: no grant, and the pointer stays */
    assert_int_equal(run(&a, &m, req, out), 0);
    ready(&m, 0);
    assert_int_equal(run(&a, &m, req, out), 1);
    assert_int_equal(req[0], 3);   /* after 2, not after some other */
    gmc_alloc_free(&a);
}

static void rr_an_input_whose_pick_lost_keeps_its_vc_pointer(void **st)
{
    /* Two inputs, two VCs, one output.  Requester r = vc * 2 + input. */
    matrix_t m;
    matrix_init(&m, 2, 1, 2);
    gmc_alloc_t a;
    make(&a, &gmc_alloc_rr, &m.c);
    uint32_t req[1], out[1];
    ready(&m, 0);
    request(&m, 0, 0);   /* input 0, VC 0 alone: granted; input 0's VC pointer at 0, output's at 0 */
    assert_int_equal(run(&a, &m, req, out), 1);
    assert_int_equal(req[0], 0);
    request(&m, 2, 0);   /* input 0 VC 1 */
    request(&m, 1, 0);   /* input 1 VC 0 */
    /* input 0 picks VC 1 (after 0), input 1 its VC 0; the output, after
     * input 0, grants input 1: input 0's pick lost */
    assert_int_equal(run(&a, &m, req, out), 1);
    assert_int_equal(req[0], 1);
    m.req[0] &= ~(1ull << 1);   /* input 1 served */
    /* input 0's pointer did not move to VC 1: it picks VC 1 again, and wins */
    assert_int_equal(run(&a, &m, req, out), 1);
    assert_int_equal(req[0], 2);
    gmc_alloc_free(&a);
}

static void rr_starves_no_requester(void **st)
{
    /* Every requester keeps requesting a fixed output, every output always
     * ready: each is granted within inputs x vcs calls of the last time. */
    for (unsigned s = 0; s < NSHAPES; s++) {
        matrix_t m;
        matrix_init(&m, shapes[s][0], shapes[s][1], shapes[s][2]);
        gmc_alloc_t a;
        make(&a, &gmc_alloc_rr, &m.c);
        gmc_rng_t g;
        gmc_rng_seed(&g, 300 + s);
        uint32_t nr = m.c.inputs * m.c.vcs, last[512] = {0};
        for (uint32_t r = 0; r < nr; r++)
            request(&m, r, (uint32_t)gmc_rng_below(&g, m.c.outputs));
        for (uint32_t o = 0; o < m.c.outputs; o++)
            ready(&m, o);
        uint32_t req[MAXO], out[MAXO], worst = 0;
        for (uint32_t t = 1; t <= 4 * nr; t++) {
            uint32_t k = run(&a, &m, req, out);
            for (uint32_t j = 0; j < k; j++) {
                worst = t - last[req[j]] > worst ? t - last[req[j]] : worst;
                last[req[j]] = t;
            }
        }
        for (uint32_t r = 0; r < nr; r++)
            worst = 4 * nr - last[r] > worst ? 4 * nr - last[r] : worst;
        if (worst > nr)
            fail_msg("shape %u: a requester waited %u calls, more than %u", s, worst, nr);
        gmc_alloc_free(&a);
    }
}


/* ---- the hold-grant allocator ---- */

static void an_allocator_refuses_more_ports_than_it_takes_and_a_hold_it_cannot_do(void **st)
{
    gmc_alloc_t a;
    char err[256] = "";
    const gmc_alloc_cfg_t big = {65, 8, 1, {0}};
    assert_int_equal(gmc_alloc_init(&a, &gmc_alloc_hg, &big, err, sizeof err), -1);
    assert_string_equal(err, "icnt allocator hgalloc: expected 1..64 inputs and outputs, found 65 x 8");
    const gmc_alloc_cfg_t hold = {4, 4, 1, {GMC_ALLOC_HOLD_HG, 4, 0, 8, 2}};
    assert_int_equal(gmc_alloc_init(&a, &gmc_alloc_rr, &hold, err, sizeof err), -1);
    assert_non_null(strstr(err, "icnt allocator rr: icnt_hold: expected none"));
    assert_non_null(strstr(err, "found hg"));
    make(&a, &gmc_alloc_hg, &hold);
    gmc_alloc_free(&a);
}

static void hgalloc_without_a_policy_grants_as_round_robin_with_one_vc(void **st)
{
    static const uint32_t sh[][2] = {{32, 32}, {8, 3}, {28, 8}, {64, 64}, {1, 1}, {5, 40}};
    uint64_t grants = 0;
    for (unsigned s = 0; s < sizeof sh / sizeof *sh; s++) {
        matrix_t m;
        matrix_init(&m, sh[s][0], sh[s][1], 1);
        gmc_alloc_t a, b;
        make(&a, &gmc_alloc_rr, &m.c);
        make(&b, &gmc_alloc_hg, &m.c);
        gmc_rng_t g;
        gmc_rng_seed(&g, 400 + s);
        for (unsigned t = 0; t < 3000; t++) {
            matrix_random(&m, &g, (unsigned)(10 + t % 80));
            uint32_t ra[MAXO], oa[MAXO], rb[MAXO], ob[MAXO];
            uint32_t ka = run(&a, &m, ra, oa), kb = run(&b, &m, rb, ob);
            assert_int_equal(ka, kb);
            assert_memory_equal(ra, rb, ka * sizeof *ra);
            assert_memory_equal(oa, ob, ka * sizeof *oa);
            grants += ka;
        }
        assert_int_equal(b.holds, 0);
        gmc_alloc_free(&a);
        gmc_alloc_free(&b);
    }
    print_message("    %llu grants, the same from rr and hgalloc\n", (unsigned long long)grants);
}

static void hgalloc_holds_a_stream_and_counts_holds_and_their_ends(void **st)
{
    /* Two inputs stream to output 0; with a limit of 2 the grants go
     * 0 0 0 1 1 1 0 ...: one ordinary grant and two holds each. */
    matrix_t m;
    matrix_init(&m, 2, 1, 1);
    m.c.hold = (gmc_alloc_hold_t){GMC_ALLOC_HOLD_HG, 4, 2, 8, 2};
    gmc_alloc_t a;
    make(&a, &gmc_alloc_hg, &m.c);
    request(&m, 0, 0);
    request(&m, 1, 0);
    ready(&m, 0);
    uint32_t req[1], out[1], got[7];
    for (unsigned t = 0; t < 7; t++) {
        assert_int_equal(run(&a, &m, req, out), 1);
        got[t] = req[0];
    }
    const uint32_t want[7] = {0, 0, 0, 1, 1, 1, 0};
    assert_memory_equal(got, want, sizeof want);
    assert_int_equal(a.holds, 4);
    assert_int_equal(a.hold_ends, 2);
    gmc_alloc_free(&a);
}

static void hgalloc_compares_the_row_of_the_head_that_goes(void **st)
{
    /* RMHG over two VCs: input 0's VC 1 head (row 7) holds output 0 while
     * its row repeats; a head of another row ends the hold. */
    matrix_t m;
    matrix_init(&m, 2, 1, 2);
    m.c.hold = (gmc_alloc_hold_t){GMC_ALLOC_HOLD_RMHG, 4, 0, 8, 2};
    gmc_alloc_t a;
    make(&a, &gmc_alloc_hg, &m.c);
    uint32_t row[4] = {0, 0, 7, 0};   /* requester r = vc * 2 + input */
    uint8_t bank[4] = {0};
    request(&m, 2, 0);                /* input 0, VC 1 */
    request(&m, 1, 0);                /* input 1, VC 0 */
    ready(&m, 0);
    uint32_t req[1], out[1];
    const gmc_alloc_in_t in = {m.req, m.words, m.ready, row, bank};
    assert_int_equal(gmc_alloc_allocate(&a, &in, req, out), 1);
    assert_int_equal(req[0], 2);
    assert_int_equal(gmc_alloc_allocate(&a, &in, req, out), 1);
    assert_int_equal(req[0], 2);      /* same row: held */
    assert_int_equal(a.holds, 1);
    row[2] = 8;
    assert_int_equal(gmc_alloc_allocate(&a, &in, req, out), 1);
    assert_int_equal(req[0], 1);      /* another row: round robin's turn */
    gmc_alloc_free(&a);
}

int main(void)
{
    const struct CMUnitTest t[] = {
        cmocka_unit_test(the_registry_finds_each_allocator_and_lists_them_on_error),
        cmocka_unit_test(bad_ports_are_refused_with_one_line),
        cmocka_unit_test(every_grant_is_a_request_to_a_ready_output_one_per_port),
        cmocka_unit_test(the_same_requests_give_the_same_grants),
        cmocka_unit_test(rr_two_inputs_to_one_output_alternate),
        cmocka_unit_test(rr_an_output_that_cannot_grant_keeps_its_pointer),
        cmocka_unit_test(rr_an_input_whose_pick_lost_keeps_its_vc_pointer),
        cmocka_unit_test(rr_starves_no_requester),
        cmocka_unit_test(an_allocator_refuses_more_ports_than_it_takes_and_a_hold_it_cannot_do),
        cmocka_unit_test(hgalloc_without_a_policy_grants_as_round_robin_with_one_vc),
        cmocka_unit_test(hgalloc_holds_a_stream_and_counts_holds_and_their_ends),
        cmocka_unit_test(hgalloc_compares_the_row_of_the_head_that_goes),
    };
    return cmocka_run_group_tests_name("gmc_alloc (every registered allocator)", t, NULL, NULL);
}
