/* gmc_gpu: builds a machine and runs kernels on it.  Time is integer
 * picoseconds; each clock domain (core, interconnect, L2, DRAM command
 * clock) has its own period and next edge.  At each edge time the domains
 * whose edge it is step in a fixed order -- DRAM, L2, interconnect, core --
 * so a run is a pure function of the machine, the kernels and the seed. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "gpu/gmc_gpu_impl.h"
#include "blocks/gmc_pcmwq.h"
#include "bim/gmc_bim_ipoly.h"
#include "mc/gmc_mc_pol.h"
#include "mc/gmc_sched.h"
#include "mem/gmc_dram_cfg.h"
#include "util/gmc_alloc_impl.h"

void gmc_gpu_sample(gmc_samples_t *s, uint64_t v)
{
    if (s->n == s->cap) {
        size_t c = s->cap ? 2 * s->cap : 4096;
        uint32_t *p = realloc(s->v, c * sizeof *p);
        if (!p)
            return;   /* out of memory: the sample is lost, the run goes on (reported as n) */
        s->v = p;
        s->cap = c;
    }
    s->v[s->n++] = v > UINT32_MAX ? UINT32_MAX : (uint32_t)v;
}

void gmc_gpu_fail(gmc_gpu_t *g, const char *fmt, ...)
{
    if (g->failed)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g->err, g->errn, fmt, ap);
    va_end(ap);
    g->failed = 1;
}

/* Slice of an address: its channel (the memory system's map, BIM
 * included), then among that channel's slices the bank's low bits
 * (l2_slice_bank) or a hash of the line address above the channel's
 * interleave. */
unsigned gmc_gpu_slice_of(const gmc_gpu_t *g, uint64_t addr)
{
    unsigned ch;
    if (g->slice_bank) {   /* GPGPU-Sim: chip x S + (bank & (S - 1)), IPoly on the bank bits; one decode */
        gmc_mem_loc_t loc;
        gmc_memsys_locate(g->ms, addr, &loc);
        ch = loc.channel;
        unsigned sub = loc.bank;
        uint64_t h = (addr & g->amask) >> g->ipoly_h_at;
        for (unsigned j = 0; j < g->ipoly_bits; j++)
            sub ^= (unsigned)__builtin_parityll(g->ipoly_feed[j] & h) << j;
        return ch * g->spc + (sub & (g->spc - 1));
    }
    ch = gmc_memsys_channel_of(g->ms, addr);
    if (g->spc == 1)
        return ch;
    uint64_t l = addr >> 7;
    unsigned sub = (unsigned)((l ^ (l >> 5) ^ (l >> 11)) & (g->spc - 1));
    return ch * g->spc + sub;
}

void gmc_gpu_mem_sync(gmc_gpu_t *g)
{
    /* the DRAM edges up to now are done: the memory system's clock is at
     * dram_cyc (it may lag while idle: jump, nothing happened meanwhile) */
    if (gmc_memsys_now(g->ms) < g->dram_cyc)
        gmc_memsys_advance(g->ms, g->dram_cyc);
}

int gmc_gpu_step_parse(const char *list, unsigned *bits, char *err, size_t n)
{
    static const struct { const char *name; unsigned bit; } words[] = {
        {"sm", GMC_GPU_STEP_SM},     {"l2", GMC_GPU_STEP_L2},     {"icnt", GMC_GPU_STEP_ICNT},
        {"dispatch", GMC_GPU_STEP_DISPATCH}, {"jump", GMC_GPU_STEP_JUMP}, {"mem", GMC_GPU_STEP_MEM},
        {"all", GMC_GPU_STEP_ALL},
    };
    unsigned b = 0;
    const char *p = list;
    do {
        const char *e = strchr(p, ',');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        unsigned k = 0;
        while (k < sizeof words / sizeof words[0] &&
               !(strlen(words[k].name) == len && !strncmp(words[k].name, p, len)))
            k++;
        if (k == sizeof words / sizeof words[0]) {
            snprintf(err, n, "expected sm, l2, icnt, dispatch, jump, mem or all, found '%.*s'",
                     (int)(len > 32 ? 32 : len), p);
            return -1;
        }
        b |= words[k].bit;
        p = e ? e + 1 : NULL;
    } while (p);
    *bits = b;
    return 0;
}

