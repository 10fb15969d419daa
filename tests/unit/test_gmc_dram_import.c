/* gmc_dram_import: formats told apart by content, each read over a base
 * preset, GPGPU-Sim address maps as gmc maps, one file:line error per bad
 * input, gmc's own format unchanged.  The files here are small ones written
 * for these tests (docs/memory.md "Config files"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "mem/gmc_addrmap.h"
#include "mem/gmc_dram_import.h"

static gmc_dram_cfg_t base;
static gmc_dram_import_t info;
static char err[512], warn[4096];

static int setup(void **st)
{
    (void)st;
    char none[1] = "";
    return gmc_dram_cfg_preset("gddr6-rtx2060s", &base, err, sizeof err, none, 0) < 0;
}

static int imp(const char *text, gmc_dram_cfg_t *c, int with_base)
{
    err[0] = warn[0] = 0;
    return gmc_dram_import(text, strlen(text), "x", with_base ? &base : NULL, c, &info, err,
                           sizeof err, warn, sizeof warn);
}

static const char gpgpusim_cfg[] =
    "# a GPGPU-Sim config\n"
    "-gpgpu_n_clusters 80\n"
    "-gpgpu_n_mem 32   # channels\n"
    "-gpgpu_clock_domains 1132.0:1132.0:1132.0:850.0\n"
    "-gpgpu_n_mem_per_ctrlr 1\n"
    "-gpgpu_dram_buswidth 16\n"
    "-gpgpu_dram_burst_length 2\n"
    "-dram_data_command_freq_ratio 2\n"
    "-gpgpu_mem_addr_mapping dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCC.BCCSSSSS\n"
    "-gpgpu_dram_timing_opt \"nbk=16:CCD=1:RRD=3:RCD=12:RAS=28:RP=12:RC=40:\n"
    "    CL=12:WL=2:CDLR=3:WR=10:nbkgrp=4:CCDL=2:RTPL=3\"\n"
    "-gpgpu_shader_registers 65536\n";

static void formats_are_told_apart_by_content(void **st)
{
    (void)st;
    assert_int_equal(gmc_dram_fmt_detect("# c\n\n[timing]\n", 14), GMC_DRAM_FMT_DRAMSIM3);
    assert_int_equal(gmc_dram_fmt_detect("#x\n-gpgpu_n_mem 2\n", 18), GMC_DRAM_FMT_GPGPUSIM);
    assert_int_equal(gmc_dram_fmt_detect("nbk=16:CCD=2", 12), GMC_DRAM_FMT_TIMING);
    assert_int_equal(gmc_dram_fmt_detect("\"nbk=16\"", 8), GMC_DRAM_FMT_TIMING);
    assert_int_equal(gmc_dram_fmt_detect("4:2:8", 5), GMC_DRAM_FMT_TIMING);
    assert_int_equal(gmc_dram_fmt_detect("channels = 2\n", 13), GMC_DRAM_FMT_GMC);
    assert_string_equal(gmc_dram_fmt_name(GMC_DRAM_FMT_GPGPUSIM), "gpgpusim-config");
}

static void a_gpgpusim_config_sets_device_and_map(void **st)
{
    (void)st;
    gmc_dram_cfg_t c;
    assert_true(imp(gpgpusim_cfg, &c, 1) >= 0);
    assert_int_equal(info.fmt, GMC_DRAM_FMT_GPGPUSIM);
    assert_int_equal(c.channels, 32);
    assert_int_equal(c.bus_width, 128);
    assert_int_equal(c.burst_length, 2);
    assert_int_equal(c.data_rate, 2);
    assert_int_equal(c.tBURST, 1);
    assert_int_equal(c.tck_ps, 1176);   /* 1e6 / 850 MHz */
    assert_int_equal(c.tCL, 12);
    assert_int_equal(c.tRTP, 3);
    assert_int_equal(c.bank_groups, 4);
    assert_int_equal(c.rows, 8192);     /* 13 R bits */
    assert_int_equal(c.columns, 64);    /* 6 C bits */
    assert_string_equal(info.map,
                        "Row[32:20] Bank[19:17] Col[16:13] Ch[12:8] Bank[7] Col[6:5] Block[4:0]");
    assert_int_equal(info.n_ignored, 2);
    assert_string_equal(info.ignored, "-gpgpu_n_clusters -gpgpu_shader_registers");
    assert_string_equal(info.defaults, "tRFC tREFI refresh");   /* the base's refresh */
    gmc_addrmap_t m;
    assert_int_equal(gmc_addrmap_parse(info.map, "map", &m, err, sizeof err), 0);
}

