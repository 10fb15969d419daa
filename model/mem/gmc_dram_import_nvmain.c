/* gmc_dram_import_nvmain: an NVMain config (`KEY value` lines, ';' comments;
 * PCM_ISSCC_2012_4GB.config and the like) as a device of kind "pcm"
 * (docs/pcm.md "NVMain configs").  NVMain's cycles are its own clock's
 * (CLK, MHz), kept as they are: the device runs at tck_ps = 1e6 / CLK.
 * The keys that map are in `direct` and the derived ones below; every
 * other key is named in one warning line and in info->ignored. */
#include "gmc_dram_import_impl.h"
#include <math.h>
#include <string.h>
#include "gmc_dev_kind.h"

/* NVMain key -> gmc parameter, cycles or counts as they are. */
static const struct { const char *key; gmc_dram_param_t p; } direct[] = {
    {"CHANNELS", GMC_DRAM_P_channels}, {"BANKS", GMC_DRAM_P_banks_per_group},
    {"ROWS", GMC_DRAM_P_rows},         {"COLS", GMC_DRAM_P_columns},
    {"RATE", GMC_DRAM_P_data_rate},    {"BusWidth", GMC_DRAM_P_bus_width},
    {"tBURST", GMC_DRAM_P_tBURST},     {"tRCD", GMC_DRAM_P_tRCD},
    {"tWP", GMC_DRAM_P_tWP},           {"tRP", GMC_DRAM_P_tRP},
    {"tCAS", GMC_DRAM_P_tCL},          {"tCWD", GMC_DRAM_P_tCWL},
    {"tCCD", GMC_DRAM_P_tCCD_S},       {"tWTR", GMC_DRAM_P_tWTR_S},
    {"tRTP", GMC_DRAM_P_tRTP},         {"tRTRS", GMC_DRAM_P_tRTRS},
    {"tRRDR", GMC_DRAM_P_tRRD_S},      {"EnduranceDistMean", GMC_DRAM_P_endurance},
};
#define NDIRECT (sizeof direct / sizeof direct[0])
enum { D_BANKS = 1, D_RATE = 4, D_TBURST = 6, D_TWP = 8 };   /* their places in direct[] */
/* Keys read for what they derive: CLK (tck_ps), RANKS (must be 1), RAW and
 * tRAW (tFAW when RAW is 4), Erd and Ewr (per bit), UseRefresh (must be
 * false), tRRDW (checked against tRRDR). */
enum { K_CLK, K_RANKS, K_RAW, K_TRAW, K_ERD, K_EWR, K_REFRESH, K_TRRDW, NK };
static const char *const kname[NK] = {"CLK", "RANKS", "RAW", "tRAW", "Erd", "Ewr",
                                      "UseRefresh", "tRRDW"};

typedef struct { const char *v; size_t vl; unsigned ln; int have; } kv_t;

static int is(const char *k, size_t kl, const char *name)
{
    return strlen(name) == kl && !memcmp(k, name, kl);
}

static int num(gmc_dram_imp_t *im, const kv_t *kv, const char *what, uint64_t *x)
{
    return gmc_dram_imp_uint(im, kv->ln, what, kv->v, kv->vl, x);
}

/* An energy in nJ per NVMain memory word (tBURST x RATE x BusWidth bits,
 * what its flat energy model charges per access) as fJ per bit. */
static int energy(gmc_dram_imp_t *im, const kv_t *kv, gmc_dram_param_t p, double bits)
{
    double nj;
    int rc = gmc_num_real(kv->v, kv->vl, 1e6, &nj);
    if (rc)
        return gmc_diag_expected_num(&im->d, kv->ln, kname[p == GMC_DRAM_P_erd_fj_bit ? K_ERD : K_EWR],
                                     kv->v, kv->vl, rc);
    return gmc_dram_imp_set(im, kv->ln, p, (uint64_t)llround(nj * 1e6 / bits),
                            p == GMC_DRAM_P_erd_fj_bit ? "Erd per bit in fJ" : "Ewr per bit in fJ");
}

