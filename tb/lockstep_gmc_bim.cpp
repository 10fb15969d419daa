// lockstep_gmc_bim: Verilator lockstep co-simulation of rtl/gmc_bim.sv against
// its C twin model/blocks/gmc_bim.c (gmc_bim_step), cycle by cycle.
//
// The Verilated model is built from the wrapper `gmc bim --emit-verilog`
// writes for one (preset, scheme, seed, REG_OUT); the same four values are
// compiled into this harness (-D BIM_PRESET, BIM_SCHEME, BIM_SEED,
// BIM_REG_OUT), which builds the C side's matrix through the library, so the
// two sides cannot be configured differently.  The Verilated class is always
// called Vbim (verilator --prefix Vbim).  tb/cosim.mk builds one per config.
//
// Each cycle both sides get identical constrained-random inputs (gmc_rng,
// seeded from the printed --stim-seed) and every output port is compared,
// also when valid_o = 0.  Ports are driven and compared through the X-macro
// GMC_BIM_PORTS, the block's one port list.  A real reset edge starts the run
// (rst_ni 1 -> 0 for 2 cycles, after a random power-up state from
// --x-initial unique + randReset(2)); rare random resets follow.
//
// On a mismatch: block, preset, scheme, seeds, cycle, port, expected/actual,
// the last 8 cycles of inputs, then a deterministic re-run with VCD tracing
// switched on only for the cycles before the failure; exit 1.
//
// usage: lockstep_gmc_bim [--cycles N] [--stim-seed S] [--init-seed I]
//                         [--vcd FILE] [--window K]
#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <type_traits>

#include <verilated.h>
#if VM_TRACE
#include <verilated_vcd_c.h>
#else  // built without --trace: the re-run still reports, without a waveform
struct VerilatedVcdC {
  void dump(uint64_t) {}
};
#endif

#include "lockstep_common.h"
#include "Vbim.h"

#include "mem/gmc_addrmap.h"
#include "bim/gmc_bim_scheme.h"
#include "blocks/gmc_bim.h"
#include "util/gmc_rng.h"

#if !defined(BIM_PRESET) || !defined(BIM_SCHEME) || !defined(BIM_SEED) || !defined(BIM_REG_OUT)
#error "build with -DBIM_PRESET=\"..\" -DBIM_SCHEME=\"..\" -DBIM_SEED=N -DBIM_REG_OUT=0|1 (tb/cosim.mk)"
#endif

#define LIKELY(x)   __builtin_expect(!!(x), 1)
#define UNLIKELY(x) __builtin_expect(!!(x), 0)

static const unsigned kHist = 8;            // input history printed on failure
static const uint64_t kResetOdds = 1u << 16;  // a random reset every ~65536 cycles

// The port list, expanded over this harness's needs.  Width is the W of
// the matrix; X(dir, field, width, rtl) per port.
#define X_COUNT_in(field, rtl)
#define X_COUNT_out(field, rtl) +1
#define X_COUNT(dir, field, width, rtl) X_COUNT_##dir(field, rtl)
static const unsigned kOutPorts = 0 GMC_BIM_PORTS(X_COUNT, 0);

// --------------------------------------------------------------- stimulus
// Constrained random: mostly uniform addresses, plus the patterns that
// exercise an XOR tree column by column (walking one / zero), GPU-like
// strided streams, all-ones/zero, and back-to-back repeats; valid ~75 %.
struct Stim {
  gmc_rng_t rng;
  uint64_t mask;       // W low bits
  unsigned width;
  uint64_t stream;     // current address of the strided stream
  uint64_t stride;
  unsigned rst_left;   // remaining cycles of an asserted reset
  uint64_t prev_addr;

  void init(uint64_t seed, unsigned w) {
    gmc_rng_seed(&rng, seed);
    width = w;
    mask = gmc_gf2_mask(w);
    stream = 0;
    stride = 128;
    rst_left = 2;  // the initial reset: rst_ni low for cycles 0 and 1
    prev_addr = 0;
  }

