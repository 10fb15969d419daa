/* gmc overhead: what scheduler and queue logic costs in bits, from its parameters. */
#include <stdio.h>
#include <string.h>
#include "analysis/gmc_overhead.h"
#include "cli.h"
#include "util/gmc_num.h"
#include "util/gmc_quote.h"

#define CMD "overhead"

static void usage(FILE *f)
{
    fprintf(f,
        "usage: gmc overhead warped-mc [--sms N] [--warps N] [--max-pending N] [--banks N]\n"
        "                              [--rows N] [--score-bits N] [--pt-bits N] [--pc-hash-bits N]\n"
        "                              [--started-bits 0|1] [--json]\n"
        "       gmc overhead frfcfs [--mcs M] [--queue Q] [--rows nR] [--banks nB] [--json]\n"
        "       gmc overhead icnt [--topology xbar|mesh|ring] [--policy hg|rmhg|hmhg|hmhgK|none]\n"
        "                         [--cores C] [--mcs M] [--rows nR] [--banks nB] [--queue Q] [--json]\n"
        "       gmc overhead pcmwq --entries N [--addr-bits A] [--tag-bits T] [--high H] [--low L]\n"
        "                          [--intr 0|1|2] [--max-intr K] [--json]\n"
        "       gmc overhead ccws [--warps W] [--vta V] [--k K] [--addr-bits A] [--line-bytes L]\n"
        "                         [--counter-bits C] [--json]\n"
        "       gmc overhead tbas [--warps W] [--batches R] [--ctas P] [--batch-bits B] [--json]\n"
        "       gmc overhead temp [--sms S] [--colors C] [--cta-bits B] [--ppn-bits N] [--json]\n"
        "warped-mc: storage per memory controller of WAT, WET, RS, PT (Warped-MC [ICPP'23] Table 3;\n"
        "           defaults are the seed's: 32 SMs x 32 warps, 32 pending, 16 banks x 64 rows x 4 bits, 64-bit PT;\n"
        "           --started-bits 1, the default: a started bit per WET entry for Algorithm 1's reading;\n"
        "           0 gives Table 3's 1408 B, the sec. 4.2 reading)\n"
        "frfcfs:    bit comparisons per DRAM command clock, M*Q*(log2 nR + log2 nB), and the\n"
        "           banked FIFO's M*(nB*log2 nR + log2 nB) (Yuan et al. [MICRO'09] sec. 3.4; defaults M=8 Q=32 nR=4096 nB=4)\n"
        "pcmwq:     bits stored by the PCM write queue block (rtl/gmc_pcmwq.sv: N entries of an A-bit address\n"
        "           and a T-bit data version, head, count, flags) and its address comparators (the write's and\n"
        "           the read's address against every entry: 2N of A bits); defaults A=32 T=16, watermarks\n"
        "           H=N L=0 (NVMain's FRFCFS-WQF), --intr 0 none (1 cancel, 2 pause), K=4 (NVMain's MaxCancellations)\n"
        "ccws:      bits per SM: W*V victim tags of (A - log2 L) + valid + log2 V (LRU), W scores of\n"
        "           log2(100 + K*W*100) bits, two C-bit LLDS counts (defaults W=48 V=16 K=8 A=32 L=128 C=16)\n"
        "tbas:      bits per SM: R running and P pending batch ids of B + 1 bits, a log2 P batch index per\n"
        "           warp, the demoted batch (defaults W=48 R=1 P=8 B=16: TEMP [JETC'19] Table 4)\n"
        "temp:      bits per GPU: head and tail CTA ids per SM, per color its SM (log2 S) and next free\n"
        "           page (N bits), per SM its next color (defaults S=8 C=32 B=16 N=20)\n");
}

/* Parses "--name value" pairs into unsigned slots, each in its range from
 * the library's one table (gmc_overhead_range): 0, 2 on error, -1 after
 * --help. */
