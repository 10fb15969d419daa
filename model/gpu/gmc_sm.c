/* gmc_sm: one SM -- CTA slots, warps issuing in order (at most one
 * instruction per scheduler per cycle, when its registers are ready on the
 * warp's scoreboard and a functional unit of its class is free:
 * gmc_sm_sb.c), the load/store unit with the coalescer and the L1 data
 * cache (sectored, write-through, allocate on fill), and its two network
 * ports.  A load does not hold its warp: the instructions that read its
 * destinations wait for its data (closed loop); a store does not wait. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "gpu/gmc_bits_impl.h"
#include "gpu/gmc_gpu_impl.h"

#define NONE UINT32_MAX

/* The warp schedulers' view (gmc_wsched.h) reads these fields at their
 * offsets with these widths. */
_Static_assert(sizeof(((gmc_warp_t *)0)->in.op) == 1 && sizeof(((gmc_warp_t *)0)->ended) == 1,
               "gmc_wsched_view_t reads op and ended as bytes");
_Static_assert(sizeof(((gmc_warp_t *)0)->cta) == 4 && sizeof(((gmc_warp_t *)0)->pending) == 4 &&
               sizeof(((gmc_cta_slot_t *)0)->kcta) == 4,
               "gmc_wsched_view_t reads cta, pending and kcta as uint32_t");

int gmc_sm_init(gmc_gpu_t *g, gmc_sm_t *s, unsigned id, char *err, size_t n)
{
    const gmc_machine_t *m = g->m;
    memset(s, 0, sizeof *s);
    s->id = id;
    gmc_cache_cfg_t cc = {m->l1_size, 128, 32, m->l1_assoc, m->l1_mshr, m->l1_merge, 0};
    if (!(s->l1 = gmc_cache_new(&cc, err, n)))
        return -1;
    unsigned q = 4;
    while (q < m->l1_lat + 2)
        q <<= 1;
    s->hitq = calloc(q, sizeof *s->hitq);
    const size_t nld = (size_t)m->warps_per_sm * m->loads_per_warp;   /* <= GMC_LD_MAX */
    if ((g->chan_words > 1 && !(s->chset = calloc(nld * g->chan_words, sizeof *s->chset))) ||
        !(s->ld = malloc(nld * sizeof *s->ld)) || gmc_units_init(g, s)) {
        snprintf(err, n, "out of memory for SM %u", id);
        return -1;
    }
    s->ld_free = NONE;   /* records never used are taken at ld_fresh (as the waiters' pool) */
    s->hitq_mask = q - 1;
    s->pool_n = m->l1_mshr * m->l1_merge * 4;
    s->wait_head = malloc((size_t)m->l1_mshr * 4 * sizeof *s->wait_head);
    s->mf_at = malloc((size_t)m->l1_mshr * 4 * sizeof *s->mf_at);
    s->pool = malloc((size_t)s->pool_n * sizeof *s->pool);
    if (!s->hitq || !s->wait_head || !s->mf_at || !s->pool) {
        snprintf(err, n, "out of memory for SM %u", id);
        return -1;
    }
    for (unsigned i = 0; i < m->l1_mshr * 4; i++)
        s->wait_head[i] = NONE;
    s->pool_free = NONE;   /* nodes never used are taken at pool_fresh (waiter_add) */
    s->pool_fresh = 0;
    if (g->wsched->l1 && !(s->l1_owner = calloc(gmc_cache_slots(s->l1), 1))) {
        snprintf(err, n, "out of memory for SM %u", id);
        return -1;
    }
    /* the warp schedulers' view of the warps: where the SM keeps them */
    gmc_wsched_view_t *v = &s->view;
    v->age = s->age;
    v->now = &g->core_cyc;
    v->warp = (const unsigned char *)s->w;
    v->warp_size = sizeof s->w[0];
    v->at_op = offsetof(gmc_warp_t, in.op);
    v->at_ended = offsetof(gmc_warp_t, ended);
    v->at_cta = offsetof(gmc_warp_t, cta);
    v->at_pending = offsetof(gmc_warp_t, pending);
    v->cta = (const unsigned char *)s->cta;
    v->cta_size = sizeof s->cta[0];
    v->at_kcta = offsetof(gmc_cta_slot_t, kcta);
    v->sm = id;
    v->slots = m->warps_per_sm;
    v->stride = &g->batch_stride;
    for (unsigned k = 0; k < m->schedulers_per_sm; k++) {
        gmc_wsched_t *ws = &s->ws[k];
        ws->last = -1;
        ws->index = k;
        ws->count = m->schedulers_per_sm;
        ws->view = v;
        ws->machine = m;
        for (unsigned w = k; w < m->warps_per_sm; w += m->schedulers_per_sm)
            ws->slots |= 1ULL << w;
        if (g->wsched->init && g->wsched->init(ws, err, n))
            return -1;
        s->ws_live = k + 1;
    }
    return 0;
}

void gmc_sm_free(const gmc_gpu_t *g, gmc_sm_t *s)
{
    for (unsigned k = 0; k < s->ws_live; k++)
        if (g->wsched->free)
            g->wsched->free(&s->ws[k]);
    s->ws_live = 0;
    gmc_cache_delete(s->l1);
    free(s->hitq);
    free(s->chset);
    free(s->ld);
    free(s->ufree);
    free(s->wait_head);
    free(s->mf_at);
    free(s->pool);
    free(s->l1_owner);
}

