#!/usr/bin/env bash
# End-to-end tests of `gmc mem` (trace mode).  Usage: mem.sh path/to/gmc
set -u
GMC=$1
. "$(dirname "$0")/lib.sh"
PRESETS="$(dirname "$0")/../../model/mem/presets"

# A small mixed trace in each format: the same 200 requests.
python3 - "$T" <<'PY'
import random, sys
d = sys.argv[1]; rnd = random.Random(7)
reqs = []
t = 0
for i in range(200):
    t += rnd.randrange(0, 6)
    a = rnd.randrange(0, 1 << 30) & ~31 if rnd.random() < 0.5 else (i * 32) % (1 << 20)
    reqs.append((t, rnd.random() < 0.25, a, rnd.randrange(4), rnd.randrange(8), 0x100 + 8 * rnd.randrange(4)))
with open(f"{d}/t.gmc", "w") as f:
    f.write("# cycle R|W addr sm warp pc\n")
    for t, w, a, sm, wp, pc in reqs: f.write(f"{t} {'W' if w else 'R'} 0x{a:x} {sm} {wp} 0x{pc:x}\n")
with open(f"{d}/t.dramsim3", "w") as f:
    for t, w, a, *_ in reqs: f.write(f"0x{a:x} {'WRITE' if w else 'READ'} {t}\n")
with open(f"{d}/t.ramulator", "w") as f:
    for i, (t, w, a, *_) in enumerate(reqs):
        f.write(f"{'ST' if w else 'LD'} 0x{a:x}\n" if i % 2 else f"0x{a:x} {'W' if w else 'R'}\n")
PY

check_json() {   # check_json FILE N: acceptance fields present and consistent
  python3 - "$1" "$2" <<'PY'
import json, sys
j = json.load(open(sys.argv[1])); n = int(sys.argv[2])
for k in ("cycles", "requests", "row_hits", "row_misses", "row_conflicts"):
    assert isinstance(j[k], int), k
L = j["latency"]
for k in ("mean", "p50", "p95", "p99", "max"):
    assert isinstance(L[k], (int, float)), k
assert j["requests"] == n, (j["requests"], n)
assert j["row_hits"] + j["row_misses"] + j["row_conflicts"] == n
assert 0 < L["p50"] <= L["p95"] <= L["p99"] <= L["max"] and L["mean"] <= L["max"]
assert j["cycles"] >= L["max"] and 0 < j["efficiency"] <= 1 and j["blp"] >= 1
PY
}

for f in gmc dramsim3 ramulator; do
  if "$GMC" mem --format $f --trace "$T/t.$f" --json >"$T/$f.json" 2>"$T/e" && check_json "$T/$f.json" 200
  then ok "json fields, format $f"; else notok "json fields, format $f" "$(cat "$T/e")"; fi
done

for s in frfcfs fcfs bfifo divfirst; do
  for p in gddr6-rtx2060s gddr5-hynix gddr3; do
    if "$GMC" mem --preset $p --sched $s --trace "$T/t.gmc" --json >"$T/j" 2>"$T/e" && check_json "$T/j" 200
    then ok "sched $s on $p"; else notok "sched $s on $p" "$(cat "$T/e")"; fi
  done
done

# One read to a closed bank: tRCD + tCL + tBURST = 20 + 20 + 4 on GDDR6.
echo "0 R 0x0" >"$T/one"
"$GMC" mem --trace "$T/one" --json | grep -q '"latency": {"mean": 44.000, "p50": 44, "p95": 44, "p99": 44, "max": 44}' \
  && ok "unloaded miss latency 44 cycles on gddr6" || notok "unloaded miss latency 44 cycles on gddr6"

# Two interleaved streams to two rows of one bank, all queued at cycle 0:
# FR-FCFS turns them into row hits, FCFS into conflicts.
for i in $(seq 0 63); do printf '0 R 0x%x\n' $(( ((i % 2 + 1) << 18) | ((i / 2) << 5) )); done >"$T/two"
hits() { "$GMC" mem --channels 1 --sched "$1" --trace "$T/two" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["row_hits"])'; }
h1=$(hits frfcfs); h2=$(hits fcfs)
[ "$h1" = 62 ] && [ "$h2" = 0 ] && ok "frfcfs 62 row hits, fcfs 0 on interleaved streams" \
  || notok "frfcfs 62 row hits, fcfs 0 on interleaved streams" "$h1 vs $h2"

a=$("$GMC" mem --trace "$T/t.gmc" --json --scheme pae --seed 3); b=$("$GMC" mem --trace "$T/t.gmc" --json --scheme pae --seed 3)
[ "$a" = "$b" ] && ok "runs reproduce" || notok "runs reproduce"

# --per-request: one line per request plus a header; also into stdout.
"$GMC" mem --trace "$T/t.gmc" --per-request "$T/pr.txt" >/dev/null && [ "$(wc -l <"$T/pr.txt")" = 201 ] \
  && head -1 "$T/pr.txt" | grep -q '^# id addr ch bank row col type' && ok "per-request file" \
  || notok "per-request file"
"$GMC" mem --trace "$T/t.gmc" --per-request - --json >"$T/mixed" && [ "$(grep -c ' R \| W ' "$T/mixed")" = 200 ] \
  && ok "per-request to stdout" || notok "per-request to stdout"

# Refresh: a device config with refresh on issues REFs unless --no-refresh.
sed -e 's/^refresh .*/refresh = 1/' -e 's/^tRFC .*/tRFC = 50/' -e 's/^tREFI .*/tREFI = 300/' \
  "$PRESETS/gddr5-hynix.cfg" >"$T/ref.cfg"
