/* gmc_pcmwq: the write queue of a phase-change-memory controller,
 * bit-accurate twin of rtl/gmc_pcmwq.sv.
 *
 * N entries of {address, data version}, kept in arrival order (a circular
 * FIFO: a head pointer and a count; entry k of the queue is slot
 * (head + k) mod N and a slot is valid when it is one of the first count).
 * Every rule, with the cycle it acts in; all outputs are combinational from
 * the state q (before this cycle's update) and this cycle's inputs:
 *
 *  W1 write: wr_valid offers (wr_addr, wr_ver).  If a queued entry has
 *     wr_addr, the write COALESCES: that entry's version becomes wr_ver, it
 *     keeps its place in the order, no entry is added (wr_acc = wr_coal =
 *     1, even when the queue is full).  Else, if fewer than N entries are
 *     queued, it is appended as the newest entry (wr_acc = 1).  Else the
 *     queue is full: wr_acc = 0 and nothing changes -- back-pressure, the
 *     requester offers it again; a write is never dropped.  A slot freed in
 *     this cycle is free from the next one.  So no two queued entries have
 *     the same address.
 *  W2 read: rd_valid asks for rd_addr.  rd_hit = a queued entry has it;
 *     rd_ver = that entry's version (the newest accepted write to rd_addr,
 *     by W1), 0 without a hit.  A read sees the queue before this cycle's
 *     write (a write and a read in the same cycle: the read first).
 *  W3 drain order: oldest first.  The drain candidate is the head entry
 *     (the oldest: coalescing does not move an entry).  drq asks the device
 *     to write it (drq_addr, drq_ver; 0 when drq = 0); the device takes it
 *     when dev_rdy = 1 in the same cycle (a START; the entry stays queued,
 *     and keeps answering reads, until its write completes).  One drained
 *     write is at the device at a time.
 *  W4 reads first, and the watermarks.  "A read needs the device" (rdev)
 *     = a read waits for it (dev_idle = 0) or this cycle's read misses the
 *     queue.  Drain mode (dmode): entered when the occupancy is at least
 *     HIGH_WM, left when it is at most LOW_WM (hysteresis: dmode = dmode_q
 *     ? occ > LOW_WM : occ >= HIGH_WM, on this cycle's occupancy).
 *     drq = the queue is not empty, no drained write is running at the
 *     device, and (dmode or no read needs the device): outside drain mode a
 *     write drains only when the device is otherwise idle; in drain mode
 *     writes drain whatever the reads.
 *  W5 completion: done = 1 while a drained write runs (busy = 1) says it
 *     completed at the device.  Its entry leaves the queue, unless a write
 *     to its address coalesced into it in the cycle the drain started or
 *     after (the device then holds an older version): the entry stays, as
 *     the oldest, and drains again.  done is ignored when busy = 0.
 *  W6 interruption (INTR_MODE, Qureshi et al. [HPCA'10]; NVMain's
 *     WritePausing): the running write is interrupted (intr = 1) when a
 *     read needs the device, the device allows it this cycle (intr_ok: at a
 *     write-iteration boundary, for the read's bank, not forced), done = 0,
 *     the queue is not in drain mode (a watermark drain is the writes'
 *     turn), and fewer than MAX_INTR interruptions of this entry's drain
 *     happened since its last completion (0 = no limit: NVMain's
 *     MaxCancellations makes such a write "forced").
 *       NONE (0)    no interruption: the write runs to done.
 *       CANCEL (1)  the device abandons the write; the entry stays queued
 *                   as the oldest and drains again from the start (drq with
 *                   drq_resume = 0, the entry's current version).
 *       PAUSE (2)   the device keeps the write's progress; the write waits
 *                   (busy = 0) and is the drain candidate: drq with
 *                   drq_resume = 1 when W4 allows, and dev_rdy resumes it
 *                   (the device goes on with the data it has; drq_ver shows
 *                   the entry's version, the newer one if W5's coalescing
 *                   happened, which then drains again after done).
 *  W7 outputs for the controller: busy (a drained write is running at the
 *     device: started or resumed, not completed, cancelled or paused),
 *     occ (entries queued), dmode.  gmc_pcmwq_tally counts the events the
 *     controller reports from the ports alone.
 * Reset is asynchronous, active low: while rst_n = 0 the control state
 * (head, count, flags, counter) reads as 0 in the same cycle and does not
 * change; the entries' address and version bits have no reset (a slot is
 * read only while valid) and are written as the RTL writes them.
 * docs/blocks/gmc_pcmwq.md gives every rule with its reason. */
