# tb/gmc_pcmwq.mk -- what the one flow (tb/block.mk) needs to know about
# gmc_pcmwq that its C description (model/vec/gmc_vec_pcmwq.c) does not say.
# A configuration is n<ENTRIES>_a<ADDR_BITS>_v<VER_BITS>_h<HIGH_WM>_l<LOW_WM>_
# i<INTR_MODE>_k<MAX_INTR>.
BLOCKS += pcmwq
# Lockstep: every interruption mode (none, cancel, pause), with and without
# a limit, the drain-mode flop present and absent (LOW_WM + 1 = HIGH_WM),
# power-of-2 and other sizes, versions that wrap (2 bits), one entry.
pcmwq_LS_CFGS  := n8_a12_v8_h6_l2_i1_k4 n8_a10_v6_h8_l0_i0_k0 n4_a3_v2_h3_l1_i2_k2 \
                  n5_a6_v4_h4_l3_i2_k0 n16_a16_v12_h12_l4_i1_k0
pcmwq_VEC_CFGS := $(pcmwq_LS_CFGS) n1_a4_v3_h1_l0_i1_k1 n2_a1_v1_h2_l0_i2_k1
pcmwq_VEC_SUFFIX := _s1
pcmwq_VEC_CYCLES := 512
# RTL fault (`GMC_FAULT_PCMWQ: a coalescing write leaves the old version).
pcmwq_FAULT_CFGS    := n8_a12_v8_h6_l2_i1_k4 n4_a3_v2_h3_l1_i2_k2 n5_a6_v4_h4_l3_i2_k0
pcmwq_IV_FAULT_SKIP :=
# C faults: =1 the RTL's bug, =2 a completed drain frees an entry written
# during the drain.  =1 on both sides at once: lockstep agrees, the
# properties (p_hit) must catch it.
pcmwq_C_FAULTS       := 1 2
pcmwq_C_FAULT_CFGS.1 := $(pcmwq_FAULT_CFGS)
pcmwq_C_FAULT_CFGS.2 := $(pcmwq_LS_CFGS)
pcmwq_BOTH_FAULT     := 1
pcmwq_BOTH_EXPECT    := ^PROPERTY p_hit
pcmwq_LINT_CFGS        := $(pcmwq_VEC_CFGS) n1_a1_v1_h1_l0_i0_k0 n64_a48_v32_h64_l63_i2_k255 \
                          n64_a1_v1_h1_l0_i1_k0 n3_a2_v2_h2_l0_i1_k2 n7_a5_v3_h7_l0_i2_k1
pcmwq_LINT_FORMAL_CFGS := $(pcmwq_LINT_CFGS)
pcmwq_BENCH_CYCLES := 10000000
# Proofs (synth/formal.mk): k-induction of the RTL's eight properties
# (occupancy at most N; a read hit returns the newest queued write; an
# accepted write leaves only by its drain or is overwritten by a newer
# write; a drain carries the newest version; refusal only when full;
# reads first; interruptions as W6 allows; the invariants) for small
# configurations of every mode; the RTL fault must fail them, and the hit
# property alone too.
pcmwq_FORMAL_CFGS       := n1_a2_v2_h1_l0_i1_k1 n2_a2_v2_h2_l0_i0_k0 n3_a2_v2_h2_l0_i1_k2 \
                           n3_a2_v2_h3_l1_i2_k1 n4_a2_v2_h3_l1_i2_k0 n4_a3_v2_h4_l0_i1_k0 \
                           n5_a3_v2_h4_l1_i2_k2 n6_a3_v2_h5_l2_i2_k3 n8_a4_v3_h6_l2_i1_k4 \
                           n8_a3_v2_h8_l0_i0_k0
pcmwq_FORMAL_FAULT_CFGS := n3_a2_v2_h2_l0_i1_k2 n4_a2_v2_h3_l1_i2_k0
pcmwq_FORMAL_MIN_PROPS  := 8
pcmwq_BMC_PROPS         := p_hit
pcmwq_BMC_CFGS          := $(pcmwq_FORMAL_FAULT_CFGS)
pcmwq_BMC_STEPS         := 12
