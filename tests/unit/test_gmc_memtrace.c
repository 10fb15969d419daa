/* gmc_memtrace: the three trace formats and their error lines. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include "mc/gmc_memtrace.h"
#include "test_util.h"

/* Reads all of text; returns the records read, or -1 with err. */
static int read_all(gmc_memtrace_fmt_t fmt, const char *text, gmc_memtrace_rec_t *out,
                    int max, char *err, size_t n)
{
    gmc_memtrace_t t;
    gmc_memtrace_open_mem(&t, text, strlen(text), "t.trc", fmt);
    int k = 0, rc;
    while ((rc = gmc_memtrace_next(&t, &out[k < max ? k : max - 1], err, n)) == 1)
        k++;
    gmc_memtrace_close(&t);
    return rc < 0 ? -1 : k;
}

static void gmc_format_parses_cycles_types_addresses_and_warps(void **st)
{
    (void)st;
    gmc_memtrace_rec_t r[8];
    char err[256];
    const char *text = "# header\n"
                       "0 R 0x1000\n"
                       "\n"
                       "5\tw ABC0 3 17 0x400  # a store of warp 17 on SM 3\r\n"
                       "5 R 40";
    assert_int_equal(read_all(GMC_MT_GMC, text, r, 8, err, sizeof err), 3);
    assert_true(r[0].has_time && r[0].cycle == 0 && !r[0].is_write && r[0].addr == 0x1000);
    assert_false(r[0].has_warp);
    assert_true(r[1].is_write && r[1].addr == 0xabc0 && r[1].cycle == 5);
    assert_true(r[1].has_warp && r[1].sm == 3 && r[1].warp == 17 && r[1].pc == 0x400);
    assert_int_equal(r[2].addr, 0x40);   /* hex even without 0x */
}

static void dramsim3_format_parses(void **st)
{
    (void)st;
    gmc_memtrace_rec_t r[4];
    char err[256];
    const char *text = "0x12345680 READ 121\n0x4cbd56c0 WRITE 300\n0x1 read 300\n";
    assert_int_equal(read_all(GMC_MT_DRAMSIM3, text, r, 4, err, sizeof err), 3);
    assert_true(r[0].addr == 0x12345680 && !r[0].is_write && r[0].cycle == 121 && r[0].has_time);
    assert_true(r[1].addr == 0x4cbd56c0 && r[1].is_write && r[1].cycle == 300);
}

static void ramulator_formats_parse_without_timing(void **st)
{
    (void)st;
    gmc_memtrace_rec_t r[4];
    char err[256];
    const char *text = "LD 0x1000\nST 4096\n0x2000 R\n0x2040 W\n";
    assert_int_equal(read_all(GMC_MT_RAMULATOR, text, r, 4, err, sizeof err), 4);
    assert_true(!r[0].is_write && r[0].addr == 0x1000 && !r[0].has_time);
    assert_true(r[1].is_write && r[1].addr == 4096);    /* LD/ST: decimal without 0x */
    assert_true(!r[2].is_write && r[2].addr == 0x2000);
    assert_true(r[3].is_write && r[3].addr == 0x2040);
}

static void expect_error(gmc_memtrace_fmt_t fmt, const char *text, const char *want)
{
    gmc_memtrace_rec_t r[8];
    char err[256] = "";
    assert_int_equal(read_all(fmt, text, r, 8, err, sizeof err), -1);
    if (!strstr(err, want))
        fail_msg("error '%s' does not contain '%s'", err, want);
}

