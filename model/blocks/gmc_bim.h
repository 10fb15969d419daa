/* gmc_bim: the BIM XOR-tree address mapper, bit-accurate twin of
 * rtl/gmc_bim.sv (PAE [ISCA'18] section IV-A, Fig. 7).
 *
 * out.addr = M x in.addr over GF(2); with REG_OUT = 1 the result is
 * registered (latency 1), otherwise it is combinational (latency 0).
 * Reset is asynchronous and active low, as in the RTL: while rst_n = 0 the
 * registered outputs read their reset value (0) in the same cycle. */
#ifndef GMC_BIM_H
#define GMC_BIM_H
#include <stddef.h>
#include <stdint.h>
#include "../bim/gmc_gf2.h"
#include "gmc_observe.h"
#ifdef __cplusplus
extern "C" {
#endif

/* The port list, once.  X(dir, field, width, rtl_port).  W is the address
 * width parameter.  Everything that moves port values (vector writer,
 * Verilator adapter, testbench column order) is derived from this list. */
#define GMC_BIM_PORTS(X, W)          \
    X(in,  rst_n, 1,   rst_ni)       \
    X(in,  valid, 1,   valid_i)      \
    X(in,  addr,  (W), addr_i)       \
    X(out, valid, 1,   valid_o)      \
    X(out, addr,  (W), addr_o)

typedef struct {            /* RTL parameters W, M, REG_OUT */
    unsigned  width;        /* W: address bits, 1..64 */
    unsigned  reg_out;      /* REG_OUT: 0 = combinational, 1 = one register */
    gmc_gf2_t m;            /* M: row i = inputs of output bit i */
    /* Derived at init, not a parameter: lut[k][v] is M applied to the byte
     * value v placed at byte k.  M x a is the XOR of eight lookups, which is
     * what makes the one implementation fast enough for the harness. */
    uint64_t  lut[8][256];
} gmc_bim_cfg_t;

typedef struct {
    uint8_t  rst_n;         /* rst_ni  */
    uint8_t  valid;         /* valid_i */
    uint64_t addr;          /* addr_i [W-1:0] */
} gmc_bim_in_t;

typedef struct {
    uint8_t  valid;         /* valid_o */
    uint64_t addr;          /* addr_o [W-1:0] */
} gmc_bim_out_t;

typedef struct {            /* flops (used only when REG_OUT = 1) */
    uint8_t  valid_q;
    uint64_t addr_q;        /* the input address; the tree sits after it */
} gmc_bim_state_t;

/* Checks W, REG_OUT and that M fits in W bits and is invertible. */
int  gmc_bim_cfg_check(const gmc_bim_cfg_t *c, char *err, size_t n);
/* Fills c from a matrix and REG_OUT and builds the lookup tables.
 * Returns gmc_bim_cfg_check()'s verdict. */
int  gmc_bim_cfg_init(gmc_bim_cfg_t *c, const gmc_gf2_t *m, unsigned reg_out,
                      char *err, size_t n);
void gmc_bim_reset(const gmc_bim_cfg_t *c, gmc_bim_state_t *q);
/* One clock cycle: outputs from (q, in), next state into d.  Pure. */
void gmc_bim_step(const gmc_bim_cfg_t *c, const gmc_bim_state_t *q,
                  const gmc_bim_in_t *in, gmc_bim_state_t *d,
                  gmc_bim_out_t *out);

/* The XOR tree itself: M x a.  This is what the system harness calls. */
static inline uint64_t gmc_bim_map(const gmc_bim_cfg_t *c, uint64_t a)
{
    return c->lut[0][a & 0xff] ^ c->lut[1][(a >> 8) & 0xff] ^
           c->lut[2][(a >> 16) & 0xff] ^ c->lut[3][(a >> 24) & 0xff] ^
           c->lut[4][(a >> 32) & 0xff] ^ c->lut[5][(a >> 40) & 0xff] ^
           c->lut[6][(a >> 48) & 0xff] ^ c->lut[7][(a >> 56) & 0xff];
}

/* RTL in the loop (gmc_observe.h): NULL in gmc; gmc-rtl sets it. */
extern gmc_observe_fn gmc_bim_observer;
/* Calls the hook with the ports of a combinational step (rst_n, valid = 1,
 * addr = a; valid = 1, addr = m). */
void gmc_bim_observe(const void *inst, const gmc_bim_cfg_t *c, uint64_t a, uint64_t m);

/* gmc_bim_map as the harness's address path calls it: inst is the
 * instance's owner (the memory system), for the hook. */
static inline uint64_t gmc_bim_map_at(const void *inst, const gmc_bim_cfg_t *c, uint64_t a)
{
    const uint64_t m = gmc_bim_map(c, a);
    if (__builtin_expect(gmc_bim_observer != 0, 0))
        gmc_bim_observe(inst, c, a, m);
    return m;
}

#ifdef __cplusplus
}
#endif
#endif
