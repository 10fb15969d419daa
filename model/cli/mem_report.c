/* gmc mem: text and JSON reports, per-request lines. */
#include <string.h>
#include "mem/gmc_dev_kind.h"
#include "cli_rowloc.h"
#include "mem_cli.h"

typedef struct {
    gmc_memsys_totals_t t;
    gmc_lat_summary_t   lat[GMC_NLAT];
    uint64_t            requests, bytes, burst;
    double              seconds, bw, peak, blp, eff, outside_mean;
    int                 has_energy;   /* the device config has power data */
    gmc_dram_energy_t   energy;       /* pJ over the run's cycles, all channels */
    double              pj_per_bit;   /* energy.total per bit moved */
    uint64_t            active_cycles;/* channel-cycles with a bank open */
    gmc_mem_stats_t     ms;           /* the public counters: row locality and streaks */
    double              rl, rl_hmean; /* row locality at the controllers: pooled, harmonic */
} summary_t;

static double ratio(double a, double b) { return b > 0 ? a / b : 0.0; }

/* Whether a policy is not the default: the reports name the policies only
 * then, so that a default run's report stays what it was. */
static int policies_set(const gmc_mc_cfg_t *mc)
{
    return mc->wpol != gmc_mc_wpol_get(0) || mc->rfpol != gmc_mc_rfpol_get(0) ||
           mc->rowpol != gmc_mc_rowpol_get(0);
}

/* The pcmwq write policy's counts over the memories that run it
 * (gmc_memsys_memory_pcmwq): 0, or -1 when none does. */
static int pcmwq_sum(const gmc_memsys_t *ms, gmc_mc_pcmwq_report_t *t)
{
    int found = -1;
    memset(t, 0, sizeof *t);
    for (unsigned m = 0; m < gmc_memsys_memories(ms); m++) {
        gmc_mc_pcmwq_report_t r;
        if (gmc_memsys_memory_pcmwq(ms, m, &r))
            continue;
        found = 0;
        t->entries = r.entries, t->high = r.high, t->low = r.low, t->queues = r.queues;
        t->cancel = r.cancel, t->max_intr = r.max_intr, t->interrupts += r.interrupts;
        t->accepted += r.accepted, t->coalesced += r.coalesced, t->reads += r.reads;
        t->hits += r.hits, t->drains += r.drains, t->completions += r.completions;
        t->full_cycles += r.full_cycles, t->cycles += r.cycles, t->occ_sum += r.occ_sum;
        t->left += r.left;
    }
    return found;
}

/* pcmwq_sum's fields in the order both reports print them. */
#define PCMWQ_ARGS(pq)                                                                               \
    (pq).entries, (pq).queues, (pq).high, (pq).low, (unsigned long long)(pq).accepted,                \
        (unsigned long long)(pq).coalesced, (unsigned long long)(pq).reads,                           \
        (unsigned long long)(pq).hits, (unsigned long long)(pq).drains,                               \
        (unsigned long long)(pq).completions, (unsigned long long)(pq).full_cycles,                   \
        ratio((double)(pq).occ_sum, (double)(pq).cycles), (unsigned long long)(pq).left,              \
        (pq).cancel ? "cancel" : "none", (pq).max_intr, (unsigned long long)(pq).interrupts

/* The row policy's own precharges, over the channels. */
static unsigned long long pol_pre(const gmc_memsys_t *ms)
{
    unsigned long long n = 0;
    for (unsigned c = 0; c < ms->nch; c++)
        n += ms->mc[c].pol_pre;
    return n;
}

/* Row activations per request that needed one (a miss or a conflict at its
 * first command).  Row commitment (gmc_mc.h) makes it 1 without refresh;
 * refresh closes rows and adds the re-activations. */
static double act_per_nonhit(const gmc_memsys_totals_t *t)
{
    return ratio((double)t->dram.cmds[GMC_DRAM_ACT],
                 (double)(t->mc.cls[GMC_CLS_MISS] + t->mc.cls[GMC_CLS_CONFLICT]));
}

