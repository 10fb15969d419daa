# tb/gmc_hgalloc.mk -- what the one flow (tb/block.mk) needs to know about
# gmc_hgalloc that its C description (model/vec/gmc_vec_hgalloc.c) does not
# say.  A configuration is c<C>_m<M>_p<POLICY>_r<ROW_BITS>_b<BANK_BITS>_
# k<HASH_BITS>_l<HOLD_LIMIT>_pb<PER_BANK>_f<HOLD_FORCE>.
BLOCKS += hgalloc
# Lockstep: every policy (none, HG, RMHG, HMHG) at least once, both readings
# of the paper (HOLD_FORCE 0/1, PER_BANK 0/1), with and without a hold
# limit, power-of-2 and other port counts, the widest ports (8 x 8).
hgalloc_LS_CFGS  := c8_m8_p0_r8_b1_k4_l0_pb0_f1 c4_m4_p1_r8_b2_k4_l3_pb0_f0 \
                    c4_m4_p2_r8_b2_k4_l2_pb1_f1 c8_m8_p3_r8_b1_k4_l0_pb0_f1 \
                    c7_m5_p3_r9_b3_k3_l4_pb1_f0
hgalloc_VEC_CFGS := $(hgalloc_LS_CFGS) c3_m2_p1_r2_b1_k1_l1_pb0_f1 c1_m1_p3_r4_b1_k4_l2_pb1_f1
hgalloc_VEC_SUFFIX := _s1
hgalloc_VEC_CYCLES := 512
# RTL fault (`GMC_FAULT_HGALLOC: the limit lets one hold too many) needs a
# hold limit and two inputs.
hgalloc_FAULT_CFGS    := c4_m4_p1_r8_b2_k4_l3_pb0_f0 c4_m4_p2_r8_b2_k4_l2_pb1_f1 \
                         c7_m5_p3_r9_b3_k3_l4_pb1_f0
hgalloc_IV_FAULT_SKIP := %_l0_pb0_f1_s1 c1_m1_%
# C faults: =1 the RTL's limit bug, =2 an output that grants nobody keeps
# its hold (needs a hold policy).  =1 on both sides at once: lockstep agrees,
# the properties (p_hold, p_limit) must catch it.
hgalloc_C_FAULTS       := 1 2
hgalloc_C_FAULT_CFGS.1 := $(hgalloc_FAULT_CFGS)
hgalloc_C_FAULT_CFGS.2 := $(filter-out c8_m8_p0_%,$(hgalloc_LS_CFGS))
hgalloc_BOTH_FAULT     := 1
hgalloc_BOTH_EXPECT    := ^PROPERTY p_(hold|limit)
hgalloc_LINT_CFGS        := $(hgalloc_VEC_CFGS) c1_m1_p0_r1_b1_k1_l0_pb0_f1 c2_m2_p2_r32_b5_k4_l65535_pb1_f0 \
                            c8_m8_p3_r8_b5_k8_l7_pb1_f1 c2_m4_p3_r12_b2_k32_l1_pb0_f0
hgalloc_LINT_FORMAL_CFGS := $(hgalloc_LINT_CFGS)
# Wider than the port view allows (Verilator -Wall only): the paper's
# crossbar (28 x 8) and rtx2060s' networks (32 x 32).
hgalloc_LINT_G := "-GNumIn=28 -GNumOut=8 -GPolicy=3 -GRowBits=12 -GBankBits=2" \
                  "-GNumIn=28 -GNumOut=8 -GPolicy=2 -GRowBits=12 -GBankBits=2 -GPerBank=1 -GHoldLimit=8" \
                  "-GNumIn=32 -GNumOut=32 -GPolicy=1 -GHoldForce=0 -GHoldLimit=15"
hgalloc_BENCH_CYCLES := 2000000
# Proofs (synth/formal.mk): k-induction of the RTL's ten properties (one
# grant per input and per output, grants only to requests, some grant
# whenever possible, the hold state's invariants, a held grant stays while
# requested below the limit, at most HOLD_LIMIT holds in a row, and the
# bound (C-1)*(L+1)+1 on a one-output requester's wait) for small
# configurations of every policy and both readings; the RTL fault must fail
# them, and the limit property alone too.
hgalloc_FORMAL_CFGS       := c3_m2_p0_r2_b1_k1_l0_pb0_f1 c3_m2_p1_r2_b1_k1_l2_pb0_f1 \
                             c3_m2_p1_r2_b1_k1_l2_pb0_f0 c3_m2_p2_r2_b1_k1_l1_pb1_f1 \
                             c3_m2_p3_r3_b1_k2_l2_pb0_f0 c2_m3_p3_r4_b2_k2_l1_pb1_f1 \
                             c4_m3_p1_r2_b1_k1_l0_pb0_f1 c4_m4_p3_r4_b2_k2_l3_pb1_f1 \
                             c5_m4_p2_r3_b2_k1_l2_pb1_f0 c8_m8_p1_r1_b1_k1_l3_pb0_f1
hgalloc_FORMAL_FAULT_CFGS := c3_m2_p1_r2_b1_k1_l2_pb0_f1 c3_m2_p3_r3_b1_k2_l2_pb0_f0
hgalloc_FORMAL_MIN_PROPS  := 7
hgalloc_BMC_PROPS         := p_limit
hgalloc_BMC_CFGS          := c3_m2_p1_r2_b1_k1_l2_pb0_f1
hgalloc_BMC_STEPS         := 12
