#!/usr/bin/env bash
# End-to-end tests of `gmc sweep` without Slurm (tests/slurm/slurm_sweep.sh
# runs a real cluster): points-file errors, -j1 and -j2 giving the same
# merged.json, resume, a failing point, the sbatch script run by hand as
# array tasks, collect, unwritable outputs.  Usage: sweep.sh path/to/gmc
set -u
GMC=$1
. "$(dirname "$0")/lib.sh"

# A small trace (400 reads over a wide range) and a bigger one (150000) for
# the first point.
python3 - "$T" <<'PY'
import sys
for name, n in (("t.trc", 400), ("big.trc", 150000)):
    with open(f"{sys.argv[1]}/{name}", "w") as f:
        for i in range(n):
            f.write(f"{i * 3} R 0x{(i * 2654435761) % (1 << 30) & ~31:x}\n")
PY
mkdir -p "$T/a dir"; cp "$T/t.trc" "$T/a dir/t.trc"
{
  echo "# scheduler x channels"
  for s in frfcfs fcfs bfifo; do for c in 2 4; do
    tr=$T/t.trc; [ $s$c = frfcfs2 ] && tr=$T/big.trc
    printf '%s-%s\tmem --trace %s --sched %s --channels %s --json\n' "$s" "$c" "$tr" "$s" "$c"
  done; done
} >"$T/p.txt"

# --- points-file errors: FILE:LINE, what was expected, what was found
bad() {   # bad NAME LINE-CONTENT REGEX
  printf '# a comment\n\nok1\tmem --json\n%b\n' "$2" >"$T/bad.txt"
  expect_fail "points: $1" 1 "$3" -- "$GMC" sweep run "$T/bad.txt" -o "$T/bad-out"
}
bad "no tab"          'p2 mem --json'         "bad.txt:4: expected ID<TAB>command, found no tab"
bad "bad ID"          'p/2\tmem --json'       "bad.txt:4: expected an ID of \[A-Za-z0-9._-\], found 'p/2'"
bad "empty ID"        '\tmem --json'          "bad.txt:4: expected an ID of .*found ''"
bad "duplicate ID"    'ok1\tmem --json'       "bad.txt:4: expected a new ID, found 'ok1' again \(first on line 3\)"
bad "open quote"      'p2\tmem --trace "a b'  "bad.txt:4: expected a closing double quote, found the end of the line"
bad "no command"      'p2\t  '                "bad.txt:4: expected a gmc command after the tab, found nothing"
bad "unknown command" 'p2\tmemory --json'     "bad.txt:4: expected a gmc command \(gmc help lists them\), found 'memory'"
bad "a sweep point"   'p2\tsweep run x -o y'  "bad.txt:4: expected a gmc command other than sweep"
printf '# nothing\n\n' >"$T/empty.txt"
expect_fail "points: none" 1 "empty.txt: expected at least one point" -- "$GMC" sweep run "$T/empty.txt" -o "$T/x"
expect_fail "points: missing file" 1 "nope.txt: cannot read: No such file" -- "$GMC" sweep run "$T/nope.txt" -o "$T/x"
expect_fail "points: a directory" 1 "is a directory, expected a regular file" -- "$GMC" sweep run "$T" -o "$T/x"
[ ! -e "$T/bad-out" ] && [ ! -e "$T/x" ] && ok "bad points file: no OUT created" || notok "bad points file: no OUT created"
expect_fail "usage: no -o" 2 "run: expected -o OUT" -- "$GMC" sweep run "$T/p.txt"
expect_fail "usage: -j 0" 2 "-j: expected 1..4096, found '0'" -- "$GMC" sweep run "$T/p.txt" -o "$T/x" -j 0
expect_fail "usage: bad mode" 2 "expected run, slurm or collect, found 'go'" -- "$GMC" sweep go "$T/p.txt"
expect_fail "usage: --time" 2 "--time: expected a Slurm time" -- "$GMC" sweep slurm "$T/p.txt" -o "$T/x" --time 'soon'
expect_fail "usage: --dry-run on run" 2 "unknown option .*'--dry-run'" -- "$GMC" sweep run "$T/p.txt" -o "$T/x" --dry-run

