/* gmc_memsys_hybrid: the memory system's part of a hybrid memory
 * (gmc_hybrid.h): its configuration, each memory's map in the page modes,
 * the page-mode decode, the write profile, and the statistics per memory.
 * The placement itself is gmc_hybrid.c's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mc/gmc_memsys_impl.h"
#include "mem/gmc_dev_kind.h"

int gmc_memsys_hybrid_cfg(const gmc_memsys_cfg_t *cfg, gmc_memsys_cfg_t *out,
                          const gmc_dram_cfg_t ***dev, char *err, size_t n)
{
    const gmc_hybrid_cfg_t *h = cfg->hybrid;
    *dev = NULL;
    if (cfg->channel_dram) {
        snprintf(err, n, "hybrid memory: expected its devices alone, found channel_dram too");
        return -1;
    }
    const unsigned n0 = cfg->channels ? cfg->channels : cfg->dram.channels;
    if (!h->channels || !n0 || n0 + h->channels > 4096) {
        snprintf(err, n, "hybrid memory: expected 1..4096 channels in all, at least one of each "
                 "memory, found %u + %u", n0, h->channels);
        return -1;
    }
    *out = *cfg;
    out->channels = n0 + h->channels;
    const gmc_dram_cfg_t **d = calloc(out->channels, sizeof *d);
    if (!d) {
        snprintf(err, n, "out of memory for %u channels", out->channels);
        return -1;
    }
    for (unsigned c = n0; c < out->channels; c++)
        d[c] = &h->dram;
    out->channel_dram = d;
    *dev = d;
    return 0;
}

/* Memory m's map, derived from its device on its own channels. */
static int memory_map(gmc_memsys_t *ms, unsigned m, char *err, size_t n)
{
    const unsigned first = m ? ms->hy_n0 : 0, count = m ? ms->nch - ms->hy_n0 : ms->hy_n0;
    gmc_dram_cfg_t d = ms->mc[first].d->cfg;
    d.channels = count;
    char spec[256], name[32], why[400];
    snprintf(name, sizeof name, "memory %u map", m);
    if (gmc_memsys_default_map(&d, spec, sizeof spec, why, sizeof why) ||
        gmc_addrmap_parse(spec, name, &ms->hy_map[m], why, sizeof why)) {
        snprintf(err, n, "hybrid memory %u (%s): %s", m, d.name[0] ? d.name : "unnamed device",
                 why);
        return -1;
    }
    ms->hy_mask[m] = gmc_gf2_mask(ms->hy_map[m].width);
    return 0;
}

/* The served hook while profiling: count, then pass on. */
static void profile_note(void *ctx, unsigned ch, const gmc_mc_req_t *r)
{
    gmc_memsys_t *ms = ctx;
    uint64_t a = r->addr & ms->amask;
    if (ms->bim)
        a = gmc_bim_map(ms->bim, a);
    const uint64_t page = a >> ms->hy.page_bits;
    if ((ms->prof_n + 1) * 2 > ms->prof_cap) {   /* grow: at most half full */
        const size_t cap = ms->prof_cap * 2;
        gmc_hybrid_page_count_t *t = calloc(cap, sizeof *t);
        if (t) {
            for (size_t i = 0; i < ms->prof_cap; i++) {
                const gmc_hybrid_page_count_t *e = &ms->prof[i];
                if (!(e->reads | e->writes))
                    continue;
                size_t k = (size_t)(e->page * 0x9e3779b97f4a7c15ull >> 20) & (cap - 1);
                while (t[k].reads | t[k].writes)
                    k = (k + 1) & (cap - 1);
                t[k] = *e;
            }
            free(ms->prof);
            ms->prof = t;
            ms->prof_cap = cap;
        }
        /* out of memory: keep counting in the table as it is (it is never full) */
    }
    size_t k = (size_t)(page * 0x9e3779b97f4a7c15ull >> 20) & (ms->prof_cap - 1);
    while ((ms->prof[k].reads | ms->prof[k].writes) && ms->prof[k].page != page)
        k = (k + 1) & (ms->prof_cap - 1);
    gmc_hybrid_page_count_t *e = &ms->prof[k];
    if (!(e->reads | e->writes)) {
        e->page = page;
        ms->prof_n++;
    }
    if (r->is_write)
        e->writes++;
    else
        e->reads++;
    if (ms->prof_served)
        ms->prof_served(ms->prof_served_ctx, ch, r);
}

