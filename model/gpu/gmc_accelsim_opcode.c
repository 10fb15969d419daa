/* gmc_accelsim_opcode: SASS opcode -> gmc_op_t, ALU latency and width.
 *
 * The table is keyed by the opcode's base name (before the first '.'),
 * as Accel-Sim's own opcode maps are (gpu-simulator/ISA_Def/<arch>_opcode.h:
 * ampere_opcode.h, hopper_opcode.h, plus the Maxwell/Pascal/Volta names of
 * pascal_opcode.h and volta_opcode.h), with their execution-unit classes.
 * An ALU class is a functional-unit class (gmc_unit_t): the instruction
 * takes its latency and initiation interval from the machine's keys of
 * that class (Accel-Sim's trace.config, gmc_machine_traceconfig.c), so the
 * table gives no latency.  Accel-Sim's specialized units 1, 2 and 4 are
 * the BRANCH, TEX and UDP classes (its trace.config names them BRA, TEX,
 * UDP); tensor opcodes are its unit 3.
 * gmc's own choices where Accel-Sim has none or differs: the Hopper
 * warpgroup MMAs (HGMMA, ...) are tensor instructions (Accel-Sim treats
 * them as NOPs); KILL is a branch (Accel-Sim puts it on unit 3); NOP takes
 * no unit and the machine's alu_lat (Accel-Sim's ALU_OP: an integer unit),
 * the one opcode of the table for gmc's GMC_UNIT_NONE, so that an exported
 * synthetic workload (gmc_accelsim_write.c) reads back as it was.
 * The table must stay sorted (strcmp order): lookups are binary searches,
 * and a unit test checks the order. */
#include <string.h>
#include "gpu/gmc_accelsim_impl.h"
#include "util/gmc_num.h"

enum { C_NONE, C_INT, C_SP, C_DP, C_SFU, C_TENSOR, C_BRANCH, C_TEX, C_UDP,
       C_LD, C_GLD, C_ST, C_GST, C_ATOM, C_SHMEM, C_BAR, C_EXIT, C_N };

static const as_opinfo_t class_info[C_N] = {
    [C_NONE]   = {GMC_OP_ALU, 0, 0, 1, GMC_UNIT_NONE},
    [C_INT]    = {GMC_OP_ALU, 0, 0, 1, GMC_UNIT_INT},
    [C_SP]     = {GMC_OP_ALU, 0, 0, 1, GMC_UNIT_SP},
    [C_DP]     = {GMC_OP_ALU, 0, 0, 1, GMC_UNIT_DP},
    [C_SFU]    = {GMC_OP_ALU, 0, 0, 1, GMC_UNIT_SFU},
    [C_TENSOR] = {GMC_OP_ALU, 0, 0, 1, GMC_UNIT_TENSOR},
    [C_BRANCH] = {GMC_OP_ALU, 0, 0, 1, GMC_UNIT_BRANCH},
    [C_TEX]    = {GMC_OP_ALU, 0, 0, 1, GMC_UNIT_TEX},
    [C_UDP]    = {GMC_OP_ALU, 0, 0, 1, GMC_UNIT_UDP},
    [C_LD]     = {GMC_OP_LD, 0, 0, 1},
    [C_GLD]    = {GMC_OP_LD, 0, AS_OPF_GENERIC, 1},
    [C_ST]     = {GMC_OP_ST, 0, 0, 1},
    [C_GST]    = {GMC_OP_ST, 0, AS_OPF_GENERIC, 1},
    [C_ATOM]   = {GMC_OP_ATOM, 0, 0, 1},
    [C_SHMEM]  = {GMC_OP_SHMEM, 0, 0, 1},
    [C_BAR]    = {GMC_OP_BAR, 0, 0, 1},
    [C_EXIT]   = {GMC_OP_EXIT, 0, AS_OPF_EXIT, 1},
};

typedef struct { const char *name; uint8_t cls; } entry_t;

/* LD and LDGSTS are generic (LDGSTS's traced address is normally the
 * global one: Accel-Sim's post-processing drops the shared-side line);
 * LDG/LDL, STG/STL go through L1; ATOM/ATOMG/RED are done at L2. */