int gmc_gpu_cfg_defaults(gmc_gpu_cfg_t *cfg, char *err, size_t n)
{
    gmc_mc_cfg_defaults(&cfg->mc);
    cfg->mc.rq = cfg->mc.wq = cfg->machine.mc_queue;
    if (cfg->mc.wq_high >= cfg->mc.wq) {   /* GPGPU-Sim's 28/16 of 32, scaled (as gmc mem does) */
        cfg->mc.wq_high = cfg->mc.wq * 7 / 8 ? cfg->mc.wq * 7 / 8 : 1;
        cfg->mc.wq_low = cfg->mc.wq / 2 < cfg->mc.wq_high ? cfg->mc.wq / 2 : cfg->mc.wq_high - 1;
    }
    if (gmc_sched_find(cfg->machine.mem_sched, &cfg->mc.sched, err, n))
        return -1;
    /* the controller's policies: "" and 0 keep the defaults */
    const gmc_machine_t *m = &cfg->machine;
    if (gmc_machine_check_mc_policies(m, err, n) ||
        (m->mc_write_policy[0] && gmc_mc_wpol_find(m->mc_write_policy, &cfg->mc.wpol, err, n)) ||
        (m->mc_refresh_policy[0] && gmc_mc_rfpol_find(m->mc_refresh_policy, &cfg->mc.rfpol, err, n)) ||
        (m->mc_row_policy[0] && gmc_mc_rowpol_find(m->mc_row_policy, &cfg->mc.rowpol, err, n)))
        return -1;
    if (m->mc_row_timeout)
        cfg->mc.row_timeout = m->mc_row_timeout;
    if (m->pcmwq_entries) {   /* checked above; the hybrid's second memory copies them */
        cfg->mc.pcmwq.entries = (uint8_t)m->pcmwq_entries;
        cfg->mc.pcmwq.high = (uint8_t)m->pcmwq_entries;
    }
    if (m->pcmwq_high)
        cfg->mc.pcmwq.high = (uint8_t)m->pcmwq_high;
    cfg->mc.pcmwq.low = (uint8_t)m->pcmwq_low;
    cfg->mc.pcmwq.per_channel = (uint8_t)m->pcmwq_per_channel;
    cfg->mc.pcmwq.intr = m->pcmwq_cancel ? GMC_PCMWQ_CANCEL : GMC_PCMWQ_NONE;
    cfg->mc.pcmwq_max_intr = (uint8_t)m->pcmwq_max_intr;
    cfg->refresh = 1;
    if (!cfg->stall_cycles)
        cfg->stall_cycles = 1000000;
    return 0;
}

static uint64_t period_ps(uint32_t mhz) { return (1000000ULL + mhz / 2) / mhz; }

/* The request network's locate hook (gmc_icnt.h): a request's DRAM row
 * and bank, as the memory system decodes its address. */
static void gpu_locate(const void *ctx, uint64_t addr, uint32_t *row, uint32_t *bank)
{
    const gmc_gpu_t *g = ctx;
    gmc_mem_loc_t loc;
    gmc_memsys_locate(g->ms, addr, &loc);
    *row = loc.row;
    *bank = loc.bank;
}

/* Bits of the largest row and bank numbers over the channels' devices. */
static void gpu_row_bank_bits(const gmc_gpu_t *g, uint32_t *row_bits, uint32_t *bank_bits)
{
    unsigned rows = 1, banks = 1;
    for (unsigned ch = 0; ch < g->nch; ch++) {
        gmc_mem_channel_t c;
        if (gmc_memsys_channel_info(g->ms, ch, &c))
            continue;
        rows = c.rows > rows ? c.rows : rows;
        banks = c.banks > banks ? c.banks : banks;
    }
    *row_bits = *bank_bits = 0;
    while ((1ull << *row_bits) < rows)
        ++*row_bits;
    while ((1ull << *bank_bits) < banks)
        ++*bank_bits;
}

