/* gmc mem --integrity N: the data check's random run (docs/pcm.md "Data,
 * checked end to end").  One in-order source offers N random reads and
 * writes to a small hot set of bursts, so that requests to one address
 * meet in the controllers' queues and the write queue; every write
 * carries version ++counter[addr]; every read must return the version of
 * the newest write accepted before it (push order: the order
 * gmc_memsys_send accepted them).  The memory system carries the versions
 * (gmc_memsys_data_*: to the device's data at a write's column command,
 * from it or from the write queue at a read's). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "cli_outfile.h"
#include "mem_cli.h"
#include "util/gmc_rng.h"
#include "util/gmc_u64map_impl.h"

typedef struct {
    gmc_memsys_t *ms;
    gmc_u64map_t  newest;          /* address -> the newest version accepted (absent: 0) */
    uint64_t      requests, reads, writes, checked, violations, from_wq, internal_err;
    int           have_first;
    gmc_mem_done_t first;          /* the first violation: its completion */
    uint64_t      first_exp, first_got;
    int           first_path;
} integ_t;

/* A read's completion: its tag is the version it must return. */
static void on_done(void *ctx, const gmc_mem_done_t *d)
{
    integ_t *s = ctx;
    if (d->is_write)
        return;
    uint64_t got = 0;
    const int path = gmc_memsys_data_read(s->ms, d, &got);
    if (path < 0) {
        s->internal_err++;
        return;
    }
    s->checked++;
    s->from_wq += path == GMC_MEM_DATA_WQ;
    if (got == d->tag)
        return;
    if (!s->violations++) {
        s->first = *d;
        s->first_exp = d->tag;
        s->first_got = got;
        s->first_path = path;
    }
}

static const char *path_name(int p) { return p == GMC_MEM_DATA_WQ ? "the write queue" : "the device"; }

static void report(FILE *f, const mem_opts_t *o, gmc_memsys_t *ms, const integ_t *s)
{
    const gmc_mc_cfg_t *mc = &ms->mc[0].cfg;
    if (o->json) {
        fprintf(f, "{\n  \"dram\": \"%s\",\n  \"sched\": \"%s\",\n  \"write_policy\": \"%s\",\n"
                "  \"row_policy\": \"%s\",\n  \"hybrid\": %s,\n  \"channels\": %u,\n"
                "  \"cycles\": %" PRIu64 ",\n", o->dram_name, mc->sched->name, mc->wpol->name,
                mc->rowpol->name, o->hy.cfg ? "true" : "false", ms->nch, gmc_memsys_now(ms));
        fprintf(f, "  \"integrity\": {\"requests\": %" PRIu64 ", \"reads\": %" PRIu64
                ", \"writes\": %" PRIu64 ", \"reads_checked\": %" PRIu64
                ", \"from_write_queue\": %" PRIu64 ", \"violations\": %" PRIu64
                ", \"seed\": %" PRIu64 ", \"hot\": %" PRIu64 "}\n}\n",
                s->requests, s->reads, s->writes, s->checked, s->from_wq, s->violations,
                o->integrity_seed, o->integrity_hot);
        return;
    }
    fprintf(f, "data check: %" PRIu64 " requests (%" PRIu64 " reads, %" PRIu64 " writes) to %" PRIu64
            " hot addresses, seed %" PRIu64 "\n", s->requests, s->reads, s->writes,
            o->integrity_hot, o->integrity_seed);
    fprintf(f, "  %s, scheduler %s, write policy %s, row policy %s%s, %u channels, %" PRIu64
            " cycles\n", o->dram_name, mc->sched->name, mc->wpol->name, mc->rowpol->name,
            o->hy.cfg ? ", hybrid" : "", ms->nch, gmc_memsys_now(ms));
    fprintf(f, "  reads checked %" PRIu64 " (%" PRIu64 " from the write queue), violations %" PRIu64
            "\n", s->checked, s->from_wq, s->violations);
}

