/* mem_equiv: skipping idle cycles changes nothing.
 *
 * For random GPU-like request streams (many warps, multi-request loads with
 * row locality, bursts that fill the queues, writes, refresh, traces with
 * and without timestamps and warp ids) and random controller settings
 * (queue sizes, drain watermarks, age cap), every scheduler runs at 1, 2
 * and 16 channels twice: as gmc runs (probe, wake, idle skip) and as the
 * slow reference (cfg.every_cycle: every controller stepped every cycle).
 * The two must agree on a digest of every served request (id, channel,
 * bank, row, column, type, arrival, first command, data done, class) in
 * serve order and on every counter of every channel (gmc_mc_stats_t,
 * gmc_dram_stats_t, the latency histograms' summaries, the run's cycles).
 * A run that the livelock watchdog stops (gmc_memsys_run) is a failure.
 * Each trace also runs under the controller's other policies
 * (gmc_mc_pol.h: every write policy x every row policy besides the
 * defaults, the timeout drawn per trace), every scheduler, at a channel
 * count that rotates over the traces: the policies' skip-ahead answers are
 * checked the same way.
 *
 * usage: mem_equiv [--seed S] [--traces N] [--requests R] [--fault F] [--dump K]
 *                  [--only-trace K] [--only-sched NAME] [--only-variant V]
 *                  [--only-policy WRITE/ROW]
 * Prints what it compared and "P passed, F failed" (one per run pair).
 * --only-trace K runs trace K alone (of the same seed; traces K + 1 or more
 * are enough), --only-sched NAME one scheduler, --only-variant V one of
 * warped-mc's readings (score_at = V & 1, m_rule = V >> 1): a mismatch of a
 * long soak is checked again in seconds.
 * --only-policy WRITE/ROW runs that policy pair alone (gpgpusim/open: the
 * default runs).
 * --fault F re-creates a fixed bug (GMC_FAULT_*, mc/gmc_test_fault_impl.h)
 * in the fast run: the program must then report failures (make test checks
 * that it does).  Fault 8 (GMC_FAULT_ROWPOL) makes gmc_mc_wake ignore the
 * row policy: a request entering a bank whose row the policy was about to
 * close keeps the look-ahead that closes it.
 * --dump K writes trace K in gmc's trace format to stdout and the gmc mem
 * options of its settings to stderr, for replaying a mismatch with
 * `gmc mem --step-every-cycle`. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mc/gmc_memsys_impl.h"
#include "mc/gmc_mc_pol.h"
#include "mc/gmc_test_fault_impl.h"
#include "mc/gmc_sched.h"
#include "mem/gmc_dram_cfg.h"
#include "util/gmc_rng.h"

typedef struct {
    const gmc_memtrace_rec_t *r;
    size_t n, i;
} arr_src_t;

static int arr_src(void *ctx, gmc_memtrace_rec_t *r, char *err, size_t n)
{
    (void)err, (void)n;
    arr_src_t *a = ctx;
    if (a->i == a->n)
        return 0;
    *r = a->r[a->i++];
    return 1;
}

static void mix(uint64_t *h, uint64_t v)
{
    for (int k = 0; k < 8; k++, v >>= 8)
        *h = (*h ^ (v & 0xff)) * 0x100000001b3ull;
}

typedef struct {
    uint64_t digest, served;
} digest_t;

static void on_served(void *ctx, unsigned ch, const gmc_mc_req_t *r)
{
    digest_t *d = ctx;
    const uint64_t v[] = {r->id, ch, r->bank, r->row, r->col, r->is_write, r->arrival,
                          r->first_cmd, r->done, r->cls};
    for (size_t k = 0; k < sizeof v / sizeof v[0]; k++)
        mix(&d->digest, v[k]);
    d->served++;
}

/* The controller settings of one trace. */
typedef struct {
    unsigned rq, wq, wq_high, wq_low, refresh, trefi;
    uint64_t age_cap;
    uint32_t row_timeout;   /* for the timeout row policy */
    unsigned pq_entries, pq_high, pq_low, pq_per_channel;   /* for the pcmwq write policy */
} knobs_t;

