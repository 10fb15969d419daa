/* gmc_dram_energy: the DRAMPower formulas on hand-computed cases, the
 * background split and its open-bank counter in the engine, configs without
 * (or with incomplete) power data, the presets' power data, the power keys
 * in config files and in DRAMsim3 .ini files (docs/memory.md "Energy"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "test_near.h"
#include "mem/gmc_dram_energy.h"
#include "mem/gmc_dram_import.h"

/* Round numbers: 1 V and 1 ns make mA x cycles read as pJ. */
static const char base_cfg[] =
    "channels = 1\nbank_groups = 2\nbanks_per_group = 4\nrows = 1024\ncolumns = 32\n"
    "burst_length = 8\nbus_width = 32\ndata_rate = 2\ntck_ps = 1000\n"
    "tCL = 11\ntCWL = 5\ntRCD = 13\ntRP = 12\ntRAS = 29\ntRC = 45\n"
    "tRRD_S = 3\ntRRD_L = 6\ntCCD_S = 5\ntCCD_L = 7\ntWR = 15\ntWTR_S = 3\ntWTR_L = 8\n"
    "tRTP = 6\ntFAW = 40\ntRTRS = 2\nrefresh = 1\ntRFC = 100\ntREFI = 1000\n";   /* 28 lines */
static const char power_keys[] =
    "vdd_mv = 1000\nidd0_ma = 100\nidd2n_ma = 20\nidd3n_ma = 30\nidd4r_ma = 200\n"
    "idd4w_ma = 250\nidd5_ma = 300\n";   /* lines 29-35 */

static char err[512], warn[2048];

/* Parses base_cfg + extra; the return code of the parser (err, warn set). */
static int parse(const char *extra, gmc_dram_cfg_t *c)
{
    char text[4096];
    snprintf(text, sizeof text, "%s%s", base_cfg, extra);
    err[0] = warn[0] = 0;
    return gmc_dram_cfg_parse(text, strlen(text), "t.cfg", c, err, sizeof err, warn, sizeof warn);
}

static void powered(gmc_dram_cfg_t *c)
{
    if (parse(power_keys, c) != 0)
        fail_msg("cfg: %s %s", err, warn);
}

/* One command of a kind, no time: the command's energy alone. */
static double one(gmc_dram_cmd_t cmd, gmc_dram_energy_t *e)
{
    gmc_dram_cfg_t c;
    gmc_dram_stats_t s;
    powered(&c);
    memset(&s, 0, sizeof s);
    s.cmds[cmd] = 1;
    assert_int_equal(gmc_dram_energy(&c, &s, 0, 0, e), 0);
    assert_near(e->total, e->act_pre + e->rd + e->wr + e->ref, 1e-9);
    return e->total;
}

static void one_act_costs_idd0_trc_above_the_standby_it_replaces(void **st)
{
    (void)st;
    gmc_dram_energy_t e;
    /* (IDD0 tRC - (IDD3N tRAS + IDD2N (tRC - tRAS))) VDD tCK
     * = (100 x 45 - (30 x 29 + 20 x 16)) x 1 V x 1 ns = 3310 pJ */
    assert_near(one(GMC_DRAM_ACT, &e), 3310.0, 1e-9);
    assert_near(e.act_pre, 3310.0, 1e-9);
    /* the pair is charged at the ACT: PRE and PREA cost nothing more */
    assert_near(one(GMC_DRAM_PRE, &e), 0.0, 1e-12);
    assert_near(one(GMC_DRAM_PREA, &e), 0.0, 1e-12);
}

static void one_burst_and_one_refresh_cost_their_current_above_active_standby(void **st)
{
    (void)st;
    gmc_dram_energy_t e;
    assert_near(one(GMC_DRAM_RD, &e), (200 - 30) * 4.0, 1e-9);    /* tBURST = 8 / 2 */
    assert_near(e.rd, 680.0, 1e-9);
    assert_near(one(GMC_DRAM_WR, &e), (250 - 30) * 4.0, 1e-9);
    assert_near(e.wr, 880.0, 1e-9);
    assert_near(one(GMC_DRAM_REF, &e), (300 - 30) * 100.0, 1e-9); /* tRFC = 100 */
    assert_near(e.ref, 27000.0, 1e-9);
}

