#!/usr/bin/env bash
# Speed of `gmc mem` trace mode (make bench-mem).  Usage:
#   bench_mem.sh GMC MEMTRACE_GEN DIR
# Generates deterministic random and streaming read traces of 10^5, 10^6
# and 10^7 requests and a 10^6 GPU-like trace with warp ids (seed printed;
# kept in DIR and reused), runs one GDDR6 channel with FR-FCFS on each,
# and every scheduler at 10^6, and prints
# wall time, requests/s, ns/request and peak RSS.  Best of BENCH_REPS runs
# (default 3; the machine may be shared).  A report, not a test: the
# targets are printed next to the numbers.
set -u
GMC=$1 GEN=$2 DIR=$3
REPS=${BENCH_REPS:-3}
SEED=${BENCH_SEED:-20240601}
SIZES=${BENCH_SIZES:-"100000 1000000 10000000"}
mkdir -p "$DIR"

# run FILE ARGS... -> "seconds max_rss_kb" (best time of REPS runs)
run() {
  local f=$1; shift
  local best="" rss=0
  for _ in $(seq "$REPS"); do
    local out
    if [ -x /usr/bin/time ]; then
      out=$( { /usr/bin/time -f '%e %M' "$GMC" mem "$@" --trace "$f" >/dev/null; } 2>&1 | tail -1)
    else   # getrusage of the child through python
      out=$(python3 - "$GMC" "$f" "$@" <<'PY'
import resource, subprocess, sys, time
t = time.monotonic()
subprocess.run([sys.argv[1], "mem", *sys.argv[3:], "--trace", sys.argv[2]], stdout=subprocess.DEVNULL, check=True)
print("%.3f %d" % (time.monotonic() - t, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss))
PY
)
    fi
    local s=${out% *} k=${out#* }
    if [ -z "$best" ] || awk "BEGIN{exit !($s < $best)}"; then best=$s; fi
    [ "$k" -gt "$rss" ] && rss=$k
  done
  echo "$best $rss"
}

echo "# gmc mem trace-mode speed, $(date -u +%Y-%m-%dT%H:%MZ)"
echo "# machine: $(nproc) CPU(s), $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -1)"
echo "# binary:  $GMC ($(cc --version | head -1); -O3 -flto -DNDEBUG)"
echo "# traces:  $GEN random|stream|warps N $SEED  (request i offered at cycle i; reads; warps: with warp ids)"
echo "# command: $GMC mem --preset gddr6-rtx2060s --channels 1 --sched S --trace FILE  (best of $REPS)"
echo "# targets: random >= 1.5 M req/s, streaming >= 7 M req/s, < 100 MB resident"
printf '%-7s %9s %-9s %9s %10s %9s %8s\n' trace requests sched seconds req/s ns/req rss_MB
declare -A secs   # "pattern sched" -> seconds at 10^6, for the ratio lines
for pat in random stream warps; do
  for n in $SIZES; do
    [ "$pat" = warps ] && [ "$n" != 1000000 ] && continue
    f="$DIR/${pat}_$n.trc"
    [ -s "$f" ] || "$GEN" "$pat" "$n" "$SEED" "$f" || exit 1
    if [ "$n" = 1000000 ]; then scheds="frfcfs fcfs bfifo divfirst warped-mc"; else scheds=frfcfs; fi
    for s in $scheds; do
      read -r sec rss < <(run "$f" --preset gddr6-rtx2060s --channels 1 --sched "$s")
      [ "$n" = 1000000 ] && secs["$pat $s"]=$sec
      awk -v p="$pat" -v n="$n" -v s="$s" -v t="$sec" -v r="$rss" 'BEGIN {
        t = t > 0 ? t : 0.005;
        printf "%-7s %9d %-9s %9.2f %10.0f %9.1f %8.1f\n", p, n, s, t, n / t, 1e9 * t / n, r / 1024 }'
    done
  done
done
# Warped-MC's cost over FR-FCFS (target: within 1.5x).  random and stream
# carry no warp ids (the tables are bypassed); warps does (every table used).
for pat in random stream warps; do
  [ -n "${secs["$pat warped-mc"]:-}" ] && [ -n "${secs["$pat frfcfs"]:-}" ] &&
    awk -v p="$pat" -v a="${secs["$pat warped-mc"]}" -v b="${secs["$pat frfcfs"]}" 'BEGIN {
      printf "# warped-mc / frfcfs time, %s 10^6: %.2fx\n", p, (b > 0 ? a / b : 0) }'
done
