/* gmc_dispatch_serial: TEMP [JETC'19]'s serial thread-block dispatching
 * (sec. 3.2; contract in gmc_dispatch.h).  Before the kernel's first CTA
 * each SM gets a dispatch queue of consecutive CTA ids -- two registers,
 * head and tail, as the paper's -- and the SMs get equal shares in whole
 * thread batches: with B batches of gmc_dispatch_batch_stride CTAs, SM i
 * gets batches i x B / sms .. (i + 1) x B / sms - 1.  Each call launches
 * at most one CTA per SM (its queue's head) when it fits; an SM whose
 * queue is empty stays idle (no stealing: the paper has none).
 *
 * An SM the kernel's CTA did not fit is not asked again until one of its
 * CTAs ends (as gmc_dispatch_rr's nofit), except in the reference mode. */
#include <stdio.h>
#include <stdlib.h>
#include "gpu/gmc_dispatch.h"

typedef struct {
    unsigned  sms;
    uint32_t *head, *tail;   /* [sms]: SM i's queue is the ids head[i] .. tail[i] - 1 */
    uint8_t  *nofit;         /* [sms] */
} serial_t;

static int serial_init(gmc_dispatch_t *d, char *err, size_t n)
{
    const unsigned sms = gmc_dispatch_sms(d);
    serial_t *q = calloc(1, sizeof *q);
    if (q) {
        q->head = calloc(sms, sizeof *q->head);
        q->tail = calloc(sms, sizeof *q->tail);
        q->nofit = calloc(sms, 1);
    }
    if (!q || !q->head || !q->tail || !q->nofit) {
        if (q) {
            free(q->head);
            free(q->tail);
        }
        free(q);
        snprintf(err, n, "cta_dispatch serial: out of memory for %u SMs", sms);
        return -1;
    }
    q->sms = sms;
    d->priv = q;
    return 0;
}

static void serial_free(gmc_dispatch_t *d)
{
    serial_t *q = d->priv;
    if (q) {
        free(q->head);
        free(q->tail);
        free(q->nofit);
    }
    free(q);
    d->priv = NULL;
}

/* Takes every id (in grid order) and fills the queues. */
static void serial_kernel_begin(gmc_dispatch_t *d)
{
    serial_t *q = d->priv;
    const uint32_t ctas = gmc_dispatch_ctas(d), b = gmc_dispatch_batch_stride(d);
    while (gmc_dispatch_next_cta(d) < ctas)
        gmc_dispatch_take(d);
    const uint64_t batches = ((uint64_t)ctas + b - 1) / b;
    for (unsigned i = 0; i < q->sms; i++) {
        const uint64_t lo = batches * i / q->sms * b, hi = batches * (i + 1) / q->sms * b;
        q->head[i] = (uint32_t)(lo < ctas ? lo : ctas);
        q->tail[i] = (uint32_t)(hi < ctas ? hi : ctas);
        q->nofit[i] = 0;
    }
}

static void serial_dispatch(gmc_dispatch_t *d)
{
    serial_t *q = d->priv;
    const int all = gmc_dispatch_reference(d);
    for (unsigned s = 0; s < q->sms; s++) {
        if (q->head[s] == q->tail[s] || (q->nofit[s] && !all))
            continue;
        if (gmc_dispatch_fits(d, s))
            gmc_dispatch_launch(d, s, q->head[s]++);
        else
            q->nofit[s] = 1;
    }
}

static uint64_t serial_next_event(const gmc_dispatch_t *d)
{
    const serial_t *q = d->priv;
    for (unsigned s = 0; s < q->sms; s++)
        if (q->head[s] < q->tail[s] && !q->nofit[s])
            return gmc_dispatch_now(d);
    return GMC_DISPATCH_NEVER;
}

static void serial_cta_end(gmc_dispatch_t *d, unsigned sm)
{
    ((serial_t *)d->priv)->nofit[sm] = 0;   /* room again: dispatch tries it */
}

const gmc_dispatch_ops_t gmc_dispatch_serial = {
    "serial", "TEMP's serial dispatch: a queue of consecutive CTAs (whole thread batches) per SM, equal shares",
    serial_dispatch, serial_next_event, serial_cta_end, serial_kernel_begin, serial_init, serial_free,
};
