#!/usr/bin/env bash
# End-to-end tests of `gmc icnt`: the crossbar's zero-load latency, latency
# rising to saturation, accepted <= offered, hold grant keeping row runs
# together, seeds, the outputs (report, JSON, CSV, plot; all or none) and
# every bad input.  Usage: icnt.sh path/to/gmc
set -u
GMC=$1
. "$(dirname "$0")/lib.sh"

# The JSON report of one run, checked by a Python snippet (stdin); NAME names the case.
json_check() {
  local name=$1; shift
  local py; py=$(cat)
  if "$GMC" icnt "$@" --json >"$T/j.json" 2>"$T/j.err" && python3 -c "$py" "$T/j.json" 2>"$T/py.err"; then
    ok "$name"
  else
    notok "$name" "$(head -c 400 "$T/j.err" "$T/py.err")"
  fi
}

"$GMC" icnt --topology list >"$T/list" && grep -q '^xbar	' "$T/list" \
  && ok "--topology list names the registered topologies (xbar)" || notok "--topology list"

# Zero-load latency: one packet alone takes max(latency, ceil(bytes / flit))
# cycles through the crossbar (docs/harness.md "Interconnect").
json_check "zero-load latency = the crossbar's latency (4), or the serialization (200 B at 16 B: 13)" \
  --rates 0.01 --cycles 2000 <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
c = j["curves"][0]
assert c["zero_load_latency"] == 4.0, c
PY
json_check "zero-load latency follows --latency 9" --latency 9 --rates 0.01 --cycles 2000 <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
assert j["curves"][0]["zero_load_latency"] == 9.0
assert j["network"]["latency"] == 9
PY
json_check "zero-load latency is the serialization when longer: ceil(200 / 16) = 13" \
  --packet-bytes 200 --rates 0.01 --cycles 2000 <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
assert j["curves"][0]["zero_load_latency"] == 13.0
PY

# Latency against rate: near zero-load when light, rising, then saturated;
# accepted never above offered (beyond noise) nor above the 8 outputs' 8/28.
json_check "latency rises with rate and saturates; accepted <= offered and <= 8/28" \
  --traffic uniform --rates 0.02:0.4:0.02 --cycles 4000 <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
c = j["curves"][0]
p = c["points"]
assert len(p) == 20 and p[0]["rate"] == 0.02 and p[-1]["rate"] == 0.4, [q["rate"] for q in p]
z = c["zero_load_latency"]
assert p[0]["latency_mean"] < 1.1 * z, p[0]
lat = [q["latency_mean"] for q in p]
assert all(b > a for a, b in zip(lat, lat[1:])), lat
for q in p:
    assert q["accepted"] <= q["offered"] + 0.005, q
    assert q["accepted"] <= 8 / 28 + 1e-9, q
    assert abs(q["offered"] - q["rate"]) < 0.02, q
    assert q["latency_p99"] >= q["latency_mean"] - 1 and q["latency_max"] >= q["latency_p99"], q
s = c["saturation"]
assert s is not None and 0.15 <= s["rate"] <= 0.3, s
k = [q["rate"] for q in p].index(s["rate"])
assert all(q["latency_mean"] <= 3 * z and q["accepted"] >= 0.95 * q["offered"] for q in p[:k]), p[:k]
assert p[-1]["latency_mean"] > 100 * z and p[-1]["accepted"] < 0.7 * p[-1]["offered"], p[-1]
assert abs(q["rowloc_before"] - 1) < 0.01   # uniform rows: no runs
PY

# Hold grant keeps each core's row runs together through the crossbar: the
# locality after the network rises over round robin on the same packets.
json_check "rowstream: HG and HMHG raise the locality after the network over none (same packets in)" \
  --hold none,hg,hmhg --locality 8 --rates 0.1,0.25 --cycles 5000 <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
c = {x["hold"]: x["points"] for x in j["curves"]}
assert list(c) == ["none", "hg", "hmhg"], list(c)
for k in range(2):
    n, h, m = c["none"][k], c["hg"][k], c["hmhg"][k]
    assert n["rowloc_before"] == h["rowloc_before"] == m["rowloc_before"], (n, h)
    assert n["packets"] == h["packets"], (n, h)
    assert n["holds"] == 0 and h["holds"] > 0 and m["holds"] > 0
    assert n["rowloc_after"] < 0.3 * n["rowloc_before"], n