int mem_integrity_run(mem_opts_t *o, const gmc_memsys_cfg_t *sc)
{
    char err[512];
    gmc_memsys_t ms;
    if (gmc_memsys_init(&ms, sc, err, sizeof err) || gmc_memsys_data_on(&ms, err, sizeof err)) {
        fprintf(stderr, "gmc mem: %s\n", err);
        gmc_memsys_free(&ms);
        return 1;
    }
    integ_t s;
    memset(&s, 0, sizeof s);
    s.ms = &ms;
    gmc_u64map_init(&s.newest);
    gmc_memsys_on_complete(&ms, on_done, &s);
    gmc_rng_t r;
    gmc_rng_seed(&r, o->integrity_seed);
    /* the hot set: half in one run of consecutive bursts (row hits, one
     * row's columns), half anywhere below 2^min(width, 30) (other rows of
     * the same banks: conflicts), all burst-aligned */
    const uint64_t burst = gmc_memsys_burst_bytes(&ms), hot = o->integrity_hot;
    const unsigned wbits = sc->map.width < 30 ? sc->map.width : 30;
    const uint64_t span = ((uint64_t)1 << wbits) / burst;
    uint64_t *addr = malloc(hot * sizeof *addr);
    if (!addr) {
        fprintf(stderr, "gmc mem: out of memory\n");
        gmc_memsys_free(&ms);
        return 1;
    }
    const uint64_t base = gmc_rng_below(&r, span > hot ? span - hot : 1);
    for (uint64_t k = 0; k < hot; k++)
        addr[k] = (k < hot / 2 ? base + k : gmc_rng_below(&r, span)) * burst;
    /* offered load in phases of 512 cycles: saturating, half, nearly idle
     * (idle lets write drains and the write queue's idle drain run) */
    static const unsigned load_pct[3] = {100, 50, 3};
    unsigned load = 100;
    int pending = 0;
    uint64_t pver = 0;
    gmc_mem_prepared_t p;
    while (s.requests < o->integrity) {
        const uint64_t now = gmc_memsys_now(&ms);
        if (now % 512 == 0)
            load = load_pct[gmc_rng_below(&r, 3)];
        if (!pending && gmc_rng_below(&r, 100) < load) {
            gmc_mem_req_t q = {0};
            q.addr = addr[gmc_rng_below(&r, hot)];
            q.is_write = gmc_rng_below(&r, 2) == 0;
            q.size = (uint32_t)burst;
            uint64_t v = 0;
            gmc_u64map_get(&s.newest, q.addr, &v);
            pver = q.is_write ? v + 1 : v;   /* a write's version, or the one a read must see */
            q.tag = q.is_write ? 0 : v;
            if (gmc_memsys_prepare(&ms, &q, &p)) {
                fprintf(stderr, "gmc mem: internal error: a burst-sized request refused\n");
                break;
            }
            pending = 1;
        }
        if (pending && gmc_memsys_data_send(&ms, &p, pver) == GMC_MEM_ACCEPTED) {
            pending = 0;
            s.requests++;
            if (p.req.is_write) {
                s.writes++;
                if (gmc_u64map_put(&s.newest, p.req.addr, pver))
                    s.internal_err++;
            } else {
                s.reads++;
            }
        }
        gmc_memsys_tick(&ms);
    }
    gmc_memsys_finish(&ms);
    free(addr);
    gmc_u64map_free(&s.newest);
    int rc = 0;
    if (s.internal_err || gmc_memsys_data_failed(&ms) || s.checked != s.reads) {
        fprintf(stderr, "gmc mem: internal error: the data check lost track (%" PRIu64
                " reads checked of %" PRIu64 ", %" PRIu64 " errors)\n", s.checked, s.reads,
                s.internal_err);
        rc = 1;
    }
    const char *paths[1] = {o->out ? o->out : "-"};
    cli_outfile_t of[1];
    if (!rc && cli_outs_open(of, 1, MEM_CMD, paths) == 0) {
        report(of[0].f, o, &ms, &s);
        if (cli_outs_commit(of, 1))
            rc = 1;
    } else if (!rc) {
        rc = 1;
    }
    if (s.violations) {
        const gmc_mem_done_t *d = &s.first;
        fprintf(stderr, "gmc mem: data check: %" PRIu64 " violations; the first: a read of 0x%" PRIx64
                " (request %" PRIu64 ", accepted at cycle %" PRIu64 ", data at cycle %" PRIu64
                ", channel %u bank %u row %u column %u, from %s) expected version %" PRIu64
                ", found %" PRIu64 "\n", s.violations, d->addr, d->id, d->arrival, d->done,
                d->channel, d->bank, d->row, d->col, path_name(s.first_path), s.first_exp,
                s.first_got);
        rc = 1;
    }
    gmc_memsys_free(&ms);
    return rc;
}
