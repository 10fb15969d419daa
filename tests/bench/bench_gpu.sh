#!/usr/bin/env bash
# Speed of `gmc sim` (make bench-gpu).  Usage:
#   bench_gpu.sh DIR REF BIN...
# The measure: host instructions under callgrind per simulated warp
# instruction and per DRAM request (reads + writes the memory system
# served), for every BIN on BENCH_IR_WORKLOADS (default: moa stream) at
# BENCH_IR_SCALE (default 0.25), start-up and report included.  The same
# binary on the same input executes the same instructions on any host at
# any load, while this shared VM's wall-clock speed moves 2x from hour to
# hour: compare binaries and commits by these counts.  Beside them,
# cachegrind's model of data misses and mispredicted branches per DRAM
# request on moa (what the instruction count does not show; a model, not
# this CPU).  BENCH_IR=0 skips both.
# Then wall time on this host as it is now: for W in BENCH_WORKLOADS
# (default: stream moa hoa kmeans spmv, at the default scale) runs
# `BIN sim --machine rtx2060s --workload W --json` (one process, one thread)
# for every BIN, BENCH_REPS times (default 3), the binaries taking turns
# within each repetition so that a drift of the host touches them alike, and
# prints the best run's wall time, simulated core cycles, warp instructions
# and DRAM requests per second, and the peak RSS.  With HOST_PROBE set (make
# bench-gpu sets it), the host's clock and memory latency are printed before
# and after those runs: the context of their times.
# Last, every BIN's reports are checked to be the same bytes as REF's
# (build/bin/gmc, the -O2 build with assertions) on every workload of the
# table at BENCH_IR_SCALE: a speed build must not change a result; a report
# that differs makes the exit status 1.  The reports are kept in DIR.
set -u
DIR=$1 REF=$2
shift 2
BINS=("$@")
REPS=${BENCH_REPS:-3}
WORKLOADS=${BENCH_WORKLOADS:-"stream moa hoa kmeans spmv"}
IR_WORKLOADS=${BENCH_IR_WORKLOADS:-"moa stream"}
MACHINE=${BENCH_MACHINE:-rtx2060s}
IR_SCALE=${BENCH_IR_SCALE:-0.25}
mkdir -p "$DIR"

# field FILE KEY -> the number after "KEY": at the top level of a report
field() { sed -n "s/^  \"$2\": \([0-9.]*\).*/\1/p" "$1" | head -1; }
tag() { basename "$1"; }

# one BIN W -> wall seconds of one run (bash's $EPOCHREALTIME)
one() {
  local t0=$EPOCHREALTIME
  "$1" sim --machine "$MACHINE" --workload "$2" --json -o "$DIR/$(tag "$1").$2.json" >/dev/null || return 1
  awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.4f", b - a }'
}

# peak RSS in KB of one run: /usr/bin/time's %M or, without it, getrusage
rss_of() {
  if [ -x /usr/bin/time ]; then
    { /usr/bin/time -f '%M' "$1" sim --machine "$MACHINE" --workload "$2" --json >/dev/null; } 2>&1 | tail -1
  else
    python3 - "$1" "$MACHINE" "$2" <<'PY'
import resource, subprocess, sys
subprocess.run([sys.argv[1], "sim", "--machine", sys.argv[2], "--workload", sys.argv[3], "--json"],
               stdout=subprocess.DEVNULL, check=True)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
PY
  fi
}

echo "# gmc sim speed, $(date -u +%Y-%m-%dT%H:%MZ)"
echo "# machine: $(nproc) CPU(s), $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -1)" \
     "(family $(sed -n 's/^cpu family[^:]*: //p' /proc/cpuinfo | head -1)," \
     "model $(sed -n 's/^model[^:a-z]*: //p' /proc/cpuinfo | head -1))"
echo "# compiler: $(cc --version | head -1)"
for b in "${BINS[@]}"; do
  case $(tag "$b") in
    gmc-fast) echo "# $b: -O3 -flto -DNDEBUG, profile-guided (make fast)" ;;
    gmc-O3)   echo "# $b: -O3 -flto -DNDEBUG" ;;
    *)        echo "# $b" ;;
  esac
done

