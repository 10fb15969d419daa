/* gmc_machine_traceconfig: Accel-Sim's trace.config, the file beside a
 * gpgpusim.config that gives trace-driven mode its opcode latencies and
 * specialized units (Accel-Sim gpu-simulator/trace-driven/trace_driven.cc,
 * trace_config::reg_options / parse_config / set_latency, and the
 * -specialized_unit_N options of GPGPU-Sim's shader_core_config):
 *
 *   -trace_opcode_latency_initiation_int L,I      int_lat, int_ii
 *   -trace_opcode_latency_initiation_sp L,I       sp_lat, sp_ii
 *   -trace_opcode_latency_initiation_dp L,I       dp_lat, dp_ii
 *   -trace_opcode_latency_initiation_sfu L,I      sfu_lat, sfu_ii
 *   -trace_opcode_latency_initiation_tensor L,I   tensor_lat, tensor_ii
 *   -trace_opcode_latency_initiation_spec_op_N L,I   unit N's class: 1 branch, 2 tex,
 *                                                 3 tensor, 4 udp (the unit numbers
 *                                                 Accel-Sim's opcode maps send those
 *                                                 opcodes to; HMMA is SPECIALIZED_UNIT_3)
 *   -specialized_unit_N E,U,MAXLAT,IDOC,OCEX,NAME  with E = 1: U units of that class
 *
 * A spec_op_3 / specialized_unit_3 line overrides the tensor line (the
 * opcode maps send tensor opcodes to unit 3).  Other options are listed as
 * ignored. */
#include <stdio.h>
#include <string.h>
#include "gpu/gmc_kernel.h"
#include "gpu/gmc_machine_gpgpusim.h"
#include "mem/gmc_gpgpusim_opts.h"
#include "util/gmc_diag.h"
#include "util/gmc_num.h"
#include "util/gmc_quote.h"
#include "util/gmc_text.h"

static const struct { const char *name; uint8_t unit; } lat_opts[] = {
    {"-trace_opcode_latency_initiation_int", GMC_UNIT_INT},
    {"-trace_opcode_latency_initiation_sp", GMC_UNIT_SP},
    {"-trace_opcode_latency_initiation_dp", GMC_UNIT_DP},
    {"-trace_opcode_latency_initiation_sfu", GMC_UNIT_SFU},
    {"-trace_opcode_latency_initiation_tensor", GMC_UNIT_TENSOR},
};
/* specialized unit N (1..4) -> class */
static const uint8_t spec_unit[5] = {0, GMC_UNIT_BRANCH, GMC_UNIT_TEX, GMC_UNIT_TENSOR, GMC_UNIT_UDP};

/* The comma-separated decimal fields of a value (at most max), in v[];
 * returns how many, or -1 if one is not a number below 2^32. */
static int fields(const char *s, size_t n, uint64_t *v, unsigned max, unsigned want)
{
    unsigned k = 0;
    size_t i = 0;
    while (i <= n && k < max) {
        size_t j = i;
        while (j < n && s[j] != ',')
            j++;
        if (k < want) {
            const char *f = s + i;
            size_t fl = j - i;
            gmc_text_trim(&f, &fl);
            if (gmc_num_u64(f, fl, GMC_NUM_DEC, UINT32_MAX, &v[k]))
                return -1;
        }
        k++;
        i = j + 1;
    }
    return (int)k;
}

static int set_unit_key(gmc_diag_t *d, const gmc_gs_tok_t *t, gmc_machine_t *m, unsigned u,
                        unsigned which, uint64_t v)
{
    const unsigned k = gmc_machine_unit_key(u, which);
    char kv[96];
    snprintf(kv, sizeof kv, "%s=%llu", gmc_machine_param_name(k), (unsigned long long)v);
    char e[256];
    if (gmc_machine_set(m, kv, e, sizeof e))   /* the key's range, worded by the machine parser */
        return gmc_diag_error(d, t->ln, "%.*s: %s", (int)t->nl, t->name,
                              strncmp(e, "--set: ", 7) ? e : e + 7);
    return 0;
}

static int is_(const gmc_gs_tok_t *t, const char *name)
{
    return t->nl == strlen(name) && !memcmp(t->name, name, t->nl);
}

