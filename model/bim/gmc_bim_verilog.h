/* Verilog emitters for a BIM: the wrapper that parameterises rtl/gmc_bim.sv
 * with a matrix, and a flat XOR-equation spec for formal equivalence. */
#ifndef GMC_BIM_VERILOG_H
#define GMC_BIM_VERILOG_H
#include <stdio.h>
#include "gmc_gf2.h"
#ifdef __cplusplus
extern "C" {
#endif

/* The RTL parameter M: W*W bits, row i (inputs of output bit i) at
 * M[i*W +: W], written as a sized hex literal into buf. */
void gmc_bim_verilog_param(const gmc_gf2_t *m, char *buf, size_t n);
/* module `name` with gmc_bim's ports instantiating gmc_bim #(W, M, REG_OUT). */
void gmc_bim_verilog_wrapper(FILE *f, const gmc_gf2_t *m, const char *name,
                             unsigned reg_out, const char *provenance);
/* module `name` (addr_i -> addr_o), one `assign` of XORs per output bit. */
void gmc_bim_verilog_spec(FILE *f, const gmc_gf2_t *m, const char *name,
                          const char *provenance);

#ifdef __cplusplus
}
#endif
#endif
