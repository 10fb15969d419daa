#!/usr/bin/env bash
# End-to-end tests of `gmc overhead icnt`: Yuan et al. [MICRO'09] sec. 3.4's
# formulas (Table 1) written out here by hand for the paper's configuration
# and a scaled one, on every topology and policy, the printed Table 1 beside
# them (HMHG4 on the crossbar is the one row whose total disagrees), the
# allocator block's flip-flops and measured cells, and bad input.
# Usage: overhead_icnt.sh path/to/gmc
set -u
GMC=$1
. "$(dirname "$0")/lib.sh"

# Every (topology, policy) at C=28 M=8 nR=4096 nB=4 Q=32 against the formulas.
for topo in xbar mesh ring; do
  for pol in hg rmhg hmhg4 hmhg7 none; do
    "$GMC" overhead icnt --topology $topo --policy $pol --json >"$T/$topo.$pol.json" 2>"$T/err" \
      || { notok "$topo $pol ran" "$(cat "$T/err")"; continue; }
    if python3 - "$T/$topo.$pol.json" $topo $pol <<'PY' 2>"$T/py.err"
import json, sys
j = json.load(open(sys.argv[1])); topo, pol = sys.argv[2], sys.argv[3]
C, M, lR, nB, Q, lB = 28, 8, 12, 4, 32, 2
# routers R, input-output pairs per router P, outputs per router O (sec. 3.4, 5.1)
R, P, O = {"xbar": (1, C * M, M), "mesh": (C + M, 20, 5), "ring": (C + M, 12, 3)}[topo]
k = int(pol[4:]) if pol.startswith("hmhg") else 0
stored, compared = {
    "none": (0, 0),
    "hg": (R * P, R * P),
    "rmhg": (R * P + R * lR * nB * M, R * P + R * lR * O),
    "hmhg4": (R * P + R * k * O, R * P + R * k * O),
    "hmhg7": (R * P + R * k * O, R * P + R * k * O),
}[pol]
assert (j["bits_stored"], j["bits_compared"]) == (stored, compared), (j["bits_stored"], j["bits_compared"], stored, compared)
assert (j["routers"], j["pairs_per_router"], j["outputs_per_router"]) == (R, P, O)
s = {x["name"].split()[0]: x for x in j["schemes"]}
assert s["FR-FCFS"]["sched_bits_compared"] == M * Q * (lR + lB) == 3584
assert s["BFIFO"]["sched_bits_compared"] == M * (nB * lR + lB) == 400
assert s["FR-FCFS"]["icnt_bits_stored"] == 0 and s["BFIFO"]["icnt_bits_compared"] == 0
row = [x for x in j["schemes"] if x["name"].startswith("BFIFO+")][0]
assert row["icnt_bits_stored"] == stored and row["sched_bits_compared"] == 400, row
# Table 1 as printed: the crossbar's and the mesh's HG, RMHG and HMHG4 rows
printed = {("xbar", "hg"): (224, 224), ("mesh", "hg"): (720, 720), ("xbar", "rmhg"): (608, 320),
           ("mesh", "rmhg"): (14544, 2880), ("xbar", "hmhg4"): (320, 320), ("mesh", "hmhg4"): (1440, 1440)}
t = j["table1"]
if (topo, pol) in printed:
    assert (t["bits_stored"], t["bits_compared"]) == printed[(topo, pol)], t
    assert t["formula_agrees"] == ((topo, pol) != ("xbar", "hmhg4")), t
else:
    assert t is None, t
r = j["rtl"]
assert r["instances"] == R and (r["inputs"], r["outputs"]) == ((C, M) if topo == "xbar" else (O, O)), r
assert r["flip_flops_total"] == r["flip_flops"] * R
PY
    then ok "$topo $pol: the formulas of sec. 3.4 / Table 1, FR-FCFS 3584, BFIFO 400, Table 1's print beside"
    else notok "$topo $pol" "$(tail -2 "$T/py.err")"; fi
  done
done

# The ring is 3/5 of the mesh (sec. 5.1) wherever the ports count.
python3 - "$T" <<'PY' && ok "ring = 3/5 of the mesh: HG, HMHG4, RMHG's comparisons" || notok "ring = 3/5 of the mesh"
import json, sys
d = sys.argv[1]
g = lambda t, p: json.load(open(f"{d}/{t}.{p}.json"))
for p in ("hg", "hmhg4"):
    for f in ("bits_stored", "bits_compared"):
        assert g("ring", p)[f] * 5 == g("mesh", p)[f] * 3, (p, f)
assert g("ring", "rmhg")["bits_compared"] * 5 == g("mesh", "rmhg")["bits_compared"] * 3
PY

