#!/usr/bin/env bash
# `make run`: gmc's three legs -- verify (make test runs the co-simulation), price, measure --
# ending with the main job: the warped-mc experiment on the GPU harness.  Usage: demo.sh GMC OUTDIR MEMTRACE_GEN
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

say "5. Price: what Warped-MC's tables cost per memory controller (Warped-MC [ICPP'23] Table 3: 1408 bytes; Algorithm 1's reading adds a started bit per WET entry)"
echo "   \$ gmc overhead warped-mc"
"$GMC" overhead warped-mc

say "6. Measure: the GPU harness, closed loop -- FCFS, FR-FCFS, Div-First and Warped-MC (both readings)"
echo "   on the RTX 2060 Super-like machine, LOA/MOA/HOA workloads, every run on all cores"
echo "   \$ gmc experiment warped-mc -o $OUT/warped-mc"
"$GMC" experiment warped-mc -o "$OUT/warped-mc"

say "Files"
echo "   the experiment:       $OUT/warped-mc/summary.md (paper beside gmc), ipc.png, lwt_box.png, warped-mc.csv"
echo "   entropy plots:        $OUT/transpose_entropy.png, $OUT/transpose_entropy_pooled.png"
echo "   more: docs/experiments.md, docs/harness.md, docs/blocks/gmc_bim.md, docs/memory.md;"
echo "         make test runs the RTL co-simulation against the C model (verify)"
echo
echo "make run: took $(awk "BEGIN { printf \"%.1f\", $(date +%s.%N) - $t0 }") s wall (after the build)"
