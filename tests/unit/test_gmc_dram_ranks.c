/* gmc_dram with several ranks on a channel: rank-to-rank switching
 * (tRTRS, DRAMsim3's other-rank timings), tFAW and tRRD per rank, refresh
 * per rank and in turn, background energy per rank, the `ranks` key's
 * checks, and the address map's Rank field.  (The random-stream check of
 * every rule against the table, ranks included, is in test_gmc_dram_latency.c.) */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "mem/gmc_addrmap.h"
#include "mem/gmc_dram.h"
#include "mem/gmc_dram_energy.h"

/* Two ranks of 2 groups x 4 banks: rank 0 is banks 0..7, rank 1 banks 8..15.
 * tCCD_S = tBURST = 4, so a read's only spacing in its own rank is the
 * burst, and the other rank's read waits tRTRS = 2 more. */
static const char test_cfg[] =
    "channels = 1\nranks = 2\nbank_groups = 2\nbanks_per_group = 4\nrows = 1024\ncolumns = 32\n"
    "burst_length = 8\nbus_width = 32\ndata_rate = 2   # tBURST = 4\ntck_ps = 1000\n"
    "tCL = 11\ntCWL = 5\ntRCD = 13\ntRP = 12\ntRAS = 29\ntRC = 45\n"
    "tRRD_S = 3\ntRRD_L = 6\ntCCD_S = 4\ntCCD_L = 7\ntWR = 15\ntWTR_S = 3\ntWTR_L = 8\n"
    "tRTP = 6\ntFAW = 40\ntRTRS = 2\nrefresh = 1\ntRFC = 100\ntREFI = 1000\n"
    "vdd_mv = 1000\nidd0_ma = 100\nidd2n_ma = 20\nidd3n_ma = 30\nidd4r_ma = 200\nidd4w_ma = 200\n"
    "idd5_ma = 300\n";

static gmc_dram_cfg_t cfg;
static gmc_dram_t dev;
static gmc_dram_chan_t ch;
static char err[256], warn[1024];

#define ACT  GMC_DRAM_ACT
#define PRE  GMC_DRAM_PRE
#define PREA GMC_DRAM_PREA
#define RD   GMC_DRAM_RD
#define WR   GMC_DRAM_WR
#define REF  GMC_DRAM_REF

static int parse(const char *text, gmc_dram_cfg_t *c)
{
    err[0] = warn[0] = 0;
    return gmc_dram_cfg_parse(text, strlen(text), "r.cfg", c, err, sizeof err, warn, sizeof warn);
}

static int setup(void **st)
{
    (void)st;
    if (parse(test_cfg, &cfg) < 0 || gmc_dram_init(&dev, &cfg, err, sizeof err))
        fail_msg("test cfg: %s", err);
    gmc_dram_chan_reset(&dev, &ch);
    return 0;
}

static void go(int cmd, unsigned bank, uint32_t row, uint64_t t)
{
    gmc_dram_status_t s = gmc_dram_issue(&dev, &ch, (gmc_dram_cmd_t)cmd, bank, row, t, NULL);
    if (s != GMC_DRAM_OK)
        fail_msg("%s bank %u row %u at %llu: %s (earliest %llu)", gmc_dram_cmd_name(cmd), bank,
                 row, (unsigned long long)t, gmc_dram_status_name(s),
                 (unsigned long long)gmc_dram_earliest(&dev, &ch, cmd, bank));
}

/* The command is refused one cycle before t and accepted at t. */
static void expect_earliest(int cmd, unsigned bank, uint32_t row, uint64_t t)
{
    assert_int_equal(gmc_dram_earliest(&dev, &ch, cmd, bank), t);
    assert_int_equal(gmc_dram_can_issue(&dev, &ch, cmd, bank, row, t - 1), GMC_DRAM_ETIME);
    assert_int_equal(gmc_dram_can_issue(&dev, &ch, cmd, bank, row, t), GMC_DRAM_OK);
}

/* ------------------------------------------------------- rank to rank */

static void banks_are_numbered_rank_by_rank(void **st)
{
    (void)st;
    assert_int_equal(dev.nbanks, 16);
    assert_int_equal(dev.ranks, 2);
    assert_int_equal(dev.rank_banks, 8);
    assert_int_equal(dev.rank_of[7], 0);
    assert_int_equal(dev.rank_of[8], 1);
    assert_int_equal(dev.group_of[8], 2);   /* the channel's third group: rank 1's first */
}

