#!/usr/bin/env bash
# A hybrid memory (docs/pcm.md "Hybrid memory"): gmc mem --hybrid and gmc
# sim's hybrid_* keys.  Each placement's shares of accesses and bytes add
# up to the run's; ratio and bw-aware give their page share on a uniform
# trace; write-aware sends the pages a crafted trace never writes to the
# second memory and the written ones to the first; skipping idle cycles
# equals stepping every cycle; the channel placement over one device is the
# one-memory run; bad options and keys are one error line.
# Usage: hybrid.sh path/to/gmc
set -u
GMC=$1
. "$(dirname "$0")/lib.sh"
cat >"$T/slow.cfg" <<'EOF'
# a slower second memory on gddr6-rtx2060s's clock (until a PCM preset: long
# activations and write recovery, no refresh)
name = slowmem
tRCD = 60
tWR = 200
tRAS = 80
tRC = 140
refresh = 0
EOF
cat >"$T/wide.cfg" <<'EOF'
name = widemem
bus_width = 32
EOF
python3 - "$T" <<'PY'
import random, sys
random.seed(38)
with open(sys.argv[1] + "/u.gmc", "w") as f:      # uniform over 2^28 bytes
    t = 0
    for i in range(30000):
        t += random.choice((0, 1, 1, 2))
        f.write(f"{t} {'W' if random.random() < 0.3 else 'R'} 0x{random.randrange(1 << 28) & ~31:x}\n")
with open(sys.argv[1] + "/w.gmc", "w") as f:      # writes to pages 0..63 only, reads everywhere
    t = 0
    for i in range(20000):
        t += random.choice((0, 1, 2))
        if random.random() < 0.3:
            f.write(f"{t} W 0x{random.randrange(64 << 12) & ~31:x}\n")
        else:
            f.write(f"{t} R 0x{random.randrange(1 << 24) & ~31:x}\n")
PY
H=(--channels 8 --hybrid "$T/slow.cfg" --hybrid-channels 4)

# ---- gmc mem: shares that add up, each placement ------------------------
for p in channel ratio bw-aware write-aware; do
  extra=(); [ $p = ratio ] && extra=(--page-share 1/4)
  if "$GMC" mem "${H[@]}" --placement $p "${extra[@]}" --trace "$T/u.gmc" --json >"$T/$p.json" 2>"$T/e" &&
     python3 - "$T/$p.json" $p <<'PY' >"$T/err" 2>&1
import json, sys
j, p = json.load(open(sys.argv[1])), sys.argv[2]
h = j["hybrid"]; m = h["memories"]
assert h["placement"] == p, h
assert [(x["first_channel"], x["channels"], x["device"]) for x in m] == [(0, 8, "gddr6-rtx2060s"), (8, 4, "slowmem")], m
assert m[0]["reads"] + m[1]["reads"] == j["reads"] and m[0]["writes"] + m[1]["writes"] == j["writes"]
assert m[0]["bytes"] + m[1]["bytes"] == j["bytes"], (m, j["bytes"])
assert abs(m[0]["access_share"] + m[1]["access_share"] - 1) < 1e-5
assert abs(m[0]["byte_share"] + m[1]["byte_share"] - 1) < 1e-5
hits = sum(c["row_hits"] for c in j["per_channel"])
assert m[0]["row_hits"] + m[1]["row_hits"] == hits == j["row_hits"]
assert abs(m[0]["energy_pj"] + m[1]["energy_pj"] - j["energy"]["total"]) < 1, (m, j["energy"])
s1 = m[1]["access_share"]
want = {"channel": 4 / 12, "ratio": 1 / 4, "bw-aware": 1 / 3}.get(p)
if want is not None:   # 8192-page uniform trace: within 3 points of the page share
    assert abs(s1 - want) < 0.03, (p, s1, want)
if p == "bw-aware":
    assert h["share"] == [1, 3], h
print(f"{p}: memory 1 served {s1:.3f} of accesses")
PY
  then ok "gmc mem --placement $p: reads, writes, bytes, row hits and energy of the memories add up ($(cat "$T/err" | tail -1))"
  else notok "gmc mem --placement $p: shares add up" "$(cat "$T/e" "$T/err" | tail -3)"; fi
done

# bw-aware follows the bandwidth: 8 x16 channels against 4 x32 ones: 1/2
if "$GMC" mem --channels 8 --hybrid "$T/wide.cfg" --hybrid-channels 4 --trace "$T/u.gmc" --json >"$T/j" 2>/dev/null &&
   python3 -c "
import json, sys; h = json.load(open('$T/j'))['hybrid']
assert h['share'] == [1, 2], h
s = h['memories'][1]['access_share']; assert abs(s - 0.5) < 0.03, s" 2>"$T/err"
then ok "bw-aware: 4 channels of twice the width get 1/2 of the pages (and of the accesses)"
else notok "bw-aware: the bandwidth ratio" "$(tail -2 "$T/err")"; fi

# write-aware: the profile is a first pass; only the 64 written pages stay in memory 0
if "$GMC" mem "${H[@]}" --placement write-aware --trace "$T/w.gmc" --json >"$T/j" 2>/dev/null &&
   python3 - "$T/j" <<'PY' 2>"$T/err"
