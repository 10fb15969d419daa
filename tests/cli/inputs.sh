#!/usr/bin/env bash
# Inputs users bring to `gmc sim` and `gmc mem`: files that are not regular
# files (a FIFO blocks a plain open for ever), empty kernel lists, real
# traces' register counts, implausible runs, addresses above the map.
# Usage: inputs.sh path/to/gmc
set -u
GMC=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
. "$(dirname "$0")/lib.sh"
AS="$(dirname "$0")/../data/accelsim"
# every command here is bounded: a gmc that waited on a FIFO fails the case
TO="timeout 10"
jcheck() {   # jcheck FILE PYTHON-EXPR-ON-j: the expression holds
  python3 -c 'import json, sys; j = json.load(open(sys.argv[1])); sys.exit(0 if eval(sys.argv[2]) else 1)' "$1" "$2"
}

# ---- not a regular file: refused at once, one line, exit 1 (a FIFO too,
# except by the stream readers) ----------------------------------------------
mkfifo "$T/fifo"
mkdir -p "$T/list-fifo" "$T/kernel-fifo" "$T/xz-fifo"
mkfifo "$T/list-fifo/kernelslist.g"
echo kernel-1.traceg >"$T/kernel-fifo/kernelslist.g"; mkfifo "$T/kernel-fifo/kernel-1.traceg"
echo kernel-1.traceg.xz >"$T/xz-fifo/kernelslist.g"; mkfifo "$T/xz-fifo/kernel-1.traceg.xz"
S=(--workload stream --set sms=4 --scale 0.01)
expect_fail "sim: kernelslist.g a FIFO" 1 "^gmc sim: $T/list-fifo/kernelslist\.g: expected a readable kernel list, found a FIFO$" -- \
  $TO "$GMC" sim --traces "$T/list-fifo"
expect_fail "sim: a listed .traceg a FIFO" 1 "^gmc sim: $T/kernel-fifo/kernelslist\.g:1: expected a readable trace file, found 'kernel-1\.traceg' \(a FIFO\)$" -- \
  $TO "$GMC" sim --traces "$T/kernel-fifo"
expect_fail "sim: a listed .traceg.xz a FIFO" 1 "^gmc sim: $T/xz-fifo/kernelslist\.g:1: expected a readable trace file, found 'kernel-1\.traceg\.xz' \(a FIFO\)$" -- \
  $TO "$GMC" sim --traces "$T/xz-fifo"
expect_fail "sim: --machine FILE a FIFO" 1 "^gmc sim: $T/fifo: is a FIFO, expected a regular file$" -- \
  $TO "$GMC" sim "${S[@]}" --machine "$T/fifo"
expect_fail "sim: --machine NAME (no / or .) a FIFO" 1 "^gmc sim: fifo: is a FIFO, expected a regular file$" -- \
  env -C "$T" $TO "$GMC" sim "${S[@]}" --machine fifo
expect_fail "sim: --map-file a FIFO" 1 "^gmc sim: $T/fifo: is a FIFO, expected a regular file$" -- \
  $TO "$GMC" sim "${S[@]}" --map-file "$T/fifo"
expect_fail "sim: --matrix a FIFO" 1 "^gmc sim: $T/fifo: is a FIFO, expected a regular file$" -- \
  $TO "$GMC" sim "${S[@]}" --matrix "$T/fifo"
printf '0 R 0x0\n' >"$T/one.trc"
# the stream readers (gmc mem --trace, which takes '-') read a FIFO as a
# stream; one with no writer yet says so within a second, never silently
timeout 3 "$GMC" mem --trace "$T/fifo" >/dev/null 2>"$T/err"; rc=$?
[ $rc = 124 ] && [ "$(grep -v 'tRC = 62' "$T/err")" = "$T/fifo: warning: a FIFO with no writer yet: waiting for one" ] \
  && ok "mem: --trace a FIFO with no writer: one line saying it waits" || notok "mem: --trace a FIFO with no writer: one line" "rc $rc: $(cat "$T/err")"
(printf '0 R 0x0\n5 R 0x40\n' >"$T/fifo" &)
$TO "$GMC" mem --trace "$T/fifo" --json >"$T/fifo.json" 2>/dev/null && grep -q '"requests": 2' "$T/fifo.json" \
  && ok "mem: --trace a FIFO with a writer: read as a stream" || notok "mem: --trace a FIFO with a writer: read as a stream"
