/* gmc: one CLI, one subcommand per job.  `gmc help` lists them. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "gmc_version.h"   /* build/gen: GMC_VERSION from VERSION (+ git), Makefile */

static const gmc_cmd_t cmds[] = {
    {"bim",     "BIM address mapping: schemes, map/unmap, XOR-tree cost, Verilog", cmd_bim},
    {"entropy", "window-based address-bit entropy of a trace (PAE [ISCA'18] sec. III)", cmd_entropy},
    {"vectors", "write self-describing co-simulation vectors from the C model",    cmd_vectors},
    {"block",   "the verification flow's view of a block: configurations, flags, testbench, vectors", cmd_block},
    {"mem",     "trace mode: requests through the DRAM controllers (latency, BLP, efficiency)", cmd_mem},
    {"sim",     "the GPU system harness: SMs, caches, interconnect, memory system; IPC, load-warp latency, divergence", cmd_sim},
    {"icnt",    "one interconnect under synthetic load: latency and throughput against injection rate, row locality before and after", cmd_icnt},
    {"overhead", "storage / comparison bits of Warped-MC, FR-FCFS and the hold-grant interconnect from parameters", cmd_overhead},
    {"experiment", "named experiments (warped-mc, pae, schedulers, holdgrant): runs, CSV, plots, a summary beside the paper", cmd_experiment},
    {"sweep",   "many gmc runs (a points file) in parallel or as a Slurm job array, merged into one JSON", cmd_sweep},
};
#define NCMDS (sizeof cmds / sizeof cmds[0])

int cli_command_known(const char *name)
{
    for (size_t i = 0; i < NCMDS; i++)
        if (!strcmp(name, cmds[i].name))
            return 1;
    return 0;
}

static void help(FILE *f)
{
    fprintf(f, "usage: gmc <command> [options]   (gmc <command> --help for details)\n\n"
               "commands:\n");
    for (size_t i = 0; i < NCMDS; i++)
        fprintf(f, "  %-9s %s\n", cmds[i].name, cmds[i].summary);
    fprintf(f, "  %-9s %s\n", "help", "this list");
    fprintf(f, "  %-9s %s\n", "--version", "print gmc's version");
}

int main(int argc, char **argv)
{
    /* A reader that goes away (gmc ... | head -1) shows up as EPIPE on a
     * write, which cli_stdout_check turns into a quiet exit 141, after the
     * commands have removed their temporary files. */
    signal(SIGPIPE, SIG_IGN);
    if (argc > 0 && argv[0])
        cli_argv0 = argv[0];
    int rc;
    const char *name = "gmc";
    if (argc < 2 || !strcmp(argv[1], "help") || !strcmp(argv[1], "--help") ||
        !strcmp(argv[1], "-h")) {
        help(stdout);
        rc = argc < 2 ? 2 : 0;
    } else if (!strcmp(argv[1], "--version")) {
        printf("gmc %s\n", GMC_VERSION);
        rc = 0;
    } else {
        size_t i = 0;
        while (i < NCMDS && strcmp(argv[1], cmds[i].name))
            i++;
        if (i == NCMDS) {
            fprintf(stderr, "gmc: unknown command '%s'\n", argv[1]);
            help(stderr);
            return 2;
        }
        name = cmds[i].name;
        rc = cmds[i].run(argc - 1, argv + 1);
    }
    /* Every command's stdout is checked here: a full disk or a closed pipe
     * is an error, never a silent success. */
    int out = cli_stdout_check(name);
    if (out == CLI_EXIT_PIPE)
        return out;
    return rc ? rc : out;
}
