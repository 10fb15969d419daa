// rtl_loop.h: gmc-rtl's registry of Verilated models.  Each configuration
// of a block built into gmc-rtl (make rtl-sim RTL_CFGS=...) is one object
// compiled from the block's adapter tb/lockstep_gmc_<blk>.cpp with
// GMC_HARNESS = rtl_loop_model.h; a static constructor there registers it
// here, so the list of built configurations is what was linked.
#ifndef GMC_RTL_LOOP_H
#define GMC_RTL_LOOP_H

class VerilatedContext;

// One RTL instance.  cycle(): the inputs (the C twin's in struct, or its
// port view) driven while the clock is low, the outputs evaluated into out
// (the twin's out struct or port view, zeroed first), then the rising edge
// (not for a configuration that is combinational only).
struct RlModel {
  virtual ~RlModel() {}
  virtual void cycle(const void *in, void *out) = 0;
  // A combinational read: the inputs driven and evaluated with the clock
  // low, the outputs into out; no edge, so the state stays.
  virtual void read(const void *in, void *out) = 0;
  virtual void reset() = 0;  // one cycle with rst_ni = 0 and every other input 0
};

struct RlBuilt {
  const char *block;   // "wmc"
  const char *config;  // the description's configuration name
  int fault;           // built with the block's RTL fault
  RlModel *(*make)(VerilatedContext *ctx);
  RlBuilt *next;
};

void rl_register(RlBuilt *b);

#endif
