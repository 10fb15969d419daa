/* gmc mem's hybrid memory (docs/pcm.md "Hybrid memory"): the options, the
 * second memory's device and controller, the write-aware profile pass, and
 * the report's lines per memory. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "mc/gmc_mc_pol.h"
#include "mc/gmc_sched.h"
#include "mem_cli.h"

#define U(x) ((unsigned long long)(x))

int mem_hybrid_option(mem_opts_t *o, int argc, char **argv, int *i)
{
    mem_hybrid_opts_t *h = &o->hy;
    const char *a = argv[*i];
    static const struct {
        const char *name;
        size_t      off;
    } strs[] = {
        {"--hybrid", offsetof(mem_hybrid_opts_t, dram)},
        {"--placement", offsetof(mem_hybrid_opts_t, placement)},
        {"--page-share", offsetof(mem_hybrid_opts_t, share)},
        {"--hybrid-sched", offsetof(mem_hybrid_opts_t, sched)},
        {"--hybrid-write-policy", offsetof(mem_hybrid_opts_t, wpol)},
        {"--hybrid-row-policy", offsetof(mem_hybrid_opts_t, rowpol)},
    };
    static const struct {
        const char *name;
        size_t      off;
    } nums[] = {
        {"--hybrid-channels", offsetof(mem_hybrid_opts_t, channels)},
        {"--page-size", offsetof(mem_hybrid_opts_t, page_size)},
        {"--placement-seed", offsetof(mem_hybrid_opts_t, seed)},
        {"--wa-writes", offsetof(mem_hybrid_opts_t, wa_writes)},
    };
    for (size_t k = 0; k < sizeof strs / sizeof *strs; k++)
        if (!strcmp(a, strs[k].name))
            return cli_opt_str(MEM_CMD, a, argc, argv, i, (const char **)((char *)h + strs[k].off))
                       ? -1 : 1;
    for (size_t k = 0; k < sizeof nums / sizeof *nums; k++)
        if (!strcmp(a, nums[k].name)) {
            h->given |= 1u << k;
            return cli_opt_u64(MEM_CMD, a, argc, argv, i, (uint64_t *)((char *)h + nums[k].off))
                       ? -1 : 1;
        }
    return 0;
}

void mem_hybrid_usage(FILE *f)
{
    fprintf(f,
        "  --hybrid SRC        a hybrid memory: a second memory of device SRC (a preset or a\n"
        "                      config file over the run's device) on its own channels after\n"
        "                      the first memory's (docs/pcm.md \"Hybrid memory\")\n"
        "  --hybrid-channels N the second memory's channels (default: its device's)\n"
        "  --placement P       pages to memories: channel (the map's channel decides),\n"
        "                      ratio (--page-share), bw-aware (default: in proportion to\n"
        "                      each memory's peak bandwidth), write-aware (the pages with\n"
        "                      at most --wa-writes writes in a first pass over the trace\n"
        "                      go to the second memory: an oracle)\n"
        "  --page-size B       bytes, a power of two 256..2^30 (default 4096)\n"
        "  --page-share S      ratio: the second memory's share of the pages, A/B or 0.25\n"
        "  --placement-seed N  ratio, bw-aware: which pages of each block (default 1)\n"
        "  --wa-writes N       write-aware: the most writes a page may have (default 0)\n"
        "  --hybrid-sched S, --hybrid-write-policy P, --hybrid-row-policy P\n"
        "                      the second memory's controller (default: the first's)\n");
}

int mem_resolve_hybrid(mem_opts_t *o, gmc_memsys_cfg_t *sc, char *warn, size_t wn)
{
    static gmc_hybrid_cfg_t hc;
    static gmc_mc_cfg_t mc1;
    mem_hybrid_opts_t *h = &o->hy;
    char err[512];
    const int any = h->placement || h->share || h->sched || h->wpol || h->rowpol || h->given;
    if (!h->dram) {
        if (any)
            return cli_usage_error(MEM_CMD, "--placement, --page-size, --hybrid-*: expected "
                                   "--hybrid SRC with them, found none");
        return 0;
    }
    if (o->n_channel_dram)
        return cli_usage_error(MEM_CMD, "--hybrid: expected --hybrid or --channel-dram, found both");
    memset(&hc, 0, sizeof hc);
    int rc = mem_channel_device(o, "--hybrid", h->dram, &sc->dram, &hc.dram, warn, wn);
    if (rc)
        return rc;
    const unsigned n0 = o->have_channels ? (unsigned)o->channels : sc->dram.channels;
    if ((h->given & MEM_HY_CHANNELS) && (h->channels < 1 || h->channels + n0 > 4096))
        return cli_usage_error(MEM_CMD, "--hybrid-channels: expected 1..%u, found %llu", 4096 - n0,
                               U(h->channels));
    hc.channels = (h->given & MEM_HY_CHANNELS) ? (unsigned)h->channels : hc.dram.channels;
    hc.placement = GMC_PLACE_BW_AWARE;
    if (h->placement && gmc_place_parse(h->placement, &hc.placement, err, sizeof err))
        return cli_usage_error(MEM_CMD, "--placement: %s", err);
    uint64_t ps = (h->given & MEM_HY_PAGE) ? h->page_size : 4096;
    if (ps < (1u << GMC_HYBRID_PAGE_MIN_BITS) || ps > (1u << GMC_HYBRID_PAGE_MAX_BITS) ||
        (ps & (ps - 1)))
        return cli_usage_error(MEM_CMD, "--page-size: expected a power of two %u..%u, found %llu",
                               1u << GMC_HYBRID_PAGE_MIN_BITS, 1u << GMC_HYBRID_PAGE_MAX_BITS, U(ps));
    hc.page_bits = (unsigned)__builtin_ctzll(ps);
    if (hc.placement == GMC_PLACE_RATIO) {
        if (!h->share)
            return cli_usage_error(MEM_CMD, "--placement ratio: expected --page-share A/B, found none");
        if (gmc_hybrid_share_parse(h->share, &hc.share_num, &hc.share_den, err, sizeof err))
            return cli_usage_error(MEM_CMD, "--page-share: %s", err);
    } else if (h->share) {
        return cli_usage_error(MEM_CMD, "--page-share: expected --placement ratio with it, found "
                               "--placement %s", gmc_place_name(hc.placement));
    }
    if ((h->given & MEM_HY_WA) && hc.placement != GMC_PLACE_WRITE_AWARE)
        return cli_usage_error(MEM_CMD, "--wa-writes: expected --placement write-aware with it, "
                               "found --placement %s", gmc_place_name(hc.placement));
    if (hc.placement == GMC_PLACE_WRITE_AWARE && !o->trace)   /* gmc mem --integrity */
        return cli_usage_error(MEM_CMD, "--integrity: expected a hybrid placement other than "
                               "write-aware (it profiles a trace)");
    if (hc.placement == GMC_PLACE_WRITE_AWARE && !strcmp(o->trace, "-"))
        return cli_usage_error(MEM_CMD, "--placement write-aware: expected a trace file (its "
                               "profile is a first pass over it), found stdin");
    hc.seed = (h->given & MEM_HY_SEED) ? h->seed : 1;
    hc.mc = &mc1;
    sc->hybrid = &hc;
    h->cfg = &hc;
    /* the whole system's map spans both memories' channels, unless given */
    if (!o->sel.map_spec && !o->sel.map_file) {
        if (gmc_hybrid_default_map(&sc->dram, n0, &hc.dram, hc.channels, o->map_text,
                                   sizeof o->map_text, err, sizeof err)) {
            fprintf(stderr, "gmc mem: --hybrid: %s\n", err);
            return 1;
        }
        o->sel.map_spec = o->map_text;
        snprintf(o->map_source, sizeof o->map_source, "derived for both memories' %u channels",
                 n0 + hc.channels);
    }
    return 0;
}