static void bad_lines_give_file_line_errors(void **st)
{
    (void)st;
    expect_error(GMC_MT_GMC, "0 R 0x10\n1 Q 0x20\n", "t.trc:2: expected R or W, found 'Q'");
    expect_error(GMC_MT_GMC, "x R 0x10\n", "t.trc:1: expected a decimal cycle, found 'x'");
    expect_error(GMC_MT_GMC, "0 R\n", "t.trc:1: expected a hex address, found end of line");
    expect_error(GMC_MT_GMC, "0 R 0x10 3", "t.trc:1: expected a decimal warp id below 2^32 (sm "
                 "warp pc: all three or none), found end of file");
    /* a number out of range is shown, not the field after it */
    expect_error(GMC_MT_GMC, "0 R 0x10 4294967296 1 0x1\n", "t.trc:1: expected a decimal SM id "
                 "below 2^32 or end of line, found '4294967296'");
    expect_error(GMC_MT_GMC, "0 R 0x10 1 99999999999 0x1\n", "t.trc:1: expected a decimal warp "
                 "id below 2^32 (sm warp pc: all three or none), found '99999999999'");
    expect_error(GMC_MT_GMC, "0 R 0xg\n", "expected a hex address, found '0xg'");
    expect_error(GMC_MT_GMC, "0 R 0x11112222333344445\n", "expected a hex address");
    expect_error(GMC_MT_GMC, "99999999999999999999 R 0\n", "expected a decimal cycle");
    expect_error(GMC_MT_GMC, "0 R 0x1 1 2 0x3 extra\n", "t.trc:1: expected end of line, "
                 "found 'extra'");
    expect_error(GMC_MT_GMC, "9 R 0x1\n# c\n8 R 0x2\n", "t.trc:3: expected a cycle >= 9 "
                 "(the previous request's), found '8'");
    expect_error(GMC_MT_DRAMSIM3, "0x10 READ\n", "t.trc:1: expected a decimal cycle, found end");
    expect_error(GMC_MT_DRAMSIM3, "0x10 LOAD 4\n", "expected READ or WRITE, found 'LOAD'");
    expect_error(GMC_MT_RAMULATOR, "LD zz\n",
                 "expected an address (0x hex or decimal), found 'zz'");
    expect_error(GMC_MT_RAMULATOR, "XX 0x10\n", "expected LD, ST or a hex address, found 'XX'");
    expect_error(GMC_MT_RAMULATOR, "0x10 R 5\n", "expected end of line, found '5'");
    static const char nul[] = "0 R 0x1\n0 R \0x\n";
    gmc_memtrace_t t;
    gmc_memtrace_rec_t r;
    char err[256];
    gmc_memtrace_open_mem(&t, nul, sizeof nul - 1, "t.trc", GMC_MT_GMC);
    assert_int_equal(gmc_memtrace_next(&t, &r, err, sizeof err), 1);
    assert_int_equal(gmc_memtrace_next(&t, &r, err, sizeof err), -1);
    assert_non_null(strstr(err, "t.trc:2: expected text, found byte 0x00 at column 5"));
}

static void addresses_wider_than_the_map_fail_or_wrap(void **st)
{
    (void)st;
    gmc_memtrace_t t;
    gmc_memtrace_rec_t r;
    char err[256];
    const char *text = "0 R 0x40000010\n";
    gmc_memtrace_open_mem(&t, text, strlen(text), "t.trc", GMC_MT_GMC);
    gmc_memtrace_set_width(&t, 30, 0);
    assert_int_equal(gmc_memtrace_next(&t, &r, err, sizeof err), -1);
    assert_non_null(strstr(err, "t.trc:1: expected an address below 2^30, found '0x40000010'"));
    gmc_memtrace_open_mem(&t, text, strlen(text), "t.trc", GMC_MT_GMC);
    gmc_memtrace_set_width(&t, 30, 1);
    assert_int_equal(gmc_memtrace_next(&t, &r, err, sizeof err), 1);
    assert_int_equal(r.addr, 0x10);
}

static void files_stream_through_the_buffer_and_long_lines_are_refused(void **st)
{
    (void)st;
    char path[] = "/tmp/gmc_memtrace_XXXXXX";
    FILE *f = test_temp_fopen(path);
    /* more than one 1 MiB buffer of records, written with the writer */
    for (unsigned i = 0; i < 100000; i++) {
        gmc_memtrace_rec_t w = {i, 0x1000u * i, i * 4, i % 7, i % 3, !(i % 5), 1, (i % 2) != 0, 0};
        assert_int_equal(gmc_memtrace_write(f, &w), 0);
    }
    fprintf(f, "100000 R 0x");
    for (int i = 0; i < GMC_MEMTRACE_MAX_LINE; i++)
        fputc('0', f);
    fputc('\n', f);
    fclose(f);
    gmc_memtrace_t t;
    gmc_memtrace_rec_t r;
    char err[256];
    assert_int_equal(gmc_memtrace_open(&t, path, GMC_MT_GMC, err, sizeof err), 0);
    unsigned k = 0;
    int rc;
    while ((rc = gmc_memtrace_next(&t, &r, err, sizeof err)) == 1) {
        assert_int_equal(r.cycle, k);
        assert_int_equal(r.addr, 0x1000ull * k);
        assert_int_equal(r.has_warp, k % 2);
        k++;
    }
    assert_int_equal(rc, -1);
    assert_int_equal(k, 100000);
    assert_non_null(strstr(err, ":100001: expected a line of at most 4096 bytes"));
    gmc_memtrace_close(&t);
    unlink(path);
    assert_int_equal(gmc_memtrace_open(&t, "/nonexistent/x.trc", GMC_MT_GMC, err, sizeof err), -1);
    assert_non_null(strstr(err, "/nonexistent/x.trc: cannot open"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(gmc_format_parses_cycles_types_addresses_and_warps),
        cmocka_unit_test(dramsim3_format_parses),
        cmocka_unit_test(ramulator_formats_parse_without_timing),
        cmocka_unit_test(bad_lines_give_file_line_errors),
        cmocka_unit_test(addresses_wider_than_the_map_fail_or_wrap),
        cmocka_unit_test(files_stream_through_the_buffer_and_long_lines_are_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
