/* gmc_dram: the device timing engine for one channel, of any device kind.
 *
 * Commands ACT, PRE, PREA, RD, WR, REF (all-bank refresh of a rank),
 * open-page state per bank, one command per command-clock cycle, a shared
 * data bus with bursts of tBURST cycles, read/write turnaround, ranks with
 * rank-to-rank switching, bank groups, a rolling tFAW window of four ACTs
 * per rank and, when enabled, a REF due every tREFI per rank (the ranks in
 * turn, tREFI / ranks apart).  The engine only judges and records commands;
 * the controller decides what to issue and when (it must precharge the
 * rank whose refresh is due and issue its REF).
 *
 * Timing rules are data: the device kind's table (mem/gmc_dev_kind.h) of
 * {scope, previous command, next command, latency expression, reason};
 * gmc_dram_init resolves it once per cfg into lat[prev][scope][next], so
 * the kind costs nothing per command.  A channel keeps, per scope, the
 * earliest cycle each command may issue:
 *     next_bank[cmd][bank], next_group[cmd][group], next_chan[cmd]
 * so gmc_dram_earliest is max of three loads and gmc_dram_issue is three
 * rows of max-updates for the issued command (the bank and group rows only
 * where the latency is not 0: the channel row, updated whole, keeps every
 * earliest cycle at or after the last issue anyway).  tFAW is the one rule that is
 * not pairwise: each ACT pushes (issue + tFAW) into its rank's ring of four
 * and moves next_chan[ACT] (several ranks: its rank's next_group[ACT]) to
 * the oldest entry.
 *
 * Scope semantics: SAME_BANK = the issuing bank; SAME_GROUP = every bank of
 * its bank group (itself included); SAME_RANK = every bank of its rank;
 * OTHER_RANKS = every bank of every other rank; CHANNEL = every bank.
 * "Other bank group waits X_S, same group waits X_L" is written as
 * SAME_RANK X_S + SAME_GROUP X_L.
 *
 * Ranks: a channel's banks are numbered rank by rank (gmc_dram_cfg.h), so a
 * bank names its rank and the controller sees one flat bank space.  With one
 * rank, SAME_RANK rules are CHANNEL rules and OTHER_RANKS rules never apply:
 * gmc_dram_init resolves them so, and a command costs the three rows and
 * no more.  With more ranks, a rank's constraints are written into each of
 * its bank groups' entries of next_group (a group belongs to one rank), so
 * gmc_dram_earliest stays a max of three loads; an issue then raises the
 * group rows of its rank and of the others (at most GMC_DRAM_MAX_GROUPS).
 *
 * Time is uint64_t command-clock cycles (cfg.tck_ps per cycle).  Both structs
 * are plain data whose one pointer is the device's kind, static data (snapshot
 * with memcpy, compare with memcmp after gmc_dram_chan_reset zeroed the
 * padding).  Nothing allocates. */
#ifndef GMC_DRAM_H
#define GMC_DRAM_H
#include <assert.h>
#include <stddef.h>
#include <stdint.h>
#include "mem/gmc_dram_cfg.h"
#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    GMC_DRAM_ACT = 0,   /* open row `row` in `bank` */
    GMC_DRAM_PRE,       /* close `bank` (must be open) */
    GMC_DRAM_PREA,      /* close every bank of `bank`'s rank (0 with one rank) */
    GMC_DRAM_RD,        /* read one burst from the open row `row` of `bank` */
    GMC_DRAM_WR,        /* write one burst */
    GMC_DRAM_REF,       /* all-bank refresh of `bank`'s rank; its banks closed */
    GMC_DRAM_NCMD
} gmc_dram_cmd_t;

/* The rank scopes come last: arrays of the bank and group scopes are sized
 * by GMC_DRAM_CHANNEL. */
typedef enum {
    GMC_DRAM_SAME_BANK = 0, GMC_DRAM_SAME_GROUP, GMC_DRAM_CHANNEL, GMC_DRAM_SAME_RANK,
    GMC_DRAM_OTHER_RANKS, GMC_DRAM_NSCOPE
} gmc_dram_scope_t;

typedef enum {
    GMC_DRAM_OK = 0,
    GMC_DRAM_ETIME,     /* a timing rule forbids it before gmc_dram_earliest() */
    GMC_DRAM_ECLOSED,   /* PRE, RD or WR to a closed bank */
    GMC_DRAM_EROW,      /* RD or WR to a bank whose open row is another one */
    GMC_DRAM_EOPEN,     /* ACT to an open bank, or REF while a bank of the rank is open */
    GMC_DRAM_EARG       /* command, bank or row out of range */
} gmc_dram_status_t;

