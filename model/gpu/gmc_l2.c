/* gmc_l2: one L2 slice (a memory partition's share of the L2) -- sectored,
 * write-back, write-allocate, with MSHRs -- between the request network,
 * the reply network and its channel's memory controller (mc/gmc_mem.h).
 *
 * Per L2 cycle a slice takes at most one request from the network into its
 * input pipeline (l2_lat cycles: GPGPU-Sim's ROP delay, which every request
 * pays before the tag lookup), and looks up at most one request leaving
 * the pipeline.  A read hit is replied at once; a read miss waits in an
 * MSHR for DRAM; a write marks the sector dirty (allocating it without a fetch: the
 * GPU writes whole 32 B sectors); an evicted dirty sector is written back.
 * Atomics are performed here: a read that leaves the sector dirty. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include "gpu/gmc_gpu_impl.h"
#include "util/gmc_ring_impl.h"

/* gmc_l2_t's host lines (gmc_gpu_impl.h): what every cycle touches in the
 * first, what a miss or a completion touches in the second. */
_Static_assert(offsetof(gmc_l2_t, stuck_lim) + sizeof(int) <= 64, "a slice's cycle: one host line");
_Static_assert(offsetof(gmc_l2_t, pool_free) + sizeof(uint32_t) <= 128, "a miss: the second line");

#define NONE UINT32_MAX

static unsigned pow2_at_least(unsigned x)
{
    unsigned q = 4;
    while (q < x)
        q <<= 1;
    return q;
}

int gmc_l2_init(gmc_gpu_t *g, gmc_l2_t *l, unsigned id, char *err, size_t n)
{
    const gmc_machine_t *m = g->m;
    memset(l, 0, sizeof *l);
    l->id = id;
    l->ch = id / g->spc;
    gmc_cache_cfg_t cc = {m->l2_slice_size, 128, 32, m->l2_assoc, m->l2_mshr, m->l2_merge, 1};
    if (!(l->c = gmc_cache_new(&cc, err, n)))
        return -1;
    l->pool_n = m->l2_mshr * m->l2_merge * 4;
    l->wait_head = malloc((size_t)m->l2_mshr * 4 * sizeof *l->wait_head);
    l->pool = malloc((size_t)l->pool_n * sizeof *l->pool);
    unsigned hq = pow2_at_least(m->l2_lat + 2);
    l->pipe = calloc(hq, sizeof *l->pipe);
    l->pipe_mask = hq - 1;
    l->pipe_ready = UINT64_MAX;
    /* replies: every MSHR waiter can be answered at once, plus hits */
    unsigned rq = pow2_at_least(l->pool_n + hq + 1);
    l->rep = malloc(rq * sizeof *l->rep);
    l->rep_mask = rq - 1;
    l->rep_wrap = (rq < 16 ? rq : 16) - 1;
    /* DRAM queue: l2_queue for new requests; write-backs, which a fill makes
     * inside the memory system's callback and which cannot wait, may go
     * over it (at most 4 per fill, one fill per MSHR sector) */
    l->dq_cap = m->l2_queue;
    unsigned dq = pow2_at_least(m->l2_queue + 4 * l->pool_n + 8);
    l->dq = malloc(dq * sizeof *l->dq);
    if (g->dram_lat_l2 && !(l->dq_at = malloc(dq * sizeof *l->dq_at))) {
        snprintf(err, n, "out of memory for L2 slice %u", id);
        return -1;
    }
    l->dq_max = dq;
    l->dq_wrap = (dq < 16 ? dq : 16) - 1;
    if (!l->wait_head || !l->pool || !l->pipe || !l->rep || !l->dq) {
        snprintf(err, n, "out of memory for L2 slice %u", id);
        return -1;
    }
    for (unsigned i = 0; i < m->l2_mshr * 4; i++)
        l->wait_head[i] = NONE;
    l->pool_free = NONE;   /* nodes never used are taken at pool_fresh (lookup) */
    return 0;
}

