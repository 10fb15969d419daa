#!/usr/bin/env bash
# The training runs of `make fast` (tests/bench/fast.mk): GCC records which
# branches and calls the simulator takes while GMC (the -fprofile-generate
# build) runs them, and the second compile lays the code out for that.
#   pgo_train.sh GMC DIR     (reports go to DIR; a few seconds)
# A broad mix rather than the benchmark's own runs: every synthetic
# workload on the default machine at a small scale, the other machines,
# the other memory and warp schedulers, an Accel-Sim trace directory, and
# trace mode (gmc mem), so no one workload's shape is all the profile knows.
set -euo pipefail
GMC=$1 DIR=$2
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
mkdir -p "$DIR"
log=$DIR/train.log
: >"$log"
trap 'echo "pgo_train: a training run failed; the end of $log:" >&2; tail -5 "$log" >&2' ERR
run() { "$GMC" "$@" --json -o "$DIR/r$((++n)).json" >/dev/null 2>>"$log"; }
n=0
for w in $("$GMC" sim --workload list | grep -v -e '^val-' -e '^itermap$' -e '^mapper$' -e '^cenenergy$'); do   # the validation kernels, itermap and TEMP's two mappings are off the benches' path
  run sim --workload "$w" --scale 0.05
done
for s in warped-mc fcfs divfirst; do
  run sim --workload moa --scale 0.05 --sched "$s"
  run sim --workload kmeans --scale 0.05 --sched "$s"
done
run sim --workload hoa --scale 0.02 --warp-sched gto
for m in pae-gddr5 yuan-gddr3; do
  for w in moa stream spmv; do
    run sim --machine "$m" --workload "$w" --scale 0.05
  done
done
run sim --traces "$ROOT/tests/data/accelsim/new" --set sms=4
# trace mode: a small random trace written here (`<cycle> <R|W> <hex addr> sm
# warp pc` lines, docs/memory.md), through FR-FCFS and Warped-MC
awk 'BEGIN { srand(7); for (i = 0; i < 20000; i++)
  printf "%d %s %x %d %d 100\n", i * 2, (rand() < 0.3 ? "W" : "R"), int(rand() * 2^25) * 32, i % 32, int(i / 32) % 48 }' >"$DIR/trace.txt"
for s in frfcfs warped-mc; do
  "$GMC" mem --preset gddr6-rtx2060s --sched "$s" --trace "$DIR/trace.txt" --json -o "$DIR/mem-$s.json" >/dev/null 2>>"$log"
  n=$((n + 1))
done
echo "pgo_train: $n runs, reports in $DIR"
