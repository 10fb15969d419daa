/* gmc_memsys: channels, address path and the trace-mode event loop. */
#include "mc/gmc_memsys_impl.h"
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/gmc_ring_impl.h"
#include "util/gmc_alloc_impl.h"
#include "mem/gmc_dev_kind.h"

static unsigned log2_exact(uint64_t v)   /* v a power of two */
{
    unsigned k = 0;
    while (((uint64_t)1 << k) < v)
        k++;
    return k;
}
static int pow2(uint64_t v) { return v && !(v & (v - 1)); }

int gmc_memsys_default_map(const gmc_dram_cfg_t *c, char *spec, size_t sn, char *err, size_t n)
{
    uint64_t bb = gmc_dram_burst_bytes(c), nb = gmc_dram_banks(c);
    if (!pow2(bb) || !pow2(c->columns) || !c->channels || !pow2(nb) || !pow2(c->rows)) {
        snprintf(err, n, "%s: expected power-of-two burst bytes, columns, banks and rows to "
                 "derive an address map, found %llu, %u, %llu, %u (give --map)",
                 c->name[0] ? c->name : "device", (unsigned long long)bb, c->columns,
                 (unsigned long long)nb, c->rows);
        return -1;
    }
    /* Other channel counts: the channel modulo the count at the same place
     * (GPGPU-Sim's dramid@N split, gmc_addrmap.h). */
    const unsigned mod = pow2(c->channels) ? 0 : c->channels;
    unsigned blk = log2_exact(bb), col = log2_exact(c->columns), ch = mod ? 0 : log2_exact(c->channels);
    unsigned bk = log2_exact(nb), row = log2_exact(c->rows);
    unsigned lo = bb >= 256 ? 0 : log2_exact(256 / bb);
    lo = lo > col ? col : lo;
    unsigned hi = col - lo, p = blk + lo + ch + hi + bk + row;   /* total width */
    if (p > 64) {
        snprintf(err, n, "expected an address of at most 64 bits, found %u", p);
        return -1;
    }
    size_t k = 0;
#define PUT(name, w)                                                                          \
    do {                                                                                      \
        if (w) {                                                                              \
            k += (size_t)snprintf(spec + k, k < sn ? sn - k : 0, "%s%s[%u:%u]", k ? " " : "", \
                                  name, p - 1, p - (w));                                      \
            p -= (w);                                                                         \
        }                                                                                     \
    } while (0)
    PUT("Row", row);
    PUT("Bank", bk);
    PUT("Col", hi);
    PUT("Ch", ch);
    if (mod)
        k += (size_t)snprintf(spec + k, k < sn ? sn - k : 0, " Ch%%%u@%u", mod, p);
    PUT("Col", lo);
    PUT("Block", blk);
#undef PUT
    return 0;
}

/* pre: "" for cfg.dram's device, else "channel C (NAME): ". */
static int fits(const char *pre, const gmc_addrmap_t *m, gmc_field_t f, uint64_t count,
                const char *what, char *err, size_t n)
{
    unsigned w = m->fwidth[f];
    if (w < 64 && ((uint64_t)1 << w) <= count)
        return 0;
    snprintf(err, n, "%smap %s: expected at most %llu %s (the device's), found %u %s bits",
             pre, m->name, (unsigned long long)count, what, w, gmc_field_name(f));
    return -1;
}

/* The map's bank, row and column fields fit a device's geometry. */
static int fits_device(const char *pre, const gmc_addrmap_t *m, const gmc_dram_t *d, char *err,
                       size_t n)
{
    return gmc_addrmap_ranks_fit(m, d->ranks, d->rank_banks, pre, err, n) ||
           fits(pre, m, GMC_F_BANK, d->nbanks, "banks", err, n) ||
           fits(pre, m, GMC_F_ROW, d->cfg.rows, "rows", err, n) ||
           fits(pre, m, GMC_F_COL, d->cfg.columns, "columns", err, n);
}

/* The other devices of cfg.channel_dram, after dev[0] (d0, cfg.dram's):
 * one gmc_dram_t per distinct device (equal configs share one), each
 * checked against the map and the shared command clock; devof[c] gets
 * channel c's.  0, or -1 with err naming the first channel of the device
 * at fault. */
