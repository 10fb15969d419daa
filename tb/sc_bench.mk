# tb/sc_bench.mk -- every block's Verilated RTL under SystemC (verilator
# --sc) against its C twin: one generic bench, tb/sc_bench.h, built from the
# block's adapter tb/lockstep_gmc_<b>.cpp and driven by its description
# (docs/systemc.md "Verilated blocks under SystemC").  Included by the top
# Makefile after tb/block.mk, whose rules (top.txt, flags, the fault
# define) it reuses.
#
#   make sc-bench-<b>    the bench of <b>_SC_CFGS (default: the block's
#                        first lockstep configuration), SC_CYCLES cycles
#                        each, and the bench of its first RTL-fault
#                        configuration, which must report a MISMATCH
#   make sc-bench        every block (a stage of make test)
#   make sc-speed        host instructions per cycle (callgrind) of the
#                        SystemC bench beside the C++ lockstep, per block
#
# Debian's libsystemc 2.3.4 links only with -std=c++17.  SC_LIBS: the one
# SystemC setup, systemc/systemc.mk.

SC_CYCLES ?= 20000
SC_FLAGS  := $(filter-out --trace,$(VL_FLAGS))
sc_cfgs    = $(or $($1_SC_CFGS),$(firstword $($1_LS_CFGS)))

# $(BLK)/<b>/ls|fault-rtl/<cfg>/sc/bench
$(BLK)/%/sc/bench: $(BLK)/%/top.txt $$(call b_rtl,$$(call b_blk,$$*)) tb/lockstep_gmc_$$(call b_blk,$$*).cpp \
                   $(b_libdeps) tb/sc_bench.h $(LIB) $(VL_STAMP)
	@rm -rf $(@D); b=$(call b_blk,$*); c=$(call b_cfg,$*); \
	echo "sc-bench: verilating $$b $$c$(if $(call b_fault_kind,$(call b_kind,$*)), (RTL fault)) --sc"; \
	$(VERILATOR) --sc --exe $(SC_FLAGS) --prefix Vtop --top-module $$(cat $<) \
	  $$($(GMC) block flags $$b $$c verilator) $(call b_def,$*,+define+) -Mdir $(@D) \
	  $(call b_srcs,$*) $(abspath tb/lockstep_gmc_$(call b_blk,$*).cpp) \
	  -CFLAGS "-std=c++17 -I$(abspath model) -I$(abspath tb) -DGMC_LS_CONFIG='\"'$$c'\"' -DGMC_HARNESS='\"sc_bench.h\"'" \
	  -LDFLAGS "$(abspath $(LIB)) $(SC_LIBS)" -o bench && \
	$(MAKE) -s --no-print-directory -C $(@D) -f Vtop.mk $(VL_MAKE) >$(@D)/build.log 2>&1 || { cat $(@D)/build.log; exit 1; }

# Every run writes PASS or FAIL to <dir>/sc/result and never stops make.
$(BLK)/%/sc/sc.log: $(BLK)/%/sc/bench FORCE
	@b=$(call b_blk,$*); $< --cycles $(SC_CYCLES) --stim-seed $(COSIM_STIM_SEED) >$@ 2>&1; rc=$$?; \
	if [ "$(call b_kind,$*)" = fault-rtl ]; then \
	  $(call b_expect,$@,^MISMATCH block $(call b_blk,$*) .*SystemC bench,$$rc,RTL fault $(call b_blk,$*) $(call b_cfg,$*) (SystemC bench)); \
	elif [ $$rc -ne 0 ] || ! grep -q "^sc-bench $$b: PASS" $@ || ! grep -q '^cycles compared: ' $@; then \
	  echo FAIL > $(@D)/result; cat $@; echo "sc-bench-$$b: $(call b_cfg,$*) FAILED (exit $$rc; log $@)"; \
	else echo PASS > $(@D)/result; \
	  printf 'sc-bench %-8s %-32s %s\n' $$b "$(call b_cfg,$*)" "$$(sed -n 's/^cycles compared: \([0-9]*\).*/\1 cycles compared/p' $@)"; fi

sc_logs = $(foreach c,$(call sc_cfgs,$1),$(BLK)/$1/ls/$c/sc/sc.log) \
          $(BLK)/$1/fault-rtl/$(firstword $($1_FAULT_CFGS))/sc/sc.log

.PHONY: sc-bench $(BLOCKS:%=sc-bench-%) sc-speed
sc-bench: $(BLOCKS:%=sc-bench-%)  ## every block's Verilated RTL under SystemC against its C twin, and its RTL fault caught (SC_CYCLES=$(SC_CYCLES))
$(BLOCKS:%=sc-bench-%): sc-bench-%: $$(call sc_logs,$$*)
	$(call b_summarize,sc-bench-$*: SystemC bench x $(SC_CYCLES) cycles + RTL fault,$(addsuffix result,$(dir $^)))

# Host instructions per cycle under callgrind: the difference between runs
# of 2N and N cycles over N (start-up cancels out; the ratio holds on any
# host, unlike seconds), the lockstep built by tb/block.mk.
SC_SPEED_CYCLES ?= 20000
sc_instr = $$(valgrind --tool=callgrind --callgrind-out-file=/dev/null $1 --cycles $2 2>&1 >/dev/null | sed -n 's/.*Collected : //p')
sc-speed: $(foreach b,$(BLOCKS),$(BLK)/$b/ls/$(firstword $($b_LS_CFGS))/sc/bench $(BLK)/$b/ls/$(firstword $($b_LS_CFGS))/lockstep)  ## host instructions per cycle: SystemC bench beside the C++ lockstep (callgrind)
	@printf '%-8s %-32s %14s %14s %7s\n' block config sc_instr/cyc ls_instr/cyc ratio; \
	n=$(SC_SPEED_CYCLES); m=$$((2 * n)); \
	$(foreach b,$(BLOCKS),d=$(BLK)/$b/ls/$(firstword $($b_LS_CFGS)); \
	  s1=$(call sc_instr,$$d/sc/bench,$$n); s2=$(call sc_instr,$$d/sc/bench,$$m); \
	  l1=$(call sc_instr,$$d/lockstep,$$n); l2=$(call sc_instr,$$d/lockstep,$$m); \
	  awk -v s=$$((s2 - s1)) -v l=$$((l2 - l1)) -v n=$$n 'BEGIN { printf "%-8s %-32s %14.0f %14.0f %6.1fx\n", \
	    "$b", "$(firstword $($b_LS_CFGS))", s / n, l / n, s / l }';)
