/* gmc vectors <block>: write co-simulation vectors from the C model.  Each
 * block has its own writer (model/cli/vectors_<block>.c); this file only
 * dispatches. */
#include <stdio.h>
#include <string.h>
#include "cli.h"

static const struct { const char *block; int (*run)(int, char **); } blocks[] = {
    {"bim", vectors_bim},
    {"bankarb", vectors_bankarb},
    {"wmc", vectors_wmc},
};
#define NBLOCKS (sizeof blocks / sizeof blocks[0])

static void usage(FILE *f)
{
    fprintf(f, "usage: gmc vectors <block> [options] -o FILE   (gmc vectors <block> --help)\nblocks:");
    for (size_t i = 0; i < NBLOCKS; i++)
        fprintf(f, " %s", blocks[i].block);
    fputc('\n', f);
}

int cmd_vectors(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    for (size_t i = 0; i < NBLOCKS; i++)
        if (!strcmp(argv[1], blocks[i].block))
            return blocks[i].run(argc - 1, argv + 1);
    fprintf(stderr, "gmc vectors: unknown block '%s'\n", argv[1]);
    usage(stderr);
    return 2;
}
