/* gmc_overhead: analytic price of scheduler logic in bits, from parameters.
 *  - Warped-MC storage per memory controller (Warped-MC [ICPP'23] sec. 5.5, Table 3)
 *  - FR-FCFS and banked-FIFO bit comparisons per DRAM command clock
 *    (Yuan et al. [MICRO'09] sec. 3.4, Table 1)
 *  - the PCM write queue gmc_pcmwq: bits stored and address comparators. */
#ifndef GMC_OVERHEAD_H
#define GMC_OVERHEAD_H
#include <stddef.h>
#include <stdint.h>
#include "blocks/gmc_pcmwq.h"
#include "blocks/gmc_wmc.h"
#ifdef __cplusplus
extern "C" {
#endif

/* ceil(log2(x)) for x >= 1: the bits needed to index x things. */
unsigned gmc_clog2(uint64_t x);

typedef struct {
    unsigned sms;           /* SMs (32, Warped-MC [ICPP'23] Table 2) */
    unsigned warps;         /* warps per SM (32) */
    unsigned max_pending;   /* most requests one warp can have pending (32: fully uncoalesced) */
    unsigned banks;         /* banks per channel (16) */
    unsigned rows;          /* row-score slots per bank (64) */
    unsigned score_bits;    /* bits per row score (4) */
    unsigned pt_bits;       /* bits per priority-table entry (64 = 1 KB row / 16 B) */
    unsigned pc_hash_bits;  /* PC-hash tag kept per WET entry (0 in Table 3) */
    unsigned started_bits;  /* 1: a started bit per WET entry, what Algorithm 1's reading
                             * needs (the default; gmc_wmc SCORE_AT schedule / M_RULE
                             * started); 0: Table 3's count (SCORE_AT receive, M_RULE
                             * pending2) */
} gmc_wmc_params_t;

typedef struct {
    const char *name;       /* "wat", "wet", "rs", "pt" */
    uint64_t entry_bits, entries, bits;
} gmc_table_cost_t;

typedef struct {
    gmc_table_cost_t t[GMC_WMC_NTABLES];   /* gmc_wmc_tables' (blocks/gmc_wmc.h), priced */
    uint64_t total_bits;
    uint64_t total_bytes;   /* ceil(total_bits / 8) */
    unsigned gwid_bits;     /* global warp id width: clog2(sms) + clog2(warps) */
} gmc_wmc_cost_t;

/* A parameter's range, one per parameter, the one every check uses: name
 * is its option without "--" ("sms", "max-pending"). */
typedef struct { const char *name; uint64_t lo, hi; } gmc_overhead_range_t;
/* The range of parameter name of scheme "warped-mc", "frfcfs" or "pcmwq", or NULL. */
const gmc_overhead_range_t *gmc_overhead_range(const char *scheme, const char *name);

void gmc_wmc_params_default(gmc_wmc_params_t *p);
/* 0, or -1 with "--NAME: expected LO..HI, found V" in err. */
int  gmc_wmc_params_check(const gmc_wmc_params_t *p, char *err, size_t n);
void gmc_wmc_cost(const gmc_wmc_params_t *p, gmc_wmc_cost_t *c);

/* The rtl/gmc_wmc.sv configuration with these parameters (SM_BITS =
 * clog2(sms), WARP_BITS = clog2(warps), PEND_BITS = clog2(max_pending + 1),
 * NB, ROWS, SCORE_BITS, PT_BITS, PC_HASH_BITS as given; started_bits 1:
 * ScoreAt 0, MRule 0, else 1 and 1).  0, or -1 with one
 * line in err when the RTL's parameter limits do not allow it. */
int gmc_wmc_rtl_cfg(const gmc_wmc_params_t *p, gmc_wmc_cfg_t *cfg, char *err, size_t n);
/* The bits of rtl/gmc_wmc.sv's memories: gmc_wmc_storage_bits(), less the
 * PT when PT_BITS = 1 (an entry is then its hi flag, a flip-flop, and
 * Yosys removes the never-read PT memory).  `make synth-wmc` checks Yosys's
 * memory bits against it. */
uint64_t gmc_wmc_rtl_memory_bits(const gmc_wmc_cfg_t *cfg);
/* The flip-flops rtl/gmc_wmc.sv has besides its memories: a valid bit per
 * WET word (2^min(3, G - 1) counters a word, G = SM_BITS + WARP_BITS), per
 * RS word (bank) and per PT entry (its hi flag): 2^(G - min(3, G - 1)) +
 * 2 NB.  `make synth-wmc` checks Yosys's count against it. */
uint64_t gmc_wmc_rtl_flops(const gmc_wmc_cfg_t *cfg);

typedef struct {
    unsigned mcs;           /* M: DRAM controllers (8, Yuan et al. [MICRO'09] Table 2) */
    unsigned queue;         /* Q: requests per controller queue (32) */
    uint64_t rows;          /* nR: rows per bank (4096) */
    unsigned banks;         /* nB: banks (4) */
} gmc_frfcfs_params_t;

typedef struct {
    uint64_t frfcfs_bits;       /* M*Q*(log2 nR + log2 nB) */
    uint64_t banked_fifo_bits;  /* M*(nB*log2 nR + log2 nB) */
} gmc_frfcfs_cost_t;

void gmc_frfcfs_params_default(gmc_frfcfs_params_t *p);
/* The ranges, and counts that fit in 64 bits: 0, or -1 with one line in
 * err ("--mcs: expected 1..4294967295, found 0", "expected M*Q*(log2 nR +
 * log2 nB) below 2^64, found more: ..."). */
int  gmc_frfcfs_params_check(const gmc_frfcfs_params_t *p, char *err, size_t n);
/* The counts of parameters that pass gmc_frfcfs_params_check (others
 * give 0 where a count would not fit). */
void gmc_frfcfs_cost(const gmc_frfcfs_params_t *p, gmc_frfcfs_cost_t *c);

/* The PCM write queue (blocks/gmc_pcmwq.h) priced from its parameters. */
typedef struct {
    unsigned entries;       /* N: write queue entries (required) */
    unsigned addr_bits;     /* A: line-address bits (32: 256 GiB of 64-byte lines) */
    unsigned tag_bits;      /* T: data version (tag) bits, VER_BITS (16) */
    unsigned high, low;     /* watermarks: N and 0, NVMain's FRFCFS-WQF defaults (0 here: N) */
    unsigned intr;          /* INTR_MODE: 0 none (NVMain's WritePausing = false), 1 cancel, 2 pause */
    unsigned max_intr;      /* MAX_INTR: 4, NVMain's MaxCancellations */
} gmc_pcmwq_params_t;

typedef struct {
    gmc_pcmwq_cfg_t cfg;    /* the rtl/gmc_pcmwq.sv configuration priced */
    uint64_t entry_bits;    /* N*(A+T): the slots */
    uint64_t head_bits;     /* clog2(N) */
    uint64_t count_bits;    /* clog2(N+1) */
    uint64_t flag_bits;     /* busy, redo, paused (pause), drain mode (LOW + 1 < HIGH) */
    uint64_t counter_bits;  /* clog2(MAX_INTR + 1) with a mode and a limit */
    uint64_t total_bits;    /* the sum: gmc_pcmwq_state_bits(), the RTL's flip-flops */
    uint64_t total_bytes;   /* ceil(total_bits / 8) */
    uint64_t comparators;   /* 2N: the write's and the read's address against every slot */
    uint64_t bits_compared; /* 2*N*A per cycle */
} gmc_pcmwq_cost_t;

/* entries 0 and high 0 stand for "not given": entries is required, high
 * defaults to entries. */
void gmc_pcmwq_params_default(gmc_pcmwq_params_t *p);
/* 0, or -1 with one line in err: "--entries: expected 1..64, found 0",
 * "--high: expected 1..8 (at most --entries), found 9", ... */
int  gmc_pcmwq_params_check(const gmc_pcmwq_params_t *p, char *err, size_t n);
/* The cost of parameters that pass gmc_pcmwq_params_check. */
void gmc_pcmwq_cost(const gmc_pcmwq_params_t *p, gmc_pcmwq_cost_t *c);

#ifdef __cplusplus
}
#endif
#endif