# --- -j1 and -j2: the same merged.json, byte for byte, in points-file order
"$GMC" sweep run "$T/p.txt" -o "$T/j1" -j1 >"$T/j1.out" 2>"$T/j1.err"; rc1=$?
"$GMC" sweep run "$T/p.txt" -o "$T/j2" -j 2 >"$T/j2.out" 2>"$T/j2.err"; rc2=$?
if [ $rc1 = 0 ] && [ $rc2 = 0 ] && cmp -s "$T/j1/merged.json" "$T/j2/merged.json"; then
  ok "-j1 and -j2: identical merged.json"
else notok "-j1 and -j2: identical merged.json" "rc $rc1 $rc2; $(cat "$T/j1.err" "$T/j2.err")"; fi

# -j2 finishing the first point last, made certain rather than timed: that
# point reads its trace from a FIFO fed only once the other five are done,
# so it finishes last whatever the host's load (a bigger trace alone can
# lose the race on a loaded host).  merged.json keeps the file's
# order and equals the -j1 run's.
mkfifo "$T/slow.fifo"
sed "s|--trace $T/big.trc|--trace $T/slow.fifo|" "$T/p.txt" >"$T/po.txt"
feed() { timeout 60 cat "$T/big.trc" >"$T/slow.fifo"; }
feed & "$GMC" sweep run "$T/po.txt" -o "$T/o1" -j1 >/dev/null 2>"$T/o1.err"; rc1=$?; wait
"$GMC" sweep run "$T/po.txt" -o "$T/o2" -j 2 >/dev/null 2>"$T/o2.err" & pid=$!
for _ in $(seq 600); do grep -q '^\[5/6\] ' "$T/o2.err" && break; sleep 0.1; done
feed; wait $pid; rc2=$?
if [ $rc1 = 0 ] && [ $rc2 = 0 ] && grep -q '^\[1/6\] frfcfs-2 ' "$T/o1.err" && grep -q '^\[6/6\] frfcfs-2 ' "$T/o2.err" \
   && cmp -s "$T/o1/merged.json" "$T/o2/merged.json"; then
  ok "-j2 finished the first point last: merged.json in file order, = -j1's"
else notok "-j2 finished the first point last: merged.json in file order, = -j1's" "rc $rc1 $rc2; $(cat "$T/o1.err" "$T/o2.err")"; fi
python3 - "$T/j1/merged.json" "$T/p.txt" "$T/j1/points" <<'PY' && ok "merged.json: every point, in order, as written" || notok "merged.json: every point, in order, as written"
import json, sys
m = json.load(open(sys.argv[1]))
ids = [l.split("\t")[0] for l in open(sys.argv[2]) if l.strip() and not l.startswith("#")]
assert list(m) == ["points"] and list(m["points"]) == ids, list(m["points"])
for i in ids:
    assert m["points"][i] == json.load(open(f"{sys.argv[3]}/{i}.json")), i
    assert m["points"][i]["requests"] == (150000 if i == "frfcfs-2" else 400)
assert m["points"]["fcfs-2"]["sched"] == "fcfs" and m["points"]["fcfs-2"]["channels"] == 2
PY
grep -q "merged.json: 6 points" "$T/j1.out" && [ "$(grep -c ' ok ' "$T/j1.err")" = 6 ] \
  && grep -q '^\[6/6\] ' "$T/j1.err" && ok "progress: one line per point off a terminal" \
  || notok "progress: one line per point off a terminal" "$(cat "$T/j1.out" "$T/j1.err")"
[ -z "$(find "$T/j1" "$T/j2" -name '*.tmp.*')" ] && ok "no temporary file left" || notok "no temporary file left"

# --- resume: only the points without a result run again; --force runs all
rm "$T/j2/points/fcfs-4.json" "$T/j2/points/bfifo-2.json"
inode=$(stat -c %i "$T/j2/points/frfcfs-2.json")
"$GMC" sweep run "$T/p.txt" -o "$T/j2" -j2 >/dev/null 2>"$T/err"
if grep -q "6 points, 4 done before, 2 to run" "$T/err" && [ "$(grep -c ' ok ' "$T/err")" = 2 ] \
   && grep -q ' fcfs-4 ok' "$T/err" && grep -q ' bfifo-2 ok' "$T/err" \
   && [ "$(stat -c %i "$T/j2/points/frfcfs-2.json")" = "$inode" ] && cmp -s "$T/j1/merged.json" "$T/j2/merged.json"