static void summarize(gmc_memsys_t *ms, summary_t *s)
{
    memset(s, 0, sizeof *s);
    gmc_memsys_totals(ms, &s->t);
    for (int k = 0; k < GMC_NLAT; k++)
        gmc_hist_summary(&ms->stats.lat[k], &s->lat[k]);
    const gmc_dram_cfg_t *c = &ms->dev[0].cfg;   /* tck_ps: every channel's */
    s->requests = s->t.mc.reads + s->t.mc.writes;
    s->burst = gmc_memsys_burst_bytes(ms);
    s->seconds = (double)ms->cycles * (double)c->tck_ps * 1e-12;
    /* bytes and peak per channel, each at its device's burst (per device
     * for the peak: with one device, the one product as it always was) */
    for (unsigned ch = 0; ch < ms->nch; ch++)
        s->bytes += (ms->mc[ch].st.reads + ms->mc[ch].st.writes) *
                    (uint64_t)gmc_dram_burst_bytes(&ms->mc[ch].d->cfg);
    s->bw = ratio((double)s->bytes, s->seconds);
    for (unsigned i = 0; i < ms->ndev; i++) {
        const gmc_dram_t *d = &ms->dev[i];
        unsigned k = 0;
        for (unsigned ch = 0; ch < ms->nch; ch++)
            k += ms->mc[ch].d == d;
        s->peak += ratio((double)k * (double)gmc_dram_burst_bytes(&d->cfg),
                         (double)d->tBURST * c->tck_ps * 1e-12);
    }
    s->blp = ratio((double)s->t.mc.blp_sum, (double)s->t.mc.pending_cycles);
    s->eff = ratio((double)s->t.dram.data_busy, (double)s->t.mc.pending_cycles);
    s->outside_mean = ratio((double)s->t.mc.outside_sum, (double)s->requests);
    /* energy over the reported run (0..cycles); rows still open at its end
     * count as open up to it */
    s->has_energy = !gmc_memsys_dram_energy(ms, ms->cycles, &s->energy);
    s->pj_per_bit = ratio(s->energy.total, 8.0 * (double)s->bytes);
    for (unsigned c = 0; c < ms->nch; c++)
        s->active_cycles += gmc_dram_active_cycles(&ms->mc[c].ch, ms->cycles);
    gmc_memsys_stats(ms, &s->ms);
    gmc_memsys_row_locality(ms, &s->rl, &s->rl_hmean);
}

/* Row locality at the controllers and the row streaks (Yuan et al.
 * [MICRO'09] Figs. 6, 10; docs/memory.md "Statistics"). */
static void json_rowloc(FILE *f, const summary_t *s)
{
    const gmc_mem_stats_t *m = &s->ms;
    fprintf(f, "  \"row_locality\": {\"at_mc\": %.6f, \"at_mc_hmean\": %.6f},\n", s->rl, s->rl_hmean);
    fprintf(f, "  \"row_streaks\": {\"streaks\": %llu, \"stranded\": %llu, \"breakers_other_sm\": %llu, "
               "\"breakers_other_cta\": %llu, \"breakers_same_cta\": %llu, \"breakers_no_sm\": %llu, "
               "\"stranded_per_streak\": %.6f, \"other_sm_per_streak\": %.6f, "
               "\"other_cta_per_streak\": %.6f, \"same_cta_per_streak\": %.6f, "
               "\"no_sm_per_streak\": %.6f},\n",
            (unsigned long long)m->row_streaks, (unsigned long long)m->stranded,
            (unsigned long long)m->brk_other_sm, (unsigned long long)m->brk_other_cta,
            (unsigned long long)m->brk_same_cta, (unsigned long long)m->brk_no_sm,
            cli_per_streak(m->stranded, m), cli_per_streak(m->brk_other_sm, m),
            cli_per_streak(m->brk_other_cta, m), cli_per_streak(m->brk_same_cta, m),
            cli_per_streak(m->brk_no_sm, m));
}

