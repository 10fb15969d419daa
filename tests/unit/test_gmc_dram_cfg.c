/* gmc_dram_cfg: presets, warnings, GPGPU-Sim strings, file:line errors,
 * round trips, and the preset tables in docs/memory.md. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include "mem/gmc_dram_cfg.h"
#include "util/gmc_rng.h"

static const char rtx2060_timing[] = "nbk=16:CCD=4:RRD=10:RCD=20:RAS=50:RP=20:RC=62:CL=20:WL=8:"
                                     "CDLR=9:WR=20:nbkgrp=4:CCDL=4:RTPL=4";
static const char gtx480_timing[] = "nbk=16:CCD=2:RRD=6:RCD=12:RAS=28:RP=12:RC=40:CL=12:WL=4:"
                                    "CDLR=5:WR=12:nbkgrp=4:CCDL=3:RTPL=2";
static const char gddr3_legacy[] = "4:2:8:12:21:13:34:9:4:5:13:1:0:0";

/* A complete config without timing, for tests that add their own. */
static const char org[] =
    "channels = 2\nbank_groups = 4\nbanks_per_group = 4\nrows = 4096\ncolumns = 64\n"
    "burst_length = 8\nbus_width = 64\ndata_rate = 4\ntck_ps = 1082\n";
static const char timing[] =
    "tCL = 12\ntCWL = 4\ntRCD = 12\ntRP = 12\ntRAS = 28\ntRC = 40\ntRRD_S = 6\ntCCD_S = 2\n"
    "tWR = 12\ntWTR_S = 5\ntRTP = 2\ntFAW = 24\ntRTRS = 2\n";

static int parse(const char *text, gmc_dram_cfg_t *c, char *err, size_t en, char *warn, size_t wn)
{
    if (warn && wn)
        warn[0] = 0;
    err[0] = 0;
    return gmc_dram_cfg_parse(text, strlen(text), "t.cfg", c, err, en, warn, wn);
}

static void every_preset_loads(void **st)
{
    const char *want[] = {"ddr3-1866", "gddr3", "gddr5-hynix", "gddr6-rtx2060s",
                          "pcm-nvmain-isscc12", "pcm-thesis"};
    for (unsigned i = 0; i < 6; i++) {
        gmc_dram_cfg_t c;
        char err[256], warn[1024];
        assert_string_equal(gmc_dram_preset_name(i), want[i]);
        warn[0] = 0;
        assert_true(gmc_dram_cfg_preset(want[i], &c, err, sizeof err, warn, sizeof warn) >= 0);
        assert_string_equal(c.name, want[i]);
        assert_non_null(gmc_dram_preset_text(want[i]));
    }
    assert_null(gmc_dram_preset_name(6));
    gmc_dram_cfg_t c;
    char err[256];
    assert_int_equal(gmc_dram_cfg_preset("gddr7", &c, err, sizeof err, NULL, 0), -1);
    assert_non_null(strstr(err, "expected a DRAM preset (ddr3-1866, gddr3, gddr5-hynix, gddr6-rtx2060s, "
                                "pcm-nvmain-isscc12, pcm-thesis), "
                                "found 'gddr7'"));
}

static void gddr6_preset_warns_that_trc_is_below_tras_plus_trp(void **st)
{
    gmc_dram_cfg_t c;
    char err[256], warn[1024] = "";
    assert_int_equal(gmc_dram_cfg_preset("gddr6-rtx2060s", &c, err, sizeof err, warn, sizeof warn),
                     1);
    /* named as the preset, not by the repository file it was built from */
    assert_non_null(strstr(warn, "preset gddr6-rtx2060s:"));
    assert_null(strstr(warn, "model/mem/presets"));
    assert_non_null(strstr(warn, ": warning: tRC = 62 is less than tRAS + tRP = 70"));
    assert_int_equal(strchr(warn, '\n') - warn + 1, (long)strlen(warn));   /* one line */
}

