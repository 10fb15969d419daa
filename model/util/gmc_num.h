/* gmc_num: the one number parser of gmc's readers and options.
 *
 * Numbers are decimal: "010" is ten (a leading zero never means octal).
 * Hexadecimal is read where a reader allows it, and then -- except in the
 * fields that are hex by their format (trace addresses, vector words) --
 * only after 0x.  A number is the whole token: no sign, no blanks (the
 * caller trims), nothing after the digits; its value is checked against the
 * caller's maximum without ever wrapping, so every failure is one of the
 * codes below and a message can say which. */
#ifndef GMC_NUM_H
#define GMC_NUM_H
#include <stddef.h>
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif

/* The syntax a field allows. */
enum {
    GMC_NUM_DEC = 0,   /* decimal digits */
    GMC_NUM_0X  = 1,   /* decimal digits, or hex digits after 0x / 0X */
    GMC_NUM_HEX = 2,   /* hex digits, 0x / 0X optional (fields that are hex by format) */
};

/* What went wrong (0 = nothing). */
enum {
    GMC_NUM_OK    = 0,
    GMC_NUM_EMPTY = 1,   /* no characters */
    GMC_NUM_NAN   = 2,   /* does not start as a number of the syntax */
    GMC_NUM_TRAIL = 3,   /* a number followed by something else ("12abc") */
    GMC_NUM_BIG   = 4,   /* above the maximum (including above 2^64 - 1) */
};

/* s[0..len) as an unsigned integer of the syntax, at most max: 0 with *v
 * set, or one of the codes (*v untouched). */
int gmc_num_u64(const char *s, size_t len, unsigned syntax, uint64_t max, uint64_t *v);
/* The number at the start of s[0..len), for a reader whose fields end at
 * a delimiter it checks itself (one pass over the field): *used is the
 * bytes the number took (0 for GMC_NUM_EMPTY / GMC_NUM_NAN); never
 * GMC_NUM_TRAIL. */
int gmc_num_u64_lead(const char *s, size_t len, unsigned syntax, uint64_t max, uint64_t *v,
                     size_t *used);
/* The same for a NUL-terminated string. */
int gmc_num_u64_str(const char *s, unsigned syntax, uint64_t max, uint64_t *v);
/* A decimal integer with an optional leading '-' or '+', in [min, max]
 * (GMC_NUM_BIG for one outside it). */
int gmc_num_i64(const char *s, size_t len, int64_t min, int64_t max, int64_t *v);
/* A non-negative decimal number with an optional fraction ("3500", "0.75",
 * "700."), at most max: digits are accumulated and the fraction divided
 * out at the end, as every reader of gmc did before, so results do not
 * change. */
int gmc_num_real(const char *s, size_t len, double max, double *v);

/* Counts computed from numbers read (a product of parameters): a * b and
 * a + b without wrapping, 0 with *r set, or GMC_NUM_BIG (*r untouched)
 * when the result does not fit in 64 bits. */
int gmc_num_mul(uint64_t a, uint64_t b, uint64_t *r);
int gmc_num_add(uint64_t a, uint64_t b, uint64_t *r);

/* For a message after "found '...'": "" for 0 and the cases the quoted
 * text already shows, " (too large)" for GMC_NUM_BIG and " (junk after
 * the number)" for GMC_NUM_TRAIL. */
const char *gmc_num_note(int rc);

#ifdef __cplusplus
}
#endif
#endif
