#!/usr/bin/env bash
# `gmc sweep slurm` on a real (private, one-node) Slurm cluster: the job
# array runs the points, `gmc sweep collect` merges them, and merged.json
# must equal a local `gmc sweep run` of the same points byte for byte; a
# failing point fails its array task and collect names it.  The cluster is
# torn down on every exit (trap).  Ends with "N passed, N failed".
# Usage: slurm_sweep.sh path/to/gmc path/to/memtrace_gen
set -u
GMC=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
GEN=$2
here=$(dirname "$0")
. "$here/cluster.sh"
pass=0 failn=0
ok()    { echo "ok - $1 [$(( $(date +%s) - t0 )) s]"; pass=$((pass + 1)); }
notok() { echo "not ok - $1"; [ -n "${2:-}" ] && echo "$2" | sed 's/^/    /'; failn=$((failn + 1)); }
finish() { echo "$pass passed, $failn failed"; [ $failn -eq 0 ]; }
t0=$(date +%s)
# munged's socket path must stay short (108 bytes): /tmp, not $TMPDIR
C=$(mktemp -d /tmp/gmc-slurm.XXXXXX) || exit 1
T=$C/work
trap 'cluster_down; rm -rf "$C"' EXIT
trap 'exit 130' INT TERM
mkdir -p "$T"

# wait_job ID SECONDS: until squeue lists nothing of the job
wait_job() {
  local i
  for i in $(seq 1 $(( $2 * 5 ))); do
    [ -z "$(squeue -h -j "$1" -o %i 2>/dev/null)" ] && return 0
    sleep 0.2
  done
  return 1
}
# job_states ID: the array tasks' states, sorted and counted ("6 COMPLETED")
job_states() {
  scontrol -o show job "$1" 2>/dev/null | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p' | sort | uniq -c | \
    awk '{ printf "%s%s %s", sep, $1, $2; sep = ", " }'
}

if ! cluster_up "$C"; then
  notok "private Slurm cluster up"
  finish; exit 1
fi
ok "private Slurm cluster up ($(sinfo -V), node idle after $(( $(date +%s) - t0 )) s)"

"$GEN" random 3000 1 "$T/r.trc" >/dev/null && "$GEN" stream 3000 1 "$T/s.trc" >/dev/null || {
  notok "traces"; finish; exit 1; }
{
  echo "# two traces x three schedulers"
  for tr in r s; do for s in frfcfs fcfs bfifo; do
    printf '%s-%s\tmem --trace %s --sched %s --json\n' "$tr" "$s" "$T/$tr.trc" "$s"
  done; done
} >"$T/p.txt"
"$GMC" sweep run "$T/p.txt" -o "$T/local" -j2 >/dev/null 2>"$T/local.err" || notok "local run" "$(cat "$T/local.err")"

# --- the sweep as a job array
"$GMC" sweep slurm "$T/p.txt" -o "$T/out" --partition debug --time 5 >"$T/sub.out" 2>&1; rc=$?
job=$(cat "$T/out/slurm/jobid" 2>/dev/null)
if [ $rc = 0 ] && [ -n "$job" ] && grep -q "submitted job $job: 6 points as 6 array tasks" "$T/sub.out" \
   && grep -q "gmc sweep collect -o $T/out" "$T/sub.out"; then
  ok "gmc sweep slurm: submitted job $job"
else
  notok "gmc sweep slurm: submitted" "rc $rc: $(cat "$T/sub.out")"; finish; exit 1
fi
if wait_job "$job" 40; then ok "array done ($(job_states "$job"))"
else notok "array done within 40 s" "$(squeue 2>&1)"; fi
[ "$(job_states "$job")" = "6 COMPLETED" ] && ok "every array task COMPLETED" \
  || notok "every array task COMPLETED" "$(job_states "$job"); $(cat "$T"/out/slurm/logs/*.out 2>/dev/null)"
"$GMC" sweep collect -o "$T/out" >"$T/col.out" 2>"$T/col.err" && grep -q "merged.json: 6 points" "$T/col.out" \
  && ok "gmc sweep collect" || notok "gmc sweep collect" "$(cat "$T/col.err")"
cmp -s "$T/out/merged.json" "$T/local/merged.json" && ok "merged.json: Slurm = local, byte for byte" \
  || notok "merged.json: Slurm = local, byte for byte" "$(diff "$T/out/merged.json" "$T/local/merged.json" 2>&1 | head -5)"
[ "$(ls "$T/out/slurm/logs" | wc -l)" = 6 ] && grep -q "gmc sweep: r-frfcfs ok" "$T/out/slurm/logs/${job}_0.out" \
  && ok "one Slurm log per task (slurm/logs/JOB_TASK.out)" || notok "one Slurm log per task" "$(ls "$T/out/slurm/logs")"

# --- a failing point: its task FAILED, collect names it; then fixed and resubmitted
cp "$T/p.txt" "$T/pf.txt"
printf 'bad\tmem --trace %s --bogus --json\n' "$T/r.trc" >>"$T/pf.txt"
SBATCH=$(command -v sbatch) "$GMC" sweep slurm "$T/pf.txt" -o "$T/f" -j 4 >"$T/sub.out" 2>&1
job=$(cat "$T/f/slurm/jobid" 2>/dev/null)
if [ -n "$job" ] && wait_job "$job" 40 && [ "$(job_states "$job")" = "6 COMPLETED, 1 FAILED" ]; then
  ok "a failing point fails its task, the others complete (-j 4, \$SBATCH)"
else notok "a failing point fails its task, the others complete" "$(cat "$T/sub.out"); $(job_states "$job")"; fi
"$GMC" sweep collect -o "$T/f" >/dev/null 2>"$T/col.err"; rc=$?
[ $rc = 1 ] && grep -q "points without a result: bad (1 of 7 missing" "$T/col.err" && grep -q "unknown option '--bogus'" "$T/f/logs/bad.err" \
  && ok "collect names the failed point, exit 1" || notok "collect names the failed point, exit 1" "rc $rc: $(cat "$T/col.err")"
sed -i 's/ --bogus//' "$T/pf.txt"
"$GMC" sweep slurm "$T/pf.txt" -o "$T/f" >"$T/sub.out" 2>&1
job=$(cat "$T/f/slurm/jobid" 2>/dev/null)
if grep -q "1 points as 1 array tasks (6 done before)" "$T/sub.out" && wait_job "$job" 40 \
   && "$GMC" sweep collect -o "$T/f" >/dev/null 2>"$T/col.err" \
   && python3 -c 'import json,sys; p = json.load(open(sys.argv[1]))["points"]; assert list(p)[-1] == "bad" and len(p) == 7' "$T/f/merged.json"
then ok "resubmitted: only the missing point runs, collect then merges all 7"
else notok "resubmitted: only the missing point runs, collect then merges all 7" "$(cat "$T/sub.out" "$T/col.err")"; fi

echo "slurm_sweep: $(( $(date +%s) - t0 )) s wall"
finish