typedef struct { const char *opt; unsigned *u; uint64_t *u64; const char **str; } numopt_t;

static int parse(const char *scheme, int argc, char **argv, const numopt_t *o, size_t no, int *json)
{
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--json")) {
            *json = 1;
            continue;
        }
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            usage(stdout);
            cli_stdout_note();
            return -1;
        }
        size_t k = 0;
        while (k < no && strcmp(argv[i], o[k].opt))
            k++;
        if (k == no || i + 1 >= argc)
            return cli_usage_error(CMD, "unknown option or missing value: '%s' (see gmc overhead --help)", argv[i]);
        if (o[k].str) {   /* a name: the scheme checks it */
            *o[k].str = argv[++i];
            continue;
        }
        const gmc_overhead_range_t *r = gmc_overhead_range(scheme, o[k].opt + 2);
        uint64_t v;
        const char *s = argv[++i];
        gmc_quote_t q;
        int rc = gmc_num_u64_str(s, GMC_NUM_0X, r->hi, &v);
        if (rc || v < r->lo)
            return cli_usage_error(CMD, "%s: expected an integer in %llu..%llu, found %s%s", o[k].opt,
                                   (unsigned long long)r->lo, (unsigned long long)r->hi,
                                   gmc_quote(&q, s, strlen(s)), gmc_num_note(rc));
        if (o[k].u)
            *o[k].u = (unsigned)v;   /* r->hi fits */
        else
            *o[k].u64 = v;
    }
    return 0;
}