static int channel_devices(gmc_memsys_t *ms, const gmc_memsys_cfg_t *cfg, const gmc_dram_t *d0,
                           unsigned *devof, int check_map, char *err, size_t n)
{
    const unsigned nch = ms->nch;
    gmc_dram_cfg_t *u = malloc((size_t)(nch + 1) * sizeof *u);   /* the distinct configs */
    unsigned *first = malloc((size_t)(nch + 1) * sizeof *first); /* the first channel of each */
    if (!u || !first) {
        free(u), free(first);
        return snprintf(err, n, "out of memory for %u channels", nch), -1;
    }
    unsigned nu = 1;
    u[0] = d0->cfg;
    first[0] = 0;
    for (unsigned c = 0; c < nch; c++) {
        const gmc_dram_cfg_t *e = cfg->channel_dram ? cfg->channel_dram[c] : NULL;
        if (!e)
            continue;   /* devof[c] = 0: cfg.dram */
        gmc_dram_cfg_t x = *e;   /* as gmc_dram_init keeps it, to compare */
        if (!cfg->refresh)
            x.refresh = 0;
        x.kind = gmc_dev_kind_of(&x);
        unsigned i = 0;
        while (i < nu && memcmp(&u[i], &x, sizeof x))
            i++;
        if (i == nu) {
            u[nu] = x;
            first[nu++] = c;
        }
        devof[c] = i;
    }
    int rc = 0;
    ms->dev = gmc_zalloc64(nu, sizeof *ms->dev);
    if (!ms->dev) {
        snprintf(err, n, "out of memory for %u devices", nu);
        rc = -1;
    } else {
        ms->dev[0] = *d0;
        ms->ndev = nu;
    }
    for (unsigned i = 1; !rc && i < nu; i++) {
        char pre[64], why[400];
        snprintf(pre, sizeof pre, "channel %u (%s): ", first[i],
                 u[i].name[0] ? u[i].name : "unnamed device");
        if (gmc_dram_init(&ms->dev[i], &u[i], why, sizeof why)) {
            snprintf(err, n, "%s%s", pre, why);
            rc = -1;
        } else if (u[i].tck_ps != d0->cfg.tck_ps) {
            snprintf(err, n, "%sexpected tck_ps = %u (the command clock every channel shares, "
                     "%s's), found %u", pre, d0->cfg.tck_ps,
                     d0->cfg.name[0] ? d0->cfg.name : "the memory system's device", u[i].tck_ps);
            rc = -1;
        } else if (check_map) {
            rc = fits_device(pre, &ms->map, &ms->dev[i], err, n);
        }
    }
    free(u);
    free(first);
    return rc;
}

/* A request's column command issued (gmc_mc's served hook): its
 * completion waits in its channel's queue until the data is done. */
static void on_column(void *ctx, unsigned ch, const gmc_mc_req_t *r)
{
    gmc_memsys_t *ms = ctx;
    if (__builtin_expect(ms->col_hook, 0)) {
        if (ms->wear_ch)
            gmc_memsys_wear_note(ms, ch, r);
        if (r->flags & GMC_REQ_INTERNAL) {
            if (ms->data)   /* the data check: the drained write reaches the device's data */
                gmc_memsys_data_column(ms, ch, r);
            return;   /* the write policy's drained write: no sender waits for it */
        }
    }
    if (ms->served)
        ms->served(ms->served_ctx, ch, r);
    const unsigned qk = ch * 2 + r->is_write;
    gmc_memsys_cq_t *q = &ms->cq[qk];
    if (q->refused) {   /* someone waits for this room */
        q->refused = 0;
        ms->room_due[ms->room_n++] = qk;
    }
    if (!ms->done_fn) {   /* nobody listens: done at the column command, no record */
        ms->ndone++;
        return;
    }
    assert(q->n <= ms->cq_mask);
    if (!q->n) {
        ms->cq_hd[qk] = r->done;
        ms->cq_live[qk / 64] |= 1ull << (qk % 64);
    }
    if (q->n > q->wrap)
        gmc_ring_widen(q->d, sizeof *q->d, &q->wrap, q->head, q->n);
    gmc_mem_done_t *d = &q->d[(q->head + q->n++) & q->wrap];
    if (r->done < ms->next_done)
        ms->next_done = r->done;
    *d = (gmc_mem_done_t){.tag = r->tag, .addr = r->addr, .pc = r->pc, .id = r->id,
                          .offered = r->offered, .arrival = r->arrival, .first_cmd = r->first_cmd, .done = r->done,
                          .channel = ch, .bank = r->bank, .row = r->row, .col = r->col,
                          .sm = r->sm, .warp = r->warp, .is_write = r->is_write,
                          .has_warp = (r->flags & GMC_REQ_WARP) != 0, .cls = r->cls};
}

