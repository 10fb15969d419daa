# gmc -- GPU memory-system co-design kit.  `make help` lists the workflow.
# Everything built lands in build/ (ignored by git).

SHELL      := /bin/bash
BUILD      := build
CC         ?= gcc
CXX        ?= g++
CSTD       := -std=c11
WARN       := -Wall -Wextra -Werror
OPT        ?= -O2
CFLAGS_ALL := $(CSTD) $(WARN) $(OPT) -g -D_POSIX_C_SOURCE=200809L -Imodel $(CFLAGS)
JOBS       ?= $(shell nproc 2>/dev/null || echo 2)

LIB_SRCS := $(sort $(shell find model -name '*.c' ! -path 'model/cli/*'))
CLI_SRCS := $(sort $(wildcard model/cli/*.c))
LIB_OBJS := $(LIB_SRCS:%.c=$(BUILD)/obj/%.o)
CLI_OBJS := $(CLI_SRCS:%.c=$(BUILD)/obj/%.o)

# DRAM presets: model/mem/presets/*.cfg embedded into libgmc as C strings.
ifneq ($(wildcard model/mem/embed.sh),)
DRAM_PRESETS := $(sort $(wildcard model/mem/presets/*.cfg))
LIB_OBJS     += $(BUILD)/obj/$(BUILD)/gen/gmc_dram_presets.o
$(BUILD)/gen/gmc_dram_presets.c: model/mem/embed.sh $(DRAM_PRESETS)
	@mkdir -p $(dir $@)
	sh model/mem/embed.sh $(DRAM_PRESETS) > $@.tmp && mv $@.tmp $@
endif
# Machine presets: model/gpu/machines/*.cfg, embedded the same way.
MACHINE_PRESETS := $(sort $(wildcard model/gpu/machines/*.cfg))
LIB_OBJS        += $(BUILD)/obj/$(BUILD)/gen/gmc_machine_presets.o
$(BUILD)/gen/gmc_machine_presets.c: model/mem/embed.sh $(MACHINE_PRESETS)
	@mkdir -p $(dir $@)
	EMBED_SYM=gmc_machine_preset EMBED_HDR=gpu/gmc_machine.h sh model/mem/embed.sh $(MACHINE_PRESETS) > $@.tmp && mv $@.tmp $@
# The version, from one place: VERSION, plus the commit when built from a git
# clone (a tarball without .git gets VERSION alone).  Rewritten only when it
# changes, so nothing rebuilds for nothing.
GMC_VERSION := $(shell cat VERSION 2>/dev/null || echo unknown)$(shell git rev-parse --git-dir >/dev/null 2>&1 && git describe --always --dirty 2>/dev/null | sed 's/^/+g/')
.PHONY: version-header
$(BUILD)/gen/gmc_version.h: version-header
	@mkdir -p $(dir $@)
	@echo '#define GMC_VERSION "$(GMC_VERSION)"' > $@.tmp; cmp -s $@.tmp $@ && rm -f $@.tmp || mv $@.tmp $@
$(BUILD)/obj/model/cli/main.o: $(BUILD)/gen/gmc_version.h
$(BUILD)/obj/model/cli/main.o: CFLAGS_ALL += -I$(BUILD)/gen
LIB      := $(BUILD)/lib/libgmc.a
GMC      := $(BUILD)/bin/gmc

.DEFAULT_GOAL := help
.PHONY: help build run test lint vectors cosim synth bench deps clean unit

# bench-bim (tb/cosim.mk) and bench-model (tests/tests.mk) are both part of it.
bench: bench-model

help:  ## this list (generated from the makefiles' ## comments)
	@echo "gmc -- GPU memory-system co-design kit"
	@echo
	@awk 'match($$0, /^[a-z][a-zA-Z0-9_-]*:.*##[ ]/) { t = $$0; sub(/:.*/, "", t); d = $$0; sub(/^[^#]*## /, "", d); \
	  if (!(t in seen)) { seen[t] = 1; printf "  make %-15s %s\n", t, d } }' $(MAKEFILE_LIST) | \
	  sed 's|\$$(JOBS)|$(JOBS)|; s|\$$(LIB)|$(LIB)|; s|\$$(GMC)|$(GMC)|; s|\$$(BUILD)|$(BUILD)|; s|\$$(COSIM_CYCLES)|$(COSIM_CYCLES)|; s|\$$(FUZZ_SECONDS)|$(FUZZ_SECONDS)|; s|\$$(SOAK_RUNS)|$(SOAK_RUNS)|; s|\$$(SOAK_DEVICES)|$(SOAK_DEVICES)|; s|\$$(SOAK_TRACES)|$(SOAK_TRACES)|; s|\$$(MC_POL_N)|$(MC_POL_N)|'
	@echo
	@echo "  per block, for BLOCKS = $(BLOCKS) (tb/gmc_<b>.mk; docs/adding-a-block.md):"
	@echo "  make lint-<b> vectors-<b> vectors-golden-<b> cosim-<b> cosim-fault-<b> bench-<b> synth-<b>"
	@echo "  make formal-<b>   for $(FORMAL_BLOCKS) (k-induction) and bim (equivalence)"

# ---------------------------------------------------------------- deps
# python3: the CLI test scripts read gmc's JSON with it (not every Debian image has it)
# slurm-wlm, munge: `make slurm-test` runs gmc sweep on a private one-node Slurm cluster
# xz-utils: gmc sim reads Accel-Sim's .traceg.xz through xz -dc
DEB_PKGS := verilator iverilog yosys libsystemc-dev libcmocka-dev pkg-config gnuplot-nox z3 python3 \
            slurm-wlm munge xz-utils
deps:  ## install missing Debian packages (root) or print the apt-get line
	@bash scripts/deps.sh $(DEB_PKGS)

# ---------------------------------------------------------------- C build
build: $(GMC) $(LIB)  ## libgmc ($(LIB)) and the CLI ($(GMC))

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -MMD -MP -c $< -o $@

$(LIB): $(LIB_OBJS)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

$(GMC): $(CLI_OBJS) $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -o $@ $(CLI_OBJS) $(LIB) -lm

-include $(LIB_OBJS:.o=.d) $(CLI_OBJS:.o=.d)

# The CLI under AddressSanitizer + UndefinedBehaviorSanitizer at -O1 (the
# sanitizers' usual level), a build of its own in $(BUILD)/asan/: the same
# rules with another BUILD, OPT and CFLAGS.  Any sanitizer report ends the
# process with exit 99, so a script that checks exit codes sees it.
ASAN_BUILD := $(BUILD)/asan
ASAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
.PHONY: asan
asan:  ## gmc built with ASan + UBSan at -O1, in $(BUILD)/asan/ (bin/gmc)
	@$(MAKE) --no-print-directory BUILD=$(ASAN_BUILD) OPT=-O1 CFLAGS='$(ASAN_FLAGS)' $(ASAN_BUILD)/bin/gmc

# The CLI scripts under that build (a stage of make test): every script but
# those that run long simulations and feed no bad input (their cases are
# the same code on good data, and they would double the stage's time).
# A sanitizer report is exit 99 and many stderr lines: no case passes with one.
ASAN_SKIP    := experiment integrity sim_pin sim_skip_components workload_class
ASAN_SCRIPTS := $(filter-out lib $(ASAN_SKIP),$(basename $(notdir $(sort $(wildcard tests/cli/*.sh)))))
.PHONY: asan-test
asan-test: asan  ## the CLI scripts (all but the long runs of good input) on the ASan + UBSan build; a stage of make test
	@rc=0; for s in $(ASAN_SCRIPTS); do echo "== tests/cli/$$s.sh (asan)"; \
	  ASAN_OPTIONS=exitcode=99 UBSAN_OPTIONS=exitcode=99:print_stacktrace=1 \
	  bash tests/cli/$$s.sh $(ASAN_BUILD)/bin/gmc || { rc=1; echo "not ok - tests/cli/$$s.sh (asan) exited non-zero"; }; \
	done; exit $$rc

# -O1 is the ASan build's level; -Og and -Os are checked by compiling every
# source once more (no objects kept): a warning that only some levels'
# analyses see (GCC's -Wformat-truncation) fails `make build OPT=...`.
OPT_LEVELS := -Og -Os
.PHONY: opt-levels
opt-levels: $(BUILD)/gen/gmc_version.h  ## every C source compiles without a warning at -Og and -Os too (-O1: make asan); a stage of make test
	@bad=0; for o in $(OPT_LEVELS); do for f in $(LIB_SRCS) $(CLI_SRCS); do \
	  $(CC) $(CSTD) $(WARN) $$o -D_POSIX_C_SOURCE=200809L -Imodel -I$(BUILD)/gen -c $$f -o /dev/null || \
	  { bad=1; echo "not ok - $$f at $$o"; }; done; done; \
	if [ $$bad = 0 ]; then echo "1 passed, 0 failed (every source at $(OPT_LEVELS))"; \
	else echo "0 passed, 1 failed (a source fails at one of $(OPT_LEVELS))"; exit 1; fi

# ---------------------------------------------------------------- run
run: deps build $(BUILD)/bench/memtrace_gen  ## verify/price/measure tour ending with the warped-mc experiment on the GPU harness (under a minute of CPU after the build; longer on a loaded host)
	@bash scripts/demo.sh $(GMC) $(BUILD)/run $(BUILD)/bench/memtrace_gen

# ---------------------------------------------------------------- test
# tests/run_all.sh runs every stage, counts, and ends with "N passed, N failed".
test: deps  ## everything a fresh machine can check, stages side by side on $(JOBS) job slots; ends with "N passed, N failed"
	@$(MAKE) --no-print-directory -j$(JOBS) build
	@JOBS=$(JOBS) bash tests/run_all.sh

clean:  ## remove $(BUILD)/
	rm -rf $(BUILD)

include tests/tests.mk
include $(sort $(wildcard tests/fuzz/*.mk))
include $(sort $(wildcard tests/equiv/*.mk))
# The blocks' fragments first (they fill BLOCKS), then the shared set-up and
# the one flow, then anything else under tb/.
include $(sort $(wildcard tb/gmc_*.mk))
include tb/cosim.mk
include tb/block.mk
include $(filter-out tb/gmc_%.mk tb/cosim.mk tb/block.mk,$(sort $(wildcard tb/*.mk)))
include $(sort $(wildcard tests/bench/*.mk))
include systemc/systemc.mk $(filter-out systemc/systemc.mk,$(sort $(wildcard systemc/*.mk)))
include $(sort $(wildcard synth/*.mk))