int gmc_sm_busy(const gmc_sm_t *s)
{
    return s->nctas || s->lsu_n || s->hitq_n || s->out_n;
}

/* A CTA's registers: its warps' 32 threads each (a partial warp is padded,
 * as GPGPU-Sim pads the CTA), each with regs_per_thread rounded up to a
 * multiple of regs_round. */
static uint64_t cta_regs(const gmc_machine_t *m, const gmc_kernel_t *k)
{
    const uint64_t r = ((uint64_t)k->regs_per_thread + m->regs_round - 1) / m->regs_round * m->regs_round;
    return r * gmc_kernel_warps_per_cta(k) * 32;
}

int gmc_sm_fits(const gmc_gpu_t *g, const gmc_sm_t *s, const gmc_kernel_t *k)
{
    const gmc_machine_t *m = g->m;
    uint32_t tpc = gmc_kernel_threads_per_cta(k), wpc = gmc_kernel_warps_per_cta(k);
    uint64_t regs = cta_regs(m, k);
    if (!(s->nctas < m->ctas_per_sm && s->nctas < 64 && s->nwarps_used + wpc <= m->warps_per_sm &&
          s->threads + tpc <= m->threads_per_sm))
        return 0;   /* warp and thread slots: structural, never ignored */
    if ((!m->regs_per_sm || s->regs + regs <= m->regs_per_sm) &&
        (uint64_t)s->smem + k->smem_per_cta <= m->smem_per_sm)
        return 1;
    /* ignore_limits: GPGPU-Sim's -gpgpu_ignore_resources_limitation runs
     * one such CTA per SM.  The SM's 32-bit register and shared-memory sums
     * may wrap then, harmlessly: every CTA of the kernel needs the same, so
     * the CTA alone already exceeds the limit a second one is checked
     * against. */
    return m->ignore_limits && !s->nctas;
}

int gmc_sm_within_limits(const gmc_machine_t *m, const gmc_kernel_t *k)
{
    uint64_t regs = cta_regs(m, k);
    return (!m->regs_per_sm || regs <= m->regs_per_sm) && k->smem_per_cta <= m->smem_per_sm;
}

/* need[wi] = v, need_vals and need_mask following (gmc_sm_t). */
static void set_need(gmc_sm_t *s, unsigned wi, unsigned v)
{
    const unsigned o = s->need[wi];
    if (o == v)
        return;
    if (o && !(s->need_mask[o - 1] &= ~(1ULL << wi)))
        s->need_vals &= ~(1ULL << (o - 1));
    if (v) {
        s->need_mask[v - 1] |= 1ULL << wi;
        s->need_vals |= 1ULL << (v - 1);
    }
    s->need[wi] = (uint8_t)v;
}

/* uclass[wi] = c, uvals and umask following (gmc_sm_t), as set_need. */
static void set_unit(gmc_sm_t *s, unsigned wi, unsigned c)
{
    gmc_warp_t *w = &s->w[wi];
    const unsigned o = w->uclass;
    if (o == c)
        return;
    if (o && !(s->umask[o] &= ~(1ULL << wi)))
        s->uvals &= ~(1ULL << o);
    if (c) {
        s->umask[c] |= 1ULL << wi;
        s->uvals |= 1ULL << c;
    }
    w->uclass = (uint8_t)c;
}

/* Fetches w's next instruction; at the end of its stream marks it ended. */
static void fetch(gmc_gpu_t *g, gmc_sm_t *s, gmc_warp_t *w)
{
    /* The kernel sees the warp's previous instruction, as if it wrote
     * into the warp's own (lane addresses aside: it writes every active
     * lane's, and only those are read). */
    gmc_inst_t *in = &g->fetch_in;
    in->pc = w->in.pc;
    in->mask = w->in.mask;
    in->op = w->in.op;
    in->width = w->in.width;
    in->lat = w->in.lat;
    in->strided = 0;   /* a kernel that lists addresses need not know the field */
    in->deps = GMC_DEPS_SERIAL;   /* nor one that states no registers or units (gmc_kernel.h) */
    in->unit = GMC_UNIT_NONE;
    in->ndst = in->nsrc = 0;
    int r = g->k->ops->next(g->k, &w->cur, in, g->err, g->errn);
    if (r < 0) {
        g->failed = 1;
        return;
    }
    w->in = (gmc_inst_head_t){in->pc, in->mask, in->op, in->width, in->lat};
    w->ended = r == 0;
    uint8_t op = in->op;
    w->nacc = !w->ended && (op == GMC_OP_LD || op == GMC_OP_ST || op == GMC_OP_ATOM)
                  ? (uint8_t)gmc_coalesce(in, w->acc) : 0;
    if (g->color && w->nacc)   /* page coloring: the workload's pages -> physical, at first touch */
        gmc_color_translate(g, s->id, w->acc, w->nacc);
    const unsigned wi = (unsigned)(w - s->w);
    set_need(s, wi, w->nacc);
    w->deps = in->deps;
    w->unit = in->unit < GMC_UNIT_N ? in->unit : GMC_UNIT_NONE;
    w->ndst = w->nsrc = 0;
    if (w->deps == GMC_DEPS_REGS) {   /* at most GMC_INST_MAX_REGS each (gmc_kernel.h) */
        const unsigned nd = in->ndst < GMC_INST_MAX_REGS ? in->ndst : GMC_INST_MAX_REGS,
                       ns = in->nsrc < GMC_INST_MAX_REGS ? in->nsrc : GMC_INST_MAX_REGS;
        uint64_t rm = 0;
        for (unsigned j = 0; j < nd; j++)   /* a loop: one or two registers, mostly */
            rm |= 1ull << ((w->reg[j] = in->dst[j]) & 63);
        for (unsigned j = 0; j < ns; j++)
            rm |= 1ull << ((w->reg[nd + j] = in->src[j]) & 63);
        w->ndst = (uint8_t)nd;
        w->nsrc = (uint8_t)ns;
        w->rmask = rm;
    }
    set_unit(s, wi, !w->ended && (op == GMC_OP_ALU || op >= GMC_OP_N) ? g->umap[w->unit] : 0);
}

