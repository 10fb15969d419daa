#!/usr/bin/env bash
# End-to-end tests of `gmc overhead`.  Usage: overhead.sh path/to/gmc
set -u
GMC=$1
. "$(dirname "$0")/lib.sh"

if "$GMC" overhead warped-mc --started-bits 0 --json >"$T/w.json" && python3 - "$T/w.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
assert j["total_bits"] == 11264 and j["total_bytes"] == 1408, j
assert set(j["tables"]) == {"wat", "wet", "rs", "pt"}
assert sum(t["bits"] for t in j["tables"].values()) == j["total_bits"]
r = j["rtl"]
assert r["memory_bits"] == 11264 and r["flip_flops"] == 160 and r["flop_mapped_ff"] == 11424, r
assert r["params"]["NumBanks"] == 16 and r["params"]["PendBits"] == 6, r
PY
then ok "warped-mc, Table 3's count (--started-bits 0): 1408 bytes, one entry per table, RTL memory bits and flops beside"; else notok "warped-mc --started-bits 0"; fi
# The default prices Algorithm 1's reading: a started bit per WET entry.
if "$GMC" overhead warped-mc --json >"$T/w1.json" && python3 - "$T/w1.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
assert j["total_bits"] == 12288 and j["total_bytes"] == 1536, j
assert j["tables"]["wet"]["entry_bits"] == 7, j
r = j["rtl"]
assert r["memory_bits"] == 12288 and r["flip_flops"] == 160, r
assert r["params"]["ScoreAt"] == 0 and r["params"]["MRule"] == 0, r
PY
then ok "warped-mc defaults: 1536 bytes (Table 3 + a started bit per WET entry)"; else notok "warped-mc defaults"; fi
"$GMC" overhead warped-mc --banks 128 --json >"$T/w128.json" && python3 - "$T/w128.json" <<'PY' \
  && ok "warped-mc beyond the RTL's limits: rtl null with the reason" || notok "warped-mc beyond the RTL's limits"
import json, sys
j = json.load(open(sys.argv[1]))
assert j["rtl"] is None and "NB must be 1..64" in j["rtl_note"], j
PY

"$GMC" overhead frfcfs --mcs 8 --queue 32 --rows 4096 --banks 4 --json | grep -q '"bits_compared": 3584' \
  && ok "frfcfs Yuan et al. [MICRO'09] Table 1: 3584" || notok "frfcfs Yuan et al. [MICRO'09] Table 1: 3584"
"$GMC" overhead frfcfs --mcs 16 --queue 64 --rows 32768 --banks 16 --json | grep -q '"bits_compared": 19456' \
  && ok "frfcfs scaled: 16*64*(15+4)" || notok "frfcfs scaled"
"$GMC" overhead warped-mc --started-bits 0 --banks 32 --json | grep -q '"total_bits": 16384' \
  && ok "warped-mc scales with banks" || notok "warped-mc scales with banks"
expect_fail "unknown scheme" 2 "unknown scheme 'lru'" -- "$GMC" overhead lru
expect_fail "zero banks" 2 "^gmc overhead: --banks: expected an integer in 1\.\.1024, found '0'$" -- "$GMC" overhead warped-mc --banks 0
expect_fail "junk number" 2 "^gmc overhead: --queue: expected an integer in 1\.\.4294967295, found 'x'$" -- "$GMC" overhead frfcfs --queue x
expect_fail "a value past the range: the range, not 'a non-negative integer'" 2 \
  "^gmc overhead: --mcs: expected an integer in 1\.\.4294967295, found '4294967296' \(too large\)$" -- \
  "$GMC" overhead frfcfs --mcs 4294967296
expect_fail "warped-mc: one range per option" 2 "^gmc overhead: --sms: expected an integer in 1\.\.4096, found '5000' \(too large\)$" -- \
  "$GMC" overhead warped-mc --sms 5000
# counts past 64 bits are an error, not a number wrapped around
expect_fail "frfcfs: M*Q*(log2 nR + log2 nB) past 2^64" 2 \
  "^gmc overhead: expected M\*Q\*\(log2 nR \+ log2 nB\) below 2\^64, found more \(M=4294967295 Q=4294967295 nR=4294967295 nB=4294967295\)$" -- \
  "$GMC" overhead frfcfs --mcs 4294967295 --queue 4294967295 --rows 4294967295 --banks 4294967295 --json
expect_fail "frfcfs: M*(nB*log2 nR + log2 nB) past 2^64" 2 "^gmc overhead: expected M\*\(nB\*log2 nR \+ log2 nB\) below 2\^64" -- \
  "$GMC" overhead frfcfs --mcs 4294967295 --queue 1 --rows 18446744073709551615 --banks 4294967295
"$GMC" overhead frfcfs --mcs 65536 --queue 65536 --rows 4294967296 --banks 65536 --json | grep -q '"bits_compared": 206158430208' \
  && ok "frfcfs: a large count that fits is exact (2^32 x 48)" || notok "frfcfs: a large count that fits"
expect_fail "missing value" 2 "missing value" -- "$GMC" overhead frfcfs --queue
finish
