#!/usr/bin/env bash
# gmc mem's DRAM energy (docs/memory.md "Energy"): present for every preset,
# the split adds up, hand-checked on one read, skipping idle cycles changes
# nothing, absent (with the note) for a config without power data, power
# keys over a preset, bad power keys as one file:line error.
# Usage: energy.sh path/to/gmc
set -u
GMC=$1
. "$(dirname "$0")/lib.sh"
echo "0 R 0x0" >"$T/one"
python3 - "$T" <<'PY'
import random, sys
random.seed(7)
with open(sys.argv[1] + "/t.gmc", "w") as f:
    for i in range(300):
        f.write(f"{i * 3} {'W' if random.random() < 0.3 else 'R'} 0x{random.randrange(1 << 30) & ~31:x}\n")
PY

check_energy() {   # check_energy FILE: the split sums to the total, pJ/bit matches
  python3 - "$1" <<'PY'
import json, sys
j = json.load(open(sys.argv[1])); e = j["energy"]
parts = e["act_pre"] + e["rd"] + e["wr"] + e["ref"] + e["bg_active"] + e["bg_precharged"]
assert abs(parts - e["total"]) <= 0.5, (parts, e["total"])
assert all(e[k] >= 0 for k in ("act_pre", "rd", "wr", "ref", "bg_active", "bg_precharged"))
assert e["total"] > 0 and (e["rd"] > 0) == (j["reads"] > 0) and (e["wr"] > 0) == (j["writes"] > 0)
assert abs(e["pj_per_bit"] - e["total"] / (8 * j["bytes"])) <= 1e-3 * e["pj_per_bit"]
assert 0 < e["active_cycles"] <= j["cycles"] * j["channels"]
PY
}

for p in gddr6-rtx2060s gddr5-hynix gddr3; do
  if "$GMC" mem --preset $p --trace "$T/t.gmc" --json >"$T/j" 2>"$T/e" && check_energy "$T/j"
  then ok "energy split adds up on $p"; else notok "energy split adds up on $p" "$(cat "$T/e")"; fi
done

# One read to a closed bank on gddr6 (16 channels, 44 cycles, bank 0 open 0..44):
# ACT-PRE 262.5 pJ, RD 120.5, background 44 x 10.81 open + 660 x 8.88 closed pJ.
"$GMC" mem --trace "$T/one" --json 2>/dev/null >"$T/j"
python3 - "$T/j" <<'PY' && ok "one read: hand-computed energy" || notok "one read: hand-computed energy" "$(grep energy "$T/j")"
import json, sys
e = json.load(open(sys.argv[1]))["energy"]
pj = lambda ma, cyc: 1350 * ma * cyc * 286e-6
want = {"act_pre": pj(38 * 62 - (28 * 50 + 23 * 12), 1), "rd": pj(106 - 28, 4),
        "bg_active": pj(28, 44), "bg_precharged": pj(23, 16 * 44 - 44)}
for k, v in want.items():
    assert abs(e[k] - v) < 0.1, (k, e[k], v)
assert e["active_cycles"] == 44
PY
"$GMC" mem --trace "$T/one" 2>/dev/null | grep -q '^energy         6.720 nJ, 26.25 pJ per bit moved' \
  && ok "text report: energy line" || notok "text report: energy line"

# The open-bank counter works at transitions: ticking every cycle agrees.
a=$("$GMC" mem --trace "$T/t.gmc" --json 2>/dev/null | grep '"energy"')
b=$("$GMC" mem --trace "$T/t.gmc" --json --step-every-cycle 2>/dev/null | grep '"energy"')
[ -n "$a" ] && [ "$a" = "$b" ] && ok "energy equal with --step-every-cycle" || notok "energy equal with --step-every-cycle" "$a / $b"

# No power data (a GPGPU-Sim file never borrows the preset's): null and a note.
printf -- '-gpgpu_n_mem 4\n' >"$T/g.config"
"$GMC" mem --trace "$T/one" --dram-cfg "$T/g.config" --json 2>/dev/null | grep -q '"energy": null,' \
  && ok "no power data: JSON energy null" || notok "no power data: JSON energy null"
"$GMC" mem --trace "$T/one" --dram-cfg "$T/g.config" 2>/dev/null | grep -q '^energy         not reported: the DRAM config has no power data' \
  && ok "no power data: text note" || notok "no power data: text note"

# A datasheet's currents over a preset: the preset's timing, the file's power.
printf 'idd3n_ma = 30\n' >"$T/p.cfg"
"$GMC" mem --trace "$T/one" --preset gddr6-rtx2060s --dram-cfg "$T/p.cfg" --json 2>/dev/null >"$T/j"
python3 - "$T/j" <<'PY' && ok "power keys over a preset" || notok "power keys over a preset"
import json, sys
e = json.load(open(sys.argv[1]))["energy"]
assert abs(e["bg_active"] - 1350 * 30 * 44 * 286e-6) < 0.1, e
PY

printf 'idd4r_ma = 10\n' >"$T/bad.cfg"
expect_fail "bad power key: one file:line error" 1 "bad.cfg:1: expected idd4r_ma >= idd3n_ma" -- \
  "$GMC" mem --trace "$T/one" --preset gddr6-rtx2060s --dram-cfg "$T/bad.cfg"
printf '# a current that makes the ACT-PRE pair cheaper than standby\nidd3n_ma = 56\n' >"$T/act.cfg"
expect_fail "negative ACT energy: the line of the key the file set" 1 "act.cfg:2: expected idd0_ma \\* tRC >= " -- \
  "$GMC" mem --trace "$T/one" --preset gddr6-rtx2060s --dram-cfg "$T/act.cfg"
finish