static const entry_t table[] = {
    {"ARRIVES", C_INT}, {"ATOM", C_ATOM}, {"ATOMG", C_ATOM},
    {"ATOMS", C_SHMEM}, {"B2R", C_INT}, {"BAR", C_BAR},
    {"BFE", C_INT}, {"BFI", C_INT}, {"BGMMA", C_TENSOR},
    {"BMMA", C_TENSOR}, {"BMOV", C_BRANCH}, {"BMSK", C_INT},
    {"BPT", C_BRANCH}, {"BRA", C_BRANCH}, {"BREAK", C_BRANCH},
    {"BREV", C_INT}, {"BRK", C_BRANCH}, {"BRX", C_BRANCH},
    {"BRXU", C_BRANCH}, {"BSSY", C_BRANCH}, {"BSYNC", C_BRANCH},
    {"CAL", C_BRANCH}, {"CALL", C_BRANCH}, {"CCTL", C_INT},
    {"CCTLL", C_INT}, {"CCTLT", C_INT}, {"CGAERRBAR", C_INT},
    {"CONT", C_BRANCH}, {"CS2R", C_INT}, {"CSET", C_INT},
    {"CSETP", C_INT}, {"CSMTEST", C_INT}, {"DADD", C_DP},
    {"DEPBAR", C_INT}, {"DFMA", C_DP}, {"DMMA", C_TENSOR},
    {"DMNMX", C_DP}, {"DMUL", C_DP}, {"DSET", C_DP},
    {"DSETP", C_DP}, {"ELECT", C_BRANCH}, {"ERRBAR", C_INT},
    {"EXIT", C_EXIT}, {"F2F", C_INT}, {"F2FP", C_INT},
    {"F2I", C_INT}, {"F2IP", C_INT}, {"FADD", C_SP},
    {"FADD32I", C_SP}, {"FCHK", C_SP}, {"FCMP", C_SP},
    {"FENCE", C_INT}, {"FFMA", C_SP}, {"FFMA32I", C_SP},
    {"FLO", C_INT}, {"FMNMX", C_SP}, {"FMNMX3", C_SP},
    {"FMUL", C_SP}, {"FMUL32I", C_SP}, {"FRND", C_INT},
    {"FSEL", C_SP}, {"FSET", C_SP}, {"FSETP", C_SP},
    {"FSWZADD", C_SP}, {"GETLMEMBASE", C_INT}, {"HADD2", C_SP},
    {"HADD2_32I", C_SP}, {"HFMA2", C_SP}, {"HFMA2_32I", C_SP},
    {"HGMMA", C_TENSOR}, {"HMMA", C_TENSOR}, {"HMNMX2", C_SP},
    {"HMUL2", C_SP}, {"HMUL2_32I", C_SP}, {"HSET2", C_SP},
    {"HSETP2", C_SP}, {"I2F", C_INT}, {"I2FP", C_INT},
    {"I2I", C_INT}, {"I2IP", C_INT}, {"IABS", C_INT},
    {"IADD", C_INT}, {"IADD3", C_INT}, {"IADD32I", C_INT},
    {"ICMP", C_INT}, {"IDP", C_INT}, {"IDP4A", C_INT},
    {"IGMMA", C_TENSOR}, {"IMAD", C_INT}, {"IMADSP", C_INT},
    {"IMMA", C_TENSOR}, {"IMNMX", C_INT}, {"IMUL", C_INT},
    {"IMUL32I", C_INT}, {"ISCADD", C_INT}, {"ISCADD32I", C_INT},
    {"ISET", C_INT}, {"ISETP", C_INT}, {"JCAL", C_BRANCH},
    {"JMP", C_BRANCH}, {"JMX", C_BRANCH}, {"JMXU", C_BRANCH},
    {"KILL", C_BRANCH}, {"LD", C_GLD}, {"LDC", C_INT},
    {"LDG", C_LD}, {"LDGDEPBAR", C_INT}, {"LDGSTS", C_GLD},
    {"LDL", C_LD}, {"LDS", C_SHMEM}, {"LDSM", C_SHMEM},
    {"LEA", C_INT}, {"LEPC", C_INT}, {"LOP", C_INT},
    {"LOP3", C_INT}, {"LOP32I", C_INT}, {"MATCH", C_INT},
    {"MEMBAR", C_INT}, {"MOV", C_INT}, {"MOV32I", C_INT},
    {"MOVM", C_INT}, {"MUFU", C_SFU}, {"NANOSLEEP", C_BRANCH},
    {"NOP", C_NONE}, {"P2R", C_INT}, {"PBK", C_BRANCH},
    {"PCNT", C_BRANCH}, {"PEXIT", C_BRANCH}, {"PLOP3", C_INT},
    {"PMTRIG", C_INT}, {"POPC", C_INT}, {"PRET", C_BRANCH},
    {"PRMT", C_INT}, {"PSET", C_INT}, {"PSETP", C_INT},
    {"QGMMA", C_TENSOR}, {"QSPC", C_INT}, {"R2B", C_INT},
    {"R2P", C_INT}, {"R2UR", C_UDP}, {"RED", C_ATOM},
    {"REDUX", C_UDP}, {"RET", C_EXIT}, {"RPCMOV", C_BRANCH},
    {"RTT", C_BRANCH}, {"S2R", C_INT}, {"S2UR", C_UDP},
    {"SEL", C_INT}, {"SETCTAID", C_INT}, {"SETLMEMBASE", C_INT},
    {"SGXT", C_INT}, {"SHF", C_INT}, {"SHFL", C_INT},
    {"SHL", C_INT}, {"SHR", C_INT}, {"SSY", C_BRANCH},
    {"ST", C_GST}, {"STG", C_ST}, {"STL", C_ST},
    {"STS", C_SHMEM}, {"STSM", C_SHMEM}, {"SUATOM", C_INT},
    {"SULD", C_INT}, {"SUQUERY", C_INT}, {"SURED", C_INT},
    {"SUST", C_INT}, {"SYNC", C_BRANCH}, {"SYNCS", C_INT},
    {"TEX", C_TEX}, {"TEXS", C_TEX}, {"TLD", C_TEX},
    {"TLD4", C_TEX}, {"TLD4S", C_TEX}, {"TLDS", C_TEX},
    {"TMML", C_TEX}, {"TXD", C_TEX}, {"TXQ", C_TEX},
    {"UBMSK", C_UDP}, {"UBREV", C_UDP}, {"UCGABAR_ARV", C_INT},
    {"UCGABAR_WAIT", C_INT}, {"UCLEA", C_UDP}, {"UF2FP", C_UDP},
    {"UFLO", C_UDP}, {"UIADD3", C_UDP}, {"UIMAD", C_UDP},
    {"UISETP", C_UDP}, {"ULDC", C_UDP}, {"ULEA", C_UDP},
    {"ULOP", C_UDP}, {"ULOP3", C_UDP}, {"ULOP32I", C_UDP},
    {"UMOV", C_UDP}, {"UP2UR", C_UDP}, {"UPLOP3", C_UDP},
    {"UPOPC", C_UDP}, {"UPRMT", C_UDP}, {"UPSETP", C_UDP},
    {"UR2UP", C_UDP}, {"USEL", C_UDP}, {"USETMAXREG", C_INT},
    {"USGXT", C_UDP}, {"USHF", C_UDP}, {"USHL", C_UDP},
    {"USHR", C_UDP}, {"VABSDIFF", C_INT}, {"VABSDIFF4", C_INT},
    {"VADD", C_INT}, {"VIADD", C_INT}, {"VIADDMNMX", C_INT},
    {"VIMNMX", C_INT}, {"VIMNMX3", C_INT}, {"VMAD", C_INT},
    {"VMNMX", C_INT}, {"VOTE", C_INT}, {"VOTEU", C_UDP},
    {"VOTE_VTG", C_INT}, {"VSET", C_INT}, {"VSETP", C_INT},
    {"VSHL", C_INT}, {"VSHR", C_INT}, {"WARPGROUP", C_INT},
    {"WARPSYNC", C_BRANCH}, {"XMAD", C_INT}, {"YIELD", C_BRANCH},
};
#define NTABLE (sizeof table / sizeof table[0])

