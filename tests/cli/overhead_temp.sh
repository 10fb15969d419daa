#!/usr/bin/env bash
# End-to-end tests of `gmc overhead ccws|tbas|temp` (thread batching's
# state: docs/thread-batching.md "What the mechanisms store"), every total
# worked out by hand below.  Usage: overhead_temp.sh path/to/gmc
set -u
GMC=$1
. "$(dirname "$0")/lib.sh"

tb() { "$GMC" overhead "$@" --json | sed -n 's/^  "total_bits": \([0-9]*\),$/\1/p'; }

# CCWS, TEMP [JETC'19] Table 4's SM (48 warps) with gmc's ccws_vta 16 and
# ccws_k 8: tags of 32 - 7 = 25 bits + valid + 4 LRU bits = 30, x 768;
# scores up to 100 + 8 x 48 x 100 = 38500: 16 bits x 48; two 16-bit
# counts: 23040 + 768 + 32 = 23840.
if "$GMC" overhead ccws --json >"$T/c.json" && python3 - "$T/c.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
assert j["scheme"] == "ccws" and j["params"]["vta"] == 16 and j["params"]["warps"] == 48, j
p = j["parts"]
assert p["vta"] == {"entry_bits": 30, "entries": 768, "bits": 23040}, p
assert p["scores"]["bits"] == 768 and p["llds_counts"]["bits"] == 32, p
assert j["total_bits"] == 23840 and j["total_bytes"] == 2980, j
PY
then ok "ccws defaults: 23840 bits (23040 in victim tags)"; else notok "ccws defaults" "$(cat "$T/c.json")"; fi
# MacSim's 8 tags, one warp, 40-bit addresses, 64 B lines: 34 + 1 + 3 = 38
# x 8 = 304; score up to 900: 10 bits; + 2 x 16 = 346
[ "$(tb ccws --warps 1 --vta 8 --addr-bits 40 --line-bytes 64)" = 346 ] && ok "ccws: one warp, 8 tags: 346" \
  || notok "ccws one warp: $(tb ccws --warps 1 --vta 8 --addr-bits 40 --line-bytes 64)"

# TBAS: running 1 x 17, pending 8 x 17, 48 x 3-bit batch index, demoted 17
[ "$(tb tbas)" = 314 ] && ok "tbas defaults: 314 bits" || notok "tbas defaults: $(tb tbas)"
# two running batches, 16 CTA slots, 20-bit ids: 2 x 21 + 16 x 21 + 48 x 4 + 21 = 591
[ "$(tb tbas --batches 2 --ctas 16 --batch-bits 20)" = 591 ] && ok "tbas: 2 running, 16 slots: 591" \
  || notok "tbas 591: $(tb tbas --batches 2 --ctas 16 --batch-bits 20)"

# TEMP: 8 SMs x head and tail of 16 bits = 256; 32 colors x (3 + 20) = 736;
# 8 x log2(4) = 16: 1008
[ "$(tb temp)" = 1008 ] && ok "temp defaults: 1008 bits" || notok "temp defaults: $(tb temp)"
# pae-gddr5 with gddr5-hynix: 12 SMs, 8 colors: 384 + 8 x (4 + 20) + 12 x 0 = 576
[ "$(tb temp --sms 12 --colors 8)" = 576 ] && ok "temp: 12 SMs on 8 colors: 576" \
  || notok "temp 576: $(tb temp --sms 12 --colors 8)"
"$GMC" overhead tbas | grep -q '^  total 314 bits = 40 bytes$' && ok "text report" \
  || notok "text report" "$("$GMC" overhead tbas)"

expect_fail "ccws zero tags" 2 "^gmc overhead: --vta: expected an integer in 1\.\.64, found '0'$" -- \
  "$GMC" overhead ccws --vta 0
expect_fail "ccws line not a power of two" 2 "^gmc overhead: --line-bytes: expected a power of two below 2\^addr-bits, found 100$" -- \
  "$GMC" overhead ccws --line-bytes 100
expect_fail "tbas unknown option" 2 "^gmc overhead: unknown option or missing value: '--vta'" -- \
  "$GMC" overhead tbas --vta 3
finish
