/* gmc_machine_gpgpusim: a GPGPU-Sim gpgpusim.config as a gmc machine over
 * a base preset -- the SM, cache, clock, partition and network keys, the
 * DRAM through gmc_dram_import, the used / ignored / defaults lists, one
 * file:line error per bad input.  The files in tests/data/gpgpusim/ were
 * written for these tests (docs/harness.md, "GPGPU-Sim configuration files"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "gpu/gmc_machine_gpgpusim.h"
#include "mem/gmc_dram_import.h"

#define DIR "tests/data/gpgpusim/"

static gmc_machine_t base, m;
static gmc_dram_cfg_t dram;
static gmc_machine_import_t info;
static char err[1024], warn[8192], map[512];

static int setup(void **st)
{
    (void)st;
    return gmc_machine_preset("rtx2060s", &base, err, sizeof err);
}

static int imp_text(const char *text, const char *src)
{
    err[0] = warn[0] = map[0] = 0;
    memset(&m, 0xa5, sizeof m);
    return gmc_machine_gpgpusim(text, strlen(text), src, &base, &m, &dram, map, sizeof map, &info,
                                err, sizeof err, warn, sizeof warn);
}

static int imp_file(const char *path)
{
    char *text;
    size_t len;
    if (gmc_dram_read_file(path, &text, &len, err, sizeof err))
        fail_msg("%s", err);
    err[0] = warn[0] = map[0] = 0;
    int rc = gmc_machine_gpgpusim(text, len, path, &base, &m, &dram, map, sizeof map, &info, err,
                                  sizeof err, warn, sizeof warn);
    free(text);
    return rc;
}

static int from_file(unsigned key) { return gmc_machine_key_is_set(&m, key); }

/* The number of warning lines (the base DRAM preset may add its own:
 * gddr6-rtx2060s has tRC < tRAS + tRP when the file gives no timing). */
static int warn_lines(void)
{
    int n = 0;
    for (const char *p = warn; *p; p++)
        n += *p == '\n';
    return n;
}
#define assert_prefix(s, lit) assert_memory_equal((s), lit, sizeof lit - 1)
static int base_dram_warns(void) { return strstr(warn, "warning: tRC = ") != NULL; }

/* ------------------------------------------------------------ the RTX 2060 Super-like file */

static void rtx2060_super_config_gives_the_machine_keys(void **st)
{
    (void)st;
    assert_int_equal(imp_file(DIR "rtx2060-super.config"), 3);
    assert_string_equal(m.name, "rtx2060-super");
    assert_int_equal(m.sms, 34);                 /* 17 clusters x 2 cores */
    assert_int_equal(m.threads_per_sm, 1024);
    assert_int_equal(m.warps_per_sm, 32);        /* 1024 / 32 */
    assert_int_equal(m.ctas_per_sm, 16);
    assert_int_equal(m.regs_per_sm, 65536);
    assert_int_equal(m.smem_per_sm, 65536);
    assert_int_equal(m.schedulers_per_sm, 4);
    assert_string_equal(m.warp_sched, "gto");
    assert_int_equal(m.core_mhz, 1470);
    assert_int_equal(m.icnt_mhz, 1470);
    assert_int_equal(m.l2_mhz, 1470);
    /* 96 KB unified, the smallest carve-out 32 KB: 64 KB of L1 in the dl1
     * string's 4 sets, 64 ways x 3 (96 / 32) x 2/3 = 128 ways */
    assert_int_equal(m.l1_size, 65536);
    assert_int_equal(m.l1_assoc, 128);
    assert_int_equal(m.l1_mshr, 256);
    assert_int_equal(m.l1_merge, 32);
    assert_int_equal(m.l1_lat, 32);
    assert_int_equal(m.shmem_lat, 30);
    assert_int_equal(m.l2_slices_per_ch, 2);
    assert_int_equal(m.l2_slice_bank, 1);        /* GPGPU-Sim's sub-partition: the bank's low bits */
    assert_int_equal(m.l2_slice_size, 131072);   /* 64 x 128 x 16 per sub-partition */
    assert_int_equal(m.l2_assoc, 16);
    assert_int_equal(m.l2_mshr, 192);
    assert_int_equal(m.l2_merge, 4);
    assert_int_equal(m.l2_lat, 194);             /* core and L2 clocks equal */
    assert_int_equal(m.l2_queue, 64);            /* the L2-to-DRAM queue */
    assert_int_equal(m.icnt_in_buf, 512);
    assert_int_equal(m.icnt_out_buf, 512);
    assert_int_equal(m.icnt_flit, 40);
    assert_int_equal(m.dram_channels, 16);
    assert_int_equal(m.mc_queue, 64);
    assert_string_equal(m.mem_sched, "frfcfs");
    assert_string_equal(m.dram, "imported");
    assert_string_equal(m.addr_map, "");
    /* the keys the file gives are marked; the others are the base's */
    assert_true(from_file(GMC_MACHINE_P_sms) && from_file(GMC_MACHINE_P_l1_size) &&
                from_file(GMC_MACHINE_P_mc_queue) && from_file(GMC_MACHINE_P_icnt_flit));
    assert_false(from_file(GMC_MACHINE_P_alu_lat) || from_file(GMC_MACHINE_P_icnt_latency));
    assert_int_equal(m.alu_lat, base.alu_lat);
    assert_int_equal(m.icnt_latency, base.icnt_latency);
    /* the SM's units and the fixed latencies */
    assert_int_equal(m.sub_core_model, 1);
    assert_int_equal(m.sp_units, 4);
    assert_int_equal(m.int_units, 4);
    assert_int_equal(m.dram_latency, 96);                /* core cycles in both */
    assert_int_equal(m.kernel_launch_latency, 5000);
    assert_int_equal(m.regs_round, 4);                   /* GPGPU-Sim's rounding: every import */
    assert_true(from_file(GMC_MACHINE_P_dram_latency) && from_file(GMC_MACHINE_P_sp_units));
    assert_int_equal(gmc_machine_check(&m, err, sizeof err), 0);
}

