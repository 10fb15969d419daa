/* gmc_overhead: analytic price of scheduler logic in bits, from parameters.
 *  - Warped-MC storage per memory controller (Warped-MC [ICPP'23] sec. 5.5, Table 3)
 *  - FR-FCFS and banked-FIFO bit comparisons per DRAM command clock
 *    (Yuan et al. [MICRO'09] sec. 3.4, Table 1)
 *  - the hold-grant interconnect's bits stored and compared (Yuan et al.
 *    [MICRO'09] sec. 3.4, Table 1; the ring at 3/5 of the mesh, sec. 5.1)
 *    and its allocator block's flip-flops (gmc_hgalloc);
 *  - the PCM write queue gmc_pcmwq: bits stored and address comparators;
 *  - thread batching: CCWS's, TBAS's and TEMP's state (TEMP [JETC'19]). */
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

/* ---- the hold-grant interconnect (Yuan et al. [MICRO'09] sec. 3.4, Table 1) ----
 * Per topology: routers R, input-output pairs per router P (the hold bits,
 * one per pair), outputs per router O (a row key compared at each):
 *   crossbar  R = 1,     P = C*M, O = M   (one router, sec. 3.4)
 *   mesh      R = C + M, P = 20,  O = 5   ("each router will either have 4
 *             inputs and 5 outputs or 5 inputs and 4 outputs")
 *   ring      R = C + M, P = 12,  O = 3   (3 ports where the mesh has 5:
 *             "the complexity ... of the ring will be 60% (or 3/5ths) of
 *             that of the mesh", sec. 5.1)
 * and Table 1's formulas, logs rounded up (lR = log2 nR, lB = log2 nB):
 *   HG     stored R*P,                compared R*P
 *   RMHG   stored R*P + R*lR*nB*M,    compared R*P + R*lR*O
 *   HMHGk  stored R*P + R*k*O,        compared R*P + R*k*O
 * (the crossbar's HMHG4 is C*M + 4*M = 256: Table 1 prints 320, its
 * formula's value is taken). */
enum { GMC_ICNT_COST_XBAR = 0, GMC_ICNT_COST_MESH, GMC_ICNT_COST_RING, GMC_ICNT_COST_TOPOS };
/* the hold policies, numbered as gmc_alloc_hold_t's (gpu/gmc_alloc.h) */
enum { GMC_ICNT_COST_NONE = 0, GMC_ICNT_COST_HG, GMC_ICNT_COST_RMHG, GMC_ICNT_COST_HMHG };

typedef struct {
    unsigned topology;        /* GMC_ICNT_COST_XBAR, _MESH, _RING */
    unsigned policy;          /* GMC_ICNT_COST_NONE, _HG, _RMHG, _HMHG */
    unsigned hash_bits;       /* HMHG's k (4: HMHG4) */
    unsigned cores;           /* C: the network's inputs (28, Table 2) */
    gmc_frfcfs_params_t mem;  /* M, Q, nR, nB (8, 32, 4096, 4) */
} gmc_icnt_cost_params_t;

typedef struct {
    uint64_t routers, pairs, outputs;   /* R, P, O above */
    uint64_t hold_bits;                 /* R*P: stored, and compared */
    uint64_t key_stored, key_compared;  /* RMHG's rows, HMHG's hashes (0 for HG) */
    uint64_t bits_stored, bits_compared;/* in the interconnect: hold + key */
    gmc_frfcfs_cost_t sched;            /* FR-FCFS's and the banked FIFO's comparisons */
} gmc_icnt_cost_t;

void gmc_icnt_cost_params_default(gmc_icnt_cost_params_t *p);
/* "xbar", "mesh", "ring": 0, or -1 with "expected one of xbar, mesh,
 * ring, found 'NAME'" in err. */
int  gmc_icnt_cost_topology_find(const char *name, unsigned *topology, char *err, size_t n);
const char *gmc_icnt_cost_topology_name(unsigned topology);   /* NULL past the end */
/* "none", "hg", "rmhg", "hmhg" (k = 4) or "hmhgK" (K in 1..32): 0 with
 * *policy and *k, or -1 with one line in err. */
int  gmc_icnt_cost_policy_find(const char *name, unsigned *policy, unsigned *k, char *err, size_t n);
/* "HG", "RMHG", "HMHG4": the policy as Table 1 names it. */
void gmc_icnt_cost_policy_label(const gmc_icnt_cost_params_t *p, char *buf, size_t n);
/* The ranges (gmc_overhead_range "icnt") and counts that fit in 64 bits:
 * 0, or -1 with one line in err. */
int  gmc_icnt_cost_check(const gmc_icnt_cost_params_t *p, char *err, size_t n);
void gmc_icnt_cost(const gmc_icnt_cost_params_t *p, gmc_icnt_cost_t *c);
/* Table 1's printed totals for p's row (the paper's configuration: C 28,
 * M 8, nR 4096, nB 4; crossbar or mesh; HG, RMHG or HMHG4): 1 with them,
 * or 0 when Table 1 has no such row. */
