/* gmc_dev_pcm: the "pcm" device kind -- per preset, the exact cycles of a
 * read miss, a write and its pulse, back-to-back writes and a read after a
 * write, from the preset's keys; no refresh; the per-bit energy by hand;
 * the checks. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "mem/gmc_dev_kind.h"
#include "mem/gmc_dram.h"
#include "mem/gmc_dram_cfg.h"
#include "mem/gmc_dram_energy.h"

static const char *const presets[] = {"pcm-thesis", "pcm-nvmain-isscc12"};

static void load(const char *name, gmc_dram_cfg_t *c, gmc_dram_t *d, gmc_dram_chan_t *ch)
{
    char err[256], warn[1024] = "";
    if (gmc_dram_cfg_preset(name, c, err, sizeof err, warn, sizeof warn) < 0)
        fail_msg("preset %s: %s", name, err);
    if (warn[0])
        fail_msg("preset %s warns: %s", name, warn);
    if (gmc_dram_init(d, c, err, sizeof err))
        fail_msg("init %s: %s", name, err);
    gmc_dram_chan_reset(d, ch);
}

/* Issues cmd at the earliest legal cycle not before t; returns that cycle. */
static uint64_t asap(const gmc_dram_t *d, gmc_dram_chan_t *ch, gmc_dram_cmd_t cmd,
                     unsigned bank, uint32_t row, uint64_t t, uint64_t *done)
{
    uint64_t e = gmc_dram_earliest(d, ch, cmd, bank);
    t = e > t ? e : t;
    assert_int_equal(gmc_dram_issue(d, ch, cmd, bank, row, t, done), GMC_DRAM_OK);
    return t;
}

static void presets_are_pcm_at_the_gddr6_clock(void **st)
{
    (void)st;
    gmc_dram_cfg_t g, c;
    char err[256];
    assert_true(gmc_dram_cfg_preset("gddr6-rtx2060s", &g, err, sizeof err, NULL, 0) >= 0);
    for (unsigned i = 0; i < 2; i++) {
        gmc_dram_t d;
        gmc_dram_chan_t ch;
        load(presets[i], &c, &d, &ch);
        assert_ptr_equal(c.kind, &gmc_dev_kind_pcm);
        /* one command clock and one burst with the GDDR6 channels */
        assert_int_equal(c.tck_ps, g.tck_ps);
        assert_int_equal(gmc_dram_burst_bytes(&c), gmc_dram_burst_bytes(&g));
        assert_int_equal(c.refresh, 0);
        assert_int_equal(c.tWP, 525);   /* 150 ns / 0.286 ns, rounded up, in both */
    }
    load("pcm-thesis", &c, &(gmc_dram_t){0}, &(gmc_dram_chan_t){0});
    assert_int_equal(c.tRCD, 168);   /* 48 ns */
    assert_int_equal(c.endurance, 100000000u);
    load("pcm-nvmain-isscc12", &c, &(gmc_dram_t){0}, &(gmc_dram_chan_t){0});
    assert_int_equal(c.tRCD, 420);   /* 120 ns */
    assert_int_equal(c.tFAW, 175);
    assert_int_equal(c.endurance, 1000000u);
}

static void read_miss_takes_the_array_read_then_the_column(void **st)
{
    (void)st;
    for (unsigned i = 0; i < 2; i++) {
        gmc_dram_cfg_t c;
        gmc_dram_t d;
        gmc_dram_chan_t ch;
        uint64_t done;
        load(presets[i], &c, &d, &ch);
        assert_int_equal(asap(&d, &ch, GMC_DRAM_ACT, 0, 5, 0, &done), 0);
        assert_int_equal(done, c.tRCD);
        assert_int_equal(gmc_dram_earliest(&d, &ch, GMC_DRAM_RD, 0), c.tRCD);
        uint64_t t = asap(&d, &ch, GMC_DRAM_RD, 0, 5, 0, &done);
        assert_int_equal(t, c.tRCD);
        assert_int_equal(done, c.tRCD + c.tCL + c.tBURST);
        /* no restore: the buffer closes tRTP after the read (the array read is done) */
        assert_int_equal(gmc_dram_earliest(&d, &ch, GMC_DRAM_PRE, 0), c.tRCD + c.tRTP);
        t = asap(&d, &ch, GMC_DRAM_PRE, 0, 0, 0, &done);
        assert_int_equal(gmc_dram_earliest(&d, &ch, GMC_DRAM_ACT, 0), t + c.tRP);
    }
}

