/* util/gmc_diag.h, util/gmc_quote.h, util/gmc_file.h: one wording of a
 * reader's errors ("src:line: expected X, found 'Y'") and one way of
 * showing the found text, whoever reports it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>
#include "util/gmc_diag.h"
#include "util/gmc_file.h"
#include "util/gmc_lines.h"
#include "util/gmc_num.h"
#include "util/gmc_quote.h"
#include "test_util.h"

static void quoting_escapes_every_non_printable_byte_the_same_way(void **st)
{
    (void)st;
    gmc_quote_t q;
    assert_string_equal(gmc_quote(&q, "abc", 3), "'abc'");
    assert_string_equal(gmc_quote(&q, "", 0), "''");
    assert_string_equal(gmc_quote(&q, "a\0b\t\x7f\xff", 6), "'a\\x00b\\x09\\x7f\\xff'");
    assert_string_equal(gmc_quote(&q, "it's a\\b", 8), "'it\\x27s a\\x5cb'");   /* never ambiguous */
}

static void quoting_caps_the_length(void **st)
{
    (void)st;
    gmc_quote_t q;
    char big[1000];
    memset(big, 'x', sizeof big);
    gmc_quote(&q, big, sizeof big);
    assert_int_equal(strlen(q.s), 2 + GMC_QUOTE_SHOWN + 3);
    assert_memory_equal(q.s + 1 + GMC_QUOTE_SHOWN, "...'", 4);
    memset(big, 1, sizeof big);   /* the worst case fits the room */
    gmc_quote(&q, big, sizeof big);
    assert_int_equal(strlen(q.s), GMC_QUOTE_SIZE - 1);
    assert_int_equal(strlen(gmc_quote(&q, big, GMC_QUOTE_SHOWN)), 2 + 4 * GMC_QUOTE_SHOWN);
}

static void errors_say_file_line_expected_and_found(void **st)
{
    (void)st;
    char err[160];
    gmc_diag_t d = {"m.cfg", err, sizeof err, NULL, 0, 0};
    assert_int_equal(gmc_diag_expected(&d, 3, "a key", "9x =", 4), -1);
    assert_string_equal(err, "m.cfg:3: expected a key, found '9x ='");
    gmc_diag_expected(&d, 0, "a value", "", 0);
    assert_string_equal(err, "m.cfg: expected a value, found nothing");
    gmc_diag_expected_num(&d, 7, "sms in 1..1024", "99999999999999999999", 20, GMC_NUM_BIG);
    assert_string_equal(err, "m.cfg:7: expected sms in 1..1024, found '99999999999999999999' (too large)");
    d.src = NULL;   /* a one-line parser: its caller adds the place */
    gmc_diag_error(&d, 5, "expected %s, found %d", "x", 4);
    assert_string_equal(err, "expected x, found 4");
    char tiny[4];
    gmc_diag_t t = {"a-long-name", tiny, sizeof tiny, NULL, 0, 0};
    gmc_diag_error(&t, 1, "anything");   /* cut, never overrun */
    gmc_diag_t none = {"x", NULL, 0, NULL, 0, 0};
    assert_int_equal(gmc_diag_error(&none, 1, "dropped"), -1);
}

static void warnings_append_and_count(void **st)
{
    (void)st;
    char warn[128] = "";
    gmc_diag_t d = {"g.ini", NULL, 0, warn, sizeof warn, 0};
    gmc_diag_warn(&d, 2, "first %d", 1);
    gmc_diag_warn(&d, 0, "second");
    assert_string_equal(warn, "g.ini:2: warning: first 1\ng.ini: warning: second\n");
    assert_int_equal(d.nwarn, 2);
    d.wn = 0;   /* dropped, still counted */
    gmc_diag_warn(&d, 1, "third");
    assert_int_equal(d.nwarn, 3);
    assert_string_equal(warn, "g.ini:2: warning: first 1\ng.ini: warning: second\n");
}

