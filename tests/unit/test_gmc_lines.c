/* util/gmc_lines.h: the one line reader -- the same lines from a file, a
 * stream or memory, and one clear error (file, line, what) for a line too
 * long, a NUL byte or a read error. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include "util/gmc_lines.h"

static char err[256];

/* All lines of r joined with '|' into out; the last code. */
static int all(gmc_lines_t *r, char *out, size_t n)
{
    gmc_diag_t d = {"t.txt", err, sizeof err, NULL, 0, 0};
    const char *s;
    size_t len, k = 0;
    int rc;
    out[0] = 0;
    err[0] = 0;
    while ((rc = gmc_lines_next(r, &s, &len, &d)) == 1)
        k += (size_t)snprintf(out + k, n - k, "%s%.*s", k ? "|" : "", (int)len, s);
    return rc;
}

static void text_lines_drop_newlines_and_a_cr_before_them(void **st)
{
    (void)st;
    static const char t[] = "a\r\n\nb c\r\nlast";
    gmc_lines_t r;
    char out[64];
    gmc_lines_text(&r, t, sizeof t - 1, 100);
    assert_int_equal(all(&r, out, sizeof out), 0);
    assert_string_equal(out, "a||b c|last");
    assert_int_equal(r.line, 4);
    assert_int_equal(r.ended_nl, 0);
    assert_int_equal(gmc_lines_eof_line(&r), 4);   /* the unterminated last line */
    gmc_lines_text(&r, "x\n", 2, 100);
    assert_int_equal(all(&r, out, sizeof out), 0);
    assert_string_equal(out, "x");
    assert_int_equal(r.line, 1);   /* no empty line after the final '\n' */
    assert_int_equal(gmc_lines_eof_line(&r), 2);
    gmc_lines_text(&r, "", 0, 100);
    assert_int_equal(all(&r, out, sizeof out), 0);
    assert_int_equal(r.line, 0);
}

static void a_nul_byte_is_an_error_at_its_line_and_column(void **st)
{
    (void)st;
    static const char t[] = "ok\nab\0c\n";
    gmc_lines_t r;
    char out[64];
    gmc_lines_text(&r, t, sizeof t - 1, 100);
    assert_int_equal(all(&r, out, sizeof out), -1);
    assert_string_equal(out, "ok");
    assert_string_equal(err, "t.txt:2: expected text, found byte 0x00 at column 3");
}

static void a_line_over_the_cap_is_an_error(void **st)
{
    (void)st;
    gmc_lines_t r;
    char out[64];
    gmc_lines_text(&r, "1234\n12345\n", 11, 4);
    assert_int_equal(all(&r, out, sizeof out), -1);
    assert_string_equal(err, "t.txt:2: expected a line of at most 4 bytes, found a longer one");
}

/* A temporary file holding text[0..n). */
static FILE *tmp_with(const char *text, size_t n)
{
    FILE *f = tmpfile();
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, n, f), n);
    rewind(f);
    return f;
}

static void a_stream_gives_the_lines_memory_gives(void **st)
{
    (void)st;
    /* lines of every length around the read chunk, so that lines straddle refills */
    size_t n = 0, cap = 1 << 20;
    char *t = malloc(cap), *got = malloc(cap + 4096), *want = malloc(cap + 4096);
    assert_true(t && got && want);
    for (unsigned i = 0; n + 70000 < cap; i++) {
        size_t l = (i * 7919u) % 70000;
        memset(t + n, 'a' + (char)(i % 26), l);
        n += l;
        if (i % 3 == 0)
            t[n++] = '\r';   /* some lines end CR LF */
        t[n++] = '\n';
    }
    gmc_lines_t m, s;
    gmc_lines_text(&m, t, n, 100000);
    assert_int_equal(all(&m, want, cap + 4096), 0);
    FILE *f = tmp_with(t, n);
    gmc_diag_t d = {"t.txt", err, sizeof err, NULL, 0, 0};
    assert_int_equal(gmc_lines_stream(&s, f, 100000, &d), 0);
    assert_int_equal(all(&s, got, cap + 4096), 0);
    assert_string_equal(got, want);
    assert_int_equal(s.line, m.line);
    gmc_lines_close(&s);
    fclose(f);
    /* the same text with a cap below its longest line: the error names the line */
    f = tmp_with(t, n);
    assert_int_equal(gmc_lines_stream(&s, f, 1000, &d), 0);
    assert_int_equal(all(&s, got, cap + 4096), -1);
    assert_non_null(strstr(err, "t.txt:"));
    assert_non_null(strstr(err, ": expected a line of at most 1000 bytes, found a longer one"));
    gmc_lines_close(&s);
    fclose(f);
    free(t), free(got), free(want);
}

/* Reads every line of r, on past NUL errors: a digest of (line number,
 * text or the error's column) for each. */
static uint64_t read_on(gmc_lines_t *r, unsigned *errs)
{
    char e[256];
    gmc_diag_t d = {"t", e, sizeof e, NULL, 0, 0};
    const char *s;
    size_t l;
    int k;
    uint64_t h = 1469598103934665603ull;
    while ((k = gmc_lines_next(r, &s, &l, &d)) != 0) {
        h = (h ^ r->line) * 0x100000001b3ull;
        if (k < 0) {
            const char *c = strstr(e, "at column ");
            assert_non_null(c);
            h = (h ^ (uint64_t)strtoull(c + 10, NULL, 10)) * 0x100000001b3ull;
            ++*errs;
            continue;
        }
        for (size_t i = 0; i < l; i++)
            h = (h ^ (unsigned char)s[i]) * 0x100000001b3ull;
    }
    return h;
}

