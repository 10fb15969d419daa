/* gmc_dram_import: a DRAMsim3 .ini DRAM config ([dram_structure], [timing],
 * [power], [system], [other]).  Key meanings: DRAMsim3 src/configuration.cc
 * (how it reads and derives them: a GDDR column is BL device-width columns
 * and an HBM column 2, ranks from channel_size, bankgroup_enable = false as
 * one group, tRC = tRAS + tRP when absent, read latency AL + CL, the burst's
 * bus time BL/2 or, for GDDR, BL/4) and src/timing.cc (one bank group: the
 * _S timings within it).  docs/memory.md "DRAMsim3 .ini files" tables every
 * key. */
#include "gmc_dram_import_impl.h"
#include "gmc_addrmap.h"
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "util/gmc_quote.h"

enum { S_NONE, S_STRUCT, S_TIMING, S_SYSTEM, S_POWER, S_IGNORED };

/* key -> gmc parameter, for the keys that map one to one */
static const struct { int sec; const char *key; gmc_dram_param_t p; } direct[] = {
    {S_STRUCT, "bankgroups", GMC_DRAM_P_bank_groups},
    {S_STRUCT, "banks_per_group", GMC_DRAM_P_banks_per_group},
    {S_STRUCT, "rows", GMC_DRAM_P_rows},
    {S_STRUCT, "BL", GMC_DRAM_P_burst_length},
    {S_TIMING, "tRCD", GMC_DRAM_P_tRCD},
    {S_TIMING, "tRP", GMC_DRAM_P_tRP},
    {S_TIMING, "tRAS", GMC_DRAM_P_tRAS},
    {S_TIMING, "tRC", GMC_DRAM_P_tRC},
    {S_TIMING, "tRFC", GMC_DRAM_P_tRFC},
    {S_TIMING, "tREFI", GMC_DRAM_P_tREFI},
    {S_TIMING, "tRRD_S", GMC_DRAM_P_tRRD_S},
    {S_TIMING, "tRRD_L", GMC_DRAM_P_tRRD_L},
    {S_TIMING, "tWTR_S", GMC_DRAM_P_tWTR_S},
    {S_TIMING, "tWTR_L", GMC_DRAM_P_tWTR_L},
    {S_TIMING, "tCCD_S", GMC_DRAM_P_tCCD_S},
    {S_TIMING, "tCCD_L", GMC_DRAM_P_tCCD_L},
    {S_TIMING, "tRTP", GMC_DRAM_P_tRTP},
    {S_TIMING, "tWR", GMC_DRAM_P_tWR},
    {S_TIMING, "tFAW", GMC_DRAM_P_tFAW},
    {S_TIMING, "tRTRS", GMC_DRAM_P_tRTRS},
    {S_SYSTEM, "channels", GMC_DRAM_P_channels},
    {S_SYSTEM, "bus_width", GMC_DRAM_P_bus_width},
};
#define NDIRECT (sizeof direct / sizeof direct[0])

/* read and used below, beyond the one-to-one keys */
enum { K_PROTOCOL, K_COLUMNS, K_DEVW, K_TCK, K_AL, K_CL, K_CWL, K_TRCDRD, K_CHSIZE, K_MAPPING,
       K_ROWBUF, K_REFPOL, K_BGEN, K_N };
static const struct { int sec; const char *key; } special[K_N] = {
    {S_STRUCT, "protocol"}, {S_STRUCT, "columns"}, {S_STRUCT, "device_width"},
    {S_TIMING, "tCK"},      {S_TIMING, "AL"},      {S_TIMING, "CL"},
    {S_TIMING, "CWL"},      {S_TIMING, "tRCDRD"},  {S_SYSTEM, "channel_size"},
    {S_SYSTEM, "address_mapping"}, {S_SYSTEM, "row_buf_policy"}, {S_SYSTEM, "refresh_policy"},
    {S_STRUCT, "bankgroup_enable"},
};

