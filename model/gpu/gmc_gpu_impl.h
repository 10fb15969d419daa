/* gmc_gpu internals: the state of SMs, L2 slices and the machine, shared
 * by gmc_sm.c, gmc_l2.c, gmc_gpu.c and gmc_gpu_report.c.  Not a public
 * header (callers use gmc_gpu.h). */
#ifndef GMC_GPU_IMPL_H
#define GMC_GPU_IMPL_H
#include <stddef.h>
#include "analysis/gmc_rowloc.h"
#include "gpu/gmc_cache.h"
#include "gpu/gmc_dispatch.h"
#include "gpu/gmc_gpu.h"
#include "gpu/gmc_icnt.h"
#include "gpu/gmc_wsched.h"
#include "mc/gmc_mem.h"

#define GMC_SM_MAX_WARPS 64

/* Whether sector sec of MSHR entry e has waiters in the SM's or slice's
 * pool (the bit their merge set in the entry's user word), clearing it:
 * a fill's question, asked before the fill may free the entry. */
static inline uint32_t gmc_waiters_take(gmc_cache_t *c, int e, unsigned sec)
{
    uint32_t *u = gmc_cache_mshr_user(c, (uint32_t)e);
    const uint32_t listed = *u >> sec & 1;
    *u &= ~(1u << sec);
    return listed;
}
#define GMC_LSU_CAP      64     /* line accesses waiting in an SM's load/store unit */
#define GMC_OUT_CAP      128    /* packets waiting to enter the request network, per SM */

/* One line access of a memory instruction, waiting in the load/store unit. */
typedef struct {
    uint64_t line;
    uint32_t sectors;
    uint8_t  warp;     /* slot */
    uint8_t  op;       /* GMC_OP_LD / ST / ATOM */
    uint16_t ld;       /* LD / ATOM: its load record (gmc_sm_t.ld) */
} gmc_lsu_acc_t;

enum { GMC_W_FREE = 0, GMC_W_READY, GMC_W_MEM, GMC_W_BAR, GMC_W_DONE };
/* GMC_W_MEM: the fetched instruction waits for one of the warp's loads (a
 * register it reads or writes, the load slots, or all of them at BAR, EXIT
 * or a GMC_DEPS_SERIAL instruction); each completing load re-checks it. */

/* What a warp keeps of its fetched instruction: gmc_inst_t without the 32
 * lane addresses.  The kernel writes those into one scratch instruction
 * per GPU (gmc_gpu_t.fetch_in) that the coalescer reads at once, so 1,024
 * warps do not each cycle 256 cold bytes through the host's caches. */
typedef struct {
    uint64_t pc;
    uint32_t mask;
    uint8_t  op, width;
    uint16_t lat;
} gmc_inst_head_t;

/* A warp's scoreboard: the registers with a write pending (GPGPU-Sim's
 * reg_table), each with the core cycle its value is written --
 * GMC_SB_LOAD for a load's destinations, until its data is back.  An
 * entry whose cycle has passed is free (the next write of the register,
 * or of another, takes it); a warp with GMC_SB_MAX pending writes waits
 * for one to end. */
#define GMC_SB_MAX  32
#define GMC_SB_LOAD UINT64_MAX