r1=$("$GMC" mem --dram-cfg "$T/ref.cfg" --trace "$T/t.gmc" --json | grep -o '"REF": [0-9]*')
r0=$("$GMC" mem --dram-cfg "$T/ref.cfg" --no-refresh --trace "$T/t.gmc" --json | grep -o '"REF": [0-9]*')
[ "$r0" = '"REF": 0' ] && [ -n "$r1" ] && [ "$r1" != '"REF": 0' ] && ok "refresh on by default, --no-refresh" \
  || notok "refresh on by default, --no-refresh" "$r1 / $r0"

# Bad inputs: one line, file and line, exit 1; usage errors exit 2.
printf '0 R 0x0\n5 X 0x1\n' >"$T/bad.trc"
expect_fail "bad trace names file and line" 1 "bad.trc:2: expected R or W, found 'X'" -- \
  "$GMC" mem --trace "$T/bad.trc" --per-request "$T/never.txt"
[ ! -e "$T/never.txt" ] && [ -z "$(ls "$T" | grep never)" ] && ok "nothing half-written" || notok "nothing half-written"
printf '0x10 READ 5\n0x20 READ 4\n' >"$T/order.trc"
expect_fail "decreasing cycle" 1 "order.trc:2: expected a cycle >= 5" -- "$GMC" mem --format dramsim3 --trace "$T/order.trc"
printf 'LD 0x10\nLD\n' >"$T/short.trc"
expect_fail "ramulator line without address" 1 "short.trc:2: expected an address" -- \
  "$GMC" mem --format ramulator --trace "$T/short.trc"
# an address wider than the map: folded and counted (tests/cli/inputs.sh)
expect_fail "missing trace" 1 "nope.trc: cannot open" -- "$GMC" mem --trace "$T/nope.trc"
# warped-mc on a trace with warp ids, sec. 4.2's reading: warp 9's only
# request (the youngest hit) is served before warp 7's two hits
printf '0 R 0x0\n1000 R 0x20 1 7 0x10\n1000 R 0x40 1 7 0x10\n1000 R 0x60 1 9 0x18\n' >"$T/warps.trc"
if "$GMC" mem --trace "$T/warps.trc" --channels 1 --sched warped-mc --wmc-score receive --wmc-m pending2 \
     --per-request "$T/wmc.txt" --json >"$T/wmc.json" && grep -q '"requests": 4' "$T/wmc.json" &&
   grep -q '"wmc": {"score_at": "receive", "m_rule": "pending2"}' "$T/wmc.json" &&
   [ "$(awk '!/^#/ {print $1}' "$T/wmc.txt" | tr '\n' ' ')" = "0 3 1 2 " ] &&
   grep -q '"warp_loads": {"loads": 2, "multi_request": 1,' "$T/wmc.json"; then
  ok "warped-mc serves a warp's last request first"
else notok "warped-mc serves a warp's last request first"; cat "$T/wmc.txt"; fi
# Algorithm 1's reading (the default): nothing of warps 7 and 9 was
# scheduled yet, so no H or M: age order; the report names the readings.
if "$GMC" mem --trace "$T/warps.trc" --channels 1 --sched warped-mc --per-request "$T/wmc0.txt" \
     >"$T/wmc0.out" && grep -q '^warped-mc readings: score/H at schedule, M rule started$' "$T/wmc0.out" &&
   [ "$(awk '!/^#/ {print $1}' "$T/wmc0.txt" | tr '\n' ' ')" = "0 1 2 3 " ]; then
  ok "warped-mc, Algorithm 1's reading: a first arrival is not H"
else notok "warped-mc, Algorithm 1's reading: a first arrival is not H"; cat "$T/wmc0.txt"; fi
expect_fail "bad --wmc-score" 2 "--wmc-score: expected schedule or receive, found 'later'" -- \
  "$GMC" mem --trace "$T/warps.trc" --sched warped-mc --wmc-score later
expect_fail "bad --wmc-m" 2 "--wmc-m: expected started or pending2, found 'any'" -- \
  "$GMC" mem --trace "$T/warps.trc" --sched warped-mc --wmc-m any
expect_fail "unknown scheduler" 2 "expected one of frfcfs, fcfs, bfifo, divfirst, warped-mc, fcfs-strict, found 'lifo'" -- \
  "$GMC" mem --trace "$T/one" --sched lifo
expect_fail "unknown preset" 2 "unknown preset 'ddr9'" -- "$GMC" mem --trace "$T/one" --preset ddr9
expect_fail "unknown format" 2 "expected gmc, dramsim3 or ramulator, found 'csv'" -- \
  "$GMC" mem --trace "$T/one" --format csv
expect_fail "no trace" 2 "expected --trace FILE" -- "$GMC" mem
expect_fail "bad watermarks" 2 "wq-low: expected less than --wq-high" -- \
  "$GMC" mem --trace "$T/one" --wq-high 4 --wq-low 4
expect_fail "map wider than the device" 1 "expected at most 4 banks" -- \
  "$GMC" mem --trace "$T/one" --preset gddr3 --map "Row[29:18] Bank[17:14] Col[13:9] Ch[8:6] Block[5:0]"
expect_fail "-o and --per-request on one file are refused" 2 \
  "^gmc mem: -o and --per-request name the same file" -- \
  "$GMC" mem --preset gddr3 --trace "$T/same.trc" -o "$T/same" --per-request "$T/same"

finish