static void sleep_until(gmc_sm_t *s, unsigned wi, uint64_t t)
{
    gmc_warp_t *w = &s->w[wi];
    w->state = GMC_W_READY;
    s->ready_at[wi] = t;
    s->ready &= ~(1ULL << wi);
    s->sleeping |= 1ULL << wi;
    if (t < s->wake_min)
        s->wake_min = t;
}

/* w's fetched instruction waits for its dependences (gmc_sb_wait): until
 * the cycle they allow (at the earliest the next), or a load. */
static void wait_deps(gmc_gpu_t *g, gmc_sm_t *s, unsigned wi)
{
    gmc_warp_t *w = &s->w[wi];
    const uint64_t now = g->core_cyc, t = gmc_sb_wait(g, w, now);
    if (t == GMC_SB_LOAD) {
        w->state = GMC_W_MEM;
        s->ready &= ~(1ULL << wi);
        s->sleeping &= ~(1ULL << wi);   /* not in either: a completion wakes it */
        return;
    }
    sleep_until(s, wi, t > now ? t : now + 1);
}

/* wait_deps for the warp that just issued: when its next instruction may
 * go at the next cycle it stays ready -- its scheduler, the only one that
 * picks it, issues no more this cycle -- rather than sleeping one cycle. */
static void wait_deps_issued(gmc_gpu_t *g, gmc_sm_t *s, unsigned wi)
{
    gmc_warp_t *w = &s->w[wi];
    const uint64_t now = g->core_cyc, t = gmc_sb_wait(g, w, now);
    if (t <= now + 1) {
        w->state = GMC_W_READY;
        return;
    }
    if (t == GMC_SB_LOAD) {
        w->state = GMC_W_MEM;
        s->ready &= ~(1ULL << wi);
        return;
    }
    sleep_until(s, wi, t);
}

void gmc_sm_launch(gmc_gpu_t *g, gmc_sm_t *s, uint32_t kcta)
{
    const gmc_kernel_t *k = g->k;
    unsigned c = 0;
    while (s->cta[c].used)
        c++;
    uint32_t wpc = gmc_kernel_warps_per_cta(k);
    gmc_cta_slot_t *cs = &s->cta[c];
    cs->used = 1;
    cs->kcta = kcta;
    cs->warps = cs->live = wpc;
    cs->at_bar = 0;
    s->nctas++;
    s->nwarps_used += wpc;
    s->threads += gmc_kernel_threads_per_cta(k);
    s->regs += (unsigned)cta_regs(g->m, k);
    s->smem += k->smem_per_cta;
    unsigned wi = 0;
    for (uint32_t i = 0; i < wpc; i++) {
        while (s->w[wi].state != GMC_W_FREE)
            wi++;
        gmc_warp_t *w = &s->w[wi];
        /* all but the line accesses (1 KB), which the coalescer writes
         * before issue reads its nacc of them */
        const uint8_t uclass = w->uclass;   /* the masks' bit of the slot's last warp */
        memset(w, 0, offsetof(gmc_warp_t, acc));
        w->uclass = uclass;
        w->cta = c;
        s->age[wi] = g->age++;
        g->k->ops->warp_begin(g->k, kcta, i, &w->cur);
        fetch(g, s, w);
        wait_deps(g, s, wi);   /* nothing before it: the next cycle */
        if (g->wsched->launched)
            g->wsched->launched(&s->ws[wi % g->m->schedulers_per_sm], (int)wi, &s->view);
    }
    if (g->sm_next[s->id] > g->core_cyc + 1)
        g->sm_next[s->id] = g->core_cyc + 1;
}

static void cta_finish(gmc_gpu_t *g, gmc_sm_t *s, unsigned c)
{
    gmc_cta_slot_t *cs = &s->cta[c];
    for (unsigned wi = 0; wi < GMC_SM_MAX_WARPS; wi++)
        if (s->w[wi].state == GMC_W_DONE && s->w[wi].cta == c)
            s->w[wi].state = GMC_W_FREE;
    const gmc_kernel_t *k = g->k;
    uint32_t wpc = cs->warps;
    s->nctas--;
    s->nwarps_used -= wpc;
    s->threads -= gmc_kernel_threads_per_cta(k);
    s->regs -= (unsigned)cta_regs(g->m, k);
    s->smem -= k->smem_per_cta;
    cs->used = 0;
    if (g->disp.ops->cta_end)   /* room again: the dispatcher may want to know */
        g->disp.ops->cta_end(&g->disp, s->id);
    g->ctas_done++;
    g->st.ctas++;
    if (k->ops->cta_end)
        k->ops->cta_end(g->k, cs->kcta);
}

