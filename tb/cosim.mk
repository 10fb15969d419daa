# tb/cosim.mk -- what every block's co-simulation shares: the tools, the
# Verilator flags and run-time archive, and the lint of every RTL file at its
# default parameters.  The per-block flow is tb/block.mk; each block's lists
# are in tb/gmc_<blk>.mk.  Included by the top Makefile, which provides BUILD,
# GMC (the CLI), LIB (libgmc.a), CC, CXX and CFLAGS_ALL.
#
#   make lint         every rtl/*.sv through Verilator -Wall, Icarus, Yosys at
#                     its defaults, then every block's configurations (lint-<b>)
#   make cosim        Icarus replay + Verilator lockstep of every block
#   make cosim-fault  mutation checks: every injected fault must be caught
#   make bench        lockstep vs Icarus replay cycles/s, per block
#
# Knobs: COSIM_CYCLES (lockstep cycles per configuration), COSIM_STIM_SEED
# (stimulus seed; printed, so any run can be repeated).

VERILATOR ?= verilator
IVERILOG  ?= iverilog
VVP       ?= vvp
YOSYS     ?= yosys

COSIM_CYCLES    ?= 1000000
COSIM_STIM_SEED ?= 1

CS        := $(BUILD)/cosim
RTL_SRCS  := $(sort $(wildcard rtl/*.sv))

# Verilator: -O3 on the generated code (OPT_FAST; -CFLAGS would not reach
# it), random initial state (with randReset(2) in the harness), VCD tracing
# compiled in but switched on only in the re-run after a mismatch.
# -mpopcnt (when both the CPU and the compiler have it) turns each output
# bit's parity into and+popcnt; without it g++ folds with shifts and setnp,
# a slower lockstep at wide W (make bench-bim against make bench-bim
# VL_ARCH= shows how much).
VL_FLAGS  := -O3 --x-assign unique --x-initial unique --trace
# (Evaluated once, and only by targets that use it: $(eval X := ...)$(X).)
VL_ARCH   ?= $(eval VL_ARCH := $(shell grep -qw popcnt /proc/cpuinfo 2>/dev/null && \
               $(CXX) -mpopcnt -E -x c++ /dev/null >/dev/null 2>&1 && echo -mpopcnt))$(VL_ARCH)
VL_MAKE    = OPT= OPT_FAST="-O3 $(VL_ARCH)" OPT_SLOW=-O1 OPT_GLOBAL=-O2
# Rebuild every model when the tools or flags change.
VL_STAMP  := $(CS)/flags.txt
VL_SIG     = $(shell $(VERILATOR) --version 2>/dev/null) | $(VL_FLAGS) | $(VL_MAKE) | $(CXX)
# The Verilator run-time (verilated.cpp & co., ~8 s of g++) is compiled once
# into this archive and linked into every model instead of once per model.
VLRT      := $(CS)/vlrt/libverilated.a

.PHONY: lint lint-rtl cosim cosim-fault bench FORCE
FORCE:

# ================================================================ lint
# Verilator -Wall must be silent; Icarus -Wall must print nothing; Yosys
# turns every warning into an error (-e).
lint: lint-rtl  ## every RTL file through Verilator -Wall, Icarus -Wall and Yosys, then every block's configurations

lint-rtl:
	@rc=0; for f in $(RTL_SRCS); do m=$$(basename $$f .sv); \
	  $(VERILATOR) --lint-only -Wall --top-module $$m $(RTL_SRCS) || { echo "lint: verilator -Wall $$f"; rc=1; }; \
	  out=$$($(IVERILOG) -g2012 -Wall -s $$m -o /dev/null $(RTL_SRCS) 2>&1); \
	  if [ $$? -ne 0 ] || [ -n "$$out" ]; then echo "$$out"; echo "lint: iverilog $$f"; rc=1; fi; \
	  $(YOSYS) -q -e '.*' -p "read_verilog -sv $(RTL_SRCS); hierarchy -check -top $$m; proc; check -assert" \
	    || { echo "lint: yosys $$f"; rc=1; }; \
	done; \
	[ $$rc -eq 0 ] && echo "lint: $(words $(RTL_SRCS)) RTL file(s) clean under verilator -Wall, iverilog, yosys"; exit $$rc

# ================================================================ Verilator
$(VL_STAMP): FORCE
	@mkdir -p $(@D)
	@if [ "$$(cat $@ 2>/dev/null)" != '$(VL_SIG)' ]; then echo '$(VL_SIG)' > $@; fi

$(VLRT): rtl/gmc_bim.sv $(VL_STAMP)
	@rm -rf $(@D) && mkdir -p $(@D)
	@echo "verilator: run-time library -> $@"
	@$(VERILATOR) --cc $(VL_FLAGS) --prefix Vbim -Mdir $(@D) rtl/gmc_bim.sv
	@objs=$$(awk '/^VM_GLOBAL_(FAST|SLOW) \+=/{f=1;next} f&&/^[ \t]+[A-Za-z]/{print $$1".o";next} {f=0}' \
	  $(@D)/Vbim_classes.mk); \
	$(MAKE) -s --no-print-directory -C $(@D) -f Vbim.mk $(VL_MAKE) $$objs && \
	cd $(@D) && ar rcs libverilated.a $$objs

