/* Options shared by the commands that need "which map, which matrix":
 * gmc bim and gmc vectors bim (and gmc entropy for --scheme). */
#ifndef GMC_CLI_BIM_OPTS_H
#define GMC_CLI_BIM_OPTS_H
#include <stdint.h>
#include <stdio.h>
#include "mem/gmc_addrmap.h"
#include "bim/gmc_bim_scheme.h"
#include "bim/gmc_gf2.h"
#include "mem/gmc_dram_import.h"

typedef struct {
    const char *preset;       /* --preset (default gddr5-hynix) */
    const char *map_file;     /* --map-file */
    const char *map_spec;     /* --map "Row[..] ..." */
    const char *scheme;       /* --scheme (default base) */
    const char *matrix_file;  /* --matrix FILE instead of --scheme */
    const char *rmp_bits;     /* --rmp-bits 8,9,10,11,15,16 */
    uint64_t    seed;         /* --seed (default 1) */
    int         matrix_given; /* --scheme or --matrix on the command line (even "base") */
    /* results */
    gmc_addrmap_t map;
    gmc_gf2_t     m;
    char          label[96];  /* "pae seed 7", "matrix FILE", ... for headers */
} bim_sel_t;

void bim_sel_defaults(bim_sel_t *s);
/* Consumes one option at argv[*i] if it is one of the above (advancing *i
 * past its value).  Returns 1 if consumed, 0 if not ours, -1 on a usage
 * error (already printed). */
int  bim_sel_option(bim_sel_t *s, const char *cmd, int argc, char **argv, int *i);
/* Loads the map and builds (or reads) the matrix; prints one error line
 * and returns non-zero on failure (1 = bad input, 2 = usage). */
int  bim_sel_resolve(bim_sel_t *s, const char *cmd);
/* After bim_sel_resolve: the matrix becomes a GPGPU-Sim file's IPoly
 * channel hash on s->map (bim/gmc_bim_ipoly.h), with its label.  -1 and a
 * message if the hash does not fit the map. */
int  bim_sel_ipoly(bim_sel_t *s, const gmc_ipoly_t *ip, char *err, size_t n);
/* Reads a matrix file: "width N" then N hex rows (row 0 first). */
int  bim_matrix_load(const char *path, gmc_gf2_t *m, char *err, size_t n);
/* The same from an open stream; path names it in errors. */
int  bim_matrix_read(FILE *f, const char *path, gmc_gf2_t *m, char *err, size_t n);
/* Writes it back in the same form. */
void bim_matrix_write(FILE *f, const gmc_gf2_t *m, const char *comment);
/* An error of the BIM library (gmc_bim_scheme_make, gmc_bim_cfg_init) as
 * "gmc CMD: ..." without its own "bim: " (never "gmc bim: bim: ..."). */
void bim_error(const char *cmd, const char *err);
/* Usage text for the shared options. */
void bim_sel_usage(FILE *f);

#endif
