/* util/gmc_num.h: the one number parser -- decimal, hex only where allowed
 * (and after 0x where the field is not hex by format), no octal, no
 * wrapping, and a code for each way a token is not a number. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "util/gmc_num.h"

static int u(const char *s, unsigned syntax, uint64_t max, uint64_t *v)
{
    return gmc_num_u64(s, strlen(s), syntax, max, v);
}

static void a_leading_zero_is_decimal_not_octal(void **st)
{
    (void)st;
    uint64_t v = 0;
    assert_int_equal(u("010", GMC_NUM_DEC, UINT64_MAX, &v), 0);
    assert_int_equal(v, 10);
    assert_int_equal(u("010", GMC_NUM_0X, UINT64_MAX, &v), 0);
    assert_int_equal(v, 10);
    assert_int_equal(u("08", GMC_NUM_0X, UINT64_MAX, &v), 0);   /* not a bad octal digit */
    assert_int_equal(v, 8);
    assert_int_equal(u("0009", GMC_NUM_DEC, 9, &v), 0);
    assert_int_equal(v, 9);
}

static void hex_needs_0x_unless_the_field_is_hex(void **st)
{
    (void)st;
    uint64_t v = 0;
    assert_int_equal(u("0x1F", GMC_NUM_0X, UINT64_MAX, &v), 0);
    assert_int_equal(v, 31);
    assert_int_equal(u("0X10", GMC_NUM_0X, UINT64_MAX, &v), 0);
    assert_int_equal(v, 16);
    assert_int_equal(u("1f", GMC_NUM_0X, UINT64_MAX, &v), GMC_NUM_TRAIL);
    assert_int_equal(u("0x10", GMC_NUM_DEC, UINT64_MAX, &v), GMC_NUM_TRAIL);
    assert_int_equal(u("1f", GMC_NUM_HEX, UINT64_MAX, &v), 0);
    assert_int_equal(v, 31);
    assert_int_equal(u("0x1f", GMC_NUM_HEX, UINT64_MAX, &v), 0);
    assert_int_equal(v, 31);
    assert_int_equal(u("0x", GMC_NUM_0X, UINT64_MAX, &v), GMC_NUM_TRAIL);   /* "0", then junk */
}

static void overflow_is_an_error_never_a_wrap(void **st)
{
    (void)st;
    uint64_t v = 7;
    assert_int_equal(u("18446744073709551615", GMC_NUM_DEC, UINT64_MAX, &v), 0);
    assert_true(v == UINT64_MAX);
    v = 7;
    assert_int_equal(u("18446744073709551616", GMC_NUM_DEC, UINT64_MAX, &v), GMC_NUM_BIG);
    assert_int_equal(u("99999999999999999999999", GMC_NUM_DEC, UINT64_MAX, &v), GMC_NUM_BIG);
    assert_int_equal(u("0x10000000000000000", GMC_NUM_0X, UINT64_MAX, &v), GMC_NUM_BIG);
    assert_int_equal(u("1025", GMC_NUM_DEC, 1024, &v), GMC_NUM_BIG);
    assert_int_equal(v, 7);   /* untouched on failure */
    assert_int_equal(u("1024", GMC_NUM_DEC, 1024, &v), 0);
    assert_int_equal(v, 1024);
    assert_int_equal(u("1", GMC_NUM_DEC, 0, &v), GMC_NUM_BIG);
}

static void each_failure_has_its_code_and_note(void **st)
{
    (void)st;
    uint64_t v;
    assert_int_equal(gmc_num_u64("", 0, GMC_NUM_DEC, UINT64_MAX, &v), GMC_NUM_EMPTY);
    assert_int_equal(u("x1", GMC_NUM_DEC, UINT64_MAX, &v), GMC_NUM_NAN);
    assert_int_equal(u("-1", GMC_NUM_DEC, UINT64_MAX, &v), GMC_NUM_NAN);
    assert_int_equal(u("+1", GMC_NUM_DEC, UINT64_MAX, &v), GMC_NUM_NAN);
    assert_int_equal(u(" 1", GMC_NUM_DEC, UINT64_MAX, &v), GMC_NUM_NAN);
    assert_int_equal(u("12abc", GMC_NUM_DEC, UINT64_MAX, &v), GMC_NUM_TRAIL);
    assert_int_equal(u("12 ", GMC_NUM_DEC, UINT64_MAX, &v), GMC_NUM_TRAIL);
    assert_int_equal(gmc_num_u64("12\0003", 4, GMC_NUM_DEC, UINT64_MAX, &v), GMC_NUM_TRAIL);
    assert_int_equal(gmc_num_u64_str(NULL, GMC_NUM_DEC, UINT64_MAX, &v), GMC_NUM_EMPTY);
    assert_string_equal(gmc_num_note(GMC_NUM_BIG), " (too large)");
    assert_string_equal(gmc_num_note(GMC_NUM_TRAIL), " (junk after the number)");
    assert_string_equal(gmc_num_note(GMC_NUM_NAN), "");
    assert_string_equal(gmc_num_note(0), "");
}