static void a_timing_string_alone_takes_the_rest_from_the_base(void **st)
{
    (void)st;
    gmc_dram_cfg_t c;
    assert_true(imp("# GTX 480\nnbk=16:CCD=2:RRD=6:RCD=12:RAS=28:RP=12:RC=40:CL=12:WL=4:"
                    "CDLR=5:WR=12:nbkgrp=1:CCDL=0:RTPL=0\n", &c, 1) >= 0);
    assert_int_equal(info.fmt, GMC_DRAM_FMT_TIMING);
    assert_int_equal(c.tCL, 12);
    assert_int_equal(c.bank_groups, 1);
    assert_int_equal(c.channels, base.channels);
    assert_int_equal(c.tRTP, base.tRTP);   /* RTPL = 0 leaves it to the base */
    assert_non_null(strstr(info.defaults, "tck_ps"));
    assert_non_null(strstr(info.defaults, "tRTP"));
    assert_null(strstr(info.defaults, "tCL"));
    assert_int_equal(imp("nbk=16:CCD=2", &c, 0), -1);   /* no base: refused, not guessed */
    assert_non_null(strstr(err, "expected a base preset"));
}

static void a_dramsim3_ini_maps_its_keys(void **st)
{
    (void)st;
    gmc_dram_cfg_t c;
    assert_true(imp("[dram_structure]\nprotocol = GDDR5\nbankgroups = 4\nbanks_per_group = 4\n"
                    "rows = 16384\ncolumns = 1024\ndevice_width = 32\nBL = 8\n\n[timing]\n"
                    "tCK = 0.5\nAL = 1\nCL = 24\nCWL = 8\ntRCD = 24\ntRP = 24\ntRAS = 56\n"
                    "tRFC = 130\ntREFI = 3900\ntRRD_S = 12\ntWTR_S = 8\ntFAW = 48\ntWR = 24\n"
                    "tCCD_S = 2\ntCCD_L = 4\ntRTP = 4\ntRTRS = 2\ntXP = 8\n[power]\nVDD = 1.5\n"
                    "[system]\nchannel_size = 1024\nchannels = 8\nbus_width = 32\n"
                    "address_mapping = rochrabgbaco\ncmd_queue_size = 8\n", &c, 1) >= 0);
    assert_int_equal(info.fmt, GMC_DRAM_FMT_DRAMSIM3);
    assert_int_equal(c.data_rate, 4);
    assert_int_equal(c.columns, 1024);   /* a GDDR column is BL device columns: one burst */
    assert_int_equal(c.tck_ps, 500);
    assert_int_equal(c.tCL, 25);         /* AL + CL */
    assert_int_equal(c.tCWL, 9);
    assert_int_equal(c.tRC, 80);         /* tRAS + tRP, as DRAMsim3 derives it */
    assert_int_equal(c.tRRD_L, 12);      /* follows tRRD_S */
    assert_int_equal(c.refresh, 1);
    assert_int_equal(info.n_ignored, 0); /* [power] is read (VDD only: no energy) */
    assert_int_equal(c.vdd_mv, 1500);
    assert_int_equal(c.ranks, 1);
    assert_string_equal(info.ranks_how, "1 rank: a rank's 8192 MB exceed channel_size 1024 MB "
                                        "(DRAMsim3 then takes one rank)");
    assert_string_equal(info.map, "Row[35:22] Ch[21:19] Bank[18:17] Bank[16:15] Col[14:5] Block[4:0]");
    assert_non_null(strstr(warn, "x:28: warning: DRAMsim3 keys gmc does not model, ignored: tXP"));
    assert_non_null(strstr(warn, "cmd_queue_size"));
}

/* DRAMsim3's CalculateSize: ranks = channel_size / rank size (whole MB);
 * the map's ra field is gmc's Rank; bg is written before ba, so gmc's bank
 * group stays DRAMsim3's whatever their address order. */
