/* assert_near() for the cmocka tests: include after <cmocka.h>. */
#ifndef GMC_TEST_NEAR_H
#define GMC_TEST_NEAR_H

#include <math.h>

/* cmocka 1.1.5 compares floats only; doubles to an absolute tolerance: */
#define assert_near(a, b, eps)                                               \
    do {                                                                     \
        double a_ = (a), b_ = (b);                                           \
        if (!(fabs(a_ - b_) <= (eps)))                                       \
            fail_msg("%s = %.17g, expected %.17g (+-%g)", #a, a_, b_,        \
                     (double)(eps));                                         \
    } while (0)

#endif
