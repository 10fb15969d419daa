/* Address maps: the presets decode as their sources say; bad maps are refused
 * with file and line. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "mem/gmc_addrmap.h"
#include "util/gmc_rng.h"

static void gddr5_preset_decodes_fig4_fields(void **st)
{
    gmc_addrmap_t m;
    gmc_dramaddr_t d;
    assert_int_equal(gmc_addrmap_preset("gddr5-hynix", &m), 0);
    assert_int_equal(m.width, 30);
    assert_int_equal(m.fwidth[GMC_F_ROW], 12);     /* 4K rows */
    assert_int_equal(m.fwidth[GMC_F_BANK], 4);     /* 16 banks */
    assert_int_equal(m.fwidth[GMC_F_CH], 2);       /* 4 channels */
    assert_int_equal(m.fwidth[GMC_F_COL], 6);      /* 64 columns */
    assert_int_equal(m.fwidth[GMC_F_BLOCK], 6);    /* 64 B */
    /* Bank = {a[17:15], a[10]}: bit 10 is bank bit 0, bit 15 is bank bit 1. */
    gmc_addrmap_decode(&m, 1u << 10, &d);
    assert_int_equal(d.f[GMC_F_BANK], 1);
    gmc_addrmap_decode(&m, 1u << 15, &d);
    assert_int_equal(d.f[GMC_F_BANK], 2);
    /* Col = {a[14:11], a[7:6]}. */
    gmc_addrmap_decode(&m, (1u << 6) | (1u << 11), &d);
    assert_int_equal(d.f[GMC_F_COL], 1 | 4);
    gmc_addrmap_decode(&m, 3u << 8, &d);
    assert_int_equal(d.f[GMC_F_CH], 3);
    gmc_addrmap_decode(&m, 0x3ffc0000u | 0x2a, &d);
    assert_int_equal(d.f[GMC_F_ROW], 0xfff);
    assert_int_equal(d.f[GMC_F_BLOCK], 0x2a);
}

static void gddr6_preset_has_table2_geometry(void **st)
{
    gmc_addrmap_t m;
    assert_int_equal(gmc_addrmap_preset("gddr6-rtx2060s", &m), 0);
    assert_int_equal(m.width, 33);                 /* 8 GB */
    assert_int_equal(m.fwidth[GMC_F_CH], 4);       /* 16 channels */
    assert_int_equal(m.fwidth[GMC_F_BANK], 4);     /* 16 banks */
    assert_int_equal(m.fwidth[GMC_F_COL] + m.fwidth[GMC_F_BLOCK], 10);   /* 1 KB rows */
}

static void decode_encode_round_trip_every_preset(void **st)
{
    gmc_rng_t r;
    gmc_rng_seed(&r, 3);
    for (unsigned p = 0; gmc_addrmap_preset_name(p); p++) {
        gmc_addrmap_t m;
        assert_int_equal(gmc_addrmap_preset(gmc_addrmap_preset_name(p), &m), 0);
        for (int i = 0; i < 1000; i++) {
            uint64_t a = gmc_rng_u64(&r) & ((1ULL << m.width) - 1);
            gmc_dramaddr_t d;
            gmc_addrmap_decode(&m, a, &d);
            assert_true(gmc_addrmap_encode(&m, &d) == a);
        }
    }
}

static void format_round_trips_through_parse(void **st)
{
    gmc_addrmap_t m, m2;
    char buf[512], err[256];
    assert_int_equal(gmc_addrmap_preset("gddr5-hynix", &m), 0);
    gmc_addrmap_format(&m, buf, sizeof buf);
    assert_string_equal(buf, gmc_addrmap_preset_spec("gddr5-hynix"));
    assert_int_equal(gmc_addrmap_parse(buf, "x", &m2, err, sizeof err), 0);
    assert_memory_equal(m.field, m2.field, sizeof m.field);
    assert_memory_equal(m.fbit, m2.fbit, sizeof m.fbit);
}

static void names_are_case_insensitive_and_commas_allowed(void **st)
{
    gmc_addrmap_t m;
    char err[256];
    assert_int_equal(gmc_addrmap_parse("ROW[9:4], channel[3], column[2:1] # c\n offset[0]", "x",
                                       &m, err, sizeof err), 0);
    assert_int_equal(m.width, 10);
    assert_int_equal(m.fwidth[GMC_F_CH], 1);
}

static void expect_error(const char *spec, const char *needle)
{
    gmc_addrmap_t m;
    char err[256] = "";
    assert_int_equal(gmc_addrmap_parse(spec, "map.txt", &m, err, sizeof err), -1);
    if (!strstr(err, needle))
        fail_msg("error '%s' lacks '%s'", err, needle);
}

