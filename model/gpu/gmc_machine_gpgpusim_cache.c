/* GPGPU-Sim's cache configuration strings (-gpgpu_cache:dl1, :dl2), both
 * the v4 form with a leading N|S cache type and the 3.x form without it.
 * Field meanings from GPGPU-Sim's gpu-cache.h (cache_config::init) and the
 * option help in gpu-sim.cc; gmc reads the geometry and the MSHRs and
 * checks the policy letters are ones GPGPU-Sim accepts (it models its own
 * policies: docs/harness.md). */
#include <stdio.h>
#include <string.h>
#include "gpu/gmc_machine_gpgpusim_impl.h"
#include "util/gmc_num.h"
#include "util/gmc_quote.h"

/* Splits s at sep into at most max pieces (NUL-terminating them in place). */
static unsigned split(char *s, char sep, char **out, unsigned max)
{
    unsigned n = 0;
    out[n++] = s;
    for (char *p = s; *p; p++)
        if (*p == sep) {
            *p = 0;
            if (n == max)
                return max + 1;   /* too many */
            out[n++] = p + 1;
        }
    return n;
}

static int letter(const char *t, const char *allowed, char *out)
{
    if (strlen(t) != 1 || !strchr(allowed, t[0]))
        return -1;
    *out = t[0];
    return 0;
}

static int expected(char *err, size_t en, const char *what, const char *found)
{
    gmc_diag_t d = {NULL, err, en, NULL, 0, 0};
    return gmc_diag_expected(&d, 0, what, found, strlen(found));
}

/* A field of the string: decimal, at most 2^30 (no geometry multiplies out of range). */
static int field(const char *s, uint64_t *x)
{
    return gmc_num_u64_str(s, GMC_NUM_DEC, 1u << 30, x);
}

int gmc_gs_cache_parse(const char *s, gmc_gs_cache_t *c, char *err, size_t en)
{
    memset(c, 0, sizeof *c);
    if (!strcmp(s, "none") || !strcmp(s, "N")) {
        c->none = 1;
        return 0;
    }
    char buf[256], keep[256];
    if (strlen(s) >= sizeof buf)
        return expected(err, en, "a cache string of at most 255 characters", s);
    snprintf(buf, sizeof buf, "%s", s);
    char *grp[6], *tok[6];
    unsigned ng = split(buf, ',', grp, 5);
    if (ng < 3 || ng > 5)
        return expected(err, en, "3 to 5 comma-separated fields <geometry>,<policies>,<mshr>"
                        "[,<miss queue>[,<port>]] or none", s);

    /* geometry: [N|S:]<sets>:<line>:<assoc> */
    snprintf(keep, sizeof keep, "%s", grp[0]);
    unsigned nt = split(grp[0], ':', tok, 4);
    unsigned first = 0;
    c->type = 'N';   /* 3.x caches fill whole lines */
    if (nt == 4 && letter(tok[0], "NS", &c->type) == 0)
        first = 1;
    else if (nt != 3)
        return expected(err, en, "[N|S:]<sets>:<line bytes>:<assoc>", keep);
    uint64_t g[3];
    for (unsigned i = 0; i < 3; i++)
        if (field(tok[first + i], &g[i]) || g[i] == 0)
            return expected(err, en, "[N|S:]<sets>:<line bytes>:<assoc> of integers above 0", keep);
    /* each field is at most 2^30 (field()), so neither product wraps */
    if (g[0] * g[1] > (1u << 30) || g[0] * g[1] * g[2] > (1u << 30) || (g[1] & (g[1] - 1)))
        return expected(err, en, "a power-of-two line size and at most 1 GiB in all", keep);
    c->sets = (uint32_t)g[0], c->line = (uint32_t)g[1], c->assoc = (uint32_t)g[2];
    if (c->type == 'S' && c->line != 128)   /* gpu-cache.h: 4 sectors of 32 B */
        return expected(err, en, "128-byte lines in a sectored (S) cache", keep);

    /* policies: <rep>:<wr>:<alloc>:<wr_alloc>[:<index>] (the index letter is
     * required in the v4 form) */
    snprintf(keep, sizeof keep, "%s", grp[1]);
    nt = split(grp[1], ':', tok, 5);
    c->index = 'L';
    if ((nt != 4 && nt != 5) || (first && nt != 5) || letter(tok[0], "LF", &c->rep) ||
        letter(tok[1], "RBTEL", &c->wr) || letter(tok[2], "mfs", &c->alloc) ||
        letter(tok[3], "NWFL", &c->wr_alloc) || (nt == 5 && letter(tok[4], "HPCLX", &c->index)))
        return expected(err, en, "policies <rep L|F>:<write R|B|T|E|L>:<alloc m|f|s>:"
                        "<write-alloc N|W|F|L>[:<index H|P|C|L|X>]", keep);

    /* MSHRs: <type A|S|F|T>:<entries>:<max merge> */
    snprintf(keep, sizeof keep, "%s", grp[2]);
    nt = split(grp[2], ':', tok, 3);
    uint64_t e, mg;
    if (nt != 3 || letter(tok[0], "ASFT", &c->mshr_type) || field(tok[1], &e) ||
        field(tok[2], &mg))
        return expected(err, en, "MSHRs <type A|S|F|T>:<entries>:<max merge>", keep);
    c->mshr = (uint32_t)e, c->merge = (uint32_t)mg;

    /* the miss queue, result FIFO and data-port width: checked, not used */
    for (unsigned i = 3; i < ng; i++) {
        snprintf(keep, sizeof keep, "%s", grp[i]);
        nt = split(grp[i], ':', tok, 2);
        uint64_t x;
        for (unsigned k = 0; k < nt && nt <= 2; k++)
            if (field(tok[k], &x))
                nt = 3;
        if (nt > (i == 3 ? 2u : 1u))
            return expected(err, en, i == 3 ? "a miss queue <entries>[:<fifo entries>]"
                                            : "a data-port width in bytes", keep);
    }
    return 0;
}