static int warped_mc(int argc, char **argv)
{
    gmc_wmc_params_t p;
    gmc_wmc_params_default(&p);
    const numopt_t o[] = {
        {"--sms", &p.sms, NULL, NULL},           {"--warps", &p.warps, NULL, NULL},
        {"--max-pending", &p.max_pending, NULL, NULL}, {"--banks", &p.banks, NULL, NULL},
        {"--rows", &p.rows, NULL, NULL},         {"--score-bits", &p.score_bits, NULL, NULL},
        {"--pt-bits", &p.pt_bits, NULL, NULL},   {"--pc-hash-bits", &p.pc_hash_bits, NULL, NULL},
        {"--started-bits", &p.started_bits, NULL, NULL},
    };
    int json = 0, rc = parse("warped-mc", argc, argv, o, sizeof o / sizeof o[0], &json);
    if (rc)
        return rc < 0 ? 0 : rc;
    gmc_wmc_cost_t c;   /* parse checked every value against the ranges */
    gmc_wmc_cost(&p, &c);
    gmc_wmc_cfg_t rc_;
    char rerr[256];
    const int rtl_ok = gmc_wmc_rtl_cfg(&p, &rc_, rerr, sizeof rerr) == 0;
    if (json) {
        printf("{\n  \"scheme\": \"warped-mc\",\n  \"params\": {\"sms\": %u, \"warps\": %u, \"max_pending\": %u, "
               "\"banks\": %u, \"rows\": %u, \"score_bits\": %u, \"pt_bits\": %u, \"pc_hash_bits\": %u, "
               "\"started_bits\": %u},\n"
               "  \"gwid_bits\": %u,\n  \"tables\": {\n",
               p.sms, p.warps, p.max_pending, p.banks, p.rows, p.score_bits, p.pt_bits, p.pc_hash_bits,
               p.started_bits, c.gwid_bits);
        for (int i = 0; i < 4; i++)
            printf("    \"%s\": {\"entry_bits\": %llu, \"entries\": %llu, \"bits\": %llu}%s\n", c.t[i].name,
                   (unsigned long long)c.t[i].entry_bits, (unsigned long long)c.t[i].entries,
                   (unsigned long long)c.t[i].bits, i < 3 ? "," : "");
        printf("  },\n  \"total_bits\": %llu,\n  \"total_bytes\": %llu,\n",
               (unsigned long long)c.total_bits, (unsigned long long)c.total_bytes);
        if (rtl_ok)
            printf("  \"rtl\": {\"module\": \"rtl/gmc_wmc.sv\", \"params\": {\"SmBits\": %u, \"WarpBits\": %u, "
                   "\"PcHashBits\": %u, \"PendBits\": %u, \"NumBanks\": %u, \"Rows\": %u, \"ScoreBits\": %u, "
                   "\"PtBits\": %u, \"ScoreAt\": %u, \"MRule\": %u}, \"memory_bits\": %llu, \"flip_flops\": %llu, \"flop_mapped_ff\": %llu, "
                   "\"checked_by\": \"make synth-wmc\"}\n}\n",
                   rc_.sm_bits, rc_.warp_bits, rc_.pc_hash_bits, rc_.pend_bits, rc_.nb, rc_.rows,
                   rc_.score_bits, rc_.pt_bits, rc_.score_at, rc_.m_rule,
                   (unsigned long long)gmc_wmc_rtl_memory_bits(&rc_),
                   (unsigned long long)gmc_wmc_rtl_flops(&rc_),
                   (unsigned long long)(gmc_wmc_rtl_memory_bits(&rc_) + gmc_wmc_rtl_flops(&rc_)));
        else
            printf("  \"rtl\": null,\n  \"rtl_note\": \"%s\"\n}\n", rerr);
        return 0;
    }
    printf("Warped-MC storage per memory controller (Warped-MC [ICPP'23] Table 3)\n"
           "  %-4s %12s %10s %10s\n", "", "entry bits", "entries", "bits");
    for (int i = 0; i < 4; i++)
        printf("  %-4s %12llu %10llu %10llu\n", c.t[i].name, (unsigned long long)c.t[i].entry_bits,
               (unsigned long long)c.t[i].entries, (unsigned long long)c.t[i].bits);
    printf("  total %llu bits = %llu bytes  (global warp id %u bits)\n",
           (unsigned long long)c.total_bits, (unsigned long long)c.total_bytes, c.gwid_bits);
    printf("  wet entry: %u-bit n_pending%s\n", (unsigned)(c.t[1].entry_bits - p.started_bits),
           p.started_bits ? " + 1 started bit (Algorithm 1's reading; --started-bits 0 gives Table "
                            "3's count, the sec. 4.2 reading)"
                          : " (Table 3; the sec. 4.2 reading: ScoreAt receive, MRule pending2)");
    if (rtl_ok)
        printf("  rtl/gmc_wmc.sv: %llu memory bits (the four tables) + %llu flip-flops (valid bits)\n"
               "    (make synth-wmc checks both against Yosys)\n",
               (unsigned long long)gmc_wmc_rtl_memory_bits(&rc_), (unsigned long long)gmc_wmc_rtl_flops(&rc_));
    else
        printf("  rtl/gmc_wmc.sv: not buildable with these parameters (%s)\n", rerr);
    return 0;
}

static int frfcfs(int argc, char **argv)
{
    gmc_frfcfs_params_t p;
    gmc_frfcfs_params_default(&p);
    const numopt_t o[] = {
        {"--mcs", &p.mcs, NULL, NULL}, {"--queue", &p.queue, NULL, NULL},
        {"--rows", NULL, &p.rows, NULL}, {"--banks", &p.banks, NULL, NULL},
    };
    int json = 0, rc = parse("frfcfs", argc, argv, o, sizeof o / sizeof o[0], &json);
    if (rc)
        return rc < 0 ? 0 : rc;
    char err[256];
    if (gmc_frfcfs_params_check(&p, err, sizeof err))   /* counts beyond 64 bits */
        return cli_usage_error(CMD, "%s", err);
    gmc_frfcfs_cost_t c;
    gmc_frfcfs_cost(&p, &c);
    if (json) {
        printf("{\n  \"scheme\": \"frfcfs\",\n  \"params\": {\"mcs\": %u, \"queue\": %u, \"rows\": %llu, \"banks\": %u},\n"
               "  \"bits_compared\": %llu,\n  \"banked_fifo_bits_compared\": %llu\n}\n",
               p.mcs, p.queue, (unsigned long long)p.rows, p.banks, (unsigned long long)c.frfcfs_bits,
               (unsigned long long)c.banked_fifo_bits);
        return 0;
    }
    printf("bit comparisons per DRAM command clock (Yuan et al. [MICRO'09] sec. 3.4), M=%u Q=%u nR=%llu nB=%u\n"
           "  FR-FCFS      M*Q*(log2 nR + log2 nB)      = %llu\n"
           "  banked FIFO  M*(nB*log2 nR + log2 nB)     = %llu\n",
           p.mcs, p.queue, (unsigned long long)p.rows, p.banks, (unsigned long long)c.frfcfs_bits,
           (unsigned long long)c.banked_fifo_bits);
    return 0;
}

