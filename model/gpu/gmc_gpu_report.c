/* gmc_gpu_report: the statistics' summary and the report of a run, as rows
 * (util/gmc_report_rows_impl.h) that the JSON and the CSV writers share.
 * Each component's counters come from its table in gmc_gpu.h; what is
 * derived from them (rates, means, classes) follows the component's
 * counters. */
#include <inttypes.h>
#include <string.h>
#include "gpu/gmc_gpu_impl.h"
#include "analysis/gmc_overhead.h"
#include "bim/gmc_bim_scheme.h"
#include "mc/gmc_mc_pol.h"
#include "mc/gmc_sched.h"
#include "mem/gmc_dram_energy.h"
#include "util/gmc_report_rows_impl.h"

static double ratio(double a, double b) { return b > 0 ? a / b : 0; }

/* Yuan et al. [MICRO'09]'s measures: row locality at the three places,
 * the row streaks, DRAM efficiency, memory latency. */
static void yuan_stats(gmc_gpu_t *g, gmc_gpu_stats_t *s)
{
    s->rl_pre = gmc_rowloc_pooled(&g->rl_pre, 0, g->rl_pre.streams);
    s->rl_pre_hmean = gmc_rowloc_hmean(&g->rl_pre, 0, g->rl_pre.streams);
    s->rl_post = gmc_rowloc_pooled(&g->rl_post, 0, g->rl_post.streams);
    s->rl_post_hmean = gmc_rowloc_hmean(&g->rl_post, 0, g->rl_post.streams);
    gmc_memsys_row_locality(g->ms, &s->rl_at_mc, &s->rl_at_mc_hmean);
    gmc_mem_stats_t m;
    gmc_memsys_stats(g->ms, &m);
    s->row_streaks = m.row_streaks;
    s->stranded = m.stranded;
    s->brk_other_sm = m.brk_other_sm;
    s->brk_other_cta = m.brk_other_cta;
    s->brk_same_cta = m.brk_same_cta;
    s->brk_no_sm = m.brk_no_sm;
    s->dram_eff = ratio((double)m.data_busy, (double)m.pending_cycles);
    double sum = 0;
    for (unsigned c = 0; c < g->nch; c++) {
        gmc_memsys_channel_stats(g->ms, c, &m);
        sum += ratio((double)m.data_busy, (double)m.pending_cycles);
    }
    s->dram_eff_mean = g->nch ? sum / g->nch : 0;
    s->mem_lat_n = g->mf.n;
    s->mem_lat_mean = ratio((double)g->mf.sum, (double)g->mf.n);
}

void gmc_gpu_stats(gmc_gpu_t *g, gmc_gpu_stats_t *s)
{
    g->st.cycles = g->core_cyc;
    gmc_gpu_dist(&g->s_time, &g->st.load_warp_time);
    gmc_gpu_dist(&g->s_div, &g->st.divergence);
    gmc_gpu_dist(&g->s_inmc, &g->st.div_in_mc);
    gmc_gpu_hist_dist(g->chan_hist, g->nch + 1, &g->st.load_warp_channels);
    g->st.in_mc_fraction = g->sum_div ? (double)g->sum_inmc / (double)g->sum_div : 0;
    g->st.l1_merged = g->l1_merged;
    g->st.l1_sent = g->l1_sent;
    g->st.l2_merged = g->l2_merged;
    g->st.l2_sent = g->l2_sent;
    g->st.l2_writebacks = g->wb_sectors;
    g->st.icnt_packets = g->req_net->packets + g->rep_net->packets;
    g->st.icnt_latency_sum = g->req_net->latency_sum + g->rep_net->latency_sum;
    g->st.icnt_holds = g->req_net->holds + g->rep_net->holds;
    g->st.icnt_hold_ends = g->req_net->hold_ends + g->rep_net->hold_ends;
    yuan_stats(g, &g->st);
    *s = g->st;
}

uint64_t gmc_gpu_kernels_over_limits(const gmc_gpu_t *g) { return g->st.kernels_over_limits; }
uint64_t gmc_gpu_addr_folded(const gmc_gpu_t *g) { return g->st.dram_addr_folded; }