typedef struct {
    /* issue reads these first, together */
    _Alignas(64) uint8_t state;
    uint8_t           ended;       /* the stream ended: exit when next ready */
    uint8_t           nacc;        /* in's line accesses, coalesced at fetch (a memory
                                      instruction may wait many cycles for load/store-unit room) */
    uint8_t           deps;        /* in's GMC_DEPS_* */
    uint8_t           unit;        /* in's gmc_unit_t (its latency and initiation interval) */
    uint8_t           uclass;      /* the unit class it occupies (gmc_gpu_t.umap), 0: none */
    uint8_t           ndst, nsrc;  /* in's registers in reg[] (destinations first) */
    uint8_t           nld;         /* its loads and atomics in flight (load records) */
    uint8_t           sb_n;        /* scoreboard entries (some may have ended) */
    uint32_t          cta;         /* CTA slot on this SM */
    uint32_t          pending;     /* sectors (or atomics) its loads in flight still wait for */
    uint64_t          done_at;     /* every earlier instruction that is not a load is
                                      complete from this core cycle */
    gmc_inst_head_t   in;          /* the next instruction, fetched ahead (its lane
                                      addresses are consumed by the coalescer at fetch) */
    uint64_t          rmask;       /* bit r mod 64 for each register r of reg[] */
    uint16_t          reg[2 * GMC_INST_MAX_REGS];
    uint16_t          sb_reg[GMC_SB_MAX];
    uint64_t          sb_at[GMC_SB_MAX];
    gmc_warp_cursor_t cur;
    gmc_lsu_acc_t     acc[64];
} gmc_warp_t;

/* A load or atomic instruction in flight (GMC_OP_LD / ATOM with sectors):
 * its sectors' return, for the per-load statistics (load-warp time: issue
 * to its last sector; divergence: first to last off-chip return), and the
 * registers its data writes.  A per-SM pool of warps_per_sm x
 * loads_per_warp records; L1 waiters, L1 hits and packets (in their tag)
 * carry the record's index. */
typedef struct {
    uint64_t issue;
    uint64_t ret_min, ret_max;   /* core cycles: earliest/latest off-chip return */
    uint64_t mc_min, mc_max;     /* DRAM cycles: least/most time inside the controller */
    uint64_t chans;              /* channels its off-chip sectors came from (bit ch), up to
                                    64 channels; past that the SM's chset */
    uint64_t pc;
    uint32_t pending;            /* sectors (or the atomic) still to come */
    uint32_t offchip;
    uint32_t next;               /* free list */
    uint8_t  warp, is_atom, ndst;
    uint16_t dst[GMC_INST_MAX_REGS];
} gmc_ld_t;
#define GMC_LD_MAX 1024          /* records per SM: 64 warps x 16 (the tag's 10 bits) */
#define GMC_TAG_LD_SHIFT 17      /* a read's or atomic's packet tag: (L1 entry + 1) | ld << 17 */
#define GMC_TAG_ENTRY(t) ((t) & ((1u << GMC_TAG_LD_SHIFT) - 1))

typedef struct {
    uint32_t kcta;        /* the kernel's CTA id */
    uint32_t warps, live, at_bar;
    uint8_t  used;
} gmc_cta_slot_t;

/* A waiter on an L1 MSHR sector: its load record, next node (UINT32_MAX = end). */
typedef struct { uint32_t ld, next; } gmc_l1_waiter_t;

typedef struct { uint64_t ready; uint32_t ld, sectors; } gmc_l1_hit_t;

/* A kernel's thread batches (gmc_tbatch.c): the stride, whether the
 * profile chose it, and the 4 KB pages its CTAs touch by batch distance
 * (TEMP [JETC'19] Fig. 8: one batch, two consecutive, more). */
typedef struct {
    uint32_t stride;
    int      profiled;
    uint64_t pages, one, two, more;
} gmc_tbatch_t;
#define GMC_TBATCH_PAGE_BITS 12   /* TEMP sec. 3.1: "the page size is 4KB" */
int gmc_tbatch_profile(gmc_kernel_t *k, uint32_t max_stride, uint32_t stride, unsigned page_bits,
                       gmc_tbatch_t *out, char *err, size_t n);

/* gmc_color.c: TEMP's page coloring (temp_coloring; docs/thread-batching.md
 * "Page coloring").  init: g->color stays NULL when the key is 0.
 * translate (temp_coloring = 1): the line accesses of a memory instruction
 * SM sm fetched, from the workload's pages to physical pages allocated at
 * first touch in the SM's colors.  count: sectors SM sm sends for line,
 * local or remote by its bank's color. */
