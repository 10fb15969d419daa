/* The test-only fault word (gmc_test_fault_impl.h). */
#include "mc/gmc_test_fault_impl.h"

unsigned gmc_test_faults;
