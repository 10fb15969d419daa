#!/usr/bin/env bash
# Speed of `gmc sim` (make bench-gpu).  Usage:
#   bench_gpu.sh GMC DIR
# Runs `GMC sim --machine rtx2060s --workload W --json` (one process, one
# thread) for W in BENCH_WORKLOADS (default: stream moa hoa kmeans spmv, at
# the default scale) and prints the simulated core cycles, the wall time
# (best of BENCH_REPS runs, default 3: this VM's speed moves with its
# host's load), core cycles/s, DRAM requests/s (reads + writes the memory
# system served) and the peak RSS; then instructions per DRAM request under
# callgrind for moa at scale BENCH_IR_SCALE (default 0.25), which does not
# move with the host's load.  A report, not a test: the target is printed
# next to the numbers.  The reports are kept in DIR.
set -u
GMC=$1 DIR=$2
REPS=${BENCH_REPS:-3}
WORKLOADS=${BENCH_WORKLOADS:-"stream moa hoa kmeans spmv"}
MACHINE=${BENCH_MACHINE:-rtx2060s}
IR_SCALE=${BENCH_IR_SCALE:-0.25}
mkdir -p "$DIR"

# field FILE KEY -> the number after "KEY": at the top level of a report
field() { sed -n "s/^  \"$2\": \([0-9.]*\).*/\1/p" "$1" | head -1; }

# run W -> "seconds max_rss_kb": the best wall time of REPS runs, timed with
# bash's $EPOCHREALTIME, then one more run for the peak RSS (/usr/bin/time's
# %M or, without it, getrusage through python).
run() {
  local w=$1 best="" rss
  for _ in $(seq "$REPS"); do
    local t0=$EPOCHREALTIME
    "$GMC" sim --machine "$MACHINE" --workload "$w" --json -o "$DIR/$w.json" >/dev/null || return 1
    local s
    s=$(awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.4f", b - a }')
    if [ -z "$best" ] || awk "BEGIN{exit !($s < $best)}"; then best=$s; fi
  done
  if [ -x /usr/bin/time ]; then
    rss=$( { /usr/bin/time -f '%M' "$GMC" sim --machine "$MACHINE" --workload "$w" --json >/dev/null; } 2>&1 | tail -1)
  else
    rss=$(python3 - "$GMC" "$MACHINE" "$w" <<'PY'
import resource, subprocess, sys
subprocess.run([sys.argv[1], "sim", "--machine", sys.argv[2], "--workload", sys.argv[3], "--json"],
               stdout=subprocess.DEVNULL, check=True)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
PY
)
  fi
  echo "$best $rss"
}

echo "# gmc sim speed, $(date -u +%Y-%m-%dT%H:%MZ)"
echo "# machine: $(nproc) CPU(s), $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -1)"
echo "# binary:  $GMC ($(cc --version | head -1); -O3 -flto -DNDEBUG)"
echo "# command: $GMC sim --machine $MACHINE --workload W --json  (default scale; best of $REPS)"
echo "# target:  >= 1 M DRAM requests/s (moa, stream)"
printf '%-8s %12s %10s %8s %12s %12s %8s\n' workload core_cycles dram_reqs seconds cycles/s dram_req/s rss_MB
for w in $WORKLOADS; do
  read -r sec rss < <(run "$w") || { echo "$w: failed"; continue; }
  [ -n "${sec:-}" ] || { echo "$w: failed"; continue; }
  cyc=$(field "$DIR/$w.json" cycles)
  req=$(field "$DIR/$w.json" dram_requests)
  awk -v w="$w" -v c="$cyc" -v q="$req" -v t="$sec" -v r="$rss" 'BEGIN {
    t = t > 0 ? t : 0.0001;
    printf "%-8s %12d %10d %8.3f %12.0f %12.0f %8.1f  %s\n", w, c, q, t, c / t, q / t, r / 1024,
           (q / t >= 1e6 ? "(>= 1 M req/s)" : "(< 1 M req/s)") }'
done
# Instructions per DRAM request (callgrind): the host-independent cost,
# start-up and report included.  BENCH_IR=0 skips it.
if [ "${BENCH_IR:-1}" != 0 ] && command -v valgrind >/dev/null; then
  out=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$GMC" sim --machine "$MACHINE" \
          --workload moa --scale "$IR_SCALE" --json -o "$DIR/moa_ir.json" 2>&1 >/dev/null |
        sed -n 's/.*Collected : //p')
  req=$(field "$DIR/moa_ir.json" dram_requests)
  [ -n "$out" ] && [ -n "$req" ] && awk -v i="$out" -v q="$req" -v s="$IR_SCALE" 'BEGIN {
    printf "# instructions per DRAM request (valgrind --tool=callgrind), moa --scale %s: %.0f (%d requests)\n", s, i / q, q }'
fi
