/* The machine's text and where its keys came from (gmc_machine.h): a file
 * and --set overrides record the place of every key they give, and an
 * error found later ("machine NAME: KEY ...") is said at the place that
 * gave, last, a key the message names -- never under the base preset's
 * name when the user gave the key; the scheduler's name is checked with
 * the machine. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "gpu/gmc_machine.h"

static gmc_machine_t base(void)
{
    gmc_machine_t m;
    char err[256];
    assert_int_equal(gmc_machine_preset("rtx2060s", &m, err, sizeof err), 0);
    return m;
}

static void a_file_records_the_line_of_each_key(void **st)
{
    gmc_machine_t m = base();
    gmc_machine_origin_t o;
    memset(&o, 0, sizeof o);
    char err[256];
    const char *text = "# mine\nname = mine\n\nsms = 8   # fewer\nwarp_sched = gto\n";
    assert_int_equal(gmc_machine_parse_at(text, strlen(text), "m.cfg", &m, &o, err, sizeof err), 0);
    assert_string_equal(o.src[GMC_MACHINE_P_sms], "m.cfg");
    assert_int_equal(o.line[GMC_MACHINE_P_sms], 4);
    assert_int_equal(o.line[GMC_MACHINE_K_warp_sched], 5);
    assert_int_equal(o.line[GMC_MACHINE_K_name], 2);
    assert_null(o.src[GMC_MACHINE_P_l2_lat]);   /* the base's */
    assert_string_equal(gmc_machine_key_name(GMC_MACHINE_K_warp_sched), "warp_sched");
    assert_string_equal(gmc_machine_key_name(GMC_MACHINE_P_sms), "sms");
    assert_null(gmc_machine_key_name(GMC_MACHINE_NKEYS));
}

static void a_set_names_itself_without_a_line(void **st)
{
    gmc_machine_t m = base();
    char label[128], err[256];
    gmc_machine_set_label(label, sizeof label, 2, "l2_lat=abc");
    assert_string_equal(label, "--set #2 (l2_lat=abc)");
    assert_int_equal(gmc_machine_set_at(&m, "l2_lat=abc", label, NULL, err, sizeof err), -1);
    assert_string_equal(err, "--set #2 (l2_lat=abc): l2_lat: expected an integer in 1..10000, found 'abc'");
    assert_int_equal(gmc_machine_set_at(&m, "sms", label, NULL, err, sizeof err), -1);
    assert_string_equal(err, "--set #2 (l2_lat=abc): expected KEY=VALUE, found 'sms'");
    /* bytes of the override as gmc_quote shows them */
    gmc_machine_set_label(label, sizeof label, 1, "sms=4\x01");
    assert_string_equal(label, "--set #1 (sms=4\\x01)");
    gmc_machine_set_label(label, sizeof label, 0, "sms=4");
    assert_string_equal(label, "--set (sms=4)");
    assert_int_equal(gmc_machine_set(&m, "nosuch=1", err, sizeof err), -1);
    assert_string_equal(err, "--set: expected a machine key (gmc sim --machine-keys), found 'nosuch'");
}

static void an_unknown_scheduler_fails_the_machine_check(void **st)
{
    gmc_machine_t m = base();
    char err[256];
    snprintf(m.mem_sched, sizeof m.mem_sched, "bogus");
    assert_int_equal(gmc_machine_check(&m, err, sizeof err), -1);
    assert_string_equal(err, "machine rtx2060s: mem_sched: expected one of frfcfs, fcfs, bfifo, "
                             "divfirst, warped-mc, fcfs-strict, found 'bogus'");
}

static void a_later_error_is_said_where_the_key_was_given(void **st)
{
    gmc_machine_t m = base();
    gmc_machine_origin_t o;
    memset(&o, 0, sizeof o);
    char err[512];
    const char *text = "l1_size = 65536\nmem_sched = bogus\n";
    assert_int_equal(gmc_machine_parse_at(text, strlen(text), "m.cfg", &m, &o, err, sizeof err), 0);
    assert_int_equal(gmc_machine_check(&m, err, sizeof err), -1);
    assert_int_equal(gmc_machine_blame(&m, &o, err, sizeof err), GMC_MACHINE_K_mem_sched);
    assert_string_equal(err, "m.cfg:2: mem_sched: expected one of frfcfs, fcfs, bfifo, divfirst, "
                             "warped-mc, fcfs-strict, found 'bogus'");
    /* a rule across keys: the key given last of those the message names */
    snprintf(m.mem_sched, sizeof m.mem_sched, "frfcfs");
    assert_int_equal(gmc_machine_set_at(&m, "l1_assoc=3", "--set #1 (l1_assoc=3)", &o, err, sizeof err), 0);
    assert_int_equal(gmc_machine_check(&m, err, sizeof err), -1);
    assert_int_equal(gmc_machine_blame(&m, &o, err, sizeof err), GMC_MACHINE_P_l1_assoc);
    assert_string_equal(err, "--set #1 (l1_assoc=3): l1_size 65536 with l1_assoc 3: expected size / "
                             "(128 B x ways) to be a power of two, found 170.67 sets");
}

static void an_error_about_keys_nobody_gave_is_left_as_it_is(void **st)
{
    gmc_machine_t m = base();
    gmc_machine_origin_t o;
    memset(&o, 0, sizeof o);
    char err[256] = "machine rtx2060s: threads_per_sm: expected a multiple of 32, found 1000";
    assert_int_equal(gmc_machine_blame(&m, &o, err, sizeof err), -1);
    assert_string_equal(err, "machine rtx2060s: threads_per_sm: expected a multiple of 32, found 1000");
    snprintf(err, sizeof err, "out of memory");   /* not about the machine */
    gmc_machine_origin_set(&o, GMC_MACHINE_P_sms, "x.cfg", NULL, 3);
    assert_int_equal(gmc_machine_blame(&m, &o, err, sizeof err), -1);
    assert_string_equal(err, "out of memory");
    /* with an option: "SRC:LINE: OPT: ..." */
    gmc_machine_origin_set(&o, GMC_MACHINE_P_sms, "g.config", "-gpgpu_n_clusters", 7);
    snprintf(err, sizeof err, "machine rtx2060s: sms: expected 1..1024, found 0");
    assert_int_equal(gmc_machine_blame(&m, &o, err, sizeof err), GMC_MACHINE_P_sms);
    assert_string_equal(err, "g.config:7: -gpgpu_n_clusters: sms: expected 1..1024, found 0");
}

int main(void)
{
    const struct CMUnitTest t[] = {
        cmocka_unit_test(a_file_records_the_line_of_each_key),
        cmocka_unit_test(a_set_names_itself_without_a_line),
        cmocka_unit_test(an_unknown_scheduler_fails_the_machine_check),
        cmocka_unit_test(a_later_error_is_said_where_the_key_was_given),
        cmocka_unit_test(an_error_about_keys_nobody_gave_is_left_as_it_is),
    };
    return cmocka_run_group_tests_name("gmc_machine", t, NULL, NULL);
}