/* Barrier: every live warp of the CTA arrived -> all go on. */
static void bar_check(gmc_gpu_t *g, gmc_sm_t *s, unsigned c)
{
    gmc_cta_slot_t *cs = &s->cta[c];
    if (!cs->at_bar || cs->at_bar < cs->live)
        return;
    cs->at_bar = 0;
    for (unsigned wi = 0; wi < GMC_SM_MAX_WARPS; wi++)
        if (s->w[wi].state == GMC_W_BAR && s->w[wi].cta == c)
            wait_deps(g, s, wi);
}

static void warp_exit(gmc_gpu_t *g, gmc_sm_t *s, unsigned wi)
{
    gmc_warp_t *w = &s->w[wi];
    /* Progress for the watchdog, as an issue is: a warp with no
     * instructions (a CTA a trace does not list) exits without issuing. */
    g->progress_at = g->core_cyc;
    w->state = GMC_W_DONE;
    s->ready &= ~(1ULL << wi);
    if (g->wsched->exited)
        g->wsched->exited(&s->ws[wi % g->m->schedulers_per_sm], (int)wi, &s->view);
    gmc_cta_slot_t *cs = &s->cta[w->cta];
    cs->live--;
    if (!cs->live)
        cta_finish(g, s, w->cta);
    else
        bar_check(g, s, w->cta);
}

/* count sectors of load record li are back; offchip ones came from DRAM
 * through channel ch after in_mc DRAM cycles inside its controller.  The
 * last one completes the load: its statistics, its destinations written,
 * its warp re-checked if it waits for a load. */
static void complete(gmc_gpu_t *g, gmc_sm_t *s, unsigned li, uint32_t count, int offchip,
                     uint64_t in_mc, unsigned ch)
{
    gmc_ld_t *l = &s->ld[li];
    gmc_warp_t *w = &s->w[l->warp];
    const uint64_t now = g->core_cyc;
    if (offchip) {
        if (!l->offchip) {
            l->ret_min = l->ret_max = now;
            l->mc_min = l->mc_max = in_mc;
            l->chans = 0;
            if (g->chan_words > 1)   /* s->chset (g is hot, the SM's far fields are not) */
                memset(&s->chset[(size_t)li * g->chan_words], 0, g->chan_words * sizeof *s->chset);
        } else {
            l->ret_max = now;   /* returns come in time order */
            l->mc_min = in_mc < l->mc_min ? in_mc : l->mc_min;
            l->mc_max = in_mc > l->mc_max ? in_mc : l->mc_max;
        }
        l->offchip += count;
        if (g->chan_words <= 1)
            l->chans |= 1ull << (ch & 63);   /* ch < 64 */
        else
            s->chset[(size_t)li * g->chan_words + ch / 64] |= 1ull << (ch & 63);
    }
    w->pending -= count;
    l->pending -= count;
    if (l->pending)
        return;
    g->progress_at = now;
    if (!l->is_atom) {
        gmc_gpu_stats_t *st = &g->st;
        gmc_gpu_sample(&g->s_time, now - l->issue);
        if (l->offchip) {
            st->load_warps_offchip++;
            st->offchip_requests += l->offchip;
        }
        if (l->offchip >= 2) {
            uint64_t div = l->ret_max - l->ret_min;
            /* DRAM cycles to core cycles, rounded to nearest */
            uint64_t inmc = ((l->mc_max - l->mc_min) * g->ps_dram + g->ps_core / 2) / g->ps_core;
            st->load_warps_multi++;
            gmc_gpu_sample(&g->s_div, div);
            gmc_gpu_sample(&g->s_inmc, inmc);
            unsigned nc = 0;
            if (g->chan_words <= 1)
                nc = gmc_popc64(l->chans);
            else
                for (unsigned k = 0; k < g->chan_words; k++)
                    nc += gmc_popc64(s->chset[(size_t)li * g->chan_words + k]);
            g->chan_hist[nc]++;
            g->sum_div += div;
            g->sum_inmc += inmc < div ? inmc : div;
        }
    }
    /* its destinations are written: readers may issue from the next cycle */
    gmc_sb_release(w, l, now + 1);
    w->nld--;
    l->next = s->ld_free;
    s->ld_free = li;
    if (w->state == GMC_W_MEM)
        wait_deps(g, s, l->warp);
}

static void waiter_add(gmc_sm_t *s, uint32_t entry, unsigned sec, unsigned li)
{
    uint32_t i = s->pool_free;
    if (i != NONE)
        s->pool_free = s->pool[i].next;
    else
        i = s->pool_fresh++;   /* < pool_n: at most that many waiters at once */
    uint32_t *h = &s->wait_head[entry * 4 + sec];
    s->pool[i].ld = li;
    s->pool[i].next = *h;
    *h = i;
    *gmc_cache_mshr_user(s->l1, entry) |= 1u << sec;   /* the sector has a list (receive) */
}