  inline void next(gmc_bim_in_t *in) {
    uint64_t r = gmc_rng_u64(&rng);
    if (UNLIKELY(rst_left)) {
      rst_left--;
      in->rst_n = 0;
    } else if (UNLIKELY((r & (kResetOdds - 1)) == 0)) {
      rst_left = (unsigned)((r >> 16) & 3);  // 1..4 cycles in reset
      in->rst_n = 0;
    } else {
      in->rst_n = 1;
    }
    in->valid = ((r >> 20) & 3) != 0;
    unsigned mode = (unsigned)((r >> 22) & 31);
    unsigned bit = (unsigned)((((r >> 32) & 0xffff) * width) >> 16);  // no division
    uint64_t a;
    if (LIKELY(mode < 20)) {
      a = gmc_rng_u64(&rng);
    } else if (mode < 26) {  // strided stream; a new stream now and then
      if (mode == 20) {
        stream = gmc_rng_u64(&rng);
        stride = (r >> 48) & 1 ? (uint64_t)1 << ((((r >> 50) & 0x3fff) * width) >> 14)
                               : ((r >> 40) | 1);
      }
      stream += stride;
      a = stream;
    } else if (mode == 26) {
      a = (uint64_t)1 << bit;
    } else if (mode == 27) {
      a = ~((uint64_t)1 << bit);
    } else if (mode == 28) {
      a = (r >> 54) & 1 ? ~(uint64_t)0 : 0;
    } else {
      a = prev_addr;
    }
    a &= mask;
    in->addr = a;
    prev_addr = a;
  }
};

// --------------------------------------------------------------- adapter
// Verilated ports: <= 8/16/32 bits are CData/SData/IData (uint8/16/32_t),
// 33..64 bits QData (uint64_t); a cast to the port's type and a uint64_t
// compare cover every width, so gddr6-rtx2060s (W = 33) needs nothing extra.
static inline void drive(Vbim *top, const gmc_bim_in_t &in) {
#define X_DRIVE_in(field, rtl) \
  top->rtl = static_cast<std::remove_reference<decltype(top->rtl)>::type>(in.field);
#define X_DRIVE_out(field, rtl)
#define X_DRIVE(dir, field, width, rtl) X_DRIVE_##dir(field, rtl)
  GMC_BIM_PORTS(X_DRIVE, 0)
}

// Non-zero if any output differs (one branch per cycle on the fast path).
static inline uint64_t differs(const Vbim *top, const gmc_bim_out_t &out) {
  uint64_t d = 0;
#define X_DIFF_in(field, rtl)
#define X_DIFF_out(field, rtl) d |= (uint64_t)top->rtl ^ (uint64_t)out.field;
#define X_DIFF(dir, field, width, rtl) X_DIFF_##dir(field, rtl)
  GMC_BIM_PORTS(X_DIFF, 0)
  return d;
}

