// lockstep_common.h: the lockstep harness's options, the seeding of
// Verilator's random initial state, the Verilator context and a wall clock
// (used by tb/lockstep_main.h, the one harness every block's adapter
// tb/lockstep_gmc_<blk>.cpp includes).
#ifndef GMC_LOCKSTEP_COMMON_H
#define GMC_LOCKSTEP_COMMON_H
#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>

#include <verilated.h>

#include "util/gmc_rng.h"

struct LsOpts {
  uint64_t cycles = 1000000;
  uint64_t stim_seed = 1;
  int init_seed = 0;  // 0: derived from stim_seed
  const char *vcd = nullptr;
  uint64_t window = 32;
};

static uint64_t ls_parse_u64(const char *block, const char *opt, const char *s) {
  char *end;
  errno = 0;
  if (!s || !*s || *s == '-') {
    fprintf(stderr, "lockstep %s: %s expects a number\n", block, opt);
    exit(2);
  }
  unsigned long long v = strtoull(s, &end, 0);
  if (errno || *end) {
    fprintf(stderr, "lockstep %s: %s expects a number, found '%s'\n", block, opt, s);
    exit(2);
  }
  return v;
}

// Parses [--cycles N] [--stim-seed S] [--init-seed I] [--vcd FILE] [--window K]
// into *o (vcd defaults to lockstep_gmc_<block>_fail.vcd).  --help prints the
// usage and `built` (the configuration compiled in) and exits 0; anything
// else unknown exits 2.  An init seed of 0 is replaced by one derived from
// the stimulus seed: Verilator treats 0 as "from the clock".
static void ls_parse(int argc, char **argv, const char *block, const char *built, LsOpts *o) {
  static char vcd[96];
  snprintf(vcd, sizeof vcd, "lockstep_gmc_%s_fail.vcd", block);
  o->vcd = vcd;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    const char *v = i + 1 < argc ? argv[i + 1] : nullptr;
    if (!strcmp(a, "--cycles")) o->cycles = ls_parse_u64(block, a, v), i++;
    else if (!strcmp(a, "--stim-seed")) o->stim_seed = ls_parse_u64(block, a, v), i++;
    else if (!strcmp(a, "--init-seed")) o->init_seed = (int)(ls_parse_u64(block, a, v) & 0x7fffffff), i++;
    else if (!strcmp(a, "--window")) o->window = ls_parse_u64(block, a, v), i++;
    else if (!strcmp(a, "--vcd") && v) o->vcd = v, i++;
    else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
      printf("usage: %s [--cycles N] [--stim-seed S] [--init-seed I] [--vcd FILE] [--window K]\n"
             "built for %s\n", argv[0], built);
      exit(0);
    } else {
      fprintf(stderr, "lockstep %s: unknown option '%s' (--help)\n", block, a);
      exit(2);
    }
  }
  if (o->init_seed == 0) {
    gmc_rng_t r;
    gmc_rng_seed(&r, o->stim_seed ^ 0x6c6f636b73746570ull);
    o->init_seed = (int)(gmc_rng_u64(&r) & 0x7fffffff) | 1;
  }
}

// A context with every flop at a random initial value (with --x-initial
// unique) from the init seed; trace = true for the failure re-run.
static VerilatedContext *ls_new_context(const LsOpts &o, bool trace) {
  VerilatedContext *ctx = new VerilatedContext;
  ctx->randReset(2);
  ctx->randSeed(o.init_seed);
#if VM_TRACE
  if (trace) ctx->traceEverOn(true);
#else
  (void)trace;
#endif
  return ctx;
}

static double ls_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

#endif
