/* libFuzzer harness for the DRAM config reader (make fuzz-dram-cfg).
 * Input starting with '!' goes to the GPGPU-Sim string reader alone; any
 * other input is a config file.  Beyond "no crash, no sanitizer report" it
 * checks the contract: an error is one "fuzz.cfg:N: expected ..." line; a
 * config that loads formats and re-parses to the same cfg, and the timing
 * engine accepts it and runs a row miss on it. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "mem/gmc_dram.h"
#include "mem/gmc_dram_cfg.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_error_line(const char *err, const char *prefix)
{
    if (strncmp(err, prefix, strlen(prefix)) || !strstr(err, "expected") || strchr(err, '\n'))
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static gmc_dram_cfg_t c, d;
    static gmc_dram_t dev;
    static gmc_dram_chan_t ch;
    char err[256], fmt[4096];
    const char *text = (const char *)data;
    if (size && text[0] == '!') {
        uint64_t set = 0;
        memset(&c, 0, sizeof c);
        if (gmc_dram_cfg_gpgpusim(text + 1, size - 1, &c, &set, err, sizeof err))
            check_error_line(err, "expected");
        return 0;
    }
    if (gmc_dram_cfg_parse(text, size, "fuzz.cfg", &c, err, sizeof err, err, 0) < 0) {
        check_error_line(err, "fuzz.cfg:");
        return 0;
    }
    size_t n = gmc_dram_cfg_format(&c, fmt, sizeof fmt);
    if (n >= sizeof fmt || gmc_dram_cfg_parse(fmt, n, "f", &d, err, sizeof err, err, 0) < 0 ||
        memcmp(&c, &d, sizeof c))
        abort();
    if (gmc_dram_init(&dev, &c, err, sizeof err))
        abort();
    gmc_dram_chan_reset(&dev, &ch);
    uint64_t t = 0, done = 0;
    const gmc_dram_cmd_t seq[] = {GMC_DRAM_ACT, GMC_DRAM_RD, GMC_DRAM_WR, GMC_DRAM_PRE,
                                  GMC_DRAM_REF};
    for (size_t i = 0; i < sizeof seq / sizeof seq[0]; i++) {
        uint64_t e = gmc_dram_earliest(&dev, &ch, seq[i], 0);
        t = e > t ? e : t;
        if (gmc_dram_issue(&dev, &ch, seq[i], 0, 0, t, &done) != GMC_DRAM_OK)
            abort();
    }
    return 0;
}