/* Why there is no energy: the note the text report prints. */
static const char no_energy[] = "not reported: the DRAM config has no power data (vdd_mv, "
                                "idd0/2n/3n/4r/4w/5_ma; docs/memory.md \"Energy\")";

static void json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\')
            fprintf(f, "\\%c", ch);
        else if (ch < 0x20)
            fprintf(f, "\\u%04x", ch);
        else
            fputc(ch, f);
    }
    fputc('"', f);
}

static void json_lat(FILE *f, const char *key, const gmc_lat_summary_t *l)
{
    fprintf(f, "  \"%s\": {\"mean\": %.3f, \"p50\": %llu, \"p95\": %llu, \"p99\": %llu, "
               "\"max\": %llu},\n", key, l->mean, (unsigned long long)l->p50,
            (unsigned long long)l->p95, (unsigned long long)l->p99, (unsigned long long)l->max);
}

#define U(x) ((unsigned long long)(x))

/* A device's name in the reports: its config's, or the run's for dev[0]. */
static const char *dev_name(const mem_opts_t *o, const gmc_dram_t *d)
{
    return d->cfg.name[0] ? d->cfg.name : o->dram_name;
}

/* A device's banks: "16 banks", or with several ranks "2 ranks x 16 banks"
 * (a rank's); one rank reads as before ranks. */
static const char *banks_text(const gmc_dram_t *d, char *buf, size_t n)
{
    if (d->ranks > 1)
        snprintf(buf, n, "%u ranks x %u banks", d->ranks, d->rank_banks);
    else
        snprintf(buf, n, "%u banks", d->nbanks);
    return buf;
}

/* JSON: "banks" is a channel's (every rank's); "ranks" only with more than one. */
static void json_ranks(FILE *f, const gmc_dram_t *d)
{
    if (d->ranks > 1)
        fprintf(f, ", \"ranks\": %u", d->ranks);
}

/* Per-channel devices (--channel-dram): each device, its channels. */
static void json_devices(FILE *f, const mem_opts_t *o, const gmc_memsys_t *ms)
{
    fprintf(f, "  \"devices\": [");
    for (unsigned i = 0; i < ms->ndev; i++) {
        const gmc_dram_t *d = &ms->dev[i];
        fprintf(f, "%s\n    {\"name\": ", i ? "," : "");
        json_str(f, dev_name(o, d));
        fprintf(f, ", \"kind\": \"%s\", \"banks\": %u", d->cfg.kind->name, d->nbanks);
        json_ranks(f, d);
        fprintf(f, ", \"burst_bytes\": %u, \"channels\": [", gmc_dram_burst_bytes(&d->cfg));
        for (unsigned ch = 0, k = 0; ch < ms->nch; ch++)
            if (ms->mc[ch].d == d)
                fprintf(f, "%s%u", k++ ? ", " : "", ch);
        fprintf(f, "]}");
    }
    fprintf(f, "\n  ],\n");
}

