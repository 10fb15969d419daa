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
# What failed, last, where a CI page that shows only the end of the output
# still shows it: each failed stage's failing cases (TAP "not ok" lines with
# the indented reason under them, cmocka's [  FAILED  ] lines, make errors),
# each under the "== script" line of the CLI script it came from (make's own
# errors without one: they belong to no script).
for s in "${failed[@]}"; do
  echo "failed in $s (log $log/$s.log):"
  awk '/^== tests\// { where = $0; shown = 0; next }
       /^make.*\*\*\* / { print; next }
       /^not ok|^\[  FAILED  \]|^FAIL|\*\*\* / { if (where != "" && !shown) { print where; shown = 1 } print; more = 2; next }
       more > 0 && /^    / { print; more--; next } { more = 0 }' "$log/$s.log" | head -n 30 | sed 's/^/   > /'
done
[ ${#failed[@]} = 0 ] || echo "failed stages: ${failed[*]}"
echo "make test: $(( $(date +%s) - t0 ))s wall"
echo "$pass passed, $fail failed"
[ $fail = 0 ] && [ ${#failed[@]} = 0 ]
