#!/usr/bin/env bash
# gmc mem --dram-cfg in every format gmc reads (told apart by content),
# --preset as the base, the report saying which format it read, and bad
# input as one file:line error.  Usage: dram_cfg.sh path/to/gmc
set -u
GMC=$1
. "$(dirname "$0")/lib.sh"
PRESETS="$(dirname "$0")/../../model/mem/presets"
echo "0 R 0x0" >"$T/one"

# A whole GPGPU-Sim config, written for this test: options of every kind.
cat >"$T/gpu.config" <<'EOF'
# functional simulator options: not the memory system's
-gpgpu_ptx_sim_mode 0
-gpgpu_n_clusters 80
-gpgpu_n_mem 32
-gpgpu_n_sub_partition_per_mchannel 2
-gpgpu_frfcfs_dram_sched_queue_size 64
#-gpgpu_clock_domains <Core Clock>:<Interconnect Clock>:<L2 Clock>:<DRAM Clock>
-gpgpu_clock_domains 1132.0:1132.0:1132.0:850.0
-gpgpu_n_mem_per_ctrlr 1
-gpgpu_dram_buswidth 16
-gpgpu_dram_burst_length 2
-dram_data_command_freq_ratio 2
-gpgpu_mem_addr_mapping dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCC.BCCSSSSS
-gpgpu_dram_timing_opt "nbk=16:CCD=1:RRD=3:RCD=12:RAS=28:RP=12:RC=40:
                        CL=12:WL=2:CDLR=3:WR=10:nbkgrp=4:CCDL=2:RTPL=3"
EOF
if "$GMC" mem --trace "$T/one" --dram-cfg "$T/gpu.config" --json >"$T/j" 2>"$T/e" &&
   python3 - "$T/j" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
assert j["dram_cfg"]["format"] == "gpgpusim-config", j["dram_cfg"]
assert j["dram_cfg"]["base_preset"] == "gddr6-rtx2060s"
assert j["channels"] == 32 and j["tck_ps"] == 1176 and j["burst_bytes"] == 32
assert j["map"] == "Row[32:20] Bank[19:17] Col[16:13] Ch[12:8] Bank[7] Col[6:5] Block[4:0]", j["map"]
assert j["latency"]["max"] == 25   # tRCD 12 + CL 12 + one-cycle burst
PY
then ok "gpgpusim.config: device, map, format in JSON"; else notok "gpgpusim.config: device, map, format in JSON" "$(cat "$T/e")"; fi
# 12 channels with dramid@8: GPGPU-Sim's (addr >> 8) mod 12, gmc's Ch%12@8.
# 48 reads 256 B apart: each channel gets 4, in turn.
sed 's/^-gpgpu_n_mem 32$/-gpgpu_n_mem 12/' "$T/gpu.config" >"$T/gpu12.config"
for i in $(seq 0 47); do printf '%d R 0x%x\n' "$i" $((i * 256)); done >"$T/t48"
if "$GMC" mem --trace "$T/t48" --dram-cfg "$T/gpu12.config" --json >"$T/j" 2>"$T/e" &&
   python3 - "$T/j" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
assert j["channels"] == 12, j["channels"]
assert j["map"] == "Row[27:15] Bank[14:12] Col[11:8] Ch%12@8 Bank[7] Col[6:5] Block[4:0]", j["map"]
assert [c["requests"] for c in j["per_channel"]] == [4] * 12, j["per_channel"]
PY
then ok "gpgpusim.config with 12 channels: the channel modulo 12, 4 requests each"
else notok "gpgpusim.config with 12 channels: the channel modulo 12" "$(cat "$T/e")"; fi

[ "$(grep -c 'not the memory system' "$T/e")" = 1 ] && grep -q '2 options that are not the memory system.s ignored' "$T/e" \
  && ok "one line counts the ignored options" || notok "one line counts the ignored options" "$(cat "$T/e")"
"$GMC" mem --trace "$T/one" --dram-cfg "$T/gpu.config" --verbose 2>"$T/e" >"$T/txt"
grep -q 'ignored: -gpgpu_ptx_sim_mode -gpgpu_n_clusters' "$T/e" && grep -q 'format gpgpusim-config, over preset gddr6-rtx2060s' "$T/txt" \
  && ok "--verbose lists them; text report names the format" || notok "--verbose lists them; text report names the format"
grep -q 'controller and L2 options not read.*-gpgpu_frfcfs_dram_sched_queue_size' "$T/e" \
  && ! grep -q 'not read.*-gpgpu_n_sub_partition_per_mchannel' "$T/e" \
  && ok "controller options named in a warning (not the sub-partitions: IPoly reads them)" \
  || notok "controller options named in a warning" "$(cat "$T/e")"
