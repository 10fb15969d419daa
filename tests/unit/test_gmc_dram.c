/* gmc_dram: one test per timing rule, bank-state legality, refresh, the
 * unloaded hit/miss/conflict latencies of every preset, and a random-stream
 * cross-check of the engine against a pairwise reading of the rule table. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "mem/gmc_dev_kind.h"
#include "mem/gmc_dram.h"
#include "util/gmc_rng.h"

/* Distinct values so that each rule is identified by its number. */
static const char test_cfg[] =
    "name = test\n"
    "channels = 1\nbank_groups = 2\nbanks_per_group = 4\nrows = 1024\ncolumns = 32\n"
    "burst_length = 8\nbus_width = 32\ndata_rate = 2   # tBURST = 4\ntck_ps = 1000\n"
    "tCL = 11\ntCWL = 5\ntRCD = 13\ntRP = 12\ntRAS = 29\ntRC = 45\n"
    "tRRD_S = 3\ntRRD_L = 6\ntCCD_S = 5\ntCCD_L = 7\ntWR = 15\ntWTR_S = 3\ntWTR_L = 8\n"
    "tRTP = 6\ntFAW = 40\ntRTRS = 2\nrefresh = 1\ntRFC = 100\ntREFI = 1000\n";

static gmc_dram_cfg_t cfg;
static gmc_dram_t dev;
static gmc_dram_chan_t ch;

#define ACT  GMC_DRAM_ACT
#define PRE  GMC_DRAM_PRE
#define PREA GMC_DRAM_PREA
#define RD   GMC_DRAM_RD
#define WR   GMC_DRAM_WR
#define REF  GMC_DRAM_REF

static void load_test_cfg(gmc_dram_cfg_t *c)
{
    char err[256], warn[512] = "";
    int rc = gmc_dram_cfg_parse(test_cfg, strlen(test_cfg), "test.cfg", c, err, sizeof err,
                                warn, sizeof warn);
    if (rc != 0)
        fail_msg("test cfg: rc %d: %s %s", rc, err, warn);
}

static void boot(const gmc_dram_cfg_t *c)
{
    char err[256];
    if (gmc_dram_init(&dev, c, err, sizeof err))
        fail_msg("init: %s", err);
    gmc_dram_chan_reset(&dev, &ch);
}

static int setup(void **st)
{
    (void)st;
    load_test_cfg(&cfg);
    boot(&cfg);
    return 0;
}

/* Issues at exactly t; returns the `done` cycle. */
static uint64_t go(int cmd, unsigned bank, uint32_t row, uint64_t t)
{
    uint64_t done = 0;
    gmc_dram_status_t s = gmc_dram_issue(&dev, &ch, (gmc_dram_cmd_t)cmd, bank, row, t, &done);
    if (s != GMC_DRAM_OK)
        fail_msg("%s bank %u row %u at %llu: %s (earliest %llu)", gmc_dram_cmd_name(cmd), bank,
                 row, (unsigned long long)t, gmc_dram_status_name(s),
                 (unsigned long long)gmc_dram_earliest(&dev, &ch, cmd, bank));
    return done;
}

/* The command is refused one cycle before t and accepted at t. */
static void expect_earliest(int cmd, unsigned bank, uint32_t row, uint64_t t)
{
    assert_int_equal(gmc_dram_earliest(&dev, &ch, cmd, bank), t);
    assert_int_equal(gmc_dram_can_issue(&dev, &ch, cmd, bank, row, t - 1), GMC_DRAM_ETIME);
    assert_int_equal(gmc_dram_can_issue(&dev, &ch, cmd, bank, row, t), GMC_DRAM_OK);
}

/* ------------------------------------------------------- one bank */

static void read_after_act_waits_trcd(void **st)
{
    go(ACT, 0, 5, 100);
    expect_earliest(RD, 0, 5, 100 + 13);
    assert_int_equal(go(RD, 0, 5, 113), 113 + 11 + 4);   /* data end = tCL + tBURST */
}

static void write_after_act_waits_trcd(void **st)
{
    go(ACT, 0, 5, 100);
    expect_earliest(WR, 0, 5, 100 + 13);
    assert_int_equal(go(WR, 0, 5, 113), 113 + 5 + 4);    /* tCWL + tBURST */
}

static void pre_after_act_waits_tras(void **st)
{
    go(ACT, 2, 1, 50);
    expect_earliest(PRE, 2, 0, 50 + 29);
}

static void act_after_pre_waits_trp(void **st)
{
    go(ACT, 0, 1, 0);
    go(PRE, 0, 0, 200);                 /* long after tRC */
    expect_earliest(ACT, 0, 2, 200 + 12);
}