static void dist_rows(gmc_rows_t *t, const char *name, const gmc_dist_t *d)
{
    gmc_rows_u64(t, name, "n", d->n);
    gmc_rows_f64(t, name, "mean", "%.2f", d->mean);
    gmc_rows_u64(t, name, "p25", d->p25);
    gmc_rows_u64(t, name, "p50", d->p50);
    gmc_rows_u64(t, name, "p75", d->p75);
    gmc_rows_u64(t, name, "p95", d->p95);
    gmc_rows_u64(t, name, "p99", d->p99);
    gmc_rows_u64(t, name, "max", d->max);
}

/* The machine as run: every key (a file of these lines is the machine
 * again, --set overrides included). */
static void machine_rows(gmc_rows_t *t, const gmc_gpu_t *g)
{
    const gmc_machine_t *m = g->m;
    gmc_rows_str(t, NULL, "machine", m->name);
    gmc_rows_str(t, NULL, "warp_sched", g->wsched->name);
    gmc_rows_str(t, NULL, "mem_sched", m->mem_sched);
    gmc_rows_str(t, "machine_config", "dram", m->dram);
    /* the map that ran: the one given in the cfg (an imported file's, --map), else the machine's */
    gmc_rows_str(t, "machine_config", "addr_map",
                 g->cfg.map ? (g->cfg.map_name ? g->cfg.map_name : "given")
                            : m->addr_map[0] ? m->addr_map : "derived");
    gmc_rows_str(t, "machine_config", "cta_dispatch",
                 m->cta_dispatch[0] ? m->cta_dispatch : GMC_MACHINE_CTA_DISPATCH);
    gmc_rows_str(t, "machine_config", "icnt_topology",
                 m->icnt_topology[0] ? m->icnt_topology : GMC_MACHINE_ICNT_TOPOLOGY);
    /* the networks' allocator as run (the cfg's icnt topology keeps it) */
    gmc_rows_str(t, "machine_config", "icnt_alloc", g->req_net->cfg.alloc->name);
    gmc_rows_str(t, "machine_config", "icnt_hold", gmc_alloc_hold_name(g->req_net->cfg.hold.policy));
    gmc_rows_str(t, "machine_config", "icnt_vc_assign", gmc_icnt_vc_assign_name(g->req_net->cfg.vc_assign));
    gmc_rows_str(t, "machine_config", "icnt_placement",
                 m->icnt_placement[0] ? m->icnt_placement : GMC_MACHINE_ICNT_PLACEMENT);
    /* the controller's policies as run (NULL in the cfg: the registry's default) */
    const gmc_mc_cfg_t *mc = &g->cfg.mc;
    gmc_rows_str(t, "machine_config", "mc_write_policy", (mc->wpol ? mc->wpol : gmc_mc_wpol_get(0))->name);
    gmc_rows_str(t, "machine_config", "mc_refresh_policy",
                 (mc->rfpol ? mc->rfpol : gmc_mc_rfpol_get(0))->name);
    gmc_rows_str(t, "machine_config", "mc_row_policy", (mc->rowpol ? mc->rowpol : gmc_mc_rowpol_get(0))->name);
    /* the hybrid memory's keys as the machine gives them (docs/pcm.md "Hybrid memory") */
    gmc_rows_str(t, "machine_config", "hybrid_dram", m->hybrid_dram[0] ? m->hybrid_dram : "none");
    gmc_rows_str(t, "machine_config", "hybrid_placement",
                 m->hybrid_placement[0] ? m->hybrid_placement : "bw-aware");
    gmc_rows_str(t, "machine_config", "hybrid_share", m->hybrid_share[0] ? m->hybrid_share : "0.5");
    gmc_rows_str(t, "machine_config", "hybrid_mem_sched",
                 m->hybrid_mem_sched[0] ? m->hybrid_mem_sched : "same");
    gmc_rows_str(t, "machine_config", "hybrid_mc_write_policy",
                 m->hybrid_mc_write_policy[0] ? m->hybrid_mc_write_policy : "same");
    for (unsigned i = 0; i < GMC_MACHINE_NPARAM; i++)
        gmc_rows_u64(t, "machine_config", gmc_machine_param_name(i), gmc_machine_get(m, i));
}

/* A hybrid memory: each memory's share of the accesses and bytes, its
 * reads, writes, row hits and energy (only with hybrid_dram). */