void mem_report_json(FILE *f, const mem_opts_t *o, gmc_memsys_t *ms)
{
    summary_t s;
    summarize(ms, &s);
    const gmc_mc_cfg_t *mc = &ms->mc[0].cfg;
    fprintf(f, "{\n  \"dram\": ");
    json_str(f, o->dram_name);
    /* where the device came from: a preset, or --dram-cfg in some format
     * over a base preset (docs/memory.md "Config files") */
    fprintf(f, ",\n  \"dram_cfg\": ");
    if (o->dram_cfg) {
        fprintf(f, "{\"file\": ");
        json_str(f, o->dram_cfg);
        fprintf(f, ", \"format\": \"%s\", \"base_preset\": ", o->dram_fmt);
        if (o->dram_base[0])
            json_str(f, o->dram_base);
        else
            fprintf(f, "null");
        fprintf(f, "}");
    } else {
        fprintf(f, "null");
    }
    fprintf(f, ",\n  \"map\": ");
    json_str(f, o->map_text);
    fprintf(f, ",\n  \"map_source\": ");
    json_str(f, o->map_source);
    fprintf(f, ",\n  \"bim\": ");
    json_str(f, o->sel.label);
    fprintf(f, ",\n  \"sched\": \"%s\",\n", mc->sched->name);
    if (mc->sched == &gmc_sched_warped_mc)
        fprintf(f, "  \"wmc\": {\"score_at\": \"%s\", \"m_rule\": \"%s\"},\n",
                gmc_sched_wmc_score_at_name(mc->wmc.score_at), gmc_sched_wmc_m_rule_name(mc->wmc.m_rule));
    char rd[32];
    if (mc->streak_reading)
        fprintf(f, "  \"streak_reading\": \"%s\",\n", gmc_streak_reading_name(mc->streak_reading, rd, sizeof rd));
    if (policies_set(mc)) {
        fprintf(f, "  \"policies\": {\"write\": \"%s\", \"refresh\": \"%s\", \"row\": \"%s\"",
                mc->wpol->name, mc->rfpol->name, mc->rowpol->name);
        if (mc->rowpol == &gmc_mc_rowpol_timeout)
            fprintf(f, ", \"row_timeout\": %u", mc->row_timeout);
        fprintf(f, ", \"row_policy_precharges\": %llu},\n", pol_pre(ms));
    }
    gmc_mc_pcmwq_report_t pq;
    if (!pcmwq_sum(ms, &pq))
        fprintf(f, "  \"pcmwq\": {\"entries\": %u, \"queues\": %u, \"high\": %u, \"low\": %u, \"writes_accepted\": %llu, "
                "\"coalesced\": %llu, \"reads\": %llu, \"hits\": %llu, \"drains\": %llu, "
                "\"drains_completed\": %llu, \"full_cycles\": %llu, \"mean_occupancy\": %.4f, "
                "\"left\": %llu, \"interruption\": \"%s\", \"max_intr\": %u, \"interrupts\": %llu},\n",
                PCMWQ_ARGS(pq));
    gmc_mem_wear_t wr;
    if (!gmc_memsys_wear(ms, ms->cycles, &wr))
        fprintf(f, "  \"wear\": {\"channels\": %u, \"writes\": %llu, \"rows\": %llu, \"rows_written\": %llu, "
                "\"max_row_writes\": %llu, \"max_row\": {\"channel\": %u, \"bank\": %u, \"row\": %u}, "
                "\"endurance\": %u, \"seconds\": %.6e, \"lifetime_s\": %.6e, \"leveled_lifetime_s\": %.6e},\n",
                wr.channels, (unsigned long long)wr.writes, (unsigned long long)wr.rows,
                (unsigned long long)wr.rows_written, (unsigned long long)wr.max_row_writes, wr.max_ch,
                wr.max_bank, wr.max_row, wr.endurance, wr.seconds, wr.lifetime_s, wr.leveled_lifetime_s);
    fprintf(f, "  \"trace\": ");
    json_str(f, o->trace);
    fprintf(f, ",\n  \"format\": \"%s\",\n", gmc_memtrace_fmt_name(o->fmt));
    fprintf(f, "  \"channels\": %u, \"banks\": %u", ms->nch, ms->dev[0].nbanks);
    json_ranks(f, &ms->dev[0]);
    fprintf(f, ", \"rq\": %u, \"wq\": %u, \"wq_high\": %u, \"wq_low\": %u, \"age_cap\": %llu, "
               "\"refresh\": %s,\n", mc->rq, mc->wq, mc->wq_high, mc->wq_low, U(mc->age_cap),
            ms->dev[0].tREFI ? "true" : "false");
    fprintf(f, "  \"tck_ps\": %u, \"burst_bytes\": %llu,\n", ms->dev[0].cfg.tck_ps, U(s.burst));
    if (ms->ndev > 1)
        json_devices(f, o, ms);
    fprintf(f, "  \"cycles\": %llu,\n  \"seconds\": %.9g,\n", U(ms->cycles), s.seconds);
    fprintf(f, "  \"requests\": %llu,\n  \"reads\": %llu,\n  \"writes\": %llu,\n", U(s.requests),
            U(s.t.mc.reads), U(s.t.mc.writes));
    fprintf(f, "  \"addr_bits\": %u,\n  \"addr_folded\": %llu,\n", ms->map.width, U(o->addr_folded));
    fprintf(f, "  \"bytes\": %llu,\n  \"bandwidth_bytes_per_s\": %.0f,\n"
               "  \"peak_bandwidth_bytes_per_s\": %.0f,\n", U(s.bytes), s.bw, s.peak);
    json_lat(f, "latency", &s.lat[GMC_LAT_ALL]);
    json_lat(f, "read_latency", &s.lat[GMC_LAT_READ]);
    json_lat(f, "write_latency", &s.lat[GMC_LAT_WRITE]);
    fprintf(f, "  \"latency_unit\": \"cycles\",\n");
    if (o->warplat) {   /* loads with >= 2 requests; docs/memory.md "Warp loads" */
        gmc_warplat_t *w = o->warplat;
        gmc_lat_summary_t d, t;
        gmc_hist_summary(&w->div, &d);
        gmc_hist_summary(&w->time, &t);
        fprintf(f, "  \"warp_loads\": {\"loads\": %llu, \"multi_request\": %llu,\n", U(w->multi + w->single),
                U(w->multi));
        fprintf(f, "    \"divergence\": {\"mean\": %.3f, \"p50\": %llu, \"p95\": %llu, \"p99\": %llu, "
                   "\"max\": %llu},\n", d.mean, U(d.p50), U(d.p95), U(d.p99), U(d.max));
        fprintf(f, "    \"load_time\": {\"mean\": %.3f, \"p50\": %llu, \"p95\": %llu, \"p99\": %llu, "
                   "\"max\": %llu}},\n", t.mean, U(t.p50), U(t.p95), U(t.p99), U(t.max));
    }
    fprintf(f, "  \"row_hits\": %llu,\n  \"row_misses\": %llu,\n  \"row_conflicts\": %llu,\n",
            U(s.t.mc.cls[GMC_CLS_HIT]), U(s.t.mc.cls[GMC_CLS_MISS]),
            U(s.t.mc.cls[GMC_CLS_CONFLICT]));
    fprintf(f, "  \"row_hit_rate\": %.6f,\n", ratio((double)s.t.mc.cls[GMC_CLS_HIT],
                                                  (double)s.requests));
    fprintf(f, "  \"activations_per_nonhit\": %.6f,\n", act_per_nonhit(&s.t));
    fprintf(f, "  \"blp\": %.6f,\n  \"efficiency\": %.6f,\n  \"pending_cycles\": %llu,\n"
               "  \"data_busy_cycles\": %llu,\n", s.blp, s.eff, U(s.t.mc.pending_cycles),
            U(s.t.dram.data_busy));
    json_rowloc(f, &s);
    fprintf(f, "  \"age_cap_fired\": %llu,\n  \"write_drains\": %llu,\n", U(s.t.mc.age_fired),
            U(s.t.mc.drains));
    fprintf(f, "  \"outside_wait\": {\"mean\": %.3f, \"max\": %llu},\n", s.outside_mean,
            U(s.t.mc.outside_max));
    fprintf(f, "  \"commands\": {");
    for (int k = 0; k < GMC_DRAM_NCMD; k++)
        fprintf(f, "%s\"%s\": %llu", k ? ", " : "", gmc_dram_cmd_name((gmc_dram_cmd_t)k),
                U(s.t.dram.cmds[k]));
    fprintf(f, "},\n  \"energy\": ");
    if (s.has_energy) {
        const gmc_dram_energy_t *e = &s.energy;
        fprintf(f, "{\"unit\": \"pJ\", \"total\": %.1f, \"act_pre\": %.1f, \"rd\": %.1f, "
                   "\"wr\": %.1f, \"ref\": %.1f, \"bg_active\": %.1f, \"bg_precharged\": %.1f, "
                   "\"pj_per_bit\": %.4f, \"active_cycles\": %llu}", e->total, e->act_pre, e->rd,
                e->wr, e->ref, e->bg_active, e->bg_precharged, s.pj_per_bit, U(s.active_cycles));
    } else {
        fprintf(f, "null");
    }
    fprintf(f, ",\n  \"warnings\": [");
    const char *w = o->warnings ? o->warnings : "";
    for (int first = 1; *w; first = 0) {
        const char *e = strchr(w, '\n');
        size_t l = e ? (size_t)(e - w) : strlen(w);
        char line[512];
        snprintf(line, sizeof line, "%.*s", (int)(l < 511 ? l : 511), w);
        fprintf(f, "%s", first ? "" : ", ");
        json_str(f, line);
        w += l + (e != NULL);
    }
    fprintf(f, "],\n");
    mem_hybrid_json(f, o, ms);
    fprintf(f, "  \"per_channel\": [");
    for (unsigned c = 0; c < ms->nch; c++) {
        const gmc_mc_stats_t *q = &ms->mc[c].st;
        fprintf(f, "%s\n    {\"channel\": %u, \"requests\": %llu, \"row_hits\": %llu, "
                   "\"row_misses\": %llu, \"row_conflicts\": %llu, \"blp\": %.6f, "
                   "\"efficiency\": %.6f, \"age_cap_fired\": %llu, \"row_locality\": %.6f}",
                c ? "," : "", c, U(q->reads + q->writes), U(q->cls[GMC_CLS_HIT]),
                U(q->cls[GMC_CLS_MISS]), U(q->cls[GMC_CLS_CONFLICT]),
                ratio((double)q->blp_sum, (double)q->pending_cycles),
                ratio((double)ms->mc[c].ch.st.data_busy, (double)q->pending_cycles),
                U(q->age_fired), gmc_rowloc_stream(&ms->rowloc, c));
    }
    fprintf(f, "\n  ]\n}\n");
}

