/* gmc_observe: the seam that puts a block's RTL in the loop of the system
 * harness (docs/adding-a-block.md "RTL in the loop").
 *
 * Each RTL-twinned block has one hook, gmc_<b>_observer, NULL in gmc.
 * Where the harness calls the block's step (the committed call of a
 * cycle), it then calls GMC_OBSERVE(gmc_<b>_observer, inst, cfg, in, out):
 * inst is the C instance (one per controller, allocator, memory system: it
 * names the RTL instance that shadows it), cfg the step's configuration,
 * in and out the step's input and output structs (gmc_<b>_in_t /
 * _out_t).  gmc-rtl (tb/rtl_loop/) sets the hooks and steps a Verilated
 * model per instance with the same inputs, comparing every output.  In gmc
 * the hook costs a load and a branch that is never taken.
 *
 * A harness that reads a block's combinational outputs without stepping
 * it (Warped-MC's tables: the pick, a warp's level) calls the hook with
 * the ports of that read and `outs`, the outputs it
 * computed (bit k = the k-th output port in the X-macro's order): the RTL
 * is evaluated with the clock low, no edge, and those outputs compared. */
#ifndef GMC_OBSERVE_H
#define GMC_OBSERVE_H
#ifdef __cplusplus
extern "C" {
#endif

#include <stdint.h>

/* outs: 0 = a step (every output compared, then the clock edge); else a
 * combinational read comparing the outputs in outs. */
typedef void (*gmc_observe_fn)(const void *inst, const void *cfg, const void *in, const void *out,
                               uint64_t outs);

#define GMC_OBSERVE(hook, inst, cfg, in, out)                 \
    do {                                                      \
        if (__builtin_expect((hook) != 0, 0))                 \
            (hook)((inst), (cfg), (in), (out), 0);            \
    } while (0)

#ifdef __cplusplus
}
#endif
#endif
