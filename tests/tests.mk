# Unit tests (cmocka), CLI scripts, the C-model benches and the fuzzers of
# the BIM parsers (the golden vectors are the one flow's: tb/block.mk).
# Included by the top Makefile.

# The unit tests: tests/unit/test_*.c, each a cmocka main (its binary
# build/tests/test_*), shared helpers in tests/unit/*.h.
UNIT_DIR  := tests/unit
UNIT_SRCS := $(sort $(wildcard $(UNIT_DIR)/test_*.c))
UNIT_BINS := $(sort $(addprefix $(BUILD)/tests/,$(basename $(notdir $(UNIT_SRCS)))))
UNIT_HDRS := $(wildcard $(UNIT_DIR)/*.h)
UNIT_CFLAGS := -Wno-unused-parameter -I$(UNIT_DIR)
CMOCKA    := $(shell pkg-config --libs cmocka 2>/dev/null || echo -lcmocka)

$(BUILD)/tests/%: $(UNIT_DIR)/%.c $(UNIT_HDRS) $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(UNIT_CFLAGS) -o $@ $< $(LIB) $(CMOCKA) -lm

# gmc_cache's portable paths: the x86 build compares tag fingerprints and
# moves LRU ranks with SSE2, and a build for another architecture takes the
# scalar loops instead.  This binary compiles gmc_cache.c with __SSE2__
# undefined (its object comes before the library, so the library's
# gmc_cache.o is never linked) and runs the same randomized reference test.
SCALAR_BINS := $(BUILD)/tests/scalar/test_gmc_cache_random
$(BUILD)/tests/scalar/test_gmc_cache_random: $(UNIT_DIR)/test_gmc_cache_random.c model/gpu/gmc_cache.c $(UNIT_HDRS) $(wildcard model/gpu/*.h) $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -U__SSE2__ $(UNIT_CFLAGS) -o $@ $(UNIT_DIR)/test_gmc_cache_random.c model/gpu/gmc_cache.c $(LIB) $(CMOCKA) -lm

# The pcmwq write policy with the block's forwarding fault (gmc_pcmwq.c
# compiled with -DGMC_FAULT_PCMWQ=1 ahead of the library, as above): its
# randomized read-after-write check must count violations, or it fails.
SCALAR_BINS += $(BUILD)/tests/fault/test_gmc_mc_pcmwq
$(BUILD)/tests/fault/test_gmc_mc_pcmwq: $(UNIT_DIR)/test_gmc_mc_pcmwq.c model/blocks/gmc_pcmwq.c model/blocks/gmc_pcmwq.h $(UNIT_HDRS) $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -DGMC_FAULT_PCMWQ=1 $(UNIT_CFLAGS) -o $@ $(UNIT_DIR)/test_gmc_mc_pcmwq.c model/blocks/gmc_pcmwq.c $(LIB) $(CMOCKA) -lm

.PHONY: unit cli-tests
unit: $(UNIT_BINS) $(SCALAR_BINS)  ## cmocka unit tests (and the cache's scalar build; the pcmwq policy with the block's forwarding fault)
	@rc=0; for t in $(UNIT_BINS) $(SCALAR_BINS); do $$t || rc=1; done; exit $$rc

cli-tests: $(GMC)  ## scripted end-to-end runs of the CLI (tests/cli/*.sh)
	@rc=0; for s in $(sort $(wildcard tests/cli/*.sh)); do echo "== $$s"; bash $$s $(GMC) || { rc=1; echo "not ok - $$s exited non-zero"; }; done; exit $$rc

# gmc beside Accel-Sim's published figures (docs/validation.md): the
# small size of each validation kernel, or with FULL=1 all ten rows.
.PHONY: validate
validate: $(GMC)  ## gmc beside Accel-Sim on SM75_RTX2060_S, the validation kernels' small sizes (FULL=1: all ten rows of docs/validation.md)
	@bash tests/validate/validate.sh $(GMC) $(if $(FULL),full,small)

# Random machines, Accel-Sim traces and GPGPU-Sim configs through gmc sim,
# longer than make test's 300, 60 and 60 (tests/cli/sim_random_*.sh):
# SOAK_RUNS runs of each from SOAK_SEED.
SOAK_RUNS ?= 3000
SOAK_SEED ?= 2
.PHONY: soak-sim
soak-sim: $(GMC)  ## random machines (--set near the bottom of each range), Accel-Sim traces and GPGPU-Sim configs through gmc sim: clean exits, no hang, consistent reports, same bytes ($(SOAK_RUNS) runs each)
	@rc=0; python3 tests/soak/sim_random_machines.py $(GMC) $(SOAK_SEED) $(SOAK_RUNS) || rc=1; \
	  python3 tests/soak/sim_random_traces.py $(GMC) $(SOAK_SEED) $(SOAK_RUNS) || rc=1; \
	  python3 tests/soak/sim_random_gpgpusim.py $(GMC) $(SOAK_SEED) $(SOAK_RUNS) || rc=1; exit $$rc

# gmc sweep slurm on a private one-node Slurm cluster (munge + slurm-wlm from
# `make deps`; started and torn down by the script, ~15 s).
.PHONY: slurm-test
slurm-test: $(GMC) $(BUILD)/bench/memtrace_gen  ## gmc sweep as a Slurm job array on a private one-node cluster, merged.json = the local run's
	@bash tests/slurm/slurm_sweep.sh $(GMC) $(BUILD)/bench/memtrace_gen

# C-model throughput (part of `make bench`).
.PHONY: bench-model
$(BUILD)/bench/bench_bim: tests/bench/bench_bim.c $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -O3 -o $@ $< $(LIB) -lm
$(BUILD)/bench/bench_block: tests/bench/bench_block.c $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -O3 -o $@ $< $(LIB) -lm
bench-model: $(BUILD)/bench/bench_bim  ## C-model throughput of the BIM block (part of bench)
	@$(BUILD)/bench/bench_bim | tee $(BUILD)/bench/bim_model.txt

# Coverage-guided fuzzing of the parsers (libFuzzer, ASan+UBSan).  Not part
# of `make test`: it runs for FUZZ_SECONDS per harness.  Needs clang and
# libclang-rt-14-dev (installed here when missing, like `make deps`).
FUZZ_SECONDS ?= 60
.PHONY: fuzz
# cli_util.c names the Warped-MC options (model/mc), which reach the rest of
# the memory system; the DRAM presets' generated table is left out.
FUZZ_BIM_SRCS := $(wildcard model/bim/*.c model/analysis/*.c model/util/*.c model/blocks/*.c model/mc/*.c) \
                 $(filter-out model/mem/gmc_dram_preset.c,$(wildcard model/mem/*.c)) \
                 model/cli/bim_opts.c model/cli/cli_util.c
$(BUILD)/fuzz/fuzz_bim_parsers: tests/fuzz/fuzz_bim_parsers.c $(FUZZ_BIM_SRCS)
	@bash scripts/deps.sh clang libclang-rt-14-dev
	@mkdir -p $(dir $@)
	clang -std=c11 -g -O1 -D_POSIX_C_SOURCE=200809L -Imodel -Imodel/cli -fsanitize=fuzzer,address,undefined \
	  -fno-sanitize-recover=undefined -o $@ $< $(FUZZ_BIM_SRCS) -lm
.PHONY: fuzz-bim
fuzz: fuzz-bim  ## every libFuzzer harness (fuzz-bim, fuzz-dram-cfg, fuzz-gpu, fuzz-mem), FUZZ_SECONDS=$(FUZZ_SECONDS) each
# The corpus starts from the presets' maps, the schemes' matrices and the
# entropy generators' traces (tests/fuzz/seed_corpus.sh).
fuzz-bim: $(BUILD)/fuzz/fuzz_bim_parsers $(GMC)  ## libFuzzer on the map, matrix and address-trace parsers, from real inputs (FUZZ_SECONDS=$(FUZZ_SECONDS))
	@bash tests/fuzz/seed_corpus.sh bim $(BUILD)/fuzz/corpus_bim $(GMC)
	$(BUILD)/fuzz/fuzz_bim_parsers -max_total_time=$(FUZZ_SECONDS) -max_len=8192 -print_final_stats=1 \
	  -artifact_prefix=$(BUILD)/fuzz/ $(BUILD)/fuzz/corpus_bim

# The public headers (model/PUBLIC_HEADERS) compile as C++17 and as C++11:
# C++ users (SystemC models, Verilator testbenches) include them, and a
# C11-only keyword in one (an _Alignas) breaks them all.
PUBLIC_HEADERS := $(shell sed -n 's/^\([a-z][^ ]*\.h\).*/\1/p' model/PUBLIC_HEADERS)
.PHONY: cxx-headers check-boundary
cxx-headers:  ## the public headers (model/PUBLIC_HEADERS) compile as C++ (part of the unit stage)
	@mkdir -p $(BUILD)/cxx && f=$(BUILD)/cxx/all_headers.cpp && \
	for h in $(PUBLIC_HEADERS); do echo "#include \"$$h\""; done >$$f && \
	echo 'int main() { return 0; }' >>$$f && n=$$(grep -c '^#include' $$f) && \
	if $(CXX) -std=c++17 -Wall -Wextra -Werror -fsyntax-only -Imodel -I$(BUILD)/gen $$f && \
	   $(CXX) -std=c++11 -Wall -Wextra -Werror -fsyntax-only -Imodel -I$(BUILD)/gen $$f; then \
	  echo "1 passed, 0 failed ($$n headers as C++17 and C++11)"; \
	else echo "0 passed, 1 failed ($$n headers as C++)"; exit 1; fi

check-boundary:  ## every header public (model/PUBLIC_HEADERS) or *_impl.h; model/gpu includes only the memory system's public headers (part of the unit stage)
	@bash tests/check_boundary.sh

# The embedding example of docs/embedding.md, built against libgmc with
# only mc/gmc_mem.h, run, and its output checked (part of the unit stage).
$(BUILD)/examples/embed_closed_loop: examples/embed_closed_loop.c $(LIB)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) -o $@ $< $(LIB) -lm
.PHONY: embed-example
embed-example: $(BUILD)/examples/embed_closed_loop  ## build and run docs/embedding.md's closed-loop example
	@out=$$($< 2>&1); echo "$$out"; \
	if echo "$$out" | grep -q '^20000 requests over 16 channels' && \
	   echo "$$out" | grep -Eq '^reads +[0-9]+ done, latency mean'; then \
	  echo "1 passed, 0 failed (embedding example)"; \
	else echo "0 passed, 1 failed (embedding example)"; exit 1; fi

