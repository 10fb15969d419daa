/* gmc_dram_cfg: warnings (buffer and stderr), files, round trips, mutated
 * input, code-built configs, and the preset tables in docs/memory.md. */
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
#include "test_util.h"

static const char base[] =
    "channels = 2\nbank_groups = 4\nbanks_per_group = 4\nrows = 4096\ncolumns = 64\n"
    "burst_length = 8\nbus_width = 64\ndata_rate = 4\ntck_ps = 1082\n"
    "tCL = 12\ntCWL = 4\ntRCD = 12\ntRP = 12\ntRAS = 28\ntRC = 40\ntRRD_S = 6\ntCCD_S = 2\n"
    "tWR = 12\ntWTR_S = 5\ntRTP = 2\ntFAW = 24\ntRTRS = 2\n";   /* lines 1-22 */

/* Parses base + extra; returns the warning count (fails on error). */
static int warnings_for(const char *extra, char *warn, size_t wn)
{
    char text[2048], err[256];
    gmc_dram_cfg_t c;
    snprintf(text, sizeof text, "%s%s", base, extra);
    warn[0] = 0;
    int rc = gmc_dram_cfg_parse(text, strlen(text), "w.cfg", &c, err, sizeof err, warn, wn);
    if (rc < 0)
        fail_msg("unexpected error: %s", err);
    return rc;
}

static void consistent_config_loads_silently(void **st)
{
    char warn[512];
    assert_int_equal(warnings_for("", warn, sizeof warn), 0);
    assert_string_equal(warn, "");
}

static void tfaw_below_four_trrd_warns(void **st)
{
    char warn[512];
    char text[2048];
    snprintf(text, sizeof text, "%s", base);
    char *f = strstr(text, "tFAW = 24");
    memcpy(f, "tFAW = 20", 9);
    gmc_dram_cfg_t c;
    char err[256];
    warn[0] = 0;
    assert_int_equal(gmc_dram_cfg_parse(text, strlen(text), "w.cfg", &c, err, sizeof err, warn,
                                        sizeof warn), 1);
    assert_string_equal(warn, "w.cfg:21: warning: tFAW = 20 is less than 4 * tRRD_S = 24, so "
                              "the four-activate window never binds\n");
}

static void long_timings_below_short_ones_warn(void **st)
{
    char warn[1024];
    assert_int_equal(warnings_for("tRRD_L = 5\ntCCD_L = 1\ntWTR_L = 4\n", warn, sizeof warn), 3);
    assert_non_null(strstr(warn, "w.cfg:23: warning: tRRD_L = 5 is less than tRRD_S = 6"));
    assert_non_null(strstr(warn, "w.cfg:24: warning: tCCD_L = 1 is less than tCCD_S = 2"));
    assert_non_null(strstr(warn, "w.cfg:25: warning: tWTR_L = 4 is less than tWTR_S = 5"));
}

static void burst_longer_than_tccd_and_odd_tburst_warn(void **st)
{
    char warn[1024];
    assert_int_equal(warnings_for("tBURST = 3\n", warn, sizeof warn), 2);
    assert_non_null(strstr(warn, "w.cfg:17: warning: tCCD_S = 2 is less than tBURST = 3"));
    assert_non_null(strstr(warn, "w.cfg:23: warning: tBURST = 3 but burst_length / data_rate = 8/4"));
}

static void trc_below_tras_plus_trp_warns_on_stderr(void **st)
{
    char text[2048], err[256], got[512] = "";
    char path[] = "/tmp/gmc_dram_cfg_stderr_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    snprintf(text, sizeof text, "%s", base);
    memcpy(strstr(text, "tRC = 40"), "tRC = 39", 8);
    gmc_dram_cfg_t c;
    fflush(stderr);
    int saved = dup(2);
    dup2(fd, 2);
    int rc = gmc_dram_cfg_parse(text, strlen(text), "w.cfg", &c, err, sizeof err, NULL, 0);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    ssize_t n = pread(fd, got, sizeof got - 1, 0);
    close(fd);
    unlink(path);
    assert_int_equal(rc, 1);
    assert_true(n > 0);
    assert_string_equal(got, "w.cfg:15: warning: tRC = 39 is less than tRAS + tRP = 40; the "
                             "engine enforces tRAS and tRP as well, so ACT to ACT in one bank "
                             "via PRE takes at least 40\n");
}

