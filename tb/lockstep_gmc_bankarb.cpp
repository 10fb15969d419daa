// lockstep_gmc_bankarb: Verilator lockstep co-simulation of rtl/gmc_bankarb.sv
// against its C twin model/blocks/gmc_bankarb.c (gmc_bankarb_step), cycle by
// cycle, with the block's properties checked on every cycle as well.
//
// The Verilated model is rtl/gmc_bankarb.sv built with -GNB=.. -GTWO_LEVEL=..;
// the same two values are compiled into this harness (-D BA_NB, BA_TWO_LEVEL)
// and configure the C side, and the port types are checked against NB, so the
// two sides cannot be configured differently.  The Verilated class is
// Vbankarb (verilator --prefix Vbankarb).  tb/cosim_bankarb.mk builds one per
// configuration.
//
// Each cycle both sides get identical inputs from the shared stimulus
// (gmc_bankarb_stim_next, seeded from the printed --stim-seed; its held phase
// is closed-loop on the previous cycle's grant) and every output port is
// compared, through the X-macro GMC_BANKARB_PORTS.  A real reset edge starts
// the run (rst_ni 1 -> 0 for 2 cycles, after a random power-up state from
// --x-initial unique + randReset(2)); random resets follow (1 in 2^12 cycles).
//
// The properties (what `make formal-bankarb` proves, checked here on the
// outputs both sides agree on, so a bug shared by C and RTL is caught too):
// grant one-hot or zero, only to requesters, none without en_i, one whenever
// en_i and a requester, valid_o/gnt_idx_o/gnt_hi_o consistent, no low-pool
// grant while a high-pool bank requests (TWO_LEVEL = 1), and the starvation
// bounds: a bank requesting in the high pool is granted within NB enabled
// cycles; a requesting bank within NB enabled cycles in which it is in the low
// pool and no bank requests in the high pool (TWO_LEVEL = 0: within NB enabled
// cycles).
//
// On a mismatch ("MISMATCH ...") or a violated property ("PROPERTY ..."):
// block, configuration, seeds, cycle, every output expected/actual, the last
// 8 cycles of inputs, then a deterministic re-run with VCD tracing switched on
// only for the cycles before the failure; exit 1.
//
// usage: lockstep_gmc_bankarb [--cycles N] [--stim-seed S] [--init-seed I]
//                             [--vcd FILE] [--window K]
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
#include "Vbankarb.h"

#include "blocks/gmc_bankarb.h"
#include "util/gmc_rng.h"
#include "vec/gmc_vec_bankarb.h"

#if !defined(BA_NB) || !defined(BA_TWO_LEVEL)
#error "build with -DBA_NB=N -DBA_TWO_LEVEL=0|1 (tb/cosim_bankarb.mk)"
#endif

#define LIKELY(x)   __builtin_expect(!!(x), 1)
#define UNLIKELY(x) __builtin_expect(!!(x), 0)

static const unsigned kHist = 8;         // input history printed on failure
static const unsigned kResetShift = 12;  // a random reset every ~4096 cycles

#define X_COUNT_in(field, rtl)
#define X_COUNT_out(field, rtl) +1
#define X_COUNT(dir, field, width, rtl) X_COUNT_##dir(field, rtl)
static const unsigned kOutPorts = 0 GMC_BANKARB_PORTS(X_COUNT, BA_NB);

// --------------------------------------------------------------- adapter
// Verilated ports: <= 8/16/32 bits are CData/SData/IData, 33..64 QData; a
// cast to the port's type and a uint64_t compare cover every NB.
static inline void drive(Vbankarb *top, const gmc_bankarb_in_t &in) {
#define X_DRIVE_in(field, rtl) \
  top->rtl = static_cast<std::remove_reference<decltype(top->rtl)>::type>(in.field);
#define X_DRIVE_out(field, rtl)
#define X_DRIVE(dir, field, width, rtl) X_DRIVE_##dir(field, rtl)
  GMC_BANKARB_PORTS(X_DRIVE, BA_NB)
}

static inline uint64_t differs(const Vbankarb *top, const gmc_bankarb_out_t &out) {
  uint64_t d = 0;
#define X_DIFF_in(field, rtl)
#define X_DIFF_out(field, rtl) d |= (uint64_t)top->rtl ^ (uint64_t)out.field;
#define X_DIFF(dir, field, width, rtl) X_DIFF_##dir(field, rtl)
  GMC_BANKARB_PORTS(X_DIFF, BA_NB)
  return d;
}

