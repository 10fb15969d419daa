#!/usr/bin/env bash
# Wear (docs/pcm.md "Wear"): writes per row on PCM channels.  The report's
# counts against a recount of --per-request's write lines (every row, the
# most-written one, the total), the lifetimes against their formulas, the
# write queue's drains counted (WR commands = writes), only the PCM
# channels of a mixed memory counted, no "wear" for GDDR alone, and gmc
# sim's group.
# Usage: wear.sh path/to/gmc
set -u
GMC=$1
. "$(dirname "$0")/lib.sh"
python3 - "$T" <<'PY'
import random, sys
random.seed(41)
rows = [random.randrange(1 << 28) & ~0x1f for _ in range(24)]   # a hot set: rows written many times
with open(sys.argv[1] + "/t.gmc", "w") as f:
    for i in range(3000):
        a = random.choice(rows) + 32 * random.randrange(8) if random.random() < 0.7 else random.randrange(1 << 30) & ~31
        f.write(f"{i * 3} {'W' if random.random() < 0.5 else 'R'} 0x{a:x}\n")
PY
"$GMC" mem --preset pcm-thesis --trace "$T/t.gmc" --json --per-request "$T/pr.txt" >"$T/w.json" 2>/dev/null
python3 - "$T/w.json" "$T/pr.txt" <<'PY' && ok "wear: the report equals a recount of every write's row (per-request)" ||
import json, sys, collections
j = json.load(open(sys.argv[1])); w = j["wear"]
n = collections.Counter()
for l in open(sys.argv[2]):
    if l.startswith("#"):
        continue
    x = l.split()
    if x[6] == "W":
        n[(int(x[2]), int(x[3]), int(x[4]))] += 1
assert w["writes"] == sum(n.values()) == j["commands"]["WR"], (w, sum(n.values()))
assert w["rows_written"] == len(n), (w, len(n))
top = max(n.values())
first = min(k for k, v in n.items() if v == top)
assert w["max_row_writes"] == top and (w["max_row"]["channel"], w["max_row"]["bank"], w["max_row"]["row"]) == first, (w, top, first)
assert w["endurance"] == 100000000 and w["channels"] == 16, w
sec = j["cycles"] * 286e-12
assert abs(w["seconds"] - sec) <= 1e-6 * sec, (w, sec)
assert abs(w["lifetime_s"] - 1e8 * sec / top) <= 1e-5 * w["lifetime_s"], w
assert abs(w["leveled_lifetime_s"] - 1e8 * w["rows"] * sec / w["writes"]) <= 1e-5 * w["leveled_lifetime_s"], w
assert top > 5, top   # the hot set makes a row worth finding
print(f"    {w['writes']} writes on {w['rows_written']} rows, the most {top}", file=sys.stderr)
PY
  notok "wear: the report equals a recount of every write's row (per-request)"
"$GMC" mem --preset pcm-thesis --trace "$T/t.gmc" --json --write-policy pcmwq >"$T/q.json" 2>/dev/null
python3 - "$T/q.json" <<'PY' && ok "wear: a write queue's drains are the writes counted" ||
import json, sys
j = json.load(open(sys.argv[1])); w = j["wear"]; p = j["pcmwq"]
assert w["writes"] == j["commands"]["WR"] == p["drains_completed"] + (p["drains"] - p["drains_completed"]), (w, p, j["commands"])
assert 0 < w["writes"] <= p["writes_accepted"] + p["drains"], (w, p)
PY
  notok "wear: a write queue's drains are the writes counted"
"$GMC" mem --preset gddr6-rtx2060s --channel-dram 3=pcm-thesis --trace "$T/t.gmc" --json >"$T/m.json" 2>/dev/null
python3 - "$T/m.json" <<'PY' && ok "wear: only the PCM channel of a mixed memory is counted" ||
import json, sys
j = json.load(open(sys.argv[1])); w = j["wear"]
assert w["channels"] == 1 and w["max_row"]["channel"] == 3 and w["writes"] > 0, w
PY
  notok "wear: only the PCM channel of a mixed memory is counted"
"$GMC" mem --trace "$T/t.gmc" --json >"$T/g.json" 2>/dev/null
grep -q '"wear"' "$T/g.json" && notok "wear: no wear group for GDDR alone" || ok "wear: no wear group for GDDR alone"
"$GMC" mem --preset pcm-thesis --trace "$T/t.gmc" 2>/dev/null | grep -q '^wear: [0-9]* writes on 16 channel(s)' &&
  ok "wear: the text report's line" || notok "wear: the text report's line"
"$GMC" sim --workload stream --scale 0.02 --set l2_slice_size=8192 --set dram=pcm-thesis --set addr_map=derived \
  --json -o "$T/s.json" 2>/dev/null
python3 - "$T/s.json" <<'PY' && ok "wear: gmc sim's group, its writes the DRAM's" ||
import json, sys
j = json.load(open(sys.argv[1])); w = j["wear"]
assert w["writes"] == j["dram"]["writes"] > 0 and w["max_row_writes"] >= 1 and w["lifetime_s"] > 0, (w, j["dram"])
PY
  notok "wear: gmc sim's group, its writes the DRAM's"
finish
