#!/usr/bin/env bash
# `gmc sim` with the hold-grant allocator (icnt_alloc = hgalloc, the
# RTL-twinned block gmc_hgalloc) and its policies (icnt_hold, icnt_hold_k,
# icnt_hold_limit): with no policy it gives round robin's results exactly;
# with one it holds and counts holds; bad keys are one clear line.
# Usage: sim_hold.sh path/to/gmc
set -u
GMC=$1
. "$(dirname "$0")/lib.sh"

# Every value of two reports equal, but the allocator's name (and the
# --set that chose it).
same_but_alloc() {
  python3 - "$1" "$2" <<'PY'
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
for j in (a, b):
    j["machine_config"].pop("icnt_alloc")
    j.pop("machine_source")
sys.exit(0 if a == b else 1)
PY
}
# One number of a report: field PATH (dotted).
field() { python3 -c "import json,sys; j=json.load(open(sys.argv[1]))
for k in sys.argv[2].split('.'): j=j[k]
print(j)" "$1" "$2"; }

# ---- no policy: round robin's results, on both kinds of machine ----------
for m in rtx2060s yuan-gddr3; do
  for w in moa stream; do
    a=(sim --machine $m --workload $w --scale 0.03 --json)
    if "$GMC" "${a[@]}" --set icnt_alloc=rr -o "$T/rr.json" 2>"$T/err" &&
       "$GMC" "${a[@]}" --set icnt_alloc=hgalloc -o "$T/hg.json" 2>>"$T/err" &&
       same_but_alloc "$T/rr.json" "$T/hg.json" &&
       [ "$(field "$T/hg.json" machine_config.icnt_alloc)" = hgalloc ] &&
       [ "$(field "$T/hg.json" icnt_holds)" = 0 ]
    then ok "$m $w: hgalloc without a policy = rr, every value"
    else notok "$m $w: hgalloc without a policy = rr, every value" "$(head -c 300 "$T/err")"; fi
  done
done
[ "$(field "$T/rr.json" machine_config.icnt_hold)" = none ] && ok "icnt_hold is reported" \
  || notok "icnt_hold is reported"

# ---- policies: holds happen, the limit ends some ------------------------
y=(sim --machine yuan-gddr3 --workload moa --scale 0.03 --sched bfifo --json)
if "$GMC" "${y[@]}" --set icnt_hold=hg -o "$T/hg.json" 2>"$T/err" &&
   [ "$(field "$T/hg.json" icnt_holds)" -gt 1000 ] && [ "$(field "$T/hg.json" icnt_hold_ends)" = 0 ] &&
   [ "$(field "$T/hg.json" machine_config.icnt_hold)" = hg ]
then ok "hg: holds counted, none ended without a limit"
else notok "hg: holds counted, none ended without a limit" "$(head -c 300 "$T/err")"; fi
if "$GMC" "${y[@]}" --set icnt_hold=hg --set icnt_hold_limit=2 -o "$T/lim.json" 2>"$T/err" &&
   [ "$(field "$T/lim.json" icnt_hold_ends)" -gt 0 ] &&
   [ "$(field "$T/lim.json" icnt_holds)" -lt "$(field "$T/hg.json" icnt_holds)" ]
then ok "icnt_hold_limit=2 ends holds (fewer holds)"
else notok "icnt_hold_limit=2 ends holds (fewer holds)" "$(head -c 300 "$T/err")"; fi
for p in rmhg hmhg; do
  if "$GMC" "${y[@]}" --set icnt_hold=$p --set icnt_hold_k=3 -o "$T/$p.json" 2>"$T/err" &&
     [ "$(field "$T/$p.json" icnt_holds)" -gt 0 ] &&
     [ "$(field "$T/$p.json" machine_config.icnt_hold_k)" = 3 ]
  then ok "$p runs and holds"; else notok "$p runs and holds" "$(head -c 300 "$T/err")"; fi
done
# the same run twice: the same bytes
"$GMC" "${y[@]}" --set icnt_hold=hmhg -o "$T/a.json" && "$GMC" "${y[@]}" --set icnt_hold=hmhg -o "$T/b.json" &&
  cmp -s "$T/a.json" "$T/b.json" && ok "hmhg is deterministic" || notok "hmhg is deterministic"

# ---- bad keys: one line, exit 2, nothing written -------------------------
r=(sim --workload moa --scale 0.02 -o "$T/x.json")
expect_fail "a hold with round robin" 2 \
  "icnt_hold: expected none with icnt_alloc = rr \(it holds no grant; hgalloc does\), found hg$" -- \
  "$GMC" "${r[@]}" --set icnt_hold=hg
expect_fail "an unknown hold policy" 2 "icnt_hold: expected one of none, hg, rmhg, hmhg, found 'hmhg4'$" -- \
  "$GMC" "${r[@]}" --set icnt_alloc=hgalloc --set icnt_hold=hmhg4
expect_fail "an unknown allocator" 2 "icnt_alloc: expected one of rr, hgalloc, found 'pim'$" -- \
  "$GMC" "${r[@]}" --set icnt_alloc=pim
expect_fail "icnt_hold_k 0" 2 "icnt_hold_k: expected an integer in 1\.\.32, found '0'" -- \
  "$GMC" "${r[@]}" --set icnt_hold_k=0
expect_fail "icnt_hold_limit too large" 2 "icnt_hold_limit: expected an integer in 0\.\.65535, found '65536'" -- \
  "$GMC" "${r[@]}" --set icnt_hold_limit=65536
expect_fail "hgalloc over 64 ports" 1 \
  "icnt allocator hgalloc: expected 1\.\.64 inputs and outputs, found 65 x 32$" -- \
  "$GMC" "${r[@]}" --set icnt_alloc=hgalloc --set sms=65
[ ! -e "$T/x.json" ] && ok "nothing written on bad input" || notok "nothing written on bad input"
expect_fail "experiment: a bad hold policy before any point" 2 "icnt_hold: expected one of none, hg, rmhg, hmhg" -- \
  "$GMC" experiment schedulers --set icnt_hold=yes -o "$T/exp"
[ ! -e "$T/exp" ] && ok "experiment wrote nothing" || notok "experiment wrote nothing"

finish
