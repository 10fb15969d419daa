#!/usr/bin/env bash
# `make run`: what this stage of gmc shows.  Usage: demo.sh GMC OUTDIR
set -euo pipefail
GMC=$1 OUT=$2
mkdir -p "$OUT"
say() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

say "1. The PAE address mapper for the Hynix GDDR5 map of seed 003 (Fig. 4), seed 7"
echo "   \$ gmc bim --preset gddr5-hynix --scheme pae --seed 7"
"$GMC" bim --preset gddr5-hynix --scheme pae --seed 7

say "2. One address through it: channel and bank change, row and column stay"
"$GMC" bim --preset gddr5-hynix --scheme base --addr 0x1f3c0
"$GMC" bim --preset gddr5-hynix --scheme pae --seed 7 --addr 0x1f3c0

say "3. Window-based entropy (seed 003 Eq. 1-2) of a matrix transpose, before/after PAE"
echo "   \$ gmc entropy --gen transpose --scheme pae --seed 7 --png $OUT/transpose_entropy.png"
"$GMC" entropy --gen transpose --scheme pae --seed 7 --png "$OUT/transpose_entropy.png"

say "4. The same with the pooled metric (per-window bit probability; see docs/entropy.md)"
"$GMC" entropy --gen transpose --scheme pae --seed 7 --metric pooled \
  --png "$OUT/transpose_entropy_pooled.png"

say "Files"
echo "   plot (paper metric):  $OUT/transpose_entropy.png"
echo "   plot (pooled metric): $OUT/transpose_entropy_pooled.png"
echo "   more: docs/blocks/gmc_bim.md, docs/entropy.md;  make test runs the RTL co-simulation"
