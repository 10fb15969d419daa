# tb/cosim_bankarb.mk -- lint, golden vectors, co-simulation, mutation checks
# and speed of rtl/gmc_bankarb.sv against its C twin model/blocks/gmc_bankarb.c.
# Included by the top Makefile after tb/cosim.mk, whose tool variables and
# Verilator set-up it reuses (VERILATOR, IVERILOG, VVP, YOSYS, VL_FLAGS,
# VL_MAKE, VL_STAMP, and the shared Verilator run-time archive VLRT).
#
#   make lint-bankarb          RTL through Verilator -Wall (8 parameter sets),
#                              Icarus -Wall, Yosys; the testbench too
#   make vectors-bankarb       regenerate the golden vectors, diff vectors/bankarb/
#   make vectors-golden-bankarb  rewrite vectors/bankarb/ (intended model change only)
#   make cosim-bankarb         Icarus replay of vectors/bankarb/*.vec, Verilator
#                              lockstep (BA_COSIM_CYCLES per configuration)
#   make cosim-fault-bankarb   mutation checks: every injected fault must be caught
#   make bench-bankarb         C model, lockstep and Icarus cycles/s -> build/bench/bankarb.txt
#
# All of them are prerequisites of the project-wide lint, vectors,
# vectors-golden, cosim, cosim-fault and bench targets.  Each check target
# ends with "N passed, M failed (...)" and fails if M > 0.
#
# Knobs: BA_COSIM_CYCLES (default COSIM_CYCLES, 10^6), COSIM_STIM_SEED
# (printed; any run can be repeated), BA_BENCH_CYCLES, BA_BENCH_IV_CYCLES.

BA_RTL      := rtl/gmc_bankarb.sv
BA_TB       := tb/tb_gmc_bankarb.sv
BA_LS_SRC   := tb/lockstep_gmc_bankarb.cpp
BA_HDRS     := tb/lockstep_common.h model/blocks/gmc_bankarb.h model/vec/gmc_vec_bankarb.h model/util/gmc_rng.h
BA          := $(CS)/bankarb
BA_COSIM_CYCLES ?= $(COSIM_CYCLES)
BA_BENCH_CYCLES ?= 10000000
BA_BENCH_IV_CYCLES ?= 20000

# A configuration is nb<NB>_tl<TWO_LEVEL>.
ba_nb = $(patsubst nb%,%,$(word 1,$(subst _, ,$1)))
ba_tl = $(patsubst tl%,%,$(word 2,$(subst _, ,$1)))