int gmc_memsys_hybrid_init(gmc_memsys_t *ms, const gmc_memsys_cfg_t *cfg, char *err, size_t n)
{
    const gmc_hybrid_cfg_t *h = cfg->hybrid;
    if (gmc_hybrid_place_init(&ms->hy, h, &cfg->dram, ms->hy_n0, err, n))
        return -1;
    if (h->placement != GMC_PLACE_CHANNEL) {
        if (memory_map(ms, 0, err, n) || memory_map(ms, 1, err, n))
            return -1;
        ms->hy_page = 1;
        ms->pk_n = 0;      /* every decode through gmc_memsys_hybrid_decode */
        ms->ch_nruns = 0;
    }
    if (h->profile) {
        if (h->placement == GMC_PLACE_CHANNEL && (h->page_bits < GMC_HYBRID_PAGE_MIN_BITS ||
                                                   h->page_bits > GMC_HYBRID_PAGE_MAX_BITS)) {
            snprintf(err, n, "hybrid page: expected 2^%d..2^%d bytes, found 2^%u",
                     GMC_HYBRID_PAGE_MIN_BITS, GMC_HYBRID_PAGE_MAX_BITS, h->page_bits);
            return -1;
        }
        ms->hy.page_bits = h->page_bits;
        ms->prof_cap = 1024;
        if (!(ms->prof = calloc(ms->prof_cap, sizeof *ms->prof))) {
            snprintf(err, n, "out of memory for the page profile");
            return -1;
        }
        ms->prof_served = ms->served;   /* on_column calls ms->served: count there */
        ms->prof_served_ctx = ms->served_ctx;
        ms->served = profile_note;
        ms->served_ctx = ms;
        ms->prof_on = 1;
    }
    return 0;
}

void gmc_memsys_hybrid_decode(const gmc_memsys_t *ms, uint64_t a, gmc_mem_loc_t *r)
{
    const unsigned pb = ms->hy.page_bits;
    uint64_t local;
    const unsigned m = gmc_hybrid_page(&ms->hy, a >> pb, &local);
    const uint64_t la = ((local << pb) | (a & (((uint64_t)1 << pb) - 1))) & ms->hy_mask[m];
    gmc_dramaddr_t f;
    gmc_addrmap_decode(&ms->hy_map[m], la, &f);
    const unsigned first = m ? ms->hy_n0 : 0, count = m ? ms->nch - ms->hy_n0 : ms->hy_n0;
    r->channel = first + (unsigned)(f.f[GMC_F_CH] % count);
    r->bank = (uint32_t)f.f[GMC_F_BANK];
    r->row = (uint32_t)f.f[GMC_F_ROW];
    r->col = (uint32_t)f.f[GMC_F_COL];
}

unsigned gmc_memsys_memories(const gmc_memsys_t *ms) { return ms->hy_n0 < ms->nch ? 2 : 1; }

int gmc_memsys_memory_channels(const gmc_memsys_t *ms, unsigned m, unsigned *first, unsigned *count)
{
    if (m >= gmc_memsys_memories(ms))
        return -1;
    *first = m ? ms->hy_n0 : 0;
    *count = m ? ms->nch - ms->hy_n0 : ms->hy_n0;
    return 0;
}

int gmc_memsys_memory_stats(gmc_memsys_t *ms, unsigned m, gmc_mem_stats_t *s)
{
    unsigned c0, k;
    if (gmc_memsys_memory_channels(ms, m, &c0, &k)) {
        memset(s, 0, sizeof *s);
        return -1;
    }
    /* the per-channel counters summed (gmc_memsys_channel_stats settles each) */
    memset(s, 0, sizeof *s);
    for (unsigned c = c0; c < c0 + k; c++) {
        gmc_mem_stats_t one;
        gmc_memsys_channel_stats(ms, c, &one);
#define GMC_MEM_ADD_(name, doc) s->name += one.name;
        GMC_MEM_COUNTERS(GMC_MEM_ADD_)
#undef GMC_MEM_ADD_
    }
    s->cycles = ms->now;
    return 0;
}

