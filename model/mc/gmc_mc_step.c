/* gmc_mc: one command-clock cycle of the controller (see gmc_mc.h). */
#include "mc/gmc_test_fault_impl.h"
#include <assert.h>
#include "mc/gmc_mc.h"
#include "mc/gmc_mc_impl.h"

#define NOCMD 0xffu

/* ---- one cycle ---- */

static inline unsigned cmd_for(const gmc_mc_t *mc, unsigned b, uint32_t r)
{
    uint32_t open = mc->ch.open_row[b];
    if (open == GMC_DRAM_CLOSED)
        return GMC_DRAM_ACT;
    if (open != mc->req[r].row)
        return GMC_DRAM_PRE;
    return mc->req[r].is_write ? GMC_DRAM_WR : GMC_DRAM_RD;
}

/* When bank b's command for request r may issue, asked at cycle t: the
 * engine's earliest cycle, except that an ACT whose column command could
 * not issue before refresh surely takes the channel (the refresh policy's
 * ref_hold; the default's is the cycle refresh falls due) waits for the
 * refresh.  Refresh then takes the channel, and its PREA would close the
 * row unused: an ACT-PRE pair for nothing that also delays the REF by up
 * to tRAS.  With tREFI close to tRFC such pairs can fill every window
 * between refreshes for ever (seen with tREFI 500, tRFC 420:
 * docs/memory.md "Refresh").  Held from max(e, t) on, the ACT stays held
 * until the refresh (later cycles are later still), so ref_hold is a bound
 * as the engine's are: it only rises, and t < ref_hold here (refresh is
 * handled first). */
static inline uint64_t cmd_earliest(const gmc_mc_t *mc, const gmc_dram_t *d,
                                    const gmc_dram_chan_t *ch, unsigned cmd, unsigned b,
                                    uint32_t r, uint64_t t, uint64_t act_from)
{
    const uint64_t e = gmc_dram_earliest(d, ch, (gmc_dram_cmd_t)cmd, b);
    if (cmd == GMC_DRAM_ACT && (e >= act_from || t >= act_from)) {   /* else x + tRCD < ref_hold */
        const uint64_t x = e > t ? e : t;
        const unsigned cas = mc->req[r].is_write ? GMC_DRAM_WR : GMC_DRAM_RD;
        if (x + d->lat[GMC_DRAM_ACT][GMC_DRAM_SAME_BANK][cas] >= mc->ref_hold)
            return x > mc->ref_hold ? x : mc->ref_hold;
    }
    return e;
}

/* cmd_earliest's act_from: an ACT at x = max(e, t) is held only if
 * x + tRCD (read or write) >= ref_hold, so never while both e and t are
 * below ref_hold - the larger tRCD.  The bank loop tests that one bound
 * before each ACT's request type and latency (on a random trace nearly
 * every pick is an ACT, so those would be looked up at nearly every
 * pick); it is worked out again only when a refresh moved ref_hold.
 * Never reached with refresh off (ref_hold UINT64_MAX); UINT64_MAX with
 * the old rule (the test fault GMC_FAULT_REFRESH_ACT). */
static inline uint64_t act_check_from(gmc_mc_t *mc, const gmc_dram_t *d)
{
    if (mc->ref_hold != mc->act_ref) {
        const uint32_t rd = d->lat[GMC_DRAM_ACT][GMC_DRAM_SAME_BANK][GMC_DRAM_RD];
        const uint32_t wr = d->lat[GMC_DRAM_ACT][GMC_DRAM_SAME_BANK][GMC_DRAM_WR];
        const uint64_t l = rd > wr ? rd : wr;
        mc->act_ref = mc->ref_hold;
        mc->act_lim = gmc_test_fault(GMC_FAULT_REFRESH_ACT) ? UINT64_MAX
                    : mc->ref_hold > l                      ? mc->ref_hold - l
                                                            : 0;
    }
    return mc->act_lim;
}