static void hybrid_rows(gmc_rows_t *t, gmc_gpu_t *g, uint64_t until)
{
    if (gmc_memsys_memories(g->ms) < 2)
        return;
    gmc_memsys_memory_report_t r[2];
    gmc_memsys_memory_report(g->ms, until, r);
    gmc_rows_str(t, "hybrid", "placement", g->cfg.hybrid_profile ? "bw-aware (profile run)"
                 : g->m->hybrid_placement[0] ? g->m->hybrid_placement : "bw-aware");
    gmc_rows_u64(t, "hybrid", "write_aware_pages", g->cfg.hybrid_npages);
    static const char *const grp[2] = {"hybrid_memory0", "hybrid_memory1"};
    for (unsigned k = 0; k < 2; k++) {
        gmc_rows_str(t, grp[k], "device", r[k].device);
        gmc_rows_str(t, grp[k], "kind", r[k].kind);
        gmc_rows_u64(t, grp[k], "first_channel", r[k].first);
        gmc_rows_u64(t, grp[k], "channels", r[k].channels);
        gmc_rows_str(t, grp[k], "sched", r[k].sched);
        gmc_rows_str(t, grp[k], "write_policy", r[k].write_policy);
        gmc_rows_u64(t, grp[k], "reads", r[k].reads);
        gmc_rows_u64(t, grp[k], "writes", r[k].writes);
        gmc_rows_u64(t, grp[k], "bytes", r[k].bytes);
        gmc_rows_f64(t, grp[k], "access_share", "%.6f", r[k].access_share);
        gmc_rows_f64(t, grp[k], "byte_share", "%.6f", r[k].byte_share);
        gmc_rows_f64(t, grp[k], "row_hit_rate", "%.4f", r[k].row_hit_rate);
        if (r[k].has_energy)
            gmc_rows_f64(t, grp[k], "energy_nj", "%.1f", r[k].energy_pj / 1e3);
        else
            gmc_rows_null(t, grp[k], "energy_nj");
    }
}

/* The pcmwq write policy's counts, per memory that runs it (group pcmwq,
 * or pcmwq_memory0/1 in a hybrid memory): docs/pcm.md "The write queue". */
static void pcmwq_rows(gmc_rows_t *t, gmc_gpu_t *g)
{
    const unsigned nm = gmc_memsys_memories(g->ms);
    static const char *const grp[2] = {"pcmwq_memory0", "pcmwq_memory1"};
    for (unsigned k = 0; k < nm; k++) {
        gmc_mc_pcmwq_report_t r;
        if (gmc_memsys_memory_pcmwq(g->ms, k, &r))
            continue;
        const char *gn = nm < 2 ? "pcmwq" : grp[k];
        gmc_rows_u64(t, gn, "entries", r.entries);
        gmc_rows_u64(t, gn, "queues", r.queues);
        gmc_rows_u64(t, gn, "high", r.high);
        gmc_rows_u64(t, gn, "low", r.low);
        gmc_rows_u64(t, gn, "writes_accepted", r.accepted);
        gmc_rows_u64(t, gn, "coalesced", r.coalesced);
        gmc_rows_u64(t, gn, "reads", r.reads);
        gmc_rows_u64(t, gn, "hits", r.hits);
        gmc_rows_u64(t, gn, "drains", r.drains);
        gmc_rows_u64(t, gn, "drains_completed", r.completions);
        gmc_rows_u64(t, gn, "full_cycles", r.full_cycles);
        gmc_rows_f64(t, gn, "mean_occupancy", "%.4f", ratio((double)r.occ_sum, (double)r.cycles));
        gmc_rows_u64(t, gn, "left", r.left);
        gmc_rows_str(t, gn, "interruption", r.cancel ? "cancel" : "none");
        gmc_rows_u64(t, gn, "max_intr", r.max_intr);
        gmc_rows_u64(t, gn, "interrupts", r.interrupts);
    }
}

/* The last kernel's thread batches (only with a thread-batch mechanism:
 * docs/thread-batching.md): the stride, whether the profile chose it, and
 * its 4 KB pages by the batches that touch them (TEMP [JETC'19] Fig. 8). */
