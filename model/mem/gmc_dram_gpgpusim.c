/* gmc_dram_cfg: GPGPU-Sim -gpgpu_dram_timing_opt strings -> gmc parameters.
 *
 * Field meanings come from GPGPU-Sim v4 src/gpgpu-sim/gpu-sim.h
 * (memory_config::init) and dram.cc; the mapping and what gmc ignores or
 * derives is tabled in docs/memory.md "GPGPU-Sim timing strings". */
#include "gmc_dram_cfg.h"
#include <stdio.h>
#include <string.h>
#include "util/gmc_num.h"
#include "util/gmc_quote.h"
#include "util/gmc_text.h"

enum { F_NBK, F_CCD, F_RRD, F_RCD, F_RAS, F_RP, F_RC, F_CL, F_WL, F_CDLR, F_WR,
       F_NBKGRP, F_CCDL, F_RTPL, F_N, F_NREQ = F_NBKGRP };

/* Legacy positional order, as GPGPU-Sim's sscanf reads it. */
static const char *const fname[F_N] = {"nbk", "CCD", "RRD", "RCD", "RAS", "RP", "RC",
                                       "CL",  "WL",  "CDLR", "WR", "nbkgrp", "CCDL", "RTPL"};

/* Blanks and numbers as every DRAM-config reader takes them (util/gmc_text.h,
 * util/gmc_num.h): a field is a decimal integer below 2^32 (put() checks
 * gmc's range). */
static int num(const char *s, size_t len, uint32_t *v)
{
    uint64_t x;
    int rc = gmc_num_u64(s, len, GMC_NUM_DEC, UINT32_MAX, &x);
    if (!rc)
        *v = (uint32_t)x;
    return rc;
}

typedef struct { gmc_dram_cfg_t *c; uint64_t *set; char *err; size_t en; } out_t;

/* Sets gmc parameter p from GPGPU-Sim field f, checking gmc's range. */
static int put(out_t *o, int f, gmc_dram_param_t p, uint32_t v)
{
    const gmc_dram_param_info_t *in = gmc_dram_param_info(p);
    if (v < in->min || v > in->max) {
        snprintf(o->err, o->en, "expected %s (gmc %s) in %u..%u, found '%u'",
                 f >= 0 ? fname[f] : "derived", in->key, in->min, in->max, v);
        return -1;
    }
    gmc_dram_cfg_set(o->c, p, v);
    *o->set |= 1ull << p;
    return 0;
}

static int apply(out_t *o, const uint32_t *v)
{
    uint32_t grp = v[F_NBKGRP];
    if (!grp || v[F_NBK] % grp) {
        snprintf(o->err, o->en, "expected nbk divisible by nbkgrp, found nbk '%u', nbkgrp '%u'",
                 v[F_NBK], grp);
        return -1;
    }
    int rc = put(o, F_NBKGRP, GMC_DRAM_P_bank_groups, grp);
    rc = rc ? rc : put(o, F_NBK, GMC_DRAM_P_banks_per_group, v[F_NBK] / grp);
    rc = rc ? rc : put(o, F_CCD, GMC_DRAM_P_tCCD_S, v[F_CCD]);
    rc = rc ? rc : put(o, v[F_CCDL] ? F_CCDL : F_CCD, GMC_DRAM_P_tCCD_L,
                       v[F_CCDL] ? v[F_CCDL] : v[F_CCD]);
    rc = rc ? rc : put(o, F_RRD, GMC_DRAM_P_tRRD_S, v[F_RRD]);
    rc = rc ? rc : put(o, F_RRD, GMC_DRAM_P_tRRD_L, v[F_RRD]);
    rc = rc ? rc : put(o, F_RCD, GMC_DRAM_P_tRCD, v[F_RCD]);
    rc = rc ? rc : put(o, F_RAS, GMC_DRAM_P_tRAS, v[F_RAS]);
    rc = rc ? rc : put(o, F_RP, GMC_DRAM_P_tRP, v[F_RP]);
    rc = rc ? rc : put(o, F_RC, GMC_DRAM_P_tRC, v[F_RC]);
    rc = rc ? rc : put(o, F_CL, GMC_DRAM_P_tCL, v[F_CL]);
    rc = rc ? rc : put(o, F_WL, GMC_DRAM_P_tCWL, v[F_WL]);
    rc = rc ? rc : put(o, F_CDLR, GMC_DRAM_P_tWTR_S, v[F_CDLR]);
    rc = rc ? rc : put(o, F_CDLR, GMC_DRAM_P_tWTR_L, v[F_CDLR]);
    rc = rc ? rc : put(o, F_WR, GMC_DRAM_P_tWR, v[F_WR]);
    if (!rc && v[F_RTPL])   /* RTPL = 0 (no bank groups): tRTP stays the file's */
        rc = put(o, F_RTPL, GMC_DRAM_P_tRTP, v[F_RTPL]);
    /* Implied by GPGPU-Sim, not fields of the string: tRTW = CL + BL/ratio + 2 - WL
     * (so tRTRS = 2), and no four-activate window (tFAW = 0). */
    rc = rc ? rc : put(o, -1, GMC_DRAM_P_tRTRS, 2);
    rc = rc ? rc : put(o, -1, GMC_DRAM_P_tFAW, 0);
    return rc;
}