/* Banks the scheduler is asked about: those with queued requests of the
 * current mode, or of either type when one order holds both. */
static inline uint64_t queued_banks(const gmc_mc_t *mc)
{
    return (mc->sched->flags & GMC_SCHED_ONE_ORDER) ? mc->nonempty[0] | mc->nonempty[1]
                                                    : mc->nonempty[mc->drain];
}

/* The bank's next request and command: the scheduler's pick, unless the
 * bank is committed to a request (it issued PRE or ACT for it) and the pick
 * would issue another PRE or ACT, or the bank has no request of this mode:
 * then the committed request (row commitment, gmc_mc.h).  NONE when the
 * bank has nothing to do. */
static inline uint32_t pick_committed(gmc_mc_t *mc, unsigned b, unsigned *cmd)
{
    uint32_t r = (queued_banks(mc) & BIT(b)) ? mc->sched->pick(mc, b) : GMC_MC_NONE;
    *cmd = r == GMC_MC_NONE ? NOCMD : cmd_for(mc, b, r);
    if (((mc->commit_mask >> b) & 1) && r != mc->commit[b] &&
        (r == GMC_MC_NONE || *cmd == GMC_DRAM_PRE || *cmd == GMC_DRAM_ACT)) {
        r = mc->commit[b];
        *cmd = cmd_for(mc, b, r);
    }
    return r;
}

/* The bank's pick, cached when the scheduler allows: the commitment is
 * applied when the cache is filled, so a cached bank costs what it did
 * without it (a commitment changes only on this bank's commands, which
 * mark it dirty). */
static inline uint32_t policy_pick(gmc_mc_t *mc, unsigned b, unsigned *cmd)
{
    if (mc->sched->flags & GMC_SCHED_CACHE) {
        if (mc->dirty & BIT(b)) {
            unsigned c;
            uint32_t r = pick_committed(mc, b, &c);
            mc->pick[b] = r;
            mc->pcmd[b] = (uint16_t)c;
            mc->lb[b] = 0;
            mc->dirty &= ~BIT(b);
        }
        *cmd = mc->pcmd[b];
        return mc->pick[b];
    }
    return pick_committed(mc, b, cmd);
}

/* The write policy's answer at cycle t differs from the mode being served
 * (its state word is left as it was). */
static inline int mode_changes(const gmc_mc_t *mc, uint64_t t)
{
    uint32_t st = mc->wpol_st;
    return wpol_mode(mc, t, &st) != mc->drain;
}

static void update_mode(gmc_mc_t *mc, uint64_t now)
{
    uint32_t st = mc->wpol_st;
    const unsigned d = wpol_mode(mc, now, &st);
    mc->wpol_st = st;
    if (d != mc->drain) {
        mc->drain = d;
        mc->st.drains += d;
        mc->dirty = ~(uint64_t)0;
    }
}

/* Banks whose oldest queued request (either type) is past the age cap;
 * apick[b] gets that request.  *cross gets the next cycle at which another
 * bank's oldest request crosses the cap (the picks change then). */
static uint64_t find_aged(const gmc_mc_t *mc, uint64_t now, uint32_t *apick, uint64_t *cross)
{
    uint64_t aged = 0;
    for (uint64_t m = mc->nonempty[0] | mc->nonempty[1]; m; m &= m - 1) {
        unsigned b = (unsigned)__builtin_ctzll(m);
        uint32_t r = mc->head[0][b], w = mc->head[1][b];
        if (r == GMC_MC_NONE || (w != GMC_MC_NONE && mc->req[w].seq < mc->req[r].seq))
            r = w;
        uint64_t at = mc->req[r].arrival + mc->cfg.age_cap + 1;   /* first aged cycle */
        if (now >= at) {
            aged |= BIT(b);
            apick[b] = r;
        } else if (at < *cross) {
            *cross = at;
        }
    }
    return aged;
}