static void a_write_holds_its_bank_for_the_write_pulse(void **st)
{
    (void)st;
    for (unsigned i = 0; i < 2; i++) {
        gmc_dram_cfg_t c;
        gmc_dram_t d;
        gmc_dram_chan_t ch;
        uint64_t done;
        load(presets[i], &c, &d, &ch);
        asap(&d, &ch, GMC_DRAM_ACT, 0, 1, 0, NULL);
        const uint64_t a1 = asap(&d, &ch, GMC_DRAM_ACT, 1, 1, 0, NULL);
        assert_int_equal(a1, c.tRRD_S);
        const uint64_t w = asap(&d, &ch, GMC_DRAM_WR, 0, 1, 0, &done);
        assert_int_equal(w, c.tRCD);
        assert_int_equal(done, w + c.tCWL + c.tBURST);   /* the data is in at its last beat */
        const uint64_t pulse_end = w + c.tCWL + c.tBURST + c.tWP;
        /* the same bank: no PRE before the pulse ends; the next WR after burst + pulse;
         * a RD after the pulse and tWTR */
        assert_int_equal(gmc_dram_earliest(&d, &ch, GMC_DRAM_PRE, 0), pulse_end);
        assert_int_equal(gmc_dram_earliest(&d, &ch, GMC_DRAM_WR, 0), w + c.tBURST + c.tWP);
        assert_int_equal(gmc_dram_earliest(&d, &ch, GMC_DRAM_RD, 0), pulse_end + c.tWTR_S);
        /* another bank: only the bus (tCCD, tBURST) and write-to-read turnaround */
        const uint64_t ccd = c.tCCD_S > c.tBURST ? c.tCCD_S : c.tBURST;
        const uint64_t open1 = a1 + c.tRCD;   /* bank 1's array read */
        const uint64_t wr1 = w + ccd, rd1 = w + c.tCWL + c.tBURST + c.tWTR_S;
        assert_int_equal(gmc_dram_earliest(&d, &ch, GMC_DRAM_WR, 1), wr1 > open1 ? wr1 : open1);
        assert_int_equal(gmc_dram_earliest(&d, &ch, GMC_DRAM_RD, 1), rd1 > open1 ? rd1 : open1);
        /* back-to-back writes to one bank: tBURST + tWP apart */
        const uint64_t w2 = asap(&d, &ch, GMC_DRAM_WR, 0, 1, 0, NULL);
        assert_int_equal(w2 - w, c.tBURST + c.tWP);
        /* read after write to one bank */
        const uint64_t r = asap(&d, &ch, GMC_DRAM_RD, 0, 1, 0, &done);
        assert_int_equal(r - w2, c.tCWL + c.tBURST + c.tWP + c.tWTR_S);
        assert_int_equal(done, r + c.tCL + c.tBURST);
    }
}

/* Write cancellation (gmc_dram_cancel_write): a WR's pulse abandoned part
 * way frees its bank at once -- the next RD, WR and PRE of the bank need
 * only the burst's own bounds -- and never raises a row; a dram device's
 * writes cannot be cancelled. */
static void a_cancelled_write_frees_its_bank(void **st)
{
    (void)st;
    for (unsigned i = 0; i < 2; i++) {
        gmc_dram_cfg_t c;
        gmc_dram_t d;
        gmc_dram_chan_t ch;
        uint64_t done;
        load(presets[i], &c, &d, &ch);
        assert_true(gmc_dram_can_cancel(&d));
        asap(&d, &ch, GMC_DRAM_ACT, 3, 7, 0, &done);
        const uint64_t w = asap(&d, &ch, GMC_DRAM_WR, 3, 7, 0, &done);
        const uint64_t data = w + c.tCWL + c.tBURST;
        assert_int_equal(gmc_dram_earliest(&d, &ch, GMC_DRAM_PRE, 3), data + c.tWP);   /* the pulse */
        const uint64_t now = data + 10;   /* 10 cycles into the pulse */
        assert_int_equal(gmc_dram_cancel_write(&d, &ch, 3, w, now), 0);
        assert_int_equal(gmc_dram_earliest(&d, &ch, GMC_DRAM_RD, 3), data + c.tWTR_S > now + 1 ? data + c.tWTR_S : now + 1);
        assert_int_equal(gmc_dram_earliest(&d, &ch, GMC_DRAM_PRE, 3), now + 1);
        assert_int_equal(gmc_dram_earliest(&d, &ch, GMC_DRAM_WR, 3), now + 1);
        /* a cancellation never raises a row: the same call again changes nothing */
        gmc_dram_chan_t before = ch;
        assert_int_equal(gmc_dram_cancel_write(&d, &ch, 3, w, now), 0);
        assert_memory_equal(&before, &ch, sizeof ch);
    }
    gmc_dram_cfg_t g;
    gmc_dram_t dd;
    gmc_dram_chan_t ch;
    char err[256];
    assert_true(gmc_dram_cfg_preset("gddr6-rtx2060s", &g, err, sizeof err, NULL, 0) >= 0);
    assert_int_equal(gmc_dram_init(&dd, &g, err, sizeof err), 0);
    gmc_dram_chan_reset(&dd, &ch);
    assert_false(gmc_dram_can_cancel(&dd));
    assert_int_equal(gmc_dram_cancel_write(&dd, &ch, 0, 0, 10), -1);
}

static void pcm_never_refreshes(void **st)
{
    (void)st;
    gmc_dram_cfg_t c;
    gmc_dram_t d;
    gmc_dram_chan_t ch;
    load("pcm-thesis", &c, &d, &ch);
    assert_false(gmc_dram_refresh_due(&ch, 1000000000ull));
    assert_int_equal(gmc_dram_refresh_owed(&d, &ch, 1000000000ull), 0);
}

