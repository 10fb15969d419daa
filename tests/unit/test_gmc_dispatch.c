/* CTA dispatchers (gmc_dispatch.h): the registry, round robin's rules and
 * its next_event, and the plug-in point in a running GPU -- a dispatcher
 * that launches on a timer makes the GPU jump to the time it names (and a
 * later answer than the truth changes the run: the jump asks it), a
 * TEMP-like one with per-SM queues of consecutive CTAs runs every CTA
 * once, both the same with the GPU's skipping and without it, and a
 * launch the API does not allow fails the run with one line. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "gpu/gmc_gpu_impl.h"
#include "test_gpu.h"

/* ---- the registry and the machine key ---- */

static void rr_is_registered_and_unknown_names_are_listed(void **st)
{
    assert_ptr_equal(gmc_dispatch_get(0), &gmc_dispatch_rr);
    const gmc_dispatch_ops_t *f = NULL;
    char err[256] = "";
    assert_int_equal(gmc_dispatch_find("rr", &f, err, sizeof err), 0);
    assert_ptr_equal(f, &gmc_dispatch_rr);
    assert_int_equal(gmc_dispatch_find("temp", &f, err, sizeof err), -1);
    assert_string_equal(err, "cta_dispatch: expected one of rr, serial, found 'temp'");
    gmc_machine_t m;
    assert_int_equal(gmc_machine_preset("rtx2060s", &m, err, sizeof err), 0);
    assert_string_equal(m.cta_dispatch, "rr");
    assert_int_equal(gmc_machine_set(&m, "cta_dispatch=temp", err, sizeof err), 0);
    assert_int_equal(gmc_machine_check(&m, err, sizeof err), -1);
    assert_string_equal(err, "machine rtx2060s: cta_dispatch: expected one of rr, serial, found 'temp'");
    m.cta_dispatch[0] = 0;   /* a machine from before the key: the default */
    assert_int_equal(gmc_machine_check(&m, err, sizeof err), 0);
}

/* ---- a GPU to dispatch on ---- */

static gmc_gpu_t *gpu(const char *preset, const gmc_dispatch_ops_t *d, int every_edge)
{
    gmc_gpu_cfg_t c;
    test_gpu_cfg(&c, preset);
    c.dispatch = d;
    c.every_edge = every_edge;
    return test_gpu_new(&c);
}

/* The tk kernel, counting how often each CTA ended (and how often its
 * warps began). */
static uint32_t ended[4096], begun[4096];

static void count_begin(gmc_kernel_t *k, uint32_t cta, uint32_t warp, gmc_warp_cursor_t *c)
{
    begun[cta]++;
    tk_begin(k, cta, warp, c);
}

static void count_end(gmc_kernel_t *k, uint32_t cta) { ended[cta]++; }

static const gmc_kernel_ops_t counted_ops = {count_begin, tk_next, count_end};

static void counted_kernel(gmc_kernel_t *k, tk_t *t, uint32_t ctas, uint32_t threads)
{
    tk_make(k, t, ctas, threads);
    k->ops = &counted_ops;
    memset(ended, 0, sizeof ended);
    memset(begun, 0, sizeof begun);
}

/* ---- round robin ---- */

/* One call asks every SM once from the pointer: 12 CTAs on 12 empty SMs
 * land one per SM, CTA i on SM i; the next call starts after the SM
 * served last.  (The loop had indexed from a pointer it moved inside the
 * loop: SMs 0, 2, 5, 9, ... got 1, 0, 2, 1, 0, 3, ... CTAs.) */
static void rr_gives_each_sm_at_most_one_cta_per_call_in_order(void **st)
{
    gmc_gpu_t *g = gpu("pae-gddr5", NULL, 0);   /* 12 SMs, 4 CTAs of this kernel fit one */
    tk_t t = {1, 0, 0, 1};
    gmc_kernel_t k;
    tk_make(&k, &t, 200, 256);
    g->k = &k;
    g->ctas_total = 200;
    g->next_cta = g->ctas_launched = 0;
    gmc_dispatch_t *d = &g->disp;
    d->ops->kernel_begin(d);
    assert_int_equal(d->ops->next_event(d), g->core_cyc);
    d->ops->dispatch(d);
    for (unsigned i = 0; i < g->nsm; i++) {
        if (g->sm[i].nctas != 1)
            fail_msg("SM %u: %u CTAs after the first call, expected 1", i, g->sm[i].nctas);
        assert_int_equal(g->sm[i].cta[0].kcta, i);
    }
    assert_int_equal(gmc_dispatch_launched(d), 12);
    d->ops->dispatch(d);   /* the second round: CTA 12 + i on SM i again */
    for (unsigned i = 0; i < g->nsm; i++) {
        assert_int_equal(g->sm[i].nctas, 2);
        assert_int_equal(g->sm[i].cta[1].kcta, 12 + i);
    }
    g->k = NULL;
    gmc_gpu_delete(g);
}

