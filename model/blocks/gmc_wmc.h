/* gmc_wmc: Warped-MC's tables block -- warp alias table (WAT), warp entry
 * table (WET), row scoreboard (RS) and priority table (PT) of one memory
 * controller (Warped-MC [ICPP'23] sections 4.1 Algorithm 1, 4.2 Fig. 8, 5.5 Table 3).
 * RTL twin: rtl/gmc_wmc.sv (co-simulated through tb/block.mk).  Build switch
 * GMC_FAULT_WMC (mutation check only): the RS increment wins over the clear.
 *
 * Per cycle, a small fixed set of ports (all optional, each with a valid):
 *   enq   a request entered the pending queue: WAT forms its global warp id
 *         gwid = {pc_hash, sm, warp} -> out.enq_gwid; WET[gwid] += 1; with
 *         SCORE_AT = receive, if the warp then has exactly one pending
 *         request, RS[bank][row] += 1.
 *   svc   a request was scheduled (its column command issued; it left the
 *         queue): WET[gwid] -= 1, the entry's `started' bit set; PT bit
 *         (bank, col) cleared.  With SCORE_AT = schedule (Algorithm 1), if
 *         the warp then has exactly one pending request, RS[rbank][rrow] += 1:
 *         svc_rbank / svc_rrow name that remaining request's bank and slot.
 *   clr   a row slot of a bank has no queued request left: its score := 0.
 *   pq    priority query: WET[gwid], its started bit and row-hit -> H/M/L.
 *   sch   the per-bank scheduler chose a request: PT bit (bank, col) :=
 *         (prio == H).  out.hi[b] = PT[b] != 0 is gmc_bankarb's hi_i.
 *   pick  row-miss pick: the highest-score slot among the given mask.
 *   open  a row was opened in a bank: its RS score and the bank's PT entry
 *         become zero.
 *   pre / prea  a bank / every bank was precharged: its PT entry (all of
 *         them) become zero -- no row is open, no request hits it.
 * SCORE_AT and M_RULE are the readings of the paper the block implements
 * (docs/blocks/gmc_wmc.md, "Choices the paper leaves open").
 * All outputs are combinational from q (the tables as they were at the
 * start of the cycle); all table writes land in d at the clock edge.
 * docs/blocks/gmc_wmc.md gives every rule with the sentence it rests on.
 *
 * Memories, not copies: the state holds the four tables (up to ~25 KB).
 * gmc_wmc_step() reads everything it needs from q first, then writes only
 * the entries the ports change (at most two WET entries and one WAT tag,
 * three RS scores, three PT entries; a PREA clears every PT entry) into d.  d may alias q -- that is the
 * intended call, one state per instance, O(ports) work per cycle.  If d
 * != q, d must already equal q (the step does not copy untouched entries).
 * The only O(table) step is a cycle with rst_n = 0, which clears d. */
