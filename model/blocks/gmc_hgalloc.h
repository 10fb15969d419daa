/* gmc_hgalloc: the hold-grant switch allocator of Yuan et al. [MICRO'09]
 * (sections 3.2 and 3.4, Fig. 7), bit-accurate twin of rtl/gmc_hgalloc.sv.
 *
 * A separable input-first allocator of the parallel-iterative-matching
 * kind, C inputs x M outputs, one iteration per cycle:
 *   stage 1  every input arbiter picks one of the enabled outputs it
 *            requests: the first at or after its round-robin pointer;
 *   stage 2  every output arbiter grants one of the inputs that picked it:
 *            the first at or after its pointer.
 * A pointer moves only on a final grant, to one past the granted port (an
 * arbiter whose choice lost keeps its pointer).  en[o] = 0: output o takes
 * nothing this cycle (its requests are ignored) and keeps its hold.
 *
 * Hold grant (POLICY != none).  The block remembers the grants of each
 * output's last arbitration -- one bit per input-output pair (C*M bits,
 * "we store one bit for each input-output combination and set the bits of
 * the combinations that were previously granted"): a cycle with en[o] = 1
 * replaces column o by that cycle's grant; a granted input's other bits
 * clear.  Output o's holder (the input whose bit is set) keeps priority at
 * o while it requests o and
 *   HG    always;
 *   RMHG  its row matches the row last granted at o (per destination bank
 *         when PER_BANK = 1: "the rows of the most recently granted request
 *         to the different possible destinations for each output");
 *   HMHG  a HASH_BITS-bit hash of its row matches the hash last granted at
 *         o: h = XOR over j of row[j*K +: K] (the row folded into K-bit
 *         chunks, the last zero-padded);
 * and, with HOLD_LIMIT = L > 0, fewer than L of o's grants in a row were
 * holds (so a pair gets one ordinary grant and at most L holds; then the
 * ordinary round robin, whose pointer sits past the holder).  HOLD_FORCE =
 * 1 (sec. 3.4): the holder's other requests and the other inputs' requests
 * to o are cleared before stage 1, so the pair is granted; HOLD_FORCE = 0
 * (sec. 3.2, "highest priority to output O"): o's arbiter prefers the
 * holder among the inputs that picked o, stage 1 unchanged.
 *
 * Rows and banks are per input: row[i], bank[i] are those of input i's
 * request to the output it holds (with one request per input, its head's;
 * a caller with several can read which output i holds from the state,
 * gmc_hgalloc_held_out).  The stored keys (the row, or its hash) are
 * written at every grant: key[o][PER_BANK ? bank : 0] = key of the
 * granted input.
 *
 * Outputs are combinational from (q, in): gnt[o] (o grants), gnt_in[o]
 * (the input it grants, 0 if none), hold[o] (that grant was a hold),
 * lim[o] (o's holder would have kept it but for the limit).  Reset is
 * asynchronous, active low: while rst_n = 0 the state reads as reset (all
 * zero) in the same cycle and does not change.
 * docs/blocks/gmc_hgalloc.md gives every rule with the sentence it rests on. */
