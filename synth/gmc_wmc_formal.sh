#!/usr/bin/env bash
# gmc_wmc_formal.sh: unbounded proof (k-induction, Yosys `sat -tempinduct`) of
# the properties in rtl/gmc_wmc.sv's `ifdef FORMAL section, for one
# configuration.
#
#   synth/gmc_wmc_formal.sh SM WARP HASH PEND NB ROWS SCORE PT OUTDIR [--inject-fault]
#
# Flow: read_verilog -formal (defines FORMAL); chparam; prep; async2sync (the
# asynchronous resets become synchronous flops whose outputs read the reset
# value while rst_ni = 0, as the RTL's do); sat -tempinduct -prove-asserts:
# base case from the initial state (only f_chk_q has one: 0; every table
# flop is free) and induction step over every state, the length raised until
# both hold (at most MAXK).
#
# Without --inject-fault: exit 0 only if every assertion is proved.
# With --inject-fault (RTL read with -DGMC_FAULT_WMC): exit 0 only if the
# proof FAILS in the base case (a real trace violates an assertion); the
# violated properties (wires f_p_* reading 0 in it) are named and the
# waveform is written to OUTDIR/cex.vcd.
set -u
out=$9 fault=${10:-}
here=$(cd "$(dirname "$0")" && pwd)
rtl=$(cd "$here/.." && pwd)/rtl/gmc_wmc.sv
YOSYS=${YOSYS:-yosys}
MAXK=${MAXK:-10}
name="SM $1 WARP $2 HASH $3 PEND $4 NB $5 ROWS $6 SCORE $7 PT $8"
def=""
[ -n "$fault" ] && def="-DGMC_FAULT_WMC"

mkdir -p "$out" && cd "$out" || exit 1
rm -f formal.log cex.vcd
prep="read_verilog -defer -sv -formal $def $rtl;
      chparam -set SM_BITS $1 -set WARP_BITS $2 -set PC_HASH_BITS $3 -set PEND_BITS $4 -set NB $5 -set ROWS $6 -set SCORE_BITS $7 -set PT_BITS $8 gmc_wmc;
      prep -top gmc_wmc; async2sync"
names=$(sed -n 's/^ *p_\([a-z_]*\): *assert.*/\1/p' "$rtl")
show=""
for p in $names; do show="$show -show f_p_$p"; done

s=$(date +%s.%N)
"$YOSYS" -q -l formal.log -p "$prep;
  tee -o props.txt select -list t:\$assert;
  sat -tempinduct -prove-asserts -maxsteps $MAXK -dump_vcd cex.vcd $show" >/dev/null 2>&1
rc=$?
e=$(date +%s.%N)
t=$(awk "BEGIN { printf \"%.1f\", $e - $s }")
props=$(sed -n 's|^gmc_wmc/\(p_[a-z_]*\)$|\1|p' props.txt 2>/dev/null | sort -u | tr '\n' ' ')
tags=$(echo $props | wc -w)
echo "$t" > time.txt

if [ -z "$fault" ]; then
  k=$(sed -n 's/^\[induction step \([0-9]*\)\].*/\1/p' formal.log | tail -1)
  if [ $rc -eq 0 ] && grep -q 'Induction step proven: SUCCESS' formal.log && [ "$tags" -ge 7 ]; then
    echo "formal wmc: $name: proved unbounded (k-induction, length ${k:-?}): $tags properties ($props), ${t}s"
    exit 0
  fi
  grep -E 'ERROR|FAIL|failed' formal.log | head -5
  echo "formal wmc: $name: NOT PROVED (exit $rc, $tags properties, ${t}s; log $out/formal.log)"
  exit 1
fi

# --- negative check
if ! grep -q 'model found for base case: FAIL' formal.log; then
  grep -E 'ERROR|SUCCESS' formal.log | head -3
  echo "formal wmc: $name: injected fault NOT caught (exit $rc; log $out/formal.log)"
  exit 1
fi
k=$(sed -n 's/^\[base case \([0-9]*\)\].*/\1/p' formal.log | tail -1)
violated() { awk '$2 ~ /^\\f_p_/ && $3 == "0" { sub(/^\\f_/, "", $2); print $2 }' "$1" | sort -u | tr '\n' ' '; }
failing=$(violated formal.log)
echo "formal wmc: $name: injected fault caught: counterexample in $k steps violates" \
     "${failing:-(unnamed)}(waveform $out/cex.vcd, ${t}s)"
exit 0
