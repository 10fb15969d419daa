# synth/synth.mk -- Yosys pricing and formal equivalence of rtl/gmc_bim.sv.
# Included by the top Makefile (BUILD, GMC).
#
#   make synth    every preset x scheme: generic-gate counts (structural,
#                 -noabc, ABC), logic depth and REG_OUT=1 flip-flops beside
#                 the model's analytic cost -> build/synth/bim_report.md
#   make formal   every preset x scheme: RTL wrapper == C-emitted XOR
#                 equations (SAT proof over all 2^W addresses), plus the
#                 mutation check: a wrapper with one flipped matrix bit must
#                 fail the proof
#
# Knob: SYNTH_SEED (matrix seed of the random schemes).

YOSYS         ?= yosys
SYNTH_SEED    ?= 1
SYNTH_PRESETS := gddr5-hynix gddr6-rtx2060s
SYNTH_SCHEMES := base pm rmp pae fae all
SY            := $(BUILD)/synth
SY_CFGS       := $(foreach p,$(SYNTH_PRESETS),$(foreach s,$(SYNTH_SCHEMES),$(p)_$(s)))
SY_REPORT     := $(SY)/bim_report.md
SY_DEPS       := $(GMC) rtl/gmc_bim.sv $(wildcard synth/gmc_bim_*.ys) synth/gmc_bim_synth.sh \
                 synth/gmc_bim_formal.sh
sy_p = $(word 1,$(subst _, ,$1))
sy_s = $(word 2,$(subst _, ,$1))

.PHONY: synth synth-bim formal formal-bim formal-fault-bim
synth: synth-bim  ## Yosys cells, flip-flops and memory bits of every block beside the model's counts
formal: formal-bim  ## BIM equivalence proofs and every block's k-induction proofs; injected faults must fail them

# One row per configuration (re-run every time: a few Yosys runs, ~1 s).
$(SY)/bim/%/row.md: $(SY_DEPS) FORCE
	@YOSYS=$(YOSYS) bash synth/gmc_bim_synth.sh $(abspath $(GMC)) $(call sy_p,$*) $(call sy_s,$*) \
	  $(SYNTH_SEED) $(@D) || { rm -f $@; exit 1; }

