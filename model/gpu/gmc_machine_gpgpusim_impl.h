/* Internal to gmc_machine_gpgpusim*.c: the reader's state, the option
 * table and the cache-string parser they share.  Not part of the API. */
#ifndef GMC_MACHINE_GPGPUSIM_IMPL_H
#define GMC_MACHINE_GPGPUSIM_IMPL_H
#include <stddef.h>
#include <stdint.h>
#include "gpu/gmc_machine_gpgpusim.h"
#include "util/gmc_diag.h"

/* One `-name value` of the file: name and value point into the text (the
 * value may span lines when quoted); [b, e) is the whole option's span. */
typedef struct {
    const char *name, *v;
    size_t      nl, vl;
    unsigned    ln;
    size_t      b, e;
    int         ent;       /* index in gmc_gs_entries, -1: not an option gmc reads */
} gmc_gs_opt_t;

/* flags of a table entry */
enum {
    GMC_GS_MACHINE = 1,    /* read by gmc_gs_apply */
    GMC_GS_DRAM    = 2,    /* read by gmc_dram_import (the DRAM part) */
    GMC_GS_HIDE    = 4,    /* a controller/L2 option the DRAM importer would call unread:
                              it does not see it (the machine reads it) */
    GMC_GS_ZERO    = 8     /* a DRAM policy gmc follows only at 0 (gmc's behaviour); other
                              values are not modelled (the DRAM importer warns) */
};

typedef struct { const char *name; uint8_t kind, flags; } gmc_gs_entry_t;
extern const gmc_gs_entry_t gmc_gs_entries[];
extern const unsigned gmc_gs_nentries;
#define GMC_GS_MAXENT 64

typedef struct {
    gmc_diag_t     d;                              /* src, err, warn (util/gmc_diag.h) */
    gmc_machine_t *m;
    gmc_machine_origin_t *origin;                  /* where each key was set (src NULL: the base) */
    const gmc_gs_opt_t *last[GMC_GS_MAXENT];       /* per entry: its last occurrence, or NULL */
    char           used[GMC_GS_MAXENT];            /* per entry: it set something */
} gmc_gs_t;

/* The option's value without quotes and blanks (a quoted value may span
 * lines); -1 with an error if it is empty or longer than n - 1. */
int  gmc_gs_value(gmc_gs_t *g, const gmc_gs_opt_t *o, char *out, size_t n);

/* Applies the machine options (g->last) to *g->m. */
int  gmc_gs_apply(gmc_gs_t *g);

/* A -gpgpu_cache:dl1/dl2 string, either form:
 *   v4:  <N|S>:<sets>:<line>:<assoc>,<rep>:<wr>:<alloc>:<wr_alloc>:<index>,<mshr>:<n>:<merge>[,<mq>[:<fifo>][,<port>]]
 *   3.x: <sets>:<line>:<assoc>,<rep>:<wr>:<alloc>:<wr_alloc>[:<index>],<mshr>:<n>:<merge>[,<mq>[:<fifo>][,<port>]]
 * or "none" / "N" (no cache). */
typedef struct {
    int      none;
    char     type;                   /* 'N' normal (line-granular), 'S' sectored */
    uint32_t sets, line, assoc;
    char     rep, wr, alloc, wr_alloc, index, mshr_type;
    uint32_t mshr, merge;
} gmc_gs_cache_t;
/* 0, or -1 with "expected ..., found '...'" (no file prefix) in err. */
int gmc_gs_cache_parse(const char *s, gmc_gs_cache_t *c, char *err, size_t en);

#endif
