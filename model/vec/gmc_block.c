/* gmc_block: the registry, the generic vector writer and reader.  The
 * Icarus testbench emitter is in gmc_block_tb.c. */
#include "gmc_block.h"
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "util/gmc_lines.h"
#include "util/gmc_num.h"
#include "util/gmc_quote.h"

extern const gmc_block_t gmc_block_bim, gmc_block_bankarb, gmc_block_wmc, gmc_block_hgalloc,
    gmc_block_pcmwq;

const gmc_block_t *const gmc_blocks[] = {&gmc_block_bim, &gmc_block_bankarb, &gmc_block_wmc,
                                          &gmc_block_hgalloc, &gmc_block_pcmwq, NULL};

const gmc_block_t *gmc_block_find(const char *name)
{
    for (unsigned i = 0; gmc_blocks[i]; i++)
        if (!strcmp(gmc_blocks[i]->name, name))
            return gmc_blocks[i];
    return NULL;
}

uint64_t gmc_port_get(const gmc_port_t *p, const void *s)
{
    const unsigned char *b = (const unsigned char *)s + p->off;
    switch (p->size) {
    case 1: return *(const uint8_t *)b;
    case 2: { uint16_t v; memcpy(&v, b, 2); return v; }
    case 4: { uint32_t v; memcpy(&v, b, 4); return v; }
    default: { uint64_t v; memcpy(&v, b, 8); return v; }
    }
}

void gmc_port_set(const gmc_port_t *p, void *s, uint64_t v)
{
    unsigned char *b = (unsigned char *)s + p->off;
    switch (p->size) {
    case 1: *(uint8_t *)b = (uint8_t)v; break;
    case 2: { uint16_t x = (uint16_t)v; memcpy(b, &x, 2); break; }
    case 4: { uint32_t x = (uint32_t)v; memcpy(b, &x, 4); break; }
    default: memcpy(b, &v, 8); break;
    }
}

void *gmc_block_cfg_new(const gmc_block_t *b, const char *config, char *err, size_t n)
{
    void *cfg = calloc(1, b->cfg_size);
    if (!cfg) {
        snprintf(err, n, "out of memory");
        return NULL;
    }
    if (b->parse(config, cfg, err, n)) {
        free(cfg);
        return NULL;
    }
    return cfg;
}

int gmc_block_parse_fields(const char *config, const char *const *tags, unsigned n,
                           uint64_t *v, char *err, size_t en)
{
    const char *s = config;
    for (unsigned i = 0; i < n; i++) {
        size_t tl = strlen(tags[i]);
        if (strncmp(s, tags[i], tl) || s[tl] < '0' || s[tl] > '9') {
            snprintf(err, en, "configuration '%s': expected '%s<number>' as field %u, found '%.16s'",
                     config, tags[i], i + 1, s);
            return -1;
        }
        const char *num = s + tl, *e = num;
        while (*e >= '0' && *e <= '9')
            e++;
        uint64_t x = 0;   /* decimal; "too large" is any number above 10^6 */
        if (gmc_num_u64(num, (size_t)(e - num), GMC_NUM_DEC, UINT64_MAX, &x))
            x = UINT64_MAX;
        if (x <= 1000000 && !*e && i + 1 < n) {
            snprintf(err, en, "configuration '%s': expected %u fields, the next '%s<number>', found the end",
                     config, n, tags[i + 1]);
            return -1;
        }
        if (x > 1000000 || (i + 1 < n ? *e != '_' : *e != 0)) {
            snprintf(err, en, "configuration '%s': expected '%s<number>'%s, found '%.16s'", config,
                     tags[i], i + 1 < n ? " and '_'" : " at the end", s);
            return -1;
        }
        v[i] = x;
        s = e + (i + 1 < n);
    }
    return 0;
}

int gmc_block_opts_name(const gmc_block_t *b, const uint64_t *v, char *name, size_t n)
{
    size_t at = 0;
    for (unsigned i = 0; b->vec_opts[i].opt; i++) {
        int k = snprintf(name + at, n - at, "%s%s%llu", i ? "_" : "", b->vec_opts[i].tag,
                         (unsigned long long)v[i]);
        if (k < 0 || (size_t)k >= n - at)
            return -1;
        at += (size_t)k;
    }
    return 0;
}

static unsigned hexdigits(unsigned w) { return (w + 3) / 4; }