# The allocator block: model flip-flops (= Yosys's FF) and the measured cells
# of docs/blocks/gmc_hgalloc.md (the paper's crossbar: HG 348 / 9358, HMHG4 380 / 13430).
python3 - "$T" <<'PY' && ok "allocator RTL: 28 x 8 HG 348 FF / 9358 cells, HMHG4 380 / 13430, RMHG 732 / 24931; a mesh router 5 x 5" \
  || notok "allocator RTL numbers"
import json, sys
d = sys.argv[1]
g = lambda t, p: json.load(open(f"{d}/{t}.{p}.json"))["rtl"]
assert (g("xbar", "hg")["flip_flops"], g("xbar", "hg")["cells"]) == (348, 9358)
assert (g("xbar", "hmhg4")["flip_flops"], g("xbar", "hmhg4")["cells"]) == (380, 13430)
assert (g("xbar", "rmhg")["flip_flops"], g("xbar", "rmhg")["cells"]) == (732, 24931)
assert g("xbar", "hmhg7")["cells"] is None and g("xbar", "hmhg7")["config"] == "c28_m8_p3_r12_b2_k7_l0_pb0_f1"
m = g("mesh", "hg")
# 5 x 5: pointers 5*3 + 5*3, hold bits 25
assert (m["config"], m["flip_flops"], m["cells"]) == ("c5_m5_p1_r12_b2_k4_l0_pb0_f1", 55, 785), m
PY

# A scaled configuration: C=16 M=4 nR=8192 (13 bits) nB=8 Q=16, mesh RMHG and crossbar HMHG6.
"$GMC" overhead icnt --topology mesh --policy rmhg --cores 16 --mcs 4 --rows 8192 --banks 8 --queue 16 --json \
  >"$T/s1.json" && python3 - "$T/s1.json" <<'PY' && ok "scaled mesh RMHG: 20*20 + 20*13*8*4 stored, 20*20 + 20*13*5 compared" || notok "scaled mesh RMHG"
import json, sys
j = json.load(open(sys.argv[1]))
assert (j["bits_stored"], j["bits_compared"]) == (20 * 20 + 20 * 13 * 8 * 4, 20 * 20 + 20 * 13 * 5), j
assert j["schemes"][0]["sched_bits_compared"] == 4 * 16 * (13 + 3) and j["schemes"][1]["sched_bits_compared"] == 4 * (8 * 13 + 3)
assert j["table1"] is None
PY
"$GMC" overhead icnt --policy hmhg6 --cores 16 --mcs 4 --json | grep -q '"bits_stored": 88,' \
  && ok "scaled crossbar HMHG6: 16*4 + 6*4 = 88" || notok "scaled crossbar HMHG6"
"$GMC" overhead icnt --policy hmhg4 >"$T/txt" && grep -q "Table 1 prints 320 stored and 320 compared for this row: its formulas give 256 and 256 (taken here)" "$T/txt" \
  && ok "the text says where Table 1's print and its formula disagree (crossbar HMHG4)" || notok "disagreement note"
"$GMC" overhead icnt --cores 65 --json >"$T/big.json" && python3 -c 'import json,sys; j=json.load(open(sys.argv[1])); assert j["rtl"] is None and "1..64 inputs" in j["rtl_note"] and j["bits_stored"] == 65*8' "$T/big.json" \
  && ok "beyond the block's 64 ports: the formulas, rtl null with the reason" || notok "beyond the block's ports"

expect_fail "unknown topology" 2 "^gmc overhead: --topology: expected one of xbar, mesh, ring, found 'torus'$" -- \
  "$GMC" overhead icnt --topology torus
expect_fail "unknown policy" 2 "^gmc overhead: --policy: expected one of none, hg, rmhg, hmhg, hmhgK \(K = 1\.\.32 hash bits\), found 'pim'$" -- \
  "$GMC" overhead icnt --policy pim
expect_fail "hmhg0" 2 "found 'hmhg0'$" -- "$GMC" overhead icnt --policy hmhg0
expect_fail "hmhg33" 2 "found 'hmhg33'$" -- "$GMC" overhead icnt --policy hmhg33
expect_fail "zero cores" 2 "^gmc overhead: --cores: expected an integer in 1\.\.4294967295, found '0'$" -- "$GMC" overhead icnt --cores 0
expect_fail "zero banks" 2 "^gmc overhead: --banks: expected an integer in 1\.\.4294967295, found '0'$" -- "$GMC" overhead icnt --banks 0
expect_fail "counts past 2^64" 2 "^gmc overhead: expected the bit counts below 2\^64, found more" -- \
  "$GMC" overhead icnt --policy rmhg --topology mesh --cores 4294967295 --mcs 4294967295 --rows 18446744073709551615 --banks 4294967295
expect_fail "unknown option" 2 "^gmc overhead: unknown option or missing value: '--vcs'" -- "$GMC" overhead icnt --vcs 2
expect_fail "missing value" 2 "^gmc overhead: unknown option or missing value: '--policy'" -- "$GMC" overhead icnt --policy
finish
