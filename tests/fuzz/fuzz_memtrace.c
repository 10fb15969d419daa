/* libFuzzer harness for `gmc mem`: the three trace readers, then the
 * records through a whole memory system (controllers, schedulers, DRAM
 * engine) with assertions on.  Byte 0 picks the format, byte 1 the
 * scheduler, queue size and age cap; the rest is the trace text.
 * Run with `make fuzz-mem` (FUZZ_SECONDS, default 60). */
#include <assert.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mc/gmc_memsys_impl.h"

#define MAXREC 512

typedef struct { gmc_memtrace_rec_t r[MAXREC]; unsigned n, i; } arr_t;

static int arr_src(void *ctx, gmc_memtrace_rec_t *r, char *err, size_t n)
{
    arr_t *a = ctx;
    (void)err, (void)n;
    if (a->i == a->n)
        return 0;
    *r = a->r[a->i++];
    return 1;
}

/* Every line once more with a blank appended: that takes the general
 * parser instead of the fast path for plain gmc lines; both must agree. */
static void fast_path_agrees(gmc_memtrace_fmt_t fmt, const char *s, size_t len)
{
    static char line[GMC_MEMTRACE_MAX_LINE + 2];
    char e1[256], e2[256];
    for (size_t a = 0; a < len;) {
        const char *nl = memchr(s + a, '\n', len - a);
        size_t l = nl ? (size_t)(nl - (s + a)) : len - a;
        if (l <= GMC_MEMTRACE_MAX_LINE) {
            memcpy(line, s + a, l);
            line[l] = ' ';
            gmc_memtrace_rec_t r1, r2;
            int k1 = gmc_memtrace_parse_line(fmt, s + a, l, 0, &r1, e1, sizeof e1);
            int k2 = gmc_memtrace_parse_line(fmt, line, l + 1, 0, &r2, e2, sizeof e2);
            assert(k1 == k2);
            assert(k1 != 1 || (r1.cycle == r2.cycle && r1.addr == r2.addr && r1.pc == r2.pc &&
                               r1.sm == r2.sm && r1.warp == r2.warp && r1.is_write == r2.is_write &&
                               r1.has_time == r2.has_time && r1.has_warp == r2.has_warp));
        }
        a += l + 1;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static arr_t a;
    if (size < 2)
        return 0;
    gmc_memtrace_fmt_t fmt = (gmc_memtrace_fmt_t)(data[0] % GMC_MT_NFMT);
    unsigned knob = data[1];
    fast_path_agrees(fmt, (const char *)data + 2, size - 2);
    gmc_memtrace_t t;
    char err[512];
    gmc_memtrace_open_mem(&t, (const char *)data + 2, size - 2, "fuzz", fmt);
    gmc_memtrace_set_width(&t, 33, knob & 1);
    a.n = a.i = 0;
    int rc;
    while (a.n < MAXREC && (rc = gmc_memtrace_next(&t, &a.r[a.n], err, sizeof err)) == 1)
        a.n++;
    gmc_memtrace_close(&t);
    if (rc < 0) {   /* one line, with the source name */
        assert(strncmp(err, "fuzz:", 5) == 0 && !strchr(err, '\n'));
        return 0;
    }
    static gmc_memsys_cfg_t c;
    static int ready;
    char warn[1024] = "";
    if (!ready) {
        if (gmc_dram_cfg_preset("gddr6-rtx2060s", &c.dram, err, sizeof err, warn,
                                sizeof warn) < 0 ||
            gmc_addrmap_preset("gddr6-rtx2060s", &c.map))
            abort();
        c.dram.refresh = 1;   /* refresh in the mix: tREFI short enough to matter */
        c.dram.tRFC = 60;
        c.dram.tREFI = 900;
        ready = 1;
    }
    c.channels = 1 + ((knob >> 1) & 1);
    c.refresh = (knob >> 2) & 1;
    gmc_mc_cfg_defaults(&c.mc);
    c.mc.sched = gmc_sched_get(((knob >> 3) & 3));
    c.mc.rq = 1 + ((knob >> 5) & 3) * 5;
    c.mc.wq = 2 + ((knob >> 5) & 1);
    c.mc.wq_high = c.mc.wq;
    c.mc.wq_low = 1;
    c.mc.age_cap = (knob & 0x80) ? 50 : 0;
    gmc_memsys_t ms;
    if (gmc_memsys_init(&ms, &c, err, sizeof err))
        abort();
    if (gmc_memsys_run(&ms, arr_src, &a, err, sizeof err))
        abort();
    gmc_memsys_totals_t tot;
    gmc_memsys_totals(&ms, &tot);
    assert(tot.mc.reads + tot.mc.writes == a.n);
    assert(tot.mc.cls[0] + tot.mc.cls[1] + tot.mc.cls[2] == a.n);
    assert(ms.stats.lat[GMC_LAT_ALL].n == a.n);
    assert(tot.dram.data_busy <= tot.mc.pending_cycles);   /* efficiency <= 1 */
    gmc_memsys_free(&ms);
    return 0;
}