/* [power]: DRAMsim3's per-device currents (mA) and VDD (V), which it
 * multiplies by devices_per_rank = bus_width / device_width (configuration.cc
 * InitPowerParams); gmc's keys are per rank, so the same product.  IDD5AB
 * is the all-bank refresh current.  The rest of [power] (IDD2P, IDD3P,
 * IDD5PB, IDD6x: power-down, per-bank and self refresh) is not modelled. */
#define NPOWER 7
static const struct { const char *key; gmc_dram_param_t p; } power[NPOWER] = {
    {"VDD", GMC_DRAM_P_vdd_mv},     {"IDD0", GMC_DRAM_P_idd0_ma},   {"IDD2N", GMC_DRAM_P_idd2n_ma},
    {"IDD3N", GMC_DRAM_P_idd3n_ma}, {"IDD4R", GMC_DRAM_P_idd4r_ma}, {"IDD4W", GMC_DRAM_P_idd4w_ma},
    {"IDD5AB", GMC_DRAM_P_idd5_ma},
};

typedef struct { const char *v; size_t vl; unsigned ln; int have; } kv_t;

static int num(gmc_dram_imp_t *im, const kv_t *k, const char *key, uint64_t *x)
{
    char what[64];
    snprintf(what, sizeof what, "%s = <decimal integer>", key);
    return gmc_dram_imp_uint(im, k->ln, what, k->v, k->vl, x);
}

static unsigned log2u(uint64_t x) { unsigned k = 0; while (x > 1) x >>= 1, k++; return k; }
static int pow2(uint64_t x) { return x && !(x & (x - 1)); }

static int eq(const char *s, size_t n, const char *w) { return strlen(w) == n && !memcmp(s, w, n); }

/* address_mapping ("rochrababgco", MSB first) -> a gmc map. */
static void build_map(gmc_dram_imp_t *im, const kv_t *m, uint64_t ranks, uint64_t cols)
{
    const gmc_dram_cfg_t *c = im->c;
    gmc_dram_import_t *in = im->info;
    uint64_t req = (uint64_t)c->bus_width / 8 * c->burst_length;
    if (!pow2(c->rows) || !pow2(cols) || !pow2(c->channels) || !pow2(c->bank_groups) ||
        !pow2(c->banks_per_group) || !pow2(req) || !pow2(ranks)) {
        in->map_line = m->ln;
        snprintf(in->map_err, sizeof in->map_err, "%s:%u: address_mapping: expected power-of-two "
                 "rows, columns, channels, ranks, bank groups, banks and request bytes, found %u, "
                 "%llu, %u, %llu, %u, %u, %llu", im->d.src, m->ln, c->rows,
                 (unsigned long long)cols, c->channels, (unsigned long long)ranks, c->bank_groups,
                 c->banks_per_group, (unsigned long long)req);
        return;
    }
    static const struct { const char *tok; const char *name; } f[] = {
        {"ro", "Row"}, {"ch", "Ch"}, {"ra", "Rank"}, {"bg", "Bank"}, {"ba", "Bank"}, {"co", "Col"}};
    unsigned w[6] = {log2u(c->rows), log2u(c->channels), log2u(ranks), log2u(c->bank_groups),
                     log2u(c->banks_per_group), log2u(cols)};
    int seen[6] = {0}, order[6], n = 0;
    if (m->vl != 12) {
        gmc_quote_t q;
        in->map_line = m->ln;
        snprintf(in->map_err, sizeof in->map_err, "%s:%u: address_mapping: expected six "
                 "two-letter fields (ro ch ra bg ba co, MSB first), found %s", im->d.src,
                 m->ln, gmc_quote(&q, m->v, m->vl));
        return;
    }
    for (size_t i = 0; i < 12; i += 2) {
        int k = 0;
        while (k < 6 && memcmp(m->v + i, f[k].tok, 2))
            k++;
        if (k == 6 || seen[k]) {
            gmc_quote_t q;
            in->map_line = m->ln;
            snprintf(in->map_err, sizeof in->map_err, "%s:%u: address_mapping: expected each of "
                     "ro ch ra bg ba co once, found %s", im->d.src, m->ln, gmc_quote(&q, m->v + i, 2));
            return;
        }
        seen[k] = 1;
        order[n++] = k;
    }
    /* each field's address bits, MSB first */
    unsigned top[6], p = log2u(req);
    for (int i = 0; i < 6; i++)
        p += w[i];
    for (int i = 0; i < 6; i++) {
        top[order[i]] = p;
        p -= w[order[i]];
    }
    /* gmc's bank = group * banks_per_group + bank in group, and a field's
     * slices concatenate in the order written: bg is written before ba
     * (swapping their places when ba lies above bg in the address), so the
     * bg bits stay DRAMsim3's bank group. */
    int pos_bg = 0, pos_ba = 0;
    for (int i = 0; i < 6; i++)
        pos_bg = order[i] == 3 ? i : pos_bg, pos_ba = order[i] == 4 ? i : pos_ba;
    if (pos_ba < pos_bg)
        order[pos_ba] = 3, order[pos_bg] = 4;
    size_t k = 0;
    for (int i = 0; i < 6; i++) {
        unsigned wi = w[order[i]], t = top[order[i]];
        if (!wi)
            continue;
        k += (size_t)snprintf(in->map + k, k < sizeof in->map ? sizeof in->map - k : 0,
                              wi > 1 ? "%s%s[%u:%u]" : "%s%s[%u]", k ? " " : "", f[order[i]].name,
                              t - 1, t - wi);
    }
    if (p)
        k += (size_t)snprintf(in->map + k, k < sizeof in->map ? sizeof in->map - k : 0,
                              p > 1 ? "%sBlock[%u:0]" : "%sBlock[%u]", k ? " " : "", p - 1);
}

