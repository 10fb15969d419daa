#!/usr/bin/env bash
# Messages about the machine and its inputs: an error found after the
# machine is read names the line or option that gave the key (not the base
# preset), and exits as that place says (1 a file's line, 2 the command
# line); which --set; bytes from files escaped; the found text is what was
# found; no doubled prefix; a preset's warnings under its own name only;
# a GPGPU-Sim import's note is one short line.  Usage: machine_errors.sh path/to/gmc
set -u
GMC=$1
. "$(dirname "$0")/lib.sh"
W=(--workload moa --scale 0.02 --check)

# ---- a machine file's keys: its line, exit 1, never "machine rtx2060s:"
mf() { printf "$1" >"$T/m.cfg"; }
mf 'name = mine\n\nmem_sched = bogus\n'
expect_fail "file: mem_sched at its line" 1 \
  "^gmc sim: $T/m\.cfg:3: mem_sched: expected one of frfcfs, fcfs, bfifo, divfirst, warped-mc, fcfs-strict, found 'bogus'$" -- \
  "$GMC" sim --machine "$T/m.cfg" "${W[@]}"
mf 'warp_sched = bogus\n'
expect_fail "file: warp_sched at its line" 1 "^gmc sim: $T/m\.cfg:1: warp_sched: expected one of lrr, gto, ccws, tbas, found 'bogus'$" -- \
  "$GMC" sim --machine "$T/m.cfg" "${W[@]}"
mf '# geometry\nl1_assoc = 3\n'
expect_fail "file: a rule across keys, at the line of the key the file gave" 1 \
  "^gmc sim: $T/m\.cfg:2: l1_size 65536 with l1_assoc 3: expected size / \(128 B x ways\) to be a power of two, found 170\.67 sets$" -- \
  "$GMC" sim --machine "$T/m.cfg" "${W[@]}"
mf 'threads_per_sm = 1000\n'
expect_fail "file: threads_per_sm (a machine check), exit 1" 1 "^gmc sim: $T/m\.cfg:1: threads_per_sm: expected a multiple of 32, found 1000$" -- \
  "$GMC" sim --machine "$T/m.cfg" "${W[@]}"
mf 'dram_channels = 100\n'
expect_fail "file: dram_channels (the GPU's construction), exit 1" 1 "^gmc sim: $T/m\.cfg:1: dram_channels: expected at most 16 " -- \
  "$GMC" sim --machine "$T/m.cfg" "${W[@]}"
mf 'dram = nodram\n'
expect_fail "file: an unknown DRAM preset names the key" 1 "^gmc sim: $T/m\.cfg:1: dram: expected a DRAM preset \(ddr3-1866, gddr3, gddr5-hynix, gddr6-rtx2060s, pcm-nvmain-isscc12, pcm-thesis\), found 'nodram'$" -- \
  "$GMC" sim --machine "$T/m.cfg" "${W[@]}"
mf 'mc_row_timeout = 5\n'
expect_fail "file: mc_row_timeout without its policy" 1 "^gmc sim: $T/m\.cfg:1: mc_row_timeout: expected mc_row_policy = timeout with it, found open$" -- \
  "$GMC" sim --machine "$T/m.cfg" "${W[@]}"

# ---- --set: which one, exit 2 for every kind of machine error
expect_fail "--set #2: a bad name" 2 \
  "^gmc sim: --set #2 \(mem_sched=bogus\): mem_sched: expected one of frfcfs, .*found 'bogus'$" -- \
  "$GMC" sim "${W[@]}" --set sms=4 --set mem_sched=bogus
expect_fail "--set #3: a bad value" 2 "^gmc sim: --set #3 \(l2_lat=abc\): l2_lat: expected an integer in 1\.\.10000, found 'abc'$" -- \
  "$GMC" sim "${W[@]}" --set sms=4 --set ignore_limits=0 --set l2_lat=abc
expect_fail "--set: a machine check, exit 2" 2 "^gmc sim: --set #1 \(threads_per_sm=1000\): threads_per_sm: expected a multiple of 32, found 1000$" -- \
  "$GMC" sim "${W[@]}" --set threads_per_sm=1000
expect_fail "--set: the GPU's construction, exit 2 too" 2 "^gmc sim: --set #1 \(dram_channels=100\): dram_channels: expected at most 16 " -- \
  "$GMC" sim "${W[@]}" --set dram_channels=100
mf 'l1_size = 65536\n'
expect_fail "--set over a file: the --set that broke the rule" 2 "^gmc sim: --set #1 \(l1_assoc=3\): l1_size 65536 with l1_assoc 3: " -- \
  "$GMC" sim --machine "$T/m.cfg" "${W[@]}" --set l1_assoc=3
