#!/usr/bin/env bash
# make equiv: the randomized equivalence run (the default policies and the
# controller's other write and row policies), the repro trace of the
# warped-mc wake bug at 1, 2 and 16 channels through the CLI, and the
# proof that the comparison can fail (each fixed bug re-injected must be
# reported).  Prints one "N passed, M failed" line per part.
# Usage: equiv.sh MEM_EQUIV GMC SEED TRACES REQUESTS
set -u
eq=$1 gmc=$2 seed=$3 traces=$4 reqs=$5
"$eq" --seed "$seed" --traces "$traces" --requests "$reqs" || status=1

# The repro trace (387 requests, a dense warps stream): skip-ahead and
# --step-every-cycle must print the same report, for every scheduler.
trc=tests/data/warped_mc_shortcut_repro.trc
p=0 f=0
for s in frfcfs fcfs bfifo divfirst warped-mc fcfs-strict; do
  for ch in 1 2 16; do
    a=$("$gmc" mem --trace $trc --sched $s --channels $ch --json) &&
    b=$("$gmc" mem --trace $trc --sched $s --channels $ch --json --step-every-cycle)
    if [ $? = 0 ] && [ "$a" = "$b" ] && [ -n "$a" ]; then p=$((p + 1))
    else f=$((f + 1)); echo "MISMATCH repro trace: $s, $ch channel(s)"; fi
  done
done
echo "$p passed, $f failed (repro trace)"; [ $f = 0 ] || status=1

# Each fixed bug, re-injected, must be caught by the same random runs:
# faults 1 and 2 (skip-ahead bugs) as mismatches, fault 4 (ACTs that
# refresh closes unused) as the livelock the watchdog stops, fault 8 (the
# wake shortcut ignoring the row policy, mem_equiv.c) as mismatches of the
# runs under the other policies.
p=0 f=0
for fault in 1 2 4 8; do
  # each fault where it shows: the default policies, or a row policy that closes
  only=gpgpusim/open; [ $fault = 8 ] && only=gpgpusim/close
  out=$("$eq" --seed "$seed" --traces "$traces" --requests "$reqs" --fault $fault --only-policy $only); rc=$?
  want=MISMATCH; [ $fault = 4 ] && want=LIVELOCK
  if [ $rc = 1 ] && grep -q "^$want" <<<"$out"; then
    p=$((p + 1)); echo "fault $fault caught: $(grep -c "^$want" <<<"$out") ${want,,} line(s) shown"
  else
    f=$((f + 1)); echo "FAIL: fault $fault was not caught"; echo "$out" | tail -3
  fi
done
echo "$p passed, $f failed (injected faults caught)"
[ $f = 0 ] && [ -z "${status:-}" ]