synth-bim: $(foreach c,$(SY_CFGS),$(SY)/bim/$(c)/row.md)
	@{ echo "# gmc_bim: Yosys generic synthesis vs the model's analytic cost"; \
	  echo; \
	  echo "Matrix seed $(SYNTH_SEED); REG_OUT = 0 for the gate counts, REG_OUT = 1 for the flip-flops."; \
	  echo "$$($(YOSYS) -V). Regenerate with \`make synth\` (per-run logs: $(SY)/bim/<preset>_<scheme>/)."; \
	  echo; \
	  echo "| preset | scheme | W | model XOR2 | model depth | tree XOR2 | tree depth | -noabc XOR2 | -noabc depth | abc cells | abc XOR/XNOR | abc depth | FF (REG_OUT=1) |"; \
	  echo "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|"; \
	  for c in $(SY_CFGS); do cat $(SY)/bim/$$c/row.md; done; \
	  echo; \
	  echo "Columns:"; \
	  echo "- **model**: \`gmc bim --cost --json\`: total_xors = sum over output bits of (k-1) two-input XORs for k selected inputs;"; \
	  echo "  depth = max ceil(log2 k)."; \
	  echo "- **tree**: \`synth/gmc_bim_tree.ys\`: proc, flatten, opt_expr, techmap (each \`\$$reduce_xor\` -> XOR2 tree), opt_expr;"; \
	  echo "  no cross-output sharing. \`make synth\` fails unless tree XOR2 == model XOR2 and the netlist is XOR2 only."; \
	  echo "- **-noabc**: \`synth -flatten -noabc\` (\`synth/gmc_bim_noabc.ys\`)."; \
	  echo "- **abc**: \`synth -flatten -noabc\`, then \`abc\` with its full default script (\`synth\` alone runs \`abc -fast\`),"; \
	  echo "  technology-independent gates (\`synth/gmc_bim_abc.ys\`)."; \
	  echo "- **depth**: Yosys \`ltp -noff\`, the longest path in gates from an input to an output."; \
	  echo "- **FF**: \`synth -flatten\` of the REG_OUT = 1 wrapper; \`make synth\` fails unless it is W + 1 (addr and valid)."; \
	  echo; \
	  echo "Why the numbers differ:"; \
	  echo "- *-noabc and abc below the model*: the model prices each output bit's tree on its own, as PAE [ISCA'18] Fig. 7 draws it."; \
	  echo "  Yosys \`opt_merge\` shares identical XOR2 sub-trees between output bits (rows that pair the same inputs at the"; \
	  echo "  same tree position), and ABC re-factors the whole XOR network, sharing common sub-expressions across rows."; \
	  echo "  The model's count is therefore an upper bound on the gates a synthesiser needs. ABC also emits XNOR where it"; \
	  echo "  moves inversions (XNOR(a,b) = XOR(a,b) inverted; two inversions cancel), which is why XNOR appears at all."; \
	  echo "- *tree depth above the model*: Yosys maps \`\$$reduce_xor\` over the full W-bit masked vector, pairing"; \
	  echo "  neighbouring bit positions; masked-out positions fold away as constants, so a row's depth depends on where its"; \
	  echo "  k inputs sit and reaches ceil(log2 W) (5 for W = 30, 6 for W = 33) instead of ceil(log2 k). ABC's area-oriented"; \
	  echo "  script recovers some of it; the model's depth is what a balanced tree per output bit (Fig. 7) needs and what a"; \
	  echo "  timing-driven synthesis aims for."; \
	  echo "- *base/rmp*: permutation matrices are wires only: 0 gates at any setting."; \
	} > $(SY_REPORT)
	@cat $(SY_REPORT)
	@echo "synth: report written to $(SY_REPORT)"

# ---------------------------------------------------------------- formal
# Each proof writes PASS/FAIL to <dir>/result and does not stop make; the
# aggregate prints "N passed, M failed" and fails if M > 0.
$(SY)/formal/%/result: $(SY_DEPS) FORCE
	@YOSYS=$(YOSYS) bash synth/gmc_bim_formal.sh $(abspath $(GMC)) $(call sy_p,$*) $(call sy_s,$*) \
	  $(SYNTH_SEED) $(@D) && echo PASS > $@ || echo FAIL > $@

$(SY)/formal-fault/%/result: $(SY_DEPS) FORCE
	@YOSYS=$(YOSYS) bash synth/gmc_bim_formal.sh $(abspath $(GMC)) $(call sy_p,$*) $(call sy_s,$*) \
	  $(SYNTH_SEED) $(@D) --inject-fault && echo PASS > $@ || echo FAIL > $@

SY_PROOFS := $(foreach c,$(SY_CFGS),$(SY)/formal/$(c)/result)
SY_FAULTS := $(foreach c,$(SY_CFGS),$(SY)/formal-fault/$(c)/result)

# The blocks' storage-bit helpers (synth/gmc_<b>_bits.c: what the model says
# a configuration stores, for the synth checks).
$(BUILD)/synth/bits/gmc_%_bits: synth/gmc_%_bits.c $(LIB)
	@mkdir -p $(@D)
	@$(CC) $(CFLAGS_ALL) -o $@ $< $(LIB) -lm

# (sy_summarize: the one flow's summary line, tb/block.mk)
sy_summarize = $(call b_summarize,$1,$2)

formal-fault-bim: $(SY_FAULTS)
	$(call sy_summarize,formal: injected faults caught,$(SY_FAULTS))

formal-bim: $(SY_PROOFS) $(SY_FAULTS)
	$(call sy_summarize,formal: RTL == spec proofs and injected faults caught,$(SY_PROOFS) $(SY_FAULTS))
