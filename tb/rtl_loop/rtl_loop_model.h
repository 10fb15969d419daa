// rtl_loop_model.h: one Verilated configuration of a block as a gmc-rtl
// model (tb/rtl_loop/rtl_loop.h).  Included by the block's adapter
// tb/lockstep_gmc_<blk>.cpp when it is built with
// -DGMC_HARNESS='"rtl_loop/rtl_loop_model.h"' (tb/rtl_loop.mk), which
// also gives the Verilated class (RL_TOP, its header RL_TOP_H: every
// configuration has its own --prefix, so many link into one binary), the
// configuration (GMC_LS_CONFIG) and whether the RTL fault is in (RL_FAULT).
// The ports move through the adapter's X-macro (tb/ls_block.h), as in the
// lockstep.
#ifndef GMC_RTL_LOOP_MODEL_H
#define GMC_RTL_LOOP_MODEL_H
#include <verilated.h>

#include RL_TOP_H
#include "ls_block.h"
#include "rtl_loop/rtl_loop.h"

#if !defined(RL_TOP) || !defined(GMC_LS_CONFIG) || !defined(RL_FAULT)
#error "build with -DRL_TOP=<class> -DRL_TOP_H='\"<class>.h\"' -DGMC_LS_CONFIG=... -DRL_FAULT=0|1 (tb/rtl_loop.mk)"
#endif

namespace {

struct Model : RlModel {
  RL_TOP top;
  bool comb;
  Model(VerilatedContext *ctx, bool c) : top(ctx, "top"), comb(c) {}
  void cycle(const void *in, void *out) override {
    if (!comb) top.clk_i = 0;
    drive(&top, *static_cast<const LS_IN *>(in));
    top.eval();
    sample(&top, static_cast<LS_OUT *>(out));
    if (!comb) {
      top.clk_i = 1;
      top.eval();
    }
  }
  void read(const void *in, void *out) override {
    top.clk_i = 0;
    drive(&top, *static_cast<const LS_IN *>(in));
    top.eval();
    sample(&top, static_cast<LS_OUT *>(out));
  }
  void reset() override {
    LS_IN in;
    LS_OUT out;
    memset(&in, 0, sizeof in);
    cycle(&in, &out);  // rst_n = 0
  }
};

RlModel *make(VerilatedContext *ctx) {
  const gmc_block_t *b = &LS_BLOCK;
  char err[256];
  void *cfg = gmc_block_cfg_new(b, GMC_LS_CONFIG, err, sizeof err);
  const bool comb = cfg && b->comb_only && b->comb_only(cfg);
  free(cfg);
  return new Model(ctx, comb);
}

struct Registrar {
  RlBuilt e;
  Registrar() : e{LS_BLOCK.name, GMC_LS_CONFIG, RL_FAULT, make, nullptr} { rl_register(&e); }
} registrar;

}  // namespace

#endif
