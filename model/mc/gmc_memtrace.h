/* gmc_memtrace: memory-request trace readers for `gmc mem`.
 *
 * Three line formats (fields separated by blanks, a trailing CR accepted,
 * blank lines skipped, '#' starts a comment to the end of the line in all
 * three):
 *   gmc        <cycle> <R|W> <addr> [<sm> <warp> <pc>]
 *              cycle, sm, warp decimal; addr, pc hex (0x optional).
 *              sm/warp/pc name the load's warp (Warped-MC [ICPP'23]'s global warp id);
 *              all three or none.
 *   dramsim3   <addr> <READ|WRITE> <cycle>        (DRAMsim3 trace files)
 *              addr hex (0x optional), cycle decimal.
 *   ramulator  LD|ST <addr>                       (Ramulator 2 LoadStoreTrace;
 *                                                  addr 0x-hex or decimal)
 *              <addr> R|W                         (Ramulator DRAM trace; hex)
 *              No timing: each request is offered one cycle after the
 *              previous one entered the controller.
 * Keywords are case-insensitive.  Cycles are DRAM command-clock cycles,
 * below GMC_MEMTRACE_MAX_CYCLE, and must not decrease.  Errors are one
 * line "src:line: expected ..., found '...'".  Input is streamed through
 * util's line reader (lines up to GMC_MEMTRACE_MAX_LINE bytes; a NUL byte
 * is an error at its line), so traces of any length run in constant memory. */
#ifndef GMC_MEMTRACE_H
#define GMC_MEMTRACE_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "util/gmc_lines.h"
#ifdef __cplusplus
extern "C" {
#endif

typedef enum { GMC_MT_GMC = 0, GMC_MT_DRAMSIM3, GMC_MT_RAMULATOR, GMC_MT_NFMT } gmc_memtrace_fmt_t;

#define GMC_MEMTRACE_MAX_LINE  4096
#define GMC_MEMTRACE_MAX_CYCLE ((uint64_t)1 << 48)   /* cycles must stay below (no overflow) */

typedef struct {
    uint64_t cycle;          /* valid when has_time */
    uint64_t addr;
    uint64_t pc;
    uint32_t sm, warp;       /* valid (with pc) when has_warp */
    uint8_t  is_write, has_time, has_warp;
    uint32_t tag;            /* not read from the trace: free for the source,
                                gmc_memsys copies it into the request */
} gmc_memtrace_rec_t;

typedef struct {
    char               src[256];   /* name in messages */
    gmc_memtrace_fmt_t fmt;
    gmc_lines_t        lines;      /* the input (util/gmc_lines.h) */
    unsigned long      lineno;
    unsigned           width;      /* address bits allowed (default 64) */
    int                wrap;       /* mask wider addresses instead of failing */
    uint64_t           last_cycle;
    uint64_t           records;
} gmc_memtrace_t;

/* "gmc", "dramsim3", "ramulator" -> 0, else -1. */
int         gmc_memtrace_fmt_parse(const char *name, gmc_memtrace_fmt_t *f);
const char *gmc_memtrace_fmt_name(gmc_memtrace_fmt_t f);

/* Opens a file ("-" = standard input).  0, or -1 with "path: cannot open: why". */
int  gmc_memtrace_open(gmc_memtrace_t *t, const char *path, gmc_memtrace_fmt_t fmt,
                       char *err, size_t n);
/* Reads text[0..len) (not copied; keep it alive). */
void gmc_memtrace_open_mem(gmc_memtrace_t *t, const char *text, size_t len, const char *src,
                           gmc_memtrace_fmt_t fmt);
void gmc_memtrace_set_width(gmc_memtrace_t *t, unsigned width, int wrap);
/* 1 = a record, 0 = end of input, -1 = error (err = "src:line: ..."). */
int  gmc_memtrace_next(gmc_memtrace_t *t, gmc_memtrace_rec_t *r, char *err, size_t n);
void gmc_memtrace_close(gmc_memtrace_t *t);

/* One line without its '\n' (may hold NUL bytes).  1 = record, 0 = blank or
 * comment, -1 = error with "expected ..., found '...'" (no location).
 * at_eof only changes "end of line" into "end of file" in messages.  Does
 * not check width or cycle order. */
int  gmc_memtrace_parse_line(gmc_memtrace_fmt_t fmt, const char *s, size_t len, int at_eof,
                             gmc_memtrace_rec_t *r, char *err, size_t n);

/* Writes one record in the gmc format. */
int  gmc_memtrace_write(FILE *f, const gmc_memtrace_rec_t *r);

#ifdef __cplusplus
}
#endif
#endif
