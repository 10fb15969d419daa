/* gmc_gpgpusim_opts: a GPGPU-Sim gpgpusim.config read as `-name value`
 * options.  One reader for both importers -- the DRAM part
 * (gmc_dram_import_gpgpusim.c) and the machine (model/gpu/
 * gmc_machine_gpgpusim.c) -- so that they split a file alike:
 *
 *   - '#' starts a comment, unless a '"' comes before it on the line;
 *   - blank lines and comment lines are skipped;
 *   - an option is `-name value`: the name runs to the first blank, the
 *     value is the rest, trimmed (quotes kept);
 *   - a value that opens a '"' without closing it on its line runs to the
 *     next line holding a '"', inclusive (GPGPU-Sim's option parser takes a
 *     quoted value across lines).
 *
 * The lines come from util's line reader (a NUL byte is its error); each
 * caller words its own errors from the other results. */
#ifndef GMC_GPGPUSIM_OPTS_H
#define GMC_GPGPUSIM_OPTS_H
#include <stddef.h>
#include "util/gmc_diag.h"
#include "util/gmc_lines.h"
#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    const char *name;   /* "-gpgpu_n_mem"; for GMC_GS_TOK_NOT_OPTION the trimmed line */
    size_t      nl;
    const char *v;      /* the value, trimmed, quotes kept (vl 0: none given) */
    size_t      vl;
    unsigned    ln;     /* the option's line (1-based; the first of a quoted value's) */
    size_t      b, e;   /* the option in the text: the start of its first line to the
                           end of its last (its '\n', or the text's length) */
} gmc_gs_tok_t;

enum {
    GMC_GS_TOK_END        = 0,    /* no more options */
    GMC_GS_TOK_OPTION     = 1,    /* *t is the next option */
    GMC_GS_TOK_NOT_OPTION = -1,   /* a line that is not `-name ...` (t->name: the line) */
    GMC_GS_TOK_UNCLOSED   = -2,   /* a quoted value with no closing '"' before the end */
    GMC_GS_TOK_ERROR      = -3,   /* a line the line reader refused: the error is in d */
};

/* The options of one text. */
typedef struct {
    const char *text;
    gmc_lines_t lines;
} gmc_gs_toks_t;

/* Starts on text[0..len) (not copied). */
void gmc_gs_toks_init(gmc_gs_toks_t *k, const char *text, size_t len);
/* The next option; d is the reader's context, for GMC_GS_TOK_ERROR. */
int  gmc_gs_tok_next(gmc_gs_toks_t *k, gmc_gs_tok_t *t, gmc_diag_t *d);

#ifdef __cplusplus
}
#endif
#endif
