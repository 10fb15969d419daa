/* gmc_dram: device init (its kind's rules resolved), channel reset and
 * command issue. */
#include "gmc_dram.h"
#include <stdio.h>
#include <string.h>
#include "gmc_dev_kind.h"

static const char *const cmd_names[GMC_DRAM_NCMD] = {"ACT", "PRE", "PREA", "RD", "WR", "REF"};
static const char *const scope_names[GMC_DRAM_NSCOPE] = {"same bank", "same group", "channel",
                                                         "same rank", "other ranks"};
static const char *const status_names[] = {"ok", "too early", "bank closed", "other row open",
                                           "bank open", "argument out of range"};

int gmc_dram_can_cancel(const gmc_dram_t *d) { return d->cfg.kind->cancel_write != NULL; }

int gmc_dram_cancel_write(const gmc_dram_t *d, gmc_dram_chan_t *ch, unsigned bank, uint64_t issue,
                          uint64_t now)
{
    if (!gmc_dram_can_cancel(d))
        return -1;
    d->cfg.kind->cancel_write(d, ch, bank, issue, now);
    return 0;
}

const char *gmc_dram_cmd_name(gmc_dram_cmd_t c)
{
    return (unsigned)c < GMC_DRAM_NCMD ? cmd_names[c] : "?";
}
const char *gmc_dram_scope_name(gmc_dram_scope_t s)
{
    return (unsigned)s < GMC_DRAM_NSCOPE ? scope_names[s] : "?";
}
const char *gmc_dram_status_name(gmc_dram_status_t s)
{
    return (unsigned)s < sizeof status_names / sizeof status_names[0] ? status_names[s] : "?";
}

static int all_bank(unsigned c) { return c == GMC_DRAM_PREA || c == GMC_DRAM_REF; }

/* A rule's scope on this device: with one rank, the rank is the channel
 * and there is no other rank (-1: the rule never applies). */
static int scope_on(const gmc_dram_t *d, unsigned scope)
{
    if (d->ranks > 1)
        return (int)scope;
    return scope == GMC_DRAM_SAME_RANK ? GMC_DRAM_CHANNEL
         : scope == GMC_DRAM_OTHER_RANKS ? -1 : (int)scope;
}

/* The window rule's checks (tFAW: 4 ACTs, in a rank or the channel). */
static int window_ok(const gmc_dram_rule_t *r)
{
    return r->window == 4 && r->prev == GMC_DRAM_ACT && r->next == GMC_DRAM_ACT &&
           (r->scope == GMC_DRAM_SAME_RANK || r->scope == GMC_DRAM_CHANNEL);
}

int gmc_dram_init(gmc_dram_t *d, const gmc_dram_cfg_t *cfg, char *err, size_t en)
{
    memset(d, 0, sizeof *d);
    if (gmc_dram_cfg_check(cfg, cfg->name[0] ? cfg->name : "dram cfg", err, en, err, 0) < 0)
        return -1;
    const gmc_dev_kind_t *k = gmc_dev_kind_of(cfg);
    d->cfg = *cfg;
    d->cfg.kind = k;
    d->nbanks = gmc_dram_banks(cfg);
    d->ranks = gmc_dram_ranks(cfg);
    d->rank_banks = gmc_dram_rank_banks(cfg);
    d->rank_groups = cfg->bank_groups;
    d->tREFI = cfg->refresh ? cfg->tREFI : 0;
    d->ref_step = d->tREFI / d->ranks;
    d->tBURST = cfg->tBURST;
    for (unsigned b = 0; b < GMC_DRAM_MAX_BANKS; b++) {
        d->group_of[b] = (uint8_t)(b < d->nbanks ? b / cfg->banks_per_group : 0);
        d->rank_of[b] = (uint8_t)(b < d->nbanks ? b / d->rank_banks : 0);
    }
    for (unsigned i = 0; i < k->nrules; i++) {
        const gmc_dram_rule_t *r = &k->rules[i];
        /* All-bank commands keep no per-bank or per-group timing state. */
        if ((r->scope == GMC_DRAM_SAME_BANK || r->scope == GMC_DRAM_SAME_GROUP ||
             r->scope >= GMC_DRAM_NSCOPE) && (all_bank(r->prev) || all_bank(r->next))) {
            snprintf(err, en, "kind %s rule %u: expected rank or channel scope for PREA/REF, "
                     "found %s", k->name, i, gmc_dram_scope_name((gmc_dram_scope_t)r->scope));
            return -1;
        }
        int64_t v = gmc_dram_rule_value(r, cfg);
        uint32_t lat = v < 0 ? 0 : (uint32_t)v;
        if (r->window) {   /* the four-ACT window: the ACT rings in gmc_dram_apply */
            if (!window_ok(r)) {
                snprintf(err, en, "kind %s rule %u: expected a window rule of 4 ACTs in the "
                         "rank or the channel, found window %u of %s after %s in %s", k->name,
                         i, r->window,
                         r->next < GMC_DRAM_NCMD ? gmc_dram_cmd_name((gmc_dram_cmd_t)r->next) : "any",
                         r->prev < GMC_DRAM_NCMD ? gmc_dram_cmd_name((gmc_dram_cmd_t)r->prev) : "any",
                         gmc_dram_scope_name((gmc_dram_scope_t)r->scope));
                return -1;
            }
            d->tFAW = d->tFAW > lat ? d->tFAW : lat;
            d->faw_ranks = r->scope == GMC_DRAM_SAME_RANK && d->ranks > 1;
            continue;
        }
        const int sc = r->scope < GMC_DRAM_NSCOPE ? scope_on(d, r->scope) : -1;
        if (sc < 0)
            continue;
        for (unsigned p = 0; p < GMC_DRAM_NCMD; p++)
            for (unsigned n = 0; n < GMC_DRAM_NCMD; n++) {
                if ((r->prev != GMC_DRAM_ANY_CMD && r->prev != p) ||
                    (r->next != GMC_DRAM_ANY_CMD && r->next != n))
                    continue;
                uint32_t *l = &d->lat[p][sc][n];
                *l = *l > lat ? *l : lat;
            }
    }
    for (unsigned c = 0; c < GMC_DRAM_NCMD; c++)
        for (unsigned n = 0; n < GMC_DRAM_NCMD; n++) {
            for (unsigned sc = 0; sc < GMC_DRAM_CHANNEL; sc++)
                if (d->lat[c][sc][n])
                    d->nz[c][sc][d->nz_n[c][sc]++] = (uint8_t)n;
            for (unsigned r = 0; r < 2; r++)
                if (d->lat[c][GMC_DRAM_SAME_RANK + r][n])
                    d->nzr[c][r][d->nzr_n[c][r]++] = (uint8_t)n;
        }
    d->done[GMC_DRAM_ACT] = cfg->tRCD;
    d->done[GMC_DRAM_PRE] = d->done[GMC_DRAM_PREA] = cfg->tRP;
    d->done[GMC_DRAM_RD] = cfg->tCL + cfg->tBURST;
    d->done[GMC_DRAM_WR] = cfg->tCWL + cfg->tBURST;
    d->done[GMC_DRAM_REF] = cfg->tRFC;
    return 0;
}