hs, ns = c["hg"][1], c["none"][1]
assert hs["rowloc_after"] > 1.8 * ns["rowloc_after"], (hs, ns)
assert c["hmhg"][1]["rowloc_after"] > 1.8 * ns["rowloc_after"]
assert 6.5 < ns["rowloc_before"] < 8.5, ns
PY

# Without a hold policy the hold-grant allocator grants as round robin
# (docs/blocks/gmc_hgalloc.md): --alloc rr and hgalloc give the same points.
"$GMC" icnt --alloc rr --rates 0.1,0.25 --cycles 3000 --json >"$T/rr.json" &&
"$GMC" icnt --alloc hgalloc --hold none --rates 0.1,0.25 --cycles 3000 --json >"$T/hgn.json" &&
diff <(grep -v '"alloc"' "$T/rr.json") <(grep -v '"alloc"' "$T/hgn.json") >/dev/null &&
grep -q '"network": {"alloc": "rr"' "$T/rr.json" \
  && ok "--alloc rr and --alloc hgalloc --hold none: the same points" || notok "--alloc rr = hgalloc without a hold"

# --set and the options set the same field; the report shows it.
"$GMC" icnt --set in_buf=3 --set hold-limit=2 --hold hg --rates 0.1 --cycles 500 --json >"$T/s1.json" &&
"$GMC" icnt --in-buf 3 --hold-limit 2 --hold hg --rates 0.1 --cycles 500 --json >"$T/s2.json" &&
cmp -s "$T/s1.json" "$T/s2.json" && grep -q '"in_buf": 3,' "$T/s1.json" && grep -q '"hold_limit": 2' "$T/s1.json" \
  && ok "--set KEY=VALUE is the option --KEY (in_buf, hold-limit)" || notok "--set KEY=VALUE is the option --KEY"

# Seeds: the same seed the same bytes, another seed other numbers.
"$GMC" icnt --hold none,hg --rates 0.1,0.3 --cycles 2000 --seed 7 >"$T/a" &&
"$GMC" icnt --hold none,hg --rates 0.1,0.3 --cycles 2000 --seed 7 >"$T/b" &&
"$GMC" icnt --hold none,hg --rates 0.1,0.3 --cycles 2000 --seed 8 >"$T/c" &&
cmp -s "$T/a" "$T/b" && ! cmp -s "$T/a" "$T/c" && grep -q "seed 7" "$T/a" \
  && ok "a seed gives the same report twice (and prints it); another seed differs" || notok "seeds"

# Outputs: report, CSV (one row per curve and rate) and plot together.
if "$GMC" icnt --hold none,hg --rates 0.1,0.2,0.3 --cycles 1000 -o "$T/r.txt" --csv "$T/r.csv" \
     --plot "$T/r.png" >"$T/stdout" && [ ! -s "$T/stdout" ] && grep -q "^xbar/hg: zero-load latency 4.00" "$T/r.txt" &&
   [ "$(wc -l <"$T/r.csv")" -eq 7 ] && head -1 "$T/r.csv" | grep -q '^topology,hold,rate,offered,accepted,latency_mean' &&
   grep -q '^xbar,hg,0.3,' "$T/r.csv" && [ "$(head -c 4 "$T/r.png" | tail -c 3)" = PNG ]; then
  ok "-o, --csv (header + 2 x 3 rows) and --plot (a PNG) together"
else
  notok "-o, --csv and --plot together" "$(head -c 300 "$T/r.csv" 2>/dev/null)"
fi
if command -v gnuplot >/dev/null; then
  why=$(python3 tests/tools/png_edges.py "$T/r.png") && ok "--plot: nothing cut at the edges ($why)" \
    || notok "--plot: cut at the edges" "$why"
fi
rm -f "$T/keep.txt"
expect_fail "outputs all or none: a plot that cannot be written leaves no report" 1 \
  "^gmc icnt: $T/nodir/p\.png: cannot write: No such file or directory$" -- \
  "$GMC" icnt --rates 0.1 --cycles 100 -o "$T/keep.txt" --plot "$T/nodir/p.png"
[ ! -e "$T/keep.txt" ] && ok "... and -o's file was not written" || notok "-o written although --plot failed"