/* Accel-Sim's trace.config: latencies and initiation intervals per unit
 * class; specialized units 1-4 as branch, tex, tensor and udp, unit 3's
 * latency over the tensor line; other options listed as ignored. */
static void trace_config_sets_the_unit_latencies_and_counts(void **st)
{
    (void)st;
    gmc_machine_t t = base;
    char ign[256];
    static const char text[] =
        "-trace_opcode_latency_initiation_int 2,2\n"
        "-trace_opcode_latency_initiation_sp 3,1\n"
        "-trace_opcode_latency_initiation_dp 64,64\n"
        "-trace_opcode_latency_initiation_sfu 21,8\n"
        "-trace_opcode_latency_initiation_tensor 99,99\n"
        "# a comment\n"
        "-specialized_unit_1 1,4,4,4,4,BRA\n"
        "-trace_opcode_latency_initiation_spec_op_1 5,4\n"
        "-specialized_unit_2 0,9,200,4,4,TEX\n"
        "-trace_opcode_latency_initiation_spec_op_2 200,4\n"
        "-specialized_unit_3 1,8,16,4,4,TENSOR\n"
        "-trace_opcode_latency_initiation_spec_op_3 16,16\n"
        "-trace_opcode_latency_initiation_spec_op_4 4,1\n"
        "-some_future_option 7\n";
    assert_int_equal(gmc_machine_trace_config(text, strlen(text), "trace.config", &t, ign, sizeof ign, err,
                                              sizeof err), 0);
    assert_int_equal(t.int_lat, 2);
    assert_int_equal(t.int_ii, 2);
    assert_int_equal(t.sp_lat, 3);
    assert_int_equal(t.sp_ii, 1);
    assert_int_equal(t.dp_lat, 64);
    assert_int_equal(t.sfu_lat, 21);
    assert_int_equal(t.sfu_ii, 8);
    assert_int_equal(t.tensor_lat, 16);    /* unit 3's line, not the tensor line */
    assert_int_equal(t.tensor_ii, 16);
    assert_int_equal(t.tensor_units, 8);
    assert_int_equal(t.branch_units, 4);
    assert_int_equal(t.branch_lat, 5);
    assert_int_equal(t.tex_units, base.tex_units);   /* unit 2 disabled: its count is not read */
    assert_int_equal(t.tex_lat, 200);
    assert_int_equal(t.udp_lat, 4);
    assert_int_equal(t.udp_ii, 1);
    assert_string_equal(ign, "-some_future_option");
    /* errors: file, line, option, what was expected */
    t = base;
    assert_int_equal(gmc_machine_trace_config("\n-trace_opcode_latency_initiation_sp 4\n", 38, "tc", &t,
                                              NULL, 0, err, sizeof err), -1);
    assert_string_equal(err, "tc:2: -trace_opcode_latency_initiation_sp: expected <latency>,<initiation "
                             "interval>, found '4'");
    assert_int_equal(gmc_machine_trace_config("-trace_opcode_latency_initiation_dp 0,4\n", 40, "tc", &t,
                                              NULL, 0, err, sizeof err), -1);
    assert_non_null(strstr(err, "tc:1: -trace_opcode_latency_initiation_dp: dp_lat: expected an integer in "
                                "1..1000, found '0'"));
    assert_int_equal(gmc_machine_trace_config("oops\n", 5, "tc", &t, NULL, 0, err, sizeof err), -1);
    assert_non_null(strstr(err, "tc:1: expected an option '-name value', found 'oops'"));
}

