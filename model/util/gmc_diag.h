/* gmc_diag: how gmc's file readers word an error or a warning, in one
 * place: "src:line: message" (or "src: message" for line 0) into the
 * caller's buffer, and "src:line: warning: message" to stderr or appended
 * to the caller's buffer.  The DRAM-config readers (model/mem) and the
 * gpgpusim.config machine reader (model/gpu) wrap these. */
#ifndef GMC_DIAG_H
#define GMC_DIAG_H
#include <stdarg.h>
#include <stddef.h>
#ifdef __cplusplus
extern "C" {
#endif

/* Longest warning line kept (longer ones are cut). */
#define GMC_DIAG_WARN_MAX 640

/* The message into err[0..en) (nothing when en is 0). */
void gmc_diag_verror(char *err, size_t en, const char *src, unsigned line, const char *fmt,
                     va_list ap);
/* The warning: to stderr when warn is NULL, else appended to warn[0..wn)
 * (dropped when wn is 0); each ends with a newline. */
void gmc_diag_vwarn(char *warn, size_t wn, const char *src, unsigned line, const char *fmt,
                    va_list ap);

#ifdef __cplusplus
}
#endif
#endif
