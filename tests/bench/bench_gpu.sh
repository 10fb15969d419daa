#!/usr/bin/env bash
# Speed of `gmc sim` (make bench-gpu).  Usage:
#   bench_gpu.sh DIR REF BIN...
# For W in BENCH_WORKLOADS (default: stream moa hoa kmeans spmv, at the
# default scale) runs `BIN sim --machine rtx2060s --workload W --json` (one
# process, one thread) for every BIN, BENCH_REPS times (default 3), the
# binaries taking turns within each repetition so that a drift of this VM's
# speed touches them alike, and prints per binary and workload the simulated
# core cycles, the best wall time, core cycles/s and DRAM requests/s (reads +
# writes the memory system served) of the best run, the median run's DRAM
# requests/s, how many of the runs reached the target, and the peak RSS
# (the best run says what the code can do on this host, the median and the
# count how often the host lets it).  Then instructions per
# DRAM request under callgrind for moa at scale BENCH_IR_SCALE (default
# 0.25), which does not move with the host's load, per binary, with the
# host's rate (that count times moa's requests/s: the target needs the
# count times 10^6 instructions per second) and cachegrind's model of the
# data misses and mispredicted branches per request; and last
# that every BIN's reports are the same bytes as REF's (build/bin/gmc, the
# -O2 build with assertions) on every workload of the table at that scale:
# a speed build must not change a result.  A report, not a test: the target
# is printed next to the numbers; a report that differs makes the exit
# status 1.  The reports are kept in DIR.  With HOST_PROBE set (make
# bench-gpu sets it), the host's clock and its memory latency at working
# sets from 16 KB to 64 MB are printed before and after the timed runs,
# and after the second the yardstick (below): what share of the time the
# host's caches take today.
set -u
DIR=$1 REF=$2
shift 2
BINS=("$@")
REPS=${BENCH_REPS:-3}
WORKLOADS=${BENCH_WORKLOADS:-"stream moa hoa kmeans spmv"}
MACHINE=${BENCH_MACHINE:-rtx2060s}
IR_SCALE=${BENCH_IR_SCALE:-0.25}
mkdir -p "$DIR"

# An awk function, for the programs below: the median of the numbers in a
# space-separated string.
AWK_MED='function med(s,  a, k, i, j, x) {
  k = split(s, a, " ")
  for (i = 2; i <= k; i++) for (j = i; j > 1 && a[j] < a[j - 1]; j--) { x = a[j]; a[j] = a[j - 1]; a[j - 1] = x }
  return k % 2 ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2 }'

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
echo "# command: BIN sim --machine $MACHINE --workload W --json  (default scale; best of $REPS, binaries in turn)"
# The host's clock and memory latency before and after the timed runs
# (HOST_PROBE: tests/bench/host_probe.c): a rate means little without them.
probe() { [ -n "${HOST_PROBE:-}" ] && { "$HOST_PROBE" || echo "# host probe failed"; }; }
probe
echo "# target:  >= 1 M DRAM requests/s (moa, stream)"
printf '%-8s %-9s %12s %10s %8s %12s %12s %12s %7s %8s\n' workload binary core_cycles dram_reqs seconds cycles/s dram_req/s median_req/s at_1M rss_MB
declare -A moa_rate=()   # moa's DRAM requests/s per binary, for the host's rate below
for w in $WORKLOADS; do
  declare -A best=() all=()
  ok=1
  for _ in $(seq "$REPS"); do
    for b in "${BINS[@]}"; do
      s=$(one "$b" "$w") || { echo "$w $(tag "$b"): failed"; ok=0; break 2; }
      if [ -z "${best[$b]:-}" ] || awk "BEGIN{exit !($s < ${best[$b]})}"; then best[$b]=$s; fi
      all[$b]="${all[$b]:-} $s"
    done
  done
  [ $ok = 1 ] || continue
  for b in "${BINS[@]}"; do
    f="$DIR/$(tag "$b").$w.json"
    cyc=$(field "$f" cycles)
    req=$(field "$f" dram_requests)
    rss=$(rss_of "$b" "$w")
    [ "$w" = moa ] && moa_rate[$b]=$(awk -v q="$req" -v t="${best[$b]}" 'BEGIN { printf "%.0f", q / (t > 0 ? t : 0.0001) }')
    awk -v w="$w" -v n="$(tag "$b")" -v c="$cyc" -v q="$req" -v t="${best[$b]}" -v r="$rss" -v all="${all[$b]}" "$AWK_MED"'
    BEGIN {
      t = t > 0 ? t : 0.0001;
      k = split(all, a, " "); hit = 0
      for (i = 1; i <= k; i++) { if (a[i] <= 0) a[i] = 0.0001; if (q / a[i] >= 1e6) hit++ }
      md = med(all); md = md > 0 ? md : 0.0001
      printf "%-8s %-9s %12d %10d %8.3f %12.0f %12.0f %12.0f %7s %8.1f  %s\n", w, n, c, q, t, c / t, q / t, q / md,
             hit "/" k, r / 1024, (q / t >= 1e6 ? "(>= 1 M req/s)" : "(< 1 M req/s)") }'
  done
  unset best all
