# tb/gmc_wmc.mk -- what the one flow (tb/block.mk) needs to know about gmc_wmc
# that its C description (model/vec/gmc_vec_wmc.c) does not say.  A
# configuration is sm<SM_BITS>_w<WARP_BITS>_h<PC_HASH_BITS>_p<PEND_BITS>_
# nb<NB>_r<ROWS>_s<SCORE_BITS>_pt<PT_BITS>.
BLOCKS += wmc
wmc_DEFAULT := sm5_w5_h0_p6_nb16_r64_s4_pt64
# The readings of the paper (docs/blocks/gmc_wmc.md "Choices the paper leaves
# open") are the optional last fields _a<SCORE_AT>_m<M_RULE>; without them
# a0_m0 (Algorithm 1: score and H at schedule, M needs a started warp).
# Every list has each of ScoreAt 0/1 and MRule 0/1, all four pairs in the
# lockstep and vector lists.
# The default (Warped-MC [ICPP'23] Table 3) under both readings and small
# ones: counts and scores that saturate within a few cycles, a PC hash, NB
# not a power of 2, a 32-entry WET, every width at its minimum.
wmc_LS_CFGS    := $(wmc_DEFAULT) $(wmc_DEFAULT)_a1_m1 sm2_w2_h0_p3_nb2_r4_s2_pt4 \
                  sm3_w3_h4_p4_nb4_r8_s3_pt8_a1_m1 sm3_w2_h0_p5_nb5_r8_s4_pt8_a1_m0 \
                  sm1_w1_h2_p1_nb1_r1_s1_pt1_a0_m1
wmc_VEC_CFGS   := $(wmc_DEFAULT) $(wmc_DEFAULT)_a1_m1 sm2_w2_h0_p3_nb2_r4_s2_pt4 \
                  sm3_w3_h4_p4_nb4_r8_s3_pt8_a1_m1 sm4_w3_h0_p5_nb5_r8_s4_pt8_a1_m0 \
                  sm1_w1_h2_p1_nb1_r1_s1_pt1_a0_m1
wmc_VEC_SUFFIX := _s1
wmc_VEC_CYCLES := 512
# RTL fault (`GMC_FAULT_WMC: the pick's tie loses the FCFS preference) needs
# two row slots; the C fault (the RS increment beats the open's clear) shows
# in any configuration.
wmc_FAULT_CFGS    := sm2_w2_h0_p3_nb2_r4_s2_pt4 sm3_w3_h4_p4_nb4_r8_s3_pt8_a1_m1 \
                     sm3_w2_h0_p5_nb5_r8_s4_pt8_a1_m0 sm2_w2_h0_p3_nb2_r4_s2_pt4_a0_m1
wmc_IV_FAULT_SKIP := %_r1_s1_pt1_s1 %_r1_s1_pt1_a0_m1_s1
wmc_C_FAULTS      := 1
wmc_LINT_CFGS     := $(wmc_VEC_CFGS) sm3_w3_h16_p8_nb64_r2_s8_pt2 sm1_w4_h1_p2_nb3_r16_s5_pt32
wmc_LINT_FORMAL_CFGS := $(wmc_LINT_CFGS)
wmc_BENCH_CYCLES     := 2000000
wmc_BENCH_IV_CYCLES  := 5000
# Proofs (synth/formal.mk): k-induction of the RTL's ten properties; the RTL
# fault must fail them.  Small configurations that still have every structure
# of the default -- 8-counter WET words over several words (WetLaneBits = 3
# from SmBits + WarpBits = 4 on, as in Table 3's 128 x 48), 4-counter words,
# several RS planes and banks, NumBanks not a power of 2, a PC hash (WAT), and
# every width at its minimum.  The properties are per entry (freely chosen
# index) or per port, so a larger table only repeats what these cover.
# `sat` cannot import memories: memory_map turns every word into flops.
# Each of ScoreAt 0/1 and MRule 0/1 is in the set (the started bit in the
# WET lanes, the increment's two sources).
wmc_FORMAL_CFGS       := sm1_w2_h2_p2_nb3_r4_s2_pt4 sm2_w1_h0_p3_nb2_r8_s3_pt2_a1_m1 \
                         sm2_w2_h0_p3_nb2_r4_s2_pt4_a1_m0 sm3_w2_h2_p4_nb5_r8_s3_pt8_a0_m1 \
                         sm1_w1_h2_p1_nb1_r1_s1_pt1_a1_m1
wmc_FORMAL_FAULT_CFGS := sm1_w2_h2_p2_nb3_r4_s2_pt4
wmc_FORMAL_MIN_PROPS  := 10
wmc_FORMAL_PREP_EXTRA := memory_map; opt_clean;