/* A policy pair (NULL: the default). */
typedef struct {
    const gmc_mc_wpol_t *w;
    const gmc_mc_rowpol_t *r;
} pols_t;

static unsigned pick(gmc_rng_t *g, const unsigned *v, unsigned n)
{
    return v[gmc_rng_below(g, n)];
}

/* A GPU-like stream: warps issue loads of 1..32 requests (same sm, warp,
 * pc) that cluster in a few rows; loads overlap; arrivals come in bursts. */
static size_t gen_trace(gmc_rng_t *g, gmc_memtrace_rec_t *out, size_t n, knobs_t *k)
{
    static const unsigned warps[] = {4, 64, 512}, rqs[] = {1, 4, 8, 16, 64}, wqs[] = {4, 8, 32};
    static const unsigned caps[] = {0, 8, 60, 400, 4096}, wpct[] = {0, 10, 30, 50};
    static const unsigned rowpool[] = {8, 64, 4096};
    const unsigned nw = pick(g, warps, 3), wp = pick(g, wpct, 4), pool = pick(g, rowpool, 3);
    const int timed = gmc_rng_below(g, 5) != 0, warp_ids = gmc_rng_below(g, 6) != 0;
    const unsigned gap = (unsigned)gmc_rng_below(g, 12);   /* mean cycles between loads */
    k->rq = pick(g, rqs, 5);
    k->wq = pick(g, wqs, 3);
    k->wq_high = 1 + (unsigned)gmc_rng_below(g, k->wq);
    k->wq_low = (unsigned)gmc_rng_below(g, k->wq_high);
    k->age_cap = pick(g, caps, 5);   /* 8: a crossing inside a probe's lookahead */
    k->refresh = gmc_rng_below(g, 2) != 0;
    /* 500: refresh takes 84% of the time (tRFC 420), the windows between
     * refreshes are shorter than an ACT + tRAS + PREA (docs/memory.md
     * "Refresh": the livelock that held ACTs fix) */
    k->trefi = gmc_rng_below(g, 3) == 0 ? 500 : gmc_rng_below(g, 2) ? 700 : 3900;
    uint64_t t = 0;
    size_t i = 0;
    while (i < n) {
        unsigned len = 1 + (unsigned)(gmc_rng_below(g, 4) ? gmc_rng_below(g, 4) : gmc_rng_below(g, 32));
        uint32_t sm = (uint32_t)gmc_rng_below(g, 16), w = (uint32_t)gmc_rng_below(g, nw) % 32;
        if (nw > 32)
            sm = (uint32_t)gmc_rng_below(g, nw / 32);
        uint64_t pc = 0x100 + 8 * gmc_rng_below(g, 4);
        int is_w = gmc_rng_below(g, 100) < wp;
        for (unsigned j = 0; j < len && i < n; j++, i++) {
            /* a row of the pool (address bits above the 2 KiB that hold a
             * row's columns across the channels), a sector within it */
            uint64_t row = gmc_rng_below(g, pool) * 0x9e3779b97f4a7c15ull;
            uint64_t a = ((row >> 20) << 13) ^ (gmc_rng_below(g, 64) << 5);
            out[i] = (gmc_memtrace_rec_t){.cycle = t + gmc_rng_below(g, 3), .addr = a & ((1ull << 32) - 1),
                                          .pc = pc, .sm = sm, .warp = w, .is_write = (uint8_t)is_w,
                                          .has_time = (uint8_t)timed, .has_warp = (uint8_t)warp_ids};
            if (i && out[i].cycle < out[i - 1].cycle)
                out[i].cycle = out[i - 1].cycle;
        }
        t += gap ? gmc_rng_below(g, 2 * gap + 1) : 0;
    }
    /* drawn after the trace: the traces and knobs above are the ones the
     * default policies were compared on before there were others */
    static const unsigned timeouts[] = {1, 8, 40, 300};
    k->row_timeout = pick(g, timeouts, 4);
    return n;
}

