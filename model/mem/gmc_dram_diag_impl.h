/* Internal to model/mem: shared diagnostics for the DRAM config parser,
 * validator and GPGPU-Sim string reader.  Not part of the public API. */
#ifndef GMC_DRAM_DIAG_H
#define GMC_DRAM_DIAG_H
#include "gmc_dram_cfg.h"
#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    const char     *src;    /* file name in messages */
    const unsigned *line;   /* per-parameter source line (0 = none), or NULL */
    char           *err;
    size_t          en;
    char           *warn;   /* NULL: stderr; wn == 0: discard */
    size_t          wn;
    int             nwarn;
} gmc_dram_diag_t;

#if defined(__GNUC__)
#define GMC_DRAM_PRINTF_(a, b) __attribute__((format(printf, a, b)))
#else
#define GMC_DRAM_PRINTF_(a, b)
#endif

/* "src:line: " + message into err (line 0: "src: "). */
void gmc_dram_diag_error(gmc_dram_diag_t *d, unsigned line, const char *fmt, ...)
    GMC_DRAM_PRINTF_(3, 4);
/* "src:line: warning: " + message, to stderr or the warn buffer. */
void gmc_dram_diag_warn(gmc_dram_diag_t *d, unsigned line, const char *fmt, ...)
    GMC_DRAM_PRINTF_(3, 4);
/* At most 40 printable characters of s ('?' for anything else, "..." if cut). */
void gmc_dram_diag_quote(const char *s, size_t len, char *out, size_t n);
/* Range and consistency checks; -1 on error, else the number of warnings. */
int  gmc_dram_cfg_validate(const gmc_dram_cfg_t *c, gmc_dram_diag_t *d);

#ifdef __cplusplus
}
#endif
#endif