gmc_gpu_t *gmc_gpu_new(const gmc_gpu_cfg_t *cfg, char *err, size_t n)
{
    if (gmc_machine_check(&cfg->machine, err, n))
        return NULL;
    gmc_gpu_t *g = calloc(1, sizeof *g);
    if (!g) {
        snprintf(err, n, "out of memory");
        return NULL;
    }
    g->cfg = *cfg;
    g->m = &g->cfg.machine;
    const gmc_machine_t *m = g->m;
    /* the plug-ins: the cfg's ops, else the machine's names (empty: the default) */
    const gmc_icnt_topo_t *topo = cfg->icnt;
    const gmc_dispatch_ops_t *disp = cfg->dispatch;
    g->wsched = cfg->wsched;
    if ((!g->wsched && gmc_wsched_find(m->warp_sched, &g->wsched, err, n)) ||
        (!disp && gmc_dispatch_find(m->cta_dispatch[0] ? m->cta_dispatch : GMC_MACHINE_CTA_DISPATCH,
                                    &disp, err, n)) ||
        (!topo && gmc_icnt_find(m->icnt_topology[0] ? m->icnt_topology : GMC_MACHINE_ICNT_TOPOLOGY,
                                &topo, err, n))) {
        char why[512];
        snprintf(why, sizeof why, "%s", err);
        snprintf(err, n, "machine %s: %s", m->name, why);
        goto fail;
    }
    /* thread batches: formed per kernel when a mechanism reads them */
    g->batching = disp == &gmc_dispatch_serial || g->wsched == &gmc_wsched_tbas;
    g->batch_stride = 1;
    /* the memory system: the machine's DRAM preset and address map */
    gmc_memsys_cfg_t sc;
    memset(&sc, 0, sizeof sc);
    char warn[1024] = "";
    if (cfg->dram)
        sc.dram = *cfg->dram;
    else if (gmc_dram_cfg_preset(m->dram, &sc.dram, err, n, warn, sizeof warn) < 0) {
        char why[512];   /* the preset's own error: say which key named it */
        snprintf(why, sizeof why, "%s", err);
        snprintf(err, n, "machine %s: dram: %s", m->name, why);
        goto fail;
    }
    if (m->dram_timing_scale > 1 && gmc_dram_cfg_scale_timing(&sc.dram, m->dram_timing_scale, warn, sizeof warn)) {
        snprintf(err, n, "machine %s: dram_timing_scale: dram %s: %s", m->name, m->dram, warn);
        goto fail;
    }
    if (m->dram_channels && m->dram_channels > sc.dram.channels) {
        snprintf(err, n, "machine %s: dram_channels: expected at most %u (the channels of dram %s), "
                 "found %u", m->name, sc.dram.channels, m->dram, m->dram_channels);
        goto fail;
    }
    /* a hybrid memory: a second memory on its own channels (gmc_gpu_hybrid.c) */
    gmc_hybrid_cfg_t hc;   /* copied by gmc_memsys_new */
    gmc_mc_cfg_t mc1;
    const int hy = gmc_gpu_hybrid_cfg(cfg, &sc.dram, m->dram_channels ? m->dram_channels
                                                                      : sc.dram.channels,
                                      &hc, &mc1, &sc.map, err, n);
    if (hy < 0)
        goto fail;
    sc.hybrid = hy ? &hc : NULL;
    if (hy) {
        /* the map: gmc_gpu_hybrid_cfg's, or cfg->map */
    } else if (cfg->map) {
        sc.map = *cfg->map;
    } else if (strcmp(m->addr_map, "derived") && m->addr_map[0]) {
        if (gmc_addrmap_preset(m->addr_map, &sc.map)) {
            snprintf(err, n, "machine %s: addr_map: expected an address-map preset, found '%s'",
                     m->name, m->addr_map);
            goto fail;
        }
    } else {
        char spec[256];
        if (gmc_memsys_default_map(&sc.dram, spec, sizeof spec, err, n) ||
            gmc_addrmap_parse(spec, "derived map", &sc.map, err, n))
            goto fail;
    }
    sc.bim = cfg->bim;
    sc.channels = m->dram_channels ? m->dram_channels : sc.dram.channels;
    sc.refresh = cfg->refresh;
    g->step = cfg->step_every & GMC_GPU_STEP_ALL;
    if (cfg->every_edge)
        g->step |= GMC_GPU_STEP_GPU;
    if (cfg->every_cycle)
        g->step |= GMC_GPU_STEP_MEM;
    sc.every_cycle = (g->step & GMC_GPU_STEP_MEM) != 0;
    sc.no_lat_hist = 1;   /* the GPU report has no DRAM latency histogram */
    sc.mc = cfg->mc;
    if (!(g->ms = gmc_memsys_new(&sc, err, n))) {
        if (hy) {   /* the second memory's device or the maps: say which key brought it */
            char why[512];
            snprintf(why, sizeof why, "%s", err);
            snprintf(err, n, "machine %s: hybrid_dram: %s", m->name, why);
        }
        goto fail;
    }
    gmc_memsys_on_complete(g->ms, gmc_l2_mem_done, g);
    gmc_memsys_on_room(g->ms, gmc_l2_mem_room, g);
    if (gmc_gpu_check_init(g, err, n))
        goto fail;
    /* A request is one burst (gmc_mem.h): a burst narrower than the L2's
     * 32-byte sector could never carry one, and every miss would wait for
     * ever (a GPGPU-Sim config with -gpgpu_dram_buswidth 2 and burst
     * length 2 gives 4 bytes). */
    if (gmc_memsys_burst_bytes(g->ms) < 32) {
        snprintf(err, n, "machine %s: dram: expected a burst of at least the L2's 32-byte sector "
                 "(bus width x burst length / 8), found %u bytes (%u bits x %u)", m->name,
                 gmc_memsys_burst_bytes(g->ms), sc.dram.bus_width, sc.dram.burst_length);
        goto fail;
    }
    gmc_mem_geometry_t geo;
    gmc_memsys_geometry(g->ms, &geo);
    g->nch = geo.channels;
    g->amask = geo.addr_bits >= 64 ? ~0ull : (1ull << geo.addr_bits) - 1;
    g->slice_by_line = geo.channel_granule_bits >= 7;
    g->br_mask = geo.bank_row_mask;
    g->chan_words = (g->nch + 63) / 64;
    if (!(g->chan_hist = calloc(g->nch + 1, sizeof *g->chan_hist))) {
        snprintf(err, n, "out of memory");
        goto fail;
    }
    g->spc = m->l2_slices_per_ch;
    g->spc_shift = (unsigned)__builtin_ctz(g->spc);   /* a power of two (gmc_machine_check) */
    if (m->l2_slice_bank && g->spc > 1) {
        g->slice_bank = 1;
        g->slice_by_line = 0;   /* bank bits may lie inside a line */
        if (cfg->ipoly_sets) {
            g->ipoly_bits = cfg->ipoly_sub_bits < 6 ? cfg->ipoly_sub_bits : 6;
            g->ipoly_h_at = cfg->ipoly_ch_at + cfg->ipoly_ch_bits + cfg->ipoly_sub_bits;
            for (unsigned j = 0; j < g->ipoly_bits; j++)
                g->ipoly_feed[j] = gmc_ipoly_feed(cfg->ipoly_sets, j);
            if (g->ipoly_h_at >= 64)
                g->ipoly_bits = 0;
        }
    }
    /* a line's sectors share a channel, bank and row when none of the bits
     * that decide them is a line offset bit, and then a slice too unless
     * IPoly hashes offset bits into the slice */
    g->row_by_line = !(geo.row_mask & 127) && (!g->slice_bank || !g->ipoly_bits || g->ipoly_h_at >= 7);
    g->nslice = g->nch * g->spc;
    g->nsm = m->sms;
    if (gmc_rowloc_init(&g->rl_pre, g->nsm * g->nslice) || gmc_rowloc_init(&g->rl_post, g->nslice)) {
        snprintf(err, n, "out of memory");
        goto fail;
    }
    if (gmc_color_init(g, err, n))   /* the SMs' banks: after the memory system and nsm */
        goto fail;
    g->ps_core = period_ps(m->core_mhz);
    g->ps_icnt = period_ps(m->icnt_mhz);
    g->ps_l2 = period_ps(m->l2_mhz);
    g->ps_dram = sc.dram.tck_ps;
    /* -dram_latency counts core cycles (GPGPU-Sim's gpu_sim_cycle); the
     * slices wait in their own clock: the L2 cycles that cover it */
    g->dram_lat_l2 = ((uint64_t)m->dram_latency * g->ps_core + g->ps_l2 - 1) / g->ps_l2;
    /* the functional units: a class without units runs where GPGPU-Sim
     * runs it (shader.cc scheduler_unit::cycle: int on the sp units when
     * there are no int units, dp on the sfu units when there are no dp
     * units); any other class without units is not limited */
    for (unsigned u = 1; u < GMC_UNIT_N; u++) {
        unsigned c = u;
        if (c == GMC_UNIT_INT && !m->int_units)
            c = GMC_UNIT_SP;
        else if (c == GMC_UNIT_DP && !m->dp_units)
            c = GMC_UNIT_SFU;
        g->umap[u] = gmc_machine_get(m, gmc_machine_unit_key(c, 0)) ? (uint8_t)c : 0;
        g->ulat[u] = (uint16_t)gmc_machine_get(m, gmc_machine_unit_key(u, 1));
        g->uii[u] = (uint16_t)gmc_machine_get(m, gmc_machine_unit_key(u, 2));
    }
    /* Both networks: icnt_vcs VCs assigned as icnt_vc_assign says, and on
     * a topology of routers the SMs and slices placed by icnt_placement
     * (the crossbar needs no placement).  The switch allocator is the
     * machine's (icnt_alloc); the request network holds grants as
     * icnt_hold says, with each request's DRAM row and bank from the
     * memory system's decode; the reply network holds none (no DRAM row
     * behind a reply). */
    const gmc_alloc_ops_t *alloc;
    uint32_t hold, vc_assign, placement;
    if (gmc_machine_check_icnt_alloc(m, &alloc, &hold, err, n) ||
        gmc_machine_check_icnt_vcs(m, &vc_assign, &placement, err, n))
        goto fail;   /* not reached: gmc_machine_check said it */
    gmc_icnt_cfg_t rq;
    memset(&rq, 0, sizeof rq);
    rq.inputs = g->nsm;
    rq.outputs = g->nslice;
    rq.in_buf = m->icnt_in_buf;
    rq.out_buf = m->icnt_out_buf;
    rq.latency = m->icnt_latency;
    rq.flit_bytes = m->icnt_flit;
    rq.vcs = m->icnt_vcs;
    rq.vc_assign = vc_assign;
    rq.mesh_cols = m->icnt_mesh_cols;
    rq.alloc = alloc;
    uint32_t *sm_node = NULL, *slice_node = NULL;
    if (topo->placed) {
        sm_node = malloc(g->nsm * sizeof *sm_node);
        slice_node = malloc(g->nslice * sizeof *slice_node);
        if (!sm_node || !slice_node) {
            free(sm_node);
            free(slice_node);
            snprintf(err, n, "out of memory");
            goto fail;
        }
        char why[256];
        if (gmc_icnt_place(placement, g->nsm, g->nslice, sm_node, slice_node, why, sizeof why)) {
            free(sm_node);
            free(slice_node);
            snprintf(err, n, "machine %s: %s", m->name, why);
            goto fail;
        }
        rq.nodes = g->nsm + g->nslice;
        if (topo == &gmc_icnt_mesh && m->icnt_mesh_cols > rq.nodes) {   /* said with the key's name */
            free(sm_node);
            free(slice_node);
            snprintf(err, n, "machine %s: icnt_mesh_cols: expected 0 (near-square) or 1..%u (the %u SMs + "
                     "%u L2 slices), found %u", m->name, rq.nodes, g->nsm, g->nslice, m->icnt_mesh_cols);
            goto fail;
        }
        rq.in_node = sm_node;
        rq.out_node = slice_node;
    }
    gmc_icnt_cfg_t rp = rq;
    rp.inputs = g->nslice;
    rp.outputs = g->nsm;
    rp.in_node = slice_node;
    rp.out_node = sm_node;
    rq.hold.policy = hold;
    rq.hold.hash_bits = m->icnt_hold_k;
    rq.hold.limit = m->icnt_hold_limit;
    gpu_row_bank_bits(g, &rq.hold.row_bits, &rq.hold.bank_bits);
    rq.locate = gpu_locate;
    rq.locate_ctx = g;
    g->req_net = gmc_icnt_new(topo, &rq, err, n);
    g->rep_net = g->req_net ? gmc_icnt_new(topo, &rp, err, n) : NULL;
    free(sm_node);   /* the networks keep what they need */
    free(slice_node);
    if (!g->rep_net) {
        /* the ports are SMs and slices: say which the machine has */
        char why[256];
        snprintf(why, sizeof why, "%s", err);
        snprintf(err, n, "machine %s: %u SMs and %u L2 slices (%u channels x %u) as %s ports: %s",
                 m->name, g->nsm, g->nslice, g->nch, g->spc, topo->name, why);
        goto fail;
    }
    g->topo = topo;
    g->icnt_wd = m->icnt_watchdog ? m->icnt_watchdog : UINT64_MAX;
    g->sm = gmc_zalloc64(g->nsm, sizeof *g->sm);   /* the warps are 64-byte aligned */
    g->l2 = gmc_zalloc64(g->nslice, sizeof *g->l2);   /* gmc_l2_t is laid out in host lines */
    g->sm_next = calloc(g->nsm, sizeof *g->sm_next);      /* 0: step */
    g->l2_next = calloc(g->nslice, sizeof *g->l2_next);
    g->l2_shut = calloc(g->nslice, sizeof *g->l2_shut);
    g->sm_wait = calloc(g->nsm, sizeof *g->sm_wait);
    g->l2_wait = calloc(g->nslice, sizeof *g->l2_wait);
    if (!g->sm || !g->l2 || !g->sm_next || !g->l2_next || !g->l2_shut || !g->l2_wait || !g->sm_wait) {
        snprintf(err, n, "out of memory");
        goto fail;
    }
    for (unsigned i = 0; i < g->nsm; i++)
        if (gmc_sm_init(g, &g->sm[i], i, err, n))
            goto fail;
    for (unsigned i = 0; i < g->nslice; i++)
        if (gmc_l2_init(g, &g->l2[i], i, err, n))
            goto fail;
    gmc_dispatch_bind(&g->disp, g, disp);
    if (disp->init && disp->init(&g->disp, err, n))
        goto fail;
    g->disp_live = 1;
    return g;
fail:
    gmc_gpu_delete(g);
    return NULL;
}

