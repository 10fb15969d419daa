#!/usr/bin/env bash
# End-to-end tests of `gmc sim`, the GPU system harness (docs/harness.md).
# Small runs only (4 SMs, --scale 0.05 or less): the whole script takes a
# few seconds.  Usage: sim.sh path/to/gmc
set -u
GMC=$1
. "$(dirname "$0")/lib.sh"
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
AS="$ROOT/tests/data/accelsim"
GS="$ROOT/tests/data/gpgpusim"
SMALL=(--set sms=4 --scale 0.05)

# ---- lists: one name per line ------------------------------------------
lines_are() {   # lines_are NAME EXPECTED_FILE -- cmd...
  local name=$1 want=$2; shift 3
  if "$@" >"$T/list" 2>"$T/err" && [ ! -s "$T/err" ] && diff -u "$want" "$T/list" >"$T/diff"
  then ok "$name"; else notok "$name" "$(head -c 400 "$T/diff") $(cat "$T/err")"; fi
}
printf '%s\n' pae-gddr5 rtx2060s temp-jetc19 yuan-gddr3 >"$T/want"
lines_are "--machine list: the four presets, one per line" "$T/want" -- "$GMC" sim --machine list
printf '%s\n' stream transpose transpose-read stencil matmul spmv bfs kmeans loa moa hoa \
  val-vecadd val-kmeans val-transpose val-compute val-gather itermap mapper cenenergy >"$T/want"
lines_are "--workload list: the eleven workloads, then the five validation kernels, itermap, mapper and cenenergy, one per line" "$T/want" \
  -- "$GMC" sim --workload list
# the machine keys: every X(key, ...) of gmc_machine.h, then the string keys
{ sed -n 's/^ *X(\([a-z0-9_]*\),.*/\1/p' "$ROOT/model/gpu/gmc_machine.h"
  printf '%s\n' name warp_sched dram addr_map mem_sched cta_dispatch icnt_topology icnt_alloc icnt_hold \
    icnt_vc_assign icnt_placement mc_write_policy mc_refresh_policy mc_row_policy \
    hybrid_dram hybrid_placement hybrid_share hybrid_mem_sched hybrid_mc_write_policy; } >"$T/want"
[ "$(wc -l <"$T/want")" -ge 30 ] && ok "gmc_machine.h has >= 30 numeric keys" \
  || notok "gmc_machine.h has >= 30 numeric keys" "$(cat "$T/want")"
lines_are "--machine-keys: the keys of gmc_machine.h, one per line" "$T/want" -- "$GMC" sim --machine-keys
"$GMC" sim --help >"$T/out" 2>&1 && grep -q '^usage: gmc sim' "$T/out" && ok "--help" || notok "--help"

# ---- the JSON report ----------------------------------------------------
check_json() {   # check_json FILE [python asserts on j]
  python3 - "$1" "${2:-True}" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
for k in ("ipc", "cycles", "instructions", "dram_requests", "load_warps", "offchip_per_load_warp"):
    assert isinstance(j[k], (int, float)), k
for d in ("load_warp_time", "divergence", "divergence_in_mc", "load_warp_channels"):
    D = j[d]
    for k in ("n", "mean", "p25", "p50", "p75", "p95", "p99", "max"):
        assert isinstance(D[k], (int, float)), (d, k)
    assert D["p25"] <= D["p50"] <= D["p75"] <= D["p95"] <= D["p99"] <= D["max"], (d, D)
    assert D["mean"] <= D["max"], (d, D)
assert j["cycles"] > 0 and j["instructions"] > 0
assert abs(j["ipc"] - j["instructions"] / j["cycles"]) < 1e-4, (j["ipc"], j["instructions"], j["cycles"])
assert j["dram_requests"] == j["dram"]["reads"] + j["dram"]["writes"]
# busy over pending channel-cycles, which are at most all of them
assert 0 <= j["dram"]["bus_efficiency"] <= j["dram"]["efficiency"] + 1e-4 and j["dram"]["efficiency"] <= 1, j["dram"]
assert j["load_warp_time"]["n"] <= j["load_warps"]
assert j["divergence"]["n"] == j["load_warps_multi_offchip"] == j["divergence_in_mc"]["n"]
assert j["load_warps_multi_offchip"] <= j["load_warps_offchip"] <= j["load_warps"]
assert 0 <= j["divergence_in_mc_fraction"] <= 1
C = j["load_warp_channels"]   # the loads of divergence, each from 1 .. channels channels
assert C["n"] == j["divergence"]["n"], C
assert C["n"] == 0 or 1 <= C["p25"] and C["max"] <= min(64, j["machine_config"]["dram_channels"] or 64), C
o = j["offchip_per_load_warp"]
assert j["class"] == ("LOA" if o < 1 else "MOA" if o <= 8 else "HOA"), (o, j["class"])
assert sum(j["ops"].values()) == j["instructions"], j["ops"]
assert eval(sys.argv[2]), sys.argv[2]
PY
}
if "$GMC" sim --workload spmv "${SMALL[@]}" --json >"$T/s1.json" 2>"$T/err" && [ ! -s "$T/err" ] \
   && check_json "$T/s1.json" 'j["machine"] == "rtx2060s" and j["machine_source"] == "preset rtx2060s --set sms=4" and j["bim"] == "none" and j["refresh"] is True and j["load_warp_time"]["n"] > 0 and j["divergence"]["n"] > 0 and j["dram_requests"] > 0'
then ok "--json parses, has the fields, defaults to rtx2060s"; else notok "--json parses, has the fields, defaults to rtx2060s" "$(cat "$T/err")"; fi

