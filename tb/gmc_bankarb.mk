# tb/gmc_bankarb.mk -- what the one flow (tb/block.mk) needs to know about
# gmc_bankarb that its C description (model/vec/gmc_vec_bankarb.c) does not
# say.  A configuration is nb<NB>_tl<TWO_LEVEL>.
BLOCKS += bankarb
bankarb_LS_CFGS    := nb16_tl1 nb16_tl0 nb5_tl1 nb64_tl1
bankarb_VEC_CFGS   := nb16_tl1 nb16_tl0 nb5_tl1 nb1_tl1 nb64_tl1
bankarb_VEC_SUFFIX := _s1
bankarb_VEC_CYCLES := 512
# RTL fault (`GMC_FAULT_BANKARB: a pool's pointer moves to the granted bank,
# not one past it); it cannot show with one bank.
bankarb_FAULT_CFGS    := nb16_tl1 nb16_tl0 nb5_tl1
bankarb_IV_FAULT_SKIP := nb1_%
# C faults: =1 the RTL's pointer bug, =2 the low pool wins when its candidate
# sits at the low pointer (needs two pools).  =1 on both sides at once:
# lockstep agrees, only the starvation property can catch it.
bankarb_C_FAULTS       := 1 2
bankarb_C_FAULT_CFGS.2 := $(filter %_tl1,$(bankarb_LS_CFGS))
bankarb_BOTH_FAULT     := 1
bankarb_BOTH_EXPECT    := ^PROPERTY p_bound
bankarb_LINT_CFGS        := nb16_tl1 nb16_tl0 nb1_tl1 nb1_tl0 nb2_tl1 nb5_tl1 nb5_tl0 nb64_tl1 nb64_tl0
bankarb_LINT_FORMAL_CFGS := $(bankarb_LINT_CFGS)
bankarb_BENCH_CYCLES     := 10000000
# Proofs (synth/formal.mk): k-induction of the RTL's properties; the RTL
# fault must fail them, and for small NB the starvation bound alone too.
bankarb_FORMAL_CFGS       := nb1_tl1 nb4_tl1 nb5_tl1 nb16_tl1 nb5_tl0 nb16_tl0
bankarb_FORMAL_FAULT_CFGS := nb4_tl1 nb5_tl0 nb16_tl1
bankarb_FORMAL_MAXK       := 20
bankarb_BMC_PROPS         := p_bound_hi p_bound_lo
bankarb_BMC_CFGS          := nb4_tl1 nb5_tl0
bankarb_BMC_STEPS         := 12
