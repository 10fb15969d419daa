#!/usr/bin/env bash
# End-to-end tests of `gmc experiment` at a tiny scale: the list, every
# experiment's files (CSV, summary with the paper's numbers, plots when
# gnuplot is there), -j1 and -j2 giving byte-identical results, resume,
# and bad options.  Usage: experiment.sh path/to/gmc
set -u
GMC=$1
. "$(dirname "$0")/lib.sh"
S=0.02   # tiny workloads: the whole script takes about a minute on 2 cores

out=$("$GMC" experiment --list)
[ "$out" = "$(printf 'warped-mc\npae\nschedulers')" ] && ok "--list names the experiments" \
  || notok "--list names the experiments" "$out"

for e in warped-mc pae schedulers; do
  if "$GMC" experiment "$e" --scale $S -j 2 -o "$T/$e" >"$T/$e.out" 2>"$T/$e.err"; then
    ok "$e runs"
  else
    notok "$e runs" "$(tail -3 "$T/$e.err")"; continue
  fi
  n=$(grep -c $'\t' "$T/$e/points.txt"); m=$(ls "$T/$e/points" | wc -l)
  [ "$n" -gt 0 ] && [ "$n" = "$m" ] && ok "$e: one JSON per point ($m)" || notok "$e: one JSON per point" "$n vs $m"
  [ -s "$T/$e/$e.csv" ] && [ "$(wc -l <"$T/$e/$e.csv")" -eq $((n + 1)) ] \
    && ok "$e: CSV has a row per point" || notok "$e: CSV has a row per point"
  grep -q "report: $T/$e/summary.md" "$T/$e.out" && ok "$e: prints where the report is" \
    || notok "$e: prints where the report is"
  if ! grep -q nan "$T/$e/summary.md" && ! grep -qi nan "$T/$e/$e.csv"; then ok "$e: no missing numbers"
  else notok "$e: no missing numbers" "$(grep -il nan "$T/$e/summary.md" "$T/$e/$e.csv")"; fi
  if command -v gnuplot >/dev/null; then
    pngs=$(ls "$T/$e"/*.png 2>/dev/null | wc -l)
    [ "$pngs" -ge 1 ] && [ ! -s "$T/$e/gnuplot.log" ] && ok "$e: plots ($pngs PNG)" \
      || notok "$e: plots" "$(cat "$T/$e/gnuplot.log" 2>/dev/null | tail -2)"
  fi
done

# the summaries put the paper's headline numbers beside gmc's
grep -q '| Warped-MC IPC over FR-FCFS, MOA+HOA (sec. 5.2) | +8.9% |' "$T/warped-mc/summary.md" \
  && ok "warped-mc summary quotes the paper's +8.9%" || notok "warped-mc summary quotes the paper's +8.9%"
grep -q '| pae | 1.52x |' "$T/pae/summary.md" && ok "pae summary quotes the paper's 1.52x" \
  || notok "pae summary quotes the paper's 1.52x"
grep -q "^| FR-FCFS's speedup over FIFO, memory-limited workloads, harmonic-mean IPC (Yuan \[MICRO'09\] .* | +88.3% | +[0-9.]*% " "$T/schedulers/summary.md" \
  && [ "$(grep -c '^yuan-gddr3,' "$T/schedulers/schedulers.csv")" = 44 ] \
  && ok "schedulers summary quotes Yuan's +88.3% beside gmc's (yuan-gddr3 rows in the CSV)" \
  || notok "schedulers summary quotes Yuan's +88.3% beside gmc's (yuan-gddr3 rows in the CSV)"

# results do not depend on the job count
"$GMC" experiment warped-mc --scale $S -j 1 -o "$T/j1" >/dev/null 2>&1
if cmp -s "$T/j1/merged.json" "$T/warped-mc/merged.json" && cmp -s "$T/j1/warped-mc.csv" "$T/warped-mc/warped-mc.csv"; then
  ok "-j1 and -j2 give byte-identical merged.json and CSV"
else
  notok "-j1 and -j2 give byte-identical merged.json and CSV"
fi

# resume: a second run reruns nothing (point files keep their times)
t1=$(stat -c %Y "$T/j1/points/hoa.frfcfs.json"); sleep 1
"$GMC" experiment warped-mc --scale $S -j 2 -o "$T/j1" >"$T/resume.out" 2>"$T/resume.err"
[ "$(stat -c %Y "$T/j1/points/hoa.frfcfs.json")" = "$t1" ] && ok "a second run resumes (nothing rerun)" \
  || notok "a second run resumes (nothing rerun)"

# --set: a machine override for every point; the points done before had
# other arguments, so all of them run again (not merged as the new ones)
"$GMC" experiment warped-mc --scale $S --set mc_queue=32 -j 2 -o "$T/j1" >"$T/set.out" 2>"$T/set.err"; rc=$?
n=$(grep -c $'\t' "$T/j1/points.txt")
if [ $rc = 0 ] && grep -q "the $n points done before were made with other arguments" "$T/set.err" \
   && [ "$(grep -c -- '--set mc_queue=32 --seed' "$T/j1/points.txt")" = "$n" ] \
   && grep -Eq '"mc_queue": 32[,}]' "$T/j1/points/hoa.frfcfs.json" \
   && grep -q '"machine_source": "preset rtx2060s --set mc_queue=32"' "$T/j1/points/hoa.frfcfs.json" \
   && grep -q '^`gmc experiment warped-mc --scale 0.02 --seed 1 --set mc_queue=32`' "$T/j1/summary.md" \
   && grep -q 'Machine changed by `--set`: mc_queue=32' "$T/j1/summary.md" \
   && grep -q 'scale 0.02, --set mc_queue=32)' "$T/set.out" && ! cmp -s "$T/j1/merged.json" "$T/warped-mc/merged.json"
then ok "--set: every point runs again with it; points, reports, summary and table say so"
else notok "--set: every point runs again with it; points, reports, summary and table say so" "rc $rc: $(tail -3 "$T/set.err")"; fi
expect_fail "--collect with another --set" 1 "points whose result was not made with the arguments .* gives them: loa.fcfs, .* \(56 of 56;" \
  -- "$GMC" experiment warped-mc --scale $S --set mc_queue=48 --collect -o "$T/j1"
expect_fail "--set: unknown key" 2 "--set \\(mc_queu=3\\): expected a machine key .*found 'mc_queu'" -- "$GMC" experiment pae --set mc_queu=3 -o "$T/bad"
expect_fail "--set: out of range" 2 "mc_queue: expected an integer in 1..1024, found '0'" -- "$GMC" experiment pae --set mc_queue=0 -o "$T/bad"
expect_fail "--set: no =" 2 "--set \\(mc_queue\\): expected KEY=VALUE, found 'mc_queue'" -- "$GMC" experiment pae --set mc_queue -o "$T/bad"
expect_fail "--set: an unknown DRAM preset" 2 "--set dram: expected a DRAM preset .*found 'nope'" -- "$GMC" experiment pae --set dram=nope -o "$T/bad"
expect_fail "--set: an unknown scheduler" 2 "--set mem_sched: expected one of frfcfs.*found 'bogus'" -- "$GMC" experiment pae --set mem_sched=bogus -o "$T/bad"
expect_fail "--set: a blank" 2 "--set: expected KEY=VALUE without blanks" -- "$GMC" experiment pae --set 'mc_queue=3 4' -o "$T/bad"
[ ! -e "$T/bad" ] && ok "--set errors: nothing written" || notok "--set errors: nothing written"
# a rule across keys (sets = size / (128 B x ways) a power of two) holds
# only once the machine is built: checked before any point runs
"$GMC" experiment warped-mc --scale $S --set l2_slice_size=1000 -o "$T/bad2" >"$T/out" 2>"$T/err"; rc=$?
if [ $rc = 2 ] && [ "$(wc -l <"$T/err")" = 2 ] \
   && grep -q "^gmc sim: --set #1 (l2_slice_size=1000): l2_slice_size 1000 with l2_assoc 16: expected size / (128 B x ways) to be a power of two, found 0.49 sets$" "$T/err" \
   && grep -q "^gmc experiment: $T/bad2/points.txt:2: point loa.fcfs would fail so (gmc sim --check); no point was run$" "$T/err" \
   && [ ! -e "$T/bad2/points" ] && [ ! -e "$T/bad2/logs" ] && [ ! -s "$T/out" ]
then ok "--set breaking a rule across keys: gmc sim's error, the point named, nothing run"
else notok "--set breaking a rule across keys: gmc sim's error, the point named, nothing run" "rc $rc: $(cat "$T/err"; ls "$T/bad2")"; fi
# a machine no workload's CTA fits: found before any point runs, too
"$GMC" experiment warped-mc --scale $S --set regs_per_sm=2048 -o "$T/bad3" >"$T/out" 2>"$T/err"; rc=$?
if [ $rc = 1 ] && [ "$(wc -l <"$T/err")" = 2 ] \
   && grep -q "^gmc sim: kernel loa: a CTA (256 threads, 32 registers/thread, 0 B shared memory) fits no SM of machine rtx2060s (1024 threads, 2048 registers, 65536 B shared memory); --set ignore_limits=1 runs one CTA per SM anyway$" "$T/err" \
   && grep -q "^gmc experiment: $T/bad3/points.txt:2: point loa.fcfs would fail so (gmc sim --check); no point was run$" "$T/err" \
   && [ ! -e "$T/bad3/points" ]
then ok "--set leaving a workload's CTA no SM: gmc sim's error, the point named, nothing run"
else notok "--set leaving a workload's CTA no SM: gmc sim's error, the point named, nothing run" "rc $rc: $(cat "$T/err")"; fi

# a dry-run Slurm submission writes the array script
"$GMC" experiment pae --scale $S --slurm --dry-run -o "$T/sl" >/dev/null 2>"$T/sl.err"
grep -q -- '--array=' "$T/sl/slurm/sweep.sbatch" 2>/dev/null && ok "--slurm --dry-run writes the array script" \
  || notok "--slurm --dry-run writes the array script" "$(cat "$T/sl.err")"

expect_fail "unknown experiment" 2 "expected an experiment .*found 'nope'" -- "$GMC" experiment nope
expect_fail "no experiment" 2 "expected an experiment name" -- "$GMC" experiment
expect_fail "bad --scale" 2 "--scale: expected a number" -- "$GMC" experiment pae --scale 0
expect_fail "--slurm with --collect" 2 "found both" -- "$GMC" experiment pae --slurm --collect
expect_fail "--collect before a run" 1 "" -- "$GMC" experiment pae --collect -o "$T/none"

# ---- output safety (issue: new-user findings, items 1-3) ----------------
# An empty -o (an unset variable) or the root directory is refused at once,
# before any other option is read: the trailing --bogus makes a run without
# the check fail on that option instead, writing nothing anywhere.
for o in '' / // /tmp/..; do
  expect_fail "-o '$o' is refused before anything is written" 2 \
    "^gmc experiment: -o: expected a results directory, found '$o' \(" -- \
    "$GMC" experiment pae -o "$o" --bogus
done
# A quote in the -o folder's name is a name, never shell code: the plots
# are made (gnuplot runs without a shell) and no command ran.
if command -v gnuplot >/dev/null; then
  q="$T/it's; touch $T/INJECTED; '"
  mkdir -p "$q" && cp -r "$T/pae/." "$q/" && rm -f "$q"/*.png
  if "$GMC" experiment pae --scale $S -o "$q" >"$T/q.out" 2>"$T/q.err" &&
     [ ! -e "$T/INJECTED" ] && [ -s "$q/speedup.png" ]; then
    ok "a quote in -o: plots made, nothing run ($(ls "$q"/*.png | wc -l) PNG)"
  else
    notok "a quote in -o: plots made, nothing run" "$(tail -2 "$T/q.err"; ls "$T")"
  fi
fi
# gnuplot failing is a failed step: exit 1, say so, list no plot that is not there
mkdir -p "$T/fakebin" "$T/gpfail"
printf '#!/bin/sh\necho "line 1: bogus terminal" >&2\nexit 1\n' >"$T/fakebin/gnuplot"
chmod +x "$T/fakebin/gnuplot"
cp -r "$T/pae/." "$T/gpfail/" && rm -f "$T/gpfail"/*.png
PATH="$T/fakebin:$PATH" "$GMC" experiment pae --scale $S -o "$T/gpfail" >"$T/gpf.out" 2>"$T/gpf.err"; rc=$?
if [ $rc = 1 ] && grep -q "gnuplot failed on plots.gp (exit 1): line 1: bogus terminal" "$T/gpf.err" &&
   grep -q "plots: none  data:" "$T/gpf.out" && ! ls "$T/gpfail"/*.png >/dev/null 2>&1; then
  ok "gnuplot failing: exit 1, the reason, no plot listed"
else
  notok "gnuplot failing: exit 1, the reason, no plot listed" "rc $rc: $(tail -2 "$T/gpf.err") / $(tail -1 "$T/gpf.out")"
fi

# -j in gmc sweep's range (the trailing --bogus: without the check, the run
# fails on it instead of running the whole experiment)
for j in 0 4097 100000; do
  expect_fail "-j $j is refused" 2 "^gmc experiment: -j: expected 1\.\.4096, found '$j'$" -- \
    "$GMC" experiment pae -j $j --bogus
done

finish