/* Fewer CTAs than SMs: the next kernel's first CTA goes after the SM the
 * previous one ended on (the pointer is kept), still one per SM. */
static void rr_goes_on_after_the_sm_served_last(void **st)
{
    gmc_gpu_t *g = gpu("pae-gddr5", NULL, 0);
    tk_t t = {1, 0, 0, 1};
    gmc_kernel_t k;
    tk_make(&k, &t, 5, 256);
    g->k = &k;
    g->ctas_total = 5;
    g->next_cta = g->ctas_launched = 0;
    gmc_dispatch_t *d = &g->disp;
    d->ops->kernel_begin(d);
    d->ops->dispatch(d);   /* CTAs 0..4 on SMs 0..4 */
    g->ctas_total = 15;    /* as if a second kernel of 10 CTAs began (ids 5..14) */
    d->ops->kernel_begin(d);
    d->ops->dispatch(d);   /* SMs 5..11, then 0, 1, 2 */
    static const unsigned want[12] = {2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1};
    for (unsigned i = 0; i < g->nsm; i++)
        if (g->sm[i].nctas != want[i])
            fail_msg("SM %u: %u CTAs, expected %u", i, g->sm[i].nctas, want[i]);
    assert_int_equal(g->sm[5].cta[0].kcta, 5);
    assert_int_equal(g->sm[0].cta[1].kcta, 12);
    g->k = NULL;
    gmc_gpu_delete(g);
}

static void rr_waits_for_a_cta_to_end_once_every_sm_is_full(void **st)
{
    gmc_gpu_t *g = gpu("pae-gddr5", NULL, 0);
    tk_t t = {1, 0, 0, 1};
    gmc_kernel_t k;
    tk_make(&k, &t, 200, 256);
    g->k = &k;
    g->ctas_total = 200;
    g->next_cta = g->ctas_launched = 0;
    gmc_dispatch_t *d = &g->disp;
    d->ops->kernel_begin(d);
    for (unsigned r = 0; r < 20; r++)
        d->ops->dispatch(d);
    assert_int_equal(gmc_dispatch_launched(d), 12 * 4);   /* 4 CTAs of 8192 registers per SM */
    for (unsigned i = 0; i < g->nsm; i++)
        assert_int_equal(g->sm[i].nctas, 4);
    assert_int_equal(d->ops->next_event(d), GMC_DISPATCH_NEVER);
    d->ops->cta_end(d, 5);   /* SM 5 has room again (gmc_sm.c says so when a CTA ends) */
    assert_int_equal(d->ops->next_event(d), g->core_cyc);
    d->ops->cta_end(d, 5);
    d->ops->dispatch(d);     /* asks SM 5 again: still full (nothing ended really) */
    assert_int_equal(d->ops->next_event(d), GMC_DISPATCH_NEVER);
    d->ops->kernel_begin(d); /* a new kernel: every SM worth asking */
    assert_int_equal(d->ops->next_event(d), g->core_cyc);
    g->k = NULL;
    gmc_gpu_delete(g);
}

/* ---- a dispatcher on a timer ---- */

/* One CTA every `period` core cycles, on SM (id mod SMs), as soon as the
 * time has come and it fits; next_event says when (plus `late`). */
static uint64_t period = 3000, late;

typedef struct { uint64_t next_at; } timer_t_;

static int timer_init(gmc_dispatch_t *d, char *err, size_t n)
{
    d->priv = calloc(1, sizeof(timer_t_));
    return d->priv ? 0 : (snprintf(err, n, "timer: out of memory"), -1);
}

static void timer_free(gmc_dispatch_t *d) { free(d->priv); }

static void timer_begin(gmc_dispatch_t *d) { ((timer_t_ *)d->priv)->next_at = gmc_dispatch_now(d); }

