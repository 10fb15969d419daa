# tb/cosim.mk -- RTL lint, co-simulation, mutation checks and speed of
# rtl/gmc_bim.sv against its C twin.  Included by the top Makefile, which
# provides BUILD, GMC (the CLI), LIB (libgmc.a), CC, CFLAGS_ALL and JOBS.
#
#   make lint         every rtl/*.sv through Verilator -Wall, Icarus, Yosys
#                     (+ the testbench and emitted wrappers); any warning fails
#   make cosim        Icarus replay of every vectors/bim/*.vec, then Verilator
#                     lockstep for every preset x scheme x REG_OUT
#   make cosim-fault  mutation checks: succeeds only if every fault is caught
#   make bench        lockstep vs Icarus replay cycles/s -> build/bench/bim.txt
#
# Knobs: COSIM_CYCLES (lockstep cycles per config), COSIM_SEED (matrix seed
# of the lockstep configs), COSIM_STIM_SEED (stimulus seed; printed, so any
# run can be repeated), BENCH_CYCLES, BENCH_IV_CYCLES, VEC_DIR (the vector
# files replayed, default vectors/bim).  The aggregate targets end with
# "N passed, M failed".

VERILATOR ?= verilator
IVERILOG  ?= iverilog
VVP       ?= vvp
YOSYS     ?= yosys

COSIM_CYCLES    ?= 1000000
COSIM_SEED      ?= 1
COSIM_STIM_SEED ?= 1
COSIM_PRESETS   := gddr5-hynix gddr6-rtx2060s
COSIM_SCHEMES   := base pm rmp pae fae all
COSIM_REGOUTS   := 0 1
BENCH_CYCLES    ?= 10000000
BENCH_IV_CYCLES ?= 20000

CS        := $(BUILD)/cosim
BIM_RTL   := rtl/gmc_bim.sv
BIM_HDRS  := tb/lockstep_common.h model/blocks/gmc_bim.h model/bim/gmc_gf2.h model/mem/gmc_addrmap.h \
             model/bim/gmc_bim_scheme.h model/util/gmc_rng.h