/* The packed decode of gmc_memsys_t (pk_*): fields laid end to end in
 * one word, each slice a shift of its address bits to its field's place;
 * slices with the same shift share one mask.  Leaves pk_n 0 when the map
 * splits the channel by a modulus or its fields take more than 64 bits. */
static void pack_decode(gmc_memsys_t *ms)
{
    const gmc_addrmap_t *m = &ms->map;
    unsigned fw[GMC_F_N] = {0}, base = 0;
    ms->pk_n = 0;
    if (m->ch_mod)
        return;
    for (unsigned i = 0; i < m->nslices; i++) {
        const gmc_addrmap_slice_t *sl = &m->slice[i];
        unsigned top = (unsigned)sl->dst + sl->len;
        fw[sl->field] = top > fw[sl->field] ? top : fw[sl->field];
    }
    for (unsigned f = 0; f < GMC_F_N; f++) {
        if (base + fw[f] > 64)
            return;
        ms->pk_base[f] = (uint8_t)base;
        ms->pk_fmask[f] = fw[f] >= 64 ? ~0ull : (1ull << fw[f]) - 1;
        base += fw[f];
    }
    unsigned k = 0;
    for (unsigned i = 0; i < m->nslices; i++) {
        const gmc_addrmap_slice_t *sl = &m->slice[i];
        const int at = ms->pk_base[sl->field] + sl->dst, d = at - (int)sl->lsb;
        const uint8_t l = (uint8_t)(d > 0 ? d : 0), r = (uint8_t)(d < 0 ? -d : 0);
        const uint64_t mk = sl->mask << sl->lsb;
        unsigned j = 0;
        while (j < k && !(ms->pk_left[j] == l && ms->pk_right[j] == r))
            j++;
        if (j == k) {
            ms->pk_left[k] = l;
            ms->pk_right[k] = r;
            ms->pk_mask[k++] = 0;
        }
        ms->pk_mask[j] |= mk;
    }
    ms->pk_n = k;
}

