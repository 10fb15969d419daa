/* gmc_dram on the shipped presets: unloaded row hit / miss / conflict
 * latencies against hand arithmetic, the engine against an independent
 * pairwise reading of the rule table on random command streams, and the
 * constraint table in docs/memory.md against the code's table. */
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
#include "test_util.h"

#define ACT  GMC_DRAM_ACT
#define PRE  GMC_DRAM_PRE
#define PREA GMC_DRAM_PREA
#define RD   GMC_DRAM_RD
#define WR   GMC_DRAM_WR
#define REF  GMC_DRAM_REF

static void load_preset(const char *name, gmc_dram_cfg_t *c, gmc_dram_t *d, gmc_dram_chan_t *ch)
{
    char err[256], warn[1024] = "";
    if (gmc_dram_cfg_preset(name, c, err, sizeof err, warn, sizeof warn) < 0)
        fail_msg("preset %s: %s", name, err);
    if (gmc_dram_init(d, c, err, sizeof err))
        fail_msg("init %s: %s", name, err);
    gmc_dram_chan_reset(d, ch);
}

/* Issues at the earliest legal cycle not before t; returns that cycle. */
static uint64_t asap(const gmc_dram_t *d, gmc_dram_chan_t *ch, int cmd, unsigned bank,
                     uint32_t row, uint64_t t, uint64_t *done)
{
    uint64_t e = gmc_dram_earliest(d, ch, cmd, bank);
    t = e > t ? e : t;
    assert_int_equal(gmc_dram_issue(d, ch, cmd, bank, row, t, done), GMC_DRAM_OK);
    return t;
}

static void unloaded_row_hit_miss_conflict_match_hand_arithmetic(void **st)
{
    /* Hand arithmetic from each preset's table in docs/memory.md:
     *   read hit = tCL + tBURST, miss = tRCD + hit, conflict = tRP + miss,
     *   write hit = tCWL + tBURST. */
    static const struct { const char *name; unsigned hit, miss, conflict, whit; } want[] = {
        {"gddr6-rtx2060s", 20 + 4, 20 + 20 + 4, 20 + 20 + 20 + 4, 8 + 4},
        {"gddr5-hynix", 12 + 2, 12 + 12 + 2, 12 + 12 + 12 + 2, 4 + 2},
        {"gddr3", 9 + 2, 12 + 9 + 2, 13 + 12 + 9 + 2, 4 + 2},
        {"ddr3-1866", 13 + 4, 13 + 13 + 4, 13 + 13 + 13 + 4, 9 + 4},
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        gmc_dram_cfg_t c;
        gmc_dram_t d;
        gmc_dram_chan_t ch;
        uint64_t done, t;
        load_preset(want[i].name, &c, &d, &ch);
        assert_int_equal(c.tCL + c.tBURST, want[i].hit);
        /* hit: bank 0 opened long ago */
        asap(&d, &ch, ACT, 0, 1, 0, NULL);
        t = asap(&d, &ch, RD, 0, 1, 1000, &done);
        assert_int_equal(t, 1000);
        assert_int_equal(done - 1000, want[i].hit);
        t = asap(&d, &ch, WR, 0, 1, 1500, &done);
        assert_int_equal(done - t, want[i].whit);
        /* miss: bank 1 closed */
        asap(&d, &ch, ACT, 1, 9, 2000, NULL);
        asap(&d, &ch, RD, 1, 9, 2000, &done);
        assert_int_equal(done - 2000, want[i].miss);
        /* conflict: bank 0 holds row 1, the request wants row 2 */
        t = asap(&d, &ch, PRE, 0, 0, 3000, NULL);
        assert_int_equal(t, 3000);
        asap(&d, &ch, ACT, 0, 2, 3000, NULL);
        asap(&d, &ch, RD, 0, 2, 3000, &done);
        assert_int_equal(done - 3000, want[i].conflict);
    }
}

/* ------------------------------------------------- pairwise reference check */

typedef struct { uint8_t cmd, bank; uint64_t t; } hist_t;

static int match(unsigned rule_cmd, unsigned cmd)
{
    return rule_cmd == GMC_DRAM_ANY_CMD || rule_cmd == cmd;
}

/* Whether a rule of `scope` after a command at bank a applies to bank b,
 * read from the scope's definition (banks numbered rank by rank). */
static int in_scope(const gmc_dram_cfg_t *c, unsigned scope, unsigned a, unsigned b)
{
    const unsigned rb = c->bank_groups * c->banks_per_group, ranks = c->ranks ? c->ranks : 1;
    switch (scope) {
    case GMC_DRAM_SAME_BANK:   return a == b;
    case GMC_DRAM_SAME_GROUP:  return a / c->banks_per_group == b / c->banks_per_group;
    case GMC_DRAM_SAME_RANK:   return a / rb == b / rb;
    case GMC_DRAM_OTHER_RANKS: return ranks > 1 && a / rb != b / rb;
    default:                   return 1;
    }
}