/* The formulas of one scheme row, said as the text shows them. */
static const char *icnt_formula(const gmc_icnt_cost_params_t *p, int stored)
{
    switch (p->policy) {
    case GMC_ICNT_COST_HG:   return "R*P";
    case GMC_ICNT_COST_RMHG: return stored ? "R*P + R*lR*nB*M" : "R*P + R*lR*O";
    case GMC_ICNT_COST_HMHG: return "R*P + R*k*O";
    default:                 return "0";
    }
}

static int icnt(int argc, char **argv)
{
    gmc_icnt_cost_params_t p;
    gmc_icnt_cost_params_default(&p);
    const char *topo = "xbar", *policy = "hg";
    const numopt_t o[] = {
        {"--topology", NULL, NULL, &topo}, {"--policy", NULL, NULL, &policy},
        {"--cores", &p.cores, NULL, NULL}, {"--mcs", &p.mem.mcs, NULL, NULL},
        {"--queue", &p.mem.queue, NULL, NULL}, {"--rows", NULL, &p.mem.rows, NULL},
        {"--banks", &p.mem.banks, NULL, NULL},
    };
    int json = 0, rc = parse("icnt", argc, argv, o, sizeof o / sizeof o[0], &json);
    if (rc)
        return rc < 0 ? 0 : rc;
    char err[256];
    if (gmc_icnt_cost_topology_find(topo, &p.topology, err, sizeof err))
        return cli_usage_error(CMD, "--topology: %s", err);
    if (gmc_icnt_cost_policy_find(policy, &p.policy, &p.hash_bits, err, sizeof err))
        return cli_usage_error(CMD, "--policy: %s", err);
    if (gmc_icnt_cost_check(&p, err, sizeof err))
        return cli_usage_error(CMD, "%s", err);
    gmc_icnt_cost_t c;
    gmc_icnt_cost(&p, &c);
    gmc_icnt_cost_rtl_t r;
    char rerr[256];
    const int rtl_ok = gmc_icnt_cost_rtl(&p, &r, rerr, sizeof rerr) == 0;
    uint64_t t_st = 0, t_cmp = 0;
    const int in_table = gmc_icnt_cost_table1(&p, &t_st, &t_cmp);
    char pl[16], row[48];
    gmc_icnt_cost_policy_label(&p, pl, sizeof pl);
    snprintf(row, sizeof row, "BFIFO+%s (%s)", pl, topo);
    const unsigned long long sf = (unsigned long long)c.sched.frfcfs_bits,
                             sb = (unsigned long long)c.sched.banked_fifo_bits;
    if (json) {
        printf("{\n  \"scheme\": \"icnt\",\n  \"params\": {\"topology\": \"%s\", \"policy\": \"%s\", \"hash_bits\": %u, "
               "\"cores\": %u, \"mcs\": %u, \"queue\": %u, \"rows\": %llu, \"banks\": %u},\n"
               "  \"routers\": %llu,\n  \"pairs_per_router\": %llu,\n  \"outputs_per_router\": %llu,\n"
               "  \"hold_bits\": %llu,\n  \"key_bits_stored\": %llu,\n  \"key_bits_compared\": %llu,\n"
               "  \"bits_stored\": %llu,\n  \"bits_compared\": %llu,\n  \"schemes\": [\n"
               "    {\"name\": \"FR-FCFS\", \"icnt_bits_stored\": 0, \"icnt_bits_compared\": 0, \"sched_bits_compared\": %llu},\n"
               "    {\"name\": \"BFIFO\", \"icnt_bits_stored\": 0, \"icnt_bits_compared\": 0, \"sched_bits_compared\": %llu},\n"
               "    {\"name\": \"%s\", \"icnt_bits_stored\": %llu, \"icnt_bits_compared\": %llu, \"sched_bits_compared\": %llu}\n"
               "  ],\n",
               topo, policy, p.hash_bits, p.cores, p.mem.mcs, p.mem.queue, (unsigned long long)p.mem.rows, p.mem.banks,
               (unsigned long long)c.routers, (unsigned long long)c.pairs, (unsigned long long)c.outputs,
               (unsigned long long)c.hold_bits, (unsigned long long)c.key_stored, (unsigned long long)c.key_compared,
               (unsigned long long)c.bits_stored, (unsigned long long)c.bits_compared, sf, sb, row,
               (unsigned long long)c.bits_stored, (unsigned long long)c.bits_compared, sb);
        if (in_table)
            printf("  \"table1\": {\"bits_stored\": %llu, \"bits_compared\": %llu, \"formula_agrees\": %s},\n",
                   (unsigned long long)t_st, (unsigned long long)t_cmp,
                   t_st == c.bits_stored && t_cmp == c.bits_compared ? "true" : "false");
        else
            printf("  \"table1\": null,\n");
        if (rtl_ok) {
            printf("  \"rtl\": {\"block\": \"gmc_hgalloc\", \"config\": \"%s\", \"inputs\": %u, \"outputs\": %u, "
                   "\"instances\": %llu, \"flip_flops\": %llu, \"flip_flops_total\": %llu, ",
                   r.name, r.ni, r.no, (unsigned long long)r.instances, (unsigned long long)r.flip_flops,
                   (unsigned long long)(r.flip_flops * r.instances));
            if (r.cells >= 0)
                printf("\"cells\": %lld, \"cells_total\": %lld, ", (long long)r.cells,
                       (long long)((uint64_t)r.cells * r.instances));
            else
                printf("\"cells\": null, \"cells_total\": null, ");
            printf("\"flip_flops_from\": \"gmc_hgalloc_state_bits (make synth-hgalloc checks Yosys's FF against it)\", "
                   "\"cells_from\": \"%s\"}\n}\n",
                   r.cells >= 0 ? "Yosys 0.23 synth -flatten, measured by make synth-hgalloc (docs/icnt.md)"
                                : "not measured for this configuration");
        } else
            printf("  \"rtl\": null,\n  \"rtl_note\": \"%s\"\n}\n", rerr);
        return 0;
    }
    printf("hold grant in the interconnect (Yuan et al. [MICRO'09] sec. 3.4, Table 1): %s, %s\n"
           "  C=%u cores, M=%u controllers, nR=%llu rows (lR=%u bits), nB=%u banks, Q=%u\n"
           "  R=%llu router%s, P=%llu input-output pairs and O=%llu outputs per router%s\n"
           "  %-22s %14s %16s %22s\n",
           topo, pl, p.cores, p.mem.mcs, (unsigned long long)p.mem.rows, gmc_clog2(p.mem.rows), p.mem.banks,
           p.mem.queue, (unsigned long long)c.routers, c.routers == 1 ? "" : "s", (unsigned long long)c.pairs,
           (unsigned long long)c.outputs, p.topology == GMC_ICNT_COST_RING ? " (3/5 of the mesh's 20 and 5)" : "",
           "scheme", "icnt stored", "icnt compared", "DRAM sched. compared");
    printf("  %-22s %14d %16d %22llu   M*Q*(lR + log2 nB)\n", "FR-FCFS", 0, 0, sf);
    printf("  %-22s %14d %16d %22llu   M*(nB*lR + log2 nB)\n", "BFIFO", 0, 0, sb);
    printf("  %-22s %14llu %16llu %22llu   stored %s, compared %s\n", row, (unsigned long long)c.bits_stored,
           (unsigned long long)c.bits_compared, sb, icnt_formula(&p, 1), icnt_formula(&p, 0));
    if (in_table && (t_st != c.bits_stored || t_cmp != c.bits_compared))
        printf("  Table 1 prints %llu stored and %llu compared for this row: its formulas give %llu and %llu "
               "(taken here)\n", (unsigned long long)t_st, (unsigned long long)t_cmp,
               (unsigned long long)c.bits_stored, (unsigned long long)c.bits_compared);
    else if (in_table)
        printf("  Table 1 prints the same: %llu stored, %llu compared\n", (unsigned long long)t_st,
               (unsigned long long)t_cmp);
    if (in_table)
        printf("  Table 1's DRAM-scheduler column is 0 for the BFIFO rows; sec. 3.4's text gives the banked FIFO's "
               "%llu (shown)\n", sb);
    if (rtl_ok) {
        printf("  allocator: gmc_hgalloc %s, %u x %u, x %llu:\n    %llu flip-flops each (its state bits; make "
               "synth-hgalloc checks Yosys's FF against them)", r.name, r.ni, r.no, (unsigned long long)r.instances,
               (unsigned long long)r.flip_flops);
        if (r.cells >= 0)
            printf(", %lld Yosys cells each (measured, make synth-hgalloc)\n", (long long)r.cells);
        else
            printf("; Yosys cells not measured for this configuration\n");
    } else
        printf("  allocator: no gmc_hgalloc configuration (%s)\n", rerr);
    return 0;
}