static void a_dramsim3_channel_size_gives_ranks(void **st)
{
    (void)st;
    gmc_dram_cfg_t c;
    char text[1024];
    static const char head[] =
        "[dram_structure]\nprotocol = DDR4\nbankgroups = 4\nbanks_per_group = 4\nrows = 65536\n"
        "columns = 1024\ndevice_width = 8\nBL = 8\n[system]\nbus_width = 64\nchannels = 1\n"
        "address_mapping = rochrababgco\n";
    snprintf(text, sizeof text, "%schannel_size = 16384\n", head);
    assert_true(imp(text, &c, 1) >= 0);
    assert_int_equal(c.ranks, 2);
    assert_int_equal(c.columns, 128);    /* DDR: 1024 device columns / BL */
    assert_string_equal(info.ranks_how, "2 ranks: channel_size 16384 MB / 8192 MB a rank "
                                        "(64 MB banks x 16 x 8 devices)");
    assert_string_equal(info.map, "Row[33:18] Rank[17] Bank[14:13] Bank[16:15] Col[12:6] Block[5:0]");
    assert_null(strstr(warn, "rank"));
    gmc_addrmap_t m;
    gmc_dramaddr_t f;
    assert_int_equal(gmc_addrmap_parse(info.map, "map", &m, err, sizeof err), 0);
    assert_int_equal(gmc_addrmap_ranks_fit(&m, 2, 16, "", err, sizeof err), 0);
    gmc_addrmap_decode(&m, 1ull << 17 | 1ull << 13 | 1ull << 15, &f);
    assert_int_equal(f.f[GMC_F_BANK], 16 + 4 + 1);   /* rank 1, group (bg) 1, bank (ba) 1 */
    /* channel_size is DRAMsim3's default when absent: 1024 MB, under one rank */
    assert_true(imp(head, &c, 1) >= 0);
    assert_int_equal(c.ranks, 1);
    assert_string_equal(info.ranks_how, "1 rank: a rank's 8192 MB exceed channel_size 1024 MB "
                                        "(DRAMsim3's default) (DRAMsim3 then takes one rank)");
    /* more banks than a controller serves: refused at the channel_size line */
    snprintf(text, sizeof text, "%schannel_size = 65536\n", head);
    assert_int_equal(imp(text, &c, 1), -1);
    assert_string_equal(err, "x:13: expected ranks * bank_groups * banks_per_group <= 64 (banks "
                             "of a channel), found '8 * 4 * 4'");
    snprintf(text, sizeof text, "%schannel_size = 24576\n", head);   /* 3 ranks: no map */
    assert_true(imp(text, &c, 1) >= 0);
    assert_int_equal(c.ranks, 3);
    assert_string_equal(info.map, "");
    assert_non_null(strstr(info.map_err, "expected power-of-two rows, columns, channels, ranks"));
}

/* bankgroup_enable = false folds the groups into one (DRAMsim3's
 * InitDRAMParams), and one group times every pair with the _S values
 * (timing.cc); an HBM column is 2 device columns. */
static void dramsim3_one_bank_group_and_hbm_columns(void **st)
{
    (void)st;
    gmc_dram_cfg_t c;
    assert_true(imp("[dram_structure]\nprotocol = GDDR5\nbankgroups = 4\nbanks_per_group = 4\n"
                    "bankgroup_enable = false\nrows = 16384\ncolumns = 128\ndevice_width = 32\n"
                    "BL = 8\n[timing]\ntRRD_S = 10\ntRRD_L = 12\ntCCD_S = 2\ntCCD_L = 3\n"
                    "tWTR_S = 5\ntWTR_L = 9\n[system]\nbus_width = 128\nchannel_size = 4096\n",
                    &c, 1) >= 0);
    assert_int_equal(c.bank_groups, 1);
    assert_int_equal(c.banks_per_group, 16);
    assert_int_equal(c.tRRD_L, 10);
    assert_int_equal(c.tCCD_L, 2);
    assert_int_equal(c.tWTR_L, 5);
    assert_int_equal(c.ranks, 1);        /* 4096 MB: 64 MB banks x 16 x 4 devices */
    assert_null(strstr(warn, "bankgroup_enable"));
    assert_int_equal(imp("[dram_structure]\nbankgroup_enable = no\n", &c, 1), -1);
    assert_string_equal(err, "x:2: expected bankgroup_enable = true or false, found 'no'");
    assert_true(imp("[dram_structure]\nprotocol = HBM\ncolumns = 64\nBL = 4\n[system]\n"
                    "channel_size = 128\n", &c, 1) >= 0);
    assert_int_equal(c.columns, 32);     /* 64 x 2 device columns / BL 4 */
}