expect_fail "--set: bytes of the value escaped" 2 "^gmc sim: --set #1 \(sms=4\\\\x01\): sms: expected an integer in 1\.\.1024, found '4\\\\x01'$" -- \
  "$GMC" sim "${W[@]}" --set "sms=4$(printf '\001')"

expect_fail "experiment --set: the --set, not the base preset" 2 \
  "^gmc experiment: --set \(warp_sched=bogus\): warp_sched: expected one of lrr, gto, ccws, tbas, found 'bogus'$" -- \
  "$GMC" experiment pae --set warp_sched=bogus -o "$T/exp"

# ---- options are blamed as options
expect_fail "--warp-sched: the option, not the machine" 2 "^gmc sim: --warp-sched: expected one of lrr, gto, ccws, tbas, found 'bogus'$" -- \
  "$GMC" sim "${W[@]}" --warp-sched bogus
expect_fail "--sched: the option" 2 "^gmc sim: --sched: expected one of frfcfs, .*found 'bogus'$" -- \
  "$GMC" sim "${W[@]}" --sched bogus
expect_fail "--machine: bytes of a name escaped" 2 "^gmc sim: --machine: expected a preset .*found 'a\\\\x01b'$" -- \
  "$GMC" sim "${W[@]}" --machine "a$(printf '\001')b"

# ---- a GPGPU-Sim config: one short line, the lists with --verbose, bytes escaped
printf -- '-gpgpu_n_clusters 2\n-gpgpu_n_cores_per_cluster 2\n-\001\377 3\n' >"$T/g.config"
"$GMC" sim --machine "$T/g.config" "${W[@]}" 2>"$T/err"; rc=$?
n=$(grep -c 'GPGPU-Sim options used' "$T/err"); len=$(grep 'GPGPU-Sim options used' "$T/err" | wc -c)
if [ $rc = 0 ] && [ "$n" = 1 ] && [ "$len" -lt 300 ] && grep -q '2 GPGPU-Sim options used, 1 ignored, .*(--verbose lists them)' "$T/err" \
   && ! grep -q 'warp_sched\|-gpgpu_n_clusters' "$T/err"
then ok "import: one short line of counts ($len bytes)"; else notok "import: one short line of counts" "rc $rc: $(head -c 600 "$T/err")"; fi
"$GMC" sim --machine "$T/g.config" "${W[@]}" --verbose 2>"$T/err"
if grep -q ': used: -gpgpu_n_clusters -gpgpu_n_cores_per_cluster$' "$T/err" && grep -q ': ignored: -\\x01\\xff$' "$T/err" \
   && grep -q ': from the base machine rtx2060s: .*warp_sched mem_sched' "$T/err" && ! LC_ALL=C grep -q $'[\x01\xff]' "$T/err"
then ok "import --verbose: the lists, bytes as \\xNN"; else notok "import --verbose: the lists, bytes as \\xNN" "$(cat -v "$T/err")"; fi
# values shown in warnings, and option names in the lists: \xNN, never the byte
for v in '-dram_dual_bus_interface \001' '-gpgpu_memory_partition_indexing \377' \
         '-network_mode 1\n-inter_config_file \377' '-gpgpu_scheduler \001\377' '-\001\377 3'; do
  printf -- "$v\n" >"$T/b.config"
  "$GMC" sim --machine "$T/b.config" "${W[@]}" --verbose >/dev/null 2>"$T/err"
  if grep -q 'x01\|xff' "$T/err" && ! LC_ALL=C grep -q $'[\x01\xff]' "$T/err"; then ok "bytes escaped on stderr: $v"
  else notok "bytes escaped on stderr: $v" "$(cat -v "$T/err")"; fi
done
printf -- '-gpgpu_dram_buswidth 4\n-\001\377 3\n' >"$T/d.config"
printf '0 R 0x0\n' >"$T/one.trc"
"$GMC" mem --trace "$T/one.trc" --dram-cfg "$T/d.config" --verbose >/dev/null 2>"$T/err"
grep -q ': ignored: .*-\\x01\\xff' "$T/err" && ! LC_ALL=C grep -q $'[\x01\xff]' "$T/err" \
  && ok "mem --verbose: bytes of an ignored option as \\xNN" || notok "mem --verbose: bytes as \\xNN" "$(cat -v "$T/err")"

# ---- a preset's warnings: its name, never a repository path, never under the user's file
"$GMC" mem --trace "$T/one.trc" >/dev/null 2>"$T/err"
grep -q '^preset gddr6-rtx2060s:[0-9]*: warning: tRC = 62 is less than tRAS + tRP = 70' "$T/err" && ! grep -q 'presets/\|\.cfg' "$T/err" \
  && ok "mem: the preset's warning names the preset, no path" || notok "mem: the preset's warning names the preset" "$(cat "$T/err")"
