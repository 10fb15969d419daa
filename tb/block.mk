# tb/block.mk -- the one verification flow: lint, golden vectors, Icarus
# replay, Verilator lockstep, fault injection and speed for every block in
# BLOCKS.  Each block states only what differs in tb/gmc_<blk>.mk (its
# configuration lists and fault switches; docs/adding-a-block.md); every
# port, parameter and flag comes from its C description through `gmc block`
# (model/vec/gmc_block.h).  Included by the top Makefile after the blocks'
# fragments and tb/cosim.mk (tools, Verilator flags, run-time archive).
#
# Per block <b> (each also a prerequisite of the project-wide target):
#   make lint-<b>           Verilator -Wall (+ the RTL fault), Icarus -Wall
#                           (generated testbench + RTL), Yosys proc/check
#                           (+ -formal) for <b>_LINT_CFGS
#   make vectors-<b>        regenerate the golden vectors, diff vectors/<b>/
#   make vectors-golden-<b> rewrite vectors/<b>/ (intended model change only)
#   make cosim-<b>          Icarus replay of vectors/<b>/*.vec, Verilator
#                           lockstep of <b>_LS_CFGS (COSIM_CYCLES each)
#   make cosim-fault-<b>    every injected fault must be caught
#   make bench-<b>          lockstep and Icarus cycles/s side by side
# Each check ends with "N passed, M failed (...)" and fails if M > 0.
#
# What a block's fragment sets (<b>_ prefix; lists of configuration names):
#   LS_CFGS          lockstep configurations
#   LINT_CFGS        lint configurations;  LINT_FORMAL_CFGS  also yosys -formal
#   LINT_G           extra raw -G parameter sets for Verilator -Wall (quoted)
#   VEC_CFGS         golden vector configurations; VEC_SUFFIX (file name =
#                    <cfg><suffix>.vec, stimulus seed 1); VEC_CYCLES
#   FAULT_CFGS       RTL-fault lockstep configurations
#   IV_FAULT_SKIP    vector files (patterns) the RTL fault cannot show in
#   C_FAULTS         values of -DGMC_FAULT_<B> for the C-fault builds;
#                    C_FAULT_CFGS.<n> their configurations (default LS_CFGS)
#   BOTH_FAULT       a C fault value that is the RTL fault's twin: lockstep
#                    agrees, the property checks must catch it (BOTH_EXPECT:
#                    the report's pattern) on FAULT_CFGS
#   RTL              RTL sources (default rtl/gmc_<b>.sv)
#   FAULT_IN_TOP     1: the RTL fault is injected by `gmc block top --fault`
#                    (BIM's wrapper) instead of the define GMC_FAULT_<B>
#   BENCH_CYCLES, BENCH_IV_CYCLES

BLK        := $(BUILD)/cosim
.SECONDEXPANSION:
# Chained pattern rules would make models, testbenches and stamps
# "intermediate" and delete them after each run.
.SECONDARY:

# A build directory is $(BLK)/<block>/<kind>/<config>; these take it apart.
b_blk  = $(word 1,$(subst /, ,$1))
b_kind = $(word 2,$(subst /, ,$1))
b_cfg  = $(word 3,$(subst /, ,$1))
# ... and the configuration it is for (an Icarus directory is named after
# its vector file: the configuration and the block's VEC_SUFFIX).
b_conf = $(patsubst %$($(call b_blk,$1)_VEC_SUFFIX),%,$(call b_cfg,$1))
b_up   = $(strip $(subst a,A,$(subst b,B,$(subst c,C,$(subst d,D,$(subst e,E,$(subst f,F,$(subst g,G,$(subst h,H,\
         $(subst i,I,$(subst k,K,$(subst l,L,$(subst m,M,$(subst n,N,$(subst o,O,$(subst p,P,$(subst q,Q,\
         $(subst r,R,$(subst s,S,$(subst t,T,$(subst u,U,$(subst v,V,$(subst w,W,$(subst x,X,$(subst y,Y,\
         $(subst z,Z,$(subst j,J,$1)))))))))))))))))))))))))))
