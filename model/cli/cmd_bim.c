/* gmc bim: show a scheme's matrix, map/unmap addresses, price the XOR tree,
 * emit Verilog. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bim/gmc_bim_verilog.h"
#include "bim_opts.h"
#include "blocks/gmc_bim.h"
#include "cli.h"
#include "cli_outfile.h"

#define MAX_ADDRS 64

static void usage(FILE *f)
{
    fprintf(f,
        "usage: gmc bim [map] [matrix] [action] [--json] [-o FILE]\n"
        "Binary-invertible-matrix address mapping (PAE [ISCA'18] sec. IV).\n\n");
    bim_sel_usage(f);
    fprintf(f,
        "actions (default: print the matrix and its cost):\n"
        "  --addr A           map address A (hex or decimal; repeatable) and decode it\n"
        "  --unmap A          inverse-map address A (repeatable)\n"
        "  --cost             only the XOR-tree cost\n"
        "  --emit-verilog     wrapper module instantiating rtl/gmc_bim.sv with this matrix\n"
        "  --emit-spec        flat XOR-equation module (formal reference)\n"
        "  --emit-matrix      the matrix in the --matrix file format\n"
        "options:\n"
        "  --json             machine-readable output (matrix, cost, addresses)\n"
        "  --reg-out 0|1      REG_OUT of the emitted wrapper (default 0)\n"
        "  --module NAME      module name for --emit-verilog/--emit-spec\n"
        "  --inject-fault     (testing) flip matrix bit (row 0, input W-1) in emitted Verilog\n"
        "  --xor-levels-per-cycle N   XOR2 levels that fit one clock (default 6)\n"
        "  -o FILE            write to FILE instead of stdout\n");
}

typedef struct {
    int json, cost_only, emit_verilog, emit_spec, emit_matrix, inject_fault;
    uint64_t reg_out, levels;
    const char *module, *out;
    unsigned naddr, nunmap;
    uint64_t addr[MAX_ADDRS], unmap[MAX_ADDRS];
} opts_t;

static void print_decode(FILE *f, const gmc_addrmap_t *map, uint64_t a, int json)
{
    gmc_dramaddr_t d;
    gmc_addrmap_decode(map, a, &d);
    if (json)
        fprintf(f, "\"channel\": %llu, \"bank\": %llu, \"row\": %llu, \"col\": %llu, \"block\": %llu",
                (unsigned long long)d.f[GMC_F_CH], (unsigned long long)d.f[GMC_F_BANK],
                (unsigned long long)d.f[GMC_F_ROW], (unsigned long long)d.f[GMC_F_COL],
                (unsigned long long)d.f[GMC_F_BLOCK]);
    else
        fprintf(f, "ch %llu bank %llu row %llu col %llu block %llu",
                (unsigned long long)d.f[GMC_F_CH], (unsigned long long)d.f[GMC_F_BANK],
                (unsigned long long)d.f[GMC_F_ROW], (unsigned long long)d.f[GMC_F_COL],
                (unsigned long long)d.f[GMC_F_BLOCK]);
}

static void print_cost_json(FILE *f, const gmc_bim_cost_t *c, unsigned levels, const char *ind)
{
    unsigned w = c->width;
    fprintf(f, "%s\"width\": %u,\n%s\"total_xors\": %u,\n%s\"max_depth\": %u,\n"
               "%s\"wires_only\": %u,\n%s\"xor_levels_per_cycle\": %u,\n%s\"added_cycles\": %u,\n"
               "%s\"storage_bits_hardwired\": 0,\n%s\"storage_bits_programmable\": %u,\n%s\"inputs\": [",
            ind, w, ind, c->total_xors, ind, c->max_depth, ind, c->wires_only, ind, levels, ind,
            gmc_bim_cost_cycles(c, levels), ind, ind, w * w, ind);
    for (unsigned i = 0; i < w; i++)
        fprintf(f, "%s%u", i ? ", " : "", c->inputs[i]);
    fprintf(f, "]");
}

static void print_cost_text(FILE *f, const gmc_bim_cost_t *c, unsigned levels)
{
    unsigned cyc = gmc_bim_cost_cycles(c, levels);
    fprintf(f, "cost: %u two-input XOR gates, depth %u XOR levels, %u of %u outputs are plain wires\n"
               "      storage 0 bits hard-wired (%u bits if programmable, W x W)\n"
               "      added latency %u cycle%s at %u XOR levels per cycle\n",
            c->total_xors, c->max_depth, c->wires_only, c->width, c->width * c->width, cyc,
            cyc == 1 ? "" : "s", levels);
}

static void print_text(FILE *f, const bim_sel_t *s, const gmc_bim_cost_t *c, unsigned levels)
{
    char spec[512];
    unsigned w = s->m.n;
    gmc_addrmap_format(&s->map, spec, sizeof spec);
    fprintf(f, "bim: map %s (%u bits)  %s\nmap: %s\n\n", s->map.name, w, s->label, spec);
    /* Grid: output bits top (MSB) to bottom, input bits MSB left. */
    fprintf(f, "%-10s in ", "out\\");
    for (unsigned j = w; j-- > 0;)
        fputc(j % 10 == 0 ? '0' + (int)(j / 10 % 10) : ' ', f);
    fprintf(f, "\n%-13s", "");
    for (unsigned j = w; j-- > 0;)
        fputc('0' + (int)(j % 10), f);
    fprintf(f, "   inputs  xor2  depth\n");
    for (unsigned i = w; i-- > 0;) {
        char lab[16];
        if (s->map.ch_mod && i >= s->map.ch_at)   /* divided by the channel count first */
            snprintf(lab, sizeof lab, "hi[%u]", i - s->map.ch_at);
        else
            snprintf(lab, sizeof lab, "%s[%u]", gmc_field_name((gmc_field_t)s->map.field[i]),
                     s->map.fbit[i]);
        fprintf(f, "%2u %-9s ", i, lab);
        for (unsigned j = w; j-- > 0;)
            fputc((s->m.row[i] >> j) & 1 ? '1' : '.', f);
        fprintf(f, "   %6u  %4u  %5u\n", c->inputs[i], c->xors[i], c->depth[i]);
    }
    fputc('\n', f);
    print_cost_text(f, c, levels);
}