static void timer_dispatch(gmc_dispatch_t *d)
{
    timer_t_ *t = d->priv;
    unsigned sm = gmc_dispatch_next_cta(d) % gmc_dispatch_sms(d);
    if (gmc_dispatch_now(d) >= t->next_at && gmc_dispatch_fits(d, sm)) {
        gmc_dispatch_launch(d, sm, gmc_dispatch_take(d));
        t->next_at = gmc_dispatch_now(d) + period;
    }
}

static uint64_t timer_next_event(const gmc_dispatch_t *d)
{
    const timer_t_ *t = d->priv;
    uint64_t now = gmc_dispatch_now(d);
    return t->next_at > now ? t->next_at + late : now;   /* it fits: an idle GPU */
}

static const gmc_dispatch_ops_t timer = {
    "timer", "one CTA per period", timer_dispatch, timer_next_event, NULL, timer_begin, timer_init,
    timer_free,
};

static char *timed_run(int every_edge, uint64_t *cycles, uint64_t *jumps)
{
    gmc_gpu_t *g = gpu("pae-gddr5", &timer, every_edge);
    tk_t t = {2, 0, 0, 5};
    gmc_kernel_t k;
    counted_kernel(&k, &t, 10, 64);
    char err[512];
    if (gmc_gpu_run(g, &k, err, sizeof err))
        fail_msg("%s", err);
    for (unsigned c = 0; c < 10; c++)
        assert_int_equal(ended[c], 1);
    char *r = test_gpu_report(g);
    gmc_gpu_stats_t s;
    gmc_gpu_stats(g, &s);
    *cycles = s.cycles;
    *jumps = g->jumps;
    gmc_gpu_delete(g);
    return r;
}

static void the_gpu_jumps_to_the_dispatchers_next_event(void **st)
{
    uint64_t cs, ca, cl, js, ja, jl;
    late = 0;
    char *a = timed_run(0, &cs, &js);
    char *b = timed_run(1, &ca, &ja);
    assert_string_equal(a, b);          /* skipping to its times changes nothing */
    assert_true(cs >= 9 * period);      /* the timer paced the kernel */
    assert_true(js >= 9);               /* and the GPU jumped over each wait */
    assert_int_equal(ja, 0);
    /* an answer later than the truth moves the launches: the jump asks it */
    late = 500;
    char *c = timed_run(0, &cl, &jl);
    late = 0;
    assert_true(cl > cs);
    print_message("    10 CTAs at %llu-cycle intervals: %llu cycles, %llu jumps (%llu cycles when "
                  "next_event answers 500 late)\n", (unsigned long long)period,
                  (unsigned long long)cs, (unsigned long long)js, (unsigned long long)cl);
    free(a);
    free(b);
    free(c);
}

/* ---- TEMP-like: serial per-SM queues of consecutive CTAs ---- */

typedef struct {
    unsigned  sms;
    uint32_t *q;           /* [sms][per]: each SM's CTA ids */
    unsigned *head, *len;
    unsigned  per;
    uint8_t  *full;        /* the SM's head did not fit and no CTA ended there since */
    uint32_t  launched_on[4096];
} temp_t;

static int temp_init(gmc_dispatch_t *d, char *err, size_t n)
{
    temp_t *t = calloc(1, sizeof *t);
    t->sms = gmc_dispatch_sms(d);
    t->head = calloc(t->sms, sizeof *t->head);
    t->len = calloc(t->sms, sizeof *t->len);
    t->full = calloc(t->sms, 1);
    d->priv = t;
    return 0;
}

static void temp_free(gmc_dispatch_t *d)
{
    temp_t *t = d->priv;
    free(t->q);
    free(t->head);
    free(t->len);
    free(t->full);
    free(t);
}

/* Consecutive ids, ceil(ctas / sms) to an SM (the last ones get fewer). */
static void temp_begin(gmc_dispatch_t *d)
{
    temp_t *t = d->priv;
    uint32_t ctas = gmc_dispatch_ctas(d);
    t->per = (ctas + t->sms - 1) / t->sms;
    free(t->q);
    t->q = calloc((size_t)t->sms * t->per, sizeof *t->q);
    for (unsigned s = 0; s < t->sms; s++) {
        t->head[s] = t->len[s] = 0;
        t->full[s] = 0;
        while (t->len[s] < t->per && gmc_dispatch_next_cta(d) < ctas)
            t->q[s * t->per + t->len[s]++] = gmc_dispatch_take(d);
    }
}