typedef struct {
    uint64_t act, nonhit;   /* activations; row misses + conflicts */
    uint64_t digest, served, cycles;
    uint64_t stats[16][32];   /* per channel: every counter */
} result_t;

static int run(const gmc_memtrace_rec_t *r, size_t n, const knobs_t *k,
               const gmc_sched_ops_t *s, unsigned wmc, unsigned nch, int slow, unsigned fault,
               pols_t pol, result_t *res)
{
    gmc_memsys_cfg_t c;
    char err[256], warn[1024] = "";
    memset(&c, 0, sizeof c);
    if (gmc_dram_cfg_preset("gddr6-rtx2060s", &c.dram, err, sizeof err, warn, sizeof warn) < 0 ||
        gmc_addrmap_preset("gddr6-rtx2060s", &c.map)) {
        fprintf(stderr, "mem_equiv: %s\n", err);
        return -1;
    }
    c.dram.refresh = k->refresh;
    c.dram.tREFI = k->trefi;
    c.refresh = (int)k->refresh;
    c.channels = nch;
    c.every_cycle = slow;
    gmc_mc_cfg_defaults(&c.mc);
    c.mc.sched = s;
    c.mc.rq = k->rq, c.mc.wq = k->wq, c.mc.wq_high = k->wq_high, c.mc.wq_low = k->wq_low;
    c.mc.age_cap = k->age_cap;
    c.mc.wmc.score_at = (uint8_t)(wmc & 1);   /* Warped-MC's readings (others ignore them) */
    c.mc.wmc.m_rule = (uint8_t)(wmc >> 1);
    c.mc.wpol = pol.w;
    c.mc.rowpol = pol.r;
    c.mc.row_timeout = k->row_timeout;
    c.mc.pcmwq.entries = (uint8_t)k->pq_entries, c.mc.pcmwq.high = (uint8_t)k->pq_high;
    c.mc.pcmwq.low = (uint8_t)k->pq_low, c.mc.pcmwq.per_channel = (uint8_t)k->pq_per_channel;
    gmc_memsys_t ms;
    if (gmc_memsys_init(&ms, &c, err, sizeof err)) {
        fprintf(stderr, "mem_equiv: %s\n", err);
        return -1;
    }
    digest_t d = {14695981039346656037ull, 0};
    gmc_memsys_set_served(&ms, on_served, &d);
    arr_src_t a = {r, n, 0};
    gmc_test_faults = slow ? 0 : fault;   /* the fast run only, and only this run */
    const int failed = gmc_memsys_run(&ms, arr_src, &a, err, sizeof err);
    gmc_test_faults = 0;
    if (failed) {
        gmc_memsys_free(&ms);
        if (!strncmp(err, "livelock", 8))
            return -2;   /* the watchdog: a failed run, reported by the caller */
        fprintf(stderr, "mem_equiv: %s\n", err);
        return -1;
    }
    memset(res, 0, sizeof *res);
    res->digest = d.digest;
    res->served = d.served;
    res->cycles = ms.cycles;
    for (unsigned ch = 0; ch < ms.nch; ch++) {
        const gmc_mc_stats_t *m = &ms.mc[ch].st;
        const gmc_dram_stats_t *ds = &ms.mc[ch].ch.st;
        uint64_t *o = res->stats[ch];   /* at most 16 channels here */
        unsigned j = 0;
        o[j++] = m->reads, o[j++] = m->writes, o[j++] = m->cls[0], o[j++] = m->cls[1];
        o[j++] = m->cls[2], o[j++] = m->age_fired, o[j++] = m->drains;
        o[j++] = m->pending_cycles, o[j++] = m->blp_sum, o[j++] = m->last_done;
        o[j++] = m->outside_sum, o[j++] = m->outside_max;
        for (unsigned q = 0; q < GMC_DRAM_NCMD; q++)
            o[j++] = ds->cmds[q];
        o[j++] = ds->data_busy, o[j++] = ds->last_data_end;
        res->act += ds->cmds[GMC_DRAM_ACT];
        res->nonhit += m->cls[GMC_CLS_MISS] + m->cls[GMC_CLS_CONFLICT];
    }
    for (unsigned l = 0; l < GMC_NLAT; l++) {
        gmc_lat_summary_t h;
        gmc_hist_summary(&ms.stats.lat[l], &h);
        mix(&res->digest, h.n), mix(&res->digest, h.p50), mix(&res->digest, h.p99);
        mix(&res->digest, h.max), mix(&res->digest, ms.stats.lat[l].sum);
    }
    gmc_memsys_free(&ms);
    return 0;
}