/* A read's reply leaves the reply network: its memory latency, as
 * GPGPU-Sim's averagemflatency measures it (mem_latency_stat.cc,
 * memlatstat_done: the cycle the reply is accepted minus the mem_fetch's
 * timestamp, the cycle it was made), from mf_at of its L1 sector k. */
static inline void mem_latency(gmc_gpu_t *g, const gmc_sm_t *s, unsigned k)
{
    g->mf.n++;
    g->mf.sum += (uint32_t)((uint32_t)g->core_cyc - s->mf_at[k]);
}

/* The scheduler that owns warp slot wi. */
static inline gmc_wsched_t *ws_of(const gmc_gpu_t *g, gmc_sm_t *s, unsigned wi)
{
    return &s->ws[wi % g->m->schedulers_per_sm];
}

/* A fill under a scheduler with the l1 hook: the allocating warp becomes
 * the line's owner; an evicted line is told to its owner's scheduler. */
static void fill_owned(gmc_gpu_t *g, gmc_sm_t *s, uint64_t line, unsigned sec, int e, unsigned wi)
{
    uint64_t vl;
    int evicted;
    int32_t slot;
    gmc_cache_fill_slot(s->l1, line, 1u << sec, e, &vl, &evicted, &slot);
    if (slot < 0)
        return;
    const unsigned owner = s->l1_owner[slot];
    s->l1_owner[slot] = (uint8_t)wi;
    if (evicted)
        g->wsched->l1(ws_of(g, s, owner), (int)owner, vl, GMC_WSCHED_L1_EVICT, &s->view);
}

static void receive(gmc_gpu_t *g, gmc_sm_t *s)
{
    const gmc_pkt_t *p = gmc_icnt_peek(g->rep_net, s->id);
    if (!p)
        return;
    const unsigned li = p->tag >> GMC_TAG_LD_SHIFT;   /* the load record the request was sent for */
    if (p->kind == GMC_PKT_ATOM_REPLY) {
        complete(g, s, li, 1, p->offchip, p->dram_in_mc, p->src >> g->spc_shift);
    } else {
        uint64_t line = p->addr & ~127ULL;
        unsigned sec = (unsigned)(p->addr >> 5) & 3, ch = p->src >> g->spc_shift;   /* slice = ch x spc + sub */
        uint32_t ep = GMC_TAG_ENTRY(p->tag);   /* the L1 entry + 1 the read was sent for */
        int e = ep ? (int)ep - 1 : gmc_cache_mshr_find(s->l1, line);
        if (ep && p->offchip)   /* off-chip reads only */
            mem_latency(g, s, (ep - 1) * 4 + sec);
        /* accesses merged into the sector: its list (waiter_add) */
        const uint32_t listed = e >= 0 ? gmc_waiters_take(s->l1, e, sec) : 0;
        if (s->l1_owner)
            fill_owned(g, s, line, sec, e, p->warp);
        else {
            uint64_t vl;
            uint32_t vd;
            gmc_cache_fill_entry(s->l1, line, 1u << sec, 0, e, &vl, &vd);
        }
        if (e >= 0) {
            /* the accesses that merged were pushed at the front: walk,
             * complete, free; then the one that sent the sector (lsu_step),
             * the oldest, whose load record the reply carries */
            if (listed) {
                uint32_t *h = &s->wait_head[(unsigned)e * 4 + sec];
                for (uint32_t i = *h; i != NONE;) {
                    uint32_t nx = s->pool[i].next;
                    complete(g, s, s->pool[i].ld, 1, p->offchip, p->dram_in_mc, ch);
                    s->pool[i].next = s->pool_free;
                    s->pool_free = i;
                    i = nx;
                }
                *h = NONE;
            }
            complete(g, s, li, 1, p->offchip, p->dram_in_mc, ch);
        }
    }
    gmc_icnt_pop(g->rep_net, s->id);
}

/* The slice of every sector of `line` when they share one (slice_by_line,
 * row_by_line), else NONE: out_push then looks each sector up. */
static inline uint32_t line_slice(const gmc_gpu_t *g, uint64_t line)
{
    return g->slice_by_line || g->row_by_line ? gmc_gpu_slice_of(g, line) : NONE;
}

/* Row locality before the network (Yuan et al. [MICRO'09] Fig. 1's
 * "Pre-Interconnect"): each request's run in its stream (SM, slice), in
 * the order the SM's requests enter the request network -- the order out
 * holds them, a FIFO, so counted as they are pushed.  A run's key is the
 * request's bank and row bits (br_mask) where the address map makes them
 * bits, else its decoded bank and row, which then ride in the packet's loc
 * to the slice (row locality after the network, gmc_l2.c).  A line
 * access's sectors to one slice share their bank and row when the bits
 * that decide them lie above the line: one key or decode and one add for
 * all of them.  Returns their loc (0 with keys: unused), or NONE when each
 * sector must be done alone (pre_icnt_sector). */
static inline uint32_t pre_icnt_line(gmc_gpu_t *g, const gmc_sm_t *s, uint64_t line, uint32_t sectors,
                                     uint32_t dst)
{
    if (g->color)   /* page coloring's local access ratio */
        gmc_color_count(g, s->id, line, sectors);
    if (dst == NONE)
        return NONE;
    const uint32_t st = s->id * g->nslice + dst;
    if (g->br_mask) {
        if (g->br_mask & 127)
            return NONE;
        gmc_rowloc_add_key(&g->rl_pre, st, line & g->br_mask, gmc_popc32(sectors));
        return 0;
    }
    if (!g->row_by_line)
        return NONE;
    gmc_mem_loc_t l;
    gmc_memsys_locate(g->ms, line, &l);
    gmc_rowloc_add_n(&g->rl_pre, st, l.bank, l.row, gmc_popc32(sectors));
    return GMC_PKT_LOC(l.row, l.bank);
}

