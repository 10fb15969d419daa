# gmc sim (the GPU harness): `make bench-gpu` (part of `make bench`, not of
# `make test`).  Included by the top Makefile like every tests/bench/*.mk.
# docs/harness.md "Speed" says what it prints and why instructions per
# simulated warp instruction and per DRAM request are the measure.
#
# The binaries: fast.mk's $(BUILD)/bin/gmc-fast (profile-guided) and
# mem_bench.mk's $(BUILD)/bench/gmc-O3 -- the same sources as build/bin/gmc
# (the generated DRAM and machine presets included), one -O3 LTO compile,
# assertions off -- timed in turn; their reports are checked against
# build/bin/gmc's.

GPU_BENCH_DIR := $(BUILD)/bench/gpu

.PHONY: bench-gpu
bench: bench-gpu

bench-gpu: $(BUILD)/bench/gmc-O3 $(BUILD)/bin/gmc-fast $(GMC) $(BUILD)/bench/host_probe  ## GPU harness speed (gmc-fast, gmc-O3): host instructions per simulated warp instruction and per DRAM request (callgrind; moa, stream), wall time and RSS on this host; reports = gmc's
	@mkdir -p $(GPU_BENCH_DIR)
	@set -o pipefail; HOST_PROBE=$(BUILD)/bench/host_probe \
	  bash tests/bench/bench_gpu.sh $(GPU_BENCH_DIR) $(GMC) $(BUILD)/bin/gmc-fast $(BUILD)/bench/gmc-O3 \
	  | tee $(BUILD)/bench/gpu.txt

# The host's latencies now (tests/bench/host_probe.c), printed before and
# after the timed runs: the context of their wall times, which on this
# shared VM move from hour to hour.
$(BUILD)/bench/host_probe: tests/bench/host_probe.c
	@mkdir -p $(@D)
	$(CC) -std=c11 -O2 -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L -o $@ $<
