/* Small helpers the unit tests share (include after <cmocka.h>): the
 * tests' random stream, a digest step, and files -- read whole, written
 * to a fresh temporary name.  The other shared headers here:
 * test_near.h (assert_near for doubles), test_gpu.h (a GPU from a machine
 * preset, its JSON report), gpu_test_kernels.h (the GPU tests' kernels),
 * test_mem.h (a memory-system configuration from a DRAM preset). */
#ifndef GMC_TEST_UTIL_H
#define GMC_TEST_UTIL_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* One step of Knuth's MMIX LCG, the tests' random stream (low bits weak:
 * callers use the high ones). */
static inline void test_lcg(uint64_t *x) { *x = *x * 6364136223846793005ull + 1442695040888963407ull; }

/* One step of a 64-bit FNV-1a digest taken a word at a time: h ^ x times
 * the FNV prime.  Start h at TEST_FNV_OFFSET (or any seed). */
#define TEST_FNV_OFFSET 0xcbf29ce484222325ull
static inline uint64_t test_fnv(uint64_t h, uint64_t x) { return (h ^ x) * 0x100000001b3ull; }

/* path's whole text, NUL-terminated, in a buffer the caller frees (*len
 * its length, when len is given).  A relative path is the repository
 * root's: the tests run from there.  Fails the test when it cannot. */
static inline char *test_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        fail_msg("%s: cannot open (run from the repository root)", path);
    size_t cap = 1 << 16, n = 0, got;
    char *buf = malloc(cap);
    assert_non_null(buf);
    while ((got = fread(buf + n, 1, cap - 1 - n, f)) > 0) {
        n += got;
        if (n == cap - 1) {
            buf = realloc(buf, cap *= 2);
            assert_non_null(buf);
        }
    }
    assert_int_equal(ferror(f), 0);
    fclose(f);
    buf[n] = 0;
    if (len)
        *len = n;
    return buf;
}

/* A new temporary file open for writing; tmpl ("/tmp/gmc_..._XXXXXX")
 * becomes its name (the caller unlinks it). */
static inline FILE *test_temp_fopen(char *tmpl)
{
    int fd = mkstemp(tmpl);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    assert_non_null(f);
    return f;
}

/* A new temporary file holding text[0..len); tmpl becomes its name. */
static inline void test_temp_file(char *tmpl, const char *text, size_t len)
{
    int fd = mkstemp(tmpl);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, text, len), (ssize_t)len);
    close(fd);
}

#endif