static void read_on_another_rank_waits_trtrs_beyond_the_burst(void **st)
{
    (void)st;
    go(ACT, 0, 1, 0);
    go(ACT, 4, 1, 3);
    go(ACT, 8, 1, 4);
    go(RD, 0, 1, 100);
    expect_earliest(RD, 4, 1, 100 + 4);       /* same rank, other group: tCCD_S = tBURST */
    expect_earliest(RD, 8, 1, 100 + 4 + 2);   /* other rank: tBURST + tRTRS */
}

static void write_on_another_rank_waits_the_burst_alone(void **st)
{
    (void)st;
    go(ACT, 0, 1, 0);
    go(ACT, 8, 1, 1);
    go(WR, 0, 1, 100);
    expect_earliest(WR, 8, 1, 100 + 4);       /* DRAMsim3's write_to_write_o: the burst */
}

static void read_on_another_rank_after_a_write_skips_twtr(void **st)
{
    (void)st;
    go(ACT, 0, 1, 0);
    go(ACT, 4, 1, 3);
    go(ACT, 8, 1, 4);
    go(WR, 0, 1, 100);
    expect_earliest(RD, 4, 1, 100 + 5 + 4 + 3);   /* same rank: tCWL + tBURST + tWTR_S */
    /* other rank: tCWL + tBURST + tRTRS - tCL = 0; the command bus's 1 */
    expect_earliest(RD, 8, 1, 100 + 1);
}

static void write_after_a_read_turns_the_bus_around_on_every_rank(void **st)
{
    (void)st;
    go(ACT, 0, 1, 0);
    go(ACT, 8, 1, 1);
    go(RD, 0, 1, 100);
    expect_earliest(WR, 8, 1, 100 + 11 + 4 + 2 - 5);   /* tCL + tBURST + tRTRS - tCWL */
    expect_earliest(WR, 0, 1, 100 + 11 + 4 + 2 - 5);
}

/* ------------------------------------------------------- activation windows */

static void tfaw_is_per_rank(void **st)
{
    (void)st;
    go(ACT, 0, 1, 0);
    go(ACT, 4, 1, 3);
    go(ACT, 1, 1, 6);
    go(ACT, 5, 1, 9);
    expect_earliest(ACT, 2, 1, 0 + 40);   /* the rank's fifth ACT: tFAW */
    expect_earliest(ACT, 8, 1, 10);       /* the other rank: the command bus alone */
    go(ACT, 8, 1, 10);
    go(ACT, 12, 1, 13);
    go(ACT, 9, 1, 16);
    go(ACT, 13, 1, 19);
    expect_earliest(ACT, 10, 1, 10 + 40);
    expect_earliest(ACT, 2, 1, 40);       /* rank 0's window is its own */
}

static void trrd_is_per_rank(void **st)
{
    (void)st;
    go(ACT, 0, 1, 10);
    expect_earliest(ACT, 4, 1, 10 + 3);   /* same rank: tRRD_S */
    expect_earliest(ACT, 8, 1, 10 + 1);
}

/* ------------------------------------------------------- refresh */

static void refresh_of_one_rank_leaves_the_other_free(void **st)
{
    (void)st;
    go(ACT, 8, 1, 0);
    go(REF, 0, 0, 50);   /* rank 0 closed; rank 1's open bank does not matter */
    expect_earliest(ACT, 3, 1, 50 + 100);
    expect_earliest(ACT, 12, 1, 51);
    expect_earliest(RD, 8, 1, 51);
    assert_int_equal(gmc_dram_can_issue(&dev, &ch, REF, 8, 0, 200), GMC_DRAM_EOPEN);
    assert_int_equal(gmc_dram_can_issue(&dev, &ch, REF, 3, 0, 200), GMC_DRAM_OK);
}

