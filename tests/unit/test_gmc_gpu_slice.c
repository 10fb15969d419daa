/* The L2 slice of an address on a machine imported from a gpgpusim.config
 * (l2_slice_bank = 1): GPGPU-Sim's sub-partition, chip x S + (bank &
 * (S - 1)), IPoly-hashed as a whole under -gpgpu_memory_partition_indexing
 * 2 (addrdec.cc addrdec_tlx).  The reference below decodes GPGPU-Sim's map
 * string itself (bit masks and packbits, dramid@N's inserted channel bits)
 * and hashes the whole index as ipoly_hash_function does; gmc goes through
 * its imported map, the IPoly BIM on the channel and gmc_gpu_slice_of. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "bim/gmc_bim_ipoly.h"
#include "gpu/gmc_gpu_impl.h"
#include "gpu/gmc_machine_gpgpusim.h"
#include "mem/gmc_addrmap.h"
#include "test_gpu.h"
#include "test_util.h"

#define GMC_TEST_DATA "tests/data/"   /* the tests run from the repository root */

/* GPGPU-Sim's decode of one address, from the map string (dramid@N;...). */
typedef struct { unsigned chip_at, ch_bits, sub_bits; uint64_t bmask; } ref_t;

static void ref_parse(const char *s, unsigned channels, unsigned sub, ref_t *r)
{
    memset(r, 0, sizeof *r);
    assert_int_equal(sscanf(s, "dramid@%u;", &r->chip_at), 1);
    s = strchr(s, ';') + 1;
    int ofs = 63;
    for (; *s; s++) {
        if (*s == '.' || *s == '|' || *s == ' ')
            continue;
        if (*s == 'B')
            r->bmask |= 1ull << ofs;
        ofs--;
    }
    assert_int_equal(ofs, -1);
    while ((1u << r->ch_bits) < channels)
        r->ch_bits++;
    while ((1u << r->sub_bits) < sub)
        r->sub_bits++;
    /* addrdec.cc init(): the channel bits go in at chip_at, every bit from
     * there up moves ch_bits places up */
    uint64_t lo = r->bmask & ((1ull << r->chip_at) - 1), hi = r->bmask & ~((1ull << r->chip_at) - 1);
    r->bmask = lo | (hi << r->ch_bits);
}

static unsigned packbits(uint64_t mask, uint64_t v)
{
    unsigned out = 0, k = 0;
    for (unsigned i = 0; i < 64; i++)
        if (mask >> i & 1)
            out |= (unsigned)((v >> i) & 1) << k++;
    return out;
}

static unsigned ref_sub_partition(const ref_t *r, uint64_t a, int ipoly)
{
    unsigned chip = (unsigned)((a >> r->chip_at) & ((1u << r->ch_bits) - 1));
    unsigned S = 1u << r->sub_bits, bk = packbits(r->bmask, a);
    unsigned s = chip * S + (bk & (S - 1));
    if (!ipoly)
        return s;
    unsigned sets = 1u << (r->ch_bits + r->sub_bits);
    uint64_t h = a >> (r->chip_at + r->ch_bits + r->sub_bits);
    for (unsigned j = 0; j < r->ch_bits + r->sub_bits; j++)   /* n[j] = parity(a-bits) ^ b[j] */
        s ^= (unsigned)__builtin_parityll(gmc_ipoly_feed(sets, j) & h) << j;
    return s;
}

