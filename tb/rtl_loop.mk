# tb/rtl_loop.mk -- RTL in the loop of the system harness: gmc-rtl, the same
# gmc in which every call of a block's C step also steps that block's
# Verilated RTL and compares the outputs (tb/rtl_loop/rtl_loop_main.cpp;
# docs/adding-a-block.md "RTL in the loop").  Included by the top Makefile
# after tb/block.mk, whose rules (top.txt, the block's flags and fault
# define) it reuses.
#
#   make rtl-sim          $(BUILD)/bin/gmc-rtl with the models of RTL_CFGS
#   make rtl-sim-test     each block on a small gmc sim run: report bytes
#                         equal to gmc's, steps compared, and a gmc-rtl built
#                         with the block's RTL fault must fail (a stage of
#                         make test)
#   make soak-rtl         longer runs of every block (not in make test)
#
# RTL parameters are compile-time: RTL_CFGS lists the configurations built
# in, as <block>:<configuration> (the description's names: gmc block list).
# The defaults are what the machines of rtl-sim-test use; a run that needs
# another is refused with the line to add.

RTL_CFGS ?= bankarb:nb16_tl1 bankarb:nb4_tl1 \
            wmc:sm5_w5_h0_p8_nb16_r64_s4_pt64 \
            bim:gddr6-rtx2060s_pae_s1_r0 \
            hgalloc:c4_m8_p1_r12_b2_k4_l2_pb0_f1 hgalloc:c8_m4_p0_r1_b1_k4_l0_pb0_f1 \
            pcmwq:n8_a48_v32_h8_l0_i0_k0
# RTL_EXTRA adds to the list (RTL_CFGS=... replaces it).
override RTL_CFGS += $(RTL_EXTRA)

RL        := $(BUILD)/rtl-sim
GMC_RTL   := $(BUILD)/bin/gmc-rtl
VL_ROOT   ?= $(eval VL_ROOT := $(shell $(VERILATOR) --getenv VERILATOR_ROOT 2>/dev/null))$(VL_ROOT)

# A model's directory is $(BLK)/<block>/<kind>/<config> (kind ls, or
# fault-rtl with the RTL fault): the lockstep's, so the generated top is
# shared; the model itself goes to rl/ with a class of its own.
rl_cls  = Vrl_$(call b_blk,$1)_$(subst -,_,$(call b_cfg,$1))$(if $(call b_fault_kind,$(call b_kind,$1)),_f)
rl_dirs = $(foreach e,$1,$(word 1,$(subst :, ,$e))/$2/$(word 2,$(subst :, ,$e)))
rl_objs = $(foreach d,$1,$(BLK)/$d/rl/lockstep_gmc_$(call b_blk,$d).o $(BLK)/$d/rl/$(call rl_cls,$d)__ALL.a)

$(BLK)/%/rl.stamp: $(BLK)/%/top.txt $$(call b_rtl,$$(call b_blk,$$*)) tb/lockstep_gmc_$$(call b_blk,$$*).cpp \
                   $(b_libdeps) tb/rtl_loop/rtl_loop_model.h tb/rtl_loop/rtl_loop.h $(VL_STAMP)
	@rm -rf $(@D)/rl; b=$(call b_blk,$*); c=$(call b_cfg,$*); cls=$(call rl_cls,$*); \
	echo "rtl-sim: verilating $$b $$c$(if $(call b_fault_kind,$(call b_kind,$*)), (RTL fault)) as $$cls"; \
	$(VERILATOR) --cc --exe $(VL_FLAGS) --prefix $$cls --top-module $$(cat $<) \
	  $$($(GMC) block flags $$b $$c verilator) $(call b_def,$*,+define+) -Mdir $(@D)/rl \
	  $(call b_srcs,$*) $(abspath tb/lockstep_gmc_$(call b_blk,$*).cpp) \
	  -CFLAGS "-I$(abspath model) -I$(abspath tb) -DGMC_LS_CONFIG='\"'$$c'\"' \
	    -DGMC_HARNESS='\"rtl_loop/rtl_loop_model.h\"' -DRL_TOP=$$cls -DRL_TOP_H='\"'$$cls.h'\"' \
	    -DRL_FAULT=$(if $(call b_fault_kind,$(call b_kind,$*)),1,0)" -o unused && \
	$(MAKE) -s --no-print-directory -C $(@D)/rl -f $$cls.mk $(VL_MAKE) $${cls}__ALL.a \
	  lockstep_gmc_$(call b_blk,$*).o >$(@D)/rl.log 2>&1 || { cat $(@D)/rl.log; exit 1; }
	@touch $@