then ok "resume: runs the 2 missing points only, same merged.json"
else notok "resume: runs the 2 missing points only, same merged.json" "$(cat "$T/err")"; fi
"$GMC" sweep run "$T/p.txt" -o "$T/j2" >/dev/null 2>"$T/err" && grep -q "all done before" "$T/err" \
  && ok "resume: nothing to run" || notok "resume: nothing to run" "$(cat "$T/err")"
"$GMC" sweep run "$T/p.txt" -o "$T/j2" --force >/dev/null 2>"$T/err" && [ "$(grep -c ' ok ' "$T/err")" = 6 ] \
  && [ "$(stat -c %i "$T/j2/points/frfcfs-2.json")" != "$inode" ] && ok "--force: runs every point" \
  || notok "--force: runs every point" "$(cat "$T/err")"

# --- a resumed run removes what a SIGKILLed one left: its temporary files
# (FILE.tmp.XXXXXX under the names a sweep writes), and nothing else
printf '{"half": ' >"$T/j2/points/fcfs-4.json.tmp.AbC123"
: >"$T/j2/merged.json.tmp.x1Y2z3"; : >"$T/j2/slurm.tmp.q"; : >"$T/j2/notes.txt.tmp.abcdef"
"$GMC" sweep run "$T/p.txt" -o "$T/j2" -j2 >/dev/null 2>"$T/err"; rc=$?
if [ $rc = 0 ] && grep -qF "gmc sweep: removed 2 temporary files an interrupted run left ($T/j2/" "$T/err" \
   && [ -z "$(find "$T/j2/points" -name '*.tmp.*')" ] && [ ! -e "$T/j2/merged.json.tmp.x1Y2z3" ] \
   && [ -e "$T/j2/slurm.tmp.q" ] && [ -e "$T/j2/notes.txt.tmp.abcdef" ] && cmp -s "$T/j1/merged.json" "$T/j2/merged.json"
then ok "resume after a SIGKILL: its 2 temporary files removed and counted, the user's files kept, same merged.json"
else notok "resume after a SIGKILL: its 2 temporary files removed and counted, the user's files kept, same merged.json" "rc $rc: $(cat "$T/err"; ls "$T/j2" "$T/j2/points")"; fi
rm -f "$T/j2/slurm.tmp.q" "$T/j2/notes.txt.tmp.abcdef"

# --- Ctrl-C reaches the sweep and its points (one process group, as a
# terminal sends it): the points it stops are "interrupted", not FAILED;
# exit 130, no temporary file left
printf 'long%s\tvectors wmc --cycles 100000000 -o %s/int%s.vec\n' 1 "$T" 1 2 "$T" 2 >"$T/pi.txt"
(trap - INT; exec setsid "$GMC" sweep run "$T/pi.txt" -o "$T/int" -j 2) >/dev/null 2>"$T/int.err" & pid=$!
for _ in $(seq 400); do [ "$(ls "$T"/int1.vec.tmp.* "$T"/int2.vec.tmp.* 2>/dev/null | wc -l)" = 2 ] && break; sleep 0.05; done
kill -INT -- -"$pid" || kill -KILL -- -"$pid"; wait "$pid"; rc=$?
if [ $rc = 130 ] && [ "$(grep -Ec '^\[[12]/2\] long[12] interrupted \(killed by signal (2|15)\) [0-9.]* s$' "$T/int.err")" = 2 ] \
   && ! grep -q FAILED "$T/int.err" && [ "$(tail -n 1 "$T/int.err")" = "gmc sweep: interrupted (2 points stopped); the same command resumes" ] \
   && grep -Eq "^gmc sweep: point long1 interrupted: killed by signal (2|15)$" "$T/int/logs/long1.err" \
   && [ -z "$(find "$T/int" "$T" -maxdepth 2 -name '*.tmp.*')" ]
then ok "Ctrl-C: the stopped points are 'interrupted', not FAILED; exit 130, nothing left"
else notok "Ctrl-C: the stopped points are 'interrupted', not FAILED; exit 130, nothing left" "rc $rc: $(cat "$T/int.err")"; fi

