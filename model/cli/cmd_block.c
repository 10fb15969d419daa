/* gmc block: the one verification flow's view of each RTL-twinned block
 * (model/vec/gmc_block.h).  The make rules (tb/block.mk) ask it for a
 * configuration's tool flags, generated sources, testbench and vectors, so
 * the block description is the only place a block states its ports and
 * parameters. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "cli_outfile.h"
#include "vec/gmc_block.h"

static void usage(FILE *f)
{
    fprintf(f,
        "usage: gmc block list\n"
        "       gmc block flags   BLK CONFIG verilator|iverilog|yosys\n"
        "       gmc block top     BLK CONFIG [--fault] -o DIR\n"
        "       gmc block tb      BLK CONFIG -o FILE\n"
        "       gmc block vectors BLK CONFIG [--cycles N] [--stim-seed N] -o FILE\n"
        "       gmc block check   BLK CONFIG FILE\n"
        "A configuration is named as `gmc block list` shows for each block.\n"
        "  flags    the configuration's RTL parameters as Verilator -G, iverilog -P\n"
        "           (for module tb_<module>'s DUT: none, the testbench sets them) or\n"
        "           Yosys chparam -set options\n"
        "  top      writes any generated top-level source into DIR (BIM: the matrix\n"
        "           wrapper; --fault injects the block's RTL fault there) and prints the\n"
        "           top module's name\n"
        "  tb       the Icarus replay testbench of the configuration\n"
        "  vectors  a vector file from the C model (default 1000 cycles, stim-seed 1)\n"
        "  check    replays a vector file through the C model: header, every line and\n"
        "           every output must match (exit 1 with file:line otherwise)\n");
}

static int list(void)
{
    for (unsigned i = 0; gmc_blocks[i]; i++) {
        const gmc_block_t *b = gmc_blocks[i];
        char up[32];
        snprintf(up, sizeof up, "%s", b->name);
        for (char *q = up; *q; q++)
            *q = (char)(*q >= 'a' && *q <= 'z' ? *q - 32 : *q);
        printf("%-8s rtl/%s.sv\n  configuration: %s\n  fault switch GMC_FAULT_%s: %s\n", b->name,
               b->module, b->config_help, up, b->fault_help);
    }
    return cli_stdout_check("block");
}

static int flags(const gmc_block_t *b, const void *cfg, const char *tool)
{
    static gmc_param_t p[GMC_BLOCK_PARAMS_MAX];
    unsigned n = b->params(cfg, p);
    int vl = !strcmp(tool, "verilator"), iv = !strcmp(tool, "iverilog"), ys = !strcmp(tool, "yosys");
    if (!vl && !iv && !ys)
        return cli_usage_error("block", "flags: expected verilator, iverilog or yosys, found '%s'", tool);
    if (b->emit_top || iv) {   /* the generated top / testbench carries them */
        putchar('\n');
    } else {
        for (unsigned i = 0; i < n; i++)
            printf(vl ? "%s-G%s=%s" : "%s-set %s %s", i ? " " : "", p[i].rtl, p[i].value);
        putchar('\n');
    }
    return cli_stdout_check("block");
}

static int top(const gmc_block_t *b, const void *cfg, int fault, const char *dir)
{
    char name[128], err[256];
    if (b->emit_top) {
        if (!dir)
            return cli_usage_error("block", "top: -o DIR is required");
        if (b->emit_top(cfg, fault, dir, name, sizeof name, err, sizeof err)) {
            fprintf(stderr, "gmc block: %s\n", err);
            return 1;
        }
    } else {
        snprintf(name, sizeof name, "%s", b->module);
    }
    printf("%s\n", name);
    return cli_stdout_check("block");
}

/* Writes out whole or not at all: the testbench around top tb_top, or
 * (tb_top NULL) the vectors. */
static int write_out(const char *cmd, const char *out, const gmc_block_t *b, const void *cfg,
                     const char *tb_top, uint64_t stim_seed, uint64_t cycles)
{
    if (!out)
        return cli_usage_error(cmd, "-o FILE is required");
    cli_outfile_t o;
    if (cli_out_open(&o, cmd, out))
        return 1;
    if (tb_top ? gmc_block_emit_tb(o.f, b, cfg, tb_top)
               : gmc_block_vec_write(o.f, b, cfg, stim_seed, cycles)) {
        fprintf(stderr, "gmc %s: %s: write failed\n", cmd, out);
        cli_out_abort(&o);
        return 1;
    }
    return cli_out_commit(&o) ? 1 : 0;
}