#ifndef GMC_WMC_H
#define GMC_WMC_H
#include <stddef.h>
#include <stdint.h>
#include "gmc_observe.h"
#ifdef __cplusplus
extern "C" {
#endif

/* ceil(log2(x)) for 1 <= x <= 4096, at least 1: a constant expression. */
#define GMC_WMC_CLOG2(x)                                                    \
    ((x) <= 2 ? 1 : (x) <= 4 ? 2 : (x) <= 8 ? 3 : (x) <= 16 ? 4 :           \
     (x) <= 32 ? 5 : (x) <= 64 ? 6 : (x) <= 128 ? 7 : (x) <= 256 ? 8 :      \
     (x) <= 512 ? 9 : (x) <= 1024 ? 10 : (x) <= 2048 ? 11 : 12)

/* Parameter limits (so every table is a fixed array, every port <= 64 bits). */
#define GMC_WMC_GW_MAX     12   /* SM_BITS + WARP_BITS: WET has 2^GW entries */
#define GMC_WMC_HASH_MAX   16   /* PC_HASH_BITS */
#define GMC_WMC_NB_MAX     64   /* NB: banks */
#define GMC_WMC_ROWS_MAX   64   /* ROWS: row-score slots per bank (power of 2) */
#define GMC_WMC_SCORE_MAX  8    /* SCORE_BITS */
#define GMC_WMC_PEND_MAX   8    /* PEND_BITS: n_pending counter width */
#define GMC_WMC_PT_MAX     64   /* PT_BITS (power of 2) */
#define GMC_WMC_PC_BITS    32   /* enq_pc_i width: the load's PC */

/* Request priority levels (pq_prio_o, sch_prio_i). */
enum { GMC_WMC_PRIO_L = 0, GMC_WMC_PRIO_M = 1, GMC_WMC_PRIO_H = 2 };
/* SCORE_AT (RTL ScoreAt): when "n_pending == 1" makes a request H and
 * raises its row's score -- when a request of the warp is scheduled
 * (Algorithm 1 lines 5-8 and 12-14; the default) or when a request is
 * received (sec. 4.2's "the received request is the last"). */
enum { GMC_WMC_AT_SCHEDULE = 0, GMC_WMC_AT_RECEIVE = 1 };
/* M_RULE (RTL MRule): M = a row hit of a warp with >= 2 pending that was
 * started (a request of it already scheduled; sec. 4.1 "multiple pending
 * requests left in the warp after scheduling a request"; the default), or
 * of any warp with >= 2 pending. */
enum { GMC_WMC_M_STARTED = 0, GMC_WMC_M_PENDING2 = 1 };

/* The port list, once.  X(dir, field, width, rtl_port).  GW = SM_BITS +
 * WARP_BITS + PC_HASH_BITS (gwid width), NB banks, RB = clog2(ROWS), CB =
 * clog2(PT_BITS), PB = PEND_BITS, SB = SCORE_BITS, ROWS. */
#define GMC_WMC_PORTS(X, SMB, WB, GW, NB, ROWS, RB, CB, PB, SB)       \
    X(in,  rst_n,      1,                    rst_ni)                  \
    X(in,  enq,        1,                    enq_i)                   \
    X(in,  enq_sm,     (SMB),                enq_sm_i)                \
    X(in,  enq_warp,   (WB),                 enq_warp_i)              \
    X(in,  enq_pc,     GMC_WMC_PC_BITS,      enq_pc_i)                \
    X(in,  enq_bank,   GMC_WMC_CLOG2(NB),    enq_bank_i)              \
    X(in,  enq_row,    (RB),                 enq_row_i)               \
    X(in,  svc,        1,                    svc_i)                   \
    X(in,  svc_gwid,   (GW),                 svc_gwid_i)              \
    X(in,  svc_bank,   GMC_WMC_CLOG2(NB),    svc_bank_i)              \
    X(in,  svc_col,    (CB),                 svc_col_i)               \
    X(in,  svc_rbank,  GMC_WMC_CLOG2(NB),    svc_rbank_i)             \
    X(in,  svc_rrow,   (RB),                 svc_rrow_i)              \
    X(in,  clr,        1,                    clr_i)                   \
    X(in,  clr_bank,   GMC_WMC_CLOG2(NB),    clr_bank_i)              \
    X(in,  clr_row,    (RB),                 clr_row_i)               \
    X(in,  pq_gwid,    (GW),                 pq_gwid_i)               \
    X(in,  pq_hit,     1,                    pq_hit_i)                \
    X(in,  sch,        1,                    sch_i)                   \
    X(in,  sch_bank,   GMC_WMC_CLOG2(NB),    sch_bank_i)              \
    X(in,  sch_col,    (CB),                 sch_col_i)               \
    X(in,  sch_prio,   2,                    sch_prio_i)              \
    X(in,  pick,       1,                    pick_i)                  \
    X(in,  pick_bank,  GMC_WMC_CLOG2(NB),    pick_bank_i)             \
    X(in,  pick_mask,  (ROWS),               pick_mask_i)             \
    X(in,  pick_pref,  (RB),                 pick_pref_i)             \
    X(in,  open,       1,                    open_i)                  \
    X(in,  open_bank,  GMC_WMC_CLOG2(NB),    open_bank_i)             \
    X(in,  open_row,   (RB),                 open_row_i)              \
    X(in,  pre,        1,                    pre_i)                   \
    X(in,  pre_bank,   GMC_WMC_CLOG2(NB),    pre_bank_i)              \
    X(in,  prea,       1,                    prea_i)                  \
    X(out, enq_gwid,   (GW),                 enq_gwid_o)              \
    X(out, enq_alias,  1,                    enq_alias_o)             \
    X(out, wet_ovf,    1,                    wet_ovf_o)               \
    X(out, wet_unf,    1,                    wet_unf_o)               \
    X(out, svc_last,   1,                    svc_last_o)              \
    X(out, pq_pend,    (PB),                 pq_pend_o)               \
    X(out, pq_prio,    2,                    pq_prio_o)               \
    X(out, pick_valid, 1,                    pick_valid_o)            \
    X(out, pick_slot,  (RB),                 pick_slot_o)             \
    X(out, pick_score, (SB),                 pick_score_o)            \
    X(out, hi,         (NB),                 hi_o)

typedef struct {            /* RTL parameters */
    unsigned sm_bits;       /* SM_BITS (5: 32 SMs) */
    unsigned warp_bits;     /* WARP_BITS (5: 32 warps per SM) */
    unsigned pc_hash_bits;  /* PC_HASH_BITS (0 = Table 3: no PC in the id) */
    unsigned pend_bits;     /* PEND_BITS: WET entry width (6) */
    unsigned nb;            /* NB: banks per channel (16) */
    unsigned rows;          /* ROWS: row-score slots per bank (64) */
    unsigned score_bits;    /* SCORE_BITS (4) */
    unsigned pt_bits;       /* PT_BITS: PT entry width = column slots (64) */
    unsigned score_at;      /* SCORE_AT: GMC_WMC_AT_SCHEDULE (0, default) / _RECEIVE (1) */
    unsigned m_rule;        /* M_RULE: GMC_WMC_M_STARTED (0, default) / _PENDING2 (1) */
    /* Derived at init, not parameters. */
    unsigned gw;            /* sm_bits + warp_bits + pc_hash_bits: gwid width */
    unsigned wet_entries;   /* 2^(sm_bits + warp_bits) */
    unsigned bw, rb, cb;    /* clog2(NB), clog2(ROWS), clog2(PT_BITS), each >= 1 */
    unsigned st_bits;       /* 1 if a reading needs the WET's started bit, else 0 */
} gmc_wmc_cfg_t;

typedef struct {
    uint8_t  rst_n;         /* rst_ni */
    uint8_t  enq;           /* enq_i: a request entered the pending queue */
    uint16_t enq_sm;        /* enq_sm_i [SM_BITS-1:0] */
    uint16_t enq_warp;      /* enq_warp_i [WARP_BITS-1:0] */
    uint32_t enq_pc;        /* enq_pc_i [31:0]: PC of the load */
    uint8_t  enq_bank;      /* enq_bank_i [BW-1:0] */
    uint8_t  enq_row;       /* enq_row_i [RB-1:0]: row id's low RB bits */
    uint8_t  svc;           /* svc_i: a request was serviced, left the queue */
    uint32_t svc_gwid;      /* svc_gwid_i [GW-1:0]: enq_gwid_o it got at enqueue */
    uint8_t  svc_bank;      /* svc_bank_i [BW-1:0] */
    uint8_t  svc_col;       /* svc_col_i [CB-1:0]: column slot in the row */
    uint8_t  svc_rbank;     /* svc_rbank_i [BW-1:0]: bank of the warp's remaining request */
    uint8_t  svc_rrow;      /* svc_rrow_i [RB-1:0]: its row slot (SCORE_AT = schedule) */
    uint8_t  clr;           /* clr_i: a row slot has no queued request left */
    uint8_t  clr_bank;      /* clr_bank_i [BW-1:0] */
    uint8_t  clr_row;       /* clr_row_i [RB-1:0]: its score := 0 */
    uint32_t pq_gwid;       /* pq_gwid_i [GW-1:0] */
    uint8_t  pq_hit;        /* pq_hit_i: the request hits its bank's open row */
    uint8_t  sch;           /* sch_i: the per-bank scheduler chose a request */
    uint8_t  sch_bank;      /* sch_bank_i [BW-1:0] */
    uint8_t  sch_col;       /* sch_col_i [CB-1:0] */
    uint8_t  sch_prio;      /* sch_prio_i [1:0]: its priority (pq_prio_o) */
    uint8_t  pick;          /* pick_i: row-miss pick requested */
    uint8_t  pick_bank;     /* pick_bank_i [BW-1:0] */
    uint64_t pick_mask;     /* pick_mask_i [ROWS-1:0]: slots with pending requests */
    uint8_t  pick_pref;     /* pick_pref_i [RB-1:0]: FCFS slot, wins ties */
    uint8_t  open;          /* open_i: a row was opened (ACT) */
    uint8_t  open_bank;     /* open_bank_i [BW-1:0] */
    uint8_t  open_row;      /* open_row_i [RB-1:0] */
    uint8_t  pre;           /* pre_i: a bank was precharged (PRE) */
    uint8_t  pre_bank;      /* pre_bank_i [BW-1:0]: its PT entry := 0 */
    uint8_t  prea;          /* prea_i: every bank was precharged (PREA): all PT := 0 */
} gmc_wmc_in_t;

typedef struct {
    uint32_t enq_gwid;      /* enq_gwid_o [GW-1:0]: WAT's global warp id */
    uint8_t  enq_alias;     /* enq_alias_o: live WET entry holds another PC tag */
    uint8_t  wet_ovf;       /* wet_ovf_o: enq hit a saturated counter */
    uint8_t  wet_unf;       /* wet_unf_o: svc hit a zero counter */
    uint8_t  svc_last;      /* svc_last_o: svc left its warp one pending request */
    uint8_t  pq_pend;       /* pq_pend_o [PB-1:0]: WET[pq_gwid].n_pending */
    uint8_t  pq_prio;       /* pq_prio_o [1:0]: GMC_WMC_PRIO_H / M / L */
    uint8_t  pick_valid;    /* pick_valid_o = pick_i && pick_mask_i != 0 */
    uint8_t  pick_slot;     /* pick_slot_o [RB-1:0] */
    uint8_t  pick_score;    /* pick_score_o [SB-1:0]: the slot's score */
    uint64_t hi;            /* hi_o [NB-1:0]: bank b's PT entry is non-zero */
} gmc_wmc_out_t;

typedef struct {            /* the four tables, as RTL memories / flops */
    uint8_t  wet_q[1u << GMC_WMC_GW_MAX];   /* n_pending, PEND_BITS each */
    uint8_t  wst_q[1u << GMC_WMC_GW_MAX];   /* started bit (st_bits = 1 only) */
    uint16_t wat_q[1u << GMC_WMC_GW_MAX];   /* PC-hash tag (PC_HASH_BITS > 0 only) */
    uint8_t  rs_q[GMC_WMC_NB_MAX][GMC_WMC_ROWS_MAX];  /* scores, SCORE_BITS each */
    uint64_t pt_q[GMC_WMC_NB_MAX];          /* PT_BITS each */
} gmc_wmc_state_t;

int  gmc_wmc_cfg_check(const gmc_wmc_cfg_t *c, char *err, size_t n);
/* Fills the derived fields of c (parameters already set) and checks it. */
int  gmc_wmc_cfg_init(gmc_wmc_cfg_t *c, char *err, size_t n);
/* Table 3's defaults: 5, 5, 0, 6, 16, 64, 4, 64; SCORE_AT schedule, M_RULE
 * started (Algorithm 1's reading). */
void gmc_wmc_cfg_default(gmc_wmc_cfg_t *c);
void gmc_wmc_reset(const gmc_wmc_cfg_t *c, gmc_wmc_state_t *q);
/* One clock cycle; see the file comment for d aliasing q.  Pure: no
 * allocation, no I/O.  Input bits above each port's width are ignored. */
void gmc_wmc_step(const gmc_wmc_cfg_t *c, const gmc_wmc_state_t *q,
                  const gmc_wmc_in_t *in, gmc_wmc_state_t *d, gmc_wmc_out_t *out);
/* Warped-MC [ICPP'23] Table 3's four tables as this block stores them --
 * the one place their widths are written (gmc_wmc_cost, the overhead
 * report, reads them from here):
 *   wat  PC_HASH_BITS per WET entry (the tag; Table 3 has none)
 *   wet  PEND_BITS (+ the started bit when a reading needs it) x 2^(SM_BITS + WARP_BITS)
 *   rs   ROWS x SCORE_BITS per bank
 *   pt   PT_BITS per bank
 * From the parameter fields alone (no derived field, no RTL limit), so
 * that the report can price parameters the RTL does not build. */
typedef struct { const char *name; uint64_t entry_bits, entries; } gmc_wmc_table_t;
#define GMC_WMC_NTABLES 4
void gmc_wmc_tables(const gmc_wmc_cfg_t *c, gmc_wmc_table_t t[GMC_WMC_NTABLES]);
/* Storage in bits: the sum of gmc_wmc_tables' entry_bits x entries. */
uint64_t gmc_wmc_storage_bits(const gmc_wmc_cfg_t *c);

/* The combinational pieces, for a controller that needs them more than once
 * a cycle (the scheduler's pick scans a bank's requests).  Same functions
 * the step uses for its ports; read q only. */
uint32_t gmc_wmc_gwid(const gmc_wmc_cfg_t *c, unsigned sm, unsigned warp, uint32_t pc);
/* The level of a request whose warp has n pending requests (started: a
 * request of the warp was scheduled since the entry opened), hit = it hits
 * its bank's open row.  H: the last pending request -- once a request of
 * the warp was scheduled (schedule) or as soon as it is the only one
 * (receive); M: a row hit of a warp with >= 2 pending, started (started) or
 * any (pending2); else L. */
static inline unsigned gmc_wmc_prio_of(const gmc_wmc_cfg_t *c, unsigned n_pending,
                                       unsigned started, unsigned hit)
{
    const unsigned st = started && c->st_bits;
    if (n_pending == 1)
        return c->score_at == GMC_WMC_AT_RECEIVE || st ? GMC_WMC_PRIO_H : GMC_WMC_PRIO_L;
    return n_pending >= 2 && hit && (c->m_rule == GMC_WMC_M_PENDING2 || st) ? GMC_WMC_PRIO_M
                                                                          : GMC_WMC_PRIO_L;
}
static inline unsigned gmc_wmc_prio(const gmc_wmc_cfg_t *c, const gmc_wmc_state_t *q,
                                    uint32_t gwid, unsigned hit)
{
    const uint32_t e = gwid & (c->wet_entries - 1);
    return gmc_wmc_prio_of(c, q->wet_q[e], q->wst_q[e], hit & 1);
}
/* hi_o[bank]: the bank's PT entry is non-zero (gmc_bankarb's hi_i). */
static inline unsigned gmc_wmc_hi(const gmc_wmc_cfg_t *c, const gmc_wmc_state_t *q, unsigned bank)
{
    return bank < c->nb && q->pt_q[bank] != 0;
}
/* The RS slot (enq_row_i / open_row_i / pick_mask_i bit) of a row id. */
static inline unsigned gmc_wmc_row_slot(const gmc_wmc_cfg_t *c, uint32_t row)
{
    return row & (c->rows - 1);
}
/* Row-miss pick over mask (ROWS bits) in bank: highest score; ties go to
 * pref if it is among the best, else to the lowest slot.  Returns the slot,
 * or -1 when mask is empty. */
int gmc_wmc_pick(const gmc_wmc_cfg_t *c, const gmc_wmc_state_t *q, unsigned bank,
                 uint64_t mask, unsigned pref);

/* RTL in the loop (gmc_observe.h): NULL in gmc; gmc-rtl sets it. */
extern gmc_observe_fn gmc_wmc_observer;
/* The combinational reads a scheduler makes, as reads of the ports
 * (gmc_observe.h): gmc_wmc_pick's answer slot (pick_*) and gmc_wmc_prio's
 * level (pq_*).  (gmc_wmc_hi is the state's alone: the next step's hi_o
 * compares it.)  Call only when gmc_wmc_observer is set. */
void gmc_wmc_observe_pick(const void *inst, const gmc_wmc_cfg_t *c, const gmc_wmc_state_t *q,
                          unsigned bank, uint64_t mask, unsigned pref, int slot);
void gmc_wmc_observe_prio(const void *inst, const gmc_wmc_cfg_t *c, const gmc_wmc_state_t *q,
                          uint32_t gwid, unsigned hit, unsigned prio);

#ifdef __cplusplus
}
#endif
#endif