expect_fail "mem: --trace a character device" 1 "^gmc mem: /dev/null: is a character device, expected a regular file$" -- \
  $TO "$GMC" mem --trace /dev/null
expect_fail "mem: --dram-cfg a FIFO" 1 "^gmc mem: $T/fifo: is a FIFO, expected a regular file$" -- \
  $TO "$GMC" mem --trace "$T/one.trc" --dram-cfg "$T/fifo"
expect_fail "mem: --channel-dram a FIFO" 1 "^gmc mem: $T/fifo: is a FIFO, expected a regular file$" -- \
  $TO "$GMC" mem --trace "$T/one.trc" --channel-dram "0=$T/fifo"
python3 -c 'import socket, sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])' "$T/sock"
expect_fail "mem: --trace a socket" 1 "^gmc mem: $T/sock: is a socket, expected a regular file$" -- \
  $TO "$GMC" mem --trace "$T/sock"
# a pipe is still read as standard input
printf '0 R 0x0\n5 R 0x40\n' | $TO "$GMC" mem --trace - --json >"$T/pipe.json" 2>/dev/null \
  && grep -q '"requests": 2' "$T/pipe.json" && ok "mem: --trace - reads a pipe" || notok "mem: --trace - reads a pipe"

# ---- a kernel list naming no kernel: an error, not a run of nothing -----
mkdir -p "$T/l0" "$T/l1" "$T/l2"
: >"$T/l0/kernelslist.g"
printf '\n\n' >"$T/l1/kernelslist.g"
printf 'MemcpyHtoD,0x00007f0000000000,64\n\nMemcpyHtoD,0x00007f0000100000,64\n' >"$T/l2/kernelslist.g"
expect_fail "sim: an empty kernelslist.g" 1 "^gmc sim: $T/l0/kernelslist\.g: expected a line naming a kernel trace \(kernel-N\.traceg\), found an empty file$" -- \
  "$GMC" sim --traces "$T/l0"
expect_fail "sim: a kernelslist.g of blank lines" 1 "^gmc sim: $T/l1/kernelslist\.g: expected a line naming a kernel trace \(kernel-N\.traceg\), found only blank lines$" -- \
  "$GMC" sim --traces "$T/l1"
expect_fail "sim: a kernelslist.g of MemcpyHtoD lines only" 1 "^gmc sim: $T/l2/kernelslist\.g: expected a line naming a kernel trace \(kernel-N\.traceg\), found none in 3 lines \(2 of them not kernels, such as MemcpyHtoD\)$" -- \
  "$GMC" sim --traces "$T/l2"
expect_fail "sim --check: an empty kernelslist.g" 1 "^gmc sim: $T/l0/kernelslist\.g: expected a line naming a kernel trace" -- \
  "$GMC" sim --traces "$T/l0" --check

# ---- -nregs above what a SASS thread has: a tracer artifact, run with 255 --
# (tests/data/accelsim/regs says 21955, as a real PyTorch trace of Accel-Sim's
# repository does; copies here say other counts)
regs_copy() {   # regs_copy DIR SED-EXPR: the regs trace with its header edited
  mkdir -p "$1" && cp "$AS/regs/kernelslist.g" "$1/" && sed "$2" "$AS/regs/kernel-3.traceg" >"$1/kernel-3.traceg"
}
W="^gmc sim: warning: $AS/regs/kernel-3\.traceg: kernel _Z9pow_floatPfS_i: -nregs = 21955 is more than the 255 registers a SASS thread has \(an NVBit tracer artifact\): it runs with 255 registers per thread$"
if "$GMC" sim --traces "$AS/regs" --set sms=4 --json >"$T/r.json" 2>"$T/err" \
   && [ "$(grep -c warning "$T/err")" = 1 ] && grep -Eq "$W" "$T/err" \
   && jcheck "$T/r.json" "j['nregs_clamped'] == 1 and j['kernels_over_limits'] == 0 and j['instructions'] == 96 and j['ctas'] == 6"
