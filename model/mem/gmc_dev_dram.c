/* gmc_dev_dram: the "dram" device kind (DDR/GDDR SDRAM) -- its timing rules
 * as data, one reason each, and the kind's entry (mem/gmc_dev_kind.h).  Its
 * checks are in gmc_dev_dram_check.c, its energy model (DRAMPower-style,
 * from IDD currents) in gmc_dram_energy.c.  Conventions and sources:
 * docs/memory.md "Device model". */
#include "gmc_dev_dram_impl.h"
#include "gmc_dev_kind.h"

#include "gmc_dev_rules_impl.h"

static const gmc_dram_rule_t rules[] = {
    /* one bank: row cycle */
    ONE(SAME_BANK, ACT, ACT, tRC, "row cycle"),
    ONE(SAME_BANK, ACT, RD, tRCD, "row to column (read)"),
    ONE(SAME_BANK, ACT, WR, tRCD, "row to column (write)"),
    ONE(SAME_BANK, ACT, PRE, tRAS, "row active time"),
    ONE(SAME_BANK, PRE, ACT, tRP, "precharge"),
    ONE(SAME_BANK, RD, PRE, tRTP, "read to precharge"),
    R(SAME_BANK, WR, PRE, "write recovery after the last data beat",
      1, P(tCWL), 1, P(tBURST), 1, P(tWR), 0, 0),
    /* same bank group (the bank itself included) */
    ONE(SAME_GROUP, ACT, ACT, tRRD_L, "activate to activate, same group"),
    ONE(SAME_GROUP, RD, RD, tCCD_L, "column to column, same group"),
    ONE(SAME_GROUP, WR, WR, tCCD_L, "column to column, same group"),
    R(SAME_GROUP, WR, RD, "write to read after the last data beat, same group",
      1, P(tCWL), 1, P(tBURST), 1, P(tWTR_L), 0, 0),
    /* every bank of the rank (with one rank: of the channel) */
    ONE(SAME_RANK, ACT, ACT, tRRD_S, "activate to activate"),
    {GMC_DRAM_SAME_RANK, ACT, ACT, 4, {1}, {P(tFAW)}, 0, "at most 4 ACTs in any tFAW window"},
    ONE(SAME_RANK, RD, RD, tCCD_S, "column to column"),
    ONE(SAME_RANK, WR, WR, tCCD_S, "column to column"),
    R(SAME_RANK, WR, RD, "write to read after the last data beat",
      1, P(tCWL), 1, P(tBURST), 1, P(tWTR_S), 0, 0),
    ONE(SAME_RANK, ACT, PREA, tRAS, "row active time (PREA closes every bank)"),
    ONE(SAME_RANK, RD, PREA, tRTP, "read to precharge (PREA closes every bank)"),
    R(SAME_RANK, WR, PREA, "write recovery (PREA closes every bank)",
      1, P(tCWL), 1, P(tBURST), 1, P(tWR), 0, 0),
    ONE(SAME_RANK, PREA, ACT, tRP, "precharge (all banks)"),
    ONE(SAME_RANK, PRE, REF, tRP, "precharge before refresh"),
    ONE(SAME_RANK, PREA, REF, tRP, "precharge before refresh"),
    ONE(SAME_RANK, REF, ACT, tRFC, "refresh cycle"),
    ONE(SAME_RANK, REF, PREA, tRFC, "refresh cycle"),
    ONE(SAME_RANK, REF, REF, tRFC, "refresh cycle"),
    /* every bank of the channel: the shared data and command buses */
    ONE(CHANNEL, RD, RD, tBURST, "data bus busy with the burst"),
    ONE(CHANNEL, WR, WR, tBURST, "data bus busy with the burst (another rank too, as DRAMsim3)"),
    R(CHANNEL, RD, WR, "read data, bus turnaround, then write data (any rank)",
      1, P(tCL), 1, P(tBURST), 1, P(tRTRS), -1, P(tCWL)),
    {GMC_DRAM_CHANNEL, ANY, ANY, 0, {0}, {0}, 1, "one command per cycle on the command bus"},
    /* another rank's banks: rank-to-rank switching on the data bus (DRAMsim3's
     * read_to_read_o, write_to_read_o) */
    R(OTHER_RANKS, RD, RD, "read data, rank switch (tRTRS), then the other rank's read data",
      1, P(tBURST), 1, P(tRTRS), 0, 0, 0, 0),
    R(OTHER_RANKS, WR, RD, "write data, rank switch (tRTRS), then the other rank's read data",
      1, P(tCWL), 1, P(tBURST), 1, P(tRTRS), -1, P(tCL)),
};

const gmc_dev_kind_t gmc_dev_kind_dram = {
    .name = "dram",
    .doc = "DDR/GDDR SDRAM: ranks, bank groups, tFAW, all-bank refresh, IDD-current energy",
    .key_slot = GMC_KEY_SLOT_DRAM,
    .rules = rules,
    .nrules = sizeof rules / sizeof rules[0],
    .energy = gmc_dram_energy_idd,
    .check = gmc_dev_dram_check,
};