typedef struct gmc_color gmc_color_t;
typedef struct {
    unsigned        mode;
    uint32_t        colors, ch_colors;
    uint64_t        pages, fallbacks, local, remote;
    const uint64_t *by_color;   /* [colors] pages allocated in each */
} gmc_color_stats_t;
int      gmc_color_init(struct gmc_gpu *g, char *err, size_t n);
void     gmc_color_free(struct gmc_gpu *g);
void     gmc_color_translate(struct gmc_gpu *g, unsigned sm, gmc_lsu_acc_t *acc, unsigned n);
void     gmc_color_count(struct gmc_gpu *g, unsigned sm, uint64_t line, uint32_t sectors);
uint32_t gmc_color_of(const gmc_color_t *c, uint32_t channel, uint32_t bank);
void     gmc_color_stats(const struct gmc_gpu *g, gmc_color_stats_t *s);

typedef struct gmc_sm {
    /* hot: what every cycle of the SM reads, together (a few cache lines;
     * the arrays below are large) */
    unsigned        id;
    unsigned        lsu_head, lsu_n;
    unsigned        hitq_mask, hitq_head, hitq_n;
    unsigned        out_head, out_n;
    unsigned        nwarps_used, nctas, threads, regs, smem;
    uint64_t        ready;        /* warps that may issue now (state READY, ready_at <= now) */
    uint64_t        sleeping;     /* READY warps with ready_at > now */
    uint64_t        wake_min;     /* min ready_at over sleeping */
    gmc_l1_hit_t   *hitq;         /* L1 hits in flight (constant latency: a FIFO) */
    gmc_cache_t    *l1;
    uint8_t         stuck;        /* the last cycle issued nothing and its unit's head waited
                                     (written every cycle: here, not with the cold fields) */
    uint8_t         need[GMC_SM_MAX_WARPS];   /* load/store-unit entries the warp's next
                                                 instruction needs (0: not a memory access) --
                                                 a copy of w[i].nacc */
    /* The warps by need, so that a unit short of room filters its
     * candidates with a few mask operations, not a pass over the ready
     * warps (with 64 warps mostly waiting to load, a unit is short of room
     * most cycles, and that pass would visit most warps each time): bit
     * v - 1 of need_vals is set when need_mask[v - 1], the warps with
     * need v, is not empty.  A warp that exited keeps its bit:
     * candidates come from `ready`, and the slot's next warp replaces
     * it. */
    uint64_t        need_vals;
    uint64_t        need_mask[64];   /* need 1..GMC_COALESCE_MAX (<= 64) */
    /* The warps by the unit class their fetched instruction occupies, as
     * need_mask: a scheduler whose units of class c are busy drops
     * umask[c] from its candidates (bit c of uvals: umask[c] not empty) */
    uint64_t        uvals;
    uint64_t        umask[GMC_UNIT_N];
    uint64_t        unit_wake;    /* the last cycle: the first unit free again among those that
                                     held every candidate back (next_at's, when stuck) */
    gmc_wsched_t    ws[8];        /* the warp schedulers (slots: the warps each owns) */
    unsigned        ws_live;      /* ws[0 .. ws_live) were initialized (their free is due) */
    gmc_wsched_view_t view;       /* what the schedulers read of the warps (gmc_wsched.h) */
    uint64_t        ready_at[GMC_SM_MAX_WARPS];   /* per warp: core cycle from which it may issue */
    uint64_t        age[GMC_SM_MAX_WARPS];        /* per warp: launch order (GTO's "oldest") */
    /* L1 MSHR waiters: head per (entry, sector), a pool of nodes */
    uint32_t       *wait_head;    /* [mshr_entries * 4] */
    /* [mshr_entries * 4]: the core cycle (mod 2^32) each sector's read
     * request was made, for the memory latency (gmc_gpu_t.mf) */
    uint32_t       *mf_at;
    gmc_l1_waiter_t *pool;
    uint32_t        pool_free;    /* freed nodes, UINT32_MAX = none; then the nodes from
                                     pool_fresh on, never used: a pool sized for the worst
                                     case touches (and the OS maps) only what a run needs */
    uint32_t        pool_fresh;
    unsigned        pool_n;
    uint64_t        lsu_stall;    /* retries of a waiting head access (MSHR or out full; a stuck
                                     SM is not stepped, so not one per cycle) */
    /* load/store unit */
    gmc_lsu_acc_t   lsu[GMC_LSU_CAP];
    gmc_pkt_t       out[GMC_OUT_CAP];
    gmc_cta_slot_t  cta[64];
    /* With more than 64 channels, each load record's channels as a bit
     * set of chan_words words (record i at i * chan_words); NULL otherwise. */
    uint64_t       *chset;
    /* the load records: free list (UINT32_MAX: empty), then never used */
    gmc_ld_t       *ld;
    uint32_t        ld_free, ld_fresh;
    /* Functional units: per group (a scheduler with sub_core_model, else
     * the SM: group 0) and class, ucnt[g][c] units whose next-free core
     * cycles are ufree[uoff[g][c] ..], the earliest of them umin[g][c]. */
    uint64_t       *ufree;
    uint64_t        umin[8][GMC_UNIT_N];
    uint16_t        uoff[8][GMC_UNIT_N];
    uint8_t         ucnt[8][GMC_UNIT_N];
    /* [gmc_cache_slots(l1)]: the warp slot whose load allocated each L1
     * line, for a scheduler with the l1 hook (gmc_wsched.h); NULL without */
    uint8_t        *l1_owner;
    gmc_warp_t      w[GMC_SM_MAX_WARPS];
} gmc_sm_t;

