/* The block descriptions and the one vector writer / reader
 * (model/vec/gmc_block.{h,c}). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "vec/gmc_block.h"

/* One configuration of each block, small enough to be quick. */
static const struct { const char *blk, *cfg; } one[] = {
    {"bim", "gddr5-hynix_pae_s7_r1"},
    {"bankarb", "nb5_tl1"},
    {"wmc", "sm2_w2_h0_p3_nb2_r4_s2_pt4"},
    {"hgalloc", "c3_m2_p3_r3_b1_k2_l2_pb1_f0"},
    {"pcmwq", "n3_a2_v2_h2_l0_i1_k2"},
};
#define NONE (sizeof one / sizeof one[0])

static char *write_vectors(const gmc_block_t *b, const void *cfg, uint64_t cycles, size_t *len)
{
    char *text = NULL;
    FILE *f = open_memstream(&text, len);
    assert_non_null(f);
    assert_int_equal(gmc_block_vec_write(f, b, cfg, 3, cycles), 0);
    assert_int_equal(fclose(f), 0);
    return text;
}

static int check_text(const gmc_block_t *b, const void *cfg, char *text, uint64_t *cycles,
                      char *err, size_t n)
{
    FILE *f = fmemopen(text, strlen(text), "r");
    assert_non_null(f);
    int rc = gmc_block_vec_check(f, "t.vec", b, cfg, cycles, err, n);
    fclose(f);
    return rc;
}

static void configuration_names_round_trip(void **st)
{
    (void)st;
    for (size_t i = 0; i < NONE; i++) {
        const gmc_block_t *b = gmc_block_find(one[i].blk);
        assert_non_null(b);
        char err[256], name[128];
        void *cfg = gmc_block_cfg_new(b, one[i].cfg, err, sizeof err);
        assert_non_null(cfg);
        b->name_of(cfg, name, sizeof name);
        assert_string_equal(name, one[i].cfg);
        free(cfg);
    }
}

static void bad_configuration_names_say_what_was_expected(void **st)
{
    (void)st;
    char err[256];
    const gmc_block_t *w = gmc_block_find("wmc"), *a = gmc_block_find("bankarb");
    assert_null(gmc_block_cfg_new(w, "sm5_w5_h0_p6_nb16_r64_s4", err, sizeof err));
    assert_non_null(strstr(err, "the next 'pt<number>', found the end"));
    assert_null(gmc_block_cfg_new(w, "sm5_w5_h0_p6_nb16_r48_s4_pt64", err, sizeof err));
    assert_non_null(strstr(err, "ROWS"));
    assert_null(gmc_block_cfg_new(a, "nb16_tl1_x", err, sizeof err));
    assert_non_null(strstr(err, "found"));
    assert_null(gmc_block_cfg_new(a, "nb99999999999_tl1", err, sizeof err));
    assert_null(gmc_block_cfg_new(gmc_block_find("bim"), "nosuch_pae_s1_r0", err, sizeof err));
    assert_non_null(strstr(err, "expected a map preset"));
    assert_null(gmc_block_find("nosuch"));
}

static void written_vectors_replay_clean_through_the_reader(void **st)
{
    (void)st;
    for (size_t i = 0; i < NONE; i++) {
        const gmc_block_t *b = gmc_block_find(one[i].blk);
        char err[512];
        void *cfg = gmc_block_cfg_new(b, one[i].cfg, err, sizeof err);
        size_t len;
        char *text = write_vectors(b, cfg, 300, &len);
        uint64_t cycles = 0;
        int rc = check_text(b, cfg, text, &cycles, err, sizeof err);
        if (rc)
            fail_msg("%s: %s", one[i].blk, err);
        assert_int_equal(cycles, 300);
        free(text);
        free(cfg);
    }
}

/* The last field of a line is an output: change its last hex digit. */
static void flip_last_digit_of_line(char *text, unsigned line)
{
    char *s = text;
    for (unsigned k = 1; k < line; k++)
        s = strchr(s, '\n') + 1;
    char *e = strchr(s, '\n');
    e[-1] = e[-1] == '0' ? '1' : '0';
}

