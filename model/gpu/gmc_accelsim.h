/* gmc_accelsim: Accel-Sim SASS traces as gmc kernels (gmc_kernel.h).
 *
 * An Accel-Sim trace directory holds kernelslist.g, which names the
 * kernel-N.traceg files in launch order (MemcpyHtoD and other lines are
 * skipped and counted; a .traceg.xz is read through `xz -dc`, as Accel-Sim
 * does), and one .traceg per kernel: a "-key = value"
 * header, then per thread block #BEGIN_TB / thread block = x,y,z / per warp
 * "warp = N", "insts = N" and N instruction lines / #END_TB.  The accepted
 * format, the versions, the opcode mapping and every error are described
 * in docs/harness.md (Accel-Sim traces).
 *
 * gmc_accelsim_load reads one kernel's whole file into a compact in-memory
 * form (32 bytes an instruction, 2 per register it lists, plus 4 or 8 bytes per lane of irregular
 * addresses); the kernel's ops then replay each warp's instructions with
 * every lane's address expanded.  Errors are one line
 * "path:line: expected ..., found ...", and a failed load keeps nothing.
 * Deterministic: the same files give the same instructions.
 */
#ifndef GMC_ACCELSIM_H
#define GMC_ACCELSIM_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "gpu/gmc_kernel.h"
#ifdef __cplusplus
extern "C" {
#endif

/* The longest line read, in bytes without the newline (kernelslist.g and
 * .traceg alike).  An instruction line of a full warp listing 32 addresses
 * takes about 700; the cap leaves room for long mangled kernel names. */
#define GMC_ACCELSIM_LINE_MAX 65536

/* The distinct unknown opcode names kept for the report. */
#define GMC_ACCELSIM_UNKNOWN_NAMES 64

/* The most registers a SASS thread has (R0..R254; R255 is RZ).  A larger
 * -nregs is an NVBit tracer artifact (a real PyTorch trace in Accel-Sim's
 * repository says 21955): the kernel runs with this many, and the stats
 * list it.  gmc's occupancy has no per-thread limit of its own, only the
 * SM's regs_per_sm. */
#define GMC_ACCELSIM_MAX_NREGS 255
/* The kernels with such a count kept for the report (all are counted). */
#define GMC_ACCELSIM_CLAMPED_NAMES 16

typedef struct gmc_accelsim gmc_accelsim_t;

/* dir: an Accel-Sim trace directory; reads dir/kernelslist.g (lines naming
 * kernel .traceg files in run order; MemcpyHtoD/other non-kernel lines are
 * skipped and counted) and checks that each listed file can be opened;
 * a list naming no kernel is an error.  NULL + err on error. */
gmc_accelsim_t *gmc_accelsim_open(const char *dir, char *err, size_t n);
unsigned        gmc_accelsim_nkernels(const gmc_accelsim_t *t);
/* dir/<name as listed>; NULL when i is out of range. */
const char     *gmc_accelsim_kernel_path(const gmc_accelsim_t *t, unsigned i);
/* Kernel i's -nregs as its header says it (gmc_kernel_t.regs_per_thread
 * holds at most GMC_ACCELSIM_MAX_NREGS); 0 when i is not loaded. */
uint32_t        gmc_accelsim_nregs_traced(const gmc_accelsim_t *t, unsigned i);

/* Parses kernel i's whole .traceg file into memory and fills *k (ops, name,
 * grid, block, regs_per_thread, smem_per_cta, impl); 0, or -1 with
 * "file:line: expected ..., found ...".  Loading a loaded kernel fills *k
 * again from the data already in memory.  *k stays valid until
 * gmc_accelsim_unload(t, i) or gmc_accelsim_close(t). */
int  gmc_accelsim_load(gmc_accelsim_t *t, unsigned i, gmc_kernel_t *k, char *err, size_t n);
void gmc_accelsim_unload(gmc_accelsim_t *t, unsigned i);   /* frees kernel i's data */

typedef struct {
    uint64_t kernels, skipped_list_lines;
    /* Over the kernels loaded (each counted once, at its first load): */
    uint64_t instruction_lines;       /* every instruction line */
    uint64_t unknown_ops;             /* instructions whose opcode had no table entry */
    /* the distinct unknown opcode base names (before the first '.') with
     * their counts, in order of first appearance; names past the 64th are
     * counted in unknown_ops only */
    unsigned n_unknown_names;
    struct { char name[32]; uint64_t count; } unknown[GMC_ACCELSIM_UNKNOWN_NAMES];
    unsigned trace_version;           /* "-accelsim tracer version" of the last kernel
                                         loaded; 0 if absent (older traces) */
    /* thread blocks of the grids that no #BEGIN_TB lists (they run as empty
     * CTAs), and the kernels with any, over the kernels loaded */
    uint64_t ctas_unlisted;
    unsigned kernels_unlisted;
    /* kernels whose -nregs was above GMC_ACCELSIM_MAX_NREGS (run with that
     * many), and the first GMC_ACCELSIM_CLAMPED_NAMES of them: the index
     * in the list (gmc_accelsim_kernel_path), name and the traced count */
    unsigned kernels_nregs_clamped, n_nregs_clamped;
    struct { unsigned index; char name[64]; uint32_t nregs; } nregs_clamped[GMC_ACCELSIM_CLAMPED_NAMES];
} gmc_accelsim_stats_t;
const gmc_accelsim_stats_t *gmc_accelsim_stats(const gmc_accelsim_t *t);

void gmc_accelsim_close(gmc_accelsim_t *t);

/* Writes kernel k to f as Accel-Sim's tracer (version 5) writes a
 * kernel-<id>.traceg, so that Accel-Sim runs it and gmc_accelsim_load
 * gives back the same instructions (gmc_accelsim_write.c says how each
 * instruction is written; docs/harness-inputs.md, "Writing traces").  It
 * plays every warp of k through its ops as the SM would.  0, or -1 with
 * one line "kernel <id> (<name>), CTA c, warp w: expected ..., found ..."
 * in err (what f holds then is to be thrown away); *lines gets the
 * instruction lines written.  Errors writing f are the caller's to see
 * (ferror). */
int gmc_accelsim_write(FILE *f, gmc_kernel_t *k, unsigned id, uint64_t *lines, char *err, size_t n);   /* frees everything (NULL is fine) */

#ifdef __cplusplus
}
#endif
#endif
