/* gmc_accelsim internals shared by its files: the line reader, the opcode
 * table, the compact in-memory kernel and the parser's entry points.
 *
 *   gmc_accelsim_lines.c   the line reader (util's, with xz), tokens
 *   gmc_accelsim_opcode.c  SASS opcode -> gmc_op_t and latency, width from opcode
 *   gmc_accelsim_inst.c    one instruction line -> one packed record
 *   gmc_accelsim_parse.c   a whole .traceg: header, thread blocks, warps
 *   gmc_accelsim_ops.c     the gmc_kernel ops (warp_begin / next)
 *   gmc_accelsim_list.c    kernelslist.g, load / unload, stats
 */
#ifndef GMC_ACCELSIM_IMPL_H
#define GMC_ACCELSIM_IMPL_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "gpu/gmc_accelsim.h"
#include "util/gmc_diag.h"
#include "util/gmc_lines.h"

/* ------------------------------------------------------------ lines */

/* A trace file's lines, through util's line reader (gmc_lines.h: its cap is
 * GMC_ACCELSIM_LINE_MAX, so a file of any size, or one endless line, costs
 * that much and a read chunk), from `xz -dc` when the path ends ".xz". */
typedef struct {
    gmc_lines_t lines;
    long        xz_pid;    /* the running xz (0: a plain file, or xz reaped) */
    int         xz_exit;   /* xz's exit status once it ended (127: no xz to run) */
} as_lines_t;

/* 0, or -1 with why it cannot be read in *why: what the path is when it is
 * not a regular file ("a FIFO": gmc_file.h), else strerror(errno) (the
 * caller words "expected a readable ..., found WHY").  A path ending ".xz"
 * is decompressed on the fly by the xz command (Debian's xz-utils), as
 * Accel-Sim reads such traces. */
int  as_lines_open(as_lines_t *r, const char *path, const char **why);
/* The same check alone, for a file named now and read later: 0, or -1
 * with *why. */
int  as_file_readable(const char *path, const char **why);
void as_lines_close(as_lines_t *r);
/* gmc_lines_next, and at the end of an xz stream its exit status: 1 = a
 * line, 0 = the end, -1 = the error in d (a line too long, a NUL byte, a
 * read error, or "expected an xz stream that xz -dc decompresses, found xz
 * failing (exit N)" at the line after the last). */
int  as_lines_next(as_lines_t *r, const char **s, size_t *len, gmc_diag_t *d);

/* A token cursor over one line: tokens are split by blanks (space, tab, CR). */
typedef struct { const char *p, *e; } as_cur_t;

/* The next token (p, len); 0 at the end of the line. */
int  as_tok(as_cur_t *c, const char **t, size_t *len);
int  as_at_end(as_cur_t *c);            /* only blanks left */
/* The first control byte (not tab/CR) of a line, or -1: the trace formats
 * are text (the line reader has refused NUL bytes already). */
int  as_junk_byte(const char *s, size_t len, size_t *at);

/* ------------------------------------------------------------ opcodes */

enum { AS_OPF_GENERIC = 1,   /* generic LD/ST: SHMEM when the address is in the shared window */
       AS_OPF_EXIT = 2 };    /* EXIT/RET: GMC_OP_EXIT when it is the warp's last instruction */

typedef struct {
    uint8_t op;      /* gmc_op_t */
    uint8_t lat;     /* ALU latency: 0, the machine's for the unit class */
    uint8_t flags;   /* AS_OPF_* */
    uint8_t known;   /* 0: not in the table (ALU, lat 0) */
    uint8_t unit;    /* gmc_unit_t of an ALU class (GMC_UNIT_NONE otherwise) */
} as_opinfo_t;

/* The opcode's base name (up to the first '.') looked up in the table. */
as_opinfo_t as_opcode_lookup(const char *opcode, size_t len);
size_t      as_opcode_base_len(const char *opcode, size_t len);
int         as_opcode_table_sorted(void);   /* 1 when the table is in strcmp order */
/* Bytes per lane as Accel-Sim derives them from the opcode (clamped 1..16). */
unsigned    as_opcode_width(const char *opcode, size_t len);

/* ------------------------------------------------------------ the kernel */