/* One config text: gmc's slice against the reference on random addresses. */
static unsigned check_config(const char *text, const char *map_string, unsigned channels,
                             unsigned sub, int ipoly, uint64_t seed)
{
    char err[1024], warn[8192], map[512];
    gmc_machine_t base;
    gmc_gpu_cfg_t c;
    gmc_dram_cfg_t dram;
    gmc_machine_import_t info;
    memset(&c, 0, sizeof c);
    assert_int_equal(gmc_machine_preset("rtx2060s", &base, err, sizeof err), 0);
    if (gmc_machine_gpgpusim(text, strlen(text), "t.config", &base, &c.machine, &dram, map, sizeof map,
                             &info, err, sizeof err, warn, sizeof warn) < 0)
        fail_msg("%s", err);
    assert_int_equal(c.machine.l2_slice_bank, 1);
    assert_int_equal(c.machine.l2_slices_per_ch, sub);
    assert_int_equal(info.ipoly.sets != 0, ipoly);
    assert_int_equal(gmc_gpu_cfg_defaults(&c, err, sizeof err), 0);
    gmc_addrmap_t am;
    assert_int_equal(gmc_addrmap_parse(map, "t.config", &am, err, sizeof err), 0);
    gmc_gf2_t m;
    c.dram = &dram;
    c.map = &am;
    if (ipoly) {
        assert_int_equal(gmc_bim_ipoly(am.width, info.ipoly.ch_at, info.ipoly.ch_bits,
                                       info.ipoly.sub_bits, &m, err, sizeof err), 0);
        c.bim = &m;
        c.ipoly_sets = info.ipoly.sets;
        c.ipoly_ch_at = info.ipoly.ch_at;
        c.ipoly_ch_bits = info.ipoly.ch_bits;
        c.ipoly_sub_bits = info.ipoly.sub_bits;
    }
    gmc_gpu_t *g = gmc_gpu_new(&c, err, sizeof err);
    if (!g)
        fail_msg("%s", err);
    assert_int_equal(g->nch, channels);
    ref_t r;
    ref_parse(map_string, channels, sub, &r);
    unsigned hit[64] = {0}, n = 0;
    uint64_t x = seed;
    for (; n < 100000; n++) {
        test_lcg(&x);
        uint64_t a = (x >> 11) & ((1ull << am.width) - 1);
        unsigned want = ref_sub_partition(&r, a, ipoly), got = gmc_gpu_slice_of(g, a);
        if (got != want)
            fail_msg("address 0x%llx: slice %u, GPGPU-Sim's sub-partition %u", (unsigned long long)a,
                     got, want);
        assert_int_equal(got / g->spc, gmc_memsys_channel_of(g->ms, a));   /* its channel's slice */
        hit[got & 63]++;
    }
    for (unsigned s = 0; s < channels * sub; s++)
        assert_true(hit[s] > 0);   /* every slice is used */
    gmc_gpu_delete(g);
    return n;
}

static void imported_slices_are_gpgpusims_sub_partitions(void **st)
{
    (void)st;
    char *cfg = test_read_file(GMC_TEST_DATA "gpgpusim/rtx2060-super.config", NULL);
    const char *map_string = "dramid@8;00000000.00000000.00000000.00000000.000RRRRR.RRRRRRRR.RRCCBBBB.CCCSSSSS";
    assert_non_null(strstr(cfg, map_string));
    static char text[(1 << 16) + 256];
    unsigned n = 0;
    /* as shipped (indexing 0): chip x 2 + the bank's low bit */
    n += check_config(cfg, map_string, 16, 2, 0, 1);
    /* IPoly, 16 x 2 = 32 sets, and 16 x 4 = 64 sets */
    snprintf(text, sizeof text, "%s\n-gpgpu_memory_partition_indexing 2\n", cfg);
    n += check_config(text, map_string, 16, 2, 1, 2);
    snprintf(text, sizeof text, "%s\n-gpgpu_memory_partition_indexing 2\n"
             "-gpgpu_n_sub_partition_per_mchannel 4\n", cfg);
    n += check_config(text, map_string, 16, 4, 1, 3);
    free(cfg);
    print_message("%u addresses: gmc's slice = GPGPU-Sim's sub-partition (plain, IPoly 32 and 64)\n", n);
}

/* The presets keep gmc's own line hash: a slice is the same for every
 * byte of a line, and changing the key changes the choice. */
static void presets_hash_the_line_and_the_key_changes_it(void **st)
{
    (void)st;
    gmc_gpu_cfg_t c;
    test_gpu_machine(&c, "rtx2060s");
    assert_int_equal(c.machine.l2_slice_bank, 0);
    test_gpu_defaults(&c);
    gmc_gpu_t *a = test_gpu_new(&c);
    c.machine.l2_slice_bank = 1;
    gmc_gpu_t *b = test_gpu_new(&c);
    assert_non_null(a);
    assert_non_null(b);
    unsigned differ = 0;
    for (uint64_t k = 0; k < 20000; k++) {
        uint64_t addr = k * 0x9e3779b1ull & 0xffffffffull;
        assert_int_equal(gmc_gpu_slice_of(a, addr), gmc_gpu_slice_of(a, addr & ~127ull));
        unsigned sb = gmc_gpu_slice_of(b, addr);
        gmc_mem_loc_t r;
        gmc_memsys_locate(b->ms, addr, &r);
        assert_int_equal(sb, r.channel * b->spc + (r.bank & (b->spc - 1)));
        differ += sb != gmc_gpu_slice_of(a, addr);
    }
    assert_true(differ > 0);
    gmc_gpu_delete(a);
    gmc_gpu_delete(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(imported_slices_are_gpgpusims_sub_partitions),
        cmocka_unit_test(presets_hash_the_line_and_the_key_changes_it),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