# Host instructions per simulated warp instruction and per DRAM request.
if [ "${BENCH_IR:-1}" != 0 ] && command -v valgrind >/dev/null; then
  echo "# host instructions (valgrind --tool=callgrind): BIN sim --machine $MACHINE --workload W --scale $IR_SCALE --json"
  printf '%-8s %-9s %11s %10s %14s %14s %13s\n' workload binary warp_insts dram_reqs instructions per_warp_inst per_dram_req
  for w in $IR_WORKLOADS; do
    for b in "${BINS[@]}"; do
      f="$DIR/ir.$(tag "$b").$w.json"
      ir=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$b" sim --machine "$MACHINE" \
             --workload "$w" --scale "$IR_SCALE" --json -o "$f" 2>&1 >/dev/null |
           sed -n 's/.*Collected : //p')
      wi=$(field "$f" instructions) req=$(field "$f" dram_requests)
      if [ -n "$ir" ] && [ -n "$wi" ] && [ -n "$req" ]; then
        awk -v w="$w" -v n="$(tag "$b")" -v i="$ir" -v wi="$wi" -v q="$req" 'BEGIN {
          printf "%-8s %-9s %11d %10d %14d %14.0f %13.0f\n", w, n, wi, q, i, i / wi, i / q }'
      else
        echo "$w $(tag "$b"): the callgrind run failed"
      fi
    done
  done
  # What the instructions do not show, in cachegrind's models (this VM
  # has no hardware counters): first-level and second-level data misses
  # with a 32 KB L1d and a 512 KB L2, and mispredicted branches, per DRAM
  # request.  A model, not this CPU: compare binaries with it.
  for b in "${BINS[@]}"; do
    cg=$(valgrind --tool=cachegrind --cache-sim=yes --branch-sim=yes --D1=32768,8,64 --I1=32768,8,64 \
           --LL=524288,8,64 --cachegrind-out-file=/dev/null "$b" sim --machine "$MACHINE" \
           --workload moa --scale "$IR_SCALE" --json -o "$DIR/cg.json" 2>&1 >/dev/null)
    d1=$(printf '%s\n' "$cg" | sed -n 's/.*D1  misses: *\([0-9,]*\).*/\1/p' | tr -d ,)
    ll=$(printf '%s\n' "$cg" | sed -n 's/.*LLd misses: *\([0-9,]*\).*/\1/p' | tr -d ,)
    bm=$(printf '%s\n' "$cg" | sed -n 's/.*Mispredicts: *\([0-9,]*\).*/\1/p' | tr -d ,)
    req=$(field "$DIR/cg.json" dram_requests)
    [ -n "$d1" ] && [ -n "$ll" ] && [ -n "$bm" ] && [ -n "$req" ] && \
      awk -v a="$d1" -v l="$ll" -v m="$bm" -v q="$req" -v n="$(tag "$b")" -v s="$IR_SCALE" 'BEGIN {
      printf "# cachegrind model per DRAM request, %s, moa --scale %s: %.1f L1d misses, %.1f L2 (512 KB) data misses, %.1f mispredicted branches\n",
             n, s, a / q, l / q, m / q }'
  done
fi

# Wall time on this host now: best of REPS, binaries in turn.
echo "# wall time on this host now (it moves 2x from hour to hour: compare binaries within one bench only)"
echo "# command: BIN sim --machine $MACHINE --workload W --json  (default scale; best of $REPS, binaries in turn)"
probe() { [ -n "${HOST_PROBE:-}" ] && { "$HOST_PROBE" || echo "# host probe failed"; }; }
probe
printf '%-8s %-9s %12s %11s %10s %8s %11s %12s %11s %7s\n' workload binary core_cycles warp_insts dram_reqs seconds cycles/s warp_inst/s dram_req/s rss_MB
for w in $WORKLOADS; do
  declare -A best=()
  ok=1
  for _ in $(seq "$REPS"); do
    for b in "${BINS[@]}"; do
      s=$(one "$b" "$w") || { echo "$w $(tag "$b"): failed"; ok=0; break 2; }
      if [ -z "${best[$b]:-}" ] || awk "BEGIN{exit !($s < ${best[$b]})}"; then best[$b]=$s; fi
    done
  done
  [ $ok = 1 ] || continue
  for b in "${BINS[@]}"; do
    f="$DIR/$(tag "$b").$w.json"
    awk -v w="$w" -v n="$(tag "$b")" -v c="$(field "$f" cycles)" -v wi="$(field "$f" instructions)" \
        -v q="$(field "$f" dram_requests)" -v t="${best[$b]}" -v r="$(rss_of "$b" "$w")" 'BEGIN {
      t = t > 0 ? t : 0.0001
      printf "%-8s %-9s %12d %11d %10d %8.3f %11.0f %12.0f %11.0f %7.1f\n", w, n, c, wi, q, t, c / t, wi / t, q / t, r / 1024 }'
  done
  unset best
done
probe

# Same results: every binary's report, byte for byte, against REF's.
same=0 diff=0
for w in $WORKLOADS; do
  "$REF" sim --machine "$MACHINE" --workload "$w" --scale "$IR_SCALE" --json -o "$DIR/ref.$w.json" >/dev/null || { diff=$((diff + 1)); continue; }
  for b in "${BINS[@]}"; do
    "$b" sim --machine "$MACHINE" --workload "$w" --scale "$IR_SCALE" --json -o "$DIR/cmp.json" >/dev/null \
      && cmp -s "$DIR/ref.$w.json" "$DIR/cmp.json" && same=$((same + 1)) \
      || { diff=$((diff + 1)); echo "# REPORT DIFFERS: $(tag "$b") against $(tag "$REF"), $w at scale $IR_SCALE"; }
  done
done
echo "# reports the same bytes as $REF's: $same of $((same + diff)) (workloads above at scale $IR_SCALE)"
[ $diff = 0 ]
