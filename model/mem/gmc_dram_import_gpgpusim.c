/* gmc_dram_import: a whole GPGPU-Sim gpgpusim.config, and its
 * -gpgpu_mem_addr_mapping as a gmc address map.
 *
 * Option meanings: GPGPU-Sim v4 src/gpgpu-sim/gpu-sim.cc (memory_config
 * options), addrdec.cc (the address map: addrdec_parseoption and init) and
 * dram.cc.  docs/memory.md "GPGPU-Sim configuration files" tables which
 * options are used, which warned about and which ignored. */
#include "gmc_dram_import_impl.h"
#include "mem/gmc_gpgpusim_opts.h"
#include "gmc_addrmap.h"
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "util/gmc_quote.h"

/* ------------------------------------------------------------ address map */

static int is_pow2(uint64_t x) { return x && !(x & (x - 1)); }
static unsigned log2u(uint64_t x) { unsigned k = 0; while (x > 1) x >>= 1, k++; return k; }

int gmc_dram_gpgpusim_map(const char *s, size_t len, unsigned channels, char *out, size_t on,
                          unsigned nbits[5], char *err, size_t en)
{
    /* GPGPU-Sim letter -> gmc field; S (the burst's bytes) is gmc's block offset. */
    int field_of[64];
    int chip_at = -1;
    gmc_quote_t q;
    gmc_text_trim(&s, &len);
    if (len >= 2 && s[0] == '"' && s[len - 1] == '"')
        s++, len -= 2;
    if (len >= 7 && !memcmp(s, "dramid@", 7)) {
        const char *semi = memchr(s, ';', len);
        uint64_t v;
        if (!semi || gmc_num_u64(s + 7, (size_t)(semi - s) - 7, GMC_NUM_DEC, 63, &v)) {
            snprintf(err, en, "expected dramid@<bit 0..63>;<map>, found %s", gmc_quote(&q, s, len));
            return -1;
        }
        size_t i = (size_t)(semi - s);
        chip_at = (int)v;
        s += i + 1, len -= i + 1;
    } else {
        const char *semi = memchr(s, ';', len);
        if (semi)
            len -= (size_t)(semi + 1 - s), s = semi + 1;
    }
    int ofs = 63;
    for (size_t i = 0; i < len; i++) {
        int f;
        switch (s[i]) {
        case 'D': case 'd': f = GMC_F_CH; break;
        case 'B': case 'b': f = GMC_F_BANK; break;
        case 'R': case 'r': f = GMC_F_ROW; break;
        case 'C': case 'c': f = GMC_F_COL; break;
        case 'S': case 's': f = GMC_F_BLOCK; break;
        case '0': f = -1; break;
        case '|': case ' ': case '.': continue;
        default:
            snprintf(err, en, "expected one of D B R C S 0 . in the map, found %s",
                     gmc_quote(&q, s + i, 1));
            return -1;
        }
        if (ofs < 0) {
            snprintf(err, en, "expected 64 bit positions in the map, found more");
            return -1;
        }
        if (f == GMC_F_CH && chip_at >= 0) {
            snprintf(err, en, "expected no D bits with dramid@%d, found 'D'", chip_at);
            return -1;
        }
        field_of[ofs--] = f;
    }
    if (ofs != -1) {
        snprintf(err, en, "expected 64 bit positions in the map, found %d", 63 - ofs);
        return -1;
    }
    /* addrdec.cc init(): with 2^k channels, k channel bits go in at bit
     * chip_at and every bit from there up moves k places up.  Other channel
     * counts (GPGPU-Sim's "gap") take the channel as (address >> chip_at)
     * mod channels and read the map from the rest: gmc's Ch%C@N. */
    const unsigned mod = chip_at >= 0 && !is_pow2(channels) ? channels : 0;
    if (chip_at >= 0 && !mod) {
        unsigned k = log2u(channels);
        for (int b = 63; b >= chip_at + (int)k; b--)
            field_of[b] = field_of[b - (int)k];
        for (unsigned b = 0; b < k; b++)
            field_of[chip_at + (int)b] = GMC_F_CH;
    }
    int top = -1;
    for (int b = 63; b >= 0 && top < 0; b--)
        if (field_of[b] >= 0)
            top = b;
    if (top < 0) {
        snprintf(err, en, "expected at least one used bit in the map, found none");
        return -1;
    }
    memset(nbits, 0, 5 * sizeof nbits[0]);
    for (int b = 0; b <= top; b++) {
        if (field_of[b] < 0) {
            snprintf(err, en, "expected every address bit below bit %d used, found bit %d unused "
                     "('0'; gmc maps cannot skip address bits)", top, b);
            return -1;
        }
        nbits[field_of[b]]++;
    }
    if (mod && chip_at > top + 1) {
        snprintf(err, en, "expected dramid@N with N at most %d (the map's bits) for %u channels, "
                 "found dramid@%d", top + 1, channels, chip_at);
        return -1;
    }
    static const char *const pretty[GMC_F_N] = {"Block", "Col", "Ch", "Bank", "Row"};
    size_t k = 0;
    int mod_left = mod != 0;   /* the Ch%C@N token, before the first run below chip_at */
    out[0] = 0;
    for (int b = top; b >= 0 || mod_left;) {
        int lo = b;
        while (lo > 0 && field_of[lo - 1] == field_of[b])
            lo--;
        if (mod_left && lo < chip_at) {   /* b < 0: lo < 0 too, the token comes last */
            int w = snprintf(out + k, k < on ? on - k : 0, "%sCh%%%u@%d", k ? " " : "", mod, chip_at);
            k += w > 0 ? (size_t)w : 0;
            mod_left = 0;
            if (b < 0)
                break;
        }
        int w = lo == b ? snprintf(out + k, k < on ? on - k : 0, "%s%s[%d]", k ? " " : "",
                                   pretty[field_of[b]], b)
                        : snprintf(out + k, k < on ? on - k : 0, "%s%s[%d:%d]", k ? " " : "",
                                   pretty[field_of[b]], b, lo);
        k += w > 0 ? (size_t)w : 0;
        b = lo - 1;
    }
    if (k >= on) {
        snprintf(err, en, "expected a map of at most %zu characters, found %zu", on - 1, k);
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------------ options */

enum { O_TIMING, O_NMEM, O_PER_CTRLR, O_BUSW, O_BL, O_RATIO, O_CLOCKS, O_MAP, O_NSUB, O_USED,
       O_DUAL = O_USED, O_INDEXING, O_BNKGRP_POLICY, O_BNK_POLICY, O_ADDR_MASK, O_WARNED,
       O_CTRL = O_WARNED, O_NONE };

static const struct { const char *name; int kind; } opts[] = {
    {"-gpgpu_dram_timing_opt", O_TIMING},
    {"-gpgpu_n_mem", O_NMEM},
    {"-gpgpu_n_mem_per_ctrlr", O_PER_CTRLR},
    {"-gpgpu_dram_buswidth", O_BUSW},
    {"-gpgpu_dram_burst_length", O_BL},
    {"-dram_data_command_freq_ratio", O_RATIO},
    {"-gpgpu_clock_domains", O_CLOCKS},
    {"-gpgpu_mem_addr_mapping", O_MAP},
    {"-gpgpu_n_sub_partition_per_mchannel", O_NSUB},   /* for IPoly's index */
    {"-dram_dual_bus_interface", O_DUAL},
    {"-gpgpu_memory_partition_indexing", O_INDEXING},
    {"-dram_bnkgrp_indexing_policy", O_BNKGRP_POLICY},
    {"-dram_bnk_indexing_policy", O_BNK_POLICY},
    {"-gpgpu_mem_address_mask", O_ADDR_MASK},
    /* the controller and the L2 side of a memory partition: gmc mem's own
     * options (--sched, --rq, --wq, --wq-high, --wq-low) set these, and gmc
     * sim's --sched and machine keys (mc_queue, mc_write_policy) */
    {"-gpgpu_dram_scheduler", O_CTRL},
    {"-gpgpu_frfcfs_dram_sched_queue_size", O_CTRL},
    {"-gpgpu_dram_return_queue_size", O_CTRL},
    {"-dram_seperate_write_queue_enable", O_CTRL},
    {"-dram_write_queue_size", O_CTRL},
    {"-dram_latency", O_CTRL},
    {"-dram_elimnate_rw_turnaround", O_CTRL},
    {"-gpgpu_dram_partition_queues", O_CTRL},
    {"-gpgpu_l2_rop_latency", O_CTRL},
};
#define NOPTS (sizeof opts / sizeof opts[0])

typedef struct { const char *v; size_t vl; unsigned ln; } val_t;

static int find_opt(const char *s, size_t n)
{
    for (unsigned i = 0; i < NOPTS; i++)
        if (strlen(opts[i].name) == n && !memcmp(opts[i].name, s, n))
            return (int)i;
    return -1;
}

static int get_uint(gmc_dram_imp_t *im, const val_t *v, const char *name, uint64_t *x)
{
    char what[96];
    snprintf(what, sizeof what, "%s <decimal integer>", name);
    return gmc_dram_imp_uint(im, v->ln, what, v->v, v->vl, x);
}

/* The value's decimal integer, without a message (the options read only
 * to see whether they ask for something other than 0). */
static int quiet_uint(const val_t *v, uint64_t *x)
{
    const char *s = v->v;
    size_t n = v->vl;
    gmc_text_trim(&s, &n);
    return gmc_num_u64(s, n, GMC_NUM_DEC, UINT64_MAX, x);
}

/* dramid@N's N, or -1 if the map has none (read only after
 * gmc_dram_gpgpusim_map accepted the map). */
static int dramid_at(const char *s, size_t n)
{
    gmc_text_trim(&s, &n);
    if (n >= 2 && s[0] == '"')
        s++, n--;
    const char *semi = memchr(s, ';', n);
    uint64_t v;
    if (n < 8 || memcmp(s, "dramid@", 7) || !semi ||
        gmc_num_u64(s + 7, (size_t)(semi - s) - 7, GMC_NUM_DEC, 63, &v))
        return -1;
    return (int)v;
}

/* -gpgpu_memory_partition_indexing 2 on a usable map: GPGPU-Sim's IPoly
 * hash of the sub-partition index, whose channel part gmc applies as a BIM
 * (bim/gmc_bim_ipoly.h) when the channel bits are the dramid@N ones of a
 * power-of-two count and the sub-partitions in all are 16, 32 or 64 (the
 * counts GPGPU-Sim's equations exist for).  Otherwise warn_unmodelled
 * says it is not modelled. */
static void ipoly(gmc_dram_imp_t *im, const val_t *val, const char *have, unsigned ch_bits)
{
    uint64_t x, sub = 1;
    if (!have[O_INDEXING] || quiet_uint(&val[O_INDEXING], &x) || x != 2)
        return;
    if (have[O_NSUB] && (quiet_uint(&val[O_NSUB], &sub) || !is_pow2(sub) || sub > 64))
        return;   /* warned as not modelled */
    const int at = dramid_at(val[O_MAP].v, val[O_MAP].vl);
    const unsigned sb = log2u(sub), sets = (unsigned)(im->c->channels * sub);
    if (at < 0 || !is_pow2(im->c->channels) || (1u << ch_bits) != im->c->channels ||
        (sets != 16 && sets != 32 && sets != 64))
        return;
    im->info->ipoly = (gmc_ipoly_t){sets, (unsigned)at, ch_bits, sb};
}

/* The options this reader uses, in dependency order (the map needs the channels). */
static int apply(gmc_dram_imp_t *im, val_t *val, const char *have)
{
    gmc_dram_cfg_t *c = im->c;
    uint64_t x, y;
    char e[240];
    if (have[O_TIMING]) {
        gmc_dram_cfg_t g = *c;
        uint64_t set = 0;
        if (gmc_dram_cfg_gpgpusim(val[O_TIMING].v, val[O_TIMING].vl, &g, &set, e, sizeof e)) {
            gmc_diag_error(&im->d, val[O_TIMING].ln, "-gpgpu_dram_timing_opt: %s", e);
            return -1;
        }
        *c = g;
        im->info->set |= set;
        for (int p = 0; p < GMC_DRAM_NPARAM; p++)
            if (set >> p & 1)
                im->line[p] = val[O_TIMING].ln;
    }
    if (have[O_NMEM] && (get_uint(im, &val[O_NMEM], "-gpgpu_n_mem", &x) ||
                         gmc_dram_imp_set(im, val[O_NMEM].ln, GMC_DRAM_P_channels, x, "-gpgpu_n_mem")))
        return -1;
    if (have[O_PER_CTRLR] || have[O_BUSW]) {
        /* GPGPU-Sim's defaults for the one not given: 1 chip, 4 bytes */
        x = 1, y = 4;
        if (have[O_PER_CTRLR] && get_uint(im, &val[O_PER_CTRLR], "-gpgpu_n_mem_per_ctrlr", &x))
            return -1;
        if (have[O_BUSW] && get_uint(im, &val[O_BUSW], "-gpgpu_dram_buswidth", &y))
            return -1;
        unsigned ln = have[O_BUSW] ? val[O_BUSW].ln : val[O_PER_CTRLR].ln;
        if (x > 1024 || y > 1024 || gmc_dram_imp_set(im, ln, GMC_DRAM_P_bus_width, 8 * x * y,
                                                     "8 x -gpgpu_dram_buswidth x -gpgpu_n_mem_per_ctrlr")) {
            if (x > 1024 || y > 1024)
                gmc_diag_error(&im->d, ln, "expected a bus of at most 1024 bits, found "
                               "%llu x %llu bytes", (unsigned long long)x,
                               (unsigned long long)y);
            return -1;
        }
    }
    if (have[O_BL] && (get_uint(im, &val[O_BL], "-gpgpu_dram_burst_length", &x) ||
                       gmc_dram_imp_set(im, val[O_BL].ln, GMC_DRAM_P_burst_length, x,
                                        "-gpgpu_dram_burst_length")))
        return -1;
    if (have[O_RATIO] && (get_uint(im, &val[O_RATIO], "-dram_data_command_freq_ratio", &x) ||
                          gmc_dram_imp_set(im, val[O_RATIO].ln, GMC_DRAM_P_data_rate, x,
                                           "-dram_data_command_freq_ratio")))
        return -1;
    if (have[O_CLOCKS]) {   /* <core>:<icnt>:<l2>:<dram> MHz; the DRAM clock is the command clock */
        const char *s = val[O_CLOCKS].v, *f = s;
        size_t n = val[O_CLOCKS].vl;
        gmc_text_trim(&s, &n);
        unsigned colons = 0;
        for (size_t i = 0; i < n; i++)
            if (s[i] == ':' && ++colons == 3)
                f = s + i + 1;
        double mhz;
        size_t fl = (size_t)(s + n - f);
        if (colons != 3 || gmc_num_real(f, fl, 1e300, &mhz) || mhz <= 0)
            return gmc_diag_expected(&im->d, val[O_CLOCKS].ln,
                                     "-gpgpu_clock_domains <core>:<icnt>:<l2>:<dram> in MHz "
                                     "with a DRAM clock above 0", s, n);
        double ps = 1e6 / mhz;   /* a clock too slow for an integer: out of gmc's range anyway */
        if (gmc_dram_imp_set(im, val[O_CLOCKS].ln, GMC_DRAM_P_tck_ps,
                             ps < 1e18 ? (uint64_t)llround(ps) : UINT64_MAX,
                             "the DRAM clock period in ps (1e6 / MHz)"))
            return -1;
    }
    if (have[O_MAP]) {
        unsigned nb[5];
        char txt[sizeof im->info->map];
        if (gmc_dram_gpgpusim_map(val[O_MAP].v, val[O_MAP].vl, c->channels, txt, sizeof txt, nb, e,
                                  sizeof e)) {
            im->info->map_line = val[O_MAP].ln;
            snprintf(im->info->map_err, sizeof im->info->map_err,
                     "%s:%u: -gpgpu_mem_addr_mapping: %s", im->d.src, val[O_MAP].ln, e);
            return 0;
        }
        /* GPGPU-Sim's map fixes the rows and columns the timing string leaves out. */
        if (nb[GMC_F_ROW] && gmc_dram_imp_set(im, val[O_MAP].ln, GMC_DRAM_P_rows,
                                              1ull << nb[GMC_F_ROW], "2^(R bits of the map)"))
            return -1;
        if (nb[GMC_F_COL] && gmc_dram_imp_set(im, val[O_MAP].ln, GMC_DRAM_P_columns,
                                              1ull << nb[GMC_F_COL], "2^(C bits of the map)"))
            return -1;
        unsigned banks = gmc_dram_banks(c);
        if ((1ull << nb[GMC_F_BANK]) > banks || (1ull << nb[GMC_F_CH]) > c->channels) {
            im->info->map_line = val[O_MAP].ln;
            snprintf(im->info->map_err, sizeof im->info->map_err,
                     "%s:%u: -gpgpu_mem_addr_mapping: expected at most %u bank bits and %u channel "
                     "bits (nbk %u, %u channels), found %u and %u", im->d.src, val[O_MAP].ln,
                     log2u(banks), log2u(c->channels), banks, c->channels, nb[GMC_F_BANK],
                     nb[GMC_F_CH]);
            return 0;
        }
        if ((1ull << nb[GMC_F_BANK]) < banks)
            gmc_diag_warn(&im->d, val[O_MAP].ln, "the map has %u bank bits, so it reaches %llu "
                          "of the %u banks", nb[GMC_F_BANK], 1ull << nb[GMC_F_BANK], banks);
        if ((1ull << nb[GMC_F_BLOCK]) != gmc_dram_burst_bytes(c))
            gmc_diag_warn(&im->d, val[O_MAP].ln, "the map has %u S bits (%llu bytes) but a burst "
                          "moves %u bytes", nb[GMC_F_BLOCK], 1ull << nb[GMC_F_BLOCK],
                          gmc_dram_burst_bytes(c));
        snprintf(im->info->map, sizeof im->info->map, "%s", txt);
        ipoly(im, val, have, nb[GMC_F_CH]);
    }
    return 0;
}

/* Options gmc reads but whose setting it does not model: one warning each
 * when the file asks for something other than what gmc does. */
static void warn_unmodelled(gmc_dram_imp_t *im, val_t *val, const char *have)
{
    static const struct { int kind; const char *what; } w[] = {
        {O_DUAL, "a row and a column command in one cycle; gmc issues one command per cycle"},
        {O_INDEXING, "gmc models only IPoly (2), over the dramid@N channel bits of a "
                     "power-of-two channel count with 16, 32 or 64 sub-partitions in all; here "
                     "the channel comes from the map's bits alone (--scheme/--matrix give an XOR "
                     "mapping)"},
        {O_BNKGRP_POLICY, "bank groups from the bank number's lower bits; gmc takes the group from "
                          "the higher bits (policy 0)"},
        {O_BNK_POLICY, "bank-index hashing; gmc uses the map's bank bits as they are"},
    };
    for (size_t i = 0; i < sizeof w / sizeof w[0]; i++) {
        int k = w[i].kind;
        uint64_t x;
        const char *s = val[k].v;
        size_t n = val[k].vl;
        gmc_text_trim(&s, &n);
        if (!have[k] || (!quiet_uint(&val[k], &x) && x == 0))
            continue;
        if (k == O_BNKGRP_POLICY && im->c->bank_groups < 2)
            continue;
        if (k == O_INDEXING && im->info->ipoly.sets)
            continue;   /* applied: bim/gmc_bim_ipoly.h */
        char shown[GMC_QUOTE_SIZE] = "";   /* the value, its bytes escaped (gmc_text.h) */
        gmc_text_list_add(shown, sizeof shown, s, n);
        gmc_diag_warn(&im->d, val[k].ln, "%s %s is not modelled: %s", opts[k].name, shown,
                      w[i].what);
    }
    if (have[O_ADDR_MASK] && !have[O_MAP])
        gmc_diag_warn(&im->d, val[O_ADDR_MASK].ln, "-gpgpu_mem_address_mask selects a "
                      "GPGPU-Sim built-in map, which gmc does not have; the map is derived "
                      "from the geometry unless --map is given");
    char list[512] = "";
    unsigned first = 0;
    for (unsigned i = O_CTRL; i < NOPTS; i++)
        if (have[i]) {
            size_t u = strlen(list);
            snprintf(list + u, sizeof list - u, "%s%s", u ? " " : "", opts[i].name);
            first = first && first < val[i].ln ? first : val[i].ln;
        }
    if (list[0])
        gmc_diag_warn(&im->d, first, "controller and L2 options not read (gmc mem sets the "
                      "controller with --sched, --rq, --wq, --wq-high, --wq-low; gmc sim with "
                      "--sched and the machine keys mc_queue and mc_write_policy): %s", list);
}

int gmc_dram_import_gpgpusim(gmc_dram_imp_t *im, const char *text, size_t len)
{
    val_t val[NOPTS];
    char have[NOPTS];
    memset(val, 0, sizeof val);
    memset(have, 0, sizeof have);
    gmc_gs_toks_t toks;
    gmc_gs_tok_t t;
    int r;
    gmc_gs_toks_init(&toks, text, len);
    while ((r = gmc_gs_tok_next(&toks, &t, &im->d)) != GMC_GS_TOK_END) {
        if (r == GMC_GS_TOK_ERROR)
            return -1;
        if (r == GMC_GS_TOK_NOT_OPTION)
            return gmc_diag_expected(&im->d, t.ln, "a GPGPU-Sim option '-name value'", t.name, t.nl);
        if (r == GMC_GS_TOK_UNCLOSED) {
            gmc_diag_error(&im->d, t.ln, "expected a closing '\"' for %.*s, found end "
                           "of file", (int)t.nl, t.name);
            return -1;
        }
        const char *s = t.name, *v = t.v;
        size_t k = t.nl, vl = t.vl;
        unsigned at = t.ln;
        int o = find_opt(s, k);
        if (o < 0) {
            gmc_dram_imp_ignore(im, s, k);
            continue;
        }
        if (have[o])
            gmc_diag_warn(&im->d, at, "%s given again (first on line %u); the last one "
                          "counts, as in GPGPU-Sim", opts[o].name, val[o].ln);
        if (!vl)   /* the line is the name alone */
            return gmc_diag_expected(&im->d, at, "a value after the option", s, k);
        have[o] = 1;
        val[o] = (val_t){v, vl, at};
    }
    if (apply(im, val, have))
        return -1;
    warn_unmodelled(im, val, have);
    return 0;
}
