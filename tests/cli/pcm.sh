#!/usr/bin/env bash
# The "pcm" device kind through gmc mem (docs/pcm.md): both PCM presets run
# a random trace and equal --step-every-cycle; unloaded read and write
# latencies from the keys; the per-bit energy by hand on a tiny trace; a
# PCM channel beside GDDR6 channels; the NVMain import (mapped values, the
# unmapped keys named in one line, the format in the report) and bad NVMain
# configs as one file:line error.
# Usage: pcm.sh path/to/gmc
set -u
GMC=$1
. "$(dirname "$0")/lib.sh"
NV=tests/data/nvmain/pcm_isscc2012.config
python3 - "$T" <<'PY'
import random, sys
random.seed(38)
with open(sys.argv[1] + "/t.gmc", "w") as f:
    for i in range(400):
        f.write(f"{i * 5} {'W' if random.random() < 0.3 else 'R'} 0x{random.randrange(1 << 30) & ~31:x}\n")
PY
printf '0 R 0x0\n' >"$T/r1"
printf '0 W 0x0\n' >"$T/w1"
printf '0 R 0x0\n0 W 0x1000040\n1 R 0x2000080\n2 W 0x0\n' >"$T/tiny"

for p in pcm-thesis pcm-nvmain-isscc12; do
  if "$GMC" mem --preset $p --trace "$T/t.gmc" --json -o "$T/a.json" 2>"$T/err" &&
     "$GMC" mem --preset $p --trace "$T/t.gmc" --json --step-every-cycle -o "$T/b.json" 2>>"$T/err" &&
     cmp -s "$T/a.json" "$T/b.json" &&
     python3 - "$T/a.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
assert j["requests"] == 400 and j["commands"]["REF"] == 0, j["commands"]
e = j["energy"]
assert e["act_pre"] == 0 and e["ref"] == 0 and e["bg_active"] == 0 and e["wr"] > e["rd"] > 0
PY
  then ok "$p: 400 requests, no REF, per-bit energy only, skip == every cycle"
  else notok "$p: random trace" "$(head -c 400 "$T/err")"; fi
done

# unloaded latencies (cycles from send to data done): read tRCD + tCL + tBURST,
# write tRCD + tCWL + tBURST (the pulse holds the bank, not the completion)
lat() { "$GMC" mem --preset "$1" --trace "$2" --channels 1 --json 2>/dev/null |
        python3 -c 'import json,sys; print(json.load(sys.stdin)["latency"]["max"])'; }
for spec in "pcm-thesis 168+20+4 168+8+4" "pcm-nvmain-isscc12 420+20+4 420+8+4"; do
  set -- $spec
  r=$(lat $1 "$T/r1"); w=$(lat $1 "$T/w1")
  if [ "$r" = "$(($2))" ] && [ "$w" = "$(($3))" ]; then ok "$1: read $r = $2, write $w = $3 cycles"
  else notok "$1: unloaded latencies" "read $r want $(($2)), write $w want $(($3))"; fi
done

# energy by hand: 2 reads and 2 writes of 32-byte (256-bit) bursts;
# pcm-thesis: 159 fJ/bit read, 100000 fJ/bit written
"$GMC" mem --preset pcm-thesis --trace "$T/tiny" --channels 1 --json -o "$T/e.json" 2>/dev/null
if python3 - "$T/e.json" <<'PY'
import json, sys
e = json.load(open(sys.argv[1]))["energy"]
rd, wr = 2 * 256 * 0.159, 2 * 256 * 100.0
assert abs(e["rd"] - rd) < 0.05 and abs(e["wr"] - wr) < 0.05 and abs(e["total"] - rd - wr) < 0.1, e
PY
then ok "pcm-thesis energy by hand: rd 81.4 pJ + wr 51200 pJ"
else notok "pcm-thesis energy by hand" "$(cat "$T/e.json" | head -c 300)"; fi

# a PCM channel beside GDDR6 channels: one command clock
if "$GMC" mem --preset gddr6-rtx2060s --channel-dram 0=pcm-thesis --trace "$T/t.gmc" --json \
     -o "$T/h.json" 2>"$T/err" && python3 - "$T/h.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
assert j["requests"] == 400 and j["energy"]["wr"] > 0
PY
then ok "pcm-thesis on channel 0 beside 15 GDDR6 channels"
else notok "pcm channel beside gddr6" "$(head -c 300 "$T/err")"; fi

# NVMain: mapped values (its own 400 MHz clock), the format, the unmapped keys in one line
"$GMC" mem --dram-cfg $NV --trace "$T/tiny" --channels 1 --json -o "$T/n.json" 2>"$T/err"
if python3 - "$T/n.json" "$T/err" <<'PY'
import json, sys
j = json.load(open(sys.argv[1])); err = open(sys.argv[2]).read()
assert j["dram_cfg"]["format"] == "nvmain", j["dram_cfg"]
e = j["energy"]   # 512-bit words: Erd 0.0812 nJ -> 159 fJ/bit, Ewr 1.684811 nJ -> 3291 fJ/bit
assert abs(e["rd"] - 2 * 512 * 0.159) < 0.05 and abs(e["wr"] - 2 * 512 * 3.291) < 0.05, e
lines = [l for l in err.splitlines() if "NVMain keys gmc does not model" in l]
assert len(lines) == 1 and lines[0].startswith("tests/data/nvmain/pcm_isscc2012.config:7: warning:")
for k in ("DeviceWidth", "tRAS", "tWR", "Ewrpb", "ReadQueueSize", "HighWaterMark"):
    assert " " + k in lines[0], k
PY
then ok "NVMain config: format nvmain, Erd/Ewr per bit, unmapped keys named in one line"
else notok "NVMain config" "$(head -c 400 "$T/err")"; fi
# unloaded read at NVMain's clock: tRCD 48 + tCAS 1 + tBURST 4
r=$("$GMC" mem --dram-cfg $NV --trace "$T/r1" --channels 1 --json 2>/dev/null |
    python3 -c 'import json,sys; j=json.load(sys.stdin); print(j["latency"]["max"], j["tck_ps"] if "tck_ps" in j else "")')
case "$r" in 53*) ok "NVMain read miss: 48 + 1 + 4 = 53 cycles";; *) notok "NVMain read miss" "got $r";; esac

# bad NVMain configs: one file:line error, exit 1
bad() {   # bad NAME REGEX TEXT
  printf '%b' "$3" >"$T/bad.config"
  expect_fail "NVMain: $1" 1 "$2" -- "$GMC" mem --dram-cfg "$T/bad.config" --trace "$T/r1"
}
bad "no tWP" "bad.config:3: expected tWP .*found none" 'CLK 400\ntRCD 48\ntCAS 1\n'
bad "a word for a number" "bad.config:2: expected tRCD" 'CLK 400\ntRCD fast\ntWP 60\n'
bad "two ranks" "bad.config:2: expected RANKS 1" 'CLK 400\nRANKS 2\ntWP 60\n'
bad "refresh" "bad.config:2: expected UseRefresh false" 'CLK 400\nUseRefresh true\ntWP 60\n'
bad "a key twice" "bad.config:3: expected each key once, found a second 'tWP' \\(first on line 2\\)" 'CLK 400\ntWP 60\ntWP 61\n'
bad "a key without a value" "bad.config:2: expected an NVMain line" 'CLK 400\ntWP\n'
bad "tWP out of range" "bad.config:2: expected tWP \\(gmc tWP\\) in 1..100000, found '0'" 'CLK 400\ntWP 0\n'
bad "a bad energy" "bad.config:3: expected Erd" 'CLK 400\ntWP 60\nErd lots\n'
finish