void gmc_gpu_delete(gmc_gpu_t *g)
{
    if (!g)
        return;
    if (g->disp_live && g->disp.ops->free)
        g->disp.ops->free(&g->disp);
    if (g->sm)
        for (unsigned i = 0; i < g->nsm; i++)
            gmc_sm_free(g, &g->sm[i]);
    if (g->l2)
        for (unsigned i = 0; i < g->nslice; i++)
            gmc_l2_free(&g->l2[i]);
    free(g->sm);
    free(g->l2);
    free(g->chan_hist);
    free(g->sm_next);
    free(g->l2_next);
    free(g->l2_shut);
    free(g->sm_wait);
    free(g->l2_wait);
    gmc_icnt_free(g->req_net);
    gmc_icnt_free(g->rep_net);
    gmc_gpu_check_free(g);
    gmc_color_free(g);
    gmc_memsys_delete(g->ms);
    free(g->s_time.v);
    free(g->s_div.v);
    free(g->s_inmc.v);
    gmc_rowloc_free(&g->rl_pre);
    gmc_rowloc_free(&g->rl_post);
    free(g);
}

static int busy(const gmc_gpu_t *g)
{
    if (g->ctas_launched < g->ctas_total || g->ctas_done < g->ctas_total)
        return 1;
    for (unsigned i = 0; i < g->nsm; i++)
        if (gmc_sm_busy(&g->sm[i]))
            return 1;
    for (unsigned i = 0; i < g->nslice; i++)
        if (gmc_l2_busy(&g->l2[i]))
            return 1;
    return !gmc_icnt_idle(g->req_net) || !gmc_icnt_idle(g->rep_net) ||
           gmc_memsys_outstanding(g->ms);
}