/* A request in an L2 slice's input pipeline: what the lookup needs of its
 * packet (32 bytes, two to a host line, not 64: a slice's pipeline holds
 * up to l2_lat of them and is swept in a ring, and each entry is written
 * when it arrives and read l2_lat cycles later, cold: its size is host
 * cache misses). */
typedef struct {
    uint64_t ready;       /* L2 cycle it reaches the tag lookup */
    uint64_t addr, pc;
    uint32_t tag : 28;    /* the request's tag (L1 MSHR entry + 1 and load record: 27 bits) */
    uint32_t kind : 4;    /* gmc_pkt_kind_t */
    uint16_t sm, warp;
} gmc_l2_delay_t;

/* An L2 slice's waiter on a sector: who gets the reply. */
typedef struct {
    uint64_t pc;
    uint32_t next;
    uint32_t tag;         /* the request's tag (its L1 MSHR entry + 1), back in the reply */
    uint16_t sm, warp;    /* as in the packet */
    uint8_t  atom;
} gmc_l2_waiter_t;        /* 24 bytes */

/* Laid out for the host's cache: a slice's cycle reads its first host
 * line (the input pipeline, the reply ring, the hold-ups) and, with
 * requests for the memory system, its second; the array is 64-byte
 * aligned (gmc_gpu_new).  The decoded head (72 bytes, read only when dq
 * has a request) comes last: in the middle it had pushed stuck_lim and
 * dq_blocked, written every cycle, onto a fourth and fifth line. */