static void idle_time_costs_only_background_split_by_open_banks(void **st)
{
    (void)st;
    gmc_dram_cfg_t c;
    gmc_dram_stats_t s;
    gmc_dram_energy_t e;
    powered(&c);
    memset(&s, 0, sizeof s);
    assert_int_equal(gmc_dram_energy(&c, &s, 1000, 0, &e), 0);
    assert_near(e.bg_precharged, 20.0 * 1000, 1e-9);   /* IDD2N, all closed */
    assert_near(e.act_pre + e.rd + e.wr + e.ref + e.bg_active, 0.0, 0);
    assert_near(e.total, 20000.0, 1e-9);
    assert_int_equal(gmc_dram_energy(&c, &s, 1000, 300, &e), 0);
    assert_near(e.bg_active, 30.0 * 300, 1e-9);         /* IDD3N, a bank open */
    assert_near(e.bg_precharged, 20.0 * 700, 1e-9);
    assert_near(e.total, 23000.0, 1e-9);
    assert_int_equal(gmc_dram_energy(&c, &s, 1000, 5000, &e), 0);   /* clamped to cycles */
    assert_near(e.bg_active, 30000.0, 1e-9);
    assert_near(e.bg_precharged, 0.0, 0);
    assert_int_equal(gmc_dram_energy(&c, &s, 0, 0, &e), 0);
    assert_near(e.total, 0.0, 0);                         /* no time, no commands: nothing */
}

static void units_are_millivolts_milliamps_picoseconds_to_picojoules(void **st)
{
    (void)st;
    gmc_dram_cfg_t c;
    double cmd[GMC_DRAM_NCMD], bg[2];
    powered(&c);
    c.vdd_mv = 1350;
    c.tck_ps = 286;
    c.idd2n_ma = 23;
    assert_int_equal(gmc_dram_energy_per_cmd(&c, cmd, bg), 0);
    assert_near(bg[1], 1.35 * 23 * 0.286, 1e-12);         /* V x mA x ns = pJ */
    assert_near(bg[0], 1.35 * 30 * 0.286, 1e-12);
    assert_near(cmd[GMC_DRAM_RD], 1.35 * 170 * 4 * 0.286, 1e-9);
}

static void without_power_data_there_is_no_energy(void **st)
{
    (void)st;
    gmc_dram_cfg_t c;
    gmc_dram_stats_t s;
    gmc_dram_energy_t e;
    double cmd[GMC_DRAM_NCMD], bg[2];
    memset(&s, 0, sizeof s);
    s.cmds[GMC_DRAM_ACT] = 5;
    assert_int_equal(parse("", &c), 0);                   /* no power keys at all */
    assert_false(gmc_dram_has_power(&c));
    memset(&e, 0x55, sizeof e);
    assert_int_equal(gmc_dram_energy(&c, &s, 100, 10, &e), -1);
    assert_near(e.total + e.act_pre + e.bg_precharged, 0.0, 0);   /* zeroed, not garbage */
    assert_int_equal(gmc_dram_energy_per_cmd(&c, cmd, bg), -1);
    powered(&c);
    c.idd5_ma = 0;                                        /* one missing is as good as all */
    assert_int_equal(gmc_dram_energy(&c, &s, 100, 10, &e), -1);
}