# gmc sim prints the same warning: its hint names what sets the controller
# in gmc sim too (gmc sim has no --rq/--wq)
"$GMC" sim --machine tests/data/gpgpusim/titanv.config --workload moa --check 2>"$T/e"
grep -q 'controller and L2 options not read (.*gmc sim with --sched and the machine keys mc_queue and mc_write_policy): -gpgpu_dram_return_queue_size' "$T/e" \
  && "$GMC" sim --workload moa --scale 0.01 --set mc_queue=8 --set mc_write_policy=gpgpusim --check \
  && ok "gmc sim: the controller hint names gmc sim's own settings, which exist" \
  || notok "gmc sim: the controller hint names gmc sim's own settings" "$(grep 'not read' "$T/e")"

# -gpgpu_memory_partition_indexing 2: GPGPU-Sim's IPoly channel hash as a BIM.
# 64 reads 8 KB apart: the map's channel bits (12:8) never change, so one
# channel gets them all; IPoly (32 channels x 2 sub-partitions = 64 sets)
# is conflict-free for such strides: 2 per channel.  --scheme base: none.
{ cat "$T/gpu.config"; echo '-gpgpu_memory_partition_indexing 2'; } >"$T/ipoly.config"
for i in $(seq 0 63); do printf '%d R 0x%x\n' "$i" $((i * 8192)); done >"$T/t8k"
"$GMC" mem --trace "$T/t8k" --dram-cfg "$T/gpu.config" --json >"$T/j0" 2>/dev/null
"$GMC" mem --trace "$T/t8k" --dram-cfg "$T/ipoly.config" --json >"$T/j1" 2>"$T/e1"
"$GMC" mem --trace "$T/t8k" --dram-cfg "$T/ipoly.config" --scheme base --json >"$T/j2" 2>/dev/null
if python3 - "$T/j0" "$T/j1" "$T/j2" <<'PY' && ! grep -q 'partition_indexing' "$T/e1"
import json, sys
j0, j1, j2 = (json.load(open(f)) for f in sys.argv[1:4])
per = lambda j: sorted(c["requests"] for c in j["per_channel"] if c["requests"])
assert per(j0) == [64] and j0["bim"] == "base seed 1", (per(j0), j0["bim"])
assert per(j1) == [2] * 32 and j1["bim"] == "ipoly 64 (-gpgpu_memory_partition_indexing 2)", (per(j1), j1["bim"])
assert per(j2) == [64] and j2["bim"] == "base seed 1", (per(j2), j2["bim"])
PY
then ok "IPoly (indexing 2): 8 KB strides over all 32 channels, not one; --scheme base turns it off"
else notok "IPoly (indexing 2): 8 KB strides over all 32 channels" "$(cat "$T/e1")"; fi
printf -- '-gpgpu_n_mem 12\n-gpgpu_memory_partition_indexing 2\n-gpgpu_mem_addr_mapping dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCC.BCCSSSSS\n' >"$T/ip12.config"
"$GMC" mem --trace "$T/one" --dram-cfg "$T/ip12.config" --json >"$T/j3" 2>"$T/e3"
grep -q 'warning: -gpgpu_memory_partition_indexing 2 is not modelled: gmc models only IPoly (2), over the dramid@N channel bits of a power-of-two channel count' "$T/e3" \
  && grep -q '"bim": "base seed 1"' "$T/j3" && ok "IPoly with 12 channels: not modelled, said so" \
  || notok "IPoly with 12 channels: not modelled, said so" "$(cat "$T/e3")"

# A timing string alone: the rest from the preset, named on stderr.
printf '# GTX 480\nnbk=16:CCD=2:RRD=6:RCD=12:RAS=28:RP=12:RC=40:CL=12:WL=4:CDLR=5:WR=12:nbkgrp=1:CCDL=0:RTPL=0\n' >"$T/t.txt"
if "$GMC" mem --trace "$T/one" --dram-cfg "$T/t.txt" --preset gddr5-hynix --json >"$T/j" 2>"$T/e" &&
   grep -q '"format": "gpgpusim-timing", "base_preset": "gddr5-hynix"' "$T/j" &&
   grep -q 'from preset gddr5-hynix (not set by the file): channels rows columns' "$T/e"; then
  ok "timing string over --preset, defaults named"; else notok "timing string over --preset, defaults named" "$(cat "$T/e")"; fi

