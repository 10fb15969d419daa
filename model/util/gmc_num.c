/* gmc_num: the one number parser (gmc_num.h). */
#include "util/gmc_num.h"
#include <string.h>

/* The value of a hex digit, 99 for any other byte: one load per character
 * (the memory-trace reader parses millions of fields). */
static const uint8_t digit_of[256] = {
#define X16 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99
    X16, X16, X16,
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 99, 99, 99, 99, 99, 99,
    99, 10, 11, 12, 13, 14, 15, 99, 99, 99, 99, 99, 99, 99, 99, 99,
    X16,
    99, 10, 11, 12, 13, 14, 15, 99, 99, 99, 99, 99, 99, 99, 99, 99,
    X16, X16, X16, X16, X16, X16, X16, X16, X16,
#undef X16
};

int gmc_num_u64_lead(const char *s, size_t len, unsigned syntax, uint64_t max, uint64_t *v,
                     size_t *used)
{
    unsigned base = syntax == GMC_NUM_HEX ? 16 : 10;
    size_t i = 0;
    *used = 0;
    if (!len)
        return GMC_NUM_EMPTY;
    if (syntax != GMC_NUM_DEC && len > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') &&
        digit_of[(unsigned char)s[2]] < 16) {
        base = 16;
        i = 2;
    }
    if (digit_of[(unsigned char)s[i]] >= base)
        return GMC_NUM_NAN;
    uint64_t x = 0;
    int wrapped = 0;
    unsigned d;
    const size_t first = i;
    /* Traces read one or two numbers per line: a loop with the base a
     * constant and no overflow check; only a number of more digits than
     * 2^64 - 1 has (16 hex, 19 decimal) is read again with the checks. */
    if (base == 16)
        for (; i < len && (d = digit_of[(unsigned char)s[i]]) < 16; i++)
            x = x << 4 | d;
    else
        for (; i < len && (d = digit_of[(unsigned char)s[i]]) < 10; i++)
            x = x * 10 + d;
    if (i - first > (base == 16 ? 16u : 19u)) {
        x = 0;
        for (i = first; i < len && (d = digit_of[(unsigned char)s[i]]) < base; i++)
            /* x only grows, so one check against max at the end is enough --
             * unless it wraps, which the overflow builtins catch */
            wrapped |= __builtin_mul_overflow(x, base, &x) | __builtin_add_overflow(x, d, &x);
    }
    *used = i;
    if (wrapped || x > max)
        return GMC_NUM_BIG;
    *v = x;
    return GMC_NUM_OK;
}

int gmc_num_u64(const char *s, size_t len, unsigned syntax, uint64_t max, uint64_t *v)
{
    size_t used;
    uint64_t x;
    int rc = gmc_num_u64_lead(s, len, syntax, max, &x, &used);
    if (rc != GMC_NUM_EMPTY && rc != GMC_NUM_NAN && used < len)
        return GMC_NUM_TRAIL;   /* "12abc": the junk, even when 12... was too large */
    if (!rc)
        *v = x;
    return rc;
}

int gmc_num_mul(uint64_t a, uint64_t b, uint64_t *r)
{
    uint64_t x;
    if (__builtin_mul_overflow(a, b, &x))
        return GMC_NUM_BIG;
    *r = x;
    return GMC_NUM_OK;
}

int gmc_num_add(uint64_t a, uint64_t b, uint64_t *r)
{
    uint64_t x;
    if (__builtin_add_overflow(a, b, &x))
        return GMC_NUM_BIG;
    *r = x;
    return GMC_NUM_OK;
}

int gmc_num_u64_str(const char *s, unsigned syntax, uint64_t max, uint64_t *v)
{
    return gmc_num_u64(s, s ? strlen(s) : 0, syntax, max, v);
}

int gmc_num_i64(const char *s, size_t len, int64_t min, int64_t max, int64_t *v)
{
    int neg = len && s[0] == '-', sign = len && (s[0] == '-' || s[0] == '+');
    if (sign && len == 1)
        return GMC_NUM_NAN;
    uint64_t lim = neg ? (min < 0 ? 0 - (uint64_t)min : 0) : (max > 0 ? (uint64_t)max : 0);
    uint64_t x;
    int rc = gmc_num_u64(s + sign, len - (size_t)sign, GMC_NUM_DEC, lim, &x);
    if (rc == GMC_NUM_EMPTY)
        return sign ? GMC_NUM_NAN : rc;
    if (rc)
        return rc;
    int64_t y = neg ? (x ? -(int64_t)(x - 1) - 1 : 0) : (int64_t)x;
    if (y < min || y > max)
        return GMC_NUM_BIG;
    *v = y;
    return GMC_NUM_OK;
}

int gmc_num_real(const char *s, size_t len, double max, double *v)
{
    double x = 0, scale = 0;
    size_t digits = 0, i;
    if (!len)
        return GMC_NUM_EMPTY;
    for (i = 0; i < len; i++) {
        if (s[i] == '.' && scale == 0)
            scale = 1;
        else if (s[i] >= '0' && s[i] <= '9') {
            x = x * 10 + (s[i] - '0');
            if (scale)
                scale *= 10;
            digits++;
        } else
            break;
    }
    if (!digits)
        return GMC_NUM_NAN;
    if (i < len)
        return GMC_NUM_TRAIL;
    x = scale ? x / scale : x;
    if (!(x <= max))   /* also a digit string too long for a double (inf / inf) */
        return GMC_NUM_BIG;
    *v = x;
    return GMC_NUM_OK;
}

const char *gmc_num_note(int rc)
{
    return rc == GMC_NUM_BIG ? " (too large)" : rc == GMC_NUM_TRAIL ? " (junk after the number)" : "";
}