static void prea_closes_its_own_rank(void **st)
{
    (void)st;
    go(ACT, 0, 1, 0);
    go(ACT, 8, 2, 1);
    go(ACT, 12, 3, 4);
    go(PREA, 9, 0, 100);   /* any bank names the rank */
    assert_int_equal(gmc_dram_open_row(&ch, 8), GMC_DRAM_CLOSED);
    assert_int_equal(gmc_dram_open_row(&ch, 12), GMC_DRAM_CLOSED);
    assert_int_equal(gmc_dram_open_row(&ch, 0), 1);
    assert_int_equal(ch.n_open, 1);
    assert_int_equal(gmc_dram_rank_open(&dev, &ch, 0), 1);
    assert_int_equal(gmc_dram_rank_open(&dev, &ch, 15), 0);
    expect_earliest(ACT, 9, 1, 100 + 12);   /* tRP after the rank's PREA */
}

/* DRAMsim3's RANK_LEVEL_STAGGERED: a REF every tREFI / ranks, the ranks in
 * turn, so each rank's every tREFI. */
static void ranks_refresh_in_turn(void **st)
{
    (void)st;
    assert_false(gmc_dram_refresh_due(&ch, 499));
    assert_true(gmc_dram_refresh_due(&ch, 500));
    assert_int_equal(gmc_dram_refresh_bank(&dev, &ch), 0);
    go(REF, 0, 0, 510);
    assert_int_equal(gmc_dram_refresh_bank(&dev, &ch), 8);
    assert_false(gmc_dram_refresh_due(&ch, 999));
    go(REF, 2, 0, 700);   /* rank 0 again, out of turn: pays nothing */
    assert_int_equal(gmc_dram_refresh_bank(&dev, &ch), 8);
    assert_int_equal(gmc_dram_refresh_owed(&dev, &ch, 2100), 3);   /* 1000, 1500, 2000 */
    go(REF, 8, 0, 2100);
    go(REF, 0, 0, 2200);
    go(REF, 8, 0, 2300);
    assert_false(gmc_dram_refresh_due(&ch, 2499));
    assert_int_equal(gmc_dram_refresh_bank(&dev, &ch), 0);
}

/* ------------------------------------------------------- energy */

static void background_energy_is_per_rank(void **st)
{
    (void)st;
    go(ACT, 0, 1, 10);
    go(ACT, 8, 1, 20);
    go(PRE, 0, 0, 50);
    /* rank 0 open 10..50, rank 1 from 20 on: 40 + 80 rank-cycles by 100 */
    assert_int_equal(gmc_dram_active_cycles(&ch, 100), 120);
    gmc_dram_energy_t e;
    assert_int_equal(gmc_dram_energy(&cfg, &ch.st, 100, gmc_dram_active_cycles(&ch, 100), &e), 0);
    /* 1000 mV x 30 mA x 1000 ps = 30 pJ a rank-cycle open, 20 closed */
    assert_true(e.bg_active > 120 * 30 - 1e-6 && e.bg_active < 120 * 30 + 1e-6);
    assert_true(e.bg_precharged > 80 * 20 - 1e-6 && e.bg_precharged < 80 * 20 + 1e-6);
}

/* ------------------------------------------------------- the ranks key */

static void ranks_key_defaults_to_one_and_is_checked(void **st)
{
    (void)st;
    char text[2048];
    gmc_dram_cfg_t c;
    const char *body = strstr(test_cfg, "bank_groups");
    snprintf(text, sizeof text, "channels = 1\n%s", body);
    assert_true(parse(text, &c) >= 0);
    assert_int_equal(c.ranks, 1);
    static const struct { const char *line, *want; } bad[] = {
        {"ranks = 0", "r.cfg:2: expected ranks as a decimal integer in 1..16, found '0'"},
        {"ranks = 17", "r.cfg:2: expected ranks as a decimal integer in 1..16, found '17'"},
        {"ranks = 16", "r.cfg:2: expected ranks * bank_groups * banks_per_group <= 64 (banks "
                       "of a channel), found '16 * 2 * 4'"},
    };
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        snprintf(text, sizeof text, "channels = 1\n%s\n%s", bad[i].line, body);
        assert_int_equal(parse(text, &c), -1);
        assert_string_equal(err, bad[i].want);
    }
    snprintf(text, sizeof text, "channels = 1\nranks = 16\n%s", body);
    char *bpg = strstr(text, "banks_per_group = 4");
    memcpy(bpg, "banks_per_group = 1", 19);   /* 16 x 2 x 1 banks, but 32 groups */
    assert_int_equal(parse(text, &c), -1);
    assert_string_equal(err, "r.cfg:2: expected ranks * bank_groups <= 16 (bank groups of a "
                             "channel), found '16 * 2'");
    /* a config formats with its ranks and reads back the same */
    char out[2048];
    gmc_dram_cfg_t back;
    gmc_dram_cfg_format(&cfg, out, sizeof out);
    assert_non_null(strstr(out, "ranks           = 2\n"));
    assert_true(parse(out, &back) >= 0);
    assert_memory_equal(&back, &cfg, sizeof cfg);
}

