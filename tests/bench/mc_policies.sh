#!/usr/bin/env bash
# The write policies side by side (docs/mc-policies.md "Measurement"):
# one channel of the gddr6-rtx2060s preset, a random trace of N requests
# (default 10^6), half of them writes, offered one per cycle (faster than
# the channel serves: the queues stay full and the run measures the
# controller, as make bench-mem's traces do).  Prints, per write policy,
# the cycles, the bandwidth, the write drains and the row outcomes.
# Usage: mc_policies.sh GMC MEMTRACE_GEN DIR [N [SEED]]
set -u
GMC=$1 GEN=$2 DIR=$3 N=${4:-1000000} SEED=${5:-20240601}
mkdir -p "$DIR"
reads="$DIR/random_$N.trc" mixed="$DIR/random_rw50_$N.trc"
[ -s "$reads" ] || "$GEN" random "$N" "$SEED" "$reads" || exit 1
# Every request a write with probability 1/2, from a seeded PRNG (Python's,
# the same on every host; awk's rand differs between awks).
[ -s "$mixed" ] || python3 - "$reads" "$mixed" "$SEED" <<'PY' || exit 1
import random, sys
src, dst, seed = sys.argv[1], sys.argv[2], int(sys.argv[3])
rnd = random.Random(seed)
with open(src) as f, open(dst, "w") as g:
    for line in f:
        if line.startswith("#"):
            g.write(line.rstrip("\n") + " -> half writes, seed %d\n" % seed)
            continue
        t, _, a = line.split()
        g.write("%s %s %s\n" % (t, "W" if rnd.random() < 0.5 else "R", a))
PY
echo "# gmc mem --trace $mixed --channels 1 --json --write-policy P ...  ($N requests, seed $SEED)"
printf '%-34s %10s %8s %8s %7s %9s %9s\n' "write policy (options)" cycles "GB/s" "% peak" drains "row hits" conflicts
for p in "gpgpusim" "ramulator2" "gpgpusim --wq-high 26 --wq-low 6" "ramulator2 --wq-high 26 --wq-low 6"; do
  # shellcheck disable=SC2086  # p carries its options
  "$GMC" mem --trace "$mixed" --channels 1 --json --write-policy $p >"$DIR/out.json" 2>/dev/null || exit 1
  python3 - "$DIR/out.json" "$p" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
print("%-34s %10d %8.3f %8.2f %7d %9d %9d" % (sys.argv[2], j["cycles"], j["bandwidth_bytes_per_s"] / 1e9,
      100 * j["bandwidth_bytes_per_s"] / j["peak_bandwidth_bytes_per_s"], j["write_drains"],
      j["row_hits"], j["row_conflicts"]))
PY
done