static void core_edge(gmc_gpu_t *g)
{
    const uint64_t now = g->core_cyc;
    if (g->ctas_launched < g->ctas_total && now >= g->launch_at)
        g->disp.ops->dispatch(&g->disp);
    const uint64_t *at = g->rep_net->dst_at, inow = g->rep_net->now;
    const int all = (g->step & GMC_GPU_STEP_SM) != 0;
    for (unsigned i = 0; i < g->nsm; i++)   /* its next event, or input (gmc_gpu_impl.h) */
        if (all || g->sm_next[i] <= now || at[i] <= inow ||
            (g->sm_wait[i] && gmc_icnt_can_send_on(g->req_net, i, g->sm_wait[i] - 1u)))
            gmc_sm_cycle(g, &g->sm[i]);
    g->core_cyc++;
}

static void l2_edge(gmc_gpu_t *g)
{
    const uint64_t now = g->l2_cyc;
    const uint64_t *at = g->req_net->dst_at, inow = g->req_net->now;
    const int all = (g->step & GMC_GPU_STEP_L2) != 0;
    for (unsigned i = 0; i < g->nslice; i++)   /* its next event, or input (gmc_gpu_impl.h) */
        if (all || g->l2_next[i] <= now || (at[i] <= inow && !g->l2_shut[i]))
            gmc_l2_cycle(g, &g->l2[i]);
    g->l2_cyc++;
}

