#include "gmc_addrmap.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "util/gmc_diag.h"
#include "util/gmc_file.h"
#include "util/gmc_lines.h"
#include "util/gmc_num.h"
#include "util/gmc_quote.h"
#include "util/gmc_text.h"

/* Mask of len low bits; len may be 64 (a one-slice 64-bit map). */
static inline uint64_t lenmask(unsigned len) { return len >= 64 ? ~0ULL : (1ULL << len) - 1; }

static const char *const field_names[GMC_F_N + 1] = {"block", "col", "ch", "bank", "row",
                                                     "rank"};
/* While parsing, a Rank slice has this field; it becomes bank bits at the end. */
#define F_RANK GMC_F_N

const char *gmc_field_name(gmc_field_t f)
{
    return (unsigned)f < GMC_F_N ? field_names[f] : "?";
}

/* Presets.  Sources and reasoning: docs/blocks/gmc_bim.md. */
static const struct { const char *name, *spec; } presets[] = {
    /* PAE [ISCA'18] Fig. 4: 1 GB Hynix GDDR5, 4 ch x 16 banks x 4K rows x 64 col x 64 B */
    {"gddr5-hynix", "Row[29:18] Bank[17:15] Col[14:11] Bank[10] Ch[9:8] Col[7:6] Block[5:0]"},
    /* Warped-MC [ICPP'23] Table 2: 16 ch x 16 banks, 1 KB rows; 8 GB (RTX 2060 Super), 32 B atoms,
     * 256 B channel interleave (gmc's choice, see the doc page). */
    {"gddr6-rtx2060s", "Row[32:18] Bank[17:14] Col[13:12] Ch[11:8] Col[7:5] Block[4:0]"},
};
#define NPRESETS (sizeof presets / sizeof presets[0])

const char *gmc_addrmap_preset_name(unsigned i) { return i < NPRESETS ? presets[i].name : NULL; }

const char *gmc_addrmap_preset_spec(const char *name)
{
    for (unsigned i = 0; i < NPRESETS; i++)
        if (!strcmp(name, presets[i].name))
            return presets[i].spec;
    return NULL;
}

int gmc_addrmap_preset(const char *name, gmc_addrmap_t *m)
{
    const char *spec = gmc_addrmap_preset_spec(name);
    char err[256];
    if (!spec || gmc_addrmap_parse(spec, name, m, err, sizeof err))
        return -1;
    snprintf(m->name, sizeof m->name, "%s", name);
    return 0;
}

static int field_from(const char *s, size_t len)
{
    static const struct { const char *n; int f; } alias[] = {
        {"block", GMC_F_BLOCK}, {"offset", GMC_F_BLOCK}, {"col", GMC_F_COL},
        {"column", GMC_F_COL},  {"ch", GMC_F_CH},        {"channel", GMC_F_CH},
        {"bank", GMC_F_BANK},   {"row", GMC_F_ROW},      {"rank", F_RANK},
    };
    for (size_t i = 0; i < sizeof alias / sizeof alias[0]; i++)
        if (strlen(alias[i].n) == len && !strncasecmp(alias[i].n, s, len))
            return alias[i].f;
    return -1;
}

/* The token at p (up to a blank or the end of the line), quoted for
 * "found ..."; "end of line" when there is none. */
static const char *found(const char *p, const char *e, gmc_quote_t *q)
{
    const char *t = p;
    while (t < e && !gmc_text_blank(*t))
        t++;
    return t == p ? "end of line" : gmc_quote(q, p, (size_t)(t - p));
}

/* A decimal number at *pp (its digits, up to e), at most max; advances *pp. */
static int take_num(const char **pp, const char *e, uint64_t max, unsigned *v)
{
    const char *p = *pp, *q = p;
    uint64_t x;
    while (q < e && *q >= '0' && *q <= '9')
        q++;
    if (gmc_num_u64(p, (size_t)(q - p), GMC_NUM_DEC, max, &x))
        return -1;
    *v = (unsigned)x;
    *pp = q;
    return 0;
}

typedef struct { int field; unsigned msb, lsb, line; } slice_t;

