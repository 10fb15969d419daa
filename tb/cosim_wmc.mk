# tb/cosim_wmc.mk -- lint, golden vectors, co-simulation, mutation checks and
# speed of rtl/gmc_wmc.sv against its C twin model/blocks/gmc_wmc.c.
# Included by the top Makefile after tb/cosim.mk, whose tool variables and
# Verilator set-up it reuses (VERILATOR, IVERILOG, VVP, YOSYS, VL_FLAGS,
# VL_MAKE, VL_STAMP, and the shared Verilator run-time archive VLRT).
#
#   make lint-wmc            RTL through Verilator -Wall (+ the fault), Icarus
#                            -Wall (with the testbench) and Yosys proc/check
#                            for WMC_LINT_CFGS
#   make vectors-wmc         regenerate the golden vectors, diff vectors/wmc/
#   make vectors-golden-wmc  rewrite vectors/wmc/ (intended model change only)
#   make cosim-wmc           Icarus replay of vectors/wmc/*.vec, Verilator
#                            lockstep (WMC_COSIM_CYCLES per configuration)
#   make cosim-fault-wmc     mutation checks: every injected fault must be caught
#   make bench-wmc           C model, lockstep and Icarus cycles/s -> build/bench/wmc.txt
#
# All of them are prerequisites of the project-wide lint, vectors,
# vectors-golden, cosim, cosim-fault and bench targets.  Each check target
# ends with "N passed, M failed (...)" and fails if M > 0.
#
# A configuration is sm<SM_BITS>_w<WARP_BITS>_h<PC_HASH_BITS>_p<PEND_BITS>_
# nb<NB>_r<ROWS>_s<SCORE_BITS>_pt<PT_BITS>, e.g. the default (Table 3)
# sm5_w5_h0_p6_nb16_r64_s4_pt64.
#
# Knobs: WMC_COSIM_CYCLES (default COSIM_CYCLES, 10^6), COSIM_STIM_SEED
# (printed; any run can be repeated), WMC_BENCH_CYCLES, WMC_BENCH_IV_CYCLES.

WMC_RTL      := rtl/gmc_wmc.sv
WMC_TB       := tb/tb_gmc_wmc.sv
WMC_LS_SRC   := tb/lockstep_gmc_wmc.cpp
WMC_HDRS     := tb/lockstep_common.h model/blocks/gmc_wmc.h model/vec/gmc_vec_wmc.h model/util/gmc_rng.h
WMC          := $(CS)/wmc
WMC_COSIM_CYCLES ?= $(COSIM_CYCLES)
WMC_BENCH_CYCLES ?= 2000000
WMC_BENCH_IV_CYCLES ?= 5000

# Field k of a configuration name, without its prefix: $1 = name, $2 = prefix, $3 = k.
wmc_f   = $(patsubst $2%,%,$(word $3,$(subst _, ,$1)))
wmc_sm  = $(call wmc_f,$1,sm,1)
wmc_w   = $(call wmc_f,$1,w,2)
wmc_h   = $(call wmc_f,$1,h,3)
wmc_p   = $(call wmc_f,$1,p,4)
wmc_nb  = $(call wmc_f,$1,nb,5)
wmc_r   = $(call wmc_f,$1,r,6)
wmc_s   = $(call wmc_f,$1,s,7)
wmc_pt  = $(call wmc_f,$1,pt,8)
# The same configuration as Verilator -G flags, C defines, CLI options, chparam.
wmc_G   = -GSM_BITS=$(call wmc_sm,$1) -GWARP_BITS=$(call wmc_w,$1) -GPC_HASH_BITS=$(call wmc_h,$1) \
          -GPEND_BITS=$(call wmc_p,$1) -GNB=$(call wmc_nb,$1) -GROWS=$(call wmc_r,$1) \
          -GSCORE_BITS=$(call wmc_s,$1) -GPT_BITS=$(call wmc_pt,$1)