static int pcmwq(int argc, char **argv)
{
    gmc_pcmwq_params_t p;
    gmc_pcmwq_params_default(&p);
    const numopt_t o[] = {
        {"--entries", &p.entries, NULL, NULL}, {"--addr-bits", &p.addr_bits, NULL, NULL},
        {"--tag-bits", &p.tag_bits, NULL, NULL}, {"--high", &p.high, NULL, NULL},
        {"--low", &p.low, NULL, NULL},         {"--intr", &p.intr, NULL, NULL},
        {"--max-intr", &p.max_intr, NULL, NULL},
    };
    int json = 0, rc = parse("pcmwq", argc, argv, o, sizeof o / sizeof o[0], &json);
    if (rc)
        return rc < 0 ? 0 : rc;
    char err[256];
    if (gmc_pcmwq_params_check(&p, err, sizeof err))   /* --entries given, H <= N, L < H */
        return cli_usage_error(CMD, "%s", err);
    gmc_pcmwq_cost_t c;
    gmc_pcmwq_cost(&p, &c);
    const gmc_pcmwq_cfg_t *k = &c.cfg;
    static const char *const mode[] = {"none", "cancel", "pause"};
    if (json) {
        printf("{\n  \"scheme\": \"pcmwq\",\n  \"params\": {\"entries\": %u, \"addr_bits\": %u, \"tag_bits\": %u, "
               "\"high\": %u, \"low\": %u, \"intr\": \"%s\", \"max_intr\": %u},\n"
               "  \"entry_bits\": %llu,\n  \"control\": {\"head\": %llu, \"count\": %llu, \"flags\": %llu, "
               "\"intr_counter\": %llu},\n  \"total_bits\": %llu,\n  \"total_bytes\": %llu,\n"
               "  \"comparators\": %llu,\n  \"comparator_bits\": %u,\n  \"bits_compared\": %llu,\n"
               "  \"rtl\": {\"module\": \"rtl/gmc_pcmwq.sv\", \"params\": {\"Entries\": %u, \"AddrBits\": %u, "
               "\"VerBits\": %u, \"HighWm\": %u, \"LowWm\": %u, \"IntrMode\": %u, \"MaxIntr\": %u}, "
               "\"flip_flops\": %llu, \"checked_by\": \"make synth-pcmwq\"}\n}\n",
               k->n, k->aw, k->vw, k->high, k->low, mode[k->mode], k->kmax, (unsigned long long)c.entry_bits,
               (unsigned long long)c.head_bits, (unsigned long long)c.count_bits, (unsigned long long)c.flag_bits,
               (unsigned long long)c.counter_bits, (unsigned long long)c.total_bits,
               (unsigned long long)c.total_bytes, (unsigned long long)c.comparators, k->aw,
               (unsigned long long)c.bits_compared, k->n, k->aw, k->vw, k->high, k->low, k->mode, k->kmax,
               (unsigned long long)c.total_bits);
        return 0;
    }
    printf("PCM write queue (rtl/gmc_pcmwq.sv), N=%u A=%u T=%u, drain from %u entries down to %u, interruption %s%s\n"
           "  entries    N*(A+T)            = %llu bits\n"
           "  control    head %llu + count %llu + flags %llu (busy, redo, paused, drain mode) + interruption counter %llu = %llu bits\n"
           "  total      %llu bits = %llu bytes  (the RTL's flip-flops; make synth-pcmwq checks them against Yosys)\n"
           "  comparators 2N = %llu of %u bits (the write's and the read's address against every entry)"
           " = %llu bits compared per cycle\n",
           k->n, k->aw, k->vw, k->high, k->low, mode[k->mode],
           k->mode ? (k->kmax ? "" : ", no limit") : "", (unsigned long long)c.entry_bits,
           (unsigned long long)c.head_bits, (unsigned long long)c.count_bits, (unsigned long long)c.flag_bits,
           (unsigned long long)c.counter_bits, (unsigned long long)(c.total_bits - c.entry_bits),
           (unsigned long long)c.total_bits, (unsigned long long)c.total_bytes,
           (unsigned long long)c.comparators, k->aw, (unsigned long long)c.bits_compared);
    return 0;
}

