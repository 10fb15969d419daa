/* gmc_mc_pol: the registries of the controller's policies (gmc_mc_pol.h).
 * A new policy: its ops table in a gmc_mc_pol_*.c file, its extern in
 * gmc_mc_pol.h and a line here. */
#include <stdio.h>
#include <string.h>
#include "mc/gmc_mc_pol.h"

static const gmc_mc_wpol_t *const wpols[] = {&gmc_mc_wpol_gpgpusim, &gmc_mc_wpol_ramulator2,
                                               &gmc_mc_wpol_pcmwq};
static const gmc_mc_rfpol_t *const rfpols[] = {&gmc_mc_rfpol_all_bank};
static const gmc_mc_rowpol_t *const rowpols[] = {&gmc_mc_rowpol_open, &gmc_mc_rowpol_close,
                                                 &gmc_mc_rowpol_timeout};
#define N(a) (sizeof a / sizeof a[0])

const gmc_mc_wpol_t *gmc_mc_wpol_get(unsigned i) { return i < N(wpols) ? wpols[i] : NULL; }
const gmc_mc_rfpol_t *gmc_mc_rfpol_get(unsigned i) { return i < N(rfpols) ? rfpols[i] : NULL; }
const gmc_mc_rowpol_t *gmc_mc_rowpol_get(unsigned i) { return i < N(rowpols) ? rowpols[i] : NULL; }

/* "expected one of A, B, found 'x'" (name(i) NULL past the end) */
static int not_found(const char *name, const char *(*nm)(unsigned), char *err, size_t n)
{
    size_t k = (size_t)snprintf(err, n, "expected one of");
    for (unsigned i = 0; nm(i) && k < n; i++)
        k += (size_t)snprintf(err + k, n - k, "%s %s", i ? "," : "", nm(i));
    if (k < n)
        snprintf(err + k, n - k, ", found '%s'", name);
    return -1;
}

static const char *wname(unsigned i) { return i < N(wpols) ? wpols[i]->name : NULL; }
static const char *rfname(unsigned i) { return i < N(rfpols) ? rfpols[i]->name : NULL; }
static const char *rowname(unsigned i) { return i < N(rowpols) ? rowpols[i]->name : NULL; }

int gmc_mc_wpol_find(const char *name, const gmc_mc_wpol_t **ops, char *err, size_t n)
{
    for (unsigned i = 0; i < N(wpols); i++)
        if (!strcmp(name, wpols[i]->name))
            return *ops = wpols[i], 0;
    return not_found(name, wname, err, n);
}

int gmc_mc_rfpol_find(const char *name, const gmc_mc_rfpol_t **ops, char *err, size_t n)
{
    for (unsigned i = 0; i < N(rfpols); i++)
        if (!strcmp(name, rfpols[i]->name))
            return *ops = rfpols[i], 0;
    return not_found(name, rfname, err, n);
}

int gmc_mc_rowpol_find(const char *name, const gmc_mc_rowpol_t **ops, char *err, size_t n)
{
    for (unsigned i = 0; i < N(rowpols); i++)
        if (!strcmp(name, rowpols[i]->name))
            return *ops = rowpols[i], 0;
    return not_found(name, rowname, err, n);
}