static void rtx2060_super_config_lists_used_and_ignored_options(void **st)
{
    (void)st;
    assert_true(imp_file(DIR "rtx2060-super.config") >= 0);
    assert_int_equal(info.n_used, 43);
    assert_int_equal(info.n_ignored, 29);
    assert_prefix(info.used, "-gpgpu_kernel_launch_latency -gpgpu_n_clusters -gpgpu_n_cores_per_cluster ");
    assert_non_null(strstr(info.used, " -gpgpu_cache:dl1 "));
    assert_non_null(strstr(info.used, " -gpgpu_l2_rop_latency "));
    assert_non_null(strstr(info.used, " -network_mode "));
    assert_non_null(strstr(info.used, " -gpgpu_dram_timing_opt"));   /* the DRAM importer's */
    assert_prefix(info.ignored, "-gpgpu_ptx_sim_mode ");
    assert_non_null(strstr(info.ignored, " -gpgpu_cache:il1 "));
    assert_non_null(strstr(info.ignored, " -icnt_arbiter_algo "));
    assert_non_null(strstr(info.used, " -dram_latency "));   /* a machine key now */
    assert_non_null(strstr(info.used, " -gpgpu_num_sp_units "));
    assert_null(strstr(info.ignored, "-gpgpu_cache:dl1"));
    /* DRAM policies: used at 0 (gmc's behaviour), ignored otherwise; the
     * built-in-map selector always */
    assert_non_null(strstr(info.used, " -dram_bnk_indexing_policy "));
    assert_non_null(strstr(info.ignored, " -dram_bnkgrp_indexing_policy "));
    assert_non_null(strstr(info.ignored, " -gpgpu_mem_address_mask "));
    assert_string_equal(info.defaults, "ignore_limits alu_lat int_lat int_ii sp_lat sp_ii dp_lat dp_ii "
                        "sfu_lat sfu_ii tensor_units tensor_lat tensor_ii branch_units branch_lat branch_ii "
                        "tex_units tex_lat tex_ii udp_units udp_lat udp_ii loads_per_warp icnt_latency "
                        "icnt_hold_k icnt_hold_limit icnt_vcs icnt_mesh_cols icnt_watchdog mc_row_timeout pcmwq_entries pcmwq_high pcmwq_low pcmwq_per_channel pcmwq_cancel pcmwq_max_intr "
                        "hybrid_channels hybrid_page hybrid_seed hybrid_wa_writes dram_timing_scale ccws_vta ccws_k "
                        "temp_batch_stride tbas_batches temp_coloring");
    /* the carve-out is said where -gpgpu_adaptive_cache_config is */
    assert_non_null(strstr(warn, "rtx2060-super.config:46: warning: the L1 is fixed at 64 KB"));
    /* the controller options the machine reads are not called unread */
    assert_non_null(strstr(warn, "not read (gmc mem sets the controller with --sched, --rq, --wq, "
                                 "--wq-high, --wq-low; gmc sim with --sched and the machine keys "
                                 "mc_queue and mc_write_policy): -gpgpu_dram_return_queue_size\n"));
}

