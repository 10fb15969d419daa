/* gmc_dev_kind: the device-kind seam (mem/gmc_dev_kind.h) -- the registry,
 * `kind = NAME` in config files, the keys a kind reads, and that the engine,
 * the energy call and validation take a config's kind's rules, model and
 * checks (shown with a kind defined here, outside the registry, as an
 * embedder's plug-in would be). */
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

static gmc_dram_cfg_t preset(const char *name)
{
    gmc_dram_cfg_t c;
    char err[256], warn[1024] = "";
    if (gmc_dram_cfg_preset(name, &c, err, sizeof err, warn, sizeof warn) < 0)
        fail_msg("%s", err);
    return c;
}

static void the_registry_finds_dram_and_lists_the_kinds_on_error(void **st)
{
    (void)st;
    char err[200];
    assert_ptr_equal(gmc_dev_kind_get(0), &gmc_dev_kind_dram);
    assert_ptr_equal(gmc_dev_kind_get(1), &gmc_dev_kind_pcm);
    assert_null(gmc_dev_kind_get(2));
    assert_ptr_equal(gmc_dev_kind_find("dram", err, sizeof err), &gmc_dev_kind_dram);
    assert_ptr_equal(gmc_dev_kind_find("pcm", err, sizeof err), &gmc_dev_kind_pcm);
    assert_null(gmc_dev_kind_find("stt", err, sizeof err));
    assert_string_equal(err, "expected a device kind (dram, pcm), found 'stt'");
    assert_string_equal(gmc_dev_kind_dram.name, "dram");
    gmc_dram_cfg_t c;
    memset(&c, 0, sizeof c);
    assert_ptr_equal(gmc_dev_kind_of(&c), &gmc_dev_kind_dram);   /* NULL: built in code */
}

/* The contract every registered kind keeps: it requires the organisation
 * keys; its rules are over keys it reads, each with a reason; PREA and REF
 * rules are channel-wide (gmc_dram_init checks that too). */
static void every_kind_keeps_the_contract(void **st)
{
    (void)st;
    const gmc_dram_param_t org[] = {GMC_DRAM_P_channels, GMC_DRAM_P_bank_groups,
                                    GMC_DRAM_P_banks_per_group, GMC_DRAM_P_rows,
                                    GMC_DRAM_P_columns, GMC_DRAM_P_burst_length,
                                    GMC_DRAM_P_bus_width, GMC_DRAM_P_data_rate,
                                    GMC_DRAM_P_tck_ps};
    unsigned n = 0;
    for (const gmc_dev_kind_t *k; (k = gmc_dev_kind_get(n)); n++) {
        const uint64_t keys = gmc_dev_kind_keys(k), req = gmc_dev_kind_required(k);
        assert_true(k->name && k->name[0] && k->doc && k->energy && k->check && k->nrules);
        assert_ptr_equal(gmc_dev_kind_find(k->name, NULL, 0), k);
        assert_int_equal(req & ~keys, 0);   /* required is read */
        for (unsigned i = 0; i < sizeof org / sizeof org[0]; i++)
            if (!(req >> org[i] & 1))
                fail_msg("kind %s: does not require %s", k->name,
                         gmc_dram_param_info(org[i])->key);
        for (unsigned r = 0; r < k->nrules; r++) {
            const gmc_dram_rule_t *ru = &k->rules[r];
            assert_true(ru->why && ru->why[0]);
            for (int t = 0; t < GMC_DRAM_NTERM && ru->sign[t]; t++)
                if (!(keys >> ru->param[t] & 1))
                    fail_msg("kind %s rule %u: reads %s, not a key of the kind", k->name, r,
                             gmc_dram_param_info((gmc_dram_param_t)ru->param[t])->key);
        }
    }
    assert_int_equal(n, 2);
    /* "dram" reads every key of the table but the four of "pcm" alone */
    const uint64_t pcm_only = 1ull << GMC_DRAM_P_tWP | 1ull << GMC_DRAM_P_erd_fj_bit |
                              1ull << GMC_DRAM_P_ewr_fj_bit | 1ull << GMC_DRAM_P_endurance;
    assert_int_equal(gmc_dev_kind_keys(&gmc_dev_kind_dram),
                     ((1ull << GMC_DRAM_NPARAM) - 1) & ~pcm_only);
    assert_int_equal(gmc_dev_kind_keys(&gmc_dev_kind_dram) & pcm_only, 0);
}

static void kind_dram_in_a_file_is_the_default(void **st)
{
    (void)st;
    const char *text = gmc_dram_preset_text("gddr5-hynix");
    static char with[8192];
    snprintf(with, sizeof with, "kind = dram\n%s", text);
    gmc_dram_cfg_t a, b;
    char err[256];
    assert_true(gmc_dram_cfg_parse(text, strlen(text), "a.cfg", &a, err, sizeof err, NULL, 0) >= 0);
    assert_true(gmc_dram_cfg_parse(with, strlen(with), "b.cfg", &b, err, sizeof err, NULL, 0) >= 0);
    assert_ptr_equal(a.kind, &gmc_dev_kind_dram);
    assert_memory_equal(&a, &b, sizeof a);
    /* the formatter leaves the default out: dram configs read as they did */
    char out[4096];
    gmc_dram_cfg_format(&a, out, sizeof out);
    assert_null(strstr(out, "kind"));
}