# A point killed by SIGINT alone (the sweep not signalled) is interrupted
# too, not failed; the other point completes, and the sweep exits 130
printf 'long1\tvectors wmc --cycles 100000000 -o %s/int1.vec\nshort\tmem --trace %s/t.trc --json\n' "$T" "$T" >"$T/pk.txt"
"$GMC" sweep run "$T/pk.txt" -o "$T/int2" -j 2 >/dev/null 2>"$T/int2.err" & pid=$!
for _ in $(seq 400); do ls "$T"/int1.vec.tmp.* >/dev/null 2>&1 && break; sleep 0.05; done
child=$(pgrep -P "$pid" -f -- 'vectors wmc')
if [ -n "$child" ]; then kill -INT "$child"; else kill -KILL "$pid"; fi; wait "$pid"; rc=$?
if [ $rc = 130 ] && grep -q '^\[[12]/2\] long1 interrupted (killed by signal 2) [0-9.]* s$' "$T/int2.err" \
   && grep -q '^\[[12]/2\] short ok ' "$T/int2.err" && ! grep -q FAILED "$T/int2.err" \
   && [ "$(tail -n 1 "$T/int2.err")" = "gmc sweep: interrupted (1 point stopped); the same command resumes" ] \
   && [ -s "$T/int2/points/short.json" ] && [ ! -e "$T/int2/points/long1.json" ]
then ok "a point killed by SIGINT alone: 'interrupted', not FAILED; the other done; exit 130"
else notok "a point killed by SIGINT alone: 'interrupted', not FAILED; the other done; exit 130" "rc $rc: $(cat "$T/int2.err")"; fi
rm -f "$T"/int*.vec

# --- points made by another gmc build run again: OUT/gmc-build holds the
# digest of the binary that made them (a rebuilt gmc must not merge the
# old one's numbers as its own)
id=$(cat "$T/j2/gmc-build")
[[ $id =~ ^[0-9a-f]{16}$ ]] && [ "$(cat "$T/j1/gmc-build")" = "$id" ] \
  && ok "gmc-build: the binary's digest, the same for every sweep it runs" || notok "gmc-build: the binary's digest, the same for every sweep it runs" "'$id'"
echo 0123456789abcdef >"$T/j2/gmc-build"
"$GMC" sweep run "$T/p.txt" -o "$T/j2" -j2 >/dev/null 2>"$T/err"; rc=$?
if [ $rc = 0 ] && grep -qF "gmc sweep: the 6 points done before were made by another gmc build ($T/j2/gmc-build: 0123456789abcdef, this gmc: $id): running them again" "$T/err" \
   && grep -q "6 points, 0 done before, 6 to run" "$T/err" && [ "$(grep -c ' ok ' "$T/err")" = 6 ] \
   && [ "$(cat "$T/j2/gmc-build")" = "$id" ] && cmp -s "$T/j1/merged.json" "$T/j2/merged.json"
then ok "another build's points: all run again, said on stderr, the same merged.json"
else notok "another build's points: all run again, said on stderr, the same merged.json" "rc $rc: $(cat "$T/err")"; fi
rm "$T/j2/gmc-build"
"$GMC" sweep run "$T/p.txt" -o "$T/j2" -j2 >/dev/null 2>"$T/err"
grep -qF "were made by another gmc build ($T/j2/gmc-build: none, this gmc: $id)" "$T/err" && [ "$(grep -c ' ok ' "$T/err")" = 6 ] \
  && ok "points without a gmc-build: run again" || notok "points without a gmc-build: run again" "$(cat "$T/err")"
echo 0123456789abcdef >"$T/j2/gmc-build"
"$GMC" sweep slurm "$T/p.txt" -o "$T/j2" --dry-run >/dev/null 2>"$T/err"
[ "$(wc -l <"$T/j2/slurm/tasks.txt")" = 6 ] && grep -q "another gmc build" "$T/err" && [ "$(cat "$T/j2/gmc-build")" = "$id" ] \
  && ok "slurm: another build's points are submitted again" || notok "slurm: another build's points are submitted again" "$(cat "$T/err")"
"$GMC" sweep run "$T/p.txt" -o "$T/j2" -j2 >/dev/null 2>&1