/* How a record's lane addresses are kept. */
enum { AS_ADDR_NONE = 0,   /* no addresses (non-memory, shared, or no active lane) */
       AS_ADDR_STRIDE,     /* k-th active lane: base + k * (int32)aux */
       AS_ADDR_OFF32,      /* first active lane: base; the others: base + off32[aux + k - 1] */
       AS_ADDR_ABS64 };    /* first active lane: base; the others: abs64[aux + k - 1] */
#define AS_MODE_EXITCAND 0x80   /* parse-time only: an EXIT/RET, fixed up at the warp's end */

typedef struct {          /* one instruction, 32 bytes */
    uint64_t base;
    uint32_t pc, mask;
    uint32_t aux;         /* the stride (int32 bits) or a pool index */
    uint8_t  op, width, mode, lat;
    uint32_t regs;        /* its ndst + nsrc registers at regs[this] (destinations first) */
    uint8_t  ndst, nsrc, unit, pad_;
} as_rec_t;

typedef struct { uint32_t first, count; } as_warp_t;   /* a slice of recs */
typedef struct {          /* a thread block: linear CTA id, its warps at warps[warp0 ..] */
    uint32_t cta, warp0;
    uint64_t line;        /* of its 'thread block =' line (duplicate reports) */
} as_tb_t;

/* The unknown opcodes met in one file (merged into the stats on success). */
typedef struct {
    uint64_t lines, unknown_ops;
    unsigned n_names;
    struct { char name[32]; uint64_t count; } names[GMC_ACCELSIM_UNKNOWN_NAMES];
} as_fstats_t;

typedef struct {
    /* header */
    char     name[64];
    uint32_t grid[3], block[3], nregs, shmem;
    uint32_t nregs_traced;        /* the header's -nregs (nregs: at most GMC_ACCELSIM_MAX_NREGS) */
    unsigned version, has_version, lineinfo;
    unsigned implicit_exit;       /* "-gmc implicit exit = 1": each warp's last EXIT only ends it */
    uint64_t shmem_base, local_base;
    uint32_t wpc;                 /* warps per CTA */
    /* instructions */
    as_rec_t  *recs;  size_t nrec, caprec;
    int32_t   *off32; size_t noff32, capoff32;
    uint64_t  *abs64; size_t nabs64, capabs64;
    uint16_t  *regs;  size_t nregs_, capregs;   /* the records' registers (gmc_kernel.h numbers) */
    as_warp_t *warps; size_t nwarps, capwarps;
    as_tb_t   *tbs;   size_t ntb, captb;     /* sorted by cta after the parse */
} as_kernel_t;

void as_kernel_free(as_kernel_t *kd);

/* The per-line context the instruction parser needs. */
typedef struct {
    int      ids_front;        /* trace version < 3: "x y z warp" lead each line */
    int      lineinfo;         /* a decimal source line number leads the PC */
    int      trailing;         /* AS_TRAIL_* */
    uint32_t tb[3], warp;      /* the current thread block and warp */
    uint32_t lanes;            /* the lanes that exist in this warp */
    uint64_t shmem_lo, shmem_hi;   /* generic LD/ST in [lo, hi) -> SHMEM; lo == hi: no window */
} as_linectx_t;
enum { AS_TRAIL_NONE = 0,   /* versions < 5: nothing after the addresses */
       AS_TRAIL_ANY };      /* versions >= 5: the immediate, or none, and anything after it
                               are ignored, as Accel-Sim ignores them */

/* Parses one instruction line and appends its record to kd (pools too).
 * 0, or -1 with "expected ..., found ..." (no location) in msg. */
int as_inst_parse(const char *s, size_t len, const as_linectx_t *lc, as_kernel_t *kd,
                  as_fstats_t *fs, char *msg, size_t n);

/* Parses a whole .traceg into kd (zeroed by the caller).  0, or -1 with
 * "path:line: expected ..., found ..." in err; kd then holds whatever was
 * built and the caller frees it. */
int as_parse_file(const char *path, as_kernel_t *kd, as_fstats_t *fs, char *err, size_t n);

/* Grows *p (elements of size sz) to hold at least need; 0 or -1. */
int as_grow(void **p, size_t *cap, size_t need, size_t sz);

/* The kernel ops (gmc_accelsim_ops.c); impl is the as_kernel_t. */
extern const gmc_kernel_ops_t as_kernel_ops;

#endif
