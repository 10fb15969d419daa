#!/usr/bin/env bash
# gmc_pcmwq_synth.sh: price one gmc_pcmwq configuration in Yosys generic
# gates and flip-flops beside the C model's analytic storage.
#
#   synth/gmc_pcmwq_synth.sh BITS CONFIG OUTDIR
#
# CONFIG is a configuration name (n<N>_a<A>_v<V>_h<H>_l<L>_i<MODE>_k<K>);
# BITS the gmc_pcmwq_bits helper (the model's storage: total, entries,
# control).  Two runs, each from rtl/gmc_pcmwq.sv with chparam:
#   synth   `synth -flatten` (Yosys' default flow, abc -fast): cells, FFs
#   abc     `synth -flatten -noabc; abc; opt -fast`: cells, depth (`ltp -noff`)
# Writes OUTDIR/row.md and OUTDIR/row.tsv; fails unless the flip-flops equal
# the model's storage bits (they are the block's only state; the slots are
# flip-flops because every one is compared each cycle, a CAM).
set -u
bits=$1 cfg=$2 out=$3
. "$(dirname "$0")/lib.sh"
synth_init pcmwq "$cfg" "$out"
# n8_a12_v8_... -> the seven numbers, in parameter order
read -r -a v < <(echo "$cfg" | tr '_' '\n' | sed 's/^[a-z]*//' | tr '\n' ' ')
[ "${#v[@]}" = 7 ] || fail "expected 7 fields in the configuration name"
read -r model ent ctl < <("$bits" "${v[@]}") || fail "gmc_pcmwq_bits failed"
names=(Entries AddrBits VerBits HighWm LowWm IntrMode MaxIntr)
chp=""
for k in 0 1 2 3 4 5 6; do chp="$chp -set ${names[$k]} ${v[$k]}"; done
load="read_verilog -sv $rtl; chparam $chp gmc_pcmwq"
s=$(date +%s.%N)
"$YOSYS" -q -l synth.log -p "$load; synth -flatten -top gmc_pcmwq; tee -q -o synth.stat stat" >/dev/null \
  || fail "yosys synth failed (log $out/synth.log)"
"$YOSYS" -q -l abc.log -p "$load; synth -flatten -noabc -top gmc_pcmwq; abc; opt -fast;
  tee -q -o abc.stat stat; tee -q -o abc.ltp ltp -noff" >/dev/null \
  || fail "yosys abc failed (log $out/abc.log)"
e=$(date +%s.%N)

ff=$(ffs synth.stat)
s_c=$(cells synth.stat)
a_c=$(cells abc.stat) a_d=$(ltp abc.ltp)
logic=$((s_c - ff))
t=$(awk "BEGIN { printf \"%.1f\", $e - $s }")
mode=(none cancel pause)
printf '| %s | %s | %s | %s..%s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "${v[0]}" "${v[1]}" "${v[2]}" \
  "${v[3]}" "${v[4]}" "${mode[${v[5]}]}" "${v[6]}" "$ent" "$ctl" "$model" "$ff" "$s_c" "$logic" "$a_c" "${a_d:-0}" \
  > row.md
printf '%s\t' "$cfg" "$model" "$ff" "$s_c" "$logic" "$a_c" > row.tsv
printf '%s\n' "${a_d:-0}" >> row.tsv
echo "$t" > time.txt
[ "$ff" = "$model" ] || fail "$ff flip-flops, the model's storage is $model bits"
exit 0