# Writes are checked: a full disk is one line and exit 1, for stdout and -o.
if [ -w /dev/full ]; then
  expect_fail "report to a full stdout" 1 "^gmc icnt: writing standard output: No space left on device$" -- \
    bash -c '"$0" icnt --rates 0.1 --cycles 100 >/dev/full' "$GMC"
  expect_fail "-o /dev/full" 1 "^gmc icnt: /dev/full: cannot write: No space left on device$" -- \
    "$GMC" icnt --rates 0.1 --cycles 100 -o /dev/full
  expect_fail "--topology list to a full stdout" 1 "^gmc icnt: writing standard output: No space left on device$" -- \
    bash -c '"$0" icnt --topology list >/dev/full' "$GMC"
fi

# Bad input: one line naming the option, exit 2 (the command line).
bad() { expect_fail "$1" 2 "$2" -- "$GMC" icnt "${@:3}"; }
bad "unknown topology" "^gmc icnt: --topology: icnt_topology: expected one of xbar.*, found 'ring9'$" --topology ring9
bad "empty list item" "^gmc icnt: --topology: expected a comma-separated list of names, found 'xbar,,xbar'$" --topology xbar,,xbar
bad "unknown hold policy" "^gmc icnt: --hold: icnt_hold: expected one of none, hg, rmhg, hmhg, found 'hold'$" --hold none,hold
bad "unknown allocator" "^gmc icnt: --alloc: icnt allocator: expected one of rr, hgalloc, found 'pim'$" --alloc pim
bad "a hold policy with an allocator that cannot hold" \
  "^gmc icnt: --hold hg: expected an allocator that holds grants \(--alloc hgalloc\), found --alloc rr$" --alloc rr --hold none,hg
bad "ports over the allocator's limit (hgalloc: 64)" \
  "^gmc icnt: xbar with --hold none: icnt allocator hgalloc: expected 1\.\.64 inputs and outputs, found 65 x 8$" --inputs 65
bad "too many input-output pairs" "expected at most 1048576 input-output pairs, found 2048 x 1024$" \
  --alloc rr --inputs 2048 --outputs 1024
bad "a field below its range" "^gmc icnt: --in-buf: expected an integer in 1\.\.65536, found '0'$" --in-buf 0
bad "a field above its range" "^gmc icnt: --vcs: expected an integer in 1\.\.8, found '9' \(too large\)$" --vcs 9
bad "a field's junk" "^gmc icnt: --latency: expected an integer in 1\.\.1000, found '4x' \(junk after the number\)$" --latency 4x
bad "--set: unknown key" "^gmc icnt: --set: expected a key of inputs, outputs, .*, found 'bogus'$" --set bogus=1
bad "--set: no =" "^gmc icnt: --set: expected KEY=VALUE, found 'in_buf'$" --set in_buf
bad "--set: a value out of range" "^gmc icnt: --set in-buf: expected an integer in 1\.\.65536, found '0'$" --set in_buf=0
bad "a rate of 0" "^gmc icnt: --rates: expected rates in \(0, 1\] as decimal numbers, found '0'$" --rates 0.1,0
bad "a rate above 1" "^gmc icnt: --rates: expected rates in \(0, 1\] as decimal numbers, found '1\.5'$" --rates 1.5
bad "a range upside down" "^gmc icnt: --rates: expected LO <= HI, found 0\.5:0\.1$" --rates 0.5:0.1:0.1
bad "a range without a step" "^gmc icnt: --rates: expected LO:HI:STEP, found '0\.1:0\.5'$" --rates 0.1:0.5
bad "a range ending past 1" "^gmc icnt: --rates: expected rates in \(0, 1\] as decimal numbers, found '2'$" --rates 0.1:2:0.1
bad "too many rates" "^gmc icnt: --rates: expected at most 200 rates, found 1000$" --rates 0.001:1:0.001
bad "unknown traffic" "^gmc icnt: --traffic: expected one of uniform, rowstream, found 'hotspot'$" --traffic hotspot
bad "--locality with uniform traffic" "^gmc icnt: --locality: expected --traffic rowstream" --traffic uniform --locality 4
bad "--locality below 1" "^gmc icnt: --locality: expected a mean run length in \[1, 1e9\], found '0\.5'$" --locality 0.5
bad "--dst-run below 1" "^gmc icnt: --dst-run: expected a mean run length in \[1, 1e9\], found '0'$" --dst-run 0
bad "--banks not a power of two" "^gmc icnt: --banks: expected a power of two in 1\.\.32, found 3$" --banks 3
bad "--banks above 32" "^gmc icnt: --banks: expected an integer in 1\.\.32, found '64' \(too large\)$" --banks 64
bad "--rows of 1" "^gmc icnt: --rows: expected an integer in 2\.\.4294967296, found '1'$" --rows 1
bad "--rows not a power of two" "^gmc icnt: --rows: expected a power of two in 2\.\.4294967296, found 1000$" --rows 1000
bad "--packet-bytes 0" "^gmc icnt: --packet-bytes: expected an integer in 1\.\.65535, found '0'$" --packet-bytes 0
bad "--cycles 0" "^gmc icnt: --cycles: expected an integer in 1\.\.10000000, found '0'$" --cycles 0
bad "--warmup too long" "^gmc icnt: --warmup: expected an integer in 0\.\.10000000, found '10000001' \(too large\)$" --warmup 10000001
bad "a window whose latencies would not fit" \
  "^gmc icnt: cycles: expected inputs x cycles at most 134217728 \(every packet's latency in the window is kept\), found 28 x 10000000$" \
  --cycles 10000000