static void gddr5_gddr3_and_ddr3_presets_load_without_warnings(void **st)
{
    gmc_dram_cfg_t c;
    char err[256], warn[1024] = "";
    assert_int_equal(gmc_dram_cfg_preset("ddr3-1866", &c, err, sizeof err, warn, sizeof warn), 0);
    assert_int_equal(gmc_dram_cfg_preset("gddr5-hynix", &c, err, sizeof err, warn, sizeof warn), 0);
    assert_int_equal(gmc_dram_cfg_preset("gddr3", &c, err, sizeof err, warn, sizeof warn), 0);
    assert_string_equal(warn, "");
}

static void presets_hold_the_seed_table_values(void **st)
{
    gmc_dram_cfg_t c;
    char err[256];
    gmc_dram_cfg_preset("gddr6-rtx2060s", &c, err, sizeof err, err, 0);   /* Warped-MC [ICPP'23] Table 2 */
    assert_int_equal(c.tRP, 20);  assert_int_equal(c.tRC, 62);   assert_int_equal(c.tRAS, 50);
    assert_int_equal(c.tRCD, 20); assert_int_equal(c.tRRD_S, 10); assert_int_equal(c.tWR, 20);
    assert_int_equal(c.tCL, 20);  assert_int_equal(c.tCCD_S, 4);  assert_int_equal(c.channels, 16);
    assert_int_equal(gmc_dram_banks(&c), 16);
    assert_int_equal(c.columns * gmc_dram_burst_bytes(&c), 1024);   /* 1 KB rows */
    gmc_dram_cfg_preset("gddr5-hynix", &c, err, sizeof err, err, 0);  /* PAE [ISCA'18] Table I */
    assert_int_equal(c.tck_ps, 1082); /* 924 MHz */
    assert_int_equal(c.tCL, 12);  assert_int_equal(c.tRCD, 12);   assert_int_equal(c.tRP, 12);
    assert_int_equal(c.channels, 4); assert_int_equal(gmc_dram_banks(&c), 16);
    assert_int_equal(c.rows, 4096);  assert_int_equal(c.columns, 64);
    assert_int_equal(gmc_dram_burst_bytes(&c), 64);
    /* 118.3 GB/s over 4 channels: bytes per burst / (tBURST * tCK) */
    double gbs = 4.0 * gmc_dram_burst_bytes(&c) / (c.tBURST * 1e6 / 924.0) * 1000.0;
    assert_true(gbs > 118.2 && gbs < 118.4);
    gmc_dram_cfg_preset("gddr3", &c, err, sizeof err, err, 0);        /* Yuan et al. [MICRO'09] Table 2 */
    assert_int_equal(c.tCL, 9);   assert_int_equal(c.tRP, 13);    assert_int_equal(c.tRC, 34);
    assert_int_equal(c.tRAS, 21); assert_int_equal(c.tRCD, 12);   assert_int_equal(c.tRRD_S, 8);
    assert_int_equal(c.channels, 8); assert_int_equal(gmc_dram_banks(&c), 4);
    gmc_dram_cfg_preset("ddr3-1866", &c, err, sizeof err, err, 0);    /* TEMP [JETC'19] Table 4, JEDEC DDR3-1866M */
    assert_int_equal(c.channels, 1); assert_int_equal(gmc_dram_banks(&c), 8);
    assert_int_equal(c.tck_ps, 1082);  /* the gddr5-hynix clock: one clock for the hybrid */
    assert_int_equal(c.tCL, 13);  assert_int_equal(c.tRCD, 13);   assert_int_equal(c.tRP, 13);
    assert_int_equal(c.tRAS, 32); assert_int_equal(c.tRC, 45);    assert_int_equal(c.tFAW, 25);
    assert_int_equal(c.columns * gmc_dram_burst_bytes(&c), 8192);   /* 8 x8 chips x 1 KB pages */
    /* 13.91 ns tRCD and tRP and 47.91 ns tRC met at 1.082 ns, by less than a CK */
    assert_true(c.tRCD * 1.082 >= 13.91 && (c.tRCD - 1) * 1.082 < 13.91);
    assert_true(c.tRC * 1.082 >= 47.91 && (c.tRC - 1) * 1.082 < 47.91);
    /* a 64-bit bus at 2 x 924 MT/s: 14.8 GB/s = 64 B per tBURST of 4 x 1.082 ns */
    gbs = gmc_dram_burst_bytes(&c) / (c.tBURST * c.tck_ps / 1000.0);
    assert_true(gbs > 14.78 && gbs < 14.80);
}