static void batch_rows(gmc_rows_t *t, const gmc_gpu_t *g)
{
    if (!g->batching)
        return;
    gmc_rows_u64(t, "thread_batches", "stride", g->tb.stride);
    gmc_rows_u64(t, "thread_batches", "profiled", (uint64_t)g->tb.profiled);
    gmc_rows_u64(t, "thread_batches", "pages", g->tb.pages);
    gmc_rows_u64(t, "thread_batches", "pages_one_batch", g->tb.one);
    gmc_rows_u64(t, "thread_batches", "pages_two_batches", g->tb.two);
    gmc_rows_u64(t, "thread_batches", "pages_more_batches", g->tb.more);
}

void gmc_gpu_temp(const gmc_gpu_t *g, gmc_gpu_temp_t *t)
{
    gmc_color_stats_t c;
    gmc_color_stats(g, &c);
    *t = (gmc_gpu_temp_t){.batching = g->batching, .profiled = g->tb.profiled, .stride = g->tb.stride,
                          .pages = g->tb.pages, .one = g->tb.one, .two = g->tb.two, .more = g->tb.more,
                          .coloring = c.mode, .colors = c.colors, .color_pages = c.pages,
                          .fallbacks = c.fallbacks, .local = c.local, .remote = c.remote};
}

/* The page_coloring group (JSON, CSV): the colors, the pages allocated and
 * by color (up to 64 colors; more: the fewest and most), the fallbacks
 * (temp_coloring = 1), and the local access ratio. */
static void color_rows(gmc_rows_t *t, const gmc_gpu_t *g)
{
    gmc_color_stats_t s;
    gmc_color_stats(g, &s);
    if (!s.mode)
        return;
    const char *grp = "page_coloring";
    gmc_rows_u64(t, grp, "mode", s.mode);
    gmc_rows_u64(t, grp, "colors", s.colors);
    gmc_rows_u64(t, grp, "channel_colors", s.ch_colors);
    if (s.mode == 1) {   /* pages translated */
        gmc_rows_u64(t, grp, "pages", s.pages);
        gmc_rows_u64(t, grp, "fallbacks", s.fallbacks);
        uint64_t lo = UINT64_MAX, hi = 0;
        for (uint32_t k = 0; k < s.colors; k++) {
            lo = s.by_color[k] < lo ? s.by_color[k] : lo;
            hi = s.by_color[k] > hi ? s.by_color[k] : hi;
        }
        gmc_rows_u64(t, grp, "pages_color_min", lo);
        gmc_rows_u64(t, grp, "pages_color_max", hi);
        if (s.colors <= 64)
            for (uint32_t k = 0; k < s.colors; k++)
                gmc_rows_u64(t, grp, gmc_rows_key(t, "pages_color_%u", k), s.by_color[k]);
    }
    gmc_rows_u64(t, grp, "local_accesses", s.local);
    gmc_rows_u64(t, grp, "remote_accesses", s.remote);
    const uint64_t all = s.local + s.remote;
    gmc_rows_f64(t, grp, "local_access_ratio", "%.4f", all ? (double)s.local / (double)all : 0.0);
}

/* Wear of the channels whose device wears out (docs/pcm.md "Wear"). */
static void wear_rows(gmc_rows_t *t, gmc_gpu_t *g)
{
    gmc_mem_wear_t w;
    if (gmc_memsys_wear(g->ms, gmc_memsys_now(g->ms), &w))
        return;
    gmc_rows_u64(t, "wear", "channels", w.channels);
    gmc_rows_u64(t, "wear", "writes", w.writes);
    gmc_rows_u64(t, "wear", "rows", w.rows);
    gmc_rows_u64(t, "wear", "rows_written", w.rows_written);
    gmc_rows_u64(t, "wear", "max_row_writes", w.max_row_writes);
    gmc_rows_u64(t, "wear", "max_row_channel", w.max_ch);
    gmc_rows_u64(t, "wear", "max_row_bank", w.max_bank);
    gmc_rows_u64(t, "wear", "max_row", w.max_row);
    gmc_rows_u64(t, "wear", "endurance", w.endurance);
    gmc_rows_f64(t, "wear", "seconds", "%.6e", w.seconds);
    gmc_rows_f64(t, "wear", "lifetime_s", "%.6e", w.lifetime_s);
    gmc_rows_f64(t, "wear", "leveled_lifetime_s", "%.6e", w.leveled_lifetime_s);
}