static void rtx2060_super_config_imports_the_dram_and_its_map(void **st)
{
    (void)st;
    assert_true(imp_file(DIR "rtx2060-super.config") >= 0);
    assert_int_equal(dram.channels, 16);
    assert_int_equal(dram.tCL, 22);        /* the preset's is 20 */
    assert_int_equal(dram.tRCD, 24);       /* from the timing string's second line */
    assert_int_equal(dram.tck_ps, 286);    /* 1e6 / 3500 MHz */
    assert_int_equal(dram.bus_width, 16);
    assert_string_equal(map, "Row[32:18] Col[17:16] Bank[15:12] Ch[11:8] Col[7:5] Block[4:0]");
    assert_string_equal(info.dram_note, "gpgpusim-config over DRAM preset gddr6-rtx2060s; map: "
                        "-gpgpu_mem_addr_mapping");
    assert_prefix(info.dram_defaults, "tRFC tREFI refresh");
}

/* ------------------------------------------------------------ the TITAN V-like file */

static void titanv_config_has_64_warps_the_whole_unified_l1_and_a_channel_modulo_24(void **st)
{
    (void)st;
    assert_int_equal(imp_file(DIR "titanv.config"), 4);
    assert_string_equal(m.name, "titanv");
    assert_int_equal(m.sms, 80);
    assert_int_equal(m.warps_per_sm, 64);
    assert_int_equal(m.threads_per_sm, 2048);
    assert_string_equal(m.warp_sched, "lrr");
    assert_int_equal(m.smem_per_sm, 98304);
    assert_int_equal(m.l1_size, 131072);   /* carve-out 0: all 128 KB */
    assert_int_equal(m.l1_assoc, 256);
    assert_int_equal(m.l1_mshr, 512);
    assert_int_equal(m.l2_slice_size, 98304);
    assert_int_equal(m.l2_assoc, 24);
    assert_int_equal(m.l2_queue, 48);
    assert_int_equal(m.l2_lat, 160);
    assert_int_equal(m.dram_channels, 24);
    /* BookSim: the flit from -icnt_flit_size, buffers the base's */
    assert_int_equal(m.icnt_flit, 40);
    assert_int_equal(m.icnt_in_buf, base.icnt_in_buf);
    assert_non_null(strstr(info.ignored, "-network_mode -inter_config_file"));
    assert_non_null(strstr(warn, "titanv.config:58: warning: -network_mode 1 is BookSim"));
    /* 24 channels with dramid@8: GPGPU-Sim's (addr >> 8) mod 24 */
    assert_string_equal(map, "Row[28:14] Bank[13:10] Ch%24@8 Col[9:5] Block[4:0]");
    assert_null(strstr(warn, "-gpgpu_mem_addr_mapping"));
    assert_int_equal(dram.channels, 24);
    assert_int_equal(dram.bus_width, 128);
    assert_int_equal(gmc_machine_check(&m, err, sizeof err), 0);
}

/* ------------------------------------------------------------ forms and defaults */

/* A GPGPU-Sim 3.x (Fermi-era) file: cache strings without the N|S type,
 * -rop_latency under its old name, a BookSim network. */
static const char gtx480_like[] =
    "-gpgpu_n_clusters 15\n"
    "-gpgpu_n_cores_per_cluster 1\n"
    "-gpgpu_n_mem 6\n"
    "-gpgpu_clock_domains 700.0:700.0:700.0:924.0\n"
    "-gpgpu_shader_core_pipeline 1536:32\n"
    "-gpgpu_cache:dl1  32:128:4,L:L:m:N:H,A:32:8,8\n"
    "-gpgpu_cache:dl2 64:128:8,L:B:m:W:L,A:32:4,4:0,32\n"
    "-gpgpu_shmem_size 49152\n"
    "-rop_latency 120\n"
    "-network_mode 1\n"
    "-inter_config_file config_fermi_islip.icnt\n"
    "-gpgpu_scheduler gto\n";