# A DRAMsim3 .ini, written for this test.
cat >"$T/d.ini" <<'EOF'
[dram_structure]
protocol = GDDR5
bankgroups = 4
banks_per_group = 4
rows = 16384
columns = 1024
device_width = 32
BL = 8
[timing]
tCK = 0.5
CL = 24
CWL = 8
tRCD = 24
tRP = 24
tRAS = 56
tRFC = 130
tREFI = 3900
tRRD_S = 12
tWTR_S = 8
tFAW = 48
tWR = 24
tCCD_S = 2
tCCD_L = 4
tRTP = 4
tRTRS = 2
tCKE = 6
[power]
VDD = 1.5
[system]
channel_size = 1024
channels = 8
bus_width = 32
address_mapping = rochrabgbaco
[other]
epoch_period = 100000
EOF
if "$GMC" mem --trace "$T/one" --dram-cfg "$T/d.ini" --json >"$T/j" 2>"$T/e" &&
   grep -q '"format": "dramsim3-ini"' "$T/j" && grep -q '"channels": 8' "$T/j" &&
   grep -q 'd.ini:26: warning: DRAMsim3 keys gmc does not model, ignored: tCKE' "$T/e"; then
  ok "DRAMsim3 ini, unmapped keys named"; else notok "DRAMsim3 ini, unmapped keys named" "$(cat "$T/e")"; fi

# gmc's own format: unchanged alone; over --preset its keys override (gddr5-hynix: a
# closed-bank read is tRCD 12 + tCL 12 + 2 = 26 cycles; with tCL = 30, 44).
"$GMC" mem --trace "$T/one" --dram-cfg "$PRESETS/gddr5-hynix.cfg" --json >"$T/a" 2>/dev/null
"$GMC" mem --trace "$T/one" --preset gddr5-hynix --json >"$T/b" 2>/dev/null
diff <(grep -v '"dram_cfg"\|"map_source"' "$T/a") <(grep -v '"dram_cfg"\|"map_source"' "$T/b") >/dev/null \
  && grep -q '"base_preset": null' "$T/a" && ok "gmc format alone = the preset" || notok "gmc format alone = the preset"
printf 'tCL = 30\n' >"$T/over.cfg"
expect_fail "gmc format alone must be complete" 1 "over.cfg:1: expected the required key" -- \
  "$GMC" mem --trace "$T/one" --dram-cfg "$T/over.cfg"
"$GMC" mem --trace "$T/one" --dram-cfg "$T/over.cfg" --preset gddr5-hynix --json 2>/dev/null \
  | grep -q '"max": 44' && ok "--preset with a gmc file: the file's keys override" \
  || notok "--preset with a gmc file: the file's keys override"

# Bad input: one line, file and line, exit 1, nothing written.
printf -- '-gpgpu_n_mem 2\n-gpgpu_dram_timing_opt "nbk=16:CCD=2\n' >"$T/open.config"
expect_fail "unclosed quote" 1 "open.config:2: expected a closing '\"' for -gpgpu_dram_timing_opt, found end of file" -- \
  "$GMC" mem --trace "$T/one" --dram-cfg "$T/open.config" -o "$T/never"
[ ! -e "$T/never" ] && ok "nothing half-written on a bad config" || notok "nothing half-written on a bad config"
printf -- '-gpgpu_n_mem 0\n' >"$T/zero.config"
expect_fail "channels out of range" 1 "zero.config:1: expected -gpgpu_n_mem \(gmc channels\) in 1..4096, found '0'" -- \
  "$GMC" mem --trace "$T/one" --dram-cfg "$T/zero.config"
printf 'nbk=16:CCD=2:BOGUS=3\n' >"$T/bad.txt"
expect_fail "bad timing field" 1 "bad.txt:1: expected a GPGPU-Sim timing field" -- "$GMC" mem --trace "$T/one" --dram-cfg "$T/bad.txt"
printf '[timing]\ntCK = fast\n' >"$T/bad.ini"
expect_fail "bad ini value" 1 "bad.ini:2: expected tCK = <ns above 0>, found 'fast'" -- "$GMC" mem --trace "$T/one" --dram-cfg "$T/bad.ini"
printf -- '-gpgpu_n_mem 12\n-gpgpu_mem_addr_mapping dramid@40;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCC.BCCSSSSS\n' >"$T/r12.config"
expect_fail "12 channels split above the map's bits: the map cannot be honoured" 1 "r12.config:2: -gpgpu_mem_addr_mapping: expected dramid@N with N at most 28" -- \
  "$GMC" mem --trace "$T/one" --dram-cfg "$T/r12.config"
"$GMC" mem --trace "$T/one" --dram-cfg "$T/r12.config" --map "Row[27:14] Bank[13:10] Col[9:8] Ch%12@8 Col[7:5] Block[4:0]" >/dev/null 2>&1 \
  && ok "--map replaces a map gmc cannot honour" || notok "--map replaces a map gmc cannot honour"
head -c 300 /dev/urandom >"$T/junk"
"$GMC" mem --trace "$T/one" --dram-cfg "$T/junk" >/dev/null 2>"$T/e"; rc=$?
[ $rc = 1 ] && [ "$(wc -l <"$T/e")" = 1 ] && ok "random bytes: one error, no crash" || notok "random bytes: one error, no crash" "rc $rc"
finish