then ok "regs: -nregs 21955 runs with 255 by default, one warning, the report says so"
else notok "regs: -nregs 21955 runs with 255 by default" "$(cat "$T/err")"; fi
regs_copy "$T/r255" 's/^-nregs = 21955$/-nregs = 255/'
if "$GMC" sim --traces "$T/r255" --set sms=4 --json >"$T/r255.json" 2>"$T/err" && ! grep -q warning "$T/err" \
   && jcheck "$T/r255.json" "j['nregs_clamped'] == 0" \
   && python3 - "$T/r.json" "$T/r255.json" <<'PY'
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:])
for j in (a, b):
    del j["nregs_clamped"], j["traces"]
sys.exit(0 if a == b else 1)
PY
then ok "regs: -nregs 255 is no artifact (no warning), and 21955 runs as 255 does"
else notok "regs: -nregs 255 is no artifact, and 21955 runs as 255 does" "$(cat "$T/err")"; fi
regs_copy "$T/r256" 's/^-nregs = 21955$/-nregs = 256/'
"$GMC" sim --traces "$T/r256" --set sms=4 --json >"$T/r256.json" 2>"$T/err" \
  && grep -q -- "-nregs = 256 is more than the 255 registers" "$T/err" && jcheck "$T/r256.json" "j['nregs_clamped'] == 1" \
  && ok "regs: -nregs 256 is one over: clamped" || notok "regs: -nregs 256 is one over: clamped" "$(cat "$T/err")"
# ignore_limits still covers a CTA over an SM's registers (within 255 a
# thread) or shared memory: an error naming it, then one such CTA per SM
regs_copy "$T/rblk" 's/^-nregs = 21955$/-nregs = 128/; s/^-block dim = (64,1,1)$/-block dim = (1024,1,1)/'
regs_copy "$T/rsmem" 's/^-nregs = 21955$/-nregs = 32/; s/^-shmem = 1$/-shmem = 70000/'
for c in rblk rsmem; do
  expect_fail "$c: a CTA over the SM's registers or shared memory names ignore_limits" 1 "^gmc sim: $T/$c/kernel-3\.traceg: kernel _Z9pow_floatPfS_i: a CTA .* fits no SM .*; --set ignore_limits=1 runs one CTA per SM anyway$" -- \
    "$GMC" sim --traces "$T/$c" --set sms=4
  "$GMC" sim --traces "$T/$c" --set sms=4 --set ignore_limits=1 --json >"$T/c.json" 2>"$T/err" \
    && jcheck "$T/c.json" "j['kernels_over_limits'] == 1 and j['ctas'] == 6" \
    && grep -q '^gmc sim: note: 1 kernel(s) needed more registers .*ran one CTA per SM (ignore_limits)$' "$T/err" \
    && ok "$c: ignore_limits=1 runs it one CTA per SM, kernels_over_limits 1" || notok "$c: ignore_limits=1 runs it" "$(cat "$T/err")"
done

# ---- addresses above the map's width: folded and counted in both ---------
# gmc mem: 2 of 3 requests above the default map's 2^33; the run is the run
# of the same addresses folded by hand
printf '0 R 0x400000040\n10 R 0x7f0000000080\n20 R 0x40\n' >"$T/wide.trc"
printf '0 R 0x40\n10 R 0x80\n20 R 0x40\n' >"$T/folded.trc"
"$GMC" mem --trace "$T/wide.trc" --json >"$T/w.json" 2>"$T/err"; rc=$?
if [ $rc = 0 ] && jcheck "$T/w.json" "j['addr_folded'] == 2 and j['addr_bits'] == 33 and j['requests'] == 3" \
   && grep -q "^gmc mem: $T/wide\.trc: 2 of 3 requests had address bits above the map's 33 bits: folded (the address modulo 2^33)" "$T/err" \
   && "$GMC" mem --trace "$T/folded.trc" --json >"$T/f.json" 2>/dev/null \
   && python3 - "$T/w.json" "$T/f.json" <<'PY'
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:])
assert b["addr_folded"] == 0
for j in (a, b):
    del j["addr_folded"], j["trace"]