void gmc_l2_free(gmc_l2_t *l)
{
    gmc_cache_delete(l->c);
    free(l->wait_head);
    free(l->pool);
    free(l->pipe);
    free(l->rep);
    free(l->dq);
    free(l->dq_at);
}

int gmc_l2_busy(const gmc_l2_t *l) { return l->pipe_n || l->rep_n || l->dq_n || gmc_cache_mshr_used(l->c); }

/* A DRAM request's tag: the slice (bits 0-15: at most 65536 slices, the
 * interconnect allocator's ports); for a demand read, its MSHR entry + 1 (bits 16-32, at most
 * GMC_MSHR_MAX_ENTRIES = 65536), so that its completion needs no MSHR
 * lookup, and the request that sent it: whether it is an atomic (bit 33)
 * and its own tag, the L1 entry + 1 (bits 34-63; the L1's entries are at
 * most 65536 too).  That request is the sector's oldest waiter, and with
 * its pc, SM and warp (the completion's, has_warp) it needs no node of the
 * pool: in a streaming workload no other request waits for the sector, so
 * the pool's nodes -- written at the miss, read hundreds of cycles later
 * at the fill, cold in the host's caches by then -- are not touched. */
#define TAG_SLICE(t) ((uint32_t)((t) & 0xffffu))
#define TAG_ENTRY(t) ((uint32_t)((t) >> 16) & 0x1ffffu)
#define TAG_ATOM(t)  ((uint8_t)(((t) >> 33) & 1u))
#define TAG_REQ(t)   ((uint32_t)((t) >> 34))

/* entry: a demand read's MSHR entry (p its request), NONE for writes. */
static void dq_push(gmc_gpu_t *g, gmc_l2_t *l, uint64_t addr, int is_write, const gmc_l2_delay_t *p,
                    uint32_t entry)
{
    if (l->dq_n > l->dq_wrap && l->dq_wrap + 1 < l->dq_max) {
        unsigned w = l->dq_wrap;
        if (l->dq_at)
            gmc_ring_widen(l->dq_at, sizeof *l->dq_at, &w, l->dq_head, l->dq_n);
        gmc_ring_widen(l->dq, sizeof *l->dq, &l->dq_wrap, l->dq_head, l->dq_n);
    }
    const unsigned at = (l->dq_head + l->dq_n++) & l->dq_wrap;
    if (l->dq_at)   /* GPGPU-Sim's dram_latency queue between the L2 and DRAM (l2cache.cc) */
        l->dq_at[at] = g->l2_cyc + g->dram_lat_l2;
    gmc_mem_req_t *r = &l->dq[at];
    memset(r, 0, sizeof *r);
    r->addr = addr;
    r->tag = l->id | (entry == NONE ? 0 : (uint64_t)(entry + 1) << 16);
    r->size = 32;
    r->is_write = (uint8_t)is_write;
    if (p) {   /* a demand miss carries its warp (Warped-MC's identity) */
        r->has_warp = 1;
        r->sm = p->sm;
        r->warp = p->warp;
        /* its CTA (row streak breakers): the warp's slot, which is the
         * request's while its load waits -- a warp exits only after its
         * loads completed -- so no packet needs to carry it */
        r->cta = (uint16_t)g->sm[p->sm].w[p->warp].cta;
        r->pc = p->pc;
        if (entry != NONE)
            r->tag |= (uint64_t)(p->kind == GMC_PKT_ATOM) << 33 | (uint64_t)p->tag << 34;
    }
    if (is_write)
        g->wb_sectors++;
    /* the memory system takes the address modulo 2^(its map's width); a
     * trace's 64-bit virtual addresses always have bits above it */
    g->st.dram_addr_folded += (addr & ~g->amask) != 0;
}

/* The data check: the version a write in the DRAM queue carries, in its
 * tag above the slice (a write's tag has nothing else; gmc_l2_mem_done
 * reads no more of it). */
#define TAG_VER(t) ((t) >> 16)
static void dq_last_ver(gmc_l2_t *l, uint64_t v)
{
    l->dq[(l->dq_head + l->dq_n - 1) & l->dq_wrap].tag |= v << 16;
}