/* Earliest cycle for (cmd, bank) by checking every rule against every
 * earlier command: no per-scope arrays, no compiled matrix, no ring. */
static uint64_t reference_earliest(const gmc_dram_cfg_t *c, const hist_t *h, unsigned n,
                                   unsigned cmd, unsigned bank)
{
    uint64_t e = 0;
    const gmc_dev_kind_t *k = gmc_dev_kind_of(c);
    for (unsigned r = 0; r < k->nrules; r++) {
        const gmc_dram_rule_t *ru = &k->rules[r];
        int64_t v = gmc_dram_rule_value(ru, c);
        uint64_t lat = v < 0 ? 0 : (uint64_t)v;
        if (ru->window) {   /* the window-th previous `prev` in the scope */
            if (cmd != ru->next)
                continue;
            unsigned seen = 0;
            for (unsigned i = n; i-- > 0;)
                if (h[i].cmd == ru->prev && in_scope(c, ru->scope, h[i].bank, bank) &&
                    ++seen == ru->window) {
                    e = h[i].t + lat > e ? h[i].t + lat : e;
                    break;
                }
            continue;
        }
        if (!match(ru->next, cmd))
            continue;
        for (unsigned i = 0; i < n; i++) {
            if (!match(ru->prev, h[i].cmd) || !in_scope(c, ru->scope, h[i].bank, bank))
                continue;
            if (h[i].t + lat > e)
                e = h[i].t + lat;
        }
    }
    return e;
}

/* Returns the number of commands issued to a rank other than the previous
 * command's (the rank-to-rank rules had their chance). */
static unsigned random_stream(const gmc_dram_cfg_t *c, uint64_t seed, unsigned steps)
{
    gmc_dram_t d;
    gmc_dram_chan_t ch;
    char err[256];
    hist_t *h = calloc(steps, sizeof *h);
    assert_non_null(h);
    assert_int_equal(gmc_dram_init(&d, c, err, sizeof err), 0);
    gmc_dram_chan_reset(&d, &ch);
    gmc_rng_t r;
    gmc_rng_seed(&r, seed);
    unsigned n = 0, refused = 0, switches = 0;
    uint64_t now = 0;
    while (n < steps) {
        unsigned b = (unsigned)gmc_rng_below(&r, d.nbanks), cmd;
        uint32_t open = ch.open_row[b], row = 0;
        unsigned x = (unsigned)gmc_rng_below(&r, 100);
        if (open == GMC_DRAM_CLOSED)
            cmd = x < 6 && !gmc_dram_rank_open(&d, &ch, b) ? REF : x < 9 ? PREA : ACT;
        else
            cmd = x < 40 ? RD : x < 70 ? WR : x < 92 ? PRE : x < 95 ? PREA : 99;
        if (cmd == 99) {   /* wrong row: refused, state untouched */
            assert_int_equal(gmc_dram_issue(&d, &ch, RD, b, open + 1, now + 1000, NULL),
                             GMC_DRAM_EROW);
            refused++;
            continue;
        }
        if (cmd == ACT)
            row = (uint32_t)gmc_rng_below(&r, 4);
        else if (cmd == RD || cmd == WR)
            row = open;
        if (cmd == PREA || cmd == REF)   /* the rank's first bank, or any of its banks */
            b = gmc_rng_below(&r, 2) ? b - b % d.rank_banks : b;
        uint64_t e = gmc_dram_earliest(&d, &ch, (gmc_dram_cmd_t)cmd, b);
        uint64_t ref = reference_earliest(c, h, n, cmd, b);
        if (e != ref)
            fail_msg("seed %llu step %u: %s bank %u: engine earliest %llu, reference %llu",
                     (unsigned long long)seed, n, gmc_dram_cmd_name(cmd), b,
                     (unsigned long long)e, (unsigned long long)ref);
        if (e > 0)
            assert_int_equal(gmc_dram_can_issue(&d, &ch, cmd, b, row, e - 1), GMC_DRAM_ETIME);
        uint64_t t = e > now ? e : now;
        if (!gmc_rng_below(&r, 4))
            t += gmc_rng_below(&r, 6);
        assert_int_equal(gmc_dram_issue(&d, &ch, cmd, b, row, t, NULL), GMC_DRAM_OK);
        switches += n && h[n - 1].bank / d.rank_banks != b / d.rank_banks;
        h[n++] = (hist_t){(uint8_t)cmd, (uint8_t)b, t};
        now = t;
    }
    uint64_t total = 0;
    for (unsigned i = 0; i < GMC_DRAM_NCMD; i++)
        total += ch.st.cmds[i];
    assert_int_equal(total, steps);
    assert_true(ch.st.cmds[ACT] > steps / 10 && ch.st.cmds[RD] > steps / 10);
    assert_true(refused > 0);
    free(h);
    return switches;
}