/* The row policy's precharge of bank b (on no request's behalf: no
 * request's bookkeeping, no commitment, and no on_issue -- gmc_mc_pol.h
 * says why the scheduler needs none). */
static void pol_precharge(gmc_mc_t *mc, unsigned b, uint64_t now)
{
    GMC_DRAM_ISSUE_CHECKED(mc->d, &mc->ch, GMC_DRAM_PRE, b, 0, now, NULL);
    mc->dirty |= BIT(b);
    mc->pol_pre++;
}

static void issue(gmc_mc_t *mc, unsigned b, uint32_t i, unsigned cmd, uint64_t now, int aged)
{
    if (__builtin_expect(i == GMC_MC_NONE, 0)) {
        pol_precharge(mc, b, now);
        return;
    }
    gmc_mc_req_t *q = &mc->req[i];
    if (!(q->flags & GMC_REQ_STARTED)) {
        uint32_t open = mc->ch.open_row[b];
        q->flags |= GMC_REQ_STARTED;
        q->first_cmd = now;
        q->cls = open == GMC_DRAM_CLOSED ? GMC_CLS_MISS : open == q->row ? GMC_CLS_HIT
                                                                          : GMC_CLS_CONFLICT;
        mc->st.cls[q->cls]++;
    }
    if (aged && !(q->flags & GMC_REQ_AGED)) {
        unsigned pc;
        uint32_t pol = (mc->nonempty[mc->drain] & BIT(b)) ? policy_pick(mc, b, &pc) : GMC_MC_NONE;
        if (pol != i) {
            q->flags |= GMC_REQ_AGED;
            mc->st.age_fired++;
        }
    }
    uint64_t done = 0;
    GMC_DRAM_ISSUE_CHECKED(mc->d, &mc->ch, (gmc_dram_cmd_t)cmd, b, q->row, now, &done);
    mc->dirty |= BIT(b);
    mc->last_use[b] = now;
    if (cmd == GMC_DRAM_PRE || cmd == GMC_DRAM_ACT) {
        mc->commit[b] = i;
        mc->commit_mask |= BIT(b);
        if (cmd == GMC_DRAM_ACT) {   /* gmc_mc_activated */
            q->flags |= GMC_REQ_ACTIVE;
            gmc_mc_streak_act(mc, b, i);   /* a statistic: row streak breakers */
        }
    } else if (mc->commit_mask & BIT(b) && mc->commit[b] == i) {
        mc->commit_mask &= ~BIT(b);
    }
    if (mc->sched->on_issue)
        mc->sched->on_issue(mc, i, (gmc_dram_cmd_t)cmd);
    if (cmd == GMC_DRAM_RD || cmd == GMC_DRAM_WR)
        gmc_mc_serve_(mc, i, done);
}

/* Grants one of the ready banks (the two-level bank arbiter block).
 * aged: the banks in the high pool for the age cap alone; where the
 * scheduler's prio put others there too, the grant is also worked out
 * without them (the same arbiter state) and a different bank is counted
 * (st.arb_prio_moved: what the scheduler's bank scheduling changed). */
static unsigned arbitrate(gmc_mc_t *mc, uint64_t ready, uint64_t hi, uint64_t aged)
{
    gmc_bankarb_in_t in = {.rst_n = 1, .en = 1, .req = ready, .hi = hi};
    gmc_bankarb_state_t d;
    gmc_bankarb_out_t o;
    gmc_bankarb_step(&mc->acfg, &mc->aq, &in, &d, &o);
    assert(o.valid && (ready & o.gnt));
    mc->st.arb_grants++;
    if ((hi & ~aged) & ready) {
        gmc_bankarb_in_t in0 = in;
        gmc_bankarb_state_t d0;
        gmc_bankarb_out_t o0;
        in0.hi = hi & aged;
        gmc_bankarb_step(&mc->acfg, &mc->aq, &in0, &d0, &o0);
        mc->st.arb_prio_moved += o0.gnt_idx != o.gnt_idx;
    }
    mc->aq = d;
    return o.gnt_idx;
}