static void older_cache_string_form_sets_l1_and_l2(void **st)
{
    (void)st;
    assert_true(imp_text(gtx480_like, "cfgs/GTX480/gpgpusim.config") >= 0);
    assert_string_equal(m.name, "GTX480");          /* gpgpusim.config: its directory's name */
    assert_int_equal(m.sms, 15);
    assert_int_equal(m.warps_per_sm, 48);
    assert_int_equal(m.l1_size, 16384);             /* 32 x 128 x 4 */
    assert_int_equal(m.l1_assoc, 4);
    assert_int_equal(m.l1_mshr, 32);
    assert_int_equal(m.l1_merge, 8);
    assert_int_equal(m.l2_slice_size, 65536);
    assert_int_equal(m.l2_assoc, 8);
    assert_int_equal(m.l2_mshr, 32);
    assert_int_equal(m.l2_merge, 4);
    assert_int_equal(m.l2_lat, 120);
    assert_int_equal(m.icnt_flit, base.icnt_flit);  /* BookSim without -icnt_flit_size */
    assert_non_null(strstr(info.used, "-rop_latency"));
}

static void older_four_policy_form_with_64_byte_lines_keeps_the_capacity(void **st)
{
    (void)st;
    int rc = imp_text("-gpgpu_cache:dl1 64:64:2,L:R:f:N,A:2:32,4\n", "x");
    assert_int_equal(rc, 1 + base_dram_warns());
    assert_int_equal(rc, warn_lines());
    assert_int_equal(m.l1_size, 8192);   /* 64 x 64 x 2, as 32 sets of 2 ways of 128 B */
    assert_int_equal(m.l1_assoc, 2);
    assert_int_equal(m.l1_mshr, 2);
    assert_int_equal(m.l1_merge, 32);
    assert_prefix(warn, "x:1: warning: -gpgpu_cache:dl1 has 64-byte lines; gmc's are 128 B "
                              "(4 sectors of 32 B): its 8192 B are kept, as 32 sets of 2 ways\n");
}

static void a_file_without_l1_config_keeps_the_base_l1_and_lists_it_in_defaults(void **st)
{
    (void)st;
    assert_int_equal(imp_text("# no L1 options\n-gpgpu_n_clusters 20\n-gpgpu_n_cores_per_cluster 1\n",
                              "plain.cfg"), base_dram_warns());
    assert_string_equal(m.name, "plain");
    assert_int_equal(m.sms, 20);
    assert_int_equal(m.l1_size, base.l1_size);
    assert_int_equal(m.l1_assoc, base.l1_assoc);
    assert_int_equal(m.l1_mshr, base.l1_mshr);
    assert_int_equal(m.l1_merge, base.l1_merge);
    assert_int_equal(m.l1_lat, base.l1_lat);
    assert_non_null(strstr(info.defaults, " l1_size l1_assoc l1_mshr l1_merge l1_lat "));
    assert_prefix(info.defaults, "warps_per_sm threads_per_sm");   /* sms is the file's */
    assert_non_null(strstr(info.defaults, " warp_sched mem_sched"));
    assert_int_equal(info.n_used, 2);
    assert_int_equal(info.n_ignored, 0);
    assert_string_equal(map, "");
    /* nothing of the DRAM in the file: all of it is the preset's */
    assert_string_equal(info.dram_note, "gpgpusim-config over DRAM preset gddr6-rtx2060s; map: "
                                  "none given, derived");
    assert_prefix(info.dram_defaults, "channels bank_groups ");
}

static void dl1_none_keeps_the_base_l1_with_a_warning(void **st)
{
    (void)st;
    assert_int_equal(imp_text("-gpgpu_cache:dl1 none\n", "x"), 1 + base_dram_warns());
    assert_int_equal(m.l1_size, base.l1_size);
    assert_non_null(strstr(warn, "x:1: warning: -gpgpu_cache:dl1 none: GPGPU-Sim has no L1 data cache"));
    assert_string_equal(info.ignored, "-gpgpu_cache:dl1");
}

static void rop_latency_in_core_cycles_becomes_l2_cycles(void **st)
{
    (void)st;
    assert_true(imp_text("-gpgpu_clock_domains 1400:700:700:924\n-gpgpu_l2_rop_latency 120\n", "x") >= 0);
    assert_int_equal(m.l2_lat, 60);
    assert_int_equal(m.core_mhz, 1400);
    assert_int_equal(m.icnt_mhz, 700);
}