wmc_D   = -DWMC_SM=$(call wmc_sm,$1) -DWMC_WARP=$(call wmc_w,$1) -DWMC_HASH=$(call wmc_h,$1) \
          -DWMC_PEND=$(call wmc_p,$1) -DWMC_NB=$(call wmc_nb,$1) -DWMC_ROWS=$(call wmc_r,$1) \
          -DWMC_SCORE=$(call wmc_s,$1) -DWMC_PT=$(call wmc_pt,$1)
wmc_cli = --sm-bits $(call wmc_sm,$1) --warp-bits $(call wmc_w,$1) --pc-hash-bits $(call wmc_h,$1) \
          --pend-bits $(call wmc_p,$1) --banks $(call wmc_nb,$1) --rows $(call wmc_r,$1) \
          --score-bits $(call wmc_s,$1) --pt-bits $(call wmc_pt,$1)
wmc_chp = -set SM_BITS $(call wmc_sm,$1) -set WARP_BITS $(call wmc_w,$1) -set PC_HASH_BITS $(call wmc_h,$1) \
          -set PEND_BITS $(call wmc_p,$1) -set NB $(call wmc_nb,$1) -set ROWS $(call wmc_r,$1) \
          -set SCORE_BITS $(call wmc_s,$1) -set PT_BITS $(call wmc_pt,$1)

WMC_DEFAULT  := sm5_w5_h0_p6_nb16_r64_s4_pt64
# default; tiny (counts and scores saturate within a few cycles); PC hash;
# NB not a power of 2; every width at its minimum (NB = ROWS = PT_BITS = 1).
WMC_VEC_CFGS := $(WMC_DEFAULT) sm2_w2_h0_p3_nb2_r4_s2_pt4 sm3_w3_h4_p4_nb4_r8_s3_pt8 \
                sm4_w3_h0_p5_nb5_r8_s4_pt8 sm1_w1_h2_p1_nb1_r1_s1_pt1
# Lockstep: the default (seed 000 Table 3) and small configurations (NB 5
# replaces vectors' sm4_w3 one with a 32-entry WET).  The default's Verilator
# model (11264 enable flops, one always_ff each) is the slow one: about 2
# minutes to build and 0.03 Mcycles/s (docs/blocks/gmc_wmc.md).
WMC_LS_CFGS  ?= $(WMC_DEFAULT) sm2_w2_h0_p3_nb2_r4_s2_pt4 sm3_w3_h4_p4_nb4_r8_s3_pt8 \
                sm3_w2_h0_p5_nb5_r8_s4_pt8 sm1_w1_h2_p1_nb1_r1_s1_pt1