# --- a point whose arguments changed runs again, the others are kept:
# OUT/point-args holds per ID the digest of the arguments that made its
# JSON (an edited points file, or an experiment rerun with another --scale
# into the same directory, used to merge the old results under the new
# command)
[ "$(cut -f1 "$T/j2/point-args" | tr '\n' ' ')" = "frfcfs-2 frfcfs-4 fcfs-2 fcfs-4 bfifo-2 bfifo-4 " ] \
  && awk -F'\t' 'NF != 2 || $2 !~ /^[0-9a-f]+$/ || length($2) != 16 { bad = 1 } END { exit bad }' "$T/j2/point-args" \
  && ok "point-args: one line per point" || notok "point-args: one line per point" "$(cat "$T/j2/point-args")"
sed 's/--sched fcfs --channels 4/--sched fcfs --channels 8/' "$T/p.txt" >"$T/p8.txt"
i_kept=$(stat -c %i "$T/j2/points/bfifo-2.json")
"$GMC" sweep run "$T/p8.txt" -o "$T/j2" -j2 >/dev/null 2>"$T/err"; rc=$?
if [ $rc = 0 ] && grep -qF "gmc sweep: the 1 point done before was made with other arguments than $T/p8.txt gives them now ($T/j2/point-args): running it again" "$T/err" \
   && grep -q "6 points, 5 done before, 1 to run" "$T/err" && [ "$(stat -c %i "$T/j2/points/bfifo-2.json")" = "$i_kept" ] \
   && grep -q '"channels": 8' "$T/j2/points/fcfs-4.json"
then ok "changed arguments: that point runs again (said on stderr), the others are kept"
else notok "changed arguments: that point runs again (said on stderr), the others are kept" "rc $rc: $(cat "$T/err")"; fi
"$GMC" sweep run "$T/p.txt" -o "$T/j2" -j2 >/dev/null 2>"$T/err"
grep -q "6 points, 5 done before, 1 to run" "$T/err" && cmp -s "$T/j1/merged.json" "$T/j2/merged.json" \
  && ok "changed back: it runs again, the same merged.json as before" || notok "changed back: it runs again, the same merged.json as before" "$(cat "$T/err")"
printf 'fcfs-4\tmem --trace %s --sched fcfs --channels 4 --json\n' "$T/t.trc" >"$T/p1.txt"
"$GMC" sweep run "$T/p1.txt" -o "$T/j2" >/dev/null 2>"$T/err" && "$GMC" sweep run "$T/p.txt" -o "$T/j2" >/dev/null 2>"$T/err2" \
  && grep -q "1 points, all done before" "$T/err" && grep -q "6 points, all done before" "$T/err2" \
  && ok "point-args keeps the IDs another points file does not name" || notok "point-args keeps the IDs another points file does not name" "$(cat "$T/err" "$T/err2")"
"$GMC" sweep collect -o "$T/j2" "$T/p8.txt" >/dev/null 2>"$T/err"; rc=$?
[ $rc = 1 ] && [ "$(wc -l <"$T/err")" = 1 ] \
  && grep -qF "gmc sweep: $T/j2: points whose result was not made with the arguments $T/p8.txt gives them: fcfs-4 (1 of 6; $T/j2/point-args records them): run or submit $T/p8.txt again" "$T/err" \
  && ok "collect: a point done with other arguments is named, exit 1" || notok "collect: a point done with other arguments is named, exit 1" "rc $rc: $(cat "$T/err")"
rm "$T/j2/point-args"
"$GMC" sweep run "$T/p.txt" -o "$T/j2" -j2 >/dev/null 2>"$T/err"
grep -q "the 6 points done before were made with other arguments" "$T/err" && [ "$(grep -c ' ok ' "$T/err")" = 6 ] \
  && cmp -s "$T/j1/merged.json" "$T/j2/merged.json" \
  && ok "points without a point-args record: run again" || notok "points without a point-args record: run again" "$(cat "$T/err")"