/* Thread batching's schemes: parts of entries x bits, the parameters as
 * the options name them. */
static void parts_print(const gmc_parts_cost_t *c, const char *title, const numopt_t *o, size_t no, int json)
{
    if (json) {
        printf("{\n  \"scheme\": \"%s\",\n  \"params\": {", c->scheme);
        for (size_t i = 0; i < no; i++) {
            printf("%s\"", i ? ", " : "");
            for (const char *q = o[i].opt + 2; *q; q++)
                putchar(*q == '-' ? '_' : *q);
            printf("\": %u", *o[i].u);
        }
        printf("},\n  \"parts\": {\n");
        for (unsigned i = 0; i < c->n; i++)
            printf("    \"%s\": {\"entry_bits\": %llu, \"entries\": %llu, \"bits\": %llu}%s\n", c->t[i].name,
                   (unsigned long long)c->t[i].entry_bits, (unsigned long long)c->t[i].entries,
                   (unsigned long long)c->t[i].bits, i + 1 < c->n ? "," : "");
        printf("  },\n  \"total_bits\": %llu,\n  \"total_bytes\": %llu\n}\n",
               (unsigned long long)c->total_bits, (unsigned long long)c->total_bytes);
        return;
    }
    printf("%s,", title);
    for (size_t i = 0; i < no; i++)
        printf(" %s %u", o[i].opt + 2, *o[i].u);
    printf("\n  %-16s %12s %10s %10s\n", "", "entry bits", "entries", "bits");
    for (unsigned i = 0; i < c->n; i++)
        printf("  %-16s %12llu %10llu %10llu\n", c->t[i].name, (unsigned long long)c->t[i].entry_bits,
               (unsigned long long)c->t[i].entries, (unsigned long long)c->t[i].bits);
    printf("  total %llu bits = %llu bytes\n", (unsigned long long)c->total_bits,
           (unsigned long long)c->total_bytes);
}

