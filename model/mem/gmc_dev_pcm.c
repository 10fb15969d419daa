/* gmc_dev_pcm: the "pcm" device kind (phase-change memory) -- its timing
 * rules as data, one reason each, its per-bit energy model, its checks and
 * the kind's entry (mem/gmc_dev_kind.h).  docs/pcm.md has the model, the
 * presets and their sources.
 *
 * The mapping onto the shared command set, as NVMain models a PCM bank
 * with write-through (its SubArray: Activate, Read, Write, Precharge):
 *   ACT   the array read of a row into the row buffer (tRCD; the read is
 *         non-destructive, so no restore: the buffer may close once the
 *         read is done, and PRE costs tRP, one cycle in NVMain's configs);
 *   RD    a burst from the row buffer (tCL, tBURST as any kind);
 *   WR    a burst into the row buffer, written through to the cells: one
 *         write pulse of tWP after the last data beat (the longer SET pulse
 *         bounds a burst holding both values; RESET and SET are not told
 *         apart), during which the bank takes no RD, WR or PRE;
 *   PRE   closes the row buffer; nothing is written back (write-through);
 *   REF   never: PCM needs no refresh, and the kind does not read the
 *         refresh keys.
 * One rank per channel (the kind does not read `ranks`). */
#include "gmc_dev_kind.h"
#include <string.h>

#include "gmc_dev_rules_impl.h"

static const gmc_dram_rule_t rules[] = {
    /* one bank: the array read, the write pulse */
    ONE(SAME_BANK, ACT, RD, tRCD, "array read into the row buffer (read)"),
    ONE(SAME_BANK, ACT, WR, tRCD, "array read into the row buffer (write)"),
    ONE(SAME_BANK, ACT, PRE, tRCD, "the array read ends before the buffer closes (no restore)"),
    ONE(SAME_BANK, PRE, ACT, tRP, "row buffer closed (nothing written back)"),
    ONE(SAME_BANK, RD, PRE, tRTP, "read to precharge"),
    R(SAME_BANK, WR, PRE, "write pulse after the last data beat, then close",
      1, P(tCWL), 1, P(tBURST), 1, P(tWP), 0, 0),
    R(SAME_BANK, WR, RD, "write pulse after the last data beat, then write to read",
      1, P(tCWL), 1, P(tBURST), 1, P(tWP), 1, P(tWTR_S)),
    R(SAME_BANK, WR, WR, "the data burst, then the write pulse, before the next write",
      1, P(tBURST), 1, P(tWP), 0, 0, 0, 0),
    /* every bank of the channel (one rank) */
    ONE(SAME_RANK, ACT, ACT, tRRD_S, "activate to activate (array read current)"),
    {GMC_DRAM_SAME_RANK, ACT, ACT, 4, {1}, {P(tFAW)}, 0, "at most 4 array reads in any tFAW window"},
    ONE(SAME_RANK, RD, RD, tCCD_S, "column to column"),
    ONE(SAME_RANK, WR, WR, tCCD_S, "column to column"),
    R(SAME_RANK, WR, RD, "write to read after the last data beat (another bank)",
      1, P(tCWL), 1, P(tBURST), 1, P(tWTR_S), 0, 0),
    ONE(SAME_RANK, ACT, PREA, tRCD, "the array read ends (PREA closes every buffer)"),
    ONE(SAME_RANK, RD, PREA, tRTP, "read to precharge (PREA closes every buffer)"),
    R(SAME_RANK, WR, PREA, "write pulse (PREA closes every buffer)",
      1, P(tCWL), 1, P(tBURST), 1, P(tWP), 0, 0),
    ONE(SAME_RANK, PREA, ACT, tRP, "row buffers closed (all banks)"),
    /* the shared data and command buses */
    ONE(CHANNEL, RD, RD, tBURST, "data bus busy with the burst"),
    ONE(CHANNEL, WR, WR, tBURST, "data bus busy with the burst"),
    R(CHANNEL, RD, WR, "read data, bus turnaround, then write data",
      1, P(tCL), 1, P(tBURST), 1, P(tRTRS), -1, P(tCWL)),
    {GMC_DRAM_CHANNEL, ANY, ANY, 0, {0}, {0}, 1, "one command per cycle on the command bus"},
};