b_rtl  = $(or $($1_RTL),rtl/gmc_$1.sv)
# The RTL fault: a define for blocks whose top is the RTL itself; blocks that
# generate their top (BIM) inject it there (gmc block top --fault).
b_fault_kind = $(filter fault-rtl fault-iv fault-both,$1)
b_libdeps = model/vec/gmc_block.h tb/lockstep_common.h tb/lockstep_main.h tb/ls_block.h

# $1 = label, $2 = result files (PASS/FAIL each)
define b_summarize
	@p=0; f=0; for r in $2; do \
	  if [ "$$(cat $$r 2>/dev/null)" = PASS ]; then p=$$((p + 1)); \
	  else f=$$((f + 1)); echo "$1: FAILED: $$(dirname $$r) (see the logs there)"; fi; done; \
	echo "$$p passed, $$f failed ($1)"; [ $$f -eq 0 ]
endef

# ================================================================ top
# <dir>/top.txt: the top module's name; generated sources (BIM's wrapper)
# are written next to it, replaced only when their text changed so a rebuilt
# CLI does not force every model to be rebuilt.
$(BLK)/%/top.txt: $(GMC) FORCE
	@mkdir -p $(@D)/gen.tmp
	@$(GMC) block top $(call b_blk,$*) $(call b_conf,$*) \
	  $(if $(call b_fault_kind,$(call b_kind,$*)),--fault) -o $(@D)/gen.tmp > $(@D)/top.tmp
	@for f in $(@D)/gen.tmp/*.sv; do [ -e "$$f" ] || continue; \
	  cmp -s $$f $(@D)/$$(basename $$f) || mv -f $$f $(@D)/; done; rm -rf $(@D)/gen.tmp
	@cmp -s $(@D)/top.tmp $@ || mv -f $(@D)/top.tmp $@; rm -f $(@D)/top.tmp
# The sources of a directory's model: the block's RTL and what top wrote.
b_srcs = $(call b_rtl,$(call b_blk,$1)) $$(ls $(BLK)/$1/*.sv 2>/dev/null | grep -v '/tb.sv$$')
b_def  = $(if $(call b_fault_kind,$(call b_kind,$1)),$(if $($(call b_blk,$1)_FAULT_IN_TOP),,$2GMC_FAULT_$(call b_up,$(call b_blk,$1))))

# ================================================================ Verilator
# One lockstep binary per directory: <dir>/lockstep.  Compiling (verilate,
# g++ of model and harness) is kept apart from linking, so a changed libgmc
# only relinks; the time goes to <dir>/compile.time, + link to build.time.
$(BLK)/%/objs.stamp: $(BLK)/%/top.txt $$(call b_rtl,$$(call b_blk,$$*)) \
                     tb/lockstep_gmc_$$(call b_blk,$$*).cpp $(b_libdeps) $(VL_STAMP)
	@rm -rf $(@D)/vl; s=$$(date +%s.%N); b=$(call b_blk,$*); c=$(call b_cfg,$*); \
	$(VERILATOR) --cc --exe $(VL_FLAGS) --prefix Vtop --top-module $$(cat $<) \
	  $$($(GMC) block flags $$b $$c verilator) $(call b_def,$*,+define+) -Mdir $(@D)/vl \
	  $(call b_srcs,$*) $(abspath tb/lockstep_gmc_$(call b_blk,$*).cpp) \
	  -CFLAGS "-I$(abspath model) -I$(abspath tb) -DGMC_LS_CONFIG='\"'$$c'\"'" -o lockstep && \
	$(MAKE) -s --no-print-directory -C $(@D)/vl -f Vtop.mk $(VL_MAKE) Vtop__ALL.a \
	  lockstep_gmc_$(call b_blk,$*).o >$(@D)/build.log 2>&1 || { cat $(@D)/build.log; exit 1; }; \
	e=$$(date +%s.%N); awk "BEGIN { printf \"%.2f\n\", $$e - $$s }" > $(@D)/compile.time
	@touch $@

# $1 = output, $2 = compiled directory, $3 = objects linked ahead of libgmc
define b_link
	@mkdir -p $(dir $1); s=$$(date +%s.%N); \
	$(CXX) -o $1 $2/vl/lockstep_gmc_$(call b_blk,$(patsubst $(BLK)/%,%,$2)).o $2/vl/Vtop__ALL.a $3 \
	  $(LIB) $(VLRT) -pthread -lpthread -latomic && \
	e=$$(date +%s.%N); t=$$(awk "BEGIN { printf \"%.2f\", $$(cat $2/compile.time) + $$e - $$s }"); \
	echo $$t > $(dir $1)build.time; \
	echo "verilator: $(patsubst $(BLK)/%/,%,$(dir $1)) linked (verilate + compile + link: $${t}s)"
endef

$(BLK)/%/lockstep: $(BLK)/%/objs.stamp $(LIB) $(VLRT)
	$(call b_link,$@,$(@D),)

# A C fault: the block's C file rebuilt with -DGMC_FAULT_<B>=<n> and linked
# ahead of libgmc (so the library's object is never pulled in) into the
# correct model of $(BLK)/<b>/ls/<cfg>; "both" into the RTL-fault model.
$(BLK)/%.cfault.o: model/blocks/gmc_$$(word 1,$$(subst /, ,$$*)).c
	@mkdir -p $(@D)
	@echo "cosim-fault: $@ (gmc_$(call b_blk,$*).c with -DGMC_FAULT_$(call b_up,$(call b_blk,$*))=$(patsubst c%,%,$(notdir $*)))"
	@$(CC) $(CFLAGS_ALL) -DGMC_FAULT_$(call b_up,$(call b_blk,$*))=$(patsubst c%,%,$(notdir $*)) -c $< -o $@
# $(BLK)/<b>/fault-c<n>/<cfg>/lockstep
$(BLK)/%/cfault.lockstep: $$(BLK)/$$(call b_blk,$$*)/ls/$$(call b_cfg,$$*)/objs.stamp \
    $$(BLK)/$$(call b_blk,$$*)/$$(subst fault-c,c,$$(call b_kind,$$*)).cfault.o $(LIB) $(VLRT)
	$(call b_link,$@,$(BLK)/$(call b_blk,$*)/ls/$(call b_cfg,$*),$(word 2,$^))
$(BLK)/%/both.lockstep: $$(BLK)/$$(call b_blk,$$*)/fault-rtl/$$(call b_cfg,$$*)/objs.stamp \
    $$(BLK)/$$(call b_blk,$$*)/c$$($$(call b_blk,$$*)_BOTH_FAULT).cfault.o $(LIB) $(VLRT)
	$(call b_link,$@,$(BLK)/$(call b_blk,$*)/fault-rtl/$(call b_cfg,$*),$(word 2,$^))

# Every check writes PASS or FAIL to <dir>/result and never stops make, so
# one run reports every failing configuration.
$(BLK)/%/ls.log: $(BLK)/%/lockstep FORCE
	@b=$(call b_blk,$*); $< --cycles $(COSIM_CYCLES) --stim-seed $(COSIM_STIM_SEED) --vcd $(@D)/fail.vcd >$@ 2>&1; rc=$$?; \
	if [ $$rc -ne 0 ] || ! grep -q "^lockstep $$b: PASS" $@ || ! grep -q '^cycles compared: ' $@; then \
	  echo FAIL > $(@D)/result; cat $@; echo "cosim-$$b: lockstep $(call b_cfg,$*) FAILED (exit $$rc; log $@)"; \
	else echo PASS > $(@D)/result; \
	  printf 'lockstep %-8s %-32s %s; %s\n' $$b "$(call b_cfg,$*)" "$$(sed -n 's/^cycles compared: \([0-9]*\).*/\1 cycles/p' $@)" \
	    "$$(sed -n "s/^lockstep $$b: \(.*Mcycles\/s\).*/\1/p" $@)"; fi

