/* Internal to model/mem: what the readers of the foreign DRAM-config formats
 * (gmc_dram_import_gpgpusim.c, gmc_dram_import_dramsim3.c) share with the
 * dispatcher gmc_dram_import.c.  Lines, numbers, quoting and the wording
 * of errors are util's (gmc_lines.h, gmc_num.h, gmc_quote.h, gmc_diag.h).
 * Not part of the public API. */
#ifndef GMC_DRAM_IMPORT_IMPL_H
#define GMC_DRAM_IMPORT_IMPL_H
#include "gmc_dram_diag_impl.h"
#include "gmc_dram_import.h"
#include "util/gmc_diag.h"
#include "util/gmc_lines.h"
#include "util/gmc_num.h"
#include "util/gmc_text.h"

typedef struct {
    gmc_diag_t         d;                     /* src, err, warn */
    unsigned           line[GMC_DRAM_NPARAM]; /* where each parameter was set (0 = base) */
    gmc_dram_import_t *info;
    gmc_dram_cfg_t    *c;                     /* starts as a copy of the base */
} gmc_dram_imp_t;

/* Sets parameter p from line ln, checking gmc's range; what names the source
 * option in the error ("-gpgpu_n_mem", "tRCD"). */
int  gmc_dram_imp_set(gmc_dram_imp_t *im, unsigned ln, gmc_dram_param_t p, uint64_t v,
                      const char *what);
/* The decimal integer s[0..len) (trimmed), or -1 with "expected <what>,
 * found '...'" at line ln. */
int  gmc_dram_imp_uint(gmc_dram_imp_t *im, unsigned ln, const char *what, const char *s,
                       size_t len, uint64_t *v);
/* Records an option that is not the memory system's. */
void gmc_dram_imp_ignore(gmc_dram_imp_t *im, const char *name, size_t len);

int gmc_dram_import_gpgpusim(gmc_dram_imp_t *im, const char *text, size_t len);
int gmc_dram_import_dramsim3(gmc_dram_imp_t *im, const char *text, size_t len);
int gmc_dram_import_nvmain(gmc_dram_imp_t *im, const char *text, size_t len);

#endif