static void text_lat(FILE *f, const char *name, const gmc_lat_summary_t *l, double ns)
{
    if (!l->n)
        return;
    fprintf(f, "%-14s mean %.1f  p50 %llu  p95 %llu  p99 %llu  max %llu cycles"
               "  (mean %.1f ns)\n", name, l->mean, U(l->p50), U(l->p95), U(l->p99), U(l->max),
            l->mean * ns);
}

void mem_report_text(FILE *f, const mem_opts_t *o, gmc_memsys_t *ms)
{
    summary_t s;
    summarize(ms, &s);
    const gmc_mc_cfg_t *mc = &ms->mc[0].cfg;
    double ns = ms->dev[0].cfg.tck_ps * 1e-3;
    char bk[48];
    fprintf(f, "gmc mem: %s, %u channel%s x %s, sched %s, rq %u wq %u (drain %u..%u), "
               "age cap %llu, refresh %s\n", o->dram_name, ms->nch, ms->nch == 1 ? "" : "s",
            banks_text(&ms->dev[0], bk, sizeof bk), mc->sched->name, mc->rq, mc->wq, mc->wq_high,
            mc->wq_low, U(mc->age_cap), ms->dev[0].tREFI ? "on" : "off");
    if (o->dram_cfg)
        fprintf(f, "dram config %s (format %s%s%s)\n", o->dram_cfg, o->dram_fmt,
                o->dram_base[0] ? ", over preset " : "", o->dram_base);
    for (unsigned i = 0; ms->ndev > 1 && i < ms->ndev; i++) {   /* --channel-dram */
        const gmc_dram_t *d = &ms->dev[i];
        fprintf(f, "device %s (kind %s, %s, %u B bursts): channels", dev_name(o, d),
                d->cfg.kind->name, banks_text(d, bk, sizeof bk), gmc_dram_burst_bytes(&d->cfg));
        for (unsigned ch = 0; ch < ms->nch; ch++)
            if (ms->mc[ch].d == d)
                fprintf(f, " %u", ch);
        fprintf(f, "\n");
    }
    if (mc->sched == &gmc_sched_warped_mc)
        fprintf(f, "warped-mc readings: score/H at %s, M rule %s\n",
                gmc_sched_wmc_score_at_name(mc->wmc.score_at), gmc_sched_wmc_m_rule_name(mc->wmc.m_rule));
    if (policies_set(mc)) {
        fprintf(f, "policies: write %s, refresh %s, row %s", mc->wpol->name, mc->rfpol->name,
                mc->rowpol->name);
        if (mc->rowpol == &gmc_mc_rowpol_timeout)
            fprintf(f, " (%u idle cycles)", mc->row_timeout);
        fprintf(f, "; row policy precharges %llu\n", pol_pre(ms));
    }
    gmc_mc_pcmwq_report_t pq;
    if (!pcmwq_sum(ms, &pq))
        fprintf(f, "pcmwq: %u entries x %u queue(s) per channel, drain %u..%u; writes accepted %llu (coalesced %llu), reads %llu "
                "(queue hits %llu), drains %llu (completed %llu), full cycles %llu, mean occupancy "
                "%.4f, left %llu; interruption %s (at most %u per drain, 0: no limit), %llu interrupts\n",
                PCMWQ_ARGS(pq));
    gmc_mem_wear_t wr;
    if (!gmc_memsys_wear(ms, ms->cycles, &wr))
        fprintf(f, "wear: %llu writes on %u channel(s), %llu of %llu rows written, the most %llu times "
                "(channel %u bank %u row %u); lifetime at endurance %u: %.3g s (%.3g s wear-leveled)\n",
                (unsigned long long)wr.writes, wr.channels, (unsigned long long)wr.rows_written,
                (unsigned long long)wr.rows, (unsigned long long)wr.max_row_writes, wr.max_ch, wr.max_bank,
                wr.max_row, wr.endurance, wr.lifetime_s, wr.leveled_lifetime_s);
    char rd[32];
    if (mc->streak_reading)
        fprintf(f, "row streak breakers read as: %s\n", gmc_streak_reading_name(mc->streak_reading, rd, sizeof rd));
    fprintf(f, "map %s (%s), BIM %s\n", o->map_text, o->map_source, o->sel.label);
    fprintf(f, "trace %s (%s)\n\n", o->trace, gmc_memtrace_fmt_name(o->fmt));
    fprintf(f, "cycles         %llu (%.3f us at tCK %u ps)\n", U(ms->cycles), s.seconds * 1e6,
            ms->dev[0].cfg.tck_ps);
    fprintf(f, "requests       %llu (%llu reads, %llu writes)\n", U(s.requests),
            U(s.t.mc.reads), U(s.t.mc.writes));
    if (o->addr_folded)
        fprintf(f, "folded         %llu with address bits above the map's %u (taken modulo 2^%u)\n",
                U(o->addr_folded), ms->map.width, ms->map.width);
    fprintf(f, "bandwidth      %.2f GB/s of %.2f GB/s peak (%llu B bursts)\n", s.bw * 1e-9,
            s.peak * 1e-9, U(s.burst));
    text_lat(f, "latency", &s.lat[GMC_LAT_ALL], ns);
    text_lat(f, "  reads", &s.lat[GMC_LAT_READ], ns);
    text_lat(f, "  writes", &s.lat[GMC_LAT_WRITE], ns);
    if (o->warplat && o->warplat->multi) {
        gmc_lat_summary_t d, t;
        gmc_hist_summary(&o->warplat->div, &d);
        gmc_hist_summary(&o->warplat->time, &t);
        fprintf(f, "warp loads     %llu (%llu with >= 2 requests)\n",
                U(o->warplat->multi + o->warplat->single), U(o->warplat->multi));
        text_lat(f, "  divergence", &d, ns);
        text_lat(f, "  load time", &t, ns);
    }
    fprintf(f, "rows           %llu hits, %llu misses, %llu conflicts (hit rate %.1f%%)\n",
            U(s.t.mc.cls[GMC_CLS_HIT]), U(s.t.mc.cls[GMC_CLS_MISS]),
            U(s.t.mc.cls[GMC_CLS_CONFLICT]),
            100 * ratio((double)s.t.mc.cls[GMC_CLS_HIT], (double)s.requests));
    fprintf(f, "activations    %llu, %.4f per row miss or conflict (1 without refresh)\n",
            U(s.t.dram.cmds[GMC_DRAM_ACT]), act_per_nonhit(&s.t));
    fprintf(f, "BLP            %.2f banks busy while requests are pending\n", s.blp);
    fprintf(f, "efficiency     %.1f%% of pending time the data bus carries data\n", 100 * s.eff);
    fprintf(f, "row locality   %.2f requests per run to one bank and row as the queues took them "
               "(harmonic mean over channels %.2f)\n", s.rl, s.rl_hmean);
    fprintf(f, "row streaks    ");
    cli_streak_text(f, &s.ms);
    fprintf(f, "age cap        fired %llu times\n", U(s.t.mc.age_fired));
    fprintf(f, "write drains   %llu\n", U(s.t.mc.drains));
    fprintf(f, "outside wait   mean %.1f max %llu cycles (back-pressure)\n", s.outside_mean,
            U(s.t.mc.outside_max));
    fprintf(f, "commands      ");
    for (int k = 0; k < GMC_DRAM_NCMD; k++)
        fprintf(f, " %s %llu", gmc_dram_cmd_name((gmc_dram_cmd_t)k), U(s.t.dram.cmds[k]));
    fprintf(f, "\n");
    mem_hybrid_text(f, o, ms);
    if (!s.has_energy) {
        fprintf(f, "energy         %s\n", no_energy);
        return;
    }
    const gmc_dram_energy_t *e = &s.energy;
    /* one unit for the line, chosen by the total: pJ, nJ, uJ or mJ */
    static const char *const unit[] = {"pJ", "nJ", "uJ", "mJ"};
    int u = 0;
    double k = 1;
    while (u < 3 && e->total >= 1000 * k)
        u++, k *= 1000;
    fprintf(f, "energy         %.3f %s, %.2f pJ per bit moved (DRAM core, no I/O)\n",
            e->total / k, unit[u], s.pj_per_bit);
    fprintf(f, "  split        ACT-PRE %.3f  RD %.3f  WR %.3f  REF %.3f  background %.3f bank open "
               "+ %.3f all closed (%s)\n", e->act_pre / k, e->rd / k, e->wr / k, e->ref / k,
            e->bg_active / k, e->bg_precharged / k, unit[u]);
}

void mem_per_request_header(FILE *f)
{
    fprintf(f, "# id addr ch bank row col type trace_cycle arrival first_cmd done latency class\n");
}

void mem_per_request_line(FILE *f, const gmc_mem_done_t *r)
{
    fprintf(f, "%llu 0x%llx %u %u %u %u %c %llu %llu %llu %llu %llu %s\n", U(r->id),
            U(r->addr), r->channel, r->bank, r->row, r->col, r->is_write ? 'W' : 'R', U(r->offered),
            U(r->arrival), U(r->first_cmd), U(r->done), U(r->done - r->arrival),
            gmc_cls_name(r->cls));
}
