/* gmc_gpu_report: the statistics' summary and the JSON report of a run. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "gpu/gmc_gpu_impl.h"
#include "mem/gmc_dram_energy.h"
#include "analysis/gmc_overhead.h"
#include "bim/gmc_bim_scheme.h"
#include "mc/gmc_sched.h"

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* Sorts v[0..n) ascending: LSD radix sort, 8 bits a pass, skipping the
 * passes whose byte is the same in every key (the samples are mostly
 * small: one or two passes); qsort if the scratch cannot be had. */
static void sort_u32(uint32_t *v, size_t n)
{
    uint32_t *tmp = n > 1 ? malloc(n * sizeof *tmp) : NULL;
    if (!tmp) {
        if (n > 1)
            qsort(v, n, sizeof *v, cmp_u32);
        return;
    }
    uint32_t *src = v, *dst = tmp;
    for (unsigned sh = 0; sh < 32; sh += 8) {
        size_t cnt[256] = {0};
        for (size_t i = 0; i < n; i++)
            cnt[(src[i] >> sh) & 255]++;
        if (cnt[(src[0] >> sh) & 255] == n)
            continue;   /* one value of this byte: the pass would copy */
        size_t at = 0;
        for (unsigned b = 0; b < 256; b++) {
            size_t c = cnt[b];
            cnt[b] = at;
            at += c;
        }
        for (size_t i = 0; i < n; i++)
            dst[cnt[(src[i] >> sh) & 255]++] = src[i];
        uint32_t *t = src;
        src = dst;
        dst = t;
    }
    if (src != v)
        memcpy(v, src, n * sizeof *v);
    free(tmp);
}

/* Nearest-rank percentiles of the samples (sorted in place). */
void gmc_gpu_dist(gmc_samples_t *s, gmc_dist_t *d)
{
    memset(d, 0, sizeof *d);
    if (!s->n)
        return;
    sort_u32(s->v, s->n);
    double sum = 0;
    for (size_t i = 0; i < s->n; i++)
        sum += s->v[i];
    d->n = s->n;
    d->mean = sum / (double)s->n;
#define PCT(q) s->v[(size_t)(((q) * (double)s->n + 99.0) / 100.0) - 1]
    d->p25 = PCT(25);
    d->p50 = PCT(50);
    d->p75 = PCT(75);
    d->p95 = PCT(95);
    d->p99 = PCT(99);
#undef PCT
    d->max = s->v[s->n - 1];
}

/* The same from a histogram of small values (h[v] samples of value v):
 * no sample array, no sort (test_gmc_gpu checks it against gmc_gpu_dist). */
void gmc_gpu_hist_dist(const uint64_t *h, unsigned nv, gmc_dist_t *d)
{
    memset(d, 0, sizeof *d);
    double sum = 0;
    for (unsigned v = 0; v < nv; v++) {
        d->n += h[v];
        sum += (double)h[v] * v;
        if (h[v])
            d->max = v;
    }
    if (!d->n)
        return;
    d->mean = sum / (double)d->n;
    uint64_t *const pq[5] = {&d->p25, &d->p50, &d->p75, &d->p95, &d->p99};
    static const unsigned q[5] = {25, 50, 75, 95, 99};
    for (unsigned k = 0; k < 5; k++) {
        /* nearest rank, as dist's PCT: the ceil(q/100 x n)-th smallest */
        uint64_t rank = (uint64_t)(((double)q[k] * (double)d->n + 99.0) / 100.0), seen = 0;
        unsigned v = 0;
        while ((seen += h[v]) < rank)
            v++;
        *pq[k] = v;
    }
}

void gmc_gpu_stats(gmc_gpu_t *g, gmc_gpu_stats_t *s)
{
    g->st.cycles = g->core_cyc;
    gmc_gpu_dist(&g->s_time, &g->st.load_warp_time);
    gmc_gpu_dist(&g->s_div, &g->st.divergence);
    gmc_gpu_dist(&g->s_inmc, &g->st.div_in_mc);
    gmc_gpu_hist_dist(g->chan_hist, g->nch + 1, &g->st.load_warp_channels);
    g->st.in_mc_fraction = g->sum_div ? (double)g->sum_inmc / (double)g->sum_div : 0;
    g->st.icnt_packets = g->req_net->packets + g->rep_net->packets;
    g->st.icnt_latency_sum = g->req_net->latency_sum + g->rep_net->latency_sum;
    *s = g->st;
}

uint64_t gmc_gpu_kernels_over_limits(const gmc_gpu_t *g) { return g->st.kernels_over_limits; }

static double ratio(double a, double b) { return b > 0 ? a / b : 0; }

static void put_dist(FILE *f, const char *name, const gmc_dist_t *d)
{
    fprintf(f, "  \"%s\": {\"n\": %" PRIu64 ", \"mean\": %.2f, \"p25\": %" PRIu64 ", \"p50\": %" PRIu64
            ", \"p75\": %" PRIu64 ", \"p95\": %" PRIu64 ", \"p99\": %" PRIu64 ", \"max\": %" PRIu64 "},\n",
            name, d->n, d->mean, d->p25, d->p50, d->p75, d->p95, d->p99, d->max);
}