# --- failing points: the others complete, exit 1, one line naming them and their logs
cp "$T/p.txt" "$T/pf.txt"
printf 'bad-arg\tmem --trace %s --bogus --json\n' "$T/t.trc" >>"$T/pf.txt"
printf 'not-json\toverhead frfcfs\n' >>"$T/pf.txt"
"$GMC" sweep run "$T/pf.txt" -o "$T/f" -j2 >"$T/out" 2>"$T/err"; rc=$?
last=$(tail -n 1 "$T/err")
if [ $rc = 1 ] && [ "$(ls "$T/f/points" | wc -l)" = 6 ] && [ ! -e "$T/f/merged.json" ] && [ ! -s "$T/out" ] \
   && [ "$last" = "gmc sweep: 2 of 8 points failed: bad-arg (log $T/f/logs/bad-arg.err), not-json (log $T/f/logs/not-json.err)" ]
then ok "failed points: named with their logs, exit 1, the others done, no merged.json"
else notok "failed points: named with their logs, exit 1, the others done, no merged.json" "rc $rc: $(cat "$T/err")"; fi
grep -q "unknown option '--bogus'" "$T/f/logs/bad-arg.err" && grep -q "point bad-arg failed: exit 2" "$T/f/logs/bad-arg.err" \
  && grep -q "point not-json failed: exit 0 but stdout is not one JSON object" "$T/f/logs/not-json.err" \
  && ok "failed points: the log says why" || notok "failed points: the log says why" "$(cat "$T/f/logs/"*.err)"
grep -q "^\[[0-9]/8\] bad-arg FAILED (exit 2: gmc mem: unknown option '--bogus' .*) [0-9.]* s, log $T/f/logs/bad-arg.err$" "$T/err" \
  && grep -q "^\[[0-9]/8\] not-json FAILED (exit 0 but stdout is not one JSON object) [0-9.]* s, log " "$T/err" \
  && ok "failed points: the progress line shows the point's last stderr line" \
  || notok "failed points: the progress line shows the point's last stderr line" "$(cat "$T/err")"
# a --force rerun that fails leaves no stale result behind
printf 'p\tmem --trace %s --json\n' "$T/t.trc" >"$T/p1.txt"
"$GMC" sweep run "$T/p1.txt" -o "$T/st" >/dev/null 2>&1
printf 'p\tmem --trace %s --json --bogus\n' "$T/t.trc" >"$T/p1.txt"
"$GMC" sweep run "$T/p1.txt" -o "$T/st" --force >/dev/null 2>&1; rc=$?
[ $rc = 1 ] && [ ! -e "$T/st/points/p.json" ] && [ ! -e "$T/st/merged.json" ] \
  && ok "--force, failing: the old result and merged.json are gone" || notok "--force, failing: the old result and merged.json are gone"

# --- quoted arguments keep their blanks, locally and in the Slurm script
printf 'q\tmem --trace "%s" --json\n' "$T/a dir/t.trc" >"$T/pq.txt"
"$GMC" sweep run "$T/pq.txt" -o "$T/q" >/dev/null 2>"$T/err" && grep -q "\"trace\": \"$T/a dir/t.trc\"" "$T/q/points/q.json" \
  && ok "quoted argument with a blank" || notok "quoted argument with a blank" "$(cat "$T/err")"

# --- Slurm script, dry run; then its array tasks run by hand must give the local merged.json
cat "$T/p.txt" "$T/pq.txt" >"$T/ps.txt"
"$GMC" sweep run "$T/ps.txt" -o "$T/local" >/dev/null 2>&1
"$GMC" sweep slurm "$T/ps.txt" -o "$T/s" --partition debug --time 0:10:00 -j 3 --dry-run >"$T/out" 2>"$T/err"; rc=$?
S=$T/s/slurm/sweep.sbatch
if [ $rc = 0 ] && bash -n "$S" && grep -qx '#SBATCH --array=0-6%3' "$S" && grep -qx "#SBATCH --output=$T/s/slurm/logs/%A_%a.out" "$S" \
   && grep -qx '#SBATCH --partition=debug' "$S" && grep -qx '#SBATCH --time=0:10:00' "$S" && [ -d "$T/s/slurm/logs" ] \
   && grep -Eq "^gmc='?$(cd "$(dirname "$GMC")" && pwd -P)/$(basename "$GMC")'?\$" "$S" && cmp -s "$T/ps.txt" "$T/s/slurm/points.txt" \
   && [ "$(wc -l <"$T/s/slurm/tasks.txt")" = 7 ] && grep -q "gmc sweep collect -o $T/s" "$T/out" && [ ! -e "$T/s/slurm/jobid" ]
