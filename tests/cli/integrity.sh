#!/usr/bin/env bash
# The data check (docs/pcm.md "Data, checked end to end"): random reads
# and writes through gmc mem --integrity under every scheduler, row policy
# and write policy with the same-address rule, a hybrid memory, and gmc
# sim's hotrw under every scheduler, each with 0 violations and its counts
# adding up; the same-address finding (without the rule a scheduler that
# reorders returns stale data; fcfs does not) and the fill rule
# (--integrity-no-merge) must count violations; the fault builds
# (build/fault/gmc-l2ver, gmc-pcmwq) must fail; bad options are one line.
# Usage: integrity.sh path/to/gmc [soak]   (soak: about 10^7 requests;
# INTEGRITY_SEED picks the seeds)
set -u
GMC=$1
MODE=${2:-test}
SEED=${INTEGRITY_SEED:-1}
. "$(dirname "$0")/lib.sh"
FAULT=$(dirname "$GMC")/../fault
if [ "$MODE" = soak ]; then NMEM=250000; NHY=500000; SCALE=4; else NMEM=20000; NHY=40000; SCALE=1; fi
total=0
field() { grep -o "\"$1\": [0-9]*" "$2" | head -1 | grep -o '[0-9]*$'; }

# one gmc mem run: 0 violations, every read checked, N requests
mem_ok() {
  local name=$1 n=$2; shift 2
  "$GMC" mem --integrity "$n" --json "$@" >"$T/m.json" 2>"$T/m.err"; local rc=$?
  local req rd ck v
  req=$(field requests "$T/m.json"); rd=$(field reads "$T/m.json")
  ck=$(field reads_checked "$T/m.json"); v=$(field violations "$T/m.json")
  if [ $rc -ne 0 ] || [ "${req:-0}" -ne "$n" ] || [ "${v:-1}" -ne 0 ] || [ "${ck:-0}" -ne "${rd:--1}" ] || [ "${rd:-0}" -lt $((n / 3)) ]; then
    notok "$name" "exit $rc, requests ${req:-?}, reads ${rd:-?}, checked ${ck:-?}, violations ${v:-?}: $(head -c 300 "$T/m.err")"
    return
  fi
  total=$((total + req)); ok "$name"
}

wpols="gpgpusim ramulator2"
"$GMC" mem --help | grep -q '^ *pcmwq ' && wpols="$wpols pcmwq"
s=$SEED
for sched in frfcfs fcfs bfifo divfirst warped-mc fcfs-strict; do
  for rp in open close timeout; do
    for wp in $wpols; do
      s=$((s + 1))
      mem_ok "gmc mem: $sched, $rp rows, $wp writes, same-address rule: 0 violations" "$NMEM" \
        --sched "$sched" --row-policy "$rp" --write-policy "$wp" --same-addr stall --integrity-seed "$s"
    done
  done
done
for pl in bw-aware "ratio --page-share 1/2" channel; do
  s=$((s + 1))
  # shellcheck disable=SC2086
  mem_ok "gmc mem: hybrid with pcm-thesis, $pl placement: 0 violations" "$NHY" --hybrid pcm-thesis \
    --placement $pl --page-size 256 --integrity-hot 1024 --same-addr stall --integrity-seed "$s"
done
if [ "${wpols#*pcmwq}" != "$wpols" ]; then
  s=$((s + 1))
  mem_ok "gmc mem: hybrid, the PCM memory behind the write queue: 0 violations" "$NHY" --hybrid pcm-thesis \
    --hybrid-write-policy pcmwq --integrity-hot 1024 --same-addr stall --integrity-seed "$s"
  # the finding with the write queue: a drained write overtakes an older
  # read of its place that missed the queue (FR-FCFS serves the drain first)
  expect_fail "gmc mem: pcmwq under FR-FCFS without the rule: a drain overtakes an older read (the finding)" 1 \
    "gmc mem: data check: [0-9]+ violations" -- "$GMC" mem --integrity 100000 --write-policy pcmwq -o "$T/f.txt"
fi
mem_ok "gmc mem: a PCM device under FR-FCFS: 0 violations" "$NMEM" --preset pcm-thesis --same-addr stall --integrity-seed "$s"

# one gmc sim hotrw run: 0 violations, every read request checked
sim_ok() {
  local name=$1; shift
  "$GMC" sim --machine rtx2060s --workload hotrw --scale "$SCALE" --seed "$SEED" --integrity --json "$@" \
    >"$T/s.json" 2>"$T/s.err"; local rc=$?
  local req wr ck v
  req=$(field requests "$T/s.json"); wr=$(field writes "$T/s.json")
  ck=$(field reads_checked "$T/s.json"); v=$(field violations "$T/s.json")
  if [ $rc -ne 0 ] || [ "${v:-1}" -ne 0 ] || [ "${req:-0}" -lt 200000 ] || [ "$((wr + ck))" -ne "$req" ]; then
    notok "$name" "exit $rc, requests ${req:-?}, writes ${wr:-?}, checked ${ck:-?}, violations ${v:-?}: $(head -c 300 "$T/s.err")"
    return
  fi
  total=$((total + req)); ok "$name"
}
for sched in frfcfs fcfs bfifo divfirst warped-mc; do
  sim_ok "gmc sim hotrw: $sched, same-address rule: 0 violations" --sched "$sched" --same-addr stall
