#!/usr/bin/env bash
# One stage of `make test`: runs `make TARGET...` into build/test-logs/NAME.log
# (sharing the calling make's job slots), counts what passed and failed, and
# prints one line: "== NAME ok|FAIL (time, counts, log)".  KIND is counted
# (the log's "[  PASSED  ] N test(s)" / "N passed, M failed" lines are the
# counts) or single (the stage counts as one test).
# Usage: stage.sh NAME counted|single TARGET...   (run from the repository root)
set -u
name=$1 kind=$2; shift 2
MAKE=${MAKE:-make}
log=build/test-logs
mkdir -p "$log"
f="$log/$name.log"
t0=$(date +%s)
if "$MAKE" --no-print-directory -k "$@" >"$f" 2>&1; then rc=0; else rc=1; fi
dt=$(( $(date +%s) - t0 ))
p=0 q=0 found=0
if [ "$kind" = counted ]; then
  while read -r n; do p=$((p + n)); found=1; done < <(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' "$f")
  while read -r n; do q=$((q + n)); found=1; done < <(sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' "$f")
  while read -r a b; do p=$((p + a)); q=$((q + b)); found=1; done < \
    <(sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed.*/\1 \2/p' "$f")
fi
if [ $found = 0 ]; then
  if [ $rc = 0 ]; then p=1; else q=1; fi
elif [ $rc != 0 ] && [ $q = 0 ]; then
  q=1   # failed without a counted failure (a build error): count the stage
fi
echo "$p $q $rc" > "$log/$name.count"
if [ $rc = 0 ]; then
  printf '== %-12s ok    %4ss  %5s passed, %s failed  (log %s)\n' "$name" "$dt" "$p" "$q" "$f"
else
  printf '== %-12s FAIL  %4ss  %5s passed, %s failed  (log %s)\n' "$name" "$dt" "$p" "$q" "$f"
  tail -n 25 "$f" | sed 's/^/   | /'
fi
exit 0