static void format_round_trips_every_preset(void **st)
{
    for (unsigned i = 0; gmc_dram_preset_name(i); i++) {
        gmc_dram_cfg_t a, b;
        char err[256], buf[4096];
        assert_true(gmc_dram_cfg_preset(gmc_dram_preset_name(i), &a, err, sizeof err, err, 0) >= 0);
        size_t n = gmc_dram_cfg_format(&a, buf, sizeof buf);
        assert_true(n < sizeof buf);
        assert_true(gmc_dram_cfg_parse(buf, n, "fmt", &b, err, sizeof err, err, 0) >= 0);
        assert_memory_equal(&a, &b, sizeof a);
        assert_int_equal(gmc_dram_cfg_format(&a, NULL, 0), n);
    }
}

static void load_reads_a_file_and_names_it_in_messages(void **st)
{
    char path[] = "/tmp/gmc_dram_cfg_XXXXXX";
    const char *text = gmc_dram_preset_text("gddr6-rtx2060s");
    test_temp_file(path, text, strlen(text));
    gmc_dram_cfg_t c;
    char err[512], warn[1024] = "";
    assert_int_equal(gmc_dram_cfg_load(path, &c, err, sizeof err, warn, sizeof warn), 1);
    assert_true(strncmp(warn, path, strlen(path)) == 0);
    FILE *f = fopen(path, "a");
    fputs("tRFC2 = 3\n", f);
    fclose(f);
    assert_int_equal(gmc_dram_cfg_load(path, &c, err, sizeof err, warn, sizeof warn), -1);
    char want[512];
    int line = 1;   /* the appended line */
    for (const char *q = text; *q; q++)
        line += *q == '\n';
    snprintf(want, sizeof want, "%s:%d: expected a parameter name", path, line);
    if (strncmp(err, want, strlen(want)))
        fail_msg("got '%s', want prefix '%s'", err, want);
    unlink(path);
    assert_int_equal(gmc_dram_cfg_load(path, &c, err, sizeof err, NULL, 0), -1);
    assert_non_null(strstr(err, ": cannot open: No such file"));
}

static void code_built_configs_are_checked_too(void **st)
{
    gmc_dram_cfg_t c;
    char err[256], warn[512] = "";
    gmc_dram_cfg_preset("gddr5-hynix", &c, err, sizeof err, err, 0);
    assert_int_equal(gmc_dram_cfg_check(&c, "mine", err, sizeof err, warn, sizeof warn), 0);
    c.tRC = 30;
    assert_int_equal(gmc_dram_cfg_check(&c, "mine", err, sizeof err, warn, sizeof warn), 1);
    assert_non_null(strstr(warn, "mine: warning: tRC = 30"));
    c.tCL = 0;
    assert_int_equal(gmc_dram_cfg_check(&c, "mine", err, sizeof err, warn, sizeof warn), -1);
    assert_string_equal(err, "mine: expected tCL in 1..1000, found '0'");
}

/* In-process mutation of the presets: every outcome is a cfg that formats
 * and re-parses identically, or one "m.cfg:N: expected ..." line.  (The
 * libFuzzer harness, make fuzz-dram-cfg, does this at scale under ASan.) */
