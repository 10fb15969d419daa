/* gmc_netload: see gmc_netload.h. */
#include "analysis/gmc_netload.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analysis/gmc_rowloc.h"
#include "util/gmc_rng.h"

#define DEF_STALL   100000u
#define DEF_BACKLOG (1ull << 22)

#define MAX_PAIRS   (1u << 20)   /* input-output streams: a few words of state each */

#define MAX_WINDOW  (1ull << 27)  /* inputs x window: the window's latencies are kept (p99) */

/* The network's ports, for the run's per-stream state: 0, or -1. */
static int pairs_check(const gmc_icnt_cfg_t *net, char *err, size_t n)
{
    if ((uint64_t)net->inputs * net->outputs > MAX_PAIRS)
        return snprintf(err, n, "inputs x outputs: expected at most %u input-output pairs, found %u x %u",
                        MAX_PAIRS, net->inputs, net->outputs), -1;
    return 0;
}

static const char *const pattern_names[GMC_NETLOAD_PATTERNS] = {"uniform", "rowstream"};

void gmc_netload_cfg_default(gmc_netload_cfg_t *c)
{
    memset(c, 0, sizeof *c);
    c->pattern = GMC_NETLOAD_ROWSTREAM;
    c->rate = 0.1;
    c->locality = 4;
    c->dst_run = 4;
    c->banks = 4;        /* Yuan et al. [MICRO'09] sec. 3.4: GDDR3, 4 banks of 4096 rows */
    c->rows = 4096;
    c->bytes = 8;        /* gmc's read request: a header (gmc_sm.c) */
    c->warmup = 1000;
    c->cycles = 10000;
    c->seed = 1;
}

static int pow2(uint64_t x) { return x && !(x & (x - 1)); }

static unsigned log2u(uint64_t x)
{
    unsigned b = 0;
    while ((1ull << b) < x)
        b++;
    return b;
}

int gmc_netload_cfg_check(const gmc_netload_cfg_t *c, char *err, size_t n)
{
    if (c->pattern >= GMC_NETLOAD_PATTERNS)
        return snprintf(err, n, "traffic: expected uniform or rowstream, found pattern %u", c->pattern), -1;
    if (!(c->rate > 0 && c->rate <= 1))
        return snprintf(err, n, "rate: expected a rate in (0, 1] packets per input per cycle, found %g",
                        c->rate), -1;
    if (!(c->locality >= 1 && c->locality <= 1e9))
        return snprintf(err, n, "locality: expected a mean run length in [1, 1e9], found %g", c->locality), -1;
    if (!(c->dst_run >= 1 && c->dst_run <= 1e9))
        return snprintf(err, n, "dst-run: expected a mean run length in [1, 1e9], found %g", c->dst_run), -1;
    if (!pow2(c->banks) || c->banks > 32)
        return snprintf(err, n, "banks: expected a power of two in 1..32, found %u", c->banks), -1;
    if (!pow2(c->rows) || c->rows < 2 || c->rows > (1ull << 32))
        return snprintf(err, n, "rows: expected a power of two in 2..4294967296, found %llu",
                        (unsigned long long)c->rows), -1;
    if (c->bytes < 1 || c->bytes > 65535)
        return snprintf(err, n, "packet-bytes: expected 1..65535, found %u", c->bytes), -1;
    if (c->cycles < 1)
        return snprintf(err, n, "cycles: expected a window of at least 1 cycle, found 0"), -1;
    return 0;
}

int gmc_netload_pattern_find(const char *name, uint32_t *pattern, char *err, size_t n)
{
    for (uint32_t i = 0; i < GMC_NETLOAD_PATTERNS; i++)
        if (!strcmp(name, pattern_names[i])) {
            *pattern = i;
            return 0;
        }
    snprintf(err, n, "expected one of uniform, rowstream, found '%s'", name);
    return -1;
}

const char *gmc_netload_pattern_name(uint32_t pattern)
{
    return pattern < GMC_NETLOAD_PATTERNS ? pattern_names[pattern] : NULL;
}

/* The locate hook: addr = row << bank_bits | bank; the context points at
 * bank_bits (one of these constants, so no run owns it). */
static const uint32_t bank_bits_of[6] = {0, 1, 2, 3, 4, 5};

static void locate(const void *ctx, uint64_t addr, uint32_t *row, uint32_t *bank)
{
    const uint32_t bb = *(const uint32_t *)ctx;
    *bank = (uint32_t)(addr & ((1ull << bb) - 1));
    *row = (uint32_t)(addr >> bb);
}

