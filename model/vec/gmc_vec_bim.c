#include "gmc_vec.h"
#include "bim/gmc_bim_verilog.h"

void gmc_bim_stim(gmc_rng_t *r, uint64_t cycle, unsigned width, gmc_bim_in_t *in)
{
    uint64_t x = gmc_rng_u64(r);
    uint64_t mask = gmc_gf2_mask(width);
    in->rst_n = cycle < 2 ? 0 : ((x & 0xff) != 0);
    in->valid = ((x >> 8) & 3) != 0;
    switch ((x >> 10) & 7) {
    case 0: {
        unsigned k = (unsigned)((x >> 13) % (width + 2u));
        in->addr = k < width ? 1ULL << k : (k == width ? mask : 0);
        break;
    }
    default:
        in->addr = gmc_rng_u64(r) & mask;
        break;
    }
}

static unsigned hexdigits(unsigned w) { return (w + 3) / 4; }

int gmc_vec_bim_write(FILE *f, const gmc_bim_cfg_t *cfg, const gmc_vec_meta_t *meta)
{
    static char mparam[1200];
    unsigned W = cfg->width;
    gmc_bim_verilog_param(&cfg->m, mparam, sizeof mparam);
    fprintf(f, "# gmc-vectors 1\n# block bim\n# param W %u\n# param REG_OUT %u\n# param M %s\n",
            W, cfg->reg_out, mparam);
    fprintf(f, "# preset %s\n# scheme %s\n# seed %llu\n# stim-seed %llu\n# cycles %u\n",
            meta->preset, meta->scheme, (unsigned long long)meta->seed,
            (unsigned long long)meta->stim_seed, meta->cycles);
    fprintf(f, "# ports");
#define HDR(dir, field, width, port) fprintf(f, " %s:%u:%s", #port, (unsigned)(width), #dir);
    GMC_BIM_PORTS(HDR, W)
#undef HDR
    fputc('\n', f);

    gmc_rng_t rng;
    gmc_rng_seed(&rng, meta->stim_seed);
    gmc_bim_state_t q, d;
    gmc_bim_reset(cfg, &q);
    for (uint64_t c = 0; c < meta->cycles; c++) {
        gmc_bim_in_t in;
        gmc_bim_out_t out;
        gmc_bim_stim(&rng, c, W, &in);
        gmc_bim_step(cfg, &q, &in, &d, &out);
        const char *sep = "";
#define ROW(dir, field, width, port)                                              \
        fprintf(f, "%s%0*llx", sep, (int)hexdigits(width), (unsigned long long)dir.field); \
        sep = " ";
        GMC_BIM_PORTS(ROW, W)
#undef ROW
        fputc('\n', f);
        q = d;
    }
    return ferror(f) ? -1 : 0;
}
