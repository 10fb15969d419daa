// sc_bench.h: the one SystemC test bench of a block's Verilated RTL
// (verilator --sc) against its C twin.  Like tb/lockstep_main.h it has
// nothing per block: the block's adapter tb/lockstep_gmc_<blk>.cpp, built
// with -DGMC_HARNESS='"sc_bench.h"' (tb/sc_bench.mk), names the C twin and
// the X-macro of its ports (tb/ls_block.h); the configuration, stimulus,
// coverage counters and properties come from the block's description
// (model/vec/gmc_block.h).  docs/systemc.md "Verilated blocks under
// SystemC".
//
// The bench is an sc_module with a 10 ns sc_clock bound to the model's
// clk_i and one sc_signal per port (the type the Verilated sc_in/sc_out
// has).  Its thread, each cycle: at the falling edge it writes the inputs
// from the stimulus and steps the C twin (in place, as the system harness
// does); at the rising edge it reads the model's outputs -- the values of
// the low phase, settled by the delta cycles before time advanced, since
// an sc_signal written at the edge shows only after it -- and compares
// every output port, then checks the block's properties on them.  A real
// reset edge starts the run as in the lockstep (rst_ni from the stimulus,
// random power-up state from --x-initial unique + randReset(2)).
//
// On a mismatch: "MISMATCH block <b> ..." with the cycle, the inputs and
// every output expected/actual, exit 1.  A pass ends with "cycles
// compared: N, outputs compared: M" and the coverage counters (which must
// not stay 0 on runs of at least cov_min_cycles), then "sc-bench <b>:
// PASS".
//
// usage: sc_bench [--cycles N] [--stim-seed S] [--init-seed I]
#ifndef GMC_SC_BENCH_H
#define GMC_SC_BENCH_H
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <type_traits>
#include <utility>

#include <systemc>

#include "Vtop.h"
#include "lockstep_common.h"
#include "ls_block.h"

#ifndef GMC_LS_CONFIG
#error "build with -DGMC_LS_CONFIG='\"<configuration>\"' (tb/sc_bench.mk)"
#endif