int gmc_machine_trace_config(const char *text, size_t len, const char *src, gmc_machine_t *m,
                             char *ignored, size_t in, char *err, size_t en)
{
    gmc_diag_t d = {src ? src : "trace.config", err, en, NULL, 0, 0};
    gmc_gs_toks_t k;
    gmc_gs_tok_t t;
    gmc_quote_t q;
    int r, spec3 = 0, tensor_line = 0;
    uint64_t tensor[2] = {0, 0};
    gmc_gs_tok_t tensor_tok;
    if (ignored && in)
        ignored[0] = 0;
    gmc_gs_toks_init(&k, text, len);
    while ((r = gmc_gs_tok_next(&k, &t, &d)) != GMC_GS_TOK_END) {
        if (r == GMC_GS_TOK_ERROR)
            return -1;
        if (r == GMC_GS_TOK_UNCLOSED)
            return gmc_diag_error(&d, t.ln, "expected a closing '\"', found end of file");
        if (r == GMC_GS_TOK_NOT_OPTION)
            return gmc_diag_expected(&d, t.ln, "an option '-name value'", t.name, t.nl);
        unsigned u = 0;
        for (unsigned i = 0; i < sizeof lat_opts / sizeof lat_opts[0] && !u; i++)
            if (is_(&t, lat_opts[i].name))
                u = lat_opts[i].unit;
        static const char spec_lat[] = "-trace_opcode_latency_initiation_spec_op_";
        static const char spec_def[] = "-specialized_unit_";
        int spec = 0;   /* 1: a spec_op latency line, 2: a specialized_unit line */
        if (!u && t.nl == sizeof spec_lat && !memcmp(t.name, spec_lat, sizeof spec_lat - 1) &&
            t.name[t.nl - 1] >= '1' && t.name[t.nl - 1] <= '4')
            u = spec_unit[t.name[t.nl - 1] - '0'], spec = 1;
        else if (!u && t.nl == sizeof spec_def && !memcmp(t.name, spec_def, sizeof spec_def - 1) &&
                 t.name[t.nl - 1] >= '1' && t.name[t.nl - 1] <= '4')
            u = spec_unit[t.name[t.nl - 1] - '0'], spec = 2;
        if (!u) {
            if (ignored && in)
                gmc_text_list_add(ignored, in, t.name, t.nl);
            continue;
        }
        uint64_t v[6];
        const char *val = t.v;
        size_t vl = t.vl;
        while (vl && val[0] == '"')
            val++, vl--;
        while (vl && val[vl - 1] == '"')
            vl--;
        if (spec == 2) {
            /* <enabled>,<num_units>,<max_latency>,<ID_OC_SPEC>,<OC_EX_SPEC>,<NAME> */
            if (fields(val, vl, v, 6, 2) != 6 || v[0] > 1)
                return gmc_diag_error(&d, t.ln, "%.*s: expected <enabled 0|1>,<units>,<max latency>,"
                                      "<ID_OC>,<OC_EX>,<NAME>, found %s", (int)t.nl, t.name,
                                      gmc_quote(&q, t.v, t.vl));
            if (v[0] && set_unit_key(&d, &t, m, u, 0, v[1]))
                return -1;
            continue;
        }
        if (fields(val, vl, v, 2, 2) != 2)
            return gmc_diag_error(&d, t.ln, "%.*s: expected <latency>,<initiation interval>, found %s",
                                  (int)t.nl, t.name, gmc_quote(&q, t.v, t.vl));
        if (u == GMC_UNIT_TENSOR && !spec) {   /* unless unit 3's line says otherwise (above) */
            tensor[0] = v[0], tensor[1] = v[1], tensor_line = 1, tensor_tok = t;
            continue;
        }
        spec3 |= u == GMC_UNIT_TENSOR;
        if (set_unit_key(&d, &t, m, u, 1, v[0]) || set_unit_key(&d, &t, m, u, 2, v[1]))
            return -1;
    }
    if (tensor_line && !spec3 &&
        (set_unit_key(&d, &tensor_tok, m, GMC_UNIT_TENSOR, 1, tensor[0]) ||
         set_unit_key(&d, &tensor_tok, m, GMC_UNIT_TENSOR, 2, tensor[1])))
        return -1;
    return 0;
}
