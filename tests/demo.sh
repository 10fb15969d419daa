#!/usr/bin/env bash
# `make run`: what the stages of gmc so far show.  Usage: demo.sh GMC OUTDIR MEMTRACE_GEN
set -euo pipefail
GMC=$1 OUT=$2 GEN=$3
t0=$(date +%s.%N)
mkdir -p "$OUT"
say() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

say "1. The PAE address mapper for the Hynix GDDR5 map of PAE [ISCA'18] Fig. 4, matrix seed 7"
echo "   \$ gmc bim --preset gddr5-hynix --scheme pae --seed 7"
"$GMC" bim --preset gddr5-hynix --scheme pae --seed 7

say "2. One address through it: channel and bank change, row and column stay"
"$GMC" bim --preset gddr5-hynix --scheme base --addr 0x1f3c0
"$GMC" bim --preset gddr5-hynix --scheme pae --seed 7 --addr 0x1f3c0

say "3. Window-based entropy (PAE [ISCA'18] Eq. 1-2) of a matrix transpose, before/after PAE"
echo "   \$ gmc entropy --gen transpose --scheme pae --seed 7 --png $OUT/transpose_entropy.png"
"$GMC" entropy --gen transpose --scheme pae --seed 7 --png "$OUT/transpose_entropy.png"

say "4. The same with the pooled metric (per-window bit probability; see docs/entropy.md)"
"$GMC" entropy --gen transpose --scheme pae --seed 7 --metric pooled \
  --png "$OUT/transpose_entropy_pooled.png"

TRC=$OUT/warps_20000.trc
say "5. The memory controller: a GPU-like trace (20000 reads with warp ids) on one GDDR6 channel"
echo "   \$ memtrace_gen warps 20000 20240601 $TRC"
"$GEN" warps 20000 20240601 "$TRC" >/dev/null
# (the preset's tRC warning goes to stderr on every run; once is enough here)
for s in frfcfs "warped-mc" "warped-mc --wmc-score receive"; do
  echo "   \$ gmc mem --preset gddr6-rtx2060s --channels 1 --sched $s --trace $TRC"
  # shellcheck disable=SC2086  # $s carries the reading's option
  "$GMC" mem --preset gddr6-rtx2060s --channels 1 --sched $s --trace "$TRC" 2>/dev/null |
    grep -E '^(cycles|latency|warp loads|  divergence|rows) ' | sed 's/^/     /'
done
echo "   (warped-mc as Algorithm 1 reads cuts mean divergence below FR-FCFS's; sec. 4.2's"
echo "    reading, at a load's first arrival, raises it.  The open-loop trace is not the"
echo "    paper's closed loop: docs/memory.md \"Trace mode\")"

say "6. What Warped-MC's tables cost per memory controller (Warped-MC [ICPP'23] Table 3: 1408 bytes; Algorithm 1's reading adds a started bit per WET entry)"
echo "   \$ gmc overhead warped-mc"
"$GMC" overhead warped-mc

say "Files"
echo "   plot (paper metric):  $OUT/transpose_entropy.png"
echo "   plot (pooled metric): $OUT/transpose_entropy_pooled.png"
echo "   trace:                $TRC"
echo "   more: docs/blocks/gmc_bim.md, docs/entropy.md, docs/memory.md, docs/blocks/gmc_wmc.md;"
echo "         make test runs the RTL co-simulation"
echo
echo "make run: the demo took $(awk "BEGIN { printf \"%.2f\", $(date +%s.%N) - $t0 }") s wall (after the build)"