sys.exit(0 if a == b else 1)
PY
then ok "mem: addresses above the map are folded (modulo 2^33), counted, noted: the hand-folded trace's run"
else notok "mem: addresses above the map are folded and counted" "rc $rc: $(cat "$T/err")"; fi
"$GMC" mem --trace "$T/wide.trc" --json --wrap >"$T/wr.json" 2>/dev/null && cmp -s "$T/w.json" "$T/wr.json" \
  && ok "mem: --wrap changes nothing" || notok "mem: --wrap changes nothing"
"$GMC" mem --trace "$T/wide.trc" >"$T/w.txt" 2>/dev/null \
  && grep -q "^folded         2 with address bits above the map's 33 (taken modulo 2^33)$" "$T/w.txt" \
  && ok "mem: the text report's folded line" || notok "mem: the text report's folded line" "$(cat "$T/w.txt")"
# gmc sim: a trace's 64-bit virtual addresses all fold; a synthetic workload's none
"$GMC" sim --traces "$AS/new" --set sms=4 --json >"$T/s.json" 2>"$T/err"; rc=$?
if [ $rc = 0 ] && jcheck "$T/s.json" "j['l2']['dram_addr_folded'] == j['l2']['dram_reads'] + j['l2']['dram_writes'] == 29" \
   && grep -q "^gmc sim: note: 29 requests to the memory system had address bits above its map's 33 bits: folded (the address modulo 2^33)" "$T/err"
then ok "sim: a trace's requests above the map: folded, l2.dram_addr_folded 29, a note"
else notok "sim: a trace's requests above the map: folded and counted" "rc $rc: $(cat "$T/err")"; fi
"$GMC" sim --workload stream --set sms=4 --scale 0.01 --json >"$T/s.json" 2>"$T/err" \
  && jcheck "$T/s.json" "j['l2']['dram_addr_folded'] == 0 and j['l2']['dram_reads'] > 0" && ! grep -q "address bits" "$T/err" \
  && ok "sim: a synthetic workload: nothing folded, no note" || notok "sim: a synthetic workload: nothing folded" "$(cat "$T/err")"

# a -gpgpu_mem_addr_mapping gmc cannot honour: an error in both commands
# (GPGPU-Sim stops on it too); --map gives the run a map of its own
printf -- '-gpgpu_n_mem 12\n-gpgpu_mem_addr_mapping dramid@40;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCC.BCCSSSSS\n' >"$T/r12.config"
MAPERR="r12\.config:2: -gpgpu_mem_addr_mapping: expected dramid@N with N at most 28 \(the map's bits\) for 12 channels, found dramid@40"
expect_fail "sim: a bad -gpgpu_mem_addr_mapping is an error at its line" 1 "^gmc sim: $T/$MAPERR \(gmc sim --map SPEC replaces the file's map\)$" -- \
  "$GMC" sim "${S[@]}" --machine "$T/r12.config"
expect_fail "mem: the same in --dram-cfg" 1 "^gmc mem: $T/$MAPERR$" -- \
  "$GMC" mem --trace "$T/one.trc" --dram-cfg "$T/r12.config"
M12="Row[27:14] Bank[13:10] Col[9:8] Ch%12@8 Col[7:5] Block[4:0]"
"$GMC" sim "${S[@]}" --machine "$T/r12.config" --map "$M12" --json >"$T/m.json" 2>/dev/null \
  && "$GMC" mem --trace "$T/one.trc" --dram-cfg "$T/r12.config" --map "$M12" >/dev/null 2>&1 \
  && ok "sim and mem: --map replaces a map gmc cannot honour" || notok "sim and mem: --map replaces a map gmc cannot honour"

# ---- implausible runs: one warning line up front, the run goes on --------
# gmc sim: a kernel of more than 2^31 threads (here 2^31 + 64, one digit
# too many in a real grid would do it); exactly 2^31 is quiet
mkdir -p "$T/g1" "$T/g0"
for d in g1 g0; do echo kernel-1.traceg >"$T/$d/kernelslist.g"; done
sed 's/^-grid dim = (2,1,1)$/-grid dim = (33554433,1,1)/' "$AS/new/kernel-1.traceg" >"$T/g1/kernel-1.traceg"
sed 's/^-grid dim = (2,1,1)$/-grid dim = (33554432,1,1)/' "$AS/new/kernel-1.traceg" >"$T/g0/kernel-1.traceg"
$TO "$GMC" sim --traces "$T/g1" --set sms=4 --max-cycles 1000 >/dev/null 2>"$T/err"
if grep -q "^gmc sim: warning: $T/g1/kernel-1\.traceg: kernel _Z6vecaddPfS_S_i: grid (33554433,1,1) of blocks (64,1,1) is 2147483712 threads in 33554433 CTAs, more than 2^31: an implausible launch" "$T/err" \
   && [ "$(head -1 "$T/err" | cut -c1-17)" = "gmc sim: warning:" ]
