/* gmc_netload: one interconnect (gpu/gmc_icnt.h) under open-loop synthetic
 * load, the standard network measurement: latency and accepted throughput
 * against injection rate, and the row locality of Yuan et al. [MICRO'09]
 * (Figs. 1 and 6) before and after the network.  `gmc icnt` runs it.
 *
 * Traffic.  Every packet is a read request of cfg.bytes bytes; its address
 * encodes a DRAM bank and row, addr = row << log2(banks) | bank, and the
 * run sets the network's locate hook to decode it (so RMHG and HMHG hold
 * by those rows).  Each cycle every input creates a packet with
 * probability rate (Bernoulli) and appends it to its own unbounded source
 * queue; the queue's head is sent when the network takes it (one packet
 * per input per cycle).  Patterns:
 *   uniform    each packet to an output and a (bank, row) drawn uniformly;
 *   rowstream  each input has one stream per output, each at a (bank,
 *              row) that it keeps for a run of geometric length with mean
 *              `locality` (after every packet the run ends with
 *              probability 1 / locality) and then leaves for another
 *              (bank, row) drawn uniformly among the others; the input
 *              sends to one output for a stretch of geometric length with
 *              mean `dst_run` packets, then picks the next output uniformly.
 *   Per cycle the random draws are made input by input, in a fixed order,
 *   from one generator seeded with cfg.seed, and never depend on the
 *   network: every network and hold policy sees the same packets.
 *
 * Measurement.  `warmup` cycles, then a window of `cycles` cycles, then a
 * drain until every packet created in the window is ejected (packets keep
 * being created meanwhile, so the last measured ones see the same load).
 * Every output's ejectable packets are popped each cycle (an ideal sink).
 * Latency is ejection cycle - creation cycle of the packets created in the
 * window, so back-pressure into the source queues shows as latency.
 * Offered and accepted throughput: packets created and ejected during the
 * window, per input per cycle.  Row locality (analysis/gmc_rowloc.h), over
 * the window: before the network, per (input, output) stream in creation
 * order; after, per output in ejection order; each the mean run length of
 * all runs (gmc_rowloc_pooled).
 *
 * A run that ejects nothing for `stall` cycles while packets are in the
 * network, or whose source queues pass `max_backlog` packets, stops with
 * an error (a network that deadlocks; a load far past saturation for too
 * long a window). */
#ifndef GMC_NETLOAD_H
#define GMC_NETLOAD_H
#include <stddef.h>
#include <stdint.h>
#include "gpu/gmc_icnt.h"
#ifdef __cplusplus
extern "C" {
#endif

enum { GMC_NETLOAD_UNIFORM = 0, GMC_NETLOAD_ROWSTREAM, GMC_NETLOAD_PATTERNS };

typedef struct {
    uint32_t pattern;       /* GMC_NETLOAD_UNIFORM, GMC_NETLOAD_ROWSTREAM */
    double   rate;          /* packets per input per cycle, (0, 1] */
    double   locality;      /* rowstream: mean run to one (bank, row) per stream, >= 1 */
    double   dst_run;       /* rowstream: mean packets in a row to one output, >= 1 */
    uint32_t banks;         /* banks, a power of two in 1..32 */
    uint64_t rows;          /* rows per bank, a power of two in 2..2^32 */
    uint32_t bytes;         /* packet size on the wire, 1..65535 */
    uint64_t warmup;        /* cycles before the window */
    uint64_t cycles;        /* the measurement window, >= 1 */
    uint64_t stall;         /* cycles without an ejection that end the run (0: 100000) */
    uint64_t max_backlog;   /* packets waiting in all source queues (0: 2^25) */
    uint64_t seed;
} gmc_netload_cfg_t;

typedef struct {
    double   offered;       /* packets created in the window, per input per cycle */
    double   accepted;      /* packets ejected in the window, per input per cycle */
    uint64_t packets;       /* packets created in the window (all measured) */
    double   lat_mean;      /* over those packets, cycles */
    uint64_t lat_p99;       /* nearest rank: the ceil(0.99 n)-th smallest */
    uint64_t lat_max;
    double   loc_before;    /* row locality at creation, per (input, output) stream */
    double   loc_after;     /* at ejection, per output */
    uint64_t holds, hold_ends;   /* the network's allocator's, over the whole run */
    uint64_t end_cycle;     /* the cycle the drain ended */
} gmc_netload_result_t;

/* Fills c with the defaults (rowstream, rate 0.1, locality 4, dst_run 4,
 * 4 banks x 4096 rows (Yuan et al.'s GDDR3, sec. 3.4), 8-byte packets
 * (gmc's read request: a header), warm-up 1000, window 10000, seed 1). */
void gmc_netload_cfg_default(gmc_netload_cfg_t *c);
/* Each field in its range: 0, or -1 with one line naming the field. */
int gmc_netload_cfg_check(const gmc_netload_cfg_t *c, char *err, size_t n);
/* The pattern by name ("uniform", "rowstream"): 0, or -1 with "expected
 * one of uniform, rowstream, found 'NAME'" in err. */
int gmc_netload_pattern_find(const char *name, uint32_t *pattern, char *err, size_t n);
const char *gmc_netload_pattern_name(uint32_t pattern);   /* NULL past the end */

/* The network the run builds from net: net with the run's locate hook,
 * and the hold's row and bank widths from c's rows and banks. */
void gmc_netload_net_cfg(const gmc_icnt_cfg_t *net, const gmc_netload_cfg_t *c, gmc_icnt_cfg_t *out);

/* What a run checks first: c's ranges (gmc_netload_cfg_check), at most
 * 2^20 input-output pairs and inputs x cycles at most 2^27 (the window's
 * latencies are kept for the p99).  0, or -1 with one line in err. */
int gmc_netload_check(const gmc_icnt_cfg_t *net, const gmc_netload_cfg_t *c, char *err, size_t n);

/* One run on a new network of topology topo (net as gmc_netload_net_cfg
 * makes it), after gmc_netload_check.  0, or -1 with one line in err
 * (the check's; the network's own error if it cannot be built; a stall;
 * the backlog). */
int gmc_netload_run(const gmc_icnt_topo_t *topo, const gmc_icnt_cfg_t *net, const gmc_netload_cfg_t *c,
                    gmc_netload_result_t *r, char *err, size_t n);

/* The zero-load latency: one packet of c->bytes alone in the network,
 * from every input to every output in turn; the mean of those latencies
 * (ejection cycle - send cycle) in *lat.  0, or -1 with one line in err. */
int gmc_netload_zero_load(const gmc_icnt_topo_t *topo, const gmc_icnt_cfg_t *net, const gmc_netload_cfg_t *c,
                          double *lat, char *err, size_t n);

#ifdef __cplusplus
}
#endif
#endif