static void gmc_format_unchanged_and_over_a_base(void **st)
{
    (void)st;
    gmc_dram_cfg_t c, p;
    const char *text = gmc_dram_preset_text("gddr5-hynix");
    assert_true(imp(text, &c, 0) >= 0);
    char none[1] = "";
    assert_true(gmc_dram_cfg_preset("gddr5-hynix", &p, err, sizeof err, none, 0) >= 0);
    assert_memory_equal(&c, &p, sizeof c);
    assert_int_equal(imp("tCL = 30\n", &c, 0), -1);   /* alone: still complete or refused */
    assert_true(imp("tCL = 30\ntRRD_S = 12\n", &c, 1) >= 0);
    assert_int_equal(c.tCL, 30);
    assert_int_equal(c.tRRD_L, 12);                  /* the default follows the file's key */
    assert_int_equal(c.tRCD, base.tRCD);
    assert_string_equal(c.name, "");
}

static void gpgpusim_maps_that_cannot_be_gmc_maps(void **st)
{
    (void)st;
    char out[256], e[256];
    unsigned nb[5];
    const char *rtx = "dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCC.BCCSSSSS";
    const char *far = "dramid@40;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCC.BCCSSSSS";
    assert_int_equal(gmc_dram_gpgpusim_map(far, strlen(far), 12, out, sizeof out, nb, e, sizeof e), -1);
    assert_non_null(strstr(e, "expected dramid@N with N at most 28 (the map's bits) for 12 channels, "
                              "found dramid@40"));
    assert_int_equal(gmc_dram_gpgpusim_map(rtx, strlen(rtx), 16, out, sizeof out, nb, e, sizeof e), 0);
    assert_string_equal(out, "Row[31:19] Bank[18:16] Col[15:12] Ch[11:8] Bank[7] Col[6:5] Block[4:0]");
    const char *gap = "00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBB0CCC.BCCSSSSS";
    assert_int_equal(gmc_dram_gpgpusim_map(gap, strlen(gap), 16, out, sizeof out, nb, e, sizeof e), -1);
    assert_non_null(strstr(e, "bit 11 unused"));
    assert_int_equal(gmc_dram_gpgpusim_map("RRX", 3, 16, out, sizeof out, nb, e, sizeof e), -1);
    assert_non_null(strstr(e, "found 'X'"));
    assert_int_equal(gmc_dram_gpgpusim_map("RRB", 3, 16, out, sizeof out, nb, e, sizeof e), -1);
    assert_non_null(strstr(e, "expected 64 bit positions"));
    gmc_dram_cfg_t c;   /* through a config: recorded, an error only if the map is used */
    assert_true(imp("-gpgpu_n_mem 12\n-gpgpu_mem_addr_mapping dramid@40;00000000.00000000.00000000."
                    "00000000.0000RRRR.RRRRRRRR.RBBBCCCC.BCCSSSSS\n", &c, 1) >= 0);
    assert_string_equal(info.map, "");
    assert_non_null(strstr(info.map_err, "x:2: -gpgpu_mem_addr_mapping: expected dramid@N"));
}

/* GPGPU-Sim's "gap" case: dramid@N with a channel count that is not a
 * power of two takes the channel as (addr >> N) mod channels and reads
 * the letters from the rest; gmc writes that as Ch%C@N, placed before the
 * first run below bit N (as gmc_addrmap_format does). */
static void a_non_power_of_two_channel_count_takes_the_channel_modulo(void **st)
{
    (void)st;
    char out[256], e[256];
    unsigned nb[5];
    const char *rtx = "dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCC.BCCSSSSS";
    assert_int_equal(gmc_dram_gpgpusim_map(rtx, strlen(rtx), 12, out, sizeof out, nb, e, sizeof e), 0);
    assert_string_equal(out, "Row[27:15] Bank[14:12] Col[11:8] Ch%12@8 Bank[7] Col[6:5] Block[4:0]");
    assert_int_equal(nb[GMC_F_CH], 0);
    assert_int_equal(nb[GMC_F_ROW], 13);
    gmc_addrmap_t m;
    assert_int_equal(gmc_addrmap_parse(out, "imported", &m, e, sizeof e), 0);
    char back[256];
    gmc_addrmap_format(&m, back, sizeof back);
    assert_string_equal(back, out);
    /* the split inside a run: the token still goes before that run */
    const char *mid = "dramid@6;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCC.BCCSSSSS";
    assert_int_equal(gmc_dram_gpgpusim_map(mid, strlen(mid), 24, out, sizeof out, nb, e, sizeof e), 0);
    assert_string_equal(out, "Row[27:15] Bank[14:12] Col[11:8] Bank[7] Ch%24@6 Col[6:5] Block[4:0]");
    gmc_dram_cfg_t c;
    assert_true(imp("-gpgpu_n_mem 12\n-gpgpu_mem_addr_mapping dramid@8;00000000.00000000.00000000."
                    "00000000.0000RRRR.RRRRRRRR.RBBBCCCC.BCCSSSSS\n", &c, 1) >= 0);
    assert_string_equal(info.map, "Row[27:15] Bank[14:12] Col[11:8] Ch%12@8 Bank[7] Col[6:5] Block[4:0]");
    assert_string_equal(info.map_err, "");
}