WMC_LINT_CFGS := $(WMC_VEC_CFGS) sm3_w3_h16_p8_nb64_r2_s8_pt2 sm1_w4_h1_p2_nb3_r16_s5_pt32
# The RTL fault (pref loses ties) needs two slots; the C fault (RS increment
# beats the clear) any configuration.
WMC_FAULT_CFGS := sm2_w2_h0_p3_nb2_r4_s2_pt4 sm3_w3_h4_p4_nb4_r8_s3_pt8 sm3_w2_h0_p5_nb5_r8_s4_pt8
# Golden vectors: <cfg>_s1.vec, 512 cycles, stimulus seed 1.
WMC_VEC_DIR    := vectors/wmc
WMC_VEC_NAMES  := $(WMC_VEC_CFGS:%=%_s1)
WMC_VEC_CYCLES := 512
WMC_VECS       := $(sort $(wildcard $(WMC_VEC_DIR)/*.vec))
WMC_IV         := $(notdir $(WMC_VECS:.vec=))
WMC_IV_FAULT   := $(foreach v,$(WMC_IV),$(if $(findstring _r1_,$v),,$v))

.SECONDARY: $(WMC)/fault/gmc_wmc_c.o \
            $(foreach c,$(WMC_LS_CFGS),$(WMC)/ls/$(c)/objs.stamp $(WMC)/ls/$(c)/lockstep \
              $(WMC)/fault/c/$(c)/lockstep) \
            $(foreach c,$(WMC_FAULT_CFGS),$(WMC)/fault/rtl/$(c)/objs.stamp $(WMC)/fault/rtl/$(c)/lockstep) \
            $(foreach c,$(WMC_IV),$(WMC)/iv/$(c)/tb.vvp $(WMC)/fault/iv/$(c)/tb.vvp)

.PHONY: lint-wmc vectors-wmc vectors-golden-wmc cosim-wmc cosim-fault-wmc bench-wmc
lint: lint-wmc
vectors: vectors-wmc
vectors-golden: vectors-golden-wmc
cosim: cosim-wmc
cosim-fault: cosim-fault-wmc
bench: bench-wmc

# $1 = label, $2 = result files (PASS/FAIL each)
define wmc_summarize
	@p=0; f=0; for r in $2; do \
	  if [ "$$(cat $$r 2>/dev/null)" = PASS ]; then p=$$((p + 1)); \
	  else f=$$((f + 1)); echo "$1: FAILED: $$(dirname $$r) (see the logs there)"; fi; done; \
	echo "$$p passed, $$f failed ($1)"; [ $$f -eq 0 ]
endef

# ================================================================ lint
# Per configuration: Verilator -Wall (correct and faulty RTL), Icarus -Wall
# with the testbench, Yosys proc + check -assert; with -formal (the property
# section) for all but the default (its 1024 shadow registers cost 40 s).
# The testbench is not run through Verilator: its 1024-byte line buffer (the
# default's port line is ~900 characters) exceeds Verilator's string limit.
lint-wmc:
	@p=0; f=0; \
	$(foreach c,$(WMC_LINT_CFGS), \
	  if $(VERILATOR) --lint-only -Wall --top-module gmc_wmc $(call wmc_G,$c) $(WMC_RTL); then p=$$((p + 1)); \
	  else f=$$((f + 1)); echo "lint-wmc: verilator -Wall $c"; fi; \
	  if $(VERILATOR) --lint-only -Wall --top-module gmc_wmc $(call wmc_G,$c) +define+GMC_FAULT_WMC $(WMC_RTL); \
	  then p=$$((p + 1)); else f=$$((f + 1)); echo "lint-wmc: verilator -Wall $c (fault)"; fi; \
	  out=$$($(IVERILOG) -g2012 -Wall $(call wmc_D,$c) -o /dev/null $(WMC_TB) $(WMC_RTL) 2>&1); \
	  if [ $$? -eq 0 ] && [ -z "$$out" ]; then p=$$((p + 1)); \
	  else f=$$((f + 1)); echo "$$out"; echo "lint-wmc: iverilog $c"; fi; \
	  if $(YOSYS) -q -e '.*' -p "read_verilog -defer -sv $(WMC_RTL); chparam $(call wmc_chp,$c) gmc_wmc; \
	       hierarchy -check -top gmc_wmc; proc; check -assert"; then p=$$((p + 1)); \
	  else f=$$((f + 1)); echo "lint-wmc: yosys $c"; fi; \
	) \
	$(foreach c,$(filter-out $(WMC_DEFAULT),$(WMC_LINT_CFGS)), \
	  if $(YOSYS) -q -e '.*' -p "read_verilog -defer -sv -formal $(WMC_RTL); chparam $(call wmc_chp,$c) gmc_wmc; \
	       hierarchy -check -top gmc_wmc; proc; check -assert"; then p=$$((p + 1)); \
	  else f=$$((f + 1)); echo "lint-wmc: yosys -formal $c"; fi; \
	) \
	echo "$$p passed, $$f failed (lint-wmc: $(WMC_RTL), $(WMC_TB), $(words $(WMC_LINT_CFGS)) parameter sets)"; [ $$f -eq 0 ]

# ================================================================ vectors
vectors-wmc: $(GMC)
	@mkdir -p $(BUILD)/vectors/wmc
	@p=0; f=0; \
	$(foreach v,$(WMC_VEC_NAMES), \
	  if $(GMC) vectors wmc $(call wmc_cli,$v) --cycles $(WMC_VEC_CYCLES) --stim-seed 1 \
	       -o $(BUILD)/vectors/wmc/$v.vec && cmp -s $(BUILD)/vectors/wmc/$v.vec $(WMC_VEC_DIR)/$v.vec; \
	  then p=$$((p + 1)); \
	  else f=$$((f + 1)); echo "vectors-wmc: $v.vec differs from the committed golden file" \
	    "(diff $(BUILD)/vectors/wmc/$v.vec $(WMC_VEC_DIR)/$v.vec)"; fi; ) \
	echo "$$p passed, $$f failed (vectors-wmc: golden files regenerate identically)"; [ $$f -eq 0 ]

vectors-golden-wmc: $(GMC)
	@mkdir -p $(WMC_VEC_DIR)
	@$(foreach v,$(WMC_VEC_NAMES), \
	  $(GMC) vectors wmc $(call wmc_cli,$v) --cycles $(WMC_VEC_CYCLES) --stim-seed 1 \
	    -o $(WMC_VEC_DIR)/$v.vec || exit 1; ) \
	echo "wrote $(words $(WMC_VEC_NAMES)) files to $(WMC_VEC_DIR)/"

# ================================================================ Icarus replay
# The parameters come from the file's name; its header must state the same
# (the testbench checks every # param line against the DUT's).
# $1 = vector name, $2 = extra iverilog flags.
define wmc_iv_compile
	@mkdir -p $(@D)
	@$(IVERILOG) -g2012 $2 $(call wmc_D,$1) -o $@ $(WMC_TB) $(WMC_RTL)
endef

$(WMC)/iv/%/tb.vvp: $(WMC_TB) $(WMC_RTL) $(WMC_VEC_DIR)/%.vec tb/tb_vec_lines.svh
	$(call wmc_iv_compile,$*,)

$(WMC)/iv/%/run.log: $(WMC)/iv/%/tb.vvp FORCE
	@$(VVP) -n $< +vec=$(WMC_VEC_DIR)/$*.vec >$@ 2>&1; rc=$$?; \
	if [ $$rc -ne 0 ] || ! grep -q '^tb_gmc_wmc: PASS' $@; then \
	  echo FAIL > $(@D)/result; cat $@; echo "cosim-wmc: Icarus replay $* FAILED (exit $$rc; log $@)"; \
	else echo PASS > $(@D)/result; \
	  printf 'replay   %-32s %s\n' "$*" "$$(sed -n 's/^tb_gmc_wmc: PASS [^:]*: //p' $@)"; fi

# ================================================================ Verilator
# $1 = directory, $2 = configuration, $3 = extra verilator flags.  Compile
# (verilate, g++ of model and harness) apart from linking, as tb/cosim.mk
# does; the time goes to <dir>/compile.time, + link to <dir>/build.time.
define wmc_compile
	@rm -rf $1/vl; mkdir -p $1
	@s=$$(date +%s.%N); \
	$(VERILATOR) --cc --exe $(VL_FLAGS) $3 --prefix Vwmc --top-module gmc_wmc $(call wmc_G,$2) \
	  -Mdir $1/vl $(WMC_RTL) $(abspath $(WMC_LS_SRC)) \
	  -CFLAGS "-I$(abspath model) -I$(abspath tb) $(call wmc_D,$2)" -o lockstep && \
	$(MAKE) -s --no-print-directory -C $1/vl -f Vwmc.mk $(VL_MAKE) Vwmc__ALL.a lockstep_gmc_wmc.o \
	  >$1/build.log 2>&1 || { cat $1/build.log; exit 1; }; \
	e=$$(date +%s.%N); awk "BEGIN { printf \"%.2f\n\", $$e - $$s }" > $1/compile.time
	@touch $1/objs.stamp
endef
# $1 = output binary, $2 = compiled directory, $3 = objects linked ahead of libgmc
define wmc_link
	@mkdir -p $(dir $1)
	@s=$$(date +%s.%N); \
	$(CXX) -o $1 $2/vl/lockstep_gmc_wmc.o $2/vl/Vwmc__ALL.a $3 $(LIB) $(VLRT) \
	  -pthread -lpthread -latomic && \
	e=$$(date +%s.%N); t=$$(awk "BEGIN { printf \"%.2f\", $$(cat $2/compile.time) + $$e - $$s }"); \
	echo $$t > $(dir $1)build.time; echo "verilator: wmc $(notdir $(patsubst %/,%,$(dir $1))) linked (verilate + compile + link: $${t}s)"
endef

$(WMC)/ls/%/objs.stamp: $(WMC_RTL) $(WMC_LS_SRC) $(WMC_HDRS) $(VL_STAMP)
	$(call wmc_compile,$(@D),$*,)
$(WMC)/ls/%/lockstep: $(WMC)/ls/%/objs.stamp $(LIB) $(VLRT)
	$(call wmc_link,$@,$(@D),)

$(WMC)/ls/%/run.log: $(WMC)/ls/%/lockstep FORCE
	@$< --cycles $(WMC_COSIM_CYCLES) --stim-seed $(COSIM_STIM_SEED) --vcd $(@D)/fail.vcd >$@ 2>&1; rc=$$?; \
	if [ $$rc -ne 0 ] || ! grep -q '^lockstep wmc: PASS' $@ || ! grep -q '^cycles compared: ' $@; then \
	  echo FAIL > $(@D)/result; cat $@; echo "cosim-wmc: lockstep $* FAILED (exit $$rc; log $@)"; \
	else echo PASS > $(@D)/result; \
	  printf 'lockstep %-32s %s; %s\n' "$*" "$$(sed -n 's/^cycles compared: \([0-9]*\).*/\1 cycles/p' $@)" \
	    "$$(sed -n 's/^lockstep wmc: \(.*Mcycles\/s\).*/\1/p' $@)"; \
	  sed -n 's/^coverage: /         coverage: /p' $@; fi

WMC_COSIM_RESULTS := $(foreach c,$(WMC_IV),$(WMC)/iv/$(c)/result) $(foreach c,$(WMC_LS_CFGS),$(WMC)/ls/$(c)/result)
cosim-wmc: $(foreach c,$(WMC_IV),$(WMC)/iv/$(c)/run.log) $(foreach c,$(WMC_LS_CFGS),$(WMC)/ls/$(c)/run.log)
	@[ -n "$(WMC_IV)" ] || { echo "cosim-wmc: no $(WMC_VEC_DIR)/*.vec (make vectors-golden-wmc)"; exit 1; }
	$(call wmc_summarize,cosim-wmc: Icarus replay + Verilator lockstep,$(WMC_COSIM_RESULTS))

# ================================================================ mutation
# Each check must fail the way it should: exit 1 with the MISMATCH report,
# not a crash or a build error.  $1 = log, $2 = exit code, $3 = what
wmc_expect = \
	if [ $2 -eq 1 ] && grep -Eq '^MISMATCH block wmc' $1; then \
	  echo PASS > $(dir $1)result; \
	  echo "cosim-fault-wmc: caught: $3: $$(grep -Em1 '^MISMATCH block wmc' $1 | cut -c1-150)"; \
	else echo FAIL > $(dir $1)result; cat $1; \
	  echo "cosim-fault-wmc: NOT CAUGHT: $3 (exit $2, no MISMATCH report)"; fi

# (a) RTL fault (`GMC_FAULT_WMC: pref loses ties) vs the correct C model; a
#     waveform must be written.
$(WMC)/fault/rtl/%/objs.stamp: $(WMC_RTL) $(WMC_LS_SRC) $(WMC_HDRS) $(VL_STAMP)
	$(call wmc_compile,$(@D),$*,+define+GMC_FAULT_WMC)
$(WMC)/fault/rtl/%/lockstep: $(WMC)/fault/rtl/%/objs.stamp $(LIB) $(VLRT)
	$(call wmc_link,$@,$(@D),)
$(WMC)/fault/rtl/%/run.log: $(WMC)/fault/rtl/%/lockstep FORCE
	@rm -f $(@D)/fail.vcd; \
	$< --cycles 100000 --stim-seed $(COSIM_STIM_SEED) --vcd $(@D)/fail.vcd >$@ 2>&1; rc=$$?; \
	[ -s $(@D)/fail.vcd ] || { echo "cosim-fault-wmc: no waveform $(@D)/fail.vcd" >> $@; rc=99; }; \
	$(call wmc_expect,$@,$$rc,RTL fault $* (lockstep))

# (b) C fault (-DGMC_FAULT_WMC: the RS increment beats the open's clear):
#     gmc_wmc.c rebuilt and linked ahead of libgmc into the correct models.
$(WMC)/fault/gmc_wmc_c.o: model/blocks/gmc_wmc.c $(WMC_HDRS)
	@mkdir -p $(@D)
	@echo "cosim-fault-wmc: $@ (gmc_wmc.c with -DGMC_FAULT_WMC)"
	@$(CC) $(CFLAGS_ALL) -DGMC_FAULT_WMC -c $< -o $@
$(WMC)/fault/c/%/lockstep: $(WMC)/ls/%/objs.stamp $(WMC)/fault/gmc_wmc_c.o $(LIB) $(VLRT)
	$(call wmc_link,$@,$(WMC)/ls/$*,$(WMC)/fault/gmc_wmc_c.o)
$(WMC)/fault/c/%/run.log: $(WMC)/fault/c/%/lockstep FORCE
	@$< --cycles 100000 --stim-seed $(COSIM_STIM_SEED) --vcd $(@D)/fail.vcd >$@ 2>&1; rc=$$?; \
	$(call wmc_expect,$@,$$rc,C fault $* (lockstep))

# (c) the RTL fault under Icarus replay of the correct committed vectors.
$(WMC)/fault/iv/%/tb.vvp: $(WMC_TB) $(WMC_RTL) $(WMC_VEC_DIR)/%.vec tb/tb_vec_lines.svh
	$(call wmc_iv_compile,$*,-DGMC_FAULT_WMC)
$(WMC)/fault/iv/%/run.log: $(WMC)/fault/iv/%/tb.vvp FORCE
	@$(VVP) -n $< +vec=$(WMC_VEC_DIR)/$*.vec >$@ 2>&1; rc=$$?; \
	$(call wmc_expect,$@,$$rc,RTL fault $* (Icarus replay))

WMC_FAULT_LOGS := $(foreach c,$(WMC_FAULT_CFGS),$(WMC)/fault/rtl/$(c)/run.log) \
                  $(foreach c,$(WMC_LS_CFGS),$(WMC)/fault/c/$(c)/run.log) \
                  $(foreach c,$(WMC_IV_FAULT),$(WMC)/fault/iv/$(c)/run.log)
cosim-fault-wmc: $(WMC_FAULT_LOGS)
	@[ -n "$(WMC_IV_FAULT)" ] || { echo "cosim-fault-wmc: no $(WMC_VEC_DIR)/*.vec"; exit 1; }
	$(call wmc_summarize,cosim-fault-wmc: injected faults caught,$(WMC_FAULT_LOGS:run.log=result))

# ================================================================ bench
WMC_BENCH_OUT := $(BUILD)/bench/wmc.txt
$(BUILD)/bench/bench_wmc: tests/bench/bench_wmc.c $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -O3 -o $@ $< $(LIB) -lm
$(WMC)/bench/%_n$(WMC_BENCH_IV_CYCLES).vec: $(GMC)
	@mkdir -p $(@D)
	@$(GMC) vectors wmc $(call wmc_cli,$*) --cycles $(WMC_BENCH_IV_CYCLES) --stim-seed $(COSIM_STIM_SEED) -o $@
$(WMC)/bench/%.vvp: $(WMC_TB) $(WMC_RTL) tb/tb_vec_lines.svh
	@mkdir -p $(@D)
	@$(IVERILOG) -g2012 $(call wmc_D,$*) -o $@ $(WMC_TB) $(WMC_RTL)

bench-wmc: $(BUILD)/bench/bench_wmc \
           $(foreach c,$(WMC_LS_CFGS),$(WMC)/ls/$(c)/lockstep $(WMC)/bench/$(c)_n$(WMC_BENCH_IV_CYCLES).vec $(WMC)/bench/$(c).vvp)
	@mkdir -p $(dir $(WMC_BENCH_OUT))
	@{ echo "# gmc_wmc speed, $$(date -u +%Y-%m-%dT%H:%MZ)"; \
	  echo "# machine: $$(nproc) CPU(s), $$(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -1)"; \
	  echo "# tools:   $$($(VERILATOR) --version); $$($(IVERILOG) -V 2>&1 | head -1); $$($(CXX) --version | head -1)"; \
	  echo "# C model:  $(BUILD)/bench/bench_wmc (gmc_wmc_step in place on pre-drawn stimulus, best of 3)"; \
	  echo "# lockstep: $(WMC)/ls/<config>/lockstep --cycles $(WMC_BENCH_CYCLES) --stim-seed $(COSIM_STIM_SEED)  (best of 3; 2 eval/cycle)"; \
	  echo "# replay:   $(VVP) -n $(WMC)/bench/<config>.vvp +vec=$(WMC)/bench/<config>_n$(WMC_BENCH_IV_CYCLES).vec"; \
	  echo "# build:    verilate + g++ ($(VL_MAKE)) + link of one lockstep model, shared run-time"; \
	  printf '%-30s %10s %15s %14s %9s %8s\n' config C_Mstep/s lockstep_Mcyc/s icarus_kcyc/s speedup build_s; \
	  for c in $(WMC_LS_CFGS); do \
	    m=$$($(BUILD)/bench/bench_wmc $$(echo $$c | tr '_' ' ' | sed 's/[a-z]*\([0-9]*\)/\1/g') | \
	        sed -n 's/.* \([0-9.]*\) Msteps\/s.*/\1/p'); \
	    l=0; for k in 1 2 3; do \
	      v=$$($(WMC)/ls/$$c/lockstep --cycles $(WMC_BENCH_CYCLES) --stim-seed $(COSIM_STIM_SEED) | \
	          sed -n 's/.* \([0-9.]*\) Mcycles\/s.*/\1/p'); \
	      l=$$(awk "BEGIN { printf \"%.2f\", ($$v > $$l) ? $$v : $$l }"); done; \
	    s=$$(date +%s.%N); $(VVP) -n $(WMC)/bench/$$c.vvp +vec=$(WMC)/bench/$${c}_n$(WMC_BENCH_IV_CYCLES).vec >/dev/null || exit 1; e=$$(date +%s.%N); \
	    i=$$(awk "BEGIN { printf \"%.1f\", $(WMC_BENCH_IV_CYCLES) / ($$e - $$s) / 1000 }"); \
	    x=$$(awk "BEGIN { printf \"%d\", $$l * 1000 / $$i }"); \
	    printf '%-30s %10s %15s %14s %8sx %8.1f\n' $$c $$m $$l $$i $$x $$(cat $(WMC)/ls/$$c/build.time); \
	  done; } | tee $(WMC_BENCH_OUT)
	@echo "bench-wmc: written to $(WMC_BENCH_OUT)"