static void gpgpusim_named_string_maps_every_field(void **st)
{
    gmc_dram_cfg_t c;
    uint64_t set;
    char err[256];
    memset(&c, 0, sizeof c);
    assert_int_equal(gmc_dram_cfg_gpgpusim(rtx2060_timing, strlen(rtx2060_timing), &c, &set, err,
                                           sizeof err), 0);
    assert_int_equal(c.bank_groups, 4);  assert_int_equal(c.banks_per_group, 4);
    assert_int_equal(c.tCCD_S, 4);       assert_int_equal(c.tCCD_L, 4);
    assert_int_equal(c.tRRD_S, 10);      assert_int_equal(c.tRRD_L, 10);
    assert_int_equal(c.tRCD, 20);        assert_int_equal(c.tRAS, 50);
    assert_int_equal(c.tRP, 20);         assert_int_equal(c.tRC, 62);
    assert_int_equal(c.tCL, 20);         assert_int_equal(c.tCWL, 8);
    assert_int_equal(c.tWTR_S, 9);       assert_int_equal(c.tWTR_L, 9);
    assert_int_equal(c.tWR, 20);         assert_int_equal(c.tRTP, 4);
    assert_int_equal(c.tRTRS, 2);        assert_int_equal(c.tFAW, 0);
    uint64_t want = 0;
    const gmc_dram_param_t p[] = {
        GMC_DRAM_P_bank_groups, GMC_DRAM_P_banks_per_group, GMC_DRAM_P_tCCD_S, GMC_DRAM_P_tCCD_L,
        GMC_DRAM_P_tRRD_S, GMC_DRAM_P_tRRD_L, GMC_DRAM_P_tRCD, GMC_DRAM_P_tRAS, GMC_DRAM_P_tRP,
        GMC_DRAM_P_tRC, GMC_DRAM_P_tCL, GMC_DRAM_P_tCWL, GMC_DRAM_P_tWTR_S, GMC_DRAM_P_tWTR_L,
        GMC_DRAM_P_tWR, GMC_DRAM_P_tRTP, GMC_DRAM_P_tRTRS, GMC_DRAM_P_tFAW};
    for (size_t i = 0; i < sizeof p / sizeof p[0]; i++)
        want |= 1ull << p[i];
    assert_int_equal(set, want);
    /* Same string as GPGPU-Sim's config writes it: quoted, wrapped, spaces. */
    const char *wrapped = "\"nbk=16:CCD=4:RRD=10:RCD=20:RAS=50:RP=20:RC=62:\n"
                          "                        CL=20:WL=8:CDLR=9:WR=20:nbkgrp=4:CCDL=4:RTPL=4\"";
    gmc_dram_cfg_t d;
    memset(&d, 0, sizeof d);
    assert_int_equal(gmc_dram_cfg_gpgpusim(wrapped, strlen(wrapped), &d, NULL, err, sizeof err), 0);
    assert_memory_equal(&c, &d, sizeof c);
}

static void gpgpusim_legacy_string_maps_positionally(void **st)
{
    gmc_dram_cfg_t c;
    uint64_t set;
    char err[256];
    memset(&c, 0, sizeof c);
    c.tRTP = 77;
    assert_int_equal(gmc_dram_cfg_gpgpusim(gddr3_legacy, strlen(gddr3_legacy), &c, &set, err,
                                           sizeof err), 0);
    assert_int_equal(c.bank_groups, 1);  assert_int_equal(c.banks_per_group, 4);
    assert_int_equal(c.tCCD_S, 2);       assert_int_equal(c.tCCD_L, 2);   /* CCDL=0 */
    assert_int_equal(c.tRRD_S, 8);       assert_int_equal(c.tRCD, 12);
    assert_int_equal(c.tRAS, 21);        assert_int_equal(c.tRP, 13);
    assert_int_equal(c.tRC, 34);         assert_int_equal(c.tCL, 9);
    assert_int_equal(c.tCWL, 4);         assert_int_equal(c.tWTR_S, 5);
    assert_int_equal(c.tWR, 13);
    assert_int_equal(c.tRTP, 77);        /* RTPL=0: left alone */
    assert_false(set >> GMC_DRAM_P_tRTP & 1);
}