static void bad_kind_lines_are_one_file_line_error(void **st)
{
    (void)st;
    static const struct { const char *text, *want; } t[] = {
        {"kind = stt\n", "k.cfg:1: expected a device kind (dram, pcm), found 'stt'"},
        {"kind =\n", "k.cfg:1: expected a device kind (dram, pcm), found nothing"},
        {"kind = dram\nkind = dram\n",
         "k.cfg:2: expected each key once, found a second 'kind' (first on line 1)"},
        {"# a\nkind = DRAM\n", "k.cfg:2: expected a device kind (dram, pcm), found 'DRAM'"},
        {"kind = dramdramdramdramdramdramdramdram\n",
         "k.cfg:1: expected a device kind (dram, pcm), found 'dramdramdramdramdramdramdramdram'"},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        gmc_dram_cfg_t c;
        char err[300];
        int rc = gmc_dram_cfg_parse(t[i].text, strlen(t[i].text), "k.cfg", &c, err, sizeof err,
                                    NULL, 0);
        if (rc != -1 || strcmp(err, t[i].want))
            fail_msg("case %zu: rc %d, error '%s', want '%s'", i, rc, err, t[i].want);
    }
}

/* ---- a kind of the test's own: dram's keys, its own rules, model, check ---- */

#define P(k) GMC_DRAM_P_##k
static const gmc_dram_rule_t toy_rules[] = {
    {GMC_DRAM_SAME_BANK, GMC_DRAM_ACT, GMC_DRAM_RD, 0, {1, 1}, {P(tRCD), P(tRCD)}, 0,
     "a slow array read: twice tRCD"},
    {GMC_DRAM_CHANNEL, GMC_DRAM_ACT, GMC_DRAM_ACT, 4, {1}, {P(tRC)}, 0,
     "four ACTs per tRC"},
    {GMC_DRAM_CHANNEL, GMC_DRAM_ANY_CMD, GMC_DRAM_ANY_CMD, 0, {0}, {0}, 1,
     "one command per cycle"},
};

static int toy_energy(const gmc_dram_cfg_t *c, const gmc_dram_stats_t *s, uint64_t cycles,
                      uint64_t active_cycles, gmc_dram_energy_t *e)
{
    (void)c, (void)active_cycles;
    memset(e, 0, sizeof *e);
    e->rd = 2.0 * (double)s->cmds[GMC_DRAM_RD];   /* 2 pJ a read, nothing else */
    e->bg_precharged = (double)cycles;
    e->total = e->rd + e->bg_precharged;
    return 0;
}

static int toy_check(const gmc_dram_cfg_t *c, gmc_diag_t *d, const unsigned *line)
{
    if (c->refresh) {
        gmc_diag_error(d, line ? line[P(refresh)] : 0, "expected refresh = 0 (a toy has "
                       "none), found '%u'", c->refresh);
        return -1;
    }
    gmc_diag_warn(d, 0, "a toy");
    return 0;
}

static const gmc_dev_kind_t toy = {
    .name = "toy", .doc = "for the test", .key_slot = GMC_KEY_SLOT_DRAM,
    .rules = toy_rules, .nrules = sizeof toy_rules / sizeof toy_rules[0],
    .energy = toy_energy, .check = toy_check,
};

static void the_engine_resolves_the_configs_kind_rules(void **st)
{
    (void)st;
    gmc_dram_cfg_t c = preset("gddr6-rtx2060s");
    c.refresh = 0;
    gmc_dram_t d;
    char err[256];
    assert_int_equal(gmc_dram_init(&d, &c, err, sizeof err), 0);
    assert_ptr_equal(d.cfg.kind, &gmc_dev_kind_dram);
    assert_int_equal(d.lat[GMC_DRAM_ACT][GMC_DRAM_SAME_BANK][GMC_DRAM_RD], c.tRCD);
    assert_int_equal(d.lat[GMC_DRAM_ACT][GMC_DRAM_SAME_BANK][GMC_DRAM_ACT], c.tRC);
    assert_int_equal(d.tFAW, c.tFAW);
    c.kind = &toy;
    assert_int_equal(gmc_dram_init(&d, &c, err, sizeof err), 0);
    assert_ptr_equal(d.cfg.kind, &toy);
    assert_int_equal(d.lat[GMC_DRAM_ACT][GMC_DRAM_SAME_BANK][GMC_DRAM_RD], 2 * c.tRCD);
    assert_int_equal(d.lat[GMC_DRAM_ACT][GMC_DRAM_SAME_BANK][GMC_DRAM_ACT], 0);   /* no tRC rule */
    assert_int_equal(d.lat[GMC_DRAM_RD][GMC_DRAM_CHANNEL][GMC_DRAM_RD], 1);   /* command bus */
    assert_int_equal(d.tFAW, c.tRC);   /* the window comes from the kind's window rule */
    /* and the engine times commands by it */
    gmc_dram_chan_t ch;
    gmc_dram_chan_reset(&d, &ch);
    assert_int_equal(gmc_dram_issue(&d, &ch, GMC_DRAM_ACT, 0, 1, 0, NULL), GMC_DRAM_OK);
    assert_int_equal(gmc_dram_earliest(&d, &ch, GMC_DRAM_RD, 0), 2 * c.tRCD);
}