"$GMC" sim --workload spmv "${SMALL[@]}" --json >"$T/s1b.json" 2>&1
cmp -s "$T/s1.json" "$T/s1b.json" && ok "same seed: byte-identical JSON" || notok "same seed: byte-identical JSON"
if "$GMC" sim --workload spmv "${SMALL[@]}" --json --seed 2 >"$T/s2.json" 2>"$T/err" && check_json "$T/s2.json" 'j["seed"] == 2' \
   && python3 - "$T/s1.json" "$T/s2.json" <<'PY'
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:])
assert (a["cycles"], a["instructions"], a["load_warp_time"]) != (b["cycles"], b["instructions"], b["load_warp_time"])
PY
then ok "another seed changes spmv, JSON still valid"; else notok "another seed changes spmv, JSON still valid" "$(cat "$T/err")"; fi
# stream has nothing random (no BIM without --scheme): only the seed field moves
"$GMC" sim --workload stream "${SMALL[@]}" --json --seed 1 | grep -v '"seed"' >"$T/a" 2>&1
"$GMC" sim --workload stream "${SMALL[@]}" --json --seed 9 | grep -v '"seed"' >"$T/b" 2>&1
[ -s "$T/a" ] && cmp -s "$T/a" "$T/b" && ok "another seed leaves stream unchanged" || notok "another seed leaves stream unchanged"

# load_warp_channels: moa's loads read one 128-byte line each (one channel),
# hoa's lines are scattered over the 16 channels
if "$GMC" sim --workload moa "${SMALL[@]}" --json >"$T/ch1.json" && "$GMC" sim --workload hoa "${SMALL[@]}" --json >"$T/ch2.json" \
   && check_json "$T/ch1.json" 'j["load_warp_channels"]["max"] == 1 and j["load_warp_channels"]["n"] > 1000' \
   && check_json "$T/ch2.json" 'j["load_warp_channels"]["mean"] > 8 and j["load_warp_channels"]["max"] == 16'
then ok "load_warp_channels: 1 for moa's one-line loads, most of 16 for hoa's"; else notok "load_warp_channels: 1 for moa's one-line loads, most of 16 for hoa's"; fi

# --set reaches the machine: 8 SMs finish stream sooner than 4
c4=$("$GMC" sim --workload stream --set sms=4 --scale 0.05 --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["cycles"])')
c8=$("$GMC" sim --workload stream --set sms=8 --scale 0.05 --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["cycles"])')
[ -n "$c4" ] && [ -n "$c8" ] && [ "$c8" -lt "$c4" ] && ok "--set sms=8 runs faster than sms=4 ($c8 < $c4 cycles)" \
  || notok "--set sms=8 runs faster than sms=4" "$c8 vs $c4"
# a machine file is the same as --set over the default preset
printf '# four SMs\nsms = 4   # a comment\n\n' >"$T/m4.cfg"
"$GMC" sim --workload stream --machine "$T/m4.cfg" --scale 0.05 --json >"$T/f.json" 2>"$T/err"
"$GMC" sim --workload stream "${SMALL[@]}" --json >"$T/s.json"
if grep -q "\"machine_source\": \"file $T/m4.cfg over preset rtx2060s\"" "$T/f.json" \
   && diff <(grep -v machine_source "$T/f.json") <(grep -v machine_source "$T/s.json") >/dev/null
then ok "machine file = --set over rtx2060s"; else notok "machine file = --set over rtx2060s" "$(cat "$T/err")"; fi
# machine_config is the whole machine as the run used it: written back as
# a machine file it runs the same (every other line of the report equal)
for m in rtx2060s pae-gddr5; do
  "$GMC" sim --machine $m --workload stream --set sms=4 --set l2_lat=77 --set mc_queue=24 --scale 0.02 --json >"$T/mc.json" 2>"$T/err"
  python3 - "$T/mc.json" >"$T/mc.cfg" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
print("name =", j["machine"]); print("warp_sched =", j["warp_sched"]); print("mem_sched =", j["mem_sched"])
for k, v in j["machine_config"].items():
    print(k, "=", v)
PY
  "$GMC" sim --machine "$T/mc.cfg" --workload stream --scale 0.02 --json >"$T/mc2.json" 2>>"$T/err"
  if grep -q "\"machine_source\": \"preset $m --set sms=4 --set l2_lat=77 --set mc_queue=24\"" "$T/mc.json" \
     && grep -q '"l2_lat": 77, ' "$T/mc.json" && [ "$(grep -c . "$T/mc.cfg")" -ge 30 ] \
     && diff <(grep -v machine_source "$T/mc.json") <(grep -v machine_source "$T/mc2.json") >/dev/null
  then ok "$m: machine_config written back as a machine file runs the same"
  else notok "$m: machine_config written back as a machine file runs the same" "$(cat "$T/err"; diff "$T/mc.json" "$T/mc2.json" | head -5)"; fi
done
for m in pae-gddr5 yuan-gddr3; do
  if "$GMC" sim --machine $m --workload stream --set sms=4 --scale 0.02 --json >"$T/p.json" 2>"$T/err" \
     && check_json "$T/p.json" "j['machine'] == '$m' and j['machine_source'] == 'preset $m --set sms=4'"
  then ok "preset $m runs"; else notok "preset $m runs" "$(cat "$T/err")"; fi
done
if "$GMC" sim --workload stream "${SMALL[@]}" --scheme pae --seed 3 --no-refresh --json >"$T/b.json" 2>"$T/err" \
   && check_json "$T/b.json" 'j["bim"] == "pae seed 3" and j["refresh"] is False and j["dram"]["refreshes"] == 0'
then ok "--scheme and --no-refresh are in the report"; else notok "--scheme and --no-refresh are in the report" "$(cat "$T/err")"; fi
"$GMC" sim --workload stream "${SMALL[@]}" --warp-sched gto --json 2>/dev/null | grep -q '"warp_sched": "gto"' \
  && ok "--warp-sched gto" || notok "--warp-sched gto"