/* A network's next event is now while a packet is in it, never otherwise:
 * an idle network's tick only counts the cycle. */
static uint64_t icnt_next_event(const gmc_icnt_t *n) { return n->in_net ? n->now : UINT64_MAX; }

/* The saturation watchdog (icnt_watchdog): a network that holds packets
 * and moves no flit for that long fails the run, saying where. */
static void icnt_fail(gmc_gpu_t *g, const gmc_icnt_t *net, const char *what)
{
    char why[1024];
    if (gmc_icnt_watchdog(net, g->topo->name, what, g->icnt_wd, why, sizeof why))
        gmc_gpu_fail(g, "kernel %s: %s", g->k ? g->k->name : "?", why);
}

static inline void icnt_watch(gmc_gpu_t *g, const gmc_icnt_t *net, const char *what)
{
    if (net->quiet >= g->icnt_wd)   /* icnt_wd is UINT64_MAX when off */
        icnt_fail(g, net, what);
}

static void icnt_edge(gmc_gpu_t *g)
{
    const int all = (g->step & GMC_GPU_STEP_ICNT) != 0;
    if (all || icnt_next_event(g->req_net) <= g->req_net->now) {
        gmc_icnt_tick(g->req_net);
        icnt_watch(g, g->req_net, "request");
    } else {
        g->req_net->now++;
    }
    if (all || icnt_next_event(g->rep_net) <= g->rep_net->now) {
        gmc_icnt_tick(g->rep_net);
        icnt_watch(g, g->rep_net, "reply");
    } else {
        g->rep_net->now++;
    }
    g->icnt_cyc++;
}

/* The time of the edge at which a domain's cycle counter reads `at`, its
 * next edge (time t) reading `cyc`; UINT64_MAX if past 64 bits. */