static void energy_and_checks_are_the_kinds(void **st)
{
    (void)st;
    gmc_dram_cfg_t c = preset("gddr6-rtx2060s");
    gmc_dram_stats_t s;
    memset(&s, 0, sizeof s);
    s.cmds[GMC_DRAM_RD] = 10;
    s.cmds[GMC_DRAM_ACT] = 3;
    gmc_dram_energy_t e, idd;
    assert_int_equal(gmc_dram_energy(&c, &s, 100, 50, &e), 0);
    assert_int_equal(gmc_dram_energy_idd(&c, &s, 100, 50, &idd), 0);
    assert_memory_equal(&e, &idd, sizeof e);   /* dram: the IDD model */
    c.kind = &toy;
    assert_int_equal(gmc_dram_energy(&c, &s, 100, 50, &e), 0);
    assert_true(e.total == 20.0 + 100.0 && e.act_pre == 0);
    /* validation: the table's part, then the kind's check (error or warning) */
    char err[256], warn[512] = "";
    assert_int_equal(gmc_dram_cfg_check(&c, "toy.cfg", err, sizeof err, warn, sizeof warn), -1);
    assert_string_equal(err, "toy.cfg: expected refresh = 0 (a toy has none), found '1'");
    c.refresh = 0;
    assert_int_equal(gmc_dram_cfg_check(&c, "toy.cfg", err, sizeof err, warn, sizeof warn), 1);
    assert_string_equal(warn, "toy.cfg: warning: a toy\n");
    /* a non-default kind formats with its `kind =` line */
    char out[4096];
    gmc_dram_cfg_format(&c, out, sizeof out);
    assert_non_null(strstr(out, "\nkind = toy\n"));
}

/* A kind that reads none of the table's keys (slot 15 is nobody's): every
 * key is another kind's, so a file over such a base may set none unless it
 * says its own kind, and a config must leave them 0. */
static const gmc_dev_kind_t keyless = {
    .name = "keyless", .doc = "reads no key", .key_slot = 15,
    .rules = toy_rules, .nrules = 1, .energy = toy_energy, .check = toy_check,
};

static void keys_of_another_kind_are_refused(void **st)
{
    (void)st;
    gmc_dram_cfg_t base, c;
    memset(&base, 0, sizeof base);
    base.kind = &keyless;
    char err[256], warn[256] = "";
    const char *text = "# over a keyless base\ntCL = 5\n";
    assert_int_equal(gmc_dram_cfg_parse_over(text, strlen(text), "o.cfg", &base, &c, NULL, err,
                                             sizeof err, warn, sizeof warn), -1);
    assert_string_equal(err, "o.cfg:2: expected a key of kind keyless, found 'tCL' (a key kind "
                             "keyless does not read)");
    /* a text of another kind than its base's reads as if alone */
    text = "kind = dram\n";
    assert_int_equal(gmc_dram_cfg_parse_over(text, strlen(text), "o.cfg", &base, &c, NULL, err,
                                             sizeof err, warn, sizeof warn), -1);
    assert_string_equal(err, "o.cfg:1: expected the required key 'channels' (independent "
                             "channels; one controller each), found end of file");
    const char *full = gmc_dram_preset_text("gddr3");
    static char text2[8192];
    snprintf(text2, sizeof text2, "%skind = dram\n", full);
    gmc_dram_cfg_t g;
    assert_true(gmc_dram_cfg_preset("gddr3", &g, err, sizeof err, NULL, 0) >= 0);
    assert_true(gmc_dram_cfg_parse_over(text2, strlen(text2), "o.cfg", &base, &c, NULL, err,
                                        sizeof err, NULL, 0) >= 0);
    assert_memory_equal(&g, &c, sizeof c);
    base.tCL = 5;
    assert_int_equal(gmc_dram_cfg_check(&base, "k", err, sizeof err, warn, sizeof warn), -1);
    assert_string_equal(err, "k: expected tCL = 0 (kind keyless does not read it), found '5'");
}

int main(void)
{
    const struct CMUnitTest t[] = {
        cmocka_unit_test(the_registry_finds_dram_and_lists_the_kinds_on_error),
        cmocka_unit_test(every_kind_keeps_the_contract),
        cmocka_unit_test(kind_dram_in_a_file_is_the_default),
        cmocka_unit_test(bad_kind_lines_are_one_file_line_error),
        cmocka_unit_test(the_engine_resolves_the_configs_kind_rules),
        cmocka_unit_test(energy_and_checks_are_the_kinds),
        cmocka_unit_test(keys_of_another_kind_are_refused),
    };
    return cmocka_run_group_tests(t, NULL, NULL);
}