static int dump_trace(const gmc_memtrace_rec_t *r, size_t n, const knobs_t *k)
{
    for (size_t i = 0; i < n; i++) {
        if (r[i].has_time)
            printf("%" PRIu64 " ", r[i].cycle);
        printf("%c 0x%" PRIx64, r[i].is_write ? 'W' : 'R', r[i].addr);
        if (r[i].has_warp)
            printf(" %u %u 0x%" PRIx64, r[i].sm, r[i].warp, r[i].pc);
        printf("\n");
    }
    fprintf(stderr, "--rq %u --wq %u --wq-high %u --wq-low %u --age-cap %" PRIu64 "%s", k->rq,
            k->wq, k->wq_high, k->wq_low, k->age_cap, k->refresh ? "" : " --no-refresh");
    fprintf(stderr, " (with --row-policy timeout: --row-timeout %u)", k->row_timeout);
    fprintf(stderr, " (with --write-policy pcmwq: --pcmwq-entries %u --pcmwq-high %u --pcmwq-low %u%s)",
            k->pq_entries, k->pq_high, k->pq_low, k->pq_per_channel ? " --pcmwq-per-channel" : "");
    if (k->refresh)
        fprintf(stderr, " (refresh: tREFI %u, a --dram-cfg with tREFI = %u)", k->trefi, k->trefi);
    fprintf(stderr, "\n");
    return ferror(stdout) || fflush(stdout) ? 1 : 0;
}

/* Compares the fast run with the slow one for one setting; counts it.
 * Returns -1 on an error that ends the program. */
typedef struct {
    uint64_t pass, fail, nreq, cyc, act_checks, livelocks;
} tally_t;

static int compare(const gmc_memtrace_rec_t *r, size_t n, const knobs_t *k, uint64_t t,
                   uint64_t seed, const gmc_sched_ops_t *s, unsigned v, unsigned nch,
                   unsigned fault, pols_t pol, tally_t *y)
{
    static result_t a, b;
    const char *wn = pol.w ? pol.w->name : "gpgpusim", *rn = pol.r ? pol.r->name : "open";
    int ra = run(r, n, k, s, v, nch, 0, fault, pol, &a), rb = 0;
    if (ra != -1)
        rb = run(r, n, k, s, v, nch, 1, 0, pol, &b);
    if (ra == -1 || rb == -1)
        return -1;
    if (ra || rb) {   /* gmc_memsys_run's watchdog */
        y->fail++;
        if (++y->livelocks <= 5)
            printf("LIVELOCK trace %" PRIu64 " (seed %" PRIu64 ") %s/%u, %s/%s, %u channel(s), "
                   "%s: no request served for 2^24 cycles; rq %u wq %u tREFI %u\n",
                   t, seed, s->name, v, wn, rn, nch, ra ? "skipping" : "every cycle", k->rq, k->wq,
                   k->trefi);
        return 0;
    }
    y->nreq += a.served;
    if (a.digest == b.digest && a.served == n && b.served == n && a.cycles == b.cycles &&
        !memcmp(a.stats, b.stats, sizeof a.stats)) {
        y->pass++;
    } else {
        y->fail++;
        if (y->fail <= 5)
            printf("MISMATCH trace %" PRIu64 " (seed %" PRIu64 ") %s/%u, %s/%s, %u channel(s): "
                   "served %" PRIu64 "/%" PRIu64 ", cycles %" PRIu64 "/%" PRIu64
                   ", rq %u wq %u %u/%u age %" PRIu64 " refresh %u row timeout %u\n",
                   t, seed, s->name, v, wn, rn, nch, a.served, b.served, a.cycles, b.cycles,
                   k->rq, k->wq, k->wq_high, k->wq_low, k->age_cap, k->refresh, k->row_timeout);
    }
    y->cyc += a.cycles;
    /* row commitment: without refresh, one activation per row miss or
     * conflict (docs/memory.md "Row commitment"), whatever the policies */
    if (!k->refresh) {
        y->act_checks++;
        if (a.act != a.nonhit) {
            y->fail++;
            printf("ACTIVATIONS trace %" PRIu64 " %s, %s/%s, %u channel(s): %" PRIu64
                   " activations for %" PRIu64 " misses + conflicts\n",
                   t, s->name, wn, rn, nch, a.act, a.nonhit);
        }
    }
    return 0;
}