# Fault runs must fail the way they should: exit 1 with the expected report
# (not a crash or a build error).  $1 = log, $2 = pattern, $3 = exit code, $4 = what
b_expect = \
	if [ $3 -eq 1 ] && grep -Eq '$2' $1; then echo PASS > $(dir $1)result; \
	  echo "cosim-fault: caught: $4: $$(grep -Em1 '$2' $1 | cut -c1-150)"; \
	else echo FAIL > $(dir $1)result; cat $1; \
	  echo "cosim-fault: NOT CAUGHT: $4 (exit $3, no report matching /$2/)"; fi

# RTL fault in lockstep: a MISMATCH and its waveform.
$(BLK)/%/rtlfault.log: $(BLK)/%/lockstep FORCE
	@rm -f $(@D)/fail.vcd; \
	$< --cycles 100000 --stim-seed $(COSIM_STIM_SEED) --vcd $(@D)/fail.vcd >$@ 2>&1; rc=$$?; \
	[ -s $(@D)/fail.vcd ] || { echo "cosim-fault: no waveform $(@D)/fail.vcd" >> $@; rc=99; }; \
	$(call b_expect,$@,^MISMATCH block $(call b_blk,$*),$$rc,RTL fault $(call b_blk,$*) $(call b_cfg,$*) (lockstep))