BA_LS_CFGS    := nb16_tl1 nb16_tl0 nb5_tl1 nb64_tl1
BA_FAULT_CFGS := nb16_tl1 nb16_tl0 nb5_tl1
BA_TL1_CFGS   := $(filter %_tl1,$(BA_LS_CFGS))
# Golden vectors: <cfg>_s1.vec, 512 cycles, stimulus seed 1.
BA_VEC_DIR    := vectors/bankarb
BA_VEC_CFGS   := nb16_tl1 nb16_tl0 nb5_tl1 nb1_tl1 nb64_tl1
BA_VEC_NAMES  := $(BA_VEC_CFGS:%=%_s1)
BA_VEC_CYCLES := 512
BA_VECS       := $(sort $(wildcard $(BA_VEC_DIR)/*.vec))
BA_IV         := $(notdir $(BA_VECS:.vec=))
# The RTL fault (pointer not skipping the granted bank) cannot show with one
# bank: replay it against every file with NB >= 2.
BA_IV_FAULT   := $(filter-out nb1_%,$(BA_IV))

.SECONDARY: $(BA)/fault/gmc_bankarb_c1.o $(BA)/fault/gmc_bankarb_c2.o \
            $(foreach c,$(BA_LS_CFGS),$(BA)/ls/$(c)/objs.stamp $(BA)/ls/$(c)/lockstep \
              $(BA)/fault/c1/$(c)/lockstep $(BA)/fault/c2/$(c)/lockstep) \
            $(foreach c,$(BA_FAULT_CFGS),$(BA)/fault/rtl/$(c)/objs.stamp $(BA)/fault/rtl/$(c)/lockstep \
              $(BA)/fault/both/$(c)/lockstep) \
            $(foreach c,$(BA_IV),$(BA)/iv/$(c)/tb.vvp $(BA)/fault/iv/$(c)/tb.vvp)

.PHONY: lint-bankarb vectors-bankarb vectors-golden-bankarb cosim-bankarb cosim-fault-bankarb \
        bench-bankarb
lint: lint-bankarb
vectors: vectors-bankarb
vectors-golden: vectors-golden-bankarb
cosim: cosim-bankarb
cosim-fault: cosim-fault-bankarb
bench: bench-bankarb

# $1 = label, $2 = result files (PASS/FAIL each)
define ba_summarize
	@p=0; f=0; for r in $2; do \
	  if [ "$$(cat $$r 2>/dev/null)" = PASS ]; then p=$$((p + 1)); \
	  else f=$$((f + 1)); echo "$1: FAILED: $$(dirname $$r) (see the logs there)"; fi; done; \
	echo "$$p passed, $$f failed ($1)"; [ $$f -eq 0 ]
endef

# ================================================================ lint
BA_LINT_PARAMS := "" "-GTWO_LEVEL=0" "-GNB=1" "-GNB=1 -GTWO_LEVEL=0" "-GNB=2" "-GNB=5" \
                  "-GNB=5 -GTWO_LEVEL=0" "-GNB=64"
lint-bankarb:
	@p=0; f=0; for g in $(BA_LINT_PARAMS); do \
	  if $(VERILATOR) --lint-only -Wall --top-module gmc_bankarb $$g $(BA_RTL); then p=$$((p + 1)); \
	  else f=$$((f + 1)); echo "lint-bankarb: verilator -Wall $$g"; fi; \
	  if $(VERILATOR) --lint-only -Wall --top-module gmc_bankarb $$g +define+GMC_FAULT_BANKARB $(BA_RTL); \
	  then p=$$((p + 1)); else f=$$((f + 1)); echo "lint-bankarb: verilator -Wall $$g (fault)"; fi; \
	done; \
	for nt in "16 1" "16 0" "5 1" "1 1" "64 0"; do set -- $$nt; \
	  out=$$($(IVERILOG) -g2012 -Wall -DBA_NB=$$1 -DBA_TWO_LEVEL=$$2 -o /dev/null $(BA_TB) $(BA_RTL) 2>&1); \
	  if [ $$? -eq 0 ] && [ -z "$$out" ]; then p=$$((p + 1)); \
	  else f=$$((f + 1)); echo "$$out"; echo "lint-bankarb: iverilog NB $$1 TWO_LEVEL $$2"; fi; \
	  if $(YOSYS) -q -e '.*' -p "read_verilog -sv $(BA_RTL); chparam -set NB $$1 -set TWO_LEVEL $$2 gmc_bankarb; \
	       hierarchy -check -top gmc_bankarb; proc; check -assert"; then p=$$((p + 1)); \
	  else f=$$((f + 1)); echo "lint-bankarb: yosys NB $$1 TWO_LEVEL $$2"; fi; \
	  if $(YOSYS) -q -p "read_verilog -sv -formal $(BA_RTL); chparam -set NB $$1 -set TWO_LEVEL $$2 gmc_bankarb; \
	       hierarchy -check -top gmc_bankarb; proc; check -assert"; then p=$$((p + 1)); \
	  else f=$$((f + 1)); echo "lint-bankarb: yosys -formal NB $$1 TWO_LEVEL $$2"; fi; \
	done; \
	if $(VERILATOR) --lint-only -Wall --timing --top-module tb_gmc_bankarb $(BA_TB) $(BA_RTL); then p=$$((p + 1)); \
	else f=$$((f + 1)); echo "lint-bankarb: verilator -Wall $(BA_TB)"; fi; \
	echo "$$p passed, $$f failed (lint-bankarb: $(BA_RTL), $(BA_TB))"; [ $$f -eq 0 ]

# ================================================================ vectors
vectors-bankarb: $(GMC)
	@mkdir -p $(BUILD)/vectors/bankarb
	@p=0; f=0; for v in $(BA_VEC_NAMES); do \
	  nb=$${v%%_*}; nb=$${nb#nb}; tl=$${v#*_tl}; tl=$${tl%%_*}; \
	  $(GMC) vectors bankarb --banks $$nb --two-level $$tl --cycles $(BA_VEC_CYCLES) --stim-seed 1 \
	    -o $(BUILD)/vectors/bankarb/$$v.vec || { f=$$((f + 1)); continue; }; \
	  if cmp -s $(BUILD)/vectors/bankarb/$$v.vec $(BA_VEC_DIR)/$$v.vec; then p=$$((p + 1)); \
	  else f=$$((f + 1)); echo "vectors-bankarb: $$v.vec differs from the committed golden file" \
	    "(diff $(BUILD)/vectors/bankarb/$$v.vec $(BA_VEC_DIR)/$$v.vec)"; fi; \
	done; echo "$$p passed, $$f failed (vectors-bankarb: golden files regenerate identically)"; [ $$f -eq 0 ]

vectors-golden-bankarb: $(GMC)
	@mkdir -p $(BA_VEC_DIR)
	@for v in $(BA_VEC_NAMES); do \
	  nb=$${v%%_*}; nb=$${nb#nb}; tl=$${v#*_tl}; tl=$${tl%%_*}; \
	  $(GMC) vectors bankarb --banks $$nb --two-level $$tl --cycles $(BA_VEC_CYCLES) --stim-seed 1 \
	    -o $(BA_VEC_DIR)/$$v.vec || exit 1; done; \
	echo "wrote $(words $(BA_VEC_NAMES)) files to $(BA_VEC_DIR)/"

# ================================================================ Icarus replay
# NB and TWO_LEVEL come from the file's header; it must also agree with the
# file's name.  $1 = vector name, $2 = extra iverilog flags.
define ba_iv_compile
	@mkdir -p $(@D)
	@nb=$$(sed -n 's/^# param NB //p' $(BA_VEC_DIR)/$1.vec); tl=$$(sed -n 's/^# param TWO_LEVEL //p' $(BA_VEC_DIR)/$1.vec); \
	[ "nb$${nb}_tl$${tl}" = "$$(echo $1 | cut -d_ -f1-2)" ] || \
	  { echo "$(BA_VEC_DIR)/$1.vec: header says NB $$nb TWO_LEVEL $$tl, the name says $1"; exit 1; }; \
	$(IVERILOG) -g2012 $2 -DBA_NB=$$nb -DBA_TWO_LEVEL=$$tl -o $@ $(BA_TB) $(BA_RTL)
endef

$(BA)/iv/%/tb.vvp: $(BA_TB) $(BA_RTL) $(BA_VEC_DIR)/%.vec tb/tb_vec_lines.svh
	$(call ba_iv_compile,$*,)

$(BA)/iv/%/run.log: $(BA)/iv/%/tb.vvp FORCE
	@$(VVP) -n $< +vec=$(BA_VEC_DIR)/$*.vec >$@ 2>&1; rc=$$?; \
	if [ $$rc -ne 0 ] || ! grep -q '^tb_gmc_bankarb: PASS' $@; then \
	  echo FAIL > $(@D)/result; cat $@; echo "cosim-bankarb: Icarus replay $* FAILED (exit $$rc; log $@)"; \
	else echo PASS > $(@D)/result; \
	  printf 'replay   %-16s %s\n' "$*" "$$(sed -n 's/^tb_gmc_bankarb: PASS [^:]*: //p' $@)"; fi

# ================================================================ Verilator
# $1 = directory, $2 = configuration, $3 = extra verilator flags.  Compile
# (verilate, g++ of model and harness) apart from linking, as tb/cosim.mk
# does; the time goes to <dir>/compile.time, + link to <dir>/build.time.
define ba_compile
	@rm -rf $1/vl; mkdir -p $1
	@s=$$(date +%s.%N); \
	$(VERILATOR) --cc --exe $(VL_FLAGS) $3 --prefix Vbankarb --top-module gmc_bankarb \
	  -GNB=$(call ba_nb,$2) -GTWO_LEVEL=$(call ba_tl,$2) -Mdir $1/vl $(BA_RTL) $(abspath $(BA_LS_SRC)) \
	  -CFLAGS "-I$(abspath model) -I$(abspath tb) -DBA_NB=$(call ba_nb,$2) -DBA_TWO_LEVEL=$(call ba_tl,$2)" -o lockstep && \
	$(MAKE) -s --no-print-directory -C $1/vl -f Vbankarb.mk $(VL_MAKE) Vbankarb__ALL.a lockstep_gmc_bankarb.o \
	  >$1/build.log 2>&1 || { cat $1/build.log; exit 1; }; \
	e=$$(date +%s.%N); awk "BEGIN { printf \"%.2f\n\", $$e - $$s }" > $1/compile.time
	@touch $1/objs.stamp
endef
# $1 = output binary, $2 = compiled directory, $3 = objects linked ahead of libgmc
define ba_link
	@mkdir -p $(dir $1)
	@s=$$(date +%s.%N); \
	$(CXX) -o $1 $2/vl/lockstep_gmc_bankarb.o $2/vl/Vbankarb__ALL.a $3 $(LIB) $(VLRT) \
	  -pthread -lpthread -latomic && \
	e=$$(date +%s.%N); t=$$(awk "BEGIN { printf \"%.2f\", $$(cat $2/compile.time) + $$e - $$s }"); \
	echo $$t > $(dir $1)build.time; echo "verilator: bankarb $(notdir $(patsubst %/,%,$(dir $1))) linked (verilate + compile + link: $${t}s)"
endef

$(BA)/ls/%/objs.stamp: $(BA_RTL) $(BA_LS_SRC) $(BA_HDRS) $(VL_STAMP)
	$(call ba_compile,$(@D),$*,)
$(BA)/ls/%/lockstep: $(BA)/ls/%/objs.stamp $(LIB) $(VLRT)
	$(call ba_link,$@,$(@D),)

$(BA)/ls/%/run.log: $(BA)/ls/%/lockstep FORCE
	@$< --cycles $(BA_COSIM_CYCLES) --stim-seed $(COSIM_STIM_SEED) --vcd $(@D)/fail.vcd >$@ 2>&1; rc=$$?; \
	if [ $$rc -ne 0 ] || ! grep -q '^lockstep bankarb: PASS' $@ || ! grep -q '^cycles compared: ' $@; then \
	  echo FAIL > $(@D)/result; cat $@; echo "cosim-bankarb: lockstep $* FAILED (exit $$rc; log $@)"; \
	else echo PASS > $(@D)/result; \
	  printf 'lockstep %-16s %s; %s\n' "$*" "$$(sed -n 's/^cycles compared: //p' $@)" \
	    "$$(sed -n 's/^lockstep bankarb: \(.*Mcycles\/s\).*/\1/p' $@)"; fi

BA_COSIM_RESULTS := $(foreach c,$(BA_IV),$(BA)/iv/$(c)/result) $(foreach c,$(BA_LS_CFGS),$(BA)/ls/$(c)/result)
cosim-bankarb: $(foreach c,$(BA_IV),$(BA)/iv/$(c)/run.log) $(foreach c,$(BA_LS_CFGS),$(BA)/ls/$(c)/run.log)
	@[ -n "$(BA_IV)" ] || { echo "cosim-bankarb: no $(BA_VEC_DIR)/*.vec (make vectors-golden-bankarb)"; exit 1; }
	$(call ba_summarize,cosim-bankarb: Icarus replay + Verilator lockstep,$(BA_COSIM_RESULTS))

# ================================================================ mutation
# Each check must fail the way it should: exit 1 with the report line
# ($2: MISMATCH or PROPERTY), not a crash or a build error.
# $1 = log, $2 = expected report regex, $3 = exit code, $4 = what
ba_expect = \
	if [ $3 -eq 1 ] && grep -Eq '$2' $1; then \
	  echo PASS > $(dir $1)result; \
	  echo "cosim-fault-bankarb: caught: $4: $$(grep -Em1 '$2' $1 | cut -c1-150)"; \
	else echo FAIL > $(dir $1)result; cat $1; \
	  echo "cosim-fault-bankarb: NOT CAUGHT: $4 (exit $3, no report matching /$2/)"; fi

# (a) RTL fault (`GMC_FAULT_BANKARB: the pointer moves to the granted bank,
#     not one past it) vs the correct C model; a waveform must be written.
$(BA)/fault/rtl/%/objs.stamp: $(BA_RTL) $(BA_LS_SRC) $(BA_HDRS) $(VL_STAMP)
	$(call ba_compile,$(@D),$*,+define+GMC_FAULT_BANKARB)
$(BA)/fault/rtl/%/lockstep: $(BA)/fault/rtl/%/objs.stamp $(LIB) $(VLRT)
	$(call ba_link,$@,$(@D),)
$(BA)/fault/rtl/%/run.log: $(BA)/fault/rtl/%/lockstep FORCE
	@rm -f $(@D)/fail.vcd; \
	$< --cycles 100000 --stim-seed $(COSIM_STIM_SEED) --vcd $(@D)/fail.vcd >$@ 2>&1; rc=$$?; \
	[ -s $(@D)/fail.vcd ] || { echo "cosim-fault-bankarb: no waveform $(@D)/fail.vcd" >> $@; rc=99; }; \
	$(call ba_expect,$@,^MISMATCH block bankarb,$$rc,RTL fault $* (lockstep))

# (b) C faults, gmc_bankarb.c rebuilt and linked ahead of libgmc into the
#     correct models: -DGMC_FAULT_BANKARB (= 1, the same pointer bug) and
#     -DGMC_FAULT_BANKARB=2 (a low-pool grant preferred in one case; it needs
#     a high pool, so TWO_LEVEL = 1 configurations only).
$(BA)/fault/gmc_bankarb_c%.o: model/blocks/gmc_bankarb.c $(BA_HDRS)
	@mkdir -p $(@D)
	@echo "cosim-fault-bankarb: $@ (gmc_bankarb.c with -DGMC_FAULT_BANKARB=$*)"
	@$(CC) $(CFLAGS_ALL) -DGMC_FAULT_BANKARB=$* -c $< -o $@
$(BA)/fault/c1/%/lockstep: $(BA)/ls/%/objs.stamp $(BA)/fault/gmc_bankarb_c1.o $(LIB) $(VLRT)
	$(call ba_link,$@,$(BA)/ls/$*,$(BA)/fault/gmc_bankarb_c1.o)
$(BA)/fault/c2/%/lockstep: $(BA)/ls/%/objs.stamp $(BA)/fault/gmc_bankarb_c2.o $(LIB) $(VLRT)
	$(call ba_link,$@,$(BA)/ls/$*,$(BA)/fault/gmc_bankarb_c2.o)
$(BA)/fault/c%/run.log: $(BA)/fault/c%/lockstep FORCE
	@$< --cycles 100000 --stim-seed $(COSIM_STIM_SEED) --vcd $(@D)/fail.vcd >$@ 2>&1; rc=$$?; \
	$(call ba_expect,$@,^MISMATCH block bankarb,$$rc,C fault $(subst /, ,$*) (lockstep))

# (c) the same pointer bug on both sides: lockstep agrees, so only the
#     harness's own property checks can catch it (the starvation bound).
$(BA)/fault/both/%/lockstep: $(BA)/fault/rtl/%/objs.stamp $(BA)/fault/gmc_bankarb_c1.o $(LIB) $(VLRT)
	$(call ba_link,$@,$(BA)/fault/rtl/$*,$(BA)/fault/gmc_bankarb_c1.o)
$(BA)/fault/both/%/run.log: $(BA)/fault/both/%/lockstep FORCE
	@$< --cycles 100000 --stim-seed $(COSIM_STIM_SEED) --vcd $(@D)/fail.vcd >$@ 2>&1; rc=$$?; \
	$(call ba_expect,$@,^PROPERTY p_bound,$$rc,shared fault $* (C and RTL agree; property check))

# (d) the RTL fault under Icarus replay of the correct committed vectors.
$(BA)/fault/iv/%/tb.vvp: $(BA_TB) $(BA_RTL) $(BA_VEC_DIR)/%.vec tb/tb_vec_lines.svh
	$(call ba_iv_compile,$*,-DGMC_FAULT_BANKARB)
$(BA)/fault/iv/%/run.log: $(BA)/fault/iv/%/tb.vvp FORCE
	@$(VVP) -n $< +vec=$(BA_VEC_DIR)/$*.vec >$@ 2>&1; rc=$$?; \
	$(call ba_expect,$@,^MISMATCH block bankarb,$$rc,RTL fault $* (Icarus replay))

BA_FAULT_LOGS := $(foreach c,$(BA_FAULT_CFGS),$(BA)/fault/rtl/$(c)/run.log $(BA)/fault/both/$(c)/run.log) \
                 $(foreach c,$(BA_LS_CFGS),$(BA)/fault/c1/$(c)/run.log) \
                 $(foreach c,$(BA_TL1_CFGS),$(BA)/fault/c2/$(c)/run.log) \
                 $(foreach c,$(BA_IV_FAULT),$(BA)/fault/iv/$(c)/run.log)
cosim-fault-bankarb: $(BA_FAULT_LOGS)
	@[ -n "$(BA_IV_FAULT)" ] || { echo "cosim-fault-bankarb: no $(BA_VEC_DIR)/*.vec"; exit 1; }
	$(call ba_summarize,cosim-fault-bankarb: injected faults caught,$(BA_FAULT_LOGS:run.log=result))

# ================================================================ bench
BA_BENCH_OUT := $(BUILD)/bench/bankarb.txt
$(BUILD)/bench/bench_bankarb: tests/bench/bench_bankarb.c $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -O3 -o $@ $< $(LIB) -lm
$(BA)/bench/%_n$(BA_BENCH_IV_CYCLES).vec: $(GMC)
	@mkdir -p $(@D)
	@$(GMC) vectors bankarb --banks $(call ba_nb,$*) --two-level $(call ba_tl,$*) \
	  --cycles $(BA_BENCH_IV_CYCLES) --stim-seed $(COSIM_STIM_SEED) -o $@
$(BA)/bench/%.vvp: $(BA_TB) $(BA_RTL) tb/tb_vec_lines.svh
	@mkdir -p $(@D)
	@$(IVERILOG) -g2012 -DBA_NB=$(call ba_nb,$*) -DBA_TWO_LEVEL=$(call ba_tl,$*) -o $@ $(BA_TB) $(BA_RTL)

bench-bankarb: $(BUILD)/bench/bench_bankarb \
               $(foreach c,$(BA_LS_CFGS),$(BA)/ls/$(c)/lockstep $(BA)/bench/$(c)_n$(BA_BENCH_IV_CYCLES).vec $(BA)/bench/$(c).vvp)
	@mkdir -p $(dir $(BA_BENCH_OUT))
	@{ echo "# gmc_bankarb speed, $$(date -u +%Y-%m-%dT%H:%MZ)"; \
	  echo "# machine: $$(nproc) CPU(s), $$(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -1)"; \
	  echo "# tools:   $$($(VERILATOR) --version); $$($(IVERILOG) -V 2>&1 | head -1); $$($(CXX) --version | head -1)"; \
	  echo "# C model:  $(BUILD)/bench/bench_bankarb (gmc_bankarb_step on pre-drawn stimulus, best of 3)"; \
	  echo "# lockstep: $(BA)/ls/<config>/lockstep --cycles $(BA_BENCH_CYCLES) --stim-seed $(COSIM_STIM_SEED)  (best of 3; 2 eval/cycle)"; \
	  echo "# replay:   $(VVP) -n $(BA)/bench/<config>.vvp +vec=$(BA)/bench/<config>_n$(BA_BENCH_IV_CYCLES).vec"; \
	  echo "# build:    verilate + g++ ($(VL_MAKE)) + link of one lockstep model, shared run-time"; \
	  printf '%-10s %12s %15s %14s %9s %8s\n' config C_Mstep/s lockstep_Mcyc/s icarus_kcyc/s speedup build_s; \
	  for c in $(BA_LS_CFGS); do \
	    nb=$${c%%_*}; nb=$${nb#nb}; tl=$${c##*_tl}; \
	    m=$$($(BUILD)/bench/bench_bankarb $$nb $$tl | sed -n 's/.* \([0-9.]*\) Msteps\/s.*/\1/p'); \
	    l=0; for k in 1 2 3; do \
	      v=$$($(BA)/ls/$$c/lockstep --cycles $(BA_BENCH_CYCLES) --stim-seed $(COSIM_STIM_SEED) | \
	          sed -n 's/.* \([0-9.]*\) Mcycles\/s.*/\1/p'); \
	      l=$$(awk "BEGIN { printf \"%.1f\", ($$v > $$l) ? $$v : $$l }"); done; \
	    s=$$(date +%s.%N); $(VVP) -n $(BA)/bench/$$c.vvp +vec=$(BA)/bench/$${c}_n$(BA_BENCH_IV_CYCLES).vec >/dev/null || exit 1; e=$$(date +%s.%N); \
	    i=$$(awk "BEGIN { printf \"%.1f\", $(BA_BENCH_IV_CYCLES) / ($$e - $$s) / 1000 }"); \
	    x=$$(awk "BEGIN { printf \"%d\", $$l * 1000 / $$i }"); \
	    printf '%-10s %12s %15s %14s %8sx %8.1f\n' $$c $$m $$l $$i $$x $$(cat $(BA)/ls/$$c/build.time); \
	  done; } | tee $(BA_BENCH_OUT)
	@echo "bench-bankarb: written to $(BA_BENCH_OUT)"