/* Whether a queued request of either type in bank b is for row `row`. */
static int queued_hit(const gmc_mc_t *mc, unsigned b, uint32_t row)
{
    for (int w = 0; w < 2; w++)
        for (uint32_t i = mc->head[w][b]; i != GMC_MC_NONE; i = mc->blink[i].next)
            if (mc->blink[i].row == row)
                return 1;
    return 0;
}

/* What scan_policies found: banks ready, the first cycle one of the others
 * is (emin, those banks emask), the earliest cycle a policy must be asked
 * again (next). */
typedef struct { uint64_t ready, emin, emask, next; } pol_scan_t;

/* The scan's policy part (mc->pol_scan; never with the default policies):
 * the write policy's timer bounds the look-ahead, and each open bank that
 * no request is committed to and that is no candidate of the scheduler's
 * (`cand`) asks the row policy whether its row closes (gmc_mc_pol.h).  A
 * bank to close joins the scan with request GMC_MC_NONE and a PRE (sel[],
 * scmd[], scan_pol).  Its own results (not pointers to scan's locals,
 * which would then live in memory through scan's hot loop). */
__attribute__((noinline, cold)) static pol_scan_t scan_policies(gmc_mc_t *mc, uint64_t t,
                                                                  uint64_t cand)
{
    pol_scan_t p = {0, GMC_MC_NEVER, 0, GMC_MC_NEVER};
    mc->scan_pol = 0;
    if (mc->wpol->next && gmc_mc_queued(mc) && !(mc->sched->flags & GMC_SCHED_ONE_ORDER))
        p.next = mc->wpol->next(mc, t);
    if (!mc->rp_close || !mc->ch.n_open)
        return p;
    const uint64_t skip = cand | mc->commit_mask;
    for (unsigned b = 0; b < mc->nbanks; b++) {
        const uint32_t open = mc->ch.open_row[b];
        if ((skip >> b & 1) || open == GMC_DRAM_CLOSED || queued_hit(mc, b, open))
            continue;
        const uint64_t c = mc->rowpol->close_at(mc, b, t);
        if (c > t) {   /* not yet: asked again at c */
            p.next = c < p.next ? c : p.next;
            continue;
        }
        const uint64_t e = gmc_dram_earliest(mc->d, &mc->ch, GMC_DRAM_PRE, b);
        mc->scan_pol |= BIT(b);
        mc->sel[b] = GMC_MC_NONE;
        mc->scmd[b] = GMC_DRAM_PRE;
        if (e <= t)
            p.ready |= BIT(b);
        else if (e <= p.emin) {
            p.emask = e < p.emin ? BIT(b) : p.emask | BIT(b);
            p.emin = e;
        }
    }
    return p;
}

/* Looks at every candidate bank at cycle t: fills mc->scan_ready/hi/aged
 * and, for ready banks, sel[] and scmd[].  Returns the earliest later cycle
 * at which a bank not ready now could be (its command's cmd_earliest,
 * an age-cap crossing, a refresh, a policy's next answer).  Something is
 * queued (scan_idle is the empty queue's).
 * With `first` (the probe) and no bank ready at t: if that cycle is some
 * banks' exact earliest cycle, strictly before any crossing or refresh,
 * mc->scan_first gets those banks (sel[], scmd[] set): exactly the banks
 * ready then, unless a request enters first.  Else scan_first is 0. */