then ok "slurm --dry-run: a valid sbatch script, array 0-6%3, absolute gmc, nothing submitted"
else notok "slurm --dry-run: a valid sbatch script, array 0-6%3, absolute gmc, nothing submitted" "rc $rc: $(cat "$T/out" "$T/err")"; fi
for k in 0 1 2 3 5 6; do ( cd / && SLURM_ARRAY_TASK_ID=$k bash "$S" >/dev/null 2>&1 ); done   # task 4 never ran
expect_fail "collect: a missing point named" 1 "points without a result: bfifo-2 \(1 of 7 missing" -- "$GMC" sweep collect -o "$T/s"
[ ! -e "$T/s/merged.json" ] && ok "collect, point missing: no merged.json" || notok "collect, point missing: no merged.json"
( cd / && SLURM_ARRAY_TASK_ID=4 bash "$S" >/dev/null 2>&1 )
"$GMC" sweep collect -o "$T/s" >"$T/out" 2>"$T/err" && cmp -s "$T/s/merged.json" "$T/local/merged.json" \
  && ok "sbatch tasks by hand + collect: the local merged.json, byte for byte" \
  || notok "sbatch tasks by hand + collect: the local merged.json, byte for byte" "$(cat "$T/err")"
# a failing point in a task: non-zero exit, its log, no result
printf 'bad\tmem --trace %s --bogus\n' "$T/t.trc" >"$T/pb.txt"
"$GMC" sweep slurm "$T/pb.txt" -o "$T/sb" --dry-run >/dev/null 2>&1
SLURM_ARRAY_TASK_ID=0 bash "$T/sb/slurm/sweep.sbatch" >/dev/null 2>"$T/err"; rc=$?
[ $rc = 1 ] && grep -q "point bad failed (exit 2), log $T/sb/logs/bad.err" "$T/err" && [ -z "$(ls "$T/sb/points")" ] \
  && grep -q "unknown option '--bogus'" "$T/sb/logs/bad.err" && ok "sbatch task, failing point: exit 1, log, no result" \
  || notok "sbatch task, failing point: exit 1, log, no result" "rc $rc: $(cat "$T/err")"
# a gmc rebuilt while the array waits: its tasks run no point and say why
mkdir -p "$T/rb" && cp "$GMC" "$T/rb/gmc" && printf 'one\tmem --trace %s --json\n' "$T/t.trc" >"$T/rb/p.txt"
"$T/rb/gmc" sweep slurm "$T/rb/p.txt" -o "$T/rb/o" --dry-run >/dev/null 2>&1
touch -d '2000-01-01' "$T/rb/gmc"   # what a rebuild changes: the binary's time (and size)
SLURM_ARRAY_TASK_ID=0 bash "$T/rb/o/slurm/sweep.sbatch" >/dev/null 2>"$T/err"; rc=$?
[ $rc = 1 ] && grep -q "point one not run: $T/rb/gmc changed after gmc sweep slurm" "$T/err" \
  && grep -q 'run gmc sweep slurm again' "$T/rb/o/logs/one.err" && [ -z "$(ls "$T/rb/o/points")" ] \
  && ok "sbatch task after a rebuild: no point run, exit 1, why in the log" \
  || notok "sbatch task after a rebuild: no point run, exit 1, why in the log" "rc $rc: $(cat "$T/err")"
# a second submission holds the points still to do; past --array-max a task runs several
rm "$T/s/points/fcfs-2.json" "$T/s/points/q.json"
"$GMC" sweep slurm "$T/ps.txt" -o "$T/s" --dry-run >/dev/null 2>&1
[ "$(cut -f1,2 "$T/s/slurm/tasks.txt" | tr '\t\n' ' ;')" = "0 fcfs-2;1 q;" ] && grep -qx '#SBATCH --array=0-1' "$S" \
  && ok "slurm again: only the points without a result" || notok "slurm again: only the points without a result" "$(cat "$T/s/slurm/tasks.txt")"
