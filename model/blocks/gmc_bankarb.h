/* gmc_bankarb: Warped-MC's two-level bank arbiter, bit-accurate twin of
 * rtl/gmc_bankarb.sv (Warped-MC [ICPP'23] sections 2.2, 3.3 "Bank scheduling", 4.1
 * "Bank priority", 4.2).
 *
 * Each cycle the arbiter picks at most one of NB banks whose command is
 * ready (req).  TWO_LEVEL = 1: if any requesting bank is in the high-
 * priority pool (hi), the grant goes to the first such bank at or after the
 * high pool's round-robin pointer (wrapping around); otherwise to the first
 * requesting bank at or after the low pool's pointer.  TWO_LEVEL = 0 is the
 * conventional FR-FCFS bank round robin: one pool, one pointer, hi ignored.
 * A grant is output only while en = 1; the pool that granted then moves its
 * pointer to one past the granted bank, so that bank has the lowest priority
 * of its pool next time.  The grant is combinational (latency 0); the two
 * pointers are the only state.  Reset is asynchronous and active low: while
 * rst_n = 0 the pointers read 0 in the same cycle and do not move.
 * docs/blocks/gmc_bankarb.md gives every rule with the sentence it rests on. */
#ifndef GMC_BANKARB_H
#define GMC_BANKARB_H
#include <stddef.h>
#include <stdint.h>
#include "gmc_observe.h"
#ifdef __cplusplus
extern "C" {
#endif

#define GMC_BANKARB_NB_MAX 64

/* Width of gnt_idx_o and of each pointer: $clog2(NB), at least 1.  A
 * constant expression, so it can size ports in the X-macro below. */
#define GMC_BANKARB_IW(nb)                                                  \
    ((nb) <= 2 ? 1 : (nb) <= 4 ? 2 : (nb) <= 8 ? 3 : (nb) <= 16 ? 4 :       \
     (nb) <= 32 ? 5 : (nb) <= 64 ? 6 : 7)

/* The port list, once.  X(dir, field, width, rtl_port).  NB is the number of
 * banks.  Everything that moves port values (vector writer, Verilator
 * adapter, testbench column order) is derived from this list. */
#define GMC_BANKARB_PORTS(X, NB)                          \
    X(in,  rst_n,   1,                    rst_ni)         \
    X(in,  en,      1,                    en_i)           \
    X(in,  req,     (NB),                 req_i)          \
    X(in,  hi,      (NB),                 hi_i)           \
    X(out, gnt,     (NB),                 gnt_o)          \
    X(out, gnt_hi,  1,                    gnt_hi_o)       \
    X(out, gnt_idx, GMC_BANKARB_IW(NB),   gnt_idx_o)      \
    X(out, valid,   1,                    valid_o)

typedef struct {            /* RTL parameters NB, TWO_LEVEL */
    unsigned nb;            /* NB: banks, 1..64 */
    unsigned two_level;     /* TWO_LEVEL: 1 = Warped-MC two pools, 0 = plain round robin */
    /* Derived at init, not parameters. */
    unsigned iw;            /* GMC_BANKARB_IW(nb): index and pointer bits */
    uint64_t mask;          /* the NB low bits */
} gmc_bankarb_cfg_t;

/* Port vectors NB bits wide are uint64_t here (bit b = bank b); the
 * Verilator adapter casts them to the port's CData/SData/IData/QData. */
typedef struct {
    uint8_t  rst_n;         /* rst_ni */
    uint8_t  en;            /* en_i: the command slot is free this cycle */
    uint64_t req;           /* req_i [NB-1:0]: bank b has a command ready */
    uint64_t hi;            /* hi_i  [NB-1:0]: bank b is in the high-priority pool */
} gmc_bankarb_in_t;

typedef struct {
    uint64_t gnt;           /* gnt_o [NB-1:0]: one-hot or zero */
    uint8_t  gnt_hi;        /* gnt_hi_o: the grant came from the high pool */
    uint8_t  gnt_idx;       /* gnt_idx_o [IW-1:0]: granted bank, 0 when none */
    uint8_t  valid;         /* valid_o = |gnt_o */
} gmc_bankarb_out_t;

typedef struct {            /* flops: IW bits each */
    uint8_t ptr_hi_q;       /* high pool's pointer (TWO_LEVEL = 1 only; else stays 0) */
    uint8_t ptr_lo_q;       /* low pool's pointer; the only pool's when TWO_LEVEL = 0 */
} gmc_bankarb_state_t;

/* Checks NB and TWO_LEVEL and the derived fields. */
int  gmc_bankarb_cfg_check(const gmc_bankarb_cfg_t *c, char *err, size_t n);
/* Fills c from the two parameters.  Returns gmc_bankarb_cfg_check()'s verdict. */
int  gmc_bankarb_cfg_init(gmc_bankarb_cfg_t *c, unsigned nb, unsigned two_level,
                          char *err, size_t n);
void gmc_bankarb_reset(const gmc_bankarb_cfg_t *c, gmc_bankarb_state_t *q);
/* One clock cycle: outputs from (q, in), next state into d.  Pure: no
 * allocation, no I/O; d may not alias q.  Bits of req/hi above NB are
 * ignored (the RTL has no such wires); pointer values are taken modulo
 * 2^IW, as the RTL's IW-bit flops hold them. */
void gmc_bankarb_step(const gmc_bankarb_cfg_t *c, const gmc_bankarb_state_t *q,
                      const gmc_bankarb_in_t *in, gmc_bankarb_state_t *d,
                      gmc_bankarb_out_t *out);

/* Pointer storage of the block in bits (the model's analytic cost):
 * IW per pool when NB > 1, i.e. 2*clog2(NB) (TWO_LEVEL = 1) or clog2(NB). */
unsigned gmc_bankarb_state_bits(const gmc_bankarb_cfg_t *c);

/* RTL in the loop (gmc_observe.h): NULL in gmc; gmc-rtl sets it. */
extern gmc_observe_fn gmc_bankarb_observer;

#ifdef __cplusplus
}
#endif
#endif