"$GMC" sim --machine "$T/g.config" "${W[@]}" 2>"$T/err"
! grep -q 'warning: tRC' "$T/err" && ok "sim: the base preset's tRC warning not said under the GPGPU-Sim file" \
  || notok "sim: the base preset's tRC warning not under the GPGPU-Sim file" "$(grep tRC "$T/err")"
printf 'channels = 8\n' >"$T/over.cfg"
"$GMC" mem --trace "$T/one.trc" --dram-cfg "$T/over.cfg" --preset gddr6-rtx2060s >/dev/null 2>"$T/err"
! grep -q 'warning: tRC' "$T/err" && ok "mem: a file over the preset that sets none of tRC, tRAS, tRP: no tRC warning" \
  || notok "mem: a file over the preset: no tRC warning" "$(cat "$T/err")"
printf 'tRAS = 60\n' >"$T/over.cfg"
"$GMC" mem --trace "$T/one.trc" --dram-cfg "$T/over.cfg" --preset gddr6-rtx2060s >/dev/null 2>"$T/err"
grep -q "^$T/over.cfg:1: warning: tRC = 62 is less than tRAS + tRP = 80" "$T/err" \
  && ok "mem: a file that sets tRAS: the warning at its line" || notok "mem: a file that sets tRAS: the warning at its line" "$(cat "$T/err")"

# ---- the found text is what was found; no "gmc bim: bim:"
expect_fail "map: Ch%3@99 shows 99" 1 "^gmc bim: --map:1: expected a bit number 0\.\.63 after 'Ch%3@', found '99'$" -- \
  "$GMC" bim --map "Row[29:18] Bank[17:15] Col[14:11] Bank[10] Ch%3@99 Col[7:6] Block[5:0]"
printf '0 R 0x10 99999999999 1 0x1\n' >"$T/sm.trc"
expect_fail "mem trace: an SM id out of range is shown" 1 "^gmc mem: $T/sm\.trc:1: expected a decimal SM id below 2\^32 or end of line, found '99999999999'$" -- \
  "$GMC" mem --trace "$T/sm.trc"
printf '0 R 0x10 1 99999999999 0x1\n' >"$T/warp.trc"
expect_fail "mem trace: a warp id out of range is shown" 1 "found '99999999999'$" -- "$GMC" mem --trace "$T/warp.trc"
expect_fail "bim: a scheme's error without a doubled prefix" 1 "^gmc bim: scheme pae needs channel or bank bits in the map$" -- \
  "$GMC" bim --map "Row[29:6] Block[5:0]" --scheme pae
expect_fail "mem: a scheme's error without 'bim:'" 1 "^gmc mem: scheme pae needs channel or bank bits in the map$" -- \
  "$GMC" mem --trace "$T/one.trc" --map "Row[29:6] Block[5:0]" --scheme pae
# ---- one range per key, and it is the truth: every sms of 1..1024 runs
# (the crossbar once stopped at 256 ports), and so do 512 L2 slices (a
# GPGPU-Sim config of 32 channels x 16 sub-partitions)
sed -e 's/^-gpgpu_n_mem .*/-gpgpu_n_mem 32/' -e 's/^-gpgpu_n_sub_partition_per_mchannel .*/-gpgpu_n_sub_partition_per_mchannel 16/' \
    -e 's/^-gpgpu_mem_addr_mapping .*/-gpgpu_mem_addr_mapping dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RRCCBBBB.CCCSSSSS/' \
    "$(dirname "$0")/../data/gpgpusim/rtx2060-super.config" >"$T/slices.config"
for args in "--set sms=1024" "--set sms=257" "--machine $T/slices.config --set sms=4"; do
  # shellcheck disable=SC2086
  "$GMC" sim --workload stream --scale 0.01 $args --json >"$T/big.json" 2>"$T/err"; rc=$?
  if [ $rc = 0 ] && python3 -c 'import json,sys; j=json.load(open(sys.argv[1])); assert j["dram_requests"] > 0' "$T/big.json"
  then ok "sim $args runs"; else notok "sim $args runs" "rc $rc: $(grep -av warning "$T/err" | head -c 300)"; fi
done
expect_fail "sms=1025: the key's range" 2 "^gmc sim: --set #1 \(sms=1025\): sms: expected an integer in 1\.\.1024, found '1025'$" -- \
  "$GMC" sim "${W[@]}" --set sms=1025
finish