/* A sector's packet p that pre_icnt_line could not do with its line's. */
static void pre_icnt_sector(gmc_gpu_t *g, const gmc_sm_t *s, gmc_pkt_t *p)
{
    const uint32_t st = s->id * g->nslice + p->dst;
    if (g->br_mask) {
        gmc_rowloc_add_key(&g->rl_pre, st, p->addr & g->br_mask, 1);
        return;
    }
    gmc_mem_loc_t l;
    gmc_memsys_locate(g->ms, p->addr, &l);
    p->loc = GMC_PKT_LOC(l.row, l.bank);
    gmc_rowloc_add_n(&g->rl_pre, st, l.bank, l.row, 1);
}

/* entry: a read's L1 MSHR entry, carried in the tag (entry + 1; 0 for NONE)
 * and back in the reply, so the fill needs no lookup; NONE otherwise.  The
 * tag carries a read's or atomic's load record (a->ld) above it.
 * dst: line_slice of the sector's line.  The packet's loc is the caller's
 * to set (pre_icnt_line). */
static inline gmc_pkt_t *out_push(gmc_gpu_t *g, gmc_sm_t *s, uint8_t kind, uint64_t addr, const gmc_warp_t *w,
                                  const gmc_lsu_acc_t *a, uint32_t entry, uint32_t dst)
{
    const unsigned wi = a->warp;
    gmc_pkt_t *p = &s->out[(s->out_head + s->out_n++) % GMC_OUT_CAP];
    memset(p, 0, sizeof *p);
    p->addr = addr;
    /* a read's or atomic's own PC (Warped-MC's warp identity): its load
     * record's; the warp may have issued further since (a store's PC is
     * not read past the L2) */
    p->pc = kind == GMC_PKT_WRITE ? w->in.pc : s->ld[a->ld].pc;
    p->tag = (entry == NONE ? 0 : entry + 1) |
             (kind == GMC_PKT_WRITE ? 0 : (uint32_t)a->ld << GMC_TAG_LD_SHIFT);
    p->src = (uint16_t)s->id;
    p->dst = (uint16_t)(dst != NONE ? dst : gmc_gpu_slice_of(g, addr));
    p->sm = s->id;
    p->warp = wi;
    p->kind = kind;
    p->bytes = kind == GMC_PKT_READ ? 8 : 40;   /* header; header + a sector of data */
    g->st.sm_requests++;
    return p;
}

/* The head access of the load/store unit, if it can proceed this cycle:
 * 1 if it did, 0 if it waits (for room in out or an MSHR). */
static int lsu_step(gmc_gpu_t *g, gmc_sm_t *s)
{
    gmc_lsu_acc_t *a = &s->lsu[s->lsu_head];
    gmc_warp_t *w = &s->w[a->warp];
    unsigned room = GMC_OUT_CAP - s->out_n;
    if (a->op == GMC_OP_LD) {
        uint32_t hit = gmc_cache_read_hits(s->l1, a->line, a->sectors, 1);
        uint32_t miss = a->sectors & ~hit;
        uint32_t entry = 0, send = 0;
        if (miss) {
            if (gmc_popc32(miss) > room ||
                gmc_cache_miss(s->l1, a->line, miss, &entry, &send) != GMC_CACHE_MISS_OK) {
                s->lsu_stall++;
                return 0;   /* retried at the SM's next step; the read_hits above only touched LRU */
            }
            /* A sector this access sends has no waiter yet (its fill
             * answered them all): the access is its first, and the reply
             * carries its warp back (receive), so only the accesses that
             * merge into a sent sector take a node of the pool. */
            for (uint32_t m = miss & ~send; m; m &= m - 1)
                waiter_add(s, entry, (unsigned)__builtin_ctz(m), a->ld);
            const uint32_t dst = send ? line_slice(g, a->line) : NONE;
            const uint32_t loc = send ? pre_icnt_line(g, s, a->line, send, dst) : NONE;
            for (uint32_t m = send; m; m &= m - 1) {
                const unsigned sec = (unsigned)__builtin_ctz(m);
                gmc_pkt_t *p = out_push(g, s, GMC_PKT_READ, a->line + 32u * sec, w, a, entry, dst);
                s->mf_at[entry * 4 + sec] = (uint32_t)g->core_cyc;   /* made now: its memory latency */
                p->loc = loc;
                if (loc == NONE)
                    pre_icnt_sector(g, s, p);
            }
            g->l1_sent += gmc_popc32(send);
            g->l1_merged += gmc_popc32(miss & ~send);
            if (s->l1_owner)
                g->wsched->l1(ws_of(g, s, a->warp), (int)a->warp, a->line, GMC_WSCHED_L1_MISS, &s->view);
        }
        g->st.l1_read_sectors += gmc_popc32(a->sectors);
        g->st.l1_hit_sectors += gmc_popc32(hit);
        if (hit) {
            gmc_l1_hit_t *h = &s->hitq[(s->hitq_head + s->hitq_n++) & s->hitq_mask];
            h->ready = g->core_cyc + g->m->l1_lat;
            h->ld = a->ld;
            h->sectors = gmc_popc32(hit);
        }
    } else {
        unsigned ns = gmc_popc32(a->sectors);
        if (ns > room) {
            s->lsu_stall++;
            return 0;
        }
        uint8_t kind = a->op == GMC_OP_ST ? GMC_PKT_WRITE : GMC_PKT_ATOM;
        if (a->op == GMC_OP_ST)
            gmc_cache_invalidate(s->l1, a->line, a->sectors);   /* write-through, no allocate */
        const uint32_t dst = line_slice(g, a->line);
        const uint32_t loc = pre_icnt_line(g, s, a->line, a->sectors, dst);
        for (uint32_t m = a->sectors; m; m &= m - 1) {
            gmc_pkt_t *p = out_push(g, s, kind, a->line + 32u * (unsigned)__builtin_ctz(m), w, a, NONE, dst);
            p->loc = loc;
            if (loc == NONE)
                pre_icnt_sector(g, s, p);
        }
    }
    s->lsu_head = (s->lsu_head + 1) % GMC_LSU_CAP;
    if (!--s->lsu_n)
        s->lsu_head = 0;   /* empty: start over at the front, whose host lines are warm */
    return 1;
}

