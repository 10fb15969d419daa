/* gmc_mc_streak: row streaks and their breakers, Yuan et al. [MICRO'09]
 * sec. 5.2, counted by the controller at each ACT (gmc_mc.h has the
 * contract, docs/memory.md "Row streak breakers" the paper's sentences and
 * both readings of each ambiguous one).
 *
 * "Whenever a DRAM bank switches from an old Row X to a new Row Y ... we
 * search backwards through the FIFO queue corresponding to this DRAM bank
 * starting from the pending request to Row Y, looking for any other
 * requests to Row X" (stranded requests); "we look at the requests between
 * the stranded request and the pending request to Row Y" (row streak
 * breakers); "we increment the counter for each category once if any
 * requests in the corresponding category are found".
 *
 * The bank's FIFO is its queued requests of both types in arrival order:
 * the channel list (qnext / qprev) filtered by bank, for every scheduler
 * (for FR-FCFS and the others that reorder, the bank's requests in the
 * order they arrived).  The walk costs O(queue) per row switch and nothing
 * per request. */
#include "mc/gmc_mc.h"
#include <stdio.h>
#include <string.h>

/* The breaker b's category against the reference (the stranded request,
 * or the streak's opener): another SM, the same SM and another CTA, the
 * same CTA; a request without an SM (an L2 write-back, a trace request
 * without warp ids) on either side is GMC_BRK_NO_SM. */
static unsigned category(const gmc_mc_req_t *b, uint32_t sm, uint16_t cta, int has_sm)
{
    if (!(b->flags & GMC_REQ_WARP) || !has_sm)
        return GMC_BRK_NO_SM;
    if (b->sm != sm)
        return GMC_BRK_OTHER_SM;
    return (uint16_t)b->cta != cta ? GMC_BRK_OTHER_CTA : GMC_BRK_SAME_CTA;
}

static inline uint32_t step(const gmc_mc_t *mc, uint32_t j, int older)
{
    return older ? mc->req[j].qprev : mc->req[j].qnext;
}

/* Whether bank b has a queued request to row x: its two type lists'
 * compact rows (8 bytes a request), the cheap test before the ordered walk
 * (most switches strand nothing: FR-FCFS serves every row hit first). */
static int bank_has_row(const gmc_mc_t *mc, unsigned b, uint32_t x)
{
    for (unsigned w = 0; w < 2; w++)
        for (uint32_t j = mc->head[w][b]; j != GMC_MC_NONE; j = mc->blink[j].next)
            if (mc->blink[j].row == x)
                return 1;
    return 0;
}

/* The switch of bank b from row x to request i's row; op: the request x
 * was opened for. */
static unsigned streak_switch(gmc_mc_t *mc, unsigned b, uint32_t i, uint32_t x,
                              const struct gmc_streak_bank *op)
{
    gmc_mc_streak_t *s = mc->streak;
    const unsigned rd = mc->cfg.streak_reading;
    const int older = (rd & GMC_STREAK_OLDER) != 0;
    s->streaks++;
    if (!bank_has_row(mc, b, x))
        return 0;
    uint32_t st = GMC_MC_NONE;   /* the nearest queued request of the bank to row x */
    for (uint32_t j = step(mc, i, older); j != GMC_MC_NONE; j = step(mc, j, older))
        if (mc->req[j].bank == b && mc->req[j].row == x) {
            st = j;
            break;
        }
    if (st == GMC_MC_NONE)
        return 0;
    s->stranded++;
    uint32_t sm = mc->req[st].sm;
    uint16_t cta = (uint16_t)mc->req[st].cta;
    int has_sm = (mc->req[st].flags & GMC_REQ_WARP) != 0;
    if (rd & GMC_STREAK_OPENER)
        sm = op->sm, cta = op->cta, has_sm = op->has_sm;
    unsigned cats = 0;
    if (!(rd & GMC_STREAK_EXCLUDE_Y))
        cats |= 1u << category(&mc->req[i], sm, cta, has_sm);
    for (uint32_t j = step(mc, i, older); j != st; j = step(mc, j, older))
        if (mc->req[j].bank == b)
            cats |= 1u << category(&mc->req[j], sm, cta, has_sm);
    for (unsigned k = 0; k < GMC_BRK_N; k++)
        s->brk[k] += cats >> k & 1;
    return cats | GMC_BRK_STRANDED;
}

unsigned gmc_mc_streak_act(gmc_mc_t *mc, unsigned b, uint32_t i)
{
    struct gmc_streak_bank *k = &mc->streak->bank[b];
    const gmc_mc_req_t *q = &mc->req[i];
    const struct gmc_streak_bank op = *k;
    k->row = q->row;
    k->sm = q->sm;
    k->cta = (uint16_t)q->cta;
    k->has_sm = (q->flags & GMC_REQ_WARP) != 0;
    /* the bank's first ACT, or the same row again (after a refresh or a
     * closing row policy): no switch */
    if (op.row == GMC_STREAK_NO_ROW || op.row == q->row)
        return 0;
    return streak_switch(mc, b, i, op.row, &op);
}

/* The readings' words, in GMC_STREAK_* bit order. */
static const char *const reading_word[] = {"older", "exclude-y", "opener"};

int gmc_streak_reading_parse(const char *list, uint8_t *bits, char *err, size_t n)
{
    unsigned v = 0;
    const char *p = list;
    do {
        const char *e = strchr(p, ',');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        unsigned k = 0;
        while (k < 3 && !(strlen(reading_word[k]) == len && !strncmp(reading_word[k], p, len)))
            k++;
        if (k < 3)
            v |= 1u << k;
        else if (!(len == 7 && !strncmp(p, "default", 7))) {
            snprintf(err, n, "expected default or a list of older, exclude-y, opener, found '%.*s'",
                     (int)(len > 32 ? 32 : len), p);
            return -1;
        }
        p = e ? e + 1 : NULL;
    } while (p);
    *bits = (uint8_t)v;
    return 0;
}

const char *gmc_streak_reading_name(unsigned bits, char *buf, size_t n)
{
    size_t k = 0;
    if (n)
        buf[0] = 0;
    for (unsigned i = 0; i < 3; i++)
        if (bits >> i & 1)
            k += (size_t)snprintf(buf + k, k < n ? n - k : 0, "%s%s", k ? "," : "", reading_word[i]);
    return k ? buf : "default";
}