/* strcmp of a NUL-terminated name against (s, len) */
static int cmp_name(const char *name, const char *s, size_t len)
{
    int c = strncmp(name, s, len);
    if (c)
        return c;
    return name[len] != 0;   /* name longer: name > s */
}

size_t as_opcode_base_len(const char *opcode, size_t len)
{
    const char *dot = memchr(opcode, '.', len);
    return dot ? (size_t)(dot - opcode) : len;
}

as_opinfo_t as_opcode_lookup(const char *opcode, size_t len)
{
    size_t bl = as_opcode_base_len(opcode, len), lo = 0, hi = NTABLE;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int c = cmp_name(table[mid].name, opcode, bl);
        if (c == 0)
            return class_info[table[mid].cls];
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    as_opinfo_t unknown = {GMC_OP_ALU, 0, 0, 0, GMC_UNIT_NONE};
    return unknown;
}

int as_opcode_table_sorted(void)
{
    for (size_t i = 1; i < NTABLE; i++)
        if (strcmp(table[i - 1].name, table[i].name) >= 0)
            return 0;
    return 1;
}

/* As Accel-Sim's get_datawidth_from_opcode (trace_parser.cc, also used by
 * its tracer to write the width field): the first modifier that is a bit
 * count -- "64", or "U16" -- gives bits / 8; none gives 4 bytes.  gmc also
 * reads a signed "S16" / "S8" (Accel-Sim gives those 4).  Clamped to the
 * 1..16 bytes gmc_inst_t.width holds. */
unsigned as_opcode_width(const char *opcode, size_t len)
{
    size_t i = as_opcode_base_len(opcode, len);
    while (i < len) {
        size_t b = ++i;   /* past the '.' */
        while (i < len && opcode[i] != '.')
            i++;
        const char *t = opcode + b;
        size_t tl = i - b;
        if (tl > 0 && (t[0] == 'U' || t[0] == 'S')) {
            t++;
            tl--;
        }
        uint64_t bits;
        if (tl > 0 && gmc_num_u64(t, tl, GMC_NUM_DEC, 1u << 20, &bits) == 0) {
            uint64_t w = bits / 8;
            return w < 1 ? 1 : w > 16 ? 16 : (unsigned)w;
        }
    }
    return 4;
}