#ifndef GMC_HGALLOC_H
#define GMC_HGALLOC_H
#include <stddef.h>
#include <stdint.h>
#include "gmc_observe.h"
#ifdef __cplusplus
extern "C" {
#endif

#define GMC_HGALLOC_C_MAX     64   /* NUM_IN */
#define GMC_HGALLOC_M_MAX     64   /* NUM_OUT */
#define GMC_HGALLOC_ROW_MAX   32   /* ROW_BITS */
#define GMC_HGALLOC_BANK_MAX  5    /* BANK_BITS: up to 32 banks */
#define GMC_HGALLOC_LIMIT_MAX 65535

enum { GMC_HGALLOC_NONE = 0, GMC_HGALLOC_HG = 1, GMC_HGALLOC_RMHG = 2, GMC_HGALLOC_HMHG = 3 };

/* ceil(log2(n)) for 1 <= n <= 64, at least 1: port and pointer widths. */
#define GMC_HGALLOC_IW(n)                                                   \
    ((n) <= 2 ? 1 : (n) <= 4 ? 2 : (n) <= 8 ? 3 : (n) <= 16 ? 4 :           \
     (n) <= 32 ? 5 : 6)

typedef struct {            /* RTL parameters */
    unsigned ni;            /* NUM_IN (NumIn): inputs C, 1..64 */
    unsigned no;            /* NUM_OUT (NumOut): outputs M, 1..64 */
    unsigned policy;        /* POLICY: GMC_HGALLOC_NONE, _HG, _RMHG, _HMHG */
    unsigned row_bits;      /* ROW_BITS: width of row[i], 1..32 */
    unsigned bank_bits;     /* BANK_BITS: width of bank[i], 1..5 */
    unsigned hash_bits;     /* HASH_BITS: HMHG's k, 1..32 */
    unsigned limit;         /* HOLD_LIMIT: holds in a row, 0 = unlimited */
    unsigned per_bank;      /* PER_BANK: 1 = a stored key per output and bank */
    unsigned force;         /* HOLD_FORCE: 1 = sec. 3.4's masking, 0 = sec. 3.2's priority */
    /* Derived at init, not parameters. */
    unsigned iwi;           /* GMC_HGALLOC_IW(ni): input index (output pointer) bits */
    unsigned iwo;           /* GMC_HGALLOC_IW(no): output index (input pointer) bits */
    unsigned cw;            /* hold-counter bits: clog2(limit + 1), 0 without a limit or hold */
    unsigned kw;            /* key bits: RMHG row_bits, HMHG hash_bits, else 0 */
    unsigned ne;            /* stored keys per output: per_bank ? 2^bank_bits : 1 (0: none) */
    uint64_t omask;         /* the NUM_OUT low bits */
} gmc_hgalloc_cfg_t;

/* The inputs, by input port: req[i] bit o = input i requests output o
 * (req_i[i*M +: M]); row[i] = row_i[i*R +: R]; bank[i] = bank_i[i*B +: B].
 * Entries i >= NUM_IN and bits above the widths are ignored. */
typedef struct {
    uint8_t  rst_n;                        /* rst_ni */
    uint64_t en;                           /* en_i [M-1:0]: output o may grant */
    uint64_t req[GMC_HGALLOC_C_MAX];       /* req_i [C*M-1:0] */
    uint32_t row[GMC_HGALLOC_C_MAX];       /* row_i [C*R-1:0] */
    uint8_t  bank[GMC_HGALLOC_C_MAX];      /* bank_i [C*B-1:0] */
} gmc_hgalloc_in_t;

typedef struct {
    uint64_t gnt;                          /* gnt_o [M-1:0]: output o grants */
    uint64_t hold;                         /* hold_o [M-1:0]: o's grant is a hold */
    uint64_t lim;                          /* lim_o [M-1:0]: the limit ended o's hold */
    uint8_t  gnt_in[GMC_HGALLOC_M_MAX];    /* gnt_in_o [M*IWI-1:0]: the input o grants, 0 if none */
} gmc_hgalloc_out_t;

/* Flops only.  Entries past NUM_IN / NUM_OUT stay 0. */
typedef struct {
    uint8_t  iptr_q[GMC_HGALLOC_C_MAX];    /* input arbiters' pointers (IWO bits) */
    uint8_t  optr_q[GMC_HGALLOC_M_MAX];    /* output arbiters' pointers (IWI bits) */
    uint64_t held_q[GMC_HGALLOC_C_MAX];    /* row i: the outputs whose last grant was to i */
    uint16_t cnt_q[GMC_HGALLOC_M_MAX];     /* holds in a row at o (CW bits) */
    uint32_t key_q[GMC_HGALLOC_M_MAX << GMC_HGALLOC_BANK_MAX];  /* [o * NE + e]: KW bits */
} gmc_hgalloc_state_t;

/* Checks the parameters and the derived fields. */
int  gmc_hgalloc_cfg_check(const gmc_hgalloc_cfg_t *c, char *err, size_t n);
/* Fills c from the parameters (derived fields too); cfg_check's verdict. */
int  gmc_hgalloc_cfg_init(gmc_hgalloc_cfg_t *c, unsigned ni, unsigned no, unsigned policy,
                          unsigned row_bits, unsigned bank_bits, unsigned hash_bits,
                          unsigned limit, unsigned per_bank, unsigned force, char *err, size_t n);
/* PER_BANK as the paper stores the key of each policy (sec. 3.4): RMHG per
 * output and bank, HMHG per output. */
unsigned gmc_hgalloc_default_per_bank(unsigned policy);
void gmc_hgalloc_reset(const gmc_hgalloc_cfg_t *c, gmc_hgalloc_state_t *q);
/* One clock cycle: outputs from (q, in), next state into d.  Pure: no
 * allocation, no I/O.  d may alias q (the intended call); if d != q, d
 * must already equal q (only what changes is written).  O(NUM_IN) work
 * plus O(1) per request and grant. */
void gmc_hgalloc_step(const gmc_hgalloc_cfg_t *c, const gmc_hgalloc_state_t *q,
                      const gmc_hgalloc_in_t *in, gmc_hgalloc_state_t *d, gmc_hgalloc_out_t *out);
/* The output input i holds (its last grant still stands), or -1. */
int  gmc_hgalloc_held_out(const gmc_hgalloc_cfg_t *c, const gmc_hgalloc_state_t *q, unsigned i);
/* HMHG's hash of a row (c's ROW_BITS and HASH_BITS); RMHG's key is the row. */
uint32_t gmc_hgalloc_key(const gmc_hgalloc_cfg_t *c, uint32_t row);
/* Storage of the block in bits (the model's analytic cost; Yosys's
 * flip-flops must equal it): pointers C*clog2(M) + M*clog2(C) (none for a
 * single port), and with a hold policy the C*M hold bits, M*CW counter bits
 * and M*NE*KW key bits. */
unsigned gmc_hgalloc_state_bits(const gmc_hgalloc_cfg_t *c);

/* ---- the port view: every RTL port as one packed vector ----
 * What vector files, the Icarus testbench and the Verilator harness move
 * (model/vec/gmc_block.h: ports of at most 64 bits, so configurations with
 * C*M, C*ROW_BITS, C*BANK_BITS and M*IWI <= 64).  X(dir, field, width,
 * rtl_port); C, M, R, B, IWI as in the cfg. */
#define GMC_HGALLOC_PORTS(X, C, M, R, B, IWI)             \
    X(in,  rst_n,  1,           rst_ni)                   \
    X(in,  en,     (M),         en_i)                     \
    X(in,  req,    (C) * (M),   req_i)                    \
    X(in,  row,    (C) * (R),   row_i)                    \
    X(in,  bank,   (C) * (B),   bank_i)                   \
    X(out, gnt,    (M),         gnt_o)                    \
    X(out, gnt_in, (M) * (IWI), gnt_in_o)                 \
    X(out, hold,   (M),         hold_o)                   \
    X(out, lim,    (M),         lim_o)

typedef struct {
    uint8_t  rst_n;
    uint64_t en, req, row, bank;
} gmc_hgalloc_pin_t;
typedef struct {
    uint64_t gnt, gnt_in, hold, lim;
} gmc_hgalloc_pout_t;

/* 1 if every port of c fits the port view (each at most 64 bits). */
int  gmc_hgalloc_ports_fit(const gmc_hgalloc_cfg_t *c);
void gmc_hgalloc_in_pack(const gmc_hgalloc_cfg_t *c, const gmc_hgalloc_in_t *in, gmc_hgalloc_pin_t *p);
void gmc_hgalloc_in_unpack(const gmc_hgalloc_cfg_t *c, const gmc_hgalloc_pin_t *p, gmc_hgalloc_in_t *in);
void gmc_hgalloc_out_pack(const gmc_hgalloc_cfg_t *c, const gmc_hgalloc_out_t *o, gmc_hgalloc_pout_t *p);
/* gmc_hgalloc_step on the port view (in place: q is stepped). */
void gmc_hgalloc_pstep(const gmc_hgalloc_cfg_t *c, gmc_hgalloc_state_t *q, const gmc_hgalloc_pin_t *in,
                       gmc_hgalloc_pout_t *out);

/* RTL in the loop (gmc_observe.h): NULL in gmc; gmc-rtl sets it. */
extern gmc_observe_fn gmc_hgalloc_observer;

#ifdef __cplusplus
}
#endif
#endif
