// lockstep_gmc_wmc: Verilator lockstep co-simulation of rtl/gmc_wmc.sv against
// its C twin model/blocks/gmc_wmc.c (gmc_wmc_step), cycle by cycle.
//
// The Verilated model is rtl/gmc_wmc.sv built with -GSM_BITS=.. and the other
// seven parameters; the same eight values are compiled into this harness
// (-D WMC_SM .. WMC_PT) and configure the C side, and every port's C++ type
// is checked against the width the X-macro GMC_WMC_PORTS gives for them, so
// the two sides cannot be configured differently.  The Verilated class is
// Vwmc (verilator --prefix Vwmc); tb/cosim_wmc.mk builds one per configuration.
//
// Each cycle both sides get identical inputs from the shared stimulus
// (gmc_wmc_stim_next, model/vec/gmc_vec_wmc.h: the generator the vector
// writer uses, seeded from the printed --stim-seed) and every output port is
// compared through the X-macro.  The C state is stepped in place (d = q), as
// the system harness calls it.  A real reset edge starts the run (rst_ni
// 1 -> 0 for 2 cycles, after a random power-up state from --x-initial unique
// + randReset(2)); random resets follow (1 in 2^12 cycles).
//
// Coverage: the run counts what it exercised (H/M/L answers, ovf, unf, alias,
// svc_last, enq+svc cancels, RS clear-vs-increment collisions, PT writes by
// open+svc+sch in one bank, pick ties and ties won by pref, saturated picks,
// hi_o changes, resets) and fails if any of them stayed 0 (alias only with
// PC_HASH_BITS > 0, M answers only with PEND_BITS > 1, ties only with ROWS > 1,
// saturated picks only with SCORE_BITS <= 3),
// so a harness that exercised nothing cannot pass.
//
// On a mismatch ("MISMATCH ..."): block, configuration, seeds, cycle, every
// output expected/actual, the last 8 cycles of inputs, then a deterministic
// re-run with VCD tracing switched on only for the cycles before the
// failure; exit 1.
//
// usage: lockstep_gmc_wmc [--cycles N] [--stim-seed S] [--init-seed I]
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
#include "Vwmc.h"

#include "blocks/gmc_wmc.h"
#include "util/gmc_rng.h"
#include "vec/gmc_vec_wmc.h"

#if !defined(WMC_SM) || !defined(WMC_WARP) || !defined(WMC_HASH) || !defined(WMC_PEND) || \
    !defined(WMC_NB) || !defined(WMC_ROWS) || !defined(WMC_SCORE) || !defined(WMC_PT)
#error "build with -DWMC_SM= -DWMC_WARP= -DWMC_HASH= -DWMC_PEND= -DWMC_NB= -DWMC_ROWS= -DWMC_SCORE= -DWMC_PT= (tb/cosim_wmc.mk)"
#endif

#define LIKELY(x)   __builtin_expect(!!(x), 1)
#define UNLIKELY(x) __builtin_expect(!!(x), 0)

#define WMC_GW (WMC_SM + WMC_WARP + WMC_HASH)
#define WMC_RB GMC_WMC_CLOG2(WMC_ROWS)
#define WMC_CB GMC_WMC_CLOG2(WMC_PT)
#define WMC_PORTS(X) \
  GMC_WMC_PORTS(X, WMC_SM, WMC_WARP, WMC_GW, WMC_NB, WMC_ROWS, WMC_RB, WMC_CB, WMC_PEND, WMC_SCORE)

static const unsigned kHist = 8;         // input history printed on failure
static const unsigned kResetShift = 12;  // a random reset every ~4096 cycles

#define X_COUNT_in(field, rtl)
#define X_COUNT_out(field, rtl) +1
#define X_COUNT(dir, field, width, rtl) X_COUNT_##dir(field, rtl)
static const unsigned kOutPorts = 0 WMC_PORTS(X_COUNT);

// --------------------------------------------------------------- adapter
static inline void drive(Vwmc *top, const gmc_wmc_in_t &in) {
#define X_DRIVE_in(field, rtl) \
  top->rtl = static_cast<std::remove_reference<decltype(top->rtl)>::type>(in.field);
#define X_DRIVE_out(field, rtl)
#define X_DRIVE(dir, field, width, rtl) X_DRIVE_##dir(field, rtl)
  WMC_PORTS(X_DRIVE)
}

