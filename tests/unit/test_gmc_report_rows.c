/* util/gmc_report_rows_impl.h: a report's rows and their two writers --
 * a caller's JSON members become rows like any other, so the CSV has every
 * field the JSON has, and the JSON writes them back byte for byte. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "util/gmc_report_rows_impl.h"

#define MEMBERS "  \"gmc\": \"sim\",\n  \"workload\": \"a, \\\"b\\\"\",\n  \"seed\": 7,\n  \"refresh\": true,\n"

/* What writer w makes of t, as a string (the caller frees it); *rc its code. */
static char *written(const gmc_rows_t *t, int csv, int *rc)
{
    char *buf = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    assert_non_null(f);
    *rc = csv ? gmc_rows_csv(t, f) : gmc_rows_json(t, f);
    assert_int_equal(fclose(f), 0);
    return buf;
}

static void table(gmc_rows_t *t, const char *members)
{
    memset(t, 0, sizeof *t);
    if (members)
        (void)gmc_rows_members(t, members);
    gmc_rows_u64(t, NULL, "cycles", 42);
    gmc_rows_f64(t, "l1", "hit_rate", "%.4f", 0.5);
}

static void members_lead_the_json_byte_for_byte(void **st)
{
    (void)st;
    gmc_rows_t t;
    table(&t, MEMBERS);
    int rc;
    char *j = written(&t, 0, &rc);
    assert_int_equal(rc, 0);
    assert_string_equal(j, "{\n" MEMBERS "  \"cycles\": 42,\n  \"l1\": {\"hit_rate\": 0.5000}\n}\n");
    free(j);
    gmc_rows_free(&t);
}

static void members_are_csv_lines_too(void **st)
{
    (void)st;
    gmc_rows_t t;
    table(&t, MEMBERS);
    int rc;
    char *c = written(&t, 1, &rc);
    assert_int_equal(rc, 0);
    assert_string_equal(c, "name,value\ngmc,\"sim\"\nworkload,\"a, \\\"b\\\"\"\nseed,7\nrefresh,true\n"
                           "cycles,42\nl1.hit_rate,0.5000\n");
    free(c);
    gmc_rows_free(&t);
}

static void a_member_line_not_of_the_form_fails_both_writers(void **st)
{
    (void)st;
    static const char *const bad[] = {
        "  \"seed\": 7\n",           /* no comma */
        "  \"seed\": 7,",            /* no newline */
        "\"seed\": 7,\n",            /* no indent */
        "  \"seed\" 7,\n",           /* no colon */
        "  \"seed\": ,\n",           /* no value */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        gmc_rows_t t;
        memset(&t, 0, sizeof t);
        assert_int_equal(gmc_rows_members(&t, bad[i]), -1);
        gmc_rows_u64(&t, NULL, "cycles", 42);
        int rc;
        free(written(&t, 0, &rc));
        assert_int_equal(rc, -1);
        free(written(&t, 1, &rc));
        assert_int_equal(rc, -1);
        gmc_rows_free(&t);
    }
}

static void no_members_no_rows(void **st)
{
    (void)st;
    gmc_rows_t t;
    table(&t, NULL);
    int rc;
    char *c = written(&t, 1, &rc);
    assert_int_equal(rc, 0);
    assert_string_equal(c, "name,value\ncycles,42\nl1.hit_rate,0.5000\n");
    free(c);
    gmc_rows_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(members_lead_the_json_byte_for_byte),
        cmocka_unit_test(members_are_csv_lines_too),
        cmocka_unit_test(a_member_line_not_of_the_form_fails_both_writers),
        cmocka_unit_test(no_members_no_rows),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