#define GMC_DRAM_CLOSED   UINT32_MAX   /* open_row[] of a precharged bank */
#define GMC_DRAM_ANY_CMD  0xffu        /* wildcard in a rule's prev or next */
#define GMC_DRAM_NTERM    4

/* One timing rule: `next` at a bank in `scope` of a `prev` may issue no
 * earlier than prev's issue cycle + sum(sign[i] * param[i]) + konst, clamped
 * at 0.  window = 4 marks tFAW: measured from the fourth-previous prev in
 * the scope (SAME_RANK: the rank's; CHANNEL: the channel's). */
typedef struct {
    uint8_t     scope, prev, next, window;
    int8_t      sign[GMC_DRAM_NTERM];   /* +1, -1; 0 ends the expression */
    uint8_t     param[GMC_DRAM_NTERM];  /* gmc_dram_param_t */
    int16_t     konst;
    const char *why;
} gmc_dram_rule_t;

/* A rule's value for a cfg (before the clamp at 0) and its expression
 * ("tCWL + tBURST + tWR"). */
int64_t gmc_dram_rule_value(const gmc_dram_rule_t *r, const gmc_dram_cfg_t *c);
size_t  gmc_dram_rule_expr(const gmc_dram_rule_t *r, char *buf, size_t n);
/* A kind's rule table (kind->rules) as a Markdown table, with the resolved
 * value under each of the np configurations (docs/memory.md embeds the
 * "dram" kind's). */
size_t gmc_dram_rules_markdown(const gmc_dev_kind_t *kind, const gmc_dram_cfg_t *const *cfgs,
                               unsigned np, char *buf, size_t n);

/* Device: the cfg and what init derives from it; constant afterwards.
 * cfg.kind is the resolved kind (never NULL after gmc_dram_init). */
typedef struct {
    gmc_dram_cfg_t cfg;
    uint32_t nbanks;                /* every rank's */
    uint32_t ranks, rank_banks, rank_groups;
    uint32_t tFAW, tREFI, tBURST;
    uint32_t ref_step;              /* REF to the next rank's REF: tREFI / ranks, as DRAMsim3 */
    int      faw_ranks;             /* a tFAW window per rank (several ranks and a rank-scope
                                       window rule); else one for the channel */
    uint8_t  group_of[GMC_DRAM_MAX_BANKS];   /* the channel's group index (rank by rank) */
    uint8_t  rank_of[GMC_DRAM_MAX_BANKS];
    uint32_t lat[GMC_DRAM_NCMD][GMC_DRAM_NSCOPE][GMC_DRAM_NCMD];
    /* The commands n with lat[cmd][scope][n] > 0, for the bank and group
     * scopes (nz) and the two rank scopes (nzr, [scope - SAME_RANK]; none
     * with one rank): gmc_dram_issue raises only those rows' entries (a
     * zero latency would raise an entry to the issue cycle, which the
     * channel row, raised for every n, already does for gmc_dram_earliest). */
    uint8_t  nz_n[GMC_DRAM_NCMD][GMC_DRAM_CHANNEL];
    uint8_t  nz[GMC_DRAM_NCMD][GMC_DRAM_CHANNEL][GMC_DRAM_NCMD];
    uint8_t  nzr_n[GMC_DRAM_NCMD][2];
    uint8_t  nzr[GMC_DRAM_NCMD][2][GMC_DRAM_NCMD];
    uint32_t done[GMC_DRAM_NCMD];   /* issue -> effect complete, see gmc_dram_issue */
} gmc_dram_t;

typedef struct {
    uint64_t cmds[GMC_DRAM_NCMD];   /* commands issued, by gmc_dram_cmd_t */
    uint64_t data_busy;             /* data-bus cycles carrying bursts (tBURST per RD/WR) */
    uint64_t last_data_end;         /* cycle the latest RD/WR burst ends */
    uint64_t active_cycles;         /* closed intervals with >= 1 bank of a rank open, from the
                                       ACT that opened its first bank to the PRE/PREA that
                                       closed its last, summed over the ranks (rank-cycles;
                                       gmc_dram_active_cycles adds the open ones) */
} gmc_dram_stats_t;