int gmc_gpu_write_json(gmc_gpu_t *g, FILE *f, const char *extra)
{
    gmc_gpu_stats_t s;
    gmc_gpu_stats(g, &s);
    /* the memory system's clock lags while it idles: bring it to the GPU's
     * DRAM cycle, so time integrals (background energy) end where the run
     * did, whether idle cycles were skipped or not */
    gmc_gpu_mem_sync(g);
    gmc_mem_stats_t ms;
    gmc_memsys_stats(g->ms, &ms);
    const gmc_machine_t *m = g->m;
    uint64_t nonhit = ms.row_misses + ms.row_conflicts;
    uint64_t served = ms.reads + ms.writes;
    double dram_ns = (double)g->dram_cyc * (double)g->ps_dram / 1000.0;
    uint32_t burst = gmc_memsys_burst_bytes(g->ms);
    fprintf(f, "{\n");
    if (extra && *extra)
        fprintf(f, "%s", extra);
    fprintf(f, "  \"machine\": \"%s\",\n  \"warp_sched\": \"%s\",\n  \"mem_sched\": \"%s\",\n",
            m->name, g->wsched->name, m->mem_sched);
    /* every machine key as the run used it (a file of these lines is the
     * machine again): a report says what ran, --set overrides included */
    fprintf(f, "  \"machine_config\": {\"dram\": \"%s\", \"addr_map\": \"%s\"", m->dram,
            m->addr_map[0] ? m->addr_map : "derived");
    for (unsigned i = 0; i < GMC_MACHINE_NPARAM; i++)
        fprintf(f, ", \"%s\": %" PRIu32, gmc_machine_param_name(i), gmc_machine_get(m, i));
    fprintf(f, "},\n");
    fprintf(f, "  \"kernels\": %" PRIu64 ",\n  \"kernels_over_limits\": %" PRIu64 ",\n  \"ctas\": %" PRIu64 ",\n",
            s.kernels, s.kernels_over_limits, s.ctas);
    fprintf(f, "  \"cycles\": %" PRIu64 ",\n  \"instructions\": %" PRIu64 ",\n", s.cycles, s.instructions);
    fprintf(f, "  \"ipc\": %.4f,\n  \"thread_ipc\": %.4f,\n", ratio((double)s.instructions, (double)s.cycles),
            ratio((double)s.thread_instructions, (double)s.cycles));
    fprintf(f, "  \"thread_instructions\": %" PRIu64 ",\n", s.thread_instructions);
    static const char *const opn[GMC_OP_N] = {"alu", "ld", "st", "atom", "shmem", "bar", "exit"};
    fprintf(f, "  \"ops\": {");
    for (int i = 0; i < GMC_OP_N; i++)
        fprintf(f, "%s\"%s\": %" PRIu64, i ? ", " : "", opn[i], s.op_count[i]);
    fprintf(f, "},\n");
    fprintf(f, "  \"load_warps\": %" PRIu64 ",\n  \"load_warps_offchip\": %" PRIu64
            ",\n  \"load_warps_multi_offchip\": %" PRIu64 ",\n", s.load_warps, s.load_warps_offchip,
            s.load_warps_multi);
    double opl = ratio((double)s.offchip_requests, (double)s.load_warps);
    fprintf(f, "  \"offchip_per_load_warp\": %.3f,\n  \"class\": \"%s\",\n", opl,
            opl < 1 ? "LOA" : opl <= 8 ? "MOA" : "HOA");
    put_dist(f, "load_warp_time", &s.load_warp_time);
    put_dist(f, "divergence", &s.divergence);
    put_dist(f, "divergence_in_mc", &s.div_in_mc);
    fprintf(f, "  \"divergence_in_mc_fraction\": %.4f,\n", s.in_mc_fraction);
    put_dist(f, "load_warp_channels", &s.load_warp_channels);
    fprintf(f, "  \"sm_requests\": %" PRIu64 ",\n", s.sm_requests);
    fprintf(f, "  \"l1\": {\"read_sectors\": %" PRIu64 ", \"hit_sectors\": %" PRIu64
            ", \"merged\": %" PRIu64 ", \"sent\": %" PRIu64 ", \"hit_rate\": %.4f},\n",
            s.l1_read_sectors, s.l1_hit_sectors, g->l1_merged, g->l1_sent,
            ratio((double)s.l1_hit_sectors, (double)s.l1_read_sectors));
    fprintf(f, "  \"l2\": {\"read_sectors\": %" PRIu64 ", \"hit_sectors\": %" PRIu64
            ", \"merged\": %" PRIu64 ", \"sent\": %" PRIu64 ", \"write_sectors\": %" PRIu64
            ", \"writebacks\": %" PRIu64 ", \"hit_rate\": %.4f},\n",
            s.l2_read_sectors, s.l2_hit_sectors, g->l2_merged, g->l2_sent, s.l2_write_sectors,
            g->wb_sectors, ratio((double)s.l2_hit_sectors, (double)s.l2_read_sectors));
    fprintf(f, "  \"dram_requests\": %" PRIu64 ",\n", served);
    fprintf(f, "  \"dram\": {\"reads\": %" PRIu64 ", \"writes\": %" PRIu64 ", \"row_hit_rate\": %.4f"
            ", \"activations\": %" PRIu64 ", \"activations_per_nonhit\": %.4f, \"refreshes\": %" PRIu64
            ", \"bank_parallelism\": %.3f, \"channel_parallelism\": %.3f"
            ", \"bandwidth_gbs\": %.2f, \"bus_efficiency\": %.4f, \"efficiency\": %.4f, \"cycles\": %" PRIu64 "},\n",
            ms.reads, ms.writes, ratio((double)ms.row_hits, (double)served), ms.act,
            ratio((double)ms.act, (double)nonhit), ms.ref, ratio((double)ms.blp_sum, (double)ms.pending_cycles),
            ratio((double)ms.pending_cycles, (double)g->dram_cyc),
            ratio((double)served * burst, dram_ns), ratio((double)ms.data_busy, (double)g->dram_cyc * g->nch),
            ratio((double)ms.data_busy, (double)ms.pending_cycles), g->dram_cyc);
    gmc_dram_energy_t en;
    gmc_mem_stats_t ms2;
    gmc_memsys_stats(g->ms, &ms2);
    if (gmc_memsys_dram_energy(g->ms, ms2.cycles, &en) == 0) {
        double secs = (double)ms2.cycles * (double)g->ps_dram * 1e-12;
        fprintf(f, "  \"dram_energy_nj\": {\"total\": %.1f, \"act_pre\": %.1f, \"rd\": %.1f, \"wr\": %.1f"
                ", \"ref\": %.1f, \"background\": %.1f},\n  \"dram_power_w\": %.4f,\n",
                en.total / 1e3, en.act_pre / 1e3, en.rd / 1e3, en.wr / 1e3, en.ref / 1e3,
                (en.bg_active + en.bg_precharged) / 1e3, secs > 0 ? en.total * 1e-12 / secs : 0);
    } else {
        fprintf(f, "  \"dram_energy_nj\": null,\n  \"dram_power_w\": null,\n");
    }
    if (ms.wmc_col_cmds)
        fprintf(f, "  \"warped_mc_rescheduling\": {\"column_commands\": %" PRIu64 ", \"request_adjusted\": %" PRIu64
                ", \"activations\": %" PRIu64 ", \"row_adjusted\": %" PRIu64 ", \"commands\": %" PRIu64
                ", \"bank_adjusted\": %" PRIu64 "},\n",
                ms.wmc_col_cmds, ms.wmc_req_adjusted, ms.wmc_acts, ms.wmc_row_adjusted, ms.wmc_grants,
                ms.wmc_bank_adjusted);
    /* what the enabled mechanisms cost (gmc overhead; gmc bim) */
    gmc_mem_channel_t dev;   /* every channel has the same device */
    gmc_memsys_channel_info(g->ms, 0, &dev);
    gmc_frfcfs_params_t fp = {g->nch, m->mc_queue, dev.rows, dev.banks};
    gmc_frfcfs_cost_t fc;
    gmc_frfcfs_cost(&fp, &fc);
    fprintf(f, "  \"overhead\": {\"frfcfs_compare_bits\": %" PRIu64, fc.frfcfs_bits);
    if (g->cfg.mc.sched == &gmc_sched_warped_mc) {
        gmc_wmc_params_t wp;
        gmc_wmc_params_default(&wp);
        wp.sms = m->sms;
        wp.warps = m->warps_per_sm;
        wp.banks = dev.banks;
        gmc_wmc_cost_t wc;
        gmc_wmc_cost(&wp, &wc);
        fprintf(f, ", \"warped_mc_bits_per_mc\": %" PRIu64 ", \"warped_mc_bytes_total\": %" PRIu64,
                wc.total_bits, wc.total_bytes * g->nch);
    }
    if (g->cfg.bim) {
        gmc_bim_cost_t bc;
        gmc_bim_cost((const gmc_gf2_t *)g->cfg.bim, &bc);
        fprintf(f, ", \"bim_xor_gates\": %u", bc.total_xors);
    }
    fprintf(f, "},\n");
    fprintf(f, "  \"noc_latency\": %.2f,\n", ratio((double)s.icnt_latency_sum, (double)s.icnt_packets));
    fprintf(f, "  \"clocks_mhz\": {\"core\": %u, \"icnt\": %u, \"l2\": %u, \"dram\": %.1f}\n",
            m->core_mhz, m->icnt_mhz, m->l2_mhz, 1e6 / (double)g->ps_dram);
    fprintf(f, "}\n");
    return ferror(f) ? -1 : 0;
}