then ok "sim: a grid of more than 2^31 threads: a warning before it runs"; else notok "sim: a grid of more than 2^31 threads: a warning" "$(cat "$T/err")"; fi
$TO "$GMC" sim --traces "$T/g0" --set sms=4 --max-cycles 1000 >/dev/null 2>"$T/err"
! grep -q "implausible" "$T/err" && ok "sim: a grid of 2^31 threads: no warning" || notok "sim: a grid of 2^31 threads: no warning" "$(cat "$T/err")"
# gmc mem: a timestamp above 10^10 DRAM cycles (a trace in picoseconds);
# --no-refresh keeps the long idle stretch quick here
printf '0 R 0x0\n1000000000000 R 0x40\n2000000000000 R 0x80\n' >"$T/ps.trc"
printf '0 R 0x0\n10000000000 R 0x40\n' >"$T/edge.trc"
$TO "$GMC" mem --trace "$T/ps.trc" --no-refresh --json >"$T/ps.json" 2>"$T/err"; rc=$?
if [ $rc = 0 ] && [ "$(grep -c 'implausible\|implies a run' "$T/err")" = 1 ] \
   && grep -q "^gmc mem: warning: $T/ps\.trc:2: cycle 1000000000000 implies a run of more than 10^10 DRAM cycles (286 s at tCK 286 ps): a trace in picoseconds or nanoseconds?" "$T/err" \
   && jcheck "$T/ps.json" "j['requests'] == 3"
then ok "mem: a timestamp of 10^12 cycles: one warning with the numbers, the run goes on"
else notok "mem: a timestamp of 10^12 cycles: one warning" "rc $rc: $(cat "$T/err")"; fi
$TO "$GMC" mem --trace "$T/edge.trc" --no-refresh >/dev/null 2>"$T/err"
! grep -q "implies a run" "$T/err" && ok "mem: a timestamp of 10^10 cycles: no warning" || notok "mem: 10^10 cycles: no warning" "$(cat "$T/err")"

# ---- gmc mem shows progress on a terminal, as gmc sim does ---------------
python3 -c 'import sys
with open(sys.argv[1], "w") as f:
    for i in range(140000): f.write("%d R 0x%x\n" % (i, i * 64))' "$T/big.trc"
if command -v script >/dev/null; then
  script -qec "$TO $GMC mem --trace $T/big.trc >/dev/null" /dev/null </dev/null >"$T/tty" 2>&1
  if tr '\r' '\n' <"$T/tty" | grep -q '^gmc mem: big\.trc \[#*\.*\] 131072 requests, cycle [0-9]*' \
     && tr '\r' '\n' <"$T/tty" | grep -q '^gmc mem: 140000 requests read'
  then ok "mem: a progress bar on a terminal (script(1))"; else notok "mem: a progress bar on a terminal" "$(tr '\r' '\n' <"$T/tty" | head -5)"; fi
  script -qec "$TO $GMC sim --workload moa --scale 0.05 >/dev/null" /dev/null </dev/null >"$T/tty" 2>&1
  tr '\r' '\n' <"$T/tty" | grep -q '^gmc sim: moa \[#*\.*\] [0-9]*/[0-9]* CTAs, cycle [0-9]*' \
    && ok "sim: the same bar on a terminal" || notok "sim: the same bar on a terminal" "$(tr '\r' '\n' <"$T/tty" | head -5)"
else
  notok "progress on a terminal" "no script command (util-linux)"
fi
"$GMC" mem --trace "$T/big.trc" >/dev/null 2>"$T/err"
! grep -q $'\r' "$T/err" && ok "mem: no progress when stderr is a file" || notok "mem: no progress when stderr is a file"

finish