/* Issues w's instruction; returns 0 if it cannot issue this cycle (the
 * load/store unit has no room for its accesses, or no unit of its class
 * is free -- sm_cycle filters both out first, so rarely).  Its registers
 * are ready (it was woken by gmc_sb_wait's answer). */
static int issue(gmc_gpu_t *g, gmc_sm_t *s, unsigned wi, unsigned group)
{
    gmc_warp_t *w = &s->w[wi];
    const uint64_t now = g->core_cyc;
    if (w->ended) {   /* the stream ended without an EXIT: exit, not an instruction */
        warp_exit(g, s, wi);
        return 1;
    }
    const gmc_inst_head_t *in = &w->in;
    uint8_t op = in->op < GMC_OP_N ? in->op : GMC_OP_ALU;
    gmc_lsu_acc_t *acc = w->acc;
    unsigned na = w->nacc;
    if (na > GMC_LSU_CAP - s->lsu_n)
        return 0;
    if (w->uclass && !gmc_unit_take(g, s, group, w->unit, now))
        return 0;
    gmc_gpu_stats_t *st = &g->st;
    st->instructions++;
    st->thread_instructions += gmc_popc32(in->mask);
    st->op_count[op]++;
    g->progress_at = now;
    uint32_t sectors = 0;
    for (unsigned i = 0; i < na; i++)
        sectors += gmc_popc32(acc[i].sectors);
    uint32_t li = 0;
    if ((op == GMC_OP_LD || op == GMC_OP_ATOM) && sectors) {   /* a load record */
        li = s->ld_free;
        if (li != NONE)
            s->ld_free = s->ld[li].next;
        else
            li = s->ld_fresh++;   /* < warps x loads_per_warp: a warp has at most that many */
        gmc_ld_t *l = &s->ld[li];
        l->issue = now;
        l->pc = in->pc;
        l->pending = sectors;
        l->offchip = 0;
        l->warp = (uint8_t)wi;
        l->is_atom = op == GMC_OP_ATOM;
        l->ndst = w->deps == GMC_DEPS_REGS ? w->ndst : 0;
        memcpy(l->dst, w->reg, l->ndst * sizeof *l->dst);
        w->pending += sectors;
        w->nld++;
    }
    for (unsigned i = 0; i < na; i++) {
        acc[i].warp = (uint8_t)wi;
        acc[i].ld = (uint16_t)li;
        s->lsu[(s->lsu_head + s->lsu_n++) % GMC_LSU_CAP] = acc[i];
    }
    /* when its result is written (its destinations pending until then) */
    uint64_t at = now + 1;
    switch (op) {
    case GMC_OP_LD:
    case GMC_OP_ATOM:
        if (op == GMC_OP_LD)
            st->load_warps++;
        else
            g->atoms++;
        if (sectors)
            at = GMC_SB_LOAD;
        break;
    case GMC_OP_SHMEM:
        at = now + (in->lat ? in->lat : g->m->shmem_lat);
        break;
    case GMC_OP_BAR:
        w->state = GMC_W_BAR;
        s->ready &= ~(1ULL << wi);
        s->cta[w->cta].at_bar++;
        break;
    case GMC_OP_EXIT:
        warp_exit(g, s, wi);
        return 1;
    case GMC_OP_ST:
        break;
    default:
        at = now + (in->lat ? in->lat : w->unit ? g->ulat[w->unit] : g->m->alu_lat);
        break;
    }
    if (at != GMC_SB_LOAD && at > w->done_at)
        w->done_at = at;
    gmc_sb_issue(w, now, at);
    fetch(g, s, w);
    if (op == GMC_OP_BAR)
        bar_check(g, s, w->cta);
    else
        wait_deps_issued(g, s, wi);
    return 1;
}