int gmc_memsys_memory_pcmwq(const gmc_memsys_t *ms, unsigned m, gmc_mc_pcmwq_report_t *t)
{
    unsigned c0, k;
    memset(t, 0, sizeof *t);
    if (gmc_memsys_memory_channels(ms, m, &c0, &k))
        return -1;
    for (unsigned c = c0; c < c0 + k; c++) {   /* a memory's channels share one policy */
        gmc_mc_pcmwq_report_t r;
        if (gmc_mc_pcmwq_report(&ms->mc[c], ms->now, &r))
            return memset(t, 0, sizeof *t), -1;
        t->entries = r.entries, t->high = r.high, t->low = r.low, t->queues = r.queues;
        t->cancel = r.cancel, t->max_intr = r.max_intr, t->interrupts += r.interrupts;
        t->accepted += r.accepted, t->coalesced += r.coalesced, t->reads += r.reads;
        t->hits += r.hits, t->drains += r.drains, t->completions += r.completions;
        t->full_cycles += r.full_cycles, t->cycles += r.cycles, t->occ_sum += r.occ_sum;
        t->left += r.left;
    }
    return 0;
}

int gmc_memsys_memory_energy(const gmc_memsys_t *ms, unsigned m, uint64_t until, gmc_dram_energy_t *e)
{
    unsigned c0, k;
    if (gmc_memsys_memory_channels(ms, m, &c0, &k)) {
        memset(e, 0, sizeof *e);
        return -1;
    }
    return gmc_memsys_energy_range(ms, c0, c0 + k, until, e);
}

size_t gmc_memsys_page_profile(gmc_memsys_t *ms, const gmc_hybrid_page_count_t **c)
{
    *c = NULL;
    if (!ms->prof)
        return 0;
    if (ms->prof_on) {   /* stop counting; the used slots to the front */
        ms->prof_on = 0;
        if (!gmc_memsys_data_hook(ms, ms->prof_served, ms->prof_served_ctx)) {
            ms->served = ms->prof_served;
            ms->served_ctx = ms->prof_served_ctx;
        }
        size_t k = 0;
        for (size_t i = 0; i < ms->prof_cap; i++)
            if (ms->prof[i].reads | ms->prof[i].writes)
                ms->prof[k++] = ms->prof[i];
    }
    *c = ms->prof;
    return ms->prof_n;
}

void gmc_memsys_memory_report(gmc_memsys_t *ms, uint64_t until, gmc_memsys_memory_report_t *r)
{
    const unsigned nm = gmc_memsys_memories(ms);
    uint64_t acc = 0, bytes = 0;
    for (unsigned m = 0; m < nm; m++) {
        gmc_memsys_memory_report_t *x = &r[m];
        memset(x, 0, sizeof *x);
        gmc_memsys_memory_channels(ms, m, &x->first, &x->channels);
        const gmc_mc_t *mc = &ms->mc[x->first];
        x->device = mc->d->cfg.name;
        x->kind = mc->d->cfg.kind->name;
        x->sched = mc->sched->name;
        x->write_policy = mc->wpol->name;
        x->row_policy = mc->rowpol->name;
        gmc_mem_stats_t s;
        gmc_memsys_memory_stats(ms, m, &s);
        x->reads = s.reads;
        x->writes = s.writes;
        x->row_hits = s.row_hits;
        x->bytes = (s.reads + s.writes) * gmc_dram_burst_bytes(&mc->d->cfg);
        x->row_hit_rate = s.reads + s.writes ? (double)s.row_hits / (double)(s.reads + s.writes) : 0;
        gmc_dram_energy_t e;
        x->has_energy = !gmc_memsys_memory_energy(ms, m, until, &e);
        x->energy_pj = x->has_energy ? e.total : 0;
        acc += s.reads + s.writes;
        bytes += x->bytes;
    }
    for (unsigned m = 0; m < nm; m++) {
        r[m].access_share = acc ? (double)(r[m].reads + r[m].writes) / (double)acc : 0;
        r[m].byte_share = bytes ? (double)r[m].bytes / (double)bytes : 0;
    }
}
