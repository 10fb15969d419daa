# synth/synth_pcmwq.mk -- Yosys pricing of rtl/gmc_pcmwq.sv (its proofs are
# the one flow's: synth/formal.mk, lists in tb/gmc_pcmwq.mk).  Included by
# the top Makefile after synth/synth.mk.
#
#   make synth-pcmwq   cells, depth and flip-flops for every PW_SY_CFGS beside
#                      the model's storage (entries, control) ->
#                      build/synth/pcmwq_report.md; ends with "N passed, M failed (...)"
PW_SY        := $(BUILD)/synth/pcmwq
PW_SY_REPORT := $(BUILD)/synth/pcmwq_report.md
PW_SY_BITS   := $(BUILD)/synth/bits/gmc_pcmwq_bits
# NVMain's FRFCFS-WQF write queue (8 entries, drain at full down to empty)
# with 32-bit line addresses and 16-bit versions, without interruption and
# with pausing (the most control), and the lockstep configurations'
# corners (cancellation with a limit, no drain-mode flop, one entry).
# Larger queues by hand (a 32-entry one takes about 25 s):
#   make synth-pcmwq PW_SY_CFGS=n32_a32_v16_h24_l8_i1_k4
PW_SY_CFGS   := n8_a32_v16_h8_l0_i0_k4 n8_a32_v16_h8_l0_i2_k4 n8_a12_v8_h6_l2_i1_k4 \
                n5_a6_v4_h4_l3_i2_k0 n1_a4_v3_h1_l0_i1_k1

.PHONY: synth-pcmwq
synth: synth-pcmwq

$(PW_SY)/%/row.md: $(PW_SY_BITS) rtl/gmc_pcmwq.sv synth/gmc_pcmwq_synth.sh FORCE
	@YOSYS=$(YOSYS) bash synth/gmc_pcmwq_synth.sh $(abspath $(PW_SY_BITS)) $* $(@D) \
	  && echo PASS > $(@D)/result || { echo FAIL > $(@D)/result; rm -f $@; }

synth-pcmwq: $(foreach c,$(PW_SY_CFGS),$(PW_SY)/$(c)/row.md)
	@{ echo "# gmc_pcmwq: Yosys generic synthesis vs the model's storage"; \
	  echo; \
	  echo "$$($(YOSYS) -V). Regenerate with \`make synth-pcmwq\` (per-run logs: $(PW_SY)/<configuration>/)."; \
	  echo; \
	  echo "| N | A | V | drain H..L | interruption | K | entry bits | control bits | model bits | FF | synth cells | of which logic | ABC cells | ABC depth |"; \
	  echo "|--:|--:|--:|--:|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|"; \
	  for c in $(PW_SY_CFGS); do cat $(PW_SY)/$$c/row.md 2>/dev/null; done; \
	  echo; \
	  echo "Columns:"; \
	  echo "- **model bits**: \`gmc_pcmwq_state_bits()\` (synth/gmc_pcmwq_bits.c; \`gmc overhead pcmwq\`'s total_bits), the sum of"; \
	  echo "  **entry bits** N*(A+V) and **control bits**: head clog2(N), count clog2(N+1), busy and redo, paused (pause),"; \
	  echo "  the drain-mode flop (L + 1 < H), the interruption counter clog2(K+1) (a mode and a limit)."; \
	  echo "- **FF**: flip-flops after \`synth -flatten\`; \`make synth-pcmwq\` fails unless they equal the model bits."; \
	  echo "- **synth cells**: \`synth -flatten\` (\`abc -fast\`), flip-flops included; **of which logic** = cells - FF."; \
	  echo "- **ABC**: \`synth -flatten -noabc\`, then \`abc\` (full default script) and \`opt -fast\`; **depth**: \`ltp -noff\`."; \
	} > $(PW_SY_REPORT)
	@cat $(PW_SY_REPORT)
	$(call b_summarize,synth-pcmwq: FF == model storage bits,$(foreach c,$(PW_SY_CFGS),$(PW_SY)/$(c)/result))
