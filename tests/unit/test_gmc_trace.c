/* Unit tests of the trace reader (model/analysis/gmc_trace.c): the text
 * format, its error messages, widths and wrapping. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analysis/gmc_trace.h"
#include "test_util.h"

/* Reads all of text; returns the last code, records in *nrec, message in err. */
static int read_all(const char *text, size_t len, unsigned width, int wrap,
                    gmc_trace_rec_t *last, uint64_t *nrec, char *err, size_t n)
{
    gmc_trace_t t;
    gmc_trace_open_mem(&t, text, len, "t.trace");
    gmc_trace_set_width(&t, width, wrap);
    gmc_trace_rec_t r;
    int rc;
    *nrec = 0;
    err[0] = 0;
    while ((rc = gmc_trace_next(&t, &r, err, n)) == GMC_TRACE_REC) {
        (*nrec)++;
        if (last)
            *last = r;
    }
    gmc_trace_close(&t);
    return rc;
}

#define READ(text, width, wrap, last, nrec, err) \
    read_all(text, strlen(text), width, wrap, last, nrec, err, sizeof err)

static void trace_accepts_hex_with_or_without_0x_comments_and_blanks(void **st)
{
    (void)st;
    const char *txt = "# header\n\n0 1 0x40\n  3\t17  FF   # comment\r\n"
                      "18446744073709551615 2 0XaBc\n   \n4 5 0000000000000000ffff";
    gmc_trace_rec_t r;
    uint64_t n;
    char err[256];
    assert_int_equal(READ(txt, 64, 0, &r, &n, err), GMC_TRACE_END);
    assert_int_equal(n, 4);
    assert_int_equal(r.kernel, 4);
    assert_int_equal(r.tb, 5);
    assert_int_equal(r.addr, 0xffff);
    gmc_trace_rec_t one;
    assert_int_equal(gmc_trace_parse_line("3\t17  FF # c", 12, 0, &one, err,
                                          sizeof err), GMC_TRACE_REC);
    assert_int_equal(one.kernel, 3);
    assert_int_equal(one.tb, 17);
    assert_int_equal(one.addr, 0xff);
}

static void trace_garbage_line_names_file_and_line(void **st)
{
    (void)st;
    uint64_t n;
    char err[256];
    assert_int_equal(READ("0 1 40\nhello world\n", 64, 0, NULL, &n, err),
                     GMC_TRACE_ESYNTAX);
    assert_non_null(strstr(err, "t.trace:2: expected a kernel id"));
    assert_non_null(strstr(err, "found 'hello'"));
}

static void trace_missing_field_is_reported(void **st)
{
    (void)st;
    uint64_t n;
    char err[256];
    assert_int_equal(READ("0 1\n", 64, 0, NULL, &n, err), GMC_TRACE_ESYNTAX);
    assert_non_null(strstr(err, "t.trace:1: expected a hex address"));
    assert_non_null(strstr(err, "found end of line"));
}

static void trace_non_numeric_tb_is_reported(void **st)
{
    (void)st;
    uint64_t n;
    char err[256];
    assert_int_equal(READ("0 tb7 0x40\n", 64, 0, NULL, &n, err), GMC_TRACE_ESYNTAX);
    assert_non_null(strstr(err, "t.trace:1: expected a thread-block id"));
    assert_non_null(strstr(err, "found 'tb7'"));
    assert_int_equal(READ("-1 0 0x40\n", 64, 0, NULL, &n, err), GMC_TRACE_ESYNTAX);
    assert_non_null(strstr(err, "found '-1'"));
}

static void trace_extra_field_and_bad_hex_are_reported(void **st)
{
    (void)st;
    uint64_t n;
    char err[256];
    assert_int_equal(READ("0 1 0x40 9\n", 64, 0, NULL, &n, err), GMC_TRACE_ESYNTAX);
    assert_non_null(strstr(err, "expected end of line or '#'"));
    assert_int_equal(READ("0 1 0x\n", 64, 0, NULL, &n, err), GMC_TRACE_ESYNTAX);
    assert_non_null(strstr(err, "found '0x'"));
    assert_int_equal(READ("0 1 40g\n", 64, 0, NULL, &n, err), GMC_TRACE_ESYNTAX);
    assert_int_equal(READ("0 1 10000000000000000\n", 64, 0, NULL, &n, err),
                     GMC_TRACE_ESYNTAX);
    assert_non_null(strstr(err, "at most 64 bits"));
    assert_int_equal(READ("18446744073709551616 1 0\n", 64, 0, NULL, &n, err),
                     GMC_TRACE_ESYNTAX);
    assert_non_null(strstr(err, "below 2^64"));
}