static void a_file_read_whole_is_capped_and_named(void **st)
{
    (void)st;
    char path[] = "/tmp/gmc_file_XXXXXX", err[200];
    test_temp_file(path, "0123456789", 10);
    gmc_diag_t d = {"unused", err, sizeof err, NULL, 0, 0};
    char *text;
    size_t len;
    assert_int_equal(gmc_file_read(path, 10, "a map", &text, &len, &d), 0);
    assert_int_equal(len, 10);
    assert_string_equal(text, "0123456789");
    free(text);
    assert_int_equal(gmc_file_read(path, 9, "a map", &text, &len, &d), -1);
    assert_null(text);
    assert_non_null(strstr(err, ": expected a map of at most 9 bytes, found more"));
    assert_int_equal(strncmp(err, path, strlen(path)), 0);
    unlink(path);
    assert_int_equal(gmc_file_read(path, 9, "a map", &text, &len, &d), -1);
    assert_non_null(strstr(err, ": cannot open: No such file or directory"));
    assert_int_equal(gmc_file_read("/tmp", 9, "a map", &text, &len, &d), -1);
    assert_string_equal(err, "/tmp: is a directory, expected a regular file");
}

/* A FIFO with no writer would block an fopen for ever: every opener but
 * the stream readers' refuses it at once, as it refuses a directory and a
 * device (alarm: a reader that waits fails the test instead of hanging
 * it); the line reader reads a FIFO with a writer as a stream. */
static void a_fifo_or_a_device_is_refused_without_waiting(void **st)
{
    (void)st;
    char dir[] = "/tmp/gmc_fifo_XXXXXX", fifo[64], err[200];
    assert_non_null(mkdtemp(dir));
    snprintf(fifo, sizeof fifo, "%s/f", dir);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    alarm(10);
    const char *kind;
    assert_null(gmc_file_open(fifo, &kind));
    assert_string_equal(kind, "a FIFO");
    assert_null(gmc_file_open("/dev/null", &kind));
    assert_string_equal(kind, "a character device");
    assert_null(gmc_file_open("/tmp", &kind));
    assert_string_equal(kind, "a directory");
    assert_null(gmc_file_open("/nonexistent/x", &kind));
    assert_null(kind);
    gmc_diag_t d = {"unused", err, sizeof err, NULL, 0, 0};
    char *text, want[128];
    size_t len;
    snprintf(want, sizeof want, "%s: is a FIFO, expected a regular file", fifo);
    assert_int_equal(gmc_file_read(fifo, 9, "a map", &text, &len, &d), -1);
    assert_string_equal(err, want);
    FILE *f = gmc_file_open_diag("/dev/zero", &d);
    assert_null(f);
    assert_string_equal(err, "/dev/zero: is a character device, expected a regular file");
    /* the line reader takes a stream: a FIFO with a writer reads as one, a device does not */
    gmc_lines_t r;
    assert_int_equal(gmc_lines_open(&r, "/dev/zero", 100, &d), -1);
    assert_string_equal(err, "/dev/zero: is a character device, expected a regular file");
    pid_t pid = fork();
    if (pid == 0) {
        FILE *w = fopen(fifo, "w");   /* waits for the reader below */
        _exit(w && fputs("0 R 0x40\n", w) >= 0 && fclose(w) == 0 ? 0 : 1);
    }
    assert_true(pid > 0);
    assert_int_equal(gmc_lines_open(&r, fifo, 100, &d), 0);
    const char *line;
    size_t ll;
    assert_int_equal(gmc_lines_next(&r, &line, &ll, &d), 1);
    assert_int_equal(ll, 8);
    assert_memory_equal(line, "0 R 0x40", 8);
    assert_int_equal(gmc_lines_next(&r, &line, &ll, &d), 0);
    gmc_lines_close(&r);
    int ws;
    assert_int_equal(waitpid(pid, &ws, 0), pid);
    assert_true(WIFEXITED(ws) && WEXITSTATUS(ws) == 0);
    alarm(0);
    unlink(fifo);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(quoting_escapes_every_non_printable_byte_the_same_way),
        cmocka_unit_test(quoting_caps_the_length),
        cmocka_unit_test(errors_say_file_line_expected_and_found),
        cmocka_unit_test(warnings_append_and_count),
        cmocka_unit_test(a_file_read_whole_is_capped_and_named),
        cmocka_unit_test(a_fifo_or_a_device_is_refused_without_waiting),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
