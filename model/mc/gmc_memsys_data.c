/* gmc_memsys data check (gmc_mem.h "The data check"; docs/pcm.md "Data,
 * checked end to end"): the device's data as versions.  Nothing here runs
 * unless gmc_memsys_data_on was called: the memory system's column-command
 * hook (on_column's `served`, a branch the default path takes anyway) is
 * this file's then, passing on to the hook it replaced.
 *
 * Why a side table and a sparse store rather than a field of the request:
 * gmc_mem_req_t is 40 bytes with every byte used and the controller's
 * request two host lines that scheduling reads, so a version there would
 * cost every run; here only a check run pays.  The store is keyed by the
 * device location a request decoded to (channel, bank, row, column), not
 * by its address: the device holds data by location, so an address path
 * that sends two addresses to one place (a hybrid split that changed its
 * mind, a fold) shows as wrong data, as on a chip.  The unit is a 32-byte
 * chunk of a burst (loc_key): a request's data is the chunk its address
 * falls in, whatever its size.
 *
 *   write, at its column command:   store[loc] = its version
 *   read, at its column command:    its data = store[loc] (0: never written)
 *   pcmwq (the write queue block, with GMC_REQ_ANSWERED / _INTERNAL):
 *     a write the queue took:       wq[channel, the queue's version] = its version
 *     a read the queue answered:    its data = wq[channel, the version it gave]
 *     a drained write:              store[loc] = wq[channel, its queue version]
 * The block keeps its own version numbers (a counter per controller); the
 * table translates them, so a block that forwards a stale entry returns a
 * stale version here. */
#include <stdio.h>
#include <stdlib.h>
#include "mc/gmc_memsys_impl.h"
#include "util/gmc_u64map_impl.h"

/* What the write queue policy (pcmwq) marks on a request. */
static uint32_t gmc_mc_req_ver(const gmc_mc_req_t *r) { return r->ver; }
static int gmc_mc_req_internal(const gmc_mc_req_t *r) { return (r->flags & GMC_REQ_INTERNAL) != 0; }
static int gmc_mc_req_answered(const gmc_mc_req_t *r) { return (r->flags & GMC_REQ_ANSWERED) != 0; }

struct gmc_memsys_data {
    gmc_u64map_t     store;   /* device location -> version */
    gmc_u64map_t     pend;    /* request id -> a write's version (accepted, not yet written) or
                                 a read's data (version << 1 | path), until it is asked for */
    gmc_u64map_t     wq;      /* channel << 32 | the write queue's version -> version */
    gmc_mc_served_fn next;    /* the hook this one replaced */
    void            *next_ctx;
    int              oom;
};

/* A location: channel, bank, row, column and the 32-byte chunk of the
 * burst the address falls in (the unit of data: a GPU's sector; a burst
 * of 64 bytes holds two, written apart under byte masks). */
static uint64_t loc_key(const gmc_memsys_t *ms, unsigned ch, const gmc_mc_req_t *r)
{
    const uint32_t burst = gmc_dram_burst_bytes(&ms->mc[ch].d->cfg);
    const uint64_t chunk = (r->addr & (burst - 1)) >> 5;
    return (uint64_t)ch << 52 | (uint64_t)r->bank << 44 | (uint64_t)(r->row & 0xffffffu) << 20 |
           (uint64_t)(r->col & 0x3fffu) << 6 | (chunk & 63);
}

static void put(gmc_memsys_data_t *d, gmc_u64map_t *m, uint64_t k, uint64_t v)
{
    d->oom |= gmc_u64map_put(m, k, v) != 0;
}

void gmc_memsys_data_column(gmc_memsys_t *ms, unsigned ch, const gmc_mc_req_t *r)
{
    gmc_memsys_data_t *d = ms->data;
    const uint64_t key = loc_key(ms, ch, r);
    const uint64_t wk = (uint64_t)ch << 32 | gmc_mc_req_ver(r);
    uint64_t v = 0;
    if (r->is_write) {
        if (gmc_mc_req_internal(r)) {            /* the write queue drains an entry */
            gmc_u64map_get(&d->wq, wk, &v);
            put(d, &d->store, key, v);
        } else {
            gmc_u64map_del(&d->pend, r->id, &v);
            if (gmc_mc_req_answered(r))          /* the write queue took it */
                put(d, &d->wq, wk, v);
            else
                put(d, &d->store, key, v);
        }
    } else if (gmc_mc_req_answered(r)) {         /* forwarded from the write queue */
        gmc_u64map_get(&d->wq, wk, &v);
        put(d, &d->pend, r->id, v << 1 | GMC_MEM_DATA_WQ);
    } else {
        gmc_u64map_get(&d->store, key, &v);
        put(d, &d->pend, r->id, v << 1 | GMC_MEM_DATA_DEVICE);
    }
}

/* The column-command hook while the check is on: the data, then the hook
 * it replaced.  (The write queue's drains never reach a hook: the memory
 * system passes them to gmc_memsys_data_column alone.) */
static void on_column(void *ctx, unsigned ch, const gmc_mc_req_t *r)
{
    gmc_memsys_t *ms = ctx;
    gmc_memsys_data_column(ms, ch, r);
    if (ms->data->next)
        ms->data->next(ms->data->next_ctx, ch, r);
}

int gmc_memsys_data_on(gmc_memsys_t *ms, char *err, size_t n)
{
    if (ms->data)
        return 0;
    if (ms->nreq)
        return snprintf(err, n, "the data check: expected it on before the first request, "
                        "found %llu accepted", (unsigned long long)ms->nreq), -1;
    gmc_memsys_data_t *d = calloc(1, sizeof *d);
    if (!d)
        return snprintf(err, n, "out of memory"), -1;
    gmc_u64map_init(&d->store);
    gmc_u64map_init(&d->pend);
    gmc_u64map_init(&d->wq);
    d->next = ms->served;
    d->next_ctx = ms->served_ctx;
    ms->data = d;
    ms->served = on_column;
    ms->served_ctx = ms;
    return 0;
}

void gmc_memsys_data_free(gmc_memsys_t *ms)
{
    gmc_memsys_data_t *d = ms->data;
    if (!d)
        return;
    gmc_u64map_free(&d->store);
    gmc_u64map_free(&d->pend);
    gmc_u64map_free(&d->wq);
    free(d);
    ms->data = NULL;
}

int gmc_memsys_data_hook(gmc_memsys_t *ms, gmc_mc_served_fn fn, void *ctx)
{
    if (!ms->data)
        return 0;
    ms->data->next = fn;
    ms->data->next_ctx = ctx;
    return 1;
}

int gmc_memsys_data_send(gmc_memsys_t *ms, const gmc_mem_prepared_t *p, uint64_t ver)
{
    const uint64_t id = ms->nreq;
    const int rc = gmc_memsys_send_prepared(ms, p);
    if (rc == GMC_MEM_ACCEPTED && ms->data && p->req.is_write)
        put(ms->data, &ms->data->pend, id, ver);
    return rc;
}

int gmc_memsys_data_read(gmc_memsys_t *ms, const gmc_mem_done_t *d, uint64_t *ver)
{
    uint64_t v;
    if (!ms->data || d->is_write || ms->data->oom || !gmc_u64map_del(&ms->data->pend, d->id, &v))
        return -1;
    *ver = v >> 1;
    return (int)(v & 1);
}

int gmc_memsys_data_failed(const gmc_memsys_t *ms) { return ms->data && ms->data->oom; }