static void other_warp_schedulers_keep_the_base_with_a_warning(void **st)
{
    (void)st;
    assert_int_equal(imp_text("-gpgpu_scheduler two_level_active:6:0:1\n", "x"), 1 + base_dram_warns());
    assert_string_equal(m.warp_sched, base.warp_sched);
    assert_non_null(strstr(warn, "x:1: warning: -gpgpu_scheduler 'two_level_active:6:0:1': gmc's"));
    assert_string_equal(info.ignored, "-gpgpu_scheduler");
}

static void unlimited_controller_queue_becomes_64_with_a_warning(void **st)
{
    (void)st;
    assert_int_equal(imp_text("-gpgpu_dram_scheduler 0\n-gpgpu_frfcfs_dram_sched_queue_size 0\n", "x"),
                     1 + base_dram_warns());
    assert_int_equal(m.mc_queue, 64);
    assert_string_equal(m.mem_sched, "fcfs");
    assert_non_null(strstr(warn, "x:2: warning: -gpgpu_frfcfs_dram_sched_queue_size 0 is unlimited"));
}

static void ignore_resources_limitation_sets_ignore_limits(void **st)
{
    (void)st;
    assert_int_equal(imp_text("-gpgpu_ignore_resources_limitation 1\n", "x"), base_dram_warns());
    assert_int_equal(m.ignore_limits, 1);
    assert_true(from_file(GMC_MACHINE_P_ignore_limits));
    assert_int_equal(info.n_used, 1);
    assert_true(imp_text("-gpgpu_ignore_resources_limitation 2\n", "x") < 0);   /* 0 or 1 */
    int w = imp_text("# nothing\n", "x");
    assert_int_equal(w, base_dram_warns());
    assert_int_equal(m.ignore_limits, 0);   /* the base's */
}

static void a_missing_cluster_half_takes_gpgpusims_default_with_a_warning(void **st)
{
    (void)st;
    assert_int_equal(imp_text("-gpgpu_n_clusters 8\n", "x"), 1 + base_dram_warns());
    assert_int_equal(m.sms, 24);   /* 8 x GPGPU-Sim's default 3 cores per cluster */
    assert_non_null(strstr(warn, "x:1: warning: -gpgpu_n_cores_per_cluster not given"));
}

static void a_repeated_option_warns_and_the_last_counts(void **st)
{
    (void)st;
    assert_int_equal(imp_text("-gpgpu_shader_cta 8\n-gpgpu_shader_cta 12\n", "x"), 1 + base_dram_warns());
    assert_int_equal(m.ctas_per_sm, 12);
    assert_prefix(warn, "x:2: warning: -gpgpu_shader_cta given again (first on line 1); the "
                              "last one counts, as in GPGPU-Sim\n");
    assert_int_equal(info.n_used, 1);
}

static void the_dram_base_is_the_base_machines_preset(void **st)
{
    (void)st;
    gmc_machine_t pae;
    assert_int_equal(gmc_machine_preset("pae-gddr5", &pae, err, sizeof err), 0);
    const char *t = "-gpgpu_n_mem 4\n";
    assert_true(gmc_machine_gpgpusim(t, strlen(t), "x", &pae, &m, &dram, map, sizeof map, &info,
                                     err, sizeof err, warn, sizeof warn) >= 0);
    assert_prefix(info.dram_note, "gpgpusim-config over DRAM preset gddr5-hynix;");
    assert_int_equal(dram.channels, 4);
    assert_int_equal(m.sms, pae.sms);
    /* no map buffer, no info: the caller does not want them */
    char *text;
    size_t len;
    assert_int_equal(gmc_dram_read_file(DIR "rtx2060-super.config", &text, &len, err, sizeof err), 0);
    assert_true(gmc_machine_gpgpusim(text, len, "x", &base, &m, &dram, NULL, 0, NULL, err, sizeof err,
                                     warn, 0) >= 0);
    free(text);
    assert_int_equal(m.sms, 34);
}

/* ------------------------------------------------------------ bad input */