/* One channel's state (flops only). */
typedef struct {
    /* Command-major: a controller's scan asks one command (mostly RD or
     * WR) of every bank, so the banks' entries for it share host lines
     * (bank-major, 16 banks' rows spanned 12 lines, each a miss on the
     * scan's return to the channel). */
    uint64_t next_bank[GMC_DRAM_NCMD][GMC_DRAM_MAX_BANKS];
    uint64_t next_group[GMC_DRAM_NCMD][GMC_DRAM_MAX_GROUPS];
    uint64_t next_chan[GMC_DRAM_NCMD];
    uint64_t faw[GMC_DRAM_MAX_RANKS][4];   /* per rank, issue + tFAW of its last four ACTs (ring) */
    uint64_t ref_due;               /* next REF due (rank ref_rank's); UINT64_MAX with refresh off */
    uint64_t active_from[GMC_DRAM_MAX_RANKS];   /* the ACT that opened the rank's first open bank */
    uint32_t open_row[GMC_DRAM_MAX_BANKS];
    uint32_t n_open;                /* open banks, every rank's */
    uint32_t ref_rank;              /* the rank whose REF is due at ref_due */
    uint8_t  rank_open[GMC_DRAM_MAX_RANKS];   /* open banks per rank */
    uint8_t  faw_head[GMC_DRAM_MAX_RANKS];
    gmc_dram_stats_t st;
} gmc_dram_chan_t;

/* Validates cfg (warnings are not repeated here) and resolves its kind's
 * rules.  Returns 0, or -1 with one line in err. */
int  gmc_dram_init(gmc_dram_t *d, const gmc_dram_cfg_t *cfg, char *err, size_t en);
/* Power-up: every bank closed, no constraints pending, first REF (rank 0's)
 * due at tREFI / ranks. */
void gmc_dram_chan_reset(const gmc_dram_t *d, gmc_dram_chan_t *ch);

/* Earliest cycle at which the timing rules allow cmd at bank (ignores bank
 * state; bank < nbanks; for PREA/REF any bank of the rank).  O(1). */
static inline uint64_t gmc_dram_earliest(const gmc_dram_t *d, const gmc_dram_chan_t *ch,
                                         gmc_dram_cmd_t cmd, unsigned bank)
{
    uint64_t a = ch->next_bank[cmd][bank];
    uint64_t b = ch->next_group[cmd][d->group_of[bank]];
    uint64_t c = ch->next_chan[cmd];
    a = a > b ? a : b;
    return a > c ? a : c;
}

/* Whether cmd may issue at cycle now: bank state first, then timing. */
static inline gmc_dram_status_t gmc_dram_can_issue(const gmc_dram_t *d, const gmc_dram_chan_t *ch,
                                                   gmc_dram_cmd_t cmd, unsigned bank,
                                                   uint32_t row, uint64_t now)
{
    if ((unsigned)cmd >= GMC_DRAM_NCMD || bank >= d->nbanks)
        return GMC_DRAM_EARG;
    uint32_t open = ch->open_row[bank];
    switch (cmd) {
    case GMC_DRAM_ACT:
        if (row >= d->cfg.rows)
            return GMC_DRAM_EARG;
        if (open != GMC_DRAM_CLOSED)
            return GMC_DRAM_EOPEN;
        break;
    case GMC_DRAM_PRE:
        if (open == GMC_DRAM_CLOSED)
            return GMC_DRAM_ECLOSED;
        break;
    case GMC_DRAM_RD:
    case GMC_DRAM_WR:
        if (open == GMC_DRAM_CLOSED)
            return GMC_DRAM_ECLOSED;
        if (open != row)
            return GMC_DRAM_EROW;
        break;
    case GMC_DRAM_REF:
        if (ch->rank_open[d->rank_of[bank]])
            return GMC_DRAM_EOPEN;
        break;
    default:
        break;
    }
    return now >= gmc_dram_earliest(d, ch, cmd, bank) ? GMC_DRAM_OK : GMC_DRAM_ETIME;
}

/* Issues cmd at cycle now if gmc_dram_can_issue allows it, else changes
 * nothing and returns the reason.  *done (may be NULL) gets the cycle the
 * command's effect completes: RD now+tCL+tBURST and WR now+tCWL+tBURST (end
 * of the data burst), ACT now+tRCD, PRE/PREA now+tRP, REF now+tRFC. */
gmc_dram_status_t gmc_dram_issue(const gmc_dram_t *d, gmc_dram_chan_t *ch, gmc_dram_cmd_t cmd,
                                 unsigned bank, uint32_t row, uint64_t now, uint64_t *done);

/* gmc_dram_issue without the checks: the command must be legal
 * (gmc_dram_can_issue would say GMC_DRAM_OK). */