static void writeback(gmc_gpu_t *g, gmc_l2_t *l, uint64_t vline, uint32_t vdirty)
{
    for (uint32_t m = vdirty; m; m &= m - 1) {
        const uint64_t a = vline + 32u * (unsigned)__builtin_ctz(m);
        dq_push(g, l, a, 1, NULL, NONE);
        if (__builtin_expect(g->chk != NULL, 0))
            dq_last_ver(l, gmc_gpu_check_l2v(g, a));
    }
}

static void reply(gmc_l2_t *l, const gmc_l2_waiter_t *w, uint64_t addr, int offchip,
                  uint64_t arr, uint64_t done)
{
    if (l->rep_n > l->rep_wrap && l->rep_wrap < l->rep_mask)
        gmc_ring_widen(l->rep, sizeof *l->rep, &l->rep_wrap, l->rep_head, l->rep_n);
    gmc_pkt_t *p = &l->rep[(l->rep_head + l->rep_n++) & l->rep_wrap];
    memset(p, 0, sizeof *p);
    p->addr = addr;
    p->pc = w->pc;
    p->tag = w->tag;   /* the request's tag */
    p->src = (uint16_t)l->id;
    p->dst = (uint16_t)w->sm;
    p->sm = w->sm;
    p->warp = w->warp;
    p->bytes = 40;
    p->kind = w->atom ? GMC_PKT_ATOM_REPLY : GMC_PKT_READ_REPLY;
    p->offchip = (uint8_t)offchip;
    p->dram_in_mc = done - arr > UINT32_MAX ? UINT32_MAX : (uint32_t)(done - arr);
}

/* The data check at a read's fill (gmc_gpu_check.c): the version the L2's
 * copy now holds, and every waiter the fill answers -- the list merged
 * into the sector, then the request that sent the read -- takes it.  Read
 * before gmc_l2_mem_done's own walk, which consumes the list. */
static __attribute__((noinline, cold)) void check_fill(gmc_gpu_t *g, gmc_l2_t *l, const gmc_mem_done_t *d)
{
    const uint64_t ver = gmc_gpu_check_fill(g, d);
    const uint32_t ep = TAG_ENTRY(d->tag);
    const int e = ep ? (int)ep - 1 : gmc_cache_mshr_find(l->c, d->addr & ~127ULL);
    if (e < 0)
        return;
    const unsigned sec = (unsigned)(d->addr >> 5) & 3;
    if (*gmc_cache_mshr_user(l->c, (uint32_t)e) >> sec & 1)
        for (uint32_t i = l->wait_head[(unsigned)e * 4 + sec]; i != NONE; i = l->pool[i].next)
            gmc_gpu_check_waiter(g, d->addr, ver, l->pool[i].atom);
    gmc_gpu_check_waiter(g, d->addr, ver, TAG_ATOM(d->tag));
}