$(BLK)/%/cfault.log: $(BLK)/%/cfault.lockstep FORCE
	@$< --cycles 100000 --stim-seed $(COSIM_STIM_SEED) --vcd $(@D)/fail.vcd >$@ 2>&1; rc=$$?; \
	$(call b_expect,$@,^MISMATCH block $(call b_blk,$*),$$rc,C fault $(call b_kind,$*) $(call b_blk,$*) $(call b_cfg,$*) (lockstep))
$(BLK)/%/both.log: $(BLK)/%/both.lockstep FORCE
	@$< --cycles 100000 --stim-seed $(COSIM_STIM_SEED) --vcd $(@D)/fail.vcd >$@ 2>&1; rc=$$?; \
	$(call b_expect,$@,$($(call b_blk,$*)_BOTH_EXPECT),$$rc,shared fault $(call b_blk,$*) $(call b_cfg,$*) (C and RTL agree; property check))

# ================================================================ Icarus
# $(BLK)/<b>/iv|fault-iv/<vector file name>: the configuration is the file
# name without the block's VEC_SUFFIX; the generated testbench checks the
# file's header against it.
$(BLK)/%/tb.vvp: $(BLK)/%/top.txt $$(call b_rtl,$$(call b_blk,$$*)) tb/tb_vec_lines.svh $(GMC)
	@b=$(call b_blk,$*); c=$(call b_conf,$*); \
	$(GMC) block tb $$b $$c -o $(@D)/tb.sv && \
	$(IVERILOG) -g2012 $(call b_def,$*,-D) -o $@ $(@D)/tb.sv $(call b_srcs,$*)
$(BLK)/%/iv.log: $(BLK)/%/tb.vvp FORCE
	@b=$(call b_blk,$*); v=vectors/$$b/$(call b_cfg,$*).vec; \
	$(VVP) -n $< +vec=$$v >$@ 2>&1; rc=$$?; \
	if [ "$(call b_kind,$*)" = fault-iv ]; then \
	  $(call b_expect,$@,^MISMATCH block $(call b_blk,$*),$$rc,RTL fault $(call b_blk,$*) $(call b_cfg,$*) (Icarus replay)); \
	elif [ $$rc -ne 0 ] || ! grep -q "^tb_gmc_$$b: PASS" $@; then \
	  echo FAIL > $(@D)/result; cat $@; echo "cosim-$$b: Icarus replay $(call b_cfg,$*) FAILED (exit $$rc; log $@)"; \
	else echo PASS > $(@D)/result; \
	  printf 'replay   %-8s %-32s %s\n' $$b "$(call b_cfg,$*)" "$$(sed -n "s/^tb_gmc_$$b: PASS [^:]*: //p" $@)"; fi

