#!/usr/bin/env bash
# gmc entropy's speed: requests/s on a 10^6-request, 4-kernel trace (the
# trace tests/cli/entropy.sh reads for correctness), best and median of
# REPS runs, one core.  Speed lives here, not in a timed test: a CLI test
# with a wall-clock limit failed or passed with the host's load.
# Usage: bench_entropy.sh path/to/gmc OUTDIR
set -u
GMC=$1 DIR=$2 REPS=${BENCH_REPS:-5}
case $REPS in ""|*[!0-9]*|0) echo "bench_entropy: BENCH_REPS: expected a count of 1 or more, found '$REPS'" >&2; exit 2;; esac
mkdir -p "$DIR" || exit 1
tr="$DIR/entropy_1e6.trace"
awk 'BEGIN { for (i = 0; i < 1000000; i++) printf "%d %d %x\n", int(i / 250000), (i * 7919) % 20000, (i * 2654435761) % 1073741824 }' >"$tr" || exit 1
ts=()
for _ in $(seq "$REPS"); do
  t0=$(date +%s%N)
  if ! "$GMC" entropy --trace "$tr" --scheme fae --json -o "$DIR/entropy.json" 2>"$DIR/entropy.err"; then
    echo "bench_entropy: gmc entropy failed: $(tail -3 "$DIR/entropy.err")" >&2; exit 1
  fi
  ts+=($(( ($(date +%s%N) - t0) / 1000 )))
done
grep -q '"requests": 1000000' "$DIR/entropy.json" || { echo "bench_entropy: the report does not count 10^6 requests" >&2; exit 1; }
printf '%s\n' "${ts[@]}" | sort -n | awk -v n="$REPS" '
  { t[NR] = $1 }
  END { best = t[1]; med = t[int((n + 1) / 2)];
        printf "gmc entropy --scheme fae, 10^6 requests, %d runs: best %.3f s (%.2f M req/s), median %.3f s (%.2f M req/s)\n",
               n, best / 1e6, 1e6 / best, med / 1e6, 1e6 / med }'
