// lockstep_main.h: the one Verilator lockstep harness.  A block's
// tb/lockstep_gmc_<blk>.cpp is an adapter of three lines that names the
// block and its X-macro port list, then includes this file
// (docs/adding-a-block.md):
//
//   #include "blocks/gmc_wmc.h"
//   #define LS_NAME wmc                                              // gmc_wmc_*
//   #define LS_PORTS(X) GMC_WMC_PORTS(X, 1, 1, 1, 1, 1, 1, 1, 1, 1)  // widths unused here
//   #include "lockstep_main.h"
//
// From LS_NAME come the block description gmc_block_<name>
// (model/vec/gmc_block.h) and the C twin's gmc_<name>_in_t / _out_t /
// _cfg_t / _state_t and gmc_<name>_step, called directly (not through the
// description) so the compiler sees it in the hot loop.  A block whose
// description's cfg is not its step's may define LS_BLOCK, LS_IN, LS_OUT
// and LS_STEP(cfg, q, in, out) itself instead.
//
// The Verilated class is Vtop (verilator --prefix Vtop); the configuration
// is compiled in as -DGMC_LS_CONFIG='"<name>"' and parsed by the block's
// description, which configures the C side; every Verilated port's C++ type
// is checked against the width the description gives it, so the two sides
// cannot be configured differently.
//
// Each cycle both sides get identical inputs from the block's stimulus
// (GMC_STIM_LOCKSTEP, seeded from the printed --stim-seed; closed-loop
// stimulus sees the previous cycle's outputs) and every output port is
// compared.  The C state is stepped in place, as the system harness calls
// it.  A real reset edge starts the run (rst_ni 1 -> 0 from the stimulus,
// after a random power-up state from --x-initial unique + randReset(2)).
// Configurations whose outputs are combinational from the inputs only
// (comb_only) take one eval() per cycle, the others two (clock low, high).
//
// Checks besides the outputs: the block's properties on the outputs both
// sides agree on ("PROPERTY ..."), and its coverage counters, which must
// not stay 0 (unless the configuration cannot show them) on runs of at
// least cov_min_cycles -- so a harness that exercised nothing cannot pass.
// The run ends with "cycles compared: N, outputs compared: M".
//
// On a mismatch ("MISMATCH block <blk> ...") or a violated property: block,
// configuration, seeds, cycle, every output expected/actual, the last 8
// cycles of inputs, then a deterministic re-run with VCD tracing switched on
// only for the cycles before the failure (written to --vcd); exit 1.
//
// usage: lockstep [--cycles N] [--stim-seed S] [--init-seed I] [--vcd FILE] [--window K]
//
// The adapter serves the other C++ harnesses too: built with
// -DGMC_HARNESS='"<header>"' it includes that harness instead (gmc-rtl's
// models, tb/rtl_loop/rtl_loop_model.h; the SystemC bench, tb/sc_bench.h).
#ifdef GMC_HARNESS
#include GMC_HARNESS
#else
#ifndef GMC_LOCKSTEP_MAIN_H
#define GMC_LOCKSTEP_MAIN_H
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <type_traits>

#include <verilated.h>
#if VM_TRACE
#include <verilated_vcd_c.h>
#else  // built without --trace: the re-run still reports, without a waveform
struct VerilatedVcdC {
  void dump(uint64_t) {}
};
#endif

#include "Vtop.h"
#include "lockstep_common.h"
#include "ls_block.h"

#ifndef GMC_LS_CONFIG
#error "build with -DGMC_LS_CONFIG='\"<configuration>\"' (tb/block.mk)"
#endif

#define LIKELY(x)   __builtin_expect(!!(x), 1)
#define UNLIKELY(x) __builtin_expect(!!(x), 0)