static uint64_t scan(gmc_mc_t *mc, uint64_t t, int first)
{
    uint64_t next = mc->ref_at;   /* UINT64_MAX with refresh off; crossings; skipped banks */
    uint64_t emin = GMC_MC_NEVER, emask = 0, skipped = 0;   /* computed banks not ready */
    uint64_t cand, aged = 0, ready = 0, hi = 0;
    uint32_t apick[GMC_DRAM_MAX_BANKS];
    if (mc->sched->flags & GMC_SCHED_IN_ORDER) {
        cand = BIT(mc->req[mc->q_head].bank);
    } else if (mc->sched->flags & GMC_SCHED_ONE_QUEUE) {
        cand = queued_banks(mc) | mc->commit_mask;
    } else {
        cand = mc->nonempty[mc->drain] | mc->commit_mask;
        if (mc->cfg.age_cap) {
            /* Crossing the cap changes a bank's pick: that cycle is an event. */
            uint64_t at = mc->req[mc->q_head].arrival + mc->cfg.age_cap + 1;
            if (t >= at)
                cand |= aged = find_aged(mc, t, apick, &next) & ~mc->commit_mask;
            else
                next = at < next ? at : next;
        }
    }
    /* Read once: the stores below (uint32_t, uint16_t) may alias them as
     * far as the compiler knows, so it would reload them per bank. */
    const int cached = (mc->sched->flags & GMC_SCHED_CACHE) != 0;
    int (*const prio)(const gmc_mc_t *, unsigned, uint32_t) = mc->sched->prio;
    const gmc_dram_t *d = mc->d;
    const gmc_dram_chan_t *ch = &mc->ch;
    const uint64_t act_from = act_check_from(mc, d);
    for (uint64_t m = cand; m; m &= m - 1) {
        unsigned b = (unsigned)__builtin_ctzll(m), cmd;
        uint32_t r;
        uint64_t e;
        if (aged & BIT(b)) {
            r = apick[b];
            cmd = cmd_for(mc, b, r);
            e = cmd_earliest(mc, d, ch, cmd, b, r, t, act_from);
        } else {
            if (!cached) {
                r = pick_committed(mc, b, &cmd);
            } else if (!(mc->dirty & BIT(b))) {
                /* A cached pick's earliest cycle only grows while the pick
                 * stands (the engine's constraints only ever rise), so a
                 * bound from an earlier scan still past t settles the bank. */
                if (mc->lb[b] > t) {
                    skipped |= BIT(b);
                    continue;
                }
                r = mc->pick[b];
                cmd = mc->pcmd[b];
            } else {
                r = policy_pick(mc, b, &cmd);
            }
            if (r == GMC_MC_NONE)
                continue;
            e = cmd_earliest(mc, d, ch, cmd, b, r, t, act_from);
            mc->lb[b] = e;
        }
        if (e > t) {
            if (e <= emin) {
                emask = e < emin ? BIT(b) : emask | BIT(b);
                emin = e;
                mc->sel[b] = r;
                mc->scmd[b] = (uint16_t)cmd;
            }
            continue;
        }
        ready |= BIT(b);
        mc->sel[b] = r;
        mc->scmd[b] = (uint16_t)cmd;
        if ((aged & BIT(b)) || (prio && prio(mc, b, r)))
            hi |= BIT(b);
    }
    if (__builtin_expect(mc->pol_scan, 0)) {
        const pol_scan_t p = scan_policies(mc, t, cand);
        ready |= p.ready;
        next = p.next < next ? p.next : next;
        if (p.emin <= emin) {
            emask = p.emin < emin ? p.emask : emask | p.emask;
            emin = p.emin;
        }
    }
    mc->scan_ready = ready;
    mc->scan_hi = hi;
    mc->scan_aged = aged;
    mc->scan_first = 0;
    if (first && !ready && emin < next) {
        /* A skipped bank's bound is only a lower bound: the ones at or
         * below emin get their exact cycle, so emask is exact.  The rest
         * are above emin and not ready then. */
        const uint64_t e0 = emin;
        for (uint64_t m = skipped; m; m &= m - 1) {
            unsigned b = (unsigned)__builtin_ctzll(m);
            if (mc->lb[b] > e0)
                continue;
            skipped &= ~BIT(b);
            uint64_t e = cmd_earliest(mc, d, ch, mc->pcmd[b], b, mc->pick[b], t, act_from);
            mc->lb[b] = e;
            if (e <= emin) {
                emask = e < emin ? BIT(b) : emask | BIT(b);
                emin = e;
                mc->sel[b] = mc->pick[b];
                mc->scmd[b] = mc->pcmd[b];
            }
        }
        mc->scan_first = emask;
    }
    for (uint64_t m = skipped; m; m &= m - 1) {
        unsigned b = (unsigned)__builtin_ctzll(m);
        next = mc->lb[b] < next ? mc->lb[b] : next;
    }
    return emin < next ? emin : next;
}

