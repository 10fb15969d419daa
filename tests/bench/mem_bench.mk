# gmc mem (trace mode): `make bench-mem` (part of `make bench`) and
# `make fuzz-mem` (libFuzzer, part of `make fuzz`; not part of `make test`),
# `make sched-table` (what each scheduler does, docs/memory.md "Trace mode").  Included by the top
# Makefile like every tests/bench/*.mk.  docs/memory.md "## Speed" says what
# bench-mem prints and why instructions per request are the measure.

MEM_BENCH_DIR  := $(BUILD)/bench/mem
# The benchmark binary: the same sources as build/bin/gmc, one -O3 LTO
# compile, assertions off (the unit tests run them).
MEM_BENCH_SRCS := $(LIB_SRCS) $(CLI_SRCS) $(BUILD)/gen/gmc_dram_presets.c $(BUILD)/gen/gmc_machine_presets.c
MEM_BENCH_FLAGS := -std=c11 -O3 -flto=auto -DNDEBUG -D_POSIX_C_SOURCE=200809L -Imodel -Imodel/cli -I$(BUILD)/gen

.PHONY: bench-mem fuzz-mem sched-table
bench: bench-mem
fuzz: fuzz-mem

$(BUILD)/bench/gmc-O3: $(MEM_BENCH_SRCS) $(wildcard model/*/*.h) $(BUILD)/gen/gmc_version.h
	@mkdir -p $(@D)
	$(CC) $(MEM_BENCH_FLAGS) -o $@ $(MEM_BENCH_SRCS) -lm

$(BUILD)/bench/memtrace_gen: tests/bench/memtrace_gen.c model/util/gmc_rng.c
	@mkdir -p $(@D)
	$(CC) -std=c11 -O2 -Imodel -o $@ $^

bench-mem: $(BUILD)/bench/gmc-O3 $(BUILD)/bench/memtrace_gen  ## trace-mode speed: instructions per request (callgrind), requests/s and RSS on this host
	@bash tests/bench/bench_mem.sh $(BUILD)/bench/gmc-O3 $(BUILD)/bench/memtrace_gen $(MEM_BENCH_DIR) \
	  | tee $(BUILD)/bench/mem.txt

# The scheduler comparison table of docs/memory.md "Trace mode" (not timed).
SCHED_TABLE_N ?= 100000
sched-table: $(GMC) $(BUILD)/bench/memtrace_gen  ## what each scheduler does on random, stream and GPU-like warps traces (the docs/memory.md table)
	@bash tests/bench/sched_table.sh $(GMC) $(BUILD)/bench/memtrace_gen $(MEM_BENCH_DIR) $(SCHED_TABLE_N) \
	  | tee $(BUILD)/bench/sched_table.md

FUZZ_SECONDS   ?= 60
FUZZ_MEM_SRCS  := tests/fuzz/fuzz_memtrace.c $(LIB_SRCS) $(BUILD)/gen/gmc_dram_presets.c $(BUILD)/gen/gmc_machine_presets.c
$(BUILD)/fuzz/fuzz_memtrace: $(FUZZ_MEM_SRCS) $(wildcard model/*/*.h)
	@bash scripts/deps.sh clang libclang-rt-14-dev
	@mkdir -p $(@D)
	clang -std=c11 -g -O1 -D_POSIX_C_SOURCE=200809L -Imodel -fsanitize=fuzzer,address,undefined \
	  -fno-sanitize-recover=undefined -o $@ $(FUZZ_MEM_SRCS) -lm

# The corpus starts from real traces in the three formats (the repository's,
# memtrace_gen's; tests/fuzz/seed_corpus.sh); -max_len lets an input reach
# the harness's 512 records.
fuzz-mem: $(BUILD)/fuzz/fuzz_memtrace $(GMC) $(BUILD)/bench/memtrace_gen  ## libFuzzer on gmc mem's trace readers and memory system, from real traces (FUZZ_SECONDS=$(FUZZ_SECONDS))
	@bash tests/fuzz/seed_corpus.sh mem $(BUILD)/fuzz/corpus_mem $(GMC) $(BUILD)/bench/memtrace_gen
	$< -max_total_time=$(FUZZ_SECONDS) -max_len=16384 -print_final_stats=1 \
	  -artifact_prefix=$(BUILD)/fuzz/ $(BUILD)/fuzz/corpus_mem