# ---- the text report ----------------------------------------------------
if "$GMC" sim --workload stream "${SMALL[@]}" >"$T/txt" 2>"$T/err" && grep -q 'IPC [0-9]' "$T/txt" \
   && grep -q 'load-warp time (core cycles): mean [0-9]' "$T/txt" && grep -q '^gmc sim: stream on preset rtx2060s' "$T/txt" \
   && ! grep -q '^{' "$T/txt"
then ok "text report: IPC and load-warp time"; else notok "text report: IPC and load-warp time" "$(cat "$T/txt" "$T/err")"; fi

# ---- Accel-Sim traces -----------------------------------------------------
# Instruction lines counted here, not by gmc: inside #BEGIN_TB..#END_TB, a
# line that starts with a hex (PC, or the old layout's ids, or lineinfo's
# decimal line) field followed by a blank.
count_insts() {
  awk '/^#BEGIN_TB/ {tb = 1; next} /^#END_TB/ {tb = 0; next} tb && /^[0-9a-fA-F]+ / {n++} END {print n + 0}' "$1"/*.traceg
}
for d in new old; do
  n=$(count_insts "$AS/$d")
  if "$GMC" sim --traces "$AS/$d" --set sms=4 --json >"$T/t.json" 2>"$T/err" \
     && check_json "$T/t.json" "j['instructions'] == $n and j['trace_instruction_lines'] == $n and j['traces'] == '$AS/$d'"
  then ok "traces $d: instructions = $n instruction lines"; else notok "traces $d: instructions = $n instruction lines" "$(cat "$T/err")"; fi
  [ "$n" -gt 5 ] && ok "traces $d: the count is not trivial ($n)" || notok "traces $d: the count is not trivial ($n)"
done
"$GMC" sim --traces "$AS/new" --set sms=4 >/dev/null 2>"$T/err"; rc=$?
[ $rc = 0 ] && grep -q 'note: 2 instructions had an opcode without a latency entry.* FOOBAR x1 BAZQUX x1' "$T/err" \
  && ok "unknown opcodes: a note on stderr, exit 0" || notok "unknown opcodes: a note on stderr, exit 0" "rc $rc: $(cat "$T/err")"
"$GMC" sim --traces "$AS/old" --set sms=4 >/dev/null 2>"$T/err" \
  && [ "$(grep -v ' had address bits above its map' "$T/err")" = "gmc sim: note: 2 thread block(s) of the grids of 1 kernel(s) are not in the trace (no #BEGIN_TB): they run as CTAs without instructions" ] \
  && ok "traces old: no opcode note, one for its 2 unlisted thread blocks (and the folding note: inputs.sh)" \
  || notok "traces old: no opcode note, one for its 2 unlisted thread blocks" "$(cat "$T/err")"
# a grid larger than the thread blocks the file lists: the others run empty, with a note
mkdir -p "$T/part"; echo kernel-1.traceg >"$T/part/kernelslist.g"
printf -- '-kernel name = part\n-grid dim = (5,1,1)\n-block dim = (32,1,1)\n\n#BEGIN_TB\nthread block = 2,0,0\nwarp = 0\ninsts = 2\n0000 ffffffff 1 R1 FADD 0 0\n0010 ffffffff 0 EXIT 0 0\n#END_TB\n' \
  >"$T/part/kernel-1.traceg"
"$GMC" sim --traces "$T/part" --set sms=4 --json >"$T/t.json" 2>"$T/err"; rc=$?
if [ $rc = 0 ] && [ "$(cat "$T/err")" = "gmc sim: note: 4 thread block(s) of the grids of 1 kernel(s) are not in the trace (no #BEGIN_TB): they run as CTAs without instructions" ] \
   && check_json "$T/t.json" "j['instructions'] == 2 and j['ctas'] == 5"
then ok "a trace listing 1 of 5 thread blocks: runs 5 CTAs, a note for the 4"
else notok "a trace listing 1 of 5 thread blocks: runs 5 CTAs, a note for the 4" "rc $rc: $(cat "$T/err")"; fi

# a trace's -nregs above 255 (a real PyTorch trace in Accel-Sim's repository
# says 21955) and ignore_limits: tests/cli/inputs.sh

# every malformed trace: exit 1, one line `FILE:LINE: expected ..., found ...`
nbad=0
for f in "$AS"/bad/*.traceg; do
  b=$(basename "$f"); d="$T/bad-$b"; mkdir -p "$d"; cp "$f" "$d/"; printf '%s\n' "$b" >"$d/kernelslist.g"
  nl=$(($(wc -l <"$f") + 1))
  "$GMC" sim --traces "$d" --set sms=4 >"$T/out" 2>"$T/err"; rc=$?
  ln=$(sed -n "s|^gmc sim: $d/$b:\([0-9][0-9]*\): expected .*found.*|\1|p" "$T/err")
  if [ $rc = 1 ] && [ ! -s "$T/out" ] && [ "$(wc -l <"$T/err")" = 1 ] && [ -n "$ln" ] && [ "$ln" -ge 1 ] && [ "$ln" -le $nl ]
  then ok "bad trace $b: exit 1, $b:$ln: expected ..., found ..."; else notok "bad trace $b" "rc $rc: $(cat "$T/err")"; fi
  nbad=$((nbad + 1))
done
[ $nbad -ge 20 ] && ok "$nbad malformed traces tried" || notok "malformed traces tried: $nbad"
expect_fail "bad/ as listed: the first bad file" 1 "^gmc sim: $AS/bad/kernel-addr-extra\.traceg:9: expected .*, found " -- \
  "$GMC" sim --traces "$AS/bad" --set sms=4
expect_fail "bad_missing: kernelslist.g names a missing file" 1 "^gmc sim: $AS/bad_missing/kernelslist\.g:2: expected a readable trace file, found 'kernel-1\.traceg'" -- \
  "$GMC" sim --traces "$AS/bad_missing"
expect_fail "bad_xz: a .traceg.xz that is no xz stream" 1 "^gmc sim: $AS/bad_xz/kernel-1\.traceg\.xz:1: expected an xz stream that xz -dc decompresses, found xz failing \(exit 1\)$" -- \
  "$GMC" sim --traces "$AS/bad_xz"
# .traceg.xz files are read through xz -dc: the same report as the plain files
if command -v xz >/dev/null; then
  mkdir -p "$T/xz"
  sed 's/^\(kernel-[0-9]*\.traceg\)$/\1.xz/' "$AS/new/kernelslist.g" >"$T/xz/kernelslist.g"
  for f in "$AS"/new/kernel-*.traceg; do xz -c "$f" >"$T/xz/$(basename "$f").xz"; done
  "$GMC" sim --traces "$AS/new" --set sms=4 --json 2>/dev/null | sed "s|$AS/new|DIR|" >"$T/plain.json"
  "$GMC" sim --traces "$T/xz" --set sms=4 --json 2>"$T/err" | sed "s|$T/xz|DIR|" >"$T/xz.json"
  if [ "$(grep -c '\.xz$' "$T/xz/kernelslist.g")" = 2 ] && [ -s "$T/plain.json" ] && cmp -s "$T/plain.json" "$T/xz.json"
  then ok "traces as .traceg.xz: the plain files' report"; else notok "traces as .traceg.xz: the plain files' report" "$(cat "$T/err")"; fi
  head -c 300 "$T/xz/kernel-1.traceg.xz" >"$T/cut.xz" && mv "$T/cut.xz" "$T/xz/kernel-1.traceg.xz"
  expect_fail "a cut .traceg.xz: xz's failure at the line it stopped" 1 "^gmc sim: $T/xz/kernel-1\.traceg\.xz:[0-9]+: expected an xz stream that xz -dc decompresses, found xz failing \(exit 1\)$" -- \
    "$GMC" sim --traces "$T/xz" --set sms=4
  expect_fail "a .traceg.xz without xz to run" 1 "^gmc sim: $T/xz/kernel-1\.traceg\.xz:1: expected the xz command to decompress it \(Debian: apt-get install xz-utils\), found none to run \(exit 127\)$" -- \
    env PATH=/nonexistent "$GMC" sim --traces "$T/xz" --set sms=4
else
  notok "traces as .traceg.xz" "no xz command (make deps installs xz-utils)"
fi
expect_fail "missing --traces dir" 1 "^gmc sim: $T/none: expected an Accel-Sim trace directory, found nothing there$" -- \
  "$GMC" sim --traces "$T/none"
expect_fail "--traces FILE" 1 "^gmc sim: $AS/new/kernelslist\.g: expected an Accel-Sim trace directory, found a file$" -- \
  "$GMC" sim --traces "$AS/new/kernelslist.g"
mkdir -p "$T/empty"
expect_fail "--traces dir without kernelslist.g" 1 "^gmc sim: $T/empty/kernelslist\.g: expected a readable kernel list" -- \
  "$GMC" sim --traces "$T/empty"

# ---- bad inputs: one line; 2 = usage, 1 = bad input --------------------
W=(--workload stream --set sms=4 --scale 0.01)
expect_fail "unknown workload" 2 "^gmc sim: workload: expected one of stream, .*, found 'nosuch'$" -- "$GMC" sim --workload nosuch
expect_fail "unknown workload option" 2 "^gmc sim: workload hoa: expected lines=" -- "$GMC" sim --workload hoa:lines=8
# --check: builds what a run builds, runs nothing, says nothing when fine
out=$("$GMC" sim --workload moa --check 2>&1); rc=$?
[ $rc = 0 ] && [ -z "$out" ] && ok "--check: a good command, exit 0, silent" || notok "--check: a good command, exit 0, silent" "rc $rc: $out"
out=$("$GMC" sim --traces "$AS/new" --set sms=4 --check 2>&1); rc=$?
[ $rc = 0 ] && [ -z "$out" ] && ok "--check: a trace directory, exit 0, silent" || notok "--check: a trace directory, exit 0, silent" "rc $rc: $out"
expect_fail "--check: a rule across machine keys" 2 "^gmc sim: --set #1 \(l2_slice_size=1000\): l2_slice_size 1000 with l2_assoc 16: expected size / \(128 B x ways\) to be a power of two, found 0.49 sets$" -- \
  "$GMC" sim --workload moa --set l2_slice_size=1000 --check
expect_fail "--check: a CTA no SM holds" 1 "^gmc sim: kernel moa: a CTA \(256 threads, 32 registers/thread, 0 B shared memory\) fits no SM of machine rtx2060s" -- \
  "$GMC" sim --workload moa --set regs_per_sm=2048 --check
expect_fail "--check: a workload option" 2 "^gmc sim: workload hoa: expected lines=" -- "$GMC" sim --workload hoa:lines=8 --check
expect_fail "--check: a trace directory without kernelslist.g" 1 "^gmc sim: $T/empty/kernelslist\.g: expected a readable kernel list" -- \
  "$GMC" sim --traces "$T/empty" --check
expect_fail "unknown machine" 2 "^gmc sim: --machine: expected a preset \(gmc sim --machine list\), a file or a directory, found 'nosuch'$" -- \
  "$GMC" sim "${W[@]}" --machine nosuch
printf 'sms = 4\nbogus = 3\n' >"$T/bad.cfg"
expect_fail "machine file with a bad key: file:line" 1 "^gmc sim: $T/bad\.cfg:2: expected a machine key .*found 'bogus'$" -- \
  "$GMC" sim "${W[@]}" --machine "$T/bad.cfg"
printf '\nsms = many\n' >"$T/bad2.cfg"
expect_fail "machine file with a bad value: file:line" 1 "^gmc sim: $T/bad2\.cfg:2: sms: expected an integer in 1\.\.1024, found 'many'$" -- \
  "$GMC" sim "${W[@]}" --machine "$T/bad2.cfg"
expect_fail "--set nosuchkey=1" 2 "^gmc sim: --set #2 \(nosuchkey=1\): expected a machine key .*found 'nosuchkey'$" -- "$GMC" sim "${W[@]}" --set nosuchkey=1
expect_fail "--set sms=0" 2 "^gmc sim: --set #2 \(sms=0\): sms: expected an integer in 1\.\.1024, found '0'$" -- "$GMC" sim "${W[@]}" --set sms=0
expect_fail "--set without =" 2 "^gmc sim: --set #2 \(sms\): expected KEY=VALUE, found 'sms'$" -- "$GMC" sim "${W[@]}" --set sms
expect_fail "--set l1_size that gives no power-of-two sets" 2 "l1_size 1000.*expected size / \(128 B x ways\)" -- \
  "$GMC" sim "${W[@]}" --set l1_size=1000
expect_fail "both --workload and --traces" 2 "^gmc sim: expected one of --workload NAME or --traces DIR, found both$" -- \
  "$GMC" sim "${W[@]}" --traces "$AS/new"
expect_fail "neither --workload nor --traces" 2 "^gmc sim: expected one of --workload NAME or --traces DIR, found neither$" -- \
  "$GMC" sim --set sms=4
expect_fail "a directory as --machine: Accel-Sim's layout, without its gpgpusim.config" 2 "^gmc sim: --machine $T: expected a directory holding gpgpusim.config \(and trace.config\), found no $T/gpgpusim.config$" -- "$GMC" sim "${W[@]}" --machine "$T"
expect_fail "a missing --machine file" 1 "^gmc sim: $T/no\.cfg: " -- "$GMC" sim "${W[@]}" --machine "$T/no.cfg"
for s in 0 -1 abc 1e9 ''; do
  expect_fail "bad --scale '$s'" 2 "^gmc sim: --scale: expected a number in \(0, 64\], found '$s'$" -- \
    "$GMC" sim --workload stream --scale "$s"
done
expect_fail "--scale above the workloads' 64" 2 "^gmc sim: --scale: expected a number in \(0, 64\], found '100'$" -- \
  "$GMC" sim --workload stream --scale 100
expect_fail "--preset (a gmc mem option)" 2 "^gmc sim: --preset: expected --machine" -- "$GMC" sim "${W[@]}" --preset gddr5-hynix
expect_fail "unknown option" 2 "^gmc sim: unknown option '--bogus'" -- "$GMC" sim "${W[@]}" --bogus
expect_fail "option without its value" 2 "^gmc sim: option --machine needs a value$" -- "$GMC" sim "${W[@]}" --machine
expect_fail "bad --warp-sched" 2 "^gmc sim: --warp-sched: expected one of lrr, gto, ccws, tbas, found 'rr'$" -- "$GMC" sim "${W[@]}" --warp-sched rr
expect_fail "bad cta_dispatch" 2 "^gmc sim: --set #2 \(cta_dispatch=temp\): cta_dispatch: expected one of rr, serial, found 'temp'$" -- \
  "$GMC" sim "${W[@]}" --set cta_dispatch=temp
expect_fail "bad icnt_topology" 2 "^gmc sim: --set #2 \(icnt_topology=torus\): icnt_topology: expected one of xbar, mesh, ring, found 'torus'$" -- \
  "$GMC" sim "${W[@]}" --set icnt_topology=torus
expect_fail "bad --sched" 2 "--sched: expected one of frfcfs, .*found 'xx'$" -- "$GMC" sim "${W[@]}" --sched xx
printf 'mem_sched = xx\n' >"$T/ms.cfg"
expect_fail "bad mem_sched in a machine file: its line, not --sched" 1 "^gmc sim: $T/ms\.cfg:1: mem_sched: expected one of frfcfs, .*found 'xx'$" -- \
  "$GMC" sim "${W[@]}" --machine "$T/ms.cfg"
expect_fail "bad --seed" 2 "^gmc sim: --seed: expected a non-negative integer, found '-1'$" -- "$GMC" sim "${W[@]}" --seed -1
expect_fail "bad --alu-per-mem" 2 "^gmc sim: --alu-per-mem: expected 0\.\.1000, found 5000$" -- "$GMC" sim "${W[@]}" --alu-per-mem 5000
expect_fail "--max-cycles watchdog" 1 "^gmc sim: kernel stream: ran past --max-cycles 10$" -- "$GMC" sim "${W[@]}" --max-cycles 10

# ---- GPGPU-Sim configs as --machine -------------------------------------
C="$GS/rtx2060-super.config"
if "$GMC" sim --machine "$C" --workload stream --set sms=4 --scale 0.01 --json >"$T/g.json" 2>"$T/err" \
   && check_json "$T/g.json" "j['machine'] == 'rtx2060-super' and j['machine_source'] == 'gpgpusim.config $C --set sms=4'" \
   && grep -Eq "^gmc sim: $C: [0-9]+ GPGPU-Sim options used, [0-9]+ ignored, [0-9]+ machine keys from the base machine rtx2060s \(--verbose lists them\); DRAM: " "$T/err"
then ok "GPGPU-Sim config runs, used/ignored options on stderr"; else notok "GPGPU-Sim config runs, used/ignored options on stderr" "$(cat "$T/err")"; fi
grep -Eq "^$C:[0-9]+: warning: " "$T/err" && ok "GPGPU-Sim config: warnings name file:line" \
  || notok "GPGPU-Sim config: warnings name file:line" "$(cat "$T/err")"
# --machine DIR: Accel-Sim's layout, gpgpusim.config and the trace.config beside it
mkdir -p "$T/acc" && cp "$C" "$T/acc/gpgpusim.config"
printf -- '-trace_opcode_latency_initiation_sp 7,3\n-specialized_unit_1 1,8,4,4,4,BRA\n-trace_opcode_latency_initiation_spec_op_1 6,2\n' >"$T/acc/trace.config"
if "$GMC" sim --machine "$T/acc" --workload stream --set sms=4 --scale 0.01 --json >"$T/acc.json" 2>"$T/err" \
   && check_json "$T/acc.json" "j['machine'] == 'acc' and j['machine_config']['sp_lat'] == 7 and j['machine_config']['sp_ii'] == 3 and j['machine_config']['branch_units'] == 8 and j['machine_config']['branch_lat'] == 6 and j['machine_config']['dram_latency'] == 96 and j['machine_source'] == 'gpgpusim.config $T/acc/gpgpusim.config + trace.config $T/acc/trace.config --set sms=4'" \
   && grep -q "^gmc sim: $T/acc/trace.config: opcode latencies and units read; ignored: nothing$" "$T/err"
then ok "--machine DIR reads gpgpusim.config and trace.config"; else notok "--machine DIR reads gpgpusim.config and trace.config" "$(cat "$T/err")"; fi
rm "$T/acc/trace.config"
if "$GMC" sim --machine "$T/acc" --workload stream --set sms=4 --scale 0.01 --json >"$T/acc.json" 2>"$T/err" \
   && check_json "$T/acc.json" "j['machine_config']['sp_lat'] == 2"
then ok "--machine DIR without trace.config: the base's latencies"; else notok "--machine DIR without trace.config: the base's latencies" "$(cat "$T/err")"; fi
printf -- '-trace_opcode_latency_initiation_sfu 21\n' >"$T/acc/trace.config"
"$GMC" sim --machine "$T/acc" --workload stream --scale 0.01 >/dev/null 2>"$T/err"; rc=$?
[ $rc = 1 ] && [ "$(tail -1 "$T/err")" = "gmc sim: $T/acc/trace.config:1: -trace_opcode_latency_initiation_sfu: expected <latency>,<initiation interval>, found '21'" ] \
  && ok "--machine DIR: a bad trace.config line is file:line, exit 1" \
  || notok "--machine DIR: a bad trace.config line is file:line, exit 1" "exit $rc: $(tail -1 "$T/err")"
rm "$T/acc/gpgpusim.config"
expect_fail "--machine DIR without gpgpusim.config" 2 "^gmc sim: --machine $T/acc: expected a directory holding gpgpusim.config \(and trace.config\), found no $T/acc/gpgpusim.config$" -- \
  "$GMC" sim --machine "$T/acc" --workload stream --scale 0.01
# -gpgpu_memory_partition_indexing 2: the IPoly channel hash becomes the run's BIM
sed 's/^-gpgpu_memory_partition_indexing 0$/-gpgpu_memory_partition_indexing 2/' "$C" >"$T/ipoly.config"
if "$GMC" sim --machine "$T/ipoly.config" --workload stream --set sms=4 --scale 0.01 --json >"$T/ip.json" 2>"$T/err" \
   && check_json "$T/ip.json" "j['bim'] == 'ipoly 32 (-gpgpu_memory_partition_indexing 2)'" \
   && "$GMC" sim --machine "$T/ipoly.config" --workload stream --set sms=4 --scale 0.01 --check --verbose 2>&1 | grep -q ": used: .*-gpgpu_memory_partition_indexing" \
   && grep -q 'map: -gpgpu_mem_addr_mapping with its IPoly channel hash as a BIM' "$T/err" \
   && "$GMC" sim --machine "$T/ipoly.config" --workload stream --set sms=4 --scale 0.01 --scheme base --json >"$T/ip0.json" 2>/dev/null \
   && check_json "$T/ip0.json" "j['bim'] == 'base seed 1'"
then ok "GPGPU-Sim config with IPoly: its hash is the BIM (--scheme base: none)"
else notok "GPGPU-Sim config with IPoly: its hash is the BIM" "$(cat "$T/err")"; fi
# machine_config.addr_map names the map that ran: the imported file's, --map's, the preset's
M16="Row[28:14] Bank[13:10] Ch%16@8 Col[9:5] Block[4:0]"
if "$GMC" sim --machine "$GS/rtx2060-super.config" --workload moa --set sms=4 --scale 0.01 --json >"$T/am1.json" 2>/dev/null \
   && check_json "$T/am1.json" "j['machine_config']['addr_map'] == 'gpgpusim-config'" \
   && "$GMC" sim --workload moa --set sms=4 --scale 0.01 --map "$M16" --json >"$T/am2.json" 2>/dev/null \
   && check_json "$T/am2.json" "j['machine_config']['addr_map'] == '--map'" \
   && "$GMC" sim --workload moa --set sms=4 --scale 0.01 --json >"$T/am3.json" 2>/dev/null \
   && check_json "$T/am3.json" "j['machine_config']['addr_map'] == 'gddr6-rtx2060s'"
then ok "machine_config.addr_map: gpgpusim-config, --map, the preset's name, as run"
else notok "machine_config.addr_map names the map that ran" "$(grep -ho '"addr_map": "[^"]*"' "$T"/am*.json)"; fi
# TITAN V: 24 channels, dramid@8 -- the map takes the channel modulo 24
if "$GMC" sim --machine "$GS/titanv.config" --workload moa --set sms=8 --scale 0.01 --json >"$T/tv.json" 2>"$T/err" \
   && check_json "$T/tv.json" "j['machine'] == 'titanv' and j['dram_requests'] > 0" \
   && ! grep -q 'warning: -gpgpu_mem_addr_mapping' "$T/err"
then ok "GPGPU-Sim config with 24 channels runs on its own map"; else notok "GPGPU-Sim config with 24 channels runs on its own map" "$(cat "$T/err")"; fi
# a DRAM burst (bus width x burst length) narrower than the L2's 32-byte
# sector: refused, where it had hung every miss until the watchdog
sed 's/^-gpgpu_dram_buswidth 16$/-gpgpu_dram_buswidth 2/' "$GS/titanv.config" >"$T/narrow.config"
"$GMC" sim --machine "$T/narrow.config" --workload moa --set sms=8 --scale 0.01 >"$T/out" 2>"$T/err"; rc=$?
if [ $rc = 1 ] && [ "$(tail -1 "$T/err")" = "gmc sim: machine narrow: dram: expected a burst of at least the L2's 32-byte sector (bus width x burst length / 8), found 4 bytes (16 bits x 2)" ] && [ ! -s "$T/out" ]
then ok "GPGPU-Sim config with 4-byte DRAM bursts: refused in one line"
else notok "GPGPU-Sim config with 4-byte DRAM bursts: refused in one line" "rc $rc: $(tail -2 "$T/err")"; fi
for c in bad-sms bad-dl1 warp16 unterminated; do
  expect_fail "GPGPU-Sim config $c.config: file:line" 1 "^gmc sim: $GS/$c\.config:[0-9]+: -[a-z_:0-9]+: expected .*, found " -- \
    "$GMC" sim "${W[@]}" --machine "$GS/$c.config"
done

# ---- output errors ---------------------------------------------------------
for fmt in text json; do
  o=(); [ $fmt = json ] && o=(--json)
  "$GMC" sim "${W[@]}" "${o[@]}" >/dev/full 2>"$T/err"; rc=$?
  [ $rc = 1 ] && [ "$(wc -l <"$T/err")" = 1 ] && grep -q '^gmc sim: .*No space left on device' "$T/err" \
    && ok "> /dev/full ($fmt): exit 1, one message" || notok "> /dev/full ($fmt)" "rc $rc: $(cat "$T/err")"
done
"$GMC" sim "${W[@]}" --json -o /dev/full >/dev/null 2>"$T/err"; rc=$?
[ $rc = 1 ] && grep -q '^gmc sim: /dev/full: cannot write' "$T/err" && ok "-o /dev/full: exit 1" \
  || notok "-o /dev/full: exit 1" "rc $rc: $(cat "$T/err")"
expect_fail "-o into a missing dir" 1 "^gmc sim: $T/nodir/r\.json: cannot write" -- "$GMC" sim "${W[@]}" --json -o "$T/nodir/r.json"
[ ! -e "$T/nodir" ] && ok "-o into a missing dir writes nothing" || notok "-o into a missing dir writes nothing"
"$GMC" sim "${W[@]}" --json --max-cycles 10 -o "$T/r.json" >/dev/null 2>&1
[ ! -e "$T/r.json" ] && ok "-o FILE: a failed run creates no file" || notok "-o FILE: a failed run creates no file"
echo keep >"$T/r.json"
"$GMC" sim "${W[@]}" --json --max-cycles 10 -o "$T/r.json" >/dev/null 2>&1
[ "$(cat "$T/r.json")" = keep ] && ok "-o FILE: a failed run leaves the old file" || notok "-o FILE: a failed run leaves the old file"
if "$GMC" sim "${W[@]}" --json -o "$T/r.json" >"$T/out" 2>"$T/err" && [ ! -s "$T/out" ] && [ ! -s "$T/err" ] && check_json "$T/r.json"
then ok "-o FILE: written on success, nothing on stdout"; else notok "-o FILE: written on success" "$(cat "$T/err")"; fi
mkdir -p "$T/od"
"$GMC" sim "${W[@]}" -o "$T/od/r.txt" >/dev/null 2>&1 && "$GMC" sim "${W[@]}" --max-cycles 10 -o "$T/od/s.txt" >/dev/null 2>&1
[ "$(ls -A "$T/od")" = r.txt ] && grep -q 'IPC' "$T/od/r.txt" && ok "-o: only the report is left in its directory" \
  || notok "-o: only the report is left in its directory" "$(ls -A "$T/od")"
# ---- docs/harness.md's machine tables match the header and the presets --
if "$GMC" sim --machine-keys >"$T/keys" && python3 - "$ROOT" "$T/keys" <<'PY' 2>"$T/err"
import re, sys
root, keys = sys.argv[1], open(sys.argv[2]).read().split()
doc = open(f"{root}/docs/harness.md").read()
sec = lambda h: doc.split(h, 1)[1].split("\n#", 1)[0]
rows = lambda text: [[c.strip() for c in l.strip().strip("|").split(" | ")] for l in text.splitlines() if l.startswith("| `")]
hdr = open(f"{root}/model/gpu/gmc_machine.h").read()
meta = {k: (lo, hi, unit, d) for k, lo, hi, unit, d in
        re.findall(r'X\((\w+),\s*(\d+),\s*(\d+),\s*"([^"]*)",\s*"((?:[^"\\]|\\.)*)"\)', hdr)}
presets = ["rtx2060s", "pae-gddr5", "yuan-gddr3", "temp-jetc19"]
cfg = {}
for p in presets:
    cfg[p] = {}
    for line in open(f"{root}/model/gpu/machines/{p}.cfg"):
        if "=" in line and not line.startswith("#"):
            body, _, src = line.partition("#")
            k, _, v = body.partition("=")
            cfg[p][k.strip()] = (v.strip(), src.strip())
t = rows(sec("### Machine keys\n"))
assert [r[0].strip("`") for r in t] == keys, ("key table", [r[0] for r in t])
for r in t:
    k = r[0].strip("`")
    if k in meta:
        lo, hi, unit, d = meta[k]
        assert r[1:4] == [f"{lo}..{hi}", unit, d], (k, r[1:4])
    assert r[4:] == [cfg[p][k][0] for p in presets], (k, r[4:])
for p in presets:
    t = rows(sec(f"#### `{p}`\n"))
    assert [r[0].strip("`") for r in t] == keys, (p, "rows")
    for r in t:
        k = r[0].strip("`")
        assert r[1] == cfg[p][k][0], (p, k, r[1])
        assert cfg[p][k][1] == "" or r[2] == cfg[p][k][1], (p, k, r[2])
PY
then ok "docs/harness.md: machine keys and preset tables match gmc_machine.h and machines/*.cfg"
else notok "docs/harness.md: machine keys and preset tables match" "$(tail -3 "$T/err")"; fi

# Regression: warped-mc's Fig. 10 counters once read the mode's queue head,
# empty when the bank served a committed request of the other type (a
# crash on stores mixed with loads at this size).
# Fig. 10's counts: column commands = requests served, activations = the
# DRAM's, commands (the arbiter's grants: ACT, PRE, RD, WR) at least both,
# and each kind of change found at least once on this run.
if "$GMC" sim --workload stream --scale 0.25 --sched warped-mc --json >"$T/wmc.json" 2>"$T/wmc.err" &&
   check_json "$T/wmc.json" '(lambda r: r["column_commands"] == j["dram_requests"] and r["activations"] == j["dram"]["activations"] and r["commands"] >= r["column_commands"] + r["activations"] and all(0 < r[k] < r[n] for k, n in (("request_adjusted", "column_commands"), ("row_adjusted", "activations"), ("bank_adjusted", "commands"))))(j["warped_mc_rescheduling"])'; then
  ok "warped-mc with reads and writes runs and reports its rescheduling"
else
  notok "warped-mc with reads and writes runs and reports its rescheduling" "$(tail -2 "$T/wmc.err")"
fi

# The CSV and the JSON report come from the same rows: the same names (the
# JSON's nested names joined with '.') in the same order, the same values,
# the run's fields (workload or traces, seed, scale, machine_source, bim,
# refresh, ...) included; and the counters of each component's table are
# there (l1.merged, l2.writebacks, icnt_packets: read through the C API too).
for run in "--workload moa --scale 0.05 --sched warped-mc" "--traces $AS/new --scheme pae --no-refresh"; do
  # shellcheck disable=SC2086  # the run's words are separate arguments
  if "$GMC" sim $run --json -o "$T/rep.json" --csv "$T/rep.csv" 2>"$T/rep.err" &&
     python3 - "$T/rep.json" "$T/rep.csv" >"$T/rep.out" 2>&1 <<'PY'
import json, sys
def flat(o, pre=""):
    for k, v in o.items():
        n = pre + "." + k if pre else k
        if isinstance(v, dict):
            yield from flat(v, n)
        else:
            yield n, v
j = list(flat(json.load(open(sys.argv[1]))))
lines = open(sys.argv[2]).read().splitlines()
assert lines[0] == "name,value", lines[0]
c = [(l.split(",", 1)[0], json.loads(l.split(",", 1)[1])) for l in lines[1:]]
missing = [n for n, _ in j if n not in dict(c)]
assert not missing, "JSON fields without a CSV line: " + " ".join(missing)
assert j == c, [x for x in zip(j, c) if x[0] != x[1]][:3]
d = dict(c)
for n in ("gmc", "machine_source", "seed", "bim", "refresh", "l1.merged", "l1.sent", "l2.merged", "l2.sent",
          "l2.writebacks", "l2.dram_reads", "icnt_packets", "icnt_latency_sum", "offchip_requests"):
    assert n in d, n
assert ("workload" in d and "scale" in d and "alu_per_mem" in d) or ("traces" in d and "trace_version" in d), d
assert d["l2.sent"] == d["l2.dram_reads"] == d["dram.reads"]
assert d["l1.sent"] + d["l1.merged"] == d["l1.read_sectors"] - d["l1.hit_sectors"]
print(len(c), "values same in both")
PY
  then
    ok "the CSV report is the JSON's values, same names and order, run fields too ($run: $(cat "$T/rep.out"))"
  else
    notok "the CSV report is the JSON's values, same names and order, run fields too ($run)" \
      "$(head -c 400 "$T/rep.out") $(tail -2 "$T/rep.err")"
  fi
done

# Two outputs on one file are refused before the run; a failed output
# leaves every other output as it was (all of them or none).
expect_fail "-o and --csv on one file are refused" 2 \
  "^gmc sim: -o and --csv name the same file '.*/x' \(one would replace the other\)$" -- \
  "$GMC" sim --workload moa --scale 0.01 --json -o "$T/x" --csv "$T/x"
echo keep >"$T/keep.csv"
"$GMC" sim --workload moa --scale 0.01 --json -o "$T/nodir/x.json" --csv "$T/keep.csv" >/dev/null 2>"$T/keep.err"; rc=$?
[ $rc = 1 ] && [ "$(cat "$T/keep.csv")" = keep ] && ok "a failed -o leaves --csv's file as it was" \
  || notok "a failed -o leaves --csv's file as it was" "rc $rc: $(head -c 100 "$T/keep.csv")"

# ---- temp-jetc19 (TEMP [JETC'19] Table 4): mesh, hybrid GDDR5 + DDR3, CCWS; with
# serial dispatch + TBAS, and with BW-AWARE placement too, skipping idle
# cycles gives the report of the slow reference byte for byte.
same=0
for cfg in "" "--set warp_sched=tbas --set cta_dispatch=serial" \
           "--set warp_sched=tbas --set cta_dispatch=serial --set hybrid_placement=bw-aware"; do
  "$GMC" sim --machine temp-jetc19 --workload moa --scale 0.05 $cfg --json >"$T/tj1" 2>/dev/null
  "$GMC" sim --machine temp-jetc19 --workload moa --scale 0.05 $cfg --json --step-every-cycle >"$T/tj2" 2>/dev/null
  [ -s "$T/tj1" ] && cmp -s "$T/tj1" "$T/tj2" && grep -q '"hybrid_dram": "ddr3-1866"' "$T/tj1" && same=$((same + 1))
done
[ $same = 3 ] && ok "temp-jetc19: skipping == --step-every-cycle with ccws, tbas + serial, and bw-aware" \
  || notok "temp-jetc19: skipping == --step-every-cycle" "$same of 3"

finish
