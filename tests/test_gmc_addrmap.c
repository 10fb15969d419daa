/* Address maps: the presets decode as their sources say; bad maps are refused
 * with file and line. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
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

int main(void)
{
    const struct CMUnitTest t[] = {
        cmocka_unit_test(gddr5_preset_decodes_fig4_fields),
        cmocka_unit_test(gddr6_preset_has_table2_geometry),
        cmocka_unit_test(decode_encode_round_trip_every_preset),
        cmocka_unit_test(format_round_trips_through_parse),
        cmocka_unit_test(names_are_case_insensitive_and_commas_allowed),
        cmocka_unit_test(bad_maps_name_file_line_and_problem),
    };
    return cmocka_run_group_tests_name("gmc_addrmap", t, NULL, NULL);
}
