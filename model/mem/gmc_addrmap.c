#include "gmc_addrmap.h"
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Mask of len low bits; len may be 64 (a one-slice 64-bit map). */
static inline uint64_t lenmask(unsigned len) { return len >= 64 ? ~0ULL : (1ULL << len) - 1; }

static const char *const field_names[GMC_F_N] = {"block", "col", "ch", "bank", "row"};

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
        {"bank", GMC_F_BANK},   {"row", GMC_F_ROW},
    };
    for (size_t i = 0; i < sizeof alias / sizeof alias[0]; i++)
        if (strlen(alias[i].n) == len && !strncasecmp(alias[i].n, s, len))
            return alias[i].f;
    return -1;
}

/* Copies the offending token (up to whitespace) for "found '...'". */
static const char *found(const char *p, char *buf, size_t n)
{
    if (!*p)
        return "end of input";
    size_t k = 0;
    while (p[k] && !isspace((unsigned char)p[k]) && k + 1 < n && k < 24)
        k++;
    snprintf(buf, n, "'%.*s'", (int)k, p);
    return buf;
}

static int parse_num(const char **pp, unsigned *v)
{
    const char *p = *pp;
    if (!isdigit((unsigned char)*p))
        return -1;
    unsigned long x = 0;
    while (isdigit((unsigned char)*p)) {
        x = x * 10 + (unsigned)(*p++ - '0');
        if (x > 1000)
            return -1;
    }
    *v = (unsigned)x;
    *pp = p;
    return 0;
}

