#!/usr/bin/env bash
# gmc_bankarb_synth.sh: price one gmc_bankarb (NB, TWO_LEVEL) in Yosys generic
# gates and flip-flops beside the C model's analytic storage.
#
#   synth/gmc_bankarb_synth.sh BITS NB TWO_LEVEL OUTDIR
#
# BITS is the gmc_bankarb_bits helper (prints the model's pointer bits).
# Three runs, each from rtl/gmc_bankarb.sv with chparam:
#   synth   `synth -flatten` (Yosys' default flow, abc -fast): cells, FFs
#   noabc   `synth -flatten -noabc`: the structure as written; cells, depth
#   abc     `synth -flatten -noabc; abc; opt -fast` (ABC's full default
#           script, area oriented): cells, depth
# Depth: `ltp -noff`, the longest input -> output/flop path in gates.
# Writes OUTDIR/row.md and OUTDIR/row.tsv; fails unless the flip-flops equal
# the model's pointer bits (they are the block's only state).
set -u
bits=$1 nb=$2 tl=$3 out=$4
. "$(dirname "$0")/lib.sh"
synth_init bankarb "NB $nb TWO_LEVEL $tl" "$out"
read -r model_bits iw < <("$bits" "$nb" "$tl") || fail "gmc_bankarb_bits failed"
load="read_verilog -sv $rtl; chparam -set NumBanks $nb -set TwoLevel $tl gmc_bankarb"
"$YOSYS" -q -l synth.log -p "$load; synth -flatten -top gmc_bankarb; tee -q -o synth.stat stat" >/dev/null \
  || fail "yosys synth failed (log $out/synth.log)"
"$YOSYS" -q -l noabc.log -p "$load; synth -flatten -noabc -top gmc_bankarb; tee -q -o noabc.stat stat;
  tee -q -o noabc.ltp ltp -noff; abc; opt -fast; tee -q -o abc.stat stat; tee -q -o abc.ltp ltp -noff" >/dev/null \
  || fail "yosys noabc/abc failed (log $out/noabc.log)"

ff=$(ffs synth.stat)
s_c=$(cells synth.stat)
n_c=$(cells noabc.stat) n_d=$(ltp noabc.ltp)
a_c=$(cells abc.stat) a_d=$(ltp abc.ltp)
logic=$((s_c - ff))

printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$nb" "$tl" "$iw" "$model_bits" "$ff" \
  "$s_c" "$logic" "$n_c" "${n_d:-0}" "$a_c" "${a_d:-0}" > row.md
printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$nb" "$tl" "$iw" "$model_bits" "$ff" \
  "$s_c" "$logic" "$n_c" "${n_d:-0}" "$a_c" "${a_d:-0}" > row.tsv
[ "$ff" = "$model_bits" ] || fail "$ff flip-flops, the model's pointer storage is $model_bits bits"
exit 0
