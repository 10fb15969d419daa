#!/usr/bin/env bash
# gmc mem --channel-dram: a device per channel (docs/cli.md "gmc mem",
# docs/memory.md "Device kinds").  Each channel is timed by its own device
# (an unloaded read takes that device's tRCD + tCL + tBURST), bytes and
# peak bandwidth count each channel's burst, the energy prices each channel
# by its device, skipping idle cycles equals stepping every cycle, the same
# device everywhere is the run without the option, and bad options are one
# error line.
# Usage: mem_channel_dram.sh path/to/gmc
set -u
GMC=$1
. "$(dirname "$0")/lib.sh"
cat >"$T/wide.cfg" <<'EOF'
# a copy of gddr6-rtx2060s with 64-byte bursts and longer column timing
name = gddr6-wide
burst_length = 32
tCCD_S = 8
tCCD_L = 8
tRCD = 26
tCL = 24
idd4r_ma = 150
EOF
# one read to channel 0, one to channel 1, far apart (closed banks)
printf '0 R 0x0\n1000 R 0x100\n' >"$T/two"
python3 - "$T" <<'PY'
import random, sys
random.seed(11)
with open(sys.argv[1] + "/t.gmc", "w") as f:
    t = 0
    for i in range(3000):
        t += random.choice((0, 1, 1, 2, 5, 40))
        a = random.randrange(1 << 31) & ~31
        if random.random() < 0.5:
            a &= 0x3f0fff
        f.write(f"{t} {'W' if random.random() < 0.3 else 'R'} 0x{a:x}\n")
PY
MIX=(--channels 4 --channel-dram "odd=$T/wide.cfg")

"$GMC" mem "${MIX[@]}" --no-refresh --trace "$T/two" --per-request "$T/pr" >/dev/null 2>&1
if [ "$(awk '!/^#/ {print $3, $12}' "$T/pr" | tr '\n' ' ')" = "0 44 1 58 " ]; then
  ok "an unloaded read takes its channel's tRCD + tCL + tBURST (44 on gddr6-rtx2060s, 58 on gddr6-wide)"
else
  notok "per-channel unloaded latency" "$(cat "$T/pr")"
fi

if "$GMC" mem "${MIX[@]}" --trace "$T/t.gmc" --json >"$T/j" 2>"$T/e" &&
   "$GMC" mem --channels 4 --trace "$T/t.gmc" --json >"$T/j1" 2>/dev/null &&
   python3 - "$T/j" "$T/j1" <<'PY'
import json, sys
j, one = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
d = j["devices"]
assert [(x["name"], x["burst_bytes"], x["channels"]) for x in d] == \
    [("gddr6-rtx2060s", 32, [0, 2]), ("gddr6-wide", 64, [1, 3])], d
assert "devices" not in one
pc = {c["channel"]: c["requests"] for c in j["per_channel"]}
assert j["bytes"] == 32 * (pc[0] + pc[2]) + 64 * (pc[1] + pc[3]), (j["bytes"], pc)
assert j["burst_bytes"] == 32     # the most any request may carry anywhere
# peak: 2 channels of 32 B per 4 cycles + 2 of 64 B per 8 cycles, at 286 ps
assert abs(j["peak_bandwidth_bytes_per_s"] - 4 * 32 / (4 * 286e-12)) < 1, j["peak_bandwidth_bytes_per_s"]
e = j["energy"]
assert abs(sum(e[k] for k in ("act_pre", "rd", "wr", "ref", "bg_active", "bg_precharged")) - e["total"]) <= 0.5
assert e["rd"] != one["energy"]["rd"]   # wide's reads cost more (idd4r, tBURST)
PY
then ok "JSON: each device with its channels, bytes and peak by each channel's burst, energy by each device"
else notok "JSON of a mixed run" "$(head -c 400 "$T/e")"; fi

"$GMC" mem "${MIX[@]}" --trace "$T/t.gmc" --json >"$T/a" 2>/dev/null
"$GMC" mem "${MIX[@]}" --trace "$T/t.gmc" --json --step-every-cycle >"$T/b" 2>/dev/null
if [ -s "$T/a" ] && cmp -s "$T/a" "$T/b"; then ok "mixed devices: skipping idle cycles = stepping every cycle"
else notok "mixed devices: skipping idle cycles = stepping every cycle"; fi

"$GMC" mem --channels 4 --trace "$T/t.gmc" >"$T/a" 2>&1
"$GMC" mem --channels 4 --channel-dram 0-3=gddr6-rtx2060s --trace "$T/t.gmc" >"$T/b" 2>&1
if cmp -s "$T/a" "$T/b"; then ok "the run's own device on every channel is the run without the option"
else notok "the run's own device on every channel" "$(diff "$T/a" "$T/b" | head -5)"; fi

printf 'tck_ps = 300\n' >"$T/clk.cfg"
printf '\ntCL = 0\n' >"$T/bad.cfg"
printf 'kind = stt\n' >"$T/stt.cfg"
expect_fail "no '='" 2 "expected CHANNELS=PRESET[|]FILE .*found 'odd'" -- "$GMC" mem --channel-dram odd --trace "$T/two"
expect_fail "a bad channel list" 2 "expected channels as N, A-B, odd or even.*found 'x'" -- \
  "$GMC" mem --channel-dram x=gddr3 --trace "$T/two"
expect_fail "a channel not simulated" 2 "expected channels 0\.\.3 \(the channels simulated\), found 4" -- \
  "$GMC" mem --channels 4 --channel-dram 2-4=gddr3 --trace "$T/two"
expect_fail "a channel twice" 2 "expected each channel once, found channel 1 in 'odd=.*' and '1=gddr3'" -- \
  "$GMC" mem --channels 4 --channel-dram "odd=$T/wide.cfg" --channel-dram 1=gddr3 --trace "$T/two"
expect_fail "an unknown preset" 2 "expected a preset \(ddr3-1866, gddr3, .*\) or a config file, found 'gddr7'" -- \
  "$GMC" mem --channel-dram 1=gddr7 --trace "$T/two"
expect_fail "another command clock" 1 "channel 3 \(clk\): expected tck_ps = 286 \(the command clock every channel shares, gddr6-rtx2060s's\), found 300" -- \
  "$GMC" mem --channels 4 --channel-dram "3=$T/clk.cfg" --trace "$T/two"
expect_fail "a bad key, at its file and line" 1 "bad.cfg:2: expected tCL as a decimal integer in 1\.\.1000, found '0'" -- \
  "$GMC" mem --channel-dram "1=$T/bad.cfg" --trace "$T/two"
expect_fail "an unknown kind" 1 "stt.cfg:1: expected a device kind \(dram, pcm\), found 'stt'" -- \
  "$GMC" mem --channel-dram "1=$T/stt.cfg" --trace "$T/two"
finish