static int parse_args(int argc, char **argv, bim_sel_t *s, opts_t *o)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int r = bim_sel_option(s, "bim", argc, argv, &i);
        if (r < 0)
            return 2;
        if (r)
            continue;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            cli_stdout_note();
            return -1;
        } else if (!strcmp(a, "--json")) o->json = 1;
        else if (!strcmp(a, "--cost")) o->cost_only = 1;
        else if (!strcmp(a, "--emit-verilog")) o->emit_verilog = 1;
        else if (!strcmp(a, "--emit-spec")) o->emit_spec = 1;
        else if (!strcmp(a, "--emit-matrix")) o->emit_matrix = 1;
        else if (!strcmp(a, "--inject-fault")) o->inject_fault = 1;
        else if (i + 1 < argc && (!strcmp(a, "--addr") || !strcmp(a, "--unmap") ||
                                  !strcmp(a, "--reg-out") || !strcmp(a, "--module") ||
                                  !strcmp(a, "-o") || !strcmp(a, "--xor-levels-per-cycle"))) {
            const char *v = argv[++i];
            uint64_t x = 0;
            int numeric = strcmp(a, "--module") && strcmp(a, "-o");
            if (numeric && cli_parse_u64(v, &x))
                return cli_usage_error("bim", "%s: expected a number, found '%s'", a, v);
            if (!strcmp(a, "--addr") || !strcmp(a, "--unmap")) {
                int un = !strcmp(a, "--unmap");
                unsigned *k = un ? &o->nunmap : &o->naddr;
                if (*k == MAX_ADDRS)
                    return cli_usage_error("bim", "at most %d %s values", MAX_ADDRS, a);
                (un ? o->unmap : o->addr)[(*k)++] = x;
            } else if (!strcmp(a, "--reg-out")) {
                if (x > 1)
                    return cli_usage_error("bim", "--reg-out: expected 0 or 1, found '%s'", v);
                o->reg_out = x;
            } else if (!strcmp(a, "--xor-levels-per-cycle")) {
                if (x < 1 || x > 64)
                    return cli_usage_error("bim", "--xor-levels-per-cycle: expected 1..64, found '%s'", v);
                o->levels = x;
            } else if (!strcmp(a, "--module")) {
                /* the name lands in the emitted source: a plain Verilog identifier */
                int okname = (v[0] >= 'A' && v[0] <= 'Z') || (v[0] >= 'a' && v[0] <= 'z') ||
                             v[0] == '_';
                for (const char *q = v; okname && *q; q++)
                    okname = (*q >= 'A' && *q <= 'Z') || (*q >= 'a' && *q <= 'z') ||
                             (*q >= '0' && *q <= '9') || *q == '_' || *q == '$';
                if (!okname || strlen(v) > 80)
                    return cli_usage_error("bim", "--module: expected a Verilog identifier of 1..80 "
                                           "characters ([A-Za-z_][A-Za-z0-9_$]*), found '%s'", v);
                o->module = v;
            }
            else
                o->out = v;
        } else
            return cli_usage_error("bim", "unknown option or missing value: '%s' (see gmc bim --help)", a);
    }
    return 0;
}

