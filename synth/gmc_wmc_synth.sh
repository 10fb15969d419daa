#!/usr/bin/env bash
# gmc_wmc_synth.sh: price one gmc_wmc configuration in Yosys: the memories
# Yosys infers (bits, beside the C model's analytic storage), the flops
# besides them, and the netlist with the memories mapped to flip-flops.
#
#   synth/gmc_wmc_synth.sh BITS SM WARP HASH PEND NB ROWS SCORE PT SCOREAT MRULE OUTDIR
#
# BITS is the gmc_wmc_bits helper (prints gmc_wmc_storage_bits and its four
# terms: WAT, WET, RS, PT).  One Yosys run from rtl/gmc_wmc.sv with chparam:
#   1. `synth -flatten -run :fine` (up to and including `memory -nomap`):
#      the $mem_v2 cells (memory bits = sum of SIZE x WIDTH, one line per
#      memory in mem.txt) and the coarse flip-flop cells ($adff & co.: the
#      valid bits, "extra flops");
#   2. `synth -flatten -run fine:` (memory_map, techmap, abc -fast): FF and
#      cells of the flop-mapped netlist.
# Writes OUTDIR/row.md (one row of the synth-wmc table) and OUTDIR/counts
# (memory_bits, extra_flops, ff, cells: read by synth-wmc's check of
# `gmc overhead warped-mc`).  Fails unless
#   - the memory bits equal gmc_wmc_storage_bits(), table by table (WAT,
#     WET, RS, PT each a memory of its term's size; no WAT when its term is
#     0).  With PT_BITS = 1 a PT entry is its own hi flag: no PT write
#     depends on the old entry, so Yosys removes the (never read) PT memory
#     and the NB hi flags among the extra flops hold the PT -- counted as
#     such;
#   - the flop-mapped FF count is memory bits + extra flops (nothing else is
#     state, nothing of it was optimised away).
set -u
bits=$1 out=${12}
. "$(dirname "$0")/lib.sh"
synth_init wmc "SM $2 WARP $3 HASH $4 PEND $5 NB $6 ROWS $7 SCORE $8 PT $9 AT ${10} M ${11}" "$out"
rm -f row.md counts mem.txt ff.txt synth.stat
read -r model_bits wat wet rs pt < <("$bits" "$2" "$3" "$4" "$5" "$6" "$7" "$8" "$9" "${10}" "${11}") \
  || fail "gmc_wmc_bits failed"
ffcells='t:$dff t:$dffe t:$adff t:$adffe t:$sdff t:$sdffe t:$sdffce t:$aldff t:$aldffe t:$dffsr t:$dffsre t:$dlatch t:$adlatch'
s=$(date +%s.%N)
"$YOSYS" -q -l synth.log -p "read_verilog -defer -sv $rtl;
  chparam -set SmBits $2 -set WarpBits $3 -set PcHashBits $4 -set PendBits $5 -set NumBanks $6 \
    -set Rows $7 -set ScoreBits $8 -set PtBits $9 -set ScoreAt ${10} -set MRule ${11} gmc_wmc;
  synth -flatten -top gmc_wmc -run :fine;
  tee -q -o mem.dump dump t:\$mem_v2;
  tee -q -o ff.dump dump $ffcells;
  synth -flatten -top gmc_wmc -run fine:;
  tee -q -o synth.stat stat" >/dev/null \
  || fail "yosys synth failed (log $out/synth.log)"
e=$(date +%s.%N)
t=$(awk "BEGIN { printf \"%.1f\", $e - $s }")

# One line per memory: name words width read-ports write-ports.
awk '/^ *cell / { if (n) print n, sz, w, r, wr; n = ""; next }
     /parameter \\MEMID/ { n = $3; gsub(/[\\"]/, "", n); sub(/.*\./, "", n) }
     /parameter \\SIZE /     { sz = $3 }
     /parameter \\WIDTH /    { w = $3 }
     /parameter \\RD_PORTS / { r = $3 }
     /parameter \\WR_PORTS / { wr = $3 }
     END { if (n) print n, sz, w, r, wr }' mem.dump | sort > mem.txt
membits=$(awk '{ n += $2 * $3 } END { print n + 0 }' mem.txt)
# Identical memories (the RS planes) once, with their count.
mems=$(uniq -c mem.txt | awk '{ printf "%s%s%s %sx%s %dR%dW", (NR > 1 ? ", " : ""), ($1 > 1 ? $1 " x " : ""),
                                 $2, $3, $4, $5, $6 }')
extra=$(awk '/parameter \\WIDTH / { n += $3 } END { print n + 0 }' ff.dump)
cells=$(awk '/Number of cells:/{print $NF; exit}' synth.stat)
ff=$(awk '$1 ~ /^\$_(S?DFF|DFFE|ALDFF|DFFSR)/ {n += $2} END {print n + 0}' synth.stat)
logic=$((cells - ff))
printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' \
  "$2" "$3" "$4" "$5" "$6" "$7" "$8" "$9" "${10}" "${11}" "$mems" "$membits" "$model_bits" "$extra" "$ff" "$cells" \
  "$logic" "$t" > row.md
printf 'memory_bits %s\nextra_flops %s\nff %s\ncells %s\n' "$membits" "$extra" "$ff" "$cells" > counts
echo "synth wmc: $name: memories $mems = $membits bits (model $model_bits), extra flops $extra;" \
     "flop-mapped FF $ff, cells $cells, ${t}s"

# Table by table: <memory> <model term>.
nb=$6 ptb=$9
ptmem=$pt pt_in_ff=0
[ "$ptb" = 1 ] && ptmem=0 pt_in_ff=$nb
bad=""
for m in "wat_mem $wat" "wet_mem $wet" "rs_mem $rs" "pt_mem $ptmem"; do
  set -- $m
  got=$(awk -v n="$1" '$1 == n { b += $2 * $3 } END { print b + 0 }' mem.txt)
  [ "$got" = "$2" ] || bad="$bad $1: $got bits, model $2;"
done
[ -z "$bad" ] || fail "memories differ from the model's tables:$bad"
[ $((membits + pt_in_ff)) = "$model_bits" ] \
  || fail "$membits memory bits (+ $pt_in_ff PT hi flags), the model's storage is $model_bits bits"
[ "$ff" = $((membits + extra)) ] || fail "flop-mapped FF $ff != memory bits $membits + extra flops $extra"
exit 0