int cli_block_vectors_write(const char *cmd, const char *out, const gmc_block_t *b,
                            const void *cfg, uint64_t stim_seed, uint64_t cycles)
{
    return write_out(cmd, out, b, cfg, NULL, stim_seed, cycles);
}

static int write_tb(const char *out, const gmc_block_t *b, const void *cfg)
{
    if (!out)
        return cli_usage_error("block", "-o FILE is required");
    char topname[128];
    snprintf(topname, sizeof topname, "%s", b->module);
    if (b->emit_top) {   /* dir NULL: the top's name only */
        char err[256];
        if (b->emit_top(cfg, 0, NULL, topname, sizeof topname, err, sizeof err)) {
            fprintf(stderr, "gmc block: %s\n", err);
            return 1;
        }
    }
    return write_out("block", out, b, cfg, topname, 0, 0);
}

static int check(const gmc_block_t *b, const void *cfg, const char *path)
{
    if (cli_input_ok("block", path))
        return 1;
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "gmc block: %s: cannot open: %s\n", path, strerror(errno));
        return 1;
    }
    char err[512];
    uint64_t cycles = 0;
    int rc = gmc_block_vec_check(f, path, b, cfg, &cycles, err, sizeof err);
    fclose(f);
    if (rc) {
        fprintf(stderr, "gmc block: %s\n", err);
        return 1;
    }
    printf("%s: %llu cycles, every output matches the C model\n", path, (unsigned long long)cycles);
    return cli_stdout_check("block");
}

int cmd_block(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    const char *verb = argv[1];
    if (!strcmp(verb, "list"))
        return list();
    static const char *const verbs[] = {"flags", "top", "tb", "vectors", "check"};
    int v = -1;
    for (int i = 0; i < 5; i++)
        if (!strcmp(verb, verbs[i]))
            v = i;
    if (v < 0)
        return cli_usage_error("block", "expected list, flags, top, tb, vectors or check, found '%s'", verb);
    if (argc < 4)
        return cli_usage_error("block", "%s: expected BLK CONFIG (gmc block --help)", verb);
    const gmc_block_t *b = gmc_block_find(argv[2]);
    if (!b)
        return cli_usage_error("block", "expected a block (gmc block list), found '%s'", argv[2]);
    char err[256];
    void *cfg = gmc_block_cfg_new(b, argv[3], err, sizeof err);
    if (!cfg) {
        fprintf(stderr, "gmc block: %s: %s\n", b->name, err);
        return 2;
    }
    const char *out = NULL, *arg = NULL;
    int fault = 0, rc;
    uint64_t cycles = 1000, seed = 1;
    for (int i = 4; i < argc; i++) {
        const char *a = argv[i];
        uint64_t *num = !strcmp(a, "--cycles") ? &cycles : !strcmp(a, "--stim-seed") ? &seed : NULL;
        if (!strcmp(a, "--fault") && v == 1) {
            fault = 1;
        } else if (!strcmp(a, "-o") || num) {
            if (i + 1 >= argc) {
                free(cfg);
                return cli_usage_error("block", "%s: expected a value", a);
            }
            if (num && (cli_parse_u64(argv[i + 1], num) || !*num || *num > 1000000000)) {
                free(cfg);
                return cli_usage_error("block", "%s: expected 1..10^9, found '%s'", a, argv[i + 1]);
            }
            if (!num)
                out = argv[i + 1];
            i++;
        } else if (!arg && a[0] != '-' && (v == 0 || v == 4)) {
            arg = a;
        } else {
            free(cfg);
            return cli_usage_error("block", "%s: unexpected argument '%s' (gmc block --help)", verb, a);
        }
    }
    if ((v == 0 || v == 4) && !arg) {
        free(cfg);
        return cli_usage_error("block", "%s: expected %s", verb, v ? "a vector FILE" : "verilator, iverilog or yosys");
    }
    switch (v) {
    case 0: rc = flags(b, cfg, arg); break;
    case 1: rc = top(b, cfg, fault, out); break;
    case 2: rc = write_tb(out, b, cfg); break;
    case 3: rc = cli_block_vectors_write("block", out, b, cfg, seed, cycles); break;
    default: rc = check(b, cfg, arg); break;
    }
    free(cfg);
    return rc;
}