void gmc_netload_net_cfg(const gmc_icnt_cfg_t *net, const gmc_netload_cfg_t *c, gmc_icnt_cfg_t *out)
{
    *out = *net;
    const unsigned bb = log2u(c->banks) < 5 ? log2u(c->banks) : 5;
    out->locate = locate;
    out->locate_ctx = &bank_bits_of[bb];
    out->hold.row_bits = log2u(c->rows);
    out->hold.bank_bits = bb;
}

/* A packet waiting in its input's source queue. */
typedef struct {
    uint64_t addr;
    uint64_t created;
    uint16_t dst;
    uint8_t  measured;
} src_pkt_t;

/* One input's unbounded FIFO: a ring that doubles when full. */
typedef struct {
    src_pkt_t *q;
    uint32_t   head, count, cap;
} src_q_t;

static int srcq_push(src_q_t *s, const src_pkt_t *p)
{
    if (s->count == s->cap) {
        uint32_t cap = s->cap ? s->cap * 2 : 64;
        src_pkt_t *q = malloc((size_t)cap * sizeof *q);
        if (!q)
            return -1;
        for (uint32_t k = 0; k < s->count; k++)
            q[k] = s->q[(s->head + k) % s->cap];
        free(s->q);
        s->q = q;
        s->head = 0;
        s->cap = cap;
    }
    s->q[(s->head + s->count++) % s->cap] = *p;
    return 0;
}

/* The traffic generator's state: per input its current output and, for
 * rowstream, per (input, output) stream its (bank, row) as one index
 * row * banks + bank. */
typedef struct {
    gmc_rng_t rng;
    uint64_t  thr;          /* a packet when rng >> 11 < thr (rate as 53-bit fraction) */
    uint64_t  p_row, p_dst; /* the same for ending a row run, a destination run */
    uint64_t  places;       /* banks * rows */
    uint32_t  inputs, outputs, bank_bits;
    uint32_t *cur_dst;      /* [inputs] */
    uint64_t *cur_place;    /* [inputs * outputs] */
} gen_t;

static uint64_t frac53(double p)
{
    return p >= 1 ? (1ull << 53) : (uint64_t)(p * 9007199254740992.0);   /* 2^53 */
}

static int draw(gen_t *g, uint64_t thr) { return (gmc_rng_u64(&g->rng) >> 11) < thr; }

/* Uniformly among the n values other than cur (n >= 2). */
static uint64_t other(gen_t *g, uint64_t n, uint64_t cur)
{
    uint64_t v = gmc_rng_below(&g->rng, n - 1);
    return v >= cur ? v + 1 : v;
}

static int gen_init(gen_t *g, const gmc_netload_cfg_t *c, uint32_t inputs, uint32_t outputs)
{
    memset(g, 0, sizeof *g);
    gmc_rng_seed(&g->rng, c->seed);
    g->thr = frac53(c->rate);
    g->p_row = frac53(1.0 / c->locality);
    g->p_dst = frac53(1.0 / c->dst_run);
    g->places = (uint64_t)c->banks * c->rows;
    g->inputs = inputs;
    g->outputs = outputs;
    g->bank_bits = log2u(c->banks);
    g->cur_dst = calloc(inputs, sizeof *g->cur_dst);
    g->cur_place = calloc((size_t)inputs * outputs, sizeof *g->cur_place);
    if (!g->cur_dst || !g->cur_place)
        return -1;
    if (c->pattern == GMC_NETLOAD_ROWSTREAM)
        for (uint32_t i = 0; i < inputs; i++) {
            g->cur_dst[i] = (uint32_t)gmc_rng_below(&g->rng, outputs);
            for (uint32_t o = 0; o < outputs; o++)
                g->cur_place[(size_t)i * outputs + o] = gmc_rng_below(&g->rng, g->places);
        }
    return 0;
}

static void gen_free(gen_t *g)
{
    free(g->cur_dst);
    free(g->cur_place);
}

/* Input i's packet of this cycle, if it makes one: 1 with *dst and
 * *place (row * banks + bank) set, else 0. */
static int gen_next(gen_t *g, uint32_t pattern, uint32_t i, uint32_t *dst, uint64_t *place)
{
    if (!draw(g, g->thr))
        return 0;
    if (pattern == GMC_NETLOAD_UNIFORM) {
        *dst = (uint32_t)gmc_rng_below(&g->rng, g->outputs);
        *place = gmc_rng_below(&g->rng, g->places);
        return 1;
    }
    uint32_t o = g->cur_dst[i];
    uint64_t *pl = &g->cur_place[(size_t)i * g->outputs + o];
    *dst = o;
    *place = *pl;
    if (draw(g, g->p_row))   /* the run at this (bank, row) ends */
        *pl = other(g, g->places, *pl);
    if (g->outputs > 1 && draw(g, g->p_dst))
        g->cur_dst[i] = (uint32_t)other(g, g->outputs, o);
    return 1;
}

