#!/usr/bin/env bash
# End-to-end tests of `gmc overhead pcmwq` (the PCM write queue block's bits
# and comparators).  Usage: overhead_pcmwq.sh path/to/gmc
set -u
GMC=$1
. "$(dirname "$0")/lib.sh"

# NVMain's FRFCFS-WQF queue (8 entries, drain at 8 down to 0, no
# interruption) with 32-bit addresses and 16-bit versions: 8 x 48 = 384
# entry bits, head 3 + count 4 + busy, redo, drain mode 3 = 394, the
# flip-flops Yosys counts (make synth-pcmwq, n8_a32_v16_h8_l0_i0_k4).
if "$GMC" overhead pcmwq --entries 8 --json >"$T/p.json" && python3 - "$T/p.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
assert j["scheme"] == "pcmwq", j
p = j["params"]
assert (p["entries"], p["addr_bits"], p["tag_bits"], p["high"], p["low"], p["intr"], p["max_intr"]) == \
       (8, 32, 16, 8, 0, "none", 4), p
assert j["entry_bits"] == 384 and j["total_bits"] == 394 and j["total_bytes"] == 50, j
assert j["control"] == {"head": 3, "count": 4, "flags": 3, "intr_counter": 0}, j["control"]
assert j["entry_bits"] + sum(j["control"].values()) == j["total_bits"], j
assert j["comparators"] == 16 and j["comparator_bits"] == 32 and j["bits_compared"] == 512, j
r = j["rtl"]
assert r["flip_flops"] == 394 and r["params"]["Entries"] == 8 and r["params"]["HighWm"] == 8, r
PY
then ok "defaults: 394 bits (384 in entries), 16 comparators of 32 bits"; else notok "defaults" "$(cat "$T/p.json")"; fi

# Each parameter moves the count where the RTL does.
tb() { "$GMC" overhead pcmwq "$@" --json | sed -n 's/^  "total_bits": \([0-9]*\),$/\1/p'; }
[ "$(tb --entries 8 --intr 1)" = 397 ] && ok "cancel with a limit of 4: + a 3-bit counter" || notok "cancel: 397"
[ "$(tb --entries 8 --intr 2 --max-intr 0)" = 395 ] && ok "pause without a limit: + the paused flag" || notok "pause: 395"
[ "$(tb --entries 8 --high 6 --low 2)" = 394 ] && ok "other watermarks with hysteresis: the same bits" \
  || notok "hysteresis: 394"
[ "$(tb --entries 8 --high 6 --low 5)" = 393 ] && ok "low + 1 = high: no drain-mode flop" || notok "no hysteresis: 393"
[ "$(tb --entries 1 --addr-bits 4 --tag-bits 3)" = 10 ] && ok "one entry: no head pointer (7 + 1 + 2)" \
  || notok "one entry: 10"
[ "$(tb --entries 64 --addr-bits 48 --tag-bits 32)" = 5136 ] && ok "the largest: 64 x 80 + 6 + 7 + 3" \
  || notok "largest: $(tb --entries 64 --addr-bits 48 --tag-bits 32)"
"$GMC" overhead pcmwq --entries 8 | grep -q '^  total      394 bits = 50 bytes' && ok "text report" \
  || notok "text report" "$("$GMC" overhead pcmwq --entries 8)"

# The block the synthesis check prices says the same (same function).
[ "$(tb --entries 8 --addr-bits 12 --tag-bits 8 --high 6 --low 2 --intr 1 --max-intr 4)" = 173 ] \
  && ok "n8_a12_v8_h6_l2_i1_k4: 173, the lockstep configuration's flip-flops" || notok "n8_a12_v8_h6_l2_i1_k4: 173"

# Bad inputs: one line each, exit 2.
expect_fail "entries required" 2 "^gmc overhead: pcmwq: expected --entries N, found none$" -- "$GMC" overhead pcmwq
expect_fail "zero entries" 2 "^gmc overhead: --entries: expected an integer in 1\.\.64, found '0'$" -- \
  "$GMC" overhead pcmwq --entries 0
expect_fail "65 entries" 2 "^gmc overhead: --entries: expected an integer in 1\.\.64, found '65' \(too large\)$" -- \
  "$GMC" overhead pcmwq --entries 65
expect_fail "junk tag bits" 2 "^gmc overhead: --tag-bits: expected an integer in 1\.\.32, found 'x'$" -- \
  "$GMC" overhead pcmwq --entries 8 --tag-bits x
expect_fail "49 address bits" 2 "^gmc overhead: --addr-bits: expected an integer in 1\.\.48, found '49' \(too large\)$" -- \
  "$GMC" overhead pcmwq --entries 8 --addr-bits 49
expect_fail "high above the entries" 2 "^gmc overhead: --high: expected 1\.\.8 \(at most --entries\), found 9$" -- \
  "$GMC" overhead pcmwq --entries 8 --high 9
expect_fail "low not below high" 2 "^gmc overhead: --low: expected 0\.\.5 \(below --high\), found 6$" -- \
  "$GMC" overhead pcmwq --entries 8 --high 6 --low 6
expect_fail "intr 3" 2 "^gmc overhead: --intr: expected an integer in 0\.\.2, found '3' \(too large\)$" -- \
  "$GMC" overhead pcmwq --entries 8 --intr 3
expect_fail "missing value" 2 "missing value: '--entries'" -- "$GMC" overhead pcmwq --entries
expect_fail "an option of another scheme" 2 "unknown option or missing value: '--banks'" -- \
  "$GMC" overhead pcmwq --entries 8 --banks 4
finish