int main(int argc, char **argv)
{
    uint64_t seed = 1, traces = 40, reqs = 3000;
    unsigned fault = 0;
    int64_t dump = -1, only_trace = -1, only_variant = -1;
    const char *only_sched = NULL, *only_policy = NULL;
    for (int i = 1; i + 1 < argc; i += 2) {
        uint64_t v = strtoull(argv[i + 1], NULL, 0);
        if (!strcmp(argv[i], "--seed"))
            seed = v;
        else if (!strcmp(argv[i], "--traces"))
            traces = v;
        else if (!strcmp(argv[i], "--requests"))
            reqs = v;
        else if (!strcmp(argv[i], "--fault"))
            fault = (unsigned)v;
        else if (!strcmp(argv[i], "--dump"))
            dump = (int64_t)v;
        else if (!strcmp(argv[i], "--only-trace"))
            only_trace = (int64_t)v;
        else if (!strcmp(argv[i], "--only-sched"))
            only_sched = argv[i + 1];
        else if (!strcmp(argv[i], "--only-variant"))
            only_variant = (int64_t)v;
        else if (!strcmp(argv[i], "--only-policy"))
            only_policy = argv[i + 1];
        else {
            fprintf(stderr, "usage: mem_equiv [--seed S] [--traces N] [--requests R] [--fault F] "
                            "[--dump K] [--only-trace K] [--only-sched NAME] [--only-variant V] "
                            "[--only-policy WRITE/ROW]\n");
            return 2;
        }
    }
    gmc_memtrace_rec_t *r = malloc((reqs ? reqs : 1) * sizeof *r);
    if (!r)
        return fprintf(stderr, "mem_equiv: out of memory\n"), 1;
    static const unsigned chans[] = {1, 2, 16};
    /* the policy pairs besides the defaults: every write policy x every
     * row policy, from the registries */
    pols_t pairs[64];
    unsigned npairs = 0;
    for (unsigned w = 0; gmc_mc_wpol_get(w); w++)
        for (unsigned q = 0; gmc_mc_rowpol_get(q); q++)
            if ((w || q) && npairs < 64)
                pairs[npairs++] = (pols_t){gmc_mc_wpol_get(w), gmc_mc_rowpol_get(q)};
    tally_t dflt = {0}, pol = {0};
    uint64_t per_pair[64] = {0};
    if (dump < 0)
        printf("mem_equiv: seed %" PRIu64 ", %" PRIu64 " traces of %" PRIu64 " requests%s\n", seed,
           traces, reqs, fault ? " (with an injected fault)" : "");
    for (uint64_t t = 0; t < traces; t++) {
        if (only_trace >= 0 && (uint64_t)only_trace != t)
            continue;   /* each trace has its own seed: skipping one changes no other */
        gmc_rng_t g;
        gmc_rng_seed(&g, seed * 1000003 + t);
        knobs_t k;
        size_t n = gen_trace(&g, r, reqs, &k);
        /* the write queue's parameters, from a stream of their own (the
         * traces stay those of earlier versions of this program) */
        gmc_rng_t gq;
        gmc_rng_seed(&gq, seed * 1000003 + t + 0x9e3779b9u);
        static const unsigned pqn[] = {1, 2, 4, 8, 8, 16};
        k.pq_entries = pick(&gq, pqn, 6);
        k.pq_high = 1 + (unsigned)gmc_rng_below(&gq, k.pq_entries);
        k.pq_low = (unsigned)gmc_rng_below(&gq, k.pq_high);
        k.pq_per_channel = (unsigned)(t & 1);
        if (dump >= 0) {
            if ((uint64_t)dump == t)
                return dump_trace(r, n, &k);
            continue;
        }
        /* the default policies: every scheduler, warped-mc in its four
         * readings, 1, 2 and 16 channels */
        if (!only_policy || !strcmp(only_policy, "gpgpusim/open"))
            for (unsigned si = 0; gmc_sched_get(si); si++)
                for (unsigned v = 0; v < 4; v++)   /* warped-mc: its four readings */
                for (unsigned ci = 0; ci < 3; ci++) {
                    const gmc_sched_ops_t *s = gmc_sched_get(si);
                    if (v && strcmp(s->name, "warped-mc"))
                        break;
                    if ((only_sched && strcmp(s->name, only_sched)) ||
                        (only_variant >= 0 && !strcmp(s->name, "warped-mc") && (int64_t)v != only_variant))
                        continue;
                    if (compare(r, n, &k, t, seed, s, v, chans[ci], fault, (pols_t){NULL, NULL}, &dflt))
                        return 1;
                }
        /* each other policy pair: every scheduler (warped-mc in the
         * trace's reading), at one channel count that rotates over the
         * traces and pairs */
        for (unsigned p = 0; p < npairs; p++) {
            char name[64];
            snprintf(name, sizeof name, "%s/%s", pairs[p].w->name, pairs[p].r->name);
            if (only_policy && strcmp(only_policy, name))
                continue;
            const unsigned v = (unsigned)(t % 4), nch = chans[(t + p) % 3];
            for (unsigned si = 0; gmc_sched_get(si); si++) {
                const gmc_sched_ops_t *s = gmc_sched_get(si);
                if ((only_sched && strcmp(s->name, only_sched)) ||
                    (only_variant >= 0 && !strcmp(s->name, "warped-mc") && (int64_t)v != only_variant))
                    continue;
                const uint64_t before = pol.pass + pol.fail;
                if (compare(r, n, &k, t, seed, s, v, nch, fault, pairs[p], &pol))
                    return 1;
                per_pair[p] += pol.pass + pol.fail - before;
            }
        }
    }
    free(r);
    printf("mem_equiv: compared %" PRIu64 " runs (each scheduler, warped-mc in its 4 readings, "
           "x 1, 2, 16 channels), %" PRIu64
           " requests, %" PRIu64 " simulated cycles, against stepping every cycle\n",
           dflt.pass + dflt.fail, dflt.nreq, dflt.cyc);
    printf("mem_equiv: and %" PRIu64 " runs under the other policies (each scheduler, one channel "
           "count per trace), %" PRIu64 " requests, %" PRIu64 " simulated cycles:",
           pol.pass + pol.fail, pol.nreq, pol.cyc);
    for (unsigned p = 0; p < npairs; p++)
        printf("%s %s/%s %" PRIu64, p ? "," : "", pairs[p].w->name, pairs[p].r->name, per_pair[p]);
    printf("\n");
    printf("mem_equiv: %" PRIu64 " runs without refresh checked for one activation per row "
           "miss or conflict\n", dflt.act_checks + pol.act_checks);
    printf("%" PRIu64 " passed, %" PRIu64 " failed\n", dflt.pass + pol.pass, dflt.fail + pol.fail);
    return dflt.fail + pol.fail != 0;
}