int mem_resolve_hybrid_mc(mem_opts_t *o, gmc_memsys_cfg_t *sc)
{
    const mem_hybrid_opts_t *h = &o->hy;
    if (!sc->hybrid)
        return 0;
    /* the second memory's controller: the first's, with its own scheduler and policies */
    gmc_mc_cfg_t *mc1 = (gmc_mc_cfg_t *)sc->hybrid->mc;
    char err[512];
    *mc1 = sc->mc;
    if (h->sched && gmc_sched_find(h->sched, &mc1->sched, err, sizeof err))
        return cli_usage_error(MEM_CMD, "--hybrid-sched: %s", err);
    if (h->wpol && gmc_mc_wpol_find(h->wpol, &mc1->wpol, err, sizeof err))
        return cli_usage_error(MEM_CMD, "--hybrid-write-policy: %s", err);
    if (h->rowpol && gmc_mc_rowpol_find(h->rowpol, &mc1->rowpol, err, sizeof err))
        return cli_usage_error(MEM_CMD, "--hybrid-row-policy: %s", err);
    return 0;
}

/* The profile pass's source: the trace's records as they are. */
static int next_rec(void *ctx, gmc_memtrace_rec_t *r, char *err, size_t n)
{
    return gmc_memtrace_next(ctx, r, err, n);
}

