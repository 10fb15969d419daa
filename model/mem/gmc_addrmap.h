/* gmc_addrmap: a DRAM address map as data.
 *
 * A map names, for every physical address bit, the DRAM field it feeds
 * (block offset, column, channel, bank, row) and which bit of that field.
 * Written MSB first like PAE [ISCA'18] Fig. 4:
 *     "Row[29:18] Bank[17:15] Col[14:11] Bank[10] Ch[9:8] Col[7:6] Block[5:0]"
 * Slices of one field concatenate in the order written: the slice written
 * first (higher address bits) holds the field's higher bits, so above
 * Bank = {addr[17:15], addr[10]} and Col = {addr[14:11], addr[7:6]}.
 *
 * A channel count that is not a power of two has no channel bits:
 * "Ch%24@8" takes the channel as (addr >> 8) mod 24 and replaces the bits
 * from 8 up by (addr >> 8) / 24 before the slices are read, as GPGPU-Sim
 * does for dramid@8 with 24 channels (addrdec.cc, the "gap" case).  The
 * slices then describe that rest address, which has no Ch slice:
 *     "Row[28:13] Bank[12:11] Col[10:8] Ch%24@8 Col[7:5] Block[4:0]"
 *
 * Rank slices name a channel's rank.  A device numbers its banks rank by
 * rank (mem/gmc_dram_cfg.h), so the rank is the bank field's high part: the
 * Rank bits land in the bank field above every Bank bit the map names
 * (rank_at), and decoding costs nothing more.  A map without Rank slices
 * (every preset's) has rank_bits 0.  The memory system checks that the map's
 * Bank bits are a rank's (gmc_addrmap_ranks_fit):
 *     "Row[31:16] Rank[15] Bank[14:11] Col[10:6] Block[5:0]" */
#ifndef GMC_ADDRMAP_H
#define GMC_ADDRMAP_H
#include <stddef.h>
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    GMC_F_BLOCK = 0, GMC_F_COL, GMC_F_CH, GMC_F_BANK, GMC_F_ROW, GMC_F_N
} gmc_field_t;

#define GMC_ADDRMAP_MAX_SLICES 32

typedef struct {           /* one contiguous run of address bits */
    uint8_t field;         /* gmc_field_t */
    uint8_t lsb;           /* lowest address bit of the run */
    uint8_t len;           /* bits in the run */
    uint8_t dst;           /* field bit that receives address bit lsb */
    uint64_t mask;         /* (1 << len) - 1, kept: decode runs per request */
} gmc_addrmap_slice_t;

typedef struct {
    char     name[32];                /* preset name or "custom" */
    unsigned width;                   /* address bits, 1..64 (with ch_mod: the slices' bits
                                         + ceil(log2 ch_mod), which reach every channel) */
    unsigned ch_mod, ch_at;           /* ch_mod > 0: the channel is (addr >> ch_at) mod ch_mod
                                         (above), and field[], fbit[], fmask[] and the slices
                                         describe the rest address, rest_width bits */
    unsigned rest_width;              /* bits the slices name (= width without ch_mod) */
    uint8_t  field[64];               /* field[b]: field fed by address bit b */
    uint8_t  fbit[64];                /* fbit[b]: which bit of that field */
    unsigned fwidth[GMC_F_N];         /* bits per field (bank: its Rank bits too) */
    uint64_t fmask[GMC_F_N];          /* address bits belonging to a field */
    unsigned rank_at, rank_bits;      /* Rank slices: bank-field bits rank_at .. + rank_bits - 1
                                         (the slices of field bank with dst >= rank_at) */
    unsigned nslices;
    gmc_addrmap_slice_t slice[GMC_ADDRMAP_MAX_SLICES];
} gmc_addrmap_t;

typedef struct { uint64_t f[GMC_F_N]; } gmc_dramaddr_t;   /* indexed by field */

/* Parses a map written as above.  Field names (any case): row, rank, bank,
 * col or column, ch or channel, block or offset.  Whitespace or commas separate
 * slices, '#' starts a comment to the end of the line.  Every bit from 0 to
 * the highest one named must be named exactly once.  At most one
 * Ch%<1..4096>@<bit>, instead of Ch slices, with its bit at most the
 * highest one named + 1.  On error returns -1 and
 * writes "src:line: expected ..., found ..." into err. */
int  gmc_addrmap_parse(const char *text, const char *src, gmc_addrmap_t *m,
                       char *err, size_t n);
/* Reads and parses a map file. */
int  gmc_addrmap_load(const char *path, gmc_addrmap_t *m, char *err, size_t n);
/* Shipped presets: "gddr5-hynix", "gddr6-rtx2060s".  Returns -1 if unknown. */
int  gmc_addrmap_preset(const char *name, gmc_addrmap_t *m);
const char *gmc_addrmap_preset_name(unsigned i);   /* NULL past the end */
const char *gmc_addrmap_preset_spec(const char *name);
/* Writes the map back in the text form above (round-trips through parse);
 * a Ch%C@N goes before the first slice below bit N. */
void gmc_addrmap_format(const gmc_addrmap_t *m, char *buf, size_t n);

/* A map's Rank bits on a device of `ranks` ranks of rank_banks banks each:
 * none, or at most log2(ranks) of them above exactly log2(rank_banks) Bank
 * bits (else the rank would land inside the bank number).  0, or -1 with
 * "<pre>map NAME: expected ..., found ..." in err. */
int gmc_addrmap_ranks_fit(const gmc_addrmap_t *m, unsigned ranks, unsigned rank_banks,
                          const char *pre, char *err, size_t n);

void     gmc_addrmap_decode(const gmc_addrmap_t *m, uint64_t addr,
                            gmc_dramaddr_t *d);
uint64_t gmc_addrmap_encode(const gmc_addrmap_t *m, const gmc_dramaddr_t *d);

const char *gmc_field_name(gmc_field_t f);   /* "block", "col", ... */

#ifdef __cplusplus
}
#endif
#endif