import json, sys
j = json.load(open(sys.argv[1])); h = j["hybrid"]; m = h["memories"]
assert m[1]["writes"] == 0 and m[0]["writes"] == j["writes"] > 0, m
assert h["wa_pages"] == h["profiled_pages"] - 64, h       # every page but the written 64
assert 3900 < h["profiled_pages"] <= 4096, h              # of the 2^24 / 4 KB pages it reads
assert m[1]["reads"] > 0.9 * j["reads"], m                 # reads of pages 0..63 stay in memory 0
PY
then ok "write-aware: the 64 written pages in memory 0, the read-only ones in memory 1 (0 writes there)"
else notok "write-aware on a crafted trace" "$(tail -2 "$T/err")"; fi
if "$GMC" mem "${H[@]}" --placement write-aware --wa-writes 1000000 --trace "$T/w.gmc" --json >"$T/j" 2>/dev/null &&
   python3 -c "import json; h = json.load(open('$T/j'))['hybrid']; assert h['wa_pages'] == h['profiled_pages'] and h['memories'][0]['reads'] + h['memories'][0]['writes'] == 0, h"
then ok "write-aware --wa-writes above every count: every page in memory 1"
else notok "write-aware --wa-writes" "$(cat "$T/j" | head -c 300)"; fi

# the second memory's controller: its own scheduler and write policy
if "$GMC" mem "${H[@]}" --hybrid-sched fcfs --hybrid-write-policy ramulator2 --trace "$T/u.gmc" --json >"$T/j" 2>/dev/null &&
   python3 -c "
import json; m = json.load(open('$T/j'))['hybrid']['memories']
assert [(x['sched'], x['write_policy']) for x in m] == [('frfcfs', 'gpgpusim'), ('fcfs', 'ramulator2')], m"
then ok "--hybrid-sched, --hybrid-write-policy: each memory its own controller policy"
else notok "per-memory controller policy" "$(head -c 300 "$T/j")"; fi

# skipping idle cycles over both memories = stepping every cycle, every placement
same=0
for p in channel bw-aware write-aware; do
  "$GMC" mem "${H[@]}" --placement $p --trace "$T/w.gmc" --json >"$T/a" 2>/dev/null
  "$GMC" mem "${H[@]}" --placement $p --trace "$T/w.gmc" --json --step-every-cycle >"$T/b" 2>/dev/null
  cmp -s "$T/a" "$T/b" && [ -s "$T/a" ] && same=$((same + 1))
done
[ $same = 3 ] && ok "--step-every-cycle: the same report bytes under channel, bw-aware and write-aware" \
  || notok "--step-every-cycle equals skipping" "$same of 3"

# ---- gmc sim --------------------------------------------------------------
# a small L2 (8 KB slices): the stream's writes reach DRAM as write-backs
S=(sim --machine rtx2060s --workload stream --scale 0.05 --set l2_slice_size=8192 --set dram_channels=8 --set addr_map=derived --json)
HS=(--set hybrid_dram=gddr6-rtx2060s --set hybrid_channels=8)
"$GMC" "${S[@]}" --set dram_channels=16 >"$T/one" 2>/dev/null
"$GMC" "${S[@]}" "${HS[@]}" --set hybrid_placement=channel >"$T/two" 2>/dev/null
if python3 - "$T/one" "$T/two" <<'PY' 2>"$T/err"
import json, sys
a, b = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
for k in ("ipc", "cycles", "instructions", "dram_requests"):
    assert a[k] == b[k], (k, a[k], b[k])
assert a["dram"] == b["dram"], (a["dram"], b["dram"])
assert "hybrid" not in a and b["hybrid"]["placement"] == "channel"
PY
then ok "gmc sim: 8 + 8 channels of one device placed by channel is the 16-channel run (IPC, cycles, every dram field)"
else notok "gmc sim: channel placement over one device" "$(tail -2 "$T/err")"; fi
for p in ratio bw-aware write-aware; do
  if "$GMC" "${S[@]}" "${HS[@]}" --set hybrid_placement=$p --set hybrid_share=0.25 --set hybrid_mem_sched=fcfs >"$T/j" 2>"$T/e" &&
     python3 - "$T/j" $p <<'PY' 2>"$T/err"
import json, sys
j, p = json.load(open(sys.argv[1])), sys.argv[2]
m = [j["hybrid_memory0"], j["hybrid_memory1"]]
assert j["hybrid"]["placement"] == p
assert m[0]["reads"] + m[1]["reads"] + m[0]["writes"] + m[1]["writes"] == j["dram_requests"], (m, j["dram_requests"])
assert abs(m[0]["access_share"] + m[1]["access_share"] - 1) < 1e-5 and abs(m[0]["byte_share"] + m[1]["byte_share"] - 1) < 1e-5
assert (m[0]["sched"], m[1]["sched"]) == ("frfcfs", "fcfs")
assert abs(m[0]["energy_nj"] + m[1]["energy_nj"] - j["dram_energy_nj"]["total"]) < 0.3, (m, j["dram_energy_nj"])
if p == "write-aware":
    assert m[1]["writes"] == 0 < m[0]["writes"] and j["hybrid"]["write_aware_pages"] > 0, m
