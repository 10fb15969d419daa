/* gmc vectors bim's map and matrix: the options gmc bim takes (bim_opts.h),
 * so that `gmc vectors bim` and `gmc bim` agree on what a matrix is.  A map
 * or matrix may come from a file (--map-file, --matrix) or a spec (--map,
 * --rmp-bits), which no configuration name spells, so BIM's cfg comes from
 * here and not from its description's options (REG_OUT only). */
#include <stdlib.h>
#include <string.h>
#include "bim_opts.h"
#include "cli.h"
#include "vec/gmc_block.h"
#include "vec/gmc_vec.h"

static void init(void *st) { bim_sel_defaults(st); }

static int option(void *st, int argc, char **argv, int *i)
{
    return bim_sel_option(st, "vectors", argc, argv, i);
}

static void *cfg(void *st, const gmc_block_t *b, const uint64_t *v, int *rc)
{
    bim_sel_t *s = st;
    *rc = bim_sel_resolve(s, "vectors");
    if (*rc)
        return NULL;
    unsigned reg_out = 0;
    for (unsigned k = 0; b->vec_opts[k].opt; k++)
        if (!strcmp(b->vec_opts[k].opt, "--reg-out"))
            reg_out = (unsigned)v[k];
    gmc_bim_cfg_t *c = malloc(sizeof *c);   /* 16 KiB of lookup tables */
    char err[256];
    if (!c || gmc_bim_cfg_init(c, &s->m, reg_out, err, sizeof err)) {
        fprintf(stderr, "gmc vectors: %s\n", c ? err : "out of memory");
        free(c);
        *rc = 1;
        return NULL;
    }
    gmc_vec_meta_t meta = {s->map.name, s->matrix_file ? s->matrix_file : s->scheme, s->seed, 0, 0};
    void *bc = gmc_vec_bim_block_cfg(c, &meta);
    free(c);
    if (!bc) {
        fprintf(stderr, "gmc vectors: out of memory\n");
        *rc = 1;
    }
    return bc;
}

const cli_vec_source_t vectors_bim_matrix = {
    .block = "bim",
    .usage = "[map] [matrix]",
    .help = bim_sel_usage,
    .state_size = sizeof(bim_sel_t),
    .init = init,
    .option = option,
    .cfg = cfg,
};