done
probe
# The yardstick: how much of the time the host's caches take today.  The
# first binary runs moa on the bench's machine and on one small enough for
# its state to stay in the host's caches (YARD_SET), in turns, at
# YARD_SCALE; with each one's instructions under callgrind that gives two
# instruction rates, and their ratio is the share of the full machine's
# time that goes to host cache misses and mispredictions (the same code,
# about the same instructions per request).  The host moves that share
# from day to day, the code does not.  BENCH_YARD=0 skips it.
YARD_SET=(--set sms=4 --set dram_channels=2 --set l2_slices_per_ch=2)
YARD_SCALE=${BENCH_YARD_SCALE:-0.5}
yard_run() {   # yard_run BIN OUT [args...] -> wall seconds
  local b=$1 o=$2 t0=$EPOCHREALTIME
  shift 2
  "$b" sim --machine "$MACHINE" --workload moa --scale "$YARD_SCALE" "$@" --json -o "$o" >/dev/null || return 1
  awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.4f", b - a }'
}
yard_ir() {    # yard_ir BIN [args...] -> instructions of one run
  local b=$1
  shift
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$b" sim --machine "$MACHINE" --workload moa \
    --scale "$YARD_SCALE" "$@" --json -o /dev/null 2>&1 >/dev/null | sed -n 's/.*Collected : //p'
}
if [ "${BENCH_YARD:-1}" != 0 ] && command -v valgrind >/dev/null; then
  b=${BINS[0]} tf="" ts=""
  for _ in $(seq "$REPS"); do
    tf="$tf $(yard_run "$b" "$DIR/yard_full.json")" || break
    ts="$ts $(yard_run "$b" "$DIR/yard_small.json" "${YARD_SET[@]}")" || break
  done
  qf=$(field "$DIR/yard_full.json" dram_requests 2>/dev/null) qs=$(field "$DIR/yard_small.json" dram_requests 2>/dev/null)
  irf=$(yard_ir "$b") irs=$(yard_ir "$b" "${YARD_SET[@]}")
  if [ -n "$qf" ] && [ -n "$qs" ] && [ -n "$irf" ] && [ -n "$irs" ]; then
    awk -v tf="$tf" -v ts="$ts" -v qf="$qf" -v qs="$qs" -v if_="$irf" -v is="$irs" -v n="$(tag "$b")" \
        -v sc="$YARD_SCALE" "$AWK_MED"'
      BEGIN {
        mf = med(tf); ms = med(ts); if (mf <= 0 || ms <= 0) exit
        rf = if_ / mf; rs = is / ms
        printf "# yardstick, %s, moa --scale %s (medians of %d, in turns): this machine %.3f s, %.2f G instructions/s; " \
               "a cache-resident one (sms=4, dram_channels=2) %.3f s, %.2f G/s\n", n, sc, split(tf, z, " "), mf, rf / 1e9, ms, rs / 1e9
        printf "# yardstick: host cache misses and mispredictions take %.0f%% of this machine'"'"'s time now; " \
               "without them its %.0f instructions per DRAM request would run at %.2f M requests/s\n",
               100 * (1 - rf / rs), if_ / qf, rs / (if_ / qf) / 1e6 }'
  else
    echo "# yardstick: a run or its callgrind count failed (reports in $DIR/yard_*.json)"
  fi
