# synth/synth_wmc.mk -- Yosys pricing of rtl/gmc_wmc.sv (its proofs are the
# one flow's: synth/formal.mk, lists in tb/gmc_wmc.mk).  Included by the top
# Makefile (BUILD, LIB, CC, CFLAGS_ALL, YOSYS, FORCE come from there).
#
#   make synth-wmc    for every WMC_SY_CFGS: the memories Yosys infers
#                     (`memory -nomap`) beside the model's storage bits, the
#                     extra flops (valid bits), and FF and cells with the
#                     memories mapped to flops -> build/synth/wmc_report.md;
#                     fails unless memory bits == gmc_wmc_storage_bits() (table
#                     by table) and FF == memory bits + extra flops for each
#
# A prerequisite of the project-wide synth target; ends with "N passed, M
# failed (...)".  The default (Warped-MC [ICPP'23] Table 3) is in the set and
# is most of the time: about 40 s of Yosys.  synth-wmc also checks that `gmc
# overhead warped-mc --json` states Yosys's memory bits, extra flops and
# flop-mapped FF for it.

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
# The readings (a<SCORE_AT>_m<M_RULE>) are optional fields: 0 without them.
wmc_a   = $(or $(call wmc_f,$1,a,9),0)
wmc_m   = $(or $(call wmc_f,$1,m,10),0)
wmc_summarize = $(call b_summarize,$1,$2)
WMC_SY            := $(BUILD)/synth/wmc
WMC_SY_REPORT     := $(BUILD)/synth/wmc_report.md
# Table 3's configuration; small ones.
# Table 3's configuration under both readings (a0_m0: a started bit per WET
# entry; a1_m1: none, Table 3's 11264 bits); small ones, a1_m0 and a0_m1.
WMC_SY_CFGS       ?= sm5_w5_h0_p6_nb16_r64_s4_pt64 sm5_w5_h0_p6_nb16_r64_s4_pt64_a1_m1 \
                     sm4_w3_h0_p5_nb5_r8_s4_pt8 sm3_w3_h4_p4_nb4_r8_s3_pt8_a1_m0 \
                     sm2_w2_h0_p3_nb2_r4_s2_pt4_a0_m1 sm1_w1_h2_p1_nb1_r1_s1_pt1_a1_m1
WMC_SY_BITS       := $(BUILD)/synth/bits/gmc_wmc_bits
# The ten parameters as arguments: SM WARP HASH PEND NB ROWS SCORE PT SCOREAT MRULE.
wmc_args = $(call wmc_sm,$1) $(call wmc_w,$1) $(call wmc_h,$1) $(call wmc_p,$1) \
           $(call wmc_nb,$1) $(call wmc_r,$1) $(call wmc_s,$1) $(call wmc_pt,$1) \
           $(call wmc_a,$1) $(call wmc_m,$1)

.PHONY: synth-wmc
synth: synth-wmc

$(WMC_SY)/%/row.md: $(WMC_SY_BITS) rtl/gmc_wmc.sv synth/gmc_wmc_synth.sh FORCE
	@YOSYS=$(YOSYS) bash synth/gmc_wmc_synth.sh $(abspath $(WMC_SY_BITS)) $(call wmc_args,$*) $(@D) \
	  && echo PASS > $(@D)/result || { echo FAIL > $(@D)/result; rm -f $@; }

# `gmc overhead warped-mc --json` (seed defaults) states the RTL's memory
# bits, flip-flops besides them and the flop-mapped total: they must be what
# Yosys counts for the default.
WMC_SY_DEFAULT := sm5_w5_h0_p6_nb16_r64_s4_pt64
WMC_SY_OVERHEAD := $(if $(filter $(WMC_SY_DEFAULT),$(WMC_SY_CFGS)),$(WMC_SY)/overhead/result)
$(WMC_SY)/overhead/result: $(WMC_SY)/$(WMC_SY_DEFAULT)/row.md $(GMC) FORCE
	@mkdir -p $(@D)
	@c=$(WMC_SY)/$(WMC_SY_DEFAULT)/counts; j=$$($(GMC) overhead warped-mc --json); ok=1; msg=""; \
	for k in memory_bits:memory_bits flip_flops:extra_flops flop_mapped_ff:ff; do \
	  o=$$(echo "$$j" | sed -n "s/.*\"$${k%%:*}\": \([0-9]*\).*/\1/p"); \
	  y=$$(awk -v k=$${k#*:} '$$1 == k { print $$2 }' $$c 2>/dev/null); \
	  msg="$$msg $${k%%:*} $$o/Yosys $$y;"; \
	  [ -n "$$y" ] && [ "$$y" = "$$o" ] || ok=0; done; \
	if [ $$ok = 1 ]; then echo PASS > $@; echo "synth-wmc: gmc overhead warped-mc == Yosys:$$msg"; \
	else echo FAIL > $@; echo "synth-wmc: gmc overhead warped-mc differs from Yosys:$$msg"; fi

synth-wmc: $(foreach c,$(WMC_SY_CFGS),$(WMC_SY)/$(c)/row.md) $(WMC_SY_OVERHEAD)
	@{ echo "# gmc_wmc: Yosys generic synthesis vs the model's storage"; \
	  echo; \
	  echo "$$($(YOSYS) -V). Regenerate with \`make synth-wmc\` (per-run logs: $(WMC_SY)/<config>/)."; \
	  echo; \
	  echo "| SM_BITS | WARP_BITS | PC_HASH_BITS | PEND_BITS | NB | ROWS | SCORE_BITS | PT_BITS | SCORE_AT | M_RULE | memories (words x bits, ports) | memory bits | model storage bits | extra flops | FF (flop-mapped) | synth cells | of which logic | yosys s |"; \
	  echo "|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|:--|--:|--:|--:|--:|--:|--:|--:|"; \
	  for c in $(WMC_SY_CFGS); do cat $(WMC_SY)/$$c/row.md 2>/dev/null; done; \
	  echo; \
	  echo "Columns:"; \
	  echo "- **memories**: the \`\$$mem_v2\` cells after \`memory -nomap\` (\`synth -flatten -run :fine\`): words x bits, read (R) and write (W) ports."; \
	  echo "- **memory bits**: their sum; **model storage bits**: \`gmc_wmc_storage_bits()\` (synth/gmc_wmc_bits.c). \`make synth-wmc\` fails unless they are equal, table by table (PT_BITS = 1: the PT is its NB hi flags, no memory)."; \
	  echo "- **extra flops**: flip-flop bits besides the memories at the same point (valid bits: WET words, RS banks, PT hi flags)."; \
	  echo "- **FF (flop-mapped)**: flip-flops after the rest of \`synth -flatten\` (\`memory_map\`, \`abc -fast\`); must be memory bits + extra flops."; \
	  echo "- **synth cells**: the same netlist's cells, flip-flops included; **of which logic** = cells - FF."; \
	} > $(WMC_SY_REPORT)
	@cat $(WMC_SY_REPORT)
	$(call wmc_summarize,synth-wmc: memory bits == gmc_wmc_storage_bits and gmc overhead,$(foreach c,$(WMC_SY_CFGS),$(WMC_SY)/$(c)/result) $(WMC_SY_OVERHEAD))