/* [power] -> gmc's per-rank power keys: VDD in mV, each current times
 * the devices per rank, rounded to whole mA.  A key [power] does not give
 * stays 0 (unknown; gmc_dram_cfg_validate then warns that no energy is
 * reported): DRAMsim3's built-in defaults are DDR4-like and not taken. */
static int read_power(gmc_dram_imp_t *im, const kv_t *pk, uint64_t devices)
{
    for (unsigned i = 0; i < NPOWER; i++) {
        if (!pk[i].have)
            continue;
        double x;
        char what[64];
        int vdd = power[i].p == GMC_DRAM_P_vdd_mv;
        int rc = gmc_num_real(pk[i].v, pk[i].vl, 1e9, &x);
        if (rc) {
            snprintf(what, sizeof what, "%s = <%s, a number >= 0>", power[i].key, vdd ? "V" : "mA");
            return gmc_diag_expected_num(&im->d, pk[i].ln, what, pk[i].v, pk[i].vl, rc);
        }
        if (vdd)
            snprintf(what, sizeof what, "VDD in mV");
        else
            snprintf(what, sizeof what, "%s x %llu devices", power[i].key,
                     (unsigned long long)devices);
        if (gmc_dram_imp_set(im, pk[i].ln, power[i].p,
                             (uint64_t)llround(vdd ? x * 1000 : x * (double)devices), what))
            return -1;
    }
    return 0;
}

/* bankgroup_enable = false (GDDR5 may disable its bank groups): DRAMsim3
 * folds the banks into one group (InitDRAMParams).  One group, however it
 * came, times every bank pair of a rank with the _S values (timing.cc
 * overwrites the _L ones): so the _L keys follow the _S ones. */
