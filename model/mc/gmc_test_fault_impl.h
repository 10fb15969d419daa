/* Test-only faults of the memory system: each switch re-creates a bug
 * that was fixed, so that an exactness test (make equiv, the unit tests
 * of skipping) shows it can fail.  A process-wide word, 0 in every real
 * run, read where the bug was: not a field of any config or struct, and
 * not in a public header.  A test sets it around the runs it means to
 * break (tests/equiv/mem_equiv.c --fault F) and sets it back to 0. */
#ifndef GMC_TEST_FAULT_IMPL_H
#define GMC_TEST_FAULT_IMPL_H

enum {
    GMC_FAULT_WARP_TOUCH  = 1,   /* other channels miss warp-table changes */
    GMC_FAULT_WAKE_HOOK   = 2,   /* gmc_mc_wake ignores what on_enqueue changed */
    GMC_FAULT_REFRESH_ACT = 4,   /* an ACT may issue that refresh will close unused
                                    (livelocks with tREFI near tRFC) */
    GMC_FAULT_ROWPOL      = 8,   /* gmc_mc_wake ignores the row policy */
};

extern unsigned gmc_test_faults;

static inline int gmc_test_fault(unsigned f) { return __builtin_expect((gmc_test_faults & f) != 0, 0); }

#endif