int  gmc_icnt_cost_table1(const gmc_icnt_cost_params_t *p, uint64_t *stored, uint64_t *compared);

/* The allocator block of one router (model/blocks/gmc_hgalloc.h), as the
 * paper's configuration would instantiate it: inputs x outputs C x M
 * (crossbar), 5 x 5 (mesh), 3 x 3 (ring); the policy, ROW_BITS = log2 nR,
 * BANK_BITS = log2 nB (at least 1), HASH_BITS = k, no hold limit, the
 * paper's PER_BANK and HOLD_FORCE. */
typedef struct {
    char     name[64];        /* its configuration name (gmc block list's syntax) */
    unsigned ni, no;          /* per router */
    uint64_t instances;       /* R */
    uint64_t flip_flops;      /* per instance: gmc_hgalloc_state_bits() (= Yosys's FF, make synth-hgalloc) */
    int64_t  cells;           /* per instance: Yosys generic synthesis cells as measured (make
                                 synth-hgalloc, docs/blocks/gmc_hgalloc.md), -1 when not measured */
} gmc_icnt_cost_rtl_t;
/* 0, or -1 with the block's reason in err (more than 64 ports, rows
 * wider than 32 bits, more than 32 banks). */
int  gmc_icnt_cost_rtl(const gmc_icnt_cost_params_t *p, gmc_icnt_cost_rtl_t *r, char *err, size_t n);

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

/* Thread batching (docs/thread-batching.md "What the mechanisms store"):
 * the state each mechanism keeps, as gmc models it, in parts of entries x
 * bits (gmc_overhead_temp.c).  Logic (the CCWS sort, TBAS's promotion
 * arbiter) is not priced. */
#define GMC_PARTS_MAX 4
typedef struct {
    const char      *scheme;
    unsigned         n;
    gmc_table_cost_t t[GMC_PARTS_MAX];
    uint64_t         total_bits, total_bytes;
} gmc_parts_cost_t;

/* CCWS per SM: each warp's victim tag array (a line tag, a valid bit and
 * an LRU position per tag) and lost-locality score, and the LLDS counts. */
typedef struct {
    unsigned warps;          /* warps per SM (48: TEMP [JETC'19] Table 4, 1536 threads / 32) */
    unsigned vta;            /* victim tags per warp (16: ccws_vta) */
    unsigned k;              /* KThrottle (8: ccws_k): sets the highest score */
    unsigned addr_bits;      /* physical address bits (32) */
    unsigned line_bytes;     /* L1 line (128: Table 4) */
    unsigned counter_bits;   /* each of the two LLDS counts, VTA hits and instructions (16) */
} gmc_ccws_params_t;
/* TBAS per SM: the running set, the pending set (a batch per CTA slot at
 * most), each warp's batch (an index into the SM's batches), the batch
 * demoted last. */
typedef struct {
    unsigned warps;          /* 48 */
    unsigned batches;        /* running set (1: tbas_batches) */
    unsigned ctas;           /* CTA slots per SM (8: Table 4): the SM's batches at most */
    unsigned batch_bits;     /* a batch id (16: a Fermi grid's 65535 CTAs) */
} gmc_tbas_params_t;
/* TEMP per GPU: the serial dispatch queues (head and tail per SM, sec.
 * 3.2) and page coloring's state: each color's SM, each color's next free
 * page, each SM's next color. */
typedef struct {
    unsigned sms;            /* 8: Table 4 */
    unsigned colors;         /* 32: two GDDR5 channels x 16 banks (Table 4) */
    unsigned cta_bits;       /* a CTA id (16) */
    unsigned ppn_bits;       /* a physical page number (20: 32 address bits, 4 KB pages) */
} gmc_temp_params_t;

void gmc_ccws_params_default(gmc_ccws_params_t *p);
void gmc_tbas_params_default(gmc_tbas_params_t *p);
void gmc_temp_params_default(gmc_temp_params_t *p);
/* 0, or -1 with "--NAME: expected LO..HI, found V" in err. */
int  gmc_ccws_params_check(const gmc_ccws_params_t *p, char *err, size_t n);
int  gmc_tbas_params_check(const gmc_tbas_params_t *p, char *err, size_t n);
int  gmc_temp_params_check(const gmc_temp_params_t *p, char *err, size_t n);
/* The parts of parameters that pass the checks. */
void gmc_ccws_cost(const gmc_ccws_params_t *p, gmc_parts_cost_t *c);
void gmc_tbas_cost(const gmc_tbas_params_t *p, gmc_parts_cost_t *c);
void gmc_temp_cost(const gmc_temp_params_t *p, gmc_parts_cost_t *c);
/* Checks and prices p, the params struct of scheme "ccws", "tbas" or
 * "temp": 0, or -1 with one line in err. */
int  gmc_parts_cost(const char *scheme, const void *p, gmc_parts_cost_t *c, char *err, size_t n);

#ifdef __cplusplus
}
#endif
#endif
