# gmc sim (the GPU harness): `make bench-gpu` (part of `make bench`, not of
# `make test`).  Included by the top Makefile like every tests/bench/*.mk.
# docs/harness.md "Speed" has the numbers, the profile and what skipping does.
#
# The binary is mem_bench.mk's $(BUILD)/bench/gmc-O3: the same sources as
# build/bin/gmc (the generated DRAM and machine presets included), one -O3
# LTO compile, assertions off.

GPU_BENCH_DIR := $(BUILD)/bench/gpu

.PHONY: bench-gpu
bench: bench-gpu

bench-gpu: $(BUILD)/bench/gmc-O3  ## GPU harness speed: core cycles/s, DRAM requests/s, RSS; instructions per DRAM request (callgrind)
	@mkdir -p $(GPU_BENCH_DIR)
	@bash tests/bench/bench_gpu.sh $(BUILD)/bench/gmc-O3 $(GPU_BENCH_DIR) | tee $(BUILD)/bench/gpu.txt