/* scan with nothing queued: only the row policy's banks (mc->rp_close). */
static uint64_t scan_idle(gmc_mc_t *mc, uint64_t t, int first)
{
    const pol_scan_t p = scan_policies(mc, t, 0);
    const uint64_t next = p.next < mc->ref_at ? p.next : mc->ref_at;
    mc->scan_ready = p.ready;
    mc->scan_hi = mc->scan_aged = 0;
    mc->scan_first = first && !p.ready && p.emin < next ? p.emask : 0;
    return p.emin < next ? p.emin : next;
}

/* One cycle.  After issuing at `now` the step already scans cycle now + 1
 * ("the probe"): if a bank is ready then, the result is kept for that
 * step; if none is, the probe moves to the first cycle a bank is (when
 * that is known exactly, scan's scan_first) and the step returns that
 * cycle, skipping the idle ones.  A request entering before the probe's
 * cycle patches it (gmc_mc_wake) or drops it.  The probe changes no state
 * a step would not: it is skipped when the write-drain mode would change,
 * and for schedulers that read the warp table (other channels change it
 * between now and the probe's cycle). */
static inline __attribute__((always_inline)) uint64_t step_core(gmc_mc_t *mc, uint64_t now)
{
    mc->sched_wide = 0;   /* this step scans every bank anyway */
    uint64_t next;
    if (mc->probe_valid && mc->probe_t == now) {
        next = mc->probe_next;
    } else {
        mc->probe_valid = 0;   /* a probe of a later cycle: stepped early (every_cycle) */
        if (now >= mc->ref_at) {   /* the refresh policy may take the channel */
            const uint64_t r = mc->rfpol->step(mc, now);
            if (r)
                return r;
        }
        if (gmc_mc_queued(mc)) {
            if (!(mc->sched->flags & GMC_SCHED_ONE_ORDER))
                update_mode(mc, now);
            next = scan(mc, now, 0);
        } else if (mc->rp_close && mc->ch.n_open) {
            next = scan_idle(mc, now, 0);
        } else {
            return mc->ref_at;
        }
    }
    mc->probe_valid = 0;
    if (!mc->scan_ready) {
        assert(next > now);
        return next;
    }
    unsigned b = arbitrate(mc, mc->scan_ready, mc->scan_hi, mc->scan_aged);
    issue(mc, b, mc->sel[b], mc->scmd[b], now, (mc->scan_aged & BIT(b)) != 0);
    mc->sched_wide = 0;   /* what on_issue changed, the probe below sees */
    /* the probe of now + 1 */
    uint64_t t = now + 1;
    const unsigned queued = gmc_mc_queued(mc);
    if (!queued && (!mc->rp_close || !mc->ch.n_open))   /* nothing to do before refresh */
        return mc->ref_at > t ? mc->ref_at : t;
    const unsigned flags = mc->sched->flags;
    if (mc->no_shortcuts || t >= mc->ref_at || (flags & GMC_SCHED_WARPS) ||
        (!(flags & GMC_SCHED_ONE_ORDER) && queued && mode_changes(mc, t)))
        return t;
    next = queued ? scan(mc, t, 1) : scan_idle(mc, t, 1);
    if (!mc->scan_ready) {
        if (!mc->scan_first)
            return next;
        /* No bank is ready at t; the first cycle one is, `next`, is known
         * with the banks ready then, and until then nothing changes what
         * the probe saw: no crossing or refresh comes first (scan), the
         * drain rule and the picks change only when a request enters,
         * which patches the probe or drops it (gmc_mc_wake).  So the step
         * at `next` needs no scan. */
        mc->scan_ready = mc->scan_first;
        mc->scan_hi |= mc->scan_first & mc->scan_aged;
        int (*const prio)(const gmc_mc_t *, unsigned, uint32_t) = mc->sched->prio;
        if (prio)   /* FR-FCFS has none: no walk; the row policy's banks serve no request */
            for (uint64_t m = mc->scan_first & ~mc->scan_aged & ~mc->scan_pol; m; m &= m - 1) {
                unsigned b = (unsigned)__builtin_ctzll(m);
                if (prio(mc, b, mc->sel[b]))
                    mc->scan_hi |= BIT(b);
            }
        t = next;
        next = t + 1;   /* safe if a patch leaves no bank ready at t (the step then returns it) */
    }
    mc->probe_valid = 1;
    mc->probe_t = t;
    mc->probe_next = next;
    return t;
}

