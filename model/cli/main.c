/* gmc: one CLI, one subcommand per job.  `gmc help` lists them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"

static const gmc_cmd_t cmds[] = {
    {"bim",     "BIM address mapping: schemes, map/unmap, XOR-tree cost, Verilog", cmd_bim},
    {"entropy", "window-based address-bit entropy of a trace (PAE [ISCA'18] sec. III)", cmd_entropy},
    {"vectors", "write self-describing co-simulation vectors from the C model",    cmd_vectors},
    {"block",   "the verification flow's view of a block: configurations, flags, testbench, vectors", cmd_block},
    {"mem",     "trace mode: requests through the DRAM controllers (latency, BLP, efficiency)", cmd_mem},
    {"overhead", "storage / comparison bits of Warped-MC and FR-FCFS from parameters", cmd_overhead},
};
#define NCMDS (sizeof cmds / sizeof cmds[0])

static void help(FILE *f)
{
    fprintf(f, "usage: gmc <command> [options]   (gmc <command> --help for details)\n\n"
               "commands:\n");
    for (size_t i = 0; i < NCMDS; i++)
        fprintf(f, "  %-9s %s\n", cmds[i].name, cmds[i].summary);
    fprintf(f, "  %-9s %s\n", "help", "this list");
}

int main(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "help") || !strcmp(argv[1], "--help") ||
        !strcmp(argv[1], "-h")) {
        help(stdout);
        return argc < 2 ? 2 : 0;
    }
    for (size_t i = 0; i < NCMDS; i++)
        if (!strcmp(argv[1], cmds[i].name))
            return cmds[i].run(argc - 1, argv + 1);
    fprintf(stderr, "gmc: unknown command '%s'\n", argv[1]);
    help(stderr);
    return 2;
}