void gmc_dram_apply(const gmc_dram_t *d, gmc_dram_chan_t *ch, gmc_dram_cmd_t cmd, unsigned bank,
                    uint32_t row, uint64_t now, uint64_t *done);

/* Controller-side form: an illegal command is a controller bug, so builds
 * without NDEBUG check every command and abort on one.  NDEBUG builds (the
 * speed builds, whose reports tests/bench/fast_same.sh compares with the
 * checking build's) apply it unchecked: the checks run on every command,
 * the hottest path there is. */
#ifdef NDEBUG
#define GMC_DRAM_ISSUE_CHECKED(d, ch, cmd, bank, row, now, done) \
    gmc_dram_apply(d, ch, cmd, bank, row, now, done)
#else
#define GMC_DRAM_ISSUE_CHECKED(d, ch, cmd, bank, row, now, done)                           \
    do {                                                                                   \
        gmc_dram_status_t gmc_dram_st_ = gmc_dram_issue(d, ch, cmd, bank, row, now, done); \
        assert(gmc_dram_st_ == GMC_DRAM_OK && "illegal DRAM command");                     \
        (void)gmc_dram_st_;                                                                \
    } while (0)
#endif

static inline uint32_t gmc_dram_open_row(const gmc_dram_chan_t *ch, unsigned bank)
{
    return ch->open_row[bank];   /* GMC_DRAM_CLOSED if precharged */
}
/* Refresh: due once now reaches ref_due (never with refresh = 0), for rank
 * ref_rank.  The ranks take turns (0, 1, ..., as DRAMsim3's default
 * RANK_LEVEL_STAGGERED): a REF of the rank whose turn it is moves ref_due on
 * by tREFI / ranks and the turn to the next rank, so each rank is refreshed
 * every tREFI (one rank: every REF, tREFI apart) and a late controller owes
 * several.  A REF of another rank is legal and pays nothing. */
static inline int gmc_dram_refresh_due(const gmc_dram_chan_t *ch, uint64_t now)
{
    return now >= ch->ref_due;
}
/* The first bank of the rank whose refresh is due next: the bank argument
 * of that rank's PREA and REF. */
static inline unsigned gmc_dram_refresh_bank(const gmc_dram_t *d, const gmc_dram_chan_t *ch)
{
    return ch->ref_rank * d->rank_banks;
}
/* Open banks in the rank of bank. */
static inline unsigned gmc_dram_rank_open(const gmc_dram_t *d, const gmc_dram_chan_t *ch,
                                          unsigned bank)
{
    return ch->rank_open[d->rank_of[bank]];
}
uint64_t gmc_dram_refresh_owed(const gmc_dram_t *d, const gmc_dram_chan_t *ch, uint64_t now);

/* Cycles up to now with at least one bank open, summed over the ranks
 * (rank-cycles: the background split of gmc_dram_energy, which charges each
 * rank's standby): st.active_cycles plus the intervals still open.  Counted
 * at the transitions in gmc_dram_issue, so skipping idle cycles changes
 * nothing; now should not be before the last command. */
static inline uint64_t gmc_dram_active_cycles(const gmc_dram_chan_t *ch, uint64_t now)
{
    uint64_t a = ch->st.active_cycles;
    for (unsigned r = 0; r < GMC_DRAM_MAX_RANKS; r++)
        if (ch->rank_open[r] && now > ch->active_from[r])
            a += now - ch->active_from[r];
    return a;
}

/* Write cancellation (Qureshi et al. [HPCA'10]): the WR issued at `issue`
 * to `bank` is abandoned at `now`; the bank's rows come down as the
 * device kind's cancel_write says (mem/gmc_dev_kind.h).  0, or -1 (nothing
 * changed) when the kind's writes cannot be cancelled. */
int gmc_dram_cancel_write(const gmc_dram_t *d, gmc_dram_chan_t *ch, unsigned bank, uint64_t issue,
                          uint64_t now);
/* 1 if the kind's writes can be cancelled (gmc_dram_cancel_write). */
int gmc_dram_can_cancel(const gmc_dram_t *d);

const char *gmc_dram_cmd_name(gmc_dram_cmd_t c);       /* "ACT", ... */
const char *gmc_dram_status_name(gmc_dram_status_t s); /* "ok", "too early", ... */
const char *gmc_dram_scope_name(gmc_dram_scope_t s);   /* "same bank", ... */

#ifdef __cplusplus
}
#endif
#endif