static void trace_address_too_wide_fails_unless_wrapped(void **st)
{
    (void)st;
    uint64_t n;
    char err[256];
    gmc_trace_rec_t r;
    const char *txt = "0 0 0x3fffffff\n0 1 0x40000040\n";
    assert_int_equal(READ(txt, 30, 0, NULL, &n, err), GMC_TRACE_EWIDE);
    assert_non_null(strstr(err, "t.trace:2: expected an address below 0x40000000"));
    assert_non_null(strstr(err, "found '0x40000040'"));
    assert_int_equal(READ(txt, 30, 1, &r, &n, err), GMC_TRACE_END);
    assert_int_equal(n, 2);
    assert_int_equal(r.addr, 0x40);
}

static void trace_truncated_last_line_says_end_of_file(void **st)
{
    (void)st;
    uint64_t n;
    char err[256];
    assert_int_equal(READ("0 1 0x40\n0 2", 64, 0, NULL, &n, err), GMC_TRACE_ESYNTAX);
    assert_non_null(strstr(err, "t.trace:2: expected a hex address"));
    assert_non_null(strstr(err, "found end of file"));
    /* A complete last line without '\n' is fine. */
    assert_int_equal(READ("0 1 0x40\n0 2 0x80", 64, 0, NULL, &n, err), GMC_TRACE_END);
    assert_int_equal(n, 2);
}

static void trace_nul_byte_is_an_error_at_its_column(void **st)
{
    (void)st;
    uint64_t n;
    char err[256];
    static const char txt[] = "0 1 0x4\0\n";
    assert_int_equal(read_all(txt, sizeof txt - 1, 64, 0, NULL, &n, err, sizeof err),
                     GMC_TRACE_ESYNTAX);
    assert_non_null(strstr(err, ":1: expected text, found byte 0x00 at column 8"));
}

static void trace_empty_input_has_no_records(void **st)
{
    (void)st;
    uint64_t n;
    char err[256];
    assert_int_equal(READ("# nothing\n\n", 64, 0, NULL, &n, err), GMC_TRACE_END);
    assert_int_equal(n, 0);
    assert_int_equal(READ("", 64, 0, NULL, &n, err), GMC_TRACE_END);
    assert_int_equal(n, 0);
}

/* Lines of any length, through the file (streamed) path: a 1 MB comment is
 * skipped, a 1 MB token is an error with a short quote. */
static void trace_file_lines_of_any_length_do_not_crash(void **st)
{
    (void)st;
    char path[] = "/tmp/gmc-test-trace-XXXXXX";
    FILE *f = test_temp_fopen(path);
    const size_t big = 1 << 20;
    fputs("0 1 0x40 #", f);
    for (size_t i = 0; i < big; i++)
        fputc('c', f);
    fputs("\n1 2 ", f);
    for (size_t i = 0; i < big; i++)
        fputc('9', f);
    fputs("z\n", f);
    fclose(f);
    gmc_trace_t t;
    char err[512];
    assert_int_equal(gmc_trace_open(&t, path, err, sizeof err), 0);
    gmc_trace_rec_t r;
    assert_int_equal(gmc_trace_next(&t, &r, err, sizeof err), GMC_TRACE_REC);
    assert_int_equal(r.addr, 0x40);
    assert_int_equal(gmc_trace_next(&t, &r, err, sizeof err), GMC_TRACE_ESYNTAX);
    assert_non_null(strstr(err, ":2: expected a hex address"));
    assert_true(strlen(err) < 400);
    gmc_trace_close(&t);
    unlink(path);
    assert_int_equal(gmc_trace_open(&t, path, err, sizeof err), GMC_TRACE_EIO);
    assert_non_null(strstr(err, "cannot open"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(trace_accepts_hex_with_or_without_0x_comments_and_blanks),
        cmocka_unit_test(trace_garbage_line_names_file_and_line),
        cmocka_unit_test(trace_missing_field_is_reported),
        cmocka_unit_test(trace_non_numeric_tb_is_reported),
        cmocka_unit_test(trace_extra_field_and_bad_hex_are_reported),
        cmocka_unit_test(trace_address_too_wide_fails_unless_wrapped),
        cmocka_unit_test(trace_truncated_last_line_says_end_of_file),
        cmocka_unit_test(trace_nul_byte_is_an_error_at_its_column),
        cmocka_unit_test(trace_empty_input_has_no_records),
        cmocka_unit_test(trace_file_lines_of_any_length_do_not_crash),
    };
    return cmocka_run_group_tests_name("gmc_trace", tests, NULL, NULL);
}
