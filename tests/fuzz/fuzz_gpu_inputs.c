/* libFuzzer harness for what a user of the GPU harness hands gmc sim
 * (make fuzz-gpu): the first byte picks the reader, the rest is the file.
 *   0: an Accel-Sim kernel trace (kernel-1.traceg of a one-kernel
 *      directory): opened, loaded, and every warp of every CTA replayed
 *      through the kernel's ops as an SM would fetch it;
 *   1: a machine file (`key = value` over the default preset), then the
 *      whole-machine check;
 *   2: a GPGPU-Sim gpgpusim.config imported over the default preset, then
 *      the whole-machine check.
 * Beyond "no crash, no sanitizer report" it checks the error contract:
 * every error is one non-empty line that says what was expected; a trace's
 * and a file's name the file and line ("path:N: ..."). */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "gpu/gmc_accelsim.h"
#include "gpu/gmc_machine.h"
#include "gpu/gmc_machine_gpgpusim.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char dir[64], trace[96];

static void check_error(const char *err, const char *prefix)
{
    if (!err[0] || strchr(err, '\n') || !strstr(err, "expected") ||
        (prefix && strncmp(err, prefix, strlen(prefix))))
        abort();
}

/* A directory of its own (one per fuzzing process) holding kernelslist.g. */
static void setup(void)
{
    if (dir[0])
        return;
    const char *base = access("/dev/shm", W_OK) ? "/tmp" : "/dev/shm";
    snprintf(dir, sizeof dir, "%s/gmc_fuzz_gpu_XXXXXX", base);
    if (!mkdtemp(dir))
        abort();
    char list[96];
    snprintf(list, sizeof list, "%s/kernelslist.g", dir);
    snprintf(trace, sizeof trace, "%s/kernel-1.traceg", dir);
    FILE *f = fopen(list, "w");
    if (!f || fputs("kernel-1.traceg\n", f) < 0 || fclose(f))
        abort();
}

/* Every instruction of every warp, as the SMs would fetch them (a cap on
 * the total keeps a huge grid from taking the fuzzer's time). */
static void replay(gmc_kernel_t *k)
{
    uint32_t ctas = k->grid[0] * k->grid[1] * k->grid[2];
    uint32_t warps = (k->block[0] * k->block[1] * k->block[2] + 31) / 32;
    uint64_t budget = 200000;
    static gmc_inst_t in;
    char err[512];
    for (uint32_t c = 0; c < ctas && budget; c++) {
        for (uint32_t w = 0; w < warps && budget; w++) {
            gmc_warp_cursor_t cur;
            k->ops->warp_begin(k, c, w, &cur);
            budget--;   /* a warp costs too: a huge grid of unlisted blocks has no instructions */
            for (; budget; budget--) {
                memset(&in, 0, sizeof in);
                int r = k->ops->next(k, &cur, &in, err, sizeof err);
                if (r < 0) {
                    check_error(err, NULL);
                    return;
                }
                if (r == 0 || in.op == GMC_OP_EXIT)
                    break;
                if (in.op >= GMC_OP_N)
                    abort();
                for (unsigned l = 0; l < 32; l++)   /* the coalescer reads these */
                    if (in.mask >> l & 1)
                        (void)gmc_inst_lane_addr(&in, l);
            }
        }
        if (budget && k->ops->cta_end)   /* every warp of the CTA ran to its end */
            k->ops->cta_end(k, c);
    }
}

static void fuzz_trace(const uint8_t *data, size_t size)
{
    setup();
    FILE *f = fopen(trace, "wb");
    if (!f || (size && fwrite(data, 1, size, f) != size) || fclose(f))
        abort();
    char err[1024];
    gmc_accelsim_t *t = gmc_accelsim_open(dir, err, sizeof err);
    if (!t)
        abort();   /* the list and the file are there: open must succeed */
    gmc_kernel_t k;
    if (gmc_accelsim_load(t, 0, &k, err, sizeof err)) {
        check_error(err, trace);
    } else {
        if (!k.ops || !k.ops->warp_begin || !k.ops->next)
            abort();
        replay(&k);
        gmc_accelsim_unload(t, 0);
    }
    gmc_accelsim_close(t);
}

static void fuzz_machine(const char *text, size_t size, int gpgpusim)
{
    static gmc_machine_t base, m;
    static gmc_dram_cfg_t dram;
    static gmc_machine_import_t info;
    char err[1024], map[512], warn[4096];
    if (gmc_machine_preset(GMC_MACHINE_DEFAULT, &base, err, sizeof err))
        abort();
    m = base;
    if (!gpgpusim) {
        if (gmc_machine_parse(text, size, "fuzz.cfg", &m, err, sizeof err)) {
            check_error(err, "fuzz.cfg:");
            return;
        }
    } else if (gmc_machine_gpgpusim(text, size, "fuzz.config", &base, &m, &dram, map, sizeof map, &info,
                                    err, sizeof err, warn, sizeof warn) < 0) {
        check_error(err, "fuzz.config");
        return;
    }
    if (gmc_machine_check(&m, err, sizeof err))
        check_error(err, NULL);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!size)
        return 0;
    const char *text = (const char *)data + 1;
    switch (data[0] % 3) {
    case 0:
        fuzz_trace(data + 1, size - 1);
        break;
    case 1:
        fuzz_machine(text, size - 1, 0);
        break;
    default:
        fuzz_machine(text, size - 1, 1);
        break;
    }
    return 0;
}