"$GMC" sweep slurm "$T/ps.txt" -o "$T/m" --array-max 3 --dry-run >/dev/null 2>&1
for k in 0 1 2; do SLURM_ARRAY_TASK_ID=$k bash "$T/m/slurm/sweep.sbatch" >/dev/null 2>&1; done
grep -qx '#SBATCH --array=0-2' "$T/m/slurm/sweep.sbatch" && "$GMC" sweep collect -o "$T/m" >/dev/null 2>&1 \
  && cmp -s "$T/m/merged.json" "$T/local/merged.json" && ok "--array-max 3: 7 points in 3 tasks, same merged.json" \
  || notok "--array-max 3: 7 points in 3 tasks, same merged.json"
# no sbatch: one line, exit 1
SBATCH=/nonexistent/sbatch "$GMC" sweep slurm "$T/pb.txt" -o "$T/ns" >"$T/out" 2>"$T/err"; rc=$?
[ $rc = 1 ] && [ "$(wc -l <"$T/err")" = 1 ] && grep -q "cannot run /nonexistent/sbatch: No such file" "$T/err" \
  && ok "slurm without sbatch: one line, exit 1" || notok "slurm without sbatch: one line, exit 1" "rc $rc: $(cat "$T/err")"
expect_fail "slurm: OUT with a blank" 1 "expected a directory path without blanks" -- "$GMC" sweep slurm "$T/p.txt" -o "$T/b l" --dry-run

# --- output that cannot be written: one line, exit 1, nothing half-written
touch "$T/file"
expect_fail "OUT under a regular file" 1 "$T/file: cannot create directory: Not a directory" -- "$GMC" sweep run "$T/p.txt" -o "$T/file/out"
expect_fail "OUT is a regular file" 1 "$T/file: cannot create directory: Not a directory" -- "$GMC" sweep run "$T/p.txt" -o "$T/file"
expect_fail "slurm OUT under a file" 1 "cannot create directory: Not a directory" -- "$GMC" sweep slurm "$T/p.txt" -o "$T/file/o" --dry-run
# A read-only OUT/points: root writes anywhere, so as root this runs as nobody.
as_user=()
if [ "$(id -u)" = 0 ]; then
  command -v setpriv >/dev/null && as_user=(setpriv --reuid=65534 --regid=65534 --clear-groups) && chmod 711 "$T"
fi
if [ "$(id -u)" != 0 ] || [ ${#as_user[@]} != 0 ]; then
  mkdir -p "$T/ro/points" && chmod 755 "$T/ro" && chmod 555 "$T/ro/points" && chmod 644 "$T/p.txt" "$T/t.trc"
  [ ${#as_user[@]} = 0 ] || chown 65534 "$T/ro"
  "${as_user[@]}" "$GMC" sweep run "$T/p.txt" -o "$T/ro" >/dev/null 2>"$T/err"; rc=$?
  [ $rc = 1 ] && [ "$(grep -vc '^gmc sweep: 6 points' "$T/err")" = 1 ] && grep -q "ro/points/frfcfs-2.json: cannot write: Permission denied" "$T/err" \
    && [ -z "$(ls "$T/ro/points")" ] && [ ! -e "$T/ro/merged.json" ] \
    && ok "read-only OUT/points: one error line, exit 1" || notok "read-only OUT/points: one error line, exit 1" "rc $rc: $(cat "$T/err")"
  chmod 755 "$T/ro/points"
else
  echo "# root without setpriv: the read-only OUT/points case is skipped"
fi
if [ -w /dev/full ]; then
  "$GMC" sweep run "$T/p.txt" -o "$T/j1" >/dev/full 2>"$T/err"; rc=$?
  [ $rc = 1 ] && grep -q "writing standard output: No space left on device" "$T/err" \
    && ok "stdout to a full disk: exit 1" || notok "stdout to a full disk: exit 1" "rc $rc: $(cat "$T/err")"
fi

# An empty -o (an unset variable) or the root directory is refused at once
# (the trailing --bogus: a gmc without the check fails on it instead).
for o in '' / /tmp/..; do
  expect_fail "sweep -o '$o' is refused before anything is written" 2 \
    "^gmc sweep: -o: expected a results directory, found '$o' \(" -- \
    "$GMC" sweep run -o "$o" --bogus
done

finish
