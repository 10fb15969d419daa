#!/usr/bin/env bash
# gmc_bim_synth.sh: price one BIM (preset, scheme, seed) in Yosys generic
# gates and set it beside the C model's analytic cost.
#
#   synth/gmc_bim_synth.sh GMC PRESET SCHEME SEED OUTDIR
#
# Writes OUTDIR/row.md (one markdown table row) and OUTDIR/row.tsv, and fails
# if the structural XOR2 count differs from the model's total_xors or the
# REG_OUT = 1 flip-flop count differs from W + 1 (the two numbers that must
# agree exactly; the others are reported and explained in the report).
set -u
gmc=$1 preset=$2 scheme=$3 seed=$4 out=$5
. "$(dirname "$0")/lib.sh"
synth_init bim "$preset $scheme s$seed" "$out" "synth"
args=(--preset "$preset" --scheme "$scheme" --seed "$seed")
"$gmc" bim "${args[@]}" --reg-out 0 --emit-verilog --module bim_dut -o bim_dut.sv || fail "gmc --emit-verilog"
"$gmc" bim "${args[@]}" --reg-out 1 --emit-verilog --module bim_dut_r1 -o bim_dut_r1.sv || fail "gmc --emit-verilog"
"$gmc" bim "${args[@]}" --cost --json > cost.json || fail "gmc --cost --json"

# "key": number from the model's JSON.
jnum() { sed -n "s/.*\"$1\": *\([0-9][0-9]*\).*/\1/p" cost.json | head -1; }
w=$(jnum width) xors=$(jnum total_xors) depth=$(jnum max_depth)
[ -n "$w" ] && [ -n "$xors" ] && [ -n "$depth" ] || fail "cost.json lacks width/total_xors/max_depth"

for s in tree noabc abc; do
  "$YOSYS" -q -l "$s.log" -p "read_verilog -sv bim_dut.sv $rtl; script $here/gmc_bim_$s.ys" >/dev/null \
    || fail "yosys $s failed (log $out/$s.log)"
done
"$YOSYS" -q -l ff.log -p "read_verilog -sv bim_dut_r1.sv $rtl; script $here/gmc_bim_ff.ys" >/dev/null \
  || fail "yosys ff failed (log $out/ff.log)"

# One cell type's count from `stat` (0 when absent); cells, ltp and ffs are lib.sh's.
ctype() { awk -v t="$2" '$1 == t {print $2; f=1} END {if (!f) print 0}' "$1"; }

tree_x=$(ctype tree.stat '$_XOR_') tree_c=$(cells tree.stat) tree_d=$(ltp tree.ltp)
noabc_c=$(cells noabc.stat) noabc_x=$(ctype noabc.stat '$_XOR_') noabc_d=$(ltp noabc.ltp)
abc_c=$(cells abc.stat) abc_x=$(ctype abc.stat '$_XOR_') abc_xn=$(ctype abc.stat '$_XNOR_') abc_d=$(ltp abc.ltp)
ff=$(ffs ff.stat)
# A matrix that is all wires has no logic: ltp reports nothing, depth 0.
tree_d=${tree_d:-0} noabc_d=${noabc_d:-0} abc_d=${abc_d:-0}

printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s/%s | %s | %s |\n' \
  "$preset" "$scheme" "$w" "$xors" "$depth" "$tree_x" "$tree_d" "$noabc_x" "$noabc_d" \
  "$abc_c" "$abc_x" "$abc_xn" "$abc_d" "$ff" > row.md
printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' \
  "$preset" "$scheme" "$w" "$xors" "$depth" "$tree_x" "$tree_d" "$noabc_x" "$noabc_d" \
  "$abc_c" "$abc_x" "$abc_xn" "$abc_d" "$ff" > row.tsv

rc=0
[ "$tree_c" = "$tree_x" ] || { echo "synth: $name: structural netlist has $tree_c cells, $tree_x XOR2: expected XOR2 only" >&2; rc=1; }
[ "$tree_x" = "$xors" ] || { echo "synth: $name: structural XOR2 count $tree_x != model total_xors $xors" >&2; rc=1; }
[ "$ff" = "$((w + 1))" ] || { echo "synth: $name: REG_OUT=1 has $ff flip-flops, expected W+1 = $((w + 1))" >&2; rc=1; }
exit $rc