/* The memory system finished a request of some slice (tag = slice id). */
void gmc_l2_mem_done(void *ctx, const gmc_mem_done_t *d)
{
    gmc_gpu_t *g = ctx;
    gmc_l2_t *l = &g->l2[TAG_SLICE(d->tag)];
    g->progress_at = g->core_cyc;
    g->l2_next[l->id] = 0;   /* replies or write-backs to send: the slice's next cycle steps */
    if (d->is_write) {
        g->st.dram_writes++;
        return;
    }
    g->st.dram_reads++;
    if (__builtin_expect(g->chk != NULL, 0))
        check_fill(g, l, d);
    uint64_t line = d->addr & ~127ULL;
    unsigned sec = (unsigned)(d->addr >> 5) & 3;
    uint32_t ep = TAG_ENTRY(d->tag);   /* the entry + 1 the read was sent for */
    int e = ep ? (int)ep - 1 : gmc_cache_mshr_find(l->c, line);
    uint32_t *h = e >= 0 ? &l->wait_head[(unsigned)e * 4 + sec] : NULL;
    /* requests merged into the sector: its list (lookup) */
    const uint32_t listed = h ? gmc_waiters_take(l->c, e, sec) : 0;
    int atom = h ? TAG_ATOM(d->tag) : 0;   /* the request that sent the read, then the others */
    if (listed)
        for (uint32_t i = *h; i != NONE; i = l->pool[i].next)
            atom |= l->pool[i].atom;
    uint64_t vl = 0;
    uint32_t vd = 0;
    gmc_cache_fill_entry(l->c, line, 1u << sec, atom, e, &vl, &vd);
    l->head_miss = 0;   /* the tags changed */
    if (vd)
        writeback(g, l, vl, vd);
    if (!h)
        return;
    if (listed) {
        for (uint32_t i = *h; i != NONE;) {
            uint32_t nx = l->pool[i].next;
            reply(l, &l->pool[i], d->addr, 1, d->arrival, d->done);
            l->pool[i].next = l->pool_free;
            l->pool_free = i;
            l->pool_used--;
            i = nx;
        }
        *h = NONE;
    }
    /* the oldest waiter last, as when it was the list's tail (lookup) */
    const gmc_l2_waiter_t w = {.pc = d->pc, .next = NONE, .tag = TAG_REQ(d->tag), .sm = (uint16_t)d->sm,
                               .warp = (uint16_t)d->warp, .atom = TAG_ATOM(d->tag)};
    reply(l, &w, d->addr, 1, d->arrival, d->done);
    l->pool_used--;
}

/* Takes the request at the head of the slice's network port, if it can. */
static void pipe_pop(gmc_l2_t *l)
{
    if (--l->pipe_n) {
        l->pipe_head = (l->pipe_head + 1) & l->pipe_mask;
        l->pipe_ready = l->pipe[l->pipe_head].ready;
    } else {
        l->pipe_head = 0;   /* empty: start over at the front, whose host lines are warm */
        l->pipe_ready = UINT64_MAX;
    }
    l->head_miss = 0;
}