typedef struct {
    /* line 0: every cycle */
    _Alignas(64) uint64_t pipe_ready;  /* the head's ready cycle, UINT64_MAX if empty (read
                                          every cycle: kept here, not in the ring's cold entry) */
    gmc_l2_delay_t  *pipe;        /* the input pipeline: requests ready for lookup after l2_lat */
    unsigned         pipe_mask, pipe_head, pipe_n;
    unsigned         id;
    /* rep and dq are rings allocated for their bound (rep_mask + 1, dq_max)
     * but wrapping at wrap + 1 entries, doubled when full: the memory they
     * sweep is what they hold at most so far, not the bound (cache-friendly) */
    gmc_pkt_t       *rep;         /* replies waiting for the reply network */
    unsigned         rep_mask, rep_wrap, rep_head, rep_n;
    /* Not stepped while held up by the memory system (a step would change
     * nothing).  dq_blocked: dq's head was refused (its queue full); the
     * slice waits for the memory system's room event (gmc_gpu's l2_wait).
     * stuck_lim >= 0:
     * this cycle's lookup left a ready head for want of room in dq, which
     * it has once dq_n < stuck_lim. */
    uint16_t         dq_blocked;
    uint16_t         head_miss;   /* the head is a read or write whose sector missed, and the tags
                                     have not changed since (a fill clears it): a head
                                     held back by back-pressure skips the tag lookup */
    int              stuck_lim;
    /* line 1: a miss, a request for the memory system, a completion */
    gmc_mem_req_t   *dq;          /* requests waiting for the memory system */
    unsigned         dq_max, dq_wrap, dq_head, dq_n, dq_cap;
    int              dq_p_ok;     /* dq_p holds dq's head decoded */
    gmc_cache_t     *c;
    uint32_t        *wait_head;   /* [mshr * sectors], UINT32_MAX = none */
    gmc_l2_waiter_t *pool;
    uint32_t         pool_used;   /* waiters, each a reply to come: the merged ones in pool, a
                                     sector's first in its DRAM request's tag (gmc_l2.c) */
    uint32_t         pool_free, pool_fresh, pool_n;   /* free list (UINT32_MAX: empty), then
                                                          nodes never used (as gmc_sm_t's) */
    unsigned         ch;          /* its channel: every request of its dq goes there */
    gmc_mem_prepared_t dq_p;      /* the head of dq decoded (gmc_memsys_prepare), if dq_p_ok:
                                     a full controller queue costs a retry, not a decode */
    uint64_t        *dq_at;       /* with dram_latency: per dq entry, the L2 cycle it may go
                                     (the same ring indices as dq); NULL without */
} gmc_l2_t;

/* Samples for the distributions (grown as needed). */
typedef struct { uint32_t *v; size_t n, cap; } gmc_samples_t;

/* gmc_gpu_hybrid.c: the machine's hybrid memory (hybrid_dram not none)
 * into *hc (its device, channels, placement; mc1 the second memory's
 * controller, from cfg->mc) and the whole system's map into *map (unless
 * cfg->map is given), for memory 0 = d0 on n0 channels.  1 (set), 0 (no
 * hybrid memory) or -1 with err. */
int gmc_gpu_hybrid_cfg(const gmc_gpu_cfg_t *cfg, const gmc_dram_cfg_t *d0, unsigned n0,
                       gmc_hybrid_cfg_t *hc, gmc_mc_cfg_t *mc1, gmc_addrmap_t *map, char *err,
                       size_t n);

