# libFuzzer + ASan/UBSan harness for the DRAM config reader.  Not part of
# `make test`: run `make fuzz-dram-cfg` (FUZZ_SECONDS, default 60).  The
# corpus starts from the shipped presets and the GPGPU-Sim configs' timing
# strings (tests/fuzz/seed_corpus.sh) and persists in build/.  Included by
# the top Makefile (`include tests/fuzz/fuzz.mk`) or, until then, run as
# `make -f Makefile -f tests/fuzz/fuzz.mk fuzz-dram-cfg`.
FUZZ_SECONDS ?= 60
FUZZ_DRAM_SRCS := tests/fuzz/fuzz_dram_cfg.c $(sort $(wildcard model/util/*.c)) \
    $(filter-out model/mem/gmc_dram_preset.c,$(sort $(wildcard model/mem/*.c)))

.PHONY: fuzz-dram-cfg
$(BUILD)/fuzz/fuzz_dram_cfg: $(FUZZ_DRAM_SRCS) $(wildcard model/mem/*.h) $(wildcard model/util/*.h)
	@bash scripts/deps.sh clang libclang-rt-14-dev
	@mkdir -p $(dir $@)
	clang -std=c11 -g -O1 -D_POSIX_C_SOURCE=200809L -Imodel \
	  -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined -o $@ $(FUZZ_DRAM_SRCS)

fuzz-dram-cfg: $(BUILD)/fuzz/fuzz_dram_cfg $(GMC)  ## libFuzzer on the DRAM config reader, from the presets and GPGPU-Sim timing strings (FUZZ_SECONDS=$(FUZZ_SECONDS))
	@bash tests/fuzz/seed_corpus.sh dram-cfg $(BUILD)/fuzz/dram_cfg_corpus $(GMC)
	$< -max_total_time=$(FUZZ_SECONDS) -max_len=8192 -dict=tests/fuzz/dram_cfg.dict -print_final_stats=1 \
	  -artifact_prefix=$(BUILD)/fuzz/ $(BUILD)/fuzz/dram_cfg_corpus

# `make fuzz` runs every harness.
fuzz: fuzz-dram-cfg

# The GPU harness's inputs (tests/fuzz/fuzz_gpu_inputs.c): Accel-Sim kernel
# traces (loaded and replayed), machine files and gpgpusim.config imports.
# The corpus starts from the sample traces, the presets and the GPGPU-Sim
# configs of tests/data, one reader byte prepended (tests/fuzz/seed_corpus.sh).
FUZZ_GPU_SRCS := tests/fuzz/fuzz_gpu_inputs.c $(LIB_SRCS) $(BUILD)/gen/gmc_dram_presets.c $(BUILD)/gen/gmc_machine_presets.c
.PHONY: fuzz-gpu
$(BUILD)/fuzz/fuzz_gpu_inputs: $(FUZZ_GPU_SRCS) $(wildcard model/*/*.h)
	@bash scripts/deps.sh clang libclang-rt-14-dev
	@mkdir -p $(@D)
	clang -std=c11 -g -O1 -D_POSIX_C_SOURCE=200809L -Imodel -fsanitize=fuzzer,address,undefined \
	  -fno-sanitize-recover=undefined -o $@ $(FUZZ_GPU_SRCS) -lm

fuzz-gpu: $(BUILD)/fuzz/fuzz_gpu_inputs $(GMC)  ## libFuzzer on Accel-Sim traces (loaded and replayed), machine files and gpgpusim.config imports (FUZZ_SECONDS=$(FUZZ_SECONDS))
	@bash tests/fuzz/seed_corpus.sh gpu $(BUILD)/fuzz/corpus_gpu $(GMC)
	$< -max_total_time=$(FUZZ_SECONDS) -max_len=16384 -print_final_stats=1 \
	  -artifact_prefix=$(BUILD)/fuzz/ $(BUILD)/fuzz/corpus_gpu

fuzz: fuzz-gpu
