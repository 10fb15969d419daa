#!/usr/bin/env bash
# gmc_bankarb_formal.sh: unbounded proof (k-induction, Yosys `sat
# -tempinduct`) of the properties in rtl/gmc_bankarb.sv's `ifdef FORMAL
# section, for one (NB, TWO_LEVEL).
#
#   synth/gmc_bankarb_formal.sh NB TWO_LEVEL OUTDIR [--inject-fault]
#
# Flow: read_verilog -formal (defines FORMAL); chparam; prep; async2sync
# (the asynchronous resets become synchronous flops whose outputs read the
# reset value while rst_ni = 0, as the RTL's do); sat -tempinduct
# -prove-asserts: base case from the initial state (only f_rst_seen_q has
# one: 0; every other flop is free) and induction step over every state,
# the length raised until both hold (at most MAXK).
#
# Without --inject-fault: exit 0 only if every assertion is proved.
# With --inject-fault (RTL read with -DGMC_FAULT_BANKARB): exit 0 only if
# the proof FAILS in the base case, i.e. Yosys finds a real trace from the
# initial state that violates an assertion (not just a failed induction
# step, nor a parse error); the properties that trace violates are then
# named (the property wires f_p_* that read 0 in it) and its waveform is
# written to OUTDIR/cex.vcd.  For NB <= BOUND_BMC_MAX (8) a bounded check
# with only p_bound_hi resp. p_bound_lo kept shows the bound itself fail.
set -u
nb=$1 tl=$2 out=$3 fault=${4:-}
here=$(cd "$(dirname "$0")" && pwd)
rtl=$(cd "$here/.." && pwd)/rtl/gmc_bankarb.sv
YOSYS=${YOSYS:-yosys}
MAXK=${MAXK:-20}
name="NB $nb TWO_LEVEL $tl"
def=""
[ -n "$fault" ] && def="-DGMC_FAULT_BANKARB"

mkdir -p "$out" && cd "$out" || exit 1
rm -f formal.log names.log cex.vcd
prep="read_verilog -sv -formal $def $rtl; chparam -set NB $nb -set TWO_LEVEL $tl gmc_bankarb;
      prep -top gmc_bankarb; async2sync"

# Property names: the labels of the RTL's assertions (p_<name> asserts the
# wire f_p_<name>); the counterexample table shows every such wire.
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
props=$(sed -n 's|^gmc_bankarb/\(p_[a-z_]*\)$|\1|p' props.txt 2>/dev/null | sort -u | tr '\n' ' ')
tags=$(echo $props | wc -w)
echo "$t" > time.txt

if [ -z "$fault" ]; then
  k=$(sed -n 's/^\[induction step \([0-9]*\)\].*/\1/p' formal.log | tail -1)
  if [ $rc -eq 0 ] && grep -q 'Induction step proven: SUCCESS' formal.log; then
    echo "formal bankarb: $name: proved unbounded (k-induction, length ${k:-?}): $tags properties, ${t}s"
    exit 0
  fi
  grep -E 'ERROR|FAIL|failed' formal.log | head -5
  echo "formal bankarb: $name: NOT PROVED (exit $rc, ${t}s; log $out/formal.log)"
  exit 1
fi

# --- negative check
if ! grep -q 'model found for base case: FAIL' formal.log; then
  grep -E 'ERROR|SUCCESS' formal.log | head -3
  echo "formal bankarb: $name: injected fault NOT caught (exit $rc; log $out/formal.log)"
  exit 1
fi
k=$(sed -n 's/^\[base case \([0-9]*\)\].*/\1/p' formal.log | tail -1)
# The violated properties: wires f_p_* that read 0 at some step of the
# counterexample table ("<step> \f_p_<name> <dec> <hex> <bin>").
violated() { awk '$2 ~ /^\\f_p_/ && $3 == "0" { sub(/^\\f_/, "", $2); print $2 }' "$1" | sort -u | tr '\n' ' '; }
failing=$(violated formal.log)
# The bounds themselves (not only their inductive invariants): BMC with one
# bound kept, NB + 4 steps deep -- cheap for small NB only (NB 16: 30 s).
bounds=""
if [ "$nb" -le "${BOUND_BMC_MAX:-8}" ]; then
  for p in p_bound_hi p_bound_lo; do
    case " $props " in *" $p "*) ;; *) continue ;; esac
    "$YOSYS" -q -l "bmc_$p.log" -p "$prep; chformal -assert -remove t:\$assert gmc_bankarb/$p %d;
      sat -tempinduct-baseonly -maxsteps $((nb + 4)) -prove-asserts -dump_vcd cex_$p.vcd -show f_$p" >/dev/null 2>&1
    if grep -q 'model found for base case: FAIL' "bmc_$p.log"; then
      bounds="$bounds $p@$(sed -n 's/^\[base case \([0-9]*\)\].*/\1/p' "bmc_$p.log" | tail -1)"
    fi
  done
  bounds="; bound itself violated (property@steps):${bounds:- none}"
fi
echo "formal bankarb: $name: injected fault caught: counterexample from reset in $k steps" \
     "violates ${failing:-(unnamed)}(waveform $out/cex.vcd, ${t}s)$bounds"
exit 0