/* One of thread batching's schemes: its options over *p (its defaults),
 * checked and priced by the library. */
static int parts_scheme(int argc, char **argv, const char *scheme, const char *title, const numopt_t *o,
                        size_t no, const void *p)
{
    int json = 0, rc = parse(scheme, argc, argv, o, no, &json);
    if (rc)
        return rc < 0 ? 0 : rc;
    char err[256];
    gmc_parts_cost_t c;
    if (gmc_parts_cost(scheme, p, &c, err, sizeof err))   /* CCWS: the line against the address */
        return cli_usage_error(CMD, "%s", err);
    parts_print(&c, title, o, no, json);
    return 0;
}

static int ccws(int argc, char **argv)
{
    gmc_ccws_params_t p;
    gmc_ccws_params_default(&p);
    const numopt_t o[] = {
        {"--warps", &p.warps, NULL, NULL}, {"--vta", &p.vta, NULL, NULL}, {"--k", &p.k, NULL, NULL},
        {"--addr-bits", &p.addr_bits, NULL, NULL}, {"--line-bytes", &p.line_bytes, NULL, NULL},
        {"--counter-bits", &p.counter_bits, NULL, NULL},
    };
    return parts_scheme(argc, argv, "ccws", "CCWS storage per SM (Rogers et al. [MICRO'12] as gmc_wsched_ccws.c "
                        "keeps it)", o, sizeof o / sizeof o[0], &p);
}

