/* Internal to model/mem: what the readers of the foreign DRAM-config formats
 * (gmc_dram_import_gpgpusim.c, gmc_dram_import_dramsim3.c) share with the
 * dispatcher gmc_dram_import.c.  Not part of the public API. */
#ifndef GMC_DRAM_IMPORT_IMPL_H
#define GMC_DRAM_IMPORT_IMPL_H
#include "gmc_dram_diag_impl.h"
#include "gmc_dram_import.h"
#include "mem/gmc_gpgpusim_opts.h"   /* gmc_text_trim, gmc_text_list_add */

typedef struct {
    gmc_dram_diag_t    d;                     /* src, err, warn */
    unsigned           line[GMC_DRAM_NPARAM]; /* where each parameter was set (0 = base) */
    gmc_dram_import_t *info;
    gmc_dram_cfg_t    *c;                     /* starts as a copy of the base */
} gmc_dram_imp_t;

/* One text line: [s, s + len), 1-based number ln. */
typedef struct { const char *s; size_t len; unsigned ln; } gmc_dram_line_t;

/* Next line of text from *pos (1 and *l filled, 0 at the end); ln counts. */
int  gmc_dram_imp_line(const char *text, size_t len, size_t *pos, unsigned *ln,
                       gmc_dram_line_t *l);
/* Sets parameter p from line ln, checking gmc's range; what names the source
 * option in the error ("-gpgpu_n_mem", "tRCD"). */
int  gmc_dram_imp_set(gmc_dram_imp_t *im, unsigned ln, gmc_dram_param_t p, uint64_t v,
                      const char *what);
/* Decimal integer (digits only), 0 or -1. */
int  gmc_dram_imp_uint(const char *s, size_t len, uint64_t *v);
/* Decimal number with an optional fraction ("3500.5"), >= 0; 0 or -1. */
int  gmc_dram_imp_real(const char *s, size_t len, double *v);
/* Records an option that is not the memory system's. */
void gmc_dram_imp_ignore(gmc_dram_imp_t *im, const char *name, size_t len);
/* "expected ..., found '<s>'" at line ln (quoted and cut as everywhere). */
int  gmc_dram_imp_expected(gmc_dram_imp_t *im, unsigned ln, const char *what, const char *s,
                           size_t len);

int gmc_dram_import_gpgpusim(gmc_dram_imp_t *im, const char *text, size_t len);
int gmc_dram_import_dramsim3(gmc_dram_imp_t *im, const char *text, size_t len);

#endif