int gmc_memsys_init(gmc_memsys_t *ms, const gmc_memsys_cfg_t *cfg, char *err, size_t n)
{
    memset(ms, 0, sizeof *ms);
    gmc_dram_cfg_t dc = cfg->dram;
    if (!cfg->refresh)
        dc.refresh = 0;
    /* a hybrid memory: memory 1's channels after memory 0's, each its
     * device through channel_dram (gmc_memsys_hybrid.c) */
    const gmc_hybrid_cfg_t *hy = cfg->hybrid;
    gmc_memsys_cfg_t hcfg;
    const gmc_dram_cfg_t **hdev = NULL;
    if (hy) {
        if (gmc_memsys_hybrid_cfg(cfg, &hcfg, &hdev, err, n))
            return -1;
        dc.channels = hcfg.channels;   /* the map's channel field spans both memories */
        cfg = &hcfg;
    }
    gmc_dram_t d0;   /* cfg.dram's device, until dev[0] holds it */
    if (gmc_dram_init(&d0, &dc, err, n)) {
        free(hdev);
        return -1;
    }
    ms->map = cfg->map;
    const gmc_addrmap_t *m = &ms->map;
    if (fits_device("", m, &d0, err, n) || fits("", m, GMC_F_CH, dc.channels, "channels", err, n)) {
        free(hdev);
        return -1;
    }
    if (m->ch_mod > dc.channels) {
        snprintf(err, n, "map %s: expected at most %u channels (the device's), found Ch%%%u@%u",
                 m->name, dc.channels, m->ch_mod, m->ch_at);
        free(hdev);
        return -1;
    }
    ms->amask = gmc_gf2_mask(m->width);
    pack_decode(ms);
    if (!m->ch_mod && !(cfg->bim && !gmc_gf2_is_identity(cfg->bim))) {
        unsigned k = 0;
        for (unsigned i = 0; i < m->nslices && k <= 8; i++)
            if (m->slice[i].field == GMC_F_CH) {
                if (k < 8)
                    ms->ch_run[k] = (struct gmc_memsys_ch_run){m->slice[i].lsb, m->slice[i].dst,
                                                               m->slice[i].mask};
                k++;
            }
        ms->ch_nruns = k <= 8 ? k : 0;
    }
    ms->nch = cfg->channels ? cfg->channels : dc.channels;
    ms->nch_mask = ms->nch > 1 && !(ms->nch & (ms->nch - 1)) ? ms->nch - 1 : 0;
    if (ms->nch > 4096) {
        snprintf(err, n, "--channels: expected 1..4096, found %u", ms->nch);
        free(hdev);
        return -1;
    }
    if (cfg->bim && !gmc_gf2_is_identity(cfg->bim)) {
        if (cfg->bim->n != m->width) {
            snprintf(err, n, "expected a BIM of width %u (the map's), found %u", m->width,
                     cfg->bim->n);
            free(hdev);
            return -1;
        }
        ms->bim = malloc(sizeof *ms->bim);
        if (!ms->bim || gmc_bim_cfg_init(ms->bim, cfg->bim, 0, err, n)) {
            if (!ms->bim)
                snprintf(err, n, "out of memory");
            free(hdev);
            gmc_memsys_free(ms);
            return -1;
        }
    }
    unsigned *devof = calloc(ms->nch, sizeof *devof);   /* channel -> its device in dev[] */
    if (!devof)
        goto oom;
    const int rc_dev = channel_devices(ms, cfg, &d0, devof,
                                       !hy || hy->placement == GMC_PLACE_CHANNEL, err, n);
    free(hdev);
    hdev = NULL;
    if (rc_dev) {
        free(devof);
        gmc_memsys_free(ms);
        return -1;
    }
    if (gmc_memstats_init(&ms->stats))
        goto oom;
    ms->mc = gmc_zalloc64(ms->nch, sizeof *ms->mc);   /* gmc_mc_t's per-bank arrays: host lines */
    ms->next = calloc(ms->nch, sizeof *ms->next);
    if (!ms->mc || !ms->next || gmc_rowloc_init(&ms->rowloc, ms->nch))
        goto oom;
    gmc_warps_t *w = NULL;
    const gmc_mc_cfg_t *mc1 = hy && hy->mc ? hy->mc : &cfg->mc;   /* memory 1's controller */
    ms->hy_n0 = hy ? ms->nch - hy->channels : ms->nch;
    if ((cfg->mc.sched && (cfg->mc.sched->flags & GMC_SCHED_WARPS)) ||
        (mc1->sched && (mc1->sched->flags & GMC_SCHED_WARPS))) {
        const unsigned q0 = cfg->mc.rq + cfg->mc.wq, q1 = mc1->rq + mc1->wq;
        if (gmc_warps_init(&ms->warps, ms->nch * (q0 > q1 ? q0 : q1)))
            goto oom;
        w = &ms->warps;
        ms->warp_readers = 1;
    }
    ms->burst_min = UINT32_MAX;
    for (unsigned c = 0; c < ms->nch; c++) {
        const gmc_dram_t *d = &ms->dev[devof[c]];
        if (gmc_mc_init(&ms->mc[c], d, c < ms->hy_n0 ? &cfg->mc : mc1, c, w,
                        cfg->no_lat_hist ? NULL : &ms->stats, err, n)) {
            free(devof);
            gmc_memsys_free(ms);
            return -1;
        }
        const uint32_t b = gmc_dram_burst_bytes(&d->cfg);
        ms->burst_min = b < ms->burst_min ? b : ms->burst_min;
        ms->mc[c].served = on_column;
        ms->mc[c].served_ctx = ms;
        ms->next[c] = 0;   /* an idle channel still refreshes: its first step says when */
        ms->mc[c].no_shortcuts = cfg->every_cycle != 0;
        ms->col_hook |= ms->mc[c].wpol_dflt == GMC_WPOL_HOLDS;
    }
    free(devof);
    devof = NULL;
    ms->every_cycle = cfg->every_cycle != 0;
    ms->next_min = 0;
    ms->next_done = GMC_MEM_NEVER;
    /* as many completions per channel and type as the controller's
     * in-flight ring holds (its sizing argument applies), for the channel
     * whose device keeps the most in flight */
    ms->cq_mask = 0;
    for (unsigned c = 0; c < ms->nch; c++)
        ms->cq_mask = ms->mc[c].fl_mask > ms->cq_mask ? ms->mc[c].fl_mask : ms->cq_mask;
    ms->cq = calloc((size_t)ms->nch * 2, sizeof *ms->cq);
    ms->cq_hd = malloc((size_t)ms->nch * 2 * sizeof *ms->cq_hd);
    ms->cq_due = malloc((size_t)ms->nch * 2 * sizeof *ms->cq_due);
    ms->cq_live = calloc(((size_t)ms->nch * 2 + 63) / 64, sizeof *ms->cq_live);
    ms->room_due = calloc((size_t)ms->nch * 2, sizeof *ms->room_due);
    if (ms->cq_hd)
        for (unsigned k = 0; k < ms->nch * 2; k++)
            ms->cq_hd[k] = GMC_MEM_NEVER;
    if (!ms->cq || !ms->cq_hd || !ms->cq_due || !ms->cq_live || !ms->room_due)
        goto oom;
    for (unsigned k = 0; k < ms->nch * 2; k++) {
        if (!(ms->cq[k].d = calloc((size_t)ms->cq_mask + 1, sizeof *ms->cq[k].d)))
            goto oom;
        ms->cq[k].wrap = ms->cq_mask < 15 ? ms->cq_mask : 15;
    }
    if ((hy && gmc_memsys_hybrid_init(ms, cfg, err, n)) || gmc_memsys_wear_init(ms, err, n)) {
        gmc_memsys_free(ms);
        return -1;
    }
    return 0;
oom:
    free(hdev);
    free(devof);
    snprintf(err, n, "out of memory for %u channels", ms->nch);
    gmc_memsys_free(ms);
    return -1;
}