static int tbas(int argc, char **argv)
{
    gmc_tbas_params_t p;
    gmc_tbas_params_default(&p);
    const numopt_t o[] = {
        {"--warps", &p.warps, NULL, NULL}, {"--batches", &p.batches, NULL, NULL},
        {"--ctas", &p.ctas, NULL, NULL}, {"--batch-bits", &p.batch_bits, NULL, NULL},
    };
    return parts_scheme(argc, argv, "tbas", "TBAS storage per SM (TEMP [JETC'19] sec. 4 as gmc_wsched_tbas.c "
                        "keeps it)", o, sizeof o / sizeof o[0], &p);
}

static int temp(int argc, char **argv)
{
    gmc_temp_params_t p;
    gmc_temp_params_default(&p);
    const numopt_t o[] = {
        {"--sms", &p.sms, NULL, NULL}, {"--colors", &p.colors, NULL, NULL},
        {"--cta-bits", &p.cta_bits, NULL, NULL}, {"--ppn-bits", &p.ppn_bits, NULL, NULL},
    };
    return parts_scheme(argc, argv, "temp", "TEMP storage per GPU: serial dispatch queues (sec. 3.2) and page "
                        "coloring (gmc_color.c)", o, sizeof o / sizeof o[0], &p);
}

int cmd_overhead(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    if (!strcmp(argv[1], "warped-mc"))
        return warped_mc(argc - 1, argv + 1);
    if (!strcmp(argv[1], "frfcfs"))
        return frfcfs(argc - 1, argv + 1);
    if (!strcmp(argv[1], "icnt"))
        return icnt(argc - 1, argv + 1);
    if (!strcmp(argv[1], "pcmwq"))
        return pcmwq(argc - 1, argv + 1);
    if (!strcmp(argv[1], "ccws"))
        return ccws(argc - 1, argv + 1);
    if (!strcmp(argv[1], "tbas"))
        return tbas(argc - 1, argv + 1);
    if (!strcmp(argv[1], "temp"))
        return temp(argc - 1, argv + 1);
    return cli_usage_error(CMD, "unknown scheme '%s' (expected warped-mc, frfcfs, icnt, pcmwq, ccws, tbas or temp)",
                           argv[1]);
}
