#!/usr/bin/env bash
# Numbers are decimal everywhere (a user's bug: a leading zero read as
# octal, `--set l2_lat=010` gave 8, `--seed 08` was refused): 010 is ten in
# an option, in --set, in a machine file and in a DRAM config file; hex only
# after 0x; overflow and trailing junk are clear errors.
# Usage: decimal_numbers.sh path/to/gmc
set -u
GMC=$1
. "$(dirname "$0")/lib.sh"

# json FILE EXPR: EXPR (Python, over the object j) is true
json() { python3 -c "import json,sys; j=json.load(open(sys.argv[1])); sys.exit(0 if ($2) else 1)" "$1" 2>/dev/null; }

printf '0 R 0x0\n5 R 0x40\n9 W 0x1000\n' >"$T/t.trc"
SIM=(sim --workload stream --scale 0.01 --json)

# --- options: --seed (gmc sim), --channels (gmc mem), -j (gmc sweep)
"$GMC" "${SIM[@]}" --seed 010 >"$T/seed.json" 2>/dev/null && json "$T/seed.json" 'j["seed"] == 10' \
  && ok "--seed 010 is ten" || notok "--seed 010 is ten"
"$GMC" "${SIM[@]}" --seed 08 >"$T/seed8.json" 2>/dev/null && json "$T/seed8.json" 'j["seed"] == 8' \
  && ok "--seed 08 is eight (not a bad octal digit)" || notok "--seed 08 is eight (not a bad octal digit)"
"$GMC" "${SIM[@]}" --seed 0x10 >"$T/seedx.json" 2>/dev/null && json "$T/seedx.json" 'j["seed"] == 16' \
  && ok "--seed 0x10 is sixteen" || notok "--seed 0x10 is sixteen"
"$GMC" mem --trace "$T/t.trc" --preset gddr6-rtx2060s --channels 010 --json >"$T/ch.json" 2>/dev/null \
  && json "$T/ch.json" 'j["channels"] == 10' && ok "--channels 010 is ten" || notok "--channels 010 is ten"
for i in $(seq 1 12); do printf 'p%s\tmem --trace %s --preset gddr6-rtx2060s --json\n' "$i" "$T/t.trc"; done >"$T/p.txt"
"$GMC" sweep run "$T/p.txt" -o "$T/sw" -j 010 >/dev/null 2>"$T/sw.err"
grep -q "12 to run on 10 jobs" "$T/sw.err" && ok "-j 010 is ten jobs" || notok "-j 010 is ten jobs" "$(cat "$T/sw.err")"

# --- --set and a machine file
"$GMC" "${SIM[@]}" --set l2_lat=010 >"$T/set.json" 2>/dev/null && json "$T/set.json" 'j["machine_config"]["l2_lat"] == 10' \
  && ok "--set l2_lat=010 is ten" || notok "--set l2_lat=010 is ten"
printf 'sms = 010   # ten SMs\nl1_lat = 0x10\n' >"$T/m.cfg"
"$GMC" "${SIM[@]}" --machine "$T/m.cfg" >"$T/m.json" 2>/dev/null \
  && json "$T/m.json" 'j["machine_config"]["sms"] == 10 and j["machine_config"]["l1_lat"] == 16' \
  && ok "machine file: sms = 010 is ten, 0x10 sixteen" || notok "machine file: sms = 010 is ten, 0x10 sixteen"

# --- a DRAM config file (the clock period: the preset's map fixes the channels)
sed -e 's/^tck_ps *= *[0-9]*/tck_ps = 0400/' model/mem/presets/gddr6-rtx2060s.cfg >"$T/d.cfg"
grep -q '^tck_ps = 0400' "$T/d.cfg" || notok "DRAM config: the test's file" "no tck_ps line replaced"
"$GMC" mem --trace "$T/t.trc" --dram-cfg "$T/d.cfg" --json >"$T/d.json" 2>/dev/null \
  && json "$T/d.json" 'j["tck_ps"] == 400' && ok "DRAM config: tck_ps = 0400 is four hundred" \
  || notok "DRAM config: tck_ps = 0400 is four hundred" "$(head -c 300 "$T/d.json")"

# --- what is not a number says why
expect_fail "--seed: overflow" 2 "--seed: expected a non-negative integer, found '99999999999999999999' \(too large\)$" -- \
  "$GMC" "${SIM[@]}" --seed 99999999999999999999
expect_fail "--seed: trailing junk" 2 "--seed: expected a non-negative integer, found '10x' \(junk after the number\)$" -- \
  "$GMC" "${SIM[@]}" --seed 10x
expect_fail "--set: octal-looking junk" 2 "--set #1 \(sms=010z\): sms: expected an integer in 1\.\.1024, found '010z'$" -- \
  "$GMC" "${SIM[@]}" --set sms=010z
finish