namespace {

const unsigned kHist = 8;  // input history printed on failure

// --------------------------------------------------------------- run
struct Run {
  const gmc_block_t *b;
  const void *cfg;
  gmc_port_t ports[GMC_BLOCK_PORTS_MAX];
  unsigned nports, nout;
  void *q, *stim, *chk;
};

struct Result {
  uint64_t cycles, outputs;
  bool failed;
  const char *prop;  // nullptr: an output mismatch
  uint64_t fail_cycle;
  LS_OUT exp, act;
  LS_IN hist[kHist];
  uint64_t cov[GMC_BLOCK_COV_MAX];
};

// One run.  TRACE = false is the fast path (no tracing code at all); TRACE
// = true re-runs to stop_at, dumping the cycles from trace_from.
template <bool TRACE, bool COMB>
void run(Run &r, const LsOpts &o, uint64_t stop_at, uint64_t trace_from, Vtop *top,
         VerilatedVcdC *tfp, Result *res) {
  const gmc_block_t *b = r.b;
  memset(r.stim, 0, b->stim_size);
  memset(r.chk, 0, b->chk_size ? b->chk_size : 1);
  b->stim_init(r.stim, r.cfg, o.stim_seed, GMC_STIM_LOCKSTEP);
  b->reset(r.cfg, r.q);
  LS_IN in;
  LS_OUT out;
  memset(&in, 0, sizeof in);
  memset(&out, 0, sizeof out);
  memset(res->cov, 0, sizeof res->cov);
  uint64_t *cov = res->cov;
  const auto cov_pre = b->cov_pre;
  const auto cov_post = b->cov_post;
  const auto check = b->check;

  // Power-up: inputs defined (all zero), reset released; the flops hold
  // their random initial state.  Not compared.
  in.rst_n = 1;
  top->clk_i = 0;
  drive(top, in);
  top->eval();

  res->failed = false;
  res->prop = nullptr;
  uint64_t c;
  b->stim_next(r.stim, &out, &in);  // cycle 0's inputs
  for (c = 0; c < stop_at; c++) {
    if (TRACE) res->hist[c % kHist] = in;
    // Inputs while the clock is low; the C side's cycle runs between the
    // port writes and eval() (eval() reading the ports right after the
    // byte stores would stall on store forwarding).
    if (!COMB) top->clk_i = 0;
    drive(top, in);
    if (cov_pre) cov_pre(r.cfg, r.q, &in, cov);
    LS_STEP(r.cfg, r.q, &in, &out);
    top->eval();
    if (TRACE && c >= trace_from) tfp->dump((uint64_t)(10 * c + 4));
    if (UNLIKELY(differs(top, out))) {
      res->failed = true;
      res->fail_cycle = c;
      res->exp = out;
      sample(top, &res->act);
      break;
    }
    if (check) {
      if (const char *p = check(r.chk, r.cfg, &in, &out)) {
        res->failed = true;
        res->prop = p;
        res->fail_cycle = c;
        res->exp = out;
        sample(top, &res->act);
        break;
      }
    }
    if (cov_post) cov_post(r.cfg, &in, &out, cov);
    // Rising edge; the next cycle's stimulus is drawn between clk_i = 1 and
    // eval().  Combinational-only configurations have no clocked logic, so
    // one eval per cycle is the whole cycle (the edge is drawn for the
    // waveform only).
    if (!COMB) {
      top->clk_i = 1;
      b->stim_next(r.stim, &out, &in);
      top->eval();
      if (TRACE && c >= trace_from) tfp->dump((uint64_t)(10 * c + 5));
    } else {
      b->stim_next(r.stim, &out, &in);
      if (TRACE && c >= trace_from) {
        top->clk_i = 1;
        top->eval();
        tfp->dump((uint64_t)(10 * c + 5));
        top->clk_i = 0;
      }
    }
  }
  if (TRACE) tfp->dump((uint64_t)(10 * c + 9));
  res->cycles = c;
  res->outputs = c * r.nout;
}

template <bool TRACE>
void run_any(Run &r, const LsOpts &o, uint64_t stop_at, uint64_t trace_from, Vtop *top,
             VerilatedVcdC *tfp, Result *res, bool comb) {
  if (comb)
    run<TRACE, true>(r, o, stop_at, trace_from, top, tfp, res);
  else
    run<TRACE, false>(r, o, stop_at, trace_from, top, tfp, res);
}

void print_in(const Run &r, const char *tag, uint64_t cyc, const LS_IN &in) {
  fprintf(stderr, "  %s cycle %" PRIu64 ":", tag, cyc);
  for (unsigned i = 0; i < r.nports; i++)
    if (r.ports[i].dir == GMC_PORT_IN)
      fprintf(stderr, " %s %" PRIx64, r.ports[i].rtl, gmc_port_get(&r.ports[i], &in));
  fputc('\n', stderr);
}

}  // namespace

