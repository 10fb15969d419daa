/* gmc_wl_util: the helpers the workload families share -- kernel set-up,
 * the "key=value,..." option parser, size rounding (gmc_wl_impl.h). */
#include "gpu/gmc_wl_impl.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int gmc_wl_kernels(gmc_workload_t *w, unsigned n, char *err, size_t en)
{
    w->kernels = calloc(n, sizeof *w->kernels);
    if (!w->kernels) {
        snprintf(err, en, "workload: expected memory for %u kernels, found none", n);
        return -1;
    }
    w->nkernels = n;
    return 0;
}

void gmc_wl_kernel_set(gmc_kernel_t *k, const gmc_kernel_ops_t *ops, const char *name,
                       uint32_t gx, uint32_t gy, uint32_t bx, uint32_t by,
                       uint32_t regs, uint32_t smem, void *impl)
{
    k->ops = ops;
    snprintf(k->name, sizeof k->name, "%s", name);
    k->grid[0] = gx;
    k->grid[1] = gy;
    k->grid[2] = 1;
    k->block[0] = bx;
    k->block[1] = by;
    k->block[2] = 1;
    k->regs_per_thread = regs;
    k->smem_per_cta = smem;
    k->impl = impl;
}

void *gmc_wl_calloc(size_t count, size_t size, const char *wl, char *err, size_t n)
{
    void *p = calloc(count ? count : 1, size);
    if (!p)
        snprintf(err, n, "workload %s: expected memory for %zu x %zu bytes, found none", wl,
                 count, size);
    return p;
}

uint64_t gmc_wl_round(double x, uint64_t m)
{
    double q = floor(x / (double)m + 0.5);
    return q < 1.0 ? m : (uint64_t)q * m;
}

/* The next "key=value" item of opts from *pos: key [k, k+kl), value
 * [v, v+vl) (vl 0 when there is no '=').  0 at the end. */
static int item(const char *opts, size_t *pos, const char **k, size_t *kl,
                const char **v, size_t *vl)
{
    const char *s = opts + *pos;
    if (!*s)
        return 0;
    size_t len = strcspn(s, ",");
    *pos += len + (s[len] == ',');
    const char *eq = memchr(s, '=', len);
    *k = s;
    *kl = eq ? (size_t)(eq - s) : len;
    *v = eq ? eq + 1 : s + len;
    *vl = eq ? len - *kl - 1 : 0;
    return 1;
}

int gmc_wl_opts_check(const char *wl, const char *opts, const char *const *keys,
                      char *err, size_t n)
{
    char list[128] = "";
    size_t l = 0;
    for (unsigned i = 0; keys[i] && l < sizeof list; i++)
        l += (size_t)snprintf(list + l, sizeof list - l, "%s%s=", i ? ", " : "", keys[i]);
    size_t pos = 0;
    const char *k, *v;
    size_t kl, vl;
    unsigned seen = 0;
    while (item(opts, &pos, &k, &kl, &v, &vl)) {
        unsigned i = 0;
        while (keys[i] && !(strlen(keys[i]) == kl && !strncmp(keys[i], k, kl)))
            i++;
        if (!keys[i]) {
            int il = (int)(v + vl - k);   /* the whole item */
            if (!keys[0])
                snprintf(err, n, "workload %s: expected no options, found '%.*s'", wl, il, k);
            else
                snprintf(err, n, "workload %s: expected an option among %s, found '%.*s'",
                         wl, list, il, k);
            return -1;
        }
        if (seen & (1u << i)) {
            snprintf(err, n, "workload %s: expected %s= once, found it twice", wl, keys[i]);
            return -1;
        }
        seen |= 1u << i;
        if (vl == 0) {
            snprintf(err, n, "workload %s: expected %s=<value>, found '%.*s'", wl, keys[i],
                     (int)kl, k);
            return -1;
        }
    }
    return 0;
}

/* The value of key in opts, copied into buf; 0 if absent. */
static int find(const char *opts, const char *key, char *buf, size_t bn)
{
    size_t pos = 0;
    const char *k, *v;
    size_t kl, vl;
    while (item(opts, &pos, &k, &kl, &v, &vl))
        if (strlen(key) == kl && !strncmp(key, k, kl)) {
            snprintf(buf, bn, "%.*s", (int)vl, v);
            return 1;
        }
    return 0;
}

int gmc_wl_opt_int(const char *wl, const char *opts, const char *key, long lo, long hi,
                   long *v, char *err, size_t n)
{
    char buf[64], *end;
    if (!find(opts, key, buf, sizeof buf))
        return 0;
    errno = 0;
    long x = strtol(buf, &end, 10);
    if (errno || end == buf || *end || x < lo || x > hi) {
        snprintf(err, n, "workload %s: expected %s= an integer in %ld..%ld, found '%s'", wl,
                 key, lo, hi, buf);
        return -1;
    }
    *v = x;
    return 0;
}

int gmc_wl_opt_word(const char *wl, const char *opts, const char *key,
                    const char *const *words, int *v, char *err, size_t n)
{
    char buf[64];
    if (!find(opts, key, buf, sizeof buf))
        return 0;
    char list[128] = "";
    size_t l = 0;
    for (int i = 0; words[i]; i++) {
        if (!strcmp(words[i], buf)) {
            *v = i;
            return 0;
        }
        if (l < sizeof list)
            l += (size_t)snprintf(list + l, sizeof list - l, "%s%s", i ? " or " : "", words[i]);
    }
    snprintf(err, n, "workload %s: expected %s=%s, found '%s'", wl, key, list, buf);
    return -1;
}