static uint64_t place_addr(const gen_t *g, uint64_t place)
{
    const uint64_t banks = 1ull << g->bank_bits;
    return (place / banks) << g->bank_bits | (place % banks);
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

/* Everything one run owns, freed in one place. */
typedef struct {
    gmc_icnt_t  *net;
    gen_t        gen;
    src_q_t     *src;
    gmc_rowloc_t before, after;
    uint32_t    *lat;
    uint64_t     nlat, caplat;
} run_t;

static void run_free(run_t *r, uint32_t inputs)
{
    gmc_icnt_free(r->net);
    gen_free(&r->gen);
    if (r->src)
        for (uint32_t i = 0; i < inputs; i++)
            free(r->src[i].q);
    free(r->src);
    gmc_rowloc_free(&r->before);
    gmc_rowloc_free(&r->after);
    free(r->lat);
}

static int lat_push(run_t *r, uint64_t v)
{
    if (r->nlat == r->caplat) {
        uint64_t cap = r->caplat ? r->caplat * 2 : 4096;
        uint32_t *l = realloc(r->lat, cap * sizeof *l);
        if (!l)
            return -1;
        r->lat = l;
        r->caplat = cap;
    }
    r->lat[r->nlat++] = v > UINT32_MAX ? UINT32_MAX : (uint32_t)v;
    return 0;
}

int gmc_netload_check(const gmc_icnt_cfg_t *net, const gmc_netload_cfg_t *c, char *err, size_t n)
{
    if (gmc_netload_cfg_check(c, err, n) || pairs_check(net, err, n))
        return -1;
    if ((uint64_t)net->inputs * c->cycles > MAX_WINDOW)
        return snprintf(err, n, "cycles: expected inputs x cycles at most %llu (every packet's latency in the "
                        "window is kept), found %u x %llu", MAX_WINDOW, net->inputs,
                        (unsigned long long)c->cycles), -1;
    return 0;
}

int gmc_netload_run(const gmc_icnt_topo_t *topo, const gmc_icnt_cfg_t *net, const gmc_netload_cfg_t *c,
                    gmc_netload_result_t *res, char *err, size_t n)
{
    memset(res, 0, sizeof *res);
    if (gmc_netload_check(net, c, err, n))
        return -1;
    const uint32_t ni = net->inputs, no = net->outputs;
    const uint64_t stall = c->stall ? c->stall : DEF_STALL;
    const uint64_t max_backlog = c->max_backlog ? c->max_backlog : DEF_BACKLOG;
    run_t r;
    memset(&r, 0, sizeof r);
    int rc = -1;
    if (!(r.net = gmc_icnt_new(topo, net, err, n)))
        return -1;
    if (gen_init(&r.gen, c, ni, no) || !(r.src = calloc(ni, sizeof *r.src)) ||
        gmc_rowloc_init(&r.before, ni * no) || gmc_rowloc_init(&r.after, no)) {
        snprintf(err, n, "out of memory");
        goto done;
    }
    const uint64_t w0 = c->warmup, w1 = c->warmup + c->cycles;
    uint64_t created = 0, ejected = 0, outstanding = 0, backlog = 0, last_eject = 0;
    double lat_sum = 0;
    gmc_icnt_t *nt = r.net;
    const uint32_t bb = r.gen.bank_bits;
    for (uint64_t t = 0;; t++) {
        const int in_window = t >= w0 && t < w1;
        /* ejection: every ejectable packet, output by output */
        for (uint32_t o = 0; o < no; o++) {
            const gmc_pkt_t *p;
            while ((p = gmc_icnt_peek(nt, o))) {
                if (in_window) {
                    ejected++;
                    gmc_rowloc_add(&r.after, o, (uint32_t)(p->addr & ((1ull << bb) - 1)),
                                   (uint32_t)(p->addr >> bb));
                }
                if (p->tag) {
                    if (lat_push(&r, t - p->pc)) {
                        snprintf(err, n, "out of memory");
                        goto done;
                    }
                    lat_sum += (double)(t - p->pc);
                    outstanding--;
                }
                gmc_icnt_pop(nt, o);
                last_eject = t;
            }
        }
        if (t >= w1 && !outstanding)
            break;
        /* creation, input by input */
        for (uint32_t i = 0; i < ni; i++) {
            uint32_t dst;
            uint64_t place;
            if (!gen_next(&r.gen, c->pattern, i, &dst, &place))
                continue;
            const src_pkt_t sp = {place_addr(&r.gen, place), t, (uint16_t)dst, (uint8_t)in_window};
            if (srcq_push(&r.src[i], &sp)) {
                snprintf(err, n, "out of memory");
                goto done;
            }
            if (++backlog > max_backlog) {
                snprintf(err, n, "the source queues hold more than %llu packets at cycle %llu (rate %g past "
                         "saturation for too long: a shorter window, or fewer rates past saturation)",
                         (unsigned long long)max_backlog, (unsigned long long)t, c->rate);
                goto done;
            }
            if (in_window) {
                created++;
                outstanding++;
                gmc_rowloc_add(&r.before, i * no + dst, (uint32_t)(place % c->banks),
                               (uint32_t)(place / c->banks));
            }
        }
        /* injection: each input's head, when the network takes it */
        for (uint32_t i = 0; i < ni; i++) {
            src_q_t *s = &r.src[i];
            if (!s->count)
                continue;
            const src_pkt_t *h = &s->q[s->head];
            gmc_pkt_t p;
            memset(&p, 0, sizeof p);
            p.addr = h->addr;
            p.pc = h->created;      /* the creation cycle rides in pc, ... */
            p.tag = h->measured;    /* ... whether it is measured in tag */
            p.src = (uint16_t)i;
            p.dst = h->dst;
            p.sm = (uint16_t)i;
            p.bytes = (uint16_t)c->bytes;
            p.kind = GMC_PKT_READ;
            /* send answers for itself (which VC, whether there is room: the
             * topology's VC assignment), and a refusal keeps nothing */
            if (gmc_icnt_send(nt, i, &p) != GMC_ICNT_OK)
                continue;
            s->head = s->head + 1 == s->cap ? 0 : s->head + 1;
            s->count--;
            backlog--;
        }
        if ((nt->in_net || backlog) && t - last_eject > stall) {
            snprintf(err, n, "no packet left the network for %llu cycles (cycle %llu, %llu packets in it, "
                     "%llu waiting to enter): a deadlock", (unsigned long long)stall, (unsigned long long)t,
                     (unsigned long long)nt->in_net, (unsigned long long)backlog);
            goto done;
        }
        if (!nt->in_net && !backlog)
            last_eject = t;   /* nothing waits: no stall */
        gmc_icnt_tick(nt);
    }
    res->packets = created;
    res->offered = (double)created / ((double)ni * (double)c->cycles);
    res->accepted = (double)ejected / ((double)ni * (double)c->cycles);
    if (r.nlat) {
        res->lat_mean = lat_sum / (double)r.nlat;
        qsort(r.lat, r.nlat, sizeof *r.lat, cmp_u32);
        res->lat_p99 = r.lat[(r.nlat * 99 + 99) / 100 - 1];
        res->lat_max = r.lat[r.nlat - 1];
    }
    res->loc_before = gmc_rowloc_pooled(&r.before, 0, ni * no);
    res->loc_after = gmc_rowloc_pooled(&r.after, 0, no);
    res->holds = nt->holds;
    res->hold_ends = nt->hold_ends;
    res->end_cycle = nt->now;
    rc = 0;
done:
    run_free(&r, ni);
    return rc;
}

int gmc_netload_zero_load(const gmc_icnt_topo_t *topo, const gmc_icnt_cfg_t *net, const gmc_netload_cfg_t *c,
                          double *lat, char *err, size_t n)
{
    if (pairs_check(net, err, n))
        return -1;
    gmc_icnt_t *nt = gmc_icnt_new(topo, net, err, n);
    if (!nt)
        return -1;
    const uint64_t stall = c->stall ? c->stall : DEF_STALL;
    double sum = 0;
    for (uint32_t i = 0; i < net->inputs; i++)
        for (uint32_t o = 0; o < net->outputs; o++) {
            gmc_pkt_t p;
            memset(&p, 0, sizeof p);
            p.src = (uint16_t)i;
            p.dst = (uint16_t)o;
            p.sm = (uint16_t)i;
            p.bytes = (uint16_t)c->bytes;
            p.kind = GMC_PKT_READ;
            const uint64_t t0 = nt->now;
            if (gmc_icnt_send(nt, i, &p) != GMC_ICNT_OK) {
                snprintf(err, n, "zero-load latency: input %u refused a packet in an empty network", i);
                gmc_icnt_free(nt);
                return -1;
            }
            while (!gmc_icnt_peek(nt, o)) {
                if (nt->now - t0 > stall) {
                    snprintf(err, n, "zero-load latency: a packet from input %u to output %u did not arrive "
                             "in %llu cycles", i, o, (unsigned long long)stall);
                    gmc_icnt_free(nt);
                    return -1;
                }
                gmc_icnt_tick(nt);
            }
            sum += (double)(nt->now - t0);
            gmc_icnt_pop(nt, o);
        }
    *lat = sum / ((double)net->inputs * (double)net->outputs);
    gmc_icnt_free(nt);
    return 0;
}