static uint64_t edge_time(uint64_t t, uint64_t cyc, uint64_t at, uint64_t ps)
{
    uint64_t k = at - cyc;   /* at > cyc */
    return k > (UINT64_MAX - t) / ps ? UINT64_MAX : t + k * ps;
}

/* Moves a domain to its first edge at or after time e: the edges skipped
 * are counted as done; returns how many. */
static uint64_t skip_to(uint64_t *t, uint64_t *cyc, uint64_t ps, uint64_t e)
{
    if (*t >= e)
        return 0;
    uint64_t k = (e - *t + ps - 1) / ps;
    *t += k * ps;
    *cyc += k;
    return k;
}

/* Time jump: every component's next event (gmc_gpu_impl.h) is later
 * than the coming edge of its clock, so the edges before the first of
 * them change nothing but the cycle counters: all domains move to it at
 * once.  Only next events are read: input comes from a component, so none
 * arrives in the stretch.  The watchdog and --max-cycles are events too,
 * so they fire at the cycle they would have.  Nothing to wait for at all:
 * no jump. */
static void jump(gmc_gpu_t *g)
{
    if (g->step & (GMC_GPU_STEP_JUMP | GMC_GPU_STEP_MEM))
        return;
    if (icnt_next_event(g->req_net) != UINT64_MAX || icnt_next_event(g->rep_net) != UINT64_MAX)
        return;
    uint64_t c = g->progress_at + g->cfg.stall_cycles;   /* the watchdog's cycle */
    if (g->ctas_launched < g->ctas_total) {   /* the dispatcher's next launch, if it knows one */
        const gmc_dispatch_ops_t *d = g->disp.ops;
        uint64_t dn = d->next_event ? d->next_event(&g->disp) : g->core_cyc;
        if (dn < g->launch_at)
            dn = g->launch_at;   /* the kernel's launch latency runs first */
        if (dn <= g->core_cyc)
            return;   /* it may launch a CTA at the next core edge */
        c = dn < c ? dn : c;
    }
    if (g->cfg.max_cycles && g->run_start + g->cfg.max_cycles < c)
        c = g->run_start + g->cfg.max_cycles;
    for (unsigned i = 0; i < g->nsm; i++)
        c = g->sm_next[i] < c ? g->sm_next[i] : c;
    if (c <= g->core_cyc)
        return;
    uint64_t l = UINT64_MAX;
    for (unsigned i = 0; i < g->nslice; i++)
        l = g->l2_next[i] < l ? g->l2_next[i] : l;
    if (l <= g->l2_cyc)
        return;
    uint64_t d = gmc_memsys_next_event(g->ms);
    if (d <= g->dram_cyc)
        return;
    uint64_t e = edge_time(g->t_core, g->core_cyc, c, g->ps_core);
    if (l != UINT64_MAX) {
        uint64_t el = edge_time(g->t_l2, g->l2_cyc, l, g->ps_l2);
        e = el < e ? el : e;
    }
    if (d != GMC_MEM_NEVER) {
        uint64_t ed = edge_time(g->t_dram, g->dram_cyc, d, g->ps_dram);
        e = ed < e ? ed : e;
    }
    if (e == UINT64_MAX)
        return;
    uint64_t t = g->t_core;
    if (g->t_dram < t) t = g->t_dram;
    if (g->t_l2 < t) t = g->t_l2;
    if (g->t_icnt < t) t = g->t_icnt;
    if (e <= t)
        return;
    skip_to(&g->t_core, &g->core_cyc, g->ps_core, e);
    skip_to(&g->t_l2, &g->l2_cyc, g->ps_l2, e);
    skip_to(&g->t_dram, &g->dram_cyc, g->ps_dram, e);
    uint64_t k = skip_to(&g->t_icnt, &g->icnt_cyc, g->ps_icnt, e);
    g->req_net->now += k;
    g->rep_net->now += k;
    g->jumps++;
    g->jumped_ps += e - t;
}

static void dram_edge(gmc_gpu_t *g)
{
    if ((g->step & GMC_GPU_STEP_MEM) || gmc_memsys_next_event(g->ms) <= g->dram_cyc) {
        gmc_gpu_mem_sync(g);
        gmc_memsys_tick(g->ms);
    }
    g->dram_cyc++;
}

