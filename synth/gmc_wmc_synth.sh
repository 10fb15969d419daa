#!/usr/bin/env bash
# gmc_wmc_synth.sh: price one gmc_wmc configuration in Yosys generic gates and
# flip-flops beside the C model's analytic storage.
#
#   synth/gmc_wmc_synth.sh BITS SM WARP HASH PEND NB ROWS SCORE PT OUTDIR
#
# BITS is the gmc_wmc_bits helper (prints gmc_wmc_storage_bits and its four
# terms).  One run of `synth -flatten` (Yosys' default flow, abc -fast) from
# rtl/gmc_wmc.sv with chparam: cells, flip-flops, time.  Writes OUTDIR/row.md;
# fails unless the flip-flops equal the model's storage bits (every table
# entry is a flop; nothing else is state).
set -u
bits=$1 out=${10}
here=$(cd "$(dirname "$0")" && pwd)
rtl=$(cd "$here/.." && pwd)/rtl/gmc_wmc.sv
YOSYS=${YOSYS:-yosys}
name="SM $2 WARP $3 HASH $4 PEND $5 NB $6 ROWS $7 SCORE $8 PT $9"
fail() { echo "synth wmc: $name: $*" >&2; exit 1; }

mkdir -p "$out" && cd "$out" || exit 1
read -r model_bits wat wet rs pt < <("$bits" "$2" "$3" "$4" "$5" "$6" "$7" "$8" "$9") \
  || fail "gmc_wmc_bits failed"
s=$(date +%s.%N)
"$YOSYS" -q -l synth.log -p "read_verilog -defer -sv $rtl;
  chparam -set SM_BITS $2 -set WARP_BITS $3 -set PC_HASH_BITS $4 -set PEND_BITS $5 -set NB $6 \
    -set ROWS $7 -set SCORE_BITS $8 -set PT_BITS $9 gmc_wmc;
  synth -flatten -top gmc_wmc; tee -q -o synth.stat stat" >/dev/null \
  || fail "yosys synth failed (log $out/synth.log)"
e=$(date +%s.%N)
t=$(awk "BEGIN { printf \"%.1f\", $e - $s }")
cells=$(awk '/Number of cells:/{print $NF; exit}' synth.stat)
ff=$(awk '$1 ~ /^\$_(S?DFF|DFFE|ALDFF|DFFSR)/ {n += $2} END {print n + 0}' synth.stat)
logic=$((cells - ff))
printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' \
  "$2" "$3" "$4" "$5" "$6" "$7" "$8" "$9" "$wat+$wet+$rs+$pt" "$model_bits" "$ff" "$cells" "$logic" \
  "$(awk "BEGIN { printf \"%.1f\", $logic / ($ff ? $ff : 1) }")" "$t" > row.md
echo "synth wmc: $name: FF $ff (model $model_bits bits), cells $cells, ${t}s"
[ "$ff" = "$model_bits" ] || fail "$ff flip-flops, the model's storage is $model_bits bits"
exit 0