static void act_after_act_same_bank_waits_trc(void **st)
{
    go(ACT, 0, 1, 0);
    go(PRE, 0, 0, 29);                  /* PRE at tRAS: tRAS + tRP = 41 < tRC = 45 */
    expect_earliest(ACT, 0, 2, 45);
}

static void pre_after_rd_waits_trtp(void **st)
{
    go(ACT, 0, 1, 0);
    go(RD, 0, 1, 100);
    expect_earliest(PRE, 0, 0, 100 + 6);
}

static void pre_after_wr_waits_write_recovery(void **st)
{
    go(ACT, 0, 1, 0);
    go(WR, 0, 1, 100);
    expect_earliest(PRE, 0, 0, 100 + 5 + 4 + 15);       /* tCWL + tBURST + tWR */
}

/* ------------------------------------------------------- bank groups and the channel */

static void act_other_bank_same_group_waits_trrd_l(void **st)
{
    go(ACT, 0, 1, 10);
    expect_earliest(ACT, 1, 1, 10 + 6);
}

static void act_other_group_waits_trrd_s(void **st)
{
    go(ACT, 0, 1, 10);
    expect_earliest(ACT, 4, 1, 10 + 3);
}

static void fifth_act_waits_tfaw(void **st)
{
    go(ACT, 0, 1, 0);
    go(ACT, 4, 1, 10);
    go(ACT, 1, 1, 13);
    go(ACT, 5, 1, 16);
    expect_earliest(ACT, 2, 1, 0 + 40);   /* tRRD alone would allow 19 */
    go(ACT, 2, 1, 40);
    expect_earliest(ACT, 6, 1, 10 + 40);  /* the window slides to the 2nd ACT; tRRD_S: 43 */
}

static void rd_after_rd_same_group_waits_tccd_l(void **st)
{
    go(ACT, 0, 1, 0);
    go(ACT, 1, 1, 6);
    go(RD, 0, 1, 100);
    expect_earliest(RD, 1, 1, 100 + 7);
    expect_earliest(RD, 0, 1, 100 + 7);   /* the same bank is in the same group */
}

static void rd_after_rd_other_group_waits_tccd_s(void **st)
{
    go(ACT, 0, 1, 0);
    go(ACT, 4, 1, 3);
    go(RD, 0, 1, 100);
    expect_earliest(RD, 4, 1, 100 + 5);
}

static void wr_after_wr_waits_tccd_s_and_l(void **st)
{
    go(ACT, 0, 1, 0);
    go(ACT, 1, 1, 6);
    go(ACT, 4, 1, 9);
    go(WR, 0, 1, 100);
    expect_earliest(WR, 4, 1, 100 + 5);
    expect_earliest(WR, 1, 1, 100 + 7);
}

static void rd_after_rd_waits_tburst_when_tccd_is_shorter(void **st)
{
    cfg.tCCD_S = 2;
    cfg.tCCD_L = 3;
    cfg.burst_length = 16;
    cfg.tBURST = 8;                       /* data bus: 8 cycles per burst */
    boot(&cfg);
    go(ACT, 0, 1, 0);
    go(ACT, 4, 1, 3);
    go(RD, 0, 1, 100);
    expect_earliest(RD, 4, 1, 100 + 8);
    expect_earliest(WR, 4, 1, 100 + 11 + 8 + 2 - 5);
}

static void wr_after_rd_waits_turnaround(void **st)
{
    go(ACT, 0, 1, 0);
    go(ACT, 4, 1, 3);
    go(RD, 0, 1, 100);
    /* write data may start tRTRS after the read data ends: tCL + tBURST + tRTRS - tCWL */
    expect_earliest(WR, 4, 1, 100 + 11 + 4 + 2 - 5);
    expect_earliest(WR, 0, 1, 100 + 11 + 4 + 2 - 5);
}

static void rd_after_wr_waits_twtr_s_and_l(void **st)
{
    go(ACT, 0, 1, 0);
    go(ACT, 1, 1, 6);
    go(ACT, 4, 1, 9);
    go(WR, 0, 1, 100);
    expect_earliest(RD, 4, 1, 100 + 5 + 4 + 3);   /* tCWL + tBURST + tWTR_S */
    expect_earliest(RD, 1, 1, 100 + 5 + 4 + 8);   /* tCWL + tBURST + tWTR_L */
    expect_earliest(RD, 0, 1, 100 + 5 + 4 + 8);
}

static void one_command_per_cycle(void **st)
{
    go(ACT, 0, 1, 10);
    go(ACT, 4, 1, 13);
    go(RD, 0, 1, 23);
    /* tRRD_L from bank 4 would allow bank 5 at 19: only the command bus blocks 23 */
    expect_earliest(ACT, 5, 1, 24);
}