/* The engine counts cycles with >= 1 bank open at its transitions. */
static void open_bank_cycles_run_from_first_act_to_last_precharge(void **st)
{
    (void)st;
    gmc_dram_cfg_t c;
    gmc_dram_t d;
    gmc_dram_chan_t ch;
    powered(&c);
    assert_int_equal(gmc_dram_init(&d, &c, err, sizeof err), 0);
    gmc_dram_chan_reset(&d, &ch);
    assert_int_equal(gmc_dram_issue(&d, &ch, GMC_DRAM_ACT, 0, 7, 10, NULL), GMC_DRAM_OK);
    assert_int_equal(gmc_dram_active_cycles(&ch, 25), 15);   /* open interval, counted so far */
    assert_int_equal(gmc_dram_issue(&d, &ch, GMC_DRAM_PRE, 0, 0, 40, NULL), GMC_DRAM_OK);
    assert_int_equal(gmc_dram_active_cycles(&ch, 45), 30);   /* closed: no longer grows */
    assert_int_equal(gmc_dram_issue(&d, &ch, GMC_DRAM_ACT, 1, 3, 50, NULL), GMC_DRAM_OK);
    assert_int_equal(ch.st.active_cycles, 30);
    assert_int_equal(gmc_dram_active_cycles(&ch, 100), 80);  /* 30 + the open 50..100 */

    /* Overlapping banks: a PRE that leaves one open ends nothing; PREA ends it. */
    gmc_dram_chan_reset(&d, &ch);
    assert_int_equal(gmc_dram_issue(&d, &ch, GMC_DRAM_ACT, 0, 1, 10, NULL), GMC_DRAM_OK);
    assert_int_equal(gmc_dram_issue(&d, &ch, GMC_DRAM_ACT, 4, 1, 20, NULL), GMC_DRAM_OK);
    assert_int_equal(gmc_dram_issue(&d, &ch, GMC_DRAM_PRE, 0, 0, 40, NULL), GMC_DRAM_OK);
    assert_int_equal(gmc_dram_active_cycles(&ch, 55), 45);
    assert_int_equal(gmc_dram_issue(&d, &ch, GMC_DRAM_PREA, 0, 0, 60, NULL), GMC_DRAM_OK);
    assert_int_equal(ch.st.active_cycles, 50);
    assert_int_equal(gmc_dram_issue(&d, &ch, GMC_DRAM_REF, 0, 0, 72, NULL), GMC_DRAM_OK);
    assert_int_equal(gmc_dram_active_cycles(&ch, 200), 50);

    /* and the energy of that run: 2 ACTs, 1 REF, 50 of 200 cycles open */
    gmc_dram_energy_t e;
    assert_int_equal(gmc_dram_energy(&c, &ch.st, 200, gmc_dram_active_cycles(&ch, 200), &e), 0);
    assert_near(e.act_pre, 2 * 3310.0, 1e-9);
    assert_near(e.ref, 27000.0, 1e-9);
    assert_near(e.bg_active, 30.0 * 50, 1e-9);
    assert_near(e.bg_precharged, 20.0 * 150, 1e-9);
    assert_near(e.total, 6620.0 + 27000 + 1500 + 3000, 1e-9);
}

static void every_preset_has_power_data_with_positive_energies(void **st)
{
    (void)st;
    static const struct { const char *name; uint32_t vdd, i0, i2n, i3n, i4r, i4w, i5; } want[] = {
        {"gddr6-rtx2060s", 1350, 38, 23, 28, 106, 99, 143},
        {"gddr5-hynix", 1500, 150, 90, 110, 422, 396, 572},
        {"gddr3", 1800, 700, 550, 720, 940, 990, 1100},
        {"ddr3-1866", 1500, 440, 256, 304, 1256, 1000, 1880},
    };
    for (unsigned i = 0; i < sizeof want / sizeof want[0]; i++) {
        gmc_dram_cfg_t c;
        double cmd[GMC_DRAM_NCMD], bg[2];
        char none[1] = "";
        assert_true(gmc_dram_cfg_preset(want[i].name, &c, err, sizeof err, none, 0) >= 0);
        assert_int_equal(c.vdd_mv, want[i].vdd);
        assert_int_equal(c.idd0_ma, want[i].i0);
        assert_int_equal(c.idd2n_ma, want[i].i2n);
        assert_int_equal(c.idd3n_ma, want[i].i3n);
        assert_int_equal(c.idd4r_ma, want[i].i4r);
        assert_int_equal(c.idd4w_ma, want[i].i4w);
        assert_int_equal(c.idd5_ma, want[i].i5);
        assert_int_equal(gmc_dram_energy_per_cmd(&c, cmd, bg), 0);
        for (int k = 0; k < GMC_DRAM_NCMD; k++)
            if (k != GMC_DRAM_PRE && k != GMC_DRAM_PREA && !(cmd[k] > 0))
                fail_msg("%s: %s costs %g pJ", want[i].name, gmc_dram_cmd_name((gmc_dram_cmd_t)k),
                         cmd[k]);
        assert_true(bg[0] > bg[1] && bg[1] > 0);   /* an open bank draws more */
    }
}