static int bank_groups_off(gmc_dram_imp_t *im, const kv_t *bg)
{
    gmc_dram_cfg_t *c = im->c;
    if (bg->have && !eq(bg->v, bg->vl, "true") && !eq(bg->v, bg->vl, "false"))
        return gmc_diag_expected(&im->d, bg->ln, "bankgroup_enable = true or false", bg->v, bg->vl);
    if (bg->have && eq(bg->v, bg->vl, "false") &&
        (gmc_dram_imp_set(im, bg->ln, GMC_DRAM_P_banks_per_group,
                          (uint64_t)c->banks_per_group * c->bank_groups,
                          "bankgroups x banks_per_group (bankgroup_enable = false)") ||
         gmc_dram_imp_set(im, bg->ln, GMC_DRAM_P_bank_groups, 1, "bankgroup_enable = false")))
        return -1;
    if (c->bank_groups != 1)
        return 0;
    static const struct { gmc_dram_param_t l, s; const char *why; } ls[] = {
        {GMC_DRAM_P_tRRD_L, GMC_DRAM_P_tRRD_S, "tRRD_S (one bank group)"},
        {GMC_DRAM_P_tCCD_L, GMC_DRAM_P_tCCD_S, "tCCD_S (one bank group)"},
        {GMC_DRAM_P_tWTR_L, GMC_DRAM_P_tWTR_S, "tWTR_S (one bank group)"}};
    for (unsigned i = 0; i < 3; i++)
        if ((im->info->set >> ls[i].s & 1) &&
            gmc_dram_imp_set(im, im->line[ls[i].s], ls[i].l, gmc_dram_cfg_get(c, ls[i].s),
                             ls[i].why))
            return -1;
    return 0;
}

/* ranks = channel_size / rank size, as DRAMsim3's CalculateSize, in whole
 * MB as it computes them: a page is columns x device_width bits (cols
 * bursts of BL columns), a bank rows / 1024 KB pages' worth, a rank its
 * banks x the devices that make the bus (*devices, bus_width /
 * device_width: DRAMsim3 multiplies the [power] currents by it too); one
 * rank when a rank is larger than channel_size.  Absent keys take
 * DRAMsim3's defaults (channel_size 1024, device_width 8).
 * info->ranks_how says how. */
static int derive_ranks(gmc_dram_imp_t *im, const kv_t *chsize, const kv_t *devw, uint64_t cols,
                        uint64_t *ranks, uint64_t *devices)
{
    gmc_dram_cfg_t *c = im->c;
    uint64_t mb = 1024, dw = 8;
    if ((chsize->have && num(im, chsize, "channel_size", &mb)) ||
        (devw->have && num(im, devw, "device_width", &dw)))
        return -1;
    if (!dw || c->bus_width % dw) {
        gmc_diag_error(&im->d, devw->have ? devw->ln : chsize->ln, "expected a device_width "
                       "dividing bus_width %u (a rank is bus_width / device_width devices), "
                       "found '%llu'", c->bus_width, (unsigned long long)dw);
        return -1;
    }
    *devices = c->bus_width / dw;
    const uint64_t banks = gmc_dram_rank_banks(c);
    const uint64_t page = cols * c->burst_length * dw / 8;   /* bytes */
    const uint64_t bank_mb = page * (c->rows / 1024) / 1024, rank_mb = bank_mb * banks * *devices;
    char src[48];
    snprintf(src, sizeof src, "channel_size %llu MB%s", (unsigned long long)mb,
             chsize->have ? "" : " (DRAMsim3's default)");
    *ranks = rank_mb && rank_mb <= mb ? mb / rank_mb : 1;
    if (rank_mb && rank_mb <= mb)
        snprintf(im->info->ranks_how, sizeof im->info->ranks_how, "%llu rank%s: %s / %llu MB a "
                 "rank (%llu MB banks x %llu x %llu devices)", (unsigned long long)*ranks,
                 *ranks == 1 ? "" : "s", src, (unsigned long long)rank_mb,
                 (unsigned long long)bank_mb, (unsigned long long)banks, (unsigned long long)*devices);
    else
        snprintf(im->info->ranks_how, sizeof im->info->ranks_how, "1 rank: a rank's %llu MB "
                 "exceed %s (DRAMsim3 then takes one rank)", (unsigned long long)rank_mb, src);
    return gmc_dram_imp_set(im, chsize->have ? chsize->ln : devw->ln, GMC_DRAM_P_ranks, *ranks,
                            "channel_size / rank size");
}