static void gpgpusim_strings_reproduce_the_presets(void **st)
{
    const struct { const char *preset, *s; } t[] = {
        {"gddr6-rtx2060s", rtx2060_timing}, {"gddr5-hynix", gtx480_timing},
        {"gddr3", gddr3_legacy}};
    for (size_t i = 0; i < 3; i++) {
        gmc_dram_cfg_t p, q;
        char err[256];
        gmc_dram_cfg_preset(t[i].preset, &p, err, sizeof err, err, 0);
        q = p;
        assert_int_equal(gmc_dram_cfg_gpgpusim(t[i].s, strlen(t[i].s), &q, NULL, err, sizeof err),
                         0);
        assert_memory_equal(&p, &q, sizeof p);
    }
}

static void gpgpusim_timing_key_loads_and_explicit_keys_override_it(void **st)
{
    char text[2048], err[256], warn[1024];
    gmc_dram_cfg_t c;
    snprintf(text, sizeof text, "tFAW = 30   # before the string: still wins\n%s"
             "gpgpusim_timing = \"%s\"\ntCCD_L = 5\n", org, gtx480_timing);
    assert_int_equal(parse(text, &c, err, sizeof err, warn, sizeof warn), 0);
    assert_int_equal(c.tFAW, 30);
    assert_int_equal(c.tCCD_L, 5);
    assert_int_equal(c.tCCD_S, 2);
    assert_int_equal(c.tRTP, 2);
    assert_int_equal(c.tBURST, 2);      /* burst_length / data_rate */
    assert_int_equal(c.tRTRS, 2);
}

static void bad_configs_give_one_file_line_error(void **st)
{
    static const struct { const char *text, *want; } t[] = {
        {"channels = 2\nfoo = 3\n", "t.cfg:2: expected a parameter name"},
        {"channels 2\n", "t.cfg:1: expected '=' after 'channels', found '2'"},
        {"channels = two\n", "t.cfg:1: expected channels as a decimal integer in 1..4096, found 'two'"},
        {"\n\ntCL = 0\n", "t.cfg:3: expected tCL as a decimal integer in 1..1000, found '0'"},
        {"tCL = 99999999999999\n", "t.cfg:1: expected tCL as a decimal integer in 1..1000, found '99999999999999'"},
        {"tCL = -3\n", "t.cfg:1: expected tCL as a decimal integer"},
        {"tCL = 3 4\n", "t.cfg:1: expected tCL as a decimal integer in 1..1000, found '3 4'"},
        {"tCL = 3\ntCL = 4\n", "t.cfg:2: expected each key once, found a second 'tCL' (first on line 1)"},
        {"= 4\n", "t.cfg:1: expected a key (e.g. tCL = 20), found '= 4'"},
        {"tcl = 4\n", "t.cfg:1: expected a parameter name"},
        {"name = a b\n", "t.cfg:1: expected a name of 1..31 characters"},
        {"channels = 1\n", "t.cfg:1: expected the required key 'bank_groups'"},
        {"", "t.cfg:1: expected the required key 'channels'"},
        {"gpgpusim_timing = nbk=16:CCD=2:XYZ=3\n", "t.cfg:1: expected a GPGPU-Sim timing field"},
        {"gpgpusim_timing = \"nbk=16:CCD=2\n", "t.cfg:1: expected a closing '\"'"},
        {"gpgpusim_timing = nbk=16:CCD=2\n", "t.cfg:1: expected GPGPU-Sim field 'RRD', found none"},
        {"gpgpusim_timing = nbk=15:CCD=2:RRD=6:RCD=12:RAS=28:RP=12:RC=40:CL=12:WL=4:CDLR=5:WR=12:nbkgrp=4\n",
         "t.cfg:1: expected nbk divisible by nbkgrp, found nbk '15', nbkgrp '4'"},
        {"gpgpusim_timing = nbk=16:CCD=0:RRD=6:RCD=12:RAS=28:RP=12:RC=40:CL=12:WL=4:CDLR=5:WR=12\n",
         "t.cfg:1: expected CCD (gmc tCCD_S) in 1..1000, found '0'"},
        {"gpgpusim_timing = nbk=16:CCD=2:CCD=3\n", "t.cfg:1: expected each GPGPU-Sim field once"},
        {"gpgpusim_timing = nbk=16:CCD=x\n", "t.cfg:1: expected CCD=<decimal integer>, found 'x'"},
        {"gpgpusim_timing = 4:2:8:12\n", "t.cfg:1: expected at least 11 ':'-separated numbers"},
        {"gpgpusim_timing = 1:1:1:1:1:1:1:1:1:1:1:1:1:1:1\n", "t.cfg:1: expected end of string"},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        gmc_dram_cfg_t c;
        char err[300], warn[256];
        int rc = parse(t[i].text, &c, err, sizeof err, warn, sizeof warn);
        if (rc != -1 || strncmp(err, t[i].want, strlen(t[i].want)) || strchr(err, '\n'))
            fail_msg("case %zu: rc %d, error '%s', want prefix '%s'", i, rc, err, t[i].want);
    }
}