#ifndef GMC_PCMWQ_H
#define GMC_PCMWQ_H
#include <stddef.h>
#include <stdint.h>
#include "gmc_observe.h"
#ifdef __cplusplus
extern "C" {
#endif

#define GMC_PCMWQ_N_MAX    64    /* ENTRIES */
#define GMC_PCMWQ_A_MAX    48    /* ADDR_BITS */
#define GMC_PCMWQ_V_MAX    32    /* VER_BITS */
#define GMC_PCMWQ_K_MAX    255   /* MAX_INTR */

enum { GMC_PCMWQ_NONE = 0, GMC_PCMWQ_CANCEL = 1, GMC_PCMWQ_PAUSE = 2 };

typedef struct {            /* RTL parameters */
    unsigned n;             /* ENTRIES (Entries): 1..64 */
    unsigned aw;            /* ADDR_BITS (AddrBits): 1..48 */
    unsigned vw;            /* VER_BITS (VerBits): 1..32 */
    unsigned high;          /* HIGH_WM (HighWm): 1..ENTRIES */
    unsigned low;           /* LOW_WM (LowWm): 0..HIGH_WM-1 */
    unsigned mode;          /* INTR_MODE (IntrMode): GMC_PCMWQ_NONE, _CANCEL, _PAUSE */
    unsigned kmax;          /* MAX_INTR (MaxIntr): 0..255, 0 = no limit */
    /* Derived at init, not parameters. */
    unsigned hw;            /* head pointer bits: clog2(n) */
    unsigned ow;            /* occupancy bits: clog2(n + 1) */
    unsigned kw;            /* interruption counter bits: clog2(kmax + 1) with a mode and a limit, else 0 */
    unsigned hyst;          /* 1: LOW_WM + 1 < HIGH_WM, the drain-mode flop is needed */
    uint64_t amask;         /* the ADDR_BITS low bits */
    uint32_t vmask;         /* the VER_BITS low bits */
} gmc_pcmwq_cfg_t;

typedef struct {
    uint8_t  rst_n;         /* rst_ni */
    uint8_t  wr_valid;      /* wr_valid_i: a write is offered */
    uint64_t wr_addr;       /* wr_addr_i [A-1:0] */
    uint32_t wr_ver;        /* wr_ver_i [V-1:0]: its data version */
    uint8_t  rd_valid;      /* rd_valid_i: a read asks the queue */
    uint64_t rd_addr;       /* rd_addr_i [A-1:0] */
    uint8_t  dev_rdy;       /* dev_rdy_i: the device takes a drained write (start or resume) now */
    uint8_t  dev_idle;      /* dev_idle_i: no read waits for the device */
    uint8_t  intr_ok;       /* intr_ok_i: the running write may be interrupted now */
    uint8_t  done;          /* done_i: the running write completed at the device */
} gmc_pcmwq_in_t;

typedef struct {
    uint8_t  wr_acc;        /* wr_acc_o: the write is accepted (W1) */
    uint8_t  wr_coal;       /* wr_coal_o: ... by coalescing */
    uint8_t  rd_hit;        /* rd_hit_o: the read is answered from the queue (W2) */
    uint32_t rd_ver;        /* rd_ver_o [V-1:0]: with the newest queued version */
    uint8_t  drq;           /* drq_o: drain request (W3, W4) */
    uint8_t  drq_resume;    /* drq_resume_o: it resumes a paused write (W6) */
    uint64_t drq_addr;      /* drq_addr_o [A-1:0] */
    uint32_t drq_ver;       /* drq_ver_o [V-1:0] */
    uint8_t  busy;          /* busy_o: a drained write runs at the device */
    uint8_t  intr;          /* intr_o: it is interrupted (cancelled or paused, W6) */
    uint8_t  occ;           /* occ_o [OW-1:0]: entries queued */
    uint8_t  dmode;         /* dmode_o: drain mode (W4) */
} gmc_pcmwq_out_t;

/* Flops only.  Slots past ENTRIES stay 0. */
typedef struct {
    uint64_t addr_q[GMC_PCMWQ_N_MAX];   /* slot addresses (ADDR_BITS each) */
    uint32_t ver_q[GMC_PCMWQ_N_MAX];    /* slot versions (VER_BITS each) */
    uint8_t  head_q;        /* slot of the oldest entry (HW bits) */
    uint8_t  cnt_q;         /* entries queued (OW bits) */
    uint8_t  busy_q;        /* a drained write is at the device (running or paused) */
    uint8_t  paused_q;      /* ... paused (INTR_MODE = PAUSE only) */
    uint8_t  redo_q;        /* the head was written since its drain started (W5) */
    uint8_t  dmode_q;       /* last cycle's drain mode (when hyst) */
    uint8_t  icnt_q;        /* interruptions of the head's drain (KW bits) */
} gmc_pcmwq_state_t;

/* Checks the parameters and the derived fields. */
int  gmc_pcmwq_cfg_check(const gmc_pcmwq_cfg_t *c, char *err, size_t n);
/* Fills c from the parameters (derived fields too); cfg_check's verdict. */
int  gmc_pcmwq_cfg_init(gmc_pcmwq_cfg_t *c, unsigned entries, unsigned addr_bits, unsigned ver_bits,
                        unsigned high, unsigned low, unsigned mode, unsigned kmax, char *err, size_t n);
void gmc_pcmwq_reset(const gmc_pcmwq_cfg_t *c, gmc_pcmwq_state_t *q);
/* One clock cycle: outputs from (q, in), next state into d.  Pure: no
 * allocation, no I/O.  d may alias q (the intended call); if d != q, d
 * must already equal q (only what changes is written).  O(occupancy). */
void gmc_pcmwq_step(const gmc_pcmwq_cfg_t *c, const gmc_pcmwq_state_t *q, const gmc_pcmwq_in_t *in,
                    gmc_pcmwq_state_t *d, gmc_pcmwq_out_t *out);

/* The flops of rtl/gmc_pcmwq.sv, which Yosys's count must equal: the
 * entries N*(ADDR_BITS + VER_BITS), head clog2(N), count clog2(N+1), busy
 * and redo, paused (PAUSE), the drain-mode flop (LOW_WM + 1 < HIGH_WM)
 * and the interruption counter (KW). */
unsigned gmc_pcmwq_state_bits(const gmc_pcmwq_cfg_t *c);
/* Of which the entries' bits (the rest is control). */
unsigned gmc_pcmwq_entry_bits(const gmc_pcmwq_cfg_t *c);

/* What the controller counts, from one cycle's ports (gmc_pcmwq_tally). */
typedef struct {
    uint64_t cycles;        /* cycles tallied (out of reset) */
    uint64_t writes;        /* write offers (a refused write offered again counts again) */
    uint64_t accepted;      /* writes accepted */
    uint64_t coalesced;     /* ... of which coalesced into a queued entry */
    uint64_t refused;       /* offers refused: the queue was full (back-pressure) */
    uint64_t reads;         /* reads asked */
    uint64_t hits;          /* ... answered from the queue */
    uint64_t starts;        /* drained writes started at the device */
    uint64_t resumes;       /* paused writes resumed */
    uint64_t completions;   /* drained writes completed (done while busy) */
    uint64_t interrupts;    /* running writes cancelled (CANCEL) or paused (PAUSE) */
    uint64_t full_cycles;   /* cycles with N entries queued */
    uint64_t drain_cycles;  /* cycles in drain mode */
} gmc_pcmwq_stats_t;

/* Adds one cycle's events (its inputs and the step's outputs) to s; a
 * reset cycle adds nothing. */
void gmc_pcmwq_tally(const gmc_pcmwq_cfg_t *c, const gmc_pcmwq_in_t *in, const gmc_pcmwq_out_t *o,
                     gmc_pcmwq_stats_t *s);

/* The port list, once: X(dir, field, width, rtl_port); A, V, OW as in the
 * cfg (aw, vw, ow). */
#define GMC_PCMWQ_PORTS(X, A, V, OW)                      \
    X(in,  rst_n,      1,    rst_ni)                      \
    X(in,  wr_valid,   1,    wr_valid_i)                  \
    X(in,  wr_addr,    (A),  wr_addr_i)                   \
    X(in,  wr_ver,     (V),  wr_ver_i)                    \
    X(in,  rd_valid,   1,    rd_valid_i)                  \
    X(in,  rd_addr,    (A),  rd_addr_i)                   \
    X(in,  dev_rdy,    1,    dev_rdy_i)                   \
    X(in,  dev_idle,   1,    dev_idle_i)                  \
    X(in,  intr_ok,    1,    intr_ok_i)                   \
    X(in,  done,       1,    done_i)                      \
    X(out, wr_acc,     1,    wr_acc_o)                    \
    X(out, wr_coal,    1,    wr_coal_o)                   \
    X(out, rd_hit,     1,    rd_hit_o)                    \
    X(out, rd_ver,     (V),  rd_ver_o)                    \
    X(out, drq,        1,    drq_o)                       \
    X(out, drq_resume, 1,    drq_resume_o)                \
    X(out, drq_addr,   (A),  drq_addr_o)                  \
    X(out, drq_ver,    (V),  drq_ver_o)                   \
    X(out, busy,       1,    busy_o)                      \
    X(out, intr,       1,    intr_o)                      \
    X(out, occ,        (OW), occ_o)                       \
    X(out, dmode,      1,    dmode_o)

/* RTL in the loop (gmc_observe.h): NULL in gmc; gmc-rtl sets it. */
extern gmc_observe_fn gmc_pcmwq_observer;

#ifdef __cplusplus
}
#endif
#endif