static void time_never_runs_backwards(void **st)
{
    go(ACT, 0, 1, 500);
    assert_int_equal(gmc_dram_can_issue(&dev, &ch, ACT, 4, 1, 499), GMC_DRAM_ETIME);
    assert_int_equal(gmc_dram_can_issue(&dev, &ch, REF, 0, 0, 10), GMC_DRAM_EOPEN);
}

static void prea_waits_for_every_bank_and_closes_them(void **st)
{
    go(ACT, 0, 1, 0);
    go(ACT, 4, 2, 3);
    go(RD, 4, 2, 16);                              /* tRTP ends at 22 */
    expect_earliest(PREA, 0, 0, 3 + 29);           /* tRAS of the later ACT */
    go(PREA, 0, 0, 32);
    assert_int_equal(gmc_dram_open_row(&ch, 0), GMC_DRAM_CLOSED);
    assert_int_equal(gmc_dram_open_row(&ch, 4), GMC_DRAM_CLOSED);
    assert_int_equal(ch.n_open, 0);
    expect_earliest(ACT, 5, 3, 32 + 12);           /* tRP after PREA */
}

/* ------------------------------------------------------- refresh */

static void refresh_blocks_every_bank_for_trfc(void **st)
{
    go(REF, 0, 0, 50);
    for (unsigned b = 0; b < 8; b++)
        expect_earliest(ACT, b, 0, 50 + 100);
    expect_earliest(REF, 0, 0, 150);
    expect_earliest(PREA, 0, 0, 150);
}

static void refresh_waits_trp_after_precharge(void **st)
{
    go(ACT, 3, 1, 0);
    assert_int_equal(gmc_dram_can_issue(&dev, &ch, REF, 0, 0, 100), GMC_DRAM_EOPEN);
    go(PRE, 3, 0, 100);
    expect_earliest(REF, 0, 0, 100 + 12);
}

static void refresh_due_every_trefi(void **st)
{
    assert_false(gmc_dram_refresh_due(&ch, 999));
    assert_true(gmc_dram_refresh_due(&ch, 1000));
    assert_int_equal(gmc_dram_refresh_owed(&dev, &ch, 1000), 1);
    go(REF, 0, 0, 1005);
    assert_false(gmc_dram_refresh_due(&ch, 1999));
    assert_true(gmc_dram_refresh_due(&ch, 2000));
    assert_int_equal(gmc_dram_refresh_owed(&dev, &ch, 4500), 3);   /* 2000, 3000, 4000 */
    go(REF, 0, 0, 4500);
    go(REF, 0, 0, 4600);
    go(REF, 0, 0, 4700);
    assert_false(gmc_dram_refresh_due(&ch, 4999));
    assert_int_equal(ch.st.cmds[REF], 4);
}

static void refresh_off_is_never_due(void **st)
{
    cfg.refresh = 0;
    boot(&cfg);
    assert_false(gmc_dram_refresh_due(&ch, UINT64_MAX - 1));
    assert_int_equal(gmc_dram_refresh_owed(&dev, &ch, 1u << 30), 0);
    go(REF, 0, 0, 10);   /* a REF is still legal, just never asked for */
    assert_false(gmc_dram_refresh_due(&ch, 1u << 30));
}

/* ------------------------------------------------------- bank state */

static void commands_to_closed_or_wrong_row_are_refused(void **st)
{
    gmc_dram_chan_t before;
    assert_int_equal(gmc_dram_issue(&dev, &ch, RD, 0, 1, 100, NULL), GMC_DRAM_ECLOSED);
    assert_int_equal(gmc_dram_issue(&dev, &ch, WR, 0, 1, 100, NULL), GMC_DRAM_ECLOSED);
    assert_int_equal(gmc_dram_issue(&dev, &ch, PRE, 0, 0, 100, NULL), GMC_DRAM_ECLOSED);
    go(ACT, 0, 7, 100);
    memcpy(&before, &ch, sizeof ch);
    assert_int_equal(gmc_dram_issue(&dev, &ch, RD, 0, 8, 500, NULL), GMC_DRAM_EROW);
    assert_int_equal(gmc_dram_issue(&dev, &ch, WR, 0, 6, 500, NULL), GMC_DRAM_EROW);
    assert_int_equal(gmc_dram_issue(&dev, &ch, ACT, 0, 7, 500, NULL), GMC_DRAM_EOPEN);
    assert_int_equal(gmc_dram_issue(&dev, &ch, REF, 0, 0, 500, NULL), GMC_DRAM_EOPEN);
    assert_int_equal(gmc_dram_issue(&dev, &ch, ACT, 8, 1, 500, NULL), GMC_DRAM_EARG);
    assert_int_equal(gmc_dram_issue(&dev, &ch, ACT, 1, 1024, 500, NULL), GMC_DRAM_EARG);
    assert_int_equal(gmc_dram_issue(&dev, &ch, (gmc_dram_cmd_t)9, 1, 1, 500, NULL),
                     GMC_DRAM_EARG);
    assert_int_equal(gmc_dram_issue(&dev, &ch, RD, 0, 7, 101, NULL), GMC_DRAM_ETIME);
    assert_memory_equal(&before, &ch, sizeof ch);   /* refusals change nothing */
    assert_int_equal(gmc_dram_open_row(&ch, 0), 7);
}