static void sm_rows(gmc_rows_t *t, const gmc_gpu_stats_t *s)
{
#define ROW_(member, key, doc) gmc_rows_u64(t, NULL, key, s->member);
    GMC_GPU_SM_COUNTERS(ROW_)
#undef ROW_
    gmc_rows_f64(t, NULL, "ipc", "%.4f", ratio((double)s->instructions, (double)s->cycles));
    gmc_rows_f64(t, NULL, "thread_ipc", "%.4f", ratio((double)s->thread_instructions, (double)s->cycles));
    const double opl = ratio((double)s->offchip_requests, (double)s->load_warps);
    gmc_rows_f64(t, NULL, "offchip_per_load_warp", "%.3f", opl);
    gmc_rows_str(t, NULL, "class", opl < 1 ? "LOA" : opl <= 8 ? "MOA" : "HOA");
    static const char *const opn[GMC_OP_N] = {"alu", "ld", "st", "atom", "shmem", "bar", "exit"};
    for (int i = 0; i < GMC_OP_N; i++)
        gmc_rows_u64(t, "ops", opn[i], s->op_count[i]);
    dist_rows(t, "load_warp_time", &s->load_warp_time);
    dist_rows(t, "divergence", &s->divergence);
    dist_rows(t, "divergence_in_mc", &s->div_in_mc);
    gmc_rows_f64(t, NULL, "divergence_in_mc_fraction", "%.4f", s->in_mc_fraction);
    dist_rows(t, "load_warp_channels", &s->load_warp_channels);
}

static void cache_rows(gmc_rows_t *t, const gmc_gpu_stats_t *s)
{
#define ROW_(member, key, doc) gmc_rows_u64(t, "l1", key, s->member);
    GMC_GPU_L1_COUNTERS(ROW_)
#undef ROW_
    gmc_rows_f64(t, "l1", "hit_rate", "%.4f", ratio((double)s->l1_hit_sectors, (double)s->l1_read_sectors));
#define ROW_(member, key, doc) gmc_rows_u64(t, "l2", key, s->member);
    GMC_GPU_L2_COUNTERS(ROW_)
#undef ROW_
    gmc_rows_f64(t, "l2", "hit_rate", "%.4f", ratio((double)s->l2_hit_sectors, (double)s->l2_read_sectors));
}

/* The memory system, through its public API. */
static void dram_rows(gmc_rows_t *t, gmc_gpu_t *g)
{
    gmc_mem_stats_t ms;
    gmc_memsys_stats(g->ms, &ms);
    const uint64_t nonhit = ms.row_misses + ms.row_conflicts, served = ms.reads + ms.writes;
    const double dram_ns = (double)g->dram_cyc * (double)g->ps_dram / 1000.0;
    gmc_rows_u64(t, NULL, "dram_requests", served);
    gmc_rows_u64(t, "dram", "reads", ms.reads);
    gmc_rows_u64(t, "dram", "writes", ms.writes);
    gmc_rows_f64(t, "dram", "row_hit_rate", "%.4f", ratio((double)ms.row_hits, (double)served));
    gmc_rows_u64(t, "dram", "activations", ms.act);
    gmc_rows_f64(t, "dram", "activations_per_nonhit", "%.4f", ratio((double)ms.act, (double)nonhit));
    gmc_rows_u64(t, "dram", "refreshes", ms.ref);
    gmc_rows_f64(t, "dram", "bank_parallelism", "%.3f", ratio((double)ms.blp_sum, (double)ms.pending_cycles));
    gmc_rows_f64(t, "dram", "channel_parallelism", "%.3f", ratio((double)ms.pending_cycles, (double)g->dram_cyc));
    gmc_rows_f64(t, "dram", "bandwidth_gbs", "%.2f",
                 ratio((double)served * gmc_memsys_burst_bytes(g->ms), dram_ns));
    gmc_rows_f64(t, "dram", "bus_efficiency", "%.4f", ratio((double)ms.data_busy, (double)g->dram_cyc * g->nch));
    gmc_rows_f64(t, "dram", "efficiency", "%.4f", ratio((double)ms.data_busy, (double)ms.pending_cycles));
    gmc_rows_u64(t, "dram", "cycles", g->dram_cyc);
    gmc_dram_energy_t en;
    if (gmc_memsys_dram_energy(g->ms, ms.cycles, &en) == 0) {
        const double secs = (double)ms.cycles * (double)g->ps_dram * 1e-12;
        gmc_rows_f64(t, "dram_energy_nj", "total", "%.1f", en.total / 1e3);
        gmc_rows_f64(t, "dram_energy_nj", "act_pre", "%.1f", en.act_pre / 1e3);
        gmc_rows_f64(t, "dram_energy_nj", "rd", "%.1f", en.rd / 1e3);
        gmc_rows_f64(t, "dram_energy_nj", "wr", "%.1f", en.wr / 1e3);
        gmc_rows_f64(t, "dram_energy_nj", "ref", "%.1f", en.ref / 1e3);
        gmc_rows_f64(t, "dram_energy_nj", "background", "%.1f", (en.bg_active + en.bg_precharged) / 1e3);
        gmc_rows_f64(t, NULL, "dram_power_w", "%.4f", secs > 0 ? en.total * 1e-12 / secs : 0);
    } else {
        gmc_rows_null(t, NULL, "dram_energy_nj");
        gmc_rows_null(t, NULL, "dram_power_w");
    }
    if (ms.wmc_col_cmds) {
        const char *w = "warped_mc_rescheduling";
        gmc_rows_u64(t, w, "column_commands", ms.wmc_col_cmds);
        gmc_rows_u64(t, w, "request_adjusted", ms.wmc_req_adjusted);
        gmc_rows_u64(t, w, "activations", ms.wmc_acts);
        gmc_rows_u64(t, w, "row_adjusted", ms.wmc_row_adjusted);
        gmc_rows_u64(t, w, "commands", ms.wmc_grants);
        gmc_rows_u64(t, w, "bank_adjusted", ms.wmc_bank_adjusted);
    }
}