static void mutated_configs_never_crash(void **st)
{
    gmc_rng_t r;
    gmc_rng_seed(&r, 2024);
    static const char *const dict[] = {"=", "#", "\n", " ", "0", "99999999999", "tCL", "refresh",
                                       "gpgpusim_timing = 4:2:8:12:21:13:34:9:4:5:13", "name = x",
                                       "\"", ":", "nbk=", "\r", "\t"};
    unsigned ok = 0, bad = 0;
    for (int it = 0; it < 20000; it++) {
        const char *src = gmc_dram_preset_text(gmc_dram_preset_name((unsigned)gmc_rng_below(&r, 3)));
        char buf[8192];
        size_t n = strlen(src);
        memcpy(buf, src, n);
        for (int m = 1 + (int)gmc_rng_below(&r, 4); m > 0; m--) {
            size_t at = (size_t)gmc_rng_below(&r, n + 1);
            switch (gmc_rng_below(&r, 4)) {
            case 0: if (at < n) buf[at] = (char)gmc_rng_below(&r, 256); break;
            case 1: if (at < n) { memmove(buf + at, buf + at + 1, n - at - 1); n--; } break;
            case 2: n = at; break;
            default: {
                const char *w = dict[gmc_rng_below(&r, sizeof dict / sizeof dict[0])];
                size_t wl = strlen(w);
                if (n + wl < sizeof buf) {
                    memmove(buf + at + wl, buf + at, n - at);
                    memcpy(buf + at, w, wl);
                    n += wl;
                }
            }
            }
        }
        gmc_dram_cfg_t a, b;
        char err[256], fmt[4096];
        if (gmc_dram_cfg_parse(buf, n, "m.cfg", &a, err, sizeof err, err, 0) >= 0) {
            size_t k = gmc_dram_cfg_format(&a, fmt, sizeof fmt);
            assert_true(gmc_dram_cfg_parse(fmt, k, "f", &b, err, sizeof err, err, 0) >= 0);
            assert_memory_equal(&a, &b, sizeof a);
            ok++;
        } else {
            if (strncmp(err, "m.cfg:", 6) || !strstr(err, "expected") || strchr(err, '\n'))
                fail_msg("bad error line: '%s'", err);
            bad++;
        }
    }
    assert_true(ok > 100 && bad > 100);
}

/* Each preset line "key = value # source" appears in its kind's page
 * (docs/memory.md for dram, docs/pcm.md for pcm) as the table row
 * "| key | value | source |". */
static void doc_tables_list_every_preset_value_with_its_source(void **st)
{
    char *mem = test_read_file("docs/memory.md", NULL), *pcm = test_read_file("docs/pcm.md", NULL);
    unsigned rows = 0;
    for (unsigned i = 0; gmc_dram_preset_name(i); i++) {
        const char *p = gmc_dram_preset_text(gmc_dram_preset_name(i));
        const char *doc = strstr(p, "\nkind = pcm\n") ? pcm : mem;
        while (*p) {
            const char *e = strchr(p, '\n');
            size_t len = e ? (size_t)(e - p) : strlen(p);
            char line[512], key[64], val[64];
            snprintf(line, sizeof line, "%.*s", (int)len, p);
            p += len + (e != NULL);
            char *hash = strchr(line, '#');
            if (line[0] == '#' || !hash || sscanf(line, "%63s = %63s", key, val) != 2)
                continue;
            char *src = hash + 1;
            while (*src == ' ')
                src++;
            char row[600];
            snprintf(row, sizeof row, "| %s | %s | %s |", key, val, src);
            if (!strstr(doc, row))
                fail_msg("%s lacks the %s row:\n%s", doc == pcm ? "docs/pcm.md" : "docs/memory.md",
                         gmc_dram_preset_name(i), row);
            rows++;
        }
    }
    assert_true(rows >= 3 * 29 + 2 * 26);
    free(mem);
    free(pcm);
}

int main(void)
{
    const struct CMUnitTest t[] = {
        cmocka_unit_test(consistent_config_loads_silently),
        cmocka_unit_test(tfaw_below_four_trrd_warns),
        cmocka_unit_test(long_timings_below_short_ones_warn),
        cmocka_unit_test(burst_longer_than_tccd_and_odd_tburst_warn),
        cmocka_unit_test(trc_below_tras_plus_trp_warns_on_stderr),
        cmocka_unit_test(format_round_trips_every_preset),
        cmocka_unit_test(load_reads_a_file_and_names_it_in_messages),
        cmocka_unit_test(code_built_configs_are_checked_too),
        cmocka_unit_test(mutated_configs_never_crash),
        cmocka_unit_test(doc_tables_list_every_preset_value_with_its_source),
    };
    return cmocka_run_group_tests_name("gmc_dram_cfg_files", t, NULL, NULL);
}