bad "--seed junk" "^gmc icnt: --seed: expected an integer in 0\.\.18446744073709551615, found 'x'$" --seed x
bad "unknown option" "^gmc icnt: unknown option '--bogus' \(gmc icnt --help lists them\)$" --bogus 1
bad "an option without its value" "^gmc icnt: --rates: unknown option, or one that needs a value" --rates
bad "two outputs naming one file" "^gmc icnt: -o and --csv name the same file" -o "$T/x" --csv "$T/x"
# the mesh and the ring: placed as the GPU places SMs and slices, with the
# VC assignment and columns as options; zero-load latencies as
# docs/interconnect.md's formula gives them ((H+1)(L+2)+F-1 per pair)
for t in mesh ring; do
  "$GMC" icnt --topology $t --vcs 2 --vc-assign svca --hold none,hg --traffic rowstream --rates 0.05 --cycles 1500 --json >"$T/$t.json" 2>"$T/$t.err"
  python3 - "$T/$t.json" <<'PY' && ok "$t: runs placed, with svca, and HG holds in its routers" || notok "$t: runs placed, with svca, and HG holds in its routers" "$(cat "$T/$t.err")"
import json, sys
d = json.load(open(sys.argv[1]))
c = d["curves"]
assert [x["hold"] for x in c] == ["none", "hg"], c
assert c[0]["zero_load_latency"] > 10, c[0]["zero_load_latency"]    # several hops, not the crossbar's 4
p0, p1 = c[0]["points"][0], c[1]["points"][0]
assert p0["holds"] == 0 and p1["holds"] > 0
assert abs(p0["accepted"] - p0["offered"]) < 0.01
PY
done
bad "--placement: an unknown rule" "^gmc icnt: --placement: icnt_placement: expected one of gpgpusim, spread, row-major, found 'edges'" --placement edges
bad "--placement gpgpusim with counts it has no map for" "^gmc icnt: --placement gpgpusim: .*expected the SMs \+ L2 slices of one of GPGPU-Sim's maps .*found 10\+8" --topology mesh --inputs 10
"$GMC" icnt --topology mesh --inputs 10 --placement spread --rates 0.05 --cycles 500 >/dev/null 2>"$T/err" \
  && ok "--placement spread places any counts" || notok "--placement spread places any counts" "$(cat "$T/err")"
bad "--vc-assign: kind is the GPU's, not a choice here" "^gmc icnt: --vc-assign: expected one of dvca, svca, found 'kind'$" --vc-assign kind
bad "--mesh-cols: more columns than nodes" "^gmc icnt: --mesh-cols: expected 0 \(near-square\) or 1..36 \(the 28 inputs \+ 8 outputs\), found 37$" --topology mesh --mesh-cols 37
bad "the ring with one VC" "ring vcs: expected at least 2 virtual channels" --topology ring --rates 0.05
"$GMC" icnt --help | grep -q -- "--hold LIST" && ok "--help lists the options" || notok "--help"
finish
