#!/usr/bin/env bash
# gmc_hgalloc_tight.sh: the wait bound that rtl/gmc_hgalloc.sv proves
# (p_bound: a one-output requester is granted within (C-1)*(L+1) + 1
# counted cycles) is tight: with the bound lowered by one
# (-DGMC_HGALLOC_TIGHT) a bounded model check from reset must find a trace
# that violates it, i.e. some requester does wait (C-1)*(L+1) cycles.
#
#   synth/gmc_hgalloc_tight.sh CONFIG OUTDIR STEPS
#
# Exit 0 only if the counterexample is found within STEPS; prints its length.
set -u
cfg=$1 out=$2 steps=$3
. "$(dirname "$0")/lib.sh"
synth_init hgalloc "$cfg" "$out" "formal-hgalloc-tight"
: "${GMC:?set GMC to the gmc CLI}"
chp=$("$GMC" block flags hgalloc "$cfg" yosys) || fail "gmc block flags failed"
"$YOSYS" -q -l tight.log -p "read_verilog -defer -sv -formal -DGMC_HGALLOC_TIGHT $rtl;
  chparam $chp gmc_hgalloc; prep -top gmc_hgalloc; async2sync;
  chformal -assert -remove t:\$assert gmc_hgalloc/p_bound %d;
  sat -tempinduct-baseonly -maxsteps $steps -prove-asserts -dump_vcd cex.vcd -show f_p_bound" >/dev/null 2>&1
if grep -q 'model found for base case: FAIL' tight.log; then
  k=$(sed -n 's/^\[base case \([0-9]*\)\].*/\1/p' tight.log | tail -1)
  echo "formal-hgalloc-tight: $cfg: a wait of the bound itself is reachable (trace of $k steps, $out/cex.vcd): the bound is tight"
  exit 0
fi
fail "no trace within $steps steps reaches the bound (log $out/tight.log)"
