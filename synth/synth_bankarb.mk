# synth/synth_bankarb.mk -- Yosys pricing of rtl/gmc_bankarb.sv (its proofs
# are the one flow's: synth/formal.mk, lists in tb/gmc_bankarb.mk).
# Included by the top Makefile after synth/synth.mk (BUILD, LIB, CC,
# CFLAGS_ALL, YOSYS, FORCE come from there or the top Makefile).
#
#   make synth-bankarb    cells, depth and flip-flops for every BA_SY_CFGS beside
#                         the model's pointer bits -> build/synth/bankarb_report.md
#
# A prerequisite of the project-wide synth target; ends with "N passed, M
# failed (...)".  NB 64 proves too (slower, under a minute):
#   make formal-bankarb bankarb_FORMAL_CFGS=nb64_tl1 bankarb_FORMAL_FAULT_CFGS=

ba_summarize = $(call b_summarize,$1,$2)
BA_SY            := $(BUILD)/synth/bankarb
BA_SY_REPORT     := $(BUILD)/synth/bankarb_report.md
BA_SY_CFGS       := nb16_tl1 nb16_tl0 nb64_tl1 nb64_tl0 nb5_tl1 nb4_tl1 nb1_tl1
BA_SY_BITS       := $(BUILD)/synth/bits/gmc_bankarb_bits
ba_sy_nb = $(patsubst nb%,%,$(word 1,$(subst _, ,$1)))
ba_sy_tl = $(patsubst tl%,%,$(word 2,$(subst _, ,$1)))

.PHONY: synth-bankarb
synth: synth-bankarb

$(BA_SY)/%/row.md: $(BA_SY_BITS) rtl/gmc_bankarb.sv synth/gmc_bankarb_synth.sh FORCE
	@YOSYS=$(YOSYS) bash synth/gmc_bankarb_synth.sh $(abspath $(BA_SY_BITS)) $(call ba_sy_nb,$*) \
	  $(call ba_sy_tl,$*) $(@D) && echo PASS > $(@D)/result || { echo FAIL > $(@D)/result; rm -f $@; }

synth-bankarb: $(foreach c,$(BA_SY_CFGS),$(BA_SY)/$(c)/row.md)
	@{ echo "# gmc_bankarb: Yosys generic synthesis vs the model's storage"; \
	  echo; \
	  echo "$$($(YOSYS) -V). Regenerate with \`make synth-bankarb\` (per-run logs: $(BA_SY)/nb<NB>_tl<T>/)."; \
	  echo; \
	  echo "| NB | TWO_LEVEL | IW | model pointer bits | FF | synth cells | of which logic | -noabc cells | -noabc depth | ABC cells | ABC depth |"; \
	  echo "|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|"; \
	  for c in $(BA_SY_CFGS); do cat $(BA_SY)/$$c/row.md 2>/dev/null; done; \
	  echo; \
	  echo "Columns:"; \
	  echo "- **model pointer bits**: \`gmc_bankarb_state_bits()\` (synth/gmc_bankarb_bits.c): IW = clog2(NB) bits per pool,"; \
	  echo "  two pools when TWO_LEVEL = 1, one otherwise; 0 for NB = 1 (the pointer is constant)."; \
	  echo "- **FF**: flip-flops after \`synth -flatten\` (\`\$$_DFF_PN0_\`, asynchronous reset); \`make synth-bankarb\` fails unless"; \
	  echo "  they equal the model's pointer bits."; \
	  echo "- **synth cells**: \`synth -flatten\` (Yosys' default flow, \`abc -fast\`), flip-flops included; **of which logic** = cells - FF."; \
	  echo "- **-noabc**: \`synth -flatten -noabc\`: the structure as written (prefix-OR encoder, OR-tree index)."; \
	  echo "- **ABC**: the -noabc netlist through \`abc\` (full default script, area oriented), then \`opt -fast\`."; \
	  echo "- **depth**: \`ltp -noff\`, the longest path in gates from an input or flop to an output or flop."; \
	} > $(BA_SY_REPORT)
	@cat $(BA_SY_REPORT)
	$(call ba_summarize,synth-bankarb: FF == model pointer bits,$(foreach c,$(BA_SY_CFGS),$(BA_SY)/$(c)/result))