static void bad_maps_name_file_line_and_problem(void **st)
{
    expect_error("Row[9:4] Bank[4:0]", "map.txt:1: expected each address bit once");
    expect_error("Row[9:5]\nBank[3:0]", "map.txt:2: expected every bit from 0 to 9");
    expect_error("Row[9:5]\n\nFoo[4:0]", "map.txt:3: expected a field name");
    expect_error("Row[9:5 Bank[4:0]", "expected ']'");
    expect_error("Row[4:9]", "msb >= lsb");
    expect_error("Row[99:0]", "msb >= lsb");
    expect_error("Row 9:0", "expected '['");
    expect_error("Row[x]", "expected a bit number");
    expect_error("   # nothing\n", "found none");
}

/* ---- a channel count that is not a power of two: Ch%C@N ---- */

static void channel_modulo_decodes_as_gpgpusim_splits(void **st)
{
    gmc_addrmap_t m;
    gmc_dramaddr_t d;
    char err[256], buf[256];
    const char *spec = "Row[28:14] Bank[13:10] Ch%24@8 Col[9:5] Block[4:0]";   /* TITAN V */
    assert_int_equal(gmc_addrmap_parse(spec, "x", &m, err, sizeof err), 0);
    assert_int_equal(m.ch_mod, 24);
    assert_int_equal(m.ch_at, 8);
    assert_int_equal(m.rest_width, 29);
    assert_int_equal(m.width, 34);                 /* 29 + 5 bits reach all 24 channels */
    assert_int_equal(m.fwidth[GMC_F_CH], 0);
    gmc_addrmap_format(&m, buf, sizeof buf);
    assert_string_equal(buf, spec);
    /* 256 B per channel in turn; after 24 of them the rest's bit 8 (Col 3) */
    gmc_addrmap_decode(&m, 23 * 256 + 32, &d);
    assert_int_equal(d.f[GMC_F_CH], 23);
    assert_int_equal(d.f[GMC_F_COL], 1);
    gmc_addrmap_decode(&m, 24 * 256, &d);
    assert_int_equal(d.f[GMC_F_CH], 0);
    assert_int_equal(d.f[GMC_F_COL], 8);
    assert_int_equal(gmc_addrmap_encode(&m, &d), 24 * 256);
    /* written anywhere, formatted before the first slice below bit N */
    assert_int_equal(gmc_addrmap_parse("Ch%3@0 Row[3:0]", "x", &m, err, sizeof err), 0);
    gmc_addrmap_format(&m, buf, sizeof buf);
    assert_string_equal(buf, "Row[3:0] Ch%3@0");
    assert_int_equal(gmc_addrmap_parse("Row[7:4] Block[3:0] Ch%5@8", "x", &m, err, sizeof err), 0);
    gmc_addrmap_format(&m, buf, sizeof buf);
    assert_string_equal(buf, "Ch%5@8 Row[7:4] Block[3:0]");
    assert_int_equal(m.width, 11);
}

/* The slow reference: GPGPU-Sim's addrdec_tlx "gap" case written out --
 * split at N, channel = high % C, rest = (high / C) << N | low -- then each
 * field packs its bits of the rest from the lowest address bit up. */
static void ref_decode(const int *letter, unsigned rw, unsigned c, unsigned at, uint64_t a,
                       uint64_t f[GMC_F_N])
{
    uint64_t hi = a >> at, low = at ? a & ((1ull << at) - 1) : 0;
    uint64_t rest = ((hi / c) << at) | low;
    unsigned pos[GMC_F_N] = {0};
    memset(f, 0, GMC_F_N * sizeof f[0]);
    f[GMC_F_CH] = hi % c;
    for (unsigned b = 0; b < rw; b++)
        f[letter[b]] |= ((rest >> b) & 1) << pos[letter[b]]++;
}

