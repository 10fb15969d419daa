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
 * the hook costs a load and a branch that is never taken. */
#ifndef GMC_OBSERVE_H
#define GMC_OBSERVE_H
#ifdef __cplusplus
extern "C" {
#endif

typedef void (*gmc_observe_fn)(const void *inst, const void *cfg, const void *in, const void *out);

#define GMC_OBSERVE(hook, inst, cfg, in, out)                 \
    do {                                                      \
        if (__builtin_expect((hook) != 0, 0))                 \
            (hook)((inst), (cfg), (in), (out));               \
    } while (0)

#ifdef __cplusplus
}
#endif
#endif