static void bad_files_give_one_file_line_error(void **st)
{
    (void)st;
    assert_int_equal(imp_file(DIR "bad-sms.config"), -1);
    assert_string_equal(err, DIR "bad-sms.config:4: -gpgpu_n_clusters: expected a decimal integer, "
                             "found 'thirty'");
    assert_int_equal(imp_file(DIR "warp16.config"), -1);
    assert_string_equal(err, DIR "warp16.config:3: -gpgpu_shader_core_pipeline: expected "
                             "<threads>:32 (gmc's warps are 32 threads), found '1024:16'");
    assert_int_equal(imp_file(DIR "bad-dl1.config"), -1);
    assert_string_equal(err, DIR "bad-dl1.config:4: -gpgpu_cache:dl1: expected "
                             "[N|S:]<sets>:<line bytes>:<assoc> of integers above 0, found 'S:4:128'");
    assert_int_equal(imp_file(DIR "unterminated.config"), -1);
    assert_string_equal(err, DIR "unterminated.config:3: -gpgpu_dram_timing_opt: expected a closing "
                             "'\"', found end of file");
}

static void bad_values_name_the_option_and_line(void **st)
{
    (void)st;
    static const struct { const char *text, *err; } c[] = {
        {"-gpgpu_shader_core_pipeline 1000:32\n",
         "x:1: -gpgpu_shader_core_pipeline: expected a multiple of 32 threads (GPGPU-Sim requires "
         "whole warps), found '1000:32'"},
        {"-gpgpu_shader_core_pipeline 1024\n",
         "x:1: -gpgpu_shader_core_pipeline: expected <threads>:<warp size>, found '1024'"},
        {"-gpgpu_n_clusters 100\n-gpgpu_n_cores_per_cluster 11\n",
         "x:2: -gpgpu_n_cores_per_cluster: expected sms in 1..1024, found 1100"},
        {"\n-gpgpu_n_sub_partition_per_mchannel 3\n",
         "x:2: -gpgpu_n_sub_partition_per_mchannel: l2_slices_per_ch: expected a power of two, found 3"},
        {"-gpgpu_cache:dl2 S:48:128:16,L:B:m:L:P,A:192:4,32:0,32\n",
         "x:1: -gpgpu_cache:dl2: l2_slice_size 98304 with l2_assoc 16: expected size / (128 B x ways) "
         "to be a power of two, found 48.00 sets"},
        {"-gpgpu_cache:dl1 S:4:128:64,L:Q:m:L:L,A:256:32\n",
         "x:1: -gpgpu_cache:dl1: expected policies <rep L|F>:<write R|B|T|E|L>:<alloc m|f|s>:"
         "<write-alloc N|W|F|L>[:<index H|P|C|L|X>], found 'L:Q:m:L:L'"},
        {"-gpgpu_cache:dl1 S:4:128:64,L:T:m:L:L\n",
         "x:1: -gpgpu_cache:dl1: expected 3 to 5 comma-separated fields <geometry>,<policies>,<mshr>"
         "[,<miss queue>[,<port>]] or none, found 'S:4:128:64,L:T:m:L:L'"},
        {"-gpgpu_cache:dl1 S:4:64:64,L:T:m:L:L,A:256:32\n",
         "x:1: -gpgpu_cache:dl1: expected 128-byte lines in a sectored (S) cache, found 'S:4:64:64'"},
        {"-gpgpu_dram_scheduler 2\n",
         "x:1: -gpgpu_dram_scheduler: expected 0 (FIFO) or 1 (FR-FCFS), found '2'"},
        {"-gpgpu_clock_domains 1400:700:700\n",
         "x:1: -gpgpu_clock_domains: expected <core>:<interconnect>:<L2>:<DRAM> clocks in MHz, "
         "found '1400:700:700'"},
        {"-network_mode 3\n", "x:1: -network_mode: expected 1 (BookSim) or 2 (local crossbar), found '3'"},
        {"-gpgpu_dram_partition_queues 8:8:8\n",
         "x:1: -gpgpu_dram_partition_queues: expected <icnt-to-L2>:<L2-to-DRAM>:<DRAM-to-L2>:"
         "<L2-to-icnt> queue sizes, found '8:8:8'"},
        {"-gpgpu_shader_cta\n", "x:1: -gpgpu_shader_cta: expected a value, found none"},
        {"# c\ngpgpu_n_mem 4\n", "x:2: expected a GPGPU-Sim option '-name value', found 'gpgpu_n_mem 4'"},
        {"-gpgpu_n_mem 4x\n", "x:1: -gpgpu_n_mem: expected a decimal integer, found '4x' (junk after the number)"},
        /* a map gmc cannot honour: GPGPU-Sim stops on it, so does the import */
        {"-gpgpu_n_mem 12\n-gpgpu_mem_addr_mapping dramid@40;00000000.00000000.00000000.00000000."
         "0000RRRR.RRRRRRRR.RBBBCCCC.BCCSSSSS\n",
         "x:2: -gpgpu_mem_addr_mapping: expected dramid@N with N at most 28 (the map's bits) for 12 "
         "channels, found dramid@40 (gmc sim --map SPEC replaces the file's map)"},
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        assert_int_equal(imp_text(c[i].text, "x"), -1);
        assert_string_equal(err, c[i].err);
    }
    /* a caller with a map of its own (map NULL) is not stopped by the file's */
    const char *bad_map = "-gpgpu_n_mem 12\n-gpgpu_mem_addr_mapping dramid@40;00000000.00000000."
                          "00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCC.BCCSSSSS\n";
    assert_true(gmc_machine_gpgpusim(bad_map, strlen(bad_map), "x", &base, &m, &dram, NULL, 0, NULL,
                                     err, sizeof err, NULL, 0) >= 0);
    /* never a crash: no base, a NUL byte */
    assert_int_equal(gmc_machine_gpgpusim("-a 1\n", 5, "x", NULL, &m, &dram, map, sizeof map, NULL,
                                          err, sizeof err, NULL, 0), -1);
    assert_string_equal(err, "x: expected a base machine for the keys the file does not give, found none");
    assert_int_equal(gmc_machine_gpgpusim("-a\0 1\n", 6, "x", &base, &m, &dram, map, sizeof map, NULL,
                                          err, sizeof err, NULL, 0), -1);
    assert_string_equal(err, "x:1: expected text, found byte 0x00 at column 3");
}

