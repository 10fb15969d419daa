# tb/gmc_bim.mk -- what the one flow (tb/block.mk) needs to know about gmc_bim
# that its C description (model/vec/gmc_vec_bim.c) does not say: which
# configurations to run and how its faults are switched.  A configuration is
# <preset>_<scheme>_s<matrix seed>_r<REG_OUT>.
BLOCKS += bim
bim_PRESETS := gddr5-hynix gddr6-rtx2060s
bim_SCHEMES := base pm rmp pae fae all
# Lockstep: every preset x scheme x REG_OUT, matrix seed 1.
bim_LS_CFGS := $(foreach p,$(bim_PRESETS),$(foreach s,$(bim_SCHEMES),$(foreach r,0 1,$(p)_$(s)_s1_r$(r))))
# Golden vectors: the same with matrix seed 7, 256 cycles; the file is
# named after the configuration.
bim_VEC_CFGS   := $(subst _s1_,_s7_,$(bim_LS_CFGS))
bim_VEC_SUFFIX :=
bim_VEC_CYCLES := 256
# The RTL fault is a flipped matrix bit in the generated wrapper
# (gmc block top --fault); the C fault the same bit in gmc_bim_map.
bim_FAULT_IN_TOP := 1
bim_FAULT_CFGS   := $(foreach p,$(bim_PRESETS),$(foreach r,0 1,$(p)_pae_s1_r$(r)))
bim_C_FAULTS     := 1
bim_C_FAULT_CFGS.1 := $(bim_FAULT_CFGS)
# Lint: the widest matrices (W 30 and 33) at both REG_OUT; raw corners.
bim_LINT_CFGS    := $(foreach p,$(bim_PRESETS),$(foreach r,0 1,$(p)_all_s1_r$(r)))
bim_LINT_G       := "" "-GRegOut=1'b1" "-GWidth=64 -GRegOut=1'b1" "-GWidth=1" "-GWidth=33"
bim_BENCH_CYCLES := 10000000
