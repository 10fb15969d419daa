/* gmc_gpgpusim_opts: the `-name value` reader both gpgpusim.config importers
 * share (model/mem/gmc_gpgpusim_opts.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <cmocka.h>
#include "mem/gmc_gpgpusim_opts.h"
#include "util/gmc_text.h"

#define assert_span(p, n, lit) do { assert_int_equal((n), strlen(lit)); \
                                    assert_memory_equal((p), lit, strlen(lit)); } while (0)

static void options_comments_and_quoted_values_across_lines(void **st)
{
    (void)st;
    const char *text =
        "# a comment\n"
        "\n"
        "-gpgpu_n_mem 16   # trailing comment\n"
        "  -gpgpu_dram_timing_opt \"nbk=16:CCD=2\n"
        "   RRD=10 # kept: inside the quotes\"\n"
        "-opt_with_hash \"a#b\" \n"
        "-flag\n"
        "-last 7";
    size_t len = strlen(text);
    char err[128];
    gmc_diag_t d = {"t", err, sizeof err, NULL, 0, 0};
    gmc_gs_toks_t k;
    gmc_gs_tok_t t;
    gmc_gs_toks_init(&k, text, len);
    assert_int_equal(gmc_gs_tok_next(&k, &t, &d), GMC_GS_TOK_OPTION);
    assert_span(t.name, t.nl, "-gpgpu_n_mem");
    assert_span(t.v, t.vl, "16");
    assert_int_equal(t.ln, 3);
    assert_int_equal(t.b, strlen("# a comment\n\n"));
    assert_int_equal(text[t.e], '\n');
    assert_int_equal(gmc_gs_tok_next(&k, &t, &d), GMC_GS_TOK_OPTION);
    assert_span(t.name, t.nl, "-gpgpu_dram_timing_opt");
    assert_span(t.v, t.vl, "\"nbk=16:CCD=2\n   RRD=10 # kept: inside the quotes\"");
    assert_int_equal(t.ln, 4);   /* the first line of the value */
    assert_memory_equal(text + t.b, "  -gpgpu_dram", 13);
    assert_memory_equal(text + t.e - 7, "quotes\"", 7);   /* the end of its last line */
    assert_int_equal(gmc_gs_tok_next(&k, &t, &d), GMC_GS_TOK_OPTION);
    assert_span(t.v, t.vl, "\"a#b\"");   /* a '"' before the '#': no comment */
    assert_int_equal(t.ln, 6);
    assert_int_equal(gmc_gs_tok_next(&k, &t, &d), GMC_GS_TOK_OPTION);
    assert_span(t.name, t.nl, "-flag");
    assert_int_equal(t.vl, 0);
    assert_int_equal(gmc_gs_tok_next(&k, &t, &d), GMC_GS_TOK_OPTION);
    assert_span(t.v, t.vl, "7");
    assert_int_equal(t.ln, 8);
    assert_int_equal(t.e, len);   /* no newline at the end */
    assert_int_equal(gmc_gs_tok_next(&k, &t, &d), GMC_GS_TOK_END);
}

static void errors_name_their_line(void **st)
{
    (void)st;
    const char *bad = "-a 1\n   not an option  \n";
    char err[128];
    gmc_diag_t d = {"t", err, sizeof err, NULL, 0, 0};
    gmc_gs_toks_t k;
    gmc_gs_tok_t t;
    gmc_gs_toks_init(&k, bad, strlen(bad));
    assert_int_equal(gmc_gs_tok_next(&k, &t, &d), GMC_GS_TOK_OPTION);
    assert_int_equal(gmc_gs_tok_next(&k, &t, &d), GMC_GS_TOK_NOT_OPTION);
    assert_span(t.name, t.nl, "not an option");
    assert_int_equal(t.ln, 2);
    const char *open = "\n-x \"never closed\n-y 2\n";
    gmc_gs_toks_init(&k, open, strlen(open));
    assert_int_equal(gmc_gs_tok_next(&k, &t, &d), GMC_GS_TOK_UNCLOSED);
    assert_span(t.name, t.nl, "-x");
    assert_int_equal(t.ln, 2);
    gmc_gs_toks_init(&k, "", 0);
    assert_int_equal(gmc_gs_tok_next(&k, &t, &d), GMC_GS_TOK_END);
    gmc_gs_toks_init(&k, "-\n", 2);
    assert_int_equal(gmc_gs_tok_next(&k, &t, &d), GMC_GS_TOK_NOT_OPTION);
    gmc_gs_toks_init(&k, "-a 1\n-b \"x\0\"\n", 13);   /* the line reader's error, in d */
    assert_int_equal(gmc_gs_tok_next(&k, &t, &d), GMC_GS_TOK_OPTION);
    assert_int_equal(gmc_gs_tok_next(&k, &t, &d), GMC_GS_TOK_ERROR);
    assert_string_equal(err, "t:2: expected text, found byte 0x00 at column 6");
}

static void lists_end_with_dots_when_full(void **st)
{
    (void)st;
    char l[16] = "";
    gmc_text_list_add(l, sizeof l, "abc", 3);
    gmc_text_list_add(l, sizeof l, "defg", 4);
    assert_string_equal(l, "abc defg");
    gmc_text_list_add(l, sizeof l, "hijklm", 6);
    assert_string_equal(l, "abc defg ...");
    gmc_text_list_add(l, sizeof l, "x", 1);   /* nothing after the dots */
    assert_string_equal(l, "abc defg ...");
    const char *s = " \t\r x y \n\f\v";
    size_t n = strlen(s);
    gmc_text_trim(&s, &n);
    assert_span(s, n, "x y");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(options_comments_and_quoted_values_across_lines),
        cmocka_unit_test(errors_name_their_line),
        cmocka_unit_test(lists_end_with_dots_when_full),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