/* A write policy that holds requests (gmc_mc_pol.h): its step first, then
 * the controller's; stepped again at the earlier of the controller's next
 * cycle and the policy's (asked after this step's command).  Out of line:
 * the default path pays a flag test before and after. */
static __attribute__((noinline, cold)) void holding_pre(gmc_mc_t *mc, uint64_t now)
{
    if (mc->wpol->step(mc, now))
        mc->probe_valid = 0;   /* requests entered the lists */
}

static __attribute__((noinline, cold)) uint64_t holding_post(gmc_mc_t *mc, uint64_t now, uint64_t r)
{
    const uint64_t p = mc->wpol->next(mc, now);
    return p < r ? p : r;
}

uint64_t gmc_mc_step(gmc_mc_t *mc, uint64_t now)
{
    complete_until(mc, now);
    if (__builtin_expect(mc->wpol_dflt == GMC_WPOL_HOLDS, 0))
        holding_pre(mc, now);
    const uint64_t r = step_core(mc, now);
    if (__builtin_expect(mc->wpol_dflt == GMC_WPOL_HOLDS, 0))
        return holding_post(mc, now, r);
    return r;
}

/* A request just entered at cycle now; `next` is the cycle the controller
 * asked to be stepped at before.  Only its bank's pick can have changed
 * (unless the drain mode flips or the scheduler reads the warp table), so
 * only that bank is looked at.  Never later than a full step would need.
 *
 * A probe set aside by gmc_mc_enqueue (its cycle probe_t is now or later,
 * and next == probe_t) is patched instead of dropped: bank b's new pick is
 * ready at probe_t, or not, as the step at probe_t would find it, because
 * nothing else changes before then (no step runs, the engine's constraints
 * stay as they are).  It is dropped when that reasoning fails: bank b can
 * go before probe_t, the new request's age-cap crossing comes by probe_t,
 * or bank b was aged in the probe (its pick is then not the policy's). */