/* What the enabled mechanisms cost (gmc overhead; gmc bim). */
static void overhead_rows(gmc_rows_t *t, const gmc_gpu_t *g)
{
    const gmc_machine_t *m = g->m;
    gmc_mem_channel_t dev;   /* every channel has the same device */
    gmc_memsys_channel_info(g->ms, 0, &dev);
    gmc_frfcfs_params_t fp = {g->nch, m->mc_queue, dev.rows, dev.banks};
    gmc_frfcfs_cost_t fc;
    gmc_frfcfs_cost(&fp, &fc);
    gmc_rows_u64(t, "overhead", "frfcfs_compare_bits", fc.frfcfs_bits);
    if (g->cfg.mc.sched == &gmc_sched_warped_mc) {
        gmc_wmc_params_t wp;
        gmc_wmc_params_default(&wp);
        wp.sms = m->sms;
        wp.warps = m->warps_per_sm;
        wp.banks = dev.banks;
        gmc_wmc_cost_t wc;
        gmc_wmc_cost(&wp, &wc);
        gmc_rows_u64(t, "overhead", "warped_mc_bits_per_mc", wc.total_bits);
        gmc_rows_u64(t, "overhead", "warped_mc_bytes_total", wc.total_bytes * g->nch);
    }
    if (g->cfg.bim) {
        gmc_bim_cost_t bc;
        gmc_bim_cost(g->cfg.bim, &bc);
        gmc_rows_u64(t, "overhead", "bim_xor_gates", bc.total_xors);
    }
}

static void icnt_rows(gmc_rows_t *t, const gmc_gpu_stats_t *s)
{
#define ROW_(member, key, doc) gmc_rows_u64(t, NULL, key, s->member);
    GMC_GPU_ICNT_COUNTERS(ROW_)
#undef ROW_
    gmc_rows_f64(t, NULL, "noc_latency", "%.2f", ratio((double)s->icnt_latency_sum, (double)s->icnt_packets));
}

/* Yuan et al. [MICRO'09]'s measures (yuan_stats; docs/harness.md "Row
 * locality"), each channel's DRAM efficiency beside their pool and mean. */
