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
[ "$out" = "$(printf 'warped-mc\npae\nschedulers\nholdgrant\npcm\ntemp')" ] && ok "--list names the experiments" \
  || notok "--list names the experiments" "$out"

for e in warped-mc pae schedulers holdgrant pcm temp; do
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
    edges=$(for p in "$T/$e"/*.png; do python3 tests/tools/png_edges.py "$p" >/dev/null || python3 tests/tools/png_edges.py "$p"; done)
    [ -z "$edges" ] && ok "$e: nothing cut at the plots' edges" || notok "$e: nothing cut at the plots' edges" "$edges"
  fi
  # the y axes: a label, and a range fitted to the values drawn (the
  # summary's few-percent differences show; no whisker cut by the frame)
  fit=$(python3 tests/tools/gp_ranges.py "$T/$e") && ok "$e: every plot has a y label and a fitted y range" \
    || notok "$e: every plot has a y label and a fitted y range" "$fit"
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

grep -q "^| BFIFO+HMHG4, harmonic-mean IPC as a share of FR-FCFS's, crossbar (Fig. 12; sec. 5.1) | 86.0% | [0-9.]*% | " "$T/holdgrant/summary.md" \
  && grep -q "^| SVCA over DVCA with 4 VCs, crossbar, harmonic-mean IPC (Fig. 11; sec. 5.3) | HG +18.5%, HMHG4 +17.7% | HG [-+][0-9.]*%, HMHG4 [-+][0-9.]*% | " "$T/holdgrant/summary.md" \
  && [ "$(grep -c '^ring,' "$T/holdgrant/holdgrant.csv")" = 50 ] \
  && ok "holdgrant summary quotes Yuan's 86.0% and SVCA's +18.5%/+17.7% beside gmc's (ring rows in the CSV)" \
  || notok "holdgrant summary quotes Yuan's 86.0% and SVCA's +18.5%/+17.7% beside gmc's (ring rows in the CSV)"
# pcm: Fig. 3.9's thesis numbers beside gmc's, the three latencies of the
# seven intensities in the CSV, and a machine key its points choose refused
grep -q '^| IPC at x10 device latency, lowest intensity (6), as a share of x1.s .* | 1/5 (-80%) | 1/[0-9.]* (-[0-9.]*%) | ' "$T/pcm/summary.md" \
  && grep -q '^| IPC loss at x3 latency, realistic intensities (99, 195), worst .* | <= ~5% | -\?[0-9.]*% (99: -\?[0-9.]*%, 195: -\?[0-9.]*%) | ' "$T/pcm/summary.md" \
  && [ "$(grep -c '^itermap\.x[0-9]*\.i[0-9]*,itermap,' "$T/pcm/pcm.csv")" = 21 ] \
  && [ "$(cut -d, -f3 "$T/pcm/pcm.csv" | grep -E '^(6|9|15|27|51|99|195)$' | sort -un | tr '\n' ' ')" = "6 9 15 27 51 99 195 " ] \
  && ok "pcm summary quotes the thesis's factor of 5 and 5% beside gmc's (21 Fig. 3.9 rows, intensities 6..195 in the CSV)" \
  || notok "pcm summary quotes the thesis's factor of 5 and 5% beside gmc's (21 Fig. 3.9 rows, intensities 6..195 in the CSV)"
# each point's report has the machine it was asked for: x10's device timings, PCM's energy, the write queue's counts
python3 - "$T/pcm/points" <<'PY' && ok "pcm points ran what they say: dram_timing_scale 10, pcm-thesis (its wear), pcmwq, 12 + 4 channels" \
  || notok "pcm points ran what they say: dram_timing_scale 10, pcm-thesis (its wear), pcmwq, 12 + 4 channels"
import json, sys
d = sys.argv[1]
j = lambda n: json.load(open(f"{d}/{n}.json"))
a, b, c, h = j("itermap.x10.i1"), j("itermap.pcm.i1"), j("stream.pcmwq"), j("stream.hyb-wa")
assert a["machine_config"]["dram_timing_scale"] == 10 and a["machine_config"]["l2_slice_size"] == 16384
assert b["machine_config"]["dram"] == "pcm-thesis" and b["dram_energy_nj"]["ref"] == 0
assert c["pcmwq"]["writes_accepted"] > 0 and h["hybrid_memory1"]["channels"] == 4
assert h["hybrid_memory0"]["channels"] == 12 and h["hybrid_memory1"]["writes"] == 0   # write-aware: PCM reads only
s = j("stream.pcm")   # at this scale itermap's stores stay in the L2; stream's reach PCM
assert s["wear"]["writes"] == s["dram"]["writes"] > 0 and h["wear"]["writes"] == 0 and "wear" not in a
PY
"$GMC" experiment pcm --scale $S --slurm --dry-run -o "$T/pcmsl" >/dev/null 2>&1
grep -q -- '--array=0-63$' "$T/pcmsl/slurm/sweep.sbatch" 2>/dev/null && ok "pcm --slurm --dry-run: an array of its 64 points" \
  || notok "pcm --slurm --dry-run: an array of its 64 points" "$(grep -- --array "$T/pcmsl/slurm/sweep.sbatch" 2>&1)"
expect_fail "pcm: --set dram_timing_scale, which its points set, is refused" 2 \
  "^gmc experiment: --set: expected a machine key that pcm does not choose per point, found dram_timing_scale, which its points set themselves" -- \
  "$GMC" experiment pcm --set dram_timing_scale=2 --collect -o "$T/pcmset"

# temp: the paper's sec. 6.1 numbers beside gmc's, a verdict each; 13
# workloads x 5 configurations; the points ran what they say
grep -q "^| TEMP's IPC over CCWS (sec. 6.1.1) | +5.7% | [-+][0-9.]*% (geomean of 13 workloads) | \(reproduces\|does not, because\)" "$T/temp/summary.md" \
  && grep -q "^| TEMP+TBAS's RBHR on C1 (Fig. 12) | +33.1% | [-+][0-9.]*% (geomean of 4 C1 workloads) | " "$T/temp/summary.md" \
  && grep -q "^| TEMP+TBAS's network congestion on C1 .* | -18.7% | " "$T/temp/summary.md" \
  && [ "$(grep -c '^cenenergy\.' "$T/temp/temp.csv")" = 5 ] && [ "$(grep -c ',tbas,' "$T/temp/temp.csv")" = 13 ] \
  && ok "temp summary quotes the paper's +5.7%, +33.1% and -18.7% beside gmc's (5 configs x 13 workloads in the CSV)" \
  || notok "temp summary quotes the paper's +5.7%, +33.1% and -18.7% beside gmc's"
python3 - "$T/temp/points" <<'PY' && ok "temp points ran what they say: ccws, serial + tbas with the paper's strides, bw-aware pages in DDR3" \
  || notok "temp points ran what they say: ccws, serial + tbas with the paper's strides, bw-aware pages in DDR3"
import json, sys
j = lambda i: json.load(open(f"{sys.argv[1]}/{i}.json"))
a, t, b, m = j("mapper.ccws"), j("cenenergy.tbas"), j("moa.bw"), j("mapper.bbw")
assert a["machine"] == "temp-jetc19" and a["warp_sched"] == "ccws" and a["hybrid_memory1"]["reads"] == 0
assert t["warp_sched"] == "tbas" and t["machine_config"]["cta_dispatch"] == "serial" and t["thread_batches"]["stride"] == 2
assert m["thread_batches"]["stride"] == 4 and m["hybrid_memory1"]["reads"] > 0
assert 0.1 < b["hybrid_memory1"]["access_share"] < 0.3   # BW-AWARE: a fifth of the pages in DDR3
PY
"$GMC" experiment temp --scale $S --slurm --dry-run -o "$T/tempsl" >/dev/null 2>&1
grep -q -- '--array=0-64$' "$T/tempsl/slurm/sweep.sbatch" 2>/dev/null && ok "temp --slurm --dry-run: an array of its 65 points" \
  || notok "temp --slurm --dry-run: an array of its 65 points" "$(grep -- --array "$T/tempsl/slurm/sweep.sbatch" 2>&1)"

# a machine key its points set with their own --set (the network's hold,
# the controller queue) would replace the experiment's axis: refused
for kv in icnt_hold=none mc_queue=8 icnt_vcs=2; do
  expect_fail "holdgrant: --set ${kv%%=*}, which its points set, is refused" 2 \
    "^gmc experiment: --set: expected a machine key that holdgrant does not choose per point, found ${kv%%=*}, which its points set themselves \(--set $kv would replace the experiment's own values\)$" -- \
    "$GMC" experiment holdgrant --set $kv --collect -o "$T/hgset"
done

# ---- a point's report without a number the summary needs: an error that
# names the point and the number, nothing written (it gave exit 0, nan in
# the tables and a geomean of fewer values than it said).  A resumed run
# also removes the temporary files a killed one left.
edit_report() {   # edit_report FILE PYTHON-EXPR-ON-t: rewrite FILE as the expression of its text t
  python3 -c 'import sys; t = open(sys.argv[1]).read(); open(sys.argv[1], "w").write(eval(sys.argv[2]))' "$1" "$2"
}
missing_case() {   # missing_case NAME POINT EXPR MESSAGE-REGEX
  rm -rf "$T/miss" && cp -r "$T/pae" "$T/miss"
  edit_report "$T/miss/points/$2.json" "$3"
  printf '{"half": ' >"$T/miss/points/stencil.pm.json.tmp.Xy12Ab"
  cp "$T/miss/summary.md" "$T/miss.md"; cp "$T/miss/pae.csv" "$T/miss.csv"
  "$GMC" experiment pae --scale $S -j 2 -o "$T/miss" >"$T/out" 2>"$T/err"; local rc=$?
  if [ $rc = 1 ] && grep -Eq "^gmc experiment: $T/miss/points/$2.json: expected a number at $4; nothing summarized: remove the file \(or use --force\) to run the point again$" "$T/err" \
     && cmp -s "$T/miss.md" "$T/miss/summary.md" && cmp -s "$T/miss.csv" "$T/miss/pae.csv" && ! grep -q "^report:" "$T/out"
  then ok "$1: exit 1, the point and the number named, summary and CSV untouched"
  else notok "$1: exit 1, the point and the number named, summary and CSV untouched" "rc $rc: $(cat "$T/err"; grep -c nan "$T/miss/summary.md")"; fi
}
if [ -d "$T/pae/points" ]; then
  missing_case "a report without cycles" transpose.pm 't.replace("\"cycles\":", "\"cycles_gone\":")' "cycles, found none"
  grep -q "^gmc sweep: removed 1 temporary file an interrupted run left ($T/miss/points/stencil.pm.json.tmp.Xy12Ab)$" "$T/err" \
    && [ ! -e "$T/miss/points/stencil.pm.json.tmp.Xy12Ab" ] && ok "a resumed experiment removes a killed run's temporary file, and says so" \
    || notok "a resumed experiment removes a killed run's temporary file, and says so" "$(cat "$T/err"; ls "$T/miss/points" | grep tmp)"
  missing_case "a report with a null number" bfs.fae 't.replace("\"dram_power_w\": ", "\"dram_power_w\": null, \"was\": ")' "dram_power_w, found null"
  # cut after its machine_config: still '{' ... '}', so it merges; every
  # statistic is gone
  missing_case "a truncated report" kmeans.base 't[:t.index("}", t.index("\"machine_config\"")) + 1] + "\n"' "[a-z_.0-9]+, found none"
  # the same folder, the edited point removed: resumed, it runs again and the summary is whole
  rm "$T/miss/points/kmeans.base.json"
  "$GMC" experiment pae --scale $S -j 2 -o "$T/miss" >/dev/null 2>"$T/err" && cmp -s "$T/miss/pae.csv" "$T/pae/pae.csv" \
    && ok "the point removed, a resumed run makes it again: the same CSV" || notok "the point removed, a resumed run makes it again: the same CSV" "$(tail -2 "$T/err")"
fi

# ---- "same direction": a noise band and the sizes compared, on crafted
# numbers (every Warped-MC point's IPC set to F x FR-FCFS's, resumed)
verdicts() {   # verdicts F: the claims table's first three verdicts, '|'-separated
  rm -rf "$T/craft" && cp -r "$T/warped-mc" "$T/craft"
  python3 - "$T/craft/points" "$1" <<'PY'
import json, os, sys
d, f = sys.argv[1], float(sys.argv[2])
for n in os.listdir(d):
    if n.endswith(".wmc.json"):
        w = json.load(open(os.path.join(d, n)))
        w["ipc"] = json.load(open(os.path.join(d, n.replace(".wmc.", ".frfcfs."))))["ipc"] * f
        json.dump(w, open(os.path.join(d, n), "w"))
PY
  "$GMC" experiment warped-mc --scale $S -j 2 -o "$T/craft" >/dev/null 2>&1 || echo "run failed"
  grep -E '^\| Warped-MC (IPC over FR-FCFS|best case)' "$T/craft/summary.md" | awk -F' [|] ' '{ sub(/ [|]$/, "", $4); printf "%s|", $4 }'
}
if [ -d "$T/warped-mc/points" ]; then
  for c in "1.004|within noise|within noise|within noise|" "0.97|**opposite**|**opposite**|**opposite**|" \
           "1.0153|yes, 5.8x smaller|yes, 3.3x smaller|yes, 30x smaller|" "1.08|yes, similar size (0.90x)|yes, similar size (1.57x)|yes, 5.7x smaller|"; do
    got=$(verdicts "${c%%|*}")
    [ "$got" = "${c#*|}" ] && ok "same direction, Warped-MC at ${c%%|*}x FR-FCFS: ${c#*|}" \
      || notok "same direction, Warped-MC at ${c%%|*}x FR-FCFS" "expected '${c#*|}', got '$got'"
  done
  grep -q "^Same direction: a change of gmc's below 1% either way is \*within noise\* (across seeds 1-3" "$T/craft/summary.md" \
    && ok "the summary states the noise band and why" || notok "the summary states the noise band and why"
fi

# ---- every summary says which --scale its claims need, and warns (there
# and on stderr) when a run is at another: S is below every experiment's
for e in warped-mc pae schedulers; do
  [ -s "$T/$e/summary.md" ] || continue
  grep -q "^Scale: these runs use \`--scale $S\`\. .*\`--scale\`" "$T/$e/summary.md" \
    && grep -q "^\*\*Warning: \`--scale $S\` is not such a scale: the claims below may not hold at it\.\*\*$" "$T/$e/summary.md" \
    && [ "$(tail -n 1 "$T/$e.err")" = "gmc experiment: warning: --scale $S: the $e experiment's claims were measured to hold at other scales ($T/$e/summary.md says which)" ] \
    && ok "$e at --scale $S: the summary says which scale its claims need and warns, and so does stderr" \
    || notok "$e at --scale $S: the summary says which scale its claims need and warns, and so does stderr" "$(grep -i scale "$T/$e/summary.md" | head -3; tail -n 1 "$T/$e.err")"
done
# pae's headline needs the transposes' side a power of two: 0.0625 (512) is one, 0.05 (448) is not
"$GMC" experiment pae --scale 0.0625 -j 2 -o "$T/pae-ok" >/dev/null 2>"$T/err"; rc=$?
[ $rc = 0 ] && grep -q '^Scale: these runs use `--scale 0.0625`. PAE.s headline needs' "$T/pae-ok/summary.md" \
  && ! grep -q "Warning" "$T/pae-ok/summary.md" && ! grep -q "warning" "$T/err" \
  && ok "pae at --scale 0.0625 (transpose side 512): no warning" || notok "pae at --scale 0.0625 (transpose side 512): no warning" "rc $rc: $(tail -2 "$T/err")"
rm -rf "$T/pae-ok"

# results do not depend on the job count
"$GMC" experiment warped-mc --scale $S -j 1 -o "$T/j1" >/dev/null 2>"$T/j1.err"
if cmp -s "$T/j1/merged.json" "$T/warped-mc/merged.json" && cmp -s "$T/j1/warped-mc.csv" "$T/warped-mc/warped-mc.csv"; then
  ok "-j1 and -j2 give byte-identical merged.json and CSV"
else
  notok "-j1 and -j2 give byte-identical merged.json and CSV"
fi

# the longest points start first (the estimate: the 128-byte lines a
# workload's loads and stores touch; hoa and transpose-read are the slow
# ones), so the run does not end on one long point; among a workload's
# points, the points file's order
order=$(sed -n 's/^\[[0-9]*\/56\] \([a-z-]*\)\.\([a-z0-9-]*\) ok .*/\1/p' "$T/j1.err" | uniq | tr '\n' ' ')
first=$(sed -n 's/^\[[0-9]*\/56\] \(hoa\.[a-z0-9-]*\) ok .*/\1/p' "$T/j1.err" | tr '\n' ' ')
[ "$order" = "hoa transpose-read kmeans spmv stencil loa moa stream " ] \
  && [ "$first" = "hoa.fcfs hoa.frfcfs hoa.divfirst hoa.wmc hoa.wmc-recv hoa.wmc-p2 hoa.wmc-recv-p2 " ] \
  && ok "points run longest first (by workload), in file order within one" || notok "points run longest first (by workload), in file order within one" "order: $order / $first"

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

# a machine key the experiment chooses per point (--sched) cannot be --set:
# the points' option would win and the summary would claim a changed
# machine.  (--collect: a gmc without the check fails fast on the missing
# points instead of running the experiment.)
for e in warped-mc schedulers; do
  expect_fail "--set mem_sched in $e (it sets the scheduler per point) is refused" 2 \
    "^gmc experiment: --set: expected a machine key that $e does not choose per point, found mem_sched, which each of its points sets with --sched \(--set mem_sched=fcfs would change nothing\)$" -- \
    "$GMC" experiment $e --set mem_sched=fcfs --collect -o "$T/perpoint"
done
[ ! -e "$T/perpoint" ] && ok "--set of a per-point key: nothing written" || notok "--set of a per-point key: nothing written"
# pae chooses no scheduler: there it is an ablation, and passes the check
"$GMC" experiment pae --set mem_sched=fcfs --collect -o "$T/perpoint" >/dev/null 2>"$T/err"
grep -q "points without a result" "$T/err" && ok "--set mem_sched in pae (no per-point scheduler) is taken" \
  || notok "--set mem_sched in pae (no per-point scheduler) is taken" "$(cat "$T/err")"
rm -rf "$T/perpoint"
# the Slurm script's options without --slurm: refused (--dry-run alone ran
# the whole experiment locally)
for o in "--dry-run" "--partition debug" "--time 0:10:00"; do
  expect_fail "${o%% *} without --slurm is refused" 2 \
    "^gmc experiment: ${o%% *}: expected it with --slurm \(it is for the Slurm script\), found it without$" -- \
    "$GMC" experiment pae $o --collect -o "$T/noslurm"
done
[ ! -e "$T/noslurm" ] && ok "Slurm options without --slurm: nothing written" || notok "Slurm options without --slurm: nothing written"

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