static void lookup(gmc_gpu_t *g, gmc_l2_t *l)
{
    l->stuck_lim = -1;
    if (l->pipe_ready > g->l2_cyc)   /* empty: UINT64_MAX */
        return;
    const gmc_l2_delay_t *p = &l->pipe[l->pipe_head];
    uint64_t line = p->addr & ~127ULL;
    uint32_t sec = 1u << ((p->addr >> 5) & 3);
    if (p->kind == GMC_PKT_WRITE) {
        int around = 0;
        if (l->head_miss || !gmc_cache_write_hit(l->c, line, sec)) {
            l->head_miss = 1;   /* a retry skips the lookup (a miss changes nothing) */
            /* Room for what it may queue: the write itself, or the up to
             * four dirty sectors of the line its fill evicts.  A queue
             * shorter than four (l2_queue 1..3) takes them when empty,
             * going over its size as the fills' write-backs may: waiting
             * for dq_n + 4 <= dq_cap there would wait for ever. */
            if (l->dq_n && l->dq_n + 4 > l->dq_cap) {
                /* goes once dq_n + 4 <= dq_cap, or dq_n == 0 */
                l->stuck_lim = l->dq_cap > 4 ? (int)l->dq_cap - 3 : 1;
                return;
            }
            if (gmc_cache_mshr_find(l->c, line) >= 0) {
                dq_push(g, l, p->addr, 1, NULL, NONE);   /* a fetch is in flight: write around it */
                around = 1;
            } else {
                uint64_t vl = 0;
                uint32_t vd = 0;
                gmc_cache_fill_entry(l->c, line, sec, 1, -1, &vl, &vd);   /* no entry: just looked */
                if (vd)
                    writeback(g, l, vl, vd);
            }
        }
        if (__builtin_expect(g->chk != NULL, 0)) {
            const uint64_t v = gmc_gpu_check_write(g, p->addr, around);
            if (around)
                dq_last_ver(l, v);
        }
        g->st.l2_write_sectors++;
        pipe_pop(l);
        return;
    }
    int atom = p->kind == GMC_PKT_ATOM;
    gmc_l2_waiter_t w = {.pc = p->pc, .next = NONE, .tag = p->tag, .sm = p->sm, .warp = p->warp, .atom = (uint8_t)atom};
    if (!l->head_miss && gmc_cache_read_hits(l->c, line, sec, 0)) {
        if (l->rep_n + l->pool_used + 1 > l->rep_mask)
            return;
        gmc_cache_read_hits(l->c, line, sec, 1);   /* counted and LRU-touched once accepted */
        g->st.l2_read_sectors++;
        g->st.l2_hit_sectors++;
        if (atom)
            gmc_cache_write_hit(l->c, line, sec);
        if (__builtin_expect(g->chk != NULL, 0))
            gmc_gpu_check_hit(g, p->addr, atom);
        reply(l, &w, p->addr, 0, 0, 0);
        pipe_pop(l);
        return;
    }
    l->head_miss = 1;
    /* every waiter becomes a reply: keep room for all of them */
    if (l->rep_n + l->pool_used + 1 > l->rep_mask)
        return;   /* back-pressure: the request waits in the network */
    if (l->dq_n >= l->dq_cap) {
        l->stuck_lim = (int)l->dq_cap;
        return;
    }
    const int e = gmc_cache_mshr_find(l->c, line);
    if (!gmc_cache_miss_ok_at(l->c, e))
        return;
    uint32_t entry, send;
    if (gmc_cache_miss_at(l->c, line, e, sec, &entry, &send) != GMC_CACHE_MISS_OK)
        return;
    g->st.l2_read_sectors++;
    l->pool_used++;   /* waiters, with a node or not: each becomes a reply */
    if (__builtin_expect(g->chk != NULL, 0))
        gmc_gpu_check_miss(g, p->addr, send != 0);
    if (send) {   /* the sector's first waiter: it rides in the DRAM request (dq_push) */
        dq_push(g, l, p->addr, 0, p, entry);
        g->l2_sent++;
    } else {
        uint32_t i = l->pool_free;
        if (i != NONE)
            l->pool_free = l->pool[i].next;
        else
            i = l->pool_fresh++;   /* < pool_n: at most that many waiters at once */
        l->pool[i] = w;
        uint32_t *h = &l->wait_head[entry * 4 + (unsigned)__builtin_ctz(sec)];
        l->pool[i].next = *h;
        *h = i;
        *gmc_cache_mshr_user(l->c, entry) |= sec;   /* the sector has a list (gmc_l2_mem_done) */
        g->l2_merged++;
    }
    pipe_pop(l);
}

