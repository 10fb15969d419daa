#!/usr/bin/env bash
# Speed of `gmc mem` trace mode (make bench-mem).  Usage:
#   bench_mem.sh GMC MEMTRACE_GEN DIR
# Generates deterministic random and streaming read traces of 10^5, 10^6
# and 10^7 requests and a 10^6 GPU-like trace with warp ids (seed printed;
# kept in DIR and reused), runs one GDDR6 channel with FR-FCFS on each,
# and every scheduler at 10^6, and prints wall time, requests/s, ns/request
# and peak RSS (best of BENCH_REPS runs, default 5: the host's speed, which
# moves from hour to hour).  Then the measure: instructions per request
# under callgrind, which is the same for the same binary and trace on any
# host at any load -- FR-FCFS on the random and streaming traces at 10^5
# and 10^6 (the cost per request should not grow with the trace), and
# FR-FCFS and Warped-MC on a 10^5 warps trace, where every Warped-MC table
# is used (their ratio is what Warped-MC costs).  A report, not a test.
set -u
GMC=$1 GEN=$2 DIR=$3
REPS=${BENCH_REPS:-5}
SEED=${BENCH_SEED:-20240601}
SIZES=${BENCH_SIZES:-"100000 1000000 10000000"}
mkdir -p "$DIR"
# What gmc says on stderr during the timed runs (a preset's warning, a
# scheduler's note that a trace carries no warp ids) is collected here and
# printed once after the table, not once per run in the middle of it.
MSGS="$DIR/messages.log"
: > "$MSGS"

# run FILE ARGS... -> "seconds max_rss_kb": the best wall time of REPS
# plain runs, timed with bash's $EPOCHREALTIME (microseconds; /usr/bin/time's
# %e has 10 ms steps, too coarse for a 70 ms run), then one more run for the
# peak RSS (/usr/bin/time's %M or, without it, getrusage through python).
run() {
  local f=$1; shift
  local best="" rss
  for _ in $(seq "$REPS"); do
    local t0=$EPOCHREALTIME
    "$GMC" mem "$@" --trace "$f" >/dev/null 2>>"$MSGS" || return 1
    local s
    s=$(awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.4f", b - a }')
    if [ -z "$best" ] || awk "BEGIN{exit !($s < $best)}"; then best=$s; fi
  done
  if [ -x /usr/bin/time ]; then
    rss=$( { /usr/bin/time -f '%M' "$GMC" mem "$@" --trace "$f" >/dev/null; } 2>&1 | tail -1)
  else
    rss=$(python3 - "$GMC" "$f" "$@" <<'PY'
import resource, subprocess, sys
subprocess.run([sys.argv[1], "mem", *sys.argv[3:], "--trace", sys.argv[2]], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
PY
)
  fi
  echo "$best $rss"
}

# instr FILE N ARGS... -> instructions per request under callgrind (the
# count does not depend on the host's speed or load: the same binary and
# trace give the same number, up to libc picking other string routines on
# another CPU model).
instr() {
  local f=$1 n=$2; shift 2
  local out
  out=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$GMC" mem "$@" --trace "$f" \
          2>&1 >/dev/null | sed -n 's/.*Collected : //p')
  [ -n "$out" ] && awk -v i="$out" -v n="$n" 'BEGIN { printf "%.0f", i / n }'
}

echo "# gmc mem trace-mode speed, $(date -u +%Y-%m-%dT%H:%MZ)"
echo "# machine: $(nproc) CPU(s), $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -1)," \
     "family $(sed -n 's/^cpu family[^:]*: //p' /proc/cpuinfo | head -1)" \
     "model $(sed -n 's/^model[^ a-z:]*: //p' /proc/cpuinfo | head -1)"
echo "# binary:  $GMC ($(cc --version | head -1); -O3 -flto -DNDEBUG)"
echo "# traces:  $GEN random|stream|warps N $SEED  (request i offered at cycle i; reads; warps: with warp ids)"
echo "# command: $GMC mem --preset gddr6-rtx2060s --channels 1 --sched S --trace FILE  (best of $REPS)"
printf '%-7s %9s %-9s %9s %10s %9s %8s\n' trace requests sched seconds req/s ns/req rss_MB
for pat in random stream warps; do
  for n in $SIZES; do
    [ "$pat" = warps ] && [ "$n" != 1000000 ] && continue
    f="$DIR/${pat}_$n.trc"
    [ -s "$f" ] || "$GEN" "$pat" "$n" "$SEED" "$f" || exit 1
    if [ "$n" = 1000000 ]; then scheds="frfcfs fcfs bfifo divfirst warped-mc"; else scheds=frfcfs; fi
    for s in $scheds; do
      out=$(run "$f" --preset gddr6-rtx2060s --channels 1 --sched "$s") || {
        echo "bench_mem.sh: $GMC mem --sched $s --trace $f failed; its last messages ($MSGS):" >&2
        tail -5 "$MSGS" >&2
        exit 1
      }
      read -r sec rss <<<"$out"
      awk -v p="$pat" -v n="$n" -v s="$s" -v t="$sec" -v r="$rss" 'BEGIN {
        t = t > 0 ? t : 0.0001;
        printf "%-7s %9d %-9s %9.3f %10.0f %9.1f %8.1f\n", p, n, s, t, n / t, 1e9 * t / n, r / 1024 }'
    done
  done
done
if [ -s "$MSGS" ]; then
  echo "# gmc's messages on stderr during the timed runs, each once ($MSGS has them all):"
  sort -u "$MSGS" | sed 's/^/#   /'
fi
# Instructions per request (callgrind): the host-independent cost, and the
# flat-cost check without timer resolution.  BENCH_IR=0 skips it.
if [ "${BENCH_IR:-1}" != 0 ] && command -v valgrind >/dev/null; then
  echo "# instructions per request (valgrind --tool=callgrind; same command)"
  f="$DIR/warps_100000.trc"
  [ -s "$f" ] || "$GEN" warps 100000 "$SEED" "$f" || exit 1
  declare -A ir   # "pattern n sched" -> instructions per request
  for row in "stream 100000 frfcfs" "stream 1000000 frfcfs" "random 100000 frfcfs" "random 1000000 frfcfs" \
             "warps 100000 frfcfs" "warps 100000 warped-mc"; do
    read -r pat n s <<<"$row"
    f="$DIR/${pat}_$n.trc"
    [ -s "$f" ] || continue
    ir["$row"]=$(instr "$f" "$n" --preset gddr6-rtx2060s --channels 1 --sched "$s")
    printf '%-7s %9d %-9s %12s instr/req\n' "$pat" "$n" "$s" "${ir["$row"]}"
  done
  a=${ir["warps 100000 warped-mc"]:-} b=${ir["warps 100000 frfcfs"]:-}
  if [ -n "$a" ] && [ -n "$b" ]; then
    awk -v a="$a" -v b="$b" 'BEGIN { printf "# warped-mc / frfcfs instructions, warps 10^5: %.2fx\n", a / b }'
  fi
fi