/* Per access, from per-bit energies: a RD senses and moves one burst's
 * bits (erd_fj_bit each), a WR writes one burst's bits to the cells
 * (ewr_fj_bit each).  No ACT-PRE, refresh or background term: the array
 * read is charged to the access that uses it, PCM has no refresh, and
 * leakage is not modelled.  1 fJ = 1e-3 pJ. */
static int pcm_energy(const gmc_dram_cfg_t *c, const gmc_dram_stats_t *s, uint64_t cycles,
                      uint64_t active_cycles, gmc_dram_energy_t *e)
{
    (void)cycles;
    (void)active_cycles;
    memset(e, 0, sizeof *e);
    if (!c->erd_fj_bit || !c->ewr_fj_bit)
        return -1;
    const double bits = (double)c->burst_length * c->bus_width;
    e->rd = (double)s->cmds[GMC_DRAM_RD] * bits * c->erd_fj_bit * 1e-3;
    e->wr = (double)s->cmds[GMC_DRAM_WR] * bits * c->ewr_fj_bit * 1e-3;
    e->total = e->rd + e->wr;
    return 0;
}

#define LINE(p) (line ? line[GMC_DRAM_P_##p] : 0u)

/* Write cancellation: the pulse stops at `now`.  The WR's own bounds
 * without it (the rules above with tWP taken out), the same bank's older
 * RD to PRE (tRTP: its RD came before the WR) kept; the other banks' and
 * the channel's rows hold no pulse of this write (PREA aside: it keeps
 * the whole pulse, a conservative bound, and PCM has no refresh to issue
 * one). */
static void pcm_cancel_write(const gmc_dram_t *d, gmc_dram_chan_t *ch, unsigned bank, uint64_t issue,
                             uint64_t now)
{
    const gmc_dram_cfg_t *c = &d->cfg;
    const uint64_t data = issue + c->tCWL + d->tBURST;   /* after the last data beat */
    const uint64_t pre = data > issue + c->tRTP ? data : issue + c->tRTP;
    const uint64_t to[][2] = {{GMC_DRAM_RD, data + c->tWTR_S},
                              {GMC_DRAM_WR, issue + d->tBURST},
                              {GMC_DRAM_PRE, pre}};
    for (unsigned k = 0; k < sizeof to / sizeof to[0]; k++) {
        const uint64_t v = to[k][1] > now + 1 ? to[k][1] : now + 1;
        uint64_t *e = &ch->next_bank[to[k][0]][bank];
        *e = v < *e ? v : *e;
    }
}

static int pcm_check(const gmc_dram_cfg_t *c, gmc_diag_t *d, const unsigned *line)
{
    if (!c->erd_fj_bit != !c->ewr_fj_bit)
        gmc_diag_warn(d, c->erd_fj_bit ? LINE(erd_fj_bit) : LINE(ewr_fj_bit),
                      "energy data incomplete: %s = 0 (unknown), so no energy is reported; "
                      "set erd_fj_bit and ewr_fj_bit together",
                      c->erd_fj_bit ? "ewr_fj_bit" : "erd_fj_bit");
    if (c->ewr_fj_bit && c->ewr_fj_bit < c->erd_fj_bit)
        gmc_diag_warn(d, LINE(ewr_fj_bit), "ewr_fj_bit = %u is less than erd_fj_bit = %u; a "
                      "PCM cell write costs more than a read", c->ewr_fj_bit, c->erd_fj_bit);
    if (c->tWP < c->tRCD)
        gmc_diag_warn(d, LINE(tWP), "tWP = %u is less than tRCD = %u; PCM writes are slower "
                      "than its array reads", c->tWP, c->tRCD);
    if (c->tCCD_S < c->tBURST)
        gmc_diag_warn(d, LINE(tCCD_S), "tCCD_S = %u is less than tBURST = %u; the data bus "
                      "spaces column commands tBURST apart", c->tCCD_S, c->tBURST);
    return 0;
}

const gmc_dev_kind_t gmc_dev_kind_pcm = {
    .name = "pcm",
    .doc = "phase-change memory: array read as ACT, write pulse tWP, no refresh, per-bit energy",
    .key_slot = GMC_KEY_SLOT_PCM,
    .rules = rules,
    .nrules = sizeof rules / sizeof rules[0],
    .energy = pcm_energy,
    .check = pcm_check,
    .wears = 1,
    .cancel_write = pcm_cancel_write,
};
