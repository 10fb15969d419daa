/* gmc_memsys_wear: writes per row on the channels whose device wears out
 * (gmc_dev_kind_t.wears: PCM), and the lifetime they imply at the
 * device's endurance (docs/pcm.md "Wear").  Counted at each write's column
 * command -- a sender's write, or a write queue's drained write -- in an
 * open-addressing table of the rows written; the channels of other
 * devices cost one flag test per column command. */
#include <stdlib.h>
#include <string.h>
#include "mc/gmc_memsys_impl.h"
#include "mem/gmc_dev_kind.h"

/* A table slot: key (channel, bank, row) + 1, 0 = empty. */
static inline uint64_t wear_key(unsigned ch, unsigned bank, uint32_t row)
{
    return ((uint64_t)ch << 40 | (uint64_t)bank << 32 | row) + 1;
}

static inline size_t wear_slot(uint64_t key, size_t cap)
{
    return (size_t)(key * 0x9e3779b97f4a7c15ull >> 20) & (cap - 1);
}

int gmc_memsys_wear_init(gmc_memsys_t *ms, char *err, size_t n)
{
    unsigned k = 0;
    for (unsigned c = 0; c < ms->nch; c++)
        k += gmc_dev_kind_of(&ms->mc[c].d->cfg)->wears != 0;
    if (!k)
        return 0;
    ms->wear_ch = calloc(ms->nch, 1);
    ms->wear_cap = 1024;
    ms->wear = calloc(ms->wear_cap, sizeof *ms->wear);
    if (!ms->wear_ch || !ms->wear) {
        snprintf(err, n, "out of memory for the wear counts");
        return -1;
    }
    for (unsigned c = 0; c < ms->nch; c++)
        ms->wear_ch[c] = gmc_dev_kind_of(&ms->mc[c].d->cfg)->wears != 0;
    ms->col_hook = 1;
    return 0;
}

void gmc_memsys_wear_free(gmc_memsys_t *ms)
{
    free(ms->wear);
    free(ms->wear_ch);
}

/* Doubles the table (at most half full); out of memory: keeps the table,
 * which is never full. */
static void grow(gmc_memsys_t *ms)
{
    const size_t cap = ms->wear_cap * 2;
    gmc_memsys_wear_row_t *t = calloc(cap, sizeof *t);
    if (!t)
        return;
    for (size_t i = 0; i < ms->wear_cap; i++) {
        const gmc_memsys_wear_row_t *e = &ms->wear[i];
        if (!e->key)
            continue;
        size_t j = wear_slot(e->key, cap);
        while (t[j].key)
            j = (j + 1) & (cap - 1);
        t[j] = *e;
    }
    free(ms->wear);
    ms->wear = t;
    ms->wear_cap = cap;
}

void gmc_memsys_wear_note(gmc_memsys_t *ms, unsigned ch, const gmc_mc_req_t *r)
{
    /* a write a policy answered without the device (GMC_REQ_ANSWERED: a
     * write queue took it) writes no cells: its drain will */
    if (!r->is_write || !ms->wear_ch[ch] || (r->flags & GMC_REQ_ANSWERED))
        return;
    if ((ms->wear_n + 1) * 2 > ms->wear_cap)
        grow(ms);
    const uint64_t key = wear_key(ch, r->bank, r->row);
    size_t j = wear_slot(key, ms->wear_cap);
    while (ms->wear[j].key && ms->wear[j].key != key)
        j = (j + 1) & (ms->wear_cap - 1);
    if (!ms->wear[j].key) {
        ms->wear[j].key = key;
        ms->wear_n++;
    }
    ms->wear[j].writes++;
}

int gmc_memsys_wear(const gmc_memsys_t *ms, uint64_t until, gmc_mem_wear_t *w)
{
    memset(w, 0, sizeof *w);
    if (!ms->wear_ch)
        return -1;
    double rows = 0;
    for (unsigned c = 0; c < ms->nch; c++) {
        if (!ms->wear_ch[c])
            continue;
        const gmc_dram_cfg_t *d = &ms->mc[c].d->cfg;
        w->channels++;
        rows += (double)d->rows * ms->mc[c].d->nbanks;
    }
    w->rows = (uint64_t)rows;
    w->seconds = (double)until * ms->mc[0].d->cfg.tck_ps * 1e-12;   /* one clock for all channels */
    double worst = 0;   /* the least endurance / writes over the rows (0: none known) */
    uint64_t worst_end = 0;
    for (size_t i = 0; i < ms->wear_cap; i++) {
        const gmc_memsys_wear_row_t *e = &ms->wear[i];
        if (!e->key)
            continue;
        const uint64_t k = e->key - 1;
        const unsigned ch = (unsigned)(k >> 40), bank = (unsigned)(k >> 32 & 0xff);
        const uint32_t row = (uint32_t)k;
        w->writes += e->writes;
        w->rows_written++;
        /* the most-written row; ties to the lowest (channel, bank, row) */
        if (e->writes > w->max_row_writes ||
            (e->writes == w->max_row_writes && k < ((uint64_t)w->max_ch << 40 | (uint64_t)w->max_bank << 32 | w->max_row))) {
            w->max_row_writes = e->writes;
            w->max_ch = ch, w->max_bank = bank, w->max_row = row;
        }
        const uint32_t end = ms->mc[ch].d->cfg.endurance;
        const double ratio = (double)end / (double)e->writes;
        if (end && (worst == 0 || ratio < worst)) {
            worst = ratio;
            worst_end = end;
        }
    }
    w->endurance = (uint32_t)worst_end;
    w->lifetime_s = worst * w->seconds;
    /* perfect wear leveling: every write spread over all rows evenly (the
     * least endurance of the counted channels) */
    uint32_t emin = 0;
    for (unsigned c = 0; c < ms->nch; c++) {
        const uint32_t e = ms->wear_ch[c] ? ms->mc[c].d->cfg.endurance : 0;
        emin = e && (!emin || e < emin) ? e : emin;
    }
    w->leveled_lifetime_s = emin && w->writes ? (double)emin * rows * w->seconds / (double)w->writes : 0;
    return 0;
}