void gmc_memsys_free(gmc_memsys_t *ms)
{
    if (ms->mc)
        for (unsigned c = 0; c < ms->nch; c++)
            gmc_mc_free(&ms->mc[c]);
    free(ms->mc);
    free(ms->next);
    if (ms->cq)
        for (unsigned k = 0; k < ms->nch * 2; k++)
            free(ms->cq[k].d);
    free(ms->cq);
    free(ms->cq_hd);
    free(ms->cq_live);
    free(ms->cq_due);
    free(ms->room_due);
    free(ms->bim);
    free(ms->dev);
    gmc_warps_free(&ms->warps);
    gmc_memstats_free(&ms->stats);
    gmc_rowloc_free(&ms->rowloc);
    gmc_hybrid_place_free(&ms->hy);
    free(ms->prof);
    gmc_memsys_wear_free(ms);
    gmc_memsys_data_free(ms);
    memset(ms, 0, sizeof *ms);
}

void gmc_memsys_set_served(gmc_memsys_t *ms, gmc_mc_served_fn fn, void *ctx)
{
    if (ms->prof_on) {   /* counting: the profile keeps the hook and passes on */
        ms->prof_served = fn;
        ms->prof_served_ctx = ctx;
        return;
    }
    if (gmc_memsys_data_hook(ms, fn, ctx))   /* the data check keeps the hook and passes on */
        return;
    ms->served = fn;
    ms->served_ctx = ctx;
}