namespace {

// The C++ type of a Verilated SystemC port (bool, uint32_t, uint64_t).
#define SC_T(rtl) typename std::remove_reference<decltype(std::declval<Vtop &>().rtl)>::type::data_type

template <class T> T sc_val(uint64_t v) { return std::is_same<T, bool>::value ? T(v & 1) : T(v); }

struct Sigs {
#define X_SIG(dir, field, width, rtl) sc_core::sc_signal<SC_T(rtl)> rtl;
  LS_PORTS(X_SIG)
};

void sc_drive(Sigs &s, const LS_IN &in) {
#define X_SCDRIVE_in(field, rtl) s.rtl.write(sc_val<SC_T(rtl)>((uint64_t)in.field));
#define X_SCDRIVE_out(field, rtl)
#define X_SCDRIVE(dir, field, width, rtl) X_SCDRIVE_##dir(field, rtl)
  LS_PORTS(X_SCDRIVE)
}

void sc_sample(const Sigs &s, LS_OUT *o) {
  memset(o, 0, sizeof *o);
#define X_SCSAMPLE_in(field, rtl)
#define X_SCSAMPLE_out(field, rtl) o->field = s.rtl.read();
#define X_SCSAMPLE(dir, field, width, rtl) X_SCSAMPLE_##dir(field, rtl)
  LS_PORTS(X_SCSAMPLE)
}

SC_MODULE(Bench) {
  sc_core::sc_clock clk;
  Sigs sig;
  Vtop dut;
  const gmc_block_t *b;
  const void *cfg;
  gmc_port_t ports[GMC_BLOCK_PORTS_MAX];
  unsigned nports, nout;
  void *q, *stim, *chk;
  LsOpts o;
  uint64_t cycles = 0, cov[GMC_BLOCK_COV_MAX] = {};
  int rc = 0;

  SC_HAS_PROCESS(Bench);
  Bench(sc_core::sc_module_name n, const gmc_block_t *blk, const void *c, const LsOpts &opts)
      : sc_core::sc_module(n), clk("clk", 10, sc_core::SC_NS, 0.5, 0, sc_core::SC_NS, false),
        dut("dut"), b(blk), cfg(c), o(opts) {
    dut.clk_i(clk);
#define X_BIND(dir, field, width, rtl) dut.rtl(sig.rtl);
    LS_PORTS(X_BIND)
    nports = b->ports(cfg, ports);
    nout = 0;
    for (unsigned i = 0; i < nports; i++) nout += ports[i].dir == GMC_PORT_OUT;
    q = calloc(1, b->state_size);
    stim = calloc(1, b->stim_size);
    chk = calloc(1, b->chk_size ? b->chk_size : 1);
    SC_THREAD(run);
  }

  void print_in(const LS_IN &in) {
    fprintf(stderr, "  inputs:");
    for (unsigned i = 0; i < nports; i++)
      if (ports[i].dir == GMC_PORT_IN) fprintf(stderr, " %s %" PRIx64, ports[i].rtl, gmc_port_get(&ports[i], &in));
    fputc('\n', stderr);
  }

  void fail(const char *prop, const LS_IN &in, const LS_OUT &exp, const LS_OUT &act) {
    if (prop)
      fprintf(stderr, "PROPERTY %s violated: block %s %s stim-seed %" PRIu64 ": cycle %" PRIu64 " (C and RTL agree)\n",
              prop, b->name, GMC_LS_CONFIG, o.stim_seed, cycles);
    else
      fprintf(stderr, "MISMATCH block %s %s stim-seed %" PRIu64 " init-seed %d: cycle %" PRIu64 " (SystemC bench)\n",
              b->name, GMC_LS_CONFIG, o.stim_seed, o.init_seed, cycles);
    print_in(in);
    for (unsigned i = 0; i < nports; i++) {
      const gmc_port_t *p = &ports[i];
      if (p->dir != GMC_PORT_OUT) continue;
      const uint64_t e = gmc_port_get(p, &exp), a = gmc_port_get(p, &act);
      fprintf(stderr, "  port %-13s expected %" PRIx64 " actual %" PRIx64 "%s\n", p->rtl, e, a,
              e != a ? "   <-- differs" : "");
    }
    rc = 1;
    sc_core::sc_stop();
  }

  void run() {
    LS_IN in;
    LS_OUT out, act;
    memset(&in, 0, sizeof in);
    memset(&out, 0, sizeof out);
    b->stim_init(stim, cfg, o.stim_seed, GMC_STIM_LOCKSTEP);
    b->reset(cfg, q);
    in.rst_n = 1;  // power-up: inputs defined, reset released, flops random
    sc_drive(sig, in);
    b->stim_next(stim, &out, &in);  // cycle 0's inputs
    for (cycles = 0; cycles < o.cycles; cycles++) {
      wait(clk.negedge_event());
      sc_drive(sig, in);
      if (b->cov_pre) b->cov_pre(cfg, q, &in, cov);
      LS_STEP(cfg, q, &in, &out);
      wait(clk.posedge_event());
      sc_sample(sig, &act);
      for (unsigned i = 0; i < nports; i++)
        if (ports[i].dir == GMC_PORT_OUT && gmc_port_get(&ports[i], &out) != gmc_port_get(&ports[i], &act))
          return fail(nullptr, in, out, act);
      if (b->check)
        if (const char *p = b->check(chk, cfg, &in, &out)) return fail(p, in, out, act);
      if (b->cov_post) b->cov_post(cfg, &in, &out, cov);
      b->stim_next(stim, &out, &in);
    }
    sc_core::sc_stop();
  }
};

}  // namespace

int sc_main(int argc, char **argv) {
  const gmc_block_t *b = &LS_BLOCK;
  LsOpts o;
  char built[192];
  snprintf(built, sizeof built, "block %s, configuration %s (SystemC)", b->name, GMC_LS_CONFIG);
  ls_parse(argc, argv, b->name, built, &o);
  char err[256];
  void *cfg = gmc_block_cfg_new(b, GMC_LS_CONFIG, err, sizeof err);
  if (!cfg) {
    fprintf(stderr, "sc-bench %s: %s\n", b->name, err);
    return 2;
  }
  Verilated::randReset(2);
  Verilated::randSeed(o.init_seed);
  printf("sc-bench %s: %s: %" PRIu64 " cycles, stim-seed %" PRIu64 ", init-seed %d\n", b->name,
         GMC_LS_CONFIG, o.cycles, o.stim_seed, o.init_seed);
  fflush(stdout);
  Bench *tb = new Bench("bench", b, cfg, o);
  const double t0 = ls_now();
  sc_core::sc_start();
  const double sec = ls_now() - t0;
  if (tb->rc) return tb->rc;
  printf("cycles compared: %" PRIu64 ", outputs compared: %" PRIu64 "\n", tb->cycles, tb->cycles * tb->nout);
  const bool zero = ls_coverage(b, cfg, tb->cov);
  printf("sc-bench %s: %.3f s, %.3f Mcycles/s\n", b->name, sec, sec > 0 ? (double)tb->cycles / sec / 1e6 : 0.0);
  if (tb->cycles < o.cycles || (o.cycles >= b->cov_min_cycles && zero)) {
    fprintf(stderr, "sc-bench %s: FAIL: compared %" PRIu64 " of %" PRIu64 " cycles%s\n", b->name, tb->cycles,
            o.cycles, zero ? "; a coverage counter stayed 0" : "");
    return 1;
  }
  printf("sc-bench %s: PASS\n", b->name);
  return 0;
}

#endif
