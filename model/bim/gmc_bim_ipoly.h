/* gmc_bim_ipoly: GPGPU-Sim's IPoly memory-partition hash
 * (-gpgpu_memory_partition_indexing 2) as a binary invertible matrix.
 *
 * GPGPU-Sim (addrdec.cc addrdec_tlx, hashing.cc ipoly_hash_function) forms
 * a sub-partition index s = chip * S + (bank & (S - 1)) for S sub-partitions
 * per channel, XORs into each bit j of s the parity of a fixed set of bits of
 * h = addr >> (N + log2 channels + log2 S) (N: dramid@N), and takes the
 * channel as s / S.  With a power-of-two channel count the chip bits are
 * address bits N .. N + log2 channels - 1, so each channel bit is itself
 * XOR the parity of higher address bits: a BIM whose rows are the identity
 * but for the channel bits'.  The equations are the irreducible-polynomial
 * ones of Rau's pseudo-randomly interleaved memory [ISCA'91], for 16, 32
 * and 64 sub-partitions in all (GPGPU-Sim supports no others).
 *
 * The matrix covers the channel; the sub-partition bits below the
 * channel's pick GPGPU-Sim's L2 slice, which gmc_gpu_slice_of hashes with
 * the same equations (gmc_ipoly_feed) when the machine's l2_slice_bank is
 * 1. */
#ifndef GMC_BIM_IPOLY_H
#define GMC_BIM_IPOLY_H
#include <stddef.h>
#include "bim/gmc_gf2.h"
#ifdef __cplusplus
extern "C" {
#endif

/* Bits of h that feed sub-partition index bit j, for `sets` = 16, 32 or 64
 * sub-partitions in all (j < log2 sets); 0 for another count. */
uint64_t gmc_ipoly_feed(unsigned sets, unsigned j);

/* The matrix for an address of `width` bits whose channel bits are
 * chip_at .. chip_at + ch_bits - 1, with 2^sub_bits sub-partitions per
 * channel.  Bits of h at or above `width` are dropped (the map masks them
 * off anyway).  -1 and a message if 2^(ch_bits + sub_bits) is not 16, 32
 * or 64, or the channel bits do not fit the width. */
int gmc_bim_ipoly(unsigned width, unsigned chip_at, unsigned ch_bits, unsigned sub_bits,
                  gmc_gf2_t *out, char *err, size_t n);

#ifdef __cplusplus
}
#endif
#endif
