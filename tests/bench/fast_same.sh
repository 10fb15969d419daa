#!/usr/bin/env bash
# `make fast-test` (a stage of `make test`): build/bin/gmc-fast -- -O3, LTO,
# no assertions, profile-guided -- must give the same bytes as build/bin/gmc
# (-O2, assertions on).  Compares the JSON reports of every synthetic
# workload under FR-FCFS and Warped-MC on the default machine, two
# workloads on each other preset, an Accel-Sim trace directory, an imported
# gpgpusim.config with IPoly and a trace-mode run; then shows that the
# comparison can fail (a different seed).
#   fast_same.sh GMC FAST
set -u
GMC=$1 FAST=$2
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
. "$ROOT/tests/cli/lib.sh"
same() {   # same NAME ARGS... : both binaries' reports, byte for byte
  local name=$1; shift
  if "$GMC" "$@" --json -o "$T/a.json" >/dev/null 2>"$T/err" && "$FAST" "$@" --json -o "$T/b.json" >/dev/null 2>>"$T/err" \
     && cmp -s "$T/a.json" "$T/b.json"
  then ok "gmc-fast = gmc: $name"; else notok "gmc-fast = gmc: $name" "$(cmp "$T/a.json" "$T/b.json" 2>&1; tail -2 "$T/err")"; fi
}
for w in $("$GMC" sim --workload list); do
  for s in frfcfs warped-mc; do
    same "sim $w $s" sim --workload "$w" --sched "$s" --scale 0.1
  done
done
for m in pae-gddr5 yuan-gddr3; do
  for w in moa spmv; do
    same "sim $m $w" sim --machine "$m" --workload "$w" --scale 0.1
  done
done
same "sim --traces new" sim --traces "$ROOT/tests/data/accelsim/new" --set sms=4
{ cat "$ROOT/tests/data/gpgpusim/rtx2060-super.config"; echo '-gpgpu_memory_partition_indexing 2'; } >"$T/ipoly.config"
same "sim gpgpusim.config with IPoly" sim --machine "$T/ipoly.config" --workload moa --scale 0.05
awk 'BEGIN { srand(3); for (i = 0; i < 5000; i++)
  printf "%d %s %x %d %d 100\n", i * 3, (rand() < 0.3 ? "W" : "R"), int(rand() * 2^25) * 32, i % 32, int(i / 32) % 48 }' >"$T/trace.txt"
same "mem warped-mc trace" mem --sched warped-mc --trace "$T/trace.txt"
# the check can fail: another seed is another report
"$GMC" sim --workload spmv --scale 0.1 --json -o "$T/a.json" >/dev/null 2>&1
"$FAST" sim --workload spmv --scale 0.1 --seed 2 --json -o "$T/b.json" >/dev/null 2>&1
cmp -s "$T/a.json" "$T/b.json" && notok "the comparison can fail (seed 1 against seed 2)" \
  || ok "the comparison can fail (seed 1 against seed 2)"
finish
