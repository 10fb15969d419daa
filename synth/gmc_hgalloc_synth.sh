#!/usr/bin/env bash
# gmc_hgalloc_synth.sh: price one gmc_hgalloc configuration in Yosys generic
# gates and flip-flops beside the C model's analytic storage.
#
#   synth/gmc_hgalloc_synth.sh BITS CONFIG OUTDIR
#
# CONFIG is a configuration name (c<C>_m<M>_p<P>_r<R>_b<B>_k<K>_l<L>_pb<PB>_f<F>;
# any width: Yosys has no port-view limit); BITS the gmc_hgalloc_bits helper
# (the model's storage: total, pointers, hold bits, counters, keys).  Three
# runs, each from rtl/gmc_hgalloc.sv with chparam:
#   synth   `synth -flatten` (Yosys' default flow, abc -fast): cells, FFs
#   noabc   `synth -flatten -noabc`: the structure as written; cells, depth
#   abc     `synth -flatten -noabc; abc; opt -fast`: cells, depth
# Depth: `ltp -noff`, the longest input -> output/flop path in gates.
# Writes OUTDIR/row.md and OUTDIR/row.tsv; fails unless the flip-flops equal
# the model's storage bits (they are the block's only state).
set -u
bits=$1 cfg=$2 out=$3
. "$(dirname "$0")/lib.sh"
synth_init hgalloc "$cfg" "$out"
# c28_m8_p1_... -> the nine numbers, in parameter order
read -r -a v < <(echo "$cfg" | tr '_' '\n' | sed 's/^[a-z]*//' | tr '\n' ' ')
[ "${#v[@]}" = 9 ] || fail "expected 9 fields in the configuration name"
read -r model ptr hold cnt key < <("$bits" "${v[@]}") || fail "gmc_hgalloc_bits failed"
names=(NumIn NumOut Policy RowBits BankBits HashBits HoldLimit PerBank HoldForce)
chp=""
for k in 0 1 2 3 4 5 6 7 8; do chp="$chp -set ${names[$k]} ${v[$k]}"; done
load="read_verilog -sv $rtl; chparam $chp gmc_hgalloc"
s=$(date +%s.%N)
"$YOSYS" -q -l synth.log -p "$load; synth -flatten -top gmc_hgalloc; tee -q -o synth.stat stat" >/dev/null \
  || fail "yosys synth failed (log $out/synth.log)"
"$YOSYS" -q -l noabc.log -p "$load; synth -flatten -noabc -top gmc_hgalloc; tee -q -o noabc.stat stat;
  tee -q -o noabc.ltp ltp -noff; abc; opt -fast; tee -q -o abc.stat stat; tee -q -o abc.ltp ltp -noff" >/dev/null \
  || fail "yosys noabc/abc failed (log $out/noabc.log)"
e=$(date +%s.%N)

ff=$(ffs synth.stat)
s_c=$(cells synth.stat)
n_c=$(cells noabc.stat) n_d=$(ltp noabc.ltp)
a_c=$(cells abc.stat) a_d=$(ltp abc.ltp)
logic=$((s_c - ff))
t=$(awk "BEGIN { printf \"%.1f\", $e - $s }")
pol=(none HG RMHG HMHG)
printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "${v[0]}" "${v[1]}" \
  "${pol[${v[2]}]}" "${v[6]}" "${v[7]}" "$ptr" "$hold" "$cnt" "$key" "$model" "$ff" "$s_c" "$logic" \
  "$a_c" "${a_d:-0}" > row.md
printf '%s\t' "$cfg" "$model" "$ff" "$s_c" "$logic" "$n_c" "${n_d:-0}" "$a_c" > row.tsv
printf '%s\n' "${a_d:-0}" >> row.tsv
echo "$t" > time.txt
[ "$ff" = "$model" ] || fail "$ff flip-flops, the model's storage is $model bits"
exit 0