int gmc_addrmap_parse(const char *text, const char *src, gmc_addrmap_t *m,
                      char *err, size_t n)
{
    struct { int field; unsigned msb, lsb, line; } sl[GMC_ADDRMAP_MAX_SLICES];
    unsigned ns = 0, line = 1, mod_line = 0;
    const char *p = text;
    char fb[40];

    memset(m, 0, sizeof *m);
    snprintf(m->name, sizeof m->name, "custom");
    for (;;) {
        while (*p && (isspace((unsigned char)*p) || *p == ',' || *p == '#')) {
            if (*p == '#')
                while (*p && *p != '\n')
                    p++;
            else if (*p++ == '\n')
                line++;
        }
        if (!*p)
            break;
        const char *name = p;
        while (isalpha((unsigned char)*p))
            p++;
        int f = field_from(name, (size_t)(p - name));
        if (f < 0) {
            snprintf(err, n, "%s:%u: expected a field name (row, bank, col, ch, block), found %s",
                     src, line, found(name, fb, sizeof fb));
            return -1;
        }
        unsigned msb, lsb;
        if (f == GMC_F_CH && *p == '%') {   /* Ch%C@N: the channel modulo C */
            unsigned c = 0, at;
            const char *q = ++p;
            while (isdigit((unsigned char)*p) && c <= 4096)
                c = c * 10 + (unsigned)(*p++ - '0');
            if (p == q || c < 1 || c > 4096) {
                snprintf(err, n, "%s:%u: expected a channel count 1..4096 after 'Ch%%', found %s",
                         src, line, found(q, fb, sizeof fb));
                return -1;
            }
            if (*p != '@') {
                snprintf(err, n, "%s:%u: expected '@' after 'Ch%%%u', found %s", src, line, c,
                         found(p, fb, sizeof fb));
                return -1;
            }
            p++;
            if (parse_num(&p, &at) || at > 63) {
                snprintf(err, n, "%s:%u: expected a bit number 0..63 after 'Ch%%%u@', found %s",
                         src, line, c, found(p, fb, sizeof fb));
                return -1;
            }
            if (m->ch_mod) {
                snprintf(err, n, "%s:%u: expected one Ch%%C@N, found a second, Ch%%%u@%u", src,
                         line, c, at);
                return -1;
            }
            m->ch_mod = c;
            m->ch_at = at;
            mod_line = line;
            continue;
        }
        if (*p != '[') {
            snprintf(err, n, "%s:%u: expected '[' after '%.*s', found %s", src, line,
                     (int)(p - name), name, found(p, fb, sizeof fb));
            return -1;
        }
        p++;
        if (parse_num(&p, &msb)) {
            snprintf(err, n, "%s:%u: expected a bit number, found %s", src, line,
                     found(p, fb, sizeof fb));
            return -1;
        }
        lsb = msb;
        if (*p == ':') {
            p++;
            if (parse_num(&p, &lsb)) {
                snprintf(err, n, "%s:%u: expected a bit number after ':', found %s", src,
                         line, found(p, fb, sizeof fb));
                return -1;
            }
        }
        if (*p != ']') {
            snprintf(err, n, "%s:%u: expected ']', found %s", src, line, found(p, fb, sizeof fb));
            return -1;
        }
        p++;
        if (msb < lsb || msb > 63) {
            snprintf(err, n, "%s:%u: expected [msb:lsb] with 63 >= msb >= lsb, found [%u:%u]",
                     src, line, msb, lsb);
            return -1;
        }
        if (ns == GMC_ADDRMAP_MAX_SLICES) {
            snprintf(err, n, "%s:%u: expected at most %u slices, found more", src, line,
                     GMC_ADDRMAP_MAX_SLICES);
            return -1;
        }
        sl[ns].field = f;
        sl[ns].msb = msb;
        sl[ns].lsb = lsb;
        sl[ns].line = line;
        ns++;
    }
    if (!ns) {
        snprintf(err, n, "%s:%u: expected at least one field slice, found none", src, line);
        return -1;
    }

    /* Coverage: every bit below the highest named exactly once. */
    int owner[64];
    unsigned width = 0;
    for (unsigned b = 0; b < 64; b++)
        owner[b] = -1;
    for (unsigned i = 0; i < ns; i++) {
        for (unsigned b = sl[i].lsb; b <= sl[i].msb; b++) {
            if (owner[b] >= 0) {
                snprintf(err, n, "%s:%u: expected each address bit once, found bit %u in both "
                         "%s[...] (line %u) and %s[...]", src, sl[i].line, b,
                         field_names[sl[owner[b]].field], sl[owner[b]].line,
                         field_names[sl[i].field]);
                return -1;
            }
            owner[b] = (int)i;
        }
        if (sl[i].msb + 1 > width)
            width = sl[i].msb + 1;
    }
    for (unsigned b = 0; b < width; b++)
        if (owner[b] < 0) {
            snprintf(err, n, "%s:%u: expected every bit from 0 to %u to be named, found bit %u "
                     "missing", src, line, width - 1, b);
            return -1;
        }

    if (m->ch_mod) {
        for (unsigned i = 0; i < ns; i++)
            if (sl[i].field == GMC_F_CH) {
                snprintf(err, n, "%s:%u: expected no Ch[...] slice with Ch%%%u@%u (line %u), "
                         "found Ch[%u:%u]", src, sl[i].line, m->ch_mod, m->ch_at, mod_line,
                         sl[i].msb, sl[i].lsb);
                return -1;
            }
        if (m->ch_at > width) {
            snprintf(err, n, "%s:%u: expected Ch%%%u@N with N at most %u (the bits named), "
                     "found %u", src, mod_line, m->ch_mod, width, m->ch_at);
            return -1;
        }
        unsigned cb = 0;
        while ((1ull << cb) < m->ch_mod)
            cb++;
        if (width + cb > 64) {
            snprintf(err, n, "%s:%u: expected at most %u bits named with Ch%%%u (%u address "
                     "bits for it), found %u", src, mod_line, 64 - cb, m->ch_mod, cb, width);
            return -1;
        }
    }

    /* Field bits: a field's slices, in the order written, go from its MSB
     * down, so walk slices in reverse to assign from field bit 0 up. */
    m->rest_width = width;
    m->width = width;
    while (m->ch_mod && (1ull << (m->width - width)) < m->ch_mod)
        m->width++;
    for (int i = (int)ns - 1; i >= 0; i--) {
        int f = sl[i].field;
        gmc_addrmap_slice_t *s = &m->slice[m->nslices++];
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
    return 0;
}

int gmc_addrmap_load(const char *path, gmc_addrmap_t *m, char *err, size_t n)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, n, "%s: cannot read: %s", path, strerror(errno));
        return -1;
    }
    char buf[8192];
    size_t len = fread(buf, 1, sizeof buf - 1, f);
    int big = !feof(f);
    fclose(f);
    if (big) {
        snprintf(err, n, "%s:1: expected an address map of under 8 KiB, found a larger file", path);
        return -1;
    }
    if (memchr(buf, 0, len)) {
        snprintf(err, n, "%s:1: expected text, found a NUL byte", path);
        return -1;
    }
    buf[len] = 0;
    return gmc_addrmap_parse(buf, path, m, err, n);
}

void gmc_addrmap_format(const gmc_addrmap_t *m, char *buf, size_t n)
{
    static const char *const pretty[GMC_F_N] = {"Block", "Col", "Ch", "Bank", "Row"};
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
        int w = s->len > 1
                    ? snprintf(buf + k, n - k, "%s%s[%u:%u]", k ? " " : "", pretty[s->field], msb, s->lsb)
                    : snprintf(buf + k, n - k, "%s%s[%u]", k ? " " : "", pretty[s->field], s->lsb);
        if (w < 0)
            break;
        k += (size_t)w;
    }
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
