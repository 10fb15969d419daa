#!/usr/bin/env bash
# block_formal.sh: unbounded proof (k-induction, Yosys `sat -tempinduct`) of a
# block's properties -- the immediate assertions p_<name>: assert (f_p_<name>)
# in its `ifdef FORMAL section -- for one configuration, with the parameters
# the block's C description gives (`gmc block flags BLK CONFIG yosys`).
#
#   synth/block_formal.sh BLK CONFIG OUTDIR [--inject-fault]
#
# Flow: read_verilog -formal (defines FORMAL); chparam; prep; PREP_EXTRA
# (e.g. memory_map: sat cannot import memories); async2sync (the
# asynchronous resets become synchronous flops whose outputs read the reset
# value while rst_ni = 0, as the RTL's do);
# sat -tempinduct -prove-asserts: base case from the initial state (only the
# checker's own start flop has one; every other flop is free) and induction
# step over every state, the length raised until both hold (at most MAXK).
#
# Without --inject-fault: exit 0 only if every assertion is proved (and at
# least MIN_PROPS of them exist).  With --inject-fault (RTL read with
# -DGMC_FAULT_<BLK>): exit 0 only if the proof FAILS in the base case, i.e.
# Yosys finds a real trace from the initial state that violates an assertion
# (not just a failed induction step, nor a parse error); the violated
# properties (wires f_p_* reading 0 in it) are named and the waveform is
# written to OUTDIR/cex.vcd.  BMC_PROPS: properties then checked alone,
# bounded to BMC_STEPS, to show the property itself fail (not only its
# inductive invariants).
#
# Environment: GMC (the CLI, required), YOSYS, MAXK (10), MIN_PROPS (1),
# PREP_EXTRA, BMC_PROPS, BMC_STEPS.
set -u
blk=$1 cfg=$2 out=$3 fault=${4:-}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
rtl=$root/rtl/gmc_$blk.sv
YOSYS=${YOSYS:-yosys}
MAXK=${MAXK:-10}
: "${GMC:?set GMC to the gmc CLI}"
name="$blk $cfg"
up=$(echo "$blk" | tr a-z A-Z)
def=""
[ -n "$fault" ] && def="-DGMC_FAULT_$up"
chp=$("$GMC" block flags "$blk" "$cfg" yosys) || exit 1

mkdir -p "$out" && cd "$out" || exit 1
rm -f formal.log cex.vcd bmc_*.log
prep="read_verilog -defer -sv -formal -I$root/rtl $def $rtl; chparam $chp gmc_$blk;
      prep -top gmc_$blk; ${PREP_EXTRA:-} async2sync"

# Property names: the labels of the assertions (p_<name> asserts the wire
# f_p_<name>), from the RTL and its property file; the counterexample table
# shows every such wire.
names=$(cat "$rtl" $(ls "$root"/rtl/gmc_${blk}_props.svh 2>/dev/null) |
        sed -n 's/^ *p_\([a-z_0-9]*\): *assert.*/\1/p')
show=""
for p in $names; do show="$show -show f_p_$p"; done

s=$(date +%s.%N)
"$YOSYS" -q -l formal.log -p "$prep;
  tee -o props.txt select -list t:\$assert;
  sat -tempinduct -prove-asserts -maxsteps $MAXK -dump_vcd cex.vcd $show" >/dev/null 2>&1
rc=$?
e=$(date +%s.%N)
t=$(awk "BEGIN { printf \"%.1f\", $e - $s }")
props=$(sed -n "s|^gmc_$blk/\(p_[a-z_0-9]*\)$|\1|p" props.txt 2>/dev/null | sort -u | tr '\n' ' ')
tags=$(echo $props | wc -w)
echo "$t" > time.txt

if [ -z "$fault" ]; then
  k=$(sed -n 's/^\[induction step \([0-9]*\)\].*/\1/p' formal.log | tail -1)
  if [ $rc -eq 0 ] && grep -q 'Induction step proven: SUCCESS' formal.log && [ "$tags" -ge "${MIN_PROPS:-1}" ]; then
    echo "formal $name: proved unbounded (k-induction, length ${k:-?}): $tags properties ($props), ${t}s"
    exit 0
  fi
  grep -E 'ERROR|FAIL|failed' formal.log | head -5
  echo "formal $name: NOT PROVED (exit $rc, $tags properties, ${t}s; log $out/formal.log)"
  exit 1
fi

# --- negative check
if ! grep -q 'model found for base case: FAIL' formal.log; then
  grep -E 'ERROR|SUCCESS' formal.log | head -3
  echo "formal $name: injected fault NOT caught (exit $rc; log $out/formal.log)"
  exit 1
fi
k=$(sed -n 's/^\[base case \([0-9]*\)\].*/\1/p' formal.log | tail -1)
# The violated properties: wires f_p_* that read 0 at some step of the
# counterexample table ("<step> \f_p_<name> <dec> <hex> <bin>").
violated() { awk '$2 ~ /^\\f_p_/ && $3 == "0" { sub(/^\\f_/, "", $2); print $2 }' "$1" | sort -u | tr '\n' ' '; }
failing=$(violated formal.log)
bounds=""
if [ -n "${BMC_PROPS:-}" ]; then
  for p in $BMC_PROPS; do
    case " $props " in *" $p "*) ;; *) continue ;; esac
    "$YOSYS" -q -l "bmc_$p.log" -p "$prep; chformal -assert -remove t:\$assert gmc_$blk/$p %d;
      sat -tempinduct-baseonly -maxsteps ${BMC_STEPS:-20} -prove-asserts -dump_vcd cex_$p.vcd -show f_$p" >/dev/null 2>&1
    if grep -q 'model found for base case: FAIL' "bmc_$p.log"; then
      bounds="$bounds $p@$(sed -n 's/^\[base case \([0-9]*\)\].*/\1/p' "bmc_$p.log" | tail -1)"
    fi
  done
  bounds="; property alone violated (property@steps):${bounds:- none}"
fi
echo "formal $name: injected fault caught: counterexample from reset in $k steps violates" \
     "${failing:-(unnamed)}(waveform $out/cex.vcd, ${t}s)$bounds"
exit 0