// Checks that the Verilated ports have the C type W implies.
static int check_port_types(unsigned w) {
  int bad = 0;
  Vbim *top = nullptr;
#define X_TYPE(dir, field, width, rtl)                                                   \
  {                                                                                      \
    unsigned want = (width) <= 8 ? 1 : (width) <= 16 ? 2 : (width) <= 32 ? 4 : 8;        \
    if (sizeof(top->rtl) != want) {                                                      \
      fprintf(stderr, "lockstep bim: port %s is %zu bytes in the Verilated model, "     \
              "W = %u needs %u: wrapper and preset disagree\n",                          \
              #rtl, sizeof(top->rtl), w, want);                                          \
      bad = 1;                                                                           \
    }                                                                                    \
  }
  GMC_BIM_PORTS(X_TYPE, w)
  return bad;
}

// --------------------------------------------------------------- run
struct Result {
  uint64_t cycles;
  uint64_t outputs;
  uint64_t valid;
  bool failed;
  uint64_t fail_cycle;
  gmc_bim_out_t exp;          // C model's outputs at fail_cycle
  gmc_bim_out_t act;          // RTL's outputs at fail_cycle
  gmc_bim_in_t hist[kHist];   // inputs of the last kHist cycles (TRACE runs only)
};

// The RTL's outputs as the C struct (for the report).
static void sample(const Vbim *top, gmc_bim_out_t *o) {
  memset(o, 0, sizeof *o);  // padding too: the two samples are memcmp'd
#define X_SAMPLE_in(field, rtl)
#define X_SAMPLE_out(field, rtl) o->field = top->rtl;
#define X_SAMPLE(dir, field, width, rtl) X_SAMPLE_##dir(field, rtl)
  GMC_BIM_PORTS(X_SAMPLE, 0)
}

// One run.  TRACE = false is the fast path (no tracing code at all);
// TRACE = true re-runs to stop_at, dumping the cycles from trace_from.
template <bool TRACE, int REG_OUT>
static void run(const gmc_bim_cfg_t *cfg, const LsOpts &o, uint64_t stop_at, uint64_t trace_from,
                VerilatedContext *ctx, Vbim *top, VerilatedVcdC *tfp, Result *res) {
  Stim st;
  st.init(o.stim_seed, cfg->width);
  // Ping-pong state instead of q = d: a struct copy right after the step's
  // byte stores would stall on store forwarding every cycle.
  gmc_bim_state_t sbuf[2];
  gmc_bim_state_t *q = &sbuf[0], *d = &sbuf[1];
  gmc_bim_reset(cfg, q);
  gmc_bim_in_t in;
  gmc_bim_out_t out;
  uint64_t valid = 0;

  // Power-up: inputs defined, reset released; Verilator's flops hold their
  // random initial state.  Not compared.  The next cycle's rst_ni 1 -> 0 is
  // a real (asynchronous) reset edge.
  top->clk_i = 0;
  top->rst_ni = 1;
  top->valid_i = 0;
  top->addr_i = 0;
  top->eval();

  res->failed = false;
  uint64_t c;
  st.next(&in);  // cycle 0's inputs
  for (c = 0; c < stop_at; c++) {
    if (TRACE) res->hist[c % kHist] = in;  // the fast path keeps no history
    // Inputs while the clock is low (REG_OUT = 1: this is also the falling
    // edge).  The C side's cycle runs between the port writes and eval():
    // eval() reads clk_i and rst_ni back as one 16-bit word, which stalls
    // on store forwarding if it comes right after the byte stores (-20 %).
    if (REG_OUT) top->clk_i = 0;
    drive(top, in);
    gmc_bim_step(cfg, q, &in, d, &out);
    top->eval();
    if (TRACE && c >= trace_from) tfp->dump((uint64_t)(10 * c + 4));
    if (UNLIKELY(differs(top, out))) {
      res->failed = true;
      res->fail_cycle = c;
      res->exp = out;
      sample(top, &res->act);
      break;
    }
    valid += out.valid;
    // Rising edge.  REG_OUT = 0 has no clocked logic (clk_i has no load),
    // so one eval per cycle is the whole cycle; REG_OUT = 1 needs two (the
    // falling edge must be seen by an eval for the next rising one to be).
    // The next cycle's stimulus is drawn between clk_i = 1 and eval().
    if (REG_OUT) {
      top->clk_i = 1;
      st.next(&in);
      top->eval();
      if (TRACE && c >= trace_from) tfp->dump((uint64_t)(10 * c + 5));
    } else {
      st.next(&in);
      if (TRACE && c >= trace_from) {
        top->clk_i = 1;  // for the waveform only
        top->eval();
        tfp->dump((uint64_t)(10 * c + 5));
        top->clk_i = 0;
      }
    }
    gmc_bim_state_t *t = q;
    q = d;
    d = t;
  }
  if (TRACE) tfp->dump((uint64_t)(10 * c + 9));
  (void)ctx;
  res->cycles = c;
  res->outputs = c * kOutPorts;
  res->valid = valid;
}

template <bool TRACE>
static void run_any(const gmc_bim_cfg_t *cfg, const LsOpts &o, uint64_t stop_at,
                    uint64_t trace_from, VerilatedContext *ctx, Vbim *top, VerilatedVcdC *tfp,
                    Result *res) {
  if (cfg->reg_out)
    run<TRACE, 1>(cfg, o, stop_at, trace_from, ctx, top, tfp, res);
  else
    run<TRACE, 0>(cfg, o, stop_at, trace_from, ctx, top, tfp, res);
}

static void print_in(const char *tag, uint64_t cyc, const gmc_bim_in_t &in, unsigned w) {
  int hexw = (int)((w + 3) / 4);
  fprintf(stderr, "  %s cycle %" PRIu64 ": rst_ni %u valid_i %u addr_i %0*" PRIx64 "\n", tag, cyc,
          in.rst_n, in.valid, hexw, in.addr);
}

int main(int argc, char **argv) {
  LsOpts o;
  char built[256];
  snprintf(built, sizeof built, "preset %s, scheme %s, seed %d, REG_OUT %d", BIM_PRESET,
           BIM_SCHEME, (int)BIM_SEED, (int)BIM_REG_OUT);
  ls_parse(argc, argv, "bim", built, &o);

  // ---- the C side, from the same four values the wrapper was emitted with
  char err[256];
  gmc_addrmap_t map;
  gmc_scheme_t scheme;
  gmc_gf2_t m;
  static gmc_bim_cfg_t cfg;  // 16 KiB of lookup tables: not on the stack
  if (gmc_addrmap_preset(BIM_PRESET, &map)) {
    fprintf(stderr, "lockstep bim: unknown preset %s\n", BIM_PRESET);
    return 2;
  }
  if (gmc_scheme_parse(BIM_SCHEME, &scheme)) {
    fprintf(stderr, "lockstep bim: unknown scheme %s\n", BIM_SCHEME);
    return 2;
  }
  if (gmc_bim_scheme_make(scheme, &map, (uint64_t)BIM_SEED, NULL, &m, err, sizeof err) ||
      gmc_bim_cfg_init(&cfg, &m, BIM_REG_OUT, err, sizeof err)) {
    fprintf(stderr, "lockstep bim: %s\n", err);
    return 2;
  }
  if (check_port_types(cfg.width)) return 2;

  printf("lockstep bim: preset %s scheme %s seed %d reg_out %d W %u: %" PRIu64
         " cycles, stim-seed %" PRIu64 ", init-seed %d\n",
         BIM_PRESET, BIM_SCHEME, (int)BIM_SEED, (int)BIM_REG_OUT, cfg.width, o.cycles,
         o.stim_seed, o.init_seed);
  fflush(stdout);

  // ---- fast path: no tracing
  VerilatedContext *ctx = ls_new_context(o, false);
  Vbim *top = new Vbim(ctx);
  Result res;
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  run_any<false>(&cfg, o, o.cycles, 0, ctx, top, nullptr, &res);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double sec = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
  top->final();
  delete top;
  delete ctx;

  if (res.failed) {
    const uint64_t c = res.fail_cycle;
    const unsigned w = cfg.width;
    // Re-run the same seeds with tracing on to write the waveform of the
    // window and recover the inputs of the last cycles (the fast path kept
    // none); it must fail at the same cycle with the same values.
    VerilatedContext *tctx = ls_new_context(o, true);
    Vbim *ttop = new Vbim(tctx);
    VerilatedVcdC *tfp = new VerilatedVcdC;
#if VM_TRACE
    ttop->trace(tfp, 99);
    tfp->open(o.vcd);
#endif
    Result rr;
    uint64_t from = c > o.window ? c - o.window : 0;
    run_any<true>(&cfg, o, c + 1, from, tctx, ttop, tfp, &rr);
#if VM_TRACE
    tfp->close();
#endif

    fprintf(stderr,
            "MISMATCH block bim preset %s scheme %s seed %d reg_out %d stim-seed %" PRIu64
            " init-seed %d: cycle %" PRIu64 "\n",
            BIM_PRESET, BIM_SCHEME, (int)BIM_SEED, (int)BIM_REG_OUT, o.stim_seed, o.init_seed, c);
#define X_REPORT_in(field, rtl, width)
#define X_REPORT_out(field, rtl, width)                                                    \
  fprintf(stderr, "  port %-8s expected %0*" PRIx64 " actual %0*" PRIx64 "%s\n", #rtl,       \
          (int)(((width) + 3) / 4), (uint64_t)res.exp.field, (int)(((width) + 3) / 4),      \
          (uint64_t)res.act.field,                                                          \
          (uint64_t)res.exp.field != (uint64_t)res.act.field ? "   <-- differs" : "");
#define X_REPORT(dir, field, width, rtl) X_REPORT_##dir(field, rtl, width)
    GMC_BIM_PORTS(X_REPORT, w)
    if (!rr.failed || rr.fail_cycle != c || memcmp(&rr.act, &res.act, sizeof rr.act))
      fprintf(stderr, "  (the traced re-run did not reproduce the mismatch: nondeterminism?)\n");
    fprintf(stderr, "  last %u cycles of inputs:\n", kHist);
    for (uint64_t k = c + 1 > kHist ? c + 1 - kHist : 0; k <= c; k++)
      print_in(k == c ? "->" : "  ", k, rr.hist[k % kHist], w);
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

  printf("cycles compared: %" PRIu64 ", outputs compared: %" PRIu64 ", valid outputs: %" PRIu64
         "\n",
         res.cycles, res.outputs, res.valid);
  printf("lockstep bim: %.3f s, %.1f Mcycles/s (%d eval/cycle)\n", sec,
         sec > 0 ? (double)res.cycles / sec / 1e6 : 0.0, BIM_REG_OUT ? 2 : 1);
  if (res.cycles < o.cycles || res.outputs == 0 || (o.cycles >= 100 && res.valid == 0)) {
    fprintf(stderr, "lockstep bim: FAIL: compared %" PRIu64 " of %" PRIu64 " cycles\n",
            res.cycles, o.cycles);
    return 1;
  }
  printf("lockstep bim: PASS\n");
  return 0;
}