int gmc_dram_import_dramsim3(gmc_dram_imp_t *im, const char *text, size_t len)
{
    kv_t dk[NDIRECT], sk[K_N], pk[NPOWER];
    memset(dk, 0, sizeof dk);
    memset(sk, 0, sizeof sk);
    memset(pk, 0, sizeof pk);
    char unmapped[512] = "", ctrl[512] = "";
    unsigned unmapped_ln = 0, ctrl_ln = 0;
    int sec = S_NONE;
    gmc_lines_t r;
    const char *s;
    size_t n;
    int got;
    gmc_lines_text(&r, text, len, GMC_LINES_ANY);
    while ((got = gmc_lines_next(&r, &s, &n, &im->d)) == 1) {
        const unsigned ln = (unsigned)r.line;
        for (size_t i = 0; i < n; i++)   /* ';' or '#' comments, also after a value */
            if ((s[i] == ';' || s[i] == '#') && (i == 0 || s[i - 1] == ' ' || s[i - 1] == '\t')) {
                n = i;
                break;
            }
        gmc_text_trim(&s, &n);
        if (!n)
            continue;
        if (s[0] == '[') {
            if (s[n - 1] != ']')
                return gmc_diag_expected(&im->d, ln, "a section '[name]'", s, n);
            const char *name = s + 1;
            size_t nl = n - 2;
            sec = eq(name, nl, "dram_structure") ? S_STRUCT : eq(name, nl, "timing") ? S_TIMING
                : eq(name, nl, "system") ? S_SYSTEM : eq(name, nl, "power") ? S_POWER
                : S_IGNORED;   /* [other], ... */
            continue;
        }
        const char *e = memchr(s, '=', n);
        if (!e)
            return gmc_diag_expected(&im->d, ln, "key = value", s, n);
        const char *k = s, *v = e + 1;
        size_t kl = (size_t)(e - s), vl = n - kl - 1;
        gmc_text_trim(&k, &kl);
        gmc_text_trim(&v, &vl);
        if (sec == S_NONE)
            return gmc_diag_expected(&im->d, ln, "a section such as [dram_structure] before "
                                     "the first key", s, n);
        if (sec == S_IGNORED) {
            gmc_dram_imp_ignore(im, k, kl);
            continue;
        }
        kv_t kv = {v, vl, ln, 1};
        int done = 0;
        for (unsigned i = 0; i < NDIRECT && !done; i++)
            if (direct[i].sec == sec && eq(k, kl, direct[i].key))
                dk[i] = kv, done = 1;
        for (unsigned i = 0; i < K_N && !done; i++)
            if (special[i].sec == sec && eq(k, kl, special[i].key))
                sk[i] = kv, done = 1;
        for (unsigned i = 0; i < NPOWER && !done; i++)
            if (sec == S_POWER && eq(k, kl, power[i].key))
                pk[i] = kv, done = 1;
        if (done)
            continue;
        /* [system]'s remaining keys are the controller's; the others are
         * device features gmc does not model */
        char *list = sec == S_SYSTEM ? ctrl : unmapped;
        unsigned *lnp = sec == S_SYSTEM ? &ctrl_ln : &unmapped_ln;
        size_t u = strlen(list);
        if (u + kl + 5 < 512)
            snprintf(list + u, 512 - u, "%s%.*s", u ? " " : "", (int)kl, k);
        else if (u + 4 < 512 && strcmp(list + u - 3, "..."))
            snprintf(list + u, 512 - u, " ...");
        if (!*lnp)
            *lnp = ln;
    }
    if (got < 0)
        return -1;

    uint64_t x;
    for (unsigned i = 0; i < NDIRECT; i++)
        if (dk[i].have && (num(im, &dk[i], direct[i].key, &x) ||
                           gmc_dram_imp_set(im, dk[i].ln, direct[i].p, x, direct[i].key)))
            return -1;
    gmc_dram_cfg_t *c = im->c;
    /* DRAMsim3's "column" (InitDRAMParams): device_width bits, but BL of
     * them for GDDR and 2 for HBM (columns *= BL, *= 2); DDR3 without a
     * protocol key */
    enum { COL_DDR, COL_GDDR, COL_HBM } col_kind = COL_DDR;
    if (sk[K_PROTOCOL].have) {   /* data beats per command clock, as DRAMsim3's burst_cycle */
        const kv_t *p = &sk[K_PROTOCOL];
        static const struct { const char *name; unsigned rate, col; } prot[] = {
            {"DDR3", 2, COL_DDR},  {"DDR4", 2, COL_DDR},   {"LPDDR", 2, COL_DDR},
            {"LPDDR3", 2, COL_DDR}, {"LPDDR4", 2, COL_DDR}, {"HBM", 2, COL_HBM},
            {"HBM2", 2, COL_HBM},  {"GDDR5", 4, COL_GDDR}, {"GDDR5X", 4, COL_GDDR},
            {"GDDR6", 4, COL_GDDR}};
        unsigned i = 0;
        while (i < sizeof prot / sizeof prot[0] && !eq(p->v, p->vl, prot[i].name))
            i++;
        if (i == sizeof prot / sizeof prot[0])
            return gmc_diag_expected(&im->d, p->ln, "protocol DDR3, DDR4, LPDDR, LPDDR3, LPDDR4, "
                                     "HBM, HBM2, GDDR5, GDDR5X or GDDR6", p->v, p->vl);
        if (gmc_dram_imp_set(im, p->ln, GMC_DRAM_P_data_rate, prot[i].rate, "protocol"))
            return -1;
        col_kind = prot[i].col;
    }
    if (bank_groups_off(im, &sk[K_BGEN]))
        return -1;
    uint64_t cols = c->columns;
    if (sk[K_COLUMNS].have) {   /* DRAMsim3's columns, in device-width columns; gmc counts bursts */
        if (num(im, &sk[K_COLUMNS], "columns", &x))
            return -1;
        const uint64_t per = col_kind == COL_GDDR ? c->burst_length : col_kind == COL_HBM ? 2 : 1;
        const uint64_t phys = x * per;
        if (!c->burst_length || phys % c->burst_length) {
            gmc_diag_error(&im->d, sk[K_COLUMNS].ln, "expected columns%s divisible by BL %u, "
                           "found '%llu'", per == 2 ? " x 2 (HBM's column is 2 device columns)"
                           : "", c->burst_length, (unsigned long long)x);
            return -1;
        }
        cols = phys / c->burst_length;
        if (gmc_dram_imp_set(im, sk[K_COLUMNS].ln, GMC_DRAM_P_columns, cols,
                             per == 1 ? "columns / BL" : per == 2 ? "columns x 2 / BL"
                                                                   : "columns (GDDR: BL each)"))
            return -1;
    }
    if (sk[K_TCK].have) {
        double ns;
        int rc = gmc_num_real(sk[K_TCK].v, sk[K_TCK].vl, 1e9, &ns);
        if (rc || ns <= 0)
            return gmc_diag_expected_num(&im->d, sk[K_TCK].ln, "tCK = <ns above 0>", sk[K_TCK].v,
                                         sk[K_TCK].vl, rc);
        if (gmc_dram_imp_set(im, sk[K_TCK].ln, GMC_DRAM_P_tck_ps, (uint64_t)llround(ns * 1000),
                             "tCK in ps"))
            return -1;
    }
    uint64_t al = 0;   /* additive latency: read latency AL + CL, write latency AL + CWL */
    if (sk[K_AL].have && num(im, &sk[K_AL], "AL", &al))
        return -1;
    if (sk[K_CL].have && (num(im, &sk[K_CL], "CL", &x) ||
                          gmc_dram_imp_set(im, sk[K_CL].ln, GMC_DRAM_P_tCL, x + al, "AL + CL")))
        return -1;
    if (sk[K_CWL].have && (num(im, &sk[K_CWL], "CWL", &x) ||
                           gmc_dram_imp_set(im, sk[K_CWL].ln, GMC_DRAM_P_tCWL, x + al, "AL + CWL")))
        return -1;
    if (sk[K_TRCDRD].have && !(im->info->set >> GMC_DRAM_P_tRCD & 1) &&
        (num(im, &sk[K_TRCDRD], "tRCDRD", &x) ||
         gmc_dram_imp_set(im, sk[K_TRCDRD].ln, GMC_DRAM_P_tRCD, x, "tRCDRD")))
        return -1;
    uint64_t set = im->info->set;
    if (!(set >> GMC_DRAM_P_tRC & 1) && (set >> GMC_DRAM_P_tRAS & 1) && (set >> GMC_DRAM_P_tRP & 1) &&
        gmc_dram_imp_set(im, im->line[GMC_DRAM_P_tRAS], GMC_DRAM_P_tRC, (uint64_t)c->tRAS + c->tRP,
                         "tRC = tRAS + tRP"))
        return -1;
    if ((set >> GMC_DRAM_P_tRFC & 1) && (set >> GMC_DRAM_P_tREFI & 1) &&
        gmc_dram_imp_set(im, im->line[GMC_DRAM_P_tREFI], GMC_DRAM_P_refresh,
                         c->tRFC && c->tREFI ? 1 : 0, "refresh"))
        return -1;
    uint64_t ranks, devices;
    if (derive_ranks(im, &sk[K_CHSIZE], &sk[K_DEVW], cols, &ranks, &devices) ||
        read_power(im, pk, devices))
        return -1;
    if (sk[K_ROWBUF].have && !eq(sk[K_ROWBUF].v, sk[K_ROWBUF].vl, "OPEN_PAGE"))
        gmc_diag_warn(&im->d, sk[K_ROWBUF].ln, "row_buf_policy %.*s is not modelled: gmc's "
                      "controller keeps rows open", (int)sk[K_ROWBUF].vl, sk[K_ROWBUF].v);
    if (sk[K_REFPOL].have && sk[K_REFPOL].vl >= 10 && !memcmp(sk[K_REFPOL].v, "BANK_LEVEL", 10))
        gmc_diag_warn(&im->d, sk[K_REFPOL].ln, "refresh_policy %.*s is not modelled: gmc "
                      "refreshes all banks of a rank at once", (int)sk[K_REFPOL].vl, sk[K_REFPOL].v);
    else if (ranks > 1 && sk[K_REFPOL].have && eq(sk[K_REFPOL].v, sk[K_REFPOL].vl,
                                                  "RANK_LEVEL_SIMULTANEOUS"))
        gmc_diag_warn(&im->d, sk[K_REFPOL].ln, "refresh_policy RANK_LEVEL_SIMULTANEOUS is not "
                      "modelled: gmc refreshes the ranks in turn, tREFI / ranks apart "
                      "(RANK_LEVEL_STAGGERED, DRAMsim3's default)");
    if (sk[K_MAPPING].have)
        build_map(im, &sk[K_MAPPING], ranks, cols);
    if (unmapped[0])
        gmc_diag_warn(&im->d, unmapped_ln, "DRAMsim3 keys gmc does not model, ignored: %s",
                      unmapped);
    if (ctrl[0])
        gmc_diag_warn(&im->d, ctrl_ln, "controller keys not read (gmc mem sets the controller "
                      "with --sched, --rq, --wq): %s", ctrl);
    return 0;
}