static void sm_cycle(gmc_gpu_t *g, gmc_sm_t *s)
{
    const uint64_t now = g->core_cyc;
    receive(g, s);
    while (s->hitq_n && s->hitq[s->hitq_head].ready <= now) {
        gmc_l1_hit_t h = s->hitq[s->hitq_head];
        s->hitq_head = (s->hitq_head + 1) & s->hitq_mask;
        s->hitq_n--;
        complete(g, s, h.ld, h.sectors, 0, 0, 0);
    }
    int moved = s->lsu_n && lsu_step(g, s);   /* or a send made room for the head */
    while (s->out_n && gmc_icnt_can_send_pkt(g->req_net, s->id, &s->out[s->out_head])) {
        moved = 1;
        gmc_icnt_send(g->req_net, s->id, &s->out[s->out_head]);
        s->out_head = (s->out_head + 1) % GMC_OUT_CAP;
        if (!--s->out_n)
            s->out_head = 0;   /* empty: start over at the front */
    }
    if (s->sleeping && now >= s->wake_min) {
        uint64_t wm = UINT64_MAX;
        for (uint64_t m = s->sleeping; m; m &= m - 1) {
            unsigned wi = (unsigned)__builtin_ctzll(m);
            uint64_t t = s->ready_at[wi];
            if (t <= now) {
                s->sleeping &= ~(1ULL << wi);
                s->ready |= 1ULL << wi;
            } else if (t < wm) {
                wm = t;
            }
        }
        s->wake_min = wm;
    }
    uint64_t eligible = s->ready;
    const unsigned room = GMC_LSU_CAP - s->lsu_n;
    if (room < GMC_COALESCE_MAX)   /* memory instructions that do not fit wait: need > room */
        for (uint64_t m = s->need_vals & (~0ULL << room); m; m &= m - 1)
            eligible &= ~s->need_mask[__builtin_ctzll(m)];
    /* Per scheduler, the candidates whose unit class has no unit free
     * (its group's earliest, umin) wait: for the classes in use only, so
     * an idle unit costs nothing.  Nothing issues and the unit's head
     * waits: until a reply arrives, a sleeping warp, an L1 hit or a unit
     * is due, or (out not empty: the network refused it) the network takes
     * a packet, the SM's cycles would change nothing -- a retry of the
     * head repeats its lookup, whose LRU touch then moves nothing (only
     * this SM's cycles change its L1). */
    int any = 0;
    uint64_t uwake = UINT64_MAX;
    const gmc_wsched_ops_t *ops = g->wsched;
    const unsigned sub = g->m->sub_core_model;
    for (unsigned k = 0; eligible && k < g->m->schedulers_per_sm; k++) {
        gmc_wsched_t *ws = &s->ws[k];
        uint64_t cand = eligible & ws->slots;
        const unsigned grp = sub ? k : 0;
        for (uint64_t m = cand ? s->uvals : 0; m; m &= m - 1) {
            const unsigned c = (unsigned)__builtin_ctzll(m);
            if (s->umin[grp][c] > now && (cand & s->umask[c])) {
                cand &= ~s->umask[c];
                uwake = s->umin[grp][c] < uwake ? s->umin[grp][c] : uwake;
            }
        }
        any |= cand != 0;
        while (cand) {
            int wi = ops->pick(ws, cand, &s->view);
            if (wi < 0)
                break;   /* the scheduler holds its warps back this cycle */
            if (wi > 63 || !(cand >> wi & 1)) {
                gmc_gpu_fail(g, "warp scheduler %s: pick returned slot %d, expected one of the "
                             "candidates 0x%llx or -1", ops->name, wi, (unsigned long long)cand);
                return;
            }
            if (issue(g, s, (unsigned)wi, grp)) {
                ws->last = wi;
                if (ops->issued)
                    ops->issued(ws, wi, &s->view);
                break;
            }
            cand &= ~(1ULL << wi);
        }
    }
    s->stuck = !any && !moved;
    s->unit_wake = uwake;
}

/* The first cycle after now at which s has something to do of its own
 * (a packet arriving is the network's to tell, room in the network
 * gmc_gpu.c's core_edge): now + 1 while it has accesses or packets queued
 * or warps ready and is not stuck, else its first L1 hit returning,
 * sleeping warp waking or unit its ready warps wait for freeing,
 * UINT64_MAX if none.  (A warp waiting for a load is woken by the load's
 * completion, which a reply or an L1 hit brings.) */
static uint64_t next_at(const gmc_sm_t *s, uint64_t now)
{
    if (!s->stuck && (s->lsu_n || s->out_n || s->ready))
        return now + 1;
    uint64_t t = s->hitq_n ? s->hitq[s->hitq_head].ready : UINT64_MAX;
    if (s->sleeping && s->wake_min < t)
        t = s->wake_min;
    if (s->unit_wake < t)
        t = s->unit_wake;
    return t > now ? t : now + 1;
}

void gmc_sm_cycle(gmc_gpu_t *g, gmc_sm_t *s)
{
    sm_cycle(g, s);
    g->sm_next[s->id] = next_at(s, g->core_cyc);
    /* 1 + the VC its head needs (or any, DVCA): core_edge asks the network about room there */
    g->sm_wait[s->id] = s->stuck && s->out_n ? (uint8_t)(1 + gmc_icnt_vc_for(g->req_net, &s->out[s->out_head])) : 0;
    g->sm_stucks += s->stuck;
}
