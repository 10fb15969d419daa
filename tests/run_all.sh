#!/usr/bin/env bash
# Runs every stage of `make test`, keeps going after a failure, and ends with
# one line "N passed, N failed" counting individual tests: cmocka cases,
# CLI-script cases, and one per make stage (vectors, lint, cosim, ...).
set -u
cd "$(dirname "$0")/.."
MAKE=${MAKE:-make}
log=build/test-logs
mkdir -p "$log"
pass=0; fail=0; failed=()

count_output() {   # adds counts found in a log; returns 1 if it found any
  local f=$1 p=0 q=0 found=0
  while read -r n; do p=$((p + n)); found=1; done < <(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' "$f")
  while read -r n; do q=$((q + n)); found=1; done < <(sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' "$f")
  while read -r a b; do p=$((p + a)); q=$((q + b)); found=1; done < \
    <(sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed.*/\1 \2/p' "$f")
  pass=$((pass + p)); fail=$((fail + q))
  [ $found = 1 ]
}

stage() {   # stage NAME counted|single make-target...
  local name=$1 kind=$2; shift 2
  local f="$log/$name.log" t0=$SECONDS
  printf '== %-12s ' "$name"
  if "$MAKE" --no-print-directory "$@" >"$f" 2>&1; then rc=0; else rc=1; fi
  local dt=$((SECONDS - t0))
  if [ "$kind" = counted ] && count_output "$f"; then
    [ $rc = 0 ] || { [ "$(grep -c 'FAILED\|not ok\|[1-9][0-9]* failed' "$f")" != 0 ] || fail=$((fail + 1)); }
  else
    if [ $rc = 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
  fi
  if [ $rc = 0 ]; then echo "ok    (${dt}s, log $f)"; else
    echo "FAIL  (${dt}s, log $f)"; failed+=("$name"); tail -n 25 "$f" | sed 's/^/   | /'; fi
}

stage unit        counted unit
stage cli         counted cli-tests
stage vectors     single  vectors
stage lint        single  lint
stage cosim       counted cosim
stage cosim-fault counted cosim-fault
stage synth       single  synth
stage formal      counted formal

[ ${#failed[@]} = 0 ] || echo "failed stages: ${failed[*]}"
echo "$pass passed, $fail failed"
[ $fail = 0 ] && [ ${#failed[@]} = 0 ]