static void bad_input_is_one_file_line_error(void **st)
{
    (void)st;
    static const struct { const char *text, *want; } bad[] = {
        {"-gpgpu_n_mem 0\n", "x:1: expected -gpgpu_n_mem (gmc channels) in 1..4096, found '0'"},
        {"-gpgpu_n_mem two\n", "x:1: expected -gpgpu_n_mem <decimal integer>, found 'two'"},
        {"-gpgpu_n_mem 2\nfoo\n", "x:2: expected a GPGPU-Sim option '-name value', found 'foo'"},
        {"#\n-gpgpu_dram_timing_opt \"nbk=16\n", "x:2: expected a closing '\"'"},
        {"-gpgpu_dram_timing_opt nbk=16:CCD=x\n", "x:1: -gpgpu_dram_timing_opt: expected CCD=<decimal"},
        {"-gpgpu_clock_domains 1:2:3\n", "x:1: expected -gpgpu_clock_domains <core>:<icnt>:<l2>:<dram>"},
        {"-gpgpu_dram_burst_length 6\n-dram_data_command_freq_ratio 4\n",
         "x:1: expected a burst length that is a multiple of"},
        {"\n\nnbk=16:CCD=2:BOGUS=1\n", "x:3: expected a GPGPU-Sim timing field"},
        {"[timing]\ntCK = fast\n", "x:2: expected tCK = <ns above 0>, found 'fast'"},
        {"[timing]\ntRCD\n", "x:2: expected key = value, found 'tRCD'"},
        {"tRCD = 3\n[timing]\n", "x:2: expected a key (e.g. tCL = 20), found"},  /* gmc format: first line decides */
        {"[dram_structure]\nprotocol = DDR9\n", "x:2: expected protocol DDR3"},
        {"[dram_structure]\ncolumns = 1000\nBL = 16\n", "x:2: expected columns divisible by BL 16"},
        {"[timing]\ntRCD = 100000\n", "x:2: expected tRCD (gmc tRCD) in 1..1000, found '100000'"},
        {"[timing\n", "x:1: expected a section '[name]'"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        gmc_dram_cfg_t c;
        assert_int_equal(imp(bad[i].text, &c, 1), -1);
        if (strncmp(err, bad[i].want, strlen(bad[i].want)) &&
            !(bad[i].want[0] == 'x' && strstr(err, bad[i].want + 5) && !strncmp(err, bad[i].want, 4)))
            fail_msg("case %zu: got '%s', want '%s'", i, err, bad[i].want);
        assert_null(strchr(err, '\n'));
    }
}

int main(void)
{
    const struct CMUnitTest t[] = {
        cmocka_unit_test(formats_are_told_apart_by_content),
        cmocka_unit_test(a_gpgpusim_config_sets_device_and_map),
        cmocka_unit_test(a_timing_string_alone_takes_the_rest_from_the_base),
        cmocka_unit_test(a_dramsim3_ini_maps_its_keys),
        cmocka_unit_test(a_dramsim3_channel_size_gives_ranks),
        cmocka_unit_test(dramsim3_one_bank_group_and_hbm_columns),
        cmocka_unit_test(gmc_format_unchanged_and_over_a_base),
        cmocka_unit_test(gpgpusim_maps_that_cannot_be_gmc_maps),
        cmocka_unit_test(a_non_power_of_two_channel_count_takes_the_channel_modulo),
        cmocka_unit_test(bad_input_is_one_file_line_error),
    };
    return cmocka_run_group_tests(t, setup, NULL);
}