/* The header lines a vector file of this configuration must carry, except
 * stim-seed and cycles (which vary); written into f, or compared. */
static int write_fixed_header(FILE *f, const gmc_block_t *b, const void *cfg)
{
    /* 16 parameters of up to 1200 characters: on the heap, this call's own */
    gmc_param_t *par = calloc(GMC_BLOCK_PARAMS_MAX, sizeof *par);
    if (!par)
        return -1;
    unsigned np = b->params(cfg, par);
    fprintf(f, "# gmc-vectors 1\n# block %s\n", b->name);
    for (unsigned i = 0; i < np; i++)
        fprintf(f, "# param %s %s\n", par[i].key, par[i].value);
    free(par);
    if (b->vec_meta && b->vec_meta(cfg, f))
        return -1;
    return 0;
}

static void write_ports_line(FILE *f, const gmc_port_t *p, unsigned n)
{
    fprintf(f, "# ports");
    for (unsigned i = 0; i < n; i++)
        fprintf(f, " %s:%u:%s", p[i].rtl, p[i].width, p[i].dir == GMC_PORT_IN ? "in" : "out");
    fputc('\n', f);
}

int gmc_block_vec_write(FILE *f, const gmc_block_t *b, const void *cfg, uint64_t stim_seed,
                        uint64_t cycles)
{
    gmc_port_t ports[GMC_BLOCK_PORTS_MAX];
    unsigned np = b->ports(cfg, ports);
    if (write_fixed_header(f, b, cfg))
        return -1;
    fprintf(f, "# stim-seed %" PRIu64 "\n# cycles %" PRIu64 "\n", stim_seed, cycles);
    write_ports_line(f, ports, np);

    void *q = calloc(1, b->state_size), *st = calloc(1, b->stim_size);
    void *in = calloc(1, b->in_size), *out = calloc(1, b->out_size);
    int rc = -1;
    if (!q || !st || !in || !out)
        goto done;
    b->stim_init(st, cfg, stim_seed, GMC_STIM_VECTORS);
    b->reset(cfg, q);
    for (uint64_t c = 0; c < cycles; c++) {
        b->stim_next(st, out, in);
        b->step(cfg, q, in, q, out);
        for (unsigned i = 0; i < np; i++)
            fprintf(f, "%s%0*" PRIx64, i ? " " : "", (int)hexdigits(ports[i].width),
                    gmc_port_get(&ports[i], ports[i].dir == GMC_PORT_IN ? in : out));
        fputc('\n', f);
    }
    rc = ferror(f) ? -1 : 0;
done:
    free(q), free(st), free(in), free(out);
    return rc;
}

/* ------------------------------------------------------------ reader */

/* Longest vector-file line: a header "# param" line (values up to 1200
 * characters) or a cycle's hex fields. */
#define VEC_LINE_MAX 65536

/* "# <tag> <decimal>" with nothing after: 0 and *v, else -1. */
static int header_number(const char *s, size_t len, const char *tag, uint64_t *v)
{
    size_t tl = strlen(tag);
    if (len <= tl || memcmp(s, tag, tl))
        return -1;
    return gmc_num_u64(s + tl, len - tl, GMC_NUM_DEC, UINT64_MAX, v) ? -1 : 0;
}

/* The expected fixed header as lines (a memory stream). */
static char *expected_header(const gmc_block_t *b, const void *cfg, const gmc_port_t *p,
                             unsigned np)
{
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    if (!m)
        return NULL;
    int bad = write_fixed_header(m, b, cfg);
    write_ports_line(m, p, np);
    if (fclose(m) || bad) {
        free(text);
        return NULL;
    }
    return text;
}