int mem_hybrid_profile(mem_opts_t *o, gmc_memsys_cfg_t *sc)
{
    static uint64_t *pages;
    gmc_hybrid_cfg_t *hc = (gmc_hybrid_cfg_t *)sc->hybrid;
    if (!hc || hc->placement != GMC_PLACE_WRITE_AWARE)
        return 0;
    /* the first pass: the same memory system with the pages placed by
     * bandwidth, counting each page's reads and writes */
    gmc_hybrid_cfg_t p = *hc;
    p.placement = GMC_PLACE_BW_AWARE;
    p.profile = 1;
    gmc_memsys_cfg_t c = *sc;
    c.hybrid = &p;
    char err[512];
    gmc_memsys_t ms;
    gmc_memtrace_t t;
    if (gmc_memsys_init(&ms, &c, err, sizeof err)) {
        fprintf(stderr, "gmc mem: %s\n", err);
        return 1;
    }
    if (gmc_memtrace_open(&t, o->trace, o->fmt, err, sizeof err) ||
        gmc_memsys_run(&ms, next_rec, &t, err, sizeof err)) {
        fprintf(stderr, "gmc mem: %s\n", err);
        gmc_memsys_free(&ms);
        return 1;
    }
    gmc_memtrace_close(&t);
    const gmc_hybrid_page_count_t *pc;
    const size_t np = gmc_memsys_page_profile(&ms, &pc);
    free(pages);
    hc->npages = gmc_hybrid_rarely_written(pc, np, o->hy.wa_writes, &pages);
    hc->pages = pages;
    o->hy.profiled = np;
    gmc_memsys_free(&ms);
    return 0;
}

void mem_hybrid_text(FILE *f, const mem_opts_t *o, gmc_memsys_t *ms)
{
    const gmc_hybrid_cfg_t *hc = ms->hy_n0 < ms->nch ? o->hy.cfg : NULL;
    if (!hc)
        return;
    gmc_memsys_memory_report_t r[2];
    gmc_memsys_memory_report(ms, ms->cycles, r);   /* the energy up to where the report's ends */
    fprintf(f, "hybrid         placement %s", gmc_place_name(hc->placement));
    if (hc->placement != GMC_PLACE_CHANNEL)
        fprintf(f, ", %llu B pages", U(1ull << hc->page_bits));
    if (hc->placement == GMC_PLACE_RATIO || hc->placement == GMC_PLACE_BW_AWARE)
        fprintf(f, ", memory 1 gets %u/%u of the pages, seed %llu", ms->hy.a, ms->hy.b, U(hc->seed));
    if (hc->placement == GMC_PLACE_WRITE_AWARE)
        fprintf(f, ", %zu of %zu profiled pages with <= %llu writes to memory 1", hc->npages,
                o->hy.profiled, U(o->hy.wa_writes));
    fprintf(f, "\n");
    for (unsigned m = 0; m < 2; m++) {
        const gmc_memsys_memory_report_t *x = &r[m];
        fprintf(f, "  memory %u     %s (%s) channels %u-%u, sched %s, write %s: %llu reads, %llu "
                   "writes (%.1f%% of accesses), %llu B (%.1f%% of bytes), row hits %.1f%%, energy ",
                m, x->device[0] ? x->device : "unnamed", x->kind, x->first,
                x->first + x->channels - 1, x->sched, x->write_policy, U(x->reads), U(x->writes),
                100 * x->access_share, U(x->bytes), 100 * x->byte_share, 100 * x->row_hit_rate);
        if (x->has_energy)
            fprintf(f, "%.3f nJ\n", x->energy_pj * 1e-3);
        else
            fprintf(f, "n/a\n");
    }
}

void mem_hybrid_json(FILE *f, const mem_opts_t *o, gmc_memsys_t *ms)
{
    const gmc_hybrid_cfg_t *hc = ms->hy_n0 < ms->nch ? o->hy.cfg : NULL;
    if (!hc)
        return;
    gmc_memsys_memory_report_t r[2];
    gmc_memsys_memory_report(ms, ms->cycles, r);   /* the energy up to where the report's ends */
    fprintf(f, "  \"hybrid\": {\"placement\": \"%s\", \"page_bytes\": %llu, ",
            gmc_place_name(hc->placement), U(1ull << hc->page_bits));
    fprintf(f, "\"share\": [%u, %u], \"seed\": %llu, \"wa_writes\": %llu, \"wa_pages\": %zu, "
               "\"profiled_pages\": %zu,\n    \"memories\": [",
            ms->hy.a, ms->hy.b, U(hc->seed), U(o->hy.wa_writes), hc->npages, o->hy.profiled);
    for (unsigned m = 0; m < 2; m++) {
        const gmc_memsys_memory_report_t *x = &r[m];
        fprintf(f, "%s\n      {\"memory\": %u, \"device\": \"%s\", \"kind\": \"%s\", "
                   "\"first_channel\": %u, \"channels\": %u, \"sched\": \"%s\", "
                   "\"write_policy\": \"%s\", \"row_policy\": \"%s\", \"reads\": %llu, "
                   "\"writes\": %llu, \"bytes\": %llu, \"access_share\": %.6f, "
                   "\"byte_share\": %.6f, \"row_hits\": %llu, \"row_hit_rate\": %.6f, "
                   "\"energy_pj\": ",
                m ? "," : "", m, x->device, x->kind, x->first, x->channels, x->sched,
                x->write_policy, x->row_policy, U(x->reads), U(x->writes), U(x->bytes),
                x->access_share, x->byte_share, U(x->row_hits), x->row_hit_rate);
        if (x->has_energy)
            fprintf(f, "%.1f}", x->energy_pj);
        else
            fprintf(f, "null}");
    }
    fprintf(f, "\n    ]},\n");
}
