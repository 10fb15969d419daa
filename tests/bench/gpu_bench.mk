# gmc sim (the GPU harness): `make bench-gpu` (part of `make bench`, not of
# `make test`).  Included by the top Makefile like every tests/bench/*.mk.
# docs/harness.md "Speed" has the numbers, the profile and what skipping does.
#
# The binaries: fast.mk's $(BUILD)/bin/gmc-fast (profile-guided) and
# mem_bench.mk's $(BUILD)/bench/gmc-O3 -- the same sources as build/bin/gmc
# (the generated DRAM and machine presets included), one -O3 LTO compile,
# assertions off -- timed in turn; their reports are checked against
# build/bin/gmc's.

GPU_BENCH_DIR := $(BUILD)/bench/gpu

.PHONY: bench-gpu
bench: bench-gpu

bench-gpu: $(BUILD)/bench/gmc-O3 $(BUILD)/bin/gmc-fast $(GMC) $(BUILD)/bench/host_probe  ## GPU harness speed (gmc-fast and gmc-O3): core cycles/s, DRAM requests/s, RSS, the host's memory latency and the yardstick (share of time in host cache misses); instructions per DRAM request (callgrind); reports = gmc's
	@mkdir -p $(GPU_BENCH_DIR)
	@set -o pipefail; HOST_PROBE=$(BUILD)/bench/host_probe \
	  bash tests/bench/bench_gpu.sh $(GPU_BENCH_DIR) $(GMC) $(BUILD)/bin/gmc-fast $(BUILD)/bench/gmc-O3 \
	  | tee $(BUILD)/bench/gpu.txt

# The host's latencies now (tests/bench/host_probe.c), printed before and
# after the timed runs: on this shared VM they move from hour to hour.
$(BUILD)/bench/host_probe: tests/bench/host_probe.c
	@mkdir -p $(@D)
	$(CC) -std=c11 -O2 -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L -o $@ $<
