/* gmc_dram: device init (its kind's rules resolved), channel reset and
 * command issue. */
#include "gmc_dram.h"
#include <stdio.h>
#include <string.h>
#include "gmc_dev_kind.h"

static const char *const cmd_names[GMC_DRAM_NCMD] = {"ACT", "PRE", "PREA", "RD", "WR", "REF"};
static const char *const scope_names[GMC_DRAM_NSCOPE] = {"same bank", "same group", "channel"};
static const char *const status_names[] = {"ok", "too early", "bank closed", "other row open",
                                           "bank open", "argument out of range"};

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

int gmc_dram_init(gmc_dram_t *d, const gmc_dram_cfg_t *cfg, char *err, size_t en)
{
    memset(d, 0, sizeof *d);
    if (gmc_dram_cfg_check(cfg, cfg->name[0] ? cfg->name : "dram cfg", err, en, err, 0) < 0)
        return -1;
    const gmc_dev_kind_t *k = gmc_dev_kind_of(cfg);
    d->cfg = *cfg;
    d->cfg.kind = k;
    d->nbanks = gmc_dram_banks(cfg);
    d->tREFI = cfg->refresh ? cfg->tREFI : 0;
    d->tBURST = cfg->tBURST;
    for (unsigned b = 0; b < GMC_DRAM_MAX_BANKS; b++)
        d->group_of[b] = (uint8_t)(b < d->nbanks ? b / cfg->banks_per_group : 0);
    for (unsigned i = 0; i < k->nrules; i++) {
        const gmc_dram_rule_t *r = &k->rules[i];
        /* All-bank commands keep no per-bank or per-group timing state. */
        if (r->scope != GMC_DRAM_CHANNEL && (all_bank(r->prev) || all_bank(r->next))) {
            snprintf(err, en, "kind %s rule %u: expected channel scope for PREA/REF, found %s",
                     k->name, i, gmc_dram_scope_name((gmc_dram_scope_t)r->scope));
            return -1;
        }
        int64_t v = gmc_dram_rule_value(r, cfg);
        uint32_t lat = v < 0 ? 0 : (uint32_t)v;
        if (r->window) {   /* the four-ACT window: the ACT ring in gmc_dram_apply */
            if (r->window != 4 || r->prev != GMC_DRAM_ACT || r->next != GMC_DRAM_ACT ||
                r->scope != GMC_DRAM_CHANNEL) {
                snprintf(err, en, "kind %s rule %u: expected a window rule of 4 ACTs in the "
                         "channel, found window %u of %s after %s", k->name, i, r->window,
                         r->next < GMC_DRAM_NCMD ? gmc_dram_cmd_name((gmc_dram_cmd_t)r->next) : "any",
                         r->prev < GMC_DRAM_NCMD ? gmc_dram_cmd_name((gmc_dram_cmd_t)r->prev) : "any");
                return -1;
            }
            d->tFAW = d->tFAW > lat ? d->tFAW : lat;
            continue;
        }
        for (unsigned p = 0; p < GMC_DRAM_NCMD; p++)
            for (unsigned n = 0; n < GMC_DRAM_NCMD; n++) {
                if ((r->prev != GMC_DRAM_ANY_CMD && r->prev != p) ||
                    (r->next != GMC_DRAM_ANY_CMD && r->next != n))
                    continue;
                uint32_t *l = &d->lat[p][r->scope][n];
                *l = *l > lat ? *l : lat;
            }
    }
    for (unsigned c = 0; c < GMC_DRAM_NCMD; c++)
        for (unsigned sc = 0; sc < GMC_DRAM_CHANNEL; sc++)
            for (unsigned n = 0; n < GMC_DRAM_NCMD; n++)
                if (d->lat[c][sc][n])
                    d->nz[c][sc][d->nz_n[c][sc]++] = (uint8_t)n;
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
    ch->ref_due = d->tREFI ? d->tREFI : UINT64_MAX;
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
    if (all_bank(cmd))
        bank = 0;
    raise_some(&ch->next_bank[0][bank], GMC_DRAM_MAX_BANKS, d->lat[cmd][GMC_DRAM_SAME_BANK],
               d->nz[cmd][GMC_DRAM_SAME_BANK], d->nz_n[cmd][GMC_DRAM_SAME_BANK], now);
    raise_some(&ch->next_group[0][d->group_of[bank]], GMC_DRAM_MAX_GROUPS,
               d->lat[cmd][GMC_DRAM_SAME_GROUP], d->nz[cmd][GMC_DRAM_SAME_GROUP],
               d->nz_n[cmd][GMC_DRAM_SAME_GROUP], now);
    raise_row(ch->next_chan, d->lat[cmd][GMC_DRAM_CHANNEL], now);
    switch (cmd) {
    case GMC_DRAM_ACT: {
        ch->open_row[bank] = row;
        if (!ch->n_open++)   /* the first open bank starts an active interval */
            ch->active_from = now;
        ch->faw[ch->faw_head] = now + d->tFAW;
        ch->faw_head = (ch->faw_head + 1) & 3;
        uint64_t w = ch->faw[ch->faw_head];   /* the fourth-previous ACT's window end */
        uint64_t *a = &ch->next_chan[GMC_DRAM_ACT];
        *a = *a > w ? *a : w;
        break;
    }
    case GMC_DRAM_PRE:
        ch->open_row[bank] = GMC_DRAM_CLOSED;
        if (!--ch->n_open)   /* the last open bank ends it */
            ch->st.active_cycles += now - ch->active_from;
        break;
    case GMC_DRAM_PREA:
        for (unsigned b = 0; b < d->nbanks; b++)
            ch->open_row[b] = GMC_DRAM_CLOSED;
        if (ch->n_open)
            ch->st.active_cycles += now - ch->active_from;
        ch->n_open = 0;
        break;
    case GMC_DRAM_RD:
    case GMC_DRAM_WR:
        ch->st.data_busy += d->tBURST;
        ch->st.last_data_end = now + d->done[cmd];
        break;
    case GMC_DRAM_REF:
        if (d->tREFI)
            ch->ref_due += d->tREFI;
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
    if (!d->tREFI || now < ch->ref_due)
        return 0;
    return 1 + (now - ch->ref_due) / d->tREFI;
}