struct gmc_gpu {
    gmc_gpu_cfg_t    cfg;
    gmc_machine_t   *m;           /* = &cfg.machine */
    unsigned         nsm, nslice, nch, spc;   /* spc: slices per channel */
    unsigned         spc_shift;               /* log2(spc): a slice's channel is slice >> spc_shift */
    gmc_sm_t        *sm;
    gmc_l2_t        *l2;
    gmc_icnt_t      *req_net, *rep_net;
    const gmc_icnt_topo_t *topo;   /* theirs */
    uint64_t         icnt_wd;      /* icnt_watchdog, UINT64_MAX for 0 (off) */
    gmc_memsys_t    *ms;
    uint64_t         amask;       /* the memory system's address width (gmc_mem_geometry_t) */
    /* Every byte of a 128 B line is in the same slice (the channel runs
     * start at bit 7 or above; the sub-slice hash reads the line): an
     * access's sectors share one slice lookup. */
    int              slice_by_line;
    /* ... the same slice, DRAM bank and row, with a BIM too (the memory
     * system's row_mask has none of a line's offset bits): one slice
     * lookup and one decode per line access (gmc_sm.c line_slice,
     * pre_icnt_line) */
    int              row_by_line;
    /* The memory system's bank_row_mask: when not 0, a request's bank and
     * row are these bits of its address, the key of its run (row locality
     * before and after the network) without a decode */
    uint64_t         br_mask;
    const gmc_wsched_ops_t *wsched;
    gmc_dispatch_t   disp;        /* CTA dispatch (gmc_dispatch.h): its ops and state */
    int              disp_live;   /* disp's init succeeded (its free is due) */
    uint64_t         next_progress;        /* core cycle of the next cfg.progress call */
    /* time: picoseconds; per domain its period and next edge */
    uint64_t         ps_core, ps_icnt, ps_l2, ps_dram;
    uint64_t         t_core, t_icnt, t_l2, t_dram;     /* next edges */
    uint64_t         core_cyc, icnt_cyc, l2_cyc, dram_cyc;   /* cycles done */
    /* the running kernel */
    gmc_kernel_t    *k;
    /* next_cta: the next CTA id to hand out (gmc_dispatch_take); launched:
     * CTAs started on an SM; dispatch runs while launched < ctas_total */
    uint32_t         next_cta, ctas_launched, ctas_done, ctas_total;
    /* thread batches (gmc_tbatch.c): batching = a mechanism reads them
     * (cta_dispatch = serial, warp_sched = tbas); batch_stride = the running
     * kernel's CTAs per batch (1 without); tb = its formation's report */
    int              batching;
    uint32_t         batch_stride;
    gmc_tbatch_t     tb;
    gmc_color_t     *color;       /* page coloring (gmc_color.c), NULL when temp_coloring = 0 */
    uint64_t         age;
    char            *err;
    size_t           errn;
    int              failed;
    uint64_t         progress_at;  /* core cycle of the last issue or memory event */
    uint64_t         launch_at;    /* core cycle the running kernel may dispatch its first CTA
                                      (kernel_launch_latency after its start) */
    uint64_t         dram_lat_l2;  /* dram_latency in L2 cycles (rounded up) */
    /* the functional units, per gmc_unit_t class: the class whose units it
     * occupies (int -> sp, dp -> sfu when they have none; 0: not limited),
     * its latency and initiation interval (the machine's keys) */
    uint8_t          umap[GMC_UNIT_N];
    uint16_t         ulat[GMC_UNIT_N], uii[GMC_UNIT_N];
    uint64_t         run_start;    /* core cycle the running kernel started */
    /* The skip-ahead contract (docs/architecture.md "Skipping idle time";
     * gmc_gpu.c's edges and jump are its one reader).  Each component's
     * next event, in its own clock's cycles: the first cycle at which a
     * step could change anything without new input; UINT64_MAX: only input
     * can.  A component is stepped at its next event or when input wakes
     * it, and answering "the next cycle" is always correct, only slower.
     *   sm_next[i]  SM i.  Woken by a reply its network holds for it from
     *               rep_net->dst_at[i] on, and, while sm_wait[i] (stuck with
     *               packets the request network refused: 1 + the VC its head
     *               needs, gmc_icnt_vc_for, GMC_ICNT_VC_ANY under DVCA), by
     *               room there (gmc_icnt_can_send_on).
     *   l2_next[i]  slice i.  Woken by a request from req_net->dst_at[i]
     *               on unless l2_shut[i] (its input pipeline is full: a
     *               packet is no reason to step it), and set to 0 by the
     *               memory system's completions (gmc_l2_mem_done) and its
     *               room events of its channel's queues while it waits
     *               (l2_wait[i]: its dq head was refused; gmc_l2_mem_room).
     * The networks' next event is now while a packet is in them (in_net),
     * never otherwise; the dispatcher's and the memory system's are their
     * next_event calls. */
    uint64_t        *sm_next, *l2_next;
    uint8_t         *sm_wait;
    uint8_t         *l2_shut;
    uint8_t         *l2_wait;
    unsigned         step;        /* GMC_GPU_STEP_*: the components stepped every edge
                                     (cfg.step_every, every_edge, every_cycle) */
    uint64_t         jumps, jumped_ps;   /* idle stretches skipped whole (not reported) */
    uint64_t         l2_waits;    /* times a slice began to wait for controller room (not reported) */
    uint64_t         sm_stucks;   /* SM steps that left it stuck (gmc_sm_t; not reported) */
    /* statistics */
    gmc_gpu_stats_t  st;
    /* Row locality (Yuan et al. [MICRO'09] Figs. 1, 6) of the requests
     * entering the request network, stream sm x nslice + slice, and of
     * those leaving it, stream slice (the packets' loc) */
    gmc_rowloc_t     rl_pre, rl_post;
    /* Memory latency (GPGPU-Sim's averagemflatency): per read request,
     * core cycles from its making at the L1 miss to its reply leaving the
     * reply network, over the off-chip ones (served by DRAM) */
    struct { uint64_t n, sum; } mf;
    gmc_inst_t       fetch_in;    /* the kernel's output at a fetch (gmc_inst_head_t) */
    gmc_samples_t    s_time, s_div, s_inmc;
    uint64_t        *chan_hist;   /* [nch + 1]: loads of s_div by channels their DRAM sectors came from */
    unsigned         chan_words;  /* words of a load's channel set: 1 (ld_chans) up to 64 channels */
    uint64_t         sum_div, sum_inmc;
    uint64_t         l1_merged, l1_sent, l2_merged, l2_sent, wb_sectors;
    uint64_t         atoms;
    /* l2_slice_bank: the slice within a channel is the decoded bank's low
     * bits, each XOR the parity of ipoly_feed[j] & (address >> ipoly_h_at)
     * for j < ipoly_bits (GPGPU-Sim's IPoly sub-partition; 0 bits: none) */
    int              slice_bank;
    unsigned         ipoly_bits, ipoly_h_at;
    uint64_t         ipoly_feed[6];
    struct gmc_gpu_check *chk;    /* the data check (gmc_gpu_check.c), NULL when off */
};