static inline uint64_t differs(const Vwmc *top, const gmc_wmc_out_t &out) {
  uint64_t d = 0;
#define X_DIFF_in(field, rtl)
#define X_DIFF_out(field, rtl) d |= (uint64_t)top->rtl ^ (uint64_t)out.field;
#define X_DIFF(dir, field, width, rtl) X_DIFF_##dir(field, rtl)
  WMC_PORTS(X_DIFF)
  return d;
}

static void sample(const Vwmc *top, gmc_wmc_out_t *o) {
  memset(o, 0, sizeof *o);
#define X_SAMPLE_in(field, rtl)
#define X_SAMPLE_out(field, rtl) o->field = top->rtl;
#define X_SAMPLE(dir, field, width, rtl) X_SAMPLE_##dir(field, rtl)
  WMC_PORTS(X_SAMPLE)
}

static int check_port_types() {
  int bad = 0;
  Vwmc *top = nullptr;
#define X_TYPE(dir, field, width, rtl)                                                    \
  {                                                                                       \
    unsigned want = (width) <= 8 ? 1 : (width) <= 16 ? 2 : (width) <= 32 ? 4 : 8;         \
    if (sizeof(top->rtl) != want) {                                                       \
      fprintf(stderr, "lockstep wmc: port %s is %zu bytes in the Verilated model, "      \
              "%u bits need %u: model and harness built for different parameters\n",     \
              #rtl, sizeof(top->rtl), (unsigned)(width), want);                           \
      bad = 1;                                                                            \
    }                                                                                     \
  }
  WMC_PORTS(X_TYPE)
  (void)top;
  return bad;
}

// --------------------------------------------------------------- coverage
enum {
  CV_PRIO_L, CV_PRIO_M, CV_PRIO_H, CV_OVF, CV_UNF, CV_ALIAS, CV_SVC_LAST, CV_CANCEL,
  CV_RS_CLEAR_WINS, CV_PT_TRIPLE, CV_PICK, CV_PICK_TIE, CV_PICK_TIE_PREF, CV_PICK_SAT,
  CV_HI_CHANGE, CV_RESET, CV_N
};
static const char *const kCvName[CV_N] = {
  "prio_L", "prio_M", "prio_H", "ovf", "unf", "alias", "svc_last", "enq_svc_cancel",
  "rs_clear_wins", "pt_open_svc_sch", "picks", "pick_ties", "pick_ties_to_pref", "pick_saturated",
  "hi_changes", "resets"};

struct Cov {
  uint64_t n[CV_N];
  uint64_t last_hi;
  // Called before the in-place step (q is this cycle's state).
  inline void pre(const gmc_wmc_cfg_t *c, const gmc_wmc_state_t *q, const gmc_wmc_in_t &in) {
    if (!in.rst_n) return;
    const uint32_t wm = c->wet_entries - 1;
    const uint32_t ei = gmc_wmc_gwid(c, in.enq_sm, in.enq_warp, in.enq_pc) & wm;
    if (in.enq && in.svc && ei == (in.svc_gwid & wm)) n[CV_CANCEL]++;
    if (in.enq && in.open && in.enq_bank == in.open_bank && in.enq_bank < c->nb &&
        ((in.enq_row ^ in.open_row) & (c->rows - 1)) == 0 && q->wet_q[ei] == 0 && !in.svc)
      n[CV_RS_CLEAR_WINS]++;
    if (in.open && in.svc && in.sch && in.open_bank == in.svc_bank && in.svc_bank == in.sch_bank &&
        in.open_bank < c->nb)
      n[CV_PT_TRIPLE]++;
    if (in.pick && in.pick_bank < c->nb) {
      uint64_t m = in.pick_mask & (c->rows >= 64 ? ~0ull : (1ull << c->rows) - 1);
      if (m) {
        unsigned best = 0, cnt = 0, lowest = 0;
        for (uint64_t k = m; k; k &= k - 1) {
          unsigned s = (unsigned)__builtin_ctzll(k), v = q->rs_q[in.pick_bank][s];
          if (!cnt || v > best) best = v, cnt = 1, lowest = s;
          else if (v == best) cnt++;
        }
        unsigned pref = in.pick_pref & (c->rows - 1);
        if (cnt > 1) {
          n[CV_PICK_TIE]++;
          if (pref != lowest && ((m >> pref) & 1) && q->rs_q[in.pick_bank][pref] == best)
            n[CV_PICK_TIE_PREF]++;
        }
      }
    }
  }
  inline void post(const gmc_wmc_cfg_t *c, const gmc_wmc_in_t &in, const gmc_wmc_out_t &o) {
    if (!in.rst_n) {
      n[CV_RESET]++;
    } else {
      n[CV_PRIO_L + o.pq_prio]++;
      n[CV_OVF] += o.wet_ovf;
      n[CV_UNF] += o.wet_unf;
      n[CV_ALIAS] += o.enq_alias;
      n[CV_SVC_LAST] += o.svc_last;
      n[CV_PICK] += o.pick_valid;
      n[CV_PICK_SAT] += o.pick_valid && o.pick_score == (1u << c->score_bits) - 1;
    }
    if (o.hi != last_hi) n[CV_HI_CHANGE]++;
    last_hi = o.hi;
  }
};

// What the configuration can show at all: alias needs PC_HASH_BITS > 0, an M
// answer a count of 2 (PEND_BITS > 1), a tie two slots (ROWS > 1).
static bool required(int k) {
  if (k == CV_ALIAS) return WMC_HASH > 0;
  if (k == CV_PRIO_M) return WMC_PEND > 1;
  if (k == CV_PICK_TIE || k == CV_PICK_TIE_PREF) return WMC_ROWS > 1;
  // A saturated score needs 2^SCORE_BITS - 1 first requests to one slot
  // between two opens: required only up to SCORE_BITS = 3.
  if (k == CV_PICK_SAT) return WMC_SCORE <= 3;
  return true;
}

// --------------------------------------------------------------- run
struct Result {
  uint64_t cycles, outputs;
  bool failed;
  uint64_t fail_cycle;
  gmc_wmc_out_t exp, act;
  gmc_wmc_in_t hist[kHist];
  Cov cov;
};

static gmc_wmc_state_t g_state;   // ~25 KB: one state, stepped in place
static gmc_wmc_stim_t g_stim;

template <bool TRACE>
static void run(const gmc_wmc_cfg_t *cfg, const LsOpts &o, uint64_t stop_at, uint64_t trace_from,
                Vwmc *top, VerilatedVcdC *tfp, Result *res) {
  gmc_wmc_stim_init(&g_stim, cfg, o.stim_seed, kResetShift);
  gmc_wmc_state_t *q = &g_state;
  gmc_wmc_reset(cfg, q);
  gmc_wmc_in_t in;
  gmc_wmc_out_t out;
  memset(&res->cov, 0, sizeof res->cov);
  Cov &cov = res->cov;

  // Power-up: inputs defined (all zero), reset released; the flops hold
  // their random initial state.  Not compared.  Cycle 0's rst_ni 1 -> 0 is a
  // real asynchronous reset edge.
  memset(&in, 0, sizeof in);
  in.rst_n = 1;
  top->clk_i = 0;
  drive(top, in);
  top->eval();

  res->failed = false;
  uint64_t c;
  gmc_wmc_stim_next(&g_stim, &in);
  for (c = 0; c < stop_at; c++) {
    if (TRACE) res->hist[c % kHist] = in;
    top->clk_i = 0;
    drive(top, in);
    cov.pre(cfg, q, in);
    gmc_wmc_step(cfg, q, &in, q, &out);
    top->eval();
    if (TRACE && c >= trace_from) tfp->dump((uint64_t)(10 * c + 4));
    if (UNLIKELY(differs(top, out))) {
      res->failed = true;
      res->fail_cycle = c;
      res->exp = out;
      sample(top, &res->act);
      break;
    }
    cov.post(cfg, in, out);
    top->clk_i = 1;
    gmc_wmc_stim_next(&g_stim, &in);
    top->eval();
    if (TRACE && c >= trace_from) tfp->dump((uint64_t)(10 * c + 5));
  }
  if (TRACE) tfp->dump((uint64_t)(10 * c + 9));
  res->cycles = c;
  res->outputs = c * kOutPorts;
}

static void print_in(const char *tag, uint64_t cyc, const gmc_wmc_in_t &in) {
  fprintf(stderr, "  %s cycle %" PRIu64 ":", tag, cyc);
#define X_PRINT_in(field, rtl) fprintf(stderr, " %s %" PRIx64, #rtl, (uint64_t)in.field);
#define X_PRINT_out(field, rtl)
#define X_PRINT(dir, field, width, rtl) X_PRINT_##dir(field, rtl)
  WMC_PORTS(X_PRINT)
  fputc('\n', stderr);
}

#define CFG_FMT "SM_BITS %d WARP_BITS %d PC_HASH_BITS %d PEND_BITS %d NB %d ROWS %d SCORE_BITS %d PT_BITS %d"
#define CFG_ARGS WMC_SM, WMC_WARP, WMC_HASH, WMC_PEND, WMC_NB, WMC_ROWS, WMC_SCORE, WMC_PT

int main(int argc, char **argv) {
  LsOpts o;
  char built[256];
  snprintf(built, sizeof built, CFG_FMT, CFG_ARGS);
  ls_parse(argc, argv, "wmc", built, &o);

  char err[256];
  gmc_wmc_cfg_t cfg;
  memset(&cfg, 0, sizeof cfg);
  cfg.sm_bits = WMC_SM, cfg.warp_bits = WMC_WARP, cfg.pc_hash_bits = WMC_HASH;
  cfg.pend_bits = WMC_PEND, cfg.nb = WMC_NB, cfg.rows = WMC_ROWS;
  cfg.score_bits = WMC_SCORE, cfg.pt_bits = WMC_PT;
  if (gmc_wmc_cfg_init(&cfg, err, sizeof err)) {
    fprintf(stderr, "lockstep wmc: %s\n", err);
    return 2;
  }
  if (check_port_types()) return 2;

  printf("lockstep wmc: " CFG_FMT ": %" PRIu64 " cycles, stim-seed %" PRIu64 ", init-seed %d\n",
         CFG_ARGS, o.cycles, o.stim_seed, o.init_seed);
  fflush(stdout);

  VerilatedContext *ctx = ls_new_context(o, false);
  Vwmc *top = new Vwmc(ctx);
  static Result res;
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
    Vwmc *ttop = new Vwmc(tctx);
    VerilatedVcdC *tfp = new VerilatedVcdC;
#if VM_TRACE
    ttop->trace(tfp, 99);
    tfp->open(o.vcd);
#endif
    static Result rr;
    uint64_t from = c > o.window ? c - o.window : 0;
    run<true>(&cfg, o, c + 1, from, ttop, tfp, &rr);
#if VM_TRACE
    tfp->close();
#endif
    fprintf(stderr,
            "MISMATCH block wmc " CFG_FMT " stim-seed %" PRIu64 " init-seed %d: cycle %" PRIu64 "\n",
            CFG_ARGS, o.stim_seed, o.init_seed, c);
#define X_REPORT_in(field, rtl, width)
#define X_REPORT_out(field, rtl, width)                                                    \
  fprintf(stderr, "  port %-13s expected %0*" PRIx64 " actual %0*" PRIx64 "%s\n", #rtl,      \
          (int)(((width) + 3) / 4), (uint64_t)res.exp.field, (int)(((width) + 3) / 4),      \
          (uint64_t)res.act.field,                                                          \
          (uint64_t)res.exp.field != (uint64_t)res.act.field ? "   <-- differs" : "");
#define X_REPORT(dir, field, width, rtl) X_REPORT_##dir(field, rtl, width)
    WMC_PORTS(X_REPORT)
    if (!rr.failed || rr.fail_cycle != c || memcmp(&rr.act, &res.act, sizeof rr.act))
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

  printf("cycles compared: %" PRIu64 ", outputs compared: %" PRIu64 "\n", res.cycles, res.outputs);
  printf("coverage:");
  int zero = 0;
  for (int k = 0; k < CV_N; k++) {
    printf(" %s %" PRIu64, kCvName[k], res.cov.n[k]);
    if (res.cov.n[k] == 0 && required(k)) zero = 1;
  }
  printf("\n");
  printf("lockstep wmc: %.3f s, %.2f Mcycles/s (2 eval/cycle)\n", sec,
         sec > 0 ? (double)res.cycles / sec / 1e6 : 0.0);
  if (res.cycles < o.cycles || res.outputs == 0 || (o.cycles >= 100000 && zero)) {
    fprintf(stderr, "lockstep wmc: FAIL: compared %" PRIu64 " of %" PRIu64
            " cycles; coverage counters that stayed 0:",
            res.cycles, o.cycles);
    for (int k = 0; k < CV_N; k++)
      if (res.cov.n[k] == 0 && required(k)) fprintf(stderr, " %s", kCvName[k]);
    fprintf(stderr, "\n");
    return 1;
  }
  printf("lockstep wmc: PASS\n");
  return 0;
}