int gmc_dram_cfg_gpgpusim(const char *s, size_t len, gmc_dram_cfg_t *c, uint64_t *set,
                          char *err, size_t en)
{
    uint32_t v[F_N] = {0};
    int have[F_N] = {0};
    gmc_quote_t q;
    uint64_t dummy;
    out_t o = {c, set ? set : &dummy, err, en};
    *o.set = 0;
    gmc_text_trim(&s, &len);
    if (len && s[0] == '"') {
        if (len < 2 || s[len - 1] != '"') {
            snprintf(err, en, "expected a closing '\"', found %s", gmc_quote(&q, s, len));
            return -1;
        }
        s++, len -= 2;
        gmc_text_trim(&s, &len);
    }
    int named = memchr(s, '=', len) != NULL;
    unsigned nf = 0;
    size_t i = 0;
    while (i <= len) {
        size_t j = i;
        while (j < len && s[j] != ':' && s[j] != ';')
            j++;
        const char *t = s + i;
        size_t tl = j - i;
        gmc_text_trim(&t, &tl);
        i = j + 1;
        if (!named) {
            int rc = nf == F_N ? 0 : num(t, tl, &v[nf]);
            if (nf == F_N || rc) {
                snprintf(err, en, "expected %s (legacy form nbk:CCD:RRD:RCD:RAS:RP:RC:CL:WL:CDLR:WR"
                         "[:nbkgrp:CCDL:RTPL]), found %s%s", nf == F_N ? "end of string" :
                         "a decimal integer", gmc_quote(&q, t, tl), gmc_num_note(rc));
                return -1;
            }
            have[nf++] = 1;
            continue;
        }
        if (!tl && j == len)   /* tolerate one trailing ':' */
            break;
        const char *eq = memchr(t, '=', tl);
        size_t kl = eq ? (size_t)(eq - t) : tl;
        const char *k = t, *val = eq ? eq + 1 : t + tl;
        size_t vl = eq ? tl - kl - 1 : 0;
        gmc_text_trim(&k, &kl);
        gmc_text_trim(&val, &vl);
        int f = 0;
        while (f < F_N && !(strlen(fname[f]) == kl && !memcmp(fname[f], k, kl)))
            f++;
        if (f == F_N) {
            snprintf(err, en, "expected a GPGPU-Sim timing field (nbk CCD RRD RCD RAS RP RC CL WL "
                     "CDLR WR nbkgrp CCDL RTPL), found %s", gmc_quote(&q, k, kl));
            return -1;
        }
        if (have[f]) {
            snprintf(err, en, "expected each GPGPU-Sim field once, found a second '%s'", fname[f]);
            return -1;
        }
        int rc = eq ? num(val, vl, &v[f]) : GMC_NUM_EMPTY;
        if (rc) {
            snprintf(err, en, "expected %s=<decimal integer>, found %s%s", fname[f],
                     gmc_quote(&q, val, vl), gmc_num_note(rc));
            return -1;
        }
        have[f] = 1;
    }
    for (int f = 0; f < F_NREQ; f++)
        if (!have[f]) {
            if (named)
                snprintf(err, en, "expected GPGPU-Sim field '%s', found none", fname[f]);
            else
                snprintf(err, en, "expected at least 11 ':'-separated numbers (nbk:CCD:RRD:RCD:"
                         "RAS:RP:RC:CL:WL:CDLR:WR), found %u", nf);
            return -1;
        }
    if (!have[F_NBKGRP])
        v[F_NBKGRP] = 1;
    return apply(&o, v);
}

/* The gmc keys of the fields of GPGPU-Sim 3.0's 11-field timing string
 * but nbk (tCCD, tRRD, tRCD, tRAS, tRP, tRC, CL, WL, tCDLR, tWR), as
 * gmc_dram_cfg_gpgpusim maps them: what Carpenter's thesis (sec. 3.3.2)
 * scaled by n to make memory n times slower. */
static const gmc_dram_param_t scaled[] = {
    GMC_DRAM_P_tCCD_S, GMC_DRAM_P_tCCD_L, GMC_DRAM_P_tRRD_S, GMC_DRAM_P_tRRD_L, GMC_DRAM_P_tRCD,
    GMC_DRAM_P_tRAS,   GMC_DRAM_P_tRP,    GMC_DRAM_P_tRC,    GMC_DRAM_P_tCL,    GMC_DRAM_P_tCWL,
    GMC_DRAM_P_tWTR_S, GMC_DRAM_P_tWTR_L, GMC_DRAM_P_tWR};

int gmc_dram_cfg_scale_timing(gmc_dram_cfg_t *c, unsigned n, char *err, size_t en)
{
    for (size_t i = 0; i < sizeof scaled / sizeof scaled[0]; i++) {
        const gmc_dram_param_info_t *in = gmc_dram_param_info(scaled[i]);
        uint64_t v = (uint64_t)gmc_dram_cfg_get(c, scaled[i]) * n;
        if (v > in->max) {
            snprintf(err, en, "%s x %u: expected at most %u, found %llu", in->key, n, in->max,
                     (unsigned long long)v);
            return -1;
        }
    }
    for (size_t i = 0; i < sizeof scaled / sizeof scaled[0]; i++)   /* a kind's unread keys stay 0 */
        gmc_dram_cfg_set(c, scaled[i], gmc_dram_cfg_get(c, scaled[i]) * n);
    return 0;
}

size_t gmc_dram_cfg_scaled_keys(const gmc_dram_param_t **keys)
{
    *keys = scaled;
    return sizeof scaled / sizeof scaled[0];
}