/* gmc_sm.c */
int  gmc_sm_init(gmc_gpu_t *g, gmc_sm_t *s, unsigned id, char *err, size_t n);
void gmc_sm_free(const gmc_gpu_t *g, gmc_sm_t *s);
int  gmc_sm_fits(const gmc_gpu_t *g, const gmc_sm_t *s, const gmc_kernel_t *k);
/* A CTA's registers and shared memory within an empty SM's (what
 * ignore_limits may waive; warp and thread slots are never waived). */
int  gmc_sm_within_limits(const gmc_machine_t *m, const gmc_kernel_t *k);
void gmc_sm_launch(gmc_gpu_t *g, gmc_sm_t *s, uint32_t kcta);
void gmc_sm_cycle(gmc_gpu_t *g, gmc_sm_t *s);
int  gmc_sm_busy(const gmc_sm_t *s);   /* warps resident or traffic pending */
/* gmc_sm_sb.c: the scoreboard and the functional units.  gmc_sb_wait: the
 * core cycle from which w's fetched instruction's dependences let it issue
 * (it may be before now), or GMC_SB_LOAD while it waits for a load to
 * complete.  gmc_sb_issue: its destinations are pending until `at`.
 * gmc_sb_release: load l's destinations are written at `at`. */
uint64_t gmc_sb_wait(const gmc_gpu_t *g, gmc_warp_t *w, uint64_t now);
void gmc_sb_issue(gmc_warp_t *w, uint64_t now, uint64_t at);
void gmc_sb_release(gmc_warp_t *w, const gmc_ld_t *l, uint64_t at);
int  gmc_units_init(const gmc_gpu_t *g, gmc_sm_t *s);   /* 0 or -1 (out of memory) */
/* Takes a unit of gmc_unit_t `unit`'s class (gmc_gpu_t.umap, not 0) in
 * group `group` free at now for its initiation interval: 1, or 0 if none
 * is free. */