/* ------------------------------------------------------------ detection */

static void gpgpusim_configs_are_told_by_their_first_option(void **st)
{
    (void)st;
    char *text;
    size_t len;
    assert_int_equal(gmc_dram_read_file(DIR "titanv.config", &text, &len, err, sizeof err), 0);
    assert_int_equal(gmc_machine_is_gpgpusim(text, len), 1);
    free(text);
    static const struct { const char *t; int want; } c[] = {
        {"# c\n\n  -gpgpu_n_mem 2\n", 1}, {"-x", 1},   {"sms = 4\n", 0},
        {"# only a comment\n   \n", 0},  {"", 0},      {"name = a  # -b\n", 0},
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++)
        assert_int_equal(gmc_machine_is_gpgpusim(c[i].t, strlen(c[i].t)), c[i].want);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rtx2060_super_config_gives_the_machine_keys),
        cmocka_unit_test(rtx2060_super_config_lists_used_and_ignored_options),
        cmocka_unit_test(trace_config_sets_the_unit_latencies_and_counts),
        cmocka_unit_test(rtx2060_super_config_imports_the_dram_and_its_map),
        cmocka_unit_test(titanv_config_has_64_warps_the_whole_unified_l1_and_a_channel_modulo_24),
        cmocka_unit_test(older_cache_string_form_sets_l1_and_l2),
        cmocka_unit_test(older_four_policy_form_with_64_byte_lines_keeps_the_capacity),
        cmocka_unit_test(a_file_without_l1_config_keeps_the_base_l1_and_lists_it_in_defaults),
        cmocka_unit_test(dl1_none_keeps_the_base_l1_with_a_warning),
        cmocka_unit_test(rop_latency_in_core_cycles_becomes_l2_cycles),
        cmocka_unit_test(other_warp_schedulers_keep_the_base_with_a_warning),
        cmocka_unit_test(unlimited_controller_queue_becomes_64_with_a_warning),
        cmocka_unit_test(ignore_resources_limitation_sets_ignore_limits),
        cmocka_unit_test(a_missing_cluster_half_takes_gpgpusims_default_with_a_warning),
        cmocka_unit_test(a_repeated_option_warns_and_the_last_counts),
        cmocka_unit_test(the_dram_base_is_the_base_machines_preset),
        cmocka_unit_test(bad_files_give_one_file_line_error),
        cmocka_unit_test(bad_values_name_the_option_and_line),
        cmocka_unit_test(gpgpusim_configs_are_told_by_their_first_option),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
