#!/usr/bin/env bash
# What each scheduler does on one GDDR6 channel (make sched-table): the
# markdown table of docs/memory.md "Trace mode".  Usage:
#   sched_table.sh GMC MEMTRACE_GEN DIR [N] [extra gmc mem options...]
# Traces: memtrace_gen random|stream|warps N SEED (seed 20240601, printed).
set -eu
GMC=$1 GEN=$2 DIR=$3 N=${4:-100000}
shift $(( $# < 4 ? $# : 4 ))
SEED=${BENCH_SEED:-20240601}
mkdir -p "$DIR"
echo "<!-- $GMC mem --preset gddr6-rtx2060s --channels 1 --sched S --trace FILE --json $*; traces: $GEN random|stream|warps $N $SEED -->"
echo "| trace | sched | cycles | GB/s | mean lat. | p99 | max | hit / miss / conflict | BLP | efficiency | age cap | load div. mean / p99 | load time mean / p99 |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|"
for pat in random stream warps; do
  f="$DIR/${pat}_$N.trc"
  [ -s "$f" ] || "$GEN" "$pat" "$N" "$SEED" "$f"
  # warped-mc in both of the paper's readings (docs/blocks/gmc_wmc.md);
  # the devices' warnings go to stderr, not into the table
  for s in frfcfs fcfs bfifo divfirst warped-mc warped-mc:receive fcfs-strict; do
    opt=(--sched "${s%%:*}")
    [ "$s" = warped-mc:receive ] && opt+=(--wmc-score receive)
    "$GMC" mem --preset gddr6-rtx2060s --channels 1 "${opt[@]}" --trace "$f" --json "$@" 2>/dev/null | python3 -c '
import json, sys
j = json.load(sys.stdin); l = j["latency"]; w = j["warp_loads"]
wl = "%.0f / %d | %.0f / %d" % (w["divergence"]["mean"], w["divergence"]["p99"], w["load_time"]["mean"],
                              w["load_time"]["p99"]) if w["multi_request"] else "- | -"
print("| %s | %s | %d | %.1f | %.0f | %d | %d | %d / %d / %d | %.2f | %.1f%% | %d | %s |" % (
    sys.argv[1], sys.argv[2], j["cycles"], j["bandwidth_bytes_per_s"] / 1e9, l["mean"], l["p99"], l["max"],
    j["row_hits"], j["row_misses"], j["row_conflicts"], j["blp"], 100 * j["efficiency"], j["age_cap_fired"], wl))' "$pat" "$s"
  done
done