uint64_t gmc_mc_wake(gmc_mc_t *mc, uint32_t i, uint64_t now, uint64_t next)
{
    const gmc_mc_req_t *q = &mc->req[i];
    const unsigned flags = mc->sched->flags, b = q->bank;
    unsigned cmd;
    if (__builtin_expect(mc->wpol_dflt == GMC_WPOL_HOLDS, 0)) {
        mc->probe_held = 0;
        return now;   /* the policy holds it: its step at now looks */
    }
    int probe = mc->probe_held && mc->probe_t >= now;   /* enqueue set it aside */
    mc->probe_held = 0;
    assert(!probe || next == mc->probe_t);
    if ((next <= now && !probe) || mc->no_shortcuts || mc->sched_wide)
        return now;   /* sched_wide: other banks changed too; a full step looks */
    if ((flags & GMC_SCHED_WARPS) || now >= mc->ref_at ||
        (!(flags & GMC_SCHED_ONE_ORDER) && mode_changes(mc, now)) ||
        (probe && (mc->scan_aged & BIT(b))))
        return now;
    /* The row policy may have been about to close this bank's row, and the
     * new request may keep it open (a hit, of either type) or make the bank
     * the scheduler's: a full step looks (only with a policy that closes
     * rows, and only for an open bank no request is committed to). */
    if (__builtin_expect(mc->rp_close, 0) && !gmc_test_fault(GMC_FAULT_ROWPOL) &&
        mc->ch.open_row[b] != GMC_DRAM_CLOSED && !(mc->commit_mask & BIT(b)))
        return now;
    /* Its age-cap crossing is an event when it is its bank's oldest
     * request, of either type: find_aged makes an aged write a candidate
     * in read mode too.  (A bank's older requests cross first, and those
     * crossings are already events.)  A probe that the crossing would
     * reach is dropped: its aged banks may be wrong then; `next` stays a
     * valid bound, the probe had no event before probe_t. */
    const unsigned w = q->is_write;
    const uint64_t at = mc->cfg.age_cap && !(flags & GMC_SCHED_ONE_ORDER) && mc->head[w][b] == i &&
                                mc->head[!w][b] == GMC_MC_NONE
                            ? now + mc->cfg.age_cap + 1 : GMC_MC_NEVER;
    if (probe && at <= mc->probe_t)
        probe = 0;
    /* A request of the other type is no candidate in this mode, but the
     * scheduler's on_enqueue hook may have changed state that this mode's
     * pick or prio of the bank reads (Warped-MC: a write raises the row
     * score that the bank's read pick follows; under `receive` a first
     * arrival that hits its open row sets a PT bit, the bank's prio); then
     * the bank is picked again below.  The bank is a candidate when it has
     * requests of this mode queued or is committed to a request (of
     * either type: it issued its PRE / ACT before the mode flipped). */
    const int other = !(flags & GMC_SCHED_ONE_ORDER) && w != mc->drain;
    next = at < next ? at : next;   /* a kept probe: at > probe_t == next */
    if ((flags & GMC_SCHED_IN_ORDER) ? mc->q_head != i
                                     : other && (!mc->sched->on_enqueue || gmc_test_fault(GMC_FAULT_WAKE_HOOK) ||
                                                 !((mc->nonempty[mc->drain] | mc->commit_mask) &
                                                   BIT(b)))) {
        mc->probe_valid = probe;   /* nothing this mode sees changed */
        if (probe && at < mc->probe_next)
            mc->probe_next = at;
        return next;
    }
    uint32_t r = policy_pick(mc, b, &cmd);
    /* NONE: a one-queue scheduler's request blocked behind another */
    uint64_t e = r == GMC_MC_NONE ? GMC_MC_NEVER
                                  : cmd_earliest(mc, mc->d, &mc->ch, cmd, b, r, now,
                                                 act_check_from(mc, mc->d));
    mc->lb[b] = e;
    const uint64_t pt = mc->probe_t;
    if (!probe || (pt > now && e < pt))   /* bank b may go before the probe's cycle */
        return e <= now ? now : e < next ? e : next;
    /* patch the probe's view of bank b */
    mc->scan_ready &= ~BIT(b);
    mc->scan_hi &= ~BIT(b);
    if (e <= pt) {
        mc->scan_ready |= BIT(b);
        mc->sel[b] = r;
        mc->scmd[b] = (uint16_t)cmd;
        if (mc->sched->prio && mc->sched->prio(mc, b, r))
            mc->scan_hi |= BIT(b);
    } else if (e < mc->probe_next) {
        mc->probe_next = e;
    }
    if (at < mc->probe_next)
        mc->probe_next = at;
    mc->probe_valid = 1;
    return pt;
}
