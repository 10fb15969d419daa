# synth/formal.mk -- the formal proofs of every block that has properties:
# k-induction of its `ifdef FORMAL assertions (synth/block_formal.sh) for
# <b>_FORMAL_CFGS, and the RTL with GMC_FAULT_<B> must fail them for
# <b>_FORMAL_FAULT_CFGS.  The lists are in tb/gmc_<b>.mk, beside the
# block's other configurations; knobs <b>_FORMAL_MAXK, _MIN_PROPS,
# _PREP_EXTRA, _BMC_PROPS, _BMC_CFGS, _BMC_STEPS.  BIM's proof is an
# equivalence, not properties: synth/synth.mk.
#
#   make formal-<b>   each ends with "N passed, M failed (...)"; all are
#                     prerequisites of `make formal`
FORMAL_BLOCKS := $(foreach b,$(BLOCKS),$(if $($(b)_FORMAL_CFGS),$(b)))
.PHONY: formal $(FORMAL_BLOCKS:%=formal-%)
formal: $(FORMAL_BLOCKS:%=formal-%)

# $(BUILD)/proofs/<b>/formal[-fault]/<cfg>/result
f_blk = $(word 1,$(subst /, ,$1))
f_cfg = $(word 3,$(subst /, ,$1))
$(BUILD)/proofs/%/result: synth/block_formal.sh $$(call b_rtl,$$(call f_blk,$$*)) $(GMC) FORCE
	@b=$(call f_blk,$*); c=$(call f_cfg,$*); \
	GMC=$(abspath $(GMC)) YOSYS=$(YOSYS) MAXK=$(or $($(call f_blk,$*)_FORMAL_MAXK),10) \
	MIN_PROPS=$(or $($(call f_blk,$*)_FORMAL_MIN_PROPS),1) PREP_EXTRA="$($(call f_blk,$*)_FORMAL_PREP_EXTRA)" \
	BMC_PROPS="$(if $(filter $(call f_cfg,$*),$($(call f_blk,$*)_BMC_CFGS)),$($(call f_blk,$*)_BMC_PROPS))" \
	BMC_STEPS=$(or $($(call f_blk,$*)_BMC_STEPS),20) \
	bash synth/block_formal.sh $$b $$c $(@D) $(if $(findstring /formal-fault/,$@),--inject-fault) \
	  && echo PASS > $@ || echo FAIL > $@

f_results = $(foreach c,$($1_FORMAL_CFGS),$(BUILD)/proofs/$1/formal/$c/result) \
            $(foreach c,$($1_FORMAL_FAULT_CFGS),$(BUILD)/proofs/$1/formal-fault/$c/result)
$(FORMAL_BLOCKS:%=formal-%): formal-%: $$(call f_results,$$*)
	$(call b_summarize,formal-$*: properties proved and injected faults caught,$^)
