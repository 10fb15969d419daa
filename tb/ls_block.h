// ls_block.h: what every C++ harness of a block (the lockstep,
// tb/lockstep_main.h; gmc-rtl's models, tb/rtl_loop/; the SystemC bench,
// tb/sc_bench.h) takes from the block's adapter tb/lockstep_gmc_<blk>.cpp:
// the C twin's names from LS_NAME (or LS_BLOCK, LS_IN, LS_OUT, LS_STEP) and
// the Verilated model's ports from the X-macro LS_PORTS, for any model
// class T whose ports are plain members (verilator --cc).
#ifndef GMC_LS_BLOCK_H
#define GMC_LS_BLOCK_H
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <type_traits>

#include "vec/gmc_block.h"

#define LS_CAT3_(a, b, c) a##b##c
#define LS_CAT3(a, b, c) LS_CAT3_(a, b, c)
#ifdef LS_NAME
#define LS_BLOCK LS_CAT3(gmc_block_, LS_NAME, )
#define LS_IN    LS_CAT3(gmc_, LS_NAME, _in_t)
#define LS_OUT   LS_CAT3(gmc_, LS_NAME, _out_t)
#define LS_STEP(c, q, in, out)                                                            \
  LS_CAT3(gmc_, LS_NAME, _step)((const LS_CAT3(gmc_, LS_NAME, _cfg_t) *)(c),              \
                                (const LS_CAT3(gmc_, LS_NAME, _state_t) *)(q), in,        \
                                (LS_CAT3(gmc_, LS_NAME, _state_t) *)(q), out)
#endif
#if !defined(LS_BLOCK) || !defined(LS_IN) || !defined(LS_OUT) || !defined(LS_STEP) || !defined(LS_PORTS)
#error "define LS_NAME (or LS_BLOCK, LS_IN, LS_OUT, LS_STEP) and LS_PORTS before including a harness (tb/ls_block.h)"
#endif
extern "C" const gmc_block_t LS_BLOCK;

namespace {

// Verilated ports: <= 8/16/32 bits are CData/SData/IData, 33..64 QData; a
// cast to the port's type and a uint64_t compare cover every width.
template <class T>
inline void drive(T *top, const LS_IN &in) {
#define X_DRIVE_in(field, rtl) \
  top->rtl = static_cast<typename std::remove_reference<decltype(top->rtl)>::type>(in.field);
#define X_DRIVE_out(field, rtl)
#define X_DRIVE(dir, field, width, rtl) X_DRIVE_##dir(field, rtl)
  LS_PORTS(X_DRIVE)
}

// Non-zero if any output differs (one branch per cycle on the fast path).
template <class T>
inline uint64_t differs(const T *top, const LS_OUT &out) {
  uint64_t d = 0;
#define X_DIFF_in(field, rtl)
#define X_DIFF_out(field, rtl) d |= (uint64_t)top->rtl ^ (uint64_t)out.field;
#define X_DIFF(dir, field, width, rtl) X_DIFF_##dir(field, rtl)
  LS_PORTS(X_DIFF)
  return d;
}

template <class T>
void sample(const T *top, LS_OUT *o) {
  memset(o, 0, sizeof *o);  // padding too: two samples are memcmp'd
#define X_SAMPLE_in(field, rtl)
#define X_SAMPLE_out(field, rtl) o->field = top->rtl;
#define X_SAMPLE(dir, field, width, rtl) X_SAMPLE_##dir(field, rtl)
  LS_PORTS(X_SAMPLE)
}

// The Verilated ports' sizes, in port order.
template <class T>
unsigned port_sizes(unsigned *sz) {
  unsigned k = 0;
  T *top = nullptr;
#define X_SIZE(dir, field, width, rtl) sz[k++] = (unsigned)sizeof(top->rtl);
  LS_PORTS(X_SIZE)
  (void)top;
  return k;
}

// Prints the coverage counters ("coverage: name N ..."); true if one that
// the configuration can show stayed 0.
inline bool ls_coverage(const gmc_block_t *b, const void *cfg, const uint64_t *cov) {
  bool zero = false;
  if (!b->ncov) return false;
  printf("coverage:");
  for (unsigned k = 0; k < b->ncov; k++) {
    const bool req = !b->cov_required || b->cov_required(cfg, k);
    printf(" %s %" PRIu64 "%s", b->cov_names[k], cov[k], req ? "" : "(n/a)");
    zero |= cov[k] == 0 && req;
  }
  printf("\n");
  return zero;
}

}  // namespace

#endif