static void yuan_rows(gmc_rows_t *t, gmc_gpu_t *g, const gmc_gpu_stats_t *s)
{
    const char *rl = "row_locality";
    gmc_rows_f64(t, rl, "pre_icnt", "%.4f", s->rl_pre);
    gmc_rows_f64(t, rl, "post_icnt", "%.4f", s->rl_post);
    gmc_rows_f64(t, rl, "at_mc", "%.4f", s->rl_at_mc);
    gmc_rows_f64(t, rl, "pre_icnt_hmean", "%.4f", s->rl_pre_hmean);
    gmc_rows_f64(t, rl, "post_icnt_hmean", "%.4f", s->rl_post_hmean);
    gmc_rows_f64(t, rl, "at_mc_hmean", "%.4f", s->rl_at_mc_hmean);
    gmc_rows_f64(t, rl, "post_over_pre", "%.4f", ratio(s->rl_post, s->rl_pre));
    const char *rs = "row_streaks";
    const uint64_t k[] = {s->stranded, s->brk_other_sm, s->brk_other_cta, s->brk_same_cta, s->brk_no_sm};
    static const char *const count[] = {"stranded", "breakers_other_sm", "breakers_other_cta",
                                        "breakers_same_cta", "breakers_no_sm"};
    static const char *const per[] = {"stranded_per_streak", "other_sm_per_streak", "other_cta_per_streak",
                                      "same_cta_per_streak", "no_sm_per_streak"};
    gmc_rows_u64(t, rs, "streaks", s->row_streaks);
    for (unsigned i = 0; i < 5; i++)
        gmc_rows_u64(t, rs, count[i], k[i]);
    for (unsigned i = 0; i < 5; i++)
        gmc_rows_f64(t, rs, per[i], "%.4f", ratio((double)k[i], (double)s->row_streaks));
    const char *de = "dram_efficiency";
    gmc_rows_f64(t, de, "pooled", "%.4f", s->dram_eff);
    gmc_rows_f64(t, de, "mean", "%.4f", s->dram_eff_mean);
    for (unsigned c = 0; c < g->nch; c++) {
        gmc_mem_stats_t m;
        gmc_memsys_channel_stats(g->ms, c, &m);
        gmc_rows_f64(t, de, gmc_rows_key(t, "ch%u", c), "%.4f", ratio((double)m.data_busy, (double)m.pending_cycles));
    }
    gmc_rows_u64(t, "mem_latency", "offchip_reads", s->mem_lat_n);
    gmc_rows_f64(t, "mem_latency", "mean", "%.2f", s->mem_lat_mean);
}

static void report_rows(gmc_gpu_t *g, gmc_rows_t *t)
{
    gmc_gpu_stats_t s;
    gmc_gpu_stats(g, &s);
    /* the memory system's clock lags while it idles: bring it to the GPU's
     * DRAM cycle, so time integrals (background energy) end where the run
     * did, whether idle cycles were skipped or not */
    gmc_gpu_mem_sync(g);
    machine_rows(t, g);
    sm_rows(t, &s);
    cache_rows(t, &s);
    dram_rows(t, g);
    hybrid_rows(t, g, gmc_memsys_now(g->ms));
    pcmwq_rows(t, g);
    wear_rows(t, g);
    batch_rows(t, g);
    color_rows(t, g);
    overhead_rows(t, g);
    icnt_rows(t, &s);
    yuan_rows(t, g, &s);
    const gmc_machine_t *m = g->m;
    gmc_rows_u64(t, "clocks_mhz", "core", m->core_mhz);
    gmc_rows_u64(t, "clocks_mhz", "icnt", m->icnt_mhz);
    gmc_rows_u64(t, "clocks_mhz", "l2", m->l2_mhz);
    gmc_rows_f64(t, "clocks_mhz", "dram", "%.1f", 1e6 / (double)g->ps_dram);
}

/* The report's rows: the caller's members first, then the run's. */
static int rows(gmc_gpu_t *g, gmc_rows_t *t, const char *extra)
{
    if (extra && *extra && gmc_rows_members(t, extra))
        return -1;
    report_rows(g, t);
    return 0;
}

int gmc_gpu_write_json(gmc_gpu_t *g, FILE *f, const char *extra)
{
    gmc_rows_t t = {0};
    int rc = rows(g, &t, extra) ? -1 : gmc_rows_json(&t, f);
    gmc_rows_free(&t);
    return rc;
}

int gmc_gpu_write_csv(gmc_gpu_t *g, FILE *f, const char *extra)
{
    gmc_rows_t t = {0};
    int rc = rows(g, &t, extra) ? -1 : gmc_rows_csv(&t, f);
    gmc_rows_free(&t);
    return rc;
}