if p == "ratio":
    assert abs(m[1]["access_share"] - 0.25) < 0.05, m
PY
  then ok "gmc sim hybrid_placement=$p: the memories' requests, shares and energy add up"
  else notok "gmc sim hybrid_placement=$p" "$(cat "$T/e" "$T/err" | tail -3)"; fi
done

# the slow references: every component at every edge, the same report bytes
"$GMC" "${S[@]}" "${HS[@]}" --set hybrid_placement=bw-aware --set hybrid_mem_sched=fcfs -o "$T/a" 2>/dev/null
"$GMC" "${S[@]}" "${HS[@]}" --set hybrid_placement=bw-aware --set hybrid_mem_sched=fcfs --step-every-cycle -o "$T/b" 2>/dev/null
cmp -s "$T/a" "$T/b" && [ -s "$T/a" ] && ok "gmc sim --step-every-cycle: the same report bytes with a bw-aware hybrid memory" \
  || notok "gmc sim --step-every-cycle with a hybrid memory" "$(cmp "$T/a" "$T/b" 2>&1)"

# ---- bad input: one line each ----------------------------------------------
M=(mem --trace "$T/u.gmc")
expect_fail "--placement bogus" 2 "^gmc mem: --placement: expected channel, ratio, bw-aware or write-aware, found 'bogus'$" -- \
  "$GMC" "${M[@]}" "${H[@]}" --placement bogus
expect_fail "--page-size not a power of two" 2 "^gmc mem: --page-size: expected a power of two 256\.\.1073741824, found 1000$" -- \
  "$GMC" "${M[@]}" "${H[@]}" --page-size 1000
expect_fail "--page-share above 1" 2 "^gmc mem: --page-share: expected A/B or a decimal 0\.\.1 .*found '5/4'$" -- \
  "$GMC" "${M[@]}" "${H[@]}" --placement ratio --page-share 5/4
expect_fail "ratio without --page-share" 2 "^gmc mem: --placement ratio: expected --page-share A/B, found none$" -- \
  "$GMC" "${M[@]}" "${H[@]}" --placement ratio
expect_fail "--placement without --hybrid" 2 "^gmc mem: --placement, --page-size, --hybrid-\*: expected --hybrid SRC with them, found none$" -- \
  "$GMC" "${M[@]}" --placement ratio
expect_fail "--hybrid with an unknown preset" 2 "^gmc mem: --hybrid: expected a preset \(.*\) or a config file, found 'pcm-nope'$" -- \
  "$GMC" "${M[@]}" --hybrid pcm-nope
expect_fail "--hybrid-sched unknown" 2 "^gmc mem: --hybrid-sched: .*'nope'" -- \
  "$GMC" "${M[@]}" "${H[@]}" --hybrid-sched nope
expect_fail "write-aware from stdin" 2 "^gmc mem: --placement write-aware: expected a trace file \(its profile is a first pass over it\), found stdin$" -- \
  "$GMC" mem --trace - "${H[@]}" --placement write-aware
expect_fail "--hybrid on another clock" 1 "^gmc mem: channel 8 \(gddr5-hynix\): expected tck_ps = 286 .*found 1082$" -- \
  "$GMC" "${M[@]}" --channels 8 --hybrid gddr5-hynix
expect_fail "--hybrid with --channel-dram" 2 "^gmc mem: --hybrid: expected --hybrid or --channel-dram, found both$" -- \
  "$GMC" "${M[@]}" "${H[@]}" --channel-dram "odd=$T/slow.cfg"
SB=(sim --machine rtx2060s --workload moa --scale 0.01)
expect_fail "hybrid_placement bogus" 2 "^gmc sim: --set #1 \(hybrid_placement=bogus\): hybrid_placement: expected channel, ratio, bw-aware or write-aware, found 'bogus'$" -- \
  "$GMC" "${SB[@]}" --set hybrid_placement=bogus
expect_fail "hybrid_dram unknown" 2 "^gmc sim: --set #1 \(hybrid_dram=nope\): hybrid_dram: expected none or a DRAM preset \(.*\), found 'nope'$" -- \
  "$GMC" "${SB[@]}" --set hybrid_dram=nope
expect_fail "hybrid_dram with a map preset" 2 "addr_map: expected derived with hybrid_dram" -- \
  "$GMC" "${SB[@]}" --set hybrid_dram=gddr6-rtx2060s
expect_fail "hybrid_page" 2 "hybrid_page: expected 0 or a power of two >= 256, found 1000$" -- \
  "$GMC" "${SB[@]}" --set hybrid_page=1000
printf 'hybrid_placement = ratio\nhybrid_share = 7.1\n' >"$T/m.cfg"
expect_fail "hybrid_share at its file line" 1 "^gmc sim: $T/m\.cfg:2: hybrid_share: expected A/B or a decimal 0\.\.1 .*found '7\.1'$" -- \
  "$GMC" sim --machine "$T/m.cfg" --workload moa --scale 0.01
finish
