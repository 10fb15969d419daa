# `make fast`: build/bin/gmc-fast, the quickest gmc this repository builds
# -- the same sources as build/bin/gmc in one -O3 LTO compile, assertions
# off (the unit tests run them), optimised with a profile (GCC's PGO) of
# the runs in tests/bench/pgo_train.sh.  For long simulations and sweeps;
# `make bench-gpu` times it beside build/bench/gmc-O3 (the same compile
# without the profile) and checks that its reports are the same bytes as
# build/bin/gmc's.  docs/harness.md "Speed" has the numbers.
#
# GCC names a profile after the output file, so both compiles write the same
# path ($(FAST_DIR)/gmc): a profile-use compile under another name would
# silently find no profile.  The recipe fails when the training leaves none.
# Included by the top Makefile like every tests/bench/*.mk.

FAST_DIR   := $(BUILD)/fast
FAST_SRCS  := $(LIB_SRCS) $(CLI_SRCS) $(BUILD)/gen/gmc_dram_presets.c $(BUILD)/gen/gmc_machine_presets.c
FAST_FLAGS := -std=c11 -O3 -flto=auto -DNDEBUG -D_POSIX_C_SOURCE=200809L -Imodel -Imodel/cli -I$(BUILD)/gen

.PHONY: fast
fast: $(BUILD)/bin/gmc-fast  ## build/bin/gmc-fast: gmc at -O3 with LTO and profile-guided optimisation (same reports, faster)

$(BUILD)/bin/gmc-fast: $(FAST_SRCS) $(wildcard model/*/*.h) $(BUILD)/gen/gmc_version.h tests/bench/pgo_train.sh
	@rm -rf $(FAST_DIR) && mkdir -p $(FAST_DIR) $(@D)
	@echo "CC (profile-generate) $(FAST_DIR)/gmc"
	@$(CC) $(FAST_FLAGS) -fprofile-generate -fprofile-update=single -fprofile-dir=$(abspath $(FAST_DIR))/profile \
	  -o $(FAST_DIR)/gmc $(FAST_SRCS) -lm
	bash tests/bench/pgo_train.sh $(FAST_DIR)/gmc $(FAST_DIR)/train
	@n=$$(find $(FAST_DIR)/profile -name '*.gcda' | wc -l); [ "$$n" -gt 0 ] \
	  || { echo "make fast: the training left no profile in $(FAST_DIR)/profile" >&2; exit 1; }
	@echo "CC (profile-use) $(FAST_DIR)/gmc"
	@$(CC) $(FAST_FLAGS) -fprofile-use -fprofile-partial-training -fprofile-dir=$(abspath $(FAST_DIR))/profile \
	  -Werror=missing-profile -o $(FAST_DIR)/gmc $(FAST_SRCS) -lm
	cp $(FAST_DIR)/gmc $@

# A stage of `make test`: gmc-fast's reports are build/bin/gmc's, byte for byte.
.PHONY: fast-test
fast-test: $(BUILD)/bin/gmc-fast $(GMC)  ## gmc-fast's reports = gmc's (every workload, both schedulers, traces, trace mode)
	@bash tests/bench/fast_same.sh $(GMC) $(BUILD)/bin/gmc-fast