# ================================================================ per block
# $1 = block.  Every list below is what the aggregate targets depend on.
b_vecs      = $(notdir $(basename $(sort $(wildcard vectors/$1/*.vec))))
b_iv_fault  = $(filter-out $($1_IV_FAULT_SKIP),$(call b_vecs,$1))
b_cfault    = $(foreach n,$($1_C_FAULTS),$(foreach c,$(or $($1_C_FAULT_CFGS.$n),$($1_LS_CFGS)),$(BLK)/$1/fault-c$n/$c/cfault.log))
b_fault_logs = $(foreach c,$($1_FAULT_CFGS),$(BLK)/$1/fault-rtl/$c/rtlfault.log) \
               $(if $($1_BOTH_FAULT),$(foreach c,$($1_FAULT_CFGS),$(BLK)/$1/fault-both/$c/both.log)) \
               $(call b_cfault,$1) \
               $(foreach v,$(call b_iv_fault,$1),$(BLK)/$1/fault-iv/$v/iv.log)
b_cosim_logs = $(foreach v,$(call b_vecs,$1),$(BLK)/$1/iv/$v/iv.log) \
               $(foreach c,$($1_LS_CFGS),$(BLK)/$1/ls/$c/ls.log)

LINT_TARGETS  := $(BLOCKS:%=lint-%)
COSIM_TARGETS := $(BLOCKS:%=cosim-%)
FAULT_TARGETS := $(BLOCKS:%=cosim-fault-%)
VEC_TARGETS   := $(BLOCKS:%=vectors-%)
.PHONY: $(LINT_TARGETS) $(COSIM_TARGETS) $(FAULT_TARGETS) $(VEC_TARGETS) \
        $(BLOCKS:%=vectors-golden-%) $(BLOCKS:%=bench-%)
lint: $(LINT_TARGETS)
cosim: $(COSIM_TARGETS)  ## Icarus replay of the golden vectors + Verilator lockstep of every block (COSIM_CYCLES=$(COSIM_CYCLES))
cosim-fault: $(FAULT_TARGETS)  ## mutation checks: every injected RTL and C fault must be caught
vectors: $(VEC_TARGETS)  ## regenerate every block's golden vectors under $(BUILD)/vectors and diff the committed set
vectors-golden: $(BLOCKS:%=vectors-golden-%)  ## rewrite the committed golden vectors (intended model change only)
bench: $(BLOCKS:%=bench-%)  ## lockstep vs Icarus cycles/s per block, C-model and trace-mode speed

$(COSIM_TARGETS): cosim-%: $$(call b_cosim_logs,$$*)
	@[ -n "$(call b_vecs,$*)" ] || { echo "cosim-$*: no vectors/$*/*.vec (make vectors-golden-$*)"; exit 1; }
	$(call b_summarize,cosim-$*: Icarus replay + Verilator lockstep x $(COSIM_CYCLES) cycles stim-seed $(COSIM_STIM_SEED),$(addsuffix result,$(dir $^)))

$(FAULT_TARGETS): cosim-fault-%: $$(call b_fault_logs,$$*)
	$(call b_summarize,cosim-fault-$*: injected faults caught,$(addsuffix result,$(dir $^)))

# ---------------------------------------------------------------- vectors
$(VEC_TARGETS): vectors-%: $(GMC)
	@mkdir -p $(BUILD)/vectors/$*
	@p=0; f=0; for c in $($*_VEC_CFGS); do v=$${c}$($*_VEC_SUFFIX).vec; \
	  if $(GMC) block vectors $* $$c --cycles $($*_VEC_CYCLES) --stim-seed 1 -o $(BUILD)/vectors/$*/$$v && \
	     cmp -s $(BUILD)/vectors/$*/$$v vectors/$*/$$v; then p=$$((p + 1)); \
	  else f=$$((f + 1)); echo "vectors-$*: $$v differs from the committed golden file (diff $(BUILD)/vectors/$*/$$v vectors/$*/$$v)"; fi; \
	done; echo "$$p passed, $$f failed (vectors-$*: golden files regenerate identically)"; [ $$f -eq 0 ]

$(BLOCKS:%=vectors-golden-%): vectors-golden-%: $(GMC)
	@mkdir -p vectors/$*
	@for c in $($*_VEC_CFGS); do \
	  $(GMC) block vectors $* $$c --cycles $($*_VEC_CYCLES) --stim-seed 1 -o vectors/$*/$${c}$($*_VEC_SUFFIX).vec || exit 1; \
	done; echo "wrote $(words $($*_VEC_CFGS)) files to vectors/$*/"

# ---------------------------------------------------------------- lint
# Per configuration: Verilator -Wall of the top (and with the RTL fault),
# Icarus -Wall of the generated testbench with the RTL, Yosys proc +
# check -assert (and with -formal: the property section).
$(BLK)/%/lint.log: $(BLK)/%/top.txt $$(call b_rtl,$$(call b_blk,$$*)) $(GMC) FORCE
	@b=$(call b_blk,$*); c=$(call b_cfg,$*); d=$(@D); t=$$(cat $<); src="$(call b_srcs,$*)"; \
	p=0; f=0; { \
	if $(VERILATOR) --lint-only -Wall --top-module $$t $$($(GMC) block flags $$b $$c verilator) $$src; \
	then p=$$((p + 1)); else f=$$((f + 1)); echo "lint-$$b: verilator -Wall $$c"; fi; \
	if [ -z "$($(call b_blk,$*)_FAULT_IN_TOP)" ]; then \
	  if $(VERILATOR) --lint-only -Wall --top-module $$t $$($(GMC) block flags $$b $$c verilator) \
	     +define+GMC_FAULT_$(call b_up,$(call b_blk,$*)) $$src; \
	  then p=$$((p + 1)); else f=$$((f + 1)); echo "lint-$$b: verilator -Wall $$c (fault)"; fi; fi; \
	$(GMC) block tb $$b $$c -o $$d/tb.sv && out=$$($(IVERILOG) -g2012 -Wall -o /dev/null $$d/tb.sv $$src 2>&1); \
	if [ $$? -eq 0 ] && [ -z "$$out" ]; then p=$$((p + 1)); \
	else f=$$((f + 1)); echo "$$out"; echo "lint-$$b: iverilog $$c (generated testbench + RTL)"; fi; \
	ch=$$($(GMC) block flags $$b $$c yosys); \
	if $(YOSYS) -q -e '.*' -p "read_verilog -defer -sv $$src; $${ch:+chparam $$ch $$t;} \
	     hierarchy -check -top $$t; proc; check -assert"; then p=$$((p + 1)); \
	else f=$$((f + 1)); echo "lint-$$b: yosys $$c"; fi; \
	if [ -n "$(filter $(call b_cfg,$*),$($(call b_blk,$*)_LINT_FORMAL_CFGS))" ]; then \
	  if $(YOSYS) -q -p "read_verilog -defer -sv -formal $$src; $${ch:+chparam $$ch $$t;} \
	       hierarchy -check -top $$t; proc; check -assert"; then p=$$((p + 1)); \
	  else f=$$((f + 1)); echo "lint-$$b: yosys -formal $$c"; fi; fi; \
	} > $@ 2>&1; cat $@; [ $$f -eq 0 ] && echo PASS > $(@D)/result || echo FAIL > $(@D)/result; \
	echo "$$p $$f" > $(@D)/counts

# Raw parameter sets (corners no configuration name spells, e.g. W = 64).
$(BLK)/%/lintg.log: $$(call b_rtl,$$(call b_blk,$$*)) FORCE
	@mkdir -p $(@D); b=$(call b_blk,$*); m=gmc_$$b; f=0; n=0; { \
	for g in $($(call b_blk,$*)_LINT_G); do n=$$((n + 1)); \
	  $(VERILATOR) --lint-only -Wall --top-module $$m $$g $(call b_rtl,$(call b_blk,$*)) || { f=$$((f + 1)); echo "lint-$$b: verilator -Wall $$g"; }; \
	done; } > $@ 2>&1; cat $@; [ $$f -eq 0 ] && echo PASS > $(@D)/result || echo FAIL > $(@D)/result; \
	echo "$$((n - f)) $$f" > $(@D)/counts

$(LINT_TARGETS): lint-%: $$(foreach c,$$($$*_LINT_CFGS),$(BLK)/$$*/lint/$$c/lint.log) $(BLK)/$$*/lint-g/all/lintg.log
	@p=0; f=0; for d in $(dir $^); do read a b < $$d/counts; p=$$((p + a)); f=$$((f + b)); done; \
	echo "$$p passed, $$f failed (lint-$*: $(words $($*_LINT_CFGS)) configurations, raw parameter sets included)"; [ $$f -eq 0 ]

# ---------------------------------------------------------------- bench
# Lockstep (BENCH_CYCLES, best of 3: the numbers are single-core and the
# machine may be shared) and Icarus replay (BENCH_IV_CYCLES of a vector
# file written with the same stimulus seed; wall time including vvp
# start-up) of every lockstep configuration, side by side, one at a time.
$(BLK)/%/bench.vec: $(GMC)
	@mkdir -p $(@D)
	@$(GMC) block vectors $(call b_blk,$*) $(call b_cfg,$*) --cycles $(or $($(call b_blk,$*)_BENCH_IV_CYCLES),20000) \
	  --stim-seed $(COSIM_STIM_SEED) -o $@
$(BLOCKS:%=bench-%): bench-%: $(BUILD)/bench/bench_block $$(foreach c,$$($$*_LS_CFGS),$(BLK)/$$*/ls/$$c/lockstep $(BLK)/$$*/iv/$$c$$($$*_VEC_SUFFIX)/tb.vvp $(BLK)/$$*/ls/$$c/bench.vec)
	@mkdir -p $(BUILD)/bench
	@{ echo "# gmc_$* co-simulation speed, $$(date -u +%Y-%m-%dT%H:%MZ)"; \
	  echo "# machine: $$(nproc) CPU(s), $$(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -1)"; \
	  echo "# tools:   $$($(VERILATOR) --version); $$($(IVERILOG) -V 2>&1 | head -1); $$($(CXX) --version | head -1)"; \
	  echo "# C model:  $(BUILD)/bench/bench_block $* <config> (the step in place on pre-drawn stimulus, best of 3)"; \
	  echo "# lockstep: $(BLK)/$*/ls/<config>/lockstep --cycles $(or $($*_BENCH_CYCLES),10000000) --stim-seed $(COSIM_STIM_SEED)  (best of 3)"; \
	  echo "# replay:   $(VVP) -n $(BLK)/$*/iv/<config>/tb.vvp +vec=$(BLK)/$*/ls/<config>/bench.vec"; \
	  echo "# build:    verilate + g++ ($(VL_MAKE)) + link of one lockstep model, shared run-time"; \
	  printf '%-32s %10s %15s %14s %9s %8s\n' config C_Mstep/s lockstep_Mcyc/s icarus_kcyc/s speedup build_s; \
	  for c in $($*_LS_CFGS); do \
	    m=$$($(BUILD)/bench/bench_block $* $$c | sed -n 's/.* \([0-9.]*\) Msteps\/s.*/\1/p'); \
	    l=0; for k in 1 2 3; do \
	      v=$$($(BLK)/$*/ls/$$c/lockstep --cycles $(or $($*_BENCH_CYCLES),10000000) --stim-seed $(COSIM_STIM_SEED) | \
	          sed -n 's/.* \([0-9.]*\) Mcycles\/s.*/\1/p'); \
	      l=$$(awk "BEGIN { printf \"%.2f\", ($$v > $$l) ? $$v : $$l }"); done; \
	    n=$$(grep -c '^[0-9a-f]' $(BLK)/$*/ls/$$c/bench.vec); \
	    s=$$(date +%s.%N); $(VVP) -n $(BLK)/$*/iv/$${c}$($*_VEC_SUFFIX)/tb.vvp +vec=$(BLK)/$*/ls/$$c/bench.vec >/dev/null || exit 1; e=$$(date +%s.%N); \
	    i=$$(awk "BEGIN { printf \"%.1f\", $$n / ($$e - $$s) / 1000 }"); \
	    x=$$(awk "BEGIN { printf \"%d\", $$l * 1000 / $$i }"); \
	    printf '%-32s %10s %15s %14s %8sx %8.1f\n' $$c $$m $$l $$i $$x $$(cat $(BLK)/$*/ls/$$c/build.time); \
	  done; } | tee $(BUILD)/bench/$*.txt
	@echo "bench-$*: written to $(BUILD)/bench/$*.txt"