# The data check (docs/pcm.md "Data, checked end to end").  Its fault
# builds: gmc with one C file rebuilt under a test hook (the object before
# the library, so the library's copy is never linked), which the integrity
# runs must catch (tests/cli/integrity.sh):
#   gmc-l2ver   -DGMC_FAULT_L2VER: the L2's write-backs carry no version
#               (the dirty data dropped at eviction; model/gpu/gmc_gpu_check.c)
#   gmc-pcmwq   -DGMC_FAULT_PCMWQ: the write queue block forwards a stale
#               version (model/blocks/gmc_pcmwq.c's C fault hook)
INTEGRITY_FAULT_BINS := $(BUILD)/fault/gmc-l2ver $(BUILD)/fault/gmc-pcmwq
$(BUILD)/fault/gmc-l2ver.o: model/gpu/gmc_gpu_check.c $(wildcard model/gpu/*.h model/mc/*.h model/util/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -DGMC_FAULT_L2VER -c $< -o $@
$(BUILD)/fault/gmc-pcmwq.o: model/blocks/gmc_pcmwq.c $(wildcard model/blocks/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -DGMC_FAULT_PCMWQ -c $< -o $@
$(BUILD)/fault/gmc-%: $(BUILD)/fault/gmc-%.o $(CLI_OBJS) $(LIB)
	$(CC) $(CFLAGS_ALL) -o $@ $(CLI_OBJS) $< $(LIB) -lm
.PHONY: integrity-faults
integrity-faults: $(INTEGRITY_FAULT_BINS)  ## gmc with the data check's faults injected (build/fault/)
cli-tests: integrity-faults

# 10^7 requests of the data check: gmc mem under every scheduler, row
# policy and write policy with the same-address rule, a hybrid memory, and
# gmc sim's hotrw under every scheduler (make test runs about 10^6).
SOAK_INTEGRITY_SEED ?= 11
.PHONY: soak-integrity
soak-integrity: $(GMC)  ## the data check at 10^7 requests (gmc mem and gmc sim): 0 violations
	@INTEGRITY_N=10000000 INTEGRITY_SEED=$(SOAK_INTEGRITY_SEED) bash tests/cli/integrity.sh $(GMC) soak