static void temp_dispatch(gmc_dispatch_t *d)
{
    temp_t *t = d->priv;
    for (unsigned s = 0; s < t->sms; s++) {
        if (t->head[s] == t->len[s] || (t->full[s] && !gmc_dispatch_reference(d)))
            continue;
        if (gmc_dispatch_fits(d, s)) {
            uint32_t id = t->q[s * t->per + t->head[s]++];
            t->launched_on[id] = s;
            gmc_dispatch_launch(d, s, id);
        } else {
            t->full[s] = 1;
        }
    }
}

static uint64_t temp_next_event(const gmc_dispatch_t *d)
{
    const temp_t *t = d->priv;
    for (unsigned s = 0; s < t->sms; s++)
        if (t->head[s] < t->len[s] && !t->full[s])
            return gmc_dispatch_now(d);
    return GMC_DISPATCH_NEVER;
}

static void temp_cta_end(gmc_dispatch_t *d, unsigned sm) { ((temp_t *)d->priv)->full[sm] = 0; }

static const gmc_dispatch_ops_t temp = {
    "temp-like", "serial per-SM queues of consecutive CTAs", temp_dispatch, temp_next_event,
    temp_cta_end, temp_begin, temp_init, temp_free,
};

static char *temp_run(int every_edge, uint32_t ctas)
{
    gmc_gpu_t *g = gpu("pae-gddr5", &temp, every_edge);
    tk_t t = {3, 1, 4 << 20, 9};
    gmc_kernel_t k;
    counted_kernel(&k, &t, ctas, 256);
    char err[512];
    if (gmc_gpu_run(g, &k, err, sizeof err))
        fail_msg("%s", err);
    const temp_t *q = g->disp.priv;
    uint32_t per = (ctas + 11) / 12;
    for (uint32_t c = 0; c < ctas; c++) {
        assert_int_equal(ended[c], 1);           /* every CTA ran, once */
        assert_int_equal(begun[c], 8);
        assert_int_equal(q->launched_on[c], c / per);   /* on the SM of its run of ids */
    }
    char *r = test_gpu_report(g);
    gmc_gpu_delete(g);
    return r;
}

static void per_sm_queues_of_consecutive_ctas_run_each_cta_once(void **st)
{
    char *a = temp_run(0, 100);
    char *b = temp_run(1, 100);
    assert_string_equal(a, b);
    free(a);
    free(b);
}

/* ---- what the API refuses ---- */

static void bad_dispatch(gmc_dispatch_t *d)
{
    gmc_dispatch_launch(d, 0, gmc_dispatch_next_cta(d));   /* never taken */
}

static void a_launch_of_an_id_not_taken_fails_the_run_with_one_line(void **st)
{
    static const gmc_dispatch_ops_t bad = {"bad", "launches without taking", bad_dispatch, NULL, NULL,
                                           NULL, NULL, NULL};
    gmc_gpu_t *g = gpu("pae-gddr5", &bad, 0);
    tk_t t = {1, 0, 0, 1};
    gmc_kernel_t k;
    tk_make(&k, &t, 4, 64);
    char err[512];
    assert_int_equal(gmc_gpu_run(g, &k, err, sizeof err), -1);
    assert_string_equal(err, "CTA dispatch bad: launch of CTA 0 on SM 0: expected a taken CTA id (< 0) "
                             "on an SM it fits, found an id not taken");
    gmc_gpu_delete(g);
}

int main(void)
{
    const struct CMUnitTest t[] = {
        cmocka_unit_test(rr_is_registered_and_unknown_names_are_listed),
        cmocka_unit_test(rr_gives_each_sm_at_most_one_cta_per_call_in_order),
        cmocka_unit_test(rr_goes_on_after_the_sm_served_last),
        cmocka_unit_test(rr_waits_for_a_cta_to_end_once_every_sm_is_full),
        cmocka_unit_test(the_gpu_jumps_to_the_dispatchers_next_event),
        cmocka_unit_test(per_sm_queues_of_consecutive_ctas_run_each_cta_once),
        cmocka_unit_test(a_launch_of_an_id_not_taken_fails_the_run_with_one_line),
    };
    return cmocka_run_group_tests_name("gmc_dispatch", t, NULL, NULL);
}
