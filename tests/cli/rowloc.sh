#!/usr/bin/env bash
# Yuan et al. [MICRO'09]'s measures in `gmc mem` and `gmc sim`: DRAM
# efficiency against a hand computation, row locality at the controllers
# against a slow recount of --per-request's acceptance order, row streak
# breakers on a crafted trace (each reading), and in gmc sim the row
# locality before and after the network, where hold grant raises the
# locality after it.  Usage: rowloc.sh path/to/gmc
set -u
GMC=$1
. "$(dirname "$0")/lib.sh"

# One number of a JSON report: field PATH (dotted).
field() { python3 -c "import json,sys; j=json.load(open(sys.argv[1]))
for k in sys.argv[2].split('.'): j=j[k]
print(j)" "$1" "$2"; }

# ---- gmc mem: DRAM efficiency by hand --------------------------------------
# GDDR3, one channel, no refresh: two reads of row 0 at cycle 0 (ACT at 0, RD
# at tRCD = 12 and 12 + tCCD = 14, data done at 12+9+2 = 23 and 25) and one
# at cycle 100 (a row hit: RD at 100, done 111).  Busy data bus 3 x tBURST
# = 6 cycles; requests pending 0..25 and 100..111 = 36 cycles: 6/36.
printf '0 R 0x0\n0 R 0x40\n100 R 0x80\n' >"$T/eff.trc"
m=(mem --preset gddr3 --channels 1 --no-refresh)
if "$GMC" "${m[@]}" --trace "$T/eff.trc" --json -o "$T/eff.json" 2>"$T/err" &&
   [ "$(field "$T/eff.json" efficiency)" = 0.166667 ] && [ "$(field "$T/eff.json" pending_cycles)" = 36 ] &&
   [ "$(field "$T/eff.json" data_busy_cycles)" = 6 ] &&
   [ "$(field "$T/eff.json" row_locality.at_mc)" = 3.0 ]
then ok "gmc mem: DRAM efficiency 6/36 as worked by hand; one run of 3 requests"
else notok "gmc mem: DRAM efficiency 6/36 as worked by hand; one run of 3 requests" "$(head -c 300 "$T/err")"; fi
"$GMC" "${m[@]}" --trace "$T/eff.trc" -o "$T/eff.txt" &&
  grep -q "^efficiency     16.7% of pending time" "$T/eff.txt" &&
  grep -q "^row locality   3.00 requests per run" "$T/eff.txt" &&
  ok "gmc mem: the text report says the same" || notok "gmc mem: the text report says the same"

# ---- gmc mem: row streak breakers on a crafted trace -------------------------
# Bank 0 (the derived map: Row[29:18] Bank[17:16]): row 1 of SM 0, row 2 of
# SM 1, row 1 of SM 0, all at cycle 0.  Banked FIFO serves them in order:
# the switch to row 2 strands the third request, and the request to row 2
# (another SM) broke the streak; the switch back strands nothing.  FR-FCFS
# serves the row hit first: one switch, nothing stranded.
printf '0 R 0x40000 0 0 0x10\n0 R 0x80000 1 0 0x10\n0 R 0x40040 0 1 0x10\n' >"$T/brk.trc"
streaks() {   # streaks SCHED READING: "streaks stranded other_sm same_cta"
  "$GMC" "${m[@]}" --trace "$T/brk.trc" --sched "$1" --streak-reading "$2" --json -o "$T/brk.json" &&
    python3 -c "import json; s=json.load(open('$T/brk.json'))['row_streaks']
print(s['streaks'], s['stranded'], s['breakers_other_sm'], s['breakers_same_cta'])"
}
[ "$(streaks bfifo default)" = "2 1 1 0" ] && ok "bfifo: the row-2 request of another SM strands the third" \
  || notok "bfifo: the row-2 request of another SM strands the third" "got $(streaks bfifo default)"
[ "$(streaks frfcfs default)" = "1 0 0 0" ] && ok "frfcfs: serves the row hit first, strands nothing" \
  || notok "frfcfs: serves the row hit first, strands nothing" "got $(streaks frfcfs default)"
[ "$(streaks bfifo exclude-y)" = "2 1 0 0" ] && ok "exclude-y: stranded, but no breaker between" \
  || notok "exclude-y: stranded, but no breaker between" "got $(streaks bfifo exclude-y)"
# opener: compared with the request row 1 was opened for (SM 0): the
# request to row 2 (SM 1) is still of another SM
[ "$(streaks bfifo opener)" = "2 1 1 0" ] && [ "$(field "$T/brk.json" streak_reading)" = opener ] &&
  ok "opener: the reading is named in the report" || notok "opener: the reading is named in the report"
"$GMC" "${m[@]}" --trace "$T/brk.trc" --sched bfifo -o "$T/brk.txt" &&
  grep -q "^row streaks    2 row switches, 50.0% with a request to the old row still queued; breakers from another SM in 50.0%" "$T/brk.txt" &&
  ! grep -q "read as" "$T/brk.txt" &&
  ok "gmc mem text: the streak line (default reading not named)" || notok "gmc mem text: the streak line (default reading not named)" "$(grep streaks "$T/brk.txt")"
expect_fail "--streak-reading: an unknown word" 2 \
  "^gmc mem: --streak-reading: expected default or a list of older, exclude-y, opener, found 'newest'$" -- \
  "$GMC" "${m[@]}" --trace "$T/brk.trc" --streak-reading older,newest
expect_fail "--streak-reading without a value" 2 "^gmc mem: option --streak-reading needs a value$" -- \
  "$GMC" "${m[@]}" --trace "$T/brk.trc" --streak-reading

# ---- gmc mem: row locality at the controllers, recounted -------------------
# A random trace (seed 5) of short runs over a few rows on 4 channels: each
# channel's row_locality is its requests over its runs of one bank and row
# in acceptance order, which --per-request's ids give (the order of
# acceptance) with each request's channel, bank and row.
python3 - "$T/rand.trc" <<'PY'
import random, sys
rnd = random.Random(5); t = 0
with open(sys.argv[1], "w") as f:
    base = 0
    for i in range(6000):
        if rnd.random() < 0.3: base = rnd.randrange(1 << 28) & ~0xfff
        t += rnd.randrange(3)
        f.write(f"{t} {'W' if rnd.random() < 0.2 else 'R'} 0x{base + 32 * rnd.randrange(64):x}\n")
PY
if "$GMC" mem --preset gddr3 --channels 4 --trace "$T/rand.trc" --json -o "$T/rand.json" \
     --per-request "$T/rand.pr" 2>"$T/err" &&
   out=$(python3 - "$T/rand.json" "$T/rand.pr" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
rows = sorted((int(l.split()[0]), l.split()) for l in open(sys.argv[2]) if not l.startswith("#"))
last, reqs, runs = {}, {}, {}
for _, w in rows:   # id addr ch bank row ...
    ch, key = int(w[2]), (w[3], w[4])
    reqs[ch] = reqs.get(ch, 0) + 1
    runs[ch] = runs.get(ch, 0) + (last.get(ch) != key)
    last[ch] = key
for c in j["per_channel"]:
    ch = c["channel"]
    assert abs(c["row_locality"] - reqs[ch] / runs[ch]) < 1e-6, (ch, c["row_locality"], reqs[ch], runs[ch])
pooled = sum(reqs.values()) / sum(runs.values())
hm = len(reqs) / sum(runs[c] / reqs[c] for c in reqs)
assert abs(j["row_locality"]["at_mc"] - pooled) < 1e-6 and abs(j["row_locality"]["at_mc_hmean"] - hm) < 1e-6
assert 1.2 < pooled < 6, pooled
print(f"{len(rows)} requests on {len(reqs)} channels, {sum(runs.values())} runs")
PY
)
then ok "gmc mem: row locality per channel, pooled and harmonic = the recount (seed 5: $out)"
else notok "gmc mem: row locality per channel, pooled and harmonic = the recount" "$(head -c 400 "$T/err")"; fi

# ---- gmc sim: before and after the network, hold grant ---------------------
# yuan-gddr3 (the paper's crossbar and PIM allocator), banked FIFO, moa:
# each SM's requests to a slice come in runs of about 10 to one row; round
# robin interleaves them (about a third survives), hold grant keeps most.
y=(sim --machine yuan-gddr3 --workload moa --scale 0.05 --sched bfifo --json)
for h in none hg hmhg; do "$GMC" "${y[@]}" --set icnt_hold=$h -o "$T/$h.json" 2>"$T/err" || notok "gmc sim $h runs" "$(head -c 300 "$T/err")"; done
if python3 - "$T" <<'PY'
import json, sys
r = {h: json.load(open(f"{sys.argv[1]}/{h}.json")) for h in ("none", "hg", "hmhg")}
L = {h: r[h]["row_locality"] for h in r}
for h in r:   # the same kernel: the streams leaving the SMs barely change
    assert 8 < L[h]["pre_icnt"] < 12, (h, L[h])
assert L["none"]["post_over_pre"] < 0.5, L["none"]
for h in ("hg", "hmhg"):
    assert L[h]["post_icnt"] > 2 * L["none"]["post_icnt"] and L[h]["post_over_pre"] > 0.85, (h, L[h])
    s, b = r[h]["row_streaks"], r["none"]["row_streaks"]
    assert s["streaks"] < b["streaks"] and s["breakers_other_sm"] < b["breakers_other_sm"], (s, b)
    assert r[h]["dram_efficiency"]["pooled"] > r["none"]["dram_efficiency"]["pooled"]
    assert r[h]["mem_latency"]["mean"] < r["none"]["mem_latency"]["mean"]
PY
then ok "gmc sim: hold grant (hg, hmhg) keeps the SMs' row runs through the crossbar (post/pre > 0.85, round robin < 0.5)"
else notok "gmc sim: hold grant (hg, hmhg) keeps the SMs' row runs through the crossbar (post/pre > 0.85, round robin < 0.5)"; fi

# The report's own consistency: efficiency in [0, 1] per channel, the pool
# is dram.efficiency, the streak shares are counts over streaks, every
# DRAM-served read has a latency no longer than its load's, and the
# harmonic mean is at most the pooled one here.
if python3 - "$T/none.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
e = j["dram_efficiency"]
ch = [v for k, v in e.items() if k.startswith("ch")]
assert len(ch) == j["machine_config"]["dram_channels"] and all(0 <= v <= 1 for v in ch), e
assert e["pooled"] == j["dram"]["efficiency"] and abs(e["mean"] - sum(ch) / len(ch)) < 1e-3
s = j["row_streaks"]
assert s["stranded"] <= s["streaks"] and abs(s["other_sm_per_streak"] - s["breakers_other_sm"] / s["streaks"]) < 1e-4
m = j["mem_latency"]
assert m["offchip_reads"] == j["l2"]["read_sectors"] - j["l2"]["hit_sectors"] > 0, (m, j["l2"])
assert j["noc_latency"] < m["mean"] <= j["load_warp_time"]["mean"], (m, j["load_warp_time"])
L = j["row_locality"]
assert 1 <= L["pre_icnt_hmean"] <= L["pre_icnt"] and 1 <= L["post_icnt"] and 1 <= L["at_mc"]
PY
then ok "gmc sim: efficiency per channel in [0,1], pool = dram.efficiency, shares, latency bounds"
else notok "gmc sim: efficiency per channel in [0,1], pool = dram.efficiency, shares, latency bounds"; fi

# The two ways to a run's key give the same runs: bank and row bits of the
# address (a map alone) and the decoded bank and row riding in the packet
# (a BIM).  A BIM that swaps two address bits before the derived map
# decodes exactly as the map with those bits' places swapped (row and
# column numbers permuted, banks the same): every value of the two reports
# is equal but the "bim" label.  Bits 20 and 25 (two row bits) keep a
# line's sectors together, one decode per line; bits 6 and 18 (a column
# and a row bit) split them, one decode per sector, two sectors a row.
M="Row[29:18] Bank[17:16] Col[15:11] Ch[10:8] Col[7:5] Block[4:0]"
p=(sim --machine yuan-gddr3 --workload moa --scale 0.05 --sched bfifo --set icnt_hold=rmhg --json)
for pair in "20 25|Row[29:26] Row[20] Row[24:21] Row[25] Row[19:18] Bank[17:16] Col[15:11] Ch[10:8] Col[7:5] Block[4:0]" \
            "6 18|Row[29:19] Row[6] Bank[17:16] Col[15:11] Ch[10:8] Col[7] Col[18] Col[5] Block[4:0]"; do
  bits=${pair%%|*} swapped=${pair#*|}
  python3 -c "
a, b = map(int, '$bits'.split()); rows = [1 << i for i in range(30)]; rows[a], rows[b] = 1 << b, 1 << a
print('width 30'); print('\n'.join('%x' % r for r in rows))" >"$T/swap.txt"
  if "$GMC" "${p[@]}" --map "$swapped" -o "$T/key.json" 2>"$T/err" &&
     "$GMC" "${p[@]}" --map "$M" --matrix "$T/swap.txt" -o "$T/dec.json" 2>>"$T/err" &&
     python3 - "$T/key.json" "$T/dec.json" <<'PY'
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
assert a.pop("bim") != b.pop("bim")
assert a == b and a["row_locality"]["post_icnt"] > 1, a["row_locality"]
PY
  then ok "gmc sim: row runs keyed by address bits = keyed by the decode (a BIM swapping bits $bits), every value"
  else notok "gmc sim: row runs keyed by address bits = keyed by the decode (a BIM swapping bits $bits), every value" "$(head -c 300 "$T/err")"; fi
done

# Memory latency counts the reads DRAM served, not the L2's hits: loa
# hits in L2 for most of its reads
if "$GMC" sim --machine yuan-gddr3 --workload loa --scale 0.05 --json -o "$T/loa.json" 2>"$T/err" &&
   python3 - "$T/loa.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1])); l2 = j["l2"]
assert l2["hit_sectors"] > l2["read_sectors"] / 2, l2
assert j["mem_latency"]["offchip_reads"] == l2["read_sectors"] - l2["hit_sectors"], (j["mem_latency"], l2)
PY
then ok "gmc sim: memory latency over the off-chip reads only (loa: most reads hit L2)"
else notok "gmc sim: memory latency over the off-chip reads only (loa: most reads hit L2)" "$(head -c 300 "$T/err")"; fi

# gmc sim takes the readings too, and names them when not the default
if "$GMC" "${y[@]}" --streak-reading exclude-y -o "$T/ex.json" 2>"$T/err" &&
   python3 - "$T/none.json" "$T/ex.json" <<'PY'
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
assert "streak_reading" not in a and b["streak_reading"] == "exclude-y"
s, t = a["row_streaks"], b["row_streaks"]
assert t["streaks"] == s["streaks"] and t["stranded"] == s["stranded"]   # the search is the same
assert t["breakers_other_sm"] < s["breakers_other_sm"], (s, t)            # Y is no breaker
assert b["cycles"] == a["cycles"]   # a statistic: the run is the same
PY
then ok "gmc sim --streak-reading exclude-y: fewer breakers, the same streaks and run, named in the report"
else notok "gmc sim --streak-reading exclude-y: fewer breakers, the same streaks and run, named in the report" "$(head -c 300 "$T/err")"; fi
expect_fail "gmc sim --streak-reading: an unknown word" 2 \
  "^gmc sim: --streak-reading: expected default or a list of older, exclude-y, opener, found 'x'$" -- \
  "$GMC" "${y[@]}" --streak-reading x

# CSV rows are the JSON's; the text report has the lines
"$GMC" sim --machine yuan-gddr3 --workload moa --scale 0.05 --sched bfifo --csv "$T/r.csv" -o "$T/r.txt" &&
  grep -q "^row_locality.post_icnt,$(field "$T/none.json" row_locality.post_icnt)$" "$T/r.csv" &&
  grep -q "^row_streaks.streaks,$(field "$T/none.json" row_streaks.streaks)$" "$T/r.csv" &&
  grep -q "^dram_efficiency.ch7," "$T/r.csv" && grep -q "^mem_latency.mean," "$T/r.csv" &&
  grep -q "^  row locality (requests per run to one bank and row): 9.91 entering the request network, 3.53 leaving it" "$T/r.txt" &&
  grep -q "^  row streaks: 11629 row switches" "$T/r.txt" && grep -q "^  DRAM efficiency 0.276 " "$T/r.txt" &&
  ok "gmc sim: the CSV rows and the text lines" || notok "gmc sim: the CSV rows and the text lines" "$(cat "$T/r.txt")"
finish