int gmc_dram_import_nvmain(gmc_dram_imp_t *im, const char *text, size_t len)
{
    gmc_dram_cfg_t *c = im->c;
    kv_t dk[NDIRECT], sk[NK];
    memset(dk, 0, sizeof dk);
    memset(sk, 0, sizeof sk);
    gmc_lines_t r;
    const char *l;
    size_t n;
    int got;
    unsigned last = 1;
    char unmapped[1024] = "";
    unsigned unmapped_ln = 0;
    gmc_lines_text(&r, text, len, GMC_LINES_ANY);
    while ((got = gmc_lines_next(&r, &l, &n, &im->d)) == 1) {
        last = (unsigned)r.line;
        const char *semi = memchr(l, ';', n);
        n = semi ? (size_t)(semi - l) : n;
        gmc_text_trim(&l, &n);
        if (!n)
            continue;
        size_t kl = 0;
        while (kl < n && !gmc_text_blank(l[kl]) && l[kl] != '=')
            kl++;
        const char *v = l + kl;
        size_t vl = n - kl;
        gmc_text_trim(&v, &vl);
        if (vl && v[0] == '=') {   /* NVMain reads "Ewrpb = 0.000202" too */
            v++, vl--;
            gmc_text_trim(&v, &vl);
        }
        if (!vl)
            return gmc_diag_expected(&im->d, r.line, "an NVMain line 'KEY value'", l, n);
        kv_t *slot = NULL;
        for (unsigned i = 0; i < NDIRECT && !slot; i++)
            if (is(l, kl, direct[i].key))
                slot = &dk[i];
        for (unsigned i = 0; i < NK && !slot; i++)
            if (is(l, kl, kname[i]))
                slot = &sk[i];
        if (!slot) {
            if (!unmapped_ln)
                unmapped_ln = (unsigned)r.line;
            gmc_text_list_add(unmapped, sizeof unmapped, l, kl);
            gmc_dram_imp_ignore(im, l, kl);
            continue;
        }
        if (slot->have) {
            gmc_diag_error(&im->d, r.line, "expected each key once, found a second '%.*s' "
                           "(first on line %u)", (int)kl, l, slot->ln);
            return -1;
        }
        *slot = (kv_t){v, vl, (unsigned)r.line, 1};
    }
    if (got < 0)
        return -1;
    if (!dk[D_TWP].have) {
        gmc_diag_error(&im->d, last, "expected tWP (the write pulse of an NVMain PCM "
                       "config), found none (gmc reads NVMain's PCM configs only)");
        return -1;
    }
    uint64_t x;
    for (unsigned i = 0; i < NDIRECT; i++)
        if (dk[i].have && (num(im, &dk[i], direct[i].key, &x) ||
                           gmc_dram_imp_set(im, dk[i].ln, direct[i].p, x, direct[i].key)))
            return -1;
    if (gmc_dram_imp_set(im, dk[D_BANKS].have ? dk[D_BANKS].ln : 1, GMC_DRAM_P_bank_groups, 1,
                         "bank groups (NVMain has none)"))
        return -1;
    if (sk[K_CLK].have) {
        if (num(im, &sk[K_CLK], "CLK (MHz)", &x))
            return -1;
        if (!x)
            return gmc_diag_expected(&im->d, sk[K_CLK].ln, "CLK in MHz above 0", sk[K_CLK].v,
                                     sk[K_CLK].vl);
        if (gmc_dram_imp_set(im, sk[K_CLK].ln, GMC_DRAM_P_tck_ps, (1000000 + x / 2) / x,
                             "1e6 / CLK in ps"))
            return -1;
    }
    if (sk[K_RANKS].have && (num(im, &sk[K_RANKS], "RANKS", &x) || x != 1)) {
        gmc_diag_error(&im->d, sk[K_RANKS].ln, "expected RANKS 1 (the pcm kind has one rank "
                       "per channel), found '%.*s'", (int)sk[K_RANKS].vl, sk[K_RANKS].v);
        return -1;
    }
    if (sk[K_REFRESH].have && !(sk[K_REFRESH].vl == 5 && !memcmp(sk[K_REFRESH].v, "false", 5)))
        return gmc_diag_expected(&im->d, sk[K_REFRESH].ln, "UseRefresh false (PCM is not "
                                 "refreshed)", sk[K_REFRESH].v, sk[K_REFRESH].vl);
    /* burst_length: NVMain's tBURST cycles at RATE beats each */
    if (dk[D_TBURST].have || dk[D_RATE].have)
        if (gmc_dram_imp_set(im, dk[D_TBURST].have ? dk[D_TBURST].ln : dk[D_RATE].ln, GMC_DRAM_P_burst_length,
                             (uint64_t)c->tBURST * c->data_rate, "tBURST x RATE"))
            return -1;
    if (sk[K_TRAW].have) {
        uint64_t raw = 4;
        if (sk[K_RAW].have && num(im, &sk[K_RAW], "RAW", &raw))
            return -1;
        if (num(im, &sk[K_TRAW], "tRAW", &x))
            return -1;
        if (raw == 4) {
            if (gmc_dram_imp_set(im, sk[K_TRAW].ln, GMC_DRAM_P_tFAW, x, "tRAW (RAW 4)"))
                return -1;
        } else {
            gmc_diag_warn(&im->d, sk[K_TRAW].ln, "RAW %llu activations in tRAW is not modelled "
                          "(gmc's window holds 4): no activation window",
                          (unsigned long long)raw);
        }
    }
    if (sk[K_TRRDW].have && !num(im, &sk[K_TRRDW], "tRRDW", &x) && x != c->tRRD_S)
        gmc_diag_warn(&im->d, sk[K_TRRDW].ln, "tRRDW %llu differs from tRRDR %u: gmc has one "
                      "tRRD (tRRD_S = tRRDR)", (unsigned long long)x, c->tRRD_S);
    const double bits = (double)c->tBURST * c->data_rate * c->bus_width;
    if ((sk[K_ERD].have && energy(im, &sk[K_ERD], GMC_DRAM_P_erd_fj_bit, bits)) ||
        (sk[K_EWR].have && energy(im, &sk[K_EWR], GMC_DRAM_P_ewr_fj_bit, bits)))
        return -1;
    if (unmapped[0])
        gmc_diag_warn(&im->d, unmapped_ln, "NVMain keys gmc does not model, ignored: %s",
                      unmapped);
    return 0;
}
