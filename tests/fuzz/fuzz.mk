# libFuzzer + ASan/UBSan harness for the DRAM config reader.  Not part of
# `make test`: run `make fuzz-dram-cfg` (FUZZ_SECONDS, default 60).  The
# corpus starts from the shipped presets and persists in build/.  Included by
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

fuzz-dram-cfg: $(BUILD)/fuzz/fuzz_dram_cfg
	@mkdir -p $(BUILD)/fuzz/dram_cfg_corpus
	@cp model/mem/presets/*.cfg $(BUILD)/fuzz/dram_cfg_corpus/
	@printf '!nbk=16:CCD=4:RRD=10:RCD=20:RAS=50:RP=20:RC=62:CL=20:WL=8:CDLR=9:WR=20:nbkgrp=4:CCDL=4:RTPL=4' \
	  > $(BUILD)/fuzz/dram_cfg_corpus/gpgpusim_named
	@printf '!4:2:8:12:21:13:34:9:4:5:13:1:0:0' > $(BUILD)/fuzz/dram_cfg_corpus/gpgpusim_legacy
	$< -max_total_time=$(FUZZ_SECONDS) -max_len=4096 -dict=tests/fuzz/dram_cfg.dict -print_final_stats=1 \
	  -artifact_prefix=$(BUILD)/fuzz/ $(BUILD)/fuzz/dram_cfg_corpus

# `make fuzz` runs every harness.
fuzz: fuzz-dram-cfg

# The GPU harness's inputs (tests/fuzz/fuzz_gpu_inputs.c): Accel-Sim kernel
# traces (loaded and replayed), machine files and gpgpusim.config imports.
# The corpus starts from the sample traces, the presets and the GPGPU-Sim
# configs of tests/data, one reader byte prepended.
FUZZ_GPU_SRCS := tests/fuzz/fuzz_gpu_inputs.c $(LIB_SRCS) $(BUILD)/gen/gmc_dram_presets.c $(BUILD)/gen/gmc_machine_presets.c
.PHONY: fuzz-gpu
$(BUILD)/fuzz/fuzz_gpu_inputs: $(FUZZ_GPU_SRCS) $(wildcard model/*/*.h)
	@bash scripts/deps.sh clang libclang-rt-14-dev
	@mkdir -p $(@D)
	clang -std=c11 -g -O1 -D_POSIX_C_SOURCE=200809L -Imodel -fsanitize=fuzzer,address,undefined \
	  -fno-sanitize-recover=undefined -o $@ $(FUZZ_GPU_SRCS) -lm

fuzz-gpu: $(BUILD)/fuzz/fuzz_gpu_inputs  ## libFuzzer on Accel-Sim traces (loaded and replayed), machine files and gpgpusim.config imports (FUZZ_SECONDS=$(FUZZ_SECONDS))
	@mkdir -p $(BUILD)/fuzz/corpus_gpu
	@for f in tests/data/accelsim/*/*.traceg; do \
	  { printf '\000'; cat "$$f"; } > $(BUILD)/fuzz/corpus_gpu/trace_$$(echo "$$f" | tr '/' '_'); done
	@for f in model/gpu/machines/*.cfg; do { printf '\001'; cat "$$f"; } > $(BUILD)/fuzz/corpus_gpu/machine_$$(basename "$$f"); done
	@for f in tests/data/gpgpusim/*.config; do { printf '\002'; cat "$$f"; } > $(BUILD)/fuzz/corpus_gpu/gpgpusim_$$(basename "$$f"); done
	$< -max_total_time=$(FUZZ_SECONDS) -max_len=16384 -print_final_stats=1 \
	  -artifact_prefix=$(BUILD)/fuzz/ $(BUILD)/fuzz/corpus_gpu

fuzz: fuzz-gpu
