#!/usr/bin/env bash
# Results pin for `gmc sim`: the MD5 of the whole --json report of 25 small
# runs (every workload, every memory scheduler, the three presets, both
# warp schedulers, tight queues, an Accel-Sim directory) must be the one
# in tests/data/sim_pin.md5.  The other sim tests check invariants (every
# load completes, conservation, classes); this one fails on any change of
# results at all, which is what a speed change must not make.  (Such a
# change can pass every other test: replying to a sector's first L2 waiter
# first instead of last changes many reports and breaks no invariant.)
#
# A change meant to move results regenerates the file in the same commit
# and says why in its message:
#   bash tests/cli/sim_pin.sh build/bin/gmc --update
# Usage: sim_pin.sh path/to/gmc [--update]
set -u
GMC=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
UPDATE=${2:-}
. "$(dirname "$0")/lib.sh"
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT" || exit 1   # the trace directory's path is in its report: relative, the same in every clone
PIN="$ROOT/tests/data/sim_pin.md5"

# One case per line: the arguments after `gmc sim` (the default machine,
# rtx2060s, unless --machine says otherwise).
cases() {
  for w in stream transpose transpose-read stencil matmul spmv bfs kmeans loa moa hoa; do
    echo "--workload $w --scale 0.05"
  done
  for s in fcfs divfirst warped-mc; do
    echo "--workload moa --scale 0.05 --sched $s"
    echo "--workload kmeans --scale 0.05 --sched $s"
  done
  for m in pae-gddr5 yuan-gddr3; do
    echo "--machine $m --workload moa --scale 0.05"
    echo "--machine $m --workload stream --scale 0.05"
  done
  echo "--workload hoa --scale 0.02 --warp-sched gto"
  echo "--workload stream --scale 0.05 --set l2_queue=4 --set mc_queue=4"
  echo "--workload bfs --scale 0.05 --set l1_mshr=2 --set l2_mshr=4"
  echo "--traces tests/data/accelsim/new --set sms=4"
}

: >"$T/now"
n=0
while read -r args; do
  # shellcheck disable=SC2086  # the case's words are separate arguments
  if ! "$GMC" sim $args --json -o "$T/r.json" >/dev/null 2>"$T/err"; then
    notok "gmc sim $args runs" "$(head -c 300 "$T/err")"
    continue
  fi
  n=$((n + 1))
  printf '%s  %s\n' "$(md5sum <"$T/r.json" | cut -c1-32)" "$args" >>"$T/now"
done < <(cases)

if [ "$UPDATE" = --update ]; then
  cp "$T/now" "$PIN" && echo "wrote $PIN ($n reports)"
  exit 0
fi
[ "$n" -ge 25 ] && ok "25 pinned runs ran ($n)" || notok "25 pinned runs ran" "only $n"
if diff -u "$PIN" "$T/now" >"$T/diff"; then
  ok "the $n reports are the pinned bytes (tests/data/sim_pin.md5)"
else
  notok "the reports are the pinned bytes (tests/data/sim_pin.md5)" \
    "these runs' results changed; if that is meant, regenerate with --update (header of this script):
$(grep '^[-+][0-9a-f]' "$T/diff")"
fi
finish
