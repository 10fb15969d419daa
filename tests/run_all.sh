#!/usr/bin/env bash
# `make test`: every stage, independent stages side by side on JOBS job
# slots (one make jobserver shared by all of them, so -j is the machine's,
# not per stage), one line per stage as it finishes (time, counts, log), and
# at the end one line "N passed, N failed" counting individual tests: cmocka
# cases, CLI-script cases, co-simulation/lint/proof checks, and one per
# stage that counts nothing itself.  Keeps going after a failure.
set -u
cd "$(dirname "$0")/.."
MAKE=${MAKE:-make}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
log=build/test-logs
rm -rf "$log"; mkdir -p "$log"
t0=$(date +%s)
echo "make test: $JOBS job slots; logs in $log/"
"$MAKE" --no-print-directory -j"$JOBS" -f tests/stages.mk all MAKE="$MAKE"
pass=0 fail=0 failed=()
for c in "$log"/*.count; do
  [ -e "$c" ] || continue
  read -r p q rc < "$c"
  pass=$((pass + p)); fail=$((fail + q))
  [ "$rc" = 0 ] || failed+=("$(basename "$c" .count)")
done
n=$(ls "$log"/*.count 2>/dev/null | wc -l)
[ "$n" -ge 8 ] || { echo "make test: only $n stage results found"; fail=$((fail + 1)); }
[ ${#failed[@]} = 0 ] || echo "failed stages: ${failed[*]}"
echo "make test: $(( $(date +%s) - t0 ))s wall"
echo "$pass passed, $fail failed"
[ $fail = 0 ] && [ ${#failed[@]} = 0 ]