void gmc_memsys_decode(const gmc_memsys_t *ms, uint64_t addr, gmc_mem_loc_t *r)
{
    uint64_t a = addr & ms->amask;
    if (ms->bim)
        a = gmc_bim_map_at(ms, ms->bim, a);
    uint64_t fch;
    if (ms->pk_n) {   /* the same fields as gmc_addrmap_decode (test_gmc_memsys checks) */
        uint64_t p = 0;
        const unsigned k = ms->pk_n;
        for (unsigned i = 0; i < k; i++)
            p |= ((a & ms->pk_mask[i]) << ms->pk_left[i]) >> ms->pk_right[i];
        /* all read before the stores (r's fields could alias ms's, as far as
         * the compiler knows) */
        fch = (p >> ms->pk_base[GMC_F_CH]) & ms->pk_fmask[GMC_F_CH];
        const uint64_t bank = (p >> ms->pk_base[GMC_F_BANK]) & ms->pk_fmask[GMC_F_BANK];
        const uint64_t row = (p >> ms->pk_base[GMC_F_ROW]) & ms->pk_fmask[GMC_F_ROW];
        const uint64_t col = (p >> ms->pk_base[GMC_F_COL]) & ms->pk_fmask[GMC_F_COL];
        r->bank = (uint32_t)bank;
        r->row = (uint32_t)row;
        r->col = (uint32_t)col;
    } else if (ms->hy_page) {   /* a hybrid memory's page modes: never on the packed path */
        gmc_memsys_hybrid_decode(ms, a, r);
        return;
    } else {
        gmc_dramaddr_t f;
        gmc_addrmap_decode(&ms->map, a, &f);
        fch = f.f[GMC_F_CH];
        r->bank = (uint32_t)f.f[GMC_F_BANK];
        r->row = (uint32_t)f.f[GMC_F_ROW];
        r->col = (uint32_t)f.f[GMC_F_COL];
    }
    const unsigned nch = ms->nch, nm = ms->nch_mask;
    r->channel = nm ? (unsigned)(fch & nm) : nch == 1 ? 0 : (unsigned)(fch % nch);
}

/* ---- trace mode: a request stream through the API ---- */

/* The staged request: the next one the source offered, decoded. */
typedef struct {
    gmc_memtrace_rec_t rec;
    gmc_mem_prepared_t p;       /* p.offered: the cycle it is offered */
    int                have;
} staged_t;

static int fetch(gmc_memsys_t *ms, staged_t *s, gmc_memsys_src_fn src, void *ctx, uint64_t now,
                 char *err, size_t n)
{
    s->have = src(ctx, &s->rec, err, n);
    if (s->have <= 0)
        return s->have;
    if (s->rec.has_time && s->rec.cycle >= GMC_MEMTRACE_MAX_CYCLE) {
        snprintf(err, n, "request %llu: expected a cycle below 2^48, found %llu",
                 (unsigned long long)ms->nreq, (unsigned long long)s->rec.cycle);
        return s->have = -1;
    }
    const gmc_mem_req_t r = {.addr = s->rec.addr, .tag = s->rec.tag, .pc = s->rec.pc,
                             .sm = s->rec.sm, .warp = s->rec.warp,
                             .is_write = s->rec.is_write, .has_warp = s->rec.has_warp};
    (void)gmc_memsys_prepare(ms, &r, &s->p);   /* size 0: one burst, never refused */
    s->p.offered = s->rec.has_time ? s->rec.cycle : now;
    return 1;
}

/* Requests served so far (column commands issued), over every channel. */
static uint64_t served_total(const gmc_memsys_t *ms)
{
    uint64_t k = 0;
    for (unsigned c = 0; c < ms->nch; c++)
        k += ms->mc[c].st.reads + ms->mc[c].st.writes;
    return k;
}

/* The livelock watchdog of trace mode looks every STALL_CYCLES command
 * cycles: requests queued at two looks in a row with none served between
 * them are requests that waited that long while no channel served any
 * (a queue empties only by serving).  A controller starving one request
 * while serving others (FR-FCFS without an age cap) is no livelock and is
 * not reported.  2^24 cycles is thousands of times any real wait. */
#define STALL_CYCLES (1ull << 24)

/* flatten: the API calls of the loop inlined here whatever other callers
 * (the GPU harness) the link has -- LTO otherwise stops inlining them once
 * gmc sim calls them too (make bench-mem's instructions per request show
 * the difference) */