int main(int argc, char **argv) {
  const gmc_block_t *b = &LS_BLOCK;
  const char *config = GMC_LS_CONFIG;
  LsOpts o;
  char built[192];
  snprintf(built, sizeof built, "block %s, configuration %s", b->name, config);
  ls_parse(argc, argv, b->name, built, &o);

  char err[256];
  void *cfg = gmc_block_cfg_new(b, config, err, sizeof err);
  if (!cfg) {
    fprintf(stderr, "lockstep %s: %s\n", b->name, err);
    return 2;
  }
  static Run r;
  r.b = b;
  r.cfg = cfg;
  r.nports = b->ports(cfg, r.ports);
  r.nout = 0;
  unsigned sz[GMC_BLOCK_PORTS_MAX];
  unsigned nsz = port_sizes<Vtop>(sz);
  if (nsz != r.nports) {
    fprintf(stderr, "lockstep %s: the adapter lists %u ports, the description %u\n", b->name, nsz,
            r.nports);
    return 2;
  }
  for (unsigned i = 0; i < r.nports; i++) {
    unsigned w = r.ports[i].width, want = w <= 8 ? 1 : w <= 16 ? 2 : w <= 32 ? 4 : 8;
    r.nout += r.ports[i].dir == GMC_PORT_OUT;
    if (sz[i] != want) {
      fprintf(stderr, "lockstep %s: port %s is %u bytes in the Verilated model, %u bits need %u: "
              "model and harness built for different configurations\n", b->name, r.ports[i].rtl,
              sz[i], w, want);
      return 2;
    }
  }
  r.q = calloc(1, b->state_size);
  r.stim = calloc(1, b->stim_size);
  r.chk = calloc(1, b->chk_size ? b->chk_size : 1);
  const bool comb = b->comb_only && b->comb_only(cfg);

  printf("lockstep %s: %s: %" PRIu64 " cycles, stim-seed %" PRIu64 ", init-seed %d\n", b->name,
         config, o.cycles, o.stim_seed, o.init_seed);
  fflush(stdout);

  VerilatedContext *ctx = ls_new_context(o, false);
  Vtop *top = new Vtop(ctx);
  static Result res;
  double t0 = ls_now();
  run_any<false>(r, o, o.cycles, 0, top, nullptr, &res, comb);
  double sec = ls_now() - t0;
  top->final();
  delete top;
  delete ctx;

  if (res.failed) {
    const uint64_t c = res.fail_cycle;
    // Re-run the same seeds with tracing on to write the waveform of the
    // window and recover the inputs of the last cycles (the fast path kept
    // none); it must fail at the same cycle with the same values.
    VerilatedContext *tctx = ls_new_context(o, true);
    Vtop *ttop = new Vtop(tctx);
    VerilatedVcdC *tfp = new VerilatedVcdC;
#if VM_TRACE
    ttop->trace(tfp, 99);
    tfp->open(o.vcd);
#endif
    static Result rr;
    uint64_t from = c > o.window ? c - o.window : 0;
    run_any<true>(r, o, c + 1, from, ttop, tfp, &rr, comb);
#if VM_TRACE
    tfp->close();
#endif
    if (res.prop)
      fprintf(stderr, "PROPERTY %s violated: block %s %s stim-seed %" PRIu64 " init-seed %d: cycle %"
              PRIu64 " (C and RTL agree)\n", res.prop, b->name, config, o.stim_seed, o.init_seed, c);
    else
      fprintf(stderr, "MISMATCH block %s %s stim-seed %" PRIu64 " init-seed %d: cycle %" PRIu64 "\n",
              b->name, config, o.stim_seed, o.init_seed, c);
    for (unsigned i = 0; i < r.nports; i++) {
      const gmc_port_t *p = &r.ports[i];
      if (p->dir != GMC_PORT_OUT) continue;
      uint64_t e = gmc_port_get(p, &res.exp), a = gmc_port_get(p, &res.act);
      int hw = (int)((p->width + 3) / 4);
      fprintf(stderr, "  port %-13s expected %0*" PRIx64 " actual %0*" PRIx64 "%s\n", p->rtl, hw, e,
              hw, a, e != a ? "   <-- differs" : "");
    }
    if (!rr.failed || rr.fail_cycle != c || rr.prop != res.prop ||
        memcmp(&rr.act, &res.act, sizeof rr.act))
      fprintf(stderr, "  (the traced re-run did not reproduce the failure: nondeterminism?)\n");
    fprintf(stderr, "  last %u cycles of inputs:\n", kHist);
    for (uint64_t k = c + 1 > kHist ? c + 1 - kHist : 0; k <= c; k++)
      print_in(r, k == c ? "->" : "  ", k, rr.hist[k % kHist]);
#if VM_TRACE
    fprintf(stderr, "  waveform of cycles %" PRIu64 "..%" PRIu64 ": %s\n", from, c, o.vcd);
#else
    fprintf(stderr, "  (no waveform: model built without --trace)\n");
#endif
    fprintf(stderr, "  rerun: %s --cycles %" PRIu64 " --stim-seed %" PRIu64 " --init-seed %d\n",
            argv[0], o.cycles, o.stim_seed, o.init_seed);
    ttop->final();
    delete tfp;
    delete ttop;
    delete tctx;
    return 1;
  }

  printf("cycles compared: %" PRIu64 ", outputs compared: %" PRIu64 "\n", res.cycles, res.outputs);
  const bool zero = ls_coverage(b, cfg, res.cov);
  if (b->report) b->report(r.chk, cfg, stdout);
  printf("lockstep %s: %.3f s, %.2f Mcycles/s (%d eval/cycle)\n", b->name, sec,
         sec > 0 ? (double)res.cycles / sec / 1e6 : 0.0, comb ? 1 : 2);
  if (res.cycles < o.cycles || res.outputs == 0 || (o.cycles >= b->cov_min_cycles && zero)) {
    fprintf(stderr, "lockstep %s: FAIL: compared %" PRIu64 " of %" PRIu64
            " cycles; coverage counters that stayed 0:", b->name, res.cycles, o.cycles);
    for (unsigned k = 0; k < b->ncov; k++)
      if (res.cov[k] == 0 && (!b->cov_required || b->cov_required(cfg, k)))
        fprintf(stderr, " %s", b->cov_names[k]);
    fprintf(stderr, "\n");
    return 1;
  }
  printf("lockstep %s: PASS\n", b->name);
  return 0;
}

#endif
#endif  // GMC_HARNESS