int gmc_block_vec_check(FILE *f, const char *path, const gmc_block_t *b, const void *cfg,
                        uint64_t *cycles, char *err, size_t n)
{
    gmc_port_t ports[GMC_BLOCK_PORTS_MAX];
    unsigned np = b->ports(cfg, ports);
    gmc_diag_t d = {path, err, n, NULL, 0, 0};
    gmc_lines_t r;
    gmc_quote_t q;
    char *want = expected_header(b, cfg, ports, np);
    void *st = calloc(1, b->state_size), *in = calloc(1, b->in_size);
    void *out = calloc(1, b->out_size);
    int rc = -1, got;
    uint64_t c = 0, hdr_cycles = UINT64_MAX;
    unsigned nwant = 0, seen = 0;
    const char *s;
    size_t len;
    if (!want || !st || !in || !out || gmc_lines_stream(&r, f, VEC_LINE_MAX, &d)) {
        snprintf(err, n, "%s: out of memory", path);
        free(want), free(st), free(in), free(out);
        return -1;
    }
    for (char *w = want; *w; w++)
        nwant += *w == '\n';
    b->reset(cfg, st);
    while ((got = gmc_lines_next(&r, &s, &len, &d)) > 0) {
        if (len && *s == '#') {
            if (c) {
                gmc_diag_error(&d, r.line, "expected a vector line, found a header line after the "
                               "vectors");
                goto done;
            }
            uint64_t v;
            if (!header_number(s, len, "# cycles ", &v)) {
                hdr_cycles = v;
                continue;
            }
            if (!header_number(s, len, "# stim-seed ", &v))
                continue;
            /* Must be the k-th expected line, in order. */
            if (seen >= nwant) {
                gmc_diag_error(&d, r.line, "expected a vector line, found an unknown header line "
                               "%s", gmc_quote(&q, s, len));
                goto done;
            }
            const char *w = want;
            for (unsigned k = 0; k < seen; k++)
                w = strchr(w, '\n') + 1;
            size_t wl = (size_t)(strchr(w, '\n') - w);
            if (len != wl || memcmp(s, w, wl)) {
                gmc_diag_error(&d, r.line, "expected '%.*s', found %s", (int)wl, w,
                               gmc_quote(&q, s, len));
                goto done;
            }
            seen++;
            continue;
        }
        if (!len) {   /* blank lines only at the end */
            unsigned long at = r.line;
            while ((got = gmc_lines_next(&r, &s, &len, &d)) > 0)
                if (len) {
                    gmc_diag_error(&d, r.line, "expected a vector line, found an empty line (line "
                                   "%lu) inside the vectors", at);
                    goto done;
                }
            break;
        }
        if (seen != nwant) {
            gmc_diag_error(&d, r.line, "expected the %u header lines of this configuration before "
                           "the vectors, found %u", nwant, seen);
            goto done;
        }
        const char *p = s, *e = s + len;
        for (unsigned i = 0; i < np; i++) {
            while (p < e && *p == ' ')
                p++;
            if (p == e) {
                gmc_diag_error(&d, r.line, "expected %u hex fields, found %u", np, i);
                goto done;
            }
            const char *t = p;
            while (p < e && *p != ' ')
                p++;
            uint64_t v;
            if (gmc_num_u64(t, (size_t)(p - t), GMC_NUM_HEX, UINT64_MAX, &v)) {
                gmc_diag_error(&d, r.line, "expected a hex value for %s, found %s", ports[i].rtl,
                               gmc_quote(&q, t, (size_t)(p - t)));
                goto done;
            }
            if (ports[i].width < 64 && (v >> ports[i].width)) {
                gmc_diag_error(&d, r.line, "%s is %u bits wide, found %" PRIx64, ports[i].rtl,
                               ports[i].width, v);
                goto done;
            }
            if (ports[i].dir == GMC_PORT_IN) {
                gmc_port_set(&ports[i], in, v);
                if (i + 1 < np && ports[i + 1].dir == GMC_PORT_OUT)
                    b->step(cfg, st, in, st, out);
            } else if (gmc_port_get(&ports[i], out) != v) {
                gmc_diag_error(&d, r.line, "cycle %" PRIu64 " port %s: the C model gives %" PRIx64
                               ", the file %" PRIx64, c, ports[i].rtl, gmc_port_get(&ports[i], out),
                               v);
                goto done;
            }
        }
        while (p < e && *p == ' ')
            p++;
        if (p < e) {
            gmc_diag_error(&d, r.line, "expected %u hex fields, found more: %s", np,
                           gmc_quote(&q, p, (size_t)(e - p)));
            goto done;
        }
        c++;
    }
    if (got < 0)
        goto done;
    if (hdr_cycles != UINT64_MAX && hdr_cycles != c) {
        snprintf(err, n, "%s: header says %" PRIu64 " cycles, found %" PRIu64 " (truncated file?)",
                 path, hdr_cycles, c);
        goto done;
    }
    if (!c) {
        snprintf(err, n, "%s: expected vector lines, found none", path);
        goto done;
    }
    *cycles = c;
    rc = 0;
done:
    gmc_lines_close(&r);
    free(want), free(st), free(in), free(out);
    return rc;
}
