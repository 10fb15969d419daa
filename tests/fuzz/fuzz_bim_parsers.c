/* libFuzzer harness for the parsers of the BIM stage: address maps, matrix
 * files and address traces.  The first input byte picks the parser; the rest
 * is the text.  Every input must end in success or a one-line error, never a
 * crash, leak or out-of-bounds access (built with ASan + UBSan).
 *   make fuzz FUZZ_SECONDS=60 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analysis/gmc_trace.h"
#include "mem/gmc_addrmap.h"
#include "cli/bim_opts.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    unsigned which = data[0] % 3;
    const char *text = (const char *)data + 1;
    size_t len = size - 1;
    char err[512];
    if (which == 0) {                          /* address map */
        char *s = malloc(len + 1);
        if (!s)
            return 0;
        memcpy(s, text, len);
        s[len] = 0;
        gmc_addrmap_t m;
        if (gmc_addrmap_parse(s, "fuzz", &m, err, sizeof err) == 0) {
            /* A map that parses must round-trip through its own text. */
            char buf[1024];
            gmc_addrmap_t m2;
            gmc_addrmap_format(&m, buf, sizeof buf);
            if (gmc_addrmap_parse(buf, "fuzz-format", &m2, err, sizeof err) ||
                memcmp(m.field, m2.field, sizeof m.field) || m.width != m2.width ||
                m.ch_mod != m2.ch_mod || m.ch_at != m2.ch_at)
                abort();
            /* decode and encode are inverse on every address of a bit map,
             * and below channels x 2^(slice bits) with a channel modulo */
            uint64_t a = 0;
            for (size_t i = 0; i < len && i < 8; i++)
                a = a << 8 | (uint8_t)text[i];
            if (m.width < 64)
                a &= (1ull << m.width) - 1;
            gmc_dramaddr_t d;
            gmc_addrmap_decode(&m, a, &d);
            unsigned up = m.rest_width - m.ch_at;   /* slice bits above the split */
            int in_range = !m.ch_mod || up >= 64 || !(((a >> m.ch_at) / m.ch_mod) >> up);
            if (in_range && gmc_addrmap_encode(&m, &d) != a)
                abort();
            if (m.ch_mod && d.f[GMC_F_CH] >= m.ch_mod)
                abort();
        }
        free(s);
    } else if (which == 1) {                   /* matrix file */
        FILE *f = fmemopen((void *)text, len ? len : 1, "r");
        if (!f)
            return 0;
        gmc_gf2_t m;
        if (bim_matrix_read(f, "fuzz", &m, err, sizeof err) == 0 &&
            gmc_gf2_first_dependent_row(&m) >= 0)
            abort();                           /* accepted a singular matrix */
        fclose(f);
    } else {                                   /* address trace */
        gmc_trace_t t;
        gmc_trace_rec_t r;
        gmc_trace_open_mem(&t, text, len, "fuzz");
        gmc_trace_set_width(&t, 30, data[0] & 8);
        int rc;
        while ((rc = gmc_trace_next(&t, &r, err, sizeof err)) == GMC_TRACE_REC)
            if (!(data[0] & 8) && (r.addr >> 30))
                abort();                       /* width check let a wide address through */
        gmc_trace_close(&t);
    }
    return 0;
}