static void engine_matches_pairwise_rule_check_on_random_streams(void **st)
{
    static const char test_cfg[] =
        "channels = 1\nbank_groups = 2\nbanks_per_group = 4\nrows = 1024\ncolumns = 32\n"
        "burst_length = 8\nbus_width = 32\ndata_rate = 2\ntck_ps = 1000\n"
        "tCL = 11\ntCWL = 5\ntRCD = 13\ntRP = 12\ntRAS = 29\ntRC = 45\n"
        "tRRD_S = 3\ntRRD_L = 6\ntCCD_S = 5\ntCCD_L = 7\ntWR = 15\ntWTR_S = 3\ntWTR_L = 8\n"
        "tRTP = 6\ntFAW = 40\ntRTRS = 2\nrefresh = 1\ntRFC = 100\ntREFI = 1000\n";
    gmc_dram_cfg_t c;
    char err[256];
    assert_int_equal(gmc_dram_cfg_parse(test_cfg, sizeof test_cfg - 1, "t", &c, err, sizeof err,
                                        NULL, 0), 0);
    random_stream(&c, 1, 1500);
    c.tCWL = 20;            /* RD->WR turnaround expression goes negative: clamped */
    c.tCCD_S = 2;           /* tBURST binds on the data bus */
    c.bank_groups = 4;
    c.banks_per_group = 2;
    random_stream(&c, 2, 1500);
    for (unsigned i = 0; gmc_dram_preset_name(i); i++) {
        gmc_dram_t d;
        gmc_dram_chan_t ch;
        load_preset(gmc_dram_preset_name(i), &c, &d, &ch);
        random_stream(&c, 10 + i, 1500);
    }
    /* Several ranks: the rank rules (tRTRS, per-rank tFAW and refresh) against
     * their reading from the table; with tCCD_S = tBURST the rank switch
     * binds where the same rank would not wait. */
    static const struct { unsigned ranks, groups, banks, tccd_s, tcwl; } rk[] = {
        {2, 2, 4, 5, 5}, {2, 4, 2, 2, 5}, {4, 2, 2, 2, 20}, {8, 1, 8, 4, 11}, {16, 1, 4, 2, 5}};
    unsigned runs = 0, switches = 0;
    for (unsigned i = 0; i < sizeof rk / sizeof rk[0]; i++) {
        assert_int_equal(gmc_dram_cfg_parse(test_cfg, sizeof test_cfg - 1, "t", &c, err,
                                            sizeof err, NULL, 0), 0);
        c.ranks = rk[i].ranks;
        c.bank_groups = rk[i].groups;
        c.banks_per_group = rk[i].banks;
        c.tCCD_S = rk[i].tccd_s;
        c.tCWL = rk[i].tcwl;
        for (uint64_t seed = 0; seed < 4; seed++, runs++)
            switches += random_stream(&c, 100 + 10 * i + seed, 1500);
    }
    print_message("pairwise check with ranks > 1: %u streams of 1500 commands, %u rank "
                  "switches, engine == reference at every step\n", runs, switches);
    assert_true(switches > runs * 100);
}

static void doc_constraint_table_matches_the_rule_table(void **st)
{
    gmc_dram_cfg_t c[8];
    const gmc_dram_cfg_t *cp[8];
    unsigned np = 0;
    for (unsigned i = 0; gmc_dram_preset_name(i) && np < 8; i++) {   /* the dram kind's */
        gmc_dram_t d;
        gmc_dram_chan_t ch;
        load_preset(gmc_dram_preset_name(i), &c[np], &d, &ch);
        if (gmc_dev_kind_of(&c[np]) == &gmc_dev_kind_dram)
            cp[np] = &c[np], np++;
    }
    static char md[16384];
    size_t need = gmc_dram_rules_markdown(&gmc_dev_kind_dram, cp, np, md, sizeof md);
    assert_true(need < sizeof md);
    char *doc = test_read_file("docs/memory.md", NULL);
    if (!strstr(doc, md))
        fail_msg("docs/memory.md lacks the current constraint table; paste this:\n%s", md);
    free(doc);
}

int main(void)
{
    const struct CMUnitTest t[] = {
        cmocka_unit_test(unloaded_row_hit_miss_conflict_match_hand_arithmetic),
        cmocka_unit_test(engine_matches_pairwise_rule_check_on_random_streams),
        cmocka_unit_test(doc_constraint_table_matches_the_rule_table),
    };
    return cmocka_run_group_tests_name("gmc_dram_latency", t, NULL, NULL);
}