static void a_changed_output_is_reported_with_file_line_and_port(void **st)
{
    (void)st;
    for (size_t i = 0; i < NONE; i++) {
        const gmc_block_t *b = gmc_block_find(one[i].blk);
        char err[512];
        void *cfg = gmc_block_cfg_new(b, one[i].cfg, err, sizeof err);
        size_t len;
        char *text = write_vectors(b, cfg, 50, &len);
        unsigned hdr = 0;
        for (char *s = text; *s == '#'; s = strchr(s, '\n') + 1)
            hdr++;
        flip_last_digit_of_line(text, hdr + 20);
        uint64_t cycles;
        assert_int_equal(check_text(b, cfg, text, &cycles, err, sizeof err), -1);
        char want[32];
        snprintf(want, sizeof want, "t.vec:%u: cycle 19 port", hdr + 20);
        if (!strstr(err, want))
            fail_msg("%s: '%s' lacks '%s'", one[i].blk, err, want);
        free(text);
        free(cfg);
    }
}

static void another_configurations_file_is_refused(void **st)
{
    (void)st;
    const gmc_block_t *b = gmc_block_find("bankarb");
    char err[512];
    void *c5 = gmc_block_cfg_new(b, "nb5_tl1", err, sizeof err);
    void *c6 = gmc_block_cfg_new(b, "nb6_tl1", err, sizeof err);
    size_t len;
    char *text = write_vectors(b, c5, 10, &len);
    uint64_t cycles;
    assert_int_equal(check_text(b, c6, text, &cycles, err, sizeof err), -1);
    assert_non_null(strstr(err, "t.vec:3: expected '# param NB 6', found '# param NB 5'"));
    free(text), free(c5), free(c6);
}

static void a_truncated_file_is_caught_by_the_cycle_count(void **st)
{
    (void)st;
    const gmc_block_t *b = gmc_block_find("wmc");
    char err[512];
    void *cfg = gmc_block_cfg_new(b, one[2].cfg, err, sizeof err);
    size_t len;
    char *text = write_vectors(b, cfg, 40, &len);
    char *last = text + len - 2;
    while (*last != '\n')
        last--;
    last[1] = 0;   /* drop the last line */
    uint64_t cycles;
    assert_int_equal(check_text(b, cfg, text, &cycles, err, sizeof err), -1);
    assert_non_null(strstr(err, "header says 40 cycles, found 39"));
    free(text), free(cfg);
}

static void junk_in_a_vector_line_names_the_port(void **st)
{
    (void)st;
    const gmc_block_t *b = gmc_block_find("bankarb");
    char err[512];
    void *cfg = gmc_block_cfg_new(b, "nb5_tl1", err, sizeof err);
    size_t len;
    char *text = write_vectors(b, cfg, 5, &len);
    char *s = strstr(text, "\n# ports");
    s = strchr(s + 1, '\n') + 1;   /* first vector line */
    s[2] = 'g';                    /* en_i */
    uint64_t cycles;
    assert_int_equal(check_text(b, cfg, text, &cycles, err, sizeof err), -1);
    assert_non_null(strstr(err, "expected a hex value for en_i"));
    free(text), free(cfg);
}

static void ports_come_in_order_inputs_then_outputs(void **st)
{
    (void)st;
    unsigned nblocks = 0;
    while (gmc_blocks[nblocks])
        nblocks++;
    assert_int_equal(nblocks, NONE);   /* every block has a case above */
    for (size_t i = 0; i < NONE; i++) {
        const gmc_block_t *b = gmc_block_find(one[i].blk);
        char err[256];
        void *cfg = gmc_block_cfg_new(b, one[i].cfg, err, sizeof err);
        assert_non_null(cfg);
        gmc_port_t p[GMC_BLOCK_PORTS_MAX];
        unsigned n = b->ports(cfg, p), outs = 0;
        assert_true(n >= 2);
        assert_string_equal(p[0].rtl, "rst_ni");
        for (unsigned k = 0; k < n; k++) {
            if (p[k].dir == GMC_PORT_OUT)
                outs++;
            else
                assert_int_equal(outs, 0);
            assert_true(p[k].width >= 1 && p[k].width <= 64);
            assert_true(p[k].width <= 8u * p[k].size);
        }
        assert_true(outs >= 1);
        free(cfg);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(configuration_names_round_trip),
        cmocka_unit_test(bad_configuration_names_say_what_was_expected),
        cmocka_unit_test(written_vectors_replay_clean_through_the_reader),
        cmocka_unit_test(a_changed_output_is_reported_with_file_line_and_port),
        cmocka_unit_test(another_configurations_file_is_refused),
        cmocka_unit_test(a_truncated_file_is_caught_by_the_cycle_count),
        cmocka_unit_test(junk_in_a_vector_line_names_the_port),
        cmocka_unit_test(ports_come_in_order_inputs_then_outputs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