void gmc_dram_chan_reset(const gmc_dram_t *d, gmc_dram_chan_t *ch)
{
    memset(ch, 0, sizeof *ch);
    for (unsigned b = 0; b < GMC_DRAM_MAX_BANKS; b++)
        ch->open_row[b] = GMC_DRAM_CLOSED;
    ch->ref_due = d->ref_step ? d->ref_step : UINT64_MAX;   /* rank 0's turn first */
}

static inline void raise_row(uint64_t *next, const uint32_t *lat, uint64_t now)
{
    for (unsigned n = 0; n < GMC_DRAM_NCMD; n++) {
        uint64_t t = now + lat[n];
        next[n] = next[n] > t ? next[n] : t;
    }
}

/* raise_row for the k commands in nz (those with a latency above 0), in a
 * command-major table: command n's entry is next[n * stride]. */
static inline void raise_some(uint64_t *next, size_t stride, const uint32_t *lat,
                              const uint8_t *nz, unsigned k, uint64_t now)
{
    for (unsigned i = 0; i < k; i++) {
        const unsigned n = nz[i];
        uint64_t t = now + lat[n];
        uint64_t *x = &next[n * stride];
        *x = *x > t ? *x : t;
    }
}

/* The rank rows of a device with several ranks: the rank's rules into each
 * of its bank groups' entries, the other ranks' rules into every other
 * group's (gmc_dram.h "Ranks").  Out of line: a one-rank device never
 * calls it, and inlined it would cost every command registers. */
__attribute__((noinline, cold)) static void raise_ranks(const gmc_dram_t *d, gmc_dram_chan_t *ch,
                                                         unsigned cmd, unsigned rank, uint64_t now)
{
    const unsigned g0 = rank * d->rank_groups, g1 = g0 + d->rank_groups;
    const unsigned ng = d->ranks * d->rank_groups;
    for (unsigned g = 0; g < ng; g++) {
        const unsigned other = g < g0 || g >= g1;
        raise_some(&ch->next_group[0][g], GMC_DRAM_MAX_GROUPS,
                   d->lat[cmd][GMC_DRAM_SAME_RANK + other], d->nzr[cmd][other],
                   d->nzr_n[cmd][other], now);
    }
}

/* An ACT's four-ACT window: the fourth-previous ACT in the window's scope
 * bounds the next ACT there.  ring: the channel's (one rank, or a
 * channel-scope window) in next_chan, else the rank's in its groups'. */
static inline uint64_t faw_ring(const gmc_dram_t *d, gmc_dram_chan_t *ch, unsigned ring,
                                uint64_t now)
{
    ch->faw[ring][ch->faw_head[ring]] = now + d->tFAW;
    ch->faw_head[ring] = (uint8_t)((ch->faw_head[ring] + 1) & 3);
    return ch->faw[ring][ch->faw_head[ring]];   /* the fourth-previous ACT's window end */
}