/* The slices of one line [p, e) (its comment cut) into sl[*ns], and a
 * Ch%C@N into m; 0 or -1 with the error in d. */
static int parse_line(gmc_diag_t *d, unsigned line, const char *p, const char *e, slice_t *sl,
                      unsigned *ns, unsigned *mod_line, gmc_addrmap_t *m)
{
    gmc_quote_t q;
    for (;;) {
        while (p < e && (gmc_text_blank(*p) || *p == ','))
            p++;
        if (p == e)
            return 0;
        const char *name = p;
        while (p < e && ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')))
            p++;
        int f = field_from(name, (size_t)(p - name));
        if (f < 0)
            return gmc_diag_error(d, line, "expected a field name (row, rank, bank, col, ch, "
                                  "block), found %s", found(name, e, &q));
        unsigned msb, lsb;
        if (f == GMC_F_CH && p < e && *p == '%') {   /* Ch%C@N: the channel modulo C */
            unsigned c, at;
            const char *cq = ++p;
            if (take_num(&p, e, 4096, &c) || c < 1)
                return gmc_diag_error(d, line, "expected a channel count 1..4096 after 'Ch%%', "
                                      "found %s", found(cq, e, &q));
            if (p == e || *p != '@')
                return gmc_diag_error(d, line, "expected '@' after 'Ch%%%u', found %s", c,
                                      found(p, e, &q));
            p++;
            if (take_num(&p, e, 63, &at))
                return gmc_diag_error(d, line, "expected a bit number 0..63 after 'Ch%%%u@', "
                                      "found %s", c, found(p, e, &q));
            if (m->ch_mod)
                return gmc_diag_error(d, line, "expected one Ch%%C@N, found a second, Ch%%%u@%u",
                                      c, at);
            m->ch_mod = c;
            m->ch_at = at;
            *mod_line = line;
            continue;
        }
        if (p == e || *p != '[')
            return gmc_diag_error(d, line, "expected '[' after '%.*s', found %s",
                                  (int)(p - name), name, found(p, e, &q));
        p++;
        if (take_num(&p, e, 1000, &msb))
            return gmc_diag_error(d, line, "expected a bit number, found %s", found(p, e, &q));
        lsb = msb;
        if (p < e && *p == ':') {
            p++;
            if (take_num(&p, e, 1000, &lsb))
                return gmc_diag_error(d, line, "expected a bit number after ':', found %s",
                                      found(p, e, &q));
        }
        if (p == e || *p != ']')
            return gmc_diag_error(d, line, "expected ']', found %s", found(p, e, &q));
        p++;
        if (msb < lsb || msb > 63)
            return gmc_diag_error(d, line, "expected [msb:lsb] with 63 >= msb >= lsb, found "
                                  "[%u:%u]", msb, lsb);
        if (*ns == GMC_ADDRMAP_MAX_SLICES)
            return gmc_diag_error(d, line, "expected at most %u slices, found more",
                                  GMC_ADDRMAP_MAX_SLICES);
        sl[(*ns)++] = (slice_t){f, msb, lsb, line};
    }
}

/* text[0..len) as a map (gmc_addrmap_parse, gmc_addrmap_load). */
static int parse_text(const char *text, size_t len, const char *src, gmc_addrmap_t *m,
                      char *err, size_t n)
{
    slice_t sl[GMC_ADDRMAP_MAX_SLICES];
    unsigned ns = 0, mod_line = 0;
    gmc_diag_t d = {src, err, n, NULL, 0, 0};
    gmc_lines_t r;
    const char *s;
    size_t l;
    int got;

    memset(m, 0, sizeof *m);
    snprintf(m->name, sizeof m->name, "custom");
    gmc_lines_text(&r, text, len, GMC_LINES_ANY);
    while ((got = gmc_lines_next(&r, &s, &l, &d)) == 1) {
        const char *hash = memchr(s, '#', l);
        if (parse_line(&d, (unsigned)r.line, s, hash ? hash : s + l, sl, &ns, &mod_line, m))
            return -1;
    }
    if (got < 0)
        return -1;
    const unsigned line = (unsigned)gmc_lines_eof_line(&r);   /* for what is missing at the end */
    if (!ns)
        return gmc_diag_error(&d, line, "expected at least one field slice, found none");

    /* Coverage: every bit below the highest named exactly once. */
    int owner[64];
    unsigned width = 0;
    for (unsigned b = 0; b < 64; b++)
        owner[b] = -1;
    for (unsigned i = 0; i < ns; i++) {
        for (unsigned b = sl[i].lsb; b <= sl[i].msb; b++) {
            if (owner[b] >= 0)
                return gmc_diag_error(&d, sl[i].line, "expected each address bit once, found bit "
                                      "%u in both %s[...] (line %u) and %s[...]", b,
                                      field_names[sl[owner[b]].field], sl[owner[b]].line,
                                      field_names[sl[i].field]);
            owner[b] = (int)i;
        }
        if (sl[i].msb + 1 > width)
            width = sl[i].msb + 1;
    }
    for (unsigned b = 0; b < width; b++)
        if (owner[b] < 0)
            return gmc_diag_error(&d, line, "expected every bit from 0 to %u to be named, found "
                                  "bit %u missing", width - 1, b);

    if (m->ch_mod) {
        for (unsigned i = 0; i < ns; i++)
            if (sl[i].field == GMC_F_CH)
                return gmc_diag_error(&d, sl[i].line, "expected no Ch[...] slice with Ch%%%u@%u "
                                      "(line %u), found Ch[%u:%u]", m->ch_mod, m->ch_at, mod_line,
                                      sl[i].msb, sl[i].lsb);
        if (m->ch_at > width)
            return gmc_diag_error(&d, mod_line, "expected Ch%%%u@N with N at most %u (the bits "
                                  "named), found %u", m->ch_mod, width, m->ch_at);
        unsigned cb = 0;
        while ((1ull << cb) < m->ch_mod)
            cb++;
        if (width + cb > 64)
            return gmc_diag_error(&d, mod_line, "expected at most %u bits named with Ch%%%u (%u "
                                  "address bits for it), found %u", 64 - cb, m->ch_mod, cb, width);
    }

    /* Field bits: a field's slices, in the order written, go from its MSB
     * down, so walk slices in reverse to assign from field bit 0 up; the
     * Rank slices in a second pass, as bank bits above every Bank bit. */
    m->rest_width = width;
    m->width = width;
    while (m->ch_mod && (1ull << (m->width - width)) < m->ch_mod)
        m->width++;
    m->nslices = ns;
    for (int pass = 0; pass < 2; pass++) {
        if (pass)
            m->rank_at = m->fwidth[GMC_F_BANK];
        for (int i = (int)ns - 1; i >= 0; i--) {
            if ((sl[i].field == F_RANK) != pass)
                continue;
            const int f = pass ? GMC_F_BANK : sl[i].field;
            gmc_addrmap_slice_t *s = &m->slice[ns - 1 - (unsigned)i];
            s->field = (uint8_t)f;
            s->lsb = (uint8_t)sl[i].lsb;
            s->len = (uint8_t)(sl[i].msb - sl[i].lsb + 1);
            s->dst = (uint8_t)m->fwidth[f];
            s->mask = lenmask(s->len);
            for (unsigned b = sl[i].lsb; b <= sl[i].msb; b++) {
                m->field[b] = (uint8_t)f;
                m->fbit[b] = (uint8_t)m->fwidth[f]++;
                m->fmask[f] |= 1ULL << b;
            }
        }
    }
    m->rank_bits = m->fwidth[GMC_F_BANK] - m->rank_at;
    if (!m->rank_bits)
        m->rank_at = 0;
    return 0;
}

int gmc_addrmap_parse(const char *text, const char *src, gmc_addrmap_t *m,
                      char *err, size_t n)
{
    return parse_text(text, strlen(text), src, m, err, n);
}

int gmc_addrmap_load(const char *path, gmc_addrmap_t *m, char *err, size_t n)
{
    gmc_diag_t d = {path, err, n, NULL, 0, 0};
    char *text;
    size_t len;
    if (gmc_file_read(path, 8192, "an address map", &text, &len, &d))
        return -1;
    int rc = parse_text(text, len, path, m, err, n);   /* a NUL byte: an error at its line */
    free(text);
    return rc;
}

void gmc_addrmap_format(const gmc_addrmap_t *m, char *buf, size_t n)
{
    static const char *const pretty[GMC_F_N + 1] = {"Block", "Col", "Ch", "Bank", "Row", "Rank"};
    size_t k = 0;
    buf[0] = 0;
    int mod = m->ch_mod != 0;   /* still to write */
    for (int i = (int)m->nslices - 1; (i >= 0 || mod) && k < n; i--) {
        if (mod && (i < 0 || m->slice[i].lsb < m->ch_at)) {
            int w = snprintf(buf + k, n - k, "%sCh%%%u@%u", k ? " " : "", m->ch_mod, m->ch_at);
            if (w < 0)
                break;
            k += (size_t)w;
            mod = 0;
            if (i < 0 || k >= n)
                break;
        }
        const gmc_addrmap_slice_t *s = &m->slice[i];
        unsigned msb = s->lsb + s->len - 1u;
        const int rank = m->rank_bits && s->field == GMC_F_BANK && s->dst >= m->rank_at;
        const char *name = pretty[rank ? F_RANK : s->field];
        int w = s->len > 1
                    ? snprintf(buf + k, n - k, "%s%s[%u:%u]", k ? " " : "", name, msb, s->lsb)
                    : snprintf(buf + k, n - k, "%s%s[%u]", k ? " " : "", name, s->lsb);
        if (w < 0)
            break;
        k += (size_t)w;
    }
}

int gmc_addrmap_ranks_fit(const gmc_addrmap_t *m, unsigned ranks, unsigned rank_banks,
                          const char *pre, char *err, size_t n)
{
    if (!m->rank_bits)
        return 0;
    unsigned bb = 0, rb = 0;
    while ((1ull << bb) < rank_banks)
        bb++;
    while ((2ull << rb) <= ranks)
        rb++;
    if (m->rank_bits <= rb && m->rank_at == bb && (1ull << bb) == rank_banks)
        return 0;
    snprintf(err, n, "%smap %s: expected at most %u Rank bits above %u Bank bits (the device's %u "
             "rank%s of %u banks), found %u Rank bit%s above %u Bank bits", pre, m->name, rb, bb,
             ranks, ranks == 1 ? "" : "s", rank_banks, m->rank_bits, m->rank_bits == 1 ? "" : "s",
             m->rank_at);
    return -1;
}

void gmc_addrmap_decode(const gmc_addrmap_t *m, uint64_t addr, gmc_dramaddr_t *d)
{
    memset(d, 0, sizeof *d);
    if (m->ch_mod) {   /* GPGPU-Sim's split: channel = high % C, the rest from high / C */
        uint64_t hi = addr >> m->ch_at;
        d->f[GMC_F_CH] = hi % m->ch_mod;
        addr = ((hi / m->ch_mod) << m->ch_at) | (addr & lenmask(m->ch_at));
    }
    for (unsigned i = 0; i < m->nslices; i++) {
        const gmc_addrmap_slice_t *s = &m->slice[i];
        d->f[s->field] |= ((addr >> s->lsb) & s->mask) << s->dst;
    }
}

uint64_t gmc_addrmap_encode(const gmc_addrmap_t *m, const gmc_dramaddr_t *d)
{
    uint64_t a = 0;
    for (unsigned i = 0; i < m->nslices; i++) {
        const gmc_addrmap_slice_t *s = &m->slice[i];
        a |= ((d->f[s->field] >> s->dst) & lenmask(s->len)) << s->lsb;
    }
    if (m->ch_mod)   /* the split undone: high = quotient * C + channel */
        a = (((a >> m->ch_at) * m->ch_mod + d->f[GMC_F_CH] % m->ch_mod) << m->ch_at) |
            (a & lenmask(m->ch_at));
    return a;
}