int  gmc_unit_take(const gmc_gpu_t *g, gmc_sm_t *s, unsigned group, unsigned unit, uint64_t now);
/* gmc_l2.c */
int  gmc_l2_init(gmc_gpu_t *g, gmc_l2_t *l, unsigned id, char *err, size_t n);
void gmc_l2_free(gmc_l2_t *l);
void gmc_l2_cycle(gmc_gpu_t *g, gmc_l2_t *l);
int  gmc_l2_busy(const gmc_l2_t *l);
void gmc_l2_mem_done(void *ctx, const gmc_mem_done_t *d);
void gmc_l2_mem_room(void *ctx, unsigned channel, int is_write);
unsigned gmc_gpu_slice_of(const gmc_gpu_t *g, uint64_t addr);
/* gmc_gpu_check.c: the data check, called where g->chk is set.  write: a
 * write performed at the L2 (around: it went around a fetch to DRAM),
 * its version; hit: a read hit; miss: a read miss (sent: its sector's
 * fetch went out); fill: a read's data came back, the version the L2's
 * copy now holds; waiter: a read that takes a fill's data; l2v: the
 * version of the L2's copy (a write-back's). */
typedef struct gmc_gpu_check gmc_gpu_check_state_t;
int      gmc_gpu_check_init(gmc_gpu_t *g, char *err, size_t n);
void     gmc_gpu_check_free(gmc_gpu_t *g);
uint64_t gmc_gpu_check_write(gmc_gpu_t *g, uint64_t addr, int around);
void     gmc_gpu_check_hit(gmc_gpu_t *g, uint64_t addr, int atom);
void     gmc_gpu_check_miss(gmc_gpu_t *g, uint64_t addr, int sent);
uint64_t gmc_gpu_check_fill(gmc_gpu_t *g, const gmc_mem_done_t *d);
void     gmc_gpu_check_waiter(gmc_gpu_t *g, uint64_t addr, uint64_t got, int atom);
uint64_t gmc_gpu_check_l2v(const gmc_gpu_t *g, uint64_t addr);
/* gmc_gpu.c */
void gmc_gpu_sample(gmc_samples_t *s, uint64_t v);
/* gmc_dispatch.c: d serves g with ops (the fields the inline calls read) */
void gmc_dispatch_bind(gmc_dispatch_t *d, gmc_gpu_t *g, const gmc_dispatch_ops_t *ops);
/* gmc_gpu_report.c: nearest-rank distributions of samples (sorted in
 * place), and of a histogram h[0..nv) of small values (h[v] samples of
 * value v; the same numbers, no sort). */
void gmc_gpu_dist(gmc_samples_t *s, gmc_dist_t *d);
void gmc_gpu_hist_dist(const uint64_t *h, unsigned nv, gmc_dist_t *d);
void gmc_gpu_fail(gmc_gpu_t *g, const char *fmt, ...);
/* the memory system's clock, caught up to the DRAM edge in progress */
void gmc_gpu_mem_sync(gmc_gpu_t *g);
/* gmc_coalesce.c: the line accesses of a warp's LD/ST (one per 128 B line
 * touched, sector mask of the bytes used), in order of first lane; out
 * holds GMC_COALESCE_MAX. */
#define GMC_COALESCE_MAX 64
_Static_assert(GMC_COALESCE_MAX <= 64, "gmc_sm_t need_vals has a bit per need 1..GMC_COALESCE_MAX");
unsigned gmc_coalesce(const gmc_inst_t *in, gmc_lsu_acc_t *out);
/* The same, always lane by lane (the reference for gmc_coalesce's
 * unit-stride shortcut). */
unsigned gmc_coalesce_lanes(const gmc_inst_t *in, gmc_lsu_acc_t *out);

#endif