__attribute__((noinline, cold)) static void faw_rank(const gmc_dram_t *d, gmc_dram_chan_t *ch,
                                                      unsigned rank, uint64_t now)
{
    const uint64_t w = faw_ring(d, ch, rank, now);
    for (unsigned g = rank * d->rank_groups, e = g + d->rank_groups; g < e; g++) {
        uint64_t *a = &ch->next_group[GMC_DRAM_ACT][g];
        *a = *a > w ? *a : w;
    }
}

static inline void faw_push(const gmc_dram_t *d, gmc_dram_chan_t *ch, unsigned rank, uint64_t now)
{
    if (__builtin_expect(d->faw_ranks, 0)) {
        faw_rank(d, ch, rank, now);
        return;
    }
    const uint64_t w = faw_ring(d, ch, 0, now);
    uint64_t *a = &ch->next_chan[GMC_DRAM_ACT];
    *a = *a > w ? *a : w;
}

gmc_dram_status_t gmc_dram_issue(const gmc_dram_t *d, gmc_dram_chan_t *ch, gmc_dram_cmd_t cmd,
                                 unsigned bank, uint32_t row, uint64_t now, uint64_t *done)
{
    gmc_dram_status_t st = gmc_dram_can_issue(d, ch, cmd, bank, row, now);
    if (st == GMC_DRAM_OK)
        gmc_dram_apply(d, ch, cmd, bank, row, now, done);
    return st;
}

void gmc_dram_apply(const gmc_dram_t *d, gmc_dram_chan_t *ch, gmc_dram_cmd_t cmd, unsigned bank,
                    uint32_t row, uint64_t now, uint64_t *done)
{
    /* rank_of[bank] is read where it is needed, not kept in a register
     * across the rows (that cost every command a spill) */
    if (all_bank(cmd))   /* the rank's first bank: all-bank commands keep no bank state */
        bank = d->rank_of[bank] * d->rank_banks;
    raise_some(&ch->next_bank[0][bank], GMC_DRAM_MAX_BANKS, d->lat[cmd][GMC_DRAM_SAME_BANK],
               d->nz[cmd][GMC_DRAM_SAME_BANK], d->nz_n[cmd][GMC_DRAM_SAME_BANK], now);
    raise_some(&ch->next_group[0][d->group_of[bank]], GMC_DRAM_MAX_GROUPS,
               d->lat[cmd][GMC_DRAM_SAME_GROUP], d->nz[cmd][GMC_DRAM_SAME_GROUP],
               d->nz_n[cmd][GMC_DRAM_SAME_GROUP], now);
    raise_row(ch->next_chan, d->lat[cmd][GMC_DRAM_CHANNEL], now);
    if (__builtin_expect(d->ranks > 1, 0))
        raise_ranks(d, ch, cmd, d->rank_of[bank], now);
    const unsigned rank = d->rank_of[bank];
    switch (cmd) {
    case GMC_DRAM_ACT:
        ch->open_row[bank] = row;
        ch->n_open++;
        if (!ch->rank_open[rank]++)   /* the rank's first open bank starts an active interval */
            ch->active_from[rank] = now;
        faw_push(d, ch, rank, now);
        break;
    case GMC_DRAM_PRE:
        ch->open_row[bank] = GMC_DRAM_CLOSED;
        ch->n_open--;
        if (!--ch->rank_open[rank])   /* its last open bank ends it */
            ch->st.active_cycles += now - ch->active_from[rank];
        break;
    case GMC_DRAM_PREA:
        for (unsigned b = bank, e = bank + d->rank_banks; b < e; b++)
            ch->open_row[b] = GMC_DRAM_CLOSED;
        if (ch->rank_open[rank])
            ch->st.active_cycles += now - ch->active_from[rank];
        ch->n_open -= ch->rank_open[rank];
        ch->rank_open[rank] = 0;
        break;
    case GMC_DRAM_RD:
    case GMC_DRAM_WR:
        ch->st.data_busy += d->tBURST;
        ch->st.last_data_end = now + d->done[cmd];
        break;
    case GMC_DRAM_REF:
        if (d->ref_step && rank == ch->ref_rank) {   /* its turn: the next rank's comes next */
            ch->ref_due += d->ref_step;
            ch->ref_rank = rank + 1 < d->ranks ? rank + 1 : 0;
        }
        break;
    default:
        break;
    }
    ch->st.cmds[cmd]++;
    if (done)
        *done = now + d->done[cmd];
}

uint64_t gmc_dram_refresh_owed(const gmc_dram_t *d, const gmc_dram_chan_t *ch, uint64_t now)
{
    if (!d->ref_step || now < ch->ref_due)
        return 0;
    return 1 + (now - ch->ref_due) / d->ref_step;
}