static void power_keys_parse_and_bad_values_are_one_file_line_error(void **st)
{
    (void)st;
    gmc_dram_cfg_t c;
    powered(&c);
    assert_int_equal(c.vdd_mv, 1000);
    assert_int_equal(c.idd4w_ma, 250);
    static const struct { const char *extra, *want; } bad[] = {
        {"vdd_mv = 6000\n", "t.cfg:29: expected vdd_mv as a decimal integer in 0..5000, found '6000'"},
        {"idd0_ma = -5\n", "t.cfg:29: expected idd0_ma as a decimal integer in 0..1000000, found '-5'"},
        {"idd3n_ma = 1.5\n", "t.cfg:29: expected idd3n_ma as a decimal integer in 0..1000000, found '1.5'"},
        {"vdd_mv = 1000\nidd0_ma = 100\nidd2n_ma = 20\nidd3n_ma = 30\nidd4r_ma = 29\n"
         "idd4w_ma = 250\nidd5_ma = 300\n",
         "t.cfg:33: expected idd4r_ma >= idd3n_ma (a burst read draws more than active standby), "
         "found 29 < 30"},
        {"vdd_mv = 1000\nidd0_ma = 100\nidd2n_ma = 20\nidd3n_ma = 30\nidd4r_ma = 200\n"
         "idd4w_ma = 250\nidd5_ma = 10\n",
         "t.cfg:35: expected idd5_ma >= idd3n_ma (a refresh draws more than active standby), "
         "found 10 < 30"},
        {"vdd_mv = 1000\nidd0_ma = 25\nidd2n_ma = 20\nidd3n_ma = 30\nidd4r_ma = 200\n"
         "idd4w_ma = 250\nidd5_ma = 300\n",
         "t.cfg:30: expected idd0_ma * tRC >= idd3n_ma * tRAS + idd2n_ma * (tRC - tRAS) (an "
         "ACT-PRE pair costs energy), found 1125 < 1190"},
    };
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(parse(bad[i].extra, &c), -1);
        if (strcmp(err, bad[i].want))
            fail_msg("case %u: got '%s', want '%s'", i, err, bad[i].want);
    }
    /* some keys but not all: loads, warns at the first one, reports no energy */
    assert_int_equal(parse("idd2n_ma = 20\nvdd_mv = 1200\n", &c), 1);
    assert_non_null(strstr(warn, "t.cfg:29: warning: power data incomplete: idd0_ma = 0"));
    assert_false(gmc_dram_has_power(&c));
    /* and they survive format -> parse */
    char text[4096];
    powered(&c);
    gmc_dram_cfg_format(&c, text, sizeof text);
    gmc_dram_cfg_t back;
    assert_int_equal(gmc_dram_cfg_parse(text, strlen(text), "f", &back, err, sizeof err, warn,
                                        sizeof warn), 0);
    assert_memory_equal(&c, &back, sizeof c);
}

static int import(const char *text, const char *base_name, gmc_dram_cfg_t *c,
                  gmc_dram_import_t *info)
{
    gmc_dram_cfg_t base;
    char none[1] = "";
    if (gmc_dram_cfg_preset(base_name, &base, err, sizeof err, none, 0) < 0)
        fail_msg("preset %s: %s", base_name, err);
    err[0] = warn[0] = 0;
    return gmc_dram_import(text, strlen(text), "x", &base, c, info, err, sizeof err, warn,
                           sizeof warn);
}

static const char ini_head[] =
    "[dram_structure]\nprotocol = GDDR5\nbankgroups = 4\nbanks_per_group = 4\nrows = 16384\n"
    "columns = 1024\ndevice_width = 32\nBL = 8\n[system]\nchannels = 4\nbus_width = 64\n";   /* 11 lines */