LS_SRC    := tb/lockstep_gmc_bim.cpp
TB_SRC    := tb/tb_gmc_bim.sv
RTL_SRCS  := $(sort $(wildcard rtl/*.sv))

# Verilator: -O3 on the generated code (OPT_FAST; -CFLAGS would not reach
# it), random initial state (with randReset(2) in the harness), VCD tracing
# compiled in but switched on only in the re-run after a mismatch.
# -mpopcnt (when both the CPU and the compiler have it) turns each output
# bit's parity into and+popcnt; without it g++ folds with shifts and setnp:
# +25 % lockstep speed at W = 33.
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

# A configuration is <preset>_<scheme>_s<seed>_r<reg_out>, the same name the
# committed vector files carry.  Presets contain '-' but never '_'.
cfg_p = $(word 1,$(subst _, ,$1))
cfg_s = $(word 2,$(subst _, ,$1))
cfg_n = $(patsubst s%,%,$(word 3,$(subst _, ,$1)))
cfg_r = $(patsubst r%,%,$(word 4,$(subst _, ,$1)))
cfg_mod = gmc_bim_$(subst -,_,$(call cfg_p,$1))_$(call cfg_s,$1)
cfg_args = --preset $(call cfg_p,$1) --scheme $(call cfg_s,$1) --seed $(call cfg_n,$1)

LS_CFGS  := $(foreach p,$(COSIM_PRESETS),$(foreach s,$(COSIM_SCHEMES),\
              $(foreach r,$(COSIM_REGOUTS),$(p)_$(s)_s$(COSIM_SEED)_r$(r))))
VEC_DIR  ?= vectors/bim
VECS     := $(sort $(wildcard $(VEC_DIR)/*.vec))
IV_CFGS  := $(notdir $(VECS:.vec=))
# RTL-fault lockstep: one scheme, both presets (W 30 and 33), both REG_OUT.
FAULT_CFGS := $(foreach p,$(COSIM_PRESETS),$(foreach r,$(COSIM_REGOUTS),$(p)_pae_s$(COSIM_SEED)_r$(r)))

# Chained pattern rules would make these "intermediate" and delete them.
.SECONDARY: $(foreach c,$(LS_CFGS),$(CS)/ls/$(c)/wrapper.stamp $(CS)/ls/$(c)/objs.stamp $(CS)/ls/$(c)/lockstep) \
            $(foreach c,$(IV_CFGS),$(CS)/iv/$(c)/wrapper.stamp $(CS)/iv/$(c)/tb.vvp \
              $(CS)/fault/iv/$(c)/wrapper.stamp $(CS)/fault/iv/$(c)/tb.vvp) \
            $(foreach c,$(FAULT_CFGS),$(CS)/fault/rtl/$(c)/wrapper.stamp $(CS)/fault/rtl/$(c)/objs.stamp \
              $(CS)/fault/rtl/$(c)/lockstep \
              $(CS)/fault/c/$(c)/lockstep) \
            $(foreach c,$(LS_CFGS),$(CS)/bench/$(c)_n$(BENCH_IV_CYCLES).vec $(CS)/bench/$(c).vvp)

.PHONY: lint lint-rtl lint-tb lint-wrappers cosim cosim-replay cosim-lockstep \
        cosim-fault cosim-fault-rtl cosim-fault-iverilog cosim-fault-c bench bench-bim FORCE
FORCE:

# ================================================================ lint
# Verilator -Wall must be silent; Icarus -Wall must print nothing; Yosys
# turns every warning into an error (-e).  Each RTL module is linted at
# its default parameters and, for gmc_bim, at the corners.
LINT_BIM_PARAMS := "" "-GREG_OUT=1'b1" "-GW=64 -GREG_OUT=1'b1" "-GW=1" "-GW=33"

lint: lint-rtl lint-tb lint-wrappers

lint-rtl:
	@rc=0; for f in $(RTL_SRCS); do m=$$(basename $$f .sv); \
	  $(VERILATOR) --lint-only -Wall --top-module $$m $(RTL_SRCS) || { echo "lint: verilator -Wall $$f"; rc=1; }; \
	  out=$$($(IVERILOG) -g2012 -Wall -s $$m -o /dev/null $(RTL_SRCS) 2>&1); \
	  if [ $$? -ne 0 ] || [ -n "$$out" ]; then echo "$$out"; echo "lint: iverilog $$f"; rc=1; fi; \
	  $(YOSYS) -q -e '.*' -p "read_verilog -sv $(RTL_SRCS); hierarchy -check -top $$m; proc; check -assert" \
	    || { echo "lint: yosys $$f"; rc=1; }; \
	done; \
	for g in $(LINT_BIM_PARAMS); do \
	  $(VERILATOR) --lint-only -Wall --top-module gmc_bim $$g $(BIM_RTL) || { echo "lint: verilator -Wall gmc_bim $$g"; rc=1; }; \
	done; \
	$(YOSYS) -q -e '.*' -p "read_verilog -sv $(BIM_RTL); chparam -set W 64 -set REG_OUT 1 gmc_bim; \
	  hierarchy -check -top gmc_bim; proc; check -assert" || { echo "lint: yosys gmc_bim W=64 REG_OUT=1"; rc=1; }; \
	[ $$rc -eq 0 ] && echo "lint: $(words $(RTL_SRCS)) RTL file(s) clean under verilator -Wall, iverilog, yosys"; exit $$rc

# The testbench: Icarus (what runs it) and Verilator lint (--timing for #delays).
lint-tb:
	@out=$$($(IVERILOG) -g2012 -Wall -o /dev/null $(TB_SRC) $(BIM_RTL) 2>&1); \
	if [ $$? -ne 0 ] || [ -n "$$out" ]; then echo "$$out"; echo "lint: iverilog $(TB_SRC)"; exit 1; fi
	@$(VERILATOR) --lint-only -Wall --timing --top-module tb_gmc_bim $(TB_SRC) $(BIM_RTL)
	@echo "lint: $(TB_SRC) clean under iverilog -Wall, verilator -Wall"

# What the CLI emits must be as clean as what is committed (both widths and
# both REG_OUT values; the file is named after its module for DECLFILENAME).
LINT_WRAP := $(foreach p,$(COSIM_PRESETS),$(foreach r,$(COSIM_REGOUTS),$(p)_all_s1_r$(r)))
lint-wrappers: $(GMC)
	@rc=0; for c in $(LINT_WRAP); do \
	  p=$${c%%_*}; r=$${c##*_r}; m=gmc_bim_$$(echo $$p | tr - _)_all; d=$(CS)/lint/$$c; mkdir -p $$d; \
	  $(GMC) bim --preset $$p --scheme all --seed 1 --reg-out $$r --emit-verilog --module $$m -o $$d/$$m.sv || rc=1; \
	  $(VERILATOR) --lint-only -Wall --top-module $$m $$d/$$m.sv $(BIM_RTL) || { echo "lint: verilator -Wall wrapper $$c"; rc=1; }; \
	  out=$$($(IVERILOG) -g2012 -Wall -o /dev/null $$d/$$m.sv $(BIM_RTL) 2>&1); \
	  if [ $$? -ne 0 ] || [ -n "$$out" ]; then echo "$$out"; echo "lint: iverilog wrapper $$c"; rc=1; fi; \
	done; [ $$rc -eq 0 ] && echo "lint: $(words $(LINT_WRAP)) emitted wrappers clean"; exit $$rc

# ================================================================ wrappers
# Written to a temporary file and replaced only when the text changed, so a
# rebuilt CLI does not force every Verilator model to be rebuilt.
# $1 = configuration, $2 = extra flags; writes $(@D)/<module>.sv.
define emit_wrapper
	@mkdir -p $(@D)
	@$(GMC) bim $(call cfg_args,$1) --reg-out $(call cfg_r,$1) --emit-verilog $2 \
	  --module $(call cfg_mod,$1) -o $(@D)/$(call cfg_mod,$1).sv.tmp
	@if cmp -s $(@D)/$(call cfg_mod,$1).sv.tmp $(@D)/$(call cfg_mod,$1).sv; then \
	  rm -f $(@D)/$(call cfg_mod,$1).sv.tmp; \
	else mv -f $(@D)/$(call cfg_mod,$1).sv.tmp $(@D)/$(call cfg_mod,$1).sv; fi
endef

# ================================================================ Verilator
$(VL_STAMP): FORCE
	@mkdir -p $(@D)
	@if [ "$$(cat $@ 2>/dev/null)" != '$(VL_SIG)' ]; then echo '$(VL_SIG)' > $@; fi

$(VLRT): $(BIM_RTL) $(VL_STAMP)
	@rm -rf $(@D) && mkdir -p $(@D)
	@echo "verilator: run-time library -> $@"
	@$(VERILATOR) --cc $(VL_FLAGS) --prefix Vbim -Mdir $(@D) $(BIM_RTL)
	@objs=$$(awk '/^VM_GLOBAL_(FAST|SLOW) \+=/{f=1;next} f&&/^[ \t]+[A-Za-z]/{print $$1".o";next} {f=0}' \
	  $(@D)/Vbim_classes.mk); \
	$(MAKE) -s --no-print-directory -C $(@D) -f Vbim.mk $(VL_MAKE) $$objs && \
	cd $(@D) && ar rcs libverilated.a $$objs

# One lockstep binary per configuration: <dir>/lockstep.  The harness gets the
# configuration as -D defines; the wrapper gets it from the CLI.  Compiling
# (<dir>/objs.stamp: verilate, g++ of the model and the harness) is kept
# apart from linking, so a changed libgmc only relinks.  Build time
# (verilate + g++ + link) goes to <dir>/build.time for `make bench`.
# $1 = directory, $2 = configuration name
define compile_lockstep
	@rm -rf $1/vl
	@s=$$(date +%s.%N); \
	$(VERILATOR) --cc --exe $(VL_FLAGS) --prefix Vbim --top-module $(call cfg_mod,$2) -Mdir $1/vl \
	  $1/$(call cfg_mod,$2).sv $(BIM_RTL) $(abspath $(LS_SRC)) \
	  -CFLAGS "-I$(abspath model) -I$(abspath tb) -DBIM_PRESET='\"$(call cfg_p,$2)\"' -DBIM_SCHEME='\"$(call cfg_s,$2)\"' \
	           -DBIM_SEED=$(call cfg_n,$2) -DBIM_REG_OUT=$(call cfg_r,$2)" \
	  -o lockstep && \
	$(MAKE) -s --no-print-directory -C $1/vl -f Vbim.mk $(VL_MAKE) Vbim__ALL.a lockstep_gmc_bim.o \
	  >$1/build.log 2>&1 || { cat $1/build.log; exit 1; }; \
	e=$$(date +%s.%N); awk "BEGIN { printf \"%.2f\n\", $$e - $$s }" > $1/compile.time
	@touch $1/objs.stamp
endef
# $1 = directory, $2 = extra objects linked ahead of libgmc
define link_lockstep
	@s=$$(date +%s.%N); \
	$(CXX) -o $1/lockstep $1/vl/lockstep_gmc_bim.o $1/vl/Vbim__ALL.a $2 $(LIB) $(VLRT) \
	  -pthread -lpthread -latomic && \
	e=$$(date +%s.%N); t=$$(awk "BEGIN { printf \"%.2f\", $$(cat $1/compile.time) + $$e - $$s }"); echo $$t > $1/build.time; \
	echo "verilator: $(notdir $1) linked (verilate + compile + link: $${t}s)"
endef

$(CS)/ls/%/wrapper.stamp: $(GMC) FORCE
	$(call emit_wrapper,$*,)
	@touch -r $(@D)/$(call cfg_mod,$*).sv $@

$(CS)/ls/%/objs.stamp: $(CS)/ls/%/wrapper.stamp $(BIM_RTL) $(LS_SRC) $(BIM_HDRS) $(VL_STAMP)
	$(call compile_lockstep,$(@D),$*)

$(CS)/ls/%/lockstep: $(CS)/ls/%/objs.stamp $(LIB) $(VLRT)
	$(call link_lockstep,$(@D),)

# Every check writes PASS or FAIL to <dir>/result and never stops make, so
# one run reports every failing configuration; the aggregate targets count
# the results, print "N passed, M failed" (the line tests/run_all.sh counts)
# and fail if M > 0.  $1 = label, $2 = result files.
define summarize
	@p=0; f=0; for r in $2; do \
	  if [ "$$(cat $$r 2>/dev/null)" = PASS ]; then p=$$((p + 1)); \
	  else f=$$((f + 1)); echo "$1: FAILED: $$(dirname $$r) (see its run.log)"; fi; done; \
	echo "$$p passed, $$f failed ($1)"; [ $$f -eq 0 ]
endef

# Run one configuration; one summary line, the full report on failure.
$(CS)/ls/%/run.log: $(CS)/ls/%/lockstep FORCE
	@$< --cycles $(COSIM_CYCLES) --stim-seed $(COSIM_STIM_SEED) --vcd $(@D)/fail.vcd >$@ 2>&1; rc=$$?; \
	if [ $$rc -ne 0 ] || ! grep -q '^lockstep bim: PASS' $@ || ! grep -q '^cycles compared: ' $@; then \
	  echo FAIL > $(@D)/result; cat $@; echo "cosim: lockstep $* FAILED (exit $$rc; log $@)"; \
	else echo PASS > $(@D)/result; \
	  printf 'lockstep %-32s %s  %s\n' "$*" "$$(grep '^cycles compared' $@)" \
	    "$$(sed -n 's/^lockstep bim: \(.*Mcycles\/s\).*/\1/p' $@)"; fi

cosim-lockstep: $(foreach c,$(LS_CFGS),$(CS)/ls/$(c)/run.log)
	$(call summarize,cosim: Verilator lockstep x $(COSIM_CYCLES) cycles stim-seed $(COSIM_STIM_SEED),\
	  $(foreach c,$(LS_CFGS),$(CS)/ls/$(c)/result))

# ================================================================ Icarus
# Replays one committed vector file through the wrapper the CLI emits for the
# configuration its name states; the header must state the same.
$(CS)/iv/%/wrapper.stamp: $(GMC) FORCE
	$(call emit_wrapper,$*,)
	@touch -r $(@D)/$(call cfg_mod,$*).sv $@

$(CS)/iv/%/tb.vvp: $(CS)/iv/%/wrapper.stamp $(TB_SRC) $(BIM_RTL) $(VEC_DIR)/%.vec tb/tb_vec_lines.svh
	@w=$$(sed -n 's/^# param W //p' $(VEC_DIR)/$*.vec); \
	$(IVERILOG) -g2012 -DBIM_TOP=$(call cfg_mod,$*) -DBIM_W=$$w -o $@ $(TB_SRC) \
	  $(@D)/$(call cfg_mod,$*).sv $(BIM_RTL)

# The header must name the configuration the file name states.
check_vec_header = \
	for kv in "preset $(call cfg_p,$1)" "scheme $(call cfg_s,$1)" "seed $(call cfg_n,$1)" "param REG_OUT $(call cfg_r,$1)"; do \
	  grep -qx "\# $$kv" $2 || { echo "$2: expected header line '\# $$kv' (from the file name)"; exit 1; }; done

$(CS)/iv/%/run.log: $(CS)/iv/%/tb.vvp FORCE
	@( $(call check_vec_header,$*,$(VEC_DIR)/$*.vec) ) >$@ 2>&1 && \
	$(VVP) -n $< +vec=$(VEC_DIR)/$*.vec >$@ 2>&1; rc=$$?; \
	if [ $$rc -ne 0 ] || ! grep -q '^tb_gmc_bim: PASS' $@; then \
	  echo FAIL > $(@D)/result; cat $@; echo "cosim: Icarus replay $* FAILED (exit $$rc; log $@)"; \
	else echo PASS > $(@D)/result; \
	  printf 'replay   %-32s %s\n' "$*" "$$(sed -n 's/^tb_gmc_bim: PASS [^:]*: //p' $@)"; fi

cosim-replay: $(foreach c,$(IV_CFGS),$(CS)/iv/$(c)/run.log)
	@[ -n "$(IV_CFGS)" ] || { echo "cosim: no $(VEC_DIR)/*.vec to replay (make vectors-golden)"; exit 1; }
	$(call summarize,cosim: Icarus replay of $(VEC_DIR)/*.vec,$(foreach c,$(IV_CFGS),$(CS)/iv/$(c)/result))

cosim: cosim-replay cosim-lockstep
	@echo "cosim: PASS"

# ================================================================ mutation
# Every check below must FAIL with a reported mismatch (exit 1 and the
# MISMATCH line), not with a crash or a build error; the target succeeds
# only if all of them do.
# expect_mismatch: $1 = log, $2 = exit code, $3 = what
expect_mismatch = \
	if [ $2 -eq 1 ] && grep -q '^MISMATCH block bim' $1; then \
	  echo PASS > $(dir $1)result; \
	  echo "cosim-fault: caught: $3: $$(grep -m1 '^MISMATCH' $1 | cut -c1-150)"; \
	else echo FAIL > $(dir $1)result; cat $1; \
	  echo "cosim-fault: NOT CAUGHT: $3 (exit $2, no MISMATCH report)"; fi

# (a) RTL fault: wrapper with one flipped matrix bit vs the correct C model.
$(CS)/fault/rtl/%/wrapper.stamp: $(GMC) FORCE
	$(call emit_wrapper,$*,--inject-fault)
	@touch -r $(@D)/$(call cfg_mod,$*).sv $@

$(CS)/fault/rtl/%/objs.stamp: $(CS)/fault/rtl/%/wrapper.stamp $(BIM_RTL) $(LS_SRC) $(BIM_HDRS) $(VL_STAMP)
	$(call compile_lockstep,$(@D),$*)

$(CS)/fault/rtl/%/lockstep: $(CS)/fault/rtl/%/objs.stamp $(LIB) $(VLRT)
	$(call link_lockstep,$(@D),)

# ... and the report must come with its waveform.
$(CS)/fault/rtl/%/run.log: $(CS)/fault/rtl/%/lockstep FORCE
	@rm -f $(@D)/fail.vcd; \
	$< --cycles 100000 --stim-seed $(COSIM_STIM_SEED) --vcd $(@D)/fail.vcd >$@ 2>&1; rc=$$?; \
	[ -s $(@D)/fail.vcd ] || { echo "cosim-fault: no waveform $(@D)/fail.vcd" >> $@; rc=99; }; \
	$(call expect_mismatch,$@,$$rc,RTL fault $* (lockstep))

# (b) the same kind of faulty wrapper under Icarus replay of the correct
# committed vectors (every file).
$(CS)/fault/iv/%/wrapper.stamp: $(GMC) FORCE
	$(call emit_wrapper,$*,--inject-fault)
	@touch -r $(@D)/$(call cfg_mod,$*).sv $@

$(CS)/fault/iv/%/tb.vvp: $(CS)/fault/iv/%/wrapper.stamp $(TB_SRC) $(BIM_RTL) $(VEC_DIR)/%.vec tb/tb_vec_lines.svh
	@w=$$(sed -n 's/^# param W //p' $(VEC_DIR)/$*.vec); \
	$(IVERILOG) -g2012 -DBIM_TOP=$(call cfg_mod,$*) -DBIM_W=$$w -o $@ $(TB_SRC) \
	  $(@D)/$(call cfg_mod,$*).sv $(BIM_RTL)

$(CS)/fault/iv/%/run.log: $(CS)/fault/iv/%/tb.vvp FORCE
	@$(VVP) -n $< +vec=$(VEC_DIR)/$*.vec >$@ 2>&1; rc=$$?; \
	$(call expect_mismatch,$@,$$rc,RTL fault $* (Icarus replay))

# (c) C fault: gmc_bim.c built with -DGMC_FAULT_BIM, linked ahead of libgmc
# (so the library's gmc_bim.o is never pulled in) into the harness and the
# correct Verilated model built by `cosim`.
$(CS)/fault/c/gmc_bim_fault.o: model/blocks/gmc_bim.c $(BIM_HDRS)
	@mkdir -p $(@D)
	@echo "cosim-fault: $@ (gmc_bim.c with -DGMC_FAULT_BIM)"
	@$(CC) $(CFLAGS_ALL) -DGMC_FAULT_BIM -c $< -o $@

$(CS)/fault/c/%/lockstep: $(CS)/ls/%/objs.stamp $(CS)/fault/c/gmc_bim_fault.o $(LIB) $(VLRT)
	@mkdir -p $(@D)
	@$(CXX) -o $@ $(CS)/ls/$*/vl/lockstep_gmc_bim.o $(CS)/ls/$*/vl/Vbim__ALL.a \
	  $(CS)/fault/c/gmc_bim_fault.o $(LIB) $(VLRT) -pthread -lpthread -latomic

$(CS)/fault/c/%/run.log: $(CS)/fault/c/%/lockstep FORCE
	@$< --cycles 100000 --stim-seed $(COSIM_STIM_SEED) --vcd $(@D)/fail.vcd >$@ 2>&1; rc=$$?; \
	$(call expect_mismatch,$@,$$rc,C fault $* (lockstep, GMC_FAULT_BIM))

FAULT_RESULTS := $(foreach c,$(FAULT_CFGS),$(CS)/fault/rtl/$(c)/result $(CS)/fault/c/$(c)/result) \
                 $(foreach c,$(IV_CFGS),$(CS)/fault/iv/$(c)/result)

cosim-fault-rtl: $(foreach c,$(FAULT_CFGS),$(CS)/fault/rtl/$(c)/run.log)
	$(call summarize,cosim-fault: RTL fault vs lockstep,$(foreach c,$(FAULT_CFGS),$(CS)/fault/rtl/$(c)/result))
cosim-fault-iverilog: $(foreach c,$(IV_CFGS),$(CS)/fault/iv/$(c)/run.log)
	@[ -n "$(IV_CFGS)" ] || { echo "cosim-fault: no $(VEC_DIR)/*.vec"; exit 1; }
	$(call summarize,cosim-fault: RTL fault vs Icarus replay,$(foreach c,$(IV_CFGS),$(CS)/fault/iv/$(c)/result))
cosim-fault-c: $(foreach c,$(FAULT_CFGS),$(CS)/fault/c/$(c)/run.log)
	$(call summarize,cosim-fault: C fault vs lockstep,$(foreach c,$(FAULT_CFGS),$(CS)/fault/c/$(c)/result))

# One summary over all three kinds (the parts' own targets print theirs).
cosim-fault: $(foreach c,$(FAULT_CFGS),$(CS)/fault/rtl/$(c)/run.log $(CS)/fault/c/$(c)/run.log) \
             $(foreach c,$(IV_CFGS),$(CS)/fault/iv/$(c)/run.log)
	@[ -n "$(IV_CFGS)" ] || { echo "cosim-fault: no $(VEC_DIR)/*.vec"; exit 1; }
	$(call summarize,cosim-fault: injected faults caught,$(FAULT_RESULTS))

# ================================================================ bench
# Lockstep (BENCH_CYCLES, best of 3 runs: the numbers are single-core and
# the machine may be shared) and Icarus replay (BENCH_IV_CYCLES of a vector
# file the CLI writes with the same stimulus seed; wall time including vvp
# start-up) for every configuration of `cosim`, side by side, one at a time.
BENCH_OUT       := $(BUILD)/bench/bim.txt

$(CS)/bench/%_n$(BENCH_IV_CYCLES).vec: $(GMC)
	@mkdir -p $(@D)
	@$(GMC) vectors bim $(call cfg_args,$*) --reg-out $(call cfg_r,$*) --cycles $(BENCH_IV_CYCLES) \
	  --stim-seed $(COSIM_STIM_SEED) -o $@

$(CS)/bench/%.vvp: $(CS)/ls/%/wrapper.stamp $(TB_SRC) $(BIM_RTL) $(GMC) tb/tb_vec_lines.svh
	@w=$$($(GMC) bim $(call cfg_args,$*) --cost --json | sed -n 's/.*"width": *\([0-9]*\).*/\1/p'); \
	$(IVERILOG) -g2012 -DBIM_TOP=$(call cfg_mod,$*) -DBIM_W=$$w -o $@ $(TB_SRC) \
	  $(CS)/ls/$*/$(call cfg_mod,$*).sv $(BIM_RTL)

bench: bench-bim
bench-bim: $(foreach c,$(LS_CFGS),$(CS)/ls/$(c)/lockstep $(CS)/bench/$(c)_n$(BENCH_IV_CYCLES).vec $(CS)/bench/$(c).vvp)
	@mkdir -p $(dir $(BENCH_OUT))
	@{ echo "# gmc_bim co-simulation speed, $$(date -u +%Y-%m-%dT%H:%MZ)"; \
	  echo "# machine: $$(nproc) CPU(s), $$(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -1)"; \
	  echo "# tools:   $$($(VERILATOR) --version); $$($(IVERILOG) -V 2>&1 | head -1); $$($(CXX) --version | head -1)"; \
	  echo "# lockstep: $(CS)/ls/<config>/lockstep --cycles $(BENCH_CYCLES) --stim-seed $(COSIM_STIM_SEED)  (best of 3)"; \
	  echo "# replay:   $(VVP) -n $(CS)/bench/<config>.vvp +vec=$(CS)/bench/<config>_n$(BENCH_IV_CYCLES).vec"; \
	  echo "# build:    verilate + g++ ($(VL_MAKE)) + link of one lockstep model, shared run-time"; \
	  echo "# evals:    REG_OUT=0: 1 eval()/cycle; REG_OUT=1: 2 eval()/cycle"; \
	  printf '%-28s %15s %14s %9s %8s\n' config lockstep_Mcyc/s icarus_kcyc/s speedup build_s; \
	  for c in $(LS_CFGS); do \
	    l=0; for k in 1 2 3; do \
	      v=$$($(CS)/ls/$$c/lockstep --cycles $(BENCH_CYCLES) --stim-seed $(COSIM_STIM_SEED) | \
	          sed -n 's/.* \([0-9.]*\) Mcycles\/s.*/\1/p'); \
	      l=$$(awk "BEGIN { printf \"%.1f\", ($$v > $$l) ? $$v : $$l }"); done; \
	    s=$$(date +%s.%N); $(VVP) -n $(CS)/bench/$$c.vvp +vec=$(CS)/bench/$${c}_n$(BENCH_IV_CYCLES).vec >/dev/null || exit 1; e=$$(date +%s.%N); \
	    i=$$(awk "BEGIN { printf \"%.1f\", $(BENCH_IV_CYCLES) / ($$e - $$s) / 1000 }"); \
	    x=$$(awk "BEGIN { printf \"%d\", $$l * 1000 / $$i }"); \
	    printf '%-28s %15s %14s %8sx %8.1f\n' $$c $$l $$i $$x $$(cat $(CS)/ls/$$c/build.time); \
	  done; } | tee $(BENCH_OUT)
	@echo "bench: written to $(BENCH_OUT)"