$(RL)/rtl_loop_main.o: tb/rtl_loop/rtl_loop_main.cpp tb/rtl_loop/rtl_loop.h $(wildcard model/blocks/*.h)
	@mkdir -p $(@D)
	$(CXX) -std=c++17 -O2 -g -Wall -Wextra -Imodel -Itb -isystem $(VL_ROOT)/include -isystem $(VL_ROOT)/include/vltstd -c $< -o $@
# The CLI's main, renamed: gmc-rtl's main calls it after setting the hooks.
$(RL)/cli_main.o: model/cli/main.c $(BUILD)/gen/gmc_version.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) -I$(BUILD)/gen -Dmain=gmc_cli_main -c $< -o $@

# $1 = output, $2 = model directories (block/kind/config)
define rl_link
	@mkdir -p $(dir $1)
	@echo "rtl-sim: linking $1 ($(words $2) model(s))"
	@$(CXX) -o $1 $(RL)/rtl_loop_main.o $(RL)/cli_main.o $(filter-out %/cli/main.o,$(CLI_OBJS)) \
	  $(call rl_objs,$2) $(LIB) $(VLRT) -lm -pthread -latomic
endef

RL_MODELS := $(call rl_dirs,$(RTL_CFGS),ls)
$(GMC_RTL): $(RL)/rtl_loop_main.o $(RL)/cli_main.o $(CLI_OBJS) $(LIB) $(VLRT) \
            $(foreach d,$(RL_MODELS),$(BLK)/$d/rl.stamp) $(RL)/cfgs.txt
	$(call rl_link,$@,$(RL_MODELS))
# Relink when the list changes.
$(RL)/cfgs.txt: FORCE
	@mkdir -p $(@D); echo '$(RTL_CFGS)' | cmp -s - $@ || echo '$(RTL_CFGS)' > $@

# gmc-rtl with one block's RTL fault: that block's configurations only.
rl_block_cfgs = $(filter $1:%,$(RTL_CFGS))
$(RL)/fault-%/gmc-rtl: $(RL)/rtl_loop_main.o $(RL)/cli_main.o $(CLI_OBJS) $(LIB) $(VLRT) \
            $$(foreach d,$$(call rl_dirs,$$(call rl_block_cfgs,$$*),fault-rtl),$(BLK)/$$d/rl.stamp)
	$(call rl_link,$@,$(call rl_dirs,$(call rl_block_cfgs,$*),fault-rtl))

.PHONY: rtl-sim rtl-sim-test soak-rtl
rtl-sim: $(GMC_RTL)  ## gmc-rtl: gmc sim with the blocks' Verilated RTL stepped beside their C twins (RTL_CFGS=block:config ...)

RL_BLOCKS := $(sort $(foreach e,$(RTL_CFGS),$(word 1,$(subst :, ,$e))))
rtl-sim-test: $(GMC) $(GMC_RTL) $(foreach b,$(RL_BLOCKS),$(RL)/fault-$b/gmc-rtl)  ## each block in the loop of a small gmc sim run, with its fault check (a stage of make test)
	@bash tests/rtl/rtl_loop.sh $(GMC) $(GMC_RTL) $(RL)

# The soak's Warped-MC run takes the paper's other readings (receive,
# pending2): gmc-rtl is built with that configuration too for it.
SOAK_RTL_EXTRA := wmc:sm5_w5_h0_p8_nb16_r64_s4_pt64_a1_m1
soak-rtl: $(GMC)  ## longer gmc-rtl runs of every block (not part of make test)
	+@$(MAKE) --no-print-directory rtl-sim RTL_EXTRA='$(RTL_EXTRA) $(SOAK_RTL_EXTRA)'
	@RTL_SOAK=1 bash tests/rtl/rtl_loop.sh $(GMC) $(GMC_RTL) $(RL)