fi
# Instructions per DRAM request (callgrind): the host-independent cost,
# start-up and report included.  BENCH_IR=0 skips it.
if [ "${BENCH_IR:-1}" != 0 ] && command -v valgrind >/dev/null; then
  for b in "${BINS[@]}"; do
    out=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$b" sim --machine "$MACHINE" \
            --workload moa --scale "$IR_SCALE" --json -o "$DIR/moa_ir.json" 2>&1 >/dev/null |
          sed -n 's/.*Collected : //p')
    req=$(field "$DIR/moa_ir.json" dram_requests)
    [ -n "$out" ] && [ -n "$req" ] && awk -v i="$out" -v q="$req" -v s="$IR_SCALE" -v n="$(tag "$b")" 'BEGIN {
      printf "# instructions per DRAM request (valgrind --tool=callgrind), %s, moa --scale %s: %.0f (%d requests)\n", n, s, i / q, q }'
    # The host's speed on this code: that count times moa's requests/s
    # above (the default scale's; per-request cost is about the same).
    # The target is met when it is at least the count times 10^6.
    [ -n "$out" ] && [ -n "$req" ] && [ -n "${moa_rate[$b]:-}" ] && \
      awk -v i="$out" -v q="$req" -v r="${moa_rate[$b]}" -v n="$(tag "$b")" 'BEGIN {
      printf "# host rate, %s on moa: %.2f G instructions/s; 1 M DRAM requests/s at this count needs %.2f G/s\n",
             n, i / q * r / 1e9, i / q * 1e6 / 1e9 }'
    # What the instructions do not show, in cachegrind's models (this VM
    # has no hardware counters): first-level and second-level data misses
    # with this host's 32 KB L1d and 512 KB L2, and mispredicted branches,
    # per DRAM request.  A model, not this CPU: compare binaries with it.
    cg=$(valgrind --tool=cachegrind --cache-sim=yes --branch-sim=yes --D1=32768,8,64 --I1=32768,8,64 \
           --LL=524288,8,64 --cachegrind-out-file=/dev/null "$b" sim --machine "$MACHINE" \
           --workload moa --scale "$IR_SCALE" --json -o /dev/null 2>&1 >/dev/null)
    d1=$(printf '%s\n' "$cg" | sed -n 's/.*D1  misses: *\([0-9,]*\).*/\1/p' | tr -d ,)
    ll=$(printf '%s\n' "$cg" | sed -n 's/.*LLd misses: *\([0-9,]*\).*/\1/p' | tr -d ,)
    bm=$(printf '%s\n' "$cg" | sed -n 's/.*Mispredicts: *\([0-9,]*\).*/\1/p' | tr -d ,)
    [ -n "$d1" ] && [ -n "$ll" ] && [ -n "$bm" ] && [ -n "$req" ] && \
      awk -v a="$d1" -v l="$ll" -v m="$bm" -v q="$req" -v n="$(tag "$b")" 'BEGIN {
      printf "# cachegrind model per DRAM request, %s, moa: %.1f L1d misses, %.1f L2 (512 KB) data misses, %.1f mispredicted branches\n",
             n, a / q, l / q, m / q }'
  done
fi
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