__attribute__((flatten)) int gmc_memsys_run(gmc_memsys_t *ms, gmc_memsys_src_fn src, void *ctx, char *err, size_t n)
{
    staged_t s;
    memset(&s, 0, sizeof s);
    ms->lazy_done = 1;   /* the trace front end's callbacks only record */
    if (fetch(ms, &s, src, ctx, ms->now, err, n) < 0)
        return -1;
    uint64_t look = ms->now + STALL_CYCLES, looked_served = 0;
    int looked_queued = 0;
    for (;;) {
        const uint64_t t = ms->now;
        if (t >= look) {   /* the watchdog (rare: once per STALL_CYCLES) */
            const uint64_t k = served_total(ms);
            const unsigned q = gmc_memsys_queued(ms);
            if (q && looked_queued && k == looked_served) {
                snprintf(err, n, "livelock: %u requests queued and none served from cycle "
                         "%llu to %llu", q, (unsigned long long)(look - STALL_CYCLES),
                         (unsigned long long)t);
                return -1;
            }
            looked_served = k, looked_queued = q != 0, look = t + STALL_CYCLES;
        }
        /* Offers due now enter while their queue has room. */
        while (s.have && s.p.offered <= t && gmc_memsys_send_prepared(ms, &s.p) == GMC_MEM_ACCEPTED)
            if (fetch(ms, &s, src, ctx, t + 1, err, n) < 0)
                return -1;
        if (gmc_memsys_tick(ms))
            return snprintf(err, n, "internal error: tick refused"), -1;
        if (!s.have && !gmc_memsys_queued(ms))
            break;
        uint64_t tn = gmc_memsys_next_event(ms);
        if (s.have) {   /* a blocked offer enters after the step that frees a slot */
            uint64_t a = s.p.offered > ms->now ? s.p.offered
                       : gmc_memsys_can_accept(ms, s.p.loc.channel, s.p.req.is_write) ? ms->now
                                                                                    : GMC_MC_NEVER;
            tn = a < tn ? a : tn;
        }
        if (tn == GMC_MC_NEVER) {
            snprintf(err, n, "internal error: the event loop stalled at cycle %llu",
                     (unsigned long long)t);
            return -1;
        }
        if (tn > ms->now)
            ms->now = tn;   /* gmc_memsys_advance without re-asking next_event */
    }
    if (gmc_memsys_finish(ms))
        return snprintf(err, n, "internal error: finish refused"), -1;
    if (gmc_memstats_merge(&ms->stats)) {
        snprintf(err, n, "out of memory for the latency histogram");
        return -1;
    }
    ms->cycles = 0;
    for (unsigned c = 0; c < ms->nch; c++) {
        gmc_mc_finish(&ms->mc[c]);
        if (ms->mc[c].st.last_done > ms->cycles)
            ms->cycles = ms->mc[c].st.last_done;
    }
    return 0;
}

void gmc_memsys_totals(const gmc_memsys_t *ms, gmc_memsys_totals_t *t)
{
    gmc_memsys_totals_range(ms, 0, ms->nch, t);
}

void gmc_memsys_totals_range(const gmc_memsys_t *ms, unsigned c0, unsigned c1, gmc_memsys_totals_t *t)
{
    memset(t, 0, sizeof *t);
    for (unsigned c = c0; c < c1; c++) {
        const gmc_mc_stats_t *s = &ms->mc[c].st;
        const gmc_dram_stats_t *d = &ms->mc[c].ch.st;
        t->mc.reads += s->reads;
        t->mc.writes += s->writes;
        for (int k = 0; k < GMC_NCLS; k++)
            t->mc.cls[k] += s->cls[k];
        t->mc.age_fired += s->age_fired;
        t->mc.drains += s->drains;
        t->mc.arb_grants += s->arb_grants;
        t->mc.arb_prio_moved += s->arb_prio_moved;
        t->mc.pending_cycles += s->pending_cycles;
        t->mc.blp_sum += s->blp_sum;
        t->mc.outside_sum += s->outside_sum;
        if (s->outside_max > t->mc.outside_max)
            t->mc.outside_max = s->outside_max;
        if (s->last_done > t->mc.last_done)
            t->mc.last_done = s->last_done;
        for (int k = 0; k < GMC_DRAM_NCMD; k++)
            t->dram.cmds[k] += d->cmds[k];
        t->dram.data_busy += d->data_busy;
        t->dram.active_cycles += d->active_cycles;
        if (d->last_data_end > t->dram.last_data_end)
            t->dram.last_data_end = d->last_data_end;
    }
}