/* The same digest from a plain reading of the text: split at '\n', a
 * line with a NUL is an error at its first NUL's column, a CR before the
 * '\n' dropped. */
static uint64_t read_naive(const char *t, size_t n, unsigned *errs)
{
    uint64_t h = 1469598103934665603ull;
    unsigned long line = 0;
    for (size_t i = 0; i < n;) {
        size_t j = i;
        while (j < n && t[j] != '\n')
            j++;
        h = (h ^ ++line) * 0x100000001b3ull;
        const char *z = memchr(t + i, '\0', j - i);
        if (z) {
            h = (h ^ (uint64_t)(z - (t + i) + 1)) * 0x100000001b3ull;
            ++*errs;
        } else {
            size_t l = j - i - (j > i && t[j - 1] == '\r');
            for (size_t k = 0; k < l; k++)
                h = (h ^ (unsigned char)t[i + k]) * 0x100000001b3ull;
        }
        i = j + 1;
    }
    return h;
}

/* NUL bytes anywhere -- in short lines, in lines that straddle the
 * stream's refills, several in one line, in consecutive lines: memory and
 * stream readers report each at its line and column, read on after it,
 * and give the other lines as they are (the NUL is found once per chunk,
 * not per line: this checks the bookkeeping). */
static void nul_bytes_anywhere_match_a_plain_reading(void **st)
{
    (void)st;
    const size_t cap = 600000;
    char *t = malloc(cap);
    assert_non_null(t);
    uint64_t x = 12345;
    unsigned cases = 0, nuls = 0;
    for (unsigned c = 0; c < 12; c++) {
        size_t n = 0;
        while (n + 70000 < cap) {
            x = x * 6364136223846793005ull + 1442695040888963407ull;
            size_t l = (x >> 33) % (c % 3 == 0 ? 70000 : 40);
            for (size_t i = 0; i < l; i++) {
                x = x * 6364136223846793005ull + 1442695040888963407ull;
                unsigned v = (unsigned)(x >> 40) % 1000;
                t[n++] = v < (c % 2 ? 3u : 1u) ? '\0' : v < 8 ? '\r' : (char)('a' + v % 26);
            }
            t[n++] = '\n';
        }
        unsigned ea = 0, eb = 0, ec = 0;
        gmc_lines_t m, s;
        gmc_lines_text(&m, t, n, 100000);
        const uint64_t a = read_on(&m, &ea);
        FILE *f = tmp_with(t, n);
        gmc_diag_t d = {"t", err, sizeof err, NULL, 0, 0};
        assert_int_equal(gmc_lines_stream(&s, f, 100000, &d), 0);
        const uint64_t b = read_on(&s, &eb);
        gmc_lines_close(&s);
        fclose(f);
        const uint64_t want = read_naive(t, n, &ec);
        assert_true(a == want && b == want);
        assert_int_equal(ea, ec);
        assert_int_equal(eb, ec);
        cases++;
        nuls += ec;
    }
    assert_true(nuls > 100);
    printf("# %u random texts, memory and stream = a plain reading; %u lines with a NUL\n", cases, nuls);
    free(t);
}

static void a_long_line_grows_the_buffer_up_to_the_cap(void **st)
{
    (void)st;
    size_t n = 3u << 20;   /* longer than any first buffer */
    char *t = malloc(n + 3);
    memset(t, 'x', n);
    memcpy(t + n, "\ny", 3);
    FILE *f = tmp_with(t, n + 2);
    gmc_lines_t r;
    gmc_diag_t d = {"t.txt", err, sizeof err, NULL, 0, 0};
    const char *s;
    size_t len;
    assert_int_equal(gmc_lines_stream(&r, f, GMC_LINES_ANY, &d), 0);
    assert_int_equal(gmc_lines_next(&r, &s, &len, &d), 1);
    assert_int_equal(len, n);
    assert_int_equal(gmc_lines_next(&r, &s, &len, &d), 1);
    assert_int_equal(len, 1);
    assert_int_equal(gmc_lines_next(&r, &s, &len, &d), 0);
    gmc_lines_close(&r);
    fclose(f);
    free(t);
}

static void open_and_read_errors_name_the_file(void **st)
{
    (void)st;
    gmc_lines_t r;
    gmc_diag_t d = {"ignored", err, sizeof err, NULL, 0, 0};
    assert_int_equal(gmc_lines_open(&r, "/nonexistent/x.txt", 100, &d), -1);
    assert_string_equal(err, "/nonexistent/x.txt: cannot open: No such file or directory");
    /* a directory opens but does not read */
    char dir[] = "/tmp/gmc_lines_XXXXXX";
    assert_non_null(mkdtemp(dir));
    d.src = dir;
    if (gmc_lines_open(&r, dir, 100, &d) == 0) {
        const char *s;
        size_t len;
        assert_int_equal(gmc_lines_next(&r, &s, &len, &d), -1);
        assert_non_null(strstr(err, ":1: expected a readable file, found a read error (Is a directory)"));
        gmc_lines_close(&r);
    }
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(text_lines_drop_newlines_and_a_cr_before_them),
        cmocka_unit_test(a_nul_byte_is_an_error_at_its_line_and_column),
        cmocka_unit_test(a_line_over_the_cap_is_an_error),
        cmocka_unit_test(a_stream_gives_the_lines_memory_gives),
        cmocka_unit_test(nul_bytes_anywhere_match_a_plain_reading),
        cmocka_unit_test(a_long_line_grows_the_buffer_up_to_the_cap),
        cmocka_unit_test(open_and_read_errors_name_the_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
