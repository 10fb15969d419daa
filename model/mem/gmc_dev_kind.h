/* gmc_dev_kind: a memory device kind as a plug-in -- what makes a "dram"
 * device differ from another technology's (phase-change memory next): its
 * keys in the parameter table, its timing rules, its energy model and its
 * checks, under a name a config file gives (`kind = dram`).
 *
 * A device config says its kind (gmc_dram_cfg_t.kind; NULL is "dram").
 * gmc_dram_init resolves the kind's rules once into the engine's
 * lat[prev][scope][next] table, so no command looks at the kind: the
 * engine, the controller and the memory system run every kind alike.
 * docs/memory.md "Device kinds" says how a kind is added.
 *
 * The contract a kind is written against:
 *   name      [a-z0-9_]{1,15}, unique in the registry (gmc_dev_kind.c).
 *   doc       one line for listings.
 *   key_slot  its bit pair in the parameter table's use column
 *             (GMC_DRAM_PARAMS, mem/gmc_dram_cfg.h): the keys it reads and
 *             the ones it requires.  It must require the organisation keys
 *             (channels .. tck_ps: the engine, the address map and the
 *             memory system read them for every kind).  A config of the
 *             kind sets no other key (the readers refuse one; the check
 *             wants it 0); the table's ranges apply to the keys it reads.
 *   rules     its timing rules as data (gmc_dram_rule_t, mem/gmc_dram.h),
 *             each with its reason, over the keys it reads, in the one
 *             command set every kind shares (ACT, PRE, PREA, RD, WR, REF:
 *             a kind maps its operations onto them -- a PCM array read is
 *             an ACT, its cell write time a write-recovery rule).  Rules
 *             of PREA and REF are in rank or channel scope; a window rule
 *             (window = 4) is ACT after ACT, in the rank or the channel,
 *             and sets the four-ACT window.  On a one-rank device (every
 *             config of a kind that does not read `ranks`) same-rank
 *             rules are channel rules and other-ranks rules never apply.
 *             Several rules of one (prev, scope, next) combine by max.
 *   energy    the energy of one channel from its command counts and time,
 *             as gmc_dram_energy (mem/gmc_dram_energy.h) documents: 0, or
 *             -1 with *e zeroed when the config lacks the kind's power
 *             data.  Linear in the counts and cycles (the memory system
 *             sums channels).  The terms that do not apply stay 0.
 *   check     the kind's own validation, after the table's range checks
 *             of its keys: an error is one gmc_diag_error at line[p] of the
 *             key at fault (line may be NULL: no places) and returns -1;
 *             warnings go through gmc_diag_warn; otherwise returns 0.  No
 *             other I/O, no allocation.
 * What every kind shares, and so needs no code of its own: bank state and
 * command legality (gmc_dram_can_issue); the completion times of
 * gmc_dram_issue (RD tCL + tBURST, WR tCWL + tBURST, ACT tRCD, PRE tRP,
 * REF tRFC, over the keys the kind reads, 0 for the others); refresh when
 * the kind reads `refresh` (and then tRFC, tREFI); the config reader's
 * derived defaults (tRRD_L, tCCD_L, tWTR_L from their _S; tBURST from
 * burst_length / data_rate) wherever the kind reads both keys. */
#ifndef GMC_DEV_KIND_H
#define GMC_DEV_KIND_H
#include <stddef.h>
#include <stdint.h>
#include "mem/gmc_dram.h"
#include "mem/gmc_dram_cfg.h"
#include "mem/gmc_dram_energy.h"
#include "util/gmc_diag.h"
#ifdef __cplusplus
extern "C" {
#endif

struct gmc_dev_kind {
    const char             *name;
    const char             *doc;
    unsigned                key_slot;
    const gmc_dram_rule_t  *rules;
    unsigned                nrules;
    int (*energy)(const gmc_dram_cfg_t *c, const gmc_dram_stats_t *s, uint64_t cycles,
                  uint64_t active_cycles, gmc_dram_energy_t *e);
    int (*check)(const gmc_dram_cfg_t *c, gmc_diag_t *d, const unsigned *line);
    /* 1: writes wear the cells out (the key `endurance` says after how
     * many): the memory system counts writes per row on its channels
     * (gmc_memsys_wear).  0: no wear to count. */
    int wears;
    /* A WR issued at `issue` to `bank` is abandoned at `now`, before the
     * bank's rows it raised came due (write cancellation, Qureshi et al.
     * [HPCA'10]): those rows come down to what the data burst alone needs
     * and not below now + 1; rows only come down.  NULL: the kind's
     * writes cannot be cancelled (gmc_dram_cancel_write says so). */
    void (*cancel_write)(const gmc_dram_t *d, gmc_dram_chan_t *ch, unsigned bank, uint64_t issue,
                         uint64_t now);
};

/* The kinds that ship: "dram" (DDR/GDDR SDRAM: bank groups, tFAW, all-bank
 * refresh, DRAMPower-style IDD energy; mem/gmc_dev_dram.c) and "pcm". */
extern const gmc_dev_kind_t gmc_dev_kind_dram;
/* "pcm" (phase-change memory: array read as ACT, a write pulse tWP, no
 * refresh, per-bit read and write energies, endurance; mem/gmc_dev_pcm.c,
 * docs/pcm.md). */
extern const gmc_dev_kind_t gmc_dev_kind_pcm;

/* The registry, in order (NULL past the end). */
const gmc_dev_kind_t *gmc_dev_kind_get(unsigned i);
/* By name; NULL with "expected a device kind (dram, ...), found 'NAME'" in
 * err (en may be 0). */
const gmc_dev_kind_t *gmc_dev_kind_find(const char *name, char *err, size_t en);
/* The registered names, ", " between them ("dram"); the length it needed. */
size_t gmc_dev_kind_names(char *buf, size_t n);
/* A config's kind: c->kind, or "dram" when it is NULL. */
const gmc_dev_kind_t *gmc_dev_kind_of(const gmc_dram_cfg_t *c);
/* The keys a kind reads / requires, as bits (1 << gmc_dram_param_t). */
uint64_t gmc_dev_kind_keys(const gmc_dev_kind_t *k);
uint64_t gmc_dev_kind_required(const gmc_dev_kind_t *k);

#ifdef __cplusplus
}
#endif
#endif