int cmd_bim(int argc, char **argv)
{
    bim_sel_t s;
    opts_t o;
    memset(&o, 0, sizeof o);
    o.levels = 6;
    bim_sel_defaults(&s);
    int rc = parse_args(argc, argv, &s, &o);
    if (rc)
        return rc < 0 ? 0 : rc;
    if ((rc = bim_sel_resolve(&s, "bim")))
        return rc;

    gmc_bim_cfg_t *cfg = malloc(sizeof *cfg);
    char err[256];
    if (!cfg || gmc_bim_cfg_init(cfg, &s.m, (unsigned)o.reg_out, err, sizeof err)) {
        bim_error("bim", cfg ? err : "out of memory");
        free(cfg);
        return 1;
    }
    for (unsigned i = 0; i < o.naddr; i++)
        if (o.addr[i] & ~gmc_gf2_mask(s.m.n)) {
            fprintf(stderr, "gmc bim: --addr 0x%llx: expected an address below 2^%u, found higher bits set\n",
                    (unsigned long long)o.addr[i], s.m.n);
            free(cfg);
            return 2;
        }
    for (unsigned i = 0; i < o.nunmap; i++)
        if (o.unmap[i] & ~gmc_gf2_mask(s.m.n)) {
            fprintf(stderr, "gmc bim: --unmap 0x%llx: expected an address below 2^%u, found higher bits set\n",
                    (unsigned long long)o.unmap[i], s.m.n);
            free(cfg);
            return 2;
        }

    char prov[256], modname[96];
    snprintf(prov, sizeof prov, "map %s, %s%s", s.map.name, s.label,
             o.inject_fault ? ", FAULT INJECTED" : "");
    if (o.module)
        snprintf(modname, sizeof modname, "%s", o.module);
    else {
        snprintf(modname, sizeof modname, "gmc_bim_%s_%s", s.map.name,
                 s.matrix_file ? "matrix" : s.scheme);
        for (char *p = modname; *p; p++)
            if (*p == '-')
                *p = '_';
    }
    gmc_gf2_t em = s.m;
    if (o.inject_fault)
        em.row[0] ^= 1ULL << (em.n - 1);

    /* -o FILE: all or nothing (cli_outfile.h); stdout is checked by main */
    cli_outfile_t of = {0};
    FILE *f = stdout;
    int to_file = o.out && strcmp(o.out, "-");
    if (to_file) {
        if (cli_out_open(&of, "bim", o.out)) {
            free(cfg);
            return 1;
        }
        f = of.f;
    }
    gmc_bim_cost_t cost;
    gmc_bim_cost(&s.m, &cost);
    unsigned levels = (unsigned)o.levels;

    if (o.emit_verilog) {
        gmc_bim_verilog_wrapper(f, &em, modname, (unsigned)o.reg_out, prov);
    } else if (o.emit_spec) {
        char spec_name[128];
        snprintf(spec_name, sizeof spec_name, "%s%s", modname, o.module ? "" : "_spec");
        gmc_bim_verilog_spec(f, &em, spec_name, prov);
    } else if (o.emit_matrix) {
        bim_matrix_write(f, &em, prov);
    } else if (o.json) {
        char spec[512];
        gmc_addrmap_format(&s.map, spec, sizeof spec);
        if (o.cost_only) {
            fprintf(f, "{\n");
            print_cost_json(f, &cost, levels, "  ");
            fprintf(f, "\n}\n");
        } else {
            fprintf(f, "{\n  \"preset\": \"%s\",\n  \"map\": \"%s\",\n", s.map.name, spec);
            if (s.matrix_file)
                fprintf(f, "  \"matrix_file\": \"%s\",\n", s.matrix_file);
            else
                fprintf(f, "  \"scheme\": \"%s\",\n  \"seed\": %llu,\n", s.scheme,
                        (unsigned long long)s.seed);
            fprintf(f, "  \"width\": %u,\n  \"rows\": [", s.m.n);
            for (unsigned i = 0; i < s.m.n; i++)
                fprintf(f, "%s\"0x%0*llx\"", i ? ", " : "", (int)((s.m.n + 3) / 4),
                        (unsigned long long)s.m.row[i]);
            fprintf(f, "],\n  \"cost\": {\n");
            print_cost_json(f, &cost, levels, "    ");
            fprintf(f, "\n  }");
            for (int pass = 0; pass < 2; pass++) {
                unsigned k = pass ? o.nunmap : o.naddr;
                if (!k)
                    continue;
                fprintf(f, ",\n  \"%s\": [", pass ? "unmap" : "map");
                for (unsigned i = 0; i < k; i++) {
                    uint64_t in = pass ? o.unmap[i] : o.addr[i];
                    uint64_t out;
                    if (pass) {
                        gmc_gf2_t inv;
                        gmc_gf2_inverse(&s.m, &inv);
                        out = gmc_gf2_apply(&inv, in);
                    } else
                        out = gmc_bim_map(cfg, in);
                    fprintf(f, "%s\n    {\"in\": \"0x%llx\", \"out\": \"0x%llx\", ", i ? "," : "",
                            (unsigned long long)in, (unsigned long long)out);
                    print_decode(f, &s.map, pass ? in : out, 1);
                    fprintf(f, "}");
                }
                fprintf(f, "\n  ]");
            }
            fprintf(f, "\n}\n");
        }
    } else if (o.naddr || o.nunmap) {
        for (unsigned i = 0; i < o.naddr; i++) {
            uint64_t out = gmc_bim_map(cfg, o.addr[i]);
            fprintf(f, "map   0x%llx -> 0x%llx  ", (unsigned long long)o.addr[i], (unsigned long long)out);
            print_decode(f, &s.map, out, 0);
            fputc('\n', f);
        }
        if (o.nunmap) {
            gmc_gf2_t inv;
            gmc_gf2_inverse(&s.m, &inv);
            for (unsigned i = 0; i < o.nunmap; i++)
                fprintf(f, "unmap 0x%llx -> 0x%llx\n", (unsigned long long)o.unmap[i],
                        (unsigned long long)gmc_gf2_apply(&inv, o.unmap[i]));
        }
    } else if (o.cost_only) {
        print_cost_text(f, &cost, levels);
    } else {
        print_text(f, &s, &cost, levels);
    }
    free(cfg);
    return to_file && cli_out_commit(&of) ? 1 : 0;
}
