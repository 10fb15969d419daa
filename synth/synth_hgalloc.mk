# synth/synth_hgalloc.mk -- Yosys pricing of rtl/gmc_hgalloc.sv, and the
# check that its proved wait bound is tight (its proofs are the one flow's:
# synth/formal.mk, lists in tb/gmc_hgalloc.mk).  Included by the top
# Makefile after synth/synth.mk.
#
#   make synth-hgalloc         cells, depth and flip-flops for every HG_SY_CFGS
#                              beside the model's storage (pointers, hold bits,
#                              counters, keys) -> build/synth/hgalloc_report.md
#   make formal-hgalloc-tight  the bound lowered by one is violated by a
#                              bounded search from reset (a prerequisite of
#                              `make formal`)
# Each ends with "N passed, M failed (...)".
HG_SY        := $(BUILD)/synth/hgalloc
HG_SY_REPORT := $(BUILD)/synth/hgalloc_report.md
HG_SY_BITS   := $(BUILD)/synth/bits/gmc_hgalloc_bits
# The paper's crossbar (28 shader cores x 8 controllers, 4096 rows = 12 row
# bits, 4 banks = 2 bank bits) under each policy as Table 1 prices it, and
# small configurations with a hold limit and the other readings.
HG_SY_CFGS   := c28_m8_p1_r12_b2_k4_l0_pb0_f1 c28_m8_p3_r12_b2_k4_l0_pb0_f1 \
                c4_m4_p0_r8_b2_k4_l0_pb0_f1 \
                c4_m4_p1_r8_b2_k4_l3_pb0_f0 c4_m4_p2_r8_b2_k4_l2_pb1_f1 c4_m4_p3_r8_b2_k4_l0_pb0_f1 \
                c1_m1_p0_r1_b1_k1_l0_pb0_f1
HG_TIGHT     := $(BUILD)/proofs/hgalloc/tight
HG_TIGHT_CFGS := c3_m2_p0_r2_b1_k1_l0_pb0_f1 c3_m2_p1_r2_b1_k1_l2_pb0_f1 c4_m1_p1_r2_b1_k1_l1_pb0_f1 \
                 c3_m2_p3_r3_b1_k2_l2_pb0_f0

.PHONY: synth-hgalloc formal-hgalloc-tight
synth: synth-hgalloc
formal: formal-hgalloc-tight

$(HG_SY)/%/row.md: $(HG_SY_BITS) rtl/gmc_hgalloc.sv synth/gmc_hgalloc_synth.sh FORCE
	@YOSYS=$(YOSYS) bash synth/gmc_hgalloc_synth.sh $(abspath $(HG_SY_BITS)) $* $(@D) \
	  && echo PASS > $(@D)/result || { echo FAIL > $(@D)/result; rm -f $@; }

synth-hgalloc: $(foreach c,$(HG_SY_CFGS),$(HG_SY)/$(c)/row.md)
	@{ echo "# gmc_hgalloc: Yosys generic synthesis vs the model's storage"; \
	  echo; \
	  echo "$$($(YOSYS) -V). Regenerate with \`make synth-hgalloc\` (per-run logs: $(HG_SY)/<configuration>/)."; \
	  echo; \
	  echo "| C | M | policy | limit | per bank | pointer bits | hold bits | counter bits | key bits | model bits | FF | synth cells | of which logic | ABC cells | ABC depth |"; \
	  echo "|--:|--:|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|"; \
	  for c in $(HG_SY_CFGS); do cat $(HG_SY)/$$c/row.md 2>/dev/null; done; \
	  echo; \
	  echo "Columns:"; \
	  echo "- **model bits**: \`gmc_hgalloc_state_bits()\` (synth/gmc_hgalloc_bits.c), the sum of: **pointer bits**, C*clog2(M) + M*clog2(C)"; \
	  echo "  (the separable allocator's round-robin pointers, any policy); **hold bits**, C*M (Table 1's HG storage);"; \
	  echo "  **counter bits**, M*clog2(L+1) with a hold limit L; **key bits**, M*clog2(rows)*banks (RMHG per bank) or M*k (HMHGk)."; \
	  echo "- **FF**: flip-flops after \`synth -flatten\` (asynchronous reset); \`make synth-hgalloc\` fails unless they equal the model bits."; \
	  echo "- **synth cells**: \`synth -flatten\` (\`abc -fast\`), flip-flops included; **of which logic** = cells - FF."; \
	  echo "- **ABC**: \`synth -flatten -noabc\`, then \`abc\` (full default script) and \`opt -fast\`; **depth**: \`ltp -noff\`."; \
	} > $(HG_SY_REPORT)
	@cat $(HG_SY_REPORT)
	$(call b_summarize,synth-hgalloc: FF == model storage bits,$(foreach c,$(HG_SY_CFGS),$(HG_SY)/$(c)/result))

$(HG_TIGHT)/%/result: rtl/gmc_hgalloc.sv synth/gmc_hgalloc_tight.sh $(GMC) FORCE
	@GMC=$(abspath $(GMC)) YOSYS=$(YOSYS) bash synth/gmc_hgalloc_tight.sh $* $(@D) 16 \
	  && echo PASS > $@ || echo FAIL > $@

formal-hgalloc-tight: $(foreach c,$(HG_TIGHT_CFGS),$(HG_TIGHT)/$(c)/result)
	$(call b_summarize,formal-hgalloc-tight: the wait bound is tight,$^)