int gmc_gpu_check_kernel(const gmc_gpu_t *g, const gmc_kernel_t *k, char *err, size_t n)
{
    uint32_t tpc = gmc_kernel_threads_per_cta(k);
    if (!tpc || !gmc_kernel_ctas(k)) {
        snprintf(err, n, "kernel %s: expected a non-empty grid and block, found grid %ux%ux%u block %ux%ux%u",
                 k->name, k->grid[0], k->grid[1], k->grid[2], k->block[0], k->block[1], k->block[2]);
        return -1;
    }
    if (!gmc_sm_fits(g, &g->sm[0], k)) {
        int limits = !gmc_sm_within_limits(g->m, k);
        snprintf(err, n, "kernel %s: a CTA (%u threads, %u registers/thread, %u B shared memory) "
                 "fits no SM of machine %s (%u threads, %u registers, %u B shared memory)%s", k->name,
                 tpc, k->regs_per_thread, k->smem_per_cta, g->m->name, g->m->threads_per_sm,
                 g->m->regs_per_sm, g->m->smem_per_sm,
                 !limits ? ""
                 : k->regs_per_thread > 255
                     ? "; no SASS thread has more than 255 registers, so the trace's count is suspect: "
                       "--set ignore_limits=1 runs one CTA per SM anyway"
                     : "; --set ignore_limits=1 runs one CTA per SM anyway");
        return -1;
    }
    return 0;
}

/* The kernel's thread batches (gmc_tbatch.c), before its first CTA: a
 * batch at most an SM's CTAs and at most an equal share of the grid. */
static int form_batches(gmc_gpu_t *g, gmc_kernel_t *k, char *err, size_t n)
{
    const uint32_t share = (g->ctas_total + g->nsm - 1) / g->nsm;
    const uint32_t most = g->m->ctas_per_sm < share ? g->m->ctas_per_sm : share;
    if (gmc_tbatch_profile(k, most, g->m->temp_batch_stride, GMC_TBATCH_PAGE_BITS, &g->tb, err, n))
        return -1;
    g->batch_stride = g->tb.stride;
    return 0;
}

int gmc_gpu_run(gmc_gpu_t *g, gmc_kernel_t *k, char *err, size_t n)
{
    if (gmc_gpu_check_kernel(g, k, err, n))
        return -1;
    g->k = k;
    g->err = err;
    g->errn = n;
    g->failed = 0;
    g->next_cta = g->ctas_launched = g->ctas_done = 0;
    g->ctas_total = gmc_kernel_ctas(k);
    if (!gmc_sm_within_limits(g->m, k))
        g->st.kernels_over_limits++;   /* ignore_limits let it in */
    /* GPGPU-Sim's kernel launch latency: no CTA is dispatched before it
     * has passed (gpu-sim.cc: m_kernel_TB_latency counts down per core
     * cycle); the watchdog counts from then */
    g->launch_at = g->core_cyc + g->m->kernel_launch_latency;
    g->progress_at = g->launch_at;
    const uint64_t start = g->run_start = g->core_cyc;
    if (g->batching && form_batches(g, k, err, n))
        return -1;
    if (g->disp.ops->kernel_begin)
        g->disp.ops->kernel_begin(&g->disp);
    while (busy(g)) {
        jump(g);
        uint64_t t = g->t_core;
        if (g->t_dram < t) t = g->t_dram;
        if (g->t_l2 < t) t = g->t_l2;
        if (g->t_icnt < t) t = g->t_icnt;
        if (g->t_dram == t) {
            dram_edge(g);
            g->t_dram += g->ps_dram;
        }
        if (g->t_l2 == t) {
            l2_edge(g);
            g->t_l2 += g->ps_l2;
        }
        if (g->t_icnt == t) {
            icnt_edge(g);
            g->t_icnt += g->ps_icnt;
        }
        if (g->t_core == t) {
            core_edge(g);
            g->t_core += g->ps_core;
            if (g->failed)
                return -1;
            if (g->core_cyc > g->progress_at && g->core_cyc - g->progress_at > g->cfg.stall_cycles) {
                snprintf(err, n, "kernel %s: watchdog: nothing issued or returned for %llu core cycles "
                         "(cycle %llu, %u of %u CTAs done): a warp waits forever", k->name,
                         (unsigned long long)g->cfg.stall_cycles, (unsigned long long)g->core_cyc,
                         g->ctas_done, g->ctas_total);
                return -1;
            }
            if (g->cfg.max_cycles && g->core_cyc - start > g->cfg.max_cycles) {
                snprintf(err, n, "kernel %s: ran past --max-cycles %llu", k->name,
                         (unsigned long long)g->cfg.max_cycles);
                return -1;
            }
            if (g->cfg.progress && g->core_cyc >= g->next_progress) {
                g->next_progress = g->core_cyc + (1u << 16);
                g->cfg.progress(g->cfg.progress_ctx, k->name, g->ctas_done, g->ctas_total, g->core_cyc);
            }
        }
    }
    g->st.kernels++;
    g->k = NULL;
    return 0;
}

const struct gmc_memsys *gmc_gpu_memsys(const gmc_gpu_t *g) { return g->ms; }