/* org + timing + extra, with the first occurrence of `from` replaced by `to`. */
static void compose(char *out, size_t n, const char *extra, const char *from, const char *to)
{
    char base[2048];
    snprintf(base, sizeof base, "%s%s%s", org, timing, extra);
    char *at = from ? strstr(base, from) : NULL;
    if (!at) {
        snprintf(out, n, "%s", base);
        return;
    }
    snprintf(out, n, "%.*s%s%s", (int)(at - base), base, to, at + strlen(from));
}

static void relations_between_keys_are_errors_at_their_line(void **st)
{
    /* org is lines 1-9, timing lines 10-22, extra from line 23 */
    static const struct { const char *extra, *from, *to, *want; } t[] = {
        {"refresh = 1\n", NULL, NULL, "t.cfg:23: expected the refresh key 'tRFC'"},
        {"refresh = 1\ntRFC = 100\ntREFI = 100\n", NULL, NULL,
         "t.cfg:25: expected 0 < tRFC < tREFI with refresh = 1, found tRFC '100', tREFI '100'"},
        {"", "banks_per_group = 4", "banks_per_group = 32",
         "t.cfg:3: expected bank_groups * banks_per_group <= 64, found '4 * 32'"},
        {"", "data_rate = 4", "data_rate = 3",
         "t.cfg:6: expected an explicit tBURST (burst_length 8 is not a multiple of data_rate 3)"},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        char text[2048], err[300];
        gmc_dram_cfg_t c;
        compose(text, sizeof text, t[i].extra, t[i].from, t[i].to);
        int rc = parse(text, &c, err, sizeof err, NULL, 0);
        if (rc != -1 || strncmp(err, t[i].want, strlen(t[i].want)))
            fail_msg("case %zu: rc %d, error '%s', want prefix '%s'", i, rc, err, t[i].want);
    }
    char text[2048], err[300];
    gmc_dram_cfg_t c;
    compose(text, sizeof text, "tBURST = 3\n", "data_rate = 4", "data_rate = 3");
    /* explicit tBURST loads; it warns (3 * 3 != 8, and tCCD_S < tBURST) */
    assert_int_equal(parse(text, &c, err, sizeof err, err, 0), 2);
    assert_int_equal(c.tBURST, 3);
}

static void a_nul_byte_is_an_error_not_the_end(void **st)
{
    static const char text[] = "channels = 2\ntCL\0 = 3\n";
    gmc_dram_cfg_t c;
    char err[256];
    assert_int_equal(gmc_dram_cfg_parse(text, sizeof text - 1, "t.cfg", &c, err, sizeof err,
                                        NULL, 0), -1);
    assert_string_equal(err, "t.cfg:2: expected text, found byte 0x00 at column 4");
}