static void sample(const Vbankarb *top, gmc_bankarb_out_t *o) {
  memset(o, 0, sizeof *o);
#define X_SAMPLE_in(field, rtl)
#define X_SAMPLE_out(field, rtl) o->field = top->rtl;
#define X_SAMPLE(dir, field, width, rtl) X_SAMPLE_##dir(field, rtl)
  GMC_BANKARB_PORTS(X_SAMPLE, BA_NB)
}

static int check_port_types() {
  int bad = 0;
  Vbankarb *top = nullptr;
#define X_TYPE(dir, field, width, rtl)                                                    \
  {                                                                                       \
    unsigned want = (width) <= 8 ? 1 : (width) <= 16 ? 2 : (width) <= 32 ? 4 : 8;         \
    if (sizeof(top->rtl) != want) {                                                       \
      fprintf(stderr, "lockstep bankarb: port %s is %zu bytes in the Verilated model, "  \
              "NB = %d needs %u: model and harness built for different NB\n",             \
              #rtl, sizeof(top->rtl), BA_NB, want);                                       \
      bad = 1;                                                                            \
    }                                                                                     \
  }
  GMC_BANKARB_PORTS(X_TYPE, BA_NB)
  (void)top;
  return bad;
}

// --------------------------------------------------------------- properties
// Per-bank wait counters of the two starvation bounds (see the header).
struct Props {
  uint8_t w_hi[64], w_lo[64];
  uint64_t wait_hi, wait_lo;   // banks whose counter is non-zero
  unsigned max_hi, max_lo;     // the longest waits seen (reported)

  void init() {
    memset(this, 0, sizeof *this);
  }

  // Returns the name of the first violated property, or nullptr.
  inline const char *check(const gmc_bankarb_cfg_t *c, const gmc_bankarb_in_t &in,
                           const gmc_bankarb_out_t &o) {
    const uint64_t req = in.req & c->mask;
    const uint64_t hreq = c->two_level ? req & in.hi : 0;
    const uint64_t g = o.gnt;
    if (UNLIKELY(g & (g - 1))) return "p_onehot (gnt_o has more than one bit)";
    if (UNLIKELY(g & ~req)) return "p_req_only (grant to a bank that does not request)";
    if (UNLIKELY(!in.en && g)) return "p_en (grant while en_i = 0)";
    if (UNLIKELY(in.en && req && !g)) return "p_work (en_i and a requester, but no grant)";
    if (UNLIKELY(o.valid != (g != 0))) return "p_valid (valid_o != |gnt_o)";
    if (UNLIKELY(g ? !((g >> o.gnt_idx) & 1) : o.gnt_idx != 0))
      return "p_idx (gnt_idx_o does not name the granted bank)";
    if (UNLIKELY(o.gnt_hi && !(g & in.hi))) return "p_hi_flag (gnt_hi_o on a low-pool grant)";
    if (c->two_level) {
      if (UNLIKELY(in.en && hreq && (!o.gnt_hi || (g & ~in.hi))))
        return "p_priority (low-pool grant while a high-pool bank requests)";
      if (UNLIKELY(g && !hreq && o.gnt_hi)) return "p_hi_only_if_hi";
    } else if (UNLIKELY(o.gnt_hi)) {
      return "p_plain_no_hi (gnt_hi_o with TWO_LEVEL = 0)";
    }
    // Bounds.  Banks whose wait ends (reset, grant, leaving) are cleared as a
    // group; only counting banks are visited one by one.
    if (UNLIKELY(!in.rst_n)) {
      clear(wait_hi, w_hi);
      clear(wait_lo, w_lo);
      wait_hi = wait_lo = 0;
      return nullptr;
    }
    const uint64_t taken = in.en ? g : 0;
    clear(wait_hi & ~(hreq & ~taken), w_hi);
    wait_hi &= hreq & ~taken;
    clear(wait_lo & ~(req & ~taken), w_lo);
    wait_lo &= req & ~taken;
    if (in.en) {
      for (uint64_t m = hreq & ~taken; m; m &= m - 1) {
        unsigned b = (unsigned)__builtin_ctzll(m);
        if (UNLIKELY(++w_hi[b] > c->nb - 1)) return "p_bound_hi (high-pool bank not granted within NB enabled cycles)";
        if (w_hi[b] > max_hi) max_hi = w_hi[b];
      }
      wait_hi |= hreq & ~taken;
      if (!hreq) {  // TWO_LEVEL = 0 always; else no bank requests high
        for (uint64_t m = req & ~taken; m; m &= m - 1) {
          unsigned b = (unsigned)__builtin_ctzll(m);
          if (UNLIKELY(++w_lo[b] > c->nb - 1)) return "p_bound_lo (low-pool bank not granted within NB counted cycles)";
          if (w_lo[b] > max_lo) max_lo = w_lo[b];
        }
        wait_lo |= req & ~taken;
      }
    }
    return nullptr;
  }

  static inline void clear(uint64_t m, uint8_t *w) {
    for (; m; m &= m - 1) w[__builtin_ctzll(m)] = 0;
  }
};

// --------------------------------------------------------------- run
struct Result {
  uint64_t cycles, outputs, grants, hi_grants;
  bool failed;
  const char *prop;            // nullptr: an output mismatch
  uint64_t fail_cycle;
  gmc_bankarb_out_t exp, act;
  gmc_bankarb_in_t hist[kHist];
  unsigned max_hi, max_lo;
};

template <bool TRACE>
static void run(const gmc_bankarb_cfg_t *cfg, const LsOpts &o, uint64_t stop_at, uint64_t trace_from,
                Vbankarb *top, VerilatedVcdC *tfp, Result *res) {
  gmc_bankarb_stim_t st;
  gmc_bankarb_stim_init(&st, o.stim_seed, cfg->nb, kResetShift);
  gmc_bankarb_state_t sbuf[2];
  gmc_bankarb_state_t *q = &sbuf[0], *d = &sbuf[1];
  gmc_bankarb_reset(cfg, q);
  gmc_bankarb_in_t in;
  gmc_bankarb_out_t out;
  Props props;
  props.init();
  uint64_t grants = 0, hi_grants = 0;

  // Power-up: inputs defined, reset released; the flops hold their random
  // initial state.  Not compared.  Cycle 0's rst_ni 1 -> 0 is a real
  // asynchronous reset edge.
  top->clk_i = 0;
  top->rst_ni = 1;
  top->en_i = 0;
  top->req_i = 0;
  top->hi_i = 0;
  top->eval();

  res->failed = false;
  res->prop = nullptr;
  uint64_t c;
  gmc_bankarb_stim_next(&st, 0, &in);
  for (c = 0; c < stop_at; c++) {
    if (TRACE) res->hist[c % kHist] = in;
    top->clk_i = 0;
    drive(top, in);
    gmc_bankarb_step(cfg, q, &in, d, &out);
    top->eval();
    if (TRACE && c >= trace_from) tfp->dump((uint64_t)(10 * c + 4));
    if (UNLIKELY(differs(top, out))) {
      res->failed = true;
      res->fail_cycle = c;
      res->exp = out;
      sample(top, &res->act);
      break;
    }
    if (const char *p = props.check(cfg, in, out)) {
      res->failed = true;
      res->prop = p;
      res->fail_cycle = c;
      res->exp = out;
      sample(top, &res->act);
      break;
    }
    grants += out.valid;
    hi_grants += out.gnt_hi;
    top->clk_i = 1;
    gmc_bankarb_stim_next(&st, out.gnt, &in);
    top->eval();
    if (TRACE && c >= trace_from) tfp->dump((uint64_t)(10 * c + 5));
    gmc_bankarb_state_t *t = q;
    q = d;
    d = t;
  }
  if (TRACE) tfp->dump((uint64_t)(10 * c + 9));
  res->cycles = c;
  res->outputs = c * kOutPorts;
  res->grants = grants;
  res->hi_grants = hi_grants;
  res->max_hi = props.max_hi;
  res->max_lo = props.max_lo;
}

static void print_in(const char *tag, uint64_t cyc, const gmc_bankarb_in_t &in) {
  int hexw = (BA_NB + 3) / 4;
  fprintf(stderr, "  %s cycle %" PRIu64 ": rst_ni %u en_i %u req_i %0*" PRIx64 " hi_i %0*" PRIx64 "\n",
          tag, cyc, in.rst_n, in.en, hexw, in.req, hexw, in.hi);
}

int main(int argc, char **argv) {
  LsOpts o;
  char built[256];
  snprintf(built, sizeof built, "NB %d, TWO_LEVEL %d", BA_NB, BA_TWO_LEVEL);
  ls_parse(argc, argv, "bankarb", built, &o);

  char err[256];
  gmc_bankarb_cfg_t cfg;
  if (gmc_bankarb_cfg_init(&cfg, BA_NB, BA_TWO_LEVEL, err, sizeof err)) {
    fprintf(stderr, "lockstep bankarb: %s\n", err);
    return 2;
  }
  if (check_port_types()) return 2;

  printf("lockstep bankarb: NB %d TWO_LEVEL %d: %" PRIu64 " cycles, stim-seed %" PRIu64
         ", init-seed %d\n",
         BA_NB, BA_TWO_LEVEL, o.cycles, o.stim_seed, o.init_seed);
  fflush(stdout);

  VerilatedContext *ctx = ls_new_context(o, false);
  Vbankarb *top = new Vbankarb(ctx);
  Result res;
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  run<false>(&cfg, o, o.cycles, 0, top, nullptr, &res);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double sec = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
  top->final();
  delete top;
  delete ctx;

  if (res.failed) {
    const uint64_t c = res.fail_cycle;
    VerilatedContext *tctx = ls_new_context(o, true);
    Vbankarb *ttop = new Vbankarb(tctx);
    VerilatedVcdC *tfp = new VerilatedVcdC;
#if VM_TRACE
    ttop->trace(tfp, 99);
    tfp->open(o.vcd);
#endif
    Result rr;
    uint64_t from = c > o.window ? c - o.window : 0;
    run<true>(&cfg, o, c + 1, from, ttop, tfp, &rr);
#if VM_TRACE
    tfp->close();
#endif
    if (res.prop)
      fprintf(stderr,
              "PROPERTY %s violated: block bankarb NB %d TWO_LEVEL %d stim-seed %" PRIu64
              " init-seed %d: cycle %" PRIu64 " (C and RTL agree)\n",
              res.prop, BA_NB, BA_TWO_LEVEL, o.stim_seed, o.init_seed, c);
    else
      fprintf(stderr,
              "MISMATCH block bankarb NB %d TWO_LEVEL %d stim-seed %" PRIu64
              " init-seed %d: cycle %" PRIu64 "\n",
              BA_NB, BA_TWO_LEVEL, o.stim_seed, o.init_seed, c);
#define X_REPORT_in(field, rtl, width)
#define X_REPORT_out(field, rtl, width)                                                    \
  fprintf(stderr, "  port %-9s expected %0*" PRIx64 " actual %0*" PRIx64 "%s\n", #rtl,       \
          (int)(((width) + 3) / 4), (uint64_t)res.exp.field, (int)(((width) + 3) / 4),      \
          (uint64_t)res.act.field,                                                          \
          (uint64_t)res.exp.field != (uint64_t)res.act.field ? "   <-- differs" : "");
#define X_REPORT(dir, field, width, rtl) X_REPORT_##dir(field, rtl, width)
    GMC_BANKARB_PORTS(X_REPORT, BA_NB)
    if (!rr.failed || rr.fail_cycle != c || rr.prop != res.prop ||
        memcmp(&rr.act, &res.act, sizeof rr.act))
      fprintf(stderr, "  (the traced re-run did not reproduce the failure: nondeterminism?)\n");
    fprintf(stderr, "  last %u cycles of inputs:\n", kHist);
    for (uint64_t k = c + 1 > kHist ? c + 1 - kHist : 0; k <= c; k++)
      print_in(k == c ? "->" : "  ", k, rr.hist[k % kHist]);
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

  printf("cycles compared: %" PRIu64 ", outputs compared: %" PRIu64 ", grants: %" PRIu64
         " (high pool %" PRIu64 "), longest waits: high %u, low %u of bound %d\n",
         res.cycles, res.outputs, res.grants, res.hi_grants, res.max_hi, res.max_lo, BA_NB - 1);
  printf("lockstep bankarb: %.3f s, %.1f Mcycles/s (2 eval/cycle)\n", sec,
         sec > 0 ? (double)res.cycles / sec / 1e6 : 0.0);
  if (res.cycles < o.cycles || res.outputs == 0 || (o.cycles >= 1000 && res.grants == 0) ||
      (o.cycles >= 1000 && BA_TWO_LEVEL && res.hi_grants == 0)) {
    fprintf(stderr, "lockstep bankarb: FAIL: compared %" PRIu64 " of %" PRIu64
            " cycles, %" PRIu64 " grants (%" PRIu64 " high)\n",
            res.cycles, o.cycles, res.grants, res.hi_grants);
    return 1;
  }
  printf("lockstep bankarb: PASS\n");
  return 0;
}