static void a_leading_number_stops_at_its_last_digit(void **st)
{
    (void)st;
    uint64_t v = 0;
    size_t used = 9;
    assert_int_equal(gmc_num_u64_lead("010 R", 5, GMC_NUM_DEC, UINT64_MAX, &v, &used), 0);
    assert_int_equal(v, 10);
    assert_int_equal(used, 3);
    assert_int_equal(gmc_num_u64_lead("0x1fz", 5, GMC_NUM_0X, UINT64_MAX, &v, &used), 0);
    assert_int_equal(v, 31);
    assert_int_equal(used, 4);
    assert_int_equal(gmc_num_u64_lead("R 1", 3, GMC_NUM_DEC, UINT64_MAX, &v, &used), GMC_NUM_NAN);
    assert_int_equal(used, 0);
    assert_int_equal(gmc_num_u64_lead("99999999999999999999 ", 21, GMC_NUM_DEC, UINT64_MAX, &v,
                                      &used), GMC_NUM_BIG);
    assert_int_equal(used, 20);
}

static void signed_integers_take_a_sign_and_their_range(void **st)
{
    (void)st;
    int64_t v = 0;
    assert_int_equal(gmc_num_i64("-128", 4, INT32_MIN, INT32_MAX, &v), 0);
    assert_int_equal(v, -128);
    assert_int_equal(gmc_num_i64("+010", 4, INT32_MIN, INT32_MAX, &v), 0);
    assert_int_equal(v, 10);
    assert_int_equal(gmc_num_i64("-9223372036854775808", 20, INT64_MIN, INT64_MAX, &v), 0);
    assert_true(v == INT64_MIN);
    assert_int_equal(gmc_num_i64("9223372036854775808", 19, INT64_MIN, INT64_MAX, &v), GMC_NUM_BIG);
    assert_int_equal(gmc_num_i64("-2147483649", 11, INT32_MIN, INT32_MAX, &v), GMC_NUM_BIG);
    assert_int_equal(gmc_num_i64("-", 1, INT32_MIN, INT32_MAX, &v), GMC_NUM_NAN);
    assert_int_equal(gmc_num_i64("5", 1, 6, 9, &v), GMC_NUM_BIG);   /* below min: out of range */
}

static void reals_read_as_the_readers_always_did(void **st)
{
    (void)st;
    double x = 0;
    assert_int_equal(gmc_num_real("1365", 4, 1e12, &x), 0);
    assert_true(x == 1365.0);
    assert_int_equal(gmc_num_real("0.75", 4, 1e12, &x), 0);
    assert_true(x == 75.0 / 100.0);   /* digits, then the fraction divided out */
    assert_int_equal(gmc_num_real("700.", 4, 1e12, &x), 0);
    assert_true(x == 700.0);
    assert_int_equal(gmc_num_real("010.5", 5, 1e12, &x), 0);
    assert_true(x == 10.5);
    assert_int_equal(gmc_num_real(".", 1, 1e12, &x), GMC_NUM_NAN);
    assert_int_equal(gmc_num_real("1.2.3", 5, 1e12, &x), GMC_NUM_TRAIL);
    assert_int_equal(gmc_num_real("1e3", 3, 1e12, &x), GMC_NUM_TRAIL);
    assert_int_equal(gmc_num_real("2000000000", 10, 1e9, &x), GMC_NUM_BIG);
    char many[400];
    memset(many, '9', sizeof many);   /* beyond a double: too large, not inf or NaN */
    assert_int_equal(gmc_num_real(many, sizeof many, 1e300, &x), GMC_NUM_BIG);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_leading_zero_is_decimal_not_octal),
        cmocka_unit_test(hex_needs_0x_unless_the_field_is_hex),
        cmocka_unit_test(overflow_is_an_error_never_a_wrap),
        cmocka_unit_test(each_failure_has_its_code_and_note),
        cmocka_unit_test(a_leading_number_stops_at_its_last_digit),
        cmocka_unit_test(signed_integers_take_a_sign_and_their_range),
        cmocka_unit_test(reals_read_as_the_readers_always_did),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