static void counters_count_commands_and_data_bus_cycles(void **st)
{
    go(ACT, 0, 1, 0);
    go(RD, 0, 1, 13);
    go(RD, 0, 1, 20);
    go(WR, 0, 1, 40);
    go(PRE, 0, 0, 80);
    assert_int_equal(ch.st.cmds[ACT], 1);
    assert_int_equal(ch.st.cmds[RD], 2);
    assert_int_equal(ch.st.cmds[WR], 1);
    assert_int_equal(ch.st.cmds[PRE], 1);
    assert_int_equal(ch.st.data_busy, 3 * 4);
    assert_int_equal(ch.st.last_data_end, 40 + 5 + 4);
}

static void rule_table_compiles_to_the_largest_latency_per_scope(void **st)
{
    assert_int_equal(dev.lat[RD][GMC_DRAM_CHANNEL][RD], 5);       /* max(tCCD_S, tBURST, 1) */
    assert_int_equal(dev.lat[RD][GMC_DRAM_SAME_GROUP][RD], 7);
    assert_int_equal(dev.lat[ACT][GMC_DRAM_SAME_BANK][ACT], 45);
    assert_int_equal(dev.lat[PRE][GMC_DRAM_CHANNEL][PRE], 1);     /* command bus only */
    assert_int_equal(dev.lat[REF][GMC_DRAM_CHANNEL][ACT], 100);
    assert_int_equal(dev.lat[PREA][GMC_DRAM_SAME_BANK][ACT], 0);  /* all-bank: channel only */
    char e[64];
    for (unsigned i = 0; i < gmc_dev_kind_dram.nrules; i++)
        assert_true(gmc_dram_rule_expr(&gmc_dev_kind_dram.rules[i], e, sizeof e) > 0);
}

static void init_rejects_an_invalid_cfg(void **st)
{
    char err[256];
    cfg.banks_per_group = 64;   /* 2 x 64 banks > GMC_DRAM_MAX_BANKS */
    assert_int_equal(gmc_dram_init(&dev, &cfg, err, sizeof err), -1);
    assert_non_null(strstr(err, "expected bank_groups * banks_per_group <= 64"));
}

int main(void)
{
#define T(f) cmocka_unit_test_setup(f, setup)
    const struct CMUnitTest t[] = {
        T(read_after_act_waits_trcd),
        T(write_after_act_waits_trcd),
        T(pre_after_act_waits_tras),
        T(act_after_pre_waits_trp),
        T(act_after_act_same_bank_waits_trc),
        T(pre_after_rd_waits_trtp),
        T(pre_after_wr_waits_write_recovery),
        T(act_other_bank_same_group_waits_trrd_l),
        T(act_other_group_waits_trrd_s),
        T(fifth_act_waits_tfaw),
        T(rd_after_rd_same_group_waits_tccd_l),
        T(rd_after_rd_other_group_waits_tccd_s),
        T(wr_after_wr_waits_tccd_s_and_l),
        T(rd_after_rd_waits_tburst_when_tccd_is_shorter),
        T(wr_after_rd_waits_turnaround),
        T(rd_after_wr_waits_twtr_s_and_l),
        T(one_command_per_cycle),
        T(time_never_runs_backwards),
        T(prea_waits_for_every_bank_and_closes_them),
        T(refresh_blocks_every_bank_for_trfc),
        T(refresh_waits_trp_after_precharge),
        T(refresh_due_every_trefi),
        T(refresh_off_is_never_due),
        T(commands_to_closed_or_wrong_row_are_refused),
        T(counters_count_commands_and_data_bus_cycles),
        T(rule_table_compiles_to_the_largest_latency_per_scope),
        T(init_rejects_an_invalid_cfg),
    };
#undef T
    return cmocka_run_group_tests_name("gmc_dram", t, NULL, NULL);
}