static void energy_is_bits_times_per_bit_energy(void **st)
{
    (void)st;
    gmc_dram_cfg_t c;
    gmc_dram_t d;
    gmc_dram_chan_t ch;
    gmc_dram_energy_t e;
    load("pcm-thesis", &c, &d, &ch);
    gmc_dram_stats_t s;
    memset(&s, 0, sizeof s);
    s.cmds[GMC_DRAM_ACT] = 4;
    s.cmds[GMC_DRAM_PRE] = 3;
    s.cmds[GMC_DRAM_RD] = 3;
    s.cmds[GMC_DRAM_WR] = 2;
    assert_int_equal(gmc_dram_energy(&c, &s, 100000, 50000, &e), 0);
    /* 32-byte bursts: 256 bits; read 159 fJ/bit, write 100 pJ/bit */
    assert_true(e.rd > 3 * 256 * 0.159 - 1e-9 && e.rd < 3 * 256 * 0.159 + 1e-9);
    assert_true(e.wr > 2 * 256 * 100.0 - 1e-6 && e.wr < 2 * 256 * 100.0 + 1e-6);
    assert_true(e.act_pre == 0 && e.ref == 0 && e.bg_active == 0 && e.bg_precharged == 0);
    assert_true(e.total == e.rd + e.wr);
    c.erd_fj_bit = 0;   /* unknown: no energy */
    assert_int_equal(gmc_dram_energy(&c, &s, 100000, 50000, &e), -1);
    assert_true(e.total == 0);
}

static void pcm_configs_refuse_dram_keys_and_check_their_own(void **st)
{
    (void)st;
    gmc_dram_cfg_t c;
    char err[256], warn[1024] = "";
    const char *base = gmc_dram_preset_text("pcm-thesis");
    char text[8192];
    /* a dram key in a pcm file is an error at its line */
    snprintf(text, sizeof text, "%stRAS = 5\n", base);
    assert_int_equal(gmc_dram_cfg_parse(text, strlen(text), "p.cfg", &c, err, sizeof err, NULL, 0), -1);
    assert_non_null(strstr(err, "expected a key of kind pcm, found 'tRAS'"));
    /* a pcm key in a dram file too */
    snprintf(text, sizeof text, "%stWP = 5\n", gmc_dram_preset_text("gddr3"));
    assert_int_equal(gmc_dram_cfg_parse(text, strlen(text), "d.cfg", &c, err, sizeof err, NULL, 0), -1);
    assert_non_null(strstr(err, "expected a key of kind dram, found 'tWP'"));
    /* tWP is required */
    const char *w = strstr(base, "tWP ");
    snprintf(text, sizeof text, "%.*s", (int)(w - base), base);
    assert_int_equal(gmc_dram_cfg_parse(text, strlen(text), "p.cfg", &c, err, sizeof err, NULL, 0), -1);
    assert_non_null(strstr(err, "expected the required key 'tWP'"));
    /* a write energy without a read energy warns, and reports no energy */
    snprintf(text, sizeof text, "%.*s", (int)(strstr(base, "erd_fj_bit") - base), base);
    strcat(text, "ewr_fj_bit = 5\n");
    assert_int_equal(gmc_dram_cfg_parse(text, strlen(text), "p.cfg", &c, err, sizeof err, warn,
                                        sizeof warn), 1);
    assert_non_null(strstr(warn, "energy data incomplete: erd_fj_bit = 0"));
}

/* docs/pcm.md carries the kind's rule table as the code resolves it. */
static void doc_rule_table_matches_the_code(void **st)
{
    (void)st;
    gmc_dram_cfg_t c[2];
    const gmc_dram_cfg_t *cp[2] = {&c[0], &c[1]};
    char err[256];
    for (unsigned i = 0; i < 2; i++)
        assert_true(gmc_dram_cfg_preset(presets[i], &c[i], err, sizeof err, NULL, 0) >= 0);
    static char md[16384];
    assert_true(gmc_dram_rules_markdown(&gmc_dev_kind_pcm, cp, 2, md, sizeof md) < sizeof md);
    FILE *f = fopen("docs/pcm.md", "rb");
    assert_non_null(f);
    static char doc[65536];
    size_t n = fread(doc, 1, sizeof doc - 1, f);
    fclose(f);
    doc[n] = 0;
    if (!strstr(doc, md))
        fail_msg("docs/pcm.md lacks the current pcm rule table; paste this:\n%s", md);
}

int main(void)
{
    const struct CMUnitTest t[] = {
        cmocka_unit_test(presets_are_pcm_at_the_gddr6_clock),
        cmocka_unit_test(read_miss_takes_the_array_read_then_the_column),
        cmocka_unit_test(a_write_holds_its_bank_for_the_write_pulse),
        cmocka_unit_test(a_cancelled_write_frees_its_bank),
        cmocka_unit_test(pcm_never_refreshes),
        cmocka_unit_test(energy_is_bits_times_per_bit_energy),
        cmocka_unit_test(pcm_configs_refuse_dram_keys_and_check_their_own),
        cmocka_unit_test(doc_rule_table_matches_the_code),
    };
    return cmocka_run_group_tests(t, NULL, NULL);
}