/* dram_timing_scale's function: on every preset, exactly the keys of
 * GPGPU-Sim 3.0's timing string that the thesis scaled (tCCD, tRRD, tRCD,
 * tRAS, tRP, tRC, CL, WL, tCDLR, tWR as gmc maps them) are multiplied,
 * every other key is as it was, 1 changes nothing, a kind's unread keys
 * stay 0, and a value past its key's range is refused with c unchanged. */
static void scale_timing_multiplies_exactly_the_thesis_keys(void **state)
{
    (void)state;
    static const char *const want[] = {"tCCD_S", "tCCD_L", "tRRD_S", "tRRD_L", "tRCD", "tRAS", "tRP",
                                       "tRC", "tCL", "tCWL", "tWTR_S", "tWTR_L", "tWR"};
    const gmc_dram_param_t *keys;
    assert_int_equal(gmc_dram_cfg_scaled_keys(&keys), 13);
    for (unsigned i = 0; i < 13; i++)
        assert_string_equal(gmc_dram_param_info(keys[i])->key, want[i]);
    unsigned presets = 0;
    for (unsigned i = 0; gmc_dram_preset_name(i); i++, presets++) {   /* kinds dram and pcm */
        gmc_dram_cfg_t a, b;
        char err[256], warn[2048] = "";
        assert_true(gmc_dram_cfg_preset(gmc_dram_preset_name(i), &a, err, sizeof err, warn, sizeof warn) >= 0);
        b = a;
        assert_int_equal(gmc_dram_cfg_scale_timing(&b, 1, err, sizeof err), 0);
        assert_memory_equal(&a, &b, sizeof a);
        assert_int_equal(gmc_dram_cfg_scale_timing(&b, 2, err, sizeof err), 0);   /* pcm-nvmain-isscc12's tRCD 420 x 3 is past 1000 */
        for (int p = 0; p < GMC_DRAM_NPARAM; p++) {
            int scaled = 0;
            for (unsigned k = 0; k < 13; k++)
                scaled |= keys[k] == (gmc_dram_param_t)p;
            assert_int_equal(gmc_dram_cfg_get(&b, (gmc_dram_param_t)p),
                             (scaled ? 2u : 1u) * gmc_dram_cfg_get(&a, (gmc_dram_param_t)p));
        }
        b = a;
        assert_int_equal(gmc_dram_cfg_scale_timing(&b, 2000, err, sizeof err), -1);
        assert_non_null(strstr(err, " x 2000: expected at most "));
        assert_memory_equal(&a, &b, sizeof a);
    }
    print_message("    %u presets: 13 keys x 2, the other %d unchanged\n", presets, GMC_DRAM_NPARAM - 13);
}

int main(void)
{
    const struct CMUnitTest t[] = {
        cmocka_unit_test(every_preset_loads),
        cmocka_unit_test(scale_timing_multiplies_exactly_the_thesis_keys),
        cmocka_unit_test(gddr6_preset_warns_that_trc_is_below_tras_plus_trp),
        cmocka_unit_test(gddr5_gddr3_and_ddr3_presets_load_without_warnings),
        cmocka_unit_test(presets_hold_the_seed_table_values),
        cmocka_unit_test(gpgpusim_named_string_maps_every_field),
        cmocka_unit_test(gpgpusim_legacy_string_maps_positionally),
        cmocka_unit_test(gpgpusim_strings_reproduce_the_presets),
        cmocka_unit_test(gpgpusim_timing_key_loads_and_explicit_keys_override_it),
        cmocka_unit_test(bad_configs_give_one_file_line_error),
        cmocka_unit_test(relations_between_keys_are_errors_at_their_line),
        cmocka_unit_test(a_nul_byte_is_an_error_not_the_end),
    };
    return cmocka_run_group_tests_name("gmc_dram_cfg", t, NULL, NULL);
}