static void channel_modulo_matches_the_reference_on_random_maps(void **st)
{
    static const char *const nm[GMC_F_N] = {"Block", "Col", "Ch", "Bank", "Row"};
    static const unsigned odd[] = {3, 5, 6, 7, 10, 11, 12, 13, 20, 24, 40, 48, 100, 4095};
    gmc_rng_t r;
    gmc_rng_seed(&r, 0x6d6f64);
    unsigned maps = 0, addrs = 0, inverses = 0;
    for (int it = 0; it < 400; it++) {
        /* a random layout: field widths, bits shuffled into runs */
        unsigned w[GMC_F_N] = {2 + (unsigned)gmc_rng_below(&r, 5), 1 + (unsigned)gmc_rng_below(&r, 8), 0,
                               1 + (unsigned)gmc_rng_below(&r, 5), 1 + (unsigned)gmc_rng_below(&r, 20)};
        int letter[64];
        unsigned rw = 0;
        for (int f = 0; f < GMC_F_N; f++)
            for (unsigned k = 0; k < w[f]; k++)
                letter[rw++] = f;
        for (unsigned b = rw - 1; b > 0; b--) {
            unsigned j = (unsigned)gmc_rng_below(&r, b + 1);
            int t = letter[b]; letter[b] = letter[j]; letter[j] = t;
        }
        unsigned c = it % 3 ? odd[gmc_rng_below(&r, sizeof odd / sizeof odd[0])]
                            : 1 + (unsigned)gmc_rng_below(&r, 4096);
        unsigned at = (unsigned)gmc_rng_below(&r, rw + 1);
        /* the text, with the token at a random place among the runs */
        char spec[1024];
        size_t k = 0;
        unsigned put_at = (unsigned)gmc_rng_below(&r, rw + 1);
        for (int b = (int)rw - 1; b >= -1; b--) {
            if ((int)put_at == b + 1)
                k += (size_t)snprintf(spec + k, sizeof spec - k, " Ch%%%u@%u", c, at);
            if (b < 0)
                break;
            int lo = b;
            while (lo > 0 && letter[lo - 1] == letter[b])
                lo--;
            k += (size_t)snprintf(spec + k, sizeof spec - k, " %s[%d:%d]", nm[letter[b]], b, lo);
            if (put_at > (unsigned)lo && put_at <= (unsigned)b)
                k += (size_t)snprintf(spec + k, sizeof spec - k, " Ch%%%u@%u", c, at);
            b = lo;
        }
        gmc_addrmap_t m, m2;
        char err[256], back[1024];
        if (gmc_addrmap_parse(spec, "random", &m, err, sizeof err))
            fail_msg("%s: %s", spec, err);
        gmc_addrmap_format(&m, back, sizeof back);
        if (gmc_addrmap_parse(back, "formatted", &m2, err, sizeof err))
            fail_msg("%s: %s", back, err);
        maps++;
        for (int i = 0; i < 500; i++) {
            uint64_t a = gmc_rng_u64(&r) & (m.width < 64 ? (1ull << m.width) - 1 : ~0ull);
            uint64_t want[GMC_F_N];
            gmc_dramaddr_t d, d2;
            ref_decode(letter, rw, c, at, a, want);
            gmc_addrmap_decode(&m, a, &d);
            gmc_addrmap_decode(&m2, a, &d2);
            assert_memory_equal(d.f, want, sizeof want);
            assert_memory_equal(d2.f, want, sizeof want);
            addrs++;
            /* one-to-one on the first C * 2^rest_width addresses */
            uint64_t span_hi = (1ull << (rw - at)) * c;   /* high parts that reach a rest row */
            if ((a >> at) < span_hi) {
                assert_true(gmc_addrmap_encode(&m, &d) == a);
                inverses++;
            }
        }
    }
    print_message("%u random maps with a channel modulo, %u addresses decoded as the reference, "
                  "%u encoded back\n", maps, addrs, inverses);
    assert_true(inverses > addrs / 2);
}

static void bad_channel_modulo_is_refused(void **st)
{
    expect_error("Row[9:4] Ch[3] Ch%3@2 Block[2:0]", "map.txt:1: expected no Ch[...] slice with Ch%3@2");
    expect_error("Row[9:0] Ch%3@2 Ch%5@4", "expected one Ch%C@N, found a second");
    expect_error("Row[9:0] Ch%0@2", "expected a channel count 1..4096 after 'Ch%', found '0@2'");
    expect_error("Row[9:0] Ch%5000@2", "expected a channel count 1..4096");
    expect_error("Row[9:0] Ch%12", "expected '@' after 'Ch%12'");
    expect_error("Row[9:0] Ch%12@64", "expected a bit number 0..63 after 'Ch%12@'");
    expect_error("Row[9:0]\nCh%12@11", "map.txt:2: expected Ch%12@N with N at most 10");
    expect_error("Row[62:0] Ch%3@8", "expected at most 62 bits named with Ch%3");
}

int main(void)
{
    const struct CMUnitTest t[] = {
        cmocka_unit_test(gddr5_preset_decodes_fig4_fields),
        cmocka_unit_test(gddr6_preset_has_table2_geometry),
        cmocka_unit_test(decode_encode_round_trip_every_preset),
        cmocka_unit_test(format_round_trips_through_parse),
        cmocka_unit_test(names_are_case_insensitive_and_commas_allowed),
        cmocka_unit_test(bad_maps_name_file_line_and_problem),
        cmocka_unit_test(channel_modulo_decodes_as_gpgpusim_splits),
        cmocka_unit_test(channel_modulo_matches_the_reference_on_random_maps),
        cmocka_unit_test(bad_channel_modulo_is_refused),
    };
    return cmocka_run_group_tests_name("gmc_addrmap", t, NULL, NULL);
}