static void dramsim3_power_is_per_device_times_devices_per_channel(void **st)
{
    (void)st;
    gmc_dram_cfg_t c;
    gmc_dram_import_t info;
    char text[2048];
    snprintf(text, sizeof text, "%s[power]\nVDD = 1.35\nIDD0 = 75.5\nIDD2P = 30\nIDD2N = 45\n"
             "IDD3N = 55\nIDD4W = 198\nIDD4R = 211\nIDD5AB = 286\nIDD6x = 35\n", ini_head);
    assert_true(import(text, "gddr3", &c, &info) >= 0);
    assert_int_equal(c.vdd_mv, 1350);
    assert_int_equal(c.idd0_ma, 151);    /* 75.5 x 2 devices (64 / 32) */
    assert_int_equal(c.idd2n_ma, 90);
    assert_int_equal(c.idd3n_ma, 110);
    assert_int_equal(c.idd4r_ma, 422);
    assert_int_equal(c.idd4w_ma, 396);
    assert_int_equal(c.idd5_ma, 572);
    assert_int_equal(info.n_ignored, 0);
    assert_non_null(strstr(warn, "DRAMsim3 keys gmc does not model, ignored: IDD2P IDD6x"));
    assert_null(strstr(info.defaults, "idd"));

    /* without [power]: no energy, and the base's currents are not borrowed */
    assert_true(import(ini_head, "gddr3", &c, &info) >= 0);
    assert_false(gmc_dram_has_power(&c));
    assert_int_equal(c.idd0_ma, 0);
    assert_null(strstr(info.defaults, "vdd_mv"));
    /* part of [power]: loads, says no energy will be reported */
    snprintf(text, sizeof text, "%s[power]\nVDD = 1.5\n", ini_head);
    assert_true(import(text, "gddr3", &c, &info) >= 1);
    assert_int_equal(c.vdd_mv, 1500);
    assert_non_null(strstr(warn, "x:13: warning: power data incomplete: idd0_ma = 0"));
    /* bad values: one file:line error */
    snprintf(text, sizeof text, "%s[power]\nVDD = 1.5\nIDD0 = lots\n", ini_head);
    assert_int_equal(import(text, "gddr3", &c, &info), -1);
    assert_string_equal(err, "x:14: expected IDD0 = <mA, a number >= 0>, found 'lots'");
    snprintf(text, sizeof text, "%s[power]\nIDD4R = 9000000\n", ini_head);
    assert_int_equal(import(text, "gddr3", &c, &info), -1);
    assert_string_equal(err, "x:13: expected IDD4R x 2 devices (gmc idd4r_ma) in 0..1000000, "
                             "found '18000000'");
}

static void other_formats_never_borrow_the_base_presets_power_data(void **st)
{
    (void)st;
    gmc_dram_cfg_t c;
    gmc_dram_import_t info;
    assert_true(import("-gpgpu_n_mem 4\n", "gddr5-hynix", &c, &info) >= 0);
    assert_false(gmc_dram_has_power(&c));
    assert_int_equal(c.vdd_mv, 0);
    assert_true(import("nbk=16:CCD=2:RRD=6:RCD=12:RAS=28:RP=12:RC=40:CL=12:WL=4:CDLR=5:WR=12:nbkgrp=4:CCDL=3:RTPL=2\n",
                       "gddr5-hynix", &c, &info) >= 0);
    assert_false(gmc_dram_has_power(&c));
    /* gmc's own format over a preset is that preset with some keys changed */
    assert_true(import("tCL = 30\n", "gddr5-hynix", &c, &info) >= 0);
    assert_int_equal(c.idd0_ma, 150);
    assert_true(gmc_dram_has_power(&c));
}

int main(void)
{
    const struct CMUnitTest t[] = {
        cmocka_unit_test(one_act_costs_idd0_trc_above_the_standby_it_replaces),
        cmocka_unit_test(one_burst_and_one_refresh_cost_their_current_above_active_standby),
        cmocka_unit_test(idle_time_costs_only_background_split_by_open_banks),
        cmocka_unit_test(units_are_millivolts_milliamps_picoseconds_to_picojoules),
        cmocka_unit_test(without_power_data_there_is_no_energy),
        cmocka_unit_test(open_bank_cycles_run_from_first_act_to_last_precharge),
        cmocka_unit_test(every_preset_has_power_data_with_positive_energies),
        cmocka_unit_test(power_keys_parse_and_bad_values_are_one_file_line_error),
        cmocka_unit_test(dramsim3_power_is_per_device_times_devices_per_channel),
        cmocka_unit_test(other_formats_never_borrow_the_base_presets_power_data),
    };
    return cmocka_run_group_tests_name("gmc_dram_energy", t, NULL, NULL);
}
