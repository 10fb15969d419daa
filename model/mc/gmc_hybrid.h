/* gmc_hybrid: a hybrid global memory -- two memories (a GDDR and a PCM,
 * say) behind one memory system, each on its own channels with its own
 * device and controller policy -- and the placement of pages across them
 * (docs/pcm.md "Hybrid memory").
 *
 * Channels: memory 0 has channels [0, n0) (gmc_memsys_cfg_t.dram,
 * .channels, .mc), memory 1 the next n1 (gmc_hybrid_cfg_t.dram, .channels,
 * .mc).  Separate channels, as the thesis's GPUHM-Sim plugs one memory
 * model per memory controller (Carpenter, sec. 3.3.1, Fig. 3.4).
 *
 * Placement of an address (after the BIM):
 *   channel      the global map's channel decides (a static split of the
 *                address space, no page table): channels >= n0 are memory 1;
 *   ratio        a share a/b of the pages goes to memory 1: in each block of
 *                b pages, after a seeded rotation of the block, the pages q
 *                with floor((q+1)a/b) > floor(qa/b) (spread evenly);
 *   bw-aware     ratio with a/b = memory 1's peak bandwidth over both
 *                (Agarwal et al., ASPLOS 2015: pages in proportion to each
 *                memory's bandwidth);
 *   write-aware  the pages listed (the rarely written ones of a profile of
 *                the run: an oracle) go to memory 1, all others to memory 0.
 * In the page modes a page's place in its memory is dense: memory m's k-th
 * page is its local page k, and the local address (local page, offset in
 * the page) is decoded by memory m's own map (derived from its device and
 * channel count, gmc_memsys_default_map).  No two pages share a location. */
#ifndef GMC_HYBRID_H
#define GMC_HYBRID_H
#include <stddef.h>
#include <stdint.h>
#include "mc/gmc_mc_cfg.h"
#include "mem/gmc_dram_cfg.h"
#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    GMC_PLACE_CHANNEL = 0,
    GMC_PLACE_RATIO,
    GMC_PLACE_BW_AWARE,
    GMC_PLACE_WRITE_AWARE,
    GMC_PLACE_N
} gmc_place_t;

/* "channel", "ratio", "bw-aware", "write-aware" */
const char *gmc_place_name(gmc_place_t p);
/* 0, or -1 with err ("expected channel, ratio, bw-aware or write-aware, found 'x'"). */
int gmc_place_parse(const char *s, gmc_place_t *p, char *err, size_t n);

/* Memory 1's share of the pages, "A/B" (0 <= A <= B <= GMC_HYBRID_DEN_MAX,
 * B >= 1) or a decimal with 1-3 places ("0.25" = 25/100; a machine key
 * cannot hold a '/'), into *a, *b: 0, or -1 with err ("expected ...,
 * found 'x'"). */
int gmc_hybrid_share_parse(const char *s, uint32_t *a, uint32_t *b, char *err, size_t n);

#define GMC_HYBRID_PAGE_MIN_BITS 8    /* 256 B */
#define GMC_HYBRID_PAGE_MAX_BITS 30   /* 1 GiB */
#define GMC_HYBRID_DEN_MAX       4096 /* a share's denominator (bw-aware rounds to it) */

typedef struct gmc_hybrid_cfg {
    gmc_dram_cfg_t      dram;        /* memory 1's device (its `channels` is not read) */
    unsigned            channels;    /* memory 1's channels, >= 1, after memory 0's */
    const gmc_mc_cfg_t *mc;          /* memory 1's controller; NULL = gmc_memsys_cfg_t.mc */
    gmc_place_t         placement;
    unsigned            page_bits;   /* a page is 2^page_bits bytes (page modes) */
    uint32_t            share_num, share_den;  /* ratio: memory 1's share of the pages */
    uint64_t            seed;        /* ratio, bw-aware: the blocks' rotations */
    const uint64_t     *pages;       /* write-aware: memory 1's pages, strictly ascending
                                        (copied by gmc_memsys_new) */
    size_t              npages;
    int                 profile;     /* 1: count each page's requests (gmc_memsys_page_profile) */
} gmc_hybrid_cfg_t;

/* The placement alone (the memory system holds one): pure, no allocation
 * after init. */
typedef struct {
    gmc_place_t placement;
    unsigned    page_bits;
    uint32_t    a, b;          /* memory 1's share a/b (ratio, bw-aware), reduced */
    uint64_t    seed;
    uint64_t   *pages;         /* write-aware, ascending */
    size_t      npages;
} gmc_hybrid_place_t;

/* bw-aware's share of memory 1: n1 * bw1 / (n0 * bw0 + n1 * bw1), a
 * channel's peak bandwidth being bus_width * data_rate bits per command
 * clock (the channels share the clock); reduced, and rounded to a
 * denominator of at most GMC_HYBRID_DEN_MAX if it is larger. */
void gmc_hybrid_bw_share(const gmc_dram_cfg_t *d0, unsigned n0, const gmc_dram_cfg_t *d1,
                         unsigned n1, uint32_t *a, uint32_t *b);
/* From the cfg (bw-aware's share from d0, n0 and cfg's device): 0, or -1
 * with err (page size, share, page list). */
int  gmc_hybrid_place_init(gmc_hybrid_place_t *p, const gmc_hybrid_cfg_t *cfg,
                           const gmc_dram_cfg_t *d0, unsigned n0, char *err, size_t n);
void gmc_hybrid_place_free(gmc_hybrid_place_t *p);
/* Page mode: the memory of page `page` (0 or 1) and its page number there. */
unsigned gmc_hybrid_page(const gmc_hybrid_place_t *p, uint64_t page, uint64_t *local);

/* The whole system's map for the channel placement (n0 + n1 channels):
 * gmc_memsys_default_map of the device with fewer banks (memory 0 on a
 * tie), with the rows and columns of the smaller device, so that it fits
 * both.  0, or -1 with err. */
int gmc_hybrid_default_map(const gmc_dram_cfg_t *d0, unsigned n0, const gmc_dram_cfg_t *d1,
                           unsigned n1, char *spec, size_t sn, char *err, size_t n);

/* A write profile: per page, the requests the memory system accepted. */
typedef struct {
    uint64_t page, reads, writes;
} gmc_hybrid_page_count_t;
/* write-aware's rule: the pages with at most max_writes writes, ascending,
 * into *out (malloc'd, the caller frees; NULL when none): their count. */
size_t gmc_hybrid_rarely_written(const gmc_hybrid_page_count_t *c, size_t n, uint64_t max_writes,
                                 uint64_t **out);

#ifdef __cplusplus
}
#endif
#endif