/* ------------------------------------------------------- the map's Rank field */

static void a_map_rank_field_is_the_bank_numbers_high_part(void **st)
{
    (void)st;
    gmc_addrmap_t m;
    gmc_dramaddr_t f;
    const char *spec = "Row[31:16] Rank[15] Bank[14:11] Col[10:6] Block[5:0]";
    assert_int_equal(gmc_addrmap_parse(spec, "t", &m, err, sizeof err), 0);
    assert_int_equal(m.rank_bits, 1);
    assert_int_equal(m.rank_at, 4);
    assert_int_equal(m.fwidth[GMC_F_BANK], 5);
    gmc_addrmap_decode(&m, 1ull << 15 | 3ull << 11, &f);
    assert_int_equal(f.f[GMC_F_BANK], 16 + 3);
    assert_int_equal(gmc_addrmap_encode(&m, &f), 1ull << 15 | 3ull << 11);
    char back[128];
    gmc_addrmap_format(&m, back, sizeof back);
    assert_string_equal(back, spec);
    assert_int_equal(gmc_addrmap_ranks_fit(&m, 2, 16, "", err, sizeof err), 0);
    assert_int_equal(gmc_addrmap_ranks_fit(&m, 1, 16, "", err, sizeof err), -1);
    assert_string_equal(err, "map custom: expected at most 0 Rank bits above 4 Bank bits (the "
                             "device's 1 rank of 16 banks), found 1 Rank bit above 4 Bank bits");
    assert_int_equal(gmc_addrmap_ranks_fit(&m, 2, 32, "", err, sizeof err), -1);   /* 5 bank bits */
    /* Rank written before or after Bank: the bits are the bank number's top */
    assert_int_equal(gmc_addrmap_parse("Rank[15:14] Row[13:10] Bank[9:6] Block[5:0]", "t", &m,
                                       err, sizeof err), 0);
    gmc_addrmap_decode(&m, 2ull << 14 | 5ull << 6, &f);
    assert_int_equal(f.f[GMC_F_BANK], 2 * 16 + 5);
    assert_int_equal(gmc_addrmap_parse("Row[9:7] Rank[6] Block[5:0]", "t", &m, err, sizeof err), 0);
    assert_int_equal(m.rank_at, 0);   /* no Bank bits: the rank is the whole bank number */
    assert_int_equal(gmc_addrmap_parse("Rnk[6] Block[5:0]", "t", &m, err, sizeof err), -1);
    assert_string_equal(err, "t:1: expected a field name (row, rank, bank, col, ch, block), "
                             "found 'Rnk[6]'");
}

int main(void)
{
#define T(f) cmocka_unit_test_setup(f, setup)
    const struct CMUnitTest t[] = {
        T(banks_are_numbered_rank_by_rank),
        T(read_on_another_rank_waits_trtrs_beyond_the_burst),
        T(write_on_another_rank_waits_the_burst_alone),
        T(read_on_another_rank_after_a_write_skips_twtr),
        T(write_after_a_read_turns_the_bus_around_on_every_rank),
        T(tfaw_is_per_rank),
        T(trrd_is_per_rank),
        T(refresh_of_one_rank_leaves_the_other_free),
        T(prea_closes_its_own_rank),
        T(ranks_refresh_in_turn),
        T(background_energy_is_per_rank),
        T(ranks_key_defaults_to_one_and_is_checked),
        T(a_map_rank_field_is_the_bank_numbers_high_part),
    };
#undef T
    return cmocka_run_group_tests_name("gmc_dram_ranks", t, NULL, NULL);
}