done
sim_ok_on() {   # another machine (GDDR5's and GDDR3's 64-byte bursts hold two sectors)
  local m=$1; shift
  "$GMC" sim --machine "$m" --workload hotrw --scale "$SCALE" --seed "$SEED" --integrity --json "$@" >"$T/s.json" 2>"$T/s.err"
  local rc=$? v req; v=$(field violations "$T/s.json"); req=$(field requests "$T/s.json")
  if [ $rc -ne 0 ] || [ "${v:-1}" -ne 0 ] || [ "${req:-0}" -lt 200000 ]; then
    notok "gmc sim hotrw on $m: 0 violations" "exit $rc, requests ${req:-?}, violations ${v:-?}: $(head -c 300 "$T/s.err")"; return
  fi
  total=$((total + req)); ok "gmc sim hotrw on $m: 0 violations"
}
sim_ok_on pae-gddr5 --same-addr stall
sim_ok_on yuan-gddr3 --same-addr stall
sim_ok "gmc sim hotrw: close rows and Ramulator 2's write drain: 0 violations" --same-addr stall \
  --set mc_row_policy=close --set mc_write_policy=ramulator2
sim_ok "gmc sim hotrw: hybrid with pcm-thesis, bw-aware: 0 violations" --same-addr stall \
  --set hybrid_dram=pcm-thesis --set addr_map=derived --set hybrid_placement=bw-aware
if [ "${wpols#*pcmwq}" != "$wpols" ]; then
  sim_ok "gmc sim hotrw: the write queue (pcmwq): 0 violations" --same-addr stall --set mc_write_policy=pcmwq
  sim_ok "gmc sim hotrw: hybrid, PCM behind the write queue: 0 violations" --same-addr stall \
    --set hybrid_dram=pcm-thesis --set addr_map=derived --set hybrid_placement=bw-aware \
    --set hybrid_mc_write_policy=pcmwq
fi

# the findings: without the rule, a scheduler that reorders serves a read
# before an older write to its address (gmc mem and gmc sim), fcfs does not
viol_line='data check: [0-9]+ violations; the first: a read of 0x[0-9a-f]+ .*expected version [0-9]+, found [0-9]+$'
expect_fail "gmc mem: FR-FCFS without the same-address rule returns stale data (the finding)" 1 \
  "gmc mem: $viol_line" -- "$GMC" mem --integrity 20000 --json -o "$T/f.json"
v=$(field violations "$T/f.json" 2>/dev/null)
[ "${v:-0}" -gt 100 ] && ok "gmc mem: its report counts them (${v})" || notok "gmc mem: its report counts them" "violations ${v:-none}"
mem_ok "gmc mem: fcfs keeps one arrival order: 0 violations without the rule" "$NMEM" --sched fcfs
expect_fail "gmc sim hotrw: without the same-address rule, stale data (the finding)" 1 \
  "gmc sim: $viol_line" -- "$GMC" sim --machine rtx2060s --workload hotrw --integrity -o "$T/f.txt"
expect_fail "gmc sim hotrw: fills that put older data over a newer write (--integrity-no-merge) are caught" 1 \
  "gmc sim: $viol_line" -- "$GMC" sim --machine rtx2060s --workload hotrw --integrity-no-merge --same-addr stall -o "$T/f.txt"

# the faults
if [ -x "$FAULT/gmc-l2ver" ]; then
  expect_fail "fault: the L2 drops a dirty sector's version at eviction: violations, exit 1" 1 \
    "gmc sim: $viol_line" -- "$FAULT/gmc-l2ver" sim --machine rtx2060s --workload hotrw --integrity --same-addr stall -o "$T/f.txt"
else
  notok "fault build $FAULT/gmc-l2ver" "missing: make integrity-faults"
fi
if "$GMC" mem --help | grep -q '^ *pcmwq '; then
  if [ -x "$FAULT/gmc-pcmwq" ]; then
    expect_fail "fault: the write queue forwards a stale version: violations, exit 1" 1 \
      "gmc mem: $viol_line" -- "$FAULT/gmc-pcmwq" mem --integrity 20000 --write-policy pcmwq --same-addr stall -o "$T/f.txt"
  else
    notok "fault build $FAULT/gmc-pcmwq" "missing: make integrity-faults"
  fi
fi

# bad input: one line, exit 2
expect_fail "--integrity 0" 2 'integrity: expected 1\.\.2\^40 requests, found 0' -- "$GMC" mem --integrity 0
expect_fail "--integrity with --trace" 2 'expected no --trace with it' -- "$GMC" mem --integrity 10 --trace x
expect_fail "--integrity-hot 1" 2 'integrity-hot: expected 2\.\.16777216 addresses, found 1' -- "$GMC" mem --integrity 10 --integrity-hot 1
expect_fail "--integrity-seed without --integrity" 2 'expected --integrity N with them' -- "$GMC" mem --integrity-seed 3 --trace x
expect_fail "gmc mem --same-addr bogus" 2 "same-addr: expected none or stall, found 'bogus'" -- "$GMC" mem --integrity 10 --same-addr bogus
expect_fail "gmc sim --same-addr bogus" 2 "same-addr: expected none or stall, found 'bogus'" -- "$GMC" sim --workload hotrw --same-addr bogus
expect_fail "write-aware placement refused" 2 'expected a hybrid placement other than write-aware' -- "$GMC" mem --integrity 10 --hybrid pcm-thesis --placement write-aware
expect_fail "hotrw: kb= below 4" 2 'kb' -- "$GMC" sim --workload hotrw:kb=2 --integrity

if [ "$MODE" = soak ]; then want=10000000; else want=1000000; fi
echo "# data check: $total requests checked with 0 violations (gmc mem and gmc sim)"
[ "$total" -ge "$want" ] && ok "at least $want requests checked ($total)" || notok "at least $want requests checked" "only $total"
finish
