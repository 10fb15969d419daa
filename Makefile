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
LIB      := $(BUILD)/lib/libgmc.a
GMC      := $(BUILD)/bin/gmc

.DEFAULT_GOAL := help
.PHONY: help build run test lint vectors cosim synth bench deps clean unit

# bench-bim (tb/cosim.mk) and bench-model (tests/tests.mk) are both part of it.
bench: bench-model

help:
	@echo "gmc -- GPU memory-system co-design kit"
	@echo
	@echo "  make run      show the stages so far: the BIM mapper and its entropy valley,"
	@echo "                the memory controller: FR-FCFS vs Warped-MC, Warped-MC's price"
	@echo "  make test     everything a fresh machine can check (unit, CLI, vectors,"
	@echo "                Icarus replay, Verilator lockstep, fault injection, synth, formal)"
	@echo
	@echo "  make build    libgmc ($(LIB)) and the CLI ($(GMC))"
	@echo "  make lint     every RTL file through Verilator, Icarus and Yosys"
	@echo "  make vectors  regenerate vectors under $(BUILD)/vectors and diff the golden set"
	@echo "  make cosim    Icarus replay + Verilator lockstep (COSIM_CYCLES=$(COSIM_CYCLES))"
	@echo "  make cosim-fault  mutation checks: a flipped matrix bit in RTL or C must be caught"
	@echo "  make synth    Yosys cells/XOR counts beside the model's (build/synth/bim_report.md)"
	@echo "  make formal   Yosys equivalence of every shipped matrix; faulty ones must fail"
	@echo "  make bench    C-model throughput, Verilator lockstep vs Icarus replay cycles/s"
	@echo "  make fuzz     libFuzzer on the map, matrix and trace parsers (FUZZ_SECONDS=60)"
	@echo "  make deps     install missing Debian packages (root) or print the apt-get line"
	@echo "  make clean    remove $(BUILD)/"

# ---------------------------------------------------------------- deps
# python3: the CLI test scripts read gmc's JSON with it (not every Debian image has it)
DEB_PKGS := verilator iverilog yosys libsystemc-dev libcmocka-dev pkg-config gnuplot-nox z3 python3
deps:
	@bash tests/deps.sh $(DEB_PKGS)

# ---------------------------------------------------------------- C build
build: $(GMC) $(LIB)

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

# ---------------------------------------------------------------- run
run: deps build $(BUILD)/bench/memtrace_gen
	@bash tests/demo.sh $(GMC) $(BUILD)/run $(BUILD)/bench/memtrace_gen

# ---------------------------------------------------------------- test
# tests/run_all.sh runs every stage, counts, and ends with "N passed, N failed".
test: deps build
	@bash tests/run_all.sh

clean:
	rm -rf $(BUILD)

include tests/tests.mk
include $(sort $(wildcard tests/fuzz/*.mk))
# The blocks' fragments first (they fill BLOCKS), then the shared set-up and
# the one flow, then anything else under tb/.
include $(sort $(wildcard tb/gmc_*.mk))
include tb/cosim.mk
include tb/block.mk
include $(filter-out tb/gmc_%.mk tb/cosim.mk tb/block.mk,$(sort $(wildcard tb/*.mk)))
include $(sort $(wildcard tests/bench/*.mk))
include $(sort $(wildcard synth/*.mk))