static void l2_cycle(gmc_gpu_t *g, gmc_l2_t *l)
{
    while (l->rep_n && gmc_icnt_can_send_pkt(g->rep_net, l->id, &l->rep[l->rep_head])) {
        gmc_icnt_send(g->rep_net, l->id, &l->rep[l->rep_head]);
        l->rep_head = (l->rep_head + 1) & l->rep_wrap;
        if (!--l->rep_n)
            l->rep_head = 0;   /* empty: start over at the front */
    }
    lookup(g, l);
    const gmc_pkt_t *p;
    if (l->pipe_n <= l->pipe_mask && (p = gmc_icnt_peek(g->req_net, l->id))) {
        gmc_l2_delay_t *d = &l->pipe[(l->pipe_head + l->pipe_n++) & l->pipe_mask];
        assert(p->tag < 1u << 28);
        *d = (gmc_l2_delay_t){g->l2_cyc + g->m->l2_lat, p->addr, p->pc, p->tag, p->kind,
                              p->sm, p->warp};
        /* its run in the slice's arrivals: row locality after the network
         * (keyed as gmc_sm.c's pre_icnt_line keys it) */
        if (g->br_mask)
            gmc_rowloc_add_key(&g->rl_post, l->id, p->addr & g->br_mask, 1);
        else
            gmc_rowloc_add(&g->rl_post, l->id, GMC_PKT_LOC_BANK(p->loc), GMC_PKT_LOC_ROW(p->loc));
        if (l->pipe_n == 1)
            l->pipe_ready = d->ready;
        gmc_icnt_pop(g->req_net, l->id);
    }
    l->dq_blocked = 0;
    if (l->dq_n) {
        gmc_gpu_mem_sync(g);
        /* gmc_memsys_send in its two halves (prepare, send at now): the
         * head is decoded once, however many cycles its queue stays full */
        while (l->dq_n) {
            if (l->dq_at && l->dq_at[l->dq_head] > g->l2_cyc)
                break;   /* its dram_latency has not passed (next_at wakes the slice then) */
            if (!l->dq_p_ok) {
                if (gmc_memsys_prepare(g->ms, &l->dq[l->dq_head], &l->dq_p))
                    break;   /* GMC_MEM_EINVAL: larger than a burst, never accepted */
                l->dq_p_ok = 1;
            }
            if ((__builtin_expect(g->chk != NULL, 0)
                     ? gmc_memsys_data_send(g->ms, &l->dq_p, TAG_VER(l->dq_p.req.tag))
                     : gmc_memsys_send_prepared(g->ms, &l->dq_p)) != GMC_MEM_ACCEPTED) {
                l->dq_blocked = 1;   /* GMC_MEM_FULL: wait for room (gmc_l2_mem_room) */
                assert(l->dq_p.loc.channel == l->ch);   /* the room event wakes the channel's slices */
                g->l2_waits += !g->l2_wait[l->id];
                break;
            }
            l->dq_p_ok = 0;
            l->dq_head = (l->dq_head + 1) & l->dq_wrap;
            if (!--l->dq_n)
                l->dq_head = 0;
        }
    }
}

/* The first L2 cycle after now at which l has something to do of its own
 * (a request arriving is the network's to tell, a fill the memory
 * system's: gmc_l2_mem_done, room in a controller queue gmc_gpu.c's
 * l2_edge): now + 1 while replies wait or DRAM requests can go, else the
 * head of the input pipeline's lookup, UINT64_MAX if empty or if that head
 * waits for room in dq (which takes room in a controller queue first). */
static uint64_t next_at(const gmc_l2_t *l, uint64_t now)
{
    uint64_t t = UINT64_MAX;   /* the dq head's: now + 1, or when its dram_latency has passed */
    if (l->rep_n)
        return now + 1;
    if (l->dq_n && !l->dq_blocked) {
        t = l->dq_at ? l->dq_at[l->dq_head] : 0;
        if (t <= now + 1)
            return now + 1;
    }
    if (!l->pipe_n)
        return t;
    uint64_t p = l->pipe_ready;
    if (p > now)
        return p < t ? p : t;
    if (l->stuck_lim >= 0 && (int)l->dq_n >= l->stuck_lim)
        return t;
    return now + 1;
}

void gmc_l2_cycle(gmc_gpu_t *g, gmc_l2_t *l)
{
    l2_cycle(g, l);
    const unsigned i = l->id;
    g->l2_next[i] = next_at(l, g->l2_cyc);
    g->l2_shut[i] = l->pipe_n > l->pipe_mask;
    g->l2_wait[i] = (uint8_t)l->dq_blocked;   /* set only with a dq head refused */
}

/* The memory system's room event wakes the slices of that channel whose
 * dq head waits for that queue: they step at the next L2 edge, when a
 * retry at every edge would first have been accepted (the first there may
 * take the room; the others are refused again and wait again -- a refused
 * retry changes nothing). */
void gmc_l2_mem_room(void *ctx, unsigned channel, int is_write)
{
    gmc_gpu_t *g = ctx;
    (void)is_write;   /* waking a slice that waits for the other queue too is allowed
                         (it is refused again), and cheaper than reading its head */
    for (unsigned i = channel * g->spc, e = i + g->spc; i < e; i++)
        if (g->l2_wait[i])
            g->l2_next[i] = 0;
}
