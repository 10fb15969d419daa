/* gmc entropy: the requests of a --trace file or a --gen generator, raw
 * and (with a scheme) BIM-mapped, into the accumulator. */
#include <errno.h>
#include <inttypes.h>
#include <string.h>
#include "cli.h"
#include "entropy_cli.h"

static int add(entropy_sink_t *s, const gmc_trace_rec_t *r)
{
    if (s->have_kernel && r->kernel != s->kernel)
        return 0;
    uint64_t a[2] = {r->addr, 0};
    if (s->bim)
        a[1] = gmc_bim_map(s->bim, r->addr);
    if (gmc_entropy_add(s->acc, r->kernel, r->tb, a)) {
        snprintf(s->err, sizeof s->err, "out of memory after %" PRIu64
                 " requests", s->kept);
        return 1;
    }
    s->kept++;
    return 0;
}

int entropy_read_trace(const entropy_opts_t *o, entropy_sink_t *s,
                       char *source, size_t n)
{
    gmc_trace_t tr;
    char err[1024];
    if (gmc_trace_open(&tr, o->trace, err, sizeof err)) {   /* refuses a directory, a device */
        fprintf(stderr, "gmc entropy: %s\n", err);
        return 1;
    }
    gmc_trace_set_width(&tr, s->width, s->wrap);
    gmc_trace_rec_t r;
    int got, rc = 1;
    while ((got = gmc_trace_next(&tr, &r, err, sizeof err)) == GMC_TRACE_REC)
        if (add(s, &r)) {
            fprintf(stderr, "gmc entropy: %s:%lu: %s\n", tr.src, tr.lineno, s->err);
            goto out;
        }
    if (got == GMC_TRACE_EWIDE) {
        fprintf(stderr, "gmc entropy: %s; use --bits N for a wider address "
                "or --wrap to mask it to %u bits\n", err, s->width);
        goto out;
    }
    if (got < 0) {
        fprintf(stderr, "gmc entropy: %s\n", err);
        goto out;
    }
    if (!s->kept) {
        if (o->have_kernel && tr.records)
            fprintf(stderr, "gmc entropy: %s:%lu: expected a request of kernel %"
                    PRIu64 ", found end of file\n", tr.src,
                    gmc_trace_eof_line(&tr), o->kernel);
        else
            fprintf(stderr, "gmc entropy: %s:%lu: expected a request line "
                    "'<kernel> <tb> <hex address>', found end of file\n",
                    tr.src, gmc_trace_eof_line(&tr));
        goto out;
    }
    snprintf(source, n, "trace %s", tr.src);
    rc = 0;
out:
    gmc_trace_close(&tr);
    return rc;
}

static int gen_sink(void *ctx, const gmc_trace_rec_t *r)
{
    entropy_sink_t *s = ctx;
    s->nrec++;
    if (s->gen_out && gmc_trace_write(s->gen_out, r)) {
        snprintf(s->err, sizeof s->err, "write error on --gen-out: %s",
                 strerror(errno));
        return 1;
    }
    gmc_trace_rec_t m = *r;
    if (s->width < 64 && (m.addr >> s->width)) {
        if (!s->wrap) {
            snprintf(s->err, sizeof s->err, "--gen %s:%" PRIu64 ": expected an "
                     "address below 0x%" PRIx64 " (%u address bits), found '0x%"
                     PRIx64 "'; use --bits N for a wider address, --wrap to "
                     "mask it, or a smaller --n/--batch", s->gen, s->nrec,
                     (uint64_t)1 << s->width, s->width, m.addr);
            return 1;
        }
        m.addr &= ((uint64_t)1 << s->width) - 1;
    }
    return add(s, &m);
}

int entropy_run_gen(const entropy_opts_t *o, const gmc_addrmap_t *map,
                    entropy_sink_t *s, FILE *gen_out, char *source, size_t n)
{
    int is_tr = !strcmp(o->gen, "transpose");
    gmc_tracegen_opts_t go;
    gmc_tracegen_opts_default(&go);
    go.n = o->n;
    go.batch = o->batch;
    go.tb_x = o->tb_x;
    go.tb_y = o->tb_y;
    if (map->fmask[GMC_F_CH])       /* fig2: index bits 0-1 on the channel bits */
        go.elem_shift = (unsigned)__builtin_ctzll(map->fmask[GMC_F_CH]);
    else
        go.elem_shift = map->fwidth[GMC_F_BLOCK];
    if (is_tr)
        snprintf(source, n, "gen transpose (n %" PRIu64 ", batch %" PRIu64
                 ", TB %ux%u)", o->n, o->batch, o->tb_x, o->tb_y);
    else
        snprintf(source, n, "gen %s (element %llu B)", o->gen,
                 1ULL << go.elem_shift);
    s->gen = o->gen;
    s->gen_out = gen_out;
    if (gen_out) {
        if (is_tr)
            fprintf(gen_out, "# gmc entropy --gen transpose --n %" PRIu64
                    " --batch %" PRIu64 " --tb %ux%u\n", o->n, o->batch,
                    o->tb_x, o->tb_y);
        else
            fprintf(gen_out, "# gmc entropy --gen %s (element %llu bytes)\n",
                    o->gen, 1ULL << go.elem_shift);
        fprintf(gen_out, "# <kernel> <tb> <hex address>\n");
    }
    char err[1024];
    int g = gmc_tracegen_run(o->gen, &go, gen_sink, s, err, sizeof err);
    if (g) {
        fprintf(stderr, "gmc entropy: %s\n", g < 0 ? err : s->err);
        return 1;
    }
    if (!s->kept) {
        fprintf(stderr, "gmc entropy: --gen %s: expected a request%s, found "
                "none\n", o->gen, o->have_kernel ? " of that --kernel" : "");
        return 1;
    }
    return 0;
}
